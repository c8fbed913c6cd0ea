//! Named scenarios run on every variant where they apply, so that a reviewer
//! sees at a glance how the rules differ from variant to variant.
//!
//! Each scenario is one situation (a multi-jump, a Knight's Charge, a jump
//! into one's own castle, a castle entry, a bare side, a stalemate) written
//! as a position on each variant's board, with a key move (or a short
//! sequence of moves). One insta snapshot per scenario holds every variant
//! side by side: the diagram, the position string, the sorted legal moves,
//! and the position and outcome after each move. Every expected behaviour
//! was worked out by hand from the rules references (`../shared/rules/`) and
//! the variant files' options; the key facts are asserted in code too, so a
//! changed snapshot cannot silently accept a wrong rule.
//!
//! The last test snapshots the diagnostics for a set of broken variant
//! files (`tests/variants/` and a few written inline here).

use leap_camelot::Camelot;
use leap_checkers::Checkers;
use leap_core::{
    notation::{diagram, format_position, legal_move_texts, parse_position, read_move},
    Game, GameResult, Outcome, Position,
};

// ---------------------------------------------------------------------------
// Loading and running

/// A Camelot-family variant by name; a variant not (yet) built in is read
/// from `variants/NAME.toml`.
fn camelot_family(name: &str) -> Camelot {
    match leap_camelot::load(name) {
        Ok(g) => g,
        Err(leap_camelot::LoadError::Unknown { .. }) => {
            let path = format!("{}/variants/{name}.toml", env!("CARGO_MANIFEST_DIR"));
            leap_camelot::load(&path).unwrap_or_else(|e| panic!("{e}"))
        }
        Err(e) => panic!("{e}"),
    }
}

fn checkers() -> Checkers {
    leap_checkers::load("checkers").unwrap_or_else(|e| panic!("{e}"))
}

/// One move of a scenario: what was written, and what came of it.
struct Step {
    text: String,
    /// The legal moves before the move, sorted.
    legal: Vec<String>,
    /// The position after it, or why the move is not legal.
    after: Result<Position, String>,
    /// The outcome after the move (None: the game goes on).
    outcome: Option<Outcome>,
}

/// A scenario on one variant: the start position, its legal moves and
/// outcome, and the moves played from it.
struct Trace {
    start: Position,
    legal: Vec<String>,
    outcome: Option<Outcome>,
    steps: Vec<Step>,
}

impl Trace {
    /// The position after the last legal move.
    fn last(&self) -> &Position {
        self.steps.iter().rev().find_map(|s| s.after.as_ref().ok()).unwrap_or(&self.start)
    }

    /// The outcome after the last legal move (or of the start).
    fn final_outcome(&self) -> Option<Outcome> {
        self.steps.iter().rev().find(|s| s.after.is_ok()).map_or(self.outcome, |s| s.outcome)
    }
}

/// Plays `moves` (space-separated, each written in full; `pass` passes)
/// from `pos`. Playing stops at the first move that is not legal.
fn run<G: Game>(g: &G, pos: &str, moves: &str) -> Trace {
    let start = parse_position(g, pos).unwrap_or_else(|e| panic!("{}: position {pos}: {e}", g.name()));
    let legal = legal_move_texts(g, &start);
    let outcome = g.outcome(&start);
    let mut steps = Vec::new();
    let mut here = start;
    for text in moves.split_whitespace() {
        let legal_here = legal_move_texts(g, &here);
        match read_move(g, &here, text) {
            Ok(read) => {
                assert_eq!(read.completed, None, "{}: {text} is written in full", g.name());
                assert!(
                    legal_here.iter().any(|m| m == text),
                    "{}: {text} is written as the program writes it",
                    g.name()
                );
                let next = g.play_unchecked(&here, &read.key);
                let outcome = g.outcome(&next);
                steps.push(Step { text: text.to_string(), legal: legal_here, after: Ok(next), outcome });
                here = next;
            }
            Err(e) => {
                steps.push(Step {
                    text: text.to_string(),
                    legal: legal_here,
                    after: Err(e.to_string()),
                    outcome: None,
                });
                break;
            }
        }
    }
    Trace { start, legal, outcome, steps }
}

/// An outcome in words: `White wins: goal reached`, `draw: ...`, or the
/// player to move when the game goes on.
fn outcome_text<G: Game>(g: &G, pos: &Position, outcome: Option<Outcome>) -> String {
    match outcome {
        None => format!("none, the game goes on ({} to move)", player_name(g, pos.to_move())),
        Some(Outcome { result: GameResult::Win(p), reason }) => format!("{} wins: {reason}", player_name(g, p)),
        Some(Outcome { result: GameResult::Draw, reason }) => format!("draw: {reason}"),
    }
}

fn player_name<G: Game>(g: &G, p: leap_core::Player) -> String {
    g.players()[p.index()].name.clone()
}

/// The final outcome of a scenario in words.
fn result<G: Game>(g: &G, t: &Trace) -> String {
    outcome_text(g, t.last(), t.final_outcome())
}

/// A list of moves, wrapped, for a snapshot.
fn move_list(moves: &[String]) -> String {
    if moves.is_empty() {
        return "legal moves (0): none\n".to_string();
    }
    let mut out = format!("legal moves ({}):", moves.len());
    let mut width = out.len();
    for m in moves {
        if width + 1 + m.len() > 96 {
            out.push_str("\n   ");
            width = 3;
        }
        out.push(' ');
        out.push_str(m);
        width += 1 + m.len();
    }
    out.push('\n');
    out
}

/// The readable block of one scenario on one variant: its name, the
/// diagram, the position string, the sorted legal moves, and for each move
/// the position and outcome after it.
fn block<G: Game>(g: &G, name: &str, pos: &str, key_move: &str) -> String {
    let t = run(g, pos, key_move);
    let mut out = format!("=== {name} ===\n");
    out.push_str(&diagram(g, &t.start));
    out.push_str(&format!("{} to move\n", player_name(g, t.start.to_move())));
    out.push_str(&format!("position: {}\n", format_position(g, &t.start)));
    if t.steps.is_empty() {
        out.push_str(&move_list(&t.legal));
        out.push_str(&format!("outcome: {}\n", outcome_text(g, &t.start, t.outcome)));
    }
    for (i, s) in t.steps.iter().enumerate() {
        if i > 0 {
            out.push_str(&format!(
                "then, {} to move, ",
                player_name(g, t.steps[i - 1].after.as_ref().unwrap().to_move())
            ));
        }
        out.push_str(&move_list(&s.legal));
        out.push_str(&format!("play {}\n", s.text));
        match &s.after {
            Ok(after) => {
                out.push_str(&format!("  -> {}\n", format_position(g, after)));
                out.push_str(&format!("outcome: {}\n", outcome_text(g, after, s.outcome)));
            }
            Err(e) => out.push_str(&format!("  -> not legal: {e}\n")),
        }
    }
    out
}

fn not_applicable(name: &str, why: &str) -> String {
    format!("=== {name} ===\nnot applicable: {why}\n")
}

/// A row of a scenario table: label (the variant name, with a note when a
/// variant has several rows), variant, position, moves.
type Row = (&'static str, &'static str, &'static str, &'static str);

/// The blocks of every row, in order; checkers rows go through the
/// checkers loader, every other row through the Camelot family's.
fn table(rows: &[Row]) -> String {
    rows.iter()
        .map(|&(label, variant, pos, moves)| {
            if variant == "checkers" {
                block(&checkers(), label, pos, moves)
            } else {
                block(&camelot_family(variant), label, pos, moves)
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Runs one row of a table (for the assertions).
fn trace_of(rows: &[Row], label: &str) -> (Trace, String) {
    let &(_, variant, pos, moves) = rows.iter().find(|r| r.0 == label).unwrap_or_else(|| panic!("no row {label}"));
    if variant == "checkers" {
        let g = checkers();
        let t = run(&g, pos, moves);
        let r = result(&g, &t);
        (t, r)
    } else {
        let g = camelot_family(variant);
        let t = run(&g, pos, moves);
        let r = result(&g, &t);
        (t, r)
    }
}

fn strings(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

fn pieces(p: &Position) -> u32 {
    (0..3).map(|i| p.pieces_of(leap_core::Player(i)).len()).sum()
}

// ---------------------------------------------------------------------------
// (1) A multi-jump: a Man that can take three in a row, with a choice at the
// end; a second piece of its side that cannot capture, so the capture
// obligation leaves it no move.

const MULTI_JUMP: &[Row] = &[
    // A4 over B4 to C4; from C4 over D3 (to E2), D4 (to E4) or D5 (to E6);
    // from E4 over D3 (to C2) or D5 (to C6). Every jump goes on while it can.
    ("camelot", "camelot", "W:WKB6,A4:BB4,D4,D3,D5", "A4xC4xE4xC6"),
    ("parker-1930", "parker-1930", "W:WKB6,A4:BB4,D4,D3,D5", "A4xC4xE4xC6"),
    ("regicide", "regicide", "W:WPB6,A4:BPL13,B4,D4,D3,D5", "A4xC4xE4xC6"),
    // Files shifted right by one: A4 is not a cell of Chivalry.
    ("chivalry", "chivalry", "W:WKC6,B4:BC4,E4,E3,E5", "B4xD4xF4xD6"),
    ("cam", "cam", "W:WKB6,A4:BB4,D4,D3,D5", "A4xC4xE4xC6"),
    // E2 and E6 are not cells of Camette: only the two three-capture paths.
    ("camette", "camette", "W:WKB6,A4:BB4,D4,D3,D5", "A4xC4xE4xC6"),
    ("skirmish", "skirmish", "W:WKB6,A4:BKH7,B4,D4,D3,D5", "A4xC4xE4xC6"),
    // Hex: F5 over F7 (Red) to F9, over F11 (Green) to F13, then over E14
    // (Red) to D15 or G14 (Green) to H15: pieces of either opponent.
    ("tri-camelot", "tri-camelot", "B:BKD5,F5:RKB13,F7,E14:GKJ13,F11,G14", "F5xF9xF13xH15"),
    // A man jumps forward only: 29 over 25 to 22, over 18 to 15, then over
    // 10 to 6 or over 11 to 8. The man on 32 may not step (capture is compulsory).
    ("checkers", "checkers", "W:W29,32:B10,11,18,25", "29x22x15x8"),
];

#[test]
fn scenario_1_multi_jump() {
    let four = strings(&["A4xC4xE2", "A4xC4xE4xC2", "A4xC4xE4xC6", "A4xC4xE6"]);
    for v in ["camelot", "parker-1930", "regicide", "cam", "skirmish"] {
        let (t, r) = trace_of(MULTI_JUMP, v);
        assert_eq!(t.legal, four, "{v}: only the jumps of A4, each as far as it goes");
        assert_eq!(pieces(&t.start) - pieces(t.last()), 3, "{v}: three pieces taken");
        assert_eq!(r, "none, the game goes on (Black to move)", "{v}");
    }
    let (t, _) = trace_of(MULTI_JUMP, "chivalry");
    assert_eq!(t.legal, strings(&["B4xD4xF2", "B4xD4xF4xD2", "B4xD4xF4xD6", "B4xD4xF6"]));
    let (t, _) = trace_of(MULTI_JUMP, "camette");
    assert_eq!(t.legal, strings(&["A4xC4xE4xC2", "A4xC4xE4xC6"]));
    let (t, r) = trace_of(MULTI_JUMP, "tri-camelot");
    assert_eq!(t.legal, strings(&["F5xF9xF13xD15", "F5xF9xF13xH15"]));
    assert_eq!(r, "none, the game goes on (Red to move)");
    let (t, r) = trace_of(MULTI_JUMP, "checkers");
    assert_eq!(t.legal, strings(&["29x22x15x6", "29x22x15x8"]));
    assert_eq!(r, "none, the game goes on (Black to move)");
    insta::assert_snapshot!(table(MULTI_JUMP));
}

// ---------------------------------------------------------------------------
// (2) A Knight's Charge: the Knight canters over its own Man and then jumps.
// No jump is available at the start, so every move is legal, except the
// Knight's pure canter to where it could jump (WCF test 29): it must go on
// to capture. The Man may not canter over the Knight into its own castle.

const CHARGE: &[Row] = &[
    ("camelot", "camelot", "W:WKC2,C3:BC5,L13", "C2-C4xC6"),
    ("parker-1930", "parker-1930", "W:WKC2,C3:BC5,L13", "C2-C4xC6"),
    // The Prince (in place of the Man) moves like a Man.
    ("regicide", "regicide", "W:WKC2,PC3:BPL13,C5", "C2-C4xC6"),
    ("chivalry", "chivalry", "W:WKD2,D3:BD5,N12", "D2-D4xD6"),
    ("cam", "cam", "W:WKC2,C3:BC5,G10", "C2-C4xC6"),
    ("camette", "camette", "W:WKC2,C3:BC5,E5", "C2-C4xC6"),
    ("skirmish", "skirmish", "W:WKC2,C3:BKH7,C5,G7", "C2-C4xC6"),
    ("tri-camelot", "tri-camelot", "B:BKF3,F5:RKB13,F9:GKJ13", "F3-F7xF11"),
];

#[test]
fn scenario_2_knights_charge() {
    let camelot =
        strings(&["C2-D2", "C2-B3", "C2-D3", "C2-C4xC6", "C3-D2", "C3-B3", "C3-D3", "C3-B4", "C3-C4", "C3-D4"]);
    for v in ["camelot", "parker-1930", "regicide", "cam"] {
        let (t, r) = trace_of(CHARGE, v);
        let mut legal = t.legal.clone();
        legal.sort();
        let mut want = camelot.clone();
        want.sort();
        assert_eq!(legal, want, "{v}");
        assert_eq!(r, "none, the game goes on (Black to move)", "{v}");
    }
    // Camette and Skirmish have B2, so two more plain moves; C1 and D1 are
    // the own castle, never entered by a plain move or a canter.
    for v in ["camette", "skirmish"] {
        let (t, _) = trace_of(CHARGE, v);
        assert_eq!(t.legal.len(), 12, "{v}: {:?}", t.legal);
        assert!(t.legal.contains(&"C2-C4xC6".to_string()) && t.legal.contains(&"C2-B2".to_string()), "{v}");
    }
    let (t, _) = trace_of(CHARGE, "camette");
    assert!(!t.legal.iter().any(|m| m.ends_with("C1")), "no plain move or canter into one's own castle");
    for (v, charge, canter) in [
        ("camelot", "C2-C4xC6", "C2-C4"),
        ("chivalry", "D2-D4xD6", "D2-D4"),
        ("camette", "C2-C4xC6", "C2-C4"),
        ("skirmish", "C2-C4xC6", "C2-C4"),
        ("tri-camelot", "F3-F7xF11", "F3-F7"),
    ] {
        let (t, _) = trace_of(CHARGE, v);
        assert!(t.legal.iter().any(|m| m == charge), "{v}: the charge {charge}");
        assert!(!t.legal.iter().any(|m| m == canter), "{v}: no pure canter {canter} (canter rule)");
    }
    let (t, _) = trace_of(CHARGE, "tri-camelot");
    assert_eq!(t.legal.len(), 10, "{:?}", t.legal);
    let mut out = table(CHARGE);
    out.push('\n');
    out.push_str(&not_applicable(
        "checkers",
        "a man or king only steps or jumps; there is no canter, so no Knight's Charge",
    ));
    insta::assert_snapshot!(out);
}

// ---------------------------------------------------------------------------
// (3) A jump into one's own castle that could continue out of it: WCF (and
// every variant but parker-1930) goes on; the Parker Brothers 1930 rules end
// the move in the castle, and the piece must leave on its next turn,
// jumping out if it can.

const OWN_CASTLE: &[Row] = &[
    ("camelot", "camelot", "W:WKA8,F3:BKL13,E2,F2", "F3xF1xD3"),
    // Black's reply, then White must leave the castle: the jump out is its
    // only legal move (the Knight on A8 may not move).
    ("parker-1930", "parker-1930", "W:WKA8,F3:BKL13,E2,F2", "F3xF1 L13-L12 F1xD3"),
    ("regicide", "regicide", "W:WPA8,F3:BPL13,E2,F2", "F3xF1xD3"),
    ("chivalry", "chivalry", "W:WKA8,G3:BKN12,F2,G2", "G3xG1xE3"),
    ("cam", "cam", "W:WKA8,D3:BKG10,C2,D2", "D3xD1xB3"),
    ("camette", "camette", "W:WKE4,C3:BD6,B2,C2", "C3xC1xA3"),
    ("skirmish", "skirmish", "W:WKA5,D3:BKH7,G7,C2,D2", "D3xD1xB3"),
    ("tri-camelot", "tri-camelot", "B:BF5:RKB13,F3:GKJ13,E2", "F5xF1xD3"),
];

#[test]
fn scenario_3_jump_into_own_castle() {
    for (v, jump) in [
        ("camelot", "F3xF1xD3"),
        ("regicide", "F3xF1xD3"),
        ("chivalry", "G3xG1xE3"),
        ("cam", "D3xD1xB3"),
        ("camette", "C3xC1xA3"),
        ("skirmish", "D3xD1xB3"),
        ("tri-camelot", "F5xF1xD3"),
    ] {
        let (t, r) = trace_of(OWN_CASTLE, v);
        assert_eq!(t.legal, strings(&[jump]), "{v}: the jump goes on out of the castle");
        assert_eq!(pieces(&t.start) - pieces(t.last()), 2, "{v}: two pieces taken");
        assert!(r.starts_with("none"), "{v}: {r}");
    }
    let (t, r) = trace_of(OWN_CASTLE, "parker-1930");
    assert_eq!(t.legal, strings(&["F3xF1"]), "parker-1930: the jump ends in the castle");
    let g = camelot_family("parker-1930");
    let in_castle = t.steps[0].after.as_ref().unwrap();
    let f1 = g.board().cell("F1").unwrap();
    assert!(in_castle.piece_at(f1).is_some(), "the Man stands in its castle");
    assert_eq!(t.steps[2].legal, strings(&["F1xD3"]), "next turn it must jump out");
    assert!(r.starts_with("none"), "{r}");
    // The jumping part of a Knight's Charge follows the same rule.
    let charge = "W:WKF5,F4,KA8:BF2,E2,L13";
    for (v, has, lacks) in [("camelot", "F5-F3xF1xD3", "F5-F3xF1"), ("parker-1930", "F5-F3xF1", "F5-F3xF1xD3")] {
        let legal = run(&camelot_family(v), charge, "").legal;
        assert!(legal.iter().any(|m| m == has) && !legal.iter().any(|m| m == lacks), "{v}: {legal:?}");
        assert!(!legal.iter().any(|m| m == "F5-F3"), "{v}: the canter alone would end where it could jump");
    }
    let mut out = table(OWN_CASTLE);
    out.push('\n');
    out.push_str(&not_applicable("checkers", "there are no castles"));
    insta::assert_snapshot!(out);
}

// ---------------------------------------------------------------------------
// (4) A castle entry: a jump into the opponent's castle ends there, even
// though a jump on out of it would be possible; whether that wins depends on
// the variant's castle occupancy. Tri-Camelot: the castle on the left wins
// (even when a jump is available elsewhere), the one on the right is barred.
// Checkers has no castles; the nearest thing is crowning, which also ends
// a capturing move.

const CASTLE_ENTRY: &[Row] = &[
    ("camelot", "camelot", "W:WKA8,F14:BF15,G15", "F14xF16"),
    ("camelot (a second piece enters)", "camelot", "W:WKA8,F14,G16:BF15,G15", "F14xF16"),
    ("parker-1930", "parker-1930", "W:WKA8,F14:BF15,G15", "F14xF16"),
    ("regicide", "regicide", "W:WPA8,F14:BPL13,F15,G15", "F14xF16"),
    ("chivalry", "chivalry", "W:WKA8,G14:BG15,H15", "G14xG16"),
    ("cam", "cam", "W:WKA8,D11:BD12,E12", "D11xD13"),
    ("camette", "camette", "W:WKA3,C5:BC6,D6", "C5xC7"),
    ("skirmish", "skirmish", "W:WKA4,D6:BKH2,D7,E7", "D6xD8"),
    ("tri-camelot (left castle)", "tri-camelot", "B:BA12:RKF13,A14,B15:GKJ13", "A12xA16"),
    ("tri-camelot (left castle, a jump available)", "tri-camelot", "B:BB15,F5:RKD11,F7:GKJ13", "B15-A16"),
    ("tri-camelot (right castle)", "tri-camelot", "B:BK12:RKB13:GK14,J15", "K12xK16"),
    // 11 over 7 lands on 2, the far row: crowned, and the move ends, though
    // a king could go on over 6.
    ("checkers", "checkers", "W:W11:B6,7", "11x2"),
];

#[test]
fn scenario_4_castle_entry() {
    let rows = CASTLE_ENTRY;
    for (v, entry) in [
        ("camelot", "F14xF16"),
        ("parker-1930", "F14xF16"),
        ("regicide", "F14xF16"),
        ("chivalry", "G14xG16"),
        ("skirmish", "D6xD8"),
    ] {
        let (t, r) = trace_of(rows, v);
        assert_eq!(t.legal, strings(&[entry]), "{v}: the move ends in the castle");
        assert_eq!(pieces(&t.start) - pieces(t.last()), 1, "{v}: one piece taken, not two");
        assert_eq!(r, "none, the game goes on (Black to move)", "{v}: one piece in the castle does not win");
    }
    // A canter into the opponent's castle ends there too, and the Knight
    // canter rule does not apply in it (a piece there never jumps, though
    // G15 could be leapt from F16 to H14).
    let g = camelot_family("camelot");
    let canter = run(&g, "W:WKF14,F15,KA8:BG15,H15,L13", "F14-F16");
    assert!(canter.legal.contains(&"F14-F16".to_string()), "{:?}", canter.legal);
    assert_eq!(result(&g, &canter), "none, the game goes on (Black to move)");
    let (_, r) = trace_of(rows, "camelot (a second piece enters)");
    assert_eq!(r, "White wins: goal reached");
    for v in ["cam", "camette"] {
        let (t, r) = trace_of(rows, v);
        assert_eq!(t.legal.len(), 1, "{v}");
        assert_eq!(r, "White wins: goal reached", "{v}: one piece in the castle wins");
    }
    let (t, r) = trace_of(rows, "tri-camelot (left castle)");
    assert_eq!(t.legal, strings(&["A12xA16"]));
    assert_eq!(r, "Blue wins: goal reached");
    let (t, r) = trace_of(rows, "tri-camelot (left castle, a jump available)");
    let mut legal = t.legal.clone();
    legal.sort();
    assert_eq!(legal, strings(&["B15-A16", "F5xF9"]), "the entry is exempt from the capture obligation");
    assert_eq!(r, "Blue wins: goal reached");
    let (t, _) = trace_of(rows, "tri-camelot (right castle)");
    assert_eq!(t.legal, strings(&["K12-J11", "K12-J13"]), "K16 may not be entered");
    assert!(t.steps[0].after.is_err(), "K12xK16 is not legal");
    let (t, r) = trace_of(rows, "checkers");
    assert_eq!(t.legal, strings(&["11x2"]));
    assert_eq!(r, "none, the game goes on (Black to move)");
    assert_eq!(format_position(&checkers(), t.last()), "B:WK2:B6", "crowned on 2; the man on 6 is still there");
    insta::assert_snapshot!(table(rows));
}

// ---------------------------------------------------------------------------
// (5) A bare side: capturing the last enemy piece. Camelot-like: a win with
// at least two pieces left, else a draw; Cam and Camette: a win with any;
// Regicide: taking the Prince wins though other pieces remain; Skirmish: a
// side left without Men and with one Knight may bare the other at once, and
// after one more move (in which a Knight could still be taken) the game is
// drawn; Tri-Camelot:
// the last player with pieces wins, a player without pieces is out;
// checkers: the side without pieces has no move and loses.

const BARE: &[Row] = &[
    ("camelot (one piece left)", "camelot", "W:WE4:BE5,E7", "E4xE6xE8"),
    ("camelot (two pieces left)", "camelot", "W:WKA8,E4:BE5,E7", "E4xE6xE8"),
    ("parker-1930", "parker-1930", "W:WE4:BE5,E7", "E4xE6xE8"),
    ("chivalry", "chivalry", "W:WE4:BE5,E7", "E4xE6xE8"),
    ("regicide", "regicide", "W:WPA8,E4:BKL13,PE5", "E4xE6"),
    ("cam", "cam", "W:WE4:BE5,E7", "E4xE6xE8"),
    ("camette", "camette", "W:WC2:BC3,C5", "C2xC4xC6"),
    ("skirmish (bared, bares back)", "skirmish", "W:WKH2,B3:BKA5,B4", "B3xB5 A5xC5 H2-H3"),
    ("skirmish (bared, cannot bare back)", "skirmish", "W:WKH2,B3:BKA7,B4", "B3xB5 A7-B7"),
    ("tri-camelot (both opponents' last pieces)", "tri-camelot", "B:BF5:RF7:GF11", "F5xF9xF13"),
    ("tri-camelot (Red's last piece)", "tri-camelot", "B:BF5:RF7:GKJ13", "F5xF9"),
    ("checkers", "checkers", "W:W29:B18,25", "29x22x15"),
];

#[test]
fn scenario_5_bare_side() {
    let rows = BARE;
    let expect = [
        ("camelot (one piece left)", "draw: all pieces of a side captured"),
        ("camelot (two pieces left)", "White wins: all pieces of a side captured"),
        ("parker-1930", "draw: all pieces of a side captured"),
        ("chivalry", "draw: all pieces of a side captured"),
        ("regicide", "White wins: royal piece lost"),
        ("cam", "White wins: all pieces of a side captured"),
        ("camette", "White wins: all pieces of a side captured"),
        ("skirmish (bared, bares back)", "draw: a side left with no piece that counts"),
        ("skirmish (bared, cannot bare back)", "White wins: a side left with no piece that counts"),
        ("tri-camelot (both opponents' last pieces)", "Blue wins: all pieces of a side captured"),
        ("tri-camelot (Red's last piece)", "none, the game goes on (Green to move)"),
        // Black has no piece left: the engine names the reason as the
        // elimination (the same as "no legal move": White wins).
        ("checkers", "White wins: all pieces of a side captured"),
    ];
    assert_eq!(expect.len(), rows.len());
    for (label, want) in expect {
        let (t, r) = trace_of(rows, label);
        assert_eq!(t.legal.len(), 1, "{label}: the capture is the only legal move: {:?}", t.legal);
        assert_eq!(r, want, "{label}");
    }
    // Skirmish: the bared side gets its move, and must use it to bare back.
    let (t, _) = trace_of(rows, "skirmish (bared, bares back)");
    assert_eq!(t.steps[0].outcome, None, "the bared side moves before the game ends");
    assert_eq!(t.steps[1].legal, strings(&["A5xC5"]));
    assert_eq!(t.steps[1].outcome, None, "after the counter-baring move, one more move");
    let (t, _) = trace_of(rows, "skirmish (bared, cannot bare back)");
    assert_eq!(t.steps[0].outcome, None);
    insta::assert_snapshot!(table(rows));
}

// ---------------------------------------------------------------------------
// (6) A stalemate: the player to move has no legal move. Its only piece is
// walled in its own castle: every exit is taken and every landing behind
// is taken too. Camelot and its relatives: a loss if the opponent has
// at least two pieces (Cam, Camette: any); Tri-Camelot: the player passes;
// checkers: a loss.

const STALEMATE: &[Row] = &[
    ("camelot (walled in its own castle)", "camelot", "W:WF1:BG1,E2,F2,G2,D3,F3,H3", ""),
    // A piece in the opponent's castle never leaves it; with both castle
    // moves used up it cannot move at all.
    ("camelot (in the enemy castle, castle moves used up)", "camelot", "W:WF16:BKA4,B4 castle-moves=2,0", ""),
    ("parker-1930", "parker-1930", "W:WF1:BG1,E2,F2,G2,D3,F3,H3", ""),
    ("regicide", "regicide", "W:WPF1:BG1,E2,F2,G2,D3,F3,PH3", ""),
    ("chivalry", "chivalry", "W:WG1:BH1,F2,G2,H2,E3,G3,I3", ""),
    ("cam", "cam", "W:WD1:BC2,D2,E2,B3,D3,F3", ""),
    ("camette", "camette", "W:WC1:BB2,C2,D2,A3,C3,E3", ""),
    // White needs a Knight (extinction) and a Man (baring): the Knight
    // stands in Black's castle with its castle moves used up.
    ("skirmish", "skirmish", "W:WKD8,D1:BKF3,E1,C2,D2,E2,B3,D3 castle-moves=2,0", ""),
    ("tri-camelot", "tri-camelot", "B:BF1:RD3,E2,F3:GF5,G2,H3", "pass"),
    ("checkers", "checkers", "W:W29:B22,25", ""),
];

#[test]
fn scenario_6_stalemate() {
    let rows = STALEMATE;
    for &(label, variant, _, _) in rows {
        let (t, r) = trace_of(rows, label);
        if variant == "tri-camelot" {
            assert_eq!(t.legal, strings(&["pass"]), "{label}: Blue passes");
            assert_eq!(r, "none, the game goes on (Red to move)", "{label}");
        } else {
            assert!(t.legal.is_empty(), "{label}: {:?}", t.legal);
            assert_eq!(r, "Black wins: no legal move", "{label}");
        }
    }
    // The value of having no move, when the opponent has a single piece
    // (no real position walls anything in with one piece, so the rule is
    // asked directly): Camelot and its relatives draw, Cam and Camette lose.
    for (v, want) in [
        ("camelot", "draw: no legal move"),
        ("chivalry", "draw: no legal move"),
        ("cam", "Black wins: no legal move"),
        ("camette", "Black wins: no legal move"),
    ] {
        let g = camelot_family(v);
        let p = parse_position(&g, "W:WKB5,B4:BE5").unwrap();
        assert_eq!(outcome_text(&g, &p, Some(g.no_moves(&p))), want, "{v}");
    }
    // With one castle move left, the piece in the enemy castle could move.
    let g = camelot_family("camelot");
    let p = parse_position(&g, "W:WF16:BKA4,B4 castle-moves=1,0").unwrap();
    assert_eq!(legal_move_texts(&g, &p), strings(&["F16-G16"]));
    insta::assert_snapshot!(table(rows));
}

// ---------------------------------------------------------------------------
// Diagnostics for broken variant files.

/// A small valid variant; each inline case below breaks it in one place.
const TINY: &str = r#"name = "tiny"
title = "Tiny (a test board)"

[board]
geometry = "square"
files = 4
ranks = 5
layout = """
 ..
....
....
....
 ..
"""

[[players]]
name = "White"
letter = "W"
castle = ["B1", "C1"]

[[players]]
name = "Black"
letter = "B"
castle = ["B5", "C5"]

[[pieces]]
name = "Knight"
prefix = "K"
symbol = "K"
charge = true

[[pieces]]
name = "Man"
prefix = ""
symbol = "M"

[setup]
White = "KA2,B2"
Black = "KD4,C4"
"#;

/// `TINY` with `from` replaced by `to` (which must occur exactly once).
fn tiny_with(from: &str, to: &str) -> String {
    assert_eq!(TINY.matches(from).count(), 1, "`{from}` occurs once in TINY");
    TINY.replacen(from, to, 1)
}

#[test]
fn broken_variant_files() {
    assert!(leap_camelot::parse_variant("tiny.toml", TINY).is_ok(), "the base of the inline cases is valid");
    let mut cases: Vec<(String, String)> = Vec::new();
    for file in ["misspelt_key", "castle_off_board", "two_on_one_cell", "syntax_error", "two_problems"] {
        let path = format!("tests/variants/{file}.toml");
        let text = std::fs::read_to_string(format!("{}/{path}", env!("CARGO_MANIFEST_DIR"))).expect("test file");
        cases.push((path, text));
    }
    let inline = [
        ("extends_unknown.toml", "extends = \"grand-camelot\"\nname = \"grander\"\n".to_string()),
        (
            "end_unknown_piece.toml",
            format!("{TINY}\n[end]\nroyal = [\"King\"]\nextinction = [\"Knight\", \"Squire\"]\n"),
        ),
        ("layout_ranks.toml", tiny_with("ranks = 5", "ranks = 6")),
        (
            "piece_letter_twice.toml",
            tiny_with("name = \"Man\"\nprefix = \"\"\nsymbol = \"M\"", "name = \"Man\"\nprefix = \"\"\nsymbol = \"K\""),
        ),
        ("piece_prefix_twice.toml", tiny_with("name = \"Man\"\nprefix = \"\"", "name = \"Man\"\nprefix = \"K\"")),
        (
            "one_player.toml",
            tiny_with("[[players]]\nname = \"Black\"\nletter = \"B\"\ncastle = [\"B5\", \"C5\"]\n", ""),
        ),
    ];
    for (name, text) in inline {
        cases.push((name.to_string(), text));
    }
    let mut out = String::new();
    for (name, text) in &cases {
        let errors = match leap_camelot::parse_variant(name, text) {
            Ok(_) => panic!("{name} is accepted"),
            Err(e) => e,
        };
        assert!(!errors.diagnostics.is_empty(), "{name}");
        for d in &errors.diagnostics {
            assert!(d.line >= 1 && d.line <= text.lines().count().max(1), "{name}: line {} is in the file", d.line);
        }
        out.push_str(&format!("=== {name} ===\n{errors}\n\n"));
    }
    // Every problem at once: the file with two problems reports both.
    let (_, text) = cases.iter().find(|(n, _)| n.ends_with("two_problems.toml")).expect("listed");
    let two = leap_camelot::parse_variant("two_problems.toml", text).unwrap_err();
    assert_eq!(two.diagnostics.len(), 2, "{two}");
    insta::assert_snapshot!(out.trim_end());
}
