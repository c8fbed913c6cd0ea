//! The variant file format's features that every family shares, each on a
//! small file written here: the turn order, zones (goal and forbidden),
//! piece values, `extends` across families, the families' defaults, and
//! the diagnostics for each when it is written wrong.

use leap_camelot::Camelot;
use leap_checkers::Checkers;
use leap_core::{
    notation::{format_position, legal_move_texts, parse_position, read_move},
    perft::{perft, Count},
    search::{Evaluator, Material},
    EndReason, Game, GameResult, Player,
};
use leap_games::{parse, Variant};

const CHECKERS: &str = include_str!("../variants/checkers.toml");

/// The diagnostics of a broken file, as `line:column: message`.
fn problems(text: &str) -> Vec<String> {
    match parse("v.toml", text) {
        Ok(_) => panic!("expected problems in:\n{text}"),
        Err(e) => e.diagnostics.iter().map(|d| format!("{}:{}: {}", d.line, d.column, d.message)).collect(),
    }
}

fn camelot_family(text: &str) -> Camelot {
    match parse("v.toml", text) {
        Ok(Variant::Camelot(g)) => g,
        Ok(Variant::Checkers(_)) => panic!("a checkers-family file"),
        Err(e) => panic!("{e}"),
    }
}

fn checkers_family(text: &str) -> Checkers {
    match parse("v.toml", text) {
        Ok(Variant::Checkers(g)) => g,
        Ok(Variant::Camelot(_)) => panic!("a camelot-family file"),
        Err(e) => panic!("{e}"),
    }
}

/// The 1-based line of the first occurrence of `needle` in `text`.
fn line_of(text: &str, needle: &str) -> usize {
    text[..text.find(needle).expect(needle)].matches('\n').count() + 1
}

/// The checkers file with its two players listed White first, and the turn
/// order given separately: the same game.
fn checkers_white_listed_first() -> String {
    let black = "[[players]]             # in turn order: Black moves first\nname = \"Black\"\nletter = \"B\"\nforward = \"down\"        # men move towards rank 1 (squares 29-32)\npromotion = [\"29\", \"30\", \"31\", \"32\"]   # Black's men are crowned here\n\n";
    let white =
        "[[players]]\nname = \"White\"\nletter = \"W\"\nforward = \"up\"\npromotion = [\"1\", \"2\", \"3\", \"4\"]\n\n";
    assert!(CHECKERS.contains(black) && CHECKERS.contains(white));
    CHECKERS
        .replace(&format!("{black}{white}"), &format!("{white}{black}"))
        .replace("symbols = [\"b\", \"w\"]", "symbols = [\"w\", \"b\"]")
        .replace("symbols = [\"B\", \"W\"]", "symbols = [\"W\", \"B\"]")
        // A top-level key: before the first table.
        .replacen("[board]", "turn_order = [\"Black\", \"White\"]\n\n[board]", 1)
}

#[test]
fn the_turn_order_is_its_own_key() {
    let reordered = checkers_family(&checkers_white_listed_first());
    let original = leap_checkers::load("checkers").unwrap();
    assert_eq!(reordered.players(), original.players(), "Black moves first in both");
    let start = reordered.start();
    assert_eq!(format_position(&reordered, &start), format_position(&original, &original.start()));
    assert_eq!(legal_move_texts(&reordered, &start), ["9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"]);
    assert_eq!(reordered.piece_symbol(leap_core::Piece { player: Player(0), kind: leap_core::Kind(0) }), 'b');
    for depth in 1..=5 {
        assert_eq!(
            perft(&reordered, &start, depth, Count::Paths),
            perft(&original, &original.start(), depth, Count::Paths),
            "depth {depth}"
        );
    }
}

#[test]
fn a_turn_order_must_name_every_player_once() {
    let text = checkers_white_listed_first();
    let line = line_of(&text, "turn_order");
    let wrong = |order: &str| problems(&text.replace("turn_order = [\"Black\", \"White\"]", order));
    assert_eq!(
        wrong("turn_order = [\"Black\", \"Red\"]"),
        [format!("{line}:24: turn_order names `Red`, which is not a player; expected White, Black")]
    );
    assert_eq!(wrong("turn_order = [\"Black\", \"Black\"]"), [format!("{line}:24: turn_order lists `Black` twice")]);
    assert_eq!(
        wrong("turn_order = [\"Black\"]"),
        [format!("{line}:14: turn_order must list every player once; it leaves out `White`")]
    );
}

/// Camette with extra zones: White may never enter D4; a White piece on
/// A4 counts for White's goal.
fn camette_with_zones(zones: &str) -> String {
    format!("extends = \"camette\"\nname = \"camette-zones\"\n\n{zones}")
}

const ZONES: &str = "[[zones]]\nname = \"the marsh\"\nplayer = \"White\"\nrole = \"forbidden\"\ncells = [\"D4\"]\n\n\
                     [[zones]]\nplayer = \"White\"\nrole = \"goal\"\ncells = [\"A4\"]\n";

#[test]
fn a_forbidden_zone_is_never_entered_and_a_goal_zone_wins() {
    let plain = leap_camelot::load("camette").unwrap();
    let g = camelot_family(&camette_with_zones(ZONES));
    let start = g.start();
    let before = legal_move_texts(&plain, &plain.start());
    let after = legal_move_texts(&g, &start);
    // Every move that ends on D4 is gone, and only those.
    let ending_on_d4: Vec<&String> = before.iter().filter(|m| m.ends_with("D4")).collect();
    assert_eq!(ending_on_d4, ["C3-D4", "D3-D4"]);
    let expected: Vec<String> = before.iter().filter(|m| !m.ends_with("D4")).cloned().collect();
    assert_eq!(after, expected);
    // Black is not bound by White's zone.
    let black = parse_position(&g, "B:WKC2,B3,C3,D3:BKC6,B5,C5,D5").unwrap();
    assert!(legal_move_texts(&g, &black).contains(&"D5-D4".to_string()));
    // One White piece on A4 (White's goal zone, goal_count = 1 in Camette) wins.
    let m = read_move(&g, &start, "C2-A4").unwrap();
    let next = g.play_unchecked(&start, &m.key);
    let o = g.outcome(&next).expect("the goal zone is reached");
    assert_eq!((o.result, o.reason), (GameResult::Win(Player(0)), EndReason::Goal));
    // A Black piece there wins nothing.
    let p = parse_position(&g, "B:WKC2,B3,C3,D3:BKC6,A5,C5,D5").unwrap();
    let m = read_move(&g, &p, "A5-A4").unwrap();
    assert_eq!(g.outcome(&g.play_unchecked(&p, &m.key)), None);
    // The summary names the zones.
    assert_eq!(g.zones().len(), 2);
    assert_eq!(g.zones()[0].name, "the marsh");
    assert_eq!(g.zones()[1].name, "White's goal");
}

#[test]
fn zones_in_a_checkers_family_game() {
    // Black may never stop on 15; White wins by reaching 1-4 (instead of only being crowned there).
    let text = CHECKERS.replacen(
        "[setup]",
        "[[zones]]\nplayer = \"Black\"\nrole = \"forbidden\"\ncells = [\"15\"]\n\n\
         [[zones]]\nplayer = \"White\"\nrole = \"goal\"\ncells = [\"1\", \"2\", \"3\", \"4\"]\n\n[setup]",
        1,
    ) + "goal_count = 1\n";
    let g = checkers_family(&text);
    assert_eq!(legal_move_texts(&g, &g.start()), ["9-13", "9-14", "10-14", "11-16", "12-16"]);
    let p = parse_position(&g, "W:W6:B28").unwrap();
    let m = read_move(&g, &p, "6-2").unwrap();
    let o = g.outcome(&g.play_unchecked(&p, &m.key)).expect("White reached its goal");
    assert_eq!((o.result, o.reason), (GameResult::Win(Player(1)), EndReason::Goal));
}

#[test]
fn a_broken_zone_is_reported_where_it_is_written() {
    let text = camette_with_zones(
        "[[zones]]\nplayer = \"Grey\"\nrole = \"goal\"\ncells = [\"C4\"]\n\n\
         [[zones]]\nplayer = \"White\"\nrole = \"swamp\"\ncells = [\"C4\", \"Z9\"]\n\n\
         [[zones]]\nplayer = \"White\"\nrole = \"goal\"\ncells = []\n",
    );
    assert_eq!(
        problems(&text),
        [
            "5:10: zone of `Grey`, which is not a player; expected White, Black",
            "11:8: role = `swamp`; expected \"goal\" or \"forbidden\"",
            "12:16: zone cell `Z9` is not on the board",
            "17:9: expected at least one zone cell",
        ]
    );
}

#[test]
fn piece_values_feed_the_material_evaluation() {
    let text = CHECKERS.replacen("prefix = \"K\"", "prefix = \"K\"\nvalue = 300", 1);
    let g = checkers_family(&text);
    assert_eq!(g.kinds()[1].value, Some(300));
    assert_eq!(g.kinds()[0].value, None);
    let m = Material::of_kinds(g.kinds());
    let p = parse_position(&g, "B:WK18,22:B1,2,3").unwrap();
    // White: a king (300) and a man (100); Black: three men.
    assert_eq!(m.evaluate(&g, &p, Player(1)), 100);
    // The checkers evaluation counts the king at the file's value too.
    let terms = leap_checkers::CheckersEval::new(&g).terms(&g, &p, Player(1));
    assert_eq!(terms.material, 100);
    let bad = CHECKERS.replacen("prefix = \"K\"", "prefix = \"K\"\nvalue = 0", 1);
    let line = line_of(&bad, "value = 0");
    assert_eq!(
        problems(&bad),
        [format!("{line}:9: value = 0: expected a whole number from 1 to 10000 (hundredths of a plain piece)")]
    );
}

#[test]
fn a_checkers_variant_extends_checkers() {
    let text = "extends = \"checkers\"\nname = \"checkers-no-advance-rule\"\n\n[end]\nadvance_limit = 0\n";
    let g = checkers_family(text);
    assert_eq!(g.end_rules().advance_limit, None);
    assert_eq!(g.end_rules().move_limit, Some(100));
    assert_eq!(perft(&g, &g.start(), 6, Count::Positions), 36_768);
    // Without the rule, no second clock is kept: a position string written
    // after a king's move reads back as the same position.
    let before = parse_position(&g, "W:WK5:B20").unwrap();
    let moved = g.play_unchecked(&before, &g.legal_moves(&before)[0]);
    let written = format_position(&g, &moved);
    assert!(!written.contains("clock2"), "{written}");
    assert_eq!(parse_position(&g, &written).unwrap(), moved);
    // A Camelot-family key in it is refused at its place.
    let wrong = format!("{text}\n[rules]\ncastle_moves = 2\n");
    assert_eq!(problems(&wrong), ["8:16: `castle_moves` is not a key of the checkers family"]);
}

#[test]
fn each_family_has_its_own_defaults() {
    // A minimal checkers-family file: the end conditions not written take
    // American checkers' values; a minimal Camelot-family file, the WCF's.
    let keep = |text: &str, drop_from: &str| text[..text.find(drop_from).expect(drop_from)].to_string();
    let checkers = checkers_family(&keep(CHECKERS, "[end]"));
    let e = checkers.end_rules();
    assert_eq!((e.move_limit, e.advance_limit, e.repetition, e.goal_count), (Some(100), Some(100), None, None));
    assert_eq!(e.no_moves, leap_core::rules::NoMoves::Loss);
    let camelot_text = include_str!("../variants/camelot.toml");
    let camelot = camelot_family(&keep(camelot_text, "[rules]"));
    let e = camelot.end_rules();
    assert_eq!((e.goal_count, e.bare_min_material, e.insufficient_material), (Some(2), 2, Some(1)));
    assert_eq!((e.repetition, e.move_limit, e.advance_limit), (Some(3), Some(100), None));
    assert_eq!(e.no_moves, leap_core::rules::NoMoves::LossIfOpponentHas(2));
    assert_eq!(camelot.rules().castle_moves, 2);
}

#[test]
fn the_readmes_extends_examples_load() {
    let readme = include_str!("../README.md");
    let blocks: Vec<&str> = readme
        .split("```toml\n")
        .skip(1)
        .filter_map(|b| b.split("```").next())
        .filter(|b| b.starts_with("extends"))
        .collect();
    assert!(blocks.len() >= 2, "the README shows extends for both families");
    for block in blocks {
        if let Err(e) = parse("README.md", block) {
            panic!("a README example does not load:\n{block}\n{e}");
        }
    }
    // The checkers example: White wins by reaching 1-4.
    let hill = readme.split("```toml\n").find(|b| b.contains("checkers-hill")).unwrap().split("```").next().unwrap();
    let g = checkers_family(hill);
    let p = parse_position(&g, "W:W6:B28").unwrap();
    let next = g.play_unchecked(&p, &read_move(&g, &p, "6-1").unwrap().key);
    assert_eq!(g.outcome(&next).map(|o| o.reason), Some(EndReason::Goal));
}

/// Damages `text` in one of a few ways a hand-edited file goes wrong.
fn damaged(text: &str, rng: &mut leap_core::SplitMix64) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let pick = |rng: &mut leap_core::SplitMix64, n: usize| (rng.next_u64() % n.max(1) as u64) as usize;
    let i = pick(rng, lines.len());
    let mut out: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
    const TOKENS: [&str; 12] =
        ["0", "99", "-1", "\"\"", "\"Z99\"", "[]", "[\"A1\", \"A1\"]", "true", "\"White\"", "\"K\"", "300", "\"x\""];
    match rng.next_u64() % 6 {
        0 => {
            out.remove(i.min(out.len() - 1));
        }
        1 => out.insert(i, lines[pick(rng, lines.len())].to_string()),
        2 => return text.chars().take(pick(rng, text.len())).collect(),
        3 => {
            if let Some((key, _)) = out[i].split_once(" = ") {
                out[i] = format!("{key} = {}", TOKENS[pick(rng, TOKENS.len())]);
            }
        }
        4 => {
            let j = pick(rng, lines.len());
            out.swap(i, j);
        }
        _ => out[i] = out[i].replace('"', ""),
    }
    out.join("\n")
}

#[test]
fn no_damaged_file_makes_the_loader_panic() {
    let mut rng = leap_core::SplitMix64::new(2026);
    let (mut ok, mut refused) = (0, 0);
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("variants");
    let mut files: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    for file in files {
        let name = file.display().to_string();
        let text = std::fs::read_to_string(&file).unwrap();
        for round in 0..300 {
            let mut broken = damaged(&text, &mut rng);
            if round % 3 == 0 {
                broken = damaged(&broken, &mut rng);
            }
            match std::panic::catch_unwind(|| parse("v.toml", &broken).map(|_| ())) {
                Ok(Ok(())) => ok += 1,
                Ok(Err(e)) => {
                    assert!(!e.diagnostics.is_empty(), "{name}: refused without a reason");
                    refused += 1;
                }
                Err(_) => panic!("{name}: the loader panicked on:\n{broken}"),
            }
        }
    }
    assert!(refused > ok / 10, "the damage is real: {refused} refused, {ok} still valid");
}

#[test]
fn a_file_without_kinds_of_piece_is_told_so_once() {
    let found = problems("extends = \"camette\"\nname = \"np\"\npieces = []\n");
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].ends_with("expected 1 to 4 piece kinds, found 0"), "{found:?}");
}

#[test]
fn a_stalemate_by_a_side_without_pieces_is_drawn_where_needing_one_piece() {
    // Baring off and no royal: a side may lose every piece and play on. The
    // side stuck loses only if the opponent has at least one piece
    // (`no_moves_loss_needs = 1`, Camette's), else the game is drawn.
    let g = camelot_family("extends = \"camette\"\nname = \"no-baring\"\n[end]\nbaring = []\ngoal_count = 0\n");
    assert_eq!(g.end_rules().no_moves, leap_core::rules::NoMoves::LossIfOpponentHas(1));
    let outcome = |p: &str| g.outcome(&parse_position(&g, p).unwrap()).map(|o| o.result);
    assert_eq!(outcome("W:WC7:B"), Some(GameResult::Draw));
    assert_eq!(outcome("W:WC7:BA3"), Some(GameResult::Win(Player(1))));
    // Where baring ends the game, one piece needed is no condition.
    let camette = camelot_family(include_str!("../variants/camette.toml"));
    assert_eq!(camette.end_rules().no_moves, leap_core::rules::NoMoves::Loss);
}

#[test]
fn a_file_of_weights_has_every_problem_said_in_words() {
    // As a variant file's [eval] table is checked: every problem at its
    // place, the value as written and what was expected; other tables of
    // the file are not read.
    let text = "[eval]\nmobility = 1.5\ntempo = \"x\"\nmobilty = 3\ncastled = 7\n[other]\nfoo = 1\n";
    let base = leap_camelot::EvalWeights::default();
    let err = leap_format::read_weights("w.toml", text, base).unwrap_err().to_string();
    let expected = [
        "w.toml:2:12: error: mobility = 1.5: expected a whole number from -100000 to 100000",
        "w.toml:3:9: error: tempo = \"x\": expected a whole number from -100000 to 100000",
        "w.toml:4:1: error: unknown weight `mobilty` in [eval]",
    ];
    for line in expected {
        assert!(err.contains(line), "{line} not in\n{err}");
    }
    assert!(!err.contains("invalid type") && !err.contains("i64"), "{err}");
    let ok = leap_format::read_weights("w.toml", "[eval]\ncastled = 7\n[other]\nfoo = 1\n", base).unwrap();
    assert_eq!(ok.castled, 7);
}

/// `extends` names a built-in variant however it is written, as the
/// command line does.
#[test]
fn extends_takes_a_built_in_name_in_any_case() {
    let g = camelot_family("extends = \"Camelot\"\nname = \"mine\"\n[rules]\ncastle_moves = 1\n");
    assert_eq!(g.rules().castle_moves, 1);
    assert_eq!(g.board().len(), 160);
}

/// A board's `names` go with its layout: a file that extends a variant
/// with named cells (checkers' 1-32) and gives a layout of its own has the
/// names it writes, or file letter and rank number, never the other
/// board's names, which would not fit it.
#[test]
fn a_layout_of_its_own_leaves_the_extended_variants_cell_names() {
    let board =
        "[board]\ngeometry = \"diagonal\"\nfiles = 4\nranks = 4\nlayout = \"\"\"\n. .\n . .\n. .\n . .\n\"\"\"\n";
    let players = "[[players]]\nname = \"Black\"\nletter = \"B\"\nforward = \"down\"\npromotion = [\"B1\", \"D1\"]\n\
                   [[players]]\nname = \"White\"\nletter = \"W\"\nforward = \"up\"\npromotion = [\"A4\", \"C4\"]\n";
    let setup = "[setup]\nBlack = \"A4\"\nWhite = \"D1\"\n";
    let g = checkers_family(&format!("extends = \"checkers\"\nname = \"mini\"\n{board}{players}{setup}"));
    let start = g.start();
    assert_eq!(format_position(&g, &start), "B:WD1:BA4");
    assert_eq!(legal_move_texts(&g, &start), ["A4-B3"]);
    // Names written with the new layout are its names.
    let named =
        format!("extends = \"checkers\"\nname = \"mini\"\n{board}names = \"1 2 3 4 5 6 7 8\"\n{players}{setup}")
            .replace("\"B1\", \"D1\"", "\"7\", \"8\"")
            .replace("\"A4\", \"C4\"", "\"1\", \"2\"")
            .replace("Black = \"A4\"\nWhite = \"D1\"", "Black = \"1\"\nWhite = \"8\"");
    let g = checkers_family(&named);
    assert_eq!(legal_move_texts(&g, &g.start()), ["1-3"]);
    // Without a layout of its own, the file keeps the names too.
    let g = checkers_family("extends = \"checkers\"\nname = \"same-board\"\n[end]\nmove_limit = 50\n");
    assert!(legal_move_texts(&g, &g.start()).contains(&"11-15".to_string()));
}

/// On a hex board a diagram shows a piece as its player's letter and its
/// kind's: kinds told apart only by case (checkers' `b` Man and `B` King)
/// stay apart there.
#[test]
fn a_hex_diagram_tells_apart_kinds_that_differ_by_case() {
    let text = "extends = \"checkers\"\nname = \"hex-checkers\"\n[board]\ngeometry = \"hex\"\nfiles = 5\nranks = 5\n\
                layout = \"\"\"\n  .\n . .\n. . .\n . .\n  .\n\"\"\"\n\
                names = \"C5 B4 D4 A3 C3 E3 B2 D2 C1\"\n\
                [[players]]\nname = \"Black\"\nletter = \"B\"\nforward = \"down\"\npromotion = [\"C1\"]\n\
                [[players]]\nname = \"White\"\nletter = \"W\"\nforward = \"up\"\npromotion = [\"C5\"]\n\
                [setup]\nBlack = \"B4,KD4\"\nWhite = \"B2,KD2\"\n";
    let g = checkers_family(text);
    let shown = leap_core::notation::diagram(&g, &g.start());
    let row = |rank: &str| shown.lines().find(|l| l.trim_start().starts_with(rank)).unwrap().to_string();
    let (four, two) = (row("4 "), row("2 "));
    assert!(four.contains("Bb") && four.contains("BB"), "{shown}");
    assert!(two.contains("Wb") && two.contains("WB"), "{shown}");
    // Tri-Camelot's pieces keep their upper-case letters.
    let tri = leap_camelot::load("tri-camelot").unwrap();
    assert!(leap_core::notation::diagram(&tri, &tri.start()).contains("RK"));
}
