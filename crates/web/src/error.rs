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
    /// Not now: it is another seat's turn, the game is over (409).
    Conflict(String),
    /// Well formed, but against the rules or invalid (422): an illegal
    /// move, a variant file or record with problems.
    Invalid(String),
    /// The body is over the size limit (413).
    TooLarge(String),
    /// The address does not take this method (405).
    MethodNotAllowed(String),
}

impl ApiError {
    /// The HTTP status.
    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::BadRequest(_) => StatusCode::BAD_REQUEST,
            ApiError::NotFound(_) => StatusCode::NOT_FOUND,
            ApiError::Conflict(_) => StatusCode::CONFLICT,
            ApiError::Invalid(_) => StatusCode::UNPROCESSABLE_ENTITY,
            ApiError::TooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::MethodNotAllowed(_) => StatusCode::METHOD_NOT_ALLOWED,
        }
    }

    /// The sentence.
    pub fn message(&self) -> &str {
        match self {
            ApiError::BadRequest(m)
            | ApiError::NotFound(m)
            | ApiError::Conflict(m)
            | ApiError::Invalid(m)
            | ApiError::TooLarge(m)
            | ApiError::MethodNotAllowed(m) => m,
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
