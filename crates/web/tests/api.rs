//! The web app's HTTP API, request by request (docs/web-api.md): games of
//! every family, moves entered leg by leg and refused with their reasons,
//! the computer, clocks, endings, records, the games folder, and bad
//! requests answered with a 4xx.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use axum::Router;
use futures_util::StreamExt;
use http_body_util::BodyExt;
use serde_json::{json, Value};
use std::time::{Duration, Instant};
use tower::ServiceExt;

/// The app with its games folder (kept alive with it).
struct App {
    router: Router,
    /// The games folder, removed when the test ends.
    _games: tempfile::TempDir,
}

fn app() -> App {
    let games = tempfile::tempdir().expect("a temporary folder");
    App { router: leap_web::router(leap_web::Config::new(games.path())), _games: games }
}

impl App {
    async fn send(&self, method: &str, uri: &str, body: Option<Body>) -> (StatusCode, String) {
        let mut request = Request::builder().method(method).uri(uri);
        if body.is_some() {
            request = request.header("content-type", "application/json");
        }
        let request = request.body(body.unwrap_or_else(Body::empty)).expect("a request");
        let response = self.router.clone().oneshot(request).await.expect("an answer");
        let status = response.status();
        let bytes = response.into_body().collect().await.expect("a body").to_bytes();
        (status, String::from_utf8_lossy(&bytes).into_owned())
    }

    async fn get(&self, uri: &str) -> (StatusCode, Value) {
        let (status, text) = self.send("GET", uri, None).await;
        (status, serde_json::from_str(&text).unwrap_or(Value::String(text)))
    }

    async fn post(&self, uri: &str, body: Value) -> (StatusCode, Value) {
        let (status, text) = self.send("POST", uri, Some(Body::from(body.to_string()))).await;
        (status, serde_json::from_str(&text).unwrap_or(Value::String(text)))
    }

    /// A new game: its view.
    async fn new_game(&self, body: Value) -> Value {
        let (status, view) = self.post("/api/games", body).await;
        assert_eq!(status, StatusCode::CREATED, "{view}");
        view
    }

    async fn play(&self, id: &str, text: &str) -> Value {
        let (status, view) = self.post(&format!("/api/games/{id}/move"), json!({ "text": text })).await;
        assert_eq!(status, StatusCode::OK, "{text}: {view}");
        view
    }

    /// The game's stream of events (checked to be one).
    async fn events(&self, game: &str) -> Body {
        let request = Request::get(format!("/api/games/{game}/events")).body(Body::empty()).unwrap();
        let response = self.router.clone().oneshot(request).await.unwrap();
        assert_eq!(response.headers()["content-type"], "text/event-stream");
        response.into_body()
    }

    /// Waits (up to 20 s) until the game's view satisfies `done`.
    async fn wait_for(&self, id: &str, done: impl Fn(&Value) -> bool) -> Value {
        let started = Instant::now();
        loop {
            let (_, view) = self.get(&format!("/api/games/{id}")).await;
            if done(&view) {
                return view;
            }
            assert!(started.elapsed() < Duration::from_secs(20), "never reached: {}", view["status"]);
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

fn id(view: &Value) -> String {
    view["id"].as_str().expect("an id").to_string()
}

fn texts(view: &Value) -> Vec<String> {
    view["moves"].as_array().unwrap().iter().map(|m| m["text"].as_str().unwrap().to_string()).collect()
}

#[tokio::test]
async fn lists_the_built_in_variants_with_their_players() {
    let app = app();
    let (status, list) = app.get("/api/variants").await;
    assert_eq!(status, StatusCode::OK);
    let find = |name: &str| list.as_array().unwrap().iter().find(|v| v["name"] == name).cloned().unwrap();
    assert_eq!(find("camelot")["players"], json!(["White", "Black"]));
    assert_eq!(find("tri-camelot")["players"], json!(["Blue", "Red", "Green"]));
    assert!(find("checkers")["title"].as_str().unwrap().contains("checkers"));
}

#[tokio::test]
async fn draws_every_geometry_from_the_variant() {
    let app = app();
    // Camelot: 160 squares, two castles of two squares, labelled edges.
    let view = app.new_game(json!({ "variant": "camelot" })).await;
    let layout = &view["layout"];
    assert_eq!(layout["geometry"], "square");
    let cells = layout["cells"].as_array().unwrap();
    assert_eq!(cells.len(), 160);
    let mut castles: Vec<(&str, u64)> = cells
        .iter()
        .filter(|c| !c["zone"].is_null())
        .map(|c| (c["name"].as_str().unwrap(), c["zone"].as_u64().unwrap()))
        .collect();
    castles.sort();
    assert_eq!(castles, [("F1", 0), ("F16", 1), ("G1", 0), ("G16", 1)]);
    let e6 = cells.iter().find(|c| c["name"] == "E6").unwrap();
    assert_eq!((e6["x"].as_u64(), e6["y"].as_u64()), (Some(4), Some(10)), "rank 16 is the top row");
    assert_eq!(layout["files"].as_array().unwrap().len(), 12);
    assert_eq!(view["positions"][0]["pieces"].as_array().unwrap().len(), 28);
    assert!(view["positions"][0]["pieces"]
        .as_array()
        .unwrap()
        .contains(&json!({"cell": "D7", "player": 0, "kind": "Knight"})));
    // Checkers: 32 numbered dark squares on a whole 8 × 8 board (a
    // built-in name however written, as on the command line).
    let view = app.new_game(json!({ "variant": "Checkers" })).await;
    assert_eq!(view["variant"]["name"], "checkers");
    let layout = &view["layout"];
    assert_eq!(layout["geometry"], "diagonal");
    assert_eq!(layout["cells"].as_array().unwrap().len(), 32);
    assert_eq!(layout["backdrop"].as_array().unwrap().len(), 32);
    assert!(layout["cells"].as_array().unwrap().iter().all(|c| c["number"] == c["name"]));
    assert_eq!(layout["files"], json!([]));
    // Tri-Camelot: hexagons, three players, a castle each.
    let view = app.new_game(json!({ "variant": "tri-camelot" })).await;
    let layout = &view["layout"];
    assert_eq!(layout["geometry"], "hex");
    assert_eq!(layout["players"].as_array().unwrap().len(), 3);
    let zones: std::collections::BTreeSet<u64> =
        layout["cells"].as_array().unwrap().iter().filter_map(|c| c["zone"].as_u64()).collect();
    assert_eq!(zones, [0, 1, 2].into());
    assert_eq!(view["seats"], json!(["human", "human", "human"]));
}

#[tokio::test]
async fn enters_a_move_leg_by_leg_and_says_why_a_move_is_refused() {
    let app = app();
    let game = id(&app.new_game(json!({})).await);
    let legs = format!("/api/games/{game}/legs");
    // A Knight's first legs: steps and canters, each of which may end the move.
    let (status, answer) = app.post(&legs, json!({ "from": "D7" })).await;
    assert_eq!(status, StatusCode::OK);
    let next = answer["next"].as_array().unwrap();
    assert!(next.contains(&json!({ "to": "D8", "kind": "step", "ends": true, "goes_on": false })), "{answer}");
    assert!(next.iter().any(|n| n["kind"] == "canter"));
    assert_eq!(answer["complete"], Value::Null);
    assert_eq!(answer["refusal"], Value::Null);
    app.play(&game, "F7-F8").await;
    let view = app.play(&game, "F10-F9").await;
    // White must capture: the status says so before anything is clicked.
    assert_eq!(view["obligation"], "a capture is obligatory: F8 can capture");
    assert_eq!(view["must_move"], json!(["F8"]));
    let (_, answer) = app.post(&legs, json!({ "from": "E6" })).await;
    assert_eq!(answer["refusal"], "a capture is obligatory: F8 can capture");
    // The jump must go on: no end after the first leg.
    let (_, answer) = app.post(&legs, json!({ "from": "F8", "path": ["F10"] })).await;
    assert_eq!(answer["complete"], Value::Null);
    let next = answer["next"].as_array().unwrap();
    assert!(next.contains(&json!({ "to": "F12", "kind": "jump", "ends": true, "goes_on": false })), "{answer}");
    assert!(next.contains(&json!({ "to": "D12", "kind": "jump", "ends": false, "goes_on": true })), "{answer}");
    let (status, refused) =
        app.post(&format!("/api/games/{game}/move"), json!({ "from": "F8", "path": ["F10"] })).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(refused["error"], "the jump must continue: F8xF10xD12xB10 or F8xF10xF12 or F8xF10xH12xJ10xJ12");
    let (status, refused) = app.post(&format!("/api/games/{game}/move"), json!({ "text": "E6-E8" })).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(refused["error"], "`E6-E8` is not legal here: a capture is obligatory: F8 can capture");
    // Entered leg by leg, the move is played; the list shows it in notation.
    let (status, view) =
        app.post(&format!("/api/games/{game}/move"), json!({ "from": "F8", "path": ["F10", "F12"] })).await;
    assert_eq!(status, StatusCode::OK, "{view}");
    assert_eq!(texts(&view), ["F7-F8", "F10-F9", "F8xF10xF12"]);
    assert_eq!(view["moves"][2]["label"], "2.");
    assert_eq!(view["positions"][3]["last"], json!(["F8", "F10", "F12"]));
    assert_eq!(view["status"], "Black to move (move 2).");
}

/// The move box reads a move as the terminal and `--moves` do: with
/// annotation glyphs and the game's move number, if typed.
#[tokio::test]
async fn a_typed_move_may_carry_its_number_and_glyphs() {
    let app = app();
    let game = id(&app.new_game(json!({})).await);
    app.play(&game, "F7-F8!").await;
    app.play(&game, "1...F10-F9?!").await;
    let view = app.play(&game, "2. F8xF10xF12!!").await;
    assert_eq!(texts(&view), ["F7-F8", "F10-F9", "F8xF10xF12"]);
    let one = format!("expected one move, such as `{}`", view["example"].as_str().unwrap());
    for (text, error) in [
        ("3.E6-E7", "expected move 2, found 3"),
        ("F11-F10 G11-G10", one.as_str()),
        ("!?", one.as_str()),
        ("1-0", "`1-0` is a game's result, not a move: give only the moves"),
    ] {
        let (status, refused) = app.post(&format!("/api/games/{game}/move"), json!({ "text": text })).await;
        assert_eq!((status, refused["error"].as_str()), (StatusCode::UNPROCESSABLE_ENTITY, Some(error)), "{text}");
    }
}

/// Each position of the view says its own turn and obligation, as the
/// status line shows them while the player browses it: an earlier
/// position was on, with its player to move, whatever happened later.
#[tokio::test]
async fn each_position_says_whose_turn_it_was() {
    let app = app();
    let game = id(&app.new_game(json!({})).await);
    app.play(&game, "F7-F8").await;
    app.play(&game, "F10-F9").await;
    let (status, view) = app.post(&format!("/api/games/{game}/resign"), json!({})).await;
    assert_eq!(status, StatusCode::OK, "{view}");
    let said = |i: usize| (view["positions"][i]["status"].clone(), view["positions"][i]["obligation"].clone());
    assert_eq!(said(0), (json!("White to move (move 1)."), Value::Null));
    assert_eq!(said(1), (json!("Black to move (move 1)."), Value::Null));
    // The current position: the game's own status (it is over, no obligation).
    assert_eq!(said(2), (view["status"].clone(), Value::Null));
    assert_eq!(view["status"], "Game over: White resigned.");
    // Taken back, the resignation goes: F8 must capture now, but not before.
    let (_, view) = app.post(&format!("/api/games/{game}/undo"), json!({})).await;
    let obligation = "a capture is obligatory: F8 can capture";
    assert_eq!(view["positions"][2]["status"], "White to move (move 2).");
    assert_eq!(view["positions"][2]["obligation"], obligation);
    assert_eq!(view["obligation"], obligation);
    assert_eq!(view["positions"][1]["obligation"], Value::Null);
}

#[tokio::test]
async fn takes_back_resigns_and_agrees_draws_with_the_right_results() {
    let app = app();
    let game = id(&app.new_game(json!({})).await);
    app.play(&game, "F7-F8").await;
    let (_, view) = app.post(&format!("/api/games/{game}/undo"), json!({})).await;
    assert_eq!(texts(&view), Vec::<String>::new());
    let (status, _) = app.post(&format!("/api/games/{game}/undo"), json!({})).await;
    assert_eq!(status, StatusCode::CONFLICT);
    app.play(&game, "F7-F8").await;
    // A draw offered by Black, then accepted by White.
    let (_, view) = app.post(&format!("/api/games/{game}/draw"), json!({ "player": 1 })).await;
    assert_eq!(view["draw_offer"], 1);
    assert_eq!(view["result"], Value::Null);
    let (_, view) = app.post(&format!("/api/games/{game}/draw"), json!({ "player": 0 })).await;
    assert_eq!(view["result"]["token"], "1/2-1/2");
    assert_eq!(view["result"]["reason"], "drawn by agreement");
    assert!(view["draw_offer"].is_null(), "the offer ended with the game: {view}");
    let (status, _) = app.post(&format!("/api/games/{game}/move"), json!({ "text": "F10-F9" })).await;
    assert_eq!(status, StatusCode::CONFLICT, "no move after the end");
    // Black resigns another game: 1-0, and the record says how it ended.
    let game = id(&app.new_game(json!({})).await);
    app.play(&game, "F7-F8").await;
    let (_, view) = app.post(&format!("/api/games/{game}/resign"), json!({})).await;
    assert_eq!(
        view["result"],
        json!({ "token": "1-0", "winner": 0, "reason": "Black resigned", "points": ["1", "0"] })
    );
    let (status, record) = app.send("GET", &format!("/api/games/{game}/record"), None).await;
    assert_eq!(status, StatusCode::OK);
    assert!(record.contains("[Result \"1-0\"]") && record.contains("[Termination \"Black resigned\"]"), "{record}");
    assert!(record.trim_end().ends_with("1.F7-F8 1-0"), "{record}");
    // A resignation taken back: the game goes on from where it was.
    let (_, view) = app.post(&format!("/api/games/{game}/undo"), json!({})).await;
    assert_eq!((&view["result"], texts(&view)), (&Value::Null, vec!["F7-F8".to_string()]), "{view}");
    assert_eq!(view["to_move"], 1);
    // So is a resignation before any move.
    let game = id(&app.new_game(json!({})).await);
    let (_, view) = app.post(&format!("/api/games/{game}/resign"), json!({})).await;
    assert_eq!((&view["result"]["token"], &view["can_undo"]), (&json!("0-1"), &json!(true)));
    let (_, view) = app.post(&format!("/api/games/{game}/undo"), json!({})).await;
    assert_eq!((&view["result"], &view["can_undo"]), (&Value::Null, &json!(false)));
}

/// A draw offered in a game of three people stands until both others
/// have accepted it, each on their own turn, their acceptances kept
/// across the moves between; the view says who accepted and who is still
/// to answer. A player who moves without accepting it declines it, as one
/// may say so, and its offerer may withdraw it (F15).
#[tokio::test]
async fn three_players_agree_a_draw_one_answer_at_a_time() {
    let app = app();
    let game = id(&app.new_game(json!({ "variant": "tri-camelot" })).await);
    let draw = |body: Value| {
        let uri = format!("/api/games/{game}/draw");
        let app = &app;
        async move {
            let (status, view) = app.post(&uri, body).await;
            assert_eq!(status, StatusCode::OK, "{view}");
            view
        }
    };
    let offer = |view: &Value| (view["draw_offer"].clone(), view["draw_answers"].clone(), view["notice"].clone());
    // Blue offers, and plays on.
    let view = draw(json!({ "player": 0 })).await;
    let offered = (json!(0), json!({ "accepted": [], "waiting": [1, 2] }), json!("Blue offers a draw"));
    assert_eq!(offer(&view), offered, "{view}");
    let view = app.play(&game, "F7-F9").await;
    assert_eq!((&view["draw_offer"], &view["draw_answers"]), (&offered.0, &offered.1), "{view}");
    // Red accepts on its turn (twice: no more), and plays on: its acceptance stands.
    let accepted = (
        json!(0),
        json!({ "accepted": [1], "waiting": [2] }),
        json!("Blue offers a draw; Red accepts; waiting for Green"),
    );
    for _ in 0..2 {
        let view = draw(json!({ "player": 1 })).await;
        assert_eq!((&view["result"], offer(&view)), (&Value::Null, accepted.clone()), "{view}");
    }
    let view = app.play(&game, "D15-E14").await;
    assert_eq!(offer(&view), accepted, "{view}");
    // Green accepts: the draw is agreed.
    let view = draw(json!({ "player": 2 })).await;
    assert_eq!(view["result"]["reason"], "drawn by agreement", "{view}");
    assert_eq!((&view["result"]["token"], &view["draw_answers"]), (&json!("1/3-1/3-1/3"), &Value::Null), "{view}");
    // Red moves without answering Blue's offer: declined.
    let game = id(&app.new_game(json!({ "variant": "tri-camelot" })).await);
    let draw = |body: Value| {
        let uri = format!("/api/games/{game}/draw");
        let app = &app;
        async move { app.post(&uri, body).await }
    };
    draw(json!({ "player": 0 })).await;
    app.play(&game, "F7-F9").await;
    let view = app.play(&game, "D15-E14").await;
    assert_eq!(
        (&view["draw_offer"], &view["draw_answers"], &view["notice"]),
        (&Value::Null, &Value::Null, &Value::Null)
    );
    // Green offers, Blue accepts, Red declines it in words.
    draw(json!({ "player": 2 })).await;
    let (_, view) = draw(json!({ "player": 0 })).await;
    assert_eq!(view["draw_answers"], json!({ "accepted": [0], "waiting": [1] }), "{view}");
    let (status, view) = draw(json!({ "player": 1, "decline": true })).await;
    assert_eq!((status, offer(&view)), (StatusCode::OK, (Value::Null, Value::Null, json!("Red declines the draw"))));
    let (status, answer) = draw(json!({ "player": 1, "decline": true })).await;
    assert_eq!(status, StatusCode::CONFLICT, "{answer}");
    assert_eq!(answer["error"], "no draw is offered: there is nothing for Red to decline");
    // Its offerer withdraws it.
    draw(json!({ "player": 2 })).await;
    let (_, view) = draw(json!({ "player": 2, "decline": true })).await;
    assert_eq!(offer(&view), (Value::Null, Value::Null, json!("Green withdraws the offer of a draw")), "{view}");
    let (status, answer) = draw(json!({ "player": 2, "decline": "yes" })).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    assert!(answer["error"].as_str().unwrap().contains("expected true or false"), "{answer}");
    // Red, still to answer, goes out (Blue's F5xH7 takes its only piece):
    // Blue and Green, the players left, have agreed.
    let record = "[Variant \"tri-camelot\"]\n[Position \"B:BKF3,D5,F5:RG6:GKI14,I12,J13\"]\n\n*";
    let game = id(&app.new_game(json!({ "record": record })).await);
    app.post(&format!("/api/games/{game}/draw"), json!({ "player": 2 })).await;
    let (_, view) = app.post(&format!("/api/games/{game}/draw"), json!({ "player": 0 })).await;
    assert_eq!(view["draw_answers"], json!({ "accepted": [0], "waiting": [1] }), "{view}");
    let view = app.play(&game, "F5xH7").await;
    assert_eq!(view["result"]["reason"], "drawn by agreement", "{view}");
    // With two players, as before: the offer stands across its offerer's
    // move, and the other's move declines it.
    let game = id(&app.new_game(json!({})).await);
    app.post(&format!("/api/games/{game}/draw"), json!({ "player": 0 })).await;
    let view = app.play(&game, "F7-F8").await;
    assert_eq!(offer(&view), (json!(0), json!({ "accepted": [], "waiting": [1] }), Value::Null), "{view}");
    let view = app.play(&game, "F10-F9").await;
    assert_eq!(offer(&view), (Value::Null, Value::Null, Value::Null), "{view}");
}

#[tokio::test]
async fn a_three_player_resignation_shares_the_point() {
    let app = app();
    let game = id(&app.new_game(json!({ "variant": "tri-camelot" })).await);
    let (_, view) = app.post(&format!("/api/games/{game}/resign"), json!({ "player": 1 })).await;
    assert_eq!(view["result"]["token"], "1/2-0-1/2");
    assert_eq!(view["result"]["winner"], Value::Null);
}

#[tokio::test]
async fn the_computer_answers_a_move() {
    let app = app();
    let view = app.new_game(json!({ "seats": ["human", "engine"], "engine_ms": 50 })).await;
    let game = id(&view);
    app.play(&game, "F7-F8").await;
    let view = app.wait_for(&game, |v| v["moves"].as_array().unwrap().len() == 2).await;
    assert_eq!(view["to_move"], 0);
    assert_eq!(view["thinking"], false);
    // Taking back returns to the person's turn, both moves undone.
    let (_, view) = app.post(&format!("/api/games/{game}/undo"), json!({})).await;
    assert_eq!(texts(&view), Vec::<String>::new());
    assert_eq!(view["to_move"], 0);
}

#[tokio::test]
async fn the_computer_plays_at_the_level_asked_for() {
    let app = app();
    let view = app.new_game(json!({ "seats": ["human", "engine"], "engine_level": 2 })).await;
    assert_eq!(view["engine_level"], 2);
    let game = id(&view);
    // Level 2 answers within its tenth of a second, whatever the time per move.
    app.play(&game, "F7-F8").await;
    let view = app.wait_for(&game, |v| v["moves"].as_array().unwrap().len() == 2).await;
    assert_eq!(view["to_move"], 0);
    // The level can change during the game; left out, it stays.
    let (status, view) = app.post(&format!("/api/games/{game}/seats"), json!({ "engine_level": 6 })).await;
    assert_eq!(status, StatusCode::OK, "{view}");
    assert_eq!(view["engine_level"], 6);
    let (_, view) = app.post(&format!("/api/games/{game}/seats"), json!({ "engine_ms": 300 })).await;
    assert_eq!((view["engine_level"].clone(), view["engine_ms"].clone()), (json!(6), json!(300)));
    // Full strength by default.
    assert_eq!(app.new_game(json!({})).await["engine_level"], 8);
}

#[tokio::test]
async fn a_person_cannot_move_for_the_computer() {
    let app = app();
    let view = app.new_game(json!({ "seats": ["engine", "human"], "engine_ms": 1500 })).await;
    let (status, answer) = app.post(&format!("/api/games/{}/move", id(&view)), json!({ "text": "F7-F8" })).await;
    assert_eq!(status, StatusCode::CONFLICT, "{answer}");
    assert_eq!(answer["error"], "it is White's turn: the computer plays it");
    let (_, answer) = app.post(&format!("/api/games/{}/legs", id(&view)), json!({ "from": "F7" })).await;
    assert_eq!(answer["refusal"], "it is White's turn: the computer plays it");
}

#[tokio::test]
async fn computers_play_a_three_player_game_by_themselves() {
    let app = app();
    let view = app
        .new_game(json!({ "variant": "tri-camelot", "seats": ["engine", "engine", "engine"], "engine_ms": 20 }))
        .await;
    let view = app.wait_for(&id(&view), |v| v["moves"].as_array().unwrap().len() >= 6).await;
    assert_eq!(view["moves"][3]["label"], "2.");
}

#[tokio::test]
async fn a_flag_falls_and_ends_the_game() {
    let app = app();
    let game = id(&app.new_game(json!({ "clock": { "base_ms": 300, "increment_ms": 0 } })).await);
    // (The clocks start with the first move.)
    let view = app.play(&game, "F7-F8").await;
    assert_eq!(view["clocks"][0]["running"], false);
    assert_eq!(view["clocks"][1]["running"], true);
    let view = app.wait_for(&game, |v| !v["result"].is_null()).await;
    assert_eq!(
        view["result"],
        json!({ "token": "1-0", "winner": 0, "reason": "Black lost on time", "points": ["1", "0"] })
    );
    assert_eq!(view["clocks"][1]["ms"], 0);
}

/// No clock runs until the first move is played in the game (F9): a
/// player who has not moved loses no time, let alone the game; the first
/// move, a person's or the computer's, took none, and starts the clocks,
/// which a takeback does not stop.
#[tokio::test]
async fn the_clocks_start_with_the_first_move() {
    let app = app();
    let ms = |view: &Value, p: usize| view["clocks"][p]["ms"].as_u64().unwrap();
    let running =
        |view: &Value| view["clocks"].as_array().unwrap().iter().map(|c| c["running"].clone()).collect::<Vec<_>>();
    let view = app.new_game(json!({ "clock": { "base_ms": 300, "increment_ms": 0 } })).await;
    assert_eq!((&view["clock_waits"], running(&view)), (&json!(true), vec![json!(false); 2]), "{view}");
    let game = id(&view);
    tokio::time::sleep(Duration::from_millis(600)).await;
    let (_, view) = app.get(&format!("/api/games/{game}")).await;
    assert_eq!((&view["result"], ms(&view, 0), &view["clock_waits"]), (&Value::Null, 300, &json!(true)), "{view}");
    let view = app.play(&game, "F7-F8").await;
    assert_eq!((ms(&view, 0), &view["clock_waits"]), (300, &json!(false)), "{view}");
    assert_eq!(running(&view), [false, true], "{view}");
    // A takeback of that move: the clocks run on (it gives no time).
    let game = id(&app.new_game(json!({ "clock": { "base_ms": 60000, "increment_ms": 0 } })).await);
    app.play(&game, "F7-F8").await;
    let (_, view) = app.post(&format!("/api/games/{game}/undo"), json!({})).await;
    assert_eq!((&view["clock_waits"], running(&view)), (&json!(false), vec![json!(true), json!(false)]), "{view}");
    // The computer playing first: its move starts the clocks.
    let clock = json!({ "base_ms": 60000, "increment_ms": 0 });
    let view = app.new_game(json!({ "seats": ["engine", "human"], "engine_ms": 200, "clock": clock })).await;
    let view = app.wait_for(&id(&view), |v| v["plies"] == 1).await;
    assert_eq!((ms(&view, 0), &view["clock_waits"]), (60000, &json!(false)), "{view}");
    assert_eq!(running(&view), [false, true], "{view}");
    // A game without clocks waits for none.
    assert_eq!(app.new_game(json!({})).await["clock_waits"], false);
}

/// A game loaded from a record with a clock, to browse it or to play on,
/// runs no clock until a move is played in it (F6): looking at it costs
/// no time, and a save writes the record's times, not a loss on time.
#[tokio::test]
async fn a_loaded_game_runs_no_clock_until_a_move_is_played() {
    let app = app();
    let ms = |view: &Value, p: usize| view["clocks"][p]["ms"].as_u64().unwrap();
    let record = "[Variant \"camelot\"]\n[TimeControl \"60\"]\n\n\
                  1.C6-C5 {[%clk 0:00:50]} C11-C12 {[%clk 0:00:00.3]} 2.J6-J5 {[%clk 0:00:00.3]} *\n";
    std::fs::write(app._games.path().join("period.pgn"), record).unwrap();
    let clock = json!({ "base_ms": 60000 });
    let loaded = app.new_game(json!({ "saved": "period.pgn", "clock": clock })).await;
    let uploaded = app.new_game(json!({ "record": record, "clock": clock })).await;
    tokio::time::sleep(Duration::from_millis(600)).await;
    for view in [&loaded, &uploaded] {
        let (_, view) = app.get(&format!("/api/games/{}", id(view))).await;
        assert_eq!((&view["result"], &view["to_move"], ms(&view, 1)), (&Value::Null, &json!(1), 300), "{view}");
        assert_eq!((&view["clock_waits"], &view["clocks"][1]["running"]), (&json!(true), &json!(false)), "{view}");
    }
    // Saved over its record: the game as it was, unfinished.
    let game = id(&loaded);
    let (status, answer) = app.post(&format!("/api/games/{game}/save"), json!({ "name": "period" })).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let saved = std::fs::read_to_string(app._games.path().join("period.pgn")).unwrap();
    assert!(saved.contains("[Result \"*\"]") && !saved.contains("Termination"), "{saved}");
    assert!(saved.contains("C11-C12 {[%clk 0:00:00.3]} 2.J6-J5 {[%clk 0:00:00.3]}"), "{saved}");
    // Played on: Black's move starts the clocks, and White's flag falls.
    let (_, view) = app.get(&format!("/api/games/{game}")).await;
    let view = app.play(&game, view["example"].as_str().unwrap()).await;
    assert_eq!((&view["clock_waits"], &view["clocks"][0]["running"]), (&json!(false), &json!(true)), "{view}");
    let view = app.wait_for(&game, |v| !v["result"].is_null()).await;
    assert_eq!(view["result"]["reason"], "White lost on time", "{view}");
}

#[tokio::test]
async fn a_takeback_gives_no_time_and_a_fallen_flag_is_not_taken_back() {
    let app = app();
    let view = app.new_game(json!({ "clock": { "base_ms": 60000, "increment_ms": 5000 } })).await;
    let game = id(&view);
    assert_eq!(view["can_undo"], false);
    let view = app.play(&game, "F7-F8").await;
    assert!(view["clocks"][0]["ms"].as_u64().unwrap() > 60000, "the increment: {view}");
    assert_eq!(view["can_undo"], true);
    let (status, view) = app.post(&format!("/api/games/{game}/undo"), json!({})).await;
    assert_eq!(status, StatusCode::OK, "{view}");
    assert!(view["clocks"][0]["ms"].as_u64().unwrap() <= 60000, "no increment kept: {view}");
    // Nor the time the move took: a move after 300 ms, taken back, leaves 59.7 s at most.
    tokio::time::sleep(Duration::from_millis(300)).await;
    app.play(&game, "F7-F8").await;
    let (_, view) = app.post(&format!("/api/games/{game}/undo"), json!({})).await;
    assert!(view["clocks"][0]["ms"].as_u64().unwrap() <= 59700, "no thinking time given back: {view}");
    // White moves, then Black's flag falls: the game stays lost.
    let game = id(&app.new_game(json!({ "clock": { "base_ms": 400 } })).await);
    app.play(&game, "F7-F8").await;
    let view = app.wait_for(&game, |v| !v["result"].is_null()).await;
    assert_eq!(view["result"]["reason"], "Black lost on time");
    assert_eq!(view["can_undo"], false);
    let error = refused(&app, &format!("/api/games/{game}/undo"), json!({}), StatusCode::CONFLICT).await;
    assert_eq!(error, "the game is over: Black lost on time; a takeback cannot give the time back");
    let (_, view) = app.get(&format!("/api/games/{game}")).await;
    assert_eq!(texts(&view), ["F7-F8"]);
}

#[tokio::test]
async fn clocks_count_moves_per_period() {
    let app = app();
    let view = app.new_game(json!({ "clock": { "base_ms": 60000, "increment_ms": 1000, "moves": 1 } })).await;
    let game = id(&view);
    let view = app.play(&game, "F7-F8").await;
    // The first move ended White's period: its clock got the base time
    // again, and the increment.
    let white = view["clocks"][0]["ms"].as_u64().unwrap();
    assert!(white > 110_000 && white <= 121_000, "{white}");
}

#[tokio::test]
async fn bad_requests_get_a_4xx_and_a_reason() {
    let app = app();
    let game = id(&app.new_game(json!({})).await);
    let cases: Vec<(&str, String, &str, StatusCode)> = vec![
        ("GET", "/api/games/99".into(), "", StatusCode::NOT_FOUND),
        ("GET", "/api/games/x".into(), "", StatusCode::NOT_FOUND),
        ("GET", format!("/api/games/+{game}"), "", StatusCode::NOT_FOUND),
        ("GET", "/api/nothing".into(), "", StatusCode::NOT_FOUND),
        ("POST", "/api/games".into(), "{", StatusCode::BAD_REQUEST),
        ("POST", "/api/games".into(), r#"{"variant": 3}"#, StatusCode::BAD_REQUEST),
        ("POST", "/api/games".into(), r#"{"colour": "white"}"#, StatusCode::BAD_REQUEST),
        ("POST", "/api/games".into(), r#"{"variant": "nonesuch"}"#, StatusCode::UNPROCESSABLE_ENTITY),
        ("POST", "/api/games".into(), r#"{"variant": "/etc/passwd"}"#, StatusCode::UNPROCESSABLE_ENTITY),
        ("POST", "/api/games".into(), r#"{"seats": ["human"]}"#, StatusCode::BAD_REQUEST),
        ("POST", "/api/games".into(), r#"{"seats": ["human", "robot"]}"#, StatusCode::BAD_REQUEST),
        ("POST", "/api/games".into(), r#"{"engine_ms": 0}"#, StatusCode::BAD_REQUEST),
        ("POST", "/api/games".into(), r#"{"engine_level": 0}"#, StatusCode::BAD_REQUEST),
        ("POST", "/api/games".into(), r#"{"engine_level": 9}"#, StatusCode::BAD_REQUEST),
        ("POST", "/api/games".into(), r#"{"engine_level": 300}"#, StatusCode::BAD_REQUEST),
        ("POST", "/api/games".into(), r#"{"engine_level": "easy"}"#, StatusCode::BAD_REQUEST),
        ("POST", format!("/api/games/{game}/seats"), r#"{"engine_level": 12}"#, StatusCode::BAD_REQUEST),
        ("POST", "/api/games".into(), r#"{"clock": {"base_ms": 0}}"#, StatusCode::BAD_REQUEST),
        ("POST", "/api/games".into(), r#"{"clock": {"base_ms": 1000, "moves": 0}}"#, StatusCode::BAD_REQUEST),
        ("POST", "/api/games".into(), r#"{"saved": "../../etc/passwd"}"#, StatusCode::BAD_REQUEST),
        ("POST", "/api/games".into(), r#"{"saved": "missing.pgn"}"#, StatusCode::NOT_FOUND),
        ("POST", format!("/api/games/{game}/legs"), r#"{"from": "Z99"}"#, StatusCode::BAD_REQUEST),
        ("POST", format!("/api/games/{game}/move"), r#"{}"#, StatusCode::BAD_REQUEST),
        ("POST", format!("/api/games/{game}/move"), r#"{"text": "E6-E9"}"#, StatusCode::UNPROCESSABLE_ENTITY),
        ("POST", format!("/api/games/{game}/move"), r#"{"text": "\u0000"}"#, StatusCode::UNPROCESSABLE_ENTITY),
        ("POST", format!("/api/games/{game}/move"), r#"{"text": "  "}"#, StatusCode::BAD_REQUEST),
        ("POST", "/api/games".into(), r#"{"seats": []}"#, StatusCode::BAD_REQUEST),
        ("POST", format!("/api/games/{game}/resign"), r#"{"player": 7}"#, StatusCode::BAD_REQUEST),
        ("POST", format!("/api/games/{game}/resign"), r#"nonsense"#, StatusCode::BAD_REQUEST),
        ("POST", format!("/api/games/{game}/analysis"), r#"{"ply": 5}"#, StatusCode::BAD_REQUEST),
        ("POST", format!("/api/games/{game}/analysis"), r#"{"lines": 0}"#, StatusCode::BAD_REQUEST),
        ("POST", format!("/api/games/{game}/analysis"), r#"{"lines": 11}"#, StatusCode::BAD_REQUEST),
        ("POST", format!("/api/games/{game}/analysis"), r#"{"lines": -1}"#, StatusCode::BAD_REQUEST),
        ("POST", format!("/api/games/{game}/save"), r#"{"name": "../escape"}"#, StatusCode::BAD_REQUEST),
        ("POST", format!("/api/games/{game}/save"), r#"{"name": "/tmp/x"}"#, StatusCode::BAD_REQUEST),
        ("POST", format!("/api/games/{game}/save"), r#"{"name": ".hidden"}"#, StatusCode::BAD_REQUEST),
    ];
    for (method, uri, body, expected) in cases {
        let body = (method == "POST").then(|| Body::from(body.to_string()));
        let (status, text) = app.send(method, &uri, body).await;
        assert_eq!(status, expected, "{method} {uri}: {text}");
        let answer: Value = serde_json::from_str(&text).unwrap_or_else(|_| panic!("{uri}: not JSON: {text}"));
        assert!(answer["error"].as_str().is_some_and(|e| !e.is_empty()), "{uri}: {text}");
    }
    // A body over the limit.
    let big = format!(r#"{{"record": "{}"}}"#, "x".repeat(2 << 20));
    let (status, _) = app.send("POST", "/api/games", Some(Body::from(big))).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    // The game is unharmed by it all.
    let (status, view) = app.get(&format!("/api/games/{game}")).await;
    assert_eq!((status, view["moves"].as_array().unwrap().len()), (StatusCode::OK, 0));
}

const SMALL_VARIANT: &str = r#"name = "tiny"
extends = "camelot"
title = "Tiny Camelot"
"#;

#[tokio::test]
async fn uploaded_variant_files_are_checked_like_the_command_line() {
    let app = app();
    let view = app.new_game(json!({ "variant_text": SMALL_VARIANT, "variant_file": "tiny.toml" })).await;
    assert_eq!(view["variant"], json!({ "name": "tiny", "title": "Tiny Camelot", "file": "tiny.toml" }));
    // A misspelt key: the diagnostic names the file, line and column.
    let (status, answer) = app
        .post(
            "/api/games",
            json!({ "variant_text": "name = \"x\"\nextends = \"camelot\"\ntitel = 3\n", "variant_file": "x.toml" }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(answer["error"].as_str().unwrap().starts_with("x.toml:3:1:"), "{answer}");
    // No file on the server's disk is read through `extends`.
    let (status, answer) = app.post("/api/games", json!({ "variant_text": "extends = \"/etc/hostname\"\n" })).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(answer["error"].as_str().unwrap().contains("may extend only a built-in variant"), "{answer}");
}

// The people a record names for its players (its tags named after them)
// are in the view, in turn order; nobody named is null.
#[tokio::test]
async fn the_view_names_a_records_players() {
    let app = app();
    let view = app.new_game(json!({ "variant": "camelot" })).await;
    assert_eq!(view["player_names"], json!([null, null]), "a new game");
    let record = "[Variant \"camelot\"]\n[White \"Michael Nolan\"]\n[Black \"?\"]\n\n1.F7-F8 *\n";
    let view = app.new_game(json!({ "record": record })).await;
    assert_eq!(view["player_names"], json!(["Michael Nolan", null]), "PGN's unknown `?` names nobody");
    let game = id(&view);
    let view = app.play(&game, "F10-F9").await;
    assert_eq!(view["player_names"], json!(["Michael Nolan", null]), "after a move");
    let record = "[Variant \"tri-camelot\"]\n[red \" Bea \"]\n[Green \"\"]\n\n*\n";
    let view = app.new_game(json!({ "record": record })).await;
    assert_eq!(view["player_names"], json!([null, "Bea", null]), "Blue, Red, Green");
}

#[tokio::test]
async fn records_load_browse_and_continue() {
    let app = app();
    let record = "[Variant \"camelot\"]\n[White \"Ann\"]\n[Result \"*\"]\n\n1.F7-F8 F10-F9 2.F8xF10xF12 *\n";
    let view = app.new_game(json!({ "record": record })).await;
    assert_eq!(texts(&view), ["F7-F8", "F10-F9", "F8xF10xF12"]);
    assert_eq!(view["to_move"], 1);
    let game = id(&view);
    app.play(&game, "G11xE13").await;
    let (_, text) = app.send("GET", &format!("/api/games/{game}/record"), None).await;
    assert!(text.contains("[White \"Ann\"]") && text.contains("2.F8xF10xF12 G11xE13"), "{text}");
    // A record that goes wrong says where.
    let (status, answer) = app.post("/api/games", json!({ "record": "1.F7-F8 F10-F9 2.E6-E8 *" })).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(answer["error"].as_str().unwrap().contains("move 2 (White)"), "{answer}");
    let (status, answer) = app.post("/api/games", json!({ "record": "" })).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
    // A record of a variant file that was not uploaded with it.
    let (status, answer) =
        app.post("/api/games", json!({ "record": "[Variant \"tiny\"]\n[VariantFile \"/etc/tiny.toml\"]\n*" })).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(answer["error"].as_str().unwrap().contains("upload that file"), "{answer}");
    // A set-up position and a checkers record.
    let checkers = "[Variant \"checkers\"]\n\n1.11-15 23-19 *";
    assert_eq!(texts(&app.new_game(json!({ "record": checkers })).await), ["11-15", "23-19"]);
    // A PDN record's start in its FEN tag, as the command line reads it
    // (and written again as it was); not with a Position tag too.
    let fen = "[Variant \"checkers\"]\n[FEN \"W:W18:B14,3\"]\n\n1...18x9 *";
    let view = app.new_game(json!({ "record": fen })).await;
    assert_eq!(texts(&view), ["18x9"]);
    let (_, text) = app.send("GET", &format!("/api/games/{}/record", id(&view)), None).await;
    assert!(text.contains("[FEN \"W:W18:B14,3\"]") && !text.contains("Position"), "{text}");
    let both = fen.replace("[FEN", "[Position \"W:W18:B14\"]\n[FEN");
    let (status, answer) = app.post("/api/games", json!({ "record": both })).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(answer["error"].as_str().unwrap().contains("both [Position] and [FEN]"), "{answer}");
}

#[tokio::test]
async fn saved_games_stay_in_the_games_folder_and_load_again() {
    let app = app();
    let game = id(&app.new_game(json!({ "variant_text": SMALL_VARIANT, "variant_file": "tiny.toml" })).await);
    app.play(&game, "F7-F8").await;
    let (status, answer) = app.post(&format!("/api/games/{game}/save"), json!({ "name": "first" })).await;
    assert_eq!((status, &answer["file"]), (StatusCode::OK, &json!("first.pgn")), "{answer}");
    // The variant file lies beside the record, which names it.
    let folder = app._games.path();
    assert_eq!(std::fs::read_to_string(folder.join("tiny.toml")).unwrap(), SMALL_VARIANT);
    let saved = std::fs::read_to_string(folder.join("first.pgn")).unwrap();
    assert!(saved.contains("[VariantFile \"tiny.toml\"]"), "{saved}");
    // Saved again after another move: the same file, replaced.
    app.play(&game, "F10-F9").await;
    let (status, _) = app.post(&format!("/api/games/{game}/save"), json!({ "name": "first.pgn" })).await;
    assert_eq!(status, StatusCode::OK);
    // Another game may not replace it.
    let other = id(&app.new_game(json!({})).await);
    let (status, answer) = app.post(&format!("/api/games/{other}/save"), json!({ "name": "first" })).await;
    assert_eq!(status, StatusCode::CONFLICT, "{answer}");
    let (_, list) = app.get("/api/saved").await;
    assert_eq!(list, json!(["first.pgn"]));
    let view = app.new_game(json!({ "saved": "first.pgn" })).await;
    assert_eq!(texts(&view), ["F7-F8", "F10-F9"]);
    assert_eq!(view["variant"]["name"], "tiny");
    // No temporary file is left behind.
    let mut names: Vec<String> =
        std::fs::read_dir(folder).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
    names.sort();
    assert_eq!(names, ["first.pgn", "tiny.toml"]);
}

#[tokio::test]
async fn a_records_extension_is_known_in_any_case() {
    let app = app();
    let game = id(&app.new_game(json!({})).await);
    app.play(&game, "F7-F8").await;
    // `GAME.PGN` is a record's name as it is: no `.pgn` is added to it.
    for name in ["upper.PGN", "mixed.Pdn"] {
        let (status, answer) = app.post(&format!("/api/games/{game}/save"), json!({ "name": name })).await;
        assert_eq!((status, &answer["file"]), (StatusCode::OK, &json!(name)), "{answer}");
    }
    // The folder lists them as saved games, and they load.
    assert_eq!(app.get("/api/saved").await.1, json!(["mixed.Pdn", "upper.PGN"]));
    let view = app.new_game(json!({ "saved": "upper.PGN" })).await;
    assert_eq!(texts(&view), ["F7-F8"]);
}
#[tokio::test]
async fn a_game_saved_after_a_resignation_loads_over() {
    let app = app();
    let game = id(&app.new_game(json!({})).await);
    app.play(&game, "F7-F8").await;
    let (status, answer) = app.post(&format!("/api/games/{game}/resign"), json!({ "player": 1 })).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let (status, answer) = app.post(&format!("/api/games/{game}/save"), json!({ "name": "resigned" })).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let view = app.new_game(json!({ "saved": "resigned.pgn" })).await;
    assert_eq!(view["result"]["token"], json!("1-0"), "{view}");
    assert_eq!(view["result"]["reason"], json!("Black resigned"), "{view}");
    let again = id(&view);
    let (status, answer) = app.post(&format!("/api/games/{again}/move"), json!({ "text": "F10-F9" })).await;
    assert_eq!(status, StatusCode::CONFLICT, "the game is over: {answer}");
}

#[tokio::test]
async fn a_draw_the_computer_declined_cannot_be_taken_up_later() {
    let app = app();
    let game = id(&app.new_game(json!({ "seats": ["human", "engine"], "engine_ms": 10 })).await);
    let (status, view) = app.post(&format!("/api/games/{game}/draw"), json!({ "player": 0 })).await;
    assert_eq!(status, StatusCode::OK, "{view}");
    assert!(view["notice"].as_str().unwrap().contains("declines the draw"), "{view}");
    assert!(view["draw_offer"].is_null(), "the offer is withdrawn: {view}");
    let (status, _) = app.post(&format!("/api/games/{game}/seats"), json!({ "seats": ["human", "human"] })).await;
    assert_eq!(status, StatusCode::OK);
    let (_, view) = app.post(&format!("/api/games/{game}/draw"), json!({ "player": 1 })).await;
    assert!(view["result"].is_null(), "a new offer, not an agreement: {view}");
    // A move with a field the API does not know is refused, as elsewhere.
    let (status, _) = app.post(&format!("/api/games/{game}/move"), json!({ "text": "F7-F8", "extra": true })).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn the_computer_judges_a_draw_by_its_moves_still_on_the_board() {
    let app = app();
    // Black, the computer, alone against six: its answer scores it lost.
    let record = "[Variant \"checkers\"]\n[Position \"W:W18,22,23,24,25,26:B3\"]\n\n*";
    let view = app.new_game(json!({ "record": record, "seats": ["engine", "human"], "engine_ms": 50 })).await;
    let game = id(&view);
    app.play(&game, "18-15").await;
    app.wait_for(&game, |v| v["moves"].as_array().unwrap().len() == 2).await;
    // Both moves taken back: the computer has no move on the board, and
    // declines, as before it has moved (not on the score of a move gone).
    let (_, view) = app.post(&format!("/api/games/{game}/undo"), json!({})).await;
    assert_eq!(texts(&view), Vec::<String>::new());
    let (_, view) = app.post(&format!("/api/games/{game}/draw"), json!({ "player": 1 })).await;
    assert!(view["result"].is_null(), "{view}");
    assert_eq!(view["notice"], "Black (computer) declines the draw", "{view}");
    // Its answer played again, it judges by that.
    app.play(&game, "18-15").await;
    app.wait_for(&game, |v| v["moves"].as_array().unwrap().len() == 2).await;
    let (_, view) = app.post(&format!("/api/games/{game}/draw"), json!({ "player": 1 })).await;
    assert_eq!(view["result"]["reason"], "drawn by agreement", "{view}");
}

#[tokio::test]
async fn a_draw_offered_while_the_computer_thinks_does_not_restart_its_search() {
    let app = app();
    let game = id(&app.new_game(json!({ "seats": ["human", "engine"], "engine_ms": 1000 })).await);
    app.play(&game, "F7-F8").await;
    // Offers every 200 ms, each declined: the computer's search of a
    // second goes on through them, and its move comes.
    let started = Instant::now();
    loop {
        let (status, view) = app.post(&format!("/api/games/{game}/draw"), json!({ "player": 0 })).await;
        if texts(&view).len() == 2 {
            break;
        }
        assert_eq!(status, StatusCode::OK, "{view}");
        assert!(view["notice"].as_str().unwrap().contains("declines the draw"), "{view}");
        assert_eq!(view["thinking"], true, "{view}");
        assert!(started.elapsed() < Duration::from_secs(6), "each offer started the computer's search again: {view}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

#[tokio::test]
async fn a_long_path_is_refused_at_its_first_wrong_landing() {
    let app = app();
    let game = id(&app.new_game(json!({})).await);
    let path = vec!["F8"; 20_000];
    let (status, answer) = app.post(&format!("/api/games/{game}/legs"), json!({ "from": "F7", "path": path })).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert!(answer["refusal"].as_str().unwrap().starts_with("the piece cannot go to F8"), "{answer}");
    let (status, _) = app.post(&format!("/api/games/{game}/move"), json!({ "from": "F7", "path": path })).await;
    assert!(status.is_client_error(), "{status}");
    let (status, answer) =
        app.post(&format!("/api/games/{game}/legs"), json!({ "from": "F6", "path": ["F7", "F8"] })).await;
    assert_eq!(status, StatusCode::OK);
    assert!(answer["refusal"].as_str().unwrap().starts_with("the piece cannot go to F7"), "{answer}");
}

#[tokio::test]
async fn refusals_of_bodies_and_methods_are_json_in_a_players_words() {
    let app = app();
    let (status, text) = app.send("DELETE", "/api/games", None).await;
    assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED);
    let answer: Value = serde_json::from_str(&text).expect("a JSON body");
    assert!(answer["error"].as_str().unwrap().contains("does not take DELETE"), "{answer}");
    let (status, answer) = app.post("/api/games", json!([])).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(answer["error"].as_str().unwrap().contains("expected a JSON object"), "{answer}");
    // A field that should be an object is named; an empty body, a number
    // too large to read, in words.
    let (_, answer) = app.post("/api/games", json!({ "clock": 5 })).await;
    assert!(answer["error"].as_str().unwrap().contains("clock: expected a JSON object"), "{answer}");
    let (status, text) = app.send("POST", "/api/games", Some(Body::empty())).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(text.contains("is empty: send a JSON object, `{}` for every default"), "{text}");
    // A long text that is no move is not quoted whole.
    let game = id(&app.new_game(json!({})).await);
    let (status, answer) = app.post(&format!("/api/games/{game}/move"), json!({ "text": "[".repeat(100_000) })).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
    assert!(answer.to_string().len() < 1000, "{answer}");
    let (_, text) = app.send("POST", "/api/games", Some(Body::from("{\"engine_ms\": 1e400}"))).await;
    assert!(text.contains("engine_ms: a number too large to read") && !text.contains("out of range"), "{text}");
    let (status, answer) = app.post("/api/games", json!({ "engine_ms": "fast" })).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let error = answer["error"].as_str().unwrap();
    assert!(error.contains("expected a whole number") && !error.contains("u64"), "{answer}");
    assert!(!error.contains("Failed to"), "{answer}");
    // The JSON reader's own words ("unknown variant", "a sequence") are not a player's.
    for (body, words) in [
        (json!({ "seats": ["robot", "human"] }), "unknown seat `robot`, expected `human` or `engine`"),
        (json!({ "seats": "human" }), "wrong kind of value: the text \"human\", expected a list, `[...]`"),
        (json!({ "seats": [5, "human"] }), "wrong kind of value: the number `5`"),
    ] {
        let (status, answer) = app.post("/api/games", body.clone()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        let error = answer["error"].as_str().unwrap();
        assert!(error.contains(words), "{body}: {error}");
        assert!(!error.contains("variant") && !error.contains("invalid type"), "{body}: {error}");
    }
}

/// JSON that breaks off, a value of the wrong kind in an optional body,
/// and a game's number written with a leading zero: in a player's words,
/// with where and which field.
#[tokio::test]
async fn broken_json_and_odd_numbers_are_refused_in_plain_words() {
    let app = app();
    for (body, words) in [
        ("{", "it ends before its object is closed with `}` (line 1, column 1)"),
        ("{\"variant\": \"cam", "it ends inside text in quotes (line 1, column 16)"),
        ("{\"variant\": \"\\ud800x\"}", "escape is not complete: four hex digits, and a surrogate with its pair"),
        ("{} x", "more follows the JSON value (line 1, column 4)"),
    ] {
        let (status, text) = app.send("POST", "/api/games", Some(Body::from(body))).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}: {text}");
        assert!(text.contains(words), "{body}: {text}");
        assert!(!text.contains("EOF") && !text.contains(" at line "), "{body}: {text}");
    }
    let game = id(&app.new_game(json!({})).await);
    let (status, answer) = app.post(&format!("/api/games/{game}/resign"), json!({ "player": "0" })).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    assert!(answer["error"].as_str().unwrap().contains("player: wrong kind of value"), "{answer}");
    let (status, _) = app.get(&format!("/api/games/0{game}")).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "a second name for game {game}");
    // A variant file's name too long is quoted shortened, not written again whole.
    let upload = json!({ "variant_text": "extends = \"camelot\"\nname = \"mine\"\n", "variant_file": "v".repeat(300) });
    let (status, answer) = app.post("/api/variants", upload).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    assert!(!answer.to_string().contains(&"v".repeat(100)), "{answer}");
}

/// A body that starts and never ends is answered 408 in time, not held
/// open for ever. (The clock is paused: the wait takes no time.)
#[tokio::test(start_paused = true)]
async fn a_body_that_stops_coming_is_refused_in_time() {
    let app = app();
    let stalled = || {
        let start = futures_util::stream::iter([Ok::<_, std::io::Error>(axum::body::Bytes::from("{"))]);
        Body::from_stream(start.chain(futures_util::stream::pending()))
    };
    for uri in ["/api/games", "/api/games/1/resign"] {
        let body = stalled();
        let (status, text) = app.send("POST", uri, Some(body)).await;
        assert_eq!(status, StatusCode::REQUEST_TIMEOUT, "{uri}: {text}");
        assert!(text.contains("did not all come within 20 s"), "{uri}: {text}");
    }
}

#[cfg(unix)]
#[tokio::test]
async fn links_and_unreadable_files_in_the_games_folder_are_not_games() {
    let app = app();
    let folder = app._games.path();
    std::os::unix::fs::symlink("/etc/hostname", folder.join("link.pgn")).unwrap();
    std::fs::write(folder.join("garbage.pgn"), [0xff, 0xfe, 0x00, 0x80]).unwrap();
    for (name, said) in [("link.pgn", "a link"), ("garbage.pgn", "cannot be read")] {
        let (status, answer) = app.post("/api/games", json!({ "saved": name })).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{name}: {answer}");
        assert!(answer["error"].as_str().unwrap().contains(said), "{name}: {answer}");
    }
}

#[tokio::test]
async fn the_page_and_its_events_are_served() {
    let app = app();
    for (uri, kind) in [("/", "text/html"), ("/app.js", "text/javascript"), ("/style.css", "text/css")] {
        let response = app.router.clone().oneshot(Request::get(uri).body(Body::empty()).unwrap()).await.unwrap();
        assert_eq!(response.status(), StatusCode::OK, "{uri}");
        assert!(response.headers()["content-type"].to_str().unwrap().starts_with(kind), "{uri}");
    }
    let game = id(&app.new_game(json!({})).await);
    let mut body = app.events(&game).await;
    let frame = body.frame().await.expect("a first event").unwrap().into_data().unwrap();
    let text = String::from_utf8_lossy(&frame);
    assert!(text.starts_with("event: state\ndata: {"), "{text}");
    // A move reaches the stream.
    app.play(&game, "F7-F8").await;
    let frame = body.frame().await.expect("the move's event").unwrap().into_data().unwrap();
    assert!(String::from_utf8_lossy(&frame).contains("F7-F8"));
}

/// A game of computers alone that no one follows waits, and the next
/// request about it sets it going again.
#[tokio::test]
async fn an_unwatched_game_of_computers_waits_for_a_request() {
    let games = tempfile::tempdir().unwrap();
    let mut config = leap_web::Config::new(games.path());
    config.unwatched = Duration::from_millis(300);
    let app = App { router: leap_web::router(config), _games: games };
    let moves = |view: &Value| view["moves"].as_array().unwrap().len();
    let game =
        id(&app.new_game(json!({ "variant": "checkers", "seats": ["engine", "engine"], "engine_ms": 20 })).await);
    // Unwatched for two seconds: it played for about 0.3 s, then waited.
    tokio::time::sleep(Duration::from_secs(2)).await;
    let (_, first) = app.get(&format!("/api/games/{game}")).await;
    assert_eq!(first["waited"], json!(true), "{}", first["status"]);
    // (At 20 ms a move, two seconds of play would be about 100 moves.)
    assert!((1..=40).contains(&moves(&first)), "it played, then waited: {} moves", moves(&first));
    assert_eq!(first["result"], Value::Null, "{}", first["status"]);
    // The request set it going: asked again at once, it was not waiting.
    let (_, view) = app.get(&format!("/api/games/{game}")).await;
    assert_eq!(view["waited"], json!(false));
    // It plays on (here, followed), then waits again once left alone.
    let followed = app.wait_for(&game, |v| moves(v) > moves(&first) + 2 || v["result"] != Value::Null).await;
    tokio::time::sleep(Duration::from_secs(2)).await;
    let (_, after) = app.get(&format!("/api/games/{game}")).await;
    assert_eq!(after["waited"], json!(followed["result"] == Value::Null), "{}", after["status"]);
    // A game with a person in it, or with a clock, never waits.
    for body in [
        json!({ "variant": "checkers", "seats": ["human", "engine"], "engine_ms": 20 }),
        json!({ "variant": "checkers", "seats": ["engine", "engine"], "engine_ms": 20,
                "clock": { "base_ms": 60_000, "increment_ms": 0 } }),
    ] {
        let game = id(&app.new_game(body).await);
        tokio::time::sleep(Duration::from_secs(1)).await;
        let (_, view) = app.get(&format!("/api/games/{game}")).await;
        assert_eq!(view["waited"], json!(false), "{}", view["seats"]);
    }
}

#[tokio::test]
async fn the_start_game_is_the_one_serve_was_given() {
    let games = tempfile::tempdir().unwrap();
    let mut config = leap_web::Config::new(games.path());
    config.variant = Some("checkers".into());
    let router = leap_web::router(config);
    let ask = || async {
        let r = router.clone().oneshot(Request::get("/api/start").body(Body::empty()).unwrap()).await.unwrap();
        let bytes = r.into_body().collect().await.unwrap().to_bytes();
        serde_json::from_slice::<Value>(&bytes).unwrap()["game"].clone()
    };
    let first = ask().await;
    assert_eq!(first, ask().await, "the same game each time");
    assert!(first.is_string(), "{first}");
    // Without a variant there is no game to open on: no error either (a
    // page asks at every load).
    let (status, body) = app().get("/api/start").await;
    assert_eq!((status, body), (StatusCode::OK, json!({ "game": null })));
}

#[tokio::test]
async fn analysis_reports_depths_of_the_shown_position() {
    let app = app();
    let game = id(&app.new_game(json!({ "variant": "checkers" })).await);
    let mut body = app.events(&game).await;
    body.frame().await.unwrap().unwrap();
    let (status, _) = app.post(&format!("/api/games/{game}/analysis"), json!({ "ply": 0 })).await;
    assert_eq!(status, StatusCode::OK);
    let frame = body.frame().await.unwrap().unwrap().into_data().unwrap();
    let text = String::from_utf8_lossy(&frame).to_string();
    assert!(text.starts_with("event: analysis\n"), "{text}");
    let data: Value = serde_json::from_str(text.lines().nth(1).unwrap().trim_start_matches("data: ")).unwrap();
    assert_eq!((data["ply"].as_u64(), data["for"].as_str()), (Some(0), Some("Black")));
    assert!(data["pv"].as_array().is_some_and(|pv| !pv.is_empty()), "{data}");
    app.post(&format!("/api/games/{game}/analysis"), json!({ "stop": true })).await;
}

/// The `review` events of `body` until the summary (or `limit` events).
async fn review_events(body: &mut Body, limit: usize) -> Vec<Value> {
    let mut events = Vec::new();
    while events.len() < limit && !events.last().is_some_and(|e: &Value| e["done"] == true) {
        let frame = body.frame().await.unwrap().unwrap().into_data().unwrap();
        for chunk in String::from_utf8_lossy(&frame).split("\n\n").filter(|c| c.starts_with("event: review")) {
            let data = chunk.lines().nth(1).unwrap().trim_start_matches("data: ");
            events.push(serde_json::from_str::<Value>(data).unwrap());
        }
    }
    events
}

#[tokio::test]
async fn a_review_judges_each_move_and_sums_up_each_player() {
    let app = app();
    // White's first move puts a Man next to Black's F9 with F7 empty
    // behind: Black must jump it, and White is a Man down.
    let record = "[Variant \"camelot\"]\n[Position \"W:WF7,C6:BF9,L11 castle-moves=0,0\"]\n\n1.F7-F8 F9xF7 2.C6-C7 *\n";
    let view = app.new_game(json!({ "record": record })).await;
    let game = id(&view);
    let review = format!("/api/games/{game}/review");
    let mut body = app.events(&game).await;
    body.frame().await.unwrap().unwrap();
    let (status, answer) = app.post(&review, json!({ "movetime": 100 })).await;
    assert_eq!((status, answer), (StatusCode::OK, json!({ "reviewing": true })));
    assert_eq!(app.get(&review).await.1, json!({ "reviewing": true }));
    assert_eq!(app.get(&format!("/api/games/{game}/analysis")).await.1, json!({ "analysing": false }));
    let events = review_events(&mut body, 10).await;
    assert_eq!(events.len(), 4, "a move each, then the summary: {events:?}");
    let first = &events[0];
    assert_eq!(
        (first["ply"].as_u64(), first["move"].as_str(), first["for"].as_str()),
        (Some(1), Some("F7-F8"), Some("White"))
    );
    assert_eq!((first["judgement"].as_str(), first["glyph"].as_str()), (Some("blunder"), Some("??")), "{first}");
    assert!(first["best"].as_str().is_some_and(|b| b != "F7-F8"), "{first}");
    assert!(first["line"].as_array().is_some_and(|l| l[0] == first["best"]), "{first}");
    assert_eq!(first["position"], view["positions"][1]["position"], "{first}");
    // Black's capture is its only move: the engine's choice, nothing to judge.
    let capture = &events[1];
    assert_eq!(
        (capture["move"].as_str(), capture["judgement"].is_null(), capture["best"].is_null()),
        (Some("F9xF7"), true, true)
    );
    let done = &events[3];
    assert_eq!((done["done"].as_bool(), done["moves"].as_u64()), (Some(true), Some(3)), "{done}");
    assert_eq!(done["summary"][0]["blunders"], 1, "{done}");
    assert_eq!(done["summary"][1]["name"], "Black", "{done}");
    assert_eq!(done["summary"][1]["text"], "0 inaccuracies, 0 mistakes, 0 blunders; average loss 0.00 a move");
    assert_eq!(app.get(&review).await.1, json!({ "reviewing": false }));
    // The record keeps the review: the glyph, the scores, what was better
    // and its line; and it loads again.
    let record_of = || async { app.send("GET", &format!("/api/games/{game}/record"), None).await.1 };
    let text = record_of().await;
    assert!(text.contains("[Annotator \"camelot review\"]"), "{text}");
    let moves = text.replace('\n', " ");
    assert!(moves.contains("1.F7-F8?? {[%eval -"), "{text}");
    assert!(moves.contains("{Blunder. ") && moves.contains(" (1."), "{text}");
    assert!(moves.contains("2.C6-C7 {[%eval "), "{text}");
    assert_eq!(texts(&app.new_game(json!({ "record": text })).await), ["F7-F8", "F9xF7", "C6-C7"]);
    // The view carries it too, for a page opened again.
    let (_, view) = app.get(&format!("/api/games/{game}")).await;
    let kept = &view["review"];
    assert_eq!((kept["of"].as_u64(), kept["running"].as_bool()), (Some(3), Some(false)), "{kept}");
    assert_eq!(kept["moves"].as_array().map(Vec::len), Some(3), "{kept}");
    assert_eq!(kept["moves"][0]["glyph"], "??", "{kept}");
    assert_eq!(kept["summary"][0]["blunders"], 1, "{kept}");
    // A move taken back takes its review with it (another move in its
    // place has none); the others' stay.
    let (status, _) = app.post(&format!("/api/games/{game}/undo"), json!({})).await;
    assert_eq!(status, StatusCode::OK);
    app.play(&game, "C6-D6").await;
    let moves = record_of().await.replace('\n', " ");
    assert!(moves.contains("1.F7-F8?? {[%eval -") && moves.contains("2.C6-D6 *"), "{moves}");
    let (_, view) = app.get(&format!("/api/games/{game}")).await;
    let kept = &view["review"];
    assert_eq!(kept["moves"].as_array().map(Vec::len), Some(2), "the replaced move's goes: {kept}");
    assert!(kept["summary"].is_null(), "a summary of moves the game no longer has goes: {kept}");
}

/// A review of a record someone annotated adds to what they wrote: their
/// glyph, their scores and their name stay.
#[tokio::test]
async fn a_review_keeps_what_the_records_author_wrote() {
    let app = app();
    let record = "[Variant \"camelot\"]\n[Annotator \"Ann\"]\n[Position \"W:WF7,C6:BF9,L11 castle-moves=0,0\"]\n\n\
                  1.F7-F8!? {[%eval 0.50]} F9xF7 2.C6-C7 *\n";
    let game = id(&app.new_game(json!({ "record": record })).await);
    let mut body = app.events(&game).await;
    body.frame().await.unwrap().unwrap();
    let (status, _) = app.post(&format!("/api/games/{game}/review"), json!({ "movetime": 100 })).await;
    assert_eq!(status, StatusCode::OK);
    let events = review_events(&mut body, 10).await;
    assert_eq!(events[0]["judgement"], "blunder", "{events:?}");
    let text = app.send("GET", &format!("/api/games/{game}/record"), None).await.1;
    assert!(text.contains("[Annotator \"Ann, camelot review\"]"), "{text}");
    let moves = text.replace('\n', " ");
    assert!(moves.contains("1.F7-F8!? {[%eval 0.50]} {[%eval -"), "{text}");
    assert!(moves.contains("{Blunder. "), "{text}");
}

#[tokio::test]
async fn a_review_is_refused_without_moves_or_with_a_time_out_of_range_and_stops_when_asked() {
    let app = app();
    let game = id(&app.new_game(json!({ "variant": "camelot" })).await);
    let review = format!("/api/games/{game}/review");
    let (status, answer) = app.post(&review, json!({})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(answer["error"].as_str().unwrap().contains("there is no move to review"), "{answer}");
    app.post(&format!("/api/games/{game}/move"), json!({ "text": "F7-F8" })).await;
    for (movetime, why) in
        [(json!(5), "movetime must be from 20 to 10000 milliseconds, not 5"), (json!(2.5), "not 2.5")]
    {
        let (status, answer) = app.post(&review, json!({ "movetime": movetime })).await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert!(answer["error"].as_str().unwrap().contains(why), "{answer}");
    }
    let mut body = app.events(&game).await;
    body.frame().await.unwrap().unwrap();
    assert_eq!(app.post(&review, json!({ "movetime": 10000 })).await.1, json!({ "reviewing": true }));
    assert_eq!(app.post(&review, json!({ "stop": true })).await.1, json!({ "reviewing": false }));
    assert_eq!(app.get(&review).await.1, json!({ "reviewing": false }));
}

#[tokio::test]
async fn analysis_with_several_lines_numbers_them_best_first() {
    let app = app();
    let game = id(&app.new_game(json!({ "variant": "checkers" })).await);
    let mut body = app.events(&game).await;
    body.frame().await.unwrap().unwrap();
    let (status, _) = app.post(&format!("/api/games/{game}/analysis"), json!({ "ply": 0, "lines": 3 })).await;
    assert_eq!(status, StatusCode::OK);
    // The first depths: lines 1, 2 and 3 of each, each line another move.
    let mut events = Vec::new();
    while events.len() < 6 {
        let frame = body.frame().await.unwrap().unwrap().into_data().unwrap();
        for chunk in String::from_utf8_lossy(&frame).split("\n\n").filter(|c| c.starts_with("event: analysis")) {
            let data = chunk.lines().nth(1).unwrap().trim_start_matches("data: ");
            events.push(serde_json::from_str::<Value>(data).unwrap());
        }
    }
    app.post(&format!("/api/games/{game}/analysis"), json!({ "stop": true })).await;
    for depth in [1, 2] {
        let lines: Vec<&Value> = events.iter().filter(|e| e["depth"] == depth).collect();
        let numbers: Vec<u64> = lines.iter().map(|e| e["line"].as_u64().unwrap()).collect();
        assert_eq!(numbers, [1, 2, 3], "{events:?}");
        let firsts: Vec<&Value> = lines.iter().map(|e| &e["pv"][0]).collect();
        assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2], "{lines:?}");
    }
}

#[tokio::test]
async fn a_player_who_is_out_is_skipped_and_the_rounds_still_count() {
    let app = app();
    // Blue's F5xH7 takes Red's only piece.
    let record = "[Variant \"tri-camelot\"]\n[Position \"B:BKF3,D5,F5:RG6:GKI14,I12,J13\"]\n\n*";
    let game = id(&app.new_game(json!({ "record": record })).await);
    let view = app.play(&game, "F5xH7").await;
    assert_eq!(view["status"], "Green to move (move 1). Red is out.");
    let view = app.play(&game, "J13-J11").await;
    assert_eq!(view["status"], "Blue to move (move 2). Red is out.");
    let view = app.play(&game, "D5-D7").await;
    let labels: Vec<&str> = view["moves"].as_array().unwrap().iter().map(|m| m["label"].as_str().unwrap()).collect();
    assert_eq!(labels, ["1.", "", "2."]);
}

#[tokio::test]
async fn the_oldest_finished_game_makes_room_first() {
    let app = app();
    let live = id(&app.new_game(json!({})).await);
    let over = id(&app.new_game(json!({})).await);
    app.post(&format!("/api/games/{over}/resign"), json!({})).await;
    for _ in 2..leap_web::MAX_GAMES {
        app.new_game(json!({})).await;
    }
    // One game too many: the finished one goes, not the older one in play.
    let newest = id(&app.new_game(json!({})).await);
    let (status, _) = app.get(&format!("/api/games/{over}")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = app.get(&format!("/api/games/{live}")).await;
    assert_eq!(status, StatusCode::OK);
    // With none finished, the oldest goes.
    app.new_game(json!({})).await;
    let (status, _) = app.get(&format!("/api/games/{live}")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = app.get(&format!("/api/games/{newest}")).await;
    assert_eq!(status, StatusCode::OK);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dropped_game_thinks_no_more() {
    let app = app();
    // The computer against itself, half a minute a move: it thinks at once.
    // (Not longer: where the search went on, the test would wait for it
    // at its end, the runtime's blocking threads being waited for.)
    let game = id(&app.new_game(json!({ "seats": ["engine", "engine"], "engine_ms": 30_000 })).await);
    app.wait_for(&game, |v| v["thinking"] == json!(true)).await;
    let mut page = app.events(&game).await;
    page.frame().await.expect("the first event").unwrap();
    for _ in 0..leap_web::MAX_GAMES {
        app.new_game(json!({})).await;
    }
    let (status, _) = app.get(&format!("/api/games/{game}")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    // Its search stops, and with it the last holder of the game: its
    // events end (they would run on for half a minute if it went on).
    let ended = tokio::time::timeout(Duration::from_secs(10), async {
        while let Some(frame) = page.frame().await {
            frame.expect("an event");
        }
    })
    .await;
    assert!(ended.is_ok(), "the dropped game's computer still thinks after 10 s");
}

/// The error of a refused request, checked to be a 4xx of `status`.
async fn refused(app: &App, uri: &str, body: Value, status: StatusCode) -> String {
    let (got, answer) = app.post(uri, body.clone()).await;
    assert_eq!(got, status, "{uri} {body}: {answer}");
    answer["error"].as_str().unwrap_or_else(|| panic!("{uri}: not a JSON error: {answer}")).to_string()
}

#[tokio::test]
async fn an_uploaded_variant_file_is_kept_under_a_toml_name_only() {
    let app = app();
    let folder = app._games.path();
    // Named like the record it is saved with: the record stays a record.
    let game = id(&app.new_game(json!({ "variant_text": SMALL_VARIANT, "variant_file": "zz2.pgn" })).await);
    app.play(&game, "F7-F8").await;
    let (status, answer) = app.post(&format!("/api/games/{game}/save"), json!({ "name": "zz2" })).await;
    assert_eq!((status, &answer["file"]), (StatusCode::OK, &json!("zz2.pgn")), "{answer}");
    let record = std::fs::read_to_string(folder.join("zz2.pgn")).unwrap();
    assert!(record.contains("[VariantFile \"zz2.pgn.toml\"]") && record.contains("1.F7-F8"), "{record}");
    assert_eq!(std::fs::read_to_string(folder.join("zz2.pgn.toml")).unwrap(), SMALL_VARIANT);
    assert_eq!(app.get("/api/saved").await.1, json!(["zz2.pgn"]));
    assert_eq!(app.new_game(json!({ "saved": "zz2.pgn" })).await["variant"]["name"], "tiny");
    // A path: its last part, with .toml added; never outside the folder.
    let game = id(&app.new_game(json!({ "variant_text": SMALL_VARIANT, "variant_file": "../../etc/passwd" })).await);
    let (status, answer) = app.post(&format!("/api/games/{game}/save"), json!({ "name": "p" })).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert!(std::fs::read_to_string(folder.join("p.pgn")).unwrap().contains("[VariantFile \"passwd.toml\"]"));
    assert_eq!(std::fs::read_to_string(folder.join("passwd.toml")).unwrap(), SMALL_VARIANT);
    // Characters a file name of the folder does not take become `_`.
    let game = id(&app.new_game(json!({ "variant_text": SMALL_VARIANT, "variant_file": "my tiny (2).TOML" })).await);
    app.post(&format!("/api/games/{game}/save"), json!({ "name": "q" })).await;
    assert_eq!(std::fs::read_to_string(folder.join("my tiny _2_.TOML")).unwrap(), SMALL_VARIANT);
    // A name that cannot be made a plain one is refused, saying why.
    for (name, why) in [(".hidden", "may not start with a dot"), ("../", "has no file name"), ("", "has no file name")]
    {
        let body = json!({ "variant_text": SMALL_VARIANT, "variant_file": name });
        let error = refused(&app, "/api/games", body, StatusCode::BAD_REQUEST).await;
        assert!(error.contains(why) && error.contains("variant_file"), "{name:?}: {error}");
    }
    // Another file under the variant file's name, with other text, is left alone.
    std::fs::write(folder.join("other.toml"), "# not mine\n").unwrap();
    let game = id(&app.new_game(json!({ "variant_text": SMALL_VARIANT, "variant_file": "other.toml" })).await);
    app.post(&format!("/api/games/{game}/save"), json!({ "name": "r" })).await;
    assert_eq!(std::fs::read_to_string(folder.join("other.toml")).unwrap(), "# not mine\n");
    assert!(std::fs::read_to_string(folder.join("r.pgn")).unwrap().contains("[VariantFile \"r-variant-1.toml\"]"));
    // A link under that name is no file of the folder, even to the same text:
    // the game saved names a copy, and loads again.
    #[cfg(unix)]
    {
        let outside = tempfile::tempdir().unwrap();
        std::fs::write(outside.path().join("linked.toml"), SMALL_VARIANT).unwrap();
        std::os::unix::fs::symlink(outside.path().join("linked.toml"), folder.join("linked.toml")).unwrap();
        let game = id(&app.new_game(json!({ "variant_text": SMALL_VARIANT, "variant_file": "linked.toml" })).await);
        app.play(&game, "F7-F8").await;
        app.post(&format!("/api/games/{game}/save"), json!({ "name": "s" })).await;
        let saved = std::fs::read_to_string(folder.join("s.pgn")).unwrap();
        assert!(saved.contains("[VariantFile \"s-variant-1.toml\"]"), "{saved}");
        assert_eq!(texts(&app.new_game(json!({ "saved": "s.pgn" })).await), ["F7-F8"]);
        // A record naming the link is refused, saying so.
        std::fs::write(folder.join("t.pgn"), "[VariantFile \"linked.toml\"]\n\n1.F7-F8 *\n").unwrap();
        let error = refused(&app, "/api/games", json!({ "saved": "t.pgn" }), StatusCode::UNPROCESSABLE_ENTITY).await;
        assert!(error.contains("linked.toml, which in the games folder is a link or a folder"), "{error}");
    }
    // A game's download names its variant file, so that `replay` finds it beside.
    let game = id(&app.new_game(json!({ "variant_text": SMALL_VARIANT, "variant_file": "tiny.toml" })).await);
    app.play(&game, "F7-F8").await;
    let text = app.send("GET", &format!("/api/games/{game}/record"), None).await.1;
    assert!(text.contains("[VariantFile \"tiny.toml\"]"), "{text}");
}

#[tokio::test]
async fn a_records_result_is_checked_against_its_moves_as_the_command_line_checks_it() {
    let app = app();
    for (record, why) in [
        (
            "[Variant \"camelot\"]\n[Termination \"White resigned\"]\n\n1.E6-E8 1-0",
            "the record:4:9: the record gives the result 1-0, but its [Termination] tag says White resigned, which gives 0-1",
        ),
        (
            "[Variant \"tri-camelot\"]\n1.E4-E2 1-0-0",
            "the game is not over after the last move, and no ending off the board gives that result",
        ),
        ("[Termination \"xyz\"]\n1.E6-E8 1/2-1/2", "names no ending that gives it: expected `drawn by agreement`"),
        ("[Result \"1-0\"]\n1.E6-E8 0-1", "the movetext ends with 0-1, but the [Result] tag says 1-0"),
        ("1.E6-E8 1-1", "the result `1-1` is not a result"),
        ("[Termination \"Black resigned\"]\n1.E6-E8 *", "the record gives no result (*), but"),
    ] {
        let error = refused(&app, "/api/games", json!({ "record": record }), StatusCode::UNPROCESSABLE_ENTITY).await;
        assert!(error.contains(why), "{record}: {error}");
    }
    // What the record says, when its tags bear it out.
    let view = app.new_game(json!({ "record": "[Termination \"Black resigned\"]\n1.E6-E8 1-0" })).await;
    assert_eq!(
        view["result"],
        json!({ "token": "1-0", "winner": 0, "reason": "Black resigned", "points": ["1", "0"] })
    );
    let view = app.new_game(json!({ "record": "[Termination \"drawn by agreement\"]\n1.E6-E8 1/2-1/2" })).await;
    assert_eq!(view["result"]["reason"], "drawn by agreement");
    // A result alone, as archives write a resignation: the game is over as
    // the result says, and a takeback takes back that ending alone.
    let view = app.new_game(json!({ "record": "1.E6-E8 H11-F9 2.H6-F8 1-0" })).await;
    let ended = json!({
        "token": "1-0", "winner": 0, "reason": "Black lost, how the record does not say", "points": ["1", "0"]
    });
    assert_eq!(view["result"], ended);
    let (status, view) = app.post(&format!("/api/games/{}/undo", id(&view)), json!({})).await;
    assert_eq!(status, StatusCode::OK, "{view}");
    assert_eq!((&view["result"], view["moves"].as_array().map(Vec::len)), (&Value::Null, Some(3)), "{view}");
}

/// A record's problems say where they are as every file's do
/// (`file:line:column:`), naming an uploaded record by its file's name, and
/// quote no control character raw.
#[tokio::test]
async fn a_records_problems_name_the_file_and_the_place() {
    let app = app();
    for (body, message) in [
        (json!({ "record": "1.E6-E8 H11-F9\n2.E8-E10 *" }), "the record:2:3: move 2 (White): "),
        (
            json!({ "record": "1.E6-E8 H11-F9\n2.E8-E10 *", "record_file": "games/old.pgn" }),
            "old.pgn:2:3: move 2 (White): ",
        ),
        (json!({ "record": "1.E6-E8 {x *", "record_file": "old.pgn" }), "old.pgn:1:9: comment `{` is never closed"),
        (json!({ "record": "\u{2}RA", "record_file": "bin.pgn" }), "bin.pgn:1:1: `<U+0002>RA` is not a move"),
    ] {
        let error = refused(&app, "/api/games", body.clone(), StatusCode::UNPROCESSABLE_ENTITY).await;
        assert!(error.starts_with(message), "{body}: {error}");
        assert!(!error.chars().any(char::is_control), "{body}: {error:?}");
    }
}

/// A PDN record's start in its `FEN` tag is saved as it was written, for
/// the programs that read it there.
#[tokio::test]
async fn a_records_fen_tag_is_saved_as_it_was_written() {
    let app = app();
    let folder = app._games.path();
    let text = "[GameType \"21\"]\n[SetUp \"1\"]\n[FEN \"B:W21,22,K30:B1,2\"]\n\n1.1-5 21-17 *\n";
    std::fs::write(folder.join("fen.pdn"), text).unwrap();
    let game = id(&app.new_game(json!({ "saved": "fen.pdn" })).await);
    let (status, answer) = app.post(&format!("/api/games/{game}/save"), json!({ "name": "fen.pdn" })).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let saved = std::fs::read_to_string(folder.join("fen.pdn")).unwrap();
    assert!(saved.contains("[SetUp \"1\"]\n[FEN \"B:W21,22,K30:B1,2\"]\n"), "{saved}");
    assert!(!saved.contains("[Position"), "{saved}");
    assert_eq!(texts(&app.new_game(json!({ "saved": "fen.pdn" })).await), ["1-5", "21-17"]);
}

#[tokio::test]
async fn a_records_variant_is_the_one_its_tags_name() {
    let app = app();
    let games = "/api/games";
    // Another variant given with it.
    let body = json!({ "record": "[Variant \"checkers\"]\n\n1.11-15 *", "variant": "camelot" });
    let error = refused(&app, games, body, StatusCode::BAD_REQUEST).await;
    assert!(error.contains("checkers") && error.contains("camelot"), "{error}");
    let body = json!({ "record": "[Variant \"camelot\"]\n\n1.E6-E8 *", "variant_text": SMALL_VARIANT });
    let error = refused(&app, games, body, StatusCode::BAD_REQUEST).await;
    assert!(error.contains("tiny") && error.contains("camelot"), "{error}");
    let body = json!({ "record": "[VariantFile \"tiny.toml\"]\n\n1.E6-E8 *", "variant": "camelot" });
    let error = refused(&app, games, body, StatusCode::BAD_REQUEST).await;
    assert!(error.contains("tiny.toml"), "{error}");
    // The same variant, or a record that names none, is fine.
    let view = app.new_game(json!({ "record": "[Variant \"checkers\"]\n\n1.11-15 *", "variant": "checkers" })).await;
    assert_eq!(view["variant"]["name"], "checkers");
    let view = app.new_game(json!({ "record": "1.11-15 *", "variant": "checkers" })).await;
    assert_eq!(texts(&view), ["11-15"]);
    let view = app.new_game(json!({ "record": "[Variant \"Checkers\"]\n\n1.11-15 *", "variant": "checkers" })).await;
    assert_eq!(view["variant"]["name"], "checkers", "the [Variant] tag read as the command line reads it");
    let error =
        refused(&app, games, json!({ "record": "[Variant \"tiny\"]\n\n*" }), StatusCode::UNPROCESSABLE_ENTITY).await;
    assert!(error.contains("not a built-in variant") && error.contains("upload its variant file"), "{error}");
    let view =
        app.new_game(json!({ "record": "[Variant \"tiny\"]\n\n1.E6-E8 *", "variant_text": SMALL_VARIANT })).await;
    assert_eq!(view["variant"]["name"], "tiny");
    // A variant file the server does not have, whatever its [Variant] tag says.
    for file in ["/etc/passwd", "../../v/b15x17.toml"] {
        for record in [format!("[VariantFile \"{file}\"]\n\n*"), format!("[VariantFile \"{file}\"]\n\n1.D2-E3 *")] {
            let error = refused(&app, games, json!({ "record": record }), StatusCode::UNPROCESSABLE_ENTITY).await;
            assert!(error.contains(&format!("the variant file {file}")) && error.contains("upload"), "{error}");
        }
    }
    // One game at a time.
    let two = "[Variant \"camelot\"]\n\n1.E6-E8 *\n\n[Variant \"camelot\"]\n\n1.F7-F8 *\n";
    let error = refused(&app, games, json!({ "record": two }), StatusCode::UNPROCESSABLE_ENTITY).await;
    assert!(error.contains("expected one game, found 2"), "{error}");
}

#[tokio::test]
async fn undo_takes_no_body() {
    let app = app();
    let game = id(&app.new_game(json!({})).await);
    let undo = format!("/api/games/{game}/undo");
    app.play(&game, "F7-F8").await;
    app.play(&game, "F10-F9").await;
    for body in [r#"{"n": 5, "bogus": true}"#, "garbage", "[]", "5"] {
        let (status, text) = app.send("POST", &undo, Some(Body::from(body))).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}: {text}");
        let answer: Value = serde_json::from_str(&text).unwrap();
        assert!(answer["error"].as_str().unwrap().starts_with("the request's body"), "{body}: {answer}");
    }
    assert_eq!(texts(&app.get(&format!("/api/games/{game}")).await.1).len(), 2, "nothing was taken back");
    let (status, view) = app.post(&undo, json!({})).await;
    assert_eq!((status, texts(&view).len()), (StatusCode::OK, 1));
    let (status, text) = app.send("POST", &undo, None).await;
    assert_eq!(status, StatusCode::OK, "{text}");
}

#[tokio::test]
async fn the_frameworks_refusals_are_json_in_a_players_words() {
    let app = app();
    let game = id(&app.new_game(json!({})).await);
    for uri in ["/api/games/%FF", "/api/games/%FF/undo"] {
        let method = if uri.ends_with("undo") { "POST" } else { "GET" };
        let (status, text) = app.send(method, uri, None).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{uri}: {text}");
        let answer: Value = serde_json::from_str(&text).unwrap_or_else(|_| panic!("{uri}: not JSON: {text}"));
        let error = answer["error"].as_str().unwrap();
        assert!(error.contains("%FF") && !error.contains("Invalid URL"), "{uri}: {error}");
    }
    // A body that breaks off (a bad chunk, a closed connection).
    for uri in
        [format!("/api/games/{game}/save"), format!("/api/games/{game}/resign"), format!("/api/games/{game}/undo")]
    {
        let chunks = vec![Ok(axum::body::Bytes::from_static(b"{\"na")), Err(std::io::Error::other("bad chunk"))];
        let body = Body::from_stream(futures_util::stream::iter(chunks));
        let (status, text) = app.send("POST", &uri, Some(body)).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{uri}: {text}");
        let answer: Value = serde_json::from_str(&text).unwrap_or_else(|_| panic!("{uri}: not JSON: {text}"));
        let error = answer["error"].as_str().unwrap();
        assert!(error.contains("could not be read") && !error.contains("Failed to"), "{uri}: {error}");
    }
}

#[tokio::test]
async fn a_loaded_record_can_be_saved_over_but_no_other_file() {
    let app = app();
    let game = id(&app.new_game(json!({})).await);
    app.play(&game, "F7-F8").await;
    app.post(&format!("/api/games/{game}/save"), json!({ "name": "my-game" })).await;
    // Loaded again, played on, and saved back under its name.
    let loaded = id(&app.new_game(json!({ "saved": "my-game.pgn" })).await);
    app.play(&loaded, "F10-F9").await;
    let (status, answer) = app.post(&format!("/api/games/{loaded}/save"), json!({ "name": "my-game" })).await;
    assert_eq!((status, &answer["file"]), (StatusCode::OK, &json!("my-game.pgn")), "{answer}");
    let text = std::fs::read_to_string(app._games.path().join("my-game.pgn")).unwrap();
    assert!(text.contains("1.F7-F8 F10-F9"), "{text}");
    // Any other file stays: another game's save, or one the game was not loaded from.
    let other = id(&app.new_game(json!({})).await);
    let error =
        refused(&app, &format!("/api/games/{other}/save"), json!({ "name": "my-game" }), StatusCode::CONFLICT).await;
    assert!(error.contains("my-game.pgn is already in the games folder"), "{error}");
    std::fs::write(app._games.path().join("mine.pgn"), "1.F7-F8 *\n").unwrap();
    let error =
        refused(&app, &format!("/api/games/{loaded}/save"), json!({ "name": "mine" }), StatusCode::CONFLICT).await;
    assert!(error.contains("already"), "{error}");
}

#[tokio::test]
async fn only_a_person_resigns_or_offers_a_draw() {
    let app = app();
    // The computer (White) thinks for long; the person (Black) may resign
    // in the meantime, and a request without `player` acts for Black.
    let game = id(&app.new_game(json!({ "seats": ["engine", "human"], "engine_ms": 1500 })).await);
    for action in ["resign", "draw"] {
        let error =
            refused(&app, &format!("/api/games/{game}/{action}"), json!({ "player": 0 }), StatusCode::CONFLICT).await;
        assert!(error.contains("White is the computer's seat"), "{action}: {error}");
    }
    let (status, view) = app.post(&format!("/api/games/{game}/resign"), json!({})).await;
    assert_eq!(status, StatusCode::OK, "{view}");
    assert_eq!(view["result"]["reason"], "Black resigned", "{view}");
    // With no person playing, there is no one to act for.
    let game = id(&app.new_game(json!({ "seats": ["engine", "engine"], "engine_ms": 1000 })).await);
    let error = refused(&app, &format!("/api/games/{game}/resign"), json!({}), StatusCode::CONFLICT).await;
    assert!(error.contains("no person plays this game"), "{error}");
}

#[tokio::test]
async fn a_player_who_is_out_neither_resigns_nor_offers_a_draw() {
    let app = app();
    // Blue's F5xH7 takes Red's only piece: Blue and Green play on.
    let record = "[Variant \"tri-camelot\"]\n[Position \"B:BKF3,D5,F5:RG6:GKI14,I12,J13\"]\n\n*";
    let game = id(&app.new_game(json!({ "record": record })).await);
    app.play(&game, "F5xH7").await;
    for action in ["resign", "draw"] {
        let error =
            refused(&app, &format!("/api/games/{game}/{action}"), json!({ "player": 1 }), StatusCode::CONFLICT).await;
        assert!(error.contains("Red is out of the game"), "{action}: {error}");
    }
    let (_, view) = app.get(&format!("/api/games/{game}")).await;
    assert!(view["result"].is_null(), "Blue and Green play on: {view}");
    assert!(view["notice"].is_null(), "{view}");
    // The only person playing, out: no one is left to act for.
    let game = id(&app.new_game(json!({ "record": record, "seats": ["human", "human", "engine"] })).await);
    app.play(&game, "F5xH7").await;
    let (_, view) =
        app.post(&format!("/api/games/{game}/seats"), json!({ "seats": ["engine", "human", "engine"] })).await;
    assert!(view["result"].is_null(), "{view}");
    let error = refused(&app, &format!("/api/games/{game}/resign"), json!({}), StatusCode::CONFLICT).await;
    assert!(error.contains("every person of this game is out"), "{error}");
}

#[tokio::test]
async fn an_annotated_record_is_not_saved_over() {
    let app = app();
    let folder = app._games.path();
    // A code that is no glyph, and a comment after the result: notes the
    // game does not keep.
    let text = "[Variant \"camelot\"]\n\n1.E6-E8 H11-F9 $14 * {a draw was near}\n";
    std::fs::write(folder.join("notes.pgn"), text).unwrap();
    let loaded = id(&app.new_game(json!({ "saved": "notes.pgn" })).await);
    app.play(&loaded, "H6-F8").await;
    let error =
        refused(&app, &format!("/api/games/{loaded}/save"), json!({ "name": "notes" }), StatusCode::CONFLICT).await;
    assert!(
        error
            .contains("notes.pgn holds annotations that this game does not keep (the code `$14` at line 3, column 16)"),
        "{error}"
    );
    assert!(error.contains("save under another name"), "{error}");
    assert_eq!(std::fs::read_to_string(folder.join("notes.pgn")).unwrap(), text, "the notes are kept");
    let (status, answer) = app.post(&format!("/api/games/{loaded}/save"), json!({ "name": "notes-2" })).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
}

/// What a loaded record says after each move (glyphs, comments,
/// variations) is shown with the move, and written again by a save, for
/// the moves the game still has.
#[tokio::test]
async fn a_loaded_records_notes_are_shown_and_saved_again() {
    let app = app();
    let folder = app._games.path();
    let text =
        "[Variant \"camelot\"]\n\n{from the\n final} 1.E6-E8 {a quiet start} H11-F9!? (1...H11-H9 ; the book\n) \
                2.F6-F8 $2 *\n";
    std::fs::write(folder.join("notes.pgn"), text).unwrap();
    let view = app.new_game(json!({ "saved": "notes.pgn" })).await;
    let loaded = id(&view);
    assert_eq!(view["intro"], json!(["from the final"]), "{view}");
    let moves = view["moves"].as_array().unwrap();
    assert_eq!(moves[0]["notes"]["comments"], json!(["a quiet start"]), "{view}");
    assert_eq!(moves[0]["notes"]["glyph"], Value::Null);
    assert_eq!(moves[1]["notes"]["glyph"], "!?");
    assert_eq!(moves[1]["notes"]["variations"], json!(["1...H11-H9 ; the book\n"]));
    assert_eq!(moves[2]["notes"]["glyph"], "?");
    let reply = view["example"].as_str().expect("a legal move").to_string();
    app.play(&loaded, &reply).await;
    let (status, answer) = app.post(&format!("/api/games/{loaded}/save"), json!({ "name": "notes" })).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let saved = std::fs::read_to_string(folder.join("notes.pgn")).unwrap();
    let first = "\n{from the final} 1.E6-E8 {a quiet start} H11-F9!? (1...H11-H9 ; the book\n)";
    for said in [first, &format!("2.F6-F8? {reply}")] {
        assert!(saved.contains(said), "{said} in:\n{saved}");
    }
    // The saved record reads as the one written: the same moves and notes.
    let again = app.new_game(json!({ "saved": "notes.pgn" })).await;
    assert_eq!(again["moves"].as_array().unwrap()[..3], moves[..], "{again}");
    assert_eq!(again["intro"], view["intro"], "{again}");
    // A move taken back takes its notes with it.
    let again = id(&again);
    for _ in 0..3 {
        app.post(&format!("/api/games/{again}/undo"), json!({})).await;
    }
    let (_, view) = app.post(&format!("/api/games/{again}/undo"), json!({})).await;
    assert_eq!(view["moves"].as_array().map(Vec::len), Some(0), "{view}");
    let view = app.play(&again, "E6-E8").await;
    assert!(view["moves"][0].get("notes").is_none(), "{view}");
    let (status, answer) = app.post(&format!("/api/games/{again}/save"), json!({ "name": "notes" })).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let saved = std::fs::read_to_string(folder.join("notes.pgn")).unwrap();
    // (What the record said before its first move is the game's: it stays.)
    assert!(saved.contains("\n{from the final} 1.E6-E8 *") && saved.matches('{').count() == 1, "{saved}");
}

/// A record of three players says who is out after the move that put
/// them out (`{Red is out}`): the server's own words, not a person's notes.
#[tokio::test]
async fn a_record_that_says_who_is_out_is_saved_over() {
    let app = app();
    let folder = app._games.path();
    let text = "[Variant \"tri-camelot\"]\n\
[Result \"*\"]\n\
\n\
1.H5-F3 B11-B15 H17-J15 2.G4-G8 C12-D11 H15-G14 3.G6-H7 B13-C12 I16-H15\n\
4.E4-G6 D13-E12 H15-G16 5.D5-E4 C12-D13 H13-H15 6.E6-G4 C14-E16 H15-F17\n\
7.F5-F9 E16xG18 J15-H13-F15-H17 8.G8-E10xC12xE14xE10 G18xI16 I14xI18 9.F3-H5-H9\n\
C16-C14 J13-K12 10.E10-G8 D15-B13 I18-H17 11.H7-H5 D17-C16 J11-J9 12.F9-H7\n\
B15-D13 H17-F15-H13-J11 13.E4-D5 B13-D15-D11 J9-J13 14.G6-I8 D11-C10 J11-H13-F15\n\
15.G4-I6-I10 C10-C8 K12-I14 16.D5-E6 C8-B9 J13-H15 17.H9-J11 D13-B15 I12-I16\n\
18.I8-G6 B9-B11 F15-H13 19.I10-H9 B11-C12 I16-I12 20.J11-K12 C12-D11 I12-I16\n\
21.G6-G10 D11-C12 H13-F15 22.H7-F9 C12-D11 G14-G18 23.F7-F11 D11-C12 F15-E14\n\
24.F9-F13xD15xB13xB17xD15 C12-B13 G16-F17 25.D15-C16 B13-C14 H15-G16 26.C16xC12 {Red is out}\n\
I16-I12 27.K12-J13 I12xK14 28.H5-H7 *\n\
";
    assert!(text.contains("{Red is out}"));
    std::fs::write(folder.join("tri-out.pgn"), text).unwrap();
    let view = app.new_game(json!({ "saved": "tri-out.pgn" })).await;
    let loaded = id(&view);
    app.play(&loaded, view["example"].as_str().expect("a legal move")).await;
    let (status, answer) = app.post(&format!("/api/games/{loaded}/save"), json!({ "name": "tri-out" })).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let saved = std::fs::read_to_string(folder.join("tri-out.pgn")).unwrap();
    assert!(saved.contains("{Red is out}") && saved.contains("28.H5-H7 "), "{saved}");
}

#[tokio::test]
async fn a_saved_game_is_read_as_the_command_line_reads_files() {
    let app = app();
    let folder = app._games.path();
    // Over 4 MiB: refused, as `camelot replay` refuses it.
    let mut huge = String::from("[Variant \"camelot\"]\n\n1.F7-F8 *\n");
    huge.push_str(&format!("{{{}}}\n", "x".repeat(5 << 20)));
    std::fs::write(folder.join("huge.pgn"), huge).unwrap();
    let error = refused(&app, "/api/games", json!({ "saved": "huge.pgn" }), StatusCode::UNPROCESSABLE_ENTITY).await;
    assert!(error.contains("larger than 4 MiB"), "{error}");
    // Not UTF-8: read as Latin-1, as the command line reads records (the
    // PGN standard's encoding); what is then no record is refused where it is.
    std::fs::write(folder.join("latin1.pgn"), b"[Variant \"camelot\"]\n\n1.F7-F8 {caf\xe9} *\n").unwrap();
    let (status, view) = app.post("/api/games", json!({ "saved": "latin1.pgn" })).await;
    assert_eq!(status, StatusCode::CREATED, "{}", view["error"]);
    std::fs::write(folder.join("binary.pgn"), b"[Variant \"camelot\"]\n\n1.F7-F8 \xff\xfe *\n").unwrap();
    let error = refused(&app, "/api/games", json!({ "saved": "binary.pgn" }), StatusCode::UNPROCESSABLE_ENTITY).await;
    assert!(error.contains("binary.pgn:3:9:"), "{error}");
}

#[tokio::test]
async fn two_games_loaded_from_one_record_cannot_save_over_each_other() {
    let app = app();
    let game = id(&app.new_game(json!({})).await);
    app.play(&game, "E6-E8").await;
    app.post(&format!("/api/games/{game}/save"), json!({ "name": "g1" })).await;
    let (a, c) =
        (id(&app.new_game(json!({ "saved": "g1.pgn" })).await), id(&app.new_game(json!({ "saved": "g1.pgn" })).await));
    app.play(&a, "F11-F9").await;
    app.play(&c, "G11-G9").await;
    let (status, answer) = app.post(&format!("/api/games/{a}/save"), json!({ "name": "g1" })).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    // The other game would lose the first one's move: refused, and it saves elsewhere.
    let error = refused(&app, &format!("/api/games/{c}/save"), json!({ "name": "g1" }), StatusCode::CONFLICT).await;
    assert!(error.contains("g1.pgn has changed since this game was loaded from it"), "{error}");
    let text = std::fs::read_to_string(app._games.path().join("g1.pgn")).unwrap();
    assert!(text.contains("1.E6-E8 F11-F9"), "{text}");
    let (status, answer) = app.post(&format!("/api/games/{c}/save"), json!({ "name": "g2" })).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    // The game that wrote it last saves over it again; the game that
    // first wrote it no longer does.
    let (status, answer) = app.post(&format!("/api/games/{a}/save"), json!({ "name": "g1" })).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    refused(&app, &format!("/api/games/{game}/save"), json!({ "name": "g1" }), StatusCode::CONFLICT).await;
    // Once removed, a game that owned the name may write it again.
    std::fs::remove_file(app._games.path().join("g1.pgn")).unwrap();
    let (status, answer) = app.post(&format!("/api/games/{c}/save"), json!({ "name": "g1" })).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let text = std::fs::read_to_string(app._games.path().join("g1.pgn")).unwrap();
    assert!(text.contains("1.E6-E8 G11-G9"), "{text}");
}

#[tokio::test]
async fn a_save_name_that_is_refused_says_what_is_wrong_with_it() {
    let app = app();
    let save = format!("/api/games/{}/save", id(&app.new_game(json!({})).await));
    for (name, why) in [
        (".hidden", "may not start with a dot"),
        ("..pgn", "may not start with a dot"),
        ("../escape", "`/`"),
        ("a  b", "nor have two in a row"),
        ("a\tb", "the control character U+0009"),
        ("", "is empty"),
        (&"я".repeat(101), "too long for a file name: 206 bytes"),
        // Characters that show as nothing, or as a space, by their codes.
        ("a\u{a0}b", "the character U+00A0"),
        ("a\u{200b}b", "the character U+200B"),
        // An accent on nothing.
        ("\u{301}a", "the character U+0301"),
        ("a \u{301}b", "the character U+0301"),
        // Too long only once `.pgn` is added: said.
        (&"b".repeat(125), "it is 129 characters long, more than 128, with `.pgn` added"),
    ] {
        let error = refused(&app, &save, json!({ "name": name }), StatusCode::BAD_REQUEST).await;
        assert!(error.contains(why), "{name:?}: {error}");
    }
}

/// A name in letters of any script is a file name of the games folder:
/// saved, listed and loaded again.
#[tokio::test]
async fn a_game_saved_under_a_name_in_any_script_loads_again() {
    let app = app();
    let game = id(&app.new_game(json!({})).await);
    app.play(&game, "F7-F8").await;
    for (name, file) in [
        ("партия", "партия.pgn"),
        ("partie-été", "partie-été.pgn"),
        // The same name with its accents written apart (e + U+0301, as
        // macOS writes file names): the same file.
        ("partie-e\u{301}te\u{301}", "partie-été.pgn"),
        ("対局.PGN", "対局.PGN"),
        ("my game", "my game.pgn"),
    ] {
        let (status, answer) = app.post(&format!("/api/games/{game}/save"), json!({ "name": name })).await;
        assert_eq!((status, &answer["file"]), (StatusCode::OK, &json!(file)), "{answer}");
        let (status, about) = app.get(&format!("/api/saved/{}", urlencode(file))).await;
        assert_eq!(status, StatusCode::OK, "{about}");
        assert_eq!(texts(&app.new_game(json!({ "saved": file })).await), ["F7-F8"]);
    }
    let (_, list) = app.get("/api/saved").await;
    assert_eq!(list, json!(["my game.pgn", "partie-été.pgn", "партия.pgn", "対局.PGN"]));
    // A record another program named with its accents apart is listed
    // and loads as it is named.
    let apart = "jeu-re\u{301}el.pgn";
    std::fs::write(app._games.path().join(apart), "1.F7-F8 *\n").unwrap();
    let (_, list) = app.get("/api/saved").await;
    assert!(list.as_array().unwrap().contains(&json!(apart)), "{list}");
    assert_eq!(texts(&app.new_game(json!({ "saved": apart })).await), ["F7-F8"]);
}

/// `text` percent-encoded for an address, as a browser sends it.
fn urlencode(text: &str) -> String {
    text.bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || b"-_.".contains(&b) {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}

#[tokio::test]
async fn a_games_folder_that_is_a_file_is_refused_at_the_start() {
    let folder = tempfile::tempdir().unwrap();
    let file = folder.path().join("games");
    std::fs::write(&file, "").unwrap();
    for games in [file.clone(), file.join("inner")] {
        let error = leap_web::Config::new(&games).check().unwrap_err();
        assert!(error.contains("is a file, not a folder"), "{error}");
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let refused = leap_web::serve(listener, leap_web::Config::new(&games)).await.unwrap_err();
        assert_eq!(refused.to_string(), error);
    }
    assert_eq!(leap_web::Config::new(folder.path().join("new")).check(), Ok(()), "a folder made at the first save");
    assert_eq!(leap_web::Config::new(folder.path()).check(), Ok(()));
}

#[tokio::test]
async fn a_number_out_of_range_is_refused_with_the_range() {
    let app = app();
    let game = id(&app.new_game(json!({})).await);
    let huge: Value = serde_json::from_str("99999999999999999999999").unwrap();
    for (uri, body, why) in [
        (
            "/api/games".to_string(),
            json!({ "engine_ms": huge }),
            "the engine's time per move must be from 10 to 600000 ms",
        ),
        (
            "/api/games".into(),
            json!({ "engine_ms": -1 }),
            "the engine's time per move must be from 10 to 600000 ms, not -1",
        ),
        (
            "/api/games".into(),
            json!({ "engine_ms": 2.5 }),
            "the engine's time per move must be from 10 to 600000 ms, not 2.5",
        ),
        ("/api/games".into(), json!({ "engine_level": huge }), "the engine's level must be from 1 to 8"),
        (
            "/api/games".into(),
            json!({ "clock": { "base_ms": huge } }),
            "a clock's base time must be from 1 ms to a day",
        ),
        ("/api/games".into(), json!({ "clock": { "base_ms": 1000, "moves": huge } }), "a period must have"),
        (format!("/api/games/{game}/seats"), json!({ "engine_ms": huge }), "from 10 to 600000 ms"),
        (format!("/api/games/{game}/resign"), json!({ "player": huge }), "there is no player"),
        (format!("/api/games/{game}/analysis"), json!({ "lines": huge }), "lines must be from 1 to 10"),
        (format!("/api/games/{game}/analysis"), json!({ "ply": -3 }), "there is no ply -3"),
    ] {
        let error = refused(&app, &uri, body.clone(), StatusCode::BAD_REQUEST).await;
        assert!(error.contains(why) && !error.contains("invalid type"), "{body}: {error}");
    }
}

#[tokio::test]
async fn no_leg_is_offered_in_a_game_the_rules_have_ended() {
    let app = app();
    // White's 18x9 takes Black's last piece: the rules end the game.
    let record = "[Variant \"checkers\"]\n[Position \"W:W18:B14\"]\n\n*";
    let game = id(&app.new_game(json!({ "record": record })).await);
    let view = app.play(&game, "18x9").await;
    let reason = view["result"]["reason"].as_str().unwrap_or_else(|| panic!("the game is over: {view}"));
    let (status, answer) = app.post(&format!("/api/games/{game}/legs"), json!({ "from": "9" })).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer, json!({ "next": [], "complete": null, "refusal": format!("the game is over: {reason}") }));
}

#[cfg(unix)]
#[tokio::test]
async fn the_saved_games_are_the_games_folders_own_files_only() {
    let app = app();
    let folder = app._games.path();
    std::fs::write(folder.join("real.pgn"), "[Variant \"camelot\"]\n\n1.F7-F8 *\n").unwrap();
    std::os::unix::fs::symlink(folder.join("real.pgn"), folder.join("link.pgn")).unwrap();
    std::fs::create_dir(folder.join("folder.pgn")).unwrap();
    let made = std::process::Command::new("mkfifo").arg(folder.join("pipe.pgn")).status().expect("mkfifo runs");
    assert!(made.success(), "a FIFO pipe.pgn");
    assert_eq!(app.get("/api/saved").await.1, json!(["real.pgn"]));
    // None of the others loads (and the FIFO is never opened, which would wait for a writer).
    for name in ["link.pgn", "folder.pgn", "pipe.pgn"] {
        let (status, answer) = app.post("/api/games", json!({ "saved": name })).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{name}: {answer}");
        let (status, answer) = app.get(&format!("/api/saved/{name}")).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{name}: {answer}");
    }
}

#[tokio::test]
async fn a_saved_game_says_the_variant_and_players_it_loads_with() {
    let app = app();
    let (_, variants) = app.get("/api/variants").await;
    let tri = variants.as_array().unwrap().iter().find(|v| v["name"] == "tri-camelot").unwrap().clone();
    let game = id(&app.new_game(json!({ "variant": "tri-camelot" })).await);
    app.post(&format!("/api/games/{game}/save"), json!({ "name": "three" })).await;
    let (status, answer) = app.get("/api/saved/three.pgn").await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(
        answer,
        json!({
            "file": "three.pgn",
            "variant": { "name": "tri-camelot", "title": tri["title"] },
            "variant_file": null,
            "players": tri["players"],
            "player_names": [null, null, null],
            "clock": null,
        })
    );
    // Loaded with a seat for each of its players.
    let view = app.new_game(json!({ "saved": "three.pgn", "seats": ["human", "engine", "human"] })).await;
    assert_eq!(view["seats"], json!(["human", "engine", "human"]));
    // A game of an uploaded variant file: the file beside it says.
    let game = id(&app.new_game(json!({ "variant_text": SMALL_VARIANT, "variant_file": "tiny.toml" })).await);
    app.post(&format!("/api/games/{game}/save"), json!({ "name": "small" })).await;
    let (_, answer) = app.get("/api/saved/small.pgn").await;
    assert_eq!(
        answer,
        json!({
            "file": "small.pgn",
            "variant": { "name": "tiny", "title": "Tiny Camelot" },
            "variant_file": "tiny.toml",
            "players": ["White", "Black"],
            "player_names": [null, null],
            "clock": null,
        })
    );
    // A record naming its players: the persons, as a game's view names them.
    let named = "[Variant \"tri-camelot\"]\n[red \" Bea \"]\n[Green \"?\"]\n\n*\n";
    std::fs::write(app._games.path().join("named.pgn"), named).unwrap();
    let (_, answer) = app.get("/api/saved/named.pgn").await;
    assert_eq!(answer["player_names"], json!([null, "Bea", null]), "{answer}");
    // What would not load is refused as a load refuses it.
    std::fs::write(app._games.path().join("two.pgn"), "1.F7-F8 *\n\n1.F7-F8 *\n").unwrap();
    std::fs::write(app._games.path().join("bad.pgn"), "[Variant \"tri-camelot\"]\n\n1.Z99-Z1 *\n").unwrap();
    std::fs::write(app._games.path().join("rules.toml"), "extends = \"camelot\"\n").unwrap();
    for (uri, status, said) in [
        ("/api/saved/bad.pgn", StatusCode::UNPROCESSABLE_ENTITY, "is not a move"),
        ("/api/saved/none.pgn", StatusCode::NOT_FOUND, "there is no saved game none.pgn"),
        ("/api/saved/.hidden.pgn", StatusCode::BAD_REQUEST, "is not a file name of the games folder"),
        ("/api/saved/%FF.pgn", StatusCode::BAD_REQUEST, "does not name a file"),
        ("/api/saved/two.pgn", StatusCode::UNPROCESSABLE_ENTITY, "expected one game, found 2"),
        ("/api/saved/rules.toml", StatusCode::NOT_FOUND, "rules.toml is not a saved game: saved games are the .pgn"),
    ] {
        let (got, answer) = app.get(uri).await;
        assert_eq!(got, status, "{uri}: {answer}");
        assert!(answer["error"].as_str().unwrap().contains(said), "{uri}: {answer}");
    }
}

#[tokio::test]
async fn an_analysis_stops_when_no_page_listens_to_its_game() {
    let app = app();
    let game = id(&app.new_game(json!({})).await);
    let analysis = format!("/api/games/{game}/analysis");
    let analysing = || async { app.get(&analysis).await.1["analysing"].clone() };
    let stops = || async {
        let started = Instant::now();
        while analysing().await == json!(true) {
            assert!(started.elapsed() < Duration::from_secs(10), "the analysis still runs after 10 s");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    };
    assert_eq!(analysing().await, json!(false));
    // Started by a script that does not listen: it stops by itself.
    let (status, answer) = app.post(&analysis, json!({})).await;
    assert_eq!((status, answer), (StatusCode::OK, json!({ "analysing": true })));
    assert_eq!(analysing().await, json!(true));
    stops().await;
    // While a page listens it runs on; when the page goes, it stops.
    let page = app.events(&game).await;
    app.post(&analysis, json!({})).await;
    tokio::time::sleep(Duration::from_secs(3)).await;
    assert_eq!(analysing().await, json!(true), "the analysis a page listens to runs on");
    drop(page);
    stops().await;
    // Stopped when asked.
    let _page = app.events(&game).await;
    app.post(&analysis, json!({})).await;
    assert_eq!(analysing().await, json!(true));
    app.post(&analysis, json!({ "stop": true })).await;
    assert_eq!(analysing().await, json!(false));
}

#[tokio::test]
async fn the_computer_accepts_a_draw_when_it_stands_no_better_than_a_quarter_of_a_man() {
    let app = app();
    // Black, the computer, moves first: alone against six it is losing, and accepts.
    for (position, accepts) in [("B:W18,22,23,24,25,26:B3", true), ("B:W10:B18,22,23,24,25,26", false)] {
        let record = format!("[Variant \"checkers\"]\n[Position \"{position}\"]\n\n*");
        let view = app.new_game(json!({ "record": record, "seats": ["engine", "human"], "engine_ms": 50 })).await;
        let game = id(&view);
        app.wait_for(&game, |v| v["moves"].as_array().unwrap().len() == 1).await;
        let (_, view) = app.post(&format!("/api/games/{game}/draw"), json!({ "player": 1 })).await;
        if accepts {
            assert_eq!(view["result"]["reason"], "drawn by agreement", "{position}: {view}");
        } else {
            assert!(view["result"].is_null(), "{position}: {view}");
            assert_eq!(view["notice"], "Black (computer) declines the draw", "{position}: {view}");
        }
    }
}

/// A game with clocks is saved with its time control (the PGN standard's
/// `[TimeControl]` tag), which the saved game's description gives the
/// page to offer again; a game without clocks has none, even when loaded
/// from a record that had one.
#[tokio::test]
async fn a_saved_game_keeps_its_time_control() {
    let app = app();
    for (n, clock, tag, described) in [
        (
            0,
            json!({ "base_ms": 300000, "increment_ms": 3000 }),
            "300+3",
            json!({ "base_ms": 300000, "increment_ms": 3000, "moves": null }),
        ),
        (
            1,
            json!({ "base_ms": 90500, "moves": 40 }),
            "40/90.5",
            json!({ "base_ms": 90500, "increment_ms": 0, "moves": 40 }),
        ),
    ] {
        let game = id(&app.new_game(json!({ "clock": clock })).await);
        app.play(&game, "F7-F8").await;
        let (status, answer) =
            app.post(&format!("/api/games/{game}/save"), json!({ "name": format!("clocked-{n}") })).await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        let file = answer["file"].as_str().unwrap().to_string();
        let saved = std::fs::read_to_string(app._games.path().join(&file)).unwrap();
        assert!(saved.contains(&format!("[TimeControl \"{tag}\"]")), "{saved}");
        let (status, about) = app.get(&format!("/api/saved/{file}")).await;
        assert_eq!((status, &about["clock"]), (StatusCode::OK, &described), "{about}");
        // Loaded without a clock and saved again: the record's time control
        // and times stay (nothing saved is lost), and its clock is offered.
        let loaded = id(&app.new_game(json!({ "saved": file })).await);
        let (_, answer) =
            app.post(&format!("/api/games/{loaded}/save"), json!({ "name": format!("unclocked-{n}") })).await;
        let resaved = std::fs::read_to_string(app._games.path().join(answer["file"].as_str().unwrap())).unwrap();
        assert!(resaved.contains(&format!("[TimeControl \"{tag}\"]")), "{resaved}");
        assert!(resaved.contains("1.F7-F8 {[%clk "), "{resaved}");
        let (_, about) = app.get(&format!("/api/saved/{}", answer["file"].as_str().unwrap())).await;
        assert_eq!(about["clock"], described, "{about}");
    }
    // A record's clock that a new game could not be given is not offered.
    std::fs::write(app._games.path().join("long.pgn"), "[TimeControl \"86401+0\"]\n\n1.F7-F8 *\n").unwrap();
    let (status, about) = app.get("/api/saved/long.pgn").await;
    assert_eq!((status, &about["clock"]), (StatusCode::OK, &Value::Null), "{about}");
}

/// A typed move with a dash pasted from elsewhere (an en dash, a minus
/// sign) or full-width characters reads as the notation's, as at the
/// terminal.
#[tokio::test]
async fn a_typed_move_with_a_look_alike_dash_is_read() {
    let app = app();
    let game = id(&app.new_game(json!({})).await);
    let (status, view) = app.post(&format!("/api/games/{game}/move"), json!({ "text": "F7–F8" })).await;
    assert_eq!(status, StatusCode::OK, "{view}");
    let (status, view) = app.post(&format!("/api/games/{game}/move"), json!({ "text": "Ｆ１０−Ｆ９" })).await;
    assert_eq!(status, StatusCode::OK, "{view}");
    let moves: Vec<&str> = view["moves"].as_array().unwrap().iter().map(|m| m["text"].as_str().unwrap()).collect();
    assert_eq!(moves, ["F7-F8", "F10-F9"]);
}

/// A game saved on a clock keeps the time each player had left after each
/// move (as chess programs write it: `{[%clk 0:04:50]}`), and goes on from
/// those times when loaded on the same clock; on another clock the clocks
/// start from its base time.
#[tokio::test]
async fn a_saved_game_goes_on_with_the_times_left() {
    let app = app();
    let record = "[Variant \"camelot\"]\n[TimeControl \"300+3\"]\n\n\
                  1.D6-D5 {[%clk 0:04:50]} I11-I12 {[%clk 0:04:40.5]} 2.E6-E5 {[%clk 0:04:30]} *\n";
    let ms = |view: &Value, p: usize| view["clocks"][p]["ms"].as_u64().unwrap();
    let same = json!({ "base_ms": 300000, "increment_ms": 3000 });
    let view = app.new_game(json!({ "record": record, "clock": same })).await;
    assert_eq!(ms(&view, 0), 270_000, "{view}");
    // (Black's clock waits at 4:40.5 for the first move played.)
    assert_eq!(ms(&view, 1), 280_500, "{view}");
    assert_eq!(view["clocks"][1]["running"], false, "{view}");
    let game = id(&view);
    // Saved again: the recorded times stay, and the new move has its own.
    app.play(&game, "H11-H12").await;
    let (status, answer) = app.post(&format!("/api/games/{game}/save"), json!({ "name": "times" })).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let saved = std::fs::read_to_string(app._games.path().join(answer["file"].as_str().unwrap())).unwrap();
    assert!(saved.contains("1.D6-D5 {[%clk 0:04:50]} I11-I12 {[%clk 0:04:40.5]} 2.E6-E5 {[%clk 0:04:30]}"), "{saved}");
    assert!(saved.contains("H11-H12 {[%clk 0:04:4"), "Black's time after its move, increment included: {saved}");
    // Taken back: Black's clock shows the time before the increment, at most.
    let (status, view) = app.post(&format!("/api/games/{game}/undo"), json!({})).await;
    assert_eq!(status, StatusCode::OK, "{view}");
    assert!(ms(&view, 1) <= 280_500, "{view}");
    // On another clock, the recorded times do not apply.
    let other = json!({ "base_ms": 600000, "increment_ms": 0 });
    let view = app.new_game(json!({ "record": record, "clock": other })).await;
    assert_eq!(ms(&view, 0), 600_000, "{view}");
    // A record without times: the clocks start from the base time.
    let view = app.new_game(json!({ "record": "[TimeControl \"300+3\"]\n1.D6-D5 *", "clock": same })).await;
    assert_eq!(ms(&view, 0), 300_000, "{view}");
}

/// A saved record carries the time left after each move when the game
/// has a clock, and none when it has not: a game continued on a clock
/// writes its clock after every move, those of a record that gives no
/// time too (its player's clock then showed what it shows still); a game
/// continued without a clock drops the record's time control and times.
#[tokio::test]
async fn a_record_has_a_clock_after_every_move_or_after_none() {
    let app = app();
    let clocks = |record: &str| record.matches("[%clk ").count();
    let record = |game: &str| {
        let game = game.to_string();
        let app = &app;
        async move { app.send("GET", &format!("/api/games/{game}/record"), None).await.1 }
    };
    // On a clock, from a record that times some moves only, then takebacks.
    let loaded = "[Variant \"camelot\"]\n[TimeControl \"300+3\"]\n\n\
                  1.D6-D5 I11-I12 {[%clk 0:04:40.5]} 2.E6-E5 *\n";
    let game =
        id(&app.new_game(json!({ "record": loaded, "clock": { "base_ms": 300000, "increment_ms": 3000 } })).await);
    app.play(&game, "H11-H12").await;
    let text = record(&game).await;
    assert!(text.contains("1.D6-D5 {[%clk 0:05:00]} I11-I12 {[%clk 0:04:40.5]} 2.E6-E5 {[%clk 0:05:00]}"), "{text}");
    assert_eq!(clocks(&text), 4, "{text}");
    for _ in 0..2 {
        app.post(&format!("/api/games/{game}/undo"), json!({})).await;
    }
    app.play(&game, "E6-E5").await;
    app.play(&game, "G11-G12").await;
    let text = record(&game).await;
    assert_eq!(clocks(&text), 4, "{text}");
    // Without a clock: the record as loaded keeps its tag and times, also
    // cut short by a takeback, and after moves made without the clock
    // (nothing saved is lost; those moves have no time).
    let game = id(&app.new_game(json!({ "record": loaded })).await);
    let text = record(&game).await;
    assert!(text.contains("[TimeControl \"300+3\"]") && clocks(&text) == 1, "{text}");
    app.post(&format!("/api/games/{game}/undo"), json!({})).await;
    assert_eq!(clocks(&record(&game).await), 1);
    app.play(&game, "E6-E5").await;
    app.play(&game, "H11-H12").await;
    let text = record(&game).await;
    assert!(text.contains("I11-I12 {[%clk 0:04:40.5]} 2.E6-E5 H11-H12 *"), "{text}");
    assert!(text.contains("[TimeControl \"300+3\"]") && clocks(&text) == 1, "{text}");
    app.post(&format!("/api/games/{game}/undo"), json!({})).await;
    app.post(&format!("/api/games/{game}/undo"), json!({})).await;
    app.post(&format!("/api/games/{game}/undo"), json!({})).await;
    assert_eq!(clocks(&record(&game).await), 0, "the timed move taken back");
    // A game without a clock from the start writes none.
    let game = id(&app.new_game(json!({})).await);
    app.play(&game, "F7-F8").await;
    app.post(&format!("/api/games/{game}/undo"), json!({})).await;
    app.play(&game, "E6-E8").await;
    let text = record(&game).await;
    assert!(!text.contains("TimeControl") && clocks(&text) == 0, "{text}");
}

/// The clock of the player to move stops where it is when the game ends
/// off the board or a move is taken back: resigning and taking the
/// resignation back gives no time; a game loaded as lost on time shows no
/// time left on the loser's clock.
#[tokio::test]
async fn an_ending_off_the_board_gives_no_time_back() {
    let app = app();
    let ms = |view: &Value, p: usize| view["clocks"][p]["ms"].as_u64().unwrap();
    let view = app.new_game(json!({ "clock": { "base_ms": 10000, "increment_ms": 0 } })).await;
    let game = id(&view);
    // (The clocks run from the first move.)
    app.play(&game, "D6-D5").await;
    app.play(&game, "I11-I12").await;
    tokio::time::sleep(Duration::from_millis(400)).await;
    let (status, view) = app.post(&format!("/api/games/{game}/resign"), json!({})).await;
    assert_eq!(status, StatusCode::OK, "{}", view["error"]);
    assert!(ms(&view, 0) <= 9600, "the resignation stops White's clock where it was: {}", view["clocks"]);
    let (status, view) = app.post(&format!("/api/games/{game}/undo"), json!({})).await;
    assert_eq!(status, StatusCode::OK, "{}", view["error"]);
    assert!(ms(&view, 0) <= 9600, "the takeback gives no time: {}", view["clocks"]);
    // A move taken back: the thinking of the player who takes it back is spent.
    app.play(&game, "E6-E5").await;
    tokio::time::sleep(Duration::from_millis(400)).await;
    let (_, view) = app.post(&format!("/api/games/{game}/undo"), json!({})).await;
    assert!(ms(&view, 1) <= 9600, "Black's thinking is spent: {}", view["clocks"]);
    // Lost on time, loaded on its clock.
    let record = "[TimeControl \"300+3\"]\n[Termination \"Black lost on time\"]\n\n\
                  1.D6-D5 {[%clk 0:04:50]} I11-I12 {[%clk 0:00:01.5]} 2.E6-E5 {[%clk 0:04:30]} 1-0\n";
    let view = app.new_game(json!({ "record": record, "clock": { "base_ms": 300000, "increment_ms": 3000 } })).await;
    assert_eq!((ms(&view, 0), ms(&view, 1)), (270_000, 0), "{}", view["clocks"]);
}

/// With three players the computer declines a draw, even where its score
/// (its own against both others, below level in an even position) would
/// have it accept in a game of two.
#[tokio::test]
async fn the_computer_declines_a_draw_with_three_players() {
    let app = app();
    let seats = json!(["human", "engine", "engine"]);
    let view = app.new_game(json!({ "variant": "tri-camelot", "seats": seats, "engine_ms": 50 })).await;
    let game = id(&view);
    app.play(&game, "E4-E2").await;
    // Both computers move, then the person offers.
    let started = Instant::now();
    loop {
        let (_, view) = app.get(&format!("/api/games/{game}")).await;
        if view["to_move"] == 0 && view["moves"].as_array().is_some_and(|m| m.len() == 3) {
            break;
        }
        assert!(started.elapsed() < Duration::from_secs(20), "the computers never moved: {}", view["status"]);
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let (status, view) = app.post(&format!("/api/games/{game}/draw"), json!({})).await;
    assert_eq!(status, StatusCode::OK, "{}", view["error"]);
    assert_eq!(view["result"], Value::Null, "{}", view["status"]);
    assert_eq!(view["notice"], "Red (computer) and Green (computer) decline the draw", "{}", view["notice"]);
}

/// `POST /api/variants` says what an uploaded variant file would be
/// played as, `extends` included, so that the dialog shows its players; a
/// file that cannot be played in the page is refused as a game with it is.
#[tokio::test]
async fn an_uploaded_variant_file_is_described_before_a_game() {
    let app = app();
    let (status, about) = app
        .post(
            "/api/variants",
            json!({ "variant_text": "extends = \"tri-camelot\"\nname = \"tri2\"\n", "variant_file": "t.toml" }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{about}");
    assert_eq!(about["players"], json!(["Blue", "Red", "Green"]), "{about}");
    assert_eq!((&about["name"], &about["file"]), (&json!("tri2"), &json!("t.toml")), "{about}");
    let (_, about) =
        app.post("/api/variants", json!({ "variant_text": "extends = \"checkers\"\nname = \"c2\"\n" })).await;
    assert_eq!(about["players"], json!(["Black", "White"]), "{about}");
    // Broken, or of four players: refused, as a new game with it is.
    let broken = json!({ "variant_text": "name = \"x\"\n[board\n", "variant_file": "b.toml" });
    let error = refused(&app, "/api/variants", broken, StatusCode::UNPROCESSABLE_ENTITY).await;
    assert!(error.starts_with("b.toml:2:"), "{error}");
    // Skirmish with two more players, each with a castle and two pieces.
    let two = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../variants/skirmish.toml")).unwrap();
    let players = "[[players]]\nname = \"Red\"\nletter = \"R\"\ncastle = [\"A4\"]\n\n\
                   [[players]]\nname = \"Green\"\nletter = \"G\"\ncastle = [\"H5\"]\n\n[[pieces]]";
    let four = two.replace("name = \"skirmish\"", "name = \"quad\"").replacen("[[pieces]]", players, 1).replace(
        "Black = \"KC7,KF7,C6,D6,E6,F6\"",
        "Black = \"KC7,KF7,C6,D6,E6,F6\"\nRed = \"KA5,B4\"\nGreen = \"KH4,G5\"",
    );
    assert!(leap_games::parse("quad.toml", &four).is_ok(), "a valid file of four players:\n{four}");
    for uri in ["/api/variants", "/api/games"] {
        let error = refused(&app, uri, json!({ "variant_text": four }), StatusCode::UNPROCESSABLE_ENTITY).await;
        assert!(error.contains("quad has 4 players; the web app plays games of two or three"), "{error}");
    }
    let error = refused(&app, "/api/variants", json!({ "variant_file": "x.toml" }), StatusCode::BAD_REQUEST).await;
    assert!(error.contains("variant_text"), "{error}");
}

/// A variant without draw rules, where a game can go on for ever.
const ENDLESS: &str = "extends = \"camelot\"\nname = \"endless\"\n[end]\nrepetition = 0\nmove_limit = 0\n";

/// A record of `plies` Knight moves back and forth in [`ENDLESS`].
fn endless_record(plies: usize) -> String {
    (0..plies).map(|i| ["C6-B5", "C11-B12", "B5-C6", "B12-C11"][i % 4]).collect::<Vec<_>>().join(" ")
}

/// A long game's view carries its moves, but of its positions only the
/// start and the last ones: the others are asked for, a window at a time;
/// a record longer than a game of the server may be is refused.
#[tokio::test]
async fn a_long_games_view_is_bounded_and_its_positions_come_on_demand() {
    let app = app();
    let view = app.new_game(json!({ "variant_text": ENDLESS, "record": endless_record(1000) })).await;
    let game = id(&view);
    assert_eq!(view["plies"], 1000);
    assert_eq!(view["moves"].as_array().unwrap().len(), 1000);
    let plies: Vec<u64> = view["positions"].as_array().unwrap().iter().map(|p| p["ply"].as_u64().unwrap()).collect();
    assert_eq!(plies, std::iter::once(0).chain(901..=1000).collect::<Vec<u64>>());
    assert!(view.to_string().len() < 400_000, "{} bytes", view.to_string().len());
    // Any other position, as the view would have it.
    let (status, answer) = app.get(&format!("/api/games/{game}/positions?from=5&to=6")).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let shown = answer["positions"].as_array().unwrap();
    assert_eq!((shown.len(), &shown[0]["ply"], &shown[1]["last"]), (2, &json!(5), &json!(["C11", "B12"])));
    assert_eq!(shown[0]["status"], "Black to move (move 3).");
    assert_eq!(answer["plies"], 1000);
    // (At most 200 at a time; `to` defaults to as many as may be.)
    let (_, answer) = app.get(&format!("/api/games/{game}/positions?from=900")).await;
    assert_eq!(answer["positions"].as_array().unwrap().len(), 101, "{answer}");
    for (query, words) in [
        ("from=0&to=200", "`to` must be from 0 to 199"),
        ("from=1001", "there is no ply 1001"),
        ("from=x", "`from` must be a ply"),
        ("ply=3", "unknown parameter \"ply\""),
    ] {
        let (status, answer) = app.get(&format!("/api/games/{game}/positions?{query}")).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{query}: {answer}");
        assert!(answer["error"].as_str().unwrap().contains(words), "{query}: {answer}");
    }
    // A record of more plies than a game of the server has.
    let (status, answer) = app
        .post(
            "/api/games",
            json!({ "variant_text": ENDLESS, "record": endless_record(10_001), "record_file": "long.pgn" }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
    assert_eq!(
        answer["error"],
        "long.pgn: it has 10001 plies (moves of a player), and a game of the server has at most 10000: replay it at \
         the terminal (camelot replay FILE)"
    );
}

/// Lattice: 42 White Men every other cell of a 15 × 17 board, where a
/// Knight's Charges through them are exponentially many moves.
const LATTICE: &str = "extends = \"camelot\"\nname = \"lattice\"\n[board]\ngeometry = \"square\"\nfiles = 15\n\
ranks = 17\nlayout = \"\"\"\n...............\n...............\n...............\n...............\n...............\n\
...............\n...............\n...............\n...............\n...............\n...............\n\
...............\n...............\n...............\n...............\n...............\n...............\n\"\"\"\n\
[[players]]\nname = \"White\"\nletter = \"W\"\ncastle = [\"G1\", \"H1\"]\n[[players]]\nname = \"Black\"\n\
letter = \"B\"\ncastle = [\"G17\", \"H17\"]\n[setup]\nWhite = \"B4,D4,F4,H4,J4,L4,N4,B6,D6,F6,H6,J6,L6,N6,B8,D8,\
F8,H8,J8,L8,N8,B10,D10,F10,H10,J10,L10,N10,B12,D12,F12,H12,J12,L12,N12,B14,D14,F14,H14,J14,L14,N14,KA3,KC1\"\n\
Black = \"KA17,KO17,B16,N16\"\n";

/// A view says whether the game is over, the obligation and a move for an
/// example without listing every legal move: after White's Charge, Black's
/// are exponentially many.
#[tokio::test]
async fn a_crowded_positions_view_does_not_list_every_move() {
    let app = app();
    let game = id(&app.new_game(json!({ "variant_text": LATTICE })).await);
    let started = Instant::now();
    let view = app.play(&game, "A3-C5-A7-C9-A11-C13-A15xC17").await;
    let (status, again) = app.get(&format!("/api/games/{game}")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(started.elapsed() < Duration::from_secs(3), "{:?}", started.elapsed());
    assert_eq!(view["example"], again["example"]);
    assert_eq!((&view["status"], &view["result"]), (&json!("Black to move (move 1)."), &Value::Null));
    assert_eq!(view["example"], "N16-N17");
}

/// A record loaded from the games folder is saved over while it holds
/// what the game read, whatever its encoding: a byte-order mark (Windows'
/// Notepad) is no change, and a Latin-1 record another program wrote to
/// since is not lost.
#[tokio::test]
async fn a_record_in_any_encoding_is_saved_over_only_while_unchanged() {
    let app = app();
    let folder = app._games.path();
    // UTF-8 with a byte-order mark: saved over.
    std::fs::write(folder.join("bom.pgn"), b"\xef\xbb\xbf[Result \"*\"]\n\n1.F7-F8 *\n").unwrap();
    let game = id(&app.new_game(json!({ "saved": "bom.pgn" })).await);
    app.play(&game, "F10-F9").await;
    let (status, answer) = app.post(&format!("/api/games/{game}/save"), json!({ "name": "bom" })).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert!(std::fs::read_to_string(folder.join("bom.pgn")).unwrap().contains("1.F7-F8 F10-F9"));
    // Latin-1: saved over while unchanged; edited by another program, kept.
    let latin1 = b"[White \"Jos\xe9\"]\n[Result \"*\"]\n\n1.F7-F8 {caf\xe9} *\n";
    std::fs::write(folder.join("lat1.pgn"), latin1).unwrap();
    let game = id(&app.new_game(json!({ "saved": "lat1.pgn" })).await);
    app.play(&game, "F10-F9").await;
    let (status, answer) = app.post(&format!("/api/games/{game}/save"), json!({ "name": "lat1" })).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    std::fs::write(folder.join("lat1.pgn"), latin1).unwrap();
    let game = id(&app.new_game(json!({ "saved": "lat1.pgn" })).await);
    let mut edited = latin1.to_vec();
    edited.extend_from_slice(b"\n{an edit: Jos\xe9 added this}\n");
    std::fs::write(folder.join("lat1.pgn"), &edited).unwrap();
    let error =
        refused(&app, &format!("/api/games/{game}/save"), json!({ "name": "lat1" }), StatusCode::CONFLICT).await;
    assert!(error.contains("lat1.pgn has changed since this game was loaded"), "{error}");
    assert_eq!(std::fs::read(folder.join("lat1.pgn")).unwrap(), edited);
}

impl App {
    /// A POST (or another method) with the headers given, and a body.
    async fn with_headers(&self, method: &str, uri: &str, headers: &[(&str, &str)], body: &str) -> (StatusCode, Value) {
        let mut request = Request::builder().method(method).uri(uri);
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        let response = self.router.clone().oneshot(request.body(Body::from(body.to_string())).unwrap()).await.unwrap();
        let status = response.status();
        let bytes = response.into_body().collect().await.unwrap().to_bytes();
        (status, serde_json::from_slice(&bytes).unwrap_or(Value::Null))
    }
}

/// A page of another site cannot drive the server through a person's
/// browser: its requests that change something are refused (by their
/// `Origin`), as is any request for the server under another name (DNS
/// rebinding), and a body that is not sent as JSON; the server's own page,
/// and scripts, are served.
#[tokio::test]
async fn another_sites_page_cannot_act_on_the_games() {
    let app = app();
    let game = id(&app.new_game(json!({})).await);
    let resign = format!("/api/games/{game}/resign");
    let json_type = ("content-type", "application/json");
    // A form or fetch of another site: refused, whatever its Content-Type.
    for kind in ["application/json", "text/plain"] {
        let headers = [("host", "127.0.0.1:8080"), ("origin", "http://evil.example"), ("content-type", kind)];
        let (status, answer) = app.with_headers("POST", &resign, &headers, "{\"player\":0}").await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{answer}");
        assert_eq!(
            answer["error"],
            "a page of another site (http://evil.example) may not act on the games of this server: play at the \
             server's own page"
        );
    }
    // Another name for the server (a page whose name leads to this machine): refused, even to read.
    let headers = [("host", "evil.example:8080")];
    let (status, answer) = app.with_headers("GET", "/api/saved", &headers, "").await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{answer}");
    assert!(answer["error"].as_str().unwrap().contains("not as \"evil.example:8080\""), "{answer}");
    let headers = [("host", "evil.example:8080"), ("origin", "http://evil.example:8080"), json_type];
    let (status, _) = app.with_headers("POST", &resign, &headers, "{}").await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    // A body that is not sent as JSON.
    let (status, answer) = app.with_headers("POST", &resign, &[("content-type", "text/plain")], "{}").await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    assert!(answer["error"].as_str().unwrap().contains("Content-Type: application/json"), "{answer}");
    assert_eq!(app.get(&format!("/api/games/{game}")).await.1["result"], Value::Null, "no one resigned");
    // The server's own page, by name or address, and a script.
    for host in ["localhost:8080", "127.0.0.1:8080", "[::1]:8080", "192.168.1.20:8080"] {
        let origin = format!("http://{host}");
        let headers = [("host", host), ("origin", origin.as_str()), json_type];
        let (status, answer) = app.with_headers("POST", "/api/games", &headers, "{}").await;
        assert_eq!(status, StatusCode::CREATED, "{host}: {answer}");
    }
    let (status, answer) = app.with_headers("POST", &resign, &[("host", "localhost:8080"), json_type], "{}").await;
    assert_eq!(status, StatusCode::OK, "{answer}");
}

/// The names the server was given (`camelot serve --allow-host`) are its
/// own too: players on a network open the page under the machine's name.
#[tokio::test]
async fn a_name_the_server_was_given_is_its_own() {
    let games = tempfile::tempdir().unwrap();
    let mut config = leap_web::Config::new(games.path());
    config.hosts = vec!["mybox.local".into()];
    let app = App { router: leap_web::router(config), _games: games };
    let json_type = ("content-type", "application/json");
    for host in ["mybox.local:8080", "MyBox.Local:8080", "mybox.local"] {
        let origin = format!("http://{host}");
        let headers = [("host", host), ("origin", origin.as_str()), json_type];
        let (status, answer) = app.with_headers("POST", "/api/games", &headers, "{}").await;
        assert_eq!(status, StatusCode::CREATED, "{host}: {answer}");
    }
    // Any other name is still refused, and says how to serve under it.
    let (status, answer) = app.with_headers("GET", "/api/saved", &[("host", "mybox:8080")], "").await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{answer}");
    assert!(answer["error"].as_str().unwrap().contains("--allow-host NAME"), "{answer}");
}

/// A key given twice in a body is refused on every route, those whose
/// body may be left out too (the last one would have counted).
#[tokio::test]
async fn a_key_given_twice_is_refused() {
    let app = app();
    let game = id(&app.new_game(json!({})).await);
    for (route, body) in [
        ("move", "{\"text\":\"F7-F8\",\"text\":\"F7-F8\"}"),
        ("resign", "{\"player\":0,\"player\":1}"),
        ("draw", "{\"player\":0,\"player\":1}"),
        ("analysis", "{\"lines\":1,\"lines\":2}"),
        ("review", "{\"movetime\":500,\"movetime\":600}"),
    ] {
        let uri = format!("/api/games/{game}/{route}");
        let (status, answer) = app.with_headers("POST", &uri, &[("content-type", "application/json")], body).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{route}: {answer}");
        assert!(answer["error"].as_str().unwrap().contains("duplicate field"), "{route}: {answer}");
    }
    assert_eq!(app.get(&format!("/api/games/{game}")).await.1["result"], Value::Null, "no one resigned");
}

/// A move typed wrong is answered with a move of the game as an example
/// (not Camelot's `F7-F8` in checkers), and one typed with spaces in it is
/// said to have none, as the terminal says it.
#[tokio::test]
async fn a_typed_move_is_refused_with_an_example_of_the_game() {
    let app = app();
    let view = app.new_game(json!({ "variant": "checkers" })).await;
    let game = id(&view);
    let example = view["example"].as_str().unwrap().to_string();
    assert!(!example.contains('F'), "{example}");
    for (text, status, error) in [
        ("", StatusCode::BAD_REQUEST, format!("the move is empty: write it as text, such as `{example}`")),
        ("11 - 15", StatusCode::UNPROCESSABLE_ENTITY, "a move is written without spaces: `11-15`".to_string()),
        ("11-15 15-19", StatusCode::UNPROCESSABLE_ENTITY, format!("expected one move, such as `{example}`")),
    ] {
        let (got, refused) = app.post(&format!("/api/games/{game}/move"), json!({ "text": text })).await;
        assert_eq!((got, refused["error"].as_str()), (status, Some(error.as_str())), "{text}");
    }
    let game = id(&app.new_game(json!({ "variant": "tri-camelot" })).await);
    let (_, refused) = app.post(&format!("/api/games/{game}/move"), json!({ "text": "E4 - E2" })).await;
    assert_eq!(refused["error"], "a move is written without spaces: `E4-E2`");
}

/// A game saved under a long name keeps its variant file beside it under
/// a name the server reads (its record's stem shortened), so that it loads
/// again; a folder in the way of a save is a clash (409), not the disk's
/// failure.
#[tokio::test]
async fn a_saved_game_always_loads_again_and_a_folder_is_a_clash() {
    let app = app();
    let folder = app._games.path();
    std::fs::write(folder.join("mine.toml"), "extends = \"camelot\"\nname = \"mine\"\ntitle = \"Another\"\n").unwrap();
    let text = "extends = \"camelot\"\nname = \"mine\"\ntitle = \"Third\"\n";
    for name in ["y".repeat(124), "ж".repeat(98)] {
        let game = id(&app.new_game(json!({ "variant_text": text, "variant_file": "mine.toml" })).await);
        let (status, answer) = app.post(&format!("/api/games/{game}/save"), json!({ "name": name })).await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        let file = answer["file"].as_str().unwrap().to_string();
        let (status, answer) = app.get(&format!("/api/saved/{}", urlencode(&file))).await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        assert_eq!(answer["variant"]["title"], "Third", "{answer}");
        app.new_game(json!({ "saved": file })).await;
    }
    // A folder where the game's own record was.
    let game = id(&app.new_game(json!({})).await);
    let save = format!("/api/games/{game}/save");
    assert_eq!(app.post(&save, json!({ "name": "becomesdir" })).await.0, StatusCode::OK);
    std::fs::remove_file(folder.join("becomesdir.pgn")).unwrap();
    std::fs::create_dir(folder.join("becomesdir.pgn")).unwrap();
    let error = refused(&app, &save, json!({ "name": "becomesdir" }), StatusCode::CONFLICT).await;
    assert!(error.contains("save under another name"), "{error}");
}

/// A clock is saved to the millisecond, so that a game loaded again on
/// its clock goes on with all the time each player had: one with less
/// than a tenth of a second left is not flagged by a save (F15).
#[tokio::test]
async fn a_clock_saved_and_loaded_again_loses_no_time() {
    let app = app();
    let clock = json!({ "base_ms": 60000 });
    let ms = |view: &Value, p: usize| view["clocks"][p]["ms"].as_u64().unwrap();
    for (left, written) in [(92, "0:00:00.092"), (1494, "0:00:01.494"), (1490, "0:00:01.49"), (1000, "0:00:01")] {
        let record = format!("[TimeControl \"60\"]\n\n1.F7-F8 {{[%clk {written}]}} *\n");
        let view = app.new_game(json!({ "record": record, "clock": clock })).await;
        assert_eq!((ms(&view, 0), &view["result"]), (left, &Value::Null), "{written}: {view}");
        let game = id(&view);
        let text = app.send("GET", &format!("/api/games/{game}/record"), None).await.1;
        assert!(text.contains(&format!("1.F7-F8 {{[%clk {written}]}}")), "{text}");
        // Saved, and loaded from the games folder on the same clock.
        let name = format!("clock-{left}");
        let (status, answer) = app.post(&format!("/api/games/{game}/save"), json!({ "name": name })).await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        let view = app.new_game(json!({ "saved": answer["file"], "clock": clock })).await;
        assert_eq!((ms(&view, 0), &view["result"]), (left, &Value::Null), "{written}: {view}");
    }
}

/// A game's view carries its clocks as a record does (F3): the time
/// control (`clock`, as `POST /api/games` takes it) and the time each
/// move's player had left after it (each move's `clock_ms`, as its
/// `[%clk]`), so that a page holding a game the server lost writes a
/// record that restores it on its clock, the clocks as they were at the
/// last move, waiting for the next one. A game without clocks has none.
#[tokio::test]
async fn a_views_clocks_restore_the_game_as_it_was_at_its_last_move() {
    let app = app();
    let clock = json!({ "base_ms": 300000, "increment_ms": 2000, "moves": null });
    let game = id(&app.new_game(json!({ "clock": clock })).await);
    for text in ["F7-F8", "F10-F9", "F8xF10xF12"] {
        app.play(&game, text).await;
        tokio::time::sleep(Duration::from_millis(120)).await;
    }
    let (_, view) = app.get(&format!("/api/games/{game}")).await;
    assert_eq!(view["clock"], clock, "{view}");
    let times: Vec<u64> = view["moves"].as_array().unwrap().iter().map(|m| m["clock_ms"].as_u64().unwrap()).collect();
    // (The first move took no time; the others some, and each earned 2 s.)
    assert_eq!(times[0], 302_000, "{times:?}");
    assert!((290_000..=301_880).contains(&times[1]) && (290_000..=303_880).contains(&times[2]), "{times:?}");
    // The same times as the game's own record.
    let written = app.send("GET", &format!("/api/games/{game}/record"), None).await.1;
    for &ms in &times {
        let command = leap_core::notation::clock_command(Duration::from_millis(ms));
        assert!(written.contains(&command), "{command} in {written}");
    }
    // A record written from the view, as the page writes one, loaded on
    // the view's clock: the clocks as they were at the last move.
    let moves: Vec<String> = view["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            let command = leap_core::notation::clock_command(Duration::from_millis(m["clock_ms"].as_u64().unwrap()));
            format!("{}{} {{{command}}}", m["label"].as_str().unwrap(), m["text"].as_str().unwrap())
        })
        .collect();
    let record = format!("[TimeControl \"300+2\"]\n\n{} *\n", moves.join(" "));
    let restored = app.new_game(json!({ "record": record, "clock": view["clock"] })).await;
    let ms = |view: &Value, p: usize| view["clocks"][p]["ms"].as_u64().unwrap();
    assert_eq!((ms(&restored, 0), ms(&restored, 1)), (times[2], times[1]), "{restored}");
    assert_eq!((&restored["clock"], &restored["clock_waits"]), (&clock, &json!(true)), "{restored}");
    assert_eq!(restored["moves"], view["moves"]);
    // Moves per period too; and a game without clocks has none.
    let periods = json!({ "base_ms": 60500, "increment_ms": 0, "moves": 40 });
    assert_eq!(app.new_game(json!({ "clock": periods })).await["clock"], periods);
    let game = id(&app.new_game(json!({})).await);
    let view = app.play(&game, "F7-F8").await;
    assert_eq!((&view["clock"], &view["moves"][0].get("clock_ms")), (&Value::Null, &None), "{view}");
}

/// The record a page writes from a game's view (app.js's `recordText`,
/// for a game the server lost): its variant, the view's `tags`, how it
/// ended when not on the board, its start, the comments before its first
/// moves, each move with what the record says of it (`record_notes`, else
/// `notes`) and its time (`clock_ms`), and its result.
fn page_record(view: &Value) -> String {
    let list = |v: &Value| v.as_array().cloned().unwrap_or_default();
    let text = |v: &Value| v.as_str().unwrap_or_default().to_string();
    let tags = list(&view["tags"]);
    let mut head = vec![format!("[Variant \"{}\"]", text(&view["variant"]["name"]))];
    for tag in &tags {
        head.push(format!("[{} \"{}\"]", text(&tag[0]), text(&tag[1]).replace('\\', "\\\\").replace('"', "\\\"")));
    }
    let reason = text(&view["result"]["reason"]);
    let off_the_board = ["resigned", "lost on time", "gave no legal move"];
    if off_the_board.iter().any(|r| reason.ends_with(r)) || reason == "drawn by agreement" {
        head.push(format!("[Termination \"{reason}\"]"));
    }
    if !tags.iter().any(|t| text(&t[0]).eq_ignore_ascii_case("FEN")) {
        head.push(format!("[Position \"{}\"]", text(&view["positions"][0]["position"])));
    }
    let token = view["result"]["token"].as_str().unwrap_or("*");
    head.push(format!("[Result \"{token}\"]"));
    let mut parts: Vec<String> = list(&view["intro"]).iter().map(|c| format!("{{{}}}", text(c))).collect();
    for m in list(&view["moves"]) {
        let notes = if m["record_notes"].is_object() { &m["record_notes"] } else { &m["notes"] };
        parts.push(format!("{}{}{}", text(&m["label"]), text(&m["text"]), text(&notes["glyph"])));
        let mut comments: Vec<String> = list(&notes["comments"]).iter().map(text).collect();
        if let Some(ms) = m["clock_ms"].as_u64() {
            let clock = leap_core::notation::clock_command(Duration::from_millis(ms));
            match comments.first_mut() {
                Some(first) => *first = format!("{clock} {first}"),
                None => comments.push(clock),
            }
        }
        parts.extend(comments.iter().map(|c| format!("{{{c}}}")));
        parts.extend(list(&notes["variations"]).iter().map(|v| format!("({})", text(v))));
    }
    parts.push(token.to_string());
    format!("{}\n\n{}\n", head.join("\n"), parts.join(" "))
}

impl App {
    /// The game's record, as `GET /api/games/{id}/record` gives it.
    async fn record_of(&self, game: &str) -> String {
        let (status, text) = self.send("GET", &format!("/api/games/{game}/record"), None).await;
        assert_eq!(status, StatusCode::OK, "{text}");
        text
    }
}

/// A takeback leaves clocks that the game's record does not give: the
/// player whose move was taken back keeps what it had once that move's
/// time was taken (less than after its move before), and the player to
/// move spends what it thought. The record's times are those after each
/// player's last move: a game restored from them alone gets that time
/// back. `left_ms`, with the clock of `POST /api/games`, gives each
/// player's time as it was: the restored game has the very clocks the
/// game lost had. A clock is never given more than its record gives.
#[tokio::test]
async fn a_restored_game_has_the_clocks_a_takeback_left() {
    let app = app();
    let clock = json!({ "base_ms": 300000, "increment_ms": 2000, "moves": null });
    let game = id(&app.new_game(json!({ "clock": clock })).await);
    for text in ["F7-F8", "F10-F9", "F8xF10xF12"] {
        app.play(&game, text).await;
        tokio::time::sleep(Duration::from_millis(150)).await;
    }
    let (status, view) = app.post(&format!("/api/games/{game}/undo"), json!({})).await;
    assert_eq!(status, StatusCode::OK, "{view}");
    let ms = |view: &Value, p: usize| view["clocks"][p]["ms"].as_u64().unwrap();
    let times: Vec<u64> = view["moves"].as_array().unwrap().iter().map(|m| m["clock_ms"].as_u64().unwrap()).collect();
    assert!(ms(&view, 0) + 100 < times[0] && ms(&view, 1) + 100 < times[1], "{times:?} {}", view["clocks"]);
    // From the record alone: the clocks after each player's last move,
    // more than they had.
    let record = page_record(&view);
    let from_record = app.new_game(json!({ "record": record, "clock": clock })).await;
    assert_eq!((ms(&from_record, 0), ms(&from_record, 1)), (times[0], times[1]), "{from_record}");
    // With each player's time left: the clocks as they were.
    let mut given = clock.clone();
    given["left_ms"] = json!([ms(&view, 0), ms(&view, 1)]);
    let restored = app.new_game(json!({ "record": record, "clock": given })).await;
    assert_eq!((ms(&restored, 0), ms(&restored, 1)), (ms(&view, 0), ms(&view, 1)), "{restored}");
    assert_eq!((&restored["clock"], &restored["clock_waits"]), (&clock, &json!(true)), "{restored}");
    assert_eq!(restored["moves"], view["moves"]);
    assert_eq!(app.record_of(&id(&restored)).await, app.record_of(&game).await);
    // More than the record gives, a time short, one out of range, or
    // times without a clock: refused.
    for (left, words) in [
        (json!([times[0] + 1, ms(&view, 1)]), "`left_ms` gives White 302001 ms, more than its clock has"),
        (json!([1000]), "`left_ms` gives 1 times: expected 2"),
        (json!([1000, -5]), "must be from 0 to 3599999999 ms"),
        (json!([1000, 1.5]), "not 1.5"),
    ] {
        let mut given = clock.clone();
        given["left_ms"] = left;
        let error =
            refused(&app, "/api/games", json!({ "record": record, "clock": given }), StatusCode::BAD_REQUEST).await;
        assert!(error.contains(words), "{error}");
    }
    // Less than the base time, without a record: a handicap.
    let mut given = clock.clone();
    given["left_ms"] = json!([300000, 120000]);
    let odds = app.new_game(json!({ "clock": given })).await;
    assert_eq!((ms(&odds, 0), ms(&odds, 1)), (300000, 120000), "{odds}");
}

/// A game loaded without a clock from a record with times (`[%clk]`) and
/// a `[TimeControl]` tag keeps them in its record (nothing saved is
/// lost), and its view carries them: each move's `clock_ms`, and the
/// tag among the view's `tags`, which are every tag its record writes
/// (the event, the players' names, …). So the record a page writes from
/// the view (of a game the server lost) is the game's own.
#[tokio::test]
async fn a_views_record_is_the_games_own_for_a_game_without_a_clock() {
    let app = app();
    let record =
        "[Event \"Club night\"]\n[Site \"Leeds\"]\n[White \"Ann\"]\n[Black \"Bob\"]\n[TimeControl \"300+2\"]\n\n\
                  {Notes by Ann} 1.F7-F8 {[%clk 0:04:58] quiet} F10-F9!? {[%clk 0:04:57.5]} (1...E10-E9) \
                  2.F8xF10xF12 {[%clk 0:04:59]} *\n";
    let view = app.new_game(json!({ "record": record })).await;
    let game = id(&view);
    let times = |view: &Value| -> Vec<Option<u64>> {
        view["moves"].as_array().unwrap().iter().map(|m| m["clock_ms"].as_u64()).collect()
    };
    assert_eq!(times(&view), [Some(298_000), Some(297_500), Some(299_000)], "{view}");
    assert_eq!((&view["clock"], &view["clocks"]), (&Value::Null, &Value::Null));
    assert_eq!(
        view["tags"],
        json!([
            ["Event", "Club night"],
            ["Site", "Leeds"],
            ["White", "Ann"],
            ["Black", "Bob"],
            ["TimeControl", "300+2"]
        ])
    );
    let own = app.record_of(&game).await;
    assert!(own.contains("[TimeControl \"300+2\"]") && own.contains("{[%clk 0:04:57.5]}"), "{own}");
    let again = app.new_game(json!({ "record": page_record(&view) })).await;
    assert_eq!(app.record_of(&id(&again)).await, own);
    // A move taken back takes its time with it; a move made since has none.
    app.post(&format!("/api/games/{game}/undo"), json!({})).await;
    let view = app.play(&game, "F8xF10xF12").await;
    assert_eq!(times(&view), [Some(298_000), Some(297_500), None], "{view}");
    let again = app.new_game(json!({ "record": page_record(&view) })).await;
    assert_eq!(app.record_of(&id(&again)).await, app.record_of(&game).await);
    // Ended off the board: the same ending.
    let (_, view) = app.post(&format!("/api/games/{game}/resign"), json!({ "player": 1 })).await;
    let again = app.new_game(json!({ "record": page_record(&view) })).await;
    assert_eq!(again["result"], view["result"], "{again}");
    assert_eq!(app.record_of(&id(&again)).await, app.record_of(&game).await);
}

/// A review's notes are in the view once it is over: each move it spoke
/// of has `record_notes` (the loaded record's notes with the review's,
/// as the record writes them), and the `Annotator` tag names it; the view
/// is sent again then (a `state` event), so that a page holds them, and
/// the record it writes from the view is the game's own.
#[tokio::test]
async fn a_reviews_notes_are_in_the_view_once_it_is_over() {
    let app = app();
    let record = "[Variant \"camelot\"]\n[Annotator \"Ann\"]\n[Position \"W:WF7,C6:BF9,L11 castle-moves=0,0\"]\n\n\
                  1.F7-F8!? {a trap} F9xF7 2.C6-C7 *\n";
    let view = app.new_game(json!({ "record": record })).await;
    let game = id(&view);
    assert!(view["moves"][0].get("record_notes").is_none(), "{view}");
    let mut body = app.events(&game).await;
    body.frame().await.unwrap().unwrap();
    let (status, _) = app.post(&format!("/api/games/{game}/review"), json!({ "movetime": 20 })).await;
    assert_eq!(status, StatusCode::OK);
    // The review's events, then the view, sent again once it is over.
    let sent = tokio::time::timeout(Duration::from_secs(20), async {
        let mut done = false;
        loop {
            let frame = body.frame().await.unwrap().unwrap().into_data().unwrap();
            for chunk in String::from_utf8_lossy(&frame).split("\n\n") {
                let data = || {
                    let data = chunk.lines().nth(1).unwrap().trim_start_matches("data: ");
                    serde_json::from_str::<Value>(data).unwrap()
                };
                if chunk.starts_with("event: review") && data()["done"] == true {
                    done = true;
                } else if done && chunk.starts_with("event: state") {
                    return data();
                }
            }
        }
    })
    .await
    .expect("the view sent after the review");
    let notes = &sent["moves"][0]["record_notes"];
    assert_eq!(notes["glyph"], "!?", "the author's glyph stays: {notes}");
    assert_eq!(notes["comments"][0], "a trap", "{notes}");
    assert!(notes["comments"][1].as_str().unwrap().starts_with("[%eval -"), "{notes}");
    assert!(sent["tags"].as_array().unwrap().contains(&json!(["Annotator", "Ann, camelot review"])), "{sent}");
    assert_eq!(sent["moves"][0]["notes"]["comments"], json!(["a trap"]), "the record's own notes, as shown");
    let again = app.new_game(json!({ "record": page_record(&sent) })).await;
    assert_eq!(app.record_of(&id(&again)).await, app.record_of(&game).await);
}

/// A game of a variant file gives the file back, as `POST /api/games`
/// takes it (`GET .../variant`), and its view names it (`variant.file`):
/// a page that did not upload it (it was loaded from the games folder,
/// beside its record, or the page was reloaded) can restore the game
/// should the server lose it. A game of a built-in variant has none.
#[tokio::test]
async fn a_game_of_a_variant_file_gives_it_back() {
    let app = app();
    let text = "extends = \"camelot\"\nname = \"mine\"\n";
    let view = app.new_game(json!({ "variant_text": text, "variant_file": "mine.toml" })).await;
    assert_eq!(view["variant"]["file"], "mine.toml", "{view}");
    let game = id(&view);
    let view = app.play(&game, "F7-F8").await;
    let (status, file) = app.get(&format!("/api/games/{game}/variant")).await;
    assert_eq!((status, &file), (StatusCode::OK, &json!({ "variant_file": "mine.toml", "variant_text": text })));
    // The page's record, with the file: the game again.
    let mut body = file.clone();
    body["record"] = json!(page_record(&view));
    let again = app.new_game(body).await;
    assert_eq!(app.record_of(&id(&again)).await, app.record_of(&game).await);
    // Without it: the file to upload, by its name.
    let error =
        refused(&app, "/api/games", json!({ "record": page_record(&view) }), StatusCode::UNPROCESSABLE_ENTITY).await;
    assert!(error.contains("mine.toml") && error.contains("upload that file"), "{error}");
    // A game loaded from the games folder: the file beside its record.
    let (status, saved) = app.post(&format!("/api/games/{game}/save"), json!({ "name": "mine-game" })).await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    let loaded = app.new_game(json!({ "saved": "mine-game.pgn" })).await;
    let (_, beside) = app.get(&format!("/api/games/{}/variant", id(&loaded))).await;
    assert_eq!(beside["variant_text"], text, "{beside}");
    assert_eq!(loaded["variant"]["file"], beside["variant_file"], "{loaded}");
    // A built-in variant's game: none.
    let builtin = app.new_game(json!({})).await;
    assert_eq!(builtin["variant"]["file"], Value::Null);
    let (status, none) = app.get(&format!("/api/games/{}/variant", id(&builtin))).await;
    assert_eq!((status, none), (StatusCode::OK, json!({ "variant_file": null, "variant_text": null })));
}

/// A `variant_file` whose last part is `..` is refused for that, not as
/// empty; a variant file without a name of its own is titled as based on
/// the variant it extends, not as that variant (F7).
#[tokio::test]
async fn an_uploaded_variant_file_is_never_taken_for_the_built_in() {
    let app = app();
    for (name, why) in [
        ("a/b/..", "its last part, `..`, names a folder, not a file"),
        (".", "its last part, `.`, names a folder"),
        ("a/", "its last part is empty"),
    ] {
        let body = json!({ "variant_text": "extends = \"camelot\"\n", "variant_file": name });
        let error = refused(&app, "/api/games", body, StatusCode::BAD_REQUEST).await;
        assert!(error.contains(why), "{name:?}: {error}");
    }
    let (_, variants) = app.get("/api/variants").await;
    let builtin = variants.as_array().unwrap().iter().find(|v| v["name"] == "camelot").unwrap()["title"].clone();
    let builtin = builtin.as_str().unwrap();
    let based = format!("camelot, based on {builtin}");
    let (status, about) = app.post("/api/variants", json!({ "variant_text": "extends = \"camelot\"\n" })).await;
    assert_eq!(
        (status, about["name"].as_str(), about["title"].as_str()),
        (StatusCode::OK, Some("camelot"), Some(based.as_str()))
    );
    let view = app.new_game(json!({ "variant_text": "extends = \"camelot\"\n" })).await;
    assert_eq!(view["variant"]["title"], based.as_str());
    // As one named after the built-in is.
    let view = app.new_game(json!({ "variant_text": "extends = \"camelot\"\nname = \"camelot\"\n" })).await;
    assert_eq!(view["variant"]["title"], based.as_str());
}

/// The keys of the JSON object written in `docs/web-api.md` after `intro`
/// (up to the first `}` that closes it).
fn documented_keys(intro: &str) -> std::collections::BTreeSet<String> {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/web-api.md")).unwrap();
    let at = doc.find(intro).unwrap_or_else(|| panic!("docs/web-api.md has no {intro}"));
    let text = &doc[at + intro.len()..];
    let text = &text[..text.find('}').expect("the object closes")];
    text.split('"')
        .collect::<Vec<_>>()
        .windows(2)
        .filter(|w| w[1].trim_start().starts_with(':'))
        .map(|w| w[0].to_string())
        .collect()
}

/// An `analysis` event has the fields the API's documentation gives it,
/// `for` (whose point of view its score is from) included (F13).
#[tokio::test]
async fn an_analysis_event_has_the_documented_fields() {
    let app = app();
    let game = id(&app.new_game(json!({})).await);
    app.play(&game, "F7-F8").await;
    let mut body = app.events(&game).await;
    body.frame().await.unwrap().unwrap();
    app.post(&format!("/api/games/{game}/analysis"), json!({})).await;
    let frame = body.frame().await.unwrap().unwrap().into_data().unwrap();
    let text = String::from_utf8_lossy(&frame).to_string();
    let data: Value = serde_json::from_str(text.lines().nth(1).unwrap().trim_start_matches("data: ")).unwrap();
    app.post(&format!("/api/games/{game}/analysis"), json!({ "stop": true })).await;
    let keys: std::collections::BTreeSet<String> = data.as_object().unwrap().keys().cloned().collect();
    assert_eq!(keys, documented_keys("- `analysis`: `"), "{data}");
    assert_eq!(data["for"], "Black", "the player to move: {data}");
}

/// A game's number is never one an earlier run of the server gave, even
/// when that run started games faster than one a millisecond and the
/// server is started again at once (F16).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restarted_server_gives_no_number_twice() {
    let games = tempfile::tempdir().unwrap();
    let run = || {
        let router = leap_web::router(leap_web::Config::new(games.path()));
        std::sync::Arc::new(App { router, _games: tempfile::tempdir().unwrap() })
    };
    let first = run();
    let started = Instant::now();
    // (Four clients at once, as fast as the server starts games.)
    let clients: Vec<_> = (0..4)
        .map(|_| {
            let app = first.clone();
            tokio::spawn(async move {
                let mut given = Vec::new();
                for _ in 0..1000 {
                    given.push(id(&app.new_game(json!({ "variant": "checkers" })).await).parse::<u64>().unwrap());
                }
                given
            })
        })
        .collect();
    let mut given = Vec::new();
    for client in clients {
        let mine = client.await.unwrap();
        assert!(mine.windows(2).all(|w| w[0] < w[1]), "each number after the one before");
        given.extend(mine);
    }
    let took = started.elapsed();
    given.sort_unstable();
    given.dedup();
    assert_eq!(given.len(), 4000, "no number given twice");
    let again = run();
    let next: u64 = id(&again.new_game(json!({})).await).parse().unwrap();
    let last = given.last().unwrap();
    assert!(next > *last, "{next} after {last} (4000 games in {took:?})");
}

/// The names of the games folder's files, sorted.
fn folder_names(folder: &std::path::Path) -> Vec<String> {
    let mut names: Vec<String> =
        std::fs::read_dir(folder).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
    names.sort();
    names
}

/// A record another program put in the games folder is listed and loads
/// whatever characters its name has (a browser's second download `game
/// (1).pgn`, an apostrophe, a colon), and is saved over under that name;
/// only a name that could be another file than the folder's own, or that
/// is not shown as it is, is refused, saying which character (F8).
#[tokio::test]
async fn a_record_of_the_games_folder_loads_whatever_its_name() {
    let app = app();
    let folder = app._games.path();
    let names = ["game (1).pgn", "Bob's game.pgn", "2024-01-01 12:00.pgn", "a+b=c, #1 [draw?].PDN"];
    for name in names {
        std::fs::write(folder.join(name), "[Result \"*\"]\n\n1.F7-F8 *\n").unwrap();
    }
    // (Not shown as they are, or hidden: refused.)
    std::fs::write(folder.join(".hidden.pgn"), "1.F7-F8 *\n").unwrap();
    std::fs::write(folder.join("tab\there.pgn"), "1.F7-F8 *\n").unwrap();
    std::fs::write(folder.join("game\u{202e}nfg.pgn"), "1.F7-F8 *\n").unwrap();
    let (_, list) = app.get("/api/saved").await;
    let mut expected = names.map(String::from).to_vec();
    expected.sort();
    assert_eq!(list, json!(expected));
    for name in names {
        let (status, about) = app.get(&format!("/api/saved/{}", urlencode(name))).await;
        assert_eq!((status, &about["file"]), (StatusCode::OK, &json!(name)), "{name}: {about}");
        let view = app.new_game(json!({ "saved": name })).await;
        assert_eq!(texts(&view), ["F7-F8"], "{name}");
    }
    // Loaded, played on and saved under the name it was loaded by: that
    // very file, though a new save takes plain names only.
    let game = id(&app.new_game(json!({ "saved": "game (1).pgn" })).await);
    app.play(&game, "F10-F9").await;
    let (status, answer) = app.post(&format!("/api/games/{game}/save"), json!({ "name": "game (1)" })).await;
    assert_eq!((status, &answer["file"]), (StatusCode::OK, &json!("game (1).pgn")), "{answer}");
    let text = std::fs::read_to_string(folder.join("game (1).pgn")).unwrap();
    assert!(text.contains("1.F7-F8 F10-F9"), "{text}");
    // (Its extension, in whatever case, is the one it has.)
    let game = id(&app.new_game(json!({ "saved": "a+b=c, #1 [draw?].PDN" })).await);
    app.play(&game, "F10-F9").await;
    let (status, answer) = app.post(&format!("/api/games/{game}/save"), json!({ "name": "a+b=c, #1 [draw?]" })).await;
    assert_eq!((status, &answer["file"]), (StatusCode::OK, &json!("a+b=c, #1 [draw?].PDN")), "{answer}");
    let other = id(&app.new_game(json!({})).await);
    let error =
        refused(&app, &format!("/api/games/{other}/save"), json!({ "name": "game (2)" }), StatusCode::BAD_REQUEST)
            .await;
    assert!(error.contains("it has `(`"), "{error}");
    // What is refused says which character, or what, keeps it out.
    for (name, why) in [
        (".hidden.pgn", "starts with a dot"),
        ("../x.pgn", "it has `/`"),
        ("a\\b.pgn", "it has `\\`"),
        ("tab\there.pgn", "the control character U+0009"),
        ("game\u{202e}nfg.pgn", "the character U+202E, which turns the text around"),
    ] {
        let error = refused(&app, "/api/games", json!({ "saved": name }), StatusCode::BAD_REQUEST).await;
        assert!(error.contains("is not a file name of the games folder") && error.contains(why), "{name:?}: {error}");
    }
    let (status, answer) = app.get("/api/saved/.hidden.pgn").await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    assert!(answer["error"].as_str().unwrap().contains("starts with a dot"), "{answer}");
}

/// A record another program named with its accents apart from their
/// letters (`e` + U+0301, as macOS writes names), loaded and saved under
/// the name it was loaded by (or that name composed, as a person types
/// it), is replaced: no second file whose name looks the same is written.
/// Another game's save under that name is a clash (F10).
#[tokio::test]
async fn a_record_named_with_its_accents_apart_is_saved_over_not_doubled() {
    let app = app();
    let folder = app._games.path();
    let apart = "cafe\u{301}.pgn";
    std::fs::write(folder.join(apart), "1.F7-F8 *\n").unwrap();
    let game = id(&app.new_game(json!({ "saved": apart })).await);
    app.play(&game, "F10-F9").await;
    let (status, answer) = app.post(&format!("/api/games/{game}/save"), json!({ "name": apart })).await;
    assert_eq!((status, &answer["file"]), (StatusCode::OK, &json!(apart)), "{answer}");
    assert_eq!(folder_names(folder), [apart]);
    assert!(std::fs::read_to_string(folder.join(apart)).unwrap().contains("1.F7-F8 F10-F9"));
    // Typed with its accent on its letter: the same file still.
    app.play(&game, "F8xF10xF12").await;
    let (status, answer) = app.post(&format!("/api/games/{game}/save"), json!({ "name": "café" })).await;
    assert_eq!((status, &answer["file"]), (StatusCode::OK, &json!(apart)), "{answer}");
    assert_eq!(folder_names(folder), [apart]);
    assert!(std::fs::read_to_string(folder.join(apart)).unwrap().contains("2.F8xF10xF12"));
    assert_eq!(app.get("/api/saved").await.1, json!([apart]));
    // Another game: the name is taken, however it is written.
    let other = id(&app.new_game(json!({})).await);
    for name in ["café", apart] {
        let error =
            refused(&app, &format!("/api/games/{other}/save"), json!({ "name": name }), StatusCode::CONFLICT).await;
        assert!(error.contains(&format!("a file {apart} is already in the games folder")), "{error}");
    }
    assert_eq!(folder_names(folder), [apart]);
}

/// A folder in the way of a save is a clash (409), never the disk's
/// failure (500), and is called a folder: where the game's own record was
/// as under a new name (F12).
#[tokio::test]
async fn a_folder_in_the_way_of_a_save_is_called_a_folder() {
    let app = app();
    let folder = app._games.path();
    let game = id(&app.new_game(json!({})).await);
    let save = format!("/api/games/{game}/save");
    assert_eq!(app.post(&save, json!({ "name": "becomesdir" })).await.0, StatusCode::OK);
    std::fs::remove_file(folder.join("becomesdir.pgn")).unwrap();
    std::fs::create_dir(folder.join("becomesdir.pgn")).unwrap();
    let error = refused(&app, &save, json!({ "name": "becomesdir" }), StatusCode::CONFLICT).await;
    assert!(error.contains("a folder") && error.contains("save under another name"), "{error}");
    std::fs::create_dir(folder.join("dir.pgn")).unwrap();
    let error = refused(&app, &save, json!({ "name": "dir" }), StatusCode::CONFLICT).await;
    assert_eq!(error, "a folder dir.pgn is already in the games folder: choose another name");
}
