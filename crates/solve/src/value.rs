//! The value of a position for the player to move, and its one-byte form
//! in a table.

use serde::Serialize;

/// The value of a position with perfect play, for the player to move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize)]
#[serde(tag = "value", rename_all = "lowercase")]
pub enum Value {
    /// The player to move wins, the game ending after this many plies
    /// (0: it has already won).
    Win {
        /// Plies to the end with best play.
        plies: u32,
    },
    /// The player to move loses, the game ending after this many plies
    /// (0: it has already lost).
    Loss {
        /// Plies to the end with best play.
        plies: u32,
    },
    /// Neither can force a win: the game is drawn with best play.
    Draw,
}

/// The longest distance a one-byte entry holds, in plies.
pub const MAX_PLIES: u32 = 253;

/// The byte of a position already won by the player to move (one that no
/// move of the game leads to: the game ended before it).
const WON: u8 = 255;

impl Value {
    /// The value as a table stores it: 0 a draw, `plies + 1` for a win in
    /// an odd number of plies or a loss in an even number, 255 a win in 0.
    /// `None` when the distance is beyond [`MAX_PLIES`] or has the wrong
    /// parity for its result (a win ends on the winner's own move).
    ///
    /// ```
    /// use leap_solve::Value;
    /// for v in [Value::Draw, Value::Win { plies: 7 }, Value::Loss { plies: 0 }, Value::Win { plies: 0 }] {
    ///     assert_eq!(Value::from_byte(v.to_byte().unwrap()), v);
    /// }
    /// assert_eq!(Value::Win { plies: 2 }.to_byte(), None);
    /// ```
    pub fn to_byte(self) -> Option<u8> {
        match self {
            Value::Draw => Some(0),
            Value::Win { plies: 0 } => Some(WON),
            Value::Win { plies } if plies % 2 == 1 && plies <= MAX_PLIES => Some(plies as u8 + 1),
            Value::Loss { plies } if plies % 2 == 0 && plies <= MAX_PLIES => Some(plies as u8 + 1),
            _ => None,
        }
    }

    /// The value of a table's byte (see [`Value::to_byte`]).
    pub fn from_byte(b: u8) -> Value {
        match b {
            0 => Value::Draw,
            WON => Value::Win { plies: 0 },
            b if (b - 1) % 2 == 1 => Value::Win { plies: b as u32 - 1 },
            b => Value::Loss { plies: b as u32 - 1 },
        }
    }

    /// The value for the player who moved into a position of value `self`:
    /// a loss in `n` there is a win in `n + 1` here.
    pub fn before(self) -> Value {
        match self {
            Value::Draw => Value::Draw,
            Value::Win { plies } => Value::Loss { plies: plies + 1 },
            Value::Loss { plies } => Value::Win { plies: plies + 1 },
        }
    }

    /// The distance to the end in plies; `None` for a draw.
    pub fn plies(self) -> Option<u32> {
        match self {
            Value::Win { plies } | Value::Loss { plies } => Some(plies),
            Value::Draw => None,
        }
    }

    /// Which of two values the player to move prefers: a win over a draw
    /// over a loss, a shorter win, a longer loss.
    pub fn rank(self) -> (i32, i64) {
        match self {
            Value::Win { plies } => (1, -(plies as i64)),
            Value::Draw => (0, 0),
            Value::Loss { plies } => (-1, plies as i64),
        }
    }

    /// `win`, `loss` or `draw`.
    pub fn name(self) -> &'static str {
        match self {
            Value::Win { .. } => "win",
            Value::Loss { .. } => "loss",
            Value::Draw => "draw",
        }
    }
}

impl std::fmt::Display for Value {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Value::Win { plies: 0 } => write!(f, "won"),
            Value::Loss { plies: 0 } => write!(f, "lost"),
            Value::Win { plies: 1 } => write!(f, "win in 1 ply"),
            Value::Win { plies } => write!(f, "win in {plies} plies"),
            Value::Loss { plies } => write!(f, "loss in {plies} plies"),
            Value::Draw => write!(f, "draw"),
        }
    }
}
