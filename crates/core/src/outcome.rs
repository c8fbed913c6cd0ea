//! How a game ends: results, reasons, and the end conditions the family shares.

use crate::bitset::Bitset;
use crate::position::{Player, Position};
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
    /// A player lost all its pieces.
    Elimination,
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

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            EndReason::Goal => "goal reached",
            EndReason::Elimination => "all pieces of a side captured",
            EndReason::InsufficientMaterial => "no side has enough pieces left to win",
            EndReason::NoMoves => "no legal move",
            EndReason::Repetition => "repetition of position",
            EndReason::MoveLimit => "move limit without progress",
        })
    }
}

/// End conditions of a two-player game of the family, checked after every
/// move (the player who just moved is the one not to move).
///
/// ```
/// use leap_core::{EndRules, NoMoves};
/// let camelot = EndRules { goal_count: Some(2), bare_min_material: 2, insufficient_material: Some(1),
///     no_moves: NoMoves::LossIfOpponentHas(2), move_limit: Some(100), repetition: Some(3) };
/// assert_eq!(camelot.goal_count, Some(2));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct EndRules {
    /// A player with this many pieces in its goal zone wins.
    pub goal_count: Option<u32>,
    /// A player who captures the last enemy piece wins with at least this
    /// many pieces of its own; with fewer the game is drawn.
    pub bare_min_material: u32,
    /// Drawn when every player has at most this many pieces.
    pub insufficient_material: Option<u32>,
    /// What happens to a player who has no legal move.
    pub no_moves: NoMoves,
    /// Drawn after this many plies without a capture or goal entry.
    pub move_limit: Option<u16>,
    /// Drawn when a position occurs this many times.
    pub repetition: Option<u32>,
}

/// The value of having no legal move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum NoMoves {
    /// The player loses.
    Loss,
    /// The game is drawn.
    Draw,
    /// The player loses if the opponent has at least this many pieces, else draw.
    LossIfOpponentHas(u32),
}

impl EndRules {
    /// The outcome that needs no move generation, if the game is over.
    /// `goal_zones[p]` is player `p`'s goal zone.
    pub fn decided(&self, pos: &Position, goal_zones: &[Bitset]) -> Option<Outcome> {
        let to_move = pos.to_move();
        let moved = Player(1 - to_move.0);
        let count = |p: Player| pos.pieces_of(p).len();
        if let Some(n) = self.goal_count {
            for p in [moved, to_move] {
                if (pos.pieces_of(p) & goal_zones[p.index()]).len() >= n {
                    return Some(Outcome { result: GameResult::Win(p), reason: EndReason::Goal });
                }
            }
        }
        for (bare, other) in [(to_move, moved), (moved, to_move)] {
            if count(bare) == 0 {
                let result =
                    if count(other) >= self.bare_min_material { GameResult::Win(other) } else { GameResult::Draw };
                return Some(Outcome { result, reason: EndReason::Elimination });
            }
        }
        if let Some(n) = self.insufficient_material {
            if count(to_move) <= n && count(moved) <= n {
                return Some(Outcome { result: GameResult::Draw, reason: EndReason::InsufficientMaterial });
            }
        }
        if let Some(limit) = self.move_limit {
            if pos.clock() >= limit {
                return Some(Outcome { result: GameResult::Draw, reason: EndReason::MoveLimit });
            }
        }
        None
    }

    /// The outcome when the player to move has no legal move.
    pub fn no_moves(&self, pos: &Position) -> Outcome {
        let to_move = pos.to_move();
        let other = Player(1 - to_move.0);
        let result = match self.no_moves {
            NoMoves::Loss => GameResult::Win(other),
            NoMoves::Draw => GameResult::Draw,
            NoMoves::LossIfOpponentHas(n) if pos.pieces_of(other).len() >= n => GameResult::Win(other),
            NoMoves::LossIfOpponentHas(_) => GameResult::Draw,
        };
        Outcome { result, reason: EndReason::NoMoves }
    }
}
