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

/// End conditions of a game of the family, checked after every move.
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
    /// `goal_zones[p]` is player `p`'s goal zone; there is one per player.
    ///
    /// In order: a player with enough pieces in its goal zone wins (the
    /// player who just moved is looked at first); when only one player has
    /// pieces left, it wins if it has enough of them, else the game is drawn;
    /// drawn when every player is down to the insufficient material; drawn
    /// when the clock reaches the move limit.
    pub fn decided(&self, pos: &Position, goal_zones: &[Bitset]) -> Option<Outcome> {
        let n = goal_zones.len();
        let count = |p: Player| pos.pieces_of(p).len();
        let players = || (0..n).map(|i| Player(((pos.to_move().index() + 2 * n - 1 - i) % n) as u8));
        if let Some(need) = self.goal_count {
            if let Some(p) = players().find(|p| (pos.pieces_of(*p) & goal_zones[p.index()]).len() >= need) {
                return Some(Outcome { result: GameResult::Win(p), reason: EndReason::Goal });
            }
        }
        let mut alive = players().filter(|p| count(*p) > 0);
        if let (first, None) = (alive.next(), alive.next()) {
            let result = match first {
                Some(p) if count(p) >= self.bare_min_material => GameResult::Win(p),
                _ => GameResult::Draw,
            };
            return Some(Outcome { result, reason: EndReason::Elimination });
        }
        if let Some(most) = self.insufficient_material {
            if players().all(|p| count(p) <= most) {
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

    /// The outcome when the player to move has no legal move, in a game of
    /// `players` players. A loss is a win for the player who moved last
    /// (the nearest one before in turn order that has pieces).
    pub fn no_moves(&self, pos: &Position, players: usize) -> Outcome {
        let to_move = pos.to_move().index();
        let other = (1..players)
            .map(|i| Player(((to_move + players - i) % players) as u8))
            .find(|p| !pos.pieces_of(*p).is_empty())
            .unwrap_or(Player(((to_move + players - 1) % players) as u8));
        let result = match self.no_moves {
            NoMoves::Loss => GameResult::Win(other),
            NoMoves::Draw => GameResult::Draw,
            NoMoves::LossIfOpponentHas(n) if pos.pieces_of(other).len() >= n => GameResult::Win(other),
            NoMoves::LossIfOpponentHas(_) => GameResult::Draw,
        };
        Outcome { result, reason: EndReason::NoMoves }
    }
}
