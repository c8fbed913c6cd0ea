//! The engine's speed: nodes per second on one thread on fixed positions
//! (Camelot middlegames, checkers), searched to fixed depths from an empty
//! table. Each benchmark asserts the node count it times, so that a faster
//! search of a different tree cannot look like a faster search.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use leap_core::notation::parse_position;
use leap_core::search::Evaluator;
use leap_core::{Game, Position};
use leap_engine::{Engine, Limits, Options, Stop};

/// Searches `pos` to `depth` with a fresh engine; the nodes.
fn nodes<G: Game + Clone, E: Evaluator<G> + Clone>(game: &G, eval: &E, pos: &Position, depth: u32) -> u64 {
    let mut engine = Engine::new(game.clone(), eval.clone(), Options { hash_mib: 16, ..Options::default() });
    engine.search(&[*pos], &Limits::depth(depth), &Stop::new(), |_| {}).nodes
}

fn bench_positions<G: Game + Clone, E: Evaluator<G> + Clone>(
    c: &mut Criterion,
    group: &str,
    game: &G,
    eval: &E,
    positions: &[(&str, &str, u32)],
) {
    let mut group = c.benchmark_group(group);
    group.sample_size(10);
    for (name, text, depth) in positions {
        let pos = parse_position(game, text).expect("a position string");
        let expected = nodes(game, eval, &pos, *depth);
        group.throughput(Throughput::Elements(expected));
        group.bench_function(format!("{name} depth {depth}"), |b| {
            b.iter(|| assert_eq!(nodes(game, eval, &pos, *depth), expected));
        });
    }
    group.finish();
}

fn camelot(c: &mut Criterion) {
    let game = leap_camelot::load("camelot").expect("built in");
    let eval = leap_camelot::CamelotEval::new(&game);
    bench_positions(
        c,
        "engine camelot",
        &game,
        &eval,
        &[
            (
                "middlegame 1",
                "W:WKE7,KF7,KH8,D6,E6,F6,G6,G7,H7,E8,F8:BKH6,KK10,KC11,KJ11,I9,J9,E10,G10,J10,D11,E11,H11,I11 \
                 castle-moves=0,0",
                7,
            ),
            (
                "middlegame 2",
                "W:WKJ6,KF7,C5,F6,G6,H7,E8,F8,G8:BKH10,KJ11,I9,J9,I10,J10,D11,E11,H11,I11 castle-moves=0,0",
                7,
            ),
        ],
    );
}

fn checkers(c: &mut Criterion) {
    let game = leap_checkers::load("checkers").expect("built in");
    let eval = leap_checkers::CheckersEval::new(&game);
    bench_positions(
        c,
        "engine checkers",
        &game,
        &eval,
        &[("middlegame", "B:W14,17,24,26,28,29,30,31,32:B1,3,4,5,8,9,11,12,21", 16)],
    );
}

criterion_group!(benches, camelot, checkers);
criterion_main!(benches);
