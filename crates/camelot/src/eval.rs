//! A Camelot evaluation after the World Camelot Federation's evaluation
//! factors (Michael Nolan, "Creation of an independent Camelot-playing
//! computer program": factors 4-11).
//!
//! The objective factors (1-3: winning by elimination, by castling two
//! pieces, by stalemate) are finished games, which the searches score
//! themselves ([`leap_core::outcome_score`]); this evaluation gives the
//! subjective ones, for the player asked about minus its opponent, in
//! hundredths of a Man ([`EvalTerms`] lists them one by one):
//!
//! | term | WCF factor | what it counts |
//! |---|---|---|
//! | `material` | 4 | Men 100; a Knight `100 + 125 ln P / ln 14`, P the side's uncastled pieces (225 at the start, 100 alone); a piece in the enemy castle [`EvalWeights::castled`] |
//! | `offence` | 5 | closeness of each uncastled piece to the enemy castle, growing quadratically as it nears |
//! | `defence` | 6 | own pieces at least as close to one's own castle as the nearest enemy attacker, weighted by how near that attacker is |
//! | `mobility` | 7 | cells the side's pieces control: empty neighbours and empty single-leap landings |
//! | `trade_down` | 8 | the WCF trade-down bonus `1.125 D - 0.00025 D T` (D material difference, T total material): trading when ahead gains |
//! | `centering` | 9 | closeness of each uncastled piece to the centre of the board |
//! | `grouping` | 10 | pairs of friendly pieces standing next to each other |
//! | `charging` | 11 | canters open to each Knight: a friendly neighbour with an empty cell beyond, at most 4 per Knight |
//!
//! ```
//! use leap_camelot::CamelotEval;
//! use leap_core::{Evaluator, Game, Player};
//! let game = leap_camelot::load("camelot").unwrap();
//! let eval = CamelotEval::new(&game);
//! let start = game.start();
//! // The start is symmetric: every term is even.
//! assert_eq!(eval.evaluate(&game, &start, Player(0)), 0);
//! assert_eq!(eval.terms(&game, &start, Player(0)).material, 0);
//! assert_eq!(eval.knight_value(14), 225);
//! assert_eq!(eval.knight_value(1), 100);
//! ```

use crate::rules::Camelot;
use leap_core::{Bitset, Cell, Evaluator, Game, Kind, LeapRules, Piece, Player, Position, Score, MAX_KINDS};

/// The weight of each term of [`CamelotEval`] (material is in hundredths
/// of a Man and has no weight; the others multiply their raw counts).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct EvalWeights {
    /// The value of a piece standing in the enemy castle: it counts towards
    /// the castling win but has left the fight (WCF factor 2 calls castling a
    /// single piece a disadvantage), so less than a Man.
    pub castled: Score,
    /// Per unit of closeness to the enemy castle (see [`EvalTerms::offence`]).
    pub offence: Score,
    /// Per defender, times the attacker's closeness (see [`EvalTerms::defence`]).
    pub defence: Score,
    /// Per controlled cell.
    pub mobility: Score,
    /// Percent of the WCF trade-down bonus counted (100: as published).
    pub trade_down: Score,
    /// Per unit of closeness to the centre.
    pub centering: Score,
    /// Per pair of adjacent friendly pieces.
    pub grouping: Score,
    /// Per canter open to a Knight.
    pub charging: Score,
}

impl Default for EvalWeights {
    fn default() -> Self {
        EvalWeights {
            castled: 60,
            offence: 1,
            defence: 4,
            mobility: 2,
            trade_down: 100,
            centering: 1,
            grouping: 2,
            charging: 3,
        }
    }
}

/// The evaluation of one position for one player, term by term: each is
/// the player's own figure minus its opponent's, already weighted, so that
/// [`EvalTerms::total`] is the evaluation.
#[derive(Clone, Copy, PartialEq, Eq, Default, Debug)]
pub struct EvalTerms {
    /// Factor 4: material, with the Knight's value depending on the number of
    /// friendly uncastled pieces.
    pub material: Score,
    /// Factor 5: each uncastled piece scores `(16 - d)² / 8` for its distance
    /// `d` (in king steps) to the nearer cell of the enemy castle.
    pub offence: Score,
    /// Factor 6: with the nearest enemy attacker `a` king steps from one's
    /// castle (`a` < 9), each own piece no farther than `a` from the castle
    /// (at most 3 counted) scores `9 - a`.
    pub defence: Score,
    /// Factor 7: the number of cells the side's pieces control (an empty
    /// neighbour, or an empty cell a leap over any piece lands on).
    pub mobility: Score,
    /// Factor 8: the trade-down bonus on the material difference.
    pub trade_down: Score,
    /// Factor 9: each uncastled piece scores `12 - (|2f - 11| + |2r - 15|) / 2`
    /// (f, r its file and rank from 0), at least 0: 11 next to the centre,
    /// 0 in the corners.
    pub centering: Score,
    /// Factor 10: the number of pairs of adjacent friendly uncastled pieces.
    pub grouping: Score,
    /// Factor 11: for each Knight, the canters it could start (a friendly
    /// neighbour with an empty cell beyond it), at most 4.
    pub charging: Score,
}

impl EvalTerms {
    /// The sum of the terms: the evaluation.
    pub fn total(&self) -> Score {
        self.material
            + self.offence
            + self.defence
            + self.mobility
            + self.trade_down
            + self.centering
            + self.grouping
            + self.charging
    }
}

/// One side's raw figures, before weights and before subtracting the opponent's.
#[derive(Default)]
struct Side {
    material: Score,
    offence: Score,
    defence: Score,
    mobility: Score,
    centering: Score,
    grouping: Score,
    charging: Score,
}

/// The WCF-factor evaluation of a Camelot-family game (two players, each
/// with a castle); see the [module docs](self) for the terms.
#[derive(Clone, Debug)]
pub struct CamelotEval {
    weights: EvalWeights,
    /// Kinds that may charge (the Knights), by kind index.
    knight: [bool; MAX_KINDS],
    /// `castles[p]`: player `p`'s own castle.
    castles: [Bitset; 2],
    /// `to_castle[p][cell]`: king steps from `cell` to player `p`'s castle.
    to_castle: [Vec<u8>; 2],
    /// `centre[cell]`: the centering score of a cell.
    centre: Vec<u8>,
    /// `knight_value[P]` for P = 0..=MAX uncastled pieces.
    knight_value: Vec<Score>,
}

impl CamelotEval {
    /// The evaluation for `game` with the default [`EvalWeights`].
    pub fn new(game: &Camelot) -> Self {
        Self::with_weights(game, EvalWeights::default())
    }

    /// The evaluation for `game` with these weights.
    pub fn with_weights(game: &Camelot, weights: EvalWeights) -> Self {
        let board = game.board();
        let castles = [game.castle(Player(0)), game.castle(Player(1))];
        // The Knights are the kinds that may charge, asked of a piece standing
        // outside both castles.
        let mut knight = [false; MAX_KINDS];
        let outside = (board.cells() - castles[0] - castles[1]).first();
        if let Some(cell) = outside {
            let pos = game.start();
            for (k, slot) in knight.iter_mut().enumerate().take(game.kinds().len()) {
                *slot = game.abilities(&pos, cell, Piece { player: Player(0), kind: Kind(k as u8) }).charge;
            }
        }
        let distance = |a: Cell, b: Cell| {
            let (a, b) = (board.coord(a), board.coord(b));
            a.file.abs_diff(b.file).max(a.rank.abs_diff(b.rank))
        };
        let to_castle = castles.map(|castle| {
            (0..board.len())
                .map(|i| castle.iter().map(|c| distance(Cell::new(i as u8), c)).min().unwrap_or(u8::MAX))
                .collect::<Vec<u8>>()
        });
        let (files, ranks) = (board.files() as i32, board.ranks() as i32);
        let centre = (0..board.len())
            .map(|i| {
                let c = board.coord(Cell::new(i as u8));
                let off = (2 * c.file as i32 - (files - 1)).abs() + (2 * c.rank as i32 - (ranks - 1)).abs();
                (12 - off / 2).max(0) as u8
            })
            .collect();
        let knight_value = (0..=leap_core::MAX_CELLS)
            .map(|p| if p <= 1 { 100 } else { 100 + (125.0 * (p as f64).ln() / 14f64.ln()).round() as Score })
            .collect();
        CamelotEval { weights, knight, castles, to_castle, centre, knight_value }
    }

    /// The weights in use.
    pub fn weights(&self) -> &EvalWeights {
        &self.weights
    }

    /// A Knight's value in hundredths of a Man when its side has `uncastled`
    /// pieces outside the enemy castle: `100 + 125 ln P / ln 14` (the WCF
    /// Knight-Man formula: 225 with the 14 pieces of the start, falling to a
    /// Man's value when the Knight is alone).
    pub fn knight_value(&self, uncastled: usize) -> Score {
        self.knight_value[uncastled.min(self.knight_value.len() - 1)]
    }

    /// The evaluation of `pos` for `player`, term by term.
    pub fn terms(&self, game: &Camelot, pos: &Position, player: Player) -> EvalTerms {
        let me = player.index().min(1);
        let them = 1 - me;
        let mine = self.side(game, pos, me);
        let theirs = self.side(game, pos, them);
        let w = &self.weights;
        // The trade-down bonus, on the material difference D and total T.
        let d = (mine.material - theirs.material) as f64;
        let t = (mine.material + theirs.material) as f64;
        let bonus = 1.125 * d - 0.00025 * d * t;
        EvalTerms {
            material: mine.material - theirs.material,
            offence: w.offence * (mine.offence - theirs.offence),
            defence: w.defence * (mine.defence - theirs.defence),
            mobility: w.mobility * (mine.mobility - theirs.mobility),
            trade_down: (bonus * w.trade_down as f64 / 100.0).round() as Score,
            centering: w.centering * (mine.centering - theirs.centering),
            grouping: w.grouping * (mine.grouping - theirs.grouping),
            charging: w.charging * (mine.charging - theirs.charging),
        }
    }

    /// One side's raw figures (`s`: 0 or 1).
    fn side(&self, game: &Camelot, pos: &Position, s: usize) -> Side {
        let board = game.board();
        let other = 1 - s;
        let own = pos.pieces_of(Player(s as u8));
        let enemy = pos.pieces_of(Player(other as u8));
        let occupied = own | enemy;
        let empty = board.cells() - occupied;
        let target = self.castles[other];
        let castled = own & target;
        let active = own - castled;
        let uncastled = active.len() as usize;
        let mut side = Side::default();

        let mut knights = Bitset::EMPTY;
        for k in 0..MAX_KINDS {
            if self.knight[k] {
                knights |= pos.kind_cells(Kind(k as u8));
            }
        }
        let knights = knights & active;
        let men = active - knights;
        side.material = men.len() as Score * 100
            + knights.len() as Score * self.knight_value(uncastled)
            + castled.len() as Score * self.weights.castled;

        let mut controlled = Bitset::EMPTY;
        let mut adjacent_pairs = 0;
        for cell in active {
            let d = 16 - (self.to_castle[other][cell.index()] as Score).min(16);
            side.offence += d * d / 8;
            side.centering += self.centre[cell.index()] as Score;
            let around = board.around(cell);
            controlled |= around & empty;
            adjacent_pairs += (around & active).len() as Score;
            for dir in 0..board.dir_count() {
                if let Some((over, land)) = board.leap_over(cell, dir) {
                    if occupied.contains(over) && empty.contains(land) {
                        controlled.insert(land);
                    }
                }
            }
        }
        side.grouping = adjacent_pairs / 2;
        side.mobility = controlled.len() as Score;

        for cell in knights {
            let mut canters = 0;
            for dir in 0..board.dir_count() {
                if let Some((over, land)) = board.leap_over(cell, dir) {
                    if own.contains(over) && empty.contains(land) {
                        canters += 1;
                    }
                }
            }
            side.charging += canters.min(4);
        }

        // Defence: the nearest enemy attacker (outside our castle's reach of
        // the enemy's own castle) against our pieces as near to our castle.
        let home = &self.to_castle[s];
        let enemy_active = enemy - self.castles[s];
        if let Some(a) = enemy_active.iter().map(|c| home[c.index()]).min() {
            if a < 9 {
                let defenders = active.iter().filter(|c| home[c.index()] <= a).count().min(3) as Score;
                side.defence = defenders * (9 - a as Score);
            }
        }
        side
    }
}

impl Evaluator<Camelot> for CamelotEval {
    fn evaluate(&self, game: &Camelot, pos: &Position, player: Player) -> Score {
        self.terms(game, pos, player).total()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use leap_core::parse_position;

    fn game() -> Camelot {
        crate::load("camelot").unwrap()
    }

    #[test]
    fn knight_value_follows_the_wcf_formula() {
        let g = game();
        let e = CamelotEval::new(&g);
        assert_eq!(e.knight_value(14), 225);
        assert_eq!(e.knight_value(7), 192);
        assert_eq!(e.knight_value(2), 133);
        assert_eq!(e.knight_value(1), 100);
        assert_eq!(e.knight_value(0), 100);
    }

    #[test]
    fn antisymmetric_and_zero_at_the_start() {
        let g = game();
        let e = CamelotEval::new(&g);
        let start = g.start();
        assert_eq!(e.terms(&g, &start, Player(0)), EvalTerms::default());
        let p = parse_position(&g, "W:WKC6,KD7,D6,E6,F8:BKC11,D11,H9 castle-moves=0,0").unwrap();
        let w = e.evaluate(&g, &p, Player(0));
        let b = e.evaluate(&g, &p, Player(1));
        assert_eq!(w, -b);
    }

    #[test]
    fn more_material_is_better_and_trading_down_when_ahead_gains() {
        let g = game();
        let e = CamelotEval::new(&g);
        let ahead = parse_position(&g, "W:WKC6,KD7,D6,E6,F6:BKC11,D11,E11").unwrap();
        let traded = parse_position(&g, "W:WKC6,KD7,D6,E6:BKC11,D11").unwrap();
        let t_ahead = e.terms(&g, &ahead, Player(0));
        let t_traded = e.terms(&g, &traded, Player(0));
        assert!(t_ahead.material > 0);
        assert!(t_ahead.trade_down > 0);
        // One Man traded for one Man: the same material lead, a larger bonus.
        assert!(t_traded.trade_down > t_ahead.trade_down, "{t_traded:?} vs {t_ahead:?}");
    }

    #[test]
    fn attackers_near_the_enemy_castle_score_offence() {
        let g = game();
        let e = CamelotEval::new(&g);
        let near = parse_position(&g, "W:WF14,G6:BF3,G11").unwrap();
        let far = parse_position(&g, "W:WF6,G6:BF3,G11").unwrap();
        assert!(e.terms(&g, &near, Player(0)).offence > e.terms(&g, &far, Player(0)).offence);
    }

    #[test]
    fn a_knight_beside_friends_can_charge() {
        let g = game();
        let e = CamelotEval::new(&g);
        let grouped = parse_position(&g, "W:WKF8,G8,E8:BKE12,F12,H12").unwrap();
        let t = e.terms(&g, &grouped, Player(0));
        // White's Knight has two canters, Black's Knight one.
        assert_eq!(t.charging, e.weights().charging);
    }
}
