//! The laws the targets check, shared by them: positions print back to
//! themselves, legal moves read back from their canonical text, a game
//! written as a record reads back to the same game; and the built-in
//! variants, loaded once.

use leap_core::notation::{format_move, format_position, parse_position, parse_records, read_move};
use leap_core::perft::count_moves;
use leap_core::{Game, History, Position, SplitMix64};
use leap_games::Variant;
use std::sync::OnceLock;

/// Moves whose text is read back, at most, in one position: the rest are
/// only counted (a crafted position may have thousands of captures, and
/// an input must stay quick to run).
pub const MOVES_READ_BACK: usize = 300;

/// The built-in variants, by name, loaded once.
pub fn builtins() -> &'static [(&'static str, Variant)] {
    static BUILTINS: OnceLock<Vec<(&'static str, Variant)>> = OnceLock::new();
    BUILTINS.get_or_init(|| {
        leap_format::BUILTIN
            .iter()
            .map(|(name, _)| (*name, leap_games::load(name).expect("a built-in variant loads")))
            .collect()
    })
}

/// The built-in variant named `name` (in any case).
pub fn builtin(name: &str) -> Option<&'static Variant> {
    builtins().iter().find(|(n, _)| n.eq_ignore_ascii_case(name.trim())).map(|(_, v)| v)
}

/// Splits an input into the variant its first line names and the text
/// after that line. A first line that is not a built-in name picks a
/// variant from its bytes; without a line break, the whole input is the
/// text, for Camelot.
pub fn variant_and_text(data: &[u8]) -> (&'static Variant, String) {
    let all = builtins();
    match data.iter().position(|&b| b == b'\n') {
        None => (&all[0].1, String::from_utf8_lossy(data).into_owned()),
        Some(i) => {
            let head = String::from_utf8_lossy(&data[..i]);
            let variant = builtin(&head).unwrap_or_else(|| {
                let sum: usize = data[..i].iter().map(|&b| b as usize).sum();
                &all[sum % all.len()].1
            });
            (variant, String::from_utf8_lossy(&data[i + 1..]).into_owned())
        }
    }
}

/// A position prints as a string that reads back to an equal position,
/// and prints the same again.
pub fn position_round_trip<G: Game>(game: &G, pos: &Position) {
    let written = format_position(game, pos);
    let again = match parse_position(game, &written) {
        Ok(p) => p,
        Err(e) => panic!("{}: the position written as `{written}` does not read back:\n{e}", game.name()),
    };
    assert_eq!(again, *pos, "{}: `{written}` reads back as another position", game.name());
    assert_eq!(format_position(game, &again), written, "{}: written twice differently", game.name());
}

/// The moves of a position: counted without listing them as many as
/// listed, each with a canonical path whose text reads back to the same
/// move (the first [`MOVES_READ_BACK`] of them).
pub fn moves_round_trip<G: Game>(game: &G, pos: &Position) {
    let keys = game.legal_moves(pos);
    let place = || format!("{}: in {}", game.name(), format_position(game, pos));
    assert_eq!(count_moves(game, pos), keys.len() as u64, "{}: counted and listed moves differ", place());
    for key in keys.iter().take(MOVES_READ_BACK) {
        let Some(path) = game.canonical(pos, key) else {
            panic!("{}: the legal move {key:?} has no canonical path", place());
        };
        assert_eq!(path.key(), *key, "{}: the canonical path is another move", place());
        let text = format_move(game.board(), &path);
        match read_move(game, pos, &text) {
            Ok(read) => {
                assert_eq!(read.key, *key, "{}: `{text}` reads back as another move", place());
                assert_eq!(read.completed, None, "{}: `{text}` is not read as written", place());
                assert_eq!(format_move(game.board(), &read.path), text, "{}: `{text}` read as another path", place());
            }
            Err(e) => panic!("{}: the legal move `{text}` does not read back: {e}", place()),
        }
    }
}

/// A game written as a record reads back to the same game: the same
/// start, the same moves with the same paths, the same result.
pub fn record_round_trip<G: Game>(game: &G, history: &History, tags: &[(String, String)]) {
    let text = history.to_record(game, tags);
    let records = match parse_records(&text) {
        Ok(r) => r,
        Err(e) => panic!("{}: a written record does not read back: {e}\n{text}", game.name()),
    };
    assert_eq!(records.len(), 1, "{}: one game written, {} read:\n{text}", game.name(), records.len());
    let record = &records[0];
    for (k, v) in tags {
        assert_eq!(record.tag(k), Some(v.as_str()), "{}: the tag [{k}] reads back otherwise:\n{text}", game.name());
    }
    assert_eq!(record.tag("Variant"), Some(game.name()), "{}: the variant tag:\n{text}", game.name());
    let start = match record.tag("Position") {
        Some(p) => {
            parse_position(game, p).unwrap_or_else(|e| panic!("{}: the start written: {e}\n{text}", game.name()))
        }
        None => game.start(),
    };
    assert_eq!(start, *history.start(), "{}: the record starts elsewhere:\n{text}", game.name());
    let mut again = History::new(start);
    if let Err(e) = again.play_all(game, &record.moves) {
        panic!("{}: the written moves do not replay: {e}\n{text}", game.name());
    }
    assert_eq!(again.moves(), history.moves(), "{}: other moves replayed:\n{text}", game.name());
    assert_eq!(again.positions(), history.positions(), "{}: other positions replayed:\n{text}", game.name());
    let result = history.result_token(game);
    assert_eq!(record.result.as_deref(), Some(result.as_str()), "{}: the result written:\n{text}", game.name());
    assert_eq!(record.tag("Result"), Some(result.as_str()), "{}: the [Result] tag:\n{text}", game.name());
}

/// Plays up to `plies` moves from `start`, chosen by `seed`, checking
/// every position passed and, at the end, the record of the game.
pub fn walk<G: Game>(game: &G, start: &Position, seed: u64, plies: usize) {
    let mut rng = SplitMix64::new(seed);
    let mut history = History::new(*start);
    for _ in 0..plies {
        let pos = *history.current();
        position_round_trip(game, &pos);
        moves_round_trip(game, &pos);
        if history.outcome(game).is_some() {
            break;
        }
        let keys = game.legal_moves(&pos);
        if keys.is_empty() {
            break;
        }
        let key = keys[rng.below(keys.len())];
        let path = game.canonical(&pos, &key).expect("a legal move has a canonical path");
        history.push(game, path);
    }
    record_round_trip(game, &history, &[]);
}

/// A seed made from an input's bytes (FNV-1a), for the choices a target
/// makes beyond what the input says.
pub fn seed_of(data: &[u8]) -> u64 {
    data.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| (h ^ b as u64).wrapping_mul(0x100_0000_01b3))
}

/// A refusal must say something a person can read: a message that is
/// not empty.
pub fn refused(what: &str, message: &str) {
    assert!(!message.trim().is_empty(), "{what}: refused without a message");
}
