#![doc = include_str!("../README.md")]
//! ## Where things are
//!
//! The crate root holds the vocabulary: boards of any shape with step and
//! leap tables ([`Board`], [`Cell`]), positions with an incremental Zobrist
//! hash ([`Position`]), moves as paths of steps, canters and jumps
//! ([`Move`], [`MoveKey`]), the [`Game`] trait, outcomes and a game's
//! [`History`]. Six modules hold the rest:
//!
//! - [`rules`]: what a game implements ([`rules::LeapRules`]) and the laws
//!   the core applies to it: the move walker and the end conditions;
//! - [`notation`]: moves, position strings, game records and diagrams as
//!   people write and read them;
//! - [`entry`]: entering a move leg by leg, and why a move is refused;
//! - [`perft`]: counting the move tree;
//! - [`search`]: game-independent players (random, minimax, alpha-beta);
//! - [`files`]: files written whole or not at all (saved games, tables).
#![warn(missing_docs)]

mod bitset;
mod board;
pub mod entry;
pub mod files;
mod game;
mod history;
mod moves;
pub mod notation;
mod outcome;
pub mod perft;
mod position;
mod rng;
pub mod rules;
pub mod search;
mod words;

pub use bitset::{Bitset, MAX_CELLS};
pub use board::{
    default_name, dirs, Board, BoardError, Cell, Coord, DirMask, Geometry, ALL_DIRS, CELL_INDICES, MAX_DIRS,
};
pub use game::{canonical_moves, Game, IllegalMove, KindInfo, PlayerInfo, Unreachable};
pub use history::{line_outcome, Annotation, History, Numbering, ReplayError, GLYPHS};
pub use moves::{Leg, LegKind, Legs, Move, MoveKey};
pub use outcome::{EndReason, GameResult, Outcome};
pub use position::{Kind, Piece, Player, Position, MAX_KINDS, MAX_PLAYERS};
pub use rng::SplitMix64;
pub use rules::KeyList;
pub use words::{counted, io_words, visible};
