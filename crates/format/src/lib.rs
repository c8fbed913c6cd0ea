//! # leap-format
//!
//! The one file format of every game of the family: a TOML file with a
//! board, players, pieces, zones, a setup, rule options and end conditions
//! (see the README's "Variant files"). This crate reads a file, follows its
//! `extends`, and validates the parts every family shares into a
//! [`Common`]; the family named by the file's `family` key (the rules
//! engine: Camelot by default, or checkers) then reads its own keys.
//! Every problem is reported at once, each at its line and column.
//!
//! ```
//! use leap_format::Diagnostics;
//! let text = leap_format::builtin("checkers").unwrap();
//! let mut diag = Diagnostics::new("variants/checkers.toml", text);
//! let spec = leap_format::resolve("variants/checkers.toml", text, &mut diag).unwrap();
//! let common = leap_format::read_common(&spec, &mut diag).unwrap();
//! assert!(diag.finish().is_ok());
//! assert_eq!(common.family, leap_format::Family::Checkers);
//! assert_eq!(common.players[0].name, "Black"); // Black moves first
//! ```

#![warn(missing_docs)]

mod common;
mod diag;
mod schema;
mod source;
mod spec;
mod syntax;
mod weights;

pub use common::{
    check_goal_count, forbidden_words, foreign, foreign_list, read_common, required, zone_cells, Common, Sound, Zone,
    ZoneRole,
};
pub use diag::{Diagnostic, Diagnostics, FileErrors, Origin, MAX_DIAGNOSTICS, MAX_LINE};
pub use leap_core::io_words;
/// (Kept here too, where the diagnostics' users look for it.)
pub use leap_core::notation::shortened;
pub use schema::{json_schema, reference_table, Key, Ty, KEYS};
pub use source::{
    has_record_extension, read_record_text, read_text, strip_bom, variant_source, LoadError, MAX_FILE_BYTES,
};
pub use spec::{
    extended_files, resolve, BoardSpec, EndSpec, EvalTable, Names, NotationSpec, Opt, PieceSpec, PlayerSpec, RulesSpec,
    Setup, VariantFile, ZoneSpec,
};
pub use weights::{eval_weights, read_weights, write_weights, MAX_WEIGHT};

/// The built-in variants: name and file text, every family.
pub const BUILTIN: &[(&str, &str)] = &[
    ("camelot", include_str!("../variants/camelot.toml")),
    ("tri-camelot", include_str!("../variants/tri-camelot.toml")),
    ("cam", include_str!("../variants/cam.toml")),
    ("camette", include_str!("../variants/camette.toml")),
    ("chivalry", include_str!("../variants/chivalry.toml")),
    ("parker-1930", include_str!("../variants/parker-1930.toml")),
    ("regicide", include_str!("../variants/regicide.toml")),
    ("skirmish", include_str!("../variants/skirmish.toml")),
    ("checkers", include_str!("../variants/checkers.toml")),
];

/// The built-in variant a person means by `written`, however it is
/// written: its name in any case, with or without its `-` (`Camelot`,
/// `TRI-CAMELOT`, `tricamelot`); `None` for no built-in variant.
///
/// ```
/// assert_eq!(leap_format::builtin_named("TriCamelot"), Some("tri-camelot"));
/// assert_eq!(leap_format::builtin_named("camlot"), None);
/// ```
pub fn builtin_named(written: &str) -> Option<&'static str> {
    let key =
        |s: &str| s.chars().filter(char::is_ascii_alphanumeric).map(|c| c.to_ascii_lowercase()).collect::<String>();
    let wanted = key(written);
    BUILTIN.iter().map(|(n, _)| *n).find(|n| !wanted.is_empty() && key(n) == wanted)
}

/// The text of the built-in variant `name`.
pub fn builtin(name: &str) -> Option<&'static str> {
    BUILTIN.iter().find(|(n, _)| *n == name).map(|(_, t)| *t)
}

/// The rules engine a file's game runs on: its `family` key.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Family {
    /// `family = "camelot"` (the default): castles, canters, the Knight's
    /// Charge; two to four players.
    Camelot,
    /// `family = "checkers"`: men that move forward, promotion, two players.
    Checkers,
}

impl Family {
    /// Every family.
    pub const ALL: [Family; 2] = [Family::Camelot, Family::Checkers];

    /// The family's name in files.
    pub fn name(self) -> &'static str {
        match self {
            Family::Camelot => "camelot",
            Family::Checkers => "checkers",
        }
    }

    /// The family named `name`.
    pub fn from_name(name: &str) -> Option<Family> {
        Family::ALL.into_iter().find(|f| f.name() == name)
    }

    /// The accepted names, for messages.
    pub fn expected() -> String {
        Family::ALL.map(|f| format!("\"{}\"", f.name())).join(" or ")
    }

    /// How many players a game of the family may have.
    pub fn players(self) -> std::ops::RangeInclusive<usize> {
        match self {
            Family::Camelot => 2..=leap_core::MAX_PLAYERS,
            Family::Checkers => 2..=2,
        }
    }
}

/// Parses a variant file of any family with `build` (a family's builder,
/// or one that picks the family): the file is read and its shared parts
/// validated ([`read`]), then `build` checks the rest; every problem found
/// by either is in the error. A UTF-8 byte-order mark at the start of the
/// text is skipped ([`strip_bom`]).
pub fn parse_with<G>(
    file: &str,
    text: &str,
    build: impl FnOnce(&VariantFile, Option<Common>, &mut crate::Diagnostics) -> Option<G>,
) -> Result<G, crate::FileErrors> {
    let text = strip_bom(text);
    let mut diag = crate::Diagnostics::new(file, text);
    let built = read(file, text, &mut diag).and_then(|(spec, common)| build(&spec, common, &mut diag));
    diag.finish()?;
    Ok(built.expect("no diagnostics means the variant was built"))
}

/// Whether the file is of `family`, the family whose builder is reading
/// it; if not, the problem is reported at the `family` key.
pub fn is_family(spec: &VariantFile, family: Family, diag: &mut crate::Diagnostics) -> bool {
    let written = *spec.family.get_ref();
    if written != family {
        diag.error(
            spec.family.span().start,
            format!("family = \"{}\": this loader reads {}-family files", written.name(), family.name()),
        );
    }
    written == family
}

/// The game built from `spec`, unless its start position is one the game
/// could never be in (a checkers man on its own crowning row: the game's
/// [`check_position`](leap_core::Game::check_position), which position
/// strings must pass too, so that the start can be written and read back)
/// or is already over; reported at `[setup]`.
pub fn playable<G: leap_core::Game>(game: G, spec: &VariantFile, diag: &mut crate::Diagnostics) -> Option<G> {
    let problems = game.check_position(&game.start());
    for problem in &problems {
        diag.error(spec.setup.span().start, format!("the start position cannot be played: {problem}"));
    }
    if !problems.is_empty() {
        return None;
    }
    match game.outcome(&game.start()) {
        Some(o) => {
            let how = o.describe(&game, &game.start());
            diag.error(spec.setup.span().start, format!("the start position is already over: {how}"));
            None
        }
        None => Some(game),
    }
}

/// Reads and validates the shared parts of a variant file: the resolved
/// file, with its [`Common`] parts when they are valid enough to build on
/// (a family still checks its own keys without them, so that every problem
/// is reported at once); None when the file cannot be read at all. The
/// problems are in `diag`, made for the same `text` (skip a byte-order
/// mark before making both, with [`strip_bom`], for columns counted from
/// after it).
pub fn read(file: &str, text: &str, diag: &mut crate::Diagnostics) -> Option<(VariantFile, Option<Common>)> {
    let spec = resolve(file, text, diag)?;
    let common = read_common(&spec, diag);
    Some((spec, common))
}
