//! The engine's playing strengths in play: a level loses to the levels
//! above it, in games played by the match runner's own loop.

use leap_arena::{play, EnginePlayer, GameSetup, Opening};
use leap_camelot::CamelotEval;
use leap_core::Game;
use leap_engine::{Engine, Level, Limits, Options};

#[test]
fn level_three_beats_level_one() {
    let g = leap_camelot::load("camelot").unwrap();
    let player = |level: u8| {
        let level = Level::new(level).unwrap();
        let engine = Engine::new(g.clone(), CamelotEval::new(&g), Options { hash_mib: 4, level, ..Options::default() });
        // (The level's own depth and time bound each move.)
        EnginePlayer::new(engine, Limits::default(), format!("level {level}"))
    };
    // players[0] is level 1, players[1] level 3.
    let mut players = [player(1), player(3)];
    let mut wins = [0; 2];
    for seed in 0..6 {
        let setup =
            GameSetup { start: g.start(), opening: Opening::Random { plies: 2, seed }, max_plies: 300, time: None };
        // Each opening twice, the seats swapped.
        for seats in [[0, 1], [1, 0]] {
            if let Some(winner) = play(&g, &mut players, &seats, &setup).winner(2) {
                wins[seats[winner.index()]] += 1;
            }
        }
    }
    assert!(wins[1] >= 9, "level 3 won {} and level 1 {} of 12 games", wins[1], wins[0]);
}
