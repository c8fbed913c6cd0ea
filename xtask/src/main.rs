//! The project's chores, run as `cargo xtask COMMAND` (the alias is in
//! `.cargo/config.toml`):
//!
//! - `cargo xtask test`: installs what the browser tests need when it is
//!   missing (Debian's `chromium` and `chromium-driver`), then runs every
//!   test of the workspace, then the browser tests of the web app
//!   (`crates/web/tests/browser.rs`, ignored by a plain `cargo test`).
//! - `cargo xtask browser [ARGS…]`: only the browser tests; ARGS go to the
//!   test binary (a test's name to run only it, `--nocapture`, …).
//!
//! It stops at the first step that fails, with its exit status, and says
//! how long each step took.

use std::env;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::time::{Duration, Instant};

const USAGE: &str = "\
usage: cargo xtask COMMAND

commands:
  test              install chromium and chromedriver if missing, then run every
                    test: `cargo test --workspace`, then the browser tests
  browser [ARGS…]   install them if missing, then run only the browser tests
                    (ARGS go to the test binary: a test's name, --nocapture, …)
  help              this text";

/// The Debian packages of the browser and its WebDriver.
const PACKAGES: [&str; 2] = ["chromium", "chromium-driver"];

/// The programs the browser tests start.
const PROGRAMS: [&str; 2] = ["chromium", "chromedriver"];

/// A step that failed: what to say and the exit status.
struct Failure {
    message: String,
    code: u8,
}

impl Failure {
    fn new(message: impl Into<String>) -> Failure {
        Failure { message: message.into(), code: 1 }
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = env::args().skip(1).collect();
    let (command, rest) = match args.split_first() {
        Some((c, rest)) => (c.as_str(), rest),
        None => ("help", &[][..]),
    };
    let steps = match command {
        "test" if rest.is_empty() => vec![Step::Browser, Step::Workspace, Step::BrowserTests(Vec::new())],
        "browser" => vec![Step::Browser, Step::BrowserTests(rest.to_vec())],
        "help" | "--help" | "-h" => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        _ => {
            eprintln!("xtask: unknown command {:?}\n\n{USAGE}", args.join(" "));
            return ExitCode::from(2);
        }
    };
    let root = workspace_root();
    let started = Instant::now();
    let mut times = Vec::new();
    for step in steps {
        let name = step.name();
        eprintln!("xtask: {name}…");
        let t = Instant::now();
        let outcome = step.run(&root);
        let took = t.elapsed();
        times.push((name, took));
        match outcome {
            Ok(()) => eprintln!("xtask: {name}: done in {}", seconds(took)),
            Err(f) => {
                eprintln!("xtask: {name}: FAILED after {}: {}", seconds(took), f.message);
                summary(&times, started.elapsed());
                return ExitCode::from(f.code.max(1));
            }
        }
    }
    summary(&times, started.elapsed());
    ExitCode::SUCCESS
}

enum Step {
    /// Chromium and chromedriver, installed if missing.
    Browser,
    /// `cargo test --workspace`.
    Workspace,
    /// The browser tests, with extra arguments for the test binary.
    BrowserTests(Vec<String>),
}

impl Step {
    fn name(&self) -> &'static str {
        match self {
            Step::Browser => "chromium and chromedriver",
            Step::Workspace => "cargo test --workspace",
            Step::BrowserTests(_) => "browser tests",
        }
    }

    fn run(&self, root: &Path) -> Result<(), Failure> {
        match self {
            Step::Browser => ensure_browser(),
            Step::Workspace => cargo(root, &["test", "--workspace"]),
            Step::BrowserTests(extra) => {
                let mut args: Vec<&str> =
                    vec!["test", "-p", "leap-web", "--test", "browser", "--", "--ignored", "--test-threads=1"];
                args.extend(extra.iter().map(String::as_str));
                cargo(root, &args)
            }
        }
    }
}

fn summary(times: &[(&str, Duration)], total: Duration) {
    eprintln!("xtask: times:");
    for (name, took) in times {
        eprintln!("  {:>9}  {name}", seconds(*took));
    }
    eprintln!("  {:>9}  in all", seconds(total));
}

fn seconds(d: Duration) -> String {
    format!("{:.1} s", d.as_secs_f64())
}

/// The workspace's root: the folder above this crate's.
fn workspace_root() -> PathBuf {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    manifest.parent().map(Path::to_path_buf).unwrap_or(manifest)
}

/// Runs cargo (the one that runs this task) in the workspace's root.
fn cargo(root: &Path, args: &[&str]) -> Result<(), Failure> {
    let cargo = env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    eprintln!("xtask: $ cargo {}", args.join(" "));
    run(Command::new(&cargo).args(args).current_dir(root), "cargo")
}

fn run(command: &mut Command, what: &str) -> Result<(), Failure> {
    let status = command.status().map_err(|e| Failure::new(format!("{what} could not be started: {e}")))?;
    if status.success() {
        return Ok(());
    }
    let code = status.code().and_then(|c| u8::try_from(c).ok()).unwrap_or(1);
    Err(Failure { message: format!("{what} exited with {status}"), code })
}

/// Where `program` is on the PATH, if it is.
fn which(program: &str) -> Option<PathBuf> {
    let path = env::var_os("PATH")?;
    env::split_paths(&path).map(|dir| dir.join(program)).find(|p| is_executable(p))
}

#[cfg(unix)]
fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    path.metadata().is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

#[cfg(not(unix))]
fn is_executable(path: &Path) -> bool {
    path.is_file()
}

/// Installs chromium and chromedriver with apt-get when either is missing:
/// directly as root, else through sudo, else a message saying what to
/// install.
fn ensure_browser() -> Result<(), Failure> {
    let missing: Vec<&str> = PROGRAMS.iter().copied().filter(|p| which(p).is_none()).collect();
    if missing.is_empty() {
        for p in PROGRAMS {
            eprintln!("xtask: found {}", which(p).expect("checked").display());
        }
        return Ok(());
    }
    let advice = format!(
        "the browser tests need {} (missing: {}); on Debian or Ubuntu install them with \
         `apt-get install -y {}` as root, or put both programs on the PATH",
        PROGRAMS.join(" and "),
        missing.join(", "),
        PACKAGES.join(" ")
    );
    if which("apt-get").is_none() {
        return Err(Failure::new(format!("{advice} (there is no apt-get here)")));
    }
    let root = is_root();
    let sudo = which("sudo");
    if !root && sudo.is_none() {
        return Err(Failure::new(format!("{advice} (not root, and there is no sudo)")));
    }
    let apt = |args: &[&str]| -> Result<(), Failure> {
        let mut command = if root {
            Command::new("apt-get")
        } else {
            let mut c = Command::new(sudo.as_deref().expect("checked"));
            c.arg("apt-get");
            c
        };
        command.args(args).env("DEBIAN_FRONTEND", "noninteractive");
        eprintln!("xtask: $ {}apt-get {}", if root { "" } else { "sudo " }, args.join(" "));
        run(&mut command, "apt-get")
    };
    let mut install = vec!["install", "-y"];
    install.extend(PACKAGES);
    // A fresh machine may have no package lists yet: update, then try again.
    if apt(&install).is_err() {
        apt(&["update"]).map_err(|f| Failure::new(format!("{}; {advice}", f.message)))?;
        apt(&install).map_err(|f| Failure::new(format!("{}; {advice}", f.message)))?;
    }
    let still: Vec<&str> = PROGRAMS.iter().copied().filter(|p| which(p).is_none()).collect();
    if !still.is_empty() {
        return Err(Failure::new(format!(
            "after installing {}, {} is still not on the PATH",
            PACKAGES.join(" "),
            still.join(" and ")
        )));
    }
    Ok(())
}

/// Whether this process runs as root (`id -u` says 0).
fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| o.status.success() && String::from_utf8_lossy(&o.stdout).trim() == "0")
}
