//! Where the walker's moves go: [`PathSink`] for any caller, and the
//! core's own sinks, which may also take the walker's shortcuts
//! ([`Sink`]): list the distinct moves ([`KeyList`]) or count them.

use crate::bitset::Bitset;
use crate::board::Cell;
use crate::moves::{Leg, Move, MoveKey};

/// Receives the moves the walker finds, path by path (see
/// [`walk`](crate::rules::walk)).
///
/// In [`PathMode::Distinct`](crate::rules::PathMode::Distinct) a move
/// may come more than once, by different paths; a sink that wants each
/// move once keeps the [`MoveKey`]s it has seen.
pub trait PathSink {
    /// Whether the sink looks at the legs of paths. When `false`, the
    /// walker does not track them: it passes an empty `legs` to
    /// [`PathSink::emit`] and never calls [`PathSink::follow`].
    const LEGS: bool = true;
    /// A complete legal move of the piece on `from` ending on `to`, with its
    /// legs (when [`PathSink::LEGS`]) and the cells it captures.
    fn emit(&mut self, from: Cell, to: Cell, legs: &[Leg], captured: Bitset);
    /// Called after each leg is added (when [`PathSink::LEGS`]); returning
    /// `false` abandons the branch: no move through it is emitted.
    fn follow(&mut self, _legs: &[Leg], _captured: Bitset) -> bool {
        true
    }
}

/// What the walker hands moves to: a [`PathSink`], or one of the core's
/// own sinks, which may also take the walker's shortcuts. (Crate-private,
/// so that no sink outside the core can claim a shortcut whose contract it
/// does not keep, and so get wrong counts.)
///
/// The flags combine as follows: [`Sink::COUNTS`] is for sinks that keep
/// no paths (it requires `!LEGS`, checked when the walker is compiled);
/// [`Sink::ORDERED`] may be `false` with or without legs.
pub(crate) trait Sink {
    /// See [`PathSink::LEGS`].
    const LEGS: bool;
    /// Whether the sink only counts moves. The walker then hands it the
    /// one-step moves, and the single jumps that cannot go on, of pieces
    /// that move alike ([`LeapRules::uniform`](crate::rules::LeapRules::uniform),
    /// without canters) as a number, through [`Sink::add_steps`], instead
    /// of one by one.
    const COUNTS: bool = false;
    /// Whether the sink takes the moves in the walker's order: piece by
    /// piece in cell order, each piece's steps in direction order before its
    /// other moves. A sink that takes them in any order (perft's list of
    /// children) gets the steps of the pieces that move alike direction by
    /// direction first, which takes fewer hard-to-predict branches.
    const ORDERED: bool = true;
    /// See [`PathSink::emit`].
    fn emit(&mut self, from: Cell, to: Cell, legs: &[Leg], captured: Bitset);
    /// See [`PathSink::follow`].
    #[inline]
    fn follow(&mut self, _legs: &[Leg], _captured: Bitset) -> bool {
        true
    }
    /// A one-step move of a piece that does not canter, so that the move
    /// has no other path and no other quiet move of the piece ends on `to`:
    /// called instead of [`Sink::emit`] when the sink does not look at
    /// legs.
    #[inline]
    fn emit_lone_step(&mut self, from: Cell, to: Cell) {
        self.emit(from, to, &[], Bitset::EMPTY);
    }
    /// `n` more moves of one leg (a step, or a jump that ends there), each a
    /// distinct move with a single path (called only when [`Sink::COUNTS`]).
    #[inline]
    fn add_steps(&mut self, _n: u64) {}
}

impl<S: PathSink + ?Sized> Sink for S {
    const LEGS: bool = S::LEGS;
    const COUNTS: bool = false;
    const ORDERED: bool = true;
    #[inline]
    fn emit(&mut self, from: Cell, to: Cell, legs: &[Leg], captured: Bitset) {
        PathSink::emit(self, from, to, legs, captured)
    }
    #[inline]
    fn follow(&mut self, legs: &[Leg], captured: Bitset) -> bool {
        PathSink::follow(self, legs, captured)
    }
}

/// Tells the distinct moves among those a walk emits: a move is known by
/// its [`MoveKey`], and the walker emits the quiet moves of one piece
/// together, so that a quiet move is new unless its piece already reached
/// its end cell, and a capture is new unless it is among the captures seen.
#[derive(Clone, Debug, Default)]
pub(crate) struct Distinct {
    /// The piece whose quiet moves are being emitted.
    from: Option<Cell>,
    /// Where its quiet moves end.
    quiet: Bitset,
}

impl Distinct {
    /// Forgets every move seen.
    #[inline]
    pub(crate) fn clear(&mut self) {
        *self = Distinct::default();
    }

    /// Notes the quiet move `from`-`to`; whether it is new.
    #[inline]
    pub(crate) fn new_quiet(&mut self, from: Cell, to: Cell) -> bool {
        self.start(from);
        let new = !self.quiet.contains(to);
        self.quiet.insert(to);
        new
    }

    /// Notes the quiet move `from`-`to` without asking whether it is new;
    /// returns the number of distinct quiet moves of the previous piece
    /// when `from` starts another one, else 0. (For counting:
    /// [`Distinct::pending`] gives those of the last piece.)
    #[inline(always)]
    pub(crate) fn add_quiet(&mut self, from: Cell, to: Cell) -> u32 {
        let done = self.start(from);
        self.quiet.insert(to);
        done
    }

    /// The number of distinct quiet moves noted for the last piece by
    /// [`Distinct::add_quiet`].
    #[inline]
    pub(crate) fn pending(&self) -> u32 {
        // (Games whose quiet moves are all counted in bulk leave the set empty.)
        if self.quiet.is_empty() {
            0
        } else {
            self.quiet.len()
        }
    }

    /// Makes the piece on `from` the one whose quiet moves are noted; when
    /// it is another piece than the last, returns the number of distinct
    /// quiet moves of the last one, else 0.
    #[inline(always)]
    fn start(&mut self, from: Cell) -> u32 {
        if self.from == Some(from) {
            return 0;
        }
        let done = self.quiet.len();
        self.quiet = Bitset::EMPTY;
        self.from = Some(from);
        done
    }
}

/// How long a list of moves is looked along for a capture before the
/// captures are kept in a hash set ([`CaptureIndex`]).
const SCAN: usize = 32;

/// Tells whether a capture is new among the moves of a list: a look along
/// the list while it is short (captures are few), then a hash set of its
/// captures, filled as the list grows, so that telling the distinct moves
/// of a piece with thousands of capture paths (a Knight in a lattice of
/// Men) takes linear time, not quadratic.
#[derive(Clone, Debug, Default)]
pub(crate) struct CaptureIndex {
    /// The captures among the first `indexed` moves of the list.
    set: std::collections::HashSet<MoveKey>,
    /// How many moves of the list the set has seen.
    indexed: usize,
}

impl CaptureIndex {
    /// Forgets the list.
    #[inline]
    pub(crate) fn clear(&mut self) {
        if self.indexed > 0 {
            self.set.clear();
            self.indexed = 0;
        }
    }

    /// Whether the capture `key` is not among `seen`, the list this index
    /// follows (which only grows until [`CaptureIndex::clear`]).
    #[inline]
    pub(crate) fn new_capture(&mut self, seen: &[MoveKey], key: &MoveKey) -> bool {
        if seen.len() <= SCAN {
            return !seen.contains(key);
        }
        self.catch_up(seen);
        !self.set.contains(key)
    }

    /// Adds the captures of `seen` that the set has not seen yet.
    fn catch_up(&mut self, seen: &[MoveKey]) {
        for k in &seen[self.indexed..] {
            if k.is_capture() {
                self.set.insert(*k);
            }
        }
        self.indexed = seen.len();
    }
}

/// The distinct legal moves of a position, as the walker found them (see
/// [`Game::legal_moves_into`](crate::Game::legal_moves_into)): a list to
/// reuse from position to position without allocating.
#[derive(Default, Debug, Clone)]
pub struct KeyList {
    /// The distinct moves, in the order found.
    pub keys: Vec<MoveKey>,
    seen: Distinct,
    pub(crate) captures: CaptureIndex,
}

impl KeyList {
    /// An empty list.
    pub fn new() -> KeyList {
        KeyList::default()
    }

    /// Empties the list for reuse.
    pub fn clear(&mut self) {
        self.keys.clear();
        self.seen.clear();
        self.captures.clear();
    }

    /// Adds a move found by the walker, unless it is already listed.
    ///
    /// (A quiet move is built afresh where it is pushed: built once on the
    /// stack for both kinds, its two cells were written as bytes and read
    /// back as a word, a stall of store forwarding on every move.)
    #[inline]
    fn add(&mut self, from: Cell, to: Cell, captured: Bitset) {
        if captured.is_empty() {
            if self.seen.new_quiet(from, to) {
                self.keys.push(MoveKey { from, to, captured: Bitset::EMPTY });
            }
        } else {
            let key = MoveKey { from, to, captured };
            if self.captures.new_capture(&self.keys, &key) {
                self.keys.push(key);
            }
        }
    }
}

impl Sink for KeyList {
    const LEGS: bool = false;
    #[inline]
    fn emit_lone_step(&mut self, from: Cell, to: Cell) {
        self.keys.push(MoveKey { from, to, captured: Bitset::EMPTY });
    }
    #[inline]
    fn emit(&mut self, from: Cell, to: Cell, _legs: &[Leg], captured: Bitset) {
        self.add(from, to, captured);
    }
}

/// A [`KeyList`] filled in any order (see [`Sink::ORDERED`]).
pub(crate) struct AnyOrder<'a>(pub(crate) &'a mut KeyList);

impl Sink for AnyOrder<'_> {
    const LEGS: bool = false;
    const ORDERED: bool = false;
    #[inline]
    fn emit_lone_step(&mut self, from: Cell, to: Cell) {
        self.0.emit_lone_step(from, to);
    }
    #[inline]
    fn emit(&mut self, from: Cell, to: Cell, legs: &[Leg], captured: Bitset) {
        self.0.emit(from, to, legs, captured);
    }
}

/// A sink that keeps every path it is given, as complete moves.
#[derive(Default, Debug, Clone)]
pub struct PathList {
    /// The paths found.
    pub moves: Vec<Move>,
}

impl PathSink for PathList {
    fn emit(&mut self, from: Cell, _to: Cell, legs: &[Leg], captured: Bitset) {
        self.moves.push(Move { from, legs: legs.iter().copied().collect(), captured });
    }
}
