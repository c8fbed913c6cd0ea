//! The history of a game being played: every position and move, the
//! draw by repetition, and the game written as a record.

use crate::game::Game;
use crate::moves::{Move, MoveKey};
use crate::notation::{format_move, format_position, read_move, MoveError, ReadMove, WrittenPly};
use crate::outcome::{EndReason, GameResult, Outcome};
use crate::position::{Player, Position};
use std::fmt;
use std::time::Duration;

/// A move of a game that could not be played, with its place in the game.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ReplayError {
    /// Move number as written (1 for the first round).
    pub number: usize,
    /// The player whose move it was.
    pub player: String,
    /// Where it was written, if it came from a file.
    pub at: Option<(usize, usize)>,
    /// Why it could not be played.
    pub error: Box<MoveError>,
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some((l, c)) = self.at {
            write!(f, "{l}:{c}: ")?;
        }
        write!(f, "move {} ({}): {}", self.number, self.player, self.error)
    }
}

impl std::error::Error for ReplayError {}

/// The outcome of a game that went through `positions` (the start first,
/// the current position last): the game's own end conditions in the last
/// one, or a draw by repetition (the last position seen as often as the
/// game's [`Game::repetition_limit`]). `None` while it goes on, or for no
/// position.
pub fn line_outcome<G: Game>(game: &G, positions: &[Position]) -> Option<Outcome> {
    let now = positions.last()?;
    if let Some(o) = game.outcome(now) {
        return Some(o);
    }
    let limit = game.repetition_limit()?;
    let same = |p: &&Position| {
        let mut q = **p;
        q.set_clock(now.clock());
        q.set_aux_clock(now.aux_clock());
        q == *now
    };
    let seen = positions.iter().filter(same).count();
    (seen as u32 >= limit).then_some(Outcome { result: GameResult::Draw, reason: EndReason::Repetition })
}

/// What a record says of a move after it, beyond the move itself: see
/// [`History::annotated_movetext`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Annotation {
    /// A glyph written right after the move: `!`, `?`, `!?`, `?!`, `!!`, `??`.
    pub glyph: Option<&'static str>,
    /// Comments, each written as `{...}`.
    pub comments: Vec<String>,
    /// Other lines in place of the move, each written as `(...)`: see
    /// [`History::variation`].
    pub variations: Vec<String>,
}

/// The annotation glyphs, in the order of the PGN standard's codes `$1`
/// to `$6`: good, poor, very good, very poor, speculative, questionable.
pub const GLYPHS: [&str; 6] = ["!", "?", "!!", "??", "!?", "?!"];

impl Annotation {
    /// The glyph written `text` (`!?`), or as the PGN standard's code
    /// (`$5`), if it is one of [`GLYPHS`].
    ///
    /// ```
    /// use leap_core::Annotation;
    /// assert_eq!((Annotation::glyph_of("?!"), Annotation::glyph_of("$3")), (Some("?!"), Some("!!")));
    /// assert_eq!((Annotation::glyph_of("!!!"), Annotation::glyph_of("$14")), (None, None));
    /// ```
    pub fn glyph_of(text: &str) -> Option<&'static str> {
        if let Some(code) = text.strip_prefix('$') {
            let n: usize = code.parse().ok()?;
            return GLYPHS.get(n.checked_sub(1)?).copied();
        }
        GLYPHS.iter().find(|g| **g == text).copied()
    }

    /// Whether it says nothing.
    pub fn is_empty(&self) -> bool {
        self.glyph.is_none() && self.comments.is_empty() && self.variations.is_empty()
    }

    /// Notes that give each ply the time its player had left once it was
    /// made, where `clocks` gives it, as chess programs write it
    /// (`{[%clk 0:04:58]}`: see [`clock_command`](crate::notation::clock_command)).
    ///
    /// ```
    /// use std::time::Duration;
    /// let notes = leap_core::Annotation::clocks(&[Some(Duration::from_secs(298)), None]);
    /// assert_eq!(notes[0].comments, ["[%clk 0:04:58]"]);
    /// assert!(notes[1].comments.is_empty());
    /// ```
    pub fn clocks(clocks: &[Option<Duration>]) -> Vec<Annotation> {
        clocks.iter().map(|time| Annotation::default().with_clock(*time)).collect()
    }

    /// This annotation with the time its move's player had left, where
    /// given, at the start of its first comment, as chess programs write
    /// a clock with a note (`{[%clk 0:04:58] a quick reply}`), or as a
    /// comment of its own when there is none.
    ///
    /// ```
    /// use std::time::Duration;
    /// let noted = leap_core::Annotation { comments: vec!["quick".into()], ..Default::default() };
    /// let noted = noted.with_clock(Some(Duration::from_secs(298)));
    /// assert_eq!(noted.comments, ["[%clk 0:04:58] quick"]);
    /// ```
    pub fn with_clock(mut self, time: Option<Duration>) -> Annotation {
        if let Some(time) = time {
            let clock = crate::notation::clock_command(time);
            match self.comments.first_mut() {
                Some(first) => *first = format!("{clock} {first}"),
                None => self.comments.push(clock),
            }
        }
        self
    }
}

/// The number written before each of a line of moves whose movers (by
/// index) are `movers`, the first in round `round`: `N.` before the first
/// move of round N, `N...` before the line's first move when it is not, and
/// nothing before the others (a round starts each time the turn comes back
/// round, to a player at or before the last one to move).
fn number_labels(movers: impl IntoIterator<Item = usize>, mut round: usize) -> Vec<String> {
    let mut last: Option<usize> = None;
    movers
        .into_iter()
        .map(|mover| {
            let starts = last.is_some_and(|before| mover <= before);
            if starts {
                round += 1;
            }
            let label = match last {
                None if mover != 0 => format!("{round}..."),
                None => format!("{round}."),
                Some(_) if starts => format!("{round}."),
                Some(_) => String::new(),
            };
            last = Some(mover);
            label
        })
        .collect()
}

/// How a list of moves numbers them, where a game starts with another
/// player than the first to move: in the game's rounds (a position with
/// Black to move starts `1... C11-C10 2. C6-C7`), or in rounds that start
/// with that player, as many programs number it (`1. C11-C10 C6-C7 2.`).
/// A list's first number tells which; each number after it must keep to
/// it ([`History::check_number_in`]). The default: either, until told.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Numbering {
    by_game: bool,
    by_start: bool,
}

impl Default for Numbering {
    fn default() -> Self {
        Numbering { by_game: true, by_start: true }
    }
}

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

    /// Every position of the game, from the start to the current one.
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// The moves played, with their paths.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The move number and player name of the next move.
    pub fn next_label<G: Game>(&self, game: &G) -> (usize, String) {
        (self.round(self.moves.len()), game.players()[self.current().to_move().index()].name.clone())
    }

    /// The round (the move number, from 1) of the move made from the
    /// position after `ply` plies: a round starts each time the turn comes
    /// back round, to a player at or before the last one to move in turn
    /// order. A player who is out (and skipped) does not shift the count.
    pub fn round(&self, ply: usize) -> usize {
        self.round_from(ply, 0)
    }

    /// [`round`](Self::round) with rounds that start with the player of
    /// index `first` (then the others in turn order, round the table).
    fn round_from(&self, ply: usize, first: usize) -> usize {
        let turn = |mover: usize| if mover < first { mover + 256 } else { mover };
        let movers = self.positions[..=ply.min(self.moves.len())].iter().map(|p| turn(p.to_move().index()));
        let mut round = 1;
        let mut last: Option<usize> = None;
        for mover in movers {
            if last.is_some_and(|before| mover <= before) {
                round += 1;
            }
            last = Some(mover);
        }
        round
    }

    /// Reads and plays a written move; on error nothing changes.
    pub fn play_text<G: Game>(&mut self, game: &G, text: &str) -> Result<ReadMove, ReplayError> {
        if let Some(o) = self.outcome(game) {
            let (number, player) = self.next_label(game);
            return Err(ReplayError { number, player, at: None, error: Box::new(MoveError::GameOver(o.reason)) });
        }
        match read_move(game, self.current(), text) {
            Ok(read) => {
                let next = game.play_unchecked(self.current(), &read.key);
                self.positions.push(next);
                self.moves.push(read.path.clone());
                Ok(read)
            }
            Err(error) => {
                let (number, player) = self.next_label(game);
                Err(ReplayError { number, player, at: None, error: Box::new(error) })
            }
        }
    }

    /// Plays `mv`, a legal move of the current position given with its path
    /// (not checked: see [`History::play_text`] for a move from elsewhere).
    pub fn push<G: Game>(&mut self, game: &G, mv: Move) {
        let next = game.play_unchecked(self.current(), &mv.key());
        self.positions.push(next);
        self.moves.push(mv);
    }

    /// Plays every move of a list, stopping at the first that fails (a
    /// move number that is not the move's is a failure: see
    /// [`check_number`](Self::check_number); the list keeps to one
    /// numbering, see [`Numbering`]).
    pub fn play_all<G: Game>(&mut self, game: &G, plies: &[WrittenPly]) -> Result<Vec<ReadMove>, ReplayError> {
        let mut read = Vec::new();
        let mut numbering = Numbering::default();
        for p in plies {
            self.check_number_in(game, p, &mut numbering)?;
            read.push(self.play_text(game, &p.text).map_err(|e| ReplayError { at: Some((p.line, p.column)), ..e })?);
        }
        Ok(read)
    }

    /// The move number the next move is written with, as
    /// [`movetext`](Self::movetext) writes it: `N.` before the first move
    /// of round N (see [`round`](Self::round)), `N...` before a later move
    /// of the round (written only at the start of a game, or after a
    /// comment, but accepted before any such move).
    pub fn next_number(&self) -> (usize, bool) {
        self.next_number_from(0)
    }

    /// [`next_number`](Self::next_number) with rounds that start with the
    /// player of index `first`.
    fn next_number_from(&self, first: usize) -> (usize, bool) {
        self.number_at(self.moves.len(), first)
    }

    /// The round of the move of ply `ply`, with rounds that start with the
    /// player of index `first`, and whether the round began before it.
    fn number_at(&self, ply: usize, first: usize) -> (usize, bool) {
        let round = |ply| self.round_from(ply, first);
        let continued = if ply == 0 { self.start().to_move().index() != first } else { round(ply) == round(ply - 1) };
        (round(ply), continued)
    }

    /// Checks the move number written before `ply`, if any, against the
    /// next move's: `2.E6-E8` as the first move, `1...E6-E8` for the first
    /// player's move and a second `1.` are refused, with the place of the
    /// number. A game that starts with another player to move may also be
    /// numbered in rounds that start with that player, as many programs
    /// number it (`1. 14x5 9-13 2. 5x14` for a game of checkers from a
    /// position with White to move, where the game's own numbering is
    /// `1... 14x5 2. 9-13 2... 5x14`).
    pub fn check_number<G: Game>(&self, game: &G, ply: &WrittenPly) -> Result<(), ReplayError> {
        self.check_number_in(game, ply, &mut Numbering::default())
    }

    /// [`check_number`](Self::check_number) for a move of a list written
    /// in `numbering`, which the number, if it fits, narrows: the moves of
    /// one list are numbered one way, so that `1... C11-C10 2. C6-C7 2.
    /// D11-D10`, a game's numbering and then a round starting with Black,
    /// is refused at its last number.
    pub fn check_number_in<G: Game>(
        &self,
        game: &G,
        ply: &WrittenPly,
        numbering: &mut Numbering,
    ) -> Result<(), ReplayError> {
        let Some(written) = ply.number else {
            return Ok(());
        };
        let fits = |(n, c): (usize, bool)| written.number == n && written.continued == c;
        let by_game = self.next_number();
        let by_start = self.next_number_from(self.start().to_move().index());
        let (game_fits, start_fits) = (numbering.by_game && fits(by_game), numbering.by_start && fits(by_start));
        if game_fits || start_fits {
            *numbering = Numbering { by_game: game_fits, by_start: start_fits };
            return Ok(());
        }
        // (The number expected is the game's, unless the list is numbered
        // in rounds from the start's player.)
        let (number, continued) = if numbering.by_game { by_game } else { by_start };
        let (expected, found) = if written.number != number {
            (number.to_string(), written.number.to_string())
        } else if continued {
            (format!("`{number}...` (a later move of round {number})"), format!("`{written}`, which starts a round"))
        } else {
            (format!("`{number}.` (the first move of round {number})"), format!("`{written}`"))
        };
        let (_, player) = self.next_label(game);
        Err(ReplayError {
            number,
            player,
            at: Some((written.line, written.column)),
            error: Box::new(MoveError::Number { expected, found }),
        })
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
        line_outcome(game, &self.positions)
    }

    /// The result token of the game so far (`*` while it goes on). With two
    /// players the scores are in [`Game::result_order`]: `1-0` is a win for
    /// the player listed first (Camelot: White; PDN checkers: Black, who
    /// moves first).
    ///
    /// One score per player in that order, joined by `-`: `1` for the
    /// winner and `0` for the others (`1-0`, `0-1`, `0-0-1`), or an equal
    /// share for a draw (`1/2-1/2`, `1/3-1/3-1/3`).
    pub fn result_token<G: Game>(&self, game: &G) -> String {
        let order = game.result_order();
        let scores: Vec<String> = match self.outcome(game).map(|o| o.result) {
            None => return "*".into(),
            Some(GameResult::Draw) => order.iter().map(|_| format!("1/{}", order.len())).collect(),
            Some(GameResult::Win(w)) => order.iter().map(|p| if *p == w { "1" } else { "0" }.to_string()).collect(),
        };
        scores.join("-")
    }

    /// Writes the game as a record that [`parse_records`](crate::notation::parse_records) reads back,
    /// with the result the position gives ([`result_token`](Self::result_token)).
    pub fn to_record<G: Game>(&self, game: &G, tags: &[(String, String)]) -> String {
        self.write_record(game, tags, &self.result_token(game), &[], &[])
    }

    /// The number written before each move, in one pass over the game:
    /// `N.` before the first move of round N (see [`round`](Self::round)),
    /// `N...` before the first move of a game that starts after the first
    /// player's turn, nothing before the others.
    pub fn move_labels(&self) -> Vec<String> {
        let movers = self.positions[..self.moves.len()].iter().map(|p| p.to_move().index());
        number_labels(movers, 1)
    }

    /// The moves in notation with their numbers, then `result`, in lines
    /// of about 70 characters: the movetext of a record (`1.F7-F8 F10-F9
    /// 2.F8xF10xF12 *`). A round's number is written before its first move
    /// (see [`round`](Self::round)); a game that starts after the first
    /// player's turn starts with `1...`. In a game of more than two
    /// players, a comment after a move says who it put out of the game
    /// (`1.F5xH7 {Red is out} J13-J11`), so that a reader knows whose the
    /// moves of the rounds after it are (records read the same without it).
    ///
    /// `clocks[i]`, where given, is the time the player of ply `i` had left
    /// once it was made, written after the move as chess programs write it
    /// (`1.E6-E8 {[%clk 0:04:58]}`: see
    /// [`clock_command`](crate::notation::clock_command)).
    pub fn movetext<G: Game>(&self, game: &G, result: &str, clocks: &[Option<Duration>]) -> String {
        self.annotated_movetext(game, result, &[], &Annotation::clocks(clocks))
    }

    /// [`movetext`](Self::movetext) with the comments `intro` before the
    /// first move (`{annotated by ...}`), and what `notes[i]` says of ply
    /// `i` after it: its glyph (`?!`), its comments (`{...}`) and a
    /// variation (`(...)`, see [`variation`](Self::variation)). The move
    /// after a variation is numbered again (`6... I10xK8`), as chess
    /// programs write it.
    pub fn annotated_movetext<G: Game>(
        &self,
        game: &G,
        result: &str,
        intro: &[String],
        notes: &[Annotation],
    ) -> String {
        let mut out = String::new();
        let mut line = String::new();
        for comment in intro {
            push_comment(&mut line, comment);
            line.push(' ');
        }
        let mut renumber = false;
        for (i, (label, mv)) in self.move_labels().into_iter().zip(&self.moves).enumerate() {
            if label.is_empty() && renumber {
                line.push_str(&self.label_at(i));
            } else {
                line.push_str(&label);
            }
            line.push_str(&format_move(game.board(), mv));
            let note = notes.get(i);
            if let Some(glyph) = note.and_then(|n| n.glyph) {
                line.push_str(glyph);
            }
            let mut comments: Vec<String> =
                self.put_out(game, i).into_iter().map(crate::notation::put_out_note).collect();
            comments.extend(note.map(|n| n.comments.iter().cloned()).into_iter().flatten());
            for comment in comments {
                line.push(' ');
                push_comment(&mut line, &comment);
            }
            renumber = false;
            for variation in note.map(|n| n.variations.as_slice()).unwrap_or_default() {
                line.push_str(&format!(" ({variation})"));
                renumber = true;
            }
            line.push(' ');
            if line.len() > 70 {
                out.push_str(line.trim_end());
                out.push('\n');
                line.clear();
            }
        }
        line.push_str(result);
        out.push_str(&line);
        out.push('\n');
        out
    }

    /// The number written before the move of ply `ply` where it stands
    /// alone (after a variation, or in a list of moves): `N.` for the
    /// first move of round N, `N...` for a later one (see
    /// [`next_number`](Self::next_number)).
    pub fn label_at(&self, ply: usize) -> String {
        let (round, continued) = self.number_at(ply.min(self.moves.len()), 0);
        format!("{round}{}", if continued { "..." } else { "." })
    }

    /// The moves of `line`, played from the position before ply `ply`,
    /// written with their numbers as a variation of that ply
    /// (`6... I10xK8 7.G8-E8xC10`), without its parentheses. The line
    /// ends at its first move that is not legal.
    pub fn variation<G: Game>(&self, game: &G, ply: usize, line: &[MoveKey]) -> String {
        let ply = ply.min(self.moves.len());
        let mut pos = self.positions[ply];
        let (mut movers, mut moves) = (Vec::with_capacity(line.len()), Vec::with_capacity(line.len()));
        for key in line {
            let Some(mv) = game.canonical(&pos, key) else {
                break;
            };
            movers.push(pos.to_move().index());
            moves.push(format_move(game.board(), &mv));
            pos = game.play_unchecked(&pos, key);
        }
        let labels = number_labels(movers, self.round(ply));
        labels.iter().zip(&moves).map(|(label, mv)| format!("{label}{mv}")).collect::<Vec<_>>().join(" ")
    }

    /// The names of the players the move of ply `ply` left with no pieces
    /// while two or more players still have some (the game goes on
    /// without them), in a game of more than two players.
    fn put_out<'g, G: Game>(&self, game: &'g G, ply: usize) -> Vec<&'g str> {
        let players = game.players();
        if players.len() <= 2 {
            return Vec::new();
        }
        let (before, after) = (&self.positions[ply], &self.positions[ply + 1]);
        let has_pieces = |pos: &Position, i: usize| !pos.pieces_of(Player(i as u8)).is_empty();
        if (0..players.len()).filter(|&i| has_pieces(after, i)).count() < 2 {
            return Vec::new();
        }
        (0..players.len())
            .filter(|&i| has_pieces(before, i) && !has_pieces(after, i))
            .map(|i| players[i].name.as_str())
            .collect()
    }

    /// Writes the game as a record with the result `result` (a game ended
    /// otherwise than by the rules: a flag, a resignation, an agreement),
    /// its `tags`, and its start in a `Position` tag when it is not the
    /// variant's (unless `tags` give it as a PDN `FEN` tag, read from a
    /// record of the game),
    /// the comments `intro` before its first move, and what `notes[i]`
    /// says after ply `i` (the clocks: see [`Annotation::clocks`]; see
    /// [`annotated_movetext`](Self::annotated_movetext)).
    pub fn write_record<G: Game>(
        &self,
        game: &G,
        tags: &[(String, String)],
        result: &str,
        intro: &[String],
        notes: &[Annotation],
    ) -> String {
        let mut out = format!("[Variant \"{}\"]\n", game.name());
        for (k, v) in tags {
            out.push_str(&crate::notation::tag_line(k, v));
        }
        // (A start the tags give as a PDN `FEN` tag, as read from a record, is not given twice.)
        let fen = tags.iter().any(|(k, _)| k.eq_ignore_ascii_case("FEN"));
        if *self.start() != game.start() && !fen {
            out.push_str(&format!("[Position \"{}\"]\n", format_position(game, self.start())));
        }
        out.push_str(&format!("[Result \"{result}\"]\n\n"));
        out.push_str(&self.annotated_movetext(game, result, intro, notes));
        out
    }
}

/// Writes `comment` as `{comment}` at the end of `line`. (A comment ends at
/// its first `}`: one in the text, which would end it early, is written `)`.)
fn push_comment(line: &mut String, comment: &str) {
    line.push('{');
    line.push_str(&comment.replace('}', ")"));
    line.push('}');
}
