//! Snapshots of what a person reads: diagrams and move lists.

use leap_core::{diagram, format_position, legal_move_texts, Game, History};

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
