//! Checkers-family variant files: the family's own keys (each player's
//! forward direction and promotion cells, how each kind moves and what it
//! is promoted to, compulsory capture), read after [`leap_format`] has
//! validated the parts every family shares, into a [`Checkers`] game.

use crate::rules::{Checkers, KindRules, Movement};
use crate::EvalWeights;
use leap_core::{Bitset, Kind, Player};
use leap_format::{
    check_goal_count, foreign, foreign_list, is_family, playable, required, zone_cells, Common, Family, VariantFile,
    ZoneRole,
};
use leap_format::{variant_source, Diagnostics, FileErrors, LoadError};

/// Loads a variant: a built-in name (`checkers`) or a path to a `.toml` file.
pub fn load(name_or_path: &str) -> Result<Checkers, LoadError> {
    let (file, text) = variant_source(name_or_path, leap_format::BUILTIN)?;
    parse_variant(&file, &text).map_err(LoadError::Invalid)
}

/// Parses and validates the text of a checkers-family variant file; `file`
/// names it in diagnostics.
pub fn parse_variant(file: &str, text: &str) -> Result<Checkers, FileErrors> {
    leap_format::parse_with(file, text, build)
}

/// Builds the game from a resolved file and its shared parts (None when
/// they are invalid: the family's own keys are still checked); the
/// family's problems go to `diag`.
pub fn build(spec: &VariantFile, common: Option<Common>, diag: &mut Diagnostics) -> Option<Checkers> {
    let family = Family::Checkers;
    if !is_family(spec, family, diag) {
        return None;
    }
    // Keys of the other family, which change nothing here.
    for p in spec.players.get_ref() {
        foreign_list(&p.castle, "castle", family, diag);
    }
    for p in spec.pieces.get_ref() {
        foreign(&p.charge, "charge", family, diag);
        foreign(&p.canter_rule, "canter_rule", family, diag);
    }
    let r = &spec.rules;
    foreign(&r.castle_moves, "castle_moves", family, diag);
    foreign(&r.own_castle_jump, "own_castle_jump", family, diag);
    foreign(&r.blocked_castle_piece, "blocked_castle_piece", family, diag);
    foreign(&r.other_castles, "other_castles", family, diag);
    foreign(&r.goal_entry_exempt, "goal_entry_exempt", family, diag);
    foreign(&r.no_move, "no_move", family, diag);
    let eval = leap_format::eval_weights(&spec.eval, EvalWeights::default(), diag);
    // Whether the family's own keys are found without a problem.
    let before = diag.count();
    // Per player as listed: its forward directions (a vertical sign), checked before the board is known.
    let mut signs = Vec::new();
    for (i, p) in spec.players.get_ref().iter().enumerate() {
        let at = p.named_at().unwrap_or(spec.players.span().start);
        let forward =
            required(spec, &p.forward, &format!("players.{i}.forward"), "forward (\"up\" or \"down\")", at, diag);
        let sign = match forward {
            Some(f) => match f.get_ref().as_str() {
                "up" => 1,
                "down" => -1,
                other => {
                    diag.error(
                        f.span().start,
                        format!("forward = `{other}`; expected \"up\" (towards the top rank) or \"down\""),
                    );
                    0
                }
            },
            None => 0,
        };
        signs.push(sign);
        if p.promotion.is_none() && !spec.is_broken(&format!("players.{i}.promotion")) {
            diag.error(at, "missing `promotion` (the cells where this player's pieces are promoted)");
        }
    }
    let kind_rules = pieces(spec, diag);
    let compulsory_capture = r.compulsory_capture.as_ref().is_none_or(|b| *b.get_ref());
    let common = common?;
    let mut forward = [0; 2];
    let mut promotion = [Bitset::EMPTY; 2];
    for i in 0..common.players.len().min(2) {
        let listed = common.listed[i];
        for (d, &(_, dr)) in common.board.geometry().directions().iter().enumerate() {
            if dr.signum() == signs[listed] {
                forward[i] |= 1 << d;
            }
        }
        if let Some(cells) = &spec.players.get_ref()[listed].promotion {
            promotion[i] = common.cells(cells, "promotion cell", diag);
        }
    }
    let family_clean = diag.count() == before
        && spec.players.get_ref().iter().all(|p| p.forward.is_some() && p.promotion.is_some())
        && spec.pieces.get_ref().iter().all(|p| p.moves.is_some())
        && !spec.is_broken("rules");
    // The goals and the start are checked where the problems found cannot
    // have caused what they would find (the goals are the goal zones; the
    // start needs the family's keys as well); no game is played with
    // problems.
    if common.sound.goals {
        let goals: Vec<(Bitset, Option<usize>)> = (0..common.players.len())
            .map(|p| (zone_cells(&common.zones, Player(p as u8), ZoneRole::Goal), None))
            .collect();
        check_goal_count(spec, common.end.goal_count, &goals, &common.players, (&common.zones, &common.start), diag);
    }
    if !(common.sound.start && family_clean) {
        return None;
    }
    let game = Checkers::new(common, kind_rules, forward, promotion, compulsory_capture).with_eval_weights(eval);
    let game = playable(game, spec, diag);
    if diag.has_errors() {
        return None;
    }
    game
}

/// The rules of each kind of piece: `moves` and `promotes_to`.
fn pieces(spec: &VariantFile, diag: &mut Diagnostics) -> Vec<KindRules> {
    let pieces = spec.pieces.get_ref();
    let mut kind_rules = Vec::new();
    for (i, p) in pieces.iter().enumerate() {
        let at = p.named_at().unwrap_or(spec.pieces.span().start);
        let moves = required(spec, &p.moves, &format!("pieces.{i}.moves"), "moves (\"forward\" or \"any\")", at, diag);
        let movement = match moves {
            Some(m) => match m.get_ref().as_str() {
                "forward" => Movement::Forward,
                "any" => Movement::Any,
                other => {
                    diag.error(m.span().start, format!("moves = `{other}`; expected \"forward\" or \"any\""));
                    Movement::Any
                }
            },
            None => Movement::Any,
        };
        let promotes_to = p.promotes_to.as_ref().and_then(|target| {
            match pieces.iter().position(|q| q.name.as_ref().is_some_and(|n| n.get_ref() == target.get_ref())) {
                Some(k) if k != i => Some(Kind(k as u8)),
                Some(_) => {
                    diag.error(target.span().start, "a kind of piece cannot promote to itself");
                    None
                }
                // (A kind whose name is left out, for a problem said already, may be the one meant.)
                None if pieces.iter().any(|q| q.name.is_none()) => None,
                None => {
                    let names: Vec<&str> =
                        pieces.iter().filter_map(|q| q.name.as_ref()).map(|n| n.get_ref().as_str()).collect();
                    diag.error(
                        target.span().start,
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
        kind_rules.push(KindRules { movement, promotes_to });
    }
    kind_rules
}

#[cfg(test)]
mod tests {
    use super::*;
    use leap_core::rules::LeapRules;

    /// The diagnostics of the built-in file with `from` replaced by `to`.
    fn problems(from: &str, to: &str) -> Vec<String> {
        let text = leap_format::builtin("checkers").expect("built in");
        assert!(text.contains(from), "{from}");
        let e = parse_variant("v.toml", &text.replacen(from, to, 1)).expect_err("a broken file");
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
            ["68:16: player_order must list every player once; it leaves out `Black`"]
        );
        assert_eq!(
            problems("family = \"checkers\"", "family = \"camelot\""),
            ["7:10: family = \"camelot\": this loader reads checkers-family files"]
        );
        let misspelt = problems("advance_limit", "advance_limt");
        assert_eq!(misspelt.len(), 1);
        assert!(
            misspelt[0].starts_with("77:1: unknown key `advance_limt` in [end]; did you mean `advance_limit`?"),
            "{misspelt:?}"
        );
        assert_eq!(
            problems("White = \"21,", "White = \"33,"),
            ["65:10: [setup] White: `33`: 33 is not a cell of this board"]
        );
    }

    #[test]
    fn a_wrong_number_of_players_is_an_error_not_a_panic() {
        let many = leap_format::builtin("checkers").expect("built in").replace(
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
