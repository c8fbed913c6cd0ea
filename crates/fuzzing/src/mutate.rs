//! Mutation of inputs for the seeded random run of the test suite: what
//! a fuzzer does to an input, without its coverage feedback.

use leap_core::SplitMix64;

/// The longest input a mutation makes.
pub const MAX_LEN: usize = 4096;

/// Changes `data` by one to four random edits: a byte changed, inserted
/// or removed, a run of bytes removed, copied or cut off, a digit changed
/// (counts and cells), a word of `words` inserted or written over bytes,
/// or a piece of another input of `others` spliced in. The same `rng`
/// state gives the same edits.
///
/// ```
/// use leap_core::SplitMix64;
/// let mut data = b"W:WKC6:BKC11".to_vec();
/// leap_fuzzing::mutate(&mut data, &mut SplitMix64::new(7), &["E6-E8"], &[]);
/// assert_ne!(data, b"W:WKC6:BKC11");
/// ```
pub fn mutate(data: &mut Vec<u8>, rng: &mut SplitMix64, words: &[&str], others: &[Vec<u8>]) {
    let before = data.clone();
    let edits = 1 + rng.below(4);
    for _ in 0..edits {
        edit(data, rng, words, others);
    }
    if *data == before {
        // (Some edits change nothing: a byte written over with itself.)
        data.push(b' ' + rng.below(95) as u8);
    }
    data.truncate(MAX_LEN);
}

/// A byte that is often meaningful in the inputs: a letter, a digit, or
/// punctuation of the notations.
fn byte(rng: &mut SplitMix64) -> u8 {
    const LIKELY: &[u8] = b"0123456789ABCDEFGHIJKLMNOPWBRGKx-:,.=\n \"[]{}/*";
    match rng.below(4) {
        0 => rng.below(256) as u8,
        _ => LIKELY[rng.below(LIKELY.len())],
    }
}

fn edit(data: &mut Vec<u8>, rng: &mut SplitMix64, words: &[&str], others: &[Vec<u8>]) {
    let len = data.len();
    let at = |rng: &mut SplitMix64| rng.below(len + 1);
    match rng.below(10) {
        0 if len > 0 => {
            let i = rng.below(len);
            data[i] = byte(rng);
        }
        1 => {
            let i = at(rng);
            data.insert(i, byte(rng));
        }
        2 if len > 0 => {
            data.remove(rng.below(len));
        }
        3 if len > 0 => {
            let i = rng.below(len);
            let n = 1 + rng.below((len - i).min(16));
            data.drain(i..i + n);
        }
        4 if len > 0 => {
            let i = rng.below(len);
            let n = 1 + rng.below((len - i).min(32));
            let copy: Vec<u8> = data[i..i + n].to_vec();
            let j = at(rng);
            data.splice(j..j, copy);
        }
        5 => {
            let digits: Vec<usize> = (0..len).filter(|&i| data[i].is_ascii_digit()).collect();
            if !digits.is_empty() {
                let i = digits[rng.below(digits.len())];
                data[i] = b'0' + rng.below(10) as u8;
            }
        }
        6 | 7 if !words.is_empty() => {
            let word = words[rng.below(words.len())].as_bytes();
            let i = at(rng);
            if rng.below(2) == 0 {
                data.splice(i..i, word.iter().copied());
            } else {
                let end = (i + word.len()).min(len);
                data.splice(i..end, word.iter().copied());
            }
        }
        8 if !others.is_empty() => {
            let other = &others[rng.below(others.len())];
            if !other.is_empty() {
                let i = rng.below(other.len());
                let n = 1 + rng.below(other.len() - i);
                let j = at(rng);
                let end = (j + rng.below(n + 1)).min(len);
                data.splice(j..end, other[i..i + n].iter().copied());
            }
        }
        9 if len > 1 => data.truncate(rng.below(len)),
        _ => {
            let i = at(rng);
            data.insert(i, byte(rng));
        }
    }
}
