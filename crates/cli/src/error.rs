//! Why a command failed, with its context: what follows `error: ` on the
//! terminal.

use leap_core::notation::{PositionError, RecordError};
use leap_core::ReplayError;
use leap_format::LoadError;
use std::fmt;
use std::io;

/// A command's failure.
#[derive(Debug)]
pub enum CliError {
    /// An option whose value cannot be used; the message names the option
    /// (`--threads must be at least 1`).
    Usage(String),
    /// Options that do not fit the game they are given for, found once it
    /// is loaded (`--seats needs 3 seats`): a malformed command line, as
    /// clap's own refusals, with exit status 2 ([`CliError::exit_status`]).
    CommandLine(String),
    /// A variant that could not be loaded.
    Variant(LoadError),
    /// A file of evaluation weights (`eval=FILE`) with problems.
    Weights(leap_format::FileErrors),
    /// A `--position` string that could not be read.
    Position(PositionError),
    /// A `--moves` list that could not be read.
    MovesText(RecordError),
    /// A move of `--moves` that could not be played.
    MovesPlay(ReplayError),
    /// A file that could not be read.
    Read {
        /// The file as the user named it.
        path: String,
        /// Why.
        error: io::Error,
    },
    /// A file that could not be written.
    Write {
        /// The file as the user named it.
        path: String,
        /// Why.
        error: io::Error,
    },
    /// A game record that could not be read.
    Record {
        /// The record's file.
        file: String,
        /// Where and why.
        error: RecordError,
    },
    /// A game of a record file whose variant or start could not be set up.
    RecordGame {
        /// The record's file.
        file: String,
        /// The game's number in the file, from 1.
        game: usize,
        /// Why.
        problem: GameProblem,
    },
    /// A move of a record that could not be played.
    Replay {
        /// The record's file.
        file: String,
        /// Which move, where, and why.
        error: ReplayError,
    },
    /// Games of a record file that `replay` found wrong (their problems
    /// are printed as it goes).
    Games {
        /// The record's file.
        file: String,
        /// How many have problems.
        failed: usize,
        /// How many games the file holds.
        total: usize,
    },
    /// Variant files that `check` found wrong (their problems are printed).
    Check {
        /// How many have problems.
        failed: usize,
        /// How many were checked.
        total: usize,
    },
    /// The worker threads could not be started.
    Threads {
        /// How many were asked for.
        count: usize,
        /// Why not.
        why: String,
    },
    /// The terminal's input could not be read.
    Input(io::Error),
    /// The output could not be written.
    Output(io::Error),
    /// A game that could not be solved, or a table that could not be used.
    Solve(leap_solve::SolveError),
}

/// What is wrong with one game of a record file before its moves.
#[derive(Debug)]
pub enum GameProblem {
    /// Its variant could not be loaded.
    Variant {
        /// Where its `[Variant]` tag is (none: the record has none).
        at: Option<(usize, usize)>,
        /// Why.
        error: LoadError,
    },
    /// Its start position tag (`Position` or `FEN`) could not be read.
    Start {
        /// The tag.
        tag: &'static str,
        /// Where the tag is.
        at: Option<(usize, usize)>,
        /// Why.
        error: PositionError,
    },
    /// Its tags or result say something wrong or contradictory.
    Tags {
        /// Where the tag or result at fault is, when one is.
        at: Option<(usize, usize)>,
        /// What is wrong.
        why: String,
    },
}

impl GameProblem {
    /// The game's variant could not be loaded: the problem, placed at the
    /// tag the variant was looked for by: the record's variant file's, else
    /// its `[Variant]` tag, else its `[GameType]` ([`leap_games::for_record`]).
    pub fn variant(record: &leap_core::notation::Record, error: LoadError) -> GameProblem {
        let at = [leap_games::FILE_TAG, "Variant", "GameType"].into_iter().find_map(|tag| record.tag_at(tag));
        GameProblem::Variant { at, error }
    }

    /// Where in the file the problem is.
    fn at(&self) -> Option<(usize, usize)> {
        match self {
            GameProblem::Variant { at, .. } | GameProblem::Start { at, .. } | GameProblem::Tags { at, .. } => *at,
        }
    }
}

impl CliError {
    /// The program's exit status for the error: 2 for a malformed command
    /// line (as clap's), 1 for anything else.
    pub fn exit_status(&self) -> i32 {
        match self {
            CliError::CommandLine(_) => 2,
            _ => 1,
        }
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Usage(message) | CliError::CommandLine(message) => f.write_str(message),
            CliError::Variant(e) => write!(f, "{e}"),
            CliError::Weights(e) => write!(f, "invalid weights file {}:\n{e}", e.file),
            CliError::Position(e) => write!(f, "{e}"),
            CliError::MovesText(e) => write!(f, "--moves: {e}"),
            CliError::MovesPlay(e) => write!(f, "--moves: {e}"),
            CliError::Read { path, error } => write!(f, "cannot read {path}: {}", leap_format::io_words(error)),
            CliError::Write { path, error } => write!(f, "cannot write {path}: {}", leap_format::io_words(error)),
            CliError::Record { file, error } => write!(f, "{file}:{error}"),
            CliError::RecordGame { file, game, problem } => {
                let place = problem.at().map(|(l, c)| format!(":{l}:{c}")).unwrap_or_default();
                write!(f, "{file}{place}: game {game}: ")?;
                match problem {
                    GameProblem::Variant { error, .. } => write!(f, "{error}"),
                    GameProblem::Start { tag, error, .. } => write!(f, "[{tag}] {error}"),
                    GameProblem::Tags { why, .. } => f.write_str(why),
                }
            }
            CliError::Replay { file, error } => write!(f, "{file}:{error}"),
            CliError::Check { failed, total } => match (failed, total) {
                (1, 1) => write!(f, "the file has problems"),
                (1, _) => write!(f, "1 of {total} files has problems"),
                _ => write!(f, "{failed} of {total} files have problems"),
            },
            CliError::Games { file, failed, total } => {
                let verb = if *failed == 1 { "has" } else { "have" };
                write!(f, "{file}: {failed} of its {total} games {verb} problems (each said above)")
            }
            CliError::Threads { count, why } => write!(f, "cannot start {count} threads (--threads): {why}"),
            CliError::Input(e) => write!(f, "cannot read the input: {e}"),
            CliError::Output(e) => write!(f, "cannot write the output: {}", leap_format::io_words(e)),
            CliError::Solve(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for CliError {}

impl From<leap_solve::SolveError> for CliError {
    fn from(e: leap_solve::SolveError) -> Self {
        CliError::Solve(e)
    }
}

impl From<LoadError> for CliError {
    fn from(e: LoadError) -> Self {
        CliError::Variant(e)
    }
}

impl From<PositionError> for CliError {
    fn from(e: PositionError) -> Self {
        CliError::Position(e)
    }
}

/// A command's result.
pub type CliResult = Result<(), CliError>;
