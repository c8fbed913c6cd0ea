//! A solved game's table: one byte a position (see [`Value::to_byte`]),
//! in memory or read from a file on demand.
//!
//! # The file
//!
//! The 8 bytes `LEAPSOLV`, a 4-byte little-endian length, a JSON header of
//! that length (the variant's name, the table's materials, its number of
//! positions, a digest of the rules), then one byte a position in the
//! order of [`Layout`].

use crate::error::SolveError;
use crate::layout::{Layout, Material};
use crate::value::Value;
use leap_core::{Game, KeyList, MoveKey, Position, SplitMix64};
use serde::{Deserialize, Serialize};
use std::fs::File;
use std::io::{BufWriter, Read, Write};
use std::path::Path;

const MAGIC: &[u8; 8] = b"LEAPSOLV";
const FORMAT: u32 = 1;
/// Positions whose moves make up a table's digest of the rules.
const DIGEST_SAMPLES: usize = 4096;

/// What a table file says of itself.
#[derive(Serialize, Deserialize, Debug)]
struct Header {
    format: u32,
    variant: String,
    max_pieces: Option<u32>,
    positions: u64,
    materials: Vec<Material>,
    digest: String,
    encoding: String,
}

enum Store {
    Memory(Vec<u8>),
    File { file: File, start: u64 },
}

/// The values of every position of a [`Layout`].
pub struct Table {
    variant: String,
    layout: Layout,
    digest: u64,
    store: Store,
    origin: String,
}

/// How many positions of a table are won, lost and drawn for the player to move.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize)]
pub struct Counts {
    /// Won by the player to move.
    pub wins: u64,
    /// Lost by the player to move.
    pub losses: u64,
    /// Drawn.
    pub draws: u64,
    /// The longest win or loss, in plies.
    pub longest: u32,
}

impl Table {
    /// The table of `values`, solved for `game` over `layout`.
    pub(crate) fn new<G: Game>(game: &G, layout: Layout, values: Vec<u8>) -> Result<Table, SolveError> {
        let digest = digest(game, &layout)?;
        Ok(Table {
            variant: game.name().to_string(),
            layout,
            digest,
            store: Store::Memory(values),
            origin: "the table in memory".into(),
        })
    }

    /// The layout: which positions the table holds, where.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The name of the variant it was solved for.
    pub fn variant(&self) -> &str {
        &self.variant
    }

    /// The byte of the position `index`.
    pub fn byte(&self, index: u64) -> Result<u8, SolveError> {
        match &self.store {
            Store::Memory(v) => Ok(v[index as usize]),
            Store::File { file, start } => {
                let mut b = [0u8];
                read_at(file, &mut b, start + index).map_err(|e| self.io(e))?;
                Ok(b[0])
            }
        }
    }

    /// The value of the position `index`.
    pub fn value_at(&self, index: u64) -> Result<Value, SolveError> {
        self.byte(index).map(Value::from_byte)
    }

    /// The value of `pos` for its player to move, if the table holds it.
    ///
    /// ```
    /// let camette = leap_camelot::load("camette").unwrap();
    /// let layout = leap_solve::Layout::new(&camette, Some(2)).unwrap();
    /// let table = leap_solve::solve(&camette, layout, &|_| {}, &mut Vec::new()).unwrap();
    /// let pos = leap_core::notation::parse_position(&camette, "W:WC6:BC2").unwrap();
    /// // White's Man steps into Black's castle.
    /// assert_eq!(table.probe(&pos).unwrap(), Some(leap_solve::Value::Win { plies: 1 }));
    /// ```
    pub fn probe(&self, pos: &Position) -> Result<Option<Value>, SolveError> {
        match self.layout.index(pos) {
            Some(i) => self.value_at(i).map(Some),
            None => Ok(None),
        }
    }

    /// Each legal move of `pos` with its value for the player to move,
    /// best first (see [`Value::rank`]; among equals, in the game's order);
    /// `None` when the table does not hold `pos`, and no moves when the game
    /// is over there.
    pub fn moves<G: Game>(&self, game: &G, pos: &Position) -> Result<Option<Vec<(MoveKey, Value)>>, SolveError> {
        if self.layout.index(pos).is_none() {
            return Ok(None);
        }
        let mut list = KeyList::new();
        game.legal_moves_into(pos, &mut list);
        let mut moves = Vec::with_capacity(list.keys.len());
        for key in list.keys {
            let child = game.play_unchecked(pos, &key);
            match self.probe(&child)? {
                Some(v) => moves.push((key, v.before())),
                None => return Ok(None),
            }
        }
        moves.sort_by_key(|(_, v)| std::cmp::Reverse(v.rank()));
        Ok(Some(moves))
    }

    /// A line of perfect play from `pos`, at most `limit` moves: the best
    /// move each time, to the end of a won or lost game (a drawn line is
    /// followed for `limit` moves).
    pub fn line<G: Game>(&self, game: &G, pos: &Position, limit: usize) -> Result<Vec<MoveKey>, SolveError> {
        let mut line = Vec::new();
        let mut at = *pos;
        while line.len() < limit {
            match self.moves(game, &at)?.and_then(|m| m.first().copied()) {
                Some((key, _)) => {
                    line.push(key);
                    at = game.play_unchecked(&at, &key);
                }
                None => break,
            }
        }
        Ok(line)
    }

    /// How many positions are won, lost and drawn.
    pub fn counts(&self) -> Result<Counts, SolveError> {
        let mut counts = Counts::default();
        let mut tally = |bytes: &[u8]| {
            for &b in bytes {
                match Value::from_byte(b) {
                    Value::Win { plies } => {
                        counts.wins += 1;
                        counts.longest = counts.longest.max(plies);
                    }
                    Value::Loss { plies } => {
                        counts.losses += 1;
                        counts.longest = counts.longest.max(plies);
                    }
                    Value::Draw => counts.draws += 1,
                }
            }
        };
        match &self.store {
            Store::Memory(v) => tally(v),
            Store::File { .. } => {
                let mut buf = vec![0u8; 1 << 20];
                let mut at = 0u64;
                while at < self.layout.len() {
                    let n = (self.layout.len() - at).min(buf.len() as u64) as usize;
                    self.read_bytes(at, &mut buf[..n])?;
                    tally(&buf[..n]);
                    at += n as u64;
                }
            }
        }
        Ok(counts)
    }

    /// Reads the bytes of the positions from `index` on into `buf`.
    pub fn read_bytes(&self, index: u64, buf: &mut [u8]) -> Result<(), SolveError> {
        match &self.store {
            Store::Memory(v) => {
                buf.copy_from_slice(&v[index as usize..index as usize + buf.len()]);
                Ok(())
            }
            Store::File { file, start } => read_at(file, buf, start + index).map_err(|e| self.io(e)),
        }
    }

    /// Checks that a table can be written at `path` (before a solve that
    /// may take hours): its folder is a folder, or can be made, and a file
    /// can be created in it. Makes the folder; leaves no file.
    pub fn check_writable(path: &Path) -> Result<(), SolveError> {
        let folder = folder_of(path);
        if folder.exists() && !folder.is_dir() {
            return Err(SolveError::Io {
                path: folder.display().to_string(),
                message: "it is a file, not a folder to keep tables in".into(),
            });
        }
        std::fs::create_dir_all(folder).map_err(|e| SolveError::io(folder, &e))?;
        leap_core::files::temporary_in(folder, ".table.", ".tmp").map_err(|e| SolveError::io(folder, &e))?;
        Ok(())
    }

    /// Writes the table to `path`, whole or not at all (through a
    /// temporary file in the same folder, renamed when complete).
    pub fn write(&self, path: &Path) -> Result<(), SolveError> {
        let io = |e: std::io::Error| SolveError::io(path, &e);
        let header = Header {
            format: FORMAT,
            variant: self.variant.clone(),
            max_pieces: self.layout.max_pieces(),
            positions: self.layout.len(),
            materials: self.layout.materials().to_vec(),
            digest: format!("{:016x}", self.digest),
            encoding: "one byte a position, for the player to move: 0 draw; n + 1 for a win in n plies (n odd) \
                       or a loss in n plies (n even); 255 already won"
                .into(),
        };
        let json = serde_json::to_vec(&header).map_err(|e| io(std::io::Error::other(e)))?;
        let folder = folder_of(path);
        std::fs::create_dir_all(folder).map_err(io)?;
        let temp = leap_core::files::temporary_in(folder, ".table.", ".tmp").map_err(io)?;
        let mut out = BufWriter::with_capacity(1 << 20, temp);
        out.write_all(MAGIC).map_err(io)?;
        out.write_all(&(json.len() as u32).to_le_bytes()).map_err(io)?;
        out.write_all(&json).map_err(io)?;
        let mut buf = vec![0u8; 1 << 20];
        let mut at = 0u64;
        while at < self.layout.len() {
            let n = (self.layout.len() - at).min(buf.len() as u64) as usize;
            self.read_bytes(at, &mut buf[..n])?;
            out.write_all(&buf[..n]).map_err(io)?;
            at += n as u64;
        }
        let temp = out.into_inner().map_err(|e| io(e.into_error()))?;
        temp.as_file().sync_all().map_err(io)?;
        temp.persist(path).map_err(|e| io(e.error))?;
        Ok(())
    }

    /// Opens the table at `path` for `game`, reading values from the file
    /// as they are asked for. Refused when the file is not a table, is cut
    /// short, or was solved for another game or other rules.
    pub fn open<G: Game>(game: &G, path: &Path) -> Result<Table, SolveError> {
        let name = path.display().to_string();
        let bad = |message: String| SolveError::BadTable { path: name.clone(), message };
        let mut file = File::open(path).map_err(|e| SolveError::io(path, &e))?;
        if file.metadata().is_ok_and(|m| m.is_dir()) {
            return Err(bad("it is a folder, not a table".into()));
        }
        let mut head = [0u8; 12];
        file.read_exact(&mut head).map_err(|_| bad("it is too short to be a table".into()))?;
        if &head[..8] != MAGIC {
            return Err(bad("it does not begin as a table of this program does".into()));
        }
        let len = u32::from_le_bytes([head[8], head[9], head[10], head[11]]) as usize;
        if len > 1 << 24 {
            return Err(bad("its header is damaged".into()));
        }
        let mut json = vec![0u8; len];
        file.read_exact(&mut json).map_err(|_| bad("its header is damaged or cut short".into()))?;
        let header: Header = serde_json::from_slice(&json).map_err(|e| bad(format!("its header is damaged ({e})")))?;
        if header.format != FORMAT {
            return Err(bad(format!("it is of format {}, and this program reads format {FORMAT}", header.format)));
        }
        let mismatch = |message: String| SolveError::Mismatch { path: name.clone(), message };
        if header.variant != game.name() {
            return Err(mismatch(format!("it is a table of {}, not of {}", header.variant, game.name())));
        }
        let layout = Layout::new(game, header.max_pieces)?;
        if layout.len() != header.positions || layout.materials() != header.materials.as_slice() {
            return Err(mismatch(format!(
                "its positions are not those of {} as this program lays them out: solve it again",
                game.name()
            )));
        }
        let start = 12 + len as u64;
        let size = file.metadata().map_err(|e| SolveError::io(path, &e))?.len();
        if size != start + layout.len() {
            return Err(bad(format!(
                "it should be {} bytes long and is {size}: it is cut short or damaged",
                start + layout.len()
            )));
        }
        let digest = digest(game, &layout)?;
        if header.digest != format!("{digest:016x}") {
            return Err(mismatch(format!(
                "it was solved under other rules than these of {}: solve it again with `camelot solve`",
                game.name()
            )));
        }
        Ok(Table { variant: header.variant, layout, digest, store: Store::File { file, start }, origin: name })
    }

    /// The same table with every value read into memory (faster when
    /// every position is looked at).
    pub fn into_memory(self) -> Result<Table, SolveError> {
        if let Store::Memory(_) = self.store {
            return Ok(self);
        }
        let mut values = vec![0u8; self.layout.len() as usize];
        for (i, chunk) in values.chunks_mut(1 << 24).enumerate() {
            self.read_bytes((i << 24) as u64, chunk)?;
        }
        Ok(Table { store: Store::Memory(values), ..self })
    }

    fn io(&self, e: std::io::Error) -> SolveError {
        SolveError::Io { path: self.origin.clone(), message: leap_core::io_words(&e) }
    }
}

/// A digest of `game`'s rules over `layout`: of the outcome and the moves'
/// positions of a fixed sample of its positions. A table opened for a game
/// with another digest was solved under other rules.
pub fn digest<G: Game>(game: &G, layout: &Layout) -> Result<u64, SolveError> {
    let mut rng = SplitMix64::new(0x501E);
    let mut hash = 0xcbf2_9ce4_8422_2325_u64;
    let mut mix = |v: u64| {
        for b in v.to_le_bytes() {
            hash = (hash ^ b as u64).wrapping_mul(0x0100_0000_01b3);
        }
    };
    mix(layout.len());
    let mut list = KeyList::new();
    for _ in 0..DIGEST_SAMPLES {
        let index = rng.next_u64() % layout.len().max(1);
        let pos = layout.position(index);
        mix(index);
        match game.decided(&pos) {
            Some(o) => mix(match o.result {
                leap_core::GameResult::Draw => 1,
                leap_core::GameResult::Win(p) => 2 + p.0 as u64,
            }),
            None => {
                game.legal_moves_into(&pos, &mut list);
                let mut children = Vec::with_capacity(list.keys.len());
                for key in &list.keys {
                    let child = game.play_unchecked(&pos, key);
                    children.push(layout.index(&child).ok_or_else(|| SolveError::OutsideLayout {
                        from: leap_core::notation::format_position(game, &pos),
                    })?);
                }
                children.sort_unstable();
                mix(children.len() as u64);
                children.into_iter().for_each(&mut mix);
            }
        }
    }
    Ok(hash)
}

/// Reads `buf.len()` bytes of `file` at `offset`.
#[cfg(unix)]
fn read_at(file: &File, buf: &mut [u8], offset: u64) -> std::io::Result<()> {
    std::os::unix::fs::FileExt::read_exact_at(file, buf, offset)
}

/// Reads `buf.len()` bytes of `file` at `offset`.
#[cfg(windows)]
fn read_at(file: &File, mut buf: &mut [u8], mut offset: u64) -> std::io::Result<()> {
    while !buf.is_empty() {
        match std::os::windows::fs::FileExt::seek_read(file, buf, offset)? {
            0 => return Err(std::io::ErrorKind::UnexpectedEof.into()),
            n => {
                buf = &mut buf[n..];
                offset += n as u64;
            }
        }
    }
    Ok(())
}

/// The folder a file at `path` goes in (`.` for a bare file name).
fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    }
}

/// The folder where tables are kept: `$CAMELOT_TABLES` if set, else
/// `camelot/tables` in the user's data folder (`$XDG_DATA_HOME`, or
/// `~/.local/share`; `%APPDATA%` on Windows), else `tables` in the
/// current folder.
pub fn tables_folder() -> std::path::PathBuf {
    use std::path::PathBuf;
    let env = |k: &str| std::env::var_os(k).filter(|v| !v.is_empty()).map(PathBuf::from);
    if let Some(dir) = env("CAMELOT_TABLES") {
        return dir;
    }
    let data =
        env("XDG_DATA_HOME").or_else(|| env("HOME").map(|h| h.join(".local").join("share"))).or_else(|| env("APPDATA"));
    match data {
        Some(d) => d.join("camelot").join("tables"),
        None => PathBuf::from("tables"),
    }
}

/// Where the table of the variant `name` is kept, in [`tables_folder`]:
/// `NAME.table`, or `NAME-Npieces.table` for the endgames of at most `N` pieces.
pub fn table_path(name: &str, max_pieces: Option<u32>) -> std::path::PathBuf {
    let file = match max_pieces {
        Some(n) => format!("{name}-{n}pieces.table"),
        None => format!("{name}.table"),
    };
    tables_folder().join(file)
}

/// The memory a solve of `layout` needs, in bytes: the table, and for the
/// largest material a byte and a bit a position of working space.
pub fn memory_needed(layout: &Layout) -> u64 {
    let largest = (0..layout.materials().len()).map(|s| layout.range(s).end - layout.range(s).start).max().unwrap_or(0);
    layout.len() + largest + largest / 8
}

/// The table of `game` kept in the [tables folder](tables_folder)
/// ([`table_path`] without a piece limit), for the engine: `None` when
/// there is none, an error when a file is there that cannot be used (a
/// table of other rules, or a damaged one).
pub fn installed<G: Game>(game: &G) -> Result<Option<Table>, SolveError> {
    let path = table_path(game.name(), None);
    if !path.is_file() {
        return Ok(None);
    }
    Table::open(game, &path).map(Some)
}
