//! Playing strengths for people: a level below full strength keeps within
//! its depth, varies its moves by its seed, still takes a win it sees, and
//! reports only the lines asked for. (That a level loses to the levels
//! above it is shown in games: `leap-arena`'s tests.)

mod common;

use common::text;
use leap_camelot::{Camelot, CamelotEval};
use leap_core::notation::parse_position;
use leap_core::{Game, Position, SplitMix64};
use leap_engine::score::win_in;
use leap_engine::{Engine, Level, Limits, Options, Stop};

fn engine(game: &Camelot, level: u8, seed: u64) -> Engine<Camelot, CamelotEval> {
    let level = Level::new(level).unwrap();
    let mut engine =
        Engine::new(game.clone(), CamelotEval::new(game), Options { hash_mib: 4, level, ..Options::default() });
    engine.set_seed(seed);
    engine
}

/// Positions of a game of a few random plies from the start, then the
/// full-strength engine's moves at depth 3.
fn positions(game: &Camelot, count: usize) -> Vec<Position> {
    let mut rng = SplitMix64::new(5);
    let mut full = engine(game, 8, 0);
    let mut line = vec![game.start()];
    while line.len() < count {
        let pos = *line.last().unwrap();
        if game.outcome(&pos).is_some() {
            break;
        }
        let legal = game.legal_moves(&pos);
        let key = if line.len() < 5 {
            legal[rng.below(legal.len())]
        } else {
            full.search(&line, &Limits::depth(3), &Stop::new(), |_| {}).best.unwrap()
        };
        line.push(game.play_unchecked(&pos, &key));
    }
    line
}

#[test]
fn a_low_level_keeps_within_its_depth_and_varies_its_moves_by_seed() {
    let g = leap_camelot::load("camelot").unwrap();
    let line = positions(&g, 30);
    let (mut differ_from_full, mut differ_by_seed) = (0, 0);
    for pos in &line[5..] {
        let best = |level: u8, seed: u64| {
            let r = engine(&g, level, seed).search(&[*pos], &Limits::depth(4), &Stop::new(), |_| {});
            assert!(g.legal_moves(pos).contains(&r.best.unwrap()), "a legal move");
            (r.best.unwrap(), r.depth)
        };
        let (weak, depth) = best(2, 1);
        assert!(depth <= 2, "level 2 searched to depth {depth}");
        assert_eq!(best(2, 1).0, weak, "the same seed and position give the same move");
        differ_by_seed += (best(2, 2).0 != weak) as usize;
        differ_from_full += (best(8, 1).0 != weak) as usize;
    }
    assert!(
        differ_from_full >= 5,
        "level 2 played the move of a full-strength search to depth 4 in all but {differ_from_full} of 25 positions"
    );
    assert!(differ_by_seed >= 3, "another seed changed level 2's move in only {differ_by_seed} of 25 positions");
}

#[test]
fn the_weakest_level_still_takes_a_win_it_sees() {
    let g = leap_camelot::load("camelot").unwrap();
    let p = parse_position(&g, "W:WKC6,F15,G16:BKC11,D11,E11 castle-moves=0,0").unwrap();
    for seed in 0..20 {
        let r = engine(&g, 1, seed).search(&[p], &Limits::movetime(1000), &Stop::new(), |_| {});
        assert_eq!(text(&g, &p, &r.best.unwrap()), "F15-F16", "seed {seed}");
        assert_eq!(r.score, win_in(1));
    }
}

#[test]
fn a_level_reports_only_the_lines_asked_for_within_its_depth() {
    let g = leap_camelot::load("camelot").unwrap();
    let mut lines = Vec::new();
    let r = engine(&g, 3, 0).search(&[g.start()], &Limits::default(), &Stop::new(), |r| lines.push((r.depth, r.line)));
    let h = Level::new(3).unwrap().handicap().unwrap();
    // It looks at several lines, but reports one a depth, as asked.
    assert!(h.lines > 1);
    assert_eq!(lines, (1..=h.depth).map(|d| (d, 1)).collect::<Vec<_>>());
    assert_eq!(r.depth, h.depth);
}
