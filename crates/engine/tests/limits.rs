//! The engine keeps to its limits: a stop from another thread ends a
//! search that has none and returns a legal move, a move time or a clock
//! bounds it, a node count and a depth are kept. (The bounds on time are
//! loose: these tests check that the limits are kept, not how fast the
//! engine is.)

use leap_core::Game;
use leap_engine::{Clock, Engine, Limits, Options, Stop};
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
