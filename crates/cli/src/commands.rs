//! The non-interactive commands.

use crate::error::{CliError, CliResult, GameProblem};
use crate::record::{play_record, record_ending, Source};
use crate::Setup;
use leap_core::{
    notation::{
        diagram, format_move, format_position, legal_move_texts, parse_movetext, parse_position, parse_records, Record,
    },
    perft::{divide, perft_parallel, Count},
    rules::LeapRules,
    Game, GameResult, History, Outcome,
};
use leap_games::with_game;
use leap_games::{self as variant, Variant};
use std::fmt::Write as _;
use std::path::Path;
use std::time::Instant;

/// Appends a line to an output buffer.
macro_rules! outln {
    ($out:expr) => {
        $out.push('\n')
    };
    ($out:expr, $($arg:tt)*) => {{
        let _ = writeln!($out, $($arg)*);
    }};
}

/// Appends text to an output buffer.
macro_rules! outw {
    ($out:expr, $($arg:tt)*) => {{
        let _ = write!($out, $($arg)*);
    }};
}

/// Writes the output buffer to standard output. A closed pipe (`| head`)
/// ends the output quietly; any other failure is an error.
pub fn emit(text: &str) -> CliResult {
    use std::io::Write;
    let mut stdout = std::io::stdout().lock();
    match stdout.write_all(text.as_bytes()).and_then(|()| stdout.flush()) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        Err(e) => Err(CliError::Output(e)),
    }
}

/// Loads the variant and plays the setup's position and moves.
pub(crate) fn setup_history<G: Game>(game: &G, setup: &Setup) -> Result<History, CliError> {
    let start = match &setup.position {
        Some(p) => parse_position(game, p)?,
        None => game.start(),
    };
    let mut history = History::new(start);
    if let Some(moves) = &setup.moves {
        let plies = parse_movetext(moves).map_err(CliError::MovesText)?;
        let mut numbering = leap_core::Numbering::default();
        for ply in &plies {
            let (number, player) = history.next_label(game);
            history.check_number_in(game, ply, &mut numbering).map_err(CliError::MovesPlay)?;
            let read = history
                .play_text(game, &ply.text)
                .map_err(|e| CliError::MovesPlay(leap_core::ReplayError { at: Some((ply.line, ply.column)), ..e }))?;
            if let Some(full) = read.completed {
                eprintln!("note: --moves: move {number} ({player}): read `{}` as {full}", ply.text);
            }
            if !read.also.is_empty() {
                eprintln!("note: --moves: move {number} ({player}): {}", also_note(&ply.text, &read.also));
            }
        }
    }
    Ok(history)
}

/// A variant as typed on the command line, as the program looks it up: a
/// built-in variant's name however it is written (`Camelot`,
/// `TRI-CAMELOT`, `tricamelot`) is that variant, unless a file has that
/// name. Anything else is left as it is, for the loader to find or refuse.
pub(crate) fn variant_arg(arg: &str) -> Result<String, String> {
    if leap_format::builtin(arg).is_some() || Path::new(arg).exists() {
        return Ok(arg.to_string());
    }
    Ok(leap_format::builtin_named(arg).unwrap_or(arg).to_string())
}

fn load(setup: &Setup) -> Result<Variant, CliError> {
    load_variant(&setup.variant)
}

/// The variant `name` names (a built-in name or a variant file), for the
/// commands that take a variant; a saved game given instead is refused
/// as one, rather than read as a variant file that it is not.
pub(crate) fn load_variant(name: &str) -> Result<Variant, CliError> {
    if crate::play::names_saved_game(name) {
        return Err(CliError::Usage(format!(
            "{name} is a saved game, not a variant: give the variant its [Variant] tag names (`camelot play \
             {name}` goes on with the game, `camelot replay {name}` checks it)"
        )));
    }
    Ok(variant::load(name)?)
}

/// How a game ended as `--json` names it: `insufficient_material`,
/// `move_limit`, ... (the reason's words joined by `_`).
pub fn reason_key(reason: leap_core::EndReason) -> String {
    reason.name().replace(' ', "_")
}

/// A finished game's outcome for `--json`: the result token (`1-0`), the
/// winner's name (null for a draw), the reason as a word (`goal`,
/// `move_limit`) and the same in prose (`White wins (goal reached)`).
fn outcome_json<G: Game>(game: &G, history: &History, outcome: &Outcome) -> serde_json::Value {
    let winner = match outcome.result {
        GameResult::Win(p) => Some(game.players()[p.index()].name.clone()),
        GameResult::Draw => None,
    };
    serde_json::json!({
        "result": history.result_token(game),
        "winner": winner,
        "reason": reason_key(outcome.reason),
        "text": outcome.describe(game, history.current()),
    })
}

/// The status line under a diagram.
pub fn status<G: Game>(game: &G, history: &History) -> String {
    match history.outcome(game) {
        Some(o) => format!("Game over: {}.", o.describe(game, history.current())),
        None => {
            let (number, player) = history.next_label(game);
            let pos = history.current();
            let counts: Vec<String> = game
                .players()
                .iter()
                .enumerate()
                .map(|(i, p)| format!("{} {}", p.name, pos.counter(leap_core::Player(i as u8))))
                .collect();
            let counter = game
                .counter_name()
                .filter(|_| game.counter_limit() > 0)
                .map(|n| format!(" {n}: {}.", counts.join(", ")))
                .unwrap_or_default();
            // (A player whose one move is to pass is told how to make it.)
            let moves = game.legal_moves(pos);
            let pass = if moves.len() == 1 && moves[0].is_pass() { " No move but to pass: type pass." } else { "" };
            format!("{player} to move (move {number}).{counter}{pass}")
        }
    }
}

pub fn variants() -> CliResult {
    let mut out = String::new();
    for (name, title) in variant::builtin() {
        outln!(out, "{name:<16} {title}");
    }
    emit(&out)
}

pub fn show(setup: &Setup) -> CliResult {
    let mut out = String::new();
    with_game!(load(setup)?, g => {
        let history = setup_history(&g, setup)?;
        outw!(out, "{}", diagram(&g, history.current()));
        outln!(out, "{}", status(&g, &history));
        outln!(out, "{}", format_position(&g, history.current()));
        emit(&out)
    })
}

pub fn moves(setup: &Setup, json: bool) -> CliResult {
    let mut out = String::new();
    with_game!(load(setup)?, g => {
        let history = setup_history(&g, setup)?;
        let pos = history.current();
        // (A game over has no moves, drawn by repetition as by its rules.)
        let over = history.outcome(&g);
        let moves = if over.is_some() { Vec::new() } else { legal_move_texts(&g, pos) };
        if json {
            let outcome = over.map(|o| outcome_json(&g, &history, &o));
            let value = serde_json::json!({
                "variant": g.name(),
                "position": format_position(&g, pos),
                "count": moves.len(),
                "moves": moves,
                "outcome": outcome,
                "status": status(&g, &history),
            });
            outln!(out, "{value}");
        } else {
            for m in &moves {
                outln!(out, "{m}");
            }
            // (On stderr: the list on stdout stays a list, empty.)
            if let Some(o) = over {
                eprintln!("no legal moves: the game is over: {}", o.describe(&g, pos));
            }
        }
        emit(&out)
    })
}

/// The most worker threads `--threads` may ask for.
pub const MAX_THREADS: usize = 256;

/// The deepest `perft --depth`: far beyond what any game's tree allows
/// counting, and shallow enough for the recursion's stack.
pub const MAX_PERFT_DEPTH: u32 = 200;

/// Reads a command-line count: a whole number from `MIN` to `MAX`, with
/// the range in words where it is not one (clap adds the option and the
/// value: "invalid value '0' for '--threads <THREADS>': expected a whole
/// number from 1 to 256").
pub fn count<T: TryFrom<u64>, const MIN: u64, const MAX: u64>(text: &str) -> Result<T, String> {
    let range = if MAX == u32::MAX as u64 || MAX == u64::MAX {
        format!("expected a whole number, at least {MIN}")
    } else {
        format!("expected a whole number from {MIN} to {MAX}")
    };
    let digits = text.trim();
    match digits.parse::<u64>() {
        Ok(n) if (MIN..=MAX).contains(&n) => T::try_from(n).map_err(|_| range),
        Ok(n) if n > MAX => Err(format!("too large: {range}")),
        Err(_) if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) => {
            Err(format!("too large: {range}"))
        }
        _ => Err(range),
    }
}

/// A pool of `threads` worker threads (at least one, at most [`MAX_THREADS`]).
pub fn thread_pool(threads: usize) -> Result<rayon::ThreadPool, CliError> {
    if threads == 0 {
        return Err(CliError::Usage("--threads must be at least 1".into()));
    }
    if threads > MAX_THREADS {
        return Err(CliError::Usage(format!(
            "--threads {threads}: at most {MAX_THREADS} (more threads than cores only slow the count down)"
        )));
    }
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| CliError::Threads { count: threads, why: e.to_string() })
}

/// Options of `camelot perft`.
#[derive(clap::Args, Clone, Debug)]
pub struct PerftOptions {
    /// Depth in plies (at most 200: no game's tree can be counted that far).
    #[arg(long, value_parser = count::<u32, 0, { MAX_PERFT_DEPTH as u64 }>, required_unless_present = "plies")]
    pub depth: Option<u32>,
    /// The depth, given after the variant without `--depth` (`perft camelot 3`).
    #[arg(value_name = "DEPTH", value_parser = count::<u32, 0, { MAX_PERFT_DEPTH as u64 }>, conflicts_with = "depth")]
    pub plies: Option<u32>,
    /// Count distinct simple move paths instead of distinct positions.
    #[arg(long)]
    pub paths: bool,
    /// Print the count below each root move.
    #[arg(long)]
    pub divide: bool,
    /// Print one JSON object instead.
    #[arg(long)]
    pub json: bool,
    /// Number of threads (default: all cores).
    #[arg(long, value_parser = count::<usize, 1, { MAX_THREADS as u64 }>)]
    pub threads: Option<usize>,
}

pub fn perft(setup: &Setup, opts: &PerftOptions) -> CliResult {
    let mut out = String::new();
    // (clap asks for one of the two.)
    let depth = opts.depth.or(opts.plies).unwrap_or_default();
    let threads = opts.threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let pool = thread_pool(threads)?;
    let count = if opts.paths { Count::Paths } else { Count::Positions };
    with_game!(load(setup)?, g => {
        let history = setup_history(&g, setup)?;
        let pos = *history.current();
        let started = Instant::now();
        let (nodes, split) = pool.install(|| {
            if opts.divide {
                let mut rows: Vec<(String, u64)> = divide(&g, &pos, depth, count)
                    .into_iter()
                    .map(|(k, n)| (g.canonical(&pos, &k).map(|m| format_move(g.board(), &m)).unwrap_or_default(), n))
                    .collect();
                rows.sort();
                // (Counting paths, a move taken by several paths is one row:
                // the sum over its paths.)
                rows.dedup_by(|later, kept| {
                    let same = later.0 == kept.0;
                    if same {
                        kept.1 += later.1;
                    }
                    same
                });
                // (At depth 0 there is no move to divide by: the count is the position's.)
                let total = if depth == 0 { leap_core::perft::perft(&g, &pos, 0, count) } else { rows.iter().map(|r| r.1).sum() };
                (total, Some(rows))
            } else if threads == 1 {
                (leap_core::perft::perft(&g, &pos, depth, count), None)
            } else {
                (perft_parallel(&g, &pos, depth, count), None)
            }
        });
        let seconds = started.elapsed().as_secs_f64();
        let nps = if seconds > 0.0 { nodes as f64 / seconds } else { 0.0 };
        let what = if opts.paths { "paths" } else { "positions" };
        if opts.json {
            let mut value = serde_json::json!({
                "variant": g.name(),
                "position": format_position(&g, &pos),
                "depth": depth,
                "count": what,
                "nodes": nodes,
                "seconds": seconds,
                "nodes_per_second": nps.round(),
                "threads": threads,
            });
            if let Some(rows) = &split {
                value["divide"] = rows.iter().map(|(m, n)| (m.clone(), serde_json::json!(n))).collect::<serde_json::Map<_, _>>().into();
            }
            outln!(out, "{value}");
        } else {
            if let Some(rows) = &split {
                for (m, n) in rows {
                    outln!(out, "{m:<24} {n}");
                }
                outln!(out);
            }
            outln!(out, "perft {} depth {}: {nodes} ({what})", g.name(), depth);
            outln!(out, "time {seconds:.3} s, {:.2} Mnodes/s, {threads} thread{}", nps / 1e6, if threads == 1 { "" } else { "s" });
            // (A count of 0 says why where it is the game's end.)
            if let (true, Some(o)) = (depth > 0, history.outcome(&g)) {
                outln!(out, "no move: the game is over: {}", o.describe(&g, history.current()));
            }
        }
        emit(&out)
    })
}

/// The games of a record file that hold anything (tags, moves or a
/// result), for the commands that search them; an error saying `none`
/// after the file's name when there is none.
pub(crate) fn read_records(file: &Path, none: &str) -> Result<Vec<Record>, CliError> {
    let name = file.display().to_string();
    let text = leap_format::read_record_text(file).map_err(|error| CliError::Read { path: name.clone(), error })?;
    let mut records = parse_records(&text).map_err(|error| CliError::Record { file: name.clone(), error })?;
    records.retain(|r| !r.is_empty());
    if records.is_empty() {
        return Err(CliError::Usage(format!("{name}: {none}")));
    }
    Ok(records)
}

/// Replays every game of a record file. A file of several games is
/// checked whole: a game with a problem is reported and the next one
/// replayed (as archives hold hundreds of games), and the command then
/// fails, saying how many had problems.
pub fn replay(file: &Path) -> CliResult {
    let name = file.display().to_string();
    let text = leap_format::read_record_text(file).map_err(|error| CliError::Read { path: name.clone(), error })?;
    let games = parse_records(&text).map_err(|error| CliError::Record { file: name.clone(), error })?;
    if games.iter().all(|g| g.is_empty()) {
        return Err(CliError::Usage(format!("{name}: there is no game in the file (no tags, no moves, no result)")));
    }
    if let [record] = &games[..] {
        return replay_game(file, record, None);
    }
    let mut failed = 0;
    for (i, record) in games.iter().enumerate() {
        match replay_game(file, record, Some((i, games.len()))) {
            Ok(()) => {}
            // (Output that cannot be written ends the replay.)
            Err(e @ CliError::Output(_)) => return Err(e),
            Err(e) => {
                eprintln!("error: {e}");
                failed += 1;
            }
        }
    }
    match failed {
        0 => Ok(()),
        _ => Err(CliError::Games { file: name, failed, total: games.len() }),
    }
}

/// Replays one game of a record file, game `i` of `n` when it holds several.
fn replay_game(file: &Path, record: &Record, place: Option<(usize, usize)>) -> CliResult {
    let mut out = String::new();
    if let Some((i, n)) = place {
        outln!(out, "Game {} of {n}", i + 1);
    }
    // (What was found before a problem is printed, then the problem.)
    let replayed = replay_into(&mut out, file, record, place.map_or(1, |(i, _)| i + 1));
    emit(&out)?;
    replayed
}

/// [`replay_game`] of game `number` into `out`: its tags, the notes on how
/// its moves were read, the final position and the result.
fn replay_into(out: &mut String, file: &Path, record: &Record, number: usize) -> CliResult {
    let name = file.display().to_string();
    let source = Source { file: &name, number };
    let variant = variant::for_record(record, file).map_err(|e| CliError::RecordGame {
        file: name.clone(),
        game: number,
        problem: GameProblem::variant(record, e),
    })?;
    for (k, v) in &record.tags {
        if !matches!(k.as_str(), "Variant" | "Position" | "FEN" | "SetUp" | "Result") {
            // (As the file has them, but for control characters: a
            // record from elsewhere could hold a terminal's escapes.)
            outln!(out, "{}: {}", leap_core::visible(k), leap_core::visible(v));
        }
    }
    with_game!(variant, g => {
        let (history, read) = play_record(&g, record, source)?;
        for (ply, r) in record.moves.iter().zip(&read) {
            if let Some(full) = &r.completed {
                outln!(out, "note: {name}:{}:{}: read `{}` as {full}", ply.line, ply.column, ply.text);
            }
            if !r.also.is_empty() {
                outln!(out, "note: {name}:{}:{}: {}", ply.line, ply.column, also_note(&ply.text, &r.also));
            }
        }
        outw!(out, "{}", diagram(&g, history.current()));
        outln!(out, "{}", format_position(&g, history.current()));
        let plural = if read.len() == 1 { "" } else { "s" };
        outln!(out, "{} move{plural} played. {}", read.len(), status(&g, &history));
        // The result and the tags as written, checked against the moves:
        // a game ended otherwise than by the rules (a flag, a resignation,
        // an agreement) says how.
        match record_ending(&g, &history, record, source)? {
            Some(how) => outln!(out, "Result: {} ({})", how.result_token(&g), how.describe(&g, history.current())),
            None => outln!(out, "Result: {}", history.result_token(&g)),
        }
        Ok(())
    })
}

/// What a move read as written may also mean, as a record abbreviates a
/// longer capture (`10x1` for the ring `10x17x26x19x10x1`).
fn also_note(text: &str, also: &[String]) -> String {
    format!(
        "read `{text}` as written; it may also stand for {} (write a longer capture's path in full)",
        also.join(" or ")
    )
}

pub fn check(files: &[std::path::PathBuf]) -> CliResult {
    let mut out = String::new();
    let mut failed = 0;
    for file in files {
        // (A built-in variant's name checks its file, found as every other
        // command finds a variant.)
        let arg = file.display().to_string();
        let name = variant_arg(&arg).unwrap_or(arg);
        match leap_format::variant_source(&name, leap_format::BUILTIN) {
            Err(leap_format::LoadError::Io(path, why)) => {
                eprintln!("{path}: cannot read: {why}");
                failed += 1;
            }
            Err(e) => {
                eprintln!("{name}: {e}");
                failed += 1;
            }
            Ok((name, text)) => match variant::parse(&name, &text) {
                Ok(v) => outln!(out, "{name}: ok\n{}", crate::summary::summary(&v)),
                Err(e) => {
                    eprintln!("{e}");
                    failed += 1;
                }
            },
        }
    }
    emit(&out)?;
    if failed > 0 {
        Err(CliError::Check { failed, total: files.len() })
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::count;

    #[test]
    fn counts_say_their_range_in_words() {
        assert_eq!(count::<u32, 1, 8>(" 3"), Ok(3));
        assert_eq!(count::<u32, 1, 8>("0"), Err::<u32, _>("expected a whole number from 1 to 8".to_string()));
        assert_eq!(
            count::<u32, 1, 8>("9"),
            Err::<u32, _>("too large: expected a whole number from 1 to 8".to_string())
        );
        let huge = "99999999999999999999999";
        assert_eq!(
            count::<u64, 1, { u64::MAX }>(huge),
            Err::<u64, _>("too large: expected a whole number, at least 1".to_string())
        );
        assert_eq!(
            count::<u32, 1, { u32::MAX as u64 }>("-1"),
            Err::<u32, _>("expected a whole number, at least 1".to_string())
        );
        assert_eq!(count::<usize, 1, 256>("x"), Err::<usize, _>("expected a whole number from 1 to 256".to_string()));
    }
}
