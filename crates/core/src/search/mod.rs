//! Game-independent players: [`Random`], [`Minimax`] and [`AlphaBeta`],
//! behind one trait, [`Strategy`] (whose documentation describes them).

mod alphabeta;
mod eval;
mod minimax;
mod random;

pub use alphabeta::AlphaBeta;
pub use eval::{Estimate, EvalFn, Evaluator, Material, Weights};
pub use minimax::Minimax;
pub use random::Random;

use crate::game::Game;
use crate::moves::MoveKey;
use crate::outcome::{GameResult, Outcome};
use crate::position::{Player, Position};
use crate::rules::{any_move, KeyList};

/// A position's value for a player (see [`Strategy`]).
pub type Score = i32;

/// The value of a win at the root; a win `n` plies away is worth `WIN - n`.
pub const WIN: Score = 1_000_000;

/// The largest value an evaluation may give; evaluations are clamped to
/// `-MAX_EVAL..=MAX_EVAL`, far from any win or loss.
pub const MAX_EVAL: Score = WIN / 2;

/// What a strategy chose, with what it knows of the position.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Choice {
    /// The chosen move; `None` when the game is over (no legal move).
    pub key: Option<MoveKey>,
    /// The value of the position for the player to move, as the strategy
    /// found it (0 for [`Random`], which does not look).
    pub value: Score,
    /// Positions visited to choose, counting the root.
    pub nodes: u64,
}

/// A player: picks a move in a position. The players of the core,
/// [`Random`], [`Minimax`] and [`AlphaBeta`], are game-independent and
/// usable for every game of the family.
///
/// # Values
///
/// A search scores positions from the point of view of the player to move at
/// its root (the *root player*), in [`Score`] units (a Man or a checkers
/// man is worth 100 in the evaluations of this workspace):
///
/// - a finished game scores [`WIN`] minus its distance from the root in
///   plies when the root player won, the negation of that when another
///   player won, and 0 for a draw, so that a faster win and a slower loss
///   are preferred ([`outcome_score`]);
/// - an unfinished position at the depth limit scores what the
///   [`Evaluator`] says, clamped to ±[`MAX_EVAL`] so that it never looks
///   like a win.
///
/// # More than two players: paranoid search
///
/// [`Minimax`] and [`AlphaBeta`] use the *paranoid* rule for any number of
/// players: the root player maximises its value and every other player
/// minimises it, as if all the others had allied against it. With two
/// players this is ordinary minimax; with three or more it is a sound
/// two-sided game tree, so alpha-beta pruning is exact: [`AlphaBeta`]
/// returns the same value as [`Minimax`] at the same depth, and the same
/// move (see below). The player to move always comes from
/// [`Position::to_move`], so a game that passes turns in order (1, 2, 3,
/// 1, ...) needs nothing special.
///
/// # Determinism
///
/// Both searches try the moves in the order of [`Game::legal_moves`] and
/// keep the *first* best move at the root (a later move must be strictly
/// better to replace it). Alpha-beta visits a subtree of the minimax tree
/// in the same order, so it returns the same value, the same move, and
/// never more nodes. [`Random`] is seeded and draws from its own small
/// generator ([`SplitMix64`](crate::SplitMix64)), so a game between strategies is
/// reproducible.
///
/// # History
///
/// A search sees positions, not games: like [`perft`](crate::perft) it knows no
/// repetition inside its tree (a [`crate::History`] does, and so does
/// `camelot compare`, which ends games by repetition). The game's own end
/// conditions, move clocks included, apply at every node.
///
/// # Nodes
///
/// Every strategy reports the positions it visited in [`Choice::nodes`],
/// counting the root. A position counts once per visit; finished positions
/// are not expanded, as in [`perft`](crate::perft::perft), so unpruned minimax to depth
/// `d` visits exactly `perft(0) + perft(1) + ... + perft(d)` positions
/// (counted as distinct resulting positions, [`Count::Positions`](crate::perft::Count::Positions)).
///
/// ```
/// # use leap_core::{Game, search::*};
/// # fn demo<G: Game>(game: &G) {
/// let mut minimax = Minimax::new(2, Material::default());
/// let mut alphabeta = AlphaBeta::new(2, Material::default());
/// let start = game.start();
/// let (m, a) = (minimax.choose(game, &start), alphabeta.choose(game, &start));
/// assert_eq!((m.key, m.value), (a.key, a.value));
/// assert!(a.nodes <= m.nodes);
/// # }
/// ```
///
/// Strategies are interchangeable:
///
/// ```
/// # use leap_core::{Game, search::*};
/// # fn demo<G: Game>(game: &G) {
/// let mut players: Vec<Box<dyn Strategy<G>>> =
///     vec![Box::new(Random::new(7)), Box::new(AlphaBeta::new(3, Material::default()))];
/// let mut pos = game.start();
/// for ply in 0..10 {
///     let Some(key) = players[ply % 2].choose(game, &pos).key else { break };
///     pos = game.play_unchecked(&pos, &key);
/// }
/// # }
/// ```
pub trait Strategy<G: Game> {
    /// A short name for reports: `random`, `minimax-3`, `alphabeta-3`.
    fn name(&self) -> String;
    /// Picks a move for the player to move in `pos`.
    fn choose(&mut self, game: &G, pos: &Position) -> Choice;
}

impl<G: Game, S: Strategy<G> + ?Sized> Strategy<G> for Box<S> {
    fn name(&self) -> String {
        (**self).name()
    }
    fn choose(&mut self, game: &G, pos: &Position) -> Choice {
        (**self).choose(game, pos)
    }
}

/// The value of a finished game for `root`, reached `ply` plies below the
/// root: [`WIN`]` - ply` for a win of `root`, its negation for a win of any
/// other player, 0 for a draw.
///
/// ```
/// use leap_core::{EndReason, GameResult, Outcome, Player, search::{outcome_score, WIN}};
/// let won = Outcome { result: GameResult::Win(Player(1)), reason: EndReason::NoMoves };
/// assert_eq!(outcome_score(&won, Player(1), 3), WIN - 3);
/// assert_eq!(outcome_score(&won, Player(0), 3), -(WIN - 3));
/// ```
pub fn outcome_score(outcome: &Outcome, root: Player, ply: u32) -> Score {
    match outcome.result {
        GameResult::Draw => 0,
        GameResult::Win(p) if p == root => WIN - ply as Score,
        GameResult::Win(_) => -(WIN - ply as Score),
    }
}

/// Whether a value is a won or lost finished game rather than an evaluation.
pub fn is_decisive(score: Score) -> bool {
    score.abs() > MAX_EVAL
}

/// What the searches share: the game, the evaluator, the root player, one
/// reusable move list per ply and the node count.
struct Tree<'a, G: Game, E: Evaluator<G>> {
    game: &'a G,
    eval: &'a E,
    root: Player,
    lists: Vec<KeyList>,
    nodes: u64,
}

/// A node after its terminal test: either its value, or its moves.
enum Node {
    /// The game is over here, or the depth limit is reached: its value.
    Leaf(Score),
    /// The moves to search, in a list taken from [`Tree::lists`] (give it back).
    Inner(KeyList),
}

impl<'a, G: Game, E: Evaluator<G>> Tree<'a, G, E> {
    fn new(game: &'a G, eval: &'a E, root: Player, depth: u32) -> Self {
        Tree { game, eval, root, lists: (0..=depth).map(|_| KeyList::new()).collect(), nodes: 0 }
    }

    /// Counts the node, scores it if it is finished or at the depth limit,
    /// and otherwise lists its moves.
    #[inline]
    fn enter(&mut self, pos: &Position, depth: u32, ply: u32) -> Node {
        self.nodes += 1;
        if let Some(o) = self.game.decided(pos) {
            return Node::Leaf(outcome_score(&o, self.root, ply));
        }
        // At the depth limit only the existence of a move matters: look for
        // one quickly, and list the moves only when none turns up (a game
        // may let a stuck player pass).
        if depth == 0 && any_move(self.game, pos, self.game.scope(pos)) {
            return Node::Leaf(self.evaluate(pos));
        }
        let mut list = std::mem::take(&mut self.lists[ply as usize]);
        self.game.legal_moves_into(pos, &mut list);
        let empty = list.keys.is_empty();
        if empty || depth == 0 {
            self.lists[ply as usize] = list;
            return Node::Leaf(if empty {
                outcome_score(&self.game.no_moves(pos), self.root, ply)
            } else {
                self.evaluate(pos)
            });
        }
        Node::Inner(list)
    }

    /// The evaluation of an unfinished position, clamped.
    #[inline]
    fn evaluate(&self, pos: &Position) -> Score {
        self.eval.evaluate(self.game, pos, self.root).clamp(-MAX_EVAL, MAX_EVAL)
    }

    /// Gives a move list back for reuse at its ply.
    #[inline]
    fn give_back(&mut self, ply: u32, list: KeyList) {
        self.lists[ply as usize] = list;
    }
}

/// The choice of a searching strategy at the root: the first move of the
/// best value, tried in move-generation order. `search` values a child
/// given the best value so far (`None` before the first move).
fn choose_root<G: Game, E: Evaluator<G>>(
    tree: &mut Tree<'_, G, E>,
    pos: &Position,
    depth: u32,
    mut search: impl FnMut(&mut Tree<'_, G, E>, &Position, Option<Score>) -> Score,
) -> Choice {
    let depth = depth.max(1);
    let list = match tree.enter(pos, depth, 0) {
        Node::Leaf(value) => return Choice { key: None, value, nodes: tree.nodes },
        Node::Inner(list) => list,
    };
    let mut best: Option<(MoveKey, Score)> = None;
    for key in &list.keys {
        let child = tree.game.play_unchecked(pos, key);
        let v = search(tree, &child, best.map(|b| b.1));
        if best.is_none_or(|b| v > b.1) {
            best = Some((*key, v));
        }
    }
    tree.give_back(0, list);
    let (key, value) = best.expect("an inner node has moves");
    Choice { key: Some(key), value, nodes: tree.nodes }
}
