//! Perft as data: every line of the files in `tests/perft/` is checked,
//! one file per variant (`camelot.perft`, `checkers.perft`, `tri-camelot.perft`), by one driver
//! generic over the game.
//!
//! A file is a list of blocks (shakmaty style):
//!
//! ```text
//! id NAME
//! position POSITION-STRING | start
//! perft DEPTH NODES
//! paths DEPTH NODES
//! ```
//!
//! `perft` counts distinct resulting positions ([`Count::Positions`]),
//! `paths` counts simple paths ([`Count::Paths`]). Blocks are separated by
//! blank lines; `#` starts a comment line. A malformed line fails the test
//! with its line number.
//!
//! Lines with more than [`QUICK`] nodes are left to an ignored test
//! (`cargo test --release --test perft -- --ignored`).

use leap_core::{
    notation::parse_position,
    perft::{perft, perft_parallel, Count},
    Game, Position,
};
use std::fmt;
use std::time::Instant;

const FILE: &str = "tests/perft/camelot.perft";
const CHECKERS: &str = "tests/perft/checkers.perft";
const TRICAMELOT: &str = "tests/perft/tri-camelot.perft";

/// The largest count checked in the normal test run.
const QUICK: u64 = 20_000_000;

/// One `perft` or `paths` line.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Check {
    line: usize,
    count: Count,
    depth: u32,
    nodes: u64,
}

/// One block of the file.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Block {
    id: String,
    line: usize,
    /// The `position` line's text (`start` or a position string).
    position: Option<String>,
    position_line: usize,
    checks: Vec<Check>,
}

/// A malformed line.
#[derive(Clone, Debug, PartialEq, Eq)]
struct ParseError {
    file: &'static str,
    line: usize,
    message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.file, self.line, self.message)
    }
}

/// Reads a perft file; the position strings are read later, against the game.
fn parse_file(file: &'static str, text: &str) -> Result<Vec<Block>, ParseError> {
    let mut blocks: Vec<Block> = Vec::new();
    // Whether the current block is still open (no blank line since its `id`).
    let mut open = false;
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let err = |message: String| ParseError { file, line, message };
        let trimmed = raw.trim();
        if trimmed.is_empty() {
            open = false;
            continue;
        }
        if trimmed.starts_with('#') {
            continue;
        }
        let (keyword, rest) = match trimmed.split_once(char::is_whitespace) {
            Some((k, r)) => (k, r.trim()),
            None => (trimmed, ""),
        };
        match keyword {
            "id" => {
                if open {
                    return Err(err("`id` inside a block; separate blocks with a blank line".into()));
                }
                if rest.is_empty() || rest.contains(char::is_whitespace) {
                    return Err(err(format!("expected `id NAME` with a one-word name, found `{trimmed}`")));
                }
                if let Some(b) = blocks.iter().find(|b| b.id == rest) {
                    return Err(err(format!("id `{rest}` is already used on line {}", b.line)));
                }
                blocks.push(Block { id: rest.to_string(), line, position: None, position_line: 0, checks: Vec::new() });
                open = true;
            }
            "position" | "perft" | "paths" if !open => {
                return Err(err(format!("`{keyword}` outside a block; start a block with `id NAME`")));
            }
            "position" => {
                let block = blocks.last_mut().expect("an open block");
                if block.position.is_some() || !block.checks.is_empty() {
                    return Err(err("`position` must come once, right after `id`".into()));
                }
                if rest.is_empty() {
                    return Err(err("expected `position POSITION-STRING` or `position start`".into()));
                }
                block.position = Some(rest.to_string());
                block.position_line = line;
            }
            "perft" | "paths" => {
                let block = blocks.last_mut().expect("an open block");
                if block.position.is_none() {
                    return Err(err(format!("`{keyword}` before the block's `position` line")));
                }
                let fields: Vec<&str> = rest.split_whitespace().collect();
                let [depth, nodes] = fields[..] else {
                    return Err(err(format!("expected `{keyword} DEPTH NODES`, found `{trimmed}`")));
                };
                let depth: u32 = depth
                    .parse()
                    .ok()
                    .filter(|d| (1..=20).contains(d))
                    .ok_or_else(|| err(format!("`{depth}` is not a depth from 1 to 20")))?;
                let nodes: u64 = nodes.parse().map_err(|_| err(format!("`{nodes}` is not a node count")))?;
                let count = if keyword == "perft" { Count::Positions } else { Count::Paths };
                if block.checks.iter().any(|c| c.count == count && c.depth == depth) {
                    return Err(err(format!("a second `{keyword} {depth}` line in block `{}`", block.id)));
                }
                block.checks.push(Check { line, count, depth, nodes });
            }
            other => {
                return Err(err(format!("unknown keyword `{other}`; expected id, position, perft, paths or #")));
            }
        }
    }
    if let Some(b) = blocks.iter().find(|b| b.position.is_none() || b.checks.is_empty()) {
        return Err(ParseError {
            file,
            line: b.line,
            message: format!("block `{}` needs a `position` line and at least one `perft` or `paths` line", b.id),
        });
    }
    Ok(blocks)
}

fn load_blocks(file: &'static str) -> Vec<Block> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    parse_file(file, &text).unwrap_or_else(|e| panic!("{e}"))
}

fn position_of<G: Game>(game: &G, file: &str, block: &Block) -> Position {
    match block.position.as_deref() {
        Some("start") => game.start(),
        Some(s) => parse_position(game, s).unwrap_or_else(|e| panic!("{file}:{}: {e}", block.position_line)),
        None => unreachable!("checked by parse_file"),
    }
}

/// Checks the lines of `file` whose counts `select` accepts; returns how many.
/// Large counts use every core.
fn check_file<G: Game>(game: &G, file: &'static str, select: impl Fn(u64) -> bool) -> usize {
    let mut failures = Vec::new();
    let mut checked = 0;
    for block in &load_blocks(file) {
        let pos = position_of(game, file, block);
        for check in block.checks.iter().filter(|c| select(c.nodes)) {
            let started = Instant::now();
            let got = if check.nodes > 1_000_000 {
                perft_parallel(game, &pos, check.depth, check.count)
            } else {
                perft(game, &pos, check.depth, check.count)
            };
            let kind = if check.count == Count::Positions { "perft" } else { "paths" };
            eprintln!("{:<32} {kind} {:>2} {:>10} {:>8.1?}", block.id, check.depth, got, started.elapsed());
            checked += 1;
            if got != check.nodes {
                failures.push(format!(
                    "{file}:{}: {} {kind} {}: expected {}, engine gives {}",
                    check.line, block.id, check.depth, check.nodes, got
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{} of {checked} perft lines disagree:\n{}", failures.len(), failures.join("\n"));
    checked
}

/// The position strings of a file are in the engine's own form: reading
/// and writing one gives it back (so the file stays easy to compare with
/// the engine's output).
fn positions_are_canonical<G: Game>(game: &G, file: &'static str) {
    for block in load_blocks(file) {
        let pos = position_of(game, file, &block);
        assert!(game.decided(&pos).is_none(), "{file}:{}: block `{}` starts in a finished game", block.line, block.id);
        let again = parse_position(game, &leap_core::notation::format_position(game, &pos)).unwrap();
        assert_eq!(again, pos, "{file}:{}: block `{}`", block.line, block.id);
    }
}

fn camelot() -> leap_camelot::Camelot {
    leap_camelot::load("camelot").unwrap()
}

fn checkers() -> leap_checkers::Checkers {
    leap_checkers::load("checkers").unwrap()
}

#[test]
fn perft_file() {
    assert!(load_blocks(FILE).len() >= 9, "expected the start position and at least 8 constructed positions");
    check_file(&camelot(), FILE, |n| n <= QUICK);
}

#[test]
fn perft_file_positions_are_canonical() {
    positions_are_canonical(&camelot(), FILE);
}

/// Checkers: the published counts from the start to depth 10, and the
/// constructed positions.
#[test]
fn checkers_perft_file() {
    assert!(check_file(&checkers(), CHECKERS, |n| n <= QUICK) >= 20);
}

/// Checkers: the published counts of depths 11 to 13 (minutes of work).
#[test]
#[ignore]
fn checkers_perft_file_deep() {
    assert!(check_file(&checkers(), CHECKERS, |n| n > QUICK) >= 6);
}

#[test]
fn checkers_perft_file_positions_are_canonical() {
    positions_are_canonical(&checkers(), CHECKERS);
}

/// The parallel perft agrees with the single-threaded one at depth 3.
fn tricamelot() -> leap_camelot::Camelot {
    leap_camelot::load("tri-camelot").unwrap()
}

#[test]
fn tricamelot_perft_file() {
    assert!(check_file(&tricamelot(), TRICAMELOT, |n| n <= QUICK) >= 30);
}

#[test]
#[ignore]
fn tricamelot_perft_file_deep() {
    assert!(check_file(&tricamelot(), TRICAMELOT, |n| n > QUICK) >= 1);
}

#[test]
fn tricamelot_perft_file_positions_are_canonical() {
    positions_are_canonical(&tricamelot(), TRICAMELOT);
}

#[test]
fn perft_parallel_agrees() {
    let game = camelot();
    let start = game.start();
    for count in [Count::Positions, Count::Paths] {
        assert_eq!(
            leap_core::perft::perft_parallel(&game, &start, 3, count),
            perft(&game, &start, 3, count),
            "{count:?}"
        );
    }
}

#[test]
fn malformed_lines_are_reported_with_their_line_number() {
    let cases: &[(&str, usize, &str)] = &[
        ("id a\nposition start\nperft 1\n", 3, "expected `perft DEPTH NODES`"),
        ("id a\nposition start\nperft x 100\n", 3, "not a depth"),
        ("id a\nposition start\nperft 0 1\n", 3, "not a depth"),
        ("id a\nposition start\nperft 21 1\n", 3, "not a depth from 1 to 20"),
        ("id a\nposition start\nperft 1 many\n", 3, "not a node count"),
        ("id a\nposition start\nperft 1 100 7\n", 3, "expected `perft DEPTH NODES`"),
        ("id a\nposition start\n# fine\nnodes 1 100\n", 4, "unknown keyword `nodes`"),
        ("position start\n", 1, "outside a block"),
        ("id a\nposition start\nperft 1 100\n\nperft 2 3\n", 5, "outside a block"),
        ("id a\nperft 1 100\n", 2, "before the block's `position`"),
        ("id a\nposition start\nposition start\n", 3, "right after `id`"),
        ("id a\nposition\n", 2, "expected `position POSITION-STRING`"),
        ("id a\nposition start\nperft 1 100\nid b\n", 4, "inside a block"),
        ("id a\nposition start\nperft 1 100\n\nid a\n", 5, "already used on line 1"),
        ("id\n", 1, "expected `id NAME`"),
        ("id a b\n", 1, "expected `id NAME`"),
        ("id a\nposition start\nperft 1 100\nperft 1 100\n", 4, "a second `perft 1`"),
        ("\n\nid a\nposition start\n", 3, "needs a `position` line and at least one"),
    ];
    for &(text, line, fragment) in cases {
        let e = parse_file(FILE, text).expect_err(text);
        assert_eq!(e.line, line, "{text:?}: {e}");
        assert!(e.message.contains(fragment), "{text:?}: `{}` lacks `{fragment}`", e.message);
        assert!(e.to_string().starts_with(&format!("{FILE}:{line}: ")), "{e}");
    }
    let ok = parse_file(FILE, "# c\n\nid a\nposition W:WE5:BE7 castle-moves=0,0\nperft 1 8\npaths 1 8\n").unwrap();
    assert_eq!(ok.len(), 1);
    assert_eq!(ok[0].position.as_deref(), Some("W:WE5:BE7 castle-moves=0,0"));
    assert_eq!(ok[0].checks.len(), 2);
    assert_eq!(ok[0].checks[1], Check { line: 6, count: Count::Paths, depth: 1, nodes: 8 });
}

/// A game that never ends and has one line of play: White's Man steps
/// between A1 and A2 for ever, Black's, alone on E3 with no neighbour,
/// passes (`no_move = "pass"`), no move limit draws it
/// (`move_limit = 0`), and no goal wins it (`goal_count = 0`).
const ONE_LINE: &str = r#"
name = "one-line"
[board]
geometry = "square"
files = 5
ranks = 3
layout = """
  . .
.
.   .
"""
[[players]]
name = "White"
letter = "W"
castle = ["C3"]
[[players]]
name = "Black"
letter = "B"
castle = ["E1"]
[[pieces]]
name = "Man"
prefix = ""
symbol = "M"
[setup]
White = "A1"
Black = "E3"
[rules]
castle_moves = 0
no_move = "pass"
[end]
goal_count = 0
insufficient_material = 0
move_limit = 0
"#;

#[test]
fn perft_of_a_game_without_end_goes_deep_without_the_stack() {
    let game = leap_camelot::parse_variant("one-line.toml", ONE_LINE).expect("a valid variant");
    // On a small stack: a frame per ply would overflow it long before.
    let deep = std::thread::Builder::new()
        .stack_size(256 << 10)
        .spawn(move || {
            let start = game.start();
            [Count::Positions, Count::Paths].map(|count| perft(&game, &start, 100_000, count))
        })
        .expect("a thread")
        .join()
        .expect("perft returns");
    assert_eq!(deep, [1, 1]);
}

#[test]
fn perft_deeper_than_the_game_takes_no_memory_for_plies_never_reached() {
    let game = camelot();
    // Black has no piece left: the game is over, whatever depth is asked.
    let over = parse_position(&game, "B:WKC6,D6,E6:B").expect("a position");
    assert!(game.outcome(&over).is_some());
    assert_eq!(perft(&game, &over, u32::MAX, Count::Positions), 0);
    assert_eq!(perft(&game, &over, u32::MAX, Count::Paths), 0);
}
