//! The end conditions of variant files as H. G. Muller's *royalty count*
//! defines them (docs/variants.md, "End conditions"), case by case, each
//! with its counts worked out.
//!
//! A side's count: its baring pieces (or 1 when no kind counts for
//! baring), plus 1024 for each spare royal (each extinction piece beyond
//! the first, each royal piece beyond the setup's), minus 1024 for each
//! royal lost. After a move: the other side negative, the mover wins; the
//! mover at 0 and the other not, the other wins; both at 0, the game goes
//! on for one move if the move bared the other side (counter-baring), else
//! it is drawn.

use leap_camelot::Camelot;
use leap_core::{
    notation::{legal_move_texts, parse_position, read_move},
    EndReason, Game, GameResult, Outcome, Player, Position,
};
use leap_games::{parse, Variant};

const WHITE: Player = Player(0);
const BLACK: Player = Player(1);

fn camelot_family(text: &str) -> Camelot {
    match parse("v.toml", text) {
        Ok(Variant::Camelot(g)) => g,
        Ok(_) => panic!("not a camelot-family file"),
        Err(e) => panic!("{e}"),
    }
}

fn builtin(name: &str) -> Camelot {
    leap_camelot::load(name).unwrap()
}

/// `moves` played from `pos`, each checked to be legal.
fn play<G: Game>(g: &G, pos: &str, moves: &[&str]) -> Position {
    let mut p = parse_position(g, pos).unwrap_or_else(|e| panic!("{e}"));
    for m in moves {
        assert_eq!(g.outcome(&p), None, "the game is over before {m}");
        let read = read_move(g, &p, m).unwrap_or_else(|e| panic!("{m}: {e}"));
        assert_eq!(read.completed, None, "{m} is written in full");
        p = g.play_unchecked(&p, &read.key);
    }
    p
}

fn win(p: Player, reason: EndReason) -> Option<Outcome> {
    Some(Outcome { result: GameResult::Win(p), reason })
}

fn draw(reason: EndReason) -> Option<Outcome> {
    Some(Outcome { result: GameResult::Draw, reason })
}

/// Both sides' royalty counts, White's first.
fn counts<G: Game>(g: &G, end: &leap_core::rules::EndRules, pos: &Position) -> (i64, i64) {
    let _ = g;
    (end.royalty(pos, WHITE), end.royalty(pos, BLACK))
}

#[test]
fn spare_royals_keep_a_side_without_baring_pieces_in_the_game() {
    // Skirmish: extinction = Knight, baring = Man, counter-baring.
    let g = builtin("skirmish");
    let end = *g.end_rules();
    // White C3xE5 takes Black's last Man. Black: 0 Men + 1024 x (2 Knights - 1)
    // = 1024, not bare (the program used to call it bare). White: 1 Man + 0 = 1.
    let p = play(&g, "W:WKC2,C3:BKE6,KE7,D4", &["C3xE5"]);
    assert_eq!(counts(&g, &end, &p), (1, 1024));
    assert_eq!(g.outcome(&p), None);
    // Black E6xE4 takes White's last Man: White 0 Men + 1024 x (1 - 1) = 0,
    // bare; Black still 1024. White gets its reply.
    let p = play(&g, "W:WKC2,C3:BKE6,KE7,D4", &["C3xE5", "E6xE4"]);
    assert_eq!(counts(&g, &end, &p), (0, 1024));
    assert_eq!(g.outcome(&p), None, "the bared side replies");
    // The reply does not bare Black back (Black's count is not 0): White, at
    // 0 after its own move, loses.
    let p = play(&g, "W:WKC2,C3:BKE6,KE7,D4", &["C3xE5", "E6xE4", "C2-C3"]);
    assert_eq!(counts(&g, &end, &p), (0, 1024));
    assert_eq!(g.outcome(&p), win(BLACK, EndReason::Bared));
}

#[test]
fn the_move_after_a_counter_baring_move_may_take_the_last_royal() {
    let g = builtin("skirmish");
    let end = *g.end_rules();
    // White D4xB4 takes Black's last Man: Black 0 + 1024 x (1 - 1) = 0, bare;
    // White 1 Man = 1.
    let start = "W:WKB2,D4:BKA5,C4";
    let p = play(&g, start, &["D4xB4"]);
    assert_eq!(counts(&g, &end, &p), (1, 0));
    assert_eq!(g.outcome(&p), None);
    // Black's reply A5xC3 takes White's last Man (counter-baring): White 0,
    // Black 0 (the jump cannot go on over B2: A1 is no cell). Black's move bared White, who was at 1 before it: the game goes
    // on for one move ("to check the legality of this counter-baring").
    let p = play(&g, start, &["D4xB4", "A5xC3"]);
    assert_eq!(counts(&g, &end, &p), (0, 0));
    assert_eq!(g.outcome(&p), None, "one more move");
    assert_eq!(legal_move_texts(&g, &p), ["B2xD4"], "White can take Black's last Knight (and must)");
    // B2xD4: Black 0 - 1024 < 0: White wins.
    let p = play(&g, start, &["D4xB4", "A5xC3", "B2xD4"]);
    assert!(counts(&g, &end, &p).1 < 0);
    assert_eq!(g.outcome(&p), win(WHITE, EndReason::Royal));
}

#[test]
fn after_a_counter_baring_move_without_a_royal_taken_the_game_is_drawn() {
    let g = builtin("skirmish");
    let end = *g.end_rules();
    let start = "W:WKH5,D4:BKA5,C4";
    // As above, but White's Knight is too far to take Black's: counts (0, 0)
    // after A5xC3, one more move, then both still at 0 and the move bared no
    // one (Black was at 0 before it): drawn.
    let p = play(&g, start, &["D4xB4", "A5xC3"]);
    assert_eq!((counts(&g, &end, &p), g.outcome(&p)), ((0, 0), None));
    let p = play(&g, start, &["D4xB4", "A5xC3", "H5-H6"]);
    assert_eq!(counts(&g, &end, &p), (0, 0));
    assert_eq!(g.outcome(&p), draw(EndReason::Bared));
}

#[test]
fn counter_baring_false_ends_the_game_on_the_baring_move() {
    // `counter_baring = false`: the move that leaves the other side at 0 wins
    // at once (with enough material); the bared side gets no reply.
    let g = camelot_family("extends = \"skirmish\"\nname = \"s\"\n[end]\ncounter_baring = false\n");
    let end = *g.end_rules();
    let p = play(&g, "W:WKH5,D4:BKA5,C4", &["D4xB4"]);
    // White 1 Man + 0 = 1 (two pieces); Black 0 + 1024 x 0 = 0.
    assert_eq!(counts(&g, &end, &p), (1, 0));
    assert_eq!(g.outcome(&p), win(WHITE, EndReason::Bared));
    // The same with a spare Knight: Black 0 + 1024 x (2 - 1) = 1024, not bare.
    let p = play(&g, "W:WKH5,D4:BKA5,KG7,C4", &["D4xB4"]);
    assert_eq!(counts(&g, &end, &p), (1, 1024));
    assert_eq!(g.outcome(&p), None);
    // Both bare in a set-up position: drawn at once.
    let p = parse_position(&g, "W:WKH5:BKA5").unwrap();
    assert_eq!(counts(&g, &end, &p), (0, 0));
    assert_eq!(g.outcome(&p), draw(EndReason::Bared));
}

#[test]
fn an_empty_baring_list_switches_baring_off() {
    // `baring = []`: the count starts at 1 instead of the number of baring
    // pieces, and baring never ends the game (it used to make every side bare
    // from the start: "the start position is already over").
    let g = camelot_family("extends = \"skirmish\"\nname = \"s\"\n[end]\nbaring = []\n");
    let end = *g.end_rules();
    // Start: 1 + 1024 x (2 Knights - 1) = 1025 each.
    assert_eq!(counts(&g, &end, &g.start()), (1025, 1025));
    assert_eq!(g.outcome(&g.start()), None);
    // Black's last Man taken, one Knight left: 1 + 0 = 1, not bare.
    let p = play(&g, "W:WKH5,D4:BKA5,C4", &["D4xB4"]);
    assert_eq!(counts(&g, &end, &p), (1, 1));
    assert_eq!(g.outcome(&p), None);
    // In Camelot, where every kind counts: with baring off, a side left with
    // no piece is not bare (count 1) but has no move: the no-move rule decides
    // (a loss, White having two pieces).
    let c = camelot_family("extends = \"camelot\"\nname = \"c\"\n[end]\nbaring = []\n");
    assert_eq!(c.outcome(&c.start()), None);
    let p = play(&c, "W:WKC6,E8:BE9", &["E8xE10"]);
    assert_eq!(c.end_rules().royalty(&p, BLACK), 1);
    assert_eq!(c.outcome(&p), win(WHITE, EndReason::NoMoves));
}

#[test]
fn bare_win_min_material_0_switches_baring_off_too() {
    let off = camelot_family("extends = \"skirmish\"\nname = \"s\"\n[end]\nbare_win_min_material = 0\n");
    let empty = camelot_family("extends = \"skirmish\"\nname = \"s\"\n[end]\nbaring = []\n");
    assert_eq!(off.end_rules(), empty.end_rules());
    assert_eq!(off.end_rules().baring, 0);
    let p = play(&off, "W:WKH5,D4:BKA5,C4", &["D4xB4"]);
    assert_eq!(off.outcome(&p), None);
}

#[test]
fn regicide_is_not_drawn_while_a_prince_can_be_taken() {
    // Regicide no longer inherits Camelot's insufficient_material = 1: Prince
    // against Prince, each count 1 (one baring piece, no royal lost), and
    // White to move must take Black's Prince: Black 0 - 1024 < 0.
    let g = builtin("regicide");
    let end = *g.end_rules();
    assert_eq!(end.insufficient_material, None);
    let p = parse_position(&g, "W:WPE4:BPE5").unwrap();
    assert_eq!(counts(&g, &end, &p), (1, 1));
    assert_eq!(g.outcome(&p), None);
    let p = play(&g, "W:WPE4:BPE5", &["E4xE6"]);
    assert_eq!(counts(&g, &end, &p), (1, -1024));
    assert_eq!(g.outcome(&p), win(WHITE, EndReason::Royal));
}

#[test]
fn a_set_up_position_is_counted_against_the_setup() {
    // Regicide's setup gives each side one Prince: the count keeps that
    // number. A position with two Black Princes has a spare: Black 4 pieces
    // + 1024 x (2 - 1) = 1028; losing one leaves 3 + 0 = 3, and the game
    // goes on. A position with none has lost already: 2 - 1024 x (1 - 0).
    let g = builtin("regicide");
    let end = *g.end_rules();
    let two = parse_position(&g, "W:WKC6,E8,PA4:BKJ11,A13,PE9,PL13").unwrap();
    assert_eq!(counts(&g, &end, &two), (3, 1028));
    let p = play(&g, "W:WKC6,E8,PA4:BKJ11,A13,PE9,PL13", &["E8xE10"]);
    assert_eq!(counts(&g, &end, &p), (3, 3));
    assert_eq!(g.outcome(&p), None);
    let none = parse_position(&g, "W:WKC6,E8,PA4:BKJ11,A13").unwrap();
    assert_eq!(counts(&g, &end, &none), (3, 2 - 1024));
    assert_eq!(g.outcome(&none), win(WHITE, EndReason::Royal));
}

#[test]
fn a_royal_gained_by_promotion_is_a_spare() {
    // Checkers with royal = ["King"]: the setup has no King, so each side must
    // keep 0. A crowned King adds 1024 (the count follows the pieces, as the
    // text's count does); losing it takes the 1024 back, to where it was:
    // never negative, never a loss. A King of the setup must be kept.
    let text = "extends = \"checkers\"\nname = \"royal-kings\"\n[end]\nroyal = [\"King\"]\n";
    let g = match parse("v.toml", text) {
        Ok(Variant::Checkers(g)) => g,
        _ => panic!("a checkers file"),
    };
    let end = *g.end_rules();
    assert_eq!(end.royal_count[..2], [0, 0]);
    // White (to move second in checkers: Player 1) crowns on 2: White 1 + 1024.
    let p = play(&g, "W:W6,32:B1,12", &["6-2"]);
    assert_eq!(end.royalty(&p, Player(1)), 2 + 1024);
    assert_eq!(g.outcome(&p), None);
    // Black's man takes nothing here; a Black king takes the White King:
    // White back to 1 + 0 = 1, and the game goes on.
    let p = play(&g, "B:WK6,32:BK1,12", &["1x10"]);
    assert_eq!(end.royalty(&p, Player(1)), 1);
    assert_eq!(g.outcome(&p), None);
    // A setup with a Black King: Black must keep one.
    let kings = "extends = \"checkers\"\nname = \"royal-kings\"\n[setup]\nBlack = \"K1,2,3,4,5,6,7,8,9,10,11,12\"\n\
                 White = \"21,22,23,24,25,26,27,28,29,30,31,32\"\n[end]\nroyal = [\"King\"]\n";
    let g = match parse("v.toml", kings) {
        Ok(Variant::Checkers(g)) => g,
        _ => panic!("a checkers file"),
    };
    assert_eq!(g.end_rules().royal_count[..2], [1, 0]);
    let p = parse_position(&g, "W:W6,32:B12").unwrap();
    assert!(g.end_rules().royalty(&p, Player(0)) < 0);
    assert_eq!(g.outcome(&p), win(Player(1), EndReason::Royal));
}

#[test]
fn a_bared_sides_reply_that_reaches_its_goal_wins() {
    // Skirmish with one piece in the castle winning. White's C3xE5 takes Black's last Man: Black 0 (bare). Black's reply D2-D1
    // enters White's castle, its goal: a win (goal before baring) ...
    let g = camelot_family("extends = \"skirmish\"\nname = \"s\"\n[end]\ngoal_count = 1\n");
    let p = play(&g, "W:WKH7,C3:BKD2,D4", &["C3xE5"]);
    assert_eq!(g.end_rules().royalty(&p, BLACK), 0);
    assert_eq!(g.outcome(&p), None);
    let p = play(&g, "W:WKH7,C3:BKD2,D4", &["C3xE5", "D2-D1"]);
    assert_eq!(g.outcome(&p), win(BLACK, EndReason::Goal));
    // ... unless `bare_goal = false`: then Black, still at 0 after its own
    // move while White is at 1, loses.
    let g = camelot_family("extends = \"skirmish\"\nname = \"s\"\n[end]\ngoal_count = 1\nbare_goal = false\n");
    let p = play(&g, "W:WKH7,C3:BKD2,D4", &["C3xE5", "D2-D1"]);
    assert_eq!(g.outcome(&p), win(WHITE, EndReason::Bared));
}

#[test]
fn the_wcf_camelot_rule_is_the_royalty_count_with_its_options() {
    // Camelot: every kind counts for baring, counter_baring = false,
    // bare_win_min_material = 2. Capturing the last piece wins at once with
    // two pieces (White 2, Black 0), draws with one.
    let g = builtin("camelot");
    let end = *g.end_rules();
    assert!(!end.counter_baring && end.baring == u8::MAX && end.bare_min_material == 2);
    let p = play(&g, "W:WKC6,E8:BE9", &["E8xE10"]);
    assert_eq!(counts(&g, &end, &p), (2, 0));
    assert_eq!(g.outcome(&p), win(WHITE, EndReason::Elimination));
    let p = play(&g, "W:WE8,A4:BE9,A13", &["E8xE10"]);
    assert_eq!(g.outcome(&p), None, "Black still has a piece");
}

/// Skirmish with a third kind, the Squire, that counts for nothing: neither
/// baring (only Men do) nor royal (only the Knights, by extinction).
fn with_squires() -> Camelot {
    camelot_family(
        "extends = \"skirmish\"\nname = \"squires\"\ntitle = \"Skirmish with Squires\"\n\
         [[pieces]]\nname = \"Knight\"\nprefix = \"K\"\nsymbol = \"K\"\ncharge = true\ncanter_rule = true\n\
         [[pieces]]\nname = \"Man\"\nprefix = \"\"\nsymbol = \"M\"\n\
         [[pieces]]\nname = \"Squire\"\nprefix = \"S\"\nsymbol = \"S\"\n\
         [setup]\nWhite = \"KC2,KF2,C3,D3,E3,F3,SB2\"\nBlack = \"KC7,KF7,C6,D6,E6,F6,SG7\"\n",
    )
}

#[test]
fn a_move_that_bares_no_one_gets_no_extra_move() {
    let g = with_squires();
    let end = *g.end_rules();
    // A bared side's reply that captures a Squire (no count) while the side
    // that bared it keeps a Man: White 1, Black 0 after Black's own move:
    // White wins, no move more.
    let start = "W:WKH2,D4,SE6:BKA5,C4,SF7";
    let p = play(&g, start, &["D4xB4"]);
    assert_eq!((counts(&g, &end, &p), g.outcome(&p)), ((1, 0), None));
    let p = play(&g, start, &["D4xB4", "F7xD5"]);
    assert_eq!(counts(&g, &end, &p), (1, 0));
    assert!(!p.counter_bared());
    assert_eq!(g.outcome(&p), win(WHITE, EndReason::Bared));
    assert!(legal_move_texts(&g, &p).is_empty());

    // After a counter-baring move both sides are at 0 and White has its one
    // move. It captures Black's Squire: a capture, but Black was at 0 before
    // it and is at 0 after: it bared no one, so the game is drawn, and Black
    // gets no move. (Read as "the move was a capture", the game used to go
    // on for another move.)
    let start = "W:WKH3,D4:BKA5,C4,SG4";
    let p = play(&g, start, &["D4xB4", "A5xC3"]);
    assert_eq!(counts(&g, &end, &p), (0, 0));
    assert!(p.counter_bared());
    assert_eq!(g.outcome(&p), None, "one more move after the counter-baring");
    assert_eq!(legal_move_texts(&g, &p), ["H3xF5"]);
    let p = play(&g, start, &["D4xB4", "A5xC3", "H3xF5"]);
    assert_eq!((p.clock(), counts(&g, &end, &p)), (0, (0, 0)));
    assert!(!p.counter_bared());
    assert_eq!(g.outcome(&p), draw(EndReason::Bared));
    assert!(legal_move_texts(&g, &p).is_empty());

    // The same with a castle entry, which sets the clock to 0 too: one piece
    // in Black's castle is no win (goal_count 2), and it bared no one: drawn.
    let g = builtin("skirmish");
    let end = *g.end_rules();
    let start = "W:WKD7,D4:BKA5,C4";
    let p = play(&g, start, &["D4xB4", "A5xC3"]);
    assert_eq!((counts(&g, &end, &p), g.outcome(&p)), ((0, 0), None));
    let p = play(&g, start, &["D4xB4", "A5xC3", "D7-D8"]);
    assert_eq!((p.clock(), counts(&g, &end, &p)), (0, (0, 0)));
    assert_eq!(g.outcome(&p), draw(EndReason::Bared));
}

#[test]
fn a_counter_baring_capture_leaves_one_move_in_which_the_royal_may_be_taken() {
    let g = with_squires();
    let end = *g.end_rules();
    // White D4xB4 bares Black (1, 0). Black's Knight takes White's last Man
    // and, in the same move, White's Squire: A5xC3xE3 (White 0: bared back,
    // from 1 before the move).
    let start = "W:WKB2,D4,SD3:BKA5,C4";
    let p = play(&g, start, &["D4xB4"]);
    assert_eq!(counts(&g, &end, &p), (1, 0));
    assert!(!p.counter_bared(), "White's move bared Black, but White is not bare");
    let p = play(&g, start, &["D4xB4", "A5xC3xE3"]);
    assert_eq!(counts(&g, &end, &p), (0, 0));
    assert!(p.counter_bared());
    assert_eq!(g.outcome(&p), None, "one more move");
    // White's Knight can no longer reach Black's: its one move bares no one.
    assert_eq!(g.outcome(&play(&g, start, &["D4xB4", "A5xC3xE3", "B2-B3"])), draw(EndReason::Bared));

    // With the Knight in reach, the one move takes it: Black 0 - 1024, White wins.
    let start = "W:WKF2,D4,SD3:BKA5,C4";
    let p = play(&g, start, &["D4xB4", "A5xC3xE3"]);
    assert_eq!((counts(&g, &end, &p), p.counter_bared(), g.outcome(&p)), ((0, 0), true, None));
    assert_eq!(legal_move_texts(&g, &p), ["F2xD4"]);
    let p = play(&g, start, &["D4xB4", "A5xC3xE3", "F2xD4"]);
    assert_eq!(counts(&g, &end, &p), (0, -1024));
    assert_eq!(g.outcome(&p), win(WHITE, EndReason::Royal));
}

#[test]
fn the_position_after_a_counter_baring_move_is_another_position() {
    use leap_core::notation::format_position;
    let g = builtin("skirmish");
    // After the counter-baring A5xC3 the position is marked: it is written
    // with `counter-bared=1`, and reads back as it was.
    let p = play(&g, "W:WKB2,D4:BKA5,C4", &["D4xB4", "A5xC3"]);
    assert!(p.counter_bared());
    let written = format_position(&g, &p);
    assert_eq!(written, "W:WKB2:BKC3 castle-moves=0,0 counter-bared=1");
    assert_eq!(parse_position(&g, &written).unwrap(), p);
    // The same pieces and player to move without the mark (a set-up
    // position, or one reached otherwise) are another position for
    // repetition and transposition tables, and that one is drawn at once:
    // both sides bare, and no move just bared anyone. (Its clock is 0 too:
    // the program used to let the game go on there.)
    let q = parse_position(&g, "W:WKB2:BKC3").unwrap();
    assert_eq!((q.clock(), q.counter_bared()), (0, false));
    assert_ne!(p, q);
    assert_ne!(p.hash(), q.hash());
    assert_eq!(g.outcome(&p), None);
    assert_eq!(g.outcome(&q), draw(EndReason::Bared));
    let mut marked = q;
    marked.set_counter_bared(true);
    assert_eq!((marked, marked.hash()), (p, p.hash()));

    // The mark needs both sides bare, and a game with counter-baring.
    let e = parse_position(&g, "W:WKB2,D4:BKC3 counter-bared=1").unwrap_err().to_string();
    assert!(e.contains("both sides are bare; White is not"), "{e}");
    let e = parse_position(&g, "W:WKB2:BKC3 counter-bared=yes").unwrap_err().to_string();
    assert!(e.contains("`yes` is not a value of counter-bared"), "{e}");
    assert_eq!(parse_position(&g, "W:WKB2:BKC3 counter-bared=0").unwrap(), q);
    let camelot = builtin("camelot");
    let e = parse_position(&camelot, "W:WKC6:BKC11 counter-bared=1").unwrap_err().to_string();
    assert!(e.contains("unknown field `counter-bared`; known fields: castle-moves, clock"), "{e}");
}
