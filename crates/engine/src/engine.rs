//! The engine: one game, one evaluation, a transposition table and the
//! search threads, behind the API every part of the program uses.

use crate::level::{Candidates, Level};
use crate::limits::{Limits, Stop, TimeManager};
use crate::options::{Multi, Options, MAX_CONTEMPT, MAX_HASH_MIB, MAX_MULTI_PV, MAX_THREADS};
use crate::ordering::Ordering;
use crate::score::{win_in, Score};
use crate::search::{RootMove, Shared};
use crate::threads;
use crate::tt::Table;
use leap_core::search::{Evaluator, Material};
use leap_core::{Game, GameResult, KeyList, MoveKey, Position, SplitMix64, MAX_KINDS};
use leap_solve::{Table as Solution, Value};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering as Atomic};
use std::sync::Arc;
use std::time::Duration;

/// What the search found at one completed depth (see [`Engine::search`]),
/// for one of its best lines.
#[derive(Clone, Debug)]
pub struct Report<'a> {
    /// Which of the depth's best lines this is: 1 for the best move's,
    /// then 2, 3, ... up to [`Options::multi_pv`], in order, each depth's
    /// lines together.
    pub line: usize,
    /// The depth completed, in plies.
    pub depth: u32,
    /// The deepest ply reached (quiescence included).
    pub seldepth: u32,
    /// The score for the player to move (see [`crate::score`]).
    pub score: Score,
    /// Positions searched so far, by every thread.
    pub nodes: u64,
    /// Time since the search started.
    pub time: Duration,
    /// The principal variation: the best line found, from the searched position.
    pub pv: &'a [MoveKey],
    /// How full the transposition table is, in thousandths.
    pub hashfull: u32,
}

impl Report<'_> {
    /// Nodes per second.
    pub fn nps(&self) -> u64 {
        (self.nodes as f64 / self.time.as_secs_f64().max(1e-6)) as u64
    }
}

/// What a search returns.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SearchResult {
    /// The move to play; `None` when the game is over.
    pub best: Option<MoveKey>,
    /// Its score for the player to move.
    pub score: Score,
    /// The deepest iteration completed (0 if none was).
    pub depth: u32,
    /// Positions searched, by every thread.
    pub nodes: u64,
    /// Time taken.
    pub time: Duration,
    /// The principal variation, starting with the best move.
    pub pv: Vec<MoveKey>,
}

/// A searching player for the game `G` with the evaluation `E`.
///
/// ```
/// use leap_engine::{Engine, Limits, Options, Stop};
/// let game = leap_checkers::load("checkers").unwrap();
/// let eval = leap_checkers::CheckersEval::new(&game);
/// let mut engine = Engine::new(game, eval, Options::default());
/// let start = leap_core::Game::start(engine.game());
/// let result = engine.search(&[start], &Limits::depth(6), &Stop::new(), |_| {});
/// assert!(result.best.is_some());
/// assert_eq!(result.depth, 6);
/// ```
pub struct Engine<G, E> {
    game: G,
    eval: E,
    options: Options,
    table: Table,
    /// What the main thread learnt of moves, kept from search to search.
    ordering: Ordering,
    /// Each root player's salt for table keys (see [`Shared::salt`]).
    salts: Vec<u64>,
    /// The game's solved table, when it has one (see [`Engine::set_solution`]).
    solution: Option<Arc<Solution>>,
    /// The seed of a level's chance (see [`Engine::set_seed`]).
    seed: u64,
}

impl<G: Game, E: Evaluator<G>> Engine<G, E> {
    /// An engine for `game` with `eval`.
    pub fn new(game: G, eval: E, options: Options) -> Self {
        let options = Options {
            threads: options.threads.clamp(1, MAX_THREADS),
            hash_mib: options.hash_mib.clamp(1, MAX_HASH_MIB),
            contempt: options.contempt.clamp(-MAX_CONTEMPT, MAX_CONTEMPT),
            multi_pv: options.multi_pv.clamp(1, MAX_MULTI_PV),
            ..options
        };
        let values = piece_values(&game);
        let mut rng = SplitMix64::new(0x5A17);
        let salts =
            (0..game.players().len()).map(|_| if game.players().len() > 2 { rng.next_u64() } else { 0 }).collect();
        Engine {
            table: Table::new(options.hash_mib),
            ordering: Ordering::new(values),
            game,
            eval,
            options,
            salts,
            solution: None,
            seed: 0,
        }
    }

    /// Plays from a solved table ([`leap_solve`]) wherever it holds the
    /// position searched: a won position by the shortest win, a lost one
    /// by the longest loss (both without searching), and a drawn one by the
    /// search's choice among the drawing moves only, its score a draw.
    /// `None` goes back to searching alone. (Below full strength,
    /// [`Options::level`], the engine searches as the level does and
    /// leaves the table aside: a beginner's level does not play perfectly.)
    pub fn set_solution(&mut self, solution: Option<Arc<Solution>>) {
        self.solution = solution;
    }

    /// Uses the game's solved table from the tables folder, when there is
    /// one ([`leap_solve::installed`]): `Ok` with the table's file when one
    /// is now in use, `Ok(None)` when there is none, and `Err` with the
    /// reason, in words, when a file there cannot be used (it is then left
    /// aside and the engine searches alone).
    pub fn use_installed_solution(&mut self) -> Result<Option<std::path::PathBuf>, String> {
        match leap_solve::installed(&self.game) {
            Ok(Some(table)) => {
                self.solution = Some(Arc::new(table));
                Ok(Some(leap_solve::table_path(self.game.name(), None)))
            }
            Ok(None) => Ok(None),
            Err(e) => Err(format!("the solved table is not used: {e}")),
        }
    }

    /// The game.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The evaluation.
    pub fn eval(&self) -> &E {
        &self.eval
    }

    /// The settings in use.
    pub fn options(&self) -> Options {
        self.options
    }

    /// Changes the number of threads (1 to [`MAX_THREADS`]).
    pub fn set_threads(&mut self, threads: usize) {
        self.options.threads = threads.clamp(1, MAX_THREADS);
    }

    /// Changes the table's size (1 to [`MAX_HASH_MIB`] MiB); the table is emptied.
    pub fn set_hash(&mut self, mib: usize) {
        self.options.hash_mib = mib.clamp(1, MAX_HASH_MIB);
        self.table = Table::new(self.options.hash_mib);
    }

    /// Changes the time a search on a clock leaves on it (at most
    /// [`crate::MAX_MOVE_OVERHEAD_MS`]; see [`Options::move_overhead`]).
    pub fn set_move_overhead(&mut self, overhead: Duration) {
        self.options.move_overhead = overhead.min(Duration::from_millis(crate::MAX_MOVE_OVERHEAD_MS));
    }

    /// Changes how many best lines a search reports (1 to [`MAX_MULTI_PV`];
    /// see [`Options::multi_pv`]).
    pub fn set_multi_pv(&mut self, lines: usize) {
        self.options.multi_pv = lines.clamp(1, MAX_MULTI_PV);
    }

    /// Changes the search of games with three or more players.
    pub fn set_multi(&mut self, multi: Multi) {
        self.options.multi = multi;
    }

    /// Changes the contempt (clamped to ±[`MAX_CONTEMPT`]; see
    /// [`Options::contempt`]). The table is emptied: what it holds was
    /// valued with the old contempt.
    pub fn set_contempt(&mut self, contempt: Score) {
        let contempt = contempt.clamp(-MAX_CONTEMPT, MAX_CONTEMPT);
        if contempt != self.options.contempt {
            self.options.contempt = contempt;
            self.table.clear();
        }
    }

    /// Changes the playing strength (see [`Options::level`]).
    pub fn set_level(&mut self, level: Level) {
        self.options.level = level;
    }

    /// Seeds the chance of a level below full strength: its choice in a
    /// position depends on the seed and the position only, so that the
    /// same seed replays the same game and another seed varies it (0 by
    /// default; the web app and `play` seed each game from the clock).
    pub fn set_seed(&mut self, seed: u64) {
        self.seed = seed;
    }

    /// Forgets what earlier searches found, for a new game.
    pub fn new_game(&mut self) {
        self.table.clear();
        self.ordering = Ordering::new(piece_values(&self.game));
    }

    /// Searches the last of `positions`, the game so far (the earlier ones
    /// count for repetitions; a single position: a game that starts there),
    /// within `limits` or until `stop`. Each completed depth goes to
    /// `report`, line by line ([`Options::multi_pv`]; a solved position
    /// gives its one line). Returns the best move found, from the last
    /// completed depth (or, when stopped before the first, the first move
    /// the search would try). Below full strength ([`Options::level`]) the
    /// search keeps within the level's depth and time, looks at as many
    /// lines as the level does (reporting only those asked for), and
    /// returns the line the level chooses.
    pub fn search(
        &mut self,
        positions: &[Position],
        limits: &Limits,
        stop: &Stop,
        report: impl FnMut(&Report),
    ) -> SearchResult {
        self.search_in(positions, None, limits, stop, report)
    }

    /// [`Engine::search`] with the root's moves kept to those of `moves`
    /// (UCI's `go searchmoves`): the score of a move of one's choice,
    /// searched as deeply as the best would be, as `camelot review` weighs
    /// a game's moves. Moves of `moves` that are not legal are left out;
    /// when none is legal, the result has no move (`best` is `None`). The
    /// solved table, if any, is not consulted.
    ///
    /// ```
    /// use leap_engine::{Engine, Limits, Options, Stop};
    /// use leap_core::{Game, notation::read_move};
    /// let game = leap_camelot::load("camelot").unwrap();
    /// let start = game.start();
    /// let wanted = read_move(&game, &start, "C6-C7").unwrap().key;
    /// let eval = leap_camelot::CamelotEval::new(&game);
    /// let mut engine = Engine::new(game, eval, Options::default());
    /// let r = engine.search_moves(&[start], &[wanted], &Limits::depth(3), &Stop::new(), |_| {});
    /// assert_eq!(r.best, Some(wanted));
    /// ```
    pub fn search_moves(
        &mut self,
        positions: &[Position],
        moves: &[MoveKey],
        limits: &Limits,
        stop: &Stop,
        report: impl FnMut(&Report),
    ) -> SearchResult {
        self.search_in(positions, Some(moves), limits, stop, report)
    }

    /// [`Engine::search`], among `only` of the root's moves where given.
    fn search_in(
        &mut self,
        positions: &[Position],
        only: Option<&[MoveKey]>,
        limits: &Limits,
        stop: &Stop,
        mut report: impl FnMut(&Report),
    ) -> SearchResult {
        let level = self.options.level;
        let limits = &level.limit(limits);
        let time = TimeManager::new(limits, self.options.move_overhead);
        let over = |score| SearchResult { best: None, score, depth: 0, nodes: 0, time: time.elapsed(), pv: Vec::new() };
        let Some((&root, before)) = positions.split_last() else {
            return over(0);
        };
        let game = &self.game;
        // (A game over by its rules, or drawn by repetition: no move.)
        if let Some(o) = leap_core::line_outcome(game, positions) {
            return over(match o.result {
                GameResult::Draw => 0,
                GameResult::Win(p) if p == root.to_move() => win_in(0),
                GameResult::Win(_) => -win_in(0),
            });
        }
        let mut list = KeyList::new();
        game.legal_moves_into(&root, &mut list);
        let forced = list.keys.len() == 1;
        if let Some(only) = only {
            list.keys.retain(|k| only.contains(k));
            if list.keys.is_empty() {
                return SearchResult { best: None, ..over(0) };
            }
        }
        let solved =
            if level.is_full() && only.is_none() { self.solved(&root, &mut list.keys) } else { Solved::Unknown };
        let drawn = match solved {
            Solved::Unknown => false,
            Solved::Drawn => true,
            Solved::Decided { best, score, plies, pv } => {
                let time = time.elapsed();
                report(&Report { line: 1, depth: plies, seldepth: plies, score, nodes: 0, time, pv: &pv, hashfull: 0 });
                return SearchResult { best: Some(best), score, depth: plies, nodes: 0, time, pv };
            }
        };
        // (A draw by the table: the search's scores say only which drawing move it prefers.)
        let mut report = |r: &Report| {
            if drawn {
                report(&Report { score: 0, ..r.clone() })
            } else {
                report(r)
            }
        };
        self.table.new_search();
        self.ordering.new_search();
        // The root moves: a move that wins at once first (a search stopped
        // before its first iteration ends plays the first), then captures,
        // by the material they take.
        let mut root_moves: Vec<RootMove> =
            list.keys.iter().map(|&key| RootMove { key, score: 0, pv: vec![key] }).collect();
        let values = piece_values(game);
        let probe = Ordering::new(values);
        let wins = |key: &MoveKey| {
            game.decided(&game.play_unchecked(&root, key)).is_some_and(|o| o.result == GameResult::Win(root.to_move()))
        };
        // (Each key once: a win is found by playing the move.)
        root_moves.sort_by_cached_key(|rm| {
            (std::cmp::Reverse(wins(&rm.key)), std::cmp::Reverse(probe.score(&root, &rm.key, 0)))
        });
        let shared = Shared {
            game,
            eval: &self.eval,
            table: &self.table,
            stop,
            limits: *limits,
            time,
            done: AtomicBool::new(false),
            searched: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
            root,
            before: before.iter().map(Position::hash).collect(),
            salt: self.salts[root.to_move().index()],
            features: self.options.features,
            multi: if game.players().len() > 2 { self.options.multi } else { Multi::Paranoid },
            contempt: self.options.contempt,
            lines: self.options.multi_pv.max(level.handicap().map_or(1, |h| h.lines)),
            forced,
        };
        // (The fresh ordering that ranked the root moves stands in for the
        // engine's while the main thread has it: a panic leaves a usable one.)
        let ordering = std::mem::replace(&mut self.ordering, probe);
        let table = &self.table;
        // (A level's candidate lines beyond those asked for are its own.)
        let (mut candidates, asked) = (Candidates::default(), self.options.multi_pv);
        // (A best-reply score counts the search's layers; it is reported
        // in the game's plies, as the other searches' scores are.)
        let in_plies = |score: Score, pv: &[MoveKey]| match shared.multi {
            Multi::BestReply => crate::search::best_reply_plies(game, &root, score, pv),
            _ => score,
        };
        let done = threads::search(&shared, self.options.threads, root_moves, ordering, values, |it, nodes| {
            if !level.is_full() {
                candidates.record(it.depth, it.line, it.score, &it.pv);
            }
            if it.line > asked {
                return;
            }
            report(&Report {
                line: it.line,
                depth: it.depth,
                seldepth: it.seldepth,
                score: in_plies(it.score, &it.pv),
                nodes,
                time: shared.time.elapsed(),
                pv: &it.pv,
                hashfull: table.hashfull(),
            })
        });
        self.ordering = done.ordering;
        let nodes = shared.nodes.load(Atomic::Relaxed);
        let time = shared.time.elapsed();
        let mut rng = SplitMix64::new(self.seed ^ root.hash());
        if let (Some((score, pv)), Some(it)) = (candidates.choose(level, &mut rng), &done.last) {
            return SearchResult {
                best: pv.first().copied(),
                score: if drawn { 0 } else { in_plies(score, &pv) },
                depth: it.depth,
                nodes,
                time,
                pv,
            };
        }
        match done.last {
            Some(it) => SearchResult {
                best: it.pv.first().copied(),
                score: if drawn { 0 } else { in_plies(it.score, &it.pv) },
                depth: it.depth,
                nodes,
                time,
                pv: it.pv,
            },
            None => SearchResult { best: Some(done.first), score: 0, depth: 0, nodes, time, pv: vec![done.first] },
        }
    }

    /// What the solved table, if any, says of `root`, whose legal moves are
    /// `moves`: a win or a loss with the move to play and its line, or a
    /// draw, the moves then kept to the drawing ones (the search chooses
    /// among them).
    fn solved(&self, root: &Position, moves: &mut Vec<MoveKey>) -> Solved {
        let game = &self.game;
        let Some((solution, values)) = self
            .solution
            .as_deref()
            .and_then(|s| Some((s, s.moves(game, root).ok().flatten().filter(|m| !m.is_empty())?)))
        else {
            return Solved::Unknown;
        };
        let (best, value) = values[0];
        if value == Value::Draw {
            moves.retain(|k| values.iter().any(|(m, v)| m == k && *v == Value::Draw));
            return Solved::Drawn;
        }
        let plies = value.plies().unwrap_or(0);
        let score = if matches!(value, Value::Win { .. }) { win_in(plies as usize) } else { -win_in(plies as usize) };
        let after = game.play_unchecked(root, &best);
        let mut pv = vec![best];
        pv.extend(solution.line(game, &after, plies.saturating_sub(1) as usize).unwrap_or_default());
        Solved::Decided { best, score, plies, pv }
    }
}

/// What a solved table says of the position searched ([`Engine::search`]).
enum Solved {
    /// No table, or the table does not hold the position.
    Unknown,
    /// A draw: the search chooses among the drawing moves.
    Drawn,
    /// A win or a loss: the move the table gives, its score and line.
    Decided { best: MoveKey, score: Score, plies: u32, pv: Vec<MoveKey> },
}

/// The value of a piece of each kind, for ordering captures: the variant's
/// values (a Man, or a checkers man, is 100).
fn piece_values<G: Game>(game: &G) -> [Score; MAX_KINDS] {
    let material = Material::of_kinds(game.kinds());
    std::array::from_fn(|k| material.value(leap_core::Kind(k as u8)))
}
