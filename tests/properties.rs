//! Property tests over random games of Camelot, and the error reports of
//! malformed position strings.
//!
//! At every position reached by random play (from the start, and from small
//! positions around the castles):
//! (a) a position string reads back to the same position and is written back
//!     the same;
//! (b) every legal move has a canonical path, whose notation reads back to the
//!     same move, and the position after it survives a string round trip
//!     with the same hash;
//! (c) the number of distinct moves is perft at depth 1;
//! (d) every simple path is a legal move, and every legal move has a simple path;
//! (e) a finished game has no legal moves (perft does not expand it);
//! (f) `any_move` finds a move exactly where the list has one (a pass aside).
//!
//! The random source is a small deterministic generator (splitmix64), so a
//! failure names a game and ply that can be replayed.

use leap_core::{
    notation::{format_move, format_position, legal_move_texts, parse_position, read_move},
    perft::{perft, Count},
    rules::{any_move, PathList},
    Game, MoveKey, Position, SplitMix64,
};
use std::collections::{HashMap, HashSet};
use std::time::Instant;

const GAMES: u64 = 200;
const MAX_PLIES: usize = 200;

#[derive(Default, Debug)]
struct Stats {
    positions: u64,
    moves: u64,
    paths: u64,
    captures: u64,
    multi_path_moves: u64,
    finished: u64,
    endings: HashMap<String, u64>,
}

/// Checks (a)-(e) at `pos`; `at` names the game and ply for messages.
fn check_position<G: Game>(game: &G, pos: &Position, at: &str, stats: &mut Stats) {
    stats.positions += 1;
    let board = game.board();

    // (a) position string round trip.
    let text = format_position(game, pos);
    let parsed = parse_position(game, &text).unwrap_or_else(|e| panic!("{at}: {e}"));
    assert_eq!(parsed, *pos, "{at}: `{text}` reads back as another position");
    assert_eq!(parsed.hash(), pos.hash(), "{at}: `{text}`");
    assert_eq!(format_position(game, &parsed), text, "{at}: written back differently");

    let keys = game.legal_moves(pos);
    let mut paths = PathList::default();
    game.legal_paths(pos, &mut paths);

    // (f) the search's quick test for a move agrees with the list.
    if game.decided(pos).is_none() {
        let moves = keys.iter().any(|k| *k != MoveKey::PASS);
        assert_eq!(any_move(game, pos, game.scope(pos)), moves, "{at}: `{text}`: any_move");
    }

    // (e) a finished game has no moves, and a game with no moves is finished.
    let outcome = game.outcome(pos);
    if outcome.is_some() {
        assert!(keys.is_empty(), "{at}: `{text}` is over ({outcome:?}) but has {} moves", keys.len());
        assert!(paths.moves.is_empty(), "{at}: `{text}` is over but has paths");
        assert_eq!(perft(game, pos, 1, Count::Positions), 0, "{at}: `{text}`");
        assert_eq!(perft(game, pos, 2, Count::Paths), 0, "{at}: `{text}`");
        return;
    }
    assert!(!keys.is_empty(), "{at}: `{text}` has no move but no outcome");

    // (c) distinct moves = perft 1; the list has no duplicates.
    let distinct: HashSet<MoveKey> = keys.iter().copied().collect();
    assert_eq!(distinct.len(), keys.len(), "{at}: `{text}`: legal_moves repeats a move");
    assert_eq!(perft(game, pos, 1, Count::Positions), keys.len() as u64, "{at}: `{text}`");
    assert_eq!(perft(game, pos, 1, Count::Paths), paths.moves.len() as u64, "{at}: `{text}`");

    // (b) canonical path, notation round trip, position after the move.
    let mut texts = HashSet::new();
    for key in &keys {
        let mv = game.canonical(pos, key).unwrap_or_else(|| panic!("{at}: `{text}`: no canonical path for {key:?}"));
        assert_eq!(mv.key(), *key, "{at}: `{text}`: canonical path of another move");
        assert_eq!((mv.from, mv.captured), (key.from, key.captured), "{at}: `{text}`");
        let written = format_move(board, &mv);
        assert!(texts.insert(written.clone()), "{at}: `{text}`: two moves written `{written}`");
        let read = read_move(game, pos, &written).unwrap_or_else(|e| panic!("{at}: `{text}`: `{written}`: {e}"));
        assert_eq!(read.key, *key, "{at}: `{text}`: `{written}` reads as another move");
        assert_eq!(read.completed, None, "{at}: `{text}`: `{written}` is a complete path");
        let child = game.play_unchecked(pos, key);
        assert_ne!(child.to_move(), pos.to_move(), "{at}: `{text}`: `{written}`");
        let child_text = format_position(game, &child);
        let again = parse_position(game, &child_text).unwrap_or_else(|e| panic!("{at}: after `{written}`: {e}"));
        assert_eq!(again.hash(), child.hash(), "{at}: `{text}`: after `{written}`: `{child_text}`");
        assert_eq!(again, child, "{at}: `{text}`: after `{written}`");
        if key.is_capture() {
            stats.captures += 1;
        }
    }
    // legal_move_texts writes the same canonical texts (sampled: it redoes
    // the canonical search of every move).
    if stats.positions % 8 == 1 {
        let mut listed = legal_move_texts(game, pos);
        listed.sort();
        let mut ours: Vec<String> = texts.into_iter().collect();
        ours.sort();
        assert_eq!(listed, ours, "{at}: `{text}`: legal_move_texts");
    }

    // (d) simple paths and distinct moves describe the same set of moves.
    let mut per_key: HashMap<MoveKey, u32> = HashMap::new();
    for mv in &paths.moves {
        assert!(!mv.legs.is_empty(), "{at}: `{text}`: an empty path");
        assert!(
            distinct.contains(&mv.key()),
            "{at}: `{text}`: the path `{}` is not a legal move",
            format_move(board, mv)
        );
        *per_key.entry(mv.key()).or_default() += 1;
    }
    for key in &keys {
        let n = per_key.get(key).copied().unwrap_or(0);
        assert!(n >= 1, "{at}: `{text}`: the move {key:?} has no simple path");
        if n > 1 {
            stats.multi_path_moves += 1;
        }
    }
    stats.moves += keys.len() as u64;
    stats.paths += paths.moves.len() as u64;
}

impl Stats {
    fn add(&mut self, o: Stats) {
        self.positions += o.positions;
        self.moves += o.moves;
        self.paths += o.paths;
        self.captures += o.captures;
        self.multi_path_moves += o.multi_path_moves;
        self.finished += o.finished;
        for (k, v) in o.endings {
            *self.endings.entry(k).or_default() += v;
        }
    }
}

/// Plays one random game from `start` (seeded by `seed`), checking every position.
fn random_game<G: Game>(game: &G, start: &Position, seed: u64, max_plies: usize, name: &str, stats: &mut Stats) {
    let mut rng = SplitMix64::new(seed);
    let mut pos = *start;
    for ply in 0..=max_plies {
        let at = format!("{name} ply {ply}");
        check_position(game, &pos, &at, stats);
        if let Some(o) = game.outcome(&pos) {
            stats.finished += 1;
            *stats.endings.entry(format!("{:?}", o.reason)).or_default() += 1;
            return;
        }
        if ply == max_plies {
            return;
        }
        let keys = game.legal_moves(&pos);
        // Half the time, move forward (towards the opponent's castle) when
        // possible, so that the armies meet and games reach their endings.
        // (Captures need no help: when one is possible, every move captures.)
        let up = pos.to_move().index() == 0;
        let rank = |c| game.board().coord(c).rank;
        let forward: Vec<&MoveKey> =
            keys.iter().filter(|k| if up { rank(k.to) > rank(k.from) } else { rank(k.to) < rank(k.from) }).collect();
        let key = if !forward.is_empty() && rng.below(2) == 0 {
            *forward[rng.below(forward.len())]
        } else {
            keys[rng.below(keys.len())]
        };
        pos = game.play_unchecked(&pos, &key);
    }
}

/// Plays `games` random games from `start` on all cores; each game has its
/// own seed, so the games are the same whatever the number of threads.
fn random_games(start_text: &str, games: u64, max_plies: usize, base_seed: u64) -> Stats {
    random_games_of(&leap_camelot::load("camelot").unwrap(), start_text, games, max_plies, base_seed)
}

/// [`random_games`] of any game.
fn random_games_of<G: Game>(game: &G, start_text: &str, games: u64, max_plies: usize, base_seed: u64) -> Stats {
    let start = if start_text == "start" { game.start() } else { parse_position(game, start_text).unwrap() };
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get()).min(8) as u64;
    let mut total = Stats::default();
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..workers)
            .map(|w| {
                let start = &start;
                scope.spawn(move || {
                    let mut stats = Stats::default();
                    for g in (w..games).step_by(workers as usize) {
                        let seed = SplitMix64::new(base_seed.wrapping_add(g)).next_u64();
                        let name = format!("`{start_text}` game {g} (seed {seed:#x})");
                        random_game(game, start, seed, max_plies, &name, &mut stats);
                    }
                    stats
                })
            })
            .collect();
        for h in handles {
            total.add(h.join().expect("a random game failed"));
        }
    });
    total
}

#[test]
fn random_games_keep_the_invariants() {
    let started = Instant::now();
    let stats = random_games("start", GAMES, MAX_PLIES, 0x00C0_FFEE);
    eprintln!("{stats:?} in {:.1?}", started.elapsed());
    assert!(stats.positions > 5_000, "too few positions checked: {stats:?}");
    assert!(stats.captures > 0 && stats.multi_path_moves > 0, "{stats:?}");
    assert!(stats.finished > 0, "no random game finished: {stats:?}");
}

/// The same laws for checkers: random games from the start and from a king
/// ending, where ring captures (several paths to one move) come up.
#[test]
fn random_checkers_games_keep_the_invariants() {
    let started = Instant::now();
    let game = leap_checkers::load("checkers").unwrap();
    let mut stats = random_games_of(&game, "start", 120, 300, 0xC4EC_4E25);
    stats.add(random_games_of(&game, "W:WK22,K7:B4,18,19,26,27,10,11,15", 120, 200, 0x0071_76C5));
    eprintln!("{stats:?} in {:.1?}", started.elapsed());
    assert!(stats.positions > 5_000, "too few positions checked: {stats:?}");
    assert!(stats.captures > 0 && stats.multi_path_moves > 0, "{stats:?}");
    assert!(stats.finished > 0, "no random game finished: {stats:?}");
}

/// Random games from small positions near the castles, where castle moves,
/// castle entries and the obligation to leave one's castle come up often.
#[test]
fn random_endgames_keep_the_invariants() {
    let started = Instant::now();
    let mut stats = Stats::default();
    for (i, start) in [
        "W:WF16,G15,KE14,F2:BF1,KG3,H14,L13 castle-moves=0,0",
        "B:WKF1,G2,E13,F14:BE2,H4,KG14,F16 castle-moves=1,1",
        "W:WKD4,D5,E5,E6,F15:BC7,KG1,D13,E12 castle-moves=0,0",
        "B:WF1,F2,KD8,H15:BD9,KK12,G1,G16 castle-moves=0,0",
    ]
    .iter()
    .enumerate()
    {
        stats.add(random_games(start, 60, 150, 0xCA57_1E00 + i as u64 * 1000));
    }
    eprintln!("{stats:?} in {:.1?}", started.elapsed());
    assert!(stats.finished > 0 && stats.captures > 0, "{stats:?}");
    assert!(stats.endings.contains_key("Goal"), "no random endgame reached the castle: {stats:?}");
}

/// Positions built to reach the corners of the rules, checked the same way.
#[test]
fn constructed_positions_keep_the_invariants() {
    let game = leap_camelot::load("camelot").unwrap();
    let mut stats = Stats::default();
    let positions = [
        // Circular jump; capture obligation; Knight's Charge; canter rule.
        "W:WE5,L4:BE6,F7,G6,F5,A13 castle-moves=0,0",
        "W:WE5,KJ4:BE6,D8,F8,J5,L13 castle-moves=0,0",
        "W:WKD4,D5,E5,E6:BC7 castle-moves=0,0",
        // Castles: leaving one's own, entering the other, castle moves.
        "W:WF1,F2,D8:BD9,K12 castle-moves=0,0",
        "W:WKF1,G2:BE2,H4 castle-moves=0,0",
        "W:WF16,G15:BA13,L13 castle-moves=1,0",
        "B:WA4:BG1,L13 castle-moves=0,2",
        // Finished games: two in the castle, one piece each, bare side.
        "W:WF16,G16:BA13,L13 castle-moves=0,0",
        "B:WE5:BL13 castle-moves=0,0",
        "W:WE5,E6:B castle-moves=0,0",
        // No legal move: a Man whose only moves would be castle moves, used up.
        "B:WA4,B4:BF1 castle-moves=0,2",
        // No legal move: a Man hemmed in at the edge, every leap over a neighbour blocked.
        "B:WK14,K13,K12,L12,J15,J13,J11,L11:BL13 castle-moves=0,0",
    ];
    for (i, text) in positions.iter().enumerate() {
        let pos = parse_position(&game, text).unwrap_or_else(|e| panic!("{e}"));
        check_position(&game, &pos, &format!("constructed {i}"), &mut stats);
    }
    assert!(game.outcome(&parse_position(&game, positions[7]).unwrap()).is_some());
    let stuck = parse_position(&game, positions[10]).unwrap();
    assert!(game.legal_moves(&stuck).is_empty());
    let lost = leap_core::Outcome {
        result: leap_core::GameResult::Win(leap_core::Player(0)),
        reason: leap_core::EndReason::NoMoves,
    };
    assert_eq!(game.outcome(&stuck), Some(lost), "a side with no legal move has lost");
    let hemmed = parse_position(&game, positions[11]).unwrap();
    assert!(game.legal_moves(&hemmed).is_empty(), "the hemmed-in Man has a move");
}

/// Malformed position strings give an error, not a panic, at the right column.
#[test]
fn malformed_position_strings_report_a_column() {
    let game = leap_camelot::load("camelot").unwrap();
    // (text, 1-based column, fragment of the message)
    let cases: &[(&str, usize, &str)] = &[
        ("", 1, "empty"),
        ("   ", 1, "empty"),
        ("X:WE5:BE7", 1, "`X` is not a player"),
        ("WB:WE5:BE7", 1, "expected the player to move"),
        ("W", 2, "no section for White"),
        ("W:WE5", 6, "no section for Black"),
        ("W:WE5:RE7", 7, "`R` is not a player"),
        ("W:WE5::BE7", 7, "empty section"),
        ("W:WE5:BE7:", 11, "empty section"),
        ("W:WE5:WE6:BE7", 7, "White has two sections"),
        // A1 is not on the board (rank 1 has only F1 and G1); B2 neither
        // (rank 2 is C-J); F2 is.
        ("W:WE5:BA1", 8, "`A1` is not a piece: the board has no cell A1"),
        ("W:WF2,B2:BE7", 7, "`B2` is not a piece: the board has no cell B2"),
        ("W:WE17:BE7", 4, "`E17` is not a piece: the board has no cell E17"),
        ("W:WM5:BE7", 4, "`M5` is not a piece; expected a cell"),
        ("W:WE5,QE6:BE7", 7, "`QE6` is not a piece; expected a cell"),
        ("W:WE5,:BE7", 7, "`` is not a piece"),
        ("W:WÉ5:BE7", 4, "`É5` is not a piece"),
        ("W:WE5,F5:BE7,É1", 14, "`É1` is not a piece"),
        ("W:WKE5:BKC16", 9, "`KC16` is not a piece: the board has no cell C16"),
        ("W:WE5:BE5", 8, "two pieces on E5"),
        ("W:WKE5,E6:BE7,KE6", 15, "two pieces on E6"),
        ("W:WE5:BE7 castle", 11, "`castle` is not a field"),
        ("W:WE5:BE7 moves=3", 11, "unknown field `moves`"),
        ("W:WE5:BE7 castle-moves=1", 24, "castle-moves needs 2 values"),
        ("W:WE5:BE7 castle-moves=0,1,2", 24, "castle-moves needs 2 values"),
        ("W:WE5:BE7 castle-moves=0,x", 26, "`x` is not a count"),
        ("W:WE5:BE7 castle-moves=0,16", 26, "`16` is not a count"),
        ("W:WE5:BE7 castle-moves=x,1", 24, "`x` is not a count"),
        ("W:WE5:BE7  clock=x", 18, "`x` is not a number of plies"),
    ];
    let mut wrong = Vec::new();
    for &(text, column, fragment) in cases {
        match parse_position(&game, text) {
            Ok(pos) => wrong.push(format!("{text:?}: accepted as `{}`", format_position(&game, &pos))),
            Err(e) => {
                let first = e.first();
                if first.column != column || !first.kind.to_string().contains(fragment) || e.text != text {
                    wrong.push(format!("{text:?}: expected column {column} and `{fragment}`, got: {e}"));
                }
                let shown = e.to_string();
                assert!(shown.contains(&format!("column {column}")) || first.column != column, "{shown}");
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));

    // Near misses that are fine: F2 and F1 exist, spaces around, counts and
    // clock in range, a player with no pieces.
    for text in ["W:WF2,KF1:BE7", "  W:WE5:BE7   castle-moves=1,2  ", "B:W:BE7,KE8 castle-moves=2,0 clock=99"] {
        parse_position(&game, text).unwrap_or_else(|e| panic!("{text:?} should be accepted: {e}"));
    }
}

/// A position string with several problems reports every one, in the order
/// of the string, each at its column; the rules are checked only once the
/// string reads.
/// A position string reads in any case, as cells and player letters do:
/// kind prefixes are upper-case letters, so `kc6` can only be a Knight on
/// C6 and `k5` a Man on K5, as `KC6` and `K5` are.
#[test]
fn position_strings_read_in_any_case() {
    let camelot = leap_camelot::load("camelot").unwrap();
    for (lower, upper) in [
        ("w:wkc6,d6,k5:bkc11,d11,kk10", "W:WKC6,D6,K5:BKC11,D11,KK10"),
        ("b:WKc6,kD6:bkc11 castle-moves=1,0", "B:WKC6,KD6:BKC11 castle-moves=1,0"),
    ] {
        let read = parse_position(&camelot, lower).unwrap_or_else(|e| panic!("{lower:?}: {e}"));
        assert_eq!(read, parse_position(&camelot, upper).unwrap(), "{lower:?}");
    }
    let checkers = leap_checkers::load("checkers").unwrap();
    let read = parse_position(&checkers, "w:w18,k14,k1-2:b9,10").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(format_position(&checkers, &read), "W:W18,K1,K2,K14:B9,10");
}

#[test]
fn every_problem_of_a_position_string_is_reported() {
    let game = leap_camelot::load("camelot").unwrap();
    let text = "W:WKC6,Z99:BE10,Q1 clock=x colour=red castle-moves=0,0 castle-moves=1,1";
    let e = parse_position(&game, text).unwrap_err();
    let found: Vec<(usize, String)> = e.problems.iter().map(|p| (p.column, p.kind.to_string())).collect();
    let want = [
        (8, "`Z99` is not a piece"),
        (17, "`Q1` is not a piece"),
        (26, "`x` is not a number of plies"),
        (28, "unknown field `colour`"),
        (56, "`castle-moves` is given twice"),
    ];
    assert_eq!(found.len(), want.len(), "{e}");
    for ((column, message), (want_column, fragment)) in found.iter().zip(want) {
        assert_eq!(*column, want_column, "{e}");
        assert!(message.contains(fragment), "{message:?} should say {fragment:?}\n{e}");
    }
    let shown = e.to_string();
    assert!(shown.starts_with("bad position string, 5 problems:\n  at column 8: `Z99` is not a piece"), "{shown}");
    assert!(
        shown.ends_with(&format!("  {text}\n         ^        ^        ^ ^                           ^")),
        "{shown}"
    );

    // Two pieces on a cell, twice: both reported when the rules are checked.
    let e = parse_position(&game, "W:WKC6,C6,E6:BE6,E10").unwrap_err();
    let found: Vec<(usize, String)> = e.problems.iter().map(|p| (p.column, p.kind.to_string())).collect();
    assert_eq!(found, [(8, "two pieces on C6".to_string()), (15, "two pieces on E6".to_string())]);
}

/// `Game::play` plays a legal move and refuses any other, naming it.
#[test]
fn play_checks_what_play_unchecked_does_not() {
    let game = leap_camelot::load("camelot").unwrap();
    let start = game.start();
    let legal = game.legal_moves(&start);
    for key in &legal {
        assert_eq!(game.play(&start, key), Ok(game.play_unchecked(&start, key)));
    }
    // A move of Black's piece when White is to move, and a step onto a piece.
    let black = read_move(&game, &game.play_unchecked(&start, &legal[0]), "H11-H9").unwrap().key;
    assert_eq!(game.play(&start, &black), Err(leap_core::IllegalMove { key: black }));
    let onto = MoveKey { from: game.board().cell("E6").unwrap(), to: game.board().cell("E7").unwrap(), ..black };
    let refused = game.play(&start, &onto).unwrap_err();
    assert_eq!(refused.key, onto);
    assert_eq!(refused.to_string(), "the move is not legal in this position");
}

/// The captures a search plays out at its horizon are legal moves, found
/// as the list finds them, in every built-in variant: where a capture is
/// obliged, every legal move; where none is (Camelot's Knight's Charges),
/// the legal moves that capture, with, at most, entries of another
/// player's castle besides (Tri-Camelot's goals).
#[test]
fn captures_agree_with_the_list() {
    for (name, _) in leap_games::builtin() {
        let variant = leap_games::load(&name).unwrap();
        let checked = leap_games::with_game!(variant, g => captures_of(&g, &name));
        assert!(checked > 200, "{name}: only {checked} positions");
    }
}

/// [`captures_agree_with_the_list`] for one game: the positions of random
/// games; the number of positions checked.
fn captures_of<G: Game>(game: &G, name: &str) -> usize {
    let mut rng = SplitMix64::new(0x57A6_ED00);
    let (mut checked, mut seen, mut obliged) = (0, 0, 0);
    for g in 0..30 {
        let mut pos = game.start();
        for ply in 0..120 {
            let keys = game.legal_moves(&pos);
            if keys.is_empty() {
                break;
            }
            let at = format!("{name}: game {g} ply {ply}: `{}`", format_position(game, &pos));
            let scope = game.scope(&pos);
            let mut captures = leap_core::KeyList::new();
            game.captures_into(&pos, scope, &mut captures);
            let got: HashSet<MoveKey> = captures.keys.iter().copied().collect();
            assert_eq!(got.len(), captures.keys.len(), "{at}: a capture listed twice");
            if scope.captures_only {
                let all: HashSet<MoveKey> = keys.iter().copied().collect();
                assert_eq!(got, all, "{at}: the captures are not the legal moves where a capture is obliged");
                obliged += 1;
            } else {
                let captures: HashSet<MoveKey> = keys.iter().filter(|k| k.is_capture()).copied().collect();
                assert!(got.is_superset(&captures), "{at}: a legal capture is not among the optional ones");
                assert!(got.iter().all(|k| keys.contains(k)), "{at}: an optional capture is not legal");
                let entry = |k: &MoveKey| game.zone_owner(k.to).is_some_and(|owner| owner != pos.to_move());
                assert!(got.iter().all(|k| k.is_capture() || entry(k)), "{at}: a quiet move among the optional ones");
                seen += got.len();
            }
            checked += 1;
            pos = game.play_unchecked(&pos, &keys[rng.below(keys.len())]);
        }
    }
    // (Camelot's Knights charge where no capture is obliged; checkers has no such capture.)
    if name == "camelot" {
        assert!(seen > 0, "{name}: no optional capture came up");
    }
    assert!(obliged > 0, "{name}: no obliged capture came up");
    checked
}
