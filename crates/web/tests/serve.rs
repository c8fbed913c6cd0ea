//! `leap_web::serve` on a real socket: a request's head that stops coming
//! closes its connection in time, while whole requests are answered.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

/// Starts the server on a free port, with `head_timeout`; its address.
fn start(head_timeout: Duration) -> (std::net::SocketAddr, tempfile::TempDir) {
    let games = tempfile::tempdir().expect("a temporary folder");
    let mut config = leap_web::Config::new(games.path());
    config.head_timeout = head_timeout;
    let runtime = tokio::runtime::Runtime::new().expect("a runtime");
    let listener = runtime.block_on(tokio::net::TcpListener::bind("127.0.0.1:0")).expect("a port");
    let address = listener.local_addr().expect("its address");
    std::thread::spawn(move || runtime.block_on(leap_web::serve(listener, config)));
    (address, games)
}

#[test]
fn a_head_that_stops_coming_closes_its_connection_and_whole_requests_are_answered() {
    let (address, _games) = start(Duration::from_millis(300));
    // Half a head, then nothing: the connection is closed soon after the limit.
    let mut slow = TcpStream::connect(address).expect("a connection");
    slow.write_all(b"GET /api/variants HTTP/1.1\r\nHost: localhost\r\n").unwrap();
    slow.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    let started = Instant::now();
    let mut answer = Vec::new();
    let read = slow.read_to_end(&mut answer);
    assert!(read.is_ok(), "the connection was not closed within 10 s: {read:?}");
    assert!(started.elapsed() < Duration::from_secs(5), "closed only after {:?}", started.elapsed());
    // A whole request, sent at once, is answered as ever.
    let mut quick = TcpStream::connect(address).expect("a connection");
    quick.write_all(b"GET /api/variants HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n").unwrap();
    quick.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    let mut answer = String::new();
    quick.read_to_string(&mut answer).expect("an answer");
    assert!(answer.starts_with("HTTP/1.1 200 OK"), "{answer}");
    assert!(answer.contains("\"camelot\""), "{answer}");
}
