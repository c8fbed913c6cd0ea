//! What the end-to-end tests share: running the `camelot` binary as a
//! person would (arguments in; text and an exit status out; stdin empty
//! or typed), with every run checked never to panic, and fresh folders
//! removed at the end of the test. Each test file uses a part of it.

#![allow(dead_code)]

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

/// What a run of the program gave: exit status, stdout, stderr.
pub struct Out {
    pub status: i32,
    pub stdout: String,
    pub stderr: String,
}

impl Out {
    /// The lines of stdout.
    pub fn lines(&self) -> Vec<&str> {
        self.stdout.lines().collect()
    }

    /// The last line of stdout.
    pub fn last_line(&self) -> &str {
        self.stdout.lines().last().unwrap_or("")
    }

    /// Everything, for a failed assertion's message.
    pub fn show(&self) -> String {
        format!("status {}\n--- stdout\n{}--- stderr\n{}", self.status, self.stdout, self.stderr)
    }
}

/// The run's output, checked: an exit status (not a signal), text on both
/// streams, and no panic (neither its message nor its status 101).
pub fn finish(args: &[&str], output: std::process::Output) -> Out {
    let out = Out {
        status: output.status.code().unwrap_or_else(|| panic!("camelot {args:?} was killed by a signal")),
        stdout: String::from_utf8(output.stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8(output.stderr).expect("stderr is UTF-8"),
    };
    assert!(!out.stderr.contains("panicked"), "camelot {args:?} panicked:\n{}", out.show());
    assert!(out.status != 101, "camelot {args:?} exited with the panic status 101:\n{}", out.show());
    out
}

/// The tables folder of every run unless a test gives its own: none, so
/// that a solved table installed on the machine (`camelot solve`) changes
/// no test's engine.
pub const NO_TABLES: &str = "/nonexistent/camelot-test-tables";

/// `camelot ARGS` to run in `dir` without a solved table (see
/// [`NO_TABLES`]), its standard streams and the rest still to set.
pub fn command(dir: &Path, args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_camelot"));
    command.args(args).current_dir(dir).env("CAMELOT_TABLES", NO_TABLES);
    command
}

/// Starts `command` with its stdin, stdout and stderr piped.
pub fn spawn_piped(command: &mut Command) -> std::process::Child {
    command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the camelot binary starts")
}

/// Runs `camelot ARGS` in `dir` with empty stdin.
pub fn run_in(dir: &Path, args: &[&str]) -> Out {
    let output = command(dir, args).stdin(Stdio::null()).output().expect("the camelot binary runs");
    finish(args, output)
}

/// Runs `camelot ARGS` in `dir` with the environment variables `vars`
/// set, and none of those that ask for colour or refuse it otherwise,
/// typing the bytes `input` on stdin and then closing it.
pub fn run_stdin_env(dir: &Path, args: &[&str], input: &[u8], vars: &[(&str, &str)]) -> Out {
    let mut child = spawn_piped(
        command(dir, args)
            .env_remove("NO_COLOR")
            .env_remove("CLICOLOR")
            .env_remove("CLICOLOR_FORCE")
            .envs(vars.iter().copied()),
    );
    let mut stdin = child.stdin.take().expect("piped stdin");
    let input = input.to_vec();
    // Write from another thread so a full stdout pipe can never deadlock us.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let output = child.wait_with_output().expect("camelot finishes");
    writer.join().expect("stdin writer");
    finish(args, output)
}

/// A fresh empty folder under the system's temporary folder, removed when
/// dropped (a `tempfile` folder); it derefs to its path.
pub struct TempDir(tempfile::TempDir);

impl TempDir {
    /// A new folder, `name` in its name.
    pub fn new(name: &str) -> TempDir {
        let dir = tempfile::Builder::new().prefix(&format!("camelot-test-{name}-")).tempdir();
        TempDir(dir.expect("create a temp dir"))
    }

    /// The path of `file` in the folder, as text for an argument.
    pub fn path(&self, file: &str) -> String {
        self.0.path().join(file).to_str().expect("a UTF-8 temp path").to_string()
    }
}

impl std::ops::Deref for TempDir {
    type Target = Path;
    fn deref(&self) -> &Path {
        self.0.path()
    }
}

impl AsRef<Path> for TempDir {
    fn as_ref(&self) -> &Path {
        self.0.path()
    }
}
