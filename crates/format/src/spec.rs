//! The schema of a variant file as written, and its resolution: a file may
//! `extends = "camelot"` (a built-in name or the path of another file,
//! relative to this one) and give only what differs; tables are merged key
//! by key, lists (`[[players]]`, `[[pieces]]`, `[[zones]]`) and `[setup]`
//! are replaced whole.
//!
//! Values inherited from the extended variant keep their place in the file
//! that writes them (each file read has offsets of its own in the
//! [`Diagnostics`]): a problem with one is reported there, with the
//! `extends` lines through which it is inherited.
//!
//! The keys and value types are checked first against the format's table
//! of keys ([`crate::KEYS`]): every unknown key and wrong type is reported,
//! and the file is then read without them, so that the other problems are
//! reported too.
//!
//! Every key is optional here; which are required, and the defaults of the
//! others, depend on the file's family (see [`crate::Family`]) and are
//! applied where the values are validated.

use crate::Diagnostics;
use crate::Family;
use serde::Deserialize;
use std::collections::BTreeMap;
use toml::Spanned;

/// A key that may be missing, with its place in the file when present.
pub type Opt<T> = Option<Spanned<T>>;

/// A list of names or cells as written, each with its place.
pub type Names = Spanned<Vec<Spanned<String>>>;

/// The setup table: player name to its pieces.
pub type Setup = BTreeMap<Spanned<String>, Spanned<String>>;

/// The `[eval]` table: evaluation weights by name, as written (which names
/// a family knows is its own affair: see [`crate::eval_weights`]).
pub type EvalTable = BTreeMap<Spanned<String>, Spanned<i64>>;

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RawFile {
    extends: Opt<String>,
    name: Opt<String>,
    title: Opt<String>,
    family: Opt<String>,
    turn_order: Option<Names>,
    #[serde(default)]
    board: RawBoard,
    players: Opt<Vec<PlayerSpec>>,
    pieces: Opt<Vec<PieceSpec>>,
    zones: Opt<Vec<ZoneSpec>>,
    setup: Opt<Setup>,
    #[serde(default)]
    notation: NotationSpec,
    #[serde(default)]
    rules: RulesSpec,
    #[serde(default)]
    end: EndSpec,
    #[serde(default)]
    eval: EvalTable,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RawBoard {
    geometry: Opt<String>,
    files: Opt<u8>,
    ranks: Opt<u8>,
    layout: Opt<String>,
    names: Opt<String>,
}

/// A player as written (`[[players]]`). A required key is `None` when
/// the table leaves it out, or gives it a value of the wrong type: that
/// problem is reported already, and the rest of the file is read on.
#[derive(Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub struct PlayerSpec {
    /// `name = "White"` (required).
    pub name: Opt<String>,
    /// `letter = "W"`: one letter, used in position strings (required).
    pub letter: Opt<String>,
    /// `castle = ["F1", "G1"]`: the player's castle (Camelot family).
    pub castle: Option<Names>,
    /// `forward = "up"`: where the player's forward-moving pieces go (checkers family).
    pub forward: Opt<String>,
    /// `promotion = ["1", "2"]`: where the player's pieces are promoted (checkers family).
    pub promotion: Option<Names>,
}

/// A kind of piece as written (`[[pieces]]`); a required key is `None`
/// when left out for a problem already reported, as in [`PlayerSpec`].
#[derive(Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub struct PieceSpec {
    /// `name = "Knight"` (required).
    pub name: Opt<String>,
    /// `prefix = "K"`: written before the cell in position strings (empty
    /// for the plain piece; required).
    pub prefix: Opt<String>,
    /// `symbol = "K"`: the diagram letter, upper case for the first player, lower case for the others.
    pub symbol: Opt<String>,
    /// `symbols = ["b", "w"]`: one diagram letter per player, in `[[players]]` order (instead of `symbol`).
    pub symbols: Option<Names>,
    /// `value = 225`: the piece's material value for the evaluation, in hundredths of a plain piece.
    pub value: Opt<i64>,
    /// `charge = true`: the Knight's Charge (Camelot family).
    pub charge: Opt<bool>,
    /// `canter_rule = true`: the Knight canter rule (Camelot family).
    pub canter_rule: Opt<bool>,
    /// `moves = "forward"`: the piece's directions (checkers family).
    pub moves: Opt<String>,
    /// `promotes_to = "King"`: what the piece becomes on its player's promotion cells (checkers family).
    pub promotes_to: Opt<String>,
}

/// A zone as written (`[[zones]]`): cells with a meaning for one player;
/// a required key is `None` when left out for a problem already reported,
/// as in [`PlayerSpec`].
#[derive(Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub struct ZoneSpec {
    /// `name = "the hill"`: how summaries call it.
    pub name: Opt<String>,
    /// `player = "White"`: whose zone it is (required).
    pub player: Opt<String>,
    /// `role = "goal"` (the player's pieces here count for the goal
    /// condition) or `"forbidden"` (the player's pieces may never end a
    /// step, canter or jump here) (required).
    pub role: Opt<String>,
    /// `cells = ["E5", "F5"]` (required).
    pub cells: Option<Names>,
}

impl PlayerSpec {
    /// Where the table is written: the place of its first key given (for
    /// a problem of the player as a whole when its name is left out).
    pub fn place(&self) -> Option<usize> {
        let lists = [&self.castle, &self.promotion].into_iter().flatten().map(|l| l.span().start);
        [&self.name, &self.letter, &self.forward].into_iter().flatten().map(|v| v.span().start).chain(lists).min()
    }

    /// Where a problem of the player as a whole is placed: its name, else
    /// the first key given ([`PlayerSpec::place`]).
    pub fn named_at(&self) -> Option<usize> {
        self.name.as_ref().map(|n| n.span().start).or(self.place())
    }
}

impl PieceSpec {
    /// Where the table is written: the place of its first key given (see
    /// [`PlayerSpec::place`]).
    pub fn place(&self) -> Option<usize> {
        let texts = [&self.name, &self.prefix, &self.symbol, &self.moves, &self.promotes_to];
        let others = [self.symbols.as_ref().map(|s| s.span().start), self.value.as_ref().map(|v| v.span().start)];
        let flags = [&self.charge, &self.canter_rule].into_iter().flatten().map(|v| v.span().start);
        texts.into_iter().flatten().map(|v| v.span().start).chain(others.into_iter().flatten()).chain(flags).min()
    }

    /// Where a problem of the piece as a whole is placed: its name, else
    /// the first key given ([`PieceSpec::place`]).
    pub fn named_at(&self) -> Option<usize> {
        self.name.as_ref().map(|n| n.span().start).or(self.place())
    }
}

/// The `[notation]` table.
#[derive(Deserialize, Default, Clone)]
#[serde(deny_unknown_fields)]
pub struct NotationSpec {
    /// `player_order = ["White", "Black"]`: the order of the players in
    /// position strings and result tokens (default: turn order).
    pub player_order: Option<Names>,
    /// `result_order = ["Black", "White"]`: the order of the scores in
    /// result tokens, where it differs from `player_order` (default:
    /// `player_order`).
    pub result_order: Option<Names>,
}

/// The `[rules]` options of every family; each family reads its own and
/// refuses the others'.
#[derive(Deserialize, Default, Clone)]
#[serde(deny_unknown_fields)]
pub struct RulesSpec {
    /// Camelot: castle moves each player may make per game.
    pub castle_moves: Opt<u8>,
    /// Camelot: `"continue"` or `"end"`: a jump into one's own castle.
    pub own_castle_jump: Opt<String>,
    /// Camelot: `"lapse"` or `"stuck"`: a piece that must leave its castle but cannot.
    pub blocked_castle_piece: Opt<String>,
    /// Camelot: `"enter"` or `"left-wins-right-barred"`: the other players' castles.
    pub other_castles: Opt<String>,
    /// Camelot: a goal-castle entry is legal even when a capture is obligatory.
    pub goal_entry_exempt: Opt<bool>,
    /// Camelot: `"ends-game"` or `"pass"`: a player with pieces but no move.
    pub no_move: Opt<String>,
    /// Checkers: a player who can capture must.
    pub compulsory_capture: Opt<bool>,
}

/// The `[end]` conditions, shared by every family (see [`leap_core::rules::EndRules`]).
#[derive(Deserialize, Default, Clone)]
#[serde(deny_unknown_fields)]
pub struct EndSpec {
    /// This many own pieces in the goal zone win (0: no goal).
    pub goal_count: Opt<u32>,
    /// A baring win needs at least this many own pieces, else it is a draw.
    pub bare_win_min_material: Opt<u32>,
    /// Drawn when every side has at most this many pieces (0: never).
    pub insufficient_material: Opt<u32>,
    /// `"loss"`, `"draw"` or `"win"`: having no legal move.
    pub no_moves: Opt<String>,
    /// With `no_moves = "loss"`: only if the opponent has at least this many pieces, else a draw.
    pub no_moves_loss_needs: Opt<u32>,
    /// Drawn on this occurrence of a position (0: never).
    pub repetition: Opt<u32>,
    /// Drawn after this many plies without a capture or goal entry (0: never).
    pub move_limit: Opt<u16>,
    /// Drawn after this many plies without a forward-moving piece advancing (0: never).
    pub advance_limit: Opt<u16>,
    /// Royal kinds: losing one loses.
    pub royal: Option<Names>,
    /// Extinction kinds: losing the last of them loses.
    pub extinction: Option<Names>,
    /// Baring kinds (default: every kind).
    pub baring: Option<Names>,
    /// Whether a bared side gets a reply (to bare back for a draw, or take
    /// a royal): the royalty count's rule; false (the default), the baring
    /// move ends the game at once.
    pub counter_baring: Opt<bool>,
    /// Whether a bare side's pieces in its goal zone win (default true).
    pub bare_goal: Opt<bool>,
}

/// A resolved variant file: `extends` followed, every key the file (or a
/// variant it extends) gives, the required ones checked to be there.
pub struct VariantFile {
    /// `name`.
    pub name: Spanned<String>,
    /// `title`.
    pub title: Option<String>,
    /// `family`, with its place (empty when not written).
    pub family: Spanned<Family>,
    /// `turn_order`.
    pub turn_order: Option<Names>,
    /// `[board]`.
    pub board: BoardSpec,
    /// `[[players]]`, as listed.
    pub players: Spanned<Vec<PlayerSpec>>,
    /// `[[pieces]]`.
    pub pieces: Spanned<Vec<PieceSpec>>,
    /// `[[zones]]` (none when not written).
    pub zones: Vec<ZoneSpec>,
    /// `[setup]`.
    pub setup: Spanned<Setup>,
    /// `[notation]`.
    pub notation: NotationSpec,
    /// `[rules]`.
    pub rules: RulesSpec,
    /// `[end]`.
    pub end: EndSpec,
    /// `[eval]`: the weights of the family's evaluation that the file (or
    /// a variant it extends) sets; the others keep the family's defaults.
    pub eval: EvalTable,
    /// The dotted paths of the keys of this file left out for a problem
    /// already reported (a value of the wrong type, an unknown key), which
    /// later checks must not report again as missing (`setup.White`; an
    /// entry of a list of tables by its index from 0: `players.1.letter`).
    pub left_out: Vec<String>,
    /// The same for this file and every file it extends: the keys whose
    /// values the checks that depend on them cannot trust.
    pub broken: Vec<String>,
}

impl VariantFile {
    /// Whether the key at `path` (as in [`VariantFile::left_out`]) was
    /// left out of this file for a problem already reported.
    pub fn is_left_out(&self, path: &str) -> bool {
        self.left_out.iter().any(|k| k == path)
    }

    /// Whether a key at `path`, or inside it (`players` for
    /// `players.1.letter`), was left out of this file or a file it
    /// extends for a problem already reported.
    pub fn is_broken(&self, path: &str) -> bool {
        self.broken.iter().any(|k| k == path || k.starts_with(&format!("{path}.")))
    }
}

/// The board as written.
pub struct BoardSpec {
    /// `geometry`.
    pub geometry: Spanned<String>,
    /// `files`.
    pub files: Spanned<u8>,
    /// `ranks`.
    pub ranks: Spanned<u8>,
    /// `layout`.
    pub layout: Spanned<String>,
    /// `names`, if the cells have names other than file letter and rank number.
    pub names: Opt<String>,
}

/// Moves every place inside a value by the same number of bytes (from a
/// file's own offsets to its offsets in the [`Diagnostics`]).
trait Respan {
    fn respan(self, by: usize) -> Self;
}

impl<T: Respan> Respan for Spanned<T> {
    fn respan(self, by: usize) -> Self {
        let span = self.span();
        Spanned::new(span.start + by..span.end + by, self.into_inner().respan(by))
    }
}

impl<T: Respan> Respan for Option<T> {
    fn respan(self, by: usize) -> Self {
        self.map(|v| v.respan(by))
    }
}

impl<T: Respan> Respan for Vec<T> {
    fn respan(self, by: usize) -> Self {
        self.into_iter().map(|v| v.respan(by)).collect()
    }
}

impl<K: Respan + Ord, V: Respan> Respan for BTreeMap<K, V> {
    fn respan(self, by: usize) -> Self {
        self.into_iter().map(|(k, v)| (k.respan(by), v.respan(by))).collect()
    }
}

macro_rules! plain {
    ($($t:ty),*) => {
        $(impl Respan for $t {
            fn respan(self, _: usize) -> Self {
                self
            }
        })*
    };
}
plain!(String, u8, u16, u32, i64, bool);

/// `respan` every field.
macro_rules! respan_fields {
    ($t:ident { $($f:ident),* }) => {
        impl Respan for $t {
            fn respan(self, by: usize) -> Self {
                $t { $($f: self.$f.respan(by)),* }
            }
        }
    };
}

/// Field-by-field: `respan` every field, and `merge` (the file's own value
/// first, the extended variant's otherwise).
macro_rules! fields {
    ($t:ident { $($f:ident),* }) => {
        respan_fields!($t { $($f),* });
        impl $t {
            fn merge(self, base: $t) -> $t {
                $t { $($f: self.$f.or(base.$f)),* }
            }
        }
    };
}
respan_fields!(RawBoard { geometry, files, ranks, layout, names });
impl RawBoard {
    /// Key by key, but `names` goes with the layout: they name its cells
    /// in its order, so a file that gives a layout of its own takes no
    /// names from the extended variant (its own, or file letter and rank).
    fn merge(self, base: RawBoard) -> RawBoard {
        let names = if self.layout.is_some() { self.names } else { self.names.or(base.names) };
        RawBoard {
            geometry: self.geometry.or(base.geometry),
            files: self.files.or(base.files),
            ranks: self.ranks.or(base.ranks),
            layout: self.layout.or(base.layout),
            names,
        }
    }
}
fields!(NotationSpec { player_order, result_order });
fields!(RulesSpec {
    castle_moves,
    own_castle_jump,
    blocked_castle_piece,
    other_castles,
    goal_entry_exempt,
    no_move,
    compulsory_capture
});
fields!(EndSpec {
    goal_count,
    bare_win_min_material,
    insufficient_material,
    no_moves,
    no_moves_loss_needs,
    repetition,
    move_limit,
    advance_limit,
    royal,
    extinction,
    baring,
    counter_baring,
    bare_goal
});
respan_fields!(PlayerSpec { name, letter, castle, forward, promotion });
respan_fields!(PieceSpec { name, prefix, symbol, symbols, value, charge, canter_rule, moves, promotes_to });
respan_fields!(ZoneSpec { name, player, role, cells });

impl RawFile {
    fn respan(self, by: usize) -> RawFile {
        RawFile {
            extends: self.extends.respan(by),
            name: self.name.respan(by),
            title: self.title.respan(by),
            family: self.family.respan(by),
            turn_order: self.turn_order.respan(by),
            board: self.board.respan(by),
            players: self.players.respan(by),
            pieces: self.pieces.respan(by),
            zones: self.zones.respan(by),
            setup: self.setup.respan(by),
            notation: self.notation.respan(by),
            rules: self.rules.respan(by),
            end: self.end.respan(by),
            eval: self.eval.respan(by),
        }
    }

    fn merge(self, base: RawFile) -> RawFile {
        RawFile {
            extends: None,
            name: self.name.or(base.name),
            title: self.title.or(base.title),
            family: self.family.or(base.family),
            turn_order: self.turn_order.or(base.turn_order),
            board: self.board.merge(base.board),
            players: self.players.or(base.players),
            pieces: self.pieces.or(base.pieces),
            zones: self.zones.or(base.zones),
            setup: self.setup.or(base.setup),
            notation: self.notation.merge(base.notation),
            rules: self.rules.merge(base.rules),
            end: self.end.merge(base.end),
            eval: {
                // Key by key: the file's own weights over the extended variant's.
                let mut eval = base.eval;
                for (k, v) in self.eval {
                    eval.remove(&k);
                    eval.insert(k, v);
                }
                eval
            },
        }
    }
}

/// How deep `extends` may chain.
const MAX_EXTENDS: usize = 8;

/// The file that `extends = "name"` in the variant file `file` names: a
/// path relative to the file's folder.
fn extends_path(file: &str, name: &str) -> std::path::PathBuf {
    std::path::Path::new(file).parent().unwrap_or(std::path::Path::new(".")).join(name)
}

/// The variant files that the variant file `file` extends, nearest first
/// (a built-in variant it extends is no file): the files its game's rules
/// come from besides itself, which a saved game must not replace. Stops at
/// a file that cannot be read or parsed.
///
/// ```
/// let dir = std::env::temp_dir().join(format!("extended-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// std::fs::write(dir.join("base.toml"), "extends = \"camette\"\nname = \"base\"\n").unwrap();
/// std::fs::write(dir.join("child.toml"), "extends = \"base.toml\"\nname = \"child\"\n").unwrap();
/// let child = dir.join("child.toml");
/// assert_eq!(leap_format::extended_files(child.to_str().unwrap()), [dir.join("base.toml")]);
/// # std::fs::remove_dir_all(&dir).unwrap();
/// ```
pub fn extended_files(file: &str) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    let mut current = file.to_string();
    for _ in 0..MAX_EXTENDS {
        let Ok(text) = crate::read_text(std::path::Path::new(&current)) else { break };
        let Ok(doc) = toml_edit::ImDocument::parse(crate::strip_bom(&text).to_string()) else { break };
        let Some(name) = doc.get("extends").and_then(|e| e.as_str()) else { break };
        if crate::builtin_named(name).is_some() {
            break;
        }
        let next = extends_path(&current, name);
        current = next.display().to_string();
        out.push(next);
    }
    out
}

/// Reads a variant file's text and follows `extends` (built-in variants
/// from [`crate::BUILTIN`], other files relative to `file`, the file's
/// path); problems go to `diag`.
pub fn resolve(file: &str, text: &str, diag: &mut Diagnostics) -> Option<VariantFile> {
    let mut blanked = LeftOut::default();
    let raw = read(file, text, 0, diag, &[file_key(file)], &mut blanked)?;
    complete(raw, diag, blanked)
}

/// The dotted paths of the keys left out for their problems: those of the
/// file read, and those of every file read.
#[derive(Default)]
struct LeftOut {
    own: Vec<String>,
    all: Vec<String>,
}

/// Parses `text`, whose offsets start at `origin` in `diag`: every unknown
/// key and wrong type is reported, then the rest is read without them (the
/// dotted paths of the keys left out go to `blanked`).
fn parse_raw(text: &str, origin: usize, diag: &mut Diagnostics, blanked: &mut Vec<String>) -> Option<RawFile> {
    let doc = match toml_edit::ImDocument::parse(text) {
        Ok(doc) => doc,
        Err(e) => {
            let at = e.span().map_or(0, |s| s.start);
            let (at, message) = crate::syntax::syntax_error(text, at, e.message());
            diag.error(origin + at, message);
            return None;
        }
    };
    let checked = crate::schema::check(&doc);
    let found = !checked.problems.is_empty();
    for p in checked.problems {
        diag.error(origin + p.at, p.message);
    }
    blanked.extend(checked.blanked);
    let cleaned = crate::schema::blank_out(text, &checked.blank);
    match toml::from_str::<RawFile>(&cleaned) {
        Ok(raw) => Some(raw.respan(origin)),
        Err(e) => {
            // (With problems reported already, this one follows from them.)
            if !found {
                diag.error(origin + e.span().map_or(0, |s| s.start), e.message().trim().to_string());
            }
            None
        }
    }
}

/// A variant file as the chain of `extends` knows it: its path made whole
/// where it exists (so that `a.toml` and `./a.toml` are one file), else
/// as given (a file uploaded by name only).
fn file_key(file: &str) -> String {
    std::fs::canonicalize(file).map_or_else(|_| file.to_string(), |p| p.display().to_string())
}

/// Reads `file`, the last of `chain` (the files that extend it, each
/// [`file_key`], the first read first), and what it extends.
fn read(
    file: &str,
    text: &str,
    origin: usize,
    diag: &mut Diagnostics,
    chain: &[String],
    blanked: &mut LeftOut,
) -> Option<RawFile> {
    let mut own = Vec::new();
    let raw = parse_raw(text, origin, diag, &mut own);
    blanked.all.extend(own.iter().cloned());
    if chain.len() == 1 {
        blanked.own = own;
    }
    let raw = raw?;
    let Some(extends) = raw.extends.clone() else {
        return Some(raw);
    };
    let at = extends.span();
    let name = extends.get_ref();
    if chain.len() > MAX_EXTENDS {
        diag.error(at.start, format!("`extends` goes more than {MAX_EXTENDS} variants deep"));
        return None;
    }
    // (A built-in name however written, as on the command line.)
    let builtin = crate::builtin_named(name).and_then(|n| crate::builtin(n).map(|text| (n, text)));
    let (base_file, base_text) = match builtin {
        Some((n, t)) => (format!("variants/{n}.toml"), t.to_string()),
        None => {
            let path = extends_path(file, name);
            match crate::read_text(&path) {
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
                            crate::BUILTIN.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(", ")
                        ),
                    );
                    return None;
                }
            }
        }
    };
    // A file that extends, through others, itself: said once, at the
    // `extends` that closes the cycle.
    let key = file_key(&base_file);
    if let Some(first) = chain.iter().position(|f| *f == key) {
        let name_of = |f: &String| {
            std::path::Path::new(f).file_name().map_or_else(|| f.clone(), |n| n.to_string_lossy().into_owned())
        };
        let cycle: Vec<String> = chain[first..].iter().chain([&key]).map(name_of).collect();
        diag.error(at.start, format!("`extends` goes round in a cycle: {}", cycle.join(" extends ")));
        return None;
    }
    let base_origin = diag.add_source(&base_file, &base_text, at.start);
    // (Keys left out of the extended file are not missing from this one:
    // they go to `blanked.all` alone.)
    let chain = [chain, &[key]].concat();
    let base = read(&base_file, &base_text, base_origin, diag, &chain, blanked)?;
    let own_title = raw.title.is_some();
    let own_name = raw.name.clone();
    let mut merged = raw.merge(base);
    if !own_title {
        // A variant of another without a title of its own: named after both.
        // (After the nearest one alone: a chain of extends would make a
        // title of every file in it.) A file without a name of its own
        // too is still a file of its own: titled after the name it takes
        // (`camelot, based on Camelot (…)`), never as the variant it
        // extends, which it is not.
        let name = own_name.or_else(|| merged.name.as_ref().map(|n| Spanned::new(at.clone(), n.get_ref().clone())));
        if let (Some(name), Some(parent)) = (name, merged.title.as_ref().or(merged.name.as_ref())) {
            let parent = parent.get_ref();
            let parent = parent.split_once(", based on ").map_or(parent.as_str(), |(nearest, _)| nearest);
            let title = format!("{}, based on {parent}", name.get_ref());
            merged.title = Some(Spanned::new(name.span(), title));
        }
    }
    Some(merged)
}

fn complete(raw: RawFile, diag: &mut Diagnostics, left_out: LeftOut) -> Option<VariantFile> {
    let blanked = &left_out.own;
    // (An `extends` of the wrong type, reported, leaves the file without
    // what it meant to take: nothing is missing that it would have given.)
    if blanked.iter().any(|b| b == "extends") {
        return None;
    }
    // An unknown family is said, with the one meant when it is near one
    // (`camelott`, `Checkers`): the file is then read on as of that family,
    // so that its other problems are said too; else only what every file
    // needs is looked for.
    let family = match &raw.family {
        None => Some(Spanned::new(0..0, Family::Camelot)),
        Some(f) => match Family::from_name(f.get_ref()) {
            Some(family) => Some(Spanned::new(f.span(), family)),
            None => {
                let written = f.get_ref();
                let near = crate::schema::nearest(written, Family::ALL.iter().map(|f| f.name()));
                let meant = near.map_or(String::new(), |n| format!("did you mean `{n}`? "));
                diag.error(
                    f.span().start,
                    format!("unknown family `{written}`; {meant}expected {}", Family::expected()),
                );
                near.and_then(Family::from_name).map(|family| Spanned::new(f.span(), family))
            }
        },
    };
    let mut missing = Vec::new();
    let mut need = |present: bool, key: &str| {
        // (A key left out for a problem already reported is not reported again.)
        if !present && !blanked.iter().any(|b| b == key || key.starts_with(&format!("{b}."))) {
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
        // (Without a name alone, the rest is still checked, under a
        // stand-in name: its problems are said at once too.)
        if missing != ["name"] {
            return None;
        }
    }
    // (The title is shown in headings and at the terminal: one line of text.)
    if let Some(title) = &raw.title {
        let text = title.get_ref();
        if text.trim().is_empty() {
            diag.error(title.span().start, "`title` is empty: give the variant's full name, or leave `title` out");
        } else if text.chars().any(char::is_control) {
            diag.error(
                title.span().start,
                format!("title `{}` holds a line break or another control character", leap_core::visible(text)),
            );
        }
    }
    let family = family?;
    Some(VariantFile {
        name: raw.name.unwrap_or_else(|| Spanned::new(0..0, "unnamed".to_string())),
        title: raw.title.map(Spanned::into_inner),
        family,
        turn_order: raw.turn_order,
        board: BoardSpec {
            geometry: raw.board.geometry?,
            files: raw.board.files?,
            ranks: raw.board.ranks?,
            layout: raw.board.layout?,
            names: raw.board.names,
        },
        players: raw.players?,
        pieces: raw.pieces?,
        zones: raw.zones.map(Spanned::into_inner).unwrap_or_default(),
        setup: raw.setup?,
        notation: raw.notation,
        rules: raw.rules,
        end: raw.end,
        eval: raw.eval,
        broken: left_out.all,
        left_out: left_out.own,
    })
}
