//! The 39 rules tests of the World Camelot Federation ("Rules testing" in
//! the WCF's notes on computer programs), one named test per component:
//! 1–25 for Knight and Man, 26–39 for Knights only, plus 15a, 16a, 17a and
//! 17b. Every expected move list was worked out by hand from the rules
//! reference (`shared/rules/camelot.md`); each test asserts the exact list
//! of legal moves (of the whole position, or of one piece) or the exact
//! outcome.
//!
//! Position strings: side to move, then a section per player; a Knight is
//! prefixed `K` (`KD4`), a Man is a bare cell (`D4`). Tests 1–25 run each
//! position twice, with the moving piece a Man and a Knight (`{p}` below).

use leap_camelot::Camelot;
use leap_core::{EndReason, Game, GameResult, Player};
use leap_testkit::{
    assert_illegal, assert_moves, assert_moves_of, draw, expected, moves_at, moves_of_at, play, pos, win,
};
use std::sync::OnceLock;

const WHITE: Player = Player(0);
const BLACK: Player = Player(1);

/// The prefixes of the two kinds: a Man (none) and a Knight (`K`).
const KINDS: [&str; 2] = ["", "K"];

fn game() -> &'static Camelot {
    static GAME: OnceLock<Camelot> = OnceLock::new();
    GAME.get_or_init(|| leap_camelot::load("camelot").expect("the built-in camelot variant loads"))
}

/// Every cell of the board, rank by rank.
fn all_cells() -> Vec<String> {
    let mut v = Vec::new();
    for rank in 1..=16 {
        let files = match rank {
            1 | 16 => 'F'..='G',
            2 | 15 => 'C'..='J',
            3 | 14 => 'B'..='K',
            _ => 'A'..='L',
        };
        for f in files {
            v.push(format!("{f}{rank}"));
        }
    }
    assert_eq!(v.len(), 160);
    v
}

// ---------------------------------------------------------------------------
// Rules tests for Knight and Man
// ---------------------------------------------------------------------------

#[test]
fn wcf_01_plain_move_any_direction() {
    for p in KINDS {
        // In the open: all eight neighbours.
        assert_moves(
            game(),
            &format!("W:W{p}F8:BA13,L13"),
            &["F8-E7", "F8-E8", "F8-E9", "F8-F7", "F8-F9", "F8-G7", "F8-G8", "F8-G9"],
        );
        // At the edges only the neighbours that exist (A3 and B2 are off the board).
        assert_moves(game(), &format!("W:W{p}A4:BA13,L13"), &["A4-A5", "A4-B3", "A4-B4", "A4-B5"]);
        assert_moves(game(), &format!("W:W{p}C2:BA13,L13"), &["C2-B3", "C2-C3", "C2-D2", "C2-D3"]);
    }
}

#[test]
fn wcf_02_canter_any_direction() {
    for p in KINDS {
        // F8 ringed by its own men: a canter over each of them, and no plain move.
        assert_moves_of(
            game(),
            &format!("W:W{p}F8,E7,E8,E9,F7,F9,G7,G8,G9:BA13,L13"),
            "F8",
            &["F8-D6", "F8-D8", "F8-D10", "F8-F6", "F8-F10", "F8-H6", "F8-H8", "F8-H10"],
        );
    }
}

#[test]
fn wcf_03_cantered_pieces_not_removed() {
    for p in KINDS {
        let after = play(game(), &pos(game(), &format!("W:W{p}F8,F9:BA13,L13")), "F8-F10");
        assert_eq!(after, pos(game(), &format!("B:W{p}F10,F9:BA13,L13 clock=1")));
        assert_eq!(after.pieces_of(WHITE).len(), 2);
    }
}

#[test]
fn wcf_04_canter_may_stop_when_more_canters_possible() {
    for p in KINDS {
        // E6-E8 stops although E8-E10 (over E9) could follow.
        assert_moves_of(
            game(),
            &format!("W:W{p}E6,E7,E9:BA13,L13"),
            "E6",
            &["E6-D5", "E6-D6", "E6-D7", "E6-E5", "E6-E8", "E6-E8-E10", "E6-F5", "E6-F6", "E6-F7"],
        );
    }
}

#[test]
fn wcf_05_canter_may_change_direction() {
    for p in KINDS {
        // North over E7, then north-east over F9.
        assert_moves_of(
            game(),
            &format!("W:W{p}E6,E7,F9:BA13,L13"),
            "E6",
            &["E6-D5", "E6-D6", "E6-D7", "E6-E5", "E6-E8", "E6-E8-G10", "E6-F5", "E6-F6", "E6-F7"],
        );
    }
}

#[test]
fn wcf_06_canter_may_continue() {
    for p in KINDS {
        // Three canters in a row up the D file.
        assert_moves_of(
            game(),
            &format!("W:W{p}D4,D5,D7,D9:BA13,L13"),
            "D4",
            &["D4-C3", "D4-C4", "D4-C5", "D4-D3", "D4-D6", "D4-D6-D8", "D4-D6-D8-D10", "D4-E3", "D4-E4", "D4-E5"],
        );
    }
}

#[test]
fn wcf_07_circular_canter_not_allowed() {
    for p in KINDS {
        // E6-E8 (over E7), E8-G8 (over F8), G8-E6 (over F7) would close a circle.
        let s = format!("W:W{p}E6,E7,F7,F8:BA13,L13");
        assert_moves_of(
            game(),
            &s,
            "E6",
            &["E6-D5", "E6-D6", "E6-D7", "E6-E5", "E6-E8", "E6-E8-G6", "E6-F5", "E6-F6", "E6-G8"],
        );
        let p0 = pos(game(), &s);
        assert_illegal(game(), &p0, "E6-E8-G8-E6");
        assert_illegal(game(), &p0, "E6-G8-E8-E6");
        assert!(game().legal_moves(&p0).iter().all(|k| k.from != k.to), "no move ends where it began");
    }
}

#[test]
fn wcf_08_jump_any_direction() {
    let directions = [
        ("E7", "D6"),
        ("E8", "D8"),
        ("E9", "D10"),
        ("F7", "F6"),
        ("F9", "F10"),
        ("G7", "H6"),
        ("G8", "H8"),
        ("G9", "H10"),
    ];
    for p in KINDS {
        for (over, land) in directions {
            assert_moves(game(), &format!("W:W{p}F8:B{over},A13"), &[&format!("F8x{land}")]);
        }
    }
}

#[test]
fn wcf_09_jumped_pieces_removed() {
    for p in KINDS {
        let after = play(game(), &pos(game(), &format!("W:W{p}F8,L4:BF9,A13")), "F8xF10");
        assert_eq!(after, pos(game(), &format!("B:W{p}F10,L4:BA13")));
        assert_eq!(after.pieces_of(BLACK).len(), 1);
    }
}

#[test]
fn wcf_10_jump_must_continue() {
    for p in KINDS {
        let s = format!("W:W{p}D4,L4:BD5,D7,A13");
        assert_moves(game(), &s, &["D4xD6xD8"]);
        assert_illegal(game(), &pos(game(), &s), "D4xD6");
    }
}

#[test]
fn wcf_11_jump_may_change_direction() {
    for p in KINDS {
        // North over D5, then north-east over E7.
        assert_moves(game(), &format!("W:W{p}D4,L4:BD5,E7,A13"), &["D4xD6xF8"]);
    }
}

#[test]
fn wcf_12_circular_jump_allowed() {
    for p in KINDS {
        // E6xE8 (E7), E8xG8 (F8), G8xE6 (F7): back on the start square.
        // The other order (E6xG8xE8xE6) is the same move.
        let s = format!("W:W{p}E6,L4:BE7,F7,F8,A13");
        assert_moves(game(), &s, &["E6xE8xG6", "E6xE8xG8xE6"]);
        let after = play(game(), &pos(game(), &s), "E6xE8xG8xE6");
        assert_eq!(after, pos(game(), &format!("B:W{p}E6,L4:BA13")));
    }
}

#[test]
fn wcf_13_capture_forced_unless_vacating_castle() {
    // A jump is available: only captures are legal, by any piece, of any
    // size (D4xD6 takes one piece, H8xH10xH12 two; no majority rule).
    assert_moves(game(), "W:WD4,H8:BD5,H9,H11", &["D4xD6", "H8xH10xH12"]);
    for p in KINDS {
        // The piece in its own castle must leave, and cannot jump out:
        // D8xD10 is not allowed.
        assert_moves(game(), &format!("W:W{p}F1,D8:BD9,A13"), &["F1-E2", "F1-F2", "F1-G2"]);
    }
    // Without the castle piece the same jump is forced.
    assert_moves(game(), "W:WD8:BD9,A13", &["D8xD10"]);
}

#[test]
fn wcf_14_two_pieces_in_opponent_castle_win() {
    let before = pos(game(), "W:WKF16,G15:BA4,L4");
    assert_eq!(game().outcome(&before), None, "one piece in the castle does not win");
    let after = play(game(), &before, "G15-G16");
    assert_eq!(game().outcome(&after), win(WHITE, EndReason::Goal));
    assert!(game().legal_moves(&after).is_empty());
}

#[test]
fn wcf_15_capturing_all_with_two_or_more_pieces_wins() {
    let before = pos(game(), "W:WD4,L4:BD5,D7");
    assert_eq!(game().outcome(&before), None);
    assert_eq!(moves_at(game(), &before), expected(&["D4xD6xD8"]));
    let after = play(game(), &before, "D4xD6xD8");
    assert_eq!(game().outcome(&after), win(WHITE, EndReason::Elimination));
}

#[test]
fn wcf_15a_capturing_all_but_one_does_not_win() {
    let after = play(game(), &pos(game(), "W:WD4,L4:BD5,D7,A13"), "D4xD6xD8");
    assert_eq!(game().outcome(&after), None, "Black keeps one piece: the game goes on");
    assert_eq!(moves_at(game(), &after), expected(&["A13-A12", "A13-B12", "A13-B13", "A13-B14"]));
}

#[test]
fn wcf_16_no_legal_move_loses_against_two_or_more_pieces() {
    // C3-B3 closes the last neighbour of the Black man on A4; every leap
    // from A4 lands on an occupied square (A6, C6, C4, C2).
    let before = pos(game(), "W:WA5,A6,B4,B5,C2,C3,C4,C6:BA4");
    assert_eq!(game().outcome(&before), None);
    let after = play(game(), &before, "C3-B3");
    assert!(game().legal_moves(&after).is_empty());
    assert_eq!(game().outcome(&after), win(WHITE, EndReason::NoMoves));

    // The same with a full board (see test 16a): White has two pieces (A4, G1).
    let s = full_board_stalemate(&["A4", "G1"]);
    assert!(game().legal_moves(&pos(game(), &s)).is_empty());
    assert_eq!(game().outcome(&pos(game(), &s)), win(WHITE, EndReason::NoMoves));
}

/// Black to move with no legal move: White on `white`, one Black man in
/// White's castle (F1, no castle move left), Black's own castle (F16, G16)
/// empty, every other cell Black. Black cannot plain-move or canter into its
/// own castle, and no Black piece can jump.
fn full_board_stalemate(white: &[&str]) -> String {
    let black: Vec<String> =
        all_cells().into_iter().filter(|c| !white.contains(&c.as_str()) && c != "F16" && c != "G16").collect();
    format!("B:W{}:B{} castle-moves=0,2", white.join(","), black.join(","))
}

#[test]
fn wcf_16a_no_legal_move_against_one_piece_is_not_lost() {
    // Black (157 pieces) has no legal move and White has one piece (G1):
    // not a loss for Black but a draw (rules reference, end of the game, 4).
    // Such a position cannot be reached by a move of the lone piece, so it
    // is set up directly; the only empty cells are Black's castle.
    let p = pos(game(), &full_board_stalemate(&["G1"]));
    assert_eq!(p.pieces_of(WHITE).len(), 1);
    assert!(game().legal_moves(&p).is_empty());
    let o = game().outcome(&p);
    assert_ne!(o.map(|o| o.result), Some(GameResult::Win(WHITE)), "not lost");
    assert_eq!(o, draw(EndReason::NoMoves));
}

#[test]
fn wcf_17_drawn_when_both_have_at_most_one_piece() {
    // Black's capture leaves one piece each.
    let before = pos(game(), "B:WE8,L4:BE9");
    assert_eq!(game().outcome(&before), None);
    assert_eq!(moves_at(game(), &before), expected(&["E9xE7"]));
    let after = play(game(), &before, "E9xE7");
    assert_eq!(game().outcome(&after), draw(EndReason::InsufficientMaterial));
    assert!(game().legal_moves(&after).is_empty());
    // And a position with one piece each is drawn as it stands.
    assert_eq!(game().outcome(&pos(game(), "W:WKA4:BL13")), draw(EndReason::InsufficientMaterial));
}

#[test]
fn wcf_17a_drawn_when_both_have_one_piece() {
    let before = pos(game(), "W:WD4:BD5,L13");
    assert_eq!(game().outcome(&before), None);
    let after = play(game(), &before, "D4xD6");
    assert_eq!(game().outcome(&after), draw(EndReason::InsufficientMaterial));
}

#[test]
fn wcf_17b_drawn_when_one_piece_against_none() {
    // The lone White man captures both Black men: one piece against none.
    let before = pos(game(), "W:WD4:BD5,D7");
    assert_eq!(game().outcome(&before), None);
    let after = play(game(), &before, "D4xD6xD8");
    assert_eq!(after.pieces_of(BLACK).len(), 0);
    assert_eq!(game().outcome(&after), draw(EndReason::Elimination));
}

#[test]
fn wcf_18_no_plain_move_into_own_castle() {
    for p in KINDS {
        // Not F1 nor G1 (E1 does not exist).
        assert_moves(game(), &format!("W:W{p}F2:BA13,L13"), &["F2-E2", "F2-E3", "F2-F3", "F2-G2", "F2-G3"]);
        // Black may plain-move into White's castle, which is not its own.
        assert_moves(
            game(),
            &format!("B:WA4,L4:B{p}F2"),
            &["F2-E2", "F2-E3", "F2-F1", "F2-F3", "F2-G1", "F2-G2", "F2-G3"],
        );
    }
}

#[test]
fn wcf_19_no_canter_into_own_castle() {
    for p in KINDS {
        // G3 may not canter over G2 to G1.
        assert_moves(
            game(),
            &format!("W:W{p}G3,G2:BA13,L13"),
            &[
                "G2-F2", "G2-F3", "G2-G4", "G2-H2", "G2-H3", "G3-F2", "G3-F3", "G3-F4", "G3-G4", "G3-H2", "G3-H3",
                "G3-H4",
            ],
        );
        // E3 may not canter over F2 to G1.
        assert_moves_of(
            game(),
            &format!("W:W{p}E3,F2:BA13,L13"),
            "E3",
            &["E3-D2", "E3-D3", "E3-D4", "E3-E2", "E3-E4", "E3-F3", "E3-F4"],
        );
    }
}

#[test]
fn wcf_20_jump_into_own_castle_allowed() {
    for p in KINDS {
        let s = format!("W:W{p}F3,L4:BF2,A13");
        assert_moves(game(), &s, &["F3xF1"]);
        assert_eq!(play(game(), &pos(game(), &s), "F3xF1"), pos(game(), &format!("B:W{p}F1,L4:BA13")));
        // Diagonally into G1.
        assert_moves(game(), &format!("W:W{p}E3,L4:BF2,A13"), &["E3xG1"]);
    }
}

#[test]
fn wcf_21_jump_into_own_castle_must_continue_out() {
    for p in KINDS {
        // From F1 the jump goes on over G2 to H3.
        let s = format!("W:W{p}F3,L4:BF2,G2,A13");
        assert_moves(game(), &s, &["F3xF1xH3"]);
        assert_illegal(game(), &pos(game(), &s), "F3xF1");
    }
}

#[test]
fn wcf_22_piece_left_in_own_castle_must_move_out_next_turn() {
    for p in KINDS {
        let p0 = pos(game(), &format!("W:W{p}F3,D7,D8:BF2,D9,L13"));
        assert_eq!(moves_at(game(), &p0), expected(&["D8xD10", "F3xF1"]));
        let p1 = play(game(), &p0, "F3xF1"); // ends in F1: nothing to jump from there
        let p2 = play(game(), &p1, "L13-L12");
        // F1 must move out, with no exception: D8xD10 is available but not legal.
        assert_eq!(moves_at(game(), &p2), expected(&["F1-E2", "F1-F2", "F1-G2"]));
    }
    assert_moves(game(), "W:WD7,D8:BD9,L12", &["D8xD10"]);
}

#[test]
fn wcf_23_leaving_own_castle_must_jump_if_possible() {
    for p in KINDS {
        // Black steps next to the piece in White's castle: it must jump out
        // (no F1-E2, F1-F2 and no moves of L4).
        let p1 = play(game(), &pos(game(), &format!("B:W{p}F1,L4:BG3,A13")), "G3-G2");
        assert_eq!(moves_at(game(), &p1), expected(&["F1xH3"]));
    }
}

#[test]
fn wcf_24_piece_in_opponent_castle_cannot_leave() {
    for p in KINDS {
        // F16 has only the castle move; it cannot step out nor jump out over
        // F15 (and that jump does not oblige White to capture).
        assert_moves(
            game(),
            &format!("W:W{p}F16,L4:BF15,A13 castle-moves=0,0"),
            &["F16-G16", "L4-K3", "L4-K4", "L4-K5", "L4-L5"],
        );
        // With its castle moves used up it cannot move at all.
        assert_moves(game(), &format!("W:W{p}F16,L4:BF15,A13 castle-moves=2,0"), &["L4-K3", "L4-K4", "L4-K5", "L4-L5"]);
        // A jump that lands in the opponent's castle ends there, although a
        // jump over G15 to H14 would follow.
        assert_moves(game(), &format!("W:W{p}F14,L4:BF15,G15,A13"), &["F14xF16"]);
    }
}

#[test]
fn wcf_25_two_castle_moves_per_game() {
    for p in KINDS {
        let p0 = pos(game(), &format!("W:W{p}F16,L4:BA13,L13 castle-moves=0,0"));
        assert_eq!(moves_at(game(), &p0), expected(&["F16-G16", "L4-K3", "L4-K4", "L4-K5", "L4-L5"]));
        let p1 = play(game(), &p0, "F16-G16");
        assert_eq!((p1.counter(WHITE), p1.counter(BLACK)), (1, 0));
        let p2 = play(game(), &p1, "A13-A12");
        assert_eq!(moves_of_at(game(), &p2, "G16"), expected(&["G16-F16"]));
        let p3 = play(game(), &p2, "G16-F16");
        assert_eq!((p3.counter(WHITE), p3.counter(BLACK)), (2, 0));
        let p4 = play(game(), &p3, "A12-A13");
        assert_eq!(moves_at(game(), &p4), expected(&["L4-K3", "L4-K4", "L4-K5", "L4-L5"]));
        // The count is per player: Black still has both of its castle moves.
        assert_moves(game(), &format!("B:WA4,L4:B{p}F1 castle-moves=2,0"), &["F1-G1"]);
    }
}

// ---------------------------------------------------------------------------
// Rules tests for Knights only
// ---------------------------------------------------------------------------

#[test]
fn wcf_26_charge_satisfies_capture_obligation() {
    // H8xH10 is available, so a capture is forced; the Knight's Charge
    // D4-D6xD8 satisfies it.
    assert_moves(game(), "W:WKD4,D5,H8:BD7,H9,L13", &["D4-D6xD8", "H8xH10"]);
}

#[test]
fn wcf_27_charge_is_canters_then_jumps_only() {
    // After D4xD6 the Knight may not canter on over D7.
    let s = "W:WKD4,D7:BD5,L13";
    assert_moves(game(), s, &["D4xD6"]);
    assert_illegal(game(), &pos(game(), s), "D4xD6-D8");
    // Several canters, then several jumps.
    assert_moves_of(
        game(),
        "W:WKD4,D5,D7:BD9,D11,L13",
        "D4",
        &["D4-C3", "D4-C4", "D4-C5", "D4-D3", "D4-D6", "D4-D6-D8xD10xD12", "D4-E3", "D4-E4", "D4-E5"],
    );
}

#[test]
fn wcf_28_charge_never_forced() {
    // No jump is available, so the charge D4-D6xD8 is one option among the
    // plain moves and canters of both pieces.
    assert_moves(
        game(),
        "W:WKD4,D5:BD7,L13",
        &[
            "D4-C3", "D4-C4", "D4-C5", "D4-D3", "D4-D6xD8", "D4-E3", "D4-E4", "D4-E5", "D5-C4", "D5-C5", "D5-C6",
            "D5-D3", "D5-D6", "D5-E4", "D5-E5", "D5-E6",
        ],
    );
}

#[test]
fn wcf_29_knight_canter_next_to_exposed_enemy_must_capture() {
    // D6 is next to E7 (F8 empty): a Knight cantering there must capture,
    // then (D6xF8) or later (D6-B4xD2, over C3). D4-D6 and D4-D6-B4 are not
    // legal; D4-B6 lands nowhere near an enemy. No jump is available.
    let s = "W:WKD4,C5,D5:BC3,E7,L13";
    assert_moves_of(
        game(),
        s,
        "D4",
        &["D4-B6", "D4-C4", "D4-D3", "D4-D6-B4xD2", "D4-D6xF8", "D4-E3", "D4-E4", "D4-E5"],
    );
    assert_illegal(game(), &pos(game(), s), "D4-D6");
    assert_illegal(game(), &pos(game(), s), "D4-D6-B4");
    // A Man has no such rule.
    assert_moves_of(
        game(),
        "W:WD4,C5,D5:BC3,E7,L13",
        "D4",
        &["D4-B6", "D4-C4", "D4-D3", "D4-D6", "D4-D6-B4", "D4-E3", "D4-E4", "D4-E5"],
    );
    // F6 is reached both by the clean canter D4-F6 (over E5) and by
    // D4-D6-F6 through D6 (next to C7, B8 empty): it stays a legal canter.
    // F4 is reached only through D6 (D4-D6-F4), so it is not.
    assert_moves_of(
        game(),
        "W:WKD4,D5,E5,E6:BC7,L13",
        "D4",
        &["D4-C3", "D4-C4", "D4-C5", "D4-D3", "D4-D6xB8", "D4-E3", "D4-E4", "D4-F6"],
    );
}

#[test]
fn wcf_30_charge_any_direction() {
    // The Knight on F8, ringed by its men, with an enemy beyond each: a
    // charge in each of the eight directions, and nothing else (every
    // canter landing is next to an exposed enemy).
    assert_moves_of(
        game(),
        "W:WKF8,E7,E8,E9,F7,F9,G7,G8,G9:BC5,C8,C11,F5,F11,I5,I8,I11",
        "F8",
        &["F8-D6xB4", "F8-D8xB8", "F8-D10xB12", "F8-F6xF4", "F8-F10xF12", "F8-H6xJ4", "F8-H8xJ8", "F8-H10xJ12"],
    );
}

#[test]
fn wcf_31_charge_captured_pieces_removed() {
    let after = play(game(), &pos(game(), "W:WKD4,D5,L4:BD7,A13"), "D4-D6xD8");
    assert_eq!(after, pos(game(), "B:WKD8,D5,L4:BA13"));
}

#[test]
fn wcf_32_charge_jumps_must_continue() {
    let s = "W:WKD4,D5:BD7,D9,L13";
    assert_moves_of(game(), s, "D4", &["D4-C3", "D4-C4", "D4-C5", "D4-D3", "D4-D6xD8xD10", "D4-E3", "D4-E4", "D4-E5"]);
    assert_illegal(game(), &pos(game(), s), "D4-D6xD8");
}

#[test]
fn wcf_33_charge_jumps_may_change_direction() {
    assert_moves_of(
        game(),
        "W:WKD4,D5:BD7,E9,L13",
        "D4",
        &["D4-C3", "D4-C4", "D4-C5", "D4-D3", "D4-D6xD8xF10", "D4-E3", "D4-E4", "D4-E5"],
    );
}

#[test]
fn wcf_34_charge_jumps_may_be_circular() {
    // After the canter to D6: D6xD8 (D7), D8xF8 (E8), F8xD6 (E7), back on
    // D6 (the other order, D6xF8xD8xD6, is the same move).
    let s = "W:WKD4,D5:BD7,E7,E8,L13";
    assert_moves_of(
        game(),
        s,
        "D4",
        &["D4-C3", "D4-C4", "D4-C5", "D4-D3", "D4-D6xD8xF6", "D4-D6xD8xF8xD6", "D4-E3", "D4-E4", "D4-E5"],
    );
    assert_eq!(play(game(), &pos(game(), s), "D4-D6xD8xF8xD6"), pos(game(), "B:WKD6,D5:BL13"));
}

#[test]
fn wcf_35_charge_may_jump_into_own_castle() {
    assert_moves_of(
        game(),
        "W:WKF5,F4:BF2,L13",
        "F5",
        &["F5-E4", "F5-E5", "F5-E6", "F5-F3xF1", "F5-F6", "F5-G4", "F5-G5", "F5-G6"],
    );
}

#[test]
fn wcf_36_charge_may_not_canter_into_own_castle() {
    // F3-F1 (over F2) is forbidden, so F3-F1xD3 (over E2) is too.
    let s = "W:WKF3,F2:BD2,E2,L13";
    assert_moves_of(game(), s, "F3", &["F3-E3", "F3-E4", "F3-F4", "F3-G2", "F3-G3", "F3-G4"]);
    assert_illegal(game(), &pos(game(), s), "F3-F1xD3");
}

#[test]
fn wcf_37_charge_into_own_castle_must_continue_out() {
    let s = "W:WKF5,F4:BF2,G2,L13";
    assert_moves_of(game(), s, "F5", &["F5-E4", "F5-E5", "F5-E6", "F5-F3xF1xH3", "F5-F6", "F5-G4", "F5-G5", "F5-G6"]);
    assert_illegal(game(), &pos(game(), s), "F5-F3xF1");
}

#[test]
fn wcf_38_knight_left_in_own_castle_by_charge_must_move_out() {
    let p0 = pos(game(), "W:WKF5,F4,D7,D8:BF2,D9,L13");
    assert_eq!(moves_at(game(), &p0), expected(&["D8xD10", "F5-F3xF1"]));
    let p1 = play(game(), &p0, "F5-F3xF1");
    let p2 = play(game(), &p1, "L13-L12");
    // The Knight must leave F1; D8xD10 is available but not legal.
    assert_eq!(moves_at(game(), &p2), expected(&["F1-E2", "F1-F2", "F1-G2"]));
}

#[test]
fn wcf_39_knight_may_leave_castle_by_charge_instead_of_jump() {
    // The Knight on F1 could jump out over G2; it may instead leave by the
    // charge F1-F3xF5. A plain canter out (F1-F3) is not allowed.
    let s = "W:WKF1,F2:BF4,G2,L13";
    assert_moves(game(), s, &["F1-F3xF5", "F1xH3"]);
    assert_illegal(game(), &pos(game(), s), "F1-F3");
    // A Man in the same place has only the jump.
    assert_moves(game(), "W:WF1,F2:BF4,G2,L13", &["F1xH3"]);
}
