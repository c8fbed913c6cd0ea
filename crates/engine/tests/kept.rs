//! An engine used for one game after another is as a new one: after
//! `new_game` (which forgets the table and what the engine learnt of
//! moves), an engine that has searched other positions searches a
//! position exactly as a new engine does, nodes included: nothing it
//! keeps from search to search changes the next game's searches.

mod common;

use common::random_games;
use leap_core::search::Evaluator;
use leap_core::{Game, Position};
use leap_engine::{Engine, Limits, Multi, Options, SearchResult, Stop};

/// Searches positions of random games with one engine (a new game each time) and
/// with a new engine each time; every result the same, nodes included.
fn same_searches<G: Game + Clone, E: Evaluator<G> + Clone>(game: &G, eval: E, options: Options, depth: u32) -> usize {
    let mut kept = Engine::new(game.clone(), eval.clone(), options);
    let mut compared = 0;
    // (Positions of one game one after the other: much of each search's
    // tree is the one before's.)
    for line in random_games(game, 7, 2, 12) {
        for end in 1..=line.len() {
            let pos: Position = line[end - 1];
            if game.outcome(&pos).is_some() {
                continue;
            }
            let limits = Limits::depth(depth);
            kept.new_game();
            let again = kept.search(&line[..end], &limits, &Stop::new(), |_| {});
            let mut fresh = Engine::new(game.clone(), eval.clone(), options);
            let first = fresh.search(&line[..end], &limits, &Stop::new(), |_| {});
            let shown = |r: &SearchResult| (r.best, r.score, r.depth, r.nodes, r.pv.clone());
            let at = leap_core::notation::format_position(game, &pos);
            assert_eq!(shown(&again), shown(&first), "{} at {at}", game.name());
            compared += 1;
        }
    }
    compared
}

#[test]
fn a_used_engine_searches_camelot_as_a_new_one() {
    let game = leap_camelot::load("camelot").unwrap();
    let eval = leap_camelot::CamelotEval::new(&game);
    let options = Options { hash_mib: 2, ..Options::default() };
    assert!(same_searches(&game, eval, options, 4) >= 20);
}

/// Three players: a position's evaluation is the root player's, and each
/// searcher of the three.
#[test]
fn a_used_engine_searches_tri_camelot_as_a_new_one() {
    let game = leap_camelot::load("tri-camelot").unwrap();
    let eval = leap_camelot::CamelotEval::new(&game);
    for multi in [Multi::BestReply, Multi::Paranoid, Multi::MaxN] {
        let options = Options { hash_mib: 2, multi, ..Options::default() };
        assert!(same_searches(&game, eval.clone(), options, 3) >= 20, "{multi:?}");
    }
}

#[test]
fn a_used_engine_searches_checkers_as_a_new_one() {
    let game = leap_checkers::load("checkers").unwrap();
    let eval = leap_checkers::CheckersEval::new(&game);
    let options = Options { hash_mib: 2, threads: 1, ..Options::default() };
    assert!(same_searches(&game, eval, options, 6) >= 20);
}
