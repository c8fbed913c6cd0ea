//! What a request brings, read so that every refusal, the framework's
//! too (an address that does not decode, a body that breaks off, JSON
//! that does not fit), is an [`ApiError`] in a player's words: the game's
//! number or a saved game's file name in the address ([`GameId`],
//! [`FileName`]), a JSON body ([`JsonBody`]), an optional one
//! ([`OptionalBody`]), and numbers checked against their range
//! ([`Number`]).

use crate::error::{ApiError, ApiResult};
use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, JsonRejection};
use axum::extract::{FromRequest, FromRequestParts, Path, Request};
use axum::http::request::Parts;
use axum::http::StatusCode;
use axum::Json;
use serde::de::{self, DeserializeOwned, Deserializer, Visitor};
use serde::Deserialize;
use std::fmt;
use std::future::Future;
use std::ops::RangeInclusive;
use std::time::Duration;

/// The longest a request's body may take to come in whole: a client that
/// sends part of it and then nothing gets 408, and its connection goes.
pub const BODY_TIMEOUT: Duration = Duration::from_secs(20);

/// `read`, a read of a request's body, unless it takes over [`BODY_TIMEOUT`].
async fn in_time<T>(read: impl Future<Output = ApiResult<T>>) -> ApiResult<T> {
    tokio::time::timeout(BODY_TIMEOUT, read).await.unwrap_or_else(|_| {
        Err(ApiError::Timeout(format!(
            "the request's body did not all come within {} s: send it whole",
            BODY_TIMEOUT.as_secs()
        )))
    })
}

/// The game's number in the address (`/api/games/{id}/…`), as written.
pub struct GameId(pub String);

impl<S: Send + Sync> FromRequestParts<S> for GameId {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> ApiResult<GameId> {
        segment(parts, state, "a game", "a game is named by its number, such as /api/games/1").await.map(GameId)
    }
}

/// The file name in the address (`/api/saved/{file}`), as written.
pub struct FileName(pub String);

impl<S: Send + Sync> FromRequestParts<S> for FileName {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> ApiResult<FileName> {
        segment(parts, state, "a file", "a saved game is named by its file name, such as /api/saved/game-1.pgn")
            .await
            .map(FileName)
    }
}

/// The one part of the address that names `what`, decoded; `example`
/// shows how it is written.
async fn segment<S: Send + Sync>(parts: &mut Parts, state: &S, what: &str, example: &str) -> ApiResult<String> {
    match Path::<String>::from_request_parts(parts, state).await {
        Ok(Path(name)) => Ok(name),
        Err(_) => Err(ApiError::BadRequest(format!(
            "the address {} does not name {what}: its escapes (%..) do not make text; {example}",
            parts.uri.path()
        ))),
    }
}

/// A JSON body (sent as `Content-Type: application/json`) read as `T`.
pub struct JsonBody<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for JsonBody<T> {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> ApiResult<JsonBody<T>> {
        in_time(Self::read(request, state)).await
    }
}

impl<T: DeserializeOwned> JsonBody<T> {
    /// The body, read whole, as `T`.
    async fn read<S: Send + Sync>(request: Request, state: &S) -> ApiResult<JsonBody<T>> {
        match Json::<T>::from_request(request, state).await {
            Ok(Json(t)) => Ok(JsonBody(t)),
            Err(JsonRejection::BytesRejection(e)) => Err(unread(&e)),
            Err(JsonRejection::MissingJsonContentType(_)) => Err(ApiError::BadRequest(
                "the request's body must be JSON, sent as `Content-Type: application/json`".into(),
            )),
            Err(e) => {
                let text = e.body_text();
                let (what, detail) = [
                    ("the request's body: ", "Failed to deserialize the JSON body into the target type: "),
                    (NOT_JSON, "Failed to parse the request body as JSON: "),
                ]
                .iter()
                .find_map(|(what, prefix)| Some((*what, text.strip_prefix(prefix)?)))
                .unwrap_or(("the request's body: ", &text));
                Err(ApiError::BadRequest(format!("{what}{}", plain_words(detail))))
            }
        }
    }
}

/// An optional JSON body (sent as `Content-Type: application/json`, as
/// any body: a page of another site cannot send that without asking the
/// server first): none, or only spaces, reads as `T::default()`.
pub struct OptionalBody<T>(pub T);

impl<T: Default + DeserializeOwned, S: Send + Sync> FromRequest<S> for OptionalBody<T> {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> ApiResult<OptionalBody<T>> {
        let json = request
            .headers()
            .get(axum::http::header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.split(';').next())
            .is_some_and(|v| v.trim().eq_ignore_ascii_case("application/json"));
        let bytes = in_time(async { Bytes::from_request(request, state).await.map_err(|e| unread(&e)) }).await?;
        if bytes.iter().all(u8::is_ascii_whitespace) {
            return Ok(OptionalBody(T::default()));
        }
        if !json {
            return Err(ApiError::BadRequest(
                "the request's body must be JSON, sent as `Content-Type: application/json`".into(),
            ));
        }
        let refused = |e: serde_json::Error| {
            let what = if e.is_syntax() || e.is_eof() { NOT_JSON } else { "the request's body: " };
            ApiError::BadRequest(format!("{what}{}", plain_words(&e.to_string())))
        };
        let value: serde_json::Value = serde_json::from_slice(&bytes).map_err(refused)?;
        // (An object only: serde would read `[]` as a struct without fields.)
        if !value.is_object() {
            return Err(ApiError::BadRequest(format!("the request's body: {}", plain_words("expected a map"))));
        }
        // (With the path to a value that does not fit: `player: wrong kind
        // of value`; read from the text, not the value, where a key given
        // twice would be the last one's: `duplicate field`.)
        let mut reader = serde_json::Deserializer::from_slice(&bytes);
        serde_path_to_error::deserialize(&mut reader).map(OptionalBody).map_err(|e| {
            let path = e.path().to_string();
            let detail = e.into_inner().to_string();
            // (Where in the text, which the value's refusals did not say.)
            let detail = detail.rsplit_once(" at line ").map_or(detail.as_str(), |(d, _)| d);
            let text = plain_words(detail);
            let at = if path == "." { String::new() } else { format!("{path}: ") };
            ApiError::BadRequest(format!("the request's body: {at}{text}"))
        })
    }
}

/// How a refusal of a body that is not JSON begins.
const NOT_JSON: &str = "the request's body is not JSON: ";

/// The body of a request that takes none: nothing, or `{}`.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct NoFields {}

/// A body that could not be read whole.
fn unread(e: &BytesRejection) -> ApiError {
    if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
        ApiError::TooLarge("the request is too large".into())
    } else {
        ApiError::BadRequest(
            "the request's body could not be read: it broke off, or its chunks are not well formed".into(),
        )
    }
}

/// What the JSON reader says of a body that does not fit, in a player's
/// words: the kinds of values it expected named as a person would.
fn plain_words(detail: &str) -> String {
    if detail.starts_with("EOF while parsing a value at line 1 column 0") {
        return "it is empty: send a JSON object, `{}` for every default".into();
    }
    if detail.contains("expected struct") || detail.contains("expected a map") {
        // (The field whose value is not an object, when it is one of the body's.)
        let field = detail.split_once(": invalid type").map(|(f, _)| f).filter(|f| !f.contains(' '));
        let at = field.map_or(String::new(), |f| format!("{f}: "));
        return format!("{at}expected a JSON object, `{{...}}`, with the fields the page sends");
    }
    let mut text = detail.replace("there are no fields", "this request takes none: send no body, or `{}`");
    // (The JSON reader's words for text that is not JSON.)
    for (serde, plain) in [
        ("EOF while parsing an object", "it ends before its object is closed with `}`"),
        ("EOF while parsing a list", "it ends before its list is closed with `]`"),
        ("EOF while parsing a string", "it ends inside text in quotes"),
        ("EOF while parsing a value", "it ends where a value should be"),
        ("invalid unicode code point", "a `\\u` escape names no character"),
        (
            "unexpected end of hex escape",
            "a `\\u` escape is not complete: four hex digits, and a surrogate with its pair",
        ),
        ("invalid escape", "a `\\` escape JSON does not have"),
        ("recursion limit exceeded", "lists or objects nested too deep"),
        ("trailing characters", "more follows the JSON value"),
        ("key must be a string", "an object's key must be text in quotes"),
        ("expected value", "expected a JSON value"),
    ] {
        text = text.replace(serde, plain);
    }
    // (`at line 1 column 13`: where, as the other messages say it.)
    const AT: &str = " at line ";
    if let Some(at) = text.rfind(AT) {
        if let Some((line, column)) = text[at + AT.len()..].split_once(" column ") {
            if line.bytes().chain(column.bytes()).all(|b| b.is_ascii_digit()) {
                text = format!("{} (line {line}, column {column})", &text[..at]);
            }
        }
    }
    text = text.replace("number out of range", "a number too large to read");
    // (serde's words: an enum's "variant" would read as a game's variant.)
    for (serde, plain) in [
        ("unknown variant", "unknown value"),
        ("invalid type: integer", "wrong kind of value: the number"),
        ("invalid type: floating point", "wrong kind of value: the number"),
        ("invalid type: string", "wrong kind of value: the text"),
        ("invalid type: boolean", "wrong kind of value:"),
        ("invalid type: sequence", "wrong kind of value: a list"),
        ("invalid type: map", "wrong kind of value: an object"),
        ("invalid type: null", "wrong kind of value: null"),
        ("expected a sequence", "expected a list, `[...]`"),
        ("expected a string", "expected text in quotes"),
        ("expected a boolean", "expected true or false"),
    ] {
        text = text.replace(serde, plain);
    }
    for (word, plain) in [
        ("u64", "a whole number from 0 up"),
        ("u32", "a whole number from 0 up"),
        ("u16", "a whole number from 0 up"),
        ("u8", "a whole number from 0 up"),
        ("usize", "a whole number from 0 up"),
        ("i64", "a whole number"),
        ("i32", "a whole number"),
        ("f64", "a number"),
    ] {
        text = text.replace(&format!("expected {word}"), &format!("expected {plain}"));
    }
    text
}

/// A number as a request writes it: a whole number from 0 up, or another
/// (negative, a fraction, or too large), kept so that the check of its
/// range ([`Number::within`]) can say what is expected.
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum Number {
    /// A whole number from 0 up.
    Whole(u64),
    /// Any other number.
    Other(f64),
}

impl Number {
    /// The number, when it is a whole one in `range`; else the refusal
    /// `refusal` writes for the number as given.
    pub fn within(self, range: RangeInclusive<u64>, refusal: impl FnOnce(Number) -> String) -> ApiResult<u64> {
        match self {
            Number::Whole(n) if range.contains(&n) => Ok(n),
            _ => Err(ApiError::BadRequest(refusal(self))),
        }
    }
}

impl fmt::Display for Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Number::Whole(n) => write!(f, "{n}"),
            // (Written out, 1e23 would show digits the request did not write.)
            Number::Other(x) if x.abs() >= 1e15 => write!(f, "{x:e}"),
            Number::Other(x) => write!(f, "{x}"),
        }
    }
}

impl<'de> Deserialize<'de> for Number {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Number, D::Error> {
        struct Any;
        impl Visitor<'_> for Any {
            type Value = Number;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a whole number")
            }
            fn visit_u64<E: de::Error>(self, n: u64) -> Result<Number, E> {
                Ok(Number::Whole(n))
            }
            fn visit_i64<E: de::Error>(self, n: i64) -> Result<Number, E> {
                Ok(u64::try_from(n).map_or(Number::Other(n as f64), Number::Whole))
            }
            fn visit_f64<E: de::Error>(self, x: f64) -> Result<Number, E> {
                // (`500.0` is 500; above 2^53 a float is not a number as written.)
                let whole = x.fract() == 0.0 && (0.0..9_007_199_254_740_992.0).contains(&x);
                Ok(if whole { Number::Whole(x as u64) } else { Number::Other(x) })
            }
        }
        deserializer.deserialize_any(Any)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_number_out_of_range_is_shown_as_written() {
        let read = |text: &str| serde_json::from_str::<Number>(text).unwrap();
        assert_eq!(read("12"), Number::Whole(12));
        assert_eq!(read("12.0"), Number::Whole(12));
        assert_eq!(read("-1").to_string(), "-1");
        assert_eq!(read("2.5").to_string(), "2.5");
        assert_eq!(read("99999999999999999999999").to_string(), "1e23");
        let refusal = |n: Number| format!("from 1 to 8, not {n}");
        assert_eq!(read("3").within(1..=8, refusal), Ok(3));
        assert_eq!(read("9").within(1..=8, refusal), Err(ApiError::BadRequest("from 1 to 8, not 9".into())));
        assert!(serde_json::from_str::<Number>("\"fast\"")
            .unwrap_err()
            .to_string()
            .contains("expected a whole number"));
    }
}
