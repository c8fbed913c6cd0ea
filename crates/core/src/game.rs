//! The interface every game of the family implements, and the operations
//! built on it once for all games: legal moves, outcomes, canonical paths,
//! checked play.

use crate::bitset::Bitset;
use crate::board::Cell;
use crate::moves::{Leg, Move, MoveKey};
use crate::outcome::Outcome;
use crate::position::{Kind, Piece, Player, Position};
use crate::rules::{walk_obliged, walk_pieces, AnyOrder, KeyList, LeapRules, PathMode, PathSink, Sink, TurnScope};

/// A player as a variant names it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PlayerInfo {
    /// Full name, `White`.
    pub name: String,
    /// One-letter name used in position strings, `W`.
    pub letter: char,
}

/// A piece kind as a variant names it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct KindInfo {
    /// Full name, `Knight`.
    pub name: String,
    /// Prefix before the cell in position strings (`K`, or empty for the
    /// plain piece).
    pub prefix: String,
    /// The letter showing a piece of this kind in diagrams, one per player
    /// in turn order (`K` for White's Knights, `k` for Black's).
    pub symbols: Vec<char>,
    /// Its material value for evaluations, in hundredths of a plain piece,
    /// when the variant gives one.
    pub value: Option<crate::search::Score>,
}

impl KindInfo {
    /// The kind's letter: the first player's diagram letter, as written
    /// (`K`; checkers' `b` man and `B` king, which differ only by case).
    pub fn letter(&self) -> char {
        self.symbols.first().copied().unwrap_or('?')
    }
}

/// A game of the leap-and-capture family.
pub trait Game: LeapRules + Sync {
    /// The variant's short name, `camelot`.
    fn name(&self) -> &str;
    /// The players in turn order.
    fn players(&self) -> &[PlayerInfo];
    /// The piece kinds, in the order of their [`Kind`] indices.
    fn kinds(&self) -> &[KindInfo];
    /// The start position.
    fn start(&self) -> Position;
    /// The name of the per-player counter in position strings, if the game uses it.
    fn counter_name(&self) -> Option<&str> {
        None
    }
    /// The largest value the per-player counter can take (Camelot: the castle-move limit).
    fn counter_limit(&self) -> u8 {
        15
    }
    /// Whether the game keeps a second clock (the position's
    /// [`aux_clock`](Position::aux_clock): checkers' plies since a man
    /// last advanced), so that a position string may give `clock2=`.
    fn second_clock(&self) -> bool {
        false
    }
    /// Whether a move of this game can be a counter-baring move that
    /// leaves the game one more move (two players and the royalty count's
    /// [`counter_baring`](crate::rules::EndRules::counter_baring)), so that
    /// a position string may give `counter-bared=1`
    /// ([`Position::counter_bared`]).
    fn counter_baring(&self) -> bool {
        false
    }
    /// Whether a move of this game can change a piece's kind (checkers'
    /// crowning), so that the pieces of each kind are not only taken away
    /// as the game goes on (what an endgame table's layout assumes).
    fn promotes(&self) -> bool {
        false
    }
    /// Checks a position given by a user (a position string) for what the
    /// game can never reach: each problem in a sentence, with the cell it is
    /// about when it is one piece's (none: the position is fine).
    fn check_position(&self, _pos: &Position) -> Vec<Unreachable> {
        Vec::new()
    }
    /// Which pieces may move this turn and whether a capture is required.
    fn scope(&self, pos: &Position) -> TurnScope;
    /// Why only some of the player's pieces may move in `pos`, when
    /// [`Game::scope`] allows only some, in words for the player
    /// (Camelot: `F1 must leave its castle`); `None`, the default: no
    /// reason is given beyond the pieces.
    fn scope_reason(&self, _pos: &Position) -> Option<String> {
        None
    }
    /// When the turn rule in `pos` is "these pieces may move, and must
    /// capture if one of them can jump", that is when [`Game::scope`] is
    /// `TurnScope { pieces, captures_only: any_jump(self, pos, pieces) }`:
    /// those pieces. Listing and counting the moves then look for jumps once
    /// instead of twice. `None` (the default): they go by [`Game::scope`].
    fn obliged_scope(&self, _pos: &Position) -> Option<Bitset> {
        None
    }
    /// The outcome, if the game is over without looking at the moves.
    fn decided(&self, pos: &Position) -> Option<Outcome>;
    /// The outcome when the player to move has no legal move (and does not pass).
    fn no_moves(&self, pos: &Position) -> Outcome;
    /// Whether the player to move, having no legal move, passes (the game
    /// goes on; the pass is then its one legal move) rather than the game
    /// ending with [`Game::no_moves`].
    fn passes_when_stuck(&self, _pos: &Position) -> bool {
        false
    }
    /// Plays the move `key` on `pos`, which becomes the position after it,
    /// without checking that the move is legal (searches and perft play
    /// only the moves the walker found; see [`Game::play`] for a move from
    /// elsewhere). The outcome of playing an illegal move is unspecified.
    fn play_unchecked_in_place(&self, pos: &mut Position, key: &MoveKey);
    /// The position after the move `key`, not checked
    /// ([`Game::play_unchecked_in_place`] on a copy).
    #[inline]
    fn play_unchecked(&self, pos: &Position, key: &MoveKey) -> Position {
        let mut next = *pos;
        self.play_unchecked_in_place(&mut next, key);
        next
    }
    /// Draw after this many occurrences of a position, if the variant has that rule.
    fn repetition_limit(&self) -> Option<u32> {
        None
    }
    /// A mark for special cells in diagrams (a castle), by owner.
    fn zone_owner(&self, _cell: Cell) -> Option<Player> {
        None
    }
    /// Why no piece of `player` ever lands on `cell`, in a player's
    /// words, if none does by a rule of the variant (a forbidden zone, a
    /// castle barred to it): said when a move there is refused.
    fn off_limits(&self, _player: Player, _cell: Cell) -> Option<String> {
        None
    }
    /// Why the piece on `cell` has no move, in a player's words, where a
    /// rule of the game holds it (a piece in an enemy castle that has made
    /// its castle moves): said when a move of it is refused.
    fn stuck_reason(&self, _pos: &Position, _cell: Cell) -> Option<String> {
        None
    }
    /// The players in the order notation lists them: the sections of a
    /// position string, and by default the scores of a result token. Turn
    /// order unless the game's convention differs (PDN checkers: White
    /// first, although Black moves first).
    fn notation_order(&self) -> Vec<Player> {
        (0..self.players().len()).map(|i| Player(i as u8)).collect()
    }
    /// The players in the order of the scores of a result token (`1-0`):
    /// [`Game::notation_order`] unless the game's convention differs (PDN
    /// checkers: Black first, `1-0` a win for Black, though its position
    /// strings list White first).
    fn result_order(&self) -> Vec<Player> {
        self.notation_order()
    }
    /// The letter showing `piece` in diagrams (see [`KindInfo::symbols`]).
    fn piece_symbol(&self, piece: Piece) -> char {
        self.kind_info(piece.kind).symbols.get(piece.player.index()).copied().unwrap_or('?')
    }

    /// The kind with this index.
    fn kind_info(&self, kind: Kind) -> &KindInfo {
        &self.kinds()[kind.index()]
    }

    /// The distinct legal moves, into `out` (cleared first). None when the game is over.
    fn legal_moves_into(&self, pos: &Position, out: &mut KeyList) {
        moves_into::<Self, true>(self, pos, out);
    }

    /// [`Game::legal_moves_into`] in any order (the same order for the same
    /// position): faster on games whose pieces move alike, for callers that
    /// order the moves themselves (a search).
    fn legal_moves_unordered_into(&self, pos: &Position, out: &mut KeyList) {
        moves_into::<Self, false>(self, pos, out);
    }

    /// The legal moves of `pos` that capture or enter a goal, where
    /// [`Game::scope`] gives `scope`, into `out` (cleared first), in any
    /// order: with `captures_only` (a capture is obliged), every legal move;
    /// without, the captures the player may make all the same (Camelot's
    /// Knight's Charges) and the goal entries (Tri-Camelot's entries of the
    /// left castle). A search plays them out at its horizon. (Faster than
    /// [`Game::legal_moves_unordered_into`] where the scope is known: the
    /// jumps that decide it are not looked for again.)
    fn captures_into(&self, pos: &Position, scope: TurnScope, out: &mut KeyList) {
        out.clear();
        if self.decided(pos).is_none() {
            walk_pieces(self, pos, scope.pieces, (true, false), PathMode::Distinct, &mut AnyOrder(out));
        }
    }

    /// The distinct legal moves.
    fn legal_moves(&self, pos: &Position) -> Vec<MoveKey> {
        let mut list = KeyList::new();
        self.legal_moves_into(pos, &mut list);
        list.keys
    }

    /// Every legal simple path (see [`PathMode::Simple`]). None when the game is over.
    fn legal_paths<S: PathSink>(&self, pos: &Position, sink: &mut S)
    where
        Self: Sized,
    {
        paths_into(self, pos, sink);
    }

    /// The outcome of the position, if the game is over. (Whether the
    /// player to move has a move is found without listing them: in a
    /// crowded position they are exponentially many.)
    fn outcome(&self, pos: &Position) -> Option<Outcome> {
        if let Some(o) = self.decided(pos) {
            return Some(o);
        }
        let stuck = !crate::rules::any_move(self, pos, self.scope(pos)) && !self.passes_when_stuck(pos);
        stuck.then(|| self.no_moves(pos))
    }

    /// The canonical path of a legal move: the fewest legs, then the first in
    /// listing order ([`crate::Board::listing_key`]: square order, or number
    /// order on numbered boards). `None` if `key` is not legal.
    fn canonical(&self, pos: &Position, key: &MoveKey) -> Option<Move>
    where
        Self: Sized,
    {
        if self.decided(pos).is_some() {
            return None;
        }
        if key.is_pass() {
            return self.legal_moves(pos).contains(key).then(Move::pass);
        }
        let scope = self.scope(pos);
        if !scope.pieces.contains(key.from) {
            return None;
        }
        let target = (key.to, key.captured);
        for limit in 1..=crate::bitset::MAX_CELLS {
            let mut finder = Canonical { board: self.board(), limit, target, best: None, deeper: false };
            crate::rules::walk_piece(self, pos, key.from, scope.captures_only, PathMode::Simple, &mut finder);
            if let Some(legs) = finder.best {
                return Some(Move { from: key.from, legs: legs.into_iter().collect(), captured: key.captured });
            }
            if !finder.deeper {
                return None;
            }
        }
        None
    }

    /// The position after `key`, if it is a legal move of `pos`.
    fn play(&self, pos: &Position, key: &MoveKey) -> Result<Position, IllegalMove> {
        if self.legal_moves(pos).contains(key) {
            Ok(self.play_unchecked(pos, key))
        } else {
            Err(IllegalMove { key: *key })
        }
    }
}

/// [`Game::legal_moves_into`], in the walker's order when `ORDERED`, else in
/// any order (see [`Sink::ORDERED`]).
#[inline]
pub(crate) fn moves_into<G: Game + ?Sized, const ORDERED: bool>(game: &G, pos: &Position, out: &mut KeyList) {
    out.clear();
    if game.decided(pos).is_none() {
        if ORDERED {
            walk_turn(game, pos, PathMode::Distinct, out);
        } else {
            walk_turn(game, pos, PathMode::Distinct, &mut AnyOrder(out));
        }
        if out.keys.is_empty() && game.passes_when_stuck(pos) {
            out.keys.push(MoveKey::PASS);
        }
    }
}

/// [`Game::legal_paths`] for any sink.
#[inline]
pub(crate) fn paths_into<G: Game + ?Sized, S: Sink>(game: &G, pos: &Position, sink: &mut S) {
    if game.decided(pos).is_none() {
        let mut counted = Counted { sink, paths: 0 };
        walk_turn(game, pos, PathMode::Simple, &mut counted);
        if counted.paths == 0 && game.passes_when_stuck(pos) {
            counted.sink.emit(MoveKey::PASS.from, MoveKey::PASS.to, &[], Bitset::EMPTY);
        }
    }
}

/// Enumerates the moves of the turn in `pos` (not decided), as
/// [`Game::obliged_scope`] or else [`Game::scope`] allows.
#[inline]
pub(crate) fn walk_turn<G: Game + ?Sized, S: Sink>(game: &G, pos: &Position, mode: PathMode, sink: &mut S) {
    match game.obliged_scope(pos) {
        Some(pieces) => walk_obliged(game, pos, pieces, mode, sink),
        None => {
            let scope = game.scope(pos);
            walk_pieces(game, pos, scope.pieces, (scope.captures_only, false), mode, sink)
        }
    }
}

/// A move that is not legal in the position it was played in (see
/// [`Game::play`]; the position is unchanged).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct IllegalMove {
    /// The move that was refused.
    pub key: MoveKey,
}

impl std::fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "the move is not legal in this position")
    }
}

impl std::error::Error for IllegalMove {}

/// What makes a position given by a user one the game can never reach
/// ([`Game::check_position`]).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Unreachable {
    /// The problem in a sentence.
    pub why: String,
    /// The cell it is about when it is one piece's: a position string's
    /// error points at where that piece is written.
    pub cell: Option<Cell>,
}

impl Unreachable {
    /// A problem of the whole position.
    pub fn whole(why: impl Into<String>) -> Self {
        Unreachable { why: why.into(), cell: None }
    }

    /// A problem of the piece on `cell`.
    pub fn at(cell: Cell, why: impl Into<String>) -> Self {
        Unreachable { why: why.into(), cell: Some(cell) }
    }
}

impl std::fmt::Display for Unreachable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.why)
    }
}

/// Passes paths on to `sink`, counting them.
struct Counted<'a, S> {
    sink: &'a mut S,
    paths: usize,
}

impl<S: Sink> Sink for Counted<'_, S> {
    const LEGS: bool = S::LEGS;
    const COUNTS: bool = S::COUNTS;
    const ORDERED: bool = S::ORDERED;
    fn emit(&mut self, from: Cell, to: Cell, legs: &[Leg], captured: Bitset) {
        self.paths += 1;
        self.sink.emit(from, to, legs, captured);
    }
    fn add_steps(&mut self, n: u64) {
        self.paths += n as usize;
        self.sink.add_steps(n);
    }
    fn emit_lone_step(&mut self, from: Cell, to: Cell) {
        self.paths += 1;
        self.sink.emit_lone_step(from, to);
    }
    fn follow(&mut self, legs: &[Leg], captured: Bitset) -> bool {
        self.sink.follow(legs, captured)
    }
}

/// The canonical path ([`Game::canonical`]) of each of `keys`, legal moves
/// of `pos`, in order: the same paths, found in one walk of each moving
/// piece instead of a walk per move, so that listing the moves of a piece
/// with thousands of capture paths (a Knight in a lattice of Men) takes
/// time linear in its paths, not quadratic.
pub fn canonical_moves<G: Game>(game: &G, pos: &Position, keys: &[MoveKey]) -> Vec<Option<Move>> {
    if game.decided(pos).is_some() {
        return vec![None; keys.len()];
    }
    let scope = game.scope(pos);
    let mut froms: Vec<Cell> =
        keys.iter().filter(|k| !k.is_pass() && scope.pieces.contains(k.from)).map(|k| k.from).collect();
    froms.sort_unstable();
    froms.dedup();
    let mut best = std::collections::HashMap::new();
    for from in froms {
        let mut sink = Shortest { board: game.board(), from, best: &mut best };
        crate::rules::walk_piece(game, pos, from, scope.captures_only, PathMode::Simple, &mut sink);
    }
    keys.iter()
        .map(|k| {
            if k.is_pass() {
                return game.canonical(pos, k);
            }
            let legs = best.get(&(k.from, k.to, k.captured))?;
            Some(Move { from: k.from, legs: legs.iter().copied().collect(), captured: k.captured })
        })
        .collect()
}

/// Keeps the canonical path of every move of one piece: the fewest legs,
/// then the first in listing order (as [`Canonical`] finds them one by one).
struct Shortest<'a> {
    board: &'a crate::board::Board,
    from: Cell,
    best: &'a mut std::collections::HashMap<(Cell, Cell, Bitset), Vec<Leg>>,
}

impl PathSink for Shortest<'_> {
    fn emit(&mut self, _from: Cell, to: Cell, legs: &[Leg], captured: Bitset) {
        let board = self.board;
        let before = |a: &[Leg], b: &[Leg]| {
            a.len()
                .cmp(&b.len())
                .then_with(|| a.iter().map(|x| board.listing_key(x.to)).cmp(b.iter().map(|x| board.listing_key(x.to))))
                == std::cmp::Ordering::Less
        };
        match self.best.entry((self.from, to, captured)) {
            std::collections::hash_map::Entry::Occupied(mut e) => {
                if before(legs, e.get()) {
                    *e.get_mut() = legs.to_vec();
                }
            }
            std::collections::hash_map::Entry::Vacant(e) => {
                e.insert(legs.to_vec());
            }
        }
    }
}

struct Canonical<'a> {
    board: &'a crate::board::Board,
    limit: usize,
    target: (Cell, Bitset),
    best: Option<Vec<Leg>>,
    deeper: bool,
}

impl PathSink for Canonical<'_> {
    fn emit(&mut self, _from: Cell, _to: Cell, legs: &[Leg], captured: Bitset) {
        if legs.len() == self.limit && (legs[legs.len() - 1].to, captured) == self.target {
            let cells = |l: &[Leg]| l.iter().map(|x| self.board.listing_key(x.to)).collect::<Vec<_>>();
            if self.best.as_ref().is_none_or(|b| cells(legs) < cells(b)) {
                self.best = Some(legs.to_vec());
            }
        }
    }
    fn follow(&mut self, legs: &[Leg], captured: Bitset) -> bool {
        if legs.len() > self.limit {
            self.deeper = true;
            return false;
        }
        captured - self.target.1 == Bitset::EMPTY
    }
}
