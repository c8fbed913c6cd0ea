//! `camelot play` with the engine in a seat: it answers a person's moves,
//! gives hints, plays whole games against itself, and refuses seats that
//! do not fit the game.

mod common;

/// `camelot play ARGS` typed `input`, in a folder of its own (a game left
/// unsaved is kept there, then removed): status, stdout, stderr.
fn play(args: &[&str], input: &str) -> (i32, String, String) {
    let dir = common::TempDir::new("play-engine");
    let out = common::run_stdin_env(&dir, &[&["play"], args].concat(), input.as_bytes(), &[]);
    (out.status, out.stdout, out.stderr)
}

/// The legal moves after `moves`, as `camelot moves` lists them.
fn legal(variant: &str, moves: &str) -> Vec<String> {
    let mut args = vec!["moves", variant];
    if !moves.is_empty() {
        args.extend(["--moves", moves]);
    }
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    common::run_in(dir, &args).lines().into_iter().map(String::from).collect()
}

#[test]
fn the_engine_answers_a_persons_move_and_gives_a_hint() {
    let (status, out, err) = play(&["camelot", "--black", "engine", "--depth", "3"], "E6-E8\nhint\nquit\n");
    assert_eq!(status, 0, "{err}");
    let reply = out.lines().find_map(|l| l.strip_prefix("Black (engine) plays ")).expect("the engine moves");
    let reply = reply.split_whitespace().next().unwrap();
    assert!(legal("camelot", "1.E6-E8").contains(&reply.to_string()), "{reply}");
    assert!(out.contains("White to move (move 2)"), "{out}");
    let hint = out.lines().find_map(|l| l.strip_prefix("> hint: ")).expect("a hint");
    let hint = hint.split_whitespace().next().unwrap();
    assert!(legal("camelot", &format!("1.E6-E8 {reply}")).contains(&hint.to_string()), "{hint}");
}

#[test]
fn a_level_plays_a_shallow_move_and_the_hint_stays_at_full_strength() {
    let (status, out, err) =
        play(&["camelot", "--black", "engine", "--level", "2", "--depth", "6"], "E6-E8\nhint\nquit\n");
    assert_eq!(status, 0, "{err}");
    // Level 2 searches one ply, whatever depth it is given.
    let reply = out.lines().find_map(|l| l.strip_prefix("Black (engine) plays ")).expect("the engine moves");
    assert!(reply.ends_with(", depth 1]"), "{reply}");
    let mv = reply.split_whitespace().next().unwrap();
    assert!(legal("camelot", "1.E6-E8").contains(&mv.to_string()), "{mv}");
    // The hint searches the depth asked for.
    let hint = out.lines().find_map(|l| l.strip_prefix("> hint: ")).expect("a hint");
    assert!(hint.contains(", depth 6;"), "{hint}");
}

#[test]
fn the_engine_plays_a_whole_game_against_itself() {
    let (status, out, err) = play(&["cam", "--seats", "engine,engine", "--depth", "2"], "quit\n");
    assert_eq!(status, 0, "{err}");
    assert!(out.contains("Game over: "), "{out}");
    assert!(out.matches(" (engine) plays ").count() > 4, "{out}");
}

#[test]
fn the_engine_takes_two_seats_of_tri_camelot() {
    let (status, out, err) = play(&["tri-camelot", "--seats", "human,engine,engine", "--depth", "1"], "F5-F9\nquit\n");
    assert_eq!(status, 0, "{err}");
    assert!(out.contains("Red (engine) plays ") && out.contains("Green (engine) plays "), "{out}");
    assert!(out.contains("Blue to move (move 2)"), "{out}");
}

#[test]
fn seats_that_do_not_fit_are_refused() {
    let cases: &[(&[&str], &str)] = &[
        (&["tri-camelot", "--white", "engine"], "this game has no White player (Blue, Red, Green)"),
        (&["camelot", "--seats", "human"], "--seats needs 2 seats, one per player in turn order (White, Black)"),
        (&["camelot", "--seats", "human,engine", "--black", "human"], "'--seats <SEATS>' cannot be used with '--black"),
        (&["camelot", "--white", "robot"], "invalid value 'robot'"),
        (
            &["camelot", "--white", "engine", "--threads", "0"],
            "'--threads <THREADS>': expected a whole number from 1 to 256",
        ),
        (&["camelot", "--white", "engine", "--level", "9"], "the level must be a whole number from 1 to 8, not `9`"),
        (&["camelot", "--white", "engine", "--level", "easy"], "the level must be a whole number from 1 to 8"),
    ];
    // (A malformed command line: exit status 2, as the README says.)
    for (args, message) in cases {
        let (status, _, err) = play(args, "quit\n");
        assert!(status == 2 && err.contains(message), "{args:?}: status {status}: {err}");
    }
}
