//! The search strategies of `leap_core::search` on real games and on a
//! small three-player game written here.
//!
//! - Alpha-beta returns the same value and the same move as minimax at the
//!   same depth, on positions reached by random play, visiting no more
//!   nodes (and far fewer in aggregate).
//! - Unpruned minimax to depth d visits exactly perft(0) + ... + perft(d)
//!   positions (Camelot to depth 3, checkers to depth 6).
//! - Finished games are scored by outcome, faster wins first.
//! - With three players the searches are paranoid: checked against a
//!   reference written independently here, and on Tri-Camelot.
//! - Random is deterministic for a seed and plays legal moves.

use leap_camelot::{Camelot, CamelotEval};
use leap_checkers::{Checkers, CheckersEval};
use leap_core::{
    notation::parse_position,
    perft::{perft, Count},
    rules::{any_jump, Abilities, Landings, LeapRules, TurnScope},
    search::{AlphaBeta, EvalFn, Evaluator, Material, Minimax, Random, Score, Strategy, WIN},
    Board, Cell, EndReason, Game, GameResult, KindInfo, MoveKey, Outcome, Piece, Player, PlayerInfo, Position,
};

fn camelot() -> Camelot {
    leap_camelot::load("camelot").unwrap()
}

/// Totals of a batch of comparisons.
#[derive(Default, Debug)]
struct Tally {
    positions: u64,
    minimax_nodes: u64,
    alphabeta_nodes: u64,
}

/// Checks that alpha-beta agrees with minimax at `pos` and `depth` with
/// evaluator `eval`, and adds the node counts to `tally`.
fn agree<G: Game, E: Evaluator<G>>(game: &G, eval: &E, pos: &Position, depth: u32, at: &str, tally: &mut Tally) {
    let m = Minimax::new(depth, eval).choose(game, pos);
    let a = AlphaBeta::new(depth, eval).choose(game, pos);
    assert_eq!(a.value, m.value, "{at}, depth {depth}: alpha-beta value differs from minimax");
    assert_eq!(a.key, m.key, "{at}, depth {depth}: alpha-beta chose another move than minimax");
    assert!(a.nodes <= m.nodes, "{at}, depth {depth}: alpha-beta visited {} > {} nodes", a.nodes, m.nodes);
    tally.positions += 1;
    tally.minimax_nodes += m.nodes;
    tally.alphabeta_nodes += a.nodes;
}

/// Positions of random games from `start`: every `every` plies, up to
/// `max_plies`, while the game goes on.
fn random_positions<G: Game>(
    game: &G,
    start: &Position,
    seeds: std::ops::Range<u64>,
    every: usize,
    max_plies: usize,
) -> Vec<(String, Position)> {
    let mut out = Vec::new();
    for seed in seeds {
        let mut random = Random::new(seed);
        let mut pos = *start;
        for ply in 0..max_plies {
            if ply % every == every - 1 {
                out.push((format!("game {seed} ply {ply}"), pos));
            }
            let Some(key) = random.choose(game, &pos).key else { break };
            pos = game.play_unchecked(&pos, &key);
        }
    }
    out
}

#[test]
fn alphabeta_equals_minimax_on_camelot_positions_from_random_play() {
    let game = camelot();
    let eval = CamelotEval::new(&game);
    let mut tally = Tally::default();
    for (at, pos) in random_positions(&game, &game.start(), 0..12, 15, 90) {
        for depth in 1..=2 {
            agree(&game, &eval, &pos, depth, &at, &mut tally);
        }
    }
    assert!(tally.positions >= 60, "{tally:?}");
    assert!(tally.alphabeta_nodes * 3 < tally.minimax_nodes, "alpha-beta should prune: {tally:?}");
}

/// Small Camelot positions (a few pieces near the castles), where games end
/// inside the search horizon: depths 3 and 4.
#[test]
fn alphabeta_equals_minimax_on_small_camelot_positions() {
    let game = camelot();
    let eval = CamelotEval::new(&game);
    let starts = [
        "W:WKF13,G13,E12:BKF4,G4,H5",
        "W:WKE14,F14:BKF3,G3 castle-moves=0,0",
        "W:WF15,KG14,H13:BF9,KG9,E10",
        "B:WKD8,E8,F8:BKD10,E10,KF10",
    ];
    let mut tally = Tally::default();
    let mut decisive = 0;
    let mut deep = 0;
    for (i, text) in starts.iter().enumerate() {
        let start = parse_position(&game, text).unwrap();
        for (at, pos) in random_positions(&game, &start, 0..3, 2, 8) {
            let at = format!("start {i} ({text}), {at}");
            let before = tally.minimax_nodes;
            agree(&game, &eval, &pos, 3, &at, &mut tally);
            let d3 = tally.minimax_nodes - before;
            // Depth 4 where the tree is small enough for a quick test.
            if d3 < 2_500 {
                agree(&game, &eval, &pos, 4, &at, &mut tally);
                deep += 1;
            }
            if AlphaBeta::new(4, &eval).choose(&game, &pos).value.abs() > WIN / 2 {
                decisive += 1;
            }
        }
    }
    eprintln!("{tally:?}, {deep} at depth 4, {decisive} decisive");
    assert!(deep >= 4, "{deep} positions searched at depth 4");
    assert!(tally.alphabeta_nodes < tally.minimax_nodes, "{tally:?}");
    assert!(decisive > 0, "some searches should see the end of the game");
}

#[test]
fn minimax_visits_the_sum_of_perft_counts_on_camelot() {
    let game = camelot();
    let start = game.start();
    // A constant evaluation: this counts nodes, nothing else.
    let zero = EvalFn(|_: &Camelot, _: &Position, _: Player| 0);
    let sums: Vec<u64> = (0..=3)
        .scan(0, |sum, d| {
            *sum += perft(&game, &start, d, Count::Positions);
            Some(*sum)
        })
        .collect();
    assert_eq!(sums, vec![1, 101, 10_127, 1_080_949]);
    for depth in 1..=3u32 {
        let m = Minimax::new(depth, &zero).choose(&game, &start);
        assert_eq!(m.nodes, sums[depth as usize], "minimax depth {depth}");
    }
    // On a position where games end inside the horizon, too.
    let small = parse_position(&game, "W:WKE14,F14:BKF3,G3 castle-moves=0,0").unwrap();
    let mut sum = 0;
    for depth in 0..=4 {
        sum += perft(&game, &small, depth, Count::Positions);
        if depth > 0 {
            assert_eq!(Minimax::new(depth, &zero).choose(&game, &small).nodes, sum, "small position, depth {depth}");
        }
    }
}

fn checkers() -> Checkers {
    leap_checkers::load("checkers").unwrap()
}

#[test]
fn alphabeta_equals_minimax_on_checkers_positions_from_random_play() {
    let game = checkers();
    let eval = CheckersEval::new(&game);
    let mut tally = Tally::default();
    let mut decisive = 0;
    for (at, pos) in random_positions(&game, &game.start(), 0..12, 7, 120) {
        for depth in 1..=4 {
            agree(&game, &eval, &pos, depth, &at, &mut tally);
        }
        if AlphaBeta::new(4, &eval).choose(&game, &pos).value.abs() > WIN / 2 {
            decisive += 1;
        }
    }
    eprintln!("{tally:?}, {decisive} decisive");
    assert!(tally.positions >= 150, "{tally:?}");
    assert!(decisive > 0, "some searches should see the end of the game");
    assert!(tally.alphabeta_nodes * 2 < tally.minimax_nodes, "alpha-beta should prune: {tally:?}");
}

/// From the checkers start no side runs out of moves early, and unpruned
/// minimax to depth 6 visits 1 + 7 + 49 + 302 + 1469 + 7361 + 36768 nodes.
#[test]
fn minimax_visits_the_sum_of_perft_counts_on_checkers() {
    let game = checkers();
    let eval = CheckersEval::new(&game);
    let start = game.start();
    let published = [1u64, 7, 49, 302, 1469, 7361, 36768];
    for (d, n) in published.iter().enumerate() {
        assert_eq!(perft(&game, &start, d as u32, Count::Positions), *n, "perft {d}");
    }
    let mut sum = 0;
    for (depth, n) in published.iter().enumerate() {
        sum += n;
        if depth > 0 {
            let m = Minimax::new(depth as u32, &eval).choose(&game, &start);
            assert_eq!(m.nodes, sum, "minimax depth {depth}");
            let a = AlphaBeta::new(depth as u32, &eval).choose(&game, &start);
            assert_eq!((a.key, a.value), (m.key, m.value), "depth {depth}");
            assert!(depth < 2 || a.nodes < m.nodes, "depth {depth}: {} vs {}", a.nodes, m.nodes);
        }
    }
    assert_eq!(sum, 45_957);
}

/// Tri-Camelot: three players, paranoid search, passes when stuck.
#[test]
fn alphabeta_equals_minimax_on_tri_camelot() {
    let game = leap_camelot::load("tri-camelot").unwrap();
    let eval = CamelotEval::new(&game);
    let mut tally = Tally::default();
    let mut movers = [0; 3];
    for (at, pos) in random_positions(&game, &game.start(), 0..4, 10, 60) {
        movers[pos.to_move().index()] += 1;
        for depth in 1..=2 {
            agree(&game, &eval, &pos, depth, &at, &mut tally);
        }
    }
    let start = game.start();
    agree(&game, &eval, &start, 3, "tri-camelot start", &mut tally);
    assert!(movers.iter().all(|&n| n > 0), "{movers:?}");
    assert!(tally.alphabeta_nodes * 2 < tally.minimax_nodes, "{tally:?}");
}

#[test]
fn a_win_in_one_is_found_and_valued_by_its_distance() {
    let game = camelot();
    let eval = CamelotEval::new(&game);
    // White has a Man in Black's castle and one beside it: G15-G16 wins.
    let pos = parse_position(&game, "W:WF16,G15:BKA8,KB8 castle-moves=0,0").unwrap();
    let win = MoveKey {
        from: game.board().cell("G15").unwrap(),
        to: game.board().cell("G16").unwrap(),
        captured: Default::default(),
    };
    for depth in 1..=3 {
        for choice in [Minimax::new(depth, &eval).choose(&game, &pos), AlphaBeta::new(depth, &eval).choose(&game, &pos)]
        {
            assert_eq!(choice.value, WIN - 1, "depth {depth}");
            assert_eq!(choice.key, Some(win), "depth {depth}");
        }
    }
    // Black to move in the same position cannot stop it: a loss in two plies.
    let mut black = pos;
    black.set_to_move(Player(1));
    let choice = AlphaBeta::new(2, &eval).choose(&game, &black);
    assert_eq!(choice.value, -(WIN - 2));
    assert!(choice.key.is_some());
    // A finished game: no move, the outcome's value.
    let over = game.play_unchecked(&pos, &win);
    let choice = AlphaBeta::new(3, &eval).choose(&game, &over);
    assert_eq!((choice.key, choice.value, choice.nodes), (None, -WIN, 1));
}

#[test]
fn random_is_deterministic_and_legal() {
    let game = camelot();
    let play = |seed| {
        let mut r = Random::new(seed);
        let mut pos = game.start();
        let mut keys = Vec::new();
        for _ in 0..60 {
            let Some(k) = r.choose(&game, &pos).key else { break };
            assert!(game.legal_moves(&pos).contains(&k));
            keys.push(k);
            pos = game.play_unchecked(&pos, &k);
        }
        keys
    };
    assert_eq!(play(5), play(5));
    assert_ne!(play(5), play(6));
    assert_eq!(Strategy::<Camelot>::name(&Random::new(1)), "random");
    assert_eq!(Strategy::<Camelot>::name(&AlphaBeta::new(3, Material::default())), "alphabeta-3");
    assert_eq!(Strategy::<Camelot>::name(&Minimax::new(0, Material::default())), "minimax-1");
}

// ---------------------------------------------------------------------------
// A three-player game: "melee" on a 7×7 square board. Men step to any
// empty neighbour or jump any enemy (chains continue, capture compulsory);
// turns pass 0, 1, 2, skipping eliminated players; the last player with
// pieces wins; 30 plies without a capture draw; a stuck player draws.

struct Melee {
    board: Board,
    players: Vec<PlayerInfo>,
    kinds: Vec<KindInfo>,
    landings: Landings,
    start: Position,
}

impl Melee {
    fn new() -> Melee {
        let coords = (0..7u8).flat_map(|r| (0..7u8).map(move |f| leap_core::Coord { file: f, rank: r }));
        let board = Board::new(leap_core::Geometry::Square, 7, 7, coords).unwrap();
        let players = ["Red", "Green", "Blue"]
            .iter()
            .map(|n| PlayerInfo { name: n.to_string(), letter: n.chars().next().unwrap() })
            .collect();
        let kinds =
            vec![KindInfo { name: "Man".into(), prefix: String::new(), symbols: vec!['M', 'm', 'm'], value: None }];
        let mut start = Position::empty(Player(0));
        for (p, cells) in [["B1", "D1", "F1"], ["B7", "D7", "F7"], ["A3", "A5", "G4"]].iter().enumerate() {
            for c in cells {
                start.put(board.cell(c).unwrap(), Piece { player: Player(p as u8), kind: leap_core::Kind(0) });
            }
        }
        Melee { board, players, kinds, landings: Landings::default(), start }
    }

    fn alive(&self, pos: &Position) -> Vec<Player> {
        (0..3).map(Player).filter(|p| !pos.pieces_of(*p).is_empty()).collect()
    }
}

impl LeapRules for Melee {
    fn board(&self) -> &Board {
        &self.board
    }
    fn abilities(&self, _pos: &Position, _from: Cell, _piece: Piece) -> Abilities {
        let all = self.board.all_dirs();
        Abilities { step_dirs: all, jump_dirs: all, ..Abilities::default() }
    }
    fn landings(&self, _pos: &Position, _from: Cell, _piece: Piece) -> &Landings {
        &self.landings
    }
}

impl Game for Melee {
    fn name(&self) -> &str {
        "melee"
    }
    fn players(&self) -> &[PlayerInfo] {
        &self.players
    }
    fn kinds(&self) -> &[KindInfo] {
        &self.kinds
    }
    fn start(&self) -> Position {
        self.start
    }
    fn scope(&self, pos: &Position) -> TurnScope {
        let mine = pos.pieces_of(pos.to_move());
        TurnScope { pieces: mine, captures_only: any_jump(self, pos, mine) }
    }
    fn decided(&self, pos: &Position) -> Option<Outcome> {
        let alive = self.alive(pos);
        if alive.len() == 1 {
            return Some(Outcome { result: GameResult::Win(alive[0]), reason: EndReason::Elimination });
        }
        (pos.clock() >= 30).then_some(Outcome { result: GameResult::Draw, reason: EndReason::MoveLimit })
    }
    fn no_moves(&self, _pos: &Position) -> Outcome {
        Outcome { result: GameResult::Draw, reason: EndReason::NoMoves }
    }
    fn play_unchecked_in_place(&self, pos: &mut Position, key: &MoveKey) {
        for c in key.captured {
            pos.remove(c);
        }
        pos.move_piece(key.from, key.to);
        pos.set_clock(if key.is_capture() { 0 } else { pos.clock() + 1 });
        let me = pos.to_move();
        let following = (1..=3).map(|i| Player((me.0 + i) % 3)).find(|p| !pos.pieces_of(*p).is_empty());
        pos.set_to_move(following.unwrap_or(me));
    }
}

/// Material for the root player minus everyone else's, plus a little for
/// being central, so that values vary.
fn melee_eval(_g: &Melee, pos: &Position, me: Player) -> Score {
    let mut v = 0;
    for p in 0..3 {
        let sign = if Player(p) == me { 1 } else { -1 };
        for c in pos.pieces_of(Player(p)) {
            let x = c.index() as i32;
            let (f, r) = (x % 7, x / 7);
            v += sign * (100 + 6 - (f - 3).abs() - (r - 3).abs());
        }
    }
    v
}

/// Paranoid minimax written out independently: (value, nodes).
fn paranoid(g: &Melee, pos: &Position, root: Player, depth: u32, ply: u32) -> (Score, u64) {
    if let Some(o) = g.outcome(pos) {
        let v = match o.result {
            GameResult::Draw => 0,
            GameResult::Win(p) if p == root => WIN - ply as Score,
            GameResult::Win(_) => -(WIN - ply as Score),
        };
        return (v, 1);
    }
    if depth == 0 {
        return (melee_eval(g, pos, root), 1);
    }
    let values: Vec<(Score, u64)> =
        g.legal_moves(pos).iter().map(|k| paranoid(g, &g.play_unchecked(pos, k), root, depth - 1, ply + 1)).collect();
    let nodes = 1 + values.iter().map(|v| v.1).sum::<u64>();
    let v = values.iter().map(|v| v.0);
    (if pos.to_move() == root { v.max().unwrap() } else { v.min().unwrap() }, nodes)
}

#[test]
fn three_players_paranoid_search() {
    let game = Melee::new();
    let eval = EvalFn(melee_eval);
    let mut tally = Tally::default();
    let mut movers = [0; 3];
    let mut decisive = 0;
    let positions = random_positions(&game, &game.start(), 0..10, 3, 40);
    for (at, pos) in &positions {
        movers[pos.to_move().index()] += 1;
        for depth in 1..=3 {
            agree(&game, &eval, pos, depth, at, &mut tally);
            let m = Minimax::new(depth, &eval).choose(&game, pos);
            let (value, nodes) = paranoid(&game, pos, pos.to_move(), depth, 0);
            assert_eq!((m.value, m.nodes), (value, nodes), "{at}, depth {depth}: minimax is not paranoid minimax");
            if m.value.abs() > WIN / 2 {
                decisive += 1;
            }
        }
    }
    assert!(movers.iter().all(|&n| n > 5), "every player should be to move somewhere: {movers:?}");
    assert!(decisive > 0, "some searches should see an elimination");
    assert!(tally.alphabeta_nodes * 2 < tally.minimax_nodes, "{tally:?}");
    // The node identity holds for three players too.
    let start = game.start();
    let mut sum = 0;
    for depth in 0..=4 {
        sum += perft(&game, &start, depth, Count::Positions);
        if depth > 0 {
            assert_eq!(Minimax::new(depth, &eval).choose(&game, &start).nodes, sum, "melee depth {depth}");
        }
    }
}
