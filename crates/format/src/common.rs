//! The validation of what every family's file has: name, board, players and
//! turn order, pieces, zones, notation order, end conditions and setup.
//! Every problem goes to the diagnostics with its place; a family then
//! reads its own keys (see [`Common::player_spec`], [`Common::cells`]).

use crate::spec::{Names, Opt, PlayerSpec, VariantFile};
use crate::Diagnostics;
use crate::Family;
use leap_core::{
    rules::{EndRules, KindMask, NoMoves},
    search::Score,
    Bitset, Board, BoardError, Cell, Coord, Geometry, KindInfo, Piece, Player, PlayerInfo, Position, MAX_KINDS,
    MAX_PLAYERS,
};
use toml::Spanned;

/// What a zone means for its player.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ZoneRole {
    /// The player's pieces here count towards the goal condition (`goal_count`).
    Goal,
    /// The player's pieces may never end a step, canter or jump here.
    Forbidden,
}

/// A zone of the file's `[[zones]]`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Zone {
    /// Its name (`the hill`), or a description made from its role.
    pub name: String,
    /// Whose zone it is.
    pub player: Player,
    /// What it means.
    pub role: ZoneRole,
    /// Its cells.
    pub cells: Bitset,
    /// Where its cells are written (the offset of its `cells` value, for
    /// problems found when the whole game is known).
    pub at: usize,
}

/// The validated parts every family shares.
pub struct Common {
    /// The family, which reads the rest.
    pub family: Family,
    /// The variant's short name.
    pub name: String,
    /// Its title, if it has one.
    pub title: Option<String>,
    /// The board, with its cell names.
    pub board: Board,
    /// The players, in turn order.
    pub players: Vec<PlayerInfo>,
    /// For each player in turn order, its index in `[[players]]`.
    pub listed: Vec<usize>,
    /// The kinds of piece.
    pub kinds: Vec<KindInfo>,
    /// The order of the players in position strings (and result tokens,
    /// unless `result_order` says otherwise).
    pub notation_order: Vec<Player>,
    /// The order of the scores in result tokens.
    pub result_order: Vec<Player>,
    /// The `[[zones]]`.
    pub zones: Vec<Zone>,
    /// The end conditions (royal counts taken from the start position).
    pub end: EndRules,
    /// The start position.
    pub start: Position,
    /// Which of the checks made on the whole game the parts above are
    /// sound enough for, when the file has problems (all are, when it has
    /// none): a check is made where the problems found cannot have caused
    /// what it would find, and a game with problems is never played.
    pub sound: Sound,
}

/// The checks on the whole game that a file's shared parts are sound
/// enough for, despite its problems (see [`Common::sound`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Sound {
    /// The goals' ([`check_goal_count`]): the board's cells, the players
    /// and their turn order, the zones and `goal_count` are as the file
    /// means them (a family adds its own parts of the goals, as castles).
    pub goals: bool,
    /// The start position's ([`crate::playable`]): everything the game is
    /// built from is as the file means it; only keys that do not change
    /// the game may have problems (the variant's name and title, player
    /// letters, `[notation]`, `[eval]`).
    pub start: bool,
}

impl Common {
    /// The `[[players]]` entry of `player` (a turn-order index).
    pub fn player_spec<'a>(&self, spec: &'a VariantFile, player: Player) -> &'a PlayerSpec {
        &spec.players.get_ref()[self.listed[player.index()]]
    }

    /// The union of `player`'s zones of `role`.
    pub fn zone_cells(&self, player: Player, role: ZoneRole) -> Bitset {
        zone_cells(&self.zones, player, role)
    }

    /// The cells of a list of cell names; a name that is not a cell of the
    /// board is an error (`what` says which list, as `castle cell`).
    pub fn cells(&self, list: &Names, what: &str, diag: &mut Diagnostics) -> Bitset {
        cells_of(&self.board, list, what, diag)
    }
}

/// The union of the cells of `player`'s `zones` of `role`.
pub fn zone_cells(zones: &[Zone], player: Player, role: ZoneRole) -> Bitset {
    zones.iter().filter(|z| z.player == player && z.role == role).fold(Bitset::EMPTY, |s, z| s | z.cells)
}

/// Why no piece of `player` (named `name`) lands on `cell`, when a
/// forbidden zone of `zones` holds it: for [`leap_core::Game::off_limits`].
pub fn forbidden_words(zones: &[Zone], player: Player, name: &str, cell: Cell, board: &Board) -> Option<String> {
    let zone = zones.iter().find(|z| z.player == player && z.role == ZoneRole::Forbidden && z.cells.contains(cell))?;
    Some(format!("{} is in {}, where {name}'s pieces never land", board.name(cell), zone.name))
}

fn cells_of(board: &Board, list: &Names, what: &str, diag: &mut Diagnostics) -> Bitset {
    let mut set = Bitset::EMPTY;
    for c in list.get_ref() {
        match board.cell(c.get_ref()) {
            Some(cell) if set.contains(cell) => {
                diag.error(c.span().start, format!("{what} `{}` is listed twice", c.get_ref()))
            }
            Some(cell) => set.insert(cell),
            None => diag.error(c.span().start, format!("{what} `{}` is not on the board", c.get_ref())),
        }
    }
    if list.get_ref().is_empty() {
        diag.error(list.span().start, format!("expected at least one {what}"));
    }
    set
}

/// Reports a key that `family` does not read (`key` as written).
pub fn foreign<T>(value: &Opt<T>, key: &str, family: Family, diag: &mut Diagnostics) {
    if let Some(v) = value {
        diag.error(v.span().start, format!("`{key}` is not a key of the {} family", family.name()));
    }
}

/// [`foreign`] for a list-valued key.
pub fn foreign_list(value: &Option<Names>, key: &str, family: Family, diag: &mut Diagnostics) {
    if let Some(v) = value {
        diag.error(v.span().start, format!("`{key}` is not a key of the {} family", family.name()));
    }
}

/// A required key of a family: its value, or `None` and the key (`what`)
/// said missing at `at`, unless the file gave it a value of the wrong type
/// (`path` broken, as `players.0.forward`: [`VariantFile::is_broken`]),
/// which has had its problem said.
pub fn required<'a, T>(
    spec: &VariantFile,
    value: &'a Opt<T>,
    path: &str,
    what: &str,
    at: usize,
    diag: &mut Diagnostics,
) -> Option<&'a Spanned<T>> {
    if value.is_none() && !spec.is_broken(path) {
        diag.error(at, format!("missing `{what}`"));
    }
    value.as_ref()
}

/// Validates the shared parts of `spec`. None when one of them is too
/// broken for the rest to be checked (the reasons are in `diag`).
pub fn read_common(spec: &VariantFile, diag: &mut Diagnostics) -> Option<Common> {
    let family = *spec.family.get_ref();
    let name = spec.name.get_ref().clone();
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
        diag.error(spec.name.span().start, format!("`{name}` is not a variant name; use letters, digits, `-` and `_`"));
    }
    // Whether each part is found without a problem: a check that
    // leaves the count of problems as it was.
    let mut at = diag.count();
    let mut clean = |diag: &Diagnostics| std::mem::replace(&mut at, diag.count()) == diag.count();
    let (board, geometry_known) = board(spec, diag);
    let board_clean = clean(diag) && geometry_known;
    let before = diag.count();
    let (listed_players, listed, letter_problems) = players(spec, diag);
    // (Letters name players in position strings alone.)
    let players_clean =
        diag.count() - before <= letter_problems && spec.players.get_ref().iter().all(|p| p.name.is_some());
    clean(diag);
    let players: Vec<PlayerInfo> = listed.iter().filter_map(|&i| listed_players.get(i).cloned()).collect();
    let kinds = pieces(spec, &listed, diag);
    let kinds_clean = clean(diag) && spec.pieces.get_ref().iter().all(|p| p.name.is_some() && p.prefix.is_some());
    let notation_order = player_order(spec, spec.notation.player_order.as_ref(), "player_order", &players, diag);
    let result_order = match &spec.notation.result_order {
        Some(_) => player_order(spec, spec.notation.result_order.as_ref(), "result_order", &players, diag),
        None => notation_order.clone(),
    };
    clean(diag);
    let board = board?;
    ambiguous_names(spec, &board, &kinds, diag);
    let names_clean = clean(diag);
    let zones = zones(spec, &board, &players, diag);
    let zones_clean =
        clean(diag) && spec.zones.iter().all(|z| z.player.is_some() && z.role.is_some() && z.cells.is_some());
    let mut end = end_rules(spec, family, &kinds, diag);
    let end_clean = clean(diag);
    let start = setup(spec, &board, &players, &kinds, diag);
    let setup_clean = clean(diag);
    end.count_royals(&start, players.len());
    let goals = players_clean
        && zones_clean
        && ["family", "board", "turn_order", "zones", "end.goal_count"].iter().all(|k| !spec.is_broken(k));
    // (Keys that do not change the game: `players.1.letter`.)
    let harmless = |key: &String| {
        let mut parts = key.split('.');
        let first = parts.next().unwrap_or("");
        ["name", "title", "notation", "eval"].contains(&first) || (first == "players" && parts.nth(1) == Some("letter"))
    };
    let sound = Sound {
        goals,
        start: goals
            && board_clean
            && kinds_clean
            && names_clean
            && end_clean
            && setup_clean
            && spec.broken.iter().all(harmless),
    };
    Some(Common {
        family,
        name,
        title: spec.title.clone(),
        board,
        players,
        listed,
        kinds,
        notation_order,
        result_order,
        zones,
        end,
        start,
        sound,
    })
}

/// The board: its cells from the layout, and their names. An unknown
/// geometry is reported, and the board is read on as a square one, for
/// the problems that do not depend on how its cells touch (its layout,
/// names, castles, zones, setup): the second value says whether the
/// geometry is the file's.
fn board(spec: &VariantFile, diag: &mut Diagnostics) -> (Option<Board>, bool) {
    let b = &spec.board;
    let geometries = [("square", Geometry::Square), ("diagonal", Geometry::Diagonal), ("hex", Geometry::Hex)];
    let written = b.geometry.get_ref().as_str();
    let (geometry, known) = match geometries.iter().find(|(name, _)| *name == written) {
        Some(&(_, g)) => (g, true),
        None => {
            let expected = "square, diagonal or hex";
            let message = match crate::schema::nearest(written, geometries.iter().map(|(n, _)| *n)) {
                Some(near) => format!("unknown geometry `{written}`; did you mean `{near}`? Expected {expected}"),
                None => format!("unknown geometry `{written}`; expected {expected}"),
            };
            diag.error(b.geometry.span().start, message);
            // (Square boards take every layout: no problem of the layout
            // is said that another geometry would not have.)
            (Geometry::Square, false)
        }
    };
    (board_of(spec, geometry, diag), known)
}

fn board_of(spec: &VariantFile, geometry: Geometry, diag: &mut Diagnostics) -> Option<Board> {
    let b = &spec.board;
    let mut board = match Board::from_layout(geometry, *b.files.get_ref(), *b.ranks.get_ref(), b.layout.get_ref()) {
        Ok(board) => board,
        Err(e) => {
            let at = match &e {
                BoardError::LayoutAt { line, column, .. } => {
                    layout_place(diag.text_from(b.layout.span().start), b.layout.get_ref(), *line, *column)
                        .map_or(b.layout.span().start, |o| b.layout.span().start + o)
                }
                _ => b.layout.span().start,
            };
            diag.error(at, e.to_string());
            return None;
        }
    };
    let Some(names) = &b.names else {
        return Some(board);
    };
    // The cells in layout order: top rank first, file by file.
    let mut coords: Vec<Coord> = board.cells().iter().map(|c| board.coord(c)).collect();
    coords.sort_by_key(|c| (std::cmp::Reverse(c.rank), c.file));
    let words: Vec<&str> = names.get_ref().split_whitespace().collect();
    if words.len() != coords.len() {
        diag.error(
            names.span().start,
            format!(
                "`names` lists {} names for the layout's {} cells; give one name per cell, in the layout's order",
                words.len(),
                coords.len()
            ),
        );
        return None;
    }
    let mut by_cell: Vec<(Cell, String)> = Vec::with_capacity(coords.len());
    for (i, (word, coord)) in words.iter().zip(&coords).enumerate() {
        let letters = word.chars().take_while(|c| c.is_ascii_alphabetic()).count();
        if letters == word.len() || !word[letters..].chars().all(|c| c.is_ascii_digit()) {
            let start = names.span().start;
            let at = word_place(diag.text_from(start), names.get_ref(), i).map_or(start, |o| start + o);
            diag.error(at, format!("`{word}` is not a cell name; expected digits, optionally after letters (22, E6)"));
            return None;
        }
        let cell = board.at(*coord).expect("the board holds every cell of the layout");
        by_cell.push((cell, word.to_string()));
    }
    // (Names go to the board in square order.)
    by_cell.sort_by_key(|&(cell, _)| cell);
    if let Err(e) = board.set_names(by_cell.into_iter().map(|(_, name)| name).collect()) {
        diag.error(names.span().start, e.to_string());
        return None;
    }
    Some(board)
}

/// Where the character `column` of the line `line` of `layout` (the
/// layout's text, as read) is written in `written`, the file from the
/// layout's value on: its offset there (an escape's `\\`, for a character
/// written as one); `None` where the value is not written as read.
fn layout_place(written: &str, layout: &str, line: usize, column: usize) -> Option<usize> {
    let places = text_places(written, layout)?;
    let start: usize = layout.split('\n').take(line).map(|l| l.len() + 1).sum();
    let text = layout.get(start..)?.split('\n').next()?;
    let text = text.strip_suffix('\r').unwrap_or(text);
    places.get(start + text.char_indices().nth(column).map_or(text.len(), |(b, _)| b)).copied()
}

/// Where each byte of `read`, the text of the string value written at the
/// start of `written`, is written there: for each, the offset of its
/// character, or of the escape that writes it (`\n`, `\u0041`); then the
/// offset of the closing quotes. `None` where the value written does not
/// read as `read` (not a string, or written in a way not known here).
fn text_places(written: &str, read: &str) -> Option<Vec<usize>> {
    let quotes = ["\"\"\"", "'''", "\"", "'"].into_iter().find(|q| written.starts_with(*q))?;
    let (multi, basic) = (quotes.len() == 3, quotes.starts_with('"'));
    let mut at = quotes.len();
    // (A line break right after opening triple quotes is not part of the text.)
    if multi {
        at += [2, 1].into_iter().find(|&n| written[at..].starts_with(&"\r\n"[2 - n..])).unwrap_or(0);
    }
    let (mut text, mut places) = (String::new(), Vec::new());
    let mut push = |c: char, from: usize| {
        text.push(c);
        places.extend(std::iter::repeat_n(from, c.len_utf8()));
    };
    loop {
        let rest = written.get(at..)?;
        if rest.starts_with(quotes) {
            // (Up to two quotes before the closing three are text.)
            if multi && rest[3..].starts_with(&quotes[..1]) {
                push(rest.chars().next()?, at);
                at += 1;
                continue;
            }
            break;
        }
        let c = rest.chars().next()?;
        if multi && rest.starts_with("\r\n") {
            push('\n', at);
            at += 2;
        } else if basic && c == '\\' {
            let hex = |digits: usize| {
                let code = u32::from_str_radix(rest.get(2..2 + digits)?, 16).ok()?;
                Some((char::from_u32(code)?, 2 + digits))
            };
            let (escaped, len) = match rest[1..].chars().next()? {
                'b' => ('\u{8}', 2),
                't' => ('\t', 2),
                'n' => ('\n', 2),
                'f' => ('\u{c}', 2),
                'r' => ('\r', 2),
                'e' => ('\u{1b}', 2),
                '"' => ('"', 2),
                '\\' => ('\\', 2),
                'x' => hex(2)?,
                'u' => hex(4)?,
                'U' => hex(8)?,
                // A line-ending backslash: the line break and the white
                // space around it are not text.
                ' ' | '\t' | '\r' | '\n' if multi => {
                    at += 1 + rest[1..].len() - rest[1..].trim_start_matches([' ', '\t', '\r', '\n']).len();
                    continue;
                }
                _ => return None,
            };
            push(escaped, at);
            at += len;
        } else {
            push(c, at);
            at += c.len_utf8();
        }
    }
    places.push(at);
    (text == read).then_some(places)
}

/// Where the word `index` (parted by white space) of `read`, the text of
/// the string value written at the start of `written`, is written there:
/// its offset, as [`text_places`] finds it.
fn word_place(written: &str, read: &str, index: usize) -> Option<usize> {
    let places = text_places(written, read)?;
    let mut starts = read.char_indices().scan(true, |space_before, (i, c)| {
        let start = (*space_before && !c.is_whitespace()).then_some(i);
        *space_before = c.is_whitespace();
        Some(start)
    });
    let start = starts.by_ref().flatten().nth(index)?;
    places.get(start).copied()
}

/// Cell names that a piece's prefix makes ambiguous: with cells `KC2` and
/// `C2`, `KC2` in a position string or a setup would read both as a piece
/// on `KC2` and as a Knight (prefix `K`) on `C2`.
fn ambiguous_names(spec: &VariantFile, board: &Board, kinds: &[KindInfo], diag: &mut Diagnostics) {
    let Some(names) = &spec.board.names else {
        return;
    };
    for cell in board.cells().iter() {
        let name = board.name(cell);
        for kind in kinds.iter().filter(|k| !k.prefix.is_empty()) {
            let Some(rest) = name.strip_prefix(kind.prefix.as_str()) else { continue };
            if board.cell(rest).is_some() {
                diag.error(
                    names.span().start,
                    format!(
                        "cells `{name}` and `{rest}` cannot both be named so: `{name}` would also read as a {} \
                         (prefix `{}`) on `{rest}`; rename one of them",
                        kind.name, kind.prefix
                    ),
                );
            }
        }
    }
}

fn one_letter(text: &str) -> Option<char> {
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if c.is_ascii_alphabetic() => Some(c),
        _ => None,
    }
}

/// Reports `name`, written where a player is expected (`what`: `zone of`,
/// `[setup] names`), as no player of `players`; unless the file lists it
/// past the most a game has ([`MAX_PLAYERS`]), refused once already for
/// the number of players.
fn not_a_player(
    spec: &VariantFile,
    players: &[PlayerInfo],
    name: &toml::Spanned<String>,
    what: &str,
    diag: &mut Diagnostics,
) {
    let listed = spec.players.get_ref();
    if listed.iter().skip(MAX_PLAYERS).any(|p| p.name.as_ref().is_some_and(|n| n.get_ref() == name.get_ref())) {
        return;
    }
    // (A player whose name is left out, for a problem said already, may
    // be the one meant.)
    if listed.iter().take(MAX_PLAYERS).any(|p| p.name.is_none()) {
        return;
    }
    let names: Vec<&str> = players.iter().map(|p| p.name.as_str()).collect();
    diag.error(
        name.span().start,
        format!("{what} `{}`, which is not a player; expected {}", name.get_ref(), names.join(", ")),
    );
}

/// The players as listed, and the turn order as indices into that list.
/// (The third value: how many of the problems reported are of the
/// players' letters.)
fn players(spec: &VariantFile, diag: &mut Diagnostics) -> (Vec<PlayerInfo>, Vec<usize>, usize) {
    let listed = spec.players.get_ref();
    let range = spec.family.get_ref().players();
    if !range.contains(&listed.len()) {
        let want = if range.start() == range.end() {
            format!("{}", range.start())
        } else {
            format!("{} to {}", range.start(), range.end())
        };
        diag.error(
            spec.players.span().start,
            format!("a {} variant has {want} players, this file lists {}", spec.family.get_ref().name(), listed.len()),
        );
    }
    let mut infos: Vec<PlayerInfo> = Vec::new();
    let mut letter_problems = 0;
    for (i, p) in listed.iter().enumerate().take(MAX_PLAYERS) {
        // (A key left out has had its problem said: a stand-in takes its place.)
        let letter = match p.letter.as_ref().map(|l| (l, one_letter(l.get_ref()))) {
            None => '?',
            Some((l, Some(c))) => {
                if infos.iter().any(|i| i.letter.eq_ignore_ascii_case(&c)) {
                    diag.error(l.span().start, format!("player letter `{c}` is used twice"));
                    letter_problems += 1;
                }
                c.to_ascii_uppercase()
            }
            Some((l, None)) => {
                diag.error(
                    l.span().start,
                    format!("`{}` is not a player letter; expected one ASCII letter, A to Z, such as W", l.get_ref()),
                );
                letter_problems += 1;
                '?'
            }
        };
        let name = match &p.name {
            None => format!("[[players]] number {}", i + 1),
            Some(name) => {
                if let Some(problem) = name_problem("player", name.get_ref()) {
                    diag.error(name.span().start, problem);
                } else if infos.iter().any(|i| i.name == *name.get_ref()) {
                    diag.error(name.span().start, format!("player name `{}` is used twice", name.get_ref()));
                }
                name.get_ref().clone()
            }
        };
        infos.push(PlayerInfo { name, letter });
    }
    let in_list_order: Vec<usize> = (0..infos.len()).collect();
    let Some(order) = &spec.turn_order else {
        return (infos, in_list_order, letter_problems);
    };
    let Some(turns) = player_list(spec, order, &infos, "turn_order", diag) else {
        return (infos, in_list_order, letter_problems);
    };
    (infos, turns, letter_problems)
}

/// What is wrong with `name` as the name of a player or a kind of piece
/// (`what`), which messages, records and their tags quote ("Black
/// resigned"), if anything: it is empty, begins or ends with a space, or
/// holds a line break or another control character.
fn name_problem(what: &str, name: &str) -> Option<String> {
    if name.trim().is_empty() {
        Some(format!("a {what} needs a name (`name = \"...\"`), not an empty one"))
    } else if name.trim() != name {
        Some(format!("{what} name `{name}` begins or ends with a space; write `{}`", name.trim()))
    } else if name.chars().any(char::is_control) {
        Some(format!("{what} name `{}` holds a line break or another control character", leap_core::visible(name)))
    } else {
        None
    }
}

/// A list naming every player once (`turn_order`, `player_order`), as
/// indices into `players`; None (and diagnostics) when it does not.
fn player_list(
    spec: &VariantFile,
    list: &Names,
    players: &[PlayerInfo],
    key: &str,
    diag: &mut Diagnostics,
) -> Option<Vec<usize>> {
    let mut out = Vec::new();
    let mut ok = true;
    for name in list.get_ref() {
        match players.iter().position(|p| p.name == *name.get_ref()) {
            Some(i) if out.contains(&i) => {
                diag.error(name.span().start, format!("{key} lists `{}` twice", name.get_ref()));
                ok = false;
            }
            Some(i) => out.push(i),
            None => {
                not_a_player(spec, players, name, &format!("{key} names"), diag);
                ok = false;
            }
        }
    }
    if ok && out.len() != players.len() {
        let missing: Vec<String> =
            (0..players.len()).filter(|i| !out.contains(i)).map(|i| format!("`{}`", players[i].name)).collect();
        diag.error(
            list.span().start,
            format!("{key} must list every player once; it leaves out {}", missing.join(", ")),
        );
        ok = false;
    }
    ok.then_some(out)
}

/// The kinds of piece; `listed[t]` is the `[[players]]` index of the
/// player `t` in turn order (`symbols` are written in `[[players]]` order).
fn pieces(spec: &VariantFile, listed: &[usize], diag: &mut Diagnostics) -> Vec<KindInfo> {
    let pieces = spec.pieces.get_ref();
    if pieces.is_empty() || pieces.len() > MAX_KINDS {
        diag.error(spec.pieces.span().start, format!("expected 1 to {MAX_KINDS} piece kinds, found {}", pieces.len()));
    }
    let players = spec.players.get_ref().len();
    let mut kinds: Vec<KindInfo> = Vec::new();
    let mut seen_symbols: Vec<char> = Vec::new();
    // (Keys left out have had their problems said: stand-ins take their
    // places, and the checks that need them are not made.)
    let same = |a: &Opt<String>, b: &Opt<String>| a.as_ref().zip(b.as_ref()).is_some_and(|(a, b)| a == b);
    for (i, p) in pieces.iter().enumerate().take(MAX_KINDS) {
        let prefix = p.prefix.as_ref().map_or("?", |v| v.get_ref().as_str());
        if let Some(v) = &p.prefix {
            if !prefix.chars().all(|c| c.is_ascii_uppercase()) {
                diag.error(
                    v.span().start,
                    format!("prefix `{prefix}` must be upper-case letters (or empty for the plain piece)"),
                );
            }
            if pieces[..i].iter().any(|q| same(&q.prefix, &p.prefix)) {
                diag.error(v.span().start, format!("prefix `{prefix}` is used by two kinds of piece"));
            }
        }
        let name = match &p.name {
            None => format!("[[pieces]] number {}", i + 1),
            Some(name) => {
                if let Some(problem) = name_problem("piece", name.get_ref()) {
                    diag.error(name.span().start, problem);
                } else if pieces[..i].iter().any(|q| same(&q.name, &p.name)) {
                    diag.error(name.span().start, format!("two kinds of piece are named `{}`", name.get_ref()));
                }
                name.get_ref().clone()
            }
        };
        // Diagram letters, in [[players]] order.
        let mut by_listed = vec!['?'; players];
        match (&p.symbol, &p.symbols) {
            (Some(one), None) => match one_letter(one.get_ref()) {
                Some(c) if seen_symbols.contains(&c.to_ascii_uppercase()) => {
                    diag.error(one.span().start, format!("symbol `{c}` is used by two kinds of piece"))
                }
                Some(c) => {
                    seen_symbols.extend([c.to_ascii_uppercase(), c.to_ascii_lowercase()]);
                    for (j, slot) in by_listed.iter_mut().enumerate() {
                        *slot = if j == 0 { c.to_ascii_uppercase() } else { c.to_ascii_lowercase() };
                    }
                }
                None => diag.error(
                    one.span().start,
                    format!("`{}` is not a diagram symbol; expected one ASCII letter, A to Z", one.get_ref()),
                ),
            },
            (None, Some(list)) => {
                if list.get_ref().len() != players {
                    diag.error(
                        list.span().start,
                        format!(
                            "expected {}, one per player, found {}",
                            leap_core::counted(players as u64, "diagram letter"),
                            list.get_ref().len()
                        ),
                    );
                }
                for (j, s) in list.get_ref().iter().enumerate().take(players) {
                    match one_letter(s.get_ref()) {
                        Some(c) if seen_symbols.contains(&c) => {
                            diag.error(s.span().start, format!("diagram letter `{c}` is used twice"))
                        }
                        Some(c) => {
                            seen_symbols.push(c);
                            by_listed[j] = c;
                        }
                        None => diag.error(
                            s.span().start,
                            format!("`{}` is not a diagram letter; expected one letter", s.get_ref()),
                        ),
                    }
                }
            }
            (Some(one), Some(_)) => diag.error(
                one.span().start,
                "give either `symbol` (one letter, cased by player) or `symbols` (one per player), not both",
            ),
            (None, None) => {
                let piece = p.name.as_ref().map_or(name.clone(), |n| format!("piece `{}`", n.get_ref()));
                let at = p.named_at().unwrap_or(spec.pieces.span().start);
                diag.error(at, format!("{piece} needs `symbol = \"X\"` or `symbols` (one letter per player)"));
            }
        }
        let value = p.value.as_ref().and_then(|v| match Score::try_from(*v.get_ref()) {
            Ok(n) if (1..=10_000).contains(&n) => Some(n),
            _ => {
                diag.error(
                    v.span().start,
                    format!(
                        "value = {}: {} (hundredths of a plain piece)",
                        v.get_ref(),
                        crate::schema::whole_number(1, 10_000)
                    ),
                );
                None
            }
        });
        let symbols = listed.iter().map(|&j| by_listed.get(j).copied().unwrap_or('?')).collect();
        kinds.push(KindInfo { name, prefix: prefix.to_string(), symbols, value });
    }
    kinds
}

/// The players in the order of the `[notation]` list `order` (the key
/// `key`), or turn order without it.
fn player_order(
    spec: &VariantFile,
    order: Option<&Names>,
    key: &str,
    players: &[PlayerInfo],
    diag: &mut Diagnostics,
) -> Vec<Player> {
    let turn_order: Vec<Player> = (0..players.len()).map(|i| Player(i as u8)).collect();
    let Some(order) = order else {
        return turn_order;
    };
    match player_list(spec, order, players, key, diag) {
        Some(list) => list.into_iter().map(|i| Player(i as u8)).collect(),
        None => turn_order,
    }
}

fn zones(spec: &VariantFile, board: &Board, players: &[PlayerInfo], diag: &mut Diagnostics) -> Vec<Zone> {
    let mut out = Vec::new();
    for z in &spec.zones {
        // (A key left out has had its problem said; the others are checked.)
        let player = z.player.as_ref().and_then(|name| {
            let found = players.iter().position(|p| p.name == *name.get_ref());
            if found.is_none() {
                not_a_player(spec, players, name, "zone of", diag);
            }
            found
        });
        let role = z.role.as_ref().and_then(|role| match role.get_ref().as_str() {
            "goal" => Some(ZoneRole::Goal),
            "forbidden" => Some(ZoneRole::Forbidden),
            other => {
                diag.error(role.span().start, format!("role = `{other}`; expected \"goal\" or \"forbidden\""));
                None
            }
        });
        let cells = z.cells.as_ref().map(|cells| cells_of(board, cells, "zone cell", diag));
        if let (Some(p), Some(role), Some(cells), Some(written)) = (player, role, cells, &z.cells) {
            let name = z.name.as_ref().map(|n| n.get_ref().clone()).unwrap_or_else(|| {
                let what = if role == ZoneRole::Goal { "goal" } else { "forbidden zone" };
                format!("{}'s {what}", players[p].name)
            });
            out.push(Zone { name, player: Player(p as u8), role, cells, at: written.span().start });
        }
    }
    out
}

/// The end conditions' defaults of each family, for the keys a file leaves out.
struct EndDefaults {
    goal_count: u32,
    bare_win_min_material: u32,
    insufficient_material: u32,
    no_moves_loss_needs: u32,
    repetition: u32,
    move_limit: u16,
    advance_limit: u16,
}

fn end_defaults(family: Family) -> EndDefaults {
    match family {
        // The WCF rules of Camelot.
        Family::Camelot => EndDefaults {
            goal_count: 2,
            bare_win_min_material: 2,
            insufficient_material: 1,
            no_moves_loss_needs: 2,
            repetition: 3,
            move_limit: 100,
            advance_limit: 0,
        },
        // American checkers: loss without pieces or moves, the 50-move rules.
        Family::Checkers => EndDefaults {
            goal_count: 0,
            bare_win_min_material: 1,
            insufficient_material: 0,
            no_moves_loss_needs: 0,
            repetition: 0,
            move_limit: 100,
            advance_limit: 100,
        },
    }
}

fn end_rules(spec: &VariantFile, family: Family, kinds: &[KindInfo], diag: &mut Diagnostics) -> EndRules {
    let e = &spec.end;
    let d = end_defaults(family);
    let value = |x: &Opt<u32>, default: u32| x.as_ref().map_or(default, |v| *v.get_ref());
    let needs = value(&e.no_moves_loss_needs, d.no_moves_loss_needs);
    let no_moves = match e.no_moves.as_ref().map(|v| v.get_ref().as_str()) {
        // (Needing one piece is a condition only where nothing else ends
        // the game of an opponent without pieces: see below.)
        None | Some("loss") if needs > 1 => NoMoves::LossIfOpponentHas(needs),
        None | Some("loss") => NoMoves::Loss,
        Some("draw") => NoMoves::Draw,
        Some("win") => NoMoves::Win,
        Some(other) => {
            let at = e.no_moves.as_ref().map_or(0, |v| v.span().start);
            diag.error(at, format!("no_moves = `{other}`; expected \"loss\", \"draw\" or \"win\""));
            NoMoves::Loss
        }
    };
    let mut mask = |key: &str, names: &Option<Names>| -> Option<KindMask> {
        let names = names.as_ref()?;
        let mut m = 0;
        for n in names.get_ref() {
            match kinds.iter().position(|k| k.name == *n.get_ref()) {
                Some(i) if m & 1 << i != 0 => {
                    diag.error(n.span().start, format!("{key} names `{}` twice", n.get_ref()))
                }
                Some(i) => m |= 1 << i,
                // (A kind whose name is left out, for a problem said already, may be the one meant.)
                None if spec.pieces.get_ref().iter().any(|p| p.name.is_none()) => {}
                None => {
                    let known: Vec<&str> = kinds.iter().map(|k| k.name.as_str()).collect();
                    diag.error(
                        n.span().start,
                        format!(
                            "{key} names `{}`, which is not a piece; expected one of {}",
                            n.get_ref(),
                            known.join(", ")
                        ),
                    );
                }
            }
        }
        Some(m)
    };
    let royal = mask("royal", &e.royal).unwrap_or(0);
    let extinction = mask("extinction", &e.extinction).unwrap_or(0);
    let bare_min_material = value(&e.bare_win_min_material, d.bare_win_min_material);
    // `baring = []` and `bare_win_min_material = 0` both switch baring off.
    let baring = match mask("baring", &e.baring).unwrap_or(KindMask::MAX) {
        _ if bare_min_material == 0 => 0,
        m => m,
    };
    // (Keys that say how a rule works, where the rule is off: read and
    // never used, as a variant's author would not expect. Only where the
    // file read writes them: a file that switches a rule off leaves the
    // keys of the variant it extends as they are.)
    let own = |at: usize| diag.is_own(at);
    let written = |v: &Opt<u32>| v.as_ref().filter(|v| own(v.span().start)).map(|v| (*v.get_ref(), v.span().start));
    let (needs_written, min_written) = (written(&e.no_moves_loss_needs), written(&e.bare_win_min_material));
    let counter_written =
        e.counter_baring.as_ref().filter(|c| *c.get_ref() && own(c.span().start)).map(|c| c.span().start);
    if let Some((_, at)) = needs_written.filter(|_| matches!(no_moves, NoMoves::Draw | NoMoves::Win)) {
        let what = if no_moves == NoMoves::Draw { "draw" } else { "win" };
        diag.error(
            at,
            format!(
                "no_moves_loss_needs says when having no legal move loses, and here it never does \
                 (no_moves = \"{what}\"): leave it out, or set no_moves = \"loss\""
            ),
        );
    }
    if baring == 0 && !spec.is_broken("end.baring") {
        let off = if bare_min_material == 0 { "bare_win_min_material = 0" } else { "baring = []" };
        if let Some(at) = counter_written {
            diag.error(
                at,
                format!("counter_baring = true changes how a bare side loses, and no side is ever bare here ({off}): leave it out"),
            );
        }
        if let Some((m, at)) = min_written.filter(|&(m, _)| m > 0) {
            diag.error(
                at,
                format!(
                    "bare_win_min_material = {m} says what baring needs, and no side is ever bare here (baring = []): \
                     leave it out"
                ),
            );
        }
    }
    if let Some(r) = e.repetition.as_ref().filter(|r| *r.get_ref() == 1) {
        // (Every position occurs once: the game would be drawn before it starts.)
        diag.error(
            r.span().start,
            format!(
                "repetition = {}: every position occurs once, so the start would already be drawn; \
                 expected 2 or more (the occurrence that draws), or 0 for never",
                r.get_ref()
            ),
        );
    }
    // An opponent without pieces is bare, or has lost its royal pieces,
    // and has lost already; with neither rule, it may still be there to win
    // by a stalemate, which needing one piece makes a draw.
    let no_moves = match no_moves {
        NoMoves::Loss if needs == 1 && baring == 0 && royal == 0 && extinction == 0 => NoMoves::LossIfOpponentHas(1),
        other => other,
    };
    // 0 switches a numeric condition off.
    let on = |n: u32| (n > 0).then_some(n);
    let limit = |x: &Opt<u16>, default: u16| Some(x.as_ref().map_or(default, |v| *v.get_ref())).filter(|n| *n > 0);
    EndRules {
        goal_count: on(value(&e.goal_count, d.goal_count)),
        bare_min_material: bare_min_material.max(1),
        insufficient_material: on(value(&e.insufficient_material, d.insufficient_material)),
        no_moves,
        move_limit: limit(&e.move_limit, d.move_limit),
        advance_limit: limit(&e.advance_limit, d.advance_limit),
        repetition: on(value(&e.repetition, d.repetition)),
        royal,
        royal_count: [0; MAX_PLAYERS],
        extinction,
        baring,
        counter_baring: e.counter_baring.as_ref().is_some_and(|b| *b.get_ref()),
        bare_goal: e.bare_goal.as_ref().is_none_or(|b| *b.get_ref()),
    }
}

/// Refuses a goal that can never be reached: `goal_count` (the file's, or
/// the family's default) pieces in a player's goal of fewer cells, or a
/// goal count where no player has a goal, or a goal that the player's
/// forbidden zones (of `zones`) leave with fewer cells its pieces may end
/// a move on (counting those where `start` has a piece of its own). `goals[p]` is player `p`'s goal
/// (the castles it wins by entering, and its goal zones; empty where it has
/// none) and, when the file leaves `goal_count` to the family, where to
/// report its problem (`None`: at the player's first goal zone).
pub fn check_goal_count(
    spec: &VariantFile,
    goal_count: Option<u32>,
    goals: &[(Bitset, Option<usize>)],
    players: &[PlayerInfo],
    (zones, start): (&[Zone], &Position),
    diag: &mut Diagnostics,
) {
    let Some(n) = goal_count else { return };
    let given = spec.end.goal_count.as_ref();
    let what = match given {
        Some(_) => format!("goal_count = {n}"),
        None => format!("the goal count is {n} (the family's default; `goal_count` under [end] sets it)"),
    };
    if goals.iter().all(|(cells, _)| cells.is_empty()) {
        if let Some(g) = given {
            diag.error(
                g.span().start,
                format!(
                    "{what}, but no player has a goal (a castle to enter, or a zone of role \"goal\"); \
                     expected 0 (no goal)"
                ),
            );
        }
        return;
    }
    let short: Vec<(&PlayerInfo, u32, Option<usize>)> = goals
        .iter()
        .zip(players)
        .map(|((cells, at), player)| (player, cells.len(), *at))
        .filter(|&(_, size, _)| size > 0 && size < n)
        .collect();
    let cells = |size: u32| if size == 1 { "1 cell".to_string() } else { format!("{size} cells") };
    // A goal its player's forbidden zones cover: its pieces never end a
    // move there (a piece set up there may stay), so the goal is never
    // reached, whatever other way to win the game has.
    for (p, ((goal, _), player)) in goals.iter().zip(players).enumerate() {
        let forbidden = zone_cells(zones, Player(p as u8), ZoneRole::Forbidden);
        let held = start.pieces_of(Player(p as u8));
        let open = (*goal - forbidden) | (*goal & forbidden & held);
        if goal.len() < n || open.len() >= n {
            continue;
        }
        let Some(zone) = zones
            .iter()
            .find(|z| z.player == Player(p as u8) && z.role == ZoneRole::Forbidden && z.cells.intersects(*goal))
        else {
            continue;
        };
        let covered = goal.len() - open.len();
        let how_much = if open.is_empty() {
            format!("{}'s whole goal ({}: castles to enter, goal zones)", player.name, cells(goal.len()))
        } else {
            format!("{covered} of the {} of {}'s goal (castles to enter, goal zones)", cells(goal.len()), player.name)
        };
        let win = if n == 1 { "the 1 piece that wins".to_string() } else { format!("the {n} pieces that win") };
        let fix = if open.is_empty() { "0 (no goal)".to_string() } else { format!("at most {}", open.len()) };
        diag.error(
            zone.at,
            format!(
                "{} covers {how_much}, where its pieces never end a move: it can never hold {win}; leave goal \
                 cells out of the zone, give {} a goal zone elsewhere, or set goal_count to {fix}",
                zone.name, player.name
            ),
        );
    }
    match given {
        Some(g) if !short.is_empty() => {
            let most = short.iter().map(|&(_, size, _)| size).min().unwrap_or(0);
            let list: Vec<String> = short.iter().map(|(p, size, _)| format!("{}'s {}", p.name, cells(*size))).collect();
            diag.error(
                g.span().start,
                format!(
                    "{what}, but a goal has fewer cells ({}), so it can never be reached; expected at most {most}",
                    list.join(", ")
                ),
            );
        }
        _ => {
            for (player, size, at) in short {
                let zone = || {
                    let goal = |z: &&crate::spec::ZoneSpec| {
                        z.player.as_ref().is_some_and(|p| *p.get_ref() == player.name)
                            && z.role.as_ref().is_some_and(|r| r.get_ref() == "goal")
                    };
                    spec.zones.iter().find(goal).and_then(|z| z.cells.as_ref()).map_or(0, |c| c.span().start)
                };
                diag.error(
                    at.unwrap_or_else(zone),
                    format!(
                        "{what}, but {}'s goal has {}, so it can never be reached; give the goal more cells, \
                         or set goal_count to at most {size}",
                        player.name,
                        cells(size)
                    ),
                );
            }
        }
    }
}

/// The start position from `[setup]`: each player's pieces as a
/// comma-separated list of cells with a kind prefix (`KC6, D6`).
fn setup(
    spec: &VariantFile,
    board: &Board,
    players: &[PlayerInfo],
    kinds: &[KindInfo],
    diag: &mut Diagnostics,
) -> Position {
    let mut pos = Position::empty(Player(0));
    // Two kinds of one prefix (reported) would make every piece of theirs
    // in the setup a problem again: the setup is read once they differ.
    if kinds.iter().enumerate().any(|(i, k)| kinds[..i].iter().any(|o| o.prefix == k.prefix)) {
        return pos;
    }
    // A kind whose prefix is left out, for a problem said already, may be
    // any piece on a cell: those are not read, and not reported.
    let unknown_prefix = spec.pieces.get_ref().iter().any(|p| p.prefix.is_none());
    let of_unknown_kind = |item: &str| {
        let letters = item.chars().take_while(|c| c.is_ascii_uppercase()).count();
        unknown_prefix && (0..=letters).any(|i| board.cell(&item[i..]).is_some())
    };
    let table = spec.setup.get_ref();
    let names: Vec<&str> = players.iter().map(|p| p.name.as_str()).collect();
    let named =
        |name: &str| spec.players.get_ref().iter().any(|p| p.name.as_ref().is_some_and(|n| n.get_ref() == name));
    // Each item of a line: a piece on a cell, put on the board for
    // `player` (None: a line of a player whose name is left out, for a
    // problem said already, read only for its own problems).
    let line =
        |key: &str, value: &Spanned<String>, player: Option<Player>, pos: &mut Position, diag: &mut Diagnostics| {
            // The value's span includes its opening quote.
            let mut offset = value.span().start + 1;
            for raw in value.get_ref().split(',') {
                let item = raw.trim();
                let here = offset + (raw.len() - raw.trim_start().len());
                offset += raw.len() + 1;
                if item.is_empty() {
                    continue;
                }
                match (leap_core::notation::parse_piece_on(board, kinds, item), player) {
                    (Some((kind, cell)), Some(player)) => {
                        if pos.piece_at(cell).is_some() {
                            diag.error(here, format!("[setup] puts two pieces on {}", board.name(cell)));
                        }
                        pos.put(cell, Piece { player, kind });
                    }
                    (Some(_), None) => {}
                    // (With no kinds of piece, that alone is the error, said once.)
                    (None, _) if kinds.is_empty() || of_unknown_kind(item) => {}
                    (None, _) => diag.error(here, format!("[setup] {key}: {}", not_a_piece(board, kinds, item))),
                }
            }
        };
    for (key, value) in table {
        if !names.contains(&key.get_ref().as_str()) {
            if names.iter().any(|n| !named(n)) {
                line(key.get_ref(), value, None, &mut pos, diag);
            }
            not_a_player(spec, players, key, "[setup] names", diag);
        }
    }
    for (i, name) in names.iter().enumerate() {
        let Some(value) = table.iter().find(|(k, _)| k.get_ref() == name).map(|(_, v)| v) else {
            // (A line left out for its type has been reported already, and
            // so has a player's name left out.)
            if named(name) && !spec.is_left_out(&format!("setup.{name}")) {
                diag.error(spec.setup.span().start, format!("[setup] has no line for {name}"));
            }
            continue;
        };
        line(name, value, Some(Player(i as u8)), &mut pos, diag);
    }
    pos
}

/// Why `item` of a `[setup]` list is not a piece on a cell of `board`, in
/// words: a cell that is not on this board (with or without a kind's
/// prefix), a prefix of no kind, or neither.
fn not_a_piece(board: &Board, kinds: &[KindInfo], item: &str) -> String {
    // A cell name as written: letters then digits (C11), or digits (22).
    let cell_like = |s: &str| {
        let letters = s.chars().take_while(|c| c.is_ascii_alphabetic()).count();
        letters < s.len() && s[letters..].chars().all(|c| c.is_ascii_digit())
    };
    let prefixes = kinds
        .iter()
        .map(|k| {
            if k.prefix.is_empty() {
                format!("none for a {}", k.name)
            } else {
                format!("{} for a {}", k.prefix, k.name)
            }
        })
        .collect::<Vec<_>>()
        .join(", ");
    // Known prefixes, the longest first.
    let mut known: Vec<&KindInfo> = kinds.iter().collect();
    known.sort_by_key(|k| std::cmp::Reverse(k.prefix.len()));
    for k in &known {
        let Some(rest) = leap_core::notation::strip_kind_prefix(item, &k.prefix) else { continue };
        // Letters before a cell of the board: a prefix of no kind.
        let letters = rest.chars().take_while(|c| c.is_ascii_alphabetic()).count();
        if let Some(split) = (1..=letters).find(|&i| board.cell(&rest[i..]).is_some()) {
            return format!(
                "`{item}`: `{}` is not the prefix of a kind of piece; expected {prefixes}",
                &item[..item.len() - rest.len() + split]
            );
        }
        if cell_like(rest) {
            return if k.prefix.is_empty() {
                format!("`{item}`: {rest} is not a cell of this board")
            } else {
                format!("`{item}`: a {} on {rest}, which is not a cell of this board", k.name)
            };
        }
    }
    let cell = board.name(board.cells().iter().next().unwrap_or(Cell::new(0)));
    let mut examples: Vec<String> = kinds.iter().map(|k| format!("{}{cell}", k.prefix)).collect();
    examples.dedup();
    format!(
        "`{item}` is not a piece on a cell; expected a cell name with a kind's prefix ({prefixes}), such as {}",
        examples.join(" or ")
    )
}
