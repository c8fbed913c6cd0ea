//! The engine as other programs use it, by driving the `camelot` binary:
//! the protocol session of the README run as written, `stop` during an
//! infinite search, clocks, variants, and every kind of bad line answered
//! without ending the session; and `camelot analyze`.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

/// A running `camelot engine`, its answers read line by line as they come.
struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Engine {
    fn start(args: &[&str]) -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_camelot"))
            .arg("engine")
            .args(args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the camelot binary starts");
        let stdin = child.stdin.take().expect("piped stdin");
        let stdout = child.stdout.take().expect("piped stdout");
        let (send, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        Engine { child, stdin, lines }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").expect("the engine reads its input");
    }

    fn send_bytes(&mut self, bytes: &[u8]) {
        self.stdin.write_all(bytes).expect("the engine reads its input");
    }

    /// The next line, within `seconds`.
    fn line(&self, seconds: u64) -> String {
        self.lines.recv_timeout(Duration::from_secs(seconds)).expect("the engine answers in time")
    }

    /// Lines up to and including the first that starts with `prefix`.
    fn until(&self, prefix: &str, seconds: u64) -> Vec<String> {
        let mut out = Vec::new();
        loop {
            let line = self.line(seconds);
            let done = line.starts_with(prefix);
            out.push(line);
            if done {
                return out;
            }
        }
    }

    /// Closes the input and checks that the engine ends cleanly.
    fn finish(mut self) {
        self.send("quit");
        drop(self.stdin);
        let status = self.child.wait().expect("the engine ends");
        let mut err = String::new();
        if let Some(mut e) = self.child.stderr.take() {
            let _ = std::io::Read::read_to_string(&mut e, &mut err);
        }
        assert!(status.success(), "status {status:?}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
}

/// A line with the values of its `nps` and `time` fields masked (they
/// differ from run to run).
fn masked(line: &str) -> String {
    let mut words: Vec<&str> = line.split(' ').collect();
    for i in 1..words.len() {
        if matches!(words[i - 1], "nps" | "time") && words[0] == "info" {
            words[i] = "#";
        }
    }
    words.join(" ")
}

#[test]
fn the_readme_session_runs_as_written() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let section = readme.split("### The engine protocol").nth(1).expect("the README's protocol section");
    let block = section.split("```").nth(1).expect("the session's block");
    let (mut input, mut expected) = (String::new(), Vec::new());
    for line in block.lines() {
        if let Some(sent) = line.strip_prefix("> ") {
            input.push_str(sent);
            input.push('\n');
        } else if let Some(answer) = line.strip_prefix("< ") {
            expected.push(masked(answer));
        }
    }
    assert!(expected.len() > 10, "{block}");
    let mut child = Command::new(env!("CARGO_BIN_EXE_camelot"))
        .arg("engine")
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success());
    let got: Vec<String> = String::from_utf8(output.stdout).unwrap().lines().map(masked).collect();
    assert_eq!(got, expected);
}

#[test]
fn stop_ends_an_infinite_search_with_a_legal_move() {
    let mut e = Engine::start(&["camelot"]);
    e.send("position startpos");
    e.send("go infinite");
    // It thinks until told: nothing but info lines meanwhile.
    std::thread::sleep(Duration::from_millis(400));
    e.send("isready");
    let before = e.until("readyok", 10);
    assert!(before.iter().all(|l| l.starts_with("info ") || l == "readyok"), "{before:?}");
    let asked = Instant::now();
    e.send("stop");
    let after = e.until("bestmove", 10);
    assert!(asked.elapsed() < Duration::from_secs(5));
    let best = after.last().unwrap().strip_prefix("bestmove ").unwrap().to_string();
    let legal = camelot_moves_at_start();
    assert!(legal.contains(&best), "{best} is not a legal first move");
    e.finish();
}

/// The legal moves at Camelot's start, as `camelot moves` lists them.
fn camelot_moves_at_start() -> Vec<String> {
    let out = Command::new(env!("CARGO_BIN_EXE_camelot")).args(["moves", "camelot"]).output().unwrap();
    String::from_utf8(out.stdout).unwrap().lines().map(String::from).collect()
}

#[test]
fn clocks_and_move_times_bound_the_search() {
    let mut e = Engine::start(&["camelot"]);
    e.send("position startpos moves E6-E8");
    let asked = Instant::now();
    e.send("go p1time 5000 p2time 2000 p2inc 100");
    e.until("bestmove", 30);
    assert!(asked.elapsed() < Duration::from_secs(3), "{:?}", asked.elapsed());
    let asked = Instant::now();
    e.send("go movetime 300");
    e.until("bestmove", 30);
    assert!(asked.elapsed() < Duration::from_secs(3), "{:?}", asked.elapsed());
    e.finish();
}

/// The deepest `depth` of the `info` lines before `bestmove` (0 if none).
fn deepest(lines: &[String]) -> u32 {
    lines.iter().filter(|l| l.starts_with("info depth ")).map(|l| field(l, "depth").parse().unwrap()).max().unwrap_or(0)
}

/// `Move Overhead` is kept off the clock: with all 5 s of it kept, the
/// search has a millisecond; with none, it takes its share (a tenth of a
/// second and more, a few plies deep), the move time whole either way.
#[test]
fn the_move_overhead_is_kept_off_the_clock() {
    let mut e = Engine::start(&["camelot"]);
    e.send("ugi");
    let ugi = e.until("ugiok", 10);
    assert!(ugi.contains(&"option name Move Overhead type spin default 10 min 0 max 5000".to_string()), "{ugi:?}");
    for (set, deep) in [("Move Overhead value 5000", false), ("MoveOverhead value 0", true)] {
        e.send(&format!("setoption name {set}"));
        e.send("go p1time 5000 p2time 5000");
        let lines = e.until("bestmove", 30);
        let best = lines.last().unwrap();
        assert!(camelot_moves_at_start().contains(&best["bestmove ".len()..].to_string()), "{best}");
        assert_eq!(deepest(&lines) >= 4, deep, "{set}: {lines:?}");
    }
    e.send("setoption name Move Overhead value 5000");
    e.send("go movetime 200");
    assert!(deepest(&e.until("bestmove", 30)) >= 4);
    for bad in ["5001", "-1", "ten", ""] {
        e.send(&format!("setoption name Move Overhead value {bad}"));
        assert_eq!(
            e.line(10),
            format!(
                "info string error: Move Overhead must be a whole number of milliseconds from 0 to 5000, not `{bad}`"
            )
        );
    }
    e.finish();
}

#[test]
fn clocks_without_the_movers_end_the_search_at_once() {
    // Green, Tri-Camelot's third player, is to move; `wtime` and `btime`
    // are the first two players' clocks.
    let mut e = Engine::start(&["tri-camelot"]);
    e.send("position startpos moves H5-F3 B11-B15");
    let asked = Instant::now();
    e.send("go wtime 60000 btime 60000");
    let lines = e.until("bestmove", 10);
    assert!(asked.elapsed() < Duration::from_secs(5), "{:?}", asked.elapsed());
    assert_eq!(
        lines[0],
        "info string `go` gives no time for p3 (Green), the player to move: it plays as with no time left"
    );
    assert_ne!(lines.last().unwrap(), "bestmove none");
    // White to move in Camelot, with only Black's clock.
    e.send("setoption name Variant value camelot");
    e.send("go btime 60000 binc 1000");
    let best = e.until("bestmove", 10).pop().unwrap();
    assert!(camelot_moves_at_start().contains(&best["bestmove ".len()..].to_string()), "{best}");
    // With a limit of its own, the search keeps it, and nothing is said.
    e.send("go btime 60000 depth 2");
    let lines = e.until("bestmove", 10);
    assert!(lines[0].starts_with("info depth 1 "), "{lines:?}");
    assert!(lines.iter().any(|l| l.starts_with("info depth 2 ")), "{lines:?}");
    e.finish();
}

#[test]
fn contempt_sets_what_a_draw_is_worth_to_the_engine() {
    // White to move one ply before checkers' advance limit: a king move
    // draws, a man move plays on in a level ending.
    let mut e = Engine::start(&["checkers"]);
    e.send("ugi");
    let ugi = e.until("ugiok", 10);
    assert!(ugi.contains(&"option name Contempt type spin default 0 min -1000 max 1000".to_string()), "{ugi:?}");
    for (contempt, score, first) in [(-300, "score cp 300 ", "bestmove 1-"), (300, "", "bestmove 22-")] {
        e.send(&format!("setoption name Contempt value {contempt}"));
        e.send("position fen W:WK1,22:BK32,9 clock2=99");
        e.send("go depth 6");
        let lines = e.until("bestmove", 30);
        let last_info = &lines[lines.len() - 2];
        assert!(last_info.contains(score), "contempt {contempt}: {lines:?}");
        assert!(lines.last().unwrap().starts_with(first), "contempt {contempt}: {lines:?}");
    }
    e.finish();
}

#[test]
fn multipv_gives_each_depth_its_best_lines_numbered() {
    let mut e = Engine::start(&["checkers"]);
    e.send("ugi");
    let ugi = e.until("ugiok", 10);
    assert!(ugi.contains(&"option name MultiPV type spin default 1 min 1 max 256".to_string()), "{ugi:?}");
    e.send("setoption name MultiPV value 3");
    e.send("position startpos");
    e.send("go depth 5");
    let lines = e.until("bestmove", 30);
    // Every depth: lines 1, 2 and 3, each starting with another move,
    // their scores from the best down.
    for depth in 1..=5 {
        let at: Vec<&String> = lines.iter().filter(|l| l.starts_with(&format!("info depth {depth} "))).collect();
        let numbers: Vec<&str> = at.iter().map(|l| field(l, "multipv")).collect();
        assert_eq!(numbers, ["1", "2", "3"], "depth {depth}: {lines:?}");
        let firsts: Vec<&str> = at.iter().map(|l| field(l, "pv")).collect();
        assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2], "{at:?}");
        let scores: Vec<i32> = at.iter().map(|l| field(l, "cp").parse().unwrap()).collect();
        assert!(scores.windows(2).all(|w| w[0] >= w[1]), "{at:?}");
    }
    // The move played is the first line's of the last depth.
    let last = lines.iter().rev().find(|l| l.contains(" multipv 1 ")).unwrap();
    assert_eq!(lines.last().unwrap(), &format!("bestmove {}", field(last, "pv")), "{lines:?}");
    // Back to one line: no numbers.
    e.send("setoption name MultiPV value 1");
    e.send("go depth 3");
    let lines = e.until("bestmove", 30);
    assert!(lines.iter().all(|l| !l.contains("multipv")), "{lines:?}");
    assert_eq!(lines.iter().filter(|l| l.starts_with("info depth 3 ")).count(), 1, "{lines:?}");
    e.finish();
}

#[test]
fn a_level_plays_quickly_within_its_depth_and_full_strength_comes_back() {
    let mut e = Engine::start(&["camelot"]);
    e.send("ugi");
    let ugi = e.until("ugiok", 10);
    assert!(ugi.contains(&"option name Level type spin default 8 min 1 max 8".to_string()), "{ugi:?}");
    e.send("setoption name Level value 2");
    e.send("uginewgame");
    e.send("position startpos");
    // Level 2 searches one ply, however long it is given, and reports
    // only the one line asked for.
    e.send("go movetime 20000");
    let lines = e.until("bestmove", 10);
    let infos: Vec<&String> = lines.iter().filter(|l| l.starts_with("info depth")).collect();
    assert_eq!(infos.len(), 1, "{lines:?}");
    assert!(infos[0].starts_with("info depth 1 ") && !infos[0].contains("multipv"), "{lines:?}");
    let best = lines.last().unwrap().strip_prefix("bestmove ").unwrap().to_string();
    assert!(camelot_moves_at_start().contains(&best), "{best}");
    // Back to full strength: the depth asked for.
    e.send("setoption name Level value 8");
    e.send("go depth 4");
    let lines = e.until("bestmove", 30);
    assert!(lines.iter().any(|l| l.starts_with("info depth 4 ")), "{lines:?}");
    e.finish();
}

/// The word after `name` in an `info` line.
fn field<'a>(line: &'a str, name: &str) -> &'a str {
    let words: Vec<&str> = line.split_whitespace().collect();
    let at = words.iter().position(|w| *w == name).unwrap_or_else(|| panic!("no `{name}` in {line:?}"));
    words[at + 1]
}

#[test]
fn other_variants_through_the_option_and_the_argument() {
    let mut e = Engine::start(&["checkers"]);
    e.send("position startpos moves 11-15");
    e.send("query p1turn");
    assert_eq!(e.line(10), "response false");
    e.send("go depth 6");
    let lines = e.until("bestmove", 30);
    assert!(lines.iter().any(|l| l.starts_with("info depth 6 ")), "{lines:?}");
    let best = lines.last().unwrap();
    assert!(
        [
            "bestmove 21-17",
            "bestmove 22-17",
            "bestmove 22-18",
            "bestmove 23-18",
            "bestmove 23-19",
            "bestmove 24-19",
            "bestmove 24-20"
        ]
        .contains(&best.as_str()),
        "{best}"
    );
    e.send("setoption name Variant value tri-camelot");
    e.send("ugi");
    let ugi = e.until("ugiok", 10);
    assert!(ugi.contains(&"option name Variant type string default tri-camelot".to_string()), "{ugi:?}");
    assert!(
        ugi.contains(&"option name MultiPlayer type combo default brs var paranoid var maxn var brs".to_string()),
        "{ugi:?}"
    );
    // Each search of three players answers with a legal move.
    for multi in ["maxn", "brs", "paranoid"] {
        e.send(&format!("setoption name MultiPlayer value {multi}"));
        e.send("position startpos");
        e.send("go depth 2");
        let best = e.until("bestmove", 60);
        assert!(best.last().is_some_and(|l| l.starts_with("bestmove ") && l != "bestmove none"), "{multi}: {best:?}");
        assert!(!best.iter().any(|l| l.starts_with("info string error")), "{multi}: {best:?}");
    }
    e.send("position startpos");
    e.send("go depth 2 p1time 1000 p2time 1000 p3time 1000");
    let best = e.until("bestmove", 30).pop().unwrap();
    assert!(best.starts_with("bestmove ") && best != "bestmove none", "{best}");
    e.send("query result");
    assert_eq!(e.line(10), "response none");
    e.finish();
}

#[test]
fn a_message_of_several_lines_comes_whole_and_a_long_word_shortened() {
    let mut e = Engine::start(&[]);
    e.send("position fen W:WKC6:WKC11");
    e.send("isready");
    let mut lines = Vec::new();
    loop {
        let line = e.line(10);
        if line == "readyok" {
            break;
        }
        lines.push(line);
    }
    assert!(lines.len() >= 3, "{lines:?}");
    assert!(lines.iter().all(|l| l.starts_with("info string error: ")), "{lines:?}");
    assert!(lines[0].contains("2 problems"), "{lines:?}");
    assert!(lines.iter().any(|l| l.contains("at column 8: White has two sections")), "{lines:?}");
    assert!(lines.iter().any(|l| l.contains("at column 13: no section for Black")), "{lines:?}");
    e.send(&"x".repeat(10_000));
    let answer = e.line(10);
    assert!(answer.starts_with("info string error: unknown command `xxx") && answer.len() < 120, "{answer}");
    // A built-in variant's name in any case, as on the command line.
    e.send("setoption name Variant value CHECKERS");
    e.send("position startpos moves 11-15");
    e.send("isready");
    assert_eq!(e.line(10), "readyok");
    e.finish();
}

#[test]
fn bad_lines_are_answered_and_the_session_goes_on() {
    let mut e = Engine::start(&[]);
    let cases: &[(&str, &str)] = &[
        ("fly", "info string error: unknown command `fly`"),
        ("isready\0", "info string error: unknown command `isready<U+0000>`"),
        ("position fen W:WZ99:BE10", "info string error: bad position string at column 4: `Z99` is not a piece"),
        (
            "position startpos moves E6-E8 E6-E7",
            "info string error: move 2 of the list (Black): `E6-E7`: the player to move",
        ),
        ("position middle", "info string error: expected `position startpos` or `position fen POSITION`"),
        ("go depth", "info string error: `go depth` needs a number after it"),
        ("go depth 0", "info string error: `go depth 0`: expected 1 or more"),
        ("go nodes 0", "info string error: `go nodes 0`: expected 1 or more"),
        ("go movetime 0", "info string error: `go movetime 0`: expected 1 or more"),
        ("go depth x", "info string error: `go depth x`: expected a whole number, 1 or more"),
        ("go movetime soon", "info string error: `go movetime soon`: expected a whole number, 1 or more"),
        ("go wtime -5", "info string error: `go wtime -5`: expected a whole number, 0 or more"),
        ("setoption name Threads value 0", "info string error: Threads must be from 1 to 256, not `0`"),
        ("setoption name Hash value lots", "info string error: Hash must be a whole number of MiB, not `lots`"),
        ("setoption name Hash value 0", "info string error: Hash must be from 1 to 65536 MiB, not `0`"),
        ("setoption name Hash value 70000", "info string error: Hash must be from 1 to 65536 MiB, not `70000`"),
        ("setoption name Contempt value 2000", "info string error: Contempt must be a whole number from -1000 to 1000"),
        ("setoption name MultiPV value 0", "info string error: MultiPV must be from 1 to 256, not `0`"),
        ("setoption name MultiPV value all", "info string error: MultiPV must be from 1 to 256, not `all`"),
        ("setoption name Level value 9", "info string error: Level must be from 1 to 8 (8: full strength), not `9`"),
        ("setoption name Level value 0", "info string error: Level must be from 1 to 8 (8: full strength), not `0`"),
        ("setoption name Colour value red", "info string error: unknown option `Colour`"),
        (
            "setoption name MultiPlayer value maxn",
            "info string error: MultiPlayer is an option of games of three or more players",
        ),
        ("setoption name Variant value no-such-game", "info string error: unknown variant `no-such-game`"),
        ("setoption Threads 2", "info string error: expected `setoption name NAME value VALUE`"),
        ("setoption name", "info string error: expected `setoption name NAME value VALUE`"),
        ("setoption name value 3", "info string error: expected `setoption name NAME value VALUE`"),
        ("query everything", "info string error: expected `query gameover`"),
    ];
    for (line, answer) in cases {
        e.send(line);
        let got = e.line(10);
        assert!(got.starts_with(answer), "{line:?} gave {got:?}, expected {answer:?}");
        e.send("isready");
        // (A message may go on over more lines, each an error line.)
        loop {
            let more = e.line(10);
            if more == "readyok" {
                break;
            }
            assert!(more.starts_with("info string error: "), "after {line:?}: {more:?}");
        }
    }
    // A line that is not UTF-8 text.
    e.send_bytes(b"go \xff\xfe depth 1\n");
    assert_eq!(e.line(10), "info string error: the line is not UTF-8 text; ignored");
    // The position from before the refused commands is still there.
    e.send("query p1turn");
    assert_eq!(e.line(10), "response true");
    e.send("go depth 1");
    assert!(e.until("bestmove", 30).last().unwrap().starts_with("bestmove "));
    e.finish();
}

#[test]
fn a_command_waiting_for_a_long_search_still_lets_it_be_stopped() {
    // `position` waits for the search running to end; the lines after it
    // are read meanwhile: `stop` ends the search, `isready` is answered.
    // What is said of a waiting `go` (its notes, its error) comes after
    // the search running too, not among its lines.
    for waiting in [
        "position startpos moves E6-E8",
        "uginewgame",
        "setoption name Hash value 16",
        "go depth 2",
        "go ponder depth 2",
        "go depth x",
    ] {
        let mut e = Engine::start(&["camelot"]);
        e.send("go depth 60");
        e.send(waiting);
        e.send("isready");
        let ready = e.until("readyok", 10);
        assert!(
            ready.iter().all(|l| l.starts_with("info depth") || l == "readyok"),
            "while {waiting:?} waits: {ready:?}"
        );
        e.send("stop");
        let first = e.until("bestmove", 10);
        assert!(first.last().unwrap().starts_with("bestmove "), "{first:?}");
        // The waiting command was carried out after the search.
        e.send("query p1turn");
        let answer = e.until("response", 10);
        let expected = if waiting.starts_with("position") { "response false" } else { "response true" };
        assert_eq!(answer.last().unwrap(), expected, "after {waiting:?}: {answer:?}");
        e.finish();
    }
}

#[test]
fn stop_and_isready_are_read_behind_several_waiting_commands() {
    // Two commands wait behind a long search: `isready` is still answered
    // and `stop` still ends it; the waiting commands then run in order (the
    // `go` after the `position` searches the new position), and the stop
    // read after that `go` ends its search too.
    let mut e = Engine::start(&["camelot"]);
    e.send("go depth 60");
    e.send("position startpos moves E6-E8");
    e.send("go depth 60");
    e.send("isready");
    let ready = e.until("readyok", 10);
    assert!(ready.iter().all(|l| l.starts_with("info depth") || l == "readyok"), "{ready:?}");
    e.send("stop");
    let first = e.until("bestmove", 10);
    assert!(first.last().unwrap().starts_with("bestmove "), "{first:?}");
    let second = e.until("bestmove", 10);
    let black = second.last().unwrap();
    assert!(black.starts_with("bestmove "), "{second:?}");
    // (Black's move: a cell of Black's half, ranks 9 to 16.)
    let from = black["bestmove ".len()..].split(['-', 'x']).next().unwrap();
    assert!(from[1..].parse::<u32>().unwrap() >= 9, "{black}");
    e.send("isready");
    assert_eq!(e.until("readyok", 10).last().unwrap(), "readyok");
    e.finish();
}

/// The engine's exit status, once it ends within `seconds` (else it is
/// killed and the test fails, saying `when`).
fn ends_within(child: &mut Child, seconds: u64, when: &str) -> std::process::ExitStatus {
    let started = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status;
        }
        if started.elapsed() > Duration::from_secs(seconds) {
            let _ = child.kill();
            panic!("{when} the engine still runs");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn quit_or_the_end_of_input_ends_a_command_waiting_for_a_long_search() {
    for end in [Some("quit"), None] {
        let mut e = Engine::start(&["camelot"]);
        e.send("go depth 60");
        e.send("position startpos moves E6-E8");
        if let Some(line) = end {
            e.send(line);
        }
        drop(e.stdin);
        assert!(ends_within(&mut e.child, 10, &format!("after {end:?}")).success());
    }
}

#[test]
fn end_of_input_during_a_search_ends_the_engine() {
    let mut e = Engine::start(&["camelot"]);
    e.send("go infinite");
    drop(e.stdin);
    let started = Instant::now();
    let status = e.child.wait().unwrap();
    assert!(status.success());
    assert!(started.elapsed() < Duration::from_secs(10));
}

/// Answers that cannot be written (a full disk) end the session and its
/// search with the error, though the input stays open.
#[cfg(target_os = "linux")]
#[test]
fn output_that_cannot_be_written_ends_the_engine_with_the_error() {
    let full = std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_camelot"))
        .args(["engine", "camelot"])
        .stdin(Stdio::piped())
        .stdout(full)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    writeln!(stdin, "go infinite").unwrap();
    let status = ends_within(&mut child, 10, "with its output full and its input open");
    let mut stderr = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut stderr).unwrap();
    assert_eq!(status.code(), Some(1), "{stderr}");
    assert_eq!(stderr, "error: cannot write the output: the disk is full\n");
    drop(stdin);
}

// ---------------------------------------------------------------------------
// `camelot analyze`

fn camelot(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_camelot")).args(args).current_dir(env!("CARGO_MANIFEST_DIR")).output().unwrap()
}

#[test]
fn analyze_prints_each_depth_then_the_best_move() {
    let out = camelot(&["analyze", "camelot", "--moves", "1.E6-E8 H11-F9", "--depth", "4"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 5, "{text}");
    for (i, line) in lines[..4].iter().enumerate() {
        assert!(line.starts_with(&format!("depth  {} ", i + 1)), "{line}");
        for field in ["score ", "nodes ", "nps ", "time ", " s  pv "] {
            assert!(line.contains(field), "{line} has no {field:?}");
        }
    }
    let best = lines[4].strip_prefix("bestmove ").expect("a best move").split_whitespace().next().unwrap();
    // The best move is the first of the last depth's line.
    assert!(lines[3].contains(&format!("pv {best}")), "{text}");
}

#[test]
fn analyze_json_gives_an_object_per_depth_and_the_best_move() {
    let out = camelot(&["analyze", "checkers", "--depth", "5", "--json", "--threads", "2"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    let values: Vec<serde_json::Value> = text.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(values.len(), 6, "{text}");
    for (i, v) in values[..5].iter().enumerate() {
        assert_eq!(v["depth"], i as u64 + 1);
        for key in ["score", "nodes", "nps", "ms", "pv", "seldepth"] {
            assert!(!v[key].is_null(), "{v} has no {key}");
        }
    }
    let last = &values[5];
    assert_eq!(last["depth"], 5);
    assert_eq!(last["bestmove"], values[4]["pv"][0]);
}

#[test]
fn analyze_json_names_only_fields_the_readme_describes() {
    // Camette's start at 500 nodes: depth 3, cut short, has already
    // beaten depth 2's move (one thread: the same search every time).
    let out = Command::new(env!("CARGO_BIN_EXE_camelot"))
        .args(["analyze", "camette", "--nodes", "500", "--json"])
        .env("CAMELOT_TABLES", "/nonexistent/camelot-test-tables")
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    let values: Vec<serde_json::Value> = text.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let last = values.last().unwrap();
    assert_eq!(last["unfinished_depth"], last["depth"].as_u64().unwrap() + 1, "{text}");
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let section = readme.split("### `camelot analyze`").nth(1).unwrap().split("\n### ").next().unwrap();
    for v in &values {
        for key in v.as_object().unwrap().keys() {
            assert!(section.contains(&format!("\"{key}\"")), "the README's analyze section does not describe {key}");
        }
    }
}

#[test]
fn analyze_multipv_numbers_each_depths_best_lines() {
    let out = camelot(&["analyze", "camelot", "--depth", "3", "--multipv", "2", "--json"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    let values: Vec<serde_json::Value> = text.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(values.len(), 7, "{text}");
    for depth in 1..=3u64 {
        let (a, b) = (&values[2 * depth as usize - 2], &values[2 * depth as usize - 1]);
        assert_eq!(
            (&a["depth"], &a["line"], &b["depth"], &b["line"]),
            (&depth.into(), &1.into(), &depth.into(), &2.into())
        );
        assert_ne!(a["pv"][0], b["pv"][0], "{text}");
        assert!(a["score"].as_i64() >= b["score"].as_i64(), "{text}");
    }
    assert_eq!(values[6]["bestmove"], values[4]["pv"][0], "{text}");
    let out = camelot(&["analyze", "camelot", "--depth", "2", "--multipv", "2"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.lines().nth(1).unwrap().starts_with("depth  1  line  2  score "), "{text}");
}

#[test]
fn analyze_a_won_position_and_a_finished_game() {
    let out = camelot(&[
        "analyze",
        "camelot",
        "--position",
        "W:WKC6,F14,G16:BKC11,D11,E11 castle-moves=0,0",
        "--depth",
        "5",
        "--json",
    ]);
    let text = String::from_utf8(out.stdout).unwrap();
    let last: serde_json::Value = serde_json::from_str(text.lines().last().unwrap()).unwrap();
    assert_eq!((last["result"].as_str(), last["plies"].as_u64()), (Some("win"), Some(3)), "{text}");
    let out = camelot(&["analyze", "camelot", "--position", "B:WF16,G16,KC6:BKC11,D11", "--depth", "3"]);
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "no move: the game is over: White wins (two pieces in Black's castle)\n"
    );
    // In JSON: the result for the side to move, a draw too, and why.
    for (position, result, reason) in [("B:WF16,G16,KC6:BKC11,D11", "loss", "goal"), ("W:W:B", "draw", "elimination")] {
        let out = camelot(&["analyze", "camelot", "--position", position, "--depth", "3", "--json"]);
        assert!(out.status.success());
        let text = String::from_utf8(out.stdout).unwrap();
        let last: serde_json::Value = serde_json::from_str(text.lines().last().unwrap()).unwrap();
        assert_eq!(last["bestmove"], serde_json::Value::Null, "{text}");
        assert_eq!((last["result"].as_str(), last["plies"].as_u64()), (Some(result), Some(0)), "{text}");
        assert_eq!(last["reason"].as_str(), Some(reason), "{text}");
    }
    // The reasons as `moves --json` names them; a game drawn by repetition
    // is over for analyze, moves and the protocol as for show and play.
    let out = camelot(&["analyze", "camelot", "--position", "B:WKC6:BKC11 castle-moves=0,0", "--depth", "2", "--json"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("\"reason\":\"insufficient_material\""), "{text}");
    let repeated = "1.C6-B5 C11-B12 2.B5-C6 B12-C11 3.C6-B5 C11-B12 4.B5-C6 B12-C11";
    let out = camelot(&["analyze", "camelot", "--moves", repeated, "--depth", "3"]);
    assert!(out.status.success());
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "no move: the game is over: drawn (repetition of position)\n");
    let out = camelot(&["moves", "camelot", "--moves", repeated, "--json"]);
    let moves: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        (&moves["count"], &moves["outcome"]["reason"]),
        (&serde_json::json!(0), &serde_json::json!("repetition"))
    );
    let mut e = Engine::start(&["camelot"]);
    e.send("position startpos moves C6-B5 C11-B12 B5-C6 B12-C11 C6-B5 C11-B12 B5-C6 B12-C11");
    e.send("go depth 3");
    assert_eq!(e.until("bestmove", 10), ["bestmove none"]);
    e.finish();
}

#[test]
fn a_table_larger_than_the_memory_is_refused() {
    // (Where the system does not say how much memory there is, nothing to test.)
    let Some(memory) = leap_engine::memory_mib().filter(|&m| m < 65_536) else { return };
    let more = (memory + 1).to_string();
    let out = camelot(&["analyze", "camelot", "--depth", "1", "--hash", &more]);
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(!out.status.success(), "{err}");
    assert!(
        err.contains(&format!(
            "invalid value '{more}' for '--hash <MIB>': is more than this machine's memory ({memory} MiB)"
        )),
        "{err}"
    );
    let mut e = Engine::start(&[]);
    e.send(&format!("setoption name Hash value {more}"));
    e.send("isready");
    let answer = e.line(10);
    let want = format!("info string error: Hash of {more} MiB is more than this machine's memory ({memory} MiB)");
    assert_eq!(answer, want);
    assert_eq!(e.line(10), "readyok");
}

#[test]
fn analyze_refuses_bad_options() {
    let cases: &[(&[&str], &str)] = &[
        (&["analyze", "camelot"], "the following required arguments were not provided"),
        (
            &["analyze", "camelot", "--depth", "3", "--threads", "0"],
            "'--threads <THREADS>': expected a whole number from 1 to 256",
        ),
        (&["analyze", "camelot", "--depth", "3", "--hash", "0"], "'--hash <MIB>': must be from 1 to 65536 MiB"),
        (&["analyze", "camelot", "--depth", "x"], "invalid value 'x' for '--depth <DEPTH>'"),
        (&["analyze", "camelot", "--depth", "3", "--moves", "1.E6-E7"], "error: --moves: "),
    ];
    for (args, message) in cases {
        let out = camelot(args);
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(!out.status.success() && err.contains(message), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
}

/// Every `go` is answered with its `bestmove`, even when `quit` comes
/// while it waits for the search before it.
#[test]
fn every_go_gets_its_bestmove_when_quit_comes_while_it_waits() {
    let mut e = Engine::start(&["camelot"]);
    e.send("go depth 60");
    e.send("go depth 4");
    e.send("quit");
    let first = e.until("bestmove", 10);
    let second = e.until("bestmove", 10);
    assert!(
        second.len() == 2 && second[0].starts_with("info depth 1 "),
        "the second search ends once it has searched a ply: {second:?}"
    );
    assert!(first.last().unwrap().starts_with("bestmove ") && second[1].starts_with("bestmove "));
    drop(e.stdin);
    assert!(e.child.wait().unwrap().success());
}

/// A `go` whose input then ends, or `quit`: the `bestmove` is a move the
/// engine searched (one ply at least), not the first move it lists; and a
/// `go` with words the engine does not know (UCI's `ponder`) still
/// searches, the words ignored with a note.
#[test]
fn the_end_of_a_script_answers_a_searched_move() {
    for end in ["", "quit"] {
        let mut e = Engine::start(&["camelot"]);
        e.send("position startpos");
        e.send("go depth 60");
        if !end.is_empty() {
            e.send(end);
        }
        let Engine { mut child, stdin, lines } = e;
        drop(stdin);
        assert!(ends_within(&mut child, 20, "at the end of the input").success());
        let out: Vec<String> = lines.iter().collect();
        assert!(out.iter().any(|l| l.starts_with("info depth 1 ")), "{end:?}: {out:?}");
        assert!(out.last().unwrap().starts_with("bestmove "), "{end:?}: {out:?}");
    }
    let mut e = Engine::start(&["camelot"]);
    e.send("go ponder 7 depth 2");
    let out = e.until("bestmove", 20);
    assert!(out[0].starts_with("info string `go` parameter `ponder 7` ignored"), "{out:?}");
    assert!(out.iter().any(|l| l.starts_with("info depth 2 ")), "{out:?}");
    e.finish();
}

/// `go searchmoves`, as UCI has it: only the moves named are searched, to
/// the depth asked, whichever is best; a move that is not legal is named
/// and left out, and with none legal every move is searched.
#[test]
fn searchmoves_keeps_the_search_to_the_moves_named() {
    let mut e = Engine::start(&["camelot"]);
    // (C6-C7 is not the move the engine plays from the start.)
    e.send("go depth 4 searchmoves C6-C7 E6-E12 nodes 10000000");
    let out = e.until("bestmove", 30);
    assert!(out[0].starts_with("info string `go searchmoves`: `E6-E12` is not legal here"), "{out:?}");
    assert!(out.iter().any(|l| l.starts_with("info depth 4 ")), "searched to its depth: {out:?}");
    for line in out.iter().filter(|l| l.starts_with("info depth")) {
        assert!(line.contains(" pv C6-C7"), "{out:?}");
    }
    assert_eq!(out.last().unwrap(), "bestmove C6-C7");
    e.send("go depth 3");
    assert_ne!(e.until("bestmove", 30).last().unwrap(), "bestmove C6-C7", "the next `go` searches every move");
    e.send("go depth 2 searchmoves E6-E12");
    let out = e.until("bestmove", 30);
    assert!(out[1].starts_with("info string `go searchmoves` names no legal move: every move is searched"), "{out:?}");
    e.send("go depth 2 searchmoves");
    assert_eq!(e.until("info string", 10), ["info string error: `go searchmoves` needs moves after it"]);
    e.finish();
}

/// A script sent all at once: the end of the input behind lines that
/// waited lets the search they start end by its depth; an infinite search
/// is not stopped by a command that waits for it, only by `stop` (or the
/// end of the input behind it, which no later line could end).
#[test]
fn a_script_runs_its_searches_to_their_limits() {
    let mut e = Engine::start(&["camelot"]);
    e.send("go infinite");
    e.send("position startpos moves E6-E8");
    std::thread::sleep(Duration::from_millis(300));
    e.send("isready");
    let meanwhile = e.until("readyok", 10);
    assert!(!meanwhile.iter().any(|l| l.starts_with("bestmove")), "position does not stop it: {meanwhile:?}");
    e.send("stop");
    e.until("bestmove", 10);
    e.send("go depth 3");
    e.send("position startpos");
    e.send("go depth 2");
    let Engine { mut child, stdin, lines } = e;
    drop(stdin);
    let rest: Vec<String> = lines.iter().collect();
    assert_eq!(rest.iter().filter(|l| l.starts_with("bestmove")).count(), 2, "{rest:?}");
    assert!(rest.iter().any(|l| l.starts_with("info depth 3 ")), "{rest:?}");
    let last = rest.iter().rposition(|l| l.starts_with("bestmove")).unwrap();
    assert!(rest[..last].last().unwrap().starts_with("info depth 2 "), "the last search ends by its depth: {rest:?}");
    assert!(child.wait().unwrap().success());
}

/// An unknown option's error lists the options the game has: MultiPlayer
/// only in games of three or more players.
#[test]
fn an_unknown_option_lists_the_games_options() {
    for (variant, multi) in [("camelot", false), ("tri-camelot", true)] {
        let mut e = Engine::start(&[variant]);
        e.send("setoption name Speed value 3");
        let line = e.line(10);
        assert!(line.starts_with("info string error: unknown option `Speed`; options: Threads,"), "{line}");
        assert_eq!(line.contains("MultiPlayer"), multi, "{variant}: {line}");
        e.finish();
    }
}

/// A script that ends with a command waiting for an infinite search ends:
/// nothing after the end of the input could stop the search.
#[test]
fn a_script_ending_behind_an_infinite_search_ends() {
    let mut e = Engine::start(&["camelot"]);
    for line in ["go depth 3", "position startpos", "go infinite", "position startpos moves E6-E8"] {
        e.send(line);
    }
    let Engine { mut child, stdin, lines } = e;
    drop(stdin);
    assert!(ends_within(&mut child, 20, "at the end of the input").success());
    let out: Vec<String> = lines.iter().collect();
    assert_eq!(out.iter().filter(|l| l.starts_with("bestmove")).count(), 2, "{out:?}");
}

/// `ugi` gives each option's default, the value the engine starts with,
/// whatever `setoption` set since (the Variant option's: the variant played).
#[test]
fn ugi_gives_the_defaults_not_the_values_set() {
    let mut e = Engine::start(&["camelot"]);
    e.send("setoption name Hash value 8");
    e.send("setoption name MultiPV value 3");
    e.send("ugi");
    let lines = e.until("ugiok", 10);
    assert!(lines.contains(&"option name Hash type spin default 64 min 1 max 65536".to_string()), "{lines:?}");
    assert!(lines.contains(&"option name MultiPV type spin default 1 min 1 max 256".to_string()), "{lines:?}");
    e.finish();
}

/// `bestmove` is the first move of the last line an `info` gave, as a GUI
/// shows it: where the node limit cuts a depth short after one of its
/// moves beat the last completed depth's best (from Camelot's start at
/// 300 000 nodes, depth 7's C6-E8 beats depth 6's F7-H5-J7), that move's
/// line is sent before it, with one line asked for or several.
#[test]
fn bestmove_is_the_first_move_of_the_last_line_sent() {
    for multipv in [1, 2] {
        for nodes in [300_000, 120_000, 50_000] {
            let mut e = Engine::start(&["camelot"]);
            e.send(&format!("setoption name MultiPV value {multipv}"));
            e.send("position startpos");
            e.send(&format!("go nodes {nodes}"));
            let lines = e.until("bestmove", 60);
            let best = lines.last().unwrap().strip_prefix("bestmove ").unwrap().to_string();
            // (The best line of each depth: the first of its lines.)
            let last = lines
                .iter()
                .rev()
                .find(|l| l.starts_with("info depth ") && (multipv == 1 || l.contains(" multipv 1 ")))
                .expect("an info line");
            assert_eq!(field(last, "pv"), best, "{nodes} nodes: {lines:?}");
            e.finish();
        }
    }
}

/// `uci`, as a UCI interface starts a session, is answered as UCI has it:
/// the same lines, ending with `uciok` (the interface waits for that word);
/// `ugi` still ends with `ugiok`.
#[test]
fn uci_is_answered_with_uciok() {
    let mut e = Engine::start(&["camelot"]);
    for (command, last) in [("uci", "uciok"), ("ugi", "ugiok")] {
        e.send(command);
        let lines = e.until("u", 10);
        assert_eq!(lines[0], "id name camelot 0.1.0", "{command}: {lines:?}");
        assert!(lines[2].starts_with("option name Threads "), "{command}: {lines:?}");
        assert_eq!(lines.last().unwrap(), last, "{command}: {lines:?}");
    }
    e.finish();
}

/// A script sent in one write, each `go` with its `stop` after it: every
/// search ends, each `stop` ending the search of the `go` before it, even
/// when that `go` waited for the search before it (which the `stop` ends
/// as well, if it still runs). Before, such a `stop` was spent on the
/// search already ending, and the next `go infinite` ran for ever.
#[test]
fn each_go_sent_with_its_stop_in_one_write_ends() {
    let mut e = Engine::start(&["camelot"]);
    let script = "go infinite\nstop\n".repeat(4) + "go movetime 30\ngo infinite\nstop\n";
    e.send_bytes(script.as_bytes());
    for n in 1..=6 {
        let lines = e.until("bestmove", 10);
        assert!(lines.last().unwrap().starts_with("bestmove "), "search {n}: {lines:?}");
    }
    e.send("isready");
    assert_eq!(e.until("readyok", 10), ["readyok"], "no search runs, and no more bestmove comes");
    e.finish();
}
