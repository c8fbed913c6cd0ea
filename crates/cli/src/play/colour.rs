//! Colour at the terminal: each player's pieces and castles in the player's
//! colour, the last move's path on a grey ground. Whether to colour at all
//! is anstream's choice (a terminal that supports it, `NO_COLOR` and
//! `CLICOLOR`/`CLICOLOR_FORCE` respected; never into a pipe), or the
//! player's with `--color`.

use anstream::ColorChoice;
use anstyle::{AnsiColor, Color, Style};
use leap_core::notation::{Look, Paint, Part, Trace};
use leap_core::Game;

/// `--color`: when to colour the board.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, clap::ValueEnum)]
pub enum When {
    /// When the output is a terminal that supports colour and `NO_COLOR` is
    /// not set.
    #[default]
    Auto,
    /// Always (even into a pipe or a file).
    Always,
    /// Never.
    Never,
}

/// The standard output, with colour or without as `when` and the terminal
/// decide, and whether it is coloured.
pub(super) fn stdout(when: When) -> (anstream::AutoStream<std::io::Stdout>, bool) {
    let stream = match when {
        When::Auto => anstream::AutoStream::auto(std::io::stdout()),
        When::Always => anstream::AutoStream::always(std::io::stdout()),
        When::Never => anstream::AutoStream::never(std::io::stdout()),
    };
    let coloured = stream.current_choice() != ColorChoice::Never;
    (stream, coloured)
}

/// The colours of a game's players, for its diagrams.
pub(super) struct Colours {
    players: Vec<Color>,
}

impl Colours {
    /// A colour for each of `game`'s players: the one its name says (Blue,
    /// Red, Green, White, …), else one of a set in turn.
    pub(super) fn of<G: Game>(game: &G) -> Colours {
        const OTHERS: [AnsiColor; 6] =
            [AnsiColor::Cyan, AnsiColor::Yellow, AnsiColor::Magenta, AnsiColor::Red, AnsiColor::Green, AnsiColor::Blue];
        let players = game
            .players()
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let named = match p.name.to_ascii_lowercase().as_str() {
                    "white" => Some(AnsiColor::BrightWhite),
                    // Black on a dark terminal would not show.
                    "black" => Some(AnsiColor::BrightMagenta),
                    "red" => Some(AnsiColor::BrightRed),
                    "green" => Some(AnsiColor::BrightGreen),
                    "blue" => Some(AnsiColor::BrightBlue),
                    "yellow" => Some(AnsiColor::BrightYellow),
                    _ => None,
                };
                Color::Ansi(named.unwrap_or(OTHERS[i % OTHERS.len()]))
            })
            .collect();
        Colours { players }
    }

    fn of_player(&self, player: leap_core::Player) -> Option<Color> {
        self.players.get(player.index()).copied()
    }
}

impl Paint for Colours {
    fn paint(&self, look: &Look, part: Part, text: &str) -> String {
        let mut style = Style::new();
        match part {
            Part::Content => match (look.piece, look.trace) {
                (Some(p), _) => style = style.fg_color(self.of_player(p.player)).bold(),
                (None, Some(Trace::Taken)) => style = style.fg_color(Some(AnsiColor::Red.into())).bold(),
                (None, Some(_)) => style = style.bold(),
                (None, None) => style = style.dimmed(),
            },
            Part::Frame => {
                if let Some(owner) = look.castle {
                    style = style.fg_color(self.of_player(owner)).bold();
                }
            }
        }
        if look.trace.is_some() {
            style = style.bg_color(Some(AnsiColor::BrightBlack.into()));
        }
        if style.is_plain() {
            return text.to_string();
        }
        format!("{style}{text}{style:#}")
    }
}
