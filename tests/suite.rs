//! `camelot suite`: the engine on a test suite of positions with known best
//! moves, run as a person would run it.

mod common;

use common::{run_in, TempDir};
use std::path::Path;

/// A suite of two positions: a castle entry that wins at once (found), and
/// a checkers position whose wanted move is a blunder (missed).
const TWO: &str = r#"[Event "castle entry"]
[Variant "camelot"]
[Position "W:WKC6,F15,G16:BKC11,D11,E11 castle-moves=0,0"]
[Best "F15-F16"]

*

[Event "a blunder"]
[Variant "checkers"]
[Position "B:W18:B1,2"]
[Best "2-6"]

*
"#;

fn write(dir: &TempDir, name: &str, text: &str) -> String {
    let path = dir.path(name);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn reports_each_position_and_how_many_were_found() {
    let dir = TempDir::new("suite");
    let file = write(&dir, "two.pgn", TWO);
    let out = run_in(&dir, &["suite", &file, "--depth", "4"]);
    assert_eq!(out.status, 0, "{}", out.show());
    let lines = out.lines();
    assert_eq!(lines.len(), 3, "{}", out.show());
    assert!(lines[0].contains("castle entry") && lines[0].contains("engine F15-F16"), "{}", lines[0]);
    assert!(lines[0].contains("found from depth 1"), "{}", lines[0]);
    assert!(lines[1].contains("a blunder") && lines[1].contains("missed"), "{}", lines[1]);
    assert!(!lines[1].contains("engine 2-6 "), "{}", lines[1]);
    assert_eq!(lines[2], "suite: found 1 of 2 positions (depth 4, 1 thread a position)");
}

#[test]
fn several_moves_may_be_wanted() {
    // Every Black move but 2-6 keeps the man: 1-5, 1-6 and 2-7 are all
    // right (written with an annotator's glyphs, which are not the moves').
    let dir = TempDir::new("suite-many");
    let file =
        write(&dir, "many.pgn", "[Variant \"checkers\"]\n[Position \"B:W18:B1,2\"]\n[Best \"1-5! 1-6 2-7!?\"]\n\n*\n");
    let out = run_in(&dir, &["suite", &file, "--depth", "6"]);
    assert_eq!(out.status, 0, "{}", out.show());
    assert!(out.lines()[0].contains("position 1") && out.lines()[0].contains("best 1-5 1-6 2-7"), "{}", out.show());
    assert_eq!(out.last_line(), "suite: found 1 of 1 position (depth 6, 1 thread a position)");
}

#[test]
fn mistakes_in_the_suite_are_reported_before_any_search() {
    let dir = TempDir::new("suite-bad");
    let cases: &[(&str, &str, &str)] = &[
        ("no-best.pgn", "[Variant \"camelot\"]\n\n1.E6-E8 *\n", "game 1: there is no [Best \"MOVE\"] tag"),
        (
            "empty-best.pgn",
            "[Variant \"camelot\"]\n[Best \"\"]\n\n1.E6-E8 *\n",
            "the [Best] tag is empty: give the move wanted",
        ),
        (
            "illegal-best.pgn",
            "[Variant \"camelot\"]\n[Best \"E6-E12\"]\n\n*\n",
            "game 1: [Best]: `E6-E12` is not legal here",
        ),
        (
            "illegal-move.pgn",
            "[Variant \"camelot\"]\n[Best \"E6-E8\"]\n\n1.E6-E9 *\n",
            "illegal-move.pgn:18:3: move 1 (White): `E6-E9` is not legal here",
        ),
        ("bad-position.pgn", "[Position \"W:WZ99\"]\n[Best \"E6-E8\"]\n\n*\n", "game 1: [Position]"),
        (
            "two-bests.pgn",
            "[Variant \"camelot\"]\n[Best \"E6-E8\"]\n[best \"E6-E12\"]\n\n*\n",
            "game 1: the tag [Best] is given twice in one game (first at 16:1): give every move wanted in one",
        ),
    ];
    for (name, text, expected) in cases {
        let file = write(&dir, name, &format!("{TWO}\n{text}"));
        let out = run_in(&dir, &["suite", &file, "--movetime", "60000"]);
        assert_eq!(out.status, 1, "{name}: {}", out.show());
        // (The first two positions are fine; the mistake in the third is found before either is searched.)
        assert_eq!(out.stdout, "", "{name}");
        let expected = expected.replace("game 1", "game 3");
        assert!(out.stderr.contains(&expected), "{name}: expected `{expected}` in:\n{}", out.stderr);
    }
    let empty = write(&dir, "empty.pgn", "\n");
    let out = run_in(&dir, &["suite", &empty, "--depth", "1"]);
    assert_eq!(out.status, 1);
    assert!(out.stderr.contains("there is no position in the suite"), "{}", out.show());
    let out = run_in(&dir, &["suite", &dir.path("missing.pgn"), "--depth", "1"]);
    assert_eq!(out.status, 1);
    assert!(out.stderr.contains("cannot read"), "{}", out.show());
}

#[test]
fn the_championship_suites_are_readable() {
    // The suites shipped with the program: every position and wanted move is legal.
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for (file, positions) in [("suites/wcf-2009.pgn", 18), ("suites/wcf-2009-all.pgn", 23)] {
        let out = run_in(root, &["suite", file, "--depth", "1"]);
        assert_eq!(out.status, 0, "{file}: {}", out.show());
        assert_eq!(out.lines().len(), positions + 1, "{file}: {}", out.show());
        let total = format!("of {positions} positions (depth 1, 1 thread a position)");
        assert!(out.last_line().ends_with(&total), "{file}: {}", out.show());
    }
}

/// A suite with mistakes in several positions: each is reported, at its
/// place, in one run, then how many positions have them; nothing is
/// searched (before, only the first, and the next only once it was fixed).
#[test]
fn every_mistake_in_the_suite_is_reported_at_once() {
    let dir = TempDir::new("suite-all-bad");
    let bad = "[Event \"a\"]\n[Variant \"camelot\"]\n[Best \"ZZ9\"]\n\n1.E6-E8 *\n\n\
               [Event \"b\"]\n[Variant \"camelot\"]\n\n1.E6-E8 *\n\n\
               [Event \"c\"]\n[Variant \"camelot\"]\n[Best \"E6-E8\"]\n\n1.E6-E8 H11-F9 2.ZZZ *\n";
    let file = write(&dir, "bad.pgn", &format!("{TWO}\n{bad}"));
    let out = run_in(&dir, &["suite", &file, "--movetime", "60000"]);
    assert_eq!(out.status, 1, "{}", out.show());
    assert_eq!(out.stdout, "");
    for expected in [
        ":17:1: game 3: [Best]: `ZZ9` is not a move",
        ":21:1: game 4: there is no [Best \"MOVE\"] tag",
        ":30:18: move 2 (White): `ZZZ` is not a move",
        "bad.pgn: 3 of its 5 games have problems (each said above)",
    ] {
        assert!(out.stderr.contains(expected), "expected `{expected}` in:\n{}", out.stderr);
    }
    assert_eq!(out.stderr.matches("error: ").count(), 4, "{}", out.stderr);
}
