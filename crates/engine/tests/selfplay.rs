//! Long games of the engine against itself, in every built-in variant:
//! every move it plays is legal, and the games end or reach their length.

mod common;

use leap_core::{Game, Position, SplitMix64};
use leap_engine::{Engine, Limits, Options, Stop};

/// Plays `games` games of a few random plies, then the engine at `nodes`
/// nodes a move, for at most `plies` plies; returns the plies played.
fn legal_self_play<G: Game + Clone, E: leap_core::search::Evaluator<G>>(
    game: &G,
    eval: E,
    games: u64,
    plies: usize,
    nodes: u64,
) -> usize {
    let mut engine = Engine::new(game.clone(), eval, Options { hash_mib: 4, ..Options::default() });
    let mut played = 0;
    for seed in 0..games {
        let mut rng = SplitMix64::new(seed);
        let mut line: Vec<Position> = vec![game.start()];
        engine.new_game();
        for ply in 0..plies {
            let pos = *line.last().unwrap();
            // (Over by the rules, or drawn by repetition.)
            if leap_core::line_outcome(game, &line).is_some() {
                break;
            }
            let legal = game.legal_moves(&pos);
            let key = if ply < 4 {
                legal[rng.below(legal.len())]
            } else {
                let r = engine.search(&line, &Limits::nodes(nodes), &Stop::new(), |_| {});
                let key = r.best.expect("an unfinished game has a move");
                let at = leap_core::notation::format_position(game, &pos);
                assert!(legal.contains(&key), "{}: the engine played {key:?}, not a legal move of {at}", game.name());
                key
            };
            line.push(game.play_unchecked(&pos, &key));
            played += 1;
        }
    }
    played
}

#[test]
fn every_built_in_variant_is_played_legally() {
    for (name, _) in leap_format::BUILTIN {
        let played = if *name == "checkers" {
            let g = leap_checkers::load(name).unwrap();
            legal_self_play(&g, leap_checkers::CheckersEval::new(&g), 3, 150, 3000)
        } else {
            let g = leap_camelot::load(name).unwrap();
            legal_self_play(&g, leap_camelot::CamelotEval::new(&g), 3, 150, 3000)
        };
        assert!(played > 60, "{name}: {played} plies");
    }
}
