//! Saving a file so that nothing is ever destroyed: the text goes to a
//! temporary file with a unique name in the target's folder, is flushed to
//! disk, and only then renamed over the target.
//!
//! What is refused, before anything is written: a target that is not a
//! regular file (a device such as `/dev/null`, a FIFO, a directory), a file
//! that may not be written (no write permission bit at all, even for root;
//! or one the kernel refuses to open for writing), and a file in the
//! `protected` list (the variant file of the game being played, compared by
//! canonical path, so that a link or a relative name cannot reach it).
//! A symbolic link is written through: its target gets the text, the link
//! stays. An existing file keeps its permission bits. On any failure the
//! temporary file is removed (the `tempfile` crate removes it when it is
//! dropped) and the target is untouched.
//!
//! A file that must replace nothing ([`save_new`]: a game kept at the end
//! of `play`, the weights `tune` keeps, `compare`'s report) is written the
//! same way and renamed to the first of its numbered names that is free,
//! by a rename that refuses to replace a file. A file written as the work
//! goes on ([`create_new`]: a match's games, one as each ends) is made
//! new, never opened over another. The commands that write only new files
//! refuse an output the user names that exists ([`refuse_existing`])
//! before any work, and take the first free of their default names
//! ([`first_free`], [`numbered`]) otherwise.

use crate::error::CliError;
use std::fmt;
use std::io::{self, Write as _};
use std::path::{Path, PathBuf};

/// How many symbolic links are followed before giving up (Linux's limit).
const MAX_LINKS: usize = 40;

/// Why a save was refused or failed.
#[derive(Debug)]
pub(crate) enum SaveError {
    /// The target exists and is not a regular file.
    NotRegular(&'static str),
    /// The target is a file that may not be written.
    ReadOnly,
    /// The target is a protected file (the variant file being played).
    Protected(PathBuf),
    /// Symbolic links that go round or on too long.
    Links,
    /// The folder the file would be in does not exist.
    NoFolder(PathBuf),
    /// A new file's name was taken after the check before the work.
    MadeMeanwhile,
    /// A file system operation failed: what was being done, and why.
    Io(&'static str, io::Error),
}

impl fmt::Display for SaveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SaveError::NotRegular(what) => write!(f, "it is {what}, not a regular file; nothing was written"),
            SaveError::ReadOnly => f.write_str("the file is read-only (no write permission); nothing was written"),
            SaveError::Protected(p) => write!(
                f,
                "it is a variant file of the game being played ({}); saving the game over it would lose the \
                 rules the game is played with; nothing was written",
                p.display()
            ),
            SaveError::Links => f.write_str("too many levels of symbolic links; nothing was written"),
            SaveError::NoFolder(dir) => write!(f, "there is no folder {}; nothing was written", dir.display()),
            SaveError::MadeMeanwhile => f.write_str(
                "a file of that name was made while the work went on; it was left as it was and nothing was written",
            ),
            SaveError::Io(doing, e) => write!(f, "{doing}: {e}"),
        }
    }
}

impl std::error::Error for SaveError {}

/// Writes `text` to `path` safely (see the module's documentation);
/// `protected` lists files that must never be overwritten (the variant
/// file of the game being played).
///
/// The error names `path` as the user gave it: `cannot write F: why`.
pub(crate) fn save_file(path: &Path, text: &str, protected: &[PathBuf]) -> Result<(), CliError> {
    save_with(path, text, protected, |_| {}).map_err(|e| write_error(path, e))
}

/// Checks, before the work whose result is to be saved there, that
/// [`save_file`] could write `path`: what it would refuse, and a folder
/// that is missing or may not be written (a temporary file is made there
/// and removed). Nothing is written.
pub(crate) fn check_target(path: &Path, protected: &[PathBuf]) -> Result<(), CliError> {
    let (_, dir, _) = preflight(path, protected).map_err(|e| write_error(path, e))?;
    leap_core::files::temporary_in(&dir, ".camelot-check.", "")
        .map(drop)
        .map_err(|e| write_error(path, SaveError::Io("cannot write in its folder", e)))
}

/// The error of a save of `path`, naming the file as the user gave it.
fn write_error(path: &Path, e: SaveError) -> CliError {
    CliError::Write {
        path: path.display().to_string(),
        error: match e {
            SaveError::Io(doing, error) => {
                io::Error::new(error.kind(), format!("{doing}: {}", leap_format::io_words(&error)))
            }
            other => io::Error::other(other.to_string()),
        },
    }
}

/// The file a path names once symbolic links are followed (the last one
/// may not exist yet: a link to a file still to be made).
fn follow_links(path: &Path) -> Result<PathBuf, SaveError> {
    let mut current = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        match std::fs::symlink_metadata(&current) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let target = std::fs::read_link(&current).map_err(|e| SaveError::Io("cannot read the link", e))?;
                current = match current.parent() {
                    Some(dir) => dir.join(target),
                    None => target,
                };
            }
            _ => return Ok(current),
        }
    }
    Err(SaveError::Links)
}

/// The canonical form of a path that may not exist yet: its folder's
/// canonical path and its name.
fn canonical(path: &Path) -> Option<PathBuf> {
    if let Ok(p) = std::fs::canonicalize(path) {
        return Some(p);
    }
    let name = path.file_name()?;
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    Some(std::fs::canonicalize(dir).ok()?.join(name))
}

/// The file of `protected` that `target` (its links followed) is, if any:
/// compared by canonical path, so that a link or a relative name cannot
/// reach it.
fn protected_one<'a>(target: &Path, protected: &'a [PathBuf]) -> Option<&'a PathBuf> {
    let canonical_target = canonical(target)?;
    protected.iter().find(|p| std::fs::canonicalize(p).is_ok_and(|c| c == canonical_target))
}

/// What a file that is not regular is, for the message.
fn kind_of(meta: &std::fs::Metadata) -> &'static str {
    let t = meta.file_type();
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_char_device() || t.is_block_device() {
            return "a device";
        }
        if t.is_fifo() {
            return "a FIFO (named pipe)";
        }
        if t.is_socket() {
            return "a socket";
        }
    }
    if t.is_dir() {
        "a folder"
    } else {
        "not a regular file"
    }
}

/// [`save_file`], with `before_rename` called on the target just before
/// the temporary file is renamed over it (the tests use it to make the
/// rename fail).
fn save_with(
    path: &Path,
    text: &str,
    protected: &[PathBuf],
    before_rename: impl FnOnce(&Path),
) -> Result<(), SaveError> {
    let (target, dir, existing) = preflight(path, protected)?;
    let tmp = temporary(&target, &dir, text, existing.as_ref())?;
    before_rename(&target);
    tmp.persist(&target).map_err(|e| SaveError::Io("cannot rename the temporary file over the file", e.error))?;
    sync_folder(&dir);
    Ok(())
}

/// Writes `text` to a new file, the first of `name(1)`, `name(2)`, ...
/// that names nothing, and returns its path: whole or not at all, as
/// [`save_file`], and never over a file, not even one made meanwhile by
/// another program (the name is taken by the rename itself). The names
/// are in one folder, `name(1)`'s.
pub(crate) fn save_new(name: impl Fn(u32) -> PathBuf, text: &str) -> Result<PathBuf, CliError> {
    save_new_among((1..).map(name), text)
}

/// Writes `text` to the new file `path`, whole or not at all, as
/// [`save_new`]: an error, and nothing written, if `path` names a file
/// (the check made before the work found none: it was made since).
pub(crate) fn save_new_as(path: &Path, text: &str) -> Result<(), CliError> {
    save_new_among(std::iter::once(path.to_path_buf()), text).map(drop)
}

/// [`save_new`] over the names `names` (one folder, the first's): an
/// error if every one names a file.
fn save_new_among(mut names: impl Iterator<Item = PathBuf>, text: &str) -> Result<PathBuf, CliError> {
    let first = names.next().expect("a name");
    let dir = folder_of(&first);
    if !dir.is_dir() {
        return Err(write_error(&first, SaveError::NoFolder(dir)));
    }
    let mut tmp = temporary(&first, &dir, text, None).map_err(|e| write_error(&first, e))?;
    let mut path = first;
    loop {
        match tmp.persist_noclobber(&path) {
            Ok(_) => {
                sync_folder(&dir);
                return Ok(path);
            }
            Err(e) if e.error.kind() == io::ErrorKind::AlreadyExists => {
                tmp = e.file;
                match names.next() {
                    Some(next) => path = next,
                    None => return Err(write_error(&path, SaveError::MadeMeanwhile)),
                }
            }
            Err(e) => {
                return Err(write_error(&path, SaveError::Io("cannot rename the temporary file to the file", e.error)))
            }
        }
    }
}

/// Makes a new file, the first of `name(1)`, `name(2)`, ... that names
/// nothing (taken by the creation itself, so never a file made meanwhile),
/// to be written as the work goes on (a match's games, each as it ends),
/// and returns its path and the file, open to append.
pub(crate) fn create_new(name: impl Fn(u32) -> PathBuf) -> Result<(PathBuf, std::fs::File), CliError> {
    for n in 1.. {
        let path = name(n);
        match std::fs::OpenOptions::new().append(true).create_new(true).open(&path) {
            Ok(file) => {
                sync_folder(&folder_of(&path));
                return Ok((path, file));
            }
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(write_error(&path, SaveError::Io("cannot create the file", e))),
        }
    }
    unreachable!("a free name among 2^32")
}

/// The `n`th name of a new file from `base` (`match-camelot.pgn`): `base`
/// itself, then `match-camelot-2.pgn`, `match-camelot-3.pgn`, ...
pub(crate) fn numbered(base: &Path, n: u32) -> PathBuf {
    if n == 1 {
        return base.to_path_buf();
    }
    let stem = base.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    let name = match base.extension() {
        Some(e) => format!("{stem}-{n}.{}", e.to_string_lossy()),
        None => format!("{stem}-{n}"),
    };
    base.with_file_name(name)
}

/// The first of the [`numbered`] names from `base` that names nothing,
/// nor do the files written beside it (`beside`: `compare`'s chart and
/// games beside its report).
pub(crate) fn first_free(base: &Path, beside: impl Fn(&Path) -> Vec<PathBuf>) -> PathBuf {
    let free = |p: &Path| std::fs::symlink_metadata(p).is_err();
    (1..)
        .map(|n| numbered(base, n))
        .find(|p| free(p) && beside(p).iter().all(|b| free(b)))
        .expect("a free name among 2^32")
}

/// Refuses, before any work, an output the user named (`--output
/// given`) when one of the files it would make (`files`: `given`, and
/// those written beside it) names anything, even a broken link: `command`
/// (`a match`) writes only new files. A file of `protected` (the variant
/// file of the game) is named as such.
pub(crate) fn refuse_existing(
    given: &Path,
    files: &[PathBuf],
    protected: &[PathBuf],
    command: &str,
) -> Result<(), CliError> {
    let taken: Vec<&PathBuf> = files.iter().filter(|f| std::fs::symlink_metadata(f).is_ok()).collect();
    let Some(first) = taken.first() else { return Ok(()) };
    let given_text = given.display();
    let variant_file = taken.iter().find(|f| follow_links(f).ok().and_then(|t| protected_one(&t, protected)).is_some());
    let message = if let Some(variant) = variant_file {
        let which = if variant.as_path() == given { "it".to_string() } else { variant.display().to_string() };
        format!(
            "--output {given_text}: {which} is the variant file of the game (its rules), and {command} replaces no \
             file: give a new name"
        )
    } else if taken.len() == 1 && first.as_path() == given {
        if given.is_dir() {
            format!("--output {given_text}: it is a folder: give the name of a new file (in it, or elsewhere)")
        } else {
            format!(
                "--output {given_text}: the file exists, and {command} replaces no file: give a new name (or remove it)"
            )
        }
    } else {
        let names: Vec<String> = taken.iter().map(|p| p.display().to_string()).collect();
        let all: Vec<String> = files.iter().map(|p| p.display().to_string()).collect();
        let (verb, them) = if names.len() == 1 { ("exists", "it") } else { ("exist", "them") };
        format!(
            "--output {given_text}: {} {verb}, and {command} replaces no file (it writes {}): give a new name \
             (or remove {them})",
            and_list(&names),
            and_list(&all)
        )
    };
    Err(CliError::Usage(message))
}

/// `a`, `a and b`, `a, b and c`.
fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// The variant files among these variant names (built-in names are not
/// files), and the files they extend: what a command must never write
/// over (the game's rules come from them).
pub(crate) fn variant_files(variants: &[String]) -> Vec<PathBuf> {
    variants
        .iter()
        .flat_map(|v| leap_games::source_tags(v))
        .filter(|(tag, _)| tag == leap_games::FILE_TAG)
        .flat_map(|(_, path)| rules_files(PathBuf::from(path)))
        .collect()
}

/// A variant file and the files it extends: the files a game of it takes
/// its rules from.
pub(crate) fn rules_files(file: PathBuf) -> Vec<PathBuf> {
    let mut files = vec![file];
    files.extend(leap_format::extended_files(&files[0].display().to_string()));
    files
}

/// A temporary file in `dir`, named after `target`, holding `text`,
/// flushed to disk, with the permissions of the file it is to replace
/// (`existing`), or those of any new file; removed when dropped.
fn temporary(
    target: &Path,
    dir: &Path,
    text: &str,
    existing: Option<&std::fs::Metadata>,
) -> Result<tempfile::NamedTempFile, SaveError> {
    let name = target.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    // A new file gets the permissions of any new file; an existing one
    // keeps its mode (set below, whatever the umask).
    let mut tmp = leap_core::files::temporary_in(dir, &format!(".{name}."), ".tmp")
        .map_err(|e| SaveError::Io("cannot create a temporary file in its folder", e))?;
    tmp.write_all(text.as_bytes()).map_err(|e| SaveError::Io("cannot write the temporary file", e))?;
    if let Some(meta) = existing {
        std::fs::set_permissions(tmp.path(), meta.permissions())
            .map_err(|e| SaveError::Io("cannot give the temporary file the file's permissions", e))?;
    }
    tmp.as_file().sync_all().map_err(|e| SaveError::Io("cannot flush the temporary file to disk", e))?;
    Ok(tmp)
}

/// Makes a rename in `dir` reach the disk (best effort: not every system
/// can open a folder).
fn sync_folder(dir: &Path) {
    if let Ok(d) = std::fs::File::open(dir) {
        let _ = d.sync_all();
    }
}

/// The folder a file is in (`.` for a bare name).
fn folder_of(path: &Path) -> PathBuf {
    match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// What a save of `path` checks before it writes anything (see the
/// module's documentation): the file links lead to, its folder, and its
/// metadata when it exists.
fn preflight(path: &Path, protected: &[PathBuf]) -> Result<(PathBuf, PathBuf, Option<std::fs::Metadata>), SaveError> {
    let target = follow_links(path)?;
    let existing = match std::fs::metadata(&target) {
        Ok(meta) => Some(meta),
        Err(e) if e.kind() == io::ErrorKind::NotFound => None,
        Err(e) => return Err(SaveError::Io("cannot look at the file", e)),
    };
    if let Some(meta) = &existing {
        if !meta.is_file() {
            return Err(SaveError::NotRegular(kind_of(meta)));
        }
    }
    if let Some(p) = protected_one(&target, protected) {
        return Err(SaveError::Protected(p.clone()));
    }
    if let Some(meta) = &existing {
        // Mode bits decide, so that root too keeps its hands off a 0444
        // file; then the kernel, for a file of another user or group.
        if meta.permissions().readonly() {
            return Err(SaveError::ReadOnly);
        }
        if let Err(e) = std::fs::OpenOptions::new().write(true).open(&target) {
            return Err(if e.kind() == io::ErrorKind::PermissionDenied {
                SaveError::ReadOnly
            } else {
                SaveError::Io("cannot open the file for writing", e)
            });
        }
    }
    let dir = folder_of(&target);
    if !dir.is_dir() {
        return Err(SaveError::NoFolder(dir));
    }
    Ok((target, dir, existing))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folder() -> tempfile::TempDir {
        tempfile::tempdir().expect("a temporary folder")
    }

    /// The names in a folder, sorted.
    fn names(dir: &Path) -> Vec<String> {
        let mut v: Vec<String> =
            std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
        v.sort();
        v
    }

    #[test]
    fn writes_a_new_file_and_replaces_an_old_one() {
        let dir = folder();
        let f = dir.path().join("game.pgn");
        save_file(&f, "one", &[]).unwrap();
        assert_eq!(std::fs::read_to_string(&f).unwrap(), "one");
        save_file(&f, "two", &[]).unwrap();
        assert_eq!(std::fs::read_to_string(&f).unwrap(), "two");
        assert_eq!(names(dir.path()), ["game.pgn"], "no temporary file is left");
    }

    #[test]
    fn the_check_before_the_work_writes_nothing() {
        let dir = folder();
        check_target(&dir.path().join("new.pgn"), &[]).unwrap();
        let old = dir.path().join("old.pgn");
        std::fs::write(&old, "kept").unwrap();
        check_target(&old, &[]).unwrap();
        assert!(check_target(dir.path(), &[]).unwrap_err().to_string().contains("a folder"));
        assert!(check_target(&old, std::slice::from_ref(&old)).is_err());
        assert_eq!(std::fs::read_to_string(&old).unwrap(), "kept");
        assert_eq!(names(dir.path()), ["old.pgn"], "no file made or left");
    }

    #[test]
    fn leaves_an_unrelated_file_with_the_old_temporary_name_alone() {
        let dir = folder();
        let notes = dir.path().join("notes.tmp-save");
        std::fs::write(&notes, "mine").unwrap();
        save_file(&dir.path().join("notes.txt"), "game", &[]).unwrap();
        assert_eq!(std::fs::read_to_string(&notes).unwrap(), "mine");
        assert_eq!(names(dir.path()), ["notes.tmp-save", "notes.txt"]);
    }

    #[test]
    fn refuses_a_directory() {
        let dir = folder();
        let sub = dir.path().join("sub");
        std::fs::create_dir(&sub).unwrap();
        let e = save_file(&sub, "x", &[]).unwrap_err().to_string();
        assert!(e.contains("a folder, not a regular file"), "{e}");
        assert!(sub.is_dir());
        assert_eq!(names(dir.path()), ["sub"]);
    }

    #[test]
    fn refuses_the_protected_file_by_any_name() {
        let dir = folder();
        let variant = dir.path().join("mine.toml");
        std::fs::write(&variant, "name = \"mine\"").unwrap();
        let protected = [variant.clone()];
        let e = save_file(&variant, "game", &protected).unwrap_err().to_string();
        assert!(e.contains("a variant file of the game being played"), "{e}");
        // The same file through `..`.
        let sub = dir.path().join("sub");
        std::fs::create_dir(&sub).unwrap();
        assert!(save_file(&sub.join("../mine.toml"), "game", &protected).is_err());
        // A relative name given for the protected file.
        let relative = pathdiff_to_cwd(&variant);
        assert!(save_file(&variant, "game", &[relative]).is_err());
        assert_eq!(std::fs::read_to_string(&variant).unwrap(), "name = \"mine\"");
        // Another file is saved.
        save_file(&dir.path().join("game.pgn"), "game", &protected).unwrap();
    }

    /// `path` relative to the current directory, through `..` as needed.
    fn pathdiff_to_cwd(path: &Path) -> PathBuf {
        let cwd = std::fs::canonicalize(std::env::current_dir().unwrap()).unwrap();
        let path = std::fs::canonicalize(path).unwrap();
        let ups = cwd.components().count() - 1;
        let mut rel = PathBuf::new();
        for _ in 0..ups {
            rel.push("..");
        }
        rel.join(path.strip_prefix("/").unwrap())
    }

    #[test]
    fn a_failed_rename_leaves_no_temporary_file_and_the_target_whole() {
        let dir = folder();
        let f = dir.path().join("game.pgn");
        std::fs::write(&f, "old").unwrap();
        // The file turns into a non-empty folder between the checks and the rename.
        let e = save_with(&f, "new", &[], |target| {
            std::fs::remove_file(target).unwrap();
            std::fs::create_dir(target).unwrap();
            std::fs::write(target.join("inside"), "kept").unwrap();
        })
        .unwrap_err();
        assert!(matches!(e, SaveError::Io(..)), "{e}");
        assert_eq!(names(dir.path()), ["game.pgn"], "no temporary file is left");
        assert_eq!(std::fs::read_to_string(f.join("inside")).unwrap(), "kept");
    }

    #[test]
    fn a_new_file_takes_the_first_free_name_and_replaces_none() {
        let dir = folder();
        std::fs::write(dir.path().join("g-1.pgn"), "mine").unwrap();
        let name = |n: u32| dir.path().join(format!("g-{n}.pgn"));
        assert_eq!(save_new(name, "one").unwrap(), name(2));
        assert_eq!(save_new(name, "two").unwrap(), name(3));
        let texts: Vec<String> = (1..=3).map(|n| std::fs::read_to_string(name(n)).unwrap()).collect();
        assert_eq!(texts, ["mine", "one", "two"]);
        assert_eq!(names(dir.path()), ["g-1.pgn", "g-2.pgn", "g-3.pgn"], "no temporary file is left");
        let e = save_new(|_| dir.path().join("no/such/g.pgn"), "x").unwrap_err().to_string();
        assert!(e.contains("there is no folder"), "{e}");
    }

    #[test]
    fn the_names_of_a_new_file_are_numbered_from_the_second() {
        let base = Path::new("out/match-camelot.pgn");
        assert_eq!(numbered(base, 1), base);
        assert_eq!(numbered(base, 2), Path::new("out/match-camelot-2.pgn"));
        assert_eq!(numbered(Path::new("games"), 3), Path::new("games-3"));
    }

    #[test]
    fn the_first_free_name_is_free_with_the_files_beside_it() {
        let dir = folder();
        let base = dir.path().join("r.md");
        let beside = |p: &Path| vec![p.with_extension("svg"), p.with_extension("pgn")];
        assert_eq!(first_free(&base, beside), base);
        std::fs::write(dir.path().join("r.pgn"), "a game").unwrap();
        assert_eq!(first_free(&base, beside), dir.path().join("r-2.md"));
        assert_eq!(first_free(&base, |_| Vec::new()), base);
    }

    #[test]
    fn an_output_that_exists_is_refused_by_name() {
        let dir = folder();
        let md = dir.path().join("r.md");
        let files = [md.clone(), md.with_extension("svg"), md.with_extension("pgn")];
        refuse_existing(&md, &files, &[], "compare").unwrap();
        std::fs::write(&files[2], "a game").unwrap();
        let e = refuse_existing(&md, &files, &[], "compare").unwrap_err().to_string();
        let (r, svg, pgn) = (md.display(), files[1].display(), files[2].display());
        assert_eq!(
            e,
            format!(
                "--output {r}: {pgn} exists, and compare replaces no file (it writes {r}, {svg} and {pgn}): give a \
                 new name (or remove it)"
            )
        );
        std::fs::write(&md, "a report").unwrap();
        let e = refuse_existing(&md, &files, &[], "compare").unwrap_err().to_string();
        assert!(e.contains(&format!(": {r} and {pgn} exist, and compare replaces no file")), "{e}");
        let e = refuse_existing(&md, &files[..1], &[], "a match").unwrap_err().to_string();
        assert_eq!(
            e,
            format!("--output {r}: the file exists, and a match replaces no file: give a new name (or remove it)")
        );
        // The variant file, by another name.
        let variant = dir.path().join("mine.toml");
        std::fs::write(&variant, "rules").unwrap();
        let other_name = dir.path().join("sub/../mine.toml");
        std::fs::create_dir(dir.path().join("sub")).unwrap();
        let e = refuse_existing(&other_name, std::slice::from_ref(&other_name), std::slice::from_ref(&variant), "tune")
            .unwrap_err()
            .to_string();
        assert!(
            e.ends_with(": it is the variant file of the game (its rules), and tune replaces no file: give a new name"),
            "{e}"
        );
        assert_eq!(std::fs::read_to_string(&variant).unwrap(), "rules");
    }

    #[test]
    fn a_file_written_as_the_work_goes_takes_a_free_name_and_replaces_none() {
        let dir = folder();
        std::fs::write(dir.path().join("g.pgn"), "mine").unwrap();
        let name = |n: u32| numbered(&dir.path().join("g.pgn"), n);
        let (path, mut file) = create_new(name).unwrap();
        assert_eq!(path, name(2));
        file.write_all(b"one").unwrap();
        file.write_all(b" two").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "one two", "written as it goes");
        assert_eq!(std::fs::read_to_string(name(1)).unwrap(), "mine");
        let e = create_new(|_| dir.path().join("no/such/g.pgn")).unwrap_err().to_string();
        assert!(e.contains("cannot create the file: no such file"), "{e}");
    }

    #[test]
    fn a_new_file_of_one_name_replaces_nothing() {
        let dir = folder();
        let f = dir.path().join("w.toml");
        save_new_as(&f, "one").unwrap();
        let e = save_new_as(&f, "two").unwrap_err().to_string();
        assert!(e.contains("was made while the work went on"), "{e}");
        assert_eq!(std::fs::read_to_string(&f).unwrap(), "one");
        assert_eq!(names(dir.path()), ["w.toml"], "no temporary file is left");
    }

    #[test]
    fn a_missing_folder_is_an_error_naming_the_file() {
        let dir = folder();
        let f = dir.path().join("no/such/game.pgn");
        let e = save_file(&f, "x", &[]).unwrap_err().to_string();
        assert!(e.starts_with(&format!("cannot write {}: ", f.display())), "{e}");
        assert!(e.contains("there is no folder"), "{e}");
        assert!(!e.contains(".game.pgn."), "no temporary name in the message: {e}");
        let e = check_target(&f, &[]).unwrap_err().to_string();
        assert!(e.contains("there is no folder"), "{e}");
        assert_eq!(names(dir.path()), Vec::<String>::new(), "nothing was made");
    }

    #[cfg(unix)]
    mod unix {
        use super::super::*;
        use super::{folder, names};
        use std::os::unix::fs::{symlink, FileTypeExt, PermissionsExt};

        fn mode(p: &Path) -> u32 {
            std::fs::metadata(p).unwrap().permissions().mode() & 0o7777
        }

        #[test]
        fn refuses_a_device() {
            let null = Path::new("/dev/null");
            if !null.exists() {
                return;
            }
            let e = save_file(null, "x", &[]).unwrap_err().to_string();
            assert!(e.contains("a device, not a regular file"), "{e}");
            assert!(std::fs::metadata(null).unwrap().file_type().is_char_device());
        }

        #[test]
        fn refuses_a_fifo_without_blocking() {
            let dir = folder();
            let fifo = dir.path().join("pipe");
            let made = std::process::Command::new("mkfifo").arg(&fifo).status();
            if !made.is_ok_and(|s| s.success()) {
                return; // no mkfifo here
            }
            let e = save_file(&fifo, "x", &[]).unwrap_err().to_string();
            assert!(e.contains("a FIFO (named pipe), not a regular file"), "{e}");
            assert_eq!(names(dir.path()), ["pipe"]);
        }

        #[test]
        fn refuses_a_read_only_file_even_as_root() {
            for m in [0o444, 0o400, 0o000] {
                let dir = folder();
                let f = dir.path().join("game.pgn");
                std::fs::write(&f, "old").unwrap();
                std::fs::set_permissions(&f, std::fs::Permissions::from_mode(m)).unwrap();
                let e = save_file(&f, "new", &[]).unwrap_err().to_string();
                assert!(e.contains("read-only"), "{m:o}: {e}");
                std::fs::set_permissions(&f, std::fs::Permissions::from_mode(0o600)).unwrap();
                assert_eq!(std::fs::read_to_string(&f).unwrap(), "old");
                assert_eq!(names(dir.path()), ["game.pgn"]);
            }
        }

        #[test]
        fn keeps_the_permissions_of_the_file() {
            for m in [0o600, 0o640, 0o664, 0o200] {
                let dir = folder();
                let f = dir.path().join("game.pgn");
                std::fs::write(&f, "old").unwrap();
                std::fs::set_permissions(&f, std::fs::Permissions::from_mode(m)).unwrap();
                save_file(&f, "new", &[]).unwrap();
                assert_eq!(mode(&f), m, "{m:o}");
                std::fs::set_permissions(&f, std::fs::Permissions::from_mode(0o600)).unwrap();
                assert_eq!(std::fs::read_to_string(&f).unwrap(), "new");
            }
        }

        #[test]
        fn a_new_file_gets_the_mode_of_any_new_file() {
            let dir = folder();
            let plain = dir.path().join("plain");
            std::fs::write(&plain, "").unwrap();
            let f = dir.path().join("game.pgn");
            save_file(&f, "x", &[]).unwrap();
            assert_eq!(mode(&f), mode(&plain), "the umask applies, not tempfile's 0600");
        }

        #[test]
        fn writes_through_a_symbolic_link() {
            let dir = folder();
            let real = dir.path().join("real.pgn");
            std::fs::write(&real, "old").unwrap();
            std::fs::set_permissions(&real, std::fs::Permissions::from_mode(0o600)).unwrap();
            let link = dir.path().join("link.pgn");
            symlink("real.pgn", &link).unwrap();
            save_file(&link, "new", &[]).unwrap();
            assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink(), "the link stays a link");
            assert_eq!(std::fs::read_to_string(&real).unwrap(), "new");
            assert_eq!(mode(&real), 0o600);
            assert_eq!(names(dir.path()), ["link.pgn", "real.pgn"]);
        }

        #[test]
        fn writes_through_a_chain_of_links_to_a_file_still_to_be_made() {
            let dir = folder();
            std::fs::create_dir(dir.path().join("sub")).unwrap();
            let first = dir.path().join("first");
            symlink("sub/second", &first).unwrap();
            symlink("made.pgn", dir.path().join("sub/second")).unwrap();
            save_file(&first, "new", &[]).unwrap();
            assert_eq!(std::fs::read_to_string(dir.path().join("sub/made.pgn")).unwrap(), "new");
            assert!(std::fs::symlink_metadata(&first).unwrap().file_type().is_symlink());
        }

        #[test]
        fn refuses_a_loop_of_links() {
            let dir = folder();
            let a = dir.path().join("a");
            symlink("b", &a).unwrap();
            symlink("a", dir.path().join("b")).unwrap();
            let e = save_file(&a, "x", &[]).unwrap_err().to_string();
            assert!(e.contains("too many levels of symbolic links"), "{e}");
        }

        #[test]
        fn refuses_a_link_to_a_device_or_to_the_protected_file() {
            let dir = folder();
            let link = dir.path().join("null.pgn");
            symlink("/dev/null", &link).unwrap();
            assert!(save_file(&link, "x", &[]).unwrap_err().to_string().contains("a device"));
            let variant = dir.path().join("mine.toml");
            std::fs::write(&variant, "rules").unwrap();
            let to_variant = dir.path().join("game.pgn");
            symlink("mine.toml", &to_variant).unwrap();
            let e = save_file(&to_variant, "x", std::slice::from_ref(&variant)).unwrap_err().to_string();
            assert!(e.contains("variant file of the game being played"), "{e}");
            assert_eq!(std::fs::read_to_string(&variant).unwrap(), "rules");
        }

        #[test]
        fn a_folder_that_may_not_be_written_leaves_the_file_alone() {
            let dir = folder();
            let sub = dir.path().join("sub");
            std::fs::create_dir(&sub).unwrap();
            let f = sub.join("game.pgn");
            std::fs::write(&f, "old").unwrap();
            std::fs::set_permissions(&sub, std::fs::Permissions::from_mode(0o500)).unwrap();
            let result = save_file(&f, "new", &[]);
            std::fs::set_permissions(&sub, std::fs::Permissions::from_mode(0o700)).unwrap();
            // (Root may write any folder: then the save succeeds.)
            match result {
                Ok(()) => assert_eq!(std::fs::read_to_string(&f).unwrap(), "new"),
                Err(e) => {
                    assert!(e.to_string().contains("temporary file"), "{e}");
                    assert_eq!(std::fs::read_to_string(&f).unwrap(), "old");
                }
            }
            assert_eq!(names(&sub), ["game.pgn"]);
        }
    }
}
