//! Board geometry: which cells exist, their names, and the step and leap tables.

mod build;

use crate::bitset::{Bitset, MAX_CELLS};
use std::collections::HashMap;
use std::fmt;

/// A cell of a board, by its index. Indices follow square order: rank by
/// rank from the first rank, file by file within a rank. On a board whose
/// bounding rectangle has at most [`MAX_CELLS`] squares (every built-in
/// board), a cell's index is its square's, `rank × files + file`, and the
/// squares that are not cells leave their indices unused: a direction then
/// moves every cell by the same index difference, so that a whole set moves
/// in one shift. Larger rectangles number their cells densely.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Cell(u8);

impl Cell {
    /// The cell with index `i`.
    #[inline]
    pub const fn new(i: u8) -> Cell {
        Cell(i)
    }
    /// The index of the cell (below [`Board::span`]).
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// The most directions a geometry has (8 for a square board with diagonals).
pub const MAX_DIRS: usize = 8;

/// A set of direction indices, one bit per direction of the board.
pub type DirMask = u8;

/// All directions of any board.
pub const ALL_DIRS: DirMask = 0xff;

/// The directions of a mask, lowest first.
///
/// ```
/// assert_eq!(leap_core::dirs(0b1010_0110).collect::<Vec<_>>(), [1, 2, 5, 7]);
/// ```
#[inline]
pub fn dirs(mut mask: DirMask) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let d = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            d
        })
    })
}

const NONE: u8 = u8::MAX;

/// The number of values a cell index can take ([`Cell::index`] is below
/// it): a table indexed by cell with this length needs no bounds check.
pub const CELL_INDICES: usize = u8::MAX as usize + 1;

/// How the cells of a board touch each other.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Geometry {
    /// Square cells with 8 neighbours: orthogonal and diagonal.
    Square,
    /// Square cells with the 4 diagonal neighbours only (checkers).
    Diagonal,
    /// Hexagons in offset coordinates: the same file two ranks up or down,
    /// or the next file one rank up or down (6 neighbours).
    Hex,
}

impl Geometry {
    /// The direction vectors `(file, rank)` of this geometry, in index order.
    pub fn directions(self) -> &'static [(i8, i8)] {
        match self {
            Geometry::Square => &[(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)],
            Geometry::Diagonal => &[(1, 1), (1, -1), (-1, -1), (-1, 1)],
            Geometry::Hex => &[(0, 2), (1, 1), (1, -1), (0, -2), (-1, -1), (-1, 1)],
        }
    }
}

/// Zero-based file and rank of a cell.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Coord {
    /// File, 0 for `A`.
    pub file: u8,
    /// Rank, 0 for rank 1.
    pub rank: u8,
}

/// An error building a board.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum BoardError {
    /// More cells than a [`Bitset`] holds.
    TooManyCells(usize),
    /// A cell lies outside the declared files and ranks.
    OutOfRange(Coord),
    /// The same coordinate was given twice.
    Duplicate(Coord),
    /// The board has no cells.
    Empty,
    /// Custom names do not match the number of cells, or repeat.
    BadNames(String),
    /// A layout picture does not match the board's files and ranks, or has
    /// a character other than `.` and space.
    Layout(String),
    /// [`BoardError::Layout`] at one character of the layout: on its line
    /// `line` (from 0, counted in the layout's text as given) at the
    /// character `column` (from 0), for the place in a file.
    LayoutAt {
        /// The line of the layout's text.
        line: usize,
        /// The character of the line.
        column: usize,
        /// What is wrong there.
        why: String,
    },
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardError::TooManyCells(n) => write!(f, "the board has {n} cells; at most {MAX_CELLS} are supported"),
            BoardError::OutOfRange(c) => {
                write!(f, "cell at file {} rank {} lies outside the board's files and ranks", c.file + 1, c.rank + 1)
            }
            BoardError::Duplicate(c) => write!(f, "cell {} is listed twice", default_name(*c)),
            BoardError::Empty => write!(f, "the board has no cells"),
            BoardError::BadNames(why) => write!(f, "cell names: {why}"),
            BoardError::Layout(why) | BoardError::LayoutAt { why, .. } => write!(f, "{why}"),
        }
    }
}

impl std::error::Error for BoardError {}

/// The conventional name of a coordinate: file letter and rank number, `A1`.
pub fn default_name(c: Coord) -> String {
    format!("{}{}", (b'A' + c.file) as char, c.rank as u32 + 1)
}

/// A board: its cells with names and coordinates, and precomputed step and
/// leap tables for every direction of its geometry.
#[derive(Clone, Debug)]
pub struct Board {
    geometry: Geometry,
    files: u8,
    ranks: u8,
    /// Per cell index (below the span), the coordinate: a cell's, or for an
    /// index no cell has, that of the square with the index.
    coords: Vec<Coord>,
    by_coord: Vec<u8>,
    names: Vec<String>,
    lookup: HashMap<String, Cell>,
    /// Each cell's place when cells are listed for people (see [`Board::listing_key`]).
    order: Vec<u8>,
    /// Whether every cell's name is a number.
    numbered: bool,
    /// Per cell index (every index a [`Cell`] can hold, so that a look-up
    /// needs no bounds check; none for indices beyond the board): the
    /// neighbour and the leap landing in each direction, and the neighbours.
    step: Box<[[u8; MAX_DIRS]; CELL_INDICES]>,
    leap: Box<[[u8; MAX_DIRS]; CELL_INDICES]>,
    all: Bitset,
    around: Box<[Bitset; CELL_INDICES]>,
    /// Per direction: the cells grouped by the index difference to their
    /// neighbour in that direction, for moving whole sets at once.
    shifts: Vec<Vec<(i32, Bitset)>>,
    /// Whether each direction has at most one group in `shifts`, which is
    /// then `one_shift[dir]` (every built-in board): a set moves without
    /// looking through the groups.
    one_group: bool,
    /// When `one_group`: per direction, the one group (an index difference
    /// of 0 and no cells where no cell has a neighbour that way).
    one_shift: [(i32, Bitset); MAX_DIRS],
    /// Whether `one_group`, and each direction's index difference is 1 to
    /// 63 either way (within a word: every built-in board).
    near: bool,
    /// Whether every cell index lies below 64 and each direction moves every
    /// cell by the same index difference (one group in `shifts`), so that a
    /// set of the cells as a machine word moves one step by one rotation
    /// (looked up on every walk).
    shifts_in_word: bool,
    /// When `shifts_in_word`: per direction `d`, for a step in direction `d`
    /// and for one in the opposite direction (so that either is one look-up),
    /// the cells that have a neighbour that way and the left rotation that
    /// moves them there.
    word_shifts: [[(u64, u32); 2]; MAX_DIRS],
    /// Per direction: the opposite direction.
    opposite: [u8; MAX_DIRS],
}

impl Board {
    /// The geometry of the board.
    pub fn geometry(&self) -> Geometry {
        self.geometry
    }
    /// Number of files (columns) of the bounding rectangle.
    pub fn files(&self) -> u8 {
        self.files
    }
    /// Number of ranks (rows) of the bounding rectangle.
    pub fn ranks(&self) -> u8 {
        self.ranks
    }
    /// Number of cells.
    pub fn len(&self) -> usize {
        self.all.len() as usize
    }
    /// Whether the board has no cells (never true for a built board).
    pub fn is_empty(&self) -> bool {
        self.all.is_empty()
    }
    /// One more than the largest cell index: the length of a table indexed
    /// by cell (see [`Cell`]: on most boards, the squares of the bounding
    /// rectangle).
    pub fn span(&self) -> usize {
        self.coords.len()
    }
    /// Number of directions of the geometry.
    pub fn dir_count(&self) -> usize {
        self.geometry.directions().len()
    }
    /// Mask of all directions of the geometry.
    pub fn all_dirs(&self) -> DirMask {
        ((1u16 << self.dir_count()) - 1) as DirMask
    }
    /// All cells.
    pub fn cells(&self) -> Bitset {
        self.all
    }
    /// The cell at a coordinate, if it exists.
    pub fn at(&self, c: Coord) -> Option<Cell> {
        if c.file >= self.files || c.rank >= self.ranks {
            return None;
        }
        let v = self.by_coord[c.rank as usize * self.files as usize + c.file as usize];
        (v != NONE).then_some(Cell(v))
    }
    /// The coordinate of a cell.
    pub fn coord(&self, cell: Cell) -> Coord {
        self.coords[cell.index()]
    }
    /// The name of a cell.
    pub fn name(&self, cell: Cell) -> &str {
        &self.names[cell.index()]
    }
    /// Where `cell` comes when cells are listed for people (position strings,
    /// move lists): square order, or numeric order when every cell's name is
    /// a number (checkers' 1-32, which run against square order).
    #[inline]
    pub fn listing_key(&self, cell: Cell) -> usize {
        self.order[cell.index()] as usize
    }
    /// Whether every cell's name is a number (checkers' 1-32).
    pub fn is_numbered(&self) -> bool {
        self.numbered
    }
    /// The cells of `cells` in listing order (see [`Board::listing_key`]).
    pub fn listed(&self, cells: Bitset) -> Vec<Cell> {
        let mut v: Vec<Cell> = cells.iter().collect();
        v.sort_by_key(|&c| self.listing_key(c));
        v
    }
    /// The cell with this name (case-insensitive).
    pub fn cell(&self, name: &str) -> Option<Cell> {
        self.lookup.get(&name.to_ascii_uppercase()).copied()
    }
    /// The neighbour of `cell` in direction `dir`.
    #[inline]
    pub fn step(&self, cell: Cell, dir: usize) -> Option<Cell> {
        let v = self.step[cell.index()][dir];
        (v != NONE).then_some(Cell(v))
    }
    /// The landing cell of a leap from `cell` in direction `dir` (two cells on).
    #[inline]
    pub fn leap(&self, cell: Cell, dir: usize) -> Option<Cell> {
        let v = self.leap[cell.index()][dir];
        (v != NONE).then_some(Cell(v))
    }
    /// The cell leapt over and the landing cell, when both exist.
    #[inline]
    pub fn leap_over(&self, cell: Cell, dir: usize) -> Option<(Cell, Cell)> {
        let s = self.step[cell.index()][dir];
        let l = self.leap[cell.index()][dir];
        (s != NONE && l != NONE).then_some((Cell(s), Cell(l)))
    }
    /// The neighbour of `cell` in each direction, as cell indices (255: none).
    #[inline]
    pub(crate) fn step_table(&self, cell: Cell) -> &[u8; MAX_DIRS] {
        &self.step[cell.index()]
    }
    /// The leap landing from `cell` in each direction, as cell indices (255: none).
    #[inline]
    pub(crate) fn leap_table(&self, cell: Cell) -> &[u8; MAX_DIRS] {
        &self.leap[cell.index()]
    }
    /// The neighbours of a cell, as a set.
    #[inline]
    pub fn around(&self, cell: Cell) -> Bitset {
        self.around[cell.index()]
    }
    /// The neighbours in direction `dir` of the cells of `cells`: the whole
    /// set moved one step at once.
    #[inline(always)]
    pub fn shift(&self, cells: Bitset, dir: usize) -> Bitset {
        if self.near {
            // (Most boards: one group, and no loop, so that the sets stay in
            // registers; a loop keeps them in memory.)
            let (delta, from) = self.one_shift[dir];
            (cells & from).shifted_near(delta)
        } else if self.one_group {
            let (delta, from) = self.one_shift[dir];
            (cells & from).shifted(delta)
        } else {
            self.shifts[dir].iter().fold(Bitset::EMPTY, |out, &(delta, from)| out | (cells & from).shifted(delta))
        }
    }
    /// Whether every cell index lies below 64, so that a set of the cells
    /// fits a machine word ([`Bitset::low_word`]).
    #[inline]
    pub(crate) fn fits_word(&self) -> bool {
        self.span() <= 64
    }
    /// Whether the board [fits a word](Board::fits_word) and each direction
    /// moves every cell by the same index difference (a board indexed by
    /// square, see [`Cell`]), so that [`Board::shift_word`] moves a set
    /// as one rotation of the word.
    #[inline]
    pub(crate) fn shifts_in_word(&self) -> bool {
        self.shifts_in_word
    }
    /// [`Board::shift`] for a board that [shifts in a word](Board::shifts_in_word),
    /// on a set of its cells as a word.
    #[inline]
    pub(crate) fn shift_word(&self, cells: u64, dir: usize) -> u64 {
        let (from, rotation) = self.word_shifts[dir][0];
        (cells & from).rotate_left(rotation)
    }
    /// [`Board::shift_word`] in the direction opposite `dir`.
    #[inline]
    pub(crate) fn shift_word_back(&self, cells: u64, dir: usize) -> u64 {
        let (from, rotation) = self.word_shifts[dir][1];
        (cells & from).rotate_left(rotation)
    }
    /// The direction opposite `dir`.
    #[inline]
    pub fn opposite(&self, dir: usize) -> usize {
        self.opposite[dir] as usize
    }
    /// The neighbours of a cell, in direction order.
    pub fn neighbours(&self, cell: Cell) -> impl Iterator<Item = Cell> + '_ {
        (0..self.dir_count()).filter_map(move |d| self.step(cell, d))
    }
    /// The direction from `a` to its neighbour `b` (step) or leap landing `b`.
    pub fn direction_between(&self, a: Cell, b: Cell) -> Option<(usize, bool)> {
        (0..self.dir_count()).find_map(|d| {
            if self.step(a, d) == Some(b) {
                Some((d, false))
            } else if self.leap(a, d) == Some(b) {
                Some((d, true))
            } else {
                None
            }
        })
    }
}

#[cfg(test)]
mod tests;
