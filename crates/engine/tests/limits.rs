//! The engine keeps to its limits: a stop from another thread ends a
//! search that has none and returns a legal move, a move time or a clock
//! bounds it, a node count and a depth are kept. (The bounds on time are
//! loose: these tests check that the limits are kept, not how fast the
//! engine is.)

use leap_core::Game;
use leap_engine::{Clock, Engine, Limits, Multi, Options, Stop};
use std::time::{Duration, Instant};

fn camelot_engine(threads: usize) -> Engine<leap_camelot::Camelot, leap_camelot::CamelotEval> {
    let g = leap_camelot::load("camelot").unwrap();
    let e = leap_camelot::CamelotEval::new(&g);
    Engine::new(g, e, Options { threads, hash_mib: 16, ..Options::default() })
}

#[test]
fn stop_ends_a_search_without_limits() {
    for threads in [1, 2] {
        let mut engine = camelot_engine(threads);
        let start = engine.game().start();
        let stop = Stop::new();
        let stopper = stop.clone();
        let timer = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(300));
            stopper.stop();
        });
        let began = Instant::now();
        let mut depths = Vec::new();
        let r = engine.search(&[start], &Limits::default(), &stop, |report| depths.push(report.depth));
        timer.join().unwrap();
        assert!(began.elapsed() < Duration::from_secs(20), "{threads} threads: {:?}", began.elapsed());
        let best = r.best.expect("a move");
        assert!(engine.game().legal_moves(&start).contains(&best));
        assert!(!depths.is_empty() && r.depth >= 1, "{depths:?}");
        assert_eq!(depths.last(), Some(&r.depth));
    }
}

#[test]
fn a_search_stopped_before_it_starts_still_gives_a_legal_move() {
    let mut engine = camelot_engine(1);
    let start = engine.game().start();
    let stop = Stop::new();
    stop.stop();
    let r = engine.search(&[start], &Limits::default(), &stop, |_| {});
    assert!(engine.game().legal_moves(&start).contains(&r.best.expect("a move")));
    assert_eq!(r.depth, 0);
}

/// A search stopped before its first iteration ends plays the move it
/// ranks first: one that wins at once, where there is one (here F15-F16,
/// a second piece into Black's castle, among a dozen moves).
#[test]
fn a_search_stopped_at_once_plays_a_move_that_wins_at_once() {
    let mut engine = camelot_engine(1);
    let game = engine.game().clone();
    let pos = leap_core::notation::parse_position(&game, "W:WKC6,F15,G16:BKC11,D11,E11 castle-moves=0,0").unwrap();
    let stop = Stop::new();
    stop.stop();
    let r = engine.search(&[pos], &Limits::default(), &stop, |_| {});
    assert_eq!(r.depth, 0, "no iteration ended");
    let best = r.best.expect("a move");
    assert_eq!(leap_core::notation::format_line(&game, &pos, &[best]), ["F15-F16"]);
    assert!(game.legal_moves(&pos).len() > 10);
    // A node limit ends the search once the win is found: the table
    // answers the later iterations at once, which never reach the limit's
    // check inside the search (127 of them before).
    let mut depths = Vec::new();
    let r =
        engine.search(&[pos], &Limits { nodes: Some(1), ..Limits::default() }, &Stop::new(), |r| depths.push(r.depth));
    assert_eq!((depths, r.best), (vec![1], Some(best)));
}

#[test]
fn a_move_time_and_a_clock_bound_the_search() {
    let mut engine = camelot_engine(1);
    let start = engine.game().start();
    let began = Instant::now();
    let r = engine.search(&[start], &Limits::movetime(200), &Stop::new(), |_| {});
    assert!(r.best.is_some());
    assert!(began.elapsed() < Duration::from_secs(5), "{:?}", began.elapsed());
    // Ten seconds for the game: a move takes a small share of it.
    let clock = Clock { time_left: Duration::from_secs(10), increment: Duration::ZERO, moves_to_go: None };
    let began = Instant::now();
    let r = engine.search(&[start], &Limits { clock: Some(clock), ..Limits::default() }, &Stop::new(), |_| {});
    assert!(r.best.is_some());
    assert!(began.elapsed() < Duration::from_secs(6), "{:?}", began.elapsed());
}

#[test]
fn depth_and_nodes_are_kept() {
    let mut engine = camelot_engine(1);
    let start = engine.game().start();
    let mut depths = Vec::new();
    let r = engine.search(&[start], &Limits::depth(4), &Stop::new(), |report| depths.push(report.depth));
    assert_eq!(depths, [1, 2, 3, 4]);
    assert_eq!(r.depth, 4);
    let r = engine.search(&[start], &Limits::nodes(20_000), &Stop::new(), |_| {});
    // (The count is looked at every thousand nodes or so.)
    assert!(r.nodes >= 20_000 && r.nodes < 25_000, "{}", r.nodes);
}

#[test]
fn two_threads_keep_a_fixed_depth() {
    // The depths reported rise, end at the limit, and the result is the
    // last report's, whatever the helper thread searched meanwhile.
    let mut engine = camelot_engine(2);
    let start = engine.game().start();
    for depth in [1, 5] {
        let mut reports = Vec::new();
        let r = engine.search(&[start], &Limits::depth(depth), &Stop::new(), |report| {
            reports.push((report.depth, report.pv.first().copied()))
        });
        assert_eq!(r.depth, depth);
        assert!(reports.windows(2).all(|w| w[0].0 < w[1].0), "{reports:?}");
        assert_eq!(reports.last(), Some(&(depth, r.best)));
        assert!(engine.game().legal_moves(&start).contains(&r.best.expect("a move")));
    }
}

#[test]
fn a_finished_game_has_no_move() {
    let mut engine = camelot_engine(1);
    let over = leap_core::notation::parse_position(engine.game(), "B:WF16,G16,KC6:BKC11,D11").unwrap();
    let r = engine.search(&[over], &Limits::depth(3), &Stop::new(), |_| {});
    assert_eq!(r.best, None);
    assert_eq!(r.score, -leap_engine::score::win_in(0));
}

#[test]
fn a_better_move_found_in_an_iteration_cut_short_is_played() {
    // Cut short by its node limit, the search was in an iteration in which
    // a move had beaten the last completed iteration's best: it plays that
    // move, the one a search that completes the iteration chooses too.
    // (The Camelot family's default weights: the position was chosen for them.)
    let g = leap_camelot::load("camelot").unwrap();
    let e = leap_camelot::CamelotEval::with_weights(&g, leap_camelot::EvalWeights::default());
    let pos = leap_core::notation::parse_position(
        &g,
        "W:WKC6,KJ6,KC7,KI7,B5,D6,E6,F6,G6,I6,F7,G7,F8:BKF9,KD10,KI10,KD11,C9,E10,F10,H10,F11,G11,H11,I11,C12,E12 \
         castle-moves=0,0 clock=2",
    )
    .unwrap();
    let options = Options { hash_mib: 4, ..Options::default() };
    let mut reported = Vec::new();
    let cut = Engine::new(g.clone(), e.clone(), options)
        .search(&[pos], &Limits::nodes(7_168), &Stop::new(), |r| reported.push((r.depth, r.pv[0])));
    let &(depth, completed) = reported.last().expect("an iteration completed");
    assert_eq!(cut.depth, depth);
    assert_ne!(cut.best, Some(completed), "the move of the last completed iteration was played");
    let full = Engine::new(g, e, options).search(&[pos], &Limits::depth(depth + 1), &Stop::new(), |_| {});
    assert_eq!(cut.best, full.best);
}

#[test]
fn the_first_iteration_ends_with_dozens_of_knights_and_moves() {
    // 61 Knights on a board of 15 x 17 cells, 48 moves: each move's
    // quiescence searches are bounded, and there are 48 of them (bounded by
    // e^18 lines each, depth 1 took over 2.6 million nodes).
    let mut text = String::from("name = \"plain\"\n[board]\ngeometry = \"square\"\nfiles = 15\nranks = 17\n");
    text += &format!("layout = \"\"\"\n{}\"\"\"\n", format!("{}\n", ".".repeat(15)).repeat(17));
    text += "[[players]]\nname = \"White\"\nletter = \"W\"\ncastle = [\"G1\", \"H1\"]\n";
    text += "[[players]]\nname = \"Black\"\nletter = \"B\"\ncastle = [\"G17\", \"H17\"]\n";
    text +=
        "[[pieces]]\nname = \"Knight\"\nprefix = \"K\"\nsymbols = [\"W\", \"B\"]\ncharge = true\ncanter_rule = true\n";
    text += "[setup]\nWhite = \"KA4,KB4,KC4\"\nBlack = \"KA14,KB14,KC14\"\n";
    let game = leap_camelot::parse_variant("plain.toml", &text).unwrap();
    let position = "W:WKA4,KA7,KA9,KA11,KA12,KB5,KB17,KC1,KD6,KE3,KE11,KE15,KF4,KG6,KG15,KH7,KH9,KH10,KH14,KH15,KI1,\
                    KI3,KI15,KI16,KJ4,KJ9,KK14,KK15,KM1,KN11:BKA2,KA15,KB8,KB9,KB12,KC2,KD1,KD4,KE13,KE14,KE17,KF15,\
                    KF16,KH11,KH12,KH16,KI6,KI10,KJ3,KJ7,KJ16,KL10,KL11,KM7,KM16,KM17,KN1,KN4,KN10,KO2,KO9 \
                    castle-moves=0,0";
    let pos = leap_core::notation::parse_position(&game, position).unwrap();
    assert_eq!(game.legal_moves(&pos).len(), 48);
    let e = leap_camelot::CamelotEval::new(&game);
    let mut engine = Engine::new(game, e, Options { hash_mib: 4, ..Options::default() });
    let limits = Limits { depth: Some(1), nodes: Some(1_000_000), ..Limits::default() };
    let r = engine.search(&[pos], &limits, &Stop::new(), |_| {});
    assert_eq!(r.depth, 1, "depth 1 not completed in {} nodes", r.nodes);
}

/// A Camelot-like variant on 8 x 8 squares, all its pieces Knights: one
/// `(name, castle, Knights)` per player.
fn crowded(players: &[(&str, [&str; 2], String)]) -> leap_camelot::Camelot {
    let mut text = String::from("name = \"crowd\"\n[board]\ngeometry = \"square\"\nfiles = 8\nranks = 8\n");
    text += &format!("layout = \"\"\"\n{}\"\"\"\n", "........\n".repeat(8));
    for (name, [a, b], _) in players {
        text += &format!("[[players]]\nname = \"{name}\"\nletter = \"{}\"\ncastle = [\"{a}\", \"{b}\"]\n", &name[..1]);
    }
    let symbols: Vec<_> = players.iter().map(|(name, ..)| format!("\"{}\"", &name[..1])).collect();
    text += &format!("[[pieces]]\nname = \"Knight\"\nprefix = \"K\"\nsymbols = [{}]\n", symbols.join(", "));
    text += "charge = true\ncanter_rule = true\n[setup]\n";
    for (name, _, knights) in players {
        text += &format!("{name} = \"{knights}\"\n");
    }
    leap_camelot::parse_variant("crowd.toml", &text).unwrap()
}

/// Knights on every square of `ranks` but those `left_out`.
fn knights(ranks: &[u8], left_out: &[&str]) -> String {
    let cells = ranks.iter().flat_map(|&r| ('A'..='H').map(move |f| format!("{f}{r}")));
    cells.filter(|c| !left_out.contains(&c.as_str())).map(|c| format!("K{c}")).collect::<Vec<_>>().join(",")
}

/// Searches `game`'s start to depth 1 with `multi`, within 2 million nodes:
/// the depth completed and the move.
fn first_iteration(game: leap_camelot::Camelot, multi: leap_engine::Multi) {
    let e = leap_camelot::CamelotEval::new(&game);
    let mut engine = Engine::new(game, e, Options { hash_mib: 4, multi, ..Options::default() });
    let start = engine.game().start();
    let limits = Limits { depth: Some(1), nodes: Some(2_000_000), ..Limits::default() };
    let r = engine.search(&[start], &limits, &Stop::new(), |_| {});
    assert_eq!(r.depth, 1, "{multi:?}: depth 1 not completed in {} nodes", r.nodes);
    assert!(engine.game().legal_moves(&start).contains(&r.best.expect("a move")));
}

#[test]
fn the_first_iteration_ends_on_a_crowded_board() {
    // 52 Knights on 64 squares: after a move, dozens of obliged captures a
    // ply for dozens of plies. Played out in full, the captures of depth 1
    // alone take many millions of nodes; bounded in how far they branch,
    // depth 1 takes a few hundred thousand.
    let white = knights(&[1, 2, 3, 4], &["D1", "E1", "E4", "F4", "G4", "H4"]);
    let black = knights(&[5, 6, 7, 8], &["D8", "E8", "A5", "B5", "C5", "D5"]);
    first_iteration(crowded(&[("White", ["D1", "E1"], white), ("Black", ["D8", "E8"], black)]), Multi::Paranoid);
    // Three players, with max-n (which plays out obliged captures past its
    // horizon too).
    let white = knights(&[1, 2, 3], &["D1", "E1", "D3", "G3"]);
    let black = knights(&[6, 7, 8], &["D8", "E8", "D6", "G6"]);
    let green = knights(&[4, 5], &["A4", "A5", "D4", "D5"]);
    let players = [("White", ["D1", "E1"], white), ("Black", ["D8", "E8"], black), ("Green", ["A4", "A5"], green)];
    for multi in [Multi::MaxN, Multi::BestReply, Multi::Paranoid] {
        first_iteration(crowded(&players), multi);
    }
}
