//! Who plays whom, and with which seeds: every random choice of a match
//! comes from its seed, so that the same options give the same games
//! whatever the number of threads.

use leap_core::SplitMix64;

/// A seed made from several numbers (a match's seed, a pairing, a game
/// index, a role): the same numbers always give the same seed, and any
/// change gives another.
///
/// ```
/// use leap_arena::mix;
/// assert_eq!(mix(&[1, 2, 3]), mix(&[1, 2, 3]));
/// assert_ne!(mix(&[1, 2, 3]), mix(&[1, 3, 2]));
/// ```
pub fn mix(parts: &[u64]) -> u64 {
    let mut r = SplitMix64::new(0x5EED);
    let mut x = 0;
    for p in parts {
        r = SplitMix64::new(r.next_u64() ^ p);
        x = r.next_u64();
    }
    x
}

/// Every pair of `n` entrants once, `[a, b]` with `a < b`, in order.
///
/// ```
/// assert_eq!(leap_arena::round_robin(3), [[0, 1], [0, 2], [1, 2]]);
/// ```
pub fn round_robin(n: usize) -> Vec<[usize; 2]> {
    (0..n).flat_map(|a| (a + 1..n).map(move |b| [a, b])).collect()
}

/// The seats of a game of a pair: in the first game of each pair the
/// first-named player moves first, in the second the other. For `players`
/// seats, returns which of the two (0: first-named) sits at each seat in
/// turn order: with two players the seats alternate, with more, the
/// first-named takes the even seats in the first game and the odd ones in
/// the second.
///
/// ```
/// assert_eq!(leap_arena::seats(0, 2), [0, 1]);
/// assert_eq!(leap_arena::seats(1, 2), [1, 0]);
/// assert_eq!(leap_arena::seats(1, 3), [1, 0, 1]);
/// ```
pub fn seats(game: u32, players: usize) -> Vec<usize> {
    let first_moves_first = game.is_multiple_of(2);
    (0..players).map(|s| if s.is_multiple_of(2) == first_moves_first { 0 } else { 1 }).collect()
}
