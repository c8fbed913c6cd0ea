//! `camelot match`: one player per seat, every seating in turn (for two
//! players, pairs of games from the same opening with the seats swapped),
//! played in parallel; the score, the Elo difference with its interval, an
//! SPRT verdict if asked, and every game saved, as soon as it ends, as a
//! record `camelot replay` reads.

use crate::commands::emit;
use crate::error::{CliError, CliResult};
use crate::progress::Progress;
use crate::save;
use leap_arena::{
    self as arena, EnginePlayer, GameRecord, OpeningLine, Player, Series, SeriesResult, Strategist, Termination,
    TimeControl,
};
use leap_core::notation::{parse_movetext, parse_position};
use leap_core::search::{AlphaBeta, Minimax, Random, Strategy};
use leap_core::{Annotation, Game};
use leap_engine::{
    Engine, Features, Limits, Multi, Options as EngineOptions, MAX_CONTEMPT, MAX_DEPTH, MAX_MOVETIME_MS,
    MAX_MOVE_OVERHEAD_MS, MAX_THREADS,
};
use leap_games::with_game;
use leap_games::{self as variant, Played};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::IsTerminal;
use std::io::Write as _;
use std::path::PathBuf;
use std::time::Duration;

/// The options of `camelot match`.
#[derive(clap::Args, Clone, Debug)]
pub struct Options {
    /// A built-in variant name or a variant file.
    #[arg(value_parser = crate::commands::variant_arg)]
    pub variant: String,
    /// A player, once per seat of the game (twice for a game of two
    /// players; each seating is played in turn): `engine` (options
    /// after a colon: depth=N, movetime=MS, nodes=N, threads=N, hash=MIB,
    /// multi=paranoid|maxn|brs (games of three or more players),
    /// contempt=N (what a draw costs the engine,
    /// in hundredths of a man), level=1..8 (a playing strength for people;
    /// 8, full strength, by default), overhead=MS (time kept on the clock
    /// for what happens around a move, 10 by default), eval=FILE (evaluation weights: a file
    /// with an `[eval]` table, as `camelot tune` writes), and
    /// no-reductions, reduce-forcing, futility, no-futility, null-move, no-quiescence,
    /// no-quiet-captures, no-late-move-pruning, no-lazy-eval, plain), `alphabeta:DEPTH`,
    /// `minimax:DEPTH`, `random`.
    #[arg(long = "engine", value_name = "SPEC", required = true, num_args = 1, value_parser = spec_arg)]
    pub engines: Vec<Entrant>,
    /// Games, in sets from the same opening with every seating of the
    /// players once (pairs with the seats swapped; six games with three
    /// players): a multiple of the set, so that each player sits at each
    /// seat as often (default: 20 with two players, 24 with three).
    #[arg(long, value_parser = crate::commands::count::<u32, 1, { u32::MAX as u64 }>)]
    pub games: Option<u32>,
    /// A clock for each player: base seconds + increment seconds (`10+0.1`).
    #[arg(long, value_name = "BASE+INC", value_parser = parse_tc)]
    pub tc: Option<TimeControl>,
    /// Milliseconds per move for engines without their own limit (1 to 86400000, a day); with
    /// --tc, the most such an engine thinks a move on its clock.
    #[arg(long, value_name = "MS", value_parser = crate::commands::count::<u64, 1, { leap_engine::MAX_MOVETIME_MS }>)]
    pub movetime: Option<u64>,
    /// A file of openings, one per line as moves from the start
    /// (`1.E6-E8 H11-F9`) or a position string to start from (as `show`
    /// prints it); each opens a pair of games; blank lines and lines
    /// starting with `#` are skipped. Default: random openings.
    #[arg(long, value_name = "FILE")]
    pub openings: Option<PathBuf>,
    /// Random plies opening each pair of games, without an openings file.
    #[arg(long, default_value_t = 4, conflicts_with = "openings",
          value_parser = crate::commands::count::<u32, 0, { u32::MAX as u64 }>)]
    pub opening_plies: u32,
    /// A game that reaches this many plies ends unfinished (a draw).
    #[arg(long, default_value_t = 400, value_parser = crate::commands::count::<u32, 1, { u32::MAX as u64 }>)]
    pub max_plies: u32,
    /// Test H0: Elo difference ELO0 against H1: ELO1 (`0,10`) of the first
    /// player over the second (games of two players), with 5% error rates;
    /// the match stops when the test decides.
    #[arg(long, value_name = "ELO0,ELO1", value_parser = parse_sprt)]
    pub sprt: Option<(f64, f64)>,
    /// Games played at once (default: the cores, over each player's threads).
    #[arg(long, value_parser = crate::commands::count::<usize, 1, { MAX_THREADS as u64 }>)]
    pub concurrency: Option<usize>,
    /// The seed of every random choice.
    #[arg(long, default_value_t = 1, value_parser = crate::commands::count::<u64, 0, { u64::MAX }>)]
    pub seed: u64,
    /// Where the games are saved, each as soon as it ends (in the order
    /// they end; each record's Round tag is its number in the match): a new
    /// file, never one that exists (default: the first free of
    /// `match-VARIANT.pgn`, `match-VARIANT-2.pgn`, ...).
    #[arg(long, short)]
    pub output: Option<PathBuf>,
    /// No progress bar on stderr.
    #[arg(long)]
    pub quiet: bool,
}

impl Options {
    /// The players' names in the report and the records: their specs as
    /// written, numbered in the order given (`1: random`, `2: random`)
    /// when two are written alike, so that each can be told apart.
    fn names(&self) -> Vec<String> {
        let written: Vec<&str> = self.engines.iter().map(|e| e.name.as_str()).collect();
        let alike = written.iter().enumerate().any(|(i, a)| written[..i].contains(a));
        written
            .iter()
            .enumerate()
            .map(|(i, name)| if alike { format!("{}: {name}", i + 1) } else { name.to_string() })
            .collect()
    }
}

/// A player of a match as `--engine` gives it: its spec as written (its
/// name in the report and the records) and what the spec says.
#[derive(Clone, Debug)]
pub struct Entrant {
    name: String,
    spec: Spec,
}

/// A player as the command line names it.
#[derive(Clone, Debug, PartialEq)]
enum Spec {
    /// The engine with its options, limits (`None`: the match's),
    /// evaluation weights file (`None`: the variant's weights) and search
    /// of games of three or more players (`None`: the engine's default).
    Engine {
        options: EngineOptions,
        limits: Option<Limits>,
        eval: Option<PathBuf>,
        multi: Option<Multi>,
    },
    AlphaBeta(u32),
    Minimax(u32),
    Random,
}

/// An engine's options in a match unless its spec says otherwise: the
/// defaults, with a 16 MiB table (games run side by side).
fn engine_options() -> EngineOptions {
    EngineOptions { hash_mib: 16, ..EngineOptions::default() }
}

/// The engine as a match player with its match options, searching within
/// `limits` with the evaluation of `weights` (what `camelot tune` plays).
pub(crate) fn engine_player<G: Played>(
    game: &G,
    limits: Limits,
    weights: G::Weights,
    name: &str,
) -> Box<dyn Player<G>> {
    let spec = Spec::Engine { options: engine_options(), limits: Some(limits), eval: None, multi: None };
    spec.player(game, name, limits, 0, weights)
}

/// A switch of the engine in a player's spec: its name, and what it does
/// to the search's features.
type Switch = (&'static str, fn(&mut Features));

/// The engine's switches in a player's spec (`engine:no-reductions`):
/// each name and what it does to the search's features.
const SWITCHES: &[Switch] = &[
    ("no-reductions", |f| f.reductions = false),
    ("reduce-forcing", |f| f.reduce_forcing = true),
    ("futility", |f| f.futility = true),
    ("no-futility", |f| f.futility = false),
    ("null-move", |f| f.null_move = true),
    ("no-quiescence", |f| f.quiescence = false),
    ("no-quiet-captures", |f| f.quiet_captures = false),
    ("no-late-move-pruning", |f| f.late_move_pruning = false),
    ("no-lazy-eval", |f| f.lazy_eval = false),
    ("plain", |f| *f = Features::plain()),
];

/// Reads a player spec as clap reads `--engine` (a malformed one is a
/// malformed command line: exit status 2), keeping it as written.
fn spec_arg(text: &str) -> Result<Entrant, String> {
    match parse_spec(text) {
        Ok(spec) => Ok(Entrant { name: text.to_string(), spec }),
        // (clap names the value already.)
        Err(e) => Err(e.strip_prefix(&format!("`{text}`: ")).map_or(e.clone(), str::to_string)),
    }
}

/// Reads a player spec (see [`Options::engines`]).
fn parse_spec(text: &str) -> Result<Spec, String> {
    let (name, rest) = text.split_once(':').unwrap_or((text, ""));
    let items: Vec<&str> = rest.split(',').map(str::trim).collect();
    // (`engine:` and `engine:depth=1,,threads=2`: an option left empty.)
    if text.contains(':') && items.iter().any(|s| s.is_empty()) {
        let why = if items.len() == 1 { "nothing follows the colon" } else { "an option between commas is empty" };
        return Err(format!("`{text}`: {why}; give each option, as in `engine:depth=4,threads=2`, or none (`{name}`)"));
    }
    let items: Vec<&str> = items.into_iter().filter(|s| !s.is_empty()).collect();
    // (Digits too many for any number read as the largest: the option's
    // own range then says what it takes.)
    let number = |key: &str, value: &str| -> Result<u64, String> {
        value.parse::<u64>().or_else(|_| {
            if value.is_empty() {
                Err(format!("`{text}`: {key} needs a value: {key}=N"))
            } else if value.bytes().all(|b| b.is_ascii_digit()) {
                Ok(u64::MAX)
            } else if value.contains([':', '=', ';']) {
                // (`engine:depth=2:movetime=3`: options run together.)
                Err(format!("`{text}`: {key}={value} is not a whole number; options are separated by commas, as in `engine:depth=4,threads=2`"))
            } else {
                Err(format!("`{text}`: {key}={value} is not a whole number"))
            }
        })
    };
    let depth = |items: &[&str]| -> Result<u32, String> {
        match items {
            [d] => {
                let d = d.strip_prefix("depth=").unwrap_or(d);
                let d = number("depth", d)
                    .map_err(|_| format!("`{text}`: the depth must be a whole number from 1 to 12, as `{name}:4`"))?;
                if (1..=12).contains(&d) {
                    Ok(d as u32)
                } else {
                    Err(format!("`{text}`: the depth must be from 1 to 12"))
                }
            }
            _ => Err(format!("`{text}`: give the depth, as `{name}:4`")),
        }
    };
    match name {
        "random" if items.is_empty() => Ok(Spec::Random),
        "alphabeta" => Ok(Spec::AlphaBeta(depth(&items)?)),
        "minimax" => Ok(Spec::Minimax(depth(&items)?)),
        "engine" => {
            let mut options = engine_options();
            let mut limits = Limits::default();
            let mut eval = None;
            let mut multi = None;
            // (A search of no depth, no time or no positions has no move to give.)
            let positive = |key: &str, value: &str| {
                number(key, value).and_then(|n| {
                    if n == 0 {
                        Err(format!("`{text}`: {key} must be 1 or more"))
                    } else {
                        Ok(n)
                    }
                })
            };
            let mut seen: Vec<&str> = Vec::new();
            for item in items {
                let (key, value) = item.split_once('=').unwrap_or((item, ""));
                if seen.contains(&key) {
                    return Err(format!("`{text}`: {key} is given twice; give each option once"));
                }
                // (A switch and its opposite: which one was meant?)
                let opposite = key.strip_prefix("no-").map_or_else(|| format!("no-{key}"), str::to_string);
                if seen.contains(&opposite.as_str()) {
                    return Err(format!("`{text}`: {opposite} and {key} contradict each other; give one"));
                }
                seen.push(key);
                if let Some((_, apply)) = SWITCHES.iter().find(|(name, _)| *name == key) {
                    if item.contains('=') {
                        return Err(format!("`{text}`: {key} is a switch and takes no value (`{key}`, not `{item}`)"));
                    }
                    apply(&mut options.features);
                    continue;
                }
                match key {
                    "depth" => {
                        let depth = positive(key, value)?;
                        if depth > MAX_DEPTH as u64 {
                            return Err(format!("`{text}`: depth must be from 1 to {MAX_DEPTH}"));
                        }
                        limits.depth = Some(depth as u32);
                    }
                    "movetime" => {
                        let ms = positive(key, value)?;
                        if ms > MAX_MOVETIME_MS {
                            return Err(format!("`{text}`: movetime must be from 1 to {MAX_MOVETIME_MS} ms (a day)"));
                        }
                        limits.movetime = Some(Duration::from_millis(ms));
                    }
                    "nodes" => {
                        let nodes = positive(key, value)?;
                        if value.parse::<u64>().is_err() {
                            return Err(format!("`{text}`: nodes must be from 1 to {}", u64::MAX));
                        }
                        limits.nodes = Some(nodes);
                    }
                    "threads" => {
                        options.threads = number(key, value)? as usize;
                        if !(1..=MAX_THREADS).contains(&options.threads) {
                            return Err(format!("`{text}`: threads must be from 1 to {MAX_THREADS}"));
                        }
                    }
                    "hash" => {
                        options.hash_mib = number(key, value)? as usize;
                        if let Some(problem) = leap_engine::hash_problem(options.hash_mib) {
                            return Err(format!("`{text}`: hash {problem}"));
                        }
                    }
                    "multi" => {
                        multi = Some(
                            Multi::from_name(value)
                                .ok_or_else(|| format!("`{text}`: multi={value}; expected paranoid, maxn or brs"))?,
                        )
                    }
                    "contempt" => {
                        options.contempt =
                            value.parse().ok().filter(|c: &i32| c.abs() <= MAX_CONTEMPT).ok_or_else(|| {
                                format!(
                                    "`{text}`: contempt must be a whole number from -{MAX_CONTEMPT} to {MAX_CONTEMPT}"
                                )
                            })?
                    }
                    "level" => options.level = value.parse().map_err(|e| format!("`{text}`: {e}"))?,
                    "overhead" => {
                        let ms = value.parse::<u64>().ok().filter(|ms| *ms <= MAX_MOVE_OVERHEAD_MS).ok_or_else(|| {
                            format!("`{text}`: overhead must be a whole number of milliseconds from 0 to {MAX_MOVE_OVERHEAD_MS}")
                        })?;
                        options.move_overhead = std::time::Duration::from_millis(ms);
                    }
                    "eval" if value.is_empty() => {
                        return Err(format!("`{text}`: give the weights file, as eval=tuned.toml"))
                    }
                    "eval" => eval = Some(PathBuf::from(value)),
                    _ => {
                        let switches: Vec<&str> = SWITCHES.iter().map(|(name, _)| *name).collect();
                        return Err(format!(
                            "`{text}`: unknown engine option `{key}`; expected depth=, movetime=, nodes=, threads=, \
                             hash=, multi=, contempt=, level=, overhead=, eval=FILE, or one of the switches {}",
                            switches.join(", ")
                        ));
                    }
                }
            }
            Ok(Spec::Engine { options, limits: (!limits.is_infinite()).then_some(limits), eval, multi })
        }
        _ => {
            Err(format!("unknown player `{text}`: expected engine[:OPTIONS], alphabeta:DEPTH, minimax:DEPTH or random"))
        }
    }
}

impl Spec {
    /// Threads a game of this player uses.
    fn threads(&self) -> usize {
        match self {
            Spec::Engine { options, .. } => options.threads,
            _ => 1,
        }
    }

    /// The weights of this player's evaluation: its `eval=FILE`'s `[eval]`
    /// table over the variant's weights, or the variant's.
    fn weights<G: Played>(&self, game: &G) -> Result<G::Weights, CliError> {
        match self {
            Spec::Engine { eval: Some(path), .. } => read_weights_file(path, game.weights()),
            _ => Ok(game.weights()),
        }
    }

    /// The player, for one game, with these evaluation weights.
    fn player<G: Played>(
        &self,
        game: &G,
        name: &str,
        limits: Limits,
        seed: u64,
        weights: G::Weights,
    ) -> Box<dyn Player<G>> {
        let eval = game.evaluation_with(weights);
        let strategy = |s: Box<dyn Strategy<G> + Send>| -> Box<dyn Player<G>> { Box::new(Strategist(s)) };
        match self {
            Spec::Engine { options, limits: own, multi, .. } => {
                let options = EngineOptions { multi: multi.unwrap_or(options.multi), ..*options };
                let engine = Engine::new(game.clone(), eval, options);
                Box::new(EnginePlayer::new(engine, own.unwrap_or(limits), name))
            }
            Spec::AlphaBeta(d) => strategy(Box::new(AlphaBeta::new(*d, eval))),
            Spec::Minimax(d) => strategy(Box::new(Minimax::new(*d, eval))),
            Spec::Random => strategy(Box::new(Random::new(seed))),
        }
    }
}

/// Reads the `[eval]` table of a weights file (what `camelot tune`
/// writes, or a variant file) over `base`.
pub fn read_weights_file<W: leap_core::search::Weights>(path: &std::path::Path, base: W) -> Result<W, CliError> {
    let name = path.display().to_string();
    let text = leap_format::read_text(path).map_err(|error| CliError::Read { path: name.clone(), error })?;
    leap_format::read_weights(&name, &text, base).map_err(CliError::Weights)
}

/// Reads `--tc BASE+INC` (seconds).
fn parse_tc(text: &str) -> Result<TimeControl, String> {
    let (base, inc) = text.split_once('+').unwrap_or((text, "0"));
    let number = |s: &str| s.trim().parse::<f64>().ok().filter(|x| x.is_finite() && *x >= 0.0);
    let seconds = |s: &str| number(s).filter(|x| *x < 1e6);
    match (seconds(base), seconds(inc)) {
        (Some(b), Some(i)) if b > 0.0 => Ok(TimeControl::new(Duration::from_secs_f64(b), Duration::from_secs_f64(i))),
        (Some(_), Some(_)) => Err("the base time must be above 0 seconds, as `10+0.1`".to_string()),
        // (A number, but too large: said as such.)
        _ if number(base).is_some() && number(inc).is_some() => {
            Err("too large: the base time and the increment must each be under 1000000 seconds".to_string())
        }
        _ => Err("expected base seconds + increment seconds, as `10+0.1`".to_string()),
    }
}

/// The largest Elo difference an SPRT may test (a score of 99.7%).
const MAX_SPRT_ELO: f64 = 1000.0;

/// Reads `--sprt ELO0,ELO1`.
fn parse_sprt(text: &str) -> Result<(f64, f64), String> {
    let bad = || "expected two Elo differences, as `0,10`".to_string();
    let (a, b) = text.split_once(',').ok_or_else(bad)?;
    let (a, b): (f64, f64) = (a.trim().parse().map_err(|_| bad())?, b.trim().parse().map_err(|_| bad())?);
    if !(a.is_finite() && b.is_finite()) {
        return Err("expected two numbers of Elo, as `0,10`".to_string());
    }
    if a >= b {
        return Err("ELO0 must be below ELO1".to_string());
    }
    // (Beyond, an expected score rounds to 0 or 1 and the test's
    // likelihoods cannot be told apart.)
    if a < -MAX_SPRT_ELO || b > MAX_SPRT_ELO {
        return Err(format!("the Elo differences must be from -{MAX_SPRT_ELO} to {MAX_SPRT_ELO}"));
    }
    Ok((a, b))
}

/// Runs `camelot match`.
pub fn run(opts: &Options) -> CliResult {
    let specs: Vec<Spec> = opts.engines.iter().map(|e| e.spec.clone()).collect();
    let (time, sprt) = (opts.tc, opts.sprt);
    let threads = specs.iter().map(Spec::threads).max().unwrap_or(1);
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let concurrency = opts.concurrency.unwrap_or((cores / threads).max(1));
    if opts.openings.is_none() && opts.opening_plies >= opts.max_plies {
        return Err(CliError::CommandLine(format!(
            "--opening-plies {} leaves the players no move before --max-plies {} ends each game: give fewer \
             opening plies than that",
            opts.opening_plies, opts.max_plies
        )));
    }
    with_game!(crate::commands::load_variant(&opts.variant)?, g => {
        check_seats(g.name(), g.players().len(), opts, &specs)?;
        let games = match_games(opts.games, specs.len())?;
        if sprt.is_some() && specs.len() != 2 {
            return Err(CliError::CommandLine(format!(
                "--sprt compares two players, and {} is a game of {} players",
                g.name(),
                specs.len()
            )));
        }
        play_match(&g, opts, games, &specs, time, sprt, concurrency)
    })
}

/// Checks that the players fit the game `name` of `seats` seats: one per
/// seat, and a search of games of three or more players (`multi=`) only
/// in such a game (players that do not fit are a malformed command line,
/// as `play`'s seats).
fn check_seats(name: &str, seats: usize, opts: &Options, specs: &[Spec]) -> CliResult {
    let given = specs.len();
    if given != seats {
        return Err(CliError::CommandLine(format!(
            "{name} is a game of {seats} players: give {seats} players with --engine, one per seat, not {given}"
        )));
    }
    if seats < 3 {
        let multi = specs.iter().position(|s| matches!(s, Spec::Engine { multi: Some(_), .. }));
        if let Some(i) = multi {
            return Err(CliError::CommandLine(format!(
                "`{}`: multi= chooses the search of games of three or more players; {name} has two (leave it out)",
                opts.engines[i].name
            )));
        }
    }
    Ok(())
}

/// The games of a match of `players` players: `given`, which must be a
/// multiple of the set of games from one opening (every seating once), or
/// by default the first such multiple from 20.
pub(crate) fn match_games(given: Option<u32>, players: usize) -> Result<u32, CliError> {
    let set = leap_arena::seatings(players) as u32;
    match given {
        None => Ok(20u32.div_ceil(set) * set),
        Some(n) if n.is_multiple_of(set) => Ok(n),
        Some(n) => {
            let (below, above) = (n / set * set, n.div_ceil(set) * set);
            let choose = if below == 0 { format!("{above}") } else { format!("{below} or {above}") };
            let sets = if set == 2 {
                "games come in pairs from one opening, the seats swapped".to_string()
            } else {
                format!("{players} players sit in {set} seatings, and each opening is played in every one")
            };
            Err(CliError::CommandLine(format!(
                "--games {n}: {sets}, so that each player has each seat as often: give a multiple of {set} ({choose})"
            )))
        }
    }
}

/// The openings of the file: each line moves from the start, or a
/// position string (the form `show` prints, with its `:`) to start from;
/// blank lines and lines starting with `#` are skipped. Every line that
/// cannot open a game is reported, at once, each at its line (and column).
fn read_openings<G: Game>(game: &G, path: &std::path::Path) -> Result<Vec<OpeningLine>, CliError> {
    let name = path.display().to_string();
    let text = leap_format::read_text(path).map_err(|error| CliError::Read { path: name.clone(), error })?;
    let mut openings = Vec::new();
    let mut problems = Vec::new();
    for (i, full) in text.lines().enumerate() {
        let line = full.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        // (Places are in the file's line: the columns after the spaces trimmed.)
        let indent = full.len() - full.trim_start().len();
        let bad = |column: Option<usize>, message: String| {
            let at = column.map_or(String::new(), |c| format!(":{}", c + indent));
            format!("{name}:{}{at}: {message}", i + 1)
        };
        match read_opening(game, line) {
            Ok(opening) => openings.push(opening),
            Err((column, message)) => problems.push(bad(column, message)),
        }
    }
    match problems.len() {
        0 if openings.is_empty() => Err(CliError::Usage(format!(
            "{name}: no openings (one per line, as moves from the start or a position string)"
        ))),
        0 => Ok(openings),
        1 => Err(CliError::Usage(problems.remove(0))),
        n => Err(CliError::Usage(format!("{name}: {n} openings cannot be played:\n{}", problems.join("\n")))),
    }
}

/// One line of an openings file, or what is wrong with it (the column in
/// the line, when a place is known).
fn read_opening<G: Game>(game: &G, line: &str) -> Result<OpeningLine, (Option<usize>, String)> {
    if line.contains(':') {
        let start = parse_position(game, line).map_err(|e| (None, format!("the position: {e}")))?;
        if game.outcome(&start).is_some() {
            return Err((None, "the game is over in this position: there is nothing to play".to_string()));
        }
        return Ok(OpeningLine { start, moves: Vec::new() });
    }
    let plies = parse_movetext(line).map_err(|e| (Some(e.column), e.message))?;
    let mut history = leap_core::History::new(game.start());
    history
        .play_all(game, &plies)
        .map_err(|e| (e.at.map(|(_, c)| c), format!("move {} ({}): {}", e.number, e.player, e.error)))?;
    if let Some(o) = history.outcome(game) {
        return Err((
            None,
            format!(
                "the game is over after these moves ({}): there is nothing to play",
                o.describe(game, history.current())
            ),
        ));
    }
    let moves = history.moves().iter().map(|m| m.key()).collect();
    Ok(OpeningLine { start: game.start(), moves })
}

fn play_match<G: Played>(
    game: &G,
    opts: &Options,
    games: u32,
    specs: &[Spec],
    time: Option<TimeControl>,
    sprt: Option<(f64, f64)>,
    concurrency: usize,
) -> CliResult {
    let openings = opts.openings.as_deref().map(|p| read_openings(game, p)).transpose()?;
    // Where the games go is checked before the first is played: a match's
    // games are not to be lost to a folder that cannot be written, nor is
    // a file (another match's games, a variant file) to be lost to them.
    let base = opts.output.clone().unwrap_or_else(|| PathBuf::from(format!("match-{}.pgn", file_stem(&opts.variant))));
    let protected = save::variant_files(std::slice::from_ref(&opts.variant));
    if let Some(given) = &opts.output {
        save::refuse_existing(given, std::slice::from_ref(given), &protected, "a match")?;
    }
    save::check_target(&save::first_free(&base, |_| Vec::new()), &protected)?;
    let weights: Vec<G::Weights> = specs.iter().map(|s| s.weights(game)).collect::<Result<_, _>>()?;
    let names = &opts.names();
    // Without a clock, engines without their own limit search 100 ms a move.
    let default_limits = match (opts.movetime, time) {
        (Some(ms), _) => Limits::movetime(ms),
        (None, Some(_)) => Limits::default(),
        (None, None) => Limits::movetime(100),
    };
    let pool = crate::commands::thread_pool(concurrency)?;
    let progress = Progress::new(games as usize, opts.quiet);
    let series = Series {
        games,
        entrants: specs.len(),
        openings,
        opening_plies: opts.opening_plies,
        seed: opts.seed,
        max_plies: opts.max_plies,
        time,
        sprt,
    };
    let entrant = |_game: u32, e: usize, seed: u64| specs[e].player(game, &names[e], default_limits, seed, weights[e]);
    // The games' file is made now, and each game written to it as it ends:
    // a match stopped (Ctrl-C) keeps the games it finished.
    let (output, file) = save::create_new(|n| save::numbered(&base, n))?;
    // (The variant file's tag, and the clock's in the PGN standard's form.)
    let mut tags = variant::tags_beside(&variant::source_tags(&opts.variant), &output);
    tags.extend(time.map(|t| (TimeControl::TAG.to_string(), t.pgn_tag())));
    let recorder = std::sync::Arc::new(Recorder {
        file: std::sync::Mutex::new((file, None)),
        written: std::sync::atomic::AtomicU32::new(0),
        tags,
    });
    if !opts.quiet {
        eprintln!("{games} games, each saved to {} as it ends", output.display());
    }
    // A signal that ends the program (Ctrl-C) waits for the game being
    // written, and says what the file holds.
    let watch = {
        let (recorder, output) = (recorder.clone(), output.clone());
        // (The progress bar's line is cleared where there is one.)
        let clear = if !opts.quiet && std::io::stderr().is_terminal() { "\r\x1b[2K" } else { "" };
        crate::interrupt::Interrupt::watch(move |_| {
            let guard = recorder.file.lock().unwrap_or_else(|e| e.into_inner());
            let _ = guard.0.sync_all();
            let n = recorder.written.load(std::sync::atomic::Ordering::SeqCst);
            let noun = if games == 1 { "game" } else { "games" };
            eprintln!("{clear}match interrupted: {n} of {games} {noun} played, saved to {}", output.display());
            // (The lock is held until the program ends: no game is half written.)
            std::mem::forget(guard);
            true
        })
        .map_err(|e| eprintln!("note: Ctrl-C will end the match without saying where its games are: {e}"))
        .ok()
    };
    let done = |i: u32, record: &GameRecord| {
        recorder.write(&record_text(game, i, record, names, &recorder.tags));
        progress.tick();
    };
    let result = pool.install(|| series.play(game, entrant, done));
    drop(watch);
    progress.finish();
    let recorder = std::sync::Arc::into_inner(recorder).expect("the watch is over");
    let written = recorder.written.into_inner();
    let (file, failed) = recorder.file.into_inner().expect("no panic holds the file");
    let failed = failed.or_else(|| file.sync_all().err());
    emit(&report(game, opts, &result, sprt, &output, concurrency, failed.is_some().then_some(written)))?;
    match failed {
        None => Ok(()),
        Some(error) => Err(CliError::Write { path: output.display().to_string(), error }),
    }
}

/// The games' file of a match, written game by game, and the first error
/// of a write (after which nothing more is written).
struct Recorder {
    file: std::sync::Mutex<(std::fs::File, Option<std::io::Error>)>,
    /// The games written whole.
    written: std::sync::atomic::AtomicU32,
    /// The tags of the variant's source and of the clock, in every record.
    tags: Vec<(String, String)>,
}

impl Recorder {
    /// Appends a game's record, at once (the file is not buffered). A
    /// record a write fails in the middle of (a full disk) is cut off
    /// again, so that the file holds the games before it, whole.
    fn write(&self, text: &str) {
        let mut guard = self.file.lock().expect("no panic holds the file");
        let (file, failed) = &mut *guard;
        if failed.is_none() {
            let wrote = file.metadata().map(|m| m.len()).and_then(|before| {
                let wrote = file.write_all(text.as_bytes()).and_then(|()| file.flush());
                if wrote.is_err() {
                    let _ = file.set_len(before);
                }
                wrote
            });
            match wrote {
                Ok(()) => {
                    self.written.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                }
                Err(e) => *failed = Some(e),
            }
        }
    }
}

/// The variant's name for a file: a variant file's stem.
fn file_stem(variant: &str) -> String {
    std::path::Path::new(variant).file_stem().map_or_else(|| variant.to_string(), |s| s.to_string_lossy().to_string())
}

/// How a game ended, in a few words: the rule that ended it, or how
/// otherwise (`Black lost on time`).
fn ending<G: Game>(game: &G, record: &GameRecord) -> String {
    match record.termination {
        Termination::Rules(o) => o.reason.name().to_string(),
        Termination::PlyLimit => "ply limit".to_string(),
        other => other.describe(game, record.history.current()),
    }
}

/// Game `i` of the match as a record, and a blank line: the tags `source`
/// (the variant file's, as `play` writes them), the match's (its Round,
/// the game's number in the match) and the players'; on clocks, the time
/// each move's player had left after it.
fn record_text<G: Game>(
    game: &G,
    i: u32,
    record: &GameRecord,
    names: &[String],
    source: &[(String, String)],
) -> String {
    let players = game.players();
    let seats = arena::seating(i, names.len(), players.len()).expect("checked");
    let mut tags = source.to_vec();
    tags.push(("Event".to_string(), "camelot match".to_string()));
    tags.push(("Round".to_string(), (i + 1).to_string()));
    for (p, info) in players.iter().enumerate() {
        tags.push((info.name.clone(), names[seats[p]].clone()));
    }
    let mut text = record.termination.record(game, &record.history, &tags, &[], &Annotation::clocks(&record.clocks));
    text.push('\n');
    text
}

/// The report: the result from the first player's side, its Elo, the SPRT,
/// and where the games are (`saved`: all of them).
fn report<G: Game>(
    game: &G,
    opts: &Options,
    result: &SeriesResult,
    sprt: Option<(f64, f64)>,
    output: &std::path::Path,
    concurrency: usize,
    short: Option<u32>,
) -> String {
    let SeriesResult { games: played, tallies, decided } = result;
    let mut out = String::new();
    let names = opts.names();
    let (a, k) = (&names[0], names.len());
    let openings = match &opts.openings {
        Some(f) => format!("openings from {}", f.display()),
        None if k == 2 => format!("{} random plies opening each pair", opts.opening_plies),
        None => format!("{} random plies opening each set of seatings", opts.opening_plies),
    };
    let clock = match (&opts.tc, opts.movetime) {
        (Some(tc), None) => format!("clock {}+{} s", tc.base.as_secs_f64(), tc.increment.as_secs_f64()),
        // (Both: the clock, and the move time as a cap on each move.)
        (Some(tc), Some(ms)) => format!(
            "clock {}+{} s and at most {ms} ms a move for engines without a limit of their own",
            tc.base.as_secs_f64(),
            tc.increment.as_secs_f64()
        ),
        (None, Some(ms)) => format!("{ms} ms a move for engines without a limit of their own"),
        (None, None) => "100 ms a move for engines without a limit of their own".to_string(),
    };
    let _ = writeln!(out, "match {}: {}", game.name(), names.join(" against "));
    let _ = writeln!(out, "  {} games, {openings}, {clock}, {concurrency} at once", played.len());
    for (name, t) in names.iter().zip(tallies) {
        // (A draw shares the point among the players.)
        let score = (t.wins as f64 + t.draws as f64 / k as f64) / t.games().max(1) as f64;
        let _ = writeln!(out, "  {name}: {t}: score {:.1}%", 100.0 * score);
    }
    let tally = tallies[0];
    if k == 2 {
        let elo = tally.elo();
        let (d, l, h) = (elo_text(elo.diff), elo_text(elo.low), elo_text(elo.high));
        let _ = writeln!(out, "  Elo difference: {d} (95% interval {l} to {h})");
    }
    if let Some((elo0, elo1)) = sprt {
        // The verdict is the test's when it decided; the games then in
        // progress were played out (and are counted above) but change it not.
        let at = decided.unwrap_or(tally);
        let s = at.sprt(elo0, elo1, 0.05, 0.05);
        let verdict = match s.verdict {
            arena::Verdict::Stronger => format!("{a} is stronger by at least {elo1} (H1)"),
            arena::Verdict::NotStronger => format!("{a} is not stronger by {elo1} (H0: at most {elo0})"),
            arena::Verdict::Undecided => "undecided: more games are needed".to_string(),
        };
        let when = match at.games() {
            n if n < tally.games() => {
                let later = tally.games() - n;
                let (games, were) = if later == 1 { ("game", "was") } else { ("games", "were") };
                let all = tally.sprt(elo0, elo1, 0.05, 0.05).llr;
                format!(
                    " after {n} games; the {later} {games} then in progress {were} played out (LLR {all:.2} over all)"
                )
            }
            _ => String::new(),
        };
        let _ = writeln!(
            out,
            "  SPRT({elo0}, {elo1}): LLR {:.2} (bounds {:.2}, {:.2}): {verdict}{when}",
            s.llr, s.lower, s.upper
        );
    }
    let mut endings: BTreeMap<String, u64> = BTreeMap::new();
    for (_, r) in played.iter() {
        *endings.entry(ending(game, r)).or_default() += 1;
    }
    let endings: Vec<String> = endings.iter().map(|(k, v)| format!("{k} {v}")).collect();
    let _ = writeln!(out, "  games ended by: {}", endings.join(", "));
    // (A random opening can end a game by a rule of its own, or by the move
    // limit, before any player moves: the game says nothing of them.)
    let unplayed = played.iter().filter(|(_, r)| r.usage.iter().all(|u| u.moves == 0)).count();
    if unplayed > 0 {
        let _ = writeln!(
            out,
            "  note: {} ended in the opening, before any player moved: counted as they ended, \
             they say nothing of the players (give fewer --opening-plies)",
            leap_core::counted(unplayed as u64, "game")
        );
    }
    match (&opts.output, short) {
        (_, Some(n)) => {
            let of = leap_core::counted(played.len() as u64, "game");
            let _ = writeln!(out, "  {n} of {of} saved to {}, whole, before a write failed", output.display());
        }
        (Some(given), None) if given != output => {
            let given = given.display();
            let _ = writeln!(
                out,
                "  games saved to {} ({given} was made during the match: left as it was)",
                output.display()
            );
        }
        _ => {
            let _ = writeln!(out, "  games saved to {}", output.display());
        }
    }
    out
}

/// An Elo difference: `+123`, `-45`, or `+inf`.
pub(crate) fn elo_text(elo: f64) -> String {
    if elo.is_infinite() {
        if elo > 0.0 { "+inf" } else { "-inf" }.to_string()
    } else {
        // (Rounded first, and -0 made 0: an even score reads `+0`, not `-0`.)
        format!("{:+.0}", elo.round() + 0.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_switch_and_its_opposite_are_refused() {
        let e = parse_spec("engine:futility,no-futility").unwrap_err();
        assert!(e.contains("futility and no-futility contradict each other"), "{e}");
        let e = parse_spec("engine:no-futility,movetime=5,futility").unwrap_err();
        assert!(e.contains("no-futility and futility contradict each other"), "{e}");
        assert!(parse_spec("engine:no-futility,no-reductions").is_ok());
    }

    #[test]
    fn an_option_left_empty_or_without_its_value_is_named() {
        let e = parse_spec("engine:").unwrap_err();
        assert!(e.starts_with("`engine:`: nothing follows the colon; give each option"), "{e}");
        let e = parse_spec("engine:depth=1,,movetime=5").unwrap_err();
        assert!(e.starts_with("`engine:depth=1,,movetime=5`: an option between commas is empty"), "{e}");
        assert_eq!(parse_spec("engine:depth").unwrap_err(), "`engine:depth`: depth needs a value: depth=N");
        assert!(parse_spec("engine:depth=1, movetime=5").is_ok());
    }

    #[test]
    fn a_number_in_a_spec_too_large_says_so() {
        // (As a number within the type's range would: the option's range.)
        let e = parse_spec("engine:movetime=99999999999999999999").unwrap_err();
        assert!(e.ends_with("movetime must be from 1 to 86400000 ms (a day)"), "{e}");
        let e = parse_spec("engine:hash=99999999999999999999").unwrap_err();
        assert!(e.contains("`engine:hash=99999999999999999999`: hash "), "{e}");
        assert!(!e.contains("18446744073709551615"), "{e}");
        let e = parse_spec("engine:movetime=1e3").unwrap_err();
        assert!(e.contains("is not a whole number"), "{e}");
        let e = parse_spec("alphabeta:x").unwrap_err();
        assert_eq!(e, "`alphabeta:x`: the depth must be a whole number from 1 to 12, as `alphabeta:4`");
        // Options run together with another separator than a comma: say so.
        let e = parse_spec("engine:depth=2:movetime=3").unwrap_err();
        assert!(e.contains("options are separated by commas"), "{e}");
        // (The engine's deepest search: a deeper one is refused, not cut.)
        let e = parse_spec("engine:depth=999").unwrap_err();
        assert_eq!(e, "`engine:depth=999`: depth must be from 1 to 127");
        // (Nor a search of more than a day: a slip that would look like a hang.)
        let e = parse_spec("engine:movetime=86400001").unwrap_err();
        assert_eq!(e, "`engine:movetime=86400001`: movetime must be from 1 to 86400000 ms (a day)");
        let Ok(Spec::Engine { limits, .. }) = parse_spec("engine:depth=127") else { panic!("an engine") };
        assert_eq!(limits, Some(Limits::depth(127)));
    }

    #[test]
    fn an_elo_difference_has_its_sign_and_no_negative_zero() {
        assert_eq!(elo_text(-0.0), "+0");
        assert_eq!(elo_text(-0.4), "+0");
        assert_eq!(elo_text(-0.6), "-1");
        assert_eq!(elo_text(123.4), "+123");
        assert_eq!(elo_text(f64::NEG_INFINITY), "-inf");
    }

    #[test]
    fn specs_name_players_and_their_options() {
        assert_eq!(parse_spec("random"), Ok(Spec::Random));
        assert_eq!(parse_spec("alphabeta:4"), Ok(Spec::AlphaBeta(4)));
        assert_eq!(parse_spec("minimax:depth=2"), Ok(Spec::Minimax(2)));
        let Ok(Spec::Engine { options, limits, eval, .. }) =
            parse_spec("engine:movetime=50,threads=2,hash=8,no-reductions,eval=tuned.toml")
        else {
            panic!("an engine")
        };
        assert_eq!((options.threads, options.hash_mib, options.features.reductions), (2, 8, false));
        assert_eq!(limits, Some(Limits::movetime(50)));
        assert_eq!(eval, Some(PathBuf::from("tuned.toml")));
        assert_eq!(
            parse_spec("engine"),
            Ok(Spec::Engine { options: engine_options(), limits: None, eval: None, multi: None })
        );
        let Ok(Spec::Engine { multi, .. }) = parse_spec("engine:multi=maxn") else { panic!("an engine") };
        assert_eq!(multi, Some(Multi::MaxN));
        let Ok(Spec::Engine { options, .. }) = parse_spec(
            "engine:no-futility,null-move,reduce-forcing,no-quiet-captures,no-late-move-pruning,contempt=-20",
        ) else {
            panic!("an engine")
        };
        assert!(!options.features.futility && options.features.null_move && options.features.reduce_forcing);
        assert!(!options.features.quiet_captures && engine_options().features.quiet_captures);
        assert!(!options.features.late_move_pruning && engine_options().features.late_move_pruning);
        assert_eq!(options.contempt, -20);
        assert_eq!(engine_options().contempt, 0);
        let Ok(Spec::Engine { options, .. }) = parse_spec("engine:overhead=250") else { panic!("an engine") };
        assert_eq!(options.move_overhead.as_millis(), 250);
        assert_eq!(engine_options().move_overhead.as_millis(), 10);
        let Ok(Spec::Engine { options, .. }) = parse_spec("engine:level=3") else { panic!("an engine") };
        assert_eq!(options.level.number(), 3);
        assert!(engine_options().level.is_full());
        assert!(engine_options().features.futility && !engine_options().features.null_move);
        assert!(!engine_options().features.reduce_forcing);
        for bad in [
            "alphabeta",
            "alphabeta:0",
            "alphabeta:x",
            "engine:speed=3",
            "engine:threads=0",
            "engine:eval=",
            "engine:contempt=",
            "engine:contempt=1001",
            "engine:contempt=1.5",
            "engine:overhead=",
            "engine:overhead=-1",
            "engine:overhead=5001",
            "engine:level=0",
            "engine:level=9",
            "engine:level=",
            "engine:depth=0",
            "engine:movetime=0",
            "engine:nodes=0",
            "engine:depth=1,depth=2",
            "engine:no-reductions,no-reductions",
            "engine:no-reductions=5",
            "stockfish",
            "random:3",
        ] {
            assert!(parse_spec(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn clocks_and_sprt_bounds() {
        assert_eq!(parse_tc("10+0.1"), Ok(TimeControl::new(Duration::from_secs(10), Duration::from_millis(100))));
        assert_eq!(parse_tc("5").map(|t| t.increment), Ok(Duration::ZERO));
        assert_eq!(parse_tc("0+0"), Err("the base time must be above 0 seconds, as `10+0.1`".to_string()));
        for bad in ["", "0+1", "x+1", "10+-1", "10+y"] {
            assert!(parse_tc(bad).is_err(), "{bad}");
        }
        for huge in ["1e308+0", "99999999999999999999+0", "10+1000000"] {
            assert_eq!(
                parse_tc(huge),
                Err("too large: the base time and the increment must each be under 1000000 seconds".to_string()),
                "{huge}"
            );
        }
        assert_eq!(parse_sprt("0,10"), Ok((0.0, 10.0)));
        assert!(parse_sprt("10,0").is_err());
        assert!(parse_sprt("0").is_err());
        assert_eq!(parse_sprt("NaN,5"), Err("expected two numbers of Elo, as `0,10`".to_string()));
        assert_eq!(parse_sprt("inf,5"), Err("expected two numbers of Elo, as `0,10`".to_string()));
    }
}
