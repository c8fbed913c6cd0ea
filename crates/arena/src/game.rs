//! One game between players: an opening, then the players in turn, each
//! with its clock, until the rules end the game (the game's end conditions
//! and repetition, as [`History::outcome`] defines them: one definition for
//! every runner), a flag falls, or the game reaches its length.

use crate::clock::{Clocks, FlagFell, TimeControl};
use crate::player::Player;
use leap_core::notation::{one_point, result_fits, Record};
use leap_core::{EndReason, Game, GameResult, History, MoveKey, Outcome, Position, SplitMix64};
use std::time::{Duration, Instant};

/// How a game opens, before the players choose.
#[derive(Clone, Debug)]
pub enum Opening {
    /// `plies` random legal moves from this seed.
    Random {
        /// How many.
        plies: u32,
        /// The generator's seed.
        seed: u64,
    },
    /// These moves, played from the setup's start position.
    Moves(Vec<MoveKey>),
}

/// What a game is played from and how long it may last.
#[derive(Clone, Debug)]
pub struct GameSetup {
    /// The start position.
    pub start: Position,
    /// The opening.
    pub opening: Opening,
    /// The most plies (opening included); a game that reaches them is unfinished.
    pub max_plies: u32,
    /// The clocks, if the game has them.
    pub time: Option<TimeControl>,
}

/// What a player used in a game.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Usage {
    /// Moves it chose (the opening's are not counted).
    pub moves: u64,
    /// Positions it searched.
    pub nodes: u64,
    /// Time it took.
    pub time: Duration,
}

/// How a game ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Termination {
    /// By the rules: the game's end conditions or repetition.
    Rules(Outcome),
    /// A player's clock ran out: it lost.
    Time {
        /// The player whose flag fell.
        loser: leap_core::Player,
    },
    /// A player gave no move, or an illegal one: it lost.
    Forfeit {
        /// The player.
        loser: leap_core::Player,
    },
    /// A player resigned: it lost.
    Resignation {
        /// The player who resigned.
        loser: leap_core::Player,
    },
    /// The players agreed a draw.
    Agreement,
    /// The game reached its most plies: unfinished (counted as a draw).
    PlyLimit,
    /// A record's game that ended off the board without the record saying
    /// how in this program's words: its result alone (no `Termination`
    /// tag, as archives often write a resignation), or a standard PGN
    /// `Termination` value such as `normal` or `adjudication`. `loser`: the
    /// one player who lost; `None`: a draw.
    Recorded {
        /// The player who lost, or `None` for a draw.
        loser: Option<leap_core::Player>,
    },
}

impl Termination {
    /// Each player's score, in turn order: 1 for a winner and 0 for the
    /// others, or shares. A player who loses by time, forfeit or
    /// resignation scores 0 and the others share its point (with two
    /// players, the other wins); `None` for an unfinished game.
    pub fn scores(&self, players: usize) -> Option<Vec<(u32, u32)>> {
        let share = |n: usize| (1, n as u32);
        match *self {
            Termination::Rules(Outcome { result: GameResult::Win(w), .. }) => {
                Some((0..players).map(|p| if p == w.index() { (1, 1) } else { (0, 1) }).collect())
            }
            Termination::Rules(Outcome { result: GameResult::Draw, .. })
            | Termination::Agreement
            | Termination::Recorded { loser: None } => Some(vec![share(players); players]),
            Termination::Time { loser }
            | Termination::Forfeit { loser }
            | Termination::Resignation { loser }
            | Termination::Recorded { loser: Some(loser) } => {
                Some((0..players).map(|p| if p == loser.index() { (0, 1) } else { share(players - 1) }).collect())
            }
            Termination::PlyLimit => None,
        }
    }

    /// The result token of a record: the scores in the game's
    /// [`result_order`](Game::result_order) joined by `-` (`1-0`,
    /// `1/2-1/2`, `0-1/2-1/2`), or `*` for an unfinished game. For an ending
    /// by the rules it is [`History::result_token`]'s.
    pub fn result_token<G: Game>(&self, game: &G) -> String {
        let Some(scores) = self.scores(game.players().len()) else {
            return "*".into();
        };
        game.result_order().iter().map(|p| points_text(scores[p.index()])).collect::<Vec<_>>().join("-")
    }

    /// How the game ended, in words, `pos` the position it ended in:
    /// `White wins (two pieces in Black's castle)` ([`Outcome::describe`]),
    /// `Black lost on time`, `White resigned`, `drawn by agreement`.
    pub fn describe<G: Game>(&self, game: &G, pos: &leap_core::Position) -> String {
        match self {
            Termination::Rules(outcome) => outcome.describe(game, pos),
            other => other.words(game),
        }
    }

    /// [`Termination::describe`] without the position: the words of an
    /// ending off the board, as a record's `Termination` tag gives them.
    fn words<G: Game>(&self, game: &G) -> String {
        let name = |p: leap_core::Player| game.players()[p.index()].name.clone();
        match *self {
            Termination::Rules(Outcome { result: GameResult::Win(w), reason }) => {
                format!("{} wins ({reason})", name(w))
            }
            Termination::Rules(Outcome { result: GameResult::Draw, reason }) => format!("drawn ({reason})"),
            Termination::Time { loser } => format!("{} lost on time", name(loser)),
            Termination::Forfeit { loser } => format!("{} gave no legal move", name(loser)),
            Termination::Resignation { loser } => format!("{} resigned", name(loser)),
            Termination::Agreement => "drawn by agreement".to_string(),
            Termination::PlyLimit => "unfinished (ply limit)".to_string(),
            Termination::Recorded { loser: Some(loser) } => {
                format!("{} lost, how the record does not say", name(loser))
            }
            Termination::Recorded { loser: None } => "drawn, how the record does not say".to_string(),
        }
    }

    /// The ending a record's `Termination` tag names (as [`Termination::describe`]
    /// writes it: `Black resigned`, `White lost on time`, `drawn by
    /// agreement`), if its `Result` tag agrees with it; `None` for a tag
    /// this does not write, or an ending by the rules (which the moves
    /// show by themselves).
    ///
    /// ```
    /// use leap_arena::Termination;
    /// use leap_core::Player;
    /// let game = leap_camelot::load("camelot").unwrap();
    /// let t = Termination::from_tags(&game, "Black resigned", Some("1-0"));
    /// assert_eq!(t, Some(Termination::Resignation { loser: Player(1) }));
    /// assert_eq!(Termination::from_tags(&game, "Black resigned", Some("0-1")), None);
    /// assert_eq!(Termination::from_tags(&game, "drawn by agreement", None), Some(Termination::Agreement));
    /// ```
    pub fn from_tags<G: Game>(game: &G, termination: &str, result: Option<&str>) -> Option<Termination> {
        let wanted = termination.trim();
        Termination::off_the_board(game).find(|t| {
            t.words(game).eq_ignore_ascii_case(wanted) && result.is_none_or(|r| r.trim() == t.result_token(game))
        })
    }

    /// The ending off the board a record's `result` gives, read with the
    /// PGN standard's `Termination` value `tag` (or none): a loss on time
    /// for `time forfeit`, else [`Termination::Recorded`]; `None` when
    /// the result has more than one loser, or `tag` is `unterminated`.
    fn from_result<G: Game>(game: &G, result: &str, tag: Option<&str>) -> Option<Termination> {
        if tag.is_some_and(|t| t.eq_ignore_ascii_case("unterminated")) {
            return None;
        }
        let players = (0..game.players().len() as u8).map(leap_core::Player);
        let loser = players.map(Some).chain([None]).find(|&loser| {
            let ending = loser.map_or(Termination::Agreement, |loser| Termination::Resignation { loser });
            ending.result_token(game) == result
        })?;
        match (loser, tag) {
            (Some(loser), Some(t)) if t.eq_ignore_ascii_case("time forfeit") => Some(Termination::Time { loser }),
            _ => Some(Termination::Recorded { loser }),
        }
    }

    /// Every ending off the board of `game` that a record's `Termination`
    /// tag may name: each player's flag, forfeit and resignation, then an
    /// agreed draw.
    fn off_the_board<G: Game>(game: &G) -> impl Iterator<Item = Termination> {
        let players = (0..game.players().len() as u8).map(leap_core::Player);
        players
            .flat_map(|loser| {
                [Termination::Time { loser }, Termination::Forfeit { loser }, Termination::Resignation { loser }]
            })
            .chain([Termination::Agreement])
    }

    /// How the game of `record` ended, its moves played as `history`,
    /// checked against what the record says of it: the one rule of
    /// `camelot replay`, `camelot play` and the web app.
    ///
    /// The result ending the movetext and the `Result` tag, when both are
    /// written, must agree, and fit the game's players
    /// ([`result_fits`](leap_core::notation::result_fits)). A game its
    /// moves end has the result of its final position (or `*`: not
    /// written). A game they do not end is unfinished (`*`), or ended off
    /// the board, as its `Termination` tag says ([`Termination::from_tags`]),
    /// with that ending's result; a tag that names no such ending, or one
    /// that gives another result, is refused. A result with no
    /// `Termination` tag, or with one of the PGN standard's values
    /// ([`PGN_TERMINATIONS`]), is taken as written: `time forfeit` is a
    /// loss on time, the others a [`Termination::Recorded`] ending, as
    /// long as the result has one loser or is a draw.
    ///
    /// `Ok(None)`: unfinished. The error says where (the result or tag at
    /// fault) and what is wrong.
    ///
    /// ```
    /// use leap_arena::Termination;
    /// use leap_core::notation::parse_records;
    /// use leap_core::{History, Player};
    /// let game = leap_camelot::load("camelot").unwrap();
    /// let ending = |text: &str| {
    ///     let record = parse_records(text).unwrap().remove(0);
    ///     let mut history = History::new(leap_core::Game::start(&game));
    ///     history.play_all(&game, &record.moves).unwrap();
    ///     Termination::of_record(&game, &history, &record).map_err(|e| e.to_string())
    /// };
    /// assert_eq!(ending("1.E6-E8 *"), Ok(None));
    /// let resigned = ending("[Termination \"Black resigned\"]\n1.E6-E8 1-0");
    /// assert_eq!(resigned, Ok(Some(Termination::Resignation { loser: Player(1) })));
    /// let e = ending("[Termination \"White resigned\"]\n1.E6-E8 1-0").unwrap_err();
    /// assert_eq!(e, "the record gives the result 1-0, but its [Termination] tag says White resigned, which gives 0-1");
    /// // A result alone, as archives write a resignation.
    /// assert_eq!(ending("1.E6-E8 1-0"), Ok(Some(Termination::Recorded { loser: Some(Player(1)) })));
    /// let time = ending("[Termination \"time forfeit\"]\n1.E6-E8 0-1");
    /// assert_eq!(time, Ok(Some(Termination::Time { loser: Player(0) })));
    /// let e = ending("[Termination \"xyz\"]\n1.E6-E8 1/2-1/2").unwrap_err();
    /// assert!(e.ends_with("its [Termination] tag, \"xyz\", names no ending that gives it: expected `drawn by agreement`"));
    /// // A `*` ending the moves, as PDN 3.0 ends every game: the tag's result.
    /// assert_eq!(ending("[Result \"1-0\"]\n1.E6-E8 *"), Ok(Some(Termination::Recorded { loser: Some(Player(1)) })));
    /// let e = ending("[Result \"1-0\"]\n1.E6-E8 0-1").unwrap_err();
    /// assert_eq!(e, "the movetext ends with 0-1, but the [Result] tag says 1-0");
    /// ```
    pub fn of_record<'r, G: Game>(
        game: &G,
        history: &History,
        record: &'r Record,
    ) -> Result<Option<Termination>, EndingError> {
        let fail = |at: Option<(usize, usize)>, why: String| Err(EndingError { at, why });
        // (Draughts' two points, `2-0`, read as one, `1-0`, in a PDN record:
        // one with a GameType tag, or with moves in square numbers.)
        let two = game.players().len() == 2 && (record.tag("GameType").is_some() || record.numbered_moves());
        let read = |token: &'r str| if two { one_point(token.trim()) } else { token.trim() };
        let written = record.result.as_deref().map(read);
        let tagged = record.tag("Result").map(read);
        // (A `*` ending the moves gives way to the tag's result: PDN 3.0
        // ends every game with `*`, the result in its tag.)
        if let (Some(written), Some(tagged)) = (written, tagged) {
            if written != tagged && written != "*" && tagged != "*" {
                return fail(
                    record.result_at,
                    format!("the movetext ends with {written}, but the [Result] tag says {tagged}"),
                );
            }
        }
        let tokens =
            written.map(|r| (r, record.result_at)).into_iter().chain(tagged.map(|r| (r, record.tag_at("Result"))));
        for (token, at) in tokens {
            if let Err(why) = result_fits(token, game.players().len()) {
                return fail(at, why);
            }
        }
        let (result, at) = match (written, tagged) {
            (Some(r), _) if r != "*" => (r, record.result_at),
            (_, Some(r)) => (r, record.tag_at("Result")),
            (w, None) => (w.unwrap_or("*"), record.result_at),
        };
        if let Some(outcome) = history.outcome(game) {
            let computed = history.result_token(game);
            if result != "*" && result != computed {
                let how = outcome.describe(game, history.current());
                return fail(
                    at,
                    format!("the record gives the result {result}, but the final position gives {computed} ({how})"),
                );
            }
            return Ok(Some(Termination::Rules(outcome)));
        }
        let tag = record.tag("Termination").map(str::trim);
        let tag_at = record.tag_at("Termination");
        let standard = tag.is_none_or(|t| PGN_TERMINATIONS.iter().any(|s| s.eq_ignore_ascii_case(t)));
        if result != "*" && standard {
            if let Some(how) = Termination::from_result(game, result, tag) {
                return Ok(Some(how));
            }
        }
        let named = tag.and_then(|t| Termination::from_tags(game, t, None));
        match (tag, named) {
            (_, None) if result == "*" => Ok(None),
            (Some(tag), Some(how)) if result == "*" => fail(
                tag_at,
                format!(
                    "the record gives no result (*), but its [Termination] tag says {tag}, which gives {}",
                    how.result_token(game)
                ),
            ),
            (None, _) => fail(
                at,
                format!(
                    "the record gives the result {result}, but the game is not over after the last move, \
                     and no ending off the board gives that result (one player's loss, or a draw)"
                ),
            ),
            (Some(tag), None) => {
                let fitting: Vec<String> = Termination::off_the_board(game)
                    .filter(|t| t.result_token(game) == result)
                    .map(|t| format!("`{}`", t.words(game)))
                    .collect();
                let expected = match fitting.split_last() {
                    None => "no ending off the board gives it".to_string(),
                    Some((last, [])) => format!("expected {last}"),
                    Some((last, rest)) => format!("expected {} or {last}", rest.join(", ")),
                };
                fail(
                    tag_at,
                    format!(
                        "the record gives the result {result}, but the game is not over after the last move, \
                         and its [Termination] tag, {tag:?}, names no ending that gives it: {expected}"
                    ),
                )
            }
            (Some(tag), Some(how)) if how.result_token(game) != result => fail(
                at,
                format!(
                    "the record gives the result {result}, but its [Termination] tag says {tag}, which gives {}",
                    how.result_token(game)
                ),
            ),
            (Some(_), Some(how)) => Ok(Some(how)),
        }
    }

    /// The game as a record (see [`History::write_record`]), with this
    /// ending's result and, unless the rules ended it (which the record
    /// shows by itself), a `Termination` tag saying how it ended; before
    /// the first move the comments `intro`, and after each move what
    /// `notes` says of it (the time its player had left:
    /// [`leap_core::Annotation::clocks`] of [`Clocks::shown`]).
    pub fn record<G: Game>(
        &self,
        game: &G,
        history: &History,
        tags: &[(String, String)],
        intro: &[String],
        notes: &[leap_core::Annotation],
    ) -> String {
        let mut tags = tags.to_vec();
        // (A recorded ending keeps what its record said, which is in `tags`
        // if anything: a tag of this program's words would not be its.)
        if !matches!(self, Termination::Rules(_) | Termination::Recorded { .. }) {
            tags.push(("Termination".to_string(), self.words(game)));
        }
        history.write_record(game, &tags, &self.result_token(game), intro, notes)
    }
}

/// A player's points (`numerator, denominator`, as [`Termination::scores`]
/// gives them) as a result token writes them: `1`, `0`, `1/2`.
///
/// ```
/// assert_eq!([(1, 1), (0, 2), (1, 2), (2, 3)].map(leap_arena::points_text), ["1", "0", "1/2", "2/3"]);
/// ```
pub fn points_text((n, d): (u32, u32)) -> String {
    match (n, d) {
        (0, _) => "0".to_string(),
        (n, 1) => n.to_string(),
        (n, d) => format!("{n}/{d}"),
    }
}

/// The tags [`Termination::record`] writes itself (with
/// [`History::write_record`]).
pub const WRITTEN_TAGS: [&str; 4] = ["Variant", "Position", "Result", "Termination"];

/// The tags of a loaded record that the game passes to
/// [`Termination::record`] when written again: all but those it writes
/// itself ([`WRITTEN_TAGS`], in any case), so that none is written twice.
/// (A PDN record's `FEN` and `SetUp` stay as written: the start they give
/// is the game's, and other programs read them.)
///
/// ```
/// let tags = [("Event", "final"), ("result", "1-0"), ("FEN", "W:W1:B32")];
/// let tags = tags.map(|(k, v)| (k.to_string(), v.to_string()));
/// let kept: Vec<_> = leap_arena::kept_tags(tags).into_iter().map(|(k, _)| k).collect();
/// assert_eq!(kept, ["Event", "FEN"]);
/// ```
pub fn kept_tags(tags: impl IntoIterator<Item = (String, String)>) -> Vec<(String, String)> {
    tags.into_iter().filter(|(k, _)| !WRITTEN_TAGS.iter().any(|w| w.eq_ignore_ascii_case(k))).collect()
}

/// The values of a `Termination` tag that the PGN standard defines (its
/// section 9.8.1), which records from elsewhere carry: a game with one of
/// them (or with none) ended as its result says.
pub const PGN_TERMINATIONS: [&str; 8] =
    ["abandoned", "adjudication", "death", "emergency", "normal", "rules infraction", "time forfeit", "unterminated"];

/// What a record says of its game's end that its moves and tags do not
/// bear out ([`Termination::of_record`]).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct EndingError {
    /// Where the result or tag at fault is written (1-based line and
    /// column), when the record has it.
    pub at: Option<(usize, usize)>,
    /// What is wrong, and what would be accepted.
    pub why: String,
}

impl std::fmt::Display for EndingError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.why)
    }
}

impl std::error::Error for EndingError {}

/// A game played.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// Every position and move.
    pub history: History,
    /// How it ended.
    pub termination: Termination,
    /// Per player (as given to [`play`]): what it used.
    pub usage: Vec<Usage>,
    /// Moves that captured.
    pub captures: u64,
    /// Pieces captured.
    pub pieces_captured: u64,
    /// The legal moves summed over the positions where a move was made.
    pub branching: u64,
    /// For each move, the time its player had left after it, where the
    /// game had clocks and the move was made on them ([`Clocks::shown`]).
    pub clocks: Vec<Option<Duration>>,
}

impl GameRecord {
    /// The winner, if any.
    pub fn winner(&self, players: usize) -> Option<leap_core::Player> {
        match self.termination {
            Termination::Rules(Outcome { result: GameResult::Win(p), .. }) => Some(p),
            Termination::Time { loser } | Termination::Forfeit { loser } | Termination::Resignation { loser }
                if players == 2 =>
            {
                Some(leap_core::Player(1 - loser.0))
            }
            _ => None,
        }
    }

    /// Why the game ended, by the rules; `None` for a flag, a forfeit, a
    /// resignation, an agreement or the ply limit.
    pub fn reason(&self) -> Option<EndReason> {
        match self.termination {
            Termination::Rules(o) => Some(o.reason),
            _ => None,
        }
    }

    /// The plies played.
    pub fn plies(&self) -> u64 {
        self.history.moves().len() as u64
    }
}

/// A random move of an opening among `moves`, the legal moves of `pos`:
/// one that leaves the game to be played, neither ending it nor letting the
/// next player end it at once (a capture it is then obliged to make that
/// takes the last piece, a castle left open). The draw is the same as
/// before wherever the move drawn is such a move, so that a seed's openings
/// stay what they were; where it is not, another is drawn among those that
/// are, or failing any, among those that do not end the game, if any.
fn random_opening_move<G: Game>(game: &G, pos: &Position, moves: &[MoveKey], rng: &mut SplitMix64) -> MoveKey {
    let over = |p: &Position| game.outcome(p).is_some();
    let ends = |k: &MoveKey| over(&game.play_unchecked(pos, k));
    let opens = |k: &MoveKey| {
        let next = game.play_unchecked(pos, k);
        !over(&next) && !game.legal_moves(&next).iter().any(|r| over(&game.play_unchecked(&next, r)))
    };
    let drawn = moves[rng.below(moves.len())];
    if opens(&drawn) {
        return drawn;
    }
    for keep in [&opens as &dyn Fn(&MoveKey) -> bool, &|k: &MoveKey| !ends(k)] {
        let kept: Vec<MoveKey> = moves.iter().filter(|k| keep(k)).copied().collect();
        if !kept.is_empty() {
            return kept[rng.below(kept.len())];
        }
    }
    drawn
}

/// Plays one game of `game` from `setup` between `players`; `seats[i]` is
/// the index in `players` of the one who plays the game's player with
/// turn-order index `i` (with more seats than players, one plays several).
pub fn play<G: Game, P: Player<G>>(game: &G, players: &mut [P], seats: &[usize], setup: &GameSetup) -> GameRecord {
    let n = game.players().len();
    assert_eq!(seats.len(), n, "a seat for each of the game's players");
    let mut history = History::new(setup.start);
    let mut usage = vec![Usage::default(); players.len()];
    let mut clocks = setup.time.map(|t| Clocks::new(t, n));
    let (mut captures, mut pieces_captured, mut branching) = (0, 0, 0);
    for p in players.iter_mut() {
        p.new_game();
    }
    // The opening: its length, and where its moves come from.
    let (opening_plies, mut random) = match &setup.opening {
        Opening::Random { plies, seed } => (*plies as usize, Some(SplitMix64::new(*seed))),
        Opening::Moves(moves) => (moves.len(), None),
    };
    let termination = loop {
        if let Some(o) = history.outcome(game) {
            break Termination::Rules(o);
        }
        let ply = history.moves().len();
        if ply >= setup.max_plies as usize {
            break Termination::PlyLimit;
        }
        let pos = *history.current();
        let moves = game.legal_moves(&pos);
        branching += moves.len() as u64;
        let mover = pos.to_move();
        // (A given opening move that is not legal here ends the opening.)
        let opened = match (&mut random, &setup.opening) {
            _ if ply >= opening_plies => None,
            (Some(rng), _) => Some(random_opening_move(game, &pos, &moves, rng)),
            (None, Opening::Moves(given)) => Some(given[ply]).filter(|k| moves.contains(k)),
            (None, Opening::Random { .. }) => None,
        };
        let key = if let Some(k) = opened {
            if let Some(c) = &mut clocks {
                c.off_the_clock(mover);
            }
            k
        } else {
            let clock = clocks.as_ref().map(|c| c.engine_clock(mover));
            let who = seats[mover.index()];
            let started = Instant::now();
            let choice = players[who].choose(game, &history, clock);
            let took = started.elapsed();
            let u = &mut usage[who];
            u.moves += 1;
            u.nodes += choice.nodes;
            u.time += took;
            if let Some(Err(FlagFell(loser))) = clocks.as_mut().map(|c| c.charge(mover, took)) {
                break Termination::Time { loser };
            }
            match choice.key.filter(|k| moves.contains(k)) {
                Some(k) => k,
                None => break Termination::Forfeit { loser: mover },
            }
        };
        if key.is_capture() {
            captures += 1;
            pieces_captured += key.captured.len() as u64;
        }
        let path = game.canonical(&pos, &key).expect("a legal move has a path");
        history.push(game, path);
    };
    let clocks = clocks.map(|c| c.shown()).unwrap_or_default();
    GameRecord { history, termination, usage, captures, pieces_captured, branching, clocks }
}
