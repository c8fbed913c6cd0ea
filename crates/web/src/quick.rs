//! A move to show how moves are written, found without listing the
//! position's legal moves.
//!
//! In a crowded position of the Camelot family the legal moves are
//! exponentially many (each Knight's Charge through a lattice of Men is a
//! move of its own), so that listing them takes seconds. A view needs
//! any one move: the first the walk finds. (Whether the game is over and
//! what the player must do are found as cheaply by the core:
//! [`leap_core::line_outcome`], [`leap_core::entry::obligation`].)

use leap_core::rules::PathSink;
use leap_core::{Bitset, Cell, Game, Leg, Move, Position};

/// Keeps the first legal path a walk emits, and abandons every branch
/// once it has one.
struct First {
    found: Option<Move>,
}

impl PathSink for First {
    fn emit(&mut self, from: Cell, _to: Cell, legs: &[Leg], captured: Bitset) {
        if self.found.is_none() {
            self.found = Some(Move { from, legs: legs.iter().copied().collect(), captured });
        }
    }

    fn follow(&mut self, _legs: &[Leg], _captured: Bitset) -> bool {
        self.found.is_none()
    }
}

/// The first legal move of `pos` found (a pass, where the rules make a
/// player with no move pass), or `None` when there is none (or the game
/// is decided): as cheap as finding one move, however many there are.
pub fn first_move<G: Game>(game: &G, pos: &Position) -> Option<Move> {
    let mut first = First { found: None };
    game.legal_paths(pos, &mut first);
    first.found.map(|m| if m.from == leap_core::MoveKey::PASS.from { Move::pass() } else { m })
}

/// A legal move of `pos` in the notation a person reads (its canonical
/// path), to show how moves are written; `None` when there is none.
pub fn example<G: Game>(game: &G, pos: &Position) -> Option<String> {
    let found = first_move(game, pos)?;
    let shown = game.canonical(pos, &found.key()).unwrap_or(found);
    Some(leap_core::notation::format_move(game.board(), &shown))
}

#[cfg(test)]
mod tests {
    use super::*;
    use leap_core::SplitMix64;

    /// Along random games of every built-in variant, each answer is the
    /// one the list of every move gives.
    #[test]
    fn answers_as_the_full_listing_does() {
        for (name, _) in leap_games::builtin() {
            let variant = leap_games::load(&name).expect("built in");
            leap_games::with_game!(variant, game => {
                let mut rng = SplitMix64::new(7);
                for _ in 0..4 {
                    let mut positions = vec![game.start()];
                    for _ in 0..200 {
                        let pos = *positions.last().unwrap();
                        let legal = game.legal_moves(&pos);
                        // (The core's outcome and obligation, found without
                        // the list, against what the list says.)
                        let over = game.decided(&pos).is_some() || legal.is_empty();
                        assert_eq!(game.outcome(&pos).is_some(), over, "{name}");
                        if let Some(leap_core::entry::Obligation::Capture { pieces, instead }) =
                            leap_core::entry::obligation(&game, &pos)
                        {
                            let board = leap_core::rules::LeapRules::board(&game);
                            let mut capturers: Vec<Cell> =
                                legal.iter().filter(|k| k.is_capture()).map(|k| k.from).collect();
                            capturers.sort_by_key(|c| board.listing_key(*c));
                            capturers.dedup();
                            let named: Vec<String> = capturers.iter().map(|c| board.name(*c).to_string()).collect();
                            assert_eq!(pieces, named, "{name}");
                            let plain = legal.iter().filter(|k| !k.is_capture()).count();
                            assert_eq!(instead.len(), plain, "{name}");
                        }
                        match first_move(&game, &pos) {
                            Some(m) => assert!(legal.contains(&m.key()), "{name}: {m:?}"),
                            None => assert!(legal.is_empty() || game.decided(&pos).is_some(), "{name}"),
                        }
                        if let Some(text) = example(&game, &pos) {
                            let all = leap_core::notation::legal_move_texts(&game, &pos);
                            assert!(all.contains(&text), "{name}: {text} not in {all:?}");
                        }
                        if leap_core::line_outcome(&game, &positions).is_some() || legal.is_empty() {
                            break;
                        }
                        let key = legal[(rng.next_u64() % legal.len() as u64) as usize];
                        positions.push(game.play_unchecked(&pos, &key));
                    }
                }
            });
        }
    }
}
