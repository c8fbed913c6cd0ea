//! A fixed-size set of cells, sized for the largest board the core supports.

use crate::board::Cell;
use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub, SubAssign};

/// The most cells a board may have. A [`Bitset`] has one bit more, which
/// stays clear, so that the index 255 can mean "no cell" in lookup tables.
pub const MAX_CELLS: usize = 255;

/// A set of cells as a 256-bit mask. Cheap to copy, compare and hash.
///
/// ```
/// use leap_core::{Bitset, Cell};
/// let mut s = Bitset::EMPTY;
/// s.insert(Cell::new(3));
/// s.insert(Cell::new(200));
/// assert_eq!(s.len(), 2);
/// assert_eq!(s.iter().map(Cell::index).collect::<Vec<_>>(), vec![3, 200]);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Bitset([u64; 4]);

impl Bitset {
    /// The empty set.
    pub const EMPTY: Bitset = Bitset([0; 4]);

    /// The set holding only `cell`.
    #[inline]
    pub fn single(cell: Cell) -> Bitset {
        // Built word by word in registers: writing one word into a set in
        // memory and reading it back whole stalls store forwarding.
        let i = cell.index();
        let bit = 1u64 << (i & 63);
        let word = |w: usize| if i >> 6 == w { bit } else { 0 };
        Bitset([word(0), word(1), word(2), word(3)])
    }

    /// Whether `cell` is in the set.
    #[inline]
    pub fn contains(&self, cell: Cell) -> bool {
        let i = cell.index();
        self.0[i >> 6] >> (i & 63) & 1 != 0
    }

    /// Adds `cell`.
    #[inline]
    pub fn insert(&mut self, cell: Cell) {
        let i = cell.index();
        self.0[i >> 6] |= 1 << (i & 63);
    }

    /// Removes `cell`.
    #[inline]
    pub fn remove(&mut self, cell: Cell) {
        let i = cell.index();
        self.0[i >> 6] &= !(1 << (i & 63));
    }

    /// The set with every cell index moved by `delta` (towards higher
    /// indices when positive); cells moved off either end are dropped.
    #[inline(always)]
    pub(crate) fn shifted(self, delta: i32) -> Bitset {
        #[cfg(target_arch = "x86_64")]
        if (-63..=63).contains(&delta) && delta != 0 {
            return self.shifted_sse2(delta);
        }
        // Elsewhere, word by word in registers (no array indexed at run
        // time, which would go through memory and stall store forwarding).
        let [a, b, c, d] = self.0;
        match delta {
            0 => self,
            1..=63 => {
                let r = delta as u32;
                // The bits carried into the next word: `w >> (64 - r)`, written so that r = 0 cannot overflow.
                let carry = |w: u64| (w >> 1) >> (63 - r);
                Bitset([a << r, b << r | carry(a), c << r | carry(b), d << r | carry(c)])
            }
            -63..=-1 => {
                let r = delta.unsigned_abs();
                let carry = |w: u64| (w << 1) << (63 - r);
                Bitset([a >> r | carry(b), b >> r | carry(c), c >> r | carry(d), d >> r])
            }
            _ => self.shifted_far(delta),
        }
    }

    /// [`Bitset::shifted`] by `delta`, which must be from 1 to 63 cells
    /// either way (debug builds check it), without looking for a shift by
    /// 0 or by a word or more.
    #[inline(always)]
    pub(crate) fn shifted_near(self, delta: i32) -> Bitset {
        debug_assert!((-63..=63).contains(&delta) && delta != 0, "a near shift by {delta}");
        #[cfg(target_arch = "x86_64")]
        return self.shifted_sse2(delta);
        #[cfg(not(target_arch = "x86_64"))]
        self.shifted(delta)
    }

    /// [`Bitset::shifted`] by 1 to 63 cells either way, as two pairs of
    /// words in vector registers. (Shifted word by word, the set was built
    /// in general registers and written to memory a word at a time, and the
    /// vector instructions of the set operations that followed read it back
    /// two words at a time: a stall of store forwarding, 30% of the
    /// Camelot evaluation's time.)
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    fn shifted_sse2(self, delta: i32) -> Bitset {
        use std::arch::x86_64::{
            __m128i, _mm_castpd_si128, _mm_castsi128_pd, _mm_cvtsi32_si128, _mm_or_si128, _mm_shuffle_pd,
            _mm_sll_epi64, _mm_slli_si128, _mm_srl_epi64, _mm_srli_si128,
        };
        // SAFETY: `[u64; 4]` and `[__m128i; 2]` are both 32 bytes of plain
        // integers, valid whatever their bits; SSE2, the only extension the
        // instructions use, is part of every x86-64 processor.
        unsafe {
            let [low, high] = std::mem::transmute::<[u64; 4], [__m128i; 2]>(self.0);
            // The words [a, b] and [c, d]; the middle pair [b, c].
            let middle = _mm_castpd_si128(_mm_shuffle_pd::<0b01>(_mm_castsi128_pd(low), _mm_castsi128_pd(high)));
            let (out_low, out_high) = if delta > 0 {
                let (r, back) = (_mm_cvtsi32_si128(delta), _mm_cvtsi32_si128(64 - delta));
                // Each word takes the bits carried out of the word below: [0, a] and [b, c].
                let below = _mm_slli_si128::<8>(low);
                (
                    _mm_or_si128(_mm_sll_epi64(low, r), _mm_srl_epi64(below, back)),
                    _mm_or_si128(_mm_sll_epi64(high, r), _mm_srl_epi64(middle, back)),
                )
            } else {
                let (r, back) = (_mm_cvtsi32_si128(-delta), _mm_cvtsi32_si128(64 + delta));
                // Each word takes the bits carried out of the word above: [b, c] and [d, 0].
                let above = _mm_srli_si128::<8>(high);
                (
                    _mm_or_si128(_mm_srl_epi64(low, r), _mm_sll_epi64(middle, back)),
                    _mm_or_si128(_mm_srl_epi64(high, r), _mm_sll_epi64(above, back)),
                )
            };
            Bitset(std::mem::transmute::<[__m128i; 2], [u64; 4]>([out_low, out_high]))
        }
    }

    /// [`Bitset::shifted`] by 64 cells or more.
    #[cold]
    fn shifted_far(self, mut delta: i32) -> Bitset {
        let mut s = self;
        while delta != 0 && !s.is_empty() {
            let step = delta.clamp(-63, 63);
            s = s.shifted(step);
            delta -= step;
        }
        s
    }

    /// The cells with indices below 64, as a machine word (bit `i` for cell `i`).
    #[inline]
    pub fn low_word(&self) -> u64 {
        self.0[0]
    }

    /// Replaces the cells below 64 by those of a machine word (bit `i` for
    /// cell `i`), leaving the others as they are.
    #[inline]
    pub(crate) fn set_low_word(&mut self, w: u64) {
        self.0[0] = w;
    }

    /// The set of the cells below 64 given as a machine word (bit `i` for cell `i`).
    #[inline]
    pub(crate) fn from_low_word(w: u64) -> Bitset {
        Bitset([w, 0, 0, 0])
    }

    /// The number of cells in the set.
    #[inline]
    pub fn len(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// Whether the set is empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        (self.0[0] | self.0[1] | self.0[2] | self.0[3]) == 0
    }

    /// Whether the two sets share a cell.
    #[inline]
    pub fn intersects(&self, other: Bitset) -> bool {
        !(*self & other).is_empty()
    }

    /// The lowest cell of the set, if any.
    #[inline]
    pub fn first(&self) -> Option<Cell> {
        for (w, word) in self.0.iter().enumerate() {
            if *word != 0 {
                return Some(Cell::new((w * 64 + word.trailing_zeros() as usize) as u8));
            }
        }
        None
    }

    /// The cells of the set in ascending order.
    #[inline]
    pub fn iter(&self) -> Iter {
        Iter { words: self.0, w: 0 }
    }
}

/// Iterator over the cells of a [`Bitset`], in ascending order.
pub struct Iter {
    words: [u64; 4],
    w: usize,
}

impl Iterator for Iter {
    type Item = Cell;
    #[inline]
    fn next(&mut self) -> Option<Cell> {
        while self.w < 4 {
            let word = self.words[self.w];
            if word != 0 {
                self.words[self.w] = word & (word - 1);
                return Some(Cell::new((self.w * 64 + word.trailing_zeros() as usize) as u8));
            }
            self.w += 1;
        }
        None
    }
}

impl IntoIterator for Bitset {
    type Item = Cell;
    type IntoIter = Iter;
    fn into_iter(self) -> Iter {
        self.iter()
    }
}

impl FromIterator<Cell> for Bitset {
    fn from_iter<I: IntoIterator<Item = Cell>>(iter: I) -> Self {
        let mut s = Bitset::EMPTY;
        for c in iter {
            s.insert(c);
        }
        s
    }
}

/// `f` on the two sets as two pairs of words in vector registers: see
/// [`Bitset::shifted_sse2`].
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn lanes(
    a: Bitset,
    b: Bitset,
    f: impl Fn(std::arch::x86_64::__m128i, std::arch::x86_64::__m128i) -> std::arch::x86_64::__m128i,
) -> Bitset {
    use std::arch::x86_64::__m128i;
    // SAFETY: as in `Bitset::shifted_sse2`.
    unsafe {
        let [a0, a1] = std::mem::transmute::<[u64; 4], [__m128i; 2]>(a.0);
        let [b0, b1] = std::mem::transmute::<[u64; 4], [__m128i; 2]>(b.0);
        Bitset(std::mem::transmute::<[__m128i; 2], [u64; 4]>([f(a0, b0), f(a1, b1)]))
    }
}

macro_rules! binop {
    ($tr:ident, $f:ident, $tra:ident, $fa:ident, $op:tt, $simd:ident) => {
        impl $tr for Bitset {
            type Output = Bitset;
            #[inline]
            fn $f(self, o: Bitset) -> Bitset {
                #[cfg(target_arch = "x86_64")]
                return lanes(self, o, |a, b| {
                    // SAFETY: SSE2 is part of every x86-64 processor.
                    #[allow(unused_unsafe)]
                    unsafe {
                        std::arch::x86_64::$simd(a, b)
                    }
                });
                #[cfg(not(target_arch = "x86_64"))]
                Bitset([self.0[0] $op o.0[0], self.0[1] $op o.0[1], self.0[2] $op o.0[2], self.0[3] $op o.0[3]])
            }
        }
        impl $tra for Bitset {
            #[inline]
            fn $fa(&mut self, o: Bitset) {
                *self = *self $op o;
            }
        }
    };
}
binop!(BitAnd, bitand, BitAndAssign, bitand_assign, &, _mm_and_si128);
binop!(BitOr, bitor, BitOrAssign, bitor_assign, |, _mm_or_si128);
binop!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^, _mm_xor_si128);

impl Not for Bitset {
    type Output = Bitset;
    #[inline]
    fn not(self) -> Bitset {
        Bitset([!self.0[0], !self.0[1], !self.0[2], !self.0[3]])
    }
}

impl Sub for Bitset {
    type Output = Bitset;
    /// Set difference.
    #[inline]
    fn sub(self, o: Bitset) -> Bitset {
        #[cfg(target_arch = "x86_64")]
        return lanes(self, o, |a, b| {
            // SAFETY: SSE2 is part of every x86-64 processor.
            #[allow(unused_unsafe)]
            unsafe {
                std::arch::x86_64::_mm_andnot_si128(b, a)
            }
        });
        #[cfg(not(target_arch = "x86_64"))]
        {
            self & !o
        }
    }
}

impl SubAssign for Bitset {
    #[inline]
    fn sub_assign(&mut self, o: Bitset) {
        *self = *self - o;
    }
}

impl fmt::Debug for Bitset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter().map(|c| c.index())).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_operations() {
        let a: Bitset = [1u8, 64, 130, 255].into_iter().map(Cell::new).collect();
        let b: Bitset = [64u8, 255].into_iter().map(Cell::new).collect();
        assert_eq!((a & b).len(), 2);
        assert_eq!((a - b).iter().map(Cell::index).collect::<Vec<_>>(), vec![1, 130]);
        assert_eq!((a ^ b).len(), 2);
        assert!(a.intersects(b));
        assert_eq!(a.first(), Some(Cell::new(1)));
        assert_eq!(Bitset::EMPTY.first(), None);
        assert!(!(a - a).intersects(a));
    }

    #[test]
    fn shifts() {
        let a: Bitset = [0u8, 63, 64, 130, 200].into_iter().map(Cell::new).collect();
        let cells = |s: Bitset| s.iter().map(Cell::index).collect::<Vec<_>>();
        assert_eq!(cells(a.shifted(1)), vec![1, 64, 65, 131, 201]);
        assert_eq!(cells(a.shifted(-1)), vec![62, 63, 129, 199]);
        assert_eq!(cells(a.shifted(70)), vec![70, 133, 134, 200]);
        assert_eq!(cells(a.shifted(-130)), vec![0, 70]);
        assert_eq!(cells(a.shifted(64)), vec![64, 127, 128, 194]);
        assert_eq!(a.shifted(0), a);
        assert_eq!(a.shifted(256), Bitset::EMPTY);
        assert_eq!(a.shifted(-300), Bitset::EMPTY);
    }

    /// Sets of cells spread over all four words, from a simple generator.
    fn some_sets() -> Vec<Bitset> {
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        (0..40)
            .map(|_| {
                (0..60)
                    .filter_map(|_| {
                        x ^= x << 13;
                        x ^= x >> 7;
                        x ^= x << 17;
                        (x & 3 == 0).then_some(Cell::new((x >> 8) as u8))
                    })
                    .collect()
            })
            .collect()
    }

    #[test]
    fn every_shift_and_operation_agrees_with_cell_by_cell() {
        let cells = |s: Bitset| s.iter().map(Cell::index).collect::<Vec<_>>();
        let sets = some_sets();
        for a in &sets {
            for delta in -260..=260 {
                let moved: Vec<usize> = a
                    .iter()
                    .map(|c| c.index() as i32 + delta)
                    .filter(|i| (0..256).contains(i))
                    .map(|i| i as usize)
                    .collect();
                assert_eq!(cells(a.shifted(delta)), moved, "{a:?} by {delta}");
            }
            for b in &sets {
                let both = |f: fn(bool, bool) -> bool| -> Vec<usize> {
                    (0..256).filter(|&i| f(a.contains(Cell::new(i as u8)), b.contains(Cell::new(i as u8)))).collect()
                };
                assert_eq!(cells(*a & *b), both(|x, y| x && y));
                assert_eq!(cells(*a | *b), both(|x, y| x || y));
                assert_eq!(cells(*a ^ *b), both(|x, y| x != y));
                assert_eq!(cells(*a - *b), both(|x, y| x && !y));
                assert_eq!(cells(!*a), both(|x, _| !x));
            }
        }
    }
}
