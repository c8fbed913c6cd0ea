//! A series of games between entrants, played in parallel: what
//! `camelot match` and the tuning's self-play and check both run.

use crate::clock::TimeControl;
use crate::game::{play, GameRecord, GameSetup, Opening};
use crate::player::Player;
use crate::schedule::{mix, seating, seatings};
use crate::stats::{Tally, Verdict};
use leap_core::{Game, MoveKey, Position};
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

/// What a series of games is: how many, between how many entrants, from
/// which openings, how long, with which clocks, and when it may stop.
#[derive(Clone, Debug)]
pub struct Series {
    /// Games to play (fewer when the SPRT decides first).
    pub games: u32,
    /// Entrants: one per seat of the game.
    pub entrants: usize,
    /// Openings: each opens a set of games (a pair with the seats
    /// swapped, or every seating). `None`: random.
    pub openings: Option<Vec<OpeningLine>>,
    /// Random plies opening each set of games, without `openings`.
    pub opening_plies: u32,
    /// The seed of every random choice.
    pub seed: u64,
    /// A game that reaches this many plies ends unfinished (a draw).
    pub max_plies: u32,
    /// The clocks, if the games have them.
    pub time: Option<TimeControl>,
    /// Stop once the SPRT of the first entrant's Elo (H0: `.0`, H1: `.1`,
    /// 5% error rates) decides.
    pub sprt: Option<(f64, f64)>,
}

/// An opening of a series: moves from a position (the game's start, or
/// any position, such as an ending to play out).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpeningLine {
    /// Where the games start.
    pub start: Position,
    /// The moves played from there before the players choose.
    pub moves: Vec<MoveKey>,
}

/// What a series played.
#[derive(Clone, Debug)]
pub struct SeriesResult {
    /// Each game played, with its number in the series (from 0).
    pub games: Vec<(u32, GameRecord)>,
    /// Each entrant's results against the field.
    pub tallies: Vec<Tally>,
    /// The first entrant's results when the SPRT decided, if it did: the
    /// verdict stands on them. (The games then in progress are played out
    /// and counted in `tallies`, which may then say less.)
    pub decided: Option<Tally>,
}

impl Series {
    /// The seed of entrant `who` in game `game`.
    fn seed_of(&self, game: u32, who: usize) -> u64 {
        mix(&[self.seed, game as u64, who as u64])
    }

    /// Plays the series on the current rayon pool: game `i` between
    /// `entrants(i, e, seed)` for each entrant `e`, seated by [`seating`];
    /// `done(i, record)` is told of each game as it ends (in the order they
    /// end, from the threads that played them), so that it can be saved at
    /// once. The games are returned in their order.
    ///
    /// ```
    /// use leap_arena::{Player, Series, Strategist};
    /// use leap_core::search::Random;
    /// let game = leap_checkers::load("checkers").unwrap();
    /// let series = Series {
    ///     games: 4, entrants: 2, openings: None, opening_plies: 2, seed: 1,
    ///     max_plies: 60, time: None, sprt: None,
    /// };
    /// let played = series.play(&game, |_, _, seed| Box::new(Strategist(Random::new(seed))) as Box<dyn Player<_>>, |_, _| {});
    /// assert_eq!(played.games.len(), 4);
    /// assert_eq!(played.tallies[0].games(), 4);
    /// ```
    pub fn play<G, F, D>(&self, game: &G, entrants: F, done: D) -> SeriesResult
    where
        G: Game + Sync,
        F: Fn(u32, usize, u64) -> Box<dyn Player<G>> + Sync,
        D: Fn(u32, &GameRecord) + Sync,
    {
        let k = self.entrants;
        let seats = game.players().len();
        assert!(seating(0, k, seats).is_some(), "one entrant per seat");
        let group = seatings(k);
        let tallies = Mutex::new((vec![Tally::default(); k], None));
        let decided = AtomicBool::new(false);
        let records: Vec<Option<GameRecord>> = (0..self.games)
            .into_par_iter()
            .map(|i| {
                if decided.load(Ordering::Relaxed) {
                    return None;
                }
                let set = i as usize / group;
                let (start, opening) = match &self.openings {
                    Some(list) if !list.is_empty() => {
                        let line = &list[set % list.len()];
                        (line.start, Opening::Moves(line.moves.clone()))
                    }
                    _ => (
                        game.start(),
                        Opening::Random { plies: self.opening_plies, seed: mix(&[self.seed, set as u64]) },
                    ),
                };
                let setup = GameSetup { start, opening, max_plies: self.max_plies, time: self.time };
                let mut players: Vec<Box<dyn Player<G>>> = (0..k).map(|e| entrants(i, e, self.seed_of(i, e))).collect();
                let seated = seating(i, k, seats).expect("checked");
                let record = play(game, &mut players, &seated, &setup);
                let winner = record.winner(seats).map(|w| seated[w.index()]);
                let mut guard = tallies.lock().expect("no panic holds the tallies");
                let (t, when) = &mut *guard;
                for (e, tally) in t.iter_mut().enumerate() {
                    tally.add(winner.map(|w| w == e));
                }
                if let Some((elo0, elo1)) = self.sprt {
                    if when.is_none() && t[0].sprt(elo0, elo1, 0.05, 0.05).verdict != Verdict::Undecided {
                        *when = Some(t[0]);
                        decided.store(true, Ordering::Relaxed);
                    }
                }
                drop(guard);
                done(i, &record);
                Some(record)
            })
            .collect();
        let games = records.into_iter().enumerate().filter_map(|(i, r)| r.map(|r| (i as u32, r))).collect();
        let (tallies, decided) = tallies.into_inner().expect("no panic holds the tallies");
        SeriesResult { games, tallies, decided }
    }
}
