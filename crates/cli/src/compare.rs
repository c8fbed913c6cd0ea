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

use crate::error::{CliError, CliResult};
use crate::progress::Progress;
use crate::save::save_file;
use leap_arena::{self as arena, mix, Usage};
use leap_core::{
    search::{AlphaBeta, Evaluator, Material, Minimax, Random, Strategy},
    EndReason, Game,
};
use leap_games::{self as variant, Played, Variant};
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::Instant;

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
    #[arg(long, default_value_t = 2)]
    pub games: u32,
    /// Stop a game after this many plies (it counts as a draw).
    #[arg(long, default_value_t = 200)]
    pub max_plies: u32,
    /// Random plies opening each pair of games.
    #[arg(long, default_value_t = 2)]
    pub opening_plies: u32,
    /// Seed of every random choice.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The Markdown report (the SVG chart and the games are written beside
    /// it, as .svg and .pgn; default: `compare-VARIANTS.md`).
    #[arg(long, short)]
    pub output: Option<PathBuf>,
    /// Number of threads (default: all cores).
    #[arg(long)]
    pub threads: Option<usize>,
    /// The evaluation used by minimax and alpha-beta.
    #[arg(long, value_enum, default_value_t = EvalChoice::Variant)]
    pub eval: EvalChoice,
    /// No progress bar on stderr.
    #[arg(long)]
    pub quiet: bool,
}

impl Options {
    /// The Markdown report's path: `--output`, or `compare-VARIANTS.md`.
    pub fn output(&self) -> PathBuf {
        self.output.clone().unwrap_or_else(|| PathBuf::from(format!("compare-{}.md", stem(&self.variants))))
    }
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
    /// Whether the first-named entrant had seat 0 (moved first).
    first_moved_first: bool,
    /// 0 or 1 (index into `entrants`) for a win, `None` for a draw or an unfinished game.
    winner: Option<usize>,
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
        record: played.termination.record(game, &played.history, &tags),
        pairing,
        entrants: pair,
        first_moved_first,
        winner: played.winner(game.players().len()).map(|p| seats[p.index()]),
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
    if opts.games == 0 {
        return usage("--games must be at least 1".into());
    }
    if opts.max_plies == 0 {
        return usage("--max-plies must be at least 1".into());
    }
    if opts.threads == Some(0) {
        return usage("--threads must be at least 1".into());
    }
    if opts.strategies.is_empty() {
        return usage("--strategies is empty".into());
    }
    let searching = opts.strategies.iter().any(|k| *k != StrategyKind::Random);
    if searching && opts.depths.is_empty() {
        return usage("--depths is empty".into());
    }
    let n = entrants(opts).len();
    if n < 2 {
        return usage(format!(
            "a round robin needs at least two strategies; these options give {n} ({}): add a strategy or a depth",
            entrants(opts).iter().map(Entrant::name).collect::<Vec<_>>().join(", ")
        ));
    }
    let output = opts.output();
    if output.extension().is_some_and(|e| e.eq_ignore_ascii_case("svg")) {
        return usage(format!(
            "--output {}: the report is a Markdown file (the SVG chart is written beside it); give a .md path",
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
    for path in [output.clone(), svg_path(&output), games_path(&output)] {
        if path.is_dir() {
            return usage(format!("--output {}: {} is a folder, not a file", output.display(), path.display()));
        }
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

    let output = opts.output();
    let svg_file = svg_path(&output);
    let file_name = |p: &Path| p.file_name().map(|n| n.to_string_lossy().to_string()).unwrap_or_default();
    let games_file = games_path(&output);
    let markdown = markdown(&reports, opts, threads, &file_name(&svg_file), &file_name(&games_file));
    let svg = svg(&reports);
    let games: Vec<&str> = reports.iter().flat_map(|r| r.games.iter().map(|g| g.record.as_str())).collect();
    // (Each whole or not at all: see `crate::save`.)
    save_file(&output, &markdown, &[])?;
    save_file(&svg_file, &svg, &[])?;
    save_file(&games_file, &games.join("\n"), &[])?;
    let mut out = terminal(&reports, opts, threads);
    let _ = writeln!(
        out,
        "Report written to {} (chart: {}; games: {}, which camelot replay reads).",
        output.display(),
        svg_file.display(),
        games_file.display()
    );
    crate::commands::emit(&out)
}

// ---------------------------------------------------------------------------
// Summaries.

/// One entrant's totals on a variant.
#[derive(Clone, Copy, Default, Debug)]
struct EntrantTotals {
    games: u64,
    wins: u64,
    draws: u64,
    losses: u64,
    usage: Usage,
}

impl EntrantTotals {
    fn score_percent(&self) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            100.0 * (self.wins as f64 + 0.5 * self.draws as f64) / self.games as f64
        }
    }
    fn nodes_per_move(&self) -> f64 {
        ratio(self.usage.nodes as f64, self.usage.moves as f64)
    }
    fn micros_per_move(&self) -> f64 {
        ratio(self.usage.time.as_secs_f64() * 1e6, self.usage.moves as f64)
    }
}

fn ratio(a: f64, b: f64) -> f64 {
    if b == 0.0 {
        0.0
    } else {
        a / b
    }
}

impl VariantReport {
    fn totals(&self) -> Vec<EntrantTotals> {
        let mut t = vec![EntrantTotals::default(); self.entrants.len()];
        for g in &self.games {
            for side in 0..2 {
                let e = &mut t[g.entrants[side]];
                e.games += 1;
                match g.winner {
                    None => e.draws += 1,
                    Some(w) if w == side => e.wins += 1,
                    Some(_) => e.losses += 1,
                }
                e.usage.moves += g.usage[side].moves;
                e.usage.nodes += g.usage[side].nodes;
                e.usage.time += g.usage[side].time;
            }
        }
        t
    }

    /// Per pairing: first-named wins, draws, other wins, unfinished.
    fn pairing_results(&self) -> Vec<[u64; 4]> {
        let mut r = vec![[0u64; 4]; self.pairings.len()];
        for g in &self.games {
            let row = &mut r[g.pairing];
            match g.winner {
                Some(0) => row[0] += 1,
                Some(_) => row[2] += 1,
                None => row[1] += 1,
            }
            if g.reason.is_none() {
                row[3] += 1;
            }
        }
        r
    }

    /// Alpha-beta / minimax nodes per move, by depth, where both played.
    fn node_ratios(&self, totals: &[EntrantTotals]) -> Vec<(u32, f64, f64)> {
        let find = |kind, depth| self.entrants.iter().position(|e| e.kind == kind && e.depth == depth);
        let mut depths: Vec<u32> =
            self.entrants.iter().filter(|e| e.kind != StrategyKind::Random).map(|e| e.depth).collect();
        depths.sort_unstable();
        depths.dedup();
        depths
            .into_iter()
            .filter_map(|d| {
                let m = totals[find(StrategyKind::Minimax, d)?].nodes_per_move();
                let a = totals[find(StrategyKind::AlphaBeta, d)?].nodes_per_move();
                Some((d, m, a))
            })
            .collect()
    }
}

/// Statistics of the games of one variant, whoever played them.
#[derive(Clone, Default, Debug)]
struct GameStats {
    games: u64,
    plies: u64,
    branching: u64,
    captures: u64,
    pieces: u64,
    decisive: u64,
    first_player_wins: u64,
    unfinished: u64,
    endings: BTreeMap<String, u64>,
}

impl GameStats {
    fn of(report: &VariantReport) -> GameStats {
        let mut s = GameStats::default();
        for g in &report.games {
            s.games += 1;
            s.plies += g.plies;
            s.branching += g.branching;
            s.captures += g.captures;
            s.pieces += g.pieces_captured;
            if let Some(w) = g.winner {
                s.decisive += 1;
                if (w == 0) == g.first_moved_first {
                    s.first_player_wins += 1;
                }
            }
            match g.reason {
                Some(r) => *s.endings.entry(r.name().to_string()).or_default() += 1,
                None => s.unfinished += 1,
            }
        }
        if s.unfinished > 0 {
            s.endings.insert("ply limit".into(), s.unfinished);
        }
        s
    }

    fn per_game(&self, x: u64) -> f64 {
        ratio(x as f64, self.games as f64)
    }
    fn branching_factor(&self) -> f64 {
        ratio(self.branching as f64, self.plies as f64)
    }
    fn endings_text(&self) -> String {
        self.endings.iter().map(|(k, v)| format!("{k} {v}")).collect::<Vec<_>>().join(", ")
    }
}

// ---------------------------------------------------------------------------
// Tables.

/// A table that prints as aligned text or as Markdown.
struct Table {
    headers: Vec<String>,
    /// Whether each column is right-aligned (numbers).
    right: Vec<bool>,
    rows: Vec<Vec<String>>,
}

impl Table {
    fn new(headers: &[&str], right: &[bool]) -> Table {
        Table { headers: headers.iter().map(|s| s.to_string()).collect(), right: right.to_vec(), rows: Vec::new() }
    }

    fn row(&mut self, cells: Vec<String>) {
        self.rows.push(cells);
    }

    fn widths(&self) -> Vec<usize> {
        (0..self.headers.len())
            .map(|c| {
                self.rows
                    .iter()
                    .map(|r| r[c].chars().count())
                    .chain([self.headers[c].chars().count()])
                    .max()
                    .unwrap_or(0)
            })
            .collect()
    }

    fn text(&self) -> String {
        let w = self.widths();
        let line = |cells: &[String]| {
            let parts: Vec<String> = cells
                .iter()
                .enumerate()
                .map(|(i, c)| if self.right[i] { format!("{c:>0$}", w[i]) } else { format!("{c:<0$}", w[i]) })
                .collect();
            format!("  {}\n", parts.join("  ").trim_end())
        };
        let mut out = line(&self.headers);
        out.push_str(&line(&w.iter().map(|n| "-".repeat(*n)).collect::<Vec<_>>()));
        for r in &self.rows {
            out.push_str(&line(r));
        }
        out
    }

    fn markdown(&self) -> String {
        let esc = |s: &String| s.replace('|', "\\|");
        let mut out = format!("| {} |\n", self.headers.iter().map(esc).collect::<Vec<_>>().join(" | "));
        let rule: Vec<&str> = self.right.iter().map(|r| if *r { "---:" } else { "---" }).collect();
        out.push_str(&format!("| {} |\n", rule.join(" | ")));
        for r in &self.rows {
            out.push_str(&format!("| {} |\n", r.iter().map(esc).collect::<Vec<_>>().join(" | ")));
        }
        out
    }
}

/// A number with thousands separators and `decimals` decimals.
fn num(x: f64, decimals: usize) -> String {
    let s = format!("{x:.decimals$}");
    let (int, frac) = s.split_once('.').map_or((s.as_str(), None), |(a, b)| (a, Some(b)));
    let (sign, digits) = int.strip_prefix('-').map_or(("", int), |d| ("-", d));
    let mut grouped = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            grouped.push(' ');
        }
        grouped.push(ch);
    }
    match frac {
        Some(f) => format!("{sign}{grouped}.{f}"),
        None => format!("{sign}{grouped}"),
    }
}

/// A duration per move in a readable unit.
fn per_move_time(micros: f64) -> String {
    if micros >= 1e6 {
        format!("{:.2} s", micros / 1e6)
    } else if micros >= 1e3 {
        format!("{:.1} ms", micros / 1e3)
    } else {
        format!("{micros:.0} µs")
    }
}

/// The tables of one variant: pairings, strategies, node ratios, games.
fn tables(r: &VariantReport) -> [(String, Table); 4] {
    let totals = r.totals();
    let names: Vec<String> = r.entrants.iter().map(Entrant::name).collect();

    let mut pairings = Table::new(
        &["first", "second", "first wins", "draws", "second wins", "unfinished"],
        &[false, false, true, true, true, true],
    );
    for (i, res) in r.pairing_results().iter().enumerate() {
        let [a, b] = r.pairings[i];
        pairings.row(vec![
            names[a].clone(),
            names[b].clone(),
            res[0].to_string(),
            res[1].to_string(),
            res[2].to_string(),
            res[3].to_string(),
        ]);
    }

    let mut strategies = Table::new(
        &["strategy", "games", "wins", "draws", "losses", "score %", "moves", "nodes/move", "time/move"],
        &[false, true, true, true, true, true, true, true, true],
    );
    for (i, t) in totals.iter().enumerate() {
        strategies.row(vec![
            names[i].clone(),
            t.games.to_string(),
            t.wins.to_string(),
            t.draws.to_string(),
            t.losses.to_string(),
            format!("{:.1}", t.score_percent()),
            t.usage.moves.to_string(),
            num(t.nodes_per_move(), 1),
            per_move_time(t.micros_per_move()),
        ]);
    }

    let mut ratios =
        Table::new(&["depth", "minimax nodes/move", "alphabeta nodes/move", "ratio"], &[true, true, true, true]);
    for (d, m, a) in r.node_ratios(&totals) {
        ratios.row(vec![d.to_string(), num(m, 1), num(a, 1), format!("{:.3}", ratio(a, m))]);
    }

    let s = GameStats::of(r);
    let first_wins = format!("{} (moves first) wins, % of decisive", r.first);
    let mut games = Table::new(
        &[
            "games",
            "plies/game",
            "branching",
            "captures/game",
            "pieces captured/game",
            "decisive %",
            &first_wins,
            "endings",
        ],
        &[true, true, true, true, true, true, true, false],
    );
    games.row(vec![
        s.games.to_string(),
        format!("{:.1}", s.per_game(s.plies)),
        format!("{:.1}", s.branching_factor()),
        format!("{:.1}", s.per_game(s.captures)),
        format!("{:.1}", s.per_game(s.pieces)),
        format!("{:.1}", 100.0 * s.per_game(s.decisive)),
        format!("{:.1}", 100.0 * ratio(s.first_player_wins as f64, s.decisive as f64)),
        s.endings_text(),
    ]);
    [
        ("Pairings (wins, draws, losses)".into(), pairings),
        ("Strategies".into(), strategies),
        ("Alpha-beta / minimax nodes per move".into(), ratios),
        ("Games".into(), games),
    ]
}

/// The family comparison: one row per variant.
fn families(reports: &[VariantReport]) -> Table {
    let mut t = Table::new(
        &["variant", "games", "plies/game", "branching", "captures/game", "pieces captured/game", "decisive %"],
        &[false, true, true, true, true, true, true],
    );
    for r in reports {
        let s = GameStats::of(r);
        t.row(vec![
            r.name.clone(),
            s.games.to_string(),
            format!("{:.1}", s.per_game(s.plies)),
            format!("{:.1}", s.branching_factor()),
            format!("{:.1}", s.per_game(s.captures)),
            format!("{:.1}", s.per_game(s.pieces)),
            format!("{:.1}", 100.0 * s.per_game(s.decisive)),
        ]);
    }
    t
}

fn settings(opts: &Options, threads: usize) -> String {
    let depths: Vec<String> = opts.depths.iter().map(u32::to_string).collect();
    let kinds: Vec<&str> = opts.strategies.iter().map(|k| k.name()).collect();
    format!(
        "strategies {}, depths {}, {} games per pairing, at most {} plies, {} random opening plies, seed {}, {} threads",
        kinds.join(","),
        depths.join(","),
        opts.games,
        opts.max_plies,
        opts.opening_plies,
        opts.seed,
        threads
    )
}

/// The report as terminal text.
fn terminal(reports: &[VariantReport], opts: &Options, threads: usize) -> String {
    let mut out = format!("compare: {}\n", settings(opts, threads));
    for r in reports {
        let _ = writeln!(out, "\n== {} ({}), evaluation: {}, {:.1} s", r.name, r.title, r.eval, r.seconds);
        for (title, table) in tables(r) {
            let _ = write!(out, "\n{title}\n{}", table.text());
        }
    }
    if reports.len() > 1 {
        let _ = write!(out, "\nRule families\n{}", families(reports).text());
    }
    out.push('\n');
    out
}

/// The report as Markdown, linking the chart and the games.
fn markdown(reports: &[VariantReport], opts: &Options, threads: usize, svg_name: &str, games_name: &str) -> String {
    let names: Vec<&str> = reports.iter().map(|r| r.name.as_str()).collect();
    let mut out = format!("# Strategy comparison: {}\n\n", names.join(", "));
    let _ = writeln!(out, "Settings: {}.\n", settings(opts, threads));
    let _ = writeln!(
        out,
        "Each pairing plays games in pairs that share an opening of random plies and swap \
         the seats; a game stopped at the ply limit counts as a draw (\"unfinished\"). \
         Nodes are the positions a strategy visited to choose its moves, the root included; \
         times are wall-clock per move with games running in parallel. Minimax and alpha-beta \
         at the same depth choose the same moves, so they meet the same positions and their \
         node counts compare like for like.\n"
    );
    let _ = writeln!(out, "![Nodes per move and score per strategy]({svg_name})\n");
    let _ = writeln!(out, "The games are in [{games_name}]({games_name}) (`camelot replay` reads them).\n");
    if reports.len() > 1 {
        let _ = write!(out, "## Rule families\n\n{}\n", families(reports).markdown());
    }
    for r in reports {
        let _ = writeln!(out, "## {} ({})\n", r.name, r.title);
        let _ = writeln!(out, "Evaluation: {}. Run time {:.1} s.\n", r.eval, r.seconds);
        for (title, table) in tables(r) {
            let _ = write!(out, "### {title}\n\n{}\n", table.markdown());
        }
    }
    out
}

// ---------------------------------------------------------------------------
// The SVG chart.

fn xml_escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

fn colour(kind: StrategyKind) -> &'static str {
    match kind {
        StrategyKind::Random => "#9d9d9d",
        StrategyKind::Minimax => "#4e79a7",
        StrategyKind::AlphaBeta => "#f28e2b",
    }
}

/// The chart: for each variant, nodes per move (log scale) and score per
/// strategy, as bars coloured by strategy family.
fn svg(reports: &[VariantReport]) -> String {
    const W: f64 = 920.0;
    const ROW: f64 = 300.0;
    const TOP: f64 = 40.0;
    let height = TOP + ROW * reports.len() as f64 + 10.0;
    let mut s = String::new();
    let _ = writeln!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{W}\" height=\"{height}\" viewBox=\"0 0 {W} {height}\" \
         font-family=\"sans-serif\" font-size=\"11\">"
    );
    let _ = writeln!(s, "<rect x=\"0\" y=\"0\" width=\"{W}\" height=\"{height}\" fill=\"white\"/>");
    // Legend.
    let mut x = 20.0;
    for kind in [StrategyKind::Random, StrategyKind::Minimax, StrategyKind::AlphaBeta] {
        let _ = writeln!(s, "<rect x=\"{x}\" y=\"14\" width=\"12\" height=\"12\" fill=\"{}\"/>", colour(kind));
        let _ = writeln!(s, "<text x=\"{}\" y=\"24\">{}</text>", x + 16.0, kind.name());
        x += 100.0;
    }
    for (i, r) in reports.iter().enumerate() {
        let y0 = TOP + ROW * i as f64;
        let totals = r.totals();
        let names: Vec<String> = r.entrants.iter().map(Entrant::name).collect();
        let kinds: Vec<StrategyKind> = r.entrants.iter().map(|e| e.kind).collect();
        let nodes: Vec<f64> = totals.iter().map(EntrantTotals::nodes_per_move).collect();
        let scores: Vec<f64> = totals.iter().map(EntrantTotals::score_percent).collect();
        let _ = writeln!(
            s,
            "<text x=\"20\" y=\"{}\" font-size=\"14\" font-weight=\"bold\">{}</text>",
            y0 + 16.0,
            xml_escape(&r.name)
        );
        let max_log = nodes.iter().map(|n| n.max(1.0).log10()).fold(1.0_f64, f64::max).ceil();
        panel(
            &mut s,
            (60.0, y0 + 30.0, 400.0, 190.0),
            "nodes per move (log scale)",
            &names,
            &kinds,
            &nodes.iter().map(|n| n.max(1.0).log10() / max_log).collect::<Vec<_>>(),
            &nodes.iter().map(|n| num(*n, 0)).collect::<Vec<_>>(),
            &(0..=max_log as u32).map(|p| (p as f64 / max_log, num(10f64.powi(p as i32), 0))).collect::<Vec<_>>(),
        );
        panel(
            &mut s,
            (540.0, y0 + 30.0, 360.0, 190.0),
            "score % (wins + half the draws)",
            &names,
            &kinds,
            &scores.iter().map(|v| v / 100.0).collect::<Vec<_>>(),
            &scores.iter().map(|v| format!("{v:.0}")).collect::<Vec<_>>(),
            &[(0.0, "0".into()), (0.5, "50".into()), (1.0, "100".into())],
        );
    }
    s.push_str("</svg>\n");
    s
}

/// One bar panel: `frac` in 0..=1 per bar, `labels` above the bars, `grid`
/// lines at fractions with their labels.
#[allow(clippy::too_many_arguments)]
fn panel(
    s: &mut String,
    (x0, y0, w, h): (f64, f64, f64, f64),
    title: &str,
    names: &[String],
    kinds: &[StrategyKind],
    frac: &[f64],
    labels: &[String],
    grid: &[(f64, String)],
) {
    let _ =
        writeln!(s, "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>", x0 + w / 2.0, y0, xml_escape(title));
    let top = y0 + 14.0;
    let plot_h = h - 14.0;
    let base = top + plot_h;
    for (f, label) in grid {
        let y = base - f * plot_h;
        let _ = writeln!(s, "<line x1=\"{x0}\" y1=\"{y:.1}\" x2=\"{}\" y2=\"{y:.1}\" stroke=\"#dddddd\"/>", x0 + w);
        let _ = writeln!(
            s,
            "<text x=\"{}\" y=\"{:.1}\" text-anchor=\"end\">{}</text>",
            x0 - 4.0,
            y + 4.0,
            xml_escape(label)
        );
    }
    let _ = writeln!(s, "<line x1=\"{x0}\" y1=\"{base:.1}\" x2=\"{}\" y2=\"{base:.1}\" stroke=\"black\"/>", x0 + w);
    let n = names.len().max(1) as f64;
    let slot = w / n;
    let bar = (slot * 0.7).min(40.0);
    for (i, name) in names.iter().enumerate() {
        let cx = x0 + slot * (i as f64 + 0.5);
        let bh = (frac[i].clamp(0.0, 1.0) * plot_h).max(0.5);
        let _ = writeln!(
            s,
            "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{bar:.1}\" height=\"{bh:.1}\" fill=\"{}\"><title>{}: {}</title></rect>",
            cx - bar / 2.0,
            base - bh,
            colour(kinds[i]),
            xml_escape(name),
            xml_escape(&labels[i])
        );
        let _ = writeln!(
            s,
            "<text x=\"{cx:.1}\" y=\"{:.1}\" text-anchor=\"middle\" font-size=\"9\">{}</text>",
            base - bh - 3.0,
            xml_escape(&labels[i])
        );
        let _ = writeln!(
            s,
            "<text x=\"{cx:.1}\" y=\"{:.1}\" text-anchor=\"end\" transform=\"rotate(-35 {cx:.1} {:.1})\">{}</text>",
            base + 12.0,
            base + 12.0,
            xml_escape(name)
        );
    }
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

    #[test]
    fn numbers_are_grouped() {
        assert_eq!(num(1234567.0, 0), "1 234 567");
        assert_eq!(num(-1234.5, 1), "-1 234.5");
        assert_eq!(num(12.0, 1), "12.0");
        assert_eq!(per_move_time(1500.0), "1.5 ms");
    }
}
