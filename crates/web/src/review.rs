//! The web app's review of a game: every move of the game judged against
//! the engine's best ([`leap_engine::Engine::review_move`], the judgement
//! of `camelot review`), sent to the page move by move as `review` events,
//! then a summary per player.

use crate::session::AnalysisJob;
use leap_core::notation::{format_line, format_move, format_position};
use leap_core::{Annotation, History, Position};
use leap_engine::review::{MoveReview, Tally};
use leap_engine::score::describe;
use leap_engine::{Engine, Limits, Stop};
use leap_games::Played;
use serde_json::{json, Value};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The time of each search of a review when the request gives none, in
/// milliseconds (a move the engine would not have played is searched
/// twice: the best, then the move).
pub const REVIEW_MS: u64 = 500;

/// The shortest and longest time of each search of a review.
pub const REVIEW_MS_RANGE: std::ops::RangeInclusive<u64> = 20..=10_000;

/// What a review said of each move it reviewed, for the game's record:
/// by ply, the position the move led to (the game has the move while its
/// position after it is that one) and the move's annotation.
#[derive(Default)]
pub struct Reviewed(Vec<Option<(Position, Annotation)>>);

impl Reviewed {
    /// What the review said of the move of ply `ply` (0: the first) of
    /// `history`, if it reviewed that move.
    pub fn of(&self, history: &History, ply: usize) -> Option<&Annotation> {
        let (after, said) = self.0.get(ply)?.as_ref()?;
        (history.positions().get(ply + 1) == Some(after)).then_some(said)
    }

    /// Whether the review said something of one of `history`'s moves.
    pub fn covers(&self, history: &History) -> bool {
        (0..history.moves().len()).any(|ply| self.of(history, ply).is_some())
    }

    fn keep(&mut self, ply: usize, after: Position, said: Annotation) {
        if self.0.len() <= ply {
            self.0.resize(ply + 1, None);
        }
        self.0[ply] = Some((after, said));
    }
}

/// The review of `history`'s moves by `analyst`, `movetime` a search,
/// until `stop` (which it stops when it ends): a `review` event per move,
/// kept in `reviewed` for the record (in place of a review before), then,
/// unless stopped, the summary.
pub fn review_job<G: Played>(
    game: G,
    history: History,
    analyst: Arc<Mutex<Engine<G, G::Eval>>>,
    reviewed: Arc<Mutex<Reviewed>>,
    stop: Stop,
    movetime: Duration,
) -> AnalysisJob {
    Box::new(move |send| {
        *reviewed.lock().unwrap_or_else(|e| e.into_inner()) = Reviewed::default();
        let mut engine = analyst.lock().unwrap_or_else(|e| e.into_inner());
        engine.set_multi_pv(1);
        let limits = Limits { movetime: Some(movetime), ..Limits::default() };
        let positions = history.positions();
        let moves = history.moves();
        let mut tallies = vec![Tally::default(); game.players().len()];
        for (i, mv) in moves.iter().enumerate() {
            let review = engine.review_move(&positions[..=i], mv.key(), &limits, &stop);
            // (A review stopped during a move's searches has no verdict on it.)
            if stop.is_stopped() {
                return;
            }
            let mover = positions[i].to_move().index();
            tallies[mover].add(&review);
            let said = review.annotation(&game, &history, i);
            reviewed.lock().unwrap_or_else(|e| e.into_inner()).keep(i, positions[i + 1], said);
            send(move_event(&game, &history, i, &review));
        }
        let summary: Vec<Value> = tallies
            .iter()
            .enumerate()
            .filter(|(_, t)| t.moves > 0)
            .map(|(p, t)| {
                json!({
                    "player": p, "name": game.players()[p].name,
                    "inaccuracies": t.judged[0], "mistakes": t.judged[1], "blunders": t.judged[2],
                    "average_loss": format!("{:.2}", t.average_loss()), "text": t.summary(),
                })
            })
            .collect();
        // (Over before it is said: `reviewing` is false once the summary is heard.)
        stop.stop();
        send(json!({ "done": true, "moves": moves.len(), "summary": summary }));
    })
}

/// The `review` event of the move of ply `i` (0: the first move).
fn move_event<G: Played>(game: &G, history: &History, i: usize, review: &MoveReview) -> Value {
    let positions = history.positions();
    let (before, mv) = (&positions[i], &history.moves()[i]);
    let mover = before.to_move().index();
    let better = review.better.as_ref();
    json!({
        "ply": i + 1,
        "move": format_move(game.board(), mv),
        "player": mover,
        "for": game.players()[mover].name,
        "score": describe(review.score),
        "judgement": review.judgement.map(|j| j.name()),
        "glyph": review.judgement.map(|j| j.glyph()),
        "best": better.map(|b| format_line(game, before, &[b.best]).join("")),
        "best_score": better.map(|b| describe(b.score)),
        "line": better.map_or_else(Vec::new, |b| format_line(game, before, b.shown_line())),
        "position": format_position(game, &positions[i + 1]),
        "of": history.moves().len(),
    })
}
