//! `camelot review`: the engine's judgement of every move of a game
//! record, run as a person would run it.

mod common;

use common::{run_in, TempDir};

/// White's first move puts the Man on F8 next to Black's F9 with F7 empty
/// behind it: Black must take it (F9xF7), and White is left a Man down.
const DROPPED_MAN: &str = "[Variant \"camelot\"]\n[Position \"W:WF7,C6:BF9,L11 castle-moves=0,0\"]\n\n\
                           1.F7-F8 F9xF7 2.C6-C7 *\n";

fn write(dir: &TempDir, name: &str, text: &str) -> String {
    let path = dir.path(name);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn a_move_that_drops_a_man_is_a_blunder_with_the_better_move() {
    let dir = TempDir::new("review");
    let file = write(&dir, "game.pgn", DROPPED_MAN);
    let out = run_in(&dir, &["review", &file, "--depth", "4"]);
    assert_eq!(out.status, 0, "{}", out.show());
    let lines = out.lines();
    assert_eq!(lines.len(), 6, "a heading, a line per move, a summary per player: {}", out.show());
    assert!(lines[0].contains("3 moves of camelot"), "{}", lines[0]);
    assert!(lines[1].starts_with("  1.F7-F8 ") && lines[1].contains("?? blunder:"), "{}", lines[1]);
    assert!(!lines[1].contains("F7-F8 was best"), "the better move is another: {}", lines[1]);
    // Black's capture is the only legal move: nothing to judge.
    assert!(lines[2].starts_with("  1...F9xF7 ") && !lines[2].contains('?'), "{}", lines[2]);
    assert!(lines[4].starts_with("White: 0 inaccuracies, 0 mistakes, 1 blunder; average loss "), "{}", lines[4]);
    assert!(lines[5].starts_with("Black: 0 inaccuracies, 0 mistakes, 0 blunders; average loss 0.00"), "{}", lines[5]);
}

#[test]
fn the_annotated_record_replays_with_scores_glyphs_and_the_better_line() {
    let dir = TempDir::new("review-out");
    let file = write(&dir, "game.pgn", DROPPED_MAN);
    let annotated = dir.path("annotated.pgn");
    let out = run_in(&dir, &["review", &file, "--depth", "4", "-o", &annotated]);
    assert_eq!(out.status, 0, "{}", out.show());
    assert_eq!(out.last_line(), format!("wrote {annotated}"));
    // (Lines are wrapped: the test reads the record as one line.)
    let text = std::fs::read_to_string(&annotated).unwrap().replace('\n', " ");
    assert!(text.contains("[Position \"W:WF7,C6:BF9,L11 castle-moves=0,0\"]"), "{text}");
    assert!(text.contains("[Annotator \"camelot review\"]"), "{text}");
    // The blunder: its glyph, White's score after it, what was best, the
    // better line, and Black's reply numbered again after it.
    assert!(text.contains("1.F7-F8?? {[%eval -"), "{text}");
    assert!(text.contains("{Blunder. "), "{text}");
    assert!(text.contains(" (1."), "{text}");
    assert!(text.contains(") 1...F9xF7 {[%eval "), "{text}");
    // Black's score after its capture is White's, negated: White is behind.
    let after_capture = text.split("1...F9xF7 {[%eval ").nth(1).unwrap();
    assert!(after_capture.starts_with('-'), "{text}");
    let replayed = run_in(&dir, &["replay", &annotated]);
    assert_eq!(replayed.status, 0, "{}", replayed.show());
    assert!(replayed.show().contains("3 moves played"), "{}", replayed.show());
}

/// A record's own notes stay beside the review's; a record reviewed
/// again has its earlier review's notes replaced, not written twice.
#[test]
fn a_records_notes_are_kept_and_a_second_review_replaces_the_first() {
    let dir = TempDir::new("review-notes");
    let text = DROPPED_MAN
        .replace("1.F7-F8 F9xF7", "{a lesson\n  in haste} 1.F7-F8 {[%clk 0:01:00]} {hasty} (1.C6-C7 ; safer\n) F9xF7");
    let file = write(&dir, "game.pgn", &text);
    let first = dir.path("first.pgn");
    let out = run_in(&dir, &["review", &file, "--depth", "4", "-o", &first]);
    assert_eq!(out.status, 0, "{}", out.show());
    let once = std::fs::read_to_string(&first).unwrap();
    assert!(once.contains("\n{a lesson in haste} 1.F7-F8?? {[%clk 0:01:00] hasty} {[%eval -"), "{once}");
    assert!(once.contains("(1.C6-C7 ; safer\n) (1."), "{once}");
    let second = dir.path("second.pgn");
    let out = run_in(&dir, &["review", &first, "--depth", "4", "-o", &second]);
    assert_eq!(out.status, 0, "{}", out.show());
    let twice = std::fs::read_to_string(&second).unwrap();
    assert_eq!(twice, once, "the second review says what the first said, once");
}

/// What a person (or another program) wrote stays through a review, even
/// where it reads like a review's notes, and so does the annotator's name;
/// what a record of the game cannot keep is said before the searches.
#[test]
fn an_authors_notes_and_name_stay_through_a_review() {
    let dir = TempDir::new("review-author");
    let text = DROPPED_MAN.replace("[Position", "[Annotator \"Ann\"]\n[Position").replace(
        "1.F7-F8 F9xF7",
        "1.F7-F8!? {Blunder. C6-C7 was best (+1.00).} {[%eval 0.50]} (1.C6-C7 F9-F8) F9xF7 $14",
    );
    let file = write(&dir, "game.pgn", &text);
    let first = dir.path("first.pgn");
    let out = run_in(&dir, &["review", &file, "--depth", "4", "-o", &first]);
    assert_eq!(out.status, 0, "{}", out.show());
    assert!(
        out.stderr.contains(&format!(
            "note: {first} leaves out an annotation of {file} that a record written again does not keep: the code \
             `$14` at line 5, column 83 ({file} itself is left as it is)"
        )),
        "{}",
        out.show()
    );
    let once = std::fs::read_to_string(&first).unwrap().replace('\n', " ");
    assert!(once.contains("[Annotator \"Ann, camelot review\"]"), "{once}");
    // The author's glyph, comments and line, then the review's score, verdict and line.
    assert!(once.contains("1.F7-F8!? {Blunder. C6-C7 was best (+1.00).} {[%eval 0.50]} {[%eval -"), "{once}");
    assert!(once.contains("(1.C6-C7 F9-F8) (1."), "{once}");
    // Reviewed again: the author's notes stay, the first review's give way.
    let second = dir.path("second.pgn");
    let out = run_in(&dir, &["review", &first, "--depth", "4", "-o", &second]);
    assert_eq!(out.status, 0, "{}", out.show());
    let twice = std::fs::read_to_string(&second).unwrap().replace('\n', " ");
    assert_eq!(twice, once, "the second review says what the first said, once");
}

#[test]
fn the_best_move_played_is_not_judged() {
    // From the start, F15-F16 puts a second White piece in Black's castle: the win.
    let dir = TempDir::new("review-best");
    let file = write(
        &dir,
        "win.pgn",
        "[Variant \"camelot\"]\n[Position \"W:WKC6,F15,G16:BKC11,D11,E11 castle-moves=0,0\"]\n\n1.F15-F16 1-0\n",
    );
    let annotated = dir.path("win-annotated.pgn");
    let out = run_in(&dir, &["review", &file, "--depth", "3", "-o", &annotated]);
    assert_eq!(out.status, 0, "{}", out.show());
    assert!(out.lines()[1].contains("win in 1") && !out.lines()[1].contains('?'), "{}", out.show());
    let text = std::fs::read_to_string(&annotated).unwrap();
    assert!(text.contains("1.F15-F16 {[%eval #1]} 1-0"), "{text}");
}

#[test]
fn an_existing_output_file_is_refused_before_any_search() {
    let dir = TempDir::new("review-exists");
    let file = write(&dir, "game.pgn", DROPPED_MAN);
    let kept = write(&dir, "kept.pgn", "my notes\n");
    let out = run_in(&dir, &["review", &file, "--movetime", "60000", "-o", &kept]);
    assert_ne!(out.status, 0, "{}", out.show());
    assert!(out.show().contains("the file exists"), "{}", out.show());
    assert_eq!(std::fs::read_to_string(&kept).unwrap(), "my notes\n");
}

#[test]
fn a_game_that_cannot_be_replayed_is_reported_before_any_search() {
    let dir = TempDir::new("review-bad");
    let file = write(&dir, "bad.pgn", "[Variant \"camelot\"]\n\n1.E6-E8 F10-F9 2.E6-E9 *\n");
    let out = run_in(&dir, &["review", &file, "--movetime", "60000"]);
    assert_eq!(out.status, 1, "{}", out.show());
    assert!(
        out.show().contains("bad.pgn:3:18: move 2 (White): `E6-E9`: the player to move has no piece on E6"),
        "{}",
        out.show()
    );
}

#[test]
fn a_result_the_moves_do_not_give_is_refused_as_replay_refuses_it() {
    let dir = TempDir::new("review-result");
    let records = [
        // The final position gives White the game, not Black.
        "[Variant \"camelot\"]\n[Position \"W:WKC6,F15,G16:BKC11,D11,E11 castle-moves=0,0\"]\n[Result \"0-1\"]\n\n1.F15-F16 0-1\n",
        // A resignation by White that gives White the game.
        "[Variant \"camelot\"]\n[Termination \"White resigned\"]\n[Result \"1-0\"]\n\n1.E6-E8 1-0\n",
        // The movetext and the tag disagree.
        "[Variant \"camelot\"]\n[Result \"1-0\"]\n\n1.E6-E8 0-1\n",
    ];
    for (i, text) in records.iter().enumerate() {
        let file = write(&dir, &format!("game{i}.pgn"), text);
        let written = dir.path(&format!("reviewed{i}.pgn"));
        let replay = run_in(&dir, &["replay", &file]);
        let review = run_in(&dir, &["review", &file, "--movetime", "60000", "-o", &written]);
        assert_eq!(replay.status, 1, "{}", replay.show());
        assert_eq!(review.status, 1, "{text}: {}", review.show());
        let why = replay.stderr.lines().last().unwrap().to_string();
        assert!(review.stderr.contains(&why), "{text}: replay says {why}; review says {}", review.show());
        assert!(!std::path::Path::new(&written).exists(), "{text}: review wrote a record");
    }
}

#[test]
fn a_tri_camelot_game_is_reviewed_with_each_movers_score() {
    let dir = TempDir::new("review-tri");
    let file = write(&dir, "tri.pgn", "[Variant \"tri-camelot\"]\n\n1.E6-D7 C14-C18 H17-G16 2.G4-G8 *\n");
    let annotated = dir.path("tri-annotated.pgn");
    let out = run_in(&dir, &["review", &file, "--depth", "2", "-o", &annotated]);
    assert_eq!(out.status, 0, "{}", out.show());
    assert_eq!(out.lines().len(), 1 + 4 + 3 + 1, "{}", out.show());
    assert!(out.lines()[2].starts_with("  1...C14-C18 "), "{}", out.show());
    let text = std::fs::read_to_string(&annotated).unwrap().replace('\n', " ");
    assert!(
        text.contains("1.E6-D7 {Blue ") && text.contains("C14-C18 {Red ") && text.contains("2.G4-G8 {Blue "),
        "{text}"
    );
    assert!(!text.contains("%eval"), "{text}");
    let replayed = run_in(&dir, &["replay", &annotated]);
    assert_eq!(replayed.status, 0, "{}", replayed.show());
}

#[test]
fn a_game_of_a_variant_file_is_written_to_another_folder_with_its_rules() {
    let dir = TempDir::new("review-variant-file");
    std::fs::create_dir_all(dir.join("games/rules")).unwrap();
    std::fs::create_dir_all(dir.join("reviews")).unwrap();
    std::fs::write(dir.join("games/rules/mine.toml"), "extends = \"camelot\"\nname = \"mine\"\n").unwrap();
    let game = "[Variant \"mine\"]\n[VariantFile \"rules/mine.toml\"]\n\n1.F7-F8 G10-G9 *\n";
    std::fs::write(dir.join("games/game.pgn"), game).unwrap();
    let out = run_in(&dir, &["review", "games/game.pgn", "--depth", "2", "-o", "reviews/game.pgn"]);
    assert_eq!(out.status, 0, "{}", out.show());
    let text = std::fs::read_to_string(dir.join("reviews/game.pgn")).unwrap();
    // (Outside the review's folder: named by its whole path, as `play` names it.)
    let tag = text.lines().find(|l| l.starts_with("[VariantFile ")).unwrap();
    assert!(tag.starts_with("[VariantFile \"/") && tag.ends_with("games/rules/mine.toml\"]"), "{text}");
    let replayed = run_in(&dir, &["replay", "reviews/game.pgn"]);
    assert_eq!(replayed.status, 0, "{}", replayed.show());
}

/// Ctrl-C (SIGINT) during a review with `-o`: the moves reviewed so far
/// are written, annotated, the rest of the game bare, in a record that
/// replays, and the program ends with the status of a program ended by
/// that signal.
#[cfg(unix)]
#[test]
fn an_interrupted_review_writes_the_moves_it_reviewed() {
    use std::io::BufRead;
    let dir = TempDir::new("review-interrupted");
    let game = "[Variant \"camelot\"]\n\n1.D6-F8 H11-F9 2.C6-E8-G8 J11-H11 3.H6-H8 E11-G9 4.J6-H6 C11-E11 \
                5.I6-I8 D11-D9 6.I8-J9 D10-D8xD6 7.E6xC6 I10xK8 *\n";
    let file = write(&dir, "game.pgn", game);
    let annotated = dir.path("annotated.pgn");
    let args = ["review", &file, "--movetime", "300", "-o", &annotated];
    let mut child = common::spawn_piped(&mut common::command(std::path::Path::new(&dir.path("")), &args));
    // Three moves reviewed (after the heading), then the signal.
    let mut stdout = std::io::BufReader::new(child.stdout.take().unwrap());
    for _ in 0..4 {
        let mut line = String::new();
        assert!(stdout.read_line(&mut line).unwrap() > 0, "the review ended early");
    }
    let killed = std::process::Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap();
    assert!(killed.success());
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{stderr}");
    assert!(
        stderr.ends_with(&format!("review interrupted: the moves reviewed so far are in {annotated}\n")),
        "{stderr}"
    );
    let text = std::fs::read_to_string(&annotated).unwrap();
    let reviewed: usize = text
        .split("[Annotator \"camelot review (interrupted: ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{text}"));
    assert!((3..14).contains(&reviewed), "{text}");
    assert!(text.contains(" of 14 moves reviewed)\"]"), "{text}");
    assert_eq!(text.matches("[%eval ").count(), reviewed, "{text}");
    // Every move is there: the moves not reviewed are written bare.
    assert!(text.replace('\n', " ").contains("7.E6xC6 I10xK8 *"), "{text}");
    let replayed = run_in(&dir, &["replay", &annotated]);
    assert_eq!(replayed.status, 0, "{}", replayed.show());
    assert!(replayed.show().contains("14 moves played"), "{}", replayed.show());
}
