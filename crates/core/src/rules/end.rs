//! The end conditions the family shares, after H. G. Muller's *royalty
//! count* (the Interactive Diagram's scheme for royal, extinction and
//! baring pieces).

use crate::bitset::Bitset;
use crate::outcome::{EndReason, GameResult, Outcome};
use crate::position::{Kind, Player, Position, MAX_KINDS, MAX_PLAYERS};

/// A set of piece kinds, one bit per [`crate::Kind`] index.
pub type KindMask = u8;

/// What a royal piece weighs in the [royalty count](EndRules::royalty):
/// more than all the baring pieces a board can hold.
pub const ROYAL_WEIGHT: i64 = 1024;

/// End conditions of a game of the family, checked after every move.
///
/// # The royalty count
///
/// The royal, extinction and baring conditions are H. G. Muller's royalty
/// count. Each player has a count, worked out from the position:
///
/// - it starts at 1, or, when some kinds count for baring, at the number of
///   the player's baring pieces;
/// - each *spare* royal adds [`ROYAL_WEIGHT`] (1024): with extinction
///   kinds, every extinction piece but one is a spare;
/// - each lost royal takes 1024 away: losing any royal piece (of the
///   kinds of [`EndRules::royal`], counted against the number the player
///   has in the setup, [`EndRules::royal_count`]) or the last extinction
///   piece makes the count negative. (With both royal and extinction
///   kinds, either loss makes it negative: spare extinction pieces do not
///   stand in for a lost royal.)
///
/// So a side with two Knights of an extinction kind and no baring piece
/// left has 0 + 1024 = 1024; with one Knight, 0: it is *bare*.
///
/// After a move, with `M` the player who moved and `O` the other:
///
/// 1. `O`'s count is negative: `M` wins (royal piece lost).
/// 2. `M`'s count is 0 and `O`'s is not: `M` was bared by `O`'s previous
///    move and its reply did not bare `O` back: `O` wins. (A bared side
///    always gets that one reply: to bare back, or to take a royal.)
/// 3. Both counts are 0: if `M`'s move just bared `O` (counter-baring),
///    the game goes on for one move, in which `O` may still take a royal
///    and win; otherwise it is drawn.
///
/// That is the text's rule. Its differences are options: with
/// [`EndRules::counter_baring`] off, the game ends on the move that bares
/// a side (the bared side gets no reply; both bare: drawn at once), as the
/// WCF's Camelot rule "capturing the last enemy piece wins" wants;
/// [`EndRules::bare_min_material`] turns a baring win with too few pieces
/// into a draw; [`EndRules::baring`] `== 0` switches baring off (the count
/// starts at 1 and only royals change it). With three or more players a
/// player whose count is 0 is out, and the last one left wins.
///
/// "The move just bared the other side" is what the position remembers of
/// the move that led to it: its [counter-baring
/// mark](Position::counter_bared), which [`EndRules::play`] sets after a
/// move that left the other side at 0 when it was not at 0 before, the
/// mover being at 0 too (and clears after every other move). A bare side's move that captures a
/// piece that does not count, or enters its goal without winning, did not
/// bare the other side, which was at 0 already: the game is drawn. A
/// position given by hand with both sides bare is drawn at once, unless it
/// says it follows a counter-baring move (`counter-bared=1` in a position
/// string). When no royal can be taken and no goal can be reached, the
/// extra move cannot change the result, so the draw is declared at once.
///
/// # The other conditions
///
/// - **goal**: a player with `goal_count` pieces in its goal zone wins
///   (checked after the royals and before baring; a bare side's reply that
///   reaches the goal wins unless [`EndRules::bare_goal`] is off);
/// - **insufficient material**, **move limit**: draws;
/// - **no moves**: see [`NoMoves`].
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
/// assert!(!camelot.counter_baring); // the WCF rule: the baring move wins at once
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct EndRules {
    /// A player with this many pieces in its goal zone wins.
    pub goal_count: Option<u32>,
    /// A player who bares every other player wins with at least this many
    /// pieces of its own; with fewer the game is drawn (1: the text's rule).
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
    /// How many royal pieces each player has in the setup (and must keep).
    pub royal_count: [u32; MAX_PLAYERS],
    /// Extinction kinds: losing the last of them loses (the others are
    /// spare royals).
    pub extinction: KindMask,
    /// Kinds that count for baring: [`KindMask::MAX`] (the default) every
    /// kind, so that a player is bare when it has no pieces; 0 none, so
    /// that baring never ends the game.
    pub baring: KindMask,
    /// Whether a bared player gets a reply (the royalty count's rule:
    /// to bare back for a draw, or take a royal); off, the baring move
    /// ends the game at once.
    pub counter_baring: bool,
    /// Whether a bare player's pieces in its goal zone win (the default);
    /// off, a bare player cannot win by the goal.
    pub bare_goal: bool,
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
            bare_goal: true,
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
    /// In order: a player whose royalty count is negative loses; a player
    /// with enough pieces in its goal zone wins (the player who just moved
    /// is looked at first); baring, as the [royalty count](EndRules) says;
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
                Some(_) if self.baring == 0 => false,
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

    /// `player`'s royalty count in `pos` (see [`EndRules`]): negative when
    /// it has lost a royal piece or its last extinction piece, 0 when it is
    /// bare, positive otherwise.
    ///
    /// ```
    /// use leap_core::rules::{EndRules, ROYAL_WEIGHT};
    /// use leap_core::{Cell, Kind, Piece, Player, Position};
    /// // Kind 0 (Knights) are extinction pieces, kind 1 (Men) baring pieces.
    /// let end = EndRules { extinction: 0b01, baring: 0b10, counter_baring: true, ..EndRules::default() };
    /// let mut pos = Position::empty(Player(0));
    /// let knight = Piece { player: Player(0), kind: Kind(0) };
    /// pos.put(Cell::new(0), knight);
    /// pos.put(Cell::new(1), knight);
    /// // Two Knights and no Man: no baring piece, one spare royal.
    /// assert_eq!(end.royalty(&pos, Player(0)), ROYAL_WEIGHT);
    /// pos.remove(Cell::new(1));
    /// assert_eq!(end.royalty(&pos, Player(0)), 0); // bare
    /// pos.remove(Cell::new(0));
    /// assert!(end.royalty(&pos, Player(0)) < 0); // lost
    /// ```
    pub fn royalty(&self, pos: &Position, player: Player) -> i64 {
        let mine = pos.pieces_of(player);
        let base = match self.baring {
            0 => 1,
            KindMask::MAX => mine.len() as i64,
            mask => (mine & self.cells_of(pos, mask)).len() as i64,
        };
        let (mut lost, mut spares) = (0i64, 0i64);
        if self.royal != 0 {
            let have = (mine & self.cells_of(pos, self.royal)).len() as i64;
            let need = self.royal_count[player.index()] as i64;
            if have < need {
                lost += need - have;
            } else {
                // More than the setup's (a promotion, a set-up position): spares.
                spares += have - need;
            }
        }
        if self.extinction != 0 {
            match (mine & self.cells_of(pos, self.extinction)).len() as i64 {
                0 => lost += 1,
                have => spares += have - 1,
            }
        }
        if lost > 0 {
            base - ROYAL_WEIGHT * lost
        } else {
            base + ROYAL_WEIGHT * spares
        }
    }

    /// Whether `player` is bare: its royalty count is 0.
    #[inline]
    fn is_bare(&self, pos: &Position, player: Player) -> bool {
        if self.royal == 0 && self.extinction == 0 {
            // (No royals: the count is the number of baring pieces.)
            let mine = pos.pieces_of(player);
            match self.baring {
                0 => false,
                KindMask::MAX => mine.is_empty(),
                mask => !mine.intersects(self.cells_of(pos, mask)),
            }
        } else {
            self.royalty(pos, player) == 0
        }
    }

    /// Why a game that baring ends ended: [`EndReason::Elimination`] when
    /// every bare side of the `players` has no piece at all,
    /// [`EndReason::Bared`] when one still has pieces that do not count.
    fn baring_reason(&self, pos: &Position, players: usize) -> EndReason {
        let kept = |p: Player| self.is_bare(pos, p) && !pos.pieces_of(p).is_empty();
        if (0..players).any(|p| kept(Player(p as u8))) {
            EndReason::Bared
        } else {
            EndReason::Elimination
        }
    }

    /// [`EndRules::decided`] in full, rule by rule.
    #[inline(never)]
    fn decide(&self, pos: &Position, goal_zones: &[Bitset]) -> Option<Outcome> {
        // Sets are combined once, and pieces are counted only where a rule needs it.
        let n = goal_zones.len();
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
        let royals = self.royal != 0 || self.extinction != 0;
        if royals {
            let fallen = |p: Player| self.royalty(pos, p) < 0;
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
        let bare = |p: Player| self.is_bare(pos, p);
        if let Some(need) = self.goal_count {
            // (Counted only when a piece is in the zone: most positions have none there.)
            let reached = |p: &Player| {
                let inside = pos.pieces_of(*p) & goal_zones[p.index()];
                !inside.is_empty() && inside.len() >= need && (self.bare_goal || !bare(*p))
            };
            if let Some(p) = (0..n).map(player).find(reached) {
                return win(p, EndReason::Goal);
            }
        }
        let baring_win = |p: Player| {
            let reason = self.baring_reason(pos, n);
            if pos.pieces_of(p).len() >= self.bare_min_material {
                win(p, reason)
            } else {
                draw(reason)
            }
        };
        if self.baring != 0 {
            if self.counter_baring && n == 2 {
                match (bare(moved), bare(pos.to_move())) {
                    (true, true) => {
                        // The move that bared the other side back (the mark
                        // `play` left) leaves one more move, in which a royal
                        // may still be taken or (with `bare_goal`) the goal
                        // reached.
                        let decisive = royals || (self.goal_count.is_some() && self.bare_goal);
                        return if decisive && pos.counter_bared() { None } else { draw(self.baring_reason(pos, n)) };
                    }
                    (true, false) => return baring_win(pos.to_move()),
                    _ => {}
                }
            } else {
                // Usually every player still has pieces: counted before looking for whom.
                if (0..n).filter(|&p| !bare(Player(p as u8))).count() < 2 {
                    return match (0..n).map(player).find(|p| !bare(*p)) {
                        Some(p) => baring_win(p),
                        None => draw(self.baring_reason(pos, n)),
                    };
                }
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

    /// Plays a move on `pos` with `apply`, the family's own way of making
    /// it (pieces, promotion, clocks, counters, turn), and marks the
    /// position after it as [counter-bared](Position::counter_bared) when
    /// the move was a counter-baring move: in a game of two `players` with
    /// [`EndRules::counter_baring`] and baring on, it captured pieces of
    /// the other side, which was not bare before it and is bare after it,
    /// and the mover is bare after it too. Any other move clears the mark.
    /// `captured`: the cells of the pieces the move captures.
    ///
    /// Every family plays its moves through this, so that the mark means
    /// the same in all of them. Without `counter_baring` the mark is never
    /// set and this is `apply` alone.
    #[inline(always)]
    pub fn play<F: FnOnce(&mut Position)>(&self, pos: &mut Position, players: usize, captured: Bitset, apply: F) {
        if !self.counter_baring {
            apply(pos);
            return;
        }
        let mover = pos.to_move();
        let other = Player(1 - mover.0.min(1));
        // Only a capture changes the other side's count (the mover's own
        // pieces are all that a move turns into other kinds): the other side
        // was at 0 before unless the count changed, and it only goes down.
        let watched = self.counter_bares(players) && !captured.is_empty() && !self.is_bare(pos, other);
        apply(pos);
        pos.set_counter_bared(watched && self.is_bare(pos, other) && self.is_bare(pos, mover));
    }

    /// Whether a move of a game of `players` players can be a
    /// counter-baring move ([`EndRules::play`] can set the
    /// [mark](Position::counter_bared)): the game has
    /// [`EndRules::counter_baring`], baring, and two players.
    #[inline]
    pub fn counter_bares(&self, players: usize) -> bool {
        self.counter_baring && players == 2 && self.baring != 0
    }

    /// Why `pos`, a position of a game of `players` (in turn order), may
    /// not carry the [counter-baring mark](Position::counter_bared), in a
    /// sentence for the player: the mark follows a counter-baring move,
    /// after which both sides are bare. `None` when it may, or does not
    /// carry it. (For the families'
    /// [`Game::check_position`](crate::Game::check_position).)
    pub fn counter_bared_problem(&self, pos: &Position, players: &[crate::game::PlayerInfo]) -> Option<String> {
        if !pos.counter_bared() {
            return None;
        }
        if !self.counter_bares(players.len()) {
            return Some("counter-bared=1: this game has no counter-baring".into());
        }
        let not_bare: Vec<&str> = (0..players.len())
            .filter(|&p| !self.is_bare(pos, Player(p as u8)))
            .map(|p| players[p].name.as_str())
            .collect();
        match not_bare.as_slice() {
            [] => None,
            names => Some(format!(
                "counter-bared=1 marks the position after a counter-baring move, where both sides are bare; {} {} not",
                names.join(" and "),
                if names.len() == 1 { "is" } else { "are" }
            )),
        }
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

    /// The end conditions in words, one phrase each, for a game of
    /// `players` players; `kinds` names the piece kinds and `goal_zone` the
    /// goal zone (`the opponent's castle`).
    pub fn describe(&self, kinds: &[crate::game::KindInfo], goal_zone: &str, players: usize) -> Vec<String> {
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
            // (Royal pieces beyond those a side starts with are spares: with
            // none in the setup, losing one never ends the game.)
            out.push(if self.royal_count[..players.min(MAX_PLAYERS)].iter().all(|&n| n == 0) {
                format!(
                    "royal pieces ({}): no side starts with one, so each one gained is a spare, and losing it \
                     never ends the game",
                    names(self.royal)
                )
            } else {
                format!("losing a royal piece ({}) loses", names(self.royal))
            });
        }
        if self.extinction != 0 {
            out.push(if self.extinction.count_ones() == 1 {
                format!("losing its last {} loses", names(self.extinction))
            } else {
                format!("losing the last of its pieces of the kinds {} loses", names(self.extinction))
            });
        }
        if let Some(n) = self.goal_count {
            let bare = if self.bare_goal { "" } else { " (not for a bare side)" };
            let (pieces, verb) = if n == 1 { ("1 piece".to_string(), "wins") } else { (format!("{n} pieces"), "win") };
            out.push(format!("{pieces} in {goal_zone} {verb}{bare}"));
        }
        if self.baring == 0 {
            out.push("no baring: capturing pieces other than royal ones never ends the game".into());
        } else if self.extinction != 0 && self.baring & self.extinction == self.extinction {
            // A side's last extinction piece is a baring piece: it has one
            // as long as it is in the game, so it is never bare.
            out.push(format!("no side is ever bare: its last {} counts for baring too", names(self.extinction)));
        } else if !self.counter_baring && self.extinction == 0 {
            // (The elimination rule of Camelot and checkers, in its own words.)
            let bared = if self.baring as u16 & all == all {
                "every piece".to_string()
            } else {
                format!("every {}", names(self.baring))
            };
            let needs = if self.bare_min_material > 1 {
                format!(" with at least {} left, else draws", crate::counted(self.bare_min_material, "piece"))
            } else {
                String::new()
            };
            out.push(format!("capturing {bared} of the other side(s) wins{needs}"));
        } else {
            let spares = if self.extinction != 0 { " and down to its last extinction piece" } else { "" };
            let bared = if self.baring as u16 & all == all {
                format!("a side with no pieces{spares}")
            } else {
                format!("a side with no {}{spares}", names(self.baring))
            };
            let needs = if self.bare_min_material > 1 {
                format!(" (with at least {} left, else a draw)", crate::counted(self.bare_min_material, "piece"))
            } else {
                String::new()
            };
            out.push(if self.counter_baring {
                format!(
                    "{bared} is bare: it loses{needs} unless its reply bares the other side back (a draw) or takes a royal piece"
                )
            } else {
                format!("{bared} is bare and loses at once{needs}")
            });
        }
        if let Some(n) = self.insufficient_material {
            out.push(format!("drawn when every side has at most {}", crate::counted(n, "piece")));
        }
        out.push(match self.no_moves {
            NoMoves::Loss => "no legal move loses".into(),
            NoMoves::Draw => "no legal move draws".into(),
            NoMoves::Win => "no legal move wins".into(),
            NoMoves::LossIfOpponentHas(n) => {
                // (With more than two players, the one the loss is a win for.)
                let other = if players > 2 { "the last player to move before it" } else { "the opponent" };
                format!("no legal move loses if {other} has at least {}, else draws", crate::counted(n, "piece"))
            }
        });
        if let Some(n) = self.repetition {
            out.push(format!("drawn on occurrence {n} of a position"));
        }
        if let Some(n) = self.move_limit {
            out.push(format!("drawn after {} without progress", crate::counted(n, "ply")));
        }
        if let Some(n) = self.advance_limit {
            out.push(format!("drawn after {} without a forward-moving piece advancing", crate::counted(n, "ply")));
        }
        out
    }

    /// The outcome when the player to move has no legal move, in a game of
    /// `players` players. A loss is a win for the player who moved last
    /// (the nearest one before in turn order that has pieces). With
    /// counter-baring, when both sides are bare (the move left after a
    /// counter-baring move), the game is drawn.
    pub fn no_moves(&self, pos: &Position, players: usize) -> Outcome {
        let to_move = pos.to_move().index();
        let other = (1..players)
            .map(|i| Player(((to_move + players - i) % players) as u8))
            .find(|p| !pos.pieces_of(*p).is_empty())
            .unwrap_or(Player(((to_move + players - 1) % players) as u8));
        if self.counter_baring
            && players == 2
            && self.baring != 0
            && self.is_bare(pos, pos.to_move())
            && self.is_bare(pos, other)
        {
            return Outcome { result: GameResult::Draw, reason: self.baring_reason(pos, players) };
        }
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
            baring: match g.below(4) {
                0 | 1 => KindMask::MAX,
                2 => 0,
                _ => 1 + g.below(7) as u8,
            },
            counter_baring: g.below(2) == 0,
            bare_goal: g.below(3) != 0,
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
        pos.set_counter_bared(g.below(2) == 0);
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
