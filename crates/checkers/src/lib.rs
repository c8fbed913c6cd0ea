//! # leap-checkers
//!
//! American checkers (English draughts) on the leap-and-capture core: the
//! 32 dark squares of an 8×8 board numbered 1-32 in the PDN way, men that
//! step and jump diagonally forward, kings both ways (one square), compulsory
//! capture with free choice among captures, chains that go on while they
//! can, crowning on the far row (which ends a capturing move), loss for the
//! player who cannot move, and the 50-move draws. The game is data: it is
//! read from `variants/checkers.toml`.
//!
//! ```
//! use leap_core::{Game, notation::{format_position, legal_move_texts}};
//! let checkers = leap_checkers::load("checkers").unwrap();
//! let start = checkers.start();
//! assert_eq!(
//!     legal_move_texts(&checkers, &start),
//!     ["9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"]
//! );
//! assert_eq!(
//!     format_position(&checkers, &start),
//!     "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
//! );
//! ```

#![warn(missing_docs)]

mod eval;
mod rules;
mod variant;

pub use eval::{CheckersEval, EvalTerms, EvalWeights};
pub use leap_format::LoadError;
pub use rules::{Checkers, KindRules, Movement};
pub use variant::{build, load, parse_variant};
