//! # leap-testkit
//!
//! Helpers for the rules tests of the leap-and-capture games, shared by the
//! test suites of the game crates (`leap-camelot`, `leap-tricamelot`,
//! `leap-checkers`). A dev-dependency only: it is not published.
//!
//! Every helper is generic over [`Game`] and takes the game as its first
//! argument. Positions are written as position strings ([`parse_position`]),
//! moves as notation ([`read_move`]); move lists are compared sorted as
//! strings, so an expected list may be written in any order.
//!
//! The asserting helpers are `#[track_caller]`: a failure is reported at the
//! line of the test, with the position and the actual and expected lists.
//!
//! ```
//! # use leap_core::Game;
//! # fn demo<G: Game>(game: &G) {
//! use leap_testkit::{assert_moves, moves_at, play, pos};
//! let start = pos(game, "W:WD4:BD5,L13");
//! let after = play(game, &start, "D4xD6");
//! assert_moves(game, "W:WD4:BD5,L13", &["D4xD6"]);
//! # let _ = (after, moves_at(game, &start));
//! # }
//! ```

#![warn(missing_docs)]

use leap_core::{
    notation::{format_position, legal_move_texts, parse_position, read_move, MoveError},
    EndReason, Game, GameResult, Outcome, Player, Position,
};

/// The position written as `text` (a position string); panics with the
/// parser's message if it is not one.
#[track_caller]
pub fn pos<G: Game>(game: &G, text: &str) -> Position {
    match parse_position(game, text) {
        Ok(p) => p,
        Err(e) => panic!("{e}"),
    }
}

/// The list, sorted.
pub fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

/// An expected list of moves as owned strings, sorted.
pub fn expected(list: &[&str]) -> Vec<String> {
    sorted(list.iter().map(|s| s.to_string()).collect())
}

/// All legal moves of a position in notation, sorted as strings.
pub fn moves_at<G: Game>(game: &G, p: &Position) -> Vec<String> {
    sorted(legal_move_texts(game, p))
}

/// The start square of a move in notation: the text before the first `-`
/// or `x` (`D4` of `D4-D6xD8`).
pub fn start_square(m: &str) -> &str {
    m.split(['-', 'x']).next().unwrap_or("")
}

/// The legal moves of the piece on `square`, sorted as strings.
pub fn moves_of_at<G: Game>(game: &G, p: &Position, square: &str) -> Vec<String> {
    moves_at(game, p).into_iter().filter(|m| start_square(m) == square).collect()
}

/// Asserts that the legal moves of the position written as `text` are
/// exactly `want` (in any order).
#[track_caller]
pub fn assert_moves<G: Game>(game: &G, text: &str, want: &[&str]) {
    assert_same_moves(moves_at(game, &pos(game, text)), want, &format!("legal moves of {text}"));
}

/// Asserts that the legal moves of the piece on `square`, in the position
/// written as `text`, are exactly `want` (in any order).
#[track_caller]
pub fn assert_moves_of<G: Game>(game: &G, text: &str, square: &str, want: &[&str]) {
    let what = format!("legal moves of the piece on {square} in {text}");
    assert_same_moves(moves_of_at(game, &pos(game, text), square), want, &what);
}

/// Asserts that the moves `actual` are exactly `want` (both in any order);
/// on failure names `what` (say, the position) and shows both lists sorted,
/// and the moves missing from and extra in `actual`.
#[track_caller]
pub fn assert_same_moves(actual: Vec<String>, want: &[&str], what: &str) {
    let actual = sorted(actual);
    let want = expected(want);
    if actual != want {
        let missing: Vec<&String> = want.iter().filter(|m| !actual.contains(m)).collect();
        let extra: Vec<&String> = actual.iter().filter(|m| !want.contains(m)).collect();
        panic!(
            "{what}: the lists differ\n  actual:     {actual:?}\n  expected:   {want:?}\n  missing:    {missing:?}\n  \
             unexpected: {extra:?}"
        );
    }
}

/// Plays a move written out in full (not abbreviated) and returns the
/// position after it; panics, showing the position, if the move cannot be
/// read, is abbreviated or is not legal.
#[track_caller]
pub fn play<G: Game>(game: &G, p: &Position, text: &str) -> Position {
    let read = match read_move(game, p, text) {
        Ok(read) => read,
        Err(e) => panic!("{text} in {}: {e}", format_position(game, p)),
    };
    assert_eq!(read.completed, None, "{text} should be a full path in {}", format_position(game, p));
    assert!(game.legal_moves(p).contains(&read.key), "{text} is not a legal move in {}", format_position(game, p));
    game.play_unchecked(p, &read.key)
}

/// Asserts that `text` is not a legal move in the position (neither as
/// written nor abbreviated): reading it fails with [`MoveError::Illegal`].
#[track_caller]
pub fn assert_illegal<G: Game>(game: &G, p: &Position, text: &str) {
    match read_move(game, p, text) {
        Err(MoveError::Illegal { .. }) => {}
        other => panic!("{text} should be illegal in {}, got {other:?}", format_position(game, p)),
    }
}

/// The outcome of a game won by `player`, as [`Game::outcome`] gives it.
pub fn win(player: Player, reason: EndReason) -> Option<Outcome> {
    Some(Outcome { result: GameResult::Win(player), reason })
}

/// The outcome of a drawn game, as [`Game::outcome`] gives it.
pub fn draw(reason: EndReason) -> Option<Outcome> {
    Some(Outcome { result: GameResult::Draw, reason })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_square_is_the_text_before_the_first_separator() {
        assert_eq!(start_square("D4-D6xD8"), "D4");
        assert_eq!(start_square("F9xF13"), "F9");
        assert_eq!(start_square("14x23"), "14");
        assert_eq!(start_square("pass"), "pass");
    }

    #[test]
    fn expected_lists_are_sorted() {
        assert_eq!(expected(&["b", "c", "a"]), ["a", "b", "c"]);
    }

    #[test]
    fn same_moves_in_any_order_pass() {
        assert_same_moves(expected(&["A1-A2", "B1-B2"]), &["B1-B2", "A1-A2"], "moves");
    }

    #[test]
    #[should_panic(expected = "missing:    [\"C1-C2\"]")]
    fn different_moves_show_what_is_missing() {
        assert_same_moves(expected(&["A1-A2", "B1-B2"]), &["A1-A2", "C1-C2"], "moves");
    }
}
