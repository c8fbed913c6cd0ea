//! Retrograde analysis: the value of every position of a [`Layout`],
//! material by material, fewer pieces first.
//!
//! Captures only remove pieces, so the moves of a position either stay in
//! its material (steps and canters) or lead to a material solved before.
//! Within one material the values are found in layers of distance:
//!
//! 1. **First pass.** Every position is looked at once. A finished game
//!    (or a player with no move) gets its value at distance 0. A position
//!    whose moves all leave the material (a capture is obligatory) gets its
//!    value from theirs. Otherwise the shortest win through a capture is
//!    noted, to be taken in its layer if nothing shorter turns up.
//! 2. **Layer `n`** (1, 2, ...). The positions whose value was found at
//!    distance `n - 1` mark the positions that could have led to them, and
//!    those noted as winning in `n` are marked too. Each marked position
//!    still without a value is looked at again, by its moves: it wins in
//!    `n` if some move leads to a loss in `n - 1`, and it loses if every
//!    move leads to a win (in as many plies as the longest, plus one).
//!    The layers end when no value was found at the last distance and no
//!    noted win is left.
//! 3. What is left has no forced result: a draw (repetition is a draw and
//!    the move limit is not applied, the convention for solved games).
//!
//! The positions that could have led to a position are found by undoing
//! a step or a chain of canters of one of the last mover's pieces (the
//! only moves that keep the material), a pass, and a castle move's count:
//! a superset of the real predecessors, since each is looked at again by
//! its own moves with the game's move generator, which alone decides what
//! is legal. So the solver applies the variant's rules exactly as play does.

use crate::error::SolveError;
use crate::layout::{Layout, Word};
use crate::table::Table;
use crate::value::{Value, MAX_PLIES};
use leap_core::{Cell, Game, GameResult, KeyList, Position, MAX_DIRS};
use rayon::prelude::*;
use std::ops::Range;
use std::sync::atomic::{AtomicU32, AtomicU64, AtomicU8, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Positions looked at together by one thread.
const CHUNK: usize = 1 << 14;

/// Where a solve has got to, for a progress display.
#[derive(Clone, Debug)]
pub struct Progress {
    /// The material being solved (its number in the layout's order).
    pub slot: usize,
    /// How many materials there are.
    pub materials: usize,
    /// The material in words (`KMM v KM`).
    pub material: String,
    /// Its positions.
    pub positions: u64,
    /// The layer being solved (0: the first pass).
    pub layer: u32,
    /// Time since the solve started.
    pub elapsed: Duration,
}

/// What one material took, for reports.
#[derive(Clone, Debug)]
pub struct MaterialReport {
    /// The material in words.
    pub material: String,
    /// Its positions.
    pub positions: u64,
    /// The layers after the first pass.
    pub layers: u32,
    /// Time taken.
    pub time: Duration,
}

/// Solves every position of `layout`, a layout of `game`: the table of
/// their values. `progress` is called as each material and layer begins;
/// `reports` gets what each material took.
///
/// ```
/// // Two Men a side on Camette's board, solved in full.
/// let camette = leap_camelot::load("camette").unwrap();
/// let layout = leap_solve::Layout::new(&camette, Some(2)).unwrap();
/// let table = leap_solve::solve(&camette, layout, &|_| {}, &mut Vec::new()).unwrap();
/// let counts = table.counts().unwrap();
/// assert_eq!(counts.wins + counts.losses + counts.draws, table.layout().len());
/// ```
pub fn solve<G: Game>(
    game: &G,
    layout: Layout,
    progress: &(dyn Fn(&Progress) + Sync),
    reports: &mut Vec<MaterialReport>,
) -> Result<Table, SolveError> {
    let len = usize::try_from(layout.len()).map_err(|_| SolveError::TooLarge {
        positions: Some(layout.len()),
        bytes_needed: None,
        bytes_available: None,
    })?;
    let values: Vec<AtomicU8> = std::iter::repeat_with(|| AtomicU8::new(0)).take(len).collect();
    let board = game.board();
    let compact = |c: Option<Cell>| c.and_then(|c| layout.compact(c)).map_or(NONE, |c| c as u8);
    let steps = (0..layout.cell_count())
        .map(|c| {
            std::array::from_fn(|d| if d < board.dir_count() { compact(board.step(layout.cell(c), d)) } else { NONE })
        })
        .collect();
    let leaps = (0..layout.cell_count())
        .map(|c| {
            std::array::from_fn(|d| {
                match (d < board.dir_count()).then(|| board.leap_over(layout.cell(c), d)).flatten() {
                    Some((over, land)) => (compact(Some(over)), compact(Some(land))),
                    None => (NONE, NONE),
                }
            })
        })
        .collect();
    let solver = Solver { game, layout: &layout, values, steps, leaps };
    let started = Instant::now();
    for slot in 0..layout.materials().len() {
        let began = Instant::now();
        let layers = solver.solve_material(slot, started, progress)?;
        reports.push(MaterialReport {
            material: layout.materials()[slot].describe(game),
            positions: layout.range(slot).end - layout.range(slot).start,
            layers,
            time: began.elapsed(),
        });
    }
    let values = solver.values.into_iter().map(AtomicU8::into_inner).collect();
    Table::new(game, layout, values)
}

/// What looking at a position's moves found.
enum Found {
    /// Its value.
    Value(Value),
    /// A win in this many plies through a move that leaves the material
    /// (first pass only): taken in that layer unless a shorter one turns up.
    WinLater(u32),
    /// Nothing yet.
    Open,
}

/// When a position is looked at.
#[derive(Clone, Copy)]
enum Pass {
    /// The first pass: the material's own values are not known yet.
    First,
    /// Layer `n`: values at distances below `n` are all known.
    Layer(u32),
}

struct Solver<'a, G> {
    game: &'a G,
    layout: &'a Layout,
    values: Vec<AtomicU8>,
    /// Per compact cell: its neighbour in each direction ([`NONE`]: none).
    steps: Vec<[u8; MAX_DIRS]>,
    /// Per compact cell: the cell leapt over and the landing cell of a leap
    /// in each direction (landing [`NONE`]: none).
    leaps: Vec<[(u8, u8); MAX_DIRS]>,
}

/// No cell, in the compact tables of the solver.
const NONE: u8 = u8::MAX;

/// The distance of a table byte's value, if it is a win or a loss.
#[inline]
fn distance(byte: u8) -> Option<u32> {
    Value::from_byte(byte).plies().filter(|_| byte != 0)
}

/// The value of a finished game for the player to move.
fn outcome_value(pos: &Position, result: GameResult) -> Value {
    match result {
        GameResult::Draw => Value::Draw,
        GameResult::Win(p) if p == pos.to_move() => Value::Win { plies: 0 },
        GameResult::Win(_) => Value::Loss { plies: 0 },
    }
}

impl<G: Game> Solver<'_, G> {
    #[inline]
    fn byte(&self, index: u64) -> u8 {
        self.values[index as usize].load(Ordering::Relaxed)
    }

    /// Solves the `slot`th material; returns the number of layers.
    fn solve_material(
        &self,
        slot: usize,
        started: Instant,
        progress: &(dyn Fn(&Progress) + Sync),
    ) -> Result<u32, SolveError> {
        let range = self.layout.range(slot);
        let size = (range.end - range.start) as usize;
        let report = |layer| {
            progress(&Progress {
                slot,
                materials: self.layout.materials().len(),
                material: self.layout.materials()[slot].describe(self.game),
                positions: size as u64,
                layer,
                elapsed: started.elapsed(),
            })
        };
        report(0);
        let error = Mutex::new(None);
        let fail = |e: SolveError| {
            let mut slot = error.lock().unwrap_or_else(|p| p.into_inner());
            slot.get_or_insert(e);
        };
        let longest = AtomicU32::new(0);
        // The first pass: `later` notes each position's win through a capture.
        let mut later = vec![0u8; size];
        later.par_chunks_mut(CHUNK).enumerate().for_each_init(KeyList::new, |list, (c, chunk)| {
            for (j, note) in chunk.iter_mut().enumerate() {
                let index = range.start + (c * CHUNK + j) as u64;
                let pos = self.layout.position(index);
                match self.look(&pos, &range, Pass::First, list) {
                    Ok(Found::Value(v)) => {
                        if let Err(e) = self.store(index, v, &longest) {
                            fail(e);
                        }
                    }
                    Ok(Found::WinLater(plies)) if plies <= MAX_PLIES => *note = plies as u8,
                    Ok(Found::WinLater(plies)) => fail(SolveError::TooDeep { plies }),
                    Ok(Found::Open) => {}
                    Err(e) => fail(e),
                }
            }
        });
        if let Some(e) = error.lock().unwrap_or_else(|p| p.into_inner()).take() {
            return Err(e);
        }
        let latest_note = later.par_iter().copied().max().unwrap_or(0) as u32;
        let marks: Vec<AtomicU64> = std::iter::repeat_with(|| AtomicU64::new(0)).take(size.div_ceil(64)).collect();
        let missed = AtomicU64::new(0);
        let mut layer = 1;
        while layer <= latest_note || layer <= longest.load(Ordering::Relaxed) + 1 {
            report(layer);
            // Mark what could lead to the values found at distance `layer - 1`.
            later.par_chunks(CHUNK).enumerate().for_each(|(c, chunk)| {
                for (j, &note) in chunk.iter().enumerate() {
                    let local = c * CHUNK + j;
                    let index = range.start + local as u64;
                    let byte = self.byte(index);
                    if byte == 0 {
                        if note as u32 == layer {
                            marks[local / 64].fetch_or(1 << (local % 64), Ordering::Relaxed);
                        }
                    } else if distance(byte) == Some(layer - 1) {
                        self.mark_predecessors(index, &range, &marks);
                    }
                }
            });
            // Look again at each marked position.
            marks.par_iter().enumerate().for_each_init(KeyList::new, |list, (w, word)| {
                let mut bits = word.swap(0, Ordering::Relaxed);
                while bits != 0 {
                    let local = w * 64 + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    let index = range.start + local as u64;
                    if self.byte(index) != 0 {
                        continue;
                    }
                    let pos = self.layout.position(index);
                    match self.look(&pos, &range, Pass::Layer(layer), list) {
                        Ok(Found::Value(v)) => {
                            if v.plies().is_some_and(|p| p < layer) {
                                missed.fetch_add(1, Ordering::Relaxed);
                            }
                            if let Err(e) = self.store(index, v, &longest) {
                                fail(e);
                            }
                        }
                        Ok(_) => {}
                        Err(e) => fail(e),
                    }
                }
            });
            if let Some(e) = error.lock().unwrap_or_else(|p| p.into_inner()).take() {
                return Err(e);
            }
            layer += 1;
        }
        match missed.load(Ordering::Relaxed) {
            0 => Ok(layer - 1),
            n => Err(SolveError::Unsupported(format!(
                "{n} positions of {} were found late: a move kept the material without being a step, \
                 a canter or a pass, which the solver does not undo",
                self.layout.materials()[slot].describe(self.game)
            ))),
        }
    }

    /// Stores the value of the position `index`.
    fn store(&self, index: u64, value: Value, longest: &AtomicU32) -> Result<(), SolveError> {
        let byte = value.to_byte().ok_or(SolveError::TooDeep { plies: value.plies().unwrap_or(0) })?;
        longest.fetch_max(value.plies().unwrap_or(0), Ordering::Relaxed);
        self.values[index as usize].store(byte, Ordering::Relaxed);
        Ok(())
    }

    /// Looks at the moves of `pos`, a position of the material `range`.
    fn look(&self, pos: &Position, range: &Range<u64>, pass: Pass, list: &mut KeyList) -> Result<Found, SolveError> {
        if let Some(o) = self.game.decided(pos) {
            return Ok(Found::Value(outcome_value(pos, o.result)));
        }
        self.game.legal_moves_unordered_into(pos, list);
        if list.keys.is_empty() {
            return Ok(Found::Value(outcome_value(pos, self.game.no_moves(pos).result)));
        }
        // The shortest loss for the opponent among the moves, whether every
        // move wins for the opponent, and the longest such win.
        let mut shortest_loss: Option<u32> = None;
        let (mut all_won, mut longest_win) = (true, 0);
        let mut open_inside = false;
        for key in &list.keys {
            let child = self.game.play_unchecked(pos, key);
            let index = self.layout.index(&child).ok_or_else(|| SolveError::OutsideLayout {
                from: leap_core::notation::format_position(self.game, pos),
            })?;
            let inside = range.contains(&index);
            if inside && matches!(pass, Pass::First) {
                open_inside = true;
                all_won = false;
                continue;
            }
            let byte = self.byte(index);
            match (byte != 0).then(|| Value::from_byte(byte)) {
                Some(Value::Loss { plies })
                    if matches!(pass, Pass::First) || matches!(pass, Pass::Layer(n) if plies < n) =>
                {
                    shortest_loss = Some(shortest_loss.map_or(plies, |s| s.min(plies)));
                }
                Some(Value::Win { plies }) => longest_win = longest_win.max(plies),
                _ => all_won = false,
            }
        }
        Ok(match shortest_loss {
            Some(plies) if open_inside => Found::WinLater(plies + 1),
            Some(plies) => Found::Value(Value::Win { plies: plies + 1 }),
            None if all_won => Found::Value(Value::Loss { plies: longest_win + 1 }),
            None if !open_inside && matches!(pass, Pass::First) => Found::Value(Value::Draw),
            None => Found::Open,
        })
    }

    /// Marks every position of the material `range` without a value yet
    /// from which one move could lead to the position `index`.
    fn mark_predecessors(&self, index: u64, range: &Range<u64>, marks: &[AtomicU64]) {
        let layout = self.layout;
        let packed = layout.unpack(index);
        let kinds = layout.kinds();
        let (to_move, c0, c1) = layout.unstate(packed.state);
        let mover = 1 - to_move;
        let occupied = packed.words.iter().fold(0 as Word, |a, w| a | w);
        let mine = packed.words[mover * kinds..(mover + 1) * kinds].iter().fold(0 as Word, |a, w| a | w);
        let empty = !occupied;
        // Before the move: the mover to move, and perhaps one castle move fewer.
        let mut states = [layout.state(mover, c0, c1); 2];
        let count = if mover == 0 { c0 } else { c1 };
        let n_states = if count > 0 {
            states[1] = if mover == 0 { layout.state(mover, c0 - 1, c1) } else { layout.state(mover, c0, c1 - 1) };
            2
        } else {
            1
        };
        let mark = |words: &[Word; 2 * leap_core::MAX_KINDS]| {
            for &state in &states[..n_states] {
                let i = layout.packed_index(&crate::layout::Packed { slot: packed.slot, words: *words, state });
                if self.byte(i) == 0 {
                    let local = (i - range.start) as usize;
                    marks[local / 64].fetch_or(1 << (local % 64), Ordering::Relaxed);
                }
            }
        };
        mark(&packed.words);
        for g in mover * kinds..(mover + 1) * kinds {
            let mut pieces = packed.words[g];
            while pieces != 0 {
                let to = pieces.trailing_zeros() as usize;
                pieces &= pieces - 1;
                let back_from = |from: usize| {
                    let mut words = packed.words;
                    words[g] ^= (1 << to) | (1 << from);
                    mark(&words);
                };
                for &from in &self.steps[to] {
                    if from != NONE && empty >> from & 1 == 1 {
                        back_from(from as usize);
                    }
                }
                // Canters, undone: leaps over the mover's other pieces.
                let others = mine & !(1 << to);
                let mut seen: Word = 1 << to;
                let mut stack = [0u8; crate::layout::MAX_SOLVE_CELLS];
                let (mut top, mut at) = (0, to);
                loop {
                    for &(over, land) in &self.leaps[at] {
                        if land != NONE && others >> over & 1 == 1 && empty >> land & 1 == 1 && seen >> land & 1 == 0 {
                            seen |= 1 << land;
                            stack[top] = land;
                            top += 1;
                            back_from(land as usize);
                        }
                    }
                    if top == 0 {
                        break;
                    }
                    top -= 1;
                    at = stack[top] as usize;
                }
            }
        }
    }
}
