//! The engine's settings: threads, table size, the search's features,
//! the search of games of three or more players, contempt, best lines and
//! the playing strength, the time kept on a clock, with their bounds.

use crate::level::Level;
use crate::score::Score;
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
    /// The playing strength, for people: below [`Level::MAX`] (full
    /// strength, the default) the search is shallower and shorter, and the
    /// move is chosen among the best lines with a random error (see
    /// [`Level`]; [`crate::Engine::set_seed`] seeds the chance).
    pub level: Level,
    /// Time a search on a clock leaves on it for what happens around the
    /// move (the program that asked for it, the machine's other work, the
    /// way back): never spent on searching ("Move Overhead" in other
    /// engines). A move time is searched whole. [`DEFAULT_MOVE_OVERHEAD_MS`]
    /// by default; raise it where moves arrive late enough to lose on time.
    pub move_overhead: Duration,
}

/// The default [`Options::move_overhead`], in milliseconds.
pub const DEFAULT_MOVE_OVERHEAD_MS: u64 = 10;
/// The largest [`Options::move_overhead`], in milliseconds.
pub const MAX_MOVE_OVERHEAD_MS: u64 = 5000;

impl Default for Options {
    /// One thread, 64 MiB, every feature, the default search for more
    /// players, no contempt, one line, full strength, 10 ms kept on a clock.
    fn default() -> Self {
        Options {
            threads: 1,
            hash_mib: 64,
            features: Features::default(),
            multi: Multi::default(),
            contempt: 0,
            multi_pv: 1,
            level: Level::MAX,
            move_overhead: Duration::from_millis(DEFAULT_MOVE_OVERHEAD_MS),
        }
    }
}

/// How the engine searches a game of three or more players (with two, it
/// always searches negamax). Best-reply search is the default: among
/// engines alone paranoid scores a little more, but with a weaker player
/// at the table (a person, a lower level) best-reply wins about three
/// times as many games as paranoid (docs/engine-measurements.md).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Multi {
    /// The root player against all the others as one team: alpha-beta stays
    /// exact (the core's minimax and alpha-beta search this way too).
    Paranoid,
    /// Each player maximises its own value (no pruning: shallower).
    MaxN,
    /// The root player against the best single reply of any opponent
    /// (Schadd and Winands' best-reply search), deepened to even depths
    /// after the first (an odd depth ends on the root player's own move).
    #[default]
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
    /// Camelot it lost strength (see docs/engine-measurements.md).
    pub null_move: bool,
    /// Near the horizon, where the side to move is not obliged to capture
    /// and its evaluation beats beta by a margin for every ply left, take
    /// the cut without searching (reverse futility pruning). On by
    /// default: it gained in Camelot and in checkers (see
    /// docs/engine-measurements.md).
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
    /// Where the evaluator has a cheap estimate ([`leap_core::search::Evaluator::estimate`])
    /// that alone puts a position outside the window a standing pat or a
    /// reverse futility pruning asks about, take its bound instead of
    /// evaluating (lazy evaluation; two-player games).
    pub lazy_eval: bool,
}

impl Default for Features {
    /// Everything measured to gain strength: all but null-move pruning and
    /// the reduction of forcing moves near the root.
    fn default() -> Self {
        Features {
            quiescence: true,
            reductions: true,
            null_move: false,
            futility: true,
            reduce_forcing: false,
            repetitions: true,
            deeper_entries: true,
            quiet_captures: true,
            late_move_pruning: true,
            lazy_eval: true,
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
            lazy_eval: false,
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
