//! The structure-aware target of variant files: bytes read by `arbitrary`
//! into a sketch of a variant (a board, players, pieces, a setup, rules,
//! end conditions, zones), written as the text of a file. Most sketches
//! are files a person could write, valid or nearly: they reach the checks
//! of a family's rules and the games built, where random text rarely gets
//! past the TOML syntax.

use crate::check::seed_of;
use crate::text::check_variant_text;
use arbitrary::{Arbitrary, Unstructured};
use std::fmt::Write;

/// The longest side of a sketched board.
const MAX_SIDE: u8 = 12;
const PLAYER_NAMES: [&str; 4] = ["White", "Black", "Red", "Green"];
const KIND_NAMES: [&str; 4] = ["Man", "Knight", "King", "Queen"];
const PREFIXES: [&str; 4] = ["", "K", "Q", "N"];

/// A board's geometry.
#[derive(Arbitrary, Debug, Clone, Copy)]
enum Geometry {
    Square,
    Diagonal,
    Hex,
}

/// A player of a sketch.
#[derive(Arbitrary, Debug)]
struct PlayerSketch {
    /// Its castle (Camelot family) or, with checkers, none.
    castle: Vec<u16>,
    /// Checkers: whether its men move up.
    up: bool,
    /// Checkers: where its men are crowned.
    promotion: Vec<u16>,
    /// Its pieces at the start: kind and cell.
    pieces: Vec<(u8, u16)>,
}

/// A kind of piece of a sketch.
#[derive(Arbitrary, Debug)]
struct PieceSketch {
    name: u8,
    prefix: u8,
    charge: Option<bool>,
    canter_rule: Option<bool>,
    value: Option<i8>,
    /// Checkers: forward only (`true`) or any direction.
    forward: Option<bool>,
    promotes_to: Option<u8>,
}

/// A zone of a sketch.
#[derive(Arbitrary, Debug)]
struct ZoneSketch {
    player: u8,
    goal: bool,
    named: bool,
    cells: Vec<u16>,
}

/// The `[rules]` of a sketch.
#[derive(Arbitrary, Debug)]
struct RulesSketch {
    castle_moves: Option<u8>,
    own_castle_jump_ends: Option<bool>,
    blocked_castle_piece_stuck: Option<bool>,
    left_wins_right_barred: Option<bool>,
    goal_entry_exempt: Option<bool>,
    no_move_passes: Option<bool>,
    compulsory_capture: Option<bool>,
}

/// The `[end]` of a sketch.
#[derive(Arbitrary, Debug)]
struct EndSketch {
    goal_count: Option<u8>,
    bare_win_min_material: Option<u8>,
    insufficient_material: Option<u8>,
    no_moves: Option<u8>,
    no_moves_loss_needs: Option<u8>,
    repetition: Option<u8>,
    move_limit: Option<u16>,
    advance_limit: Option<u16>,
    royal: Option<Vec<u8>>,
    extinction: Option<Vec<u8>>,
    baring: Option<Vec<u8>>,
    counter_baring: Option<bool>,
}

/// A variant as a person might sketch it, read from bytes by `arbitrary`
/// and written as a variant file by [`VariantSketch::to_toml`].
#[derive(Arbitrary, Debug)]
pub struct VariantSketch {
    checkers: bool,
    geometry: Geometry,
    files: u8,
    ranks: u8,
    /// Cells of the full rectangle left out.
    holes: Vec<u16>,
    /// Cells named by number (as checkers' squares) instead of A1, B1, ...
    numbered: bool,
    players: Vec<PlayerSketch>,
    pieces: Vec<PieceSketch>,
    zones: Vec<ZoneSketch>,
    rules: RulesSketch,
    end: EndSketch,
    /// A turn order: the players rotated by this (rarely, a list as it comes).
    turn_order: Option<(u8, Vec<u8>)>,
    /// The notation's order of players, likewise.
    player_order: Option<(u8, Vec<u8>)>,
    /// Keep what a list gives twice (rarely: see [`rare`]).
    duplicates: u8,
    /// Write the other family's keys too (rarely).
    foreign_keys: u8,
    /// Extend a built-in variant (by index): the tables written are merged
    /// with its own, key by key.
    extends: Option<u8>,
    /// One byte of the text written over (rarely): (gate, place, byte).
    typo: (u8, u16, u8),
}

/// The items without repeats, unless `keep` (the first of each is kept).
fn distinct(items: Vec<String>, keep: bool) -> Vec<String> {
    if keep {
        return items;
    }
    let mut seen = std::collections::HashSet::new();
    items.into_iter().filter(|i| seen.insert(i.clone())).collect()
}

/// Whether a choice that makes a file invalid is taken: about one time in
/// sixteen, so that most sketches are files that build a game.
fn rare(gate: u8) -> bool {
    gate < 16
}

impl VariantSketch {
    /// The sketch the bytes give (`None` if they are too few).
    pub fn from_bytes(data: &[u8]) -> Option<VariantSketch> {
        VariantSketch::arbitrary_take_rest(Unstructured::new(data)).ok()
    }

    /// The sketch written as a variant file.
    pub fn to_toml(&self) -> String {
        let mut t = String::new();
        if let Some(i) = self.extends {
            let builtins = leap_format::BUILTIN;
            let _ = writeln!(t, "extends = {:?}", builtins[i as usize % builtins.len()].0);
        }
        let _ = writeln!(t, "name = \"sketch\"");
        if self.checkers {
            let _ = writeln!(t, "family = \"checkers\"");
        }
        // The board: the full rectangle less the holes.
        let files = 1 + self.files % MAX_SIDE;
        let ranks = 1 + self.ranks % MAX_SIDE;
        let area = files as usize * ranks as usize;
        let mut present = vec![true; area];
        for &h in &self.holes {
            present[h as usize % area] = false;
        }
        // Cells in layout order: the top rank first, left to right (on a
        // hex board, every other column, each rank shifted by one).
        let hex = matches!(self.geometry, Geometry::Hex);
        let mut cells: Vec<(u8, u8)> = Vec::new();
        let mut layout = String::new();
        for rank in (0..ranks).rev() {
            for file in 0..files {
                let here = present[rank as usize * files as usize + file as usize] && (!hex || (file + rank) % 2 == 0);
                layout.push(if here { '.' } else { ' ' });
                if here {
                    cells.push((file, rank));
                }
            }
            layout.push('\n');
        }
        let names: Vec<String> = if self.numbered {
            (1..=cells.len()).map(|n| n.to_string()).collect()
        } else {
            cells.iter().map(|&(f, r)| format!("{}{}", (b'A' + f) as char, r as u32 + 1)).collect()
        };
        let cell = |i: u16| -> String { names.get(i as usize % names.len().max(1)).cloned().unwrap_or_default() };
        let foreign = rare(self.foreign_keys);
        let twice = rare(self.duplicates);
        let list = |v: &[u16]| -> String {
            distinct(v.iter().take(8).map(|&i| format!("\"{}\"", cell(i))).collect(), twice).join(", ")
        };
        let geometry = match self.geometry {
            Geometry::Square => "square",
            Geometry::Diagonal => "diagonal",
            Geometry::Hex => "hex",
        };
        let _ = writeln!(t, "\n[board]\ngeometry = \"{geometry}\"\nfiles = {files}\nranks = {ranks}");
        let _ = writeln!(t, "layout = \"\"\"\n{layout}\"\"\"");
        if self.numbered {
            let _ = writeln!(t, "names = \"{}\"", names.join(" "));
        }
        // Players.
        let count = if self.checkers { 2 } else { 2 + self.players.len().saturating_sub(2).min(2) };
        let empty = PlayerSketch { castle: Vec::new(), up: false, promotion: Vec::new(), pieces: Vec::new() };
        let player = |i: usize| self.players.get(i).unwrap_or(&empty);
        let n = names.len() as u16;
        for (i, name) in PLAYER_NAMES.iter().enumerate().take(count) {
            let p = player(i);
            let _ = writeln!(t, "\n[[players]]\nname = \"{name}\"\nletter = \"{}\"", &name[..1]);
            if !self.checkers || foreign {
                // By default a castle of one cell: the first cell for the first player, the last for the second, ...
                let castle = if p.castle.is_empty() {
                    vec![(i as u16 * n / count as u16).min(n.saturating_sub(1))]
                } else {
                    p.castle.clone()
                };
                let _ = writeln!(t, "castle = [{}]", list(&castle));
            }
            if self.checkers || foreign {
                // By default the first player's men move down and are crowned on the first cell.
                let up = if p.promotion.is_empty() { i == 1 } else { p.up };
                let promotion = if p.promotion.is_empty() {
                    vec![if up { 0 } else { n.saturating_sub(1) }]
                } else {
                    p.promotion.clone()
                };
                let _ = writeln!(t, "forward = \"{}\"", if up { "up" } else { "down" });
                let _ = writeln!(t, "promotion = [{}]", list(&promotion));
            }
        }
        // Kinds of piece.
        let mut kinds: Vec<&PieceSketch> = Vec::new();
        for k in self.pieces.iter().take(3) {
            let clash = |o: &&PieceSketch| {
                o.name % KIND_NAMES.len() as u8 == k.name % KIND_NAMES.len() as u8
                    || o.prefix % PREFIXES.len() as u8 == k.prefix % PREFIXES.len() as u8
            };
            if twice || !kinds.iter().any(clash) {
                kinds.push(k);
            }
        }
        let default_kind = PieceSketch {
            name: 0,
            prefix: 0,
            charge: None,
            canter_rule: None,
            value: None,
            forward: None,
            promotes_to: None,
        };
        let kinds = if kinds.is_empty() { vec![&default_kind] } else { kinds };
        let kind_name = |i: u8| KIND_NAMES[i as usize % KIND_NAMES.len()];
        let prefix = |k: &PieceSketch| PREFIXES[k.prefix as usize % PREFIXES.len()];
        for (i, k) in kinds.iter().enumerate() {
            let name = kind_name(k.name);
            let _ = writeln!(t, "\n[[pieces]]\nname = \"{name}\"\nprefix = \"{}\"", prefix(k));
            let letter = (b'A' + i as u8) as char;
            if self.checkers {
                let symbols: Vec<String> =
                    (0..count).map(|p| format!("\"{}\"", (letter as u8 + p as u8 * 5) as char)).collect();
                let _ = writeln!(t, "symbols = [{}]", symbols.join(", "));
            } else {
                let _ = writeln!(t, "symbol = \"{letter}\"");
            }
            if let Some(v) = k.value {
                let _ = writeln!(t, "value = {v}");
            }
            if !self.checkers || foreign {
                if let Some(c) = k.charge {
                    let _ = writeln!(t, "charge = {c}");
                }
                if let Some(c) = k.canter_rule {
                    let _ = writeln!(t, "canter_rule = {c}");
                }
            }
            if self.checkers || foreign {
                let forward = k.forward.unwrap_or(i == 0);
                let _ = writeln!(t, "moves = \"{}\"", if forward { "forward" } else { "any" });
                if let Some(to) = k.promotes_to {
                    let _ = writeln!(t, "promotes_to = \"{}\"", kind_name(kinds[to as usize % kinds.len()].name));
                }
            }
        }
        // Zones.
        for z in self.zones.iter().take(4) {
            let _ = writeln!(t, "\n[[zones]]");
            if z.named {
                let _ = writeln!(t, "name = \"the hill\"");
            }
            let owner = PLAYER_NAMES[z.player as usize % count];
            let role = if z.goal { "goal" } else { "forbidden" };
            let _ = writeln!(t, "player = \"{owner}\"\nrole = \"{role}\"\ncells = [{}]", list(&z.cells));
        }
        // The setup.
        let _ = writeln!(t, "\n[setup]");
        let mut taken = std::collections::HashSet::new();
        for (i, name) in PLAYER_NAMES.iter().enumerate().take(count) {
            let mut pieces: Vec<(u8, u16)> = player(i).pieces.iter().take(24).copied().collect();
            if pieces.is_empty() {
                // By default one piece of the first kind, a third of the way from the player's end.
                pieces.push((0, (n / 3 + i as u16 * n / 3).min(n.saturating_sub(1))));
            }
            let pieces: Vec<String> = pieces
                .iter()
                .filter(|&&(_, c)| twice || taken.insert(cell(c)))
                .map(|&(k, c)| format!("{}{}", prefix(kinds[k as usize % kinds.len()]), cell(c)))
                .collect();
            let _ = writeln!(t, "{name} = \"{}\"", pieces.join(","));
        }
        // An order of players: every player once, rotated; rarely a list as it comes.
        let order = |(turn, v): &(u8, Vec<u8>)| -> String {
            let players: Vec<usize> = if rare(*turn) {
                v.iter().take(4).map(|&p| p as usize % count).collect()
            } else {
                (0..count).map(|p| (p + *turn as usize) % count).collect()
            };
            players.iter().map(|&p| format!("\"{}\"", PLAYER_NAMES[p])).collect::<Vec<_>>().join(", ")
        };
        if let Some(v) = &self.player_order {
            let _ = writeln!(t, "\n[notation]\nplayer_order = [{}]", order(v));
        }
        self.write_rules(&mut t);
        // Lists of kinds: of the game's kinds, rarely any name.
        self.write_end(&mut t, &|v: &[u8]| {
            let names = v.iter().take(3).map(|&k| {
                let name = if rare(k) { kind_name(k / 4) } else { kind_name(kinds[k as usize % kinds.len()].name) };
                format!("\"{name}\"")
            });
            distinct(names.collect(), twice).join(", ")
        });
        if let Some(v) = &self.turn_order {
            // (A top-level key: written before the first table it would otherwise fall into.)
            t = format!("turn_order = [{}]\n{t}", order(v));
        }
        let (gate, at, byte) = self.typo;
        if rare(gate) {
            let mut bytes = t.into_bytes();
            let at = at as usize % bytes.len();
            bytes[at] = byte;
            t = String::from_utf8_lossy(&bytes).into_owned();
        }
        t
    }

    fn write_rules(&self, t: &mut String) {
        let r = &self.rules;
        let foreign = rare(self.foreign_keys);
        let _ = writeln!(t, "\n[rules]");
        if !self.checkers || foreign {
            if let Some(n) = r.castle_moves {
                let _ = writeln!(t, "castle_moves = {}", n % 17);
            }
            if let Some(b) = r.own_castle_jump_ends {
                let _ = writeln!(t, "own_castle_jump = \"{}\"", if b { "end" } else { "continue" });
            }
            if let Some(b) = r.blocked_castle_piece_stuck {
                let _ = writeln!(t, "blocked_castle_piece = \"{}\"", if b { "stuck" } else { "lapse" });
            }
            if let Some(b) = r.left_wins_right_barred {
                let _ = writeln!(t, "other_castles = \"{}\"", if b { "left-wins-right-barred" } else { "enter" });
            }
            // (The exemption needs goal castles: refused without, but rarely.)
            if let Some(b) = r.goal_entry_exempt.filter(|_| r.left_wins_right_barred == Some(true) || foreign) {
                let _ = writeln!(t, "goal_entry_exempt = {b}");
            }
            if let Some(b) = r.no_move_passes {
                let _ = writeln!(t, "no_move = \"{}\"", if b { "pass" } else { "ends-game" });
            }
        }
        if self.checkers || foreign {
            if let Some(b) = r.compulsory_capture {
                let _ = writeln!(t, "compulsory_capture = {b}");
            }
        }
    }

    fn write_end(&self, t: &mut String, kinds: &dyn Fn(&[u8]) -> String) {
        let e = &self.end;
        let _ = writeln!(t, "\n[end]");
        let mut number = |key: &str, v: Option<u32>| {
            if let Some(v) = v {
                let _ = writeln!(t, "{key} = {v}");
            }
        };
        // (A goal count is refused where no player has a goal, or where a
        // goal has fewer cells; and the Camelot family's 2 is more than a
        // castle of one cell, the sketches' usual castle, holds.)
        let goals = !self.checkers || self.zones.iter().take(4).any(|z| z.goal);
        let goal = e.goal_count.map(|v| v as u32 % 3).or((!self.checkers).then_some(1)).filter(|_| goals);
        number("goal_count", goal);
        // (Keys of a rule that is off are refused: written so, but rarely.)
        let foreign = rare(self.foreign_keys);
        let bare_min = e.bare_win_min_material.map(|v| v as u32 % 4);
        let baring_on = bare_min != Some(0) && e.baring.as_ref().is_none_or(|list| !list.is_empty());
        number("bare_win_min_material", bare_min.filter(|&m| m == 0 || baring_on || foreign));
        number("insufficient_material", e.insufficient_material.map(|v| v as u32 % 4));
        let loss = e.no_moves.is_none_or(|n| n % 3 == 0);
        number("no_moves_loss_needs", e.no_moves_loss_needs.map(|v| v as u32 % 4).filter(|_| loss || foreign));
        number("repetition", e.repetition.map(|v| v as u32 % 5));
        number("move_limit", e.move_limit.map(|v| v as u32 % 300));
        number("advance_limit", e.advance_limit.map(|v| v as u32 % 300));
        if let Some(n) = e.no_moves {
            let _ = writeln!(t, "no_moves = \"{}\"", ["loss", "draw", "win"][n as usize % 3]);
        }
        for (key, list) in [("royal", &e.royal), ("extinction", &e.extinction), ("baring", &e.baring)] {
            if let Some(list) = list {
                let _ = writeln!(t, "{key} = [{}]", kinds(list));
            }
        }
        if let Some(b) = e.counter_baring.filter(|&b| !b || baring_on || foreign) {
            let _ = writeln!(t, "counter_baring = {b}");
        }
    }
}

/// Variant files sketched by structure: the bytes are read into a
/// [`VariantSketch`], written as a file, and checked as
/// [`crate::variant_text`] checks a file.
pub fn variant_structured(data: &[u8]) {
    if let Some(sketch) = VariantSketch::from_bytes(data) {
        check_variant_text(&sketch.to_toml(), seed_of(data));
    }
}
