//! Who plays: anything that picks a move given the game so far and its
//! clock. The seed's strategies (random, minimax, alpha-beta) and the
//! engine are both players.

use leap_core::search::{Choice, Evaluator, Strategy};
use leap_core::{Game, History};
use leap_engine::{Clock, Engine, Limits, Stop};

/// A player of `G`.
pub trait Player<G: Game>: Send {
    /// A short name for reports: `random`, `alphabeta-4`, `engine`.
    fn name(&self) -> String;
    /// A new game starts (an engine forgets what it found in the last one).
    fn new_game(&mut self) {}
    /// The move for the current position of `history`, with `clock` the
    /// time left to this player (if the game has a clock).
    fn choose(&mut self, game: &G, history: &History, clock: Option<Clock>) -> Choice;
}

impl<G: Game, P: Player<G> + ?Sized> Player<G> for Box<P> {
    fn name(&self) -> String {
        (**self).name()
    }
    fn new_game(&mut self) {
        (**self).new_game()
    }
    fn choose(&mut self, game: &G, history: &History, clock: Option<Clock>) -> Choice {
        (**self).choose(game, history, clock)
    }
}

/// One of the core's strategies as a player: it sees the current position
/// only, and ignores the clock.
pub struct Strategist<S>(pub S);

impl<G: Game, S: Strategy<G> + Send> Player<G> for Strategist<S> {
    fn name(&self) -> String {
        self.0.name()
    }
    fn choose(&mut self, game: &G, history: &History, _clock: Option<Clock>) -> Choice {
        self.0.choose(game, history.current())
    }
}

/// The engine as a player: it searches within `limits`, and within a share
/// of its clock when the game has one.
pub struct EnginePlayer<G, E> {
    engine: Engine<G, E>,
    limits: Limits,
    name: String,
}

impl<G: Game, E: Evaluator<G>> EnginePlayer<G, E> {
    /// A player that searches with `engine` within `limits`, called `name`.
    pub fn new(engine: Engine<G, E>, limits: Limits, name: impl Into<String>) -> Self {
        EnginePlayer { engine, limits, name: name.into() }
    }
}

impl<G: Game + Send, E: Evaluator<G> + Send> Player<G> for EnginePlayer<G, E> {
    fn name(&self) -> String {
        self.name.clone()
    }
    fn new_game(&mut self) {
        self.engine.new_game();
    }
    fn choose(&mut self, _game: &G, history: &History, clock: Option<Clock>) -> Choice {
        let limits = Limits { clock: clock.or(self.limits.clock), ..self.limits };
        let r = self.engine.search(history.positions(), &limits, &Stop::new(), |_| {});
        Choice { key: r.best, value: r.score, nodes: r.nodes }
    }
}
