//! End-to-end tests of `camelot compare` with tiny settings: the report is
//! written as Markdown with a well-formed SVG chart beside it, results are
//! reproducible from the seed, minimax and alpha-beta at one depth play the
//! same games, and bad options get clear errors (never a panic).

mod common;

use common::{run_in, TempDir};

/// Checks that `text` is well-formed XML (as far as an SVG file needs):
/// one root element, every tag closed in order, attributes quoted, no bare
/// `&` or `<` in text. Returns the element names in document order.
fn check_xml(text: &str) -> Result<Vec<String>, String> {
    let mut stack: Vec<String> = Vec::new();
    let mut names = Vec::new();
    let mut roots = 0;
    let mut rest = text.trim();
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix('<') {
            let end = after.find('>').ok_or("a tag is not closed by `>`")?;
            let tag = &after[..end];
            rest = &after[end + 1..];
            if let Some(name) = tag.strip_prefix('/') {
                let open = stack.pop().ok_or_else(|| format!("`</{name}>` closes nothing"))?;
                if open != name.trim() {
                    return Err(format!("`</{name}>` closes `<{open}>`"));
                }
                continue;
            }
            let self_closing = tag.ends_with('/');
            let body = tag.trim_end_matches('/');
            let name: String = body.chars().take_while(|c| !c.is_whitespace()).collect();
            if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == ':') {
                return Err(format!("bad element name in `<{tag}>`"));
            }
            // Attributes: name="value" pairs.
            let mut attrs = body[name.len()..].trim();
            while !attrs.is_empty() {
                let eq = attrs.find('=').ok_or_else(|| format!("attribute without a value in `<{tag}>`"))?;
                let value = attrs[eq + 1..].trim_start();
                let value = value.strip_prefix('"').ok_or_else(|| format!("unquoted attribute in `<{tag}>`"))?;
                let close = value.find('"').ok_or_else(|| format!("unterminated attribute in `<{tag}>`"))?;
                if value[..close].contains('<') {
                    return Err(format!("`<` in an attribute of `<{tag}>`"));
                }
                attrs = value[close + 1..].trim_start();
            }
            if stack.is_empty() {
                roots += 1;
            }
            names.push(name.clone());
            if !self_closing {
                stack.push(name);
            }
        } else {
            let end = rest.find('<').unwrap_or(rest.len());
            let chunk = &rest[..end];
            if stack.is_empty() && !chunk.trim().is_empty() {
                return Err(format!("text outside the root element: `{chunk}`"));
            }
            for (i, _) in chunk.match_indices('&') {
                let entity = &chunk[i..];
                if !["&amp;", "&lt;", "&gt;", "&quot;", "&apos;"].iter().any(|e| entity.starts_with(e)) {
                    return Err(format!("a bare `&` in text: `{chunk}`"));
                }
            }
            rest = &rest[end..];
        }
    }
    if let Some(open) = stack.pop() {
        return Err(format!("`<{open}>` is never closed"));
    }
    if roots != 1 {
        return Err(format!("{roots} root elements"));
    }
    Ok(names)
}

#[test]
fn the_xml_checker_catches_broken_files() {
    assert!(check_xml("<svg a=\"1\"><rect/><text>x &amp; y</text></svg>").is_ok());
    assert!(check_xml("<svg><rect></svg>").is_err());
    assert!(check_xml("<svg a=1></svg>").is_err());
    assert!(check_xml("<svg>a & b</svg>").is_err());
    assert!(check_xml("<svg></svg><svg></svg>").is_err());
    assert!(check_xml("<svg><g></svg></g>").is_err());
}

/// The rows of the Markdown table under the heading `### title` in the
/// section of `variant`.
fn table<'a>(markdown: &'a str, variant: &str, title: &str) -> Vec<Vec<&'a str>> {
    let section = markdown.split("\n## ").find(|s| s.starts_with(variant)).expect("the variant's section");
    let part = section.split("### ").find(|s| s.starts_with(title)).expect("the table's heading");
    part.lines()
        .filter(|l| l.starts_with('|'))
        .skip(2)
        .map(|l| l.trim_matches('|').split('|').map(str::trim).collect())
        .collect()
}

#[test]
fn compare_writes_a_markdown_report_and_a_well_formed_svg() {
    let dir = TempDir::new("report");
    let out = run_in(
        &dir,
        &[
            "compare",
            "camelot",
            "checkers",
            "--depths",
            "1,2",
            "--games",
            "2",
            "--max-plies",
            "24",
            "--output",
            "report.md",
            "--quiet",
        ],
    );
    assert_eq!(out.status, 0, "{}", out.show());
    let md = std::fs::read_to_string(dir.join("report.md")).expect("the report is written");
    let svg = std::fs::read_to_string(dir.join("report.svg")).expect("the chart is written beside it");
    assert!(md.contains("![Nodes per move and score per strategy](report.svg)"), "{md}");
    for heading in [
        "# Strategy comparison: camelot, checkers",
        "## Rule families",
        "## camelot",
        "## checkers",
        "### Pairings",
        "### Strategies",
        "### Alpha-beta / minimax nodes per move",
        "### Games",
    ] {
        assert!(md.contains(heading), "missing `{heading}` in\n{md}");
    }
    // Every table is rectangular.
    let mut header_cells = None;
    for line in md.lines() {
        if line.starts_with('|') {
            let cells = line.matches('|').count();
            if header_cells.is_none() {
                header_cells = Some(cells);
            }
            assert_eq!(Some(cells), header_cells, "a ragged table row: {line}");
        } else {
            header_cells = None;
        }
    }
    // 5 entrants: 10 pairings of 2 games each, per variant.
    for variant in ["camelot", "checkers"] {
        let pairings = table(&md, variant, "Pairings");
        assert_eq!(pairings.len(), 10, "{variant}");
        for row in &pairings {
            let games: u32 = row[2..5].iter().map(|c| c.parse::<u32>().unwrap()).sum();
            assert_eq!(games, 2, "{variant}: {row:?}");
        }
        let strategies = table(&md, variant, "Strategies");
        let names: Vec<&str> = strategies.iter().map(|r| r[0]).collect();
        assert_eq!(names, ["random", "minimax-1", "alphabeta-1", "minimax-2", "alphabeta-2"]);
        // Random visits one node a move.
        assert_eq!(strategies[0][7], "1.0");
        // Minimax and alpha-beta at one depth play the same games: the same
        // results and moves; at depth 1 the same nodes too.
        for d in [1, 3] {
            assert_eq!(strategies[d][1..7], strategies[d + 1][1..7], "{variant}: {strategies:?}");
        }
        assert_eq!(strategies[1][7], strategies[2][7]);
        let ratios = table(&md, variant, "Alpha-beta");
        assert_eq!(ratios.len(), 2);
        assert_eq!(ratios[0][3], "1.000", "{variant}: depth 1 cannot prune");
        let r2: f64 = ratios[1][3].parse().unwrap();
        assert!(r2 > 0.0 && r2 < 1.0, "{variant}: depth-2 ratio {r2}");
    }
    let families = md.split("## Rule families").nth(1).unwrap();
    assert!(families.contains("| camelot |") && families.contains("| checkers |"));

    let names = check_xml(&svg).unwrap_or_else(|e| panic!("the SVG is not well-formed: {e}\n{svg}"));
    assert_eq!(names[0], "svg");
    assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    // A bar per entrant per panel per variant.
    assert!(names.iter().filter(|n| *n == "rect").count() >= 2 * 2 * 5);
    for label in ["camelot", "checkers", "alphabeta-2", "nodes per move", "score %"] {
        assert!(svg.contains(label), "the chart should show `{label}`");
    }

    // The terminal shows the same tables.
    assert!(out.stdout.contains("Alpha-beta / minimax nodes per move"), "{}", out.show());
    assert!(out.stdout.contains("Rule families"));
    assert!(out
        .stdout
        .contains("Report written to report.md (chart: report.svg; games: report.pgn, which camelot replay reads)."));
    // --quiet, and no terminal: no progress bar.
    assert!(out.stderr.is_empty(), "{}", out.show());

    // The report speaks in words: the evaluation, and who the first player is.
    assert!(md.contains("Evaluation: material, the World Camelot Federation's positional factors, pieces en prise, the race to the castles and tempo."), "{md}");
    assert!(
        md.contains(
            "Evaluation: material, safe moves, the back row, advancement, capture threats and trading down when ahead."
        ),
        "{md}"
    );
    assert!(!md.contains("::") && !out.stdout.contains("::"), "no names from the code:\n{md}");
    assert!(md.contains("| White (moves first) wins, % of decisive |"), "{md}");
    assert!(md.contains("| Black (moves first) wins, % of decisive |"), "checkers: Black moves first\n{md}");

    // Every game is saved beside the report, with who played which side, and replays.
    assert!(md.contains("The games are in [report.pgn](report.pgn)"), "{md}");
    let games = std::fs::read_to_string(dir.join("report.pgn")).expect("the games are written beside the report");
    assert_eq!(games.matches("[Event \"camelot compare\"]").count(), 2 * 10 * 2, "{games}");
    assert!(games.contains("[Round \"10.2\"]\n[White \"alphabeta-2\"]\n[Black \"minimax-2\"]\n"), "{games}");
    let replayed = run_in(&dir, &["replay", "report.pgn"]);
    assert_eq!(replayed.status, 0, "{}", replayed.show());
    assert_eq!(replayed.stdout.matches("\nResult: ").count(), 40, "{}", replayed.show());
}

#[test]
fn compare_is_reproducible_from_its_seed() {
    let dir = TempDir::new("seed");
    let args = |out: &str, seed: &str| {
        [
            "compare",
            "checkers",
            "--depths",
            "1",
            "--games",
            "4",
            "--max-plies",
            "40",
            "--seed",
            seed,
            "-o",
            out,
            "--threads",
            "2",
        ]
        .map(String::from)
    };
    let tables = |file: &str| {
        let md = std::fs::read_to_string(dir.join(file)).unwrap();
        // Everything but the times.
        let mut t = table(&md, "checkers", "Pairings");
        t.extend(table(&md, "checkers", "Strategies").into_iter().map(|mut r| {
            r.pop();
            r
        }));
        t.extend(table(&md, "checkers", "Games"));
        t.into_iter().map(|r| r.join("|")).collect::<Vec<_>>()
    };
    for (file, seed) in [("a.md", "7"), ("b.md", "7"), ("c.md", "8")] {
        let a = args(file, seed);
        let out = run_in(&dir, &a.iter().map(String::as_str).collect::<Vec<_>>());
        assert_eq!(out.status, 0, "{}", out.show());
    }
    assert_eq!(tables("a.md"), tables("b.md"));
    assert_ne!(tables("a.md"), tables("c.md"), "another seed should give other games");
}

#[test]
fn compare_runs_on_three_players_and_with_material_only() {
    let dir = TempDir::new("tri");
    let out = run_in(
        &dir,
        &[
            "compare",
            "tri-camelot",
            "--strategies",
            "minimax,alphabeta",
            "--depths",
            "1",
            "--games",
            "2",
            "--max-plies",
            "12",
            "--eval",
            "material",
            "-o",
            "tri.md",
        ],
    );
    assert_eq!(out.status, 0, "{}", out.show());
    let md = std::fs::read_to_string(dir.join("tri.md")).unwrap();
    assert!(md.contains("Evaluation: material"), "{md}");
    assert_eq!(table(&md, "tri-camelot", "Pairings").len(), 1);
    check_xml(&std::fs::read_to_string(dir.join("tri.svg")).unwrap()).unwrap();
}

#[test]
fn the_first_player_wins_are_the_first_seats_wins_with_three_players() {
    // Three players, each a Knight and a Man beside its one-cell castle: the
    // first to enter another's castle wins. An entrant sits at two seats of
    // three, so its wins are not the first seat's.
    let dir = TempDir::new("three");
    let variant = "extends = \"camelot\"\nname = \"three\"\n[board]\ngeometry = \"square\"\nfiles = 5\nranks = 5\n\
                   layout = \"\"\"\n.....\n.....\n.....\n.....\n.....\n\"\"\"\n\
                   [[players]]\nname = \"Red\"\nletter = \"R\"\ncastle = [\"A1\"]\n\
                   [[players]]\nname = \"Green\"\nletter = \"G\"\ncastle = [\"E1\"]\n\
                   [[players]]\nname = \"Blue\"\nletter = \"B\"\ncastle = [\"C5\"]\n\
                   [setup]\nRed = \"KB2,A2\"\nGreen = \"KD2,E2\"\nBlue = \"KC4,B4\"\n\
                   [rules]\ncastle_moves = 0\nno_move = \"pass\"\n[end]\ngoal_count = 1\n";
    std::fs::write(dir.join("three.toml"), variant).unwrap();
    let out = run_in(&dir, &["compare", "three.toml", "--depths", "1", "--games", "6", "--quiet", "-o", "three.md"]);
    assert_eq!(out.status, 0, "{}", out.show());
    let games = std::fs::read_to_string(dir.join("three.pgn")).unwrap();
    let results: Vec<&str> = games.lines().filter_map(|l| l.strip_prefix("[Result \"")?.strip_suffix("\"]")).collect();
    // (Six games per pairing of the strategies at depth 1.)
    assert!(results.len() >= 6 && results.len().is_multiple_of(6), "{games}");
    let decisive = results.iter().filter(|r| r.split('-').any(|s| s == "1")).count();
    let first = results.iter().filter(|r| r.starts_with("1-")).count();
    assert!(decisive > 0, "{results:?}");
    let md = std::fs::read_to_string(dir.join("three.md")).unwrap();
    let row = &table(&md, "three", "Games")[0];
    let shown = row[row.len() - 2];
    assert_eq!(shown, format!("{:.1}", 100.0 * first as f64 / decisive as f64), "{results:?}\n{md}");
}

#[test]
fn compare_refuses_bad_options_clearly() {
    let dir = TempDir::new("bad");
    std::fs::write(dir.join("not-a-dir"), "").unwrap();
    std::fs::create_dir(dir.join("folder.md")).unwrap();
    std::fs::create_dir(dir.join("r.svg")).unwrap();
    let cases: &[(&[&str], i32, &str)] = &[
        (&["compare", "camelot", "--depths", "0"], 2, "depths must be at least 1"),
        (&["compare", "camelot", "--depths", "two"], 2, "`two` is not a depth"),
        (&["compare", "camelot", "--depths", "1,,2"], 2, "is not a depth"),
        (&["compare", "camelot", "--depths", "40"], 2, "too deep"),
        (&["compare", "camelot", "--depths", "3-1"], 2, "empty range"),
        (&["compare", "camelot", "--strategies", "negamax"], 2, "unknown strategy `negamax`"),
        (&["compare", "camelot", "--games=-1"], 2, "invalid value '-1' for '--games"),
        (
            &["compare", "camelot", "--games", "0"],
            2,
            "invalid value '0' for '--games <GAMES>': expected a whole number, at least 1",
        ),
        (
            &["compare", "camelot", "--games", "3"],
            2,
            "--games 3: games come in pairs from one opening, the seats swapped, so that each player has each seat as \
             often: give a multiple of 2 (2 or 4)",
        ),
        (&["compare", "camelot", "--max-plies", "0"], 2, "invalid value '0' for '--max-plies <MAX_PLIES>'"),
        (&["compare", "camelot", "--threads", "0"], 2, "invalid value '0' for '--threads <THREADS>'"),
        (&["compare", "camelot", "--threads", "100000"], 2, "invalid value '100000' for '--threads <THREADS>'"),
        (&["compare", "camelot", "--strategies", "random"], 1, "needs at least two strategies"),
        (&["compare", "camelot", "--strategies", "alphabeta", "--depths", "2"], 1, "needs at least two strategies"),
        (&["compare", "no-such-game"], 1, "unknown variant `no-such-game`"),
        (&["compare", "camelot", "-o", "missing/r.md"], 1, "the folder missing does not exist"),
        (&["compare", "camelot", "-o", "not-a-dir/r.md"], 1, "not-a-dir is not a folder"),
        (&["compare", "camelot", "-o", "folder.md"], 1, "folder.md is a folder, not a file"),
        (&["compare", "camelot", "-o", "r.md"], 1, "r.svg is a folder, not a file"),
        (&["compare", "camelot", "-o", "chart.svg"], 1, "give a .md path"),
        (&["compare", "camelot", "-o", "games.PGN"], 1, "give a .md path"),
        (&["compare"], 2, "VARIANTS"),
        (&["compare", "camelot", "--eval", "smart"], 2, "invalid value 'smart'"),
    ];
    for (args, status, message) in cases {
        let out = run_in(&dir, args);
        assert_eq!(out.status, *status, "camelot {args:?}:\n{}", out.show());
        assert!(out.stderr.contains(message), "camelot {args:?}: expected `{message}` in\n{}", out.show());
        assert!(out.stdout.is_empty(), "camelot {args:?}:\n{}", out.show());
    }
    // Nothing was written.
    let mut left: Vec<String> =
        std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().to_string()).collect();
    left.sort();
    assert_eq!(left, ["folder.md", "not-a-dir", "r.svg"]);
}

#[test]
fn compare_replaces_no_file() {
    let dir = TempDir::new("replace");
    let quick = ["compare", "checkers", "--depths", "1", "--games", "2", "--max-plies", "20", "--quiet"];
    let run = |extra: &[&str]| {
        let mut args = quick.to_vec();
        args.extend_from_slice(extra);
        run_in(&dir, &args)
    };
    // A game saved under the name the games would take: refused before any
    // game is played, naming it; nothing written.
    std::fs::write(dir.join("r.pgn"), "[Event \"a game I kept\"]\n").unwrap();
    let out = run(&["-o", "r.md"]);
    assert_eq!(out.status, 1, "{}", out.show());
    assert_eq!(
        out.stderr,
        "error: --output r.md: r.pgn exists, and compare replaces no file (it writes r.md, r.svg and r.pgn): give a \
         new name (or remove it)\n"
    );
    assert_eq!(std::fs::read_to_string(dir.join("r.pgn")).unwrap(), "[Event \"a game I kept\"]\n");
    assert!(!dir.join("r.md").exists() && !dir.join("r.svg").exists(), "{}", out.show());
    // The report of before, by any of its three names.
    let out = run(&["-o", "s.md"]);
    assert_eq!(out.status, 0, "{}", out.show());
    let report = std::fs::read_to_string(dir.join("s.md")).unwrap();
    let out = run(&["-o", "s.md", "--seed", "2"]);
    assert_eq!(out.status, 1, "{}", out.show());
    assert!(out.stderr.contains("--output s.md: s.md, s.svg and s.pgn exist, and compare replaces"), "{}", out.show());
    assert_eq!(std::fs::read_to_string(dir.join("s.md")).unwrap(), report);
    // Without -o: the first free of the default names, said.
    for (n, name) in [(1, "compare-checkers"), (2, "compare-checkers-2")] {
        let out = run(&["--seed", &n.to_string()]);
        assert_eq!(out.status, 0, "{}", out.show());
        let said =
            format!("Report written to {name}.md (chart: {name}.svg; games: {name}.pgn, which camelot replay reads).");
        assert!(out.stdout.contains(&said), "{}", out.show());
        let md = std::fs::read_to_string(dir.join(format!("{name}.md"))).unwrap();
        assert!(md.contains(&format!("({name}.svg)")), "the report shows its own chart: {md}");
    }
    let mut files: Vec<String> =
        std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    files.sort();
    let made = ["compare-checkers-2.md", "compare-checkers-2.pgn", "compare-checkers-2.svg", "compare-checkers.md"];
    let mut expected: Vec<&str> = made.to_vec();
    expected.extend(["compare-checkers.pgn", "compare-checkers.svg", "r.pgn", "s.md", "s.pgn", "s.svg"]);
    assert_eq!(files, expected, "no other file, temporary or not");
}
