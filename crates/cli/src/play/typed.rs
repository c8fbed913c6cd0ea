//! What a player types, read as meant where a slip is common: characters
//! that look like the notation's (a dash or minus sign pasted from a web
//! page, full-width letters and digits, `×`) read as the notation's, a
//! move typed with spaces in it, and a file name in quotes or under `~/`.

use std::path::PathBuf;

/// A line with the characters that look like the notation's read as
/// the notation's.
pub(super) struct Reading {
    /// The line as read.
    pub(super) text: String,
    /// Each character read as another, once, in the order met.
    replaced: Vec<(char, char)>,
}

impl Reading {
    /// `line` read: en and em dashes, minus signs and other dashes as `-`,
    /// full-width ASCII as ASCII (`Ｅ６` as `E6`), `×` as `x`.
    pub(super) fn of(line: &str) -> Reading {
        let mut replaced = Vec::new();
        let text = line
            .chars()
            .map(|c| match look_alike(c) {
                Some(plain) => {
                    if !replaced.contains(&(c, plain)) {
                        replaced.push((c, plain));
                    }
                    plain
                }
                None => c,
            })
            .collect();
        Reading { text, replaced }
    }

    /// Whether a character was read as another.
    pub(super) fn changed(&self) -> bool {
        !self.replaced.is_empty()
    }

    /// What was read as what: `` (`–` as `-`)``, with a space before it;
    /// empty when nothing was.
    pub(super) fn how(&self) -> String {
        if self.replaced.is_empty() {
            return String::new();
        }
        let each: Vec<String> = self.replaced.iter().map(|(c, plain)| format!("`{c}` as `{plain}`")).collect();
        format!(" ({})", each.join(", "))
    }
}

/// The notation's character that `c` looks like, if `c` is not one itself.
fn look_alike(c: char) -> Option<char> {
    match c {
        // Hyphen, non-breaking hyphen, figure dash, en dash, em dash,
        // horizontal bar, minus sign, small em dash, small hyphen-minus.
        '\u{2010}'..='\u{2015}' | '\u{2212}' | '\u{fe58}' | '\u{fe63}' => Some('-'),
        '×' => Some('x'),
        // Full-width ASCII, `！` to `～`.
        '\u{ff01}'..='\u{ff5e}' => char::from_u32(c as u32 - 0xfee0),
        _ => None,
    }
}

/// `line` without its spaces (and tabs), when it has some: a move typed
/// `E6 - E8` is written `E6-E8`.
pub(super) fn unspaced(line: &str) -> Option<String> {
    line.contains(char::is_whitespace).then(|| line.split_whitespace().collect())
}

/// The file named after `save`: without one pair of quotes around it
/// (`"a b.pgn"`, `'a b.pgn'`: the name is the rest of the line, spaces
/// and all), and with a leading `~/` read as the home folder (`HOME`), as
/// a shell reads them.
pub(super) fn file_name(text: &str) -> PathBuf {
    let text = text.trim();
    let unquoted =
        ['"', '\''].iter().find_map(|&q| text.strip_prefix(q).and_then(|t| t.strip_suffix(q))).unwrap_or(text);
    match (unquoted.strip_prefix("~/"), std::env::var_os("HOME").filter(|h| !h.is_empty())) {
        (Some(rest), Some(home)) => PathBuf::from(home).join(rest),
        _ => PathBuf::from(unquoted),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn look_alike_characters_are_read_as_the_notations() {
        for (typed, read, how) in [
            ("E6–E8", "E6-E8", " (`–` as `-`)"),
            ("E6—E8", "E6-E8", " (`—` as `-`)"),
            ("E6−E8", "E6-E8", " (`−` as `-`)"),
            ("Ｅ６-Ｅ８", "E6-E8", " (`Ｅ` as `E`, `６` as `6`, `８` as `8`)"),
            ("F8×F10", "F8xF10", " (`×` as `x`)"),
            ("E6-E8", "E6-E8", ""),
        ] {
            let reading = Reading::of(typed);
            assert_eq!((reading.text.as_str(), reading.how().as_str()), (read, how), "{typed}");
            assert_eq!(reading.changed(), !how.is_empty(), "{typed}");
        }
    }

    #[test]
    fn a_line_loses_its_spaces_only_when_it_has_some() {
        assert_eq!(unspaced("e6 - e8").as_deref(), Some("e6-e8"));
        assert_eq!(unspaced("E6\t-E8").as_deref(), Some("E6-E8"));
        assert_eq!(unspaced("E6-E8"), None);
    }

    #[test]
    fn a_file_name_loses_one_pair_of_quotes() {
        assert_eq!(file_name("\"a b.pgn\""), PathBuf::from("a b.pgn"));
        assert_eq!(file_name("'a b.pgn'"), PathBuf::from("a b.pgn"));
        assert_eq!(file_name("\"\"a.pgn\"\""), PathBuf::from("\"a.pgn\""));
        assert_eq!(file_name("\"a.pgn"), PathBuf::from("\"a.pgn"));
        assert_eq!(file_name("a~/b.pgn"), PathBuf::from("a~/b.pgn"));
    }
}
