//! Scores: what a position is worth to the side to move, in hundredths of
//! a Man (or of a checkers man), with won and lost games apart.
//!
//! A won game scores [`WIN`] minus the number of plies to its end from the
//! root of the search, a lost one the negation: a nearer win and a farther
//! loss are preferred. An evaluation never reaches beyond [`MAX_EVAL`].
//! In the transposition table, a win or loss is stored as its distance
//! from the position stored, so that it is right wherever the position
//! is met again ([`to_table`], [`from_table`]).

pub use leap_core::search::{Score, MAX_EVAL, WIN};

/// Below every score.
pub const INFINITY: Score = WIN + 1;

/// The score of a game won `ply` plies from the root.
#[inline]
pub fn win_in(ply: usize) -> Score {
    WIN - ply as Score
}

/// Whether a score is a won or lost game rather than an evaluation.
#[inline]
pub fn is_decisive(score: Score) -> bool {
    score.abs() > MAX_EVAL
}

/// How a won or lost game ends, seen from the root.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Decided {
    /// Whether the side to move at the root wins (else it loses).
    pub win: bool,
    /// Plies from the root to the end.
    pub plies: u32,
}

/// For a score that is a won or lost game, how it ends; `None` for an evaluation.
pub fn decided(score: Score) -> Option<Decided> {
    is_decisive(score).then(|| Decided { win: score > 0, plies: (WIN - score.abs()) as u32 })
}

/// A score found `ply` plies below the root, as the table keeps it.
#[inline]
pub fn to_table(score: Score, ply: usize) -> Score {
    if score > MAX_EVAL {
        score + ply as Score
    } else if score < -MAX_EVAL {
        score - ply as Score
    } else {
        score
    }
}

/// A score from the table, for a position `ply` plies below the root.
#[inline]
pub fn from_table(score: Score, ply: usize) -> Score {
    if score > MAX_EVAL {
        score - ply as Score
    } else if score < -MAX_EVAL {
        score + ply as Score
    } else {
        score
    }
}

/// A score as people read it: `+1.25` (hundredths of a Man), `win in 3`
/// (plies), `loss in 4`.
pub fn describe(score: Score) -> String {
    match decided(score) {
        Some(Decided { win: true, plies }) => format!("win in {plies}"),
        Some(Decided { win: false, plies }) => format!("loss in {plies}"),
        None => format!("{:+.2}", score as f64 / 100.0),
    }
}

/// The most the engine's last score may be in its favour for it to accept
/// a draw: a quarter of a Man. A score at or below it (level, or any score
/// worse for the engine) accepts.
pub const DRAW_ACCEPT: Score = 25;

/// Whether the engine accepts a draw offered to it in a game of `players`
/// players, `last` being the score of its last search for its own move
/// (`None`: it has not moved yet in this game, and declines): with two
/// players, when it stands about level or worse ([`DRAW_ACCEPT`]). With
/// more, it declines: its scores are its own against all the others
/// together (see `search/mod.rs`, "Teams"), below zero in an even
/// position and often a loss, and say nothing of what a shared draw is
/// worth to it. The one rule of the web app's computer and of `camelot
/// play`'s.
///
/// ```
/// use leap_engine::score::{accepts_draw, win_in};
/// assert!(accepts_draw(Some(0), 2) && accepts_draw(Some(25), 2) && accepts_draw(Some(-win_in(3)), 2));
/// assert!(!accepts_draw(Some(26), 2) && !accepts_draw(Some(win_in(5)), 2) && !accepts_draw(None, 2));
/// assert!(!accepts_draw(Some(-1600), 3) && !accepts_draw(Some(-win_in(8)), 3));
/// ```
pub fn accepts_draw(last: Option<Score>, players: usize) -> bool {
    players == 2 && last.is_some_and(|score| score <= DRAW_ACCEPT)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wins_and_losses_keep_their_distance_through_the_table() {
        let win = win_in(7);
        assert_eq!(from_table(to_table(win, 3), 3), win);
        // Stored 3 plies below the root, found again 5 plies below it: the
        // end is as many plies from the position, 2 more from the root.
        assert_eq!(from_table(to_table(win, 3), 5), win_in(9));
        assert_eq!(from_table(to_table(-win, 3), 5), -win_in(9));
        assert_eq!(to_table(150, 9), 150);
        assert_eq!(decided(win_in(7)), Some(Decided { win: true, plies: 7 }));
        assert_eq!(decided(-win_in(4)), Some(Decided { win: false, plies: 4 }));
        assert_eq!(decided(-win_in(0)), Some(Decided { win: false, plies: 0 }));
        assert_eq!(decided(MAX_EVAL), None);
        assert_eq!(describe(-win_in(4)), "loss in 4");
        assert_eq!(describe(-win_in(0)), "loss in 0");
        assert_eq!(describe(125), "+1.25");
    }
}
