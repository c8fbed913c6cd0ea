//! `camelot match`, as a person runs it: the report, the games saved as
//! records that `camelot replay` reads, the SPRT stopping a clear match
//! early, and clear errors for bad options.

mod common;

/// `camelot ARGS` in the package folder: status, stdout, stderr.
fn camelot(args: &[&str]) -> (i32, String, String) {
    let out = common::run_in(std::path::Path::new(env!("CARGO_MANIFEST_DIR")), args);
    (out.status, out.stdout, out.stderr)
}

#[test]
fn a_match_reports_the_score_and_saves_games_that_replay() {
    let dir = common::TempDir::new("match-replay");
    let file = dir.path("games.pgn");
    let (status, out, err) = camelot(&[
        "match",
        "checkers",
        "--engine",
        "engine:depth=3",
        "--engine",
        "random",
        "--games",
        "4",
        "--concurrency",
        "2",
        "--quiet",
        "-o",
        &file,
    ]);
    assert_eq!(status, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "match checkers: engine:depth=3 against random", "{out}");
    assert!(lines[1].starts_with("  4 games, 4 random plies opening each pair"), "{out}");
    assert!(lines[2].starts_with("  engine:depth=3: ") && lines[2].contains(": score "), "{out}");
    assert!(lines[3].starts_with("  random: ") && lines[3].contains(": score "), "{out}");
    assert!(lines[4].starts_with("  Elo difference: "), "{out}");
    assert!(out.contains(&format!("games saved to {file}")), "{out}");
    let text = std::fs::read_to_string(&file).unwrap();
    assert_eq!(text.matches("[Event \"camelot match\"]").count(), 4);
    // Seats are swapped in each pair: the engine is White in one game, Black in the other.
    assert!(text.contains("[Black \"engine:depth=3\"]") && text.contains("[White \"engine:depth=3\"]"), "{text}");
    assert!(!text.contains("TimeControl"), "no clock: {text}");
    let (status, replayed, err) = camelot(&["replay", &file]);
    assert_eq!(status, 0, "{err}");
    assert_eq!(replayed.matches(" of 4\n").count(), 4, "{replayed}");
}

/// A match on a clock saves each game with its time control, in the PGN
/// standard's tag, and after each move of the players (not of the set
/// opening) the time its player had left.
#[test]
fn a_match_on_a_clock_saves_its_time_control() {
    let dir = common::TempDir::new("match-clock");
    let file = dir.path("games.pgn");
    let args = ["match", "checkers", "--engine", "random", "--engine", "random", "--games", "2", "--tc", "1+0.1"];
    let openings = dir.path("openings.txt");
    std::fs::write(&openings, "11-15 23-19\n").unwrap();
    let opening = ["--openings", openings.as_str()];
    let (status, _, err) = camelot(&[&args[..], &opening, &["--max-plies", "6", "--quiet", "-o", &file]].concat());
    assert_eq!(status, 0, "{err}");
    let text = std::fs::read_to_string(&file).unwrap();
    assert_eq!(text.matches("[TimeControl \"1+0.1\"]").count(), 2, "{text}");
    // Each game: two moves of the opening, then four on the clock, each
    // with the increment earned (a random player takes no time to speak of).
    assert_eq!(text.matches("1.11-15 23-19 2.").count(), 2, "{text}");
    assert_eq!(text.matches(" {[%clk 0:00:01").count(), 8, "{text}");
    let (status, _, err) = camelot(&["replay", &file]);
    assert_eq!(status, 0, "{err}");
}

#[test]
fn the_sprt_stops_a_clear_match() {
    let dir = common::TempDir::new("match-sprt");
    let file = dir.path("games.pgn");
    let (status, out, err) = camelot(&[
        "match",
        "cam",
        "--engine",
        "engine:depth=2",
        "--engine",
        "random",
        "--games",
        "200",
        "--sprt",
        "0,200",
        "--quiet",
        "-o",
        &file,
    ]);
    assert_eq!(status, 0, "{err}");
    let games: u32 = out.lines().nth(1).unwrap().split_whitespace().next().unwrap().parse().unwrap();
    assert!(games < 200, "{out}");
    assert!(out.contains("SPRT(0, 200): LLR ") && out.contains("is stronger by at least 200"), "{out}");
    assert!(!out.contains("undecided"), "the verdict is the one that stopped the match: {out}");
}

/// A match's games come in sets from one opening, every seating once, so
/// that no player sits at a seat more often than another: a count that
/// breaks a set is refused (status 2, a malformed command line), and the
/// default fills whole sets.
#[test]
fn games_come_in_whole_sets_of_seatings() {
    let three = ["match", "tri-camelot", "--engine", "random", "--engine", "random", "--engine", "random"];
    for (args, message) in [
        (
            &["match", "camelot", "--engine", "random", "--engine", "random", "--games", "7"][..],
            "--games 7: games come in pairs from one opening, the seats swapped, so that each player has each \
             seat as often: give a multiple of 2 (6 or 8)",
        ),
        (&[&three[..], &["--games", "1"]].concat(), "give a multiple of 6 (6)"),
        (
            &[&three[..], &["--games", "20"]].concat(),
            "--games 20: 3 players sit in 6 seatings, and each opening is played in every one, so that each \
             player has each seat as often: give a multiple of 6 (18 or 24)",
        ),
    ] {
        let (status, out, err) = camelot(args);
        assert_eq!(status, 2, "{args:?}: {err}");
        assert!(err.contains(message), "{args:?}: {err}");
        assert!(out.is_empty(), "nothing is played: {out}");
    }
    let dir = common::TempDir::new("match-seatings");
    let file = dir.path("three.pgn");
    let entrants = ["random", "minimax:1", "alphabeta:1"];
    let mut args = vec!["match", "tri-camelot", "--max-plies", "6", "--quiet", "-o", &file];
    args.extend(entrants.iter().flat_map(|e| ["--engine", e]));
    let (status, out, err) = camelot(&args);
    assert_eq!(status, 0, "{err}");
    assert!(out.lines().nth(1).unwrap().starts_with("  24 games, "), "{out}");
    // Each of the six seatings four times: each entrant at each seat 8 times.
    let text = std::fs::read_to_string(&file).unwrap();
    for seat in ["Blue", "Red", "Green"] {
        for who in entrants {
            assert_eq!(text.matches(&format!("[{seat} \"{who}\"]")).count(), 8, "{seat} {who}: {text}");
        }
    }
}

#[test]
fn bad_options_are_refused_clearly() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["match", "camelot", "--engine", "engine"],
            "camelot is a game of 2 players: give 2 players with --engine, one per seat, not 1",
        ),
        (
            &["match", "camelot", "--engine", "random", "--engine", "random", "--engine", "random"],
            "camelot is a game of 2 players: give 2 players with --engine, one per seat, not 3",
        ),
        (
            &["match", "tri-camelot", "--engine", "engine", "--engine", "random", "--games", "2"],
            "tri-camelot is a game of 3 players: give 3 players with --engine, one per seat, not 2",
        ),
        (
            &["match", "camelot", "--engine", "engine:multi=brs", "--engine", "random"],
            "`engine:multi=brs`: multi= chooses the search of games of three or more players; camelot has two",
        ),
        (
            &[
                "match",
                "tri-camelot",
                "--engine",
                "random",
                "--engine",
                "random",
                "--engine",
                "random",
                "--sprt",
                "0,5",
            ],
            "--sprt compares two players, and tri-camelot is a game of 3 players",
        ),
    ];
    // (Players that do not fit the game: a malformed command line, as
    // `play`'s seats, status 2.)
    for (args, message) in cases {
        let (status, _, err) = camelot(args);
        assert!(status == 2 && err.contains(message), "{args:?}: {err}");
    }
    let args = ["match", "camelot", "--engine", "random", "--engine", "random", "--openings", "no/such/file"];
    let (status, _, err) = camelot(&args);
    assert!(status == 1 && err.contains("cannot read no/such/file"), "{err}");
    // Values out of range or malformed, as every command refuses them:
    // clap's message, with what was expected, status 2.
    for (option, value, expected) in [
        ("--engine", "stockfish", "unknown player `stockfish`"),
        ("--engine", "engine:speed=9", "unknown engine option `speed`"),
        ("--engine", "alphabeta", "give the depth, as `alphabeta:4`"),
        ("--tc", "fast", "expected base seconds + increment seconds, as `10+0.1`"),
        ("--sprt", "5,1", "ELO0 must be below ELO1"),
        ("--sprt", "0,7000", "the Elo differences must be from -1000 to 1000"),
        ("--games", "0", "expected a whole number, at least 1"),
        ("--concurrency", "9999", "expected a whole number from 1 to 256"),
        ("--seed", "abc", "expected a whole number, at least 0"),
        ("--seed", "18446744073709551616", "too large: expected a whole number, at least 0"),
        ("--opening-plies", "4.5", "expected a whole number, at least 0"),
        // (A number too large for any limit: the option's own range.)
        ("--engine", "engine:depth=99999999999999999999", "depth must be from 1 to 127"),
        ("--engine", "engine:movetime=99999999999999999999", "movetime must be from 1 to 86400000 ms"),
        ("--engine", "engine:nodes=99999999999999999999", "nodes must be from 1 to 18446744073709551615"),
        ("--engine", "engine:threads=99999999999999999999", "threads must be from 1 to 256"),
    ] {
        let (status, _, err) =
            camelot(&["match", "camelot", "--engine", "random", "--engine", "random", option, value]);
        assert_eq!(status, 2, "{option} {value}: {err}");
        assert!(err.contains(&format!("invalid value '{value}' for '{option} <")), "{option} {value}: {err}");
        assert!(err.contains(expected), "{option} {value}: {err}");
    }
    // An option the others make pointless: random plies with openings given.
    let (status, _, err) = camelot(&[
        "match",
        "camelot",
        "--engine",
        "random",
        "--engine",
        "random",
        "--openings",
        "o.txt",
        "--opening-plies",
        "6",
    ]);
    assert_eq!(status, 2, "{err}");
    assert!(err.contains("'--openings <FILE>' cannot be used with '--opening-plies <OPENING_PLIES>'"), "{err}");
    // (Every count of the match.)
    for (option, value) in
        [("--games", "0"), ("--movetime", "0"), ("--max-plies", "0"), ("--concurrency", "0"), ("--concurrency", "9999")]
    {
        let (status, _, err) =
            camelot(&["match", "camelot", "--engine", "random", "--engine", "random", option, value]);
        assert_eq!(status, 2, "{option} {value}: {err}");
        assert!(err.contains(&format!("invalid value '{value}' for '{option} <")), "{option} {value}: {err}");
    }
}

#[test]
fn an_opening_that_plays_the_whole_game_is_refused_or_named() {
    // As long as the games, or longer: no player would move.
    for plies in ["50", "60"] {
        let args = ["match", "camelot", "--engine", "random", "--engine", "random", "--opening-plies", plies];
        let (status, _, err) = camelot(&[&args[..], &["--max-plies", "50"]].concat());
        assert_eq!(status, 2, "{err}");
        assert!(
            err.contains(&format!("--opening-plies {plies} leaves the players no move before --max-plies 50")),
            "{err}"
        );
    }
    // Random plies that end the games before the players move: said.
    let dir = common::TempDir::new("match-long-opening");
    let args = ["match", "camelot", "--engine", "random", "--engine", "random", "--games", "2", "--quiet"];
    let out = common::run_in(&dir, &[&args[..], &["--opening-plies", "300", "-o", "m.pgn"]].concat());
    assert_eq!(out.status, 0, "{}", out.show());
    assert!(out.stdout.contains("note: 2 games ended in the opening, before any player moved"), "{}", out.show());
    let out = common::run_in(&dir, &[&args[..], &["--opening-plies", "2", "-o", "n.pgn"]].concat());
    assert!(!out.stdout.contains("ended in the opening"), "{}", out.show());
    // (Two players written alike are numbered, in the report and the records.)
    assert!(out.stdout.contains("\n  1: random: ") && out.stdout.contains("\n  2: random: "), "{}", out.show());
    let records = std::fs::read_to_string(dir.join("n.pgn")).unwrap();
    assert!(records.contains("[White \"2: random\"]") && records.contains("[Black \"2: random\"]"), "{records}");
}

#[test]
fn three_players_play_every_seating() {
    let dir = common::TempDir::new("match-three");
    let file = dir.path("tri.pgn");
    let (status, out, err) = camelot(&[
        "match",
        "tri-camelot",
        "--engine",
        "engine:depth=1,multi=paranoid",
        "--engine",
        "random",
        "--engine",
        "engine:depth=1",
        "--games",
        "6",
        "--max-plies",
        "12",
        "--quiet",
        "-o",
        &file,
    ]);
    assert_eq!(status, 0, "{err}");
    assert!(!out.contains("Elo difference"), "no head-to-head Elo among three: {out}");
    let text = std::fs::read_to_string(&file).unwrap();
    // Each player sits at each seat in two of the six seatings.
    for name in ["engine:depth=1,multi=paranoid", "random", "engine:depth=1"] {
        assert_eq!(text.matches(&format!("\"{name}\"]")).count(), 6, "{name}: {text}");
    }
}

#[test]
fn the_sprt_moves_on_a_match_one_side_wins_every_game_of() {
    // Ten wins in ten games: no draw, no loss (the scores vary not at all),
    // and still each win speaks for H1.
    let dir = common::TempDir::new("match-sprt-sided");
    let file = dir.path("games.pgn");
    let (status, out, err) = camelot(&[
        "match",
        "camette",
        "--engine",
        "engine:depth=2",
        "--engine",
        "random",
        "--games",
        "10",
        "--sprt",
        "0,10",
        "--quiet",
        "-o",
        &file,
    ]);
    assert_eq!(status, 0, "{err}");
    assert!(out.contains("  engine:depth=2: 10 wins, 0 draws, 0 losses: score 100.0%\n"), "{out}");
    assert!(out.contains("  SPRT(0, 10): LLR 0.28 (bounds -2.94, 2.94): undecided: more games are needed\n"), "{out}");
}

#[test]
fn where_the_games_go_is_checked_before_they_are_played() {
    let dir = common::TempDir::new("match-out");
    let variant = dir.join("precious.toml");
    std::fs::write(&variant, "extends = \"camelot\"\nname = \"precious\"\n").unwrap();
    let missing = dir.join("no/such/folder/games.pgn");
    for (output, message) in [
        (variant.to_str().unwrap(), "the file exists, and a match replaces no file"),
        (missing.to_str().unwrap(), "there is no folder"),
        (dir.to_str().unwrap(), "it is a folder: give the name of a new file"),
    ] {
        let started = std::time::Instant::now();
        let (status, _, err) = camelot(&[
            "match",
            "camelot",
            "--engine",
            "engine:movetime=2000",
            "--engine",
            "random",
            "--games",
            "2",
            "-o",
            output,
        ]);
        assert!(status != 0 && err.contains(message), "{output}: {err}");
        // (Two games at 2 s a move would take minutes.)
        assert!(started.elapsed().as_secs() < 60, "refused before a game was played: {err}");
    }
    assert!(std::fs::read_to_string(&variant).unwrap().contains("precious"));
}

#[test]
fn a_match_replaces_no_file() {
    let dir = common::TempDir::new("match-names");
    let quick = ["--engine", "random", "--engine", "random", "--games", "2", "--max-plies", "10", "--quiet"];
    let run = |extra: &[&str]| {
        let mut args = vec!["match", "camelot"];
        args.extend_from_slice(&quick);
        args.extend_from_slice(extra);
        common::run_in(&dir, &args)
    };
    // Without -o: the first free name, said.
    let out = run(&[]);
    assert_eq!(out.status, 0, "{}", out.show());
    assert!(out.stdout.contains("games saved to match-camelot.pgn\n"), "{}", out.show());
    let first = std::fs::read_to_string(dir.join("match-camelot.pgn")).unwrap();
    let out = run(&["--seed", "2"]);
    assert_eq!(out.status, 0, "{}", out.show());
    assert!(out.stdout.contains("games saved to match-camelot-2.pgn\n"), "{}", out.show());
    assert_eq!(std::fs::read_to_string(dir.join("match-camelot.pgn")).unwrap(), first, "the first games are kept");
    assert!(std::fs::read_to_string(dir.join("match-camelot-2.pgn")).unwrap().contains("[Event \"camelot match\"]"));
    // -o a file that exists: refused before a game is played.
    let started = std::time::Instant::now();
    let out = common::run_in(
        &dir,
        &["match", "camelot", "--engine", "engine:movetime=2000", "--engine", "random", "-o", "match-camelot.pgn"],
    );
    assert_eq!(out.status, 1, "{}", out.show());
    assert_eq!(
        out.stderr,
        "error: --output match-camelot.pgn: the file exists, and a match replaces no file: give a new name \
         (or remove it)\n"
    );
    assert!(started.elapsed().as_secs() < 60, "refused before a game was played: {}", out.show());
    assert_eq!(std::fs::read_to_string(dir.join("match-camelot.pgn")).unwrap(), first);
    let mut files: Vec<String> =
        std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    files.sort();
    assert_eq!(files, ["match-camelot-2.pgn", "match-camelot.pgn"], "no other file, temporary or not");
}

#[test]
fn the_games_of_a_variant_file_replay_and_play_goes_on_with_them() {
    let dir = common::TempDir::new("match-variant-file");
    // A variant whose name is no built-in variant's, nor its file's.
    std::fs::create_dir(dir.join("v")).unwrap();
    std::fs::write(dir.join("v/b15x17.toml"), "extends = \"camelot\"\nname = \"t15x17\"\n").unwrap();
    let args = ["--engine", "engine:depth=1", "--engine", "random", "--games", "2", "--max-plies", "20", "--quiet"];
    let mut command = vec!["match", "v/b15x17.toml"];
    command.extend_from_slice(&args);
    command.extend_from_slice(&["-o", "m2.pgn"]);
    let out = common::run_in(&dir, &command);
    assert_eq!(out.status, 0, "{}", out.show());
    let text = std::fs::read_to_string(dir.join("m2.pgn")).unwrap();
    // The tag `play` writes for a variant file: its path from the record's
    // folder, the file being below it.
    assert_eq!(text.matches("[VariantFile \"v/b15x17.toml\"]").count(), 2, "{text}");
    // Read from anywhere.
    let (status, replayed, err) = camelot(&["replay", &dir.path("m2.pgn")]);
    assert_eq!(status, 0, "{err}");
    assert_eq!(replayed.matches(" of 2\n").count(), 2, "{replayed}");
    let first = dir.path("first.pgn");
    std::fs::write(&first, text.split("\n\n[").next().unwrap()).unwrap();
    let out = common::run_stdin_env(&dir, &["play", &first], b"quit\n", &[]);
    assert_eq!(out.status, 0, "{}", out.show());
    assert!(out.stdout.contains("continuing the game of "), "{}", out.show());
}

/// `camelot match VARIANT` between `a` and `b` from the openings `lines`
/// (written to `openings.txt` in `dir`), with `extra` options.
fn match_from(
    dir: &common::TempDir,
    variant: &str,
    [a, b]: [&str; 2],
    lines: &str,
    extra: &[&str],
) -> (i32, String, String) {
    let openings = dir.path("openings.txt");
    std::fs::write(&openings, lines).unwrap();
    let mut args = vec!["match", variant, "--engine", a, "--engine", b, "--quiet", "--openings", &openings];
    args.extend_from_slice(extra);
    camelot(&args)
}

#[test]
fn openings_from_a_file_open_the_games() {
    let dir = common::TempDir::new("match-openings");
    let file = dir.path("games.pgn");
    let lines = "# two openings\n1.E6-E8 H11-F9\n\n1.F7-H5-J7 F10-H12-J10\n";
    let extra = ["--games", "4", "-o", &file, "--max-plies", "10"];
    let (status, out, err) = match_from(&dir, "camelot", ["random", "random"], lines, &extra);
    assert_eq!(status, 0, "{err}");
    assert!(out.contains("openings from "), "{out}");
    let text = std::fs::read_to_string(&file).unwrap();
    assert_eq!(text.matches("1.E6-E8 H11-F9").count(), 2, "{text}");
    assert_eq!(text.matches("1.F7-H5-J7 F10-H12-J10").count(), 2, "{text}");
    // A move that cannot be played: its line, column and number.
    let (status, _, err) = match_from(&dir, "camelot", ["random", "random"], "# one\n  1.E6-E8 F11-F9x\n", &[]);
    assert!(status != 0 && err.contains("openings.txt:2:11: move 1 (Black): `F11-F9x`"), "{err}");
    let (status, _, err) = match_from(&dir, "camelot", ["random", "random"], "1.E6-E8 1-0\n", &[]);
    assert!(status != 0 && err.contains("openings.txt:1:9: `1-0` is a game's result"), "{err}");
    // A line after which the game is over leaves nothing to play: refused,
    // as a position where it is over is. (A Prince is royal: taking it wins.)
    let variant = dir.path("royal.toml");
    std::fs::write(
        &variant,
        "extends = \"camelot\"\nname = \"royal\"\n[board]\ngeometry = \"square\"\nfiles = 4\nranks = 5\n\
         layout = \"\"\"\n .. \n....\n....\n....\n .. \n\"\"\"\n\
         [[players]]\nname = \"White\"\nletter = \"W\"\ncastle = [\"B1\", \"C1\"]\n\
         [[players]]\nname = \"Black\"\nletter = \"B\"\ncastle = [\"B5\", \"C5\"]\n\
         [[pieces]]\nname = \"Knight\"\nprefix = \"K\"\nsymbol = \"K\"\ncharge = true\ncanter_rule = true\n\
         [[pieces]]\nname = \"Man\"\nprefix = \"\"\nsymbol = \"M\"\n\
         [[pieces]]\nname = \"Prince\"\nprefix = \"P\"\nsymbol = \"P\"\n\
         [setup]\nWhite = \"KA2,PB2\"\nBlack = \"KD4\"\n[end]\nroyal = [\"Prince\"]\n",
    )
    .unwrap();
    let (status, _, err) = match_from(&dir, &variant, ["random", "random"], "1.B2-C3 D4xB2\n", &[]);
    assert!(status != 0 && err.contains("openings.txt:1: the game is over after these moves (Black wins"), "{err}");
}

#[test]
fn an_opening_may_be_a_position_to_play_out() {
    let dir = common::TempDir::new("match-positions");
    let file = dir.path("endings.pgn");
    // Two kings against one, Black to move.
    let (status, out, err) =
        match_from(&dir, "checkers", ["engine:depth=12", "random"], "B:WK8:BK25,K27\n", &["--games", "2", "-o", &file]);
    assert_eq!(status, 0, "{err}");
    // Seated with the two kings, the engine wins; with the lone king, it does not lose.
    let engine = out.lines().find(|l| l.trim_start().starts_with("engine:depth=12: ")).unwrap();
    assert!(!engine.contains(" 0 wins") && engine.contains(" 0 losses"), "{out}");
    let text = std::fs::read_to_string(&file).unwrap();
    assert_eq!(text.matches("[Position \"B:WK8:BK25,K27").count(), 2, "{text}");
    // The games replay from the position.
    let first = dir.path("first.pgn");
    std::fs::write(&first, text.split("\n\n[").next().unwrap()).unwrap();
    let (status, out, err) = camelot(&["replay", &first]);
    assert_eq!(status, 0, "{err}");
    let result = text.lines().find(|l| l.starts_with("[Result ")).unwrap();
    assert!(out.contains(&format!("Result: {}", &result[9..result.len() - 2])), "{out}\n{result}");
    // A position that does not read, or where the game is over, is refused at its line.
    for (line, message) in
        [("B:WK8:BK25,K99", "openings.txt:2: the position: "), ("B:WK8:B", "openings.txt:2: the game is over")]
    {
        let (status, _, err) = match_from(&dir, "checkers", ["random", "random"], &format!("# endings\n{line}\n"), &[]);
        assert!(status != 0 && err.contains(message), "{line}: {err}");
    }
}

#[test]
fn a_match_stopped_midway_keeps_the_games_it_finished() {
    let dir = common::TempDir::new("match-stopped");
    let file = dir.join("games.pgn");
    // Games of a second or so each: far more than the test waits for.
    let args = [
        "match",
        "checkers",
        "--engine",
        "engine:movetime=20",
        "--engine",
        "random",
        "--games",
        "400",
        "--concurrency",
        "1",
        "--quiet",
        "-o",
        "games.pgn",
    ];
    /// The match, killed when the test ends, whatever happens.
    struct Running(std::process::Child);
    impl Drop for Running {
        fn drop(&mut self) {
            let _ = self.0.kill();
            let _ = self.0.wait();
        }
    }
    let mut running = Running(common::spawn_piped(&mut common::command(&dir, &args)));
    let child = &mut running.0;
    let started = std::time::Instant::now();
    let finished = |text: &str| text.matches("[Event \"camelot match\"]").count();
    let mut text = String::new();
    while finished(&text) < 2 {
        assert!(started.elapsed().as_secs() < 120, "two games finished in two minutes: {text}");
        assert!(child.try_wait().unwrap().is_none(), "the match is still on");
        std::thread::sleep(std::time::Duration::from_millis(50));
        text = std::fs::read_to_string(&file).unwrap_or_default();
    }
    // Stopped as hard as can be (no handler can run): what was written stays.
    drop(running);
    let text = std::fs::read_to_string(&file).unwrap();
    let games = finished(&text);
    assert!((2..400).contains(&games), "{text}");
    // Each a whole record, in the order the games ended (one at a time here:
    // the order of the match), that replay reads.
    let rounds: Vec<&str> = text.lines().filter(|l| l.starts_with("[Round ")).collect();
    let expected: Vec<String> = (1..=games).map(|n| format!("[Round \"{n}\"]")).collect();
    assert_eq!(rounds, expected, "{text}");
    let out = common::run_in(&dir, &["replay", "games.pgn"]);
    assert_eq!(out.status, 0, "{}", out.show());
    assert_eq!(out.stdout.matches(&format!(" of {games}\n")).count(), games, "{}", out.show());
}

/// Ctrl-C (SIGINT) during a match: the games it finished are in the file,
/// none half written, and the match says how many and where before it
/// ends with the status of a program ended by that signal.
#[cfg(unix)]
#[test]
fn an_interrupted_match_says_where_its_games_are() {
    let dir = common::TempDir::new("match-interrupted");
    let file = dir.path("m.pgn");
    let args =
        ["match", "camelot", "--engine", "engine", "--engine", "alphabeta:1", "--games", "40", "--movetime", "20"];
    let mut command = common::command(std::path::Path::new(&dir.path("")), &[&args[..], &["-o", &file]].concat());
    let child = common::spawn_piped(&mut command);
    let started = std::time::Instant::now();
    while std::fs::read_to_string(&file).map_or(true, |t| !t.contains("[Round")) {
        assert!(started.elapsed().as_secs() < 120, "no game ended in two minutes");
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let killed = std::process::Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap();
    assert!(killed.success());
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    use std::os::unix::process::ExitStatusExt;
    assert_eq!(out.status.code(), Some(130), "{stderr} {:?}", out.status.signal());
    assert!(stderr.starts_with(&format!("40 games, each saved to {file} as it ends\n")), "{stderr}");
    // (No terminal codes into a pipe.)
    assert!(!stderr.contains('\x1b'), "{stderr:?}");
    let said = stderr.lines().last().unwrap();
    let n: usize = said
        .strip_prefix("match interrupted: ")
        .and_then(|s| s.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{said:?}"));
    assert_eq!(said, format!("match interrupted: {n} of 40 games played, saved to {file}"));
    // The file holds those games, whole: replay reads every one.
    let text = std::fs::read_to_string(&file).unwrap();
    assert_eq!(text.matches("[Round ").count(), n, "{text}");
    let (status, _, err) = camelot(&["replay", &file]);
    assert_eq!(status, 0, "{err}");
}

/// A write that fails in the middle of a game's record (here the file
/// size limit of `ulimit -f`, as a full disk would) leaves the file with
/// the games before it, whole: it replays, and the report says how many.
#[cfg(target_os = "linux")]
#[test]
fn a_write_that_fails_leaves_only_whole_games() {
    let dir = common::TempDir::new("match-full");
    let camelot = env!("CARGO_BIN_EXE_camelot");
    let script = format!(
        "trap '' XFSZ; ulimit -f 16; exec {camelot} match camelot --engine random --engine random --games 30 \
         --quiet --concurrency 1 -o m.pgn"
    );
    let out = std::process::Command::new("sh").arg("-c").arg(&script).current_dir(&*dir).output().unwrap();
    let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert_eq!(out.status.code(), Some(1), "{stdout}{stderr}");
    let text = std::fs::read_to_string(dir.join("m.pgn")).unwrap();
    let saved = text.matches("[Round ").count();
    assert!(saved > 0 && saved < 30, "{saved} games\n{stdout}");
    assert!(
        stdout.contains(&format!("  {saved} of 30 games saved to m.pgn, whole, before a write failed\n")),
        "{stdout}"
    );
    assert!(stderr.contains("error: cannot write m.pgn: "), "{stderr}");
    // Every game in the file is whole: the file replays.
    let replay = common::run_in(&dir, &["replay", "m.pgn"]);
    assert_eq!(replay.status, 0, "{}", replay.show());
}

/// `--tc` and `--movetime` together: engines play from their clock, at
/// most the move time a move, and the report says both (before, it named
/// the clock only, though every move was cut at the move time).
#[test]
fn a_clock_with_a_move_time_is_reported_with_both() {
    let dir = common::TempDir::new("match-clock-movetime");
    let file = dir.path("games.pgn");
    let (status, out, err) = camelot(&[
        "match",
        "checkers",
        "--engine",
        "engine",
        "--engine",
        "random",
        "--games",
        "2",
        "--tc",
        "100+0",
        "--movetime",
        "5",
        "--max-plies",
        "12",
        "--quiet",
        "-o",
        &file,
    ]);
    assert_eq!(status, 0, "{err}");
    let second = out.lines().nth(1).unwrap_or_default();
    assert!(
        second.contains(", clock 100+0 s and at most 5 ms a move for engines without a limit of their own, "),
        "{out}"
    );
}

/// An openings file with several lines that cannot open a game: every one
/// is reported at once, each at its line (and column), and no game is
/// played (before, only the first; fixed, the next run named the next).
#[test]
fn every_bad_opening_is_reported_at_once() {
    let dir = common::TempDir::new("match-openings-all");
    let lines = "# openings\n1.E6-E8 H11-F9\n1.E6-E8 ZZ\nW:WKC6:BKC11 castle-moves=0,0\n\n1.E6-E8 1-0\n";
    let never = dir.path("never.pgn");
    let (status, out, err) = match_from(&dir, "camelot", ["random", "random"], lines, &["-o", &never]);
    assert_eq!(status, 1, "{out}{err}");
    assert_eq!(out, "");
    assert!(err.contains("openings.txt: 3 openings cannot be played:\n"), "{err}");
    for place in
        ["openings.txt:3:9: move 1 (Black): `ZZ`", "openings.txt:4: the game is over", "openings.txt:6:9: `1-0`"]
    {
        assert!(err.contains(place), "{place}: {err}");
    }
}
