//! Entering moves leg by leg (`leap_core::entry`), as the web board and
//! the terminal do: the legs offered next, where a move may end, and the
//! reasons given for refusals, on written-out Camelot positions; and, on
//! positions of random games, every legal move entered leg by leg and
//! nothing else.

use leap_camelot::Camelot;
use leap_core::entry::{obligation, progress, why_not_end, NextLeg, Obligation, Refusal};
use leap_core::{Cell, Game, LegKind, MoveKey, Position, SplitMix64};
use leap_testkit::pos;
use std::collections::HashSet;

fn game() -> Camelot {
    leap_camelot::load("camelot").unwrap()
}

fn cell(g: &Camelot, name: &str) -> Cell {
    g.board().cell(name).unwrap()
}

fn cells(g: &Camelot, names: &[&str]) -> Vec<Cell> {
    names.iter().map(|n| cell(g, n)).collect()
}

/// The next legs as `(cell, kind, ends, goes on)` names.
fn next(g: &Camelot, legs: &[NextLeg]) -> Vec<(String, LegKind, bool, bool)> {
    legs.iter().map(|l| (g.board().name(l.to).to_string(), l.kind, l.ends, l.goes_on)).collect()
}

#[test]
fn a_knights_charge_entered_leg_by_leg() {
    let g = game();
    let p = pos(&g, "B:WKC6,G7,F6:BKI10,H9,D11 castle-moves=0,0");
    let from = cell(&g, "I10");
    // The canter to G8 lands where the Knight could jump: it must capture.
    let first = progress(&g, &p, from, &[]).unwrap();
    let g8 = first.next.iter().find(|l| g.board().name(l.to) == "G8").expect("a canter to G8");
    assert_eq!((g8.kind, g8.ends, g8.goes_on), (LegKind::Canter, false, true));
    let after_canter = progress(&g, &p, from, &cells(&g, &["G8"])).unwrap();
    assert_eq!(after_canter.complete, None);
    assert_eq!(next(&g, &after_canter.next), [("G6".to_string(), LegKind::Jump, false, true)]);
    assert_eq!(why_not_end(&g, &p, from, &cells(&g, &["G8"])), Refusal::CanterRule);
    // After the first jump the jump must go on.
    let after_jump = progress(&g, &p, from, &cells(&g, &["G8", "G6"])).unwrap();
    assert_eq!(after_jump.complete, None);
    assert_eq!(next(&g, &after_jump.next), [("E6".to_string(), LegKind::Jump, true, false)]);
    let refusal = why_not_end(&g, &p, from, &cells(&g, &["G8", "G6"]));
    assert_eq!(refusal, Refusal::MustContinue { ways: vec!["I10-G8xG6xE6".into()] });
    assert_eq!(refusal.to_string(), "the jump must continue: I10-G8xG6xE6");
    let done = progress(&g, &p, from, &cells(&g, &["G8", "G6", "E6"])).unwrap();
    assert!(done.next.is_empty());
    let key = done.complete.expect("a whole move").key();
    assert!(g.legal_moves(&p).contains(&key));
}

#[test]
fn an_obligatory_capture_is_named_with_the_pieces_that_can_capture() {
    let g = game();
    // After 1.F7-F8 F10-F9: White must capture, with F8.
    let p = leap_core::notation::parse_position(&g, &after(&g, &["F7-F8", "F10-F9"])).unwrap();
    let o = obligation(&g, &p).expect("an obligation");
    assert!(
        matches!(&o, Obligation::Capture { pieces, instead } if pieces.contains(&"F8".to_string()) && instead.is_empty()),
        "{o}"
    );
    assert!(o.to_string().starts_with("a capture is obligatory: "), "{o}");
    let refused = progress(&g, &p, cell(&g, "E6"), &[]).unwrap_err();
    assert_eq!(refused, Refusal::Obliged(o));
    assert!(progress(&g, &p, cell(&g, "F8"), &[]).is_ok());
}

/// The position string after these moves from the start.
fn after(g: &Camelot, moves: &[&str]) -> String {
    let mut p = g.start();
    for m in moves {
        p = leap_testkit::play(g, &p, m);
    }
    leap_core::notation::format_position(g, &p)
}

#[test]
fn a_piece_in_its_own_castle_must_leave() {
    let g = game();
    let p = pos(&g, "W:WF1,KC6,D6:BKC11,D11 castle-moves=0,0");
    let o = obligation(&g, &p).expect("an obligation");
    assert_eq!(o.to_string(), "F1 must leave its castle");
    assert_eq!(progress(&g, &p, cell(&g, "D6"), &[]).unwrap_err(), Refusal::Obliged(o));
    let out = progress(&g, &p, cell(&g, "F1"), &[]).unwrap();
    assert!(out.next.iter().all(|l| l.ends), "{:?}", out.next);
    assert!(obligation(&g, &g.start()).is_none());
}

#[test]
fn a_piece_held_in_an_enemy_castle_says_why_it_cannot_move() {
    let g = game();
    let f16 = cell(&g, "F16");
    let why = |position: &str| progress(&g, &pos(&g, position), f16, &[]).err().map(|r| r.to_string());
    // Both castle moves made: it may never move again.
    assert_eq!(
        why("W:WF16,D6,E6:BD10,E10,H10 castle-moves=2,0").as_deref(),
        Some(
            "the piece on F16 has no legal move: a piece in Black's castle may not leave it, and White has made \
             its 2 castle moves (the most a game allows)"
        )
    );
    // A castle move left, but the other cell of the castle is taken.
    assert_eq!(
        why("W:WF16,D6,E6:BG16,D10,E10,H10 castle-moves=1,0").as_deref(),
        Some(
            "the piece on F16 has no legal move: a piece in Black's castle may not leave it, and every other \
             cell of that castle, where a castle move would go, is taken"
        )
    );
}

#[test]
fn refusals_say_what_is_wrong() {
    let g = game();
    let start = g.start();
    let e = progress(&g, &start, cell(&g, "E10"), &[]).unwrap_err();
    assert_eq!(e.to_string(), "no piece of the player to move on E10 (a Man of Black, and White is to move)");
    let e = progress(&g, &start, cell(&g, "E8"), &[]).unwrap_err();
    assert_eq!(e.to_string(), "no piece of the player to move on E8 (it is empty)");
    let e = progress(&g, &start, cell(&g, "F7"), &cells(&g, &["F9"])).unwrap_err();
    let Refusal::NotALanding { cell: c, landings, .. } = &e else { panic!("{e:?}") };
    assert_eq!(c, "F9");
    assert!(landings.contains(&"F8".to_string()) && landings.contains(&"H5".to_string()), "{e}");
    // (A leap over an empty cell: said.)
    let said = "the piece cannot go to F9: nothing stands on F8 to leap over from F7 to F9; it can go to ";
    assert!(e.to_string().starts_with(said), "{e}");
    // A cell no leg reaches from the one before: said.
    let e = progress(&g, &start, cell(&g, "D6"), &cells(&g, &["D9"])).unwrap_err();
    assert!(e.to_string().starts_with("the piece cannot go to D9: D9 is too far from D6: each step goes to"), "{e}");
    // A cell with a piece on it: said, whatever the path.
    let e = progress(&g, &start, cell(&g, "D6"), &cells(&g, &["D7"])).unwrap_err();
    assert!(
        e.to_string().starts_with(
            "the piece cannot go to D7: D7 is taken by a Knight of White, and a piece lands only on an empty cell; it \
             can go to "
        ),
        "{e}"
    );
    // A canter may not come back to where it started.
    let p = pos(&g, "W:WE6,E7,F7,F6:BKC11,D11 castle-moves=0,0");
    let round = cells(&g, &["E8", "G6", "E6"]);
    let ok = progress(&g, &p, cell(&g, "E6"), &cells(&g, &["E8", "G6"])).unwrap();
    assert!(ok.next.iter().all(|l| g.board().name(l.to) != "E6"), "{:?}", ok.next);
    assert!(matches!(progress(&g, &p, cell(&g, "E6"), &round), Err(Refusal::NotALanding { .. })));
    // A path that strays early is refused at its first wrong landing, with
    // where the piece could have gone instead, however long the path.
    let e = progress(&g, &start, cell(&g, "F6"), &cells(&g, &["F7", "F8"])).unwrap_err();
    let Refusal::NotALanding { cell: c, landings, .. } = &e else { panic!("{e:?}") };
    assert_eq!(c, "F7", "{e}");
    assert!(landings.contains(&"F8".to_string()), "F6 canters to F8 over F7: {e}");
    let long = vec![cell(&g, "F8"); 100_000];
    let e = progress(&g, &start, cell(&g, "F7"), &long).unwrap_err();
    assert!(e.to_string().starts_with("the piece cannot go to F8"), "{e}");
}

/// Every legal move of `pos`, entered leg by leg through `progress`.
fn entered<G: Game>(g: &G, p: &Position) -> HashSet<MoveKey> {
    fn walk<G: Game>(g: &G, p: &Position, from: Cell, path: &mut Vec<Cell>, out: &mut HashSet<MoveKey>) {
        let step = progress(g, p, from, path).unwrap_or_else(|e| panic!("a path from legal legs refused: {e}"));
        if let Some(m) = step.complete {
            out.insert(m.key());
        } else {
            assert!(!step.next.is_empty(), "a path that neither ends nor goes on");
        }
        for leg in step.next {
            path.push(leg.to);
            walk(g, p, from, path, out);
            path.pop();
        }
    }
    let mut out = HashSet::new();
    let froms: HashSet<Cell> = g.legal_moves(p).iter().filter(|k| !k.is_pass()).map(|k| k.from).collect();
    for from in froms {
        walk(g, p, from, &mut Vec::new(), &mut out);
    }
    out
}

#[test]
fn every_legal_move_and_only_those_can_be_entered() {
    for variant in ["cam", "camette", "camelot"] {
        let g = leap_camelot::load(variant).unwrap();
        let mut rng = SplitMix64::new(4);
        let mut checked = 0;
        for _ in 0..6 {
            let mut p = g.start();
            for _ in 0..60 {
                if g.outcome(&p).is_some() {
                    break;
                }
                let legal: HashSet<MoveKey> = g.legal_moves(&p).into_iter().filter(|k| !k.is_pass()).collect();
                assert_eq!(entered(&g, &p), legal, "{variant}: {}", leap_core::notation::format_position(&g, &p));
                checked += 1;
                let moves = g.legal_moves(&p);
                p = g.play_unchecked(&p, &moves[rng.below(moves.len())]);
            }
        }
        assert!(checked > 60, "{variant}: {checked}");
    }
}
