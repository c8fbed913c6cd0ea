//! Who plays each seat of `camelot play`: a person, or the engine at the
//! game's strength or at a strength of its own (`engine:depth=4`, the style
//! of `camelot match`'s players).

use crate::commands::count;
use leap_engine::{Level, Limits};
use std::time::Duration;

/// The engine's time per move when neither a time nor a depth is given.
const DEFAULT_MOVETIME: u64 = 1000;

/// Who plays a seat.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Seat {
    /// A person at the terminal.
    Human,
    /// The engine, with the strength given for this seat (what it does
    /// not give comes from the command's `--depth`, `--movetime` and
    /// `--level`).
    Engine(Strength),
}

/// How strongly the engine plays one seat: its search's depth or time per
/// move, and its level. `None` leaves the choice to the command's flags.
#[derive(Clone, Copy, PartialEq, Eq, Default, Debug)]
pub struct Strength {
    /// Plies per move.
    pub depth: Option<u32>,
    /// Milliseconds per move.
    pub movetime: Option<u64>,
    /// The level, 1 to 8.
    pub level: Option<Level>,
}

impl Strength {
    /// This strength, with what it leaves open taken from `game`'s (the
    /// command's flags). A seat that names a depth or a time replaces both
    /// of the command's: `engine:depth=2` thinks to depth 2, however long.
    pub fn or(self, game: Strength) -> Strength {
        let (depth, movetime) = if self.depth.is_some() || self.movetime.is_some() {
            (self.depth, self.movetime)
        } else {
            (game.depth, game.movetime)
        };
        Strength { depth, movetime, level: self.level.or(game.level) }
    }

    /// The search's limits for a move: the depth, the time (1 s when
    /// neither is given), or both, whichever comes first.
    pub fn limits(&self) -> Limits {
        match (self.depth, self.movetime) {
            (Some(d), None) => Limits::depth(d),
            (d, ms) => Limits {
                depth: d,
                movetime: Some(Duration::from_millis(ms.unwrap_or(DEFAULT_MOVETIME))),
                ..Limits::default()
            },
        }
    }
}

/// What a seat may be, for messages and `--help`.
pub const SEAT_FORMS: &str = "human, engine, or engine:depth=N,movetime=MS,level=L";

/// Reads a seat: `human`, `engine`, or `engine:` and the options of its
/// strength separated by commas (`engine:depth=4`, `engine:movetime=500,level=3`).
pub fn parse_seat(text: &str) -> Result<Seat, String> {
    let (who, options) = match text.split_once(':') {
        Some((who, options)) => (who, Some(options)),
        None => (text, None),
    };
    match (who.trim().to_ascii_lowercase().as_str(), options) {
        ("human", None) => Ok(Seat::Human),
        ("human", Some(_)) => Err(format!("`{text}`: a person's seat takes no options; expected {SEAT_FORMS}")),
        ("engine", None) => Ok(Seat::Engine(Strength::default())),
        ("engine", Some(options)) => parse_strength(text, options).map(Seat::Engine),
        _ => Err(format!("`{text}`: expected {SEAT_FORMS}")),
    }
}

/// The seats of `--seats`, in turn order.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Seats(pub Vec<Seat>);

/// Reads the seats of `--seats`, in turn order: separated by commas (or
/// spaces), where a word that does not start a seat (`level=3` in
/// `engine:depth=2,level=3,human`) goes on with the seat before it.
pub fn parse_seats(text: &str) -> Result<Seats, String> {
    let starts_seat = |word: &str| {
        let who = word.split(':').next().unwrap_or("").to_ascii_lowercase();
        who == "human" || who == "engine" || !word.contains('=')
    };
    let mut seats: Vec<String> = Vec::new();
    for word in text.split([',', ' ']).filter(|w| !w.is_empty()) {
        match seats.last_mut() {
            Some(last) if !starts_seat(word) => {
                last.push(',');
                last.push_str(word);
            }
            _ => seats.push(word.to_string()),
        }
    }
    if seats.is_empty() {
        return Err(format!("no seats: expected one per player in turn order, each {SEAT_FORMS}"));
    }
    seats.iter().map(|seat| parse_seat(seat)).collect::<Result<_, _>>().map(Seats)
}

/// The options after `engine:`.
fn parse_strength(text: &str, options: &str) -> Result<Strength, String> {
    let mut strength = Strength::default();
    for item in options.split(',').map(str::trim) {
        let Some((key, value)) = item.split_once('=') else {
            return Err(format!("`{text}`: `{item}` is not an option: expected name=value, as in engine:depth=4"));
        };
        let (key, value) = (key.trim(), value.trim());
        let bad = |why: String| format!("`{text}`: {key}={value}: {why}");
        match key {
            "depth" => strength.depth = Some(count::<u32, 1, { leap_engine::MAX_DEPTH as u64 }>(value).map_err(bad)?),
            "movetime" => {
                strength.movetime = Some(count::<u64, 1, { leap_engine::MAX_MOVETIME_MS }>(value).map_err(bad)?)
            }
            "level" => strength.level = Some(value.parse().map_err(bad)?),
            "threads" | "hash" => {
                return Err(format!(
                    "`{text}`: the seats share one engine: give --{key} for the whole game, not {key}= for a seat"
                ))
            }
            _ => {
                return Err(format!(
                    "`{text}`: unknown option `{key}`; a seat's engine takes depth=, movetime= and level="
                ))
            }
        }
    }
    Ok(strength)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_are_read_with_their_strength() {
        assert_eq!(parse_seat("human"), Ok(Seat::Human));
        assert_eq!(parse_seat("Engine"), Ok(Seat::Engine(Strength::default())));
        let level = Level::new(3);
        assert_eq!(
            parse_seat("engine:depth=2, level=3"),
            Ok(Seat::Engine(Strength { depth: Some(2), movetime: None, level }))
        );
        assert_eq!(
            parse_seat("engine:movetime=250"),
            Ok(Seat::Engine(Strength { depth: None, movetime: Some(250), level: None }))
        );
    }

    #[test]
    fn a_list_of_seats_keeps_each_engines_options_together() {
        let two = Seat::Engine(Strength { depth: Some(2), movetime: None, level: Level::new(3) });
        assert_eq!(
            parse_seats("human,engine:depth=2,level=3,engine"),
            Ok(Seats(vec![Seat::Human, two, Seat::Engine(Strength::default())]))
        );
        assert_eq!(parse_seats("human engine:depth=2,level=3"), Ok(Seats(vec![Seat::Human, two])));
        assert!(parse_seats(" , ").unwrap_err().contains("no seats"));
        assert!(parse_seats("human,robot").unwrap_err().contains("`robot`: expected human, engine"));
        assert!(parse_seats("depth=2,human").unwrap_err().contains("`depth=2`"));
    }

    #[test]
    fn bad_seats_say_what_is_expected() {
        let cases = [
            ("robot", "expected human, engine, or engine:depth=N"),
            ("human:depth=2", "a person's seat takes no options"),
            ("engine:depth", "`depth` is not an option: expected name=value"),
            ("engine:depth=0", "depth=0: expected a whole number from 1 to 127"),
            ("engine:level=9", "level=9: the level must be a whole number from 1 to 8"),
            ("engine:threads=2", "give --threads for the whole game"),
            ("engine:nodes=5", "unknown option `nodes`"),
        ];
        for (text, why) in cases {
            let e = parse_seat(text).unwrap_err();
            assert!(e.contains(why), "{text}: {e}");
        }
    }

    #[test]
    fn a_seats_depth_or_time_replaces_the_games_and_the_rest_falls_back() {
        let game = Strength { depth: Some(6), movetime: Some(300), level: Level::new(5) };
        let seat = Strength { depth: Some(2), movetime: None, level: None };
        let s = seat.or(game);
        assert_eq!(s, Strength { depth: Some(2), movetime: None, level: Level::new(5) });
        assert_eq!(s.limits(), Limits::depth(2));
        let s = Strength::default().or(game);
        assert_eq!(s, game);
        assert_eq!(s.limits().movetime, Some(Duration::from_millis(300)));
        assert_eq!(s.limits().depth, Some(6));
        assert_eq!(Strength::default().limits().movetime, Some(Duration::from_millis(DEFAULT_MOVETIME)));
    }
}
