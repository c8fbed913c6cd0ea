//! The fuzz targets (`crates/fuzzing`, run coverage-guided by cargo-fuzz
//! from `fuzz/`) as ordinary tests on stable: each target runs every input
//! of its corpus kept in `tests/fuzz/corpus/TARGET/` (seeds, and every
//! input that once broke a law, named `regression-*`), then a seeded run
//! of inputs mutated from that corpus ([`leap_fuzzing::mutate`]).
//!
//! `FUZZ_RUNS=N` changes the number of mutated inputs per target and
//! `FUZZ_SEED=S` the seed (for a longer run: `FUZZ_RUNS=100000 cargo test
//! --release --test fuzz`). A failure shows the input; add it to the
//! corpus as `regression-WHAT` once fixed.
//!
//! `cargo test --test fuzz -- --ignored write_seed_corpus` writes the seeds
//! made from the built-in variants again (`seed-*` files).

use leap_core::SplitMix64;
use leap_fuzzing::{mutate, target, Target, TARGETS};
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::Duration;

const CORPUS: &str = "tests/fuzz/corpus";

/// Mutated inputs per target in a test run: about a second each with the
/// test profile on one core.
const RUNS: usize = 1000;

/// The longest an input may take before it counts as a hang.
const HANG: Duration = Duration::from_secs(60);

/// The inputs of a target's corpus, by file name, in name order.
fn corpus(name: &str) -> Vec<(String, Vec<u8>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(CORPUS).join(name);
    let mut inputs: Vec<(String, Vec<u8>)> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| {
            let path = entry.expect("a corpus entry").path();
            let file = path.file_name().expect("a file name").to_string_lossy().into_owned();
            (file, std::fs::read(&path).expect("a corpus file"))
        })
        .collect();
    inputs.sort();
    inputs
}

/// Runs one input on a thread of its own: the panic's message if a law is
/// broken, or a hang if it takes longer than [`HANG`].
fn run(target: &'static Target, data: &[u8]) -> Result<(), String> {
    let (done, finished) = mpsc::channel();
    let data = data.to_vec();
    let worker = std::thread::spawn(move || {
        (target.run)(&data);
        let _ = done.send(());
    });
    match finished.recv_timeout(HANG) {
        Ok(()) => worker.join().map_err(|_| "panicked after it finished".to_string()),
        Err(mpsc::RecvTimeoutError::Timeout) => Err(format!("did not finish in {HANG:?}")),
        Err(mpsc::RecvTimeoutError::Disconnected) => Err(match worker.join() {
            Err(payload) => payload
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_else(|| "a panic".to_string()),
            Ok(()) => "ended without finishing".to_string(),
        }),
    }
}

/// The input as a person can copy it into a corpus file.
fn show(data: &[u8]) -> String {
    match std::str::from_utf8(data) {
        Ok(text) => format!("{text:?}"),
        Err(_) => format!("bytes {data:?}"),
    }
}

fn env_number(key: &str) -> Option<u64> {
    std::env::var(key).ok().and_then(|v| v.trim().parse().ok())
}

/// A target on its corpus, then on mutated inputs.
fn exercise(name: &str) {
    let target = target(name).expect("a target");
    let inputs = corpus(name);
    assert!(!inputs.is_empty(), "the corpus of {name} is empty");
    let mut failures = Vec::new();
    for (file, data) in &inputs {
        if let Err(e) = run(target, data) {
            failures.push(format!("{CORPUS}/{name}/{file}: {e}"));
        }
    }
    let seed = env_number("FUZZ_SEED").unwrap_or(0x5eed ^ name.len() as u64);
    let runs = env_number("FUZZ_RUNS").map_or(RUNS, |n| n as usize);
    let mut rng = SplitMix64::new(seed);
    let others: Vec<Vec<u8>> = inputs.into_iter().map(|(_, d)| d).collect();
    for i in 0..runs {
        let mut data = others[rng.below(others.len())].clone();
        mutate(&mut data, &mut rng, target.words, &others);
        if let Err(e) = run(target, &data) {
            failures.push(format!("mutated input {i} (FUZZ_SEED={seed}): {e}\ninput: {}", show(&data)));
            if failures.len() >= 5 {
                break;
            }
        }
    }
    assert!(failures.is_empty(), "{name}: {} failures:\n\n{}", failures.len(), failures.join("\n\n"));
}

#[test]
fn fuzz_position() {
    exercise("position");
}

#[test]
fn fuzz_moves() {
    exercise("moves");
}

#[test]
fn fuzz_record() {
    exercise("record");
}

#[test]
fn fuzz_variant_text() {
    exercise("variant_text");
}

#[test]
fn fuzz_variant_structured() {
    exercise("variant_structured");
}

#[test]
fn fuzz_protocol() {
    exercise("protocol");
}

#[test]
fn every_target_has_a_corpus_and_a_cargo_fuzz_binary() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let manifest = std::fs::read_to_string(root.join("fuzz/Cargo.toml")).expect("fuzz/Cargo.toml");
    for t in TARGETS {
        assert!(root.join(CORPUS).join(t.name).is_dir(), "no corpus for {}", t.name);
        let source = format!("fuzz_targets/{}.rs", t.name);
        assert!(manifest.contains(&format!("path = \"{source}\"")), "fuzz/Cargo.toml has no binary {}", t.name);
        let body = std::fs::read_to_string(root.join("fuzz").join(&source)).expect("the target's source");
        assert!(
            body.contains(&format!("leap_fuzzing::{}(", t.name)),
            "fuzz/{source} does not run leap_fuzzing::{}",
            t.name
        );
        let written = std::fs::read_to_string(root.join(format!("fuzz/dict/{}.dict", t.name))).unwrap_or_default();
        assert_eq!(written, dictionary(t.words), "fuzz/dict/{}.dict: write it again (write_seed_corpus)", t.name);
    }
}

/// A target's words as a libFuzzer dictionary: one quoted word a line.
fn dictionary(words: &[&str]) -> String {
    let mut out = String::from("# The words of leap_fuzzing's target (written by tests/fuzz.rs: write_seed_corpus).\n");
    for word in words {
        out.push('"');
        for b in word.bytes() {
            match b {
                b'"' | b'\\' => out.push_str(&format!("\\{}", b as char)),
                0x20..=0x7e => out.push(b as char),
                _ => out.push_str(&format!("\\x{b:02X}")),
            }
        }
        out.push_str("\"\n");
    }
    out
}

/// Most sketches must make files that are accepted, or the structure-aware
/// target would test little beyond the refusals.
#[test]
fn sketched_variants_are_often_playable() {
    let mut rng = SplitMix64::new(11);
    let (mut accepted, total) = (0, 200);
    for _ in 0..total {
        let bytes: Vec<u8> = (0..rng.below(400) + 50).map(|_| rng.next_u64() as u8).collect();
        if let Some(sketch) = leap_fuzzing::VariantSketch::from_bytes(&bytes) {
            accepted += leap_games::parse("sketch.toml", &sketch.to_toml()).is_ok() as usize;
        }
    }
    assert!(accepted * 10 >= total, "only {accepted} of {total} sketches are valid variants");
}

/// Writes the seeds of the corpus made from the built-in variants: their
/// files, start positions, and random games as moves, records and
/// protocol sessions (`seed-*` files; regression inputs are kept).
#[test]
#[ignore]
fn write_seed_corpus() {
    use leap_core::notation::{format_move, format_position};
    use leap_core::rules::LeapRules;
    use leap_core::{Game, History};
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join(CORPUS);
    let write = |target: &str, file: &str, text: &[u8]| {
        let dir: PathBuf = root.join(target);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join(file), text).unwrap();
    };
    for t in TARGETS {
        let file = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("fuzz/dict/{}.dict", t.name));
        std::fs::write(file, dictionary(t.words)).unwrap();
    }
    let mut rng = SplitMix64::new(2024);
    for (name, text) in leap_format::BUILTIN {
        write("variant_text", &format!("seed-{name}.toml"), text.as_bytes());
        let variant = leap_games::load(name).unwrap();
        leap_games::with_game!(variant, g => {
            let start = g.start();
            write("position", &format!("seed-{name}"), format!("{name}\n{}", format_position(&g, &start)).as_bytes());
            let mut history = History::new(start);
            for _ in 0..(10 + rng.below(30)) {
                if history.outcome(&g).is_some() {
                    break;
                }
                let keys = g.legal_moves(history.current());
                if keys.is_empty() {
                    break;
                }
                let mv = g.canonical(history.current(), &keys[rng.below(keys.len())]).unwrap();
                history.push(&g, mv);
            }
            let moves: Vec<String> = history.moves().iter().map(|m| format_move(g.board(), m)).collect();
            write("moves", &format!("seed-{name}"), format!("{name}\n\n{}", moves.join(" ")).as_bytes());
            let middle = history.positions()[history.moves().len() / 2];
            write("position", &format!("seed-{name}-middle"), format!("{name}\n{}", format_position(&g, &middle)).as_bytes());
            write("record", &format!("seed-{name}.pgn"), history.to_record(&g, &[("White".into(), "A".into())]).as_bytes());
            let session = format!(
                "{name}\nugi\nisready\nposition startpos moves {}\ngo depth 2\nquery gameover\nquery result\nquery p1turn\nquit\n",
                moves[..moves.len().min(6)].join(" ")
            );
            write("protocol", &format!("seed-{name}"), session.as_bytes());
        });
    }
    for i in 0..8 {
        let bytes: Vec<u8> = (0..300).map(|_| rng.next_u64() as u8).collect();
        write("variant_structured", &format!("seed-{i}"), &bytes);
    }
}

/// Found by fuzzing: a checkers file whose Black men start on a square
/// that is also one of Black's crowning squares was accepted, and its
/// start position could then not be written and read back (position
/// strings refuse a man on its own crowning row).
#[test]
fn a_setup_the_game_could_never_reach_is_refused_where_it_is_written() {
    let text = leap_format::builtin("checkers")
        .unwrap()
        .replace("promotion = [\"29\", \"30\", \"31\", \"32\"]", "promotion = [\"29\", \"10\", \"31\", \"32\"]");
    let e = leap_games::parse("crowned.toml", &text).err().expect("refused").to_string();
    let setup = text.lines().position(|l| l == "[setup]").unwrap() + 1;
    assert!(
        e.contains(&format!(
            "crowned.toml:{setup}:1: error: the start position cannot be played: Black Man on 10: \
             a piece on its own crowning row would have been crowned there"
        )),
        "{e}"
    );
}

/// Found by reading the protocol while writing its target: a command that
/// needs the engine while `go infinite` runs (`position`, `go`,
/// `setoption`, `uginewgame`) waited for a search that never ends.
#[test]
fn a_command_after_go_infinite_stops_the_search_instead_of_waiting_for_ever() {
    let (done, finished) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = done.send(leap_fuzzing::session(b"go infinite\nposition startpos moves E6-E8\ngo depth 1\nquit\n"));
    });
    let out = finished.recv_timeout(HANG).expect("the session ends");
    assert_eq!(out.lines().filter(|l| l.starts_with("bestmove ")).count(), 2, "{out}");
}
