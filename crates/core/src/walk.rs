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
use crate::board::{Board, Cell, DirMask};
use crate::moves::{Leg, LegKind, Legs, MoveKey};
use crate::position::{Piece, Player, Position};

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
    /// What a leg of kind `leg` by `piece`, which started the move on `from`, landing on `to` means.
    fn landing(&self, pos: &Position, from: Cell, piece: Piece, leg: LegKind, to: Cell) -> Landing;
    /// Whether `mover` may capture pieces of `other`.
    fn is_enemy(&self, mover: Player, other: Player) -> bool {
        mover != other
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
    /// A complete legal path of the piece on `from`.
    fn emit(&mut self, from: Cell, legs: &[Leg], captured: Bitset);
    /// Called after each leg is added; returning `false` abandons the branch.
    fn follow(&mut self, _legs: &[Leg], _captured: Bitset) -> bool {
        true
    }
}

/// Whether the piece on `from` could jump right now (its abilities as given).
pub fn can_jump<R: LeapRules + ?Sized>(rules: &R, pos: &Position, from: Cell, piece: Piece, ab: &Abilities) -> bool {
    let board = rules.board();
    let enemies = enemies_of(rules, pos, piece.player);
    let empty = board.cells() - pos.occupied();
    jump_from(rules, board, pos, from, piece, ab.jump_dirs, enemies, empty, Bitset::EMPTY, from)
}

/// Whether any of `pieces` (of the player to move) could jump right now.
pub fn any_jump<R: LeapRules + ?Sized>(rules: &R, pos: &Position, pieces: Bitset) -> bool {
    pieces.iter().any(|c| match pos.piece_at(c) {
        Some(p) => {
            let ab = rules.abilities(pos, c, p);
            ab.jump_dirs != 0 && can_jump(rules, pos, c, p, &ab)
        }
        None => false,
    })
}

fn enemies_of<R: LeapRules + ?Sized>(rules: &R, pos: &Position, mover: Player) -> Bitset {
    let mut e = Bitset::EMPTY;
    for p in 0..crate::position::MAX_PLAYERS as u8 {
        if rules.is_enemy(mover, Player(p)) {
            e |= pos.pieces_of(Player(p));
        }
    }
    e
}

#[allow(clippy::too_many_arguments)]
#[inline]
fn jump_from<R: LeapRules + ?Sized>(
    rules: &R,
    board: &Board,
    pos: &Position,
    sq: Cell,
    piece: Piece,
    dirs: DirMask,
    enemies: Bitset,
    empty: Bitset,
    captured: Bitset,
    from: Cell,
) -> bool {
    let mut m = dirs;
    while m != 0 {
        let d = m.trailing_zeros() as usize;
        m &= m - 1;
        if let Some((over, land)) = board.leap_over(sq, d) {
            if enemies.contains(over)
                && !captured.contains(over)
                && (empty.contains(land) || captured.contains(land))
                && rules.landing(pos, from, piece, LegKind::Jump, land) != Landing::Forbidden
            {
                return true;
            }
        }
    }
    false
}

/// Enumerates the moves allowed by `scope` in `pos`, handing each path to `sink`.
pub fn walk<R: LeapRules + ?Sized, S: PathSink>(
    rules: &R,
    pos: &Position,
    scope: TurnScope,
    mode: PathMode,
    sink: &mut S,
) {
    let mover = pos.to_move();
    for from in pos.pieces_of(mover) & scope.pieces {
        walk_piece(rules, pos, from, scope.captures_only, mode, sink);
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
    let board = rules.board();
    let ab = rules.abilities(pos, from, piece);
    let friends = pos.pieces_of(piece.player) - Bitset::single(from);
    let enemies = enemies_of(rules, pos, piece.player);
    let empty = (board.cells() - pos.occupied()) | Bitset::single(from);
    let mut w = Walker {
        rules,
        board,
        pos,
        from,
        piece,
        ab,
        friends,
        enemies,
        empty,
        captures_only,
        mode,
        legs: Legs::new(),
        visited_any: Bitset::EMPTY,
        visited_clean: Bitset::EMPTY,
        on_path: Bitset::single(from),
        sink,
    };
    w.steps();
    w.jumps(from, Bitset::EMPTY);
    if ab.canter_dirs != 0 && (!captures_only || ab.charge) {
        w.canters(from, false);
    }
}

struct Walker<'a, R: ?Sized, S> {
    rules: &'a R,
    board: &'a Board,
    pos: &'a Position,
    from: Cell,
    piece: Piece,
    ab: Abilities,
    friends: Bitset,
    enemies: Bitset,
    empty: Bitset,
    captures_only: bool,
    mode: PathMode,
    legs: Legs,
    visited_any: Bitset,
    visited_clean: Bitset,
    on_path: Bitset,
    sink: &'a mut S,
}

impl<R: LeapRules + ?Sized, S: PathSink> Walker<'_, R, S> {
    fn landing(&self, leg: LegKind, to: Cell) -> Landing {
        self.rules.landing(self.pos, self.from, self.piece, leg, to)
    }

    fn push(&mut self, to: Cell, kind: LegKind, captured: Bitset) -> bool {
        self.legs.push(Leg { to, kind });
        if self.sink.follow(&self.legs, captured) {
            true
        } else {
            self.legs.pop();
            false
        }
    }

    fn emit(&mut self, captured: Bitset) {
        self.sink.emit(self.from, &self.legs, captured);
    }

    fn steps(&mut self) {
        let mut m = self.ab.step_dirs;
        while m != 0 {
            let d = m.trailing_zeros() as usize;
            m &= m - 1;
            let Some(to) = self.board.step(self.from, d) else {
                continue;
            };
            if to == self.from || !self.empty.contains(to) {
                continue;
            }
            let landing = self.landing(LegKind::Step, to);
            if landing == Landing::Forbidden || (self.captures_only && landing != Landing::Goal) {
                continue;
            }
            if self.push(to, LegKind::Step, Bitset::EMPTY) {
                self.emit(Bitset::EMPTY);
                self.legs.pop();
            }
        }
    }

    fn could_jump(&self, sq: Cell, captured: Bitset) -> bool {
        jump_from(
            self.rules,
            self.board,
            self.pos,
            sq,
            self.piece,
            self.ab.jump_dirs,
            self.enemies,
            self.empty,
            captured,
            self.from,
        )
    }

    /// Canters on from `sq`; `tainted` records a landing from which the piece could have jumped.
    fn canters(&mut self, sq: Cell, tainted: bool) {
        let mut m = self.ab.canter_dirs;
        while m != 0 {
            let d = m.trailing_zeros() as usize;
            m &= m - 1;
            let Some((over, land)) = self.board.leap_over(sq, d) else {
                continue;
            };
            if !self.friends.contains(over) || !self.empty.contains(land) {
                continue;
            }
            let landing = self.landing(LegKind::Canter, land);
            if landing == Landing::Forbidden {
                continue;
            }
            let ends = landing != Landing::Continue;
            let taint = tainted || (self.ab.canter_must_capture && !ends && self.could_jump(land, Bitset::EMPTY));
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
            if !self.push(land, LegKind::Canter, Bitset::EMPTY) {
                continue;
            }
            self.on_path.insert(land);
            let may_end = land != self.from
                && match landing {
                    Landing::Goal => true,
                    _ => !self.captures_only && !taint,
                };
            if may_end {
                self.emit(Bitset::EMPTY);
            }
            if !ends {
                self.canters(land, taint);
                if self.ab.charge {
                    self.jumps(land, Bitset::EMPTY);
                }
            }
            self.on_path.remove(land);
            self.legs.pop();
        }
    }

    /// Jumps on from `sq` having captured `captured`; returns whether any jump was possible.
    fn jumps(&mut self, sq: Cell, captured: Bitset) -> bool {
        let mut any = false;
        let mut m = self.ab.jump_dirs;
        while m != 0 {
            let d = m.trailing_zeros() as usize;
            m &= m - 1;
            let Some((over, land)) = self.board.leap_over(sq, d) else {
                continue;
            };
            if !self.enemies.contains(over)
                || captured.contains(over)
                || !(self.empty.contains(land) || captured.contains(land))
            {
                continue;
            }
            let landing = self.landing(LegKind::Jump, land);
            if landing == Landing::Forbidden {
                continue;
            }
            any = true;
            let now = captured | Bitset::single(over);
            if !self.push(land, LegKind::Jump, now) {
                continue;
            }
            if landing != Landing::Continue || !self.jumps(land, now) {
                self.emit(now);
            }
            self.legs.pop();
        }
        any
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
    fn emit(&mut self, from: Cell, legs: &[Leg], captured: Bitset) {
        let to = legs.last().map_or(from, |l| l.to);
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

/// A sink that keeps every path it is given, as complete moves.
#[derive(Default, Debug, Clone)]
pub struct PathList {
    /// The paths found.
    pub moves: Vec<crate::moves::Move>,
}

impl PathSink for PathList {
    fn emit(&mut self, from: Cell, legs: &[Leg], captured: Bitset) {
        self.moves.push(crate::moves::Move { from, legs: legs.iter().copied().collect(), captured });
    }
}
