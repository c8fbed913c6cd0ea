//! Perft: counting the move tree to a fixed depth, to check and time move
//! generation. Moves are counted as distinct resulting positions (the
//! family's rule), or, with [`Count::Paths`], as distinct simple paths.

use crate::bitset::Bitset;
use crate::board::Cell;
use crate::game::{moves_into, paths_into, walk_turn, Game};
use crate::moves::{Leg, MoveKey};
use crate::position::{CopyPlan, Position};
use crate::rules::{CaptureIndex, Distinct, KeyList, PathMode, Sink};
use rayon::prelude::*;

/// What perft counts as one move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Count {
    /// Distinct resulting positions.
    Positions,
    /// Distinct simple paths (see [`PathMode::Simple`]).
    Paths,
}

/// The moves of `pos`, one entry per counted move.
fn children<G: Game>(game: &G, pos: &Position, count: Count, list: &mut KeyList) -> Vec<MoveKey> {
    match count {
        Count::Positions => {
            game.legal_moves_into(pos, list);
            list.keys.clone()
        }
        Count::Paths => {
            let mut keys = Vec::new();
            paths_into(game, pos, &mut AllPaths(&mut keys));
            keys
        }
    }
}

/// Keeps the move of every path.
struct AllPaths<'a>(&'a mut Vec<MoveKey>);

impl Sink for AllPaths<'_> {
    const LEGS: bool = false;
    const ORDERED: bool = false;
    fn emit(&mut self, from: Cell, to: Cell, _legs: &[Leg], captured: Bitset) {
        self.0.push(MoveKey { from, to, captured });
    }
}

/// Counts paths.
struct PathCount(u64);

impl Sink for PathCount {
    const LEGS: bool = false;
    const COUNTS: bool = true;
    #[inline]
    fn emit(&mut self, _from: Cell, _to: Cell, _legs: &[Leg], _captured: Bitset) {
        self.0 += 1;
    }
    #[inline]
    fn add_steps(&mut self, n: u64) {
        self.0 += n;
    }
}

/// The number of distinct legal moves of `pos`, counted without listing them.
pub fn count_moves<G: Game>(game: &G, pos: &Position) -> u64 {
    count_moves_with(game, pos, &mut KeyList::new())
}

/// [`count_moves`] keeping the captures it has seen in `captures` (cleared
/// first), so that a caller counting many positions allocates once.
fn count_moves_with<G: Game>(game: &G, pos: &Position, captures: &mut KeyList) -> u64 {
    if game.decided(pos).is_some() {
        return 0;
    }
    captures.keys.clear();
    captures.captures.clear();
    let mut counter =
        Counter { seen: Distinct::default(), done: 0, captures: &mut captures.keys, index: &mut captures.captures };
    walk_turn(game, pos, PathMode::Distinct, &mut counter);
    match counter.total() {
        0 if game.passes_when_stuck(pos) => 1,
        n => n,
    }
}

/// Counts distinct moves: the quiet ones of each piece as a set of ends,
/// the captures in a short list (see [`Distinct`]).
struct Counter<'a> {
    seen: Distinct,
    done: u64,
    captures: &'a mut Vec<MoveKey>,
    index: &'a mut CaptureIndex,
}

impl Counter<'_> {
    #[inline]
    fn total(&self) -> u64 {
        self.done + self.seen.pending() as u64 + self.captures.len() as u64
    }
}

impl Sink for Counter<'_> {
    const LEGS: bool = false;
    const COUNTS: bool = true;
    #[inline]
    fn add_steps(&mut self, n: u64) {
        self.done += n;
    }
    #[inline(always)]
    fn emit(&mut self, from: Cell, to: Cell, _legs: &[Leg], captured: Bitset) {
        if captured.is_empty() {
            self.done += self.seen.add_quiet(from, to) as u64;
        } else {
            let key = MoveKey { from, to, captured };
            if self.index.new_capture(self.captures, &key) {
                self.captures.push(key);
            }
        }
    }
}

/// The number of leaf nodes of the move tree of `pos` to `depth`, on this thread.
///
/// ```
/// # use leap_core::{Game, perft::{perft, Count}};
/// # fn demo<G: Game>(game: &G) {
/// let nodes = perft(game, &game.start(), 2, Count::Positions);
/// # let _ = nodes; }
/// ```
pub fn perft<G: Game>(game: &G, pos: &Position, depth: u32, count: Count) -> u64 {
    let mut stack: Vec<Ply> = (0..depth.max(1)).map(|_| Ply { list: KeyList::new(), child: *pos }).collect();
    let plan =
        CopyPlan { low_only: game.board().fits_word(), players: game.players().len(), kinds: game.kinds().len() };
    perft_with(game, pos, depth, count, plan, &mut stack)
}

/// What perft keeps for each ply below the root: the moves of the position
/// there and the room for the position after each of them.
struct Ply {
    list: KeyList,
    child: Position,
}

fn perft_with<G: Game>(game: &G, pos: &Position, depth: u32, count: Count, plan: CopyPlan, stack: &mut [Ply]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (ply, rest) = stack.split_first_mut().expect("a list per ply");
    let list = &mut ply.list;
    if count == Count::Positions {
        if depth == 1 {
            return count_moves_with(game, pos, list);
        }
        // (The order of the children does not change the count.)
        moves_into::<G, false>(game, pos, list);
    } else {
        if depth == 1 {
            let mut paths = PathCount(0);
            paths_into(game, pos, &mut paths);
            return paths.0;
        }
        list.keys.clear();
        paths_into(game, pos, &mut AllPaths(&mut list.keys));
    }
    let mut total = 0;
    // (The slot holds positions of this game only, as `copy_from` needs.)
    let child = &mut ply.child;
    if depth == 2 && count == Count::Positions {
        // Most of the tree is the last ply: its counts are taken here, without a call per child.
        let captures = &mut rest[0].list;
        for key in &list.keys {
            child.copy_from(pos, plan);
            game.play_unchecked_in_place(child, key);
            total += count_moves_with(game, child, captures);
        }
    } else {
        for key in &list.keys {
            child.copy_from(pos, plan);
            game.play_unchecked_in_place(child, key);
            total += perft_with(game, child, depth - 1, count, plan, rest);
        }
    }
    total
}

/// Perft split at the root: each root move with the leaf count below it,
/// computed in parallel on the current rayon pool.
pub fn divide<G: Game>(game: &G, pos: &Position, depth: u32, count: Count) -> Vec<(MoveKey, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let keys = children(game, pos, count, &mut KeyList::new());
    keys.par_iter().map(|k| (*k, perft(game, &game.play_unchecked(pos, k), depth - 1, count))).collect()
}

/// [`perft`] using every thread of the current rayon pool (split at the root, or
/// one ply below when the root has few moves).
pub fn perft_parallel<G: Game>(game: &G, pos: &Position, depth: u32, count: Count) -> u64 {
    if depth <= 2 {
        return perft(game, pos, depth, count);
    }
    let roots = children(game, pos, count, &mut KeyList::new());
    let mut tasks: Vec<Position> = Vec::new();
    for k in &roots {
        let child = game.play_unchecked(pos, k);
        let grand = children(game, &child, count, &mut KeyList::new());
        tasks.extend(grand.iter().map(|g| game.play_unchecked(&child, g)));
    }
    tasks.par_iter().map(|p| perft(game, p, depth - 2, count)).sum()
}
