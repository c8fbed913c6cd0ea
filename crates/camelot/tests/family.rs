//! The historical relatives of Camelot as built-in variants: Cam (Parker
//! Brothers, 1949), Camette, Chivalry (George S. Parker, 1887) and Camelot
//! by the Parker Brothers 1930 rules (`parker-1930`).
//!
//! For each: the board (its cells, rank by rank), the start position string,
//! White's first moves and perft where the count can be reasoned out by hand.
//! Every expected number and move list below was worked out by hand from the
//! setup and the rules (shared/rules/camelot.md and the variant files'
//! comments); the reasoning is in the comments.
//!
//! Cell names: file letter and rank. Directions: N (rank+1), S, E (file+1), W.

use leap_camelot::Camelot;
use leap_core::{
    notation::{format_position, legal_move_texts, parse_position, read_move},
    perft::{perft, Count},
    rules::LeapRules,
    EndReason, Game, GameResult, Outcome, Player, Position,
};
use std::collections::BTreeMap;

const WHITE: Player = Player(0);
const BLACK: Player = Player(1);

fn game(name: &str) -> Camelot {
    leap_camelot::load(name).unwrap_or_else(|e| panic!("the built-in variant {name} loads: {e}"))
}

fn pos(g: &Camelot, s: &str) -> Position {
    parse_position(g, s).unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

fn expected(list: &[&str]) -> Vec<String> {
    sorted(list.iter().map(|s| s.to_string()).collect())
}

fn moves_at(g: &Camelot, p: &Position) -> Vec<String> {
    sorted(legal_move_texts(g, p))
}

fn start_square(m: &str) -> &str {
    m.split(['-', 'x']).next().unwrap_or("")
}

fn moves_of_at(g: &Camelot, p: &Position, square: &str) -> Vec<String> {
    moves_at(g, p).into_iter().filter(|m| start_square(m) == square).collect()
}

/// Plays a move written out in full; panics if it is not legal.
fn play(g: &Camelot, p: &Position, text: &str) -> Position {
    let read = read_move(g, p, text).unwrap_or_else(|e| panic!("{text} in {}: {e}", format_position(g, p)));
    assert_eq!(read.completed, None, "{text} should be a full path");
    assert!(g.legal_moves(p).contains(&read.key));
    g.play_unchecked(p, &read.key)
}

/// The number of legal replies after each legal move of `p`, by move text.
fn replies(g: &Camelot, p: &Position) -> BTreeMap<String, usize> {
    legal_move_texts(g, p)
        .into_iter()
        .map(|m| {
            let next = play(g, p, &m);
            let n = g.legal_moves(&next).len();
            (m, n)
        })
        .collect()
}

/// Every cell of a board given as (rank, first file, last file), rank by rank.
fn cells(rows: &[(u8, char, char)]) -> Vec<String> {
    rows.iter().flat_map(|&(rank, a, b)| (a..=b).map(move |f| format!("{f}{rank}"))).collect()
}

/// The board, through the core's trait (the same call whatever inherent
/// accessors `Camelot` has).
fn board(g: &Camelot) -> &leap_core::Board {
    LeapRules::board(g)
}

fn board_cells(g: &Camelot) -> Vec<String> {
    let b = board(g);
    b.listed(b.cells()).into_iter().map(|c| b.name(c).to_string()).collect()
}

fn win(player: Player, reason: EndReason) -> Option<Outcome> {
    Some(Outcome { result: GameResult::Win(player), reason })
}

// ---------------------------------------------------------------------------
// Cam (Parker Brothers, 1949)
// ---------------------------------------------------------------------------

/// Rank 1 D1; rank 2 C-E; rank 3 B-F; ranks 4-10 A-G; rank 11 B-F; rank 12
/// C-E; rank 13 D13: 1 + 3 + 5 + 7*7 + 5 + 3 + 1 = 67.
#[test]
fn cam_board_has_67_cells() {
    let g = game("cam");
    let mut rows = vec![(1, 'D', 'D'), (2, 'C', 'E'), (3, 'B', 'F')];
    rows.extend((4..=10).map(|r| (r, 'A', 'G')));
    rows.extend([(11, 'B', 'F'), (12, 'C', 'E'), (13, 'D', 'D')]);
    let want = cells(&rows);
    assert_eq!(want.len(), 67);
    assert_eq!(board(&g).len(), 67);
    assert_eq!(sorted(board_cells(&g)), sorted(want));
    assert_eq!(g.castle(WHITE), board(&g).cell("D1").map(leap_core::Bitset::single).unwrap());
    assert_eq!(g.castle(BLACK), board(&g).cell("D13").map(leap_core::Bitset::single).unwrap());
}

/// A one-square castle has no castle moves, so the string has no
/// `castle-moves` field.
#[test]
fn cam_start_position() {
    let g = game("cam");
    assert_eq!(format_position(&g, &g.start()), "W:WKC4,KE4,B5,C5,D5,E5,F5:BKC10,KE10,B9,C9,D9,E9,F9");
    assert_eq!(g.outcome(&g.start()), None);
}

/// White's 54 first moves, counted by hand. No capture is possible (the
/// armies are four ranks apart) and no move reaches D1.
///
/// Plain moves (36): Knight C4 to B3 C3 D3 B4 D4 (5; B5 C5 D5 are own
/// Men); Knight E4 to D3 E3 F3 D4 F4 (5); Man B5 to A4 B4 A5 A6 B6 C6 (6);
/// C5 to B4 D4 B6 C6 D6 (5); D5 to D4 C6 D6 E6 (4: C4 E4 C5 E5 taken);
/// E5 to D4 F4 D6 E6 F6 (5); F5 to G4 F4 G5 G6 F6 E6 (6).
///
/// Canters (18), each a new square (none is a plain-move square of the same
/// piece):
/// - Knight C4: over B5 to A6, over C5 to C6, over D5 to E6; from C6 over
///   B5 on to A4 (over D5 it would land on the Knight E4); from E6 over F5
///   on to G4; nothing else (A6, A4 and G4 lead only back): 5.
/// - Knight E4, its mirror: C6 E6 G6, C6-A4, E6-G4: 5.
/// - Man B5: over the Knight C4 to D3 (over C5 lands on D5, taken): 1.
///   F5, its mirror: over E4 to D3: 1.
/// - Man C5: over C4 to C3, over B5 to A5 (over D5 lands on E5): 2.
///   E5, its mirror: E3, G5: 2.
/// - Man D5: over C4 to B3, over E4 to F3 (over C5/E5 land on B5/F5): 2.
///
/// 36 + 18 = 54. The Knight canter rule never applies: no enemy is near.
#[test]
fn cam_first_moves() {
    let g = game("cam");
    let want = expected(&[
        // Knight C4
        "C4-B3", "C4-C3", "C4-D3", "C4-B4", "C4-D4", "C4-A6", "C4-C6", "C4-E6", "C4-C6-A4", "C4-E6-G4",
        // Knight E4
        "E4-D3", "E4-E3", "E4-F3", "E4-D4", "E4-F4", "E4-C6", "E4-E6", "E4-G6", "E4-C6-A4", "E4-E6-G4",
        // Men
        "B5-A4", "B5-B4", "B5-A5", "B5-A6", "B5-B6", "B5-C6", "B5-D3", //
        "C5-B4", "C5-D4", "C5-B6", "C5-C6", "C5-D6", "C5-C3", "C5-A5", //
        "D5-D4", "D5-C6", "D5-D6", "D5-E6", "D5-B3", "D5-F3", //
        "E5-D4", "E5-F4", "E5-D6", "E5-E6", "E5-F6", "E5-E3", "E5-G5", //
        "F5-G4", "F5-F4", "F5-G5", "F5-G6", "F5-F6", "F5-E6", "F5-D3",
    ]);
    assert_eq!(want.len(), 54);
    assert_eq!(moves_at(&g, &g.start()), want);
}

/// Perft 2 = 54 * 54: after any White first move White's pieces stand on
/// ranks 3-6 and Black's on ranks 8-11 after any reply (a canter of a Knight
/// goes at most one rank beyond its own front rank), so no jump, no Knight
/// canter-rule square and no blocked landing links the two armies; Black's
/// 54 replies (the mirror image of White's) are the same after every move.
#[test]
fn cam_perft_2() {
    let g = game("cam");
    assert_eq!(perft(&g, &g.start(), 1, Count::Positions), 54);
    assert_eq!(perft(&g, &g.start(), 2, Count::Positions), 54 * 54);
}

/// One piece entering the opponent's castle wins (`goal_count = 1`).
/// The White Man on D12 has six plain moves (C11 D11 E11 C12 E12 and the
/// castle D13; rank 13 has no other cell) and no canter or jump.
#[test]
fn cam_one_piece_in_the_enemy_castle_wins() {
    let g = game("cam");
    let p = pos(&g, "W:WD12,B4:BF8,G10");
    assert_eq!(g.outcome(&p), None);
    assert_eq!(
        moves_of_at(&g, &p, "D12"),
        expected(&["D12-C11", "D12-D11", "D12-E11", "D12-C12", "D12-E12", "D12-D13"])
    );
    let after = play(&g, &p, "D12-D13");
    assert_eq!(format_position(&g, &after), "B:WB4,D13:BF8,G10");
    assert_eq!(g.outcome(&after), win(WHITE, EndReason::Goal));
    assert!(g.legal_moves(&after).is_empty());
}

// ---------------------------------------------------------------------------
// Camette
// ---------------------------------------------------------------------------

/// C1; B2-D2; A3-E3; A4-E4; A5-E5; B6-D6; C7: 1 + 3 + 5*3 + 3 + 1 = 23.
#[test]
fn camette_board_has_23_cells() {
    let g = game("camette");
    let want = cells(&[
        (1, 'C', 'C'),
        (2, 'B', 'D'),
        (3, 'A', 'E'),
        (4, 'A', 'E'),
        (5, 'A', 'E'),
        (6, 'B', 'D'),
        (7, 'C', 'C'),
    ]);
    assert_eq!(want.len(), 23);
    assert_eq!(board(&g).len(), 23);
    assert_eq!(sorted(board_cells(&g)), sorted(want));
}

#[test]
fn camette_start_position() {
    let g = game("camette");
    assert_eq!(format_position(&g, &g.start()), "W:WKC2,B3,C3,D3:BKC6,B5,C5,D5");
}

/// White's 22 first moves, by hand (no capture: the armies are two ranks
/// apart; C1 is White's own castle, closed to plain moves and canters).
/// - Knight C2: plain B2 D2 (C1 own castle; B3 C3 D3 taken); canters over
///   B3/C3/D3 to A4/C4/E4 (further leaps only lead back to C2); none of
///   A4 C4 E4 lets it jump (every jump would land on B5's C6 or off the
///   board): 5.
/// - Man B3: plain B2 A3 A4 B4 C4 (C2 C3 taken, A2 no cell); canters: over
///   C2 to D1 (no cell), over C3 to D3 (taken): 5. D3, its mirror: 5.
/// - Man C3: plain B2 D2 B4 C4 D4; canters over B3 to A3 and over D3 to E3
///   (over C2 into C1: own castle): 7.
#[test]
fn camette_first_moves() {
    let g = game("camette");
    let want = expected(&[
        "C2-B2", "C2-D2", "C2-A4", "C2-C4", "C2-E4", //
        "B3-B2", "B3-A3", "B3-A4", "B3-B4", "B3-C4", //
        "D3-D2", "D3-E3", "D3-E4", "D3-D4", "D3-C4", //
        "C3-B2", "C3-D2", "C3-B4", "C3-C4", "C3-D4", "C3-A3", "C3-E3",
    ]);
    assert_eq!(want.len(), 22);
    assert_eq!(moves_at(&g, &g.start()), want);
}

/// Black's replies to each of White's 22 first moves, by hand; perft 2 is
/// their sum, 345. Black's baseline is the mirror of White's 22: Knight C6
/// plain B6 D6 and canters to A4 C4 E4; B5 and D5 five plain moves each; C5
/// five plain moves and canters to A5 and E5.
///
/// - C2-B2 (and its mirror C2-D2): 25. C2 is now empty, so each of the
///   Knight's canter squares A4 C4 E4 lets it jump into C2 (over B3, C3, D3
///   respectively): by the Knight canter rule its three canters are illegal,
///   and it has six charges instead: from C2 it must jump on over one of
///   the two remaining Men of rank 3 (to A4, C4 or E4). 22 - 3 + 6.
/// - C2-A4 (C2-E4): 20. The Knight's canter to A4 is blocked; C4 and E4
///   allow jumps into C2, so those canters become one charge each (C4xC2xE4,
///   E4xC2xC4; the jump over B3 would land on the Knight A4). B5 loses its
///   plain move to A4. Knight 4, B5 4, D5 5, C5 7.
/// - C2-C4: 18. The Knight on C4 cannot be jumped (D3, C3, B3 are behind it).
///   Black Knight: canter to C4 blocked, A4 and E4 are jump squares, one
///   charge each (A4xC2xE4, E4xC2xA4): 4. B5, C5, D5 lose their plain move
///   to C4: 4, 6, 4.
/// - B3-B2, B3-A3, C3-B2, C3-A3 and mirrors: 22 (no jump anywhere; every
///   jump from A4, C4 or E4 would land on the Knight C2 or off the board).
/// - B3-A4 (D3-E4): 20. The Knight's canter to A4 is blocked and B5's plain
///   move to A4 too; A4 cannot be jumped (B5 over it lands off the board).
/// - B3-B4 (D3-D4): 4, all captures: B5xB3, C5xA3, and the Knight's charges
///   C6-A4xC4 and C6-C4xA4 (each over B4).
/// - B3-C4 (D3-C4): 1, D5xB3 (B5 and C5 would land on D3 and C3, taken; the
///   Knight has no charge: from A4 and E4 no jump lands on an empty square).
/// - C3-B4 (C3-D4): 4: C5xA3 must go on over B3 to C3, then over the Knight
///   C2 into White's castle C1 (the move ends there) or over D3 to E3; and the
///   charges C6-A4xC4, C6-C4xA4.
/// - C3-C4: 3: C5xC3 must go on: xC1 (over the Knight C2, into the castle),
///   xA3 or xE3.
#[test]
fn camette_perft_2() {
    let g = game("camette");
    let want: BTreeMap<String, usize> = [
        ("C2-B2", 25),
        ("C2-D2", 25),
        ("C2-A4", 20),
        ("C2-E4", 20),
        ("C2-C4", 18),
        ("B3-B2", 22),
        ("B3-A3", 22),
        ("B3-A4", 20),
        ("B3-B4", 4),
        ("B3-C4", 1),
        ("D3-D2", 22),
        ("D3-E3", 22),
        ("D3-E4", 20),
        ("D3-D4", 4),
        ("D3-C4", 1),
        ("C3-B2", 22),
        ("C3-D2", 22),
        ("C3-B4", 4),
        ("C3-D4", 4),
        ("C3-C4", 3),
        ("C3-A3", 22),
        ("C3-E3", 22),
    ]
    .into_iter()
    .map(|(m, n)| (m.to_string(), n))
    .collect();
    assert_eq!(want.values().sum::<usize>(), 345);
    assert_eq!(replies(&g, &g.start()), want);
    assert_eq!(perft(&g, &g.start(), 2, Count::Positions), 345);
}

/// The replies worked out above, move by move, for the positions where
/// captures decide.
#[test]
fn camette_replies_with_captures() {
    let g = game("camette");
    let s = g.start();
    let after = |m: &str| moves_at(&g, &play(&g, &s, m));
    assert_eq!(
        after("C2-B2"),
        expected(&[
            "C6-B6",
            "C6-D6",
            "B5-B6",
            "B5-A5",
            "B5-A4",
            "B5-B4",
            "B5-C4",
            "D5-D6",
            "D5-E5",
            "D5-E4",
            "D5-D4",
            "D5-C4",
            "C5-B6",
            "C5-D6",
            "C5-B4",
            "C5-C4",
            "C5-D4",
            "C5-A5",
            "C5-E5",
            "C6-A4xC2xC4",
            "C6-A4xC2xE4",
            "C6-C4xC2xA4",
            "C6-C4xC2xE4",
            "C6-E4xC2xA4",
            "C6-E4xC2xC4",
        ])
    );
    assert_eq!(after("B3-B4"), expected(&["B5xB3", "C5xA3", "C6-A4xC4", "C6-C4xA4"]));
    assert_eq!(after("B3-C4"), expected(&["D5xB3"]));
    assert_eq!(after("C3-B4"), expected(&["C5xA3xC3xC1", "C5xA3xC3xE3", "C6-A4xC4", "C6-C4xA4"]));
    assert_eq!(after("C3-C4"), expected(&["C5xC3xC1", "C5xC3xA3", "C5xC3xE3"]));
}

/// The first game of the test above played on: 1.C3-C4 C5xC3xC1 puts one
/// Black piece in White's castle, and Black wins at once.
#[test]
fn camette_jump_into_the_enemy_castle_wins() {
    let g = game("camette");
    let p = play(&g, &g.start(), "C3-C4");
    let p = play(&g, &p, "C5xC3xC1");
    assert_eq!(format_position(&g, &p), "W:WB3,D3:BKC6,C1,B5,D5");
    assert_eq!(g.outcome(&p), win(BLACK, EndReason::Goal));
}

/// A written-out position: the lone Black Man on B2 steps into C1 and wins
/// (`goal_count = 1`). Its moves: C1 C2 B3 C3 (A3 is a White Man it
/// cannot jump: the landing would be off the board; A1, B1, A2 are no cells).
#[test]
fn camette_one_piece_in_the_enemy_castle_wins() {
    let g = game("camette");
    let p = pos(&g, "B:WA3,E3:BB2");
    assert_eq!(g.outcome(&p), None, "one piece against two is no draw here");
    assert_eq!(moves_at(&g, &p), expected(&["B2-B3", "B2-C1", "B2-C2", "B2-C3"]));
    let after = play(&g, &p, "B2-C1");
    assert_eq!(g.outcome(&after), win(BLACK, EndReason::Goal));
}

/// Decision of the Cam and Camette files: capturing the last enemy piece
/// wins even with a single piece left (`bare_win_min_material = 1`).
#[test]
fn camette_capturing_the_last_piece_wins_with_one_piece() {
    let g = game("camette");
    let p = pos(&g, "W:WB2:BB3");
    assert_eq!(moves_at(&g, &p), expected(&["B2xB4"]));
    let after = play(&g, &p, "B2xB4");
    assert_eq!(g.outcome(&after), win(WHITE, EndReason::Elimination));
}

// ---------------------------------------------------------------------------
// Chivalry (George S. Parker, 1887)
// ---------------------------------------------------------------------------

/// G1 H1; D2-K2; C3-L3; B4-M4; A5-N5 ... A12-N12; B13-M13; C14-L14; D15-K15;
/// G16 H16: 2 + 8 + 10 + 12 + 8*14 + 12 + 10 + 8 + 2 = 176 (224 - 48).
#[test]
fn chivalry_board_has_176_cells() {
    let g = game("chivalry");
    let mut rows = vec![(1, 'G', 'H'), (2, 'D', 'K'), (3, 'C', 'L'), (4, 'B', 'M')];
    rows.extend((5..=12).map(|r| (r, 'A', 'N')));
    rows.extend([(13, 'B', 'M'), (14, 'C', 'L'), (15, 'D', 'K'), (16, 'G', 'H')]);
    let want = cells(&rows);
    assert_eq!(want.len(), 176);
    assert_eq!(board(&g).len(), 176);
    assert_eq!(board(&g).files(), 14);
    assert_eq!(board(&g).ranks(), 16);
    assert_eq!(sorted(board_cells(&g)), sorted(want));
}

#[test]
fn chivalry_start_position() {
    let g = game("chivalry");
    assert_eq!(
        format_position(&g, &g.start()),
        "W:WKC6,KD6,KK6,KL6,KC7,KD7,KK7,KL7,E6,F6,G6,H6,I6,J6,E7,F7,G7,H7,I7,J7\
         :BKC10,KD10,KK10,KL10,KC11,KD11,KK11,KL11,E10,F10,G10,H10,I10,J10,E11,F11,G11,H11,I11,J11 \
         castle-moves=0,0"
    );
}

/// White's 132 first moves, by hand. White's army fills the block C6-L7
/// (files 3-12, ranks 6-7); no capture is possible.
///
/// Plain moves (68): a piece on rank 7 steps to the three squares above it
/// (3 each); the corner pieces C7 and L7 also step to B7 B6 / M7 M6 (5
/// each): 8*3 + 2*5 = 34. Rank 6, the mirror (down to rank 5; C6 and L6
/// also to B6 B7 / M6 M7): 34.
///
/// Canters (64). A leap over the block lands inside the block (taken)
/// unless it leaves the block at once, so a rank-7 piece on file f leaps
/// over rank 6 to (f-2,5), (f,5), (f+2,5) (the outer two only when the
/// square leapt over is in the block, i.e. f-1 >= C, f+1 <= L); from rank 5
/// the only onward leaps are D5 over C6 to B7 and K5 over L6 to M7 (and
/// back to the start square); D7 and K7 also leap sideways over C7/L7 to
/// B7/M7, and from B7 (M7) the only onward leap is back to D5 (K5). So:
/// C7 {C5 E5} 2; D7 {B5 D5 F5 B7} 4; E7 {C5 E5 G5} 3; F7 {D5 F5 H5 B7} 4;
/// G7 3; H7 3; I7 {G5 I5 K5 M7} 4; J7 3; K7 {I5 K5 M5 M7} 4; L7 {J5 L5} 2:
/// 32 for rank 7, and by the mirror image 32 for rank 6.
///
/// Per piece: C7 D7 F7 I7 K7 L7 have 7 moves, E7 G7 H7 J7 have 6 (66), and
/// the same on rank 6: 132.
#[test]
fn chivalry_first_moves() {
    let g = game("chivalry");
    let s = g.start();
    assert_eq!(g.legal_moves(&s).len(), 132);
    let per_piece: BTreeMap<String, usize> = moves_at(&g, &s).iter().fold(BTreeMap::new(), |mut m, mv| {
        *m.entry(start_square(mv).to_string()).or_insert(0) += 1;
        m
    });
    let mut want = BTreeMap::new();
    for rank in [6, 7] {
        for (file, n) in
            [('C', 7), ('D', 7), ('E', 6), ('F', 7), ('G', 6), ('H', 6), ('I', 7), ('J', 6), ('K', 7), ('L', 7)]
        {
            want.insert(format!("{file}{rank}"), n);
        }
    }
    assert_eq!(per_piece, want);
    assert_eq!(moves_of_at(&g, &s, "C7"), expected(&["C7-B8", "C7-C8", "C7-D8", "C7-B7", "C7-B6", "C7-C5", "C7-E5"]));
    assert_eq!(moves_of_at(&g, &s, "D7"), expected(&["D7-C8", "D7-D8", "D7-E8", "D7-B5", "D7-D5", "D7-F5", "D7-B7"]));
    assert_eq!(
        moves_of_at(&g, &s, "F7"),
        expected(&["F7-E8", "F7-F8", "F7-G8", "F7-D5", "F7-F5", "F7-H5", "F7-D5-B7"])
    );
    assert_eq!(moves_of_at(&g, &s, "G6"), expected(&["G6-F5", "G6-G5", "G6-H5", "G6-E8", "G6-G8", "G6-I8"]));
}

/// Depth 2 is not simply 132 * 132 in Chivalry: White's front pieces reach
/// rank 8 and Black's Knights canter to rank 9, next to them. Two first
/// moves worked out by hand:
///
/// - 1.H7-H8: 132 replies. The only Black canter square next to H8 is I9
///   (Knight K11 over J10); from I9 a jump over H8 would land on G7, taken.
///   No Black Knight reaches G9 or H9 (K11: I9 K9 M9 M11; L11: J9 L9; D11:
///   B9 D9 F9 B11; C11: C9 E9). Nothing else changes: 132.
/// - 1.I7-I8: 134 replies. From I9 the Knight K11 could jump I8 into the
///   hole I7, so its canter to I9 (reachable no other way) becomes illegal
///   (Knight canter rule), and it gains three charges: from I7 the jump must
///   go on over H6 to G5, over I6 to I5, or over J6 to K5 and on over L6 to
///   M7 (every other leap lands on a taken square). From J9 (Knight L11) a
///   jump over I8 would land on H7, taken. 132 - 1 + 3 = 134.
#[test]
fn chivalry_replies_to_two_first_moves() {
    let g = game("chivalry");
    let s = g.start();
    let quiet = play(&g, &s, "H7-H8");
    assert_eq!(g.legal_moves(&quiet).len(), 132);
    let hole = play(&g, &s, "I7-I8");
    assert_eq!(g.legal_moves(&hole).len(), 134);
    let k11 = moves_of_at(&g, &hole, "K11");
    for charge in ["K11-I9xI7xG5", "K11-I9xI7xI5", "K11-I9xI7xK5xM7"] {
        assert!(k11.contains(&charge.to_string()), "{charge} in {k11:?}");
    }
    assert!(!k11.contains(&"K11-I9".to_string()), "the canter K11-I9 is illegal: {k11:?}");
    assert_eq!(k11.len(), moves_of_at(&g, &quiet, "K11").len() + 2);
}

// ---------------------------------------------------------------------------
// Camelot by the Parker Brothers 1930 rules
// ---------------------------------------------------------------------------

/// `parker-1930` extends `camelot`: the same board, setup and start.
#[test]
fn parker_1930_board_and_start_are_camelot() {
    let g = game("parker-1930");
    let c = game("camelot");
    assert_eq!(board(&g).len(), 160);
    assert_eq!(sorted(board_cells(&g)), sorted(board_cells(&c)));
    assert_eq!(
        format_position(&g, &g.start()),
        "W:WKC6,KJ6,KD7,KI7,D6,E6,F6,G6,H6,I6,E7,F7,G7,H7:BKD10,KI10,KC11,KJ11,E10,F10,G10,H10,D11,E11,F11,G11,H11,I11 castle-moves=0,0"
    );
    assert_eq!(g.rules().own_castle_jump, leap_camelot::OwnCastleJump::End);
}

/// 100 first moves (the WCF's published number), and the same depth-2 count
/// as Camelot: no jump into one's own castle is possible in the first two
/// plies (the nearest pieces are five ranks from their own castle), so the
/// one rule that differs never applies. Camelot's depth 2 (10 026) is in
/// tests/perft/camelot.perft with its 26 extra moves checked one by one.
#[test]
fn parker_1930_perft() {
    let g = game("parker-1930");
    assert_eq!(perft(&g, &g.start(), 1, Count::Positions), 100);
    let c = game("camelot");
    assert_eq!(perft(&g, &g.start(), 2, Count::Positions), perft(&c, &c.start(), 2, Count::Positions));
    assert_eq!(perft(&g, &g.start(), 2, Count::Positions), 10_026);
}

/// The White Man on F3 must jump (capture obligation); its only jump is over
/// F2 into its own castle F1 (over E2 or G2 it would land on D1 or H1, no
/// cells). From F1 it could jump on over E2 to D3 or over G2 to H3 (over G1:
/// H1 is no cell). WCF: the jump must go on, so two moves. Parker Brothers
/// 1930: the move ends in the castle, one move. Next turn (Parker) the Man
/// must leave the castle, jumping out because it can: F1xD3 or F1xH3, and
/// the Man on A8 may not move.
#[test]
fn parker_1930_jump_into_own_castle_ends_the_move() {
    let setup = "W:WF3,A8:BE2,F2,G2,L12 castle-moves=0,0";

    let wcf = game("camelot");
    let p = pos(&wcf, setup);
    assert_eq!(moves_at(&wcf, &p), expected(&["F3xF1xD3", "F3xF1xH3"]));

    let parker = game("parker-1930");
    let p = pos(&parker, setup);
    assert_eq!(moves_at(&parker, &p), expected(&["F3xF1"]));
    let p = play(&parker, &p, "F3xF1");
    assert_eq!(format_position(&parker, &p), "B:WF1,A8:BE2,G2,L12 castle-moves=0,0");
    assert_eq!(parker.outcome(&p), None);
    let p = play(&parker, &p, "L12-L11");
    assert_eq!(moves_at(&parker, &p), expected(&["F1xD3", "F1xH3"]));
}
