//! What a series of games says of two players: the score, the Elo
//! difference it implies with its 95% interval, and the sequential
//! probability ratio test (SPRT) that fishtest uses to decide whether a
//! change gains strength.

/// Wins, draws and losses of one player against another.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Tally {
    /// Games won.
    pub wins: u64,
    /// Games drawn (unfinished games count as draws).
    pub draws: u64,
    /// Games lost.
    pub losses: u64,
}

/// The results in words, as reports give them: `1 win, 2 draws, 0 losses`.
///
/// ```
/// use leap_arena::Tally;
/// assert_eq!(Tally { wins: 1, draws: 2, losses: 0 }.to_string(), "1 win, 2 draws, 0 losses");
/// assert_eq!(Tally { wins: 3, draws: 1, losses: 1 }.to_string(), "3 wins, 1 draw, 1 loss");
/// ```
impl std::fmt::Display for Tally {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let word = |n: u64, one: &'static str, many: &'static str| if n == 1 { one } else { many };
        write!(
            f,
            "{} {}, {} {}, {} {}",
            self.wins,
            word(self.wins, "win", "wins"),
            self.draws,
            word(self.draws, "draw", "draws"),
            self.losses,
            word(self.losses, "loss", "losses")
        )
    }
}

/// An Elo difference with its 95% interval.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Elo {
    /// The difference that the score implies (infinite at 0% or 100%).
    pub diff: f64,
    /// The interval's low end.
    pub low: f64,
    /// The interval's high end.
    pub high: f64,
}

/// What the SPRT decides.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Verdict {
    /// The difference is at least `elo1` (H1 accepted).
    Stronger,
    /// The difference is at most `elo0` (H0 accepted).
    NotStronger,
    /// More games are needed.
    Undecided,
}

/// The SPRT's state: the log-likelihood ratio and its bounds.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Sprt {
    /// The log-likelihood ratio of H1 (difference `elo1`) against H0 (`elo0`).
    pub llr: f64,
    /// H0 is accepted at or below this.
    pub lower: f64,
    /// H1 is accepted at or above this.
    pub upper: f64,
    /// What it says now.
    pub verdict: Verdict,
}

/// The expected score of a player `elo` points stronger.
pub fn expected_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The Elo difference that an expected score implies.
pub fn elo_of_score(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

impl Tally {
    /// The games.
    pub fn games(&self) -> u64 {
        self.wins + self.draws + self.losses
    }

    /// Adds a game: won (`Some(true)`), lost (`Some(false)`) or drawn (`None`).
    pub fn add(&mut self, won: Option<bool>) {
        match won {
            Some(true) => self.wins += 1,
            Some(false) => self.losses += 1,
            None => self.draws += 1,
        }
    }

    /// The score: a win 1, a draw 1/2, per game (0.5 before any game).
    pub fn score(&self) -> f64 {
        if self.games() == 0 {
            return 0.5;
        }
        (self.wins as f64 + self.draws as f64 / 2.0) / self.games() as f64
    }

    /// The variance of one game's score.
    fn variance(&self) -> f64 {
        let n = self.games() as f64;
        if n == 0.0 {
            return 0.0;
        }
        let s = self.score();
        (self.wins as f64 * (1.0 - s).powi(2) + self.draws as f64 * (0.5 - s).powi(2) + self.losses as f64 * s * s) / n
    }

    /// The Elo difference with its 95% interval: from the normal
    /// approximation of the mean score, or, when every game ended alike
    /// (no variance), from the Wilson interval of a binomial score.
    pub fn elo(&self) -> Elo {
        const Z: f64 = 1.959_964;
        let s = self.score();
        let n = self.games().max(1) as f64;
        let (low, high) = if self.variance() > 0.0 {
            let margin = Z * (self.variance() / n).sqrt();
            (s - margin, s + margin)
        } else {
            let centre = (s + Z * Z / (2.0 * n)) / (1.0 + Z * Z / n);
            let half = Z / (1.0 + Z * Z / n) * (s * (1.0 - s) / n + Z * Z / (4.0 * n * n)).sqrt();
            (centre - half, centre + half)
        };
        // (Rounding may leave an end a hair inside 0 or 1: it is 0 or 1.)
        let exact = |x: f64| {
            if x > 1.0 - 1e-9 {
                1.0
            } else if x < 1e-9 {
                0.0
            } else {
                x
            }
        };
        Elo { diff: elo_of_score(s), low: elo_of_score(exact(low)), high: elo_of_score(exact(high)) }
    }

    /// The SPRT of H0: the difference is `elo0`, against H1: it is `elo1`,
    /// with error rates `alpha` (accepting H1 wrongly) and `beta`
    /// (accepting H0 wrongly).
    ///
    /// The log-likelihood ratio is fishtest's for the trinomial model (its
    /// `LLR_logistic`): the results' distribution over loss, draw and win
    /// is fitted twice by maximum likelihood, once with the expected score
    /// of `elo0` and once with that of `elo1`, and the ratio of the two
    /// likelihoods is taken. A result that never happened counts as a
    /// thousandth of a game (fishtest's regularisation), so that a match
    /// that one side wins every game of still moves towards a verdict: ten
    /// wins in ten games give an LLR of 0.28 for `0,10`, as one would get
    /// from ten coin tosses that all came up heads with a coin biased to
    /// 51.4% (the normal approximation, whose variance is 0 there, could
    /// say nothing).
    ///
    /// ```
    /// use leap_arena::{Tally, Verdict};
    /// let all_won = Tally { wins: 10, draws: 0, losses: 0 }.sprt(0.0, 10.0, 0.05, 0.05);
    /// assert!((all_won.llr - 0.2837).abs() < 1e-3);
    /// assert_eq!(all_won.verdict, Verdict::Undecided);
    /// ```
    pub fn sprt(&self, elo0: f64, elo1: f64, alpha: f64, beta: f64) -> Sprt {
        let (lower, upper) = ((beta / (1.0 - alpha)).ln(), ((1.0 - beta) / alpha).ln());
        let llr = if self.games() == 0 { 0.0 } else { self.llr(expected_score(elo0), expected_score(elo1)) };
        let verdict = if llr >= upper {
            Verdict::Stronger
        } else if llr <= lower {
            Verdict::NotStronger
        } else {
            Verdict::Undecided
        };
        Sprt { llr, lower, upper, verdict }
    }

    /// The generalised log-likelihood ratio of an expected score `s1`
    /// against `s0` (both strictly between 0 and 1), over the regularised
    /// counts of losses, draws and wins (see [`Tally::sprt`]).
    fn llr(&self, s0: f64, s1: f64) -> f64 {
        /// What a result that never happened counts for.
        const UNSEEN: f64 = 1e-3;
        let counts = [self.losses, self.draws, self.wins].map(|c| if c == 0 { UNSEEN } else { c as f64 });
        let n: f64 = counts.iter().sum();
        let observed = counts.map(|c| c / n);
        let (fit0, fit1) = (fit_to_score(&observed, s0), fit_to_score(&observed, s1));
        n * (0..3).map(|i| observed[i] * (fit1[i] / fit0[i]).ln()).sum::<f64>()
    }
}

/// The scores of a loss, a draw and a win.
const OUTCOMES: [f64; 3] = [0.0, 0.5, 1.0];

/// The distribution over loss, draw and win of the greatest likelihood
/// for the observed frequencies `observed` (each above 0) among those
/// whose expected score is `s` (strictly between 0 and 1): with `a[i] =
/// OUTCOMES[i] - s`, `observed[i] / (1 + x a[i])`, where `x` solves
/// `sum observed[i] a[i] / (1 + x a[i]) = 0` (Van den Bergh, the support
/// note of fishtest's MLE of a multinomial with a given expectation value,
/// Proposition 1.1, as fishtest computes it).
fn fit_to_score(observed: &[f64; 3], s: f64) -> [f64; 3] {
    let a = OUTCOMES.map(|o| o - s);
    // The left side falls as x rises, from +inf to -inf between the poles
    // -1 / max a and -1 / min a: bisection finds the root to the last bit.
    let f = |x: f64| (0..3).map(|i| observed[i] * a[i] / (1.0 + x * a[i])).sum::<f64>();
    let (mut low, mut high) = (-1.0 / a[2] + 1e-9, -1.0 / a[0] - 1e-9);
    for _ in 0..200 {
        let mid = 0.5 * (low + high);
        if mid <= low || mid >= high {
            break;
        }
        if f(mid) > 0.0 {
            low = mid;
        } else {
            high = mid;
        }
    }
    let x = 0.5 * (low + high);
    [0, 1, 2].map(|i| observed[i] / (1.0 + x * a[i]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_and_elo() {
        let even = Tally { wins: 10, draws: 10, losses: 10 };
        assert_eq!(even.score(), 0.5);
        assert!(even.elo().diff.abs() < 1e-9);
        let better = Tally { wins: 76, draws: 0, losses: 24 };
        let elo = better.elo();
        // 76% is about 200 Elo; with 100 games the interval is wide.
        assert!((elo.diff - 200.0).abs() < 2.0, "{elo:?}");
        assert!(elo.low > 110.0 && elo.low < 160.0 && elo.high > 250.0 && elo.high < 320.0, "{elo:?}");
        assert!((elo_of_score(expected_score(137.0)) - 137.0).abs() < 1e-9);
        // All wins: an infinite difference, but a finite lower bound.
        let all = Tally { wins: 10, draws: 0, losses: 0 }.elo();
        assert_eq!(all.diff, f64::INFINITY);
        assert!(all.low > 100.0 && all.low < 400.0 && all.high == f64::INFINITY, "{all:?}");
    }

    #[test]
    fn the_sprt_decides_clear_cases_and_waits_on_close_ones() {
        let clear = Tally { wins: 600, draws: 200, losses: 200 };
        assert_eq!(clear.sprt(0.0, 10.0, 0.05, 0.05).verdict, Verdict::Stronger);
        let worse = Tally { wins: 200, draws: 200, losses: 600 };
        assert_eq!(worse.sprt(0.0, 10.0, 0.05, 0.05).verdict, Verdict::NotStronger);
        let close = Tally { wins: 11, draws: 10, losses: 9 };
        let s = close.sprt(0.0, 10.0, 0.05, 0.05);
        assert_eq!(s.verdict, Verdict::Undecided);
        assert!((s.lower + 2.944).abs() < 0.01 && (s.upper - 2.944).abs() < 0.01, "{s:?}");
    }

    #[test]
    fn a_one_sided_result_moves_the_sprt_towards_its_side() {
        // Every game won (the variance of the scores is 0): each win adds
        // to the LLR, and enough of them decide.
        let won = |n| Tally { wins: n, draws: 0, losses: 0 }.sprt(0.0, 10.0, 0.05, 0.05);
        assert!(won(1).llr > 0.0, "{:?}", won(1));
        assert!(won(10).llr > won(1).llr, "{:?}", won(10));
        assert_eq!(won(10).verdict, Verdict::Undecided, "ten games cannot tell 10 Elo from 0");
        assert_eq!(won(110).verdict, Verdict::Stronger, "{:?}", won(110));
        let lost = Tally { wins: 0, draws: 0, losses: 110 }.sprt(0.0, 10.0, 0.05, 0.05);
        assert_eq!(lost.verdict, Verdict::NotStronger, "{lost:?}");
        let drawn = Tally { wins: 0, draws: 400, losses: 0 }.sprt(0.0, 10.0, 0.05, 0.05);
        assert!(drawn.llr < 0.0, "all draws speak for H0 (no gain): {drawn:?}");
        // Against a wide H1 a few wins decide.
        let clear = Tally { wins: 10, draws: 0, losses: 0 }.sprt(0.0, 400.0, 0.05, 0.05);
        assert_eq!(clear.verdict, Verdict::Stronger, "{clear:?}");
    }

    #[test]
    fn the_llr_is_fishtests() {
        // (wins, draws, losses, elo0, elo1, LLR): fishtest's `LLR_logistic`
        // (server/fishtest/stats/LLRcalc.py) on these results.
        let known = [
            (10, 0, 0, 0.0, 10.0, 0.283681),
            (1, 0, 0, 0.0, 10.0, 0.028367),
            (0, 0, 10, 0.0, 10.0, -0.291965),
            (10, 0, 0, 0.0, 400.0, 5.977262),
            (5, 5, 0, 0.0, 10.0, 0.283591),
            (76, 0, 24, 0.0, 10.0, 1.455279),
            (600, 200, 200, 0.0, 10.0, 13.898222),
            (200, 200, 600, 0.0, 10.0, -14.881858),
            (11, 10, 9, 0.0, 10.0, 0.067750),
            (3175, 20894, 2955, -0.5, 1.5, 4.596447),
            (23256, 42957, 22947, 0.0, 2.0, 0.581846),
            (30, 40, 30, -5.0, 5.0, 0.0),
        ];
        for (wins, draws, losses, elo0, elo1, llr) in known {
            let s = Tally { wins, draws, losses }.sprt(elo0, elo1, 0.05, 0.05);
            assert!((s.llr - llr).abs() < 1e-5, "{wins}-{draws}-{losses} ({elo0}, {elo1}): {} for {llr}", s.llr);
        }
        // With every result seen and many games, the normal approximation
        // of the GSPRT (N (s1 - s0) (2s - s0 - s1) / 2 var) agrees.
        let t = Tally { wins: 23256, draws: 42957, losses: 22947 };
        let (s0, s1, s, n) = (expected_score(0.0), expected_score(2.0), t.score(), t.games() as f64);
        let approx = n * (s1 - s0) * (2.0 * s - s0 - s1) / (2.0 * t.variance());
        assert!((t.sprt(0.0, 2.0, 0.05, 0.05).llr - approx).abs() < 1e-3, "{approx}");
    }
}
