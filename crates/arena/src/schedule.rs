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

/// Who sits at each seat in game `game` of a match between `entrants`
/// players in a game of `seats` seats: one entrant per seat, every seating
/// (every permutation, in order) in turn, so that each entrant plays each
/// seat as often; with two, the seats swap from one game to the next, as
/// in [`seats`]. `None` unless there are as many entrants as seats.
///
/// ```
/// assert_eq!(leap_arena::seating(0, 2, 2), Some(vec![0, 1]));
/// assert_eq!(leap_arena::seating(1, 2, 2), Some(vec![1, 0]));
/// assert_eq!(leap_arena::seating(1, 3, 3), Some(vec![0, 2, 1]));
/// assert_eq!(leap_arena::seating(6, 3, 3), Some(vec![0, 1, 2]));
/// assert_eq!(leap_arena::seating(0, 2, 3), None);
/// assert_eq!(leap_arena::seating(0, 3, 4), None);
/// ```
pub fn seating(game: u32, entrants: usize, seats: usize) -> Option<Vec<usize>> {
    if entrants != seats || entrants == 0 {
        return None;
    }
    let all = permutations(entrants);
    Some(all[game as usize % all.len()].clone())
}

/// Games in a row that share an opening in a match of `entrants` players,
/// one per seat: every seating of [`seating`] once (a pair, seats swapped,
/// with two; six with three), so that a match of a multiple of this many
/// games gives each entrant each seat equally often.
///
/// ```
/// assert_eq!(leap_arena::seatings(2), 2);
/// assert_eq!(leap_arena::seatings(3), 6);
/// ```
pub fn seatings(entrants: usize) -> usize {
    let k = entrants;
    (0..).take_while(|&g| g == 0 || seating(g, k, k) != seating(0, k, k)).count()
}

/// Every permutation of `0..n`, in lexicographic order.
fn permutations(n: usize) -> Vec<Vec<usize>> {
    if n == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for first in 0..n {
        for rest in permutations(n - 1) {
            let mut p = vec![first];
            p.extend(rest.into_iter().map(|x| if x >= first { x + 1 } else { x }));
            out.push(p);
        }
    }
    out
}
