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
    let text =
        std::fs::read_to_string(name_or_path).map_err(|e| LoadError::Io(name_or_path.to_string(), e.to_string()))?;
    Ok((name_or_path.to_string(), text))
}
