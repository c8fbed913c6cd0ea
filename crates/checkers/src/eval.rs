//! A checkers evaluation after the seed's "step choosing strategy": [`CheckersEval`].

use crate::rules::{Checkers, Movement};
use leap_core::{
    dirs,
    rules::{walk, LeapRules, PathMode, PathSink},
    search::{Evaluator, Score},
    Bitset, Cell, Game, Kind, Leg, Piece, Player, Position, MAX_DIRS, MAX_KINDS,
};

leap_core::weights! {
    /// The weights of the terms of [`CheckersEval`]; a variant file's
    /// `[eval]` table sets them by these names.
    pub struct EvalWeights {
        /// A king's value (a man is 100).
        king = 140,
        /// Per safe step.
        safe_mobility = 3,
        /// Per man on its own back row.
        back_row = 8,
        /// Per row advanced by a man that cannot be jumped at once.
        advancement = 3,
        /// Per piece the side to move can take in one capture.
        capture_threat = 50,
        /// Percent of the material lead added as pieces leave the board
        /// (see [`EvalTerms::trade_down`]).
        trade_down = 100,
    }
}

/// The evaluation of one position for one player, term by term (the
/// player's figure minus its opponent's, weighted): [`EvalTerms::total`] is
/// the evaluation.
#[derive(Clone, Copy, PartialEq, Eq, Default, Debug)]
pub struct EvalTerms {
    /// Men and kings.
    pub material: Score,
    /// Steps (legal or not this turn) to squares where no enemy piece can
    /// jump the moved piece at once.
    pub safe_mobility: Score,
    /// Men on their own back row (the opponent's king row).
    pub back_row: Score,
    /// Rows advanced (0-6) by each man that cannot be jumped at once.
    pub advancement: Score,
    /// The most pieces the side to move can take in one capture, credited to
    /// that side (0 when it has no capture).
    pub capture_threat: Score,
    /// Trading down when ahead: the material lead times the share of the
    /// start's pieces gone from the board, times the weight in percent
    /// (a man up with half the pieces gone: 50 at weight 100).
    pub trade_down: Score,
}

impl EvalTerms {
    /// The sum of the terms: the evaluation.
    pub fn total(&self) -> Score {
        self.material + self.safe_mobility + self.back_row + self.advancement + self.capture_threat + self.trade_down
    }
}

/// A checkers evaluation after the seed's "step choosing strategy".
///
/// The seed lists what a good move does; the searches look ahead for the
/// tactical points (take a capture, capture without being recaptured, make
/// exchanges that pay), and this evaluation scores the positional ones
/// where the search stops, for the player asked about minus its opponent,
/// in hundredths of a man ([`EvalTerms`] lists them one by one):
///
/// | term | the seed's point | what it counts |
/// |---|---|---|
/// | `material` | (the object of every capture) | men 100, kings [`EvalWeights::king`]; a variant file's `value` replaces either |
/// | `safe_mobility` | "minimise the opponent's steps without being captured"; "move adjacent to an opposing checker without loss" | steps to a square where the opponent cannot jump the piece at once |
/// | `back_row` | "keep the lanes to the king's row blocked for the opponent" | men still on their own back row, which is the opponent's king row |
/// | `advancement` | "reach the farthest row safely to become a king" | rows advanced by each man that cannot be jumped at once |
/// | `capture_threat` | "a capture step must be taken"; "capture more than one piece" | for the side to move only: the most pieces one capture takes |
/// | `trade_down` | "make exchanges that pay" | the material lead, growing as pieces leave the board |
///
/// ```
/// use leap_checkers::CheckersEval;
/// use leap_core::{Game, Player, notation::parse_position, search::Evaluator};
/// let game = leap_checkers::load("checkers").unwrap();
/// let eval = CheckersEval::new(&game);
/// // The start is symmetric.
/// assert_eq!(eval.evaluate(&game, &game.start(), Player(0)), 0);
/// // A king is worth more than a man.
/// let king = parse_position(&game, "B:WK18:B1").unwrap();
/// let man = parse_position(&game, "B:W18:B1").unwrap();
/// assert!(eval.evaluate(&game, &king, Player(1)) > eval.evaluate(&game, &man, Player(1)));
/// ```
///
/// It is written for two players.
#[derive(Clone, Debug)]
pub struct CheckersEval {
    weights: EvalWeights,
    /// Kinds that move forward only (men), by kind index.
    man: [bool; MAX_KINDS],
    /// `home_row[p]`: player `p`'s back row (its opponent's king row).
    home_row: [Bitset; 2],
    /// `row_cells[p][n]`: the cells `n` rows from player `p`'s back row.
    row_cells: [Vec<Bitset>; 2],
    /// `steps[p][k]`, `jumps[p][k]`: the step and jump directions of player
    /// `p`'s pieces of kind `k` (the same on every square in checkers).
    steps: [[u8; MAX_KINDS]; 2],
    jumps: [[u8; MAX_KINDS]; 2],
    /// Per kind: its material value (the variant file's `value`; else 100
    /// for a man and [`EvalWeights::king`] for a king).
    values: [Score; MAX_KINDS],
    /// Pieces on the board at the start.
    start_pieces: Score,
}

impl CheckersEval {
    /// The evaluation for `game` with the variant's weights (its file's
    /// `[eval]` table over the defaults: [`Checkers::eval_weights`]).
    pub fn new(game: &Checkers) -> Self {
        Self::with_weights(game, *game.eval_weights())
    }

    /// The evaluation for `game` with these weights.
    pub fn with_weights(game: &Checkers, weights: EvalWeights) -> Self {
        let board = game.board();
        let mut man = [false; MAX_KINDS];
        for (k, r) in game.kind_rules().iter().enumerate().take(MAX_KINDS) {
            man[k] = r.movement == Movement::Forward;
        }
        let home_row = [game.promotion_row(Player(1)), game.promotion_row(Player(0))];
        let rank_of = |row: Bitset| row.first().map_or(0, |c| board.coord(c).rank as i32);
        let row_cells = [0, 1].map(|p| {
            let home = rank_of(home_row[p]);
            let mut rows = vec![Bitset::EMPTY; board.ranks() as usize];
            for cell in board.cells() {
                rows[(board.coord(cell).rank as i32 - home).unsigned_abs() as usize] |= Bitset::single(cell);
            }
            rows
        });
        let (mut steps, mut jumps) = ([[0; MAX_KINDS]; 2], [[0; MAX_KINDS]; 2]);
        let start = game.start();
        if let Some(cell) = board.cells().first() {
            for p in 0..2 {
                for k in 0..game.kinds().len().min(MAX_KINDS) {
                    let piece = Piece { player: Player(p as u8), kind: Kind(k as u8) };
                    let a = game.abilities(&start, cell, piece);
                    steps[p][k] = a.step_dirs;
                    jumps[p][k] = a.jump_dirs;
                }
            }
        }
        let mut values = [100; MAX_KINDS];
        for (k, info) in game.kinds().iter().enumerate().take(MAX_KINDS) {
            values[k] = info.value.unwrap_or(if man[k] { 100 } else { weights.king });
        }
        let start_pieces = (start.occupied().len() as Score).max(1);
        CheckersEval { weights, man, home_row, row_cells, steps, jumps, values, start_pieces }
    }

    /// The weights in use.
    pub fn weights(&self) -> &EvalWeights {
        &self.weights
    }

    /// The evaluation of `pos` for `player`, term by term.
    pub fn terms(&self, game: &Checkers, pos: &Position, player: Player) -> EvalTerms {
        let me = player.index().min(1);
        let mine = self.side(game, pos, me);
        let theirs = self.side(game, pos, 1 - me);
        let w = &self.weights;
        let threat = w.capture_threat * most_captured(game, pos);
        let lead = mine.material - theirs.material;
        let gone = (self.start_pieces - pos.occupied().len() as Score).max(0);
        EvalTerms {
            trade_down: w.trade_down * lead * gone / (100 * self.start_pieces),
            material: mine.material - theirs.material,
            safe_mobility: w.safe_mobility * (mine.safe_steps - theirs.safe_steps),
            back_row: w.back_row * (mine.back_row - theirs.back_row),
            advancement: w.advancement * (mine.advancement - theirs.advancement),
            capture_threat: if pos.to_move().index() == me { threat } else { -threat },
        }
    }

    /// Side `s`'s figures, from sets of cells: each direction moves a whole
    /// set one step at once ([`leap_core::Board::shift`]).
    fn side(&self, game: &Checkers, pos: &Position, s: usize) -> SideFigures {
        let board = game.board();
        let own = pos.pieces_of(Player(s as u8));
        let enemy = pos.pieces_of(Player(1 - s as u8));
        let empty = board.cells() - pos.occupied();
        // `attacked[d]`: the cells next to an enemy piece that jumps in
        // direction `d`, in that direction (a piece there is jumped when the
        // cell beyond, one more step in `d`, is empty).
        let mut attacked = [Bitset::EMPTY; MAX_DIRS];
        let mut jumpers = [Bitset::EMPTY; MAX_DIRS];
        for k in 0..MAX_KINDS {
            let cells = enemy & pos.kind_cells(Kind(k as u8));
            if !cells.is_empty() {
                for d in dirs(self.jumps[1 - s][k]) {
                    jumpers[d] |= cells;
                }
            }
        }
        // The cells where a piece of side `s` can be jumped at once.
        let mut exposed = Bitset::EMPTY;
        for d in 0..board.dir_count() {
            if !jumpers[d].is_empty() {
                attacked[d] = board.shift(jumpers[d], d);
                exposed |= attacked[d] & board.shift(empty, board.opposite(d));
            }
        }
        let mut f = SideFigures::default();
        for k in 0..MAX_KINDS {
            let cells = own & pos.kind_cells(Kind(k as u8));
            if cells.is_empty() {
                continue;
            }
            f.material += cells.len() as Score * self.values[k];
            if self.man[k] {
                f.back_row += (cells & self.home_row[s]).len() as Score;
                let safe = cells - exposed;
                f.advancement +=
                    self.row_cells[s].iter().zip(0..).map(|(row, n)| n * (safe & *row).len() as Score).sum::<Score>();
            }
            for d in dirs(self.steps[s][k]) {
                // Steps in direction `d`: a piece that lands on `to` is
                // jumped at once where `to` is exposed already, or where an
                // enemy piece stands beyond it, ready to jump back over it
                // into the square the piece left.
                let to = board.shift(cells, d) & empty;
                let back = board.opposite(d);
                f.safe_steps += (to - (exposed | attacked[back])).len() as Score;
            }
        }
        f
    }
}

/// One side's raw figures.
#[derive(Default)]
struct SideFigures {
    material: Score,
    safe_steps: Score,
    back_row: Score,
    advancement: Score,
}

/// The most pieces the side to move can take in one legal capture (0 without one).
fn most_captured(game: &Checkers, pos: &Position) -> Score {
    struct Most(u32);
    impl PathSink for Most {
        const LEGS: bool = false;
        fn emit(&mut self, _from: Cell, _to: Cell, _legs: &[Leg], captured: Bitset) {
            self.0 = self.0.max(captured.len());
        }
    }
    let scope = game.scope(pos);
    if !scope.captures_only {
        return 0;
    }
    let mut most = Most(0);
    walk(game, pos, scope, PathMode::Distinct, &mut most);
    most.0 as Score
}

impl Evaluator<Checkers> for CheckersEval {
    fn evaluate(&self, game: &Checkers, pos: &Position, player: Player) -> Score {
        self.terms(game, pos, player).total()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use leap_core::notation::parse_position;

    fn game() -> Checkers {
        crate::load("checkers").unwrap()
    }

    #[test]
    fn the_start_is_even_and_the_evaluation_antisymmetric() {
        let g = game();
        let e = CheckersEval::new(&g);
        assert_eq!(e.terms(&g, &g.start(), Player(0)), EvalTerms::default());
        let p = parse_position(&g, "W:W18,22,K5:B9,10,14").unwrap();
        assert_eq!(e.evaluate(&g, &p, Player(0)), -e.evaluate(&g, &p, Player(1)));
    }

    #[test]
    fn a_lead_grows_as_pieces_leave_the_board() {
        let g = game();
        let e = CheckersEval::with_weights(&g, EvalWeights { trade_down: 100, ..EvalWeights::default() });
        // White a man up, 3 pieces of the start's 24 left: 21/24 of 100.
        let few = parse_position(&g, "W:W18,22:B1").unwrap();
        assert_eq!(e.terms(&g, &few, Player(1)).trade_down, 100 * 21 / 24);
        assert_eq!(e.terms(&g, &few, Player(0)).trade_down, -100 * 21 / 24);
        // The same lead with more pieces on the board weighs less.
        let many = parse_position(&g, "W:W18,22,23,24,25:B1,2,3,4").unwrap();
        assert_eq!(e.terms(&g, &many, Player(1)).trade_down, 100 * 15 / 24);
        // Even material: nothing.
        let even = parse_position(&g, "W:W18:B1").unwrap();
        assert_eq!(e.terms(&g, &even, Player(1)).trade_down, 0);
    }

    #[test]
    fn back_row_men_guard_the_king_row() {
        let g = game();
        let e = CheckersEval::new(&g);
        // Black's back row is 1-4, White's 29-32.
        let guarded = parse_position(&g, "W:W30,22:B2,11").unwrap();
        assert_eq!(e.terms(&g, &guarded, Player(1)).back_row, 0, "one guard each");
        let unguarded = parse_position(&g, "W:W26,22:B2,11").unwrap();
        assert_eq!(e.terms(&g, &unguarded, Player(0)).back_row, e.weights().back_row);
    }

    #[test]
    fn a_capture_for_the_side_to_move_counts_its_pieces() {
        let g = game();
        let e = CheckersEval::new(&g);
        // White to move: 22x15 takes one piece.
        let single = parse_position(&g, "W:W22:B18,1").unwrap();
        assert_eq!(e.terms(&g, &single, Player(1)).capture_threat, e.weights().capture_threat);
        assert_eq!(e.terms(&g, &single, Player(0)).capture_threat, -e.weights().capture_threat);
        // 27x18x11 takes two.
        let double = parse_position(&g, "W:W27:B23,15,1").unwrap();
        assert_eq!(e.terms(&g, &double, Player(1)).capture_threat, 2 * e.weights().capture_threat);
    }

    #[test]
    fn steps_into_a_jump_are_not_safe() {
        let g = game();
        let e = CheckersEval::new(&g);
        // White 22-17 would be jumped by 13 (13x22), 22-18 is safe; Black's
        // only step, 13-17, would be jumped by 22 (22x13).
        let p = parse_position(&g, "W:W22:B13").unwrap();
        assert_eq!(e.terms(&g, &p, Player(1)).safe_mobility, e.weights().safe_mobility);
        // Both men are safe where they stand; White's has advanced 2 rows,
        // Black's 3.
        assert_eq!(e.terms(&g, &p, Player(1)).advancement, -e.weights().advancement);
    }

    /// Side `s`'s safe steps and advancement counted square by square, the
    /// plain way: for each piece and each step, whether an enemy piece
    /// stands next to the square, able to jump it, with the square beyond
    /// empty (the piece's start empty once it has moved).
    fn square_by_square(g: &Checkers, e: &CheckersEval, pos: &Position, s: usize) -> (Score, Score) {
        let board = g.board();
        let enemy = pos.pieces_of(Player(1 - s as u8));
        let kind_of = |c: Cell| (0..MAX_KINDS).find(|&k| pos.kind_cells(Kind(k as u8)).contains(c)).unwrap();
        let exposed = |cell: Cell, empty: Bitset| {
            (0..board.dir_count()).any(|d| {
                let (Some(from), Some(land)) = (board.step(cell, board.opposite(d)), board.step(cell, d)) else {
                    return false;
                };
                enemy.contains(from) && empty.contains(land) && e.jumps[1 - s][kind_of(from)] & (1 << d) != 0
            })
        };
        let empty = board.cells() - pos.occupied();
        let (mut safe, mut advanced) = (0, 0);
        for cell in pos.pieces_of(Player(s as u8)) {
            let k = kind_of(cell);
            if e.man[k] && !exposed(cell, empty) {
                let home = e.row_cells[s].iter().position(|row| row.contains(cell)).unwrap();
                advanced += home as Score;
            }
            for d in dirs(e.steps[s][k]) {
                if let Some(to) = board.step(cell, d).filter(|&to| empty.contains(to)) {
                    let after = (empty - Bitset::single(to)) | Bitset::single(cell);
                    safe += Score::from(!exposed(to, after));
                }
            }
        }
        (safe, advanced)
    }

    #[test]
    fn the_figures_from_sets_are_those_counted_square_by_square() {
        let g = game();
        let e = CheckersEval::new(&g);
        let mut rng = leap_core::SplitMix64::new(7);
        let mut checked = 0;
        for _ in 0..40 {
            let mut pos = g.start();
            for _ in 0..120 {
                for s in 0..2 {
                    let f = e.side(&g, &pos, s);
                    assert_eq!((f.safe_steps, f.advancement), square_by_square(&g, &e, &pos, s), "{pos:?}");
                    checked += 1;
                }
                let moves = g.legal_moves(&pos);
                if moves.is_empty() {
                    break;
                }
                pos = g.play(&pos, &moves[rng.below(moves.len())]).unwrap();
            }
        }
        assert!(checked > 4000, "{checked}");
    }
}
