//! The solver (`leap_solve`, `camelot solve`): tables checked against a
//! naive search of every position, values worked out by hand, the
//! independent check catching a damaged table, files refused with a
//! reason, and the command as a user runs it.

mod common;

use common::{run_stdin_env, Out, TempDir};
use leap_core::notation::parse_position;
use leap_core::{Game, GameResult, KeyList, Position};
use leap_solve::{Layout, SolveError, Table, Value};
use std::collections::HashMap;

fn camette() -> leap_camelot::Camelot {
    leap_camelot::load("camette").expect("camette loads")
}

fn tiny() -> leap_camelot::Camelot {
    leap_camelot::load("tests/solve/tiny.toml").expect("tests/solve/tiny.toml loads")
}

fn solved<G: Game>(game: &G, max_pieces: Option<u32>) -> Table {
    let layout = Layout::new(game, max_pieces).expect("a layout");
    leap_solve::solve(game, layout, &|_| {}, &mut Vec::new()).expect("solved")
}

/// A position's identity for the naive search: pieces, player to move and
/// counters (clocks left out, as the table leaves them out).
fn key(pos: &Position) -> Position {
    let mut p = *pos;
    p.set_clock(0);
    p.set_aux_clock(0);
    p
}

/// The value of every position of `positions` by the naive method: sweep
/// after sweep over all of them, the `k`th sweep giving the values at
/// distance `k` from those at smaller distances (a win in `k` needs a move
/// to a loss in `k - 1`; a loss in `k` needs every move to lead to a win,
/// the longest in `k - 1`), until a sweep finds none and none can follow;
/// what is left is drawn. No index, no predecessors: only the game's moves.
fn naive<G: Game>(game: &G, positions: &[Position]) -> HashMap<Position, Value> {
    let mut value: HashMap<Position, Value> = HashMap::new();
    let mut children: HashMap<Position, Vec<Position>> = HashMap::new();
    let mut list = KeyList::new();
    let finished = |pos: &Position, result: GameResult| match result {
        GameResult::Draw => Value::Draw,
        GameResult::Win(p) if p == pos.to_move() => Value::Win { plies: 0 },
        GameResult::Win(_) => Value::Loss { plies: 0 },
    };
    for pos in positions {
        if let Some(o) = game.decided(pos) {
            value.insert(key(pos), finished(pos, o.result));
            continue;
        }
        game.legal_moves_into(pos, &mut list);
        if list.keys.is_empty() {
            value.insert(key(pos), finished(pos, game.no_moves(pos).result));
            continue;
        }
        children.insert(key(pos), list.keys.iter().map(|k| key(&game.play_unchecked(pos, k))).collect());
    }
    let mut k = 1;
    let mut longest = 0;
    while k <= longest + 1 {
        let mut found = Vec::new();
        for (pos, next) in &children {
            if value.contains_key(pos) {
                continue;
            }
            let values: Vec<Option<Value>> = next.iter().map(|c| value.get(c).copied()).collect();
            if values.contains(&Some(Value::Loss { plies: k - 1 })) {
                found.push((*pos, Value::Win { plies: k }));
            } else if values.iter().all(|v| matches!(v, Some(Value::Win { .. })))
                && values.contains(&Some(Value::Win { plies: k - 1 }))
            {
                found.push((*pos, Value::Loss { plies: k }));
            }
        }
        for (pos, v) in found {
            longest = longest.max(k);
            value.insert(pos, v);
        }
        k += 1;
    }
    for pos in children.keys() {
        value.entry(*pos).or_insert(Value::Draw);
    }
    value
}

/// Every position of the table has the naive method's value.
fn agrees_with_naive<G: Game>(game: &G, table: &Table) -> usize {
    let layout = table.layout();
    let positions: Vec<Position> = (0..layout.len()).map(|i| layout.position(i)).collect();
    let expected = naive(game, &positions);
    let mut decisive = 0;
    for (i, pos) in positions.iter().enumerate() {
        let got = table.value_at(i as u64).unwrap();
        assert_eq!(got, expected[&key(pos)], "{}", leap_core::notation::format_position(game, pos));
        decisive += usize::from(got != Value::Draw);
    }
    decisive
}

#[test]
fn every_value_of_a_three_by_three_game_is_the_naive_searchs() {
    let game = tiny();
    let table = solved(&game, None);
    assert_eq!(table.layout().len(), 11_018);
    let decisive = agrees_with_naive(&game, &table);
    assert!(decisive > 10_000, "most positions are won or lost: {decisive}");
    // The start: every White move loses in 4 plies (the line worked out by hand:
    // 1.A1-A2 A3xA1 2.C1-C2 C3xC1, Black taking both pieces).
    assert_eq!(table.probe(&game.start()).unwrap(), Some(Value::Loss { plies: 4 }));
}

#[test]
fn every_value_of_camettes_two_piece_endgames_is_the_naive_searchs() {
    let game = camette();
    let table = solved(&game, Some(2));
    agrees_with_naive(&game, &table);
}

#[test]
fn camette_endgames_worked_out_by_hand() {
    let game = camette();
    let table = solved(&game, Some(2));
    let value = |text: &str| table.probe(&parse_position(&game, text).unwrap()).unwrap().unwrap();
    // A White Man next to Black's castle steps in.
    assert_eq!(value("W:WC6:BC2"), Value::Win { plies: 1 });
    // One step further away, while Black's Man is next to White's castle:
    // White cannot capture or arrive first, and Black steps in.
    assert_eq!(value("W:WC5:BC2"), Value::Loss { plies: 2 });
    assert_eq!(value("B:WC5:BC2"), Value::Win { plies: 1 });
    // A capture of the last piece wins at once: the Man on C4 jumps C5.
    assert_eq!(value("W:WC4:BC5"), Value::Win { plies: 1 });
    // The game is over: Black's Man stands in White's castle.
    assert_eq!(value("W:WC4:BC1"), Value::Loss { plies: 0 });
    // Perfect play from the table: the best move is the step in.
    let pos = parse_position(&game, "W:WC6:BC2").unwrap();
    let moves = table.moves(&game, &pos).unwrap().unwrap();
    assert_eq!(moves[0].1, Value::Win { plies: 1 });
    assert_eq!(game.decided(&game.play_unchecked(&pos, &moves[0].0)).unwrap().result, GameResult::Win(pos.to_move()));
}

#[test]
fn the_check_passes_a_sound_table_and_catches_a_damaged_one() {
    let game = camette();
    let table = solved(&game, Some(3));
    let check = leap_solve::verify(&game, &table, &|_| {}).unwrap();
    assert_eq!((check.positions, check.wrong), (table.layout().len(), 0));
    // Damage one decisive value on disk, and one draw.
    let dir = TempDir::new("solve-check");
    let path = dir.join("camette-3.table");
    table.write(&path).unwrap();
    let mut bytes = std::fs::read(&path).unwrap();
    let header = bytes.len() - table.layout().len() as usize;
    let won = (0..table.layout().len())
        .find(|&i| matches!(table.value_at(i).unwrap(), Value::Win { plies } if plies > 1))
        .unwrap();
    bytes[header + won as usize] += 2; // a win two plies longer
    let drawn = (0..table.layout().len()).find(|&i| table.value_at(i).unwrap() == Value::Draw).unwrap();
    bytes[header + drawn as usize] = Value::Win { plies: 3 }.to_byte().unwrap();
    std::fs::write(&path, &bytes).unwrap();
    let damaged = Table::open(&game, &path).unwrap();
    let check = leap_solve::verify(&game, &damaged, &|_| {}).unwrap();
    // Each damaged entry is wrong, and so are positions whose values rest on it.
    assert!(check.wrong >= 2, "{check:?}");
    let shown: Vec<&String> = check.examples.iter().map(|(p, _, _)| p).collect();
    let at = |i: u64| leap_core::notation::format_position(&game, &table.layout().position(i));
    assert!(shown.contains(&&at(won)) || check.wrong > 10, "{check:?}");
    assert!(
        check.examples.iter().any(|(p, stored, _)| *p == at(drawn) && *stored == Value::Win { plies: 3 }),
        "{check:?}"
    );
}

#[test]
fn a_table_reads_back_from_its_file_and_refuses_other_games_and_damage() {
    let game = camette();
    let table = solved(&game, Some(2));
    let dir = TempDir::new("solve-file");
    let path = dir.join("t.table");
    table.write(&path).unwrap();
    #[cfg(unix)]
    {
        // Readable as any new file of the user's, not only by the user.
        use std::os::unix::fs::PermissionsExt;
        let mode = |p: &std::path::Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        let plain = dir.join("plain");
        std::fs::write(&plain, "").unwrap();
        assert_eq!(mode(&path), mode(&plain), "{:o}", mode(&path));
    }
    let back = Table::open(&game, &path).unwrap();
    for i in (0..table.layout().len()).step_by(7) {
        assert_eq!(back.value_at(i).unwrap(), table.value_at(i).unwrap());
    }
    // Another game.
    match Table::open(&tiny(), &path) {
        Err(SolveError::Mismatch { message, .. }) => {
            assert!(message.contains("a table of camette, not of tiny"), "{message}")
        }
        other => panic!("{:?}", other.err()),
    }
    // The same name, other rules: Camette where taking the last piece wins
    // only with two pieces left.
    let text = std::fs::read_to_string("variants/camette.toml")
        .unwrap()
        .replace("bare_win_min_material = 1 ", "bare_win_min_material = 2 ");
    assert_ne!(text, std::fs::read_to_string("variants/camette.toml").unwrap());
    let other = leap_camelot::parse_variant("camette.toml", &text).unwrap();
    match Table::open(&other, &path) {
        Err(SolveError::Mismatch { message, .. }) => assert!(message.contains("other rules"), "{message}"),
        other => panic!("{:?}", other.err()),
    }
    // Cut short, not a table at all, empty.
    let bytes = std::fs::read(&path).unwrap();
    std::fs::write(&path, &bytes[..bytes.len() - 1]).unwrap();
    assert!(
        matches!(Table::open(&game, &path), Err(SolveError::BadTable { ref message, .. }) if message.contains("cut short"))
    );
    std::fs::write(&path, b"[game]\nname = 'x'\n").unwrap();
    assert!(matches!(Table::open(&game, &path), Err(SolveError::BadTable { .. })));
    std::fs::write(&path, b"").unwrap();
    assert!(matches!(Table::open(&game, &path), Err(SolveError::BadTable { .. })));
    // A header whose length says more than the file holds.
    let mut damaged = bytes.clone();
    damaged[11] = 0x7f;
    std::fs::write(&path, &damaged).unwrap();
    match Table::open(&game, &path) {
        Err(SolveError::BadTable { message, .. }) => assert!(message.contains("header is damaged"), "{message}"),
        other => panic!("{:?}", other.err()),
    }
    // A folder.
    let folder = path.with_extension("d");
    std::fs::create_dir_all(&folder).unwrap();
    match Table::open(&game, &folder) {
        Err(SolveError::BadTable { message, .. }) => assert_eq!(message, "it is a folder, not a table"),
        other => panic!("{:?}", other.err()),
    }
}

#[test]
fn games_beyond_the_solver_are_refused_with_the_reason() {
    let err = |r: Result<Layout, SolveError>| r.expect_err("refused").to_string();
    let tri = leap_camelot::load("tri-camelot").unwrap();
    assert!(err(Layout::new(&tri, None)).contains("3 players"));
    let camelot = leap_camelot::load("camelot").unwrap();
    assert!(err(Layout::new(&camelot, None)).contains("160 cells"));
    let skirmish = leap_camelot::load("skirmish").unwrap();
    assert!(err(Layout::new(&skirmish, Some(3))).contains("counter-baring"));
    // Checkers men are crowned: refused before the solve starts.
    let checkers = leap_checkers::load("checkers").unwrap();
    assert!(err(Layout::new(&checkers, Some(2))).contains("checkers crowns pieces (promotion)"));
}

/// Runs `camelot ARGS` with the tables folder `dir`.
fn camelot(dir: &TempDir, args: &[&str]) -> Out {
    run_stdin_env(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")),
        args,
        b"",
        &[("CAMELOT_TABLES", dir.to_str().unwrap())],
    )
}

#[test]
fn the_command_solves_probes_checks_and_compares() {
    let dir = TempDir::new("solve-cli");
    // No table yet: the probe says how to make one.
    let out = camelot(&dir, &["solve", "tests/solve/tiny.toml", "--probe"]);
    assert_eq!(out.status, 1, "{}", out.show());
    assert!(
        out.stderr.contains("no table at") && out.stderr.contains("make it with `camelot solve tests/solve/tiny.toml`"),
        "{}",
        out.show()
    );
    let out = camelot(&dir, &["solve", "tests/solve/tiny.toml", "--quiet"]);
    assert_eq!(out.status, 0, "{}", out.show());
    assert!(out.stdout.contains("positions: 11018"), "{}", out.show());
    assert!(out.stdout.contains("value: White loses in 4 plies"), "{}", out.show());
    assert!(out.stdout.contains("perfect play: 1.A1-A2 A3xA1 2.C1-C2 C3xC1"), "{}", out.show());
    assert!(dir.join("tiny.table").is_file());
    // The probe, as JSON: the start, a won position, a drawn one.
    let json = |args: &[&str]| -> serde_json::Value {
        let out = camelot(&dir, args);
        assert_eq!(out.status, 0, "{}", out.show());
        serde_json::from_str(out.stdout.trim()).unwrap_or_else(|e| panic!("{e}: {}", out.show()))
    };
    let v = json(&["solve", "tests/solve/tiny.toml", "--probe", "--json"]);
    assert_eq!(v, serde_json::json!({"value": "loss", "plies": 4}));
    // The start is symmetric: Black to move there loses as White does.
    let v = json(&["solve", "tests/solve/tiny.toml", "--position", "B:WKA1,C1:BKC3,A3", "--json"]);
    assert_eq!(v, serde_json::json!({"value": "loss", "plies": 4}));
    let v = json(&["solve", "tests/solve/tiny.toml", "--position", "W:WC1:BKB2", "--json"]);
    assert_eq!(v, serde_json::json!({"value": "win", "plies": 1}));
    // The same board, with the game drawn already by the move limit (a rule
    // the table leaves out): the game's end, not the table's win in 1.
    let v = json(&["solve", "tests/solve/tiny.toml", "--position", "W:WC1:BKB2 clock=100", "--json"]);
    assert_eq!(v, serde_json::json!({"value": "draw"}));
    let out = camelot(&dir, &["solve", "tests/solve/tiny.toml", "--position", "W:WC1:BKB2 clock=100"]);
    let said = "value: a draw (the game is over: drawn (move limit without progress))";
    assert!(out.status == 0 && out.stdout.contains(said), "{}", out.show());
    // A drawn position (the table, read here, has two), probed by the command.
    let game = tiny();
    let table = Table::open(&game, &dir.join("tiny.table")).unwrap();
    let drawn = (0..table.layout().len()).find(|&i| table.value_at(i).unwrap() == Value::Draw).unwrap();
    let text = leap_core::notation::format_position(&game, &table.layout().position(drawn));
    let v = json(&["solve", "tests/solve/tiny.toml", "--position", &text, "--json"]);
    assert_eq!(v, serde_json::json!({"value": "draw"}));
    let v = json(&["solve", "tests/solve/tiny.toml", "--moves", "1.A1-A2", "--json"]);
    assert_eq!(v, serde_json::json!({"value": "win", "plies": 3}));
    // The check and the comparison with the search.
    let out = camelot(&dir, &["solve", "tests/solve/tiny.toml", "--verify", "--compare-search", "300", "--quiet"]);
    assert_eq!(out.status, 0, "{}", out.show());
    assert!(out.stdout.contains("checked 11018 positions") && out.stdout.contains(": 0 wrong"), "{}", out.show());
    assert!(out.stdout.contains(", 0 disagreeing"), "{}", out.show());
    // A damaged table: the check fails, and says where.
    let path = dir.join("tiny.table");
    let mut bytes = std::fs::read(&path).unwrap();
    let n = bytes.len();
    bytes[n - 1] = 0xfe;
    std::fs::write(&path, &bytes).unwrap();
    let out = camelot(&dir, &["solve", "tests/solve/tiny.toml", "--verify", "--quiet"]);
    assert_eq!(out.status, 1, "{}", out.show());
    assert!(out.stdout.contains("the table says") && out.stderr.contains("is wrong: solve it again"), "{}", out.show());
}

#[test]
fn the_command_refuses_what_it_cannot_do_in_words() {
    let dir = TempDir::new("solve-refuse");
    let out = camelot(&dir, &["solve", "camelot"]);
    assert_eq!(out.status, 1, "{}", out.show());
    assert!(out.stderr.starts_with("error: cannot solve this game: camelot's board has 160 cells"), "{}", out.show());
    // Cam has 67 squares: its endgames are solvable, the whole game is far too large.
    let out = camelot(&dir, &["solve", "cam"]);
    assert_eq!(out.status, 1, "{}", out.show());
    assert!(out.stderr.contains("too many to solve") || out.stderr.contains("available"), "{}", out.show());
    for (option, value, expected) in
        [("--max-pieces", "0", "expected a whole number, at least 1"), ("--search-depth", "65", "from 1 to 64")]
    {
        let out = camelot(&dir, &["solve", "camette", option, value]);
        assert_eq!(out.status, 2, "{}", out.show());
        assert!(out.stderr.contains(&format!("invalid value '{value}' for '{option} <")), "{}", out.show());
        assert!(out.stderr.contains(expected), "{}", out.show());
    }
    // --json is the probe's answer: a malformed command line without one.
    let out = camelot(&dir, &["solve", "camette", "--json"]);
    assert_eq!(out.status, 2, "{}", out.show());
    assert!(out.stderr.contains("required arguments were not provided"), "{}", out.show());
    assert!(out.stderr.contains("--probe|--position <POSITION>|--moves <MOVES>"), "{}", out.show());
    // No table of a game beyond the solver: not the advice to make one,
    // which would be refused, but why none can be made.
    for (variant, why) in [
        ("checkers", "checkers crowns pieces (promotion)"),
        ("tri-camelot", "tri-camelot has 3 players"),
        ("camelot", "camelot's board has 160 cells"),
    ] {
        let out = camelot(&dir, &["solve", variant, "--probe"]);
        assert_eq!(out.status, 1, "{}", out.show());
        let table = dir.join(format!("{variant}.table"));
        let said =
            format!("error: no table at {}, and none can be made: cannot solve this game: {why}", table.display());
        assert!(out.stderr.starts_with(&said), "{}", out.show());
    }
    // A table file that is not one.
    std::fs::write(dir.join("camette.table"), "not a table").unwrap();
    let out = camelot(&dir, &["solve", "camette", "--probe"]);
    assert_eq!(out.status, 1, "{}", out.show());
    assert!(out.stderr.contains("camette.table: not a usable table"), "{}", out.show());
    // A tables folder that is a file: said at once, before hours of solving.
    let file = dir.join("not-a-folder");
    std::fs::write(&file, "a file").unwrap();
    let out = run_stdin_env(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")),
        &["solve", "camette", "--max-pieces", "2"],
        b"",
        &[("CAMELOT_TABLES", file.to_str().unwrap())],
    );
    assert_eq!(out.status, 1, "{}", out.show());
    let said = format!("error: {}: it is a file, not a folder to keep tables in", file.display());
    assert!(out.stderr.starts_with(&said), "{}", out.show());
    assert!(!out.stderr.contains("solving"), "{}", out.show());
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "a file");
}

#[test]
fn a_solve_replaces_a_table_and_no_other_file() {
    let dir = TempDir::new("solve-output");
    let record = "[Event \"mine\"]\n\n1.E6-E8 *\n";
    let victim = dir.path("victim.pgn");
    std::fs::write(&victim, record).unwrap();
    let out = camelot(&dir, &["solve", "camette", "--max-pieces", "2", "--quiet", "-o", &victim]);
    assert_eq!(out.status, 1, "{}", out.show());
    assert_eq!(
        out.stderr,
        format!(
            "error: {victim} exists and is not a table that a solve may replace (it does not begin as a table of \
             this program does): give another -o, or remove the file\n"
        )
    );
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), record);
    // A table is replaced: the same game's, or another's.
    let table = dir.path("t.table");
    for variant in ["tests/solve/tiny.toml", "tests/solve/tiny.toml", "camette"] {
        let out = camelot(&dir, &["solve", variant, "--max-pieces", "2", "--quiet", "-o", &table]);
        assert_eq!(out.status, 0, "{variant}: {}", out.show());
    }
    assert!(Table::open(&camette(), std::path::Path::new(&table)).is_ok());
    // At the default path, a table under other rules stays: a variant file
    // that reuses a built-in's name must not replace the built-in's table.
    let out = camelot(&dir, &["solve", "camette", "--max-pieces", "2", "--quiet"]);
    assert_eq!(out.status, 0, "{}", out.show());
    let built_in = std::fs::read(dir.join("camette-2pieces.table")).unwrap();
    std::fs::create_dir_all(dir.join("mine")).unwrap();
    let other = "extends = \"camette\"\nname = \"camette\"\n[end]\nbare_win_min_material = 2\n";
    std::fs::write(dir.join("mine/camette.toml"), other).unwrap();
    let file = dir.path("mine/camette.toml");
    let out = camelot(&dir, &["solve", &file, "--max-pieces", "2", "--quiet"]);
    assert_eq!(out.status, 1, "{}", out.show());
    assert!(out.stderr.contains("holds a table of camette under other rules"), "{}", out.show());
    assert_eq!(std::fs::read(dir.join("camette-2pieces.table")).unwrap(), built_in, "the built-in's table stays");
}

#[test]
fn cam_endgames_solve_and_check() {
    let dir = TempDir::new("solve-cam");
    let out = camelot(&dir, &["solve", "cam", "--max-pieces", "2", "--quiet"]);
    assert_eq!(out.status, 0, "{}", out.show());
    assert!(dir.join("cam-2pieces.table").is_file());
    let out = camelot(&dir, &["solve", "cam", "--max-pieces", "2", "--verify", "--quiet"]);
    assert_eq!(out.status, 0, "{}", out.show());
    assert!(out.stdout.contains(": 0 wrong"), "{}", out.show());
    // A position outside the endgames is not in the table.
    let out = camelot(&dir, &["solve", "cam", "--max-pieces", "2", "--probe"]);
    assert_eq!(out.status, 1, "{}", out.show());
    assert!(out.stderr.contains("at most 2 pieces"), "{}", out.show());
}

/// Searches positions of `table` with the engine using it; each move the
/// engine chooses keeps the value (the shortest win, the longest loss, a
/// drawing move), and its score says the value. Returns the draws seen.
fn engine_plays_perfectly<G: leap_games::Played>(game: &G, table: Table, which: impl Fn(u64, Value) -> bool) -> usize {
    use leap_engine::{Engine, Limits, Options, Stop};
    let table = std::sync::Arc::new(table);
    let mut engine = Engine::new(game.clone(), game.evaluation(), Options::default());
    engine.set_solution(Some(table.clone()));
    let mut drawn = 0;
    for i in 0..table.layout().len() {
        let pos = table.layout().position(i);
        let value = table.value_at(i).unwrap();
        if game.outcome(&pos).is_some() || !which(i, value) {
            continue;
        }
        let result = engine.search(&[pos], &Limits::depth(2), &Stop::new(), |_| {});
        let best = result.best.expect("a move");
        let got = table.probe(&game.play_unchecked(&pos, &best)).unwrap().unwrap().before();
        assert_eq!(got, value, "{}", leap_core::notation::format_position(game, &pos));
        match value {
            Value::Draw => {
                drawn += 1;
                assert_eq!(result.score, 0);
            }
            v => assert_eq!(leap_engine::score::decided(result.score).map(|d| d.plies), v.plies()),
        }
    }
    drawn
}

#[test]
fn the_engine_plays_every_position_of_a_solved_game_perfectly() {
    let game = tiny();
    engine_plays_perfectly(&game, solved(&game, None), |_, _| true);
    // Camette's endgames of three pieces have drawn positions: every one, and some others.
    let game = camette();
    let drawn = engine_plays_perfectly(&game, solved(&game, Some(3)), |i, v| v == Value::Draw || i % 97 == 0);
    assert!(drawn > 100, "{drawn} drawn positions searched");
}

#[test]
fn a_level_below_full_strength_searches_instead_of_reading_the_table() {
    use leap_engine::{Engine, Level, Limits, Options, Stop};
    use leap_games::Played;
    let game = tiny();
    let table = std::sync::Arc::new(solved(&game, None));
    let won = (0..table.layout().len())
        .find(|&i| {
            matches!(table.value_at(i), Ok(Value::Win { .. })) && game.outcome(&table.layout().position(i)).is_none()
        })
        .expect("a won position");
    let pos = table.layout().position(won);
    let mut engine = Engine::new(game.clone(), game.evaluation(), Options::default());
    engine.set_solution(Some(table));
    // At full strength the table answers without a search; at level 1 the engine searches.
    assert_eq!(engine.search(&[pos], &Limits::depth(2), &Stop::new(), |_| {}).nodes, 0);
    engine.set_level(Level::MIN);
    let r = engine.search(&[pos], &Limits::depth(2), &Stop::new(), |_| {});
    assert!(r.nodes > 0 && r.depth == 1, "{r:?}");
}

#[test]
fn play_and_analyze_use_the_installed_table() {
    let dir = TempDir::new("solve-play");
    let variant = std::fs::canonicalize("tests/solve/tiny.toml").unwrap();
    let variant = variant.to_str().unwrap();
    let run = |args: &[&str]| run_stdin_env(&dir, args, b"", &[("CAMELOT_TABLES", dir.to_str().unwrap())]);
    assert_eq!(run(&["solve", variant, "--quiet"]).status, 0);
    let out = run(&["analyze", variant, "--depth", "2"]);
    assert_eq!(out.status, 0, "{}", out.show());
    assert!(out.stderr.contains("comes from the solved table"), "{}", out.show());
    assert!(out.last_line().starts_with("bestmove ") && out.last_line().contains("loss in 4"), "{}", out.show());
    // Two engines from the table: Black wins the start in 4 plies, each a best move.
    let out = run(&["play", variant, "--white", "engine", "--black", "engine", "--depth", "2"]);
    assert!(out.stdout.contains("plays perfectly from the solved table"), "{}", out.show());
    assert!(out.stdout.contains("Black (engine) plays C3xC1   [score win in 1"), "{}", out.show());
    assert!(out.stdout.contains("Game over: Black wins"), "{}", out.show());
    // A table of other rules is left aside, with the reason.
    std::fs::copy(dir.join("tiny.table"), dir.join("camette.table")).unwrap();
    let out = run(&["analyze", "camette", "--depth", "1"]);
    assert_eq!(out.status, 0, "{}", out.show());
    assert!(
        out.stderr.contains("warning: the solved table is not used") && out.stderr.contains("not of camette"),
        "{}",
        out.show()
    );
    // The engine protocol says so too, at the first search.
    let script = b"position startpos\ngo depth 2\ngo depth 2\nquit\n";
    let env = [("CAMELOT_TABLES", dir.to_str().unwrap())];
    for (game, said) in
        [(variant, "info string the engine plays from the solved table "), ("camette", "info string warning: ")]
    {
        let out = run_stdin_env(&dir, &["engine", game], script, &env);
        assert_eq!(out.status, 0, "{}", out.show());
        assert_eq!(out.stdout.lines().filter(|l| l.starts_with(said)).count(), 1, "{}", out.show());
        assert!(out.stdout.lines().next().is_some_and(|l| l.starts_with(said)), "{}", out.show());
    }
}

/// Probing an endgame table at the start (no --position) says the start
/// has too many pieces, and how to give a position.
#[test]
fn probing_an_endgame_table_without_a_position_says_how_to_give_one() {
    let dir = TempDir::new("solve-probe-start");
    let table = dir.path("t.table");
    let out = camelot(&dir, &["solve", "camette", "--max-pieces", "2", "--quiet", "-o", &table]);
    assert_eq!(out.status, 0, "{}", out.show());
    let out = camelot(&dir, &["solve", "camette", "--max-pieces", "2", "--probe", "-o", &table]);
    assert_eq!(out.status, 1, "{}", out.show());
    assert!(
        out.stderr.contains(
            "the table does not hold this position (it holds positions of at most 2 pieces, and this one has 8; give \
             one with --position or --moves)"
        ),
        "{}",
        out.show()
    );
}
