//! The end conditions the family shares, in the royalty/baring style.

use crate::bitset::Bitset;
use crate::outcome::{EndReason, GameResult, Outcome};
use crate::position::{Kind, Player, Position, MAX_KINDS, MAX_PLAYERS};

/// A set of piece kinds, one bit per [`crate::Kind`] index.
pub type KindMask = u8;

/// End conditions of a game of the family, checked after every move, in
/// the royalty/baring style (after H. G. Muller's scheme for the
/// Interactive Diagram):
///
/// - **royal** kinds: a player with fewer royal pieces than it started with
///   loses (losing any one loses);
/// - **extinction** kinds: a player with no piece of these kinds left loses
///   (several of them are spare royals);
/// - **goal**: a player with `goal_count` pieces in its goal zone wins;
/// - **baring** kinds: a player with none of these left is *bare*. When only
///   one player is not bare, it wins if it has at least `bare_min_material`
///   pieces, else the game is drawn. With `counter_baring` (two players), a
///   player bared by a move may bare the other in its reply for a draw: the
///   bare player loses only when its own move leaves it bare and the other
///   not.
/// - **insufficient material**, **move limit**: draws.
///
/// ```
/// use leap_core::rules::{EndRules, NoMoves};
/// let camelot = EndRules {
///     goal_count: Some(2),
///     bare_min_material: 2,
///     insufficient_material: Some(1),
///     no_moves: NoMoves::LossIfOpponentHas(2),
///     move_limit: Some(100),
///     repetition: Some(3),
///     ..EndRules::default()
/// };
/// assert_eq!(camelot.baring, 0xff); // every kind counts for baring
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct EndRules {
    /// A player with this many pieces in its goal zone wins.
    pub goal_count: Option<u32>,
    /// A player who bares every other player wins with at least this many
    /// pieces of its own; with fewer the game is drawn.
    pub bare_min_material: u32,
    /// Drawn when every player has at most this many pieces.
    pub insufficient_material: Option<u32>,
    /// What happens to a player who has no legal move.
    pub no_moves: NoMoves,
    /// Drawn after this many plies without a capture or goal entry (the
    /// position's [clock](Position::clock)).
    pub move_limit: Option<u16>,
    /// Drawn after this many plies without a forward-moving piece advancing
    /// (the position's [second clock](Position::aux_clock); checkers' rule
    /// that uncrowned men must advance).
    pub advance_limit: Option<u16>,
    /// Drawn when a position occurs this many times.
    pub repetition: Option<u32>,
    /// Royal kinds: losing any one of them loses.
    pub royal: KindMask,
    /// How many royal pieces each player starts with (and must keep).
    pub royal_count: [u32; MAX_PLAYERS],
    /// Extinction kinds: losing the last of them loses.
    pub extinction: KindMask,
    /// Kinds that count for baring (all kinds: a player is bare when it has no pieces).
    pub baring: KindMask,
    /// Whether a bared player may bare the other in reply for a draw.
    pub counter_baring: bool,
}

impl Default for EndRules {
    /// No goal, no royals, every kind counts for baring, a bare win with any
    /// material, no draws: losing every piece loses, having no move loses.
    fn default() -> Self {
        EndRules {
            goal_count: None,
            bare_min_material: 1,
            insufficient_material: None,
            no_moves: NoMoves::Loss,
            move_limit: None,
            advance_limit: None,
            repetition: None,
            royal: 0,
            royal_count: [0; MAX_PLAYERS],
            extinction: 0,
            baring: KindMask::MAX,
            counter_baring: false,
        }
    }
}

/// The value of having no legal move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum NoMoves {
    /// The player loses.
    Loss,
    /// The game is drawn.
    Draw,
    /// The player wins (the player who moved last loses).
    Win,
    /// The player loses if the opponent has at least this many pieces, else draw.
    LossIfOpponentHas(u32),
}

impl EndRules {
    /// The outcome that needs no move generation, if the game is over.
    /// `goal_zones[p]` is player `p`'s goal zone; there is one per player.
    ///
    /// In order: a player with enough pieces in its goal zone wins (the
    /// player who just moved is looked at first); when only one player has
    /// pieces left, it wins if it has enough of them, else the game is drawn;
    /// drawn when every player is down to the insufficient material; drawn
    /// when the clock reaches the move limit.
    #[inline(always)]
    pub fn decided(&self, pos: &Position, goal_zones: &[Bitset]) -> Option<Outcome> {
        // Called on every position a search or perft reaches: the quick test
        // is all most of them need.
        if self.surely_open(pos, goal_zones) {
            None
        } else {
            self.decide(pos, goal_zones)
        }
    }

    /// Whether no end condition can hold in `pos`: true only when
    /// [`EndRules::decided`] would find none (false tells nothing). No rule
    /// holds while no royal or extinction kind is set, every player has
    /// pieces that count for baring and none in its goal zone, some player
    /// has more than the insufficient material, and both clocks are below
    /// their limits.
    #[inline(always)]
    fn surely_open(&self, pos: &Position, goal_zones: &[Bitset]) -> bool {
        let n = goal_zones.len();
        if n < 2 || self.royal != 0 || self.extinction != 0 {
            return false;
        }
        let below = |limit: Option<u16>, clock: u16| limit.is_none_or(|l| clock < l);
        if !below(self.move_limit, pos.clock()) || !below(self.advance_limit, pos.aux_clock()) {
            return false;
        }
        let baring = (self.baring != KindMask::MAX).then(|| self.cells_of(pos, self.baring));
        let open = |p: usize| {
            let mine = pos.pieces_of(Player(p as u8));
            // (The low word first, read alone: it settles the question on most
            // boards, and a read of the whole set right after perft's writes of
            // single words would wait for them to reach the cache.)
            let bare = match baring {
                None => mine.low_word() == 0 && mine.is_empty(),
                Some(cells) => !mine.intersects(cells),
            };
            !bare && (self.goal_count.is_none() || !mine.intersects(goal_zones[p]))
        };
        (0..n).all(open)
            && self.insufficient_material.is_none_or(|most| (0..n).any(|p| pos.pieces_of(Player(p as u8)).len() > most))
    }

    /// The cells of the pieces of the kinds of `mask`.
    #[inline]
    fn cells_of(&self, pos: &Position, mask: KindMask) -> Bitset {
        (0..MAX_KINDS).filter(|k| mask >> k & 1 != 0).fold(Bitset::EMPTY, |s, k| s | pos.kind_cells(Kind(k as u8)))
    }

    /// [`EndRules::decided`] in full, rule by rule.
    #[inline(never)]
    fn decide(&self, pos: &Position, goal_zones: &[Bitset]) -> Option<Outcome> {
        // Sets are combined once, and pieces are counted only where a rule needs it.
        let n = goal_zones.len();
        let cells_of = |mask: KindMask| self.cells_of(pos, mask);
        // The player who moved last first, then backwards in turn order.
        let to_move = pos.to_move().index();
        // (No division: this is on every node of a search.)
        let player = |i: usize| {
            let j = to_move + n - 1 - i;
            Player(if j >= n { j - n } else { j } as u8)
        };
        let moved = player(0);
        let win = |p: Player, reason| Some(Outcome { result: GameResult::Win(p), reason });
        let draw = |reason| Some(Outcome { result: GameResult::Draw, reason });
        if self.royal != 0 || self.extinction != 0 {
            let (royals, extinction) = (cells_of(self.royal), cells_of(self.extinction));
            let fallen = |p: Player| {
                (self.royal != 0 && (pos.pieces_of(p) & royals).len() < self.royal_count[p.index()])
                    || (self.extinction != 0 && !pos.pieces_of(p).intersects(extinction))
            };
            if let Some(loser) = (0..n).map(player).find(|p| fallen(*p)) {
                let mut others = (0..n).map(player).filter(|p| *p != loser && !fallen(*p));
                return match (others.next(), others.next()) {
                    (Some(w), None) => win(w, EndReason::Royal),
                    (None, _) => draw(EndReason::Royal),
                    // With three or more players, the royal loss of one player
                    // ends the game for the player who took it: the one who moved.
                    (Some(_), Some(_)) => win(moved, EndReason::Royal),
                };
            }
        }
        if let Some(need) = self.goal_count {
            // (Counted only when a piece is in the zone: most positions have none there.)
            let reached = |p: &Player| {
                let inside = pos.pieces_of(*p) & goal_zones[p.index()];
                !inside.is_empty() && inside.len() >= need
            };
            if let Some(p) = (0..n).map(player).find(reached) {
                return win(p, EndReason::Goal);
            }
        }
        let baring = (self.baring != KindMask::MAX).then(|| cells_of(self.baring));
        let bare = |p: Player| match baring {
            None => pos.pieces_of(p).is_empty(),
            Some(cells) => !pos.pieces_of(p).intersects(cells),
        };
        let baring_win = |p: Player| {
            if pos.pieces_of(p).len() >= self.bare_min_material {
                win(p, EndReason::Elimination)
            } else {
                draw(EndReason::Elimination)
            }
        };
        if self.counter_baring && n == 2 {
            match (bare(moved), bare(pos.to_move())) {
                (true, true) => return draw(EndReason::Elimination),
                (true, false) => return baring_win(pos.to_move()),
                _ => {}
            }
        } else {
            // Usually every player still has pieces: counted before looking for whom.
            if (0..n).filter(|&p| !bare(Player(p as u8))).count() < 2 {
                return match (0..n).map(player).find(|p| !bare(*p)) {
                    Some(p) => baring_win(p),
                    None => draw(EndReason::Elimination),
                };
            }
        }
        if let Some(most) = self.insufficient_material {
            if (0..n).map(player).all(|p| pos.pieces_of(p).len() <= most) {
                return draw(EndReason::InsufficientMaterial);
            }
        }
        let reached = |limit: Option<u16>, clock: u16| limit.is_some_and(|l| clock >= l);
        if reached(self.move_limit, pos.clock()) || reached(self.advance_limit, pos.aux_clock()) {
            return draw(EndReason::MoveLimit);
        }
        None
    }

    /// Sets [`EndRules::royal_count`] from a start position of `players`
    /// players: each must keep the royal pieces it has there.
    pub fn count_royals(&mut self, start: &Position, players: usize) {
        for p in 0..players.min(MAX_PLAYERS) {
            self.royal_count[p] = (0..MAX_KINDS)
                .filter(|k| self.royal >> k & 1 != 0)
                .map(|k| (start.pieces_of(Player(p as u8)) & start.kind_cells(Kind(k as u8))).len())
                .sum();
        }
    }

    /// The end conditions in words, one phrase each; `kinds` names the piece
    /// kinds and `goal_zone` the goal zone (`the opponent's castle`).
    pub fn describe(&self, kinds: &[crate::game::KindInfo], goal_zone: &str) -> Vec<String> {
        let names = |mask: KindMask| -> String {
            kinds
                .iter()
                .enumerate()
                .filter(|(i, _)| mask >> i & 1 != 0)
                .map(|(_, k)| k.name.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        };
        let all = (1u16 << kinds.len()) - 1;
        let mut out = Vec::new();
        if self.royal != 0 {
            out.push(format!("losing a royal piece ({}) loses", names(self.royal)));
        }
        if self.extinction != 0 {
            out.push(format!("losing the last of {} loses", names(self.extinction)));
        }
        if let Some(n) = self.goal_count {
            out.push(format!("{n} piece(s) in {goal_zone} win"));
        }
        let bared = if self.baring as u16 & all == all {
            "every piece".to_string()
        } else {
            format!("every {}", names(self.baring))
        };
        let needs = if self.bare_min_material > 1 {
            format!(" with at least {} pieces left, else draws", self.bare_min_material)
        } else {
            String::new()
        };
        out.push(format!(
            "capturing {bared} of the other side(s) wins{needs}{}",
            if self.counter_baring { " (unless the bared side bares back at once: draw)" } else { "" }
        ));
        if let Some(n) = self.insufficient_material {
            out.push(format!("drawn when every side has at most {n} piece(s)"));
        }
        out.push(match self.no_moves {
            NoMoves::Loss => "no legal move loses".into(),
            NoMoves::Draw => "no legal move draws".into(),
            NoMoves::Win => "no legal move wins".into(),
            NoMoves::LossIfOpponentHas(n) => {
                format!("no legal move loses if the opponent has at least {n} pieces, else draws")
            }
        });
        if let Some(n) = self.repetition {
            out.push(format!("drawn on occurrence {n} of a position"));
        }
        if let Some(n) = self.move_limit {
            out.push(format!("drawn after {n} plies without progress"));
        }
        if let Some(n) = self.advance_limit {
            out.push(format!("drawn after {n} plies without a forward-moving piece advancing"));
        }
        out
    }

    /// The outcome when the player to move has no legal move, in a game of
    /// `players` players. A loss is a win for the player who moved last
    /// (the nearest one before in turn order that has pieces).
    pub fn no_moves(&self, pos: &Position, players: usize) -> Outcome {
        let to_move = pos.to_move().index();
        let other = (1..players)
            .map(|i| Player(((to_move + players - i) % players) as u8))
            .find(|p| !pos.pieces_of(*p).is_empty())
            .unwrap_or(Player(((to_move + players - 1) % players) as u8));
        let result = match self.no_moves {
            NoMoves::Loss => GameResult::Win(other),
            NoMoves::Draw => GameResult::Draw,
            NoMoves::Win => GameResult::Win(pos.to_move()),
            NoMoves::LossIfOpponentHas(n) if pos.pieces_of(other).len() >= n => GameResult::Win(other),
            NoMoves::LossIfOpponentHas(_) => GameResult::Draw,
        };
        Outcome { result, reason: EndReason::NoMoves }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Cell;
    use crate::position::Piece;
    use crate::rng::SplitMix64;

    /// A small deterministic generator.
    struct Gen(SplitMix64);

    impl Gen {
        fn next(&mut self) -> u64 {
            self.0.next_u64()
        }
        fn below(&mut self, n: u64) -> u64 {
            self.next() % n
        }
        /// `v` or nothing, evenly.
        fn maybe(&mut self, v: u64) -> Option<u64> {
            (self.below(2) == 0).then_some(v)
        }
    }

    /// End rules drawn at random, every rule on or off.
    fn rules(g: &mut Gen) -> EndRules {
        let (goal, most, moves, advances) = (1 + g.below(2), g.below(3), 2 + g.below(6), 2 + g.below(6));
        EndRules {
            goal_count: g.maybe(goal).map(|n| n as u32),
            bare_min_material: 1 + g.below(2) as u32,
            insufficient_material: g.maybe(most).map(|n| n as u32),
            move_limit: g.maybe(moves).map(|n| n as u16),
            advance_limit: g.maybe(advances).map(|n| n as u16),
            royal: if g.below(4) == 0 { 1 << g.below(3) } else { 0 },
            royal_count: [1; MAX_PLAYERS],
            extinction: if g.below(4) == 0 { 1 << g.below(3) } else { 0 },
            baring: if g.below(2) == 0 { KindMask::MAX } else { 1 + g.below(7) as u8 },
            counter_baring: g.below(2) == 0,
            ..EndRules::default()
        }
    }

    /// A position of `players` players with a few pieces on 24 cells.
    fn position(g: &mut Gen, players: usize) -> Position {
        let mut pos = Position::empty(Player(g.below(players as u64) as u8));
        for _ in 0..g.below(12) {
            let piece = Piece { player: Player(g.below(players as u64) as u8), kind: Kind(g.below(3) as u8) };
            pos.put(Cell::new(g.below(24) as u8), piece);
        }
        pos.set_clock(g.below(6) as u16);
        pos.set_aux_clock(g.below(6) as u16);
        pos
    }

    /// The quick test never hides an end: whenever it finds the position
    /// open, the rules in full find no outcome.
    #[test]
    fn the_quick_test_agrees_with_the_rules_in_full() {
        let mut g = Gen(SplitMix64::new(7));
        let (mut open, mut over) = (0, 0);
        for _ in 0..200_000 {
            let players = 2 + g.below(2) as usize;
            let end = rules(&mut g);
            let pos = position(&mut g, players);
            let zones: Vec<Bitset> =
                (0..players).map(|_| Bitset::from_low_word(g.next() & g.next() & 0xff_ffff)).collect();
            let full = end.decide(&pos, &zones);
            assert_eq!(end.decided(&pos, &zones), full, "{end:?} {pos:?}");
            if end.surely_open(&pos, &zones) {
                assert_eq!(full, None, "{end:?} {pos:?}");
                open += 1;
            }
            over += full.is_some() as u32;
        }
        // (Both kinds of position were met.)
        assert!(open > 20_000 && over > 20_000, "{open} open, {over} over");
    }
}
