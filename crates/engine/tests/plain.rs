//! Without its pruning, reductions and quiescence, the engine returns the
//! value of plain alpha-beta to the same depth (the core's `AlphaBeta`,
//! which returns minimax values): iterative deepening, aspiration windows,
//! principal-variation search, move ordering and the transposition table
//! change how fast the value is found, never the value.

mod common;

use common::random_games;
use leap_core::search::{AlphaBeta, Evaluator, Strategy};
use leap_core::Game;
use leap_engine::{Engine, Features, Limits, Multi, Options, Stop};

/// Compares the two searches on positions of random games; returns how
/// many positions were compared.
fn same_values<G: Game + Clone, E: Evaluator<G> + Clone>(
    game: &G,
    eval: E,
    depth: u32,
    seed: u64,
    games: usize,
) -> usize {
    // (With three players, paranoid: the search alpha-beta does.)
    let options = Options { hash_mib: 2, features: Features::plain(), multi: Multi::Paranoid, ..Options::default() };
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

/// With several lines ([`Options::multi_pv`]) and no pruning, each depth's
/// lines start with distinct moves, best first, and each line's score is
/// the alpha-beta value of its first move: the best moves are found in
/// order with their exact values. Positions where a move ends the game or
/// a value is a won or lost game are left out (alpha-beta counts the
/// distance to the end from where it starts).
fn lines_are_the_best_moves<G: Game + Clone, E: Evaluator<G> + Clone>(
    game: &G,
    eval: E,
    depth: u32,
    seed: u64,
    games: usize,
) -> usize {
    const LINES: usize = 3;
    let options = Options { hash_mib: 2, features: Features::plain(), multi_pv: LINES, ..Options::default() };
    let mut engine = Engine::new(game.clone(), eval.clone(), options);
    let mut compared = 0;
    for line in random_games(game, seed, games, 60) {
        'position: for &pos in line.iter().skip(1) {
            let moves = game.legal_moves(&pos);
            if game.outcome(&pos).is_some() || moves.len() < 2 {
                continue;
            }
            let mut values = Vec::new();
            for m in &moves {
                let child = game.play_unchecked(&pos, m);
                if game.outcome(&child).is_some() {
                    continue 'position;
                }
                let v = -AlphaBeta::new(depth - 1, &eval).choose(game, &child).value;
                if v.abs() >= leap_core::search::MAX_EVAL {
                    continue 'position;
                }
                values.push((*m, v));
            }
            let mut reports = Vec::new();
            engine.search(&[pos], &Limits::depth(depth), &Stop::new(), |r| {
                if r.depth == depth {
                    reports.push((r.line, r.pv[0], r.score));
                }
            });
            let at = leap_core::notation::format_position(game, &pos);
            let k = LINES.min(moves.len());
            assert_eq!(reports.iter().map(|r| r.0).collect::<Vec<_>>(), (1..=k).collect::<Vec<_>>(), "{at}");
            let mut best: Vec<i32> = values.iter().map(|v| v.1).collect();
            best.sort_unstable_by(|a, b| b.cmp(a));
            let scores: Vec<i32> = reports.iter().map(|r| r.2).collect();
            assert_eq!(scores, best[..k], "{at}");
            for (i, (_, first, score)) in reports.iter().enumerate() {
                let value = values.iter().find(|v| v.0 == *first).map(|v| v.1);
                assert_eq!(value, Some(*score), "line {} of {at}", i + 1);
                assert!(reports[..i].iter().all(|r| r.1 != *first), "line {} repeats a move: {at}", i + 1);
            }
            compared += 1;
        }
    }
    compared
}

#[test]
fn camelot_lines_are_the_best_moves_with_their_values() {
    let g = leap_camelot::load("camelot").unwrap();
    let n = lines_are_the_best_moves(&g, leap_camelot::CamelotEval::new(&g), 3, 21, 2);
    assert!(n > 60, "{n}");
}

#[test]
fn checkers_lines_are_the_best_moves_with_their_values() {
    let g = leap_checkers::load("checkers").unwrap();
    let n = lines_are_the_best_moves(&g, leap_checkers::CheckersEval::new(&g), 5, 22, 4);
    assert!(n > 100, "{n}");
}

/// A search kept to one root move ([`Engine::search_moves`]) returns that
/// move with its own alpha-beta value, not the best move's, for every
/// move of positions of random games; and a search kept to no legal move
/// returns none.
#[test]
fn a_search_kept_to_one_move_gives_that_moves_value() {
    let game = leap_camelot::load("camelot").unwrap();
    let eval = leap_camelot::CamelotEval::new(&game);
    let options = Options { hash_mib: 2, features: Features::plain(), ..Options::default() };
    let mut engine = Engine::new(game.clone(), eval.clone(), options);
    let depth = 3;
    let mut compared = 0;
    for line in random_games(&game, 23, 1, 30) {
        for &pos in line.iter().skip(1).step_by(5) {
            if game.outcome(&pos).is_some() {
                continue;
            }
            let at = leap_core::notation::format_position(&game, &pos);
            for m in game.legal_moves(&pos) {
                let child = game.play_unchecked(&pos, &m);
                if game.outcome(&child).is_some() {
                    continue;
                }
                let want = -AlphaBeta::new(depth - 1, &eval).choose(&game, &child).value;
                let got = engine.search_moves(&[pos], &[m], &Limits::depth(depth), &Stop::new(), |_| {});
                assert_eq!(got.best, Some(m), "{at}");
                assert_eq!(got.score, want, "{at}");
                compared += 1;
            }
        }
    }
    assert!(compared > 50, "{compared}");
    let start = game.start();
    let none = engine.search_moves(&[start], &[], &Limits::depth(2), &Stop::new(), |_| {});
    assert_eq!(none.best, None);
}
