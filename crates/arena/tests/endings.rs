//! How games end otherwise than by the rules: the result tokens and the
//! records of flags, resignations and agreed draws, for two and three
//! players and for checkers, whose records list White first.

use leap_arena::Termination;
use leap_core::{EndReason, Game, GameResult, History, Outcome, Player};

#[test]
fn a_loss_gives_the_point_to_the_others() {
    let camelot = leap_camelot::load("camelot").unwrap();
    let tri = leap_camelot::load("tri-camelot").unwrap();
    let white = Player(0);
    assert_eq!(Termination::Time { loser: white }.result_token(&camelot), "0-1");
    assert_eq!(Termination::Resignation { loser: Player(1) }.result_token(&camelot), "1-0");
    assert_eq!(Termination::Agreement.result_token(&camelot), "1/2-1/2");
    assert_eq!(Termination::PlyLimit.result_token(&camelot), "*");
    assert_eq!(Termination::Time { loser: Player(2) }.result_token(&tri), "1/2-1/2-0");
    assert_eq!(Termination::Agreement.result_token(&tri), "1/3-1/3-1/3");
    let win = Termination::Rules(Outcome { result: GameResult::Win(Player(1)), reason: EndReason::Goal });
    assert_eq!(win.result_token(&tri), "0-1-0");
    // (Red's pieces in Green's castle, as the position it ended in shows.)
    let pos = leap_core::notation::parse_position(&tri, "G:BF5:RK16,D9:GI18").unwrap();
    assert_eq!(tri.outcome(&pos), Some(Outcome { result: GameResult::Win(Player(1)), reason: EndReason::Goal }));
    assert_eq!(win.describe(&tri, &pos), "Red wins (one piece in Green's castle)");
    assert_eq!(Termination::Resignation { loser: Player(2) }.describe(&tri, &pos), "Green resigned");
}

#[test]
fn checkers_results_give_black_s_score_first() {
    let checkers = leap_checkers::load("checkers").unwrap();
    // Black moves first in checkers; as PDN 2.0 says, `1-0` is its win and
    // its loss is written 0-1 (though position strings list White first).
    assert_eq!(checkers.players()[0].name, "Black");
    assert_eq!(Termination::Time { loser: Player(0) }.result_token(&checkers), "0-1");
    assert_eq!(Termination::Time { loser: Player(1) }.result_token(&checkers), "1-0");
}

#[test]
fn a_record_says_how_the_game_ended_and_reads_back() {
    let camelot = leap_camelot::load("camelot").unwrap();
    let mut history = History::new(camelot.start());
    history.play_text(&camelot, "F7-F8").unwrap();
    let text =
        Termination::Time { loser: Player(1) }.record(&camelot, &history, &[("Event".into(), "test".into())], &[], &[]);
    assert!(text.contains("[Termination \"Black lost on time\"]"), "{text}");
    assert!(text.contains("[Result \"1-0\"]") && text.trim_end().ends_with("1.F7-F8 1-0"), "{text}");
    let records = leap_core::notation::parse_records(&text).unwrap();
    assert_eq!(records[0].result.as_deref(), Some("1-0"));
    assert_eq!(records[0].moves.len(), 1);
    // A game the rules ended needs no Termination tag.
    let rules = Termination::Rules(Outcome { result: GameResult::Draw, reason: EndReason::Repetition });
    assert!(!rules.record(&camelot, &history, &[], &[], &[]).contains("Termination"));
}

/// Asserts that random openings of `plies` plies from `start`, with 60
/// seeds, never end the game.
fn random_openings_leave_a_game(camelot: &leap_camelot::Camelot, start: leap_core::Position, plies: u32) {
    let mut players = [
        leap_arena::Strategist(leap_core::search::Random::new(1)),
        leap_arena::Strategist(leap_core::search::Random::new(2)),
    ];
    for seed in 0..60 {
        let setup = leap_arena::GameSetup {
            start,
            opening: leap_arena::Opening::Random { plies, seed },
            max_plies: plies,
            time: None,
        };
        let played = leap_arena::play(camelot, &mut players, &[0, 1], &setup);
        assert_eq!(played.termination, Termination::PlyLimit, "seed {seed}: the opening ended the game");
        assert_eq!(played.plies(), plies as u64);
    }
}

#[test]
fn a_random_opening_move_does_not_end_the_game_where_another_would_not() {
    let camelot = leap_camelot::load("camelot").unwrap();
    // White has a piece in Black's castle: G15-G16 puts a second there and
    // wins; every other move leaves the game to be played.
    let start = leap_core::notation::parse_position(&camelot, "W:WF16,G15:BKC11,D11 castle-moves=0,0").unwrap();
    let wins = camelot
        .legal_moves(&start)
        .iter()
        .filter(|k| camelot.outcome(&camelot.play_unchecked(&start, k)).is_some())
        .count();
    assert_eq!(wins, 1, "one move ends the game");
    random_openings_leave_a_game(&camelot, start, 1);
}

#[test]
fn a_random_opening_move_does_not_let_the_next_player_end_the_game_where_another_would_not() {
    let camelot = leap_camelot::load("camelot").unwrap();
    // White's last piece: E8-D9, E8-F8 and E8-F9 put it where Black must
    // take it (C10xE8, G9xE7, G9xE9) and win; its five other moves leave a
    // game to play.
    let start = leap_core::notation::parse_position(&camelot, "W:WE8:BG9,C10").unwrap();
    let lets_black_win = |k: &leap_core::MoveKey| {
        let next = camelot.play_unchecked(&start, k);
        camelot.legal_moves(&next).iter().any(|r| camelot.outcome(&camelot.play_unchecked(&next, r)).is_some())
    };
    assert_eq!(camelot.legal_moves(&start).iter().filter(|k| lets_black_win(k)).count(), 3);
    random_openings_leave_a_game(&camelot, start, 2);
}
