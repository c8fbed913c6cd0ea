//! The random player.

use super::{Choice, Strategy};
use crate::game::Game;
use crate::position::Position;
use crate::rng::SplitMix64;
use crate::rules::KeyList;

/// Plays a uniformly random legal move, from a seeded generator: the same
/// seed gives the same moves. It looks at nothing but the root (1 node).
#[derive(Clone, Debug)]
pub struct Random {
    rng: SplitMix64,
    list: KeyList,
}

impl Random {
    /// A random player with this seed.
    pub fn new(seed: u64) -> Self {
        Random { rng: SplitMix64::new(seed), list: KeyList::new() }
    }
}

impl<G: Game> Strategy<G> for Random {
    fn name(&self) -> String {
        "random".into()
    }

    fn choose(&mut self, game: &G, pos: &Position) -> Choice {
        game.legal_moves_into(pos, &mut self.list);
        let key = (!self.list.keys.is_empty()).then(|| self.list.keys[self.rng.below(self.list.keys.len())]);
        Choice { key, value: 0, nodes: 1 }
    }
}
