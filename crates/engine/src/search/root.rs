//! The root of one thread's search: iterative deepening, the aspiration
//! windows, the root moves and the best lines, and what each thread of a
//! search over several threads does ([`Role`]).

use super::Searcher;
use crate::options::Multi;
use crate::score::{decided, is_decisive, Score, INFINITY};
use crate::MAX_DEPTH;
use leap_core::search::Evaluator;
use leap_core::{Game, MoveKey, Position};
use std::sync::atomic::Ordering as Atomic;

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
    /// Which of the iteration's best lines (1 is the best; see [`super::Shared::lines`]).
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

impl<G: Game, E: Evaluator<G>> Searcher<'_, '_, G, E> {
    /// Iterative deepening until the limits or the stop flag end it, from
    /// one ply (two for a contrary helper: see [`Role`]); every completed
    /// iteration goes to `report` (the main thread's only), line by line
    /// when the main thread looks for several best lines ([`super::Shared::lines`]):
    /// the best move first, then the best of the other moves, and so on,
    /// each line searched as the best one is, among the moves not yet given.
    pub(crate) fn iterate(&mut self, mut report: impl FnMut(&Iteration, u64)) -> Option<Iteration> {
        let max_depth = self.s.limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        let first = if self.role.is_contrary() { 2 } else { 1 };
        let mut last: Option<Iteration> = None;
        // The time at which each iteration ended.
        let mut ended_at: Vec<std::time::Duration> = Vec::new();
        for depth in first.min(max_depth)..=max_depth {
            if self.role == Role::Main && depth > 1 && !self.s.time.may_deepen() {
                break;
            }
            // Best-reply search iterates to even depths (after the first):
            // an odd depth ends on the root player's own move, with no
            // reply of either opponent to it, and flatters that move (see
            // docs/engine-measurements.md). A depth asked for is searched.
            if self.s.multi == Multi::BestReply && depth > 1 && depth % 2 == 1 && depth < max_depth {
                continue;
            }
            // Two plies deeper, an iteration of best-reply search costs many
            // times the last: on a clock it starts only if, growing as the
            // last did, it would end before the hard limit, where it would
            // have taken the time up to that limit for nothing (10% of the
            // clock a move in Tri-Camelot).
            if self.role == Role::Main && self.s.multi == Multi::BestReply {
                if let [.., a, b, c] = ended_at[..] {
                    let (latest, before) = ((c - b).as_secs_f64(), (b - a).as_secs_f64().max(1e-6));
                    let growth = (latest / before).clamp(2.0, 30.0);
                    if !self.s.time.may_finish((c - b).mul_f64(growth)) {
                        break;
                    }
                }
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
            if self.role == Role::Main {
                self.s.searched.store(true, std::sync::atomic::Ordering::Relaxed);
                ended_at.push(self.s.time.elapsed());
            }
            if self.stopped || self.s.is_done() || self.s.finished() {
                break;
            }
            let decided = decided(score).is_some_and(|d| d.plies < depth);
            // One legal move, or a result the search can no longer change: no
            // need to look further (within a time or a node limit).
            let limited = self.s.time.is_timed() || self.s.limits.nodes.is_some();
            if self.role == Role::Main && limited && (self.s.forced || decided) {
                break;
            }
            // (Iterations the table answers at once may never reach a check of
            // the node limit inside the search: it is checked here too.)
            if self.role == Role::Main && self.s.limits.nodes.is_some_and(|n| self.total_nodes() >= n) {
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
}
