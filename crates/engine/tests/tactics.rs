//! The engine finds wins and avoids losses that a full search of the same
//! depth proves: written-out Camelot positions, and every such position
//! met in random games of Cam, checkers and Tri-Camelot.

mod common;

use common::{random_games, text};
use leap_core::notation::parse_position;
use leap_core::search::{AlphaBeta, Material, Score, Strategy, WIN};
use leap_core::{Game, Position};
use leap_engine::score::{is_decisive, win_in};
use leap_engine::{Engine, Limits, Multi, Options, Stop};

/// The engine's choice and score at `depth`, with `eval`.
fn engine_choice<G: Game + Clone, E: leap_core::search::Evaluator<G>>(
    game: &G,
    eval: E,
    line: &[Position],
    depth: u32,
) -> (leap_core::MoveKey, Score) {
    // (With three players, the search whose values alpha-beta proves: paranoid.)
    let options = Options { hash_mib: 4, multi: Multi::Paranoid, ..Options::default() };
    let mut engine = Engine::new(game.clone(), eval, options);
    let r = engine.search(line, &Limits::depth(depth), &Stop::new(), |_| {});
    (r.best.expect("a move"), r.score)
}

#[test]
fn camelot_a_castle_entry_that_wins_at_once() {
    let g = leap_camelot::load("camelot").unwrap();
    let p = parse_position(&g, "W:WKC6,F15,G16:BKC11,D11,E11 castle-moves=0,0").unwrap();
    let (best, score) = engine_choice(&g, leap_camelot::CamelotEval::new(&g), &[p], 3);
    assert_eq!(text(&g, &p, &best), "F15-F16");
    assert_eq!(score, win_in(1));
}

#[test]
fn camelot_a_win_in_three_plies() {
    // White's Man on F14 walks in (F15, then F16): Black, far away, cannot stop it.
    let g = leap_camelot::load("camelot").unwrap();
    let p = parse_position(&g, "W:WKC6,F14,G16:BKC11,D11,E11 castle-moves=0,0").unwrap();
    let (best, score) = engine_choice(&g, leap_camelot::CamelotEval::new(&g), &[p], 5);
    assert_eq!(score, win_in(3), "{}", text(&g, &p, &best));
    let after = g.play_unchecked(&p, &best);
    let reply = g.play_unchecked(&after, &g.legal_moves(&after)[0]);
    assert!(g.legal_moves(&reply).iter().any(|m| g.outcome(&g.play_unchecked(&reply, m)).is_some()));
}

#[test]
fn camelot_a_loss_in_two_plies_is_avoided() {
    // White's Man on G16 holds Black's castle, and F15-F16 would bring a
    // second piece in. Black must capture (two jumps): J10xJ8 takes a Man
    // but lets F15 in; only E15xG15 removes it. (D15 keeps F15 from
    // capturing E15, which would otherwise oblige White to.)
    let g = leap_camelot::load("camelot").unwrap();
    let p = parse_position(&g, "B:WKC6,F15,G16,J9:BKC11,D15,E15,J10 castle-moves=0,0").unwrap();
    let moves = g.legal_moves(&p);
    assert_eq!(moves.len(), 2);
    let greedy = moves.iter().find(|m| text(&g, &p, m) == "J10xJ8").expect("J10xJ8 is legal");
    let after = g.play_unchecked(&p, greedy);
    let entry = g.legal_moves(&after).into_iter().find(|m| text(&g, &after, m) == "F15-F16").expect("F15-F16");
    assert!(g.outcome(&g.play_unchecked(&after, &entry)).is_some(), "J10xJ8 loses at once");

    let (best, score) = engine_choice(&g, leap_camelot::CamelotEval::new(&g), &[p], 4);
    assert_eq!(text(&g, &p, &best), "E15xG15");
    assert!(!is_decisive(score), "neither side wins within the search: {score}");
}

#[test]
fn camelot_a_combination_of_two_sacrifices() {
    // World Championship 2009, game 5, after 6...J11-H9-F11-D9xB11. The
    // annotator's 7.F7-E8 gives a Man (F9xF7xH9 is forced), 8.H8-I8 gives
    // another (H9xJ7), and 9.D7-F9xH9xF11xF9xD11xF11xF13 takes four: White
    // ends three Men ahead. The moves that oblige a capture near the root
    // are searched to full depth, so depth 6 finds it (reduced like other
    // quiet moves, it was missed at depth 10).
    let g = leap_camelot::load("camelot").unwrap();
    let p = parse_position(
        &g,
        "W:WKH6,KD7,KI7,E6,F6,G6,E7,F7,G7,H7,F8,G8,H8:\
         BKI10,KB11,KE11,KF12,F9,G9,E10,F10,G10,H10,G11,H11,I11 castle-moves=0,0",
    )
    .unwrap();
    let (best, score) = engine_choice(&g, leap_camelot::CamelotEval::new(&g), &[p], 6);
    assert_eq!(text(&g, &p, &best), "F7-E8");
    assert!(score > 150, "White wins more than a Man: {score}");
}

/// Over positions of random games: where a full search to `depth` (the
/// core's alpha-beta, which returns minimax values) proves a win, the engine
/// finds a win as near; where it proves that some moves lose and others do
/// not, the engine's move does not lose.
fn proven_results_are_found<G: Game + Clone>(game: &G, seed: u64, games: usize, depth: u32) -> (usize, usize) {
    let material = Material::of_kinds(game.kinds());
    let (mut wins, mut saves) = (0, 0);
    for line in random_games(game, seed, games, 120) {
        for end in 1..=line.len() {
            let pos = line[end - 1];
            if game.outcome(&pos).is_some() {
                continue;
            }
            let value = AlphaBeta::new(depth, material).choose(game, &pos).value;
            // Each move's value with one ply less, for the player to move.
            let moves = game.legal_moves(&pos);
            let losing = |m: &leap_core::MoveKey| {
                let child = game.play_unchecked(&pos, m);
                let v = if game.outcome(&child).is_some() || depth == 1 {
                    None
                } else {
                    Some(AlphaBeta::new(depth - 1, material).choose(game, &child).value)
                };
                // (A loss of the mover within the search: a win of the player to move in the child.)
                v.is_some_and(|v| v > WIN / 2 && child.to_move() != pos.to_move())
            };
            let proven_win = value > WIN / 2;
            // (A choice that matters: some moves lose, not all.)
            let choice = moves.iter().any(losing) && !moves.iter().all(losing);
            if !(proven_win || choice) {
                continue;
            }
            let (best, score) = engine_choice(game, material, &line[..end], depth);
            let at = leap_core::notation::format_position(game, &pos);
            if proven_win {
                assert!(
                    score >= value,
                    "{at}: the engine's {} scores {score}, a win of {value} exists",
                    text(game, &pos, &best)
                );
                wins += 1;
            } else {
                assert!(
                    !losing(&best),
                    "{at}: the engine's {} loses, and not every move does",
                    text(game, &pos, &best)
                );
                saves += 1;
            }
        }
    }
    (wins, saves)
}

#[test]
fn proven_results_in_random_games_of_cam() {
    let g = leap_camelot::load("cam").unwrap();
    let (wins, saves) = proven_results_are_found(&g, 1, 25, 3);
    assert!(wins > 10 && saves > 10, "{wins} wins, {saves} saves");
}

#[test]
fn proven_results_in_random_games_of_checkers() {
    let g = leap_checkers::load("checkers").unwrap();
    let (wins, saves) = proven_results_are_found(&g, 2, 30, 3);
    assert!(wins > 10 && saves > 10, "{wins} wins, {saves} saves");
}

// At depth 4 the nodes three plies down are one ply from the horizon,
// off the principal variation: late move pruning acts there, and must
// neither hide a proven win nor let a losing move through.
#[test]
fn proven_results_at_depth_4_in_random_games_of_cam() {
    let g = leap_camelot::load("cam").unwrap();
    let (wins, saves) = proven_results_are_found(&g, 4, 3, 4);
    assert!(wins > 3 && saves > 3, "{wins} wins, {saves} saves");
}

#[test]
fn proven_results_at_depth_4_in_random_games_of_checkers() {
    let g = leap_checkers::load("checkers").unwrap();
    let (wins, saves) = proven_results_are_found(&g, 5, 8, 4);
    assert!(wins > 3 && saves > 3, "{wins} wins, {saves} saves");
}

#[test]
fn proven_results_in_random_games_of_tri_camelot() {
    let g = leap_tricamelot::game();
    let (wins, saves) = proven_results_are_found(&g, 3, 12, 2);
    assert!(wins + saves > 5, "{wins} wins, {saves} saves");
}

#[test]
fn contempt_decides_between_a_draw_and_playing_on() {
    // White to move in a level ending, one ply before the advance limit (no man
    // has moved for 99 plies): a king move draws, a man move plays on.
    let g = leap_checkers::load("checkers").unwrap();
    let p = parse_position(&g, "W:WK1,22:BK32,9 clock2=99").unwrap();
    let choice = |contempt: Score| {
        let options = Options { hash_mib: 4, contempt, ..Options::default() };
        let mut engine = Engine::new(g.clone(), leap_checkers::CheckersEval::new(&g), options);
        let r = engine.search(&[p], &Limits::depth(6), &Stop::new(), |_| {});
        (text(&g, &p, &r.best.expect("a move")), r.score)
    };
    // An engine that likes draws takes the draw, and values it so.
    let (best, score) = choice(-500);
    assert!(best.starts_with("1-"), "{best}");
    assert_eq!(score, 500);
    // One that dislikes them plays on, in a position worth more than the draw to it.
    let (best, score) = choice(500);
    assert!(best.starts_with("22-"), "{best}");
    assert!(score > -500 && score < 500, "{score}");
}

#[test]
fn camelot_a_knights_charge_at_the_horizon_is_searched() {
    // White must take L5 (L4xL6, its only move). Black is then obliged to
    // capture nothing, but its Knight on D12 may canter over D11 to D10 and
    // jump D9 (a Knight's Charge). At depth 1 the engine stops after
    // White's move, and plays out such optional captures there: its line
    // goes on with the charge, and its score is the evaluation after it.
    let g = leap_camelot::load("camelot").unwrap();
    let eval = leap_camelot::CamelotEval::new(&g);
    let p = parse_position(&g, "W:WD9,L4,C3:BKD12,D11,L5,A13,B13 castle-moves=0,0").unwrap();
    let mut engine = Engine::new(g.clone(), eval.clone(), Options { hash_mib: 4, ..Options::default() });
    let r = engine.search(&[p], &Limits::depth(1), &Stop::new(), |_| {});
    let mut line = vec![p];
    for mv in &r.pv {
        line.push(g.play_unchecked(line.last().unwrap(), mv));
    }
    let texts: Vec<String> = r.pv.iter().zip(&line).map(|(mv, pos)| text(&g, pos, mv)).collect();
    assert_eq!(texts, ["L4xL6", "D12-D10xD8"]);
    assert_eq!(r.score, leap_core::search::Evaluator::evaluate(&eval, &g, &line[2], leap_core::Player(0)));
}
