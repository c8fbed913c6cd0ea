//! End-to-end tests of the `camelot` command line, run as a person would run
//! it: arguments in, text and an exit status out, and `play` fed through
//! stdin. Every run also checks that the program never panics.
//!
//! Record files are in `tests/games/`, broken variant files in
//! `tests/variants/`; commands run in the package directory so that the
//! paths in messages are the relative ones given on the command line.

mod common;

use common::{run_in, run_stdin_env, Out, TempDir};
use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

/// The start position string of Camelot.
const START: &str = "W:WKC6,KJ6,KD7,KI7,D6,E6,F6,G6,H6,I6,E7,F7,G7,H7:\
BKD10,KI10,KC11,KJ11,E10,F10,G10,H10,D11,E11,F11,G11,H11,I11 castle-moves=0,0";

/// The whole output of `camelot show camelot`.
const START_SHOW: &str = "     A  B  C  D  E  F  G  H  I  J  K  L
 16                [ ][ ]               16
 15        .  .  .  .  .  .  .  .       15
 14     .  .  .  .  .  .  .  .  .  .    14
 13  .  .  .  .  .  .  .  .  .  .  .  . 13
 12  .  .  .  .  .  .  .  .  .  .  .  . 12
 11  .  .  k  m  m  m  m  m  m  k  .  . 11
 10  .  .  .  k  m  m  m  m  k  .  .  . 10
  9  .  .  .  .  .  .  .  .  .  .  .  .  9
  8  .  .  .  .  .  .  .  .  .  .  .  .  8
  7  .  .  .  K  M  M  M  M  K  .  .  .  7
  6  .  .  K  M  M  M  M  M  M  K  .  .  6
  5  .  .  .  .  .  .  .  .  .  .  .  .  5
  4  .  .  .  .  .  .  .  .  .  .  .  .  4
  3     .  .  .  .  .  .  .  .  .  .     3
  2        .  .  .  .  .  .  .  .        2
  1                [ ][ ]                1
     A  B  C  D  E  F  G  H  I  J  K  L
White to move (move 1). castle-moves: White 0, Black 0.
";

fn package_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Runs `camelot ARGS` in the package directory with empty stdin.
fn run(args: &[&str]) -> Out {
    run_in(package_dir(), args)
}

/// Runs `camelot ARGS` in a new empty folder (where a game left unsaved
/// is kept, then removed), typing `input` on stdin and then closing it (end
/// of file).
fn run_stdin(args: &[&str], input: &str) -> Out {
    let dir = TempDir::new("stdin");
    run_stdin_in(&dir, args, input.as_bytes())
}

/// Runs `camelot ARGS` in `dir`, typing the bytes `input` on stdin and
/// then closing it.
fn run_stdin_in(dir: &Path, args: &[&str], input: &[u8]) -> Out {
    run_stdin_env(dir, args, input, &[])
}

fn ok(args: &[&str]) -> Out {
    let out = run(args);
    assert_eq!(out.status, 0, "camelot {args:?} should succeed:\n{}", out.show());
    out
}

fn fails(args: &[&str], status: i32) -> Out {
    let out = run(args);
    assert_eq!(out.status, status, "camelot {args:?} should fail with status {status}:\n{}", out.show());
    out
}

/// The position string printed by `show` after `moves` from the start.
fn position_after(moves: &str) -> String {
    ok(&["show", "camelot", "--moves", moves]).last_line().to_string()
}

/// Reads the node count from the `perft NAME depth D: N (what)` line.
fn perft_text_nodes(out: &Out) -> u64 {
    let line = out.lines().into_iter().find(|l| l.starts_with("perft ")).unwrap_or_else(|| panic!("{}", out.show()));
    let (_, rest) = line.split_once(": ").expect("perft line has `: `");
    rest.split_whitespace().next().unwrap().parse().expect("a node count")
}

fn json(out: &Out) -> serde_json::Value {
    serde_json::from_str(out.stdout.trim()).unwrap_or_else(|e| panic!("not JSON ({e}):\n{}", out.show()))
}

// ---------------------------------------------------------------------------
// variants, show

#[test]
fn variants_lists_camelot() {
    let out = ok(&["variants"]);
    assert!(
        out.lines().iter().any(|l| l.split_whitespace().next() == Some("camelot")),
        "no line for camelot:\n{}",
        out.show()
    );
    assert!(out.stdout.contains("camelot          Camelot (World Camelot Federation rules)\n"), "{}", out.show());
    assert_eq!(out.stderr, "");
}

#[test]
fn show_start_prints_the_diagram_the_status_and_the_position_string() {
    let out = ok(&["show", "camelot"]);
    assert_eq!(out.stdout, format!("{START_SHOW}{START}\n"));
    assert_eq!(out.stderr, "");
    // The position string stands on a line of its own.
    assert!(out.lines().contains(&START));
}

/// A square board of four players: each piece shows its player's letter
/// and its kind's, as on a hex board (a letter's case tells two apart, not four).
#[test]
fn play_says_why_a_move_is_refused() {
    let out = run_stdin(&["play", "camelot"], "D6-D7\nH11-F9\nE6 E8\nE8 - E9\n");
    assert_eq!(out.status, 0, "{}", out.show());
    for said in [
        "> a move joins its cells with - (a step or a leap) or x (a capture): E6-E8\n",
        "> a move is written without spaces, and even written so it is not legal: `E8-E9`: the player to move has no \
         piece on E8 (it is empty)\n",
        "> move 1 (White): `D6-D7` is not legal here: D7 is taken by a Knight of White, and a piece lands only on an \
         empty cell; the legal moves of that piece are: D6-B6 ",
        "> move 1 (White): `H11-F9`: the player to move has no piece on H11 (a Man of Black, and White is to move)\n",
    ] {
        assert!(out.stdout.contains(said), "{said}\n{}", out.show());
    }
}

/// A move to a cell the variant keeps the player from says which rule:
/// Tri-Camelot's barred castle, a variant file's forbidden zone.
#[test]
fn a_move_to_a_cell_barred_to_the_player_says_why() {
    let out = fails(&["show", "tri-camelot", "--position", "B:BJ15:RD13:GF7", "--moves", "J15-K16"], 1);
    assert!(
        out.stderr
            .contains("`J15-K16` is not legal here: K16 is in Green's castle, which Blue may never enter; the legal"),
        "{}",
        out.show()
    );
    let dir = TempDir::new("forbidden-zone");
    let zone =
        "extends = \"camette\"\nname = \"z\"\n[[zones]]\nplayer = \"White\"\nrole = \"forbidden\"\ncells = [\"C4\"]\n";
    std::fs::write(dir.join("z.toml"), zone).unwrap();
    let out = run_in(&dir, &["show", "z.toml", "--moves", "C3-C4"]);
    assert_eq!(out.status, 1, "{}", out.show());
    assert!(
        out.stderr
            .contains("`C3-C4` is not legal here: C4 is in White's forbidden zone, where White's pieces never land"),
        "{}",
        out.show()
    );
}

#[test]
fn show_tells_four_players_pieces_apart() {
    let dir = TempDir::new("show-four");
    let setup = "[setup]\nNorth = \"D6,C6\"\nEast = \"F4,F5\"\nSouth = \"D2,E2\"\nWest = \"B4,B3\"\n";
    let players: String = [("North", "N", "D7"), ("East", "E", "G4"), ("South", "S", "D1"), ("West", "W", "A4")]
        .iter()
        .map(|(name, letter, castle)| {
            format!("[[players]]\nname = \"{name}\"\nletter = \"{letter}\"\ncastle = [\"{castle}\"]\n")
        })
        .collect();
    let text = format!(
        "name = \"four\"\n[board]\ngeometry = \"square\"\nfiles = 7\nranks = 7\nlayout = \"\"\"\n   .\n .....\n \
         .....\n.......\n .....\n .....\n   .\n\"\"\"\n{players}[[pieces]]\nname = \"Man\"\nprefix = \"\"\n\
         symbol = \"M\"\n{setup}[rules]\ncastle_moves = 0\n[end]\ngoal_count = 1\n"
    );
    std::fs::write(dir.join("four.toml"), text).unwrap();
    let out = run_in(&dir, &["show", "four.toml"]);
    assert_eq!(out.status, 0, "{}", out.show());
    let board: Vec<&str> = out.stdout.lines().take(9).collect();
    assert_eq!(
        board,
        [
            "     A   B   C   D   E   F   G",
            "  7             [  ]             7",
            "  6      .   NM  NM  .   .       6",
            "  5      .   .   .   .   EM      5",
            "  4 [  ] WM  .   .   .   EM [  ] 4",
            "  3      WM  .   .   .   .       3",
            "  2      .   .   SM  SM  .       2",
            "  1             [  ]             1",
            "     A   B   C   D   E   F   G",
        ]
    );
}

#[test]
fn show_after_moves() {
    let out = ok(&["show", "camelot", "--moves", "1.E6-E8 H11-F9"]);
    let lines = out.lines();
    assert_eq!(lines.len(), 20, "{}", out.show());
    assert_eq!(lines[6], " 11  .  .  k  m  m  m  m  .  m  k  .  . 11");
    assert_eq!(lines[8], "  9  .  .  .  .  .  m  .  .  .  .  .  .  9");
    assert_eq!(lines[9], "  8  .  .  .  .  M  .  .  .  .  .  .  .  8");
    assert_eq!(lines[11], "  6  .  .  K  M  .  M  M  M  M  K  .  .  6");
    assert_eq!(lines[18], "White to move (move 2). castle-moves: White 0, Black 0.");
    assert_eq!(
        lines[19],
        "W:WKC6,KJ6,KD7,KI7,D6,F6,G6,H6,I6,E7,F7,G7,H7,E8:\
BKD10,KI10,KC11,KJ11,F9,E10,F10,G10,H10,D11,E11,F11,G11,I11 castle-moves=0,0 clock=2"
    );
}

#[test]
fn show_position_round_trips() {
    let after = position_after("1.E6-E8 H11-F9");
    let strings = [
        START.to_string(),
        after,
        position_after("1.E6-E8 H11-F9 2.H6-F8 G10-G9 3.C6-G8xG10xG12"),
        "B:WKC6,F16:BKD10,E10 castle-moves=1,2 clock=7".to_string(),
        "W:WF16,G16:BKC11,D11 castle-moves=0,0".to_string(),
    ];
    for s in &strings {
        let out = ok(&["show", "camelot", "--position", s]);
        assert_eq!(out.last_line(), s, "the printed string differs from the one given");
        // And parsing the printed string again gives the same string.
        let again = ok(&["show", "camelot", "--position", out.last_line()]);
        assert_eq!(again.last_line(), s);
    }
    // A string in another order is printed in the canonical order, which reads back the same.
    let out = ok(&["show", "camelot", "--position", "W:WD6,KC6:BE10"]);
    assert_eq!(out.last_line(), "W:WKC6,D6:BE10 castle-moves=0,0");
    let again = ok(&["show", "camelot", "--position", out.last_line()]);
    assert_eq!(again.last_line(), out.last_line());
    // A position and moves played from it.
    let out = ok(&["show", "camelot", "--position", "B:WKC6,D6:BE10,F11 castle-moves=0,0", "--moves", "1...E10-E9"]);
    assert_eq!(out.last_line(), "W:WKC6,D6:BE9,F11 castle-moves=0,0 clock=1");
    assert!(out.stdout.contains("\nWhite to move (move 2). castle-moves: White 0, Black 0.\n"), "{}", out.show());
}

#[test]
fn show_of_a_finished_game_says_who_won() {
    let out = ok(&["show", "camelot", "--position", "W:WF16,G16:BKC11,D11 castle-moves=0,0"]);
    assert!(out.stdout.contains("\nGame over: White wins (two pieces in Black's castle).\n"), "{}", out.show());
    assert!(out.stdout.contains(" 16                [M][M]               16\n"), "{}", out.show());
    // The ending says whose: the player with no move, the side captured.
    let out = ok(&["show", "camelot", "--position", "B:WG1,D6,E6:BF1 castle-moves=0,2"]);
    assert!(out.stdout.contains("\nGame over: White wins (Black has no legal move).\n"), "{}", out.show());
    let out = ok(&["show", "camelot", "--position", "B:WE6,D6:B castle-moves=0,0"]);
    assert!(out.stdout.contains("\nGame over: White wins (every piece of Black captured).\n"), "{}", out.show());
}

// ---------------------------------------------------------------------------
// moves

#[test]
fn moves_at_the_start_are_the_100_of_the_wcf() {
    let out = ok(&["moves", "camelot"]);
    let lines = out.lines();
    assert_eq!(lines.len(), 100, "{}", out.show());
    let mut unique = lines.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), 100, "a move is listed twice");
    for m in ["E6-E8", "H6-F8", "C6-B5", "D7-D5-B7", "J6-K7"] {
        assert!(lines.contains(&m), "{m} missing:\n{}", out.show());
    }
    assert_eq!(lines[0], "C6-B5");
    assert!(lines.iter().all(|m| !m.contains('x')), "no capture is possible at the start");
}

#[test]
fn moves_json() {
    let plain = ok(&["moves", "camelot"]);
    let out = ok(&["moves", "camelot", "--json"]);
    assert_eq!(out.lines().len(), 1, "one JSON object on one line");
    let v = json(&out);
    assert_eq!(v["count"], 100);
    assert_eq!(v["variant"], "camelot");
    assert_eq!(v["position"], START);
    assert!(v["outcome"].is_null());
    let moves: Vec<&str> = v["moves"].as_array().unwrap().iter().map(|m| m.as_str().unwrap()).collect();
    assert_eq!(moves, plain.lines());
}

#[test]
fn moves_after_a_sequence() {
    // Black's knight at F9 and the man at G9 can be jumped: only captures are legal.
    let seq = "1.E6-E8 H11-F9 2.H6-F8 G10-G9";
    let out = ok(&["moves", "camelot", "--moves", seq]);
    assert_eq!(
        out.lines(),
        ["C6-E6-G8xG10xE12xC10xC12", "C6-E6-G8xG10xG12", "E8xG10xG8", "E8xG10xE12xC10xC12", "E8xG10xG12",]
    );
    let v = json(&ok(&["moves", "camelot", "--moves", seq, "--json"]));
    assert_eq!(v["count"], 5);
    assert_eq!(v["position"], position_after(seq).as_str());

    let v = json(&ok(&["moves", "camelot", "--moves", "1.E6-E8 H11-F9 2.H6-F8", "--json"]));
    assert_eq!(v["count"], 104);
    assert_eq!(v["moves"].as_array().unwrap().len(), 104);
    let moves = ok(&["moves", "camelot", "--moves", "1.E6-E8 H11-F9 2.H6-F8"]);
    assert_eq!(moves.lines().len(), 104);
    assert!(moves.lines().iter().all(|m| m.starts_with(|c: char| c.is_ascii_uppercase())));
    assert!(moves.lines().contains(&"F10-H12-J10-J12"), "{}", moves.show());
}

#[test]
fn moves_of_a_finished_game() {
    let pos = "W:WF16,G16:BKC11,D11 castle-moves=0,0";
    let out = ok(&["moves", "camelot", "--position", pos]);
    assert_eq!(out.stdout, "");
    let v = json(&ok(&["moves", "camelot", "--position", pos, "--json"]));
    assert_eq!(v["count"], 0);
    assert_eq!(
        v["outcome"],
        serde_json::json!({"result": "1-0", "winner": "White", "reason": "goal", "text": "White wins (two pieces in Black's castle)"})
    );
    assert_eq!(v["status"], "Game over: White wins (two pieces in Black's castle).");
    // A draw has no winner.
    let drawn = "W:WKC6,D6:BE10,F11 castle-moves=0,0 clock=99";
    let v = json(&ok(&["moves", "camelot", "--position", drawn, "--moves", "1.C6-C7", "--json"]));
    assert_eq!(
        v["outcome"],
        serde_json::json!({
            "result": "1/2-1/2", "winner": null, "reason": "move_limit", "text": "drawn (move limit without progress)"
        })
    );
    // Skirmish: White keeps a Knight but has no Man left, and its reply
    // did not bare Black back: bared, not eliminated.
    let bared = "B:WKA4:BKF2,KD6,D1 castle-moves=0,0 clock=1";
    let v = json(&ok(&["moves", "skirmish", "--position", bared, "--json"]));
    assert_eq!(
        v["outcome"],
        serde_json::json!({
            "result": "0-1", "winner": "Black", "reason": "bared", "text": "Black wins (White has no piece left that counts)"
        })
    );
    // A game going on has no outcome; its status says whose turn it is.
    let v = json(&ok(&["moves", "tri-camelot", "--position", "B:BKF3,D5,F5:R:GKI14", "--json"]));
    assert!(v["outcome"].is_null());
    assert_eq!(v["status"], "Blue to move (move 1).");
}

// ---------------------------------------------------------------------------
// perft

#[test]
fn perft_json_agrees_with_the_text() {
    let out = ok(&["perft", "camelot", "--depth", "2", "--json"]);
    let v = json(&out);
    assert_eq!(v["depth"], 2);
    assert!(v["seconds"].is_number(), "{}", out.show());
    assert!(v["nodes"].is_u64(), "{}", out.show());
    assert_eq!(v["count"], "positions");
    assert_eq!(v["variant"], "camelot");
    assert_eq!(v["position"], START);
    let text = ok(&["perft", "camelot", "--depth", "2"]);
    assert_eq!(v["nodes"].as_u64().unwrap(), perft_text_nodes(&text));
    assert!(text.stdout.starts_with("perft camelot depth 2: "), "{}", text.show());
    assert!(text.lines()[0].ends_with(" (positions)"), "{}", text.show());
    assert!(text.lines()[1].starts_with("time "), "{}", text.show());
}

#[test]
fn perft_depth_1_is_100_and_depth_0_is_1() {
    assert_eq!(perft_text_nodes(&ok(&["perft", "camelot", "--depth", "1"])), 100);
    assert_eq!(perft_text_nodes(&ok(&["perft", "camelot", "--depth", "0"])), 1);
    // The depth may follow the variant without --depth; one of the two is needed, and one only.
    assert_eq!(perft_text_nodes(&ok(&["perft", "camelot", "1"])), 100);
    let none = run(&["perft", "camelot"]);
    assert_eq!(none.status, 2, "{}", none.show());
    assert!(none.stderr.contains("--depth <DEPTH>"), "{}", none.show());
    let both = run(&["perft", "camelot", "1", "--depth", "2"]);
    assert_eq!(both.status, 2, "{}", both.show());
    assert!(both.stderr.contains("cannot be used with"), "{}", both.show());
}

#[test]
fn perft_one_thread_agrees() {
    let one = ok(&["perft", "camelot", "--depth", "3", "--threads", "1"]);
    let all = ok(&["perft", "camelot", "--depth", "3"]);
    assert_eq!(perft_text_nodes(&one), perft_text_nodes(&all));
    assert!(one.lines()[1].ends_with(", 1 thread"), "{}", one.show());
    let v = json(&ok(&["perft", "camelot", "--depth", "2", "--threads", "1", "--json"]));
    assert_eq!(v["threads"], 1);
    let two = json(&ok(&["perft", "camelot", "--depth", "2", "--threads", "2", "--json"]));
    assert_eq!(two["threads"], 2);
    assert_eq!(v["nodes"], two["nodes"]);
}

#[test]
fn perft_divide_rows_sum_to_the_total() {
    let out = ok(&["perft", "camelot", "--depth", "2", "--divide"]);
    let lines = out.lines();
    let blank = lines.iter().position(|l| l.is_empty()).expect("a blank line after the rows");
    let rows = &lines[..blank];
    assert_eq!(rows.len(), 100, "one row per first move:\n{}", out.show());
    let mut sum = 0;
    for row in rows {
        let mut words = row.split_whitespace();
        let mv = words.next().unwrap();
        let n: u64 = words.next().and_then(|w| w.parse().ok()).unwrap_or_else(|| panic!("bad row `{row}`"));
        assert!(words.next().is_none(), "bad row `{row}`");
        assert!(mv.contains('-'), "bad row `{row}`");
        sum += n;
    }
    let total = perft_text_nodes(&out);
    assert_eq!(sum, total);
    assert_eq!(total, perft_text_nodes(&ok(&["perft", "camelot", "--depth", "2"])));
    // The rows name the same moves as `moves`.
    let mut names: Vec<&str> = rows.iter().map(|r| r.split_whitespace().next().unwrap()).collect();
    let moves = ok(&["moves", "camelot"]);
    let mut listed = moves.lines();
    names.sort();
    listed.sort();
    assert_eq!(names, listed);

    // Counting paths too: a move reached by several paths is one row, the
    // sum of its paths' counts (12 580 paths at depth 2 against 10 026
    // positions).
    for paths in [false, true] {
        let args = ["perft", "camelot", "--depth", "2", "--divide", "--json", "--paths"];
        let v = json(&ok(&args[..args.len() - usize::from(!paths)]));
        let divide = v["divide"].as_object().expect("a divide object");
        assert_eq!(divide.len(), 100);
        assert_eq!(divide.values().map(|n| n.as_u64().unwrap()).sum::<u64>(), v["nodes"].as_u64().unwrap());
        assert_eq!(v["nodes"], if paths { 12_580 } else { 10_026 });
    }
    let out = ok(&["perft", "checkers", "--position", "W:WK22:B4,18,19,26,27", "--depth", "1", "--paths", "--divide"]);
    assert!(out.stdout.starts_with("22x15x24x31x22           2\n\n"), "{}", out.show());
    // Depth 0 divides by no move, and counts the position, as without --divide.
    for paths in [false, true] {
        let args = ["perft", "camelot", "--depth", "0", "--divide", "--json", "--paths"];
        let v = json(&ok(&args[..args.len() - usize::from(!paths)]));
        assert_eq!((v["nodes"].clone(), v["divide"].clone()), (serde_json::json!(1), serde_json::json!({})));
    }
}

#[test]
fn perft_paths_count_at_least_the_positions() {
    for depth in ["1", "2"] {
        let positions = perft_text_nodes(&ok(&["perft", "camelot", "--depth", depth]));
        let out = ok(&["perft", "camelot", "--depth", depth, "--paths"]);
        assert!(out.lines()[0].ends_with(" (paths)"), "{}", out.show());
        let paths = perft_text_nodes(&out);
        assert!(paths >= positions, "depth {depth}: {paths} paths < {positions} positions");
    }
    let v = json(&ok(&["perft", "camelot", "--depth", "1", "--paths", "--json"]));
    assert_eq!(v["count"], "paths");
    assert!(v["nodes"].as_u64().unwrap() >= 100);
}

#[test]
fn perft_after_moves_and_of_a_finished_game() {
    let seq = "1.E6-E8 H11-F9 2.H6-F8 G10-G9";
    assert_eq!(perft_text_nodes(&ok(&["perft", "camelot", "--moves", seq, "--depth", "1"])), 5);
    let over = "W:WF16,G16:BKC11,D11 castle-moves=0,0";
    let out = ok(&["perft", "camelot", "--position", over, "--depth", "2"]);
    assert_eq!(perft_text_nodes(&out), 0);
    // (The 0 says why: the game is over there.)
    assert!(
        out.stdout.ends_with("no move: the game is over: White wins (two pieces in Black's castle)\n"),
        "{}",
        out.show()
    );
    assert!(!ok(&["perft", "camelot", "--depth", "1"]).stdout.contains("no move"));
}

#[test]
fn perft_without_depth_is_a_usage_error() {
    let out = fails(&["perft", "camelot"], 2);
    assert!(out.stderr.contains("--depth <DEPTH>"), "{}", out.show());
    assert!(out.stderr.contains("Usage: camelot perft"), "{}", out.show());
    assert_eq!(out.stdout, "");
}

#[test]
fn perft_with_zero_threads_is_an_error() {
    let out = fails(&["perft", "camelot", "--depth", "1", "--threads", "0"], 2);
    assert!(
        out.stderr
            .starts_with("error: invalid value '0' for '--threads <THREADS>': expected a whole number from 1 to 256\n"),
        "{}",
        out.stderr
    );
}

// ---------------------------------------------------------------------------
// replay

/// The final position of tests/games/short.pgn.
const SHORT_FINAL: &str = "W:WKJ6,KD7,KI7,D6,F6,G6,I6,E7,F7,G7,H7,F8,F16:\
BKD10,KI10,KC11,KJ12,E10,F10,H10,I11,D14 castle-moves=1,0 clock=3";

#[test]
fn replay_a_game_with_tags_comments_glyphs_and_an_abbreviated_charge() {
    let out = ok(&["replay", "tests/games/short.pgn"]);
    let lines = out.lines();
    assert_eq!(
        lines[..4],
        [
            "Event: End-to-end test game",
            "White: Ann",
            "Black: Bob",
            "note: tests/games/short.pgn:8:3: read `C6-G8xG10xG12` as C6-E6-G8xG10xG12",
        ],
        "{}",
        out.show()
    );
    assert_eq!(
        lines[lines.len() - 3..],
        [SHORT_FINAL, "16 moves played. White to move (move 9). castle-moves: White 1, Black 0.", "Result: *"],
        "{}",
        out.show()
    );
    // The diagram: a White man in Black's castle, a Black man on D14.
    assert_eq!(lines[5], " 16                [M][ ]               16");
    assert_eq!(lines[7], " 14     .  .  m  .  .  .  .  .  .  .    14");
    assert_eq!(out.stderr, "");
    // The same moves given to `show` reach the same position.
    let moves = "1.E6-E8 H11-F9 2.H6-F8 G10-G9 3.C6-E6-G8xG10xG12 F11xH13 4.E8xG10 E11-E9-G11 \
                 5.G10xG12xI14 J11-J12 6.I14-H15 D11-D12 7.H15-G16 D12-D13 8.G16-F16 D13-D14";
    assert_eq!(position_after(moves), SHORT_FINAL);
}

/// A saved game given where a variant goes is said to be one, not read
/// as a variant file that it is not.
#[test]
fn a_saved_game_is_no_variant() {
    let dir = TempDir::new("record-as-variant");
    let file = dir.path("game.pgn");
    std::fs::write(&file, "[Variant \"camelot\"]\n\n1.E6-E8 *\n").unwrap();
    for args in [vec!["show", &file], vec!["analyze", &file, "--depth", "1"], vec!["perft", &file, "--depth", "1"]] {
        let out = run(&args);
        assert_eq!(out.status, 1, "{}", out.show());
        assert!(out.stderr.contains("game.pgn is a saved game, not a variant"), "{}", out.show());
    }
}

/// A record's tags are printed as written, but for control characters:
/// a record from elsewhere could otherwise clear the screen or retitle the
/// terminal's window.
#[test]
fn replay_writes_the_control_characters_of_tags_as_escapes() {
    let dir = TempDir::new("replay-escapes");
    let file = dir.path("escapes.pgn");
    std::fs::write(&file, "[Variant \"camelot\"]\n[White \"x\u{1b}]0;title\u{7}\u{1b}[2Jy\"]\n\n1.E6-E8 *\n").unwrap();
    let out = ok(&["replay", &file]);
    assert_eq!(out.lines()[0], "White: x<U+001B>]0;title<U+0007><U+001B>[2Jy", "{}", out.show());
    assert!(!out.stdout.contains('\u{1b}'), "{}", out.show());
}

/// A file of several games is checked whole, as archives of hundreds of
/// games need: each game's problem is said where it is, the games after
/// it are replayed, and the command fails saying how many had problems.
#[test]
fn replay_checks_every_game_of_a_file() {
    let dir = TempDir::new("replay-all");
    let file = dir.path("games.pgn");
    let games = "[Round \"1\"]\n1.E6-E8 *\n\n[Round \"2\"]\n1.E6-E9 *\n\n[Round \"3\"]\n1.F6-F8 1-1\n\n\
                 [Round \"4\"]\n1.F7-F8 *\n";
    std::fs::write(&file, games).unwrap();
    let out = fails(&["replay", &file], 1);
    let errors: Vec<&str> = out.stderr.lines().collect();
    assert_eq!(errors.len(), 3, "{}", out.show());
    assert!(errors[0].starts_with(&format!("error: {file}:5:3: move 1 (White): `E6-E9` is not legal here")));
    assert!(errors[1].starts_with(&format!("error: {file}:8:9: game 3: the result `1-1` is not a result")));
    assert_eq!(errors[2], format!("error: {file}: 2 of its 4 games have problems (each said above)"));
    assert!(out.stdout.contains("Game 4 of 4\nRound: 4\n"), "{}", out.show());
    assert!(
        out.stdout.ends_with("Black to move (move 1). castle-moves: White 0, Black 0.\nResult: *\n"),
        "{}",
        out.show()
    );
}

#[test]
fn replay_a_file_with_several_games() {
    let out = ok(&["replay", "tests/games/several.pgn"]);
    let text = &out.stdout;
    let one = text.find("Game 1 of 3\nEvent: Game one\n").unwrap_or_else(|| panic!("{}", out.show()));
    let two = text.find("Game 2 of 3\nEvent: Game two\n").unwrap_or_else(|| panic!("{}", out.show()));
    let three = text.find("Game 3 of 3\nEvent: Game three\n").unwrap_or_else(|| panic!("{}", out.show()));
    assert!(one < two && two < three);
    let (g1, g2, g3) = (&text[one..two], &text[two..three], &text[three..]);
    assert!(g1.contains(&format!("\n{}\n", position_after("1.E6-E8 H11-F9 2.H6-F8 G10-G9"))), "{g1}");
    assert!(g1.contains("\n4 moves played. White to move (move 3). castle-moves: White 0, Black 0.\n"), "{g1}");
    assert!(g1.ends_with("\nResult: *\n"), "{g1}");
    assert!(g2.contains("\nB:WF16,G16:BKC11,D11 castle-moves=0,0\n"), "{g2}");
    assert!(g2.contains(" played. Game over: White wins (two pieces in Black's castle).\n"), "{g2}");
    assert!(g2.ends_with("\nResult: 1-0\n"), "{g2}");
    assert!(g3.contains("\nB:WKC6,D7:BE9 castle-moves=0,0 clock=2\n"), "{g3}");
    assert!(g3.contains("\n2 moves played. Black to move (move 2). castle-moves: White 0, Black 0.\n"), "{g3}");
    assert!(g3.ends_with("\nResult: *\n"), "{g3}");
    assert_eq!(out.stderr, "");
}

#[test]
fn replay_stops_at_an_illegal_move_and_lists_the_moves_of_that_piece() {
    // E8xG10xE12 stops where the jump must go on (xC10xC12).
    let out = fails(&["replay", "tests/games/illegal.pgn"], 1);
    assert_eq!(
        out.stderr,
        "error: tests/games/illegal.pgn:6:3: move 3 (White): `E8xG10xE12` is not legal here: \
         the jump must continue: E8xG10xE12xC10xC12; \
         the legal moves of that piece are: E8xG10xE12xC10xC12 E8xG10xG12 E8xG10xG8\n"
    );
}

#[test]
fn a_refused_move_names_the_rule_that_refuses_it() {
    // White must capture with F8: E6's move is refused for that reason.
    let out = fails(&["show", "camelot", "--moves", "1.F7-F8 F10-F9 2.E6-E8"], 1);
    assert!(
        out.stderr.contains("move 2 (White): `E6-E8` is not legal here: a capture is obligatory: F8 can capture"),
        "{}",
        out.show()
    );
}

#[test]
fn replay_a_missing_file() {
    let out = fails(&["replay", "tests/games/no-such-game.pgn"], 1);
    assert!(out.stderr.starts_with("error: cannot read tests/games/no-such-game.pgn: "), "{}", out.show());
    assert_eq!(out.stderr.lines().count(), 1, "{}", out.show());
    assert_eq!(out.stdout, "");
}

#[test]
fn replay_a_record_with_an_unclosed_comment() {
    let out = fails(&["replay", "tests/games/unclosed_comment.pgn"], 1);
    assert_eq!(out.stderr, "error: tests/games/unclosed_comment.pgn:3:16: comment `{` is never closed with `}`\n");
    assert_eq!(out.stdout, "");
}

#[test]
fn replay_a_record_with_a_bad_tag() {
    let out = fails(&["replay", "tests/games/bad_tag.pgn"], 1);
    assert_eq!(
        out.stderr,
        "error: tests/games/bad_tag.pgn:2:1: expected a tag pair such as [Variant \"camelot\"], found [White Ann]\n"
    );
    assert_eq!(out.stdout, "");
}

#[test]
fn replay_a_record_with_a_bad_position_or_variant() {
    let out = fails(&["replay", "tests/games/bad_position.pgn"], 1);
    assert!(out.stderr.starts_with("error: tests/games/bad_position.pgn:2:1: game 1: [Position] "), "{}", out.show());
    assert!(out.stderr.contains("at column 8: `Q3` is not a piece"), "{}", out.show());
    let out = fails(&["replay", "tests/games/unknown_variant.pgn"], 1);
    assert!(out.stderr.starts_with("error: tests/games/unknown_variant.pgn:1:1: game 1: the record's [Variant \"chess\"] is not a built-in variant"));
    // A game type this program does not play, and a variant file that is
    // not there: each at its tag.
    let dir = TempDir::new("replay-tags");
    for (name, text, said) in [
        (
            "type.pdn",
            "[Event \"e\"]\n[GameType \"20\"]\n\n1. 32-28 *\n",
            "type.pdn:2:1: game 1: the record's [GameType",
        ),
        ("file.pgn", "[Event \"e\"]\n[VariantFile \"none.toml\"]\n\n1.E6-E8 *\n", "file.pgn:2:1: game 1: cannot read"),
    ] {
        std::fs::write(dir.path(name), text).unwrap();
        let out = fails(&["replay", &dir.path(name)], 1);
        assert!(out.stderr.contains(said), "{}", out.show());
    }
}

#[test]
fn replay_reads_a_result_that_does_not_say_how_the_game_ended() {
    // As archives write a resignation: the result alone, or the PGN
    // standard's Termination values.
    let dir = TempDir::new("replay-results");
    let cases = [
        (
            "[GameType \"21\"]\n\n1. 11-15 23-19 2. 8-11 22-17 1-0\n",
            "Result: 1-0 (White lost, how the record does not say)",
        ),
        ("[Termination \"time forfeit\"]\n\n1.E6-E8 0-1\n", "Result: 0-1 (White lost on time)"),
        ("[Termination \"normal\"]\n\n1.E6-E8 1/2-1/2\n", "Result: 1/2-1/2 (drawn, how the record does not say)"),
        (
            "[Variant \"tri-camelot\"]\n\n1.E4-E2 1/2-0-1/2\n",
            "Result: 1/2-0-1/2 (Red lost, how the record does not say)",
        ),
    ];
    for (i, (text, said)) in cases.iter().enumerate() {
        let file = dir.path(&format!("r{i}.pgn"));
        std::fs::write(&file, text).unwrap();
        let out = run(&["replay", &file]);
        assert!(out.status == 0 && out.stdout.contains(said), "{text}: {}", out.show());
    }
    // Unterminated, yet a result: refused, at the tag.
    let file = dir.path("unterminated.pgn");
    std::fs::write(&file, "[Termination \"unterminated\"]\n\n1.E6-E8 0-1\n").unwrap();
    let out = fails(&["replay", &file], 1);
    assert!(out.stderr.contains("unterminated.pgn:1:1: game 1: the record gives the result 0-1"), "{}", out.show());
}

#[test]
fn replay_refuses_a_result_that_the_position_does_not_give() {
    let out = fails(&["replay", "tests/games/wrong_result.pgn"], 1);
    assert_eq!(
        out.stderr,
        "error: tests/games/wrong_result.pgn:4:9: game 1: the record gives the result 1-0-0, but the game is not \
         over after the last move, and no ending off the board gives that result (one player's loss, or a draw)\n",
        "{}",
        out.show()
    );
}

#[test]
fn replay_a_draw_by_repetition() {
    let out = ok(&["replay", "tests/games/repetition.pgn"]);
    let lines = out.lines();
    assert_eq!(lines[0], "Event: Knights to and fro");
    assert_eq!(
        lines[lines.len() - 3..],
        [
            format!("{START} clock=8").as_str(),
            "8 moves played. Game over: drawn (repetition of position).",
            "Result: 1/2-1/2",
        ],
        "{}",
        out.show()
    );
}

#[test]
fn replay_refuses_a_move_after_the_end_of_the_game() {
    let out = fails(&["replay", "tests/games/after_the_end.pgn"], 1);
    assert_eq!(
        out.stderr,
        "error: tests/games/after_the_end.pgn:4:11: move 1 (Black): the game is over (goal reached); no move is legal\n"
    );
}

// ---------------------------------------------------------------------------
// play

#[test]
fn play_a_game_at_the_terminal_then_replay_the_saved_record() {
    let dir = TempDir::new("play");
    let file = dir.path("game.pgn");
    let input = format!(
        "E6-E8\n\
         H11-H7\n\
         H11-F9\n\
         H6-F8\n\
         D11-D12\n\
         undo\n\
         G10-G9\n\
         C6-G8xG10xG12\n\
         F11xH13\n\
         save {file}\n"
    );
    let out = run_stdin(&["play", "camelot"], &input);
    assert_eq!(out.status, 0, "end of input ends the program normally:\n{}", out.show());
    let text = &out.stdout;
    assert!(text.starts_with("Type a move (E6-E8, H4xJ4xL6, a charge I10-G8xG6xE6), or:\n"), "{}", out.show());
    // Follow the session in order.
    let expect_in_order = [
        "White to move (move 1). castle-moves: White 0, Black 0.\n",
        "Black to move (move 1). castle-moves: White 0, Black 0.\n",
        "> move 1 (Black): `H11-H7` is not legal here: H7 is taken by a Man of White, and a piece lands only on an \
         empty cell; the legal moves of that piece are: H11-F9 H11-G12 H11-H12 H11-H9 H11-I12 H11-J9\n",
        "White to move (move 2). castle-moves: White 0, Black 0.\n",
        "Black to move (move 2). castle-moves: White 0, Black 0.\n",
        // D11-D12, then undo: Black to move again.
        "White to move (move 3). castle-moves: White 0, Black 0.\n",
        "Black to move (move 2). castle-moves: White 0, Black 0.\n",
        "White to move (move 3). castle-moves: White 0, Black 0.\n",
        "> read as C6-E6-G8xG10xG12\n",
        "Black to move (move 3). castle-moves: White 0, Black 0.\n",
        "White to move (move 4). castle-moves: White 0, Black 0.\n",
        &format!("> saved to {file}\n"),
    ];
    let mut at = 0;
    for want in expect_in_order {
        match text[at..].find(want) {
            Some(i) => at += i + want.len(),
            None => panic!("expected, after byte {at}: {want:?}\n{}", out.show()),
        }
    }
    assert_eq!(&text[at..], "> \n", "at end of input the program prints a newline and stops");
    assert_eq!(out.stderr, "");

    let saved = std::fs::read_to_string(&file).expect("the saved record");
    assert_eq!(
        saved,
        "[Variant \"camelot\"]\n[Result \"*\"]\n\n1.E6-E8 H11-F9 2.H6-F8 G10-G9 3.C6-E6-G8xG10xG12 F11xH13 *\n"
    );
    let replayed = ok(&["replay", &file]);
    let final_position = position_after("1.E6-E8 H11-F9 2.H6-F8 G10-G9 3.C6-G8xG10xG12 F11xH13");
    let lines = replayed.lines();
    assert_eq!(lines[lines.len() - 3], final_position, "{}", replayed.show());
    assert_eq!(lines[lines.len() - 2], "6 moves played. White to move (move 4). castle-moves: White 0, Black 0.");
    assert_eq!(lines[lines.len() - 1], "Result: *");
    // No temporary file is left next to the record.
    let left: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(left.len(), 1, "{left:?}");
}

#[test]
fn play_from_a_position_with_black_to_move_saves_a_record_that_replays() {
    let dir = TempDir::new("play-black");
    let file = dir.path("black.pgn");
    let start = "B:WKC6,D6,E6:BKD10,E10,F10 castle-moves=0,1 clock=3";
    let out = run_stdin(&["play", "camelot", "--position", start], &format!("E10-E9\nD6-D7\nsave {file}\nquit\n"));
    assert_eq!(out.status, 0, "{}", out.show());
    assert!(out.stdout.contains("Black to move (move 1). castle-moves: White 0, Black 1.\n"), "{}", out.show());
    assert!(out.stdout.contains("Black to move (move 2). castle-moves: White 0, Black 1.\n"), "{}", out.show());
    let saved = std::fs::read_to_string(&file).expect("the saved record");
    assert!(saved.contains(&format!("[Position \"{start}\"]\n")), "{saved}");
    assert!(saved.contains("1...E10-E9 2.D6-D7 *\n"), "{saved}");
    let replayed = ok(&["replay", &file]);
    let shown = ok(&["show", "camelot", "--position", start, "--moves", "1...E10-E9 2.D6-D7"]);
    let lines = replayed.lines();
    assert_eq!(lines[lines.len() - 3], shown.last_line(), "{}", replayed.show());
    assert_eq!(shown.last_line(), "B:WKC6,E6,D7:BKD10,E9,F10 castle-moves=0,1 clock=5");
}

#[test]
fn a_game_saved_without_an_extension_is_a_pgn_file_that_play_continues() {
    // `save camelot` would otherwise make a file named like the built-in
    // variant, which `camelot play camelot` does not continue.
    let dir = TempDir::new("play-save-bare");
    let out = run_stdin_in(&dir, &["play", "camelot", "--color", "never"], b"F7-F8\nsave camelot\nquit\n");
    assert_eq!(out.status, 0, "{}", out.show());
    assert!(out.stdout.contains("> saved to camelot.pgn\n"), "{}", out.show());
    assert!(!std::path::Path::new(&dir.path("camelot")).exists());
    let out = run_stdin_in(&dir, &["play", "camelot.pgn", "--color", "never"], b"history\nquit\n");
    assert!(
        out.stdout.contains("continuing the game of camelot.pgn") && out.stdout.contains("1.F7-F8"),
        "{}",
        out.show()
    );
    // A name with an extension is kept as it is.
    let out = run_stdin_in(&dir, &["play", "camelot", "--color", "never"], b"F7-F8\nsave game.txt\nquit\n");
    assert!(out.stdout.contains("> saved to game.txt\n"), "{}", out.show());
}

#[test]
fn play_commands_help_undo_save_and_quit() {
    let dir = TempDir::new("play-misc");
    let nowhere = dir.path("no-such-dir/game.pgn");
    let input = format!(
        "undo\n\
         help\n\
         E6-E8 H11-F9\n\
         Z6-E8\n\
         H11-F9\n\
         save\n\
         save {nowhere}\n\
         moves\n\
         quit now\n\
         hint please\n\
         History\n\
         QUIT\n\
         E6-E8\n"
    );
    let out = run_stdin(&["play", "camelot"], &input);
    assert_eq!(out.status, 0, "{}", out.show());
    let text = &out.stdout;
    assert!(text.contains("> nothing to undo\n"), "{}", out.show());
    // A command that takes nothing is not read with more after it.
    assert!(text.contains("> `quit` takes nothing after it: type `quit` alone\n"), "{}", out.show());
    assert!(text.contains("> `hint` takes nothing after it: type `hint` alone\n"), "{}", out.show());
    assert!(text.contains("> Type a move"), "help repeats the help text:\n{}", out.show());
    assert!(
        text.contains("  quit         leave (a game not saved is kept in a file, which is named)\n"),
        "{}",
        out.show()
    );
    assert!(text.contains("> one move at a time, please (type help for the commands)\n"), "{}", out.show());
    assert!(
        text.contains("> move 1 (White): `Z6-E8` is not a move: at column 1, expected a cell of the board, not `Z6`\n"),
        "{}",
        out.show()
    );
    assert!(text.contains("> not saved: give a file name: save FILE\n"), "{}", out.show());
    assert!(text.contains("> not saved: cannot write "), "{}", out.show());
    assert!(!Path::new(&nowhere).exists());
    // H11-F9 was not played (a White move was needed), so `moves` lists
    // White's 100 moves, a line for each of its 14 pieces.
    let first = text.find("> C6: C6-B5 ").unwrap_or_else(|| panic!("{}", out.show()));
    let listed: Vec<&str> = text[first + 2..].lines().take_while(|l| !l.starts_with('>')).collect();
    assert_eq!(listed.len(), 14, "{listed:?}");
    assert_eq!(listed.iter().map(|l| l.split_whitespace().count() - 1).sum::<usize>(), 100, "{listed:?}");
    // Commands in any case, as moves: `History` lists the (empty) game.
    assert!(text.contains("> *\n"), "{}", out.show());
    // After quit nothing more is read: the last prompt is the one that read quit.
    assert!(text.ends_with("> "), "{}", out.show());
    assert!(!text.contains("Black to move"), "{}", out.show());
}

#[test]
fn play_ends_at_end_of_input_with_status_0() {
    let out = run_stdin(&["play", "camelot"], "");
    assert_eq!(out.status, 0, "{}", out.show());
    assert!(out.stdout.ends_with("White to move (move 1). castle-moves: White 0, Black 0.\n> \n"), "{}", out.show());
}

#[test]
fn a_game_over_from_its_start_offers_no_undo() {
    let dir = TempDir::new("play-over-at-start");
    let out = run_stdin_in(&dir, &["play", "camelot", "--position", "W:WKC6:BKC11"], b"undo\n");
    assert_eq!(out.status, 0, "{}", out.show());
    assert!(
        out.stdout.contains(
            "Game over: drawn (no side has enough pieces left to win).\n\
                             The game is over: save FILE keeps it, quit leaves.\n"
        ),
        "{}",
        out.show()
    );
    assert!(!out.stdout.contains("undo takes back"), "{}", out.show());
}

#[test]
fn play_says_when_the_game_is_over() {
    // One quiet move reaches the 100-ply limit; no move is legal after it, until undo.
    let dir = TempDir::new("play-over");
    let start = "W:WKC6,D6:BE10,F11 castle-moves=0,0 clock=99";
    let out = run_stdin_in(&dir, &["play", "camelot", "--position", start], b"C6-C7\nE10-E9\nmoves\nundo\nD6-D7\n");
    assert_eq!(out.status, 0, "{}", out.show());
    let text = &out.stdout;
    let over = "Game over: drawn (move limit without progress).\n\
                The game is over: save FILE keeps it, undo takes back moves, quit leaves.\n";
    let at = text.find(over).unwrap_or_else(|| panic!("{}", out.show()));
    let refused = text
        .find("> move 1 (Black): the game is over (move limit without progress); no move is legal\n")
        .unwrap_or_else(|| panic!("{}", out.show()));
    assert!(at < refused);
    assert!(text.contains("> the game is over: no move is legal\n"), "{}", out.show());
    assert!(text[refused..].contains("White to move (move 1). castle-moves: White 0, Black 0.\n"), "{}", out.show());
    // Left unsaved, the game is kept in a file, which is named.
    assert!(
        text.ends_with(&format!(
            "{over}> \nthe game was not saved: it is kept in camelot-unsaved-1.pgn \
             (camelot play camelot-unsaved-1.pgn goes on with it)\n"
        )),
        "{}",
        out.show()
    );
    let kept = std::fs::read_to_string(dir.path("camelot-unsaved-1.pgn")).unwrap();
    assert!(kept.contains("1.D6-D7 1/2-1/2"), "{kept}");
}

#[test]
fn play_continues_a_saved_game_with_its_history() {
    let dir = TempDir::new("play-resume");
    let out = run_stdin_in(&dir, &["play", "camelot", "--moves", "1.F7-F8 F10-F9"], b"F8xF10xF12\nsave g1.pgn\n");
    assert_eq!(out.status, 0, "{}", out.show());
    assert!(!Path::new(&dir.path("camelot-unsaved-1.pgn")).exists(), "saved: nothing to keep");
    // The saved game goes on where it stopped, with its history (undo reaches its start).
    let out = run_stdin_in(&dir, &["play", "g1.pgn"], b"history\nundo 3\nhistory\nquit\n");
    assert_eq!(out.status, 0, "{}", out.show());
    let text = &out.stdout;
    assert!(text.contains("continuing the game of g1.pgn\n"), "{}", out.show());
    assert!(text.contains("Black to move (move 2)."), "{}", out.show());
    assert!(text.contains("> 1.F7-F8 F10-F9 2.F8xF10xF12 *\n"), "{}", out.show());
    assert!(text.contains("> took back 3 moves\n"), "{}", out.show());
    assert!(text.contains("> *\n"), "the history is empty after undo 3:\n{}", out.show());
    // (Back at the start, there is nothing to keep.)
    assert!(!text.contains("camelot-unsaved"), "{}", out.show());
}

#[test]
fn every_command_reading_a_records_game_refuses_a_wrong_result_in_the_same_words() {
    // One reader of a record's game serves replay, review, suite and play:
    // a result the moves contradict is one error, with its place.
    let dir = TempDir::new("record-readers");
    let record = "[Variant \"Camelot\"]\n[Result \"0-1\"]\n[Best \"F10-F9\"]\n\n1.F7-F8 1-0\n";
    std::fs::write(dir.path("g.pgn"), record).unwrap();
    let said = "g.pgn:5:9: game 1: the movetext ends with 1-0, but the [Result] tag says 0-1\n";
    for args in [&["replay", "g.pgn"][..], &["review", "g.pgn", "--depth", "1"], &["play", "g.pgn"]] {
        let out = run_stdin_in(&dir, args, b"quit\n");
        assert_eq!(out.status, 1, "{args:?}: {}", out.show());
        assert!(out.stderr.ends_with(said), "{args:?}: {}", out.show());
    }
    // The suite only needs the position: its result is not the suite's business.
    let out = run_stdin_in(&dir, &["suite", "g.pgn", "--depth", "2"], b"");
    assert_eq!(out.status, 0, "{}", out.show());
    // A move that cannot be played is one error too, with its move number.
    std::fs::write(dir.path("g.pgn"), "[Variant \"Camelot\"]\n[Best \"F8-F9\"]\n\n1.F7-F8 E10-E7 *\n").unwrap();
    let said = "g.pgn:4:9: move 1 (Black): `E10-E7` is not legal here";
    for args in [
        &["replay", "g.pgn"][..],
        &["review", "g.pgn", "--depth", "1"],
        &["play", "g.pgn"],
        &["suite", "g.pgn", "--depth", "1"],
    ] {
        let out = run_stdin_in(&dir, args, b"quit\n");
        assert_eq!(out.status, 1, "{args:?}: {}", out.show());
        assert!(out.stderr.contains(said), "{args:?}: {}", out.show());
    }
}

#[test]
fn play_quotes_a_long_line_shortened() {
    // A megabyte typed (pasted) as a move, a cell and a count: each refused
    // in a line that quotes its first 40 characters, not the megabyte.
    let long = "E".repeat(1 << 20);
    let digits = "9".repeat(1 << 20);
    let input = format!("{long}\nmoves {long}\nundo {long}\n{digits}.E6-E8\nquit\n");
    let out = run_stdin(&["play", "camelot"], &input);
    assert_eq!(out.status, 0, "{}", out.show().chars().take(2000).collect::<String>());
    assert!(out.stdout.len() < 20_000, "{} bytes of output", out.stdout.len());
    let short = format!("{}…", "E".repeat(40));
    assert!(out.stdout.contains(&format!("`{short}` is not a move")), "{}", &out.stdout[..2000.min(out.stdout.len())]);
    assert!(out.stdout.contains(&format!("there is no cell {short} on this board")));
    assert!(out.stdout.contains(&format!("undo takes a number of moves to take back (undo 2), not `{short}`")));
    assert!(out.stdout.contains(&format!("`{}…` is not a move number", "9".repeat(40))));
}

#[test]
fn play_refuses_a_line_that_is_not_text_and_goes_on() {
    let dir = TempDir::new("play-utf8");
    let out = run_stdin_in(&dir, &["play", "camelot"], b"F7-F8\n\xff\xfeF10\nF10-F9\nhistory\nsave g.pgn\n");
    assert_eq!(out.status, 0, "{}", out.show());
    assert!(
        out.stdout.contains("> that line is not text (it is not valid UTF-8): ignored; type it again\n"),
        "{}",
        out.show()
    );
    assert!(out.stdout.contains("> 1.F7-F8 F10-F9 *\n"), "{}", out.show());
}

#[test]
fn play_names_the_rule_and_lists_a_pieces_moves() {
    let dir = TempDir::new("play-why");
    let input = b"E6-E8\nF8-E8\nF8xF10\nE6\nmoves F8\nmoves Z1\nundo x\nquit\n";
    let out = run_stdin_in(&dir, &["play", "camelot", "--moves", "1.F7-F8 F10-F9"], input);
    let text = &out.stdout;
    // The obligation is stated before anything is typed.
    assert!(
        text.contains(
            "White to move (move 2). castle-moves: White 0, Black 0.\nA capture is obligatory: F8 can capture\n"
        ),
        "{}",
        out.show()
    );
    assert!(
        text.contains("> move 2 (White): `E6-E8` is not legal here: a capture is obligatory: F8 can capture\n"),
        "{}",
        out.show()
    );
    // A step of the piece that can capture is refused by the same rule.
    assert!(
        text.contains(
            "> move 2 (White): `F8-E8` is not legal here: a capture is obligatory: F8 can capture; the legal moves \
             of that piece are: F8xF10xD12xB10 F8xF10xF12 F8xF10xH12xJ10xJ12\n"
        ),
        "{}",
        out.show()
    );
    // Every way on is named (at most three, then how many more).
    // (Named once: they are the piece's moves, which are not listed again.)
    let on = "the jump must continue: F8xF10xD12xB10 or F8xF10xF12 or F8xF10xH12xJ10xJ12\n";
    assert!(text.contains(&format!("`F8xF10` is not legal here: {on}")), "{}", out.show());
    assert!(
        text.contains("> a capture is obligatory: F8 can capture\n"),
        "typing a cell lists its moves:\n{}",
        out.show()
    );
    assert!(text.contains("> F8: F8xF10xD12xB10 F8xF10xF12 F8xF10xH12xJ10xJ12\n"), "{}", out.show());
    assert!(text.contains("> there is no cell Z1 on this board\n"), "{}", out.show());
    assert!(text.contains("> undo takes a number of moves to take back (undo 2), not `x`\n"), "{}", out.show());
}

#[test]
fn play_tri_camelot_says_who_is_out_and_counts_rounds() {
    let dir = TempDir::new("play-tri");
    let out = run_stdin_in(
        &dir,
        &["play", "tri-camelot", "--position", "B:BKF3,D5,F5:RG6:GKI14,I12,J13"],
        b"help\nF5xH7\nJ13-J11\nhistory\nsave tri.pgn\nquit\n",
    );
    let text = &out.stdout;
    assert!(text.contains("Type a move (F5-F9, H5xH9xF11, a charge F5-F9-H11xF13xD11), or:"), "{}", out.show());
    assert!(text.contains("Red is out: no pieces left (turns skip Red)\n"), "{}", out.show());
    assert!(text.contains("Green to move (move 1)."), "{}", out.show());
    assert!(text.contains("Blue to move (move 2)."), "{}", out.show());
    // The record says who is out, so that a reader knows J13-J11 is Green's.
    assert!(text.contains("> 1.F5xH7 {Red is out} J13-J11 *\n"), "{}", out.show());
    let saved = std::fs::read_to_string(dir.path("tri.pgn")).unwrap();
    assert!(saved.ends_with("\n1.F5xH7 {Red is out} J13-J11 *\n"), "{saved}");
    // Records replay with the comment and without it, to the same position.
    let with = run_stdin_in(&dir, &["replay", "tri.pgn"], b"");
    assert_eq!(with.status, 0, "{}", with.show());
    std::fs::write(dir.path("bare.pgn"), saved.replace(" {Red is out}", "")).unwrap();
    let without = run_stdin_in(&dir, &["replay", "bare.pgn"], b"");
    assert_eq!(without.stdout, with.stdout);
    assert!(with.stdout.contains("2 moves played. Blue to move (move 2).\n"), "{}", with.show());
}

#[test]
fn play_a_variant_file_then_replay_the_saved_record() {
    // A variant read from a file, under its own name: the help text promises
    // that `camelot replay FILE` reads what `save FILE` wrote.
    let dir = TempDir::new("play-variant-file");
    let variant = dir.path("mycamelot.toml");
    let text = std::fs::read_to_string(package_dir().join("variants/camelot.toml")).unwrap();
    std::fs::write(&variant, text.replace("name = \"camelot\"", "name = \"mycamelot\"")).unwrap();
    ok(&["check", &variant]);
    let file = dir.path("game.pgn");
    let out = run_stdin(&["play", &variant], &format!("E6-E8\nsave {file}\n"));
    assert_eq!(out.status, 0, "{}", out.show());
    assert!(out.stdout.contains(&format!("> saved to {file}\n")), "{}", out.show());
    let replayed = run(&["replay", &file]);
    assert_eq!(
        replayed.status,
        0,
        "the saved record of a game of a variant file should replay:\n{}\n--- record\n{}",
        replayed.show(),
        std::fs::read_to_string(&file).unwrap_or_default()
    );
    let after = run(&["show", &variant, "--moves", "1.E6-E8"]);
    assert!(replayed.stdout.contains(&format!("\n{}\n", after.last_line())), "{}", replayed.show());
    // The record names the file beside it from its folder: the two moved
    // together to another folder still replay.
    let record = std::fs::read_to_string(&file).unwrap();
    assert!(record.contains("[VariantFile \"mycamelot.toml\"]"), "{record}");
    let moved = TempDir::new("play-variant-file-moved");
    std::fs::rename(&variant, moved.path("mycamelot.toml")).unwrap();
    std::fs::rename(&file, moved.path("game.pgn")).unwrap();
    let replayed = run(&["replay", &moved.path("game.pgn")]);
    assert_eq!(replayed.status, 0, "{}", replayed.show());
}

/// A game kept unsaved in the current folder names a variant file there as
/// a saved game does: from its folder.
#[test]
fn an_unsaved_game_names_its_variant_file_from_its_folder() {
    let dir = TempDir::new("play-kept-variant");
    std::fs::write(dir.join("mine.toml"), "extends = \"camelot\"\nname = \"mine\"\n").unwrap();
    let out = run_stdin_in(&dir, &["play", "mine.toml", "--color", "never"], b"F7-F8\nquit\n");
    assert!(out.stdout.contains("it is kept in camelot-unsaved-1.pgn"), "{}", out.show());
    let kept = std::fs::read_to_string(dir.join("camelot-unsaved-1.pgn")).unwrap();
    assert!(kept.contains("[VariantFile \"mine.toml\"]"), "{kept}");
}

/// A game taken back to its start has nothing to keep: `quit` writes no
/// `camelot-unsaved-N.pgn`.
#[test]
fn play_keeps_no_game_taken_back_to_its_start() {
    let dir = TempDir::new("play-undone");
    let out = run_stdin_in(&dir, &["play", "camelot", "--color", "never"], b"F7-F8\nundo\nquit\n");
    assert_eq!(out.status, 0, "{}", out.show());
    assert!(!out.stdout.contains("the game was not saved"), "{}", out.show());
    assert!(!dir.join("camelot-unsaved-1.pgn").exists());
}

/// `save` never writes over a file the variant file extends: the game's
/// rules come from it too, and the record would no longer replay.
#[test]
fn play_saves_over_no_file_the_variant_extends() {
    let dir = TempDir::new("play-extends");
    std::fs::write(dir.join("good.toml"), "extends = \"camette\"\nname = \"mycam\"\n").unwrap();
    std::fs::write(dir.join("child.toml"), "extends = \"good.toml\"\nname = \"child\"\n").unwrap();
    let out = run_stdin_in(&dir, &["play", "child.toml", "--color", "never"], b"B3-A3\nsave good.toml\nquit\n");
    assert!(
        out.stdout.contains("> not saved: cannot write good.toml: it is a variant file of the game being played"),
        "{}",
        out.show()
    );
    assert_eq!(std::fs::read_to_string(dir.join("good.toml")).unwrap(), "extends = \"camette\"\nname = \"mycam\"\n");
    let out = run_stdin_in(&dir, &["play", "child.toml", "--color", "never"], b"B3-A3\nsave game.pgn\nquit\n");
    assert!(out.stdout.contains("saved to game.pgn"), "{}", out.show());
    let replayed = common::run_in(&dir, &["replay", "game.pgn"]);
    assert_eq!(replayed.status, 0, "{}", replayed.show());
}

/// The last `rows` lines `play` wrote before the last `marker` (the line
/// that follows a board): the board, from its first line (the files, or
/// the top row).
fn last_board_before<'a>(text: &'a str, marker: &str, rows: usize) -> Vec<&'a str> {
    let end = text.rfind(marker).unwrap_or_else(|| panic!("no {marker:?} in:\n{text}"));
    let lines: Vec<&str> = text[..end].lines().collect();
    // The first line follows the prompt of the line that was read.
    lines[lines.len() - rows..].iter().map(|l| l.strip_prefix("> ").unwrap_or(l)).collect()
}

#[test]
fn play_marks_the_last_move_on_the_board() {
    let dir = TempDir::new("play-last");
    let out = run_stdin_in(&dir, &["play", "camelot", "--moves", "1.F7-F8 F10-F9"], b"F8xF10xF12\nquit\n");
    assert_eq!(out.status, 0, "{}", out.show());
    let text = &out.stdout;
    // Before any move is typed, the last move of --moves is marked.
    let first = last_board_before(text, "Last move: Black F10-F9", 18);
    assert_eq!(first[7], " 10  .  .  .  k  m  *  m  m  k  .  .  . 10", "{first:#?}");
    assert_eq!(first[8], "  9  .  .  .  .  . (m) .  .  .  .  .  .  9", "{first:#?}");
    // The jump: where it started and landed (*), what it took (x), where it stopped ( ).
    let board = last_board_before(text, "Last move: White F8xF10xF12", 18);
    assert_eq!(
        board[5..11],
        [
            " 12  .  .  .  .  . (M) .  .  .  .  .  . 12",
            " 11  .  .  k  m  m  x  m  m  m  k  .  . 11",
            " 10  .  .  .  k  m  *  m  m  k  .  .  . 10",
            "  9  .  .  .  .  .  x  .  .  .  .  .  .  9",
            "  8  .  .  .  .  .  *  .  .  .  .  .  .  8",
            "  7  .  .  .  K  M  .  M  M  K  .  .  .  7",
        ],
        "{}",
        out.show()
    );
    assert!(
        text.contains(
            "Last move: White F8xF10xF12, marked on the board: * its path, ( ) where it stopped, x what it took.\n\
             Black to move (move 2)."
        ),
        "{}",
        out.show()
    );
    // The engine's moves are marked too, and a game with no move yet has no mark.
    let out = run_stdin_in(&dir, &["play", "camelot", "--black", "engine", "--depth", "1"], b"F7-F8\nquit\n");
    assert_eq!(out.status, 0, "{}", out.show());
    let start = out.stdout.find("White to move (move 1).").unwrap_or_else(|| panic!("{}", out.show()));
    assert!(!out.stdout[..start].contains('*') && !out.stdout[..start].contains("Last move"), "{}", out.show());
    let engine = out.stdout.find("Black (engine) plays ").unwrap_or_else(|| panic!("{}", out.show()));
    assert!(out.stdout[engine..].contains("Last move: Black "), "{}", out.show());
}

#[test]
fn play_colours_the_board_at_a_terminal_unless_no_color_is_set() {
    let dir = TempDir::new("play-colour");
    let args = ["play", "camelot", "--moves", "1.F7-F8"];
    let esc = '\u{1b}';
    // Into a pipe (as here): plain text.
    let plain = run_stdin_env(&dir, &args, b"", &[]);
    assert!(!plain.stdout.contains(esc), "{}", plain.show());
    // Colour forced as a terminal would have it: the pieces, castles and the
    // last move's path are coloured, and the text is the same once the
    // colours are taken out (the marks stay).
    let coloured = run_stdin_env(&dir, &args, b"", &[("CLICOLOR_FORCE", "1")]);
    assert!(coloured.stdout.contains(&format!("{esc}[")), "{}", coloured.show());
    assert_eq!(strip_colour(&coloured.stdout), plain.stdout);
    // NO_COLOR wins over everything but --color always.
    let refused = run_stdin_env(&dir, &args, b"", &[("CLICOLOR_FORCE", "1"), ("NO_COLOR", "1")]);
    assert_eq!(refused.stdout, plain.stdout);
    let never = run_stdin_env(&dir, &[&args[..], &["--color", "never"]].concat(), b"", &[("CLICOLOR_FORCE", "1")]);
    assert_eq!(never.stdout, plain.stdout);
    let always = run_stdin_env(&dir, &[&args[..], &["--color", "always"]].concat(), b"", &[]);
    assert!(always.stdout.contains(esc), "{}", always.show());
    assert_eq!(strip_colour(&always.stdout), plain.stdout);
}

/// `text` without its ANSI colour sequences (`ESC [ ... m`).
fn strip_colour(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            for d in chars.by_ref() {
                if d == 'm' {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

#[test]
fn play_checkers_shows_the_number_of_every_square() {
    let dir = TempDir::new("play-checkers");
    let out = run_stdin_in(&dir, &["play", "checkers"], b"11-15\nquit\n");
    assert_eq!(out.status, 0, "{}", out.show());
    // Beside the board, a key with every square's number, occupied or not.
    let board = last_board_before(&out.stdout, "Last move: Black 11-15", 8);
    assert_eq!(
        board,
        [
            "     b     b     b     b        1     2     3     4",
            "  b     b     b     b        5     6     7     8",
            "     b     b     *     b        9    10    11    12",
            " 13    14    (b)   16       13    14    15    16",
            "    17    18    19    20       17    18    19    20",
            "  w     w     w     w       21    22    23    24",
            "     w     w     w     w       25    26    27    28",
            "  w     w     w     w       29    30    31    32",
        ],
        "{}",
        out.show()
    );
}

#[test]
fn play_tri_camelot_says_whose_each_castle_is() {
    let dir = TempDir::new("play-tri-castles");
    let out = run_stdin_in(&dir, &["play", "tri-camelot"], b"F5-F9\nquit\n");
    assert_eq!(out.status, 0, "{}", out.show());
    let text = &out.stdout;
    let key = "      A   B   C   D   E   F   G   H   I   J   K\n\
               Castles: F1 Blue's, A16 Red's, K16 Green's.\n\
               Blue to move (move 1).\n";
    assert!(text.contains(key), "{}", out.show());
    assert!(text.contains("  9      ..      ..     (BK)     ..      ..      9\n"), "{}", out.show());
    assert!(text.contains("  5              BM      **      BM              5\n"), "{}", out.show());
    assert!(text.contains("Castles: F1 Blue's, A16 Red's, K16 Green's.\nLast move: Blue F5-F9,"), "{}", out.show());
}

#[test]
fn play_help_lists_the_commands_of_the_game() {
    for flag in ["--help", "-h"] {
        let out = ok(&["play", flag]);
        for line in [
            "In the game, type a move (E6-E8,",
            "  moves [CELL] the legal moves, a line per piece",
            "  history      the game so far in notation (with the notes of the record\n",
            "  undo [N]     take back the last move (or the last N)\n",
            "  board        show the board again (also: show)\n",
            "  resign       the player to move resigns",
            "  draw         the player to move offers a draw",
            "  save FILE    write the game as a record",
            "  quit         leave",
            "--color <WHEN>",
        ] {
            assert!(out.stdout.contains(line), "play {flag} should say {line:?}:\n{}", out.show());
        }
    }
}

#[test]
fn variant_names_are_read_in_any_case() {
    let shown = ok(&["show", "camelot"]).stdout;
    assert_eq!(ok(&["show", "Camelot"]).stdout, shown);
    assert_eq!(ok(&["show", "CAMELOT"]).stdout, shown);
    assert_eq!(ok(&["moves", "Tri-Camelot"]).stdout, ok(&["moves", "tri-camelot"]).stdout);
    assert_eq!(ok(&["moves", "tricamelot"]).stdout, ok(&["moves", "tri-camelot"]).stdout);
    let out = run_stdin(&["play", "Checkers"], "11-15\nhistory\nquit\n");
    assert_eq!(out.status, 0, "{}", out.show());
    assert!(out.stdout.contains("> 1.11-15 *\n"), "{}", out.show());
    // A record of a game played under another spelling names the variant as built in.
    let dir = TempDir::new("variant-case");
    let out = run_stdin_in(&dir, &["play", "CHECKERS"], b"11-15\nsave g.pdn\n");
    assert_eq!(out.status, 0, "{}", out.show());
    let saved = std::fs::read_to_string(dir.path("g.pdn")).unwrap();
    assert!(saved.starts_with("[Variant \"checkers\"]\n[Result \"*\"]\n"), "{saved}");
}

// ---------------------------------------------------------------------------
// errors

#[test]
fn an_unknown_variant_is_an_error_everywhere() {
    // The built-in variants of every family, as `camelot variants` lists them.
    let names: Vec<String> =
        ok(&["variants"]).lines().iter().filter_map(|l| l.split_whitespace().next().map(String::from)).collect();
    assert!(names.contains(&"checkers".to_string()), "{names:?}");
    let want = format!(
        "error: unknown variant `chess`: expected a built-in variant ({}) or the path of a .toml file\n",
        names.join(", ")
    );
    for args in [
        &["show", "chess"][..],
        &["moves", "chess"],
        &["moves", "chess", "--json"],
        &["perft", "chess", "--depth", "1"],
        &["play", "chess"],
    ] {
        let out = fails(args, 1);
        assert_eq!(out.stderr, want, "camelot {args:?}");
        assert_eq!(out.stdout, "", "camelot {args:?}");
    }
    let out = fails(&["show", "tests/variants/no-such-variant.toml"], 1);
    assert_eq!(out.stderr, "error: cannot read tests/variants/no-such-variant.toml: no such file\n", "{}", out.show());
    let out = fails(&["replay", "tests/games/no-such-record.pgn"], 1);
    assert_eq!(out.stderr, "error: cannot read tests/games/no-such-record.pgn: no such file\n", "{}", out.show());
}

#[test]
fn a_file_that_is_not_text_names_the_line_and_column() {
    let dir = TempDir::new("not-utf8");
    // "é" in Latin-1 (one byte, 0xE9) on the third line of a variant file,
    // after `name = "caf`.
    let file = dir.path("latin1.toml");
    std::fs::write(&file, b"extends = \"camelot\"\n\nname = \"caf\xe9\"\n").unwrap();
    let out = fails(&["show", &file], 1);
    assert_eq!(out.stderr, format!("error: cannot read {file}: it is not UTF-8 text (line 3, column 12)\n"));
    // A record that is not UTF-8 is read as Latin-1, the encoding of the
    // PGN standard and PDN 2.0 (old archives' accented names): a byte that
    // is no part of a record is then refused where it stands.
    let file = dir.path("latin1.pgn");
    std::fs::write(&file, b"[White \"Caf\xe9\"]\n\n1. E6-E8 *\n").unwrap();
    let out = ok(&["replay", &file]);
    assert!(out.stdout.starts_with("White: Caf\u{e9}\n"), "{}", out.show());
    std::fs::write(&file, b"[Variant \"camelot\"]\n\n1. E6-E8 \xff\n").unwrap();
    let out = fails(&["replay", &file], 1);
    assert!(out.stderr.starts_with(&format!("error: {file}:3:10: `\u{ff}` is not a move")), "{}", out.show());
}

#[test]
fn a_bad_position_string_names_the_column() {
    let out = fails(&["show", "camelot", "--position", "W:WKC6,Z99:BE10"], 1);
    assert_eq!(
        out.stderr,
        "error: bad position string at column 8: `Z99` is not a piece; expected a cell of the board with a kind \
         prefix: Knight `K`, Man (no prefix)\n  W:WKC6,Z99:BE10\n         ^\n"
    );
    let cases = [
        ("X:WKC6:BE10", "at column 1: `X` is not a player; expected one of WB"),
        ("W:WKC6,C6:BE10", "at column 8: two pieces on C6"),
        ("W:WKC6:BE10:WD6", "at column 13: White has two sections"),
        ("W:WKC6", "at column 7: no section for Black"),
        ("W:WF16:BF1 castle-moves=99,0", "at column 25: `99` is not a count from 0 to 2"),
        ("W:WKC6:BE10 castle-moves=0", "at column 26: castle-moves needs 2 values"),
        ("W:WKC6:BE10 colour=red", "at column 13: unknown field `colour`"),
        ("", "at column 1: empty"),
    ];
    for (position, fragment) in cases {
        for cmd in ["show", "moves", "perft", "play"] {
            let mut args = vec![cmd, "camelot", "--position", position];
            if cmd == "perft" {
                args.extend(["--depth", "1"]);
            }
            let out = fails(&args, 1);
            assert!(out.stderr.starts_with("error: bad position string "), "{args:?}\n{}", out.show());
            assert!(out.stderr.contains(fragment), "{args:?} should say {fragment:?}\n{}", out.show());
        }
    }
}

#[test]
fn a_position_string_with_many_problems_lists_the_first_fifty() {
    let many = format!("W:W{}:BE10", vec!["KC6"; 1000].join(","));
    let out = fails(&["show", "camelot", "--position", &many], 1);
    assert!(out.stderr.starts_with("error: bad position string, 999 problems:"), "{}", out.show());
    assert_eq!(out.stderr.matches("two pieces on C6").count(), 50, "{}", out.show());
    assert!(out.stderr.contains("\n  ... and 949 more (only the first 50 are shown)\n"), "{}", out.show());
}

#[test]
fn bad_moves_name_the_move_number_and_the_side() {
    let out = fails(&["show", "camelot", "--moves", "1.E6-E8 H11-F9 2.H6-H9"], 1);
    assert_eq!(
        out.stderr,
        "error: --moves: 1:18: move 2 (White): `H6-H9` is not legal here: H9 is too far from H6: each step goes to \
         a neighbouring cell, each leap over one to the cell beyond; the legal moves of that piece are: H6-F8 \
         H6-F8-D8 H6-G5 H6-H5 H6-H8 H6-I5 H6-J8\n"
    );
    let out = fails(&["moves", "camelot", "--moves", "1.E6-E8 Q6-E8"], 1);
    assert_eq!(
        out.stderr,
        "error: --moves: 1:9: move 1 (Black): `Q6-E8` is not a move: at column 1, expected a cell of the board, \
         not `Q6`\n"
    );
    let out = fails(&["perft", "camelot", "--depth", "1", "--moves", "1.E6-E8 E8-E9"], 1);
    assert_eq!(
        out.stderr,
        "error: --moves: 1:9: move 1 (Black): `E8-E9`: the player to move has no piece on E8 (a Man of White, and Black is to move)\n"
    );
    let out = fails(&["show", "camelot", "--moves", "1.E6-E8 H11-F9 {unclosed"], 1);
    assert_eq!(out.stderr, "error: --moves: 1:16: comment `{` is never closed with `}`\n");
    let out = fails(&["show", "camelot", "--moves", "1.E6-E8 [White \"Ann\"]"], 1);
    assert!(out.stderr.starts_with("error: --moves: "), "{}", out.show());
}

#[test]
fn an_abbreviated_move_in_moves_is_read_and_said_so() {
    // The reference: a reader accepts a move whose written squares fit exactly
    // one legal move's path, "and say so" (as `replay` and `play` do).
    let seq = "1.E6-E8 H11-F9 2.H6-F8 G10-G9 3.E8xG12";
    let out = ok(&["show", "camelot", "--moves", seq]);
    assert_eq!(out.last_line(), position_after("1.E6-E8 H11-F9 2.H6-F8 G10-G9 3.E8xG10xG12"));
    assert!(
        out.stderr.contains("E8xG10xG12") || out.stdout.contains("E8xG10xG12"),
        "`show --moves` accepted `E8xG12` without saying it read it as E8xG10xG12:\n{}",
        out.show()
    );
}

#[test]
fn usage_errors_help_and_version() {
    let out = fails(&["bogus"], 2);
    assert!(out.stderr.contains("unrecognized subcommand 'bogus'"), "{}", out.show());
    let out = fails(&[], 2);
    assert!(out.stderr.contains("Usage: camelot <COMMAND>"), "{}", out.show());
    let out = fails(&["show"], 2);
    assert!(out.stderr.contains("<VARIANT>"), "{}", out.show());
    let out = fails(&["perft", "camelot", "--depth", "two"], 2);
    assert!(out.stderr.contains("invalid value 'two'"), "{}", out.show());
    let out = fails(&["check"], 2);
    assert!(out.stderr.contains("<FILES>..."), "{}", out.show());
    let out = ok(&["--help"]);
    for cmd in ["variants", "show", "moves", "perft", "replay", "play", "check"] {
        assert!(out.stdout.contains(&format!("  {cmd} ")), "--help lists {cmd}:\n{}", out.show());
    }
    let out = ok(&["--version"]);
    assert!(out.stdout.starts_with("camelot "), "{}", out.show());
}

/// Runs `camelot ARGS` in the package directory with stderr a pipe that
/// nobody reads any more (`2>&1 | head -1` after `head` has left): every
/// write to it fails (broken pipe).
fn run_with_stderr_closed(args: &[&str]) -> Out {
    // The pipe's reader is a program that has already ended.
    let mut gone = Command::new("true").stdin(Stdio::piped()).spawn().expect("`true` runs");
    let pipe = gone.stdin.take().expect("piped stdin");
    gone.wait().expect("`true` ends");
    let output = common::command(package_dir(), args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::from(pipe))
        .output()
        .expect("the camelot binary runs");
    common::finish(args, output)
}

#[test]
fn an_error_to_a_closed_stderr_keeps_its_exit_status() {
    // An error, a note and a file's problems, each written to stderr.
    for args in [
        &["show", "camelot", "--position", "W:WKC6,C6:BD11"][..],
        &["check", "tests/variants/misspelt_key.toml"],
        &["check", "no/such/file.toml"],
    ] {
        let out = run_with_stderr_closed(args);
        assert_eq!(out.status, 1, "camelot {args:?}: {}", out.show());
    }
    let out = run_with_stderr_closed(&["show", "camelot", "--moves", "1.E6-E8 H11-F9 2.H6-F8 G10-G9 3.E8xG12"]);
    // (A note on stderr: the abbreviated move read in full.)
    assert_eq!(out.status, 0, "{}", out.show());
    assert_eq!(out.last_line(), position_after("1.E6-E8 H11-F9 2.H6-F8 G10-G9 3.E8xG10xG12"));
}

// ---------------------------------------------------------------------------
// check

/// The lines of `check`'s summary of the variant file `text`.
fn summary_of(dir: &TempDir, text: &str) -> Vec<String> {
    std::fs::write(dir.join("v.toml"), text).unwrap();
    let out = run_in(dir, &["check", "v.toml"]);
    assert_eq!(out.status, 0, "{}", out.show());
    out.stdout.lines().map(|l| l.trim().to_string()).collect()
}

/// A chain of `extends` without titles names each file after the nearest
/// one it extends, not after every file of the chain.
#[test]
fn a_title_made_through_extends_names_the_nearest_variant() {
    let dir = TempDir::new("check-chain");
    std::fs::write(dir.join("c0.toml"), "extends = \"camette\"\nname = \"c0\"\n").unwrap();
    std::fs::write(dir.join("c1.toml"), "extends = \"c0.toml\"\nname = \"c1\"\n").unwrap();
    let lines = summary_of(&dir, "extends = \"c1.toml\"\nname = \"c2\"\n");
    assert_eq!(lines[1], "c2, based on c1", "{lines:?}");
}

#[test]
fn check_names_every_rule_option_that_differs_from_the_wcf_rules() {
    let dir = TempDir::new("check-options");
    let parker = ok(&["check", "variants/parker-1930.toml"]).stdout;
    assert!(parker.contains("\n  a jump into one's own castle ends there\n"), "{parker}");
    let lines = summary_of(
        &dir,
        "extends = \"camelot\"\nname = \"v\"\n[rules]\nblocked_castle_piece = \"stuck\"\n\
         [end]\nextinction = [\"Knight\"]\n",
    );
    assert!(
        lines.iter().any(|l| l.starts_with("a piece that must leave its own castle but cannot leaves")),
        "{lines:?}"
    );
    assert!(lines.last().unwrap().contains("losing its last Knight loses"), "{lines:?}");
    let tri = ok(&["check", "variants/tri-camelot.toml"]).stdout;
    for line in [
        "the castle to a player's left is its goal; the one to its right may not be entered",
        "entering the goal castle is legal even when a capture is obligatory, and free of the canter rule",
    ] {
        assert!(tri.contains(line), "{tri}");
    }
    // More than two players: no "opponent" in the singular.
    let three = summary_of(
        &dir,
        "extends = \"tri-camelot\"\nname = \"v\"\n[rules]\nother_castles = \"enter\"\ngoal_entry_exempt = false\n\
         [end]\nno_moves = \"loss\"\nno_moves_loss_needs = 2\n",
    );
    // Royal pieces no side starts with are spares: losing one ends nothing.
    let royal = summary_of(&dir, "extends = \"checkers\"\nname = \"v\"\n[end]\nroyal = [\"King\"]\n");
    assert!(
        royal.last().unwrap().contains("royal pieces (King): no side starts with one, so each one gained is a spare"),
        "{royal:?}"
    );
    let end = three.last().unwrap();
    assert!(end.contains("1 piece in another player's castle wins"), "{end}");
    assert!(end.contains("no legal move loses if the last player to move before it has at least 2 pieces"), "{end}");
}

#[test]
fn check_the_builtin_variant_file() {
    let out = ok(&["check", "variants/camelot.toml"]);
    assert_eq!(
        out.stdout,
        "variants/camelot.toml: ok\n  Camelot (World Camelot Federation rules)\n  Square board 12x16, 160 cells\n  \
         players, in turn order: White (W, castle F1 G1), Black (B, castle F16 G16)\n  \
         pieces: Knight (charges, canter rule), Man\n  \
         castle moves per game: 2\n  end: 2 pieces in the opponent's castle win; capturing every piece of the \
         other side(s) wins with at least 2 pieces left, else draws; drawn when every side has at most 1 piece; \
         no legal move loses if the opponent has at least 2 pieces, else draws; drawn on occurrence 3 of a position; \
         drawn after 100 plies without progress\n"
    );
    assert_eq!(out.stderr, "");
    // A built-in variant's name checks its file, as other commands take names.
    let dir = TempDir::new("check-name");
    let named = run_in(&dir, &["check", "camelot"]);
    assert_eq!((named.status, named.stdout.as_str()), (0, out.stdout.as_str()));
    // However it is written, and before a file that has the name exactly, as `perft` and the others take it.
    std::fs::write(dir.join("camelot"), "name = \"not camelot\"\n").unwrap();
    for name in ["camelot", "Camelot"] {
        let named = run_in(&dir, &["check", name]);
        assert_eq!((named.status, named.stdout.as_str()), (0, out.stdout.as_str()), "{name}");
    }
    let misspelt = run_in(&dir, &["check", "camlot"]);
    assert_eq!(misspelt.status, 1);
    assert!(!out.stdout.contains("castle ends there"), "{}", out.stdout);
    assert!(
        misspelt.stderr.starts_with("camlot: unknown variant `camlot`: expected a built-in variant (camelot,"),
        "{}",
        misspelt.show()
    );
}

#[test]
fn check_says_a_goal_zone_and_one_piece_plainly() {
    // The README's checkers-hill: White also wins with one man on 1-4.
    let dir = TempDir::new("check-hill");
    let file = dir.path("hill.toml");
    let text = "extends = \"checkers\"\nname = \"checkers-hill\"\n[[zones]]\nplayer = \"White\"\nrole = \"goal\"\n\
                cells = [\"1\", \"2\", \"3\", \"4\"]\n[end]\ngoal_count = 1\nadvance_limit = 0\n";
    std::fs::write(&file, text).unwrap();
    let out = ok(&["check", &file]);
    assert!(out.stdout.contains("end: 1 piece in its goal zone wins;"), "{}", out.show());
}

#[test]
fn check_says_a_stuck_player_passes() {
    let out = ok(&["check", "variants/tri-camelot.toml"]);
    assert!(
        out.stdout.contains("\n  a player with pieces but no legal move passes while another can move\n"),
        "{}",
        out.show()
    );
    let out = ok(&["check", "variants/camelot.toml"]);
    assert!(!out.stdout.contains("passes"), "{}", out.show());
}

/// A player whose one move is to pass is told so under the board, with
/// what to type.
#[test]
fn play_says_when_the_only_move_is_to_pass() {
    let dir = TempDir::new("play-pass");
    let text = "name = \"tiny\"\n[board]\ngeometry = \"square\"\nfiles = 3\nranks = 3\nlayout = \"\"\"\n...\n...\n...\n\"\"\"\n\
                [[players]]\nname = \"White\"\nletter = \"W\"\ncastle = [\"C2\"]\n[[players]]\nname = \"Black\"\n\
                letter = \"B\"\ncastle = [\"B3\"]\n[[pieces]]\nname = \"Man\"\nprefix = \"\"\nsymbol = \"M\"\n[setup]\n\
                White = \"A1\"\nBlack = \"A2,B2,B1,A3,C3,C1\"\n[rules]\ncastle_moves = 0\nno_move = \"pass\"\n[end]\n\
                goal_count = 1\n";
    std::fs::write(dir.join("tiny.toml"), text).unwrap();
    let out = run_stdin_in(&dir, &["play", "tiny.toml"], b"pass\n");
    assert!(out.stdout.contains("White to move (move 1). No move but to pass: type pass.\n"), "{}", out.show());
    // After the pass, Black has moves: nothing said.
    assert!(out.stdout.contains("Black to move (move 1).\n"), "{}", out.show());
}

#[test]
fn check_says_when_no_side_can_be_bare() {
    // Knights are extinction pieces and count for baring too: a side keeps
    // its last Knight for as long as it is in the game, so it is never bare.
    let dir = TempDir::new("check-never-bare");
    let file = dir.path("never.toml");
    let text = "extends = \"camelot\"\nname = \"never-bare\"\n[end]\nextinction = [\"Knight\"]\n\
                baring = [\"Knight\", \"Man\"]\ncounter_baring = true\n";
    std::fs::write(&file, text).unwrap();
    let out = ok(&["check", &file]);
    assert!(out.stdout.contains("no side is ever bare: its last Knight counts for baring too;"), "{}", out.show());
    assert!(!out.stdout.contains("is bare"), "{}", out.show());
}

/// Runs `check` on one broken file: status 1, the diagnostics, and the summary line.
fn check_fails(file: &str) -> Vec<String> {
    let out = fails(&["check", file], 1);
    assert_eq!(out.stdout, "", "{}", out.show());
    let lines: Vec<String> = out.stderr.lines().map(String::from).collect();
    assert_eq!(lines.last().map(String::as_str), Some("error: the file has problems"), "{}", out.show());
    let diagnostics = lines[..lines.len() - 1].to_vec();
    assert!(!diagnostics.is_empty(), "{}", out.show());
    for d in &diagnostics {
        let rest = d.strip_prefix(&format!("{file}:")).unwrap_or_else(|| panic!("`{d}` does not start with {file}:"));
        let mut parts = rest.splitn(3, ':');
        let line: usize = parts.next().unwrap().parse().unwrap_or_else(|_| panic!("no line in `{d}`"));
        let column: usize = parts.next().unwrap().parse().unwrap_or_else(|_| panic!("no column in `{d}`"));
        assert!(line >= 1 && column >= 1);
        assert!(parts.next().unwrap().starts_with(" error: "), "`{d}`");
    }
    diagnostics
}

#[test]
fn check_a_misspelt_key() {
    let d = check_fails("tests/variants/misspelt_key.toml");
    assert_eq!(d.len(), 1, "{d:?}");
    assert!(
        d[0].starts_with(
            "tests/variants/misspelt_key.toml:60:1: error: unknown key `castel_moves` in [rules]; did you mean `castle_moves`?"
        ),
        "{d:?}"
    );
    assert!(d[0].contains("`castle_moves`"), "{d:?}");
}

#[test]
fn check_a_castle_cell_off_the_board() {
    let d = check_fails("tests/variants/castle_off_board.toml");
    assert_eq!(d, ["tests/variants/castle_off_board.toml:41:18: error: castle cell `G17` is not on the board"]);
}

#[test]
fn check_two_setup_pieces_on_one_cell() {
    // Line 56 is `White = "KC6,KC6,KD7,..."`: the diagnostic should point there,
    // not at the `[setup]` header on line 55.
    let d = check_fails("tests/variants/two_on_one_cell.toml");
    assert_eq!(d.len(), 1, "{d:?}");
    assert!(d[0].ends_with(": error: [setup] puts two pieces on C6"), "{d:?}");
    assert!(d[0].starts_with("tests/variants/two_on_one_cell.toml:56:"), "{d:?}");
}

#[test]
fn check_a_toml_syntax_error() {
    let d = check_fails("tests/variants/syntax_error.toml");
    assert_eq!(d.len(), 1, "{d:?}");
    assert!(d[0].starts_with("tests/variants/syntax_error.toml:11:12: error: "), "{d:?}");
}

#[test]
fn check_reports_every_problem_of_a_file() {
    let d = check_fails("tests/variants/two_problems.toml");
    assert_eq!(
        d,
        [
            "tests/variants/two_problems.toml:36:17: error: castle cell `Z1` is not on the board",
            "tests/variants/two_problems.toml:68:12: error: no_moves = `lose`; expected \"loss\", \"draw\" or \"win\"",
        ]
    );
}

#[test]
fn check_several_files_reports_each() {
    let out = fails(
        &["check", "variants/camelot.toml", "tests/variants/castle_off_board.toml", "tests/variants/missing.toml"],
        1,
    );
    assert!(out.stdout.starts_with("variants/camelot.toml: ok\n"), "{}", out.show());
    let lines: Vec<&str> = out.stderr.lines().collect();
    assert_eq!(lines.len(), 3, "{}", out.show());
    assert_eq!(lines[0], "tests/variants/castle_off_board.toml:41:18: error: castle cell `G17` is not on the board");
    assert!(lines[1].starts_with("tests/variants/missing.toml: cannot read: "), "{}", out.show());
    assert_eq!(lines[2], "error: 2 of 3 files have problems");
}

#[test]
fn a_broken_variant_file_is_reported_by_the_other_commands() {
    let out = fails(&["show", "tests/variants/two_problems.toml"], 1);
    assert!(out.stderr.starts_with("error: "), "{}", out.show());
    assert!(
        out.stderr.contains("tests/variants/two_problems.toml:36:17: error: castle cell `Z1` is not on the board\n"),
        "{}",
        out.show()
    );
    assert!(
        out.stderr.contains(
            "tests/variants/two_problems.toml:68:12: error: no_moves = `lose`; expected \"loss\", \"draw\" or \"win\""
        ),
        "{}",
        out.show()
    );
}

// ---------------------------------------------------------------------------
// checkers

/// The whole output of `camelot show checkers`.
const CHECKERS_SHOW: &str = "     b     b     b     b
  b     b     b     b
     b     b     b     b
 13    14    15    16
    17    18    19    20
  w     w     w     w
     w     w     w     w
  w     w     w     w
Black to move (move 1).
B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12
";

#[test]
fn checkers_show_and_moves_in_pdn_notation() {
    let out = ok(&["variants"]);
    assert!(out.stdout.contains("checkers         American checkers (English draughts)\n"), "{}", out.show());
    assert_eq!(ok(&["show", "checkers"]).stdout, CHECKERS_SHOW);
    let out = ok(&["moves", "checkers"]);
    assert_eq!(out.lines(), ["9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"]);
    // After 1.11-15 23-19 2.8-11 22-17 3.9-13 17-14 Black must take 10x17.
    let moves = "1.11-15 23-19 2.8-11 22-17 3.9-13 17-14";
    let v = json(&ok(&["moves", "checkers", "--moves", moves, "--json"]));
    assert_eq!(v["moves"], serde_json::json!(["10x17"]));
    assert_eq!(
        v["position"], "B:W14,19,21,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,10,11,12,13,15 clock=6",
        "six plies without a capture"
    );
    let out = fails(&["show", "checkers", "--moves", &format!("{moves} 4.10-14")], 1);
    assert_eq!(
        out.stderr,
        "error: --moves: 1:43: move 4 (Black): `10-14` is not legal here: 14 is taken by a Man of White, and a piece \
         lands only on an empty cell; the legal moves of that piece are: 10x17\n"
    );
    // A position string, Black's section first or White's, kings prefixed K.
    let out = ok(&["show", "checkers", "--position", "W:BK1,4:W22"]);
    assert_eq!(out.last_line(), "W:W22:B4,K1");
    assert!(out.stdout.starts_with("     B     2     3     b\n"), "{}", out.show());
    let out = fails(&["show", "checkers", "--position", "B:W33:B1"], 1);
    assert!(out.stderr.contains("at column 4: `33` is not a piece"), "{}", out.show());
}

#[test]
fn checkers_perft_matches_the_published_counts() {
    for (depth, nodes) in [(1, 7), (4, 1469), (6, 36768)] {
        for paths in [false, true] {
            let depth = depth.to_string();
            let mut args = vec!["perft", "checkers", "--depth", &depth, "--json"];
            if paths {
                args.push("--paths");
            }
            assert_eq!(json(&ok(&args))["nodes"], nodes, "{args:?}");
        }
    }
    let out = ok(&["perft", "checkers", "--depth", "3", "--divide"]);
    assert!(out.stdout.starts_with("10-14 "), "{}", out.show());
    assert_eq!(perft_text_nodes(&out), 302);
}

#[test]
fn checkers_replay_of_a_pdn_file() {
    // Two games of English draughts ([GameType "21"], no Variant tag), the
    // second from a [FEN] position, won by Black: 1-0, Black's score first
    // (PDN 2.0), though the position strings list White first.
    let out = ok(&["replay", "tests/games/checkers.pdn"]);
    assert!(out.stdout.contains("\n8 moves played. Black to move (move 5).\nResult: *\n"), "{}", out.show());
    assert!(
        out.stdout.contains(
            "W:W:B1,23\n1 move played. Game over: Black wins (every piece of White captured).\nResult: 1-0\n"
        ),
        "{}",
        out.show()
    );
    assert_eq!(out.stderr, "");
}

/// Checkers records as archives and checkers programs write them
/// (tests/games/archive.pdn): no `GameType` tag (the moves, in square
/// numbers, say it is draughts), a capture written with `-` and a star
/// move, a variation and a `$n` code, `*` ending the moves with the result
/// in the tag (`1-0`: Black won, as PDN 2.0 says), a `[FEN]` with ranges of
/// squares and `1. ...` before White's first move; a `Variant` tag of
/// `English draughts`.
#[test]
fn checkers_archives_replay_as_written() {
    let out = ok(&["replay", "tests/games/archive.pdn"]);
    assert!(out.stdout.contains("Game 3 of 3\n"), "{}", out.show());
    assert!(out.stdout.ends_with("3 moves played. White to move (move 2).\nResult: *\n"), "{}", out.show());
    assert!(out.stdout.contains("archive.pdn:5:70: read `10-17` as 10x17"), "{}", out.show());
    for said in [
        "10 moves played. Black to move (move 6).\nResult: 1-0 (White lost, how the record does not say)\n",
        "B:W14,21,23,24,25,26,27,28,K29,K30,K31,K32:B1,2,3,4,5,6,7,8,9,10,12,16 clock=3\n\
         3 moves played. Black to move (move 3).\nResult: 0-1 (Black lost, how the record does not say)\n",
    ] {
        assert!(out.stdout.contains(said), "{said}\n{}", out.show());
    }
}

#[test]
fn checkers_play_save_and_replay() {
    let dir = TempDir::new("checkers");
    let file = dir.path("game.pdn");
    let input = format!("11-15\n22-18\nmoves\n15x22\n25x18\nsave {file}\nquit\n");
    let out = run_stdin(&["play", "checkers"], &input);
    assert_eq!(out.status, 0, "{}", out.show());
    assert!(out.stdout.starts_with("Type a move (11-15, a capture 22x15 or 22x15x6), or:\n"), "{}", out.show());
    assert!(out.stdout.contains("> 15: 15x22\n"), "the forced capture is listed:\n{}", out.show());
    let record = std::fs::read_to_string(&file).expect("saved");
    assert!(record.starts_with("[Variant \"checkers\"]\n"), "{record}");
    assert!(record.contains("1.11-15 22-18 2.15x22 25x18 *"), "{record}");
    let out = ok(&["replay", &file]);
    assert!(out.stdout.contains("4 moves played. Black to move (move 3).\n"), "{}", out.show());
}

#[test]
fn checkers_check_a_variant_file() {
    let out = ok(&["check", "variants/checkers.toml"]);
    assert_eq!(
        out.stdout,
        "variants/checkers.toml: ok\n  American checkers (English draughts)\n  Diagonal board 8x8, 32 cells\n  \
         players, in turn order: Black (B, promoted on 29 30 31 32), White (W, promoted on 1 2 3 4)\n  \
         pieces: Man (moves forward, promoted to King), King (moves both ways)\n  \
         captures: compulsory\n  end: capturing every piece of the other side(s) wins; no legal move loses; \
         drawn after 100 plies without progress; drawn after 100 plies without a forward-moving piece advancing\n"
    );
    // A broken copy: every problem, with its line and column.
    let dir = TempDir::new("checkers-variant");
    let file = dir.path("broken.toml");
    let text = std::fs::read_to_string(package_dir().join("variants/checkers.toml")).unwrap();
    let broken = text
        .replace("29  30  31  32", "29  30  31")
        .replace("moves = \"any\"", "moves = \"sideways\"")
        .replace("promotes_to = \"King\"", "promotes_to = \"Queen\"");
    std::fs::write(&file, broken).unwrap();
    let out = fails(&["check", &file], 1);
    let lines: Vec<&str> = out.stderr.lines().collect();
    assert_eq!(lines.len(), 4, "{}", out.show());
    assert!(lines[0].starts_with(&format!("{file}:27:9: error: `names` lists 31 names for the layout's 32 cells")));
    assert!(lines[1].starts_with(&format!("{file}:55:15: error: promotes_to = `Queen`, which is not a kind")));
    assert!(lines[2].starts_with(&format!("{file}:61:9: error: moves = `sideways`; expected")));
    assert_eq!(lines[3], "error: the file has problems");
    // The family key chooses the loader.
    let other = dir.path("other.toml");
    std::fs::write(&other, text.replace("family = \"checkers\"", "family = \"chess\"")).unwrap();
    let out = fails(&["check", &other], 1);
    assert!(
        out.stderr
            .starts_with(&format!("{other}:7:10: error: unknown family `chess`; expected \"camelot\" or \"checkers\"")),
        "{}",
        out.show()
    );
    // The same file read by the Camelot engine: each checkers-only key, and the missing castles.
    std::fs::write(&other, text.replace("family = \"checkers\"", "family = \"camelot\"")).unwrap();
    let out = fails(&["check", &other], 1);
    let problems: Vec<&str> = out.stderr.lines().map(|l| l.split_once(": error: ").map_or(l, |(_, m)| m)).collect();
    assert_eq!(
        problems,
        [
            "player `Black` needs its `castle` (a list of cells)",
            "`forward` is not a key of the camelot family",
            "`promotion` is not a key of the camelot family",
            "player `White` needs its `castle` (a list of cells)",
            "`forward` is not a key of the camelot family",
            "`promotion` is not a key of the camelot family",
            "`moves` is not a key of the camelot family",
            "`promotes_to` is not a key of the camelot family",
            "`moves` is not a key of the camelot family",
            "`compulsory_capture` is not a key of the camelot family",
            "`advance_limit` is not a key of the camelot family",
            "error: the file has problems",
        ],
        "{}",
        out.show()
    );
    // Show and play refuse a broken file too.
    let out = fails(&["show", &file], 1);
    assert!(out.stderr.starts_with(&format!("error: invalid variant file {file}:\n{file}:27:9: ")), "{}", out.show());
}

#[test]
fn three_people_play_tri_camelot_and_the_record_replays() {
    // A round is three moves: Blue, Red, Green; then Blue again.
    let dir = TempDir::new("tri-play");
    let file = dir.path("tri.pgn");
    let input = format!("F7-F9\nC14-E12\nH13-G12\nE4-E8-G10xG14\nsave {file}\n");
    let out = run_stdin(&["play", "tri-camelot"], &input);
    assert_eq!(out.status, 0, "{}", out.show());
    assert!(out.stdout.contains("Red to move (move 1)."), "{}", out.show());
    assert!(out.stdout.contains("Green to move (move 1)."), "{}", out.show());
    assert!(out.stdout.contains("Blue to move (move 2)."), "{}", out.show());
    assert!(out.stdout.contains("Red to move (move 2)."), "{}", out.show());
    let record = std::fs::read_to_string(&file).unwrap();
    assert!(record.contains("1.F7-F9 C14-E12 H13-G12 2.E4-E8-G10xG14 *"), "{record}");
    let replayed = ok(&["replay", &file]);
    let shown = ok(&["show", "tri-camelot", "--moves", "1.F7-F9 C14-E12 H13-G12 2.E4-E8-G10xG14"]);
    assert!(replayed.stdout.contains(&format!("\n{}\n", shown.last_line())), "{}", replayed.show());
    assert!(replayed.stdout.contains("4 moves played. Red to move (move 2)."), "{}", replayed.show());
}

#[test]
fn serve_refuses_an_unknown_variant_and_a_busy_port() {
    let out = fails(&["serve", "nonesuch", "--port", "0"], 1);
    assert!(out.stderr.contains("\"nonesuch\" is not a built-in variant"), "{}", out.show());
    let busy = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = busy.local_addr().unwrap().port().to_string();
    let out = fails(&["serve", "--port", &port], 1);
    assert!(
        out.stderr.contains(&format!(
            "cannot listen on 127.0.0.1:{port}: another program listens there (choose another --port, or --port 0 \
             for any free one)"
        )),
        "{}",
        out.show()
    );
    // Values the options cannot take: what each expects, in words.
    for (args, words) in [
        (
            ["serve", "--port", "80x"],
            "invalid value '80x' for '--port <PORT>': expected a whole number from 0 to 65535",
        ),
        (
            ["serve", "--port", "99999"],
            "invalid value '99999' for '--port <PORT>': too large: expected a whole number from 0 to 65535",
        ),
        (
            ["serve", "--host", "example"],
            "invalid value 'example' for '--host <HOST>': expected an IP address of this machine",
        ),
        (
            ["serve", "--allow-host", "mybox:8080"],
            "invalid value 'mybox:8080' for '--allow-host <NAME>': expected a name of this machine, such as mybox",
        ),
    ] {
        let out = fails(&args, 2);
        assert!(out.stderr.contains(words), "{args:?}: {}", out.show());
    }
}

#[test]
fn serve_answers_on_the_address_it_prints() {
    use std::io::{BufRead, BufReader, Read};
    let games = TempDir::new("serve");
    let mut child = Command::new(env!("CARGO_BIN_EXE_camelot"))
        .args(["serve", "checkers", "--port", "0", "--host", "localhost", "--games"])
        .arg(&*games)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("camelot serve starts");
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut first).unwrap();
    let address = first.split("http://").nth(1).and_then(|rest| rest.split('/').next()).map(str::to_string);
    let answer = address.map(|a| {
        let mut stream = std::net::TcpStream::connect(&a).unwrap();
        // (The address served as the Host: the server answers no other.)
        let request = format!("GET /api/start HTTP/1.1\r\nHost: {a}\r\nConnection: close\r\n\r\n");
        stream.write_all(request.as_bytes()).unwrap();
        let mut text = String::new();
        stream.read_to_string(&mut text).unwrap();
        text
    });
    child.kill().unwrap();
    child.wait().unwrap();
    let answer = answer.unwrap_or_else(|| panic!("no address in {first:?}"));
    // (A game's number is the server's start time in milliseconds.)
    let number = answer.split(r#"{"game":""#).nth(1).and_then(|r| r.split('"').next()).unwrap_or_default();
    assert!(answer.starts_with("HTTP/1.1 200") && number.parse::<u64>().is_ok_and(|n| n > 1), "{answer}");
}

#[test]
fn play_never_saves_over_the_variant_file_being_played() {
    let dir = TempDir::new("play-protect");
    let variant = dir.path("mine.toml");
    let text = std::fs::read_to_string(package_dir().join("variants/camelot.toml"))
        .unwrap()
        .replace("name = \"camelot\"", "name = \"mine\"");
    std::fs::write(&variant, &text).unwrap();
    let out = run_stdin(&["play", &variant], &format!("E6-E8\nsave {variant}\nsave {}\n", dir.path("g.pgn")));
    assert!(out.stdout.contains("> not saved: "), "{}", out.show());
    assert_eq!(std::fs::read_to_string(&variant).unwrap(), text, "the variant file is untouched");
    assert!(Path::new(&dir.path("g.pgn")).exists(), "{}", out.show());
}

/// A game continued from a record in another folder, whose variant file
/// the record names from its own folder: `save` never writes over that
/// file, and a record saved or kept elsewhere names it so that the game
/// goes on again from there.
#[test]
fn a_game_continued_from_another_folder_keeps_its_variant_file() {
    let dir = TempDir::new("play-continued-variant");
    std::fs::create_dir_all(dir.join("games/rules")).unwrap();
    std::fs::create_dir_all(dir.join("elsewhere")).unwrap();
    let rules = "extends = \"camelot\"\nname = \"mine\"\n";
    std::fs::write(dir.join("games/rules/mine.toml"), rules).unwrap();
    let (games, elsewhere) = (dir.join("games"), dir.join("elsewhere"));
    let out = run_stdin_in(&games, &["play", "rules/mine.toml", "--color", "never"], b"F7-F8\nsave game.pgn\n");
    let record = std::fs::read_to_string(games.join("game.pgn")).unwrap();
    assert!(record.contains("[VariantFile \"rules/mine.toml\"]"), "{}\n{record}", out.show());

    let input = b"save ../games/rules/mine.toml\nG10-G9\nsave here.pgn\nF8-F9\nquit\n";
    let out = run_stdin_in(&elsewhere, &["play", "../games/game.pgn", "--color", "never"], input);
    assert!(
        out.stdout.contains(
            "> not saved: cannot write ../games/rules/mine.toml: it is a variant file of the game being played"
        ),
        "{}",
        out.show()
    );
    assert_eq!(std::fs::read_to_string(dir.join("games/rules/mine.toml")).unwrap(), rules);
    assert!(out.stdout.contains("> saved to here.pgn\n"), "{}", out.show());
    assert!(out.stdout.contains("it is kept in camelot-unsaved-1.pgn"), "{}", out.show());
    for (file, moves) in [("here.pgn", "1.F7-F8 G10-G9 *"), ("camelot-unsaved-1.pgn", "1.F7-F8 G10-G9 2.F8-F9 *")] {
        let out = run_stdin_in(&elsewhere, &["play", file, "--color", "never"], b"history\n");
        assert_eq!(out.status, 0, "{file}: {}", out.show());
        assert!(out.stdout.contains(&format!("> {moves}\n")), "{file}: {}", out.show());
        let replayed = common::run_in(&elsewhere, &["replay", file]);
        assert_eq!(replayed.status, 0, "{file}: {}", replayed.show());
    }
}

#[test]
fn play_goes_on_from_a_resignation_only_after_an_undo() {
    let dir = TempDir::new("play-resigned");
    let file = dir.path("resigned.pgn");
    std::fs::write(&file, "[Variant \"camelot\"]\n[Termination \"Black resigned\"]\n[Result \"1-0\"]\n\n1.F7-F8 1-0\n")
        .unwrap();
    let out = run_stdin(&["play", &file], "F10-F9\nundo\nhistory\nF10-F9\nsave resigned-again.pgn\n");
    assert!(out.stdout.contains("Game over: Black resigned."), "{}", out.show());
    assert!(out.stdout.contains("the game is over (Black resigned)"), "a move after it is refused: {}", out.show());
    // The undo takes back the resignation alone: White's move stays.
    assert!(out.stdout.contains("> took back Black's resignation\n"), "{}", out.show());
    assert!(out.stdout.contains("> 1.F7-F8 *\n"), "{}", out.show());
    assert!(out.stdout.contains("Last move: Black F10-F9"), "after the undo the game goes on: {}", out.show());
    // Saved unchanged, it keeps its ending.
    let out = run_stdin(&["play", &file], &format!("save {file}\n"));
    assert!(out.stdout.contains("saved to"), "{}", out.show());
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains("[Termination \"Black resigned\"]") && text.contains("1-0"), "{text}");
    // Nor do moves given with --moves follow the ending: the record would
    // say Black resigned after moving on.
    let out = run_stdin(&["play", &file, "--moves", "1...F10-F9 2.F8-F7"], "save after.pgn\n");
    assert!(out.status != 0, "{}", out.show());
    assert!(
        out.stderr.contains("--moves: the game of") && out.stderr.contains("is over (Black resigned)"),
        "{}",
        out.show()
    );
    // A result alone, as archives write a resignation: the game is over,
    // and undo takes back that result alone.
    let bare = dir.path("bare.pgn");
    std::fs::write(&bare, "1.F7-F8 1-0\n").unwrap();
    let out = run_stdin(&["play", &bare], "undo\nhistory\n");
    assert!(out.stdout.contains("Game over: Black lost, how the record does not say."), "{}", out.show());
    assert!(out.stdout.contains("> took back the recorded result\n"), "{}", out.show());
    assert!(out.stdout.contains("> 1.F7-F8 *\n"), "{}", out.show());
    // A result that nothing explains is refused, as replay refuses it.
    let wrong = package_dir().join("tests/games/wrong_result.pgn");
    let out = run_stdin(&["play", wrong.to_str().unwrap()], "");
    assert!(out.status != 0 && out.stderr.contains("no ending off the board gives that result"), "{}", out.show());
    // A tag that names no ending giving the result, at its place.
    let xyz = dir.path("xyz.pgn");
    std::fs::write(&xyz, "[Variant \"camelot\"]\n[Termination \"xyz\"]\n\n1.E6-E8 H11-F9 1/2-1/2\n").unwrap();
    let out = run_stdin(&["play", &xyz], "");
    assert!(out.status != 0, "{}", out.show());
    assert!(out.stderr.contains("xyz.pgn:2:"), "{}", out.show());
    assert!(out.stderr.contains("its [Termination] tag, \"xyz\", names no ending that gives it"), "{}", out.show());
}

#[test]
fn play_resign_ends_the_game_and_undo_takes_back_the_resignation_alone() {
    let dir = TempDir::new("play-resign");
    let input = b"E6-E8\nresign now\nresign\nF11-F9\nresign\ndraw\nhistory\nsave r.pgn\nundo\nhistory\nF11-F9\nquit\n";
    let out = run_stdin_in(&dir, &["play", "camelot", "--color", "never"], input);
    assert_eq!(out.status, 0, "{}", out.show());
    let text = &out.stdout;
    assert!(text.contains("> `resign` takes nothing after it: type `resign` alone\n"), "{}", out.show());
    // Black, to move, resigns: White wins.
    assert!(
        text.contains(
            "Game over: Black resigned.\n\
             The game is over: save FILE keeps it, undo takes back Black's resignation, quit leaves.\n"
        ),
        "{}",
        out.show()
    );
    assert!(
        text.contains("> the game is over (Black resigned): undo takes back Black's resignation, save FILE keeps it\n"),
        "{}",
        out.show()
    );
    assert!(text.contains("> the game is over: there is nothing to resign\n"), "{}", out.show());
    assert!(text.contains("> the game is over: there is no draw to offer\n"), "{}", out.show());
    assert!(text.contains("> 1.E6-E8 1-0\n"), "the history gives the result: {}", out.show());
    // The record says how the game ended, and replays.
    let saved = std::fs::read_to_string(dir.path("r.pgn")).unwrap();
    assert!(saved.contains("[Termination \"Black resigned\"]\n[Result \"1-0\"]\n"), "{saved}");
    assert!(saved.ends_with("\n1.E6-E8 1-0\n"), "{saved}");
    let replayed = run_stdin_in(&dir, &["replay", "r.pgn"], b"");
    assert_eq!(replayed.status, 0, "{}", replayed.show());
    assert!(replayed.stdout.ends_with("Result: 1-0 (Black resigned)\n"), "{}", replayed.show());
    // `undo` takes back the resignation, not White's move with it.
    assert!(text.contains("> took back Black's resignation\n"), "{}", out.show());
    assert!(text.contains("> 1.E6-E8 *\n"), "{}", out.show());
    assert!(text.contains("Last move: Black F11-F9"), "{}", out.show());
}

#[test]
fn play_undo_of_a_resignation_and_moves_counts_the_resignation_as_one() {
    let dir = TempDir::new("play-resign-undo");
    let input = b"E6-E8\nF11-F9\nresign\nundo 2\nhistory\nresign\nundo 3\nhistory\nresign\nundo 9\n";
    let out = run_stdin_in(&dir, &["play", "camelot", "--color", "never"], input);
    let text = &out.stdout;
    assert!(text.contains("> took back White's resignation and 1 move\n"), "{}", out.show());
    assert!(text.contains("> 1.E6-E8 *\n"), "{}", out.show());
    assert!(text.contains("> took back Black's resignation and 1 move (only 1 move to take back)\n"), "{}", out.show());
    assert!(text.contains("> *\n"), "{}", out.show());
    assert!(text.contains("> took back White's resignation (no move to take back)\n"), "{}", out.show());
}

#[test]
fn play_tri_camelot_resignation_ends_the_game_and_replays() {
    // The one resigning loses; the others share the point (as the web app has it).
    let dir = TempDir::new("play-tri-resign");
    let args = ["play", "tri-camelot", "--seats", "human,engine,engine", "--depth", "1", "--color", "never"];
    let out = run_stdin_in(&dir, &args, b"F5-F9\nresign\nsave tri.pgn\n");
    assert_eq!(out.status, 0, "{}", out.show());
    assert!(out.stdout.contains("Game over: Blue resigned.\n"), "{}", out.show());
    let saved = std::fs::read_to_string(dir.path("tri.pgn")).unwrap();
    assert!(saved.contains("[Termination \"Blue resigned\"]\n[Result \"0-1/2-1/2\"]\n"), "{saved}");
    let replayed = run_stdin_in(&dir, &["replay", "tri.pgn"], b"");
    assert_eq!(replayed.status, 0, "{}", replayed.show());
    assert!(replayed.stdout.ends_with("Result: 0-1/2-1/2 (Blue resigned)\n"), "{}", replayed.show());
    // Loaded, it stays over until `undo`, which takes back the resignation alone.
    let out = run_stdin_in(&dir, &["play", "tri.pgn", "--seats", "human,engine,engine"], b"undo\nhistory\nquit\n");
    assert!(out.stdout.contains("> took back Blue's resignation\n"), "{}", out.show());
    assert!(out.stdout.contains("Blue to move (move 2)."), "{}", out.show());
    let history =
        out.lines().into_iter().find(|l| l.starts_with("> 1.F5-F9 ")).unwrap_or_else(|| panic!("{}", out.show()));
    assert_eq!(history.split_whitespace().count(), 5, "three moves and `*`: {history}");
    assert!(history.ends_with(" *"), "{history}");
}

#[test]
fn play_a_draw_offered_between_people_is_asked_and_agreed() {
    let dir = TempDir::new("play-draw");
    // Black answers `maybe` (asked again), then no; after E6-E8 White is
    // asked, and agrees.
    let input = b"draw now\ndraw\nmaybe\nno\nE6-E8\ndraw\nyes\nsave d.pgn\nundo\nhistory\nquit\n";
    let out = run_stdin_in(&dir, &["play", "camelot", "--color", "never"], input);
    assert_eq!(out.status, 0, "{}", out.show());
    let text = &out.stdout;
    assert!(text.contains("> `draw` takes nothing after it: type `draw` alone\n"), "{}", out.show());
    assert!(
        text.contains(
            "> Black, do you accept a draw? (yes/no) please answer yes or no\n\
             Black, do you accept a draw? (yes/no) Black declines the draw: the game goes on\n"
        ),
        "{}",
        out.show()
    );
    assert!(text.contains("> White, do you accept a draw? (yes/no) "), "{}", out.show());
    assert!(text.contains("Game over: drawn by agreement.\n"), "{}", out.show());
    let saved = std::fs::read_to_string(dir.path("d.pgn")).unwrap();
    assert!(saved.contains("[Termination \"drawn by agreement\"]\n[Result \"1/2-1/2\"]\n"), "{saved}");
    let replayed = run_stdin_in(&dir, &["replay", "d.pgn"], b"");
    assert_eq!(replayed.status, 0, "{}", replayed.show());
    assert!(replayed.stdout.ends_with("Result: 1/2-1/2 (drawn by agreement)\n"), "{}", replayed.show());
    // `undo` takes back the agreement alone.
    assert!(text.contains("> took back the agreed draw\n"), "{}", out.show());
    assert!(text.contains("> 1.E6-E8 *\n"), "{}", out.show());
}

#[test]
fn play_board_and_show_draw_the_board_again() {
    let out = run_stdin(&["play", "camelot", "--color", "never"], "board\nshow\nshow me\n");
    let boards = out.stdout.matches("White to move (move 1). castle-moves: White 0, Black 0.\n").count();
    assert_eq!(boards, 3, "the board at the start, then again for board and show: {}", out.show());
    assert!(out.stdout.contains("> `show` takes nothing after it: type `show` alone\n"), "{}", out.show());
}

#[test]
fn play_reads_a_move_typed_with_spaces_or_look_alike_characters() {
    let dir = TempDir::new("play-slips");
    let input = "e6 - e8\nE6\t-E8\ne6 - e9\nE6→E8\nE6–E8\nF11—F9\nＧ７-Ｇ８\nD11−D12\nF6×F10\nhistory\nquit\n";
    let out = run_stdin_in(&dir, &["play", "camelot", "--color", "never"], input.as_bytes());
    let text = &out.stdout;
    // Spaces: the move as it is written, not played.
    assert_eq!(text.matches("> a move is written without spaces: E6-E8\n").count(), 2, "{}", out.show());
    assert!(
        text.contains("> a move is written without spaces, and even written so it is not legal: `e6-e9` is not legal here: E9 is too far from E6"),
        "{}",
        out.show()
    );
    // A character no move has: named, without a line and column.
    assert!(
        text.contains("> `E6→E8` is not a move: `→` (U+2192) is no part of a move; a move is written as E6-E8\n"),
        "{}",
        out.show()
    );
    assert!(!text.contains("1:1:"), "{}", out.show());
    // Dashes, a minus sign, full-width letters and digits and `×`, read as
    // the notation's, and said so.
    for said in [
        "> read as E6-E8 (`–` as `-`)\n",
        "> read as F11-F9 (`—` as `-`)\n",
        "> read as G7-G8 (`Ｇ` as `G`, `７` as `7`, `８` as `8`)\n",
        "> read as D11-D12 (`−` as `-`)\n",
        "> read as F6xF10 (`×` as `x`)\n",
    ] {
        assert!(text.contains(said), "{said:?}: {}", out.show());
    }
    // The last is refused (no piece of White can take so), after saying how it was read.
    assert!(text.contains("> read as F6xF10 (`×` as `x`)\nmove 3 (White): `F6xF10`"), "{}", out.show());
    assert!(text.contains("> 1.E6-E8 F11-F9 2.G7-G8 D11-D12 *\n"), "{}", out.show());
}

#[test]
fn play_moves_takes_one_cell_at_a_time() {
    let out = run_stdin(&["play", "camelot", "--color", "never"], "moves E6 F6\nmoves Ｅ６\n");
    assert!(
        out.stdout.contains("> one cell at a time: moves E6 lists the moves of E6, not `E6 F6`\n"),
        "{}",
        out.show()
    );
    assert!(!out.stdout.contains("there is no cell"), "{}", out.show());
    assert!(out.stdout.contains("> E6: E6-C8 E6-D5 E6-E5 E6-E8 E6-F5 E6-G8\n"), "{}", out.show());
}

#[test]
fn play_saves_to_a_quoted_name_and_under_the_home_folder() {
    let dir = TempDir::new("play-save-names");
    let home = TempDir::new("play-home");
    let input = b"E6-E8\nsave \"a b.pgn\"\nsave ~/g.pgn\nsave ''\nsave ~\nsave \"open.pgn\nsave two words\n";
    let out = run_stdin_env(&dir, &["play", "camelot", "--color", "never"], input, &[("HOME", home.to_str().unwrap())]);
    assert_eq!(out.status, 0, "{}", out.show());
    assert!(out.stdout.contains("> saved to a b.pgn\n"), "{}", out.show());
    assert!(dir.join("a b.pgn").is_file(), "{}", out.show());
    assert!(!dir.join("\"a b.pgn\"").exists());
    assert!(out.stdout.contains(&format!("> saved to {}\n", home.join("g.pgn").display())), "{}", out.show());
    assert!(home.join("g.pgn").is_file(), "{}", out.show());
    assert!(!dir.join("~").exists());
    assert!(out.stdout.contains("> not saved: give a file name: save FILE\n"), "{}", out.show());
    // `~` alone is the home folder, no file; a quote left open and two
    // words are no file name either.
    assert!(out.stdout.contains(": it is a folder, not a regular file; nothing was written\n"), "{}", out.show());
    assert!(out.stdout.contains("> not saved: the quote that opens \"open.pgn is not closed"), "{}", out.show());
    assert!(
        out.stdout.contains("> not saved: a file name with spaces goes in quotes: save \"two words\"\n"),
        "{}",
        out.show()
    );
    let names: Vec<_> = std::fs::read_dir(&*dir).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(names, ["a b.pgn"], "{}", out.show());
}

#[test]
fn play_asks_before_saving_over_another_file() {
    let dir = TempDir::new("play-ask");
    let other = dir.path("other.pgn");
    std::fs::write(&other, "[Event \"mine\"]\n\n1.E6-E8 *\n").unwrap();
    // Asked, and told no: the file stays; asked again, and told yes: replaced.
    let out = run_stdin(&["play", "camelot"], &format!("F7-F8\nsave {other}\nmaybe\nno\n"));
    assert!(
        out.stdout.contains("already exists and is not this game's record: replace it? (yes/no)"),
        "{}",
        out.show()
    );
    // An answer that is neither yes nor no asks again.
    assert_eq!(out.stdout.matches("replace it? (yes/no)").count(), 2, "{}", out.show());
    assert!(out.stdout.contains("replace it? (yes/no) please answer yes or no\n"), "{}", out.show());
    assert!(out.stdout.contains("is left as it was"), "{}", out.show());
    assert!(std::fs::read_to_string(&other).unwrap().contains("mine"));
    let out = run_stdin(&["play", "camelot"], &format!("F7-F8\nsave {other}\nyes\nF10-F9\nsave {other}\n"));
    assert_eq!(
        out.stdout.matches("replace it?").count(),
        1,
        "its own record is saved again without asking: {}",
        out.show()
    );
    let saved = std::fs::read_to_string(&other).unwrap();
    assert!(saved.contains("1.F7-F8 F10-F9"), "{saved}");
    // A game continued from a record saves over it without asking.
    let out = run_stdin(&["play", &other], &format!("F6-F7\nsave {other}\n"));
    assert!(!out.stdout.contains("replace it?") && out.stdout.contains("saved to"), "{}", out.show());
    // Its glyphs, comments, variations and clocks are kept, for the moves it still has.
    let notes = dir.path("notes.pgn");
    let text = "[Variant \"camelot\"]\n\n{from the final}\n1.E6-E8 {the usual} {[%clk 0:04:59]} H11-F9!? (1...H11-H9) 2.H6-F8 $2 *\n";
    std::fs::write(&notes, text).unwrap();
    let out = run_stdin(&["play", &notes], &format!("history\nF11-H9\nsave {notes}\nundo\nundo\nsave {notes}\n"));
    assert!(
        out.stdout.contains("> {from the final} 1.E6-E8 {the usual} H11-F9!? (1...H11-H9) 2.H6-F8? *\n"),
        "{}",
        out.show()
    );
    assert_eq!(out.stdout.matches("saved to").count(), 2, "{}", out.show());
    assert!(!out.stdout.contains("replace it?"), "{}", out.show());
    let saved = std::fs::read_to_string(&notes).unwrap();
    assert!(
        saved.contains("\n{from the final} 1.E6-E8 {[%clk 0:04:59] the usual} H11-F9!? (1...H11-H9)\n*"),
        "{saved}"
    );
    // Unless the record holds notes the game does not keep.
    let text = "[Variant \"camelot\"]\n\n1.E6-E8 H11-F9 * {after the final}\n";
    std::fs::write(&notes, text).unwrap();
    let out = run_stdin(&["play", &notes], &format!("H6-F8\nsave {notes}\nno\n"));
    assert!(
        out.stdout.contains(&format!(
            "{notes} holds annotations that this game does not keep (a comment after the result at line 3, \
             column 18): replace it? (yes/no)"
        )),
        "{}",
        out.show()
    );
    assert_eq!(std::fs::read_to_string(&notes).unwrap(), text, "the notes are kept");
}

/// Output whose reader stops reading (`camelot play | head`) ends the
/// command, failed, without a word about it.
#[test]
fn a_reader_that_stops_reading_gets_no_error_message() {
    let dir = TempDir::new("broken-pipe");
    let folder = dir.path(".");
    let mut child = common::spawn_piped(&mut common::command(Path::new(&folder), &["play", "camelot"]));
    drop(child.stdout.take());
    let mut stdin = child.stdin.take().unwrap();
    let _ = stdin.write_all(b"E6-E8\nH11-F9\nhistory\n");
    drop(stdin);
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(!stderr.contains("error"), "{stderr}");
}

/// A move typed with its number is played only where the number is the
/// game's: one meant for another position is refused, not read as the
/// move alone.
#[test]
fn play_checks_a_typed_move_number() {
    let out = run_stdin(&["play", "camelot"], "3. E6-E8\n1...E6-E8\n1. E6-E8\n1...H11-F9\n2.F6-F8\nhistory\n");
    let text = &out.stdout;
    assert!(text.contains("> move 1 (White): expected move 1, found 3\n"), "{}", out.show());
    assert!(
        text.contains("> move 1 (White): expected move `1.` (the first move of round 1), found `1...`\n"),
        "{}",
        out.show()
    );
    assert!(text.contains("> 1.E6-E8 H11-F9 2.F6-F8 *\n"), "{}", out.show());
}

/// `undo` takes back a person's last move with the engine's replies, and
/// never the engine's moves before any person moved: it would only play
/// them again.
#[test]
fn undo_against_the_engine_takes_back_the_persons_move_and_the_reply() {
    let out = run_stdin(
        &["play", "camelot", "--white", "engine", "--depth", "1", "--color", "never"],
        "undo\nF10-F9\nundo 99999999999999999999999\nhistory\n",
    );
    assert!(out.stdout.contains("> nothing to undo\n"), "{}", out.show());
    // (A number too large to hold takes back all there is.)
    assert!(
        out.stdout.contains("> only 1 move to take back: took back 1, with the engine's reply\n"),
        "{}",
        out.show()
    );
    // The engine's first move stays; Black's and the engine's reply are gone.
    let history = out.stdout.lines().rev().find(|l| l.starts_with("> 1.")).unwrap_or_else(|| panic!("{}", out.show()));
    assert!(history.ends_with(" *") && history.split_whitespace().count() == 3, "{history}");
    assert!(!history.contains("F10-F9"), "{history}");
}

/// A game taken back to what was saved is saved: leaving keeps no copy of it.
#[test]
fn a_game_taken_back_to_its_saved_moves_is_not_kept_again() {
    let dir = TempDir::new("play-saved-undo");
    let out = run_stdin_in(&dir, &["play", "camelot"], b"E6-E8\nsave s1.pgn\nH11-F9\nundo\nquit\n");
    assert!(!out.stderr.contains("the game was not saved"), "{}", out.show());
    let names: Vec<_> = std::fs::read_dir(&*dir).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(names, ["s1.pgn"], "{}", out.show());
}

/// A PDN record's start in its `FEN` tag is saved as written, for the
/// programs that read it there.
#[test]
fn play_keeps_a_records_fen_tag() {
    let dir = TempDir::new("play-fen");
    let file = dir.path("fen.pdn");
    let text = "[GameType \"21\"]\n[SetUp \"1\"]\n[FEN \"B:W21,22,K30:B1,2\"]\n\n1.1-5 21-17 *\n";
    std::fs::write(&file, text).unwrap();
    let out = run_stdin(&["play", &file], &format!("save {file}\n"));
    assert!(out.stdout.contains("saved to"), "{}", out.show());
    let saved = std::fs::read_to_string(&file).unwrap();
    assert!(saved.contains("[SetUp \"1\"]\n[FEN \"B:W21,22,K30:B1,2\"]\n") && !saved.contains("[Position"), "{saved}");
}

/// `save` takes a name as a player means it: `a.` is `a.pgn`, a name that
/// is only an extension is refused, and a device is refused as it is, not
/// given an extension.
#[test]
fn play_save_names_are_read_as_meant() {
    let dir = TempDir::new("play-save-names");
    let out = run_stdin_in(Path::new(&dir.path(".")), &["play", "camelot"], b"save .pgn\nsave a.\nsave /dev/null\n");
    assert!(
        out.stdout.contains("not saved: give the file a name before its extension: save game.pgn"),
        "{}",
        out.show()
    );
    assert!(out.stdout.contains("saved to a.pgn"), "{}", out.show());
    assert!(out.stdout.contains("not saved: cannot write /dev/null: it is a device"), "{}", out.show());
    assert!(std::path::Path::new(&dir.path("a.pgn")).is_file() && !std::path::Path::new("/dev/null.pgn").exists());
    assert!(!std::path::Path::new(&dir.path(".pgn.pgn")).exists());
}
