//! # leap-solve
//!
//! Solving small games of the leap-and-capture family by retrograde
//! analysis: the value of every position (win, loss or draw, with the
//! distance to the end) under the variant's own rules, kept in a table of
//! one byte a position.
//!
//! - [`Layout`] numbers the positions: material by material, fewer pieces
//!   first (captures only remove pieces), a perfect index of the placement
//!   within each;
//! - [`solve`] finds the values, backwards from the finished games;
//! - [`Table`] holds them, writes and reads them on disk, and answers for a
//!   position or its moves;
//! - [`verify`] re-derives every value from its moves' values with an
//!   indexing of its own: the check of a table that shares nothing with
//!   the solver but the game's rules.
//!
//! ```
//! // Camette's endgames with a Man a side.
//! let camette = leap_camelot::load("camette").unwrap();
//! let layout = leap_solve::Layout::new(&camette, Some(2)).unwrap();
//! let table = leap_solve::solve(&camette, layout, &|_| {}, &mut Vec::new()).unwrap();
//! let pos = leap_core::notation::parse_position(&camette, "W:WB3:BD5").unwrap();
//! println!("{}", table.probe(&pos).unwrap().unwrap());
//! ```

#![warn(missing_docs)]

mod error;
pub mod layout;
mod solver;
mod table;
mod value;
mod verify;

pub use error::SolveError;
pub use layout::{Layout, Material, MAX_SOLVE_CELLS};
pub use solver::{solve, MaterialReport, Progress};
pub use table::{digest, installed, memory_needed, table_path, tables_folder, Counts, Table};
pub use value::{Value, MAX_PLIES};
pub use verify::{verify, Check};
