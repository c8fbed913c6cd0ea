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

mod multi;

use crate::engine::{Features, Multi};
use crate::limits::{Limits, Stop, TimeManager};
use crate::ordering::{Ordering, MAX_PLY};
use crate::score::{decided, from_table, is_decisive, to_table, win_in, Score, INFINITY, MAX_EVAL};
use crate::tt::{capture_hash, Bound, Entry, PackedMove, Table};
use leap_core::rules::{any_move, walk_piece, PathMode, PathSink};
use leap_core::search::Evaluator;
use leap_core::{Bitset, Cell, Game, GameResult, KeyList, Leg, MoveKey, Outcome, Player, Position};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering as Atomic};

/// Nodes a thread searches between looks at the clock and the stop flag.
const CHECK_EVERY: u64 = 1024;

/// Entries in a thread's cache of evaluations (a power of two).
const EVAL_CACHE: usize = 1 << 14;

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

/// Natural logarithms of 0..64 (0 for 0), for the reductions.
static LOG: std::sync::LazyLock<[f64; 64]> =
    std::sync::LazyLock::new(|| std::array::from_fn(|i| if i == 0 { 0.0 } else { (i as f64).ln() }));

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
}

impl<G, E> Shared<'_, G, E> {
    /// Whether the search must end.
    #[inline]
    pub(crate) fn is_done(&self) -> bool {
        self.done.load(Atomic::Relaxed)
    }
}

/// A root move with what the last iterations found of it.
#[derive(Clone, Debug)]
pub(crate) struct RootMove {
    pub(crate) key: MoveKey,
    /// Its score in the last iteration that searched it exactly, or
    /// `-INFINITY` when it failed low.
    pub(crate) score: Score,
    /// The principal variation it starts.
    pub(crate) pv: Vec<MoveKey>,
}

/// The result of one completed iteration, for one of its lines.
#[derive(Clone, Debug)]
pub(crate) struct Iteration {
    /// Which of the iteration's best lines (1 is the best; see [`Shared::lines`]).
    pub(crate) line: usize,
    pub(crate) depth: u32,
    pub(crate) seldepth: u32,
    pub(crate) score: Score,
    pub(crate) pv: Vec<MoveKey>,
}

/// What a thread does in a search over several threads (Lazy SMP: they
/// share the transposition table and nothing else).
///
/// The main thread reports each iteration, decides when to stop, and its
/// result is played. A helper only fills the table for it, and helpers
/// differ from it so that they do not search the same tree in step: every
/// other one ([`Role::is_contrary`]) starts one ply deeper and searches
/// the root moves after the first in the reverse order. The first move,
/// the best so far, is the one both must search in full; after it, the
/// main thread goes down the list and such a helper comes up it, and the
/// table entries each leaves settle the moves the other reaches later.
/// (Measured on 2026-11-27, time to depth 8 over 78 Camelot positions on 2
/// threads: 71-76 s against 78-81 s with the helper in the main thread's
/// order; with the first move last as well, 88-91 s.)
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Role {
    /// Thread 0.
    Main,
    /// Helper thread `n` (from 1).
    Helper(usize),
}

impl Role {
    /// Whether this is a helper that starts one ply deeper than the main
    /// thread and searches the root moves after the first in reverse order.
    fn is_contrary(self) -> bool {
        matches!(self, Role::Helper(n) if n % 2 == 1)
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
            ordering,
            path: s.before.clone(),
            pv: (0..=MAX_PLY).map(|_| vec![MoveKey::PASS; MAX_PLY + 1]).collect(),
            pv_len: vec![0; MAX_PLY + 1],
            root_moves,
            improved: None,
            // (Empty slots hold a key that is never looked up there: its low bits are not the slot's.)
            evals: (0..EVAL_CACHE).map(|i| ((i ^ 1) as u64, 0)).collect(),
        }
    }

    /// What the thread learnt of moves, for the next search.
    pub(crate) fn into_ordering(self) -> Ordering {
        self.ordering
    }

    /// Iterative deepening until the limits or the stop flag end it, from
    /// one ply (two for a contrary helper: see [`Role`]); every completed
    /// iteration goes to `report` (the main thread's only), line by line
    /// when the main thread looks for several best lines ([`Shared::lines`]):
    /// the best move first, then the best of the other moves, and so on,
    /// each line searched as the best one is, among the moves not yet given.
    pub(crate) fn iterate(&mut self, mut report: impl FnMut(&Iteration, u64)) -> Option<Iteration> {
        let max_depth = self.s.limits.depth.unwrap_or(MAX_PLY as u32 - 1).clamp(1, MAX_PLY as u32 - 1);
        let first = if self.role.is_contrary() { 2 } else { 1 };
        let mut last: Option<Iteration> = None;
        for depth in first.min(max_depth)..=max_depth {
            if self.role == Role::Main && depth > 1 && !self.s.time.may_deepen() {
                break;
            }
            self.seldepth = 0;
            self.improved = None;
            let lines = if self.role == Role::Main { self.s.lines.min(self.root_moves.len()) } else { 1 };
            self.aspiration(depth as i32, last.as_ref().map(|l| l.score), 0);
            if self.stopped || self.s.is_done() {
                // A move that beat the last iteration's best in the
                // iteration cut short is better than it: it is played.
                let better = self.improved.and_then(|k| self.root_moves.iter().find(|rm| rm.key == k));
                if let (Some(rm), Some(it)) = (better, last.as_mut()) {
                    (it.score, it.pv) = (rm.score, rm.pv.clone());
                }
                break;
            }
            // The other lines, each among the moves after the lines before it
            // (the depth counts with the lines completed when time runs out).
            let mut settled = 1;
            while settled < lines && !self.stopped && !self.s.is_done() {
                let prev = Some(self.root_moves[settled].score).filter(|s| *s > -INFINITY);
                self.aspiration(depth as i32, prev, settled);
                if !self.stopped {
                    settled += 1;
                    // (A later line may score above an earlier one, as the
                    // table has learnt more: the lines go best first.)
                    self.root_moves[..settled].sort_by_key(|rm| std::cmp::Reverse(rm.score));
                }
            }
            let best = &self.root_moves[0];
            let score = best.score;
            let iteration = Iteration { line: 1, depth, seldepth: self.seldepth as u32, score, pv: best.pv.clone() };
            if self.role == Role::Main {
                let nodes = self.total_nodes();
                report(&iteration, nodes);
                for (i, rm) in self.root_moves.iter().enumerate().take(settled).skip(1) {
                    let line = Iteration { line: i + 1, score: rm.score, pv: rm.pv.clone(), ..iteration.clone() };
                    report(&line, nodes);
                }
            }
            last = Some(iteration);
            if self.stopped || self.s.is_done() {
                break;
            }
            let decided = decided(score).is_some_and(|d| d.plies < depth);
            // One legal move, or a result the search can no longer change: no need to look further.
            if self.role == Role::Main && self.s.time.is_timed() && (self.root_moves.len() == 1 || decided) {
                break;
            }
        }
        last
    }

    /// The nodes of every thread, as far as they are known.
    fn total_nodes(&self) -> u64 {
        self.s.nodes.load(Atomic::Relaxed) + self.unshared
    }

    /// The root's moves from the `first` on searched to `depth` in a window
    /// around the last score, widened until the score falls inside it (the
    /// scores are left in the root moves, the best in place `first`).
    fn aspiration(&mut self, depth: i32, last: Option<Score>, first: usize) {
        let mut delta = 25;
        let (mut alpha, mut beta) = match last {
            // (Max-n has no window: it searches every move in full.)
            Some(s) if depth >= 4 && !is_decisive(s) && self.s.multi != Multi::MaxN => {
                ((s - delta).max(-INFINITY), (s + delta).min(INFINITY))
            }
            _ => (-INFINITY, INFINITY),
        };
        loop {
            let score = self.root(depth, alpha, beta, first);
            if self.stopped {
                return;
            }
            if score <= alpha {
                beta = (alpha + beta) / 2;
                alpha = (score - delta).max(-INFINITY);
            } else if score >= beta {
                beta = (score + delta).min(INFINITY);
            } else {
                return;
            }
            delta += delta;
            if delta > 2000 {
                (alpha, beta) = (-INFINITY, INFINITY);
            }
        }
    }

    /// The root moves from the `first` on (those before it are the best
    /// lines already found at this depth) searched in order (a contrary
    /// helper's after the first in reverse order: see [`Role`]); the best
    /// of them ends in place `first`.
    fn root(&mut self, depth: i32, mut alpha: Score, beta: Score, first: usize) -> Score {
        let root = self.s.root;
        let mut best = -INFINITY;
        self.path.push(root.hash());
        let (n, contrary) = (self.root_moves.len() - first, self.role.is_contrary());
        for k in 0..n {
            // (A contrary helper goes up the list after the first move: see [`Role`].)
            let i = first + if contrary && k > 0 { n - k } else { k };
            let key = self.root_moves[i].key;
            let child = self.s.game.play_unchecked(&root, &key);
            let score = if i == first || self.s.multi == Multi::MaxN {
                self.root_child(&child, &root, depth - 1, alpha, beta, true)
            } else {
                let s = self.root_child(&child, &root, depth - 1, alpha, alpha + 1, false);
                if s > alpha && s < beta {
                    self.root_child(&child, &root, depth - 1, alpha, beta, true)
                } else {
                    s
                }
            };
            if self.stopped {
                break;
            }
            let rm = &mut self.root_moves[i];
            if i == first || score > alpha {
                rm.score = score;
                rm.pv.clear();
                rm.pv.push(key);
                rm.pv.extend_from_slice(&self.pv[1][1..self.pv_len[1]]);
            } else {
                rm.score = -INFINITY;
            }
            if score > best {
                best = score;
            }
            if score > alpha {
                alpha = score;
                if i > 0 && first == 0 {
                    self.improved = Some(key);
                }
                if score >= beta {
                    break;
                }
            }
        }
        self.path.pop();
        // The best first, the others in the order of their last scores (stable).
        self.root_moves[first..].sort_by_key(|rm| std::cmp::Reverse(rm.score));
        best
    }

    /// The score of a child of the root for the root player, by the search
    /// chosen for the game.
    #[inline]
    fn root_child(
        &mut self,
        child: &Position,
        root: &Position,
        depth: i32,
        alpha: Score,
        beta: Score,
        pv: bool,
    ) -> Score {
        match self.s.multi {
            Multi::Paranoid => self.child(child, root, depth, 1, alpha, beta, pv),
            Multi::MaxN => self.maxn(child, depth, 1)[self.root_player.index()],
            Multi::BestReply => self.best_reply(child, depth, 1, alpha, beta),
        }
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
        let key = self.key(pos);
        let entry = self.s.table.probe(key);
        if let Some(e) = entry {
            let score = from_table(e.score, ply);
            let usable = if self.s.features.deeper_entries { e.depth as i32 >= depth } else { e.depth as i32 == depth };
            if !pv && usable {
                match e.bound {
                    Bound::Exact => return score,
                    Bound::Lower if score >= beta => return score,
                    Bound::Upper if score <= alpha => return score,
                    _ => {}
                }
            }
        }
        // Null-move pruning: if passing the turn still holds beta, a move will.
        // (Not where a capture is obligatory: passing would dodge it.)
        // (Asked only where a pruning needs it: the scope takes time.)
        let quiet_node = || !self.s.game.scope(pos).captures_only;
        if !pv && self.s.features.futility && depth <= FUTILITY_DEPTH && !is_decisive(beta) && quiet_node() {
            let eval = self.evaluate(pos);
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
                let child = self.s.game.play_unchecked(pos, &mv);
                // (Not a capture, nor a move that ends the game (a castle entry is
                // quiet) or obliges the opponent to capture (a sacrifice).)
                if prune_late
                    && i + skip >= LATE_MOVES[depth as usize]
                    && !mv.is_capture()
                    && best > -MAX_EVAL
                    && self.s.game.decided(&child).is_none()
                    && !self.s.game.scope(&child).captures_only
                {
                    continue;
                }
                let score = if i + skip == 0 {
                    self.child(&child, pos, depth - 1, ply + 1, alpha, beta, pv)
                } else {
                    // Late quiet moves are searched less deep first, and again in
                    // full if they turn out better than the best so far.
                    let r = if self.s.features.reductions && depth >= 3 && i + skip >= 3 && !mv.is_capture() {
                        let r = (LOG[depth.min(63) as usize] * LOG[(i + skip).min(63)] / 2.0) as i32;
                        // An even number of plies: the reduced search then ends with the
                        // same side to move as the full one, so that an evaluation
                        // favouring the side to move (tempo) does not make the reduced
                        // score look better than the full one's and force a re-search.
                        // (At most depth - 1: the reduced search is at least quiescence.)
                        let r = (r.clamp(1, depth - 2) - pv as i32 + 1) & !1;
                        // Near the root, not a move that obliges the opponent to
                        // capture: like a check in chess it forces the reply, and the
                        // combinations that win material start with such sacrifices.
                        if !self.s.features.reduce_forcing
                            && ply <= FORCING_PLY
                            && self.s.game.scope(&child).captures_only
                        {
                            0
                        } else {
                            r
                        }
                    } else {
                        0
                    };
                    let mut s = self.child(&child, pos, depth - 1 - r.max(0), ply + 1, alpha, alpha + 1, false);
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
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha0 {
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
        best
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

    /// The horizon without quiescence: the evaluation, or the end of the
    /// game when the side to move has no move.
    fn horizon(&mut self, pos: &Position, ply: usize) -> Score {
        self.count(ply);
        let game = self.s.game;
        if !any_move(game, pos, game.scope(pos)) && !game.passes_when_stuck(pos) {
            return self.outcome_score(&game.no_moves(pos), pos, ply);
        }
        self.evaluate(pos)
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

    /// The quiescence search: where the side to move must capture, every
    /// capture is searched (no standing pat: the capture is forced);
    /// elsewhere the position is evaluated, and with
    /// [`Features::quiet_captures`] the captures the side may make all the
    /// same are searched against that evaluation (standing pat).
    fn quiesce(&mut self, pos: &Position, ply: usize, mut alpha: Score, beta: Score) -> Score {
        self.count(ply);
        let game = self.s.game;
        let scope = game.scope(pos);
        let mut list = std::mem::take(&mut self.lists[ply]);
        let mut best = -INFINITY;
        if !scope.captures_only || ply >= MAX_PLY - 1 {
            if !any_move(game, pos, scope) && !game.passes_when_stuck(pos) {
                self.lists[ply] = list;
                return self.outcome_score(&game.no_moves(pos), pos, ply);
            }
            // Standing pat: the side to move may also make a capture it is
            // not obliged to (a Knight's Charge), which is searched.
            let stand = self.evaluate(pos);
            if self.s.features.quiet_captures && stand < beta && ply < MAX_PLY - 1 {
                game.captures_into(pos, scope, &mut list);
            } else {
                list.clear();
            }
            if list.keys.is_empty() {
                self.lists[ply] = list;
                return stand;
            }
            best = stand;
            alpha = alpha.max(stand);
        } else {
            game.captures_into(pos, scope, &mut list);
            if list.keys.is_empty() {
                self.lists[ply] = list;
                return self.outcome_score(&game.no_moves(pos), pos, ply);
            }
        }
        self.rank(pos, &list, ply);
        self.path.push(pos.hash());
        for i in 0..list.keys.len() {
            let mv = list.keys[self.next(ply, i)];
            let child = game.play_unchecked(pos, &mv);
            let score = self.child(&child, pos, 0, ply + 1, alpha, beta, false);
            if self.stopped {
                break;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, mv);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        self.path.pop();
        self.lists[ply] = list;
        best
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

    /// The evaluation of an unfinished position for the team to move,
    /// from the thread's cache of evaluations when it holds the position.
    /// (The cache is keyed by the hash, which leaves out the clocks: the
    /// evaluations of the engine's games do not read them.)
    #[inline]
    fn evaluate(&mut self, pos: &Position) -> Score {
        let key = pos.hash() ^ self.s.salt;
        let slot = &mut self.evals[key as usize & (EVAL_CACHE - 1)];
        if slot.0 == key {
            return slot.1;
        }
        let score = self.evaluate_now(pos);
        self.evals[key as usize & (EVAL_CACHE - 1)] = (key, score);
        score
    }

    /// [`Searcher::evaluate`] without the cache.
    fn evaluate_now(&self, pos: &Position) -> Score {
        let mover = pos.to_move();
        let e = if self.s.game.players().len() == 2 {
            self.s.eval.evaluate(self.s.game, pos, mover)
        } else {
            let root = self.s.eval.evaluate(self.s.game, pos, self.root_player);
            if self.same_team(mover, self.root_player) {
                root
            } else {
                -root
            }
        };
        e.clamp(-MAX_EVAL, MAX_EVAL)
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
        if self.s.is_done() || self.s.stop.is_stopped() {
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
