//! What a game of the family implements, and the laws the core applies to
//! it: the legal-move walker and the end conditions ([`EndRules`]).
//!
//! A game describes, through [`LeapRules`], what each piece may do
//! ([`Abilities`]) and what landing on a cell means ([`Landing`]); the
//! walker ([`walk`]) enumerates the moves that follow from the family's
//! common laws:
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
//!
//! The walker's parts: the rules for one piece (`walker.rs`), the walk of a
//! turn with the pieces that move alike taken in bulk (`bulk.rs`), the sets
//! of cells it computes with (`cellset.rs`) and where the moves go
//! (`sink.rs`). The end conditions are in `end.rs`.

mod bulk;
pub(crate) mod cellset;
mod end;
mod sink;
mod walker;

pub use end::{EndRules, KindMask, NoMoves, ROYAL_WEIGHT};
pub(crate) use sink::{AnyOrder, CaptureIndex, Distinct, Sink};
pub use sink::{KeyList, PathList, PathSink};

use crate::bitset::Bitset;
use crate::board::{Board, Cell, DirMask};
use crate::position::{Kind, Piece, Player, Position, MAX_KINDS, MAX_PLAYERS};
use cellset::{with_cell_set, CellSet};

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
    /// depend on the cell. A game that gives them lets the walker find the
    /// steps and single jumps of such pieces set by set, for all of them at
    /// once, which is faster.
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

/// Enumerates the moves allowed by `scope` in `pos`, handing each path to `sink`.
pub fn walk<R: LeapRules + ?Sized, S: PathSink>(
    rules: &R,
    pos: &Position,
    scope: TurnScope,
    mode: PathMode,
    sink: &mut S,
) {
    walk_pieces(rules, pos, scope.pieces, (scope.captures_only, false), mode, sink);
}

/// Enumerates the moves of `pieces` in `pos` under the capture obligation
/// of [`any_jump`]: only capturing moves (and goal entries) when one of
/// them can jump, any move otherwise. The same as [`walk`] with the scope
/// `TurnScope { pieces, captures_only: any_jump(rules, pos, pieces) }`, the
/// jumps being looked for once.
pub(crate) fn walk_obliged<R: LeapRules + ?Sized, S: Sink>(
    rules: &R,
    pos: &Position,
    pieces: Bitset,
    mode: PathMode,
    sink: &mut S,
) {
    walk_pieces(rules, pos, pieces, (false, true), mode, sink);
}

/// [`walk`] for any sink: the moves of `pieces`, only captures (and goal
/// entries) when `captures_only`, or when `if_any` and one of them can jump.
#[inline]
pub(crate) fn walk_pieces<R: LeapRules + ?Sized, S: Sink>(
    rules: &R,
    pos: &Position,
    pieces: Bitset,
    (captures_only, if_any): (bool, bool),
    mode: PathMode,
    sink: &mut S,
) {
    const { assert!(!(S::COUNTS && S::LEGS), "a counting sink keeps no legs") };
    with_cell_set!(rules.board(), T => {
        if !S::COUNTS {
            bulk::walk_in::<R, S, T>(rules, pos, pieces, (captures_only, if_any), mode, sink)
        } else if if_any {
            bulk::count_in::<R, S, T, true>(rules, pos, pieces, captures_only, mode, sink)
        } else {
            bulk::count_in::<R, S, T, false>(rules, pos, pieces, captures_only, mode, sink)
        }
    })
}

/// Enumerates the moves of the piece on `from`, only its captures (and
/// goal entries) when `captures_only` (see [`walk`]).
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
        walker::walk_from(rules, pos, &ctx, from, piece, captures_only, mode, sink);
    })
}

/// Whether any of `pieces` (of the player to move) could jump right now.
/// Pieces that move alike ([`LeapRules::uniform`]) are looked at in bulk.
pub fn any_jump<R: LeapRules + ?Sized>(rules: &R, pos: &Position, pieces: Bitset) -> bool {
    with_cell_set!(rules.board(), T => {
        let ctx = Ctx::<T>::new(rules, pos, pos.to_move());
        let mut rest = ctx.own & T::of(pieces);
        for (kind, cells) in by_kind(pos, rest) {
            if let Some((ab, landings)) = rules.uniform(pos, Piece { player: pos.to_move(), kind }) {
                let land_ok = ctx.empty - T::of(landings.jump.forbidden);
                if bulk::first_leaps(ctx.board, cells, ab.jump_dirs, ctx.enemies, land_ok).is_some() {
                    return true;
                }
                rest -= cells;
            }
        }
        any_piece_jumps(rules, pos, &ctx, rest)
    })
}

/// Whether the player to move has a move within `scope` (found without
/// listing them: the walk stops at the first).
pub fn any_move<R: LeapRules + ?Sized>(rules: &R, pos: &Position, scope: TurnScope) -> bool {
    /// Takes the first move and abandons every branch after it.
    struct First(bool);
    impl PathSink for First {
        fn emit(&mut self, _from: Cell, _to: Cell, _legs: &[crate::moves::Leg], _captured: Bitset) {
            self.0 = true;
        }
        fn follow(&mut self, _legs: &[crate::moves::Leg], _captured: Bitset) -> bool {
            !self.0
        }
    }
    let pieces = scope.pieces & pos.pieces_of(pos.to_move());
    // Where captures are not obliged any step is a move: looked for first,
    // without walking a piece's chains (most positions have one).
    if !scope.captures_only && with_cell_set!(rules.board(), T => any_step::<R, T>(rules, pos, pieces)) {
        return true;
    }
    let mut first = First(false);
    for from in pieces {
        walk_piece(rules, pos, from, scope.captures_only, PathMode::Distinct, &mut first);
        if first.0 {
            return true;
        }
    }
    false
}

/// Whether one of `pieces` (the mover's) has a one-step move.
#[inline]
fn any_step<R: LeapRules + ?Sized, T: CellSet>(rules: &R, pos: &Position, pieces: Bitset) -> bool {
    let ctx = Ctx::<T>::new(rules, pos, pos.to_move());
    pieces.iter().any(|from| {
        let Some(piece) = pos.piece_at(from) else {
            return false;
        };
        let ab = rules.abilities(pos, from, piece);
        if ab.step_dirs == 0 {
            return false;
        }
        let open = ctx.empty - T::of(rules.landings(pos, from, piece).step.forbidden);
        open.gather_some(ctx.board.step_table(from), ab.step_dirs) != 0
    })
}

/// Whether one of `pieces` (the mover's) could jump, looked at piece by piece.
#[inline]
fn any_piece_jumps<R: LeapRules + ?Sized, T: CellSet>(rules: &R, pos: &Position, ctx: &Ctx<T>, pieces: T) -> bool {
    let mover = pos.to_move();
    pieces.cells().any(|c| {
        if (T::around(ctx.board, c) & ctx.enemies).is_empty() {
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
        walker::jump_from(ctx.board, c, ab.jump_dirs, ctx.enemies, ctx.empty - forbidden)
    })
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
        let occupied = T::of(pos.occupied());
        let own = T::of(pos.pieces_of(mover));
        // Every other player's pieces, less those of players who are not
        // enemies: with the default `is_enemy` the loop folds away.
        let mut enemies = occupied - own;
        for p in 0..MAX_PLAYERS as u8 {
            let enemy = rules.is_enemy(mover, Player(p));
            if p == mover.0 {
                if enemy {
                    enemies |= own;
                }
            } else if !enemy {
                enemies -= T::of(pos.pieces_of(Player(p)));
            }
        }
        Ctx { board, enemies, empty: T::of(board.cells()) - occupied, own }
    }
}

/// The cells of `pieces` kind by kind: each kind that has some, with them,
/// until every piece has been given.
#[inline]
fn by_kind<'a, T: CellSet + 'a>(pos: &'a Position, pieces: T) -> impl Iterator<Item = (Kind, T)> + 'a {
    let (mut unseen, mut next) = (pieces, 0);
    std::iter::from_fn(move || {
        while !unseen.is_empty() && next < MAX_KINDS {
            let kind = Kind(next as u8);
            next += 1;
            let cells = unseen & T::of(pos.kind_cells(kind));
            if !cells.is_empty() {
                unseen -= cells;
                return Some((kind, cells));
            }
        }
        None
    })
}
