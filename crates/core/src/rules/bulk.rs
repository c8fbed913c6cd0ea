//! The walk of a whole turn, with the pieces that move alike taken in bulk.
//!
//! A game may tell the walker that every piece of a player and kind has the
//! same abilities and landings wherever it stands
//! ([`LeapRules::uniform`]; checkers does). Such pieces that do not canter
//! form a *bulk kind*: their one-step moves and their single jumps are then
//! found set by set, for all of them at once, by moving the set of the
//! kind's cells a step in each direction ([`CellSet::shift`]); only the
//! pieces whose jumps go on are walked leg by leg. A counting sink gets
//! those moves as numbers ([`count_in`]); any other sink gets them one by
//! one, each piece's in the walker's order ([`walk_in`]). Pieces of other
//! kinds are walked one by one as always ([`walk_from`]).
//!
//! The plain walk and this one give the same moves in the same order: the
//! checkers crate's `bulk` tests compare them on many positions.

use super::cellset::{dirs, CellSet};
use super::sink::Sink;
use super::walker::{emit_step, walk_from, Walker};
use super::{any_piece_jumps, by_kind, Abilities, Ctx, Landings, LeapRules, PathMode};
use crate::bitset::Bitset;
use crate::board::{Board, Cell, DirMask, MAX_DIRS};
use crate::position::{Kind, Piece, Position, MAX_KINDS};

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

/// The cells a one-step move of a piece with these `landings` may end on:
/// empty ones it may land on, and only goals when the move must capture.
#[inline]
fn step_targets<T: CellSet>(ctx: &Ctx<T>, landings: &Landings, captures_only: bool) -> T {
    let open = ctx.empty - T::of(landings.step.forbidden);
    if captures_only {
        open & T::of(landings.step.goal)
    } else {
        open
    }
}

/// The number of one-step moves of the pieces of `cells` in `dirs` onto cells of `open`.
#[inline]
fn step_count<T: CellSet>(board: &Board, cells: T, step_dirs: DirMask, open: T) -> u32 {
    dirs(step_dirs).map(|d| (cells.shift(board, d) & open).count()).sum()
}

/// The cells, wherever, from which a piece that jumps in `jump_dirs` could
/// jump over one of `ctx`'s enemies onto a cell of `land_ok`.
#[inline(always)]
fn jump_sources<T: CellSet>(ctx: &Ctx<T>, jump_dirs: DirMask, land_ok: T) -> T {
    dirs(jump_dirs).fold(T::NONE, |any, d| any | jump_sources_towards(ctx, d, land_ok))
}

/// [`jump_sources`] for the jumps in direction `d`.
#[inline(always)]
fn jump_sources_towards<T: CellSet>(ctx: &Ctx<T>, d: usize, land_ok: T) -> T {
    (ctx.enemies & land_ok.shift_back(ctx.board, d)).shift_back(ctx.board, d)
}

/// The first direction of `leap_dirs` in which one of the pieces of
/// `cells` can leap over a piece of `over` onto a cell of `land_ok`, with
/// where those leaps land.
#[inline(always)]
pub(super) fn first_leaps<T: CellSet>(
    board: &Board,
    cells: T,
    leap_dirs: DirMask,
    over: T,
    land_ok: T,
) -> Option<(usize, T)> {
    dirs(leap_dirs).find_map(|d| {
        let landed = ((cells.shift(board, d) & over).shift(board, d)) & land_ok;
        (!landed.is_empty()).then_some((d, landed))
    })
}

/// [`first_leaps`] for pieces that step in the directions in which they
/// leap, also counting, while none can leap, their steps onto cells of
/// `step_ok`: each direction's first step is shared. The number of steps when
/// no piece can leap, else what [`first_leaps`] gives.
#[inline(always)]
fn first_leaps_or_steps<T: CellSet>(
    board: &Board,
    cells: T,
    leap_dirs: DirMask,
    over: T,
    land_ok: T,
    step_ok: T,
) -> Result<u32, (usize, T)> {
    let mut steps = 0;
    for d in dirs(leap_dirs) {
        let first = cells.shift(board, d);
        let landed = (first & over).shift(board, d) & land_ok;
        if !landed.is_empty() {
            return Err((d, landed));
        }
        steps += (first & step_ok).count();
    }
    Ok(steps)
}

/// The walk of `pieces` for a counting sink ([`Sink::COUNTS`]): the moves
/// of the bulk kinds are counted set by set (steps with [`step_count`],
/// jumps with [`count_jumps`]), the other pieces are walked one by one.
///
/// The turn is all captures (and goal entries) when `captures_only`, or,
/// with `IF_ANY`, when one of `pieces` can jump.
#[inline(never)]
pub(super) fn count_in<R: LeapRules + ?Sized, S: Sink, T: CellSet, const IF_ANY: bool>(
    rules: &R,
    pos: &Position,
    pieces: Bitset,
    captures_only: bool,
    mode: PathMode,
    sink: &mut S,
) {
    let mover = pos.to_move();
    let ctx = Ctx::<T>::new(rules, pos, mover);
    let board = ctx.board;
    let pieces = ctx.own & T::of(pieces);
    let mut rest = pieces;
    let (mut steps, mut goal_steps) = (0, 0);
    let mut any_jumper = false;
    // Whether the turn is all captures, given whether a piece can jump (once
    // one can, the steps of an obliged turn no longer count).
    let all_captures = |any_jumper: bool| captures_only || (IF_ANY && any_jumper);
    for (kind, cells) in by_kind(pos, pieces) {
        let Some(Bulk { ab, landings }) = bulk_kind(rules, pos, Piece { player: mover, kind }) else {
            continue;
        };
        rest -= cells;
        let land_ok = ctx.empty - T::of(landings.jump.forbidden);
        let step_ok = step_targets(&ctx, landings, false);
        // The kind's first leaps, and its steps when counted on the way.
        let (first, counted) = if !all_captures(any_jumper) && ab.step_dirs == ab.jump_dirs {
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
        if !all_captures(any_jumper) {
            steps += counted.unwrap_or_else(|| step_count(board, cells, ab.step_dirs, step_ok));
        }
        if !T::of(landings.step.goal).is_empty() {
            goal_steps += step_count(board, cells, ab.step_dirs, step_targets(&ctx, landings, true));
        }
    }
    let captures_only = all_captures(any_jumper || (!rest.is_empty() && any_piece_jumps(rules, pos, &ctx, rest)));
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
fn count_jumps<S: Sink, T: CellSet>(
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
    let mut sources = [T::NONE; MAX_DIRS];
    let mut any = T::NONE;
    for d in dirs(ab.jump_dirs) {
        sources[d] = jump_sources_towards(ctx, d, land_ok);
        any |= sources[d];
    }
    let ends = T::of(landings.jump.stop | landings.jump.goal);
    let mut single = 0;
    // (No jump goes in a direction before the first.)
    for d in dirs(ab.jump_dirs & !((1 << first) - 1)) {
        let landed = if d == first {
            first_landed
        } else {
            let jumping = cells & sources[d];
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
            dirs(ab.jump_dirs & !(1 << back)).fold(T::NONE, |on, e| on | sources[e])
        };
        let going_on = (landed - ends) & onward;
        single += (landed - going_on).count();
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
fn jumps_going_on<S: Sink, T: CellSet>(
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
        Walker::new(ctx, from, ab, landings, true, mode, sink).jump(from, d, T::NONE);
    }
}

/// The walk of `pieces` for a sink that is not only counting (see
/// [`count_in`]): the pieces one by one in cell order (or, for a sink that
/// takes moves in any order, the steps of the bulk kinds first), each bulk
/// kind with what is known of it looked for once.
///
/// The turn is all captures (and goal entries) when `captures_only`, or,
/// with `if_any`, when one of `pieces` can jump.
#[inline(never)]
pub(super) fn walk_in<R: LeapRules + ?Sized, S: Sink, T: CellSet>(
    rules: &R,
    pos: &Position,
    pieces: Bitset,
    (captures_only, if_any): (bool, bool),
    mode: PathMode,
    sink: &mut S,
) {
    let mover = pos.to_move();
    let ctx = Ctx::<T>::new(rules, pos, mover);
    let board = ctx.board;
    let pieces = ctx.own & T::of(pieces);
    // The bulk kinds: what their pieces may do, those of them that can jump,
    // and per direction those that can step that way (looked for while no
    // piece has been seen to jump, when the turn is not sure to be all captures).
    let mut bulk: [Option<Bulk>; MAX_KINDS] = [None; MAX_KINDS];
    let mut in_bulk = T::NONE;
    let mut jumpers = T::NONE;
    let mut stepping = [T::NONE; MAX_DIRS];
    let mut step_dirs: DirMask = 0;
    let mut steppers = T::NONE;
    let mut goals = false;
    for (kind, cells) in by_kind(pos, pieces) {
        let Some(Bulk { ab, landings }) = bulk_kind(rules, pos, Piece { player: mover, kind }) else {
            continue;
        };
        in_bulk |= cells;
        let land_ok = ctx.empty - T::of(landings.jump.forbidden);
        jumpers |= cells & jump_sources(&ctx, ab.jump_dirs, land_ok);
        bulk[kind.index()] = Some(Bulk { ab, landings });
        goals |= !T::of(landings.step.goal).is_empty();
        let all_captures = captures_only || (if_any && !jumpers.is_empty());
        if !all_captures {
            let open = step_targets(&ctx, landings, false);
            step_dirs |= ab.step_dirs;
            for d in dirs(ab.step_dirs) {
                let can = cells & open.shift_back(board, d);
                stepping[d] |= can;
                steppers |= can;
            }
        }
    }
    let rest = pieces - in_bulk;
    let captures_only = captures_only
        || (if_any && (!jumpers.is_empty() || (!rest.is_empty() && any_piece_jumps(rules, pos, &ctx, rest))));
    if captures_only {
        // Only the steps onto goals are left.
        step_dirs = 0;
        steppers = T::NONE;
        if goals {
            stepping = [T::NONE; MAX_DIRS];
            for (kind, b) in bulk.iter().enumerate() {
                let Some(b) = b else {
                    continue;
                };
                let cells = in_bulk & T::of(pos.kind_cells(Kind(kind as u8)));
                let open = step_targets(&ctx, b.landings, true);
                step_dirs |= b.ab.step_dirs;
                for d in dirs(b.ab.step_dirs) {
                    let can = cells & open.shift_back(board, d);
                    stepping[d] |= can;
                    steppers |= can;
                }
            }
        }
    }
    // Only the pieces that can step or jump are walked; in any order, the steps of the bulk kinds go first.
    let walked = if S::ORDERED {
        rest | jumpers | steppers
    } else {
        for d in dirs(step_dirs) {
            for from in stepping[d].cells() {
                emit_step(sink, from, Cell::new(board.step_table(from)[d]), true);
            }
        }
        rest | jumpers
    };
    for from in walked.cells() {
        if in_bulk.contains(from) {
            // A piece that does not canter: its steps, then its jumps.
            if S::ORDERED {
                for d in dirs(step_dirs) {
                    if stepping[d].contains(from) {
                        emit_step(sink, from, Cell::new(board.step_table(from)[d]), true);
                    }
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
fn piece_moves<R: LeapRules + ?Sized, S: Sink, T: CellSet>(
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
fn bulk_jumps<S: Sink, T: CellSet>(
    pos: &Position,
    ctx: &Ctx<T>,
    bulk: &[Option<Bulk>; MAX_KINDS],
    from: Cell,
    captures_only: bool,
    mode: PathMode,
    sink: &mut S,
) {
    if let Some(Some(b)) = pos.kind_at(from).map(|k| bulk[k.index()]) {
        Walker::new(ctx, from, b.ab, b.landings, captures_only, mode, sink).jumps(from, T::NONE);
    }
}
