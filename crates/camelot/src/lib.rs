//! # leap-camelot
//!
//! Camelot and its relatives on the leap-and-capture core, strictly by the
//! World Camelot Federation rules: castles (one's own and the opponent's),
//! castle moves and their count, the obligation to leave one's own castle,
//! the capture obligation, the Knight's Charge and the Knight canter rule.
//!
//! ```
//! use leap_core::{Game, notation::legal_move_texts};
//! let camelot = leap_camelot::load("camelot").unwrap();
//! assert_eq!(camelot.legal_moves(&camelot.start()).len(), 100);
//! assert!(legal_move_texts(&camelot, &camelot.start()).contains(&"E6-E8".to_string()));
//! ```

#![warn(missing_docs)]

mod eval;
mod rules;
mod variant;

pub use eval::{CamelotEval, EvalTerms, EvalWeights};
pub use leap_format::LoadError;
pub use rules::{Camelot, CastleRole, KindRules, OtherCastles, OwnCastleJump, Rules};
pub use variant::{build, load, parse_variant};
