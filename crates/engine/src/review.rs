//! A game's moves judged, as a chess site's computer analysis judges them:
//! each move's score against the best move's, searched alike
//! ([`Engine::review_move`]), and the moves that lost ground called an
//! inaccuracy, a mistake or a blunder ([`Judgement`]). `camelot review`
//! and the web app's review both judge through it.

use crate::score::{decided, describe, Score};
use crate::{Engine, Limits, Stop};
use leap_core::notation::format_line;
use leap_core::search::Evaluator;
use leap_core::{Annotation, Game, History, MoveKey, Player, Position};

/// What a move that lost ground is called.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub enum Judgement {
    /// A loss of winning chances of 0.1 or more.
    Inaccuracy,
    /// 0.2 or more.
    Mistake,
    /// 0.3 or more.
    Blunder,
}

/// How far a move fell short of the best: the loss of winning chances
/// ([`chances`]) at which it is a blunder, a mistake or an inaccuracy
/// (chess sites' thresholds).
const THRESHOLDS: [(f64, Judgement); 3] =
    [(0.3, Judgement::Blunder), (0.2, Judgement::Mistake), (0.1, Judgement::Inaccuracy)];

impl Judgement {
    /// Every judgement, from the least.
    pub const ALL: [Judgement; 3] = [Judgement::Inaccuracy, Judgement::Mistake, Judgement::Blunder];

    /// The glyph a record writes after the move: `?!`, `?`, `??`.
    pub fn glyph(self) -> &'static str {
        match self {
            Judgement::Inaccuracy => "?!",
            Judgement::Mistake => "?",
            Judgement::Blunder => "??",
        }
    }

    /// Its name: `inaccuracy`, `mistake`, `blunder`.
    pub fn name(self) -> &'static str {
        match self {
            Judgement::Inaccuracy => "inaccuracy",
            Judgement::Mistake => "mistake",
            Judgement::Blunder => "blunder",
        }
    }

    /// Its name opening a sentence: `Inaccuracy`, `Mistake`, `Blunder`.
    fn title(self) -> &'static str {
        match self {
            Judgement::Inaccuracy => "Inaccuracy",
            Judgement::Mistake => "Mistake",
            Judgement::Blunder => "Blunder",
        }
    }
}

/// The winning chances a score gives the side it is for, from -1 (lost)
/// to 1 (won): a logistic curve of the score in hundredths of a Man (the
/// curve chess sites fit to games, a Man standing for a pawn), and ±1 for
/// a decided game.
///
/// ```
/// use leap_engine::review::chances;
/// assert_eq!(chances(0), 0.0);
/// assert!((chances(100) - 0.18).abs() < 0.01);
/// assert_eq!(chances(leap_engine::score::win_in(3)), 1.0);
/// ```
pub fn chances(score: Score) -> f64 {
    let logistic = || 2.0 / (1.0 + (-0.00368208 * score as f64).exp()) - 1.0;
    decided(score).map_or_else(logistic, |d| if d.win { 1.0 } else { -1.0 })
}

/// A score as a number of hundredths of a Man, a decided game as ±1000
/// (ten Men), for an average loss.
fn bounded(score: Score) -> Score {
    decided(score).map_or(score.clamp(-1000, 1000), |d| if d.win { 1000 } else { -1000 })
}

/// Judges a move whose score is `played` where the best move scores `best`
/// (for its player): the judgement, if any, and the loss in hundredths of
/// a Man (a score beyond ten Men, or a decided game, counted as ten).
///
/// With more than two players (`relative`) an evaluation is the player's
/// figures less the others', far from nought in an even position: the
/// best move's score is then taken as even and the played move's measured
/// from it; a decided game against an evaluation counts as a win or a
/// loss against an even game.
///
/// ```
/// use leap_engine::review::{judge, Judgement};
/// assert_eq!(judge(0, -250, false), (Some(Judgement::Blunder), 250));
/// assert_eq!(judge(900, 800, false).0, None); // far ahead, a Man less changes little
/// ```
pub fn judge(best: Score, played: Score, relative: bool) -> (Option<Judgement>, Score) {
    let either_decided = decided(best).is_some() || decided(played).is_some();
    let (lost, loss) = if !relative {
        (chances(best) - chances(played), bounded(best) - bounded(played))
    } else if !either_decided {
        (-chances(played - best), (best - played).min(1000))
    } else {
        let c = |s: Score| if decided(s).is_some() { chances(s) } else { 0.0 };
        let lost = c(best) - c(played);
        (lost, (lost * 1000.0).round() as Score)
    };
    let judgement = THRESHOLDS.iter().find(|(at, _)| lost >= *at - 1e-9).map(|(_, j)| *j);
    (judgement, loss.max(0))
}

/// The `Annotator` tag of a record a review wrote.
pub const ANNOTATOR: &str = "camelot review";

/// The `Annotator` tag of a record once a review named `name` (such as
/// [`ANNOTATOR`]) has annotated it, where its tag was `existing`: the
/// annotators the record named, less an earlier review's name, then
/// `name`, joined by `, `.
///
/// ```
/// use leap_engine::review::annotator;
/// assert_eq!(annotator(None, "camelot review"), "camelot review");
/// assert_eq!(annotator(Some("Michael Nolan"), "camelot review"), "Michael Nolan, camelot review");
/// let once = annotator(Some("Michael Nolan"), "camelot review (interrupted: 3 of 9 moves reviewed)");
/// assert_eq!(annotator(Some(&once), "camelot review"), "Michael Nolan, camelot review");
/// ```
pub fn annotator(existing: Option<&str>, name: &str) -> String {
    let mut names: Vec<&str> = existing
        .unwrap_or_default()
        .split(", ")
        .map(str::trim)
        .filter(|n| !n.is_empty() && !n.starts_with(ANNOTATOR))
        .collect();
    names.push(name);
    names.join(", ")
}

/// Whether a record whose `Annotator` tag is `annotator` holds the notes
/// of an earlier review (one of its annotators is [`ANNOTATOR`]): only
/// then are its scores and verdicts taken for a review's (see [`noted`]).
pub fn reviewed_before(annotator: Option<&str>) -> bool {
    annotator.is_some_and(|a| a.split(", ").any(|n| n.trim().starts_with(ANNOTATOR)))
}

/// The most plies of the better line a review shows (the line goes on as
/// far as the search saw, which is more than a reader follows).
pub const SHOWN_LINE: usize = 8;

/// What a review found of one move.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct MoveReview {
    /// The played move's score for its player.
    pub score: Score,
    /// The best move, when the played move was not it, with its score and
    /// its line (from the best move on).
    pub better: Option<Better>,
    /// How far the move fell short, if it did.
    pub judgement: Option<Judgement>,
    /// The loss in hundredths of a Man (see [`judge`]).
    pub loss: Score,
}

impl MoveReview {
    /// What a record says after the reviewed move of ply `ply` of
    /// `history` (0: the first move): with two players the score as chess
    /// programs write it (`[%eval 0.35]`, for the first player of the
    /// game's result, `[%eval #3]` for a win in 3 of that player's moves,
    /// `#-2` for a loss); with more, the score for the mover (`Red
    /// +0.35`); and for a move that fell short, its glyph, what it was and
    /// the better line as a variation.
    pub fn annotation<G: Game>(&self, game: &G, history: &History, ply: usize) -> Annotation {
        let before = &history.positions()[ply];
        let mover = before.to_move();
        let mut comments = Vec::new();
        if game.players().len() == 2 {
            let first = game.result_order().first().copied().unwrap_or(Player(0));
            let score = if mover == first { self.score } else { -self.score };
            let eval = match decided(score) {
                Some(d) => {
                    let moves = (d.plies as usize).div_ceil(2);
                    format!("#{}{moves}", if d.win { "" } else { "-" })
                }
                None => format!("{:.2}", score as f64 / 100.0),
            };
            comments.push(format!("[%eval {eval}]"));
        } else {
            comments.push(format!("{} {}", game.players()[mover.index()].name, describe(self.score)));
        }
        let (mut glyph, mut variations) = (None, Vec::new());
        if let (Some(j), Some(better)) = (self.judgement, &self.better) {
            glyph = Some(j.glyph());
            comments.push(verdict(j, &better.text(game, before), better.score));
            variations.push(history.variation(game, ply, better.shown_line()));
        }
        Annotation { glyph, comments, variations }
    }
}

/// What a record says of a move: `written`, what the record the game was
/// read from said of it, and `review`, what a review says of it now,
/// after it. What the record's authors wrote stays; its glyph stays in
/// place of the review's (a move has one: the review's verdict still says
/// what it found). When the record was reviewed before (`reviewed`: see
/// [`reviewed_before`]), the notes that review wrote after the move's
/// others (its score, its verdict with its glyph and its better line)
/// give way to the new review's. Without a new review, what was written
/// stays as it was.
///
/// ```
/// use leap_core::Annotation;
/// use leap_engine::review::noted;
/// let game = leap_camelot::load("camelot").unwrap();
/// let written = Annotation {
///     glyph: Some("?"),
///     comments: vec!["bold".into(), "[%eval 0.30]".into(), "Mistake. F7-G7 was best (+0.07).".into()],
///     variations: vec!["2.F7-G7 H11-H9".into(), "2.G6-G7".into()],
/// };
/// let review = Annotation { comments: vec!["[%eval 0.02]".into()], ..Annotation::default() };
/// // Written by an earlier review: its notes give way.
/// let now = noted(&game, Some(&written), Some(&review), true);
/// assert_eq!(now.glyph, None);
/// assert_eq!(now.comments, ["bold", "[%eval 0.02]"]);
/// assert_eq!(now.variations, ["2.G6-G7"]);
/// // Written by a person (or another program): all of it stays.
/// let now = noted(&game, Some(&written), Some(&review), false);
/// assert_eq!(now.glyph, Some("?"));
/// assert_eq!(now.comments.len(), 4);
/// assert_eq!(now.variations.len(), 2);
/// ```
pub fn noted<G: Game>(
    game: &G,
    written: Option<&Annotation>,
    review: Option<&Annotation>,
    reviewed: bool,
) -> Annotation {
    let (Some(written), Some(review)) = (written, review) else {
        return review.or(written).cloned().unwrap_or_default();
    };
    let (mut comments, mut variations) = (written.comments.clone(), written.variations.clone());
    // (A review writes its score, then its verdict, after the move's
    // other comments, and its better line after its other variations.)
    let mut verdict = None;
    if reviewed {
        verdict = comments.last().and_then(|c| verdict_of(c)).map(|(j, best)| (j, best.to_string()));
        if verdict.is_some() {
            comments.pop();
        }
        if comments.last().is_some_and(|c| is_score_note(game, c)) {
            comments.pop();
        }
    }
    if let Some(i) = verdict.as_ref().and_then(|(_, best)| variations.iter().rposition(|v| opens_with(v, best))) {
        variations.remove(i);
    }
    comments.extend(review.comments.iter().cloned());
    variations.extend(review.variations.iter().cloned());
    // (A glyph beside an earlier verdict, and the verdict's own, is that verdict's.)
    let authors = written.glyph.filter(|g| verdict.as_ref().is_none_or(|(j, _)| j.glyph() != *g));
    Annotation { glyph: authors.or(review.glyph), comments, variations }
}

/// A review's verdict on a move, as a record's comment: `Mistake. F7-G7
/// was best (+0.07).` (read back by [`verdict_of`]).
fn verdict(j: Judgement, best: &str, score: Score) -> String {
    format!("{}. {best} was best ({}).", j.title(), describe(score))
}

/// The judgement and the better move of a review's verdict ([`verdict`]),
/// if `comment` is one.
fn verdict_of(comment: &str) -> Option<(Judgement, &str)> {
    Judgement::ALL.iter().find_map(|&j| {
        let said = comment.strip_prefix(j.title())?.strip_prefix(". ")?.strip_suffix(").")?;
        said.split_once(" was best (").map(|(best, _)| (j, best))
    })
}

/// Whether `comment` is a review's score of a move: `[%eval 0.35]`, or
/// with more than two players `Red +0.35` (see [`MoveReview::annotation`]).
fn is_score_note<G: Game>(game: &G, comment: &str) -> bool {
    if let Some(eval) = comment.strip_prefix("[%eval ") {
        return eval.ends_with(']');
    }
    let is_score = |s: &str| {
        let count = |n: &str| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit());
        match s.strip_prefix("win in ").or_else(|| s.strip_prefix("loss in ")) {
            Some(n) => count(n),
            None => s
                .strip_prefix(['+', '-'])
                .and_then(|n| n.split_once('.'))
                .is_some_and(|(whole, cents)| count(whole) && cents.len() == 2 && count(cents)),
        }
    };
    game.players().len() > 2
        && game
            .players()
            .iter()
            .any(|p| comment.strip_prefix(p.name.as_str()).and_then(|s| s.strip_prefix(' ')).is_some_and(is_score))
}

/// Whether the variation `line` opens with the move `text` (after its number).
fn opens_with(line: &str, text: &str) -> bool {
    let moves = line.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
    moves.strip_prefix(text).is_some_and(|rest| rest.is_empty() || rest.starts_with(char::is_whitespace))
}

/// The move the engine preferred to the one played.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Better {
    /// The move.
    pub best: MoveKey,
    /// Its score for the player who moved.
    pub score: Score,
    /// Its line, the move first.
    pub pv: Vec<MoveKey>,
}

impl Better {
    /// The better move in notation, played from `before`.
    pub fn text<G: Game>(&self, game: &G, before: &Position) -> String {
        format_line(game, before, &[self.best]).join("")
    }

    /// The start of the line a review shows ([`SHOWN_LINE`] plies).
    pub fn shown_line(&self) -> &[MoveKey] {
        &self.pv[..self.pv.len().min(SHOWN_LINE)]
    }
}

/// One player's moves of a review, summed up: how many of each judgement
/// and the average loss.
#[derive(Clone, Copy, PartialEq, Eq, Default, Debug)]
pub struct Tally {
    /// Inaccuracies, mistakes and blunders, by [`Judgement`] (in the order
    /// of [`Judgement::ALL`]).
    pub judged: [usize; 3],
    /// The losses summed, in hundredths of a Man.
    pub loss: Score,
    /// The moves reviewed.
    pub moves: usize,
}

impl Tally {
    /// Counts one more move.
    pub fn add(&mut self, review: &MoveReview) {
        if let Some(j) = review.judgement {
            self.judged[j as usize] += 1;
        }
        self.loss += review.loss;
        self.moves += 1;
    }

    /// How many moves were judged `judgement`.
    pub fn count(&self, judgement: Judgement) -> usize {
        self.judged[judgement as usize]
    }

    /// The average loss a move, in Men (0 without moves).
    pub fn average_loss(&self) -> f64 {
        if self.moves == 0 {
            0.0
        } else {
            self.loss as f64 / self.moves as f64 / 100.0
        }
    }

    /// The summary a report writes: `1 inaccuracy, 0 mistakes, 2
    /// blunders; average loss 0.35 a move`.
    ///
    /// ```
    /// let t = leap_engine::review::Tally { judged: [1, 0, 2], loss: 140, moves: 4 };
    /// assert_eq!(t.summary(), "1 inaccuracy, 0 mistakes, 2 blunders; average loss 0.35 a move");
    /// ```
    pub fn summary(&self) -> String {
        let counts: Vec<String> =
            Judgement::ALL.iter().map(|j| leap_core::counted(self.count(*j) as u64, j.name())).collect();
        format!("{}; average loss {:.2} a move", counts.join(", "), self.average_loss())
    }
}

impl<G: Game, E: Evaluator<G>> Engine<G, E> {
    /// Judges the move `played` from the last of `positions` (the game so
    /// far): the position is searched within `limits`, and when the engine
    /// prefers another move, `played` alone is searched alike
    /// ([`Engine::search_moves`]) and the two scores compared ([`judge`];
    /// with more than two players, relatively). Stopped by `stop`, the
    /// review is of what the searches found by then.
    ///
    /// ```
    /// use leap_engine::{Engine, Limits, Options, Stop, review::Judgement};
    /// use leap_core::{Game, notation::{parse_position, read_move}};
    /// let game = leap_camelot::load("camelot").unwrap();
    /// // F7-F8 walks the Man next to Black's F9, which jumps it.
    /// let pos = parse_position(&game, "W:WF7,C6:BF9,L11 castle-moves=0,0").unwrap();
    /// let played = read_move(&game, &pos, "F7-F8").unwrap().key;
    /// let eval = leap_camelot::CamelotEval::new(&game);
    /// let mut engine = Engine::new(game, eval, Options::default());
    /// let review = engine.review_move(&[pos], played, &Limits::depth(4), &Stop::new());
    /// assert_eq!(review.judgement, Some(Judgement::Blunder));
    /// assert_ne!(review.better.unwrap().best, played);
    /// ```
    pub fn review_move(&mut self, positions: &[Position], played: MoveKey, limits: &Limits, stop: &Stop) -> MoveReview {
        let players = self.game().players().len();
        let best = self.search(positions, limits, stop, |_| {});
        match best.best {
            Some(b) if b != played => {
                let own = self.search_moves(positions, &[played], limits, stop, |_| {});
                let (judgement, loss) = judge(best.score, own.score, players > 2);
                let better = Better { best: b, score: best.score, pv: best.pv };
                MoveReview { score: own.score, better: Some(better), judgement, loss }
            }
            _ => MoveReview { score: best.score, better: None, judgement: None, loss: 0 },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::win_in;

    #[test]
    fn moves_are_judged_by_the_winning_chances_they_give_away() {
        assert_eq!(judge(0, 0, false), (None, 0));
        assert_eq!(judge(20, 0, false).0, None, "a fifth of a Man is no mistake");
        assert_eq!(judge(0, -60, false).0, Some(Judgement::Inaccuracy));
        assert_eq!(judge(0, -120, false).0, Some(Judgement::Mistake));
        assert_eq!(judge(0, -250, false), (Some(Judgement::Blunder), 250));
        // Far ahead, a Man less changes little; a won game let go is a blunder.
        assert_eq!(judge(900, 800, false).0, None);
        assert_eq!(judge(win_in(3), 300, false).0, Some(Judgement::Blunder));
        // A move the search scores above the best (a deeper look) loses nothing.
        assert_eq!(judge(0, 40, false), (None, 0));
    }

    #[test]
    fn with_more_players_a_move_is_measured_from_the_best() {
        // Tri-Camelot's scores sit far below nought: measured as they are,
        // a Knight lost would change nothing.
        assert_eq!(judge(-1600, -1850, false).0, None);
        assert_eq!(judge(-1600, -1850, true), (Some(Judgement::Blunder), 250));
        assert_eq!(judge(-1600, -1620, true).0, None);
        assert_eq!(judge(win_in(1), -1600, true).0, Some(Judgement::Blunder));
    }
}
