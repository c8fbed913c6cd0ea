//! How games are written: moves (this module), position strings
//! ([`parse_position`], [`format_position`]), game records
//! ([`parse_records`]) and board diagrams ([`diagram()`]).
//!
//! Moves: `-` before a step or canter landing, `x` before a jump landing
//! (`C6-E8-G8`, `H4xJ4xL6`, charge `I10-G8xG6xE6`). A written move is read
//! against a position, leniently where published scores leave out
//! intermediate landings ([`read_move`]).

mod diagram;
mod position;
mod record;
mod typed;

pub use diagram::{diagram, Diagram, Look, Paint, Part, Trace};
pub use position::{
    format_position, parse_piece, parse_piece_on, parse_position, strip_kind_prefix, PositionError, PositionProblem,
    PositionProblemKind, PositionSetup, COUNTER_BARED,
};
pub(crate) use record::put_out_note;
pub use record::{
    clock_command, one_point, parse_movetext, parse_records, result_fits, tag_line, MoveNumber, Record, RecordError,
    Unkept, WrittenPly,
};
pub use typed::Reading;

use crate::bitset::Bitset;
use crate::board::{Board, Cell};
use crate::game::Game;
use crate::moves::{Leg, LegKind, Move, MoveKey};
use crate::outcome::EndReason;
use crate::position::Position;
use crate::rules::{walk_piece, PathMode, PathSink};
use std::fmt;

/// Writes a move in notation.
pub fn format_move(board: &Board, mv: &Move) -> String {
    if mv.is_pass() {
        return "pass".to_string();
    }
    let mut s = board.name(mv.from).to_string();
    for leg in &mv.legs {
        s.push(if leg.kind == LegKind::Jump { 'x' } else { '-' });
        s.push_str(board.name(leg.to));
    }
    s
}

/// A separator written before a landing.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Sep {
    /// `-`: a step or canter landing.
    Quiet,
    /// `x`: a jump landing.
    Capture,
}

/// A move as written: the start cell and each written landing with its separator.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct WrittenMove {
    /// The start cell.
    pub from: Cell,
    /// The written landings.
    pub landings: Vec<(Sep, Cell)>,
}

/// `text` as it is when it has at most `most` characters, else its first
/// `most` followed by `…`: for quoting what a user wrote in a message.
///
/// ```
/// assert_eq!(leap_core::notation::shortened("E6-E8", 40), "E6-E8");
/// assert_eq!(leap_core::notation::shortened("abcdef", 3), "abc…");
/// ```
pub fn shortened(text: &str, most: usize) -> String {
    match text.char_indices().nth(most) {
        Some((i, _)) => format!("{}…", &text[..i]),
        None => text.to_string(),
    }
}

/// The most characters of a user's text a message quotes (see [`quoted`]).
const QUOTED: usize = 40;

/// What a message quotes of a text a user wrote: its first 40 characters
/// ([`shortened`]), so that a pasted megabyte is not written back whole,
/// with each control character written visibly (`<U+0002>`, [`crate::visible`]), so that
/// the bytes of a file that is no text do not reach a terminal or a page.
///
/// ```
/// let long = "E".repeat(1000);
/// assert_eq!(leap_core::notation::quoted(&long).chars().count(), 41);
/// assert_eq!(leap_core::notation::quoted("E6-E8"), "E6-E8");
/// assert_eq!(leap_core::notation::quoted("E6\u{2}\u{1b}[2J"), "E6<U+0002><U+001B>[2J");
/// ```
pub fn quoted(text: &str) -> String {
    crate::visible(&shortened(text, QUOTED))
}

/// Why a written move could not be read or played.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum MoveError {
    /// The text is not a move: `column` (1-based) and what was expected there.
    Syntax {
        /// The text.
        text: String,
        /// 1-based character column of the problem.
        column: usize,
        /// What would have been accepted.
        expected: String,
    },
    /// No piece of the player to move stands on the start cell.
    NotYourPiece {
        /// The text.
        text: String,
        /// The start cell's name.
        cell: String,
        /// What stands there instead.
        found: String,
    },
    /// No legal move fits; the legal moves of that piece are listed.
    Illegal {
        /// The text.
        text: String,
        /// The legal moves of the piece on the start cell.
        piece_moves: Vec<String>,
        /// The rule that refuses it, when one does (the obligation to
        /// capture, a jump that must go on, the Knight canter rule), in a
        /// player's words (see [`crate::entry::why_not`]).
        rule: Option<String>,
    },
    /// Several legal moves fit the abbreviated text.
    Ambiguous {
        /// The text.
        text: String,
        /// The legal moves that fit.
        candidates: Vec<String>,
    },
    /// The game is over, for this reason: no move is legal.
    GameOver(EndReason),
    /// A pass was written, but the player has a move (`when_stuck`: a
    /// player with none would pass here), or the player would not pass
    /// even without one (the game would end instead).
    NoPass {
        /// Whether a player with no move passes in this position.
        when_stuck: bool,
    },
    /// The move number written before the move is not this move's.
    Number {
        /// The number as it should be written (`2.`, `1...`).
        expected: String,
        /// The number as written.
        found: String,
    },
}

impl fmt::Display for MoveError {
    /// The text quoted is shortened to its first 40 characters: a line
    /// of a megabyte is not written back whole.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Syntax { text, column, expected } => {
                write!(f, "`{}` is not a move: at column {column}, expected {expected}", quoted(text))
            }
            MoveError::NotYourPiece { text, cell, found } => {
                write!(f, "`{}`: the player to move has no piece on {cell} ({found})", quoted(text))
            }
            MoveError::Illegal { text, rule: Some(rule), piece_moves } if piece_moves.is_empty() => {
                write!(f, "`{}` is not legal here: {rule}", quoted(text))
            }
            MoveError::Illegal { text, rule: Some(rule), piece_moves } => {
                write!(
                    f,
                    "`{}` is not legal here: {rule}; the legal moves of that piece are: {}",
                    quoted(text),
                    piece_moves.join(" ")
                )
            }
            MoveError::Illegal { text, piece_moves, .. } if piece_moves.is_empty() => {
                write!(f, "`{}` is not legal here; that piece has no legal move", quoted(text))
            }
            MoveError::Illegal { text, piece_moves, .. } => {
                write!(
                    f,
                    "`{}` is not legal here; the legal moves of that piece are: {}",
                    quoted(text),
                    piece_moves.join(" ")
                )
            }
            MoveError::Ambiguous { text, candidates } => {
                write!(
                    f,
                    "`{}` fits several legal moves: {}; write more of the path",
                    quoted(text),
                    candidates.join(" ")
                )
            }
            MoveError::GameOver(reason) => write!(f, "the game is over ({reason}); no move is legal"),
            MoveError::NoPass { when_stuck: true } => {
                write!(f, "`pass` is legal only for a player who has no move")
            }
            MoveError::NoPass { when_stuck: false } => {
                write!(f, "`pass` is not a move here: a player with no move would not pass, the game would end")
            }
            MoveError::Number { expected, found } => {
                write!(f, "expected move {expected}, found {}", quoted(found))
            }
        }
    }
}

impl std::error::Error for MoveError {}

/// Reads the text of a move into cells and separators (no legality check).
pub fn parse_written(board: &Board, text: &str) -> Result<WrittenMove, MoveError> {
    let syntax = |column: usize, expected: &str| MoveError::Syntax {
        text: text.to_string(),
        column,
        expected: expected.to_string(),
    };
    if let Some(split) = unseparated(board, text) {
        return split.map_err(|both| syntax(1, &format!("a separator: {both}")));
    }
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    let mut cells: Vec<(Option<Sep>, Cell)> = Vec::new();
    loop {
        let start = i;
        while i < chars.len() && chars[i].is_ascii_alphabetic() {
            i += 1;
        }
        while i < chars.len() && chars[i].is_ascii_digit() {
            i += 1;
        }
        let name: String = chars[start..i].iter().collect();
        if name.is_empty() {
            return Err(syntax(start + 1, "a cell name such as E6"));
        }
        let Some(cell) = board.cell(&name) else {
            return Err(syntax(start + 1, &format!("a cell of the board, not `{}`", quoted(&name))));
        };
        let sep = if cells.is_empty() {
            None
        } else {
            match chars[start - 1] {
                'x' | 'X' | ':' => Some(Sep::Capture),
                _ => Some(Sep::Quiet),
            }
        };
        cells.push((sep, cell));
        if i == chars.len() {
            break;
        }
        match chars[i] {
            '-' | 'x' | 'X' | ':' => i += 1,
            _ => return Err(syntax(i + 1, "`-`, `x` or the end of the move")),
        }
        if i == chars.len() {
            return Err(syntax(i + 1, "a cell name after the separator"));
        }
    }
    if cells.len() < 2 {
        return Err(syntax(chars.len() + 1, "`-` or `x` and a landing cell"));
    }
    Ok(WrittenMove {
        from: cells[0].1,
        landings: cells[1..].iter().map(|&(s, c)| (s.unwrap_or(Sep::Quiet), c)).collect(),
    })
}

/// A move of a board whose cells are numbers written without its
/// separator, as some PDN files write them (`1115` for `11-15`, `3228`
/// for `32-28`): `None` unless `text` is digits alone and not a cell; the
/// move when the digits split into two cells one way only, else the ways
/// they split (`1-23 or 12-3`), for the message. (Two different cells: a
/// move without captures never ends where it started, so `99` is not 9-9
/// but a cell the board does not have.)
fn unseparated(board: &Board, text: &str) -> Option<Result<WrittenMove, String>> {
    if !text.chars().all(|c| c.is_ascii_digit()) || board.cell(text).is_some() {
        return None;
    }
    let splits: Vec<(Cell, Cell, usize)> = (1..text.len())
        .filter(|&k| !text[k..].starts_with('0'))
        .filter_map(|k| Some((board.cell(&text[..k])?, board.cell(&text[k..])?, k)))
        .filter(|(from, to, _)| from != to)
        .collect();
    match splits[..] {
        [] => None,
        [(from, to, _)] => Some(Ok(WrittenMove { from, landings: vec![(Sep::Quiet, to)] })),
        _ => Some(Err(splits
            .iter()
            .map(|&(_, _, k)| format!("{}-{}", &text[..k], &text[k..]))
            .collect::<Vec<_>>()
            .join(" or "))),
    }
}

fn sep_fits(sep: Sep, kind: LegKind) -> bool {
    (sep == Sep::Capture) == (kind == LegKind::Jump)
}

/// A written move read against a position.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ReadMove {
    /// The move's identity.
    pub key: MoveKey,
    /// The path as written when it was complete, else the canonical path.
    pub path: Move,
    /// Set when the written text left out landings: the full path it was read as.
    pub completed: Option<String>,
    /// Other legal moves the text also fits when read as a path with
    /// landings left out (`10x1`, a single capture written in full, is
    /// also how PDN abbreviates a ring capture `10x17x26x19x10x1`): it was
    /// read as written, and these say what else it may mean.
    pub also: Vec<String>,
}

/// Reads `text` as a legal move of `pos`: an exact legal path, or else
/// written cells that are a subsequence of exactly one legal move's path
/// (`completed` then gives the path it was read as); the separators count
/// unless no move fits with them (`10-17` for the capture `10x17`, which
/// PDN writes so, is read as `10x17`).
///
/// ```
/// # use leap_core::{Game, Position, notation::{read_move, MoveError}};
/// # fn demo<G: Game>(game: &G, pos: &Position) -> Result<(), MoveError> {
/// let read = read_move(game, pos, "E6-E8")?;
/// let next = game.play_unchecked(pos, &read.key);
/// # let _ = next; Ok(()) }
/// ```
pub fn read_move<G: Game>(game: &G, pos: &Position, text: &str) -> Result<ReadMove, MoveError> {
    let board = game.board();
    let text = text.trim();
    if text.eq_ignore_ascii_case("pass") {
        if let Some(o) = game.decided(pos) {
            return Err(MoveError::GameOver(o.reason));
        }
        let legal = game.legal_moves(pos);
        if legal.contains(&MoveKey::PASS) {
            return Ok(ReadMove { key: MoveKey::PASS, path: Move::pass(), completed: None, also: Vec::new() });
        }
        return Err(MoveError::NoPass { when_stuck: game.passes_when_stuck(pos) });
    }
    let written = parse_written(board, text)?;
    if let Some(o) = game.decided(pos) {
        return Err(MoveError::GameOver(o.reason));
    }
    let mover = pos.to_move();
    match pos.piece_at(written.from) {
        Some(p) if p.player == mover => {}
        other => {
            return Err(MoveError::NotYourPiece {
                text: text.to_string(),
                cell: board.name(written.from).to_string(),
                found: crate::entry::not_yours(game, pos, other),
            });
        }
    }
    let scope = game.scope(pos);
    let legal = game.legal_moves(pos);
    if scope.pieces.contains(written.from) {
        let mut exact = Exact { written: &written, found: None };
        walk_piece(game, pos, written.from, scope.captures_only, PathMode::Simple, &mut exact);
        // Landings left out; then, if no move fits, the separators taken
        // for what they should be (`10-17` for a capture, as PDN allows:
        // the landings alone tell a step from a jump).
        let fitting = |any_separator: bool| {
            let mut loose = Subsequence { written: &written, any_separator, keys: Vec::new() };
            walk_piece(game, pos, written.from, scope.captures_only, PathMode::Simple, &mut loose);
            legal.iter().filter(|k| loose.keys.contains(k)).copied().collect::<Vec<MoveKey>>()
        };
        let show = |k: &MoveKey| game.canonical(pos, k).map(|m| format_move(board, &m)).unwrap_or_default();
        if let Some(mv) = exact.found {
            if legal.contains(&mv.key()) {
                let key = mv.key();
                let also = fitting(false).iter().filter(|&&k| k != key).map(show).collect();
                return Ok(ReadMove { key, path: mv, completed: None, also });
            }
        }
        let mut fits = fitting(false);
        if fits.is_empty() {
            fits = fitting(true);
        }
        match fits.len() {
            1 => {
                let key = fits[0];
                let path = game.canonical(pos, &key).expect("a legal move has a canonical path");
                let completed = Some(format_move(board, &path));
                return Ok(ReadMove { key, path, completed, also: Vec::new() });
            }
            0 => {}
            _ => {
                return Err(MoveError::Ambiguous {
                    text: text.to_string(),
                    candidates: fits.iter().map(show).collect(),
                });
            }
        }
    }
    let mut piece_moves: Vec<String> = legal
        .iter()
        .filter(|k| k.from == written.from)
        .filter_map(|k| game.canonical(pos, k))
        .map(|m| format_move(board, &m))
        .collect();
    piece_moves.sort();
    let path: Vec<Cell> = written.landings.iter().map(|&(_, c)| c).collect();
    let refusal = crate::entry::why_not(game, pos, written.from, &path);
    // (A jump that must continue, whose ways on are every move of the
    // piece and all named: the piece's moves would say them again.)
    if let crate::entry::Refusal::MustContinue { ways } = &refusal {
        let mut ways = ways.clone();
        ways.sort();
        if ways.len() <= crate::entry::MAX_WAYS_SAID && ways == piece_moves {
            piece_moves.clear();
        }
    }
    let rule = refusal.as_rule().map(|r| r.to_string());
    // (A move that captures nothing, of a piece that can capture, is
    // refused by the obligation to capture, as the other pieces' are.)
    let rule = rule.or_else(|| {
        let mut free = Exact { written: &written, found: None };
        if scope.captures_only {
            walk_piece(game, pos, written.from, false, PathMode::Simple, &mut free);
        }
        let uncapturing = free.found.is_some_and(|m| m.captured.is_empty());
        uncapturing.then(|| crate::entry::obligation(game, pos)).flatten().map(|o| o.to_string())
    });
    // (A landing on a piece, or on a cell the variant keeps the player
    // from: the reason whatever the path.)
    let rule = rule.or(match refusal {
        crate::entry::Refusal::NotALanding { why, .. } => why,
        _ => None,
    });
    Err(MoveError::Illegal { text: text.to_string(), piece_moves, rule })
}

struct Exact<'a> {
    written: &'a WrittenMove,
    found: Option<Move>,
}

impl PathSink for Exact<'_> {
    fn emit(&mut self, from: Cell, _to: Cell, legs: &[Leg], captured: Bitset) {
        if legs.len() == self.written.landings.len() {
            self.found = Some(Move { from, legs: legs.iter().copied().collect(), captured });
        }
    }
    fn follow(&mut self, legs: &[Leg], _captured: Bitset) -> bool {
        let i = legs.len() - 1;
        match self.written.landings.get(i) {
            Some(&(sep, cell)) => cell == legs[i].to && sep_fits(sep, legs[i].kind),
            None => false,
        }
    }
}

struct Subsequence<'a> {
    written: &'a WrittenMove,
    /// Whether a landing may be written after any separator (`-` before a jump's).
    any_separator: bool,
    keys: Vec<MoveKey>,
}

impl PathSink for Subsequence<'_> {
    fn emit(&mut self, from: Cell, _to: Cell, legs: &[Leg], captured: Bitset) {
        let want = &self.written.landings;
        if legs.last().map(|l| l.to) != want.last().map(|w| w.1) {
            return;
        }
        let mut i = 0;
        for leg in legs {
            if i < want.len() && want[i].1 == leg.to && (self.any_separator || sep_fits(want[i].0, leg.kind)) {
                i += 1;
            }
        }
        if i == want.len() {
            let key = MoveKey { from, to: legs[legs.len() - 1].to, captured };
            if !self.keys.contains(&key) {
                self.keys.push(key);
            }
        }
    }
}

/// Writes a line of moves played one after the other from `pos` (a
/// principal variation), each in canonical notation; stops at the first
/// move that is not legal where it is played.
pub fn format_line<G: Game>(game: &G, pos: &Position, line: &[MoveKey]) -> Vec<String> {
    let mut pos = *pos;
    let mut out = Vec::with_capacity(line.len());
    for key in line {
        let Some(mv) = game.canonical(&pos, key) else {
            break;
        };
        out.push(format_move(game.board(), &mv));
        pos = game.play_unchecked(&pos, key);
    }
    out
}

/// Writes the legal moves of a position in canonical notation, sorted.
pub fn legal_move_texts<G: Game>(game: &G, pos: &Position) -> Vec<String> {
    let keys = game.legal_moves(pos);
    let mut v: Vec<String> = crate::game::canonical_moves(game, pos, &keys)
        .into_iter()
        .flatten()
        .map(|m| format_move(game.board(), &m))
        .collect();
    v.sort_by(|a, b| notation_order(game.board(), a, b));
    v
}

/// Orders move texts by their cells in listing order (start cell first; see [`Board::listing_key`]).
pub(crate) fn notation_order(board: &Board, a: &str, b: &str) -> std::cmp::Ordering {
    let cells = |s: &str| -> Vec<usize> {
        parse_written(board, s)
            .map(|w| {
                std::iter::once(w.from).chain(w.landings.iter().map(|l| l.1)).map(|c| board.listing_key(c)).collect()
            })
            .unwrap_or_default()
    };
    cells(a).cmp(&cells(b)).then_with(|| a.cmp(b))
}
