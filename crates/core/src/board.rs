//! Board geometry: which cells exist, their names, and the step and leap tables.

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

const NONE: u8 = u8::MAX;

/// The number of values a cell index can take.
const CELL_INDICES: usize = u8::MAX as usize + 1;

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
            BoardError::Layout(why) => write!(f, "{why}"),
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
    /// Builds a board of `files` × `ranks` holding the given cells, named
    /// `A1`-style. Cells are indexed in square order whatever the input order
    /// (see [`Cell`]).
    ///
    /// ```
    /// use leap_core::{Board, Coord, Geometry};
    /// let cells = (0..3).flat_map(|r| (0..3).map(move |f| Coord { file: f, rank: r }));
    /// let b = Board::new(Geometry::Square, 3, 3, cells).unwrap();
    /// let centre = b.cell("B2").unwrap();
    /// assert_eq!(b.neighbours(centre).count(), 8);
    /// assert_eq!(b.name(b.leap(b.cell("A1").unwrap(), 1).unwrap()), "C3");
    /// ```
    pub fn new(
        geometry: Geometry,
        files: u8,
        ranks: u8,
        cells: impl IntoIterator<Item = Coord>,
    ) -> Result<Board, BoardError> {
        let mut coords: Vec<Coord> = Vec::new();
        let mut seen = vec![false; files as usize * ranks as usize];
        for c in cells {
            if c.file >= files || c.rank >= ranks {
                return Err(BoardError::OutOfRange(c));
            }
            let k = c.rank as usize * files as usize + c.file as usize;
            if seen[k] {
                return Err(BoardError::Duplicate(c));
            }
            seen[k] = true;
            coords.push(c);
        }
        if coords.is_empty() {
            return Err(BoardError::Empty);
        }
        if coords.len() > MAX_CELLS {
            return Err(BoardError::TooManyCells(coords.len()));
        }
        coords.sort_by_key(|c| (c.rank, c.file));
        let names: Vec<String> = coords.iter().map(|&c| default_name(c)).collect();
        let squares = files as usize * ranks as usize;
        let mut by_coord = vec![NONE; squares];
        let mut all = Bitset::EMPTY;
        for (i, c) in coords.iter().enumerate() {
            let square = c.rank as usize * files as usize + c.file as usize;
            // (The square's index when every square has one, else the next free index.)
            let index = if squares <= MAX_CELLS { square } else { i };
            by_coord[square] = index as u8;
            all.insert(Cell(index as u8));
        }
        if squares <= MAX_CELLS {
            coords = (0..squares)
                .map(|i| Coord { file: (i % files as usize) as u8, rank: (i / files as usize) as u8 })
                .collect();
        }
        let mut board = Board {
            geometry,
            files,
            ranks,
            coords,
            by_coord,
            names: Vec::new(),
            lookup: HashMap::new(),
            order: Vec::new(),
            numbered: false,
            step: Box::new([[NONE; MAX_DIRS]; CELL_INDICES]),
            leap: Box::new([[NONE; MAX_DIRS]; CELL_INDICES]),
            all,
            around: Box::new([Bitset::EMPTY; CELL_INDICES]),
            shifts: Vec::new(),
            shifts_in_word: false,
            word_shifts: [[(0, 0); 2]; MAX_DIRS],
            opposite: [0; MAX_DIRS],
        };
        board.set_names(names)?;
        board.build_tables();
        Ok(board)
    }

    /// Builds a board from a picture: one line per rank, the top rank first,
    /// one character per file, `.` for a cell and a space for none (blank
    /// lines before and after the picture are ignored).
    ///
    /// ```
    /// use leap_core::{Board, Geometry};
    /// let b = Board::from_layout(Geometry::Square, 3, 2, " . \n...\n").unwrap();
    /// assert_eq!(b.len(), 4);
    /// assert!(b.cell("B2").is_some() && b.cell("A2").is_none());
    /// ```
    pub fn from_layout(geometry: Geometry, files: u8, ranks: u8, layout: &str) -> Result<Board, BoardError> {
        if files == 0 || files > 26 {
            return Err(BoardError::Layout(format!("{files} files; expected 1 to 26")));
        }
        let lines: Vec<&str> = layout.lines().collect();
        let first = lines.iter().position(|l| !l.trim().is_empty()).unwrap_or(lines.len());
        let last = lines.iter().rposition(|l| !l.trim().is_empty()).map_or(first, |i| i + 1);
        let lines = &lines[first..last];
        if lines.len() != ranks as usize {
            return Err(BoardError::Layout(format!(
                "the layout has {} lines but the board has {ranks} ranks; write one line per rank, the top rank first",
                lines.len()
            )));
        }
        let mut coords = Vec::new();
        for (i, line) in lines.iter().enumerate() {
            let rank = ranks - 1 - i as u8;
            for (f, ch) in line.chars().enumerate() {
                match ch {
                    '.' if f < files as usize => coords.push(Coord { file: f as u8, rank }),
                    ' ' => {}
                    '.' => {
                        return Err(BoardError::Layout(format!(
                            "rank {} of the layout is wider than the {files} files",
                            rank + 1
                        )))
                    }
                    other => {
                        return Err(BoardError::Layout(format!(
                            "rank {} of the layout has `{other}`; expected `.` for a cell or a space for none",
                            rank + 1
                        )))
                    }
                }
            }
        }
        Board::new(geometry, files, ranks, coords)
    }

    /// Replaces the cell names, one per cell in square order (of cell
    /// indices), e.g. checkers' 1-32. When every name is a number, cells are
    /// listed in numeric order (see [`Board::listing_key`]).
    pub fn set_names(&mut self, names: Vec<String>) -> Result<(), BoardError> {
        if names.len() != self.len() {
            return Err(BoardError::BadNames(format!("{} names for {} cells", names.len(), self.len())));
        }
        let cells: Vec<Cell> = self.all.iter().collect();
        let mut lookup = HashMap::new();
        for (&cell, n) in cells.iter().zip(&names) {
            if lookup.insert(n.to_ascii_uppercase(), cell).is_some() {
                return Err(BoardError::BadNames(format!("`{n}` is used twice")));
            }
        }
        let numbers: Option<Vec<u32>> = names.iter().map(|n| n.parse().ok()).collect();
        let mut listed: Vec<usize> = (0..names.len()).collect();
        self.numbered = numbers.is_some();
        if let Some(numbers) = numbers {
            listed.sort_by_key(|&i| numbers[i]);
        }
        self.order = vec![0; self.span()];
        for (place, &i) in listed.iter().enumerate() {
            self.order[cells[i].index()] = place as u8;
        }
        self.names = vec![String::new(); self.span()];
        for (cell, name) in cells.into_iter().zip(names) {
            self.names[cell.index()] = name;
        }
        self.lookup = lookup;
        Ok(())
    }

    fn build_tables(&mut self) {
        let dirs = self.geometry.directions();
        *self.step = [[NONE; MAX_DIRS]; CELL_INDICES];
        *self.leap = [[NONE; MAX_DIRS]; CELL_INDICES];
        *self.around = [Bitset::EMPTY; CELL_INDICES];
        for cell in self.all.iter() {
            let (i, c) = (cell.index(), self.coords[cell.index()]);
            for (d, &(df, dr)) in dirs.iter().enumerate() {
                self.step[i][d] = self.at_offset(c, df, dr).map_or(NONE, |x| x.0);
                if let Some(n) = self.at_offset(c, df, dr) {
                    self.around[i].insert(n);
                }
                self.leap[i][d] = self.at_offset(c, 2 * df, 2 * dr).map_or(NONE, |x| x.0);
            }
        }
        self.shifts = (0..dirs.len())
            .map(|d| {
                let mut groups: Vec<(i32, Bitset)> = Vec::new();
                for i in self.all.iter().map(Cell::index) {
                    let n = self.step[i][d];
                    if n == NONE {
                        continue;
                    }
                    let delta = n as i32 - i as i32;
                    match groups.iter_mut().find(|g| g.0 == delta) {
                        Some(g) => g.1.insert(Cell(i as u8)),
                        None => groups.push((delta, Bitset::single(Cell(i as u8)))),
                    }
                }
                groups
            })
            .collect();
        for (d, &(df, dr)) in dirs.iter().enumerate() {
            let back = dirs.iter().position(|&(f, r)| (f, r) == (-df, -dr)).expect("directions come in opposite pairs");
            self.opposite[d] = back as u8;
        }
        self.shifts_in_word = self.fits_word() && self.shifts.iter().all(|groups| groups.len() <= 1);
        if self.shifts_in_word {
            // (A group's cells and their neighbours all lie in the word: the rotation wraps none.)
            let word = |groups: &[(i32, Bitset)]| {
                groups.first().map_or((0, 0), |&(delta, cells)| (cells.low_word(), delta.rem_euclid(64) as u32))
            };
            for d in 0..dirs.len() {
                self.word_shifts[d] = [word(&self.shifts[d]), word(&self.shifts[self.opposite[d] as usize])];
            }
        }
    }

    fn at_offset(&self, c: Coord, df: i8, dr: i8) -> Option<Cell> {
        let f = c.file as i16 + df as i16;
        let r = c.rank as i16 + dr as i16;
        if f < 0 || r < 0 || f >= self.files as i16 || r >= self.ranks as i16 {
            return None;
        }
        self.at(Coord { file: f as u8, rank: r as u8 })
    }

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
    #[inline]
    pub fn shift(&self, cells: Bitset, dir: usize) -> Bitset {
        let mut out = Bitset::EMPTY;
        for &(delta, from) in &self.shifts[dir] {
            out |= (cells & from).shifted(delta);
        }
        out
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
mod tests {
    use super::*;

    fn rect(g: Geometry, f: u8, r: u8) -> Board {
        Board::new(g, f, r, (0..r).flat_map(|r| (0..f).map(move |f| Coord { file: f, rank: r }))).unwrap()
    }

    #[test]
    fn square_order_and_names() {
        let b = rect(Geometry::Square, 4, 3);
        assert_eq!(b.name(Cell::new(0)), "A1");
        assert_eq!(b.name(Cell::new(4)), "A2");
        assert_eq!(b.cell("d3"), Some(Cell::new(11)));
        assert_eq!(b.cell("E1"), None);
    }

    #[test]
    fn hex_neighbours_and_leaps() {
        // A small hex patch: cells where file + rank is even (0-based).
        let cells =
            (0..9u8).flat_map(|r| (0..5u8).filter(move |f| (f + r) % 2 == 0).map(move |f| Coord { file: f, rank: r }));
        let b = Board::new(Geometry::Hex, 5, 9, cells).unwrap();
        let c = b.cell("C5").unwrap();
        let mut n: Vec<&str> = b.neighbours(c).map(|x| b.name(x)).collect();
        n.sort();
        assert_eq!(n, vec!["B4", "B6", "C3", "C7", "D4", "D6"]);
        let (over, land) = b.leap_over(c, 1).unwrap();
        assert_eq!((b.name(over), b.name(land)), ("D6", "E7"));
    }

    #[test]
    fn shifting_whole_sets() {
        // Every geometry: moving a set one step in a direction gives the
        // neighbours of its cells in that direction, cell by cell.
        let hex =
            (0..9u8).flat_map(|r| (0..5u8).filter(move |f| (f + r) % 2 == 0).map(move |f| Coord { file: f, rank: r }));
        let irregular = (0..6u8)
            .flat_map(|r| (0..7u8).filter(move |f| f + r > 2 && f + r < 9).map(move |f| Coord { file: f, rank: r }));
        // (A rectangle of more than 255 squares numbers its cells densely.)
        let dense = (0..6u8)
            .flat_map(|r| (0..9u8).filter(move |f| f + r > 2 && f + r < 10).map(move |f| Coord { file: f, rank: r }));
        let checkers = Board::from_layout(Geometry::Diagonal, 8, 8, &" . . . .\n. . . .\n".repeat(4)).unwrap();
        for b in [
            rect(Geometry::Square, 5, 4),
            rect(Geometry::Diagonal, 8, 8),
            checkers,
            Board::new(Geometry::Hex, 5, 9, hex).unwrap(),
            Board::new(Geometry::Square, 7, 6, irregular).unwrap(),
            Board::new(Geometry::Diagonal, 9, 30, dense).unwrap(),
        ] {
            let some: Bitset = b.cells().iter().filter(|c| c.index() % 3 != 1).collect();
            for d in 0..b.dir_count() {
                let want: Bitset = some.iter().filter_map(|c| b.step(c, d)).collect();
                assert_eq!(b.shift(some, d), want, "{:?} direction {d}", b.geometry());
                if b.shifts_in_word() {
                    assert_eq!(b.shift_word(some.low_word(), d), want.low_word(), "{:?} direction {d}", b.geometry());
                    let back = b.shift(some, b.opposite(d)).low_word();
                    assert_eq!(b.shift_word_back(some.low_word(), d), back, "{:?} direction {d}", b.geometry());
                }
                let o = b.opposite(d);
                assert!(b.cells().iter().all(|c| b.step(c, d).is_none_or(|n| b.step(n, o) == Some(c))));
            }
        }
    }

    #[test]
    fn cells_are_indexed_by_square() {
        // A checkers board: 32 cells with the indices of their squares.
        let b = Board::from_layout(Geometry::Diagonal, 8, 8, &" . . . .\n. . . .\n".repeat(4)).unwrap();
        assert_eq!((b.len(), b.span()), (32, 64));
        assert_eq!(b.cell("A1"), Some(Cell::new(0)));
        assert_eq!(b.cell("H8"), Some(Cell::new(63)));
        assert_eq!(b.cell("B1"), None);
        assert!(b.shifts_in_word());
        // Names go to the cells in square order.
        let mut named = b.clone();
        named.set_names((1..=32).map(|n| n.to_string()).collect()).unwrap();
        assert_eq!(named.cell("1"), Some(Cell::new(0)));
        assert_eq!(named.cell("5"), Some(Cell::new(9)));
        assert_eq!(named.listed(b.cells())[4], Cell::new(9));
        // Beyond 255 squares, cells are numbered densely in square order.
        let wide =
            Board::new(Geometry::Square, 20, 20, [Coord { file: 19, rank: 19 }, Coord { file: 3, rank: 1 }]).unwrap();
        assert_eq!((wide.len(), wide.span()), (2, 2));
        assert_eq!((wide.cell("D2"), wide.cell("T20")), (Some(Cell::new(0)), Some(Cell::new(1))));
    }

    #[test]
    fn errors() {
        assert_eq!(
            Board::new(Geometry::Square, 2, 2, [Coord { file: 2, rank: 0 }]).unwrap_err(),
            BoardError::OutOfRange(Coord { file: 2, rank: 0 })
        );
        let c = Coord { file: 0, rank: 0 };
        assert_eq!(Board::new(Geometry::Square, 2, 2, [c, c]).unwrap_err(), BoardError::Duplicate(c));
        assert_eq!(Board::new(Geometry::Square, 2, 2, []).unwrap_err(), BoardError::Empty);
    }
}
