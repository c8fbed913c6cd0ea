//! Position strings in PDN style: the player to move, then one section per
//! player (its letter, then its pieces as comma-separated cells, each with
//! its kind's prefix; sections in the game's [`Game::notation_order`], pieces
//! kind by kind in [`crate::Board::listing_key`] order; either order is read),
//! then optional `key=value` fields:
//!
//! `W:WKC6,KD7,D6,E6:BKC11,D11 castle-moves=0,1`
//!
//! Fields: the game's counter (`castle-moves=` one value per player, in turn
//! order), `clock=N` (plies without progress, written when not zero) and
//! `clock2=N` (the second clock, for games with a second draw rule; written
//! when not zero).

use crate::board::{Board, Cell};
use crate::game::{Game, KindInfo};
use crate::position::{Kind, Piece, Player, Position, MAX_PLAYERS};
use std::fmt;

/// A position string that could not be read: where, and what was expected.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PositionError {
    /// The string.
    pub text: String,
    /// 1-based character column of the problem.
    pub column: usize,
    /// What is wrong, and what would be accepted.
    pub message: String,
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "bad position string at column {}: {}\n  {}\n  {}^",
            self.column,
            self.message,
            self.text,
            " ".repeat(self.column.saturating_sub(1))
        )
    }
}

impl std::error::Error for PositionError {}

/// Writes a position as a position string.
pub fn format_position<G: Game + ?Sized>(game: &G, pos: &Position) -> String {
    let players = game.players();
    let board = game.board();
    let mut s = String::new();
    s.push(players[pos.to_move().index()].letter);
    for player in game.notation_order() {
        s.push(':');
        s.push(players[player.index()].letter);
        let mine = pos.pieces_of(player);
        let mut first = true;
        for (k, kind) in game.kinds().iter().enumerate() {
            for c in board.listed(mine & pos.kind_cells(Kind(k as u8))) {
                if !first {
                    s.push(',');
                }
                first = false;
                s.push_str(&kind.prefix);
                s.push_str(board.name(c));
            }
        }
    }
    if let Some(name) = game.counter_name().filter(|_| game.counter_limit() > 0) {
        let values: Vec<String> = (0..players.len()).map(|i| pos.counter(Player(i as u8)).to_string()).collect();
        s.push_str(&format!(" {name}={}", values.join(",")));
    }
    if pos.clock() != 0 {
        s.push_str(&format!(" clock={}", pos.clock()));
    }
    if pos.aux_clock() != 0 {
        s.push_str(&format!(" clock2={}", pos.aux_clock()));
    }
    s
}

/// Reads a position string for `game`, reporting the first problem with its column.
pub fn parse_position<G: Game + ?Sized>(game: &G, text: &str) -> Result<Position, PositionError> {
    let err = |column: usize, message: String| PositionError { text: text.to_string(), column, message };
    let players = game.players();
    let letters: String = players.iter().map(|p| p.letter).collect();
    let player_of = |c: char| players.iter().position(|p| p.letter.eq_ignore_ascii_case(&c)).map(|i| Player(i as u8));
    let mut parts = Vec::new();
    let mut offset = 0;
    for word in text.split(' ') {
        if !word.is_empty() {
            parts.push((offset, word));
        }
        offset += word.chars().count() + 1;
    }
    let Some(&(board_at, board_part)) = parts.first() else {
        return Err(err(
            1,
            format!("empty; expected the player to move, one of {letters}, then `:` and a section per player"),
        ));
    };
    let mut sections = board_part.split(':');
    let side = sections.next().unwrap_or("");
    let mut side_chars = side.chars();
    let to_move = match (side_chars.next(), side_chars.next()) {
        (Some(c), None) => player_of(c)
            .ok_or_else(|| err(board_at + 1, format!("`{c}` is not a player; expected one of {letters}")))?,
        _ => return Err(err(board_at + 1, format!("expected the player to move, one of {letters}, then `:`"))),
    };
    let mut pos = Position::empty(to_move);
    let mut seen = [false; MAX_PLAYERS];
    let mut col = board_at + side.chars().count() + 1;
    for section in sections {
        let section_col = col + 1;
        col += section.chars().count() + 1;
        let mut chars = section.chars();
        let Some(letter) = chars.next() else {
            return Err(err(section_col, format!("empty section; expected a player letter, one of {letters}")));
        };
        let player = player_of(letter)
            .ok_or_else(|| err(section_col, format!("`{letter}` is not a player; expected one of {letters}")))?;
        if std::mem::replace(&mut seen[player.index()], true) {
            return Err(err(section_col, format!("{} has two sections", players[player.index()].name)));
        }
        let rest = chars.as_str();
        if rest.is_empty() {
            continue;
        }
        let mut piece_col = section_col + 1;
        for item in rest.split(',') {
            let (kind, cell) = parse_piece(game, item).ok_or_else(|| {
                let prefixes: Vec<String> = game
                    .kinds()
                    .iter()
                    .map(|k| {
                        if k.prefix.is_empty() {
                            format!("{} (no prefix)", k.name)
                        } else {
                            format!("{} `{}`", k.name, k.prefix)
                        }
                    })
                    .collect();
                err(
                    piece_col,
                    format!(
                        "`{item}` is not a piece; expected a cell of the board with a kind prefix: {}",
                        prefixes.join(", ")
                    ),
                )
            })?;
            if pos.piece_at(cell).is_some() {
                return Err(err(piece_col, format!("two pieces on {}", game.board().name(cell))));
            }
            pos.put(cell, Piece { player, kind });
            piece_col += item.chars().count() + 1;
        }
    }
    if let Some(missing) = (0..players.len()).find(|&i| !seen[i]) {
        return Err(err(
            board_at + board_part.chars().count() + 1,
            format!(
                "no section for {} (write `:{}` even when it has no pieces)",
                players[missing].name, players[missing].letter
            ),
        ));
    }
    for &(at, field) in &parts[1..] {
        let (key, value) = field
            .split_once('=')
            .ok_or_else(|| err(at + 1, format!("`{field}` is not a field; expected key=value")))?;
        let value_col = at + key.chars().count() + 2;
        if Some(key) == game.counter_name() {
            let values: Vec<&str> = value.split(',').collect();
            if values.len() != players.len() {
                return Err(err(
                    value_col,
                    format!("{key} needs {} values, one per player in turn order", players.len()),
                ));
            }
            let limit = game.counter_limit().min(15);
            for (i, v) in values.iter().enumerate() {
                let n: u8 = v
                    .parse()
                    .ok()
                    .filter(|&n| n <= limit)
                    .ok_or_else(|| err(value_col, format!("`{v}` is not a count from 0 to {limit}")))?;
                pos.set_counter(Player(i as u8), n);
            }
        } else if key == "clock" || key == "clock2" {
            let n: u16 = value.parse().map_err(|_| err(value_col, format!("`{value}` is not a number of plies")))?;
            if key == "clock" {
                pos.set_clock(n);
            } else {
                pos.set_aux_clock(n);
            }
        } else {
            let known: Vec<&str> = game.counter_name().into_iter().chain(["clock", "clock2"]).collect();
            return Err(err(at + 1, format!("unknown field `{key}`; known fields: {}", known.join(", "))));
        }
    }
    game.check_position(&pos).map_err(|message| err(board_at + 1, message))?;
    Ok(pos)
}

/// Reads one piece of a position string section: a kind prefix and a cell (`KC6`, `D6`).
pub fn parse_piece<G: Game + ?Sized>(game: &G, item: &str) -> Option<(Kind, Cell)> {
    parse_piece_on(game.board(), game.kinds(), item)
}

/// [`parse_piece`] on a board with these kinds of piece, before a game is built from them.
pub fn parse_piece_on(board: &Board, kinds: &[KindInfo], item: &str) -> Option<(Kind, Cell)> {
    let mut kinds: Vec<(usize, &str)> = kinds.iter().enumerate().map(|(i, k)| (i, k.prefix.as_str())).collect();
    kinds.sort_by_key(|(_, p)| std::cmp::Reverse(p.len()));
    kinds.into_iter().find_map(|(i, prefix)| {
        let rest = item.strip_prefix(prefix)?;
        board.cell(rest).map(|c| (Kind(i as u8), c))
    })
}
