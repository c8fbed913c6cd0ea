//! # leap-games
//!
//! Every family of games the program plays, behind one type ([`Variant`]):
//! loading a variant by name or file, or the variant of a game record, and
//! what the program knows of each family beyond its rules ([`Played`]: its
//! evaluation). Code generic over the game runs through [`with_game!`].
//!
//! ```
//! use leap_games::{with_game, Played};
//! let variant = leap_games::load("checkers").unwrap();
//! let title = with_game!(variant, g => g.variant_title().to_string());
//! assert_eq!(title, "American checkers (English draughts)");
//! ```

#![warn(missing_docs)]

use leap_camelot::{Camelot, CamelotEval};
use leap_checkers::{Checkers, CheckersEval};
use leap_core::search::{Evaluator, Weights};
use leap_core::Game;
use leap_format::{Family, LoadError};

/// What the program knows of each family's games beyond the rules: its
/// evaluation, and its title. Code generic over a game of any family
/// (run through [`with_game!`]) asks here.
pub trait Played: Game + Clone + Sized + Send + 'static {
    /// The family's evaluation.
    type Eval: Evaluator<Self> + Clone + 'static;
    /// The weights of the family's evaluation (the keys of `[eval]`).
    type Weights: Weights;
    /// The evaluation of this game, with the variant's weights.
    fn evaluation(&self) -> Self::Eval {
        self.evaluation_with(self.weights())
    }
    /// The evaluation of this game with other weights.
    fn evaluation_with(&self, weights: Self::Weights) -> Self::Eval;
    /// The variant's weights: its file's `[eval]` table over the family's defaults.
    fn weights(&self) -> Self::Weights;
    /// The evaluation's name in reports.
    fn eval_name(&self) -> &'static str;
    /// The variant's title.
    fn variant_title(&self) -> &str;
}

impl Played for Camelot {
    type Eval = CamelotEval;
    type Weights = leap_camelot::EvalWeights;
    fn evaluation_with(&self, weights: Self::Weights) -> CamelotEval {
        CamelotEval::with_weights(self, weights)
    }
    fn weights(&self) -> Self::Weights {
        *self.eval_weights()
    }
    fn eval_name(&self) -> &'static str {
        "material, the World Camelot Federation's positional factors, pieces en prise, the race to the castles and tempo"
    }
    fn variant_title(&self) -> &str {
        self.title()
    }
}

impl Played for Checkers {
    type Eval = CheckersEval;
    type Weights = leap_checkers::EvalWeights;
    fn evaluation_with(&self, weights: Self::Weights) -> CheckersEval {
        CheckersEval::with_weights(self, weights)
    }
    fn weights(&self) -> Self::Weights {
        *self.eval_weights()
    }
    fn eval_name(&self) -> &'static str {
        "material, safe moves, the back row, advancement, capture threats and trading down when ahead"
    }
    fn variant_title(&self) -> &str {
        self.title()
    }
}

/// A loaded variant of any family the program knows.
pub enum Variant {
    /// A Camelot-family game.
    Camelot(Camelot),
    /// A checkers-family game.
    Checkers(Checkers),
}

impl Variant {
    /// The variant's short name (its `name` key).
    pub fn name(&self) -> &str {
        with_game!(self, g => g.name())
    }
}

/// Runs `$body` with `$g` bound to the loaded game, whatever its family.
#[macro_export]
macro_rules! with_game {
    ($variant:expr, $g:ident => $body:expr) => {
        match $variant {
            $crate::Variant::Camelot($g) => $body,
            $crate::Variant::Checkers($g) => $body,
        }
    };
}

/// The names of every built-in variant, of every family.
fn builtin_names() -> impl Iterator<Item = &'static str> {
    leap_format::BUILTIN.iter().map(|(n, _)| *n)
}

/// Loads a built-in variant by name, or a variant file by path.
pub fn load(name_or_path: &str) -> Result<Variant, LoadError> {
    let (file, text) = leap_format::variant_source(name_or_path, leap_format::BUILTIN)?;
    parse(&file, &text).map_err(LoadError::Invalid)
}

/// Parses the text of a variant file of any family: the shared parts are
/// read once, then the family named by its `family` key reads its own.
/// `file` names it in the diagnostics, which are the error.
pub fn parse(file: &str, text: &str) -> Result<Variant, leap_format::FileErrors> {
    leap_format::parse_with(file, text, |spec, common, diag| match *spec.family.get_ref() {
        Family::Camelot => leap_camelot::build(spec, common, diag).map(Variant::Camelot),
        Family::Checkers => leap_checkers::build(spec, common, diag).map(Variant::Checkers),
    })
}

/// The tag a saved game gets when its variant was read from a file, so that
/// `replay` can find the file again: the file's absolute path, or its path
/// from the record's folder when it lies there ([`tags_beside`]).
pub const FILE_TAG: &str = "VariantFile";

/// Tags naming where a variant came from: none for a built-in variant, the
/// file for a variant read from a file.
pub fn source_tags(name_or_path: &str) -> Vec<(String, String)> {
    if builtin_names().any(|n| n == name_or_path) {
        return Vec::new();
    }
    vec![file_tag(std::path::Path::new(name_or_path))]
}

/// The [`FILE_TAG`] of the variant file `path`: its absolute path, which
/// [`tags_beside`] writes from a record's folder.
pub fn file_tag(path: &std::path::Path) -> (String, String) {
    let absolute = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
    (FILE_TAG.to_string(), absolute.display().to_string())
}

/// The variant file a record's [`FILE_TAG`] names, a relative path read
/// from the folder of the record's file, `record_file` (as
/// [`tags_beside`] writes it); `None` when the record has no such tag.
pub fn record_variant_file(
    record: &leap_core::notation::Record,
    record_file: &std::path::Path,
) -> Option<std::path::PathBuf> {
    let path = std::path::Path::new(record.tag(FILE_TAG)?);
    Some(if path.is_relative() {
        record_file.parent().unwrap_or(std::path::Path::new("")).join(path)
    } else {
        path.to_path_buf()
    })
}

/// The tags of `record`, read from `record_file`, for the same game
/// written elsewhere: as they are, but a [`FILE_TAG`], which names its
/// variant file from the record's folder, names it by its whole path
/// ([`file_tag`]; [`tags_beside`] names it again from the new record's folder).
pub fn record_tags(record: &leap_core::notation::Record, record_file: &std::path::Path) -> Vec<(String, String)> {
    let variant_file = record_variant_file(record, record_file);
    record
        .tags
        .iter()
        .map(|(k, v)| match &variant_file {
            Some(path) if k == FILE_TAG => file_tag(path),
            _ => (k.clone(), v.clone()),
        })
        .collect()
}

/// `tags` as a record saved at `record` writes them: a [`FILE_TAG`] naming
/// a variant file in the record's folder, or below it, names it relative
/// to that folder (which [`for_record`] reads it from), so that the two
/// files can be moved or shared together; any other stays as it is.
///
/// ```
/// let dir = std::env::temp_dir().join(format!("leap-tags-{}", std::process::id()));
/// std::fs::create_dir_all(dir.join("rules")).unwrap();
/// let file = dir.join("rules").join("mine.toml");
/// std::fs::write(&file, "").unwrap();
/// let tags = leap_games::source_tags(file.to_str().unwrap());
/// let beside = leap_games::tags_beside(&tags, &dir.join("game.pgn"));
/// assert_eq!(beside, [("VariantFile".to_string(), "rules/mine.toml".to_string())]);
/// // From another folder, the path stays whole.
/// std::fs::create_dir_all(dir.join("games")).unwrap();
/// let elsewhere = leap_games::tags_beside(&tags, &dir.join("games").join("game.pgn"));
/// assert_eq!(elsewhere, tags);
/// std::fs::remove_dir_all(&dir).unwrap();
/// ```
pub fn tags_beside(tags: &[(String, String)], record: &std::path::Path) -> Vec<(String, String)> {
    let folder = match record.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => std::path::Path::new("."),
    };
    let folder = std::fs::canonicalize(folder).ok();
    tags.iter()
        .map(|(k, v)| {
            let inside = folder.as_ref().and_then(|f| std::path::Path::new(v).strip_prefix(f).ok());
            match inside {
                // (As `/` on every system: the record may go to another.)
                Some(rel) if k == FILE_TAG => {
                    let parts: Vec<String> = rel.iter().map(|p| p.to_string_lossy().into_owned()).collect();
                    (k.clone(), parts.join("/"))
                }
                _ => (k.clone(), v.clone()),
            }
        })
        .collect()
}

/// The PDN `GameType` of English draughts, which names checkers in records
/// that have no `Variant` tag.
const ENGLISH_DRAUGHTS: &str = "21";

/// Loads a variant file (never a built-in variant, whatever the path's
/// name).
pub fn load_file(path: &std::path::Path) -> Result<Variant, LoadError> {
    let name = path.display().to_string();
    let text = leap_format::read_text(path).map_err(|e| LoadError::Io(name.clone(), leap_format::io_words(&e)))?;
    parse(&name, &text).map_err(LoadError::Invalid)
}

/// The record's `Variant` tag when it names another variant than
/// `variant` (a variant file's name is compared as written; `None` when the
/// record has no such tag or it names `variant`). Every reader of records
/// checks a variant file it is given with this.
pub fn other_variant_tag<'r>(record: &'r leap_core::notation::Record, variant: &Variant) -> Option<&'r str> {
    record.tag("Variant").filter(|&tagged| tagged != variant.name())
}

/// Other names records give checkers in a `Variant` tag.
const CHECKERS_NAMES: [&str; 4] = ["english", "english draughts", "american checkers", "straight checkers"];

/// Whether a record with neither a `Variant` nor a `GameType` tag is of
/// draughts: its first move is written in square numbers (`11-15`, where
/// Camelot's cells are letters and numbers: `F7-F8`), or it has no moves
/// and its file's name ends in `.pdn`.
fn is_draughts(record: &leap_core::notation::Record, record_file: &std::path::Path) -> bool {
    if record.moves.is_empty() {
        record_file.extension().is_some_and(|e| e.eq_ignore_ascii_case("pdn"))
    } else {
        record.numbered_moves()
    }
}

/// Loads the variant of a game record, so that it replays under the rules
/// it was played with. With a `VariantFile` tag, that file, whatever the
/// `Variant` tag says (a variant file may reuse a built-in name): a
/// relative path is read from the record's folder (never the current
/// directory), and a `Variant` tag must give the file's name. Without one,
/// the built-in variant its `Variant` tag names, in any case (`English
/// draughts`, `English` or `American checkers` for checkers too; checkers for
/// a PDN record of English draughts, `[GameType "21"]`). With neither tag,
/// checkers when the moves are written in square numbers (`11-15`: the
/// archives of English draughts and its programs write no `GameType`), or
/// for a record without moves when the file's name ends in `.pdn`;
/// otherwise camelot. A `Variant` tag that names no built-in variant, or a
/// `GameType` of another game, is an error.
pub fn for_record(record: &leap_core::notation::Record, record_file: &std::path::Path) -> Result<Variant, LoadError> {
    if let Some(path) = record_variant_file(record, record_file) {
        let variant = load_file(&path)?;
        if let Some(tagged) = other_variant_tag(record, &variant) {
            return Err(LoadError::Mismatch(
                path.display().to_string(),
                format!(
                    "its name is `{}`, but the record's [Variant] tag says `{tagged}`: \
                     it is not the file the game was played with",
                    variant.name()
                ),
            ));
        }
        return Ok(variant);
    }
    let game_type = record.tag("GameType").map(|t| t.split(',').next().unwrap_or("").trim());
    let name = match (record.tag("Variant"), game_type) {
        (Some(name), _) => name,
        (None, Some(ENGLISH_DRAUGHTS)) => "checkers",
        (None, Some(other)) => {
            return Err(LoadError::Tag(format!(
                "the record's [GameType \"{other}\"] is not a game this program plays (of PDN's game types it \
                 reads {ENGLISH_DRAUGHTS}, English draughts); a [Variant] tag names any of its variants"
            )))
        }
        (None, None) if is_draughts(record, record_file) => "checkers",
        (None, None) => "camelot",
    };
    // (A variant file is named by its own tag, never by [Variant]: a record
    // does not make the program read a file it does not say is a variant.)
    let name = if CHECKERS_NAMES.iter().any(|n| n.eq_ignore_ascii_case(name.trim())) { "checkers" } else { name };
    match builtin_names().find(|n| n.eq_ignore_ascii_case(name.trim())) {
        Some(builtin) => load(builtin),
        None => Err(LoadError::Tag(format!(
            "the record's [Variant \"{name}\"] is not a built-in variant ({}); a game of a variant file names \
             the file in a [{FILE_TAG}] tag",
            builtin_names().collect::<Vec<_>>().join(", ")
        ))),
    }
}

/// The built-in variants: name and title.
pub fn builtin() -> Vec<(String, String)> {
    builtin_names()
        .filter_map(|n| {
            let title = match load(n).ok()? {
                Variant::Camelot(g) => g.title().to_string(),
                Variant::Checkers(g) => g.title().to_string(),
            };
            Some((n.to_string(), title))
        })
        .collect()
}
