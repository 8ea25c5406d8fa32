//! The server's parts put together: its flags, the shared state, and the
//! start (logs, lock, store, key, policy, listener), the housekeeping and
//! the stop.
//!
//! # Stopping
//!
//! SIGTERM (or Ctrl-C) drains: the listener stops accepting, every
//! WebSocket is closed with `close::RESTARTING` (the pages reconnect by
//! themselves, to this server once it is back, or to another behind the
//! same address), and each room finishes the command in hand, so a move
//! being appended is either kept and answered or never acknowledged. Then
//! the process exits.

use crate::limits::{AddressBuckets, Connections, Limits, PlayerBuckets};
use crate::{bus, http, lobby, moderation, rooms, serve, store, tokens, transfer};
use clap::Parser;
use std::net::{IpAddr, SocketAddr};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::watch;
use tower_http::services::ServeDir;
use tracing::Instrument;

/// What every connection and request shares.
pub struct AppState {
    /// The rooms loaded on this node, each a task of its own.
    pub rooms: Arc<rooms::Rooms>,
    /// The public rooms, who is online, the lobby's chat.
    pub lobby: Arc<lobby::Lobby>,
    /// One-time codes that move an identity to another browser.
    pub transfers: transfer::Transfers,
    /// Transfer codes tried, per client address.
    pub transfer_tries: AddressBuckets,
    /// This node's name (`--node`): in the logs, in `/healthz` and
    /// `/metrics`, and told to each client in its `welcome`.
    pub node: String,
    /// Signs and checks the players' tokens.
    pub signer: tokens::Signer,
    /// The key is `--secret-file`'s (not the database's, read again as they rotate).
    pub keys_from_file: bool,
    /// The sign-outs of other browsers of the players connected here (`crate::sign_outs`).
    pub sign_outs: crate::sign_outs::SignOuts,
    /// New identities (a hello without a token), per client address.
    pub identities_from: AddressBuckets,
    /// Sign-outs of other browsers, per client address.
    pub sign_outs_from: AddressBuckets,
    /// Reports of other players, per client address.
    pub reports_from: AddressBuckets,
    /// The built page (`--dist`).
    pub files: ServeDir,
    /// The pages' Content-Security-Policy, with their scripts' and styles' hashes.
    pub csp: axum::http::HeaderValue,
    /// Origins besides the server's own that may open a WebSocket.
    pub origins: Vec<String>,
    /// The hosts a request may name: the listening address's, and those of
    /// the `--origin`s. Any other `Host` is refused (DNS rebinding).
    pub hosts: Vec<String>,
    /// Every bound a client can reach, with its flag.
    pub limits: Limits,
    /// The connections open, in all and per client address.
    pub connections: Arc<Connections>,
    /// Rooms made (created, by quick play, by rematch), per client address:
    /// one budget, whichever way the room is made.
    pub rooms_made: AddressBuckets,
    /// The same, per player.
    pub rooms_made_by: PlayerBuckets,
    /// WebSockets opened, per client address.
    pub connects_from: AddressBuckets,
    /// Rooms joined, per client address.
    pub joins_from: AddressBuckets,
    /// Chat lines, per player (over all its connections).
    pub chat_by: PlayerBuckets,
    /// Chat lines, per client address.
    pub chat_from: AddressBuckets,
    /// The operator's sanctions in force (`crate::moderation`).
    pub sanctions: moderation::Sanctions,
    /// Leaderboards and profiles, cached (`crate::reads`).
    pub reads: crate::reads::Reads,
    /// Leaderboards and profiles read, per client address.
    pub api_reads: AddressBuckets,
    /// Transfer codes asked for, per client address.
    pub transfer_codes_made: AddressBuckets,
    /// Finished games downloaded, per client address.
    pub exports_made: AddressBuckets,
    /// Proxies whose `X-Forwarded-For` names the client (`--trusted-proxy`).
    pub trusted_proxies: Vec<IpAddr>,
    /// True once the server is stopping: every WebSocket closes.
    pub draining: watch::Receiver<bool>,
    /// Renders `/metrics`.
    pub metrics: metrics_exporter_prometheus::PrometheusHandle,
}

/// Now, as Unix time in ms: only for records of when things happened.
pub fn unix_ms() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_millis() as i64)
}

/// SET online, in one process: serves the page (dist/), runs the rooms over
/// WebSockets with set-core's rules, and keeps every room's log in SQLite.
#[derive(Parser, Debug)]
#[command(name = "set-server", version, args_conflicts_with_subcommands = true)]
struct Config {
    #[command(subcommand)]
    command: Option<Command>,
    /// Where to listen (127.0.0.1:0 picks a free port).
    #[arg(long, default_value = "127.0.0.1:8080", value_name = "HOST:PORT")]
    addr: SocketAddr,
    /// The database: a SQLite file (made readable by its owner only), or a
    /// Postgres database's `postgres://USER@HOST:PORT/DB` URL.
    #[arg(long, default_value = "data/set.db", value_name = "FILE|URL")]
    db: store::Database,
    /// The built page to serve.
    #[arg(long, default_value = "dist", value_name = "DIR")]
    dist: PathBuf,
    /// A site (scheme://host[:port]) whose pages may open a WebSocket, and
    /// whose host a request may name: the public address behind a proxy.
    #[arg(long = "origin", value_name = "URL")]
    origins: Vec<String>,
    /// A proxy whose X-Forwarded-For names the client (its last hop).
    #[arg(long = "trusted-proxy", value_name = "IP")]
    trusted_proxies: Vec<IpAddr>,
    /// What an acknowledged move survives: a power cut (each commit on the
    /// disk before it is told), or the process being killed only.
    #[arg(long, value_enum, default_value = "power-loss")]
    durability: store::Durability,
    /// A file (readable by its owner only) holding the key that signs
    /// players' tokens, instead of the one kept in the database.
    #[arg(long, value_name = "FILE")]
    secret_file: Option<PathBuf>,
    /// This server's name among several (1 to 32 letters, digits, `-` or
    /// `_`): in its logs, its health and metrics, and told to each page.
    #[arg(long, default_value = "main", value_name = "NAME", value_parser = crate::ids::node_name)]
    node: String,
    /// The NATS server (`nats://HOST:PORT`) this node shares its lobby
    /// through with the other nodes of its cluster: their rooms, who is
    /// online and lobby chat. Without it the node is alone.
    #[arg(long, value_name = "URL")]
    bus: Option<String>,
    /// A file (readable by its owner only) holding `USER:PASSWORD`, this
    /// cluster's credentials on the bus (scripts/cluster.sh writes one and
    /// the NATS configuration that asks for it).
    #[arg(long, value_name = "FILE", requires = "bus")]
    bus_credentials: Option<PathBuf>,
    #[command(flatten)]
    limits: Limits,
}

/// What else the program does than serve.
#[derive(clap::Subcommand, Debug)]
enum Command {
    /// The operator's moderation, on this machine: reports, mutes, bans,
    /// hidden chat lines, and their log.
    Admin(crate::admin::Admin),
}

/// The server's program: its flags read, its store opened, then it serves
/// until a signal drains it.
#[tokio::main]
pub async fn main() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("set_server=info"));
    let colours = std::io::IsTerminal::is_terminal(&std::io::stderr());
    tracing_subscriber::fmt().with_env_filter(filter).with_writer(std::io::stderr).with_ansi(colours).init();
    let mut config = Config::parse();
    if let Some(Command::Admin(admin)) = config.command.take() {
        match crate::admin::run(admin).await {
            Ok(done) => print!("{done}"),
            Err(why) => {
                eprintln!("set-server admin: {why}");
                std::process::exit(1);
            }
        }
        return;
    }
    if let Err(err) = run(config).await {
        eprintln!("set-server: {err}");
        std::process::exit(1);
    }
}

/// The host part of an origin or address: `https://a.example:8443` → `a.example:8443`.
fn host_of(url: &str) -> String {
    url.split_once("://").map_or(url, |(_, rest)| rest).trim_end_matches('/').to_ascii_lowercase()
}

/// Creates the database's folder readable by its owner only, and makes the
/// database files so (they hold the signing key and the seeds of games
/// being played). SQLite gives its -wal and -shm files the database file's
/// permissions.
fn private_files(db: &Path) -> Result<(), String> {
    use std::os::unix::fs::{DirBuilderExt, OpenOptionsExt, PermissionsExt};
    if let Some(dir) = db.parent().filter(|d| !d.as_os_str().is_empty() && !d.exists()) {
        std::fs::DirBuilder::new()
            .recursive(true)
            .mode(0o700)
            .create(dir)
            .map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .mode(0o600)
        .open(db)
        .map_err(|e| format!("{}: {e}", db.display()))?;
    for suffix in ["", "-wal", "-shm"] {
        let path = PathBuf::from(format!("{}{suffix}", db.display()));
        if path.exists() {
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600))
                .map_err(|e| format!("{}: {e}", path.display()))?;
        }
    }
    Ok(())
}

/// Makes the SQLite file and its folder private, then locks it for this
/// process (a second server on the same file refuses to start).
fn sqlite_lock(db: &Path) -> Result<std::fs::File, String> {
    private_files(db)?;
    let lock_path = db.with_extension("db.lock");
    let lock = std::fs::File::create(&lock_path).map_err(|e| format!("{}: {e}", lock_path.display()))?;
    lock.try_lock().map_err(|_| format!("another set-server is using {}", db.display()))?;
    Ok(lock)
}

/// A secret's file, trimmed: refused if anyone but its owner can read it.
fn private_file(path: &Path) -> Result<Vec<u8>, String> {
    use std::os::unix::fs::PermissionsExt;
    let shown = path.display();
    let mode = std::fs::metadata(path).map_err(|e| format!("{shown}: {e}"))?.permissions().mode();
    if mode & 0o077 != 0 {
        return Err(format!("{shown}: readable by others (mode {:o}): chmod 600 it", mode & 0o777));
    }
    let text = std::fs::read(path).map_err(|e| format!("{shown}: {e}"))?;
    Ok(text.trim_ascii().to_vec())
}

/// The bus's credentials from `--bus-credentials`: `USER:PASSWORD`, in a
/// file no one but its owner can read.
fn bus_credentials(path: &Path) -> Result<bus::Credentials, String> {
    let text = String::from_utf8(private_file(path)?).map_err(|_| format!("{}: not text", path.display()))?;
    match text.split_once(':') {
        Some((user, password)) if !user.is_empty() && !password.is_empty() => {
            Ok(bus::Credentials { user: user.to_owned(), password: password.to_owned() })
        }
        _ => Err(format!("{}: USER:PASSWORD on one line", path.display())),
    }
}

/// The signing key from `--secret-file`: at least 32 bytes, and a file no
/// one but its owner can read.
fn secret_from_file(path: &Path) -> Result<Vec<u8>, String> {
    let shown = path.display();
    let key = private_file(path)?;
    if key.len() < 32 {
        return Err(format!("{shown}: a key of {} bytes: at least 32", key.len()));
    }
    Ok(key)
}

async fn run(config: Config) -> Result<(), String> {
    if !config.dist.join("index.html").is_file() {
        return Err(format!(
            "{} holds no index.html: build the page first (bash scripts/play.sh)",
            config.dist.display()
        ));
    }
    // One server per SQLite file: the lock lives as long as the process.
    // Postgres is shared by the nodes of a cluster.
    let _lock = match &config.db {
        store::Database::Sqlite(path) => Some(sqlite_lock(path)?),
        store::Database::Postgres(_) => None,
    };
    let store =
        store::SqlStore::open(&config.db, config.durability).await.map_err(|e| format!("{}: {e}", config.db))?;
    // A key file is the one key (rotated by changing the file); else the
    // database's keys, read again as they rotate.
    let keys = match &config.secret_file {
        Some(path) => vec![tokens::Key { id: 1, secret: secret_from_file(path)? }],
        None => signing_keys(&store).await?,
    };
    // Sign-outs: none held before anyone connects (a hello asks the store).
    let sign_outs = crate::sign_outs::SignOuts::default();
    // What is in force from the first connection on, not from the first refresh.
    let sanctions = moderation::Sanctions::default();
    // (Before the first connection: no one is banned "newly" yet.)
    let _ = sanctions.replace(&store::Moderation::sanctions_in_force(&store).await.map_err(|e| e.to_string())?);
    let csp = http::content_security_policy(&config.dist).map_err(|e| format!("{}: {e}", config.dist.display()))?;
    let files = ServeDir::new(&config.dist).precompressed_br().precompressed_gzip();
    let listener = tokio::net::TcpListener::bind(config.addr).await.map_err(|e| format!("{}: {e}", config.addr))?;
    let addr = listener.local_addr().map_err(|e| e.to_string())?;
    let mut hosts = vec![addr.to_string()];
    if addr.ip().is_loopback() {
        hosts.push(format!("localhost:{}", addr.port()));
    }
    hosts.extend(config.origins.iter().map(|origin| host_of(origin)));
    let (drain, draining) = watch::channel(false);
    let metrics = crate::metrics::install()?;
    let limits = config.limits.clone();
    let lobby = lobby::Lobby::new(limits.max_lobby_watchers, limits.outbox_bytes);
    let state = Arc::new(AppState {
        rooms: rooms::Rooms::new(
            Arc::new(store),
            &config.node,
            rooms::RoomLimits {
                max_loaded: limits.max_rooms_loaded,
                max_watchers: limits.max_watchers,
                fair: limits.fair_play(),
                quick_start: Duration::from_secs(limits.quick_start_seconds),
            },
            Arc::clone(&lobby),
        ),
        lobby,
        transfers: transfer::Transfers::new(
            Duration::from_secs(limits.transfer_code_seconds),
            limits.max_transfer_codes,
        ),
        transfer_tries: AddressBuckets::of(&limits, Limits::transfer_bucket),
        node: config.node.clone(),
        signer: tokens::Signer::new(keys),
        keys_from_file: config.secret_file.is_some(),
        sign_outs,
        identities_from: AddressBuckets::of(&limits, Limits::identity_bucket),
        sign_outs_from: AddressBuckets::of(&limits, Limits::sign_out_bucket),
        reports_from: AddressBuckets::of(&limits, Limits::report_bucket),
        files,
        csp,
        origins: config.origins,
        hosts,
        connections: Connections::new(&limits),
        rooms_made: AddressBuckets::of(&limits, Limits::room_bucket),
        rooms_made_by: PlayerBuckets::of(&limits, Limits::room_bucket),
        chat_by: PlayerBuckets::of(&limits, Limits::player_chat_bucket),
        sanctions,
        reads: crate::reads::Reads::default(),
        transfer_codes_made: AddressBuckets::of(&limits, Limits::transfer_code_bucket),
        api_reads: AddressBuckets::of(&limits, Limits::api_read_bucket),
        connects_from: AddressBuckets::of(&limits, Limits::connection_bucket),
        joins_from: AddressBuckets::of(&limits, Limits::join_bucket),
        chat_from: AddressBuckets::of(&limits, Limits::address_chat_bucket),
        exports_made: AddressBuckets::of(&limits, Limits::export_bucket),
        limits,
        trusted_proxies: config.trusted_proxies,
        draining,
        metrics,
    });
    println!("set-server: serving http://{addr}/ (database {}, page {})", config.db, config.dist.display());
    // Every line this node logs names it: its tasks (connections, rooms,
    // housekeeping) run in this span.
    let node = tracing::info_span!("node", node = %config.node);
    tracing::info!(parent: &node, %addr, db = %config.db, "serving");
    crate::metrics::node(&config.node);
    let housekeeping = tokio::spawn(housekeeping(Arc::clone(&state)).instrument(node.clone()));
    let online = tokio::spawn(tell_lobby(Arc::clone(&state.lobby)).instrument(node.clone()));
    let lease = tokio::spawn(keep_lease(Arc::clone(&state)).instrument(node.clone()));
    let sanctions = tokio::spawn(keep_sanctions(Arc::clone(&state)).instrument(node.clone()));
    let credentials = config.bus_credentials.as_deref().map(bus_credentials).transpose()?;
    let bus = match &config.bus {
        Some(url) => Some(
            bus::start(url, credentials, &config.node, Arc::clone(&state.lobby), Arc::clone(&state.rooms))
                .instrument(node.clone())
                .await?,
        ),
        None => None,
    };
    let app = http::router(Arc::clone(&state));
    let admission = serve::Admission {
        opened: AddressBuckets::of(&state.limits, Limits::tcp_connection_bucket),
        trusted_proxies: state.trusted_proxies.clone(),
    };
    serve::serve(listener, app, state.limits.header_timeout(), admission, stop_signal()).instrument(node.clone()).await;
    // (Not on stdout: whoever read the address may have closed it.)
    tracing::info!("stopping: closing WebSockets, finishing the rooms' work");
    housekeeping.abort();
    online.abort();
    sanctions.abort();
    if let Some(bus) = bus {
        bus.abort();
    }
    let _ = drain.send(true);
    // Each WebSocket closes at once; a client that does not answer its close
    // is given up on after this long.
    let deadline = tokio::time::Instant::now() + DRAIN_WAIT;
    while state.connections.open() > 0 && tokio::time::Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    state.rooms.stop().await;
    lease.abort();
    // Its rooms are anyone's now, without waiting for the lease to run out.
    if let Err(err) = state.rooms.store().end_lease(&state.node).await {
        tracing::warn!(%err, "this node's lease not ended: its rooms wait for it to run out");
    }
    tracing::info!("stopped");
    Ok(())
}

/// How long the drain waits for WebSockets to close.
const DRAIN_WAIT: Duration = Duration::from_secs(5);

/// Resolves on SIGTERM or Ctrl-C.
async fn stop_signal() {
    let mut term = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()).ok();
    tokio::select! {
        _ = tokio::signal::ctrl_c() => {}
        () = async { match term.as_mut() { Some(t) => { t.recv().await; } None => std::future::pending().await } } => {}
    }
}

/// Tells the lobby's watchers what changed in it, and who is online, when
/// those changed.
async fn tell_lobby(lobby: Arc<lobby::Lobby>) {
    let mut changes = tokio::time::interval(lobby::CHANGES_EVERY);
    let mut online = tokio::time::interval(lobby::ONLINE_EVERY);
    loop {
        tokio::select! {
            _ = changes.tick() => lobby.tell_changes(),
            _ = online.tick() => {
                lobby.forget_silent(std::time::Instant::now());
                lobby.tell_online();
            }
        }
    }
}

/// Deletes rooms that never started and finished games past their keeping.
/// Renews this node's lease every second, for [`rooms::LEASE`]: while it
/// lives, no other node takes this node's rooms. And lets go of the rooms
/// another node asked for (`Rooms::hand_over`).
async fn keep_lease(state: Arc<AppState>) {
    let mut every = tokio::time::interval(Duration::from_secs(1));
    loop {
        every.tick().await;
        let until = unix_ms() + rooms::LEASE.as_millis() as i64;
        if let Err(err) = state.rooms.store().renew_lease(&state.node, until).await {
            tracing::warn!(%err, "this node's lease not renewed");
        }
        if let Err(err) = state.rooms.hand_over().await {
            tracing::warn!(%err, "rooms other nodes asked for not looked at");
        }
    }
}

/// The database's signing keys in use now (`tokens::in_use`).
async fn signing_keys(store: &dyn store::Store) -> Result<Vec<tokens::Key>, String> {
    let kept = store.signing_keys().await.map_err(|e| e.to_string())?;
    Ok(tokens::in_use(kept, unix_ms()))
}

/// Reads what the operator and the players change from elsewhere every
/// [`moderation::REFRESH`]: the sanctions in force, the signing keys (after
/// a rotation) and the players' sign-outs (made on any node).
async fn keep_sanctions(state: Arc<AppState>) {
    let mut every = tokio::time::interval(moderation::REFRESH);
    loop {
        every.tick().await;
        let store = state.rooms.store();
        match store.sanctions_in_force().await {
            Ok(records) => {
                for player in state.sanctions.replace(&records) {
                    state.rooms.banish(&player).await;
                }
            }
            Err(err) => tracing::warn!(%err, "the sanctions in force not read"),
        }
        if !state.keys_from_file {
            match signing_keys(store.as_ref()).await {
                Ok(keys) => state.signer.replace(keys),
                Err(err) => tracing::warn!(%err, "the signing keys not read"),
            }
        }
        let now = unix_ms();
        match store.sign_outs_since(state.sign_outs.read_after(now)).await {
            Ok(sign_outs) => state.sign_outs.read(sign_outs, now),
            Err(err) => tracing::warn!(%err, "the sign-outs not read"),
        }
    }
}

async fn housekeeping(state: Arc<AppState>) {
    let mut every = tokio::time::interval(Duration::from_secs(state.limits.sweep_every.max(1)));
    loop {
        every.tick().await;
        let now = unix_ms();
        let expiry = store::Expiry {
            waiting: now - (state.limits.waiting_room_minutes * 60_000) as i64,
            over: now - (state.limits.keep_days * 86_400_000) as i64,
            abandoned: now - (state.limits.abandoned_hours * 3_600_000) as i64,
        };
        match state.rooms.sweep(expiry).await {
            Ok(0) => {}
            Ok(deleted) => tracing::info!(deleted, "old rooms deleted"),
            Err(err) => tracing::warn!(%err, "old rooms not deleted"),
        }
        match state.rooms.store().forget_sign_outs(now - state.limits.token_ms()).await {
            Ok(0) => {}
            Ok(forgotten) => tracing::info!(forgotten, "sign-outs older than any token taken forgotten"),
            Err(err) => tracing::warn!(%err, "old sign-outs not forgotten"),
        }
        match state.rooms.store().forget_reports(now - state.limits.report_ms()).await {
            Ok(0) => {}
            Ok(deleted) => tracing::info!(deleted, "old reports deleted"),
            Err(err) => tracing::warn!(%err, "old reports not deleted"),
        }
    }
}
