//! What a request that cannot be served gets: a 4xx status and a sentence
//! a player can act on, as `{"error": "…"}`.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;

/// A refused request.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ApiError {
    /// The request is malformed (400).
    BadRequest(String),
    /// No such game, or file (404).
    NotFound(String),
    /// A request of another site's page, or for another site's address
    /// (403).
    Forbidden(String),
    /// Not now: it is another seat's turn, the game is over (409).
    Conflict(String),
    /// Well formed, but against the rules or invalid (422): an illegal
    /// move, a variant file or record with problems.
    Invalid(String),
    /// The body is over the size limit (413).
    TooLarge(String),
    /// The address does not take this method (405).
    MethodNotAllowed(String),
    /// The body did not all come in time (408).
    Timeout(String),
    /// The server could not do what was asked: its disk failed, or is
    /// read-only (500).
    Failed(String),
    /// The server's disk is full (507).
    Full(String),
}

impl ApiError {
    /// The HTTP status.
    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::BadRequest(_) => StatusCode::BAD_REQUEST,
            ApiError::NotFound(_) => StatusCode::NOT_FOUND,
            ApiError::Forbidden(_) => StatusCode::FORBIDDEN,
            ApiError::Conflict(_) => StatusCode::CONFLICT,
            ApiError::Invalid(_) => StatusCode::UNPROCESSABLE_ENTITY,
            ApiError::TooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::MethodNotAllowed(_) => StatusCode::METHOD_NOT_ALLOWED,
            ApiError::Timeout(_) => StatusCode::REQUEST_TIMEOUT,
            ApiError::Failed(_) => StatusCode::INTERNAL_SERVER_ERROR,
            ApiError::Full(_) => StatusCode::INSUFFICIENT_STORAGE,
        }
    }

    /// The server's disk failed at `what` (`game.pgn could not be
    /// saved`) with `e`: 507 when it is full, else 500, saying why.
    pub fn disk(e: &std::io::Error, what: String) -> ApiError {
        let text = format!("{what}: {}", leap_format::io_words(e));
        match e.kind() {
            std::io::ErrorKind::StorageFull | std::io::ErrorKind::QuotaExceeded => ApiError::Full(text),
            _ => ApiError::Failed(text),
        }
    }

    /// The sentence.
    pub fn message(&self) -> &str {
        match self {
            ApiError::BadRequest(m)
            | ApiError::NotFound(m)
            | ApiError::Forbidden(m)
            | ApiError::Conflict(m)
            | ApiError::Invalid(m)
            | ApiError::TooLarge(m)
            | ApiError::MethodNotAllowed(m)
            | ApiError::Timeout(m)
            | ApiError::Failed(m)
            | ApiError::Full(m) => m,
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status(), Json(serde_json::json!({ "error": self.message() }))).into_response()
    }
}

/// A result of a handler.
pub type ApiResult<T> = Result<T, ApiError>;

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(target_os = "linux")]
    #[test]
    fn a_full_disk_is_insufficient_storage_and_others_the_servers_failure() {
        let save = || "game.pgn could not be saved".to_string();
        // (ENOSPC, EDQUOT and EROFS, as the file system gives them.)
        for (errno, status, words) in [
            (28, StatusCode::INSUFFICIENT_STORAGE, "the disk is full"),
            (122, StatusCode::INSUFFICIENT_STORAGE, "the disk is full"),
            (30, StatusCode::INTERNAL_SERVER_ERROR, "the disk is read-only"),
        ] {
            let e = ApiError::disk(&std::io::Error::from_raw_os_error(errno), save());
            assert_eq!(e.status(), status, "errno {errno}");
            assert_eq!(e.message(), format!("game.pgn could not be saved: {words}"), "errno {errno}");
        }
    }
}
