//! Diagnostics of variant files in a player's words, at the right place:
//! every unknown key and wrong type at once, inherited values where they
//! are written, off-board cells, derived titles, outcomes in words.

use leap_core::Game;
use leap_games::{parse, Variant};

/// The problems of a file, as `line:column: message` (with the file first
/// when it is another file than the one read).
fn problems(file: &str, text: &str) -> Vec<String> {
    match parse(file, text) {
        Ok(_) => panic!("expected problems in:\n{text}"),
        Err(e) => e
            .diagnostics
            .iter()
            .map(|d| match &d.origin {
                None => format!("{}:{}: {}", d.line, d.column, d.message),
                Some(o) => {
                    format!("{}:{}:{}: {} [{}]", o.file, d.line, d.column, d.message, o.inherited_at.join(" < "))
                }
            })
            .collect(),
    }
}

#[test]
fn every_unknown_key_and_wrong_type_is_reported_at_once_in_words() {
    let text = "extends = \"camelot\"\nname = \"five\"\nnmae = \"x\"\n\n[board]\nfiles = \"10\"\n\n[rules]\n\
                castle_moves = -1\ncastel_moves = 2\n\n[end]\ncounter_baring = \"yes\"\nroyal = [\"Knight\", 3]\n";
    assert_eq!(
        problems("five.toml", text),
        [
            "3:1: unknown key `nmae`; did you mean `name`? The keys here are extends, name, title, family, turn_order, \
             board, players, pieces, zones, setup, notation, rules, end, eval",
            "6:9: files = \"10\": expected a whole number from 1 to 26",
            "9:16: castle_moves = -1: expected a whole number from 0 to 15",
            "10:1: unknown key `castel_moves` in [rules]; did you mean `castle_moves`? The keys here are castle_moves, \
             own_castle_jump, blocked_castle_piece, other_castles, goal_entry_exempt, no_move, compulsory_capture",
            "13:18: counter_baring = \"yes\": expected true or false",
            "14:9: royal = [\"Knight\", 3]: expected a list of names in quotes, such as [\"Prince\"]",
        ]
    );
    // No type name of the program's (u8, i64, ...) in any of them.
    for p in problems("five.toml", text) {
        assert!(!p.contains("u8") && !p.contains("invalid type"), "{p}");
    }
}

#[test]
fn a_key_left_out_for_its_type_lets_the_other_checks_run() {
    // The wrong `castle_moves` is reported, and so is the setup's problem
    // further down, which the rest of the file shows.
    let text = "extends = \"camelot\"\nname = \"x\"\n[rules]\ncastle_moves = \"two\"\n[setup]\nWhite = \"KC6,Z9\"\nBlack = \"KC11\"\n";
    assert_eq!(
        problems("x.toml", text),
        [
            "4:16: castle_moves = \"two\": expected a whole number from 0 to 15",
            "6:14: [setup] White: `Z9`: Z9 is not a cell of this board"
        ]
    );
    // A required key with the wrong type is not also reported missing.
    let text = include_str!("../variants/camette.toml").replace("files = 5", "files = \"5\"");
    let p = problems("c.toml", &text);
    assert_eq!(p.len(), 1, "{p:?}");
    assert!(p[0].ends_with("files = \"5\": expected a whole number from 1 to 26"), "{p:?}");
    // Entries of lists and tables of values.
    let text =
        "extends = \"camelot\"\nname = \"x\"\n[[players]]\nname = \"White\"\nletter = 5\ncastle = [\"F1\", \"G1\"]\n\
                [[players]]\nname = \"Black\"\ncastle = [\"F16\", \"G16\"]\n[setup]\nWhite = 3\nBlack = \"KC11\"\n";
    assert_eq!(
        problems("x.toml", text),
        [
            "5:10: letter = 5: expected text in quotes",
            "7:1: [[players]] number 2 has no `letter` (One ASCII letter naming the player in position strings)",
            "11:9: White = 3: expected text in quotes",
        ]
    );
}

#[test]
fn an_inherited_value_is_reported_where_it_is_written_and_where_it_is_inherited() {
    // A smaller board: Camelot's castles and Black's setup do not fit it.
    let text = "extends = \"camelot\"\nname = \"small\"\n\n[board]\nranks = 10\nlayout = \"\"\"\n".to_string()
        + &"............\n".repeat(10)
        + "\"\"\"\n";
    let p = problems("small.toml", &text);
    assert_eq!(p[0], "variants/camelot.toml:41:11: castle cell `F16` is not on the board [small.toml:1:11]");
    assert_eq!(
        p[2],
        "variants/camelot.toml:57:10: [setup] Black: `KC11`: a Knight on C11, which is not a cell of this board [small.toml:1:11]"
    );
    let e = parse("small.toml", &text).err().unwrap();
    assert!(e.to_string().starts_with(
        "variants/camelot.toml:41:11: error: castle cell `F16` is not on the board (inherited through `extends` at small.toml:1:11)"
    ));
    // No problem is put on a line of small.toml that does not hold it.
    assert!(e.diagnostics.iter().all(|d| d.origin.is_some()), "{e}");
}

#[test]
fn through_two_extends_both_lines_are_named() {
    let dir = tempfile::tempdir().unwrap();
    // b.toml changes the board; a.toml extends b.toml and changes nothing else.
    let b = "extends = \"camelot\"\nname = \"b\"\n[board]\nranks = 10\nlayout = \"\"\"\n".to_string()
        + &"............\n".repeat(10)
        + "\"\"\"\n[rules]\ncastle_moves = 99\n";
    std::fs::write(dir.path().join("b.toml"), &b).unwrap();
    let a_path = dir.path().join("a.toml");
    let a = "name = \"a\"\nextends = \"b.toml\"\n";
    std::fs::write(&a_path, a).unwrap();
    let file = a_path.display().to_string();
    let p = problems(&file, a);
    let b_file = dir.path().join("b.toml").display().to_string();
    let chain = format!("{b_file}:1:11 < {file}:2:11");
    let castle = format!("variants/camelot.toml:41:11: castle cell `F16` is not on the board [{chain}]");
    assert!(p.contains(&castle), "{p:#?}");
    // A value of b.toml that a.toml inherits: in b.toml, inherited at a.toml's line.
    assert!(
        p.contains(&format!("{b_file}:18:16: castle_moves = 99: expected a whole number from 0 to 15 [{file}:2:11]")),
        "{p:#?}"
    );
}

/// Files that extend one another round in a cycle: said once, where the
/// cycle closes, naming the files round it.
#[test]
fn extends_round_a_cycle_is_said_once() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("b.toml"), "extends = \"a.toml\"\nname = \"b\"\n").unwrap();
    let a_path = dir.path().join("a.toml");
    let a = "extends = \"b.toml\"\nname = \"a\"\n";
    std::fs::write(&a_path, a).unwrap();
    let file = a_path.display().to_string();
    let b_file = dir.path().join("b.toml").display().to_string();
    assert_eq!(
        problems(&file, a),
        [format!("{b_file}:1:11: `extends` goes round in a cycle: a.toml extends b.toml extends a.toml [{file}:1:11]")]
    );
    // A file that extends itself.
    let me = dir.path().join("me.toml");
    let text = "extends = \"./me.toml\"\nname = \"me\"\n";
    std::fs::write(&me, text).unwrap();
    assert_eq!(
        problems(&me.display().to_string(), text),
        ["1:11: `extends` goes round in a cycle: me.toml extends me.toml"]
    );
}

#[test]
fn a_cell_off_the_board_is_called_so() {
    let text = "extends = \"camelot\"\nname = \"x\"\n[setup]\nWhite = \"KC6,XC6,KZ9\"\nBlack = \"KC17,K\"\n";
    assert_eq!(
        problems("x.toml", text),
        [
            "4:14: [setup] White: `XC6`: `X` is not the prefix of a kind of piece; expected K for a Knight, none for a Man",
            "4:18: [setup] White: `KZ9`: a Knight on Z9, which is not a cell of this board",
            "5:10: [setup] Black: `KC17`: a Knight on C17, which is not a cell of this board",
            "5:15: [setup] Black: `K` is not a piece on a cell; expected a cell name with a kind's prefix (K for a Knight, \
             none for a Man), such as KF1 or F1",
        ]
    );
}

#[test]
fn a_variant_without_a_title_of_its_own_is_named_after_both() {
    let title = |text: &str| match parse("x.toml", text) {
        Ok(Variant::Camelot(g)) => g.title().to_string(),
        Ok(Variant::Checkers(g)) => g.title().to_string(),
        Err(e) => panic!("{e}"),
    };
    assert_eq!(
        title("extends = \"camelot\"\nname = \"mine\"\n"),
        "mine, based on Camelot (World Camelot Federation rules)"
    );
    assert_eq!(
        title("extends = \"checkers\"\nname = \"mine\"\n"),
        "mine, based on American checkers (English draughts)"
    );
    assert_eq!(title("extends = \"camelot\"\nname = \"mine\"\ntitle = \"Mine\"\n"), "Mine");
    // The built-in variants that extend another have titles of their own.
    assert_eq!(leap_camelot::load("parker-1930").unwrap().title(), "Camelot (Parker Brothers rules, 1930)");
}

#[test]
fn outcomes_in_messages_are_in_words() {
    // Skirmish with no Black Knight (its extinction kind): lost from the start.
    let text = "extends = \"skirmish\"\nname = \"x\"\n[setup]\nWhite = \"KC2,C3\"\nBlack = \"C6\"\n";
    let p = problems("x.toml", text);
    assert_eq!(p, ["3:1: the start position is already over: White wins (Black lost its royal piece)"]);
    // Every family's start-over message, none with the program's forms.
    let bare = "extends = \"camelot\"\nname = \"x\"\n[setup]\nWhite = \"KC6,D6\"\nBlack = \"\"\n";
    for p in problems("x.toml", bare).into_iter().chain(problems("x.toml", text)) {
        assert!(!p.contains("Player(") && !p.contains("Win(") && !p.contains("Some("), "{p}");
    }
    assert_eq!(
        problems("x.toml", bare),
        ["3:1: the start position is already over: White wins (every piece of Black captured)"]
    );
    // With baring off the same setup is a game (Black has no move: White wins then).
    let off = format!("{bare}[end]\nbaring = []\n");
    let g = match parse("x.toml", &off) {
        Ok(Variant::Camelot(g)) => g,
        _ => panic!("loads"),
    };
    assert_eq!(g.decided(&g.start()), None);
}

#[test]
fn castle_moves_out_of_range_is_asked_for_in_the_range_the_family_accepts() {
    // The Camelot family keeps the castle-move count in 4 bits: 0 to 15,
    // whether the value is out of a byte's range (-1, 300), which the type
    // check finds, or only out of the family's (16); either way the value
    // is pointed at (column 16).
    for (value, column) in [("-1", 16), ("300", 16), ("16", 16)] {
        let text = format!("extends = \"camelot\"\nname = \"x\"\n[rules]\ncastle_moves = {value}\n");
        assert_eq!(
            problems("x.toml", &text),
            [format!("4:{column}: castle_moves = {value}: expected a whole number from 0 to 15")],
            "castle_moves = {value}"
        );
    }
    // 15 is accepted.
    assert!(parse("x.toml", "extends = \"camelot\"\nname = \"x\"\n[rules]\ncastle_moves = 15\n").is_ok());
}

#[test]
fn a_repetition_of_one_occurrence_is_refused() {
    // Every position occurs once: the start would already be drawn.
    let text = "extends = \"camette\"\nname = \"e\"\n[end]\nrepetition = 1\n";
    let p = problems("e.toml", text);
    assert_eq!(p.len(), 1, "{p:?}");
    assert!(p[0].starts_with("4:14: repetition = 1: every position occurs once"), "{p:?}");
    for n in [0, 2, 5] {
        let text = format!("extends = \"camette\"\nname = \"e\"\n[end]\nrepetition = {n}\n");
        assert!(parse("e.toml", &text).is_ok(), "repetition = {n}");
    }
}

#[test]
fn a_cell_name_that_a_prefix_makes_ambiguous_is_refused() {
    // `KC2` would read both as a Man on KC2 and as a Knight on C2.
    let text = "extends = \"camette\"\nname = \"x\"\n[board]\n\
                names = \"C7 B6 C6 D6 A5 B5 C5 D5 E5 A4 B4 C4 D4 E4 A3 B3 C3 D3 E3 B2 KC2 C2 C1\"\n";
    let p = problems("x.toml", text);
    assert_eq!(p.len(), 1, "{p:?}");
    assert!(p[0].starts_with("4:9: cells `KC2` and `C2` cannot both be named so"), "{p:?}");
    assert!(p[0].contains("Knight (prefix `K`)"), "{p:?}");
    let fine = text.replace("KC2", "X2");
    assert!(parse("x.toml", &fine).is_ok());
}

#[test]
fn a_board_size_out_of_range_is_reported_where_it_is_written() {
    // Not at the inherited layout that it makes impossible.
    let text = "extends = \"camelot\"\nname = \"big\"\n[board]\nfiles = 30\n";
    assert_eq!(problems("big.toml", text), ["4:9: files = 30: expected a whole number from 1 to 26"]);
    let text = "extends = \"camelot\"\nname = \"big\"\n[board]\nranks = 0\n";
    assert_eq!(problems("big.toml", text), ["4:9: ranks = 0: expected a whole number from 1 to 255"]);
    // A number beyond what the reader can hold, in words.
    let text = "extends = \"camelot\"\nname = \"big\"\n[board]\nfiles = 99999999999999999999999\n";
    assert_eq!(
        problems("big.toml", text),
        ["4:9: the number is too large for any key (each key's range is in docs/variants.md)"]
    );
}

#[test]
fn a_player_too_many_is_refused_once_not_again_where_it_is_named() {
    let mut text = String::from(
        "extends = \"camelot\"\nname = \"p5\"\n[board]\ngeometry = \"square\"\nfiles = 5\nranks = 5\n\
         layout = \"\"\"\n.....\n.....\n.....\n.....\n.....\n\"\"\"\n",
    );
    for (name, letter, castle) in
        [("Red", "R", "A1"), ("Green", "G", "E1"), ("Blue", "U", "A5"), ("Gold", "O", "E5"), ("Pink", "P", "C5")]
    {
        text.push_str(&format!("[[players]]\nname = \"{name}\"\nletter = \"{letter}\"\ncastle = [\"{castle}\"]\n"));
    }
    text.push_str(
        "[setup]\nRed = \"B2,KC2\"\nGreen = \"D2,KC1\"\nBlue = \"B4,KB5\"\nGold = \"D4,KD5\"\nPink = \"C4,KC3\"\n",
    );
    text.push_str("[[zones]]\nplayer = \"Pink\"\nrole = \"goal\"\ncells = [\"C3\"]\n");
    let p = problems("p5.toml", &text);
    assert_eq!(p.len(), 1, "{p:?}");
    assert!(p[0].ends_with("a camelot variant has 2 to 4 players, this file lists 5"), "{p:?}");
}

#[test]
fn a_goal_that_can_never_be_reached_is_refused() {
    // Three pieces in a castle of two cells.
    let text = "extends = \"camelot\"\nname = \"g\"\n[end]\ngoal_count = 3\n";
    assert_eq!(
        problems("g.toml", text),
        ["4:14: goal_count = 3, but a goal has fewer cells (White's 2 cells, Black's 2 cells), so it can never be \
          reached; expected at most 2"]
    );
    assert!(parse("g.toml", &text.replace("= 3", "= 2")).is_ok());
    // Camelot's 2 over castles of one cell: said where it is written, and
    // where this file inherits it.
    let board = "[board]\ngeometry = \"square\"\nfiles = 5\nranks = 5\n\
                 layout = \"\"\"\n.....\n.....\n.....\n.....\n.....\n\"\"\"\n\
                 [[players]]\nname = \"Red\"\nletter = \"R\"\ncastle = [\"A1\"]\n\
                 [[players]]\nname = \"Blue\"\nletter = \"U\"\ncastle = [\"E5\"]\n\
                 [setup]\nRed = \"B2,KC2\"\nBlue = \"D4,KC4\"\n";
    let text = format!("extends = \"camelot\"\nname = \"g1\"\n{board}");
    let p = problems("g1.toml", &text);
    assert_eq!(p.len(), 1, "{p:?}");
    assert!(
        p[0].starts_with(
            "variants/camelot.toml:65:14: goal_count = 2, but a goal has fewer cells (Red's 1 cell, Blue's 1 cell)"
        ),
        "{p:?}"
    );
    assert!(p[0].ends_with("[g1.toml:1:11]"), "{p:?}");
    assert!(parse("g1.toml", &format!("{text}[end]\ngoal_count = 1\n")).is_ok());
    // The family's default of 2 in a file that extends none: said at each castle.
    let pieces = "[[pieces]]\nname = \"Knight\"\nprefix = \"K\"\nsymbol = \"K\"\ncharge = true\ncanter_rule = true\n\
                  [[pieces]]\nname = \"Man\"\nprefix = \"\"\nsymbol = \"M\"\n";
    let text = format!("name = \"g2\"\n{board}{pieces}");
    let default = "the goal count is 2 (the family's default; `goal_count` under [end] sets it)";
    assert_eq!(
        problems("g2.toml", &text),
        [
            format!(
                "16:10: {default}, but Blue's goal has 1 cell, so it can never be reached; give the goal more \
                 cells, or set goal_count to at most 1"
            ),
            format!(
                "20:10: {default}, but Red's goal has 1 cell, so it can never be reached; give the goal more \
                 cells, or set goal_count to at most 1"
            ),
        ]
    );
    assert!(parse("g2.toml", &format!("{text}[end]\ngoal_count = 1\n")).is_ok());
    // A goal count in a game where no player has a goal.
    let text = "extends = \"checkers\"\nname = \"k\"\n[end]\ngoal_count = 1\n";
    assert_eq!(
        problems("k.toml", text),
        ["4:14: goal_count = 1, but no player has a goal (a castle to enter, or a zone of role \"goal\"); expected \
          0 (no goal)"]
    );
    // One player's goal zone too small, the other's large enough.
    let zones = "[[zones]]\nplayer = \"Black\"\nrole = \"goal\"\ncells = [\"17\"]\n\
                 [[zones]]\nplayer = \"White\"\nrole = \"goal\"\ncells = [\"13\", \"14\"]\n";
    let text = format!("extends = \"checkers\"\nname = \"k\"\n[end]\ngoal_count = 2\n{zones}");
    let p = problems("k.toml", &text);
    assert_eq!(p.len(), 1, "{p:?}");
    assert!(p[0].starts_with("4:14: goal_count = 2, but a goal has fewer cells (Black's 1 cell)"), "{p:?}");
    assert!(parse("k.toml", &text.replace("goal_count = 2", "goal_count = 1")).is_ok());
}

/// A problem found twice (two players of one name each read the setup
/// line that names them) is said once.
#[test]
fn a_problem_found_twice_is_said_once() {
    let player = "[[players]]\nname = \"White\"\nletter = \"W\"\ncastle = [\"C1\"]\n";
    let text = format!("extends = \"camette\"\nname = \"dn\"\n{player}{player}[setup]\nWhite = \"C9\"\n");
    let found = problems("dn.toml", &text);
    let setup: Vec<&String> = found.iter().filter(|p| p.contains("[setup] White")).collect();
    assert_eq!(setup.len(), 1, "{found:#?}");
}

/// Names that records and messages quote ("Black resigned") are refused
/// when empty, padded with spaces, or broken by a control character: a
/// game saved under them could not be read back.
#[test]
fn player_and_piece_names_that_records_could_not_quote_are_refused() {
    let camette = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/variants/camette.toml")).unwrap();
    let renamed = |black: &str, man: &str| {
        camette
            .replace("name = \"Black\"", &format!("name = \"{black}\""))
            .replace("Black = \"KC6", &format!("\"{black}\" = \"KC6"))
            .replace("name = \"Man\"", &format!("name = \"{man}\""))
    };
    let first = |text: String| problems("c.toml", &text).first().cloned().unwrap_or_default();
    assert_eq!(
        first(renamed(" Black ", "Man")),
        "56:8: player name ` Black ` begins or ends with a space; write `Black`"
    );
    assert_eq!(first(renamed("", "Man")), "56:8: a player needs a name (`name = \"...\"`), not an empty one");
    assert_eq!(
        first(renamed("Bl\\nack", "Man")),
        "56:8: player name `Bl\\nack` holds a line break or another control character"
    );
    assert_eq!(first(renamed("Black", "Man ")), "68:8: piece name `Man ` begins or ends with a space; write `Man`");
    // Spaces inside a name are fine.
    assert!(leap_games::parse("c.toml", &renamed("Black Army", "Foot Soldier")).is_ok());
}

/// A wrong value inside an inline table is reported, and the table left
/// out for it is not then said to be missing.
#[test]
fn a_wrong_value_in_an_inline_table_is_no_missing_table() {
    let text = "name = \"x\"\nboard = { geometry = \"square\", files = \"5\", ranks = 1, layout = \".\" }\n\
                setup = { White = 3, Black = \"C1\" }\n";
    assert_eq!(
        problems("x.toml", text),
        [
            // (The players and pieces are missing indeed; the board and setup are not.)
            "1:1: missing players, pieces (or `extends` a variant that has them)",
            "2:40: files = \"5\": expected a whole number from 1 to 26",
            "3:19: White = 3: expected text in quotes",
        ]
    );
}

/// A file without its name still has its other problems said.
#[test]
fn a_missing_name_hides_no_other_problem() {
    let camette = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/variants/camette.toml")).unwrap();
    let text = camette.replace("name = \"camette\"\n", "").replace("castle_moves = 0 ", "castle_moves = 16");
    let found = problems("c.toml", &text);
    assert_eq!(found.len(), 2, "{found:?}");
    assert_eq!(found[0], "1:1: missing name (or `extends` a variant that has them)");
    assert!(found[1].ends_with("castle_moves = 16: expected a whole number from 0 to 15"), "{found:?}");
}

/// A layout's problem at a character is placed at that character of the
/// file, not at the layout's opening quotes.
#[test]
fn a_layout_problem_is_placed_where_it_is_written() {
    let camette = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/variants/camette.toml")).unwrap();
    // Camette's layout opens on line 40; its fifth line is line 45.
    let bad = camette.replacen("\n.....\n.....\n.....\n", "\n.....\n.....\n..x..\n", 1);
    assert_eq!(
        problems("c.toml", &bad),
        ["45:3: rank 3 of the layout has `x`; expected `.` for a cell or a space for none"]
    );
    let wide = camette.replacen("\n ...\n  .\n\"\"\"", "\n ...\n  .   .\n\"\"\"", 1);
    assert_eq!(problems("c.toml", &wide), ["47:7: rank 1 of the layout is wider than the 5 files"]);
}

/// A cell name that is none is placed at that name in the file.
#[test]
fn a_bad_cell_name_is_placed_where_it_is_written() {
    let text = "extends = \"camette\"\nname = \"x\"\n[board]\nnames = \"\"\"\n  1\n  2 3 4\nA5 B5 C5 D5 E5\n\
                6 7 8 9 10\n11 12 ?? 14 15\n16 17 18\n19\n\"\"\"\n";
    assert_eq!(
        problems("x.toml", text),
        ["9:7: `??` is not a cell name; expected digits, optionally after letters (22, E6)"]
    );
}

/// A setup line of the wrong type is said once, not also as missing.
#[test]
fn a_setup_line_of_the_wrong_type_is_not_also_missing() {
    let text = "extends = \"camette\"\nname = \"x\"\n[setup]\nWhite = 5\nBlack = \"KC6\"\n";
    assert_eq!(problems("x.toml", text), ["4:9: White = 5: expected text in quotes"]);
}

/// Problems said once, without the others they would cause: two kinds of
/// one prefix (no setup errors for each of their pieces), an `extends`
/// that is no name (no missing board).
#[test]
fn a_problem_is_not_followed_by_those_it_causes() {
    let camette = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/variants/camette.toml")).unwrap();
    let same_prefix = camette.replace("prefix = \"\"", "prefix = \"K\"");
    assert_eq!(problems("c.toml", &same_prefix), ["69:10: prefix `K` is used by two kinds of piece"]);
    assert_eq!(problems("x.toml", "extends = 5\nname = \"x\"\n"), ["1:11: extends = 5: expected text in quotes"]);
}

/// A required key of a `[[players]]`, `[[pieces]]` or `[[zones]]` table
/// given a value of the wrong type is said, and the rest of the file is
/// read on: its other problems are said too, and none that the key left
/// out would cause (a setup line of the player whose name it is, a piece
/// of the kind whose prefix it is, a kind `[end]` names).
#[test]
fn a_wrong_required_key_in_a_list_of_tables_hides_no_other_problem() {
    let players = |white: &str| {
        format!(
            "extends = \"camelot\"\nname = \"x\"\n[[players]]\n{white}\ncastle = [\"F1\", \"G1\"]\n\
             [[players]]\nname = \"Black\"\nletter = \"B\"\ncastle = [\"F16\", \"G16\"]\n"
        )
    };
    let setup = "[setup]\nWhite = \"KC6,Z9\"\nBlack = \"KC11\"\n";
    let text = format!("{}{setup}", players("name = \"White\"\nletter = 5"));
    assert_eq!(
        problems("x.toml", &text),
        ["5:10: letter = 5: expected text in quotes", "12:14: [setup] White: `Z9`: Z9 is not a cell of this board"]
    );
    // A name left out: the setup line that names the player is no problem.
    let text = format!("{}{setup}", players("name = 7\nletter = \"W\""));
    assert_eq!(
        problems("x.toml", &text),
        ["4:8: name = 7: expected text in quotes", "12:14: [setup] White: `Z9`: Z9 is not a cell of this board"]
    );
    // A castle left out is not also missing.
    let text = players("name = \"White\"\nletter = \"W\"").replace("castle = [\"F1\", \"G1\"]", "castle = \"F1\"");
    assert_eq!(
        problems("x.toml", &format!("{text}{setup}")),
        [
            "6:10: castle = \"F1\": expected a list of names in quotes, such as [\"F1\", \"G1\"]",
            "12:14: [setup] White: `Z9`: Z9 is not a cell of this board"
        ]
    );
    // Pieces and zones: a prefix, a name and a role left out; the setup's
    // pieces that may be of the kind without its prefix are not read, the
    // others are; `royal` may name the kind without its name.
    let text = "extends = \"camelot\"\nname = \"x\"\n[[pieces]]\nname = \"Knight\"\nprefix = 1\nsymbol = \"K\"\n\
                [[pieces]]\nname = [\"Man\"]\nprefix = \"\"\nsymbol = \"M\"\n\
                [[zones]]\nplayer = \"White\"\nrole = 3\ncells = [\"F8\", \"Z8\"]\n\
                [setup]\nWhite = \"KC6,D6\"\nBlack = \"KC11,Z3\"\n[end]\nroyal = [\"Man\"]\n";
    assert_eq!(
        problems("x.toml", text),
        [
            "5:10: prefix = 1: expected text in quotes",
            "8:8: name = [\"Man\"]: expected text in quotes",
            "13:8: role = 3: expected one of \"goal\", \"forbidden\"",
            "14:16: zone cell `Z8` is not on the board",
            "17:15: [setup] Black: `Z3`: Z3 is not a cell of this board",
        ]
    );
    // The checkers family's required keys of players and pieces.
    let text = "extends = \"checkers\"\nname = \"x\"\n[[players]]\nname = \"Black\"\nletter = \"B\"\nforward = 5\n\
                promotion = [\"1\"]\n[[players]]\nname = \"White\"\nletter = \"W\"\nforward = \"up\"\npromotion = 3\n\
                [[pieces]]\nname = \"Man\"\nprefix = \"\"\nsymbol = \"M\"\nmoves = 3\npromotes_to = \"King\"\n\
                [[pieces]]\nname = 4\nprefix = \"K\"\nsymbol = \"K\"\nmoves = \"any\"\n\
                [notation]\nplayer_order = [\"White\", \"Blak\"]\n";
    assert_eq!(
        problems("x.toml", text),
        [
            "6:11: forward = 5: expected one of \"up\", \"down\"",
            "12:13: promotion = 3: expected a list of names in quotes, such as [\"1\", \"2\", \"3\", \"4\"]",
            "17:9: moves = 3: expected one of \"forward\", \"any\"",
            "20:8: name = 4: expected text in quotes",
            "25:26: player_order names `Blak`, which is not a player; expected Black, White",
        ]
    );
}

/// A misspelt geometry is said with the one meant, and the checks that do
/// not depend on how cells touch are made: the rules' problems are said
/// too (on the board read as a square one, which takes every layout).
#[test]
fn a_misspelt_geometry_hides_no_other_problem() {
    let text = "extends = \"camelot\"\nname = \"x\"\n[board]\ngeometry = \"squar\"\n[rules]\ncastle_moves = 16\n\
                [setup]\nWhite = \"KC6,Z9\"\nBlack = \"KC11\"\n[end]\nroyal = [\"Kinght\"]\n";
    assert_eq!(
        problems("x.toml", text),
        [
            "4:12: unknown geometry `squar`; did you mean `square`? Expected square, diagonal or hex",
            "6:16: castle_moves = 16: expected a whole number from 0 to 15",
            "8:14: [setup] White: `Z9`: Z9 is not a cell of this board",
            "11:10: royal names `Kinght`, which is not a piece; expected one of Knight, Man",
        ]
    );
    // Tri-Camelot's hex layout is no problem of a misspelt `hex`; a word
    // far from every geometry gets no guess.
    let text = "extends = \"tri-camelot\"\nname = \"x\"\n[board]\ngeometry = \"hx\"\n";
    assert_eq!(
        problems("x.toml", text),
        ["4:12: unknown geometry `hx`; did you mean `hex`? Expected square, diagonal or hex"]
    );
    let text = "extends = \"camelot\"\nname = \"x\"\n[board]\ngeometry = \"round\"\n";
    assert_eq!(problems("x.toml", text), ["4:12: unknown geometry `round`; expected square, diagonal or hex"]);
}

/// The goal count and the start position are checked in a file with
/// other problems, where those cannot have caused what the checks find;
/// where they could, the checks are not made, and no problem is said that
/// another one causes.
#[test]
fn goal_and_start_checks_run_beside_problems_they_do_not_depend_on() {
    // A castle-move count out of range, and a goal count no castle holds.
    let text = "extends = \"camelot\"\nname = \"x\"\n[rules]\ncastle_moves = 16\n[end]\ngoal_count = 3\n";
    assert_eq!(
        problems("x.toml", text),
        [
            "4:16: castle_moves = 16: expected a whole number from 0 to 15",
            "6:14: goal_count = 3, but a goal has fewer cells (White's 2 cells, Black's 2 cells), so it can never be \
             reached; expected at most 2",
        ]
    );
    // A weight out of range and a name that is none change no game: the
    // start that is already over is said too.
    let text = "extends = \"camelot\"\nname = \"x y\"\n[setup]\nWhite = \"KC6,D6\"\nBlack = \"\"\n\
                [eval]\nmobility = 1000000\n";
    assert_eq!(
        problems("x.toml", text),
        [
            "2:8: `x y` is not a variant name; use letters, digits, `-` and `_`",
            "3:1: the start position is already over: White wins (every piece of Black captured)",
            "7:12: mobility = 1000000: expected a whole number from -100000 to 100000",
        ]
    );
    // A goal zone with a cell off the board: its goal is not also too small.
    let text = "extends = \"checkers\"\nname = \"k\"\n[end]\ngoal_count = 2\n\
                [[zones]]\nplayer = \"Black\"\nrole = \"goal\"\ncells = [\"17\", \"99\"]\n\
                [[zones]]\nplayer = \"White\"\nrole = \"goal\"\ncells = [\"13\", \"14\"]\n";
    assert_eq!(problems("k.toml", text), ["8:16: zone cell `99` is not on the board"]);
    // A castle off the board: the goal it makes is not also too small, and
    // a setup whose start would be over is not said so (it may be the
    // castle's doing).
    let text = "extends = \"camelot\"\nname = \"x\"\n[[players]]\nname = \"White\"\nletter = \"W\"\n\
                castle = [\"F1\", \"Z1\"]\n[[players]]\nname = \"Black\"\nletter = \"B\"\ncastle = [\"F16\", \"G16\"]\n";
    assert_eq!(problems("x.toml", text), ["6:17: castle cell `Z1` is not on the board"]);
}

/// A forbidden zone that covers a player's goal (the opponent's castle)
/// so that its pieces could never hold `goal_count` there is refused at
/// the zone's cells; one that leaves the player enough of its goal (a goal
/// zone of its own, the other castle of Tri-Camelot), or a game without a
/// goal, is a variant.
#[test]
fn a_forbidden_zone_over_the_whole_goal_is_refused() {
    let zone = |cells: &str| {
        format!(
            "extends = \"camelot\"\nname = \"x\"\n[[zones]]\nplayer = \"White\"\nrole = \"forbidden\"\n\
             cells = {cells}\n"
        )
    };
    assert_eq!(
        problems("x.toml", &zone("[\"F16\", \"G16\"]")),
        ["6:9: White's forbidden zone covers White's whole goal (2 cells: castles to enter, goal zones), where its \
          pieces never end a move: it can never hold the 2 pieces that win; leave goal cells out of the zone, give \
          White a goal zone elsewhere, or set goal_count to 0 (no goal)"]
    );
    // One castle cell of two: two pieces can never be there.
    let p = problems("x.toml", &zone("[\"F16\"]"));
    assert_eq!(p.len(), 1, "{p:?}");
    assert!(p[0].starts_with("6:9: White's forbidden zone covers 1 of the 2 cells of White's goal"), "{p:?}");
    assert!(p[0].ends_with("or set goal_count to at most 1"), "{p:?}");
    // Another goal, or no goal: accepted.
    let other_goal = format!(
        "{}[[zones]]\nplayer = \"White\"\nrole = \"goal\"\ncells = [\"A8\", \"B8\"]\n",
        zone("[\"F16\", \"G16\"]")
    );
    assert!(parse("x.toml", &other_goal).is_ok());
    assert!(parse("x.toml", &format!("{}[end]\ngoal_count = 0\n", zone("[\"F16\", \"G16\"]"))).is_ok());
    // Tri-Camelot: Blue's right castle (Green's, K16) may be forbidden, its left one (Red's, A16) not.
    let tri = |cell: &str| {
        format!("extends = \"tri-camelot\"\nname = \"x\"\n[[zones]]\nplayer = \"Blue\"\nrole = \"forbidden\"\ncells = [\"{cell}\"]\n")
    };
    assert!(parse("x.toml", &tri("K16")).is_ok());
    let p = problems("x.toml", &tri("A16"));
    assert_eq!(p.len(), 1, "{p:?}");
    assert!(p[0].starts_with("6:9: Blue's forbidden zone covers Blue's whole goal (1 cell"), "{p:?}");
    // The checkers family's goal zones alike.
    let text = "extends = \"checkers\"\nname = \"k\"\n[end]\ngoal_count = 1\n\
                [[zones]]\nplayer = \"White\"\nrole = \"goal\"\ncells = [\"13\"]\n\
                [[zones]]\nplayer = \"Black\"\nrole = \"goal\"\ncells = [\"17\"]\n\
                [[zones]]\nplayer = \"White\"\nrole = \"forbidden\"\ncells = [\"13\", \"14\"]\n";
    let p = problems("k.toml", text);
    assert_eq!(p.len(), 1, "{p:?}");
    assert!(p[0].starts_with("16:9: White's forbidden zone covers White's whole goal (1 cell"), "{p:?}");
}

/// A layout or `names` written with escapes (`\n`, `\t`, `\u0020`, a
/// line-ending backslash) has its problems placed at the character of the
/// file that writes the offending one, not at the string's start.
#[test]
fn a_problem_in_a_string_with_escapes_is_placed_where_it_is_written() {
    let board = |key: &str| format!("extends = \"camette\"\nname = \"x\"\n[board]\n{key}\n");
    // `names = "` is 9 characters: the text starts at column 10.
    let names = board(r#"names = "1 2 3 4 A5 B5 C5 D5 E5\n6 7 8 9 10 11 12 ?? 14 15\t16 17 18 19""#);
    assert_eq!(
        problems("x.toml", &names),
        ["4:51: `??` is not a cell name; expected digits, optionally after letters (22, E6)"]
    );
    let names = board(r#"names = "\u0031 2 3 4 A5 B5 C5 D5 E5 6 7 8 9 10 11 12 13 14 15 16 17 18 1\u003F""#);
    assert_eq!(
        problems("x.toml", &names),
        ["4:73: `1?` is not a cell name; expected digits, optionally after letters (22, E6)"]
    );
    let layout = board(r#"layout = "  .\n ...\n.....\n..x..\n.....\n ...\n  .""#);
    assert_eq!(
        problems("x.toml", &layout),
        ["4:31: rank 4 of the layout has `x`; expected `.` for a cell or a space for none"]
    );
    // In """triple quotes""": an escape, and a backslash that joins two lines.
    let layout = board("layout = \"\"\"\n  .\n ...\\u0020\n.....\n....\\\n  \n.\n.....\n ...\n  x\"\"\"");
    assert_eq!(
        problems("x.toml", &layout),
        ["13:3: rank 1 of the layout has `x`; expected `.` for a cell or a space for none"]
    );
    // 'Literal' strings hold no escapes: a backslash is a character.
    let layout = board("layout = '''\n  .\n ...\n.....\n..\\n.\n.....\n ...\n  .'''");
    let p = problems("x.toml", &layout);
    assert_eq!(p.len(), 1, "{p:?}");
    assert!(p[0].starts_with("8:3: rank 4 of the layout has `\\`"), "{p:?}");
}

/// A misspelt family is said with the one meant, and the file is read on
/// as of that family, so that its other problems are said too; a word far
/// from every family gets no guess, and what every file needs is still
/// looked for.
#[test]
fn a_misspelt_family_hides_no_other_problem() {
    let text = "extends = \"checkers\"\nname = \"x\"\nfamily = \"Chekers\"\n[rules]\ncompulsory_capture = 3\n";
    assert_eq!(
        problems("x.toml", text),
        [
            "3:10: unknown family `Chekers`; did you mean `checkers`? expected \"camelot\" or \"checkers\"",
            "5:22: compulsory_capture = 3: expected true or false",
        ]
    );
    let text = "name = \"x\"\nfamily = \"go\"\n";
    assert_eq!(
        problems("x.toml", text),
        [
            "1:1: missing board.geometry, board.files, board.ranks, board.layout, players, pieces, setup (or `extends` a \
             variant that has them)",
            "2:10: unknown family `go`; expected \"camelot\" or \"checkers\"",
        ]
    );
}

#[test]
fn the_knight_canter_rule_needs_the_charge() {
    let knight = "[[pieces]]\nname = \"Knight\"\nprefix = \"K\"\nsymbol = \"K\"\ncharge = true\ncanter_rule = true\n";
    let man = "[[pieces]]\nname = \"Man\"\nprefix = \"\"\nsymbol = \"M\"\n";
    let text = format!("extends = \"camelot\"\nname = \"m\"\n{knight}{man}canter_rule = true\n");
    assert_eq!(
        problems("m.toml", &text),
        ["13:15: `canter_rule = true` needs `charge = true`: the Knight canter rule makes a piece that canters onto \
          a cell from which it could jump capture later in the move, which only a piece with the Knight's Charge \
          can do"]
    );
    // Without the rule, or with it switched off, the Man is a Man.
    assert!(parse("m.toml", &format!("extends = \"camelot\"\nname = \"m\"\n{knight}{man}")).is_ok());
    assert!(
        parse("m.toml", &format!("extends = \"camelot\"\nname = \"m\"\n{knight}{man}canter_rule = false\n")).is_ok()
    );
}

#[test]
fn a_title_is_one_line_of_text() {
    let file = |title: &str| format!("extends = \"camelot\"\nname = \"t\"\ntitle = {title}\n");
    assert_eq!(
        problems("t.toml", &file("\"\\u001b[2JEVIL\\u0007\"")),
        ["3:9: title `<U+001B>[2JEVIL<U+0007>` holds a line break or another control character"]
    );
    assert_eq!(
        problems("t.toml", &file("\"  \"")),
        ["3:9: `title` is empty: give the variant's full name, or leave `title` out"]
    );
    assert!(parse("t.toml", &file("\"My Camelot\"")).is_ok());
}

#[test]
fn the_goal_entry_exemption_needs_a_goal_castle() {
    // Two players: every other castle is one to enter, none a goal.
    let text = "extends = \"camelot\"\nname = \"g\"\n[rules]\ngoal_entry_exempt = true\n";
    assert_eq!(
        problems("g.toml", text),
        ["4:21: goal_entry_exempt = true exempts the entry of a goal castle, and this variant has none: it needs \
          other_castles = \"left-wins-right-barred\" (three players, the left castle a goal)"]
    );
    assert!(parse("g.toml", "extends = \"camelot\"\nname = \"g\"\n[rules]\ngoal_entry_exempt = false\n").is_ok());
    // Tri-Camelot's left castles are goals: the exemption holds there.
    assert!(parse("t.toml", "extends = \"tri-camelot\"\nname = \"t\"\n[rules]\ngoal_entry_exempt = true\n").is_ok());
    // A file that makes every castle one to enter takes the exemption off too.
    let enter = "extends = \"tri-camelot\"\nname = \"t\"\n[rules]\nother_castles = \"enter\"\n";
    assert!(
        problems("t.toml", enter)[0].contains("goal_entry_exempt = true exempts"),
        "{:?}",
        problems("t.toml", enter)
    );
    assert!(parse("t.toml", &format!("{enter}goal_entry_exempt = false\n")).is_ok());
}

#[test]
fn a_refused_charge_brings_no_second_complaint_about_the_canter_rule() {
    let knight =
        "[[pieces]]\nname = \"Knight\"\nprefix = \"K\"\nsymbol = \"K\"\ncharge = \"yes\"\ncanter_rule = true\n";
    let man = "[[pieces]]\nname = \"Man\"\nprefix = \"\"\nsymbol = \"M\"\n";
    let text = format!("extends = \"camelot\"\nname = \"m\"\n{knight}{man}");
    assert_eq!(problems("m.toml", &text), ["7:10: charge = \"yes\": expected true or false"]);
}

#[test]
fn letters_beyond_ascii_and_a_layout_of_no_cells_are_said_plainly() {
    let text = "extends = \"camelot\"\nname = \"e\"\n[[players]]\nname = \"White\"\nletter = \"É\"\ncastle = [\"F1\", \"G1\"]\n\
                [[players]]\nname = \"Black\"\nletter = \"B\"\ncastle = [\"F16\", \"G16\"]\n";
    let found = problems("e.toml", text);
    assert!(
        found.iter().any(|p| p.contains("`É` is not a player letter; expected one ASCII letter, A to Z")),
        "{found:?}"
    );
    let blank = "extends = \"camette\"\nname = \"b\"\n[board]\ngeometry = \"square\"\nfiles = 3\nranks = 2\n\
                 layout = \"\"\"\n   \n   \n\"\"\"\n";
    let found = problems("b.toml", blank);
    assert!(found.iter().any(|p| p.contains("the layout has no cells")), "{found:?}");
}

#[test]
fn keys_of_a_rule_that_is_off_are_refused() {
    let end = |keys: &str| format!("extends = \"camelot\"\nname = \"o\"\n[end]\n{keys}");
    assert_eq!(
        problems("o.toml", &end("no_moves = \"win\"\nno_moves_loss_needs = 5\n")),
        ["5:23: no_moves_loss_needs says when having no legal move loses, and here it never does (no_moves = \"win\"): \
          leave it out, or set no_moves = \"loss\""]
    );
    assert_eq!(
        problems("o.toml", &end("baring = []\ncounter_baring = true\nbare_win_min_material = 3\n")),
        [
            "5:18: counter_baring = true changes how a bare side loses, and no side is ever bare here (baring = []): \
             leave it out",
            "6:25: bare_win_min_material = 3 says what baring needs, and no side is ever bare here (baring = []): \
             leave it out",
        ]
    );
    assert!(parse("o.toml", &end("no_moves = \"loss\"\nno_moves_loss_needs = 5\n")).is_ok());
    assert!(parse("o.toml", &end("baring = [\"Man\"]\ncounter_baring = true\n")).is_ok());
}
