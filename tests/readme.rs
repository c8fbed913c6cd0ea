//! The README's tour of the command line, run as written: every line of the
//! block marked `<!-- tour: ... -->`, in order, with `sh` as a person would
//! type it, `camelot` on the PATH, the input closed, in a new folder that
//! has the files the tour reads (the repository's `variants/` and
//! `tests/games/`).

#![cfg(unix)]

use std::path::Path;
use std::process::{Command, Stdio};

/// The marker that opens the line before the tour's block.
const MARKER: &str = "<!-- tour:";

/// The command lines of the block after the tour's marker (no blank
/// lines, no comment lines).
fn tour(readme: &str) -> Vec<String> {
    let (_, after) = readme.split_once(MARKER).expect("the README marks its tour with <!-- tour: ... -->");
    let block = after.split_once("```sh\n").expect("a ```sh block after the tour's marker").1;
    let block = block.split_once("\n```").expect("the tour's block is closed").0;
    block.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')).map(String::from).collect()
}

#[test]
fn the_readme_tour_runs_as_written() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).expect("README.md");
    let lines = tour(&readme);
    assert!(lines.len() >= 15, "the tour has only {} lines: {lines:#?}", lines.len());
    assert!(lines.iter().all(|l| l.contains("camelot ")), "every line runs camelot: {lines:#?}");

    let dir = tempfile::tempdir().expect("a temporary folder");
    std::os::unix::fs::symlink(root.join("variants"), dir.path().join("variants")).unwrap();
    std::os::unix::fs::symlink(root.join("suites"), dir.path().join("suites")).unwrap();
    std::fs::create_dir(dir.path().join("tests")).unwrap();
    std::os::unix::fs::symlink(root.join("tests/games"), dir.path().join("tests/games")).unwrap();
    let bin = Path::new(env!("CARGO_BIN_EXE_camelot")).parent().expect("the binary's folder");
    let path = std::env::join_paths(
        std::iter::once(bin.to_path_buf()).chain(std::env::var_os("PATH").iter().flat_map(std::env::split_paths)),
    )
    .unwrap();

    for line in &lines {
        let out = Command::new("sh")
            .args(["-c", line])
            .current_dir(dir.path())
            .env("PATH", &path)
            .env_remove("NO_COLOR")
            .env_remove("CLICOLOR_FORCE")
            .stdin(Stdio::null())
            .output()
            .expect("sh runs");
        let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
        let shown = format!("$ {line}\n--- status {:?}\n--- stdout\n{stdout}--- stderr\n{stderr}", out.status);
        assert!(out.status.success(), "a line of the README's tour fails:\n{shown}");
        assert!(!stderr.contains("panicked"), "{shown}");
        assert!(!stderr.contains("not found"), "camelot is on the PATH:\n{shown}");
    }

    // The files the README says the tour writes, and no game left unsaved.
    let written = ["game.pgn", "match-camelot.pgn", "compare-camelot-checkers.md", "compare-camelot-checkers.svg"];
    for file in written.iter().chain(&["compare-camelot-checkers.pgn"]) {
        assert!(dir.path().join(file).is_file(), "the tour writes {file}");
    }
    let game = std::fs::read_to_string(dir.path().join("game.pgn")).unwrap();
    assert!(game.ends_with("\n1.F7-F8 F10-F9 2.F8xF10xF12 *\n"), "{game}");
    let unsaved: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.starts_with("camelot-unsaved"))
        .collect();
    assert!(unsaved.is_empty(), "{unsaved:?}");
}

#[test]
fn the_tour_is_read_from_its_block_only() {
    let readme = "# x\n```sh\ncamelot before\n```\n<!-- tour: -->\n```sh\ncamelot a   # one\n\n# a note\n  camelot b\n```\ncamelot after\n";
    assert_eq!(tour(readme), ["camelot a   # one", "camelot b"]);
}
