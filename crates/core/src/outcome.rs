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

impl Outcome {
    /// The ending in a player's words, read from `pos`, the position it
    /// ended in: `White wins (two pieces in Black's castle)`, `White wins
    /// (Black has no legal move)`, `drawn (repetition of position)`. (The
    /// words of [`EndReason`] where the position tells no more.)
    pub fn describe<G: crate::Game + ?Sized>(&self, game: &G, pos: &crate::Position) -> String {
        let name = |p: Player| game.players()[p.index()].name.as_str();
        let w = match self.result {
            GameResult::Draw if self.reason == EndReason::NoMoves => {
                return format!("drawn ({} has no legal move)", name(pos.to_move()));
            }
            GameResult::Draw => return format!("drawn ({})", self.reason),
            GameResult::Win(w) => w,
        };
        // (With two players, the other is the one who lost.)
        let loser = (game.players().len() == 2).then(|| Player(1 - w.0));
        let why = match (self.reason, loser) {
            (EndReason::Goal, _) => goal_words(game, pos, w),
            (EndReason::NoMoves, _) => Some(format!("{} has no legal move", name(pos.to_move()))),
            (EndReason::Royal, Some(l)) => Some(format!("{} lost its royal piece", name(l))),
            (EndReason::Elimination, Some(l)) => Some(format!("every piece of {} captured", name(l))),
            (EndReason::Elimination, None) => Some("the only player with pieces left".to_string()),
            (EndReason::Bared, Some(l)) => Some(format!("{} has no piece left that counts", name(l))),
            _ => None,
        };
        format!("{} wins ({})", name(w), why.unwrap_or_else(|| self.reason.to_string()))
    }
}

/// The goal `winner` reached in words, where the pieces in other players'
/// zones tell it (the Camelot family's castles): `two pieces in Black's
/// castle`.
fn goal_words<G: crate::Game + ?Sized>(game: &G, pos: &crate::Position, winner: Player) -> Option<String> {
    let mut owners: Vec<Player> = Vec::new();
    let mut count = 0;
    for cell in pos.pieces_of(winner) {
        if let Some(owner) = game.zone_owner(cell).filter(|&p| p != winner) {
            count += 1;
            if !owners.contains(&owner) {
                owners.push(owner);
            }
        }
    }
    let [owner] = owners.as_slice() else {
        return None;
    };
    let pieces = match count {
        1 => "one piece".to_string(),
        2 => "two pieces".to_string(),
        n => format!("{n} pieces"),
    };
    Some(format!("{pieces} in {}'s castle", game.players()[owner.index()].name))
}
