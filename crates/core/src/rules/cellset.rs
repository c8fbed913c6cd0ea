//! The sets of cells the walker computes with: a [`Bitset`], or a machine
//! [`Word`] on a board whose cells fit one, so that the set algebra of the
//! hot loops stays in registers. The walker is written once, generic over
//! [`CellSet`], and [`with_cell_set!`] picks the type for a board.

use crate::bitset::Bitset;
pub(crate) use crate::board::dirs;
use crate::board::{Board, Cell, DirMask};
use std::ops::{BitAnd, BitOr, BitOrAssign, Sub, SubAssign};

/// Runs `body` with `$t` the fastest [`CellSet`] for `board`: a [`Word`]
/// where the board [shifts in one](Board::shifts_in_word), else a [`Bitset`].
macro_rules! with_cell_set {
    ($board:expr, $t:ident => $body:expr) => {{
        let board: &$crate::board::Board = $board;
        if board.shifts_in_word() {
            type $t = $crate::rules::cellset::Word;
            $body
        } else {
            type $t = $crate::bitset::Bitset;
            $body
        }
    }};
}
pub(crate) use with_cell_set;

/// A set of cells of one board, with the operations of the walker:
/// intersection `&`, union `|`, difference `-`, and moving every cell one
/// step in a direction at once ([`CellSet::shift`]).
pub(crate) trait CellSet:
    Copy + PartialEq + BitAnd<Output = Self> + BitOr<Output = Self> + Sub<Output = Self> + BitOrAssign + SubAssign
{
    /// The empty set.
    const NONE: Self;
    /// The cells of a [`Bitset`] (on a board this type can hold).
    fn of(b: Bitset) -> Self;
    /// The same cells as a [`Bitset`].
    fn to_bitset(self) -> Bitset;
    /// The set holding `c` only.
    fn single(c: Cell) -> Self;
    /// Whether the set is empty.
    fn is_empty(&self) -> bool;
    /// Whether `c` is in the set.
    fn contains(&self, c: Cell) -> bool;
    /// Adds `c`.
    fn insert(&mut self, c: Cell);
    /// Removes `c`.
    fn remove(&mut self, c: Cell);
    /// The number of cells.
    fn count(&self) -> u32;
    /// The neighbours in direction `dir` of the cells of the set.
    fn shift(self, board: &Board, dir: usize) -> Self;
    /// [`CellSet::shift`] in the direction opposite `dir`.
    fn shift_back(self, board: &Board, dir: usize) -> Self;
    /// Whether the cell with index `i` is in the set; index 255 ("no
    /// cell", in a board's step and leap tables) never is.
    fn has_index(&self, i: u8) -> bool;
    /// The neighbours of `c`.
    fn around(board: &Board, c: Cell) -> Self;
    /// The cells in ascending order.
    type Iter: Iterator<Item = Cell>;
    /// The cells in ascending order.
    fn cells(self) -> Self::Iter;

    /// For each direction `d`, whether the cell `cells[d]` (a row of a
    /// board's step or leap table) is in the set: bit `d` of the result.
    /// Without a branch.
    #[inline]
    fn gather(&self, cells: &[u8; 8]) -> DirMask {
        let mut m = 0;
        for (d, &c) in cells.iter().enumerate() {
            m |= (self.has_index(c) as DirMask) << d;
        }
        m
    }

    /// [`CellSet::gather`] for the directions of `which` only (the other
    /// bits of the result are clear): looks at few directions one by one (a
    /// checkers man's two) and at many all at once.
    #[inline]
    fn gather_some(&self, cells: &[u8; 8], which: DirMask) -> DirMask {
        if which.count_ones() > 4 {
            return self.gather(cells) & which;
        }
        let (mut m, mut rest) = (0, which);
        while rest != 0 {
            let d = rest.trailing_zeros();
            rest &= rest - 1;
            m |= (self.has_index(cells[d as usize]) as DirMask) << d;
        }
        m
    }
}

impl CellSet for Bitset {
    const NONE: Self = Bitset::EMPTY;
    #[inline]
    fn of(b: Bitset) -> Self {
        b
    }
    #[inline]
    fn to_bitset(self) -> Bitset {
        self
    }
    #[inline]
    fn single(c: Cell) -> Self {
        Bitset::single(c)
    }
    #[inline]
    fn is_empty(&self) -> bool {
        Bitset::is_empty(self)
    }
    #[inline]
    fn contains(&self, c: Cell) -> bool {
        Bitset::contains(self, c)
    }
    #[inline]
    fn insert(&mut self, c: Cell) {
        Bitset::insert(self, c)
    }
    #[inline]
    fn remove(&mut self, c: Cell) {
        Bitset::remove(self, c)
    }
    #[inline]
    fn count(&self) -> u32 {
        self.len()
    }
    #[inline]
    fn shift(self, board: &Board, dir: usize) -> Self {
        board.shift(self, dir)
    }
    #[inline]
    fn shift_back(self, board: &Board, dir: usize) -> Self {
        board.shift(self, board.opposite(dir))
    }
    #[inline]
    fn has_index(&self, i: u8) -> bool {
        // (Bit 255 of a set is always clear: see `MAX_CELLS`.)
        Bitset::contains(self, Cell::new(i))
    }
    #[inline]
    fn around(board: &Board, c: Cell) -> Self {
        board.around(c)
    }
    type Iter = crate::bitset::Iter;
    #[inline]
    fn cells(self) -> Self::Iter {
        self.iter()
    }
}

/// A set of cells as a machine word, bit `i` for cell `i`, on a board
/// whose cells it holds and moves one step by one rotation per direction
/// ([`Board::shifts_in_word`]: every built-in board of at most 64 squares).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Word(u64);

impl BitAnd for Word {
    type Output = Word;
    #[inline]
    fn bitand(self, o: Word) -> Word {
        Word(self.0 & o.0)
    }
}

impl BitOr for Word {
    type Output = Word;
    #[inline]
    fn bitor(self, o: Word) -> Word {
        Word(self.0 | o.0)
    }
}

impl Sub for Word {
    type Output = Word;
    /// Set difference.
    #[inline]
    fn sub(self, o: Word) -> Word {
        Word(self.0 & !o.0)
    }
}

impl BitOrAssign for Word {
    #[inline]
    fn bitor_assign(&mut self, o: Word) {
        self.0 |= o.0;
    }
}

impl SubAssign for Word {
    #[inline]
    fn sub_assign(&mut self, o: Word) {
        self.0 &= !o.0;
    }
}

impl CellSet for Word {
    const NONE: Self = Word(0);
    #[inline]
    fn of(b: Bitset) -> Self {
        Word(b.low_word())
    }
    #[inline]
    fn to_bitset(self) -> Bitset {
        Bitset::from_low_word(self.0)
    }
    #[inline]
    fn single(c: Cell) -> Self {
        Word(1 << (c.index() & 63))
    }
    #[inline]
    fn is_empty(&self) -> bool {
        self.0 == 0
    }
    #[inline]
    fn contains(&self, c: Cell) -> bool {
        self.has_index(c.index() as u8)
    }
    #[inline]
    fn insert(&mut self, c: Cell) {
        self.0 |= Self::single(c).0
    }
    #[inline]
    fn remove(&mut self, c: Cell) {
        self.0 &= !Self::single(c).0
    }
    #[inline]
    fn count(&self) -> u32 {
        self.0.count_ones()
    }
    #[inline]
    fn shift(self, board: &Board, dir: usize) -> Self {
        Word(board.shift_word(self.0, dir))
    }
    #[inline]
    fn shift_back(self, board: &Board, dir: usize) -> Self {
        Word(board.shift_word_back(self.0, dir))
    }
    #[inline]
    fn has_index(&self, i: u8) -> bool {
        // (Indices of 64 and more, 255 among them, are beyond the word.)
        self.0.checked_shr(i as u32).unwrap_or(0) & 1 != 0
    }
    #[inline]
    fn around(board: &Board, c: Cell) -> Self {
        Word(board.around(c).low_word())
    }
    /// The provided method, written again: so written, it is inlined into
    /// the walker's loops on a word (checkers perft: 0.7 fewer instructions
    /// per leaf), where the provided one is not.
    #[inline]
    fn gather_some(&self, cells: &[u8; 8], which: DirMask) -> DirMask {
        if which.count_ones() > 4 {
            return self.gather(cells) & which;
        }
        let (mut m, mut rest) = (0, which);
        while rest != 0 {
            let d = rest.trailing_zeros();
            rest &= rest - 1;
            m |= (self.has_index(cells[d as usize]) as DirMask) << d;
        }
        m
    }
    type Iter = WordCells;
    #[inline]
    fn cells(self) -> WordCells {
        WordCells(self.0)
    }
}

/// The cells of a [`Word`], in ascending order.
pub(crate) struct WordCells(u64);

impl Iterator for WordCells {
    type Item = Cell;
    #[inline]
    fn next(&mut self) -> Option<Cell> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Some(Cell::new(i as u8))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Geometry;

    /// A word and a bitset of the same cells agree on every operation.
    #[test]
    fn words_behave_as_bitsets() {
        let board = Board::from_layout(Geometry::Diagonal, 8, 8, &" . . . .\n. . . .\n".repeat(4)).unwrap();
        assert!(board.shifts_in_word());
        let mut x = 0x9E37_79B9_7F4A_7C15_u64;
        for _ in 0..1000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let (a, b) = (Bitset::from_low_word(x) & board.cells(), Bitset::from_low_word(x.rotate_left(29)));
            let (wa, wb) = (Word::of(a), Word::of(b & board.cells()));
            let b = b & board.cells();
            assert_eq!((wa & wb).to_bitset(), a & b);
            assert_eq!((wa | wb).to_bitset(), a | b);
            assert_eq!((wa - wb).to_bitset(), a - b);
            assert_eq!(wa.count(), a.len());
            assert_eq!(wa.cells().collect::<Vec<_>>(), a.iter().collect::<Vec<_>>());
            for d in 0..board.dir_count() {
                assert_eq!(wa.shift(&board, d).to_bitset(), CellSet::shift(a, &board, d));
                assert_eq!(wa.shift_back(&board, d).to_bitset(), CellSet::shift_back(a, &board, d));
            }
            for c in board.cells() {
                let (steps, which) = (board.step_table(c), (x >> 3) as DirMask);
                assert_eq!(wa.gather_some(steps, which), a.gather_some(steps, which));
                assert_eq!(wa.gather(steps), a.gather(steps));
            }
        }
    }

    #[test]
    fn gathering_looks_up_each_direction() {
        let a: Bitset = [1u8, 64, 130].into_iter().map(Cell::new).collect();
        let table = [1, 64, 2, 255, 130, 3, 200, 255];
        assert_eq!(a.gather(&table), 0b0001_0011);
        for which in [0u8, 0b1, 0b11, 0b1010_0000, 0b0101_0101, 0xff] {
            assert_eq!(a.gather_some(&table, which), 0b0001_0011 & which, "{which:b}");
        }
        let w = Word(1 << 1 | 1 << 63);
        assert_eq!(w.gather(&[1, 63, 64, 255, 0, 2, 62, 1]), 0b1000_0011);
    }
}
