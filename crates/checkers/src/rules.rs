//! The checkers rules on the leap-and-capture core: men that move forward,
//! kings that move both ways, compulsory capture, crowning, and the draws by
//! the 50-move rules.

use crate::EvalWeights;
use leap_core::{
    rules::{any_jump, Abilities, EndRules, LandingMap, Landings, LeapRules, TurnScope},
    Bitset, Board, Cell, DirMask, Game, Kind, KindInfo, MoveKey, Outcome, Piece, Player, PlayerInfo, Position,
    Unreachable, MAX_KINDS,
};
use leap_format::{zone_cells, Common, Zone, ZoneRole};

/// How a kind of piece moves: one square diagonally, stepping to an empty
/// square or jumping over an enemy piece to the empty square beyond.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Movement {
    /// Forward only, towards the opponent's side (a man).
    Forward,
    /// Forward and backward (a king).
    Any,
}

/// What a kind of piece does.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct KindRules {
    /// Its directions.
    pub movement: Movement,
    /// The kind it becomes on reaching its player's promotion row (a man
    /// is crowned); a capturing move ends there.
    pub promotes_to: Option<Kind>,
}

/// A game of the checkers family: board, players, pieces and rule options,
/// as read from a variant file (see [`crate::load`]).
#[derive(Clone, Debug)]
pub struct Checkers {
    name: String,
    title: String,
    board: Board,
    players: Vec<PlayerInfo>,
    kinds: Vec<KindInfo>,
    kind_rules: Vec<KindRules>,
    promotion: [Bitset; 2],
    compulsory_capture: bool,
    end: EndRules,
    zones: Vec<Zone>,
    goal_zones: [Bitset; 2],
    notation_order: Vec<Player>,
    result_order: Vec<Player>,
    start: Position,
    /// Per player and kind: what the piece may do (the same on every square).
    abilities: [[Abilities; MAX_KINDS]; 2],
    /// Per player and kind: what landing means (a man's jump ends on its
    /// promotion row; no move ends in the player's forbidden zones).
    landings: Box<[[Landings; MAX_KINDS]; 2]>,
    /// Per player and kind: what a move does besides moving the piece.
    after: Box<[[AfterMove; MAX_KINDS]; 2]>,
    /// The weights of the evaluation for this variant (its file's `[eval]`).
    eval: EvalWeights,
}

/// What a move of a piece of one player and kind does besides moving it
/// (from [`KindRules`], looked up once per move by [`Game::play_unchecked_in_place`]).
#[derive(Clone, Copy, Debug)]
struct AfterMove {
    /// The cells where the piece is crowned (none if it is not), and the kind it becomes.
    crown: (Bitset, Kind),
    /// Whether the piece moves forward only: its moves restart the advance clock.
    advances: bool,
}

impl Checkers {
    /// Builds a game from the validated parts every family shares (two
    /// players), the rules of each kind of piece, and per player (in turn
    /// order): `forward[p]`, the directions in which its men move, and
    /// `promotion[p]`, the cells where they are crowned.
    pub fn new(
        common: Common,
        kind_rules: Vec<KindRules>,
        forward: [DirMask; 2],
        promotion: [Bitset; 2],
        compulsory_capture: bool,
    ) -> Checkers {
        let board = common.board;
        let mut abilities = [[Abilities::default(); MAX_KINDS]; 2];
        let mut landings = Box::new([[Landings::default(); MAX_KINDS]; 2]);
        let mut goal_zones = [Bitset::EMPTY; 2];
        let mut after = Box::new([[AfterMove { crown: (Bitset::EMPTY, Kind(0)), advances: false }; MAX_KINDS]; 2]);
        for p in 0..2 {
            let player = Player(p as u8);
            goal_zones[p] = zone_cells(&common.zones, player, ZoneRole::Goal);
            let forbidden = zone_cells(&common.zones, player, ZoneRole::Forbidden);
            for (k, rules) in kind_rules.iter().enumerate().take(MAX_KINDS) {
                let dirs = match rules.movement {
                    Movement::Forward => forward[p],
                    Movement::Any => board.all_dirs(),
                };
                abilities[p][k] = Abilities { step_dirs: dirs, jump_dirs: dirs, ..Abilities::default() };
                let stop = if rules.promotes_to.is_some() { promotion[p] } else { Bitset::EMPTY };
                after[p][k] = AfterMove {
                    crown: (stop, rules.promotes_to.unwrap_or(Kind(k as u8))),
                    advances: rules.movement == Movement::Forward,
                };
                landings[p][k] = Landings {
                    step: LandingMap { forbidden, ..LandingMap::default() },
                    canter: LandingMap { forbidden, ..LandingMap::default() },
                    jump: LandingMap { forbidden, stop, ..LandingMap::default() },
                };
            }
        }
        Checkers {
            title: common.title.unwrap_or_else(|| common.name.clone()),
            name: common.name,
            board,
            players: common.players,
            kinds: common.kinds,
            kind_rules,
            promotion,
            compulsory_capture,
            end: common.end,
            zones: common.zones,
            goal_zones,
            notation_order: common.notation_order,
            result_order: common.result_order,
            start: common.start,
            abilities,
            landings,
            after,
            eval: EvalWeights::default(),
        }
    }

    /// The weights of the variant's evaluation: its file's `[eval]` table
    /// over the defaults ([`crate::CheckersEval::new`] uses them).
    pub fn eval_weights(&self) -> &EvalWeights {
        &self.eval
    }

    /// The game with these evaluation weights.
    pub fn with_eval_weights(mut self, weights: EvalWeights) -> Checkers {
        self.eval = weights;
        self
    }

    /// The variant's title.
    pub fn title(&self) -> &str {
        &self.title
    }

    /// The row on which `player`'s men are crowned.
    pub fn promotion_row(&self, player: Player) -> Bitset {
        self.promotion[player.index()]
    }

    /// The rules of each kind of piece, in kind order.
    pub fn kind_rules(&self) -> &[KindRules] {
        &self.kind_rules
    }

    /// Whether a player who can capture must.
    pub fn compulsory_capture(&self) -> bool {
        self.compulsory_capture
    }

    /// The cells where `player`'s pieces count towards the goal
    /// (`goal_count`): its goal zones.
    pub fn goal_zone(&self, player: Player) -> Bitset {
        self.goal_zones[player.index()]
    }

    /// The end conditions.
    pub fn end_rules(&self) -> &EndRules {
        &self.end
    }

    /// The zones of the variant file.
    pub fn zones(&self) -> &[Zone] {
        &self.zones
    }

    fn opponent(p: Player) -> Player {
        Player(1 - p.0)
    }
}

impl LeapRules for Checkers {
    fn board(&self) -> &Board {
        &self.board
    }

    #[inline]
    fn abilities(&self, _pos: &Position, _from: Cell, piece: Piece) -> Abilities {
        self.abilities[piece.player.index()][piece.kind.index()]
    }

    #[inline]
    fn landings(&self, _pos: &Position, _from: Cell, piece: Piece) -> &Landings {
        &self.landings[piece.player.index()][piece.kind.index()]
    }

    /// A piece's powers depend on its player and kind only.
    #[inline]
    fn uniform(&self, _pos: &Position, piece: Piece) -> Option<(Abilities, &Landings)> {
        let (p, k) = (piece.player.index(), piece.kind.index());
        Some((self.abilities[p][k], &self.landings[p][k]))
    }
}

impl Game for Checkers {
    fn name(&self) -> &str {
        &self.name
    }
    fn off_limits(&self, player: Player, cell: Cell) -> Option<String> {
        leap_format::forbidden_words(&self.zones, player, &self.players[player.index()].name, cell, &self.board)
    }
    fn players(&self) -> &[PlayerInfo] {
        &self.players
    }
    fn kinds(&self) -> &[KindInfo] {
        &self.kinds
    }
    fn start(&self) -> Position {
        self.start
    }

    /// Every piece may move; when any can jump, the move must capture.
    fn scope(&self, pos: &Position) -> TurnScope {
        let mine = pos.pieces_of(pos.to_move());
        TurnScope { pieces: mine, captures_only: self.compulsory_capture && any_jump(self, pos, mine) }
    }

    /// With compulsory capture, the scope is every piece, capturing if one can.
    fn obliged_scope(&self, pos: &Position) -> Option<Bitset> {
        self.compulsory_capture.then(|| pos.pieces_of(pos.to_move()))
    }

    /// The variant's end conditions: in American checkers, a side without
    /// pieces has lost, and the 50-move rules draw.
    #[inline(always)]
    fn decided(&self, pos: &Position) -> Option<Outcome> {
        self.end.decided(pos, &self.goal_zones)
    }

    fn no_moves(&self, pos: &Position) -> Outcome {
        self.end.no_moves(pos, 2)
    }

    fn repetition_limit(&self) -> Option<u32> {
        self.end.repetition
    }

    /// With the rule that men must advance (`advance_limit`).
    fn second_clock(&self) -> bool {
        self.end.advance_limit.is_some()
    }

    fn counter_baring(&self) -> bool {
        self.end.counter_bares(2)
    }

    fn promotes(&self) -> bool {
        self.after.iter().flatten().any(|a| !a.crown.0.is_empty())
    }

    /// A man (a kind that is crowned) never stands on its own crowning
    /// row: it would have been crowned on arriving there. A position marked
    /// as following a counter-baring move has both sides bare.
    fn check_position(&self, pos: &Position) -> Vec<Unreachable> {
        let mut problems = Vec::new();
        for (p, player) in self.players.iter().enumerate() {
            for (k, kind) in self.kinds.iter().enumerate() {
                let (row, crowned) = self.after[p][k].crown;
                if crowned.index() == k {
                    continue;
                }
                let standing = pos.pieces_of(Player(p as u8)) & pos.kind_cells(Kind(k as u8)) & row;
                for cell in self.board.listed(standing) {
                    let why = format!(
                        "{} {} on {}: a piece on its own crowning row would have been crowned there",
                        player.name,
                        kind.name,
                        self.board.name(cell),
                    );
                    problems.push(Unreachable::at(cell, why));
                }
            }
        }
        problems.extend(self.end.counter_bared_problem(pos, &self.players).map(Unreachable::whole));
        problems
    }

    /// Moves the piece, removes the captured ones, crowns a man that ends
    /// on its promotion row, and advances the clocks: the first counts plies
    /// since the last capture, the second plies since a man last moved;
    /// through [`EndRules::play`] (which marks a counter-baring move).
    #[inline]
    fn play_unchecked_in_place(&self, pos: &mut Position, key: &MoveKey) {
        self.end.play(pos, 2, key.captured, |pos| {
            let mover = pos.to_move();
            let Some(piece) = pos.make_move(key.from, key.to, key.captured) else {
                return;
            };
            let after = &self.after[mover.index()][piece.kind.index()];
            if after.crown.0.contains(key.to) {
                pos.set_kind(key.to, after.crown.1);
            }
            let progress = key.is_capture() || self.goal_zones[mover.index()].contains(key.to);
            pos.set_clock(if progress { 0 } else { pos.clock().saturating_add(1) });
            // (Kept only for the rule that men must advance: a position
            // string writes the clock, and reads it only with the rule.)
            if self.end.advance_limit.is_some() {
                pos.set_aux_clock(if after.advances { 0 } else { pos.aux_clock().saturating_add(1) });
            }
            pos.set_to_move(Self::opponent(mover));
        })
    }

    /// As the variant file says (PDN: White first, although Black moves first).
    fn notation_order(&self) -> Vec<Player> {
        self.notation_order.clone()
    }
    /// As the variant file says (PDN 2.0: Black first, `1-0` its win).
    fn result_order(&self) -> Vec<Player> {
        self.result_order.clone()
    }
}
