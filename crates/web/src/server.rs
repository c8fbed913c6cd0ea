//! The routes of the API (`docs/web-api.md`): the games in play, the
//! actions on them, their events, and the computer's moves and analyses,
//! which run on blocking threads while the server answers.

use crate::assets;
use crate::error::{ApiError, ApiResult};
use crate::request::{FileName, GameId, JsonBody, NoFields, Number, OptionalBody};
use crate::session::{engine_level, engine_ms, AnalysisJob, MoveRequest, Seat, Table};
use crate::setup::{folder_name_problem, is_record_name, new_game, saved_variant, NewGame, NewTable};
use axum::extract::{DefaultBodyLimit, State};
use axum::http::{header, StatusCode};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use futures_util::stream::Stream;
use leap_engine::Stop;
use serde::Deserialize;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::convert::Infallible;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};
use tokio::sync::broadcast;

/// What `camelot serve` was asked for.
#[derive(Clone, Debug)]
pub struct Config {
    /// The folder where games are saved and from which they are loaded;
    /// no request reads or writes a file elsewhere.
    pub games: PathBuf,
    /// The built-in variant of the game the page opens on, if any.
    pub variant: Option<String>,
    /// The largest request body, in bytes.
    pub body_limit: usize,
    /// How long a game between computers alone, without a clock, plays on
    /// with no one following it (no page listening to its events, no
    /// request about it): it then waits, and the next request about it
    /// sets it going again. (A clock ends such a game soon enough.)
    pub unwatched: Duration,
    /// The longest the head of a request (its request line and headers)
    /// may take to come in whole, from when the server starts reading it
    /// (on a connection kept open, from its last answer): then
    /// [`crate::serve`] closes the connection.
    pub head_timeout: Duration,
    /// Names of this machine the page is served under besides `localhost`
    /// and its IP addresses (`mybox`, `mybox.local`: its name on a
    /// network); any other name in a request's `Host` is refused (see
    /// [`router`]).
    pub hosts: Vec<String>,
}

impl Config {
    /// Games saved in `games`, no game to open on, bodies up to 1 MiB, a
    /// game of computers alone waiting after a minute unwatched, and a
    /// request's head in 20 s.
    pub fn new(games: impl Into<PathBuf>) -> Config {
        Config {
            games: games.into(),
            variant: None,
            body_limit: 1 << 20,
            unwatched: Duration::from_secs(60),
            head_timeout: Duration::from_secs(20),
            hosts: Vec::new(),
        }
    }

    /// Whether the games folder can be one: a folder, or a path where one
    /// can be made when a game is first saved (nothing on it, or on a
    /// folder above it, is a file).
    pub fn check(&self) -> Result<(), String> {
        let file = self.games.ancestors().filter(|p| !p.as_os_str().is_empty()).find(|p| p.exists());
        match file {
            Some(p) if !p.is_dir() => Err(format!(
                "the games folder {} cannot be used: {} is a file, not a folder",
                self.games.display(),
                p.display()
            )),
            _ => Ok(()),
        }
    }
}

/// How often a running clock is sent to the page.
const CLOCK_EVERY: Duration = Duration::from_millis(250);

/// How often a running analysis looks for a page listening to its game.
const LISTENERS_EVERY: Duration = Duration::from_millis(500);

/// How long an analysis runs on with no page listening to its game's
/// events (a page closed, or a script that never listened): long enough
/// for a page's event stream to reconnect.
const UNHEARD: Duration = Duration::from_secs(2);

/// The most games kept at once: starting another drops the oldest finished
/// one (or, when none is finished, the oldest).
pub const MAX_GAMES: usize = 256;

/// A game in play, and the stream of its events.
pub(crate) struct Slot {
    table: Mutex<Box<dyn Table>>,
    events: broadcast::Sender<Event>,
    /// The files of the games folder this game was loaded from or saved
    /// to, each with the text it read or wrote there: a later save of the
    /// game may replace such a file while it still holds that text.
    pub(crate) saved: Mutex<Vec<(String, String)>>,
    /// The record of the games folder this game was loaded from, when it
    /// holds annotations the game does not keep, with the first of them in
    /// words ([`leap_core::notation::Unkept`]): never replaced by a save.
    pub(crate) annotated: Option<(String, String)>,
    /// Who follows the game, for a game of computers alone (see
    /// [`Config::unwatched`]).
    follow: Mutex<Follow>,
    /// [`Config::unwatched`].
    unwatched: Duration,
}

/// When a request last asked about a game, and whether the game waits for
/// the next one (see [`Config::unwatched`]).
struct Follow {
    asked: Instant,
    waiting: bool,
}

impl Slot {
    pub(crate) fn lock(&self) -> MutexGuard<'_, Box<dyn Table>> {
        self.table.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn follow(&self) -> MutexGuard<'_, Follow> {
        self.follow.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A request asks about the game: whether the game was waiting for
    /// one (it goes on now: see [`Config::unwatched`]).
    fn asked(&self) -> bool {
        let mut follow = self.follow();
        follow.asked = Instant::now();
        std::mem::take(&mut follow.waiting)
    }

    /// Whether the game's computer, about to think, waits instead: a game
    /// of computers alone that no one has followed for [`Config::unwatched`].
    fn waits(&self) -> bool {
        if !self.lock().unattended() || self.events.receiver_count() > 0 {
            return false;
        }
        let mut follow = self.follow();
        follow.waiting = follow.asked.elapsed() >= self.unwatched;
        follow.waiting
    }

    fn send(&self, name: &str, data: &Value) {
        // (No page listening is no error.)
        let _ = self.events.send(Event::default().event(name).data(data.to_string()));
    }
}

/// The server's state: the games in play and the configuration.
#[derive(Clone)]
pub struct AppState {
    config: Arc<Config>,
    games: Arc<Mutex<HashMap<u64, Arc<Slot>>>>,
    /// The number of the last game started ([`next_game_number`]).
    last_id: Arc<AtomicU64>,
    start: Arc<Mutex<Option<u64>>>,
}

impl AppState {
    /// The game numbered `id`, which a request asks about: if it was
    /// waiting for one, it goes on.
    fn slot(&self, id: &str) -> ApiResult<Arc<Slot>> {
        self.followed(id).map(|(slot, _)| slot)
    }

    /// [`AppState::slot`], and whether the game was waiting.
    fn followed(&self, id: &str) -> ApiResult<(Arc<Slot>, bool)> {
        let slot = {
            let games = self.games.lock().unwrap_or_else(|e| e.into_inner());
            // (Digits only, as the server writes them: `+5` and `05` are not game 5's name.)
            Some(id)
                .filter(|id| id.bytes().all(|b| b.is_ascii_digit()) && (id.len() == 1 || !id.starts_with('0')))
                .and_then(|id| id.parse::<u64>().ok())
                .and_then(|n| games.get(&n).cloned())
                .ok_or_else(|| ApiError::NotFound(format!("there is no game {id}")))?
        };
        let waited = slot.asked();
        if waited {
            after_change(&slot);
        }
        Ok((slot, waited))
    }

    /// Starts a game: it gets a number, its clock ticks, and the computer
    /// moves if it is its turn.
    fn open(&self, request: NewGame) -> ApiResult<(u64, Arc<Slot>)> {
        let id = next_game_number(&self.last_id);
        // (A game loaded from the games folder may be saved over its record.)
        let NewTable { table, loaded, annotated } = new_game(id, request, &self.config.games)?;
        let loaded_from: Vec<(String, String)> = loaded.into_iter().collect();
        let (events, _) = broadcast::channel(64);
        let clocked = table.clocks().is_some();
        let slot = Arc::new(Slot {
            table: Mutex::new(table),
            events,
            saved: Mutex::new(loaded_from),
            annotated,
            follow: Mutex::new(Follow { asked: Instant::now(), waiting: false }),
            unwatched: self.config.unwatched,
        });
        let dropped = {
            let mut games = self.games.lock().unwrap_or_else(|e| e.into_inner());
            let mut dropped = None;
            if games.len() >= MAX_GAMES {
                // (A game another request holds counts as going on.)
                let over = |slot: &Slot| slot.table.try_lock().is_ok_and(|t| t.is_over());
                let finished = games.iter().filter(|(_, slot)| over(slot)).map(|(&k, _)| k).min();
                if let Some(k) = finished.or_else(|| games.keys().min().copied()) {
                    dropped = games.remove(&k);
                }
            }
            games.insert(id, slot.clone());
            dropped
        };
        // A game no one can reach any more thinks no more (its computer's
        // search, its analysis); locked once the list of games is free.
        if let Some(old) = dropped {
            old.lock().close();
        }
        if clocked {
            spawn_clock(slot.clone());
        }
        after_change(&slot);
        Ok((id, slot))
    }
}

/// The number of a new game, after `last`, the last one given (0 before
/// the first), which it becomes: the time, in microseconds since 1970,
/// or the number after the last one when the time is not past it (two
/// games in a microsecond, or the machine's clock set back). A number is
/// so never given twice in a run of the server, and never one an earlier
/// run gave: a number runs ahead of the time it was given only by the
/// games started faster than one a microsecond (far faster than the
/// server starts games), and a restart takes milliseconds. (A page left
/// open on a game of that run finds no game, rather than another game
/// under its number.)
fn next_game_number(last: &AtomicU64) -> u64 {
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH);
    let now = now.map_or(0, |t| u64::try_from(t.as_micros()).unwrap_or(u64::MAX / 2));
    let after = |last: u64| last.saturating_add(1).max(now);
    // (The closure always gives a number, so the update is always made.)
    let last = last.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |l| Some(after(l))).unwrap_or_else(|l| l);
    after(last)
}

/// The app: the page and the API, with `config`.
pub fn router(config: Config) -> Router {
    let state = AppState {
        config: Arc::new(config.clone()),
        games: Arc::default(),
        last_id: Arc::new(AtomicU64::new(0)),
        start: Arc::default(),
    };
    Router::new()
        .route("/", get(assets::index))
        .route("/app.js", get(assets::script))
        .route("/style.css", get(assets::style))
        .route("/api/variants", get(variants).post(describe_variant))
        .route("/api/start", get(start_game))
        .route("/api/saved", get(saved))
        .route("/api/saved/{file}", get(saved_game))
        .route("/api/games", post(create))
        .route("/api/games/{id}", get(view))
        .route("/api/games/{id}/record", get(record))
        .route("/api/games/{id}/variant", get(variant_file))
        .route("/api/games/{id}/positions", get(positions))
        .route("/api/games/{id}/events", get(events))
        .route("/api/games/{id}/legs", post(legs))
        .route("/api/games/{id}/move", post(play))
        .route("/api/games/{id}/undo", post(undo))
        .route("/api/games/{id}/resign", post(resign))
        .route("/api/games/{id}/draw", post(draw))
        .route("/api/games/{id}/seats", post(seats))
        .route("/api/games/{id}/save", post(save))
        .route("/api/games/{id}/analysis", post(analysis).get(analysing))
        .route("/api/games/{id}/review", post(review).get(reviewing))
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(DefaultBodyLimit::max(config.body_limit))
        .layer(axum::middleware::from_fn_with_state(Arc::new(config.hosts), own_site_only))
        .with_state(state)
}

/// Refuses what another site may ask of the server through a person's
/// browser: a request for an address by name that is not the server's
/// (`Host: evil.example`: a page whose name was made to lead to this
/// machine, DNS rebinding), and a request that changes something (any
/// but GET and HEAD) from a page of another site (its `Origin`, which
/// browsers send with such requests). Scripts, which send no `Origin`,
/// are served.
async fn own_site_only(
    axum::extract::State(hosts): axum::extract::State<Arc<Vec<String>>>,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    match own_site(request.headers(), request.method(), &hosts) {
        Ok(()) => next.run(request).await,
        Err(e) => e.into_response(),
    }
}

/// Whether `host` (a `Host` header: a name or an address, and a port) is
/// the server's own: `localhost`, one of the names `hosts` it was given
/// ([`Config::hosts`]), or an IP address (`127.0.0.1`, `[::1]`, or the
/// machine's on a network), which no other site's page can be reached at.
fn own_host(host: &str, hosts: &[String]) -> bool {
    let name = match host.strip_prefix('[') {
        // (`[::1]:8080`: an IPv6 address, in brackets.)
        Some(v6) => return v6.split_once(']').is_some_and(|(a, _)| a.parse::<std::net::Ipv6Addr>().is_ok()),
        None => host.rsplit_once(':').map_or(host, |(name, _)| name),
    };
    name.eq_ignore_ascii_case("localhost")
        || hosts.iter().any(|h| h.eq_ignore_ascii_case(name))
        || name.parse::<std::net::Ipv4Addr>().is_ok()
}

/// See [`own_site_only`].
fn own_site(headers: &axum::http::HeaderMap, method: &axum::http::Method, hosts: &[String]) -> ApiResult<()> {
    let text = |name| headers.get(name).map(|v| v.to_str().unwrap_or("?"));
    let host = text(header::HOST);
    if let Some(host) = host.filter(|h| !own_host(h, hosts)) {
        return Err(ApiError::Forbidden(format!(
            "this server answers only at its own address, such as http://localhost:8080/ or \
             http://127.0.0.1:8080/, not as \"{}\": open the page there (or start it with \
             `camelot serve --allow-host NAME` to serve it under this machine's name NAME too)",
            leap_core::notation::quoted(host)
        )));
    }
    if matches!(*method, axum::http::Method::GET | axum::http::Method::HEAD) {
        return Ok(());
    }
    let Some(origin) = text(header::ORIGIN) else {
        return Ok(());
    };
    let own = host.is_some_and(|host| origin.eq_ignore_ascii_case(&format!("http://{host}")));
    if own {
        return Ok(());
    }
    Err(ApiError::Forbidden(format!(
        "a page of another site ({}) may not act on the games of this server: play at the server's own page",
        leap_core::notation::quoted(origin)
    )))
}

async fn method_not_allowed(method: axum::http::Method) -> ApiError {
    ApiError::MethodNotAllowed(format!(
        "this address does not take {method} requests (its Allow header says which it takes)"
    ))
}

async fn not_found() -> ApiError {
    ApiError::NotFound("there is nothing here".into())
}

async fn variants() -> Json<Value> {
    let list: Vec<Value> = leap_games::builtin()
        .into_iter()
        .filter_map(|(name, title)| {
            let players = leap_games::with_game!(leap_games::load(&name).ok()?, g => {
                leap_core::Game::players(&g).iter().map(|p| p.name.clone()).collect::<Vec<_>>()
            });
            Some(json!({ "name": name, "title": title, "players": players }))
        })
        .collect();
    Json(Value::Array(list))
}

/// `POST /api/variants`: what an uploaded variant file would be played as.
async fn describe_variant(JsonBody(upload): JsonBody<crate::setup::VariantUpload>) -> ApiResult<Json<Value>> {
    let answer = tokio::task::spawn_blocking(move || crate::setup::describe_upload(upload))
        .await
        .map_err(|_| ApiError::Invalid("the variant file could not be read".into()))??;
    Ok(Json(answer))
}

/// The game `camelot serve VARIANT` opens on, made at the first ask;
/// `null` when no variant was given (the page then offers a new game).
async fn start_game(State(state): State<AppState>) -> ApiResult<Json<Value>> {
    let Some(variant) = state.config.variant.clone() else {
        return Ok(Json(json!({ "game": null })));
    };
    let mut start = state.start.lock().unwrap_or_else(|e| e.into_inner()).take();
    if start.is_some_and(|id| state.slot(&id.to_string()).is_err()) {
        start = None;
    }
    let id = match start {
        Some(id) => id,
        None => state.open(NewGame::of(&variant))?.0,
    };
    *state.start.lock().unwrap_or_else(|e| e.into_inner()) = Some(id);
    Ok(Json(json!({ "game": id.to_string() })))
}

/// The records of the games folder: its files of its own (no link, folder
/// or special file, which a load refuses) with a record's extension,
/// whatever their names but those a load refuses
/// ([`folder_name_problem`]: hidden, or not shown as they are).
async fn saved(State(state): State<AppState>) -> ApiResult<Json<Value>> {
    let mut names: Vec<String> = match std::fs::read_dir(&state.config.games) {
        Ok(dir) => dir
            .filter_map(Result::ok)
            // (The entry's own type: a link is not followed.)
            .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
            .filter_map(|e| e.file_name().into_string().ok())
            .filter(|n| folder_name_problem(n).is_none() && is_record_name(n))
            .collect(),
        Err(_) => Vec::new(),
    };
    names.sort();
    Ok(Json(json!(names)))
}

/// What a record of the games folder would be loaded as: its variant and
/// players (so that the page seats them before loading it).
async fn saved_game(State(state): State<AppState>, FileName(file): FileName) -> ApiResult<Json<Value>> {
    let games = state.config.games.clone();
    let answer = tokio::task::spawn_blocking(move || saved_variant(&file, &games))
        .await
        .map_err(|_| ApiError::Invalid("the saved game could not be read".into()))??;
    Ok(Json(answer))
}

/// Runs `work` on a blocking thread: what a game's rules may make long
/// (a view, a move, a record of a crowded variant) holds up no other
/// request of the server.
async fn blocking<T: Send + 'static>(work: impl FnOnce() -> ApiResult<T> + Send + 'static) -> ApiResult<T> {
    tokio::task::spawn_blocking(work).await.map_err(|_| ApiError::Failed("the server failed at this request".into()))?
}

async fn create(State(state): State<AppState>, JsonBody(request): JsonBody<NewGame>) -> ApiResult<Response> {
    let view = blocking(move || {
        let (_, slot) = state.open(request)?;
        let view = slot.lock().view();
        Ok(view)
    })
    .await?;
    Ok((StatusCode::CREATED, Json(view)).into_response())
}

async fn view(State(state): State<AppState>, GameId(id): GameId) -> ApiResult<Json<Value>> {
    let (slot, waited) = state.followed(&id)?;
    let mut view = blocking(move || Ok(slot.lock().view())).await?;
    view["waited"] = json!(waited);
    Ok(Json(view))
}

/// `GET /api/games/{id}/positions?from=A&to=B`: the positions after `A`
/// to `B` plies, as the view has them (which carries the last ones only).
async fn positions(
    State(state): State<AppState>,
    GameId(id): GameId,
    axum::extract::RawQuery(query): axum::extract::RawQuery,
) -> ApiResult<Json<Value>> {
    let (mut from, mut to) = (None, None);
    for pair in query.as_deref().unwrap_or("").split('&').filter(|p| !p.is_empty()) {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        let number = || match value.parse::<u64>() {
            Ok(n) => Ok(Number::Whole(n)),
            Err(_) => Err(ApiError::BadRequest(format!(
                "`{key}` must be a ply, a whole number such as 12, not \"{}\"",
                leap_core::notation::quoted(value)
            ))),
        };
        match key {
            "from" => from = Some(number()?),
            "to" => to = Some(number()?),
            _ => {
                return Err(ApiError::BadRequest(format!(
                    "unknown parameter \"{}\": the positions are asked for with `from` and `to` (plies)",
                    leap_core::notation::quoted(key)
                )))
            }
        }
    }
    let slot = state.slot(&id)?;
    let answer = blocking(move || slot.lock().positions(from.unwrap_or(Number::Whole(0)), to)).await?;
    Ok(Json(answer))
}

async fn record(State(state): State<AppState>, GameId(id): GameId) -> ApiResult<Response> {
    let slot = state.slot(&id)?;
    let (file, record) = blocking(move || {
        let table = slot.lock();
        Ok((format!("{}-game-{id}.pgn", table.variant_name()), table.record()))
    })
    .await?;
    Ok((
        [
            (header::CONTENT_TYPE, "text/plain; charset=utf-8".to_string()),
            (header::CONTENT_DISPOSITION, format!("attachment; filename=\"{file}\"")),
        ],
        record,
    )
        .into_response())
}

/// `GET /api/games/{id}/variant`: the variant file the game was started
/// from, when it was not a built-in variant (uploaded, or beside a saved
/// record), as `POST /api/games` takes it: a page holding the game can
/// start it again (restore it) when the server no longer has it.
async fn variant_file(State(state): State<AppState>, GameId(id): GameId) -> ApiResult<Json<Value>> {
    let slot = state.slot(&id)?;
    let uploaded = blocking(move || Ok(slot.lock().uploaded_variant())).await?;
    let (file, text) = uploaded.unzip();
    Ok(Json(json!({ "variant_file": file, "variant_text": text })))
}

async fn events(
    State(state): State<AppState>,
    GameId(id): GameId,
) -> ApiResult<Sse<impl Stream<Item = Result<Event, Infallible>>>> {
    let slot = state.slot(&id)?;
    let shown = slot.clone();
    let first = Event::default().event("state").data(blocking(move || Ok(shown.lock().view().to_string())).await?);
    let rx = slot.events.subscribe();
    let rest = futures_util::stream::unfold(rx, |mut rx| async move {
        loop {
            match rx.recv().await {
                Ok(event) => return Some((Ok(event), rx)),
                // A page too slow for its events gets the next ones.
                Err(broadcast::error::RecvError::Lagged(_)) => continue,
                Err(broadcast::error::RecvError::Closed) => return None,
            }
        }
    });
    let stream = futures_util::StreamExt::chain(futures_util::stream::once(async { Ok(first) }), rest);
    Ok(Sse::new(stream).keep_alive(KeepAlive::default()))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LegsRequest {
    from: String,
    #[serde(default)]
    path: Vec<String>,
}

async fn legs(
    State(state): State<AppState>,
    GameId(id): GameId,
    JsonBody(request): JsonBody<LegsRequest>,
) -> ApiResult<Json<Value>> {
    let slot = state.slot(&id)?;
    let answer = blocking(move || slot.lock().legs(&request.from, &request.path)).await?;
    Ok(Json(answer))
}

/// Runs `action` on the game (on a blocking thread: see [`blocking`]),
/// then tells the pages and starts the computer.
async fn act(
    state: &AppState,
    id: &str,
    action: impl FnOnce(&mut dyn Table) -> ApiResult<()> + Send + 'static,
) -> ApiResult<Json<Value>> {
    let slot = state.slot(id)?;
    let view = blocking(move || {
        let view = {
            let mut table = slot.lock();
            action(table.as_mut())?;
            table.view()
        };
        slot.send("state", &view);
        after_change(&slot);
        let view = slot.lock().view();
        Ok(view)
    })
    .await?;
    Ok(Json(view))
}

async fn play(
    State(state): State<AppState>,
    GameId(id): GameId,
    JsonBody(request): JsonBody<MoveRequest>,
) -> ApiResult<Json<Value>> {
    act(&state, &id, move |t| t.play(&request)).await
}

async fn undo(
    State(state): State<AppState>,
    GameId(id): GameId,
    OptionalBody(NoFields {}): OptionalBody<NoFields>,
) -> ApiResult<Json<Value>> {
    act(&state, &id, |t| t.undo()).await
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct PlayerRequest {
    player: Option<Number>,
}

async fn resign(
    State(state): State<AppState>,
    GameId(id): GameId,
    OptionalBody(request): OptionalBody<PlayerRequest>,
) -> ApiResult<Json<Value>> {
    act(&state, &id, move |t| t.resign(request.player)).await
}

/// A draw offered or accepted, or with `decline`, declined (withdrawn by its offerer).
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct DrawRequest {
    player: Option<Number>,
    #[serde(default)]
    decline: bool,
}

async fn draw(
    State(state): State<AppState>,
    GameId(id): GameId,
    OptionalBody(request): OptionalBody<DrawRequest>,
) -> ApiResult<Json<Value>> {
    act(&state, &id, move |t| t.draw(request.player, request.decline)).await
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SeatsRequest {
    seats: Option<Vec<Seat>>,
    engine_ms: Option<Number>,
    engine_level: Option<Number>,
}

async fn seats(
    State(state): State<AppState>,
    GameId(id): GameId,
    JsonBody(request): JsonBody<SeatsRequest>,
) -> ApiResult<Json<Value>> {
    let ms = request.engine_ms.map(engine_ms).transpose()?;
    let level = request.engine_level.map(engine_level).transpose()?;
    act(&state, &id, move |t| t.set_seats(request.seats, ms, level)).await
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SaveRequest {
    name: String,
}

async fn save(
    State(state): State<AppState>,
    GameId(id): GameId,
    JsonBody(request): JsonBody<SaveRequest>,
) -> ApiResult<Json<Value>> {
    let slot = state.slot(&id)?;
    let games = state.config.games.clone();
    let file = tokio::task::spawn_blocking(move || crate::saving::save(&slot, &games, &request.name))
        .await
        .map_err(|_| ApiError::Conflict("the game could not be saved".into()))??;
    Ok(Json(json!({ "file": file })))
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct AnalysisRequest {
    ply: Option<Number>,
    /// The best lines to report at each depth (default 1).
    lines: Option<Number>,
    #[serde(default)]
    stop: bool,
}

async fn analysis(
    State(state): State<AppState>,
    GameId(id): GameId,
    OptionalBody(request): OptionalBody<AnalysisRequest>,
) -> ApiResult<Json<Value>> {
    let slot = state.slot(&id)?;
    if request.stop {
        slot.lock().end_analysis();
        return Ok(Json(json!({ "analysing": false })));
    }
    let (job, stop) = slot.lock().analysis_job(request.ply, request.lines)?;
    run_analyst(slot, job, stop, "analysis");
    Ok(Json(json!({ "analysing": true })))
}

async fn analysing(State(state): State<AppState>, GameId(id): GameId) -> ApiResult<Json<Value>> {
    let table = state.slot(&id)?;
    let table = table.lock();
    Ok(Json(json!({ "analysing": table.analysing() && !table.reviewing() })))
}

/// `POST /api/games/{id}/review`: `{"movetime": MS}` or `{"stop": true}`.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct ReviewRequest {
    /// Each search's time, in milliseconds.
    movetime: Option<Number>,
    #[serde(default)]
    stop: bool,
}

async fn review(
    State(state): State<AppState>,
    GameId(id): GameId,
    OptionalBody(request): OptionalBody<ReviewRequest>,
) -> ApiResult<Json<Value>> {
    let slot = state.slot(&id)?;
    if request.stop {
        slot.lock().end_analysis();
        return Ok(Json(json!({ "reviewing": false })));
    }
    let (job, stop) = slot.lock().review_job(request.movetime)?;
    run_analyst(slot, job, stop, "review");
    Ok(Json(json!({ "reviewing": true })))
}

async fn reviewing(State(state): State<AppState>, GameId(id): GameId) -> ApiResult<Json<Value>> {
    Ok(Json(json!({ "reviewing": state.slot(&id)?.lock().reviewing() })))
}

/// Runs the analyst's `job` (an analysis or a review, stopped by `stop`)
/// on a blocking thread, its reports told to the game's pages as `event`
/// events, and watched ([`watch_listeners`]).
fn run_analyst(slot: Arc<Slot>, job: AnalysisJob, stop: Stop, event: &'static str) {
    let events = slot.clone();
    let running = tokio::task::spawn_blocking(move || {
        job(&|report| events.send(event, &report));
        // A review, once over (done or stopped), changed the view: what it
        // said of the moves is in the record, and in the view's moves
        // (`record_notes`) and tags, which a page keeps.
        if event == "review" {
            let view = events.lock().view();
            events.send("state", &view);
        }
    });
    tokio::spawn(watch_listeners(slot, running, stop));
}

/// Watches the analysis `running` (stopped by `stop`) while it runs: once
/// no page has listened to the game's events for [`UNHEARD`], it is
/// stopped, and the analysing engine's memory given back (unless another
/// analysis has taken its place meanwhile).
async fn watch_listeners(slot: Arc<Slot>, mut running: tokio::task::JoinHandle<()>, stop: Stop) {
    let mut every = tokio::time::interval(LISTENERS_EVERY);
    let mut heard = tokio::time::Instant::now();
    loop {
        tokio::select! {
            _ = &mut running => return,
            _ = every.tick() => {
                if slot.events.receiver_count() > 0 {
                    heard = tokio::time::Instant::now();
                } else if heard.elapsed() >= UNHEARD {
                    stop.stop();
                    let mut table = slot.lock();
                    if !table.analysing() {
                        table.end_analysis();
                    }
                    return;
                }
            }
        }
    }
}

/// After a change: the computer searches if it is its turn (unless the
/// game waits for someone to follow it: [`Config::unwatched`]); its move,
/// when found, is played and told to the pages.
fn after_change(slot: &Arc<Slot>) {
    // (A game that waits, or is over, gives back its computer's memory:
    // many games of computers alone would otherwise hold 16 MiB each.)
    if slot.waits() {
        slot.lock().rest();
        return;
    }
    let job = {
        let mut table = slot.lock();
        let job = table.engine_job();
        if job.is_none() && table.is_over() {
            table.rest();
        }
        job
    };
    let Some(job) = job else {
        return;
    };
    slot.send("state", &slot.lock().view());
    let slot = slot.clone();
    tokio::task::spawn_blocking(move || {
        let found = job();
        let view = {
            let mut table = slot.lock();
            if !table.engine_moved(found) {
                return;
            }
            table.view()
        };
        slot.send("state", &view);
        after_change(&slot);
    });
}

/// The game's clock: while it runs, the pages get the time left, and a
/// flag that falls ends the game. The task ends when the game is dropped.
fn spawn_clock(slot: Arc<Slot>) {
    let weak = Arc::downgrade(&slot);
    drop(slot);
    tokio::spawn(async move {
        let mut every = tokio::time::interval(CLOCK_EVERY);
        loop {
            every.tick().await;
            let Some(slot) = weak.upgrade() else {
                return;
            };
            let (fell, clocks, view) = {
                let mut table = slot.lock();
                if !table.clock_running() {
                    continue;
                }
                let fell = table.tick();
                (fell, table.clocks(), fell.then(|| table.view()))
            };
            if let Some(c) = clocks {
                slot.send("clock", &c);
            }
            if let (true, Some(view)) = (fell, view) {
                slot.send("state", &view);
            }
        }
    });
}
