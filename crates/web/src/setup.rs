//! Starting a game from what the page sends: a built-in variant, an
//! uploaded variant file, an uploaded record or one of the games folder,
//! with the same validation and diagnostics as the command line, and no
//! file read from disk outside the games folder.

use crate::error::{ApiError, ApiResult};
use crate::session::{replay, Seat, Seating, Session, Table};
use leap_arena::{Termination, TimeControl};
use leap_core::notation::{parse_position, parse_records, Record};
use leap_core::History;
use leap_engine::Level;
use leap_games::{with_game, Played, Variant};
use serde::Deserialize;
use std::path::Path;
use std::time::Duration;

/// The body of `POST /api/games` (see `docs/web-api.md`).
#[derive(Deserialize, Default, Debug)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    variant: Option<String>,
    variant_text: Option<String>,
    variant_file: Option<String>,
    record: Option<String>,
    saved: Option<String>,
    seats: Option<Vec<Seat>>,
    engine_ms: Option<u64>,
    engine_level: Option<u64>,
    clock: Option<ClockSpec>,
}

impl NewGame {
    /// A game of the built-in `variant`, every seat a person's, no clock.
    pub fn of(variant: &str) -> NewGame {
        NewGame { variant: Some(variant.to_string()), ..NewGame::default() }
    }
}

/// A time control as the page sends it.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct ClockSpec {
    base_ms: u64,
    #[serde(default)]
    increment_ms: u64,
    moves: Option<u32>,
}

/// The longest time on a clock: a day.
const MAX_CLOCK_MS: u64 = 86_400_000;

/// The engine's time per move when the page gives none.
const DEFAULT_ENGINE_MS: u64 = 1000;

impl ClockSpec {
    fn control(&self) -> ApiResult<TimeControl> {
        if !(1..=MAX_CLOCK_MS).contains(&self.base_ms) || self.increment_ms > MAX_CLOCK_MS {
            return Err(ApiError::BadRequest(format!(
                "a clock's base time must be from 1 ms to a day, and its increment at most a day (found {} ms + {} ms)",
                self.base_ms, self.increment_ms
            )));
        }
        if self.moves == Some(0) {
            return Err(ApiError::BadRequest("a period must have at least one move".into()));
        }
        Ok(TimeControl {
            base: Duration::from_millis(self.base_ms),
            increment: Duration::from_millis(self.increment_ms),
            moves: self.moves,
        })
    }
}

/// Whether `name` is a plain file name of the games folder: letters,
/// digits, `-`, `_` and `.`, not starting with a dot (so no folder, no
/// parent, nothing hidden).
pub fn is_plain_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= 128
        && !name.starts_with('.')
        && name.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
}

fn builtin(name: &str) -> Option<Variant> {
    leap_format::builtin(name)?;
    leap_games::load(name).ok()
}

fn builtin_list() -> String {
    leap_format::BUILTIN.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(", ")
}

/// Reads an uploaded variant file. `extends` may name only a built-in
/// variant: another file would be read from the server's disk.
fn uploaded_variant(file: &str, text: &str) -> ApiResult<Variant> {
    if let Ok(table) = text.parse::<toml::Table>() {
        if let Some(base) = table.get("extends") {
            if base.as_str().is_none_or(|b| leap_format::builtin(b).is_none()) {
                return Err(ApiError::Invalid(format!(
                    "{file}: an uploaded variant file may extend only a built-in variant ({}), not {base}",
                    builtin_list()
                )));
            }
        }
    }
    leap_games::parse(file, text).map_err(|e| ApiError::Invalid(e.to_string()))
}

/// The one record of an uploaded or saved text.
fn one_record(text: &str, file: &str) -> ApiResult<Record> {
    let mut records = parse_records(text).map_err(|e| ApiError::Invalid(format!("{file}:{e}")))?;
    records.retain(|r| !r.is_empty());
    match records.len() {
        0 => Err(ApiError::Invalid(format!("{file}: there is no game in it"))),
        _ => Ok(records.swap_remove(0)),
    }
}

/// The variant of a record that came with no variant file: a built-in one
/// by its tags, or its variant file when that lies in the games folder.
fn record_variant(
    record: &Record,
    file: &str,
    games: &Path,
    saved: bool,
) -> ApiResult<(Variant, Option<(String, String)>)> {
    let name = record.tag("Variant").unwrap_or("camelot");
    if record.tag(leap_games::FILE_TAG).is_none() || leap_format::builtin(name).is_some() {
        if let Some(v) = builtin(name) {
            return Ok((v, None));
        }
        if record.tag("GameType").is_some() && record.tag("Variant").is_none() {
            return leap_games::for_record(record, Path::new(file))
                .map(|v| (v, None))
                .map_err(|e| ApiError::Invalid(format!("{file}: {e}")));
        }
        return Err(ApiError::Invalid(format!(
            "{file}: the record's variant {name:?} is not built in ({}); upload its variant file with it",
            builtin_list()
        )));
    }
    let variant_file = record.tag(leap_games::FILE_TAG).expect("checked");
    let local = Path::new(variant_file).file_name().and_then(|f| f.to_str()).filter(|f| is_plain_name(f));
    match local {
        Some(f) if saved && std::fs::symlink_metadata(games.join(f)).is_ok_and(|m| m.is_file()) => {
            let text = std::fs::read_to_string(games.join(f))
                .map_err(|e| ApiError::Invalid(format!("{file}: its variant file {f} cannot be read: {e}")))?;
            Ok((uploaded_variant(f, &text)?, Some((f.to_string(), text))))
        }
        _ => Err(ApiError::Invalid(format!(
            "{file}: the record was played with the variant file {variant_file}; upload that file with the record"
        ))),
    }
}

/// Builds the game `request` asks for, numbered `id`.
pub fn new_game(id: u64, request: NewGame, games: &Path) -> ApiResult<Box<dyn Table>> {
    let given = [request.variant.is_some(), request.variant_text.is_some()].iter().filter(|&&b| b).count();
    if given > 1 {
        return Err(ApiError::BadRequest("give either `variant` or `variant_text`, not both".into()));
    }
    if request.seats.as_ref().is_some_and(Vec::is_empty) {
        return Err(ApiError::BadRequest(
            "`seats` is empty: give one seat per player (\"human\" or \"engine\"), or leave it out: all human".into(),
        ));
    }
    if request.record.is_some() && request.saved.is_some() {
        return Err(ApiError::BadRequest("give either `record` or `saved`, not both".into()));
    }
    let upload_name = request
        .variant_file
        .as_deref()
        .and_then(|f| Path::new(f).file_name().and_then(|n| n.to_str()))
        .filter(|f| is_plain_name(f))
        .unwrap_or("uploaded.toml")
        .to_string();
    // The record, if any: uploaded, or read from the games folder.
    let record = match (&request.record, &request.saved) {
        (Some(text), None) => Some((one_record(text, "the record")?, false, "the record".to_string())),
        (None, Some(name)) => {
            if !is_plain_name(name) {
                return Err(ApiError::BadRequest(format!("{name:?} is not a file name of the games folder")));
            }
            let path = games.join(name);
            let meta = std::fs::symlink_metadata(&path)
                .map_err(|_| ApiError::NotFound(format!("there is no saved game {name} in the games folder")))?;
            if !meta.is_file() {
                // (A link could lead out of the folder: only its own files are read.)
                return Err(ApiError::Invalid(format!(
                    "{name} is not a saved game: it is {} in the games folder, not a file of its own",
                    if meta.file_type().is_symlink() { "a link" } else { "a folder or a special file" }
                )));
            }
            let text = std::fs::read_to_string(&path)
                .map_err(|e| ApiError::Invalid(format!("{name} cannot be read as a game record (a text file): {e}")))?;
            Some((one_record(&text, name)?, true, name.clone()))
        }
        _ => None,
    };
    let (variant, uploaded) = match (&request.variant_text, &request.variant, &record) {
        (Some(text), _, _) => (uploaded_variant(&upload_name, text)?, Some((upload_name, text.clone()))),
        (None, Some(name), _) => match builtin(name) {
            Some(v) => (v, None),
            None => {
                return Err(ApiError::Invalid(format!(
                    "there is no built-in variant {name:?}; the built-in variants are {}",
                    builtin_list()
                )))
            }
        },
        (None, None, Some((r, saved, file))) => record_variant(r, file, games, *saved)?,
        (None, None, None) => (builtin("camelot").expect("camelot is built in"), None),
    };
    let seating = Seating {
        seats: request.seats.clone().unwrap_or_default(),
        engine_ms: request.engine_ms.unwrap_or(DEFAULT_ENGINE_MS),
        engine_level: crate::session::engine_level(request.engine_level, Level::MAX)?,
        clock: request.clock.as_ref().map(ClockSpec::control).transpose()?,
    };
    with_game!(variant, g => seat(id, g, seating, record.map(|(r, _, file)| (r, file)), uploaded))
}

/// The session of `game`: from the start or from a record's moves.
fn seat<G: Played>(
    id: u64,
    game: G,
    mut seating: Seating,
    record: Option<(Record, String)>,
    uploaded: Option<(String, String)>,
) -> ApiResult<Box<dyn Table>> {
    if seating.seats.is_empty() {
        seating.seats = vec![Seat::Human; game.players().len()];
    }
    let (history, tags, ended) = match record {
        None => (History::new(game.start()), Vec::new(), None),
        Some((record, file)) => {
            let start = match record.start_tag().map_err(|why| ApiError::Invalid(format!("{file}: {why}")))? {
                Some((tag, text)) => {
                    parse_position(&game, text).map_err(|e| ApiError::Invalid(format!("{file}: its {tag} tag: {e}")))?
                }
                None => game.start(),
            };
            let history = replay(&game, start, &record.moves)
                .map_err(|e| ApiError::Invalid(format!("{file}: {}", e.message())))?;
            // A game that ended off the board (a resignation, a flag, an
            // agreement) stays ended.
            let ended = match record.tag("Termination") {
                Some(t) if history.outcome(&game).is_none() => Termination::from_tags(&game, t, record.tag("Result")),
                _ => None,
            };
            // The tags the record's writer sets itself are written again.
            let own = ["Variant", "Position", "FEN", "SetUp", "Result", "Termination", leap_games::FILE_TAG];
            let tags =
                record.tags.into_iter().filter(|(k, _)| !own.iter().any(|o| o.eq_ignore_ascii_case(k))).collect();
            (history, tags, ended)
        }
    };
    let mut session = Session::new(id, game, history, seating, tags, uploaded)?;
    session.end(ended);
    Ok(Box::new(session))
}
