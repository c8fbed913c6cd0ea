//! One game at the table: its history, its seats (a person or the
//! computer), its clocks, and how it ended. Every action of the page comes
//! here, is checked against the rules ([`leap_core::entry`] for a move
//! entered leg by leg), and changes the game's version, which the page
//! follows through the game's events.
//!
//! A session is generic over the game; the server holds it behind the
//! object-safe [`Table`], so that games of every family share one map.

use crate::error::{ApiError, ApiResult};
use crate::layout::{path, pieces, Layout};
use crate::quick;
use crate::request::Number;
use crate::review::{review_job, Reviewed, REVIEW_MS, REVIEW_MS_RANGE};
use leap_arena::{Clocks, FlagFell, Termination, TimeControl};
use leap_core::entry::{progress, why_not_end, Obligation};
use leap_core::notation::{format_line, format_move, format_position, parse_movetext, read_move, Reading, WrittenPly};
use leap_core::search::Score;
use leap_core::{Annotation, Cell, GameResult, History, LegKind, MoveKey, Outcome, Player};
use leap_engine::{Engine, Level, Limits, Options, Stop};
use leap_games::Played;
use serde::Deserialize;
use serde_json::{json, Value};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Who plays a seat: `"human"` or `"engine"` in a request.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Deserialize)]
#[serde(try_from = "String")]
pub enum Seat {
    /// A person, at the page.
    Human,
    /// The engine.
    Engine,
}

/// (Read from a string, so that a seat of another kind, a number, is
/// refused as a value of the wrong kind, not as JSON that does not parse.)
impl TryFrom<String> for Seat {
    type Error = String;

    fn try_from(text: String) -> Result<Seat, String> {
        match text.as_str() {
            "human" => Ok(Seat::Human),
            "engine" => Ok(Seat::Engine),
            _ => Err(format!("unknown seat `{text}`, expected `human` or `engine`")),
        }
    }
}

impl Seat {
    fn name(self) -> &'static str {
        match self {
            Seat::Human => "human",
            Seat::Engine => "engine",
        }
    }
}

/// The shortest and longest time per move the engine may be given.
pub const ENGINE_MS: std::ops::RangeInclusive<u64> = 10..=600_000;

/// The transposition table of each engine of a game, in MiB.
const HASH_MIB: usize = 16;

/// The longest an analysis runs when nobody stops it.
const ANALYSIS_LIMIT: Duration = Duration::from_secs(600);

/// The most lines an analysis reports at each depth.
pub const MAX_ANALYSIS_LINES: usize = 10;

/// The most plies (moves of a player) a game of the server has: a record
/// of more is refused, and a game that reaches it takes no more moves (it
/// may be saved, and played on at the terminal). Far beyond any game
/// played (the draw rules of every built-in variant end a game long
/// before), it bounds what one game costs the server where a variant file
/// switches those rules off.
pub const MAX_PLIES: usize = 10_000;

/// The positions a view carries: the start, and the last ones, up to this
/// many (the others come from `GET /api/games/{id}/positions`).
pub const VIEW_POSITIONS: usize = 100;

/// The most positions one `GET /api/games/{id}/positions` answers.
pub const MAX_POSITIONS: usize = 200;

/// How a game is seated and timed.
#[derive(Clone, Debug)]
pub struct Seating {
    /// One per player, in turn order.
    pub seats: Vec<Seat>,
    /// The engine's time per move.
    pub engine_ms: u64,
    /// The engine's playing strength (analysis is always at full strength).
    pub engine_level: Level,
    /// The clocks, if any.
    pub clock: Option<TimeControl>,
}

/// A move as the page sends it: written, or a start and its landings.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveRequest {
    /// The move in notation.
    pub text: Option<String>,
    /// The piece's cell.
    pub from: Option<String>,
    /// The landings after it.
    #[serde(default)]
    pub path: Vec<String>,
}

/// The engine's move, found away from the table.
pub struct EngineMove {
    /// The game's search number when the search started: a move for an
    /// older one is dropped (the game changed meanwhile).
    pub search: u64,
    /// The move (`None`: the engine found none).
    pub key: Option<MoveKey>,
    /// Its score for the player who moves.
    pub score: Score,
}

/// A search to run on a blocking thread, with what the table needs back.
pub type EngineJob = Box<dyn FnOnce() -> EngineMove + Send>;

/// An analysis to run on a blocking thread; it sends each completed depth
/// (as the `analysis` event's JSON) to the function it is given.
pub type AnalysisJob = Box<dyn FnOnce(&(dyn Fn(Value) + Sync)) + Send>;

/// A game at the table, whatever its family (see [`Session`]).
pub trait Table: Send {
    /// The whole view, as `docs/web-api.md` describes it.
    fn view(&self) -> Value;
    /// The clocks' event (`None` without clocks).
    fn clocks(&self) -> Option<Value>;
    /// Whether a clock is running (the game is on, has clocks, and its
    /// first move on the server was played: the clocks start with it).
    fn clock_running(&self) -> bool;
    /// Whether the game is over (by the rules, a resignation, a flag or an agreement).
    fn is_over(&self) -> bool;
    /// The legs the piece on `from` may take after `path`.
    fn legs(&self, from: &str, path: &[String]) -> ApiResult<Value>;
    /// Plays a person's move.
    fn play(&mut self, request: &MoveRequest) -> ApiResult<()>;
    /// Takes back the last move, and the engine's before it.
    fn undo(&mut self) -> ApiResult<()>;
    /// `player` (default: the player to move) resigns.
    fn resign(&mut self, player: Option<Number>) -> ApiResult<()>;
    /// `player` offers a draw, or accepts the one standing; with
    /// `decline`, declines it (or withdraws it, as its offerer).
    fn draw(&mut self, player: Option<Number>, decline: bool) -> ApiResult<()>;
    /// Seats the players anew (what is `None` stays).
    fn set_seats(
        &mut self,
        seats: Option<Vec<Seat>>,
        engine_ms: Option<u64>,
        engine_level: Option<Level>,
    ) -> ApiResult<()>;
    /// The positions after `from` to `to` plies (both included, at most
    /// [`MAX_POSITIONS`]), as the view's `positions` has them.
    fn positions(&self, from: Number, to: Option<Number>) -> ApiResult<Value>;
    /// The game as a record that `camelot replay` reads.
    fn record(&self) -> String;
    /// The variant file the game was started from, when it was uploaded
    /// (its name and text): a saved record needs it beside it.
    fn uploaded_variant(&self) -> Option<(String, String)>;
    /// The time control of the record the game was loaded from (its
    /// `TimeControl` tag), if it names one.
    fn recorded_time_control(&self) -> Option<TimeControl>;
    /// Names the record's variant file (saved beside it) in its tags.
    fn set_variant_file_tag(&mut self, file: &str);
    /// The variant's name, for file names.
    fn variant_name(&self) -> String;
    /// Checks the clocks: `true` if a flag fell (the game changed).
    fn tick(&mut self) -> bool;
    /// Whether the game needs no one: every seat is the computer's, and
    /// no clock runs.
    fn unattended(&self) -> bool;
    /// The engine's search, when it is the engine's turn and it is not
    /// already thinking.
    fn engine_job(&mut self) -> Option<EngineJob>;
    /// Plays the engine's move; `false` if it came too late.
    fn engine_moved(&mut self, found: EngineMove) -> bool;
    /// An analysis of the position after `ply` plies (default: the current
    /// one), reporting the best `lines` lines at each depth (1 to
    /// [`MAX_ANALYSIS_LINES`]; default 1), in place of any analysis running;
    /// with the handle that stops it (and that the job stops when it ends).
    fn analysis_job(&mut self, ply: Option<Number>, lines: Option<Number>) -> ApiResult<(AnalysisJob, Stop)>;
    /// A review of the game's moves so far ([`crate::review`]), each
    /// search `movetime` milliseconds ([`REVIEW_MS_RANGE`]; default
    /// [`REVIEW_MS`]), in place of any analysis or review running; with
    /// the handle that stops it.
    fn review_job(&mut self, movetime: Option<Number>) -> ApiResult<(AnalysisJob, Stop)>;
    /// Whether the job running is a review ([`Table::analysing`] says
    /// whether one runs).
    fn reviewing(&self) -> bool;
    /// Stops the analysis (or the review).
    fn stop_analysis(&mut self);
    /// Stops the analysis for good: the analysing engine's memory goes back.
    fn end_analysis(&mut self);
    /// Whether an analysis or a review is running (started, and neither
    /// stopped nor ended).
    fn analysing(&self) -> bool;
    /// The game is dropped: its computer's search and its analysis stop,
    /// and the computer moves no more.
    fn close(&mut self);
    /// Lets go of the computer's engine between its moves, and of the
    /// memory of its table (16 MiB), while the game waits or is over; a
    /// move it makes later takes a new one.
    fn rest(&mut self);
}

/// The time control a record's tags name (its `TimeControl` tag), if one.
fn time_control_of(tags: &[(String, String)]) -> Option<TimeControl> {
    tags.iter().find(|(k, _)| k == TimeControl::TAG).and_then(|(_, v)| TimeControl::from_pgn_tag(v))
}

/// A draw offered: it stands until every other player still in the game
/// has accepted it (the game is then drawn), or one declines it, by
/// moving without accepting it or by saying so (or its offerer withdraws
/// it); a takeback withdraws it too.
#[derive(Clone, Debug)]
struct DrawOffer {
    /// The player who offered it.
    by: Player,
    /// Who agrees to it, by player: its offerer, and those who accepted.
    agreed: Vec<bool>,
}

/// What a game's record writes besides its variant, its start, its moves
/// and their times, its result and how it ended ([`Session::written`]).
struct Written {
    /// Its tags, in order: those of the record the game was loaded from
    /// (its players' names among them), the variant file's name, its time
    /// control (the game's own, else the record's), its annotators
    /// (`camelot review` among them once a review said something of a move
    /// the game still has).
    tags: Vec<(String, String)>,
    /// After each move, what the record it was loaded from and the last
    /// review said of it, and whether a review said something of it.
    notes: Vec<(Annotation, bool)>,
}

/// An engine of `G` that a search on another thread may hold.
type Shared<G> = Arc<Mutex<Engine<G, <G as Played>::Eval>>>;

/// A game of `G` at the table.
pub struct Session<G: Played> {
    id: u64,
    game: G,
    layout: Value,
    tags: Vec<(String, String)>,
    uploaded: Option<(String, String)>,
    history: History,
    ended: Option<Termination>,
    seating: Seating,
    clocks: Option<Clocks>,
    /// Since when the player to move has thought on its move: `None`
    /// until the first move is played in this game on the server (a
    /// person's or the computer's), as no clock runs before it: a game
    /// just started, or loaded (to browse it or to play on), loses no
    /// time while no one plays.
    turn_started: Option<Instant>,
    /// The draw offered, while it stands.
    offer: Option<DrawOffer>,
    /// The computer's score of each move on the board, for the player
    /// who made it (`None`: a person's move, or a record's): what the
    /// computer judges a draw offer by. Cut back by takebacks.
    scores: Vec<Option<Score>>,
    notice: Option<String>,
    version: u64,
    /// Grows with every change the computer's search must start again
    /// for (all but a draw offered or declined, which leave the position
    /// and the seats as they were).
    search: u64,
    thinking: Option<Stop>,
    /// Dropped from the server's games (see [`Table::close`]).
    closed: bool,
    engine: Option<Shared<G>>,
    analyst: Option<Shared<G>>,
    analysis: Option<Stop>,
    /// Whether the analyst's job ([`Session::analysis`]) is a review.
    review: bool,
    /// What the last review said of each move it reviewed, written into
    /// the record while the game still has the move.
    reviewed: Arc<Mutex<Reviewed>>,
    /// The moves of the record the game was loaded from, cut back by
    /// takebacks: the time each move's player had left after it (written
    /// again when the game has no clocks, so that a save keeps them) and
    /// what the record said of it (its glyph, comments and variations:
    /// shown with the move, and written again).
    recorded: Vec<WrittenPly>,
    /// The comments before the first move of that record (`{annotated by
    /// ...}`): shown with the start position, and written again.
    intro: Vec<String>,
    /// The rules' outcome of the game now (its current position's, or a
    /// repetition), found once per change ([`Session::refresh`]).
    outcome: Option<Outcome>,
    /// The view's `moves`, each made once ([`Session::refresh`]).
    shown_moves: Vec<Value>,
}

impl<G: Played> Session<G> {
    /// The view's `review` ([`Reviewed::view`]), saying whether it still runs.
    fn review_view(&self) -> Value {
        let mut review = self.reviewed.lock().unwrap_or_else(|e| e.into_inner()).view(&self.history);
        if let Some(fields) = review.as_object_mut() {
            fields.insert("running".into(), self.reviewing().into());
        }
        review
    }

    /// A game of `game` numbered `id`, from `history`, seated and timed
    /// by `seating`; `tags` go into its record, `uploaded` is the variant
    /// file it came from when one was uploaded.
    ///
    /// A game from a record gives in `recorded` its moves as written,
    /// with the time each move's player had left after it, where the
    /// record says: on the clock the record names in its `TimeControl`
    /// tag, the clocks go on from the last times recorded (on another
    /// clock, from its base time).
    pub fn new(
        id: u64,
        game: G,
        history: History,
        seating: Seating,
        tags: Vec<(String, String)>,
        uploaded: Option<(String, String)>,
        recorded: &[WrittenPly],
    ) -> ApiResult<Session<G>> {
        let n = game.players().len();
        let recorded_control = time_control_of(&tags);
        let clocks = seating.clock.map(|control| {
            let movers = history.positions()[..history.moves().len()].iter().map(|p| p.to_move());
            let times = movers.enumerate().map(|(i, mover)| {
                (mover, recorded.get(i).and_then(|ply| ply.clock).filter(|_| recorded_control == Some(control)))
            });
            Clocks::resume(control, n, times)
        });
        let kept = recorded[..recorded.len().min(history.moves().len())].to_vec();
        let scores = vec![None; history.moves().len()];
        check_seats(&seating.seats, n)?;
        let layout = serde_json::to_value(Layout::of(&game)).expect("a layout is plain data");
        let mut session = Session {
            id,
            layout,
            tags,
            uploaded,
            history,
            ended: None,
            clocks,
            seating,
            turn_started: None,
            offer: None,
            scores,
            notice: None,
            version: 1,
            search: 1,
            thinking: None,
            closed: false,
            engine: None,
            analyst: None,
            analysis: None,
            review: false,
            reviewed: Arc::default(),
            recorded: kept,
            intro: Vec::new(),
            outcome: None,
            shown_moves: Vec::new(),
            game,
        };
        session.refresh();
        Ok(session)
    }

    /// After the moves changed (played, taken back): the outcome the rules
    /// give the game now, and the moves as the view shows them.
    fn refresh(&mut self) {
        self.outcome = leap_core::line_outcome(&self.game, self.history.positions());
        let plies = self.history.moves().len();
        self.shown_moves.truncate(plies);
        if self.shown_moves.len() < plies {
            let labels = self.history.move_labels();
            let times = self.times();
            for (i, label) in labels.into_iter().enumerate().skip(self.shown_moves.len()) {
                let shown = self.shown_move(i, label, times.get(i).copied().flatten());
                self.shown_moves.push(shown);
            }
        }
    }

    /// Whether the game has [`MAX_PLIES`]: it takes no more moves.
    fn full(&self) -> bool {
        self.history.moves().len() >= MAX_PLIES
    }

    /// Why a game that has [`MAX_PLIES`] takes no more moves.
    fn full_text() -> String {
        format!(
            "the game has {MAX_PLIES} plies, the most a game of the server has: save it, and play it on at the \
             terminal (camelot play FILE)"
        )
    }

    /// The time each move's player had left after it, where known, as the
    /// record writes it: the clocks' ([`Clocks::shown`]); in a game
    /// without clocks, the times of the record it was loaded from, for the
    /// moves still that record's (the moves made since have none).
    fn times(&self) -> Vec<Option<Duration>> {
        match &self.clocks {
            Some(clocks) => clocks.shown(),
            None => self.recorded.iter().map(|ply| ply.clock).collect(),
        }
    }

    /// Sets each player's clock, in turn order, to the time in `left`: the
    /// time it had when the game was started again elsewhere (a page
    /// restoring a game the server lost). Its record's times give the
    /// clocks as they were after each player's last move; since then a
    /// takeback (which gives no time back), or time thought on a move not
    /// made (before a resignation, an agreed draw or a takeback, or when
    /// the game was lost), may have taken time off, which no record
    /// writes. A clock may so show less than its record gives it, never
    /// more (400).
    pub fn set_clocks_left(&mut self, left: &[Duration]) -> ApiResult<()> {
        let Some(clocks) = &self.clocks else {
            return Err(ApiError::BadRequest("`left_ms` goes with a clock: this game has none".into()));
        };
        let n = self.game.players().len();
        if left.len() != n {
            return Err(ApiError::BadRequest(format!(
                "`left_ms` gives {} times: expected {n}, one per player in turn order",
                left.len()
            )));
        }
        let players = (0..n as u8).map(Player);
        if let Some((p, &want)) = players.zip(left).find(|&(p, &want)| want > clocks.left(p)) {
            return Err(ApiError::BadRequest(format!(
                "`left_ms` gives {} {} ms, more than its clock has ({} ms: the record's last time for it, else the \
                 base time): a clock may be given less time than that, never more",
                self.name(p),
                want.as_millis(),
                clocks.left(p).as_millis()
            )));
        }
        if let Some(clocks) = &mut self.clocks {
            for (i, &want) in left.iter().enumerate() {
                let p = Player(i as u8);
                let spent = clocks.left(p) - want;
                clocks.spend(p, spent);
            }
        }
        Ok(())
    }

    /// What the game's record writes besides its variant, its start, its
    /// moves and their times, its result and how it ended (see [`Written`]).
    fn written(&self) -> Written {
        let mut tags = self.tags.clone();
        // A game of an uploaded variant file names it (a save names the
        // copy it keeps beside the record), so that `replay` finds it beside.
        if let Some((file, _)) = &self.uploaded {
            if !tags.iter().any(|(k, _)| k == leap_games::FILE_TAG) {
                tags.push((leap_games::FILE_TAG.to_string(), file.clone()));
            }
        }
        // The game's own time control, in the PGN standard's tag (a loaded
        // record's tag gives way to it); without clocks, the tag of the
        // record it was loaded from stays, as its times do.
        if let Some(clocks) = &self.clocks {
            tags.retain(|(k, _)| k != TimeControl::TAG);
            tags.push((TimeControl::TAG.to_string(), clocks.control().pgn_tag()));
        }
        let reviewed = self.reviewed.lock().unwrap_or_else(|e| e.into_inner());
        let said: Vec<Option<&Annotation>> =
            (0..self.history.moves().len()).map(|ply| reviewed.of(&self.history, ply)).collect();
        // (Whether the record's notes are an earlier review's, as its
        // annotators say; with a review's notes, the review is one of them.)
        let annotators = tags.iter().position(|(k, _)| k.eq_ignore_ascii_case("Annotator"));
        let written_by = annotators.map(|i| tags[i].1.clone());
        let reviewed_before = leap_engine::review::reviewed_before(written_by.as_deref());
        if said.iter().any(Option::is_some) {
            let name = leap_engine::review::annotator(written_by.as_deref(), leap_engine::review::ANNOTATOR);
            match annotators {
                Some(i) => tags[i].1 = name,
                None => tags.push(("Annotator".to_string(), name)),
            }
        }
        let notes = said
            .iter()
            .enumerate()
            .map(|(ply, said)| {
                let written = self.recorded.get(ply).map(|p| &p.notes);
                (leap_engine::review::noted(&self.game, written, *said, reviewed_before), said.is_some())
            })
            .collect();
        Written { tags, notes }
    }

    /// Keeps `intro`, the comments before the first move of the record the
    /// game was loaded from: the view shows them, a save writes them again.
    pub fn keep_intro(&mut self, intro: Vec<String>) {
        self.intro = intro;
    }

    /// Ends the game off the board (as a saved record did), if `how`: a
    /// game lost on time shows no time left on the loser's clock.
    pub fn end(&mut self, how: Option<Termination>) {
        if let (Some(Termination::Time { loser }), Some(clocks)) = (how, &mut self.clocks) {
            clocks.run_out(loser);
        }
        if how.is_some() {
            self.ended = how;
        }
    }

    /// The clock of the player to move stops at what it shows: the time
    /// it has thought is spent (the game ends off the board, or a move is
    /// taken back), and the turn starts afresh.
    fn stop_clock(&mut self) {
        let thought = self.thought();
        if let (Some(mover), Some(clocks)) = (self.mover(), &mut self.clocks) {
            clocks.spend(mover, thought);
        }
        self.turn_started = self.turn_started.map(|_| Instant::now());
    }

    /// How long the player to move has thought on its move, by the clock:
    /// nothing before the clocks start ([`Session::turn_started`]).
    fn thought(&self) -> Duration {
        self.turn_started.map_or(Duration::ZERO, |t| t.elapsed())
    }

    /// Whether the clocks wait for the first move to start: the game has
    /// clocks and is on, and no move was played in it on the server yet.
    fn clock_waits(&self) -> bool {
        self.clocks.is_some() && self.is_on() && self.turn_started.is_none()
    }

    fn name(&self, p: Player) -> &str {
        &self.game.players()[p.index()].name
    }

    /// The person the record the game was loaded from names for each
    /// player, in turn order: its tag named after the player (PGN's
    /// `[White "…"]`, Tri-Camelot's `[Blue "…"]`, in any case), or `None`
    /// when it names nobody there (no tag, an empty one, or `?`, the PGN
    /// standard's unknown).
    fn player_names(&self) -> Vec<Option<&str>> {
        let named = |player: &str| {
            let tag = self.tags.iter().find(|(k, _)| k.eq_ignore_ascii_case(player))?;
            Some(tag.1.trim()).filter(|v| !v.is_empty() && *v != "?")
        };
        self.game.players().iter().map(|p| named(&p.name)).collect()
    }

    /// How the game ended, if it has.
    fn termination(&self) -> Option<Termination> {
        self.ended.or_else(|| self.outcome.map(Termination::Rules))
    }

    fn is_on(&self) -> bool {
        self.termination().is_none()
    }

    /// The player to move, while the game is on.
    fn mover(&self) -> Option<Player> {
        self.is_on().then(|| self.history.current().to_move())
    }

    /// A change: a new version, the engine's search and the notice dropped.
    fn changed(&mut self) {
        self.version += 1;
        self.search += 1;
        if let Some(stop) = self.thinking.take() {
            stop.stop();
        }
        // A finished game needs no player engine: its table's memory goes
        // back (a search still running keeps it until it ends). An undo
        // makes another when the computer moves again.
        if self.termination().is_some() {
            self.engine = None;
        }
    }

    /// The time `player` has left now, counting the move it is on.
    fn time_left(&self, clocks: &Clocks, player: Player) -> Duration {
        let left = clocks.left(player);
        if self.mover() == Some(player) {
            left.saturating_sub(self.thought())
        } else {
            left
        }
    }

    /// Plays a legal move (its path as entered) for the player to move,
    /// with the computer's score of it (`None` for a person's), charging
    /// its clock: a flag that fell first ends the game instead. The first
    /// move played in the game on the server starts the clocks: it took
    /// no time on them (it earns its increment, and counts towards its
    /// player's period, as every move does).
    fn commit(&mut self, entered: leap_core::Move, score: Option<Score>) {
        let mover = self.history.current().to_move();
        let thought = self.thought();
        if let Some(clocks) = &mut self.clocks {
            if let Err(FlagFell(loser)) = clocks.charge(mover, thought) {
                clocks.run_out(loser);
                self.ended = Some(Termination::Time { loser });
                self.changed();
                return;
            }
        }
        self.history.push(&self.game, entered);
        self.refresh();
        self.scores.resize(self.history.moves().len() - 1, None);
        self.scores.push(score);
        self.turn_started = Some(Instant::now());
        // Moving without agreeing to the draw offered declines it; the
        // offerer and those who accepted keep it across their moves, and
        // the status says who accepted it.
        if self.offer.as_ref().is_some_and(|o| !o.agreed[mover.index()]) {
            self.offer = None;
        }
        self.notice = None;
        // (A game the move ended by the rules has no offer left.)
        if let Some(offer) = self.offer.take().filter(|_| self.is_on()) {
            if self.to_answer(&offer).is_empty() {
                // (The last player to answer went out: all the others agreed.)
                self.ended = Some(Termination::Agreement);
            } else {
                if offer.agreed.iter().filter(|&&a| a).count() > 1 {
                    self.notice = Some(self.offer_notice(&offer));
                }
                self.offer = Some(offer);
            }
        }
        self.changed();
    }

    /// Whether a takeback would be taken: a resignation or an agreed draw
    /// to take back, or moves, and no flag fell (taking it back would give
    /// the time back).
    fn can_undo(&self) -> bool {
        self.ended_by_agreement()
            || (!self.history.moves().is_empty() && !matches!(self.ended, Some(Termination::Time { .. })))
    }

    /// Whether the game ended by a player's word, not on the board: a
    /// resignation or an agreed draw, or a loaded record's result that
    /// does not say how (which a takeback takes back alone).
    fn ended_by_agreement(&self) -> bool {
        matches!(
            self.ended,
            Some(Termination::Resignation { .. } | Termination::Agreement | Termination::Recorded { .. })
        )
    }

    fn cell(&self, name: &str) -> ApiResult<Cell> {
        self.game.board().cell(name.trim()).ok_or_else(|| {
            ApiError::BadRequest(format!("there is no cell \"{}\" on this board", leap_core::notation::quoted(name)))
        })
    }

    /// The person who resigns or offers a draw: `player`, which must be a
    /// person's seat (the computer neither resigns nor offers) and still
    /// in the game (a player who is out has lost already: the others play
    /// on); by default, as the page chooses, the only person playing, else
    /// the person to move, else the first person in turn order.
    fn person(&self, player: Option<Number>) -> ApiResult<Player> {
        let n = self.game.players().len();
        let named = player
            .map(|p| p.within(0..=n as u64 - 1, |p| format!("there is no player {p}: this game has {n}")))
            .transpose()?
            .map(|p| Player(p as u8));
        if !self.is_on() {
            return Err(ApiError::Conflict("the game is over".into()));
        }
        let in_game = self.in_game();
        let humans: Vec<Player> =
            (0..n).map(|i| Player(i as u8)).filter(|p| self.seating.seats[p.index()] == Seat::Human).collect();
        let playing: Vec<Player> = humans.iter().copied().filter(|p| in_game.contains(p)).collect();
        let to_move = self.history.current().to_move();
        let player =
            match (named, humans.as_slice(), playing.as_slice()) {
                (Some(p), _, _) => p,
                (None, [], _) => return Err(ApiError::Conflict(
                    "no person plays this game: the computer plays every seat, and neither resigns nor offers draws"
                        .into(),
                )),
                (None, _, []) => return Err(ApiError::Conflict(
                    "every person of this game is out of it: the computer plays on, and neither resigns nor offers \
                     draws"
                        .into(),
                )),
                (None, _, [one]) => *one,
                (None, _, many) if many.contains(&to_move) => to_move,
                (None, _, many) => many[0],
            };
        if !humans.contains(&player) {
            return Err(ApiError::Conflict(format!(
                "{} is the computer's seat: the computer neither resigns nor offers draws; a person acts for \
                 their own seat",
                self.name(player)
            )));
        }
        if !in_game.contains(&player) {
            return Err(ApiError::Conflict(format!(
                "{} is out of the game (it has no pieces left): it has lost already, and neither resigns nor \
                 offers a draw; the others play on",
                self.name(player)
            )));
        }
        Ok(player)
    }

    fn engine(&mut self) -> Shared<G> {
        let game = &self.game;
        self.engine.get_or_insert_with(|| Arc::new(Mutex::new(new_engine(game)))).clone()
    }

    /// The computer's score of `player`'s last move on the board: `None`
    /// when it has made none (none yet, or all taken back) or a person
    /// made it.
    fn last_score(&self, player: Player) -> Option<Score> {
        let movers = &self.history.positions()[..self.history.moves().len()];
        let last = movers.iter().rposition(|p| p.to_move() == player)?;
        self.scores.get(last).copied().flatten()
    }

    /// What the player to move is obliged to do now, while the game is on.
    fn obligation(&self) -> Option<Obligation> {
        self.is_on().then(|| leap_core::entry::obligation(&self.game, self.history.current())).flatten()
    }

    /// The players still in the game (those with pieces).
    fn in_game(&self) -> Vec<Player> {
        self.history.current().players_in(self.game.players().len()).collect()
    }

    /// The players still in the game who have not answered `offer`.
    fn to_answer(&self, offer: &DrawOffer) -> Vec<Player> {
        self.in_game().into_iter().filter(|q| !offer.agreed[q.index()]).collect()
    }

    /// The players still in the game who accepted `offer` (not its offerer).
    fn accepted(&self, offer: &DrawOffer) -> Vec<Player> {
        self.in_game().into_iter().filter(|&q| q != offer.by && offer.agreed[q.index()]).collect()
    }

    /// What the status says of `offer`: who offered it, and, once some
    /// accepted it, who did and who is still to answer (`Blue offers a
    /// draw; Red accepts; waiting for Green`).
    fn offer_notice(&self, offer: &DrawOffer) -> String {
        let names = |players: Vec<Player>| players.iter().map(|&q| self.name(q)).collect::<Vec<_>>().join(" and ");
        let offered = format!("{} offers a draw", self.name(offer.by));
        let accepted = self.accepted(offer);
        if accepted.is_empty() {
            return offered;
        }
        let verb = if accepted.len() == 1 { "accepts" } else { "accept" };
        format!("{offered}; {} {verb}; waiting for {}", names(accepted), names(self.to_answer(offer)))
    }

    /// What the status line says of the game now: how it ended, or whose
    /// turn it is (and whether the computer is thinking), and who is out.
    fn status(&self) -> String {
        if let Some(t) = self.termination() {
            return format!("Game over: {}.", t.describe(&self.game, self.history.current()));
        }
        let status = self.turn_status(self.history.moves().len());
        if self.full() {
            let mut why = Self::full_text();
            why[..1].make_ascii_uppercase();
            return format!("{status} {why}.");
        }
        status
    }

    /// Whose turn it is in the position after `ply` plies, with its move
    /// number, and who is out there: the status line of that position, as
    /// the page shows it while the player browses it (the current one
    /// says too whether the computer is thinking).
    fn turn_status(&self, ply: usize) -> String {
        let pos = &self.history.positions()[ply];
        let mover = pos.to_move();
        let (number, player) = (self.history.round(ply), self.name(mover));
        let now = ply == self.history.moves().len();
        let who = if self.seating.seats[mover.index()] == Seat::Engine {
            if now && self.thinking.is_some() {
                format!("{player} (computer) is thinking (move {number})")
            } else {
                format!("{player} (computer) to move (move {number})")
            }
        } else {
            format!("{player} to move (move {number})")
        };
        let out: Vec<&str> = (0..self.game.players().len() as u8)
            .map(Player)
            .filter(|&p| pos.pieces_of(p).is_empty())
            .map(|p| self.name(p))
            .collect();
        let out = match out.len() {
            0 => String::new(),
            1 => format!(" {} is out.", out[0]),
            _ => format!(" {} are out.", out.join(" and ")),
        };
        format!("{who}.{out}")
    }

    fn result(&self) -> Value {
        let Some(t) = self.termination() else {
            return Value::Null;
        };
        let n = self.game.players().len();
        let winner = match t {
            Termination::Rules(o) => match o.result {
                GameResult::Win(p) => Some(p.index()),
                GameResult::Draw => None,
            },
            Termination::Time { loser }
            | Termination::Resignation { loser }
            | Termination::Forfeit { loser }
            | Termination::Recorded { loser: Some(loser) }
                if n == 2 =>
            {
                Some(1 - loser.index())
            }
            _ => None,
        };
        // (Each player's points in turn order, as a person writes them: a
        // result of three players in a row of scores reads as no result.)
        let points: Vec<String> = t
            .scores(n)
            .unwrap_or_default()
            .into_iter()
            .map(|score| match score {
                (1, 2) => "½".to_string(),
                other => leap_arena::points_text(other),
            })
            .collect();
        json!({
            "token": t.result_token(&self.game),
            "winner": winner,
            "reason": t.describe(&self.game, self.history.current()),
            "points": points,
        })
    }

    /// The position after `ply` plies, as the view shows it.
    fn position(&self, ply: usize) -> Value {
        let board = self.game.board();
        let pos = &self.history.positions()[ply];
        let last = ply.checked_sub(1).map(|m| path(board, &self.history.moves()[m])).unwrap_or_default();
        // (The game's status for the current position; an earlier one
        // was on, its turn to play.)
        let (status, obligation) = if ply == self.history.moves().len() {
            (self.status(), self.obligation().map(|o| o.to_string()))
        } else {
            (self.turn_status(ply), leap_core::entry::obligation(&self.game, pos).map(|o| o.to_string()))
        };
        json!({
            "ply": ply,
            "position": format_position(&self.game, pos),
            "pieces": pieces(&self.game, pos),
            "last": last,
            "status": status,
            "obligation": obligation,
        })
    }

    /// The positions a view carries: the start, and the last
    /// [`VIEW_POSITIONS`].
    fn view_positions(&self) -> Vec<Value> {
        let now = self.history.moves().len();
        let first = now.saturating_sub(VIEW_POSITIONS - 1).max(1);
        std::iter::once(0).chain(first..=now).map(|ply| self.position(ply)).collect()
    }

    /// Move `i` (from 0) in notation, with the number a record writes
    /// before it ([`History::move_labels`]), as the view's `moves` has it,
    /// and, on a game with clocks, the time its player had left after it
    /// (`left`), in whole milliseconds rounded up, as the record's `[%clk]`
    /// writes it ([`leap_core::notation::clock_command`]).
    fn shown_move(&self, i: usize, label: String, left: Option<Duration>) -> Value {
        let board = self.game.board();
        let mv = &self.history.moves()[i];
        let pos = &self.history.positions()[i];
        let mover = pos.to_move().index();
        let text =
            self.game.canonical(pos, &mv.key()).map_or_else(|| format_move(board, mv), |c| format_move(board, &c));
        let mut shown = json!({ "ply": i + 1, "label": label, "player": mover, "text": text });
        if let Some(left) = left {
            shown["clock_ms"] = json!(left.as_nanos().div_ceil(1_000_000) as u64);
        }
        // What the record the game was loaded from said of the move.
        if let Some(notes) = self.recorded.get(i).map(|p| &p.notes).filter(|n| !n.is_empty()) {
            shown["notes"] = notes_value(notes);
        }
        shown
    }
}

/// What a record says of a move after it (but its time), as the view's
/// moves give it (`notes`, `record_notes`).
fn notes_value(notes: &Annotation) -> Value {
    json!({ "glyph": notes.glyph, "comments": notes.comments, "variations": notes.variations })
}

/// The engine's level a request asks for.
pub fn engine_level(level: Number) -> ApiResult<Level> {
    let range = u64::from(Level::MIN.number())..=u64::from(Level::MAX.number());
    let n = level.within(range, |n| {
        format!(
            "the engine's level must be from {} to {} ({}: full strength), not {n}",
            Level::MIN,
            Level::MAX,
            Level::MAX
        )
    })?;
    Ok(u8::try_from(n).ok().and_then(Level::new).expect("a level in range"))
}

/// The engine's time per move a request asks for, in ms.
pub fn engine_ms(ms: Number) -> ApiResult<u64> {
    ms.within(ENGINE_MS, |ms| {
        format!("the engine's time per move must be from {} to {} ms, not {ms}", ENGINE_MS.start(), ENGINE_MS.end())
    })
}

/// An engine for a game, sized for the web app: its chance (for levels
/// below full strength) seeded from the clock, so that games against it
/// differ; with the game's solved table when one is installed (one that
/// cannot be used is left aside, and the server's log says why).
fn new_engine<G: Played>(game: &G) -> Engine<G, G::Eval> {
    let mut engine = Engine::new(game.clone(), game.evaluation(), Options { hash_mib: HASH_MIB, ..Options::default() });
    engine.set_seed(leap_engine::clock_seed());
    if let Err(why) = engine.use_installed_solution() {
        eprintln!("{}: {why}", game.name());
    }
    engine
}

fn check_seats(seats: &[Seat], players: usize) -> ApiResult<()> {
    if seats.len() != players {
        return Err(ApiError::BadRequest(format!("expected {players} seats (one per player), found {}", seats.len())));
    }
    Ok(())
}

fn leg_kind(kind: LegKind) -> &'static str {
    match kind {
        LegKind::Step => "step",
        LegKind::Canter => "canter",
        LegKind::Jump => "jump",
    }
}

impl<G: Played> Table for Session<G> {
    fn view(&self) -> Value {
        let pos = self.history.current();
        let (obliged, must_move) = match self.obligation() {
            Some(o) => {
                let pieces = match &o {
                    Obligation::Capture { pieces, .. } | Obligation::Move { pieces, .. } => pieces.clone(),
                };
                (Some(o.to_string()), pieces)
            }
            None => (None, Vec::new()),
        };
        // (An offer lasts while the game does: an accepted one ended it.)
        let offer = self.offer.as_ref().filter(|_| self.is_on());
        let answers = offer.map(|o| {
            let listed = |players: Vec<Player>| players.into_iter().map(Player::index).collect::<Vec<_>>();
            json!({ "accepted": listed(self.accepted(o)), "waiting": listed(self.to_answer(o)) })
        });
        // What the record writes that the moves and the view's other fields
        // do not say: its tags, and after each move a review said something
        // of, its notes with the review's.
        let Written { tags, notes } = self.written();
        let moves: Vec<Value> = self
            .shown_moves
            .iter()
            .zip(&notes)
            .map(|(shown, (notes, by_review))| {
                let mut shown = shown.clone();
                if *by_review {
                    shown["record_notes"] = notes_value(notes);
                }
                shown
            })
            .collect();
        json!({
            "id": self.id.to_string(),
            "variant": {
                "name": self.game.name(),
                "title": self.game.variant_title(),
                "file": self.uploaded.as_ref().map(|(file, _)| file),
            },
            "review": self.review_view(),
            "layout": self.layout,
            "seats": self.seating.seats.iter().map(|s| s.name()).collect::<Vec<_>>(),
            "engine_ms": self.seating.engine_ms,
            "engine_level": self.seating.engine_level.number(),
            "player_names": self.player_names(),
            "intro": self.intro,
            "tags": tags.iter().map(|(k, v)| json!([k, v])).collect::<Vec<_>>(),
            "moves": moves,
            "plies": self.history.moves().len(),
            "positions": self.view_positions(),
            "to_move": self.mover().map(Player::index),
            "status": self.status(),
            "obligation": obliged,
            "must_move": must_move,
            "example": self.is_on().then(|| quick::example(&self.game, pos)).flatten(),
            "result": self.result(),
            "clock": self.clocks.as_ref().map(|c| crate::setup::clock_spec(c.control())),
            "clocks": self.clocks().map(|c| c["clocks"].clone()),
            "clock_waits": self.clock_waits(),
            "thinking": self.thinking.is_some(),
            "draw_offer": offer.map(|o| o.by.index()),
            "draw_answers": answers,
            "can_undo": self.can_undo(),
            "notice": self.notice,
            "version": self.version,
        })
    }

    fn clocks(&self) -> Option<Value> {
        let clocks = self.clocks.as_ref()?;
        let mover = self.mover();
        let list: Vec<Value> = (0..self.game.players().len() as u8)
            .map(Player)
            .map(|p| {
                let running = mover == Some(p) && self.turn_started.is_some();
                json!({ "ms": self.time_left(clocks, p).as_millis() as u64, "running": running })
            })
            .collect();
        Some(json!({ "clocks": list, "version": self.version }))
    }

    fn clock_running(&self) -> bool {
        self.clocks.is_some() && self.is_on() && self.turn_started.is_some()
    }

    fn is_over(&self) -> bool {
        !self.is_on()
    }

    fn legs(&self, from: &str, path: &[String]) -> ApiResult<Value> {
        let from = self.cell(from)?;
        let path = path.iter().map(|c| self.cell(c)).collect::<ApiResult<Vec<Cell>>>()?;
        let board = self.game.board();
        let pos = self.history.current();
        if let Some(p) = self.mover() {
            if self.seating.seats[p.index()] == Seat::Engine {
                return Ok(
                    json!({ "next": [], "complete": null, "refusal": format!("it is {}'s turn: the computer plays it", self.name(p)) }),
                );
            }
        }
        // (Over by the rules too: a castle entered, a repetition, the move limit.)
        if let Some(t) = self.termination() {
            return Ok(
                json!({ "next": [], "complete": null, "refusal": format!("the game is over: {}", t.describe(&self.game, self.history.current())) }),
            );
        }
        if self.full() {
            return Ok(json!({ "next": [], "complete": null, "refusal": Self::full_text() }));
        }
        Ok(match progress(&self.game, pos, from, &path) {
            Ok(p) => json!({
                "next": p.next.iter().map(|n| json!({
                    "to": board.name(n.to), "kind": leg_kind(n.kind), "ends": n.ends, "goes_on": n.goes_on,
                })).collect::<Vec<_>>(),
                "complete": p.complete.map(|m| format_move(board, &m)),
                "refusal": null,
            }),
            Err(refusal) => json!({ "next": [], "complete": null, "refusal": refusal.to_string() }),
        })
    }

    fn play(&mut self, request: &MoveRequest) -> ApiResult<()> {
        let Some(mover) = self.mover() else {
            return Err(ApiError::Conflict(format!(
                "the game is over: {}",
                self.termination().map(|t| t.describe(&self.game, self.history.current())).unwrap_or_default()
            )));
        };
        if self.seating.seats[mover.index()] == Seat::Engine {
            return Err(ApiError::Conflict(format!("it is {}'s turn: the computer plays it", self.name(mover))));
        }
        if self.full() {
            return Err(ApiError::Conflict(Self::full_text()));
        }
        let pos = *self.history.current();
        // (A move of this position shows how moves are written in this game.)
        let such_as = || quick::example(&self.game, &pos).map_or(String::new(), |m| format!(", such as `{m}`"));
        if request.text.as_deref().is_some_and(|t| t.trim().is_empty()) {
            return Err(ApiError::BadRequest(format!("the move is empty: write it as text{}", such_as())));
        }
        let entered = match (&request.text, &request.from) {
            (Some(text), None) => {
                // (Typed: a dash pasted from elsewhere reads as `-`, and a
                // move number and annotation glyphs (`3.F7-F8!`) are read
                // as a record's, as at the terminal. The error quotes the
                // text shortened: a long one is not sent back whole.)
                let text = Reading::of(text).text;
                let ply = match parse_movetext(&text) {
                    Ok(plies) if plies.len() == 1 => plies.into_iter().next().expect("one move"),
                    Ok(_) => {
                        // (A move typed with spaces in it, `11 - 15`: said as the terminal says it.)
                        let joined: String = text.split_whitespace().collect();
                        let one = parse_movetext(&joined).ok().filter(|plies| plies.len() == 1);
                        if let Some(ply) = one.and_then(|mut plies| plies.pop()) {
                            if let Ok(read) = read_move(&self.game, &pos, &ply.text) {
                                let written = format_move(self.game.board(), &read.path);
                                return Err(ApiError::Invalid(format!(
                                    "a move is written without spaces: `{written}`"
                                )));
                            }
                        }
                        return Err(ApiError::Invalid(format!("expected one move{}", such_as())));
                    }
                    Err(e) => return Err(ApiError::Invalid(e.message)),
                };
                self.history.check_number(&self.game, &ply).map_err(|e| ApiError::Invalid(e.error.to_string()))?;
                let read = read_move(&self.game, &pos, &ply.text).map_err(|e| ApiError::Invalid(e.to_string()))?;
                read.path
            }
            (None, Some(from)) => {
                let from = self.cell(from)?;
                let path = request.path.iter().map(|c| self.cell(c)).collect::<ApiResult<Vec<Cell>>>()?;
                match progress(&self.game, &pos, from, &path) {
                    Ok(p) if p.complete.is_some() => p.complete.expect("checked"),
                    _ => return Err(ApiError::Invalid(why_not_end(&self.game, &pos, from, &path).to_string())),
                }
            }
            _ => return Err(ApiError::BadRequest("expected a move as `text`, or as `from` and `path`".into())),
        };
        self.commit(entered, None);
        Ok(())
    }

    fn undo(&mut self) -> ApiResult<()> {
        if let Some(t @ Termination::Time { .. }) = self.ended {
            return Err(ApiError::Conflict(format!(
                "the game is over: {}; a takeback cannot give the time back",
                t.describe(&self.game, self.history.current())
            )));
        }
        // A resignation or an agreed draw given by mistake is taken back
        // alone: the moves before it stay.
        let word = self.ended_by_agreement();
        if !word && self.history.moves().is_empty() {
            return Err(ApiError::Conflict("there is no move to take back".into()));
        }
        let humans = self.seating.seats.contains(&Seat::Human);
        // (The time the player to move has thought is spent: a takeback
        // gives no time.)
        self.stop_clock();
        if !word {
            loop {
                self.history.undo();
                let back = self.history.current().to_move();
                if let Some(c) = &mut self.clocks {
                    c.take_back(back);
                }
                // Back to a person's turn, when a person plays.
                if !humans || self.seating.seats[back.index()] == Seat::Human || self.history.moves().is_empty() {
                    break;
                }
            }
        }
        self.refresh();
        self.recorded.truncate(self.history.moves().len());
        self.scores.truncate(self.history.moves().len());
        self.ended = None;
        self.offer = None;
        self.notice = None;
        self.changed();
        Ok(())
    }

    fn resign(&mut self, player: Option<Number>) -> ApiResult<()> {
        let loser = self.person(player)?;
        self.stop_clock();
        self.ended = Some(Termination::Resignation { loser });
        self.changed();
        Ok(())
    }

    fn draw(&mut self, player: Option<Number>, decline: bool) -> ApiResult<()> {
        let p = self.person(player)?;
        if decline {
            let Some(offer) = self.offer.take() else {
                return Err(ApiError::Conflict(format!(
                    "no draw is offered: there is nothing for {} to decline",
                    self.name(p)
                )));
            };
            self.notice = Some(if offer.by == p {
                format!("{} withdraws the offer of a draw", self.name(p))
            } else {
                format!("{} declines the draw", self.name(p))
            });
            self.version += 1;
            return Ok(());
        }
        // An offer, or an acceptance of the offer standing.
        let n = self.game.players().len();
        let mut offer = self.offer.take().unwrap_or(DrawOffer { by: p, agreed: vec![false; n] });
        offer.agreed[p.index()] = true;
        // The computer answers at once: it agrees when its last score is
        // about level or worse.
        let mut declined = Vec::new();
        for q in self.to_answer(&offer) {
            if self.seating.seats[q.index()] == Seat::Engine {
                if leap_engine::score::accepts_draw(self.last_score(q), n) {
                    offer.agreed[q.index()] = true;
                } else {
                    declined.push(format!("{} (computer)", self.name(q)));
                }
            }
        }
        if self.to_answer(&offer).is_empty() {
            self.stop_clock();
            self.ended = Some(Termination::Agreement);
            self.notice = None;
            self.changed();
            return Ok(());
        }
        if !declined.is_empty() {
            // A declined offer is withdrawn: no one can take it up later.
            let verb = if declined.len() == 1 { "declines" } else { "decline" };
            self.notice = Some(format!("{} {verb} the draw", declined.join(" and ")));
        } else {
            self.notice = Some(self.offer_notice(&offer));
            self.offer = Some(offer);
        }
        // (The game goes on as it was: the computer, if it is thinking,
        // thinks on, and its move is played when found.)
        self.version += 1;
        Ok(())
    }

    fn set_seats(
        &mut self,
        seats: Option<Vec<Seat>>,
        engine_ms: Option<u64>,
        engine_level: Option<Level>,
    ) -> ApiResult<()> {
        let seats = seats.unwrap_or_else(|| self.seating.seats.clone());
        check_seats(&seats, self.game.players().len())?;
        self.seating.seats = seats;
        self.seating.engine_ms = engine_ms.unwrap_or(self.seating.engine_ms);
        self.seating.engine_level = engine_level.unwrap_or(self.seating.engine_level);
        self.changed();
        Ok(())
    }

    fn positions(&self, from: Number, to: Option<Number>) -> ApiResult<Value> {
        let plies = self.history.moves().len();
        let from = from.within(0..=plies as u64, |n| format!("there is no ply {n}: the game has {plies}"))? as usize;
        let last = (from + MAX_POSITIONS - 1).min(plies);
        let to = match to {
            None => last,
            Some(n) => n.within(from as u64..=last as u64, |n| {
                format!(
                    "`to` must be from {from} to {last} (the game has {plies} plies; at most {MAX_POSITIONS} \
                     positions at a time), not {n}"
                )
            })? as usize,
        };
        Ok(json!({ "plies": plies, "positions": (from..=to).map(|ply| self.position(ply)).collect::<Vec<_>>() }))
    }

    fn record(&self) -> String {
        // After each move its time ([`Session::times`]: nothing saved is
        // lost), then what the record it was loaded from said of it, and
        // what a review said of it.
        let Written { tags, notes } = self.written();
        let times = self.times();
        let notes: Vec<Annotation> = notes
            .into_iter()
            .enumerate()
            .map(|(ply, (notes, _))| notes.with_clock(times.get(ply).copied().flatten()))
            .collect();
        match self.termination() {
            Some(t) => t.record(&self.game, &self.history, &tags, &self.intro, &notes),
            None => self.history.write_record(
                &self.game,
                &tags,
                &self.history.result_token(&self.game),
                &self.intro,
                &notes,
            ),
        }
    }

    fn uploaded_variant(&self) -> Option<(String, String)> {
        self.uploaded.clone()
    }

    fn recorded_time_control(&self) -> Option<TimeControl> {
        time_control_of(&self.tags)
    }

    fn set_variant_file_tag(&mut self, file: &str) {
        self.tags.retain(|(k, _)| k != leap_games::FILE_TAG);
        self.tags.push((leap_games::FILE_TAG.to_string(), file.to_string()));
    }

    fn variant_name(&self) -> String {
        self.game.name().to_string()
    }

    fn tick(&mut self) -> bool {
        let (Some(clocks), Some(mover), Some(_)) = (&self.clocks, self.mover(), self.turn_started) else {
            return false;
        };
        if self.time_left(clocks, mover).is_zero() {
            if let Some(c) = &mut self.clocks {
                c.run_out(mover);
            }
            self.ended = Some(Termination::Time { loser: mover });
            self.changed();
            return true;
        }
        false
    }

    fn unattended(&self) -> bool {
        self.clocks.is_none() && self.seating.seats.iter().all(|s| *s == Seat::Engine)
    }

    fn engine_job(&mut self) -> Option<EngineJob> {
        let mover = self.mover()?;
        if self.closed || self.seating.seats[mover.index()] != Seat::Engine || self.thinking.is_some() || self.full() {
            return None;
        }
        let stop = Stop::new();
        self.thinking = Some(stop.clone());
        let limits = Limits {
            movetime: Some(Duration::from_millis(self.seating.engine_ms)),
            clock: self.clocks.as_ref().map(|c| {
                let mut clock = c.engine_clock(mover);
                clock.time_left = self.time_left(c, mover);
                clock
            }),
            ..Limits::default()
        };
        let positions = self.history.positions().to_vec();
        let engine = self.engine();
        let search = self.search;
        let level = self.seating.engine_level;
        Some(Box::new(move || {
            let mut engine = engine.lock().unwrap_or_else(|e| e.into_inner());
            engine.set_level(level);
            let r = engine.search(&positions, &limits, &stop, |_| {});
            EngineMove { search, key: r.best, score: r.score }
        }))
    }

    fn engine_moved(&mut self, found: EngineMove) -> bool {
        if found.search != self.search || self.thinking.is_none() {
            return false;
        }
        self.thinking = None;
        let Some(mover) = self.mover() else {
            return false;
        };
        let pos = *self.history.current();
        // (A key that is no legal move has no path.)
        match found.key.and_then(|key| self.game.canonical(&pos, &key)) {
            Some(path) => self.commit(path, Some(found.score)),
            None => {
                self.ended = Some(Termination::Forfeit { loser: mover });
                self.changed();
            }
        }
        true
    }

    fn analysis_job(&mut self, ply: Option<Number>, lines: Option<Number>) -> ApiResult<(AnalysisJob, Stop)> {
        let lines = match lines {
            None => 1,
            Some(n) => n.within(1..=MAX_ANALYSIS_LINES as u64, |n| {
                format!("lines must be from 1 to {MAX_ANALYSIS_LINES}, not {n}")
            })? as usize,
        };
        let plies = self.history.moves().len();
        let ply = match ply {
            None => plies,
            Some(n) => n.within(0..=plies as u64, |n| format!("there is no ply {n}: the game has {plies}"))? as usize,
        };
        self.stop_analysis();
        let positions = self.history.positions()[..=ply].to_vec();
        let stop = Stop::new();
        self.analysis = Some(stop.clone());
        self.review = false;
        let handle = stop.clone();
        let game = self.game.clone();
        let analyst = self.analyst.get_or_insert_with(|| Arc::new(Mutex::new(new_engine(&game)))).clone();
        let names: Vec<String> = game.players().iter().map(|p| p.name.clone()).collect();
        let job: AnalysisJob = Box::new(move |send| {
            let root = *positions.last().expect("the start at least");
            let side = names[root.to_move().index()].clone();
            let event = |line: usize, depth: u32, score: Score, nodes: u64, pv: &[MoveKey], done: bool| {
                json!({
                    "ply": ply, "line": line, "depth": depth, "score": leap_engine::score::describe(score),
                    "for": side, "nodes": nodes, "pv": format_line(&game, &root, pv), "done": done,
                })
            };
            let mut engine = analyst.lock().unwrap_or_else(|e| e.into_inner());
            if game.outcome(&root).is_some() {
                send(json!({
                    "ply": ply, "line": 1, "depth": 0, "score": "game over", "for": side, "nodes": 0, "pv": [],
                    "done": true,
                }));
            } else {
                let limits = Limits { movetime: Some(ANALYSIS_LIMIT), ..Limits::default() };
                engine.set_multi_pv(lines);
                let r = engine.search(&positions, &limits, &stop, |r| {
                    send(event(r.line, r.depth, r.score, r.nodes, r.pv, false))
                });
                // (The end: the best line, as the search settled it.)
                send(event(1, r.depth, r.score, r.nodes, &r.pv, true));
            }
            // (Over: `analysing` says so from now on.)
            stop.stop();
        });
        Ok((job, handle))
    }

    fn review_job(&mut self, movetime: Option<Number>) -> ApiResult<(AnalysisJob, Stop)> {
        let ms = match movetime {
            None => REVIEW_MS,
            Some(n) => n.within(REVIEW_MS_RANGE, |n| {
                format!(
                    "movetime must be from {} to {} milliseconds, not {n}",
                    REVIEW_MS_RANGE.start(),
                    REVIEW_MS_RANGE.end()
                )
            })?,
        };
        if self.history.moves().is_empty() {
            return Err(ApiError::BadRequest("there is no move to review: the game has none yet".into()));
        }
        self.stop_analysis();
        let stop = Stop::new();
        self.analysis = Some(stop.clone());
        self.review = true;
        let game = self.game.clone();
        let analyst = self.analyst.get_or_insert_with(|| Arc::new(Mutex::new(new_engine(&game)))).clone();
        let reviewed = Arc::clone(&self.reviewed);
        let job = review_job(game, self.history.clone(), analyst, reviewed, stop.clone(), Duration::from_millis(ms));
        Ok((job, stop))
    }

    fn reviewing(&self) -> bool {
        self.review && self.analysing()
    }

    fn stop_analysis(&mut self) {
        if let Some(stop) = self.analysis.take() {
            stop.stop();
        }
    }

    fn end_analysis(&mut self) {
        self.stop_analysis();
        self.analyst = None;
    }

    fn analysing(&self) -> bool {
        self.analysis.as_ref().is_some_and(|stop| !stop.is_stopped())
    }

    fn close(&mut self) {
        self.closed = true;
        if let Some(stop) = self.thinking.take() {
            stop.stop();
        }
        self.end_analysis();
        self.engine = None;
    }

    fn rest(&mut self) {
        if self.thinking.is_none() {
            self.engine = None;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use leap_core::Game;

    /// A game of computers alone, one move a few milliseconds.
    fn computers() -> Session<leap_camelot::Camelot> {
        let Ok(leap_games::Variant::Camelot(game)) = leap_games::load("camelot") else {
            panic!("camelot is built in");
        };
        let seating = Seating { seats: vec![Seat::Engine; 2], engine_ms: 10, engine_level: Level::MAX, clock: None };
        Session::new(1, game.clone(), History::new(game.start()), seating, Vec::new(), None, &[]).expect("seated")
    }

    #[test]
    fn a_resting_game_lets_go_of_its_engine_and_plays_on_with_a_new_one() {
        let mut session = computers();
        for _ in 0..2 {
            let job = session.engine_job().expect("the computer's turn");
            // (While it thinks, the engine stays: its search holds it.)
            session.rest();
            assert!(session.engine.is_some());
            assert!(session.engine_moved(job()));
            assert!(session.engine.is_some(), "kept between moves");
            session.rest();
            assert!(session.engine.is_none(), "given back at rest");
        }
        assert_eq!(session.history.moves().len(), 2, "each engine made its move");
    }
}
