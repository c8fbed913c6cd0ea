//! Positions: who stands where, whose turn it is, and the per-player counters.

use crate::bitset::{Bitset, MAX_CELLS};
use crate::board::Cell;
use crate::rng::splitmix;

/// The most players a game may have.
pub const MAX_PLAYERS: usize = 4;
/// The most piece kinds a game may have.
pub const MAX_KINDS: usize = 4;

/// A player, by turn-order index (0 moves first).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Player(pub u8);

impl Player {
    /// The turn-order index.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A kind of piece (Knight, Man, King, ...), by its index in the variant.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Kind(pub u8);

impl Kind {
    /// The index in the variant's list of pieces.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A piece: its owner and kind.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    /// The owner.
    pub player: Player,
    /// The kind.
    pub kind: Kind,
}

// (One row per possible cell index, 0-255, so that a lookup needs no bounds check.)
const PIECE_KEYS: usize = (MAX_CELLS + 1) * MAX_PLAYERS * MAX_KINDS;
const COUNTER_KEYS: usize = MAX_PLAYERS * 16;

struct Zobrist {
    pieces: [u64; PIECE_KEYS],
    side: [u64; MAX_PLAYERS],
    counters: [u64; COUNTER_KEYS],
    counter_bared: u64,
}

const ZOBRIST: Zobrist = {
    let mut z =
        Zobrist { pieces: [0; PIECE_KEYS], side: [0; MAX_PLAYERS], counters: [0; COUNTER_KEYS], counter_bared: 0 };
    let mut state = 0x00C0_FFEE_CA3E_1075_u64;
    let mut i = 0;
    while i < PIECE_KEYS {
        let (s, v) = splitmix(state);
        state = s;
        z.pieces[i] = v;
        i += 1;
    }
    i = 0;
    while i < MAX_PLAYERS {
        let (s, v) = splitmix(state);
        state = s;
        z.side[i] = v;
        i += 1;
    }
    i = 0;
    while i < COUNTER_KEYS {
        let (s, v) = splitmix(state);
        state = s;
        z.counters[i] = v;
        i += 1;
    }
    // (Drawn last: the keys drawn before keep their values.)
    z.counter_bared = splitmix(state).1;
    z
};

#[inline]
fn piece_key(cell: Cell, piece: Piece) -> u64 {
    ZOBRIST.pieces[(cell.index() * MAX_PLAYERS + piece.player.index()) * MAX_KINDS + piece.kind.index()]
}

/// The index of the first of `sets` holding `cell`, if any.
#[inline]
fn first_holding<const N: usize>(sets: &[Bitset; N], cell: Cell) -> Option<u8> {
    sets.iter().position(|s| s.contains(cell)).map(|i| i as u8)
}

#[inline]
fn counter_key(player: Player, value: u8) -> u64 {
    if value == 0 {
        0
    } else {
        ZOBRIST.counters[player.index() * 16 + (value as usize & 15)]
    }
}

/// A position of a game: the pieces, the player to move, one small counter
/// per player (Camelot counts castle moves with it), two clocks of plies
/// without some kind of progress (the main one: since the last capture or
/// goal entry; a second one for games with a second draw rule, such as
/// checkers' plies since the last advance of a man), and whether the move
/// that led here was a counter-baring move
/// ([`Position::counter_bared`]), with an incrementally kept Zobrist hash
/// of everything but the clocks.
///
/// ```
/// use leap_core::{Cell, Kind, Piece, Player, Position};
/// let mut p = Position::empty(Player(0));
/// let knight = Piece { player: Player(0), kind: Kind(0) };
/// p.put(Cell::new(5), knight);
/// let before = p.hash();
/// p.move_piece(Cell::new(5), Cell::new(9));
/// p.move_piece(Cell::new(9), Cell::new(5));
/// assert_eq!(p.hash(), before);
/// assert_eq!(p.piece_at(Cell::new(5)), Some(knight));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Position {
    by_player: [Bitset; MAX_PLAYERS],
    by_kind: [Bitset; MAX_KINDS],
    counters: [u8; MAX_PLAYERS],
    to_move: Player,
    clock: u16,
    aux_clock: u16,
    counter_bared: bool,
    hash: u64,
}

impl Position {
    /// An empty board with `to_move` to play.
    pub fn empty(to_move: Player) -> Position {
        Position {
            by_player: [Bitset::EMPTY; MAX_PLAYERS],
            by_kind: [Bitset::EMPTY; MAX_KINDS],
            counters: [0; MAX_PLAYERS],
            to_move,
            clock: 0,
            aux_clock: 0,
            counter_bared: false,
            hash: ZOBRIST.side[to_move.index()],
        }
    }

    /// The piece on `cell`, if any.
    #[inline]
    pub fn piece_at(&self, cell: Cell) -> Option<Piece> {
        let player = first_holding(&self.by_player, cell)?;
        let kind = first_holding(&self.by_kind, cell)?;
        Some(Piece { player: Player(player), kind: Kind(kind) })
    }

    /// The kind of the piece on `cell`, if any (cheaper than [`Position::piece_at`]).
    #[inline]
    pub fn kind_at(&self, cell: Cell) -> Option<Kind> {
        first_holding(&self.by_kind, cell).map(Kind)
    }

    /// Puts `piece` on `cell`, replacing whatever stood there.
    pub fn put(&mut self, cell: Cell, piece: Piece) {
        self.remove(cell);
        self.by_player[piece.player.index()].insert(cell);
        self.by_kind[piece.kind.index()].insert(cell);
        self.hash ^= piece_key(cell, piece);
    }

    /// Removes and returns the piece on `cell`.
    #[inline]
    pub fn remove(&mut self, cell: Cell) -> Option<Piece> {
        let piece = self.piece_at(cell)?;
        self.by_player[piece.player.index()].remove(cell);
        self.by_kind[piece.kind.index()].remove(cell);
        self.hash ^= piece_key(cell, piece);
        Some(piece)
    }

    /// Moves the piece on `from` to the cell `to`, replacing whatever stood
    /// there (nothing if `from` is empty).
    #[inline]
    pub fn move_piece(&mut self, from: Cell, to: Cell) {
        if from == to {
            return;
        }
        if let Some(p) = self.piece_at(from) {
            self.relocate(p, from, to);
        }
    }

    /// Moves `p`, standing on `from`, to the other cell `to`, replacing whatever stood there.
    #[inline]
    fn relocate(&mut self, p: Piece, from: Cell, to: Cell) {
        if self.is_occupied(to) {
            self.remove(to);
        }
        self.shift_piece(p, from, to);
    }

    /// Moves `p`, standing on `from`, to the empty cell `to`.
    #[inline]
    fn shift_piece(&mut self, p: Piece, from: Cell, to: Cell) {
        // Cell by cell: each touches one word of a set.
        let (player, kind) = (&mut self.by_player[p.player.index()], &mut self.by_kind[p.kind.index()]);
        player.remove(from);
        player.insert(to);
        kind.remove(from);
        kind.insert(to);
        self.hash ^= piece_key(from, p) ^ piece_key(to, p);
    }

    /// Makes a move of the family: removes the pieces on `captured`, then
    /// moves the piece on `from` to `to`, which must then be empty (every
    /// move of the family ends on an empty cell or where it started; debug
    /// builds check it). Returns the piece moved; does nothing and returns
    /// `None` if `from` is empty. (Each cell is looked at once, for game
    /// rules' [`Game::play_unchecked_in_place`](crate::Game::play_unchecked_in_place); [`Position::move_piece`] replaces what stands on `to`.)
    #[inline]
    pub fn make_move(&mut self, from: Cell, to: Cell, captured: Bitset) -> Option<Piece> {
        let p = self.piece_at(from)?;
        if !captured.is_empty() {
            for c in captured {
                self.remove(c);
            }
        }
        if from != to {
            // (A move of the family ends on an empty cell: no piece to replace there.)
            debug_assert!(!self.is_occupied(to), "a move onto an occupied cell");
            self.shift_piece(p, from, to);
        }
        Some(p)
    }

    /// Makes this position a copy of `src`, both positions of one game, as
    /// cheaply as `plan` allows (perft copies every position it visits).
    #[inline]
    pub(crate) fn copy_from(&mut self, src: &Position, plan: CopyPlan) {
        if !plan.low_only {
            *self = *src;
            return;
        }
        // (Every field named: a field added to `Position` must be copied here too.)
        let Position { by_player, by_kind, counters, to_move, clock, aux_clock, counter_bared, hash } = src;
        let low_words = |to: &mut [Bitset], from: &[Bitset]| {
            for (to, from) in to.iter_mut().zip(from) {
                to.set_low_word(from.low_word());
            }
        };
        // (The sets of the first two players and kinds always; those of the others when the game has them.)
        low_words(&mut self.by_player[..2], &by_player[..2]);
        low_words(&mut self.by_kind[..2], &by_kind[..2]);
        if plan.players > 2 {
            low_words(&mut self.by_player[2..], &by_player[2..]);
        }
        if plan.kinds > 2 {
            low_words(&mut self.by_kind[2..], &by_kind[2..]);
        }
        debug_assert_eq!(self.by_player, *by_player, "a set of a player the game does not have");
        debug_assert_eq!(self.by_kind, *by_kind, "a set of a kind the game does not have");
        self.counters = *counters;
        self.to_move = *to_move;
        self.clock = *clock;
        self.aux_clock = *aux_clock;
        self.counter_bared = *counter_bared;
        self.hash = *hash;
    }

    /// Whether a piece stands on `cell`.
    #[inline]
    pub fn is_occupied(&self, cell: Cell) -> bool {
        first_holding(&self.by_player, cell).is_some()
    }

    /// Changes the kind of the piece on `cell` (promotion).
    #[inline]
    pub fn set_kind(&mut self, cell: Cell, kind: Kind) {
        if let Some(p) = self.piece_at(cell) {
            self.by_kind[p.kind.index()].remove(cell);
            self.by_kind[kind.index()].insert(cell);
            self.hash ^= piece_key(cell, p) ^ piece_key(cell, Piece { kind, ..p });
        }
    }

    /// All occupied cells.
    #[inline]
    pub fn occupied(&self) -> Bitset {
        self.by_player[0] | self.by_player[1] | self.by_player[2] | self.by_player[3]
    }

    /// The cells of `player`'s pieces.
    #[inline]
    pub fn pieces_of(&self, player: Player) -> Bitset {
        self.by_player[player.index()]
    }

    /// The players among the first `players` (a game's, in turn order)
    /// who still have pieces: those still in the game.
    ///
    /// ```
    /// use leap_core::{Cell, Kind, Piece, Player, Position};
    /// let mut pos = Position::empty(Player(0));
    /// pos.put(Cell::new(0), Piece { player: Player(0), kind: Kind(0) });
    /// pos.put(Cell::new(1), Piece { player: Player(2), kind: Kind(0) });
    /// // Player 1 is out.
    /// assert_eq!(pos.players_in(3).collect::<Vec<_>>(), [Player(0), Player(2)]);
    /// ```
    pub fn players_in(&self, players: usize) -> impl Iterator<Item = Player> + '_ {
        (0..players.min(MAX_PLAYERS) as u8).map(Player).filter(|&p| !self.pieces_of(p).is_empty())
    }

    /// The cells holding pieces of `kind`, of any player.
    #[inline]
    pub fn kind_cells(&self, kind: Kind) -> Bitset {
        self.by_kind[kind.index()]
    }

    /// The player to move.
    #[inline]
    pub fn to_move(&self) -> Player {
        self.to_move
    }

    /// Sets the player to move.
    pub fn set_to_move(&mut self, p: Player) {
        self.hash ^= ZOBRIST.side[self.to_move.index()] ^ ZOBRIST.side[p.index()];
        self.to_move = p;
    }

    /// The counter of `player` (Camelot: castle moves made).
    #[inline]
    pub fn counter(&self, player: Player) -> u8 {
        self.counters[player.index()]
    }

    /// Sets the counter of `player`.
    pub fn set_counter(&mut self, player: Player, value: u8) {
        self.hash ^= counter_key(player, self.counters[player.index()]) ^ counter_key(player, value);
        self.counters[player.index()] = value;
    }

    /// Plies since the last capture or goal entry.
    #[inline]
    pub fn clock(&self) -> u16 {
        self.clock
    }

    /// Sets the clock.
    pub fn set_clock(&mut self, clock: u16) {
        self.clock = clock;
    }

    /// The second clock (see [`Position`]).
    #[inline]
    pub fn aux_clock(&self) -> u16 {
        self.aux_clock
    }

    /// Sets the second clock.
    pub fn set_aux_clock(&mut self, clock: u16) {
        self.aux_clock = clock;
    }

    /// Whether the move that led to this position was a *counter-baring*
    /// move, in the royalty count's rule with a reply for the bared side
    /// ([`EndRules::counter_baring`](crate::rules::EndRules::counter_baring),
    /// two players): it left the player to move bare, who was not bare
    /// before it, and the player who made it is bare too (it bared the
    /// other side back). The game then goes on for this one move, in which a
    /// royal may still be taken or the goal reached, where a position with
    /// both sides bare is otherwise drawn.
    ///
    /// Only the family's moves set it, through
    /// [`EndRules::play`](crate::rules::EndRules::play); every other move
    /// clears it. It is never set in a game without `counter_baring`, nor in
    /// a start position; a position string writes it `counter-bared=1`.
    /// It is part of the [hash](Position::hash) and of equality, so that
    /// repetition and transposition tables tell the two positions apart.
    ///
    /// ```
    /// use leap_core::{Player, Position};
    /// let mut p = Position::empty(Player(0));
    /// assert!(!p.counter_bared());
    /// let before = p.hash();
    /// p.set_counter_bared(true);
    /// assert!(p.counter_bared());
    /// assert_ne!(p.hash(), before);
    /// ```
    #[inline]
    pub fn counter_bared(&self) -> bool {
        self.counter_bared
    }

    /// Marks the position as reached by a counter-baring move, or not
    /// (see [`Position::counter_bared`]).
    #[inline]
    pub fn set_counter_bared(&mut self, counter_bared: bool) {
        if self.counter_bared != counter_bared {
            self.hash ^= ZOBRIST.counter_bared;
            self.counter_bared = counter_bared;
        }
    }

    /// The Zobrist hash: pieces, player to move, counters and the
    /// [counter-baring mark](Position::counter_bared) (not the clocks).
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }
}

/// How [`Position::copy_from`] copies the positions of one game.
#[derive(Clone, Copy, Debug)]
pub(crate) struct CopyPlan {
    /// Only the words of the sets that hold cells below 64: the board [fits
    /// a word](crate::Board::fits_word), so no piece stands beyond them.
    pub low_only: bool,
    /// The game's players: the sets of the others are always empty.
    pub players: usize,
    /// The game's kinds of piece: the sets of the others are always empty.
    pub kinds: usize,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hash_tracks_state_not_history() {
        let w = Piece { player: Player(0), kind: Kind(1) };
        let b = Piece { player: Player(1), kind: Kind(0) };
        let mut p = Position::empty(Player(0));
        p.put(Cell::new(1), w);
        p.put(Cell::new(2), b);
        let mut q = Position::empty(Player(1));
        q.put(Cell::new(2), b);
        q.put(Cell::new(1), w);
        assert_ne!(p.hash(), q.hash());
        q.set_to_move(Player(0));
        assert_eq!(p, q);
        q.set_counter(Player(1), 1);
        assert_ne!(p.hash(), q.hash());
        q.set_counter(Player(1), 0);
        assert_eq!(p.hash(), q.hash());
        q.set_counter_bared(true);
        assert_ne!(p.hash(), q.hash());
        assert_ne!(p, q);
        q.set_counter_bared(false);
        assert_eq!(p, q);
        assert_eq!(q.remove(Cell::new(2)), Some(b));
        assert_eq!(q.pieces_of(Player(1)), Bitset::EMPTY);
    }
}
