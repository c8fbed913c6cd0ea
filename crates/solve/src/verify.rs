//! The independent check of a table: every position's value re-derived
//! from its moves' values, in one forward pass.
//!
//! The check shares neither the solver's indexing nor its update logic. It
//! reads the table's order (see [`crate::layout`]) with its own code: the
//! combinations of each group are listed by Gosper's rule (the next larger
//! word with as many bits, which is colexicographic order) and numbered by
//! a hash map, where the solver computes ranks with binomial sums; and
//! each position's value is the best of its moves' values by
//! [`Value::before`], where the solver works backwards from the end in
//! layers. A table that passes holds the game's values: the wins and
//! losses have their distances strictly falling along every line the check
//! accepted, down to finished games judged by the game's own rules, and a
//! position marked drawn with a winning move would fail.

use crate::error::SolveError;
use crate::layout::{Material, Word};
use crate::table::Table;
use crate::value::Value;
use leap_core::{Cell, Game, GameResult, KeyList, Kind, Piece, Player, Position, CELL_INDICES};
use rayon::prelude::*;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

/// What the check found.
#[derive(Clone, Debug, Default)]
pub struct Check {
    /// Positions checked.
    pub positions: u64,
    /// Positions whose value differs from the one their moves give.
    pub wrong: u64,
    /// A few of them: the position string, the table's value and the value
    /// re-derived from the moves.
    pub examples: Vec<(String, Value, Value)>,
}

/// The combinations of `k` of `n` numbered cells, in the table's order:
/// sorted, so that a combination's number is found by binary search.
struct Combinations {
    masks: Vec<Word>,
}

impl Combinations {
    fn new(n: usize, k: usize) -> Combinations {
        let mut masks = Vec::new();
        if k == 0 {
            masks.push(0);
        } else if k <= n {
            let mut m: Word = (1 << k) - 1;
            loop {
                masks.push(m);
                // Gosper's rule: the next larger word with `k` bits.
                let c = m & m.wrapping_neg();
                let r = m.wrapping_add(c);
                m = (((r ^ m) >> 2) / c) | r;
                if n < Word::BITS as usize && m >> n != 0 || r == 0 {
                    break;
                }
            }
        }
        Combinations { masks }
    }

    fn number(&self, mask: Word) -> Option<u64> {
        self.masks.binary_search(&mask).ok().map(|i| i as u64)
    }
}

/// One material as the reader sees it.
struct Part {
    material: Material,
    start: u64,
    /// Each group's piece and count, and its combinations.
    groups: Vec<(Piece, usize, usize)>,
}

/// The table's order, read independently of [`crate::Layout`].
struct Reader {
    /// The board's cells in board order, and each cell index's number among them.
    cells: Vec<Cell>,
    number: Vec<Option<usize>>,
    counters: u64,
    parts: Vec<Part>,
    find: HashMap<Material, usize>,
    /// Combinations by (cells, count), referred to by index from the groups.
    combinations: Vec<Combinations>,
}

impl Reader {
    fn new<G: Game>(game: &G, table: &Table) -> Reader {
        let layout = table.layout();
        let cells: Vec<Cell> = game.board().cells().iter().collect();
        let mut number = vec![None; CELL_INDICES];
        for (i, c) in cells.iter().enumerate() {
            number[c.index()] = Some(i);
        }
        let kinds = layout.kinds();
        let counters = game.counter_limit() as u64 + 1;
        let mut known: HashMap<(usize, usize), usize> = HashMap::new();
        let mut combinations = Vec::new();
        let mut parts = Vec::new();
        let mut start = 0u64;
        for m in layout.materials() {
            let mut free = cells.len();
            let mut placements = 1u64;
            let mut groups = Vec::new();
            for p in 0..2 {
                for k in 0..kinds {
                    let n = m.0[p][k] as usize;
                    let c = *known.entry((free, n)).or_insert_with(|| {
                        combinations.push(Combinations::new(free, n));
                        combinations.len() - 1
                    });
                    placements *= combinations[c].masks.len() as u64;
                    groups.push((Piece { player: Player(p as u8), kind: Kind(k as u8) }, n, c));
                    free = free.saturating_sub(n);
                }
            }
            parts.push(Part { material: *m, start, groups });
            start += placements * 2 * counters * counters;
        }
        let find = parts.iter().enumerate().map(|(i, p)| (p.material, i)).collect();
        Reader { cells, number, counters, parts, find, combinations }
    }

    /// The table index of `pos`.
    fn index(&self, pos: &Position) -> Option<u64> {
        let part = &self.parts[*self.find.get(&Material::of(pos))?];
        // Cells taken by the groups before, by board number.
        let mut taken: Word = 0;
        let (mut placement, mut scale) = (0u64, 1u64);
        for &(piece, _, c) in &part.groups {
            let cells = pos.pieces_of(piece.player) & pos.kind_cells(piece.kind);
            // The group's cells numbered among the cells still free.
            let mut mask: Word = 0;
            let mut mine: Word = 0;
            let mut low = cells.low_word();
            let wide = cells.len() != low.count_ones();
            let mut rest = if wide { cells.iter().collect() } else { Vec::new() }.into_iter();
            loop {
                // (Cells below 64 from the word, without a walk of the whole set.)
                let cell = if wide {
                    match rest.next() {
                        Some(c) => c,
                        None => break,
                    }
                } else if low != 0 {
                    let c = Cell::new(low.trailing_zeros() as u8);
                    low &= low - 1;
                    c
                } else {
                    break;
                };
                let i = self.number[cell.index()]?;
                let before = (taken & ((1 << i) - 1)).count_ones();
                mask |= 1 << (i as u32 - before);
                mine |= 1 << i;
            }
            let combos = &self.combinations[c];
            placement += combos.number(mask)? * scale;
            scale *= combos.masks.len() as u64;
            taken |= mine;
        }
        let v = self.counters;
        let state =
            (pos.to_move().index() as u64 * v + pos.counter(Player(0)) as u64) * v + pos.counter(Player(1)) as u64;
        Some(part.start + placement * 2 * v * v + state)
    }

    /// `pos` with the player to move and the counters of `state`.
    fn in_state(&self, mut pos: Position, state: u64) -> Position {
        let v = self.counters;
        pos.set_to_move(Player((state / (v * v)) as u8));
        pos.set_counter(Player(0), (state / v % v) as u8);
        pos.set_counter(Player(1), (state % v) as u8);
        pos
    }

    /// The position of the `placement`th placement of the `part`th material, in `state`.
    fn position(&self, part: usize, placement: u64, state: u64) -> Position {
        let v = self.counters;
        let mut pos = Position::empty(Player((state / (v * v)) as u8));
        pos.set_counter(Player(0), (state / v % v) as u8);
        pos.set_counter(Player(1), (state % v) as u8);
        let mut taken: Word = 0;
        let mut rest = placement;
        for &(piece, _, c) in &self.parts[part].groups {
            let combos = &self.combinations[c];
            let count = combos.masks.len() as u64;
            let mask = combos.masks[(rest % count) as usize];
            rest /= count;
            // The `j`th free cell for each bit `j` of the mask, counting up.
            let (mut j, mut added): (u32, Word) = (0, 0);
            for (i, cell) in self.cells.iter().enumerate() {
                if taken >> i & 1 == 1 {
                    continue;
                }
                if mask >> j & 1 == 1 {
                    pos.put(*cell, piece);
                    added |= 1 << i;
                }
                j += 1;
            }
            taken |= added;
        }
        pos
    }
}

/// The value of a finished game for the player to move.
fn finished(pos: &Position, result: GameResult) -> Value {
    match result {
        GameResult::Draw => Value::Draw,
        GameResult::Win(p) if p == pos.to_move() => Value::Win { plies: 0 },
        GameResult::Win(_) => Value::Loss { plies: 0 },
    }
}

/// Checks every position of `table` against the values of its moves
/// under `game`'s rules. `progress` gets the share done, from 0 to 1.
///
/// ```
/// let camette = leap_camelot::load("camette").unwrap();
/// let layout = leap_solve::Layout::new(&camette, Some(2)).unwrap();
/// let table = leap_solve::solve(&camette, layout, &|_| {}, &mut Vec::new()).unwrap();
/// let check = leap_solve::verify(&camette, &table, &|_| {}).unwrap();
/// assert_eq!(check.positions, table.layout().len());
/// assert_eq!(check.wrong, 0);
/// ```
pub fn verify<G: Game>(game: &G, table: &Table, progress: &(dyn Fn(f64) + Sync)) -> Result<Check, SolveError> {
    let reader = Reader::new(game, table);
    let total = table.layout().len();
    let done = AtomicU64::new(0);
    let wrong = AtomicU64::new(0);
    let examples = Mutex::new(Vec::new());
    let failure = Mutex::new(None);
    let states = 2 * reader.counters * reader.counters;
    for (slot, start) in reader.parts.iter().map(|p| p.start).enumerate() {
        let end = reader.parts.get(slot + 1).map_or(total, |p| p.start);
        let placements = (end - start) / states;
        (0..placements).into_par_iter().for_each_init(KeyList::new, |list, placement| {
            let mut bytes = vec![0u8; states as usize];
            if let Err(e) = table.read_bytes(start + placement * states, &mut bytes) {
                failure.lock().unwrap_or_else(|p| p.into_inner()).get_or_insert(e);
                return;
            }
            let placed = reader.position(slot, placement, 0);
            for state in 0..states {
                let pos = reader.in_state(placed, state);
                let stored = Value::from_byte(bytes[state as usize]);
                let derived = match derive(game, &reader, table, &pos, list) {
                    Ok(v) => v,
                    Err(e) => {
                        failure.lock().unwrap_or_else(|p| p.into_inner()).get_or_insert(e);
                        return;
                    }
                };
                if derived != stored {
                    wrong.fetch_add(1, Ordering::Relaxed);
                    let mut ex = examples.lock().unwrap_or_else(|p| p.into_inner());
                    if ex.len() < 10 {
                        ex.push((leap_core::notation::format_position(game, &pos), stored, derived));
                    }
                }
            }
            let n = done.fetch_add(states, Ordering::Relaxed) + states;
            if n % (1 << 22) < states {
                progress(n as f64 / total as f64);
            }
        });
        if let Some(e) = failure.lock().unwrap_or_else(|p| p.into_inner()).take() {
            return Err(e);
        }
    }
    progress(1.0);
    let mut examples = examples.into_inner().unwrap_or_else(|p| p.into_inner());
    examples.sort_by(|a, b| a.0.cmp(&b.0));
    Ok(Check { positions: done.into_inner(), wrong: wrong.into_inner(), examples })
}

/// The value of `pos` from the game's rules and its moves' values in the table.
fn derive<G: Game>(
    game: &G,
    reader: &Reader,
    table: &Table,
    pos: &Position,
    list: &mut KeyList,
) -> Result<Value, SolveError> {
    if let Some(o) = game.decided(pos) {
        return Ok(finished(pos, o.result));
    }
    game.legal_moves_into(pos, list);
    if list.keys.is_empty() {
        return Ok(finished(pos, game.no_moves(pos).result));
    }
    let mut best: Option<Value> = None;
    for key in &list.keys {
        let child = game.play_unchecked(pos, key);
        let index = reader
            .index(&child)
            .ok_or_else(|| SolveError::OutsideLayout { from: leap_core::notation::format_position(game, pos) })?;
        let v = table.value_at(index)?.before();
        if best.is_none_or(|b| v.rank() > b.rank()) {
            best = Some(v);
        }
    }
    Ok(best.unwrap_or(Value::Draw))
}

#[cfg(test)]
mod tests {
    use super::Combinations;

    #[test]
    fn combinations_are_listed_in_colexicographic_order_without_gaps() {
        let c = Combinations::new(5, 2);
        assert_eq!(c.number(0b01010), Some(4));
        assert_eq!(c.number(0b00111), None);
        assert_eq!(
            c.masks,
            vec![0b00011, 0b00101, 0b00110, 0b01001, 0b01010, 0b01100, 0b10001, 0b10010, 0b10100, 0b11000]
        );
        assert_eq!(Combinations::new(23, 3).masks.len(), 1771);
        assert_eq!(Combinations::new(4, 0).masks, vec![0]);
        assert!(Combinations::new(2, 3).masks.is_empty());
    }
}
