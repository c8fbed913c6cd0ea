//! TOML syntax errors in a player's words: what the parser reports (`expected
//! newline, `#``, `invalid basic string`), said as what is wrong on the line
//! and how to write it.

/// A TOML syntax error that the parser reports at byte `at` of `text`
/// with `message`: where it is, and what it is in a player's words
/// ([`syntax_message`]). An unclosed multi-line string, or a list left
/// open to the end of the file, is placed where it opens: the parser finds
/// it at the end.
pub(crate) fn syntax_error(text: &str, at: usize, message: &str) -> (usize, String) {
    let at = at.min(text.len());
    let said = syntax_message(text, at, message);
    let first = message.lines().next().unwrap_or("").trim();
    let opening = match first {
        "invalid multiline basic string" => text[..at].rfind("\"\"\""),
        "invalid multiline literal string" => text[..at].rfind("'''"),
        "invalid array" if text[at..].trim().is_empty() => open_list(&text[..at]),
        _ => None,
    };
    (opening.unwrap_or(at), said)
}

/// Where the list open at the end of `text` opens: the first `[` after
/// the `=` of the last line that gives a key (`key = [`), if any.
fn open_list(text: &str) -> Option<usize> {
    let mut line_end = text.len();
    loop {
        let start = text[..line_end].trim_end_matches(['\n', '\r']).rfind('\n').map_or(0, |i| i + 1);
        let line = &text[start..line_end];
        let key = line.split('=').next().map(str::trim).unwrap_or("");
        let gives_key = line.contains('=')
            && !key.is_empty()
            && key.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.' | '"' | '\'' | ' '));
        if gives_key {
            let equals = start + line.find('=')?;
            return text[equals..].find('[').map(|i| equals + i);
        }
        if start == 0 {
            return None;
        }
        line_end = start;
    }
}

/// The message of a TOML syntax error at byte `at` of `text`, from the
/// parser's `message`: in a player's words where the parser's are known,
/// else the parser's own; where it gives none (a value missing after `=`,
/// a control character), one made from what is written there.
///
/// The place (`file:line:column`) is the caller's; the message says what
/// was expected there and what was found.
pub(crate) fn syntax_message(text: &str, at: usize, message: &str) -> String {
    let message = message.trim();
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let before = text[line_start..at].trim_end();
    let next = text[at..].chars().next();
    if let Some(c) = next.filter(|c| c.is_control() && !matches!(c, '\t' | '\n' | '\r')) {
        return format!(
            "the control character U+{:04X} cannot be written in a variant file, not even in a comment",
            c as u32
        );
    }
    if message.is_empty() {
        return match next {
            Some('\r') if !text[at..].starts_with("\r\n") => {
                "a carriage return alone ends no line here: save the file with ordinary line ends (LF or CRLF)"
                    .to_string()
            }
            Some('\n' | '\r') | None if before.ends_with('=') => needs_value(before),
            None => "the file ends in the middle of a line that is not complete".to_string(),
            Some(c) => {
                format!("`{c}` does not fit here: the line is not written as `key = value`, `[table]` or `# comment`")
            }
        };
    }
    if message.contains("too large to fit") {
        // (The reader's words: "number too large to fit in target type".)
        return "the number is too large for any key (each key's range is in docs/variants.md)".to_string();
    }
    let mut lines = message.lines().map(str::trim);
    let (first, detail) = (lines.next().unwrap_or(""), lines.next().unwrap_or(""));
    let said = in_words(first, detail, found(&text[at..]), before).unwrap_or_else(|| message.to_string());
    // Lines that end with a carriage return alone (old Mac files) are one
    // line to TOML: the error is then somewhere on it, and that is why.
    let line_end = text[at..].find('\n').map_or(text.len(), |i| at + i);
    let lone_return = text[line_start..line_end].trim_end_matches('\r').contains('\r');
    if lone_return {
        format!("{said} (the file's lines end with a carriage return alone, as old Mac files did: save it with ordinary line ends)")
    } else {
        said
    }
}

/// What a line that ends after `=` (`before`, the line up to the error)
/// needs.
fn needs_value(before: &str) -> String {
    format!("`{before}` needs a value: a \"string\", a number, true or false, or a [list]")
}

/// The word written at the error (up to a space, a comma, a bracket or the
/// line's end), for the message: `found `16``; nothing at a line's end.
fn found(rest: &str) -> String {
    let word: String =
        rest.chars().take_while(|c| !c.is_whitespace() && !matches!(c, ',' | ']' | '}' | '#')).take(24).collect();
    match word.as_str() {
        "" if rest.starts_with([',', ']', '}', '#']) => format!("; found `{}`", &rest[..1]),
        "" => String::new(),
        w => format!("; found `{w}`"),
    }
}

/// The parser's message (its `first` line, and the `detail` line under it)
/// in a player's words, with what was `found` and the line up to the error
/// (`before`); `None` for a message not known here.
fn in_words(first: &str, detail: &str, found: String, before: &str) -> Option<String> {
    let key = before.split('=').next().map(str::trim).filter(|k| !k.is_empty() && before.contains('='));
    let message = match first {
        "expected newline, `#`" => {
            format!("expected the end of the line (or a `# comment`) after the value{found}; one key a line, as `key = value`")
        }
        "expected `.`, `=`" => match key {
            Some(_) => format!("expected `=` after the key{found}"),
            None => format!("expected `=` after the key `{}`{found}", before.trim()),
        },
        "invalid key" => format!("expected a key before `=`, a name such as `files`{found}"),
        "invalid basic string" => "a \"string\" is not closed on its line: add the closing `\"`".to_string(),
        "invalid literal string" => "a 'string' is not closed on its line: add the closing `'`".to_string(),
        "invalid multiline basic string" => "a \"\"\"string\"\"\" is not closed: add the closing `\"\"\"`".to_string(),
        "invalid multiline literal string" => "a '''string''' is not closed: add the closing `'''`".to_string(),
        "invalid string" => match key {
            Some(key) => format!(
                "`{key}` needs a value: a \"string\" (text goes in quotes), a number, true or false, or a [list]{found}"
            ),
            None => format!("expected a value: a \"string\", a number, true or false, or a [list]{found}"),
        },
        "invalid escape sequence" => {
            "a \"string\" holds a `\\` that starts no escape: write `\\\\` for a backslash, or put the text in 'single quotes'"
                .to_string()
        }
        "invalid table header" => match detail.strip_prefix("duplicate key ").map(duplicate) {
            Some((name, within)) => format!(
                "[{}{}] is given twice, as two [tables] or as a key and a [table]: give each once (a list of \
                 tables is written [[name]])",
                within.map(|t| format!("{t}.")).unwrap_or_default(),
                name.trim_matches('`')
            ),
            None if detail.contains("newline") => {
                format!("a [table] header must end its line (or a `# comment` follow it){found}")
            }
            None if detail.contains("]]") => format!("a [[list of tables]] header is not closed: expected `]]`{found}"),
            None => format!("a [table] header is not closed, or its name is not whole: expected `]`{found}"),
        },
        "invalid array" => {
            format!("a [list] is not closed, or two of its items have no `,` between them: expected `,` or `]`{found}")
        }
        "invalid inline table" => format!(
            "a {{ table }} is not closed, or two of its items have no `,` between them (and none may follow the last): \
             expected `,` or `}}`{found}"
        ),
        "invalid integer" | "invalid hexadecimal integer" | "invalid octal integer" | "invalid binary integer"
        | "invalid floating-point number" => format!("expected a number, such as 12{found}"),
        "invalid date-time" => format!("expected a number, such as 12, or a \"string\"{found}"),
        "invalid unicode 4-digit hex code" | "invalid unicode 8-digit hex code" => {
            "a \"string\" holds a `\\u` escape that names no character (such as `\\uD800`): write the character \
             itself, or the escape of one"
                .to_string()
        }
        "recursion limit exceeded" => "lists or tables are nested too deep here".to_string(),
        _ => {
            let (name, within) = duplicate(first.strip_prefix("duplicate key ")?);
            let place = within.map(|t| format!(" in [{t}]")).unwrap_or_default();
            format!("{name}{place} is given twice: give each key once")
        }
    };
    Some(message)
}

/// The key and the table of the parser's "duplicate key `a` in table
/// `rules`" (after "duplicate key "): `` `a` `` and `rules`; no table for
/// the document's root.
fn duplicate(text: &str) -> (&str, Option<&str>) {
    let (name, table) = text.split_once(" in ").unwrap_or((text, "document root"));
    let table = table.strip_prefix("table ").map(|t| t.trim().trim_matches('`').trim_matches('\''));
    (name.trim(), table)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Diagnostics;

    /// The first problem of a variant text, as `camelot check` shows it.
    fn first_problem(text: &str) -> String {
        let mut diag = Diagnostics::new("x.toml", text);
        let read = crate::read("x.toml", text, &mut diag);
        assert!(read.is_none(), "{text:?} was read");
        let e = diag.finish().unwrap_err().to_string();
        e.lines().next().unwrap().to_string()
    }

    #[test]
    fn a_syntax_error_without_a_message_from_the_parser_is_described() {
        // (Found by fuzzing: these printed `error: ` and nothing more.)
        assert_eq!(
            first_problem("castle_moves = "),
            "x.toml:1:16: error: `castle_moves =` needs a value: a \"string\", a number, true or false, or a [list]"
        );
        assert!(first_problem("name = \"x\"\nextends =").starts_with("x.toml:2:10: error: `extends =` needs a value"));
        assert!(first_problem("# a comment\u{1d}\nname = \"x\"\n")
            .starts_with("x.toml:1:12: error: the control character U+001D cannot be written"));
        assert_eq!(
            syntax_message("a = 1 b", 6, ""),
            "`b` does not fit here: the line is not written as `key = value`, `[table]` or `# comment`"
        );
    }

    /// Every syntax error the parser reports in its own words is said in
    /// a player's, at the parser's place, with what was found there.
    #[test]
    fn syntax_errors_are_said_in_a_players_words() {
        for (text, expected) in [
            (
                "name = \"x\"\nranks = 16 16\n",
                "x.toml:2:12: error: expected the end of the line (or a `# comment`) after the value; found `16`; \
                 one key a line, as `key = value`",
            ),
            ("name = \"x\n", "x.toml:1:10: error: a \"string\" is not closed on its line: add the closing `\"`"),
            ("name = 'x\n", "x.toml:1:10: error: a 'string' is not closed on its line: add the closing `'`"),
            (
                "name = x\n",
                "x.toml:1:8: error: `name` needs a value: a \"string\" (text goes in quotes), a number, true or \
                 false, or a [list]; found `x`",
            ),
            ("name \"x\"\n", "x.toml:1:6: error: expected `=` after the key `name`; found `\"x\"`"),
            ("= 3\n", "x.toml:1:1: error: expected a key before `=`, a name such as `files`; found `=`"),
            (
                "[board\nfiles = 3\n",
                "x.toml:1:7: error: a [table] header is not closed, or its name is not whole: expected `]`",
            ),
            (
                "[board]]\n",
                "x.toml:1:8: error: a [table] header must end its line (or a `# comment` follow it); found `]`",
            ),
            ("[[players]\n", "x.toml:1:10: error: a [[list of tables]] header is not closed: expected `]]`; found `]`"),
            (
                "[board]\nfiles = 1\n[board]\n",
                "x.toml:3:1: error: [board] is given twice, as two [tables] or as a key and a [table]: give each \
                 once (a list of tables is written [[name]])",
            ),
            (
                "[end]\ngoal_count = 1\n[end.goal_count]\n",
                "x.toml:3:1: error: [end.goal_count] is given twice, as two [tables] or as a key and a [table]: \
                 give each once (a list of tables is written [[name]])",
            ),
            ("name = \"x\"\nname = \"y\"\n", "x.toml:2:1: error: `name` is given twice: give each key once"),
            ("[rules]\na = 1\na = 2\n", "x.toml:3:1: error: `a` in [rules] is given twice: give each key once"),
            (
                "castle = [\"F1\" \"G1\"]\n",
                "x.toml:1:16: error: a [list] is not closed, or two of its items have no `,` between them: expected \
                 `,` or `]`; found `\"G1\"`",
            ),
            (
                "x = {a = 1\n",
                "x.toml:1:11: error: a { table } is not closed, or two of its items have no `,` between them (and \
                 none may follow the last): expected `,` or `}`",
            ),
            (
                "name = \"a\\qb\"\n",
                "x.toml:1:12: error: a \"string\" holds a `\\` that starts no escape: write `\\\\` for a backslash, \
                 or put the text in 'single quotes'",
            ),
            ("files = 0x\n", "x.toml:1:11: error: expected a number, such as 12"),
            ("x = +\n", "x.toml:1:6: error: expected a number, such as 12"),
            ("name = \"\"\"abc\n", "x.toml:1:8: error: a \"\"\"string\"\"\" is not closed: add the closing `\"\"\"`"),
            ("layout = '''\nabc\n", "x.toml:1:10: error: a '''string''' is not closed: add the closing `'''`"),
            (
                "extends = \"camette\"\nname = \"x\"\ntitle = \"\"\"a\nb\nc\n",
                "x.toml:3:9: error: a \"\"\"string\"\"\" is not closed: add the closing `\"\"\"`",
            ),
            (
                "extends = \"camette\"\nname = \"x\"\nturn_order = [\"White\", \"Black\"\n",
                "x.toml:3:14: error: a [list] is not closed, or two of its items have no `,` between them: expected \
                 `,` or `]`",
            ),
            (
                "title = \"\\uD800\"\n",
                "x.toml:1:12: error: a \"string\" holds a `\\u` escape that names no character (such as `\\uD800`): \
                 write the character itself, or the escape of one",
            ),
            (
                &format!("x = {}{}\n", "[".repeat(100), "]".repeat(100)),
                "x.toml:1:84: error: lists or tables are nested too deep here",
            ),
        ] {
            assert_eq!(first_problem(text), expected, "{text:?}");
        }
    }

    /// Control characters are shown as escapes, and lines ended by a
    /// carriage return alone are named as the cause.
    #[test]
    fn carriage_returns_and_tabs_are_shown_and_explained() {
        assert_eq!(
            first_problem("extends = \"camette\"\nname = \"mine\"\r\n\r"),
            "x.toml:3:1: error: a carriage return alone ends no line here: save the file with ordinary line ends (LF or CRLF)"
        );
        let e = first_problem("extends = \"camette\"\rname = \"mine\"\r");
        assert!(e.ends_with("(the file's lines end with a carriage return alone, as old Mac files did: save it with ordinary line ends)"), "{e}");
        assert!(!e.contains('\r'), "{e:?}");
        let e = first_problem("name = \"x\" \u{7}\n");
        assert!(e.starts_with("x.toml:1:12: error: the control character U+0007"), "{e:?}");
        let mut diag = Diagnostics::new("x.toml", "a");
        diag.error(0, "rank 6 of the layout has `\t`");
        assert_eq!(diag.finish().unwrap_err().to_string(), "x.toml:1:1: error: rank 6 of the layout has `\\t`");
    }

    /// A message this file does not know is the parser's own.
    #[test]
    fn an_unknown_message_is_the_parsers() {
        assert_eq!(syntax_message("a = 1", 0, "something new\nexpected this"), "something new\nexpected this");
    }
}
