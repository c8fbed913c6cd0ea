//! Where the players' lines come from: a line editor with the history of
//! typed lines when the input is a terminal (rustyline), or plain lines
//! when it is piped. Either gives each line as bytes, so that a line that
//! is not text can be refused without ending the game; and the questions
//! asked of a player, answered yes or no.

use std::io::{self, BufRead, Write};

/// A source of typed lines.
pub(super) trait Lines {
    /// Shows `prompt` and reads a line (without its end); `None` at the end
    /// of the input.
    fn read(&mut self, prompt: &str, out: &mut dyn Write) -> io::Result<Option<Vec<u8>>>;
}

/// Lines of a piped input (or any reader).
pub(super) struct Piped<R>(pub(super) R);

impl<R: BufRead> Lines for Piped<R> {
    fn read(&mut self, prompt: &str, out: &mut dyn Write) -> io::Result<Option<Vec<u8>>> {
        write!(out, "{prompt}")?;
        out.flush()?;
        let mut line = Vec::new();
        if self.0.read_until(b'\n', &mut line)? == 0 {
            writeln!(out)?;
            return Ok(None);
        }
        Ok(Some(line))
    }
}

/// Lines typed at a terminal, with editing and the history of lines typed
/// (up and down arrows).
pub(super) struct Edited {
    editor: rustyline::DefaultEditor,
    /// The last read ended with Ctrl-C.
    interrupted: bool,
}

impl Edited {
    /// A line editor on the terminal, if one can be set up.
    pub(super) fn new() -> Option<Edited> {
        rustyline::DefaultEditor::new().ok().map(|editor| Edited { editor, interrupted: false })
    }
}

impl Lines for Edited {
    fn read(&mut self, prompt: &str, out: &mut dyn Write) -> io::Result<Option<Vec<u8>>> {
        out.flush()?;
        let read = self.editor.readline(prompt);
        let interrupted = std::mem::replace(&mut self.interrupted, false);
        match read {
            Ok(line) => {
                if !line.trim().is_empty() {
                    let _ = self.editor.add_history_entry(line.as_str());
                }
                Ok(Some(line.into_bytes()))
            }
            // Ctrl-C drops the line being typed and says how to leave; a
            // second one at once leaves, as Ctrl-D (the end of the input) does.
            Err(rustyline::error::ReadlineError::Interrupted) if interrupted => Ok(None),
            Err(rustyline::error::ReadlineError::Interrupted) => {
                self.interrupted = true;
                writeln!(out, "(Ctrl-C again, Ctrl-D or `quit` leaves the game)")?;
                Ok(Some(Vec::new()))
            }
            Err(rustyline::error::ReadlineError::Eof) => Ok(None),
            // A line that is not text: refused by the caller, like a piped one.
            Err(rustyline::error::ReadlineError::Io(e)) if e.kind() == io::ErrorKind::InvalidData => {
                Ok(Some(vec![0xff]))
            }
            Err(rustyline::error::ReadlineError::Io(e)) => Err(e),
            Err(e) => Err(io::Error::other(e.to_string())),
        }
    }
}

/// Asks `question` until the answer is yes or no (`yes`, `y`, `no`, `n`,
/// in any case): whether it is yes. Anything else asks again; the end of
/// the input is no.
pub(super) fn yes_or_no(lines: &mut dyn Lines, question: &str, out: &mut dyn Write) -> io::Result<bool> {
    loop {
        let Some(answer) = lines.read(question, out)? else { return Ok(false) };
        match String::from_utf8_lossy(&answer).trim().to_ascii_lowercase().as_str() {
            "yes" | "y" => return Ok(true),
            "no" | "n" => return Ok(false),
            _ => writeln!(out, "please answer yes or no")?,
        }
    }
}
