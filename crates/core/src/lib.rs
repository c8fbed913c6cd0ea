//! # leap-core
//!
//! The generic core of the leap-and-capture family (Camelot, Tri-Camelot,
//! checkers and their relatives): boards of any shape with step and leap
//! tables ([`Board`]), positions with an incremental Zobrist hash
//! ([`Position`]), moves as paths of steps, canters and jumps ([`Move`],
//! [`MoveKey`]), the enumeration of chains of leaps with the hooks a game
//! needs ([`walk`], [`LeapRules`]), end conditions ([`EndRules`]), notation
//! ([`read_move`], [`format_move`], [`parse_position`]) and [`perft`].
//!
//! The core knows nothing of any particular game: a game implements
//! [`LeapRules`] and [`Game`] and gets legal moves, outcomes, canonical
//! notation and perft from here.

#![warn(missing_docs)]

mod bitset;
mod board;
mod diag;
mod diagram;
mod game;
mod moves;
mod notation;
mod outcome;
mod pdn;
mod perft;
mod position;
mod record;
mod search;
mod source;
mod walk;

pub use bitset::{Bitset, MAX_CELLS};
pub use board::{default_name, Board, BoardError, Cell, Coord, DirMask, Geometry, ALL_DIRS, MAX_DIRS};
pub use diag::{Diagnostic, Diagnostics, FileErrors};
pub use diagram::diagram;
pub use game::{Game, IllegalMove, KindInfo, PlayerInfo};
pub use moves::{Leg, LegKind, Legs, Move, MoveKey};
pub use notation::{format_move, legal_move_texts, parse_written, read_move, MoveError, ReadMove, Sep, WrittenMove};
pub use outcome::{EndReason, EndRules, GameResult, KindMask, NoMoves, Outcome};
pub use pdn::{format_position, parse_piece, parse_piece_on, parse_position, PositionError};
pub use perft::{count_moves, divide, perft, perft_parallel, Count};
pub use position::{Kind, Piece, Player, Position, MAX_KINDS, MAX_PLAYERS};
pub use record::{parse_movetext, parse_records, History, PlayError, Record, RecordError, WrittenPly};
pub use search::{
    is_decisive, outcome_score, AlphaBeta, Choice, EvalFn, Evaluator, Material, Minimax, Random, Score, SplitMix64,
    Strategy, MAX_EVAL, WIN,
};
pub use source::{variant_source, LoadError};
pub use walk::{
    any_jump, any_move, walk, walk_piece, Abilities, KeyList, Landing, LandingMap, Landings, LeapRules, PathList,
    PathMode, PathSink, TurnScope,
};
