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

/// What a review said of each move it reviewed, for the game's record
/// and its view: by ply, the position the move led to (the game has the
/// move while its position after it is that one), the move's annotation
/// and its `review` event; and the summary, once the review is done.
#[derive(Default)]
pub struct Reviewed {
    moves: Vec<Option<Said>>,
    /// The summary's event, and the position after the last move reviewed.
    summary: Option<(Position, Value)>,
    /// The moves the review was of.
    of: usize,
}

/// What a review said of one move.
#[derive(Clone)]
struct Said {
    after: Position,
    annotation: Annotation,
    event: Value,
}

impl Reviewed {
    /// What the review said of the move of ply `ply` (0: the first) of
    /// `history`, if it reviewed that move.
    fn said(&self, history: &History, ply: usize) -> Option<&Said> {
        let said = self.moves.get(ply)?.as_ref()?;
        (history.positions().get(ply + 1) == Some(&said.after)).then_some(said)
    }

    /// The annotation of the move of ply `ply` of `history`, if the
    /// review said something of it.
    pub fn of(&self, history: &History, ply: usize) -> Option<&Annotation> {
        self.said(history, ply).map(|s| &s.annotation)
    }

    /// The view's `review`: the events of the moves of `history` it
    /// reviewed, the moves it was of, and its summary while the game still
    /// has every move it sums up (`null` before the end); `null` when it
    /// said nothing of the game's moves.
    pub fn view(&self, history: &History) -> Value {
        let moves: Vec<&Value> =
            (0..history.moves().len()).filter_map(|ply| self.said(history, ply)).map(|s| &s.event).collect();
        if moves.is_empty() {
            return Value::Null;
        }
        let summary = self
            .summary
            .as_ref()
            .filter(|(last, _)| history.positions().get(self.of) == Some(last))
            .map(|(_, summary)| summary);
        json!({ "moves": moves, "of": self.of, "summary": summary })
    }

    fn keep(&mut self, ply: usize, said: Said) {
        if self.moves.len() <= ply {
            self.moves.resize(ply + 1, None);
        }
        self.moves[ply] = Some(said);
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
        *reviewed.lock().unwrap_or_else(|e| e.into_inner()) =
            Reviewed { of: history.moves().len(), ..Reviewed::default() };
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
            let said = Said {
                after: positions[i + 1],
                annotation: review.annotation(&game, &history, i),
                event: move_event(&game, &history, i, &review),
            };
            reviewed.lock().unwrap_or_else(|e| e.into_inner()).keep(i, said.clone());
            send(said.event);
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
        let done = json!({ "done": true, "moves": moves.len(), "summary": summary });
        let last = *positions.last().expect("the start at least");
        reviewed.lock().unwrap_or_else(|e| e.into_inner()).summary = Some((last, summary.into()));
        // (Over before it is said: `reviewing` is false once the summary is heard.)
        stop.stop();
        send(done);
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
        "best": better.map(|b| b.text(game, before)),
        "best_score": better.map(|b| describe(b.score)),
        "line": better.map_or_else(Vec::new, |b| format_line(game, before, b.shown_line())),
        "position": format_position(game, &positions[i + 1]),
        "of": history.moves().len(),
    })
}
