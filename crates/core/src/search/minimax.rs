//! Plain minimax to a fixed depth, every node expanded.

use super::{choose_root, Choice, Evaluator, Node, Score, Strategy, Tree};
use crate::game::Game;
use crate::position::Position;

/// Minimax to a fixed depth in plies, without pruning: the reference the
/// other searches are checked against. With more than two players it is
/// *paranoid* (see [`Strategy`]): the root player maximises,
/// every other player minimises.
///
/// A depth of 0 is taken as 1 (a strategy must look at its moves).
#[derive(Clone, Debug)]
pub struct Minimax<E> {
    depth: u32,
    eval: E,
}

impl<E> Minimax<E> {
    /// Minimax to `depth` plies, scoring the positions at the depth limit with `eval`.
    pub fn new(depth: u32, eval: E) -> Self {
        Minimax { depth: depth.max(1), eval }
    }

    /// The depth in plies.
    pub fn depth(&self) -> u32 {
        self.depth
    }
}

impl<G: Game, E: Evaluator<G>> Strategy<G> for Minimax<E> {
    fn name(&self) -> String {
        format!("minimax-{}", self.depth)
    }

    fn choose(&mut self, game: &G, pos: &Position) -> Choice {
        let depth = self.depth;
        let mut tree = Tree::new(game, &self.eval, pos.to_move(), depth);
        choose_root(&mut tree, pos, depth, |t, child, _| minimax(t, child, depth - 1, 1))
    }
}

/// The minimax value of `pos` for the root player, searched `depth` plies deep.
fn minimax<G: Game, E: Evaluator<G>>(t: &mut Tree<'_, G, E>, pos: &Position, depth: u32, ply: u32) -> Score {
    let list = match t.enter(pos, depth, ply) {
        Node::Leaf(v) => return v,
        Node::Inner(list) => list,
    };
    let maximise = pos.to_move() == t.root;
    let mut best = if maximise { Score::MIN } else { Score::MAX };
    for key in &list.keys {
        let child = t.game.play_unchecked(pos, key);
        let v = minimax(t, &child, depth - 1, ply + 1);
        best = if maximise { best.max(v) } else { best.min(v) };
    }
    t.give_back(ply, list);
    best
}
