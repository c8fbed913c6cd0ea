//! How a game ended: who won and why.

use crate::position::Player;
use std::fmt;

/// The result of a finished game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum GameResult {
    /// The player won.
    Win(Player),
    /// Nobody won.
    Draw,
}

/// Why a game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum EndReason {
    /// A player has enough pieces in its goal zone (Camelot: two in the opponent's castle).
    Goal,
    /// A player lost a royal piece, or the last of its extinction pieces.
    Royal,
    /// A player lost all its pieces (the elimination rule of Camelot and
    /// checkers).
    Elimination,
    /// A player lost all its baring pieces but still has pieces of kinds
    /// that do not count (a variant's royalty count: Skirmish's last
    /// Knight with no Man left).
    Bared,
    /// Every player is down to too few pieces to win.
    InsufficientMaterial,
    /// The player to move has no legal move.
    NoMoves,
    /// The same position occurred too often.
    Repetition,
    /// Too many plies without progress.
    MoveLimit,
}

/// A finished game's result and why.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Outcome {
    /// Who won, or a draw.
    pub result: GameResult,
    /// Why the game ended.
    pub reason: EndReason,
}

impl EndReason {
    /// A short name, for tables: `goal`, `royal`, `elimination`, `bared`,
    /// `insufficient material`, `no moves`, `repetition`, `move limit`.
    /// (The [`Display`](fmt::Display) form says more.)
    pub fn name(self) -> &'static str {
        match self {
            EndReason::Goal => "goal",
            EndReason::Royal => "royal",
            EndReason::Elimination => "elimination",
            EndReason::Bared => "bared",
            EndReason::InsufficientMaterial => "insufficient material",
            EndReason::NoMoves => "no moves",
            EndReason::Repetition => "repetition",
            EndReason::MoveLimit => "move limit",
        }
    }
}

impl fmt::Display for EndReason {
    /// The reason in words: `goal reached`, `no legal move`, ...
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            EndReason::Goal => "goal reached",
            EndReason::Royal => "royal piece lost",
            EndReason::Elimination => "all pieces of a side captured",
            EndReason::Bared => "a side left with no piece that counts",
            EndReason::InsufficientMaterial => "no side has enough pieces left to win",
            EndReason::NoMoves => "no legal move",
            EndReason::Repetition => "repetition of position",
            EndReason::MoveLimit => "move limit without progress",
        })
    }
}
