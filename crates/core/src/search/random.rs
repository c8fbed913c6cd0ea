//! The random player and its generator.

use super::{Choice, Strategy};
use crate::game::Game;
use crate::position::Position;
use crate::walk::KeyList;

/// splitmix64 (Steele, Lea and Flood): a tiny deterministic generator, good
/// enough to pick moves, with no dependency.
///
/// ```
/// use leap_core::SplitMix64;
/// let mut r = SplitMix64::new(0);
/// assert_eq!(r.next_u64(), 0xE220_A839_7B1D_CDAF); // the reference sequence
/// assert!(r.below(7) < 7);
/// ```
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// A generator with this seed.
    pub fn new(seed: u64) -> Self {
        SplitMix64(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`), nearly uniform.
    pub fn below(&mut self, n: usize) -> usize {
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }
}

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
