//! `camelot tune` and evaluation weights files, as a person uses them: the
//! fit's report, the check match that decides whether the weights are
//! kept, the file it writes read back by `camelot match`, and clear errors.

mod common;

use std::path::Path;

/// `camelot ARGS` in `dir`: status, stdout, stderr.
fn camelot_in(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let out = common::run_in(dir, args);
    (out.status, out.stdout, out.stderr)
}

#[test]
fn a_tune_reports_the_fit_and_the_check_and_writes_only_what_it_keeps() {
    let dir = common::TempDir::new("tune");
    let args = ["tune", "checkers", "--games", "6", "--nodes", "300", "--check-games", "4", "--quiet", "-o", "t.toml"];
    let (status, out, err) = camelot_in(&dir, &args);
    assert_eq!(status, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("tune checkers: 6 self-play games (the engine at 300 nodes a move"), "{out}");
    assert!(lines[1].contains(" quiet positions; logistic scale "), "{out}");
    assert!(lines[1].contains("mean squared error "), "{out}");
    assert_eq!(lines[2].split_whitespace().collect::<Vec<_>>(), ["weight", "start", "fitted"], "{out}");
    let names = ["king", "safe_mobility", "back_row", "advancement", "capture_threat", "trade_down"];
    for (line, name) in lines[3..].iter().zip(names) {
        assert_eq!(line.split_whitespace().next(), Some(name), "{out}");
    }
    // The start weights are the family's defaults.
    assert_eq!(lines[3].split_whitespace().nth(1), Some("140"), "{out}");
    let check = 3 + names.len();
    let written = dir.join("t.toml");
    // A fit that changed nothing plays no check: there is nothing to compare.
    if lines[check] == "check: not played, the fit left the weights as they were" {
        assert_eq!(lines[check + 1], "not kept: the fit left the weights as they were; nothing written", "{out}");
        assert!(!written.exists(), "{out}");
        return;
    }
    assert!(lines[check].starts_with("check: fitted against start weights, 4 games at 300 nodes a move: "), "{out}");
    if lines[check + 1].starts_with("kept:") {
        assert!(written.exists(), "{out}");
        // What it wrote, a match reads.
        let (status, out, err) = camelot_in(
            &dir,
            &["match", "checkers", "--engine", "engine:depth=2,eval=t.toml", "--engine", "random", "--games", "2"],
        );
        assert_eq!(status, 0, "{out}{err}");
    } else {
        assert!(lines[check + 1].starts_with("not kept:"), "{out}");
        assert!(!written.exists(), "{out}");
    }
}

#[test]
fn a_weights_file_plays_in_a_match_and_its_mistakes_are_placed() {
    let dir = common::TempDir::new("tune");
    std::fs::write(dir.join("w.toml"), "# heavier kings\n[eval]\nking = 300\n").unwrap();
    std::fs::write(dir.join("bad.toml"), "[eval]\nkign = 300\nback_row = 1e9\n").unwrap();
    std::fs::write(dir.join("none.toml"), "name = \"x\"\n").unwrap();
    let base = ["match", "checkers", "--engine", "random", "--games", "2", "--quiet", "--engine"];
    let with = |spec: &str| {
        let mut args = base.to_vec();
        args.push(spec);
        camelot_in(&dir, &args)
    };
    let (status, out, err) = with("engine:depth=2,eval=w.toml");
    assert_eq!(status, 0, "{out}{err}");
    let (status, _, err) = with("engine:depth=2,eval=bad.toml");
    assert_ne!(status, 0);
    assert!(err.contains("bad.toml:"), "{err}");
    let (status, _, err) = with("engine:depth=2,eval=none.toml");
    assert_ne!(status, 0);
    assert!(err.contains("none.toml:1:1: error: expected an [eval] table of weights (king, "), "{err}");
    let (status, _, err) = with("engine:depth=2,eval=missing.toml");
    assert_ne!(status, 0);
    assert!(err.contains("missing.toml"), "{err}");
    let (status, _, err) = with("engine:eval=");
    assert_ne!(status, 0);
    assert!(err.contains("give the weights file, as eval=tuned.toml"), "{err}");
}

#[test]
fn the_check_counts_its_results_in_words() {
    // (This seed's two check games: a win and a draw for the fitted weights.)
    let dir = common::TempDir::new("tune-words");
    let args = ["tune", "checkers", "--games", "4", "--nodes", "100", "--check-games", "2", "--rounds", "2", "--quiet"];
    let (status, out, err) = camelot_in(&dir, &[&args[..], &["-o", "t.toml"]].concat());
    assert_eq!(status, 0, "{err}");
    let Some(check) = out.lines().find(|l| l.starts_with("check: fitted")) else {
        return; // (The fit changed nothing: no check was played.)
    };
    let counts = check.split(" nodes a move: ").nth(1).unwrap().split(": score").next().unwrap();
    for count in counts.split(", ") {
        let (n, word) = count.split_once(' ').unwrap();
        let one = ["win", "draw", "loss"].contains(&word);
        assert_eq!(n == "1", one, "{check}");
    }
}

#[test]
fn tune_refuses_what_it_cannot_fit() {
    let dir = common::TempDir::new("tune");
    // (Weights the family does not have: a malformed command line, status 2.)
    let (status, _, err) = camelot_in(&dir, &["tune", "checkers", "--weights", "king,queen"]);
    assert_eq!(status, 2, "{err}");
    assert!(err.contains("--weights: no weight `queen`; expected some of king, safe_mobility"), "{err}");
    let (status, _, err) = camelot_in(&dir, &["tune", "checkers", "--weights", "king,king"]);
    assert_eq!(status, 2, "{err}");
    assert!(err.contains("--weights: `king` is named twice; name each weight once"), "{err}");
    let (status, _, err) = camelot_in(&dir, &["tune", "tri-camelot", "--games", "2"]);
    assert_ne!(status, 0);
    assert!(err.contains("tuning needs a game of two players"), "{err}");
    // Values out of range are refused as every command refuses them (status 2).
    for (option, value) in
        [("--games", "0"), ("--check-games", "0"), ("--nodes", "0"), ("--rounds", "0"), ("--concurrency", "0")]
    {
        let (status, _, err) = camelot_in(&dir, &["tune", "camelot", option, value]);
        assert_eq!(status, 2, "{option} {value}: {err}");
        assert!(err.contains(&format!("invalid value '{value}' for '{option} <")), "{err}");
    }
    // The check match plays pairs of games, each side moving first in one.
    let (status, _, err) = camelot_in(&dir, &["tune", "camelot", "--check-games", "3"]);
    assert_eq!(status, 2, "{err}");
    assert!(
        err.contains(
            "'--check-games <CHECK_GAMES>': the games come in pairs, seats swapped: expected an even number (2 or 4)"
        ),
        "{err}"
    );
}

#[test]
fn tune_replaces_no_file() {
    let dir = common::TempDir::new("tune-files");
    let rules = "extends = \"checkers\"\nname = \"mine\"\n";
    std::fs::write(dir.join("mine.toml"), rules).unwrap();
    std::fs::write(dir.join("kept.toml"), "[eval]\nking = 150\n").unwrap();
    let quick = ["--games", "2", "--nodes", "50", "--check-games", "2", "--max-plies", "20", "--quiet"];
    let tune = |variant: &str, output: &str| {
        let mut args = vec!["tune", variant, "-o", output];
        args.extend_from_slice(&quick);
        let started = std::time::Instant::now();
        let out = common::run_in(&dir, &args);
        (out, started.elapsed())
    };
    // The variant file being tuned, by any name: its rules are not replaced by
    // an [eval] table.
    for name in ["mine.toml", "./mine.toml", &dir.path("mine.toml")] {
        let (out, _) = tune("mine.toml", name);
        assert_eq!(out.status, 1, "{}", out.show());
        assert_eq!(
            out.stderr,
            format!(
                "error: --output {name}: it is the variant file of the game (its rules), and tune replaces no file: \
                 give a new name\n"
            )
        );
    }
    assert_eq!(std::fs::read_to_string(dir.join("mine.toml")).unwrap(), rules);
    // Another file: refused before a game is played.
    let (out, took) = tune("checkers", "kept.toml");
    assert_eq!(out.status, 1, "{}", out.show());
    assert_eq!(
        out.stderr,
        "error: --output kept.toml: the file exists, and tune replaces no file: give a new name (or remove it)\n"
    );
    assert!(out.stdout.is_empty() && took.as_secs() < 30, "refused before the work: {}", out.show());
    assert_eq!(std::fs::read_to_string(dir.join("kept.toml")).unwrap(), "[eval]\nking = 150\n");
    // A missing folder, before the work too.
    let (out, _) = tune("checkers", "no/such/w.toml");
    assert_eq!(out.status, 1, "{}", out.show());
    assert!(out.stderr.contains("there is no folder"), "{}", out.show());
    let mut files: Vec<String> =
        std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    files.sort();
    assert_eq!(files, ["kept.toml", "mine.toml"], "nothing written, nothing left");
}

#[test]
fn kept_weights_go_to_a_new_file_and_replace_none() {
    let dir = common::TempDir::new("tune-kept");
    // Weights so bad that any fit beats them: the fit is kept.
    let weak =
        "extends = \"checkers\"\nname = \"weak\"\n[eval]\nking = -300\ncapture_threat = -300\nsafe_mobility = -30\n\
                advancement = -30\n";
    std::fs::write(dir.join("weak.toml"), weak).unwrap();
    let args = ["tune", "weak.toml", "--games", "6", "--nodes", "300", "--check-games", "16", "--quiet"];
    let out = common::run_in(&dir, &args);
    assert_eq!(out.status, 0, "{}", out.show());
    assert!(
        out.stdout.contains("kept: the fitted weights are stronger; written to tuned-weak.toml\n"),
        "{}",
        out.show()
    );
    let first = std::fs::read_to_string(dir.join("tuned-weak.toml")).unwrap();
    assert!(first.contains("[eval]"), "{first}");
    // Again: the weights of before stay, the new ones take the next name.
    let out = common::run_in(&dir, &[&args[..], &["--seed", "2"]].concat());
    assert_eq!(out.status, 0, "{}", out.show());
    assert!(out.stdout.contains("written to tuned-weak-2.toml\n"), "{}", out.show());
    assert_eq!(std::fs::read_to_string(dir.join("tuned-weak.toml")).unwrap(), first);
    // A new -o name gets them, whole; the variant file keeps its rules.
    let out = common::run_in(&dir, &[&args[..], &["-o", "w.toml"]].concat());
    assert_eq!(out.status, 0, "{}", out.show());
    assert!(out.stdout.contains("written to w.toml\n"), "{}", out.show());
    assert_eq!(std::fs::read_to_string(dir.join("w.toml")).unwrap(), first, "the same options, the same weights");
    assert_eq!(std::fs::read_to_string(dir.join("weak.toml")).unwrap(), weak);
    let mut files: Vec<String> =
        std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    files.sort();
    assert_eq!(files, ["tuned-weak-2.toml", "tuned-weak.toml", "w.toml", "weak.toml"], "no temporary file is left");
}

#[test]
fn a_fit_whose_games_all_ended_alike_says_it_learns_nothing() {
    let dir = common::TempDir::new("tune-alike");
    let args = ["tune", "camette", "--games", "4", "--nodes", "200", "--check-games", "2", "--rounds", "1"];
    let (status, out, err) = camelot_in(&dir, &[&args[..], &["--weights", "tempo", "--quiet"]].concat());
    assert_eq!(status, 0, "{err}");
    assert!(out.contains("in 1 round, "), "{out}");
    assert!(out.contains("note: every position's game ended the same way"), "{out}");
}

/// What tuning cannot use is refused before any game, with status 2: a
/// weight that counts only in games of three or more players (tuning
/// plays games of two: it would be "fitted" to nothing), and opening
/// plies that leave no move before the ply limit (as `match` refuses
/// them). Before, both played every self-play game first.
#[test]
fn tune_refuses_at_once_what_its_games_could_not_fit() {
    let dir = common::TempDir::new("tune-at-once");
    let small = ["--games", "2", "--nodes", "100", "--check-games", "2", "--rounds", "1", "--quiet"];
    let (status, out, err) =
        camelot_in(&dir, &[&["tune", "camelot", "--weights", "tempo,opponents"], &small[..]].concat());
    assert_eq!(status, 2, "{out}{err}");
    assert_eq!(out, "", "no game is played");
    assert!(
        err.contains(
            "--weights: `opponents` counts only in games of three or more players, and tuning plays games of two"
        ),
        "{err}"
    );
    let (status, out, err) =
        camelot_in(&dir, &[&["tune", "camelot", "--opening-plies", "300", "--max-plies", "300"], &small[..]].concat());
    assert_eq!(status, 2, "{out}{err}");
    assert_eq!(out, "", "no game is played");
    assert!(
        err.contains("--opening-plies 300 leaves the players no move before --max-plies 300 ends each game"),
        "{err}"
    );
    // Every weight by default: those of a game of two players; `opponents`
    // stays as it was, and the report says it was not fitted.
    let (status, out, err) = camelot_in(&dir, &[&["tune", "camelot"], &small[..]].concat());
    assert_eq!(status, 0, "{err}");
    let opponents = out.lines().find(|l| l.starts_with("  opponents ")).unwrap_or_default();
    assert!(opponents.ends_with("(not fitted)"), "{out}");
    assert!(out.lines().any(|l| l.starts_with("  tempo ") && !l.ends_with("(not fitted)")), "{out}");
}
