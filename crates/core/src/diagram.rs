//! Board diagrams for people: ranks from the top, files labelled, special
//! zones (castles) in brackets, the first player's pieces in upper case and
//! the second's in lower case.

use crate::board::Coord;
use crate::game::Game;
use crate::position::Position;

/// Draws `pos` as text.
pub fn diagram<G: Game + ?Sized>(game: &G, pos: &Position) -> String {
    let board = game.board();
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
                Some(p) => {
                    let c = game.kind_info(p.kind).symbol;
                    if p.player.0 == 0 {
                        c.to_ascii_uppercase()
                    } else {
                        c.to_ascii_lowercase()
                    }
                }
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
