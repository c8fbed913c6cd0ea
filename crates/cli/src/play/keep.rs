//! A game left with moves not saved is kept in a new file, which is
//! named, however the session ends: `quit`, the end of the input, or an
//! error.

use crate::error::CliError;
use std::io::Write;
use std::path::PathBuf;
use std::sync::{Mutex, PoisonError};

/// The game's record while it has moves not saved, for whatever ends the
/// session to keep, once.
#[derive(Default)]
pub(super) struct Unsaved(Mutex<Option<String>>);

impl Unsaved {
    /// The game now: its record, or `None` when it has nothing to keep.
    pub(super) fn set(&self, record: Option<String>) {
        *self.0.lock().unwrap_or_else(PoisonError::into_inner) = record;
    }

    /// Keeps the game, if it has moves not saved, in the first free
    /// `camelot-unsaved-N.pgn` (written whole or not at all), and says
    /// where on `out`; the file could not be written: says so, and the
    /// error. Nothing is left to keep after it.
    pub(super) fn keep(&self, out: &mut dyn Write) -> Result<(), CliError> {
        let io = CliError::Output;
        let mut record = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        let Some(text) = record.take() else { return Ok(()) };
        match crate::save::save_new(|n| PathBuf::from(format!("camelot-unsaved-{n}.pgn")), &text) {
            Ok(name) => {
                let name = name.display();
                writeln!(out, "the game was not saved: it is kept in {name} (camelot play {name} goes on with it)")
                    .map_err(io)
            }
            Err(CliError::Write { path, error }) => {
                let _ = writeln!(out, "the game was not saved, and could not be kept in {path}: {error}");
                Err(CliError::Write { path, error })
            }
            Err(e) => Err(e),
        }
    }
}
