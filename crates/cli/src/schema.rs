//! `camelot schema`: the JSON Schema of variant files, for editors that
//! complete keys and flag mistakes as one types (Even Better TOML, taplo).
//! It comes from the same table of keys as the reading of the files
//! (`leap_format::KEYS`); a copy is kept in `docs/variant.schema.json`.

use crate::commands::emit;
use crate::error::CliResult;
use leap_core::search::Weights;
use leap_format::Family;

/// The schema as the command prints it: pretty JSON and a line end. The
/// `[eval]` table takes the weights of the file's family.
pub fn text() -> String {
    let eval: [(Family, &[&str]); 2] = [
        (Family::Camelot, <leap_camelot::EvalWeights as Weights>::NAMES),
        (Family::Checkers, <leap_checkers::EvalWeights as Weights>::NAMES),
    ];
    let schema = leap_format::json_schema(&eval);
    serde_json::to_string_pretty(&schema).expect("a JSON value prints") + "\n"
}

/// Prints the schema.
pub fn schema() -> CliResult {
    emit(&text())
}
