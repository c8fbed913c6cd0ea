//! The game at the terminal: the board and the status after each move
//! (whose turn, and what the rules oblige), the computer's moves, and the
//! commands a player types. Nothing is lost: a line that is not text is
//! refused and the game goes on, and a game left unsaved is kept in a file
//! the program names ([`super::keep`]), however the session ends.

use super::input::{yes_or_no, Lines};
use super::keep::{Interruptible, OnSignals, Unsaved};
use crate::analyze::score_text;
use crate::commands::status;
use crate::error::{CliError, CliResult};
use leap_arena::Termination;
use leap_core::entry::{obligation, progress};
use leap_core::notation::{
    format_line, format_move, parse_movetext, quoted, read_move, Diagram, MoveError, WrittenPly,
};
use leap_core::search::Score;
use leap_core::{Annotation, Cell, History, Player};
use leap_engine::{Engine, Level, SearchResult, Stop};
use leap_games as variant;
use leap_games::Played;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::colour::Colours;
use super::typed;
use super::{Seat, Strength};
use leap_core::notation::Reading;

/// The commands a player may type, one or two lines each.
pub(super) const COMMANDS: &str = "  moves [CELL] the legal moves, a line per piece (of the piece on CELL only;
               typing just a cell does the same)
  history      the game so far in notation (with the notes of the record
               it came from: glyphs, comments, variations)
  hint         the engine's choice for the side to move
  board        show the board again (also: show)
  undo [N]     take back the last move (or the last N)
               (a resignation or an agreed draw is taken back alone)
  resign       the player to move resigns, and the game is over
  draw         the player to move offers a draw: the engine accepts when it
               stands about level or worse, each other person is asked
  save FILE    write the game as a record (FILE.pgn if FILE has no extension;
               camelot play FILE goes on with it, camelot replay FILE
               checks it); asks before replacing another
               file, or this game's if it changed since or holds notes
               the game does not keep (a comment after the result);
               \"a b.pgn\" for a name with spaces, ~/ for the home folder
  help         this text
  quit         leave (a game not saved is kept in a file, which is named)";

/// The engine's part in a game: which seats it plays, how long it thinks,
/// and how well it plays.
pub(super) struct Computer<G: Played> {
    engine: Engine<G, G::Eval>,
    /// The game's strength: its hints' time or depth (at full level).
    game: Strength,
    /// The seats' strengths, `None` for a person's.
    seats: Vec<Option<Strength>>,
    /// The score of the engine's last move for each seat (it answers an
    /// offer of a draw by it).
    last_score: Vec<Option<Score>>,
}

/// What the engine thinks for: a move of its seat's (at the seat's
/// strength), or a hint (at full strength).
#[derive(Clone, Copy)]
enum Purpose {
    Move,
    Hint,
}

impl<G: Played> Computer<G> {
    /// The engine, playing `seats` (one per player), at the `game`'s
    /// strength where a seat gives none of its own.
    pub(super) fn new(engine: Engine<G, G::Eval>, game: Strength, seats: Vec<Seat>) -> Self {
        let last_score = vec![None; seats.len()];
        let seats = seats
            .into_iter()
            .map(|seat| match seat {
                Seat::Human => None,
                Seat::Engine(own) => Some(own.or(game)),
            })
            .collect();
        Computer { engine, game, seats, last_score }
    }

    /// The engine's choice in the current position, for `purpose`.
    fn think(&mut self, history: &History, purpose: Purpose, stop: &Stop) -> SearchResult {
        let player = history.current().to_move();
        let strength = match purpose {
            Purpose::Move => self.seats[player.index()].unwrap_or(self.game),
            Purpose::Hint => Strength { level: Some(Level::MAX), ..self.game },
        };
        self.engine.set_level(strength.level.unwrap_or_default());
        self.engine.search(history.positions(), &strength.limits(), stop, |_| {})
    }

    fn plays(&self, player: Player) -> bool {
        self.seats[player.index()].is_some()
    }

    /// Whether the engine, in `player`'s seat, accepts a draw (as the web
    /// app's computer does: [`leap_engine::score::accepts_draw`]).
    fn accepts_draw(&self, player: Player) -> bool {
        leap_engine::score::accepts_draw(self.last_score[player.index()], self.seats.len())
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
    /// The moves of the record the game was loaded from, cut back by
    /// `undo`: the time each move's player had left after it and what the
    /// record said of it (glyph, comments, variations), which `save`
    /// writes again.
    recorded: Vec<WrittenPly>,
    /// The comments before the first move of the record the game was
    /// loaded from (`{annotated by ...}`), which `save` writes again.
    intro: Vec<String>,
    /// How the game ended off the board (a resignation or an agreed draw,
    /// typed or saved, or a saved flag); `undo` takes back a resignation
    /// or an agreement alone, a flag with the move before it.
    ended: Option<Termination>,
    /// The game (its record without tags) as last saved, or as it was
    /// when the session began: what `quit` need not keep.
    saved: String,
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
    /// The first annotation of that text the game does not keep, in words
    /// (see [`leap_core::notation::Record::unkept`]): saving over it would
    /// lose it.
    unkept: Option<String>,
}

/// What to do after a line of input.
enum Next {
    Read,
    /// `save FILE`: it may ask before replacing a file.
    Save(String),
    /// `draw`: the other people are asked.
    Draw,
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
            recorded: Vec::new(),
            intro: Vec::new(),
            ended: None,
            saved: String::new(),
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
    /// (`unkept`: the first of its annotations the game does not keep, in
    /// words). Saving there again replaces it without asking, unless it
    /// has changed since or its annotations would be lost.
    pub(super) fn continues(&mut self, file: &Path, text: String, unkept: Option<String>) {
        self.own_file = std::fs::canonicalize(file).ok().map(|path| OwnFile { path, text, unkept });
    }

    /// The game's first moves are those of a record, `plies` as written
    /// there after the comments `intro`: `save` writes them again, with
    /// the moves' times and notes.
    pub(super) fn recorded(&mut self, plies: Vec<WrittenPly>, intro: Vec<String>) {
        self.recorded = plies;
        self.intro = intro;
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
        self.saved = self.record_with(&[]);
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
        // (Kept in the current folder, its variant file named from there.)
        let kept = || self.record_at(Path::new("camelot-unsaved.pgn"));
        self.unsaved.set((!empty && self.record_with(&[]) != self.saved).then(kept));
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
                Next::Draw => redraw = self.offer_draw(input, out)?,
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
            Some(how) => {
                writeln!(out, "Game over: {}.", how.describe(self.game, self.history.current())).map_err(io)?
            }
            None => writeln!(out, "{}", status(self.game, &self.history)).map_err(io)?,
        }
        if self.is_over() {
            match self.undo_takes_back() {
                Some(undo) => {
                    writeln!(out, "The game is over: save FILE keeps it, undo takes back {undo}, quit leaves.")
                }
                None => writeln!(out, "The game is over: save FILE keeps it, quit leaves."),
            }
            .map_err(io)?;
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

    /// What `undo` takes back in a finished game: a resignation, an
    /// agreed draw or a loaded record's result alone, else moves.
    /// (None when nothing has been played: there is nothing to take back.)
    fn undo_takes_back(&self) -> Option<String> {
        let moves = !self.history.moves().is_empty();
        self.ending_taken_back().or_else(|| moves.then(|| "moves".to_string()))
    }

    /// The ending that `undo` takes back alone, in words: a resignation,
    /// an agreed draw or a loaded record's result (not a flag, which goes
    /// with the move before it).
    fn ending_taken_back(&self) -> Option<String> {
        match self.ended {
            Some(Termination::Resignation { loser }) => Some(format!("{}'s resignation", self.name(loser))),
            Some(Termination::Agreement) => Some("the agreed draw".to_string()),
            Some(Termination::Recorded { .. }) => Some("the recorded result".to_string()),
            _ => None,
        }
    }

    /// The name of `player`.
    fn name(&self, player: Player) -> &str {
        &self.game.players()[player.index()].name
    }

    /// The result token of the game so far (`*` while it goes on).
    fn result_token(&self) -> String {
        match &self.ended {
            Some(how) => how.result_token(self.game),
            None => self.history.result_token(self.game),
        }
    }

    fn engine_moves(&mut self, out: Out) -> CliResult {
        let io = CliError::Output;
        let pos = *self.history.current();
        let player = self.game.players()[pos.to_move().index()].name.clone();
        let r = self.computer.think(&self.history, Purpose::Move, &Stop::new());
        let Some(key) = r.best else {
            return Err(CliError::Usage("the engine found no move in an unfinished game".into()));
        };
        let text = format_line(self.game, &pos, &[key]).join("");
        writeln!(out, "{player} (engine) plays {text}   [score {}, depth {}]", score_text(r.score), r.depth)
            .map_err(io)?;
        self.computer.last_score[pos.to_move().index()] = Some(r.score);
        let before = self.in_game();
        self.history.play_text(self.game, &text).map_err(|e| CliError::Usage(format!("the engine's move: {e}")))?;
        self.say_who_is_out(&before, out)
    }

    fn command(&mut self, line: &str, out: Out) -> Result<Next, CliError> {
        let io = CliError::Output;
        let (word, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        // (In any case, as moves are: `Quit`, `SAVE game.pgn`. No cell
        // name is a command's word: cell names end in digits.)
        let word = word.to_ascii_lowercase();
        let word = word.as_str();
        // (A command that takes nothing does nothing with more: `quit now`
        // is not read as `quit`.)
        if !rest.is_empty()
            && matches!(
                word,
                "quit" | "exit" | "help" | "?" | "history" | "hint" | "board" | "show" | "resign" | "draw"
            )
        {
            writeln!(out, "`{word}` takes nothing after it: type `{word}` alone").map_err(io)?;
            return Ok(Next::Read);
        }
        match word {
            "" => {}
            "quit" | "exit" => return Ok(Next::Quit),
            "help" | "?" => writeln!(out, "{}", self.help()).map_err(io)?,
            "moves" => self.list_moves(rest, out)?,
            "history" => {
                // (With what the record the game came from says of its moves.)
                let notes: Vec<Annotation> = self.recorded.iter().map(|p| p.notes.clone()).collect();
                let text = self.history.annotated_movetext(self.game, &self.result_token(), &self.intro, &notes);
                write!(out, "{text}").map_err(io)?;
            }
            "hint" => self.hint(out)?,
            "board" | "show" => return Ok(Next::Redraw),
            "undo" => return self.undo(rest, out),
            "resign" => return self.resign(out),
            "draw" => return Ok(Next::Draw),
            "save" => return Ok(Next::Save(rest.to_string())),
            _ if self.game.board().cell(&Reading::of(line).text).is_some() => self.list_moves(line, out)?,
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
            several if several.contains(char::is_whitespace) => {
                let first = quoted(several.split_whitespace().next().unwrap_or_default());
                let several = quoted(several);
                return writeln!(out, "one cell at a time: moves {first} lists the moves of {first}, not `{several}`")
                    .map_err(io);
            }
            name => match board.cell(&Reading::of(name).text) {
                Some(c) => Some(c),
                None => return writeln!(out, "there is no cell {} on this board", quoted(name)).map_err(io),
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
        let r = self.computer.think(&self.history, Purpose::Hint, &stop);
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
    /// (the engine's replies go with them). A resignation or an agreed
    /// draw is taken back first, and alone (as the web app takes it back):
    /// it counts as one.
    fn undo(&mut self, count: &str, out: Out) -> Result<Next, CliError> {
        let io = CliError::Output;
        let count: usize = match count {
            "" => 1,
            // (A number too large to hold takes back all there is, as a
            // large one does.)
            n if n.bytes().all(|b| b.is_ascii_digit()) && n.bytes().any(|b| b != b'0') => {
                n.parse().unwrap_or(usize::MAX)
            }
            n => match n.parse() {
                Ok(n) if n > 0 => n,
                _ => {
                    let n = quoted(n);
                    writeln!(out, "undo takes a number of moves to take back (undo 2), not `{n}`").map_err(io)?;
                    return Ok(Next::Read);
                }
            },
        };
        let word = self.ending_taken_back();
        let wanted = count - usize::from(word.is_some());
        // Each move a person made is taken back with the engine's moves
        // after it (those the engine made before any are not: it would
        // only play them again).
        let (mut taken, mut plies) = (0, 0);
        while taken < wanted {
            let positions = self.history.positions();
            let moves = positions.len() - 1;
            let Some(last) = (0..moves).rev().find(|&i| !self.computer.plays(positions[i].to_move())) else {
                break;
            };
            for _ in last..moves {
                self.history.undo();
            }
            taken += 1;
            plies += moves - last;
        }
        // (The engine's moves that went with them are said.)
        let replies = match plies - taken {
            0 => String::new(),
            1 => ", with the engine's reply".to_string(),
            n => format!(", with the engine's {n} replies"),
        };
        if word.is_some() || taken > 0 {
            self.ended = None;
        }
        self.recorded.truncate(self.history.moves().len());
        let moves = |t: usize| format!("{t} move{}", plural(t));
        match (word, taken) {
            (None, 0) => {
                writeln!(out, "nothing to undo").map_err(io)?;
                return Ok(Next::Read);
            }
            (None, t) if t < wanted => {
                writeln!(out, "only {} to take back: took back {t}{replies}", moves(t)).map_err(io)?
            }
            (None, t) if t > 1 || !replies.is_empty() => {
                writeln!(out, "took back {}{replies}", moves(t)).map_err(io)?
            }
            (None, _) => {}
            (Some(word), t) => {
                let and = if t > 0 { format!(" and {}", moves(t)) } else { String::new() };
                let only = match t {
                    _ if t == wanted => String::new(),
                    0 => " (no move to take back)".to_string(),
                    t => format!(" (only {} to take back)", moves(t)),
                };
                writeln!(out, "took back {word}{and}{replies}{only}").map_err(io)?
            }
        }
        Ok(Next::Redraw)
    }

    /// `resign`: the player to move resigns, and the game is over (with
    /// three players too, as the web app has it: the others share the point).
    fn resign(&mut self, out: Out) -> Result<Next, CliError> {
        if self.is_over() {
            writeln!(out, "the game is over: there is nothing to resign").map_err(CliError::Output)?;
            return Ok(Next::Read);
        }
        self.ended = Some(Termination::Resignation { loser: self.history.current().to_move() });
        Ok(Next::Redraw)
    }

    /// `draw`: the player to move offers a draw, which ends the game when
    /// every other player still in it accepts: the engine's seats as the
    /// web app's computer does, each person asked at the terminal (the
    /// engine answers first: a person is not asked for nothing). Whether
    /// the game ended.
    fn offer_draw(&mut self, input: &mut dyn Lines, out: Out) -> Result<bool, CliError> {
        let io = CliError::Output;
        if self.is_over() {
            writeln!(out, "the game is over: there is no draw to offer").map_err(io)?;
            return Ok(false);
        }
        let offers = self.history.current().to_move();
        let others: Vec<Player> = self.in_game().into_iter().filter(|&p| p != offers).collect();
        let declining: Vec<String> = others
            .iter()
            .filter(|&&p| self.computer.plays(p) && !self.computer.accepts_draw(p))
            .map(|&p| format!("{} (engine)", self.name(p)))
            .collect();
        if !declining.is_empty() {
            let verb = if declining.len() == 1 { "declines" } else { "decline" };
            writeln!(out, "{} {verb} the draw: the game goes on", declining.join(" and ")).map_err(io)?;
            return Ok(false);
        }
        for p in others.into_iter().filter(|&p| !self.computer.plays(p)) {
            let name = self.name(p).to_string();
            let question = format!("{name}, do you accept a draw? (yes/no) ");
            if !yes_or_no(input, &question, out).map_err(CliError::Input)? {
                writeln!(out, "{name} declines the draw: the game goes on").map_err(io)?;
                return Ok(false);
            }
        }
        let accepting: Vec<String> = self
            .in_game()
            .into_iter()
            .filter(|&p| p != offers && self.computer.plays(p))
            .map(|p| format!("{} (engine)", self.name(p)))
            .collect();
        if !accepting.is_empty() {
            let verb = if accepting.len() == 1 { "accepts" } else { "accept" };
            writeln!(out, "{} {verb} the draw", accepting.join(" and ")).map_err(io)?;
        }
        self.ended = Some(Termination::Agreement);
        Ok(true)
    }

    /// A line that is not a command: a move, read with its look-alike
    /// characters as the notation's ([`Reading`]), and played.
    fn play(&mut self, line: &str, out: Out) -> Result<Next, CliError> {
        let io = CliError::Output;
        if let Some(how) = &self.ended {
            let how = how.describe(self.game, self.history.current());
            match self.undo_takes_back() {
                Some(undo) => writeln!(out, "the game is over ({how}): undo takes back {undo}, save FILE keeps it"),
                None => writeln!(out, "the game is over ({how}): save FILE keeps it, quit leaves"),
            }
            .map_err(io)?;
            return Ok(Next::Read);
        }
        let reading = Reading::of(line);
        let plies = match parse_movetext(&reading.text) {
            Ok(p) if p.len() == 1 => p,
            parsed => {
                if let Some(said) = self.spaced(&reading.text) {
                    writeln!(out, "{said}").map_err(io)?;
                } else {
                    match parsed {
                        // (Cells alone, `E8 E9`: one move, its separator left out.)
                        Ok(plies) if plies.iter().all(|p| self.game.board().cell(&p.text).is_some()) => {
                            let cells: Vec<&str> = plies.iter().map(|p| p.text.as_str()).collect();
                            writeln!(
                                out,
                                "a move joins its cells with - (a step or a leap) or x (a capture): {}",
                                cells.join("-")
                            )
                        }
                        Ok(_) => writeln!(out, "one move at a time, please (type help for the commands)"),
                        // (At the prompt, a line and column say nothing.)
                        Err(e) => writeln!(out, "{}", self.not_a_move(&e.message)),
                    }
                    .map_err(io)?;
                }
                return Ok(Next::Read);
            }
        };
        // (A move number typed with the move is the game's, or the move is
        // not played: it may have been meant for another position.)
        if let Err(e) = self.history.check_number(self.game, &plies[0]) {
            writeln!(out, "{}", leap_core::ReplayError { at: None, ..e }).map_err(io)?;
            return Ok(Next::Read);
        }
        let text = &plies[0].text;
        let before = self.in_game();
        // (What was read otherwise than typed is said: an abbreviated
        // path in full, look-alike characters as the notation's.)
        match self.history.play_text(self.game, text) {
            Ok(read) => {
                if read.completed.is_some() || reading.changed() {
                    let full = read.completed.as_ref().unwrap_or(text);
                    writeln!(out, "read as {full}{}", reading.how()).map_err(io)?;
                }
                self.say_who_is_out(&before, out)?;
                Ok(Next::Redraw)
            }
            Err(e) => {
                if reading.changed() {
                    writeln!(out, "read as {text}{}", reading.how()).map_err(io)?;
                }
                writeln!(out, "{e}").map_err(io)?;
                Ok(Next::Read)
            }
        }
    }

    /// What to say of a move typed with spaces in it (`E6 - E8`), when the
    /// line without them is a move: that a move has none, and the move as
    /// it is written; or why it would be refused even so.
    fn spaced(&self, line: &str) -> Option<String> {
        let joined = typed::unspaced(line)?;
        match read_move(self.game, self.history.current(), &joined) {
            Ok(read) => {
                let written = format_move(self.game.board(), &read.path);
                Some(format!("a move is written without spaces: {written}"))
            }
            Err(MoveError::Syntax { .. }) => None,
            Err(e) => Some(format!("a move is written without spaces, and even written so it is not legal: {e}")),
        }
    }

    /// What the record reader says of a line that is no move, in a
    /// player's words at the prompt: a move, not a record's other parts
    /// (which the reader names the odd character of), and how one is written.
    fn not_a_move(&self, message: &str) -> String {
        let example = self.examples.split(", ").next().unwrap_or_default();
        let said = message.replace(" is not a move, move number, comment or result", " is not a move");
        format!("{said}; a move is written as {example}")
    }

    /// The record as saved at `path`: a variant file beside it named from
    /// its folder ([`variant::tags_beside`]).
    fn record_at(&self, path: &Path) -> String {
        self.record_with(&variant::tags_beside(&self.tags, path))
    }

    fn record_with(&self, tags: &[(String, String)]) -> String {
        let notes: Vec<Annotation> = self.recorded.iter().map(|p| p.notes.clone().with_clock(p.clock)).collect();
        match &self.ended {
            Some(how) => how.record(self.game, &self.history, tags, &self.intro, &notes),
            None => {
                self.history.write_record(self.game, tags, &self.history.result_token(self.game), &self.intro, &notes)
            }
        }
    }

    /// `save FILE`: a file that exists and is not this game's record is
    /// replaced only if the player says so.
    fn save_asking(&mut self, file: &str, input: &mut dyn Lines, out: Out) -> CliResult {
        let io = CliError::Output;
        let path = match typed::file_name(file) {
            Ok(path) => path,
            Err(why) => return writeln!(out, "not saved: {why}").map_err(io),
        };
        if path.as_os_str().is_empty() {
            return writeln!(out, "not saved: give a file name: save FILE").map_err(io);
        }
        // A name without an extension is given a record's, as the web app
        // names its saved games: `save camelot` writes camelot.pgn, which
        // `camelot play camelot.pgn` continues, where a file named
        // `camelot` would be taken for the built-in variant.
        // (A name that is only an extension names no game; a device or a
        // folder typed is refused as it is, not given an extension.)
        if path
            .file_name()
            .and_then(|n| n.to_str())
            .is_some_and(|n| [".pgn", ".pdn"].contains(&n.to_lowercase().as_str()))
        {
            return writeln!(out, "not saved: give the file a name before its extension: save game.pgn").map_err(io);
        }
        let special = std::fs::symlink_metadata(&path).is_ok_and(|m| !m.is_file());
        let named = !file.trim_end().ends_with(['/', '\\']) && !special;
        let bare = path.extension().is_none_or(|e| e.is_empty());
        let path = if named && path.file_name().is_some() && bare { path.with_extension("pgn") } else { path };
        let (path, file) = (path.as_path(), path.display());
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
            None => Some("already exists and is not this game's record".to_string()),
            Some(o) if leap_format::read_record_text(path).ok().as_ref() != Some(&o.text) => Some(
                "has changed since this game was loaded from it or saved to it (another program or game wrote it)"
                    .to_string(),
            ),
            Some(OwnFile { unkept: Some(what), .. }) => {
                Some(format!("holds annotations that this game does not keep ({what})"))
            }
            Some(_) => None,
        };
        if let Some(why) = why {
            let question = format!("{file} {why}: replace it? (yes/no) ");
            if !yes_or_no(input, &question, out).map_err(CliError::Input)? {
                return writeln!(out, "not saved: {file} is left as it was").map_err(io);
            }
        }
        let record = self.record_at(path);
        match write_file(path, &record, &self.protected) {
            Ok(()) => {
                self.saved = self.record_with(&[]);
                self.continues(path, record, None);
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
