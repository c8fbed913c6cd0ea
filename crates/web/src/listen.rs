//! The server's connections: each one served by hyper over HTTP/1.1, with
//! a time limit on the head of each request (its request line and
//! headers: [`Config::head_timeout`]), so that a client that sends part
//! of one and then nothing does not hold its connection for ever. (A body
//! has its own limit: [`crate::request::BODY_TIMEOUT`].)

use crate::server::{router, Config};
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use std::time::Duration;

/// Serves the app on `listener` until the process ends; a games folder
/// that cannot be one ([`Config::check`]) is refused at once.
pub async fn serve(listener: tokio::net::TcpListener, config: Config) -> std::io::Result<()> {
    config.check().map_err(|why| std::io::Error::new(std::io::ErrorKind::InvalidInput, why))?;
    let head_timeout = config.head_timeout;
    let app = router(config);
    loop {
        let stream = match listener.accept().await {
            Ok((stream, _)) => stream,
            // (Out of file descriptors, or a connection reset before it was
            // taken: the server goes on, after a pause for the first.)
            Err(_) => {
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        let service = TowerToHyperService::new(app.clone());
        tokio::spawn(async move {
            let mut http = hyper::server::conn::http1::Builder::new();
            http.timer(TokioTimer::new()).header_read_timeout(head_timeout);
            // (A connection that ends, or breaks, ends its task: nothing to tell.)
            let _ = http.serve_connection(TokioIo::new(stream), service).await;
        });
    }
}
