//! What a person types, read as meant: characters that look like the
//! notation's (a dash or minus sign pasted from a web page, full-width
//! letters and digits, `×`) read as the notation's, for the moves and
//! cells people type (`camelot play`, the web app); never for the files
//! the program reads, which must be written as they are meant.

/// A line with the characters that look like the notation's read as
/// the notation's.
pub struct Reading {
    /// The line as read.
    pub text: String,
    /// Each character read as another, once, in the order met.
    replaced: Vec<(char, char)>,
}

impl Reading {
    /// `line` read: en and em dashes, minus signs and other dashes as `-`,
    /// full-width ASCII as ASCII (`Ｅ６` as `E6`), `×` as `x`.
    pub fn of(line: &str) -> Reading {
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
    pub fn changed(&self) -> bool {
        !self.replaced.is_empty()
    }

    /// What was read as what: `` (`–` as `-`)``, with a space before it;
    /// empty when nothing was.
    pub fn how(&self) -> String {
        if self.replaced.is_empty() {
            return String::new();
        }
        let each: Vec<String> = self.replaced.iter().map(|(c, plain)| format!("`{c}` as `{plain}`")).collect();
        format!(" ({})", each.join(", "))
    }
}

/// The notation's character that `c` looks like, if `c` is not one itself.
pub(crate) fn look_alike(c: char) -> Option<char> {
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
}
