//! `camelot compare`: a round robin among the search strategies of the core
//! (Random, Minimax and Alpha-Beta at several depths) on one or more
//! variants, played in parallel, reported as tables in the terminal and as
//! a Markdown file with an SVG chart.
//!
//! Each pairing plays `games` games. Games come in pairs that share an
//! opening of a few random plies (so that deterministic strategies do not
//! replay one game) and swap the seats: in the first game of a pair the
//! first-named strategy takes the seats 0, 2, ..., in the second the
//! seats 1, 3, .... A game that reaches the ply limit is unfinished and
//! counts as a draw. Everything is seeded: the same options give the same
//! games whatever the number of threads (only the times differ).
//!
//! This file runs the round robin; `summary` adds up its figures, `report`
//! renders them as tables (terminal text and Markdown), `chart` as the SVG chart.

use crate::error::{CliError, CliResult};
use crate::progress::Progress;
use crate::save::save_new_as;
use leap_arena::{self as arena, mix, Usage};
use leap_core::{
    search::{AlphaBeta, Evaluator, Material, Minimax, Random, Strategy},
    Annotation, EndReason, Game,
};
use leap_engine::MAX_THREADS;
use leap_games::{self as variant, Played, Variant};
use rayon::prelude::*;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::Instant;

mod chart;
mod report;
mod summary;

use chart::svg;
use report::{markdown, terminal};

/// The deepest search `--depths` accepts (minimax at depth 8 already takes
/// hours on Camelot).
pub const MAX_DEPTH: u32 = 12;

/// A family of strategies.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum StrategyKind {
    /// Uniformly random legal moves.
    Random,
    /// Minimax without pruning.
    Minimax,
    /// Alpha-beta.
    AlphaBeta,
}

impl StrategyKind {
    /// The name used on the command line and in reports.
    pub fn name(self) -> &'static str {
        match self {
            StrategyKind::Random => "random",
            StrategyKind::Minimax => "minimax",
            StrategyKind::AlphaBeta => "alphabeta",
        }
    }
}

/// A `--strategies` list.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct StrategyList(pub Vec<StrategyKind>);

/// A `--depths` list.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct DepthList(pub Vec<u32>);

impl std::ops::Deref for StrategyList {
    type Target = [StrategyKind];
    fn deref(&self) -> &[StrategyKind] {
        &self.0
    }
}

impl std::ops::Deref for DepthList {
    type Target = [u32];
    fn deref(&self) -> &[u32] {
        &self.0
    }
}

/// [`parse_strategies`] for the command line.
pub fn strategy_list(text: &str) -> Result<StrategyList, String> {
    parse_strategies(text).map(StrategyList)
}

/// [`parse_depths`] for the command line.
pub fn depth_list(text: &str) -> Result<DepthList, String> {
    parse_depths(text).map(DepthList)
}

/// The default report name for these variants: `camelot`, `camelot-checkers`
/// (a variant file contributes its file stem).
pub fn stem(variants: &[String]) -> String {
    let names: Vec<String> = variants
        .iter()
        .map(|v| Path::new(v).file_stem().map_or_else(|| v.clone(), |s| s.to_string_lossy().to_string()))
        .collect();
    names.join("-")
}

/// Parses a `--strategies` list: `random,minimax,alphabeta` (any order, any subset).
pub fn parse_strategies(text: &str) -> Result<Vec<StrategyKind>, String> {
    let mut kinds = Vec::new();
    for part in text.split(',').map(str::trim) {
        let kind = match part.to_ascii_lowercase().as_str() {
            "random" => StrategyKind::Random,
            "minimax" => StrategyKind::Minimax,
            "alphabeta" | "alpha-beta" => StrategyKind::AlphaBeta,
            "" => return Err("empty strategy name in the list (expected e.g. `random,minimax,alphabeta`)".into()),
            other => {
                return Err(format!("unknown strategy `{other}`: expected random, minimax or alphabeta"));
            }
        };
        if !kinds.contains(&kind) {
            kinds.push(kind);
        }
    }
    kinds.sort();
    Ok(kinds)
}

/// Parses a `--depths` list: `1,2,3` (each 1 to [`MAX_DEPTH`]); also `1-3`.
pub fn parse_depths(text: &str) -> Result<Vec<u32>, String> {
    let mut depths = Vec::new();
    for part in text.split(',').map(str::trim) {
        let number = |s: &str| {
            s.trim().parse::<u32>().map_err(|_| format!("`{s}` is not a depth (expected a list like `1,2,3`)"))
        };
        let (lo, hi) = match part.split_once('-') {
            Some((a, b)) => (number(a)?, number(b)?),
            None => (number(part)?, number(part)?),
        };
        if lo == 0 {
            return Err("depths must be at least 1".into());
        }
        if hi > MAX_DEPTH {
            return Err(format!("depth {hi} is too deep: at most {MAX_DEPTH}"));
        }
        if lo > hi {
            return Err(format!("`{part}` is an empty range"));
        }
        depths.extend(lo..=hi);
    }
    depths.sort_unstable();
    depths.dedup();
    Ok(depths)
}

/// Which evaluation the searching strategies use.
#[derive(Clone, Copy, PartialEq, Eq, Debug, clap::ValueEnum)]
pub enum EvalChoice {
    /// The variant's own evaluation (Camelot: material and the World
    /// Camelot Federation's positional factors, pieces en prise, the race
    /// to the castles and tempo; checkers: material, safe moves, the back
    /// row, advancement, capture threats and trading down when ahead).
    Variant,
    /// Material only, every piece worth the same.
    Material,
}

/// The options of `camelot compare`.
#[derive(clap::Args, Clone, Debug)]
pub struct Options {
    /// Built-in variant names or variant files; each gets its own round robin.
    #[arg(required = true, value_parser = crate::commands::variant_arg)]
    pub variants: Vec<String>,
    /// Strategy families, comma-separated: random, minimax, alphabeta.
    #[arg(long, default_value = "random,minimax,alphabeta", value_parser = strategy_list)]
    pub strategies: StrategyList,
    /// Search depths in plies, comma-separated (`1,2,3` or `1-3`).
    #[arg(long, default_value = "1,2", value_parser = depth_list)]
    pub depths: DepthList,
    /// Games per pairing (in pairs sharing an opening, colours swapped).
    #[arg(long, default_value_t = 2, value_parser = crate::commands::count::<u32, 1, { u32::MAX as u64 }>)]
    pub games: u32,
    /// Stop a game after this many plies (it counts as a draw).
    #[arg(long, default_value_t = 200, value_parser = crate::commands::count::<u32, 1, { u32::MAX as u64 }>)]
    pub max_plies: u32,
    /// Random plies opening each pair of games.
    #[arg(long, default_value_t = 2, value_parser = crate::commands::count::<u32, 0, { u32::MAX as u64 }>)]
    pub opening_plies: u32,
    /// Seed of every random choice.
    #[arg(long, default_value_t = 1, value_parser = crate::commands::count::<u64, 0, { u64::MAX }>)]
    pub seed: u64,
    /// The Markdown report (the SVG chart and the games are written beside
    /// it, as .svg and .pgn): three new files, never ones that exist
    /// (default: the first free of `compare-VARIANTS.md`,
    /// `compare-VARIANTS-2.md`, ...).
    #[arg(long, short)]
    pub output: Option<PathBuf>,
    /// Number of threads (default: all cores).
    #[arg(long, value_parser = crate::commands::count::<usize, 1, { MAX_THREADS as u64 }>)]
    pub threads: Option<usize>,
    /// The evaluation used by minimax and alpha-beta.
    #[arg(long, value_enum, default_value_t = EvalChoice::Variant)]
    pub eval: EvalChoice,
    /// No progress bar on stderr.
    #[arg(long)]
    pub quiet: bool,
}

impl Options {
    /// The Markdown report's path as asked: `--output`, or
    /// `compare-VARIANTS.md` (then the first free of its numbered names,
    /// [`crate::save::first_free`], is taken).
    pub fn output(&self) -> PathBuf {
        self.output.clone().unwrap_or_else(|| PathBuf::from(format!("compare-{}.md", stem(&self.variants))))
    }
}

/// The files written beside the report `output`: its chart and its games.
fn beside(output: &Path) -> Vec<PathBuf> {
    vec![svg_path(output), games_path(output)]
}

/// A strategy at a depth: one entrant of the round robin.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Entrant {
    kind: StrategyKind,
    depth: u32,
}

impl Entrant {
    fn name(&self) -> String {
        match self.kind {
            StrategyKind::Random => "random".into(),
            k => format!("{}-{}", k.name(), self.depth),
        }
    }

    fn build<'a, G: Game, E: Evaluator<G>>(&self, eval: &'a E, seed: u64) -> Box<dyn Strategy<G> + Send + 'a> {
        match self.kind {
            StrategyKind::Random => Box::new(Random::new(seed)),
            StrategyKind::Minimax => Box::new(Minimax::new(self.depth, eval)),
            StrategyKind::AlphaBeta => Box::new(AlphaBeta::new(self.depth, eval)),
        }
    }
}

/// One finished (or stopped) game.
#[derive(Clone, Debug)]
struct GameRecord {
    pairing: usize,
    /// Entrant indices: the first-named of the pairing and the other.
    entrants: [usize; 2],
    /// 0 or 1 (index into `entrants`) for a win, `None` for a draw or an unfinished game.
    winner: Option<usize>,
    /// Whether the player who moves first (seat 0) won. (With three or
    /// more seats an entrant plays several: winning is not moving first.)
    first_seat_won: bool,
    /// Why the game ended; `None` when it reached the ply limit.
    reason: Option<EndReason>,
    plies: u64,
    captures: u64,
    pieces_captured: u64,
    /// Sum of the number of legal moves over the positions where a move was made.
    branching: u64,
    /// Per entrant (`entrants` order): what it used.
    usage: [Usage; 2],
    /// The game as a record that `camelot replay` reads.
    record: String,
}

/// Plays one game of the round robin.
#[allow(clippy::too_many_arguments)]
fn play_game<G: Game, E: Evaluator<G>>(
    game: &G,
    eval: &E,
    entrants: &[Entrant],
    pairing: usize,
    pair: [usize; 2],
    index: u32,
    opts: &Options,
    tags: &[(String, String)],
) -> GameRecord {
    // Seeds and seats depend on the entrants' classes (random, or a search
    // depth), not on the entrants: minimax and alpha-beta at one depth choose
    // the same moves, so each plays exactly the games the other plays, and
    // their node counts compare like for like.
    let class = |e: &Entrant| if e.kind == StrategyKind::Random { 0 } else { e.depth as u64 };
    let classes = [class(&entrants[pair[0]]), class(&entrants[pair[1]])];
    let low = if classes[0] <= classes[1] { 0 } else { 1 };
    let (lo, hi) = (classes[low], classes[1 - low]);
    // The lower class moves first in the first game of each pair.
    let first_moved_first = index.is_multiple_of(2) == (low == 0);
    let seats = arena::seats(if first_moved_first { 0 } else { 1 }, game.players().len());
    let opening_seed = mix(&[opts.seed, lo, hi, (index / 2) as u64, 1]);
    let mut strategies: Vec<arena::Strategist<Box<dyn Strategy<G> + Send + '_>>> = (0..2)
        .map(|i| {
            let role = if i == low { 2 } else { 3 };
            arena::Strategist(entrants[pair[i]].build(eval, mix(&[opts.seed, lo, hi, index as u64, role])))
        })
        .collect();
    let setup = arena::GameSetup {
        start: game.start(),
        opening: arena::Opening::Random { plies: opts.opening_plies, seed: opening_seed },
        max_plies: opts.max_plies,
        time: None,
    };
    let played = arena::play(game, &mut strategies, &seats, &setup);
    // Who played each seat, named as the report names the strategies.
    let mut tags = tags.to_vec();
    tags.push(("Event".into(), "camelot compare".into()));
    tags.push(("Round".into(), format!("{}.{}", pairing + 1, index + 1)));
    for (player, seat) in game.players().iter().zip(&seats) {
        tags.push((player.name.clone(), entrants[pair[*seat]].name()));
    }
    GameRecord {
        record: played.termination.record(game, &played.history, &tags, &[], &Annotation::clocks(&played.clocks)),
        pairing,
        entrants: pair,
        winner: played.winner(game.players().len()).map(|p| seats[p.index()]),
        first_seat_won: played.winner(game.players().len()).is_some_and(|p| p.index() == 0),
        reason: played.reason(),
        plies: played.plies(),
        captures: played.captures,
        pieces_captured: played.pieces_captured,
        branching: played.branching,
        usage: [played.usage[0], played.usage[1]],
    }
}

/// Everything measured on one variant.
#[derive(Clone, Debug)]
struct VariantReport {
    name: String,
    title: String,
    /// The name of the player who moves first (White in Camelot).
    first: String,
    eval: String,
    entrants: Vec<Entrant>,
    pairings: Vec<[usize; 2]>,
    games: Vec<GameRecord>,
    seconds: f64,
}

/// Runs the round robin on one game.
fn run_game<G: Played>(
    game: &G,
    title: &str,
    tags: &[(String, String)],
    opts: &Options,
    progress: &Progress,
) -> VariantReport {
    let entrants = entrants(opts);
    let pairings: Vec<[usize; 2]> =
        (0..entrants.len()).flat_map(|a| (a + 1..entrants.len()).map(move |b| [a, b])).collect();
    let jobs: Vec<(usize, u32)> = (0..pairings.len()).flat_map(|p| (0..opts.games).map(move |g| (p, g))).collect();
    let started = Instant::now();
    let play = |eval: &(dyn Fn(usize, u32) -> GameRecord + Sync)| -> Vec<GameRecord> {
        jobs.par_iter()
            .map(|&(p, g)| {
                let r = eval(p, g);
                progress.tick();
                r
            })
            .collect()
    };
    let (games, eval) = match opts.eval {
        EvalChoice::Variant => {
            let e = game.evaluation();
            (play(&|p, g| play_game(game, &e, &entrants, p, pairings[p], g, opts, tags)), game.eval_name().to_string())
        }
        EvalChoice::Material => {
            let e = Material::of_kinds(game.kinds());
            let values: Vec<String> =
                game.kinds().iter().map(|k| format!("{} {}", k.name, k.value.unwrap_or(100))).collect();
            let name = format!("material ({})", values.join(", "));
            (play(&|p, g| play_game(game, &e, &entrants, p, pairings[p], g, opts, tags)), name)
        }
    };
    VariantReport {
        name: game.name().to_string(),
        title: title.to_string(),
        first: game.players()[0].name.clone(),
        eval,
        entrants,
        pairings,
        games,
        seconds: started.elapsed().as_secs_f64(),
    }
}

/// The entrants: random first, then by depth, minimax before alpha-beta.
fn entrants(opts: &Options) -> Vec<Entrant> {
    let mut out = Vec::new();
    if opts.strategies.contains(&StrategyKind::Random) {
        out.push(Entrant { kind: StrategyKind::Random, depth: 0 });
    }
    for &depth in opts.depths.iter() {
        for &kind in opts.strategies.iter() {
            if kind != StrategyKind::Random {
                out.push(Entrant { kind, depth });
            }
        }
    }
    out
}

/// Checks the options before anything runs.
fn validate(opts: &Options) -> CliResult {
    let usage = |message: String| Err(CliError::Usage(message));
    if opts.strategies.is_empty() {
        return usage("--strategies is empty".into());
    }
    let searching = opts.strategies.iter().any(|k| *k != StrategyKind::Random);
    if searching && opts.depths.is_empty() {
        return usage("--depths is empty".into());
    }
    // (A pair of games from one opening gives each strategy each colour
    // once: with an odd number one has White more often, and the
    // like-for-like comparison of minimax and alpha-beta is lost.)
    crate::matches::match_games(Some(opts.games), 2)?;
    let n = entrants(opts).len();
    if n < 2 {
        return usage(format!(
            "a round robin needs at least two strategies; these options give {n} ({}): add a strategy or a depth",
            entrants(opts).iter().map(Entrant::name).collect::<Vec<_>>().join(", ")
        ));
    }
    let output = opts.output();
    // (The chart and the games take the report's name with their own
    // extensions: the report cannot have one of theirs.)
    if output.extension().is_some_and(|e| ["svg", "pgn"].iter().any(|x| e.eq_ignore_ascii_case(x))) {
        return usage(format!(
            "--output {}: the report is a Markdown file (the SVG chart and the games' .pgn are written beside \
             it); give a .md path",
            output.display()
        ));
    }
    if output.as_os_str().is_empty() || output.file_name().is_none() {
        return usage(format!("--output `{}` is not a file name", output.display()));
    }
    if let Some(dir) = output.parent().filter(|d| !d.as_os_str().is_empty()) {
        if !dir.exists() {
            return usage(format!("--output {}: the folder {} does not exist", output.display(), dir.display()));
        }
        if !dir.is_dir() {
            return usage(format!("--output {}: {} is not a folder", output.display(), dir.display()));
        }
    }
    let files: Vec<PathBuf> = std::iter::once(output.clone()).chain(beside(&output)).collect();
    for path in &files {
        if path.is_dir() {
            return usage(format!("--output {}: {} is a folder, not a file", output.display(), path.display()));
        }
    }
    // A report replaces no file: not a report of before, nor a game saved
    // under a name it would take.
    let protected = crate::save::variant_files(&opts.variants);
    if let Some(given) = &opts.output {
        crate::save::refuse_existing(given, &files, &protected, "compare")?;
    }
    let first = crate::save::first_free(&output, beside);
    for path in std::iter::once(first.clone()).chain(beside(&first)) {
        crate::save::check_target(&path, &protected)?;
    }
    Ok(())
}

/// The SVG chart's path: the report's, with the extension `svg`.
pub fn svg_path(output: &Path) -> PathBuf {
    output.with_extension("svg")
}

/// The games' path: the report's, with the extension `pgn`.
pub fn games_path(output: &Path) -> PathBuf {
    output.with_extension("pgn")
}

/// Runs `camelot compare`.
pub fn compare(opts: &Options) -> CliResult {
    validate(opts)?;
    let loaded: Vec<(Variant, String)> =
        opts.variants.iter().map(|v| variant::load(v).map(|g| (g, v.clone()))).collect::<Result<_, _>>()?;
    let threads = opts.threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let pool = crate::commands::thread_pool(threads)?;
    let per_variant = entrants(opts).len() * (entrants(opts).len() - 1) / 2 * opts.games as usize;
    let progress = Progress::new(per_variant * loaded.len(), opts.quiet);
    let mut reports = Vec::new();
    for (variant, name) in &loaded {
        let tags = variant::source_tags(name);
        let report = pool.install(|| match variant {
            Variant::Camelot(g) => run_game(g, g.title(), &tags, opts, &progress),
            Variant::Checkers(g) => run_game(g, g.title(), &tags, opts, &progress),
        });
        reports.push(report);
    }
    progress.finish();

    // The first free names now (one made meanwhile at the name checked is
    // left alone: the next is taken).
    let output = crate::save::first_free(&opts.output(), beside);
    let svg_file = svg_path(&output);
    let file_name = |p: &Path| p.file_name().map(|n| n.to_string_lossy().to_string()).unwrap_or_default();
    let games_file = games_path(&output);
    let markdown = markdown(&reports, opts, threads, &file_name(&svg_file), &file_name(&games_file));
    let svg = svg(&reports);
    let games: Vec<&str> = reports.iter().flat_map(|r| r.games.iter().map(|g| g.record.as_str())).collect();
    // (Each whole or not at all, and over no file: see `crate::save`.)
    save_new_as(&games_file, &games.join("\n"))?;
    save_new_as(&svg_file, &svg)?;
    save_new_as(&output, &markdown)?;
    let mut out = terminal(&reports, opts, threads);
    let _ = writeln!(
        out,
        "Report written to {} (chart: {}; games: {}, which camelot replay reads).",
        output.display(),
        svg_file.display(),
        games_file.display()
    );
    if let Some(given) = opts.output.as_ref().filter(|&given| *given != output) {
        let _ = writeln!(out, "({} was made during the comparison: left as it was.)", given.display());
    }
    crate::commands::emit(&out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_parse_and_refuse_clearly() {
        assert_eq!(parse_depths("1,2,3"), Ok(vec![1, 2, 3]));
        assert_eq!(parse_depths("3, 1-2,2"), Ok(vec![1, 2, 3]));
        assert_eq!(parse_depths("0").unwrap_err(), "depths must be at least 1");
        assert!(parse_depths("x").unwrap_err().contains("`x` is not a depth"));
        assert!(parse_depths("1,,2").unwrap_err().contains("is not a depth"));
        assert!(parse_depths("99").unwrap_err().contains("too deep"));
        assert!(parse_depths("3-1").unwrap_err().contains("empty range"));
        assert_eq!(parse_strategies("alphabeta,random"), Ok(vec![StrategyKind::Random, StrategyKind::AlphaBeta]));
        assert!(parse_strategies("negamax").unwrap_err().contains("unknown strategy `negamax`"));
    }
}
