//! Every key of the variant format, once: its type, meaning, defaults and
//! an example. The table drives the check of a file's keys and value types
//! (every unknown key and wrong type reported at once, in words a player
//! knows), the JSON Schema that `camelot schema` prints, and the reference
//! table of `docs/variants.md`.

use crate::Family;
use serde_json::{json, Map, Value};
use std::ops::Range;
use toml_edit::{Item, Table, Value as TomlValue};

/// The type of a key's value.
#[derive(Clone, Copy, Debug)]
pub enum Ty {
    /// Text in quotes; the accepted values, when they are a fixed list.
    Text(&'static [&'static str]),
    /// `true` or `false`.
    Bool,
    /// A whole number from the first to the second bound, both included.
    Int(i64, i64),
    /// A list of names in quotes.
    Names,
    /// A table with these keys.
    Table(&'static [Key]),
    /// A list of tables (`[[players]]`) with these keys.
    Tables(&'static [Key]),
    /// A table of any keys, each with a value of this type (`[setup]`, `[eval]`).
    Map(&'static Ty),
}

/// One key of the format.
#[derive(Clone, Copy, Debug)]
pub struct Key {
    /// The key as written.
    pub name: &'static str,
    /// Its type.
    pub ty: Ty,
    /// Whether a table of a list (`[[players]]`) must have it.
    pub required: bool,
    /// What it means.
    pub doc: &'static str,
    /// Its value when the file leaves it out, in the Camelot family (`—`: not a key of the family).
    pub camelot: &'static str,
    /// Its value when the file leaves it out, in the checkers family.
    pub checkers: &'static str,
    /// An example, as written in a file.
    pub example: &'static str,
    /// The range a number must be in to be valid (narrower than its
    /// type's, which is what is checked when the file is read).
    pub valid: Option<(i64, i64)>,
}

const fn key(name: &'static str, ty: Ty, doc: &'static str) -> Key {
    Key { name, ty, required: false, doc, camelot: "", checkers: "", example: "", valid: None }
}

impl Key {
    const fn defaults(mut self, camelot: &'static str, checkers: &'static str) -> Key {
        self.camelot = camelot;
        self.checkers = checkers;
        self
    }
    const fn example(mut self, example: &'static str) -> Key {
        self.example = example;
        self
    }
    const fn required(mut self) -> Key {
        self.required = true;
        self
    }
    const fn valid(mut self, lo: i64, hi: i64) -> Key {
        self.valid = Some((lo, hi));
        self
    }
}

const U8: Ty = Ty::Int(0, u8::MAX as i64);
const U16: Ty = Ty::Int(0, u16::MAX as i64);
const U32: Ty = Ty::Int(0, u32::MAX as i64);
const WHOLE: Ty = Ty::Int(i64::MIN, i64::MAX);
const TEXT: Ty = Ty::Text(&[]);
const NOT: &str = "—";

const BOARD: &[Key] = &[
    key("geometry", Ty::Text(&["square", "diagonal", "hex"]), "How cells touch: square (8 directions), diagonal (the 4 diagonals), hex (6: the layout's cells go on every other column, each line shifted by one, as in Tri-Camelot's)")
        .required()
        .example("geometry = \"square\""),
    key("files", Ty::Int(1, 26), "Columns of the layout (A, B, ...)").required().example("files = 12"),
    key("ranks", Ty::Int(1, 255), "Rows of the layout (1, 2, ...)").required().example("ranks = 16"),
    key("layout", TEXT, "One line per rank, the top rank first, one character per file: `.` a cell, a space no cell (a line may stop short: no cells after its end); at most 255 cells")
        .required()
        .example("layout = \"\"\"\\n .. \\n....\\n\"\"\""),
    key("names", TEXT, "A name per cell, in the layout's order (top rank first, left to right), instead of file letter and rank number; no name may be a piece's prefix before another cell's name; goes with the layout: a file with a layout of its own takes no names through `extends`")
        .defaults("A1, B1, ...", "A1, B1, ...")
        .example("names = \"1 2 3 4\""),
];

const PLAYERS: &[Key] = &[
    key("name", TEXT, "The player's name").required().example("name = \"White\""),
    key("letter", TEXT, "One ASCII letter naming the player in position strings").required().example("letter = \"W\""),
    key("castle", Ty::Names, "Camelot family: the player's own castle (the others' goal)")
        .defaults("required", NOT)
        .example("castle = [\"F1\", \"G1\"]"),
    key("forward", Ty::Text(&["up", "down"]), "Checkers family: where the player's forward-moving pieces go")
        .defaults(NOT, "required")
        .example("forward = \"up\""),
    key("promotion", Ty::Names, "Checkers family: the cells where the player's pieces are promoted")
        .defaults(NOT, "required")
        .example("promotion = [\"1\", \"2\", \"3\", \"4\"]"),
];

const PIECES: &[Key] = &[
    key("name", TEXT, "The kind's name, used by `[end]` and `promotes_to`").required().example("name = \"Knight\""),
    key("prefix", TEXT, "Upper-case letters written before the cell in position strings (empty for the plain piece)")
        .required()
        .example("prefix = \"K\""),
    key("symbol", TEXT, "One diagram letter, upper case for the first player and lower case for the others")
        .defaults("this or `symbols`", "this or `symbols`")
        .example("symbol = \"K\""),
    key("symbols", Ty::Names, "One diagram letter per player, in `[[players]]` order (instead of `symbol`)")
        .defaults("this or `symbol`", "this or `symbol`")
        .example("symbols = [\"b\", \"w\"]"),
    key("value", WHOLE, "Material value for the evaluation, in hundredths of a plain piece")
        .defaults("the family's", "the family's")
        .example("value = 225")
        .valid(1, 10_000),
    key("charge", Ty::Bool, "Camelot family: the Knight's Charge (canters, then jumps)")
        .defaults("false", NOT)
        .example("charge = true"),
    key(
        "canter_rule",
        Ty::Bool,
        "Camelot family: a canter landing where the piece could jump must capture later in the move (WCF test 29); \
         only for a piece with `charge = true` (without the Charge it could never capture after a canter)",
    )
    .defaults("false", NOT)
    .example("canter_rule = true"),
    key("moves", Ty::Text(&["forward", "any"]), "Checkers family: the piece's directions")
        .defaults(NOT, "required")
        .example("moves = \"forward\""),
    key("promotes_to", TEXT, "Checkers family: the kind the piece becomes on its player's promotion cells")
        .defaults(NOT, "none")
        .example("promotes_to = \"King\""),
];

const ZONES: &[Key] = &[
    key("name", TEXT, "How summaries call the zone")
        .defaults("from its role", "from its role")
        .example("name = \"the hill\""),
    key("player", TEXT, "Whose zone it is").required().example("player = \"White\""),
    key(
        "role",
        Ty::Text(&["goal", "forbidden"]),
        "goal: the player's pieces here count for `goal_count`; forbidden: they never end a step, canter or jump here (a piece set up on one may leave it, and never come back)",
    )
    .required()
    .example("role = \"goal\""),
    key("cells", Ty::Names, "The zone's cells").required().example("cells = [\"F8\", \"G8\"]"),
];

const NOTATION: &[Key] = &[
    key("player_order", Ty::Names, "The order of the players in position strings and result tokens")
        .defaults("turn order", "turn order")
        .example("player_order = [\"White\", \"Black\"]"),
    key(
        "result_order",
        Ty::Names,
        "The order of the scores in result tokens, where it differs from `player_order` (PDN checkers: \
         `1-0` is a win for Black, who moves first, though position strings list White first)",
    )
    .defaults("`player_order`", "`player_order`")
    .example("result_order = [\"Black\", \"White\"]"),
];

const RULES: &[Key] = &[
    key("castle_moves", U8, "Camelot family: castle moves each player may make per game")
        .defaults("2", NOT)
        .example("castle_moves = 2")
        .valid(0, 15),
    key("own_castle_jump", Ty::Text(&["continue", "end"]), "Camelot family: a jump into one's own castle goes on if it can (continue), or ends there (end: Parker Brothers 1930)")
        .defaults("continue", NOT)
        .example("own_castle_jump = \"end\""),
    key("blocked_castle_piece", Ty::Text(&["lapse", "stuck"]), "Camelot family: a piece that must leave its own castle but cannot: the obligation lapses, or the player is stuck")
        .defaults("lapse", NOT)
        .example("blocked_castle_piece = \"stuck\""),
    key("other_castles", Ty::Text(&["enter", "left-wins-right-barred"]), "Camelot family: the other players' castles: any may be entered, or (three players) the left one wins and the right one is barred")
        .defaults("enter", NOT)
        .example("other_castles = \"left-wins-right-barred\""),
    key("goal_entry_exempt", Ty::Bool, "Camelot family, with `other_castles = \"left-wins-right-barred\"`: entering a goal (left) castle, which wins, is legal even when a capture is obligatory")
        .defaults("false", NOT)
        .example("goal_entry_exempt = true"),
    key("no_move", Ty::Text(&["ends-game", "pass"]), "Camelot family: a player with pieces but no legal move: the game ends (`no_moves`), or the player passes")
        .defaults("ends-game", NOT)
        .example("no_move = \"pass\""),
    key("compulsory_capture", Ty::Bool, "Checkers family: a player who can capture must")
        .defaults(NOT, "true")
        .example("compulsory_capture = false"),
];

const END: &[Key] = &[
    key("goal_count", U32, "This many of a player's pieces in its goal (the castle to be won, goal zones) win; 0: no goal; no more than a goal has cells")
        .defaults("2", "0")
        .example("goal_count = 1"),
    key("royal", Ty::Names, "Royal kinds: losing any one of the setup's royal pieces loses (royalty count -1024 each)")
        .defaults("[]", "[]")
        .example("royal = [\"Prince\"]"),
    key("extinction", Ty::Names, "Extinction kinds: losing the last of them loses; each one beyond the first is a spare royal (+1024)")
        .defaults("[]", "[]")
        .example("extinction = [\"Knight\"]"),
    key("baring", Ty::Names, "Baring kinds: the royalty count starts at their number; a side at 0 is bare. `[]`: no baring (the count starts at 1)")
        .defaults("every kind", "every kind")
        .example("baring = [\"Man\"]"),
    key("counter_baring", Ty::Bool, "true: a bared side gets a reply, to bare back (then one more move, then a draw) or take a royal (the royalty count's rule); false: the baring move ends the game at once")
        .defaults("false", "false")
        .example("counter_baring = true"),
    key("bare_win_min_material", U32, "Pieces a side needs to win by baring the other, else the game is drawn; 0: baring off, as `baring = []`")
        .defaults("2", "1")
        .example("bare_win_min_material = 1"),
    key("bare_goal", Ty::Bool, "Whether a bare side's pieces in its goal win (a bared side's reply that reaches the goal)")
        .defaults("true", "true")
        .example("bare_goal = false"),
    key("insufficient_material", U32, "Drawn when every side has at most this many pieces; 0: never")
        .defaults("1", "0")
        .example("insufficient_material = 0"),
    key("no_moves", Ty::Text(&["loss", "draw", "win"]), "A player with no legal move loses, draws or wins")
        .defaults("loss", "loss")
        .example("no_moves = \"draw\""),
    key("no_moves_loss_needs", U32, "With `no_moves = \"loss\"`: a loss only if the opponent has at least this many pieces, else a draw")
        .defaults("2", "0")
        .example("no_moves_loss_needs = 1"),
    key("repetition", U32, "Drawn on this occurrence of a position (2 or more); 0: never").defaults("3", "0").example("repetition = 3"),
    key("move_limit", U16, "Drawn after this many plies without a capture or goal entry; 0: never")
        .defaults("100", "100")
        .example("move_limit = 100"),
    key("advance_limit", U16, "Drawn after this many plies without a forward-moving piece advancing; 0: never")
        .defaults(NOT, "100")
        .example("advance_limit = 0"),
];

/// A weight of `[eval]`, by name (its range is checked with its name, by
/// [`crate::eval_weights`]).
const WEIGHT: Ty = WHOLE;

/// Every key of a variant file, the top level first.
pub const KEYS: &[Key] = &[
    key("extends", TEXT, "A built-in variant's name, or a variant file relative to this one, whose keys this file takes unless it gives its own (at most 8 files deep, and never round a cycle)")
        .defaults("none", "none")
        .example("extends = \"camelot\""),
    key("name", TEXT, "The variant's short name: ASCII letters, digits, `-` and `_`").defaults("required", "required").example("name = \"my-camelot\""),
    key("title", TEXT, "The variant's full name; with `extends` and no title of its own: \"NAME, based on\" the extended variant's title (up to its own \"based on\")")
        .defaults("none", "none")
        .example("title = \"My Camelot\""),
    key("family", Ty::Text(&["camelot", "checkers"]), "The rules engine: camelot (castles, canters, the Knight's Charge; 2 to 4 players) or checkers (men that move forward, promotion; 2 players)")
        .defaults("camelot", "camelot")
        .example("family = \"checkers\""),
    key("turn_order", Ty::Names, "Who moves first, second, ...").defaults("[[players]] order", "[[players]] order").example("turn_order = [\"Black\", \"White\"]"),
    key("board", Ty::Table(BOARD), "The board").defaults("required", "required").example("[board]"),
    key("players", Ty::Tables(PLAYERS), "The players, one table each").defaults("required", "required").example("[[players]]"),
    key("pieces", Ty::Tables(PIECES), "The kinds of piece, one table each (1 to 4)").defaults("required", "required").example("[[pieces]]"),
    key("zones", Ty::Tables(ZONES), "Cells with a meaning for one player").defaults("none", "none").example("[[zones]]"),
    key("setup", Ty::Map(&TEXT), "Each player's pieces: cells with a kind prefix, separated by commas")
        .defaults("required", "required")
        .example("White = \"KC6,D6\""),
    key("notation", Ty::Table(NOTATION), "How positions and results are written").defaults("optional", "optional").example("[notation]"),
    key("rules", Ty::Table(RULES), "The family's rule options").defaults("optional", "optional").example("[rules]"),
    key("end", Ty::Table(END), "The end conditions (every family)").defaults("optional", "optional").example("[end]"),
    key("eval", Ty::Map(&WEIGHT), "Evaluation weights by name (the family's names); the others keep the family's values")
        .defaults("the family's", "the family's")
        .example("mobility = 3")
        .valid(-crate::MAX_WEIGHT, crate::MAX_WEIGHT),
];

/// What a whole number out of range should have been: one from `lo` to
/// `hi` (the words of every range check of a variant file).
pub(crate) fn whole_number(lo: impl std::fmt::Display, hi: impl std::fmt::Display) -> String {
    format!("expected a whole number from {lo} to {hi}")
}

/// What a wrong value should have been, in a player's words.
fn expected(ty: &Ty, example: &str) -> String {
    match ty {
        Ty::Text([]) => "expected text in quotes".into(),
        Ty::Text(values) => {
            format!("expected one of {}", values.iter().map(|v| format!("\"{v}\"")).collect::<Vec<_>>().join(", "))
        }
        Ty::Bool => "expected true or false".into(),
        Ty::Int(i64::MIN, i64::MAX) => "expected a whole number".into(),
        Ty::Int(lo, hi) => whole_number(lo, hi),
        Ty::Names => match example.split_once(" = ") {
            Some((_, list)) => format!("expected a list of names in quotes, such as {list}"),
            None => "expected a list of names in quotes".into(),
        },
        Ty::Table(_) => "expected a table (a `[name]` line and its keys on the lines below)".into(),
        Ty::Tables(_) => "expected tables written `[[name]]`, one per entry".into(),
        Ty::Map(inner) => {
            format!("expected a table whose values are each {}", expected(inner, "").trim_start_matches("expected "))
        }
    }
}

/// A problem found by [`check`]: where (a byte offset of the text) and what.
pub(crate) struct Problem {
    pub at: usize,
    pub message: String,
}

/// What [`check`] found: the problems, the ranges of the text to blank
/// before the file is read further (the keys with a problem, so that
/// reading goes on without them) and the dotted paths of the keys blanked.
#[derive(Default)]
pub(crate) struct Checked {
    pub problems: Vec<Problem>,
    pub blank: Vec<Range<usize>>,
    pub blanked: Vec<String>,
}

impl Checked {
    /// Blanks the key at `path` in error: the text `range` (its whole
    /// `key = value`, or the table holding it), and its dotted path.
    fn blank_key(&mut self, range: Option<Range<usize>>, path: &str) {
        self.blank.extend(range);
        self.blanked.push(path.to_string());
    }
}

/// Checks a parsed file's keys and value types against [`KEYS`].
pub(crate) fn check(doc: &toml_edit::ImDocument<&str>) -> Checked {
    let mut out = Checked::default();
    check_table(doc.as_table(), KEYS, ("", ""), doc.raw(), None, &mut out);
    out
}

/// [`check`] of the top-level key `name` alone (a file of weights: its
/// `[eval]` table), the file's other keys not looked at.
pub(crate) fn check_key(doc: &toml_edit::ImDocument<&str>, name: &str) -> Checked {
    let mut out = Checked::default();
    let table = doc.as_table();
    if let (Some(item), Some(def)) = (table.get(name), KEYS.iter().find(|d| d.name == name)) {
        let k = table.key(name);
        if !check_item(&def.ty, def, item, name, doc.raw(), None, &mut out, k) {
            out.blank_key(extent(k, item), name);
        }
    }
    out
}

/// `[board]`, `[[players]]`, or nothing for the top level, for messages.
fn where_(path: &str) -> String {
    if path.is_empty() {
        String::new()
    } else {
        format!(" in [{path}]")
    }
}

/// The nearest of `names` to `word`, if near enough to be a misspelling.
pub(crate) fn nearest<'a>(word: &str, names: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    names
        .map(|n| (strsim::damerau_levenshtein(word, n), n))
        .filter(|(d, n)| *d <= 2.max(n.len() / 4) && *d < n.len())
        .min_by_key(|(d, _)| *d)
        .map(|(_, n)| n)
}

/// The whole `key = value` (or table) at `key` / `item`, for blanking.
fn extent(key: Option<&toml_edit::Key>, item: &Item) -> Option<Range<usize>> {
    let mut spans = Vec::new();
    if let Some(s) = key.and_then(|k| k.span()) {
        spans.push(s);
    }
    collect_spans(item, &mut spans);
    let start = spans.iter().map(|s| s.start).min()?;
    let end = spans.iter().map(|s| s.end).max()?;
    Some(start..end)
}

fn collect_spans(item: &Item, out: &mut Vec<Range<usize>>) {
    if let Some(s) = item.span() {
        out.push(s);
    }
    match item {
        Item::Table(t) => {
            for (k, v) in t.iter() {
                if let Some(s) = t.key(k).and_then(|k| k.span()) {
                    out.push(s);
                }
                collect_spans(v, out);
            }
        }
        Item::ArrayOfTables(a) => {
            for t in a.iter() {
                collect_spans(&Item::Table(t.clone()), out);
            }
        }
        _ => {}
    }
}

/// The value as written, for messages (cut when long).
fn written(raw: &str, item: &Item) -> String {
    let text = item.span().and_then(|s| raw.get(s)).unwrap_or("").trim();
    let text = text.lines().next().unwrap_or("");
    leap_core::notation::quoted(text)
}

fn start_of(key: Option<&toml_edit::Key>, item: &Item) -> usize {
    key.and_then(|k| k.span()).or_else(|| item.span()).map_or(0, |s| s.start)
}

/// Checks `table` (at `path`, and at `entry` in the dotted paths of the
/// keys it leaves out: `players.1` for the second of `[[players]]`)
/// against `keys`. `outer`: the range to blank for a problem inside (an
/// inline table's whole `key = { ... }`), or None when each key may be
/// blanked alone.
fn check_table(
    table: &Table,
    keys: &[Key],
    (path, entry): (&str, &str),
    raw: &str,
    outer: Option<&Range<usize>>,
    out: &mut Checked,
) {
    for (name, item) in table.iter() {
        let k = table.key(name);
        let dotted = if entry.is_empty() { name.to_string() } else { format!("{entry}.{name}") };
        // (Inside an inline table, the whole table is blanked: it is what
        // the file is then read without, and what no check may miss.)
        let blank = |out: &mut Checked| match outer {
            Some(whole) => out.blank_key(Some(whole.clone()), path),
            None => out.blank_key(extent(k, item), &dotted),
        };
        let Some(def) = keys.iter().find(|d| d.name == name) else {
            let hint = match nearest(name, keys.iter().map(|d| d.name)) {
                Some(n) => format!("; did you mean `{n}`?"),
                None => String::new(),
            };
            let listed = keys.iter().map(|d| d.name).collect::<Vec<_>>().join(", ");
            out.problems.push(Problem {
                at: start_of(k, item),
                message: format!("unknown key `{name}`{}{hint} The keys here are {listed}", where_(path)),
            });
            // (The sentence ends with a full stop when there is no hint.)
            if hint.is_empty() {
                let last = out.problems.last_mut().expect("just pushed");
                last.message = last.message.replacen(" The keys here", ". The keys here", 1);
            }
            blank(out);
            continue;
        };
        if !check_item(&def.ty, def, item, &dotted, raw, outer, out, k) {
            blank(out);
        }
    }
}

/// Checks one value; false (and a problem recorded) when it has the wrong type.
#[allow(clippy::too_many_arguments)]
fn check_item(
    ty: &Ty,
    def: &Key,
    item: &Item,
    path: &str,
    raw: &str,
    outer: Option<&Range<usize>>,
    out: &mut Checked,
    k: Option<&toml_edit::Key>,
) -> bool {
    let name = path.rsplit('.').next().unwrap_or(path);
    // A number is asked for in the range the key accepts (castle_moves: 0 to
    // 15), not its type's (0 to 255), which is all that is checked here.
    let asked = match (ty, def.valid) {
        (Ty::Int(..), Some((lo, hi))) => Ty::Int(lo, hi),
        _ => *ty,
    };
    let wrong = |out: &mut Checked| {
        let shown = match item {
            Item::Table(_) => format!("[{path}]"),
            Item::ArrayOfTables(_) => format!("[[{path}]]"),
            _ => format!("{name} = {}", written(raw, item)),
        };
        // (A wrong value is pointed at; a table of the wrong kind, at its key.)
        let at = item.as_value().and_then(|v| v.span()).map_or_else(|| start_of(k, item), |s| s.start);
        out.problems.push(Problem { at, message: format!("{shown}: {}", expected(&asked, def.example)) });
        false
    };
    let value = item.as_value();
    match ty {
        Ty::Text(_) => value.is_some_and(|v| v.is_str()) || wrong(out),
        Ty::Bool => value.is_some_and(|v| v.is_bool()) || wrong(out),
        Ty::Int(lo, hi) => value.and_then(|v| v.as_integer()).is_some_and(|n| (*lo..=*hi).contains(&n)) || wrong(out),
        Ty::Names => value.and_then(|v| v.as_array()).is_some_and(|a| a.iter().all(|v| v.is_str())) || wrong(out),
        Ty::Table(keys) => match item {
            Item::Table(t) => {
                check_table(t, keys, (path, path), raw, outer, out);
                true
            }
            Item::Value(TomlValue::InlineTable(t)) => {
                let whole = outer.cloned().or_else(|| extent(k, item));
                check_table(&t.clone().into_table(), keys, (path, path), raw, whole.as_ref(), out);
                true
            }
            _ => wrong(out),
        },
        Ty::Tables(keys) => {
            let tables: Vec<(Table, Option<Range<usize>>)> = match item {
                Item::ArrayOfTables(a) => a.iter().map(|t| (t.clone(), outer.cloned())).collect(),
                Item::Value(TomlValue::Array(a)) if a.iter().all(|v| v.is_inline_table()) => {
                    let whole = outer.cloned().or_else(|| extent(k, item));
                    a.iter()
                        .filter_map(|v| v.as_inline_table())
                        .map(|t| (t.clone().into_table(), whole.clone()))
                        .collect()
                }
                _ => return wrong(out),
            };
            for (i, (t, whole)) in tables.iter().enumerate() {
                check_table(t, keys, (path, &format!("{path}.{i}")), raw, whole.as_ref(), out);
                for req in keys.iter().filter(|d| d.required) {
                    if !t.contains_key(req.name) {
                        let at = t.span().or_else(|| item.span()).map_or(0, |s| s.start);
                        out.problems.push(Problem {
                            at,
                            message: format!("[[{path}]] number {} has no `{}` ({})", i + 1, req.name, req.doc),
                        });
                    }
                }
            }
            true
        }
        Ty::Map(inner) => {
            let entries: Table = match item {
                Item::Table(t) => t.clone(),
                Item::Value(TomlValue::InlineTable(t)) => t.clone().into_table(),
                _ => return wrong(out),
            };
            let whole = match item {
                Item::Table(_) => outer.cloned(),
                _ => outer.cloned().or_else(|| extent(k, item)),
            };
            for (name, v) in entries.iter() {
                let ek = entries.key(name);
                if !check_item(inner, def, v, &format!("{path}.{name}"), raw, whole.as_ref(), out, ek) {
                    match &whole {
                        Some(r) => out.blank_key(Some(r.clone()), path),
                        None => out.blank_key(extent(ek, v), &format!("{path}.{name}")),
                    }
                }
            }
            true
        }
    }
}

/// `text` with the bytes of `ranges` made spaces (line ends kept), so that
/// every other offset stays where it was.
pub(crate) fn blank_out(text: &str, ranges: &[Range<usize>]) -> String {
    let mut bytes = text.as_bytes().to_vec();
    for r in ranges {
        for b in bytes.iter_mut().take(r.end.min(text.len())).skip(r.start) {
            if *b != b'\n' && *b != b'\r' {
                *b = b' ';
            }
        }
    }
    // (Whole characters are blanked: every byte of a multi-byte one is in
    // the range or none is, since ranges start and end on characters.)
    String::from_utf8(bytes).unwrap_or_else(|_| text.to_string())
}

/// The JSON Schema (draft 2020-12) of the variant format, from [`KEYS`]:
/// `eval` gives the evaluation weights' names of each family (the `[eval]`
/// table accepts those of the file's family).
///
/// ```
/// let schema = leap_format::json_schema(&[(leap_format::Family::Camelot, &["mobility"])]);
/// assert_eq!(schema["properties"]["board"]["properties"]["files"]["maximum"], 26);
/// assert_eq!(schema["properties"]["rules"]["properties"]["castle_moves"]["maximum"], 15);
/// ```
pub fn json_schema(eval: &[(Family, &[&str])]) -> Value {
    let mut root = object(KEYS, false);
    root.insert("$schema".into(), json!("https://json-schema.org/draft/2020-12/schema"));
    root.insert("title".into(), json!("Variant file of camelot (Camelot, Tri-Camelot, checkers and their variants)"));
    root.insert(
        "description".into(),
        json!("A game of the leap-and-capture family as data: board, players, pieces, zones, setup, rule options and end conditions. See docs/variants.md."),
    );
    // The names of [eval] depend on the family: the one named, Camelot when
    // none is named and nothing is extended, any family's when a file
    // extends another without naming one (the family is then inherited).
    let names = |fs: &[Family]| -> Value {
        let list: Vec<&str> =
            eval.iter().filter(|(g, _)| fs.contains(g)).flat_map(|(_, n)| n.iter().copied()).collect();
        json!({ "properties": { "eval": { "propertyNames": { "enum": list } } } })
    };
    let named = |f: Family| json!({ "required": ["family"], "properties": { "family": { "const": f.name() } } });
    let mut rules: Vec<Value> = Family::ALL
        .iter()
        .map(|&f| {
            let condition = if f == Family::Camelot {
                json!({ "anyOf": [named(f), { "not": { "anyOf": [{ "required": ["family"] }, { "required": ["extends"] }] } }] })
            } else {
                named(f)
            };
            json!({ "if": condition, "then": names(&[f]) })
        })
        .collect();
    rules.push(json!({
        "if": { "required": ["extends"], "not": { "required": ["family"] } },
        "then": names(&Family::ALL)
    }));
    if eval.is_empty() {
        rules.clear();
    }
    // A table's required keys are required only in a file that extends
    // nothing: `extends` merges tables key by key ([board] may give only
    // its layout).
    for k in KEYS {
        if let Ty::Table(inner) = k.ty {
            let required: Vec<&str> = inner.iter().filter(|i| i.required).map(|i| i.name).collect();
            if required.is_empty() {
                continue;
            }
            if let Some(Value::Object(table)) = root.get_mut("properties").and_then(|p| p.get_mut(k.name)) {
                table.remove("required");
            }
            rules.push(json!({
                "if": { "not": { "required": ["extends"] } },
                "then": { "properties": { (k.name): { "required": required } } }
            }));
        }
    }
    if !rules.is_empty() {
        root.insert("allOf".into(), Value::Array(rules));
    }
    Value::Object(root)
}

fn object(keys: &[Key], with_required: bool) -> Map<String, Value> {
    let mut props = Map::new();
    for k in keys {
        props.insert(k.name.into(), schema_of(k));
    }
    let mut obj = Map::new();
    obj.insert("type".into(), json!("object"));
    obj.insert("properties".into(), Value::Object(props));
    obj.insert("additionalProperties".into(), json!(false));
    let required: Vec<&str> = keys.iter().filter(|k| k.required).map(|k| k.name).collect();
    if with_required && !required.is_empty() {
        obj.insert("required".into(), json!(required));
    }
    obj
}

fn schema_of(k: &Key) -> Value {
    let mut s = type_schema(&k.ty, k);
    if let Value::Object(m) = &mut s {
        m.insert("description".into(), json!(describe(k)));
    }
    s
}

/// The description shown by editors: meaning and defaults.
fn describe(k: &Key) -> String {
    let shown = |d: &str| if d == NOT { "not a key of this family".to_string() } else { d.to_string() };
    match (k.camelot, k.checkers) {
        ("", "") => k.doc.to_string(),
        (a, b) if a == b => format!("{}. Default: {}.", k.doc, a),
        (a, b) => format!("{}. Default: camelot family {}; checkers family {}.", k.doc, shown(a), shown(b)),
    }
}

fn type_schema(ty: &Ty, k: &Key) -> Value {
    match ty {
        Ty::Text([]) => json!({ "type": "string" }),
        Ty::Text(values) => json!({ "type": "string", "enum": values }),
        Ty::Bool => json!({ "type": "boolean" }),
        Ty::Int(lo, hi) => {
            let (lo, hi) = k.valid.unwrap_or((*lo, *hi));
            let mut m = Map::new();
            m.insert("type".into(), json!("integer"));
            if lo != i64::MIN {
                m.insert("minimum".into(), json!(lo));
            }
            if hi != i64::MAX {
                m.insert("maximum".into(), json!(hi));
            }
            Value::Object(m)
        }
        Ty::Names => json!({ "type": "array", "items": { "type": "string" } }),
        Ty::Table(keys) => Value::Object(object(keys, true)),
        Ty::Tables(keys) => json!({ "type": "array", "items": Value::Object(object(keys, true)) }),
        Ty::Map(inner) => json!({ "type": "object", "additionalProperties": type_schema(inner, k) }),
    }
}

/// The reference table of every key, in Markdown: key, meaning, type,
/// default in each family, example (as `docs/variants.md` shows it).
pub fn reference_table() -> String {
    let mut out = String::from(
        "| key | meaning | type | camelot family | checkers family | example |\n|---|---|---|---|---|---|\n",
    );
    fn rows(keys: &[Key], prefix: &str, out: &mut String) {
        for k in keys {
            let shown = if prefix.is_empty() {
                match k.ty {
                    Ty::Table(_) | Ty::Map(_) => format!("`[{}]`", k.name),
                    Ty::Tables(_) => format!("`[[{}]]`", k.name),
                    _ => format!("`{}`", k.name),
                }
            } else {
                format!("`{prefix}{}`", k.name)
            };
            let (camelot, checkers) = if k.required { ("required", "required") } else { (k.camelot, k.checkers) };
            let cell = |s: &str| if s.is_empty() { "—".to_string() } else { s.replace('|', "\\|") };
            out.push_str(&format!(
                "| {shown} | {} | {} | {} | {} | `{}` |\n",
                k.doc.replace('|', "\\|"),
                type_words(&k.ty, k),
                cell(camelot),
                cell(checkers),
                k.example.replace('\n', " ").replace('|', "\\|"),
            ));
            match k.ty {
                Ty::Table(inner) => rows(inner, &format!("{}.", k.name), out),
                Ty::Tables(inner) => rows(inner, &format!("{}.", k.name), out),
                _ => {}
            }
        }
    }
    rows(KEYS, "", &mut out);
    out
}

fn type_words(ty: &Ty, k: &Key) -> String {
    match ty {
        Ty::Text([]) => "text".into(),
        Ty::Text(values) => values.iter().map(|v| format!("\"{v}\"")).collect::<Vec<_>>().join(" or "),
        Ty::Bool => "true or false".into(),
        Ty::Int(lo, hi) => {
            let (lo, hi) = k.valid.unwrap_or((*lo, *hi));
            if lo == i64::MIN {
                "whole number".into()
            } else {
                format!("whole number, {lo} to {hi}")
            }
        }
        Ty::Names => "list of names".into(),
        Ty::Table(_) => "table".into(),
        Ty::Tables(_) => "list of tables".into(),
        Ty::Map(inner) => format!("table of {}", type_words(inner, k)),
    }
}
