//! Diagnostics for files a user writes: every problem with its line and column.

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
            write!(f, "{}:{}:{}: error: {}", self.file, d.line, d.column, d.message)?;
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
}

impl<'a> Diagnostics<'a> {
    /// Starts collecting for `file` whose text is `source`.
    pub fn new(file: &str, source: &'a str) -> Diagnostics<'a> {
        Diagnostics { file: file.to_string(), source, found: Vec::new() }
    }

    /// Records a problem at byte `offset` of the source. A line of the
    /// message longer than [`MAX_LINE`] characters (a long piece of the
    /// file quoted) is cut there, with `…`.
    pub fn error(&mut self, offset: usize, message: impl Into<String>) {
        let message = message.into();
        let message = if message.lines().any(|l| l.chars().count() > MAX_LINE) {
            message.lines().map(cut).collect::<Vec<_>>().join("\n")
        } else {
            message
        };
        self.found.push((offset, message));
    }

    /// Whether any problem was recorded.
    pub fn has_errors(&self) -> bool {
        !self.found.is_empty()
    }

    /// The 1-based line and column of a byte offset.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let mut offset = offset.min(self.source.len());
        while !self.source.is_char_boundary(offset) {
            offset -= 1;
        }
        let before = &self.source[..offset];
        let line = before.matches('\n').count() + 1;
        let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        (line, column)
    }

    /// `Ok` when nothing was recorded, else the problems in file order:
    /// the first [`MAX_DIAGNOSTICS`], then one saying how many more there are.
    pub fn finish(mut self) -> Result<(), FileErrors> {
        if self.found.is_empty() {
            return Ok(());
        }
        self.found.sort_by_key(|(o, _)| *o);
        let more = self.found.len().saturating_sub(MAX_DIAGNOSTICS);
        self.found.truncate(MAX_DIAGNOSTICS + 1);
        // Lines and columns in one pass over the text (the offsets are sorted).
        let (mut line, mut line_start, mut at) = (1, 0, 0);
        let mut diagnostics = Vec::with_capacity(self.found.len());
        for (i, (offset, message)) in self.found.iter().enumerate() {
            let mut offset = (*offset).min(self.source.len());
            while !self.source.is_char_boundary(offset) {
                offset -= 1;
            }
            for (j, b) in self.source.as_bytes()[at..offset].iter().enumerate() {
                if *b == b'\n' {
                    line += 1;
                    line_start = at + j + 1;
                }
            }
            at = offset;
            let column = self.source[line_start..offset].chars().count() + 1;
            let message = if i == MAX_DIAGNOSTICS {
                format!("... and {more} more problems (only the first {MAX_DIAGNOSTICS} are shown)")
            } else {
                message.clone()
            };
            diagnostics.push(Diagnostic { line, column, message });
        }
        Err(FileErrors { file: self.file.clone(), diagnostics })
    }
}

/// The most problems [`Diagnostics::finish`] reports one by one.
pub const MAX_DIAGNOSTICS: usize = 50;

/// The longest line of a message (see [`Diagnostics::error`]).
pub const MAX_LINE: usize = 300;

/// `line` cut to [`MAX_LINE`] characters.
fn cut(line: &str) -> String {
    match line.char_indices().nth(MAX_LINE) {
        Some((i, _)) => format!("{}…", &line[..i]),
        None => line.to_string(),
    }
}
