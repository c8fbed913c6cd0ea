//! Words for people: why a file could not be read or written, and a
//! number of things with its noun.

/// Why a file could not be read or written, in a player's words: the
/// system's `no such file`, `permission denied`, `it is a folder, not a
/// file`; its other errors in its words without the error's number; an
/// error the program made, with its own words, as it is.
///
/// ```
/// use std::io::{Error, ErrorKind};
/// assert_eq!(leap_core::io_words(&Error::from_raw_os_error(2)), "no such file");
/// assert_eq!(leap_core::io_words(&Error::other("it is not UTF-8 text")), "it is not UTF-8 text");
/// let own = Error::new(ErrorKind::NotFound, "cannot create the file: no folder no/such");
/// assert_eq!(leap_core::io_words(&own), "cannot create the file: no folder no/such");
/// ```
///
/// A system error that a library passed on with the path it was about
/// (`Operation not permitted (os error 1) at path "/tmp/.x4Fz.tmp"`, as
/// the `tempfile` crate does) is the system's error: said in words, and
/// without the path, which names a temporary file the user never asked for.
///
/// ```
/// # use std::io::{Error, ErrorKind};
/// let wrapped = Error::new(ErrorKind::PermissionDenied, "Operation not permitted (os error 1) at path \"/r/.t\"");
/// assert_eq!(leap_core::io_words(&wrapped), "permission denied");
/// ```
///
/// ```
/// # #[cfg(target_os = "linux")] {
/// let long = std::fs::File::open("x".repeat(300)).unwrap_err();
/// assert_eq!(leap_core::io_words(&long), "the name is too long for a file name");
/// let dir = std::env::temp_dir().join(format!("leap-loop-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// let _ = std::fs::remove_file(dir.join("a"));
/// std::os::unix::fs::symlink("a", dir.join("a")).unwrap();
/// let looped = std::fs::File::open(dir.join("a")).unwrap_err();
/// assert_eq!(leap_core::io_words(&looped), "its links lead round in a loop, never to a file");
/// std::fs::remove_dir_all(&dir).unwrap();
/// # }
/// ```
pub fn io_words(e: &std::io::Error) -> String {
    use std::io::ErrorKind;
    let text = e.to_string();
    let system = e.raw_os_error().is_some() || (text.contains(" (os error ") && text.contains(") at path "));
    if !system {
        return text;
    }
    match e.kind() {
        ErrorKind::NotFound => "no such file".to_string(),
        ErrorKind::PermissionDenied => "permission denied".to_string(),
        ErrorKind::IsADirectory => "it is a folder, not a file".to_string(),
        ErrorKind::NotADirectory => "a folder on its path is a file".to_string(),
        ErrorKind::AlreadyExists => "a file of that name is already there".to_string(),
        ErrorKind::InvalidFilename => "the name is too long for a file name".to_string(),
        ErrorKind::StorageFull | ErrorKind::QuotaExceeded => "the disk is full".to_string(),
        ErrorKind::ReadOnlyFilesystem => "the disk is read-only".to_string(),
        // (ELOOP, whose kind has no stable name.)
        _ if text.starts_with("Too many levels of symbolic links") => {
            "its links lead round in a loop, never to a file".to_string()
        }
        _ => match text.find(" (os error ") {
            Some(at) => text[..at].to_string(),
            None => text,
        },
    }
}

/// `n` and the noun `one` names one of, in the plural unless `n` is 1:
/// `1 piece`, `2 pieces`, `1 ply`, `3 plies`.
///
/// ```
/// assert_eq!(leap_core::counted(1u8, "piece"), "1 piece");
/// assert_eq!(leap_core::counted(0u8, "line"), "0 lines");
/// assert_eq!(leap_core::counted(100u16, "ply"), "100 plies");
/// ```
pub fn counted(n: impl Into<u64>, one: &str) -> String {
    let n = n.into();
    if n == 1 {
        format!("1 {one}")
    } else if let Some(stem) = one.strip_suffix('y').filter(|s| !s.ends_with(['a', 'e', 'o', 'u'])) {
        format!("{n} {stem}ies")
    } else {
        format!("{n} {one}s")
    }
}

/// `text` with each control character written visibly: a tab, a line
/// break and a carriage return as `\t`, `\n` and `\r`, any other by its
/// Unicode code point (`<U+001B>`), so that what a file or a program sent
/// holds does not reach a terminal or a page raw: an escape sequence there
/// could clear the screen or retitle the window.
///
/// ```
/// assert_eq!(leap_core::visible("E6-E8"), "E6-E8");
/// assert_eq!(leap_core::visible("x\u{1b}[2Jy\tz"), "x<U+001B>[2Jy\\tz");
/// assert_eq!(leap_core::visible("two\nlines"), "two\\nlines");
/// assert_eq!(leap_core::visible("\u{0}\u{9b}"), "<U+0000><U+009B>");
/// ```
pub fn visible(text: &str) -> String {
    if !text.chars().any(char::is_control) {
        return text.to_string();
    }
    text.chars()
        .map(|c| match c {
            '\t' => "\\t".to_string(),
            '\n' => "\\n".to_string(),
            '\r' => "\\r".to_string(),
            c if c.is_control() => format!("<U+{:04X}>", c as u32),
            c => c.to_string(),
        })
        .collect()
}
