//! The horizon of one thread's search: the quiescence search over
//! obligatory captures (or the evaluation alone, without it), and the
//! thread's cache of evaluations.

use super::{ln_moves, Searcher, EVAL_CACHE, QUIESCENCE_WIDTH};
use crate::ordering::MAX_PLY;
use crate::score::{Score, INFINITY, MAX_EVAL};
use leap_core::rules::any_move;
use leap_core::search::Evaluator;
use leap_core::{Game, Position};

impl<G: Game, E: Evaluator<G>> Searcher<'_, '_, G, E> {
    /// The horizon without quiescence: the evaluation, or the end of the
    /// game when the side to move has no move.
    pub(super) fn horizon(&mut self, pos: &Position, ply: usize) -> Score {
        self.count(ply);
        let game = self.s.game;
        if !any_move(game, pos, game.scope(pos)) && !game.passes_when_stuck(pos) {
            return self.outcome_score(&game.no_moves(pos), pos, ply);
        }
        self.evaluate(pos)
    }

    /// The quiescence search: where the side to move must capture, every
    /// capture is searched (no standing pat: the capture is forced);
    /// elsewhere the position is evaluated, and with
    /// [`crate::Features::quiet_captures`] the captures the side may make all the
    /// same are searched against that evaluation (standing pat). The
    /// captures of one line branch at most [`QUIESCENCE_WIDTH`]: past it,
    /// the position is evaluated, obliged capture or not.
    pub(super) fn quiesce(&mut self, pos: &Position, ply: usize, mut alpha: Score, beta: Score) -> Score {
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
            // (Where the evaluation's estimate alone puts the position
            // outside the window, that bound stands for it.)
            let stand = self.evaluate_within(pos, alpha, beta);
            if self.s.features.quiet_captures && stand < beta && ply < MAX_PLY - 1 {
                game.captures_into(pos, scope, &mut list);
            } else {
                list.clear();
            }
            let width = self.q_width[ply] + ln_moves(list.keys.len());
            if list.keys.is_empty() || width > QUIESCENCE_WIDTH {
                self.lists[ply] = list;
                return stand;
            }
            self.q_width[ply + 1] = width;
            best = stand;
            alpha = alpha.max(stand);
        } else {
            game.captures_into(pos, scope, &mut list);
            if list.keys.is_empty() {
                self.lists[ply] = list;
                return self.outcome_score(&game.no_moves(pos), pos, ply);
            }
            let width = self.q_width[ply] + ln_moves(list.keys.len());
            if width > QUIESCENCE_WIDTH {
                self.lists[ply] = list;
                return self.evaluate(pos);
            }
            self.q_width[ply + 1] = width;
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

    /// The evaluation of an unfinished position for the team to move,
    /// from the thread's cache of evaluations when it holds the position.
    /// (The cache is keyed by the hash, which leaves out the clocks: the
    /// evaluations of the engine's games do not read them.)
    #[inline]
    pub(super) fn evaluate(&mut self, pos: &Position) -> Score {
        let (key, cached) = self.cached(pos);
        cached.unwrap_or_else(|| self.evaluate_into_cache(pos, key))
    }

    /// The position's key in the thread's cache of evaluations, and its
    /// evaluation if the cache holds it.
    #[inline]
    fn cached(&self, pos: &Position) -> (u64, Option<Score>) {
        let key = pos.hash() ^ self.s.salt;
        let slot = &self.evals[key as usize & (EVAL_CACHE - 1)];
        (key, (slot.0 == key).then_some(slot.1))
    }

    /// Evaluates the position and keeps the value in the cache under `key`.
    #[inline]
    fn evaluate_into_cache(&mut self, pos: &Position, key: u64) -> Score {
        let score = self.evaluate_now(pos);
        self.evals[key as usize & (EVAL_CACHE - 1)] = (key, score);
        score
    }

    /// The evaluation of `pos` as far as a window from `low` to `high`
    /// needs it: the value, or, where the evaluator's estimate
    /// ([`Evaluator::estimate`]) alone shows that the value is at least
    /// `high` (at most `low`), the least (most) it can be. Compared with
    /// `low` and `high`, the result says what the value would.
    #[inline]
    pub(super) fn evaluate_within(&mut self, pos: &Position, low: Score, high: Score) -> Score {
        let (key, cached) = self.cached(pos);
        if let Some(score) = cached {
            return score;
        }
        if self.s.features.lazy_eval && self.s.game.players().len() == 2 {
            if let Some(e) = self.s.eval.estimate(self.s.game, pos, pos.to_move()) {
                let least = (e.score - e.margin).clamp(-MAX_EVAL, MAX_EVAL);
                let most = (e.score + e.margin).clamp(-MAX_EVAL, MAX_EVAL);
                if least >= high {
                    return least;
                }
                if most <= low {
                    return most;
                }
            }
        }
        self.evaluate_into_cache(pos, key)
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
}
