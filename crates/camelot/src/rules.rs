//! The Camelot rules on the leap-and-capture core: castles, castle moves,
//! the obligation to leave one's own castle, the capture obligation, the
//! Knight's Charge and the Knight canter rule; for two players (Camelot) or
//! more (Tri-Camelot, whose castles are won or barred by seating).

use crate::EvalWeights;
use leap_core::{
    rules::{any_jump, any_move, Abilities, EndRules, LandingMap, Landings, LeapRules, TurnScope},
    Bitset, Board, Cell, Game, KindInfo, MoveKey, Outcome, Piece, Player, PlayerInfo, Position, Unreachable,
    CELL_INDICES,
};
use leap_format::{zone_cells, Common, Zone, ZoneRole};

/// What a kind of piece may do beyond plain moves, canters and jumps.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct KindRules {
    /// It may make a Knight's Charge (canters, then jumps).
    pub charge: bool,
    /// The Knight canter rule (WCF test 29).
    pub canter_rule: bool,
}

/// What happens when a jump lands in the jumper's own castle.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum OwnCastleJump {
    /// The jump goes on out of the castle if it can (WCF).
    Continue,
    /// The move ends in the castle (Parker Brothers 1930).
    End,
}

/// How a player stands to the castles of the other players.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum OtherCastles {
    /// Camelot: a move into an opponent's castle ends there; a piece there
    /// never leaves and may only make castle moves.
    Enter,
    /// Tri-Camelot, players seated in turn order: the castle of the next
    /// player (the one to the left) wins when entered; the castle of the
    /// previous player (to the right) may never be entered.
    LeftWinsRightBarred,
}

/// The role a castle plays for a player.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum CastleRole {
    /// The player's own castle.
    Own,
    /// An opponent's castle that can be entered and held (Camelot).
    Enter,
    /// An opponent's castle whose entry wins at once (Tri-Camelot's left castle).
    Goal,
    /// An opponent's castle that may never be entered (Tri-Camelot's right castle).
    Barred,
}

/// The rule options of a Camelot-family variant.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Rules {
    /// Castle moves each player may make per game.
    pub castle_moves: u8,
    /// What a jump into one's own castle does.
    pub own_castle_jump: OwnCastleJump,
    /// Whether the obligation to leave one's castle lapses when the piece cannot move out.
    pub blocked_lapses: bool,
    /// The roles of the other players' castles.
    pub other_castles: OtherCastles,
    /// Whether a move entering a goal castle is legal even when a capture is
    /// obligatory, and exempt from the Knight canter rule (Tri-Camelot).
    pub goal_entry_exempt: bool,
    /// Whether a player with pieces but no legal move passes while another
    /// player can still move (Tri-Camelot); otherwise the game ends.
    pub stuck_passes: bool,
}

/// A Camelot-family game: board, castles, pieces and rule options, as read
/// from a variant file (see [`crate::load`]).
#[derive(Clone, Debug)]
pub struct Camelot {
    name: String,
    title: String,
    board: Board,
    players: Vec<PlayerInfo>,
    kinds: Vec<KindInfo>,
    kind_rules: Vec<KindRules>,
    castles: Vec<Bitset>,
    zones: Vec<Zone>,
    rules: Rules,
    end: EndRules,
    notation_order: Vec<Player>,
    result_order: Vec<Player>,
    start: Position,
    landings: Vec<PlayerLandings>,
    goal_zones: Vec<Bitset>,
    /// Per player and cell index: the owner of the castle there that the
    /// player holds once entered (role `Enter`), if any (a look-up: it is
    /// asked for every piece whose moves are listed).
    held_owner: Vec<[Option<Player>; CELL_INDICES]>,
    /// The weights of the evaluation for this variant (its file's `[eval]`).
    eval: EvalWeights,
}

impl Camelot {
    /// Builds a game from the validated parts every family shares, the
    /// rules of each kind of piece, one castle per player (in turn order)
    /// and the rule options.
    pub fn new(common: Common, kind_rules: Vec<KindRules>, castles: Vec<Bitset>, rules: Rules) -> Camelot {
        let mut game = Camelot {
            title: common.title.unwrap_or_else(|| common.name.clone()),
            name: common.name,
            board: common.board,
            players: common.players,
            kinds: common.kinds,
            kind_rules,
            castles,
            zones: common.zones,
            rules,
            end: common.end,
            notation_order: common.notation_order,
            result_order: common.result_order,
            start: common.start,
            landings: Vec::new(),
            goal_zones: Vec::new(),
            held_owner: Vec::new(),
            eval: EvalWeights::default(),
        };
        let n = game.players.len();
        game.landings = (0..n).map(|p| PlayerLandings::new(&game, Player(p as u8))).collect();
        game.held_owner = (0..n)
            .map(|p| {
                let mut owner = [None; CELL_INDICES];
                for o in (0..n).map(|o| Player(o as u8)).filter(|o| game.role(Player(p as u8), *o) == CastleRole::Enter)
                {
                    for cell in game.castle(o) {
                        owner[cell.index()] = Some(o);
                    }
                }
                owner
            })
            .collect();
        game.goal_zones = (0..n)
            .map(|p| {
                let player = Player(p as u8);
                game.other_castles(player)
                    .filter(|(_, role)| matches!(role, CastleRole::Enter | CastleRole::Goal))
                    .fold(game.zone_cells(player, ZoneRole::Goal), |z, (c, _)| z | c)
            })
            .collect();
        game
    }

    /// The union of `player`'s `[[zones]]` of `role`.
    fn zone_cells(&self, player: Player, role: ZoneRole) -> Bitset {
        zone_cells(&self.zones, player, role)
    }

    /// The zones of the variant file beyond the castles.
    pub fn zones(&self) -> &[Zone] {
        &self.zones
    }

    /// The board (also [`LeapRules::board`], here without importing the trait).
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The variant's title.
    pub fn title(&self) -> &str {
        &self.title
    }

    /// The cells where `player`'s pieces count towards the goal
    /// (`goal_count`): the castles it wins by entering, and its goal zones.
    pub fn goal_zone(&self, player: Player) -> Bitset {
        self.goal_zones[player.index()]
    }

    /// The castle of `player`.
    pub fn castle(&self, player: Player) -> Bitset {
        self.castles[player.index()]
    }

    /// The role of `owner`'s castle for `player`.
    pub fn role(&self, player: Player, owner: Player) -> CastleRole {
        let n = self.players.len();
        if player == owner {
            return CastleRole::Own;
        }
        match self.rules.other_castles {
            OtherCastles::Enter => CastleRole::Enter,
            OtherCastles::LeftWinsRightBarred if owner.index() == (player.index() + 1) % n => CastleRole::Goal,
            OtherCastles::LeftWinsRightBarred if owner.index() == (player.index() + n - 1) % n => CastleRole::Barred,
            OtherCastles::LeftWinsRightBarred => CastleRole::Enter,
        }
    }

    /// The castles of the other players with their roles for `player`.
    fn other_castles(&self, player: Player) -> impl Iterator<Item = (Bitset, CastleRole)> + '_ {
        (0..self.players.len())
            .map(|o| Player(o as u8))
            .filter(move |o| *o != player)
            .map(move |o| (self.castle(o), self.role(player, o)))
    }

    /// The castle of another player that `piece` stands in and holds (role `Enter`), if any.
    #[inline(always)]
    fn held_castle(&self, player: Player, cell: Cell) -> Option<Player> {
        self.held_owner[player.index()][cell.index()]
    }

    /// The rules of each kind of piece, in kind order.
    pub fn kind_rules(&self) -> &[KindRules] {
        &self.kind_rules
    }

    /// The rule options.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The weights of the variant's evaluation: its file's `[eval]` table
    /// over the defaults ([`crate::CamelotEval::new`] uses them).
    pub fn eval_weights(&self) -> &EvalWeights {
        &self.eval
    }

    /// The game with these evaluation weights.
    pub fn with_eval_weights(mut self, weights: EvalWeights) -> Camelot {
        self.eval = weights;
        self
    }

    /// The end conditions.
    pub fn end_rules(&self) -> &EndRules {
        &self.end
    }

    /// The next player in turn order after `p` who still has pieces (the
    /// next one in turn order when no other player has pieces: the game is
    /// then over).
    fn next_player(&self, pos: &Position, p: Player) -> Player {
        let n = self.players.len();
        let next = |i: usize| Player(((p.index() + i) % n) as u8);
        (1..n).map(next).find(|q| !pos.pieces_of(*q).is_empty()).unwrap_or(next(1))
    }

    fn scope_for(&self, pos: &Position, pieces: Bitset) -> TurnScope {
        TurnScope { pieces, captures_only: any_jump(self, pos, pieces) }
    }
}

impl LeapRules for Camelot {
    fn board(&self) -> &Board {
        &self.board
    }

    fn abilities(&self, pos: &Position, from: Cell, piece: Piece) -> Abilities {
        let all = self.board.all_dirs();
        if self.held_castle(piece.player, from).is_some() {
            // In an opponent's castle: only castle moves, while the count allows.
            let step_dirs = if pos.counter(piece.player) < self.rules.castle_moves { all } else { 0 };
            return Abilities { step_dirs, ..Abilities::default() };
        }
        let k = self.kind_rules[piece.kind.index()];
        Abilities {
            step_dirs: all,
            canter_dirs: all,
            jump_dirs: all,
            charge: k.charge,
            canter_must_capture: k.canter_rule,
        }
    }

    fn landings(&self, _pos: &Position, from: Cell, piece: Piece) -> &Landings {
        let mine = &self.landings[piece.player.index()];
        match self.held_castle(piece.player, from) {
            Some(owner) => &mine.inside[owner.index()],
            None => &mine.outside,
        }
    }
}

/// What landings mean for one player's pieces (see [`LeapRules::landings`]).
#[derive(Clone, Debug)]
struct PlayerLandings {
    /// For a piece outside the castles it holds.
    outside: Landings,
    /// For a piece inside the castle of player `i` (castle moves only).
    inside: Vec<Landings>,
}

impl PlayerLandings {
    /// Own castle: no step or canter in; a jump in goes on (or ends, by
    /// option). A castle to enter: any move into it ends there; a piece
    /// inside may only step to another cell of it. A goal castle: the move
    /// ends there (as a goal when goal entries are exempt). A barred castle:
    /// never landed on.
    fn new(game: &Camelot, player: Player) -> PlayerLandings {
        let own = game.castle(player);
        let (mut enter, mut goal, mut barred) = (Bitset::EMPTY, Bitset::EMPTY, Bitset::EMPTY);
        for (castle, role) in game.other_castles(player) {
            match role {
                CastleRole::Enter => enter |= castle,
                CastleRole::Goal => goal |= castle,
                CastleRole::Barred => barred |= castle,
                CastleRole::Own => {}
            }
        }
        let (stop, goal) = if game.rules.goal_entry_exempt { (enter, goal) } else { (enter | goal, Bitset::EMPTY) };
        let off_limits = game.zone_cells(player, ZoneRole::Forbidden);
        let quiet = LandingMap { forbidden: own | barred | off_limits, stop, goal };
        let own_jump_stop = match game.rules.own_castle_jump {
            OwnCastleJump::Continue => Bitset::EMPTY,
            OwnCastleJump::End => own,
        };
        let jump = LandingMap { forbidden: barred | off_limits, stop: stop | own_jump_stop, goal };
        let inside = (0..game.players.len())
            .map(|o| {
                let map = LandingMap {
                    forbidden: game.board.cells() - game.castle(Player(o as u8)),
                    ..LandingMap::default()
                };
                Landings { step: map, canter: map, jump: map }
            })
            .collect();
        PlayerLandings { outside: Landings { step: quiet, canter: quiet, jump }, inside }
    }
}

impl Game for Camelot {
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
    fn counter_name(&self) -> Option<&str> {
        Some("castle-moves")
    }
    fn counter_limit(&self) -> u8 {
        self.rules.castle_moves
    }
    fn counter_baring(&self) -> bool {
        self.end.counter_bares(self.players.len())
    }

    /// A player without pieces is out of the game and never to move while
    /// two or more players are still in; no piece stands in a castle barred
    /// to its owner; a position marked as following a counter-baring move
    /// has both sides bare.
    fn check_position(&self, pos: &Position) -> Vec<Unreachable> {
        let mut problems = Vec::new();
        let to_move = pos.to_move();
        let alive = (0..self.players.len()).filter(|&p| !pos.pieces_of(Player(p as u8)).is_empty()).count();
        if pos.pieces_of(to_move).is_empty() && alive >= 2 {
            problems.push(Unreachable::whole(format!(
                "{} has no pieces, is out of the game, and cannot be the player to move",
                self.players[to_move.index()].name
            )));
        }
        for p in 0..self.players.len() {
            let player = Player(p as u8);
            for (owner, castle) in self.castles.iter().enumerate() {
                if self.role(player, Player(owner as u8)) != CastleRole::Barred {
                    continue;
                }
                for cell in pos.pieces_of(player) & *castle {
                    problems.push(Unreachable::at(
                        cell,
                        format!(
                            "{} has a piece on {}, in the castle of {}, which it may never enter",
                            self.players[p].name,
                            self.board.name(cell),
                            self.players[owner].name
                        ),
                    ));
                }
            }
        }
        problems.extend(self.end.counter_bared_problem(pos, &self.players).map(Unreachable::whole));
        problems
    }

    /// `F1 must leave its castle` (or `F1, G1 ...`) when the player's
    /// pieces in its own castle are the only ones that may move.
    fn scope_reason(&self, pos: &Position) -> Option<String> {
        let mine = pos.pieces_of(pos.to_move());
        let in_castle = mine & self.castle(pos.to_move());
        let scope = self.scope(pos);
        if in_castle.is_empty() || scope.pieces != in_castle {
            return None;
        }
        let names: Vec<&str> = self.board.listed(in_castle).into_iter().map(|c| self.board.name(c)).collect();
        let verb = if names.len() == 1 { "must leave its castle" } else { "must leave their castle" };
        let jump = if scope.captures_only { ", jumping" } else { "" };
        Some(format!("{} {verb}{jump}", names.join(", ")))
    }

    /// A piece standing in its own castle must move out (jumping if it can),
    /// overriding the capture obligation elsewhere; otherwise, when any piece
    /// outside the castles it holds can jump, the move must capture.
    fn scope(&self, pos: &Position) -> TurnScope {
        let mine = pos.pieces_of(pos.to_move());
        let in_castle = mine & self.castle(pos.to_move());
        if !in_castle.is_empty() {
            let scope = self.scope_for(pos, in_castle);
            if !self.rules.blocked_lapses {
                return scope;
            }
            if any_move(self, pos, scope) {
                return scope;
            }
        }
        self.scope_for(pos, mine)
    }

    /// With no piece in its own castle, the player may move any piece, and
    /// must capture if one can jump.
    fn obliged_scope(&self, pos: &Position) -> Option<Bitset> {
        let mine = pos.pieces_of(pos.to_move());
        (!mine.intersects(self.castle(pos.to_move()))).then_some(mine)
    }

    fn decided(&self, pos: &Position) -> Option<Outcome> {
        self.end.decided(pos, &self.goal_zones)
    }

    fn no_moves(&self, pos: &Position) -> Outcome {
        self.end.no_moves(pos, self.players.len())
    }

    /// With the `stuck_passes` option, a player who cannot move passes as
    /// long as some other player still in the game can move.
    fn passes_when_stuck(&self, pos: &Position) -> bool {
        if !self.rules.stuck_passes {
            return false;
        }
        let me = pos.to_move();
        (0..self.players.len()).map(|p| Player(p as u8)).filter(|p| *p != me && !pos.pieces_of(*p).is_empty()).any(
            |p| {
                let mut other = *pos;
                other.set_to_move(p);
                any_move(self, &other, self.scope(&other))
            },
        )
    }

    /// Moves the piece and removes the captured ones, counts a castle
    /// move, advances the clock (0 after a capture or a castle entry) and
    /// passes the turn, through [`EndRules::play`] (which marks a
    /// counter-baring move).
    fn play_unchecked_in_place(&self, pos: &mut Position, key: &MoveKey) {
        self.end.play(pos, self.players.len(), key.captured, |pos| {
            let mover = pos.to_move();
            if !key.is_pass() {
                pos.make_move(key.from, key.to, key.captured);
                let held = self.held_castle(mover, key.from);
                if held.is_some() && key.from != key.to {
                    pos.set_counter(mover, pos.counter(mover) + 1);
                }
                let entered = held.is_none() && self.goal_zones[mover.index()].contains(key.to);
                if key.is_capture() || entered {
                    pos.set_clock(0);
                } else {
                    pos.set_clock(pos.clock().saturating_add(1));
                }
            } else {
                pos.set_clock(pos.clock().saturating_add(1));
            }
            pos.set_to_move(self.next_player(pos, mover));
        })
    }

    fn repetition_limit(&self) -> Option<u32> {
        self.end.repetition
    }

    fn notation_order(&self) -> Vec<Player> {
        self.notation_order.clone()
    }
    fn result_order(&self) -> Vec<Player> {
        self.result_order.clone()
    }

    fn zone_owner(&self, cell: Cell) -> Option<Player> {
        (0..self.players.len()).map(|i| Player(i as u8)).find(|p| self.castle(*p).contains(cell))
    }

    /// A piece in an enemy castle may not leave it, and moves only by the
    /// castle moves its side has left.
    fn stuck_reason(&self, pos: &Position, cell: Cell) -> Option<String> {
        let piece = pos.piece_at(cell)?;
        let owner = self.held_castle(piece.player, cell)?;
        let (me, owner) = (&self.players[piece.player.index()].name, &self.players[owner.index()].name);
        let (made, most) = (pos.counter(piece.player), self.rules.castle_moves);
        let inside = format!("a piece in {owner}'s castle may not leave it");
        Some(match most {
            0 => format!("{inside}, and this game has no castle moves"),
            _ if made >= most => {
                format!("{inside}, and {me} has made its {most} castle moves (the most a game allows)")
            }
            _ => format!("{inside}, and every other cell of that castle, where a castle move would go, is taken"),
        })
    }

    fn off_limits(&self, player: Player, cell: Cell) -> Option<String> {
        let name = &self.players[player.index()].name;
        if let Some(owner) = self.zone_owner(cell).filter(|&o| self.role(player, o) == CastleRole::Barred) {
            let owner = &self.players[owner.index()].name;
            return Some(format!("{} is in {owner}'s castle, which {name} may never enter", self.board.name(cell)));
        }
        leap_format::forbidden_words(&self.zones, player, name, cell, &self.board)
    }
}
