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
//! The reader accepts the usual furniture: `1...` (or `1. ...`) before a
//! move of the second player, annotation glyphs (`! ? !! ?? !? ?!`, and
//! PDN's star move `*` glued to a move), `$n` codes,
//! `{comments}` and `;` comments to the end of the line, variations in
//! parentheses (`(6...H10-F8 7.G7xI9)`, which may nest), lines starting
//! with `%` (the PGN standard's escape: skipped), and several games in one
//! file (each starts with its tag pairs). What is written after a move,
//! its glyph, comments and variations, is kept with it
//! ([`WrittenPly::notes`]), not read as moves. A comment after a move may
//! give the time its player had left after it, as PGN programs write it:
//! `{[%clk 0:04:59.5]}` ([`WrittenPly::clock`]).

use crate::history::Annotation;
use std::fmt;
use std::time::Duration;

/// One move as written in a record, with where it was written.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct WrittenPly {
    /// The move text, without glyphs.
    pub text: String,
    /// 1-based line.
    pub line: usize,
    /// 1-based column.
    pub column: usize,
    /// The move number written before it, if any (see [`MoveNumber`]).
    pub number: Option<MoveNumber>,
    /// The time its player had left once it was made, from a `[%clk
    /// H:MM:SS]` command in a comment after it (see [`clock_command`]).
    pub clock: Option<Duration>,
    /// What the record says of it after it: its glyph (`!?`, or the code
    /// `$5`), its comments (`{...}` and `;` comments, their runs of
    /// spaces and line ends made one space, less the clock) and its
    /// variations (`(...)`, as written), which a record written of the
    /// game again keeps ([`crate::History::annotated_movetext`]).
    pub notes: Annotation,
}

/// A move number as written before a move: `12.` (the first move of a
/// round) or `12...` (a later move of the round).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct MoveNumber {
    /// The number.
    pub number: usize,
    /// Whether it is written with `...`: the move is not the first of its round.
    pub continued: bool,
    /// 1-based line where it is written.
    pub line: usize,
    /// 1-based column where it is written.
    pub column: usize,
}

impl fmt::Display for MoveNumber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.number, if self.continued { "..." } else { "." })
    }
}

/// A game record: tag pairs, moves and the written result.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Record {
    /// Tag pairs in file order.
    pub tags: Vec<(String, String)>,
    /// Where each tag pair starts (1-based line and column), in the order of `tags`.
    pub tags_at: Vec<(usize, usize)>,
    /// The moves in order.
    pub moves: Vec<WrittenPly>,
    /// The result token (`1-0`, `0-1`, `1/2-1/2`, `*`), if written.
    pub result: Option<String>,
    /// Where the result token is written (1-based line and column).
    pub result_at: Option<(usize, usize)>,
    /// The comments written before the first move (`{annotated by ...}`),
    /// their runs of spaces and line ends made one space, which a record
    /// written of the game again keeps before its moves
    /// ([`crate::History::annotated_movetext`]).
    pub intro: Vec<String>,
    /// The first annotation of the game that neither [`Record::intro`]
    /// nor its moves' notes ([`WrittenPly::notes`]) keep, and which a
    /// record written of the game again would therefore lose: a variation
    /// before the first move, a comment or variation after the result, a
    /// `$n` code beyond `$6`, a second glyph of one move, PDN's star move
    /// `*`. (`$0`, the standard's null annotation, says nothing: it is
    /// dropped.)
    pub unkept: Option<Unkept>,
}

impl Record {
    /// The value of a tag.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tag_index(name).map(|i| self.tags[i].1.as_str())
    }

    /// Where a tag pair starts (1-based line and column).
    pub fn tag_at(&self, name: &str) -> Option<(usize, usize)> {
        self.tags_at.get(self.tag_index(name)?).copied()
    }

    /// The index in `tags` of the tag `name` (tag names are compared
    /// without regard to case).
    fn tag_index(&self, name: &str) -> Option<usize> {
        self.tags.iter().position(|(k, _)| k.eq_ignore_ascii_case(name))
    }

    /// The tag that gives the game's start position, with its text: the
    /// `Position` tag, or the `FEN` tag of PDN records; `None` when neither
    /// is given (the game starts where its variant does). Both at once is
    /// an error, in words.
    pub fn start_tag(&self) -> Result<Option<(&'static str, &str)>, String> {
        match (self.tag("Position"), self.tag("FEN")) {
            (Some(_), Some(_)) => Err("both [Position] and [FEN] give the start position; give one".into()),
            (Some(p), None) => Ok(Some(("Position", p))),
            (None, Some(p)) => Ok(Some(("FEN", p))),
            (None, None) => Ok(None),
        }
    }

    /// Whether its moves are written in square numbers (`11-15`), as
    /// records of draughts write them (Camelot's cells are a letter and a
    /// number: `F7-F8`); `false` without moves.
    pub fn numbered_moves(&self) -> bool {
        self.moves.first().is_some_and(|m| m.text.starts_with(|c: char| c.is_ascii_digit()))
    }

    /// Whether the record holds no game: no tag, no move, no result (a
    /// comment alone is none).
    pub fn is_empty(&self) -> bool {
        self.tags.is_empty() && self.moves.is_empty() && self.result.is_none()
    }
}

/// An annotation of a record that a record written of the game again
/// would not keep (see [`Record::unkept`]): what it is and where.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Unkept {
    /// 1-based line.
    pub line: usize,
    /// 1-based column.
    pub column: usize,
    /// What it is, in words: `the code $14`, `a comment after the result`.
    pub what: String,
}

impl fmt::Display for Unkept {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at line {}, column {}", self.what, self.line, self.column)
    }
}

impl Record {
    /// Notes `what`, written at `line` and `column`, as an annotation the
    /// game does not keep, unless one was noted before it.
    fn not_kept(&mut self, line: usize, column: usize, what: impl Into<String>) {
        if self.unkept.is_none() {
            self.unkept = Some(Unkept { line, column, what: what.into() });
        }
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
    if token == "*" || one_point(token) != token {
        return true;
    }
    let parts: Vec<&str> = token.split('-').collect();
    (2..=crate::position::MAX_PLAYERS).contains(&parts.len())
        && parts.iter().all(|p| matches!(*p, "0" | "1" | "1/2" | "1/3" | "1/4"))
}

/// A result of two players in the two points of draughts scoring (`2-0`,
/// `1-1`, `0-2`, which PDN records of draughts write) in one point
/// (`1-0`, `1/2-1/2`, `0-1`); any other token as it is. (A reader applies
/// it to PDN records, those with a `GameType` tag or moves in square
/// numbers: `1-1` in a Camelot record is no result.)
///
/// ```
/// use leap_core::notation::one_point;
/// assert_eq!((one_point("2-0"), one_point("1-1"), one_point("0-2")), ("1-0", "1/2-1/2", "0-1"));
/// assert_eq!(one_point("1-0"), "1-0");
/// ```
pub fn one_point(token: &str) -> &str {
    match token {
        "2-0" => "1-0",
        "1-1" => "1/2-1/2",
        "0-2" => "0-1",
        other => other,
    }
}

/// Whether `token`, a result, fits a game of `players` players: `*`, or
/// one score per player, each `0` or `1/k` where `k` is the number of
/// players who score (`1-0`, `1/2-1/2`, `0-1/2-1/2`, `1/3-1/3-1/3`);
/// otherwise what is wrong with it.
///
/// ```
/// use leap_core::notation::result_fits;
/// assert!(result_fits("1-0", 2).is_ok() && result_fits("0-1/2-1/2", 3).is_ok());
/// assert!(result_fits("1-1", 2).is_err() && result_fits("0-0-0", 2).is_err());
/// ```
pub fn result_fits(token: &str, players: usize) -> Result<(), String> {
    if token == "*" {
        return Ok(());
    }
    let scores: Vec<&str> = token.split('-').collect();
    if scores.len() != players {
        return Err(format!(
            "the result `{token}` gives {} scores; a game of {players} players has one score per player",
            scores.len()
        ));
    }
    let scoring = scores.iter().filter(|s| **s != "0").count();
    let share = if scoring == 1 { "1".to_string() } else { format!("1/{scoring}") };
    if scoring == 0 || scores.iter().any(|s| *s != "0" && *s != share) {
        return Err(format!(
            "the result `{token}` is not a result: the scores must add up to 1, each 0 or an equal share \
             (expected a win such as {}, a draw such as {}, or *)",
            (0..players).map(|i| if i == 0 { "1" } else { "0" }).collect::<Vec<_>>().join("-"),
            vec![format!("1/{players}"); players].join("-")
        ));
    }
    Ok(())
}

/// The comment a record of a game of more than two players writes after
/// the move that put `name` out of the game (`{Red is out}`): it says whose
/// the moves of the later rounds are.
pub(crate) fn put_out_note(name: &str) -> String {
    format!("{name} is out")
}

/// Whether a comment's text is a [`put_out_note`] (which the program writes
/// again, so that it is no annotation of a person's).
fn is_put_out_note(text: &str) -> bool {
    text.strip_suffix(" is out").is_some_and(|name| !name.trim().is_empty() && !name.contains('\n'))
}

/// The command a comment after a move gives for the time its player had
/// left once it was made, as chess programs write it (lichess, chess.com):
/// `[%clk H:MM:SS]`, with the fraction of a second when there is one, to
/// the millisecond (`0:04:59.5`, `0:00:01.494`), a part of a millisecond
/// counted as a whole one: the record, read again, gives the player all
/// the time it had, and never less (a clock cut to tenths would take up
/// to 99 ms from it, and flag at once one with less than a tenth left).
///
/// ```
/// use leap_core::notation::clock_command;
/// use std::time::Duration;
/// assert_eq!(clock_command(Duration::from_millis(299_500)), "[%clk 0:04:59.5]");
/// assert_eq!(clock_command(Duration::from_millis(1_494)), "[%clk 0:00:01.494]");
/// assert_eq!(clock_command(Duration::from_micros(92_001)), "[%clk 0:00:00.093]");
/// assert_eq!(clock_command(Duration::from_secs(5400)), "[%clk 1:30:00]");
/// ```
pub fn clock_command(left: Duration) -> String {
    // (Whole milliseconds, rounded up.)
    let millis = left.as_nanos().div_ceil(1_000_000);
    let seconds = millis / 1000;
    let (h, m, s) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    let fraction = format!("{:03}", millis % 1000);
    let fraction = fraction.trim_end_matches('0');
    if fraction.is_empty() {
        format!("[%clk {h}:{m:02}:{s:02}]")
    } else {
        format!("[%clk {h}:{m:02}:{s:02}.{fraction}]")
    }
}

/// The longest time a clock command may give: a thousand hours.
const MAX_CLOCK_SECONDS: u64 = 1000 * 3600;

/// A time written as `H:MM:SS`, `M:SS` or either with a fraction of a
/// second (`0:04:59.5`), under a thousand hours; the seconds, and the
/// minutes after hours, under 60 (`0:04:99` is no time).
fn read_clock(text: &str) -> Option<Duration> {
    let parts: Vec<&str> = text.trim().split(':').collect();
    let (h, m, s) = match parts[..] {
        [h, m, s] => (h, m, s),
        [m, s] => ("0", m, s),
        _ => return None,
    };
    let whole = |t: &str| (!t.is_empty() && t.chars().all(|c| c.is_ascii_digit())).then(|| t.parse::<u64>().ok())?;
    let (secs, fraction) = s.split_once('.').unwrap_or((s, ""));
    if !fraction.chars().all(|c| c.is_ascii_digit()) || whole(secs)? >= 60 || (parts.len() == 3 && whole(m)? >= 60) {
        return None;
    }
    // (Milliseconds: the first three digits of the fraction.)
    let millis = format!("{fraction:0<3}")[..3].parse::<u64>().ok()?;
    let seconds = whole(h)?.checked_mul(3600)?.checked_add(whole(m)?.checked_mul(60)?)?.checked_add(whole(secs)?)?;
    // (Over a thousand hours is no game's clock.)
    (seconds < MAX_CLOCK_SECONDS).then(|| Duration::from_secs(seconds) + Duration::from_millis(millis))
}

/// The clock a comment gives (its last `[%clk ...]` command that reads
/// as a time: see [`clock_command`]) and the comment's text without its
/// clock commands.
fn comment_clock(text: &str) -> (Option<Duration>, String) {
    let (mut clock, mut rest, mut left) = (None, String::new(), text);
    while let Some(at) = left.find("[%clk") {
        let Some(end) = left[at..].find(']') else { break };
        match read_clock(&left[at + "[%clk".len()..at + end]) {
            Some(time) => {
                clock = Some(time);
                rest.push_str(&left[..at]);
            }
            None => rest.push_str(&left[..=at + end]),
        }
        left = &left[at + end + 1..];
    }
    rest.push_str(left);
    (clock, rest)
}

/// The tags that say how to read a game, each of which a game may give
/// only once.
const GAME_TAGS: [&str; 9] =
    ["Variant", "VariantFile", "Position", "FEN", "SetUp", "Result", "Termination", "GameType", "TimeControl"];

/// A tag as a record writes it, on a line of its own: `[Key "value"]`,
/// the value escaped as [`parse_records`] reads it (`\"` a quote, `\\` a
/// backslash) and kept to one line.
///
/// ```
/// use leap_core::notation::{parse_records, tag_line};
/// let line = tag_line("Event", "the \"final\"\nround");
/// assert_eq!(line, "[Event \"the \\\"final\\\" round\"]\n");
/// assert_eq!(parse_records(&line).unwrap()[0].tag("Event"), Some("the \"final\" round"));
/// ```
pub fn tag_line(key: &str, value: &str) -> String {
    let value = value.replace('\\', "\\\\").replace('"', "\\\"").replace(['\n', '\r'], " ");
    format!("[{key} \"{value}\"]\n")
}

/// Reads every game of a record file. A byte-order mark at the start is
/// skipped; a tag that says how to read the game (`GAME_TAGS`) given twice
/// in one game is refused.
pub fn parse_records(text: &str) -> Result<Vec<Record>, RecordError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    // A line ends with `\n`, `\r\n` or a lone `\r` (old Mac files): each is
    // read as `\n`, so that a `;` comment or a `%` line ends where the line
    // does, and positions count lines.
    let mut chars: Vec<char> = Vec::with_capacity(text.len());
    let mut from = text.chars().peekable();
    while let Some(c) = from.next() {
        if c == '\r' {
            if from.peek() != Some(&'\n') {
                chars.push('\n');
            }
        } else {
            chars.push(c);
        }
    }
    let (mut i, mut line, mut col) = (0usize, 1usize, 1usize);
    let mut games: Vec<Record> = Vec::new();
    let mut current = Record::default();
    let mut in_moves = false;
    // A move number written as a token of its own (`6. I14-H15`).
    let mut number: Option<MoveNumber> = None;
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
    // Moves on to the next `stop` (or the end of the text).
    let skip_to = |stop: char, i: &mut usize, line: &mut usize, col: &mut usize| {
        while *i < chars.len() && chars[*i] != stop {
            advance(i, line, col);
        }
    };
    // From a comment's `{` on to its `}`; refused where it opens if it is never closed.
    let skip_comment = |i: &mut usize, line: &mut usize, col: &mut usize| {
        let opened = (*line, *col);
        skip_to('}', i, line, col);
        if *i < chars.len() {
            Ok(())
        } else {
            Err(err(opened.0, opened.1, "comment `{` is never closed with `}`".into()))
        }
    };
    // An annotation belongs to the game it is written in; one after a
    // game's result, before the next game's tags, to the game it follows.
    // A comment (`said`) before a game's first move is kept as its intro.
    let annotate = |games: &mut Vec<Record>,
                    current: &mut Record,
                    in_moves: bool,
                    said: Option<String>,
                    (line, column): (usize, usize)| {
        let kind = if said.is_some() { "comment" } else { "variation" };
        match games.last_mut() {
            Some(last) if !in_moves && current.is_empty() => {
                last.not_kept(line, column, format!("a {kind} after the result"))
            }
            _ => match said {
                Some(said) if current.moves.is_empty() => {
                    if !said.is_empty() {
                        current.intro.push(said);
                    }
                }
                _ if current.moves.is_empty() => current.not_kept(line, column, "a variation before the first move"),
                _ => current.not_kept(line, column, format!("a {kind} after the result")),
            },
        }
    };
    while i < chars.len() {
        let c = chars[i];
        let (l0, c0) = (line, col);
        if c.is_whitespace() {
            advance(&mut i, &mut line, &mut col);
        } else if c == '{' {
            let from = i + 1;
            skip_comment(&mut i, &mut line, &mut col)?;
            // (`{Red is out}` after a move is what a record of a game of
            // more than two players says, and `{[%clk 0:04:59]}` the time
            // its player had left: written again, they are no annotation.)
            let comment: String = chars[from..i].iter().collect();
            let (clock, said) = comment_clock(&comment);
            match current.moves.last_mut().filter(|_| in_moves) {
                Some(ply) => {
                    if clock.is_some() {
                        ply.clock = clock;
                    }
                    let said = one_line(&said);
                    if !said.is_empty() && !is_put_out_note(&comment) {
                        ply.notes.comments.push(said);
                    }
                }
                None => annotate(&mut games, &mut current, in_moves, Some(one_line(&comment)), (l0, c0)),
            }
            advance(&mut i, &mut line, &mut col);
        } else if c == '(' {
            // A variation: kept whole as written, with the variations and
            // comments in it (a parenthesis in a comment counts for nothing).
            let opened = i;
            let mut depth = 0;
            loop {
                match chars.get(i) {
                    None => return Err(err(l0, c0, "variation `(` is never closed with `)`".into())),
                    Some('(') => depth += 1,
                    Some(')') => {
                        depth -= 1;
                        if depth == 0 {
                            advance(&mut i, &mut line, &mut col);
                            break;
                        }
                    }
                    Some('{') => skip_comment(&mut i, &mut line, &mut col)?,
                    Some(';') => {
                        // (To the line's end, which the next turn reads.)
                        skip_to('\n', &mut i, &mut line, &mut col);
                        continue;
                    }
                    Some(_) => {}
                }
                advance(&mut i, &mut line, &mut col);
            }
            let written: String = chars[opened + 1..i - 1].iter().collect();
            match current.moves.last_mut().filter(|_| in_moves) {
                Some(_) if written.trim().is_empty() => {}
                Some(ply) => {
                    // (A `;` comment in it runs to the line's end: the line
                    // ends before the `)` written after it.)
                    let mut kept = written.trim().to_string();
                    if kept.contains(';') {
                        kept.push('\n');
                    }
                    ply.notes.variations.push(kept)
                }
                None => annotate(&mut games, &mut current, in_moves, None, (l0, c0)),
            }
        } else if c == ')' {
            return Err(err(l0, c0, "`)` closes no variation (a variation is written `(` moves `)`)".into()));
        } else if c == '%' && c0 == 1 {
            // The PGN standard's escape: a line starting with `%` is skipped.
            skip_to('\n', &mut i, &mut line, &mut col);
        } else if c == ';' {
            let from = i + 1;
            skip_to('\n', &mut i, &mut line, &mut col);
            let said = one_line(&chars[from..i].iter().collect::<String>());
            match current.moves.last_mut().filter(|_| in_moves) {
                Some(_) if said.is_empty() => {}
                Some(ply) => ply.notes.comments.push(said),
                None => annotate(&mut games, &mut current, in_moves, Some(said), (l0, c0)),
            }
        } else if c == '[' {
            if in_moves {
                games.push(std::mem::take(&mut current));
                in_moves = false;
            }
            // (A move number left at the end of a game with no result,
            // `... 12.`, is no number of the next game's first move.)
            number = None;
            // `[Key "value"]` on one line; in the value, `\"` is a quote and `\\` a backslash.
            let from = i;
            let found = || {
                let rest: String = chars[from..].iter().take_while(|&&c| c != '\n').collect();
                let shown = rest.find(']').map_or(rest.as_str(), |end| &rest[..=end]);
                format!("expected a tag pair such as [Variant \"camelot\"], found {}", super::quoted(shown.trim_end()))
            };
            let spaces = |i: &mut usize, line: &mut usize, col: &mut usize| {
                while *i < chars.len() && chars[*i] != '\n' && chars[*i].is_whitespace() {
                    advance(i, line, col);
                }
            };
            advance(&mut i, &mut line, &mut col);
            spaces(&mut i, &mut line, &mut col);
            let key_start = i;
            while i < chars.len() && !chars[i].is_whitespace() && !"\"]".contains(chars[i]) {
                advance(&mut i, &mut line, &mut col);
            }
            let key: String = chars[key_start..i].iter().collect();
            spaces(&mut i, &mut line, &mut col);
            if key.is_empty() || i == chars.len() || chars[i] != '"' {
                return Err(err(l0, c0, found()));
            }
            advance(&mut i, &mut line, &mut col);
            let mut value = String::new();
            loop {
                match chars.get(i) {
                    None | Some('\n') => {
                        return Err(err(l0, c0, "the tag's value is not closed with `\"` on its line".into()))
                    }
                    Some('"') => break,
                    Some('\\') if matches!(chars.get(i + 1), Some('"' | '\\')) => {
                        advance(&mut i, &mut line, &mut col);
                        value.push(chars[i]);
                    }
                    Some(&c) => value.push(c),
                }
                advance(&mut i, &mut line, &mut col);
            }
            advance(&mut i, &mut line, &mut col);
            spaces(&mut i, &mut line, &mut col);
            if i == chars.len() || chars[i] != ']' {
                return Err(err(l0, c0, "tag pair not closed with `]` on its line".into()));
            }
            advance(&mut i, &mut line, &mut col);
            let key = key.as_str();
            // (A tag that says how to read the game may not be given twice;
            // another, such as PDN 3.0's own example's second [Event], is
            // kept twice, as written.)
            let read = GAME_TAGS.iter().any(|t| t.eq_ignore_ascii_case(key));
            if let Some(i) = current.tag_index(key).filter(|_| read) {
                let (l, c) = current.tags_at[i];
                return Err(err(l0, c0, format!("the tag [{key}] is given twice in one game (first at {l}:{c})")));
            }
            current.tags.push((key.to_string(), value));
            current.tags_at.push((l0, c0));
        } else {
            let start = i;
            while i < chars.len() && !chars[i].is_whitespace() && !"{;[()".contains(chars[i]) {
                advance(&mut i, &mut line, &mut col);
            }
            let mut token: String = chars[start..i].iter().collect();
            // `12 .` and `12 ...`: a move number with its dots apart, as the
            // PGN standard's import format allows (the dots are a token).
            if token.chars().all(|c| c.is_ascii_digit()) {
                let dots = chars[i..].iter().position(|c| !c.is_whitespace()).map(|n| i + n);
                if let Some(at) = dots.filter(|&at| chars[at] == '.') {
                    while i < at {
                        advance(&mut i, &mut line, &mut col);
                    }
                    while i < chars.len() && chars[i] == '.' {
                        token.push('.');
                        advance(&mut i, &mut line, &mut col);
                    }
                }
            }
            in_moves = true;
            if is_result(&token) {
                // A result right after a game's, with no tag or move between:
                // a second result of that game, not a game of its own.
                if let Some(before) = games.last().filter(|_| current.is_empty()) {
                    let (l, c) = before.result_at.unwrap_or((l0, c0));
                    let ended = before.result.as_deref().unwrap_or("?");
                    return Err(err(
                        l0,
                        c0,
                        format!(
                            "`{token}` is a second result: the game before ends with `{ended}` at line {l}, \
                             column {c} (a new game starts with its tags)"
                        ),
                    ));
                }
                current.result = Some(token);
                current.result_at = Some((l0, c0));
                games.push(std::mem::take(&mut current));
                number = None;
                in_moves = false;
                continue;
            }
            // `12. ...`: the dots of a later move of the round written apart
            // from its number (as CheckerBoard writes a game White starts).
            if let (Some(n), "...") = (&mut number, token.as_str()) {
                if !n.continued {
                    n.continued = true;
                    continue;
                }
            }
            let mut rest = token.as_str();
            let mut off = 0;
            // Move number: `12.` or `12...`, possibly glued to the move.
            let digits = rest.chars().take_while(|c| c.is_ascii_digit()).count();
            if digits > 0 && rest[digits..].starts_with('.') {
                let dots = rest[digits..].chars().take_while(|&c| c == '.').count();
                let Ok(n) = rest[..digits].parse() else {
                    return Err(err(l0, c0, format!("`{}` is not a move number", super::quoted(&rest[..digits]))));
                };
                if dots != 1 && dots != 3 {
                    return Err(err(
                        l0,
                        c0,
                        format!(
                            "`{}`: expected a move number as `{n}.` or `{n}...`",
                            super::quoted(&rest[..digits + dots])
                        ),
                    ));
                }
                number = Some(MoveNumber { number: n, continued: dots == 3, line: l0, column: c0 });
                off = digits + dots;
                rest = &rest[off..];
            }
            // Glyphs glued to the move: `!`, `?`, PDN's star move `*`, and
            // `$n` codes (`23-19$1`); or written apart, of the move before.
            let mut body = rest;
            let mut codes = Vec::new();
            while let Some((move_text, code)) = body.rsplit_once('$') {
                if code.is_empty() || !code.chars().all(|c| c.is_ascii_digit()) {
                    break;
                }
                codes.insert(0, &body[move_text.len()..]);
                body = move_text;
            }
            let bare = body.trim_end_matches(['!', '?', '*']);
            let marks = std::iter::once(&body[bare.len()..]).filter(|m| !m.is_empty()).chain(codes);
            let body = bare;
            if body.is_empty() {
                let unkept = match current.moves.last_mut() {
                    Some(ply) => note_glyphs(&mut ply.notes, marks),
                    None => marks.filter(|m| *m != "$0").map(|m| format!("`{m}` before the first move")).next(),
                };
                if let Some(what) = unkept {
                    current.not_kept(l0, c0, what);
                }
                continue;
            }
            if let Some((at, c)) =
                body.chars().enumerate().find(|&(_, c)| !(c.is_ascii_alphanumeric() || c == '-' || c == ':'))
            {
                // (A character that looks like the notation's, which a typed
                // move would be read with, is named where it is: a file is
                // read as written.)
                let why = match super::typed::look_alike(c) {
                    Some(plain) => format!(": `{c}` (U+{:04X}) is no part of a move; write `{plain}`", c as u32),
                    // (Any other character is named too: `E6-E8,`.)
                    None if c.is_ascii_graphic() => format!(": `{c}` is no part of a move"),
                    // (A control character is never quoted raw.)
                    None if c.is_control() => {
                        format!(": the control character U+{:04X} is no part of a move", c as u32)
                    }
                    None => format!(": `{c}` (U+{:04X}) is no part of a move", c as u32),
                };
                return Err(err(
                    l0,
                    c0 + off + at,
                    format!("`{}` is not a move, move number, comment or result{why}", super::quoted(body)),
                ));
            }
            let mut notes = Annotation::default();
            if let Some(what) = note_glyphs(&mut notes, marks) {
                current.not_kept(l0, c0, what);
            }
            current.moves.push(WrittenPly {
                text: body.to_string(),
                line: l0,
                column: c0 + off,
                number: number.take(),
                clock: None,
                notes,
            });
        }
    }
    if in_moves || !current.tags.is_empty() || games.is_empty() {
        games.push(current);
    }
    Ok(games)
}

/// A comment's text as a move's note keeps it: each run of spaces and
/// line ends one space, none at either end.
fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Gives `notes` the glyph of `marks` (glyphs such as `!?` and codes
/// such as `$5`); the first it could not keep, in words, if any: a move
/// has one glyph, of [`crate::GLYPHS`] (`$0` says nothing).
fn note_glyphs<'a>(notes: &mut Annotation, marks: impl Iterator<Item = &'a str>) -> Option<String> {
    let mut unkept = None;
    for mark in marks {
        let what = match Annotation::glyph_of(mark) {
            _ if mark == "$0" => continue,
            Some(glyph) if notes.glyph.is_none() => {
                notes.glyph = Some(glyph);
                continue;
            }
            Some(_) => format!("a second glyph `{mark}` of one move"),
            None if mark.starts_with('$') => format!("the code `{mark}`"),
            None => format!("the mark `{mark}`"),
        };
        unkept.get_or_insert(what);
    }
    unkept
}

/// Splits a movetext line such as `1.E6-E8 H11-F9 2. H6-F8` into moves.
/// A result token (`1-0`, `*`, ...) is refused where it stands: the moves
/// lead to a position to go on from, not to a finished game.
pub fn parse_movetext(text: &str) -> Result<Vec<WrittenPly>, RecordError> {
    let games = parse_records(text)?;
    if let Some(game) = games.first() {
        if let (Some(result), Some((line, column))) = (&game.result, game.result_at) {
            return Err(RecordError {
                line,
                column,
                message: format!("`{result}` is a game's result, not a move: give only the moves"),
            });
        }
    }
    if games.len() > 1 || games.iter().any(|g| !g.tags.is_empty()) {
        return Err(RecordError {
            line: 1,
            column: 1,
            message: "expected only moves, without tags or results in the middle".into(),
        });
    }
    Ok(games.into_iter().next().map(|g| g.moves).unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tags(text: &str) -> Vec<(String, String)> {
        parse_records(text).unwrap().remove(0).tags
    }

    #[test]
    fn tag_values_may_hold_quotes_brackets_and_backslashes() {
        let text = "[Event \"say \\\"hi\\\" [x] \\\\ done\"]\n [Site  \"\"  ]\n\n*\n";
        let read = tags(text);
        let record = &parse_records(text).unwrap()[0];
        assert_eq!(
            (record.tag_at("event"), record.tag_at("Site"), record.tag_at("Round")),
            (Some((1, 1)), Some((2, 2)), None)
        );
        assert_eq!(read[0], ("Event".to_string(), "say \"hi\" [x] \\ done".to_string()));
        assert_eq!(read[1], ("Site".to_string(), String::new()));
        // A backslash before anything else is itself.
        assert_eq!(tags("[Event \"a\\b\"]\n*")[0].1, "a\\b");
    }

    #[test]
    fn a_broken_tag_pair_is_refused_where_it_starts() {
        for (text, at, message) in [
            (
                "[Variant \"camelot\"]\n  [White Ann]\n*",
                (2, 3),
                "expected a tag pair such as [Variant \"camelot\"], found [White Ann]",
            ),
            ("[White \"Ann]\n*", (1, 1), "the tag's value is not closed with `\"` on its line"),
            ("[White \"Ann\" x]\n*", (1, 1), "tag pair not closed with `]` on its line"),
            ("[\"Ann\"]\n*", (1, 1), "expected a tag pair"),
        ] {
            let e = parse_records(text).unwrap_err();
            assert_eq!((e.line, e.column), at, "{text}: {e:?}");
            assert!(e.message.starts_with(message), "{text}: {e:?}");
        }
    }

    #[test]
    fn what_is_written_after_a_move_is_kept_with_it() {
        let text = "1.E6-E8!? {the usual; (so they say)} H11-F9 $2 ; a line's end\n\
                    2.H6-F8 {[%clk 0:04:59] quick\n   and    safe} (2.F6-F8 {a (paren} H11-H9 (2...E11-E9) ; ) here\n) \
                    (2.G6-G7) F11-H9?? *";
        let record = &parse_records(text).unwrap()[0];
        assert!(record.unkept.is_none(), "everything said is kept");
        let notes: Vec<&Annotation> = record.moves.iter().map(|p| &p.notes).collect();
        assert_eq!(notes[0].glyph, Some("!?"));
        assert_eq!(notes[0].comments, ["the usual; (so they say)"]);
        assert_eq!(
            (notes[1].glyph, notes[1].comments.as_slice()),
            (Some("?"), ["a line's end".to_string()].as_slice())
        );
        assert_eq!(record.moves[2].clock, Some(Duration::from_secs(299)));
        assert_eq!(notes[2].comments, ["quick and safe"]);
        assert_eq!(notes[2].variations, ["2.F6-F8 {a (paren} H11-H9 (2...E11-E9) ; ) here\n", "2.G6-G7"]);
        assert_eq!((notes[3].glyph, notes[3].is_empty()), (Some("??"), false));
        // Glued to a move, as some programs write them.
        let glued = &parse_records("1.E6-E8$1(1.F6-F8)H11-F9 *").unwrap()[0];
        assert_eq!(glued.moves.len(), 2);
        assert_eq!(
            (glued.moves[0].notes.glyph, glued.moves[0].notes.variations.as_slice()),
            (Some("!"), ["1.F6-F8".to_string()].as_slice())
        );
        // A clock alone, and what a record of three players says after a move, are no notes.
        let plain = &parse_records("1.F5xH7 {Red is out} {[%clk 0:01:00]} J13-J11 *").unwrap()[0];
        assert!(plain.moves.iter().all(|p| p.notes.is_empty()) && plain.unkept.is_none());
    }

    #[test]
    fn the_comments_before_the_first_move_are_kept_as_the_intro() {
        let text = "{by Ann}\n[Event \"x\"]\n{notes by\n  Bob} ; and a line\n1. {at the number} E6-E8 {after} *\n\
                    [Event \"y\"]\n1.E6-E8 * {after the result}";
        let records = parse_records(text).unwrap();
        assert_eq!(records[0].intro, ["by Ann", "notes by Bob", "and a line", "at the number"]);
        assert_eq!(records[0].moves[0].notes.comments, ["after"]);
        assert!(records[0].unkept.is_none(), "everything said is kept");
        assert!(records[1].intro.is_empty() && records[1].unkept.is_some(), "a comment after the result is not kept");
        // A record of nothing but a comment holds no game.
        let alone = parse_records("{nothing yet}").unwrap();
        assert!(alone.len() == 1 && alone[0].is_empty(), "{alone:?}");
    }

    #[test]
    fn what_notes_cannot_keep_marks_the_game_as_annotated() {
        let annotated =
            |text: &str| -> Vec<bool> { parse_records(text).unwrap().iter().map(|r| r.unkept.is_some()).collect() };
        assert_eq!(annotated("[Variant \"camelot\"]\n1.E6-E8 H11-F9 *"), [false]);
        for text in [
            "[Event \"x\"]\n(1.F6-F8) 1.E6-E8 *",
            "(1.F6-F8) 1.E6-E8 *",
            "1.E6-E8 $14 H11-F9 *",
            "1.E6-E8! $2 H11-F9 *",
            "1.E6-E8!!! H11-F9 *",
            "11-15* 23-19 *",
        ] {
            assert_eq!(annotated(text), [true], "{text}");
        }
        // Each game its own; a comment after a result is the game's it follows.
        assert_eq!(annotated("[Round \"1\"]\n1.E6-E8 * {after}\n[Round \"2\"]\n1.E6-E8 *"), [true, false]);
        assert_eq!(annotated("[Round \"1\"]\n1.E6-E8 *\n[Round \"2\"]\n1.E6-E8 $99 *"), [false, true]);
        assert_eq!(annotated("1.F5xH7 {Red is out, sadly} J13-J11 *"), [false]);
        // `$0`, the null annotation, says nothing.
        assert_eq!(annotated("1.E6-E8 $0 H11-F9$0 *"), [false]);
    }

    #[test]
    fn what_notes_cannot_keep_is_said_with_its_place() {
        let unkept = |text: &str| parse_records(text).unwrap()[0].unkept.as_ref().map(ToString::to_string);
        for (text, said) in [
            ("1.E6-E8 H11-F9 $14 *", "the code `$14` at line 1, column 16"),
            ("1.E6-E8! $2 H11-F9 *", "a second glyph `$2` of one move at line 1, column 10"),
            ("1.E6-E8!!! *", "the mark `!!!` at line 1, column 1"),
            ("[Event \"x\"]\n(1.F6-F8) 1.E6-E8 *", "a variation before the first move at line 2, column 1"),
            ("1.E6-E8 *\n{a draw was near}", "a comment after the result at line 2, column 1"),
            ("1.E6-E8 * (1.F6-F8)", "a variation after the result at line 1, column 11"),
            ("$3 1.E6-E8 *", "`$3` before the first move at line 1, column 1"),
            // The first of several.
            ("1.E6-E8 $9 H11-F9 $10 *", "the code `$9` at line 1, column 9"),
        ] {
            assert_eq!(unkept(text).as_deref(), Some(said), "{text}");
        }
        assert_eq!(unkept("12. E6-E8 *"), None);
    }

    #[test]
    fn a_look_alike_of_a_dash_or_a_cross_is_named_where_it_is() {
        let e = parse_records("1.E6\u{2013}E8 *").unwrap_err();
        assert_eq!((e.line, e.column), (1, 5));
        assert_eq!(e.message, "`E6\u{2013}E8` is not a move, move number, comment or result: `\u{2013}` (U+2013) is no part of a move; write `-`");
        let e = parse_records("1.E6-E8 H11\u{d7}F9 *").unwrap_err();
        assert_eq!((e.column, e.message.ends_with("(U+00D7) is no part of a move; write `x`")), (12, true), "{e:?}");
        let e = parse_records("1.E6/E8 *").unwrap_err();
        assert_eq!(
            (e.column, e.message.as_str()),
            (5, "`E6/E8` is not a move, move number, comment or result: `/` is no part of a move")
        );
    }

    #[test]
    fn a_broken_variation_is_refused_where_it_opens() {
        for (text, at, message) in [
            ("1.E6-E8 (1.F6-F8 (H11-H9) H11-F9 *", (1, 9), "variation `(` is never closed with `)`"),
            ("1.E6-E8 ({x) H11-F9 *", (1, 10), "comment `{` is never closed with `}`"),
            ("1.E6-E8 H11-F9) *", (1, 15), "`)` closes no variation"),
        ] {
            let e = parse_records(text).unwrap_err();
            assert_eq!((e.line, e.column), at, "{text}: {e:?}");
            assert!(e.message.starts_with(message), "{text}: {e:?}");
        }
    }

    #[test]
    fn a_second_result_of_a_game_is_not_a_game() {
        let e = parse_records("1.E6-E8 H11-F9 1/2-1/2 *").unwrap_err();
        assert_eq!((e.line, e.column), (1, 24), "{e:?}");
        assert!(
            e.message.contains("`*` is a second result: the game before ends with `1/2-1/2` at line 1, column 16"),
            "{}",
            e.message
        );
        // A comment between them changes nothing; a game with tags is a game.
        assert!(parse_records("1.E6-E8 1-0 {won} 0-1").is_err());
        assert_eq!(parse_records("1.E6-E8 1-0\n[Event \"b\"]\n*").unwrap().len(), 2);
        assert_eq!(parse_records("*").unwrap().len(), 1);
    }

    #[test]
    fn a_move_number_ending_a_game_is_not_the_next_games() {
        let games = parse_records("1.E6-E8 H11-F9 2.\n\n[Variant \"camelot\"]\nE6-E8 *").unwrap();
        assert_eq!(games.len(), 2);
        assert_eq!(games[1].moves[0].text, "E6-E8");
        assert_eq!(games[1].moves[0].number, None);
    }

    #[test]
    fn a_move_number_may_be_written_apart_from_its_dots() {
        let record = &parse_records("1 . E6-E8 1 ... H11-F9 2 .H6-F8 *").unwrap()[0];
        let moves: Vec<_> = record.moves.iter().map(|m| (m.text.as_str(), m.number.map(|n| n.number))).collect();
        assert_eq!(moves, [("E6-E8", Some(1)), ("H11-F9", Some(1)), ("H6-F8", Some(2))]);
        assert!(record.moves[1].number.unwrap().continued);
        let e = parse_records("1 .. E6-E8 *").unwrap_err();
        assert_eq!((e.line, e.column), (1, 1), "{e}");
    }

    #[test]
    fn a_line_may_end_with_a_carriage_return_alone() {
        let record = &parse_records("[Variant \"camelot\"]\r\r1.E6-E8 ; a note\r H11-F9 2.H6-F8\r%x\r*").unwrap()[0];
        let moves: Vec<_> = record.moves.iter().map(|m| (m.text.as_str(), m.line, m.column)).collect();
        assert_eq!(moves, [("E6-E8", 3, 3), ("H11-F9", 4, 2), ("H6-F8", 4, 11)]);
        assert_eq!(record.result.as_deref(), Some("*"));
        let crlf = &parse_records("1.E6-E8\r\nH11-F9 *").unwrap()[0];
        assert_eq!((crlf.moves[1].line, crlf.moves[1].column), (2, 1));
    }

    #[test]
    fn a_line_starting_with_a_percent_sign_is_skipped() {
        let record = &parse_records("%a note for programs E6-E8\n1.F6-F8 %not at a line's start\n*");
        let e = record.as_ref().unwrap_err();
        assert_eq!((e.line, e.column), (2, 9), "{e:?}");
        let record = &parse_records("%a note for programs E6-E8\n1.F6-F8 *").unwrap()[0];
        assert_eq!(record.moves.len(), 1);
        assert!(record.unkept.is_none());
    }

    #[test]
    fn a_clock_after_a_move_is_read_and_no_annotation() {
        let text = "1.E6-E8 {[%clk 0:04:59.5]} H11-F9 { [%clk 1:02:03] } 2.H6-F8 {[%clk 0:59]} *";
        let record = &parse_records(text).unwrap()[0];
        let clocks: Vec<Option<Duration>> = record.moves.iter().map(|p| p.clock).collect();
        let ms = |m| Some(Duration::from_millis(m));
        assert_eq!(clocks, [ms(299_500), ms(3_723_000), ms(59_000)]);
        assert!(record.unkept.is_none());
        assert!(record.moves.iter().all(|p| p.notes.is_empty()));
        // What a comment says beyond the time is the move's comment; a time
        // that does not read is the comment's text.
        for (text, clock, said) in [
            ("1.E6-E8 {[%clk 0:04:59] good} *", ms(299_000), "good"),
            ("1.E6-E8 {[%clk 0:04:5x]} *", None, "[%clk 0:04:5x]"),
            ("1.E6-E8 {[%clk 0:04:59]} {fine} *", ms(299_000), "fine"),
            ("1.E6-E8 {[%clk 0:04:59] [%eval 0.3]} *", ms(299_000), "[%eval 0.3]"),
            ("1.E6-E8 {[%clk 5124095576030431:00:00]} *", None, "[%clk 5124095576030431:00:00]"),
            ("1.E6-E8 {[%clk 1000:00:00]} *", None, "[%clk 1000:00:00]"),
            ("1.E6-E8 {[%clk 0:04:99]} *", None, "[%clk 0:04:99]"),
            ("1.E6-E8 {[%clk 99:99:99]} *", None, "[%clk 99:99:99]"),
        ] {
            let record = &parse_records(text).unwrap()[0];
            let ply = &record.moves[0];
            assert_eq!(
                (ply.clock, ply.notes.comments.as_slice(), record.unkept.is_some()),
                (clock, [said.to_string()].as_slice(), false),
                "{text}"
            );
        }
        // Minutes alone may pass the hour.
        let record = &parse_records("1.E6-E8 {[%clk 75:30]} *").unwrap()[0];
        assert_eq!(record.moves[0].clock, ms(4_530_000));
        // Before the moves, a clock is no move's time: a comment of the game, kept as written.
        let record = &parse_records("{[%clk 0:05:00]} 1.E6-E8 *").unwrap()[0];
        assert_eq!((record.moves[0].clock, record.unkept.is_some()), (None, false));
        assert_eq!(record.intro, ["[%clk 0:05:00]"]);
    }

    #[test]
    fn a_clock_is_written_as_it_is_read() {
        // To the millisecond: read again, the player has all its time.
        for ms in [0, 1, 92, 100, 1_494, 1_490, 59_999, 299_500, 3_600_000, 36_000_000 + 61_300] {
            let written = clock_command(Duration::from_millis(ms));
            let (read, rest) = comment_clock(&written);
            assert_eq!(read, Some(Duration::from_millis(ms)), "{written}");
            assert!(rest.is_empty(), "{written}");
        }
        // A part of a millisecond is a whole one: never less time.
        let (read, _) = comment_clock(&clock_command(Duration::from_nanos(1_494_000_001)));
        assert_eq!(read, Some(Duration::from_millis(1_495)));
        assert_eq!(clock_command(Duration::from_nanos(1)), "[%clk 0:00:00.001]");
        assert_eq!(clock_command(Duration::from_millis(1_490)), "[%clk 0:00:01.49]");
    }

    #[test]
    fn draughts_records_read_as_their_programs_write_them() {
        // `1. ...` before a later move of the round; glyphs glued to moves.
        let record = &parse_records("1. ... 22-18 2. 11-16$1 18-14* 3. 9-13$14$2 2-0").unwrap()[0];
        let texts: Vec<&str> = record.moves.iter().map(|p| p.text.as_str()).collect();
        assert_eq!(texts, ["22-18", "11-16", "18-14", "9-13"]);
        let number = record.moves[0].number.unwrap();
        assert_eq!((number.number, number.continued), (1, true));
        assert!(record.unkept.is_some());
        // Draughts' two points end a game as results.
        assert_eq!(record.result.as_deref(), Some("2-0"));
        for token in ["2-0", "1-1", "0-2"] {
            assert!(is_result(token), "{token}");
        }
    }

    #[test]
    fn a_line_of_moves_holds_moves_only() {
        let plies = parse_movetext("1.E6-E8 H11-F9 2. H6-F8!?").unwrap();
        let texts: Vec<&str> = plies.iter().map(|p| p.text.as_str()).collect();
        assert_eq!(texts, ["E6-E8", "H11-F9", "H6-F8"]);
        for (text, column) in [("F7-F8 0-1", 7), ("1.F7-F8 F10-F9 *", 16), ("F7-F8 1/2-1/2 F10-F9", 7)] {
            let e = parse_movetext(text).unwrap_err();
            assert_eq!((e.line, e.column), (1, column), "{text}: {e:?}");
            assert!(e.message.contains("is a game's result, not a move"), "{text}: {e:?}");
        }
    }
}
