//! Why a game cannot be solved, or a table not used.

use std::fmt;

/// What stopped a solve, a check or the reading of a table.
#[derive(Debug)]
pub enum SolveError {
    /// The game is of a kind the solver does not handle (the reason in words).
    Unsupported(String),
    /// The table would not fit this machine (or a 64-bit count).
    TooLarge {
        /// Positions the table would hold (`None`: beyond 64 bits).
        positions: Option<u64>,
        /// Bytes the solve would need.
        bytes_needed: Option<u64>,
        /// Bytes of memory available.
        bytes_available: Option<u64>,
    },
    /// A win or loss longer than a table entry holds.
    TooDeep {
        /// The distance found, in plies.
        plies: u32,
    },
    /// A move led to a position the layout does not hold (a promotion, or
    /// a piece added).
    OutsideLayout {
        /// The position before the move, as a position string would show it.
        from: String,
    },
    /// A file could not be read or written.
    Io {
        /// The file.
        path: String,
        /// What went wrong.
        message: String,
    },
    /// A file is not a table of this program, or is damaged.
    BadTable {
        /// The file.
        path: String,
        /// What is wrong, in words.
        message: String,
    },
    /// The table was solved for another game or other rules.
    Mismatch {
        /// The file.
        path: String,
        /// What differs.
        message: String,
    },
}

impl SolveError {
    /// The error `e` met reading or writing `path`, in a player's words
    /// ([`leap_core::io_words`]).
    pub fn io(path: &std::path::Path, e: &std::io::Error) -> SolveError {
        SolveError::Io { path: path.display().to_string(), message: leap_core::io_words(e) }
    }
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::Unsupported(why) => write!(f, "cannot solve this game: {why}"),
            SolveError::TooLarge { positions, bytes_needed, bytes_available } => {
                let gib = |b: u64| format!("{:.1} GiB", b as f64 / (1u64 << 30) as f64);
                match (positions, bytes_needed, bytes_available) {
                    (Some(p), Some(n), Some(a)) => write!(
                        f,
                        "the table would hold {p} positions and the solve needs about {} of memory, \
                         but this machine has {} available (try --max-pieces to solve the endgames only)",
                        gib(*n),
                        gib(*a)
                    ),
                    (Some(p), _, _) => write!(f, "the table would hold {p} positions: too many to solve"),
                    _ => write!(f, "the game has more positions than a 64-bit count holds: too many to solve"),
                }
            }
            SolveError::TooDeep { plies } => write!(
                f,
                "a win {plies} plies long was found, longer than the {} plies a table entry holds",
                crate::value::MAX_PLIES
            ),
            SolveError::OutsideLayout { from } => write!(
                f,
                "a move from {from} leads to a material the solver did not expect (a promotion?); \
                 the solver handles games whose moves only move and capture pieces"
            ),
            SolveError::Io { path, message } => write!(f, "{path}: {message}"),
            SolveError::BadTable { path, message } => write!(f, "{path}: not a usable table: {message}"),
            SolveError::Mismatch { path, message } => write!(f, "{path}: {message}"),
        }
    }
}

impl std::error::Error for SolveError {}
