//! Without its pruning, reductions and quiescence, the engine returns the
//! value of plain alpha-beta to the same depth (the core's `AlphaBeta`,
//! which returns minimax values): iterative deepening, aspiration windows,
//! principal-variation search, move ordering and the transposition table
//! change how fast the value is found, never the value.

mod common;

use common::random_games;
use leap_core::search::{AlphaBeta, Evaluator, Strategy};
use leap_core::Game;
use leap_engine::{Engine, Features, Limits, Options, Stop};

/// Compares the two searches on positions of random games; returns how
/// many positions were compared.
fn same_values<G: Game + Clone, E: Evaluator<G> + Clone>(
    game: &G,
    eval: E,
    depth: u32,
    seed: u64,
    games: usize,
) -> usize {
    let options = Options { hash_mib: 2, features: Features::plain(), ..Options::default() };
    // One engine for every position: entries of earlier searches must not change values either.
    let mut engine = Engine::new(game.clone(), eval.clone(), options);
    let mut compared = 0;
    for line in random_games(game, seed, games, 80) {
        for end in 1..=line.len() {
            let pos = line[end - 1];
            if game.outcome(&pos).is_some() {
                continue;
            }
            let want = AlphaBeta::new(depth, &eval).choose(game, &pos).value;
            // (The engine sees the position alone: plain alpha-beta knows no history.)
            let got = engine.search(&[pos], &Limits::depth(depth), &Stop::new(), |_| {});
            let at = leap_core::notation::format_position(game, &pos);
            assert_eq!(got.score, want, "{} at depth {depth}: {at}", game.name());
            assert_eq!(got.depth, depth);
            compared += 1;
        }
    }
    compared
}

#[test]
fn camelot_values_are_those_of_alpha_beta() {
    let g = leap_camelot::load("camelot").unwrap();
    let n = same_values(&g, leap_camelot::CamelotEval::new(&g), 2, 11, 4);
    assert!(n > 200, "{n}");
}

#[test]
fn cam_values_are_those_of_alpha_beta() {
    let g = leap_camelot::load("cam").unwrap();
    let n = same_values(&g, leap_camelot::CamelotEval::new(&g), 3, 12, 4);
    assert!(n > 150, "{n}");
}

#[test]
fn checkers_values_are_those_of_alpha_beta() {
    let g = leap_checkers::load("checkers").unwrap();
    let n = same_values(&g, leap_checkers::CheckersEval::new(&g), 5, 13, 6);
    assert!(n > 300, "{n}");
}

#[test]
fn tri_camelot_values_are_those_of_paranoid_alpha_beta() {
    let g = leap_tricamelot::game();
    let n = same_values(&g, leap_camelot::CamelotEval::new(&g), 3, 14, 3);
    assert!(n > 100, "{n}");
}
