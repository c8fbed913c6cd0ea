//! Where each position of a solved game lies in its table: material
//! signatures, fewer pieces first, and within each a perfect index of the
//! placement, the player to move and the per-player counters.
//!
//! # The order of the table
//!
//! The table lists the positions of each [`Material`] in turn, in the order
//! of [`Layout::materials`] (by the total number of pieces, then by the
//! counts). Within one material, the index of a position is
//!
//! `placement × states + (to_move × (L + 1) + counter₀) × (L + 1) + counter₁`
//!
//! where `L` is the game's [counter limit](leap_core::Game::counter_limit)
//! and `states = 2 (L + 1)²`. The placement is a mixed-radix number over
//! the *groups* (player 0's kinds in order, then player 1's), the first
//! group least significant: each group's cells form a combination of the
//! cells the earlier groups left free, numbered in colexicographic order
//! (the combination `c₁ < c₂ < … < c_k` of free-cell numbers has the number
//! `C(c₁, 1) + C(c₂, 2) + … + C(c_k, k)`). Cells are numbered in board
//! order. (The check in `verify.rs` reads the same order with code of its
//! own, as the format's second reader.)

use crate::error::SolveError;
use leap_core::{Bitset, Cell, Game, Kind, Piece, Player, Position, CELL_INDICES, MAX_KINDS};
use serde::{Deserialize, Serialize};

/// The most cells a board may have to be solved (a group's cells are a 128-bit word).
pub const MAX_SOLVE_CELLS: usize = 128;

/// A set of cells by compact number, one bit each.
pub(crate) type Word = u128;

/// How many pieces of each kind each of the two players has.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
pub struct Material(pub [[u8; MAX_KINDS]; 2]);

impl Material {
    /// The number of pieces of both players.
    pub fn total(&self) -> u32 {
        self.0.iter().flatten().map(|&n| n as u32).sum()
    }

    /// The material of `pos` (only the first two players' pieces count).
    pub fn of(pos: &Position) -> Material {
        let mut m = [[0u8; MAX_KINDS]; 2];
        for (p, row) in m.iter_mut().enumerate() {
            let mine = pos.pieces_of(Player(p as u8));
            for (k, n) in row.iter_mut().enumerate() {
                *n = (mine & pos.kind_cells(Kind(k as u8))).len() as u8;
            }
        }
        Material(m)
    }

    /// The material in words, with the game's kind letters: `KMM v KM`
    /// (player 0 first), `-` for a player with no pieces.
    pub fn describe<G: Game>(&self, game: &G) -> String {
        let side = |p: usize| {
            let s: String = game
                .kinds()
                .iter()
                .enumerate()
                .flat_map(|(k, info)| std::iter::repeat_n(info.letter(), self.0[p][k] as usize))
                .collect();
            if s.is_empty() {
                "-".to_string()
            } else {
                s
            }
        };
        format!("{} v {}", side(0), side(1))
    }
}

/// The positions of a two-player game within some material, numbered
/// without gaps: the index of a table (see the module's documentation).
#[derive(Clone, Debug)]
pub struct Layout {
    max_pieces: Option<u32>,
    /// Whether every cell index is below 64 (a set of cells is a word).
    narrow: bool,
    /// Whether the cells are numbered 0, 1, 2, ... without gaps (compact
    /// numbers are cell indices).
    identity: bool,
    /// Compact number (0..) of each cell index; `u8::MAX` for none.
    compact: Box<[u8; CELL_INDICES]>,
    /// The cell of each compact number.
    cells: Vec<Cell>,
    kinds: usize,
    /// Counter values per player: the counter limit plus one.
    counter_values: u64,
    materials: Vec<Material>,
    /// Where each material's positions start; one more entry: the total.
    offsets: Vec<u64>,
    /// Material slot by mixed-radix key of the counts (`u32::MAX`: not in the layout).
    slots: Vec<u32>,
    /// The largest count of each group, plus one: the radices of the key.
    radix: Vec<u32>,
    binomial: Box<[[u64; MAX_SOLVE_CELLS + 1]; MAX_SOLVE_CELLS + 1]>,
}

impl Layout {
    /// The layout of every position `game` can reach from its start
    /// position by captures alone: every material with at most as many
    /// pieces of each kind as the start (no promotion) and, when
    /// `max_pieces` is given, at most that many pieces in all.
    ///
    /// ```
    /// let camette = leap_camelot::load("camette").unwrap();
    /// let layout = leap_solve::Layout::new(&camette, None).unwrap();
    /// // 23 squares, a Knight and up to three Men a side, either side to move.
    /// assert_eq!(layout.materials().len(), 64);
    /// assert_eq!(layout.len(), 1_808_672_898);
    /// ```
    pub fn new<G: Game>(game: &G, max_pieces: Option<u32>) -> Result<Layout, SolveError> {
        if game.players().len() != 2 {
            return Err(SolveError::Unsupported(format!(
                "{} has {} players; the solver handles two-player games only",
                game.name(),
                game.players().len()
            )));
        }
        if game.counter_baring() {
            return Err(SolveError::Unsupported(format!(
                "{} has counter-baring, whose mark a table does not keep; the solver handles games without it",
                game.name()
            )));
        }
        if game.promotes() {
            return Err(SolveError::Unsupported(format!(
                "{} crowns pieces (promotion), which changes their kind; the solver handles games whose \
                 pieces keep their kind",
                game.name()
            )));
        }
        let board = game.board();
        if board.len() > MAX_SOLVE_CELLS {
            return Err(SolveError::Unsupported(format!(
                "{}'s board has {} cells; the solver handles boards of at most {MAX_SOLVE_CELLS}",
                game.name(),
                board.len()
            )));
        }
        let kinds = game.kinds().len().min(MAX_KINDS);
        let start = Material::of(&game.start());
        let mut compact = Box::new([u8::MAX; CELL_INDICES]);
        let cells: Vec<Cell> = board.cells().iter().collect();
        for (i, c) in cells.iter().enumerate() {
            compact[c.index()] = i as u8;
        }
        let mut binomial = Box::new([[0u64; MAX_SOLVE_CELLS + 1]; MAX_SOLVE_CELLS + 1]);
        for n in 0..=MAX_SOLVE_CELLS {
            binomial[n][0] = 1;
            for k in 1..=n {
                binomial[n][k] = binomial[n - 1][k - 1].saturating_add(binomial[n - 1][k]);
            }
        }
        let radix: Vec<u32> = (0..2).flat_map(|p| (0..kinds).map(move |k| start.0[p][k] as u32 + 1)).collect();
        // Every material below the start's, kind by kind.
        let mut materials = Vec::new();
        let key_count: u64 = radix.iter().map(|&r| r as u64).product();
        for key in 0..key_count {
            let mut m = [[0u8; MAX_KINDS]; 2];
            let mut rest = key;
            for (g, &r) in radix.iter().enumerate() {
                m[g / kinds][g % kinds] = (rest % r as u64) as u8;
                rest /= r as u64;
            }
            let m = Material(m);
            if max_pieces.is_none_or(|most| m.total() <= most) {
                materials.push(m);
            }
        }
        materials.sort_by_key(|m| (m.total(), *m));
        let counter_values = game.counter_limit() as u64 + 1;
        let narrow = board.span() <= 64;
        let identity = cells.iter().enumerate().all(|(i, c)| c.index() == i);
        let mut layout = Layout {
            max_pieces,
            narrow,
            identity,
            compact,
            cells,
            kinds,
            counter_values,
            materials: Vec::new(),
            offsets: vec![0],
            slots: vec![u32::MAX; key_count as usize],
            radix,
            binomial,
        };
        let states = 2 * counter_values * counter_values;
        for m in materials {
            let size = layout
                .placements(&m)
                .and_then(|p| p.checked_mul(states))
                .and_then(|s| s.checked_add(*layout.offsets.last().unwrap_or(&0)))
                .ok_or(SolveError::TooLarge { positions: None, bytes_needed: None, bytes_available: None })?;
            let key = layout.key(&m);
            layout.slots[key] = layout.materials.len() as u32;
            layout.materials.push(m);
            layout.offsets.push(size);
        }
        Ok(layout)
    }

    /// The most pieces a position holds, when the layout was limited to the endgames.
    pub fn max_pieces(&self) -> Option<u32> {
        self.max_pieces
    }

    /// The number of positions.
    pub fn len(&self) -> u64 {
        *self.offsets.last().unwrap_or(&0)
    }

    /// Whether there are no positions (never, for a layout of a game).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The materials, in the table's order: captures lead only to earlier ones.
    pub fn materials(&self) -> &[Material] {
        &self.materials
    }

    /// The indices of the positions of the `slot`th material.
    pub fn range(&self, slot: usize) -> std::ops::Range<u64> {
        self.offsets[slot]..self.offsets[slot + 1]
    }

    /// The slot of the material holding the position `index`.
    pub fn slot_of(&self, index: u64) -> usize {
        self.offsets.partition_point(|&o| o <= index) - 1
    }

    /// The number of cells.
    pub fn cell_count(&self) -> usize {
        self.cells.len()
    }

    /// The counter limit plus one: how many values each player's counter takes.
    pub fn counter_values(&self) -> u64 {
        self.counter_values
    }

    /// The number of piece kinds.
    pub fn kinds(&self) -> usize {
        self.kinds
    }

    /// The number of placements of material `m`.
    fn placements(&self, m: &Material) -> Option<u64> {
        let mut free = self.cells.len();
        let mut total = 1u64;
        for n in self.groups(m) {
            if n > free {
                return Some(0);
            }
            total = total.checked_mul(self.binomial[free][n])?;
            free -= n;
        }
        Some(total)
    }

    /// The counts of each group of `m`, in group order.
    fn groups<'a>(&self, m: &'a Material) -> impl Iterator<Item = usize> + 'a {
        let kinds = self.kinds;
        (0..2 * kinds).map(move |g| m.0[g / kinds][g % kinds] as usize)
    }

    fn key(&self, m: &Material) -> usize {
        let mut key = 0usize;
        for (g, &r) in self.radix.iter().enumerate().rev() {
            key = key * r as usize + m.0[g / self.kinds][g % self.kinds] as usize;
        }
        key
    }

    /// The cells of each group of `pos` as words of compact numbers.
    #[inline]
    fn group_words(&self, pos: &Position, words: &mut [Word; 2 * MAX_KINDS]) {
        let k = self.kinds;
        for (g, w) in words.iter_mut().enumerate().take(2 * k) {
            let set = pos.pieces_of(Player((g / k) as u8)) & pos.kind_cells(Kind((g % k) as u8));
            *w = if self.narrow { self.compact_word(set.low_word()) } else { self.word(set) };
        }
    }

    /// A word of cell indices (all below 64) as a word of compact numbers.
    #[inline]
    fn compact_word(&self, mut w: u64) -> Word {
        if self.identity {
            return w as Word;
        }
        let mut out: Word = 0;
        while w != 0 {
            out |= 1 << self.compact[w.trailing_zeros() as usize];
            w &= w - 1;
        }
        out
    }

    /// The slot of the material whose groups hold `words`.
    #[inline]
    fn slot_of_words(&self, words: &[Word; 2 * MAX_KINDS]) -> Option<usize> {
        let (mut key, mut scale) = (0usize, 1usize);
        for (g, &r) in self.radix.iter().enumerate() {
            let n = words[g].count_ones();
            if n >= r {
                return None;
            }
            key += n as usize * scale;
            scale *= r as usize;
        }
        match self.slots[key] {
            u32::MAX => None,
            s => Some(s as usize),
        }
    }

    /// The cells of `set` as a word of compact numbers.
    #[inline]
    fn word(&self, set: Bitset) -> Word {
        set.iter().fold(0, |w: Word, c| w | 1 << self.compact[c.index()])
    }

    /// The index of `pos` in the table, if the layout holds its material
    /// (its clocks are not part of it).
    #[inline]
    pub fn index(&self, pos: &Position) -> Option<u64> {
        if pos.to_move().index() > 1 {
            return None;
        }
        let mut words = [0 as Word; 2 * MAX_KINDS];
        self.group_words(pos, &mut words);
        let slot = self.slot_of_words(&words)?;
        let v = self.counter_values;
        let (c0, c1) = (pos.counter(Player(0)) as u64, pos.counter(Player(1)) as u64);
        if c0 >= v || c1 >= v {
            return None;
        }
        Some(self.packed_index(&Packed { slot, words, state: self.state(pos.to_move().index(), c0, c1) }))
    }

    /// The state part of an index: the player to move and the counters.
    #[inline]
    pub(crate) fn state(&self, to_move: usize, c0: u64, c1: u64) -> u64 {
        let v = self.counter_values;
        (to_move as u64 * v + c0) * v + c1
    }

    /// The player to move and the counters of a state.
    #[inline]
    pub(crate) fn unstate(&self, state: u64) -> (usize, u64, u64) {
        let v = self.counter_values;
        ((state / (v * v)) as usize, state / v % v, state % v)
    }

    /// The index of a packed position.
    #[inline]
    pub(crate) fn packed_index(&self, p: &Packed) -> u64 {
        let mut used: Word = 0;
        let mut free = self.cells.len();
        let (mut placement, mut scale) = (0u64, 1u64);
        for &group in &p.words[..2 * self.kinds] {
            if group == 0 {
                continue;
            }
            let n = group.count_ones() as usize;
            let mut rank = 0u64;
            let (mut w, mut i) = (group, 1);
            while w != 0 {
                let c = w.trailing_zeros() as usize;
                w &= w - 1;
                let below = (used & ((1 << c) - 1)).count_ones() as usize;
                rank += self.binomial[c - below][i];
                i += 1;
            }
            placement += rank * scale;
            scale *= self.binomial[free][n];
            free -= n;
            used |= group;
        }
        let v = self.counter_values;
        self.offsets[p.slot] + placement * 2 * v * v + p.state
    }

    /// The position with index `index` (clocks 0), which must be below [`Layout::len`].
    pub fn position(&self, index: u64) -> Position {
        self.to_position(&self.unpack(index))
    }

    /// The position of a packed position (clocks 0).
    pub(crate) fn to_position(&self, p: &Packed) -> Position {
        let (to_move, c0, c1) = self.unstate(p.state);
        let mut pos = Position::empty(Player(to_move as u8));
        pos.set_counter(Player(0), c0 as u8);
        pos.set_counter(Player(1), c1 as u8);
        for (g, &w) in p.words[..2 * self.kinds].iter().enumerate() {
            let piece = Piece { player: Player((g / self.kinds) as u8), kind: Kind((g % self.kinds) as u8) };
            let mut w = w;
            while w != 0 {
                pos.put(self.cells[w.trailing_zeros() as usize], piece);
                w &= w - 1;
            }
        }
        pos
    }

    /// The packed position with index `index`, which must be below [`Layout::len`].
    pub(crate) fn unpack(&self, index: u64) -> Packed {
        let slot = self.slot_of(index);
        let m = self.materials[slot];
        let v = self.counter_values;
        let local = index - self.offsets[slot];
        let (mut placement, state) = (local / (2 * v * v), local % (2 * v * v));
        let mut words = [0 as Word; 2 * MAX_KINDS];
        let mut used: Word = 0;
        let mut free = self.cells.len();
        for (g, n) in self.groups(&m).enumerate() {
            if n == 0 {
                continue;
            }
            let radix = self.binomial[free][n];
            let mut rank = placement % radix;
            placement /= radix;
            // The combination of free-cell numbers, largest first. (Marking
            // a cell used leaves the numbering of the free cells below it.)
            let mut top = free;
            for i in (1..=n).rev() {
                while self.binomial[top][i] > rank {
                    top -= 1;
                }
                rank -= self.binomial[top][i];
                let c = nth_zero(used, top);
                used |= 1 << c;
                words[g] |= 1 << c;
            }
            free -= n;
        }
        Packed { slot, words, state }
    }

    /// The compact number of `cell`, if it is on the board.
    #[inline]
    pub(crate) fn compact(&self, cell: Cell) -> Option<usize> {
        match self.compact[cell.index()] {
            u8::MAX => None,
            c => Some(c as usize),
        }
    }

    /// The cell with compact number `c`.
    #[inline]
    pub(crate) fn cell(&self, c: usize) -> Cell {
        self.cells[c]
    }
}

/// A position as a layout sees it: the slot of its material, the cells of
/// each group as a word of compact numbers, and its state (the player to
/// move and the counters).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Packed {
    pub slot: usize,
    pub words: [Word; 2 * MAX_KINDS],
    pub state: u64,
}

/// The position of the `n`th zero bit (from 0) of `used`.
#[inline]
fn nth_zero(used: Word, n: usize) -> usize {
    let mut free = !used;
    for _ in 0..n {
        free &= free - 1;
    }
    free.trailing_zeros() as usize
}
