//! The server's parts put together: its flags, the shared state, and the
//! start (lock, store, key, policy, listener) and the stop.

use crate::{http, ids, rooms, store};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use tower_http::services::ServeDir;

/// What every connection and request shares.
pub struct AppState {
    pub rooms: Arc<rooms::Rooms>,
    pub signer: ids::Signer,
    pub files: ServeDir,
    pub csp: axum::http::HeaderValue,
    /// Origins besides the server's own that may open a WebSocket.
    pub origins: Vec<String>,
}

/// Now, as Unix time in ms: only for records of when things happened.
pub fn unix_ms() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_millis() as i64)
}

struct Config {
    addr: SocketAddr,
    db: PathBuf,
    dist: PathBuf,
    origins: Vec<String>,
}

const USAGE: &str = "usage: set-server [--addr HOST:PORT] [--db FILE] [--dist DIR] [--origin URL]...";

fn config(mut args: impl Iterator<Item = String>) -> Result<Config, String> {
    let mut config = Config {
        addr: SocketAddr::from(([127, 0, 0, 1], 8080)),
        db: PathBuf::from("data/set.db"),
        dist: PathBuf::from("dist"),
        origins: Vec::new(),
    };
    while let Some(flag) = args.next() {
        let mut value = || args.next().ok_or(format!("{flag} needs a value\n{USAGE}"));
        match flag.as_str() {
            "--addr" => {
                let text = value()?;
                config.addr =
                    text.parse().map_err(|_| format!("--addr {text}: not HOST:PORT (like 127.0.0.1:8080)"))?;
            }
            "--db" => config.db = PathBuf::from(value()?),
            "--dist" => config.dist = PathBuf::from(value()?),
            "--origin" => config.origins.push(value()?),
            "--help" | "-h" => return Err(USAGE.to_owned()),
            other => return Err(format!("unknown flag {other}\n{USAGE}")),
        }
    }
    Ok(config)
}

#[tokio::main]
pub async fn main() {
    if let Err(err) = run().await {
        eprintln!("set-server: {err}");
        std::process::exit(1);
    }
}

async fn run() -> Result<(), String> {
    let config = config(std::env::args().skip(1))?;
    if !config.dist.join("index.html").is_file() {
        return Err(format!(
            "{} holds no index.html: build the page first (bash scripts/play.sh)",
            config.dist.display()
        ));
    }
    if let Some(dir) = config.db.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    // One server per database file: the lock lives as long as the process.
    let lock_path = config.db.with_extension("db.lock");
    let lock = std::fs::File::create(&lock_path).map_err(|e| format!("{}: {e}", lock_path.display()))?;
    lock.try_lock().map_err(|_| format!("another set-server is using {}", config.db.display()))?;
    let store = store::SqliteStore::open(&config.db).await.map_err(|e| format!("{}: {e}", config.db.display()))?;
    let key = store::Store::server_key(&store).await.map_err(|e| e.to_string())?;
    let csp = http::content_security_policy(&config.dist).map_err(|e| format!("{}: {e}", config.dist.display()))?;
    let files = ServeDir::new(&config.dist).precompressed_br().precompressed_gzip();
    let state = Arc::new(AppState {
        rooms: rooms::Rooms::new(Arc::new(store)),
        signer: ids::Signer::new(key),
        files,
        csp,
        origins: config.origins,
    });
    let listener = tokio::net::TcpListener::bind(config.addr).await.map_err(|e| format!("{}: {e}", config.addr))?;
    let addr = listener.local_addr().map_err(|e| e.to_string())?;
    println!("set-server: serving http://{addr}/ (database {}, page {})", config.db.display(), config.dist.display());
    let app = http::router(state).into_make_service();
    let shutdown = async {
        let mut term = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()).ok();
        tokio::select! {
            _ = tokio::signal::ctrl_c() => {}
            _ = async { match term.as_mut() { Some(t) => { t.recv().await; } None => std::future::pending().await } } => {}
        }
        println!("set-server: stopping");
    };
    // Every move is committed before it is acknowledged, so stopping loses nothing.
    // A claim's answer follows its move's broadcast on the same socket: with
    // Nagle's algorithm the second small frame would wait for the client's
    // delayed ACK (BENCHMARKS.md, "Online", measured the difference).
    let listener = axum::serve::ListenerExt::tap_io(listener, |stream: &mut tokio::net::TcpStream| {
        if let Err(err) = stream.set_nodelay(true) {
            eprintln!("set-server: TCP_NODELAY not set: {err}");
        }
    });
    tokio::select! {
        served = axum::serve(listener, app) => served.map_err(|e| e.to_string())?,
        _ = shutdown => {}
    }
    drop(lock);
    Ok(())
}
