//! Snapshots of what a person reads: diagrams and move lists.

use leap_core::{
    notation::{diagram, format_position, legal_move_texts, Diagram},
    Game, History,
};

fn camelot() -> leap_camelot::Camelot {
    leap_camelot::load("camelot").expect("built-in variant")
}

#[test]
fn camelot_start_diagram() {
    let g = camelot();
    let start = g.start();
    insta::assert_snapshot!(format!("{}{}", diagram(&g, &start), format_position(&g, &start)));
}

#[test]
fn camelot_start_moves() {
    let g = camelot();
    let moves = legal_move_texts(&g, &g.start());
    assert_eq!(moves.len(), 100);
    insta::assert_snapshot!(moves.join("\n"));
}

#[test]
fn camelot_after_an_exchange() {
    // 1.F7-F8 F10-F9: the Men meet, and White must capture; the only
    // piece that can is F8, by three different chains.
    let g = camelot();
    let mut h = History::new(g.start());
    for m in ["F7-F8", "F10-F9"] {
        h.play_text(&g, m).expect("legal");
    }
    let moves = legal_move_texts(&g, h.current());
    insta::assert_snapshot!(format!(
        "{}{}\n{}",
        diagram(&g, h.current()),
        format_position(&g, h.current()),
        moves.join("\n")
    ));
}

fn checkers() -> leap_checkers::Checkers {
    leap_checkers::load("checkers").expect("built-in variant")
}

#[test]
fn checkers_start_diagram() {
    // Numbered squares: the empty ones show their PDN numbers.
    let g = checkers();
    let start = g.start();
    insta::assert_snapshot!(format!("{}{}", diagram(&g, &start), format_position(&g, &start)));
}

#[test]
fn checkers_start_moves() {
    let g = checkers();
    let moves = legal_move_texts(&g, &g.start());
    assert_eq!(moves.len(), 7);
    insta::assert_snapshot!(moves.join("\n"));
}

#[test]
fn checkers_after_an_exchange() {
    // 1.11-15 23-19 2.8-11 22-17 3.9-13 17-14: Black must capture, and can
    // only by 10x17; White then has two ways to recapture.
    let g = checkers();
    let mut h = History::new(g.start());
    for m in ["11-15", "23-19", "8-11", "22-17", "9-13", "17-14"] {
        h.play_text(&g, m).expect("legal");
    }
    let black = legal_move_texts(&g, h.current());
    h.play_text(&g, "10x17").expect("legal");
    let white = legal_move_texts(&g, h.current());
    insta::assert_snapshot!(format!(
        "{}{}\nBlack: {}\nWhite after 10x17: {}",
        diagram(&g, h.current()),
        format_position(&g, h.current()),
        black.join(" "),
        white.join(" ")
    ));
}

/// A position after `moves`, drawn as `play` draws it: the last move
/// marked, the keys a player needs.
fn as_played<G: Game>(g: &G, start: &str, moves: &[&str]) -> String {
    let mut h = History::new(leap_core::notation::parse_position(g, start).expect("a position"));
    for m in moves {
        h.play_text(g, m).expect("legal");
    }
    Diagram::new(g, h.current()).last_move(h.moves().last()).keys(true).to_string()
}

#[test]
fn camelot_a_knights_charge_marked() {
    // The canter's landing E8 and the jump's E10 are `*`, the Men taken
    // on E9 and E11 `x`, the Knight where it stopped in parentheses.
    insta::assert_snapshot!(as_played(&camelot(), "W:WKC6,D7:BE9,E11,H12 castle-moves=0,0", &["C6-E8xE10xE12"]));
}

#[test]
fn checkers_a_double_jump_marked_with_the_key_of_squares() {
    insta::assert_snapshot!(as_played(&checkers(), "B:W18,27,10:B14,1", &["14x23x32"]));
}

#[test]
fn tri_camelot_castles_keyed_and_a_move_marked() {
    let g = leap_camelot::load("tri-camelot").expect("built-in variant");
    insta::assert_snapshot!(as_played(&g, &format_position(&g, &g.start()), &["F5-F9"]));
}
