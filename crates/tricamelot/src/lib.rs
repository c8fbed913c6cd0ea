//! # leap-tricamelot
//!
//! Tri-Camelot, by the rules of the World Camelot Federation, on the
//! leap-and-capture core: 73 hexagons (files A-K, ranks 1-18, every cell
//! with file + rank odd), three players — Blue, Red, Green, seated clockwise
//! and moving in that order — each with 3 Knights and 5 Men and a one-cell
//! castle (F1, A16, K16).
//!
//! The game is the Camelot family's rules engine ([`leap_camelot::Camelot`])
//! with the variant file `variants/tri-camelot.toml`: hex geometry, three
//! players, and the option `other_castles = "left-wins-right-barred"`. The
//! opponent to a player's left is the next player in turn order: entering
//! that player's castle wins at once; the castle of the opponent to the
//! right may never be entered, not even as an intermediate landing. One's
//! own castle works as in Camelot. Jumps take pieces of either opponent. A
//! player with no pieces is out and skipped; a player with pieces but no
//! legal move passes; when nobody left can move, the game is drawn.
//!
//! ```
//! use leap_core::{Game, perft::{perft, Count}};
//! let game = leap_tricamelot::game();
//! let start = game.start();
//! // Each army has 36 first moves, and the armies cannot meet in one round.
//! assert_eq!(game.legal_moves(&start).len(), 36);
//! assert_eq!(perft(&game, &start, 3, Count::Positions), 36 * 36 * 36);
//! ```

#![warn(missing_docs)]

use leap_camelot::Camelot;
use leap_core::Player;

/// The built-in variant's name.
pub const NAME: &str = "tri-camelot";

/// Blue, who moves first.
pub const BLUE: Player = Player(0);
/// Red, who moves second; Blue's left.
pub const RED: Player = Player(1);
/// Green, who moves third; Red's left and Blue's right.
pub const GREEN: Player = Player(2);

/// The built-in Tri-Camelot game.
pub fn game() -> Camelot {
    leap_camelot::load(NAME).expect("the built-in Tri-Camelot variant file is valid")
}

/// The player to the left of `p`: the next in turn order, whose castle `p` wins by entering.
pub fn left_of(p: Player) -> Player {
    Player((p.0 + 1) % 3)
}

/// The player to the right of `p`: the previous in turn order, whose castle `p` may never enter.
pub fn right_of(p: Player) -> Player {
    Player((p.0 + 2) % 3)
}
