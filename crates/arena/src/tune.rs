//! Fitting an evaluation's weights to the results of games, in the style
//! of Texel tuning: each quiet position of a set of games is labelled with
//! the game's result, the evaluation predicts that result through a
//! logistic curve, and the weights move, one at a time and a step at a
//! time, while the mean squared error of the predictions falls.
//!
//! The positions are evaluated in parallel (rayon, on the current pool);
//! the games to learn from are played by a [`crate::Series`].

use crate::game::GameRecord;
use leap_core::search::{Evaluator, Score, Weights, MAX_EVAL};
use leap_core::{Game, Player, Position};
use rayon::prelude::*;

/// A position to learn from, with the result of its game for the first
/// player (1 a win, 0 a loss, a draw shared: 1/2 with two players).
#[derive(Clone, Copy, Debug)]
pub struct Sample {
    /// The position.
    pub position: Position,
    /// The game's result for the first player in turn order.
    pub result: f64,
}

/// The positions of a played game worth learning from: the quiet ones (no
/// capture to make, so the evaluation is not guessing at a fight the
/// search would play out) after the first `skip` plies, not the last (a
/// finished game is scored by the rules, not the evaluation). Each is
/// labelled with the game's result for the first player; a game that
/// ended by its length, a flag or an agreement is a draw.
///
/// ```
/// use leap_arena::{tune, Player, Series, Strategist};
/// use leap_core::search::Random;
/// let game = leap_checkers::load("checkers").unwrap();
/// let series = Series {
///     games: 2, entrants: 2, openings: None, opening_plies: 0, seed: 3,
///     max_plies: 80, time: None, sprt: None,
/// };
/// let played = series.play(&game, |_, _, s| Box::new(Strategist(Random::new(s))) as Box<dyn Player<_>>, |_, _| {});
/// let samples = tune::samples(&game, &played.games[0].1, 4);
/// assert!(!samples.is_empty());
/// assert!(samples.iter().all(|s| [0.0, 0.5, 1.0].contains(&s.result)));
/// ```
pub fn samples<G: Game>(game: &G, record: &GameRecord, skip: usize) -> Vec<Sample> {
    let players = game.players().len();
    let result = match record.winner(players) {
        Some(Player(0)) => 1.0,
        Some(_) => 0.0,
        None => 1.0 / players as f64,
    };
    let positions = record.history.positions();
    let last = positions.len().saturating_sub(1);
    positions
        .iter()
        .enumerate()
        .filter(|(i, _)| *i >= skip && *i < last)
        .filter(|(_, pos)| game.outcome(pos).is_none() && !game.legal_moves(pos).iter().any(|k| k.is_capture()))
        .map(|(_, pos)| Sample { position: *pos, result })
        .collect()
}

/// The result `eval` predicts for a sample, given `scale`: the logistic
/// curve of the evaluation for the first player, in Men
/// (`1 / (1 + e^(-scale × eval / 100))`).
pub fn predict<G: Game, E: Evaluator<G>>(game: &G, eval: &E, pos: &Position, scale: f64) -> f64 {
    let e = eval.evaluate(game, pos, Player(0)).clamp(-MAX_EVAL, MAX_EVAL) as f64;
    1.0 / (1.0 + (-scale * e / 100.0).exp())
}

/// The mean squared error of `eval`'s predictions over `samples`.
pub fn error<G: Game + Sync, E: Evaluator<G>>(game: &G, eval: &E, samples: &[Sample], scale: f64) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let sum: f64 = samples.par_iter().map(|s| (s.result - predict(game, eval, &s.position, scale)).powi(2)).sum();
    sum / samples.len() as f64
}

/// The scale of the logistic curve that fits `eval` to `samples` best: a
/// golden-section search of its logarithm, the scale from 0.001 to 10.
/// (Searched evenly in the logarithm, the first trials are 0.03 and 0.3:
/// an evaluation far off, whose curve is flat at 0 or 1 for any larger
/// scale, still leads the search down to the scale that fits it best.)
///
/// ```
/// use leap_arena::tune::{fit_scale, Sample};
/// use leap_core::search::EvalFn;
/// use leap_core::{Game, Player, Position};
/// let game = leap_camelot::load("camelot").unwrap();
/// let start = game.start();
/// // An evaluation that says White has won (100 Men up) where White loses
/// // as often as it wins: the curve that fits is nearly flat.
/// let far_off = EvalFn(|_: &leap_camelot::Camelot, _: &Position, p: Player| if p == Player(0) { 10_000 } else { -10_000 });
/// let samples = [Sample { position: start, result: 1.0 }, Sample { position: start, result: 0.0 }];
/// assert!(fit_scale(&game, &far_off, &samples) < 0.01);
/// ```
pub fn fit_scale<G: Game + Sync, E: Evaluator<G>>(game: &G, eval: &E, samples: &[Sample]) -> f64 {
    let (mut a, mut b) = (0.001f64.ln(), 10f64.ln());
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    let f = |x: f64| error(game, eval, samples, x.exp());
    let (mut c, mut d) = (b - ratio * (b - a), a + ratio * (b - a));
    let (mut fc, mut fd) = (f(c), f(d));
    for _ in 0..40 {
        // (On a flat stretch, toward the smaller scale: a flat error is a
        // curve saturated at 0 or 1, which a smaller scale unsaturates.)
        if fc <= fd {
            (b, d, fd) = (d, c, fc);
            c = b - ratio * (b - a);
            fc = f(c);
        } else {
            (a, c, fc) = (c, d, fd);
            d = a + ratio * (b - a);
            fd = f(d);
        }
    }
    ((a + b) / 2.0).exp()
}

/// The largest step a weight takes in one round.
const MAX_STEP: Score = 1 << 12;

/// What a fit found.
#[derive(Clone, Debug, PartialEq)]
pub struct Fit<W> {
    /// The fitted weights.
    pub weights: W,
    /// The scale of the logistic curve (fitted once, to the start weights).
    pub scale: f64,
    /// The mean squared error with the start weights.
    pub start_error: f64,
    /// The mean squared error with the fitted weights.
    pub error: f64,
    /// Rounds made (each tries every tunable weight once).
    pub rounds: u32,
}

/// Fits the weights at `tunable` (indices of [`Weights::NAMES`]) to
/// `samples`, from `start`; `eval_of` makes the evaluation of a set of
/// weights. Coordinate descent: each round tries each weight one step up
/// and one down and keeps what lowers the error; a weight's step starts at
/// a quarter of its size (at least 1), doubles after it helped and halves
/// when neither way helps;
/// the fit ends when no weight moves at a step of 1, or after
/// `max_rounds`. `progress` hears each round's error and weights.
///
/// ```
/// use leap_arena::tune::{fit, Sample};
/// use leap_core::search::{EvalFn, Weights};
/// use leap_core::{Game, Player, Position};
/// leap_core::weights! {
///     /// A single weight: the value of a piece.
///     pub struct Value { man = 1 }
/// }
/// // Games where the first player (Black, in checkers), a piece up, won
/// // three times in four: the fit raises the value of a piece from 1
/// // (to about 110, where the logistic curve gives 3/4).
/// let game = leap_checkers::load("checkers").unwrap();
/// let up = leap_core::notation::parse_position(&game, "W:W18:B1,2").unwrap();
/// let samples: Vec<Sample> = [1.0, 1.0, 1.0, 0.0].iter()
///     .map(|&result| Sample { position: up, result }).collect();
/// let eval_of = |w: Value| EvalFn(move |_: &_, p: &Position, me: Player| {
///     let n = |q: Player| p.pieces_of(q).len() as i32;
///     w.man * (n(me) - n(Player(1 - me.0)))
/// });
/// let found = fit(&game, &samples, Value::default(), &[0], eval_of, Some(1.0), 50, |_, _, _| {});
/// assert!((100..=120).contains(&found.weights.man), "{found:?}");
/// assert!(found.error < found.start_error);
/// ```
#[allow(clippy::too_many_arguments)]
pub fn fit<G, W, E, F>(
    game: &G,
    samples: &[Sample],
    start: W,
    tunable: &[usize],
    eval_of: F,
    scale: Option<f64>,
    max_rounds: u32,
    mut progress: impl FnMut(u32, f64, &W),
) -> Fit<W>
where
    G: Game + Sync,
    W: Weights,
    E: Evaluator<G>,
    F: Fn(W) -> E,
{
    let scale = scale.unwrap_or_else(|| fit_scale(game, &eval_of(start), samples));
    let start_error = error(game, &eval_of(start), samples, scale);
    let (mut weights, mut best) = (start, start_error);
    let mut steps: Vec<Score> = start.values().iter().map(|v| (v.abs() / 4).max(1)).collect();
    let mut rounds = 0;
    while rounds < max_rounds {
        rounds += 1;
        let mut moved = false;
        for &i in tunable {
            let mut better = false;
            for sign in [1, -1] {
                let mut trial = weights;
                trial.set(i, weights.get(i) + sign * steps[i]);
                let e = error(game, &eval_of(trial), samples, scale);
                if e < best - 1e-12 {
                    (weights, best, better) = (trial, e, true);
                    break;
                }
            }
            if better {
                // A step that helped is tried twice as long next round.
                steps[i] = (steps[i] * 2).min(MAX_STEP);
                moved = true;
            } else if steps[i] > 1 {
                steps[i] /= 2;
                moved = true;
            }
        }
        progress(rounds, best, &weights);
        if !moved {
            break;
        }
    }
    Fit { weights, scale, start_error, error: best, rounds }
}
