//! Perft benchmarks. Each asserts the node count it times, so that a fast
//! but wrong generator cannot look good.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use leap_core::{
    notation::{legal_move_texts, parse_position},
    perft::{count_moves, perft, perft_parallel, Count},
    Game, KeyList, Position,
};

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

/// Perft that counts each leaf at depth 0 (no bulk counting at the last
/// ply): a move generated, played and looked at for every leaf.
fn perft_leaf_by_leaf<G: Game>(game: &G, pos: &Position, depth: u32, lists: &mut [KeyList]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (list, rest) = lists.split_first_mut().expect("a list per ply");
    game.legal_moves_into(pos, list);
    let mut total = 0;
    for i in 0..list.keys.len() {
        let key = list.keys[i];
        total += perft_leaf_by_leaf(game, &game.play_unchecked(pos, &key), depth - 1, rest);
    }
    total
}

/// Checkers perft from the start, against the published counts (the
/// throughput is in leaf nodes).
fn checkers(c: &mut Criterion) {
    let game = leap_checkers::load("checkers").expect("built-in variant");
    let start = game.start();
    let mut group = c.benchmark_group("checkers");
    group.sample_size(10);

    group.throughput(Throughput::Elements(845_931));
    group.bench_function("perft 8 one thread", |b| {
        b.iter(|| assert_eq!(perft(&game, &start, 8, Count::Positions), 845_931));
    });
    group.bench_function("perft 8 paths one thread", |b| {
        b.iter(|| assert_eq!(perft(&game, &start, 8, Count::Paths), 845_931));
    });
    group.bench_function("perft 8 leaf by leaf one thread", |b| {
        let mut lists: Vec<KeyList> = (0..8).map(|_| KeyList::new()).collect();
        b.iter(|| assert_eq!(perft_leaf_by_leaf(&game, &start, 8, &mut lists), 845_931));
    });
    group.throughput(Throughput::Elements(18_391_564));
    group.bench_function("perft 10 all threads", |b| {
        b.iter(|| assert_eq!(perft_parallel(&game, &start, 10, Count::Positions), 18_391_564));
    });
    group.finish();
}

/// A Knight in a lattice of 43 Men in Chivalry: 171 698 capture paths that
/// end in 2 987 distinct moves. Removing the duplicates was once quadratic
/// (a scan of the moves found for every path: seconds for this position);
/// the counts asserted are those of `tests/inputs.rs`.
fn chivalry_lattice(c: &mut Criterion) {
    let game = leap_camelot::load("chivalry").expect("built-in variant");
    let men = "B4,B6,B8,B10,B12,D2,D4,D6,D8,D10,D12,D14,F2,F4,F6,F8,F10,F12,F14,H2,H4,H6,H8,H10,H12,H14,\
               J2,J4,J6,J8,J10,J12,J14,L4,L6,L8,L10,L12,L14,N6,N8,N10,N12";
    let pos = parse_position(&game, &format!("W:WKC3:B{men} castle-moves=0,0")).expect("a position");
    let mut group = c.benchmark_group("chivalry lattice");
    group.sample_size(10);

    group.throughput(Throughput::Elements(2_987));
    group.bench_function("count_moves", |b| {
        b.iter(|| assert_eq!(count_moves(&game, &pos), 2_987));
    });
    group.bench_function("legal_moves", |b| {
        b.iter(|| assert_eq!(game.legal_moves(&pos).len(), 2_987));
    });
    group.bench_function("moves in notation", |b| {
        b.iter(|| assert_eq!(legal_move_texts(&game, &pos).len(), 2_987));
    });
    group.throughput(Throughput::Elements(171_698));
    group.bench_function("paths", |b| {
        b.iter(|| assert_eq!(perft(&game, &pos, 1, Count::Paths), 171_698));
    });
    group.finish();
}

criterion_group!(benches, camelot, checkers, chivalry_lattice);
criterion_main!(benches);
