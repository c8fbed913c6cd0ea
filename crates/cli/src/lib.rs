//! The `camelot` command line: play, analyse and count the games of the
//! leap-and-capture family. See `camelot --help`.

#![warn(missing_docs)]

// Every report to stderr goes through these two, which take the place of
// std's macros of the same names in every module below (a macro defined
// here comes before the prelude's): std's panic when stderr cannot be
// written (a closed pipe, `2>&1 | head`), and a message nobody can read
// is no reason to change the exit status. These write what they can and
// drop the rest.

/// `eprint!` that never panics: a failed write to stderr is ignored.
macro_rules! eprint {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = write!(std::io::stderr(), $($arg)*);
    }};
}

/// `eprintln!` that never panics: a failed write to stderr is ignored.
macro_rules! eprintln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}

mod analyze;
mod bench;
mod commands;
mod compare;
mod error;
mod interrupt;
mod matches;
mod play;
mod progress;
pub mod protocol;
mod record;
mod review;
mod save;
mod schema;
mod serve;
mod solve;
mod suite;
mod summary;
mod tune;

use clap::{Parser, Subcommand};
use std::path::PathBuf;

#[derive(Parser)]
#[command(name = "camelot", version, about = "Camelot and its family of leap-and-capture games")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// Where a command starts: a variant, an optional position string and moves played from it.
#[derive(clap::Args, Clone, Debug)]
struct Setup {
    /// A built-in variant name (see `camelot variants`; any case) or the path of a variant file.
    #[arg(value_parser = commands::variant_arg)]
    variant: String,
    /// Start from this position string instead of the variant's start position.
    #[arg(long)]
    position: Option<String>,
    /// Moves to play first, as in a game score: "1.E6-E8 H11-F9 2.H6-F8".
    #[arg(long)]
    moves: Option<String>,
}

#[derive(Subcommand)]
enum Command {
    /// List the built-in variants.
    Variants,
    /// Print the board as a diagram and the position string.
    Show {
        #[command(flatten)]
        setup: Setup,
    },
    /// List the legal moves, one per line in canonical notation.
    Moves {
        #[command(flatten)]
        setup: Setup,
        /// Print one JSON object instead.
        #[arg(long)]
        json: bool,
    },
    /// Count the move tree to a depth (distinct resulting positions per node).
    Perft {
        #[command(flatten)]
        setup: Setup,
        #[command(flatten)]
        opts: commands::PerftOptions,
    },
    /// Search a position with the engine: one line per completed depth
    /// (score for the side to move, nodes, speed, time, principal
    /// variation), then the best move.
    Analyze {
        #[command(flatten)]
        setup: Setup,
        #[command(flatten)]
        limits: analyze::SearchLimits,
        #[command(flatten)]
        engine: analyze::EngineArgs,
        /// Report the best N lines at each depth: the best move's, then the
        /// best of the other moves', and so on, each scored exactly (every
        /// line is a search of its own: more lines, less depth).
        #[arg(long, value_name = "N", default_value_t = 1,
              value_parser = crate::commands::count::<u32, 1, { leap_engine::MAX_MULTI_PV as u64 }>)]
        multipv: u32,
        /// Print one JSON object per line instead.
        #[arg(long)]
        json: bool,
    },
    /// Run the engine behind a text protocol on standard input and output,
    /// for other programs (UGI, UCI generalised to any game; see
    /// docs/protocol.md).
    Engine {
        /// The variant at the start (`setoption name Variant value ...` changes it).
        #[arg(default_value = "camelot", value_parser = commands::variant_arg)]
        variant: String,
    },
    /// Play a match between two players (the engine with its options, or the
    /// seed's strategies): pairs of games from one opening with the seats
    /// swapped, in parallel; prints the score and the Elo difference, saves
    /// the games.
    Match(matches::Options),
    /// Run the engine on a test suite: a record file of positions, each
    /// with the move wanted in a `[Best "MOVE"]` tag; prints for each
    /// whether the engine found it and from what depth and time, then how
    /// many it found.
    Suite(suite::SuiteOptions),
    /// Review a game record with the engine, move by move, as a chess
    /// site's computer analysis: each move's score against the best
    /// move's, the inaccuracies, mistakes and blunders with the better
    /// line, a summary per player, and (`-o`) the game written again with
    /// all of it.
    Review(review::ReviewOptions),
    /// Fit the weights of a variant's evaluation to self-play games (a
    /// logistic fit of the results, Texel style), and keep them only if a
    /// match against the weights it started from shows them stronger.
    Tune(tune::Options),
    /// Search a fixed set of positions to fixed depths on one thread and
    /// print the node count (it changes only when the search changes) and
    /// the speed.
    Bench,
    /// Check every move of a game record and print the final position and result.
    Replay {
        /// The record file (PGN style).
        file: PathBuf,
    },
    /// Play a game at the terminal: each seat a person or the engine
    /// (`--white engine`, `--seats human,engine,engine`); `hint` asks the
    /// engine.
    Play(play::Options),
    /// Play a round robin among the search strategies (random, minimax,
    /// alpha-beta at several depths) and report results, nodes and times
    /// as tables and as a Markdown file with an SVG chart.
    Compare(compare::Options),
    /// Play in the browser: serve the web app (a board for every variant,
    /// clocks, saved games, the computer) on this machine.
    Serve(serve::Options),
    /// Validate variant files and describe each valid one.
    Check {
        /// Variant files (or built-in variants' names, for their files).
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Solve a small variant (Camette, or endgames with --max-pieces) by
    /// retrograde analysis: the value of every position, in a table on
    /// disk that `play`, `analyze` and `engine` then use; or read a table
    /// (--probe, --position, --moves), check it (--verify) or compare it
    /// with the engine's search (--compare-search).
    Solve(solve::Options),
    /// Print the JSON Schema of variant files (for TOML editors: Even
    /// Better TOML, taplo); docs/variants.md says how to use it.
    Schema,
}

/// Runs the program on the process arguments; returns the exit status.
pub fn main() -> i32 {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() { 2 } else { 0 };
        }
    };
    let result = match cli.command {
        Command::Variants => commands::variants(),
        Command::Show { setup } => commands::show(&setup),
        Command::Moves { setup, json } => commands::moves(&setup, json),
        Command::Perft { setup, opts } => commands::perft(&setup, &opts),
        Command::Analyze { setup, limits, engine, multipv, json } => {
            analyze::analyze(&setup, &limits, &engine, multipv as usize, json)
        }
        Command::Engine { variant } => protocol::run(&variant),
        Command::Match(opts) => matches::run(&opts),
        Command::Tune(opts) => tune::run(&opts),
        Command::Bench => bench::bench(),
        Command::Suite(opts) => suite::run(&opts),
        Command::Review(opts) => review::run(&opts),
        Command::Replay { file } => commands::replay(&file),
        Command::Play(opts) => play::play(&opts),
        Command::Check { files } => commands::check(&files),
        Command::Schema => schema::schema(),
        Command::Solve(opts) => solve::run(&opts),
        Command::Compare(opts) => compare::compare(&opts),
        Command::Serve(opts) => serve::serve(&opts),
    };
    match result {
        Ok(()) => 0,
        // (The output's reader stopped reading, as `| head` does: it wants
        // no more, and no word of it either.)
        Err(error::CliError::Output(e)) if e.kind() == std::io::ErrorKind::BrokenPipe => 1,
        Err(error) => {
            eprintln!("error: {error}");
            error.exit_status()
        }
    }
}
