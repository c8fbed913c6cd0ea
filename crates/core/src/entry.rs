//! Entering a move leg by leg, as a person does on a board: where the piece
//! may land next, whether the move may end where it stands, and, when a
//! move is refused, why, in a player's words (the obligation to capture,
//! a piece that must leave its castle, a jump that must go on, the Knight
//! canter rule).
//!
//! Everything here asks the rules ([`Game`] and the walker): a board
//! interface draws what [`progress`] says and shows what [`Refusal`] says,
//! with no rules of its own.

use crate::bitset::Bitset;
use crate::board::Cell;
use crate::game::Game;
use crate::moves::{Leg, LegKind, Move, MoveKey};
use crate::position::Position;
use crate::rules::{walk_piece, PathMode, PathSink};
use std::fmt;

/// What the player to move must do this turn, beyond moving.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Obligation {
    /// A capture is obligatory: these pieces (cell names) can capture.
    Capture {
        /// The pieces that can capture.
        pieces: Vec<String>,
        /// The moves that capture nothing and that the rules allow all
        /// the same (Tri-Camelot's winning entry into the left castle), in
        /// canonical notation.
        instead: Vec<String>,
    },
    /// Only these pieces may move, for the game's reason if it gives one
    /// (Camelot: a piece in its own castle must leave it).
    Move {
        /// The pieces that may move.
        pieces: Vec<String>,
        /// Why, in words (`F1 must leave its castle`).
        why: Option<String>,
    },
}

impl fmt::Display for Obligation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Obligation::Capture { pieces, instead } => {
                write!(f, "a capture is obligatory: {} can capture", pieces.join(", "))?;
                match instead.as_slice() {
                    [] => Ok(()),
                    [one] => write!(f, " (or play {one}, which the rules allow instead)"),
                    [init @ .., last] => {
                        write!(f, " (or play {} or {last}, which the rules allow instead)", init.join(", "))
                    }
                }
            }
            Obligation::Move { why: Some(why), .. } => f.write_str(why),
            Obligation::Move { pieces, why: None } => write!(f, "only {} may move this turn", pieces.join(", ")),
        }
    }
}

/// Why a move, or a step of entering one, is refused.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Refusal {
    /// The game is over.
    GameOver,
    /// The start cell holds no piece of the player to move.
    NotYourPiece {
        /// The cell.
        cell: String,
        /// What stands there instead, in words (`it is empty`, `a Man of Black`).
        found: String,
    },
    /// The piece may not move this turn: another obligation holds.
    Obliged(Obligation),
    /// The piece has no legal move.
    NoMove {
        /// Its cell.
        cell: String,
        /// The rule that holds it, where one does ([`Game::stuck_reason`]).
        why: Option<String>,
    },
    /// The piece cannot land on that cell next.
    NotALanding {
        /// The cell asked for.
        cell: String,
        /// The cells it can land on next.
        landings: Vec<String>,
        /// Why no piece lands there, when a rule says so whatever the
        /// path (the cell is taken; the variant keeps the player from it:
        /// [`Game::off_limits`]).
        why: Option<String>,
    },
    /// The move cannot end here: the jump must go on (`F8xF10xF12`).
    MustContinue {
        /// The ways on, each written as a whole move (at least one; the
        /// message names the first [`MAX_WAYS_SAID`]).
        ways: Vec<String>,
    },
    /// The move cannot end here: a Knight that lands where it could jump
    /// must capture (the Knight canter rule).
    CanterRule,
    /// The move cannot end here (where it started, or another rule).
    CannotEndHere {
        /// The cell.
        cell: String,
    },
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::GameOver => f.write_str("the game is over"),
            Refusal::NotYourPiece { cell, found } => write!(f, "no piece of the player to move on {cell} ({found})"),
            Refusal::Obliged(o) => write!(f, "{o}"),
            Refusal::NoMove { cell, why: None } => write!(f, "the piece on {cell} has no legal move"),
            Refusal::NoMove { cell, why: Some(why) } => write!(f, "the piece on {cell} has no legal move: {why}"),
            Refusal::NotALanding { cell, landings, why } => {
                write!(f, "the piece cannot go to {cell}")?;
                if let Some(why) = why {
                    write!(f, ": {why}")?;
                }
                if !landings.is_empty() {
                    write!(f, "; it can go to {}", landings.join(", "))?;
                }
                Ok(())
            }
            Refusal::MustContinue { ways } => {
                let said = ways.iter().take(MAX_WAYS_SAID).cloned().collect::<Vec<_>>().join(" or ");
                match ways.len().saturating_sub(MAX_WAYS_SAID) {
                    0 => write!(f, "the jump must continue: {said}"),
                    more => write!(f, "the jump must continue: {said}, or {more} more"),
                }
            }
            Refusal::CanterRule => {
                f.write_str("a Knight that lands where it could jump must capture (Knight canter rule)")
            }
            Refusal::CannotEndHere { cell } => write!(f, "the move cannot end on {cell}"),
        }
    }
}

impl Refusal {
    /// The refusal when it names a rule of the game (an obligation, a jump
    /// that must go on, the Knight canter rule), rather than a cell the
    /// piece cannot reach.
    pub fn as_rule(&self) -> Option<&Refusal> {
        match self {
            Refusal::Obliged(_)
            | Refusal::MustContinue { .. }
            | Refusal::CanterRule
            | Refusal::GameOver
            | Refusal::NoMove { why: Some(_), .. } => Some(self),
            Refusal::NotYourPiece { .. }
            | Refusal::NoMove { why: None, .. }
            | Refusal::NotALanding { .. }
            | Refusal::CannotEndHere { .. } => None,
        }
    }
}

/// A leg the piece may take next.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct NextLeg {
    /// Where it lands.
    pub to: Cell,
    /// A step, a canter or a jump.
    pub kind: LegKind,
    /// Whether the move may end there (the path to there is a legal move).
    pub ends: bool,
    /// Whether the move may go on from there.
    pub goes_on: bool,
}

/// Where a move being entered stands: what may come next, and whether the
/// path so far is already a whole legal move.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Progress {
    /// The legs the piece may take next, in listing order of their cells.
    pub next: Vec<NextLeg>,
    /// The path so far, when it is a whole legal move (it may also go on).
    pub complete: Option<Move>,
}

/// What the player to move must do this turn, if anything beyond moving
/// (nothing when the game is over).
pub fn obligation<G: Game>(game: &G, pos: &Position) -> Option<Obligation> {
    if game.decided(pos).is_some() {
        return None;
    }
    let board = game.board();
    let scope = game.scope(pos);
    let mine = pos.pieces_of(pos.to_move());
    let names = |cells: Bitset| board.listed(cells).into_iter().map(|c| board.name(c).to_string()).collect();
    if scope.pieces & mine != mine {
        return Some(Obligation::Move { pieces: names(scope.pieces & mine), why: game.scope_reason(pos) });
    }
    if scope.captures_only {
        // (Each piece's first capture found, and the moves that capture
        // nothing, not every capture listed: in a crowded position of the
        // family they are exponentially many.)
        let movers = scope.pieces & mine;
        let capturers: Bitset = movers
            .iter()
            .filter(|&from| {
                let mut first = FirstCapture(false);
                walk_piece(game, pos, from, true, PathMode::Simple, &mut first);
                first.0
            })
            .collect();
        let mut plain = Plain(Vec::new());
        for from in movers {
            walk_piece(game, pos, from, true, PathMode::Distinct, &mut plain);
        }
        plain.0.sort_unstable_by_key(|k| (k.from, k.to));
        plain.0.dedup();
        let mut instead: Vec<String> = plain
            .0
            .iter()
            .filter_map(|k| game.canonical(pos, k))
            .map(|m| crate::notation::format_move(board, &m))
            .collect();
        instead.sort();
        return Some(Obligation::Capture { pieces: names(capturers), instead });
    }
    None
}

/// Whether a walk found a capture; abandons every branch once it has.
struct FirstCapture(bool);

impl PathSink for FirstCapture {
    fn emit(&mut self, _from: Cell, _to: Cell, _legs: &[Leg], captured: Bitset) {
        self.0 |= !captured.is_empty();
    }

    fn follow(&mut self, _legs: &[Leg], _captured: Bitset) -> bool {
        !self.0
    }
}

/// The moves a walk finds that capture nothing (where captures are
/// obliged: the entries of a goal); abandons every branch that captures.
struct Plain(Vec<MoveKey>);

impl PathSink for Plain {
    fn emit(&mut self, from: Cell, to: Cell, _legs: &[Leg], captured: Bitset) {
        if captured.is_empty() {
            self.0.push(MoveKey { from, to, captured });
        }
    }

    fn follow(&mut self, _legs: &[Leg], captured: Bitset) -> bool {
        captured.is_empty()
    }
}

/// A piece in words: `a Man of Black`.
pub fn piece_words<G: Game + ?Sized>(game: &G, piece: crate::Piece) -> String {
    format!("a {} of {}", game.kind_info(piece.kind).name, game.players()[piece.player.index()].name)
}

/// What stands on a cell where the player to move has no piece, in
/// words: `it is empty`, or `a Man of Black, and White is to move`.
pub(crate) fn not_yours<G: Game + ?Sized>(game: &G, pos: &Position, found: Option<crate::Piece>) -> String {
    match found {
        None => "it is empty".to_string(),
        Some(p) => {
            format!("{}, and {} is to move", piece_words(game, p), game.players()[pos.to_move().index()].name)
        }
    }
}

/// Why the piece on `from` lands on `cell` by no path: another piece is
/// there (its own start is empty once it has left), or the variant keeps
/// the player from it ([`Game::off_limits`]).
fn off_limits<G: Game + ?Sized>(game: &G, pos: &Position, from: Cell, cell: Cell) -> Option<String> {
    match pos.piece_at(cell).filter(|_| cell != from) {
        Some(piece) => Some(format!(
            "{} is taken by {}, and a piece lands only on an empty cell",
            game.board().name(cell),
            piece_words(game, piece)
        )),
        None => game.off_limits(pos.to_move(), cell),
    }
}

/// The most ways on a refusal of a jump that must continue names.
pub const MAX_WAYS_SAID: usize = 3;

/// Where the piece on `from` stands after the landings `path` (its cells
/// after `from`, in order): the legs it may take next and whether the path
/// is already a legal move; or why it cannot be entered.
pub fn progress<G: Game>(game: &G, pos: &Position, from: Cell, path: &[Cell]) -> Result<Progress, Refusal> {
    let board = game.board();
    if game.outcome(pos).is_some() {
        return Err(Refusal::GameOver);
    }
    let name = |c: Cell| board.name(c).to_string();
    match pos.piece_at(from) {
        Some(p) if p.player == pos.to_move() => {}
        other => {
            return Err(Refusal::NotYourPiece { cell: name(from), found: not_yours(game, pos, other) });
        }
    }
    let legal = game.legal_moves(pos);
    if !legal.iter().any(|k| k.from == from) {
        // (Its moves may be barred by the turn's obligation.)
        return Err(match obligation(game, pos) {
            Some(o) => Refusal::Obliged(o),
            None => Refusal::NoMove { cell: name(from), why: game.stuck_reason(pos, from) },
        });
    }
    let walk = follow_path(game, pos, from, path, &legal);
    if walk.next.is_empty() && walk.complete.is_none() {
        // The path strays from every legal move: at its first landing that
        // no legal move makes (a legal path is never longer than the board
        // has cells, so this looks at few prefixes however long the path).
        let strays = |k: usize| {
            let w = follow_path(game, pos, from, &path[..=k], &legal);
            w.next.is_empty() && w.complete.is_none()
        };
        let first = (0..path.len()).find(|&k| strays(k)).unwrap_or(path.len().saturating_sub(1));
        let Some(&cell) = path.get(first) else {
            return Err(Refusal::NoMove { cell: name(from), why: None });
        };
        let mut before = follow_path(game, pos, from, &path[..first], &legal).next;
        before.sort_by_key(|n| board.listing_key(n.to));
        let landings = before.iter().map(|n| name(n.to)).collect();
        // (Where from: the landing before it, or the start.)
        let prev = first.checked_sub(1).map_or(from, |i| path[i]);
        let why = off_limits(game, pos, from, cell).or_else(|| match board.direction_between(prev, cell) {
            None => Some(format!(
                "{} is too far from {}: each step goes to a neighbouring cell, each leap over one to the cell beyond",
                name(cell),
                name(prev)
            )),
            // (A leap over an empty cell: no game of the family has one. The
            // piece leaping is no longer on `from` after the first leg.)
            Some((d, true)) => {
                board.step(prev, d).filter(|over| *over != from && !pos.is_occupied(*over)).map(|over| {
                    format!("nothing stands on {} to leap over from {} to {}", name(over), name(prev), name(cell))
                })
            }
            Some((_, false)) => None,
        });
        return Err(Refusal::NotALanding { cell: name(cell), landings, why });
    }
    let mut next = walk.next;
    next.sort_by_key(|n| board.listing_key(n.to));
    Ok(Progress { next, complete: walk.complete })
}

/// Why the move of the piece on `from` cannot end after `path`: for a path
/// that [`progress`] refuses, its refusal; for one it accepts that is not a
/// whole legal move, the rule that makes it go on.
pub fn why_not_end<G: Game>(game: &G, pos: &Position, from: Cell, path: &[Cell]) -> Refusal {
    let board = game.board();
    if let Err(refusal) = progress(game, pos, from, path) {
        return refusal;
    }
    let Some((&last, before)) = path.split_last() else {
        return Refusal::CannotEndHere { cell: board.name(from).to_string() };
    };
    let legal = game.legal_moves(pos);
    let kind = follow_path(game, pos, from, before, &legal).next.iter().find(|n| n.to == last).map(|n| n.kind);
    let on = follow_path(game, pos, from, path, &legal).longer;
    let canter_rule = pos.piece_at(from).is_some_and(|p| game.abilities(pos, from, p).canter_must_capture);
    match (kind, on.first()) {
        (Some(LegKind::Jump), Some(_)) => {
            let mut ways: Vec<String> = on.iter().map(|m| crate::notation::format_move(board, m)).collect();
            ways.sort_by(|a, b| crate::notation::notation_order(board, a, b));
            Refusal::MustContinue { ways }
        }
        (Some(LegKind::Canter), Some(m)) if canter_rule && !m.captured.is_empty() => Refusal::CanterRule,
        _ => Refusal::CannotEndHere { cell: board.name(last).to_string() },
    }
}

/// Why the piece on `from` cannot make the move through the landings
/// `path`: the refusal at the first landing that strays from every legal
/// move, or else why the move cannot end where it does.
pub fn why_not<G: Game>(game: &G, pos: &Position, from: Cell, path: &[Cell]) -> Refusal {
    for i in 0..path.len() {
        if let Err(refusal) = progress(game, pos, from, &path[..=i]) {
            return refusal;
        }
    }
    why_not_end(game, pos, from, path)
}

/// The legal moves of the piece on `from` that start with `path`, walked.
fn follow_path<'a, G: Game>(
    game: &G,
    pos: &Position,
    from: Cell,
    path: &'a [Cell],
    legal: &'a [MoveKey],
) -> Prefix<'a> {
    let mut walk = Prefix { path, legal, next: Vec::new(), complete: None, longer: Vec::new() };
    walk_piece(game, pos, from, game.scope(pos).captures_only, PathMode::Simple, &mut walk);
    walk.next.retain(|n| n.ends || n.goes_on);
    walk
}

/// Follows the legal paths of a piece that start with `path`: the legs
/// after it, whether it is itself a whole move, and a whole move that goes
/// on from it.
struct Prefix<'a> {
    path: &'a [Cell],
    legal: &'a [MoveKey],
    next: Vec<NextLeg>,
    complete: Option<Move>,
    /// The whole moves that go on from the path, one per move (the first
    /// path found of each).
    longer: Vec<Move>,
}

impl Prefix<'_> {
    /// Whether `legs` follow the path as far as both go.
    fn on_path(&self, legs: &[Leg]) -> bool {
        legs.iter().zip(self.path).all(|(l, c)| l.to == *c)
    }
}

impl PathSink for Prefix<'_> {
    fn emit(&mut self, from: Cell, _to: Cell, legs: &[Leg], captured: Bitset) {
        let mv = Move { from, legs: legs.iter().copied().collect(), captured };
        let n = self.path.len();
        if legs.len() < n || !self.on_path(legs) || !self.legal.contains(&mv.key()) {
            return;
        }
        if legs.len() == n {
            self.complete = Some(mv);
            return;
        }
        if let Some(next) = self.next.iter_mut().find(|x| x.to == legs[n].to) {
            if legs.len() == n + 1 {
                next.ends = true;
            } else {
                next.goes_on = true;
            }
        }
        if !self.longer.iter().any(|m| m.key() == mv.key()) {
            self.longer.push(mv);
        }
    }

    fn follow(&mut self, legs: &[Leg], _captured: Bitset) -> bool {
        if !self.on_path(legs) {
            return false;
        }
        let n = self.path.len();
        if legs.len() == n + 1 && !self.next.iter().any(|x| x.to == legs[n].to) {
            self.next.push(NextLeg { to: legs[n].to, kind: legs[n].kind, ends: false, goes_on: false });
        }
        true
    }
}
