//! The target of the engine protocol (`camelot engine`), run in-process.

use crate::check::builtin;
use camelot_cli::protocol::{run_on, Bounds};
use std::io::Write;
use std::sync::{Arc, Mutex};

/// What a session may spend on one input: searches of two plies and a
/// few thousand positions, one thread, a table of 1 MiB.
pub const BOUNDS: Bounds = Bounds { depth: Some(2), nodes: Some(3_000), threads: 1, hash_mib: 1 };

/// The words a line of the protocol may start with.
const ANSWERS: &[&str] = &["id", "option", "ugiok", "uciok", "readyok", "info", "bestmove", "response"];

/// The output of a session, kept.
#[derive(Clone, Default)]
struct Kept(Arc<Mutex<Vec<u8>>>);

impl Write for Kept {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap_or_else(|p| p.into_inner()).extend_from_slice(bytes);
        Ok(bytes.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Runs lines of the engine protocol in-process, within [`BOUNDS`], and
/// returns what the engine wrote; a first line that names a built-in
/// variant starts the session with it (else Camelot, and that line is a
/// command like the others).
pub fn session(data: &[u8]) -> String {
    let (name, input) = match data.iter().position(|&b| b == b'\n') {
        Some(i) if builtin(&String::from_utf8_lossy(&data[..i])).is_some() => {
            (String::from_utf8_lossy(&data[..i]).trim().to_ascii_lowercase(), &data[i + 1..])
        }
        _ => ("camelot".to_string(), data),
    };
    let out = Kept::default();
    if let Err(e) = run_on(&name, std::io::Cursor::new(input.to_vec()), out.clone(), BOUNDS) {
        panic!("the session ended on an error: {e}");
    }
    let bytes = out.0.lock().unwrap_or_else(|p| p.into_inner()).clone();
    String::from_utf8(bytes).expect("the engine writes UTF-8")
}

/// The engine protocol: lines of commands (the first may name a built-in
/// variant), answered in-process with every search bounded. The session
/// must end when its input does (no command waits for ever), every line it
/// writes is one of the protocol's answers, no search fails, and no `go`
/// is answered with more than one `bestmove`.
pub fn protocol(data: &[u8]) {
    let output = session(data);
    let gos = data.split(|&b| b == b'\n').filter(|l| l.split(|b| b.is_ascii_whitespace()).any(|w| w == b"go")).count();
    let mut bestmoves = 0;
    for line in output.lines() {
        let first = line.split_whitespace().next().unwrap_or("");
        assert!(ANSWERS.contains(&first), "the engine wrote `{line}`");
        assert!(!line.contains("internal error"), "the engine wrote `{line}`");
        if first == "bestmove" {
            bestmoves += 1;
            assert_eq!(line.split_whitespace().count(), 2, "the engine wrote `{line}`");
        }
    }
    assert!(bestmoves <= gos, "{bestmoves} bestmove answers to {gos} go commands:\n{output}");
}

/// Words of the protocol.
pub const WORDS: &[&str] = &[
    "ugi\n",
    "uci\n",
    "isready\n",
    "uginewgame\n",
    "position startpos",
    "position fen ",
    " moves ",
    "go",
    " depth ",
    " nodes ",
    " movetime ",
    " infinite",
    " wtime ",
    " btime ",
    " p3time ",
    " winc ",
    " movestogo ",
    "stop\n",
    "quit\n",
    "query gameover\n",
    "query result\n",
    "query p1turn\n",
    "setoption name ",
    "Threads value ",
    "Hash value ",
    "Variant value checkers\n",
    "Variant value tri-camelot\n",
    "MultiPlayer value maxn\n",
    "E6-E8",
    "H11-F9",
    "W:WKC6,D6:BKC11,D11 castle-moves=0,0",
    "\n",
];
