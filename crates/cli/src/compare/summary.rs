//! The figures of a round robin: each entrant's totals, each pairing's
//! results, and the statistics of a variant's games.

use super::{StrategyKind, VariantReport};
use leap_arena::Usage;
use std::collections::BTreeMap;

/// One entrant's totals on a variant.
#[derive(Clone, Copy, Default, Debug)]
pub(super) struct EntrantTotals {
    pub(super) games: u64,
    pub(super) wins: u64,
    pub(super) draws: u64,
    pub(super) losses: u64,
    pub(super) usage: Usage,
}

impl EntrantTotals {
    pub(super) fn score_percent(&self) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            100.0 * (self.wins as f64 + 0.5 * self.draws as f64) / self.games as f64
        }
    }
    pub(super) fn nodes_per_move(&self) -> f64 {
        ratio(self.usage.nodes as f64, self.usage.moves as f64)
    }
    pub(super) fn micros_per_move(&self) -> f64 {
        ratio(self.usage.time.as_secs_f64() * 1e6, self.usage.moves as f64)
    }
}

/// `a / b`, or 0 when `b` is 0.
pub(super) fn ratio(a: f64, b: f64) -> f64 {
    if b == 0.0 {
        0.0
    } else {
        a / b
    }
}

impl VariantReport {
    /// Each entrant's totals, in entrant order.
    pub(super) fn totals(&self) -> Vec<EntrantTotals> {
        let mut t = vec![EntrantTotals::default(); self.entrants.len()];
        for g in &self.games {
            for side in 0..2 {
                let e = &mut t[g.entrants[side]];
                e.games += 1;
                match g.winner {
                    None => e.draws += 1,
                    Some(w) if w == side => e.wins += 1,
                    Some(_) => e.losses += 1,
                }
                e.usage.moves += g.usage[side].moves;
                e.usage.nodes += g.usage[side].nodes;
                e.usage.time += g.usage[side].time;
            }
        }
        t
    }

    /// Per pairing: first-named wins, draws, other wins, unfinished.
    pub(super) fn pairing_results(&self) -> Vec<[u64; 4]> {
        let mut r = vec![[0u64; 4]; self.pairings.len()];
        for g in &self.games {
            let row = &mut r[g.pairing];
            match g.winner {
                Some(0) => row[0] += 1,
                Some(_) => row[2] += 1,
                None => row[1] += 1,
            }
            if g.reason.is_none() {
                row[3] += 1;
            }
        }
        r
    }

    /// Alpha-beta / minimax nodes per move, by depth, where both played.
    pub(super) fn node_ratios(&self, totals: &[EntrantTotals]) -> Vec<(u32, f64, f64)> {
        let find = |kind, depth| self.entrants.iter().position(|e| e.kind == kind && e.depth == depth);
        let mut depths: Vec<u32> =
            self.entrants.iter().filter(|e| e.kind != StrategyKind::Random).map(|e| e.depth).collect();
        depths.sort_unstable();
        depths.dedup();
        depths
            .into_iter()
            .filter_map(|d| {
                let m = totals[find(StrategyKind::Minimax, d)?].nodes_per_move();
                let a = totals[find(StrategyKind::AlphaBeta, d)?].nodes_per_move();
                Some((d, m, a))
            })
            .collect()
    }
}

/// Statistics of the games of one variant, whoever played them.
#[derive(Clone, Default, Debug)]
pub(super) struct GameStats {
    pub(super) games: u64,
    pub(super) plies: u64,
    pub(super) branching: u64,
    pub(super) captures: u64,
    pub(super) pieces: u64,
    pub(super) decisive: u64,
    pub(super) first_player_wins: u64,
    unfinished: u64,
    endings: BTreeMap<String, u64>,
}

impl GameStats {
    /// The statistics of `report`'s games.
    pub(super) fn of(report: &VariantReport) -> GameStats {
        let mut s = GameStats::default();
        for g in &report.games {
            s.games += 1;
            s.plies += g.plies;
            s.branching += g.branching;
            s.captures += g.captures;
            s.pieces += g.pieces_captured;
            if g.winner.is_some() {
                s.decisive += 1;
                if g.first_seat_won {
                    s.first_player_wins += 1;
                }
            }
            match g.reason {
                Some(r) => *s.endings.entry(r.name().to_string()).or_default() += 1,
                None => s.unfinished += 1,
            }
        }
        if s.unfinished > 0 {
            s.endings.insert("ply limit".into(), s.unfinished);
        }
        s
    }

    pub(super) fn per_game(&self, x: u64) -> f64 {
        ratio(x as f64, self.games as f64)
    }
    pub(super) fn branching_factor(&self) -> f64 {
        ratio(self.branching as f64, self.plies as f64)
    }
    pub(super) fn endings_text(&self) -> String {
        self.endings.iter().map(|(k, v)| format!("{k} {v}")).collect::<Vec<_>>().join(", ")
    }
}
