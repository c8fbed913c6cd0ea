//! The board as the page draws it: every cell with its name and its place,
//! the castles with their owners, the edge labels, the players' colours
//! and the kinds of piece, all read from the variant's definition (so a
//! variant file's board is drawn like a built-in one).

use leap_core::{Board, Game, Geometry, Move, Player, Position};
use serde::Serialize;

/// The board and its players, for drawing (see `docs/web-api.md`).
#[derive(Serialize)]
pub struct Layout {
    geometry: &'static str,
    width: u8,
    height: u8,
    cells: Vec<CellView>,
    backdrop: Vec<Spot>,
    files: Vec<FileLabel>,
    ranks: Vec<RankLabel>,
    players: Vec<PlayerView>,
    kinds: Vec<KindView>,
}

/// One cell: its name in move notation and its centre.
#[derive(Serialize)]
struct CellView {
    name: String,
    x: u8,
    y: u8,
    /// The player whose zone (castle) it is.
    zone: Option<usize>,
    /// The square's number (checkers), shown on the board.
    number: Option<String>,
}

/// A square of the backdrop that is no cell (checkers' light squares).
#[derive(Serialize)]
struct Spot {
    x: u8,
    y: u8,
}

#[derive(Serialize)]
struct FileLabel {
    label: String,
    x: u8,
}

#[derive(Serialize)]
struct RankLabel {
    label: String,
    y: u8,
}

#[derive(Serialize)]
struct PlayerView {
    name: String,
    letter: char,
    color: &'static str,
}

#[derive(Serialize)]
struct KindView {
    name: String,
    symbol: char,
}

/// A piece on the board, for drawing.
#[derive(Serialize, Clone, PartialEq, Eq, Debug)]
pub struct PieceView {
    cell: String,
    player: usize,
    kind: String,
}

/// The colour of a player's pieces: its name's colour when it names one,
/// else one of a palette by seat.
fn color(name: &str, seat: usize) -> &'static str {
    match name.to_ascii_lowercase().as_str() {
        "white" => "#f3efe2",
        "black" => "#2d2a28",
        "blue" => "#2f6fce",
        "red" => "#c8372d",
        "green" => "#2e9b4f",
        "yellow" => "#e0b524",
        _ => ["#f3efe2", "#2d2a28", "#2f6fce", "#c8372d"][seat % 4],
    }
}

impl Layout {
    /// The layout of `game`'s board.
    pub fn of<G: Game>(game: &G) -> Layout {
        let board = game.board();
        let (files, ranks) = (board.files(), board.ranks());
        let y_of = |rank: u8| ranks - 1 - rank;
        let numbered = board.is_numbered();
        let cells: Vec<CellView> = board
            .cells()
            .iter()
            .map(|cell| {
                let c = board.coord(cell);
                CellView {
                    name: board.name(cell).to_string(),
                    x: c.file,
                    y: y_of(c.rank),
                    zone: game.zone_owner(cell).map(Player::index),
                    number: numbered.then(|| board.name(cell).to_string()),
                }
            })
            .collect();
        // Checkers is drawn on its whole board, light squares included.
        let backdrop = if board.geometry() == Geometry::Diagonal {
            (0..ranks)
                .flat_map(|rank| (0..files).map(move |file| leap_core::Coord { file, rank }))
                .filter(|&c| board.at(c).is_none())
                .map(|c| Spot { x: c.file, y: y_of(c.rank) })
                .collect()
        } else {
            Vec::new()
        };
        // Numbered boards name their cells by number: no edge labels.
        let (file_labels, rank_labels) = if numbered {
            (Vec::new(), Vec::new())
        } else {
            (
                (0..files).map(|f| FileLabel { label: ((b'A' + f) as char).to_string(), x: f }).collect(),
                (0..ranks).map(|r| RankLabel { label: (r as u32 + 1).to_string(), y: y_of(r) }).collect(),
            )
        };
        Layout {
            geometry: match board.geometry() {
                Geometry::Square => "square",
                Geometry::Diagonal => "diagonal",
                Geometry::Hex => "hex",
            },
            width: files,
            height: ranks,
            cells,
            backdrop,
            files: file_labels,
            ranks: rank_labels,
            players: game
                .players()
                .iter()
                .enumerate()
                .map(|(i, p)| PlayerView { name: p.name.clone(), letter: p.letter, color: color(&p.name, i) })
                .collect(),
            kinds: game
                .kinds()
                .iter()
                .map(|k| KindView { name: k.name.clone(), symbol: k.symbols.first().copied().unwrap_or('?') })
                .collect(),
        }
    }
}

/// The pieces of `pos`, in the board's cell order.
pub fn pieces<G: Game>(game: &G, pos: &Position) -> Vec<PieceView> {
    let board = game.board();
    pos.occupied()
        .iter()
        .filter_map(|cell| {
            let piece = pos.piece_at(cell)?;
            Some(PieceView {
                cell: board.name(cell).to_string(),
                player: piece.player.index(),
                kind: game.kinds()[piece.kind.index()].name.clone(),
            })
        })
        .collect()
}

/// The cells a move passes through, its start first (empty for a pass).
pub fn path(board: &Board, mv: &Move) -> Vec<String> {
    if mv.is_pass() {
        return Vec::new();
    }
    std::iter::once(mv.from).chain(mv.legs.iter().map(|l| l.to)).map(|c| board.name(c).to_string()).collect()
}
