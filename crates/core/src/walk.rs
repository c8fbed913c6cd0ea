//! The legal-move enumeration machinery for chains of leaps.
//!
//! A game describes, through [`LeapRules`], what each piece may do
//! ([`Abilities`]) and what landing on a cell means ([`Landing`]); the walker
//! enumerates the moves that follow from the family's common laws:
//!
//! - a *step* goes to an empty neighbour and ends the move;
//! - a *canter* leaps over a friendly piece to an empty cell; canters chain,
//!   may change direction, may stop after any leap, and may not end on the
//!   start cell;
//! - a *jump* leaps over an enemy piece, which is removed at once; after a
//!   jump the chain must go on while another jump is possible;
//! - a *charge* (for pieces that have it) is one or more canters then one or
//!   more jumps, never a jump then a canter;
//! - with [`Abilities::canter_must_capture`], a canter that lands where the
//!   piece could jump may not end the move as a plain canter.
//!
//! During a move the start cell counts as empty.

use crate::bitset::Bitset;
use crate::board::{Board, Cell, DirMask, MAX_DIRS};
use crate::moves::{Leg, LegKind, Legs, MoveKey};
use crate::position::{Kind, Piece, Player, Position, MAX_KINDS};

/// Runs `body` with `$t` the fastest [`CellSet`] for `board`: a [`Word`]
/// where the board [fits one](Board::fits_word_single), else a [`Bitset`].
macro_rules! with_cell_set {
    ($board:expr, $t:ident => $body:expr) => {{
        let board: &Board = $board;
        if board.fits_word_single() {
            type $t = Word;
            $body
        } else {
            type $t = Bitset;
            $body
        }
    }};
}

/// What a piece standing on a given cell may do this turn.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Abilities {
    /// Directions in which it may step.
    pub step_dirs: DirMask,
    /// Directions in which it may canter.
    pub canter_dirs: DirMask,
    /// Directions in which it may jump.
    pub jump_dirs: DirMask,
    /// Whether it may canter and then jump in one move.
    pub charge: bool,
    /// Whether a canter landing on a cell from which it could jump obliges
    /// it to capture later in the same move.
    pub canter_must_capture: bool,
}

/// What landing on a cell means for a leg of a move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Landing {
    /// The leg may not land there.
    Forbidden,
    /// The leg may land there and the move may go on.
    Continue,
    /// The leg may land there and the move ends there.
    Stop,
    /// The move ends there and it is a goal: such a move is exempt from the
    /// capture obligation and from the canter rule.
    Goal,
}

/// What landing on each cell means for one kind of leg: cells not listed
/// in any set are [`Landing::Continue`].
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct LandingMap {
    /// Cells the leg may not land on.
    pub forbidden: Bitset,
    /// Cells where the move ends ([`Landing::Stop`]).
    pub stop: Bitset,
    /// Cells where the move ends as a goal ([`Landing::Goal`]).
    pub goal: Bitset,
}

impl LandingMap {
    /// What landing on `to` means.
    #[inline]
    pub fn get(&self, to: Cell) -> Landing {
        if self.forbidden.contains(to) {
            Landing::Forbidden
        } else if self.goal.contains(to) {
            Landing::Goal
        } else if self.stop.contains(to) {
            Landing::Stop
        } else {
            Landing::Continue
        }
    }
}

/// What landing means for each kind of leg of one piece's move.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Landings {
    /// For a step.
    pub step: LandingMap,
    /// For a canter.
    pub canter: LandingMap,
    /// For a jump.
    pub jump: LandingMap,
}

/// Which moves are allowed this turn, as decided by the game's turn rules.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct TurnScope {
    /// The cells of the pieces that may move.
    pub pieces: Bitset,
    /// Whether only capturing moves (and goal entries) are allowed.
    pub captures_only: bool,
}

/// The hooks a game gives the walker.
pub trait LeapRules {
    /// The board.
    fn board(&self) -> &Board;
    /// What the piece on `from` may do.
    fn abilities(&self, pos: &Position, from: Cell, piece: Piece) -> Abilities;
    /// What landing on each cell means for the legs of a move of `piece`, which starts on `from`.
    /// (A game precomputes these; the walker borrows them for the whole move.)
    fn landings(&self, pos: &Position, from: Cell, piece: Piece) -> &Landings;
    /// Whether `mover` may capture pieces of `other`.
    fn is_enemy(&self, mover: Player, other: Player) -> bool {
        mover != other
    }
    /// The abilities and landings of every piece like `piece` (same player
    /// and kind) in `pos`, wherever it stands; `None`, the default, when they
    /// depend on the cell. A game that gives them lets the walker treat such
    /// pieces in bulk (see [`PathSink::COUNTS`] and [`any_jump`]).
    fn uniform(&self, _pos: &Position, _piece: Piece) -> Option<(Abilities, &Landings)> {
        None
    }
}

/// How the walker bounds chains of canters.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PathMode {
    /// Each reachable state is explored once: every distinct move is found,
    /// by at least one of its paths. For move generation and perft.
    Distinct,
    /// Every simple path is found: no canter lands on the start cell or on an
    /// earlier landing. For counting paths, checking a written path, and
    /// finding canonical paths.
    Simple,
}

/// Receives the paths the walker finds.
pub trait PathSink {
    /// Whether the sink looks at paths; when `false` the walker does not
    /// track them, passes an empty `legs` to [`PathSink::emit`] and never
    /// calls [`PathSink::follow`].
    const PATHS: bool = true;
    /// A complete legal move of the piece on `from` ending on `to`, with its
    /// path (when [`PathSink::PATHS`]) and captures.
    fn emit(&mut self, from: Cell, to: Cell, legs: &[Leg], captured: Bitset);
    /// A one-step move of a piece that does not canter, so that the move
    /// has no other path and no other quiet move of the piece ends on `to`:
    /// called instead of [`PathSink::emit`] when the sink does not look at
    /// paths. The default passes it on to `emit`.
    #[inline]
    fn emit_lone_step(&mut self, from: Cell, to: Cell) {
        self.emit(from, to, &[], Bitset::EMPTY);
    }
    /// Called after each leg is added; returning `false` abandons the branch.
    fn follow(&mut self, _legs: &[Leg], _captured: Bitset) -> bool {
        true
    }
    /// Whether the sink only counts: it then takes the one-step moves and
    /// the single jumps that cannot go on of pieces that move alike
    /// ([`LeapRules::uniform`], without canters) as a number, through
    /// [`PathSink::add_steps`], instead of one by one.
    const COUNTS: bool = false;
    /// `n` more moves of one leg (a step, or a jump that ends there), each a
    /// distinct move with a single path (called only when [`PathSink::COUNTS`]).
    fn add_steps(&mut self, _n: u64) {}
    /// Whether the sink takes the moves in the walker's order: piece by
    /// piece in cell order, each piece's steps in direction order before its
    /// other moves. A sink that takes them in any order (perft's list of
    /// children) gets the steps of the pieces that move alike direction by
    /// direction first, which takes fewer hard-to-predict branches.
    const ORDERED: bool = true;
}

/// Whether the piece on `from` could jump right now (its abilities as given).
pub fn can_jump<R: LeapRules + ?Sized>(rules: &R, pos: &Position, from: Cell, piece: Piece, ab: &Abilities) -> bool {
    let board = rules.board();
    let enemies = enemies_of::<R, Bitset>(rules, pos, piece.player);
    let forbidden = rules.landings(pos, from, piece).jump.forbidden;
    let land_ok = board.cells() - pos.occupied() - forbidden;
    jump_from(board, from, ab.jump_dirs, enemies, land_ok)
}

/// Whether any of `pieces` (of the player to move) could jump right now.
/// Pieces that move alike ([`LeapRules::uniform`]) are looked at in bulk.
pub fn any_jump<R: LeapRules + ?Sized>(rules: &R, pos: &Position, pieces: Bitset) -> bool {
    with_cell_set!(rules.board(), T => any_jump_in::<R, T>(rules, pos, pieces))
}

fn any_jump_in<R: LeapRules + ?Sized, T: CellSet>(rules: &R, pos: &Position, pieces: Bitset) -> bool {
    let ctx = Ctx::<T>::new(rules, pos, pos.to_move());
    let mut rest = ctx.own.and(T::of(pieces));
    for (kind, cells) in by_kind(pos, rest) {
        if let Some((ab, landings)) = rules.uniform(pos, Piece { player: pos.to_move(), kind }) {
            let land_ok = ctx.empty.minus(T::of(landings.jump.forbidden));
            if first_leaps(ctx.board, cells, ab.jump_dirs, ctx.enemies, land_ok).is_some() {
                return true;
            }
            rest = rest.minus(cells);
        }
    }
    any_piece_jumps(rules, pos, &ctx, rest)
}

/// The occupied cells of `pos`.
#[inline]
fn occupied<T: CellSet>(pos: &Position) -> T {
    T::of(pos.occupied())
}

/// The cells of `pieces` kind by kind: each kind that has some, with them,
/// until every piece has been given.
#[inline]
fn by_kind<T: CellSet>(pos: &Position, pieces: T) -> ByKind<'_, T> {
    ByKind { pos, unseen: pieces, next: 0 }
}

/// See [`by_kind`].
struct ByKind<'a, T> {
    pos: &'a Position,
    unseen: T,
    next: u8,
}

impl<T: CellSet> Iterator for ByKind<'_, T> {
    type Item = (Kind, T);
    #[inline]
    fn next(&mut self) -> Option<(Kind, T)> {
        while !self.unseen.is_empty() && (self.next as usize) < MAX_KINDS {
            let kind = Kind(self.next);
            self.next += 1;
            let cells = self.unseen.and(T::of(self.pos.kind_cells(kind)));
            if !cells.is_empty() {
                self.unseen = self.unseen.minus(cells);
                return Some((kind, cells));
            }
        }
        None
    }
}

/// The number of one-step moves of the pieces of `cells` in `dirs` onto cells of `ok`.
#[inline]
fn step_count<T: CellSet>(board: &Board, cells: T, dirs: DirMask, ok: T) -> u32 {
    // Two directions at a time, whose counts add up in one go.
    let (mut n, mut rest) = (0, dirs);
    while rest != 0 {
        let d = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        let a = cells.shift(board, d).and(ok);
        if rest == 0 {
            return n + a.count();
        }
        let e = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        n += a.count_with(cells.shift(board, e).and(ok));
    }
    n
}

/// A set of cells: a [`Bitset`], or a machine [`Word`] on a board that
/// [fits one](Board::fits_word_single), whose operations stay in registers. The
/// walker is written once for both and run with the word when it can.
trait CellSet: Copy + PartialEq {
    /// The cells of a [`Bitset`] (on a board this type can hold).
    fn of(b: Bitset) -> Self;
    fn to_bitset(self) -> Bitset;
    fn none() -> Self;
    fn single(c: Cell) -> Self;
    fn and(self, o: Self) -> Self;
    fn or(self, o: Self) -> Self;
    fn minus(self, o: Self) -> Self;
    fn is_empty(self) -> bool;
    fn contains(&self, c: Cell) -> bool;
    fn insert(&mut self, c: Cell);
    fn remove(&mut self, c: Cell);
    fn count(self) -> u32;
    /// The number of cells of `self` and of `other`, together.
    #[inline]
    fn count_with(self, other: Self) -> u32 {
        self.count() + other.count()
    }
    /// [`CellSet::count`] for a set that has few cells, often one.
    #[inline]
    fn count_few(self) -> u32 {
        self.count()
    }
    fn shift(self, board: &Board, dir: usize) -> Self;
    /// [`CellSet::shift`] in the direction opposite `dir`.
    fn shift_back(self, board: &Board, dir: usize) -> Self;
    /// See [`Bitset::gather`].
    fn gather(&self, cells: &[u8; 8]) -> u8;
    /// See [`Bitset::gather_some`].
    fn gather_some(&self, cells: &[u8; 8], which: u8) -> u8;
    /// The neighbours of `c`.
    fn around(board: &Board, c: Cell) -> Self;
    type Iter: Iterator<Item = Cell>;
    fn cells(self) -> Self::Iter;
}

impl CellSet for Bitset {
    #[inline]
    fn of(b: Bitset) -> Self {
        b
    }
    #[inline]
    fn to_bitset(self) -> Bitset {
        self
    }
    #[inline]
    fn none() -> Self {
        Bitset::EMPTY
    }
    #[inline]
    fn single(c: Cell) -> Self {
        Bitset::single(c)
    }
    #[inline]
    fn and(self, o: Self) -> Self {
        self & o
    }
    #[inline]
    fn or(self, o: Self) -> Self {
        self | o
    }
    #[inline]
    fn minus(self, o: Self) -> Self {
        self - o
    }
    #[inline]
    fn is_empty(self) -> bool {
        Bitset::is_empty(&self)
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
    fn count(self) -> u32 {
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
    fn gather(&self, cells: &[u8; 8]) -> u8 {
        Bitset::gather(self, cells)
    }
    #[inline]
    fn gather_some(&self, cells: &[u8; 8], which: u8) -> u8 {
        Bitset::gather_some(self, cells, which)
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
/// ([`Board::fits_word_single`]: every built-in board of at most 64 squares).
#[derive(Clone, Copy, PartialEq, Eq)]
struct Word(u64);

impl CellSet for Word {
    #[inline]
    fn of(b: Bitset) -> Self {
        Word(b.low_word())
    }
    #[inline]
    fn to_bitset(self) -> Bitset {
        Bitset::from_low_word(self.0)
    }
    #[inline]
    fn none() -> Self {
        Word(0)
    }
    #[inline]
    fn single(c: Cell) -> Self {
        Word(1 << (c.index() & 63))
    }
    #[inline]
    fn and(self, o: Self) -> Self {
        Word(self.0 & o.0)
    }
    #[inline]
    fn or(self, o: Self) -> Self {
        Word(self.0 | o.0)
    }
    #[inline]
    fn minus(self, o: Self) -> Self {
        Word(self.0 & !o.0)
    }
    #[inline]
    fn is_empty(self) -> bool {
        self.0 == 0
    }
    #[inline]
    fn contains(&self, c: Cell) -> bool {
        self.0.checked_shr(c.index() as u32).unwrap_or(0) & 1 != 0
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
    fn count(self) -> u32 {
        self.0.count_ones()
    }
    #[inline]
    fn count_with(self, other: Self) -> u32 {
        let (this, other) = (self.0, other.0);
        if cfg!(target_feature = "popcnt") {
            return this.count_ones() + other.count_ones();
        }
        // Without the instruction: the two words counted by pairs and
        // nibbles each, then summed (at most 8 per nibble) and finished once.
        const PAIRS: u64 = 0x5555_5555_5555_5555;
        const NIBBLES: u64 = 0x3333_3333_3333_3333;
        const BYTES: u64 = 0x0f0f_0f0f_0f0f_0f0f;
        let nibbles = |x: u64| {
            let x = x - ((x >> 1) & PAIRS);
            (x & NIBBLES) + ((x >> 2) & NIBBLES)
        };
        let x = nibbles(this) + nibbles(other);
        let x = (x & BYTES) + ((x >> 4) & BYTES);
        (x.wrapping_mul(0x0101_0101_0101_0101) >> 56) as u32
    }
    #[inline]
    fn count_few(self) -> u32 {
        let (mut n, mut rest) = (0, self.0);
        while rest != 0 {
            n += 1;
            rest &= rest - 1;
        }
        n
    }
    #[inline]
    fn shift(self, board: &Board, dir: usize) -> Self {
        Word(board.shift_word_single(self.0, dir))
    }
    #[inline]
    fn shift_back(self, board: &Board, dir: usize) -> Self {
        Word(board.shift_word_single_back(self.0, dir))
    }
    #[inline]
    fn gather(&self, cells: &[u8; 8]) -> u8 {
        let mut m = 0u8;
        for (i, &c) in cells.iter().enumerate() {
            m |= ((self.0.checked_shr(c as u32).unwrap_or(0) & 1) as u8) << i;
        }
        m
    }
    #[inline]
    fn gather_some(&self, cells: &[u8; 8], which: u8) -> u8 {
        if MANY_DIRS[which as usize] {
            return self.gather(cells) & which;
        }
        let (mut m, mut rest) = (0u8, which);
        while rest != 0 {
            let i = rest.trailing_zeros();
            rest &= rest - 1;
            // Index 255 ("no cell") is beyond the word: never in the set.
            m |= ((self.0.checked_shr(cells[i as usize] as u32).unwrap_or(0) & 1) as u8) << i;
        }
        m
    }
    #[inline]
    fn around(board: &Board, c: Cell) -> Self {
        Word(board.around(c).low_word())
    }
    type Iter = WordCells;
    #[inline]
    fn cells(self) -> WordCells {
        WordCells(self.0)
    }
}

/// For each direction mask, whether it has more than four directions (a
/// look-up: a population count without the instruction takes several).
static MANY_DIRS: [bool; 256] = {
    let mut t = [false; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = (i as u8).count_ones() > 4;
        i += 1;
    }
    t
};

/// The cells of a set given as a machine word, in ascending order.
struct WordCells(u64);

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

/// The directions of a mask, lowest first.
#[inline]
fn dir_list(mut dirs: DirMask) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (dirs != 0).then(|| {
            let d = dirs.trailing_zeros() as usize;
            dirs &= dirs - 1;
            d
        })
    })
}

#[inline]
fn enemies_of<R: LeapRules + ?Sized, T: CellSet>(rules: &R, pos: &Position, mover: Player) -> T {
    // Every other player's pieces, less those of players who are not enemies:
    // with the default `is_enemy` the loop folds away.
    let own = T::of(pos.pieces_of(mover));
    let mut e = occupied::<T>(pos).minus(own);
    for p in 0..crate::position::MAX_PLAYERS as u8 {
        let enemy = rules.is_enemy(mover, Player(p));
        if p == mover.0 {
            if enemy {
                e = e.or(own);
            }
        } else if !enemy {
            e = e.minus(T::of(pos.pieces_of(Player(p))));
        }
    }
    e
}

/// Whether a jump leaves `sq` in one of `dirs`, over a piece of `enemies`
/// onto a cell of `land_ok` (empty cells a jump may land on).
#[inline]
fn jump_from<T: CellSet>(board: &Board, sq: Cell, dirs: DirMask, enemies: T, land_ok: T) -> bool {
    if T::around(board, sq).and(enemies).is_empty() {
        return false;
    }
    let m = enemies.gather_some(board.step_table(sq), dirs);
    m != 0 && land_ok.gather_some(board.leap_table(sq), m) != 0
}

/// What the walk of one position shares across the pieces that move.
struct Ctx<'a, T> {
    board: &'a Board,
    /// The pieces the mover may capture.
    enemies: T,
    /// The empty cells.
    empty: T,
    /// The mover's pieces.
    own: T,
}

impl<'a, T: CellSet> Ctx<'a, T> {
    #[inline]
    fn new<R: LeapRules + ?Sized>(rules: &'a R, pos: &Position, mover: Player) -> Ctx<'a, T> {
        let board = rules.board();
        Ctx {
            board,
            enemies: enemies_of(rules, pos, mover),
            empty: T::of(board.cells()).minus(occupied(pos)),
            own: T::of(pos.pieces_of(mover)),
        }
    }
}

/// Enumerates the moves allowed by `scope` in `pos`, handing each path to `sink`.
pub fn walk<R: LeapRules + ?Sized, S: PathSink>(
    rules: &R,
    pos: &Position,
    scope: TurnScope,
    mode: PathMode,
    sink: &mut S,
) {
    let captures = if scope.captures_only { Captures::Only } else { Captures::Allowed };
    walk_captures(rules, pos, scope.pieces, captures, mode, sink);
}

/// Enumerates the moves of `pieces` in `pos` under the capture obligation
/// of [`any_jump`]: only capturing moves (and goal entries) when one of
/// them can jump, any move otherwise. The same as [`walk`] with the scope
/// `TurnScope { pieces, captures_only: any_jump(rules, pos, pieces) }`, the
/// jumps being looked for once.
pub(crate) fn walk_obliged<R: LeapRules + ?Sized, S: PathSink>(
    rules: &R,
    pos: &Position,
    pieces: Bitset,
    mode: PathMode,
    sink: &mut S,
) {
    walk_captures(rules, pos, pieces, Captures::IfAny, mode, sink);
}

/// [`Captures`] as a constant parameter: [`Captures::Only`].
const ONLY: u8 = 0;
/// [`Captures::Allowed`] as a constant parameter.
const ALLOWED: u8 = 1;
/// [`Captures::IfAny`] as a constant parameter.
const IF_ANY: u8 = 2;

/// Which moves the walk keeps.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Captures {
    /// Only capturing moves and goal entries.
    Only,
    /// Any move.
    Allowed,
    /// As [`Captures::Only`] if a piece can jump, else as [`Captures::Allowed`].
    IfAny,
}

#[inline]
fn walk_captures<R: LeapRules + ?Sized, S: PathSink>(
    rules: &R,
    pos: &Position,
    pieces: Bitset,
    captures: Captures,
    mode: PathMode,
    sink: &mut S,
) {
    with_cell_set!(rules.board(), T => match (S::COUNTS, captures) {
        (true, Captures::Only) => count_in::<R, S, T, ONLY>(rules, pos, pieces, mode, sink),
        (true, Captures::Allowed) => count_in::<R, S, T, ALLOWED>(rules, pos, pieces, mode, sink),
        (true, Captures::IfAny) => count_in::<R, S, T, IF_ANY>(rules, pos, pieces, mode, sink),
        (false, _) => walk_in::<R, S, T>(rules, pos, pieces, captures, mode, sink),
    })
}

/// A kind whose pieces move alike and do not canter, which the walker
/// treats in bulk: their abilities and landings.
#[derive(Clone, Copy)]
struct Bulk<'a> {
    ab: Abilities,
    landings: &'a Landings,
}

/// What the pieces like `piece` (its player and kind) may do, if the walker
/// treats them in bulk: they move alike ([`LeapRules::uniform`]) and do not canter.
#[inline]
fn bulk_kind<'a, R: LeapRules + ?Sized>(rules: &'a R, pos: &Position, piece: Piece) -> Option<Bulk<'a>> {
    let (ab, landings) = rules.uniform(pos, piece)?;
    (ab.canter_dirs == 0).then_some(Bulk { ab, landings })
}

/// The cells, wherever, from which a piece that jumps in `dirs` could jump
/// onto a cell of `land_ok`.
#[inline(always)]
fn jump_sources<T: CellSet>(ctx: &Ctx<T>, dirs: DirMask, land_ok: T) -> T {
    let mut any = T::none();
    for d in dir_list(dirs) {
        any = any.or(ctx.enemies.and(land_ok.shift_back(ctx.board, d)).shift_back(ctx.board, d));
    }
    any
}

/// [`walk_in`] for a counting sink ([`PathSink::COUNTS`]), keeping the moves
/// that `CAPTURES` ([`ONLY`], [`ALLOWED`] or [`IF_ANY`]) allows: the kinds
/// whose pieces move alike and do not canter have their jumps and steps
/// counted in bulk (see [`count_jumps`]); the other pieces are walked one by
/// one.
#[inline(never)]
fn count_in<R: LeapRules + ?Sized, S: PathSink, T: CellSet, const CAPTURES: u8>(
    rules: &R,
    pos: &Position,
    pieces: Bitset,
    mode: PathMode,
    sink: &mut S,
) {
    let captures = match CAPTURES {
        ONLY => Captures::Only,
        ALLOWED => Captures::Allowed,
        _ => Captures::IfAny,
    };
    let mover = pos.to_move();
    let ctx = Ctx::<T>::new(rules, pos, mover);
    let board = ctx.board;
    let pieces = ctx.own.and(T::of(pieces));
    let mut rest = pieces;
    let (mut steps, mut goal_steps) = (0, 0);
    let mut any_jumper = false;
    // (Once a piece can jump, the steps of an obliged turn no longer count.)
    let steps_count = |any_jumper: bool| captures == Captures::Allowed || (captures == Captures::IfAny && !any_jumper);
    for (kind, cells) in by_kind(pos, pieces) {
        let Some(Bulk { ab, landings }) = bulk_kind(rules, pos, Piece { player: mover, kind }) else {
            continue;
        };
        rest = rest.minus(cells);
        let land_ok = ctx.empty.minus(T::of(landings.jump.forbidden));
        let step_ok = step_targets(&ctx, landings, false);
        // The kind's first leaps, and its steps when counted on the way.
        let (first, counted) = if steps_count(any_jumper) && ab.step_dirs == ab.jump_dirs {
            match first_leaps_or_steps(board, cells, ab.jump_dirs, ctx.enemies, land_ok, step_ok) {
                Ok(n) => (None, Some(n)),
                Err(first) => (Some(first), None),
            }
        } else {
            (first_leaps(board, cells, ab.jump_dirs, ctx.enemies, land_ok), None)
        };
        if let Some(first) = first {
            any_jumper = true;
            count_jumps(&ctx, cells, first, ab, landings, land_ok, mode, sink);
        }
        if steps_count(any_jumper) {
            steps += counted.unwrap_or_else(|| step_count(board, cells, ab.step_dirs, step_ok));
        }
        if !T::of(landings.step.goal).is_empty() {
            goal_steps += step_count(board, cells, ab.step_dirs, step_targets(&ctx, landings, true));
        }
    }
    let captures_only = match captures {
        Captures::Only => true,
        Captures::Allowed => false,
        Captures::IfAny => any_jumper || (!rest.is_empty() && any_piece_jumps(rules, pos, &ctx, rest)),
    };
    let n = if captures_only { goal_steps } else { steps };
    if n != 0 {
        sink.add_steps(n as u64);
    }
    for from in rest.cells() {
        if let Some(kind) = pos.kind_at(from) {
            walk_from(rules, pos, &ctx, from, Piece { player: mover, kind }, captures_only, mode, sink);
        }
    }
}

/// The first direction of `dirs` in which one of the pieces of `cells` can
/// leap over a piece of `over` onto a cell of `land_ok`, with where those
/// leaps land.
#[inline(always)]
fn first_leaps<T: CellSet>(board: &Board, cells: T, dirs: DirMask, over: T, land_ok: T) -> Option<(usize, T)> {
    let mut rest = dirs;
    while rest != 0 {
        let d = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        let landed = cells.shift(board, d).and(over).shift(board, d).and(land_ok);
        if !landed.is_empty() {
            return Some((d, landed));
        }
    }
    None
}

/// [`first_leaps`] for pieces that step in the directions in which they
/// leap, also counting, while none can leap, their steps onto cells of
/// `step_ok`: each direction's first step is shared. The number of steps when
/// no piece can leap, else what [`first_leaps`] gives.
#[inline(always)]
fn first_leaps_or_steps<T: CellSet>(
    board: &Board,
    cells: T,
    dirs: DirMask,
    over: T,
    land_ok: T,
    step_ok: T,
) -> Result<u32, (usize, T)> {
    // The first step in the next direction of `rest` (taken off it), unless
    // some piece can leap that way.
    let step = |rest: &mut DirMask| {
        let d = rest.trailing_zeros() as usize;
        *rest &= *rest - 1;
        let first = cells.shift(board, d);
        let landed = first.and(over).shift(board, d).and(land_ok);
        if landed.is_empty() {
            Ok(first)
        } else {
            Err((d, landed))
        }
    };
    // Two directions at a time, whose step counts add up in one go.
    let (mut n, mut rest) = (0, dirs);
    while rest != 0 {
        let a = step(&mut rest)?;
        if rest == 0 {
            return Ok(n + a.and(step_ok).count());
        }
        let b = step(&mut rest)?;
        n += a.and(step_ok).count_with(b.and(step_ok));
    }
    Ok(n)
}

/// Hands the moves of `pieces` to a sink that is not only counting (see
/// [`count_in`]): the pieces one by one in cell order, each kind whose pieces
/// move alike and do not canter with what is known of it once.
#[inline(never)]
fn walk_in<R: LeapRules + ?Sized, S: PathSink, T: CellSet>(
    rules: &R,
    pos: &Position,
    pieces: Bitset,
    captures: Captures,
    mode: PathMode,
    sink: &mut S,
) {
    let mover = pos.to_move();
    let ctx = Ctx::<T>::new(rules, pos, mover);
    let board = ctx.board;
    let pieces = ctx.own.and(T::of(pieces));
    // The bulk kinds: what their pieces may do, those of them that can jump,
    // and per direction those that can step that way (looked for while no
    // piece has been seen to jump, when the turn is not sure to be all captures).
    let mut bulk: [Option<Bulk>; MAX_KINDS] = [None; MAX_KINDS];
    let mut in_bulk = T::none();
    let mut jumpers = T::none();
    let mut stepping = [T::none(); MAX_DIRS];
    let mut step_dirs: DirMask = 0;
    let mut steppers = T::none();
    let mut goals = false;
    for (kind, cells) in by_kind(pos, pieces) {
        let Some(Bulk { ab, landings }) = bulk_kind(rules, pos, Piece { player: mover, kind }) else {
            continue;
        };
        in_bulk = in_bulk.or(cells);
        let land_ok = ctx.empty.minus(T::of(landings.jump.forbidden));
        jumpers = jumpers.or(cells.and(jump_sources(&ctx, ab.jump_dirs, land_ok)));
        bulk[kind.index()] = Some(Bulk { ab, landings });
        goals |= !T::of(landings.step.goal).is_empty();
        if captures == Captures::Allowed || (captures == Captures::IfAny && jumpers.is_empty()) {
            let ok = step_targets(&ctx, landings, false);
            step_dirs |= ab.step_dirs;
            for d in dir_list(ab.step_dirs) {
                let can = cells.and(ok.shift_back(board, d));
                stepping[d] = stepping[d].or(can);
                steppers = steppers.or(can);
            }
        }
    }
    let rest = pieces.minus(in_bulk);
    let captures_only = match captures {
        Captures::Only => true,
        Captures::Allowed => false,
        Captures::IfAny => !jumpers.is_empty() || (!rest.is_empty() && any_piece_jumps(rules, pos, &ctx, rest)),
    };
    if captures_only {
        // Only the steps onto goals are left.
        step_dirs = 0;
        steppers = T::none();
        if goals {
            stepping = [T::none(); MAX_DIRS];
            for (kind, b) in bulk.iter().enumerate() {
                let Some(b) = b else {
                    continue;
                };
                let cells = in_bulk.and(T::of(pos.kind_cells(Kind(kind as u8))));
                let ok = step_targets(&ctx, b.landings, true);
                step_dirs |= b.ab.step_dirs;
                for d in dir_list(b.ab.step_dirs) {
                    let can = cells.and(ok.shift_back(board, d));
                    stepping[d] = stepping[d].or(can);
                    steppers = steppers.or(can);
                }
            }
        }
    }
    // Only the pieces that can step or jump are walked; in any order, the steps of the bulk kinds go first.
    let walked = if S::ORDERED {
        rest.or(jumpers).or(steppers)
    } else {
        for d in dir_list(step_dirs) {
            for from in stepping[d].cells() {
                emit_step(sink, from, Cell::new(board.step_table(from)[d]), true);
            }
        }
        rest.or(jumpers)
    };
    for from in walked.cells() {
        if in_bulk.contains(from) {
            // A piece that does not canter: its steps, then its jumps.
            let mut m = if S::ORDERED { step_dirs } else { 0 };
            while m != 0 {
                let d = m.trailing_zeros() as usize;
                m &= m - 1;
                if stepping[d].contains(from) {
                    emit_step(sink, from, Cell::new(board.step_table(from)[d]), true);
                }
            }
            if jumpers.contains(from) {
                bulk_jumps(pos, &ctx, &bulk, from, captures_only, mode, sink);
            }
        } else {
            piece_moves(rules, pos, &ctx, from, captures_only, mode, sink);
        }
    }
}

/// The moves of the mover's piece on `from`, whatever it is (out of line,
/// for the walks that treat most pieces in bulk).
#[inline(never)]
fn piece_moves<R: LeapRules + ?Sized, S: PathSink, T: CellSet>(
    rules: &R,
    pos: &Position,
    ctx: &Ctx<T>,
    from: Cell,
    captures_only: bool,
    mode: PathMode,
    sink: &mut S,
) {
    if let Some(kind) = pos.kind_at(from) {
        walk_from(rules, pos, ctx, from, Piece { player: pos.to_move(), kind }, captures_only, mode, sink);
    }
}

/// The jumps of the piece on `from`, of a bulk kind (out of line: most
/// pieces do not jump).
#[inline(never)]
fn bulk_jumps<S: PathSink, T: CellSet>(
    pos: &Position,
    ctx: &Ctx<T>,
    bulk: &[Option<Bulk>; MAX_KINDS],
    from: Cell,
    captures_only: bool,
    mode: PathMode,
    sink: &mut S,
) {
    if let Some(Some(b)) = pos.kind_at(from).map(|k| bulk[k.index()]) {
        Walker::new(ctx, from, b.ab, b.landings, captures_only, mode, sink).jumps(from, T::none());
    }
}

/// For a counting sink: the jumps of the pieces of `cells`, of a bulk kind,
/// direction by direction from `first`, the first in which one can jump
/// (with where those jumps land). A jump that must end where it lands (on a
/// stop or goal, or with no jump on from there) is a move of its own, counted
/// at once; the others are walked from their first leg. (Once a piece has
/// jumped in direction `d`, what it leapt over is gone and the cell it left
/// is behind it: going on in any direction but back, it meets the same
/// pieces and empty cells as a piece standing there before the move.)
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn count_jumps<S: PathSink, T: CellSet>(
    ctx: &Ctx<T>,
    cells: T,
    (first, first_landed): (usize, T),
    ab: Abilities,
    landings: &Landings,
    land_ok: T,
    mode: PathMode,
    sink: &mut S,
) {
    let board = ctx.board;
    // Per direction, the cells, wherever, from which a jump that way lands.
    let mut sources = [T::none(); MAX_DIRS];
    let mut any = T::none();
    for d in dir_list(ab.jump_dirs) {
        sources[d] = ctx.enemies.and(land_ok.shift_back(board, d)).shift_back(board, d);
        any = any.or(sources[d]);
    }
    let ends = T::of(landings.jump.stop | landings.jump.goal);
    let mut single = 0;
    // (No jump goes in a direction before the first.)
    for d in dir_list(ab.jump_dirs & !((1 << first) - 1)) {
        let landed = if d == first {
            first_landed
        } else {
            let jumping = cells.and(sources[d]);
            if jumping.is_empty() {
                continue;
            }
            jumping.shift(board, d).shift(board, d)
        };
        let back = board.opposite(d);
        // (Pieces that cannot jump back, such as checkers men, go on wherever they could jump.)
        let onward = if ab.jump_dirs & (1 << back) == 0 {
            any
        } else {
            dir_list(ab.jump_dirs & !(1 << back)).fold(T::none(), |on, e| on.or(sources[e]))
        };
        let going_on = landed.minus(ends).and(onward);
        single += landed.minus(going_on).count_few();
        if !going_on.is_empty() {
            jumps_going_on(ctx, going_on, d, ab, landings, mode, sink);
        }
    }
    sink.add_steps(single as u64);
}

/// For [`count_jumps`]: the jumps in direction `d` of pieces of a bulk kind
/// that land on `going_on` and go on from there, walked from their first leg
/// (out of line: few jumps go on).
#[inline(never)]
fn jumps_going_on<S: PathSink, T: CellSet>(
    ctx: &Ctx<T>,
    going_on: T,
    d: usize,
    ab: Abilities,
    landings: &Landings,
    mode: PathMode,
    sink: &mut S,
) {
    let back = ctx.board.opposite(d);
    for land in going_on.cells() {
        let from = Cell::new(ctx.board.leap_table(land)[back]);
        // (Whether only captures are allowed matters to canters only.)
        Walker::new(ctx, from, ab, landings, true, mode, sink).jump(from, d, T::none());
    }
}

/// Whether one of `pieces` (the mover's) could jump, looked at piece by piece.
#[inline]
fn any_piece_jumps<R: LeapRules + ?Sized, T: CellSet>(rules: &R, pos: &Position, ctx: &Ctx<T>, pieces: T) -> bool {
    let (board, mover) = (ctx.board, pos.to_move());
    pieces.cells().any(|c| {
        if T::around(board, c).and(ctx.enemies).is_empty() {
            return false;
        }
        let Some(kind) = pos.kind_at(c) else {
            return false;
        };
        let piece = Piece { player: mover, kind };
        let ab = rules.abilities(pos, c, piece);
        if ab.jump_dirs == 0 {
            return false;
        }
        let forbidden = T::of(rules.landings(pos, c, piece).jump.forbidden);
        jump_from(board, c, ab.jump_dirs, ctx.enemies, ctx.empty.minus(forbidden))
    })
}

/// The cells a one-step move of a piece with these `landings` may end on:
/// empty ones it may land on, and only goals when the move must capture.
#[inline]
fn step_targets<T: CellSet>(ctx: &Ctx<T>, landings: &Landings, captures_only: bool) -> T {
    let ok = ctx.empty.minus(T::of(landings.step.forbidden));
    if captures_only {
        ok.and(T::of(landings.step.goal))
    } else {
        ok
    }
}

/// Enumerates the moves of the piece on `from` (see [`walk`]).
pub fn walk_piece<R: LeapRules + ?Sized, S: PathSink>(
    rules: &R,
    pos: &Position,
    from: Cell,
    captures_only: bool,
    mode: PathMode,
    sink: &mut S,
) {
    let Some(piece) = pos.piece_at(from) else {
        return;
    };
    with_cell_set!(rules.board(), T => {
        let ctx = Ctx::<T>::new(rules, pos, piece.player);
        walk_from(rules, pos, &ctx, from, piece, captures_only, mode, sink);
    })
}

/// Hands a one-step move to `sink`; `lone` when the piece does not canter.
#[inline]
fn emit_step<S: PathSink>(sink: &mut S, from: Cell, to: Cell, lone: bool) {
    if S::PATHS {
        let legs = [Leg { to, kind: LegKind::Step }];
        if sink.follow(&legs, Bitset::EMPTY) {
            sink.emit(from, to, &legs, Bitset::EMPTY);
        }
    } else if lone {
        sink.emit_lone_step(from, to);
    } else {
        sink.emit(from, to, &[], Bitset::EMPTY);
    }
}

/// The moves of `piece` on `from`: steps straight to the sink, then jumps
/// and canters through a [`Walker`] when the piece has a neighbour to leap.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn walk_from<R: LeapRules + ?Sized, S: PathSink, T: CellSet>(
    rules: &R,
    pos: &Position,
    ctx: &Ctx<T>,
    from: Cell,
    piece: Piece,
    captures_only: bool,
    mode: PathMode,
    sink: &mut S,
) {
    let board = ctx.board;
    let ab = rules.abilities(pos, from, piece);
    let landings = rules.landings(pos, from, piece);
    if ab.step_dirs != 0 && (!captures_only || !landings.step.goal.is_empty()) {
        let steps = board.step_table(from);
        let mut m = ctx.empty.minus(T::of(landings.step.forbidden)).gather_some(steps, ab.step_dirs);
        while m != 0 {
            let d = m.trailing_zeros() as usize;
            m &= m - 1;
            let to = Cell::new(steps[d]);
            if !captures_only || landings.step.get(to) == Landing::Goal {
                emit_step(sink, from, to, ab.canter_dirs == 0);
            }
        }
    }
    // A cell is not its own neighbour: friends next to it are other pieces.
    let around = T::around(board, from);
    let jumps = ab.jump_dirs != 0 && !around.and(ctx.enemies).is_empty();
    let canters = ab.canter_dirs != 0
        && (!captures_only || ab.charge || !landings.canter.goal.is_empty())
        && !around.and(ctx.own).is_empty();
    if !jumps && !canters {
        return;
    }
    let mut w = Walker::new(ctx, from, ab, landings, captures_only, mode, sink);
    if jumps {
        w.jumps(from, T::none());
    }
    if canters {
        w.canters(from, false);
    }
}

struct Walker<'a, S, T> {
    board: &'a Board,
    from: Cell,
    ab: Abilities,
    landings: &'a Landings,
    friends: T,
    enemies: T,
    /// Empty cells a canter may land on.
    canter_ok: T,
    /// Empty cells a jump may land on (before captures).
    jump_ok: T,
    captures_only: bool,
    mode: PathMode,
    legs: Legs,
    last: Cell,
    visited_any: T,
    visited_clean: T,
    on_path: T,
    sink: &'a mut S,
}

impl<'a, S: PathSink, T: CellSet> Walker<'a, S, T> {
    /// A walker for the piece on `from`, with nothing walked yet.
    #[inline]
    fn new(
        ctx: &Ctx<'a, T>,
        from: Cell,
        ab: Abilities,
        landings: &'a Landings,
        captures_only: bool,
        mode: PathMode,
        sink: &'a mut S,
    ) -> Walker<'a, S, T> {
        let here = T::single(from);
        let empty = ctx.empty.or(here);
        Walker {
            board: ctx.board,
            from,
            ab,
            landings,
            friends: ctx.own.minus(here),
            enemies: ctx.enemies,
            canter_ok: empty.minus(T::of(landings.canter.forbidden)),
            jump_ok: empty.minus(T::of(landings.jump.forbidden)),
            captures_only,
            mode,
            legs: Legs::new(),
            last: from,
            visited_any: T::none(),
            visited_clean: T::none(),
            on_path: here,
            sink,
        }
    }

    /// Adds a leg; `false` when the sink abandons the branch (nothing added).
    #[inline]
    fn push(&mut self, to: Cell, kind: LegKind, captured: T) -> bool {
        if !S::PATHS {
            self.last = to;
            return true;
        }
        self.legs.push(Leg { to, kind });
        if self.sink.follow(&self.legs, captured.to_bitset()) {
            self.last = to;
            true
        } else {
            self.legs.pop();
            false
        }
    }

    /// Removes the last leg; `back` is the cell the piece stood on before it.
    #[inline]
    fn pop(&mut self, back: Cell) {
        if S::PATHS {
            self.legs.pop();
        }
        self.last = back;
    }

    #[inline(always)]
    fn emit(&mut self, captured: T) {
        self.sink.emit(self.from, self.last, &self.legs, captured.to_bitset());
    }

    /// Whether the piece, standing on `sq` before any capture, could jump.
    #[inline]
    fn could_jump(&self, sq: Cell) -> bool {
        if T::around(self.board, sq).and(self.enemies).is_empty() {
            return false;
        }
        // (`jump_ok` already leaves out the cells a jump may never land on.)
        let m = self.enemies.gather_some(self.board.step_table(sq), self.ab.jump_dirs);
        m != 0 && self.jump_ok.gather_some(self.board.leap_table(sq), m) != 0
    }

    /// Canters on from `sq`; `tainted` records a landing from which the piece could have jumped.
    fn canters(&mut self, sq: Cell, tainted: bool) {
        if T::around(self.board, sq).and(self.friends).is_empty() {
            return;
        }
        let leaps = self.board.leap_table(sq);
        let mut m = self.ab.canter_dirs & self.friends.gather(self.board.step_table(sq)) & self.canter_ok.gather(leaps);
        while m != 0 {
            let d = m.trailing_zeros() as usize;
            m &= m - 1;
            let land = Cell::new(leaps[d]);
            let landing = self.landings.canter.get(land);
            let ends = landing != Landing::Continue;
            let taint = tainted || (self.ab.canter_must_capture && !ends && self.could_jump(land));
            match self.mode {
                PathMode::Simple => {
                    if self.on_path.contains(land) {
                        continue;
                    }
                }
                PathMode::Distinct => {
                    if self.visited_clean.contains(land) || (taint && self.visited_any.contains(land)) {
                        continue;
                    }
                    self.visited_any.insert(land);
                    if !taint {
                        self.visited_clean.insert(land);
                    }
                }
            }
            if !self.push(land, LegKind::Canter, T::none()) {
                continue;
            }
            self.on_path.insert(land);
            let may_end = land != self.from
                && match landing {
                    Landing::Goal => true,
                    _ => !self.captures_only && !taint,
                };
            if may_end {
                self.emit(T::none());
            }
            if !ends {
                self.canters(land, taint);
                if self.ab.charge {
                    self.jumps(land, T::none());
                }
            }
            self.on_path.remove(land);
            self.pop(sq);
        }
    }

    /// Jumps on from `sq` having captured `captured`; returns whether any jump was possible.
    fn jumps(&mut self, sq: Cell, captured: T) -> bool {
        let over = self.enemies.minus(captured);
        if T::around(self.board, sq).and(over).is_empty() {
            return false;
        }
        let steps = self.board.step_table(sq);
        let leaps = self.board.leap_table(sq);
        let land_ok = self.jump_ok.or(captured).minus(T::of(self.landings.jump.forbidden));
        let mut m = over.gather_some(steps, self.ab.jump_dirs);
        if m != 0 {
            m &= land_ok.gather_some(leaps, m);
        }
        let any = m != 0;
        while m != 0 {
            let d = m.trailing_zeros() as usize;
            m &= m - 1;
            self.jump(sq, d, captured);
        }
        any
    }

    /// Jumps from `sq` in direction `d` (a jump that is possible) having
    /// captured `captured`, and on from where it lands.
    #[inline(always)]
    fn jump(&mut self, sq: Cell, d: usize, captured: T) {
        let (over, land) = (Cell::new(self.board.step_table(sq)[d]), Cell::new(self.board.leap_table(sq)[d]));
        let now = captured.or(T::single(over));
        if !self.push(land, LegKind::Jump, now) {
            return;
        }
        if self.landings.jump.get(land) != Landing::Continue || !self.jumps(land, now) {
            self.emit(now);
        }
        self.pop(sq);
    }
}

/// A sink that keeps each distinct move once, by its [`MoveKey`].
#[derive(Default, Debug, Clone)]
pub struct KeyList {
    /// The distinct moves found, in the order found.
    pub keys: Vec<MoveKey>,
    quiet_from: Option<Cell>,
    quiet_seen: Bitset,
}

impl KeyList {
    /// An empty list.
    pub fn new() -> KeyList {
        KeyList::default()
    }
    /// Empties the list for reuse.
    pub fn clear(&mut self) {
        self.keys.clear();
        self.quiet_from = None;
        self.quiet_seen = Bitset::EMPTY;
    }
}

impl PathSink for KeyList {
    const PATHS: bool = false;
    #[inline]
    fn emit_lone_step(&mut self, from: Cell, to: Cell) {
        self.keys.push(MoveKey { from, to, captured: Bitset::EMPTY });
    }
    #[inline]
    fn emit(&mut self, from: Cell, to: Cell, _legs: &[Leg], captured: Bitset) {
        let key = MoveKey { from, to, captured };
        if captured.is_empty() {
            if self.quiet_from != Some(from) {
                self.quiet_from = Some(from);
                self.quiet_seen = Bitset::EMPTY;
            }
            if self.quiet_seen.contains(to) {
                return;
            }
            self.quiet_seen.insert(to);
        } else if self.keys.iter().any(|k| k.is_capture() && *k == key) {
            return;
        }
        self.keys.push(key);
    }
}

/// A [`KeyList`] filled in any order (see [`PathSink::ORDERED`]).
pub(crate) struct AnyOrder<'a>(pub(crate) &'a mut KeyList);

impl PathSink for AnyOrder<'_> {
    const PATHS: bool = false;
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
    pub moves: Vec<crate::moves::Move>,
}

impl PathSink for PathList {
    fn emit(&mut self, from: Cell, _to: Cell, legs: &[Leg], captured: Bitset) {
        self.moves.push(crate::moves::Move { from, legs: legs.iter().copied().collect(), captured });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn word_counts() {
        let mut x = 0x9E37_79B9_7F4A_7C15_u64;
        for _ in 0..1000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let y = x.rotate_left(29) & x.wrapping_mul(3);
            assert_eq!(Word(x).count_with(Word(y)), x.count_ones() + y.count_ones());
            assert_eq!(Word(x & y).count_few(), (x & y).count_ones());
        }
        assert_eq!(Word(u64::MAX).count_with(Word(u64::MAX)), 128);
        assert_eq!(Word(0).count_with(Word(0)), 0);
    }
}
