//! The summary of a valid variant that `camelot check` prints: board,
//! players, pieces, zones, rule options and end conditions, in words. The
//! layout is the same for every family; each adds its own details.

use leap_core::{
    rules::{EndRules, LeapRules},
    Board, Game, Player,
};
use leap_format::{Zone, ZoneRole};
use leap_games::Variant;

/// What one family adds to the shared summary.
struct Details {
    /// Per player, in turn order: what follows its letter (`castle F1 G1`).
    players: Vec<String>,
    /// Per kind: what follows its name (`charges`).
    kinds: Vec<String>,
    /// Lines about the rule options (`castle moves per game: 2`).
    rules: Vec<String>,
    /// The family's own goal in words, for the end conditions (`the
    /// opponent's castle`); None where only a variant's goal zones count.
    goal: Option<String>,
}

/// The summary of `variant`, indented two spaces, one line per part.
pub fn summary(variant: &Variant) -> String {
    match variant {
        Variant::Camelot(g) => lines(g, g.title(), g.zones(), g.end_rules(), camelot_details(g)),
        Variant::Checkers(g) => lines(g, g.title(), g.zones(), g.end_rules(), checkers_details(g)),
    }
}

fn cells(b: &Board, set: leap_core::Bitset) -> String {
    b.listed(set).into_iter().map(|c| b.name(c)).collect::<Vec<_>>().join(" ")
}

fn lines<G: Game>(g: &G, title: &str, zones: &[Zone], end: &EndRules, details: Details) -> String {
    let b = g.board();
    let players: Vec<String> =
        g.players().iter().zip(&details.players).map(|(p, d)| format!("{} ({}, {d})", p.name, p.letter)).collect();
    let kinds: Vec<String> = g
        .kinds()
        .iter()
        .zip(&details.kinds)
        .map(|(k, d)| {
            let mut words: Vec<String> = Vec::new();
            if let Some(v) = k.value {
                words.push(format!("value {v}"));
            }
            if !d.is_empty() {
                words.push(d.clone());
            }
            if words.is_empty() {
                k.name.clone()
            } else {
                format!("{} ({})", k.name, words.join(", "))
            }
        })
        .collect();
    let mut out = vec![
        title.to_string(),
        format!("{:?} board {}x{}, {} cells", b.geometry(), b.files(), b.ranks(), b.len()),
        format!("players, in turn order: {}", players.join(", ")),
        format!("pieces: {}", kinds.join(", ")),
    ];
    for z in zones {
        let what = match z.role {
            ZoneRole::Goal => "counts for the goal",
            ZoneRole::Forbidden => "may never enter",
        };
        out.push(format!("zone {}: {} ({} {what})", z.name, cells(b, z.cells), g.players()[z.player.index()].name));
    }
    out.extend(details.rules);
    let goal = match (details.goal, zones.iter().any(|z| z.role == ZoneRole::Goal)) {
        (Some(own), true) => format!("{own} or its goal zone"),
        (Some(own), false) => own,
        (None, _) => "its goal zone".to_string(),
    };
    out.push(format!("end: {}", end.describe(g.kinds(), &goal, g.players().len()).join("; ")));
    out.iter().map(|l| format!("  {l}")).collect::<Vec<_>>().join("\n")
}

fn camelot_details(g: &leap_camelot::Camelot) -> Details {
    let b = g.board();
    let n = g.players().len();
    Details {
        players: (0..n).map(|i| format!("castle {}", cells(b, g.castle(Player(i as u8))))).collect(),
        kinds: g
            .kinds()
            .iter()
            .enumerate()
            .map(|(k, _)| {
                let r = g.kind_rules()[k];
                let mut words = Vec::new();
                if r.charge {
                    words.push("charges");
                }
                if r.canter_rule {
                    words.push("canter rule");
                }
                words.join(", ")
            })
            .collect(),
        rules: camelot_rules(g.rules()),
        goal: Some(match g.rules().other_castles {
            leap_camelot::OtherCastles::Enter if n > 2 => "another player's castle".into(),
            leap_camelot::OtherCastles::Enter => "the opponent's castle".into(),
            leap_camelot::OtherCastles::LeftWinsRightBarred => "the castle to the left".into(),
        }),
    }
}

/// The lines of a Camelot-family variant's rule options: the castle moves,
/// and each option that differs from the World Camelot Federation's rules.
fn camelot_rules(r: &leap_camelot::Rules) -> Vec<String> {
    let mut lines = vec![format!("castle moves per game: {}", r.castle_moves)];
    if r.own_castle_jump == leap_camelot::OwnCastleJump::End {
        lines.push("a jump into one's own castle ends there".into());
    }
    if !r.blocked_lapses {
        lines.push(
            "a piece that must leave its own castle but cannot leaves its player stuck (the obligation does not lapse)"
                .into(),
        );
    }
    if r.other_castles == leap_camelot::OtherCastles::LeftWinsRightBarred {
        lines.push("the castle to a player's left is its goal; the one to its right may not be entered".into());
    }
    if r.goal_entry_exempt {
        lines.push(
            "entering the goal castle is legal even when a capture is obligatory, and free of the canter rule".into(),
        );
    }
    if r.stuck_passes {
        lines.push("a player with pieces but no legal move passes while another can move".into());
    }
    lines
}

fn checkers_details(g: &leap_checkers::Checkers) -> Details {
    let b = g.board();
    let kinds = g.kinds();
    Details {
        players: (0..2).map(|i| format!("promoted on {}", cells(b, g.promotion_row(Player(i as u8))))).collect(),
        kinds: g
            .kind_rules()
            .iter()
            .map(|r| {
                let moves = match r.movement {
                    leap_checkers::Movement::Forward => "moves forward",
                    leap_checkers::Movement::Any => "moves both ways",
                };
                match r.promotes_to {
                    Some(k) => format!("{moves}, promoted to {}", kinds[k.index()].name),
                    None => moves.to_string(),
                }
            })
            .collect(),
        rules: vec![format!("captures: {}", if g.compulsory_capture() { "compulsory" } else { "optional" })],
        goal: None,
    }
}
