//! The transposition table: what earlier searches found about a position,
//! keyed by its Zobrist hash, shared by every search thread without locks.
//!
//! The table is an array of buckets of two slots: the first keeps the entry
//! searched deepest (replaced by a deeper or equal search of any position,
//! or by anything once it is from an earlier search), the second always
//! takes what the first would not. A slot is two 64-bit words written one
//! after the other: the entry, and the key XOR the entry, so that a read
//! that sees half of another thread's write finds a key that does not match
//! and is taken as a miss (the lockless scheme of Hyatt and Mann).

use leap_core::search::Score;
use leap_core::{Bitset, Cell, MoveKey};
use memmap2::MmapMut;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8, Ordering};

/// A move as the table keeps it: its start and end cells and a 16-bit hash
/// of the cells it captures (0 for none). In the position it was stored for,
/// it names one legal move (the search finds the captured cells again by
/// walking the piece's captures).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct PackedMove(u32);

impl PackedMove {
    /// The move `key`, packed.
    pub fn new(key: &MoveKey) -> PackedMove {
        PackedMove(key.from.index() as u32 | (key.to.index() as u32) << 8 | (capture_hash(key.captured) as u32) << 16)
    }
    /// Whether this is the move `key` packed: the cells first, so that
    /// most other moves are told apart without hashing their captures.
    #[inline]
    pub fn is(self, key: &MoveKey) -> bool {
        self.from() == key.from && self.to() == key.to && self == PackedMove::new(key)
    }
    /// The start cell.
    pub fn from(self) -> Cell {
        Cell::new(self.0 as u8)
    }
    /// The end cell.
    pub fn to(self) -> Cell {
        Cell::new((self.0 >> 8) as u8)
    }
    /// The hash of the captured cells (0: none).
    pub fn capture_hash(self) -> u16 {
        (self.0 >> 16) as u16
    }
}

/// A 16-bit hash of a set of captured cells: 0 for none, never 0 otherwise.
pub fn capture_hash(captured: Bitset) -> u16 {
    if captured.is_empty() {
        return 0;
    }
    let h = captured.iter().fold(0x9E37_79B9_u32, |h, c| (h ^ c.index() as u32).wrapping_mul(0x0100_0193));
    ((h >> 16) as u16 ^ h as u16).max(1)
}

/// What a stored score says of the position's value.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bound {
    /// The value is at most the score (every move failed low).
    Upper,
    /// The value is at least the score (a move failed high).
    Lower,
    /// The value is the score.
    Exact,
}

/// An entry read from the table.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Entry {
    /// The best move found, if any.
    pub best: Option<PackedMove>,
    /// The score, from the side to move's point of view, with wins and
    /// losses as distances from this position (see [`crate::score`]).
    pub score: Score,
    /// The depth searched, in plies.
    pub depth: u8,
    /// What the score is.
    pub bound: Bound,
}

/// No move in an entry.
const NO_MOVE: u64 = 0xFFFF_FFFF;
/// Bits of a stored score (two's complement): wins are ±1,000,000 at most.
const SCORE_BITS: u32 = 21;
/// The deepest depth stored (a search's deepest, [`crate::MAX_DEPTH`]).
const MAX_DEPTH: u8 = crate::MAX_DEPTH as u8;

impl Entry {
    /// The entry as one word: move (32 bits), score (21), depth (7), bound
    /// (2), age (2).
    fn pack(&self, age: u8) -> u64 {
        let mv = self.best.map_or(NO_MOVE, |m| m.0 as u64);
        let score = (self.score as u64) & ((1 << SCORE_BITS) - 1);
        let bound = match self.bound {
            Bound::Upper => 1,
            Bound::Lower => 2,
            Bound::Exact => 3,
        };
        mv | score << 32 | (self.depth.min(MAX_DEPTH) as u64) << 53 | bound << 60 | ((age & 3) as u64) << 62
    }

    /// The entry in a word, unless the word is empty.
    fn unpack(word: u64) -> Option<Entry> {
        let bound = match (word >> 60) & 3 {
            1 => Bound::Upper,
            2 => Bound::Lower,
            3 => Bound::Exact,
            _ => return None,
        };
        let mv = word & NO_MOVE;
        // (Sign-extends the score's bits.)
        let score = (((word >> 32) << (64 - SCORE_BITS)) as i64 >> (64 - SCORE_BITS)) as Score;
        let best = (mv != NO_MOVE).then_some(PackedMove(mv as u32));
        Some(Entry { best, score, depth: ((word >> 53) & 127) as u8, bound })
    }
}

/// The age of a packed entry (a search number, modulo 4).
fn age_of(word: u64) -> u8 {
    (word >> 62) as u8
}

/// One slot: the entry and its check word (key XOR entry).
#[derive(Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

impl Slot {
    /// The packed entry if it belongs to `key`.
    #[inline]
    fn read(&self, key: u64) -> Option<u64> {
        let data = self.data.load(Ordering::Relaxed);
        let check = self.check.load(Ordering::Relaxed);
        (data != 0 && check ^ data == key).then_some(data)
    }

    #[inline]
    fn write(&self, key: u64, data: u64) {
        self.data.store(data, Ordering::Relaxed);
        self.check.store(key ^ data, Ordering::Relaxed);
    }
}

/// Two slots: depth-preferred, then always-replace.
#[repr(align(32))]
#[derive(Default)]
struct Bucket([Slot; 2]);

/// The buckets' memory: an anonymous mapping of the system's, zero-filled,
/// whose pages are committed only when first written and which goes back
/// to the system when the table is dropped.
///
/// (A table on the heap, freed and allocated again for every game of a
/// match, fragmented the allocator's heap: a match of 100 games with 16 MiB
/// tables ended at 1.6 GB.)
struct Buckets {
    map: MmapMut,
    len: usize,
}

impl Buckets {
    /// `len` empty buckets (at least one).
    ///
    /// A table of up to [`PREPARED_BYTES`] is advised to use huge pages
    /// where the system offers them: the table is read and written at
    /// random, and with small pages nearly every probe of a large table also
    /// missed the processor's cache of page addresses (a checkers search to
    /// depth 23 with 64 MiB: 2.20-2.96 s of search with small pages,
    /// 1.98-2.51 s with huge ones; Camelot 2-3% faster). Each of its pages
    /// is then written once, so that the system finds the memory (and,
    /// where it must, compacts memory for a huge page) now rather than
    /// during the first search, which it had slowed by 0.13 s on a fresh
    /// 64 MiB table. A larger table is left to the system page by page: it
    /// may be larger than the memory there is, and its pages come only as
    /// the search writes them.
    fn new(len: usize) -> std::io::Result<Buckets> {
        const PAGE: usize = 4096;
        let mut map = MmapMut::map_anon(len.max(1) * std::mem::size_of::<Bucket>())?;
        if map.len() <= PREPARED_BYTES {
            #[cfg(target_os = "linux")]
            let _ = map.advise(memmap2::Advice::HugePage);
            for i in (0..map.len()).step_by(PAGE) {
                map[i] = 0;
            }
        }
        Ok(Buckets { map, len: len.max(1) })
    }

    #[inline]
    fn as_slice(&self) -> &[Bucket] {
        // SAFETY: the mapping is page-aligned, which satisfies `Bucket`'s
        // alignment, and `len` buckets long; the system fills it with
        // zeros, and all-zero bytes are a valid `Bucket` (four `AtomicU64`
        // at 0: empty slots). The buckets are only read and written through
        // their atomics, never through `map`, and the slice borrows `self`,
        // which owns the mapping.
        unsafe { std::slice::from_raw_parts(self.map.as_ptr().cast::<Bucket>(), self.len) }
    }
}

/// The largest table given huge pages and its memory when made (see
/// `Buckets::new`): 256 MiB.
const PREPARED_BYTES: usize = 256 << 20;

/// The table. Its size is a power of two of buckets of 32 bytes.
pub struct Table {
    buckets: Buckets,
    age: AtomicU8,
    /// No search since the table was made or cleared: it is empty.
    fresh: AtomicBool,
}

impl Table {
    /// A table of at most `mib` MiB (at least one bucket); half as big,
    /// and so on, if the system refuses the memory.
    pub fn new(mib: usize) -> Table {
        let count = (mib.saturating_mul(1 << 20) / std::mem::size_of::<Bucket>()).max(1);
        // (The largest power of two that fits.)
        let mut count = 1usize << (usize::BITS - 1 - count.leading_zeros());
        let buckets = loop {
            match Buckets::new(count) {
                Ok(b) => break b,
                Err(e) if count == 1 => panic!("no memory for a transposition table of one bucket: {e}"),
                Err(_) => count /= 2,
            }
        };
        Table { buckets, age: AtomicU8::new(1), fresh: AtomicBool::new(true) }
    }

    /// The size in bytes.
    #[cfg(test)]
    fn bytes(&self) -> usize {
        self.buckets.len * std::mem::size_of::<Bucket>()
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        if self.fresh.load(Ordering::Relaxed) {
            return;
        }
        self.fresh.store(true, Ordering::Relaxed);
        match Buckets::new(self.buckets.len) {
            // (A new mapping: the old one's pages go back to the system.)
            Ok(fresh) => self.buckets = fresh,
            Err(_) => {
                for slot in self.buckets.as_slice().iter().flat_map(|b| &b.0) {
                    slot.data.store(0, Ordering::Relaxed);
                    slot.check.store(0, Ordering::Relaxed);
                }
            }
        }
        self.age.store(1, Ordering::Relaxed);
    }

    /// Starts a new search: entries from earlier ones give way first.
    /// (Every search starts with it, before it stores anything: until then
    /// [`Table::clear`] has nothing to forget.)
    pub fn new_search(&self) {
        self.fresh.store(false, Ordering::Relaxed);
        let next = (self.age.load(Ordering::Relaxed) + 1) & 3;
        self.age.store(next, Ordering::Relaxed);
    }

    #[inline]
    fn bucket(&self, key: u64) -> &Bucket {
        // (The high bits pick the bucket: the low ones are all of the key
        // that some games' hashes vary in the least.)
        let buckets = self.buckets.as_slice();
        let i = (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32) as usize & (buckets.len() - 1);
        &buckets[i]
    }

    /// What the table knows of the position with this key.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        self.bucket(key).0.iter().find_map(|s| s.read(key)).and_then(Entry::unpack)
    }

    /// Stores what a search found.
    #[inline]
    pub fn store(&self, key: u64, entry: Entry) {
        let age = self.age.load(Ordering::Relaxed) & 3;
        let data = entry.pack(age);
        let [deep, always] = &self.bucket(key).0;
        let held = deep.data.load(Ordering::Relaxed);
        let same = deep.read(key).is_some();
        let replaceable = held == 0 || age_of(held) != age || entry.depth >= Entry::unpack(held).map_or(0, |e| e.depth);
        if same || replaceable {
            // (A position found again keeps its move when the new search has none.)
            let data = if same && entry.best.is_none() { data & !NO_MOVE | held & NO_MOVE } else { data };
            deep.write(key, data);
        } else {
            always.write(key, data);
        }
    }

    /// How full the table is, in thousandths (from its first 1000 buckets).
    pub fn hashfull(&self) -> u32 {
        let age = self.age.load(Ordering::Relaxed) & 3;
        let buckets = self.buckets.as_slice();
        let sample = buckets.len().min(1000);
        let used: usize = buckets[..sample]
            .iter()
            .flat_map(|b| b.0.iter())
            .filter(|s| {
                let d = s.data.load(Ordering::Relaxed);
                d != 0 && age_of(d) == age
            })
            .count();
        (used * 1000 / (2 * sample).max(1)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(from: u8, to: u8, captured: &[u8]) -> MoveKey {
        MoveKey { from: Cell::new(from), to: Cell::new(to), captured: captured.iter().map(|&c| Cell::new(c)).collect() }
    }

    #[test]
    fn entries_pack_and_unpack() {
        let moves = [None, Some(key(0, 0, &[])), Some(key(17, 200, &[3, 99])), Some(MoveKey::PASS)];
        for score in [0, 1, -1, 123_456, -999_999, 1_000_000, -1_000_000] {
            for best in moves.map(|m| m.map(|m| PackedMove::new(&m))) {
                for bound in [Bound::Upper, Bound::Lower, Bound::Exact] {
                    let e = Entry { best, score, depth: 37, bound };
                    assert_eq!(Entry::unpack(e.pack(2)), Some(e));
                    assert_eq!(age_of(e.pack(2)), 2);
                }
            }
        }
        assert_eq!(Entry::unpack(0), None);
    }

    #[test]
    fn a_packed_move_keeps_its_cells_and_tells_captures_apart() {
        let m = PackedMove::new(&key(17, 200, &[3, 99]));
        assert_eq!((m.from(), m.to()), (Cell::new(17), Cell::new(200)));
        assert_ne!(m.capture_hash(), 0);
        assert_eq!(PackedMove::new(&key(17, 200, &[])).capture_hash(), 0);
        // Capture sets hash apart (a few of them, all different).
        let hashes: std::collections::HashSet<u16> =
            (0..200u8).map(|c| capture_hash(Bitset::single(Cell::new(c)))).collect();
        assert!(hashes.len() > 195, "{}", hashes.len());
        // `is`: the same cells and captures, and nothing else.
        assert!(m.is(&key(17, 200, &[3, 99])));
        assert!(!m.is(&key(17, 200, &[3])));
        assert!(!m.is(&key(17, 201, &[3, 99])));
        assert!(!m.is(&key(16, 200, &[3, 99])));
    }

    #[test]
    fn a_stored_entry_is_found_and_others_are_not() {
        let t = Table::new(1);
        assert_eq!(t.bytes(), 1 << 20);
        let e = Entry { best: Some(PackedMove::new(&key(3, 4, &[]))), score: -42, depth: 5, bound: Bound::Lower };
        t.store(0xDEAD_BEEF, e);
        assert_eq!(t.probe(0xDEAD_BEEF), Some(e));
        assert_eq!(t.probe(0xDEAD_BEEE), None);
    }

    #[test]
    fn clearing_forgets_every_entry() {
        let mut t = Table::new(1);
        t.clear();
        let e = Entry { best: None, score: 7, depth: 3, bound: Bound::Exact };
        for round in 0..3 {
            t.new_search();
            t.store(0xC0FFEE, e);
            assert_eq!(t.probe(0xC0FFEE), Some(e), "round {round}");
            t.clear();
            assert_eq!(t.probe(0xC0FFEE), None, "round {round}");
            assert_eq!(t.hashfull(), 0);
        }
    }

    #[test]
    fn the_deeper_entry_stays_and_the_other_slot_takes_the_rest() {
        let t = Table::new(1);
        // Two keys that share a bucket.
        let a = 1u64;
        let b = (1..u64::MAX).find(|k| std::ptr::eq(t.bucket(*k), t.bucket(a)) && *k != a).unwrap();
        let (one, two) = (PackedMove::new(&key(1, 2, &[])), PackedMove::new(&key(2, 3, &[])));
        let deep = Entry { best: Some(one), score: 10, depth: 9, bound: Bound::Exact };
        let shallow = Entry { best: Some(two), score: 20, depth: 2, bound: Bound::Exact };
        t.store(a, deep);
        t.store(b, shallow);
        assert_eq!(t.probe(a), Some(deep));
        assert_eq!(t.probe(b), Some(shallow));
        // In a new search the old deep entry gives way.
        t.new_search();
        t.store(b, shallow);
        assert_eq!(t.probe(b), Some(shallow));
        assert_eq!(t.probe(a), None);
        // A position stored again without a move keeps the move it had.
        t.store(b, Entry { best: None, ..shallow });
        assert_eq!(t.probe(b).unwrap().best, Some(two));
    }
}
