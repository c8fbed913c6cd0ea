//! Saving a game in the games folder: a record `camelot replay` reads,
//! written whole or not at all (a temporary file in the same folder,
//! flushed, then renamed), never over a file this game did not write or
//! load.

use crate::error::{ApiError, ApiResult};
use crate::server::Slot;
use crate::setup::{composed, is_plain_name, is_record_name, plain_name_problem};
use std::io::Write;
use std::path::Path;
use std::sync::Mutex;

/// The extension of saved records.
const EXTENSION: &str = ".pgn";

/// Saves the game of `slot` in `games` as `name` (`.pgn` added when it has
/// no record's extension, `.pgn` or `.pdn` in any case); an uploaded
/// variant file goes beside it, named in the record's tags. Returns the
/// record's file name.
///
/// A file may be replaced only when it is the record this game was loaded
/// from or saved to before, and still holds what the game read or wrote
/// there: a record another game (or program) has written since is refused,
/// not lost.
pub(crate) fn save(slot: &Slot, games: &Path, name: &str) -> ApiResult<String> {
    // (`e` + U+0301 is saved as `é`: see [`composed`].)
    let name = composed(name.trim());
    let name = name.as_str();
    let asked = if is_record_name(name) { name.to_string() } else { format!("{name}{EXTENSION}") };
    let mut saved = slot.saved.lock().unwrap_or_else(|e| e.into_inner());
    // The record this game was loaded from, or saved to, is that very file
    // however its name is written (another program's `e` + U+0301 where
    // the name asked for has `é`), and whatever characters it has
    // (`game (1).pgn`, a browser's second download): its own name.
    // (`game (1)` is `game (1).PGN` too, when that is the game's: the
    // extension, in whatever case, is the one it has.)
    let mine = |f: &String| {
        let f = composed(f);
        let extension = |e: &str| [".pgn", ".pdn"].iter().any(|x| e.eq_ignore_ascii_case(x));
        f == asked || (asked != name && f.strip_prefix(name).is_some_and(extension))
    };
    let owned = saved.iter().position(|(f, _)| mine(f));
    let annotated = slot.annotated.as_ref().filter(|(f, _)| owned.is_none() && mine(f));
    let file = match (owned, annotated) {
        (Some(i), _) => saved[i].0.clone(),
        (None, Some((f, _))) => f.clone(),
        (None, None) => {
            // (An empty name is refused as such, not as `.pgn`.)
            if let Some(problem) = plain_name_problem(if name.is_empty() { name } else { &asked }) {
                // (A name too long only once its extension is added says so.)
                let added =
                    if asked != name && plain_name_problem(name).is_none() { ", with `.pgn` added" } else { "" };
                return Err(ApiError::BadRequest(format!(
                    "\"{}\" cannot be the name of a saved game: {problem}{added}",
                    leap_core::notation::quoted(name)
                )));
            }
            asked
        }
    };
    if let Some((f, what)) = annotated {
        return Err(ApiError::Conflict(format!(
            "{f} holds annotations that this game does not keep ({what}): save under another name, so \
             that they are not lost"
        )));
    }
    std::fs::create_dir_all(games)
        .map_err(|e| ApiError::disk(&e, format!("the games folder {} cannot be made", games.display())))?;
    // (One save at a time in the server: the check of a file this game
    // owns and its replacement are one step for the other games.)
    let _one_at_a_time = SAVING.lock().unwrap_or_else(|e| e.into_inner());
    let target = games.join(&file);
    // A name this game was loaded from or has saved under is its own to
    // replace, while it holds what the game last read or wrote there; any
    // other must be new (and the write below makes sure of it, for a
    // program that takes the name at the same moment).
    if let Some(i) = owned {
        if std::fs::symlink_metadata(&target).is_ok_and(|m| !m.is_file()) {
            return Err(ApiError::Conflict(format!(
                "{file} is no longer this game's record in the games folder: a folder, a link or another \
                 special file has its name now; save under another name"
            )));
        }
        // (Read as a load reads a record, whatever its encoding: UTF-8
        // with or without a byte-order mark, or Latin-1; a file that is no
        // longer there has nothing to lose, one that no longer reads has.)
        let unchanged = match leap_format::read_record_text(&target) {
            Ok(now) => now == saved[i].1,
            Err(e) => e.kind() == std::io::ErrorKind::NotFound,
        };
        if !unchanged {
            return Err(ApiError::Conflict(format!(
                "{file} has changed since this game was loaded from it or saved to it (another game or \
                 program wrote it): save under another name, so that neither game is lost"
            )));
        }
    }
    let own = owned.is_some();
    if !own {
        if let Ok(meta) = std::fs::symlink_metadata(&target) {
            return Err(Written::Taken(meta.is_dir().then_some("folder")).into_api(&file));
        }
        // A file whose name looks the same, written otherwise (`e` +
        // U+0301), is that name's file to a person: taken too.
        if let Some(twin) = look_alike(games, &file) {
            return Err(ApiError::Conflict(format!(
                "a file {twin} is already in the games folder, whose name is {file} written otherwise \
                 (its accents apart from their letters): choose another name, or load that game to save over it"
            )));
        }
    }
    let uploaded = slot.lock().uploaded_variant();
    if let Some((variant_name, text)) = uploaded {
        // (The name less its extension, which is four characters in any case.)
        let stem = &file[..file.len() - EXTENSION.len()];
        let beside = variant_file_name(games, stem, &variant_name, &text);
        if !games.join(&beside).exists() {
            match write_new(games, &beside, &text, false) {
                // (Another game saved the same variant file under that name just now.)
                Err(Written::Taken(_)) if std::fs::read_to_string(games.join(&beside)).is_ok_and(|t| t == text) => {}
                other => other.map_err(|e| e.into_api(&beside))?,
            }
        }
        slot.lock().set_variant_file_tag(&beside);
    }
    let record = slot.lock().record();
    write_new(games, &file, &record, own).map_err(|e| e.into_api(&file))?;
    saved.retain(|(f, _)| *f != file);
    saved.push((file.clone(), record));
    Ok(file)
}

/// Another file of `games` whose name is `file` written otherwise: the
/// same letters once composed ([`composed`]), as a person reads them.
fn look_alike(games: &Path, file: &str) -> Option<String> {
    std::fs::read_dir(games)
        .ok()?
        .filter_map(Result::ok)
        .filter_map(|e| e.file_name().into_string().ok())
        .find(|n| n != file && composed(n) == file)
}

/// Held while a save checks and writes its file (see [`save`]).
static SAVING: Mutex<()> = Mutex::new(());

/// A name for the variant file beside the record `stem`: the name it was
/// uploaded under (always a plain name ending in `.toml`) when that is
/// free or already holds this text, else a numbered one.
fn variant_file_name(games: &Path, stem: &str, uploaded: &str, text: &str) -> String {
    // (A link is neither: a record names a file of the folder, which reading
    // it later refuses to follow out of it.)
    let meta = |f: &str| std::fs::symlink_metadata(games.join(f));
    let same =
        |f: &str| meta(f).is_ok_and(|m| m.is_file()) && std::fs::read_to_string(games.join(f)).is_ok_and(|t| t == text);
    let free = |f: &str| meta(f).is_err();
    if is_plain_name(uploaded) && (free(uploaded) || same(uploaded)) {
        return uploaded.to_string();
    }
    // (A plain name too, however long the record's: its stem shortened
    // as it must be, so that the saved game loads again.)
    let numbered = |i: usize| {
        let mut stem = stem;
        loop {
            let name = format!("{stem}-variant-{i}.toml");
            if is_plain_name(&name) || stem.is_empty() {
                return name;
            }
            stem = stem[..stem.char_indices().last().map_or(0, |(k, _)| k)].trim_end();
        }
    };
    (1..).map(numbered).find(|f| free(f) || same(f)).expect("some number is free")
}

/// Why [`write_new`] wrote nothing.
enum Written {
    /// The name is taken, and was not to be replaced: by a file, or by
    /// what the `Some` names (a folder).
    Taken(Option<&'static str>),
    /// The file system failed.
    Failed(std::io::Error),
}

impl Written {
    fn into_api(self, file: &str) -> ApiError {
        match self {
            Written::Taken(what) => ApiError::Conflict(format!(
                "a {} {file} is already in the games folder: choose another name",
                what.unwrap_or("file")
            )),
            Written::Failed(e) => ApiError::disk(&e, format!("{file} could not be saved")),
        }
    }
}

/// Writes `text` to `games/file` atomically: whole or not at all, and,
/// unless `replace`, only if no file has that name when it is written
/// (the temporary file is linked to the name, which fails if it is taken).
fn write_new(games: &Path, file: &str, text: &str, replace: bool) -> Result<(), Written> {
    let mut temp = leap_core::files::temporary_in(games, ".tmp", "").map_err(Written::Failed)?;
    temp.write_all(text.as_bytes()).map_err(Written::Failed)?;
    temp.as_file().sync_all().map_err(Written::Failed)?;
    let done = if replace { temp.persist(games.join(file)) } else { temp.persist_noclobber(games.join(file)) };
    match done {
        Ok(_) => Ok(()),
        Err(e) if !replace && e.error.kind() == std::io::ErrorKind::AlreadyExists => Err(Written::Taken(None)),
        // (A folder made under the name since it was looked at: a clash,
        // not the disk's failure.)
        Err(e)
            if matches!(e.error.kind(), std::io::ErrorKind::IsADirectory | std::io::ErrorKind::DirectoryNotEmpty) =>
        {
            Err(Written::Taken(Some("folder")))
        }
        Err(e) => Err(Written::Failed(e.error)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_name_is_never_written_over_and_a_replacement_is_whole() {
        let games = tempfile::tempdir().unwrap();
        write_new(games.path(), "g.pgn", "first", false).ok().unwrap();
        // Another game taking the same name (as at the same moment) writes nothing.
        assert!(matches!(write_new(games.path(), "g.pgn", "second", false), Err(Written::Taken(None))));
        assert_eq!(std::fs::read_to_string(games.path().join("g.pgn")).unwrap(), "first");
        // The game that owns the name replaces it.
        write_new(games.path(), "g.pgn", "third", true).ok().unwrap();
        assert_eq!(std::fs::read_to_string(games.path().join("g.pgn")).unwrap(), "third");
        let names: Vec<_> = std::fs::read_dir(games.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(names, ["g.pgn"], "no temporary file is left");
    }

    #[cfg(unix)]
    #[test]
    fn a_saved_file_is_readable_by_others_as_any_new_file() {
        use std::os::unix::fs::PermissionsExt;
        let games = tempfile::tempdir().unwrap();
        write_new(games.path(), "g.pgn", "text", false).ok().unwrap();
        let mode = std::fs::metadata(games.path().join("g.pgn")).unwrap().permissions().mode() & 0o777;
        // (Whatever the umask takes away, the file is not the temporary 0600.)
        let umask_leaves = {
            let probe = games.path().join("probe");
            std::fs::write(&probe, "").unwrap();
            std::fs::metadata(&probe).unwrap().permissions().mode() & 0o777
        };
        assert_eq!(mode, umask_leaves, "{mode:o}");
    }
}
