//! Diagnostics for files a user writes: every problem with its line and column.

use leap_core::notation::shortened;
use std::fmt;

/// One problem in a file, at a 1-based line and column.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Diagnostic {
    /// 1-based line.
    pub line: usize,
    /// 1-based column (in characters).
    pub column: usize,
    /// What is wrong and what would be accepted.
    pub message: String,
    /// When the line and column are in another file than the one read (a
    /// value inherited through `extends`): that file, and where it is
    /// extended.
    pub origin: Option<Origin>,
}

/// Where a problem with an inherited value is: the file in which the value
/// is written, and the `extends` lines through which the file read inherits
/// it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Origin {
    /// The file the value is written in (`variants/camelot.toml`).
    pub file: String,
    /// The `extends` that inherit it, nearest first, as `file:line:column`.
    pub inherited_at: Vec<String>,
}

/// All the problems found in one file.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct FileErrors {
    /// The file's name as the user gave it.
    pub file: String,
    /// The problems, in file order.
    pub diagnostics: Vec<Diagnostic>,
}

impl fmt::Display for FileErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.diagnostics.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            match &d.origin {
                None => write!(f, "{}:{}:{}: error: {}", self.file, d.line, d.column, d.message)?,
                Some(o) => write!(
                    f,
                    "{}:{}:{}: error: {} (inherited through `extends` at {})",
                    o.file,
                    d.line,
                    d.column,
                    d.message,
                    o.inherited_at.join(", then ")
                )?,
            }
        }
        Ok(())
    }
}

impl std::error::Error for FileErrors {}

/// Collects diagnostics for a source text, turning byte offsets into lines and columns.
///
/// ```
/// use leap_format::Diagnostics;
/// let mut d = Diagnostics::new("a.toml", "x = 1\ny = 2\n");
/// d.error(8, "bad value");
/// let e = d.finish().unwrap_err();
/// assert_eq!(e.to_string(), "a.toml:2:3: error: bad value");
/// ```
pub struct Diagnostics<'a> {
    file: String,
    source: &'a str,
    found: Vec<(usize, String)>,
    /// The problems of `found`, to record each once at once (a file of
    /// 200 000 wrong pieces has as many).
    seen: std::collections::HashSet<(usize, String)>,
    /// Other files' texts (those extended), each at its own offsets.
    others: Vec<Source>,
}

/// A file extended by the one read: its text takes the offsets from
/// `start` on, and it is extended at offset `inherited_at` of another.
struct Source {
    file: String,
    text: String,
    start: usize,
    inherited_at: usize,
}

impl<'a> Diagnostics<'a> {
    /// Starts collecting for `file` whose text is `source`.
    pub fn new(file: &str, source: &'a str) -> Diagnostics<'a> {
        Diagnostics { file: file.to_string(), source, found: Vec::new(), seen: Default::default(), others: Vec::new() }
    }

    /// Adds the text of another file, one that the file read extends at
    /// offset `inherited_at` (an offset of the file read, or of a file
    /// added before): the offset its own offsets start from, for
    /// [`Diagnostics::error`].
    ///
    /// ```
    /// use leap_format::Diagnostics;
    /// let mut d = Diagnostics::new("a.toml", "extends = \"b.toml\"\n");
    /// let base = d.add_source("b.toml", "x = 1\ny = 2\n", 10);
    /// d.error(base + 6, "bad value");
    /// let e = d.finish().unwrap_err();
    /// assert_eq!(e.to_string(), "b.toml:2:1: error: bad value (inherited through `extends` at a.toml:1:11)");
    /// ```
    pub fn add_source(&mut self, file: &str, text: &str, inherited_at: usize) -> usize {
        let start = self.others.last().map_or(self.source.len(), |s| s.start + s.text.len()) + 1;
        self.others.push(Source { file: file.to_string(), text: text.to_string(), start, inherited_at });
        start
    }

    /// The file, text and start offset holding `offset`: the file read
    /// (index None), or an extended one.
    fn source_of(&self, offset: usize) -> (Option<usize>, &str, usize) {
        match self.others.iter().rposition(|s| s.start <= offset) {
            Some(i) => (Some(i), self.others[i].text.as_str(), self.others[i].start),
            None => (None, self.source, 0),
        }
    }

    /// Whether `offset` is in the file read itself, not in one it extends.
    ///
    /// ```
    /// use leap_format::Diagnostics;
    /// let mut d = Diagnostics::new("a.toml", "extends = \"b.toml\"\n");
    /// let base = d.add_source("b.toml", "x = 1\n", 10);
    /// assert!(d.is_own(3) && !d.is_own(base + 1));
    /// ```
    pub fn is_own(&self, offset: usize) -> bool {
        self.source_of(offset).0.is_none()
    }

    /// The text of the file that holds `offset`, from there to its end.
    pub fn text_from(&self, offset: usize) -> &str {
        let (_, text, start) = self.source_of(offset);
        text.get(offset - start..).unwrap_or("")
    }

    /// Where the extended file `i` is inherited: `file:line:column` of each
    /// `extends`, nearest first.
    fn inherited_at(&self, i: usize) -> Vec<String> {
        let mut out = Vec::new();
        let mut at = self.others[i].inherited_at;
        for _ in 0..=self.others.len() {
            let (j, text, start) = self.source_of(at);
            let (line, column) = line_col(text, at - start);
            let file = j.map_or(self.file.as_str(), |j| self.others[j].file.as_str());
            out.push(format!("{file}:{line}:{column}"));
            match j {
                Some(j) => at = self.others[j].inherited_at,
                None => break,
            }
        }
        out
    }

    /// Records a problem at byte `offset` of the source. A line of the
    /// message longer than [`MAX_LINE`] characters (a long piece of the
    /// file quoted) is cut there, with `…`. The same problem at the same
    /// place is recorded once.
    pub fn error(&mut self, offset: usize, message: impl Into<String>) {
        // (Its control characters as escapes, a file's `\r` or tab quoted
        // in it: a carriage return would send the cursor back over the
        // place. Its own line breaks stay.)
        let message = message.into().split('\n').map(leap_core::visible).collect::<Vec<_>>().join("\n");
        let message = if message.lines().any(|l| l.chars().count() > MAX_LINE) {
            message.lines().map(|line| shortened(line, MAX_LINE)).collect::<Vec<_>>().join("\n")
        } else {
            message
        };
        // (One problem found twice, as by two players of one name, is said once.)
        if self.seen.insert((offset, message.clone())) {
            self.found.push((offset, message));
        }
    }

    /// Whether any problem was recorded.
    pub fn has_errors(&self) -> bool {
        !self.found.is_empty()
    }

    /// How many problems are recorded: a check that leaves it as it was
    /// found none.
    pub fn count(&self) -> usize {
        self.found.len()
    }

    /// The 1-based line and column of a byte offset (in the file that holds it).
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let (_, text, start) = self.source_of(offset);
        line_col(text, offset - start)
    }

    /// `Ok` when nothing was recorded, else the problems in file order
    /// (the file read first, then the files it extends): the first
    /// [`MAX_DIAGNOSTICS`], then one saying how many more there are.
    pub fn finish(mut self) -> Result<(), FileErrors> {
        if self.found.is_empty() {
            return Ok(());
        }
        self.found.sort_by_key(|(o, _)| *o);
        let more = self.found.len().saturating_sub(MAX_DIAGNOSTICS);
        self.found.truncate(MAX_DIAGNOSTICS + 1);
        // Lines and columns in one pass over each text (the offsets are sorted).
        let (mut line, mut line_start, mut at, mut current) = (1, 0, 0, None);
        let mut diagnostics = Vec::with_capacity(self.found.len());
        for (i, (offset, message)) in self.found.iter().enumerate() {
            let (which, text, start) = self.source_of(*offset);
            if which != current {
                (line, line_start, at, current) = (1, 0, 0, which);
            }
            let mut offset = (offset - start).min(text.len());
            while !text.is_char_boundary(offset) {
                offset -= 1;
            }
            for (j, b) in text.as_bytes()[at..offset].iter().enumerate() {
                if *b == b'\n' {
                    line += 1;
                    line_start = at + j + 1;
                }
            }
            at = offset;
            let column = text[line_start..offset].chars().count() + 1;
            let message = if i == MAX_DIAGNOSTICS {
                format!("... and {more} more problems (only the first {MAX_DIAGNOSTICS} are shown)")
            } else {
                message.clone()
            };
            let origin =
                which.map(|w| Origin { file: self.others[w].file.clone(), inherited_at: self.inherited_at(w) });
            diagnostics.push(Diagnostic { line, column, message, origin });
        }
        Err(FileErrors { file: self.file.clone(), diagnostics })
    }
}

/// The 1-based line and column of byte `offset` of `text`.
pub(crate) fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}

/// The most problems [`Diagnostics::finish`] reports one by one.
pub const MAX_DIAGNOSTICS: usize = 50;

/// The longest line of a message (see [`Diagnostics::error`]).
pub const MAX_LINE: usize = 300;
