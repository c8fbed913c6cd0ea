//! The schema of a Camelot-family variant file as written, and its
//! resolution: a file may `extends = "camelot"` (a built-in name or the path
//! of another file, relative to this one) and give only what differs; tables
//! are merged key by key, and what is not given anywhere takes its default.
//!
//! Values inherited from the extended variant keep no place of their own:
//! a problem with one is reported at the `extends` line.

use leap_core::Diagnostics;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::ops::Range;
use toml::Spanned;

/// A key that may be missing in a file that extends another.
type Opt<T> = Option<Spanned<T>>;

/// The setup table: player name to its pieces.
pub(crate) type Setup = BTreeMap<Spanned<String>, Spanned<String>>;

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RawFile {
    extends: Opt<String>,
    name: Opt<String>,
    title: Opt<String>,
    #[serde(default)]
    board: RawBoard,
    players: Opt<Vec<PlayerSpec>>,
    pieces: Opt<Vec<PieceSpec>>,
    setup: Opt<Setup>,
    #[serde(default)]
    rules: RawRules,
    #[serde(default)]
    end: RawEnd,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RawBoard {
    geometry: Opt<String>,
    files: Opt<u8>,
    ranks: Opt<u8>,
    layout: Opt<String>,
}

/// A player as written.
#[derive(Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub(crate) struct PlayerSpec {
    pub name: Spanned<String>,
    pub letter: Spanned<String>,
    pub castle: Spanned<Vec<Spanned<String>>>,
}

/// A kind of piece as written.
#[derive(Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub(crate) struct PieceSpec {
    pub name: Spanned<String>,
    pub prefix: Spanned<String>,
    pub symbol: Spanned<String>,
    #[serde(default)]
    pub charge: bool,
    #[serde(default)]
    pub canter_rule: bool,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RawRules {
    castle_moves: Opt<u8>,
    own_castle_jump: Opt<String>,
    blocked_castle_piece: Opt<String>,
    other_castles: Opt<String>,
    goal_entry_exempt: Opt<bool>,
    no_move: Opt<String>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RawEnd {
    castle_occupancy: Opt<u32>,
    bare_win_min_material: Opt<u32>,
    insufficient_material: Opt<u32>,
    no_moves: Opt<String>,
    no_moves_loss_needs: Opt<u32>,
    repetition: Opt<u32>,
    move_limit: Opt<u16>,
    royal: Opt<Vec<Spanned<String>>>,
    extinction: Opt<Vec<Spanned<String>>>,
    baring: Opt<Vec<Spanned<String>>>,
    counter_baring: Opt<bool>,
}

/// A complete variant description: every required key present, every
/// optional key with its value or default (a default's span is empty).
pub(crate) struct VariantFile {
    pub name: Spanned<String>,
    pub title: Option<String>,
    pub board: BoardSpec,
    pub players: Spanned<Vec<PlayerSpec>>,
    pub pieces: Spanned<Vec<PieceSpec>>,
    pub setup: Spanned<Setup>,
    pub rules: RulesSpec,
    pub end: EndSpec,
}

/// The board as written.
pub(crate) struct BoardSpec {
    pub geometry: Spanned<String>,
    pub files: Spanned<u8>,
    pub ranks: Spanned<u8>,
    pub layout: Spanned<String>,
}

/// The `[rules]` options.
pub(crate) struct RulesSpec {
    pub castle_moves: Spanned<u8>,
    pub own_castle_jump: Spanned<String>,
    pub blocked_castle_piece: Spanned<String>,
    pub other_castles: Spanned<String>,
    pub goal_entry_exempt: bool,
    pub no_move: Spanned<String>,
}

/// The `[end]` conditions.
pub(crate) struct EndSpec {
    pub castle_occupancy: u32,
    pub bare_win_min_material: u32,
    pub insufficient_material: u32,
    pub no_moves: Spanned<String>,
    pub no_moves_loss_needs: u32,
    pub repetition: u32,
    pub move_limit: u16,
    pub royal: Vec<Spanned<String>>,
    pub extinction: Vec<Spanned<String>>,
    pub baring: Option<Vec<Spanned<String>>>,
    pub counter_baring: bool,
}

/// Gives every place inside a value the same place.
trait Respan {
    fn respan(self, at: &Range<usize>) -> Self;
}

impl<T: Respan> Respan for Spanned<T> {
    fn respan(self, at: &Range<usize>) -> Self {
        Spanned::new(at.clone(), self.into_inner().respan(at))
    }
}

impl<T: Respan> Respan for Option<T> {
    fn respan(self, at: &Range<usize>) -> Self {
        self.map(|v| v.respan(at))
    }
}

impl<T: Respan> Respan for Vec<T> {
    fn respan(self, at: &Range<usize>) -> Self {
        self.into_iter().map(|v| v.respan(at)).collect()
    }
}

impl<K: Respan + Ord, V: Respan> Respan for BTreeMap<K, V> {
    fn respan(self, at: &Range<usize>) -> Self {
        self.into_iter().map(|(k, v)| (k.respan(at), v.respan(at))).collect()
    }
}

macro_rules! plain {
    ($($t:ty),*) => {
        $(impl Respan for $t {
            fn respan(self, _: &Range<usize>) -> Self {
                self
            }
        })*
    };
}
plain!(String, u8, u16, u32, bool);

/// Field-by-field: `respan` every field, and `merge` (the file's own value
/// first, the extended variant's otherwise).
macro_rules! fields {
    ($t:ident { $($f:ident),* }) => {
        impl Respan for $t {
            fn respan(self, at: &Range<usize>) -> Self {
                $t { $($f: self.$f.respan(at)),* }
            }
        }
        impl $t {
            fn merge(self, base: $t) -> $t {
                $t { $($f: self.$f.or(base.$f)),* }
            }
        }
    };
}
fields!(RawBoard { geometry, files, ranks, layout });
fields!(RawRules { castle_moves, own_castle_jump, blocked_castle_piece, other_castles, goal_entry_exempt, no_move });
fields!(RawEnd {
    castle_occupancy,
    bare_win_min_material,
    insufficient_material,
    no_moves,
    no_moves_loss_needs,
    repetition,
    move_limit,
    royal,
    extinction,
    baring,
    counter_baring
});

impl Respan for PlayerSpec {
    fn respan(self, at: &Range<usize>) -> Self {
        PlayerSpec { name: self.name.respan(at), letter: self.letter.respan(at), castle: self.castle.respan(at) }
    }
}

impl Respan for PieceSpec {
    fn respan(self, at: &Range<usize>) -> Self {
        PieceSpec { name: self.name.respan(at), prefix: self.prefix.respan(at), symbol: self.symbol.respan(at), ..self }
    }
}

impl RawFile {
    fn respan(self, at: &Range<usize>) -> RawFile {
        RawFile {
            extends: None,
            name: self.name.respan(at),
            title: self.title.respan(at),
            board: self.board.respan(at),
            players: self.players.respan(at),
            pieces: self.pieces.respan(at),
            setup: self.setup.respan(at),
            rules: self.rules.respan(at),
            end: self.end.respan(at),
        }
    }

    fn merge(self, base: RawFile) -> RawFile {
        RawFile {
            extends: None,
            name: self.name.or(base.name),
            title: self.title.or(base.title),
            board: self.board.merge(base.board),
            players: self.players.or(base.players),
            pieces: self.pieces.or(base.pieces),
            setup: self.setup.or(base.setup),
            rules: self.rules.merge(base.rules),
            end: self.end.merge(base.end),
        }
    }
}

/// How deep `extends` may chain.
const MAX_EXTENDS: usize = 8;

/// Reads a variant file's text, follows `extends`, and fills in defaults;
/// problems go to `diag`. `file` is the file's path (for relative `extends`);
/// `builtin` finds a built-in variant's text by name.
pub(crate) fn resolve(
    file: &str,
    text: &str,
    builtin: &dyn Fn(&str) -> Option<&'static str>,
    diag: &mut Diagnostics,
) -> Option<VariantFile> {
    let raw = read(file, text, builtin, diag, 0)?;
    complete(raw, diag)
}

fn parse_raw(text: &str) -> Result<RawFile, (usize, String)> {
    toml::from_str(text).map_err(|e| (e.span().map_or(0, |s| s.start), e.message().trim().to_string()))
}

fn read(
    file: &str,
    text: &str,
    builtin: &dyn Fn(&str) -> Option<&'static str>,
    diag: &mut Diagnostics,
    depth: usize,
) -> Option<RawFile> {
    let raw = match parse_raw(text) {
        Ok(raw) => raw,
        Err((at, message)) => {
            diag.error(at, message);
            return None;
        }
    };
    let Some(extends) = raw.extends.clone() else {
        return Some(raw);
    };
    let at = extends.span();
    let name = extends.get_ref();
    if depth >= MAX_EXTENDS {
        diag.error(at.start, format!("`extends` goes more than {MAX_EXTENDS} variants deep (a cycle?)"));
        return None;
    }
    let (base_file, base_text) = match builtin(name) {
        Some(t) => (format!("variants/{name}.toml"), t.to_string()),
        None => {
            let path = std::path::Path::new(file).parent().unwrap_or(std::path::Path::new(".")).join(name);
            match std::fs::read_to_string(&path) {
                Ok(t) => (path.display().to_string(), t),
                Err(e) => {
                    let why = if e.kind() == std::io::ErrorKind::NotFound {
                        format!("there is no file {}", path.display())
                    } else {
                        format!("{} cannot be read: {e}", path.display())
                    };
                    diag.error(
                        at.start,
                        format!(
                            "extends `{name}`: expected a built-in variant ({}) or a variant file relative to this one; {why}",
                            crate::variant::BUILTIN.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(", ")
                        ),
                    );
                    return None;
                }
            }
        }
    };
    let mut inner = Diagnostics::new(&base_file, &base_text);
    let base = read(&base_file, &base_text, builtin, &mut inner, depth + 1);
    if let Err(errors) = inner.finish() {
        diag.error(at.start, format!("extends `{name}`, which has problems:\n{errors}"));
        return None;
    }
    Some(raw.merge(base?.respan(&at)))
}

fn complete(raw: RawFile, diag: &mut Diagnostics) -> Option<VariantFile> {
    let mut missing = Vec::new();
    let mut need = |present: bool, key: &str| {
        if !present {
            missing.push(key.to_string());
        }
    };
    need(raw.name.is_some(), "name");
    need(raw.board.geometry.is_some(), "board.geometry");
    need(raw.board.files.is_some(), "board.files");
    need(raw.board.ranks.is_some(), "board.ranks");
    need(raw.board.layout.is_some(), "board.layout");
    need(raw.players.is_some(), "players");
    need(raw.pieces.is_some(), "pieces");
    need(raw.setup.is_some(), "setup");
    if !missing.is_empty() {
        diag.error(0, format!("missing {} (or `extends` a variant that has them)", missing.join(", ")));
        return None;
    }
    let d = |v: u32| Spanned::new(0..0, v);
    let s = |v: &str| Spanned::new(0..0, v.to_string());
    let (r, e) = (raw.rules, raw.end);
    let value = |x: Opt<u32>, default: u32| x.unwrap_or_else(|| d(default)).into_inner();
    Some(VariantFile {
        name: raw.name?,
        title: raw.title.map(Spanned::into_inner),
        board: BoardSpec {
            geometry: raw.board.geometry?,
            files: raw.board.files?,
            ranks: raw.board.ranks?,
            layout: raw.board.layout?,
        },
        players: raw.players?,
        pieces: raw.pieces?,
        setup: raw.setup?,
        rules: RulesSpec {
            castle_moves: r.castle_moves.unwrap_or_else(|| Spanned::new(0..0, 2)),
            own_castle_jump: r.own_castle_jump.unwrap_or_else(|| s("continue")),
            blocked_castle_piece: r.blocked_castle_piece.unwrap_or_else(|| s("lapse")),
            other_castles: r.other_castles.unwrap_or_else(|| s("enter")),
            goal_entry_exempt: r.goal_entry_exempt.is_some_and(|b| *b.get_ref()),
            no_move: r.no_move.unwrap_or_else(|| s("ends-game")),
        },
        end: EndSpec {
            castle_occupancy: value(e.castle_occupancy, 2),
            bare_win_min_material: value(e.bare_win_min_material, 2),
            insufficient_material: value(e.insufficient_material, 1),
            no_moves: e.no_moves.unwrap_or_else(|| s("loss")),
            no_moves_loss_needs: value(e.no_moves_loss_needs, 2),
            repetition: value(e.repetition, 3),
            move_limit: e.move_limit.map_or(100, Spanned::into_inner),
            royal: e.royal.map(Spanned::into_inner).unwrap_or_default(),
            extinction: e.extinction.map(Spanned::into_inner).unwrap_or_default(),
            baring: e.baring.map(Spanned::into_inner),
            counter_baring: e.counter_baring.is_some_and(|b| *b.get_ref()),
        },
    })
}
