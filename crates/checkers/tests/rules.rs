//! The rules of American checkers, one named test per rule, each on a small
//! position written out in the test (PDN: the side to move, then White's
//! and Black's pieces; squares 1-32, 1-4 on Black's back row, kings `K`),
//! asserting the exact legal moves or the result.
//!
//! Black's men move down the board (towards 29-32), White's up (towards 1-4).

use leap_checkers::{load, Checkers};
use leap_core::{
    notation::{format_position, legal_move_texts, parse_position, read_move},
    EndReason, Game, GameResult, History, Outcome, Player, Position,
};
use leap_testkit::{play, pos};

const BLACK: Player = Player(0);
const WHITE: Player = Player(1);

fn game() -> Checkers {
    load("checkers").expect("the built-in variant loads")
}

/// The legal moves of a position, in notation, sorted by square number.
fn moves(text: &str) -> Vec<String> {
    let g = game();
    legal_move_texts(&g, &pos(&g, text))
}

/// The position after playing `played` (each read as written) from `text`.
fn after(text: &str, played: &[&str]) -> (Checkers, Position) {
    let g = game();
    let mut p = pos(&g, text);
    for m in played {
        p = play(&g, &p, m);
    }
    (g, p)
}

fn outcome(text: &str, played: &[&str]) -> Option<Outcome> {
    let (g, p) = after(text, played);
    g.outcome(&p)
}

// ---------------------------------------------------------------------------
// Board and start

#[test]
fn start_position_and_first_moves() {
    let g = game();
    let start = g.start();
    assert_eq!(format_position(&g, &start), "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12");
    assert_eq!(start.to_move(), BLACK, "Black moves first");
    assert_eq!(legal_move_texts(&g, &start), ["9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"]);
    // White's replies after 11-15 include the standard 22-18, 24-19 and 24-20.
    let (g, p) = after("B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12", &["11-15"]);
    assert_eq!(legal_move_texts(&g, &p), ["21-17", "22-17", "22-18", "23-18", "23-19", "24-19", "24-20"]);
}

// ---------------------------------------------------------------------------
// Moving

#[test]
fn man_moves_diagonally_forward_only() {
    // Black's man on 14 steps down to 17 or 18, never back up to 9 or 10.
    assert_eq!(moves("B:W32:B14"), ["14-17", "14-18"]);
    // White's man on 18 steps up to 14 or 15, never down to 22 or 23.
    assert_eq!(moves("W:W18:B1"), ["18-14", "18-15"]);
    // A man on the side of the board has one forward square.
    assert_eq!(moves("B:W32:B12"), ["12-16"]);
}

#[test]
fn man_captures_forward_only() {
    // White's man on 10 stands behind Black's man on 14 with 6 empty beyond:
    // a man may not jump backwards, so there is no capture and 14 steps on.
    assert_eq!(moves("B:W10:B14"), ["14-17", "14-18"]);
}

#[test]
fn king_moves_both_ways_one_square() {
    assert_eq!(moves("B:W32:BK14"), ["14-9", "14-10", "14-17", "14-18"]);
    // One square only: no flying king along the empty diagonal 14-23-32.
    assert_eq!(moves("W:WK32:B1"), ["32-27", "32-28"]);
}

#[test]
fn king_captures_both_ways() {
    // Backwards (up the board for a Black king): over 10 to 7.
    assert_eq!(moves("B:W10:BK14"), ["14x7"]);
    // And forwards, with the choice between the two.
    assert_eq!(moves("B:W10,18:BK14"), ["14x7", "14x23"]);
}

// ---------------------------------------------------------------------------
// Capturing

#[test]
fn capture_is_compulsory() {
    // 14 can jump 18 (to 23), so Black's other man may not step.
    assert_eq!(moves("B:W18:B1,14"), ["14x23"]);
    // Without the capture both men step.
    assert_eq!(moves("B:W32:B1,14"), ["1-5", "1-6", "14-17", "14-18"]);
}

#[test]
fn capture_may_be_declined_only_when_the_variant_says_so() {
    let text = leap_format::builtin("checkers").expect("built in");
    let optional = text.replace("compulsory_capture = true", "compulsory_capture = false");
    let g = leap_checkers::parse_variant("optional.toml", &optional).unwrap();
    let p = parse_position(&g, "B:W18:B1,14").unwrap();
    assert_eq!(legal_move_texts(&g, &p), ["1-5", "1-6", "14-17", "14x23"]);
}

#[test]
fn player_chooses_among_captures_no_majority_rule() {
    // 10 may take one man (over 14 to 17) or two (over 15 to 19, then over
    // 24 to 28): both are legal, the smaller capture too.
    assert_eq!(moves("B:W14,15,24:B10"), ["10x17", "10x19x28"]);
    // The choice is also between pieces: 9 or 11 may capture.
    assert_eq!(moves("B:W14,15:B9,11"), ["9x18", "11x18"]);
}

#[test]
fn capture_chain_continues_while_it_can() {
    // 1 jumps 6 to 10 and must go on over 15 to 19: stopping on 10 is not a move.
    assert_eq!(moves("B:W6,15:B1"), ["1x10x19"]);
    let (g, p) = after("B:W6,15:B1", &["1x10x19"]);
    assert_eq!(format_position(&g, &p), "W:W:B19");
    // A chain may change direction: 1 over 6 to 10, then over 14 to 17.
    assert_eq!(moves("B:W6,14:B1"), ["1x10x17"]);
}

#[test]
fn a_king_ring_capture_is_one_move_with_two_paths() {
    // The king on 22 takes the four men around 23, clockwise or
    // anticlockwise, and ends where it started: one move.
    assert_eq!(moves("W:WK22:B4,18,19,26,27"), ["22x15x24x31x22"]);
    let (g, p) = after("W:WK22:B4,18,19,26,27", &["22x31x24x15x22"]);
    assert_eq!(format_position(&g, &p), "B:WK22:B4 clock2=1");
}

#[test]
fn promotion_ends_a_capturing_move() {
    // 22 jumps 26 onto 31, Black's crowning row: it becomes a king and the
    // move ends there, although a king on 31 could go on over 27.
    assert_eq!(moves("B:W26,27:B22"), ["22x31"]);
    let (g, p) = after("B:W26,27:B22", &["22x31"]);
    assert_eq!(format_position(&g, &p), "W:W27:BK31");
    // The same for White, crowned on Black's back row.
    assert_eq!(moves("W:W9,7,15:B5,6"), ["9x2"]);
    let (g, p) = after("W:W9,7,15:B5,6", &["9x2"]);
    assert_eq!(format_position(&g, &p), "B:W7,15,K2:B5");
}

#[test]
fn a_king_that_was_already_crowned_goes_on_capturing() {
    // A king passing through the back rows is not stopped there.
    assert_eq!(moves("B:W26,27:BK22"), ["22x31x24"]);
}

#[test]
fn a_man_is_crowned_by_a_step() {
    // (The clocks count plies since the last capture and since a man moved.)
    let (g, p) = after("B:W5:B27", &["27-31"]);
    assert_eq!(format_position(&g, &p), "W:W5:BK31 clock=1");
    let (g, p) = after("W:W5:B27", &["5-1"]);
    assert_eq!(format_position(&g, &p), "B:WK1:B27 clock=1");
}

// ---------------------------------------------------------------------------
// The end

#[test]
fn a_player_who_cannot_move_loses() {
    // White's man on 29 has 25 in front, and 22 behind it blocks the jump.
    assert!(moves("W:W29:B22,25").is_empty());
    assert_eq!(
        outcome("W:W29:B22,25", &[]),
        Some(Outcome { result: GameResult::Win(BLACK), reason: EndReason::NoMoves })
    );
    // Blocked by its own pieces too: Black's man on 1 behind 5 and 6,
    // which are blocked by White's men on 9 and 10 backed by 13, 14 and 15.
    assert!(moves("B:W9,10,13,14,15:B1,5,6").is_empty());
    assert_eq!(outcome("B:W9,10,13,14,15:B1,5,6", &[]).map(|o| o.result), Some(GameResult::Win(WHITE)));
}

#[test]
fn a_player_without_pieces_loses() {
    // Capturing White's last man ends the game.
    assert_eq!(outcome("B:W18:B14", &[]), None);
    assert_eq!(
        outcome("B:W18:B14", &["14x23"]),
        Some(Outcome { result: GameResult::Win(BLACK), reason: EndReason::Elimination })
    );
    // And a position string with an empty section is a finished game.
    assert_eq!(outcome("W:W:B22", &[]).map(|o| o.result), Some(GameResult::Win(BLACK)));
    assert_eq!(outcome("B:W22:B", &[]).map(|o| o.result), Some(GameResult::Win(WHITE)));
}

#[test]
fn drawn_after_50_moves_each_without_a_capture() {
    // clock = plies since the last capture. A king move makes it 100.
    let text = "B:WK1:BK32,5 clock=99";
    let (g, p) = after(text, &["32-27"]);
    assert_eq!((p.clock(), p.aux_clock()), (100, 1));
    assert_eq!(g.outcome(&p), Some(Outcome { result: GameResult::Draw, reason: EndReason::MoveLimit }));
    assert!(legal_move_texts(&g, &p).is_empty(), "no move after the draw");
    // A man's step does not reset this clock: still drawn.
    let (g, p) = after(text, &["5-9"]);
    assert_eq!((p.clock(), p.aux_clock()), (100, 0));
    assert_eq!(g.outcome(&p).map(|o| o.reason), Some(EndReason::MoveLimit));
    // A capture resets it.
    let (g, p) = after("B:WK1,27:BK32 clock=99", &["32x23"]);
    assert_eq!(p.clock(), 0);
    assert_eq!(g.outcome(&p), None);
}

#[test]
fn drawn_after_50_moves_each_without_a_man_advancing() {
    // clock2 = plies since an uncrowned man last moved (a man's every move
    // is an advance). Kings shuffling for the 100th ply draw.
    let text = "B:W10,K1:BK32,5 clock2=99";
    let (g, p) = after(text, &["32-27"]);
    assert_eq!((p.clock(), p.aux_clock()), (1, 100));
    assert_eq!(g.outcome(&p), Some(Outcome { result: GameResult::Draw, reason: EndReason::MoveLimit }));
    // A man's advance resets it.
    let (g, p) = after(text, &["5-9"]);
    assert_eq!(p.aux_clock(), 0);
    assert_eq!(g.outcome(&p), None);
    // A king's capture does not: it resets only the first clock.
    let (g, p) = after("B:WK1,27:BK32 clock2=99", &["32x23"]);
    assert_eq!((p.clock(), p.aux_clock()), (0, 100));
    assert_eq!(g.outcome(&p).map(|o| o.reason), Some(EndReason::MoveLimit));
    // 99 plies is not yet a draw.
    let (g, p) = after("B:W10,K1:BK32,5 clock2=98", &["32-27"]);
    assert_eq!(g.outcome(&p), None);
}

// ---------------------------------------------------------------------------
// Notation

#[test]
fn position_strings_round_trip_white_first() {
    let g = game();
    for text in ["B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29", "W:W22,K2:B1,4", "B:W:B1 clock=3 clock2=7"] {
        let p = pos(&g, text);
        assert_eq!(format_position(&g, &p), text);
    }
    // Black's section may come first, and pieces in any order.
    let p = pos(&g, "W:B4,1:W22,K2");
    assert_eq!(format_position(&g, &p), "W:W22,K2:B1,4");
    let e = parse_position(&g, "B:W33:B1").unwrap_err();
    assert_eq!(e.first().column, 4, "{e}");
}

#[test]
fn a_single_capture_that_is_also_a_ring_capture_abbreviated_says_so() {
    let (g, p) = after("B:W6,7,14,15,22,23:BK10", &[]);
    let single = read_move(&g, &p, "10x1").unwrap();
    assert_eq!(single.completed, None);
    assert_eq!(single.also, ["10x17x26x19x10x1"]);
    let ring = read_move(&g, &p, "10x17x26x19x10x1").unwrap();
    assert!(ring.also.is_empty(), "{:?}", ring.also);
    assert_ne!(ring.key, single.key);
}

#[test]
fn moves_are_read_in_full_or_from_start_to_end() {
    let (g, p) = after("B:W6,15:B1", &[]);
    let full = read_move(&g, &p, "1x10x19").unwrap();
    assert_eq!(full.completed, None);
    // PDN allows a multiple capture as its start and end squares.
    let short = read_move(&g, &p, "1x19").unwrap();
    assert_eq!(short.key, full.key);
    assert_eq!(short.completed.as_deref(), Some("1x10x19"));
    let e = read_move(&g, &p, "1-5").unwrap_err();
    assert_eq!(
        e.to_string(),
        "`1-5` is not legal here: a capture is obligatory: 1 can capture; the legal moves of that piece are: 1x10x19"
    );
}

#[test]
fn result_tokens_give_black_s_score_first() {
    // PDN 2.0: "1-0 indicating Black (Red) won the game, 0-1 indicating
    // White won the game".
    let g = game();
    let won_by = |text: &str| {
        let h = History::new(pos(&g, text));
        h.result_token(&g)
    };
    assert_eq!(won_by("W:W29:B22,25"), "1-0", "Black wins");
    assert_eq!(won_by("B:W9,10,13,14,15:B1,5,6"), "0-1", "White wins");
    assert_eq!(won_by("B:WK1:BK32 clock=100"), "1/2-1/2");
    assert_eq!(won_by("B:WK1:BK32"), "*");
}

#[test]
fn game_records_round_trip() {
    let g = game();
    let mut h = History::new(g.start());
    for m in ["11-15", "23-19", "8-11", "22-17", "9-13", "17-14", "10x17", "21x14"] {
        h.play_text(&g, m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    let record = h.to_record(&g, &[("Black".into(), "Ann".into()), ("White".into(), "Bob".into())]);
    assert_eq!(
        record,
        "[Variant \"checkers\"]\n[Black \"Ann\"]\n[White \"Bob\"]\n[Result \"*\"]\n\n\
         1.11-15 23-19 2.8-11 22-17 3.9-13 17-14 4.10x17 21x14 *\n"
    );
    let games = leap_core::notation::parse_records(&record).unwrap();
    let mut again = History::new(g.start());
    again.play_all(&g, &games[0].moves).unwrap();
    assert_eq!(again.current(), h.current());
    // Any tag value reads back as it was written.
    let odd = "\"Ann\" [the \\ best]\\";
    let record = h.to_record(&g, &[("Event".into(), odd.into()), ("Site".into(), "one\ntwo".into())]);
    let games = leap_core::notation::parse_records(&record).unwrap();
    assert_eq!(games[0].tag("Event"), Some(odd), "{record}");
    assert_eq!(games[0].tag("Site"), Some("one two"), "{record}");
}

/// A game from a position with White to move, numbered as the game
/// numbers it (`1...` first) or, as many programs write it, in rounds
/// that start with White (`1.` first, Black's replies `1...`): both read;
/// a number that fits neither is refused.
#[test]
fn a_game_that_white_starts_may_number_its_rounds_from_white() {
    let g = game();
    let start = pos(&g, "W:W21,22:B1,2");
    let replay = |movetext: &str| {
        let games = leap_core::notation::parse_records(movetext).unwrap();
        let mut h = History::new(start);
        h.play_all(&g, &games[0].moves).map(|_| format_position(&g, h.current()))
    };
    let end = "W:W14,21:B5,6 clock=4";
    assert_eq!(replay("1... 22-18 2. 1-5 2... 18-14 3. 2-6 *").as_deref(), Ok(end));
    assert_eq!(replay("1. 22-18 1-5 2. 18-14 2-6 *").as_deref(), Ok(end));
    assert_eq!(replay("1. 22-18 {a comment} 1... 1-5 2. 18-14 2... 2-6 *").as_deref(), Ok(end));
    let e = replay("1. 22-18 1-5 3. 18-14 *").unwrap_err();
    assert_eq!(e.to_string(), "1:14: move 2 (White): expected move 2, found 3");
}

/// Moves written without their separator, as some PDN files write them
/// (`1115` for `11-15`), are read when the digits split into two squares
/// one way only; `123` (1-23 or 12-3) is refused with both.
#[test]
fn a_move_written_without_its_separator_is_read_when_it_splits_one_way() {
    let g = game();
    let games = leap_core::notation::parse_records("1. 1115 2218 2. 1522 *").unwrap();
    let mut h = History::new(g.start());
    let read = h.play_all(&g, &games[0].moves).unwrap_or_else(|e| panic!("{e}"));
    let texts: Vec<String> =
        h.moves().iter().map(|m| leap_core::notation::format_move(leap_core::rules::LeapRules::board(&g), m)).collect();
    assert_eq!(texts, ["11-15", "22-18", "15x22"]);
    assert_eq!(read[2].completed.as_deref(), Some("15x22"), "a capture is said as it was read");
    let e = read_move(&g, &g.start(), "123").unwrap_err();
    assert_eq!(e.to_string(), "`123` is not a move: at column 1, expected a separator: 1-23 or 12-3");
    // Digits that split only into one square twice are no move from a
    // square to itself: they name a square the board does not have.
    for text in ["99", "33", "1111"] {
        let e = read_move(&g, &g.start(), text).unwrap_err().to_string();
        assert!(!e.contains("too far") && !e.contains("no legal move"), "{text}: {e}");
        assert!(e.contains(&format!("`{text}`")), "{text}: {e}");
    }
}

/// A jump that must go on and may go two ways: the refusal to end it
/// names both.
#[test]
fn a_jump_that_must_go_on_names_every_way_on() {
    let g = game();
    let p = pos(&g, "B:W18,26,27:B14");
    let cell = |n: &str| leap_core::rules::LeapRules::board(&g).cell(n).expect("a square");
    let refusal = leap_core::entry::why_not_end(&g, &p, cell("14"), &[cell("23")]);
    assert_eq!(refusal.to_string(), "the jump must continue: 14x23x30 or 14x23x32");
    let e = read_move(&g, &p, "14x23").unwrap_err();
    assert!(e.to_string().contains("the jump must continue: 14x23x30 or 14x23x32"), "{e}");
}
