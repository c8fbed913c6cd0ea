//! Starting a game from what the page sends: a built-in variant, an
//! uploaded variant file, an uploaded record or one of the games folder,
//! with the same validation and diagnostics as the command line, and no
//! file read from disk outside the games folder.

use crate::error::{ApiError, ApiResult};
use crate::request::Number;
use crate::session::{Seat, Seating, Session, Table, MAX_PLIES};
use leap_arena::{Termination, TimeControl};
use leap_core::notation::{parse_position, parse_records, Record};
use leap_core::History;
use leap_engine::Level;
use leap_games::{with_game, Played, Variant};
use serde::Deserialize;
use serde_json::{json, Value};
use std::path::Path;
use std::time::Duration;
use unicode_normalization::{char::is_combining_mark, UnicodeNormalization};

/// The body of `POST /api/games` (see `docs/web-api.md`).
#[derive(Deserialize, Default, Debug)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    variant: Option<String>,
    variant_text: Option<String>,
    variant_file: Option<String>,
    record: Option<String>,
    record_file: Option<String>,
    saved: Option<String>,
    seats: Option<Vec<Seat>>,
    engine_ms: Option<Number>,
    engine_level: Option<Number>,
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
    base_ms: Number,
    increment_ms: Option<Number>,
    moves: Option<Number>,
    /// Each player's time left, in turn order, where it is less than the
    /// record's times give (see [`crate::session::Session::set_clocks_left`]).
    left_ms: Option<Vec<Number>>,
}

/// A time control as the page sends it (a [`ClockSpec`]'s fields): the
/// `clock` of `POST /api/games`, of a game's view, and of a saved game's
/// description.
pub fn clock_spec(control: TimeControl) -> Value {
    json!({
        "base_ms": control.base.as_millis() as u64,
        "increment_ms": control.increment.as_millis() as u64,
        "moves": control.moves,
    })
}

/// The longest time on a clock: a day.
const MAX_CLOCK_MS: u64 = 86_400_000;

/// The most time a clock's `left_ms` gives: under a thousand hours, as a
/// record's `[%clk]` reads.
const MAX_LEFT_MS: u64 = 1000 * 3600 * 1000 - 1;

/// The engine's time per move when the page gives none.
const DEFAULT_ENGINE_MS: u64 = 1000;

impl ClockSpec {
    fn control(&self) -> ApiResult<TimeControl> {
        let increment = self.increment_ms.unwrap_or(Number::Whole(0));
        let refusal = |_| {
            format!(
                "a clock's base time must be from 1 ms to a day ({MAX_CLOCK_MS} ms), and its increment at most a day \
                 (found {} ms + {increment} ms)",
                self.base_ms
            )
        };
        let base = self.base_ms.within(1..=MAX_CLOCK_MS, refusal)?;
        let increment = increment.within(0..=MAX_CLOCK_MS, refusal)?;
        let moves = match self.moves {
            None => None,
            Some(n) => Some(n.within(1..=u64::from(u32::MAX), |n| {
                format!("a period must have from 1 to {} moves, not {n}", u32::MAX)
            })? as u32),
        };
        Ok(TimeControl { base: Duration::from_millis(base), increment: Duration::from_millis(increment), moves })
    }

    /// The times left `left_ms` gives, checked against their range.
    fn left(&self) -> ApiResult<Option<Vec<Duration>>> {
        let Some(left) = &self.left_ms else {
            return Ok(None);
        };
        let times = left.iter().map(|ms| {
            let ms = ms.within(0..=MAX_LEFT_MS, |ms| {
                format!("a time in `left_ms` must be from 0 to {MAX_LEFT_MS} ms (under a thousand hours), not {ms}")
            })?;
            Ok(Duration::from_millis(ms))
        });
        times.collect::<ApiResult<Vec<Duration>>>().map(Some)
    }
}

/// The longest file name of the games folder.
const MAX_NAME: usize = 128;

/// The most bytes of a file name of the games folder in UTF-8 (a letter
/// beyond ASCII takes two to four): file systems take 255, and a variant
/// file saved beside a record takes the record's name and some more.
const MAX_NAME_BYTES: usize = 200;

/// Whether `c` may be in a file name of the games folder: a letter or a
/// digit of any script (`partie-été`, `партия`), `-`, `_` or `.`.
fn is_plain_char(c: char) -> bool {
    c.is_alphanumeric() || matches!(c, '-' | '_' | '.' | ' ')
}

/// The first character of `name` that a plain file name does not take:
/// one not [plain](is_plain_char), other than a combining mark on a
/// letter or digit (the accent of an `e` + U+0301, as some systems write
/// `é`).
fn first_odd_char(name: &str) -> Option<char> {
    let mut on_letter = false;
    name.chars().find(|&c| {
        let mark = is_combining_mark(c);
        let plain = is_plain_char(c) || (mark && on_letter);
        on_letter = c.is_alphanumeric() || (mark && on_letter);
        !plain
    })
}

/// `name` with its letters in one form (Unicode's NFC: `e` + U+0301
/// becomes `é`), as a name is saved, so that two names that look the same
/// are one file.
pub fn composed(name: &str) -> String {
    name.nfc().collect()
}

/// What keeps `name` from being a plain file name of the games folder
/// (letters, digits, `-`, `_`, `.` and spaces between words, not starting
/// with a dot: so no folder, no parent, nothing hidden), in words; `None`
/// if nothing.
pub fn plain_name_problem(name: &str) -> Option<String> {
    if name.is_empty() {
        return Some("the name is empty".into());
    }
    if let Some(c) = first_odd_char(name) {
        // (A character that shows as nothing, or as a plain space, is named by its code.)
        let shown = match c {
            c if c.is_control() => format!("the control character U+{:04X}", c as u32),
            c if c.is_ascii() => format!("`{c}`"),
            c => format!("the character U+{:04X} (`{c}`)", c as u32),
        };
        return Some(format!("it has {shown}: a file name has only letters, digits, `-`, `_`, `.` and spaces"));
    }
    if name.starts_with(' ') || name.ends_with(' ') || name.contains("  ") {
        return Some("a file name may not start or end with a space, nor have two in a row".into());
    }
    if name.starts_with('.') {
        return Some("a file name may not start with a dot (.)".into());
    }
    if name.chars().count() > MAX_NAME {
        return Some(format!("it is {} characters long, more than {MAX_NAME}", name.chars().count()));
    }
    if name.len() > MAX_NAME_BYTES {
        return Some(format!(
            "it is too long for a file name: {} bytes in UTF-8, at most {MAX_NAME_BYTES} (a letter beyond ASCII takes \
             two to four)",
            name.len()
        ));
    }
    None
}

/// Whether `name` is a plain file name of the games folder (see
/// [`plain_name_problem`]).
pub fn is_plain_name(name: &str) -> bool {
    plain_name_problem(name).is_none()
}

/// Whether `c` turns the text around it on the screen (Unicode's
/// direction marks, embeddings, overrides and isolates): a name holding
/// one is not shown as it is (`game\u{202e}nfg.pgn` shows as `gamegfn.pgn`
/// reversed).
fn turns_text(c: char) -> bool {
    matches!(c, '\u{061c}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// What keeps `name`, as another program may have named a file of the
/// games folder, from being read there, in words; `None` if nothing. Any
/// name is read (`game (1).pgn`, `Bob's game.pgn`, `2024-01-01
/// 12:00.pgn`) but one that could name another file than the folder's
/// own (with a folder in it, `/` or `\`, or starting with a dot: hidden,
/// or the folder itself or the one above), or that is not shown as it is
/// (a control character, a mark that turns text around).
pub fn folder_name_problem(name: &str) -> Option<String> {
    if name.is_empty() {
        return Some("the name is empty".into());
    }
    let code = |c: char| format!("U+{:04X}", c as u32);
    if let Some(c) = name.chars().find(|&c| matches!(c, '/' | '\\')) {
        return Some(format!(
            "it has `{c}`: a saved game is a file of the games folder itself, named without a folder"
        ));
    }
    if name.starts_with('.') {
        return Some("it starts with a dot (.), as hidden files and folders do".into());
    }
    if let Some(c) = name.chars().find(|&c| c.is_control()) {
        return Some(format!("it has the control character {}", code(c)));
    }
    if let Some(c) = name.chars().find(|&c| turns_text(c)) {
        return Some(format!("it has the character {}, which turns the text around it on the screen", code(c)));
    }
    // (Whatever else the system takes a name to be: on Windows, `C:x` is
    // a file of another folder.)
    let mut parts = Path::new(name).components();
    let one = matches!((parts.next(), parts.next()), (Some(std::path::Component::Normal(n)), None) if n == name);
    if !one {
        return Some("the system reads it as more than a file name".into());
    }
    None
}

/// Whether `name` has a record's extension, `.pgn` or `.pdn`, in any case:
/// the files the games folder lists as saved games.
pub fn is_record_name(name: &str) -> bool {
    leap_format::has_record_extension(Path::new(name))
}

/// The last part of a file name a page sent (a browser may send a path).
fn last_part(given: &str) -> &str {
    given.rsplit(['/', '\\']).next().unwrap_or(given)
}

/// The name an uploaded variant file is known by, and kept under beside
/// a saved record: the last part of the name it was sent with
/// (`variant_file`; `uploaded.toml` when none), each character a plain
/// name does not take written `_`, ending in `.toml` (added when it does
/// not), so never the name of a record.
fn upload_name(given: Option<&str>) -> ApiResult<String> {
    let Some(given) = given else {
        return Ok("uploaded.toml".into());
    };
    let last = composed(last_part(given).trim());
    // (A last part `.` or `..` names a folder, this one or the one above.)
    let why = match last.as_str() {
        "" => Some("its last part is empty".to_string()),
        dots @ ("." | "..") => Some(format!("its last part, `{dots}`, names a folder, not a file")),
        _ => None,
    };
    if let Some(why) = why {
        return Err(ApiError::BadRequest(format!(
            "`variant_file` \"{}\" has no file name ({why}): give the variant file's name, such as mine.toml",
            leap_core::notation::quoted(given)
        )));
    }
    let plain: String = last.chars().map(|c| if is_plain_char(c) { c } else { '_' }).collect();
    // (Spaces run together are one.)
    let mut name = plain.split(' ').filter(|w| !w.is_empty()).collect::<Vec<_>>().join(" ");
    if !name.to_ascii_lowercase().ends_with(".toml") {
        name.push_str(".toml");
    }
    match plain_name_problem(&name) {
        None => Ok(name),
        Some(problem) if name == given => Err(ApiError::BadRequest(format!(
            "`variant_file` \"{}\" cannot be kept in the games folder: {problem}",
            leap_core::notation::quoted(given)
        ))),
        Some(problem) => Err(ApiError::BadRequest(format!(
            "`variant_file` \"{}\" cannot be kept as \"{}\" in the games folder: {problem}",
            leap_core::notation::quoted(given),
            leap_core::notation::quoted(&name)
        ))),
    }
}

/// The built-in variant `name` names, however it is written (`Camelot`).
fn builtin(name: &str) -> Option<Variant> {
    leap_games::load(leap_format::builtin_named(name)?).ok()
}

fn builtin_list() -> String {
    leap_format::BUILTIN.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(", ")
}

/// A variant file about to be uploaded, as `POST /api/variants` reads it.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct VariantUpload {
    /// The file's text.
    variant_text: String,
    /// The file's name.
    variant_file: Option<String>,
}

/// What a variant file uploaded would be played as (`POST /api/variants`),
/// so that the new-game dialog shows its players: its name, title and
/// players in turn order, read as a new game with it reads it (a file
/// that does not load is refused alike).
pub fn describe_upload(upload: VariantUpload) -> ApiResult<Value> {
    let file = upload_name(upload.variant_file.as_deref())?;
    let variant = uploaded_variant(&file, &upload.variant_text)?;
    shown(&variant)?;
    let name = variant.name().to_string();
    let (title, players) = with_game!(variant, g => {
        let players: Vec<String> = leap_core::Game::players(&g).iter().map(|p| p.name.clone()).collect();
        (g.variant_title().to_string(), players)
    });
    Ok(json!({ "file": file, "name": name, "title": title, "players": players }))
}

/// The most players the page shows (seats, rows, clocks).
pub const MAX_SHOWN_PLAYERS: usize = 3;

/// Refuses a variant of more players than the page shows.
fn shown(variant: &Variant) -> ApiResult<()> {
    let players = with_game!(variant, g => leap_core::Game::players(g).len());
    if players > MAX_SHOWN_PLAYERS {
        return Err(ApiError::Invalid(format!(
            "{} has {players} players; the web app plays games of two or three (play it at the terminal: \
             camelot play FILE)",
            variant.name()
        )));
    }
    Ok(())
}

/// Reads a variant file uploaded, or kept beside a saved record (where an
/// upload was saved). `extends` may name only a built-in variant: another
/// file would be read from the server's disk.
fn uploaded_variant(file: &str, text: &str) -> ApiResult<Variant> {
    if let Ok(table) = text.parse::<toml::Table>() {
        if let Some(base) = table.get("extends") {
            if base.as_str().is_none_or(|b| leap_format::builtin_named(b).is_none()) {
                return Err(ApiError::Invalid(format!(
                    "{file}: a variant file the server reads (uploaded, or beside a saved game) may extend only \
                     a built-in variant ({}), not {base}",
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
        1 => Ok(records.remove(0)),
        n => Err(ApiError::Invalid(format!("{file}: expected one game, found {n}: load the games one at a time"))),
    }
}

/// A problem of `file` at `at` (its line and column, when known).
fn located(file: &str, at: Option<(usize, usize)>, why: &str) -> String {
    match at {
        Some((line, column)) => format!("{file}:{line}:{column}: {why}"),
        None => format!("{file}: {why}"),
    }
}

/// Refuses a record whose tags name another variant than `given`, the
/// built-in variant the request names.
fn record_is_of_builtin(record: &Record, file: &str, given: &Variant) -> ApiResult<()> {
    let given = given.name();
    if let Some(variant_file) = record.tag(leap_games::FILE_TAG) {
        return Err(ApiError::BadRequest(format!(
            "{file} was played with the variant file {variant_file}, not the built-in variant {given}: \
             leave out `variant`, and upload that file with the record"
        )));
    }
    if record.tag("Variant").is_none() && record.tag("GameType").is_none() {
        return Ok(());
    }
    let named = builtin_of_record(record, file)?.name().to_string();
    if named != given {
        return Err(ApiError::BadRequest(format!(
            "{file} is a game of {named}, but `variant` says {given}: give the record alone"
        )));
    }
    Ok(())
}

/// Refuses a record whose `Variant` tag names another variant than the
/// uploaded variant file's (as the command line refuses a variant file of
/// another name).
fn record_is_of_upload(record: &Record, file: &str, upload: &str, variant: &Variant) -> ApiResult<()> {
    match leap_games::other_variant_tag(record, variant) {
        Some(tagged) => Err(ApiError::BadRequest(format!(
            "{file} is a game of {tagged}, but the uploaded variant file {upload} is {}: \
             upload the variant file the game was played with",
            variant.name()
        ))),
        None => Ok(()),
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
    // With a VariantFile tag, that file, whatever the Variant tag says (as
    // the command line reads it); the server reads it only from the games
    // folder, beside a saved record.
    if let Some(variant_file) = record.tag(leap_games::FILE_TAG) {
        let local =
            Path::new(variant_file).file_name().and_then(|f| f.to_str()).filter(|f| folder_name_problem(f).is_none());
        return match local {
            Some(f) if saved && std::fs::symlink_metadata(games.join(f)).is_ok_and(|m| m.is_file()) => {
                let text = leap_format::read_text(&games.join(f)).map_err(|e| {
                    ApiError::Invalid(format!(
                        "{file}: its variant file {f} cannot be read: {}",
                        leap_format::io_words(&e)
                    ))
                })?;
                let variant = uploaded_variant(f, &text)?;
                if let Some(tagged) = leap_games::other_variant_tag(record, &variant) {
                    return Err(ApiError::Invalid(format!(
                        "{file}: its variant file {f} is {}, but its [Variant] tag says {tagged}: \
                         it is not the file the game was played with",
                        variant.name()
                    )));
                }
                Ok((variant, Some((f.to_string(), text))))
            }
            Some(f) if saved && std::fs::symlink_metadata(games.join(f)).is_ok() => Err(ApiError::Invalid(format!(
                "{file}: it was played with the variant file {f}, which in the games folder is a link or a \
                 folder, not a file (the server follows no link out of the folder): upload that file with \
                 the record"
            ))),
            _ => Err(ApiError::Invalid(format!(
                "{file}: it was played with the variant file {variant_file}, which the server does not have \
                 (it reads only the games folder's): upload that file with the record"
            ))),
        };
    }
    builtin_of_record(record, file).map(|v| (v, None))
}

/// The built-in variant of a record without a `VariantFile` tag, as the
/// command line reads it (which reads no file for it).
fn builtin_of_record(record: &Record, file: &str) -> ApiResult<Variant> {
    leap_games::for_record(record, Path::new(file)).map_err(|e| {
        let upload = if record.tag("Variant").is_some() { "; or upload its variant file with it" } else { "" };
        ApiError::Invalid(format!("{file}: {e}{upload}"))
    })
}

/// The record `name` of the games folder, and its text: a file of the
/// folder's own (not a link, which could lead out of it), holding one game.
fn read_saved(name: &str, games: &Path) -> ApiResult<(Record, String)> {
    if let Some(problem) = folder_name_problem(name) {
        return Err(ApiError::BadRequest(format!(
            "\"{}\" is not a file name of the games folder: {problem}",
            leap_core::notation::quoted(name)
        )));
    }
    // (The games the folder lists: its records, not its variant files.)
    if !is_record_name(name) {
        return Err(ApiError::NotFound(format!(
            "{name} is not a saved game: saved games are the .pgn and .pdn files of the games folder"
        )));
    }
    let path = games.join(name);
    let meta = std::fs::symlink_metadata(&path)
        .map_err(|_| ApiError::NotFound(format!("there is no saved game {name} in the games folder")))?;
    if !meta.is_file() {
        return Err(ApiError::Invalid(format!(
            "{name} is not a saved game: it is {} in the games folder, not a file of its own",
            if meta.file_type().is_symlink() { "a link" } else { "a folder or a special file" }
        )));
    }
    // (As the command line reads records: text, UTF-8 or Latin-1, at most 4 MiB.)
    let text = leap_format::read_record_text(&path).map_err(|e| {
        ApiError::Invalid(format!("{name} cannot be read as a game record: {}", leap_format::io_words(&e)))
    })?;
    Ok((one_record(&text, name)?, text))
}

/// The variant the record `name` of the games folder is loaded in, as
/// `GET /api/saved/{file}` answers it: its name and title, the variant
/// file beside the record that defines it (or null for a built-in
/// variant), and its players in turn order. A record that cannot be
/// loaded is refused as loading it would be.
pub fn saved_variant(name: &str, games: &Path) -> ApiResult<Value> {
    // (Loaded as a game from it would be, moves and all: what refuses the
    // game refuses the answer.)
    let request = NewGame { saved: Some(name.to_string()), ..NewGame::default() };
    let NewTable { table, .. } = new_game(0, request, games)?;
    let view = table.view();
    let players: Vec<Value> = view["layout"]["players"]
        .as_array()
        .map(|players| players.iter().map(|p| p["name"].clone()).collect())
        .unwrap_or_default();
    // (The clock the record was played with, for the dialog to offer: one
    // a new game may be given.)
    let within = |t: Duration| t.as_millis() <= u128::from(MAX_CLOCK_MS);
    let clock = table.recorded_time_control().filter(|c| within(c.base) && within(c.increment)).map(clock_spec);
    Ok(json!({
        "file": name,
        "variant": { "name": view["variant"]["name"], "title": view["variant"]["title"] },
        "variant_file": table.uploaded_variant().map(|(f, _)| f),
        "players": players,
        "player_names": view["player_names"],
        "clock": clock,
    }))
}

/// A game built for a request, and the saved record it was loaded from:
/// its file name in the games folder and the text read, which a later
/// save of the game may replace only while the file still holds it.
pub struct NewTable {
    /// The game.
    pub table: Box<dyn Table>,
    /// The record's file name and text, when the game was loaded from the games folder.
    pub loaded: Option<(String, String)>,
    /// The record's file name, when it was loaded from the games folder
    /// and holds annotations the game does not keep, with the first of
    /// them in words (see [`leap_core::notation::Record::unkept`]): a save
    /// of the game may not replace it (`loaded` is then `None`).
    pub annotated: Option<(String, String)>,
}

/// Builds the game `request` asks for, numbered `id`.
pub fn new_game(id: u64, request: NewGame, games: &Path) -> ApiResult<NewTable> {
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
    let upload_name = upload_name(request.variant_file.as_deref())?;
    // The record, if any: uploaded, or read from the games folder.
    let (mut loaded, mut annotated) = (None, None);
    let record = match (&request.record, &request.saved) {
        (Some(text), None) => {
            // (Named in messages by the uploaded file's name, as the command line names files.)
            let name = match request.record_file.as_deref().map(last_part) {
                Some(f) if !f.trim().is_empty() => leap_core::notation::quoted(f),
                _ => "the record".to_string(),
            };
            Some((one_record(text, &name)?, false, name))
        }
        (None, Some(name)) => {
            let (record, text) = read_saved(name, games)?;
            if let Some(unkept) = &record.unkept {
                annotated = Some((name.clone(), unkept.to_string()));
            } else {
                loaded = Some((name.clone(), text));
            }
            Some((record, true, name.clone()))
        }
        _ => None,
    };
    let (variant, uploaded) = match (&request.variant_text, &request.variant, &record) {
        (Some(text), _, record) => {
            let variant = uploaded_variant(&upload_name, text)?;
            if let Some((r, _, file)) = record {
                record_is_of_upload(r, file, &upload_name, &variant)?;
            }
            (variant, Some((upload_name, text.clone())))
        }
        (None, Some(name), record) => match builtin(name) {
            Some(v) => {
                if let Some((r, _, file)) = record {
                    record_is_of_builtin(r, file, &v)?;
                }
                (v, None)
            }
            None => {
                return Err(ApiError::Invalid(format!(
                    "there is no built-in variant \"{}\"; the built-in variants are {}",
                    leap_core::notation::quoted(name),
                    builtin_list()
                )))
            }
        },
        (None, None, Some((r, saved, file))) => record_variant(r, file, games, *saved)?,
        (None, None, None) => (builtin("camelot").expect("camelot is built in"), None),
    };
    shown(&variant)?;
    let seating = Seating {
        seats: request.seats.clone().unwrap_or_default(),
        engine_ms: request.engine_ms.map(crate::session::engine_ms).transpose()?.unwrap_or(DEFAULT_ENGINE_MS),
        engine_level: request.engine_level.map(crate::session::engine_level).transpose()?.unwrap_or(Level::MAX),
        clock: request.clock.as_ref().map(ClockSpec::control).transpose()?,
    };
    let left = request.clock.as_ref().map(ClockSpec::left).transpose()?.flatten();
    let record = record.map(|(r, _, file)| (r, file));
    let table = with_game!(variant, g => seat(id, g, seating, record, uploaded, left.as_deref()))?;
    Ok(NewTable { table, loaded, annotated })
}

/// The session of `game`: from the start or from a record's moves.
fn seat<G: Played>(
    id: u64,
    game: G,
    mut seating: Seating,
    record: Option<(Record, String)>,
    uploaded: Option<(String, String)>,
    left: Option<&[Duration]>,
) -> ApiResult<Box<dyn Table>> {
    if seating.seats.is_empty() {
        seating.seats = vec![Seat::Human; game.players().len()];
    }
    let (history, tags, ended, recorded, intro) = match record {
        None => (History::new(game.start()), Vec::new(), None, Vec::new(), Vec::new()),
        Some((record, file)) => {
            let start = match record.start_tag().map_err(|why| ApiError::Invalid(format!("{file}: {why}")))? {
                Some((tag, text)) => {
                    parse_position(&game, text).map_err(|e| ApiError::Invalid(format!("{file}: its {tag} tag: {e}")))?
                }
                None => game.start(),
            };
            if record.moves.len() > MAX_PLIES {
                return Err(ApiError::Invalid(format!(
                    "{file}: it has {} plies (moves of a player), and a game of the server has at most {MAX_PLIES}: \
                     replay it at the terminal (camelot replay FILE)",
                    record.moves.len()
                )));
            }
            let mut history = History::new(start);
            history.play_all(&game, &record.moves).map_err(|mut e| {
                let at = e.at.take();
                ApiError::Invalid(located(&file, at, &e.to_string()))
            })?;
            // A game that ended off the board (a resignation, a flag, an
            // agreement) stays ended; a result the moves and tags do not
            // bear out is refused, as the command line refuses it.
            let ended = Termination::of_record(&game, &history, &record)
                .map_err(|e| ApiError::Invalid(located(&file, e.at, &e.why)))?
                .filter(|t| !matches!(t, Termination::Rules(_)));
            // The tags the record's writer sets itself are written again
            // (the variant file's too: the session names its own copy).
            let tags = leap_arena::kept_tags(record.tags)
                .into_iter()
                .filter(|(k, _)| !k.eq_ignore_ascii_case(leap_games::FILE_TAG))
                .collect();
            (history, tags, ended, record.moves, record.intro)
        }
    };
    let mut session = Session::new(id, game, history, seating, tags, uploaded, &recorded)?;
    if let Some(left) = left {
        session.set_clocks_left(left)?;
    }
    session.end(ended);
    session.keep_intro(intro);
    Ok(Box::new(session))
}
