//! `camelot play` when the game cannot be kept: a disk that cannot take
//! it. A game with moves not saved is kept, whole, or the program says it
//! could not be and fails. (The session itself is tested in `cli.rs`.)

#![cfg(unix)]

mod common;

use common::TempDir;
use std::io::Write;
use std::path::Path;
use std::process::Stdio;

/// The names in a folder, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> =
        std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    v.sort();
    v
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
    assert_eq!(out.status, 1, "{}", out.show());
    assert!(out.stderr.starts_with("error: cannot write camelot-unsaved-1.pgn: "), "{}", out.show());
    assert_eq!(names(&dir), Vec::<String>::new(), "no file, empty or in part, is left");
}
