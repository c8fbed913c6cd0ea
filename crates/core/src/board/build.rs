//! Building a board: its cells from coordinates or a picture, their names,
//! and the step, leap and shift tables.

use super::{default_name, Board, BoardError, Cell, Coord, Geometry, CELL_INDICES, MAX_DIRS, NONE};
use crate::bitset::{Bitset, MAX_CELLS};
use std::collections::HashMap;

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
            one_group: false,
            one_shift: [(0, Bitset::EMPTY); MAX_DIRS],
            near: false,
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
    /// let none = Board::from_layout(Geometry::Square, 3, 2, "   \n   \n").unwrap_err();
    /// assert!(none.to_string().contains("the layout has no cells"), "{none}");
    /// ```
    pub fn from_layout(geometry: Geometry, files: u8, ranks: u8, layout: &str) -> Result<Board, BoardError> {
        if files == 0 || files > 26 {
            return Err(BoardError::Layout(format!("{files} files; expected 1 to 26")));
        }
        let lines: Vec<&str> = layout.lines().collect();
        let first = lines.iter().position(|l| !l.trim().is_empty()).unwrap_or(lines.len());
        let last = lines.iter().rposition(|l| !l.trim().is_empty()).map_or(first, |i| i + 1);
        let lines = &lines[first..last];
        // (Blank lines at the ends are no ranks: a layout of nothing else has no cells.)
        if lines.is_empty() {
            return Err(BoardError::Layout(
                "the layout has no cells: write one line per rank, the top rank first, `.` for each cell".into(),
            ));
        }
        if lines.len() != ranks as usize {
            return Err(BoardError::Layout(format!(
                "the layout has {} but the board has {}; write one line per rank, the top rank first",
                crate::counted(lines.len() as u64, "line"),
                crate::counted(ranks, "rank")
            )));
        }
        // (A problem at a character: its line in the layout as given.)
        let at = |i: usize, column: usize, why: String| BoardError::LayoutAt { line: first + i, column, why };
        let mut coords = Vec::new();
        for (i, line) in lines.iter().enumerate() {
            let rank = ranks - 1 - i as u8;
            for (f, ch) in line.chars().enumerate() {
                match ch {
                    '.' if f < files as usize => coords.push(Coord { file: f as u8, rank }),
                    ' ' => {}
                    '.' => {
                        return Err(at(
                            i,
                            f,
                            format!("rank {} of the layout is wider than the {files} files", rank + 1),
                        ))
                    }
                    other => {
                        return Err(at(
                            i,
                            f,
                            format!(
                                "rank {} of the layout has `{other}`; expected `.` for a cell or a space for none",
                                rank + 1
                            ),
                        ))
                    }
                }
            }
        }
        // A hex cell's neighbours are two files away on its rank, or one
        // file away on the ranks next to it: cells whose file and rank add
        // up to numbers of both parities would be two boards that never touch.
        if geometry == Geometry::Hex {
            let parity = |c: &Coord| (c.file + c.rank) % 2;
            let apart = coords.first().and_then(|one| Some((one, coords.iter().find(|c| parity(c) != parity(one))?)));
            if let Some((one, other)) = apart {
                return Err(at(
                    (ranks - 1 - other.rank) as usize,
                    other.file as usize,
                    format!(
                        "on a hex board a cell's neighbours are two columns away on its line, or one column away on \
                         the lines next to it, so the cells go on every other column, each line shifted by one \
                         from the next (as in variants/tri-camelot.toml); {} and {} can never meet",
                        default_name(*one),
                        default_name(*other)
                    ),
                ));
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
        self.one_group = self.shifts.iter().all(|groups| groups.len() <= 1);
        for (d, groups) in self.shifts.iter().enumerate() {
            self.one_shift[d] = groups.first().copied().unwrap_or((0, Bitset::EMPTY));
        }
        self.near = self.one_group
            && self.one_shift[..dirs.len()].iter().all(|&(delta, _)| (-63..=63).contains(&delta) && delta != 0);
        self.shifts_in_word = self.fits_word() && self.one_group;
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
}
