//! Camelot-family variant files: the TOML schema, and its validation into a
//! [`Camelot`] game with every problem reported at once, by line and column.

use crate::rules::{Camelot, KindRules, OtherCastles, OwnCastleJump, Rules};
use crate::spec::{resolve, VariantFile};
use leap_core::{
    variant_source, Bitset, Board, Cell, Diagnostics, EndRules, FileErrors, Geometry, KindInfo, KindMask, LoadError,
    NoMoves, Piece, Player, PlayerInfo, Position,
};
use std::ops::Range;
use toml::Spanned;

/// The built-in variants: name and file text.
pub const BUILTIN: &[(&str, &str)] = &[
    ("camelot", include_str!("../../../variants/camelot.toml")),
    ("tri-camelot", include_str!("../../../variants/tri-camelot.toml")),
    ("cam", include_str!("../../../variants/cam.toml")),
    ("camette", include_str!("../../../variants/camette.toml")),
    ("chivalry", include_str!("../../../variants/chivalry.toml")),
    ("parker-1930", include_str!("../../../variants/parker-1930.toml")),
    ("regicide", include_str!("../../../variants/regicide.toml")),
    ("skirmish", include_str!("../../../variants/skirmish.toml")),
];

/// Loads a variant: a built-in name (`camelot`) or a path to a `.toml` file.
pub fn load(name_or_path: &str) -> Result<Camelot, LoadError> {
    let (file, text) = variant_source(name_or_path, BUILTIN)?;
    parse_variant(&file, &text).map_err(LoadError::Invalid)
}

/// Parses and validates the text of a variant file; `file` names it in diagnostics.
pub fn parse_variant(file: &str, text: &str) -> Result<Camelot, FileErrors> {
    let mut diag = Diagnostics::new(file, text);
    let builtin = |name: &str| BUILTIN.iter().find(|(n, _)| *n == name).map(|(_, t)| *t);
    let Some(spec) = resolve(file, text, &builtin, &mut diag) else {
        diag.finish()?;
        unreachable!("a file that cannot be resolved has diagnostics")
    };
    let built = build(&spec, &mut diag);
    diag.finish()?;
    Ok(built.expect("no diagnostics means the variant was built"))
}

fn at(r: Range<usize>) -> usize {
    r.start
}

fn build(spec: &VariantFile, diag: &mut Diagnostics) -> Option<Camelot> {
    let geometry = match spec.board.geometry.get_ref().as_str() {
        "square" => Some(Geometry::Square),
        "diagonal" => Some(Geometry::Diagonal),
        "hex" => Some(Geometry::Hex),
        other => {
            diag.error(
                at(spec.board.geometry.span()),
                format!("unknown geometry `{other}`; expected square, diagonal or hex"),
            );
            None
        }
    };
    let board = board(spec, geometry.unwrap_or(Geometry::Square), diag);
    let players = spec.players.get_ref();
    if players.len() < 2 || players.len() > leap_core::MAX_PLAYERS {
        diag.error(
            at(spec.players.span()),
            format!("expected 2 to {} players, this file lists {}", leap_core::MAX_PLAYERS, players.len()),
        );
    }
    let mut player_infos = Vec::new();
    for p in players {
        let letter = p.letter.get_ref();
        let mut chars = letter.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) if c.is_ascii_alphabetic() => {
                if player_infos.iter().any(|i: &PlayerInfo| i.letter.eq_ignore_ascii_case(&c)) {
                    diag.error(at(p.letter.span()), format!("player letter `{c}` is used twice"));
                }
                player_infos.push(PlayerInfo { name: p.name.get_ref().clone(), letter: c.to_ascii_uppercase() });
            }
            _ => diag.error(
                at(p.letter.span()),
                format!("`{letter}` is not a player letter; expected one letter such as W"),
            ),
        }
    }
    let pieces = spec.pieces.get_ref();
    if pieces.is_empty() || pieces.len() > leap_core::MAX_KINDS {
        diag.error(
            at(spec.pieces.span()),
            format!("expected 1 to {} piece kinds, found {}", leap_core::MAX_KINDS, pieces.len()),
        );
    }
    let mut kinds = Vec::new();
    let mut kind_rules = Vec::new();
    for (i, p) in pieces.iter().enumerate() {
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
        let symbol = p.symbol.get_ref();
        let mut sc = symbol.chars();
        let symbol = match (sc.next(), sc.next()) {
            (Some(c), None) if c.is_ascii_alphabetic() => c.to_ascii_uppercase(),
            _ => {
                diag.error(at(p.symbol.span()), format!("`{symbol}` is not a diagram symbol; expected one letter"));
                '?'
            }
        };
        if kinds.iter().any(|k: &KindInfo| k.symbol == symbol) {
            diag.error(at(p.symbol.span()), format!("symbol `{symbol}` is used by two kinds of piece"));
        }
        kinds.push(KindInfo { name: p.name.get_ref().clone(), prefix: prefix.clone(), symbol });
        kind_rules.push(KindRules { charge: p.charge, canter_rule: p.canter_rule });
    }
    let board = board?;
    let mut castles = vec![Bitset::EMPTY; players.len()];
    for (i, p) in players.iter().enumerate() {
        for c in p.castle.get_ref() {
            match board.cell(c.get_ref()) {
                Some(cell) if castles.iter().any(|k| k.contains(cell)) => {
                    diag.error(at(c.span()), format!("castle cell `{}` belongs to two castles", c.get_ref()))
                }
                Some(cell) => castles[i].insert(cell),
                None => diag.error(at(c.span()), format!("castle cell `{}` is not on the board", c.get_ref())),
            }
        }
        if p.castle.get_ref().is_empty() {
            diag.error(at(p.castle.span()), "a castle needs at least one cell");
        }
    }
    let rules = rules(spec, players.len(), diag);
    let end = end_rules(spec, &kinds, diag);
    let name = spec.name.get_ref().clone();
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
        diag.error(at(spec.name.span()), format!("`{name}` is not a variant name; use letters, digits, `-` and `_`"));
    }
    let mut game = Camelot::new(name, spec.title.clone(), board, player_infos, kinds, kind_rules, castles, rules, end);
    let start = setup(spec, &game, diag);
    if diag.has_errors() {
        return None;
    }
    game.set_start(start?);
    if let Some(o) = leap_core::Game::outcome(&game, &leap_core::Game::start(&game)) {
        diag.error(at(spec.setup.span()), format!("the start position is already over ({:?}, {})", o.result, o.reason));
        return None;
    }
    Some(game)
}

fn board(spec: &VariantFile, geometry: Geometry, diag: &mut Diagnostics) -> Option<Board> {
    let b = &spec.board;
    match Board::from_layout(geometry, *b.files.get_ref(), *b.ranks.get_ref(), b.layout.get_ref()) {
        Ok(board) => Some(board),
        Err(e) => {
            diag.error(at(b.layout.span()), e.to_string());
            None
        }
    }
}

fn rules(spec: &VariantFile, players: usize, diag: &mut Diagnostics) -> Rules {
    let r = &spec.rules;
    let own_castle_jump = match r.own_castle_jump.get_ref().as_str() {
        "continue" => OwnCastleJump::Continue,
        "end" => OwnCastleJump::End,
        other => {
            diag.error(
                at(r.own_castle_jump.span()),
                format!("own_castle_jump = `{other}`; expected \"continue\" or \"end\""),
            );
            OwnCastleJump::Continue
        }
    };
    let blocked_lapses = match r.blocked_castle_piece.get_ref().as_str() {
        "lapse" => true,
        "stuck" => false,
        other => {
            diag.error(
                at(r.blocked_castle_piece.span()),
                format!("blocked_castle_piece = `{other}`; expected \"lapse\" or \"stuck\""),
            );
            true
        }
    };
    let castle_moves = *r.castle_moves.get_ref();
    if castle_moves > 15 {
        diag.error(at(r.castle_moves.span()), format!("castle_moves = {castle_moves}; expected 0 to 15"));
    }
    let other_castles = match r.other_castles.get_ref().as_str() {
        "enter" => OtherCastles::Enter,
        "left-wins-right-barred" if players == 3 => OtherCastles::LeftWinsRightBarred,
        "left-wins-right-barred" => {
            diag.error(at(r.other_castles.span()), "other_castles = \"left-wins-right-barred\" needs 3 players");
            OtherCastles::Enter
        }
        other => {
            diag.error(
                at(r.other_castles.span()),
                format!("other_castles = `{other}`; expected \"enter\" or \"left-wins-right-barred\""),
            );
            OtherCastles::Enter
        }
    };
    let stuck_passes = match r.no_move.get_ref().as_str() {
        "ends-game" => false,
        "pass" => true,
        other => {
            diag.error(at(r.no_move.span()), format!("no_move = `{other}`; expected \"ends-game\" or \"pass\""));
            false
        }
    };
    Rules {
        castle_moves,
        own_castle_jump,
        blocked_lapses,
        other_castles,
        goal_entry_exempt: r.goal_entry_exempt,
        stuck_passes,
    }
}

fn end_rules(spec: &VariantFile, kinds: &[KindInfo], diag: &mut Diagnostics) -> EndRules {
    let e = &spec.end;
    let no_moves = match e.no_moves.get_ref().as_str() {
        "loss" => NoMoves::LossIfOpponentHas(e.no_moves_loss_needs),
        "draw" => NoMoves::Draw,
        "win" => NoMoves::Win,
        other => {
            diag.error(at(e.no_moves.span()), format!("no_moves = `{other}`; expected \"loss\", \"draw\" or \"win\""));
            NoMoves::Loss
        }
    };
    let mut mask = |key: &str, names: &[Spanned<String>]| -> KindMask {
        let mut m = 0;
        for n in names {
            match kinds.iter().position(|k| k.name == *n.get_ref()) {
                Some(i) => m |= 1 << i,
                None => {
                    let known: Vec<&str> = kinds.iter().map(|k| k.name.as_str()).collect();
                    diag.error(
                        at(n.span()),
                        format!(
                            "{key} names `{}`, which is not a piece; expected one of {}",
                            n.get_ref(),
                            known.join(", ")
                        ),
                    );
                }
            }
        }
        m
    };
    let royal = mask("royal", &e.royal);
    let extinction = mask("extinction", &e.extinction);
    let baring = e.baring.as_ref().map_or(KindMask::MAX, |b| mask("baring", b));
    // 0 switches a numeric condition off.
    let on = |n: u32| (n > 0).then_some(n);
    EndRules {
        goal_count: on(e.castle_occupancy),
        bare_min_material: e.bare_win_min_material,
        insufficient_material: on(e.insufficient_material),
        no_moves,
        move_limit: (e.move_limit > 0).then_some(e.move_limit),
        repetition: on(e.repetition),
        royal,
        royal_count: [0; leap_core::MAX_PLAYERS],
        extinction,
        baring,
        counter_baring: e.counter_baring,
    }
}

fn setup(spec: &VariantFile, game: &Camelot, diag: &mut Diagnostics) -> Option<Position> {
    use leap_core::Game;
    let mut pos = Position::empty(Player(0));
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
            match piece_of(game, item) {
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
    Some(pos)
}

fn piece_of(game: &Camelot, item: &str) -> Option<(leap_core::Kind, Cell)> {
    leap_core::parse_piece(game, item)
}
