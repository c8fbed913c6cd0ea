//! Perft benchmarks. Each asserts the node count it times, so that a fast
//! but wrong generator cannot look good.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use leap_core::{count_moves, perft, perft_parallel, Count, Game};

fn camelot(c: &mut Criterion) {
    let game = leap_camelot::load("camelot").expect("built-in variant");
    let start = game.start();
    let mut group = c.benchmark_group("camelot");
    group.sample_size(10);

    group.throughput(Throughput::Elements(100));
    group.bench_function("count_moves start", |b| {
        b.iter(|| assert_eq!(count_moves(&game, &start), 100));
    });

    group.throughput(Throughput::Elements(1_070_822));
    group.bench_function("perft 3 one thread", |b| {
        b.iter(|| assert_eq!(perft(&game, &start, 3, Count::Positions), 1_070_822));
    });
    group.bench_function("perft 3 all threads", |b| {
        b.iter(|| assert_eq!(perft_parallel(&game, &start, 3, Count::Positions), 1_070_822));
    });
    group.finish();
}

criterion_group!(benches, camelot);
criterion_main!(benches);
