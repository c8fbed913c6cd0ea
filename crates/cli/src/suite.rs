//! `camelot suite`: the engine on a test suite, positions whose best move is
//! known (from annotated master games, or composed), each searched with the
//! same limits: which it finds, and from what depth and time it keeps the
//! right move.
//!
//! A suite is a record file (the PGN style that `replay` reads): each game
//! is one position, its moves played from the start (or from its
//! `[Position]`), and a `[Best "..."]` tag names the move wanted there;
//! several moves, separated by spaces, are all counted right.
//! `[Event "..."]` labels the position in the report.

use crate::analyze::{EngineArgs, SearchLimits};
use crate::commands::emit;
use crate::error::{CliError, CliResult, GameProblem};
use crate::record::{play_record, Source};
use leap_core::notation::{format_line, read_move, Record};
use leap_core::{History, MoveKey};
use leap_engine::{Engine, Limits, Options, Report, Stop};
use leap_games::with_game;
use leap_games::{self as variant, Played};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// `camelot suite`'s arguments.
#[derive(clap::Args, Clone, Debug)]
pub struct SuiteOptions {
    /// The suite: a record file whose every game ends at a position with a
    /// `[Best "MOVE"]` tag.
    file: PathBuf,
    #[command(flatten)]
    limits: SearchLimits,
    #[command(flatten)]
    engine: EngineArgs,
}

/// What the engine made of one position.
struct Verdict {
    /// The engine's move, as written.
    played: String,
    /// When it is a wanted move: the first iteration from which every
    /// iteration's best move was a wanted one (its depth and time).
    since: Option<(u32, Duration)>,
    depth: u32,
    time: Duration,
}

/// Runs `camelot suite`: one line per position, then how many were found.
pub fn run(opts: &SuiteOptions) -> CliResult {
    let options = opts.engine.options();
    let limits = opts.limits.limits();
    let file = &opts.file;
    let records = crate::commands::read_records(file, "there is no position in the suite")?;
    // Every position is read before the first search: a mistake in the
    // file shows at once, not after minutes of searching; every mistake,
    // each at its place (as `replay` reports a file of many games).
    let mut cases = Vec::new();
    let mut problems = Vec::new();
    for (i, record) in records.iter().enumerate() {
        match read_case(file, i + 1, record) {
            Ok(case) => cases.push(case),
            Err(e) => problems.push(e),
        }
    }
    if problems.len() > 1 {
        for e in &problems {
            eprintln!("error: {e}");
        }
        return Err(CliError::Games { file: file.display().to_string(), failed: problems.len(), total: records.len() });
    }
    if let Some(e) = problems.pop() {
        return Err(e);
    }
    let width = cases.iter().map(|c| c.label.chars().count()).max().unwrap_or(0);
    let mut found = 0;
    for (i, case) in cases.into_iter().enumerate() {
        let v = with_game!(&case.variant, g => search(g.clone(), &case.history, &case.wanted, &limits, options));
        found += v.since.is_some() as usize;
        let since = match v.since {
            Some((depth, time)) => format!("found from depth {depth} at {:.2} s", time.as_secs_f64()),
            None => "missed".to_string(),
        };
        let line = format!(
            "{:>3}  {:<width$}  best {:<14} engine {:<14} {since} (depth {}, {:.2} s)\n",
            i + 1,
            case.label,
            case.wanted_text,
            v.played,
            v.depth,
            v.time.as_secs_f64()
        );
        // (Written as each search ends: a suite takes minutes.)
        emit(&line)?;
    }
    let total = records.len();
    let plural = if total == 1 { "" } else { "s" };
    emit(&format!("suite: found {found} of {total} position{plural} ({})\n", describe(&limits, &options)))
}

/// A position of the suite, read and checked.
struct Case {
    label: String,
    variant: leap_games::Variant,
    history: History,
    wanted: Vec<MoveKey>,
    wanted_text: String,
}

/// Reads game `number` of the suite: its variant, its moves and its `[Best]` moves.
fn read_case(file: &Path, number: usize, record: &Record) -> Result<Case, CliError> {
    let name = file.display().to_string();
    let problem = |problem| CliError::RecordGame { file: name.clone(), game: number, problem };
    let variant = variant::for_record(record, file).map_err(|e| problem(GameProblem::variant(record, e)))?;
    let label = record.tag("Event").map_or_else(|| format!("position {number}"), leap_core::visible);
    // (Moves wanted in a second tag would go unread: several go in one,
    // `[Best "E6-E8 F7-F8"]`.)
    let bests: Vec<usize> = (0..record.tags.len()).filter(|&i| record.tags[i].0.eq_ignore_ascii_case("Best")).collect();
    if let [first, second, ..] = bests[..] {
        let at = |i: usize| record.tags_at.get(i).copied();
        let first_at = at(first).map_or_else(String::new, |(l, c)| format!(" (first at {l}:{c})"));
        return Err(problem(GameProblem::Tags {
            at: at(second),
            why: format!(
                "the tag [Best] is given twice in one game{first_at}: give every move wanted in one, as \
                 [Best \"E6-E8 F7-F8\"]"
            ),
        }));
    }
    let Some(best) = record.tag("Best").filter(|b| !b.trim().is_empty()) else {
        let why = if record.tag("Best").is_some() {
            "the [Best] tag is empty: give the move wanted, as [Best \"E6-E8\"]"
        } else {
            "there is no [Best \"MOVE\"] tag naming the move wanted"
        };
        // (Placed at the tag, or where the game's tags start when it has none.)
        let at = record.tag_at("Best").or_else(|| record.tags_at.first().copied());
        return Err(problem(GameProblem::Tags { at, why: why.into() }));
    };
    let (history, wanted, wanted_text) = with_game!(&variant, g => {
        let (history, _) = play_record(g, record, Source { file: &name, number })?;
        let pos = *history.current();
        let mut wanted = Vec::new();
        for text in best.split_whitespace() {
            // (As annotators write them: `F10-F8!!` is F10-F8.)
            let text = text.trim_end_matches(['!', '?']);
            let read = read_move(g, &pos, text)
                .map_err(|e| problem(GameProblem::Tags { at: record.tag_at("Best"), why: format!("[Best]: {e}") }))?;
            wanted.push(read.key);
        }
        let text = wanted.iter().map(|k| format_line(g, &pos, &[*k]).join("")).collect::<Vec<_>>().join(" ");
        (history, wanted, text)
    });
    Ok(Case { label, variant, history, wanted, wanted_text })
}

/// Searches the position at the end of `history` with a fresh engine.
fn search<G: Played>(game: G, history: &History, wanted: &[MoveKey], limits: &Limits, options: Options) -> Verdict {
    let pos = *history.current();
    let eval = game.evaluation();
    let mut engine = Engine::new(game, eval, options);
    let mut since = None;
    let result = engine.search(history.positions(), limits, &Stop::new(), |r: &Report| match r.pv.first() {
        Some(m) if wanted.contains(m) => since = since.or(Some((r.depth, r.time))),
        _ => since = None,
    });
    if !result.best.is_some_and(|b| wanted.contains(&b)) {
        since = None;
    } else if since.is_none() {
        // (Chosen in an iteration the limits cut short.)
        since = Some((result.depth + 1, result.time));
    }
    let played = match result.best {
        Some(b) => format_line(engine.game(), &pos, &[b]).join(""),
        None => "none".to_string(),
    };
    Verdict { played, since, depth: result.depth, time: result.time }
}

/// The limits and threads, for the summary line.
fn describe(limits: &Limits, options: &Options) -> String {
    let mut parts = Vec::new();
    if let Some(ms) = limits.movetime {
        parts.push(format!("{} ms", ms.as_millis()));
    }
    if let Some(d) = limits.depth {
        parts.push(format!("depth {d}"));
    }
    if let Some(n) = limits.nodes {
        parts.push(leap_core::counted(n, "node"));
    }
    let threads = if options.threads == 1 { "1 thread".to_string() } else { format!("{} threads", options.threads) };
    parts.push(threads);
    format!("{} a position", parts.join(", "))
}
