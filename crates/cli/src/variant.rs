//! Loading a VARIANT argument (a built-in name or a file) into a game, and
//! running code generic over the game type.

use leap_camelot::Camelot;

/// A loaded variant of any family the program knows.
pub enum Variant {
    /// A Camelot-family game.
    Camelot(Camelot),
}

/// Runs `$body` with `$g` bound to the loaded game, whatever its family.
#[macro_export]
macro_rules! with_game {
    ($variant:expr, $g:ident => $body:expr) => {
        match $variant {
            $crate::variant::Variant::Camelot($g) => $body,
        }
    };
}

/// Loads a built-in variant by name, or a variant file by path.
pub fn load(name_or_path: &str) -> Result<Variant, String> {
    leap_camelot::load(name_or_path).map(Variant::Camelot).map_err(|e| e.to_string())
}

/// The tag a saved game gets when its variant was read from a file, so that
/// `replay` can find the file again: the file's absolute path.
pub const FILE_TAG: &str = "VariantFile";

/// Tags naming where a variant came from: none for a built-in variant, the
/// file for a variant read from a file.
pub fn source_tags(name_or_path: &str) -> Vec<(String, String)> {
    if leap_camelot::BUILTIN.iter().any(|(n, _)| *n == name_or_path) {
        return Vec::new();
    }
    let path = std::path::Path::new(name_or_path);
    let absolute = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
    vec![(FILE_TAG.to_string(), absolute.display().to_string())]
}

/// Loads the variant of a game record: its `Variant` tag when that names a
/// built-in variant (camelot when there is no tag), else its `VariantFile`
/// tag, read relative to the record's folder when it is a relative path.
pub fn for_record(record: &leap_core::Record, record_file: &std::path::Path) -> Result<Variant, String> {
    let name = record.tag("Variant").unwrap_or("camelot");
    if leap_camelot::BUILTIN.iter().any(|(n, _)| *n == name) {
        return load(name);
    }
    let Some(file) = record.tag(FILE_TAG) else {
        return load(name);
    };
    let path = std::path::Path::new(file);
    let path = if path.is_relative() && !path.exists() {
        record_file.parent().unwrap_or(std::path::Path::new(".")).join(path)
    } else {
        path.to_path_buf()
    };
    load(&path.display().to_string())
}

/// The built-in variants: name and title.
pub fn builtin() -> Vec<(String, String)> {
    leap_camelot::BUILTIN
        .iter()
        .filter_map(|(n, _)| leap_camelot::load(n).ok().map(|g| (n.to_string(), g.title().to_string())))
        .collect()
}
