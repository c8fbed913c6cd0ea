//! Game records in PGN style, and the history of a game being played.
//!
//! ```text
//! [Variant "camelot"]
//! [White "Ann"]
//! [Black "Bob"]
//! [Position "W:WKC6,D6:BKC11,D11 castle-moves=0,0"]   (optional)
//!
//! 1.E6-E8 H11-F9 {a comment} 2.H6-F8! F11-H9 1-0
//! ```
//!
//! The reader accepts the usual furniture: `1...` before a move of the
//! second player, annotation glyphs (`! ? !! ?? !? ?!`), `$n` codes,
//! `{comments}` and `;` comments to the end of the line, and several games
//! in one file (each starts with its tag pairs).

use crate::game::Game;
use crate::moves::Move;
use crate::notation::{format_move, read_move, MoveError, ReadMove};
use crate::outcome::{EndReason, GameResult, Outcome};
use crate::pdn::format_position;
use crate::position::Position;
use std::fmt;

/// One move as written in a record, with where it was written.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct WrittenPly {
    /// The move text, without glyphs.
    pub text: String,
    /// 1-based line.
    pub line: usize,
    /// 1-based column.
    pub column: usize,
}

/// A game record: tag pairs, moves and the written result.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Record {
    /// Tag pairs in file order.
    pub tags: Vec<(String, String)>,
    /// The moves in order.
    pub moves: Vec<WrittenPly>,
    /// The result token (`1-0`, `0-1`, `1/2-1/2`, `*`), if written.
    pub result: Option<String>,
}

impl Record {
    /// The value of a tag.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }
}

/// A record that could not be read: where and what.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RecordError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column.
    pub column: usize,
    /// What is wrong, and what was expected.
    pub message: String,
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.column, self.message)
    }
}

impl std::error::Error for RecordError {}

/// Whether `token` is a result: `*`, or one score per player joined by `-`,
/// each `1`, `0` or a share of a draw (`1-0`, `0-1`, `1/2-1/2`, `0-1-0`,
/// `1/3-1/3-1/3`).
fn is_result(token: &str) -> bool {
    if token == "*" {
        return true;
    }
    let parts: Vec<&str> = token.split('-').collect();
    (2..=crate::position::MAX_PLAYERS).contains(&parts.len())
        && parts.iter().all(|p| matches!(*p, "0" | "1" | "1/2" | "1/3" | "1/4"))
}

/// Reads every game of a record file.
pub fn parse_records(text: &str) -> Result<Vec<Record>, RecordError> {
    let chars: Vec<char> = text.chars().collect();
    let (mut i, mut line, mut col) = (0usize, 1usize, 1usize);
    let mut games: Vec<Record> = Vec::new();
    let mut current = Record::default();
    let mut in_moves = false;
    let advance = |i: &mut usize, line: &mut usize, col: &mut usize| {
        if chars[*i] == '\n' {
            *line += 1;
            *col = 1;
        } else {
            *col += 1;
        }
        *i += 1;
    };
    let err = |line: usize, column: usize, message: String| RecordError { line, column, message };
    while i < chars.len() {
        let c = chars[i];
        let (l0, c0) = (line, col);
        if c.is_whitespace() {
            advance(&mut i, &mut line, &mut col);
        } else if c == '{' {
            while i < chars.len() && chars[i] != '}' {
                advance(&mut i, &mut line, &mut col);
            }
            if i == chars.len() {
                return Err(err(l0, c0, "comment `{` is never closed with `}`".into()));
            }
            advance(&mut i, &mut line, &mut col);
        } else if c == ';' {
            while i < chars.len() && chars[i] != '\n' {
                advance(&mut i, &mut line, &mut col);
            }
        } else if c == '[' {
            if in_moves {
                games.push(std::mem::take(&mut current));
                in_moves = false;
            }
            let start = i + 1;
            while i < chars.len() && chars[i] != ']' && chars[i] != '\n' {
                advance(&mut i, &mut line, &mut col);
            }
            if i == chars.len() || chars[i] != ']' {
                return Err(err(l0, c0, "tag pair not closed with `]` on its line".into()));
            }
            let inner: String = chars[start..i].iter().collect();
            advance(&mut i, &mut line, &mut col);
            let inner = inner.trim();
            let (key, value) = inner.split_once(char::is_whitespace).unwrap_or((inner, ""));
            let value = value.trim();
            if key.is_empty() || !value.starts_with('"') || !value.ends_with('"') || value.len() < 2 {
                return Err(err(l0, c0, format!("expected a tag pair such as [Variant \"camelot\"], found [{inner}]")));
            }
            current.tags.push((key.to_string(), value[1..value.len() - 1].replace("\\\"", "\"")));
        } else {
            let start = i;
            while i < chars.len() && !chars[i].is_whitespace() && !"{;[".contains(chars[i]) {
                advance(&mut i, &mut line, &mut col);
            }
            let token: String = chars[start..i].iter().collect();
            in_moves = true;
            if is_result(&token) {
                current.result = Some(token);
                games.push(std::mem::take(&mut current));
                in_moves = false;
                continue;
            }
            let mut rest = token.as_str();
            let mut off = 0;
            // Move number: `12.` or `12...`, possibly glued to the move.
            let digits = rest.chars().take_while(|c| c.is_ascii_digit()).count();
            if digits > 0 && rest[digits..].starts_with('.') {
                let dots = rest[digits..].chars().take_while(|&c| c == '.').count();
                off = digits + dots;
                rest = &rest[off..];
            }
            if rest.starts_with('$') && rest[1..].chars().all(|c| c.is_ascii_digit()) {
                continue;
            }
            let body = rest.trim_end_matches(['!', '?']);
            if body.is_empty() {
                continue;
            }
            if !body.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == ':') {
                return Err(err(l0, c0 + off, format!("`{body}` is not a move, move number, comment or result")));
            }
            current.moves.push(WrittenPly { text: body.to_string(), line: l0, column: c0 + off });
        }
    }
    if in_moves || !current.tags.is_empty() || games.is_empty() {
        games.push(current);
    }
    Ok(games)
}

/// Splits a movetext line such as `1.E6-E8 H11-F9 2. H6-F8` into moves.
pub fn parse_movetext(text: &str) -> Result<Vec<WrittenPly>, RecordError> {
    let games = parse_records(text)?;
    if games.len() > 1 || games.iter().any(|g| !g.tags.is_empty()) {
        return Err(RecordError {
            line: 1,
            column: 1,
            message: "expected only moves, without tags or results in the middle".into(),
        });
    }
    Ok(games.into_iter().next().map(|g| g.moves).unwrap_or_default())
}

/// A move of a game that could not be played, with its place in the game.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PlayError {
    /// Move number as written (1 for the first round).
    pub number: usize,
    /// The player whose move it was.
    pub player: String,
    /// Where it was written, if it came from a file.
    pub at: Option<(usize, usize)>,
    /// Why it could not be played.
    pub error: Box<MoveError>,
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some((l, c)) = self.at {
            write!(f, "{l}:{c}: ")?;
        }
        write!(f, "move {} ({}): {}", self.number, self.player, self.error)
    }
}

impl std::error::Error for PlayError {}

/// A game in progress: its start, every move played, and every position.
#[derive(Clone, Debug)]
pub struct History {
    positions: Vec<Position>,
    moves: Vec<Move>,
}

impl History {
    /// A game starting from `start`.
    pub fn new(start: Position) -> History {
        History { positions: vec![start], moves: Vec::new() }
    }

    /// The start position.
    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    /// The current position.
    pub fn current(&self) -> &Position {
        self.positions.last().expect("a history has a start")
    }

    /// The moves played, with their paths.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The move number and player name of the next move.
    pub fn next_label<G: Game>(&self, game: &G) -> (usize, String) {
        let n = game.players().len();
        let ply = self.moves.len() + self.start().to_move().index();
        (ply / n + 1, game.players()[self.current().to_move().index()].name.clone())
    }

    /// Reads and plays a written move; on error nothing changes.
    pub fn play_text<G: Game>(&mut self, game: &G, text: &str) -> Result<ReadMove, PlayError> {
        if self.outcome(game).is_some() {
            let (number, player) = self.next_label(game);
            return Err(PlayError { number, player, at: None, error: Box::new(MoveError::GameOver) });
        }
        match read_move(game, self.current(), text) {
            Ok(read) => {
                let next = game.apply(self.current(), &read.key);
                self.positions.push(next);
                self.moves.push(read.path.clone());
                Ok(read)
            }
            Err(error) => {
                let (number, player) = self.next_label(game);
                Err(PlayError { number, player, at: None, error: Box::new(error) })
            }
        }
    }

    /// Plays every move of a list, stopping at the first that fails.
    pub fn play_all<G: Game>(&mut self, game: &G, plies: &[WrittenPly]) -> Result<Vec<ReadMove>, PlayError> {
        let mut read = Vec::new();
        for p in plies {
            read.push(self.play_text(game, &p.text).map_err(|e| PlayError { at: Some((p.line, p.column)), ..e })?);
        }
        Ok(read)
    }

    /// Takes back the last move; `false` if there is none.
    pub fn undo(&mut self) -> bool {
        if self.moves.pop().is_some() {
            self.positions.pop();
            true
        } else {
            false
        }
    }

    /// The outcome: the game's own end conditions, or a draw by repetition.
    pub fn outcome<G: Game>(&self, game: &G) -> Option<Outcome> {
        if let Some(o) = game.outcome(self.current()) {
            return Some(o);
        }
        let limit = game.repetition_limit()?;
        let now = self.current();
        let same = |p: &&Position| {
            let mut q = **p;
            q.set_clock(now.clock());
            q.set_aux_clock(now.aux_clock());
            q == *now
        };
        let seen = self.positions.iter().filter(same).count();
        (seen as u32 >= limit).then_some(Outcome { result: GameResult::Draw, reason: EndReason::Repetition })
    }

    /// The result token of the game so far (`*` while it goes on). With two
    /// players the scores are in [`Game::notation_order`]: `1-0` is a win for
    /// the player listed first (Camelot: White; PDN checkers: White too,
    /// although Black moves first).
    ///
    /// One score per player in notation order, joined by `-`: `1` for the
    /// winner and `0` for the others (`1-0`, `0-1`, `0-0-1`), or an equal
    /// share for a draw (`1/2-1/2`, `1/3-1/3-1/3`).
    pub fn result_token<G: Game>(&self, game: &G) -> String {
        let order = game.notation_order();
        let scores: Vec<String> = match self.outcome(game).map(|o| o.result) {
            None => return "*".into(),
            Some(GameResult::Draw) => order.iter().map(|_| format!("1/{}", order.len())).collect(),
            Some(GameResult::Win(w)) => order.iter().map(|p| if *p == w { "1" } else { "0" }.to_string()).collect(),
        };
        scores.join("-")
    }

    /// Writes the game as a record that [`parse_records`] reads back.
    pub fn to_record<G: Game>(&self, game: &G, tags: &[(String, String)]) -> String {
        let mut out = format!("[Variant \"{}\"]\n", game.name());
        for (k, v) in tags {
            out.push_str(&format!("[{k} \"{}\"]\n", v.replace('"', "\\\"")));
        }
        if *self.start() != game.start() {
            out.push_str(&format!("[Position \"{}\"]\n", format_position(game, self.start())));
        }
        let result = self.result_token(game);
        out.push_str(&format!("[Result \"{result}\"]\n\n"));
        let n = game.players().len();
        let first = self.start().to_move().index();
        let mut line = String::new();
        for (i, mv) in self.moves.iter().enumerate() {
            let ply = first + i;
            if ply.is_multiple_of(n) {
                line.push_str(&format!("{}.", ply / n + 1));
            } else if i == 0 {
                line.push_str(&format!("{}...", ply / n + 1));
            }
            line.push_str(&format_move(game.board(), mv));
            line.push(' ');
            if line.len() > 70 {
                out.push_str(line.trim_end());
                out.push('\n');
                line.clear();
            }
        }
        line.push_str(&result);
        out.push_str(&line);
        out.push('\n');
        out
    }
}
