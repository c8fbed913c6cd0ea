//! The checkers rules on the leap-and-capture core: men that move forward,
//! kings that move both ways, compulsory capture, crowning, and the draws by
//! the 50-move rules.

use leap_core::{
    any_jump, Abilities, Bitset, Board, Cell, DirMask, EndReason, Game, GameResult, Kind, KindInfo, LandingMap,
    Landings, LeapRules, MoveKey, NoMoves, Outcome, Piece, Player, PlayerInfo, Position, TurnScope, MAX_KINDS,
};

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
    /// Its diagram letter for each player, in turn order.
    pub symbols: [char; 2],
}

/// How a game of checkers ends besides a player running out of moves.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct EndLimits {
    /// What having no legal move (no pieces, or all blocked) means.
    pub no_moves: NoMoves,
    /// Drawn after this many plies without a capture (the clock).
    pub move_limit: Option<u16>,
    /// Drawn after this many plies without a move of a forward-moving piece,
    /// that is without an uncrowned man advancing (the second clock).
    pub advance_limit: Option<u16>,
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
    end: EndLimits,
    notation_order: Vec<Player>,
    start: Position,
    /// Per player and kind: what the piece may do (the same on every square).
    abilities: [[Abilities; MAX_KINDS]; 2],
    /// Per player and kind: what landing means (a man's jump ends on its promotion row).
    landings: Box<[[Landings; MAX_KINDS]; 2]>,
}

impl Checkers {
    /// Builds a game from validated parts: `forward[p]` is the set of
    /// directions in which player `p`'s men move, `promotion[p]` the row on
    /// which they are crowned, `notation_order` the order in which position
    /// strings and result tokens list the players. The start position is
    /// empty until [`Checkers::set_start`].
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        name: String,
        title: Option<String>,
        board: Board,
        players: Vec<PlayerInfo>,
        kinds: Vec<KindInfo>,
        kind_rules: Vec<KindRules>,
        forward: [DirMask; 2],
        promotion: [Bitset; 2],
        compulsory_capture: bool,
        end: EndLimits,
        notation_order: Vec<Player>,
    ) -> Checkers {
        let mut abilities = [[Abilities::default(); MAX_KINDS]; 2];
        let mut landings = Box::new([[Landings::default(); MAX_KINDS]; 2]);
        for p in 0..2 {
            for (k, rules) in kind_rules.iter().enumerate().take(MAX_KINDS) {
                let dirs = match rules.movement {
                    Movement::Forward => forward[p],
                    Movement::Any => board.all_dirs(),
                };
                abilities[p][k] = Abilities { step_dirs: dirs, jump_dirs: dirs, ..Abilities::default() };
                if rules.promotes_to.is_some() {
                    landings[p][k].jump = LandingMap { stop: promotion[p], ..LandingMap::default() };
                }
            }
        }
        Checkers {
            title: title.unwrap_or_else(|| name.clone()),
            name,
            board,
            players,
            kinds,
            kind_rules,
            promotion,
            compulsory_capture,
            end,
            notation_order,
            start: Position::empty(Player(0)),
            abilities,
            landings,
        }
    }

    /// Sets the start position.
    pub fn set_start(&mut self, start: Position) {
        self.start = start;
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

    /// The end conditions.
    pub fn end_limits(&self) -> &EndLimits {
        &self.end
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

    /// A side without pieces has lost; the 50-move rules draw.
    fn decided(&self, pos: &Position) -> Option<Outcome> {
        let to_move = pos.to_move();
        for (bare, other) in [(to_move, Self::opponent(to_move)), (Self::opponent(to_move), to_move)] {
            if pos.pieces_of(bare).is_empty() {
                let result = match self.end.no_moves {
                    NoMoves::Draw => GameResult::Draw,
                    _ => GameResult::Win(other),
                };
                return Some(Outcome { result, reason: EndReason::Elimination });
            }
        }
        let reached = |limit: Option<u16>, clock: u16| limit.is_some_and(|l| clock >= l);
        if reached(self.end.move_limit, pos.clock()) || reached(self.end.advance_limit, pos.aux_clock()) {
            return Some(Outcome { result: GameResult::Draw, reason: EndReason::MoveLimit });
        }
        None
    }

    fn no_moves(&self, pos: &Position) -> Outcome {
        let result = match self.end.no_moves {
            NoMoves::Draw => GameResult::Draw,
            _ => GameResult::Win(Self::opponent(pos.to_move())),
        };
        Outcome { result, reason: EndReason::NoMoves }
    }

    /// Moves the piece, removes the captured ones, crowns a man that ends
    /// on its promotion row, and advances the clocks: the first counts plies
    /// since the last capture, the second plies since a man last moved.
    fn apply(&self, pos: &Position, key: &MoveKey) -> Position {
        let mut next = *pos;
        self.apply_in_place(&mut next, key);
        next
    }

    #[inline]
    fn apply_in_place(&self, pos: &mut Position, key: &MoveKey) {
        let mover = pos.to_move();
        let Some(piece) = pos.make_move(key.from, key.to, key.captured) else {
            return;
        };
        let rules = self.kind_rules[piece.kind.index()];
        if let Some(crowned) = rules.promotes_to {
            if self.promotion[mover.index()].contains(key.to) {
                pos.set_kind(key.to, crowned);
            }
        }
        pos.set_clock(if key.is_capture() { 0 } else { pos.clock().saturating_add(1) });
        let advanced = rules.movement == Movement::Forward;
        pos.set_aux_clock(if advanced { 0 } else { pos.aux_clock().saturating_add(1) });
        pos.set_to_move(Self::opponent(mover));
    }

    /// As the variant file says (PDN: White first, although Black moves first).
    fn notation_order(&self) -> Vec<Player> {
        self.notation_order.clone()
    }

    fn piece_symbol(&self, piece: Piece) -> char {
        self.kind_rules[piece.kind.index()].symbols[piece.player.index()]
    }
}
