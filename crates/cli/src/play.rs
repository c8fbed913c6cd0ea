//! `camelot play`: a game at the terminal, each seat a person or the
//! engine.

use crate::analyze::{score_text, EngineArgs};
use crate::commands::status;
use crate::error::{CliError, CliResult};
use leap_core::{
    notation::{diagram, format_line, legal_move_texts, parse_movetext, parse_position},
    Game, History,
};
use leap_engine::{Engine, Limits, SearchResult, Stop};
use leap_games::with_game;
use leap_games::{self as variant, Played};
use std::io::{BufRead, Write};
use std::path::Path;
use std::time::Duration;

/// Who plays a seat.
#[derive(Clone, Copy, PartialEq, Eq, Debug, clap::ValueEnum)]
pub enum Seat {
    /// A person at the terminal.
    Human,
    /// The engine.
    Engine,
}

/// The options of `camelot play`.
#[derive(clap::Args, Clone, Debug)]
pub struct Options {
    /// A built-in variant name or the path of a variant file.
    pub variant: String,
    /// Start from this position string.
    #[arg(long)]
    pub position: Option<String>,
    /// Who plays White (two-player games whose first player is White).
    #[arg(long, value_enum)]
    pub white: Option<Seat>,
    /// Who plays Black.
    #[arg(long, value_enum)]
    pub black: Option<Seat>,
    /// Who plays each seat, in turn order: `human,engine,engine`.
    #[arg(long, value_enum, value_delimiter = ',')]
    pub seats: Vec<Seat>,
    /// The engine's time per move, in milliseconds (default 1000).
    #[arg(long, value_name = "MS")]
    pub movetime: Option<u64>,
    /// The engine's depth per move, in plies (instead of a time).
    #[arg(long)]
    pub depth: Option<u32>,
    #[command(flatten)]
    pub engine: EngineArgs,
}

impl Options {
    /// The engine's limits for a move.
    fn limits(&self) -> Limits {
        match (self.depth, self.movetime) {
            (Some(d), None) => Limits::depth(d),
            (d, ms) => {
                Limits { depth: d, movetime: Some(Duration::from_millis(ms.unwrap_or(1000))), ..Limits::default() }
            }
        }
    }

    /// Who plays each of `names` (the game's players in turn order).
    fn seats(&self, names: &[String]) -> Result<Vec<Seat>, CliError> {
        if !self.seats.is_empty() {
            if self.white.is_some() || self.black.is_some() {
                return Err(CliError::Usage("give --seats, or --white and --black, not both".into()));
            }
            if self.seats.len() != names.len() {
                return Err(CliError::Usage(format!(
                    "--seats needs {} seats, one per player in turn order ({})",
                    names.len(),
                    names.join(", ")
                )));
            }
            return Ok(self.seats.clone());
        }
        let mut seats = vec![Seat::Human; names.len()];
        for (flag, seat) in [("White", self.white), ("Black", self.black)] {
            let Some(seat) = seat else { continue };
            match names.iter().position(|n| n.eq_ignore_ascii_case(flag)) {
                Some(i) => seats[i] = seat,
                None => {
                    return Err(CliError::Usage(format!(
                        "this game has no {flag} player ({}); give --seats in turn order",
                        names.join(", ")
                    )))
                }
            }
        }
        Ok(seats)
    }
}

/// Moves a person may type, by family: the first line of the help.
const CAMELOT_MOVES: &str = "E6-E8, H4xJ4xL6, a charge I10-G8xG6xE6";
const CHECKERS_MOVES: &str = "11-15, a capture 22x15 or 22x15x6";

const COMMANDS: &str = "  moves        list the legal moves
  hint         the engine's choice for the side to move
  undo         take back the last move
  save FILE    write the game as a record (camelot replay FILE reads it)
  help         this text
  quit         leave (unsaved moves are lost)";

fn help(examples: &str) -> String {
    format!("Type a move ({examples}), or:\n{COMMANDS}")
}

/// Runs `camelot play`.
pub fn play(opts: &Options) -> CliResult {
    let variant = variant::load(&opts.variant)?;
    let examples = match &variant {
        variant::Variant::Checkers(_) => CHECKERS_MOVES,
        _ => CAMELOT_MOVES,
    };
    let options = opts.engine.options()?;
    with_game!(variant, g => {
        let start = match &opts.position {
            Some(p) => parse_position(&g, p)?,
            None => g.start(),
        };
        let names: Vec<String> = g.players().iter().map(|p| p.name.clone()).collect();
        let seats = opts.seats(&names)?;
        let tags = variant::source_tags(&opts.variant);
        let engine = Engine::new(g.clone(), g.evaluation(), options);
        let mut computer = Computer { engine, limits: opts.limits(), seats };
        run(&g, examples, &tags, History::new(start), &mut computer, std::io::stdin().lock(), &mut std::io::stdout())
    })
}

/// The engine's part in a game: which seats it plays, and how long it thinks.
struct Computer<G: Played> {
    engine: Engine<G, G::Eval>,
    limits: Limits,
    seats: Vec<Seat>,
}

impl<G: Played> Computer<G> {
    /// The engine's choice in the current position.
    fn think(&mut self, history: &History) -> SearchResult {
        self.engine.search(history.positions(), &self.limits, &Stop::new(), |_| {})
    }
}

fn run<G: Played>(
    game: &G,
    examples: &str,
    tags: &[(String, String)],
    mut history: History,
    computer: &mut Computer<G>,
    input: impl BufRead,
    out: &mut impl Write,
) -> CliResult {
    let io = CliError::Output;
    let help = help(examples);
    writeln!(out, "{help}\n").map_err(io)?;
    let mut lines = input.lines();
    let mut redraw = true;
    loop {
        if redraw {
            write!(out, "{}", diagram(game, history.current())).map_err(io)?;
            writeln!(out, "{}", status(game, &history)).map_err(io)?;
        }
        redraw = false;
        // The engine's turn: it moves, and the board is drawn again.
        let pos = *history.current();
        if history.outcome(game).is_none() && computer.seats[pos.to_move().index()] == Seat::Engine {
            let player = &game.players()[pos.to_move().index()].name;
            let r = computer.think(&history);
            let Some(key) = r.best else {
                return Err(CliError::Usage("the engine found no move in an unfinished game".into()));
            };
            let text = format_line(game, &pos, &[key]).join("");
            writeln!(out, "{player} (engine) plays {text}   [score {}, depth {}]", score_text(r.score), r.depth)
                .map_err(io)?;
            history.play_text(game, &text).map_err(|e| CliError::Usage(format!("the engine's move: {e}")))?;
            redraw = true;
            continue;
        }
        write!(out, "> ").map_err(io)?;
        out.flush().map_err(io)?;
        let Some(line) = lines.next() else {
            writeln!(out).map_err(io)?;
            return Ok(());
        };
        let line = line.map_err(CliError::Input)?;
        let line = line.trim();
        let (word, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        match word {
            "" => {}
            "quit" | "exit" => return Ok(()),
            "help" | "?" => writeln!(out, "{help}").map_err(io)?,
            "moves" => writeln!(out, "{}", legal_move_texts(game, history.current()).join(" ")).map_err(io)?,
            "hint" => {
                if history.outcome(game).is_some() {
                    writeln!(out, "the game is over").map_err(io)?;
                } else {
                    let r = computer.think(&history);
                    let line = format_line(game, history.current(), &r.pv);
                    writeln!(
                        out,
                        "hint: {}   [score {}, depth {}; line {}]",
                        line.first().map_or("none", String::as_str),
                        score_text(r.score),
                        r.depth,
                        line.join(" ")
                    )
                    .map_err(io)?;
                }
            }
            "undo" => {
                // Takes back to the last move a person made, so that it is a person's turn again.
                let undone = history.undo();
                while undone && computer.seats[history.current().to_move().index()] == Seat::Engine && history.undo() {}
                if undone {
                    redraw = true;
                } else {
                    writeln!(out, "nothing to undo").map_err(io)?;
                }
            }
            "save" => match save(game, tags, &history, rest.trim()) {
                Ok(()) => writeln!(out, "saved to {}", rest.trim()).map_err(io)?,
                Err(e) => writeln!(out, "not saved: {e}").map_err(io)?,
            },
            _ => {
                let plies = match parse_movetext(line) {
                    Ok(p) if p.len() == 1 => p,
                    Ok(_) => {
                        writeln!(out, "one move at a time, please (type help for the commands)").map_err(io)?;
                        continue;
                    }
                    Err(e) => {
                        writeln!(out, "{e}").map_err(io)?;
                        continue;
                    }
                };
                match history.play_text(game, &plies[0].text) {
                    Ok(read) => {
                        if let Some(full) = read.completed {
                            writeln!(out, "read as {full}").map_err(io)?;
                        }
                        redraw = true;
                    }
                    Err(e) => writeln!(out, "{e}").map_err(io)?,
                }
            }
        }
    }
}

/// Writes the record to `file` through a temporary file, so that a failed
/// write never leaves a half-written record in place of an earlier one.
fn save<G: Game>(game: &G, tags: &[(String, String)], history: &History, file: &str) -> CliResult {
    if file.is_empty() {
        return Err(CliError::Usage("give a file name: save FILE".into()));
    }
    let text = history.to_record(game, tags);
    let path = Path::new(file);
    let tmp = path.with_extension("tmp-save");
    let write_error = |error| CliError::Write { path: tmp.display().to_string(), error };
    std::fs::write(&tmp, text).map_err(write_error)?;
    std::fs::rename(&tmp, path).map_err(|error| CliError::Write { path: file.to_string(), error })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plays_undoes_and_explains_illegal_moves() {
        let g = leap_camelot::load("camelot").unwrap();
        let input = "E6-E8\nA1-A2\nundo\nF6-F8\nH11-F9\nquit\n";
        let mut out = Vec::new();
        let engine = Engine::new(g.clone(), g.evaluation(), leap_engine::Options::default());
        let mut computer = Computer { engine, limits: Limits::depth(2), seats: vec![Seat::Human; 2] };
        run(&g, CAMELOT_MOVES, &[], History::new(g.start()), &mut computer, input.as_bytes(), &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("`A1-A2` is not a move: at column 1, expected a cell of the board, not `A1`"), "{text}");
        assert!(text.contains("Black to move (move 1)"));
        assert!(text.contains("White to move (move 2)"), "{text}");
    }
}
