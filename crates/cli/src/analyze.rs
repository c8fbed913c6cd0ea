//! `camelot analyze`: the engine's view of a position, depth by depth.

use crate::commands::{emit, setup_history};
use crate::error::{CliError, CliResult};
use crate::Setup;
use leap_core::notation::format_line;
use leap_core::Position;
use leap_engine::score::{decided, Score};
use leap_engine::{Engine, Limits, Options, Report, Stop, MAX_THREADS};
use leap_games::with_game;
use leap_games::Played;
use std::io::Write;
use std::time::Duration;

/// How long the engine searches: at least one limit (the first reached ends
/// the search).
#[derive(clap::Args, Clone, Debug, Default)]
#[group(required = true, multiple = true)]
pub struct SearchLimits {
    /// Search this many plies deep (1 to 127).
    #[arg(long, value_parser = crate::commands::count::<u32, 1, { leap_engine::MAX_DEPTH as u64 }>)]
    pub depth: Option<u32>,
    /// Search this many milliseconds (1 to 86400000, a day).
    #[arg(long, value_name = "MS", value_parser = crate::commands::count::<u64, 1, { leap_engine::MAX_MOVETIME_MS }>)]
    pub movetime: Option<u64>,
    /// Search about this many positions (at least 1).
    #[arg(long, value_parser = crate::commands::count::<u64, 1, { u64::MAX }>)]
    pub nodes: Option<u64>,
}

impl SearchLimits {
    /// The engine's limits.
    pub fn limits(&self) -> Limits {
        Limits { depth: self.depth, nodes: self.nodes, movetime: self.movetime.map(Duration::from_millis), clock: None }
    }
}

/// The engine's resources.
#[derive(clap::Args, Clone, Debug)]
pub struct EngineArgs {
    /// Search threads (they share the transposition table).
    #[arg(long, default_value_t = 1, value_parser = crate::commands::count::<usize, 1, { MAX_THREADS as u64 }>)]
    pub threads: usize,
    /// The transposition table's size in MiB.
    #[arg(long, value_name = "MIB", default_value_t = 64, value_parser = hash_arg)]
    pub hash: usize,
}

impl EngineArgs {
    /// The engine's options (the arguments were checked as they were read).
    pub fn options(&self) -> Options {
        Options { threads: self.threads, hash_mib: self.hash, ..Options::default() }
    }
}

/// Reads `--hash MIB`: a size the engine can have (see [`leap_engine::hash_problem`]).
fn hash_arg(text: &str) -> Result<usize, String> {
    let mib = text.trim().parse::<usize>().map_err(|_| "expected a whole number of MiB".to_string())?;
    match leap_engine::hash_problem(mib) {
        Some(problem) => Err(problem),
        None => Ok(mib),
    }
}

/// A score as the reports give it: hundredths of a Man from the side to
/// move (`+0.35`), or a won or lost game and its distance in plies.
pub fn score_text(score: Score) -> String {
    leap_engine::score::describe(score)
}

/// A score's JSON fields: `"score": cp`, and for a decided game
/// `"result": "win" | "loss"` with `"plies"` to the end.
fn score_json(score: Score, value: &mut serde_json::Value) {
    value["score"] = score.into();
    if let Some(d) = decided(score) {
        value["result"] = (if d.win { "win" } else { "loss" }).into();
        value["plies"] = d.plies.into();
    }
}

/// Runs `camelot analyze`, reporting the best `lines` lines at each depth.
pub fn analyze(setup: &Setup, limits: &SearchLimits, engine: &EngineArgs, lines: usize, json: bool) -> CliResult {
    let options = Options { multi_pv: lines, ..engine.options() };
    with_game!(crate::commands::load_variant(&setup.variant)?, g => {
        let history = setup_history(&g, setup)?;
        run(g, history.positions(), limits.limits(), options, json)
    })
}

/// Searches the last of `positions` and prints each iteration (each of its
/// lines, numbered when there are several), then the best move.
fn run<G: Played>(game: G, positions: &[Position], limits: Limits, options: Options, json: bool) -> CliResult {
    let pos = *positions.last().expect("a game has a position");
    let eval = game.evaluation();
    let mut engine = Engine::new(game, eval, options);
    match engine.use_installed_solution() {
        Ok(Some(path)) => eprintln!("note: the position's value comes from the solved table {}", path.display()),
        Ok(None) => {}
        Err(why) => eprintln!("warning: {why}"),
    }
    let mut out = std::io::stdout().lock();
    let mut failed = None;
    // The best move of the last completed depth, as reported.
    let mut reported: Option<String> = None;
    let several = options.multi_pv > 1;
    let result = {
        let game = engine.game().clone();
        engine.search(positions, &limits, &Stop::new(), |r: &Report| {
            let pv = format_line(&game, &pos, r.pv);
            if r.line == 1 {
                reported = pv.first().cloned();
            }
            let line = if json {
                let mut v = serde_json::json!({
                    "depth": r.depth, "seldepth": r.seldepth, "nodes": r.nodes, "nps": r.nps(),
                    "ms": r.time.as_millis() as u64, "hashfull": r.hashfull, "pv": pv,
                });
                if several {
                    v["line"] = r.line.into();
                }
                score_json(r.score, &mut v);
                v.to_string()
            } else {
                let number = if several { format!("  line {:>2}", r.line) } else { String::new() };
                format!(
                    "depth {:>2}{number}  score {:>10}  nodes {:>11}  nps {:>9}  time {:>8.3} s  pv {}",
                    r.depth,
                    score_text(r.score),
                    r.nodes,
                    r.nps(),
                    r.time.as_secs_f64(),
                    pv.join(" ")
                )
            };
            // (Written at once, iteration by iteration, for whoever reads the pipe.)
            if failed.is_none() {
                if let Err(e) = writeln!(out, "{line}").and_then(|()| out.flush()) {
                    failed = Some(e);
                }
            }
        })
    };
    drop(out);
    if let Some(e) = failed.filter(|e| e.kind() != std::io::ErrorKind::BrokenPipe) {
        return Err(CliError::Output(e));
    }
    let game = engine.game();
    let pv = format_line(game, &pos, &result.pv);
    // A move of the depth the time cut short that beat the last completed
    // depth's best is played; its score is that unfinished depth's.
    let beyond = reported.as_ref().is_some_and(|r| pv.first() != Some(r));
    let text = if json {
        let mut v = serde_json::json!({
            "bestmove": pv.first(), "depth": result.depth, "nodes": result.nodes,
            "ms": result.time.as_millis() as u64, "pv": pv,
        });
        if beyond {
            v["unfinished_depth"] = serde_json::json!(result.depth + 1);
        }
        score_json(result.score, &mut v);
        // A finished game: how it ended, a draw too (whose score says nothing).
        if let (None, Some(o)) = (pv.first(), leap_core::line_outcome(game, positions)) {
            v["result"] = match o.result {
                leap_core::GameResult::Draw => "draw",
                leap_core::GameResult::Win(p) if p == pos.to_move() => "win",
                leap_core::GameResult::Win(_) => "loss",
            }
            .into();
            v["plies"] = 0.into();
            v["reason"] = crate::commands::reason_key(o.reason).into();
        }
        format!("{v}\n")
    } else {
        let depth = match &reported {
            Some(r) if beyond => {
                format!("depth {}, unfinished: it beat depth {}'s {r}", result.depth + 1, result.depth)
            }
            _ => format!("depth {}", result.depth),
        };
        match pv.first() {
            Some(best) => format!(
                "bestmove {best}  (score {}, {depth}, {} nodes, {:.3} s)\n",
                score_text(result.score),
                result.nodes,
                result.time.as_secs_f64()
            ),
            None => match leap_core::line_outcome(game, positions) {
                Some(o) => format!(
                    "no move: the game is over: {}\n",
                    o.describe(game, positions.last().expect("a line has a position"))
                ),
                None => "no move\n".to_string(),
            },
        }
    };
    emit(&text)
}
