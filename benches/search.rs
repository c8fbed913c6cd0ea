//! The engine's speed: nodes per second on one thread on fixed positions
//! (Camelot middlegames, checkers), searched to fixed depths from an empty
//! table. Each benchmark asserts the node count it times, so that a faster
//! search of a different tree cannot look like a faster search.
//!
//! And the time to a depth on one thread and on two (`engine threads`):
//! the 80 middlegames of `benches/positions/camelot-selfplay.txt`, each
//! searched to depth 7 from an empty table. Two threads search different
//! trees from run to run, so only the time is compared
//! (`cargo bench --bench search -- threads`; about 10 minutes).

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use leap_core::notation::parse_position;
use leap_core::search::Evaluator;
use leap_core::{Game, History, Position};
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

/// The positions of `benches/positions/camelot-selfplay.txt`, each with
/// the positions before it (the search's draws by repetition need them).
fn selfplay_positions<G: Game>(game: &G) -> Vec<Vec<Position>> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/benches/positions/camelot-selfplay.txt");
    let text = std::fs::read_to_string(path).expect("the positions file");
    let lines = text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty());
    lines
        .map(|line| {
            let mut history = History::new(game.start());
            for mv in line.split_whitespace() {
                history.play_text(game, mv).unwrap_or_else(|e| panic!("{line}: {e}"));
            }
            history.positions().to_vec()
        })
        .collect()
}

fn threads(c: &mut Criterion) {
    let game = leap_camelot::load("camelot").expect("built in");
    let eval = leap_camelot::CamelotEval::new(&game);
    let lines = selfplay_positions(&game);
    let mut group = c.benchmark_group("engine threads");
    group.sample_size(10);
    for threads in [1, 2] {
        let options = Options { hash_mib: 16, threads, ..Options::default() };
        let mut engine = Engine::new(game.clone(), eval.clone(), options);
        group.bench_function(format!("camelot 80 middlegames depth 7, {threads} thread(s)"), |b| {
            b.iter(|| {
                for line in &lines {
                    engine.new_game();
                    let r = engine.search(line, &Limits::depth(7), &Stop::new(), |_| {});
                    assert_eq!(r.depth, 7);
                }
            });
        });
    }
    group.finish();
}

criterion_group!(benches, camelot, checkers, threads);
criterion_main!(benches);
