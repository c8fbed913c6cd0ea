//! What bounds a search: depth, nodes, time per move, the player's clock,
//! or nothing (until stopped); and the time it may take from a clock
//! ([`TimeManager`], after the practice of chess engines: a share of the
//! time left plus most of the increment, a hard limit a few times that).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A player's clock, as the search sees it when it starts.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Clock {
    /// Time left on the clock.
    pub time_left: Duration,
    /// Time added after each move.
    pub increment: Duration,
    /// Moves to play before the clock is given more time (`None`: all the
    /// game's remaining moves must be played in `time_left`).
    pub moves_to_go: Option<u32>,
}

/// The deepest iteration of a search, in plies.
pub const MAX_DEPTH: u32 = crate::ordering::MAX_PLY as u32 - 1;

/// The longest search time a person may ask for, in milliseconds: a day.
/// (A longer one is a typing slip that would look like a program that
/// hangs; a search without end is asked for otherwise, as the engine
/// protocol's `go infinite`.)
pub const MAX_MOVETIME_MS: u64 = 24 * 3600 * 1000;

/// When a search stops. Several limits may be given: the first reached
/// stops it. With none, it runs until stopped ([`Stop`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Limits {
    /// Complete iterations up to this depth, in plies (a depth beyond
    /// [`MAX_DEPTH`] searches to it).
    pub depth: Option<u32>,
    /// About this many positions, across every thread.
    pub nodes: Option<u64>,
    /// This long for the move.
    pub movetime: Option<Duration>,
    /// The clock of the player to move: the search takes a share of it.
    pub clock: Option<Clock>,
}

impl Limits {
    /// A search to `depth` plies.
    pub fn depth(depth: u32) -> Limits {
        Limits { depth: Some(depth), ..Limits::default() }
    }

    /// A search of `ms` milliseconds.
    pub fn movetime(ms: u64) -> Limits {
        Limits { movetime: Some(Duration::from_millis(ms)), ..Limits::default() }
    }

    /// A search of about `nodes` positions.
    pub fn nodes(nodes: u64) -> Limits {
        Limits { nodes: Some(nodes), ..Limits::default() }
    }

    /// Whether the search would run until stopped.
    pub fn is_infinite(&self) -> bool {
        self.depth.is_none() && self.nodes.is_none() && self.movetime.is_none() && self.clock.is_none()
    }
}

/// A handle that stops a search from another thread; the search then
/// returns the best move found so far. Clones share the flags.
#[derive(Clone, Debug, Default)]
pub struct Stop(Arc<StopFlags>);

#[derive(Debug, Default)]
struct StopFlags {
    stop: AtomicBool,
    finish: AtomicBool,
}

impl Stop {
    /// A handle not yet stopped.
    pub fn new() -> Stop {
        Stop::default()
    }

    /// Stops the search at once (or the next one, until [`Stop::reset`]):
    /// stopped before its first iteration ends, it returns the move it
    /// would try first.
    pub fn stop(&self) {
        self.0.stop.store(true, Ordering::Relaxed);
    }

    /// Ends the search as soon as it has searched one ply (its first
    /// iteration, a matter of milliseconds), so that the move it returns
    /// is one it searched: at once if it has (or the next one, until
    /// [`Stop::reset`]). For a program's input that ends, where nothing
    /// hurries the answer.
    ///
    /// ```
    /// use leap_engine::{Engine, Limits, Options, Stop};
    /// let game = leap_camelot::load("camelot").unwrap();
    /// let eval = leap_camelot::CamelotEval::new(&game);
    /// let start = leap_core::Game::start(&game);
    /// let mut engine = Engine::new(game, eval, Options::default());
    /// let stop = Stop::new();
    /// stop.finish();
    /// let r = engine.search(&[start], &Limits::default(), &stop, |_| {});
    /// assert_eq!(r.depth, 1);
    /// ```
    pub fn finish(&self) {
        self.0.finish.store(true, Ordering::Relaxed);
    }

    /// Whether a stop was asked for ([`Stop::stop`]).
    #[inline]
    pub fn is_stopped(&self) -> bool {
        self.0.stop.load(Ordering::Relaxed)
    }

    /// Whether the search is to end once it has searched one ply
    /// ([`Stop::finish`]).
    #[inline]
    pub fn is_finishing(&self) -> bool {
        self.0.finish.load(Ordering::Relaxed)
    }

    /// Clears the flags, for the next search.
    pub fn reset(&self) {
        self.0.stop.store(false, Ordering::Relaxed);
        self.0.finish.store(false, Ordering::Relaxed);
    }
}

/// When the time-limited search stops: `soft` before a new iteration
/// starts, `hard` at once.
///
/// (Bending the soft limit of a clock to the search, as chess engines do,
/// was tried on 2026-11-28 and not kept: up to 2.5 times it while the best
/// move changes from one iteration to the next or the score falls, down
/// to 0.5 times it while the move holds. Against this fixed limit in
/// Camelot at 5+0.05 s: 85-23-92 over 200 games, -12 Elo, 95% interval
/// -58 to +33.)
#[derive(Clone, Copy, Debug)]
pub(crate) struct TimeManager {
    pub(crate) start: Instant,
    soft: Option<Duration>,
    hard: Option<Duration>,
    /// Whether the time comes from a clock (not a fixed time per move).
    clocked: bool,
}

impl TimeManager {
    /// The budget for `limits`, starting now; `overhead` of a clock's time
    /// is never spent ([`crate::Options::move_overhead`]).
    pub(crate) fn new(limits: &Limits, overhead: Duration) -> TimeManager {
        let mut soft = limits.movetime;
        let mut hard = limits.movetime;
        if let Some(c) = limits.clock {
            let usable = c.time_left.saturating_sub(overhead);
            let moves = c.moves_to_go.unwrap_or(30).clamp(1, 50);
            let share = usable / moves + c.increment * 3 / 4;
            let h = (share * 3).min(usable * 2 / 5).max(Duration::from_millis(1));
            let s = (share * 3 / 5).min(h);
            soft = Some(soft.map_or(s, |m| m.min(s)));
            hard = Some(hard.map_or(h, |m| m.min(h)));
        }
        TimeManager { start: Instant::now(), soft, hard, clocked: limits.clock.is_some() }
    }

    /// The time since the search started.
    pub(crate) fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Whether the search must stop now.
    #[inline]
    pub(crate) fn out_of_time(&self) -> bool {
        self.hard.is_some_and(|h| self.elapsed() >= h)
    }

    /// Whether another iteration may start.
    pub(crate) fn may_deepen(&self) -> bool {
        self.soft.is_none_or(|s| self.elapsed() < s)
    }

    /// Whether a search that takes `more` from now would end before the
    /// hard limit: asked, on a clock, of an iteration that costs many
    /// times the last (best-reply search's steps of two plies), whose
    /// time would be lost if the hard limit cut it short.
    pub(crate) fn may_finish(&self, more: Duration) -> bool {
        !self.clocked || self.hard.is_none_or(|h| self.elapsed() + more <= h)
    }

    /// Whether the search has a time limit at all.
    pub(crate) fn is_timed(&self) -> bool {
        self.hard.is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MS10: Duration = Duration::from_millis(10);

    #[test]
    fn a_clock_gives_a_share_of_its_time() {
        let clock = Clock { time_left: Duration::from_secs(60), increment: Duration::from_secs(1), moves_to_go: None };
        let t = TimeManager::new(&Limits { clock: Some(clock), ..Limits::default() }, MS10);
        let (soft, hard) = (t.soft.unwrap(), t.hard.unwrap());
        // About 60/30 + 0.75 s a move, at most three times that.
        assert!(soft > Duration::from_millis(1500) && soft < Duration::from_secs(2), "{soft:?}");
        assert!(hard > Duration::from_secs(7) && hard < Duration::from_secs(9), "{hard:?}");
        // Little time left: never more than two fifths of it.
        let short = Clock { time_left: Duration::from_millis(100), increment: Duration::ZERO, moves_to_go: Some(1) };
        let t = TimeManager::new(&Limits { clock: Some(short), ..Limits::default() }, MS10);
        assert!(t.hard.unwrap() <= Duration::from_millis(36), "{:?}", t.hard);
        // A move time is used whole.
        let t = TimeManager::new(&Limits::movetime(250), MS10);
        assert_eq!((t.soft, t.hard), (Some(Duration::from_millis(250)), Some(Duration::from_millis(250))));
        assert!(!TimeManager::new(&Limits::depth(3), MS10).is_timed());
    }

    #[test]
    fn the_move_overhead_is_never_spent() {
        let clock = Clock { time_left: Duration::from_millis(200), increment: Duration::ZERO, moves_to_go: Some(1) };
        let limits = Limits { clock: Some(clock), ..Limits::default() };
        // Two fifths of what the overhead leaves, at most.
        assert_eq!(TimeManager::new(&limits, MS10).hard, Some(Duration::from_millis(76)));
        assert_eq!(TimeManager::new(&limits, Duration::from_millis(100)).hard, Some(Duration::from_millis(40)));
        // An overhead beyond the clock leaves the least search there is.
        assert_eq!(TimeManager::new(&limits, Duration::from_secs(1)).hard, Some(Duration::from_millis(1)));
        // A move time is not a clock: it is searched whole.
        let t = TimeManager::new(&Limits::movetime(250), Duration::from_millis(100));
        assert_eq!(t.hard, Some(Duration::from_millis(250)));
    }

    #[test]
    fn on_a_clock_an_iteration_that_cannot_end_in_time_is_not_begun() {
        let clock = Clock { time_left: Duration::from_secs(60), increment: Duration::ZERO, moves_to_go: None };
        let t = TimeManager::new(&Limits { clock: Some(clock), ..Limits::default() }, MS10);
        // The hard limit is about 6 s: 1 s more fits, 7 s does not.
        assert!(t.may_finish(Duration::from_secs(1)));
        assert!(!t.may_finish(Duration::from_secs(7)));
        // A move time is spent whole whatever an iteration would take.
        assert!(TimeManager::new(&Limits::movetime(100), MS10).may_finish(Duration::from_secs(7)));
    }
}
