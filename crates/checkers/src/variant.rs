//! Checkers-family variant files: the TOML schema, and its validation into
//! a [`Checkers`] game with every problem reported at once, by line and
//! column. The shape follows the Camelot family's files (board, players,
//! pieces, setup, rules, end); see `variants/checkers.toml`.

use crate::rules::{Checkers, EndLimits, KindRules, Movement};
use leap_core::{
    variant_source, Bitset, Board, Coord, Diagnostics, FileErrors, Geometry, KindInfo, LoadError, NoMoves, Piece,
    Player, PlayerInfo, Position,
};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::ops::Range;
use toml::Spanned;

/// The built-in variants: name and file text.
pub const BUILTIN: &[(&str, &str)] = &[("checkers", include_str!("../../../variants/checkers.toml"))];

/// The value of the `family` key that marks a checkers-family file.
pub const FAMILY: &str = "checkers";

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct VariantFile {
    name: Spanned<String>,
    #[serde(default)]
    title: Option<String>,
    family: Spanned<String>,
    board: BoardSpec,
    players: Spanned<Vec<PlayerSpec>>,
    pieces: Spanned<Vec<PieceSpec>>,
    setup: Spanned<BTreeMap<Spanned<String>, Spanned<String>>>,
    #[serde(default)]
    notation: NotationSpec,
    #[serde(default)]
    rules: RulesSpec,
    #[serde(default)]
    end: EndSpec,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BoardSpec {
    geometry: Spanned<String>,
    files: Spanned<u8>,
    ranks: Spanned<u8>,
    layout: Spanned<String>,
    #[serde(default)]
    names: Option<Spanned<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PlayerSpec {
    name: Spanned<String>,
    letter: Spanned<String>,
    forward: Spanned<String>,
    promotion: Spanned<Vec<Spanned<String>>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PieceSpec {
    name: Spanned<String>,
    prefix: Spanned<String>,
    symbols: Spanned<Vec<Spanned<String>>>,
    moves: Spanned<String>,
    #[serde(default)]
    promotes_to: Option<Spanned<String>>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct NotationSpec {
    #[serde(default)]
    player_order: Option<Spanned<Vec<Spanned<String>>>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RulesSpec {
    #[serde(default = "yes")]
    compulsory_capture: bool,
}

impl Default for RulesSpec {
    fn default() -> Self {
        RulesSpec { compulsory_capture: true }
    }
}

fn yes() -> bool {
    true
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct EndSpec {
    #[serde(default = "loss")]
    no_moves: Spanned<String>,
    #[serde(default = "hundred")]
    move_limit: u16,
    #[serde(default = "hundred")]
    advance_limit: u16,
}

impl Default for EndSpec {
    fn default() -> Self {
        EndSpec { no_moves: loss(), move_limit: 100, advance_limit: 100 }
    }
}

fn loss() -> Spanned<String> {
    Spanned::new(0..0, "loss".into())
}
fn hundred() -> u16 {
    100
}

/// Loads a variant: a built-in name (`checkers`) or a path to a `.toml` file.
pub fn load(name_or_path: &str) -> Result<Checkers, LoadError> {
    let (file, text) = variant_source(name_or_path, BUILTIN)?;
    parse_variant(&file, &text).map_err(LoadError::Invalid)
}

/// Parses and validates the text of a variant file; `file` names it in diagnostics.
pub fn parse_variant(file: &str, text: &str) -> Result<Checkers, FileErrors> {
    let mut diag = Diagnostics::new(file, text);
    let spec: VariantFile = match toml::from_str(text) {
        Ok(s) => s,
        Err(e) => {
            let at = e.span().map_or(0, |s| s.start);
            diag.error(at, e.message().trim().to_string());
            diag.finish()?;
            unreachable!("an error was recorded")
        }
    };
    let built = build(&spec, &mut diag);
    diag.finish()?;
    Ok(built.expect("no diagnostics means the variant was built"))
}

fn at(r: Range<usize>) -> usize {
    r.start
}

fn build(spec: &VariantFile, diag: &mut Diagnostics) -> Option<Checkers> {
    if spec.family.get_ref() != FAMILY {
        diag.error(
            at(spec.family.span()),
            format!(
                "family = `{}`; this loader reads checkers-family files (family = \"{FAMILY}\")",
                spec.family.get_ref()
            ),
        );
    }
    let name = spec.name.get_ref().clone();
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
        diag.error(at(spec.name.span()), format!("`{name}` is not a variant name; use letters, digits, `-` and `_`"));
    }
    let geometry = match spec.board.geometry.get_ref().as_str() {
        "square" => Some(Geometry::Square),
        "diagonal" => Some(Geometry::Diagonal),
        "hex" => Some(Geometry::Hex),
        other => {
            diag.error(
                at(spec.board.geometry.span()),
                format!("unknown geometry `{other}`; expected diagonal, square or hex"),
            );
            None
        }
    };
    let board = board(spec, geometry.unwrap_or(Geometry::Diagonal), diag);
    let player_infos = players(spec, diag);
    let (kinds, kind_rules) = pieces(spec, diag);
    let notation_order = notation_order(spec, diag);
    let end = end_limits(spec, diag);
    let board = board?;
    let mut forward = [0; 2];
    let mut promotion = [Bitset::EMPTY; 2];
    for (i, p) in spec.players.get_ref().iter().enumerate().take(2) {
        let sign = match p.forward.get_ref().as_str() {
            "up" => 1,
            "down" => -1,
            other => {
                diag.error(
                    at(p.forward.span()),
                    format!("forward = `{other}`; expected \"up\" (towards the top rank) or \"down\""),
                );
                0
            }
        };
        for (d, &(_, dr)) in board.geometry().directions().iter().enumerate() {
            if dr.signum() == sign {
                forward[i] |= 1 << d;
            }
        }
        for c in p.promotion.get_ref() {
            match board.cell(c.get_ref()) {
                Some(cell) => promotion[i].insert(cell),
                None => diag.error(at(c.span()), format!("promotion cell `{}` is not on the board", c.get_ref())),
            }
        }
        if p.promotion.get_ref().is_empty() {
            diag.error(at(p.promotion.span()), "a promotion row needs at least one cell");
        }
    }
    let mut game = Checkers::new(
        name,
        spec.title.clone(),
        board,
        player_infos,
        kinds,
        kind_rules,
        forward,
        promotion,
        spec.rules.compulsory_capture,
        end,
        notation_order,
    );
    let start = setup(spec, &game, diag);
    if diag.has_errors() {
        return None;
    }
    game.set_start(start);
    if let Some(o) = leap_core::Game::outcome(&game, &leap_core::Game::start(&game)) {
        diag.error(at(spec.setup.span()), format!("the start position is already over ({:?}, {})", o.result, o.reason));
        return None;
    }
    Some(game)
}

/// The board: its cells from the layout, and their names.
fn board(spec: &VariantFile, geometry: Geometry, diag: &mut Diagnostics) -> Option<Board> {
    let b = &spec.board;
    let mut board = match Board::from_layout(geometry, *b.files.get_ref(), *b.ranks.get_ref(), b.layout.get_ref()) {
        Ok(board) => board,
        Err(e) => {
            diag.error(at(b.layout.span()), e.to_string());
            return None;
        }
    };
    // The cells in layout order: top rank first, file by file.
    let mut coords: Vec<Coord> = board.cells().iter().map(|c| board.coord(c)).collect();
    coords.sort_by_key(|c| (std::cmp::Reverse(c.rank), c.file));
    let Some(names) = &spec.board.names else {
        return Some(board);
    };
    let words: Vec<&str> = names.get_ref().split_whitespace().collect();
    if words.len() != coords.len() {
        diag.error(
            at(names.span()),
            format!(
                "`names` lists {} names for the layout's {} cells; give one name per cell, in the layout's order",
                words.len(),
                coords.len()
            ),
        );
        return None;
    }
    let mut by_cell = vec![String::new(); coords.len()];
    for (word, coord) in words.iter().zip(&coords) {
        let letters = word.chars().take_while(|c| c.is_ascii_alphabetic()).count();
        if letters == word.len() || !word[letters..].chars().all(|c| c.is_ascii_digit()) {
            diag.error(
                at(names.span()),
                format!("`{word}` is not a cell name; expected digits, optionally after letters (22, E6)"),
            );
            return None;
        }
        let cell = board.at(*coord).expect("the board holds every cell of the layout");
        by_cell[cell.index()] = word.to_string();
    }
    if let Err(e) = board.set_names(by_cell) {
        diag.error(at(names.span()), e.to_string());
        return None;
    }
    Some(board)
}

fn one_letter(text: &str) -> Option<char> {
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if c.is_ascii_alphabetic() => Some(c),
        _ => None,
    }
}

fn players(spec: &VariantFile, diag: &mut Diagnostics) -> Vec<PlayerInfo> {
    let players = spec.players.get_ref();
    if players.len() != 2 {
        diag.error(
            at(spec.players.span()),
            format!("a checkers-family variant has 2 players, this file lists {}", players.len()),
        );
    }
    let mut infos: Vec<PlayerInfo> = Vec::new();
    for p in players {
        match one_letter(p.letter.get_ref()) {
            Some(c) => {
                if infos.iter().any(|i| i.letter.eq_ignore_ascii_case(&c)) {
                    diag.error(at(p.letter.span()), format!("player letter `{c}` is used twice"));
                }
                if infos.iter().any(|i| i.name == *p.name.get_ref()) {
                    diag.error(at(p.name.span()), format!("player name `{}` is used twice", p.name.get_ref()));
                }
                infos.push(PlayerInfo { name: p.name.get_ref().clone(), letter: c.to_ascii_uppercase() });
            }
            None => diag.error(
                at(p.letter.span()),
                format!("`{}` is not a player letter; expected one letter such as W", p.letter.get_ref()),
            ),
        }
    }
    infos
}

fn pieces(spec: &VariantFile, diag: &mut Diagnostics) -> (Vec<KindInfo>, Vec<KindRules>) {
    let pieces = spec.pieces.get_ref();
    if pieces.is_empty() || pieces.len() > leap_core::MAX_KINDS {
        diag.error(
            at(spec.pieces.span()),
            format!("expected 1 to {} piece kinds, found {}", leap_core::MAX_KINDS, pieces.len()),
        );
    }
    let mut kinds = Vec::new();
    let mut rules = Vec::new();
    let mut seen_symbols: Vec<char> = Vec::new();
    for (i, p) in pieces.iter().enumerate().take(leap_core::MAX_KINDS) {
        let prefix = p.prefix.get_ref();
        if !prefix.chars().all(|c| c.is_ascii_uppercase()) {
            diag.error(
                at(p.prefix.span()),
                format!("prefix `{prefix}` must be upper-case letters (or empty for the plain piece)"),
            );
        }
        if pieces[..i].iter().any(|q| q.prefix.get_ref() == prefix) {
            diag.error(at(p.prefix.span()), format!("prefix `{prefix}` is used by two kinds of piece"));
        }
        if pieces[..i].iter().any(|q| q.name.get_ref() == p.name.get_ref()) {
            diag.error(at(p.name.span()), format!("two kinds of piece are named `{}`", p.name.get_ref()));
        }
        let mut symbols = ['?'; 2];
        if p.symbols.get_ref().len() != 2 {
            diag.error(
                at(p.symbols.span()),
                format!("expected 2 diagram letters, one per player, found {}", p.symbols.get_ref().len()),
            );
        }
        for (j, s) in p.symbols.get_ref().iter().enumerate().take(2) {
            match one_letter(s.get_ref()) {
                Some(c) if seen_symbols.contains(&c) => {
                    diag.error(at(s.span()), format!("diagram letter `{c}` is used twice"));
                }
                Some(c) => {
                    seen_symbols.push(c);
                    symbols[j] = c;
                }
                None => {
                    diag.error(at(s.span()), format!("`{}` is not a diagram letter; expected one letter", s.get_ref()))
                }
            }
        }
        let movement = match p.moves.get_ref().as_str() {
            "forward" => Movement::Forward,
            "any" => Movement::Any,
            other => {
                diag.error(at(p.moves.span()), format!("moves = `{other}`; expected \"forward\" or \"any\""));
                Movement::Any
            }
        };
        let promotes_to = p.promotes_to.as_ref().and_then(|target| {
            let found = pieces.iter().position(|q| q.name.get_ref() == target.get_ref());
            match found {
                Some(k) if k != i => Some(leap_core::Kind(k as u8)),
                Some(_) => {
                    diag.error(at(target.span()), "a kind of piece cannot promote to itself");
                    None
                }
                None => {
                    let names: Vec<&str> = pieces.iter().map(|q| q.name.get_ref().as_str()).collect();
                    diag.error(
                        at(target.span()),
                        format!(
                            "promotes_to = `{}`, which is not a kind of piece; expected one of {}",
                            target.get_ref(),
                            names.join(", ")
                        ),
                    );
                    None
                }
            }
        });
        kinds.push(KindInfo {
            name: p.name.get_ref().clone(),
            prefix: prefix.clone(),
            symbol: symbols[0].to_ascii_uppercase(),
        });
        rules.push(KindRules { movement, promotes_to, symbols });
    }
    (kinds, rules)
}

fn notation_order(spec: &VariantFile, diag: &mut Diagnostics) -> Vec<Player> {
    let players = spec.players.get_ref();
    let turn_order: Vec<Player> = (0..players.len().min(2)).map(|i| Player(i as u8)).collect();
    let Some(order) = &spec.notation.player_order else {
        return turn_order;
    };
    let mut out = Vec::new();
    for name in order.get_ref() {
        match players.iter().position(|p| p.name.get_ref() == name.get_ref()) {
            Some(i) if out.contains(&Player(i as u8)) => {
                diag.error(at(name.span()), format!("`{}` is listed twice", name.get_ref()))
            }
            Some(i) => out.push(Player(i as u8)),
            None => diag.error(at(name.span()), format!("`{}` is not a player", name.get_ref())),
        }
    }
    if out.len() != players.len() {
        diag.error(at(order.span()), "player_order must list every player once");
        return turn_order;
    }
    out
}

fn end_limits(spec: &VariantFile, diag: &mut Diagnostics) -> EndLimits {
    let e = &spec.end;
    let no_moves = match e.no_moves.get_ref().as_str() {
        "loss" => NoMoves::Loss,
        "draw" => NoMoves::Draw,
        other => {
            diag.error(at(e.no_moves.span()), format!("no_moves = `{other}`; expected \"loss\" or \"draw\""));
            NoMoves::Loss
        }
    };
    let limit = |n: u16| (n > 0).then_some(n);
    EndLimits { no_moves, move_limit: limit(e.move_limit), advance_limit: limit(e.advance_limit) }
}

fn setup(spec: &VariantFile, game: &Checkers, diag: &mut Diagnostics) -> Position {
    use leap_core::{Game, LeapRules};
    let mut pos = Position::empty(Player(0));
    if game.players().len() != 2 {
        return pos; // Reported already.
    }
    let table = spec.setup.get_ref();
    let names: Vec<String> = game.players().iter().map(|p| p.name.clone()).collect();
    for key in table.keys() {
        if !names.contains(key.get_ref()) {
            diag.error(
                at(key.span()),
                format!("[setup] names `{}`, which is not a player; expected {}", key.get_ref(), names.join(", ")),
            );
        }
    }
    for (i, name) in names.iter().enumerate() {
        let Some(value) = table.iter().find(|(k, _)| k.get_ref() == name).map(|(_, v)| v) else {
            diag.error(at(spec.setup.span()), format!("[setup] has no line for {name}"));
            continue;
        };
        // The value's span includes its opening quote.
        let mut offset = value.span().start + 1;
        for raw in value.get_ref().split(',') {
            let item = raw.trim();
            let here = offset + (raw.len() - raw.trim_start().len());
            offset += raw.len() + 1;
            if item.is_empty() {
                continue;
            }
            match leap_core::parse_piece(game, item) {
                Some((kind, cell)) => {
                    if pos.piece_at(cell).is_some() {
                        diag.error(here, format!("[setup] puts two pieces on {}", game.board().name(cell)));
                    }
                    pos.put(cell, Piece { player: Player(i as u8), kind });
                }
                None => diag.error(
                    here,
                    format!("[setup] {name}: `{item}` is not a piece on the board (a cell with a kind prefix)"),
                ),
            }
        }
    }
    pos
}

#[cfg(test)]
mod tests {
    use super::*;
    use leap_core::LeapRules;

    const TEXT: &str = include_str!("../../../variants/checkers.toml");

    /// The diagnostics of the built-in file with `from` replaced by `to`.
    fn problems(from: &str, to: &str) -> Vec<String> {
        assert!(TEXT.contains(from), "{from}");
        let e = parse_variant("v.toml", &TEXT.replacen(from, to, 1)).expect_err("a broken file");
        e.diagnostics.iter().map(|d| format!("{}:{}: {}", d.line, d.column, d.message)).collect()
    }

    #[test]
    fn the_builtin_file_loads() {
        let g = load("checkers").unwrap();
        assert_eq!(leap_core::Game::name(&g), "checkers");
        assert_eq!(g.board().name(g.board().listed(g.board().cells())[0]), "1");
        assert!(matches!(load("draughts"), Err(LoadError::Unknown { .. })));
        assert!(matches!(load("no/such/file.toml"), Err(LoadError::Io(..))));
    }

    #[test]
    fn every_problem_is_reported_with_its_place() {
        assert_eq!(
            problems("forward = \"down\"", "forward = \"south\""),
            ["41:11: forward = `south`; expected \"up\" (towards the top rank) or \"down\""]
        );
        assert_eq!(problems("   9  10  11  12", "   9  10  11  11"), ["27:9: cell names: `11` is used twice"]);
        assert_eq!(
            problems("symbols = [\"B\", \"W\"]", "symbols = [\"B\", \"w\"]"),
            ["60:17: diagram letter `w` is used twice"]
        );
        assert_eq!(
            problems("player_order = [\"White\", \"Black\"]", "player_order = [\"White\"]"),
            ["68:16: player_order must list every player once"]
        );
        assert_eq!(
            problems("family = \"checkers\"", "family = \"camelot\""),
            ["7:10: family = `camelot`; this loader reads checkers-family files (family = \"checkers\")"]
        );
        let misspelt = problems("advance_limit", "advance_limt");
        assert_eq!(misspelt.len(), 1);
        assert!(misspelt[0].starts_with("76:1: unknown field `advance_limt`"), "{misspelt:?}");
        assert_eq!(
            problems("White = \"21,", "White = \"33,"),
            ["65:10: [setup] White: `33` is not a piece on the board (a cell with a kind prefix)"]
        );
    }

    #[test]
    fn a_wrong_number_of_players_is_an_error_not_a_panic() {
        let many = TEXT.replace(
            "[[pieces]]\nname = \"Man\"",
            &format!(
                "{}[[pieces]]\nname = \"Man\"",
                "[[players]]\nname = \"P\"\nletter = \"P\"\nforward = \"up\"\npromotion = [\"1\"]\n\n".repeat(3)
            ),
        );
        let e = parse_variant("v.toml", &many).unwrap_err();
        assert!(e.diagnostics.iter().any(|d| d.message.contains("has 2 players, this file lists 5")), "{e}");
    }
}
