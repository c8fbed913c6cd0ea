//! Where a variant comes from: a built-in name or the path of a file.

use crate::diag::FileErrors;
use std::fmt;

/// Why a variant could not be loaded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LoadError {
    /// Not a built-in name, and not a file.
    Unknown {
        /// The name as given.
        name: String,
        /// The built-in variants that would have been accepted.
        known: Vec<String>,
    },
    /// The file could not be read: its path and why.
    Io(String, String),
    /// The file has problems.
    Invalid(FileErrors),
    /// A variant file that is not the one a game record names: the file,
    /// and what does not match.
    Mismatch(String, String),
    /// A game record's tags name no variant this program plays: why.
    Tag(String),
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Unknown { name, known } => write!(
                f,
                "unknown variant `{name}`: expected a built-in variant ({}) or the path of a .toml file",
                known.join(", ")
            ),
            LoadError::Io(p, e) => write!(f, "cannot read {p}: {e}"),
            LoadError::Invalid(e) => write!(f, "invalid variant file {}:\n{e}", e.file),
            LoadError::Mismatch(p, why) => write!(f, "variant file {p}: {why}"),
            LoadError::Tag(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for LoadError {}

/// The text of a variant and the name its diagnostics use: a built-in one
/// from `builtin` (name, text), shown as `variants/NAME.toml`, or a file.
///
/// ```
/// use leap_format::{variant_source, LoadError};
/// let builtin = [("tiny", "name = \"tiny\"")];
/// assert_eq!(variant_source("tiny", &builtin).unwrap(), ("variants/tiny.toml".to_string(), "name = \"tiny\"".to_string()));
/// assert!(matches!(variant_source("huge", &builtin), Err(LoadError::Unknown { .. })));
/// ```
pub fn variant_source(name_or_path: &str, builtin: &[(&str, &str)]) -> Result<(String, String), LoadError> {
    if let Some((_, text)) = builtin.iter().find(|(n, _)| *n == name_or_path) {
        return Ok((format!("variants/{name_or_path}.toml"), text.to_string()));
    }
    if !name_or_path.ends_with(".toml") && !std::path::Path::new(name_or_path).exists() {
        return Err(LoadError::Unknown {
            name: name_or_path.to_string(),
            known: builtin.iter().map(|(n, _)| n.to_string()).collect(),
        });
    }
    let text = read_text(std::path::Path::new(name_or_path))
        .map_err(|e| LoadError::Io(name_or_path.to_string(), leap_core::io_words(&e)))?;
    Ok((name_or_path.to_string(), text))
}

/// The largest file the program reads (a variant file, a game record):
/// 4 MiB, far more than any real one, and little enough memory.
pub const MAX_FILE_BYTES: u64 = 4 << 20;

/// Reads a text file a user named, as UTF-8, refusing what is not a
/// regular file (a device such as `/dev/zero`, a FIFO that would block, a
/// directory) and files over [`MAX_FILE_BYTES`], without reading more than
/// that. A UTF-8 byte-order mark at the start is dropped.
///
/// ```
/// let e = leap_format::read_text(std::path::Path::new(".")).unwrap_err();
/// assert_eq!(e.to_string(), "it is a folder, not a regular file");
/// ```
pub fn read_text(path: &std::path::Path) -> std::io::Result<String> {
    utf8(read_bytes(path)?)
}

/// The bytes as UTF-8 text, without a byte-order mark; or the place of the
/// first byte that is not UTF-8.
fn utf8(bytes: Vec<u8>) -> std::io::Result<String> {
    let text = String::from_utf8(bytes).map_err(|e| {
        // The place of the first bad byte, counted in the text before it.
        let good = e.utf8_error().valid_up_to();
        let before = std::str::from_utf8(&e.as_bytes()[..good]).unwrap_or_default();
        let (line, column) = crate::diag::line_col(before, good);
        std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            format!("it is not UTF-8 text (line {line}, column {column})"),
        )
    })?;
    Ok(match text.strip_prefix(BOM) {
        Some(rest) => rest.to_string(),
        None => text,
    })
}

/// Reads a game record file as [`read_text`] reads a text file, except
/// that a file that is not UTF-8 is read as ISO 8859-1 (Latin-1), each
/// byte its character: the encoding the PGN standard and PDN 2.0 give
/// records, which old archives use for accented names. (A file with
/// control characters other than tabs, line and page breaks is no text in
/// either: it is refused as [`read_text`] refuses it.)
///
/// ```
/// let dir = std::env::temp_dir().join(format!("latin1-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// let file = dir.join("old.pdn");
/// std::fs::write(&file, b"[White \"Fjellstr\xf6m\"]\n1. 11-15 *\n").unwrap();
/// assert!(leap_format::read_text(&file).is_err());
/// assert_eq!(leap_format::read_record_text(&file).unwrap(), "[White \"Fjellstr\u{f6}m\"]\n1. 11-15 *\n");
/// std::fs::remove_dir_all(&dir).unwrap();
/// ```
pub fn read_record_text(path: &std::path::Path) -> std::io::Result<String> {
    let bytes = read_bytes(path)?;
    let control = |b: &u8| *b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\r' | 0x0c);
    if std::str::from_utf8(&bytes).is_err() && !bytes.iter().any(control) {
        return Ok(bytes.into_iter().map(char::from).collect());
    }
    utf8(bytes)
}

/// Whether `path` has a game record's extension, `.pgn` or `.pdn`, in
/// any case (`GAME.PGN`, as some systems write names).
///
/// ```
/// use std::path::Path;
/// assert!(leap_format::has_record_extension(Path::new("games/ok.PGN")));
/// assert!(leap_format::has_record_extension(Path::new("old.pdn")));
/// assert!(!leap_format::has_record_extension(Path::new("rules.toml")));
/// ```
pub fn has_record_extension(path: &std::path::Path) -> bool {
    path.extension().is_some_and(|e| e.eq_ignore_ascii_case("pgn") || e.eq_ignore_ascii_case("pdn"))
}

/// The bytes of a file a user named, refusing what is not a regular file
/// and files over [`MAX_FILE_BYTES`] (see [`read_text`]).
fn read_bytes(path: &std::path::Path) -> std::io::Result<Vec<u8>> {
    use std::io::{Error, ErrorKind, Read};
    let not_regular = |meta: &std::fs::Metadata| {
        let what = if meta.is_dir() { "a folder" } else { "a device, a FIFO or a socket" };
        Error::new(ErrorKind::InvalidInput, format!("it is {what}, not a regular file"))
    };
    // Looked at before opening: opening a FIFO would wait for a writer.
    let meta = std::fs::metadata(path)?;
    if !meta.is_file() {
        return Err(not_regular(&meta));
    }
    let file = std::fs::File::open(path)?;
    let meta = file.metadata()?;
    if !meta.is_file() {
        return Err(not_regular(&meta));
    }
    let too_big = || {
        Error::new(
            ErrorKind::InvalidData,
            format!("it is larger than {} MiB, the most this program reads", MAX_FILE_BYTES >> 20),
        )
    };
    if meta.len() > MAX_FILE_BYTES {
        return Err(too_big());
    }
    let mut bytes = Vec::new();
    file.take(MAX_FILE_BYTES + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(too_big());
    }
    Ok(bytes)
}

/// The byte-order mark some editors write at the start of a UTF-8 file.
const BOM: char = '\u{feff}';

/// The text without a UTF-8 byte-order mark at its start, if it has one:
/// a mark some editors write, invisible, and no part of what is written
/// (places in the text are then counted from after it).
///
/// ```
/// assert_eq!(leap_format::strip_bom("\u{feff}name = \"x\""), "name = \"x\"");
/// ```
pub fn strip_bom(text: &str) -> &str {
    text.strip_prefix(BOM).unwrap_or(text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Diagnostics;

    /// A folder of its own under the system's temporary folder.
    fn folder(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("leap-format-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a temporary folder");
        dir
    }

    /// The problems of a variant text as read by [`crate::read`], as text.
    fn problems(file: &str, text: &str) -> Result<(), String> {
        let text = strip_bom(text);
        let mut diag = Diagnostics::new(file, text);
        let read = crate::read(file, text, &mut diag);
        diag.finish().map_err(|e| e.to_string())?;
        read.map(|_| ()).ok_or_else(|| "not read".to_string())
    }

    #[test]
    fn a_byte_order_mark_starts_a_variant_text_unseen() {
        let camelot = crate::builtin("camelot").unwrap();
        assert_eq!(problems("bom.toml", &format!("\u{feff}{camelot}")), Ok(()));
        assert_eq!(strip_bom("\u{feff}name"), "name");
        assert_eq!(strip_bom("name\u{feff}"), "name\u{feff}");
        // Places in the file are counted from after the mark.
        let e = problems("bom.toml", "\u{feff}extends = \"camelot\"\nnmae = \"x\"\n").unwrap_err();
        assert!(e.starts_with("bom.toml:2:1: error: unknown"), "{e}");
    }

    #[test]
    fn parse_with_reads_a_text_that_starts_with_a_byte_order_mark() {
        // (A text given whole, as an upload to the web app is.)
        let camelot = crate::builtin("camelot").unwrap();
        let built = crate::parse_with("bom.toml", &format!("\u{feff}{camelot}"), |spec, common, _| {
            common.map(|c| (spec.name.get_ref().clone(), c.players.len()))
        });
        assert_eq!(built.map_err(|e| e.to_string()), Ok(("camelot".to_string(), 2)));
        let e = crate::parse_with("bom.toml", "\u{feff}extends = \"camelot\"\nnmae = 1\n", |_, c, _| c.map(|_| ()))
            .unwrap_err();
        assert!(e.to_string().starts_with("bom.toml:2:1: error: unknown"), "{e}");
        let e = crate::parse_with("bom.toml", "\u{feff}nmae = 1\n", |_, c, _| c.map(|_| ())).unwrap_err();
        assert!(e.to_string().starts_with("bom.toml:1:1: error: unknown"), "{e}");
    }

    #[test]
    fn a_byte_order_mark_starts_a_variant_file_and_its_extends_target_unseen() {
        let dir = folder("bom");
        let camelot = crate::builtin("camelot").unwrap();
        std::fs::write(dir.join("base.toml"), format!("\u{feff}{camelot}")).unwrap();
        std::fs::write(dir.join("mine.toml"), "\u{feff}extends = \"base.toml\"\nname = \"mine\"\n").unwrap();
        let file = dir.join("mine.toml").display().to_string();
        let (name, text) = variant_source(&file, crate::BUILTIN).unwrap();
        assert!(!text.starts_with('\u{feff}'));
        assert_eq!(problems(&name, &text), Ok(()));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
