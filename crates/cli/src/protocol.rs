//! `camelot engine`: the engine behind a text protocol on standard input
//! and output, for other programs (GUIs, match runners), following the UGI
//! conventions (UCI generalised to any game). The commands are described in
//! `docs/protocol.md`. This layer only translates text to calls of
//! [`leap_engine::Engine`]: a search runs on a thread of its own, and the
//! input is read on another, so that `stop`, `isready` and `quit` are
//! answered while it thinks, even while a command waits for it to end.
//!
//! [`run_on`] runs a session on any input and output, in-process, with
//! [`Bounds`] on what it may spend (the tests and fuzz targets drive it so).

use crate::error::{CliError, CliResult};
use leap_core::notation::{format_line, parse_position};
use leap_core::{GameResult, History};
use leap_engine::score::{decided, Score};
use leap_engine::{
    Clock, Engine, Level, Limits, Multi, Options, Report, Stop, MAX_CONTEMPT, MAX_HASH_MIB, MAX_MOVE_OVERHEAD_MS,
    MAX_MULTI_PV, MAX_THREADS,
};
use leap_games::with_game;
use leap_games::{Played, Variant};
use std::collections::VecDeque;
use std::io::{BufRead, Write};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

/// The protocol's name for the engine.
const NAME: &str = concat!("camelot ", env!("CARGO_PKG_VERSION"));

/// Where the protocol's lines go: shared by the session and its search
/// thread, with the first error writing them met.
#[derive(Clone)]
struct Output(Arc<Mutex<Written>>);

/// The output, and the first error a write to it met.
type Written = (Box<dyn Write + Send>, Option<std::io::Error>);

impl Output {
    fn new(output: impl Write + Send + 'static) -> Output {
        Output(Arc::new(Mutex::new((Box::new(output), None))))
    }

    /// Writes one line of the protocol and flushes it. Once a write has
    /// failed nothing more is written: the session ends with the error
    /// ([`Output::failure`]) at its next line.
    fn send(&self, line: &str) {
        let mut guard = self.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let (out, failed) = &mut *guard;
        if failed.is_none() {
            if let Err(e) = writeln!(out, "{line}").and_then(|()| out.flush()) {
                *failed = Some(e);
            }
        }
    }

    /// The error a write met, taken (the session ends with it).
    fn failure(&self) -> Option<std::io::Error> {
        self.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).1.take()
    }
}

/// A line of input as read: `None` at the end of the input.
type Line = Option<std::io::Result<String>>;

/// The session's input, read on a thread of its own: while a command waits
/// for the search running to end, the lines after it are still read, so
/// that `stop`, `isready`, `quit` and the end of input are seen at once.
struct Input {
    lines: Receiver<Line>,
    /// Lines read while a command waited, to be carried out in turn.
    queued: VecDeque<Line>,
    /// `quit` or the end of input came while a command waited: the session
    /// ends as soon as the search has.
    quit: bool,
    /// Whether the last line given was read while a command waited: a
    /// line of a script sent with the commands before it.
    from_queue: bool,
}

impl Input {
    /// Starts reading `input` on a thread of its own. (The thread is left
    /// to end with the input or the process: a read cannot be called off,
    /// and `quit` must not wait for a line that may never come.)
    fn spawn(input: impl BufRead + Send + 'static) -> Input {
        let (send, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in input.lines() {
                // (A line that is not UTF-8 is skipped, as any bad command is;
                // any other error ends the input.)
                let fatal = line.as_ref().is_err_and(|e| e.kind() != std::io::ErrorKind::InvalidData);
                if send.send(Some(line)).is_err() || fatal {
                    return;
                }
            }
            let _ = send.send(None);
        });
        Input { lines, queued: VecDeque::new(), quit: false, from_queue: false }
    }

    /// The next line to carry out, if one comes within `wait`.
    fn next_within(&mut self, wait: Duration) -> Option<Line> {
        let queued = self.queued.pop_front();
        self.from_queue = queued.is_some();
        match queued {
            Some(line) => Some(line),
            None => match self.lines.recv_timeout(wait) {
                Ok(line) => Some(line),
                Err(RecvTimeoutError::Timeout) => None,
                Err(RecvTimeoutError::Disconnected) => Some(None),
            },
        }
    }
}

/// Limits on what a session may spend, beyond the protocol's own: every
/// search is cut to at most `depth` plies and `nodes` positions, and the
/// `Threads` and `Hash` options are taken as at most `threads` and
/// `hash_mib` (the table starts at that size if it is smaller than the
/// default). For running a session in-process, in tests and fuzzing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bounds {
    /// The deepest search, in plies.
    pub depth: Option<u32>,
    /// The most positions a search visits (about).
    pub nodes: Option<u64>,
    /// The most search threads.
    pub threads: usize,
    /// The largest transposition table, in MiB.
    pub hash_mib: usize,
}

impl Bounds {
    /// No limits but the protocol's own: `camelot engine`.
    pub const NONE: Bounds = Bounds { depth: None, nodes: None, threads: MAX_THREADS, hash_mib: MAX_HASH_MIB };

    /// The engine's options when a session starts: the defaults, within
    /// these bounds.
    fn defaults(&self) -> Options {
        let mut options = Options::default();
        options.hash_mib = options.hash_mib.min(self.hash_mib);
        options.threads = options.threads.min(self.threads);
        options
    }

    /// The smaller of a limit asked for and the bound (either may be absent).
    fn cap<T: Ord>(asked: Option<T>, bound: Option<T>) -> Option<T> {
        match (asked, bound) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }
}

/// Runs the protocol on standard input until `quit` or its end; `variant`
/// is the game at the start (`setoption name Variant` changes it).
pub fn run(variant: &str) -> CliResult {
    run_on(variant, std::io::BufReader::new(std::io::stdin()), std::io::stdout(), Bounds::NONE)
}

/// Runs the protocol on `input` until `quit` or its end, writing to
/// `output` as `camelot engine` writes to standard output, within
/// `bounds`; `variant` is the game at the start. The input is read on a
/// thread of its own, which ends with it. A line that is not UTF-8
/// is answered with an error and skipped, as any bad command is; only a
/// variant that cannot be loaded at the start, or input that cannot be
/// read, is an error.
///
/// ```
/// use camelot_cli::protocol::{run_on, Bounds};
/// use std::sync::{Arc, Mutex};
/// #[derive(Clone, Default)]
/// struct Lines(Arc<Mutex<Vec<u8>>>);
/// impl std::io::Write for Lines {
///     fn write(&mut self, b: &[u8]) -> std::io::Result<usize> { self.0.lock().unwrap().write(b) }
///     fn flush(&mut self) -> std::io::Result<()> { Ok(()) }
/// }
/// let out = Lines::default();
/// let bounds = Bounds { depth: Some(1), nodes: Some(1_000), threads: 1, hash_mib: 1 };
/// run_on("camelot", &b"isready\ngo depth 9\nquit\n"[..], out.clone(), bounds).unwrap();
/// let text = String::from_utf8(out.0.lock().unwrap().clone()).unwrap();
/// assert!(text.starts_with("readyok\n") && text.contains("bestmove "), "{text}");
/// ```
pub fn run_on(
    variant: &str,
    input: impl BufRead + Send + 'static,
    output: impl Write + Send + 'static,
    bounds: Bounds,
) -> CliResult {
    let out = Output::new(output);
    let mut input = Input::spawn(input);
    let mut options = bounds.defaults();
    let mut name = variant.to_string();
    let mut current = crate::commands::load_variant(&name)?;
    loop {
        let next = with_game!(current, g => Session::new(g, &name, options, out.clone(), bounds, &mut input).serve()?);
        match next {
            Next::Quit => return Ok(()),
            Next::Switch { variant, name: new_name, options: kept } => {
                current = *variant;
                name = new_name;
                options = kept;
            }
        }
    }
}

/// What ends a session with one variant.
enum Next {
    Quit,
    /// `setoption name Variant`: the new variant, its name, the options kept.
    Switch {
        variant: Box<Variant>,
        name: String,
        options: Options,
    },
}

/// The protocol with one game.
struct Session<'i, G: Played> {
    /// The engine, while no search has it.
    engine: Option<Engine<G, G::Eval>>,
    /// The search running, which gives the engine back.
    search: Option<JoinHandle<Engine<G, G::Eval>>>,
    stop: Stop,
    game: G,
    /// The variant's name, as the `Variant` option shows it.
    name: String,
    options: Options,
    /// The game so far, from the last `position`.
    history: History,
    /// Whether the search running was started by `go infinite` (or with no
    /// limit): it ends only when stopped.
    infinite: bool,
    out: Output,
    bounds: Bounds,
    input: &'i mut Input,
    /// What to say of the solved table at the first search, as `info string`.
    table_note: Option<String>,
}

/// The engine of a session: with the game's solved table when one is
/// installed (a table that cannot be used is left aside), and a level's
/// chance seeded from the clock (a new game seeds it again); with what to
/// say of the table, at the first search (the protocol has no place to
/// say it before `ugi`).
fn engine_for<G: Played>(game: &G, options: Options) -> (Engine<G, G::Eval>, Option<String>) {
    let mut engine = Engine::new(game.clone(), game.evaluation(), options);
    engine.set_seed(leap_engine::clock_seed());
    let note = match engine.use_installed_solution() {
        Ok(Some(path)) => Some(format!("the engine plays from the solved table {}", path.display())),
        Ok(None) => None,
        Err(why) => Some(format!("warning: {why}")),
    };
    (engine, note)
}

impl<'i, G: Played> Session<'i, G> {
    fn new(game: G, name: &str, options: Options, out: Output, bounds: Bounds, input: &'i mut Input) -> Self {
        let history = History::new(game.start());
        let (engine, table_note) = engine_for(&game, options);
        Session {
            engine: Some(engine),
            table_note,
            search: None,
            stop: Stop::new(),
            game,
            name: name.to_string(),
            options,
            history,
            infinite: false,
            out,
            bounds,
            input,
        }
    }

    /// Writes one line of the protocol.
    fn send(&self, line: &str) {
        self.out.send(line);
    }

    /// Says what went wrong: each line of `message` as a line
    /// `info string error: ...` (a message about a file may list several
    /// problems, each where it is).
    fn send_error(&self, message: &str) {
        for line in message.lines().map(str::trim_end).filter(|l| !l.trim().is_empty()) {
            // (What the input held is quoted; a control character in it, a
            // NUL, is written as an escape, not sent raw to the reader.)
            self.send(&format!("info string error: {}", leap_core::visible(line)));
        }
    }

    /// Answers commands until `quit`, the end of input, or a new variant.
    fn serve(mut self) -> Result<Next, CliError> {
        while !self.input.quit {
            // (Answers that cannot be written end the session, and the
            // search running, with the error: nobody reads them. It is
            // looked for while the session waits for a line, as a search
            // writes.)
            if let Some(e) = self.out.failure() {
                self.stop.stop();
                self.finish_search();
                return Err(CliError::Output(e));
            }
            let Some(line) = self.input.next_within(Duration::from_millis(50)) else {
                continue;
            };
            let Some(line) = line else {
                break;
            };
            let line = match line {
                Ok(line) => line,
                Err(e) if e.kind() == std::io::ErrorKind::InvalidData => {
                    self.send_error("the line is not UTF-8 text; ignored");
                    continue;
                }
                Err(e) => return Err(CliError::Input(e)),
            };
            let words: Vec<&str> = line.split_whitespace().collect();
            let Some((&command, args)) = words.split_first() else {
                continue;
            };
            match command {
                "ugi" | "uci" => self.identify(command),
                "isready" => self.send("readyok"),
                "setoption" => {
                    if let Some(next) = self.set_option(args) {
                        self.finish_search();
                        return Ok(next);
                    }
                }
                "uginewgame" | "ucinewgame" => {
                    self.finish_search();
                    self.history = History::new(self.game.start());
                    if let Some(e) = &mut self.engine {
                        e.new_game();
                        e.set_seed(leap_engine::clock_seed());
                    }
                }
                "position" => {
                    self.finish_search();
                    if let Err(message) = self.set_position(args) {
                        self.send_error(&message);
                    }
                }
                "go" => {
                    // (What is said of this `go`, its notes or its error,
                    // comes after the search running, not among its lines.)
                    self.finish_search();
                    match Go::parse(args, self.game.players().len(), self.white_black()) {
                        Ok((go, notes)) => {
                            for note in notes {
                                self.send(&format!("info string {note}"));
                            }
                            self.go(go);
                            // (The session ends: every `go` has its `bestmove`,
                            // this one's once it has searched a ply.)
                            if self.input.quit {
                                self.stop.finish();
                            }
                        }
                        Err(message) => self.send_error(&message),
                    }
                }
                "stop" => self.stop.stop(),
                "query" => self.query(args),
                "quit" => return self.end(),
                other => self.send_error(&format!("unknown command `{}`", leap_core::notation::quoted(other))),
            }
        }
        self.end()
    }

    /// Ends the session (`quit`, the end of the input): the search
    /// running first, then with the error of an answer that could not be
    /// written, if one could not (its `bestmove` too).
    fn end(&mut self) -> Result<Next, CliError> {
        self.end_search();
        match self.out.failure() {
            Some(e) => Err(CliError::Output(e)),
            None => Ok(Next::Quit),
        }
    }

    /// `ugi`: who the engine is and what can be set.
    ///
    /// Each option's `default` is its value when the engine starts, not as
    /// `setoption` may have set it since; the `Variant` option's is the
    /// variant being played, which no other answer says. The last line
    /// answers the command's own word: `ugiok` for `ugi`, `uciok` for
    /// `uci` (what a UCI interface waits for).
    fn identify(&self, command: &str) {
        let defaults = self.bounds.defaults();
        self.send(&format!("id name {NAME}"));
        self.send("id author the camelot authors");
        self.send(&format!("option name Threads type spin default {} min 1 max {MAX_THREADS}", defaults.threads));
        self.send(&format!("option name Hash type spin default {} min 1 max {MAX_HASH_MIB}", defaults.hash_mib));
        self.send(&format!(
            "option name Contempt type spin default {} min -{MAX_CONTEMPT} max {MAX_CONTEMPT}",
            defaults.contempt
        ));
        self.send(&format!("option name MultiPV type spin default {} min 1 max {MAX_MULTI_PV}", defaults.multi_pv));
        self.send(&format!(
            "option name Level type spin default {} min {} max {}",
            defaults.level,
            Level::MIN,
            Level::MAX
        ));
        self.send(&format!(
            "option name Move Overhead type spin default {} min 0 max {MAX_MOVE_OVERHEAD_MS}",
            defaults.move_overhead.as_millis()
        ));
        self.send(&format!("option name Variant type string default {}", self.name));
        if self.game.players().len() > 2 {
            let vars: Vec<String> = Multi::ALL.iter().map(|m| format!("var {}", m.name())).collect();
            self.send(&format!(
                "option name MultiPlayer type combo default {} {}",
                defaults.multi.name(),
                vars.join(" ")
            ));
        }
        self.send(if command == "uci" { "uciok" } else { "ugiok" });
    }

    /// `setoption name N value V`; a new variant ends the session.
    fn set_option(&mut self, args: &[&str]) -> Option<Next> {
        let (name, value) = match args {
            // (A name is needed: `setoption name` or `setoption name value 3`
            // names no option.)
            ["name", rest @ ..] if rest.first().is_some_and(|w| *w != "value") => {
                match rest.iter().position(|w| *w == "value") {
                    Some(i) => (rest[..i].join(" "), rest[i + 1..].join(" ")),
                    None => (rest.join(" "), String::new()),
                }
            }
            _ => {
                self.send_error("expected `setoption name NAME value VALUE`");
                return None;
            }
        };
        let number = |max: usize| value.parse::<usize>().ok().filter(|n| (1..=max).contains(n));
        match name.to_ascii_lowercase().as_str() {
            "threads" => match number(MAX_THREADS) {
                Some(n) => {
                    self.finish_search();
                    self.options.threads = n.min(self.bounds.threads);
                    self.engine.as_mut().expect("no search").set_threads(self.options.threads);
                }
                None => self.send_error(&format!("Threads must be from 1 to {MAX_THREADS}, not `{value}`")),
            },
            "hash" => match value.parse::<usize>() {
                Err(_) => self.send_error(&format!("Hash must be a whole number of MiB, not `{value}`")),
                Ok(n) => match leap_engine::hash_problem(n) {
                    // (A size in range that the memory cannot hold: the size says it.)
                    Some(problem) if (1..=leap_engine::MAX_HASH_MIB).contains(&n) => {
                        self.send_error(&format!("Hash of {n} MiB {problem}"))
                    }
                    Some(problem) => self.send_error(&format!("Hash {problem}, not `{value}`")),
                    None => {
                        self.finish_search();
                        self.options.hash_mib = n.min(self.bounds.hash_mib);
                        self.engine.as_mut().expect("no search").set_hash(self.options.hash_mib);
                    }
                },
            },
            "contempt" => match value.parse::<i32>().ok().filter(|c| c.abs() <= MAX_CONTEMPT) {
                Some(c) => {
                    self.finish_search();
                    self.options.contempt = c;
                    self.engine.as_mut().expect("no search").set_contempt(c);
                }
                None => self.send_error(&format!(
                    "Contempt must be a whole number from -{MAX_CONTEMPT} to {MAX_CONTEMPT}, not `{value}`"
                )),
            },
            "multipv" => match number(MAX_MULTI_PV) {
                Some(n) => {
                    self.finish_search();
                    self.options.multi_pv = n;
                    self.engine.as_mut().expect("no search").set_multi_pv(n);
                }
                None => self.send_error(&format!("MultiPV must be from 1 to {MAX_MULTI_PV}, not `{value}`")),
            },
            "level" => match value.parse::<Level>() {
                Ok(level) => {
                    self.finish_search();
                    self.options.level = level;
                    self.engine.as_mut().expect("no search").set_level(level);
                }
                Err(_) => self.send_error(&format!("Level must be from 1 to 8 (8: full strength), not `{value}`")),
            },
            // (The name as other engines spell it, or as one word.)
            "move overhead" | "moveoverhead" => {
                match value.parse::<u64>().ok().filter(|ms| *ms <= MAX_MOVE_OVERHEAD_MS) {
                    Some(ms) => {
                        self.finish_search();
                        self.options.move_overhead = Duration::from_millis(ms);
                        self.engine.as_mut().expect("no search").set_move_overhead(self.options.move_overhead);
                    }
                    None => self.send_error(&format!(
                        "Move Overhead must be a whole number of milliseconds from 0 to {MAX_MOVE_OVERHEAD_MS}, not `{value}`"
                    )),
                }
            }
            // (A built-in name in any case, as on the command line.)
            "variant" => {
                match crate::commands::variant_arg(&value).map(|name| (crate::commands::load_variant(&name), name)) {
                    Ok((Ok(v), value)) => {
                        return Some(Next::Switch { variant: Box::new(v), name: value, options: self.options })
                    }
                    Ok((Err(e), _)) => self.send_error(&e.to_string()),
                    Err(e) => self.send_error(&e),
                }
            }
            "multiplayer" if self.game.players().len() < 3 => {
                self.send_error("MultiPlayer is an option of games of three or more players; this one has two")
            }
            "multiplayer" => match Multi::from_name(&value) {
                Some(multi) => {
                    self.finish_search();
                    self.options.multi = multi;
                    self.engine.as_mut().expect("no search").set_multi(multi);
                }
                None => {
                    let names: Vec<&str> = Multi::ALL.iter().map(|m| m.name()).collect();
                    self.send_error(&format!("MultiPlayer must be {}, not `{value}`", names.join(", ")));
                }
            },
            _ => {
                // (MultiPlayer is offered in games of three or more players only.)
                let multi = if self.game.players().len() > 2 { ", MultiPlayer" } else { "" };
                self.send_error(&format!(
                    "unknown option `{}`; options: Threads, Hash, Contempt, MultiPV, Level, Move Overhead, Variant{multi}",
                    leap_core::notation::quoted(&name)
                ))
            }
        }
        None
    }

    /// `position startpos | fen POSITION [moves M1 M2 ...]`.
    fn set_position(&mut self, args: &[&str]) -> Result<(), String> {
        let moves_at = args.iter().position(|w| *w == "moves").unwrap_or(args.len());
        let start = match &args[..moves_at] {
            ["startpos"] => self.game.start(),
            ["fen", text @ ..] if !text.is_empty() => {
                parse_position(&self.game, &text.join(" ")).map_err(|e| e.to_string())?
            }
            _ => return Err("expected `position startpos` or `position fen POSITION`, then `moves ...`".into()),
        };
        let mut history = History::new(start);
        for (i, text) in args.iter().skip(moves_at + 1).enumerate() {
            // (Numbered in the list: the error names the move as written.)
            history
                .play_text(&self.game, text)
                .map_err(|e| format!("move {} of the list ({}): {}", i + 1, e.player, e.error))?;
        }
        self.history = history;
        Ok(())
    }

    /// `go ...`: starts a search on its own thread.
    fn go(&mut self, go: Go) {
        if let Some(note) = self.table_note.take() {
            self.send(&format!("info string {note}"));
        }
        let positions = self.history.positions().to_vec();
        let pos = *positions.last().expect("a position");
        // The moves `searchmoves` names that are legal here; those that
        // are not are named, and left out. (None legal: every move.)
        let mut only = Vec::new();
        for text in &go.search_moves {
            match leap_core::notation::read_move(&self.game, &pos, text) {
                Ok(read) => only.push(read.key),
                Err(e) => self.send(&format!("info string `go searchmoves`: {e}; left out")),
            }
        }
        if !go.search_moves.is_empty() && only.is_empty() {
            self.send("info string `go searchmoves` names no legal move: every move is searched");
        }
        let mut engine = self.engine.take().expect("no search");
        let mover = pos.to_move().index();
        let clock = |time_left| Clock { time_left, increment: go.increments[mover], moves_to_go: go.moves_to_go };
        let mut limits = Limits {
            depth: Bounds::cap(go.depth, self.bounds.depth),
            nodes: Bounds::cap(go.nodes, self.bounds.nodes),
            movetime: go.movetime,
            clock: go.times[mover].map(clock),
        };
        // Clocks that are not the mover's would bound nothing, and the
        // search would wait for a `stop` no one means to send: the mover
        // plays as with no time left.
        if limits.is_infinite() && go.has_clocks() && !go.infinite {
            let name = &self.game.players()[mover].name;
            self.send(&format!(
                "info string `go` gives no time for p{} ({name}), the player to move: it plays as with no time left",
                mover + 1
            ));
            limits.clock = Some(clock(Duration::ZERO));
        }
        self.stop.reset();
        let stop = self.stop.clone();
        let (game, players) = (self.game.clone(), self.game.players().len());
        let infinite = go.infinite || limits.is_infinite();
        self.infinite = infinite;
        // (A `quit`, or the end of the input, that came while this `go`
        // waited ends its search as it ends one running, before the search
        // starts: else a fast search could finish more plies than one
        // first. See `end_search`.)
        if self.input.quit && (!self.input.from_queue || infinite) {
            self.stop.finish();
        }
        let out = self.out.clone();
        // (Each line is numbered only when there are several, as other engines do.)
        let several = self.options.multi_pv > 1;
        let full = self.options.level.is_full();
        self.search = Some(std::thread::spawn(move || {
            // The first move of the last best line sent in an `info`.
            let mut reported = None;
            let report = |r: &Report| {
                if r.line == 1 {
                    reported = r.pv.first().copied();
                }
                let pv = format_line(&game, &pos, r.pv).join(" ");
                let line = if several { format!(" multipv {}", r.line) } else { String::new() };
                out.send(&format!(
                    "info depth {} seldepth {}{line} score {} nodes {} nps {} time {} hashfull {} pv {pv}",
                    r.depth,
                    r.seldepth,
                    score_field(r.score, players),
                    r.nodes,
                    r.nps(),
                    r.time.as_millis(),
                    r.hashfull
                ));
            };
            let result = if only.is_empty() {
                engine.search(&positions, &limits, &stop, report)
            } else {
                engine.search_moves(&positions, &only, &limits, &stop, report)
            };
            // An infinite search gives its move only when stopped (or ended
            // with the session).
            while infinite && !stop.is_stopped() && !stop.is_finishing() {
                std::thread::sleep(Duration::from_millis(2));
            }
            // A move of the depth that time or nodes cut short, which beat
            // the last completed depth's best, is played: its line is sent
            // first, so that `bestmove` is the first move of the last line
            // (as a GUI shows it). (A level below full strength chooses
            // another move than the best line on purpose.)
            if full && reported.is_some() && result.pv.first() != reported.as_ref() {
                out.send(&format!(
                    "info depth {}{} score {} nodes {} time {} pv {}",
                    result.depth + 1,
                    if several { " multipv 1" } else { "" },
                    score_field(result.score, players),
                    result.nodes,
                    result.time.as_millis(),
                    format_line(&game, &pos, &result.pv).join(" ")
                ));
            }
            let best = result.pv.first().map(|k| format_line(&game, &pos, std::slice::from_ref(k)));
            match best.and_then(|b| b.into_iter().next()) {
                Some(m) => out.send(&format!("bestmove {m}")),
                None => out.send("bestmove none"),
            }
            engine
        }));
    }

    /// Waits for the search running, if any, and takes the engine back. An
    /// infinite search (`go infinite`) ends only when stopped: a command
    /// waits for the `stop` (or the end of the input, which nothing else
    /// could follow); the session's end, [`Session::end_search`], ends it
    /// first.
    ///
    /// Meanwhile the lines after the command are read: `stop` ends the
    /// search, `isready` is answered, and `quit` or the end of input ends
    /// it and then the session. Any other line waits its turn, and so do
    /// the lines after it, which then come in order: a `quit` or the end
    /// of input behind waiting commands comes after them (a session piped
    /// in whole runs to its end), and a `stop` both ends the search
    /// running (which the command waits for: without it the command might
    /// wait for ever) and waits its turn, for a search that the command
    /// (a `go`) or the lines before the `stop` start.
    fn finish_search(&mut self) {
        if let Some(search) = self.search.take() {
            while !search.is_finished() {
                match self.input.lines.recv_timeout(Duration::from_millis(2)) {
                    Ok(line) => self.meanwhile(line),
                    Err(RecvTimeoutError::Timeout) => {}
                    // (All the input has been read: nothing can come, and
                    // nothing could stop an infinite search but this.)
                    Err(RecvTimeoutError::Disconnected) => {
                        if self.infinite {
                            self.stop.finish();
                        }
                        break;
                    }
                }
            }
            match search.join() {
                Ok(engine) => self.engine = Some(engine),
                // (A search that panicked lost its engine: start a new one.)
                Err(_) => {
                    self.send_error("the search failed on an internal error; the engine starts afresh");
                    self.engine = Some(engine_for(&self.game, self.options).0);
                }
            }
        }
    }

    /// Ends the search running, if any, as the session ends (`quit`, the
    /// end of the input): once it has searched a ply ([`Stop::finish`]),
    /// unless the end came behind lines that waited (a script's end), which
    /// lets a search with limits end by them.
    fn end_search(&mut self) {
        if !self.input.from_queue || self.infinite {
            self.stop.finish();
        }
        self.finish_search();
    }

    /// A line read while the session waits for the search to end (see
    /// [`Session::finish_search`]).
    fn meanwhile(&mut self, line: Line) {
        let command = match &line {
            Some(Ok(text)) => text.split_whitespace().next(),
            _ => None,
        };
        let waiting = !self.input.queued.is_empty();
        match (&line, command) {
            // (It ends the search running, and takes its turn too: a `go`
            // waiting, or one behind the lines that wait, starts a search
            // the `stop` was sent for. Carried out with no search running,
            // it does nothing.)
            (_, Some("stop")) => {
                self.stop.stop();
                self.input.queued.push_back(line);
            }
            (_, Some("isready")) => self.send("readyok"),
            (None, _) | (_, Some("quit")) if !waiting => {
                self.stop.finish();
                self.input.quit = true;
            }
            // (Behind waiting lines, the end comes in its turn; an infinite
            // search, which no line after it could end, is ended.)
            (None, _) | (_, Some("quit")) => {
                if self.infinite {
                    self.stop.finish();
                }
                self.input.queued.push_back(line);
            }
            // (An input that fails ends the search, and then the session
            // with the error.)
            (Some(Err(e)), _) if e.kind() != std::io::ErrorKind::InvalidData => {
                self.stop.stop();
                self.input.queued.push_back(line);
            }
            _ => self.input.queued.push_back(line),
        }
    }

    /// The players whose clocks `wtime` and `btime` give: those named
    /// White and Black (in checkers Black moves first: `btime` is
    /// `p1time`), else the first and the second.
    fn white_black(&self) -> [usize; 2] {
        let named = |name: &str| self.game.players().iter().position(|p| p.name.eq_ignore_ascii_case(name));
        match (named("White"), named("Black")) {
            (Some(w), Some(b)) => [w, b],
            _ => [0, 1],
        }
    }

    /// `query gameover | p1turn | result`.
    fn query(&self, args: &[&str]) {
        let outcome = self.history.outcome(&self.game);
        let answer = match args {
            ["gameover"] => outcome.is_some().to_string(),
            ["p1turn"] => (self.history.current().to_move().index() == 0).to_string(),
            ["result"] => match outcome.map(|o| o.result) {
                None => "none".to_string(),
                Some(GameResult::Draw) => "draw".to_string(),
                Some(GameResult::Win(p)) => format!("p{}win", p.index() + 1),
            },
            _ => {
                self.send_error("expected `query gameover`, `query p1turn` or `query result`");
                return;
            }
        };
        self.send(&format!("response {answer}"));
    }
}

/// A score as `info` gives it: `cp N` (hundredths of a Man, for the side to
/// move), or `mate N`: the side to move wins with its Nth move (negative: it
/// loses after N of its moves).
fn score_field(score: Score, players: usize) -> String {
    match decided(score) {
        Some(d) => format!("mate {}{}", if d.win { "" } else { "-" }, (d.plies as usize).div_ceil(players)),
        None => format!("cp {score}"),
    }
}

/// The parameters of `go`.
#[derive(Debug, Default)]
struct Go {
    depth: Option<u32>,
    nodes: Option<u64>,
    movetime: Option<Duration>,
    /// Time left per player (`p1time`, `p2time`, ...; `wtime`, `btime`).
    times: [Option<Duration>; 4],
    /// Increment per player (`p1inc`, ...; `winc`, `binc`).
    increments: [Duration; 4],
    moves_to_go: Option<u32>,
    infinite: bool,
    /// The root moves to search, as written (`searchmoves`); none: every one.
    search_moves: Vec<String>,
}

impl Go {
    /// Whether a clock is given: a player's time left or increment, or
    /// `movestogo`.
    fn has_clocks(&self) -> bool {
        self.times.iter().any(Option::is_some)
            || self.increments.iter().any(|i| !i.is_zero())
            || self.moves_to_go.is_some()
    }

    /// Reads the words after `go` in a game of `players` players, where
    /// `wtime`, `winc` are the clock of the player `white_black[0]` and
    /// `btime`, `binc` of `white_black[1]`; `searchmoves` takes the words
    /// after it up to the next known one as moves. A word the engine does
    /// not know (UCI's `ponder`, `mate`), and the numbers after it, are
    /// left out, as UCI engines do, with a note saying so (the second
    /// value): the search still runs.
    fn parse(args: &[&str], players: usize, white_black: [usize; 2]) -> Result<(Go, Vec<String>), String> {
        /// What a word of `go` sets.
        enum Field {
            Infinite,
            Depth,
            Nodes,
            Movetime,
            MovesToGo,
            Time(usize),
            Increment(usize),
            SearchMoves,
        }
        let player = |w: &str, suffix: &str| -> Option<usize> {
            let p = match w {
                _ if w == format!("w{suffix}") => white_black[0],
                _ if w == format!("b{suffix}") => white_black[1],
                _ => w.strip_prefix('p')?.strip_suffix(suffix)?.parse::<usize>().ok()?.checked_sub(1)?,
            };
            (p < players).then_some(p)
        };
        // (`None`: a word the engine does not know.)
        let field_of = |w: &str| match w {
            "infinite" => Some(Field::Infinite),
            "depth" => Some(Field::Depth),
            "nodes" => Some(Field::Nodes),
            "movetime" => Some(Field::Movetime),
            "movestogo" => Some(Field::MovesToGo),
            "searchmoves" => Some(Field::SearchMoves),
            _ => player(w, "time").map(Field::Time).or_else(|| player(w, "inc").map(Field::Increment)),
        };
        let mut go = Go::default();
        let mut notes = Vec::new();
        let mut words = args.iter().peekable();
        // The words after the one read, up to the next the engine knows
        // (a parameter's own: `searchmoves`' moves, an unknown one's numbers).
        let own_words = |words: &mut std::iter::Peekable<std::slice::Iter<'_, &str>>| {
            let mut own: Vec<String> = Vec::new();
            while let Some(&&next) = words.peek().filter(|n| field_of(n).is_none()) {
                own.push(next.to_string());
                words.next();
            }
            own
        };
        while let Some(&word) = words.next() {
            let field = match field_of(word) {
                Some(Field::Infinite) => {
                    go.infinite = true;
                    continue;
                }
                Some(Field::SearchMoves) => {
                    go.search_moves.extend(own_words(&mut words));
                    if go.search_moves.is_empty() {
                        return Err("`go searchmoves` needs moves after it".to_string());
                    }
                    continue;
                }
                Some(field) => field,
                None => {
                    let mut skipped = vec![leap_core::notation::quoted(word)];
                    skipped.extend(own_words(&mut words).iter().map(|w| leap_core::notation::quoted(w)));
                    notes.push(format!(
                        "`go` parameter `{}` ignored (the engine knows depth, nodes, movetime, p1time to \
                         p{players}time, p1inc to p{players}inc, wtime, btime, winc, binc, movestogo, searchmoves and \
                         infinite)",
                        skipped.join(" ")
                    ));
                    continue;
                }
            };
            let value = words.next().ok_or_else(|| format!("`go {word}` needs a number after it"))?;
            // (A whole number too large to hold is taken as the largest: no
            // search lasts that long anyway.)
            // (`least`: the smallest number the field takes, said when the
            // word is not a number at all.)
            let read = |least: u64| match value.parse::<u64>() {
                Ok(n) => Ok(n),
                Err(_) if value.bytes().all(|b| b.is_ascii_digit()) => Ok(u64::MAX),
                Err(_) => Err(format!(
                    "`go {word} {}`: expected a whole number, {least} or more",
                    leap_core::notation::quoted(value)
                )),
            };
            let number = || read(0);
            // (A search of no depth, no positions or no time has no move to give.)
            let positive =
                || read(1).and_then(|n| if n == 0 { Err(format!("`go {word} 0`: expected 1 or more")) } else { Ok(n) });
            match field {
                Field::Depth => go.depth = Some(positive()?.min(127) as u32),
                Field::Nodes => go.nodes = Some(positive()?),
                Field::Movetime => go.movetime = Some(Duration::from_millis(positive()?)),
                Field::MovesToGo => go.moves_to_go = Some(number()?.min(u32::MAX as u64) as u32),
                Field::Time(p) => go.times[p] = Some(Duration::from_millis(number()?)),
                Field::Increment(p) => go.increments[p] = Duration::from_millis(number()?),
                // (Read above: `infinite` takes no number, `searchmoves` moves.)
                Field::Infinite => go.infinite = true,
                Field::SearchMoves => {}
            }
        }
        Ok((go, notes))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_number_too_large_to_hold_is_the_largest() {
        let (go, _) =
            Go::parse(&["movetime", "99999999999999999999999", "nodes", "18446744073709551616"], 2, [0, 1]).unwrap();
        assert_eq!((go.movetime, go.nodes), (Some(Duration::from_millis(u64::MAX)), Some(u64::MAX)));
        assert!(Go::parse(&["movetime", "-5"], 2, [0, 1]).unwrap_err().contains("expected a whole number"));
        assert!(Go::parse(&["depth", "1e9"], 2, [0, 1]).unwrap_err().contains("expected a whole number"));
    }

    #[test]
    fn go_reads_limits_and_clocks() {
        let (go, notes) =
            Go::parse(&["depth", "5", "p1time", "60000", "p2time", "1000", "p2inc", "50", "movestogo", "3"], 2, [0, 1])
                .unwrap();
        assert!(notes.is_empty(), "{notes:?}");
        assert_eq!(go.depth, Some(5));
        assert_eq!(go.times[0], Some(Duration::from_secs(60)));
        assert_eq!(go.times[1], Some(Duration::from_secs(1)));
        assert_eq!(go.increments[1], Duration::from_millis(50));
        assert_eq!(go.moves_to_go, Some(3));
        let (go, _) = Go::parse(&["wtime", "100", "binc", "5", "infinite"], 2, [0, 1]).unwrap();
        assert_eq!(
            (go.times[0], go.increments[1], go.infinite),
            (Some(Duration::from_millis(100)), Duration::from_millis(5), true)
        );
        assert_eq!(Go::parse(&["p3time", "100"], 2, [0, 1]).unwrap().1.len(), 1, "no third player: a note");
        assert!(Go::parse(&["p3time", "100"], 3, [0, 1]).unwrap().1.is_empty());
        // (Checkers: Black, who moves first, is p1.)
        let (go, _) = Go::parse(&["wtime", "100", "btime", "200"], 2, [1, 0]).unwrap();
        assert_eq!(go.times[..2], [Some(Duration::from_millis(200)), Some(Duration::from_millis(100))]);
        assert!(Go::parse(&["depth"], 2, [0, 1]).is_err());
        assert!(Go::parse(&["depth", "x"], 2, [0, 1]).is_err());
    }

    #[test]
    fn go_leaves_out_what_it_does_not_know_and_says_so() {
        // UCI's words this engine has no use for, with what follows them.
        let (go, notes) = Go::parse(
            &["ponder", "depth", "3", "searchmoves", "E6-E8", "F6-F8", "nodes", "99", "speed", "3"],
            2,
            [0, 1],
        )
        .unwrap();
        assert_eq!((go.depth, go.nodes), (Some(3), Some(99)));
        assert_eq!(go.search_moves, ["E6-E8", "F6-F8"], "searchmoves takes the words up to the next it knows");
        let ignored: Vec<&str> = notes.iter().map(|n| n.split('`').nth(3).unwrap()).collect();
        assert_eq!(ignored, ["ponder", "speed 3"], "{notes:?}");
        assert!(notes[0].ends_with(
            "ignored (the engine knows depth, nodes, movetime, p1time to p2time, p1inc to p2inc, wtime, btime, winc, \
             binc, movestogo, searchmoves and infinite)"
        ));
    }

    #[test]
    fn scores_read_as_centi_men_or_moves_to_the_end() {
        use leap_engine::score::win_in;
        assert_eq!(score_field(35, 2), "cp 35");
        assert_eq!(score_field(win_in(1), 2), "mate 1");
        assert_eq!(score_field(win_in(3), 2), "mate 2");
        assert_eq!(score_field(-win_in(2), 2), "mate -1");
        // (Three players: lost at the next player's turn after one move of
        // one's own, or at the root player's own second move.)
        assert_eq!(score_field(-win_in(2), 3), "mate -1");
        assert_eq!(score_field(-win_in(3), 3), "mate -1");
        assert_eq!(score_field(-win_in(4), 3), "mate -2");
    }
}
