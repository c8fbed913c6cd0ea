//! The rules of the family, for one piece: its steps, and its chains of
//! canters and jumps walked leg by leg ([`walk_from`], [`Walker`]).

use super::cellset::{dirs, CellSet};
use super::sink::Sink;
use super::{Abilities, Ctx, Landing, Landings, LeapRules, PathMode};
use crate::bitset::Bitset;
use crate::board::{Board, Cell, DirMask};
use crate::moves::{Leg, LegKind, Legs};
use crate::position::{Piece, Position};

/// Whether a jump leaves `sq` in one of `dirs`, over a piece of `enemies`
/// onto a cell of `land_ok` (empty cells a jump may land on).
#[inline]
pub(super) fn jump_from<T: CellSet>(board: &Board, sq: Cell, dirs: DirMask, enemies: T, land_ok: T) -> bool {
    if (T::around(board, sq) & enemies).is_empty() {
        return false;
    }
    let over = enemies.gather_some(board.step_table(sq), dirs);
    over != 0 && land_ok.gather_some(board.leap_table(sq), over) != 0
}

/// Hands a one-step move to `sink`; `lone` when the piece does not canter.
#[inline]
pub(super) fn emit_step<S: Sink>(sink: &mut S, from: Cell, to: Cell, lone: bool) {
    if S::LEGS {
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
pub(super) fn walk_from<R: LeapRules + ?Sized, S: Sink, T: CellSet>(
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
        let open = ctx.empty - T::of(landings.step.forbidden);
        for d in dirs(open.gather_some(steps, ab.step_dirs)) {
            let to = Cell::new(steps[d]);
            if !captures_only || landings.step.get(to) == Landing::Goal {
                emit_step(sink, from, to, ab.canter_dirs == 0);
            }
        }
    }
    // A cell is not its own neighbour: friends next to it are other pieces.
    let around = T::around(board, from);
    let jumps = ab.jump_dirs != 0 && !(around & ctx.enemies).is_empty();
    let canters = ab.canter_dirs != 0
        && (!captures_only || ab.charge || !landings.canter.goal.is_empty())
        && !(around & ctx.own).is_empty();
    if !jumps && !canters {
        return;
    }
    let mut w = Walker::new(ctx, from, ab, landings, captures_only, mode, sink);
    if jumps {
        w.jumps(from, T::NONE);
    }
    if canters {
        w.canters(from, false);
    }
}

/// Walks the chains of canters and jumps of one piece, depth first, leg by
/// leg, handing each complete move to the sink.
///
/// # Each distinct move found, and found without end
///
/// A move is known by its effect ([`crate::MoveKey`]: start, end,
/// captured cells), and many paths may have one effect. In
/// [`PathMode::Simple`] the walker finds every *simple path* (no canter
/// lands on the start cell or on an earlier landing: `on_path`), which
/// is finite. In [`PathMode::Distinct`] it finds every distinct move at
/// least once, by fewer paths, as follows.
///
/// While a piece canters it captures nothing, so the board it sees is the
/// same after every canter. What it may still do from a landing therefore
/// depends only on the cell and on one flag, the *taint*: set once the
/// piece has landed, by a canter that does not end the move, on a cell
/// from which it could have jumped while the Knight canter rule applies
/// ([`Abilities::canter_must_capture`]). A tainted chain may go on as an
/// untainted one would, but may not end as a plain canter. So the state
/// of a chain of canters is (cell, taint), and the walker enters each
/// state at most once:
///
/// - `visited_clean`: cells entered untainted. An untainted entry can do
///   all a tainted one can and more, so nothing enters them again;
/// - `visited_any`: cells entered either way; a tainted entry is skipped
///   there, an untainted one is not (it may end the move there, or its
///   later landings may be untainted where the tainted walk's were not).
///
/// Jumps capture: after each one the board differs, so chains of jumps
/// (alone, or after canters in a Knight's Charge) are walked in full from
/// each state, and they end, since each jump removes a piece. The same
/// move may still be reached from two states (a charge whose canters reach
/// its jumps' start two ways): the sink tells the distinct moves by their
/// keys (see [`super::sink::KeyList`]).
///
/// The start cell counts as empty throughout; a canter may land on it and
/// go on, but no move ends there as a plain canter (it would change
/// nothing).
pub(super) struct Walker<'a, S, T> {
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
    /// The legs so far (kept only when the sink wants them).
    legs: Legs,
    /// Where the piece stands now.
    last: Cell,
    /// Cells a canter has landed on, tainted or not ([`PathMode::Distinct`]).
    visited_any: T,
    /// Cells a canter has landed on untainted ([`PathMode::Distinct`]).
    visited_clean: T,
    /// The start and the canter landings of the path walked now ([`PathMode::Simple`]).
    on_path: T,
    sink: &'a mut S,
}

impl<'a, S: Sink, T: CellSet> Walker<'a, S, T> {
    /// A walker for the piece on `from`, with nothing walked yet.
    #[inline]
    pub(super) fn new(
        ctx: &Ctx<'a, T>,
        from: Cell,
        ab: Abilities,
        landings: &'a Landings,
        captures_only: bool,
        mode: PathMode,
        sink: &'a mut S,
    ) -> Walker<'a, S, T> {
        let here = T::single(from);
        let empty = ctx.empty | here;
        Walker {
            board: ctx.board,
            from,
            ab,
            landings,
            friends: ctx.own - here,
            enemies: ctx.enemies,
            canter_ok: empty - T::of(landings.canter.forbidden),
            jump_ok: empty - T::of(landings.jump.forbidden),
            captures_only,
            mode,
            legs: Legs::new(),
            last: from,
            visited_any: T::NONE,
            visited_clean: T::NONE,
            on_path: here,
            sink,
        }
    }

    /// Adds a leg; `false` when the sink abandons the branch (nothing added).
    #[inline]
    fn push(&mut self, to: Cell, kind: LegKind, captured: T) -> bool {
        if !S::LEGS {
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
        if S::LEGS {
            self.legs.pop();
        }
        self.last = back;
    }

    #[inline(always)]
    fn emit(&mut self, captured: T) {
        self.sink.emit(self.from, self.last, &self.legs, captured.to_bitset());
    }

    /// Canters on from `sq`; `tainted` as explained in [`Walker`].
    pub(super) fn canters(&mut self, sq: Cell, tainted: bool) {
        if (T::around(self.board, sq) & self.friends).is_empty() {
            return;
        }
        let leaps = self.board.leap_table(sq);
        let open = self.ab.canter_dirs & self.friends.gather(self.board.step_table(sq)) & self.canter_ok.gather(leaps);
        for d in dirs(open) {
            let land = Cell::new(leaps[d]);
            let landing = self.landings.canter.get(land);
            let ends = landing != Landing::Continue;
            // (Where only captures may end the move, no chain ends as a plain
            // canter: a tainted chain can do all an untainted one can.)
            let taint = tainted
                || (self.ab.canter_must_capture
                    && !self.captures_only
                    && !ends
                    && jump_from(self.board, land, self.ab.jump_dirs, self.enemies, self.jump_ok));
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
            if !self.push(land, LegKind::Canter, T::NONE) {
                continue;
            }
            self.on_path.insert(land);
            let may_end = land != self.from
                && match landing {
                    Landing::Goal => true,
                    _ => !self.captures_only && !taint,
                };
            if may_end {
                self.emit(T::NONE);
            }
            if !ends {
                self.canters(land, taint);
                if self.ab.charge {
                    self.jumps(land, T::NONE);
                }
            }
            self.on_path.remove(land);
            self.pop(sq);
        }
    }

    /// Jumps on from `sq` having captured `captured`; returns whether any jump was possible.
    pub(super) fn jumps(&mut self, sq: Cell, captured: T) -> bool {
        let over = self.enemies - captured;
        if (T::around(self.board, sq) & over).is_empty() {
            return false;
        }
        let land_ok = (self.jump_ok | captured) - T::of(self.landings.jump.forbidden);
        let mut open = over.gather_some(self.board.step_table(sq), self.ab.jump_dirs);
        if open != 0 {
            open &= land_ok.gather_some(self.board.leap_table(sq), open);
        }
        for d in dirs(open) {
            self.jump(sq, d, captured);
        }
        open != 0
    }

    /// Jumps from `sq` in direction `d` (a jump that is possible) having
    /// captured `captured`, and on from where it lands.
    #[inline(always)]
    pub(super) fn jump(&mut self, sq: Cell, d: usize, captured: T) {
        let (over, land) = (Cell::new(self.board.step_table(sq)[d]), Cell::new(self.board.leap_table(sq)[d]));
        let now = captured | T::single(over);
        if !self.push(land, LegKind::Jump, now) {
            return;
        }
        if self.landings.jump.get(land) != Landing::Continue || !self.jumps(land, now) {
            self.emit(now);
        }
        self.pop(sq);
    }
}
