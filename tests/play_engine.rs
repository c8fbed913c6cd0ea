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
fn undo_says_it_takes_the_engines_reply_back_too() {
    let (status, out, err) = play(&["camelot", "--black", "engine", "--depth", "1"], "E6-E8\nundo\nquit\n");
    assert_eq!(status, 0, "{err}");
    assert!(out.contains("> took back 1 move, with the engine's reply\n"), "{out}");
    assert!(out.trim_end().lines().any(|l| l.starts_with("White to move (move 1).")), "{out}");
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
fn each_engine_seat_may_have_a_strength_of_its_own() {
    // As `camelot match` names its players: White searches 1 ply, Black 3,
    // and the hint the game's --depth of 2, at full strength.
    let args = ["camelot", "--white", "engine:depth=1", "--black", "engine:depth=3,level=8", "--depth", "2"];
    let (status, out, err) = play(&args, "quit\n");
    assert_eq!(status, 0, "{err}");
    let depths = |who: &str| -> Vec<String> {
        out.lines()
            .filter_map(|l| l.strip_prefix(&format!("{who} (engine) plays ")))
            .map(|l| l.rsplit(", ").next().unwrap().to_string())
            .collect()
    };
    let (white, black) = (depths("White"), depths("Black"));
    assert!(!white.is_empty() && white.iter().all(|d| d == "depth 1]"), "{white:?}");
    // (A forced or decided move may end its search before the depth.)
    assert!(black.iter().filter(|d| *d == "depth 3]").count() > black.len() / 2, "{black:?}");
    let args = ["tri-camelot", "--seats", "human,engine:depth=1,level=3,engine", "--depth", "2"];
    let (status, out, err) = play(&args, "F5-F9\nhint\nquit\n");
    assert_eq!(status, 0, "{err}");
    let red = out.lines().find_map(|l| l.strip_prefix("Red (engine) plays ")).expect(&out);
    let green = out.lines().find_map(|l| l.strip_prefix("Green (engine) plays ")).expect(&out);
    assert!(red.ends_with(", depth 1]") && green.ends_with(", depth 2]"), "{red} / {green}");
    let hint = out.lines().find_map(|l| l.strip_prefix("> hint: ")).expect("a hint");
    assert!(hint.contains(", depth 2;"), "{hint}");
}

#[test]
fn seats_that_do_not_fit_are_refused() {
    let cases: &[(&[&str], &str)] = &[
        (&["tri-camelot", "--white", "engine"], "this game has no White player (Blue, Red, Green)"),
        (&["camelot", "--seats", "human"], "--seats needs 2 seats, one per player in turn order (White, Black)"),
        (&["camelot", "--seats", "human,engine", "--black", "human"], "'--seats <SEATS>' cannot be used with '--black"),
        (&["camelot", "--white", "robot"], "`robot`: expected human, engine, or engine:depth=N,movetime=MS,level=L"),
        (&["camelot", "--black", "engine:depth=0"], "`engine:depth=0`: depth=0: expected a whole number from 1 to 127"),
        (&["camelot", "--black", "engine:hash=64"], "give --hash for the whole game, not hash= for a seat"),
        (&["camelot", "--seats", "human,engine:speed=3"], "unknown option `speed`; a seat's engine takes depth="),
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

#[test]
fn the_engine_accepts_a_draw_only_when_it_stands_about_level_or_worse() {
    // Black, short of material, accepts once it has moved (its last score is
    // its judgement); before, it declines, as the web app's computer does.
    let losing = "W:WKC6,KJ6,D6,E6,F6,G6,H6:BE11,F11 castle-moves=0,0";
    let args = ["camelot", "--position", losing, "--black", "engine", "--depth", "2", "--color", "never"];
    let (status, out, err) = play(&args, "draw\nD6-D7\ndraw\nhistory\nquit\n");
    assert_eq!(status, 0, "{err}");
    let declined = out.find("> Black (engine) declines the draw: the game goes on\n").expect(&out);
    let accepted = out.find("> Black (engine) accepts the draw\n").expect(&out);
    let agreed = out.find("Game over: drawn by agreement.\n").expect(&out);
    assert!(declined < accepted && accepted < agreed, "{out}");
    assert!(out.contains("1/2-1/2\n"), "{out}");
    // Ahead, it declines.
    let winning = "W:WE6,F6:BKD10,KI10,E10,F10,G10,H10 castle-moves=0,0";
    let args = ["camelot", "--position", winning, "--black", "engine", "--depth", "2", "--color", "never"];
    let (status, out, err) = play(&args, "E6-E7\ndraw\nquit\n");
    assert_eq!(status, 0, "{err}");
    assert!(out.contains("Black (engine) plays "), "{out}");
    assert!(out.contains("> Black (engine) declines the draw: the game goes on\n"), "{out}");
    assert!(!out.contains("drawn by agreement"), "{out}");
}

#[test]
fn a_draw_in_tri_camelot_needs_every_other_player() {
    // Blue offers at once: the engine's seats have not moved, and decline
    // together, without asking anyone.
    let args = ["tri-camelot", "--seats", "human,engine,engine", "--depth", "1", "--color", "never"];
    let (status, out, err) = play(&args, "draw\nquit\n");
    assert_eq!(status, 0, "{err}");
    assert!(out.contains("> Red (engine) and Green (engine) decline the draw: the game goes on\n"), "{out}");
    // With two people and the engine: the engine declines first, and no
    // person is asked for nothing.
    let args = ["tri-camelot", "--seats", "human,human,engine", "--depth", "1", "--color", "never"];
    let (_, out, _) = play(&args, "draw\nquit\n");
    assert!(out.contains("> Green (engine) declines the draw: the game goes on\n"), "{out}");
    assert!(!out.contains("do you accept"), "{out}");
    // Three people: each is asked, in turn order, until one declines.
    let args = ["tri-camelot", "--color", "never"];
    let (_, out, _) = play(&args, "draw\nyes\nno\nquit\n");
    assert!(out.contains("> Red, do you accept a draw? (yes/no) Green, do you accept a draw? (yes/no) "), "{out}");
    assert!(out.contains("Green declines the draw: the game goes on\n"), "{out}");
    let (_, out, _) = play(&args, "draw\nyes\ny\nquit\n");
    assert!(out.contains("Game over: drawn by agreement.\n"), "{out}");
}
