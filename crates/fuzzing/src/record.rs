//! The target of game records.

use crate::check::{builtin, record_round_trip, refused, walk};
use leap_core::notation::{parse_position, parse_records, result_fits, Record};
use leap_core::{Game, History};
use leap_games::{with_game, Variant, FILE_TAG};

/// The games of a file that are replayed, at most.
const GAMES: usize = 4;

/// Game records (as `replay` and `play --load` read them): the file is
/// read into games; each game whose variant is a built-in one is replayed
/// from its start (`[Position]` or `[FEN]`), and a game that replays is
/// written as a record again, which reads back to the same game with its
/// tags. A record refused, or a game that does not replay, says why.
pub fn record(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let records = match parse_records(&text) {
        Ok(records) => records,
        Err(e) => {
            assert!(e.line >= 1 && e.column >= 1, "a record refused at {}:{}", e.line, e.column);
            return refused("a record", &e.to_string());
        }
    };
    for record in records.iter().take(GAMES) {
        // (A game played with a variant file is not replayed: the target reads no file.)
        if record.tag(FILE_TAG).is_some() {
            continue;
        }
        let english_draughts = record.tag("GameType").is_some_and(|t| t.split(',').next().map(str::trim) == Some("21"));
        let name = record.tag("Variant").unwrap_or(if english_draughts { "checkers" } else { "camelot" });
        if let Some(variant) = builtin(name) {
            replay(variant, record);
        }
    }
}

/// Replays one game of a record under `variant` and checks what it gives.
fn replay(variant: &Variant, record: &Record) {
    with_game!(variant, g => {
        for token in record.result.iter().map(String::as_str).chain(record.tag("Result")) {
            if let Err(why) = result_fits(token, g.players().len()) {
                refused("a result", &why);
            }
        }
        let given = record.tag("Position").or(record.tag("FEN"));
        let start = match given.map(|p| parse_position(g, p)) {
            None => g.start(),
            Some(Ok(start)) => start,
            Some(Err(e)) => return refused("a record's start", &e.to_string()),
        };
        let mut history = History::new(start);
        match history.play_all(g, &record.moves) {
            Ok(read) => {
                assert_eq!(read.len(), record.moves.len(), "moves replayed and written differ in number");
                let kept: Vec<(String, String)> = record
                    .tags
                    .iter()
                    .filter(|(k, _)| !["Variant", "Position", "FEN", "SetUp", "Result"].iter().any(|t| t.eq_ignore_ascii_case(k)))
                    .cloned()
                    .collect();
                record_round_trip(g, &history, &kept);
                walk(g, history.current(), record.moves.len() as u64, 2);
            }
            Err(e) => refused("a record's moves", &e.to_string()),
        }
    })
}

/// Words of game records.
pub const WORDS: &[&str] = &[
    "[Variant \"camelot\"]\n",
    "[Variant \"checkers\"]\n",
    "[Variant \"tri-camelot\"]\n",
    "[Position \"",
    "[FEN \"",
    "[Result \"",
    "[GameType \"21\"]\n",
    "[VariantFile \"x.toml\"]\n",
    "\"]\n",
    "1.",
    "2.",
    "1...",
    "E6-E8",
    "H11-F9",
    "H6-F8",
    "11-15",
    "23-19",
    "x",
    "{",
    "}",
    ";",
    "$1",
    "!?",
    "1-0",
    "0-1",
    "1/2-1/2",
    "*",
    "0-0-1",
    "1/3-1/3-1/3",
    "\n",
    "\u{feff}",
];
