//! The order in which a node tries its moves: the move the table
//! remembers, then captures by the material they win, then the killer
//! moves of the ply, then the other moves by their history (how often each
//! caused a cut-off).

use leap_core::{search::Score, Bitset, MoveKey, Player, Position, CELL_INDICES, MAX_KINDS, MAX_PLAYERS};

/// The most plies a search goes below its root.
pub const MAX_PLY: usize = 128;

/// Ordering scores: the classes stay apart whatever the history says.
const CAPTURE: i32 = 1 << 28;
const KILLER: i32 = 1 << 26;
/// The largest history score (in size).
const HISTORY_MAX: i32 = 1 << 20;

/// What one search thread learns about moves as it goes.
pub(crate) struct Ordering {
    /// Two quiet moves per ply that caused a cut-off there.
    killers: Vec<[Option<MoveKey>; 2]>,
    /// Per player, start cell and end cell: how good a quiet move has been.
    history: Vec<i32>,
    /// The value of a piece of each kind, for captures.
    values: [Score; MAX_KINDS],
}

impl Ordering {
    /// Nothing learnt yet; captures valued by `values` (by kind).
    pub(crate) fn new(values: [Score; MAX_KINDS]) -> Ordering {
        Ordering {
            killers: vec![[None; 2]; MAX_PLY + 1],
            history: vec![0; MAX_PLAYERS * CELL_INDICES * CELL_INDICES],
            values,
        }
    }

    #[inline]
    fn slot(player: Player, key: &MoveKey) -> usize {
        (player.index() * CELL_INDICES + key.from.index()) * CELL_INDICES + key.to.index()
    }

    /// The material `key` captures in `pos`.
    #[inline]
    pub(crate) fn captured_value(&self, pos: &Position, captured: Bitset) -> Score {
        captured.iter().map(|c| pos.kind_at(c).map_or(0, |k| self.values[k.index()])).sum()
    }

    /// The ordering score of `key` in `pos` at `ply` (higher first).
    #[inline]
    pub(crate) fn score(&self, pos: &Position, key: &MoveKey, ply: usize) -> i32 {
        // (A quiet move is its start and end: the killers are compared on those.)
        let is = |k: &Option<MoveKey>| k.is_some_and(|k| k.from == key.from && k.to == key.to);
        if key.is_capture() {
            CAPTURE + self.captured_value(pos, key.captured)
        } else if key.is_pass() {
            0
        } else if is(&self.killers[ply][0]) {
            KILLER + 1
        } else if is(&self.killers[ply][1]) {
            KILLER
        } else {
            self.history[Self::slot(pos.to_move(), key)]
        }
    }

    /// A quiet move `good` caused a cut-off at `ply` after `depth` plies of
    /// search, the quiet moves `tried` before it did not.
    pub(crate) fn cut_off<'m>(
        &mut self,
        player: Player,
        good: &MoveKey,
        tried: impl Iterator<Item = &'m MoveKey>,
        ply: usize,
        depth: i32,
    ) {
        if good.is_capture() || good.is_pass() {
            return;
        }
        let k = &mut self.killers[ply];
        if k[0] != Some(*good) {
            k[1] = k[0];
            k[0] = Some(*good);
        }
        let bonus = (depth * depth).min(400);
        self.adjust(Self::slot(player, good), bonus);
        for bad in tried.filter(|m| !m.is_capture() && !m.is_pass()) {
            self.adjust(Self::slot(player, bad), -bonus);
        }
    }

    /// Moves a history score by `bonus`, less the more it already has of
    /// that sign, so that it stays within ±[`HISTORY_MAX`].
    #[inline]
    fn adjust(&mut self, slot: usize, bonus: i32) {
        let h = &mut self.history[slot];
        let gravity = (*h as i64 * bonus.abs() as i64 * 32 / HISTORY_MAX as i64) as i32;
        *h += bonus * 32 - gravity;
    }

    /// Starts a new search: the killers no longer apply, histories fade.
    pub(crate) fn new_search(&mut self) {
        self.killers.iter_mut().for_each(|k| *k = [None; 2]);
        self.history.iter_mut().for_each(|h| *h /= 4);
    }
}
