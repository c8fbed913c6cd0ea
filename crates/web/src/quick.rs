//! What a view says of a position, found without listing its legal moves.
//!
//! In a crowded position of the Camelot family the legal moves are
//! exponentially many (each Knight's Charge through a lattice of Men is a
//! move of its own), so that listing them takes seconds. A view needs
//! none of that: whether the game is over (is there a legal move at
//! all?), a move to show how moves are written (any one), and what the
//! player is obliged to do (which pieces can capture). Each is found here
//! by walking the moves and stopping at the first that answers, with the
//! same answer as [`leap_core::Game::outcome`], [`leap_core::line_outcome`]
//! and [`leap_core::entry::obligation`] (see the tests).

use leap_core::entry::Obligation;
use leap_core::rules::{walk_piece, PathMode, PathSink};
use leap_core::{Bitset, Cell, Game, GameResult, Leg, Move, Outcome, Position};

/// Keeps the first legal path a walk emits (of a capture only, when
/// `captures`), and abandons every branch once it has one.
struct First {
    captures: bool,
    found: Option<Move>,
}

impl PathSink for First {
    fn emit(&mut self, from: Cell, _to: Cell, legs: &[Leg], captured: Bitset) {
        if self.found.is_none() && (!self.captures || captured != Bitset::EMPTY) {
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
    let mut first = First { captures: false, found: None };
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

/// [`Game::outcome`] of `pos`: the game's end conditions, or the player to
/// move having no legal move.
pub fn position_outcome<G: Game>(game: &G, pos: &Position) -> Option<Outcome> {
    if let Some(o) = game.decided(pos) {
        return Some(o);
    }
    first_move(game, pos).is_none().then(|| game.no_moves(pos))
}

/// [`leap_core::line_outcome`] of a game's positions (the start first):
/// the last one's outcome, or a draw by repetition.
pub fn line_outcome<G: Game>(game: &G, positions: &[Position]) -> Option<Outcome> {
    let now = positions.last()?;
    if let Some(o) = position_outcome(game, now) {
        return Some(o);
    }
    let limit = game.repetition_limit()?;
    let same = |p: &&Position| {
        let mut q = **p;
        q.set_clock(now.clock());
        q.set_aux_clock(now.aux_clock());
        q == *now
    };
    let seen = positions.iter().filter(same).count();
    (seen as u32 >= limit).then_some(Outcome { result: GameResult::Draw, reason: leap_core::EndReason::Repetition })
}

/// [`leap_core::entry::obligation`] of `pos`: which pieces must move, or
/// can capture when a capture is obligatory (each piece's first capture
/// found, not all of them), with the moves that capture nothing and that
/// the rules allow all the same.
pub fn obligation<G: Game>(game: &G, pos: &Position) -> Option<Obligation> {
    if game.decided(pos).is_some() {
        return None;
    }
    let board = game.board();
    let scope = game.scope(pos);
    let mine = pos.pieces_of(pos.to_move());
    let names = |cells: &[Cell]| cells.iter().map(|&c| board.name(c).to_string()).collect();
    if scope.pieces & mine != mine {
        let pieces: Vec<Cell> = board.listed(scope.pieces & mine);
        return Some(Obligation::Move { pieces: names(&pieces), why: game.scope_reason(pos) });
    }
    if !scope.captures_only {
        return None;
    }
    let movers: Vec<Cell> = board.listed(scope.pieces & mine);
    let capturers: Vec<Cell> = movers
        .iter()
        .copied()
        .filter(|&from| {
            let mut first = First { captures: true, found: None };
            walk_piece(game, pos, from, true, PathMode::Simple, &mut first);
            first.found.is_some()
        })
        .collect();
    let mut keys = Vec::new();
    for &from in &movers {
        let mut plain = Plain { from, keys: &mut keys };
        walk_piece(game, pos, from, true, PathMode::Distinct, &mut plain);
    }
    keys.sort_unstable_by_key(|k: &leap_core::MoveKey| (k.from, k.to));
    keys.dedup_by_key(|k| (k.from, k.to));
    let mut instead: Vec<String> = keys
        .iter()
        .filter_map(|k| game.canonical(pos, k))
        .map(|m| leap_core::notation::format_move(board, &m))
        .collect();
    instead.sort();
    Some(Obligation::Capture { pieces: names(&capturers), instead })
}

/// Collects the moves that capture nothing (where captures are obliged:
/// the entries of a goal), abandoning every branch that captures.
struct Plain<'a> {
    from: Cell,
    keys: &'a mut Vec<leap_core::MoveKey>,
}

impl PathSink for Plain<'_> {
    fn emit(&mut self, _from: Cell, to: Cell, _legs: &[Leg], captured: Bitset) {
        if captured == Bitset::EMPTY {
            self.keys.push(leap_core::MoveKey { from: self.from, to, captured });
        }
    }

    fn follow(&mut self, _legs: &[Leg], captured: Bitset) -> bool {
        captured == Bitset::EMPTY
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use leap_core::SplitMix64;

    /// Along random games of every built-in variant, each answer is the
    /// one of the functions that list every move.
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
                        assert_eq!(line_outcome(&game, &positions), leap_core::line_outcome(&game, &positions), "{name}");
                        assert_eq!(obligation(&game, &pos), leap_core::entry::obligation(&game, &pos), "{name}");
                        let legal = game.legal_moves(&pos);
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
