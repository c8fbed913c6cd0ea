//! Snapshots of what a person reads: diagrams and move lists.

use leap_core::{
    notation::{diagram, format_position, legal_move_texts},
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
