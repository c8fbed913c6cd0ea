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
    /// where on `out`; the file could not be written: says so, and the
    /// error. Nothing is left to keep after it.
    pub(super) fn keep(&self, out: &mut dyn Write) -> Result<(), CliError> {
        let io = CliError::Output;
        // (Held to the end: a signal's keeping waits for this one.)
        let mut record = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        let Some(text) = record.take() else { return Ok(()) };
        match crate::save::save_new(|n| PathBuf::from(format!("camelot-unsaved-{n}.pgn")), &text) {
            Ok(name) => {
                let name = name.display();
                writeln!(out, "the game was not saved: it is kept in {name} (camelot play {name} goes on with it)")
                    .map_err(io)
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
    #[cfg(unix)]
    handle: signal_hook::iterator::Handle,
    #[cfg(unix)]
    thread: Option<std::thread::JoinHandle<()>>,
}

impl OnSignals {
    /// Starts waiting for the signals that end the program, to keep
    /// `unsaved` first.
    #[cfg(unix)]
    pub(super) fn watch(unsaved: Arc<Unsaved>, interruptible: Arc<Interruptible>) -> std::io::Result<OnSignals> {
        use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
        let mut signals = signal_hook::iterator::Signals::new([SIGHUP, SIGTERM, SIGINT])?;
        let handle = signals.handle();
        // (Not a terminal: nothing to put back.)
        let terminal = nix::sys::termios::tcgetattr(std::io::stdin()).ok();
        let thread = std::thread::Builder::new().name("signals".into()).spawn(move || {
            // (A Ctrl-C that stopped a hint leaves the program running.)
            if let Some(signal) = signals.forever().find(|&s| s != SIGINT || !interruptible.stop()) {
                if let Some(settings) = &terminal {
                    let _ =
                        nix::sys::termios::tcsetattr(std::io::stdin(), nix::sys::termios::SetArg::TCSANOW, settings);
                }
                let mut stdout = std::io::stdout();
                // (The prompt's line is left as it was.)
                let _ = writeln!(stdout);
                let kept = unsaved.keep(&mut stdout);
                let _ = stdout.flush();
                if let Err(error) = kept {
                    eprintln!("error: {error}");
                }
                std::process::exit(128 + signal);
            }
        })?;
        Ok(OnSignals { handle, thread: Some(thread) })
    }

    /// No signal ends the program but by its default action, elsewhere.
    #[cfg(not(unix))]
    pub(super) fn watch(_unsaved: Arc<Unsaved>, _interruptible: Arc<Interruptible>) -> std::io::Result<OnSignals> {
        Ok(OnSignals {})
    }
}

impl Drop for OnSignals {
    /// The thread ends (the session is over, its game kept: a signal from
    /// now on is ignored, and the program ends as it was going to).
    fn drop(&mut self) {
        #[cfg(unix)]
        {
            self.handle.close();
            if let Some(thread) = self.thread.take() {
                let _ = thread.join();
            }
        }
    }
}
