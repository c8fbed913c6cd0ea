//! The Camelot rules on the leap-and-capture core: castles, castle moves,
//! the obligation to leave one's own castle, the capture obligation, the
//! Knight's Charge and the Knight canter rule.

use leap_core::{
    any_jump, walk, Abilities, Bitset, Board, Cell, EndRules, Game, KeyList, KindInfo, LandingMap, Landings, LeapRules,
    MoveKey, Outcome, PathMode, Piece, Player, PlayerInfo, Position, TurnScope,
};

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

/// The rule options of a Camelot-family variant.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Rules {
    /// Castle moves each player may make per game.
    pub castle_moves: u8,
    /// What a jump into one's own castle does.
    pub own_castle_jump: OwnCastleJump,
    /// Whether the obligation to leave one's castle lapses when the piece cannot move out.
    pub blocked_lapses: bool,
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
    castles: [Bitset; 2],
    rules: Rules,
    end: EndRules,
    start: Position,
    landings: [PlayerLandings; 2],
}

impl Camelot {
    /// Builds a game from validated parts; the start position is empty until [`Camelot::set_start`].
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        name: String,
        title: Option<String>,
        board: Board,
        players: Vec<PlayerInfo>,
        kinds: Vec<KindInfo>,
        kind_rules: Vec<KindRules>,
        castles: [Bitset; 2],
        rules: Rules,
        end: EndRules,
    ) -> Camelot {
        let landings = [
            PlayerLandings::new(&board, castles[0], castles[1], &rules),
            PlayerLandings::new(&board, castles[1], castles[0], &rules),
        ];
        Camelot {
            title: title.unwrap_or_else(|| name.clone()),
            name,
            board,
            players,
            kinds,
            kind_rules,
            castles,
            rules,
            end,
            start: Position::empty(Player(0)),
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

    /// The castle of `player`.
    pub fn castle(&self, player: Player) -> Bitset {
        self.castles[player.index()]
    }

    /// The rule options.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The end conditions.
    pub fn end_rules(&self) -> &EndRules {
        &self.end
    }

    fn opponent(p: Player) -> Player {
        Player(1 - p.0)
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
        if self.castle(Self::opponent(piece.player)).contains(from) {
            // In the opponent's castle: only castle moves, while the count allows.
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
        let p = piece.player.index();
        if self.castle(Self::opponent(piece.player)).contains(from) {
            &self.landings[p].inside_enemy_castle
        } else {
            &self.landings[p].outside
        }
    }
}

/// What landings mean for one player's pieces (see [`LeapRules::landings`]).
#[derive(Clone, Debug)]
struct PlayerLandings {
    /// For a piece outside the opponent's castle.
    outside: Landings,
    /// For a piece inside the opponent's castle.
    inside_enemy_castle: Landings,
}

impl PlayerLandings {
    /// Own castle: no step or canter in; a jump in goes on (or ends, by option).
    /// Opponent's castle: any move into it ends there; a piece inside may only
    /// step to the other castle cell.
    fn new(board: &Board, own: Bitset, enemy: Bitset, rules: &Rules) -> PlayerLandings {
        let inside = LandingMap { forbidden: board.cells() - enemy, ..LandingMap::default() };
        let quiet = LandingMap { forbidden: own, stop: enemy, goal: Bitset::EMPTY };
        let jump_stop = match rules.own_castle_jump {
            OwnCastleJump::Continue => enemy,
            OwnCastleJump::End => enemy | own,
        };
        PlayerLandings {
            outside: Landings {
                step: quiet,
                canter: quiet,
                jump: LandingMap { forbidden: Bitset::EMPTY, stop: jump_stop, goal: Bitset::EMPTY },
            },
            inside_enemy_castle: Landings { step: inside, canter: inside, jump: inside },
        }
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

    /// A piece standing in its own castle must move out (jumping if it can),
    /// overriding the capture obligation elsewhere; otherwise, when any piece
    /// outside the opponent's castle can jump, the move must capture.
    fn scope(&self, pos: &Position) -> TurnScope {
        let mine = pos.pieces_of(pos.to_move());
        let in_castle = mine & self.castle(pos.to_move());
        if !in_castle.is_empty() {
            let scope = self.scope_for(pos, in_castle);
            if !self.rules.blocked_lapses {
                return scope;
            }
            let mut probe = KeyList::new();
            walk(self, pos, scope, PathMode::Distinct, &mut probe);
            if !probe.keys.is_empty() {
                return scope;
            }
        }
        self.scope_for(pos, mine)
    }

    fn decided(&self, pos: &Position) -> Option<Outcome> {
        self.end.decided(pos, &[self.castles[1], self.castles[0]])
    }

    fn no_moves(&self, pos: &Position) -> Outcome {
        self.end.no_moves(pos)
    }

    fn apply(&self, pos: &Position, key: &MoveKey) -> Position {
        let mover = pos.to_move();
        let enemy_castle = self.castle(Self::opponent(mover));
        let mut next = *pos;
        for c in key.captured {
            next.remove(c);
        }
        next.move_piece(key.from, key.to);
        let castle_move = enemy_castle.contains(key.from) && key.from != key.to;
        if castle_move {
            next.set_counter(mover, pos.counter(mover) + 1);
        }
        let progress = key.is_capture() || (enemy_castle.contains(key.to) && !enemy_castle.contains(key.from));
        next.set_clock(if progress { 0 } else { pos.clock().saturating_add(1) });
        next.set_to_move(Self::opponent(mover));
        next
    }

    fn repetition_limit(&self) -> Option<u32> {
        self.end.repetition
    }

    fn zone_owner(&self, cell: Cell) -> Option<Player> {
        (0..2).map(|i| Player(i as u8)).find(|p| self.castle(*p).contains(cell))
    }
}
