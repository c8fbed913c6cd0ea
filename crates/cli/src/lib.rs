//! The `camelot` command line: play, analyse and count the games of the
//! leap-and-capture family. See `camelot --help`.

#![warn(missing_docs)]

mod commands;
mod play;
pub mod variant;

use clap::{Parser, Subcommand};
use std::path::PathBuf;

#[derive(Parser)]
#[command(name = "camelot", version, about = "Camelot and its family of leap-and-capture games")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// Where a command starts: a variant, an optional position string and moves played from it.
#[derive(clap::Args, Clone)]
struct Setup {
    /// A built-in variant name (see `camelot variants`) or the path of a variant file.
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
        /// Depth in plies.
        #[arg(long)]
        depth: u32,
        /// Count distinct simple move paths instead of distinct positions.
        #[arg(long)]
        paths: bool,
        /// Print the count below each root move.
        #[arg(long)]
        divide: bool,
        /// Print one JSON object instead.
        #[arg(long)]
        json: bool,
        /// Number of threads (default: all cores).
        #[arg(long)]
        threads: Option<usize>,
    },
    /// Check every move of a game record and print the final position and result.
    Replay {
        /// The record file (PGN style).
        file: PathBuf,
    },
    /// Play a game at the terminal, people taking turns.
    Play {
        /// A built-in variant name or the path of a variant file.
        variant: String,
        /// Start from this position string.
        #[arg(long)]
        position: Option<String>,
    },
    /// Validate variant files and describe each valid one.
    Check {
        /// Variant files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
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
        Command::Perft { setup, depth, paths, divide, json, threads } => {
            commands::perft(&setup, &commands::PerftOptions { depth, paths, divide, json, threads })
        }
        Command::Replay { file } => commands::replay(&file),
        Command::Play { variant, position } => play::play(&variant, position.as_deref()),
        Command::Check { files } => commands::check(&files),
    };
    match result {
        Ok(()) => 0,
        Err(message) => {
            eprintln!("error: {message}");
            1
        }
    }
}
