//! Minimax with alpha-beta pruning: the same value and move, fewer nodes.

use super::{choose_root, Choice, Evaluator, Node, Score, Strategy, Tree, WIN};
use crate::game::Game;
use crate::position::Position;

/// Below every value a search returns.
const NEG_INF: Score = -WIN - 1;
/// Above every value a search returns.
const POS_INF: Score = WIN + 1;

/// Alpha-beta search to a fixed depth in plies (fail-soft, moves in
/// generation order, no other enhancement, so that it is comparable with
/// [`super::Minimax`]): it returns the same value and the same move as
/// minimax at the same depth, visiting a subset of minimax's nodes. With
/// more than two players it is *paranoid* (see [`Strategy`]),
/// where pruning stays exact.
///
/// A depth of 0 is taken as 1.
#[derive(Clone, Debug)]
pub struct AlphaBeta<E> {
    depth: u32,
    eval: E,
}

impl<E> AlphaBeta<E> {
    /// Alpha-beta to `depth` plies, scoring the positions at the depth limit with `eval`.
    pub fn new(depth: u32, eval: E) -> Self {
        AlphaBeta { depth: depth.max(1), eval }
    }

    /// The depth in plies.
    pub fn depth(&self) -> u32 {
        self.depth
    }
}

impl<G: Game, E: Evaluator<G>> Strategy<G> for AlphaBeta<E> {
    fn name(&self) -> String {
        format!("alphabeta-{}", self.depth)
    }

    fn choose(&mut self, game: &G, pos: &Position) -> Choice {
        let depth = self.depth;
        let mut tree = Tree::new(game, &self.eval, pos.to_move(), depth);
        // At the root the window is (best so far, +inf): a later move that
        // only ties the best fails low and is not taken, as in minimax.
        choose_root(&mut tree, pos, depth, |t, child, best| {
            alphabeta(t, child, depth - 1, 1, best.unwrap_or(NEG_INF), POS_INF)
        })
    }
}

/// The value of `pos` for the root player if it lies inside `(alpha, beta)`;
/// otherwise a bound on the wrong side of the window (fail-soft).
fn alphabeta<G: Game, E: Evaluator<G>>(
    t: &mut Tree<'_, G, E>,
    pos: &Position,
    depth: u32,
    ply: u32,
    mut alpha: Score,
    mut beta: Score,
) -> Score {
    let list = match t.enter(pos, depth, ply) {
        Node::Leaf(v) => return v,
        Node::Inner(list) => list,
    };
    let maximise = pos.to_move() == t.root;
    let mut best = if maximise { NEG_INF } else { POS_INF };
    for key in &list.keys {
        let child = t.game.play_unchecked(pos, key);
        let v = alphabeta(t, &child, depth - 1, ply + 1, alpha, beta);
        if maximise {
            best = best.max(v);
            alpha = alpha.max(v);
        } else {
            best = best.min(v);
            beta = beta.min(v);
        }
        if alpha >= beta {
            break;
        }
    }
    t.give_back(ply, list);
    best
}
