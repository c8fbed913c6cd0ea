//! `camelot tune`: fits the weights of a variant's evaluation to the
//! results of self-play games (Texel tuning, [`leap_arena::tune`]), then
//! keeps them only if a match against the weights it started from shows
//! them stronger.

use crate::commands::{emit, thread_pool};
use crate::error::{CliError, CliResult};
use crate::matches::{elo_text, engine_player};
use crate::progress::Progress;
use crate::save;
use leap_arena::{tune, Series, SeriesResult};
use leap_core::search::Weights;
use leap_core::Game;
use leap_engine::{Limits, MAX_THREADS};
use leap_games::{with_game, Played};
use std::fmt::Write as _;
use std::path::PathBuf;
use std::time::Instant;

/// The options of `camelot tune`.
#[derive(clap::Args, Clone, Debug)]
pub struct Options {
    /// A built-in variant name or a variant file: the fit starts from its
    /// weights (its `[eval]` table over the family's defaults).
    #[arg(value_parser = crate::commands::variant_arg)]
    pub variant: String,
    /// Self-play games to learn from.
    #[arg(long, default_value_t = 200, value_parser = crate::commands::count::<u32, 1, { u32::MAX as u64 }>)]
    pub games: u32,
    /// Positions the engine searches a move, in the self-play games and in
    /// the check match (a node limit makes the games independent of the
    /// machine's load).
    #[arg(long, default_value_t = 2000, value_parser = crate::commands::count::<u64, 1, { u64::MAX }>)]
    pub nodes: u64,
    /// Random plies opening each game, so that the games differ.
    #[arg(long, default_value_t = 8, value_parser = crate::commands::count::<u32, 0, { u32::MAX as u64 }>)]
    pub opening_plies: u32,
    /// A game that reaches this many plies ends unfinished (a draw).
    #[arg(long, default_value_t = 300, value_parser = crate::commands::count::<u32, 1, { u32::MAX as u64 }>)]
    pub max_plies: u32,
    /// The weights to fit, by name, comma separated (default: every one).
    #[arg(long, value_delimiter = ',', value_name = "NAMES")]
    pub weights: Vec<String>,
    /// The most rounds of the fit (each tries every weight once).
    #[arg(long, default_value_t = 40, value_parser = crate::commands::count::<u32, 1, { u32::MAX as u64 }>)]
    pub rounds: u32,
    /// Games of the check match, fitted weights against the start ones
    /// (pairs from one opening with the seats swapped: an even number).
    #[arg(long, default_value_t = 200, value_parser = pairs)]
    pub check_games: u32,
    /// The seed of every random choice.
    #[arg(long, default_value_t = 1, value_parser = crate::commands::count::<u64, 0, { u64::MAX }>)]
    pub seed: u64,
    /// Games played at once (default: the cores).
    #[arg(long, value_parser = crate::commands::count::<usize, 1, { MAX_THREADS as u64 }>)]
    pub concurrency: Option<usize>,
    /// Where the fitted weights are written when they are kept: a new
    /// file, never one that exists (default: the first free of
    /// `tuned-VARIANT.toml`, `tuned-VARIANT-2.toml`, ...), with an
    /// `[eval]` table, for a variant file or for `camelot match --engine
    /// engine:eval=FILE`.
    #[arg(long, short)]
    pub output: Option<PathBuf>,
    /// No progress bar on stderr.
    #[arg(long)]
    pub quiet: bool,
}

/// Reads `--check-games`: pairs of games, so that each side moves first
/// as often.
fn pairs(text: &str) -> Result<u32, String> {
    let n: u32 = crate::commands::count::<u32, 2, { u32::MAX as u64 }>(text)?;
    if n.is_multiple_of(2) {
        Ok(n)
    } else {
        Err(format!("the games come in pairs, seats swapped: expected an even number ({} or {})", n - 1, n + 1))
    }
}

/// Runs `camelot tune`.
pub fn run(opts: &Options) -> CliResult {
    let usage = |m: String| CliError::Usage(m);
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    // (As `match` refuses it: found before the games, not after them.)
    if opts.opening_plies >= opts.max_plies {
        return Err(CliError::CommandLine(format!(
            "--opening-plies {} leaves the players no move before --max-plies {} ends each game: give fewer \
             opening plies than that",
            opts.opening_plies, opts.max_plies
        )));
    }
    let pool = thread_pool(opts.concurrency.unwrap_or(cores))?;
    with_game!(crate::commands::load_variant(&opts.variant)?, g => {
        if g.players().len() != 2 {
            return Err(usage(format!(
                "{}: tuning needs a game of two players (the fit predicts one side's result)",
                opts.variant
            )));
        }
        let output = output_base(g.name(), opts)?;
        pool.install(|| tune_game(&g, opts, &output))
    })
}

/// The weights that count only in games of three or more players (the
/// Camelot family's share of the opponents' figures), which tuning, in
/// games of two, cannot fit.
const MANY_PLAYERS_ONLY: &[&str] = &["opponents"];

/// The indices of the weights named, or of every weight that counts in a
/// game of two players (a name the family has not, one named twice, or
/// one that counts only with more players, is a malformed command line).
fn tunable<W: Weights>(names: &[String]) -> Result<Vec<usize>, CliError> {
    if names.is_empty() {
        return Ok((0..W::NAMES.len()).filter(|&i| !MANY_PLAYERS_ONLY.contains(&W::NAMES[i])).collect());
    }
    let mut chosen = Vec::new();
    for n in names {
        let index = W::index_of(n.trim()).ok_or_else(|| {
            CliError::CommandLine(format!("--weights: no weight `{n}`; expected some of {}", W::NAMES.join(", ")))
        })?;
        if MANY_PLAYERS_ONLY.contains(&W::NAMES[index]) {
            return Err(CliError::CommandLine(format!(
                "--weights: `{}` counts only in games of three or more players, and tuning plays games of two: \
                 leave it out",
                n.trim()
            )));
        }
        if chosen.contains(&index) {
            return Err(CliError::CommandLine(format!(
                "--weights: `{}` is named twice; name each weight once",
                n.trim()
            )));
        }
        chosen.push(index);
    }
    Ok(chosen)
}

/// Where the weights will go, checked before any game is played: `-o`,
/// refused if it names a file (the variant file above all), or the first
/// free name from `tuned-VARIANT.toml`. Returns the name the save starts
/// from (see [`save::save_new`]).
fn output_base(name: &str, opts: &Options) -> Result<PathBuf, CliError> {
    let protected = save::variant_files(std::slice::from_ref(&opts.variant));
    let base = opts.output.clone().unwrap_or_else(|| PathBuf::from(format!("tuned-{name}.toml")));
    if let Some(given) = &opts.output {
        save::refuse_existing(given, std::slice::from_ref(given), &protected, "tune")?;
    }
    save::check_target(&save::first_free(&base, |_| Vec::new()), &protected)?;
    Ok(base)
}

fn tune_game<G: Played + Sync>(game: &G, opts: &Options, base: &std::path::Path) -> CliResult {
    let tunable = &tunable::<G::Weights>(&opts.weights)?;
    let start = game.weights();
    let started = Instant::now();
    // Self-play, with the start weights on both sides.
    let series = Series {
        games: opts.games,
        entrants: 2,
        openings: None,
        opening_plies: opts.opening_plies,
        seed: opts.seed,
        max_plies: opts.max_plies,
        time: None,
        sprt: None,
    };
    let progress = Progress::new(opts.games as usize, opts.quiet);
    let played = series.play(
        game,
        |_, _, _| engine_player(game, Limits::nodes(opts.nodes), start, "engine"),
        |_, _| progress.tick(),
    );
    progress.finish();
    let skip = opts.opening_plies as usize + 2;
    let samples: Vec<tune::Sample> = played.games.iter().flat_map(|(_, r)| tune::samples(game, r, skip)).collect();
    if samples.is_empty() {
        return Err(CliError::Usage(format!(
            "the {} self-play games left no quiet position to learn from: play more games, or longer ones",
            opts.games
        )));
    }
    let selfplay_secs = started.elapsed().as_secs_f64();
    // The fit.
    let fitting = Instant::now();
    let fit = tune::fit(
        game,
        &samples,
        start,
        tunable,
        |w| game.evaluation_with(w),
        None,
        opts.rounds,
        |round, e, _| {
            if !opts.quiet {
                eprintln!("round {round}: error {e:.6}");
            }
        },
    );
    let fit_secs = fitting.elapsed().as_secs_f64();
    // The check: fitted against start weights, on other openings (not
    // played when the fit changed nothing: there is nothing to compare).
    let changed = fit.weights != start;
    let tally = if changed {
        let check = Series { games: opts.check_games, seed: leap_arena::mix(&[opts.seed, 0x7E57]), ..series };
        let progress = Progress::new(opts.check_games as usize, opts.quiet);
        let names = ["fitted", "start"];
        let weights = [fit.weights, start];
        let SeriesResult { tallies, .. } = check.play(
            game,
            |_, e, _| engine_player(game, Limits::nodes(opts.nodes), weights[e], names[e]),
            |_, _| progress.tick(),
        );
        progress.finish();
        tallies[0]
    } else {
        leap_arena::Tally::default()
    };
    let elo = tally.elo();
    let kept = changed && elo.low > 0.0;

    let mut out = String::new();
    let _ = writeln!(
        out,
        "tune {}: {} self-play games (the engine at {} nodes a move, {} random plies opening each pair) in {selfplay_secs:.0} s",
        game.name(),
        played.games.len(),
        opts.nodes,
        opts.opening_plies
    );
    let _ = writeln!(
        out,
        "  {}; logistic scale {:.3}; mean squared error {:.6} -> {:.6} in {}, {fit_secs:.0} s",
        leap_core::counted(samples.len() as u64, "quiet position"),
        fit.scale,
        fit.start_error,
        fit.error,
        leap_core::counted(fit.rounds as u64, "round")
    );
    // (Positions whose games all ended alike tell the weights nothing.)
    if samples.first().is_some_and(|first| samples.iter().all(|s| s.result == first.result)) {
        let _ = writeln!(
            out,
            "  note: every position's game ended the same way, so the results cannot tell the weights apart: play \
             more games (--games) or longer ones (--nodes)"
        );
    }
    let width = <G::Weights as Weights>::NAMES.iter().map(|n| n.len()).max().unwrap_or(6).max(6);
    let _ = writeln!(out, "  {:width$}  {:>7}  {:>7}", "weight", "start", "fitted");
    for (i, name) in <G::Weights as Weights>::NAMES.iter().enumerate() {
        let mark = if tunable.contains(&i) { "" } else { "  (not fitted)" };
        let _ = writeln!(out, "  {name:width$}  {:>7}  {:>7}{mark}", start.get(i), fit.weights.get(i));
    }
    let (d, l, h) = (elo_text(elo.diff), elo_text(elo.low), elo_text(elo.high));
    if changed {
        let _ = writeln!(
            out,
            "check: fitted against start weights, {} games at {} nodes a move: {}: score {:.1}%, Elo {d} (95% interval {l} to {h})",
            tally.games(),
            opts.nodes,
            tally,
            100.0 * tally.score()
        );
    } else {
        let _ = writeln!(out, "check: not played, the fit left the weights as they were");
    }
    if kept {
        let comment = format!(
            "Evaluation weights of {} fitted by `camelot tune` on {} quiet positions of {} self-play games\n\
             ({} nodes a move); against the start weights: {}, Elo {d} ({l} to {h}).\n\
             Use with `camelot match --engine engine:eval=FILE`, or copy the table into a variant file.",
            game.name(),
            samples.len(),
            played.games.len(),
            opts.nodes,
            tally
        );
        let text = leap_format::write_weights(&fit.weights, &comment);
        // (Whole or not at all, and over no file: one made meanwhile at
        // the name checked at the start is left, and the next name taken.)
        let output = save::save_new(|n| save::numbered(base, n), &text)?;
        let _ = writeln!(out, "kept: the fitted weights are stronger; written to {}", output.display());
        if let Some(given) = opts.output.as_ref().filter(|&given| *given != output) {
            let _ = writeln!(out, "  ({} was made during the tuning: left as it was)", given.display());
        }
    } else if fit.weights == start {
        let _ = writeln!(out, "not kept: the fit left the weights as they were; nothing written");
    } else {
        let _ = writeln!(
            out,
            "not kept: the match does not show the fitted weights stronger (the interval reaches 0 or below); \
             the start weights stay, nothing written"
        );
    }
    emit(&out)
}
