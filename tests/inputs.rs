//! Hostile and careless input (issue 15): records replay under the rules
//! they were played with, or are refused with the place; every file read
//! is bounded; counts and thread numbers have limits named in the errors.

mod common;

use common::{run_in, Out, TempDir};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The start position string of Camelot.
const START: &str = "W:WKC6,KJ6,KD7,KI7,D6,E6,F6,G6,H6,I6,E7,F7,G7,H7:\
BKD10,KI10,KC11,KJ11,E10,F10,G10,H10,D11,E11,F11,G11,H11,I11 castle-moves=0,0";

fn run(args: &[&str]) -> Out {
    run_in(Path::new(env!("CARGO_MANIFEST_DIR")), args)
}

fn ok_in(dir: &Path, args: &[&str]) -> Out {
    let out = run_in(dir, args);
    assert_eq!(out.status, 0, "camelot {args:?}:\n{}", out.show());
    out
}

fn fails_in(dir: &Path, args: &[&str]) -> Out {
    let out = run_in(dir, args);
    assert_eq!(out.status, 1, "camelot {args:?}:\n{}", out.show());
    out
}

/// A fresh folder, removed at the end of the test.
fn folder() -> TempDir {
    TempDir::new("inputs")
}

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).unwrap();
    }
    std::fs::write(&path, text).unwrap();
    path
}

/// A variant file extending Camelot with another setup.
fn variant_with_setup(name: &str, white: &str, black: &str) -> String {
    format!("extends = \"camelot\"\nname = \"{name}\"\n[setup]\nWhite = \"{white}\"\nBlack = \"{black}\"\n")
}

/// Replays `record` (written in a fresh folder as `game.pgn`) and returns the result.
fn replay(record: &str) -> (Out, TempDir) {
    let dir = folder();
    write(&dir, "game.pgn", record);
    (run_in(&dir, &["replay", "game.pgn"]), dir)
}

fn replay_fails(record: &str) -> String {
    let (out, _) = replay(record);
    assert_eq!(out.status, 1, "{}", out.show());
    out.stderr
}

// Records must replay as they were played.

#[test]
fn a_variant_file_named_like_a_built_in_variant_replays_from_the_file() {
    let dir = folder();
    write(&dir, "mine.toml", &variant_with_setup("camelot", "KC6,D6,E6", "KC11,D11,E11"));
    write(&dir, "game.pgn", "[Variant \"camelot\"]\n[VariantFile \"mine.toml\"]\n\n1.E6-E7 *\n");
    let out = ok_in(&dir, &["replay", "game.pgn"]);
    assert!(out.stdout.contains("\nB:WKC6,D6,E7:BKC11,D11,E11 castle-moves=0,0 clock=1\n"), "{}", out.show());
}

#[test]
fn a_relative_variant_file_is_read_from_the_records_folder_not_the_current_one() {
    let dir = folder();
    write(&dir, "records/mine.toml", &variant_with_setup("mine", "KC6,D6,E6", "KC11,D11,E11"));
    write(&dir, "records/game.pgn", "[Variant \"mine\"]\n[VariantFile \"mine.toml\"]\n\n*\n");
    // A file of the same name in the current folder, with other rules.
    write(&dir, "mine.toml", &variant_with_setup("mine", "KC6,D6", "KC11,D11"));
    let out = ok_in(&dir, &["replay", "records/game.pgn"]);
    assert!(out.stdout.contains("\nW:WKC6,D6,E6:BKC11,D11,E11 castle-moves=0,0\n"), "{}", out.show());
}

#[test]
fn a_variant_file_whose_name_is_not_the_records_variant_is_refused() {
    let dir = folder();
    write(&dir, "mine.toml", &variant_with_setup("other", "KC6,D6,E6", "KC11,D11,E11"));
    write(&dir, "game.pgn", "[Variant \"mine\"]\n[VariantFile \"mine.toml\"]\n\n*\n");
    let out = fails_in(&dir, &["replay", "game.pgn"]);
    assert!(out.stderr.contains("its name is `other`, but the record's [Variant] tag says `mine`"), "{}", out.show());
}

#[test]
fn move_numbers_are_checked() {
    let e = replay_fails("2.E6-E8 H11-F9 *");
    assert!(e.contains("game.pgn:1:1: move 1 (White): expected move 1, found 2"), "{e}");
    let e = replay_fails("1...E6-E8 *");
    assert!(e.contains("1:1: move 1 (White): expected move `1.` (the first move of round 1), found `1...`"), "{e}");
    let e = replay_fails("1.E6-E8 1.H11-F9 *");
    assert!(e.contains("1:9: move 1 (Black): expected move `1...`"), "{e}");
    let e = replay_fails("1.E6-E8 H11-F9\n3.H6-F8 *");
    assert!(e.contains("2:1: move 2 (White): expected move 2, found 3"), "{e}");
    // Written as play writes them, with numbers on their own and `...` after a comment.
    let (out, _) = replay("1. E6-E8 {c} 1... H11-F9 2.H6-F8 *");
    assert_eq!(out.status, 0, "{}", out.show());
    // The same for --moves.
    let out = run(&["show", "camelot", "--moves", "2.E6-E8"]);
    assert_eq!(out.status, 1, "{}", out.show());
    assert!(out.stderr.contains("expected move 1, found 2"), "{}", out.show());
}

/// A game that starts with Black is numbered `1...` first, or, as many
/// programs number it, in rounds that start with Black (`1.` first).
#[test]
fn a_game_that_starts_with_black_is_numbered_1_dots_or_from_black() {
    let position = "B:WKC6,D6,E6:BKC11,D11,E11 castle-moves=0,0";
    let (out, _) = replay(&format!("[Position \"{position}\"]\n1...D11-D10 2.E6-E7 *"));
    assert_eq!(out.status, 0, "{}", out.show());
    let (out, _) = replay(&format!("[Position \"{position}\"]\n1.D11-D10 E6-E7 2.D10-D9 *"));
    assert_eq!(out.status, 0, "{}", out.show());
    let e = replay_fails(&format!("[Position \"{position}\"]\n2.D11-D10 *"));
    assert!(e.contains("expected move 1, found 2"), "{e}");
    // One numbering a game: the first number tells which, and the others
    // keep to it (each move fitting one or the other is not enough).
    let e = replay_fails(&format!("[Position \"{position}\"]\n1...D11-D10 2.E6-E7 2.D10-D9 *"));
    assert!(e.contains("2:21: move 2 (Black): expected move `2...` (a later move of round 2)"), "{e}");
    let e = replay_fails(&format!("[Position \"{position}\"]\n1.D11-D10 2.E6-E7 *"));
    assert!(e.contains("2:11: move 1 (White): expected move 1, found 2"), "{e}");
    // The same for --moves.
    let moves = "1...D11-D10 2.E6-E7 2.D10-D9";
    let out = run(&["show", "camelot", "--position", position, "--moves", moves]);
    assert_eq!(out.status, 1, "{}", out.show());
    assert!(out.stderr.contains("1:21: move 2 (Black): expected move `2...`"), "{}", out.show());
}

#[test]
fn a_result_that_the_final_position_contradicts_is_refused() {
    let won = "[Position \"W:WKC6,F15,G16:BKC11,D11,E11 castle-moves=0,0\"]\n\n1.F15-F16 0-1\n";
    let e = replay_fails(won);
    assert!(
        e.contains(
            "game.pgn:3:11: game 1: the record gives the result 0-1, but the final position gives 1-0 (White wins"
        ),
        "{e}"
    );
    // A game not over: a result no ending off the board gives (two of
    // three players lose).
    let e = replay_fails("[Variant \"tri-camelot\"]\n\n1.E4-E2 1-0-0\n");
    assert!(e.contains("game.pgn:3:9: game 1: the record gives the result 1-0-0, but the game is not over"), "{e}");
    // A game ended otherwise than by the rules says how.
    let (out, _) = replay("[Termination \"White resigned\"]\n1.E6-E8 H11-F9 0-1\n");
    assert_eq!(out.status, 0, "{}", out.show());
    assert!(out.stdout.ends_with("Result: 0-1 (White resigned)\n"), "{}", out.show());
}

#[test]
fn a_result_tag_that_contradicts_the_movetext_is_refused() {
    let e = replay_fails("[Result \"1-0\"]\n1.E6-E8 H11-F9 0-1\n");
    assert!(e.contains("the movetext ends with 0-1, but the [Result] tag says 1-0"), "{e}");
    // A `*` ending the moves (PDN 3.0 ends every game so) leaves the result
    // to the tag, and a `*` tag to the movetext.
    for record in ["[Result \"1-0\"]\n1.E6-E8 H11-F9 *\n", "[Result \"*\"]\n1.E6-E8 H11-F9 1-0\n"] {
        let (out, _) = replay(record);
        assert_eq!(out.status, 0, "{record}: {}", out.show());
        assert!(out.stdout.ends_with("Result: 1-0 (Black lost, how the record does not say)\n"), "{}", out.show());
    }
}

#[test]
fn nonsense_results_are_refused() {
    for (record, why) in [
        ("1.E6-E8 1-1", "the result `1-1` is not a result"),
        ("1.E6-E8 0-0", "the result `0-0` is not a result"),
        ("1.E6-E8 0-0-0", "gives 3 scores; a game of 2 players"),
        ("[Result \"1/2-1/3\"]\n1.E6-E8 1/2-1/3", "the result `1/2-1/3` is not a result"),
        ("[Variant \"tri-camelot\"]\n0-0-0-1", "gives 4 scores; a game of 3 players"),
    ] {
        let e = replay_fails(record);
        assert!(e.contains(why), "{record}: {e}");
    }
}

#[test]
fn an_empty_record_file_has_no_game() {
    for text in ["", "\n\n", "{only a comment}\n"] {
        let e = replay_fails(text);
        assert!(e.contains("there is no game in the file"), "{text:?}: {e}");
    }
}

#[test]
fn a_byte_order_mark_and_a_trailing_carriage_return_are_accepted() {
    let (out, _) = replay("\u{feff}[Variant \"camelot\"]\r\n\r\n1.E6-E8 H11-F9 *\r\n");
    assert_eq!(out.status, 0, "{}", out.show());
    let out = run(&["show", "camelot", "--position", &format!("{START}\r")]);
    assert_eq!(out.status, 0, "{}", out.show());
    assert!(out.stdout.ends_with(&format!("\n{START}\n")), "{}", out.show());
}

#[test]
fn duplicate_tags_are_refused() {
    let e = replay_fails("[Variant \"camelot\"]\n[Event \"x\"]\n[Variant \"camelot\"]\n*");
    assert!(e.contains("game.pgn:3:1: the tag [Variant] is given twice in one game (first at 1:1)"), "{e}");
    let e = replay_fails(&format!("[Position \"{START}\"]\n[position \"{START}\"]\n*"));
    assert!(e.contains("the tag [position] is given twice"), "{e}");
    let e = replay_fails(&format!("[Position \"{START}\"]\n[FEN \"{START}\"]\n*"));
    assert!(e.contains("both [Position] and [FEN] give the start position"), "{e}");
    // The same tag in two games of one file is fine.
    let (out, _) = replay("[Event \"a\"]\n*\n[Event \"b\"]\n*\n");
    assert_eq!(out.status, 0, "{}", out.show());
    // A tag that does not say how to read the game may be given twice (the
    // PDN 3.0 standard's own example gives [Event] twice): both are kept.
    let (out, _) = replay("[Event \"Double Corner\"]\n[Event \"an 8x8 game\"]\n1.E6-E8 *\n");
    assert_eq!(out.status, 0, "{}", out.show());
    assert!(out.stdout.starts_with("Event: Double Corner\nEvent: an 8x8 game\n"), "{}", out.show());
}

#[test]
fn a_second_clock_only_in_games_that_have_one() {
    let out = run(&["show", "camelot", "--position", &format!("{START} clock2=3")]);
    assert_eq!(out.status, 1, "{}", out.show());
    assert!(out.stderr.contains("unknown field `clock2`; known fields: castle-moves, clock"), "{}", out.show());
    let out = run(&["show", "checkers", "--position", "B:W21,22:B9,10 clock2=3"]);
    assert_eq!(out.status, 0, "{}", out.show());
}

#[test]
fn a_man_on_its_own_crowning_row_is_refused() {
    let out = run(&["show", "checkers", "--position", "B:W1:B32"]);
    assert_eq!(out.status, 1, "{}", out.show());
    assert!(
        out.stderr.contains("White Man on 1: a piece on its own crowning row would have been crowned there"),
        "{}",
        out.show()
    );
    assert!(out.stderr.contains("Black Man on 32"), "{}", out.show());
    // Each is shown where its piece is written, a range's pieces at the range.
    let out = run(&["show", "checkers", "--position", "B:W9,1-2:B32"]);
    assert_eq!(out.status, 1, "{}", out.show());
    assert!(out.stderr.contains("at column 6: White Man on 1:"), "{}", out.show());
    assert!(out.stderr.contains("at column 6: White Man on 2:"), "{}", out.show());
    assert!(out.stderr.contains("at column 11: Black Man on 32:"), "{}", out.show());
    // Kings may stand there.
    let out = run(&["show", "checkers", "--position", "B:WK1:BK32"]);
    assert_eq!(out.status, 0, "{}", out.show());
}

#[test]
fn duplicates_in_variant_file_lists_are_refused() {
    let dir = folder();
    let castle = write(
        &dir,
        "castle.toml",
        "extends = \"camelot\"\nname = \"c\"\n[[players]]\nname = \"White\"\nletter = \"W\"\ncastle = [\"F1\", \"F1\"]\n\
         [[players]]\nname = \"Black\"\nletter = \"B\"\ncastle = [\"F16\", \"G16\"]\n",
    );
    let out = fails_in(&dir, &["check", castle.to_str().unwrap()]);
    assert!(out.stderr.contains("castle cell `F1` is listed twice"), "{}", out.show());
    let royal =
        write(&dir, "royal.toml", "extends = \"camelot\"\nname = \"r\"\n[end]\nroyal = [\"Knight\", \"Knight\"]\n");
    let out = fails_in(&dir, &["check", royal.to_str().unwrap()]);
    assert!(out.stderr.contains("royal names `Knight` twice"), "{}", out.show());
}

// Bounded work and memory.

#[test]
fn perft_depth_and_threads_have_limits_named_in_the_errors() {
    let out = run(&["perft", "camelot", "--depth", "1000000000"]);
    assert_eq!(out.status, 2, "{}", out.show());
    let expected = "'1000000000' for '--depth <DEPTH>': too large: expected a whole number from 0 to 200";
    assert!(out.stderr.contains(expected), "{}", out.show());
    let out = run(&["perft", "camelot", "--depth", "1", "--threads", "100000"]);
    assert_eq!(out.status, 2, "{}", out.show());
    let expected = "invalid value '100000' for '--threads <THREADS>': too large: expected a whole number from 1 to 256";
    assert!(out.stderr.contains(expected), "{}", out.show());
}

#[cfg(unix)]
#[test]
fn files_that_are_not_regular_are_refused_without_reading_or_blocking() {
    let dir = folder();
    let out = fails_in(&dir, &["show", "/dev/zero"]);
    assert!(
        out.stderr.contains("cannot read /dev/zero: it is a device, a FIFO or a socket, not a regular file"),
        "{}",
        out.show()
    );
    let out = fails_in(&dir, &["replay", "/dev/zero"]);
    assert!(out.stderr.contains("not a regular file"), "{}", out.show());
    let out = fails_in(&dir, &["check", "/dev/zero"]);
    assert!(out.stderr.contains("not a regular file"), "{}", out.show());
    let ext = write(&dir, "ext.toml", "extends = \"/dev/zero\"\nname = \"e\"\n");
    let out = fails_in(&dir, &["check", ext.to_str().unwrap()]);
    assert!(out.stderr.contains("not a regular file"), "{}", out.show());
    write(&dir, "game.pgn", "[Variant \"z\"]\n[VariantFile \"/dev/zero\"]\n*\n");
    let out = fails_in(&dir, &["replay", "game.pgn"]);
    assert!(out.stderr.contains("not a regular file"), "{}", out.show());
    let fifo = dir.join("pipe.toml");
    if Command::new("mkfifo").arg(&fifo).status().is_ok_and(|s| s.success()) {
        let out = fails_in(&dir, &["show", fifo.to_str().unwrap()]);
        assert!(out.stderr.contains("not a regular file"), "{}", out.show());
    }
    let out = fails_in(&dir, &["replay", "."]);
    assert!(out.stderr.contains("it is a folder, not a regular file"), "{}", out.show());
}

#[test]
fn files_over_the_size_limit_are_refused() {
    let dir = folder();
    let big = format!("{}\n", " ".repeat(5 << 20));
    write(&dir, "big.pgn", &big);
    let out = fails_in(&dir, &["replay", "big.pgn"]);
    assert!(out.stderr.contains("cannot read big.pgn: it is larger than 4 MiB"), "{}", out.show());
    write(&dir, "big.toml", &big);
    let out = fails_in(&dir, &["show", "big.toml"]);
    assert!(out.stderr.contains("larger than 4 MiB"), "{}", out.show());
}

#[test]
fn check_caps_its_diagnostics_and_the_text_it_quotes() {
    let dir = folder();
    let pieces = vec!["D6"; 200_000].join(",");
    let file = write(&dir, "many.toml", &variant_with_setup("many", &pieces, "KC11"));
    let started = std::time::Instant::now();
    let out = fails_in(&dir, &["check", "many.toml"]);
    assert!(started.elapsed().as_secs() < 20, "check took {:?}", started.elapsed());
    let lines: Vec<&str> = out.stderr.lines().collect();
    assert!(lines.len() <= 60, "{} lines", lines.len());
    assert!(
        out.stderr.contains("more problems (only the first 50 are shown)"),
        "{}",
        &out.stderr[..2000.min(out.stderr.len())]
    );
    assert!(lines.iter().all(|l| l.chars().count() < 400), "a long line");
    let _ = file;
}

#[test]
fn check_says_who_wins_a_start_position_that_is_already_over() {
    let dir = folder();
    write(&dir, "over.toml", &variant_with_setup("over", "F16,G16,D6", "KC11,D11"));
    let out = fails_in(&dir, &["check", "over.toml"]);
    assert!(
        out.stderr.contains("the start position is already over: White wins (two pieces in Black's castle)"),
        "{}",
        out.show()
    );
}

/// A Knight in a lattice of Men: 171 698 ways to jump them, 2 987 distinct
/// moves. (How fast they are found is measured by the `chivalry lattice`
/// benchmark of `benches/perft.rs`.)
#[test]
fn a_knight_in_a_lattice_of_men_has_each_of_its_moves_once() {
    let men = "B4,B6,B8,B10,B12,D2,D4,D6,D8,D10,D12,D14,F2,F4,F6,F8,F10,F12,F14,H2,H4,H6,H8,H10,H12,H14,\
               J2,J4,J6,J8,J10,J12,J14,L4,L6,L8,L10,L12,L14,N6,N8,N10,N12";
    let position = format!("W:WKC3:B{men} castle-moves=0,0");
    let out = run(&["perft", "chivalry", "--position", &position, "--depth", "1", "--threads", "1"]);
    assert_eq!(out.status, 0, "{}", out.show());
    assert!(out.stdout.starts_with("perft chivalry depth 1: 2987 (positions)"), "{}", out.show());
    let out = run(&["perft", "chivalry", "--position", &position, "--depth", "1", "--threads", "1", "--paths"]);
    assert!(out.stdout.starts_with("perft chivalry depth 1: 171698 (paths)"), "{}", out.show());
    let out = run(&["moves", "chivalry", "--position", &position]);
    let moves: Vec<&str> = out.stdout.lines().collect();
    assert_eq!(moves.len(), 2987, "{}", out.stderr);
    let distinct: std::collections::HashSet<&str> = moves.iter().copied().collect();
    assert_eq!(distinct.len(), 2987, "a move listed twice");
    assert!(moves.iter().all(|m| m.starts_with("C3x")), "{:?}", moves.iter().find(|m| !m.starts_with("C3x")));
}

#[test]
fn canonical_paths_found_in_one_walk_are_those_found_move_by_move() {
    use leap_core::{canonical_moves, Game};
    fn agree<G: Game>(g: &G, seed: u64) {
        let mut state = seed;
        let mut next = |n: usize| {
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (state >> 33) as usize % n
        };
        for _ in 0..20 {
            let mut pos = g.start();
            for _ in 0..80 {
                let keys = g.legal_moves(&pos);
                let one_by_one: Vec<_> = keys.iter().map(|k| g.canonical(&pos, k)).collect();
                assert_eq!(canonical_moves(g, &pos, &keys), one_by_one, "{}", g.name());
                if keys.is_empty() {
                    break;
                }
                pos = g.play_unchecked(&pos, &keys[next(keys.len())]);
            }
        }
    }
    for (name, _) in leap_games::builtin() {
        leap_games::with_game!(leap_games::load(&name).unwrap(), g => agree(&g, name.len() as u64));
    }
}

#[test]
fn limits_out_of_range_a_missing_saved_game_and_a_finished_game_are_said_plainly() {
    for args in [
        &["analyze", "camelot", "--depth", "0"][..],
        &["analyze", "camelot", "--nodes", "0"],
        &["analyze", "camelot", "--movetime", "0"],
        &["analyze", "camelot", "--movetime", "86400001"],
        &["play", "camelot", "--movetime", "99999999999999999999999"],
        &["analyze", "camelot", "--depth", "3", "--multipv", "0"],
        &["play", "camelot", "--depth", "0"],
    ] {
        let out = run(args);
        // (In words: clap's own message gave the range as `1..4294967295`.)
        let said = out.stderr.contains("expected a whole number, at least 1")
            || out.stderr.contains("expected a whole number from 1 to 86400000")
            || out.stderr.contains("expected a whole number from 1 to 256")
            || out.stderr.contains("expected a whole number from 1 to 127");
        assert!(out.status == 2 && said, "camelot {args:?}:\n{}", out.show());
    }
    // The engine's deepest search is 127 plies: a deeper one is refused, not cut short.
    for args in [&["analyze", "camelot", "--depth", "128"][..], &["play", "camelot", "--depth", "999"]] {
        let out = run(args);
        let said = out.stderr.contains("expected a whole number from 1 to 127");
        assert!(out.status == 2 && said, "camelot {args:?}:\n{}", out.show());
    }
    let dir = folder();
    let out = fails_in(&dir, &["play", "lost-game.pgn"]);
    assert!(out.stderr.contains("lost-game.pgn: no such saved game (the file does not exist)"), "{}", out.show());
    let out = ok_in(&dir, &["moves", "camelot", "--position", "W:W:BE10"]);
    assert!(out.stdout.is_empty(), "{}", out.show());
    assert!(out.stderr.contains("no legal moves: the game is over: drawn"), "{}", out.show());
    let out = fails_in(&dir, &["show", "camelot", "--position", "W:WE5:BE7 clock=99999"]);
    assert!(out.stderr.contains("is not a number of plies (0 to 65535)"), "{}", out.show());
}

#[test]
fn a_record_names_its_variant_by_a_built_in_name_in_any_case_or_is_refused() {
    let (out, _dir) = replay("[Variant \"CAMELOT\"]\n\n1.E6-E8 *\n");
    assert_eq!(out.status, 0, "{}", out.show());
    assert!(out.stdout.contains("Black to move"), "{}", out.show());
    // A name of no built-in variant: a variant file has a tag of its own.
    let err = replay_fails("[Variant \"nonesuch\"]\n\n1.E6-E8 *\n");
    assert!(err.contains("[Variant \"nonesuch\"] is not a built-in variant"), "{err}");
    assert!(err.contains("[VariantFile]"), "{err}");
    // A PDN game type of another game than English draughts (21).
    let err = replay_fails("[GameType \"20\"]\n\n1. 32-28 19-23 *\n");
    assert!(err.contains("[GameType \"20\"] is not a game this program plays"), "{err}");
    let (out, _dir) = replay("[GameType \"21\"]\n\n1. 11-15 *\n");
    assert_eq!(out.status, 0, "{}", out.show());
}

/// `pass` where it is not legal says why in the game's terms: Camelot has
/// no passing (a player with no move ends the game), Tri-Camelot lets
/// only a player with no move pass.
#[test]
fn a_pass_that_is_not_legal_says_why_in_the_games_terms() {
    let out = run(&["show", "camelot", "--moves", "pass"]);
    assert_eq!(out.status, 1, "{}", out.show());
    assert!(
        out.stderr.contains("`pass` is not a move here: a player with no move would not pass, the game would end"),
        "{}",
        out.show()
    );
    let out = run(&["show", "tri-camelot", "--moves", "pass"]);
    assert_eq!(out.status, 1, "{}", out.show());
    assert!(out.stderr.contains("`pass` is legal only for a player who has no move"), "{}", out.show());
}
