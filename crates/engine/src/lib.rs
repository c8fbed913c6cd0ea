//! # leap-engine
//!
//! A search engine for every game of the leap-and-capture family, written
//! once over [`leap_core::Game`]: Camelot and its variants, Tri-Camelot,
//! checkers, and any variant file. Its parts, after Stockfish's files:
//!
//! - `search/`: iterative deepening of a principal-variation negamax with
//!   aspiration windows, and a quiescence search that plays out obligatory
//!   captures (such positions are forcing: they are searched, not
//!   evaluated); with more than two players, the paranoid search, max-n or
//!   best-reply search ([`Multi`]);
//! - `tt.rs`: the transposition table, shared by the threads without locks;
//! - `ordering.rs`: move ordering (the table's move, captures by material,
//!   killer moves, history);
//! - `limits.rs`: depth, nodes, move time and clocks, and the [`Stop`]
//!   handle;
//! - `threads.rs`: the threads of a search (Lazy SMP);
//! - `options.rs`: the settings ([`Options`], [`Features`], [`Multi`]);
//! - `level.rs`: playing strengths for people ([`Level`]: a shallower,
//!   shorter search that errs by chance among its best lines);
//! - `engine.rs`: the [`Engine`]: a game's searches, their reports (of the
//!   best line, or of several: [`Options::multi_pv`]) and results, and the
//!   solved tables it plays from;
//! - `review.rs`: a game's moves judged against the engine's best
//!   ([`Engine::review_move`], [`review::Judgement`]).
//!
//! The evaluation is the game's own ([`leap_core::search::Evaluator`]).
//! `play`, `analyze`, `match`, the engine protocol and the web app all
//! search through [`Engine::search`].

#![warn(missing_docs)]

mod engine;
mod level;
mod limits;
mod options;
mod ordering;
pub mod review;
pub mod score;
mod search;
mod threads;
mod tt;

pub use engine::{Engine, Report, SearchResult};
pub use level::{clock_seed, Handicap, Level};
pub use limits::{Clock, Limits, Stop, MAX_DEPTH, MAX_MOVETIME_MS};
pub use options::{
    hash_problem, memory_mib, Features, Multi, Options, DEFAULT_MOVE_OVERHEAD_MS, MAX_CONTEMPT, MAX_HASH_MIB,
    MAX_MOVE_OVERHEAD_MS, MAX_MULTI_PV, MAX_THREADS,
};
pub use ordering::MAX_PLY;
