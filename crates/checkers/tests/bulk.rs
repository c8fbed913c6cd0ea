//! The walker's bulk path against its plain path.
//!
//! Checkers tells the walker that every piece of a player and kind moves
//! alike ([`LeapRules::uniform`]), and the walker then lists and counts
//! the steps and single jumps of such pieces set by set instead of piece by
//! piece. [`Plain`] is the same game without that hint, so the walker takes
//! every piece one by one. On many positions (random games from the start,
//! random placements with kings, and variants that exercise the rules the
//! bulk path handles: no compulsory capture, a forbidden zone, goal
//! landings) both must give the same legal moves in the same order,
//! the same paths, the same counts and the same perft.

use leap_checkers::{parse_variant, Checkers};
use leap_core::{
    perft::{perft, Count},
    rules::{any_jump, Abilities, Landings, LeapRules, PathList, TurnScope},
    Bitset, Board, Cell, Game, Kind, KindInfo, MoveKey, Outcome, Piece, Player, PlayerInfo, Position, SplitMix64,
    MAX_KINDS,
};

/// Checkers with the landings of its pieces edited, and with or without
/// [`LeapRules::uniform`]: without it, the walker takes the plain path.
struct Edited<'a> {
    game: &'a Checkers,
    bulk: bool,
    /// Per player and kind, as [`LeapRules::landings`] gives them.
    landings: Box<[[Landings; MAX_KINDS]; 2]>,
}

impl<'a> Edited<'a> {
    /// The game as it is: its landings unchanged.
    fn new(game: &'a Checkers, bulk: bool) -> Edited<'a> {
        Edited::with_goals(game, bulk, Bitset::EMPTY)
    }

    /// The game where a step or jump that lands on `goals` ends there as a
    /// goal ([`leap_core::rules::Landing::Goal`]: such a step is a move even when a capture
    /// is obligatory). No built-in game of the checkers family has goal
    /// landings; this reaches the part of the bulk path that counts them.
    fn with_goals(game: &'a Checkers, bulk: bool, goals: Bitset) -> Edited<'a> {
        let start = game.start();
        let mut landings = Box::new([[Landings::default(); MAX_KINDS]; 2]);
        for (p, row) in landings.iter_mut().enumerate() {
            for (k, slot) in row.iter_mut().enumerate() {
                let piece = Piece { player: Player(p as u8), kind: Kind(k as u8) };
                let cell = game.board().cells().first().expect("a cell");
                *slot = *game.landings(&start, cell, piece);
                slot.step.goal |= goals - slot.step.forbidden;
                slot.jump.goal |= goals - slot.jump.forbidden;
            }
        }
        Edited { game, bulk, landings }
    }
}

impl LeapRules for Edited<'_> {
    fn board(&self) -> &Board {
        self.game.board()
    }
    fn abilities(&self, pos: &Position, from: Cell, piece: Piece) -> Abilities {
        self.game.abilities(pos, from, piece)
    }
    fn landings(&self, _pos: &Position, _from: Cell, piece: Piece) -> &Landings {
        &self.landings[piece.player.index()][piece.kind.index()]
    }
    fn uniform(&self, pos: &Position, piece: Piece) -> Option<(Abilities, &Landings)> {
        let cell = self.board().cells().first()?;
        self.bulk.then(|| (self.abilities(pos, cell, piece), self.landings(pos, cell, piece)))
    }
}

impl Game for Edited<'_> {
    fn name(&self) -> &str {
        self.game.name()
    }
    fn players(&self) -> &[PlayerInfo] {
        self.game.players()
    }
    fn kinds(&self) -> &[KindInfo] {
        self.game.kinds()
    }
    fn start(&self) -> Position {
        self.game.start()
    }
    /// As the game's own scope, with the jumps looked for by this game's path.
    fn scope(&self, pos: &Position) -> TurnScope {
        let mine = pos.pieces_of(pos.to_move());
        TurnScope { pieces: mine, captures_only: self.game.compulsory_capture() && any_jump(self, pos, mine) }
    }
    fn obliged_scope(&self, pos: &Position) -> Option<Bitset> {
        self.game.obliged_scope(pos)
    }
    fn decided(&self, pos: &Position) -> Option<Outcome> {
        self.game.decided(pos)
    }
    fn no_moves(&self, pos: &Position) -> Outcome {
        self.game.no_moves(pos)
    }
    fn play_unchecked_in_place(&self, pos: &mut Position, key: &MoveKey) {
        self.game.play_unchecked_in_place(pos, key)
    }
}

/// The built-in checkers file with `edit` applied to its text.
fn variant(edit: impl Fn(&str) -> String) -> Checkers {
    let text = edit(leap_format::builtin("checkers").expect("built in"));
    parse_variant("edited-checkers.toml", &text).unwrap_or_else(|e| panic!("{e}"))
}

/// Every check of the module on one position: `game` takes the bulk path
/// where it can, `plain` is the same game on the plain path.
fn compare(game: &impl Game, plain: &impl Game, pos: &Position) {
    let what = || leap_core::notation::format_position(game, pos);
    assert_eq!(game.legal_moves(pos), plain.legal_moves(pos), "legal moves of {}", what());
    assert_eq!(
        leap_core::perft::count_moves(game, pos),
        leap_core::perft::count_moves(plain, pos),
        "move count of {}",
        what()
    );
    let mine = pos.pieces_of(pos.to_move());
    assert_eq!(any_jump(game, pos, mine), any_jump(plain, pos, mine), "any jump in {}", what());
    let (mut bulk_paths, mut plain_paths) = (PathList::default(), PathList::default());
    game.legal_paths(pos, &mut bulk_paths);
    plain.legal_paths(pos, &mut plain_paths);
    assert_eq!(bulk_paths.moves, plain_paths.moves, "paths of {}", what());
    for depth in 1..=3 {
        for count in [Count::Positions, Count::Paths] {
            let (b, p) = (perft(game, pos, depth, count), perft(plain, pos, depth, count));
            assert_eq!(b, p, "perft {depth} ({count:?}) of {}", what());
        }
    }
}

/// Positions of random games from the start, every ply of each.
fn played(game: &Checkers, rng: &mut SplitMix64, games: usize) -> Vec<Position> {
    let mut out = Vec::new();
    for _ in 0..games {
        let mut pos = game.start();
        for _ in 0..120 {
            out.push(pos);
            let moves = game.legal_moves(&pos);
            if moves.is_empty() {
                break;
            }
            pos = game.play_unchecked(&pos, &moves[rng.below(moves.len())]);
        }
    }
    out
}

/// Random placements: each square empty or holding a man or king of either
/// player (a man may stand on its crowning row), either player to move.
fn placed(game: &Checkers, rng: &mut SplitMix64, count: usize) -> Vec<Position> {
    let board = game.board();
    (0..count)
        .map(|_| {
            let mut pos = Position::empty(Player(rng.below(2) as u8));
            let density = 2 + rng.below(5);
            for cell in board.cells() {
                if rng.below(density) == 0 {
                    let player = Player(rng.below(2) as u8);
                    let kind = Kind((rng.below(4) == 0) as u8);
                    pos.put(cell, Piece { player, kind });
                }
            }
            pos
        })
        .collect()
}

#[test]
fn bulk_and_plain_agree_in_random_games() {
    let game = leap_checkers::load("checkers").expect("built in");
    let mut rng = SplitMix64::new(18);
    let positions = played(&game, &mut rng, 60);
    assert!(positions.len() > 3000, "{} positions", positions.len());
    for pos in &positions {
        compare(&game, &Edited::new(&game, false), pos);
    }
}

#[test]
fn bulk_and_plain_agree_on_random_placements() {
    let game = leap_checkers::load("checkers").expect("built in");
    let mut rng = SplitMix64::new(1818);
    // (Both kinds of turn were met: with and without a capture.)
    let (mut capturing, mut quiet) = (0, 0);
    for pos in placed(&game, &mut rng, 3000) {
        compare(&game, &Edited::new(&game, false), &pos);
        let moves = game.legal_moves(&pos);
        capturing += moves.iter().any(MoveKey::is_capture) as u32;
        quiet += moves.iter().any(|m| !m.is_capture()) as u32;
    }
    assert!(capturing > 500 && quiet > 500, "{capturing} with captures, {quiet} quiet");
}

#[test]
fn bulk_and_plain_agree_without_compulsory_capture() {
    let game = variant(|t| t.replace("compulsory_capture = true", "compulsory_capture = false"));
    assert!(!game.compulsory_capture());
    let mut rng = SplitMix64::new(7);
    for pos in played(&game, &mut rng, 20).iter().chain(&placed(&game, &mut rng, 1000)) {
        compare(&game, &Edited::new(&game, false), pos);
    }
}

#[test]
fn bulk_and_plain_agree_with_a_forbidden_zone() {
    let zones = "[[zones]]\nplayer = \"White\"\nrole = \"forbidden\"\ncells = [\"10\", \"11\", \"22\"]\n\n[setup]";
    let game = variant(|t| t.replace("[setup]", zones));
    let mut rng = SplitMix64::new(99);
    for pos in played(&game, &mut rng, 30).iter().chain(&placed(&game, &mut rng, 2000)) {
        compare(&game, &Edited::new(&game, false), pos);
    }
}

#[test]
fn bulk_and_plain_agree_with_goal_landings() {
    for compulsory in [true, false] {
        let game = variant(|t| t.replace("compulsory_capture = true", &format!("compulsory_capture = {compulsory}")));
        let goals: Bitset = ["14", "15", "18", "19", "2", "31"].iter().map(|n| game.board().cell(n).unwrap()).collect();
        let (bulk, plain) = (Edited::with_goals(&game, true, goals), Edited::with_goals(&game, false, goals));
        let mut rng = SplitMix64::new(5);
        // (Steps onto a goal were met in turns where a capture is obligatory.)
        let mut obliged_goal_steps = 0;
        for pos in played(&game, &mut rng, 30).iter().chain(&placed(&game, &mut rng, 2000)) {
            compare(&bulk, &plain, pos);
            let moves = bulk.legal_moves(pos);
            if moves.iter().any(MoveKey::is_capture) {
                obliged_goal_steps += moves.iter().filter(|m| !m.is_capture() && goals.contains(m.to)).count();
            }
        }
        assert!(!compulsory || obliged_goal_steps > 100, "{obliged_goal_steps} goal steps in obliged turns");
    }
}
