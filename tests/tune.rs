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
    assert!(lines[check].starts_with("check: fitted against start weights, 4 games at 300 nodes a move: "), "{out}");
    let written = dir.join("t.toml");
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
fn tune_refuses_what_it_cannot_fit() {
    let dir = common::TempDir::new("tune");
    let (status, _, err) = camelot_in(&dir, &["tune", "checkers", "--weights", "king,queen"]);
    assert_ne!(status, 0);
    assert!(err.contains("--weights: no weight `queen`; expected some of king, safe_mobility"), "{err}");
    let (status, _, err) = camelot_in(&dir, &["tune", "tri-camelot", "--games", "2"]);
    assert_ne!(status, 0);
    assert!(err.contains("tuning needs a game of two players"), "{err}");
    let (status, _, err) = camelot_in(&dir, &["tune", "camelot", "--games", "0"]);
    assert_ne!(status, 0);
    assert!(err.contains("--games and --check-games must be at least 1"), "{err}");
}
