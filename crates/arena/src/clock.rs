//! Game clocks: a time control (base time, increment, moves per period)
//! and the players' clocks under it, for every runner (matches, the web
//! app's games).

use leap_core::Player;
use std::time::Duration;

/// A clock for each player: a base time, an increment per move, and
/// optionally periods of a number of moves, each of which brings the base
/// time again (`40 moves in 5 minutes`, then 40 more in 5 more).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct TimeControl {
    /// Time on each clock at the start (and at the start of each period).
    pub base: Duration,
    /// Time added after each move.
    pub increment: Duration,
    /// Moves in a period: after this many moves of a player, its clock gets
    /// `base` again (`None`: the whole game is one period).
    pub moves: Option<u32>,
}

impl TimeControl {
    /// The record tag of a game's time control (the PGN standard's), whose
    /// value is [`TimeControl::pgn_tag`].
    pub const TAG: &'static str = "TimeControl";

    /// A clock of `base` for the game, with `increment` after each move.
    pub fn new(base: Duration, increment: Duration) -> TimeControl {
        TimeControl { base, increment, moves: None }
    }

    /// The time control as a record's `TimeControl` tag writes it, in
    /// seconds, after the PGN standard: `300+3` (base and increment), `300`
    /// (no increment), `40/300` (moves in a period and the period's time;
    /// `40/300+3` with an increment too).
    ///
    /// ```
    /// use leap_arena::TimeControl;
    /// use std::time::Duration;
    /// let blitz = TimeControl::new(Duration::from_secs(300), Duration::from_secs(3));
    /// assert_eq!(blitz.pgn_tag(), "300+3");
    /// assert_eq!(TimeControl::from_pgn_tag("300+3"), Some(blitz));
    /// let periods = TimeControl { moves: Some(40), ..TimeControl::new(Duration::from_millis(90_500), Duration::ZERO) };
    /// assert_eq!(periods.pgn_tag(), "40/90.5");
    /// assert_eq!(TimeControl::from_pgn_tag("40/90.5"), Some(periods));
    /// // Unknown (`?`), none (`-`), a sandglass (`*180`): no clock this program keeps.
    /// assert_eq!(TimeControl::from_pgn_tag("-"), None);
    /// ```
    pub fn pgn_tag(&self) -> String {
        let seconds = |d: Duration| {
            let text = format!("{:.3}", d.as_secs_f64());
            text.trim_end_matches('0').trim_end_matches('.').to_string()
        };
        let period = self.moves.map(|m| format!("{m}/")).unwrap_or_default();
        let increment = if self.increment.is_zero() { String::new() } else { format!("+{}", seconds(self.increment)) };
        format!("{period}{}{increment}", seconds(self.base))
    }

    /// The time control a `TimeControl` tag gives, in the forms
    /// [`TimeControl::pgn_tag`] writes; `None` for any other (the PGN
    /// standard's `?`, `-`, `*180`, several periods) or a base of no time.
    pub fn from_pgn_tag(tag: &str) -> Option<TimeControl> {
        let seconds = |t: &str| {
            let s: f64 = t.trim().parse().ok()?;
            (s.is_finite() && (0.0..1e9).contains(&s)).then(|| Duration::from_millis((s * 1000.0).round() as u64))
        };
        let (period, rest) = match tag.trim().split_once('/') {
            Some((m, rest)) => (Some(m.trim().parse::<u32>().ok().filter(|m| *m > 0)?), rest),
            None => (None, tag.trim()),
        };
        let (base, increment) = match rest.split_once('+') {
            Some((b, i)) => (seconds(b)?, seconds(i)?),
            None => (seconds(rest)?, Duration::ZERO),
        };
        (!base.is_zero()).then_some(TimeControl { base, increment, moves: period })
    }
}

/// A player's flag fell: its time ran out before it moved.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct FlagFell(pub Player);

/// Every player's clock under one time control.
///
/// ```
/// use leap_arena::{Clocks, TimeControl};
/// use leap_core::Player;
/// use std::time::Duration;
/// let control = TimeControl { base: Duration::from_secs(60), increment: Duration::ZERO, moves: Some(2) };
/// let mut clocks = Clocks::new(control, 2);
/// clocks.charge(Player(0), Duration::from_secs(20)).unwrap();
/// assert_eq!(clocks.left(Player(0)), Duration::from_secs(40));
/// clocks.charge(Player(0), Duration::from_secs(20)).unwrap(); // the period's second move
/// assert_eq!(clocks.left(Player(0)), Duration::from_secs(80));
/// assert!(clocks.charge(Player(1), Duration::from_secs(61)).is_err());
/// ```
#[derive(Clone, Debug)]
pub struct Clocks {
    control: TimeControl,
    left: Vec<Duration>,
    moved: Vec<u32>,
    /// Each move of the game so far, in order (see [`Clocks::shown`]).
    plies: Vec<Ply>,
}

/// What the clocks keep of one move of the game.
#[derive(Clone, Copy, Debug)]
struct Ply {
    player: Player,
    /// The player's time left once the move's time was taken, before the
    /// increment (what [`Clocks::take_back`] returns to), where known.
    rest: Option<Duration>,
    /// The player's moves made before it.
    moved: u32,
    /// The player's time left after the move, increment included, where known.
    shown: Option<Duration>,
}

impl Clocks {
    /// The clocks of `players` players at the start of a game.
    pub fn new(control: TimeControl, players: usize) -> Clocks {
        Clocks { control, left: vec![control.base; players], moved: vec![0; players], plies: Vec::new() }
    }

    /// The clocks of a game that goes on from a record under `control`:
    /// each of its moves, in order, with its player and the time that
    /// player had left after it, where the record says
    /// ([`leap_core::notation::WrittenPly::clock`]). Each move counts
    /// towards its player's period; each clock shows the last time
    /// recorded for its player, or the base time. A move whose time is not
    /// recorded was made off these clocks: its player's clock showed after
    /// it what it showed before, which [`Clocks::shown`] gives for it.
    ///
    /// ```
    /// use leap_arena::{Clocks, TimeControl};
    /// use leap_core::Player;
    /// use std::time::Duration;
    /// let s = Duration::from_secs;
    /// let plies = [(Player(0), Some(s(295))), (Player(1), Some(s(290))), (Player(0), None)];
    /// let clocks = Clocks::resume(TimeControl::new(s(300), s(0)), 2, plies);
    /// assert_eq!((clocks.left(Player(0)), clocks.left(Player(1))), (s(295), s(290)));
    /// assert_eq!(clocks.shown(), [Some(s(295)), Some(s(290)), Some(s(295))]);
    /// ```
    pub fn resume(
        control: TimeControl,
        players: usize,
        plies: impl IntoIterator<Item = (Player, Option<Duration>)>,
    ) -> Clocks {
        let mut clocks = Clocks::new(control, players);
        for (player, shown) in plies {
            let p = player.index();
            let moved = clocks.moved[p];
            clocks.moved[p] += 1;
            let rest = shown.map(|left| left.saturating_sub(clocks.earned(p)));
            if let Some(left) = shown {
                clocks.left[p] = left;
            }
            clocks.plies.push(Ply { player, rest, moved, shown: Some(clocks.left[p]) });
        }
        clocks
    }

    /// The time control.
    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// The time left to `player` (not counting a move it is thinking on).
    pub fn left(&self, player: Player) -> Duration {
        self.left[player.index()]
    }

    /// For each move of the game, in order, the time its player had left
    /// after it (increment included), where known: what a record writes
    /// after each move ([`leap_core::History::write_record`]).
    pub fn shown(&self) -> Vec<Option<Duration>> {
        self.plies.iter().map(|ply| ply.shown).collect()
    }

    /// The clock of `player` as the engine sees it.
    pub fn engine_clock(&self, player: Player) -> leap_engine::Clock {
        let p = player.index();
        leap_engine::Clock {
            time_left: self.left[p],
            increment: self.control.increment,
            moves_to_go: self.control.moves.map(|m| m - self.moved[p] % m),
        }
    }

    /// What player `p`'s clock earned by its last move: the increment, and
    /// the base time again if the move ended a period.
    fn earned(&self, p: usize) -> Duration {
        let period_over = self.control.moves.is_some_and(|m| m > 0 && self.moved[p].is_multiple_of(m));
        self.control.increment.saturating_add(if period_over { self.control.base } else { Duration::ZERO })
    }

    /// `player` moved after thinking `took`: its clock loses that, then
    /// gains the increment (and the base time again at the end of a period).
    /// A move that took longer than the time left is not charged: the flag
    /// fell.
    pub fn charge(&mut self, player: Player, took: Duration) -> Result<(), FlagFell> {
        let p = player.index();
        let rest = self.left[p].checked_sub(took).ok_or(FlagFell(player))?;
        let moved = self.moved[p];
        self.moved[p] += 1;
        self.left[p] = rest.saturating_add(self.earned(p));
        self.plies.push(Ply { player, rest: Some(rest), moved, shown: Some(self.left[p]) });
        Ok(())
    }

    /// `player` made a move off the clock (a match's set opening): no
    /// time is charged or earned, and the move does not count towards a
    /// period.
    pub fn off_the_clock(&mut self, player: Player) {
        let moved = self.moved[player.index()];
        self.plies.push(Ply { player, rest: None, moved, shown: None });
    }

    /// `player` thought `took` on a move it did not make (the game ended
    /// off the board, or a move was taken back): its clock shows what is
    /// left, no time earned.
    pub fn spend(&mut self, player: Player, took: Duration) {
        let left = &mut self.left[player.index()];
        *left = left.saturating_sub(took);
    }

    /// `player`'s flag fell: its clock shows no time left.
    pub fn run_out(&mut self, player: Player) {
        self.left[player.index()] = Duration::ZERO;
    }

    /// Takes back `player`'s last move: its move count goes back (the next
    /// period starts where it would have), and its clock shows what it had
    /// once the move's time was taken, before the increment. A takeback
    /// gives no time: neither the time the move took nor the increment (or
    /// the new period's time) it earned. (For a move of a record, that is
    /// the time recorded after it less what it earned; for a move whose
    /// time is not known, the time stays as it is.)
    ///
    /// ```
    /// use leap_arena::{Clocks, TimeControl};
    /// use leap_core::Player;
    /// use std::time::Duration;
    /// let s = Duration::from_secs;
    /// let mut clocks = Clocks::new(TimeControl::new(s(60), s(5)), 2);
    /// clocks.charge(Player(0), s(1)).unwrap(); // 64 s: the increment earned
    /// clocks.take_back(Player(0));
    /// assert_eq!(clocks.left(Player(0)), s(59));
    /// clocks.charge(Player(0), s(20)).unwrap(); // 44 s
    /// clocks.take_back(Player(0));
    /// assert_eq!(clocks.left(Player(0)), s(39));
    /// assert!(clocks.shown().is_empty());
    /// ```
    pub fn take_back(&mut self, player: Player) {
        let p = player.index();
        match self.plies.last() {
            Some(&Ply { player: q, rest, moved, .. }) if q == player => {
                self.plies.pop();
                if let Some(rest) = rest {
                    self.left[p] = self.left[p].min(rest);
                }
                self.moved[p] = moved;
            }
            _ => self.moved[p] = self.moved[p].saturating_sub(1),
        }
    }
}
