//! Game records in PGN style (written by [`History::to_record`](crate::History::to_record)).
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
