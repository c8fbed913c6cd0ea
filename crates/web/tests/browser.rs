//! The web app in a real browser: headless Chromium driven over WebDriver
//! (chromedriver, through fantoccini), the page used only through the hooks
//! of `docs/web-api.md` ("The page's hooks"), and the API only to set
//! positions up. Every test is ignored by a plain `cargo test` (it needs
//! Chromium and chromedriver): `cargo xtask test` installs them and runs
//! these with `cargo test -p leap-web --test browser -- --ignored --test-threads=1`.
//!
//! Screenshots of every built-in variant's start and of a move being
//! entered go to `target/browser-artifacts/`, and a failing test leaves a
//! picture of the page there (`failed-NAME.png`).

#[path = "browser/harness.rs"]
mod harness;

use fantoccini::key::Key;
use harness::{run, strings, Page, WAIT};
use serde_json::{json, Value};
use std::collections::BTreeSet;
use std::time::Duration;

fn hint(cell: &str, kind: &str) -> (String, String) {
    (cell.to_string(), kind.to_string())
}

/// The game's view, through the API.
async fn view(page: &Page, game: &str) -> Value {
    let (code, v) = page.api("GET", &format!("/api/games/{game}"), None).await;
    assert_eq!(code, 200, "GET /api/games/{game}: {v}");
    v
}

/// How long a resignation's buttons wait before they take a click (the
/// page's guard against a double click), and a little more.
const CONFIRM_GUARD: Duration = Duration::from_millis(500);

/// Resigns as a person does: *Resign*, then, once it takes a click, its
/// confirmation.
async fn resign(page: &Page) {
    page.click("#resign").await;
    page.wait_js("the confirmation of the resignation", "!document.querySelector('#resign-confirm').hidden").await;
    tokio::time::sleep(CONFIRM_GUARD).await;
    page.click("#resign-confirm").await;
}

// (a) A short game of Camelot, every move entered by clicks.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium: run by cargo xtask test"]
async fn camelot_game_by_clicks() {
    run("camelot_game_by_clicks", |page| async move {
        let game = page.open_variant("camelot").await;
        page.wait_status("White to move (move 1)").await;
        // Every cell of the layout is drawn, and every piece of the start.
        let v = view(&page, &game).await;
        let cells = v["layout"]["cells"].as_array().expect("cells").len();
        let drawn = page.js("return document.querySelectorAll('[data-cell]').length;").await;
        assert_eq!(drawn, json!(cells), "one [data-cell] per cell of the layout");
        let pieces = page.pieces().await;
        assert_eq!(pieces.len(), 28, "the start position's pieces: {pieces:?}");
        assert_eq!(page.piece_on("C6").await.as_deref(), Some("White Knight"));
        assert_eq!(page.piece_on("E10").await.as_deref(), Some("Black Man"));

        page.play(&game, "H7", &["H8"], "H7-H8").await;
        page.wait_status("Black to move (move 1)").await;
        page.play(&game, "D11", &["C12"], "D11-C12").await;
        page.wait_status("White to move (move 2)").await;
        // A canter that could go on (to I8): ended with the Finish button.
        page.play(&game, "G6", &["G8"], "G6-G8").await;
        page.wait_status("Black to move (move 2)").await;
        page.play(&game, "I11", &["J12"], "I11-J12").await;
        page.play(&game, "J6", &["K7"], "J6-K7").await;
        page.play(&game, "E11", &["D12"], "E11-D12").await;
        page.wait_moves(&["H7-H8", "D11-C12", "G6-G8", "I11-J12", "J6-K7", "E11-D12"]).await;
        page.wait_status("White to move (move 4)").await;
        assert_eq!(page.piece_on("K7").await.as_deref(), Some("White Knight"));
        assert_eq!(page.piece_on("G8").await.as_deref(), Some("White Man"));
        assert_eq!(page.piece_on("G6").await, None);
        assert!(page.exists(".last-move").await, "the last move's path is marked (.last-move)");
        // The page and the server agree.
        let v = view(&page, &game).await;
        let texts: Vec<String> =
            v["moves"].as_array().unwrap().iter().map(|m| m["text"].as_str().unwrap().into()).collect();
        assert_eq!(texts, page.moves().await);
    })
    .await;
}

// (b) A Knight's Charge entered leg by leg: two canters, then two jumps.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium: run by cargo xtask test"]
async fn knights_charge_leg_by_leg() {
    run("knights_charge_leg_by_leg", |page| async move {
        let position = "W:WKC6,D7,F8,I5,J5:BH9,J11,KB12,C12,D12 castle-moves=0,0";
        let game = page.open_position("camelot", Some(position), "").await;
        page.wait_status("White to move").await;
        page.click("[data-piece][data-on=\"C6\"]").await;
        let (first, _) = page.api_hints(&game, "C6", &[]).await;
        assert!(first.contains(&hint("E8", "dot")), "the canter to E8 is offered: {first:?}");
        page.wait_hints(&first).await;
        assert_eq!(page.disabled("#finish").await, Some(true), "#finish before any landing");

        page.click("[data-target=\"E8\"]").await;
        page.wait_hints(&BTreeSet::from([hint("G8", "dot")])).await;
        // C6-E8 is a whole move: it may end here.
        assert_eq!(page.disabled("#finish").await, Some(false), "#finish after the canter to E8");
        assert!(page.exists(".partial").await, "the partial path is drawn (.partial)");

        page.click("[data-target=\"G8\"]").await;
        page.wait_hints(&BTreeSet::from([hint("I10", "ring")])).await;
        // A canter landing where the Knight can jump: it must capture.
        assert_eq!(page.disabled("#finish").await, Some(true), "#finish after the canter to G8");

        page.click("[data-target=\"I10\"]").await;
        page.wait_hints(&BTreeSet::from([hint("K12", "ring")])).await;
        assert_eq!(page.disabled("#finish").await, Some(true), "#finish after the first jump");

        page.click("[data-target=\"K12\"]").await;
        page.wait_moves(&["C6-E8-G8xI10xK12"]).await;
        page.wait_status("Black to move").await;
        assert_eq!(page.piece_on("K12").await.as_deref(), Some("White Knight"));
        assert_eq!(page.piece_on("H9").await, None, "H9 was captured");
        assert_eq!(page.piece_on("J11").await, None, "J11 was captured");
        assert_eq!(page.piece_on("C6").await, None);
        assert!(page.hints().await.is_empty(), "no hints once the move is played");
    })
    .await;
}

// (c) A jump that must continue: it cannot be ended half-way.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium: run by cargo xtask test"]
async fn jump_must_continue() {
    run("jump_must_continue", |page| async move {
        let game = page.open_position("camelot", None, "1.F7-F8 F10-F9").await;
        page.wait_status("White to move (move 2)").await;
        page.click("[data-piece][data-on=\"F8\"]").await;
        page.wait_hints(&BTreeSet::from([hint("F10", "ring")])).await;
        page.click("[data-target=\"F10\"]").await;
        let (after, answer) = page.api_hints(&game, "F8", &["F10"]).await;
        assert!(answer["complete"].is_null(), "F8xF10 is not a whole move: {answer}");
        assert!(after.contains(&hint("F12", "ring")), "{after:?}");
        page.wait_hints(&after).await;
        assert_eq!(page.disabled("#finish").await, Some(true), "#finish in the middle of a jump that must go on");

        // Why: the server's words for ending the move here.
        let (code, refused) =
            page.api("POST", &format!("/api/games/{game}/move"), Some(json!({"from": "F8", "path": ["F10"]}))).await;
        assert_eq!(code, 422, "{refused}");
        let why = refused["error"].as_str().expect("an error").to_string();
        assert!(why.contains("must continue"), "{why}");

        // A click elsewhere (an empty cell that is no landing) is refused with it.
        page.click("[data-cell=\"A8\"]").await;
        let shown = page.wait_message("must continue").await;
        assert_eq!(shown, why, "#message");
        // The move is still being entered.
        page.wait_hints(&after).await;
        // A click on the moving piece (an attempt to end the move) too.
        page.click("[data-piece][data-on=\"F10\"]").await;
        page.wait_message("must continue").await;
        page.wait_hints(&after).await;
        assert_eq!(page.moves().await, ["F7-F8", "F10-F9"], "nothing was played");

        page.click("[data-target=\"F12\"]").await;
        page.wait_moves(&["F7-F8", "F10-F9", "F8xF10xF12"]).await;
        page.wait_status("Black to move (move 2)").await;
        assert_eq!(page.piece_on("F12").await.as_deref(), Some("White Man"));
        assert_eq!(page.piece_on("F9").await, None);
        assert_eq!(page.piece_on("F11").await, None);
    })
    .await;
}

// (d) A move refused with its reason: the capture obligation.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium: run by cargo xtask test"]
async fn refused_move_says_why() {
    run("refused_move_says_why", |page| async move {
        let game = page.open_position("camelot", None, "1.F7-F8 F10-F9").await;
        let (_, answer) = page.api_hints(&game, "E6", &[]).await;
        let refusal = answer["refusal"].as_str().expect("E6 is refused").to_string();
        assert_eq!(refusal, "a capture is obligatory: F8 can capture");
        // The status names the obligation before any click.
        page.wait_status("a capture is obligatory: F8 can capture").await;
        page.click("[data-piece][data-on=\"E6\"]").await;
        let shown = page.wait_message("capture is obligatory").await;
        assert_eq!(shown, refusal, "#message");
        assert!(page.hints().await.is_empty(), "no hints for a refused piece");
        assert_eq!(page.moves().await, ["F7-F8", "F10-F9"]);
    })
    .await;
}

// (e) Tri-Camelot: three seats, and a player who loses his last piece is out.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium: run by cargo xtask test"]
async fn tri_camelot_player_out() {
    run("tri_camelot_player_out", |page| async move {
        let game = page.open_position("tri-camelot", Some("B:BKF3,D5,F5:RG6:GKI14,I12,J13"), "").await;
        let v = view(&page, &game).await;
        assert_eq!(v["seats"], json!(["human", "human", "human"]));
        assert_eq!(v["layout"]["geometry"], json!("hex"));
        page.wait_status("Blue to move").await;
        assert_eq!(page.piece_on("G6").await.as_deref(), Some("Red Man"));
        // Blue takes Red's only piece.
        page.play(&game, "F5", &["H7"], "F5xH7").await;
        let status = page.wait_status("Red is out").await;
        assert!(status.starts_with("Green to move"), "Red is skipped: {status:?}");
        let red = page.pieces().await.into_iter().filter(|(_, p)| p.starts_with("Red")).count();
        assert_eq!(red, 0, "no Red piece is drawn");
        // Red's row says so; the others' do not.
        let rows = page
            .js("return [0, 1, 2].map((i) => document.querySelector('#player-' + i + ' .pseat').textContent);")
            .await;
        let red_row = v["layout"]["players"].as_array().unwrap().iter().position(|p| p["name"] == "Red").unwrap();
        for (i, seat) in strings(&rows).iter().enumerate() {
            assert_eq!(seat == "out", i == red_row, "{rows}");
        }
        // Green moves; then Blue again, Red skipped.
        page.play(&game, "J13", &["J11"], "J13-J11").await;
        let status = page.wait_status("Blue to move").await;
        assert!(status.contains("Red is out"), "{status:?}");
        page.play(&game, "D5", &["D7"], "D5-D7").await;
        let status = page.wait_status("Green to move").await;
        assert!(status.contains("Red is out"), "{status:?}");
        page.wait_moves(&["F5xH7", "J13-J11", "D5-D7"]).await;
    })
    .await;
}

// (e') The only person of a Tri-Camelot game is out: the computers play
// on, and the page offers neither a resignation nor a draw for the person.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium: run by cargo xtask test"]
async fn a_person_who_is_out_cannot_resign_for_the_others() {
    run("a_person_who_is_out_cannot_resign_for_the_others", |page| async move {
        let game = page.open_position("tri-camelot", Some("B:BKF3,D5,F5:RG6:GKI14,I12,J13"), "").await;
        page.play(&game, "F5", &["H7"], "F5xH7").await;
        page.wait_status("Red is out").await;
        // Red is the person; the computers (thinking long) play Blue and Green.
        let seats = json!({ "seats": ["engine", "human", "engine"], "engine_ms": 3000 });
        let (code, answer) = page.api("POST", &format!("/api/games/{game}/seats"), Some(seats)).await;
        assert_eq!(code, 200, "{answer}");
        page.wait_status("(computer) is thinking").await;
        assert_eq!(page.disabled("#resign").await, Some(true), "Red, out, would end the others' game");
        assert_eq!(page.disabled("#draw").await, Some(true));
    })
    .await;
}

// A result of three players names each one's points, which a row of
// scores (`0-1/2-1/2`) does not.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium: run by cargo xtask test"]
async fn a_three_player_result_names_each_players_points() {
    run("a_three_player_result_names_each_players_points", |page| async move {
        page.open_variant("tri-camelot").await;
        resign(&page).await;
        let banner = page
            .wait_for("the banner", async || {
                let text = page
                    .js("const b = document.querySelector('#banner'); return b && !b.hidden ? b.innerText : null;")
                    .await;
                text.as_str().map(str::to_string).ok_or_else(|| "hidden".to_string())
            })
            .await;
        assert_eq!(banner.replace('\n', ""), "Blue 0, Red ½, Green ½ ·\u{a0}Blue resigned");
        page.screenshot("tri-camelot-resigned").await;
    })
    .await;
}

// (f) American checkers on its numbered squares, with a capture.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium: run by cargo xtask test"]
async fn checkers_game_with_capture() {
    run("checkers_game_with_capture", |page| async move {
        let game = page.open_variant("checkers").await;
        page.wait_status("Black to move (move 1)").await;
        let cells =
            strings(&page.js("return [...document.querySelectorAll('[data-cell]')].map((e) => e.dataset.cell);").await);
        let mut numbers: Vec<u32> = cells.iter().map(|c| c.parse().expect("a numbered square")).collect();
        numbers.sort();
        assert_eq!(numbers, (1..=32).collect::<Vec<_>>(), "the 32 playing squares");
        assert_eq!(page.pieces().await.len(), 24);
        assert_eq!(page.piece_on("11").await.as_deref(), Some("Black Man"));

        page.play(&game, "11", &["15"], "11-15").await;
        page.wait_status("White to move (move 1)").await;
        page.play(&game, "22", &["18"], "22-18").await;
        page.wait_status("capture is obligatory").await;
        page.click("[data-piece][data-on=\"15\"]").await;
        page.wait_hints(&BTreeSet::from([hint("22", "ring")])).await;
        page.click("[data-target=\"22\"]").await;
        page.wait_moves(&["11-15", "22-18", "15x22"]).await;
        assert_eq!(page.piece_on("18").await, None, "18 was captured");
        page.play(&game, "25", &["18"], "25x18").await;
        page.wait_status("Black to move (move 3)").await;
        assert_eq!(page.pieces().await.len(), 22);
        assert_eq!(page.piece_on("18").await.as_deref(), Some("White Man"));
    })
    .await;
}

// (g) Save in the games folder, load it from the new-game dialog, go on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium: run by cargo xtask test"]
async fn save_load_and_continue() {
    run("save_load_and_continue", |page| async move {
        let game = page.open_variant("camelot").await;
        page.play(&game, "H7", &["H8"], "H7-H8").await;
        page.play(&game, "D11", &["C12"], "D11-C12").await;
        page.type_into("#save-name", "browser-save").await;
        page.click("#save").await;
        page.wait_message("browser-save.pgn").await;
        let file = page.games.join("browser-save.pgn");
        let text = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        assert!(text.contains("1.H7-H8 D11-C12"), "the saved record: {text}");

        page.click("#new-game").await;
        page.wait_js("the new-game dialog", "document.querySelector('#new-game-dialog').open").await;
        page.choose("#ng-saved", "browser-save.pgn").await;
        let checked = page.js("return document.querySelector('#ng-continue').checked;").await;
        if checked != json!(true) {
            page.click("#ng-continue").await;
        }
        page.wait_js("#ng-continue checked", "document.querySelector('#ng-continue').checked").await;
        page.click("#ng-start").await;
        let loaded = page.wait_game_other_than(Some(&game)).await;
        page.wait_js("the dialog to close", "!document.querySelector('#new-game-dialog').open").await;
        page.wait_moves(&["H7-H8", "D11-C12"]).await;
        page.wait_status("White to move (move 2)").await;
        assert_eq!(page.piece_on("H8").await.as_deref(), Some("White Man"), "the last position is shown");
        page.play(&loaded, "J6", &["K7"], "J6-K7").await;
        page.wait_moves(&["H7-H8", "D11-C12", "J6-K7"]).await;
        page.wait_status("Black to move (move 2)").await;
    })
    .await;
}

// (h) A clock of six seconds runs out.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium: run by cargo xtask test"]
async fn clock_runs_out() {
    run("clock_runs_out", |page| async move {
        let first = page.open_variant("camelot").await;
        page.click("#new-game").await;
        page.wait_js("the new-game dialog", "document.querySelector('#new-game-dialog').open").await;
        page.choose("#ng-variant", "camelot").await;
        page.choose("#ng-clock", "increment").await;
        // (The shortest clock the dialog takes: 0.1 minute.)
        page.type_into("#ng-base-min", "0.1").await;
        page.type_into("#ng-increment-s", "0").await;
        page.click("#ng-start").await;
        let game = page.wait_game_other_than(Some(&first)).await;
        let v = view(&page, &game).await;
        let ms = v["clocks"][0]["ms"].as_u64().unwrap_or_else(|| panic!("a clock: {}", v["clocks"]));
        assert!((1..=6000).contains(&ms), "White's clock starts at 6 s at most: {ms} ms");
        page.wait_js("#clock-0 shown", "!document.querySelector('#clock-0').hidden").await;
        assert!(page.exists("#banner[hidden]").await, "no banner while the game is on");
        // No clock runs before the first move; after White's, Black's runs
        // out in about 6 s.
        page.click("[data-piece][data-on=\"F7\"]").await;
        page.click("[data-target=\"F8\"]").await;
        page.wait_moves(&["F7-F8"]).await;
        let banner = page
            .wait_within("#banner to show that Black lost on time", WAIT + Duration::from_secs(5), async || {
                let shown = page
                    .js("const b = document.querySelector('#banner'); return b && !b.hidden ? b.innerText : null;")
                    .await;
                match shown.as_str() {
                    Some(t) if t.contains("Black lost on time") => Ok(t.to_string()),
                    _ => Err(shown.to_string()),
                }
            })
            .await;
        assert!(banner.contains("1-0"), "the result token: {banner:?}");
        page.wait_status("Game over").await;
        assert_eq!(page.moves().await, ["F7-F8"]);
    })
    .await;
}

// (i) A game against the computer at a level below full strength: it
// answers a move, and its seat says its level.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium: run by cargo xtask test"]
async fn computer_answers() {
    run("computer_answers", |page| async move {
        let first = page.open_variant("camelot").await;
        page.click("#new-game").await;
        page.wait_js("the new-game dialog", "document.querySelector('#new-game-dialog').open").await;
        page.choose("#ng-variant", "camelot").await;
        page.choose("#ng-seat-0", "human").await;
        page.choose("#ng-seat-1", "engine").await;
        page.type_into("#ng-engine-ms", "100").await;
        page.choose("#ng-engine-level", "3").await;
        page.screenshot("new-game-dialog").await;
        page.click("#ng-start").await;
        let game = page.wait_game_other_than(Some(&first)).await;
        let v = view(&page, &game).await;
        assert_eq!(v["seats"], json!(["human", "engine"]));
        assert_eq!(v["engine_ms"], json!(100));
        assert_eq!(v["engine_level"], json!(3));
        page.wait_for("Black's seat to name the computer's level", async || {
            let seats = (page.text("#player-0 .pseat").await, page.text("#player-1 .pseat").await);
            if seats == (String::new(), "computer, level 3".to_string()) {
                Ok(())
            } else {
                Err(format!("{seats:?}"))
            }
        })
        .await;
        page.wait_status("White to move (move 1)").await;
        page.play(&game, "H7", &["H8"], "H7-H8").await;
        page.wait_for("the computer's answer in the move list", async || {
            let m = page.moves().await;
            if m.len() == 2 {
                Ok(())
            } else {
                Err(format!("{m:?}"))
            }
        })
        .await;
        page.wait_status("White to move (move 2)").await;
        page.screenshot("computer-level-3").await;
        // The page and the server agree on the computer's move.
        let v = view(&page, &game).await;
        assert_eq!(json!(page.moves().await), json!([v["moves"][0]["text"], v["moves"][1]["text"]]));
    })
    .await;
}

// (k) An analysis of three lines: the best move's, then two others', each
// with its score and moves; one line again when asked.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium: run by cargo xtask test"]
async fn analysis_shows_the_best_lines() {
    run("analysis_shows_the_best_lines", |page| async move {
        page.open_variant("checkers").await;
        page.wait_status("Black to move (move 1)").await;
        page.choose("#analysis-lines", "3").await;
        page.click("#analyse").await;
        let lines = page
            .wait_js(
                "two more lines under the best",
                "(() => { const l = [...document.querySelectorAll('#analysis .a-line')]; \
                 return l.length === 2 && document.querySelector('#analysis .a-pv').innerText.trim() !== '' \
                 && l.map((e) => [e.dataset.line, e.querySelector('.a-line-score').innerText, \
                 e.querySelector('.a-line-pv').innerText.split(' ')[0]]); })()",
            )
            .await;
        let best = page.text("#analysis .a-pv").await;
        let best = best.split_whitespace().next().unwrap_or_default().to_string();
        let lines = lines.as_array().expect("the lines").clone();
        assert_eq!(lines.iter().map(|l| l[0].clone()).collect::<Vec<_>>(), [json!("2"), json!("3")], "{lines:?}");
        let firsts: BTreeSet<String> =
            lines.iter().map(|l| l[2].as_str().unwrap().to_string()).chain([best.clone()]).collect();
        assert_eq!(firsts.len(), 3, "three different moves: {best} and {lines:?}");
        assert!(lines.iter().all(|l| !l[1].as_str().unwrap().is_empty()), "{lines:?}");
        // The score says whose it is: the side to move's.
        assert_eq!(page.text("#analysis .a-for").await, "for Black");
        page.screenshot("analysis-three-lines").await;
        // One line: the others go.
        page.choose("#analysis-lines", "1").await;
        page.wait_js("the best line alone", "document.querySelectorAll('#analysis .a-line').length === 0").await;
        page.stop_analysis().await;
    })
    .await;
}

// (k2) A review of a game: the blunder marked in the move list, what was
// better when the move is shown, and a summary per player.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium: run by cargo xtask test"]
async fn a_review_marks_the_blunder_and_sums_up() {
    run("a_review_marks_the_blunder_and_sums_up", |page| async move {
        // 1.F7-F8 puts the Man next to Black's F9 with F7 empty behind it.
        let position = "W:WF7,C6:BF9,L11 castle-moves=0,0";
        let game = page.open_position("camelot", Some(position), "1.F7-F8 F9xF7 2.C6-C7").await;
        page.wait_moves(&["F7-F8", "F9xF7", "C6-C7"]).await;
        assert_eq!(page.text("#review").await, "Review game");
        page.choose("#review-ms", "200").await;
        page.click("#review").await;
        page.wait_js("a summary per player", "document.querySelectorAll('#review-report .r-summary').length === 2")
            .await;
        assert_eq!(page.text("#review").await, "Review game", "the button is free again once done");
        let summary = page.text("#review-report .r-summary[data-player=\"0\"]").await;
        assert!(summary.starts_with("White: 0 inaccuracies, 0 mistakes, 1 blunder; average loss "), "{summary}");
        // The blunder's glyph in the move list, on F7-F8 only.
        let glyphs = page
            .js("return [...document.querySelectorAll('#moves .move .glyph')].map((g) => \
                 [g.closest('.move').dataset.move, g.innerText, g.classList.contains('blunder')]);")
            .await;
        assert_eq!(glyphs, json!([["F7-F8", "??", true]]));
        // Shown, the move says what was better.
        page.click("[data-move=\"F7-F8\"]").await;
        let verdict = page
            .wait_js(
                "the blunder's verdict",
                "(() => { const v = document.querySelector('#review-report .r-move.blunder .r-verdict'); \
                 return v && v.innerText; })()",
            )
            .await;
        let verdict = verdict.as_str().unwrap_or_default().to_string();
        assert!(verdict.starts_with("Blunder: ") && verdict.contains(" was best ("), "{verdict}");
        assert!(!verdict.contains("F7-F8 was best"), "{verdict}");
        page.screenshot("review-blunder").await;
        // Black's forced capture: the engine's choice.
        page.click("[data-move=\"F9xF7\"]").await;
        page.wait_js(
            "the capture's review",
            "(() => { const v = document.querySelector('#review-report .r-move .r-verdict'); \
             return v && v.innerText === \"the engine's choice\"; })()",
        )
        .await;
        // The page opened again shows the review the server kept.
        page.goto(&format!("/?game={game}")).await;
        page.wait_moves(&["F7-F8", "F9xF7", "C6-C7"]).await;
        page.wait_js(
            "the review after a reload",
            "document.querySelectorAll('#review-report .r-summary').length === 2 \
             && document.querySelector('[data-move=\"F7-F8\"] .glyph.blunder') !== null",
        )
        .await;
    })
    .await;
}

// A record's notes (glyphs, comments, variations) are shown with its moves.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium: run by cargo xtask test"]
async fn a_records_notes_are_shown_with_its_moves() {
    run("a_records_notes_are_shown_with_its_moves", |page| async move {
        page.open_position(
            "camelot",
            None,
            "{annotated by Ann} 1.E6-E8 {a quiet start} H11-F9!? (1...H11-H9 2.F6-F8) 2.H6-F8",
        )
        .await;
        page.wait_moves(&["E6-E8", "H11-F9", "H6-F8"]).await;
        let glyphs = page
            .js("return [...document.querySelectorAll('#moves .move .glyph')].map((g) => \
                 [g.closest('.move').dataset.move, g.innerText, g.classList.contains('noted')]);")
            .await;
        assert_eq!(glyphs, json!([["H11-F9", "!?", true]]));
        // The last move says nothing; the one before has its glyph and line.
        assert_eq!(page.js("return document.querySelector('#move-notes').childElementCount;").await, json!(0));
        page.click("[data-move=\"H11-F9\"]").await;
        page.wait_js(
            "the variation of 1...H11-F9",
            "(() => { const n = document.querySelector('#move-notes'); \
             return n.querySelector('.n-label').innerText === '1...H11-F9!?' \
             && n.querySelector('.n-variation').innerText === '(1...H11-H9 2.F6-F8)'; })()",
        )
        .await;
        page.click("[data-move=\"E6-E8\"]").await;
        page.wait_js(
            "the comment of 1.E6-E8",
            "document.querySelector('#move-notes .n-comment')?.innerText === 'a quiet start'",
        )
        .await;
        page.screenshot("record-notes").await;
        // At the start: what the record says before its first move.
        page.click("#nav-first").await;
        page.wait_js(
            "the record's comment before its first move",
            "(() => { const n = document.querySelector('#move-notes'); \
             return n.querySelector('.n-label')?.innerText === 'Before the first move' \
             && n.querySelector('.n-comment')?.innerText === 'annotated by Ann'; })()",
        )
        .await;
        page.screenshot("record-intro").await;
    })
    .await;
}

// (j) Pictures: every built-in variant's start, and a move being entered.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium: run by cargo xtask test"]
async fn screenshots() {
    run("screenshots", |page| async move {
        let (code, variants) = page.api("GET", "/api/variants", None).await;
        assert_eq!(code, 200);
        let variants = variants.as_array().expect("a list").clone();
        assert!(variants.len() >= 3, "{variants:?}");
        for v in &variants {
            let name = v["name"].as_str().expect("a name");
            let game = page.open_variant(name).await;
            let view = view(&page, &game).await;
            let pieces = view["positions"][0]["pieces"].as_array().expect("pieces").len();
            page.wait_for(&format!("{name}'s {pieces} pieces"), async || {
                let n = page.pieces().await.len();
                if n == pieces {
                    Ok(())
                } else {
                    Err(format!("{n} drawn"))
                }
            })
            .await;
            let path = page.screenshot(name).await;
            eprintln!("{name}: {}", path.display());
        }
        // A Camelot game in progress, a jump half-entered: the partial
        // path and the rings of the landings that go on.
        let game = page.open_position("camelot", None, "1.F7-F8 F10-F9").await;
        page.click("[data-piece][data-on=\"F8\"]").await;
        page.wait_hints(&BTreeSet::from([hint("F10", "ring")])).await;
        page.click("[data-target=\"F10\"]").await;
        let (after, _) = page.api_hints(&game, "F8", &["F10"]).await;
        page.wait_hints(&after).await;
        let path = page.screenshot("camelot-mid-move").await;
        eprintln!("camelot in progress: {}", path.display());
        // Tri-Camelot with a Knight selected (its canters and steps).
        let game = page.open_variant("tri-camelot").await;
        page.click("[data-piece][data-on=\"F5\"]").await;
        let (first, _) = page.api_hints(&game, "F5", &[]).await;
        page.wait_hints(&first).await;
        let path = page.screenshot("tri-camelot-selected").await;
        eprintln!("tri-camelot selected: {}", path.display());
    })
    .await;
}

/// The dialog's `#new-game-dialog` opened by `#new-game`.
async fn open_dialog(page: &Page) {
    page.click("#new-game").await;
    page.wait_js("the new-game dialog", "document.querySelector('#new-game-dialog').open").await;
}

/// What the dialog has chosen of a record: `#ng-saved`'s value, the
/// files of `#ng-record`, whether `#ng-continue` is ticked.
async fn record_choices(page: &Page) -> Value {
    page.js("return [document.querySelector('#ng-saved').value, document.querySelector('#ng-record').files.length, \
         document.querySelector('#ng-continue').checked];")
        .await
}

// (l) The New game dialog opens afresh, and Start starts what it shows:
// a variant chosen after a record or a saved game drops it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium: run by cargo xtask test"]
async fn the_new_game_dialog_starts_what_it_shows() {
    run("the_new_game_dialog_starts_what_it_shows", |page| async move {
        let first = page.open_variant("camelot").await;
        page.play(&first, "H7", &["H8"], "H7-H8").await;
        let (code, answer) = page.api("POST", &format!("/api/games/{first}/save"), Some(json!({"name": "x"}))).await;
        assert_eq!(code, 200, "{answer}");
        // The saved game, loaded to go on with it.
        open_dialog(&page).await;
        page.choose("#ng-saved", "x.pgn").await;
        page.click("#ng-continue").await;
        page.wait_js("#ng-continue ticked", "document.querySelector('#ng-continue').checked").await;
        page.click("#ng-start").await;
        let loaded = page.wait_game_other_than(Some(&first)).await;
        page.wait_moves(&["H7-H8"]).await;
        // Opened again: no saved game, no record, no "continue".
        open_dialog(&page).await;
        assert_eq!(record_choices(&page).await, json!(["", 0, false]), "the dialog opened again");
        // The saved game chosen, then a variant: a new game of the variant.
        page.choose("#ng-saved", "x.pgn").await;
        page.choose("#ng-variant", "checkers").await;
        assert_eq!(record_choices(&page).await, json!(["", 0, false]), "after choosing a variant");
        page.click("#ng-start").await;
        let game = page.wait_game_other_than(Some(&loaded)).await;
        let v = view(&page, &game).await;
        assert_eq!((&v["variant"]["name"], &v["moves"]), (&json!("checkers"), &json!([])), "a new game of checkers");

        // An uploaded record: the same.
        let record = page.games.parent().expect("the test's folder").join("upload.pgn");
        std::fs::write(&record, "[Variant \"checkers\"]\n\n1.11-15 *\n").unwrap();
        open_dialog(&page).await;
        page.upload("#ng-record", &record).await;
        page.choose("#ng-saved", "x.pgn").await;
        assert_eq!(record_choices(&page).await, json!(["x.pgn", 0, false]), "a saved game drops the record");
        page.upload("#ng-record", &record).await;
        page.wait_js("the record's variant", "document.querySelector('#ng-variant').value === 'checkers'").await;
        assert_eq!(record_choices(&page).await, json!(["", 1, false]), "a record drops the saved game");
        page.choose("#ng-variant", "camelot").await;
        assert_eq!(record_choices(&page).await, json!(["", 0, false]), "a variant drops the record");
        page.click("#ng-start").await;
        let camelot = page.wait_game_other_than(Some(&game)).await;
        let v = view(&page, &camelot).await;
        assert_eq!((&v["variant"]["name"], &v["moves"]), (&json!("camelot"), &json!([])), "a new game of Camelot");
        // Loaded, then the dialog opened again: no record.
        open_dialog(&page).await;
        page.upload("#ng-record", &record).await;
        page.click("#ng-start").await;
        page.wait_game_other_than(Some(&camelot)).await;
        page.wait_moves(&["11-15"]).await;
        open_dialog(&page).await;
        assert_eq!(record_choices(&page).await, json!(["", 0, false]), "the dialog opened after a record");
        // A clock value the clock cannot take is refused, not made another.
        let before = page.game_id().await;
        for (clock, field, value, said) in [
            (
                "increment",
                "#ng-increment-s",
                "-1",
                "the increment is a number of seconds from 0 to 86400 (a day), not -1",
            ),
            ("period", "#ng-moves", "0", "the moves of a period are a whole number, 1 or more, not 0"),
            ("period", "#ng-moves", "2.5", "the moves of a period are a whole number, 1 or more, not 2.5"),
        ] {
            page.choose("#ng-clock", clock).await;
            page.type_into(field, value).await;
            page.click("#ng-start").await;
            page.wait_js(
                &format!("the refusal of {value}"),
                &format!("document.querySelector('#ng-error').textContent === {said:?}"),
            )
            .await;
            assert_eq!(page.game_id().await, before, "no game started");
        }
    })
    .await;
}

// (m) A saved game's seats are its variant's players, whatever variant
// the dialog showed before.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium: run by cargo xtask test"]
async fn a_saved_games_seats_are_its_players() {
    run("a_saved_games_seats_are_its_players", |page| async move {
        let first = page.open_variant("camelot").await;
        let tiny = "name = \"tiny\"\nextends = \"camelot\"\ntitle = \"Tiny Camelot\"\n";
        for (body, name) in [
            (json!({"variant": "tri-camelot"}), "three"),
            (json!({"variant_text": tiny, "variant_file": "tiny.toml"}), "small"),
        ] {
            let (code, v) = page.api("POST", "/api/games", Some(body)).await;
            assert_eq!(code, 201, "{v}");
            let path = format!("/api/games/{}/save", v["id"].as_str().unwrap());
            let (code, answer) = page.api("POST", &path, Some(json!({ "name": name }))).await;
            assert_eq!(code, 200, "{answer}");
        }
        let seats = "[0, 1, 2].filter((i) => !document.querySelector('#ng-seat-' + i).hidden)\
                     .map((i) => document.querySelector('#ng-seat-label-' + i).textContent).join()";
        // Tri-Camelot's three players, from a Camelot game's dialog.
        open_dialog(&page).await;
        assert_eq!(page.js(&format!("return {seats};")).await, json!("White,Black"));
        page.choose("#ng-saved", "three.pgn").await;
        page.wait_js("Tri-Camelot's seats", &format!("{seats} === 'Blue,Red,Green'")).await;
        page.wait_js("Tri-Camelot in the list", "document.querySelector('#ng-variant').value === 'tri-camelot'").await;
        page.choose("#ng-seat-1", "engine").await;
        page.click("#ng-start").await;
        let game = page.wait_game_other_than(Some(&first)).await;
        let v = view(&page, &game).await;
        assert_eq!(v["variant"]["name"], json!("tri-camelot"));
        assert_eq!(v["seats"], json!(["human", "engine", "human"]));
        // A game of a variant file beside it: the list names it, and the seats are its players.
        open_dialog(&page).await;
        page.wait_js("Tri-Camelot's seats", &format!("{seats} === 'Blue,Red,Green'")).await;
        page.choose("#ng-saved", "small.pgn").await;
        page.wait_js("the saved game's variant", "document.querySelector('#ng-variant').value === '__saved__'").await;
        let shown =
            page.js("const s = document.querySelector('#ng-variant'); return s.options[s.selectedIndex].text;").await;
        assert_eq!(shown, json!("Tiny Camelot (tiny.toml)"));
        page.wait_js("the seats of its players", &format!("{seats} === 'White,Black'")).await;
        page.choose("#ng-seat-0", "engine").await;
        page.choose("#ng-seat-1", "human").await;
        page.click("#ng-start").await;
        let tiny = page.wait_game_other_than(Some(&game)).await;
        let v = view(&page, &tiny).await;
        assert_eq!((&v["variant"]["name"], &v["seats"]), (&json!("tiny"), &json!(["engine", "human"])));
    })
    .await;
}

// (m') A record chosen in the dialog, saved or uploaded, names its
// players' persons beside the seats ("White · Michael Nolan"), as the
// page does beside the players; another choice, or a new game, names
// nobody.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium: run by cargo xtask test"]
async fn the_dialog_names_a_records_players() {
    run("the_dialog_names_a_records_players", |page| async move {
        let first = page.open_variant("camelot").await;
        std::fs::create_dir_all(&page.games).unwrap();
        let saved = "[Variant \"camelot\"]\n[White \"Michael Nolan\"]\n[Black \"?\"]\n\n1.F7-F8 *\n";
        std::fs::write(page.games.join("named.pgn"), saved).unwrap();
        let folder = page.games.parent().expect("the test's folder");
        let three = folder.join("three.pgn");
        std::fs::write(&three, "[Variant \"tri-camelot\"]\n[Blue \"Ann\"]\n[red \" Bea \"]\n[Green \"\"]\n\n*\n")
            .unwrap();
        let archive = folder.join("archive.pdn");
        std::fs::write(&archive, b"[Black \"Fjellstr\xf6m\"]\n[White \"?\"]\n\n1. 11-15 *\n").unwrap();
        let seats = "[0, 1, 2].filter((i) => !document.querySelector('#ng-seat-' + i).hidden)\
                     .map((i) => document.querySelector('#ng-seat-label-' + i).textContent).join()";
        let wait_seats = async |what: &str, shown: &str| {
            page.wait_js(what, &format!("{seats} === {shown:?}")).await;
        };
        open_dialog(&page).await;
        wait_seats("Camelot's seats", "White,Black").await;
        // A saved game: the persons as the server reads them.
        page.choose("#ng-saved", "named.pgn").await;
        wait_seats("White's person", "White · Michael Nolan,Black").await;
        page.screenshot("new-game-dialog-record-names").await;
        // A variant chosen instead: nobody.
        page.choose("#ng-variant", "checkers").await;
        wait_seats("checkers' seats", "Black,White").await;
        // An uploaded record, of three players (a tag in any case), then one in Latin-1.
        page.upload("#ng-record", &three).await;
        wait_seats("Blue's and Red's persons", "Blue · Ann,Red · Bea,Green").await;
        page.upload("#ng-record", &archive).await;
        wait_seats("Black's person, in Latin-1", "Black · Fjellstr\u{f6}m,White").await;
        // The record dropped: its variant's seats, nobody named.
        page.js("const r = document.querySelector('#ng-record'); r.value = ''; r.dispatchEvent(new Event('change'));")
            .await;
        wait_seats("checkers' seats again", "Black,White").await;
        // The saved game loaded; the dialog opened again offers a new game: nobody.
        page.choose("#ng-saved", "named.pgn").await;
        wait_seats("White's person again", "White · Michael Nolan,Black").await;
        page.click("#ng-start").await;
        page.wait_game_other_than(Some(&first)).await;
        page.wait_js("White's person beside the player", "!document.querySelector('#player-0 .pperson').hidden").await;
        open_dialog(&page).await;
        wait_seats("a new game's seats", "White,Black").await;
    })
    .await;
}

/// Whether the move list overflows and shows its current entry whole:
/// the entry's text, or false.
const CURRENT_IN_VIEW: &str = "(() => { const box = document.querySelector('#moves'); \
     const el = box.querySelector('.current'); \
     if (!el || box.scrollHeight <= box.clientHeight + 20) return false; \
     const b = box.getBoundingClientRect(), e = el.getBoundingClientRect(); \
     return e.top >= b.top - 1 && e.bottom <= b.bottom + 1 && el.textContent; })()";

/// A long Camelot game played through the API, each move the view's
/// example, up to 60 or the last before the game ends: its number and view.
async fn long_game(page: &Page) -> (String, Value) {
    let (code, mut v) = page.api("POST", "/api/games", Some(json!({}))).await;
    assert_eq!(code, 201, "{v}");
    let game = v["id"].as_str().unwrap().to_string();
    while v["moves"].as_array().unwrap().len() < 60 && v["result"].is_null() {
        let text = v["example"].as_str().expect("a move to play").to_string();
        let (code, next) = page.api("POST", &format!("/api/games/{game}/move"), Some(json!({ "text": text }))).await;
        assert_eq!(code, 200, "{text}: {next}");
        v = next;
    }
    (game, v)
}

// (n) The move list keeps the current move in view, in play and browsing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium: run by cargo xtask test"]
async fn the_move_list_follows_the_game() {
    run("the_move_list_follows_the_game", |page| async move {
        // A long game, played through the API.
        let (game, mut v) = long_game(&page).await;
        if !v["result"].is_null() {
            let (code, back) = page.api("POST", &format!("/api/games/{game}/undo"), None).await;
            assert_eq!(code, 200, "{back}");
            v = back;
        }
        let texts: Vec<String> =
            v["moves"].as_array().unwrap().iter().map(|m| m["text"].as_str().unwrap().to_string()).collect();
        assert!(texts.len() >= 30, "a long game: {texts:?}");
        page.goto(&format!("/?game={game}")).await;
        page.wait_moves(&texts.iter().map(String::as_str).collect::<Vec<_>>()).await;
        let last = texts.last().unwrap().as_str();
        assert_eq!(page.wait_js("the last move in view", CURRENT_IN_VIEW).await, json!(last));
        page.click("#nav-first").await;
        assert_eq!(page.wait_js("the start in view", CURRENT_IN_VIEW).await, json!("start"));
        page.click("#nav-last").await;
        assert_eq!(page.wait_js("the last move in view again", CURRENT_IN_VIEW).await, json!(last));
        // A move played: the list follows.
        let text = v["example"].as_str().expect("a move to play").to_string();
        page.type_into("#move-text", &text).await;
        page.click("#move-go").await;
        let texts: Vec<&str> = texts.iter().map(String::as_str).chain([text.as_str()]).collect();
        page.wait_moves(&texts).await;
        assert_eq!(page.wait_js("the new move in view", CURRENT_IN_VIEW).await, json!(text));
    })
    .await;
}

// (o) A page that goes stops its analysis, even while another page
// listens to the game.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium: run by cargo xtask test"]
async fn leaving_the_page_stops_its_analysis() {
    // With three players, the score is the side to move's against both
    // others, and the page says so.
    run("a_three_player_score_says_whose_it_is", |page| async move {
        page.open_variant("tri-camelot").await;
        page.click("#analyse").await;
        let whose = page
            .wait_js(
                "the score and whose it is",
                "(() => { const f = document.querySelector('#analysis .a-for'); \
                 return f && document.querySelector('#analysis .a-score').innerText.trim() !== '' \
                 && [f.innerText, f.title]; })()",
            )
            .await;
        assert_eq!(whose[0], json!("for Blue against both others"), "{whose}");
        assert!(whose[1].as_str().unwrap().contains("an even position scores below zero"), "{whose}");
        page.stop_analysis().await;
    })
    .await;
    run("leaving_the_page_stops_its_analysis", |page| async move {
        let game = page.open_variant("camelot").await;
        let _other_page = page.listen(&game).await;
        let analysing = async || {
            let (code, answer) = page.api("GET", &format!("/api/games/{game}/analysis"), None).await;
            assert_eq!(code, 200, "{answer}");
            answer["analysing"].clone()
        };
        page.click("#analyse").await;
        page.wait_js("the analysis's line", "document.querySelector('#analysis .a-pv') !== null").await;
        assert_eq!(analysing().await, json!(true));
        page.goto("/?variant=checkers").await;
        page.wait_for("the analysis to stop", async || match analysing().await {
            Value::Bool(false) => Ok(()),
            v => Err(v.to_string()),
        })
        .await;
    })
    .await;
}

// (p) A crowded panel stays readable: the analysis of three lines, a draw
// offered and a refused click leave the status box whole, above the move
// entry; an analysis of a move taken back goes; browsing names the move.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium: run by cargo xtask test"]
async fn a_crowded_panel_stays_readable() {
    run("a_crowded_panel_stays_readable", |page| async move {
        let game = page.open_position("camelot", None, "1.E6-E8 H11-F9 2.E7-E9").await;
        page.wait_status("a capture is obligatory").await;
        page.choose("#analysis-lines", "3").await;
        page.click("#analyse").await;
        page.wait_js("three lines", "document.querySelectorAll('#analysis .a-line').length === 2").await;
        page.click("#draw").await;
        page.wait_js("the draw offered", "!document.querySelector('#draw-offer').hidden").await;
        page.click("[data-piece][data-on=\"E11\"]").await;
        page.wait_message("capture is obligatory").await;
        let whole = page
            .js("const b = document.querySelector('.status-box'), e = document.querySelector('.entry'); \
                 return [b.scrollHeight <= b.clientHeight + 1, b.getBoundingClientRect().bottom <= e.getBoundingClientRect().top + 0.5];")
            .await;
        page.screenshot("crowded-panel").await;
        assert_eq!(whole, json!([true, true]), "the status box holds its text, above the entry");
        // The analysis of the move taken back goes with it.
        page.stop_analysis().await;
        assert!(page.exists("#analysis .a-pv").await, "the analysis stays shown when stopped");
        page.click("#undo").await;
        page.wait_moves(&["E6-E8", "H11-F9"]).await;
        page.wait_js("no analysis of a position gone", "!document.querySelector('#analysis .a-pv')").await;
        assert_eq!(view(&page, &game).await["moves"].as_array().unwrap().len(), 2);
        // Browsing says which move's position is shown, as the move list numbers it.
        page.click("#nav-back").await;
        page.wait_status("Showing the position after 1. E6-E8 (1 of 2 plies)").await;
    })
    .await;
}

// (q) The browser's Back and Forward go between the games the page
// started (each goes on on the server); a click where the chosen piece
// cannot go says so; a save says it worked, not as a refusal; a game the
// server does not have is said, and the dialog offers another.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium: run by cargo xtask test"]
async fn back_returns_to_the_game_before() {
    run("back_returns_to_the_game_before", |page| async move {
        let first = page.open_variant("camelot").await;
        page.play(&first, "H7", &["H8"], "H7-H8").await;
        page.click("[data-piece][data-on=\"G10\"]").await;
        page.wait_js("G10's landings", "document.querySelector('[data-target=\"G12\"]') !== null").await;
        page.click("[data-cell=\"G14\"]").await;
        let said = page.wait_message("cannot go to G14").await;
        assert!(said.starts_with("the piece on G10 cannot go to G14: it can go to "), "{said}");
        assert!(said.contains("G12"), "{said}");
        let refusal = page.js("return document.querySelector('#message').classList.contains('done');").await;
        assert_eq!(refusal, json!(false), "a refusal is no news of success");
        // The piece stays chosen: a landing the message lists is one click
        // away (a click on the piece lets it go).
        let chosen = page.js("return document.querySelector('[data-target=\"G12\"]') !== null;").await;
        assert_eq!(chosen, json!(true), "G10 stays chosen");
        page.click("[data-piece][data-on=\"G10\"]").await;
        page.wait_js("G10 let go", "document.querySelector('[data-target=\"G12\"]') === null").await;

        page.type_into("#save-name", "kept").await;
        page.click("#save").await;
        page.wait_message("saved as kept.pgn").await;
        let done = page.js("return document.querySelector('#message').classList.contains('done');").await;
        assert_eq!(done, json!(true), "a save is said as done");

        open_dialog(&page).await;
        page.choose("#ng-variant", "checkers").await;
        page.click("#ng-start").await;
        let second = page.wait_game_other_than(Some(&first)).await;
        page.client.back().await.expect("Back");
        page.wait_for("Back to the first game", async || match page.game_id().await {
            Some(id) if id == first => Ok(()),
            other => Err(format!("{other:?}")),
        })
        .await;
        page.wait_moves(&["H7-H8"]).await;
        page.client.forward().await.expect("Forward");
        page.wait_for("Forward to the second game", async || match page.game_id().await {
            Some(id) if id == second && page.moves().await.is_empty() => Ok(()),
            other => Err(format!("{other:?}")),
        })
        .await;
        page.wait_js("checkers drawn", "document.querySelector('[data-cell=\"32\"]') !== null").await;

        // A game number the server never gave (as after a restart).
        page.goto("/?game=7").await;
        let said = page.wait_message("game 7 is no longer on the server").await;
        assert!(said.contains("start a new game, or load a saved one"), "{said}");
        page.wait_js("the new-game dialog", "document.querySelector('#new-game-dialog').open").await;
        // The dialog leads back to the last game this browser showed, which
        // the server still holds.
        page.wait_js("the offer of the last game", "!document.querySelector('#ng-resume').hidden").await;
        let offer = page.js("return document.querySelector('#ng-resume-text').textContent;").await;
        assert!(offer.as_str().is_some_and(|t| t.starts_with("Your last game, American checkers")), "{offer}");
        page.screenshot("last-game-offered").await;
        page.click("#ng-resume-button").await;
        page.wait_for("the last game again", async || match page.game_id().await {
            Some(id) if id == second => Ok(()),
            other => Err(format!("{other:?}")),
        })
        .await;
        let open = page.js("return document.querySelector('#new-game-dialog').open;").await;
        assert_eq!(open, json!(false), "the dialog closes");
    })
    .await;
}

// (r) A record from a checkers archive, as such programs write it: a
// Latin-1 name, no GameType (its moves in square numbers), a clock and the
// time left after each move. The dialog picks checkers and the record's
// clock; the game goes on from the times recorded; saved again, the name
// and the times are kept.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium: run by cargo xtask test"]
async fn an_archived_record_goes_on_with_its_clocks() {
    run("an_archived_record_goes_on_with_its_clocks", |page| async move {
        let first = page.open_variant("camelot").await;
        let record = page.games.parent().expect("the test's folder").join("archive.pdn");
        let text = b"[Black \"Fjellstr\xf6m\"]\n[White \"Bob\"]\n[TimeControl \"300+3\"]\n\n\
                     1. 11-15 {[%clk 0:04:50]} 23-19 {[%clk 0:04:40]} *\n";
        std::fs::write(&record, text).unwrap();
        open_dialog(&page).await;
        page.upload("#ng-record", &record).await;
        page.wait_js("checkers, from the moves", "document.querySelector('#ng-variant').value === 'checkers'").await;
        page.wait_js(
            "the record's clock",
            "document.querySelector('#ng-clock').value === 'increment' \
             && document.querySelector('#ng-base-min').value === '5' \
             && document.querySelector('#ng-increment-s').value === '3'",
        )
        .await;
        page.click("#ng-start").await;
        let game = page.wait_game_other_than(Some(&first)).await;
        page.wait_moves(&["11-15", "23-19"]).await;
        let v = view(&page, &game).await;
        // Black (first in turn order) to move, its clock running from 4:50.
        assert_eq!(v["clocks"][1]["ms"], json!(280_000), "White's recorded time: {}", v["clocks"]);
        let black = v["clocks"][0]["ms"].as_u64().unwrap_or_default();
        assert!((270_000..=290_000).contains(&black), "Black's recorded time, running: {}", v["clocks"]);
        let (code, answer) =
            page.api("POST", &format!("/api/games/{game}/save"), Some(json!({"name": "archived"}))).await;
        assert_eq!(code, 200, "{answer}");
        let saved = page.games.join(answer["file"].as_str().unwrap_or_default());
        let saved = std::fs::read_to_string(&saved).unwrap_or_else(|e| panic!("{}: {e}", saved.display()));
        assert!(saved.contains("[Black \"Fjellstr\u{f6}m\"]"), "{saved}");
        assert!(saved.contains("1.11-15 {[%clk 0:04:50]} 23-19 {[%clk 0:04:40]}"), "{saved}");
    })
    .await;
}

// (s) A variant file that only extends Tri-Camelot: the dialog shows its
// three players, as the server reads them, and a computer seat starts.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium: run by cargo xtask test"]
async fn a_variant_file_s_players_come_from_the_server() {
    run("a_variant_file_s_players_come_from_the_server", |page| async move {
        let first = page.open_variant("camelot").await;
        let file = page.games.parent().expect("the test's folder").join("three.toml");
        std::fs::write(&file, "extends = \"tri-camelot\"\nname = \"three\"\n").unwrap();
        open_dialog(&page).await;
        page.upload("#ng-variant-file", &file).await;
        page.wait_js(
            "the file's three players",
            "!document.querySelector('#new-game-dialog .seat-2').hidden \
             && document.querySelector('#ng-seat-label-2').textContent === 'Green'",
        )
        .await;
        page.choose("#ng-seat-1", "engine").await;
        page.click("#ng-start").await;
        let game = page.wait_game_other_than(Some(&first)).await;
        let v = view(&page, &game).await;
        assert_eq!(v["variant"]["name"], json!("three"), "{}", v["variant"]);
        assert_eq!(v["seats"], json!(["human", "engine", "human"]), "{}", v["seats"]);
    })
    .await;
}

/// The dialog's clock: `#ng-clock`, `#ng-base-min`, `#ng-increment-s`, `#ng-moves`.
async fn ng_clock(page: &Page) -> Value {
    page.js("return ['ng-clock', 'ng-base-min', 'ng-increment-s', 'ng-moves'].map((id) => document.getElementById(id).value);")
        .await
}

// (t) A record's clock shows in the dialog only while the record is
// chosen: another record without a clock, no record, a saved game without
// one, or the dialog opened again, show the clock as the player set it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium: run by cargo xtask test"]
async fn a_records_clock_goes_with_the_record() {
    run("a_records_clock_goes_with_the_record", |page| async move {
        let first = page.open_variant("camelot").await;
        let (code, answer) =
            page.api("POST", &format!("/api/games/{first}/save"), Some(json!({"name": "plain"}))).await;
        assert_eq!(code, 200, "{answer}");
        let folder = page.games.parent().expect("the test's folder");
        let timed = folder.join("timed.pgn");
        std::fs::write(&timed, "[TimeControl \"300+3\"]\n\n1.H7-H8 *\n").unwrap();
        let untimed = folder.join("untimed.pgn");
        std::fs::write(&untimed, "[Variant \"checkers\"]\n\n1.11-15 *\n").unwrap();
        open_dialog(&page).await;
        page.choose("#ng-clock", "period").await;
        page.type_into("#ng-base-min", "10").await;
        page.type_into("#ng-moves", "30").await;
        let own = json!(["period", "10", "3", "30"]);
        assert_eq!(ng_clock(&page).await, own, "the player's clock");
        let record_clock = "document.querySelector('#ng-clock').value === 'increment' \
                            && document.querySelector('#ng-base-min').value === '5'";
        page.upload("#ng-record", &timed).await;
        page.wait_js("the record's clock", record_clock).await;
        // Another record, without a clock.
        page.upload("#ng-record", &untimed).await;
        page.wait_js("the record's variant", "document.querySelector('#ng-variant').value === 'checkers'").await;
        assert_eq!(ng_clock(&page).await, own, "after a record without a clock");
        // The record dropped.
        page.upload("#ng-record", &timed).await;
        page.wait_js("the record's clock", record_clock).await;
        page.js("const r = document.querySelector('#ng-record'); r.value = ''; r.dispatchEvent(new Event('change'));")
            .await;
        page.wait_js("no record", "document.querySelector('#ng-record').files.length === 0").await;
        assert_eq!(ng_clock(&page).await, own, "after the record is dropped");
        // A saved game without a clock.
        page.upload("#ng-record", &timed).await;
        page.wait_js("the record's clock", record_clock).await;
        page.choose("#ng-saved", "plain.pgn").await;
        page.wait_js("the saved game's variant", "document.querySelector('#ng-variant').value === 'camelot'").await;
        assert_eq!(ng_clock(&page).await, own, "after a saved game without a clock");
        // The dialog closed with a record's clock, and opened again.
        page.upload("#ng-record", &timed).await;
        page.wait_js("the record's clock", record_clock).await;
        page.click("#ng-cancel").await;
        open_dialog(&page).await;
        assert_eq!(ng_clock(&page).await, own, "the dialog opened again");
        // The record's clock changed by the player stays the player's.
        page.upload("#ng-record", &timed).await;
        page.wait_js("the record's clock", record_clock).await;
        page.type_into("#ng-increment-s", "7").await;
        page.upload("#ng-record", &untimed).await;
        page.wait_js("the record's variant", "document.querySelector('#ng-variant').value === 'checkers'").await;
        assert_eq!(ng_clock(&page).await, json!(["increment", "5", "7", "30"]), "the player's changes kept");
        page.click("#ng-start").await;
        let game = page.wait_game_other_than(Some(&first)).await;
        let v = view(&page, &game).await;
        assert_eq!(v["clocks"][0]["ms"], json!(300_000), "{}", v["clocks"]);
    })
    .await;
}

// (u) A game over takes no move: the box for a typed move and its Play
// button are disabled, and enabled again when the ending is taken back.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium: run by cargo xtask test"]
async fn a_game_over_takes_no_typed_move() {
    run("a_game_over_takes_no_typed_move", |page| async move {
        let game = page.open_variant("camelot").await;
        page.play(&game, "H7", &["H8"], "H7-H8").await;
        assert_eq!(
            (page.disabled("#move-text").await, page.disabled("#move-go").await),
            (Some(false), Some(false)),
            "a game going on"
        );
        resign(&page).await;
        page.wait_js("the game-over banner", "!document.querySelector('#banner').hidden").await;
        assert_eq!(
            (page.disabled("#move-text").await, page.disabled("#move-go").await),
            (Some(true), Some(true)),
            "a game over"
        );
        page.click("#undo").await;
        page.wait_js("the game going on again", "document.querySelector('#banner').hidden").await;
        assert_eq!(
            (page.disabled("#move-text").await, page.disabled("#move-go").await),
            (Some(false), Some(false)),
            "the resignation taken back"
        );
    })
    .await;
}

// (v) Browsing an earlier position, the status says that position's turn
// and obligation, and that it is not the current one; back at the end, the
// game's own (a capture obliged, then the resignation).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium: run by cargo xtask test"]
async fn the_status_describes_the_position_browsed() {
    run("the_status_describes_the_position_browsed", |page| async move {
        let game = page.open_position("camelot", None, "1.F7-F8 F10-F9").await;
        page.wait_status("a capture is obligatory: F8 can capture").await;
        page.click("#nav-back").await;
        let said = page.wait_status("Black to move (move 1).").await;
        assert!(said.contains("not the current position"), "{said}");
        assert!(!said.contains("obligatory") && !said.contains("White to move"), "{said}");
        page.click("#nav-last").await;
        page.wait_status("White to move (move 2).").await;
        resign(&page).await;
        page.wait_status("Game over: White resigned.").await;
        page.click("#nav-first").await;
        let said = page.wait_status("White to move (move 1).").await;
        assert!(!said.contains("Game over"), "{said}");
        page.screenshot("browsing-an-earlier-position").await;
        assert_eq!(view(&page, &game).await["result"]["token"], "0-1");
    })
    .await;
}

/// Whether the new-game dialog is open.
const DIALOG_OPEN: &str = "document.querySelector('#new-game-dialog').open";

/// The page without a game: the board's place says to choose New game.
const NO_GAME_SHOWN: &str = "!document.querySelector('#new-game-dialog').open \
     && !document.querySelector('#board-empty').hidden \
     && document.querySelector('#board-empty').innerText === 'No game yet: choose New game.'";

// (w) Escape closes the New game dialog the page opens by itself at the
// start (no game yet), and the page then says there is none.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium: run by cargo xtask test"]
async fn escape_closes_the_dialog_opened_at_the_start() {
    run("escape_closes_the_dialog_opened_at_the_start", |page| async move {
        page.goto("/").await;
        page.wait_js("the dialog opened by itself", DIALOG_OPEN).await;
        page.press(Key::Escape, false).await;
        page.wait_js("the dialog closed, no game shown", NO_GAME_SHOWN).await;
        assert_eq!(page.status().await, "No game");
        // The page closes it itself: a browser's close watcher may pass
        // over a dialog opened with no click or key before it (Chrome's
        // rule for one opened without user activation), and then the key
        // reaches only the page, as this one, which no browser acts on.
        page.goto("/").await;
        page.wait_js("the dialog opened by itself", DIALOG_OPEN).await;
        page.js("document.activeElement.dispatchEvent(new KeyboardEvent('keydown', \
             { key: 'Escape', bubbles: true, cancelable: true }));")
            .await;
        page.wait_js("the dialog closed by the page, no game shown", NO_GAME_SHOWN).await;
        // Opened again with New game, it closes as well, and Start still starts.
        open_dialog(&page).await;
        page.press(Key::Escape, false).await;
        page.wait_js("the dialog closed again", NO_GAME_SHOWN).await;
        open_dialog(&page).await;
        page.click("#ng-start").await;
        page.wait_game_other_than(None).await;
    })
    .await;
}

/// The cell the keyboard's focus is on (`board` on the board itself,
/// else the focused element's id or tag).
async fn focused_cell(page: &Page) -> String {
    let v = page
        .js("const e = document.activeElement; \
             return e ? (e.dataset && e.dataset.cell) || e.id || e.tagName : '';")
        .await;
    v.as_str().unwrap_or_default().to_string()
}

/// The cells the keyboard reaches (Tab), with what each is called.
async fn keyboard_cells(page: &Page) -> BTreeSet<(String, String)> {
    let v = page
        .js("return [...document.querySelectorAll('#board [data-cell][tabindex=\"0\"]')] \
             .map((e) => [e.dataset.cell, e.getAttribute('aria-label')]);")
        .await;
    v.as_array()
        .map(|a| {
            a.iter().filter_map(|p| Some((p.get(0)?.as_str()?.to_string(), p.get(1)?.as_str()?.to_string()))).collect()
        })
        .unwrap_or_default()
}

/// The pieces of `side` ("White"), each as the keyboard names it: its
/// cell, and "E6, White Man".
async fn side_pieces(page: &Page, side: &str) -> BTreeSet<(String, String)> {
    let pieces = page.pieces().await.into_iter().filter(|(_, p)| p.starts_with(&format!("{side} ")));
    pieces.map(|(c, p)| (c.clone(), format!("{c}, {p}"))).collect()
}

/// Presses Tab (`back`: Shift+Tab) until the focus is on `cell`, at most
/// 40 times.
async fn tab_to(page: &Page, cell: &str, back: bool) {
    let mut seen = Vec::new();
    for _ in 0..40 {
        page.press(Key::Tab, back).await;
        let now = focused_cell(page).await;
        if now == cell {
            return;
        }
        seen.push(now);
    }
    panic!("Tab does not reach {cell}: it went through {seen:?}");
}

// (x) The board from the keyboard: Tab reaches the pieces of the player
// to move, each named; Enter chooses one, and Tab its landings, named
// too; Space lands; Escape lets a piece go; the focus shows a ring.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium: run by cargo xtask test"]
async fn the_board_is_played_from_the_keyboard() {
    run("the_board_is_played_from_the_keyboard", |page| async move {
        let game = page.open_variant("camelot").await;
        let white = side_pieces(&page, "White").await;
        assert_eq!(white.len(), 14, "{white:?}");
        assert_eq!(keyboard_cells(&page).await, white, "White's pieces, each named");
        // Tab from the button before the board goes to its top row's first.
        page.js("document.querySelector('#new-game').focus();").await;
        page.press(Key::Tab, false).await;
        let first = focused_cell(&page).await;
        assert!(white.iter().any(|(c, _)| *c == first), "Tab went to {first}");
        tab_to(&page, "H7", false).await;
        let ring = page
            .js("const e = document.activeElement; \
                 return [e.matches(':focus-visible'), getComputedStyle(e.querySelector('.hit')).stroke];")
            .await;
        assert_eq!(ring[0], json!(true), "{ring}");
        assert!(ring[1].as_str().is_some_and(|s| s != "none"), "a ring round the focused cell: {ring}");
        page.screenshot("keyboard-focus").await;

        // Enter chooses the piece: its landings come, named, and the focus stays.
        page.press(Key::Enter, false).await;
        let (landings, answer) = page.api_hints(&game, "H7", &[]).await;
        page.wait_hints(&landings).await;
        assert_eq!(focused_cell(&page).await, "H7");
        let reached = keyboard_cells(&page).await;
        for next in answer["next"].as_array().expect("the landings") {
            let (cell, kind) = (next["to"].as_str().unwrap(), next["kind"].as_str().unwrap());
            let goes_on = if next["ends"] == json!(true) { "" } else { " (goes on)" };
            let named = (cell.to_string(), format!("{cell}, {kind} here{goes_on}"));
            assert!(reached.contains(&named), "{named:?} in {reached:?}");
        }
        assert!(reached.contains(&("H7".to_string(), "H7, White Man (moving)".to_string())), "{reached:?}");
        // Tab goes from the piece to its landings first, in reading order
        // (top row first: I8 before H8 for White, moving up the board).
        page.press(Key::Tab, false).await;
        let next = focused_cell(&page).await;
        assert!(landings.iter().any(|(c, _)| *c == next), "the first Tab after H7 went to {next}, not a landing");
        // To the landing I8, and Space: the move is played.
        if next != "I8" {
            tab_to(&page, "I8", false).await;
        }
        page.press(Key::Space, false).await;
        page.wait_moves(&["H7-I8"]).await;
        page.wait_status("Black to move").await;
        // The focus is on the board: Tab goes on to Black's pieces.
        assert_eq!(focused_cell(&page).await, "board");
        let black = side_pieces(&page, "Black").await;
        assert_eq!(keyboard_cells(&page).await, black, "Black's pieces");
        page.press(Key::Tab, false).await;
        let chosen = focused_cell(&page).await;
        assert!(black.iter().any(|(c, _)| *c == chosen), "Tab went to {chosen}");
        // Enter, then Escape: the piece is let go, and keeps the focus.
        page.press(Key::Enter, false).await;
        page.wait_js("its landings", "document.querySelector('[data-target]') !== null").await;
        page.press(Key::Escape, false).await;
        page.wait_js("no landings", "document.querySelector('[data-target]') === null").await;
        assert_eq!(focused_cell(&page).await, chosen);
        assert_eq!(page.moves().await, ["H7-I8"]);
    })
    .await;
}

// (y) A refused drag's message goes once the piece is let go, or another
// chosen, or a move made, as a refused click's does.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium: run by cargo xtask test"]
async fn a_refused_drags_message_goes_with_the_next_action() {
    run("a_refused_drags_message_goes_with_the_next_action", |page| async move {
        page.open_variant("camelot").await;
        page.drag("[data-piece][data-on=\"H7\"]", "[data-cell=\"H10\"]").await;
        let said = page.wait_message("cannot go to H10").await;
        assert!(said.starts_with("the piece on H7 cannot go to H10: it can go to "), "{said}");
        // The piece stays chosen; a click on it lets it go, and the message.
        page.wait_js("H7 chosen", "document.querySelector('[data-target=\"H8\"]') !== null").await;
        page.click("[data-piece][data-on=\"H7\"]").await;
        page.wait_js("H7 let go", "document.querySelector('[data-target]') === null").await;
        page.wait_no_message("the piece let go").await;
        // Refused, then another piece chosen by a click.
        page.drag("[data-piece][data-on=\"H7\"]", "[data-cell=\"H10\"]").await;
        page.wait_message("cannot go to H10").await;
        page.click("[data-piece][data-on=\"G7\"]").await;
        page.wait_js("G7 chosen", "document.querySelector('[data-target=\"G8\"]') !== null").await;
        page.wait_no_message("another piece chosen").await;
        // Refused, then let go with Escape.
        page.drag("[data-piece][data-on=\"G7\"]", "[data-cell=\"G10\"]").await;
        page.wait_message("cannot go to G10").await;
        page.press(Key::Escape, false).await;
        page.wait_js("G7 let go", "document.querySelector('[data-target]') === null").await;
        page.wait_no_message("Escape").await;
        // Refused, then the piece dragged where it can go: the move.
        page.drag("[data-piece][data-on=\"H7\"]", "[data-cell=\"H10\"]").await;
        page.wait_message("cannot go to H10").await;
        page.drag("[data-piece][data-on=\"H7\"]", "[data-cell=\"H8\"]").await;
        page.wait_moves(&["H7-H8"]).await;
        page.wait_no_message("the move").await;
    })
    .await;
}

// (z) A loaded record's players' names (its tags named after them) are
// shown beside the players: "White · Michael Nolan".
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium: run by cargo xtask test"]
async fn a_records_player_names_are_shown() {
    run("a_records_player_names_are_shown", |page| async move {
        let person = "const p = document.querySelector(arguments[0] + ' .pperson'); \
                      return p.hidden ? null : [p.innerText, getComputedStyle(p, '::before').content];";
        let shown = async |row: &str| page.js_args(person, vec![json!(row)]).await;
        page.open_variant("camelot").await;
        assert_eq!(shown("#player-0").await, Value::Null, "a new game names nobody");
        let record = "[Variant \"camelot\"]\n[White \"Michael Nolan\"]\n[Black \"?\"]\n\n1.F7-F8 *\n";
        page.open_new(json!({ "record": record })).await;
        page.wait_js("White's person", "!document.querySelector('#player-0 .pperson').hidden").await;
        assert_eq!(page.text("#player-0 .pname").await, "White", "the side's name stays");
        assert_eq!(shown("#player-0").await, json!(["Michael Nolan", "\"· \""]), "White · Michael Nolan");
        assert_eq!(shown("#player-1").await, Value::Null, "`?` names nobody");
        page.screenshot("record-player-names").await;
        let record = "[Variant \"tri-camelot\"]\n[Red \"Bea\"]\n\n*\n";
        page.open_new(json!({ "record": record })).await;
        page.wait_js("Red's person", "!document.querySelector('#player-1 .pperson').hidden").await;
        assert_eq!(shown("#player-1").await, json!(["Bea", "\"· \""]));
        assert_eq!((shown("#player-0").await, shown("#player-2").await), (Value::Null, Value::Null));
    })
    .await;
}

/// The move box's placeholder, and whether it fits the box whole (measured
/// as text of the box's font in a span).
const PLACEHOLDER: &str = "const i = document.querySelector('#move-text'), cs = getComputedStyle(i); \
     const s = document.createElement('span'); s.style.font = cs.font; s.style.whiteSpace = 'pre'; \
     s.style.position = 'absolute'; s.textContent = i.placeholder; document.body.append(s); \
     const w = s.getBoundingClientRect().width; s.remove(); \
     const room = i.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight); \
     return [i.placeholder, w <= room + 0.5];";

// (aa) The move box's placeholder fits the box, on a wide window and a
// phone, with a long example (a narrower box, in a panel of two columns,
// says less, the example whole in its title); while an earlier position
// is browsed it says that moves are played at the last, not the last
// one's example.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium: run by cargo xtask test"]
async fn the_move_box_says_what_fits_and_what_holds() {
    run("the_move_box_says_what_fits_and_what_holds", |page| async move {
        // A Man with seven jumps to make, its only move.
        let game = page.open_position("camelot", Some("W:WF2:BF3,F5,F7,F9,F11,F13 castle-moves=0,0"), "").await;
        let example = view(&page, &game).await["example"].as_str().expect("an example").to_string();
        assert_eq!(example, "F2xF4xF6xF8xF10xF12xF14");
        for (w, h, whole) in [(1600, 900, true), (1280, 900, false), (390, 740, true)] {
            page.resize(w, h).await;
            let shown = page.wait_js("the example fitting the box", &format!("(() => {{ {PLACEHOLDER} }})()[1]")).await;
            assert_eq!(shown, json!(true));
            let shown = page.js(PLACEHOLDER).await;
            let text = shown[0].as_str().unwrap_or_default();
            assert_eq!(text.contains(&example), whole, "{w}×{h}: {text:?}");
            let title = page.js("return document.querySelector('#move-text').title;").await;
            assert_eq!(title, json!(format!("Type a move, e.g. {example}")), "{w}×{h}");
        }
        page.resize(1280, 900).await;
        // Browsing: no example of the last position.
        let game = page.open_position("camelot", None, "1.F7-F8 F10-F9").await;
        let example = view(&page, &game).await["example"].as_str().expect("an example").to_string();
        let placeholder = async || page.js(PLACEHOLDER).await[0].as_str().unwrap_or_default().to_string();
        assert!(placeholder().await.contains(&example), "{:?}", placeholder().await);
        page.click("#nav-back").await;
        page.wait_status("not the current position").await;
        let text = placeholder().await;
        assert!(!text.contains(&example) && text.contains("last move"), "{text:?}");
        assert_eq!(page.js(PLACEHOLDER).await[1], json!(true), "{text:?} fits");
        page.click("#nav-last").await;
        page.wait_status("White to move (move 2)").await;
        assert!(placeholder().await.contains(&example), "{:?}", placeholder().await);
    })
    .await;
}

/// The lines a move-list entry takes (`arguments[0]` its move), at widths
/// of the list from 280 to 420 pixels (a small phone's to a wide
/// window's): for each width where a line of it
/// starts elsewhere than at a `-` or `x`, or is not indented under the
/// first, that width and the lines.
const MOVE_LINES: &str = "const b = document.querySelector('[data-move=\"' + arguments[0] + '\"]'); \
     const list = document.querySelector('#moves'); const old = list.style.width; \
     const chars = []; \
     const walk = document.createTreeWalker(b, NodeFilter.SHOW_TEXT); \
     for (let n = walk.nextNode(); n; n = walk.nextNode()) { \
       if (n.parentElement.closest('.glyph')) continue; \
       for (let k = 0; k < n.length; k++) chars.push([n, k]); } \
     const bad = []; let wrapped = 0; \
     for (let w = 280; w <= 420; w += 4) { \
       list.style.width = w + 'px'; \
       const lines = []; let top = null; \
       for (const [n, k] of chars) { \
         const r = document.createRange(); r.setStart(n, k); r.setEnd(n, k + 1); const rect = r.getClientRects()[0]; \
         if (top === null || rect.top > top + 2) { lines.push({ text: '', left: rect.left }); top = rect.top; } \
         lines[lines.length - 1].text += n.data[k]; } \
       if (lines.length > 1) wrapped++; \
       if (lines.slice(1).some((l) => !/^[-x]/.test(l.text) || l.left <= lines[0].left + 1)) \
         bad.push([w, lines.map((l) => l.text)]); } \
     list.style.width = old; return { bad, wrapped };";

/// For each width of the banner from 60 to 500 pixels where its separator
/// ` · ` ends a line (the reason after it starting the next), that width.
const BANNER_BREAKS: &str = "const b = document.querySelector('#banner'); const old = b.style.width; \
     const sep = b.querySelector('.sep').firstChild, reason = b.querySelector('.reason').firstChild; \
     const at = (n, k) => { const r = document.createRange(); r.setStart(n, k); r.setEnd(n, k + 1); \
       return r.getClientRects()[0].top; }; \
     const bad = []; \
     for (let w = 60; w <= 500; w += 2) { \
       b.style.width = w + 'px'; \
       if (Math.abs(at(sep, sep.data.indexOf('·')) - at(reason, 0)) > 2) bad.push(w); } \
     b.style.width = old; return bad;";

// (bb) A long Tri-Camelot move breaks in the move list before a leg's `x`
// or `-`, its later lines indented; the banner's separator ` · ` stays
// with the reason after it (a no-break space between them).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium: run by cargo xtask test"]
async fn long_moves_and_the_banner_break_where_they_read() {
    run("long_moves_and_the_banner_break_where_they_read", |page| async move {
        let position = "B:BKD5,F5:RKB13,F7,E14:GKJ13,F11,G14";
        page.open_position("tri-camelot", Some(position), "1.F5xF9xF13xH15").await;
        page.wait_moves(&["F5xF9xF13xH15"]).await;
        let lines = page.js_args(MOVE_LINES, vec![json!("F5xF9xF13xH15")]).await;
        assert_eq!(lines["bad"], json!([]), "lines that start inside a leg: {lines}");
        assert!(lines["wrapped"].as_u64().unwrap_or(0) > 5, "the move wraps at most widths: {lines}");
        page.screenshot("tri-camelot-long-move").await;
        resign(&page).await;
        page.wait_js("the banner", "!document.querySelector('#banner').hidden").await;
        let banner = page.text("#banner").await;
        assert_eq!(banner.replace('\n', ""), "Blue ½, Red 0, Green ½ ·\u{a0}Red resigned");
        assert_eq!(page.js(BANNER_BREAKS).await, json!([]), "widths where ` · ` ends a line");
    })
    .await;
}

// (cc) What the server quotes in backticks shows as code, without them,
// in the message and the dialog's error; the server's text is never HTML.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium: run by cargo xtask test"]
async fn quoted_words_show_as_code() {
    run("quoted_words_show_as_code", |page| async move {
        page.open_position("camelot", None, "1.F7-F8 F10-F9").await;
        page.type_into("#move-text", "E6-E8").await;
        page.click("#move-go").await;
        let said = page.wait_message("is not legal here").await;
        assert_eq!(said, "E6-E8 is not legal here: a capture is obligatory: F8 can capture");
        let code = page.js("return [...document.querySelectorAll('#message code')].map((c) => c.textContent);").await;
        assert_eq!(code, json!(["E6-E8"]));
        // A move typed as HTML is shown as the text it is.
        page.type_into("#move-text", "<i>E6</i>").await;
        page.click("#move-go").await;
        page.wait_message("<i>").await;
        assert!(!page.exists("#message i").await, "no element made of the server's text");
        // The dialog's error: a misspelt key of a variant file.
        let file = page.games.parent().expect("the test's folder").join("misspelt.toml");
        std::fs::write(&file, "extends = \"camelot\"\nname = \"x\"\ntitel = 3\n").unwrap();
        open_dialog(&page).await;
        page.upload("#ng-variant-file", &file).await;
        let error = page
            .wait_js(
                "the file's error",
                "!document.querySelector('#ng-error').hidden && document.querySelector('#ng-error').innerText",
            )
            .await;
        let error = error.as_str().unwrap_or_default();
        assert!(error.contains("unknown key titel") && !error.contains('`'), "{error}");
        let code = page.js("return [...document.querySelectorAll('#ng-error code')].map((c) => c.textContent);").await;
        assert!(code.as_array().is_some_and(|c| c.first() == Some(&json!("titel"))), "{code}");
    })
    .await;
}

/// Whether the elements `arguments[0]` (a selector) are in the window
/// whole, and on top there (what a tap on their middle reaches).
const IN_SIGHT: &str = "return [...document.querySelectorAll(arguments[0])].map((e) => { \
     const r = e.getBoundingClientRect(); \
     const whole = r.width > 0 && r.left >= 0 && r.top >= 0 && r.right <= innerWidth && r.bottom <= innerHeight; \
     const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2); \
     return [e.id || e.className, whole && !!hit && (hit === e || e.contains(hit))]; });";

// (dd) On a phone: the dialog's Cancel and Start stay in sight while it
// scrolls, and the variant's title shows whole beside New game.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium: run by cargo xtask test"]
async fn a_phone_shows_the_title_and_the_dialogs_buttons() {
    run("a_phone_shows_the_title_and_the_dialogs_buttons", |page| async move {
        page.resize(390, 740).await;
        page.goto("/").await;
        page.wait_js("the dialog opened by itself", DIALOG_OPEN).await;
        let buttons = "#ng-cancel, #ng-start";
        let seen = page.js_args(IN_SIGHT, vec![json!(buttons)]).await;
        page.screenshot("phone-new-game-dialog").await;
        assert_eq!(seen, json!([["ng-cancel", true], ["ng-start", true]]), "at the dialog's top");
        page.js("const d = document.querySelector('#new-game-dialog'); d.scrollTop = d.scrollHeight / 2;").await;
        let seen = page.js_args(IN_SIGHT, vec![json!(buttons)]).await;
        assert_eq!(seen, json!([["ng-cancel", true], ["ng-start", true]]), "scrolled half-way");
        page.js("const d = document.querySelector('#new-game-dialog'); d.scrollTop = d.scrollHeight;").await;
        let seen = page.js_args(IN_SIGHT, vec![json!(buttons)]).await;
        assert_eq!(seen, json!([["ng-cancel", true], ["ng-start", true]]), "scrolled to the end");
        page.screenshot("phone-new-game-dialog-end").await;
        // Every built-in variant's title, whole, beside New game.
        let (code, variants) = page.api("GET", "/api/variants", None).await;
        assert_eq!(code, 200);
        let title = "const t = document.querySelector('#variant-title'), b = document.querySelector('#new-game'); \
                     const r = t.getBoundingClientRect(); \
                     return [t.textContent, t.scrollWidth <= t.clientWidth + 1 && t.scrollHeight <= t.clientHeight + 1 \
                       && r.left >= 0 && r.right <= b.getBoundingClientRect().left && r.bottom <= \
                       document.querySelector('.topbar').getBoundingClientRect().bottom];";
        for v in variants.as_array().expect("a list") {
            let name = v["name"].as_str().expect("a name");
            page.open_variant(name).await;
            let shown = page.js(title).await;
            assert_eq!(shown, json!([v["title"], true]), "{name}'s title, whole");
            if name == "tri-camelot" {
                page.screenshot("phone-tri-camelot").await;
            }
        }
    })
    .await;
}

/// Where the board and the players' rows are in the window: whether each
/// (the board, every clock shown, every player's name) is in it whole, and
/// the pairs of them (board, rows) that overlap.
const PHONE_SIGHT: &str = "const whole = (e) => { const r = e.getBoundingClientRect(); \
       return r.width > 0 && r.left >= 0 && r.top >= 0 && r.right <= innerWidth && r.bottom <= innerHeight; }; \
     const shown = (s) => [...document.querySelectorAll(s)].filter((e) => e.getClientRects().length > 0); \
     const boxes = [document.querySelector('#board'), ...shown('.player')]; \
     const overlaps = []; \
     boxes.forEach((a, i) => boxes.slice(i + 1).forEach((b) => { \
       const p = a.getBoundingClientRect(), q = b.getBoundingClientRect(); \
       if (p.left < q.right - 0.5 && q.left < p.right - 0.5 && p.top < q.bottom - 0.5 && q.top < p.bottom - 0.5) \
         overlaps.push([a.id, b.id]); })); \
     return { scrolled: scrollY, board: whole(document.querySelector('#board')), \
       clocks: shown('.clock').map((e) => [e.id, whole(e)]), \
       names: shown('.player .pname').map((e) => [e.textContent, whole(e)]), overlaps };";

// (ee) On a phone, in a timed game, every player's clock and name are in
// sight with the board, without scrolling, in each family of games (the
// records name the players, the longest rows).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium: run by cargo xtask test"]
async fn a_phone_shows_every_clock_with_the_board() {
    run("a_phone_shows_every_clock_with_the_board", |page| async move {
        let games = [
            ("camelot", "[White \"Michael Nolan\"]\n[Black \"Alexandra Wolkonsky-Hart\"]\n"),
            ("tri-camelot", "[Blue \"Michael Nolan\"]\n[Red \"Bea\"]\n[Green \"Alexandra Wolkonsky-Hart\"]\n"),
            ("checkers", "[Black \"Marion Tinsley\"]\n[White \"Chinook\"]\n"),
        ];
        for (w, h) in [(360, 640), (390, 844)] {
            page.resize(w, h).await;
            for (variant, names) in games {
                let record = format!("[Variant \"{variant}\"]\n{names}\n*\n");
                let clock = json!({ "base_ms": 300_000, "increment_ms": 3000 });
                let game = page.open_new(json!({ "record": record, "clock": clock })).await;
                // A move made: the game is being played, the second player's clock running.
                let example = view(&page, &game).await["example"].as_str().expect("a move").to_string();
                let (code, answer) =
                    page.api("POST", &format!("/api/games/{game}/move"), Some(json!({ "text": example }))).await;
                assert_eq!(code, 200, "{example}: {answer}");
                page.wait_moves(&[&example]).await;
                let players = answer["layout"]["players"].as_array().expect("the players").len();
                page.wait_js(
                    "a clock per player",
                    &format!("document.querySelectorAll('.clock:not([hidden])').length === {players}"),
                )
                .await;
                let seen = page.js(PHONE_SIGHT).await;
                page.screenshot(&format!("phone-clocks-{variant}-{w}x{h}")).await;
                let clocks: Vec<Value> = (0..players).map(|i| json!([format!("clock-{i}"), true])).collect();
                let names: Vec<Value> =
                    answer["layout"]["players"].as_array().unwrap().iter().map(|p| json!([p["name"], true])).collect();
                assert_eq!(
                    seen,
                    json!({ "scrolled": 0, "board": true, "clocks": clocks, "names": names, "overlaps": [] }),
                    "{variant} at {w}×{h}"
                );
            }
        }
    })
    .await;
}

// (z) The player is told, and nothing is lost without a word: a refusal
// goes with Escape or an empty Enter; another player's piece dragged says
// why, as a click on it does; browsing while a move is half entered is
// refused rather than throwing the move away; and a button the answer
// disables (Undo at the start) leaves the focus on the board, not nowhere.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium: run by cargo xtask test"]
async fn the_player_is_told_and_nothing_goes_unsaid() {
    run("the_player_is_told_and_nothing_goes_unsaid", |page| async move {
        page.open_position("camelot", None, "1.H7-H8 D11-C12").await;
        // A click on Black's piece, White to move: refused, and Escape lets the refusal go.
        page.click("[data-piece][data-on=\"E10\"]").await;
        page.wait_message("no piece of the player to move on E10").await;
        page.press(Key::Escape, false).await;
        page.wait_no_message("Escape").await;
        // The same piece dragged: the same words.
        page.drag("[data-piece][data-on=\"E10\"]", "[data-cell=\"E9\"]").await;
        page.wait_message("no piece of the player to move on E10").await;
        // A typed move refused; Enter on the empty box lets the refusal go.
        page.type_into("#move-text", "E6-E9").await;
        page.press(Key::Enter, false).await;
        page.wait_message("E6-E9").await;
        page.type_into("#move-text", "").await;
        page.press(Key::Enter, false).await;
        page.wait_no_message("an empty Enter").await;
        // A canter half entered (G6-G8, which may go on to I8): the arrows do not throw it away.
        page.click("[data-piece][data-on=\"G6\"]").await;
        page.wait_js("G6 chosen", "document.querySelector('[data-target=\"G8\"]') !== null").await;
        page.click("[data-cell=\"G8\"]").await;
        page.wait_js("G8 landed", "document.querySelector('[data-target=\"I8\"]') !== null").await;
        page.js("document.querySelector('#flip').focus();").await;
        page.press(Key::Left, false).await;
        page.wait_message("a move is being entered").await;
        assert!(page.exists("[data-target=\"I8\"]").await, "the move half entered is kept");
        // Nor do the buttons: the start is not shown, the move is kept.
        page.click("#nav-first").await;
        page.wait_message("a move is being entered").await;
        assert!(page.exists("[data-target=\"I8\"]").await, "the move half entered is kept by the buttons too");
        assert!(!page.status().await.contains("Showing"), "{}", page.status().await);
        page.click("#finish").await;
        page.wait_moves(&["H7-H8", "D11-C12", "G6-G8"]).await;
        // Undo from the keyboard, back to the start: the button goes grey, the focus to the board.
        for left in [&["H7-H8", "D11-C12"][..], &["H7-H8"], &[]] {
            page.js("document.querySelector('#undo').focus();").await;
            page.press(Key::Enter, false).await;
            page.wait_moves(left).await;
        }
        page.wait_js("Undo disabled", "document.querySelector('#undo').disabled").await;
        // (On the board: the piece last chosen, which Tab reaches again.)
        assert_eq!(focused_cell(&page).await, "G6", "the focus after Undo went grey");
    })
    .await;
}

// (F1) A long game's view carries only its last positions: browsing back
// to the start, and then into the middle from the move list, shows the
// positions the page asks for, each with its status.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium: run by cargo xtask test"]
async fn a_long_game_is_browsed_position_by_position() {
    run("a_long_game_is_browsed_position_by_position", |page| async move {
        let variant = "extends = \"camelot\"\nname = \"endless\"\n[end]\nrepetition = 0\nmove_limit = 0\n";
        let record: Vec<&str> = (0..400).map(|i| ["C6-B5", "C11-B12", "B5-C6", "B12-C11"][i % 4]).collect();
        page.open_new(json!({ "variant_text": variant, "record": record.join(" ") })).await;
        page.wait_status("White to move (move 201).").await;
        page.click("#nav-first").await;
        let said = page.wait_status("White to move (move 1).").await;
        assert!(said.contains("the start position (0 of 400 plies)"), "{said}");
        assert_eq!(page.piece_on("C6").await.as_deref(), Some("White Knight"));
        page.click("#nav-forward").await;
        let said = page.wait_status("Black to move (move 1).").await;
        assert!(said.contains("(1 of 400 plies)"), "{said}");
        assert_eq!(page.piece_on("B5").await.as_deref(), Some("White Knight"));
        // The middle, from the move list.
        page.click("[data-ply=\"151\"]").await;
        let said = page.wait_status("Black to move (move 76).").await;
        assert!(said.contains("(151 of 400 plies)"), "{said}");
        page.click("#nav-last").await;
        page.wait_status("White to move (move 201).").await;
    })
    .await;
}

/// The buttons of the actions' row shown, each with its text.
async fn action_buttons(page: &Page) -> Value {
    page.js("return [...document.querySelectorAll('.actions button')].filter((b) => !b.hidden) \
             .map((b) => [b.id, b.innerText.replace(/\\s+/g, ' ').trim()]);")
        .await
}

// (F16, F1) Resign names who resigns, the player the server would take
// (the only person playing, else the person to move), and asks to be
// confirmed: a double click resigns no one, the question goes by itself
// after a few seconds or with Cancel, and the confirmation resigns that
// player.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium: run by cargo xtask test"]
async fn resign_names_who_resigns_and_asks_to_confirm() {
    run("resign_names_who_resigns_and_asks_to_confirm", |page| async move {
        let game = page.open_position("camelot", None, "1.F7-F8").await;
        page.wait_status("Black to move (move 1).").await;
        assert_eq!(page.text("#resign").await, "Resign (Black)");
        page.double_click("#resign").await;
        page.wait_js("the question", "!document.querySelector('#resign-confirm').hidden").await;
        tokio::time::sleep(CONFIRM_GUARD).await;
        assert_eq!(
            action_buttons(&page).await,
            json!([["resign-confirm", "Confirm: Black resigns"], ["resign-cancel", "Cancel"]]),
            "a double click asks, and no more"
        );
        page.screenshot("resign-confirm").await;
        assert!(view(&page, &game).await["result"].is_null(), "no one resigned");
        // Cancel: the buttons as they were.
        page.click("#resign-cancel").await;
        page.wait_js("Resign again", "!document.querySelector('#resign').hidden").await;
        assert_eq!(
            action_buttons(&page).await,
            json!([["undo", "Undo"], ["draw", "Offer draw"], ["resign", "Resign (Black)"]])
        );
        // Left alone, the question goes.
        page.click("#resign").await;
        page.wait_js("the question", "!document.querySelector('#resign-confirm').hidden").await;
        page.wait_within("the question to go by itself", Duration::from_secs(8), async || {
            match page.js("return document.querySelector('#resign-confirm').hidden;").await {
                Value::Bool(true) => Ok(()),
                v => Err(v.to_string()),
            }
        })
        .await;
        assert!(view(&page, &game).await["result"].is_null(), "no one resigned");
        // Confirmed: Black resigns.
        resign(&page).await;
        page.wait_js("the banner", "!document.querySelector('#banner').hidden").await;
        assert_eq!(page.text("#banner .reason").await, "Black resigned");
        // Against the computer: the person, whoever is to move.
        let (code, v) =
            page.api("POST", "/api/games", Some(json!({ "seats": ["engine", "human"], "engine_ms": 3000 }))).await;
        assert_eq!(code, 201, "{v}");
        page.goto(&format!("/?game={}", v["id"].as_str().unwrap())).await;
        page.wait_status("(computer) is thinking").await;
        assert_eq!(page.text("#resign").await, "Resign (Black)");
    })
    .await;
}

// (F5) A double click on Offer draw offers a draw, and does not accept it
// as well: the answers are the draw box's, away from the button, which
// says that the offer stands; the other player accepts there, or declines.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium: run by cargo xtask test"]
async fn a_double_click_on_offer_draw_does_not_accept_it() {
    run("a_double_click_on_offer_draw_does_not_accept_it", |page| async move {
        let game = page.open_position("camelot", None, "1.F7-F8 F10-F9").await;
        page.wait_status("White to move (move 2).").await;
        page.double_click("#draw").await;
        page.wait_js("the draw box", "!document.querySelector('#draw-offer').hidden").await;
        tokio::time::sleep(Duration::from_millis(300)).await;
        assert!(view(&page, &game).await["result"].is_null(), "the offer was accepted by the same double click");
        assert_eq!((page.text("#draw").await, page.disabled("#draw").await), ("Draw offered".into(), Some(true)));
        assert_eq!(
            draw_box(&page).await,
            json!({ "head": "White offers a draw", "rows": [["1", "Black", "to answer"]],
                    "buttons": ["draw-withdraw", "draw-accept-1", "draw-decline-1"] })
        );
        look_at(&page, &game, "draw-offer-two", "#draw-offer").await;
        page.resize(1280, 900).await;
        page.goto(&format!("/?game={game}")).await;
        page.wait_js("the draw box", "!document.querySelector('#draw-offer').hidden").await;
        // Declined by Black: said, and a draw may be offered again.
        page.click("#draw-decline-1").await;
        page.wait_status("Black declines the draw").await;
        assert!(page.exists("#draw-offer[hidden]").await);
        assert_eq!((page.text("#draw").await, page.disabled("#draw").await), ("Offer draw".into(), Some(false)));
        // Offered again, and accepted by Black.
        page.click("#draw").await;
        page.click("#draw-accept-1").await;
        page.wait_js("the banner", "!document.querySelector('#banner').hidden").await;
        assert_eq!(page.text("#banner .reason").await, "drawn by agreement");
        assert!(page.exists("#draw-offer[hidden]").await, "no offer left in a game over");
    })
    .await;
}

/// The draw box: its head, a row per player who accepted or is to answer
/// (`data-player`, name, state), and its buttons' ids.
async fn draw_box(page: &Page) -> Value {
    page.js(
        "const b = document.querySelector('#draw-offer'); \
         if (b.hidden) return null; \
         return { head: b.querySelector('.d-text').innerText, \
           rows: [...b.querySelectorAll('.d-row')].map((r) => [r.dataset.player, \
             r.querySelector('.d-name').innerText, r.querySelector('.d-state').innerText.replace(/^\\u2713\\s*/, '')]), \
           buttons: [...b.querySelectorAll('button')].map((e) => e.id) };",
    )
    .await
}

/// How the elements `arguments[0]` are laid out: those that show their
/// text cut, those of `arguments[1]` not whole in the window, those not
/// whole in the box that holds them (`arguments[2]`), and the pairs that
/// overlap (each named by its id, else its text).
const LAID_OUT: &str = "const shown = (s) => [...document.querySelectorAll(s)].filter((e) => e.getClientRects().length > 0); \
     const els = shown(arguments[0]), whole = new Set(shown(arguments[1])); \
     const name = (e) => e.id || e.innerText.trim(); \
     const within = (r, q) => r.left >= q.left - 0.5 && r.top >= q.top - 0.5 && r.right <= q.right + 0.5 && r.bottom <= q.bottom + 0.5; \
     const win = { left: 0, top: 0, right: innerWidth, bottom: innerHeight }; \
     const out = { cut: [], outside: [], overflows: [], overlaps: [] }; \
     els.forEach((e, i) => { const r = e.getBoundingClientRect(); \
       if (whole.has(e) && !(r.width > 0 && within(r, win))) out.outside.push(name(e)); \
       const box = e.closest(arguments[2]); \
       if (box && box !== e && !within(r, box.getBoundingClientRect())) out.overflows.push(name(e)); \
       if (e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1) out.cut.push(name(e)); \
       els.slice(i + 1).forEach((f) => { if (e.contains(f) || f.contains(e)) return; const q = f.getBoundingClientRect(); \
         if (r.left < q.right - 0.5 && q.left < r.right - 0.5 && r.top < q.bottom - 0.5 && q.top < r.bottom - 0.5) \
           out.overlaps.push([name(e), name(f)]); }); }); \
     return out;";

/// What the draw box and the clocks' line are checked against: the board,
/// the players' rows and clocks, the status, the buttons, and every part
/// of the box.
const DRAW_PARTS: &str = "#board, .player, .clock:not([hidden]), #clock-note, .status-box, .actions, #draw-offer, \
     #draw-offer .d-text, #draw-offer .d-name, #draw-offer .d-state, #draw-offer button";

/// Looks at `shown` (`#draw-offer`, `#clock-note`) as a person would in
/// each window (a phone, a laptop, a short wide window): a picture named
/// `what`, and, the page scrolled to show it, it whole in the window, and
/// nothing of `DRAW_PARTS` cut, out of its box or over another; on the
/// phone, without scrolling, with the board and the players in sight.
async fn look_at(page: &Page, game: &str, what: &str, shown: &str) {
    for (w, h) in [(390, 844), (1366, 768), (844, 391)] {
        page.resize(w, h).await;
        page.goto(&format!("/?game={game}")).await;
        page.wait_js(&format!("{shown} shown"), &format!("!document.querySelector({shown:?}).hidden")).await;
        let scrolled = page
            .js_args(
                "const e = document.querySelector(arguments[0]); e.scrollIntoView({ block: 'nearest' }); \
                 return scrollY;",
                vec![json!(shown)],
            )
            .await;
        tokio::time::sleep(Duration::from_millis(200)).await;
        page.screenshot(&format!("{what}-{w}x{h}")).await;
        let whole =
            if w == 390 { format!("#board, .player, {shown}, {shown} *") } else { format!("{shown}, {shown} *") };
        let seen = page.js_args(LAID_OUT, vec![json!(DRAW_PARTS), json!(whole), json!("#draw-offer")]).await;
        assert_eq!(
            seen,
            json!({ "cut": [], "outside": [], "overflows": [], "overlaps": [] }),
            "{what} at {w}×{h} (scrolled {scrolled})"
        );
        if w == 390 {
            assert_eq!(scrolled, json!(0), "{what} on a phone, in sight with the board");
        }
    }
}

// (F15) A draw offered in a game of three people: the page shows who
// offered it, who accepted it and who is still to answer, with Accept and
// Decline for each person to answer and Withdraw for the offerer; each
// answers at once, or on its own turn; a refusal or a withdrawal ends the
// offer, and the last acceptance draws the game.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium: run by cargo xtask test"]
async fn three_players_answer_a_draw_one_by_one() {
    run("three_players_answer_a_draw_one_by_one", |page| async move {
        let game = page.open_variant("tri-camelot").await;
        page.wait_status("Blue to move").await;
        page.click("#draw").await;
        page.wait_js("the draw box", "!document.querySelector('#draw-offer').hidden").await;
        assert_eq!(
            draw_box(&page).await,
            json!({ "head": "Blue offers a draw", "rows": [["1", "Red", "to answer"], ["2", "Green", "to answer"]],
                    "buttons": ["draw-withdraw", "draw-accept-1", "draw-decline-1", "draw-accept-2", "draw-decline-2"] })
        );
        assert_eq!((page.text("#draw").await, page.disabled("#draw").await), ("Draw offered".into(), Some(true)));
        // Red accepts: shown as such, and Green is still to answer.
        page.click("#draw-accept-1").await;
        let accepted = json!({ "head": "Blue offers a draw", "rows": [["1", "Red", "accepted"], ["2", "Green", "to answer"]],
                               "buttons": ["draw-withdraw", "draw-accept-2", "draw-decline-2"] });
        page.wait_for("Red's acceptance", async || match draw_box(&page).await {
            v if v == accepted => Ok(()),
            v => Err(v.to_string()),
        })
        .await;
        let v = view(&page, &game).await;
        assert_eq!(v["draw_answers"], json!({ "accepted": [1], "waiting": [2] }), "{v}");
        assert!(!page.status().await.contains("offers a draw"), "said once, in the draw box: {}", page.status().await);
        page.screenshot("draw-offer-three").await;
        // Blue plays on; the offer stands across the move, Red's word too.
        let example = v["example"].as_str().expect("a move").to_string();
        let (code, answer) = page.api("POST", &format!("/api/games/{game}/move"), Some(json!({ "text": example }))).await;
        assert_eq!(code, 200, "{answer}");
        page.wait_status("Red to move").await;
        assert_eq!(draw_box(&page).await, accepted, "after Blue's move");
        // As a person sees it in each window.
        look_at(&page, &game, "draw-offer", "#draw-offer").await;
        page.resize(1280, 900).await;
        page.goto(&format!("/?game={game}")).await;
        page.wait_js("the draw box", "!document.querySelector('#draw-offer').hidden").await;
        // Green declines: the offer is gone, and said to be.
        page.click("#draw-decline-2").await;
        page.wait_status("Green declines the draw").await;
        assert!(page.exists("#draw-offer[hidden]").await);
        // Red offers (its turn); Blue withdraws nothing of Red's: Red withdraws.
        page.click("#draw").await;
        page.wait_js("Red's offer", "!document.querySelector('#draw-offer').hidden").await;
        assert_eq!(page.text("#draw-offer .d-text").await, "Red offers a draw");
        page.click("#draw-withdraw").await;
        page.wait_status("Red withdraws the offer of a draw").await;
        // Offered again, and accepted by both others: a draw.
        page.click("#draw").await;
        page.click("#draw-accept-0").await;
        page.wait_js("Blue's acceptance", "document.querySelector('#draw-accept-0') === null").await;
        page.click("#draw-accept-2").await;
        page.wait_js("the banner", "!document.querySelector('#banner').hidden").await;
        assert_eq!(page.text("#banner .reason").await, "drawn by agreement");
    })
    .await;
}

// (F6, F9) While a clocked game waits for its first move, no clock runs,
// and the page says so under the clocks; the first move starts them and
// the line goes. A loaded game waits for its next move.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium: run by cargo xtask test"]
async fn the_page_says_the_clocks_wait_for_the_first_move() {
    run("the_page_says_the_clocks_wait_for_the_first_move", |page| async move {
        let clock = json!({ "base_ms": 300_000, "increment_ms": 2000 });
        let game = page.open_new(json!({ "variant": "tri-camelot", "clock": clock })).await;
        page.wait_js("the clocks' line", "!document.querySelector('#clock-note').hidden").await;
        assert_eq!(page.text("#clock-note").await, "The clocks start with the first move.");
        let clocks = "return [...document.querySelectorAll('.clock:not([hidden])')].map((e) => [e.innerText, e.classList.contains('running')]);";
        let before = page.js(clocks).await;
        assert_eq!(before, json!([["5:00", false], ["5:00", false], ["5:00", false]]));
        tokio::time::sleep(Duration::from_millis(1300)).await;
        assert_eq!(page.js(clocks).await, before, "no clock ticks");
        look_at(&page, &game, "clocks-wait", "#clock-note").await;
        page.resize(1280, 900).await;
        page.goto(&format!("/?game={game}")).await;
        page.wait_js("the clocks' line", "!document.querySelector('#clock-note').hidden").await;
        // The first move: the line goes, and Red's clock runs.
        let example = view(&page, &game).await["example"].as_str().expect("a move").to_string();
        let (code, answer) = page.api("POST", &format!("/api/games/{game}/move"), Some(json!({ "text": example }))).await;
        assert_eq!(code, 200, "{answer}");
        page.wait_js("the line gone", "document.querySelector('#clock-note').hidden").await;
        page.wait_js("Red's clock running", "document.querySelector('#clock-1').classList.contains('running')").await;
        // A record loaded on its clock: the next move starts them.
        let record = "[Variant \"camelot\"]\n[TimeControl \"300+2\"]\n\n1.F7-F8 {[%clk 0:04:50]} *\n";
        page.open_new(json!({ "record": record, "clock": clock })).await;
        page.wait_js("the clocks' line", "!document.querySelector('#clock-note').hidden").await;
        assert_eq!(page.text("#clock-note").await, "The clocks start with the next move.");
    })
    .await;
}

// (F3) A clocked game the server lost is restored with its clocks as the
// page showed them (the record the page holds has its time control and
// each move's time; the player to move has spent what it thought until
// the page last heard its clock), waiting for the next move.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium: run by cargo xtask test"]
async fn a_lost_game_is_restored_with_its_clocks() {
    run("a_lost_game_is_restored_with_its_clocks", |page| async move {
        let clock = json!({ "base_ms": 300_000, "increment_ms": 2000, "moves": null });
        let game = page.open_new(json!({ "clock": clock })).await;
        page.play(&game, "F7", &["F8"], "F7-F8").await;
        tokio::time::sleep(Duration::from_millis(1200)).await;
        page.play(&game, "F10", &["F9"], "F10-F9").await;
        let lost = view(&page, &game).await;
        let times: Vec<u64> =
            lost["moves"].as_array().unwrap().iter().map(|m| m["clock_ms"].as_u64().unwrap()).collect();
        page.restart_server().await;
        let said = wait_lost(&page).await;
        assert!(said.contains("restore the game to play on (its clocks as shown)"), "{said}");
        let held = downloaded(&page).await;
        assert!(held.contains("[TimeControl \"300+2\"]"), "{held}");
        assert!(held.contains("1.F7-F8 {[%clk 0:05:02]} F10-F9 {[%clk 0:05:0"), "{held}");
        let shown = clocks_shown(&page).await;
        page.click("#restore").await;
        let restored = page.wait_game_other_than(Some(&game)).await;
        page.wait_message("the game is on the server again").await;
        assert!(page.message().await.contains("its clocks as they were"), "{}", page.message().await);
        let v = view(&page, &restored).await;
        assert_eq!((&v["clock"], &v["clock_waits"]), (&clock, &json!(true)), "{v}");
        // Black's as after its move; White's, which ran from then until
        // the game was lost, as the page last heard it.
        let ms = |p: usize| v["clocks"][p]["ms"].as_u64().unwrap();
        assert_eq!(v["clocks"][1]["ms"], lost["clocks"][1]["ms"], "{v}");
        assert!(ms(0) <= times[0] && ms(0) + 2000 > times[0], "{v}");
        page.wait_js("the clocks' line", "!document.querySelector('#clock-note').hidden").await;
        assert_eq!(clocks_shown(&page).await, shown);
    })
    .await;
}

/// The save-name box's value.
async fn save_name(page: &Page) -> Value {
    page.js("return document.querySelector('#save-name').value;").await
}

// (F2) The save-name box belongs to the game: a new game starts with it
// empty, and a game loaded from the games folder shows its file's name,
// so that Save updates that file (after a reload of the tab too).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium: run by cargo xtask test"]
async fn the_save_name_is_the_games_own() {
    run("the_save_name_is_the_games_own", |page| async move {
        let first = page.open_variant("camelot").await;
        page.play(&first, "H7", &["H8"], "H7-H8").await;
        page.type_into("#save-name", "limit").await;
        page.click("#save").await;
        page.wait_message("saved as limit.pgn").await;
        assert_eq!(save_name(&page).await, json!("limit.pgn"), "the box shows the file saved");
        // A new game: no name yet.
        open_dialog(&page).await;
        page.choose("#ng-variant", "tri-camelot").await;
        page.click("#ng-start").await;
        let tri = page.wait_game_other_than(Some(&first)).await;
        assert_eq!(save_name(&page).await, json!(""), "a new game's name");
        // The saved game loaded: its file's name; Save updates the file.
        open_dialog(&page).await;
        page.choose("#ng-saved", "limit.pgn").await;
        page.click("#ng-start").await;
        let loaded = page.wait_game_other_than(Some(&tri)).await;
        page.wait_moves(&["H7-H8"]).await;
        assert_eq!(save_name(&page).await, json!("limit.pgn"), "a loaded game's name");
        page.click("#nav-last").await;
        page.play(&loaded, "D11", &["C12"], "D11-C12").await;
        page.click("#save").await;
        page.wait_message("saved as limit.pgn").await;
        let text = std::fs::read_to_string(page.games.join("limit.pgn")).expect("limit.pgn");
        assert!(text.contains("1.H7-H8 D11-C12"), "{text}");
        // The tab reloaded keeps it; Back, to the new game, has none.
        page.goto(&format!("/?game={loaded}")).await;
        page.wait_moves(&["H7-H8", "D11-C12"]).await;
        assert_eq!(save_name(&page).await, json!("limit.pgn"), "after a reload");
        page.goto(&format!("/?game={tri}")).await;
        page.wait_js("Tri-Camelot", "document.querySelector('[data-cell=\"F5\"] [data-piece]') !== null").await;
        assert_eq!(save_name(&page).await, json!(""), "the new game's again");
    })
    .await;
}

/// The buttons of a game's actions that are disabled, of those a game
/// the server lost cannot take.
const GAME_ACTIONS: &str = "return ['undo', 'draw', 'resign', 'save', 'save-name', 'analyse', 'review', \
     'move-text', 'move-go'].filter((id) => document.getElementById(id).disabled);";

// (F4) A game the server lost (it was restarted) stays shown as what it
// is: said in its place, every action of a game going on disabled, no
// dialog over it; Download gives the record the page holds, and Restore
// starts it again on the server, to play on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium: run by cargo xtask test"]
async fn a_game_the_server_lost_can_be_kept() {
    run("a_game_the_server_lost_can_be_kept", |page| async move {
        let record = "[White \"Ann\"]\n\n{before the start} 1.F7-F8 {quiet} F10-F9!? (1...E10-E9) *\n";
        let game = page.open_new(json!({ "record": record, "seats": ["human", "human"] })).await;
        page.wait_moves(&["F7-F8", "F10-F9"]).await;
        assert_eq!(page.js(GAME_ACTIONS).await, json!([]), "a game going on");
        page.restart_server().await;
        let said = page
            .wait_js(
                "the game said to be lost",
                "!document.querySelector('#lost').hidden && document.querySelector('#lost-text').innerText",
            )
            .await;
        let said = said.as_str().unwrap_or_default().to_string();
        assert!(said.starts_with(&format!("Game {game} is no longer on the server")), "{said}");
        assert!(said.contains("restore the game to play on, or download its record"), "{said}");
        assert_eq!(page.js(&format!("return {DIALOG_OPEN};")).await, json!(false), "no dialog over the game");
        let all = json!(["undo", "draw", "resign", "save", "save-name", "analyse", "review", "move-text", "move-go"]);
        assert_eq!(page.js(GAME_ACTIONS).await, all, "the actions of a game going on");
        page.screenshot("game-lost").await;
        // A piece clicked: why nothing happens.
        page.click("[data-piece][data-on=\"F8\"]").await;
        page.wait_message("this game is no longer on the server: Restore it to play on").await;
        assert!(page.exists("#lost:not([hidden])").await, "the explanation stays");
        // Download: the record of what the page holds, which loads.
        let downloaded = page
            .js("return fetch(document.querySelector('#download').href).then((r) => r.text());")
            .await
            .as_str()
            .unwrap_or_default()
            .to_string();
        assert!(downloaded.contains("[White \"Ann\"]"), "{downloaded}");
        assert!(downloaded.contains("{before the start} 1.F7-F8 {quiet} F10-F9!? (1...E10-E9) *"), "{downloaded}");
        let (code, v) = page.api("POST", "/api/games", Some(json!({ "record": downloaded }))).await;
        assert_eq!(code, 201, "{v}");
        assert_eq!(v["player_names"], json!(["Ann", null]));
        // Restored: the game again, with its moves, to play on.
        page.click("#restore").await;
        let restored = page.wait_game_other_than(Some(&game)).await;
        page.wait_message("the game is on the server again").await;
        page.wait_moves(&["F7-F8", "F10-F9"]).await;
        assert!(page.exists("#lost[hidden]").await);
        assert_eq!(page.js(GAME_ACTIONS).await, json!([]), "a game going on again");
        page.play(&restored, "F8", &["F10", "F12"], "F8xF10xF12").await;
        page.wait_status("Black to move (move 2).").await;
        let v = view(&page, &restored).await;
        assert_eq!((&v["seats"], &v["player_names"]), (&json!(["human", "human"]), &json!(["Ann", null])));
    })
    .await;
}

/// Waits until the page says that its game is lost; what it says.
async fn wait_lost(page: &Page) -> String {
    let said = page
        .wait_js(
            "the game said to be lost",
            "!document.querySelector('#lost').hidden && document.querySelector('#lost-text').innerText",
        )
        .await;
    said.as_str().unwrap_or_default().to_string()
}

/// The record `#download` gives.
async fn downloaded(page: &Page) -> String {
    let text = page.js("return fetch(document.querySelector('#download').href).then((r) => r.text());").await;
    text.as_str().unwrap_or_default().to_string()
}

/// The game's record, through the API.
async fn record_of(page: &Page, game: &str) -> String {
    let (code, text) = page.api("GET", &format!("/api/games/{game}/record"), None).await;
    assert_eq!(code, 200, "GET /api/games/{game}/record: {text}");
    text.as_str().unwrap_or_default().to_string()
}

/// Each player's clock on the page.
async fn clocks_shown(page: &Page) -> [String; 2] {
    [page.text("#clock-0").await, page.text("#clock-1").await]
}

// A clocked game the server lost after a takeback is restored with the
// clocks the page showed: the takeback gave no time back (White keeps
// what it had once the move's time was taken, Black spent what it
// thought), and the record's times, after each player's last move, would
// have given it back.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium: run by cargo xtask test"]
async fn a_restored_game_keeps_the_time_a_takeback_took() {
    run("a_restored_game_keeps_the_time_a_takeback_took", |page| async move {
        let clock = json!({ "base_ms": 300_000, "increment_ms": 2000, "moves": null });
        let game = page.open_new(json!({ "clock": clock })).await;
        page.play(&game, "F7", &["F8"], "F7-F8").await;
        tokio::time::sleep(Duration::from_millis(1200)).await;
        page.play(&game, "F10", &["F9"], "F10-F9").await;
        tokio::time::sleep(Duration::from_millis(1200)).await;
        page.play(&game, "F8", &["F10", "F12"], "F8xF10xF12").await;
        tokio::time::sleep(Duration::from_millis(1200)).await;
        page.click("#undo").await;
        page.wait_moves(&["F7-F8", "F10-F9"]).await;
        let taken = view(&page, &game).await;
        let ms = |v: &Value, p: usize| v["clocks"][p]["ms"].as_u64().unwrap();
        let times: Vec<u64> =
            taken["moves"].as_array().unwrap().iter().map(|m| m["clock_ms"].as_u64().unwrap()).collect();
        assert!(ms(&taken, 0) + 1000 < times[0] && ms(&taken, 1) + 1000 < times[1], "{times:?} {}", taken["clocks"]);
        page.restart_server().await;
        let said = wait_lost(&page).await;
        let shown = clocks_shown(&page).await;
        page.click("#restore").await;
        let restored = page.wait_game_other_than(Some(&game)).await;
        page.wait_message("the game is on the server again").await;
        let v = view(&page, &restored).await;
        assert_eq!((&v["clock"], &v["clock_waits"]), (&clock, &json!(true)), "{v}");
        // White's clock, which ran, as the page last heard it (from the
        // takeback on): without the time its move taken back took, which
        // the record's time after its first move has; Black's, which did
        // not run, as it was.
        let (now, then) = (&v["clocks"], &taken["clocks"]);
        assert!(ms(&v, 0) + 1000 < times[0] && ms(&v, 0) + 2000 > ms(&taken, 0), "restored {now}, taken back {then}");
        assert_eq!(ms(&v, 1), ms(&taken, 1), "restored {now}, taken back {then}");
        page.wait_js("the clocks' line", "!document.querySelector('#clock-note').hidden").await;
        assert_eq!(clocks_shown(&page).await, shown, "the clocks as the page showed them");
        assert!(said.contains("restore the game to play on (its clocks as shown)"), "{said}");
        assert!(page.message().await.contains("its clocks as they were"), "{}", page.message().await);
        page.screenshot("restored-after-takeback").await;
    })
    .await;
}

// A game loaded from a record without a clock, then reviewed, and lost:
// its record, as the page holds it, has everything the server's had (the
// record's tags, its times, its notes and the review's), and the game
// restored has that very record.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium: run by cargo xtask test"]
async fn a_restored_game_keeps_its_whole_record() {
    run("a_restored_game_keeps_its_whole_record", |page| async move {
        let record = "[Event \"Club night\"]\n[Site \"Leeds\"]\n[Date \"2026.11.30\"]\n[White \"Ann\"]\n\
                      [Black \"Bob\"]\n[TimeControl \"300+2\"]\n\n{Notes by Ann} 1.F7-F8 {[%clk 0:04:58] quiet} \
                      F10-F9!? {[%clk 0:04:57.5]} (1...E10-E9) 2.F8xF10xF12 {[%clk 0:04:59]} *\n";
        let game = page.open_new(json!({ "record": record })).await;
        page.wait_moves(&["F7-F8", "F10-F9", "F8xF10xF12"]).await;
        page.choose("#review-ms", "200").await;
        page.click("#review").await;
        page.wait_js("a summary per player", "document.querySelectorAll('#review-report .r-summary').length === 2")
            .await;
        // (The view the server sends once the review is over.)
        tokio::time::sleep(Duration::from_millis(500)).await;
        let own = record_of(&page, &game).await;
        for part in ["[TimeControl \"300+2\"]", "[%clk 0:04:57.5]", "[Annotator \"camelot review\"]", "[%eval "] {
            assert!(own.contains(part), "{part} in {own}");
        }
        page.restart_server().await;
        wait_lost(&page).await;
        let held = downloaded(&page).await;
        for part in ["[Event \"Club night\"]", "[TimeControl \"300+2\"]", "{[%clk 0:04:58] quiet}", "[Annotator"] {
            assert!(held.contains(part), "{part} in {held}");
        }
        page.click("#restore").await;
        let restored = page.wait_game_other_than(Some(&game)).await;
        page.wait_message("the game is on the server again").await;
        assert_eq!(record_of(&page, &restored).await, own);
        assert_eq!(page.text("#player-0 .pperson").await, "Ann");
        page.click("[data-move=\"F10-F9\"]").await;
        page.wait_js(
            "the record's notes of 1...F10-F9",
            "document.querySelector('#move-notes .n-variation')?.innerText === '(1...E10-E9)'",
        )
        .await;
        page.screenshot("restored-record").await;
    })
    .await;
}

// A game of a variant file that this page did not upload (the page was
// reloaded, or the game loaded from the games folder, its file beside its
// record) is restored with that file: the page asks the server for it
// while it shows the game. (And with its seats, and the computer's time
// and strength.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium: run by cargo xtask test"]
async fn a_restored_game_keeps_its_variant_file() {
    run("a_restored_game_keeps_its_variant_file", |page| async move {
        let text = "extends = \"camelot\"\nname = \"mine\"\n";
        let seating = json!({ "seats": ["human", "engine"], "engine_ms": 100, "engine_level": 3 });
        let mut body = json!({ "variant_text": text, "variant_file": "mine.toml" });
        body.as_object_mut().unwrap().extend(seating.as_object().unwrap().clone());
        let game = page.open_new(body).await;
        page.play(&game, "F7", &["F8"], "F7-F8").await;
        page.wait_status("White to move (move 2).").await;
        let own = record_of(&page, &game).await;
        assert!(own.contains("[VariantFile \"mine.toml\"]"), "{own}");
        page.restart_server().await;
        wait_lost(&page).await;
        page.click("#restore").await;
        let restored = page.wait_game_other_than(Some(&game)).await;
        page.wait_message("the game is on the server again").await;
        let v = view(&page, &restored).await;
        assert_eq!((&v["variant"]["name"], &v["variant"]["file"]), (&json!("mine"), &json!("mine.toml")), "{v}");
        assert_eq!(record_of(&page, &restored).await, own);
        let seated = json!({ "seats": v["seats"], "engine_ms": v["engine_ms"], "engine_level": v["engine_level"] });
        assert_eq!(seated, seating);
        assert_eq!(page.text("#player-1 .pseat").await, "computer, level 3");
    })
    .await;
}

// (F11) The dialog's clock fields that the kind of clock ignores are
// disabled, out of the Tab order, not only greyed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium: run by cargo xtask test"]
async fn greyed_dialog_fields_are_disabled() {
    run("greyed_dialog_fields_are_disabled", |page| async move {
        page.open_variant("camelot").await;
        open_dialog(&page).await;
        let disabled = "return ['ng-base-min', 'ng-increment-s', 'ng-moves']\
                        .filter((id) => document.getElementById(id).disabled);";
        for (clock, off) in [
            ("none", json!(["ng-base-min", "ng-increment-s", "ng-moves"])),
            ("increment", json!(["ng-moves"])),
            ("period", json!(["ng-increment-s"])),
        ] {
            page.choose("#ng-clock", clock).await;
            assert_eq!(page.js(disabled).await, off, "{clock}");
        }
        // From the clock's kind, Tab goes past the fields that do not apply.
        page.choose("#ng-clock", "none").await;
        page.js("document.querySelector('#ng-clock').focus();").await;
        page.press(Key::Tab, false).await;
        assert_eq!(focused_cell(&page).await, "ng-record");
        page.choose("#ng-clock", "period").await;
        page.js("document.querySelector('#ng-base-min').focus();").await;
        page.press(Key::Tab, false).await;
        assert_eq!(focused_cell(&page).await, "ng-moves");
    })
    .await;
}

// (F12) Undo takes back a person's move: while only the computer has
// moved (it plays first, and would play the same again), it is disabled,
// saying why.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium: run by cargo xtask test"]
async fn undo_waits_for_a_persons_move() {
    run("undo_waits_for_a_persons_move", |page| async move {
        let body = json!({ "seats": ["engine", "human"], "engine_ms": 100, "engine_level": 1 });
        let (code, v) = page.api("POST", "/api/games", Some(body)).await;
        assert_eq!(code, 201, "{v}");
        let game = v["id"].as_str().unwrap().to_string();
        page.goto(&format!("/?game={game}")).await;
        page.wait_status("Black to move (move 1).").await;
        assert_eq!(page.moves().await.len(), 1, "the computer's first move");
        assert_eq!(page.disabled("#undo").await, Some(true), "nothing of a person's to take back");
        let title = page.js("return document.querySelector('#undo').title;").await;
        assert!(title.as_str().is_some_and(|t| t.starts_with("No move of a person to take back")), "{title}");
        // The person moves, the computer answers: Undo takes the person's move back.
        let example = view(&page, &game).await["example"].as_str().expect("a move").to_string();
        page.type_into("#move-text", &example).await;
        page.click("#move-go").await;
        page.wait_status("Black to move (move 2).").await;
        assert_eq!(page.disabled("#undo").await, Some(false));
        page.click("#undo").await;
        page.wait_status("Black to move (move 1).").await;
        assert_eq!(page.moves().await.len(), 1);
        assert_eq!(page.disabled("#undo").await, Some(true));
    })
    .await;
}

// (F13) The dialog's clock is checked in its own units before it is sent:
// minutes from 0.1 (six seconds) to a day, an increment in seconds up to a
// day.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium: run by cargo xtask test"]
async fn the_dialogs_clock_speaks_minutes() {
    run("the_dialogs_clock_speaks_minutes", |page| async move {
        let first = page.open_variant("camelot").await;
        open_dialog(&page).await;
        page.choose("#ng-clock", "increment").await;
        page.type_into("#ng-increment-s", "0").await;
        let said = |what: &str| {
            format!("the time on each clock is from 0.1 minute (6 seconds) to 1440 minutes (a day), not {what}")
        };
        for (field, value, error) in [
            ("#ng-base-min", "10000", said("10000")),
            ("#ng-base-min", "0.001", said("0.001")),
            ("#ng-base-min", "0", said("0")),
            ("#ng-base-min", "", said("that")),
        ] {
            page.type_into(field, value).await;
            page.click("#ng-start").await;
            page.wait_js(
                &format!("the refusal of {value:?}"),
                &format!("document.querySelector('#ng-error').textContent === {error:?}"),
            )
            .await;
            assert_eq!(page.game_id().await.as_deref(), Some(first.as_str()), "no game started");
        }
        page.type_into("#ng-base-min", "0.1").await;
        page.type_into("#ng-increment-s", "100000").await;
        page.click("#ng-start").await;
        page.wait_js(
            "the increment refused",
            "document.querySelector('#ng-error').textContent === \
             'the increment is a number of seconds from 0 to 86400 (a day), not 100000'",
        )
        .await;
        page.type_into("#ng-increment-s", "2").await;
        page.click("#ng-start").await;
        let game = page.wait_game_other_than(Some(&first)).await;
        let v = view(&page, &game).await;
        assert!(v["clocks"][0]["ms"].as_u64().is_some_and(|ms| (1..=6000).contains(&ms)), "{}", v["clocks"]);
    })
    .await;
}

/// Where the board is in the window: the width of its cell `arguments[0]`,
/// whether it is whole in the window, and whether it is beside the panel
/// (left of it, not above it).
const BOARD_PLACE: &str = "const b = document.querySelector('#board').getBoundingClientRect(); \
     const p = document.querySelector('.panel').getBoundingClientRect(); \
     const c = document.querySelector('[data-cell=\"' + arguments[0] + '\"]').getBoundingClientRect(); \
     return { cell: Math.round(Math.min(c.width, c.height) * 10) / 10, \
       whole: b.left >= 0 && b.top >= 0 && b.right <= innerWidth && b.bottom <= innerHeight, \
       beside: b.right <= p.left && p.top < b.bottom };";

// (F17) A short, wide window (a phone held sideways, a small laptop
// window) keeps the board beside the panel, as tall as the window lets
// it, and its cells big enough to play on (20 pixels at least).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium: run by cargo xtask test"]
async fn a_short_wide_window_keeps_the_board_playable() {
    run("a_short_wide_window_keeps_the_board_playable", |page| async move {
        for (w, h) in [(844, 391), (800, 461)] {
            page.resize(w, h).await;
            for (variant, moves, cell) in [
                ("camelot", "1.F7-F8 F10-F9 2.F8xF10xF12 E11xG13", "F8"),
                ("tri-camelot", "1.F7-F9", "F9"),
                ("checkers", "1.11-15", "15"),
            ] {
                page.open_position(variant, None, moves).await;
                let place = page.js_args(BOARD_PLACE, vec![json!(cell)]).await;
                page.screenshot(&format!("short-window-{variant}-{w}x{h}")).await;
                assert_eq!(
                    (&place["whole"], &place["beside"]),
                    (&json!(true), &json!(true)),
                    "{variant} at {w}×{h}: {place}"
                );
                let size = place["cell"].as_f64().unwrap_or_default();
                assert!(size >= 20.0, "{variant} at {w}×{h}: cells of {size} px");
            }
        }
    })
    .await;
}

/// How the panel uses the window: whether it scrolls, the move list's
/// height over the panel's, and the share of the window's width that
/// neither the board nor the panel take.
const PANEL_USE: &str = "const panel = document.querySelector('.panel'), list = document.querySelector('#moves'); \
     const b = document.querySelector('#board').getBoundingClientRect(), p = panel.getBoundingClientRect(); \
     return { scrolls: panel.scrollHeight > panel.clientHeight + 1, \
       list: Math.round(list.getBoundingClientRect().height / p.height * 100) / 100, \
       empty: Math.round((innerWidth - (p.right - b.left)) / innerWidth * 100) / 100 };";

// (F10) A laptop's window (1366 × 629, 1280 × 761 inside) gives the move
// list a column of the panel's whole height, beside the rest, rather than
// three rows in a panel that scrolls with a third of the width empty.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium: run by cargo xtask test"]
async fn a_laptop_window_uses_its_width_for_the_moves() {
    run("a_laptop_window_uses_its_width_for_the_moves", |page| async move {
        // A long game, played through the API.
        let (game, v) = long_game(&page).await;
        let moves = v["moves"].as_array().unwrap().len();
        assert!(moves >= 30, "a long game: {moves} moves");
        for (w, h) in [(1366, 629), (1280, 761)] {
            page.resize(w, h).await;
            page.goto(&format!("/?game={game}")).await;
            page.wait_js("the moves", &format!("document.querySelectorAll('[data-move]').length === {moves}")).await;
            let used = page.js(PANEL_USE).await;
            page.screenshot(&format!("laptop-{w}x{h}")).await;
            assert_eq!(used["scrolls"], json!(false), "{w}×{h}: {used}");
            assert!(used["list"].as_f64().is_some_and(|l| l >= 0.75), "{w}×{h}: the move list's height: {used}");
            assert!(used["empty"].as_f64().is_some_and(|e| e <= 0.15), "{w}×{h}: the width left empty: {used}");
        }
    })
    .await;
}
