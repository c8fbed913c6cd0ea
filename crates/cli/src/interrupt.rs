//! What a signal that ends the program (Ctrl-C's SIGINT, SIGTERM, SIGHUP)
//! does to a command that keeps games (`match`, `play`): the command keeps
//! them and says where, then the program ends with the status a shell
//! gives a program ended by that signal (128 + its number).

/// A watch for the signals that end the program, while it lives; dropped,
/// a signal does what it did before.
pub(crate) struct Interrupt {
    #[cfg(unix)]
    handle: signal_hook::iterator::Handle,
    #[cfg(unix)]
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Interrupt {
    /// Starts watching: each signal goes to `on_signal` (on a thread of
    /// its own), which does what the program must before it ends and
    /// answers `true`, or answers `false` for a signal that ends nothing
    /// (a Ctrl-C that only stopped a hint); after `true`, the program
    /// ends. (`on_signal` may hold a lock to the end, so that nothing is
    /// half written when the program ends.)
    #[cfg(unix)]
    pub(crate) fn watch(mut on_signal: impl FnMut(i32) -> bool + Send + 'static) -> std::io::Result<Interrupt> {
        use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
        let mut signals = signal_hook::iterator::Signals::new([SIGHUP, SIGTERM, SIGINT])?;
        let handle = signals.handle();
        let thread = std::thread::Builder::new().name("signals".into()).spawn(move || {
            if let Some(signal) = signals.forever().find(|&s| on_signal(s)) {
                std::process::exit(128 + signal);
            }
        })?;
        Ok(Interrupt { handle, thread: Some(thread) })
    }

    /// No signal is watched elsewhere: it ends the program as it would.
    #[cfg(not(unix))]
    pub(crate) fn watch(_on_signal: impl FnMut(i32) -> bool + Send + 'static) -> std::io::Result<Interrupt> {
        Ok(Interrupt {})
    }
}

impl Drop for Interrupt {
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
