//! The engine: one game, one evaluation, a transposition table and the
//! search threads, behind the API every part of the program uses.

use crate::limits::{Limits, Stop, TimeManager};
use crate::ordering::Ordering;
use crate::score::{win_in, Score};
use crate::search::{Iteration, Role, RootMove, Searcher, Shared};
use crate::tt::Table;
use leap_core::search::{Evaluator, Material};
use leap_core::{Game, GameResult, KeyList, MoveKey, Position, SplitMix64, MAX_KINDS};
use leap_solve::{Table as Solution, Value};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering as Atomic};
use std::sync::Arc;
use std::time::Duration;

/// The engine's settings.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Options {
    /// Search threads (Lazy SMP: they share the transposition table).
    pub threads: usize,
    /// The transposition table's size in MiB.
    pub hash_mib: usize,
    /// What the search does beyond plain alpha-beta.
    pub features: Features,
    /// The search with more than two players.
    pub multi: Multi,
    /// How much the engine dislikes a draw, in hundredths of a man: a draw
    /// in the search (by the rules, by repetition or by the move limit) is
    /// worth this much less than 0 to the side the engine plays, and this
    /// much more to its opponents (paranoid and best-reply searches; max-n
    /// values every draw at 0). 0 by default.
    pub contempt: Score,
    /// How many best lines the search reports at each depth (1 to
    /// [`MAX_MULTI_PV`]; "MultiPV" in other engines): the best move's, then
    /// the best of the other moves', and so on, each scored exactly. More
    /// than one costs time: every line is a search of its own. 1 by default.
    pub multi_pv: usize,
}

impl Default for Options {
    /// One thread, 64 MiB, every feature, the default search for more
    /// players, no contempt, one line.
    fn default() -> Self {
        Options {
            threads: 1,
            hash_mib: 64,
            features: Features::default(),
            multi: Multi::default(),
            contempt: 0,
            multi_pv: 1,
        }
    }
}

/// How the engine searches a game of three or more players (with two, it
/// always searches negamax).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Multi {
    /// The root player against all the others as one team: alpha-beta stays
    /// exact (the core's minimax and alpha-beta search this way too).
    #[default]
    Paranoid,
    /// Each player maximises its own value (no pruning: shallower).
    MaxN,
    /// The root player against the best single reply of any opponent
    /// (Schadd and Winands' best-reply search).
    BestReply,
}

impl Multi {
    /// Every search, in order.
    pub const ALL: [Multi; 3] = [Multi::Paranoid, Multi::MaxN, Multi::BestReply];

    /// The name in options and reports: `paranoid`, `maxn`, `brs`.
    pub fn name(self) -> &'static str {
        match self {
            Multi::Paranoid => "paranoid",
            Multi::MaxN => "maxn",
            Multi::BestReply => "brs",
        }
    }

    /// The search named `name` (see [`Multi::name`]).
    pub fn from_name(name: &str) -> Option<Multi> {
        Multi::ALL.into_iter().find(|m| m.name().eq_ignore_ascii_case(name))
    }
}

/// What the search does beyond alpha-beta to a fixed depth. Each can be
/// switched off, to measure what it is worth: [`Features::plain`] gives
/// the value of plain alpha-beta at the same depth.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Features {
    /// At the horizon, play out obligatory captures before evaluating
    /// (off: evaluate there).
    pub quiescence: bool,
    /// Search late quiet moves less deep first (late move reductions).
    pub reductions: bool,
    /// Let the side to move pass, and prune where even that holds
    /// (null-move pruning; two-player games only). Off by default: in
    /// Camelot it lost strength (see the README's measurements).
    pub null_move: bool,
    /// Near the horizon, where the side to move is not obliged to capture
    /// and its evaluation beats beta by a margin for every ply left, take
    /// the cut without searching (reverse futility pruning). Off by
    /// default: no gain measured (see the README's measurements).
    pub futility: bool,
    /// Within two plies of the root, reduce a late quiet move that obliges
    /// the opponent to capture like any other late quiet move (off: search
    /// it to full depth; such a move forces the reply, as a check does in
    /// chess, and the combinations that win material start with one).
    pub reduce_forcing: bool,
    /// A position that repeats one of the search's path is a draw.
    pub repetitions: bool,
    /// A table entry of a deeper search stands for a shallower one (off:
    /// only entries of the same depth, and of the same clocks, are used, so
    /// that the table never changes a value).
    pub deeper_entries: bool,
    /// At the horizon, where the side to move need not capture, search
    /// the captures it may make all the same (Camelot's Knight's Charges)
    /// against standing pat on the evaluation (off: evaluate there).
    pub quiet_captures: bool,
    /// In a node one or two plies from the horizon, off the principal
    /// variation and more than two plies from the root, skip the quiet
    /// moves after the first 6 (one ply) or 12 (two), unless they end the
    /// game or oblige the opponent to capture (late move pruning): the move
    /// ordering puts the ones that matter first.
    pub late_move_pruning: bool,
}

impl Default for Features {
    /// Everything measured to gain strength: all but null-move and
    /// futility pruning.
    fn default() -> Self {
        Features {
            quiescence: true,
            reductions: true,
            null_move: false,
            futility: false,
            reduce_forcing: false,
            repetitions: true,
            deeper_entries: true,
            quiet_captures: true,
            late_move_pruning: true,
        }
    }
}

impl Features {
    /// Nothing beyond alpha-beta: the search returns what a plain
    /// alpha-beta search to the same depth returns.
    pub fn plain() -> Features {
        Features {
            quiescence: false,
            reductions: false,
            null_move: false,
            futility: false,
            reduce_forcing: false,
            repetitions: false,
            deeper_entries: false,
            quiet_captures: false,
            late_move_pruning: false,
        }
    }
}

/// The most threads the engine starts.
pub const MAX_THREADS: usize = 256;
/// The largest contempt either way, in hundredths of a man (ten men).
pub const MAX_CONTEMPT: Score = 1000;
/// The largest transposition table, in MiB.
pub const MAX_HASH_MIB: usize = 65_536;
/// The most best lines a search reports at each depth ([`Options::multi_pv`]).
pub const MAX_MULTI_PV: usize = 256;

/// What is wrong with a transposition table of `mib` MiB, in words: a size
/// outside 1 to [`MAX_HASH_MIB`], or more than the machine's memory (where
/// the system says how much it has). The system hands the table's memory
/// over as the search fills it: a table larger than the memory would fail
/// only then, in the middle of a game.
///
/// ```
/// assert_eq!(leap_engine::hash_problem(64), None);
/// assert_eq!(leap_engine::hash_problem(0).as_deref(), Some("must be from 1 to 65536 MiB"));
/// ```
pub fn hash_problem(mib: usize) -> Option<String> {
    if !(1..=MAX_HASH_MIB).contains(&mib) {
        return Some(format!("must be from 1 to {MAX_HASH_MIB} MiB"));
    }
    match memory_mib() {
        Some(memory) if mib > memory => Some(format!("is more than this machine's memory ({memory} MiB)")),
        _ => None,
    }
}

/// The machine's memory in MiB, where the system says (Linux: `MemTotal`
/// in `/proc/meminfo`); `None` elsewhere.
pub fn memory_mib() -> Option<usize> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let kib = info.lines().find_map(|l| l.strip_prefix("MemTotal:"))?.trim().strip_suffix("kB")?.trim();
    Some(kib.parse::<usize>().ok()? / 1024)
}

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
        }
    }

    /// Plays from a solved table ([`leap_solve`]) wherever it holds the
    /// position searched: a won position by the shortest win, a lost one
    /// by the longest loss (both without searching), and a drawn one by the
    /// search's choice among the drawing moves only, its score a draw.
    /// `None` goes back to searching alone.
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
    /// the search would try).
    pub fn search(
        &mut self,
        positions: &[Position],
        limits: &Limits,
        stop: &Stop,
        mut report: impl FnMut(&Report),
    ) -> SearchResult {
        let time = TimeManager::new(limits);
        let Some((&root, before)) = positions.split_last() else {
            return SearchResult { best: None, score: 0, depth: 0, nodes: 0, time: time.elapsed(), pv: Vec::new() };
        };
        let game = &self.game;
        let over = |score| SearchResult { best: None, score, depth: 0, nodes: 0, time: time.elapsed(), pv: Vec::new() };
        if let Some(o) = game.outcome(&root) {
            return over(match o.result {
                GameResult::Draw => 0,
                GameResult::Win(p) if p == root.to_move() => win_in(0),
                GameResult::Win(_) => -win_in(0),
            });
        }
        let mut list = KeyList::new();
        game.legal_moves_into(&root, &mut list);
        // A solved position: its table's best move, or the drawing moves to search among.
        let solved = self
            .solution
            .as_deref()
            .and_then(|s| Some((s, s.moves(game, &root).ok().flatten().filter(|m| !m.is_empty())?)));
        let drawn = match &solved {
            Some((solution, moves)) if moves[0].1 != Value::Draw => {
                let (best, value) = moves[0];
                let plies = value.plies().unwrap_or(0);
                let score =
                    if matches!(value, Value::Win { .. }) { win_in(plies as usize) } else { -win_in(plies as usize) };
                let after = game.play_unchecked(&root, &best);
                let mut pv = vec![best];
                pv.extend(solution.line(game, &after, plies.saturating_sub(1) as usize).unwrap_or_default());
                let time = time.elapsed();
                report(&Report { line: 1, depth: plies, seldepth: plies, score, nodes: 0, time, pv: &pv, hashfull: 0 });
                return SearchResult { best: Some(best), score, depth: plies, nodes: 0, time, pv };
            }
            Some((_, moves)) => {
                list.keys.retain(|k| moves.iter().any(|(m, v)| m == k && *v == Value::Draw));
                true
            }
            None => false,
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
        // The root moves: captures first, by the material they take.
        let mut root_moves: Vec<RootMove> =
            list.keys.iter().map(|&key| RootMove { key, score: 0, pv: vec![key] }).collect();
        let values = piece_values(game);
        let probe = Ordering::new(values);
        root_moves.sort_by_key(|rm| std::cmp::Reverse(probe.score(&root, &rm.key, 0)));
        let shared = Shared {
            game,
            eval: &self.eval,
            table: &self.table,
            stop,
            limits: *limits,
            time,
            done: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
            root,
            before: before.iter().map(Position::hash).collect(),
            salt: self.salts[root.to_move().index()],
            features: self.options.features,
            multi: if game.players().len() > 2 { self.options.multi } else { Multi::Paranoid },
            contempt: self.options.contempt,
            lines: self.options.multi_pv,
        };
        let ordering = std::mem::replace(&mut self.ordering, Ordering::new(values));
        let table = &self.table;
        let (last, ordering) = std::thread::scope(|scope| {
            let helpers: Vec<_> = (1..self.options.threads)
                .map(|id| {
                    let (shared, root_moves) = (&shared, root_moves.clone());
                    scope.spawn(move || {
                        let mut helper = Searcher::new(shared, Role::Helper(id), root_moves, Ordering::new(values));
                        helper.iterate(|_, _| {});
                        helper.flush_nodes();
                    })
                })
                .collect();
            let mut main = Searcher::new(&shared, Role::Main, root_moves, ordering);
            let last = main.iterate(|it: &Iteration, nodes| {
                report(&Report {
                    line: it.line,
                    depth: it.depth,
                    seldepth: it.seldepth,
                    score: it.score,
                    nodes,
                    time: shared.time.elapsed(),
                    pv: &it.pv,
                    hashfull: table.hashfull(),
                })
            });
            shared.done.store(true, Atomic::Relaxed);
            main.flush_nodes();
            let first = main.root_moves[0].key;
            for h in helpers {
                // (A helper that panicked has found nothing the main thread needs.)
                let _ = h.join();
            }
            ((last, first), main.into_ordering())
        });
        self.ordering = ordering;
        let (last, first) = last;
        let nodes = shared.nodes.load(Atomic::Relaxed);
        let time = shared.time.elapsed();
        match last {
            Some(it) => SearchResult {
                best: it.pv.first().copied(),
                score: if drawn { 0 } else { it.score },
                depth: it.depth,
                nodes,
                time,
                pv: it.pv,
            },
            None => SearchResult { best: Some(first), score: 0, depth: 0, nodes, time, pv: vec![first] },
        }
    }
}

/// The value of a piece of each kind, for ordering captures: the variant's
/// values (a Man, or a checkers man, is 100).
fn piece_values<G: Game>(game: &G) -> [Score; MAX_KINDS] {
    let material = Material::of_kinds(game.kinds());
    std::array::from_fn(|k| material.value(leap_core::Kind(k as u8)))
}
