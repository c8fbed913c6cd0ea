//! The game at the terminal: the board and the status after each move
//! (whose turn, and what the rules oblige), the computer's moves, and the
//! commands a player types. Nothing is lost: a line that is not text is
//! refused and the game goes on, and a game left unsaved is kept in a file
//! the program names ([`super::keep`]), however the session ends.

use super::input::Lines;
use super::keep::{Interruptible, OnSignals, Unsaved};
use crate::analyze::score_text;
use crate::commands::status;
use crate::error::{CliError, CliResult};
use leap_arena::Termination;
use leap_core::entry::{obligation, progress};
use leap_core::notation::{format_line, format_move, parse_movetext, Diagram};
use leap_core::{Cell, History, Player};
use leap_engine::{Engine, Level, Limits, SearchResult, Stop};
use leap_games as variant;
use leap_games::Played;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::colour::Colours;
use super::Seat;

/// The commands a player may type, one or two lines each.
pub(super) const COMMANDS: &str = "  moves [CELL] the legal moves, a line per piece (of the piece on CELL only;
               typing just a cell does the same)
  history      the game so far in notation
  hint         the engine's choice for the side to move
  undo [N]     take back the last move (or the last N)
  save FILE    write the game as a record (camelot play FILE goes on with it,
               camelot replay FILE checks it); asks before replacing another
               file, or this game's if it changed since or has comments
  help         this text
  quit         leave (a game not saved is kept in a file, which is named)";

/// The engine's part in a game: which seats it plays, how long it thinks,
/// and how well it plays.
pub(super) struct Computer<G: Played> {
    pub(super) engine: Engine<G, G::Eval>,
    pub(super) limits: Limits,
    /// The strength of the engine's own moves (hints are at full strength).
    pub(super) level: Level,
    pub(super) seats: Vec<Seat>,
}

/// At what strength the engine thinks: its seats' level, or full (hints).
#[derive(Clone, Copy)]
enum Strength {
    Own,
    Full,
}

impl<G: Played> Computer<G> {
    /// The engine's choice in the current position, at `strength`.
    fn think(&mut self, history: &History, strength: Strength, stop: &Stop) -> SearchResult {
        self.engine.set_level(match strength {
            Strength::Own => self.level,
            Strength::Full => Level::MAX,
        });
        self.engine.search(history.positions(), &self.limits, stop, |_| {})
    }

    fn plays(&self, player: Player) -> bool {
        self.seats[player.index()] == Seat::Engine
    }
}

/// A game being played at the terminal.
pub(super) struct Terminal<'g, G: Played> {
    game: &'g G,
    examples: &'static str,
    tags: Vec<(String, String)>,
    history: History,
    computer: Computer<G>,
    /// Files `save` must not replace (the variant file being played).
    protected: Vec<PathBuf>,
    /// This game's record: the one it was loaded from or last saved to,
    /// which `save` replaces without asking while it holds what was read
    /// or written there.
    own_file: Option<OwnFile>,
    /// How the game ended off the board (a saved resignation, flag or
    /// agreement); taking back a move undoes it.
    ended: Option<Termination>,
    /// Grows with every change to the game.
    version: u64,
    /// The version last saved (or loaded).
    saved: u64,
    /// The game's record while it has moves not saved, for whatever ends
    /// the session to keep.
    unsaved: Arc<Unsaved>,
    /// The hint's search while it runs, which Ctrl-C stops.
    hinting: Arc<Interruptible>,
    notes: Vec<String>,
    /// The colours of the board, when the output is coloured.
    colours: Option<Colours>,
}

/// The record a game was loaded from or last saved to (see
/// [`Terminal::continues`]).
struct OwnFile {
    /// Its canonical path.
    path: PathBuf,
    /// The text it held when read or written.
    text: String,
    /// Whether that text has annotations the game does not keep
    /// (comments, glyphs): saving over it would lose them.
    annotated: bool,
}

/// What to do after a line of input.
enum Next {
    Read,
    /// `save FILE`: it may ask before replacing a file.
    Save(String),
    Redraw,
    Quit,
}

type Out<'a> = &'a mut dyn Write;

impl<'g, G: Played> Terminal<'g, G> {
    pub(super) fn new(
        game: &'g G,
        examples: &'static str,
        tags: Vec<(String, String)>,
        history: History,
        computer: Computer<G>,
        protected: Vec<PathBuf>,
    ) -> Self {
        Terminal {
            game,
            examples,
            tags,
            history,
            computer,
            protected,
            own_file: None,
            ended: None,
            version: 0,
            saved: 0,
            unsaved: Arc::default(),
            hinting: Arc::default(),
            notes: Vec::new(),
            colours: None,
        }
    }

    /// Colours the board from now on.
    pub(super) fn colour(&mut self, colours: Colours) {
        self.colours = Some(colours);
    }

    /// The game goes on from the record in `file`, which held `text`
    /// (`annotated`: with comments or glyphs the game does not keep).
    /// Saving there again replaces it without asking, unless it has
    /// changed since or its annotations would be lost.
    pub(super) fn continues(&mut self, file: &Path, text: String, annotated: bool) {
        self.own_file = std::fs::canonicalize(file).ok().map(|path| OwnFile { path, text, annotated });
    }

    /// The game ended off the board, as its record says.
    pub(super) fn ended_by(&mut self, how: Termination) {
        self.ended = Some(how);
    }

    /// A line said once, before the board.
    pub(super) fn note(&mut self, text: &str) {
        self.notes.push(text.to_string());
    }

    fn help(&self) -> String {
        format!("Type a move ({}), or:\n{COMMANDS}", self.examples)
    }

    fn is_over(&self) -> bool {
        self.ended.is_some() || self.history.outcome(self.game).is_some()
    }

    /// Plays the session: `input` line by line until `quit` or its end;
    /// then, or if it ends otherwise (an error; SIGHUP or SIGTERM, see
    /// [`OnSignals`]), a game with moves not saved is kept.
    pub(super) fn run(&mut self, input: &mut dyn Lines, out: &mut impl Write) -> CliResult {
        let signals = OnSignals::watch(Arc::clone(&self.unsaved), Arc::clone(&self.hinting));
        if let Err(e) = &signals {
            self.note(&format!("a signal that ends the program would lose the game: {e}"));
        }
        let session = self.session(input, out);
        self.publish();
        let kept = self.unsaved.keep(out);
        drop(signals);
        session.and(kept)
    }

    /// The game as whatever ends the session keeps it: its record while
    /// it has moves not saved (a game taken back to the variant's start,
    /// with no ending, has nothing to keep).
    fn publish(&self) {
        let at_start = self.history.positions().first() == Some(&self.game.start());
        let empty = self.history.moves().is_empty() && self.ended.is_none() && at_start;
        self.unsaved.set((self.version != self.saved && !empty).then(|| self.record()));
    }

    fn session(&mut self, input: &mut dyn Lines, out: &mut impl Write) -> CliResult {
        let io = CliError::Output;
        writeln!(out, "{}\n", self.help()).map_err(io)?;
        for note in &self.notes {
            writeln!(out, "{note}").map_err(io)?;
        }
        let mut redraw = true;
        loop {
            self.publish();
            if redraw {
                self.draw(out)?;
            }
            redraw = false;
            // The engine's turn: it moves, and the board is drawn again.
            if !self.is_over() && self.computer.plays(self.history.current().to_move()) {
                self.engine_moves(out)?;
                redraw = true;
                continue;
            }
            let Some(bytes) = input.read("> ", out).map_err(CliError::Input)? else {
                return Ok(());
            };
            let Ok(line) = String::from_utf8(bytes) else {
                writeln!(out, "that line is not text (it is not valid UTF-8): ignored; type it again").map_err(io)?;
                continue;
            };
            match self.command(line.trim(), out)? {
                Next::Read => {}
                Next::Save(file) => self.save_asking(&file, input, out)?,
                Next::Redraw => redraw = true,
                Next::Quit => return Ok(()),
            }
        }
    }

    /// The board with the last move marked and the keys a player needs,
    /// the last move, the status, and what the rules oblige or what can
    /// be done once the game is over.
    fn draw(&self, out: Out) -> CliResult {
        let io = CliError::Output;
        let pos = self.history.current();
        let last = self.history.moves().last();
        let mut board = Diagram::new(self.game, pos).last_move(last).keys(true);
        if let Some(colours) = &self.colours {
            board = board.paint(colours);
        }
        write!(out, "{board}").map_err(io)?;
        if let Some(mv) = last {
            writeln!(out, "{}", self.last_move_line(mv)).map_err(io)?;
        }
        match &self.ended {
            Some(how) => writeln!(out, "Game over: {}.", how.describe(self.game)).map_err(io)?,
            None => writeln!(out, "{}", status(self.game, &self.history)).map_err(io)?,
        }
        if self.is_over() {
            writeln!(out, "The game is over: save FILE keeps it, undo takes back moves, quit leaves.").map_err(io)?;
        } else if let Some(o) = obligation(self.game, pos) {
            writeln!(out, "{}", capitalised(&o.to_string())).map_err(io)?;
        }
        Ok(())
    }

    /// `Last move: White F7-F8, marked on the board: …`.
    fn last_move_line(&self, mv: &leap_core::Move) -> String {
        let positions = self.history.positions();
        let mover = positions[positions.len() - 2].to_move();
        let name = &self.game.players()[mover.index()].name;
        if mv.is_pass() {
            return format!("Last move: {name} passed (no legal move).");
        }
        let taken = if mv.captured.is_empty() { "" } else { ", x what it took" };
        let text = format_move(self.game.board(), mv);
        format!("Last move: {name} {text}, marked on the board: * its path, ( ) where it stopped{taken}.")
    }

    /// The players still in the game (with pieces).
    fn in_game(&self) -> Vec<Player> {
        self.history.current().players_in(self.game.players().len()).collect()
    }

    /// After a move: says who is out because of it.
    fn say_who_is_out(&self, before: &[Player], out: Out) -> CliResult {
        let now = self.in_game();
        for p in before.iter().filter(|p| !now.contains(p)) {
            let name = &self.game.players()[p.index()].name;
            if now.len() > 1 {
                writeln!(out, "{name} is out: no pieces left (turns skip {name})").map_err(CliError::Output)?;
            }
        }
        Ok(())
    }

    fn engine_moves(&mut self, out: Out) -> CliResult {
        let io = CliError::Output;
        let pos = *self.history.current();
        let player = self.game.players()[pos.to_move().index()].name.clone();
        let r = self.computer.think(&self.history, Strength::Own, &Stop::new());
        let Some(key) = r.best else {
            return Err(CliError::Usage("the engine found no move in an unfinished game".into()));
        };
        let text = format_line(self.game, &pos, &[key]).join("");
        writeln!(out, "{player} (engine) plays {text}   [score {}, depth {}]", score_text(r.score), r.depth)
            .map_err(io)?;
        let before = self.in_game();
        self.history.play_text(self.game, &text).map_err(|e| CliError::Usage(format!("the engine's move: {e}")))?;
        self.version += 1;
        self.say_who_is_out(&before, out)
    }

    fn command(&mut self, line: &str, out: Out) -> Result<Next, CliError> {
        let io = CliError::Output;
        let (word, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        // (A command that takes nothing does nothing with more: `quit now`
        // is not read as `quit`.)
        if !rest.is_empty() && matches!(word, "quit" | "exit" | "help" | "?" | "history" | "hint") {
            writeln!(out, "`{word}` takes nothing after it: type `{word}` alone").map_err(io)?;
            return Ok(Next::Read);
        }
        match word {
            "" => {}
            "quit" | "exit" => return Ok(Next::Quit),
            "help" | "?" => writeln!(out, "{}", self.help()).map_err(io)?,
            "moves" => self.list_moves(rest, out)?,
            "history" => {
                let text = self.history.movetext(self.game, &self.history.result_token(self.game));
                write!(out, "{text}").map_err(io)?;
            }
            "hint" => self.hint(out)?,
            "undo" => return self.undo(rest, out),
            "save" => return Ok(Next::Save(rest.to_string())),
            _ if self.game.board().cell(line).is_some() => self.list_moves(line, out)?,
            _ => return self.play(line, out),
        }
        Ok(Next::Read)
    }

    /// The legal moves, a line per piece in the board's order; or those of
    /// the piece on `cell`, or why it has none.
    fn list_moves(&self, cell: &str, out: Out) -> CliResult {
        let io = CliError::Output;
        let (game, pos) = (self.game, self.history.current());
        let board = game.board();
        if self.is_over() {
            return writeln!(out, "the game is over: no move is legal").map_err(io);
        }
        let only: Option<Cell> = match cell {
            "" => None,
            name => match board.cell(name) {
                Some(c) => Some(c),
                None => {
                    let name = leap_core::notation::quoted(name);
                    return writeln!(out, "there is no cell {name} on this board").map_err(io);
                }
            },
        };
        if let Some(c) = only {
            if let Err(refusal) = progress(game, pos, c, &[]) {
                return writeln!(out, "{refusal}").map_err(io);
            }
        }
        let mut by_piece: Vec<(Cell, Vec<String>)> = Vec::new();
        for key in game.legal_moves(pos) {
            if only.is_some_and(|c| c != key.from) {
                continue;
            }
            let text = game.canonical(pos, &key).map_or_else(|| "pass".to_string(), |m| format_move(board, &m));
            match by_piece.iter_mut().find(|(c, _)| *c == key.from) {
                Some((_, list)) => list.push(text),
                None => by_piece.push((key.from, vec![text])),
            }
        }
        by_piece.sort_by_key(|(c, _)| if c.index() < board.len() { board.listing_key(*c) } else { usize::MAX });
        for (cell, mut list) in by_piece {
            list.sort();
            let name = if list == ["pass"] { "pass".to_string() } else { board.name(cell).to_string() };
            writeln!(out, "{name}: {}", list.join(" ")).map_err(io)?;
        }
        Ok(())
    }

    fn hint(&mut self, out: Out) -> CliResult {
        let io = CliError::Output;
        if self.is_over() {
            return writeln!(out, "the game is over").map_err(io);
        }
        // (Ctrl-C stops the hint's search, and its best move so far is shown.)
        let stop = Stop::new();
        self.hinting.set(Some(stop.clone()));
        let r = self.computer.think(&self.history, Strength::Full, &stop);
        self.hinting.set(None);
        if stop.is_stopped() {
            writeln!(out).map_err(io)?;
        }
        let line = format_line(self.game, self.history.current(), &r.pv);
        writeln!(
            out,
            "hint: {}   [score {}, depth {}; line {}]",
            line.first().map_or("none", String::as_str),
            score_text(r.score),
            r.depth,
            line.join(" ")
        )
        .map_err(io)
    }

    /// Takes back `count` moves (default 1), each back to a person's turn
    /// (the engine's replies go with them).
    fn undo(&mut self, count: &str, out: Out) -> Result<Next, CliError> {
        let io = CliError::Output;
        let count: usize = match count {
            "" => 1,
            n => match n.parse() {
                Ok(n) if n > 0 => n,
                _ => {
                    let n = leap_core::notation::quoted(n);
                    writeln!(out, "undo takes a number of moves to take back (undo 2), not `{n}`").map_err(io)?;
                    return Ok(Next::Read);
                }
            },
        };
        let mut taken = 0;
        while taken < count && self.history.undo() {
            taken += 1;
            while self.computer.plays(self.history.current().to_move()) && self.history.undo() {}
        }
        if taken > 0 {
            self.ended = None;
        }
        match taken {
            0 => {
                writeln!(out, "nothing to undo").map_err(io)?;
                return Ok(Next::Read);
            }
            t if t < count => writeln!(out, "only {t} move{} to take back: took back {t}", plural(t)).map_err(io)?,
            t if t > 1 => writeln!(out, "took back {t} moves").map_err(io)?,
            _ => {}
        }
        self.version += 1;
        Ok(Next::Redraw)
    }

    fn play(&mut self, line: &str, out: Out) -> Result<Next, CliError> {
        let io = CliError::Output;
        if let Some(how) = &self.ended {
            let how = how.describe(self.game);
            writeln!(out, "the game is over ({how}): undo takes back moves, save FILE keeps it").map_err(io)?;
            return Ok(Next::Read);
        }
        let plies = match parse_movetext(line) {
            Ok(p) if p.len() == 1 => p,
            Ok(_) => {
                writeln!(out, "one move at a time, please (type help for the commands)").map_err(io)?;
                return Ok(Next::Read);
            }
            Err(e) => {
                writeln!(out, "{e}").map_err(io)?;
                return Ok(Next::Read);
            }
        };
        let before = self.in_game();
        match self.history.play_text(self.game, &plies[0].text) {
            Ok(read) => {
                if let Some(full) = read.completed {
                    writeln!(out, "read as {full}").map_err(io)?;
                }
                self.version += 1;
                self.say_who_is_out(&before, out)?;
                Ok(Next::Redraw)
            }
            Err(e) => {
                writeln!(out, "{e}").map_err(io)?;
                Ok(Next::Read)
            }
        }
    }

    fn record(&self) -> String {
        self.record_with(&self.tags)
    }

    /// The record as saved at `path`: a variant file beside it named from
    /// its folder ([`variant::tags_beside`]).
    fn record_at(&self, path: &Path) -> String {
        self.record_with(&variant::tags_beside(&self.tags, path))
    }

    fn record_with(&self, tags: &[(String, String)]) -> String {
        match &self.ended {
            Some(how) => how.record(self.game, &self.history, tags),
            None => self.history.to_record(self.game, tags),
        }
    }

    /// `save FILE`: a file that exists and is not this game's record is
    /// replaced only if the player says so.
    fn save_asking(&mut self, file: &str, input: &mut dyn Lines, out: Out) -> CliResult {
        let io = CliError::Output;
        if file.is_empty() {
            return writeln!(out, "not saved: give a file name: save FILE").map_err(io);
        }
        let path = Path::new(file);
        // What would be refused anyway is refused before asking.
        if let Err(e) = crate::save::check_target(path, &self.protected) {
            return writeln!(out, "not saved: {e}").map_err(io);
        }
        let canonical = std::fs::canonicalize(path).ok();
        let own = self.own_file.as_ref().filter(|o| canonical.as_ref() == Some(&o.path));
        // Replaced without asking: a new file, or this game's record as
        // it was read or written (not changed since by another program or
        // session, and without annotations the game does not keep).
        let why = match own {
            _ if !path.exists() => None,
            None => Some("already exists and is not this game's record"),
            Some(o) if leap_format::read_text(path).ok().as_ref() != Some(&o.text) => {
                Some("has changed since this game was loaded from it or saved to it (another program or game wrote it)")
            }
            Some(o) if o.annotated => Some("holds comments or annotations (such as `!?`) that this game does not keep"),
            Some(_) => None,
        };
        if let Some(why) = why {
            let question = format!("{file} {why}: replace it? (yes/no) ");
            let answer = input.read(&question, out).map_err(CliError::Input)?;
            let yes = answer.is_some_and(|a| {
                matches!(String::from_utf8_lossy(&a).trim().to_ascii_lowercase().as_str(), "y" | "yes")
            });
            if !yes {
                return writeln!(out, "not saved: {file} is left as it was").map_err(io);
            }
        }
        let record = self.record_at(path);
        match write_file(path, &record, &self.protected) {
            Ok(()) => {
                self.saved = self.version;
                self.continues(path, record, false);
                writeln!(out, "saved to {file}")
            }
            Err(e) => writeln!(out, "not saved: {e}"),
        }
        .map_err(io)
    }
}

/// Writes `text` to `path` whole or not at all, never over a protected
/// file (see [`crate::save::save_file`]).
fn write_file(path: &Path, text: &str, protected: &[PathBuf]) -> CliResult {
    crate::save::save_file(path, text, protected)
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// `text` with a capital first letter.
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
}
