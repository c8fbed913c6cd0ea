//! Board diagrams for people: ranks from the top, files labelled, special
//! zones (castles) in brackets, each piece as its game's letter for it (by
//! default upper case for the first player, lower case for the second). On a
//! board whose cells are numbered (checkers' 1-32) the empty cells show their
//! numbers instead of a file and rank frame.

use crate::board::Coord;
use crate::game::Game;
use crate::position::Position;

/// Draws `pos` as text.
pub fn diagram<G: Game + ?Sized>(game: &G, pos: &Position) -> String {
    let board = game.board();
    if board.is_numbered() {
        return numbered(game, pos);
    }
    if board.geometry() == crate::board::Geometry::Hex {
        return hex(game, pos);
    }
    let files = board.files();
    let mut header = String::from("    ");
    for f in 0..files {
        header.push_str(&format!(" {} ", (b'A' + f) as char));
    }
    let mut out = String::new();
    out.push_str(header.trim_end());
    out.push('\n');
    for r in (0..board.ranks()).rev() {
        let mut line = format!("{:>3} ", r + 1);
        for f in 0..files {
            let Some(cell) = board.at(Coord { file: f, rank: r }) else {
                line.push_str("   ");
                continue;
            };
            let symbol = match pos.piece_at(cell) {
                None if game.zone_owner(cell).is_some() => ' ',
                None => '.',
                Some(p) => game.piece_symbol(p),
            };
            if game.zone_owner(cell).is_some() {
                line.push_str(&format!("[{symbol}]"));
            } else {
                line.push_str(&format!(" {symbol} "));
            }
        }
        out.push_str(line.trim_end());
        out.push_str(&format!("{:>w$}", r + 1, w = 3 * files as usize + 6 - line.trim_end().len()));
        out.push('\n');
    }
    out.push_str(header.trim_end());
    out.push('\n');
    out
}

/// A diagram of a board with numbered cells: each empty cell shows its number.
fn numbered<G: Game + ?Sized>(game: &G, pos: &Position) -> String {
    let board = game.board();
    let mut out = String::new();
    for r in (0..board.ranks()).rev() {
        let mut line = String::from(" ");
        for f in 0..board.files() {
            match board.at(Coord { file: f, rank: r }) {
                None => line.push_str("   "),
                Some(cell) => match pos.piece_at(cell) {
                    Some(p) => line.push_str(&format!(" {} ", game.piece_symbol(p))),
                    None => line.push_str(&format!("{:>2} ", board.name(cell))),
                },
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// A diagram of a hex board: each rank a row, each hexagon four characters
/// wide at its file's column, so that neighbouring ranks interlock. A piece
/// shows as its player's letter and its kind's symbol (`BK`: a Blue Knight),
/// an empty hexagon as `..`, a castle in brackets.
fn hex<G: Game + ?Sized>(game: &G, pos: &Position) -> String {
    let board = game.board();
    let files = board.files() as usize;
    let mut header = String::from("    ");
    for f in 0..files {
        header.push_str(&format!("  {} ", (b'A' + f as u8) as char));
    }
    let header = header.trim_end().to_string();
    let mut out = format!("{header}\n");
    for r in (0..board.ranks()).rev() {
        let mut line = format!("{:>3} ", r + 1);
        for f in 0..files {
            let Some(cell) = board.at(Coord { file: f as u8, rank: r }) else {
                line.push_str("    ");
                continue;
            };
            let token = match pos.piece_at(cell) {
                Some(p) => format!("{}{}", game.players()[p.player.index()].letter, game.kind_info(p.kind).letter()),
                None => "..".to_string(),
            };
            if game.zone_owner(cell).is_some() {
                line.push_str(&format!("[{token}]"));
            } else {
                line.push_str(&format!(" {token} "));
            }
        }
        let width = 4 + 4 * files;
        out.push_str(format!("{:<width$} {}", line, r + 1).trim_end());
        out.push('\n');
    }
    out.push_str(&header);
    out.push('\n');
    out
}
