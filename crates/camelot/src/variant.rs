//! Camelot-family variant files: the family's own keys (castles, the
//! Knight's Charge, the castle rules), read after [`leap_format`] has
//! validated the parts every family shares, into a [`Camelot`] game.

use crate::rules::{Camelot, KindRules, OtherCastles, OwnCastleJump, Rules};
use crate::EvalWeights;
use leap_core::{Bitset, Game, Player};
use leap_format::{check_goal_count, foreign, foreign_list, is_family, playable, Common, Family, VariantFile};
use leap_format::{variant_source, Diagnostics, FileErrors, LoadError};

/// Loads a variant: a built-in name (`camelot`) or a path to a `.toml` file.
pub fn load(name_or_path: &str) -> Result<Camelot, LoadError> {
    let (file, text) = variant_source(name_or_path, leap_format::BUILTIN)?;
    parse_variant(&file, &text).map_err(LoadError::Invalid)
}

/// Parses and validates the text of a Camelot-family variant file; `file`
/// names it in diagnostics.
pub fn parse_variant(file: &str, text: &str) -> Result<Camelot, FileErrors> {
    leap_format::parse_with(file, text, build)
}

/// Builds the game from a resolved file and its shared parts (None when
/// they are invalid: the family's own keys are still checked); the
/// family's problems go to `diag`.
pub fn build(spec: &VariantFile, common: Option<Common>, diag: &mut Diagnostics) -> Option<Camelot> {
    let family = Family::Camelot;
    if !is_family(spec, family, diag) {
        return None;
    }
    for (i, p) in spec.players.get_ref().iter().enumerate() {
        foreign(&p.forward, "forward", family, diag);
        foreign_list(&p.promotion, "promotion", family, diag);
        // (A castle left out for its type has had its problem said.)
        if p.castle.is_none() && !spec.is_broken(&format!("players.{i}.castle")) {
            let at = p.named_at().unwrap_or(spec.players.span().start);
            let who = match &p.name {
                Some(n) => format!("player `{}`", n.get_ref()),
                None => format!("[[players]] number {}", i + 1),
            };
            diag.error(at, format!("{who} needs its `castle` (a list of cells)"));
        }
    }
    let kind_rules = spec
        .pieces
        .get_ref()
        .iter()
        .enumerate()
        .map(|(i, p)| {
            foreign(&p.moves, "moves", family, diag);
            foreign(&p.promotes_to, "promotes_to", family, diag);
            let flag = |v: &Option<toml::Spanned<bool>>| v.as_ref().is_some_and(|b| *b.get_ref());
            let rules = KindRules { charge: flag(&p.charge), canter_rule: flag(&p.canter_rule) };
            // (The rule obliges a capture after the canters: a piece
            // without the Charge could never make it. A `charge` already
            // refused is no charge to speak of.)
            let charge_refused = spec.is_broken(&format!("pieces.{i}.charge"));
            if let Some(at) = p.canter_rule.as_ref().filter(|_| rules.canter_rule && !rules.charge && !charge_refused) {
                diag.error(
                    at.span().start,
                    "`canter_rule = true` needs `charge = true`: the Knight canter rule makes a piece that \
                     canters onto a cell from which it could jump capture later in the move, which only a \
                     piece with the Knight's Charge can do",
                );
            }
            rules
        })
        .collect();
    foreign(&spec.rules.compulsory_capture, "compulsory_capture", family, diag);
    foreign(&spec.end.advance_limit, "advance_limit", family, diag);
    let before = diag.count();
    let (rules, other_castles_clean) = rules(spec, spec.players.get_ref().len(), diag);
    let rules_clean = diag.count() == before && !spec.is_broken("rules");
    let eval = leap_format::eval_weights(&spec.eval, EvalWeights::default(), diag);
    let common = common?;
    let before = diag.count();
    let mut castles: Vec<Bitset> = Vec::new();
    for i in 0..common.players.len() {
        let Some(list) = &common.player_spec(spec, Player(i as u8)).castle else {
            castles.push(Bitset::EMPTY);
            continue;
        };
        for c in list.get_ref() {
            if common.board.cell(c.get_ref()).is_some_and(|cell| castles.iter().any(|k| k.contains(cell))) {
                diag.error(c.span().start, format!("castle cell `{}` belongs to two castles", c.get_ref()));
            }
        }
        castles.push(common.cells(list, "castle cell", diag));
    }
    let castles_clean = diag.count() == before
        && (0..common.players.len()).all(|i| common.player_spec(spec, Player(i as u8)).castle.is_some());
    // The goals and the start are checked where the problems found cannot
    // have caused what they would find; no game is played with problems.
    let goals_sound = common.sound.goals && castles_clean && other_castles_clean;
    let start_sound = goals_sound && common.sound.start && rules_clean;
    if !goals_sound {
        return None;
    }
    let castle_at: Vec<usize> = (0..common.players.len())
        .map(|i| common.player_spec(spec, Player(i as u8)).castle.as_ref().map_or(0, |c| c.span().start))
        .collect();
    let game = Camelot::new(common, kind_rules, castles, rules).with_eval_weights(eval);
    // (A goal too small is reported at the castle that makes it.)
    let goals: Vec<(Bitset, Option<usize>)> = (0..game.players().len())
        .map(|p| {
            let player = Player(p as u8);
            let goal = game.goal_zone(player);
            let castle = (0..game.players().len()).find(|&o| o != p && game.castle(Player(o as u8)).intersects(goal));
            (goal, castle.map(|o| castle_at[o]))
        })
        .collect();
    let start = game.start();
    check_goal_count(spec, game.end_rules().goal_count, &goals, game.players(), (game.zones(), &start), diag);
    if !start_sound {
        return None;
    }
    let game = playable(game, spec, diag);
    if diag.has_errors() {
        return None;
    }
    game
}

/// A `[rules]` option given as one of a few words.
fn choice<T: Copy>(
    value: &Option<toml::Spanned<String>>,
    key: &str,
    default: T,
    words: &[(&str, T)],
    diag: &mut Diagnostics,
) -> T {
    let Some(v) = value else {
        return default;
    };
    match words.iter().find(|(w, _)| *w == v.get_ref()) {
        Some((_, t)) => *t,
        None => {
            let expected: Vec<String> = words.iter().map(|(w, _)| format!("\"{w}\"")).collect();
            diag.error(v.span().start, format!("{key} = `{}`; expected {}", v.get_ref(), expected.join(" or ")));
            default
        }
    }
}

/// The `[rules]`, and whether `other_castles` (which makes the goals) is
/// read without a problem.
fn rules(spec: &VariantFile, players: usize, diag: &mut Diagnostics) -> (Rules, bool) {
    let r = &spec.rules;
    let own_castle_jump = choice(
        &r.own_castle_jump,
        "own_castle_jump",
        OwnCastleJump::Continue,
        &[("continue", OwnCastleJump::Continue), ("end", OwnCastleJump::End)],
        diag,
    );
    let blocked_lapses =
        choice(&r.blocked_castle_piece, "blocked_castle_piece", true, &[("lapse", true), ("stuck", false)], diag);
    let castle_moves = r.castle_moves.as_ref().map_or(2, |v| *v.get_ref());
    if castle_moves > 15 {
        let at = r.castle_moves.as_ref().map_or(0, |v| v.span().start);
        diag.error(at, format!("castle_moves = {castle_moves}: expected a whole number from 0 to 15"));
    }
    let before = diag.count();
    let other_castles = choice(
        &r.other_castles,
        "other_castles",
        OtherCastles::Enter,
        &[("enter", OtherCastles::Enter), ("left-wins-right-barred", OtherCastles::LeftWinsRightBarred)],
        diag,
    );
    if other_castles == OtherCastles::LeftWinsRightBarred && players != 3 {
        let at = r.other_castles.as_ref().map_or(0, |v| v.span().start);
        diag.error(at, "other_castles = \"left-wins-right-barred\" needs 3 players");
    }
    let other_castles_clean = diag.count() == before && !spec.is_broken("rules.other_castles");
    // (Only a goal castle's entry is exempt: with every other castle one to
    // enter, the option would be read and do nothing.)
    let goal_entry_exempt = r.goal_entry_exempt.as_ref().is_some_and(|b| *b.get_ref());
    if goal_entry_exempt && other_castles_clean && other_castles != OtherCastles::LeftWinsRightBarred {
        let at = r.goal_entry_exempt.as_ref().map_or(0, |v| v.span().start);
        diag.error(
            at,
            "goal_entry_exempt = true exempts the entry of a goal castle, and this variant has none: it needs \
             other_castles = \"left-wins-right-barred\" (three players, the left castle a goal)",
        );
    }
    let stuck_passes = choice(&r.no_move, "no_move", false, &[("ends-game", false), ("pass", true)], diag);
    let rules = Rules { castle_moves, own_castle_jump, blocked_lapses, other_castles, goal_entry_exempt, stuck_passes };
    (rules, other_castles_clean)
}
