//! `camelot play`: people taking turns at one terminal.

use crate::commands::status;
use crate::error::{CliError, CliResult};
use crate::variant;
use crate::with_game;
use leap_core::{
    notation::{diagram, legal_move_texts, parse_movetext, parse_position},
    Game, History,
};
use std::io::{BufRead, Write};
use std::path::Path;

/// Moves a person may type, by family: the first line of the help.
const CAMELOT_MOVES: &str = "E6-E8, H4xJ4xL6, a charge I10-G8xG6xE6";
const CHECKERS_MOVES: &str = "11-15, a capture 22x15 or 22x15x6";

const COMMANDS: &str = "  moves        list the legal moves
  undo         take back the last move
  save FILE    write the game as a record (camelot replay FILE reads it)
  help         this text
  quit         leave (unsaved moves are lost)";

fn help(examples: &str) -> String {
    format!("Type a move ({examples}), or:\n{COMMANDS}")
}

pub fn play(variant_name: &str, position: Option<&str>) -> CliResult {
    let variant = variant::load(variant_name)?;
    let examples = match &variant {
        variant::Variant::Checkers(_) => CHECKERS_MOVES,
        _ => CAMELOT_MOVES,
    };
    with_game!(variant, g => {
        let start = match position {
            Some(p) => parse_position(&g, p)?,
            None => g.start(),
        };
        let tags = variant::source_tags(variant_name);
        run(&g, examples, &tags, History::new(start), std::io::stdin().lock(), &mut std::io::stdout())
    })
}

fn run<G: Game>(
    game: &G,
    examples: &str,
    tags: &[(String, String)],
    mut history: History,
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
            "undo" => {
                if history.undo() {
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
        run(&g, CAMELOT_MOVES, &[], History::new(g.start()), input.as_bytes(), &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("`A1-A2` is not a move: at column 1, expected a cell of the board, not `A1`"), "{text}");
        assert!(text.contains("Black to move (move 1)"));
        assert!(text.contains("White to move (move 2)"), "{text}");
    }
}
