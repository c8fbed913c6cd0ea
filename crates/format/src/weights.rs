//! Evaluation weights as data: a variant file's `[eval]` table, and files
//! holding only that table (what `camelot tune` writes, and what a
//! `camelot match` player's `eval=FILE` reads).

use crate::{Diagnostics, EvalTable, FileErrors};
use leap_core::search::{Score, Weights};
use serde::Deserialize;

/// The largest weight an `[eval]` table may give, either way.
pub const MAX_WEIGHT: i64 = 100_000;

/// The weights `table` sets over `base` (the family's defaults, or a
/// variant's). A name the family's evaluation does not have, or a value
/// beyond ±[`MAX_WEIGHT`], is reported at its place in `diag`.
///
/// ```
/// use leap_core::search::Weights;
/// leap_core::weights! {
///     /// Demo weights.
///     pub struct Demo {
///         /// A term.
///         mobility = 3,
///     }
/// }
/// let text = "[eval]\nmobility = 7\n";
/// let w: Demo = leap_format::read_weights("w.toml", text, Demo::default()).unwrap();
/// assert_eq!(w.mobility, 7);
/// let bad = leap_format::read_weights("w.toml", "[eval]\nmobilty = 7\n", Demo::default());
/// assert!(bad.unwrap_err().to_string().contains("w.toml:2:1: error: unknown weight `mobilty`"));
/// ```
pub fn eval_weights<W: Weights>(table: &EvalTable, base: W, diag: &mut Diagnostics) -> W {
    let mut weights = base;
    for (name, value) in table {
        let Some(index) = W::index_of(name.get_ref()) else {
            diag.error(
                name.span().start,
                format!("unknown weight `{}` in [eval]; expected one of {}", name.get_ref(), W::NAMES.join(", ")),
            );
            continue;
        };
        let v = *value.get_ref();
        // (Not `v.abs()`: it overflows for the least whole number, which read as 0.)
        if !(-MAX_WEIGHT..=MAX_WEIGHT).contains(&v) {
            diag.error(
                value.span().start,
                format!("{} = {v}: {}", name.get_ref(), crate::schema::whole_number(-MAX_WEIGHT, MAX_WEIGHT)),
            );
            continue;
        }
        weights.set(index, v as Score);
    }
    weights
}

/// A file's `[eval]` table; its other keys (a whole variant file's) are
/// not read.
#[derive(Deserialize)]
struct WeightsFile {
    eval: Option<toml::Spanned<EvalTable>>,
}

/// Reads weights from the text of a file with an `[eval]` table (a
/// variant file, or a file of weights alone): the table's weights over
/// `base`. `file` names it in the errors.
pub fn read_weights<W: Weights>(file: &str, text: &str, base: W) -> Result<W, FileErrors> {
    let text = crate::strip_bom(text);
    let mut diag = Diagnostics::new(file, text);
    // The table's names and types are checked as a variant file's are
    // (every problem, in a player's words), and read without those in error.
    let checked = match toml_edit::ImDocument::parse(text) {
        Ok(doc) => crate::schema::check_key(&doc, "eval"),
        Err(_) => Default::default(),
    };
    for p in &checked.problems {
        diag.error(p.at, p.message.clone());
    }
    let cleaned = crate::schema::blank_out(text, &checked.blank);
    let weights = match toml::from_str::<WeightsFile>(&cleaned) {
        Ok(WeightsFile { eval: Some(table) }) => eval_weights(table.get_ref(), base, &mut diag),
        Ok(WeightsFile { eval: None }) => {
            diag.error(0, format!("expected an [eval] table of weights ({})", W::NAMES.join(", ")));
            base
        }
        Err(e) => {
            let at = e.span().map_or(0, |s| s.start);
            let (at, message) = crate::syntax::syntax_error(text, at, e.message());
            diag.error(at, message);
            base
        }
    };
    diag.finish()?;
    Ok(weights)
}

/// The `[eval]` table of `weights`, every weight written, after the
/// comment lines `comment` (each prefixed with `# `): a file that
/// [`read_weights`] reads back, and that a variant file can include.
///
/// ```
/// use leap_core::search::Weights;
/// leap_core::weights! {
///     /// Demo weights.
///     pub struct Demo {
///         /// A term.
///         mobility = 3,
///         /// Another.
///         tempo = -2,
///     }
/// }
/// let text = leap_format::write_weights(&Demo::default(), "tuned");
/// assert_eq!(text, "# tuned\n[eval]\nmobility = 3\ntempo = -2\n");
/// assert_eq!(leap_format::read_weights("w.toml", &text, Demo { mobility: 0, tempo: 0 }).unwrap(), Demo::default());
/// ```
pub fn write_weights<W: Weights>(weights: &W, comment: &str) -> String {
    let mut out = String::new();
    for line in comment.lines() {
        out.push_str(&format!("# {line}\n").replace("# \n", "#\n"));
    }
    out.push_str("[eval]\n");
    for (name, value) in W::NAMES.iter().zip(weights.values()) {
        out.push_str(&format!("{name} = {value}\n"));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    leap_core::weights! {
        /// Test weights.
        pub struct Two {
            /// One.
            mobility = 3,
            /// Two.
            tempo = 0,
        }
    }

    #[test]
    fn a_syntax_error_is_described_and_a_bom_skipped() {
        // A value missing at the end of the file: the parser gives no words.
        let err = read_weights("w.toml", "[eval]\nmobility =", Two::default()).unwrap_err().to_string();
        assert!(err.starts_with("w.toml:2:"), "{err}");
        assert!(!err.trim_end().ends_with("error:"), "{err}");
        let w = read_weights("w.toml", "\u{feff}[eval]\ntempo = 4\n", Two::default()).unwrap();
        assert_eq!(w, Two { mobility: 3, tempo: 4 });
    }

    #[test]
    fn a_weight_out_of_range_is_refused_at_either_end() {
        for v in [i64::MIN, i64::MIN + 1, -MAX_WEIGHT - 1, MAX_WEIGHT + 1, i64::MAX] {
            let err = read_weights("w.toml", &format!("[eval]\nmobility = {v}\n"), Two::default()).unwrap_err();
            let expected =
                format!("w.toml:2:12: error: mobility = {v}: expected a whole number from -100000 to 100000");
            assert!(err.to_string().starts_with(&expected), "{err}");
        }
        let w = read_weights("w.toml", &format!("[eval]\nmobility = {}\n", -MAX_WEIGHT), Two::default()).unwrap();
        assert_eq!(w.mobility, -100_000);
    }
}
