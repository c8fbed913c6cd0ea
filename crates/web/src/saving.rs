//! Saving a game in the games folder: a record `camelot replay` reads,
//! written whole or not at all (a temporary file in the same folder,
//! flushed, then renamed), never over a file this game did not write.

use crate::error::{ApiError, ApiResult};
use crate::server::Slot;
use crate::setup::is_plain_name;
use std::io::Write;
use std::path::Path;

/// The extension of saved records.
const EXTENSION: &str = ".pgn";

/// Saves the game of `slot` in `games` as `name` (`.pgn` added when it has
/// no extension); an uploaded variant file goes beside it, named in the
/// record's tags. Returns the record's file name.
pub(crate) fn save(slot: &Slot, games: &Path, name: &str) -> ApiResult<String> {
    let name = name.trim();
    let file = if name.ends_with(EXTENSION) || name.ends_with(".pdn") {
        name.to_string()
    } else {
        format!("{name}{EXTENSION}")
    };
    if !is_plain_name(&file) {
        return Err(ApiError::BadRequest(format!(
            "{name:?} is not a plain file name: use letters, digits, `-`, `_` and `.`"
        )));
    }
    std::fs::create_dir_all(games)
        .map_err(|e| ApiError::Conflict(format!("the games folder {} cannot be made: {e}", games.display())))?;
    let mut saved = slot.saved.lock().unwrap_or_else(|e| e.into_inner());
    let target = games.join(&file);
    if target.exists() && !saved.contains(&file) {
        return Err(ApiError::Conflict(format!("a file {file} is already in the games folder: choose another name")));
    }
    let uploaded = slot.lock().uploaded_variant();
    if let Some((variant_name, text)) = uploaded {
        let stem = file.trim_end_matches(EXTENSION).trim_end_matches(".pdn");
        let beside = variant_file_name(games, stem, &variant_name, &text);
        if !games.join(&beside).exists() {
            write_new(games, &beside, &text)?;
        }
        slot.lock().set_variant_file_tag(&beside);
    }
    let record = slot.lock().record();
    write_new(games, &file, &record)?;
    if !saved.contains(&file) {
        saved.push(file.clone());
    }
    Ok(file)
}

/// A name for the variant file beside the record `stem`: the file's own
/// name when that is free or already holds this text, else a numbered one.
fn variant_file_name(games: &Path, stem: &str, uploaded: &str, text: &str) -> String {
    let same = |f: &str| std::fs::read_to_string(games.join(f)).is_ok_and(|t| t == text);
    let free = |f: &str| !games.join(f).exists();
    if is_plain_name(uploaded) && (free(uploaded) || same(uploaded)) {
        return uploaded.to_string();
    }
    (1..).map(|i| format!("{stem}-variant-{i}.toml")).find(|f| free(f) || same(f)).expect("some number is free")
}

/// Writes `text` to `games/file` atomically.
fn write_new(games: &Path, file: &str, text: &str) -> ApiResult<()> {
    let failed = |e: std::io::Error| ApiError::Conflict(format!("{file} could not be saved: {e}"));
    let mut temp = tempfile::NamedTempFile::new_in(games).map_err(failed)?;
    temp.write_all(text.as_bytes()).map_err(failed)?;
    temp.as_file().sync_all().map_err(failed)?;
    temp.persist(games.join(file)).map_err(|e| failed(e.error))?;
    Ok(())
}
