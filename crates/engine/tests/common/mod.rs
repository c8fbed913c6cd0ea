//! What the engine's tests share: games, positions of random games, and
//! moves in notation.

#![allow(dead_code)]

use leap_core::notation::{format_move, read_move};
use leap_core::{Game, MoveKey, Position, SplitMix64};

/// Positions of `games` random games of `game` from its start, every ply
/// up to `plies`, each game with the positions before it.
pub fn random_games<G: Game>(game: &G, seed: u64, games: usize, plies: usize) -> Vec<Vec<Position>> {
    let mut rng = SplitMix64::new(seed);
    let mut out = Vec::new();
    for _ in 0..games {
        let mut line = vec![game.start()];
        for _ in 0..plies {
            let pos = *line.last().unwrap();
            let moves = game.legal_moves(&pos);
            if moves.is_empty() || game.outcome(&pos).is_some() {
                break;
            }
            line.push(game.play_unchecked(&pos, &moves[rng.below(moves.len())]));
        }
        out.push(line);
    }
    out
}

/// A move in canonical notation.
pub fn text<G: Game>(game: &G, pos: &Position, key: &MoveKey) -> String {
    game.canonical(pos, key).map(|m| format_move(game.board(), &m)).unwrap_or_else(|| format!("{key:?}"))
}

/// A move read from notation.
pub fn key<G: Game>(game: &G, pos: &Position, text: &str) -> MoveKey {
    read_move(game, pos, text).unwrap_or_else(|e| panic!("{text}: {e}")).key
}
