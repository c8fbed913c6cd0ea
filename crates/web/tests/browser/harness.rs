//! The browser tests' harness: the server in-process on a free port with a
//! fresh games folder (on a runtime of its own, so that a test can restart
//! it, as a person restarts `camelot serve`), chromedriver on another
//! (killed when the test ends, even when it fails), headless Chromium
//! through fantoccini, and the page driven only through the hooks of
//! `docs/web-api.md`. The API is used only to set positions up (a tiny
//! HTTP/1.1 client on std's TcpStream).

use fantoccini::actions::{InputSource, KeyAction, KeyActions, MouseActions, PointerAction, MOUSE_BUTTON_LEFT};
use fantoccini::key::Key;
use fantoccini::{Client, ClientBuilder, Locator};
use futures_util::FutureExt;
use serde_json::{json, Value};
use std::collections::BTreeSet;
use std::future::Future;
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::panic::AssertUnwindSafe;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How long a condition is waited for.
pub const WAIT: Duration = Duration::from_secs(10);

/// How often a condition is looked at.
const POLL: Duration = Duration::from_millis(50);

/// The browser's window.
const WINDOW: (u32, u32) = (1280, 900);

/// A program of the PATH (or the environment variable `var`), or a
/// message saying it is missing.
fn program(var: &str, names: &[&str]) -> PathBuf {
    if let Some(p) = std::env::var_os(var) {
        return PathBuf::from(p);
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    for name in names {
        for dir in std::env::split_paths(&path) {
            let p = dir.join(name);
            if p.is_file() {
                return p;
            }
        }
    }
    panic!(
        "{} is not on the PATH (set {var} to its path): the browser tests need Debian's chromium and \
         chromium-driver; `cargo xtask test` installs them",
        names[0]
    );
}

/// A port nobody listens on now.
fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).expect("a free port").port()
}

/// Where screenshots and failure pictures go: `target/browser-artifacts`.
pub fn artifacts() -> PathBuf {
    let target = match std::env::var_os("CARGO_TARGET_DIR") {
        Some(t) if Path::new(&t).is_absolute() => PathBuf::from(t),
        Some(t) => Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").join(t),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target"),
    };
    let dir = target.join("browser-artifacts");
    std::fs::create_dir_all(&dir).expect("target/browser-artifacts can be made");
    dir
}

/// chromedriver, in its own process group, which is killed (chromedriver
/// and any browser it left) when this is dropped.
struct Driver {
    child: Child,
    port: u16,
}

impl Driver {
    async fn start(log: &Path) -> Driver {
        let exe = program("CHROMEDRIVER", &["chromedriver"]);
        let port = free_port();
        let log = std::fs::File::create(log).expect("chromedriver's log");
        let mut command = Command::new(&exe);
        command
            .arg(format!("--port={port}"))
            .stdin(Stdio::null())
            .stdout(log.try_clone().expect("the log"))
            .stderr(log);
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        let child = command.spawn().unwrap_or_else(|e| panic!("{} could not be started: {e}", exe.display()));
        let driver = Driver { child, port };
        let started = Instant::now();
        while tokio::net::TcpStream::connect(("127.0.0.1", port)).await.is_err() {
            assert!(started.elapsed() < WAIT, "chromedriver does not listen on port {port} after {WAIT:?}");
            tokio::time::sleep(POLL).await;
        }
        driver
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        #[cfg(unix)]
        {
            // The process group is chromedriver's own (its id): it and what it started.
            let group = format!("-{}", self.child.id());
            let _ = Command::new("kill").args(["-KILL", "--", &group]).stderr(Stdio::null()).status();
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The server, on a runtime of its own: stopped, it is gone with every
/// connection and game it had, as a process that ends.
struct Server {
    runtime: Option<tokio::runtime::Runtime>,
}

impl Server {
    /// Serves the games folder `games` on `listener`.
    fn start(listener: TcpListener, games: &Path) -> Server {
        listener.set_nonblocking(true).expect("a listener that does not block");
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .expect("a runtime for the server");
        let config = leap_web::Config::new(games);
        runtime.spawn(async move {
            let listener = tokio::net::TcpListener::from_std(listener).expect("the server's listener");
            leap_web::serve(listener, config).await
        });
        Server { runtime: Some(runtime) }
    }

    fn stop(&mut self) {
        // (Without waiting: this may be inside the tests' own runtime.)
        if let Some(runtime) = self.runtime.take() {
            runtime.shutdown_background();
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.stop();
    }
}

/// The page in the browser, the server behind it, and its games folder.
#[derive(Clone)]
pub struct Page {
    pub client: Client,
    pub base: String,
    pub addr: SocketAddr,
    pub games: PathBuf,
    pub name: &'static str,
    server: Arc<Mutex<Server>>,
}

/// Runs the browser test `name`: starts everything, runs `body` with the
/// page, and stops everything whatever happened (a failing test leaves
/// `target/browser-artifacts/failed-NAME.png` and prints what the page showed).
pub async fn run<F, Fut>(name: &'static str, body: F)
where
    F: FnOnce(Page) -> Fut,
    Fut: Future<Output = ()>,
{
    let _ = std::fs::remove_file(artifacts().join(format!("failed-{name}.png")));
    let games = tempfile::tempdir().expect("a temporary games folder");
    let listener = TcpListener::bind("127.0.0.1:0").expect("a port for the server");
    let addr = listener.local_addr().expect("the server's address");
    let server = Arc::new(Mutex::new(Server::start(listener, &games.path().join("games"))));
    let driver = Driver::start(&games.path().join("chromedriver.log")).await;
    let chromium = program("CHROMIUM", &["chromium", "chromium-browser", "google-chrome"]);
    let mut caps = serde_json::Map::new();
    caps.insert("browserName".into(), json!("chrome"));
    caps.insert(
        "goog:chromeOptions".into(),
        json!({
            "binary": chromium,
            "args": [
                "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                format!("--window-size={},{}", WINDOW.0, WINDOW.1),
            ],
        }),
    );
    let client = ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
        .capabilities(caps)
        .connect(&format!("http://127.0.0.1:{}", driver.port))
        .await
        .unwrap_or_else(|e| {
            let log = std::fs::read_to_string(games.path().join("chromedriver.log")).unwrap_or_default();
            panic!("no browser session from chromedriver: {e}\nchromedriver's log:\n{log}")
        });
    let page = Page {
        client: client.clone(),
        base: format!("http://{addr}"),
        addr,
        games: games.path().join("games"),
        name,
        server: server.clone(),
    };
    let outcome = AssertUnwindSafe(body(page.clone())).catch_unwind().await;
    if outcome.is_err() {
        page.post_mortem().await;
    }
    let _ = client.close().await;
    drop(driver);
    server.lock().unwrap_or_else(|e| e.into_inner()).stop();
    if let Err(panic) = outcome {
        std::panic::resume_unwind(panic);
    }
}

/// A hint on the board: its cell and `dot` or `ring`.
pub type Hint = (String, String);

impl Page {
    /// What the page showed when the test failed, and a picture of it.
    async fn post_mortem(&self) {
        let shown = self
            .js(
                "const t = (s) => { const e = document.querySelector(s); return e ? e.innerText : null; };
                 return { url: location.href, status: t('#status'), message: t('#message'), banner: t('#banner'),
                          moves: [...document.querySelectorAll('[data-move]')].map((e) => e.dataset.move),
                          hints: [...document.querySelectorAll('[data-target]')].map((e) => e.dataset.target + ' ' + e.getAttribute('class')),
                          dialog_error: t('#ng-error') };",
            )
            .await;
        eprintln!("[{}] the page when the test failed: {shown:#}", self.name);
        if let Ok(png) = self.client.screenshot().await {
            let path = artifacts().join(format!("failed-{}.png", self.name));
            if std::fs::write(&path, png).is_ok() {
                eprintln!("[{}] its picture: {}", self.name, path.display());
            }
        }
    }

    /// Stops the server and starts another on its address and games
    /// folder, as a person restarts `camelot serve`: the games it had are
    /// gone, and the connections to it broken.
    pub async fn restart_server(&self) {
        let mut server = self.server.lock().unwrap_or_else(|e| e.into_inner());
        server.stop();
        // (The old listener closes as its runtime goes, a moment later.)
        let started = Instant::now();
        let listener = loop {
            match TcpListener::bind(self.addr) {
                Ok(l) => break l,
                Err(_) if started.elapsed() < WAIT => std::thread::sleep(POLL),
                Err(e) => panic!("[{}] the server's address {} cannot be taken again: {e}", self.name, self.addr),
            }
        };
        *server = Server::start(listener, &self.games);
    }

    // ----- the browser -----

    /// Opens `path` (`/?game=3`) of the server.
    pub async fn goto(&self, path: &str) {
        self.client.goto(&format!("{}{path}", self.base)).await.unwrap_or_else(|e| panic!("opening {path}: {e}"));
    }

    /// Runs `script` (a function body: `return …`) in the page; its value,
    /// or `null` if it failed.
    pub async fn js(&self, script: &str) -> Value {
        self.js_args(script, vec![]).await
    }

    pub async fn js_args(&self, script: &str, args: Vec<Value>) -> Value {
        match self.client.execute(script, args).await {
            Ok(v) => v,
            Err(e) => json!({ "script_error": e.to_string() }),
        }
    }

    /// Waits until `probe` gives `Ok` (up to `WAIT`), else fails saying
    /// `what` was awaited and what `probe` saw last.
    pub async fn wait_for<T>(&self, what: &str, probe: impl AsyncFnMut() -> Result<T, String>) -> T {
        self.wait_within(what, WAIT, probe).await
    }

    pub async fn wait_within<T>(
        &self,
        what: &str,
        limit: Duration,
        mut probe: impl AsyncFnMut() -> Result<T, String>,
    ) -> T {
        let started = Instant::now();
        loop {
            match probe().await {
                Ok(t) => return t,
                Err(seen) if started.elapsed() >= limit => {
                    panic!("[{}] waited {limit:?} for {what}; last seen: {seen}", self.name)
                }
                Err(_) => tokio::time::sleep(POLL).await,
            }
        }
    }

    /// Waits until the JavaScript expression `expr` is truthy; its value.
    pub async fn wait_js(&self, what: &str, expr: &str) -> Value {
        let script = format!("return ({expr});");
        self.wait_for(what, async || {
            let v = self.js(&script).await;
            let truthy = !matches!(&v, Value::Null | Value::Bool(false))
                && v != json!(0)
                && v != json!("")
                && v.get("script_error").is_none();
            if truthy {
                Ok(v)
            } else {
                Err(v.to_string())
            }
        })
        .await
    }

    /// The text of the element `selector` (its rendered text; "" if none).
    pub async fn text(&self, selector: &str) -> String {
        let v = self
            .js_args(
                "const e = document.querySelector(arguments[0]); return e ? e.innerText : '';",
                vec![json!(selector)],
            )
            .await;
        v.as_str().unwrap_or_default().trim().to_string()
    }

    /// Clicks *Stop analysis* and waits until the analysis has stopped.
    pub async fn stop_analysis(&self) {
        self.click("#analyse").await;
        self.wait_js(
            "the analysis stopped",
            "document.querySelector('#analyse').getAttribute('aria-pressed') === 'false'",
        )
        .await;
    }

    pub async fn status(&self) -> String {
        self.text("#status").await
    }

    pub async fn message(&self) -> String {
        self.text("#message").await
    }

    /// Waits until `#status` contains `part`.
    pub async fn wait_status(&self, part: &str) -> String {
        self.wait_for(&format!("#status to say {part:?}"), async || {
            let s = self.status().await;
            if s.contains(part) {
                Ok(s)
            } else {
                Err(format!("{s:?}"))
            }
        })
        .await
    }

    /// Waits until `#message` contains `part`.
    pub async fn wait_message(&self, part: &str) -> String {
        self.wait_for(&format!("#message to say {part:?}"), async || {
            let s = self.message().await;
            if s.contains(part) {
                Ok(s)
            } else {
                Err(format!("{s:?}"))
            }
        })
        .await
    }

    /// Waits until `#message` says nothing, `after` the action named.
    pub async fn wait_no_message(&self, after: &str) {
        self.wait_for(&format!("no message after {after}"), async || match self.message().await {
            m if m.is_empty() => Ok(()),
            m => Err(m),
        })
        .await
    }

    /// Whether the element `selector` exists.
    pub async fn exists(&self, selector: &str) -> bool {
        self.js_args("return document.querySelector(arguments[0]) !== null;", vec![json!(selector)]).await
            == json!(true)
    }

    /// Whether the element `selector` is disabled (`None`: there is none).
    pub async fn disabled(&self, selector: &str) -> Option<bool> {
        self.js_args(
            "const e = document.querySelector(arguments[0]); return e ? e.disabled === true : null;",
            vec![json!(selector)],
        )
        .await
        .as_bool()
    }

    /// Clicks the element `selector` as a person would (waiting for it to
    /// exist, and again if the page redrew it meanwhile).
    pub async fn click(&self, selector: &str) {
        let mut last = String::new();
        let started = Instant::now();
        while started.elapsed() < WAIT {
            match self.client.find(Locator::Css(selector)).await {
                Ok(el) => match el.click().await {
                    Ok(()) => return,
                    Err(e) => {
                        last = format!("the click failed: {e}");
                        eprintln!("[{}] click {selector}: {last}", self.name);
                    }
                },
                Err(e) => last = format!("not found: {e}"),
            }
            tokio::time::sleep(POLL).await;
        }
        panic!("[{}] cannot click {selector}: {last}", self.name);
    }

    /// The middle of the element `selector` on the screen, in CSS pixels,
    /// for a pointer to act on (`what` it is for: said if it is missing).
    async fn centre(&self, selector: &str, what: &str) -> (i64, i64) {
        let c = self
            .js_args(
                "const e = document.querySelector(arguments[0]); if (!e) return null; \
                 const r = e.getBoundingClientRect(); \
                 return [Math.round(r.left + r.width / 2), Math.round(r.top + r.height / 2)];",
                vec![json!(selector)],
            )
            .await;
        match (c[0].as_i64(), c[1].as_i64()) {
            (Some(x), Some(y)) => (x, y),
            _ => panic!("[{}] no {selector} to {what}: {c}", self.name),
        }
    }

    /// Clicks the element `selector` twice at once, as a double click of
    /// the mouse (the second click lands wherever the first left the page).
    pub async fn double_click(&self, selector: &str) {
        let (x, y) = self.centre(selector, "double-click").await;
        let mouse = MouseActions::new("mouse".into())
            .then(PointerAction::MoveTo { duration: None, x, y })
            .then(PointerAction::Down { button: MOUSE_BUTTON_LEFT })
            .then(PointerAction::Up { button: MOUSE_BUTTON_LEFT })
            .then(PointerAction::Down { button: MOUSE_BUTTON_LEFT })
            .then(PointerAction::Up { button: MOUSE_BUTTON_LEFT });
        self.client.perform_actions(mouse).await.unwrap_or_else(|e| panic!("double-clicking {selector}: {e}"));
        let _ = self.client.release_actions().await;
    }

    /// Presses `key` (with Shift held when `shift`) as a person at the
    /// keyboard would: the focused element gets it.
    pub async fn press(&self, key: Key, shift: bool) {
        let mut keys = KeyActions::new("keyboard".into());
        if shift {
            keys = keys.then(KeyAction::Down { value: Key::Shift.into() });
        }
        keys = keys.then(KeyAction::Down { value: key.into() }).then(KeyAction::Up { value: key.into() });
        if shift {
            keys = keys.then(KeyAction::Up { value: Key::Shift.into() });
        }
        self.client.perform_actions(keys).await.unwrap_or_else(|e| panic!("pressing {key:?}: {e}"));
        let _ = self.client.release_actions().await;
    }

    /// Drags with the mouse from the middle of `from` to the middle of
    /// `to` (selectors), in small steps, as a hand would.
    pub async fn drag(&self, from: &str, to: &str) {
        // (Where they are on the screen, taken before: the page redraws
        // the board as the drag goes.)
        let ((x0, y0), (x1, y1)) = (self.centre(from, "drag").await, self.centre(to, "drag").await);
        let step = Some(Duration::from_millis(100));
        let mouse = MouseActions::new("mouse".into())
            .then(PointerAction::MoveTo { duration: None, x: x0, y: y0 })
            .then(PointerAction::Down { button: MOUSE_BUTTON_LEFT })
            .then(PointerAction::MoveTo { duration: step, x: x0 + (x1 - x0) / 4, y: y0 + (y1 - y0) / 4 })
            .then(PointerAction::MoveTo { duration: step, x: x0 + (x1 - x0) / 2, y: y0 + (y1 - y0) / 2 })
            .then(PointerAction::MoveTo { duration: step, x: x1, y: y1 })
            .then(PointerAction::Up { button: MOUSE_BUTTON_LEFT });
        self.client.perform_actions(mouse).await.unwrap_or_else(|e| panic!("dragging {from} to {to}: {e}"));
        let _ = self.client.release_actions().await;
    }

    /// Makes the page `width` × `height` CSS pixels (a phone's, say), and
    /// waits until it is.
    pub async fn resize(&self, width: u32, height: u32) {
        self.client.set_window_size(width, height).await.unwrap_or_else(|e| panic!("resizing: {e}"));
        // (The window's frame, if it has one, is added.)
        let inner = self.js("return [window.innerWidth, window.innerHeight];").await;
        let (w, h) = (inner[0].as_u64().unwrap_or(0) as u32, inner[1].as_u64().unwrap_or(0) as u32);
        if (w, h) != (width, height) {
            let (fw, fh) = (width.saturating_sub(w), height.saturating_sub(h));
            self.client.set_window_size(width + fw, height + fh).await.unwrap_or_else(|e| panic!("resizing: {e}"));
        }
        self.wait_js(
            &format!("a page of {width} × {height}"),
            &format!("window.innerWidth === {width} && window.innerHeight === {height}"),
        )
        .await;
    }

    /// Types `text` into the input `selector`, replacing what it held.
    pub async fn type_into(&self, selector: &str, text: &str) {
        let el = self.client.find(Locator::Css(selector)).await.unwrap_or_else(|e| panic!("{selector}: {e}"));
        el.clear().await.unwrap_or_else(|e| panic!("clearing {selector}: {e}"));
        el.send_keys(text).await.unwrap_or_else(|e| panic!("typing into {selector}: {e}"));
    }

    /// Chooses the option `value` of the select `selector` (waiting for it).
    pub async fn choose(&self, selector: &str, value: &str) {
        self.wait_js(
            &format!("{selector} to offer {value:?}"),
            &format!(
                "[...document.querySelectorAll({:?})].some((o) => o.value === {value:?})",
                format!("{selector} option")
            ),
        )
        .await;
        let el = self.client.find(Locator::Css(selector)).await.unwrap_or_else(|e| panic!("{selector}: {e}"));
        el.select_by_value(value).await.unwrap_or_else(|e| panic!("choosing {value} in {selector}: {e}"));
        let now = self.js_args("return document.querySelector(arguments[0]).value;", vec![json!(selector)]).await;
        assert_eq!(now, json!(value), "{selector} shows another option");
    }

    /// Chooses the file `path` in the file input `selector`, as a person
    /// picking it would.
    pub async fn upload(&self, selector: &str, path: &Path) {
        let el = self.client.find(Locator::Css(selector)).await.unwrap_or_else(|e| panic!("{selector}: {e}"));
        let path = path.to_str().expect("a path in UTF-8");
        el.send_keys(path).await.unwrap_or_else(|e| panic!("choosing {path} in {selector}: {e}"));
    }

    /// Saves a picture of the window as `target/browser-artifacts/NAME.png`.
    pub async fn screenshot(&self, name: &str) -> PathBuf {
        let png = self.client.screenshot().await.unwrap_or_else(|e| panic!("screenshot {name}: {e}"));
        assert!(png.starts_with(b"\x89PNG"), "the screenshot is not a PNG");
        let path = artifacts().join(format!("{name}.png"));
        std::fs::write(&path, png).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        path
    }

    // ----- reading the board (the hooks) -----

    /// The move list: each entry's `data-move`, in `data-ply` order.
    pub async fn moves(&self) -> Vec<String> {
        let v = self
            .js("return [...document.querySelectorAll('[data-move]')]
                    .sort((a, b) => Number(a.dataset.ply) - Number(b.dataset.ply))
                    .map((e) => e.dataset.move);")
            .await;
        strings(&v)
    }

    /// Waits until the move list is `expected`.
    pub async fn wait_moves(&self, expected: &[&str]) {
        self.wait_for(&format!("the move list {expected:?}"), async || {
            let m = self.moves().await;
            if m == expected {
                Ok(())
            } else {
                Err(format!("{m:?}"))
            }
        })
        .await
    }

    /// The landing hints shown: (cell, `dot` | `ring` | the classes when neither).
    pub async fn hints(&self) -> BTreeSet<Hint> {
        let v = self
            .js("return [...document.querySelectorAll('[data-target]')].map((e) => [e.dataset.target,
                    e.classList.contains('ring') ? 'ring' : e.classList.contains('dot') ? 'dot' : ('classes: ' + e.getAttribute('class'))]);")
            .await;
        v.as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|p| Some((p.get(0)?.as_str()?.to_string(), p.get(1)?.as_str()?.to_string())))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// The pieces shown: cell → `data-piece` ("White Knight").
    pub async fn pieces(&self) -> Vec<(String, String)> {
        let v = self
            .js("return [...document.querySelectorAll('[data-piece][data-on]')].map((e) => [e.dataset.on, e.dataset.piece]);")
            .await;
        let mut out: Vec<(String, String)> = v
            .as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|p| Some((p.get(0)?.as_str()?.to_string(), p.get(1)?.as_str()?.to_string())))
                    .collect()
            })
            .unwrap_or_default();
        out.sort();
        out
    }

    pub async fn piece_on(&self, cell: &str) -> Option<String> {
        self.pieces().await.into_iter().find(|(c, _)| c == cell).map(|(_, p)| p)
    }

    /// The game the page shows (`?game=ID` in its address).
    pub async fn game_id(&self) -> Option<String> {
        self.js("return new URLSearchParams(location.search).get('game');").await.as_str().map(str::to_string)
    }

    /// Waits until the page shows a game other than `old`, drawn; its id.
    pub async fn wait_game_other_than(&self, old: Option<&str>) -> String {
        self.wait_for("the page to show a new game", async || {
            let id = self.game_id().await;
            let drawn = self.exists("[data-piece]").await && !self.status().await.is_empty();
            match id {
                Some(id) if drawn && Some(id.as_str()) != old => Ok(id),
                other => Err(format!("game {other:?}, drawn {drawn}")),
            }
        })
        .await
    }

    /// Opens `/?variant=NAME` and waits for its board; the game's id.
    pub async fn open_variant(&self, name: &str) -> String {
        self.goto(&format!("/?variant={name}")).await;
        self.wait_game_other_than(None).await
    }

    /// Starts a game through the API (`body` of POST /api/games), opens
    /// `/?game=ID` and waits until the page shows it; its id.
    pub async fn open_new(&self, body: Value) -> String {
        let (code, view) = self.api("POST", "/api/games", Some(body.clone())).await;
        assert_eq!(code, 201, "POST /api/games {body}: {view}");
        let id = view["id"].as_str().expect("the view's id").to_string();
        self.goto(&format!("/?game={id}")).await;
        let status = view["status"].as_str().unwrap_or_default().to_string();
        self.wait_status(&status).await;
        self.wait_game_other_than(None).await;
        id
    }

    /// Opens a game of `variant` from `position` (a position string) and `moves`.
    pub async fn open_position(&self, variant: &str, position: Option<&str>, moves: &str) -> String {
        let tag = position.map(|p| format!("[Position \"{p}\"]\n")).unwrap_or_default();
        let record = format!("[Variant \"{variant}\"]\n{tag}\n{moves} *\n");
        self.open_new(json!({ "record": record })).await
    }

    // ----- entering moves by clicks -----

    /// The hints the API offers for `from` after `path` (POST .../legs),
    /// as the page should show them, and the answer.
    pub async fn api_hints(&self, game: &str, from: &str, path: &[&str]) -> (BTreeSet<Hint>, Value) {
        let (code, answer) =
            self.api("POST", &format!("/api/games/{game}/legs"), Some(json!({ "from": from, "path": path }))).await;
        assert_eq!(code, 200, "legs {from} {path:?}: {answer}");
        let hints = answer["next"]
            .as_array()
            .expect("next")
            .iter()
            .map(|n| {
                let kind = if n["kind"] == "jump" { "ring" } else { "dot" };
                (n["to"].as_str().expect("to").to_string(), kind.to_string())
            })
            .collect();
        (hints, answer)
    }

    /// Waits until the page shows exactly `expected` hints.
    pub async fn wait_hints(&self, expected: &BTreeSet<Hint>) {
        self.wait_for(&format!("the hints {expected:?}"), async || {
            let h = self.hints().await;
            if &h == expected {
                Ok(())
            } else {
                Err(format!("{h:?}"))
            }
        })
        .await
    }

    /// Enters the move of the piece on `from` through `path` by clicks:
    /// the piece, then each landing's hint; at every step the hints shown
    /// must be the API's and `#finish` enabled exactly when the move may
    /// end there with a landing made. When the last landing leaves the
    /// move free to go on, it is ended with `#finish`. Waits until the
    /// move list has one more entry, `expected` (canonical notation).
    pub async fn play(&self, game: &str, from: &str, path: &[&str], expected: &str) {
        let before = self.moves().await;
        // The API's answers for every step, asked before any click (the
        // last click may play the move).
        let mut steps = Vec::new();
        for i in 0..=path.len() {
            steps.push(self.api_hints(game, from, &path[..i]).await);
        }
        self.click(&format!("[data-piece][data-on=\"{from}\"]")).await;
        let mut ended = false;
        for (i, (hints, answer)) in steps.iter().enumerate() {
            assert!(answer["refusal"].is_null(), "the API refuses {from} {:?}: {answer}", &path[..i]);
            if i > 0 && answer["complete"].is_string() && hints.is_empty() {
                assert_eq!(i, path.len(), "{from} {:?} ends the move: {answer}", &path[..i]);
                ended = true; // the page plays such a move itself
                break;
            }
            self.wait_hints(hints).await;
            let may_end = i > 0 && answer["complete"].is_string();
            assert_eq!(
                self.disabled("#finish").await,
                Some(!may_end),
                "#finish after {from} {:?} (the API: {answer})",
                &path[..i]
            );
            if i < path.len() {
                let to = path[i];
                assert!(hints.iter().any(|(c, _)| c == to), "{to} is not among the hints {hints:?}");
                self.click(&format!("[data-target=\"{to}\"]")).await;
            }
        }
        if !ended {
            self.click("#finish").await;
        }
        let n = before.len();
        self.wait_for(&format!("{expected} in the move list after {before:?}"), async || {
            let m = self.moves().await;
            if m.len() > n && m[..n] == before[..] && m[n] == expected {
                Ok(())
            } else {
                Err(format!("{m:?}; #message {:?}", self.message().await))
            }
        })
        .await;
    }

    // ----- the API, for setting up -----

    /// Listens to the game's events as another page would, until the
    /// stream returned is dropped.
    pub async fn listen(&self, game: &str) -> TcpStream {
        let (addr, path) = (self.addr, format!("/api/games/{game}/events"));
        tokio::task::spawn_blocking(move || {
            let mut stream = TcpStream::connect(addr).unwrap_or_else(|e| panic!("connecting to {addr}: {e}"));
            stream.set_read_timeout(Some(WAIT)).expect("a read timeout");
            write!(stream, "GET {path} HTTP/1.1\r\nHost: {addr}\r\n\r\n").unwrap_or_else(|e| panic!("GET {path}: {e}"));
            // (Listening once the answer has begun.)
            let mut head = Vec::new();
            let mut byte = [0];
            while !head.ends_with(b"\r\n\r\n") {
                stream.read_exact(&mut byte).unwrap_or_else(|e| panic!("GET {path}: {e}"));
                head.push(byte[0]);
            }
            assert!(head.starts_with(b"HTTP/1.1 200"), "GET {path}: {}", String::from_utf8_lossy(&head));
            stream
        })
        .await
        .expect("the listener's thread")
    }

    /// `method path` with a JSON `body`: the status and the JSON answer
    /// (a string when it is not JSON).
    pub async fn api(&self, method: &str, path: &str, body: Option<Value>) -> (u16, Value) {
        let (addr, method, path) = (self.addr, method.to_string(), path.to_string());
        tokio::task::spawn_blocking(move || http(addr, &method, &path, body.as_ref()))
            .await
            .expect("the HTTP request's thread")
    }
}

/// The strings of a JSON array.
pub fn strings(v: &Value) -> Vec<String> {
    v.as_array().map(|a| a.iter().filter_map(|s| s.as_str().map(str::to_string)).collect()).unwrap_or_default()
}

/// One HTTP/1.1 request on a fresh connection (closed after the answer).
fn http(addr: SocketAddr, method: &str, path: &str, body: Option<&Value>) -> (u16, Value) {
    let body = body.map(Value::to_string).unwrap_or_default();
    let mut stream = TcpStream::connect(addr).unwrap_or_else(|e| panic!("connecting to the server at {addr}: {e}"));
    stream.set_read_timeout(Some(Duration::from_secs(30))).expect("a read timeout");
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap_or_else(|e| panic!("{method} {path}: {e}"));
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).unwrap_or_else(|e| panic!("{method} {path}: reading the answer: {e}"));
    let split =
        raw.windows(4).position(|w| w == b"\r\n\r\n").unwrap_or_else(|| panic!("{method} {path}: no header end"));
    let head = String::from_utf8_lossy(&raw[..split]).to_string();
    let mut content = raw[split + 4..].to_vec();
    let code: u16 = head.split_whitespace().nth(1).and_then(|c| c.parse().ok()).expect("a status code");
    if head.lines().any(|l| l.to_ascii_lowercase().replace(' ', "") == "transfer-encoding:chunked") {
        content = dechunk(&content);
    }
    let text = String::from_utf8_lossy(&content).to_string();
    (code, serde_json::from_str(&text).unwrap_or(Value::String(text)))
}

fn dechunk(mut data: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    while let Some(end) = data.windows(2).position(|w| w == b"\r\n") {
        let size =
            usize::from_str_radix(String::from_utf8_lossy(&data[..end]).split(';').next().unwrap_or("").trim(), 16)
                .unwrap_or(0);
        if size == 0 {
            break;
        }
        let start = end + 2;
        out.extend_from_slice(&data[start..(start + size).min(data.len())]);
        data = &data[(start + size + 2).min(data.len())..];
    }
    out
}
