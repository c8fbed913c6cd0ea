//! Position strings in PDN style: the player to move, then one section per
//! player (its letter, then its pieces as comma-separated cells, each with
//! its kind's prefix; sections in the game's [`Game::notation_order`], pieces
//! kind by kind in [`crate::Board::listing_key`] order; either order is read),
//! then optional `key=value` fields:
//!
//! `W:WKC6,KD7,D6,E6:BKC11,D11 castle-moves=0,1`
//!
//! Fields: the game's counter (`castle-moves=` one value per player, in turn
//! order), `clock=N` (plies without progress, written when not zero),
//! `clock2=N` (the second clock, for games with a second draw rule,
//! [`Game::second_clock`]; written when not zero, refused in other games)
//! and `counter-bared=1` (the move that led here was a counter-baring
//! move, [`Position::counter_bared`]: with both sides bare, the game goes
//! on for one more move instead of being drawn; for games with
//! [`Game::counter_baring`], written when set, refused in other games and
//! where a side is not bare).
//!
//! The mark is written because it is part of the position: the outcome
//! depends on it, and a position must read back as it was written (a
//! string given to the engine protocol or saved as a record's start). A
//! string without it, as every string written before it existed, reads as
//! a position without the mark: one with both sides bare is drawn.
//!
//! A string is read in two stages, as a variant file is:
//! [`PositionSetup::parse`] reads what is written (letters, cells, fields)
//! against the game's names, and [`PositionSetup::validate`] checks what was
//! read against the game's rules (one piece per cell, and what the game can
//! never reach). Each stage reports every problem it finds at once, each at
//! its column ([`PositionError`]); [`parse_position`] does both.

use crate::board::{Board, Cell};
use crate::game::{Game, KindInfo};
use crate::position::{Kind, Piece, Player, Position, MAX_PLAYERS};
use std::fmt;

/// What is wrong with a position string, at one place.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum PositionProblemKind {
    /// Nothing is written.
    Empty {
        /// The players' letters, in turn order.
        letters: String,
    },
    /// The string does not start with one player letter and `:`.
    NoPlayerToMove {
        /// The players' letters, in turn order.
        letters: String,
    },
    /// A letter that is not a player's, where one was expected.
    NotAPlayer {
        /// The letter written.
        found: char,
        /// The players' letters, in turn order.
        letters: String,
    },
    /// A section with no player letter.
    EmptySection {
        /// The players' letters, in turn order.
        letters: String,
    },
    /// A player has two sections.
    TwoSections {
        /// The player's name.
        player: String,
    },
    /// A player has no section.
    MissingSection {
        /// The player's name.
        player: String,
        /// Its letter.
        letter: char,
    },
    /// An item of a section is not a kind prefix and a cell of the board.
    NotAPiece {
        /// The item as written.
        item: String,
        /// The kinds and their prefixes, for the message.
        prefixes: String,
        /// The cell it names after a kind's prefix, when that is written as
        /// this board's cells are (`E17`: a file of the board, a number)
        /// but is none of them.
        off_board: Option<String>,
    },
    /// Two pieces are given on one cell.
    TwoPieces {
        /// The cell's name.
        cell: String,
    },
    /// A word after the board part that is not `key=value`.
    NotAField {
        /// The word.
        field: String,
    },
    /// A field the game does not have.
    UnknownField {
        /// Its key.
        key: String,
        /// The fields the game has.
        known: Vec<String>,
    },
    /// A field given twice.
    FieldTwice {
        /// Its key.
        key: String,
    },
    /// The counter field has not one value per player.
    CounterValues {
        /// The field's key.
        key: String,
        /// The number of players.
        players: usize,
    },
    /// A counter value that is not a count in range.
    BadCount {
        /// The value as written.
        value: String,
        /// The largest count.
        limit: u8,
    },
    /// A clock value that is not a number of plies.
    BadClock {
        /// The value as written.
        value: String,
    },
    /// A mark's value (`counter-bared=`) that is neither 0 nor 1.
    BadMark {
        /// The field's key.
        key: String,
        /// The value as written.
        value: String,
    },
    /// A position the game can never reach (see [`Game::check_position`]).
    Unreachable(String),
}

impl fmt::Display for PositionProblemKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use PositionProblemKind::*;
        match self {
            Empty { letters } => {
                write!(f, "empty; expected the player to move, one of {letters}, then `:` and a section per player")
            }
            NoPlayerToMove { letters } => write!(f, "expected the player to move, one of {letters}, then `:`"),
            NotAPlayer { found, letters } => write!(f, "`{found}` is not a player; expected one of {letters}"),
            EmptySection { letters } => write!(f, "empty section; expected a player letter, one of {letters}"),
            TwoSections { player } => write!(f, "{player} has two sections"),
            MissingSection { player, letter } => {
                write!(f, "no section for {player} (write `:{letter}` even when it has no pieces)")
            }
            NotAPiece { item, off_board: Some(cell), .. } => {
                write!(f, "`{item}` is not a piece: the board has no cell {cell}")
            }
            NotAPiece { item, prefixes, off_board: None } => {
                write!(f, "`{item}` is not a piece; expected a cell of the board with a kind prefix: {prefixes}")
            }
            TwoPieces { cell } => write!(f, "two pieces on {cell}"),
            NotAField { field } => write!(f, "`{field}` is not a field; expected key=value"),
            UnknownField { key, known } => write!(f, "unknown field `{key}`; known fields: {}", known.join(", ")),
            FieldTwice { key } => write!(f, "`{key}` is given twice"),
            CounterValues { key, players } => write!(f, "{key} needs {players} values, one per player in turn order"),
            BadCount { value, limit } => write!(f, "`{value}` is not a count from 0 to {limit}"),
            BadClock { value } => write!(f, "`{value}` is not a number of plies (0 to {})", u16::MAX),
            BadMark { key, value } => write!(f, "`{value}` is not a value of {key}; expected 1 (set) or 0 (not set)"),
            Unreachable(why) => f.write_str(why),
        }
    }
}

/// One problem of a position string: where, and what.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PositionProblem {
    /// 1-based character column.
    pub column: usize,
    /// What is wrong, and what would be accepted.
    pub kind: PositionProblemKind,
}

/// A position string that could not be read: every problem found, in the
/// order of the string (at least one).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PositionError {
    /// The string.
    pub text: String,
    /// The problems.
    pub problems: Vec<PositionProblem>,
}

impl PositionError {
    /// The first problem.
    pub fn first(&self) -> &PositionProblem {
        &self.problems[0]
    }
}

/// The most problems of one position string that its message lists.
const SHOWN_PROBLEMS: usize = 50;

impl fmt::Display for PositionError {
    /// One problem: `bad position string at column 8: two pieces on C6`;
    /// several: a line for each (the first 50, then how many more). Then
    /// the string, with a caret under each place listed.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.problems.as_slice() {
            [one] => write!(f, "bad position string at column {}: {}", one.column, one.kind)?,
            many => {
                write!(f, "bad position string, {} problems:", many.len())?;
                for p in many.iter().take(SHOWN_PROBLEMS) {
                    write!(f, "\n  at column {}: {}", p.column, p.kind)?;
                }
                if many.len() > SHOWN_PROBLEMS {
                    let more = many.len() - SHOWN_PROBLEMS;
                    write!(f, "\n  ... and {more} more (only the first {SHOWN_PROBLEMS} are shown)")?;
                }
            }
        }
        let mut carets = String::new();
        for p in self.problems.iter().take(SHOWN_PROBLEMS) {
            let at = p.column.saturating_sub(1);
            if at >= carets.chars().count() {
                carets.push_str(&" ".repeat(at - carets.chars().count()));
                carets.push('^');
            }
        }
        write!(f, "\n  {}\n  {carets}", self.text)
    }
}

impl std::error::Error for PositionError {}

/// A position string as read, before the game's rules have checked it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PositionSetup {
    /// The player to move.
    pub to_move: Player,
    /// The pieces, each with the 1-based column where it is written.
    pub pieces: Vec<(Cell, Piece, usize)>,
    /// The game's counter of each player (0 when not written).
    pub counters: [u8; MAX_PLAYERS],
    /// Plies without progress.
    pub clock: u16,
    /// The second clock.
    pub aux_clock: u16,
    /// Whether the position follows a counter-baring move (`counter-bared=1`).
    pub counter_bared: bool,
    /// The string, for the problems found when validating.
    text: String,
    /// Where the board part starts: problems of the whole position are shown there.
    column: usize,
}

/// Collects the problems of one string.
struct Problems<'a> {
    text: &'a str,
    found: Vec<PositionProblem>,
}

impl Problems<'_> {
    fn add(&mut self, column: usize, kind: PositionProblemKind) {
        self.found.push(PositionProblem { column, kind });
    }

    /// The problems as an error, if any.
    fn finish(mut self) -> Result<(), PositionError> {
        if self.found.is_empty() {
            return Ok(());
        }
        self.found.sort_by_key(|p| p.column);
        Err(PositionError { text: self.text.to_string(), problems: self.found })
    }
}

impl PositionSetup {
    /// Reads a position string against the names of `game` (player
    /// letters, kind prefixes, cells, fields); every problem is reported.
    pub fn parse<G: Game + ?Sized>(game: &G, text: &str) -> Result<PositionSetup, PositionError> {
        use PositionProblemKind::*;
        let mut problems = Problems { text, found: Vec::new() };
        let players = game.players();
        let letters: String = players.iter().map(|p| p.letter).collect();
        let player_of =
            |c: char| players.iter().position(|p| p.letter.eq_ignore_ascii_case(&c)).map(|i| Player(i as u8));
        let words = words(text);
        let Some(&(board_at, board_part)) = words.first() else {
            problems.add(1, Empty { letters });
            return Err(problems.finish().expect_err("a problem"));
        };
        let mut sections = board_part.split(':');
        let side = sections.next().unwrap_or("");
        let mut side_chars = side.chars();
        let to_move = match (side_chars.next(), side_chars.next()) {
            (Some(c), None) => player_of(c).unwrap_or_else(|| {
                problems.add(board_at + 1, NotAPlayer { found: c, letters: letters.clone() });
                Player(0)
            }),
            _ => {
                problems.add(board_at + 1, NoPlayerToMove { letters: letters.clone() });
                Player(0)
            }
        };
        let mut setup = PositionSetup {
            to_move,
            pieces: Vec::new(),
            counters: [0; MAX_PLAYERS],
            clock: 0,
            aux_clock: 0,
            counter_bared: false,
            text: text.to_string(),
            column: board_at + 1,
        };
        let mut seen = [false; MAX_PLAYERS];
        let mut col = board_at + side.chars().count() + 1;
        for section in sections {
            let section_col = col + 1;
            col += section.chars().count() + 1;
            let mut chars = section.chars();
            let Some(letter) = chars.next() else {
                problems.add(section_col, EmptySection { letters: letters.clone() });
                continue;
            };
            let Some(player) = player_of(letter) else {
                problems.add(section_col, NotAPlayer { found: letter, letters: letters.clone() });
                continue;
            };
            if std::mem::replace(&mut seen[player.index()], true) {
                problems.add(section_col, TwoSections { player: players[player.index()].name.clone() });
            }
            let rest = chars.as_str();
            if rest.is_empty() {
                continue;
            }
            let mut piece_col = section_col + 1;
            for item in rest.split(',') {
                match parse_piece(game, item).map(|(kind, cell)| vec![(kind, cell)]).or_else(|| piece_range(game, item))
                {
                    Some(pieces) => setup
                        .pieces
                        .extend(pieces.into_iter().map(|(kind, cell)| (cell, Piece { player, kind }, piece_col))),
                    None => problems.add(
                        piece_col,
                        NotAPiece {
                            item: item.to_string(),
                            prefixes: prefixes(game),
                            off_board: off_board(game, item),
                        },
                    ),
                }
                piece_col += item.chars().count() + 1;
            }
        }
        if let Some(missing) = (0..players.len()).find(|&i| !seen[i]) {
            let (player, letter) = (players[missing].name.clone(), players[missing].letter);
            problems.add(board_at + board_part.chars().count() + 1, MissingSection { player, letter });
        }
        let mut given: Vec<&str> = Vec::new();
        for &(at, field) in &words[1..] {
            let Some((key, value)) = field.split_once('=') else {
                problems.add(at + 1, NotAField { field: field.to_string() });
                continue;
            };
            if given.contains(&key) {
                problems.add(at + 1, FieldTwice { key: key.to_string() });
                continue;
            }
            given.push(key);
            let value_col = at + key.chars().count() + 2;
            if Some(key) == game.counter_name() {
                let values: Vec<&str> = value.split(',').collect();
                if values.len() != players.len() {
                    problems.add(value_col, CounterValues { key: key.to_string(), players: players.len() });
                    continue;
                }
                let limit = game.counter_limit().min(15);
                // (Each value at its own column: the values and their commas before it.)
                let mut col = value_col;
                for (i, v) in values.iter().enumerate() {
                    let v_col = col;
                    col += v.chars().count() + 1;
                    match v.parse().ok().filter(|&n| n <= limit) {
                        Some(n) => setup.counters[i] = n,
                        None => problems.add(v_col, BadCount { value: v.to_string(), limit }),
                    }
                }
            } else if key == "clock" || (key == "clock2" && game.second_clock()) {
                match value.parse() {
                    Ok(n) if key == "clock" => setup.clock = n,
                    Ok(n) => setup.aux_clock = n,
                    Err(_) => problems.add(value_col, BadClock { value: value.to_string() }),
                }
            } else if key == COUNTER_BARED && game.counter_baring() {
                match value {
                    "0" | "1" => setup.counter_bared = value == "1",
                    _ => problems.add(value_col, BadMark { key: key.to_string(), value: value.to_string() }),
                }
            } else {
                let second = game.second_clock().then_some("clock2");
                let mark = game.counter_baring().then_some(COUNTER_BARED);
                let known = game
                    .counter_name()
                    .into_iter()
                    .chain(["clock"])
                    .chain(second)
                    .chain(mark)
                    .map(String::from)
                    .collect();
                problems.add(at + 1, UnknownField { key: key.to_string(), known });
            }
        }
        problems.finish().map(|()| setup)
    }

    /// The position, checked against the rules of `game`: one piece per
    /// cell, and nothing the game can never reach
    /// ([`Game::check_position`]); every problem is reported.
    pub fn validate<G: Game + ?Sized>(&self, game: &G) -> Result<Position, PositionError> {
        let mut problems = Problems { text: &self.text, found: Vec::new() };
        let mut pos = Position::empty(self.to_move);
        for &(cell, piece, column) in &self.pieces {
            if pos.is_occupied(cell) {
                let cell = game.board().name(cell).to_string();
                problems.add(column, PositionProblemKind::TwoPieces { cell });
            }
            pos.put(cell, piece);
        }
        for p in 0..game.players().len() {
            pos.set_counter(Player(p as u8), self.counters[p]);
        }
        pos.set_clock(self.clock);
        pos.set_aux_clock(self.aux_clock);
        pos.set_counter_bared(self.counter_bared);
        if problems.found.is_empty() {
            for problem in game.check_position(&pos) {
                // (At the piece it is about, where that piece is written.)
                let column =
                    problem.cell.and_then(|cell| self.pieces.iter().find(|p| p.0 == cell)).map_or(self.column, |p| p.2);
                problems.add(column, PositionProblemKind::Unreachable(problem.why));
            }
        }
        problems.finish().map(|()| pos)
    }
}

/// The words of `text` split at white space (a trailing carriage return
/// or tab is white space too), each with the 0-based character
/// column where it starts.
fn words(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut offset = 0;
    for word in text.split(char::is_whitespace) {
        if !word.is_empty() {
            out.push((offset, word));
        }
        offset += word.chars().count() + 1;
    }
    out
}

/// The cell `item` names after one of the game's kind prefixes, when it is
/// written as the board's cells are (letters that start some cell's name,
/// then digits: `E17`, `A1`; digits alone where cells are numbered) but no
/// cell has that name.
fn off_board<G: Game + ?Sized>(game: &G, item: &str) -> Option<String> {
    let board = game.board();
    game.kinds().iter().find_map(|k| {
        let rest = strip_kind_prefix(item, &k.prefix)?;
        let letters = rest.find(|c: char| c.is_ascii_digit())?;
        let (file, number) = rest.split_at(letters);
        let like_a_cell = number.chars().all(|c| c.is_ascii_digit())
            && file.chars().all(|c| c.is_ascii_alphabetic())
            && board.cells().iter().any(|c| {
                let name = board.name(c);
                name.len() > file.len()
                    && name[..file.len()].eq_ignore_ascii_case(file)
                    && name[file.len()..].chars().all(|c| c.is_ascii_digit())
            });
        (like_a_cell && board.cell(rest).is_none()).then(|| rest.to_string())
    })
}

/// The kinds of `game` and their prefixes, for messages: `Knight `K`, Man (no prefix)`.
fn prefixes<G: Game + ?Sized>(game: &G) -> String {
    let kinds: Vec<String> =
        game.kinds()
            .iter()
            .map(|k| {
                if k.prefix.is_empty() {
                    format!("{} (no prefix)", k.name)
                } else {
                    format!("{} `{}`", k.name, k.prefix)
                }
            })
            .collect();
    kinds.join(", ")
}

/// Reads a position string for `game` ([`PositionSetup::parse`], then
/// [`PositionSetup::validate`]).
///
/// ```
/// # use leap_core::{Game, notation::{parse_position, format_position}};
/// # fn demo<G: Game>(game: &G) {
/// let start = parse_position(game, &format_position(game, &game.start())).unwrap();
/// assert_eq!(start, game.start());
/// # }
/// ```
pub fn parse_position<G: Game + ?Sized>(game: &G, text: &str) -> Result<Position, PositionError> {
    PositionSetup::parse(game, text)?.validate(game)
}

/// Writes a position as a position string.
pub fn format_position<G: Game + ?Sized>(game: &G, pos: &Position) -> String {
    let players = game.players();
    let board = game.board();
    let mut s = String::new();
    s.push(players[pos.to_move().index()].letter);
    for player in game.notation_order() {
        s.push(':');
        s.push(players[player.index()].letter);
        let mine = pos.pieces_of(player);
        let mut first = true;
        for (k, kind) in game.kinds().iter().enumerate() {
            for c in board.listed(mine & pos.kind_cells(Kind(k as u8))) {
                if !first {
                    s.push(',');
                }
                first = false;
                s.push_str(&kind.prefix);
                s.push_str(board.name(c));
            }
        }
    }
    if let Some(name) = game.counter_name().filter(|_| game.counter_limit() > 0) {
        let values: Vec<String> = (0..players.len()).map(|i| pos.counter(Player(i as u8)).to_string()).collect();
        s.push_str(&format!(" {name}={}", values.join(",")));
    }
    if pos.clock() != 0 {
        s.push_str(&format!(" clock={}", pos.clock()));
    }
    if pos.aux_clock() != 0 {
        s.push_str(&format!(" clock2={}", pos.aux_clock()));
    }
    if pos.counter_bared() {
        s.push_str(&format!(" {COUNTER_BARED}=1"));
    }
    s
}

/// The key of the field that marks a position following a counter-baring
/// move ([`Position::counter_bared`]).
pub const COUNTER_BARED: &str = "counter-bared";

/// Reads one piece of a position string section: a kind prefix and a cell (`KC6`, `D6`).
pub fn parse_piece<G: Game + ?Sized>(game: &G, item: &str) -> Option<(Kind, Cell)> {
    parse_piece_on(game.board(), game.kinds(), item)
}

/// A range of pieces of one kind on cells named by numbers, as PDN writes
/// them (`21-32`, `K1-4`: every numbered cell from the first to the last),
/// if `item` is one.
fn piece_range<G: Game + ?Sized>(game: &G, item: &str) -> Option<Vec<(Kind, Cell)>> {
    let (first, last) = item.split_once('-')?;
    let (kind, from) = parse_piece(game, first)?;
    let board = game.board();
    let prefix = &game.kinds()[kind.index()].prefix;
    let last = strip_kind_prefix(last, prefix).unwrap_or(last);
    let number = |name: &str| name.chars().all(|c| c.is_ascii_digit()).then(|| name.parse::<u32>().ok())?;
    let (a, b) = (number(board.name(from))?, number(last)?);
    if a > b {
        return None;
    }
    (a..=b).map(|n| board.cell(&n.to_string()).map(|c| (kind, c))).collect()
}

/// [`parse_piece`] on a board with these kinds of piece, before a game is built from them.
pub fn parse_piece_on(board: &Board, kinds: &[KindInfo], item: &str) -> Option<(Kind, Cell)> {
    let mut kinds: Vec<(usize, &str)> = kinds.iter().enumerate().map(|(i, k)| (i, k.prefix.as_str())).collect();
    kinds.sort_by_key(|(_, p)| std::cmp::Reverse(p.len()));
    kinds.into_iter().find_map(|(i, prefix)| {
        let rest = strip_kind_prefix(item, prefix)?;
        board.cell(rest).map(|c| (Kind(i as u8), c))
    })
}

/// `item` after a kind's prefix written in either case (`KC6` or `kc6`,
/// as cells and player letters may be written: prefixes are upper-case
/// letters, so that case tells no kind from another).
pub fn strip_kind_prefix<'a>(item: &'a str, prefix: &str) -> Option<&'a str> {
    let head = item.get(..prefix.len())?;
    head.eq_ignore_ascii_case(prefix).then(|| &item[prefix.len()..])
}
