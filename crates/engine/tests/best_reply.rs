//! Best-reply search (Schadd and Winands, 2011) without its quiescence and
//! repetitions returns the value of plain best-reply minimax to the same
//! depth, written out below as the paper defines it: the principal-variation
//! search, the move ordering and the transposition table change how fast
//! the value is found, never the value.

mod common;

use common::random_games;
use leap_core::search::{Evaluator, Score, MAX_EVAL};
use leap_core::{Game, GameResult, Player, Position};
use leap_engine::score::{decided, win_in};
use leap_engine::{Engine, Features, Limits, Multi, Options, Stop};

/// The best-reply value of `pos` for `root`, `depth` plies deep, `ply`
/// plies below the root: the root player's nodes take the largest value,
/// the opponents' layer the smallest over every opponent's moves, after
/// which the root player moves again.
fn best_reply<G: Game, E: Evaluator<G>>(
    game: &G,
    eval: &E,
    root: Player,
    pos: &Position,
    depth: u32,
    ply: usize,
) -> Score {
    if let Some(o) = game.decided(pos) {
        return match o.result {
            GameResult::Draw => 0,
            GameResult::Win(p) if p == root => win_in(ply),
            GameResult::Win(_) => -win_in(ply),
        };
    }
    if depth == 0 {
        return eval.evaluate(game, pos, root).clamp(-MAX_EVAL, MAX_EVAL);
    }
    let max = pos.to_move() == root;
    let mut values = Vec::new();
    for mover in (0..game.players().len() as u8).map(Player) {
        if (mover == root) != max || pos.pieces_of(mover).is_empty() {
            continue;
        }
        let mut from = *pos;
        from.set_to_move(mover);
        for m in game.legal_moves(&from).iter().filter(|m| !m.is_pass()) {
            let mut child = game.play_unchecked(&from, m);
            if !max && !child.pieces_of(root).is_empty() && game.decided(&child).is_none() {
                child.set_to_move(root);
            }
            values.push(best_reply(game, eval, root, &child, depth - 1, ply + 1));
        }
    }
    match (values.is_empty(), max) {
        (false, true) => values.into_iter().max().unwrap(),
        (false, false) => values.into_iter().min().unwrap(),
        (true, true) => match game.no_moves(pos).result {
            GameResult::Win(p) if p == root => win_in(ply),
            GameResult::Draw => 0,
            _ if game.passes_when_stuck(pos) => eval.evaluate(game, pos, root).clamp(-MAX_EVAL, MAX_EVAL),
            _ => -win_in(ply),
        },
        (true, false) => {
            let mut back = *pos;
            back.set_to_move(root);
            best_reply(game, eval, root, &back, depth - 1, ply + 1)
        }
    }
}

/// Whether the engine's score `got` of `pos` is the best-reply value
/// `want`: the same evaluation, or the same won or lost game, whose
/// distance the engine gives in the game's plies rather than the search's
/// layers (a reply's layer stands for the turns of the players still in the
/// game after the root player, up to the one who replies).
fn same_value<G: Game>(game: &G, pos: &Position, got: Score, want: Score) -> bool {
    let (Some(g), Some(w)) = (decided(got), decided(want)) else { return got == want };
    let live = (0..game.players().len() as u8).filter(|&p| !pos.pieces_of(Player(p)).is_empty()).count() as u32;
    let layers = w.plies;
    let plies = match layers {
        0 => 0..=0,
        p if p % 2 == 1 => (p - 1) / 2 * live + 1..=(p - 1) / 2 * live + 1,
        p => (p / 2 - 1) * live + 2..=(p / 2) * live,
    };
    g.win == w.win && plies.contains(&g.plies)
}

#[test]
fn tri_camelot_best_reply_values_are_those_of_plain_best_reply() {
    let game = leap_tricamelot::game();
    let eval = leap_camelot::CamelotEval::new(&game);
    let depth = 3;
    let options = Options { hash_mib: 2, features: Features::plain(), multi: Multi::BestReply, ..Options::default() };
    // One engine for every position: entries of earlier searches must not change values either.
    let mut engine = Engine::new(game.clone(), eval.clone(), options);
    let mut compared = 0;
    for line in random_games(&game, 15, 3, 80) {
        for &pos in &line {
            if game.outcome(&pos).is_some() {
                continue;
            }
            let want = best_reply(&game, &eval, pos.to_move(), &pos, depth, 0);
            let at = leap_core::notation::format_position(&game, &pos);
            // Twice: the second search meets the first's entries at every depth.
            for search in ["first", "second"] {
                let got = engine.search(&[pos], &Limits::depth(depth), &Stop::new(), |_| {});
                assert!(
                    same_value(&game, &pos, got.score, want),
                    "the {search} search to depth {depth}: {at}: {} against {want}",
                    got.score
                );
            }
            compared += 1;
        }
    }
    assert!(compared > 100, "{compared}");
}

/// Best-reply search deepens by two plies after the first iteration, so that
/// every iteration but the first ends on the opponents' reply; a depth asked
/// for is searched all the same.
#[test]
fn best_reply_iterates_to_even_depths_and_the_depth_asked_for() {
    let game = leap_tricamelot::game();
    let eval = leap_camelot::CamelotEval::new(&game);
    let options = Options { hash_mib: 2, multi: Multi::BestReply, ..Options::default() };
    let mut engine = Engine::new(game.clone(), eval, options);
    for (asked, want) in [(5, vec![1, 2, 4, 5]), (4, vec![1, 2, 4]), (1, vec![1])] {
        let mut depths = Vec::new();
        let result = engine.search(&[game.start()], &Limits::depth(asked), &Stop::new(), |r| depths.push(r.depth));
        assert_eq!((depths, result.depth), (want, asked), "asked for depth {asked}");
    }
}

/// A won or lost game's distance is in the game's plies, as with the other
/// searches: Blue wins with its second move (B13-B15, then B15-A16 after
/// Red's and Green's turns), 4 plies; with Red to move, Red loses at Blue's
/// turn after its own move, 3 plies.
#[test]
fn best_reply_distances_count_every_players_turn() {
    let game = leap_tricamelot::game();
    let eval = leap_camelot::CamelotEval::new(&game);
    for (position, want) in
        [("B:BB13,KF5:RKE10,E12:GKJ11,I12", win_in(4)), ("R:BB15,KF5:RKE10,E12:GKJ11,I12", -win_in(3))]
    {
        let pos = leap_core::notation::parse_position(&game, position).unwrap();
        for multi in [Multi::BestReply, Multi::Paranoid, Multi::MaxN] {
            let options = Options { hash_mib: 2, multi, ..Options::default() };
            let mut engine = Engine::new(game.clone(), eval.clone(), options);
            let got = engine.search(&[pos], &Limits::depth(6), &Stop::new(), |_| {});
            assert_eq!(got.score, want, "{multi:?}: {position}");
        }
    }
}
