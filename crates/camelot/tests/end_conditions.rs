//! End conditions in the royalty/baring style, on the demonstration variants
//! (`regicide`: a royal Prince; `skirmish`: extinction of the Knights and
//! baring of the Men with the counter-baring draw), and `extends`.

use leap_core::{
    notation::{parse_position, read_move},
    EndReason, Game, GameResult, Outcome, Player, Position,
};

fn play(g: &leap_camelot::Camelot, pos: &str, moves: &[&str]) -> Position {
    let mut p = parse_position(g, pos).unwrap_or_else(|e| panic!("{e}"));
    for m in moves {
        let read = read_move(g, &p, m).unwrap_or_else(|e| panic!("{m}: {e}"));
        assert_eq!(read.completed, None, "{m} is written in full");
        p = g.play_unchecked(&p, &read.key);
    }
    p
}

fn win(p: u8, reason: EndReason) -> Option<Outcome> {
    Some(Outcome { result: GameResult::Win(Player(p)), reason })
}

#[test]
fn losing_the_royal_prince_loses_at_once() {
    let g = leap_camelot::load("regicide").unwrap();
    // Black still has a Knight and a Man, but its Prince is taken.
    let after = play(&g, "W:WKC6,E8,PA4:BKJ11,A13,PE9", &["E8xE10"]);
    assert_eq!(g.outcome(&after), win(0, EndReason::Royal));
    // A side given without its Prince has already lost.
    let headless = parse_position(&g, "W:WKC6,E8:BKJ11,A13,PE9").unwrap();
    assert_eq!(g.outcome(&headless), win(1, EndReason::Royal));
    // Without the capture the game goes on.
    let quiet = play(&g, "W:WKC6,E8,PA4:BKJ11,A13,PE12", &["E8-E9"]);
    assert_eq!(g.outcome(&quiet), None);
}

#[test]
fn regicide_extends_camelot_and_changes_only_pieces_setup_and_end() {
    let g = leap_camelot::load("regicide").unwrap();
    let camelot = leap_camelot::load("camelot").unwrap();
    assert_eq!(g.board().len(), 160);
    assert_eq!(g.rules(), camelot.rules());
    assert_eq!(g.end_rules().goal_count, Some(2));
    assert_eq!(g.legal_moves(&g.start()).len(), 100, "the Prince moves like the Man it replaces");
}

#[test]
fn losing_the_last_knight_loses_by_extinction() {
    let g = leap_camelot::load("skirmish").unwrap();
    // One Knight gone is a spare lost: the game goes on.
    let one = play(&g, "W:WKC2,KF2,C3,D3:BKD4,KH6,G7,H7", &["D3xD5"]);
    assert_eq!(g.outcome(&one), None);
    // The last one gone loses, though Black still has Men.
    let last = play(&g, "W:WKC2,KF2,C3,D3:BKD4,G7,H7", &["D3xD5"]);
    assert_eq!(g.outcome(&last), win(0, EndReason::Royal));
}

#[test]
fn a_bared_side_that_bares_back_at_once_draws() {
    let g = leap_camelot::load("skirmish").unwrap();
    // White takes Black's last Man; Black, down to one Knight, is bare (royalty
    // count 0 Men + 1024 x (1 - 1) = 0) but may reply.
    let bared = play(&g, "W:WKH5,D4:BKA5,C4", &["D4xB4"]);
    assert_eq!(g.outcome(&bared), None, "the bared side gets its move");
    assert_eq!(leap_core::notation::legal_move_texts(&g, &bared), vec!["A5xC3"], "and must capture");
    // It bares White back: both at 0. The game goes on for one move (in which
    // a Knight could still be taken), then it is drawn.
    let both = g.play_unchecked(&bared, &read_move(&g, &bared, "A5xC3").unwrap().key);
    assert_eq!(g.outcome(&both), None);
    let after = g.play_unchecked(&both, &read_move(&g, &both, "H5-H6").unwrap().key);
    assert_eq!(g.outcome(&after), Some(Outcome { result: GameResult::Draw, reason: EndReason::Bared }));
    // With both Knights Black is not bare (0 + 1024 x (2 - 1) = 1024).
    let spare = play(&g, "W:WKH5,D4:BKA5,KG7,C4", &["D4xB4"]);
    assert_eq!(g.end_rules().royalty(&spare, Player(1)), 1024);
}

#[test]
fn a_bared_side_that_cannot_bare_back_loses_after_its_move() {
    let g = leap_camelot::load("skirmish").unwrap();
    let bared = play(&g, "W:WKC2,C3:BKH6,D4", &["C3xE5"]);
    assert_eq!(g.outcome(&bared), None);
    let after = play(&g, &leap_core::notation::format_position(&g, &bared), &["H6-H5"]);
    assert_eq!(g.outcome(&after), win(0, EndReason::Bared));
}

#[test]
fn extends_reports_problems_at_the_right_place() {
    let bad = leap_camelot::parse_variant("x.toml", "extends = \"nowhere\"\nname = \"x\"\n").unwrap_err();
    assert_eq!(bad.diagnostics.len(), 1);
    assert_eq!((bad.diagnostics[0].line, bad.diagnostics[0].column), (1, 11));
    assert!(
        bad.diagnostics[0].message.starts_with("extends `nowhere`: expected a built-in variant (camelot, "),
        "{bad}"
    );
    assert!(bad.diagnostics[0].message.ends_with("; there is no file nowhere"), "{bad}");

    // An override that does not fit what is inherited is reported where it is written.
    let text = "extends = \"camelot\"\nname = \"x\"\n[setup]\nWhite = \"KC6,Z9\"\nBlack = \"KC11\"\n";
    let bad = leap_camelot::parse_variant("x.toml", text).unwrap_err();
    assert_eq!(bad.to_string(), "x.toml:4:14: error: [setup] White: `Z9`: Z9 is not a cell of this board");

    // A misspelt key in the extending file is still an error.
    let bad = leap_camelot::parse_variant("x.toml", "extends = \"camelot\"\nname = \"x\"\n[rules]\ncastel_moves = 1\n")
        .unwrap_err();
    assert_eq!((bad.diagnostics[0].line, bad.diagnostics[0].column), (4, 1));
    assert!(
        bad.diagnostics[0].message.starts_with("unknown key `castel_moves` in [rules]; did you mean `castle_moves`?"),
        "{bad}"
    );

    // Without `extends`, every required key must be there, and the message says which are missing.
    let bad = leap_camelot::parse_variant("x.toml", "name = \"x\"\n").unwrap_err();
    assert_eq!(
        bad.to_string(),
        "x.toml:1:1: error: missing board.geometry, board.files, board.ranks, board.layout, players, pieces, setup \
         (or `extends` a variant that has them)"
    );
}

#[test]
fn end_conditions_name_only_known_pieces() {
    let text = "extends = \"camelot\"\nname = \"x\"\n[end]\nroyal = [\"King\"]\n";
    let bad = leap_camelot::parse_variant("x.toml", text).unwrap_err();
    assert_eq!(
        bad.to_string(),
        "x.toml:4:10: error: royal names `King`, which is not a piece; expected one of Knight, Man"
    );
}
