//! Moves: a path of legs from a start cell, and the cells it captures.

use crate::bitset::Bitset;
use crate::board::Cell;
use smallvec::SmallVec;
use std::hash::{Hash, Hasher};

/// What one leg of a move does.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum LegKind {
    /// A move to a neighbouring cell.
    Step,
    /// A leap over a friendly piece, which stays.
    Canter,
    /// A leap over an enemy piece, which is captured.
    Jump,
}

/// One leg of a move: where it lands and how it got there.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Leg {
    /// The landing cell.
    pub to: Cell,
    /// The kind of leg.
    pub kind: LegKind,
}

/// What a move does to the position: which piece moves where, and what it
/// captures. Two moves with the same key lead to the same position, so a
/// key is a move's identity (the rules count such paths as one move).
///
/// A move that ends where it started (a circular jump) changes the board
/// only by its captures, so two such moves by different pieces with the
/// same captures are the same move: equality and hashing follow that.
#[derive(Clone, Copy, Debug)]
pub struct MoveKey {
    /// The start cell.
    pub from: Cell,
    /// The end cell.
    pub to: Cell,
    /// The captured cells.
    pub captured: Bitset,
}

/// The cell index a pass uses for its start and end: no cell of any board.
const NO_CELL: Cell = Cell::new(u8::MAX);

impl MoveKey {
    /// The move of a player who cannot move and passes (in games that allow it).
    pub const PASS: MoveKey = MoveKey { from: NO_CELL, to: NO_CELL, captured: Bitset::EMPTY };

    /// Whether this is a pass.
    #[inline]
    pub fn is_pass(&self) -> bool {
        self.from == NO_CELL
    }

    /// `(from, to)` as it affects the board: `None` for a move that ends where it began.
    #[inline]
    fn displacement(&self) -> Option<(Cell, Cell)> {
        (self.from != self.to || self.is_pass()).then_some((self.from, self.to))
    }

    /// Whether the move captures anything.
    #[inline]
    pub fn is_capture(&self) -> bool {
        !self.captured.is_empty()
    }
}

impl PartialEq for MoveKey {
    fn eq(&self, o: &MoveKey) -> bool {
        self.displacement() == o.displacement() && self.captured == o.captured
    }
}
impl Eq for MoveKey {}
impl Hash for MoveKey {
    fn hash<H: Hasher>(&self, h: &mut H) {
        self.displacement().hash(h);
        self.captured.hash(h);
    }
}

/// The legs of a move, in order.
pub type Legs = SmallVec<[Leg; 8]>;

/// A move with its full path: start, every landing with its kind, and the
/// captured cells.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Move {
    /// The start cell.
    pub from: Cell,
    /// The legs, at least one.
    pub legs: Legs,
    /// The captured cells.
    pub captured: Bitset,
}

impl Move {
    /// A pass, with no legs.
    pub fn pass() -> Move {
        Move { from: NO_CELL, legs: Legs::new(), captured: Bitset::EMPTY }
    }

    /// Whether this is a pass.
    pub fn is_pass(&self) -> bool {
        self.from == NO_CELL
    }

    /// The end cell.
    pub fn to(&self) -> Cell {
        self.legs.last().map_or(self.from, |l| l.to)
    }

    /// The identity of the move.
    pub fn key(&self) -> MoveKey {
        MoveKey { from: self.from, to: self.to(), captured: self.captured }
    }
}
