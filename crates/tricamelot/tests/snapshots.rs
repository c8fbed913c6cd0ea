//! Snapshots of what a person reads for Tri-Camelot: the hex diagram and the move list.

use leap_core::{
    notation::{diagram, format_position, legal_move_texts},
    Game, History,
};

#[test]
fn tri_camelot_start_diagram() {
    let g = leap_tricamelot::game();
    let start = g.start();
    insta::assert_snapshot!(format!("{}{}", diagram(&g, &start), format_position(&g, &start)));
}

#[test]
fn tri_camelot_start_moves() {
    let g = leap_tricamelot::game();
    let moves = legal_move_texts(&g, &g.start());
    assert_eq!(moves.len(), 36);
    insta::assert_snapshot!(moves.join("\n"));
}

#[test]
fn tri_camelot_after_one_round() {
    // Blue and Green advance a Man each; Red's Knight canters forward.
    let g = leap_tricamelot::game();
    let mut h = History::new(g.start());
    for m in ["F7-F9", "C14-E12", "H13-G12"] {
        h.play_text(&g, m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    let moves = legal_move_texts(&g, h.current());
    insta::assert_snapshot!(format!(
        "{}{}\n{}",
        diagram(&g, h.current()),
        format_position(&g, h.current()),
        moves.join(" ")
    ));
}

#[test]
fn impossible_positions_are_refused() {
    let g = leap_tricamelot::game();
    let err = leap_core::notation::parse_position(&g, "R:BF5:R:GI18").unwrap_err();
    assert_eq!(err.first().column, 1);
    assert_eq!(err.first().kind.to_string(), "Red has no pieces, is out of the game, and cannot be the player to move");
    let err = leap_core::notation::parse_position(&g, "B:BF5,K16:RA12:GI18").unwrap_err();
    assert_eq!(
        err.first().kind.to_string(),
        "Blue has a piece on K16, in the castle of Green, which it may never enter"
    );
    // (Shown where that piece is written.)
    assert_eq!(err.first().column, 7);
    // A finished game: only Blue is left, and the turn may rest with anybody.
    assert!(leap_core::notation::parse_position(&g, "R:BF5,F7:R:G").is_ok());
}
