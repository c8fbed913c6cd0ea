//! # leap-web
//!
//! The web app of `camelot serve`: a local server for a page where people
//! play every variant on a board drawn from its definition, entering moves
//! click by click (the legs a piece may take next, and why a click is
//! refused, come from [`leap_core::entry`]), with clocks, takebacks,
//! resignation and draws, saved games, the computer in any seat, a live
//! analysis, and a review of a game's moves. The API is described in `docs/web-api.md`.
//!
//! ```no_run
//! # async fn demo() -> std::io::Result<()> {
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:8080").await?;
//! leap_web::serve(listener, leap_web::Config::new("games")).await
//! # }
//! ```

#![warn(missing_docs)]

mod assets;
mod error;
mod layout;
mod listen;
mod quick;
mod request;
mod review;
mod saving;
mod server;
mod session;
mod setup;

pub use error::ApiError;
pub use server::{router, Config, MAX_GAMES};

pub use listen::serve;
