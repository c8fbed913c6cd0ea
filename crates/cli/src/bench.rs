//! `camelot bench`: the engine on a fixed set of positions to fixed
//! depths, one thread: one node count that changes when, and only when, the
//! search changes (compare it before and after a change; then measure
//! strength with `camelot match`), and the speed.

use crate::commands::emit;
use crate::error::CliResult;
use leap_core::notation::parse_position;
use leap_engine::{Engine, Limits, Multi, Options, Stop};
use leap_games::with_game;
use leap_games::{self as variant, Played};
use std::fmt::Write as _;
use std::time::Duration;

/// The positions: variant, position string (`start`: the variant's start), depth.
pub const POSITIONS: &[(&str, &str, u32)] = &[
    ("camelot", "start", 7),
    (
        "camelot",
        "W:WKE7,KF7,KH8,D6,E6,F6,G6,G7,H7,E8,F8:BKH6,KK10,KC11,KJ11,I9,J9,E10,G10,J10,D11,E11,H11,I11 castle-moves=0,0",
        8,
    ),
    ("camelot", "W:WKJ6,KF7,C5,F6,G6,H7,E8,F8,G8:BKH10,KJ11,I9,J9,I10,J10,D11,E11,H11,I11 castle-moves=0,0", 8),
    ("checkers", "start", 18),
    ("checkers", "B:W14,17,24,26,28,29,30,31,32:B1,3,4,5,8,9,11,12,21", 18),
    ("checkers", "B:W7,19,23,24,29,30,31:B3,4,5,11,12,16,21", 18),
    ("tri-camelot", "start", 7),
];

/// Runs `camelot bench`: one line per position, then the total.
pub fn bench() -> CliResult {
    let mut out = String::new();
    let (mut nodes, mut time) = (0u64, Duration::ZERO);
    for (name, text, depth) in POSITIONS {
        let (n, t) = with_game!(variant::load(name)?, g => search(g, text, *depth)?);
        let _ = writeln!(out, "{name:<12} depth {depth:>2}  {n:>10} nodes  {:>8.3} s  {text}", t.as_secs_f64());
        nodes += n;
        time += t;
    }
    let nps = nodes as f64 / time.as_secs_f64().max(1e-9);
    let _ = writeln!(out, "bench: {nodes} nodes, {:.3} s, {:.0} nodes/s", time.as_secs_f64(), nps);
    emit(&out)
}

/// One position searched with a fresh engine: its nodes and time.
fn search<G: Played>(game: G, text: &str, depth: u32) -> Result<(u64, Duration), crate::error::CliError> {
    let pos = if *text == *"start" { game.start() } else { parse_position(&game, text)? };
    let eval = game.evaluation();
    // (Three players searched paranoid, as before best-reply became the
    // default: the count stays comparable with the earlier ones.
    // Best-reply's tree from Tri-Camelot's start to depth 7 is 2.70 M
    // nodes, 34 times paranoid's; 44.6 M before it had the table.)
    let options = Options { hash_mib: 16, multi: Multi::Paranoid, ..Options::default() };
    let mut engine = Engine::new(game, eval, options);
    let r = engine.search(&[pos], &Limits::depth(depth), &Stop::new(), |_| {});
    Ok((r.nodes, r.time))
}
