//! Playing strengths for people: [`Level`], from 1 (a beginner) to 8 (the
//! engine's full strength), and how a search at a level chooses its move.
//!
//! Below level 8 the engine is held back three ways, as the levels of
//! other programs are (lichess's computer levels cap Stockfish's depth and
//! time, and its "skill level" picks among its best lines with chance):
//! its search stops at a shallow depth and within a short time, it looks
//! at several best lines, and it plays the one whose score, with a random
//! error added, is highest. The error is in hundredths of a Man (a man in
//! checkers), so that a low level overlooks small and then larger losses
//! but never a win or a loss the search has found: a win's score is far
//! above any error.

use crate::limits::Limits;
use crate::options::MAX_MULTI_PV;
use crate::score::Score;
use leap_core::{MoveKey, SplitMix64};
use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// A playing strength, 1 to 8: 8 is the engine's full strength within the
/// limits it is given, and each level below it searches less deep and
/// errs more (see the module's documentation and [`Level::handicap`]).
///
/// ```
/// use leap_engine::Level;
/// let level: Level = "3".parse().unwrap();
/// assert_eq!(level.number(), 3);
/// assert!(!level.is_full());
/// assert!(Level::MAX.is_full());
/// assert!("9".parse::<Level>().is_err());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Level(u8);

/// How a level below full strength is held back.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Handicap {
    /// The deepest iteration searched, in plies.
    pub depth: u32,
    /// The longest time the search takes for a move.
    pub movetime: Duration,
    /// How many best lines it looks at (its candidate moves; levels 1 and
    /// 2 look at every legal move).
    pub lines: usize,
    /// The largest random error added to a line's score, in hundredths of
    /// a Man: the move played is the line with the highest score plus
    /// error, each error drawn evenly from 0 to this.
    pub error: Score,
}

/// Levels 1 to 7, in order (level 8 has no handicap). Levels 1 and 2 see
/// one ply and any legal move may be their choice, the error of level 1
/// (ten Men) making it nearly a random player that still takes the wins
/// and dodges the losses one ply shows; from level 3 on they see deeper
/// and choose among fewer and better moves. The README gives the
/// measured distance between them.
const HANDICAPS: [Handicap; 7] = [
    handicap(1, 50, MAX_MULTI_PV, 1000),
    handicap(1, 100, MAX_MULTI_PV, 400),
    handicap(2, 150, 12, 200),
    handicap(3, 200, 8, 120),
    handicap(4, 300, 5, 70),
    handicap(6, 400, 3, 35),
    handicap(8, 500, 2, 15),
];

const fn handicap(depth: u32, ms: u64, lines: usize, error: Score) -> Handicap {
    Handicap { depth, movetime: Duration::from_millis(ms), lines, error }
}

impl Level {
    /// The weakest level.
    pub const MIN: Level = Level(1);
    /// Full strength: the engine's search as it is, within the limits given.
    pub const MAX: Level = Level(8);

    /// Level `n`, if it is from 1 to 8.
    pub fn new(n: u8) -> Option<Level> {
        (Level::MIN.0..=Level::MAX.0).contains(&n).then_some(Level(n))
    }

    /// The level's number, 1 to 8.
    pub fn number(self) -> u8 {
        self.0
    }

    /// Whether this is full strength (level 8).
    pub fn is_full(self) -> bool {
        self == Level::MAX
    }

    /// How this level is held back; `None` at full strength.
    pub fn handicap(self) -> Option<Handicap> {
        HANDICAPS.get(self.0 as usize - 1).copied()
    }

    /// `limits` within this level's depth and time.
    pub(crate) fn limit(self, limits: &Limits) -> Limits {
        match self.handicap() {
            None => *limits,
            Some(h) => Limits {
                depth: Some(limits.depth.map_or(h.depth, |d| d.min(h.depth))),
                movetime: Some(limits.movetime.map_or(h.movetime, |t| t.min(h.movetime))),
                ..*limits
            },
        }
    }
}

impl Default for Level {
    /// Full strength.
    fn default() -> Self {
        Level::MAX
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl FromStr for Level {
    type Err = String;

    /// A level from its number: `"1"` to `"8"`.
    fn from_str(s: &str) -> Result<Level, String> {
        s.trim()
            .parse::<u8>()
            .ok()
            .and_then(Level::new)
            .ok_or_else(|| format!("the level must be a whole number from 1 to 8, not `{s}`"))
    }
}

/// A seed for a level's chance that differs from game to game (from the
/// system clock), for [`crate::Engine::set_seed`].
pub fn clock_seed() -> u64 {
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
    SplitMix64::new(nanos as u64 ^ (nanos >> 64) as u64).next_u64()
}

/// The best lines a search reported, depth by depth, from which a level
/// below full strength chooses its move.
#[derive(Default, Debug)]
pub(crate) struct Candidates {
    /// `depths[d - 1]`: the lines of depth `d`, in the order reported (best first).
    depths: Vec<Vec<(Score, Vec<MoveKey>)>>,
}

impl Candidates {
    /// Notes line `line` (from 1) of depth `depth`.
    pub(crate) fn record(&mut self, depth: u32, line: usize, score: Score, pv: &[MoveKey]) {
        let Some(first) = pv.first() else {
            return;
        };
        let d = depth.max(1) as usize;
        if self.depths.len() < d {
            self.depths.resize_with(d, Vec::new);
        }
        let lines = &mut self.depths[d - 1];
        if line == 1 {
            lines.clear();
        }
        if !lines.iter().any(|(_, p)| p.first() == Some(first)) {
            lines.push((score, pv.to_vec()));
        }
    }

    /// The line `level` plays: among the deepest depth's lines (the
    /// deepest that has as many lines as any depth, so that a depth cut
    /// short does not leave a single candidate), the one whose score plus
    /// an error drawn from `rng` is highest. `None` without a line or at
    /// full strength.
    pub(crate) fn choose(&self, level: Level, rng: &mut SplitMix64) -> Option<(Score, Vec<MoveKey>)> {
        let h = level.handicap()?;
        let most = self.depths.iter().map(Vec::len).max().filter(|n| *n > 0)?;
        let lines = self.depths.iter().rev().find(|l| l.len() == most)?;
        let noisy = |score: Score, rng: &mut SplitMix64| score.saturating_add(rng.below(h.error as usize + 1) as Score);
        let mut best: Option<(Score, &(Score, Vec<MoveKey>))> = None;
        for line in lines {
            let value = noisy(line.0, rng);
            if best.is_none_or(|(b, _)| value > b) {
                best = Some((value, line));
            }
        }
        best.map(|(_, line)| line.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use leap_core::Cell;

    fn key(n: u8) -> MoveKey {
        MoveKey { from: Cell::new(n), to: Cell::new(n + 1), captured: leap_core::Bitset::EMPTY }
    }

    #[test]
    fn levels_are_one_to_eight() {
        assert_eq!(Level::new(0), None);
        assert_eq!(Level::new(9), None);
        assert_eq!(Level::new(1), Some(Level::MIN));
        assert!(" 5 ".parse::<Level>().is_ok());
        assert!("x".parse::<Level>().unwrap_err().contains("from 1 to 8"));
        assert_eq!(Level::default(), Level::MAX);
        assert_eq!(Level::MAX.handicap(), None);
        // Each level searches at least as deep, as long and errs no more than the one below.
        for n in 1..7 {
            let (a, b) = (Level(n).handicap().unwrap(), Level(n + 1).handicap().unwrap());
            assert!(a.depth <= b.depth && a.movetime <= b.movetime && a.error >= b.error, "level {n}");
        }
    }

    #[test]
    fn a_level_keeps_within_its_depth_and_time() {
        let l = Level(3).limit(&Limits::movetime(5000));
        assert_eq!((l.depth, l.movetime), (Some(2), Some(Duration::from_millis(150))));
        let l = Level(6).limit(&Limits::depth(3));
        assert_eq!(l.depth, Some(3));
        assert_eq!(Level::MAX.limit(&Limits::movetime(5000)), Limits::movetime(5000));
    }

    #[test]
    fn a_level_chooses_among_the_deepest_complete_lines() {
        let mut c = Candidates::default();
        c.record(1, 1, 50, &[key(1)]);
        c.record(1, 2, 40, &[key(2)]);
        c.record(2, 1, 60, &[key(3)]);
        // Depth 2 has one line only: depth 1's two lines are the candidates.
        let mut rng = SplitMix64::new(1);
        let mut chosen = std::collections::HashSet::new();
        for _ in 0..200 {
            chosen.insert(c.choose(Level(1), &mut rng).unwrap().1[0]);
        }
        assert_eq!(chosen, [key(1), key(2)].into_iter().collect());
        assert_eq!(c.choose(Level::MAX, &mut rng), None);
    }

    #[test]
    fn a_level_never_throws_away_a_win() {
        let mut c = Candidates::default();
        c.record(3, 1, crate::score::win_in(3), &[key(1)]);
        c.record(3, 2, 0, &[key(2)]);
        c.record(3, 3, -500, &[key(3)]);
        let mut rng = SplitMix64::new(7);
        for _ in 0..100 {
            assert_eq!(c.choose(Level::MIN, &mut rng).unwrap().1[0], key(1));
        }
    }

    #[test]
    fn a_strong_level_errs_less() {
        // Lines 60 apart: level 2 (error up to 400) often plays the worse,
        // level 7 (up to 15) never.
        let mut c = Candidates::default();
        c.record(2, 1, 60, &[key(1)]);
        c.record(2, 2, 0, &[key(2)]);
        let mut rng = SplitMix64::new(3);
        let worse = |level, rng: &mut SplitMix64| {
            (0..1000).filter(|_| c.choose(Level(level), rng).unwrap().1[0] == key(2)).count()
        };
        let (weak, strong) = (worse(2, &mut rng), worse(7, &mut rng));
        assert!((250..450).contains(&weak), "level 2 played the worse move {weak} times in 1000");
        assert_eq!(strong, 0);
    }
}
