//! A game left with moves not saved is kept in a new file, which is
//! named, however the session ends: `quit`, the end of the input, an
//! error, or a signal that ends the program (SIGHUP: the terminal was
//! closed; SIGTERM: the system or a person asked it to stop; SIGINT:
//! Ctrl-C while the computer thinks).

use crate::error::CliError;
use std::io::Write;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, PoisonError};

/// The game's record while it has moves not saved, shared between the
/// session and the thread that waits for signals: whichever ends the
/// session keeps it, once.
#[derive(Default)]
pub(super) struct Unsaved(Mutex<Option<String>>);

impl Unsaved {
    /// The game now: its record, or `None` when it has nothing to keep.
    pub(super) fn set(&self, record: Option<String>) {
        *self.0.lock().unwrap_or_else(PoisonError::into_inner) = record;
    }

    /// Keeps the game, if it has moves not saved, in the first free
    /// `camelot-unsaved-N.pgn` (written whole or not at all), and says
    /// where on `out` (on standard error too when `out` cannot be written:
    /// a closed pipe must not hide where the game is); the file could not
    /// be written: says so, and the error. Nothing is left to keep after it.
    pub(super) fn keep(&self, out: &mut dyn Write) -> Result<(), CliError> {
        let io = CliError::Output;
        // (Held to the end: a signal's keeping waits for this one.)
        let mut record = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        let Some(text) = record.take() else { return Ok(()) };
        match crate::save::save_new(|n| PathBuf::from(format!("camelot-unsaved-{n}.pgn")), &text) {
            Ok(name) => {
                let name = name.display();
                let said =
                    format!("the game was not saved: it is kept in {name} (camelot play {name} goes on with it)");
                writeln!(out, "{said}").map_err(|e| {
                    eprintln!("{said}");
                    io(e)
                })
            }
            Err(CliError::Write { path, error }) => {
                // (The record itself, then, to copy: the game is not lost.)
                let _ = writeln!(
                    out,
                    "the game was not saved, and could not be kept in {path}: {error}\n\
                     its record, to copy into a file that `camelot play FILE` goes on with:\n\n{text}"
                );
                Err(CliError::Write { path, error })
            }
            Err(e) => Err(e),
        }
    }
}

/// A search that Ctrl-C (SIGINT) stops instead of ending the program,
/// while one runs: the engine's hint, which a player may give up waiting for.
#[derive(Default)]
pub(super) struct Interruptible(Mutex<Option<leap_engine::Stop>>);

impl Interruptible {
    /// The search running now that SIGINT stops (`None`: none).
    pub(super) fn set(&self, stop: Option<leap_engine::Stop>) {
        *self.0.lock().unwrap_or_else(PoisonError::into_inner) = stop;
    }

    /// Stops the search running now, if there is one: whether there was.
    fn stop(&self) -> bool {
        let running = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        running.as_ref().inspect(|stop| stop.stop()).is_some()
    }
}

/// While it lives, a thread waits for SIGHUP, SIGTERM and SIGINT; each
/// keeps the game (as `quit` does, saying so on stdout), puts the
/// terminal's settings back as they were when the session began (a
/// signal may come while the line editor has changed them), and ends the
/// program with the status a shell gives a program ended by that signal
/// (128 + its number), kept or not. (Ctrl-C at the prompt is no signal:
/// the line editor reads it, see [`super::input::Edited`]; while the
/// computer thinks, it is SIGINT; while it works out a hint, SIGINT only
/// stops that search: see [`Interruptible`].)
pub(super) struct OnSignals {
    /// (Dropped, the watch ends: the session is over, its game kept; a
    /// signal from now on ends the program as it was going to.)
    _watch: crate::interrupt::Interrupt,
}

impl OnSignals {
    /// Starts waiting for the signals that end the program, to keep
    /// `unsaved` first.
    pub(super) fn watch(unsaved: Arc<Unsaved>, interruptible: Arc<Interruptible>) -> std::io::Result<OnSignals> {
        // (Not a terminal: nothing to put back.)
        #[cfg(unix)]
        let terminal = nix::sys::termios::tcgetattr(std::io::stdin()).ok();
        // (Elsewhere no signal is watched: the closure is never called.)
        #[cfg_attr(not(unix), allow(unused_variables))]
        let keep = move |signal: i32| {
            #[cfg(unix)]
            {
                // (A Ctrl-C that stopped a hint leaves the program running.)
                if signal == signal_hook::consts::SIGINT && interruptible.stop() {
                    return false;
                }
                if let Some(settings) = &terminal {
                    let _ =
                        nix::sys::termios::tcsetattr(std::io::stdin(), nix::sys::termios::SetArg::TCSANOW, settings);
                }
            }
            let mut stdout = std::io::stdout();
            // (The prompt's line is left as it was.)
            let _ = writeln!(stdout);
            let kept = unsaved.keep(&mut stdout);
            let _ = stdout.flush();
            if let Err(error) = kept {
                eprintln!("error: {error}");
            }
            true
        };
        crate::interrupt::Interrupt::watch(keep).map(|watch| OnSignals { _watch: watch })
    }
}
