//! Searches for three or more players besides the paranoid one.
//!
//! - **Max-n** (Luckhardt and Irani, 1986): a node's value is a vector, one
//!   value per player; the player to move picks the move best for itself.
//!   It assumes each opponent plays for itself, not against the root
//!   player; it cannot prune as alpha-beta does, so it searches less deep.
//! - **Best-reply search** (Schadd and Winands, 2011): the root player's
//!   moves alternate with a layer where the opponents are one: all their
//!   moves, each opponent moving from the position as it is, and the one
//!   best against the root player is the reply (the other opponents pass).
//!   The tree is a two-sided game again, so alpha-beta prunes it, and the
//!   root player moves more often within a depth than in the real turn
//!   order; the positions it passes through can skip turns, which the
//!   rules would not allow. It has the transposition table (under keys of
//!   its own), null windows and move ordering of the two-player search,
//!   and iterates to even depths after the first (`root.rs`).
//!
//! Both play out obligatory captures at the horizon as the paranoid search
//! does (for best-reply search, the root player's; at the opponents' layer
//! the position is evaluated).

use super::{ln_moves, Searcher};
use crate::ordering::MAX_PLY;
use crate::score::{decided, win_in, Score, INFINITY, MAX_EVAL};
use leap_core::rules::any_move;
use leap_core::search::Evaluator;
use leap_core::{Game, GameResult, MoveKey, Outcome, Player, Position, MAX_PLAYERS};

/// How far max-n's obliged captures past the horizon may branch: the
/// natural logarithm of the product of their numbers along a line, as
/// [`super::QUIESCENCE_WIDTH`] for the quiescence search. About 8 100
/// lines: max-n prunes none of them, where alpha-beta's quiescence search
/// searches about the square root of its lines.
const MAX_N_WIDTH: f64 = 9.0;

/// Mixed into the table keys of best-reply search, whose scores are the
/// root player's (the other searches' are the side to move's).
const BEST_REPLY_SALT: u64 = 0x5BD1_E995_C2B2_AE35;

/// A value per player (turn-order index).
pub(super) type Values = [Score; MAX_PLAYERS];

impl<G: Game, E: Evaluator<G>> Searcher<'_, '_, G, E> {
    /// The max-n value of `pos`, `depth` plies deep.
    pub(super) fn maxn(&mut self, pos: &Position, depth: i32, ply: usize) -> Values {
        self.pv_len[ply] = ply;
        if self.poll() {
            return [0; MAX_PLAYERS];
        }
        self.count(ply);
        let game = self.s.game;
        if let Some(o) = game.decided(pos) {
            return self.outcome_values(&o, ply);
        }
        if self.s.features.repetitions && self.is_repetition(pos) {
            return [0; MAX_PLAYERS];
        }
        let scope = game.scope(pos);
        let forced = scope.captures_only && self.s.features.quiescence;
        if (depth <= 0 && !forced) || ply >= MAX_PLY - 1 {
            if !any_move(game, pos, scope) && !game.passes_when_stuck(pos) {
                return self.outcome_values(&game.no_moves(pos), ply);
            }
            return self.values(pos);
        }
        let mut list = std::mem::take(&mut self.lists[ply]);
        game.legal_moves_unordered_into(pos, &mut list);
        if list.keys.is_empty() {
            self.lists[ply] = list;
            return self.outcome_values(&game.no_moves(pos), ply);
        }
        // Past the horizon, the obliged captures branch at most
        // `MAX_N_WIDTH` (see `QUIESCENCE_WIDTH`): max-n prunes nothing.
        self.q_width[ply + 1] = if depth > 0 { 0.0 } else { self.q_width[ply] + ln_moves(list.keys.len()) };
        if self.q_width[ply + 1] > MAX_N_WIDTH {
            self.lists[ply] = list;
            return self.values(pos);
        }
        self.rank(pos, &list, ply);
        let me = pos.to_move().index();
        let mut best: Option<Values> = None;
        self.path.push(pos.hash());
        for i in 0..list.keys.len() {
            let mv = list.keys[self.next(ply, i)];
            let child = game.play_unchecked(pos, &mv);
            let v = self.maxn(&child, depth - 1, ply + 1);
            if self.stopped {
                break;
            }
            if best.is_none_or(|b| v[me] > b[me]) {
                best = Some(v);
                self.update_pv(ply, mv);
            }
        }
        self.path.pop();
        self.lists[ply] = list;
        best.unwrap_or([0; MAX_PLAYERS])
    }

    /// Each player's value of a finished game, `ply` plies below the root.
    fn outcome_values(&self, o: &Outcome, ply: usize) -> Values {
        let mut v = [0; MAX_PLAYERS];
        if let GameResult::Win(w) = o.result {
            for (p, value) in v.iter_mut().enumerate().take(self.s.game.players().len()) {
                *value = if p == w.index() { win_in(ply) } else { -win_in(ply) };
            }
        }
        v
    }

    /// Each player's evaluation of an unfinished position.
    fn values(&self, pos: &Position) -> Values {
        let mut v = [0; MAX_PLAYERS];
        for (p, value) in v.iter_mut().enumerate().take(self.s.game.players().len()) {
            *value = self.s.eval.evaluate(self.s.game, pos, Player(p as u8)).clamp(-MAX_EVAL, MAX_EVAL);
        }
        v
    }

    /// The best-reply value of `pos` for the root player, `depth` plies
    /// deep: the root player's nodes maximise, the opponents' layer (every
    /// opponent's moves) minimises. A principal-variation search (`pv`: the
    /// window is open) with the transposition table and the move ordering
    /// of the two-player search; the table keeps root-player values under
    /// keys of their own ([`BEST_REPLY_SALT`]).
    pub(super) fn best_reply(
        &mut self,
        pos: &Position,
        depth: i32,
        ply: usize,
        mut alpha: Score,
        mut beta: Score,
    ) -> Score {
        self.pv_len[ply] = ply;
        if self.poll() {
            return 0;
        }
        self.count(ply);
        let game = self.s.game;
        let root = self.root_player;
        if let Some(o) = game.decided(pos) {
            return match o.result {
                GameResult::Draw => -self.s.contempt,
                GameResult::Win(p) if p == root => win_in(ply),
                GameResult::Win(_) => -win_in(ply),
            };
        }
        if self.s.features.repetitions && self.is_repetition(pos) {
            return -self.s.contempt;
        }
        let max = pos.to_move() == root;
        let forced = max && self.s.features.quiescence && game.scope(pos).captures_only;
        if (depth <= 0 && !forced) || ply >= MAX_PLY - 1 {
            return self.s.eval.evaluate(game, pos, root).clamp(-MAX_EVAL, MAX_EVAL);
        }
        let pv = beta - alpha > 1;
        let key = self.key(pos) ^ BEST_REPLY_SALT;
        let entry = self.s.table.probe(key);
        if let Some(score) = self.table_cut(entry, depth, ply, alpha, beta, pv) {
            return score;
        }
        let hash_move = entry.and_then(|e| e.best);
        // The moves of the layer: the root player's, or every opponent's
        // (each from the position with that opponent to move), by their
        // mover, the table's move first.
        let mut moves = std::mem::take(&mut self.replies[ply]);
        moves.clear();
        let mut list = std::mem::take(&mut self.lists[ply]);
        for mover in (0..game.players().len() as u8).map(Player) {
            if (mover == root) != max || pos.pieces_of(mover).is_empty() {
                continue;
            }
            let mut from = *pos;
            from.set_to_move(mover);
            game.legal_moves_unordered_into(&from, &mut list);
            for key in list.keys.iter().filter(|k| !k.is_pass()) {
                let order =
                    if hash_move.is_some_and(|h| h.is(key)) { i32::MAX } else { self.ordering.score(&from, key, ply) };
                moves.push((mover, *key, order));
            }
        }
        self.lists[ply] = list;
        if moves.is_empty() {
            self.replies[ply] = moves;
            // The root player stuck: the rules' verdict; the opponents all stuck: the root player moves on.
            if max {
                return match game.no_moves(pos).result {
                    GameResult::Win(p) if p == root => win_in(ply),
                    GameResult::Draw => -self.s.contempt,
                    _ if game.passes_when_stuck(pos) => {
                        self.s.eval.evaluate(game, pos, root).clamp(-MAX_EVAL, MAX_EVAL)
                    }
                    _ => -win_in(ply),
                };
            }
            let mut back = *pos;
            back.set_to_move(root);
            return self.best_reply(&back, depth - 1, ply + 1, alpha, beta);
        }
        moves.sort_unstable_by_key(|m| std::cmp::Reverse(m.2));
        let (alpha0, beta0) = (alpha, beta);
        let (mut best, mut best_move) = (if max { -INFINITY } else { INFINITY }, None);
        self.path.push(pos.hash());
        for (i, &(mover, mv, _)) in moves.iter().enumerate() {
            let mut from = *pos;
            from.set_to_move(mover);
            let mut child = game.play_unchecked(&from, &mv);
            // After an opponent's reply, the root player moves again (if it is still in the game).
            if !max && !child.pieces_of(root).is_empty() && game.decided(&child).is_none() {
                child.set_to_move(root);
            }
            let v = if i == 0 {
                self.best_reply(&child, depth - 1, ply + 1, alpha, beta)
            } else {
                // A null window at the bound the layer must beat, and the
                // whole window again if the move beats it.
                let (a, b) = if max { (alpha, alpha + 1) } else { (beta - 1, beta) };
                let v = self.best_reply(&child, depth - 1, ply + 1, a, b);
                if pv && v > alpha && v < beta {
                    self.best_reply(&child, depth - 1, ply + 1, alpha, beta)
                } else {
                    v
                }
            };
            if self.stopped {
                break;
            }
            if (max && v > best) || (!max && v < best) {
                best = v;
                best_move = Some(mv);
                self.update_pv(ply, mv);
            }
            if max {
                alpha = alpha.max(v);
            } else {
                beta = beta.min(v);
            }
            if alpha >= beta {
                let tried = moves[..i].iter().filter(|m| m.0 == mover).map(|m| &m.1);
                self.ordering.cut_off(mover, &mv, tried, ply, depth);
                break;
            }
        }
        self.path.pop();
        self.replies[ply] = moves;
        if self.stopped {
            return 0;
        }
        self.store(key, best, best_move, (alpha0, beta0), depth, ply);
        best
    }
}

/// A best-reply score in the game's plies: the distance of a won or lost
/// game counts every player's turn, as the paranoid and max-n searches'
/// scores do, not the search's layers (the root player's moves, each
/// answered by one opponent's reply). A line of `p` layers ends on the
/// root player's move when `p` is odd, on an opponent's reply when it is
/// even; between two of the root player's moves each other player still in
/// the game has a turn, and the last reply comes at its mover's turn (found
/// by playing `pv` from `root` as the search does; where the line is cut
/// short, the last turn before the root player's).
pub(crate) fn best_reply_plies<G: Game>(game: &G, root: &Position, score: Score, pv: &[MoveKey]) -> Score {
    let Some(d) = decided(score) else { return score };
    let p = d.plies as usize;
    let me = root.to_move();
    let n = game.players().len();
    // The players still in the game, in turn order from the root player's.
    let live: Vec<Player> =
        (0..n).map(|i| Player(((me.index() + i) % n) as u8)).filter(|&q| !root.pieces_of(q).is_empty()).collect();
    let round = live.len().max(1);
    let plies = if p == 0 {
        0
    } else if p % 2 == 1 {
        (p - 1) / 2 * round + 1
    } else {
        // The mover of the last reply, by playing the line as the search did.
        let mut pos = *root;
        let mut last = None;
        for (i, key) in pv.iter().take(p).enumerate() {
            let mover = if i % 2 == 0 { me } else { pos.piece_at(key.from).map_or(me, |piece| piece.player) };
            let mut from = pos;
            from.set_to_move(mover);
            pos = game.play_unchecked(&from, key);
            if i % 2 == 1 {
                last = Some(mover);
                pos.set_to_move(me);
            }
        }
        let turn = match last.filter(|_| pv.len() >= p) {
            Some(q) => live.iter().position(|&l| l == q).unwrap_or(round - 1),
            None => round - 1,
        };
        (p / 2 - 1) * round + 1 + turn.max(1)
    };
    if d.win {
        win_in(plies)
    } else {
        -win_in(plies)
    }
}
