//! `camelot serve`: the web app on a local address.

use crate::error::{CliError, CliResult};
use std::io::Write;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;

/// The options of `camelot serve`.
#[derive(clap::Args, Debug)]
pub struct Options {
    /// A built-in variant: the page opens on a game of it, ready to play
    /// (every seat a person's, no clock).
    #[arg(value_parser = crate::commands::variant_arg)]
    pub variant: Option<String>,
    /// The port (0: any free one).
    #[arg(long, default_value_t = 8080, value_parser = crate::commands::count::<u16, 0, 65535>)]
    pub port: u16,
    /// The address to listen on: an IP address, or `localhost`. Anything
    /// but loopback lets other machines play (and save games in the games
    /// folder).
    #[arg(long, default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST), value_parser = host_arg)]
    pub host: IpAddr,
    /// Open the page in the default browser.
    #[arg(long)]
    pub open: bool,
    /// The folder where games are saved and loaded (made when first saved).
    #[arg(long, default_value = "camelot-games")]
    pub games: PathBuf,
    /// A name of this machine the page may be opened under besides
    /// `localhost` and its IP addresses (`mybox`, `mybox.local`), for
    /// players on a network; may be given again. Requests under any other
    /// name are refused, so that no other site's page can reach the
    /// server by a name made to lead here.
    #[arg(long = "allow-host", value_name = "NAME", value_parser = host_name_arg)]
    pub allow_host: Vec<String>,
}

/// Reads `--allow-host`: a machine's name, as a browser's address bar has
/// it (letters, digits, `-` and `.`; no port, no scheme).
fn host_name_arg(text: &str) -> Result<String, String> {
    let name = text.trim();
    let fits = !name.is_empty()
        && name.len() <= 253
        && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'.')
        && !name.starts_with(['.', '-']);
    if fits {
        Ok(name.to_ascii_lowercase())
    } else {
        Err("expected a name of this machine, such as mybox or mybox.local (letters, digits, `-` and `.`; \
             no port, no http://)"
            .into())
    }
}

/// Reads `--host`: an IP address (`127.0.0.1`, `0.0.0.0`, `::1`), or
/// `localhost` (this machine alone: `127.0.0.1`).
fn host_arg(text: &str) -> Result<IpAddr, String> {
    if text.trim().eq_ignore_ascii_case("localhost") {
        return Ok(IpAddr::V4(Ipv4Addr::LOCALHOST));
    }
    text.trim().parse().map_err(|_| {
        "expected an IP address of this machine, such as 127.0.0.1 (this machine alone, as `localhost`) or \
         0.0.0.0 (every network it is on)"
            .to_string()
    })
}

/// Serves the app until the process is stopped.
pub fn serve(opts: &Options) -> CliResult {
    if let Some(v) = &opts.variant {
        if leap_format::builtin(v).is_none() {
            let names: Vec<&str> = leap_format::BUILTIN.iter().map(|(n, _)| *n).collect();
            return Err(CliError::Usage(format!(
                "serve: \"{}\" is not a built-in variant (they are {}); open a variant file from the page's New game",
                leap_core::notation::quoted(v),
                names.join(", ")
            )));
        }
    }
    let mut config = leap_web::Config::new(opts.games.clone());
    config.variant = opts.variant.clone();
    config.hosts = opts.allow_host.clone();
    config.check().map_err(|why| CliError::Usage(format!("serve: --games: {why}")))?;
    if !opts.host.is_loopback() {
        eprintln!(
            "warning: listening on {}: other machines can reach the app, play, and save games in {}",
            opts.host,
            opts.games.display()
        );
    }
    let runtime =
        tokio::runtime::Runtime::new().map_err(|e| CliError::Usage(format!("serve: cannot start the server: {e}")))?;
    runtime.block_on(async {
        let address = SocketAddr::new(opts.host, opts.port);
        let listener = tokio::net::TcpListener::bind(address).await.map_err(|e| {
            let why = match e.kind() {
                std::io::ErrorKind::AddrInUse => {
                    "another program listens there (choose another --port, or --port 0 for any free one)".to_string()
                }
                std::io::ErrorKind::AddrNotAvailable => "it is not an address of this machine".to_string(),
                _ => leap_format::io_words(&e),
            };
            CliError::Usage(format!("serve: cannot listen on {address}: {why}"))
        })?;
        let bound = listener.local_addr().map_err(|e| CliError::Usage(format!("serve: {e}")))?;
        let url = format!("http://{bound}/");
        // (A closed standard output must not stop the server.)
        let mut out = std::io::stdout();
        let _ = writeln!(out, "camelot serve: open {url} in a browser (Ctrl-C stops the server)");
        let _ = writeln!(out, "games are saved in {}", opts.games.display());
        let _ = out.flush();
        if opts.open {
            open_browser(&url);
        }
        leap_web::serve(listener, config).await.map_err(|e| CliError::Usage(format!("serve: {e}")))
    })
}

/// Opens `url` in the desktop's browser, or says how to.
fn open_browser(url: &str) {
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else if cfg!(windows) {
        "explorer"
    } else {
        "xdg-open"
    };
    if let Err(e) = std::process::Command::new(opener).arg(url).spawn() {
        eprintln!("warning: could not open a browser ({opener}: {e}); open {url} yourself");
    }
}
