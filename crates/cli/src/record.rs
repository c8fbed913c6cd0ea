//! Reading the game of a record: where it starts, its moves played one by
//! one, and how it ended. `replay`, `review`, `suite` and `play` (going on
//! with a saved game) all read a record's game here, so that a record one
//! of them accepts, every other accepts, and a mistake is worded alike.

use crate::error::{CliError, GameProblem};
use leap_arena::Termination;
use leap_core::notation::{parse_position, ReadMove, Record};
use leap_core::{Game, History, Position};

/// Game `number` (from 1) of the record file named `file`, for the errors.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Source<'a> {
    /// The file as the user named it.
    pub(crate) file: &'a str,
    /// The game's number in the file, from 1.
    pub(crate) number: usize,
}

impl Source<'_> {
    /// An error about the game as a whole (its tags, its start).
    fn problem(&self, problem: GameProblem) -> CliError {
        CliError::RecordGame { file: self.file.to_string(), game: self.number, problem }
    }
}

/// The position a record's game starts from: its `[Position]` tag, or the
/// `[FEN]` tag of PDN records, or the variant's start.
pub(crate) fn record_start<G: Game>(game: &G, record: &Record) -> Result<Position, GameProblem> {
    let given = record.start_tag().map_err(|why| GameProblem::Tags { at: record.tag_at("FEN"), why })?;
    match given {
        Some((tag, p)) => {
            parse_position(game, p).map_err(|error| GameProblem::Start { tag, at: record.tag_at(tag), error })
        }
        None => Ok(game.start()),
    }
}

/// The game of `record` played from its start: the history, and how each
/// move was read (a move completed from a shorter text, or one that may
/// also stand for another). The first move that cannot be played is the
/// error, with its place and move number.
pub(crate) fn play_record<G: Game>(
    game: &G,
    record: &Record,
    source: Source<'_>,
) -> Result<(History, Vec<ReadMove>), CliError> {
    let mut history = History::new(record_start(game, record).map_err(|p| source.problem(p))?);
    let read = history
        .play_all(game, &record.moves)
        .map_err(|error| CliError::Replay { file: source.file.to_string(), error })?;
    Ok((history, read))
}

/// How the game of `record`, played out in `history`, ended off the board
/// (a resignation, a flag, an agreement: its `[Termination]` tag, or a
/// result the final position does not give), if it did; `None` when it
/// goes on or ended by the rules. A result or tag the moves contradict is
/// the error ([`Termination::of_record`]).
pub(crate) fn record_ending<G: Game>(
    game: &G,
    history: &History,
    record: &Record,
    source: Source<'_>,
) -> Result<Option<Termination>, CliError> {
    match Termination::of_record(game, history, record) {
        Ok(Some(how)) if !matches!(how, Termination::Rules(_)) => Ok(Some(how)),
        Ok(_) => Ok(None),
        Err(e) => Err(source.problem(GameProblem::Tags { at: e.at, why: e.why })),
    }
}
