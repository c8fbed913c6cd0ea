//! # leap-arena
//!
//! Matches between players of the leap-and-capture games, for every
//! runner of the program (`camelot compare`, `camelot match`, the tuning
//! of the evaluation): a game loop with openings and clocks and one
//! definition of the end of a game ([`play`]), the players ([`Player`]: the
//! core's strategies and the engine), seeds and pairings ([`mix`],
//! [`round_robin`], [`seats`]), and what a series of games says
//! ([`Tally`]: score, Elo with its interval, SPRT).

#![warn(missing_docs)]

mod clock;
mod game;
mod player;
mod schedule;
mod series;
mod stats;
pub mod tune;

pub use clock::{Clocks, FlagFell, TimeControl};
pub use game::{
    kept_tags, play, points_text, EndingError, GameRecord, GameSetup, Opening, Termination, Usage, PGN_TERMINATIONS,
    WRITTEN_TAGS,
};
pub use player::{EnginePlayer, Player, Strategist};
pub use schedule::{mix, round_robin, seating, seatings, seats};
pub use series::{OpeningLine, Series, SeriesResult};
pub use stats::{elo_of_score, expected_score, Elo, Sprt, Tally, Verdict};
