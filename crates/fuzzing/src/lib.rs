//! # leap-fuzzing
//!
//! The fuzz targets of the workspace, one for every parser a user can feed,
//! as plain functions of a byte string: cargo-fuzz runs them
//! coverage-guided (the `fuzz/` package, on the nightly toolchain), and the
//! test suite runs the same functions on stable, on the corpus kept in
//! `tests/fuzz/corpus/TARGET/` and on a short seeded run of inputs mutated
//! from it ([`mutate`]), so that every machine exercises them.
//!
//! A target returns normally for any input, accepted or refused; it panics
//! when a law is broken: a parser panics, a refusal has no message, or a
//! round trip fails (a parsed position prints back to an equal position, a
//! legal move's canonical text reads back to the same move, a written
//! record reads back to the same game).
//!
//! | target | input |
//! | --- | --- |
//! | [`position`] | `VARIANT` line, then a position string |
//! | [`moves`] | `VARIANT` line, a position string line (empty: the start), then moves |
//! | [`record`] | a game record (PGN style) |
//! | [`variant_text`] | the text of a variant file |
//! | [`variant_structured`] | bytes read by `arbitrary` into a sketch of a variant, written as a file |
//! | [`protocol`] | optionally a `VARIANT` line, then lines of the engine protocol |
//!
//! `VARIANT` is a built-in variant's name; a first line that is not one
//! picks a variant from its bytes, so that every input tries some game.
//!
//! ```
//! leap_fuzzing::position(b"camelot\nW:WKC6,D6:BKC11,D11 castle-moves=0,0");
//! leap_fuzzing::moves(b"checkers\n\n11-15 23-19 8-11");
//! for target in leap_fuzzing::TARGETS {
//!     (target.run)(b"anything at all");
//! }
//! ```

#![warn(missing_docs)]

mod check;
mod mutate;
mod protocol;
mod record;
mod sketch;
mod text;

pub use mutate::mutate;
pub use protocol::{protocol, session, BOUNDS};
pub use record::record;
pub use sketch::{variant_structured, VariantSketch};
pub use text::{moves, position, variant_text};

/// A fuzz target: its name (the folder of its corpus, the name of its
/// cargo-fuzz binary), its function, and words that help a mutator build
/// its inputs (also `fuzz/dict/NAME.dict`).
pub struct Target {
    /// The target's name.
    pub name: &'static str,
    /// Runs one input; panics when a law is broken.
    pub run: fn(&[u8]),
    /// Tokens of the input's language, for mutation.
    pub words: &'static [&'static str],
}

/// Every target.
pub const TARGETS: &[Target] = &[
    Target { name: "position", run: position, words: text::POSITION_WORDS },
    Target { name: "moves", run: moves, words: text::MOVE_WORDS },
    Target { name: "record", run: record, words: record::WORDS },
    Target { name: "variant_text", run: variant_text, words: text::VARIANT_WORDS },
    Target { name: "variant_structured", run: variant_structured, words: &[] },
    Target { name: "protocol", run: protocol, words: protocol::WORDS },
];

/// The target named `name`.
pub fn target(name: &str) -> Option<&'static Target> {
    TARGETS.iter().find(|t| t.name == name)
}
