//! splitmix64 (Steele, Lea and Flood): the one small deterministic
//! generator of the workspace, for the Zobrist keys, the random player and
//! every seeded choice of the tests and tools.

/// One step of splitmix64 from `state`: the next state and the number it
/// gives (usable in constants: the Zobrist keys are made with it).
pub(crate) const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

/// A seeded splitmix64 generator: tiny, fast, with no dependency, good
/// enough to pick moves and to make test cases; the same seed gives the same
/// numbers on every machine.
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
        let (state, value) = splitmix(self.0);
        self.0 = state;
        value
    }

    /// A number in `0..n` (`n > 0`), nearly uniform.
    pub fn below(&mut self, n: usize) -> usize {
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reference_sequence() {
        // The first outputs of the reference C code seeded with 0.
        let mut r = SplitMix64::new(0);
        assert_eq!(r.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(r.next_u64(), 0x6E78_9E6A_A1B9_65F4);
        assert_eq!(r.next_u64(), 0x06C4_5D18_8009_454F);
    }

    #[test]
    fn numbers_below_a_bound_are_about_even() {
        let mut r = SplitMix64::new(0);
        let mut counts = [0u32; 7];
        for _ in 0..7000 {
            counts[r.below(7)] += 1;
        }
        assert!(counts.iter().all(|&c| (800..1200).contains(&c)), "{counts:?}");
    }
}
