//! `camelot play`: a game at the terminal, each seat a person or the
//! engine, from the start, a position, moves, or a saved record (which it
//! continues); the session itself is in [`terminal`].

mod colour;
mod input;
mod keep;
mod seat;
mod terminal;
mod typed;

use crate::analyze::EngineArgs;
use crate::error::{CliError, CliResult, GameProblem};
use crate::record::{play_record, record_ending, Source};
use leap_core::notation::{parse_movetext, parse_position, parse_records, Record};
use leap_core::{Game, Geometry, History};
use leap_engine::{Engine, Level};
use leap_games::with_game;
use leap_games::{self as variant, Played};
pub use seat::{Seat, Seats, Strength};
use std::path::{Path, PathBuf};
use terminal::{Computer, Terminal};

/// The options of `camelot play`.
#[derive(clap::Args, Clone, Debug)]
#[command(after_help = in_game_help())]
pub struct Options {
    /// A built-in variant name, the path of a variant file, or a saved
    /// game (a record, `.pgn`): the game goes on from its last position,
    /// with its history.
    #[arg(value_parser = crate::commands::variant_arg)]
    pub variant: String,
    /// Start from this position string.
    #[arg(long)]
    pub position: Option<String>,
    /// Moves to play first, as in a game score: "1.E6-E8 H11-F9 2.H6-F8".
    #[arg(long)]
    pub moves: Option<String>,
    /// Who plays White (two-player games whose first player is White):
    /// human (the default), engine, or the engine at a strength of its own,
    /// as in `engine:depth=4` or `engine:movetime=500,level=3`.
    #[arg(long, value_name = "SEAT", value_parser = seat::parse_seat)]
    pub white: Option<Seat>,
    /// Who plays Black: human (the default), engine, or engine:OPTIONS.
    #[arg(long, value_name = "SEAT", value_parser = seat::parse_seat)]
    pub black: Option<Seat>,
    /// Who plays each seat, in turn order, separated by spaces or by commas
    /// outside a seat's options: `human,engine,engine:depth=3`.
    #[arg(long, value_name = "SEATS", value_parser = seat::parse_seats, conflicts_with_all = ["white", "black"])]
    pub seats: Option<Seats>,
    /// The engine's time per move, in milliseconds (default 1000; at most 86400000, a day).
    #[arg(long, value_name = "MS", value_parser = crate::commands::count::<u64, 1, { leap_engine::MAX_MOVETIME_MS }>)]
    pub movetime: Option<u64>,
    /// The engine's depth per move, in plies, 1 to 127 (instead of a time).
    #[arg(long, value_parser = crate::commands::count::<u32, 1, { leap_engine::MAX_DEPTH as u64 }>)]
    pub depth: Option<u32>,
    /// The engine's playing strength, 1 (a beginner) to 8 (full strength,
    /// the default): below 8 it searches a few plies for a fraction of a
    /// second and now and then plays one of its other good moves, more
    /// often and worse ones the lower the level (`hint` is always at full
    /// strength).
    #[arg(long, value_name = "1-8")]
    pub level: Option<Level>,
    #[command(flatten)]
    pub engine: EngineArgs,
    /// When to colour the board (auto: at a terminal that supports colour,
    /// unless the NO_COLOR variable is set).
    #[arg(long, value_enum, value_name = "WHEN", default_value_t = colour::When::Auto)]
    pub color: colour::When,
}

impl Options {
    /// The engine's strength for the whole game (its hints, and the seats
    /// that give none of their own).
    fn strength(&self) -> Strength {
        Strength { depth: self.depth, movetime: self.movetime, level: self.level }
    }

    /// Who plays each of `names` (the game's players in turn order).
    fn seats(&self, names: &[String]) -> Result<Vec<Seat>, CliError> {
        if let Some(Seats(seats)) = &self.seats {
            if seats.len() != names.len() {
                return Err(CliError::CommandLine(format!(
                    "--seats needs {} seats, one per player in turn order ({})",
                    names.len(),
                    names.join(", ")
                )));
            }
            return Ok(seats.clone());
        }
        let mut seats = vec![Seat::Human; names.len()];
        for (flag, seat) in [("White", self.white), ("Black", self.black)] {
            let Some(seat) = seat else { continue };
            match names.iter().position(|n| n.eq_ignore_ascii_case(flag)) {
                Some(i) => seats[i] = seat,
                None => {
                    return Err(CliError::CommandLine(format!(
                        "this game has no {flag} player ({}); give --seats in turn order",
                        names.join(", ")
                    )))
                }
            }
        }
        Ok(seats)
    }
}

/// What `camelot play --help` says of the game itself: what to type.
fn in_game_help() -> String {
    format!(
        "In the game, type a move ({CAMELOT_MOVES}; Tri-Camelot {HEX_MOVES}; checkers {CHECKERS_MOVES}), \
         or one of these commands:\n{}",
        terminal::COMMANDS
    )
}

/// Moves a person may type, by family: the first line of the help.
const CAMELOT_MOVES: &str = "E6-E8, H4xJ4xL6, a charge I10-G8xG6xE6";
const HEX_MOVES: &str = "F5-F9, H5xH9xF11, a charge F5-F9-H11xF13xD11";
const CHECKERS_MOVES: &str = "11-15, a capture 22x15 or 22x15x6";

/// The examples of moves for `game`'s help.
fn examples<G: Game>(game: &G) -> &'static str {
    match game.board().geometry() {
        Geometry::Diagonal => CHECKERS_MOVES,
        Geometry::Hex => HEX_MOVES,
        Geometry::Square => CAMELOT_MOVES,
    }
}

/// Whether `name`, given where a variant or a saved game goes, is a saved
/// game: not a built-in name, and a file that [is a record](is_record).
pub(crate) fn names_saved_game(name: &str) -> bool {
    let path = Path::new(name);
    leap_format::builtin(name).is_none() && path.is_file() && is_record(path)
}

/// Whether `path` names a saved game rather than a variant: a `.pgn` or
/// `.pdn` file, or a file that opens with a record's tag (`[Event "…"]`;
/// a variant file's tables have no quotes).
fn is_record(path: &Path) -> bool {
    leap_format::has_record_extension(path)
        || leap_format::read_record_text(path).is_ok_and(|text| {
            let text = text.trim_start_matches('\u{feff}').trim_start();
            text.starts_with('[') && text.lines().next().is_some_and(|l| l.contains('"'))
        })
}

/// Where a game starts: its variant, the tags its record keeps, and the
/// record it goes on from.
struct Start {
    variant: variant::Variant,
    tags: Vec<(String, String)>,
    /// The record the game goes on from, its file's name and its text.
    record: Option<(Record, String, String)>,
    /// The variant file, which `save` must never overwrite.
    variant_file: Option<PathBuf>,
}

/// The variant to play, from its name or file, or from a saved game.
fn start(opts: &Options) -> Result<Start, CliError> {
    let path = Path::new(&opts.variant);
    if names_saved_game(&opts.variant) {
        if opts.position.is_some() {
            return Err(CliError::Usage("a saved game starts where it stopped: --position cannot be given".into()));
        }
        let name = opts.variant.clone();
        let text = leap_format::read_record_text(path).map_err(|error| CliError::Read { path: name.clone(), error })?;
        let mut records = parse_records(&text).map_err(|error| CliError::Record { file: name.clone(), error })?;
        records.retain(|r| !r.is_empty());
        if records.len() != 1 {
            return Err(CliError::Usage(format!("{name}: expected one game to continue, found {}", records.len())));
        }
        let record = records.remove(0);
        let game = variant::for_record(&record, path).map_err(|e| CliError::RecordGame {
            file: name.clone(),
            game: 1,
            problem: GameProblem::variant(&record, e),
        })?;
        // (Its variant file as the tag names it from the record's folder:
        // the file `save` must not replace, named again from wherever the
        // game is saved or kept.)
        let variant_file = variant::record_variant_file(&record, path);
        // (The tags the record's writer sets itself are written again.)
        let tags = leap_arena::kept_tags(variant::record_tags(&record, path));
        return Ok(Start { variant: game, tags, record: Some((record, name, text)), variant_file });
    }
    if leap_format::builtin(&opts.variant).is_none() && leap_format::has_record_extension(path) && !path.exists() {
        return Err(CliError::Usage(format!("{}: no such saved game (the file does not exist)", opts.variant)));
    }
    let game = variant::load(&opts.variant)?;
    let variant_file = leap_format::builtin(&opts.variant).is_none().then(|| path.to_path_buf());
    Ok(Start { variant: game, tags: variant::source_tags(&opts.variant), record: None, variant_file })
}

/// The game so far: a record's moves from its start, or `--position` then
/// `--moves`; with how a record's game ended off the board, if it did
/// (then no `--moves` may follow: the game is over).
fn history<G: Game>(
    game: &G,
    opts: &Options,
    record: Option<&(Record, String, String)>,
) -> Result<(History, Option<leap_arena::Termination>), CliError> {
    if let Some((record, file, _)) = record {
        let source = Source { file, number: 1 };
        let (mut history, _) = play_record(game, record, source)?;
        let ended = record_ending(game, &history, record, source)?;
        if let Some(moves) = &opts.moves {
            if let Some(how) = &ended {
                return Err(CliError::Usage(format!(
                    "--moves: the game of {file} is over ({}), so no move can follow; play it without --moves \
                     and `undo` takes back how it ended",
                    how.describe(game, history.current())
                )));
            }
            play_moves(game, &mut history, moves)?;
        }
        return Ok((history, ended));
    }
    let start = match &opts.position {
        Some(p) => parse_position(game, p)?,
        None => game.start(),
    };
    let mut history = History::new(start);
    if let Some(moves) = &opts.moves {
        play_moves(game, &mut history, moves)?;
    }
    Ok((history, None))
}

fn play_moves<G: Game>(game: &G, history: &mut History, moves: &str) -> CliResult {
    let plies = parse_movetext(moves).map_err(CliError::MovesText)?;
    history.play_all(game, &plies).map_err(CliError::MovesPlay)?;
    Ok(())
}

/// Runs `camelot play`.
pub fn play(opts: &Options) -> CliResult {
    let start = start(opts)?;
    let options = opts.engine.options();
    let Start { variant, tags, record, variant_file } = start;
    with_game!(variant, g => {
        let (history, ended) = history(&g, opts, record.as_ref())?;
        let names: Vec<String> = g.players().iter().map(|p| p.name.clone()).collect();
        let seats = opts.seats(&names)?;
        let mut engine = Engine::new(g.clone(), g.evaluation(), options);
        engine.set_seed(leap_engine::clock_seed());
        let solution = engine.use_installed_solution();
        let computer = Computer::new(engine, opts.strength(), seats);
        let protected: Vec<PathBuf> = variant_file.into_iter().flat_map(crate::save::rules_files).collect();
        let mut terminal = Terminal::new(&g, examples(&g), tags, history, computer, protected);
        if let Some(how) = ended {
            terminal.ended_by(how);
        }
        if let Some((record, _, text)) = record {
            terminal.continues(Path::new(&opts.variant), text, record.unkept.as_ref().map(ToString::to_string));
            terminal.recorded(record.moves, record.intro);
            terminal.note(&format!("continuing the game of {}", opts.variant));
        }
        match solution {
            Ok(Some(path)) => terminal.note(&format!("the engine plays perfectly from the solved table {}", path.display())),
            Ok(None) => {}
            Err(why) => terminal.note(&why),
        }
        // At a terminal, lines can be edited and typed again (arrows).
        let stdin = std::io::stdin();
        let mut lines: Box<dyn input::Lines> = match std::io::IsTerminal::is_terminal(&stdin)
            .then(input::Edited::new)
            .flatten()
        {
            Some(editor) => Box::new(editor),
            None => Box::new(input::Piped(stdin.lock())),
        };
        let (mut stdout, coloured) = colour::stdout(opts.color);
        if coloured {
            terminal.colour(colour::Colours::of(&g));
        }
        terminal.run(lines.as_mut(), &mut stdout)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first example of each family's help is a move a player can
    /// type at the start of its built-in game.
    #[test]
    fn the_first_example_move_is_legal_at_the_start() {
        for name in ["camelot", "tri-camelot", "checkers"] {
            let variant = variant::load(name).unwrap_or_else(|e| panic!("{name}: {e}"));
            with_game!(&variant, g => {
                let first = examples(g).split(", ").next().expect("an example");
                let read = leap_core::notation::read_move(g, &g.start(), first);
                assert!(read.is_ok(), "{name}: {first}: {:?}", read.err());
            });
        }
    }
}
