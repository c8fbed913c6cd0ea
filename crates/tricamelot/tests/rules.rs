//! The rules of Tri-Camelot, one named test per rule statement of the WCF
//! text (`shared/seeds/003_1b4fc02feabfb3f6.txt`) and of the project's
//! rules reference (`shared/rules/tri-camelot.md`, which inherits the rest
//! from `shared/rules/camelot.md`). Every expected move list was worked out
//! by hand from those documents; each test asserts the exact list of legal
//! moves (of the whole position, or of one piece) or the exact outcome.
//!
//! Position strings: the player to move, then a section per player (Blue,
//! Red, Green); a Knight is prefixed `K` (`KF5`), a Man is a bare cell
//! (`F5`). Files run A-K, so `K12` is a Man on K12 and `KK12` a Knight there.
//! An eliminated player's section is just its letter (`G:B:RKE8:GKD7`).
//! Many tests run their position twice, with the moving piece a Man and a
//! Knight (`{p}` below).
//!
//! The board: 73 hexagons, every cell with file + rank odd (A = 1). A cell's
//! six neighbours: the same file two ranks up or down, the next file one rank
//! up or down (F9: F11 F7 G10 G8 E10 E8); a leap continues in line (F9 over
//! G10 lands on H11). Castles: Blue F1, Red A16, Green K16. Blue's left is
//! Red (Blue wins by entering A16) and its right Green (Blue never enters
//! K16); Red wins on K16 and never enters F1; Green wins on F1 and never
//! enters A16.
//!
//! Fillers: most positions give the players that do not take part one piece
//! in a far corner (Red `C18`, Green `I18`, ...), so that the game is not
//! over by elimination; such a piece has no neighbour in common with the
//! pieces under test.

use leap_camelot::Camelot;
use leap_core::{
    notation::{legal_move_texts, read_move, MoveError},
    perft::{perft, Count},
    EndReason, Game, History, MoveKey,
};
use leap_testkit::{assert_illegal, assert_moves, assert_moves_of, draw, expected, moves_at, play, pos, win};
use leap_tricamelot::{BLUE, GREEN, RED};
use std::sync::OnceLock;

/// The prefixes of the two kinds: a Man (none) and a Knight (`K`).
const KINDS: [&str; 2] = ["", "K"];

fn game() -> &'static Camelot {
    static GAME: OnceLock<Camelot> = OnceLock::new();
    GAME.get_or_init(leap_tricamelot::game)
}

/// Every cell of the board, rank by rank, in the seed's order.
fn all_cells() -> Vec<String> {
    let mut v = Vec::new();
    for rank in 1..=18u32 {
        for file in 'A'..='K' {
            if (file as u32 - 'A' as u32 + 1 + rank) % 2 == 1 && on_board(file, rank) {
                v.push(format!("{file}{rank}"));
            }
        }
    }
    assert_eq!(v.len(), 73);
    v
}

/// Whether the cell of that file and rank (file + rank odd) is one of the 73.
fn on_board(file: char, rank: u32) -> bool {
    // The files each rank spans, from the seed's list of hexagons.
    let (lo, hi) = match rank {
        1 => ('F', 'F'),
        2 | 4 => ('E', 'G'),
        3 | 5 | 7 => ('D', 'H'),
        6 | 8 | 10 | 18 => ('C', 'I'),
        9 | 11 | 13 | 15 | 17 => ('B', 'J'),
        12 | 14 | 16 => ('A', 'K'),
        _ => return false,
    };
    (lo..=hi).contains(&file)
}

// ---------------------------------------------------------------------------
// The board
// ---------------------------------------------------------------------------

#[test]
fn board_has_the_seeds_73_hexagons() {
    let seed = "F1, E2, G2, D3, F3, H3, E4, G4, D5, F5, H5, C6, E6, G6, I6, D7, F7, H7, C8, E8, G8, I8, B9, D9, \
                F9, H9, J9, C10, E10, G10, I10, B11, D11, F11, H11, J11, A12, C12, E12, G12, I12, K12, B13, D13, \
                F13, H13, J13, A14, C14, E14, G14, I14, K14, B15, D15, F15, H15, J15, A16, C16, E16, G16, I16, K16, \
                B17, D17, F17, H17, J17, C18, E18, G18, I18";
    let seed: Vec<String> = seed.split(", ").map(String::from).collect();
    assert_eq!(all_cells(), seed);
    let board = game().board();
    for name in &seed {
        assert!(board.cell(name).is_some(), "{name} is a cell");
    }
    for bad in ["F2", "A1", "A10", "K10", "L12", "K18", "F19", "C4"] {
        assert!(board.cell(bad).is_none(), "{bad} is not a cell");
    }
}

#[test]
fn start_position_is_the_seeds() {
    assert_eq!(
        game().start(),
        pos(
            game(),
            "B:BKE4,KF5,KG4,D5,H5,E6,G6,F7:RKB13,KC14,KC16,B11,C12,D13,D15,D17:GKJ13,KI14,KI16,J11,I12,H13,H15,H17"
        )
    );
    assert_eq!(game().start().to_move(), BLUE);
}

// ---------------------------------------------------------------------------
// The plain move
// ---------------------------------------------------------------------------

#[test]
fn plain_move_in_all_six_directions() {
    for p in KINDS {
        // F9's six neighbours: F11 (up), G10, G8, F7 (down), E8, E10.
        let all = ["F9-E10", "F9-E8", "F9-F11", "F9-F7", "F9-G10", "F9-G8"];
        assert_moves(game(), &format!("B:B{p}F9:RC18:GI18"), &all);
        // The same for Red and Green: every player moves the same way.
        assert_moves(game(), &format!("R:BC18:R{p}F9:GI18"), &all);
        assert_moves(game(), &format!("G:BC18:RI18:G{p}F9"), &all);
    }
}

#[test]
fn plain_move_at_the_board_edge() {
    for p in KINDS {
        // A12 on the left edge: A14, B13, B11 (A10 is not a cell).
        assert_moves(game(), &format!("B:B{p}A12:RC18:GI18"), &["A12-A14", "A12-B11", "A12-B13"]);
        // G18 on the top edge: G16, H17, F17.
        assert_moves(game(), &format!("B:B{p}G18:RC18:GI10"), &["G18-F17", "G18-G16", "G18-H17"]);
        // H3 near the bottom: H5, G4, G2 (I4, I2 and H1 are not cells).
        assert_moves(game(), &format!("B:B{p}H3:RC18:GI18"), &["H3-G2", "H3-G4", "H3-H5"]);
    }
}

// ---------------------------------------------------------------------------
// The canter
// ---------------------------------------------------------------------------

#[test]
fn canter_over_own_pieces_in_all_six_directions() {
    for p in KINDS {
        // F9 ringed by its own men: a canter over each of them, no plain move.
        assert_moves_of(
            game(),
            &format!("B:B{p}F9,F11,G10,G8,F7,E8,E10:RC18:GI18"),
            "F9",
            &["F9-D11", "F9-D7", "F9-F13", "F9-F5", "F9-H11", "F9-H7"],
        );
    }
}

#[test]
fn cantered_pieces_are_not_removed() {
    for p in KINDS {
        let after = play(game(), &pos(game(), &format!("B:B{p}F5,F7:RC18:GI18")), "F5-F9");
        assert_eq!(after, pos(game(), &format!("R:B{p}F9,F7:RC18:GI18 clock=1")));
        assert_eq!(after.pieces_of(BLUE).len(), 2);
    }
}

#[test]
fn canter_may_chain_and_may_stop() {
    for p in KINDS {
        // Over F7 to F9, then over F11 to F13; the canter may stop on F9.
        assert_moves_of(
            game(),
            &format!("B:B{p}F5,F7,F11:RC18:GI18"),
            "F5",
            &["F5-E4", "F5-E6", "F5-F3", "F5-F9", "F5-F9-F13", "F5-G4", "F5-G6"],
        );
    }
}

#[test]
fn canter_may_change_direction() {
    for p in KINDS {
        // Up over F7 to F9, then up-right over G10 to H11.
        assert_moves_of(
            game(),
            &format!("B:B{p}F5,F7,G10:RC18:GI18"),
            "F5",
            &["F5-E4", "F5-E6", "F5-F3", "F5-F9", "F5-F9-H11", "F5-G4", "F5-G6"],
        );
    }
}

#[test]
fn circular_canter_is_not_allowed() {
    for p in KINDS {
        // F5 over F7 to F9, over G8 to H7, over G6 back to F5: not a move.
        // F9 and H7 are reached (each by two paths); F5 is not.
        let s = format!("B:B{p}F5,F7,G8,G6:RC18:GI18");
        assert_moves_of(game(), &s, "F5", &["F5-E4", "F5-E6", "F5-F3", "F5-F9", "F5-G4", "F5-H7"]);
        let p0 = pos(game(), &s);
        assert_illegal(game(), &p0, "F5-F9-H7-F5");
        assert_illegal(game(), &p0, "F5-H7-F9-F5");
        assert!(game().legal_moves(&p0).iter().all(|k| k.from != k.to), "no move ends where it began");
    }
}

#[test]
fn canter_is_never_compelled() {
    for p in KINDS {
        // The piece on F5 may canter over F7 but also plain-move anywhere.
        let s = format!("B:B{p}F5,F7:RC18:GI18");
        assert_moves_of(game(), &s, "F5", &["F5-E4", "F5-E6", "F5-F3", "F5-F9", "F5-G4", "F5-G6"]);
    }
}

// ---------------------------------------------------------------------------
// The jump
// ---------------------------------------------------------------------------

/// F9's neighbours and the cells beyond them, in the six directions.
const F9_LEAPS: [(&str, &str); 6] =
    [("F11", "F13"), ("G10", "H11"), ("G8", "H7"), ("F7", "F5"), ("E8", "D7"), ("E10", "D11")];

#[test]
fn jump_over_reds_piece_in_all_six_directions() {
    for p in KINDS {
        for (over, land) in F9_LEAPS {
            assert_moves(game(), &format!("B:B{p}F9:R{over},C18:GI18"), &[&format!("F9x{land}")]);
        }
    }
}

#[test]
fn jump_over_greens_piece_in_all_six_directions() {
    for p in KINDS {
        for (over, land) in F9_LEAPS {
            assert_moves(game(), &format!("B:B{p}F9:RC18:G{over},I18"), &[&format!("F9x{land}")]);
        }
    }
}

#[test]
fn every_player_jumps_either_opponent() {
    for p in KINDS {
        // The piece on F9 may take the piece above (F11) or the one down-left
        // (E8), whichever opponent each belongs to; nothing else is legal.
        let want = ["F9xD7", "F9xF13"];
        assert_moves(game(), &format!("B:B{p}F9:RF11,C18:GE8,I18"), &want);
        assert_moves(game(), &format!("B:B{p}F9:RE8,C18:GF11,I18"), &want);
        assert_moves(game(), &format!("R:BF11,C18:R{p}F9:GE8,I18"), &want);
        assert_moves(game(), &format!("G:BF11,C18:RE8,I18:G{p}F9"), &want);
    }
}

#[test]
fn jumped_pieces_are_removed() {
    for p in KINDS {
        let after = play(game(), &pos(game(), &format!("B:B{p}F9:RF11,C18:GI18")), "F9xF13");
        assert_eq!(after, pos(game(), &format!("R:B{p}F13:RC18:GI18")));
        let after = play(game(), &pos(game(), &format!("B:B{p}F9:RC18:GF11,I18")), "F9xF13");
        assert_eq!(after, pos(game(), &format!("R:B{p}F13:RC18:GI18")));
    }
}

#[test]
fn jump_must_continue() {
    for p in KINDS {
        // Over Red's F7 to F9, then (obliged) over Green's F11 to F13.
        let s = format!("B:B{p}F5:RF7,C18:GF11,I18");
        assert_moves(game(), &s, &["F5xF9xF13"]);
        assert_illegal(game(), &pos(game(), &s), "F5xF9");
        let after = play(game(), &pos(game(), &s), "F5xF9xF13");
        assert_eq!(after, pos(game(), &format!("R:B{p}F13:RC18:GI18")));
    }
}

#[test]
fn jump_may_change_direction() {
    for p in KINDS {
        // Up over F7, then up-right over G10.
        assert_moves(game(), &format!("B:B{p}F5:RF7,C18:GG10,I18"), &["F5xF9xH11"]);
    }
}

#[test]
fn circular_jump_is_allowed() {
    for p in KINDS {
        // F5 over F7 to F9, over G8 to H7, over G6 back to F5 (or the other
        // way round: the same move). The canonical path is the one whose
        // cells come first in square order (H7 before F9).
        let s = format!("B:B{p}F5:RF7,G6,C18:GG8,I18");
        assert_moves(game(), &s, &["F5xH7xF9xF5"]);
        let after = play(game(), &pos(game(), &s), "F5xF9xH7xF5");
        assert_eq!(after, pos(game(), &format!("R:B{p}F5:RC18:GI18")));
    }
}

#[test]
fn capture_is_obligatory() {
    // F5 can jump Red's F7: D11's plain moves are illegal.
    assert_moves(game(), "B:BF5,D11:RF7,C18:GI18", &["F5xF9"]);
    // The same when the piece to take is Green's.
    assert_moves(game(), "B:BF5,D11:RC18:GF7,I18", &["F5xF9"]);
    // Without anything to take, D11 and F5 move freely.
    assert_moves(
        game(),
        "B:BF5,D11:RC18:GI18",
        &[
            "D11-C10", "D11-C12", "D11-D13", "D11-D9", "D11-E10", "D11-E12", "F5-E4", "F5-E6", "F5-F3", "F5-F7",
            "F5-G4", "F5-G6",
        ],
    );
}

#[test]
fn capture_choice_of_opponent_and_piece() {
    // F5 can take Red's F7, D11 can take Green's D13: either, by choice.
    assert_moves(game(), "B:BF5,D11:RF7,C18:GD13,I18", &["D11xD15", "F5xF9"]);
    // No majority rule: a single capture is as legal as a double one
    // (D11 takes Green's D13, then must go on over Red's E16; F5 takes
    // only F7).
    assert_moves(game(), "B:BF5,D11:RF7,E16:GD13,I18", &["D11xD15xF17", "F5xF9"]);
}

// ---------------------------------------------------------------------------
// The Knight's Charge and the Knight canter rule
// ---------------------------------------------------------------------------

#[test]
fn knights_charge_canter_then_jump() {
    // The Knight on F5 canters over F7 to F9 and jumps Red's F11 to F13.
    // Nothing can be jumped at the start, so every other move is legal too;
    // the canter F5-F9 alone is not (Knight canter rule: from F9 it could
    // jump). The Man F7 may step to F9, next to F11, and canter to F3.
    assert_moves(
        game(),
        "B:BKF5,F7:RF11,C18:GI18",
        &[
            "F5-E4",
            "F5-E6",
            "F5-F3",
            "F5-F9xF13",
            "F5-G4",
            "F5-G6",
            "F7-E6",
            "F7-E8",
            "F7-F3",
            "F7-F9",
            "F7-G6",
            "F7-G8",
        ],
    );
    // A Man has no charge and no canter rule: F5-F9 is a plain canter.
    assert_moves_of(game(), "B:BF5,F7:RF11,C18:GI18", "F5", &["F5-E4", "F5-E6", "F5-F3", "F5-F9", "F5-G4", "F5-G6"]);
}

#[test]
fn knights_charge_several_canters_then_several_jumps() {
    // F5 over F7 to F9, over F11 to F13 (where it could jump: it must),
    // then over Red's F15 to F17 and, changing direction, over Green's G16
    // to H15. F9 is a clean landing, so the canter may stop there.
    assert_moves_of(
        game(),
        "B:BKF5,F7,F11:RF15,C18:GG16,I18",
        "F5",
        &["F5-E4", "F5-E6", "F5-F3", "F5-F9", "F5-F9-F13xF17xH15", "F5-G4", "F5-G6"],
    );
}

#[test]
fn knights_charge_satisfies_the_obligation_to_jump() {
    // F5 must capture: by the jump over Red's E4 or by the charge over F7
    // and Red's F11.
    assert_moves(game(), "B:BKF5,F7:RE4,F11:GI18", &["F5-F9xF13", "F5xD3"]);
    // A Man only jumps.
    assert_moves(game(), "B:BF5,F7:RE4,F11:GI18", &["F5xD3"]);
}

#[test]
fn knight_canter_rule() {
    // From F9 the Knight could jump Red's E10 (to D11), so a canter landing
    // on F9 must capture: F5-F9xD11. H7 is reached directly over G6 by a
    // clean path, so F5-H7 is legal although F5-F9-H7 lands on F9.
    assert_moves_of(
        game(),
        "B:BKF5,F7,G6,G8:RE10,C18:GI18",
        "F5",
        &["F5-E4", "F5-E6", "F5-F3", "F5-F9xD11", "F5-G4", "F5-H7"],
    );
    // A Man may stop on F9.
    assert_moves_of(
        game(),
        "B:BF5,F7,G6,G8:RE10,C18:GI18",
        "F5",
        &["F5-E4", "F5-E6", "F5-F3", "F5-F9", "F5-G4", "F5-H7"],
    );
    // An enemy next to the landing that cannot be jumped (F13 is taken)
    // does not count: the Knight may stop on F9.
    assert_moves_of(game(), "B:BKF5,F7:RF11,F13:GI18", "F5", &["F5-E4", "F5-E6", "F5-F3", "F5-F9", "F5-G4", "F5-G6"]);
}

// ---------------------------------------------------------------------------
// One's own castle (Blue F1, Red A16, Green K16)
// ---------------------------------------------------------------------------

#[test]
fn own_castle_no_plain_move_in() {
    for p in KINDS {
        // Blue's E2 next to F1; Red's A14 next to A16; Green's K14 next to K16.
        assert_moves(game(), &format!("B:B{p}E2:RC18:GI18"), &["E2-D3", "E2-E4", "E2-F3"]);
        assert_moves(game(), &format!("R:BF9:R{p}A14:GI18"), &["A14-A12", "A14-B13", "A14-B15"]);
        assert_moves(game(), &format!("G:BF9:RC18:G{p}K14"), &["K14-J13", "K14-J15", "K14-K12"]);
    }
}

#[test]
fn own_castle_no_canter_in() {
    for p in KINDS {
        // H3 over G2 would land on F1.
        assert_moves_of(game(), &format!("B:B{p}H3,G2:RC18:GI18"), "H3", &["H3-G4", "H3-H5"]);
        assert_illegal(game(), &pos(game(), &format!("B:B{p}H3,G2:RC18:GI18")), "H3-F1");
    }
}

#[test]
fn own_castle_not_in_the_canter_of_a_charge() {
    // The Knight on H3 may not canter over G2 into F1 to jump Red's E2 from
    // there (H3-F1xD3). Nothing else can jump: only quiet moves.
    assert_moves(game(), "B:BKH3,G2:RE2,C18:GI18", &["G2-F3", "G2-G4", "H3-G4", "H3-H5"]);
}

#[test]
fn own_castle_jump_in_allowed() {
    for p in KINDS {
        // Over Red's F3 into F1; nothing more to jump from there.
        let s = format!("B:B{p}F5:RF3,C18:GI18");
        assert_moves(game(), &s, &["F5xF1"]);
        assert_eq!(play(game(), &pos(game(), &s), "F5xF1"), pos(game(), &format!("R:B{p}F1:RC18:GI18")));
        // Red into A16 over Blue's A14; Green into K16 over Blue's K14.
        assert_moves(game(), &format!("R:BA14,D9:R{p}A12:GI18"), &["A12xA16"]);
        assert_moves(game(), &format!("G:BK14,D9:RC18:G{p}K12"), &["K12xK16"]);
    }
}

#[test]
fn own_castle_jump_in_by_the_jumping_part_of_a_charge() {
    // The Knight on H7 canters over G6 to F5, from where it could jump
    // Red's F3 into F1: it must (canter rule), and may (jumping part of a
    // charge into its own castle).
    assert_moves_of(game(), "B:BKH7,G6:RF3,C18:GI18", "H7", &["H7-F5xF1", "H7-G8", "H7-H5", "H7-H9", "H7-I6", "H7-I8"]);
}

#[test]
fn own_castle_jump_continues_out() {
    for p in KINDS {
        // Into F1 over Red's F3, then on out over Green's G2 to H3.
        let s = format!("B:B{p}F5:RF3,C18:GG2,I18");
        assert_moves(game(), &s, &["F5xF1xH3"]);
        assert_illegal(game(), &pos(game(), &s), "F5xF1");
    }
}

#[test]
fn own_castle_must_be_left_on_the_next_turn() {
    for p in KINDS {
        // Blue jumps into F1 and cannot go on; Red and Green move; Blue must
        // now move the piece out of F1 (D9 may not move).
        let mut now = pos(game(), &format!("B:B{p}F5,D9:RF3,C18:GI18"));
        assert_eq!(moves_at(game(), &now), expected(&["F5xF1"]));
        now = play(game(), &now, "F5xF1");
        now = play(game(), &now, "C18-C16");
        now = play(game(), &now, "I18-I16");
        assert_eq!(now.to_move(), BLUE);
        assert_eq!(moves_at(game(), &now), expected(&["F1-E2", "F1-F3", "F1-G2"]));
        // Canters out are moves out too: F1 over its own F3 to F5.
        assert_moves(game(), &format!("B:B{p}F1,F3,D9:RC18:GI18"), &["F1-E2", "F1-F5", "F1-G2"]);
        // The same for Red in A16 and Green in K16.
        assert_moves(game(), &format!("R:BD9:R{p}A16,C12:GI18"), &["A16-A14", "A16-B15", "A16-B17"]);
        assert_moves(game(), &format!("G:BD9:RC18:G{p}K16,I12"), &["K16-J15", "K16-J17", "K16-K14"]);
    }
}

#[test]
fn own_castle_jump_out_if_possible() {
    for p in KINDS {
        // F1 can jump Red's E2: it must, rather than step out to F3 or G2.
        assert_moves(game(), &format!("B:B{p}F1,D9:RE2,C18:GI18"), &["F1xD3"]);
    }
}

#[test]
fn own_castle_charge_out_allowed() {
    // F1 can jump Red's E2; the Knight may instead leave by a charge over
    // its own F3 to F5 and over Red's F7 to F9.
    assert_moves(game(), "B:BKF1,F3:RE2,F7,C18:GI18", &["F1-F5xF9", "F1xD3"]);
    // A Man must jump.
    assert_moves(game(), "B:BF1,F3:RE2,F7,C18:GI18", &["F1xD3"]);
    // With no jump out, the Knight steps out or charges out; the canter
    // F1-F5 alone is not legal (from F5 it could jump F7).
    assert_moves(game(), "B:BKF1,F3:RF7,C18:GI18", &["F1-E2", "F1-F5xF9", "F1-G2"]);
}

#[test]
fn exception_1_leaving_own_castle_overrides_capture_obligation() {
    for p in KINDS {
        // D11 could jump Green's D13, but F1 must leave its castle and cannot
        // jump out: D11xD15 is not legal.
        assert_moves(game(), &format!("B:B{p}F1,D11:RC18:GD13,I18"), &["F1-E2", "F1-F3", "F1-G2"]);
    }
    // Without the piece in the castle the same jump is forced.
    assert_moves(game(), "B:BD11:RC18:GD13,I18", &["D11xD15"]);
}

#[test]
fn own_castle_obligation_lapses_when_the_piece_cannot_move() {
    // (Decision of camelot.md, `blocked_castle_piece = "lapse"`.) F1 is
    // walled in: E2, F3, G2 taken, and D3, F5, H3 behind them taken, so it
    // can neither step nor jump. Blue moves D11 instead.
    assert_moves(
        game(),
        "B:BF1,D11:RE2,F3,D3:GG2,H3,F5",
        &["D11-C10", "D11-C12", "D11-D13", "D11-D9", "D11-E10", "D11-E12"],
    );
}

// ---------------------------------------------------------------------------
// The castle of the opponent to the right: never entered
// (Blue: Green's K16; Red: Blue's F1; Green: Red's A16)
// ---------------------------------------------------------------------------

#[test]
fn right_castle_never_entered_by_plain_move() {
    for p in KINDS {
        assert_moves(game(), &format!("B:B{p}K14:RC18:GF9"), &["K14-J13", "K14-J15", "K14-K12"]);
        assert_moves(game(), &format!("R:BF9:R{p}E2:GI18"), &["E2-D3", "E2-E4", "E2-F3"]);
        assert_moves(game(), &format!("G:BF9:RI18:G{p}A14"), &["A14-A12", "A14-B13", "A14-B15"]);
    }
}

#[test]
fn right_castle_never_entered_by_canter() {
    for p in KINDS {
        // K12 over its own K14 would land on K16.
        assert_moves_of(game(), &format!("B:B{p}K12,K14:RC18:GF9"), "K12", &["K12-J11", "K12-J13"]);
        assert_illegal(game(), &pos(game(), &format!("B:B{p}K12,K14:RC18:GF9")), "K12-K16");
    }
}

#[test]
fn right_castle_not_even_an_intermediate_canter_landing() {
    for p in KINDS {
        // I14 over J15 into K16 and on over J17 to I18 would be a canter
        // through K16: not allowed, and I18 has no other way.
        let s = format!("B:B{p}I14,J15,J17:RC18:GB9");
        assert_moves_of(game(), &s, "I14", &["I14-H13", "I14-H15", "I14-I12", "I14-I16", "I14-J13"]);
        assert_illegal(game(), &pos(game(), &s), "I14-K16-I18");
    }
}

#[test]
fn right_castle_never_entered_by_jump() {
    for p in KINDS {
        // K12 next to Green's K14: the jump would land on K16, so there is
        // no jump at all, and no obligation: plain moves.
        assert_moves(game(), &format!("B:B{p}K12:RC18:GK14"), &["K12-J11", "K12-J13"]);
        // Not even as an intermediate landing: I14xK16xI18 over Red's J15
        // and Green's J17 is not a move.
        let s = format!("B:B{p}I14:RJ15:GJ17");
        assert_moves(game(), &s, &["I14-H13", "I14-H15", "I14-I12", "I14-I16", "I14-J13"]);
        assert_illegal(game(), &pos(game(), &s), "I14xK16xI18");
    }
}

#[test]
fn right_castle_never_entered_by_charge() {
    // The Knight on G12 canters over H13 to I14; the jump over Red's J15
    // would land on K16, so the canter rule does not apply and G12-I14 is
    // a legal canter, with no charge.
    assert_moves_of(
        game(),
        "B:BKG12,H13:RJ15:GB9",
        "G12",
        &["G12-F11", "G12-F13", "G12-G10", "G12-G14", "G12-H11", "G12-I14"],
    );
    // The canter part may not pass through K16 either: I14 over its own J15
    // into K16, then over Red's J17 to I18, is not a charge.
    let s = "B:BKI14,J15:RJ17:GB9";
    assert_moves_of(game(), s, "I14", &["I14-H13", "I14-H15", "I14-I12", "I14-I16", "I14-J13"]);
    assert_illegal(game(), &pos(game(), s), "I14-K16xI18");
}

// ---------------------------------------------------------------------------
// The castle of the opponent to the left: entering it wins at once
// (Blue: Red's A16; Red: Green's K16; Green: Blue's F1)
// ---------------------------------------------------------------------------

#[test]
fn left_castle_entered_by_plain_move_wins() {
    for p in KINDS {
        let s = format!("B:B{p}A14:RD9:GI18");
        assert_moves(game(), &s, &["A14-A12", "A14-A16", "A14-B13", "A14-B15"]);
        let after = play(game(), &pos(game(), &s), "A14-A16");
        assert_eq!(game().outcome(&after), win(BLUE, EndReason::Goal));
        assert!(game().legal_moves(&after).is_empty());

        let s = format!("R:BD9:R{p}K14:GI10");
        assert_moves(game(), &s, &["K14-J13", "K14-J15", "K14-K12", "K14-K16"]);
        assert_eq!(game().outcome(&play(game(), &pos(game(), &s), "K14-K16")), win(RED, EndReason::Goal));

        let s = format!("G:BD9:RC18:G{p}E2");
        assert_moves(game(), &s, &["E2-D3", "E2-E4", "E2-F1", "E2-F3"]);
        assert_eq!(game().outcome(&play(game(), &pos(game(), &s), "E2-F1")), win(GREEN, EndReason::Goal));
    }
}

#[test]
fn left_castle_entered_by_canter_wins() {
    for p in KINDS {
        // A12 over its own A14 into A16.
        let s = format!("B:B{p}A12,A14:RD9:GI18");
        assert_moves_of(game(), &s, "A12", &["A12-A16", "A12-B11", "A12-B13"]);
        assert_eq!(game().outcome(&play(game(), &pos(game(), &s), "A12-A16")), win(BLUE, EndReason::Goal));
    }
}

#[test]
fn left_castle_entered_by_jump_wins() {
    for p in KINDS {
        // Over Red's own A14 into A16.
        let s = format!("B:B{p}A12:RA14,D9:GI18");
        assert_moves(game(), &s, &["A12xA16"]);
        assert_eq!(game().outcome(&play(game(), &pos(game(), &s), "A12xA16")), win(BLUE, EndReason::Goal));
        // Over Green's B15 into A16.
        let s = format!("B:B{p}C14:RD9:GB15,I18");
        assert_moves(game(), &s, &["C14xA16"]);
        assert_eq!(game().outcome(&play(game(), &pos(game(), &s), "C14xA16")), win(BLUE, EndReason::Goal));
    }
}

#[test]
fn left_castle_entered_by_charge_wins() {
    // The Knight on E12 canters over D13 to C14 and jumps Green's B15 into
    // A16 (the canter alone may not stop on C14: from there it could jump).
    let s = "B:BKE12,D13:RD9:GB15,I18";
    assert_moves_of(game(), s, "E12", &["E12-C14xA16", "E12-D11", "E12-E10", "E12-E14", "E12-F11", "E12-F13"]);
    assert_eq!(game().outcome(&play(game(), &pos(game(), s), "E12-C14xA16")), win(BLUE, EndReason::Goal));
}

#[test]
fn left_castle_entry_ends_the_move() {
    for p in KINDS {
        // The game is won on landing in A16: the jump does not go on over
        // Green's B17 to C18.
        let s = format!("B:B{p}A12:RA14,D9:GB17,I18");
        assert_moves(game(), &s, &["A12xA16"]);
        let after = play(game(), &pos(game(), &s), "A12xA16");
        assert_eq!(after, pos(game(), &format!("R:B{p}A16:RD9:GB17,I18")));
        assert_eq!(game().outcome(&after), win(BLUE, EndReason::Goal));
    }
}

#[test]
fn exception_2_left_castle_entry_legal_when_a_jump_is_available() {
    for p in KINDS {
        // F9 can jump Red's F11, yet A14 may step and A12 canter into A16.
        // Their other moves are illegal.
        let s = format!("B:B{p}A12,A14,F9:RF11:GI18");
        assert_moves(game(), &s, &["A12-A16", "A14-A16", "F9xF13"]);
        assert_eq!(game().outcome(&play(game(), &pos(game(), &s), "A14-A16")), win(BLUE, EndReason::Goal));
        // What a player is told names the entries with the capture.
        let said = leap_core::entry::obligation(game(), &pos(game(), &s)).expect("an obligation").to_string();
        assert_eq!(
            said,
            "a capture is obligatory: F9 can capture (or play A12-A16 or A14-A16, which the rules allow instead)"
        );
    }
}

#[test]
fn exception_2_left_castle_entry_exempt_from_knight_canter_rule() {
    // B11 and A14 can jump Red's B13, so Blue must capture. The Knight on
    // C10 canters over B11 to A12, from where it could jump B13 (to C14):
    // by the canter rule it must capture (C10-A12xC14), yet it may also
    // canter on over A14 into A16 and win (C10-A12-A16).
    assert_moves(
        game(),
        "B:BKC10,B11,A14:RB13,H3:GI18",
        &["A14-A16", "A14xC12", "B11xB15", "C10-A12-A16", "C10-A12xC14"],
    );
    // Without the obligation: the canter into A16 ends the move, although
    // from A16 the Knight could jump Green's B17.
    assert_moves_of(game(), "B:BKA12,A14:RD9:GB17,I18", "A12", &["A12-A16", "A12-B11", "A12-B13"]);
}

#[test]
fn exception_2_does_not_override_leaving_own_castle() {
    for p in KINDS {
        // A14 could win by stepping into A16, but F1 must leave the castle.
        let s = format!("B:B{p}F1,A14:RD9:GI18");
        assert_moves(game(), &s, &["F1-E2", "F1-F3", "F1-G2"]);
        assert_illegal(game(), &pos(game(), &s), "A14-A16");
    }
}

// ---------------------------------------------------------------------------
// Elimination, skipping, passing, draws
// ---------------------------------------------------------------------------

#[test]
fn eliminated_player_is_skipped() {
    // Blue takes Red's last piece: Red is out, Green moves next.
    let before = pos(game(), "B:BF9,D3:RF11:GI18");
    let after = play(game(), &before, "F9xF13");
    assert_eq!(after, pos(game(), "G:BF13,D3:R:GI18"));
    assert_eq!(game().outcome(&after), None);
    // From now on the turns alternate Green, Blue, Green ...
    let after = play(game(), &after, "I18-I16");
    assert_eq!(after.to_move(), BLUE);
    let after = play(game(), &after, "D3-D5");
    assert_eq!(after.to_move(), GREEN);
    // With Blue out, Green and Red alternate.
    let after = play(game(), &pos(game(), "R:B:RC18:GI18"), "C18-C16");
    assert_eq!(after.to_move(), GREEN);
    let after = play(game(), &after, "I18-I16");
    assert_eq!(after.to_move(), RED);
}

#[test]
fn eliminated_players_castle_keeps_its_role() {
    // Red is out: Blue still wins on A16, Green still may not enter it.
    let s = "B:BA14:R:GI18";
    assert_moves(game(), s, &["A14-A12", "A14-A16", "A14-B13", "A14-B15"]);
    assert_eq!(game().outcome(&play(game(), &pos(game(), s), "A14-A16")), win(BLUE, EndReason::Goal));
    assert_moves(game(), "G:BF9:R:GA14", &["A14-A12", "A14-B13", "A14-B15"]);
}

#[test]
fn last_player_with_pieces_wins() {
    // Blue is out; Green takes Red's last piece.
    let s = "G:B:RKE8:GKD7";
    assert_moves(game(), s, &["D7xF9"]);
    let after = play(game(), &pos(game(), s), "D7xF9");
    assert_eq!(game().outcome(&after), win(GREEN, EndReason::Elimination));
    assert!(game().legal_moves(&after).is_empty());
    // Both opponents' last pieces in one move.
    for p in KINDS {
        let s = format!("B:B{p}F5:RF7:GF11");
        assert_moves(game(), &s, &["F5xF9xF13"]);
        assert_eq!(game().outcome(&play(game(), &pos(game(), &s), "F5xF9xF13")), win(BLUE, EndReason::Elimination));
    }
    // Any number of pieces will do, and the winner need not be to move.
    assert_eq!(game().outcome(&pos(game(), "R:BF5:R:G")), win(BLUE, EndReason::Elimination));
}

/// Red's only piece, E2, is walled in by Blue: E4, F3, D3 taken, E6 and G4
/// behind them taken, C4 and D1 not cells, F1 Blue's castle (barred to Red).
const RED_STUCK: &str = "R:BD3,E4,E6,F3,G4:RE2:GI18";

#[test]
fn player_with_pieces_but_no_move_passes() {
    let p0 = pos(game(), RED_STUCK);
    assert_eq!(game().outcome(&p0), None);
    assert_eq!(legal_move_texts(game(), &p0), vec!["pass".to_string()]);
    assert_eq!(game().legal_moves(&p0), vec![MoveKey::PASS]);
    let read = read_move(game(), &p0, "pass").unwrap();
    assert_eq!(read.key, MoveKey::PASS);
    let after = game().play_unchecked(&p0, &read.key);
    assert_eq!(after, pos(game(), "G:BD3,E4,E6,F3,G4:RE2:GI18 clock=1"));
    // Perft counts the pass as one move.
    assert_eq!(perft(game(), &p0, 1, Count::Positions), 1);
    assert_eq!(perft(game(), &p0, 1, Count::Paths), 1);
    // Green moves, then Blue must jump E2 into its own castle (D3xF1).
    let after = play(game(), &after, "I18-I16");
    assert_eq!(moves_at(game(), &after), expected(&["D3xF1"]));
    // A player who has a move may not pass.
    assert!(matches!(read_move(game(), &pos(game(), "B:BD9:RC18:GI18"), "pass"), Err(MoveError::NoPass { .. })));
}

#[test]
fn nobody_can_move_is_a_draw() {
    // The board full but for the three castles, so every move would have
    // to land in a castle. Next to each castle, and one cell further out in
    // line (the only cells a step, canter or jump into it can start from),
    // stand pieces of the player to whom it is barred: Red around Blue's F1,
    // Green around Red's A16, Blue around Green's K16. Nobody can enter
    // his own castle (no jump: the piece in between is a friend, or the
    // start cell is not his) or his left castle (none of his pieces near
    // it). The other 52 cells are Blue's too.
    let red = ["E2", "F3", "G2", "D3", "F5", "H3"];
    let green = ["A14", "B15", "B17", "A12", "C14", "C18"];
    let blue_near_k16 = ["K14", "J15", "J17", "K12", "I14", "I18"];
    let castles = ["F1", "A16", "K16"];
    let rest: Vec<String> = all_cells()
        .into_iter()
        .filter(|c| ![&red[..], &green[..], &blue_near_k16[..], &castles[..]].iter().any(|l| l.contains(&c.as_str())))
        .collect();
    assert_eq!(rest.len(), 52);
    let blue = format!("{},{}", blue_near_k16.join(","), rest.join(","));
    for mover in ["B", "R", "G"] {
        let s = format!("{mover}:B{blue}:R{}:G{}", red.join(","), green.join(","));
        let p0 = pos(game(), &s);
        assert!(game().legal_moves(&p0).is_empty(), "{mover} has no move and does not pass");
        assert_eq!(game().outcome(&p0), draw(EndReason::NoMoves));
    }
    // Give F3 to Green instead of Red: Green can now step into F1 (its left
    // castle), while Blue and Red still cannot move (every landing is
    // taken, off the board, or a castle closed to them). As long as one
    // player can move the others pass: no draw.
    let red2 = ["E2", "G2", "D3", "F5", "H3"];
    let s = format!("B:B{blue}:R{}:GF3,{}", red2.join(","), green.join(","));
    assert_eq!(moves_at(game(), &pos(game(), &s)), expected(&["pass"]));
    let s = format!("G:B{blue}:R{}:GF3,{}", red2.join(","), green.join(","));
    assert_eq!(moves_at(game(), &pos(game(), &s)), expected(&["F3-F1"]));
}

#[test]
fn move_limit_draw() {
    // 150 moves (50 by each player) without a capture or castle entry.
    let before = pos(game(), "B:BD9:RC18:GI18 clock=149");
    assert_eq!(game().outcome(&before), None);
    let after = play(game(), &before, "D9-D11");
    assert_eq!(game().outcome(&after), draw(EndReason::MoveLimit));
    // A capture resets the count.
    let after = play(game(), &pos(game(), "B:BD9:RD11,C18:GI18 clock=149"), "D9xD13");
    assert_eq!(after.clock(), 0);
    assert_eq!(game().outcome(&after), None);
}

#[test]
fn repetition_draw() {
    // Three rounds there and back: the start position of the record occurs
    // for the third time after the second full cycle.
    let mut h = History::new(pos(game(), "B:BD9:RC18:GI18"));
    let cycle = ["D9-D11", "C18-C16", "I18-I16", "D11-D9", "C16-C18", "I16-I18"];
    for (i, m) in cycle.iter().chain(cycle.iter()).enumerate() {
        assert_eq!(h.outcome(game()), None, "before move {i}");
        h.play_text(game(), m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    assert_eq!(h.outcome(game()), draw(EndReason::Repetition));
}
