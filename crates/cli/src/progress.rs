//! A progress bar on stderr for commands that play many games.

use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// A progress bar on stderr, drawn only when stderr is a terminal.
pub struct Progress {
    total: usize,
    done: AtomicUsize,
    started: Instant,
    draw: bool,
    lock: Mutex<()>,
}

impl Progress {
    /// A bar for `total` games; none when `quiet` or when stderr is not a terminal.
    pub fn new(total: usize, quiet: bool) -> Progress {
        let draw = !quiet && std::io::stderr().is_terminal();
        let p = Progress { total, done: AtomicUsize::new(0), started: Instant::now(), draw, lock: Mutex::new(()) };
        p.show(0);
        p
    }

    /// One more game done.
    pub fn tick(&self) {
        let done = self.done.fetch_add(1, Ordering::SeqCst) + 1;
        self.show(done);
    }

    fn show(&self, done: usize) {
        if !self.draw {
            return;
        }
        let _guard = self.lock.lock();
        const WIDTH: usize = 30;
        let filled = (done * WIDTH).checked_div(self.total).unwrap_or(WIDTH);
        let secs = self.started.elapsed().as_secs();
        let eta = if done == 0 {
            String::new()
        } else {
            let left = self.started.elapsed().as_secs_f64() * (self.total - done) as f64 / done as f64;
            format!(", about {}:{:02} left", left as u64 / 60, left as u64 % 60)
        };
        let mut err = std::io::stderr().lock();
        let _ = write!(
            err,
            "\r\x1b[2K[{}{}] {done}/{} games, {}:{:02}{eta}",
            "#".repeat(filled),
            "-".repeat(WIDTH - filled),
            self.total,
            secs / 60,
            secs % 60
        );
        let _ = err.flush();
    }

    /// Clears the bar.
    pub fn finish(&self) {
        if self.draw {
            let _guard = self.lock.lock();
            let _ = write!(std::io::stderr(), "\r\x1b[2K");
        }
    }
}
