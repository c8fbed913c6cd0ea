//! The search of one thread: iterative deepening of a principal-variation
//! negamax with aspiration windows, the transposition table, move ordering
//! and a quiescence search over obligatory captures.
//!
//! # Teams
//!
//! With two players this is plain negamax: a node's score is its value for
//! the player to move there. With more players the search is *paranoid*:
//! the root player against all the others as one team, so that the tree is
//! a two-sided game again and alpha-beta stays exact. Every score is from
//! the point of view of the team to move; going from a node to a child the
//! score changes sign only when the team to move changes (two opponents in a
//! row are one team). With two players, the teams are the players.
//!
//! With more players, two other searches can be chosen ([`Multi`], in
//! `multi.rs`): max-n, where each player maximises its own value, and
//! best-reply search, where the root player moves against the single best
//! reply of any one opponent.
//!
//! # Forcing positions
//!
//! Where a capture is obligatory, every legal move captures: such a
//! position is not quiet, and the search does not stop there to evaluate
//! it. At the horizon, [`Searcher::quiesce`] plays out the obligatory
//! captures, and evaluates only positions where the side to move is not
//! obliged to capture.
//!
//! # Files
//!
//! This file holds what the threads share and the nodes below the root
//! (the full search with its table, pruning and reductions); `root.rs` the
//! iterative deepening, the aspiration windows and the root moves;
//! `horizon.rs` the quiescence search and the cache of evaluations;
//! `multi.rs` max-n and best-reply search.

mod horizon;
mod multi;
mod root;

pub(crate) use multi::best_reply_plies;
pub(crate) use root::{Iteration, Role, RootMove};

use crate::limits::{Limits, Stop, TimeManager};
use crate::options::{Features, Multi};
use crate::ordering::{Ordering, MAX_PLY};
use crate::score::{from_table, is_decisive, to_table, win_in, Score, INFINITY, MAX_EVAL};
use crate::tt::{capture_hash, Bound, Entry, PackedMove, Table};
use leap_core::rules::{walk_piece, PathMode, PathSink};
use leap_core::search::Evaluator;
use leap_core::{Bitset, Cell, Game, GameResult, KeyList, Leg, MoveKey, Outcome, Player, Position};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering as Atomic};

/// Nodes a thread searches between looks at the clock and the stop flag.
const CHECK_EVERY: u64 = 1024;

/// Entries in a thread's cache of evaluations (a power of two): 1 MiB.
/// (From 2^14 entries, on 2026-11-30: 3.2% fewer instructions in a
/// Camelot middlegame searched to depth 7, the same nodes; 2^18 saved
/// 5.5% of the instructions but was slower by the clock, its 4 MiB
/// missing the cache.)
const EVAL_CACHE: usize = 1 << 16;

/// The deepest node reverse futility pruning may cut ([`Features::futility`]).
const FUTILITY_DEPTH: i32 = 3;

/// The margin per ply left by which the evaluation must beat beta for
/// reverse futility pruning: a Man.
const FUTILITY_MARGIN: Score = 100;

/// The deepest ply at which a move that obliges the opponent to capture is
/// not reduced.
const FORCING_PLY: usize = 2;

/// Late move pruning: how many moves a node searches, by its depth (1 or 2).
const LATE_MOVES: [usize; 3] = [usize::MAX, 6, 12];

/// The most a quiescence search may branch: the natural logarithm of the
/// product of the numbers of captures searched at the nodes above a node
/// (see [`Searcher::quiesce`]). 12 is about 163 000 lines from each node
/// where the quiescence search starts: of the trees of `camelot bench`
/// only two of Camelot's change, by a few hundred of 3 015 095 nodes
/// (374 133 to 373 809 and 271 746 to 271 654), while on a crowded board
/// of a variant file, where dozens of captures a ply for dozens of plies
/// would never be searched out, the first iteration ends in seconds: on a
/// board of 15 x 17 cells with 61 Knights and 48 moves, depth 1 in 254 566
/// nodes and 1.4 s, against 2.6 M nodes and 11 s with 14, and not within
/// 60 s with 18 (the bound before 2026-11-29, chosen to leave the bench
/// untouched: it bounds each line, and every move at the root has its
/// own quiescence searches, so a board with many moves multiplies it).
const QUIESCENCE_WIDTH: f64 = 12.0;

/// Natural logarithms of 0..64 (0 for 0), for the reductions and
/// [`ln_moves`].
static LOG: std::sync::LazyLock<[f64; 64]> =
    std::sync::LazyLock::new(|| std::array::from_fn(|i| if i == 0 { 0.0 } else { (i as f64).ln() }));

/// The natural logarithm of a number of moves (0 for none), from [`LOG`]
/// below 64: how far a list of that many moves branches (see
/// [`QUIESCENCE_WIDTH`]).
fn ln_moves(moves: usize) -> f64 {
    LOG.get(moves).copied().unwrap_or_else(|| (moves as f64).ln())
}

/// What the threads of one search share.
pub(crate) struct Shared<'a, G, E> {
    pub(crate) game: &'a G,
    pub(crate) eval: &'a E,
    pub(crate) table: &'a Table,
    pub(crate) stop: &'a Stop,
    pub(crate) limits: Limits,
    pub(crate) time: TimeManager,
    /// Set when the search must end (stopped, out of time or nodes, done).
    pub(crate) done: AtomicBool,
    /// Set when the main thread has completed an iteration: a
    /// [`Stop::finish`] then ends the search.
    pub(crate) searched: AtomicBool,
    /// Nodes searched by every thread (each adds its count now and then).
    pub(crate) nodes: AtomicU64,
    /// The position searched.
    pub(crate) root: Position,
    /// The hashes of the game's positions before the root, oldest first.
    pub(crate) before: Vec<u64>,
    /// Mixed into every table key: the root player, when more than two
    /// players make the scores depend on who is at the root.
    pub(crate) salt: u64,
    pub(crate) features: Features,
    /// The search with more than two players (two players: always negamax).
    pub(crate) multi: Multi,
    /// What a draw costs the root player (see [`crate::Options::contempt`]).
    pub(crate) contempt: Score,
    /// The best lines the main thread finds at each depth, at least 1 and
    /// at most the root's moves (see [`crate::Options::multi_pv`]).
    pub(crate) lines: usize,
    /// Whether the root has one legal move (not only one searched, as
    /// [`crate::Engine::search_moves`] may keep): within a time or node
    /// limit, one iteration then tells what to play.
    pub(crate) forced: bool,
}

impl<G, E> Shared<'_, G, E> {
    /// Whether the search must end.
    #[inline]
    pub(crate) fn is_done(&self) -> bool {
        self.done.load(Atomic::Relaxed)
    }

    /// Whether a [`Stop::finish`] ends the search: it has searched a ply.
    #[inline]
    pub(crate) fn finished(&self) -> bool {
        self.stop.is_finishing() && self.searched.load(Atomic::Relaxed)
    }
}

/// One thread's search.
pub(crate) struct Searcher<'s, 'a, G, E> {
    s: &'s Shared<'a, G, E>,
    /// What the thread does: the main thread reports and decides (see [`Role`]).
    role: Role,
    /// The root player (see "Teams").
    root_player: Player,
    /// Nodes not yet added to the shared count.
    unshared: u64,
    seldepth: usize,
    stopped: bool,
    /// A move list per ply, reused.
    lists: Vec<KeyList>,
    /// Per ply: the order of the moves (indices into the list) and their scores.
    order: Vec<Vec<(i32, u16)>>,
    /// Per ply, for best-reply search: the moves of a layer, each with its
    /// mover and ordering score.
    replies: Vec<Vec<(Player, MoveKey, i32)>>,
    ordering: Ordering,
    /// Hashes of the game before the root and of the search path above the
    /// current node.
    path: Vec<u64>,
    /// Triangular principal variation table.
    pv: Vec<Vec<MoveKey>>,
    pv_len: Vec<usize>,
    pub(crate) root_moves: Vec<RootMove>,
    /// The last root move of the iteration under way to beat the best
    /// move of the last iteration (a move searched after the first that
    /// raised alpha): where the iteration is cut short, it is played.
    improved: Option<MoveKey>,
    /// The evaluations of recent positions, by key (see [`Searcher::evaluate`]).
    evals: Box<[(u64, Score)]>,
    /// Per ply: how far the quiescence search above the node has branched
    /// where captures were obliged (see [`QUIESCENCE_WIDTH`]); 0 below a
    /// node of the full search.
    q_width: Vec<f64>,
}

impl<'s, 'a, G: Game, E: Evaluator<G>> Searcher<'s, 'a, G, E> {
    pub(crate) fn new(s: &'s Shared<'a, G, E>, role: Role, root_moves: Vec<RootMove>, ordering: Ordering) -> Self {
        Searcher {
            s,
            role,
            root_player: s.root.to_move(),
            unshared: 0,
            seldepth: 0,
            stopped: false,
            lists: (0..=MAX_PLY).map(|_| KeyList::new()).collect(),
            order: (0..=MAX_PLY).map(|_| Vec::new()).collect(),
            replies: (0..=MAX_PLY).map(|_| Vec::new()).collect(),
            ordering,
            path: s.before.clone(),
            pv: (0..=MAX_PLY).map(|_| vec![MoveKey::PASS; MAX_PLY + 1]).collect(),
            pv_len: vec![0; MAX_PLY + 1],
            root_moves,
            improved: None,
            // (Empty slots hold a key that is never looked up there: its low bits are not the slot's.)
            evals: (0..EVAL_CACHE).map(|i| ((i ^ 1) as u64, 0)).collect(),
            q_width: vec![0.0; MAX_PLY + 1],
        }
    }

    /// What the thread learnt of moves, for the next search.
    pub(crate) fn into_ordering(self) -> Ordering {
        self.ordering
    }

    /// The score of `child` (reached from `parent`) for the team to move
    /// at `parent`.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn child(
        &mut self,
        child: &Position,
        parent: &Position,
        depth: i32,
        ply: usize,
        alpha: Score,
        beta: Score,
        pv: bool,
    ) -> Score {
        if self.same_team(child.to_move(), parent.to_move()) {
            self.node(child, depth, ply, alpha, beta, pv)
        } else {
            -self.node(child, depth, ply, -beta, -alpha, pv)
        }
    }

    /// Whether two players are on one team (see "Teams").
    #[inline]
    fn same_team(&self, a: Player, b: Player) -> bool {
        (a == self.root_player) == (b == self.root_player)
    }

    /// A node below the root: the end of the game, a repetition, or a
    /// search of its moves (in full, or quiescence at the horizon).
    fn node(&mut self, pos: &Position, depth: i32, ply: usize, alpha: Score, beta: Score, pv: bool) -> Score {
        self.pv_len[ply] = ply;
        if self.poll() {
            return 0;
        }
        if let Some(o) = self.s.game.decided(pos) {
            self.count(ply);
            return self.outcome_score(&o, pos, ply);
        }
        if self.s.features.repetitions && self.is_repetition(pos) {
            self.count(ply);
            return self.draw(pos);
        }
        // (Nothing here can beat a win at the next ply.)
        let (alpha, beta) = (alpha.max(-win_in(ply)), beta.min(win_in(ply + 1)));
        if alpha >= beta {
            return alpha;
        }
        if depth <= 0 || ply >= MAX_PLY - 1 {
            if self.s.features.quiescence {
                self.quiesce(pos, ply, alpha, beta)
            } else {
                self.horizon(pos, ply)
            }
        } else {
            self.search(pos, depth, ply, alpha, beta, pv)
        }
    }

    /// The full search of a node's moves, `depth` plies deep.
    fn search(&mut self, pos: &Position, depth: i32, ply: usize, mut alpha: Score, beta: Score, pv: bool) -> Score {
        self.count(ply);
        self.q_width[ply + 1] = 0.0;
        let key = self.key(pos);
        let entry = self.s.table.probe(key);
        if let Some(score) = self.table_cut(entry, depth, ply, alpha, beta, pv) {
            return score;
        }
        // Null-move pruning: if passing the turn still holds beta, a move will.
        // (Not where a capture is obligatory: passing would dodge it.)
        // (Asked only where a pruning needs it: the scope takes time.)
        let quiet_node = || !self.s.game.scope(pos).captures_only;
        if !pv && self.s.features.futility && depth <= FUTILITY_DEPTH && !is_decisive(beta) && quiet_node() {
            let needed = beta.saturating_add(FUTILITY_MARGIN * depth);
            let eval = self.evaluate_within(pos, needed - 1, needed);
            if eval - FUTILITY_MARGIN * depth >= beta {
                return eval;
            }
        }
        if !pv && depth >= 3 && self.null_move_allowed(pos) && quiet_node() && self.evaluate(pos) >= beta {
            let mut passed = *pos;
            let next = Player(1 - pos.to_move().0);
            passed.set_to_move(next);
            passed.set_clock(pos.clock().saturating_add(1));
            self.path.push(pos.hash());
            let r = 2 + depth / 4;
            let score = -self.node(&passed, depth - 1 - r, ply + 1, -beta, -beta + 1, false);
            self.path.pop();
            if self.stopped {
                return 0;
            }
            if score >= beta && !is_decisive(score) {
                return score;
            }
        }
        let (alpha0, mut best, mut best_move) = (alpha, -INFINITY, None);
        self.path.push(pos.hash());
        // The table's move first, without listing the others: it often
        // settles the node.
        let hash_move = entry.and_then(|e| e.best).and_then(|m| self.hash_move(pos, m));
        if let Some(mv) = hash_move {
            let child = self.s.game.play_unchecked(pos, &mv);
            let score = self.child(&child, pos, depth - 1, ply + 1, alpha, beta, pv);
            if self.stopped {
                self.path.pop();
                return 0;
            }
            best = score;
            best_move = Some(mv);
            if score > alpha {
                alpha = score;
                self.update_pv(ply, mv);
                if score >= beta {
                    self.ordering.cut_off(pos.to_move(), &mv, std::iter::empty(), ply, depth);
                }
            }
        }
        if best < beta {
            let mut list = std::mem::take(&mut self.lists[ply]);
            self.s.game.legal_moves_unordered_into(pos, &mut list);
            if list.keys.is_empty() {
                self.lists[ply] = list;
                self.path.pop();
                return self.outcome_score(&self.s.game.no_moves(pos), pos, ply);
            }
            self.rank(pos, &list, ply);
            let skip = hash_move.is_some() as usize;
            let prune_late = self.s.features.late_move_pruning && !pv && depth <= 2 && ply > FORCING_PLY;
            for i in 0..list.keys.len() {
                let index = self.next(ply, i);
                let mv = list.keys[index];
                if hash_move == Some(mv) {
                    continue;
                }
                // The move's place, for the reductions and late move pruning:
                // its place in the list plus one for the table's move searched
                // first, so that once the list has passed the table's move,
                // that move counts twice. Counting it once (the move's place
                // among the moves searched) made no difference that 200 games
                // could show: 87-23-90, -5 Elo (-51 to +40), on 2026-11-28;
                // the count the other features were measured with stays.
                let place = i + skip;
                let child = self.s.game.play_unchecked(pos, &mv);
                if prune_late && best > -MAX_EVAL && self.prunes_late(&child, &mv, depth, place) {
                    continue;
                }
                let score = if place == 0 {
                    self.child(&child, pos, depth - 1, ply + 1, alpha, beta, pv)
                } else {
                    // Late quiet moves are searched less deep first, and again in
                    // full if they turn out better than the best so far.
                    let r = self.reduction(&child, &mv, depth, ply, place, pv);
                    let mut s = self.child(&child, pos, depth - 1 - r, ply + 1, alpha, alpha + 1, false);
                    if r > 0 && s > alpha {
                        s = self.child(&child, pos, depth - 1, ply + 1, alpha, alpha + 1, false);
                    }
                    if pv && s > alpha && s < beta {
                        self.child(&child, pos, depth - 1, ply + 1, alpha, beta, true)
                    } else {
                        s
                    }
                };
                if self.stopped {
                    break;
                }
                if score > best {
                    best = score;
                    best_move = Some(mv);
                    if score > alpha {
                        alpha = score;
                        self.update_pv(ply, mv);
                        if score >= beta {
                            let tried = self.order[ply][..i].iter().map(|&(_, j)| &list.keys[j as usize]);
                            self.ordering.cut_off(pos.to_move(), &mv, tried.chain(hash_move.as_ref()), ply, depth);
                            break;
                        }
                    }
                }
            }
            self.lists[ply] = list;
        }
        self.path.pop();
        if self.stopped {
            return 0;
        }
        self.store(key, best, best_move, (alpha0, beta), depth, ply);
        best
    }

    /// The score of a node `depth` plies deep and `ply` from the root by
    /// its table `entry`, where the entry settles it: off the principal
    /// variation (`pv`), searched deep enough, and with a bound that
    /// decides against the window (`alpha`, `beta`).
    #[inline]
    fn table_cut(
        &self,
        entry: Option<Entry>,
        depth: i32,
        ply: usize,
        alpha: Score,
        beta: Score,
        pv: bool,
    ) -> Option<Score> {
        let e = entry?;
        let usable = if self.s.features.deeper_entries { e.depth as i32 >= depth } else { e.depth as i32 == depth };
        if pv || !usable {
            return None;
        }
        let score = from_table(e.score, ply);
        match e.bound {
            Bound::Exact => Some(score),
            Bound::Lower if score >= beta => Some(score),
            Bound::Upper if score <= alpha => Some(score),
            _ => None,
        }
    }

    /// Stores under `key` the result of a node `depth` plies deep and `ply`
    /// from the root searched in the window `(alpha, beta)`: its score
    /// `best` and best move.
    #[inline]
    fn store(
        &self,
        key: u64,
        best: Score,
        best_move: Option<MoveKey>,
        (alpha, beta): (Score, Score),
        depth: i32,
        ply: usize,
    ) {
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let entry = Entry {
            best: best_move.map(|m| PackedMove::new(&m)),
            score: to_table(best, ply),
            depth: depth.clamp(0, 127) as u8,
            bound,
        };
        self.s.table.store(key, entry);
    }

    /// Whether late move pruning skips the move `mv` at `place` in a node
    /// `depth` plies from the horizon, `child` the position after it: a
    /// late quiet move, not one that ends the game (a castle entry is
    /// quiet) or obliges the opponent to capture (a sacrifice).
    #[inline]
    fn prunes_late(&self, child: &Position, mv: &MoveKey, depth: i32, place: usize) -> bool {
        place >= LATE_MOVES[depth as usize]
            && !mv.is_capture()
            && self.s.game.decided(child).is_none()
            && !self.s.game.scope(child).captures_only
    }

    /// The plies by which the move `mv` at `place` (not the first) in a
    /// node `depth` plies from the horizon and `ply` from the root is
    /// searched less deep first (late move reductions; 0: not reduced),
    /// `child` the position after it.
    #[inline]
    fn reduction(&self, child: &Position, mv: &MoveKey, depth: i32, ply: usize, place: usize, pv: bool) -> i32 {
        if !self.s.features.reductions || depth < 3 || place < 3 || mv.is_capture() {
            return 0;
        }
        // Near the root, not a move that obliges the opponent to capture:
        // like a check in chess it forces the reply, and the combinations
        // that win material start with such sacrifices.
        if !self.s.features.reduce_forcing && ply <= FORCING_PLY && self.s.game.scope(child).captures_only {
            return 0;
        }
        let r = (LOG[depth.min(63) as usize] * LOG[place.min(63)] / 2.0) as i32;
        // An even number of plies: the reduced search then ends with the
        // same side to move as the full one, so that an evaluation favouring
        // the side to move (tempo) does not make the reduced score look
        // better than the full one's and force a re-search. (From 0 to
        // depth - 1: the reduced search is at least quiescence.)
        (r.clamp(1, depth - 2) - pv as i32 + 1) & !1
    }

    /// The table key of `pos`: its hash (which leaves out the clocks), with
    /// the root player's salt; and, where the table must not change values,
    /// the clocks too (two positions that differ only in them may be
    /// nearer or farther from a move-limit draw).
    #[inline]
    fn key(&self, pos: &Position) -> u64 {
        let key = pos.hash() ^ self.s.salt;
        if self.s.features.deeper_entries {
            key
        } else {
            let clocks = (pos.clock() as u64) << 16 | pos.aux_clock() as u64;
            key ^ clocks.wrapping_mul(0x9E37_79B9_7F4A_7C15)
        }
    }

    /// Whether the side to move may pass for null-move pruning: two players,
    /// and enough pieces that passing is unlikely to be the best move
    /// (zugzwang).
    fn null_move_allowed(&self, pos: &Position) -> bool {
        self.s.features.null_move && self.s.game.players().len() == 2 && pos.pieces_of(pos.to_move()).len() >= 4
    }

    /// The move the table keeps for `pos`, as a move of `pos`, if it can be
    /// one: a piece of the player to move on its start cell, its end empty,
    /// and for a capture, one of that piece's captures whose captured cells
    /// hash alike. (The table's key matched `pos`: only a collision of 64-bit
    /// keys could make it another position's.)
    fn hash_move(&self, pos: &Position, m: PackedMove) -> Option<MoveKey> {
        let (from, to) = (m.from(), m.to());
        if pos.piece_at(from)?.player != pos.to_move() || (to != from && pos.is_occupied(to)) {
            return None;
        }
        if m.capture_hash() == 0 {
            return (to != from).then_some(MoveKey { from, to, captured: Bitset::EMPTY });
        }
        /// The first capture of the piece that ends on `to` with captures hashing to `hash`.
        struct Find {
            to: Cell,
            hash: u16,
            found: Option<MoveKey>,
        }
        impl PathSink for Find {
            const LEGS: bool = false;
            fn emit(&mut self, from: Cell, to: Cell, _legs: &[Leg], captured: Bitset) {
                if self.found.is_none() && to == self.to && capture_hash(captured) == self.hash {
                    self.found = Some(MoveKey { from, to, captured });
                }
            }
        }
        let mut find = Find { to, hash: m.capture_hash(), found: None };
        walk_piece(self.s.game, pos, from, true, PathMode::Distinct, &mut find);
        find.found
    }

    /// Orders the moves of `list` for `ply`.
    fn rank(&mut self, pos: &Position, list: &KeyList, ply: usize) {
        let order = &mut self.order[ply];
        order.clear();
        for (i, key) in list.keys.iter().enumerate() {
            order.push((self.ordering.score(pos, key, ply), i as u16));
        }
    }

    /// The index of the `i`-th move to try at `ply` (the best of those not
    /// tried yet, moved to place `i`).
    #[inline]
    fn next(&mut self, ply: usize, i: usize) -> usize {
        // (The best score so far is kept apart from its index: read back
        // through the index, each comparison waited for the previous one.)
        let rest = &mut self.order[ply][i..];
        let (mut best, mut top) = (0, rest[0].0);
        for (j, &(score, _)) in rest.iter().enumerate().skip(1) {
            if score > top {
                (best, top) = (j, score);
            }
        }
        rest.swap(0, best);
        rest[0].1 as usize
    }

    /// `mv` is the best move at `ply`: it and the child's line are its line.
    #[inline]
    fn update_pv(&mut self, ply: usize, mv: MoveKey) {
        let next_len = self.pv_len[ply + 1].max(ply + 1);
        let (above, below) = self.pv.split_at_mut(ply + 1);
        let line = &mut above[ply];
        line[ply] = mv;
        line[ply + 1..next_len].copy_from_slice(&below[0][ply + 1..next_len]);
        self.pv_len[ply] = next_len;
    }

    /// The score of a finished game, `ply` plies below the root, for the
    /// team to move in `pos`.
    #[inline]
    fn outcome_score(&self, o: &Outcome, pos: &Position, ply: usize) -> Score {
        match o.result {
            GameResult::Draw => self.draw(pos),
            GameResult::Win(p) if self.same_team(p, pos.to_move()) => win_in(ply),
            GameResult::Win(_) => -win_in(ply),
        }
    }

    /// The value of a draw at `pos` for its side to move: the contempt
    /// counts against the root player's team.
    #[inline]
    fn draw(&self, pos: &Position) -> Score {
        if self.same_team(pos.to_move(), self.root_player) {
            -self.s.contempt
        } else {
            self.s.contempt
        }
    }

    /// Whether `pos` repeats a position of the search path (a cycle the
    /// side that closed it can repeat: a draw), or occurs in the game before
    /// the root often enough for the game's repetition draw.
    #[inline]
    fn is_repetition(&self, pos: &Position) -> bool {
        // (No position before the last capture or goal entry can come back.)
        let back = (pos.clock() as usize).min(self.path.len());
        let hash = pos.hash();
        let root_at = self.s.before.len();
        let mut earlier = 0;
        for (i, h) in self.path.iter().enumerate().skip(self.path.len() - back) {
            if *h == hash {
                if i >= root_at {
                    return true;
                }
                earlier += 1;
            }
        }
        earlier > 0 && self.s.game.repetition_limit().is_some_and(|limit| earlier + 1 >= limit)
    }

    /// Counts a node.
    #[inline]
    fn count(&mut self, ply: usize) {
        self.unshared += 1;
        self.seldepth = self.seldepth.max(ply);
    }

    /// Whether the search must stop; looks at the clock, the node count and
    /// the stop flag now and then.
    #[inline]
    fn poll(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        if self.unshared >= CHECK_EVERY {
            let total = self.s.nodes.fetch_add(self.unshared, Atomic::Relaxed) + self.unshared;
            self.unshared = 0;
            let s = self.s;
            if s.stop.is_stopped() || s.time.out_of_time() || s.limits.nodes.is_some_and(|n| total >= n) {
                s.done.store(true, Atomic::Relaxed);
            }
        }
        if self.s.is_done() || self.s.stop.is_stopped() || self.s.finished() {
            self.stopped = true;
        }
        self.stopped
    }

    /// Adds the nodes not yet counted to the shared count.
    pub(crate) fn flush_nodes(&mut self) {
        self.s.nodes.fetch_add(self.unshared, Atomic::Relaxed);
        self.unshared = 0;
    }
}
