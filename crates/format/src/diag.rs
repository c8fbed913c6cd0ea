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

    /// Records a problem at byte `offset` of the source.
    pub fn error(&mut self, offset: usize, message: impl Into<String>) {
        self.found.push((offset, message.into()));
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

    /// `Ok` when nothing was recorded, else every problem in file order.
    pub fn finish(mut self) -> Result<(), FileErrors> {
        if self.found.is_empty() {
            return Ok(());
        }
        self.found.sort_by_key(|(o, _)| *o);
        let diagnostics = self
            .found
            .iter()
            .map(|(o, m)| {
                let (line, column) = self.line_col(*o);
                Diagnostic { line, column, message: m.clone() }
            })
            .collect();
        Err(FileErrors { file: self.file.clone(), diagnostics })
    }
}
