//! Board diagrams for people: ranks from the top, files labelled, special
//! zones (castles) in brackets, each piece as its game's letter for it (by
//! default upper case for the first player, lower case for the second). On a
//! board whose cells are numbered (checkers' 1-32) the empty cells show their
//! numbers instead of a file and rank frame.
//!
//! [`diagram()`] draws a position alone. A [`Diagram`] can also mark the
//! last move's path (in plain text: `*` on the cells it left or landed on,
//! `x` on the cells of the pieces it took, the piece that moved in
//! parentheses), add keys (the owner of each castle when there are more
//! than two players; the number of every square of a numbered board,
//! beside it), and have each cell coloured by a [`Paint`].
//!
//! ```
//! use leap_core::notation::{diagram, Diagram};
//! # use leap_core::{Game, History};
//! # fn show<G: Game>(game: &G, history: &History) {
//! let plain = diagram(game, history.current());
//! let marked = Diagram::new(game, history.current()).last_move(history.moves().last()).keys(true).to_string();
//! # }
//! ```

use crate::board::{Cell, Coord, Geometry};
use crate::game::Game;
use crate::moves::Move;
use crate::position::{Piece, Player, Position};
use std::fmt;

/// Draws `pos` as text: the diagram with no marks, no keys and no colour.
pub fn diagram<G: Game + ?Sized>(game: &G, pos: &Position) -> String {
    Diagram::new(game, pos).to_string()
}

/// A cell's part in the last move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Trace {
    /// The cell the piece left.
    From,
    /// A cell the piece landed on before its last landing.
    Landing,
    /// The cell of a piece the move took.
    Taken,
    /// Where the piece stopped.
    To,
}

/// What a cell of a diagram holds, for a [`Paint`] to colour.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Look {
    /// The piece on the cell.
    pub piece: Option<Piece>,
    /// The owner of the castle (or other special zone) the cell is part of.
    pub castle: Option<Player>,
    /// The cell's part in the last move, when it is marked.
    pub trace: Option<Trace>,
}

/// Which part of a cell's text a [`Paint`] is given.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Part {
    /// A character either side: a castle's bracket, the parenthesis around
    /// the piece that moved last, or a space.
    Frame,
    /// The piece's letter, or the mark of an empty cell (`.`, a number, `*`).
    Content,
}

/// Colours a diagram: each part of each cell's text, given what the cell
/// holds. Text that a painter gives back unchanged counts as plain (the
/// diagram may trim its spaces).
pub trait Paint {
    /// `text` (one part of the cell `look` describes) as it is to be shown.
    fn paint(&self, look: &Look, part: Part, text: &str) -> String;
}

/// A diagram of a position, with the marks and keys asked for; its
/// [`Display`](fmt::Display) draws it.
pub struct Diagram<'a, G: Game + ?Sized> {
    game: &'a G,
    pos: &'a Position,
    last: Option<&'a Move>,
    keys: bool,
    paint: Option<&'a dyn Paint>,
}

impl<'a, G: Game + ?Sized> Diagram<'a, G> {
    /// A diagram of `pos`: no marks, no keys, no colour (as [`diagram()`]).
    pub fn new(game: &'a G, pos: &'a Position) -> Self {
        Diagram { game, pos, last: None, keys: false, paint: None }
    }

    /// Marks the path of `mv`, the move that led to the position (none:
    /// nothing is marked; a pass marks nothing).
    pub fn last_move(mut self, mv: Option<&'a Move>) -> Self {
        self.last = mv.filter(|m| !m.is_pass());
        self
    }

    /// Adds keys where the board alone does not tell: whose each castle is
    /// (a line under the diagram, in games of more than two players), and
    /// each square's number beside a numbered board (the diagram hides the
    /// numbers of occupied squares).
    pub fn keys(mut self, keys: bool) -> Self {
        self.keys = keys;
        self
    }

    /// Colours the cells with `paint`.
    pub fn paint(mut self, paint: &'a dyn Paint) -> Self {
        self.paint = Some(paint);
        self
    }

    /// The cell's part in the last move.
    fn trace(&self, cell: Cell) -> Option<Trace> {
        let mv = self.last?;
        if cell == mv.to() {
            Some(Trace::To)
        } else if mv.captured.contains(cell) {
            Some(Trace::Taken)
        } else if cell == mv.from {
            Some(Trace::From)
        } else if mv.legs.iter().any(|l| l.to == cell) {
            Some(Trace::Landing)
        } else {
            None
        }
    }

    fn look(&self, cell: Cell) -> Look {
        Look { piece: self.pos.piece_at(cell), castle: self.game.zone_owner(cell), trace: self.trace(cell) }
    }

    /// The cell's text in three parts (left frame, content, right frame),
    /// each painted. `empty` is the content of an empty cell, `width` the
    /// width of the content.
    fn cell(&self, cell: Cell, empty: &str, width: usize, row: &mut Row) {
        let look = self.look(cell);
        let (mut left, mut right) = if look.castle.is_some() { ('[', ']') } else { (' ', ' ') };
        let content = match (look.piece, look.trace) {
            (Some(p), _) => self.piece_text(p),
            (None, Some(Trace::Taken)) => "x".repeat(width),
            (None, Some(_)) => "*".repeat(width),
            (None, None) => empty.to_string(),
        };
        if look.trace == Some(Trace::To) && look.piece.is_some() {
            (left, right) = ('(', ')');
        }
        row.push(self.painted(&look, Part::Frame, &left.to_string()));
        row.push(self.painted(&look, Part::Content, &content));
        row.push(self.painted(&look, Part::Frame, &right.to_string()));
    }

    /// The width of a piece's text: 2 on a hex board, and on a square one
    /// of more than two players (whose pieces a letter's case cannot tell
    /// apart), else 1.
    fn piece_width(&self) -> usize {
        let board = self.game.board();
        let many = self.game.players().len() > 2 && !board.is_numbered();
        if board.geometry() == Geometry::Hex || many {
            2
        } else {
            1
        }
    }

    /// A piece as the diagram shows it: its letter, or on a hex board (and
    /// a square one of more than two players) its player's letter and its
    /// kind's ([`crate::game::KindInfo::letter`]: `BK`, a Blue
    /// Knight; `Wb` and `WB`, a White man and king where the kinds differ
    /// only by case).
    fn piece_text(&self, p: Piece) -> String {
        if self.piece_width() == 2 {
            format!("{}{}", self.game.players()[p.player.index()].letter, self.game.kind_info(p.kind).letter())
        } else {
            self.game.piece_symbol(p).to_string()
        }
    }

    fn painted(&self, look: &Look, part: Part, text: &str) -> Segment {
        let shown = self.paint.map(|p| p.paint(look, part, text));
        Segment { plain: text.to_string(), shown: shown.filter(|s| s != text) }
    }

    /// The square board: files and ranks all round.
    fn square(&self, out: &mut Lines) {
        let board = self.game.board();
        let files = board.files();
        let w = self.piece_width();
        let mut header = String::from("    ");
        for f in 0..files {
            header.push_str(&format!(" {:<w$} ", (b'A' + f) as char));
        }
        out.push(Row::text(header.trim_end()));
        for r in (0..board.ranks()).rev() {
            let mut row = Row::text(&format!("{:>3} ", r + 1));
            for f in 0..files {
                match board.at(Coord { file: f, rank: r }) {
                    None => row.push(Segment::plain(&" ".repeat(w + 2))),
                    Some(cell) => {
                        let empty = if self.game.zone_owner(cell).is_some() { " " } else { "." };
                        self.cell(cell, &format!("{empty:<w$}"), w, &mut row);
                    }
                }
            }
            row.trim_end();
            let width = (w + 2) * files as usize + 6 - row.width();
            row.push(Segment::plain(&format!("{:>width$}", r + 1)));
            out.push(row);
        }
        out.push(Row::text(header.trim_end()));
    }

    /// A board with numbered cells: each empty cell shows its number.
    fn numbered(&self, out: &mut Lines) {
        let board = self.game.board();
        for r in (0..board.ranks()).rev() {
            let mut row = Row::text(" ");
            for f in 0..board.files() {
                match board.at(Coord { file: f, rank: r }) {
                    None => row.push(Segment::plain("   ")),
                    Some(cell) => {
                        let look = self.look(cell);
                        if look.piece.is_none() && look.trace.is_none() {
                            // The number fills the left frame: `13 `.
                            let name = format!("{:>2}", board.name(cell));
                            row.push(self.painted(&look, Part::Content, &name));
                            row.push(self.painted(&look, Part::Frame, " "));
                        } else {
                            self.cell(cell, "", 1, &mut row);
                        }
                    }
                }
            }
            row.trim_end();
            out.push(row);
        }
    }

    /// The numbers of every square of a numbered board, laid out as the board.
    fn number_key(&self) -> Vec<String> {
        let board = self.game.board();
        (0..board.ranks())
            .rev()
            .map(|r| {
                let mut line = String::from(" ");
                for f in 0..board.files() {
                    match board.at(Coord { file: f, rank: r }) {
                        None => line.push_str("   "),
                        Some(cell) => line.push_str(&format!("{:>2} ", board.name(cell))),
                    }
                }
                line.trim_end().to_string()
            })
            .collect()
    }

    /// A hex board: each rank a row, each hexagon four characters wide at
    /// its file's column, so that neighbouring ranks interlock. A piece
    /// shows as its player's letter and its kind's (`BK`: a Blue Knight), an
    /// empty hexagon as `..`, a castle in brackets.
    fn hex(&self, out: &mut Lines) {
        let board = self.game.board();
        let files = board.files() as usize;
        let mut header = String::from("    ");
        for f in 0..files {
            header.push_str(&format!("  {} ", (b'A' + f as u8) as char));
        }
        let header = header.trim_end().to_string();
        out.push(Row::text(&header));
        for r in (0..board.ranks()).rev() {
            let mut row = Row::text(&format!("{:>3} ", r + 1));
            for f in 0..files {
                match board.at(Coord { file: f as u8, rank: r }) {
                    None => row.push(Segment::plain("    ")),
                    Some(cell) => self.cell(cell, "..", 2, &mut row),
                }
            }
            let width = (4 + 4 * files).saturating_sub(row.width());
            row.push(Segment::plain(&format!("{:width$} {}", "", r + 1)));
            row.trim_end();
            out.push(row);
        }
        out.push(Row::text(&header));
    }

    /// Whose each castle is: `Castles: F1 Blue's, A16 Red's, K16 Green's.`
    fn castle_key(&self) -> Option<String> {
        let board = self.game.board();
        let players = self.game.players();
        let mut owned = Vec::new();
        for (i, player) in players.iter().enumerate() {
            let cells: Vec<&str> = board
                .listed(board.cells())
                .into_iter()
                .filter(|&c| self.game.zone_owner(c) == Some(Player(i as u8)))
                .map(|c| board.name(c))
                .collect();
            if !cells.is_empty() {
                owned.push(format!("{} {}'s", cells.join(" "), player.name));
            }
        }
        (!owned.is_empty()).then(|| format!("Castles: {}.", owned.join(", ")))
    }
}

impl<G: Game + ?Sized> fmt::Display for Diagram<'_, G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let board = self.game.board();
        let mut rows = Lines::new();
        if board.is_numbered() {
            self.numbered(&mut rows);
        } else if board.geometry() == Geometry::Hex {
            self.hex(&mut rows);
        } else {
            self.square(&mut rows);
        }
        let key = if self.keys && board.is_numbered() { self.number_key() } else { Vec::new() };
        let width = rows.iter().map(Row::width).max().unwrap_or(0);
        for (i, row) in rows.iter().enumerate() {
            f.write_str(&row.shown())?;
            if let Some(key) = key.get(i) {
                write!(f, "{:pad$}   {key}", "", pad = width - row.width())?;
            }
            f.write_str("\n")?;
        }
        if self.keys && self.game.players().len() > 2 {
            if let Some(line) = self.castle_key() {
                writeln!(f, "{line}")?;
            }
        }
        Ok(())
    }
}

/// A piece of a diagram's line: its plain text, and the text shown when a
/// painter changed it.
struct Segment {
    plain: String,
    shown: Option<String>,
}

impl Segment {
    fn plain(text: &str) -> Segment {
        Segment { plain: text.to_string(), shown: None }
    }
}

/// A line of a diagram, in segments.
struct Row(Vec<Segment>);

type Lines = Vec<Row>;

impl Row {
    fn text(text: &str) -> Row {
        Row(vec![Segment::plain(text)])
    }

    fn push(&mut self, segment: Segment) {
        self.0.push(segment);
    }

    /// The width of the line on the screen.
    fn width(&self) -> usize {
        self.0.iter().map(|s| s.plain.chars().count()).sum()
    }

    /// Drops the spaces at the end that no painter coloured.
    fn trim_end(&mut self) {
        while let Some(last) = self.0.last_mut() {
            if last.shown.is_some() {
                return;
            }
            let kept = last.plain.trim_end().len();
            if kept > 0 {
                last.plain.truncate(kept);
                return;
            }
            self.0.pop();
        }
    }

    fn shown(&self) -> String {
        self.0.iter().map(|s| s.shown.as_deref().unwrap_or(&s.plain)).collect()
    }
}
