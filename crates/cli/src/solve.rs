//! `camelot solve`: solves a small variant by retrograde analysis
//! ([`leap_solve`]), checks a table, compares it with the engine's search,
//! and answers for a position from the table.

use crate::commands::{emit, setup_history, thread_pool};
use crate::error::{CliError, CliResult};
use crate::Setup;
use leap_core::notation::{format_line, format_position};
use leap_core::{Game, GameResult, Player, Position, SplitMix64};
use leap_engine::{score, Engine, Features, Limits, Options as EngineOptions, Stop};
use leap_games::{with_game, Played};
use leap_solve::{Layout, Table, Value};
use std::fmt::Write as _;
use std::io::{IsTerminal, Write as _};
use std::path::PathBuf;
use std::time::Instant;

/// The options of `camelot solve`.
#[derive(clap::Args, Clone, Debug)]
#[command(group(clap::ArgGroup::new("probing").args(["probe", "position", "moves"]).multiple(true)))]
pub struct Options {
    #[command(flatten)]
    pub setup: Setup,
    /// Solve only the endgames of at most this many pieces (both sides).
    #[arg(long, value_parser = crate::commands::count::<u32, 1, { u32::MAX as u64 }>)]
    pub max_pieces: Option<u32>,
    /// The table file (default: NAME.table, or NAME-Npieces.table with
    /// --max-pieces N, in the tables folder: `$CAMELOT_TABLES` or
    /// ~/.local/share/camelot/tables). A solve
    /// replaces a table there, never a file of another kind.
    #[arg(long, short)]
    pub output: Option<PathBuf>,
    /// Read the table instead of solving, and tell the value of the
    /// position (the start, or --position / --moves), of each of its
    /// moves, and a line of perfect play.
    #[arg(long)]
    pub probe: bool,
    /// With --probe (or --position / --moves): print only
    /// `{"value": "win" | "loss" | "draw", "plies": N}` for the player to move.
    #[arg(long, requires = "probing")]
    pub json: bool,
    /// Check the table: re-derive every position's value from its moves'
    /// values, with an indexing of its own.
    #[arg(long)]
    pub verify: bool,
    /// Compare the table with the engine's full-width search on this many
    /// random positions: wherever either proves a result within
    /// --search-depth, the two must agree exactly.
    #[arg(long, value_name = "POSITIONS", value_parser = crate::commands::count::<u64, 1, { u64::MAX }>)]
    pub compare_search: Option<u64>,
    /// The depth of the search of --compare-search, in plies.
    #[arg(long, default_value_t = 6, value_parser = crate::commands::count::<u32, 1, 64>)]
    pub search_depth: u32,
    /// Threads (default: every core).
    #[arg(long, value_parser = crate::commands::count::<usize, 1, { crate::commands::MAX_THREADS as u64 }>)]
    pub threads: Option<usize>,
    /// No progress on stderr.
    #[arg(long)]
    pub quiet: bool,
}

/// Runs `camelot solve`.
pub fn run(opts: &Options) -> CliResult {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let pool = thread_pool(opts.threads.unwrap_or(cores))?;
    with_game!(crate::commands::load_variant(&opts.setup.variant)?, g => pool.install(|| run_game(&g, opts)))
}

fn run_game<G: Played + Sync>(game: &G, opts: &Options) -> CliResult {
    let path = opts.output.clone().unwrap_or_else(|| leap_solve::table_path(game.name(), opts.max_pieces));
    let probing = opts.probe || opts.setup.position.is_some() || opts.setup.moves.is_some();
    if probing || opts.verify || opts.compare_search.is_some() {
        let table = open(game, &path, opts)?;
        // (Every position is read: from memory, not by a read of the file each.)
        let table = if opts.verify { table.into_memory()? } else { table };
        if opts.verify {
            verify(game, &table, &path, opts.quiet)?;
        }
        if let Some(n) = opts.compare_search {
            compare_search(game, &table, n, opts.search_depth, opts.quiet)?;
        }
        if probing {
            let history = setup_history(game, &opts.setup)?;
            let pos = *history.positions().last().expect("a game has a position");
            probe(game, &table, &pos, opts.json)?;
        }
        return Ok(());
    }
    solve(game, &path, opts)
}

/// Opens the table at `path`, saying how to make it when there is none
/// (or why none can be made: a game beyond the solver).
fn open<G: Game>(game: &G, path: &std::path::Path, opts: &Options) -> Result<Table, CliError> {
    if !path.exists() {
        if let Err(why) = Layout::new(game, opts.max_pieces) {
            return Err(CliError::Usage(format!("no table at {}, and none can be made: {why}", path.display())));
        }
        let pieces = opts.max_pieces.map(|n| format!(" --max-pieces {n}")).unwrap_or_default();
        let output = opts.output.as_ref().map(|o| format!(" -o {}", o.display())).unwrap_or_default();
        return Err(CliError::Usage(format!(
            "no table at {}: make it with `camelot solve {}{pieces}{output}`",
            path.display(),
            opts.setup.variant
        )));
    }
    Ok(Table::open(game, path)?)
}

/// Solves the variant and writes its table, then reports on the start.
fn solve<G: Played + Sync>(game: &G, path: &std::path::Path, opts: &Options) -> CliResult {
    replaceable(game, path, opts.output.is_some())?;
    Table::check_writable(path)?;
    let layout = Layout::new(game, opts.max_pieces)?;
    let needed = leap_solve::memory_needed(&layout);
    if let Some(available) = available_memory() {
        if needed > available {
            return Err(leap_solve::SolveError::TooLarge {
                positions: Some(layout.len()),
                bytes_needed: Some(needed),
                bytes_available: Some(available),
            }
            .into());
        }
    }
    let started = Instant::now();
    let live = !opts.quiet && std::io::stderr().is_terminal();
    if !opts.quiet {
        eprintln!(
            "solving {}: {} positions in {} materials, about {} of memory",
            game.name(),
            layout.len(),
            layout.materials().len(),
            gib(needed)
        );
    }
    let progress = |p: &leap_solve::Progress| {
        if opts.quiet || (!live && p.layer > 0) {
            return;
        }
        let secs = p.elapsed.as_secs();
        let text = format!(
            "material {}/{} ({}, {} positions): {}, {}:{:02}",
            p.slot + 1,
            p.materials,
            p.material,
            p.positions,
            if p.layer == 0 { "first pass".to_string() } else { format!("layer {}", p.layer) },
            secs / 60,
            secs % 60
        );
        let mut err = std::io::stderr().lock();
        let _ = if live { write!(err, "\r\x1b[2K{text}") } else { writeln!(err, "{text}") };
        let _ = err.flush();
    };
    let mut reports = Vec::new();
    let table = leap_solve::solve(game, layout, &progress, &mut reports)?;
    if live {
        eprint!("\r\x1b[2K");
    }
    let solved = started.elapsed();
    table.write(path)?;
    let counts = table.counts()?;
    let mut out = String::new();
    let threads = rayon::current_num_threads();
    let _ = writeln!(
        out,
        "{} solved in {} ({threads} thread{}, peak memory {})",
        game.name(),
        duration(solved.as_secs_f64()),
        if threads == 1 { "" } else { "s" },
        peak_memory().map_or("unknown".into(), gib)
    );
    let _ = writeln!(
        out,
        "positions: {}; for the player to move: {} won, {} lost, {} drawn; the longest win {} plies",
        table.layout().len(),
        counts.wins,
        counts.losses,
        counts.draws,
        counts.longest
    );
    let _ = writeln!(out, "table: {} ({} bytes)", path.display(), std::fs::metadata(path).map_or(0, |m| m.len()));
    emit(&out)?;
    let start = game.start();
    if table.layout().index(&start).is_some() {
        probe(game, &table, &start, false)?;
    }
    Ok(())
}

/// Refuses, before the solve, a table file `path` that would replace a
/// file of another kind (a game record, a variant file): only a table, as
/// [`Table::open`] reads one (of this game or of another, or under other
/// rules), is replaced. A file whose kind cannot be told is refused too.
/// At the default path (`named` false: no `-o`), a table under other
/// rules is refused as well: a variant file may reuse a built-in
/// variant's name, and its solve must not replace the built-in's table
/// (Camette's takes an hour).
fn replaceable<G: Game>(game: &G, path: &std::path::Path, named: bool) -> CliResult {
    if std::fs::symlink_metadata(path).is_err() {
        return Ok(());
    }
    let why = match Table::open(game, path) {
        Ok(_) => return Ok(()),
        Err(leap_solve::SolveError::Mismatch { .. }) if named => return Ok(()),
        Err(leap_solve::SolveError::Mismatch { .. }) => {
            return Err(CliError::Usage(format!(
                "{} holds a table of {} under other rules (a variant file may reuse a name), which this solve \
                 does not replace: give -o FILE to write this one elsewhere, or remove that file first",
                path.display(),
                game.name()
            )))
        }
        Err(leap_solve::SolveError::BadTable { message, .. }) => message,
        Err(e) => e.to_string(),
    };
    Err(CliError::Usage(format!(
        "{} exists and is not a table that a solve may replace ({why}): give another -o, or remove the file",
        path.display()
    )))
}

/// A duration as `M:SS` or `H:MM:SS`.
fn duration(secs: f64) -> String {
    let s = secs.round() as u64;
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}

fn gib(bytes: u64) -> String {
    if bytes >= 1 << 30 {
        format!("{:.2} GiB", bytes as f64 / (1u64 << 30) as f64)
    } else if bytes >= 1 << 20 {
        format!("{:.1} MiB", bytes as f64 / (1u64 << 20) as f64)
    } else {
        format!("{} KiB", bytes.div_ceil(1 << 10))
    }
}

/// The memory this machine has available, when the system says (Linux).
fn available_memory() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    line.split_whitespace().nth(1)?.parse::<u64>().ok().map(|kib| kib * 1024)
}

/// The most memory this process has held, when the system says (Linux).
fn peak_memory() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse::<u64>().ok().map(|kib| kib * 1024)
}

/// A value in words for the player `to_move`.
fn value_text<G: Game>(game: &G, to_move: Player, v: Value) -> String {
    let name = &game.players()[to_move.index()].name;
    match v {
        Value::Win { plies: 0 } => format!("{name} has won"),
        Value::Loss { plies: 0 } => format!("{name} has lost"),
        Value::Win { plies: 1 } => format!("{name} wins in 1 ply"),
        Value::Win { plies } => format!("{name} wins in {plies} plies"),
        Value::Loss { plies } => format!("{name} loses in {plies} plies"),
        Value::Draw => "a draw".to_string(),
    }
}

/// Prints the table's value of `pos`, and (not `json`) its moves' and a line.
/// A game already over (by a rule the table leaves out, as the move limit,
/// too) has the value its end gives, in 0 plies.
fn probe<G: Game>(game: &G, table: &Table, pos: &Position, json: bool) -> CliResult {
    let over = game.outcome(pos);
    let value = match over.map(|o| o.result) {
        Some(GameResult::Win(p)) if p == pos.to_move() => Value::Win { plies: 0 },
        Some(GameResult::Win(_)) => Value::Loss { plies: 0 },
        Some(GameResult::Draw) => Value::Draw,
        None => table.probe(pos)?.ok_or_else(|| {
            let limit = table.layout().max_pieces().map_or(String::new(), |n| {
                // (The start, probed without --position, is the usual slip.)
                let here = pos.occupied().len();
                let hint = if *pos == game.start() { "; give one with --position or --moves" } else { "" };
                format!(" (it holds positions of at most {n} pieces, and this one has {here}{hint})")
            });
            CliError::Usage(format!("the table does not hold this position{limit}"))
        })?,
    };
    if json {
        let v = serde_json::to_string(&value).map_err(|e| CliError::Output(std::io::Error::other(e)))?;
        return emit(&format!("{v}\n"));
    }
    let mut out = String::new();
    let _ = writeln!(out, "position: {}", format_position(game, pos));
    let value_line = value_text(game, pos.to_move(), value);
    if let Some(over) = over {
        let _ = writeln!(out, "value: {value_line} (the game is over: {})", over.describe(game, pos));
        return emit(&out);
    }
    let _ = writeln!(out, "value: {value_line} (with perfect play by both)");
    let moves = table.moves(game, pos)?.unwrap_or_default();
    if !moves.is_empty() {
        let _ = writeln!(out, "moves, best first:");
        for (key, v) in &moves {
            let text = format_line(game, pos, std::slice::from_ref(key)).pop().unwrap_or_default();
            let _ = writeln!(out, "  {text:<14} {}", value_text(game, pos.to_move(), *v));
        }
        let limit = match value.plies() {
            Some(p) => p as usize,
            None => 20,
        };
        let line = table.line(game, pos, limit)?;
        let texts = format_line(game, pos, &line);
        let _ = writeln!(
            out,
            "perfect play{}: {}",
            if value == Value::Draw { " (first 20 plies)" } else { "" },
            numbered(pos, &texts)
        );
    }
    emit(&out)
}

/// Moves numbered as in a game score, from `pos` (two-player games).
fn numbered(pos: &Position, moves: &[String]) -> String {
    let mut out = String::new();
    let mut second = pos.to_move().index() == 1;
    let mut number = 1;
    for (i, m) in moves.iter().enumerate() {
        if !second {
            let _ = write!(out, "{}{number}.{m}", if i > 0 { " " } else { "" });
        } else if i == 0 {
            let _ = write!(out, "{number}...{m}");
        } else {
            let _ = write!(out, " {m}");
        }
        if second {
            number += 1;
        }
        second = !second;
    }
    out
}

/// Checks every position of the table against its moves.
fn verify<G: Game>(game: &G, table: &Table, path: &std::path::Path, quiet: bool) -> CliResult {
    let started = Instant::now();
    let live = !quiet && std::io::stderr().is_terminal();
    let progress = |share: f64| {
        if live {
            eprint!("\r\x1b[2Kchecking: {:.0}%", share * 100.0);
        }
    };
    let check = leap_solve::verify(game, table, &progress)?;
    if live {
        eprint!("\r\x1b[2K");
    }
    let mut out = String::new();
    let _ = writeln!(
        out,
        "checked {} positions of {} in {}: {} wrong",
        check.positions,
        path.display(),
        duration(started.elapsed().as_secs_f64()),
        check.wrong
    );
    for (pos, stored, derived) in &check.examples {
        let _ = writeln!(out, "  {pos}: the table says {stored}, its moves say {derived}");
    }
    emit(&out)?;
    if check.wrong > 0 {
        return Err(CliError::Usage(format!("the table at {} is wrong: solve it again", path.display())));
    }
    Ok(())
}

/// Compares the table with a full-width search on `n` random positions.
fn compare_search<G: Played + Sync>(game: &G, table: &Table, n: u64, depth: u32, quiet: bool) -> CliResult {
    let started = Instant::now();
    let options = EngineOptions { threads: 1, hash_mib: 16, features: Features::plain(), ..EngineOptions::default() };
    let mut engine = Engine::new(game.clone(), game.evaluation(), options);
    let mut rng = SplitMix64::new(0xC0FFEE);
    let (mut proved, mut open, mut finished) = (0u64, 0u64, 0u64);
    let mut wrong = Vec::new();
    for i in 0..n {
        let index = rng.next_u64() % table.layout().len();
        let pos = table.layout().position(index);
        if game.outcome(&pos).is_some() {
            finished += 1;
            continue;
        }
        let value = table.value_at(index)?;
        engine.new_game();
        let result = engine.search(&[pos], &Limits::depth(depth), &Stop::new(), |_| {});
        let searched = score::decided(result.score).map(|d| {
            if d.win {
                Value::Win { plies: d.plies }
            } else {
                Value::Loss { plies: d.plies }
            }
        });
        let within = value.plies().is_some_and(|p| p <= depth);
        match searched {
            Some(s) if s == value => proved += 1,
            None if !within => open += 1,
            _ => wrong.push((format_position(game, &pos), value, searched)),
        }
        if !quiet && std::io::stderr().is_terminal() && i % 64 == 0 {
            eprint!("\r\x1b[2Ksearching: {i}/{n}");
        }
    }
    if !quiet && std::io::stderr().is_terminal() {
        eprint!("\r\x1b[2K");
    }
    let mut out = String::new();
    let _ = writeln!(
        out,
        "compared with a full-width search to depth {depth} on {n} random positions in {}: \
         {proved} proved by the search and agreeing, {open} beyond its depth in both, \
         {finished} finished games, {} disagreeing",
        duration(started.elapsed().as_secs_f64()),
        wrong.len()
    );
    for (pos, value, searched) in wrong.iter().take(10) {
        let s = searched.map_or("no result".to_string(), |v| v.to_string());
        let _ = writeln!(out, "  {pos}: the table says {value}, the search {s}");
    }
    emit(&out)?;
    if !wrong.is_empty() {
        return Err(CliError::Usage(format!("{} positions disagree with the search", wrong.len())));
    }
    Ok(())
}
