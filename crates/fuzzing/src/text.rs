//! The targets of text a user types or writes: position strings, moves,
//! and variant files.

use crate::check::{
    moves_round_trip, position_round_trip, record_round_trip, refused, seed_of, variant_and_text, walk,
};
use leap_core::notation::{diagram, format_move, parse_position, read_move};
use leap_core::rules::LeapRules;
use leap_core::{Game, History};
use leap_games::with_game;

/// Plies played from a position a target has read, checking each.
const PLIES: usize = 6;

/// Position strings: the first line names the variant, the rest is read
/// as a position string (as `--position` and `[Position]` are). A position
/// read prints back to an equal one, its moves read back from their text,
/// and a few plies from it replay from their record.
pub fn position(data: &[u8]) {
    let (variant, text) = variant_and_text(data);
    with_game!(variant, g => match parse_position(g, &text) {
        Ok(pos) => {
            let _ = diagram(g, &pos);
            let _ = g.outcome(&pos);
            walk(g, &pos, seed_of(data), PLIES);
        }
        Err(e) => refused("a position string", &e.to_string()),
    })
}

/// Moves: the first line names the variant, the second is a position
/// string (empty, or one that is refused: the start position), and the
/// words after it are moves, read and played one after the other (as
/// `--moves`, `play` and the engine protocol read them). A move read is
/// legal, and its canonical text and the path it was read as read back to
/// it; the game so far replays from its record.
pub fn moves(data: &[u8]) {
    let (variant, text) = variant_and_text(data);
    let (first, rest) = text.split_once('\n').unwrap_or((&text, ""));
    with_game!(variant, g => {
        let start = parse_position(g, first.trim()).unwrap_or_else(|_| g.start());
        moves_round_trip(g, &start);
        let mut history = History::new(start);
        for word in rest.split_whitespace().take(64) {
            let pos = *history.current();
            match read_move(g, &pos, word) {
                Ok(read) => {
                    assert!(g.legal_moves(&pos).contains(&read.key), "`{word}` read as a move that is not legal");
                    for again in [format_move(g.board(), &read.path), g.canonical(&pos, &read.key).map(|m| format_move(g.board(), &m)).expect("a canonical path")] {
                        let back = read_move(g, &pos, &again).unwrap_or_else(|e| panic!("`{word}` read as `{again}`, which does not read back: {e}"));
                        assert_eq!(back.key, read.key, "`{word}` read as `{again}`, which reads back as another move");
                    }
                    match history.play_text(g, word) {
                        Ok(played) => assert_eq!(played.key, read.key, "`{word}` played as another move"),
                        // (A game over by repetition: the history knows, the position alone does not.)
                        Err(e) => {
                            assert!(history.outcome(g).is_some(), "`{word}` is read but not played: {e}");
                            break;
                        }
                    }
                    position_round_trip(g, history.current());
                }
                Err(e) => refused("a move", &e.to_string()),
            }
        }
        moves_round_trip(g, history.current());
        record_round_trip(g, &history, &[]);
    })
}

/// Variant files as text (as `check`, every command given a file, and the
/// web app's uploads read them). A file refused has problems each at a
/// line and column of the file; a file accepted gives a game whose start
/// prints back to itself and whose first plies replay from their record.
pub fn variant_text(data: &[u8]) {
    check_variant_text(&String::from_utf8_lossy(data), seed_of(data));
}

/// The name variant files are read under: in a folder that does not
/// exist, so that an `extends` of a relative path finds no file.
const FILE: &str = "/nonexistent-fuzz-folder/fuzz.toml";

/// Reads `text` as a variant file and checks what it gives; `seed` picks
/// the moves played. Whether the file was accepted.
pub fn check_variant_text(text: &str, seed: u64) -> bool {
    match leap_games::parse(FILE, text) {
        Ok(variant) => {
            with_game!(&variant, g => {
                let _ = g.outcome(&g.start());
                walk(g, &g.start(), seed, PLIES);
            });
            true
        }
        Err(errors) => {
            assert!(!errors.diagnostics.is_empty(), "a variant file refused without a problem");
            for d in &errors.diagnostics {
                refused("a variant file", &d.message);
                assert!(d.line >= 1 && d.column >= 1, "a problem at {}:{}: {}", d.line, d.column, d.message);
            }
            refused("a variant file", &errors.to_string());
            false
        }
    }
}

/// Words of position strings.
pub const POSITION_WORDS: &[&str] = &[
    "camelot\n",
    "checkers\n",
    "tri-camelot\n",
    "chivalry\n",
    "W:",
    "B:",
    ":W",
    ":B",
    ":R",
    ":G",
    "K",
    ",",
    "C6",
    "D11",
    "F16",
    "A1",
    "32",
    "K22",
    " castle-moves=",
    "0,0",
    "1,2",
    "0,0,0",
    " clock=",
    " clock2=",
    "99",
    "65535",
    "\u{feff}",
    "\r",
];

/// Words of moves.
pub const MOVE_WORDS: &[&str] = &[
    "camelot\n\n",
    "checkers\n\n",
    "tri-camelot\n\n",
    "E6-E8",
    "H11-F9",
    "-",
    "x",
    ":",
    "X",
    "pass",
    "11-15",
    "23x14",
    "F7",
    "G8",
    " ",
    "1.",
    "W:WKC6,D6:BKC11,D11 castle-moves=0,0\n",
];

/// Words of variant files.
pub const VARIANT_WORDS: &[&str] = &[
    "extends = \"camelot\"\n",
    "extends = \"checkers\"\n",
    "name = \"x\"\n",
    "family = \"checkers\"\n",
    "[board]\n",
    "geometry = \"square\"\n",
    "geometry = \"hex\"\n",
    "geometry = \"diagonal\"\n",
    "files = ",
    "ranks = ",
    "layout = \"\"\"\n",
    "\"\"\"\n",
    "names = ",
    "[[players]]\n",
    "letter = ",
    "castle = [",
    "forward = \"up\"\n",
    "promotion = [",
    "[[pieces]]\n",
    "prefix = \"K\"\n",
    "charge = true\n",
    "canter_rule = true\n",
    "moves = \"any\"\n",
    "promotes_to = ",
    "[[zones]]\n",
    "role = \"goal\"\n",
    "[setup]\n",
    "White = \"",
    "[rules]\n",
    "castle_moves = ",
    "no_move = \"pass\"\n",
    "other_castles = \"left-wins-right-barred\"\n",
    "[end]\n",
    "move_limit = 0\n",
    "royal = [",
    "[notation]\n",
    "player_order = [",
    "turn_order = [",
    "[eval]\n",
    "\u{feff}",
];
