//! The evaluations' speed: each evaluates the positions of a few seeded
//! random games (every position the games reach, from both sides), so that
//! a change to an evaluation can be timed on its own, apart from the
//! search. Each asserts the sum of the values it times, so that a faster
//! evaluation of other values cannot look like a faster evaluation.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use leap_core::search::Evaluator;
use leap_core::{Game, Player, Position, SplitMix64};

/// The positions of `games` random games of at most `plies` plies each.
fn positions<G: Game>(game: &G, games: usize, plies: usize) -> Vec<Position> {
    let mut rng = SplitMix64::new(7);
    let mut out = Vec::new();
    for _ in 0..games {
        let mut pos = game.start();
        for _ in 0..plies {
            let moves = game.legal_moves(&pos);
            if moves.is_empty() {
                break;
            }
            pos = game.play_unchecked(&pos, &moves[rng.below(moves.len())]);
            out.push(pos);
        }
    }
    out
}

/// Times `eval` over `positions`, for every player.
fn bench_eval<G: Game, E: Evaluator<G>>(c: &mut Criterion, name: &str, game: &G, eval: &E, positions: &[Position]) {
    let players = game.players().len();
    let total = |positions: &[Position]| -> i64 {
        let mut sum = 0i64;
        for pos in positions {
            for p in 0..players {
                sum += eval.evaluate(game, pos, Player(p as u8)) as i64;
            }
        }
        sum
    };
    let expected = total(positions);
    let mut group = c.benchmark_group("eval");
    group.sample_size(20);
    group.throughput(Throughput::Elements((positions.len() * players) as u64));
    group.bench_function(name, |b| b.iter(|| assert_eq!(total(std::hint::black_box(positions)), expected)));
    group.finish();
}

fn camelot(c: &mut Criterion) {
    let game = leap_camelot::load("camelot").expect("built in");
    let eval = leap_camelot::CamelotEval::new(&game);
    bench_eval(c, "camelot", &game, &eval, &positions(&game, 20, 60));
    let game = leap_camelot::load("tri-camelot").expect("built in");
    let eval = leap_camelot::CamelotEval::new(&game);
    bench_eval(c, "tri-camelot", &game, &eval, &positions(&game, 20, 60));
}

fn checkers(c: &mut Criterion) {
    let game = leap_checkers::load("checkers").expect("built in");
    let eval = leap_checkers::CheckersEval::new(&game);
    bench_eval(c, "checkers", &game, &eval, &positions(&game, 20, 60));
}

criterion_group!(benches, camelot, checkers);
criterion_main!(benches);
