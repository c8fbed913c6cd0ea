//! `camelot play` when the session ends other than by `quit` or the end of
//! the input: a signal (the terminal closed, SIGHUP; SIGTERM; Ctrl-C while
//! the computer thinks, SIGINT), or a disk
//! that cannot take the game. A game with moves not saved is kept, whole,
//! or the program says it could not be and fails. (The session itself is
//! tested in `cli.rs`.)

#![cfg(unix)]

mod common;

use common::TempDir;
use std::io::{Read, Write};
use std::path::Path;
use std::process::Stdio;
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// The names in a folder, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> =
        std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    v.sort();
    v
}

/// `camelot ARGS` in a folder, fed by a pipe that stays open, its output
/// read as it comes.
struct Session {
    args: Vec<String>,
    child: std::process::Child,
    stdin: Option<std::process::ChildStdin>,
    received: mpsc::Receiver<Vec<u8>>,
    reader: std::thread::JoinHandle<()>,
    /// The output so far.
    text: Vec<u8>,
}

impl Session {
    fn start(dir: &Path, args: &[&str]) -> Session {
        let mut child = common::spawn_piped(&mut common::command(dir, args));
        let stdin = child.stdin.take().expect("piped stdin");
        let mut stdout = child.stdout.take().expect("piped stdout");
        let (sender, received) = mpsc::channel();
        let reader = std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n @ 1..) = stdout.read(&mut buf) {
                let _ = sender.send(buf[..n].to_vec());
            }
        });
        let args = args.iter().map(|a| a.to_string()).collect();
        Session { args, child, stdin: Some(stdin), received, reader, text: Vec::new() }
    }

    fn send(&mut self, line: &str) {
        self.stdin.as_mut().expect("the input is open").write_all(line.as_bytes()).unwrap();
    }

    /// Waits (a minute at most) until the output holds `said` and the
    /// program waits for the next line.
    fn prompt_after(&mut self, said: &str) {
        let started = Instant::now();
        while !String::from_utf8_lossy(&self.text).contains(said) || !self.text.ends_with(b"> ") {
            let left = Duration::from_secs(60).saturating_sub(started.elapsed());
            match self.received.recv_timeout(left) {
                Ok(bytes) => self.text.extend(bytes),
                Err(_) => panic!("no prompt after `{said}`:\n{}", String::from_utf8_lossy(&self.text)),
            }
        }
    }

    /// Waits for the program to end (the input still open, unless closed
    /// with `close`): its status and all it wrote.
    fn end(mut self) -> common::Out {
        let mut err = String::new();
        self.child.stderr.take().expect("piped stderr").read_to_string(&mut err).unwrap();
        let status = self.child.wait().expect("camelot ends");
        self.reader.join().unwrap();
        drop(self.stdin.take());
        self.text.extend(self.received.try_iter().flatten());
        let args: Vec<&str> = self.args.iter().map(String::as_str).collect();
        common::finish(&args, std::process::Output { status, stdout: self.text, stderr: err.into_bytes() })
    }

    /// Closes the program's input (the end of input).
    fn close(&mut self) {
        drop(self.stdin.take());
    }
}

/// `camelot play camelot` in `dir`, fed by a pipe that stays open: after
/// the move E6-E8, the signal `signal` (`TERM`, `HUP`, `INT`) is sent to it.
fn signalled_after_a_move(dir: &Path, signal: &str) -> common::Out {
    let mut session = Session::start(dir, &["play", "camelot"]);
    session.send("E6-E8\n");
    // The move is played, and the program waits for the next line.
    session.prompt_after("Last move: White E6-E8");
    let killed =
        std::process::Command::new("kill").args([&format!("-{signal}"), &session.child.id().to_string()]).status();
    assert!(killed.unwrap().success(), "kill -{signal}");
    session.end()
}

#[test]
fn a_game_is_kept_when_a_signal_ends_the_program() {
    for (signal, number) in [("TERM", 15), ("HUP", 1), ("INT", 2)] {
        let dir = TempDir::new("play-signal");
        let out = signalled_after_a_move(&dir, signal);
        // The status a shell gives a program a signal ended.
        assert_eq!(out.status, 128 + number, "SIG{signal}: {}", out.show());
        assert!(
            out.stdout.ends_with(
                "> \nthe game was not saved: it is kept in camelot-unsaved-1.pgn \
                 (camelot play camelot-unsaved-1.pgn goes on with it)\n"
            ),
            "SIG{signal}: {}",
            out.show()
        );
        assert_eq!(names(&dir), ["camelot-unsaved-1.pgn"], "SIG{signal}");
        let kept = std::fs::read_to_string(dir.join("camelot-unsaved-1.pgn")).unwrap();
        assert!(kept.ends_with("\n1.E6-E8 *\n"), "SIG{signal}: {kept}");
        // It is the game as `quit` keeps it.
        let quit = common::run_stdin_env(&dir, &["play", "camelot"], b"E6-E8\nquit\n", &[]);
        assert_eq!(quit.status, 0, "{}", quit.show());
        assert_eq!(std::fs::read_to_string(dir.join("camelot-unsaved-2.pgn")).unwrap(), kept);
    }
}

#[test]
fn a_game_that_cannot_be_kept_leaves_no_file_and_the_program_fails() {
    let dir = TempDir::new("play-full");
    // A disk with no room: no file may grow past 0 bytes (and a write that
    // tries fails instead of ending the program).
    let script = "ulimit -f 0 && trap '' XFSZ && exec \"$0\" \"$@\"";
    let output = std::process::Command::new("sh")
        .args(["-c", script, env!("CARGO_BIN_EXE_camelot"), "play", "camelot"])
        .current_dir(&dir)
        .env("CAMELOT_TABLES", common::NO_TABLES)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            child.stdin.take().expect("piped stdin").write_all(b"E6-E8\nsave g.pgn\nquit\n")?;
            child.wait_with_output()
        })
        .expect("sh runs camelot");
    let out = common::finish(&["play", "camelot"], output);
    assert!(out.stdout.contains("not saved: cannot write g.pgn: "), "{}", out.show());
    assert!(
        out.stdout.contains("the game was not saved, and could not be kept in camelot-unsaved-1.pgn: "),
        "{}",
        out.show()
    );
    // The record is shown instead, to be copied: the game is not lost.
    assert!(out.stdout.trim_end().ends_with("1.E6-E8 *"), "{}", out.show());
    assert_eq!(out.status, 1, "{}", out.show());
    assert!(out.stderr.starts_with("error: cannot write camelot-unsaved-1.pgn: "), "{}", out.show());
    assert_eq!(names(&dir), Vec::<String>::new(), "no file, empty or in part, is left");
}

#[test]
fn a_record_another_program_changed_is_not_saved_over_without_asking() {
    let dir = TempDir::new("play-changed");
    let file = dir.join("shared.pgn");
    std::fs::write(&file, "[Variant \"camelot\"]\n\n1.E6-E8 *\n").unwrap();
    let mut session = Session::start(&dir, &["play", "shared.pgn"]);
    // The game is loaded and waits for a move; meanwhile another session
    // saves its own game over the record.
    session.prompt_after("continuing the game of");
    let theirs = "[Variant \"camelot\"]\n\n1.E6-E8 G10-G9 *\n";
    std::fs::write(&file, theirs).unwrap();
    session.send("F10-F9\nsave shared.pgn\nno\nquit\n");
    session.close();
    let out = session.end();
    assert!(
        out.stdout.contains(
            "shared.pgn has changed since this game was loaded from it or saved to it (another program or game \
             wrote it): replace it? (yes/no)"
        ),
        "{}",
        out.show()
    );
    assert!(out.stdout.contains("not saved: shared.pgn is left as it was"), "{}", out.show());
    assert_eq!(std::fs::read_to_string(&file).unwrap(), theirs, "the other session's game is kept");
}
