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
/// The tree is walked without recursion, keeping the moves of each
/// position on the path being counted: memory grows with the depth the
/// tree reaches (a few hundred bytes a ply), not with `depth` itself, and
/// a game that can go on for ever (a variant with `move_limit = 0`) is
/// counted as deep as asked without exhausting the stack.
///
/// ```
/// # use leap_core::{Game, perft::{perft, Count}};
/// # fn demo<G: Game>(game: &G) {
/// let nodes = perft(game, &game.start(), 2, Count::Positions);
/// # let _ = nodes; }
/// ```
pub fn perft<G: Game>(game: &G, pos: &Position, depth: u32, count: Count) -> u64 {
    let plan =
        CopyPlan { low_only: game.board().fits_word(), players: game.players().len(), kinds: game.kinds().len() };
    match depth {
        0 => 1,
        1 => last_ply(game, pos, count, &mut KeyList::new()),
        _ => perft_deep(game, pos, depth, count, plan),
    }
}

/// The count of the moves of `pos`: perft at depth 1. `scratch` keeps the
/// captures seen, so that a caller counting many positions allocates once.
#[inline]
fn last_ply<G: Game>(game: &G, pos: &Position, count: Count, scratch: &mut KeyList) -> u64 {
    match count {
        Count::Positions => count_moves_with(game, pos, scratch),
        Count::Paths => {
            let mut paths = PathCount(0);
            paths_into(game, pos, &mut paths);
            paths.0
        }
    }
}

/// One position on the path from the root to the position being counted:
/// its moves and the next of them to follow.
struct Frame {
    pos: Position,
    list: KeyList,
    next: usize,
}

impl Frame {
    /// Lists the moves of the frame's position (one per counted move) and
    /// starts at the first.
    fn expand<G: Game>(&mut self, game: &G, count: Count) {
        match count {
            // (The order of the children does not change the count.)
            Count::Positions => moves_into::<G, false>(game, &self.pos, &mut self.list),
            Count::Paths => {
                self.list.keys.clear();
                paths_into(game, &self.pos, &mut AllPaths(&mut self.list.keys));
            }
        }
        self.next = 0;
    }
}

/// Perft at `depth` of at least 2, depth first with a stack of frames of
/// its own (`frames[level]` is the position `level` plies below the root).
fn perft_deep<G: Game>(game: &G, root: &Position, depth: u32, count: Count, plan: CopyPlan) -> u64 {
    debug_assert!(depth >= 2);
    let mut frames = vec![Frame { pos: *root, list: KeyList::new(), next: 0 }];
    frames[0].expand(game, count);
    // The room for the position after each move of the ply before last, and
    // the captures seen when counting the last ply.
    let mut child = *root;
    let mut scratch = KeyList::new();
    let mut total = 0;
    let mut level = 0usize;
    loop {
        let below = depth - level as u32;
        if below == 2 {
            // Most of the tree is the last ply: its counts are taken here, without a frame per child.
            // (`child` holds positions of this game only, as `copy_from` needs.)
            let frame = &frames[level];
            match count {
                Count::Positions => {
                    for key in &frame.list.keys {
                        child.copy_from(&frame.pos, plan);
                        game.play_unchecked_in_place(&mut child, key);
                        total += count_moves_with(game, &child, &mut scratch);
                    }
                }
                Count::Paths => {
                    for key in &frame.list.keys {
                        child.copy_from(&frame.pos, plan);
                        game.play_unchecked_in_place(&mut child, key);
                        total += last_ply(game, &child, count, &mut scratch);
                    }
                }
            }
        } else if frames[level].next < frames[level].list.keys.len() {
            if frames.len() == level + 1 {
                frames.push(Frame { pos: *root, list: KeyList::new(), next: 0 });
            }
            let (upper, lower) = frames.split_at_mut(level + 1);
            let (frame, next) = (&mut upper[level], &mut lower[0]);
            let key = frame.list.keys[frame.next];
            frame.next += 1;
            next.pos.copy_from(&frame.pos, plan);
            game.play_unchecked_in_place(&mut next.pos, &key);
            next.expand(game, count);
            level += 1;
            continue;
        }
        // Every move of this frame is counted: back to its parent.
        if level == 0 {
            return total;
        }
        level -= 1;
    }
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
