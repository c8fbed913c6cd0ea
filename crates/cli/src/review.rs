//! `camelot review`: the engine's judgement of every move of a game
//! record, as a chess site's computer analysis gives it: each move's
//! score against the best move's, searched alike, the moves that lost
//! ground marked (inaccuracy `?!`, mistake `?`, blunder `??`) with the
//! better line, a summary per player, and the game written again with
//! all of it as a record that `replay` reads.

use crate::analyze::{score_text, EngineArgs, SearchLimits};
use crate::commands::{emit, read_records};
use crate::error::{CliError, CliResult, GameProblem};
use crate::record::{play_record, record_ending, Source};
use crate::save::{check_target, refuse_existing, save_new_as};
use leap_core::notation::{format_move, tag_line, Record};
use leap_core::{Annotation, Game, History};
use leap_engine::review::{annotator, noted, reviewed_before, Tally, ANNOTATOR};
use leap_engine::{Engine, Limits, Options, Stop};
use leap_games::{self as variant, with_game, Played};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

/// The options of `camelot review`.
#[derive(clap::Args, Debug)]
pub struct ReviewOptions {
    /// The game record (`.pgn`, `.pdn`); every game of the file is reviewed.
    file: PathBuf,
    #[command(flatten)]
    limits: SearchLimits,
    #[command(flatten)]
    engine: EngineArgs,
    /// Write the games again, annotated (scores, glyphs, better lines), as
    /// a new record file (an existing file is refused, before any search).
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    output: Option<PathBuf>,
}

/// Runs `camelot review`: every game of the file, move by move.
pub fn run(opts: &ReviewOptions) -> CliResult {
    let file = &opts.file;
    let name = file.display().to_string();
    if let Some(out) = &opts.output {
        refuse_existing(out, std::slice::from_ref(out), &[], "review")?;
        check_target(out, &[])?;
    }
    let records = read_records(file, "there is no game in the file (no tags, no moves, no result)")?;
    // Every game is read before the first search: a mistake in the file
    // shows at once, not after minutes of searching.
    let mut games = Vec::new();
    for (i, record) in records.iter().enumerate() {
        let problem = |problem| CliError::RecordGame { file: name.clone(), game: i + 1, problem };
        let variant = variant::for_record(record, file).map_err(|e| problem(GameProblem::variant(record, e)))?;
        let source = Source { file: &name, number: i + 1 };
        let history = with_game!(&variant, g => {
            let (history, _) = play_record(g, record, source)?;
            // The result and the tags that tell how the game ended, checked
            // against the moves as `replay` checks them: the review writes
            // them again, and must not write a record `replay` refuses.
            record_ending(g, &history, record, source)?;
            history
        });
        games.push((variant, history));
        // (What the annotated record cannot write again is said before the
        // searches: the file read is left as it is.)
        if let (Some(out), Some(unkept)) = (&opts.output, &record.unkept) {
            let game = if records.len() > 1 { format!("game {} of {name}", i + 1) } else { name.clone() };
            eprintln!(
                "note: {} leaves out an annotation of {game} that a record written again does not keep: {unkept} \
                 ({name} itself is left as it is)",
                out.display()
            );
        }
    }
    let limits = opts.limits.limits();
    let options = opts.engine.options();
    // The annotated games so far, the one being reviewed last: what a
    // signal that ends the review writes.
    let written = Arc::new(Mutex::new(Vec::new()));
    let watch = opts.output.as_ref().and_then(|out| keep_on_interrupt(out.clone(), Arc::clone(&written)));
    for (i, ((variant, history), record)) in games.iter().zip(&records).enumerate() {
        let place = (records.len() > 1).then_some((i + 1, records.len()));
        let tags = written_tags(record, file, opts.output.as_deref());
        let keep = |text: String| {
            let mut written = written.lock().unwrap_or_else(|e| e.into_inner());
            written.truncate(i);
            written.push(text);
        };
        with_game!(variant, g => review_game(g.clone(), history, record, &tags, place, &limits, options, keep)?);
    }
    drop(watch);
    if let Some(out) = &opts.output {
        let written = written.lock().unwrap_or_else(|e| e.into_inner());
        save_new_as(out, &written.join("\n"))?;
        emit(&format!("wrote {}\n", out.display()))?;
    }
    Ok(())
}

/// Watches for a signal that ends the program (Ctrl-C) while a review
/// runs: the games reviewed so far, and the moves reviewed of the one
/// under way (the rest of its moves written without notes), are written to
/// `out` before the program ends. `None` (with a note) where signals
/// cannot be watched.
fn keep_on_interrupt(out: PathBuf, written: Arc<Mutex<Vec<String>>>) -> Option<crate::interrupt::Interrupt> {
    crate::interrupt::Interrupt::watch(move |_| {
        let guard = written.lock().unwrap_or_else(|e| e.into_inner());
        if guard.is_empty() {
            eprintln!("\nreview interrupted before its first move was reviewed: {} not written", out.display());
        } else {
            match save_new_as(&out, &guard.join("\n")) {
                Ok(()) => eprintln!("\nreview interrupted: the moves reviewed so far are in {}", out.display()),
                Err(e) => eprintln!("\nreview interrupted, and the moves reviewed could not be written: {e}"),
            }
        }
        // (The lock is held until the program ends: nothing is written twice.)
        std::mem::forget(guard);
        true
    })
    .map_err(|e| eprintln!("note: Ctrl-C will end the review without writing what it reviewed: {e}"))
    .ok()
}

/// Reviews one game, printing a line per move as its searches end and
/// then a summary per player; gives `keep` the game written again,
/// annotated: after each move (marked as reviewed that far), and whole at
/// the end.
#[allow(clippy::too_many_arguments)]
fn review_game<G: Played>(
    game: G,
    history: &History,
    record: &Record,
    tags: &[(String, String)],
    place: Option<(usize, usize)>,
    limits: &Limits,
    options: Options,
    mut keep: impl FnMut(String),
) -> CliResult {
    let players = game.players().len();
    let names: Vec<String> = game.players().iter().map(|p| p.name.clone()).collect();
    let mut head = String::new();
    if let Some((i, n)) = place {
        head.push_str(&format!("Game {i} of {n}"));
    } else {
        head.push_str("Game");
    }
    let who: Vec<String> = names
        .iter()
        .filter_map(|n| record.tag(n).map(|person| format!("{n}: {}", leap_core::visible(person))))
        .collect();
    if !who.is_empty() {
        head.push_str(&format!(" ({})", who.join(", ")));
    }
    emit(&format!(
        "{head}: {} of {}; scores for the player who moved, in Men\n",
        leap_core::counted(history.moves().len() as u64, "move"),
        game.name()
    ))?;
    let eval = game.evaluation();
    let mut engine = Engine::new(game.clone(), eval, options);
    let positions = history.positions();
    let mut notes = Vec::with_capacity(history.moves().len());
    let mut tallies = vec![Tally::default(); players];
    let stop = Stop::new();
    for (ply, mv) in history.moves().iter().enumerate() {
        let before = &positions[..=ply];
        let pos = positions[ply];
        let mover = pos.to_move().index();
        let reviewed = engine.review_move(before, mv.key(), limits, &stop);
        let moved = format!("{}{}", history.label_at(ply), format_move(game.board(), mv));
        let mut line = format!("  {moved:<22}{:>10}", score_text(reviewed.score));
        if let (Some(j), Some(better)) = (reviewed.judgement, &reviewed.better) {
            let text = better.text(&game, &pos);
            line.push_str(&format!("  {} {}: {text} was best ({})", j.glyph(), j.name(), score_text(better.score)));
        }
        tallies[mover].add(&reviewed);
        notes.push(reviewed.annotation(&game, history, ply));
        if notes.len() < history.moves().len() {
            keep(annotated_record(&game, history, record, tags, &notes));
        }
        // (Shown once kept: a move seen reviewed is written if the review is cut short.)
        emit(&format!("{line}\n"))?;
    }
    let summary: String = names
        .iter()
        .zip(&tallies)
        .filter(|(_, t)| t.moves > 0)
        .map(|(name, t)| format!("{name}: {}\n", t.summary()))
        .collect();
    emit(&summary)?;
    keep(annotated_record(&game, history, record, tags, &notes));
    Ok(())
}

/// The tags of `record`, read from `file`, as the annotated record writes
/// them at `output`: all but those it writes itself (`Result`,
/// `Annotator`), a variant file's tag naming it from `output`'s folder.
fn written_tags(record: &Record, file: &std::path::Path, output: Option<&std::path::Path>) -> Vec<(String, String)> {
    let tags: Vec<(String, String)> = variant::record_tags(record, file)
        .into_iter()
        .filter(|(k, _)| !k.eq_ignore_ascii_case("Result") && !k.eq_ignore_ascii_case("Annotator"))
        .collect();
    match output {
        Some(out) => variant::tags_beside(&tags, out),
        None => tags,
    }
}

/// The game written again with `notes`: its `tags` (and an `Annotator`
/// tag), its moves annotated, beside what the record said of them (see
/// [`leap_engine::review::noted`]), and its result as the record gives it. With
/// fewer notes than moves (a review cut short), the `Annotator` tag says
/// how many moves were reviewed, and the others are written bare.
fn annotated_record<G: Game>(
    game: &G,
    history: &History,
    record: &Record,
    tags: &[(String, String)],
    notes: &[Annotation],
) -> String {
    let result = match record.result.as_deref() {
        Some(r) if r != "*" => r.to_string(),
        _ => record.tag("Result").map_or_else(|| history.result_token(game), str::to_string),
    };
    let mut out: String = tags.iter().map(|(k, v)| tag_line(k, v)).collect();
    if record.tag("Variant").is_none() {
        out.push_str(&tag_line("Variant", game.name()));
    }
    let moves = history.moves().len();
    let name = if notes.len() < moves {
        format!("{ANNOTATOR} (interrupted: {} of {moves} moves reviewed)", notes.len())
    } else {
        ANNOTATOR.to_string()
    };
    // (The record's own annotators stay named, before the review.)
    let written_by = record.tag("Annotator");
    out.push_str(&tag_line("Annotator", &annotator(written_by, &name)));
    out.push_str(&tag_line("Result", &result));
    out.push('\n');
    // What the record said of each move stays beside what the review says
    // (which takes the place of an earlier review's notes), after its clock.
    let reviewed = reviewed_before(written_by);
    let said: Vec<Annotation> = (0..moves)
        .map(|ply| {
            let written = record.moves.get(ply);
            noted(game, written.map(|p| &p.notes), notes.get(ply), reviewed).with_clock(written.and_then(|p| p.clock))
        })
        .collect();
    out.push_str(&history.annotated_movetext(game, &result, &record.intro, &said));
    out
}
