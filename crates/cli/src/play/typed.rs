//! What a player types at the terminal, read as meant where a slip is
//! common: a move typed with spaces in it, and a file name in quotes or
//! under `~/`. (Characters that look like the notation's are read by
//! [`leap_core::notation::Reading`], for the web app's typed moves too.)

use std::path::PathBuf;

/// `line` without its spaces (and tabs), when it has some: a move typed
/// `E6 - E8` is written `E6-E8`.
pub(super) fn unspaced(line: &str) -> Option<String> {
    line.contains(char::is_whitespace).then(|| line.split_whitespace().collect())
}

/// The file named after `save`: without one pair of quotes around it
/// (`"a b.pgn"`, `'a b.pgn'`: the name is the rest of the line, spaces
/// and all), and with a leading `~/` (or `~` alone) read as the home
/// folder (`HOME`), as a shell reads them. Refused, with why: a quote
/// that is not closed or not opened, and spaces outside quotes (two
/// words, or a name with spaces that needs them), which a shell would not
/// read as one name either.
pub(super) fn file_name(text: &str) -> Result<PathBuf, String> {
    let text = text.trim();
    let quoted = ['"', '\''].iter().find_map(|&q| text.strip_prefix(q).and_then(|t| t.strip_suffix(q)));
    let unquoted = match quoted {
        Some(name) => name,
        None if text.starts_with(['"', '\'']) => {
            return Err(format!("the quote that opens {text} is not closed: save \"a b.pgn\" for a name with spaces"))
        }
        None if text.ends_with(['"', '\'']) => {
            return Err(format!("the quote that ends {text} opens nowhere: save \"a b.pgn\" for a name with spaces"))
        }
        None if text.contains(char::is_whitespace) => {
            return Err(format!("a file name with spaces goes in quotes: save \"{text}\""))
        }
        None => text,
    };
    // (A name of nothing but spaces would be a file no one could find.)
    if unquoted.rsplit(['/', '\\']).next().is_some_and(|last| !last.is_empty() && last.trim().is_empty()) {
        return Err(format!("\"{unquoted}\" is only spaces: give the file a name"));
    }
    // (`~name/`, another user's home folder to a shell, is not read so.)
    if let Some((first, _)) = unquoted.split_once(['/', '\\']).filter(|(f, _)| f.len() > 1 && f.starts_with('~')) {
        if !std::path::Path::new(first).exists() {
            return Err(format!(
                "{first} is no folder here: only ~/ is read as a shell reads it (your home folder); write the \
                 folder in full"
            ));
        }
    }
    let home = std::env::var_os("HOME").filter(|h| !h.is_empty());
    Ok(match (unquoted, unquoted.strip_prefix("~/"), home) {
        ("~", _, Some(home)) => PathBuf::from(home),
        (_, Some(rest), Some(home)) => PathBuf::from(home).join(rest),
        _ => PathBuf::from(unquoted),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_loses_its_spaces_only_when_it_has_some() {
        assert_eq!(unspaced("e6 - e8").as_deref(), Some("e6-e8"));
        assert_eq!(unspaced("E6\t-E8").as_deref(), Some("E6-E8"));
        assert_eq!(unspaced("E6-E8"), None);
    }

    #[test]
    fn a_file_name_loses_one_pair_of_quotes() {
        assert_eq!(file_name("\"a b.pgn\""), Ok(PathBuf::from("a b.pgn")));
        assert_eq!(file_name("'a b.pgn'"), Ok(PathBuf::from("a b.pgn")));
        assert_eq!(file_name("\"\"a.pgn\"\""), Ok(PathBuf::from("\"a.pgn\"")));
        assert_eq!(file_name("a~/b.pgn"), Ok(PathBuf::from("a~/b.pgn")));
        assert_eq!(file_name("  a.pgn "), Ok(PathBuf::from("a.pgn")));
        // What a shell would not read as one name is not read as one.
        assert_eq!(
            file_name("\"a.pgn"),
            Err("the quote that opens \"a.pgn is not closed: save \"a b.pgn\" for a name with spaces".into())
        );
        // A name of spaces only, and another user's home, are said to be no name.
        assert_eq!(file_name("\"  \""), Err("\"  \" is only spaces: give the file a name".into()));
        assert!(file_name("\"d/ \"").is_err_and(|e| e.contains("only spaces")));
        assert!(
            file_name("~nobody-here/x.pgn").is_err_and(|e| e.starts_with("~nobody-here is no folder here: only ~/"))
        );
        // (A file whose name starts with `~` is a file name.)
        assert_eq!(file_name("~backup.pgn"), Ok(PathBuf::from("~backup.pgn")));
        assert_eq!(file_name("a.pgn more"), Err("a file name with spaces goes in quotes: save \"a.pgn more\"".into()));
        assert_eq!(
            file_name("a.pgn\""),
            Err("the quote that ends a.pgn\" opens nowhere: save \"a b.pgn\" for a name with spaces".into())
        );
    }
}
