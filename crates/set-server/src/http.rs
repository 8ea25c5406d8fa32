//! HTTP: the page's files from `dist/` (precompressed gzip and brotli where
//! the build wrote them), the WebSocket at `/ws`, and a finished game's save
//! at `/api/games/<room>`, how many play at `/api/online`; with the headers a
//! real host sends.
//!
//! - Only GET and HEAD. A path that does not decode, holds a NUL byte or
//!   climbs out with `..` (in any encoding, with either slash) is refused
//!   before the file system is asked; nothing outside `dist/` is served.
//! - Hashed files are cached for a year as immutable; the pages, the service
//!   worker and the rest are revalidated (`no-cache`).
//! - A Content-Security-Policy allows the page's own files, the hashes of
//!   its inline scripts and styles (read from its HTML at start), its wasm
//!   and its own WebSocket; `X-Content-Type-Options: nosniff` everywhere.
//!   Style attributes are allowed: the pages place each card's button with
//!   one, and no script runs from a style attribute.
//! - `/?room=<id>`, the link players share, is the online page.
//! - A request must name one of this server's hosts (the listening
//!   address's, or an `--origin`'s), against DNS rebinding; a WebSocket
//!   upgrade must come from the page's own origin (or an `--origin`), so
//!   that another site's page cannot play as its visitor, and from an
//!   address with room under the connection limits (`crate::limits`).

use crate::AppState;
use crate::ids::is_room_id;
use crate::limits::{Refused, client_address};
use crate::metrics::{Limit, limit_hit};
use crate::proto::HARD_FRAME_LIMIT;
use axum::Router;
use axum::body::Body;
use axum::extract::{ConnectInfo, Path, Request, State, WebSocketUpgrade};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, Uri, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use base64::Engine;
use base64::engine::general_purpose::STANDARD as BASE64;
use set_core::text::{Encoded, percent_decode, query_value};
use set_protocol::api::{DatabaseHealth, HealthMsg, OnlineCountMsg};
use sha2::{Digest, Sha256};
use std::net::SocketAddr;
use std::sync::Arc;
use tower::ServiceExt;

/// Bytes each WebSocket reads into at a time.
const SOCKET_READ_BUFFER: usize = 4096;

/// The page that plays in a room.
pub(crate) const ONLINE_PAGE: &str = "/online.html";

pub(crate) fn router(state: Arc<AppState>) -> Router {
    Router::new()
        .route("/ws", get(upgrade))
        .route("/healthz", get(health))
        .route("/metrics", get(metrics_text))
        .route("/api/games/{room}", get(export))
        .route("/api/online", get(online))
        .route("/api/leaderboard/{mode}", get(leaderboard))
        .route("/api/players/{player}", get(profile))
        .fallback(static_file)
        .layer(middleware::from_fn_with_state(state.clone(), headers))
        .with_state(state)
}

/// This node's health as JSON: its name, the rooms it has loaded, whether
/// its database answers (within a moment) and whether its bus is up; 200
/// while the database answers, 503 when it does not (a node without its
/// bus plays on).
async fn health(State(state): State<Arc<AppState>>) -> Response {
    let answered = tokio::time::timeout(std::time::Duration::from_secs(2), state.rooms.store().ping()).await;
    let database = match answered {
        Ok(Ok(())) => DatabaseHealth::Ok,
        Ok(Err(err)) => {
            tracing::error!(%err, "health: the database does not answer");
            DatabaseHealth::Down
        }
        Err(_) => DatabaseHealth::Slow,
    };
    let rooms = state.rooms.loaded().await as u32;
    let health = HealthMsg { node: state.node.clone(), rooms, database, bus: state.lobby.bus() };
    let body = serde_json::to_string(&health).unwrap_or_default();
    let mut response = json(body);
    if database != DatabaseHealth::Ok {
        *response.status_mut() = StatusCode::SERVICE_UNAVAILABLE;
    }
    response
}

/// How many players are connected: `{"online":N}`, for the front door's count.
async fn online(State(state): State<Arc<AppState>>) -> Response {
    let count = OnlineCountMsg { online: state.lobby.online() as u32 };
    json(serde_json::to_string(&count).unwrap_or_default())
}

/// The lines of a leaderboard it answers.
const LEADERBOARD_LINES: u32 = 100;

fn json(body: String) -> Response {
    ([(header::CONTENT_TYPE, "application/json"), (header::CACHE_CONTROL, "no-store")], body).into_response()
}

/// A way to play's best ratings, settled first: JSON of `set_protocol::api::LeaderMsg`s.
async fn leaderboard(
    State(state): State<Arc<AppState>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Path(mode): Path<String>,
) -> Response {
    if set_core::rules::variant::Variant::online(&mode).is_none() {
        return plain(StatusCode::NOT_FOUND, "no such way to play online: classic, junior, chain or ultra");
    }
    if let Some(refused) = read_refused(&state, peer, &headers) {
        return refused;
    }
    let store = state.rooms.store().as_ref();
    match state.reads.leaderboard(store, &mode, LEADERBOARD_LINES, &state.rooms.fair_play()).await {
        Ok(text) => json(text.to_string()),
        Err(err) => {
            tracing::error!(%err, "a leaderboard not read");
            plain(StatusCode::SERVICE_UNAVAILABLE, "the leaderboard cannot be read now")
        }
    }
}

/// A player's profile: JSON of a `set_protocol::api::ProfileMsg`; 404 for a
/// player who has played no rated game (or none such).
async fn profile(
    State(state): State<Arc<AppState>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Path(player): Path<String>,
) -> Response {
    if !crate::ids::is_player_id(&player) {
        return plain(StatusCode::NOT_FOUND, "there is no such player");
    }
    if let Some(refused) = read_refused(&state, peer, &headers) {
        return refused;
    }
    match state.reads.profile(state.rooms.store().as_ref(), &player).await {
        Ok(Some(text)) => json(text.to_string()),
        Ok(None) => plain(StatusCode::NOT_FOUND, "there is no such player, or they have played no rated game"),
        Err(err) => {
            tracing::error!(%err, "a profile not read");
            plain(StatusCode::SERVICE_UNAVAILABLE, "the profile cannot be read now")
        }
    }
}

/// A 429 for an address past `--api-reads-per-minute`, if it is.
fn read_refused(state: &AppState, peer: SocketAddr, headers: &HeaderMap) -> Option<Response> {
    if state.api_reads.take(client(state, peer, headers)) {
        return None;
    }
    limit_hit(Limit::ApiReads);
    Some(plain(StatusCode::TOO_MANY_REQUESTS, "too many leaderboards and profiles read: wait a minute"))
}

/// The counters of `crate::metrics`, as Prometheus text.
async fn metrics_text(State(state): State<Arc<AppState>>) -> Response {
    metrics::gauge!(crate::metrics::CONNECTIONS).set(state.connections.open() as f64);
    metrics::gauge!(crate::metrics::ROOMS_LOADED).set(state.rooms.loaded().await as f64);
    ([(header::CONTENT_TYPE, "text/plain; version=0.0.4; charset=utf-8")], state.metrics.render()).into_response()
}

fn plain(status: StatusCode, reason: &str) -> Response {
    (status, [(header::CONTENT_TYPE, "text/plain; charset=utf-8")], format!("{reason}\n")).into_response()
}

async fn upgrade(
    State(state): State<Arc<AppState>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    uri: Uri,
    ws: WebSocketUpgrade,
) -> Response {
    // The room the page opened this socket for, by which a proxy routes it.
    let routed = match crate::route::routed_room(uri.query()) {
        Ok(routed) => routed.map(str::to_owned),
        Err(bad) => {
            limit_hit(Limit::BadRoute);
            return plain(StatusCode::BAD_REQUEST, bad.reason());
        }
    };
    let origin = headers.get(header::ORIGIN).and_then(|o| o.to_str().ok());
    // The Host was checked by `headers` (below): one of this server's own.
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok()).unwrap_or("");
    let allowed = origin.is_some_and(|origin| {
        origin == format!("http://{host}")
            || origin == format!("https://{host}")
            || state.origins.iter().any(|o| o == origin)
    });
    if !allowed {
        return plain(StatusCode::FORBIDDEN, "a WebSocket must come from this site's own page");
    }
    let address = client(&state, peer, &headers);
    if state.sanctions.address_banned(address) {
        limit_hit(Limit::Banned);
        return plain(StatusCode::FORBIDDEN, "this server's operator has banned your address");
    }
    // Refusals are counted in /metrics and logged at debug only: a line each
    // would let a flood of connections fill the operator's log.
    if !state.connects_from.take(address) {
        limit_hit(Limit::ConnectionRate);
        tracing::debug!(%address, "refused a WebSocket: opened too often from this address");
        return plain(StatusCode::TOO_MANY_REQUESTS, "too many new connections from your address: wait a moment");
    }
    let permit = match state.connections.admit(address) {
        Ok(permit) => permit,
        Err(Refused::Full) => {
            limit_hit(Limit::Connections);
            tracing::debug!(%address, "refused a WebSocket: the server is full");
            return plain(StatusCode::SERVICE_UNAVAILABLE, "the server is full: try again soon");
        }
        Err(Refused::NetworkFull) => {
            limit_hit(Limit::NetworkConnections);
            tracing::debug!(%address, "refused a WebSocket: too many from this network");
            return plain(StatusCode::TOO_MANY_REQUESTS, "too many connections from your network");
        }
        Err(Refused::AddressFull) => {
            limit_hit(Limit::AddressConnections);
            tracing::debug!(%address, "refused a WebSocket: too many from this address");
            return plain(StatusCode::TOO_MANY_REQUESTS, "too many connections from your address");
        }
    };
    // Frames are small (2 KB at most, `FRAME_LIMIT`): a small read buffer,
    // and each frame written at once (the writer flushes every frame anyway),
    // where tungstenite's defaults keep 128 KiB each per socket
    // (BENCHMARKS.md, "Online": memory per client).
    let span = tracing::Span::current();
    ws.max_message_size(HARD_FRAME_LIMIT)
        .max_frame_size(HARD_FRAME_LIMIT)
        .read_buffer_size(SOCKET_READ_BUFFER)
        .write_buffer_size(0)
        // Hyper runs the upgraded socket in a task of its own: in this node's span too.
        .on_upgrade(move |socket| {
            tracing::Instrument::instrument(crate::ws::serve(socket, state, permit, routed), span)
        })
}

async fn export(
    State(state): State<Arc<AppState>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Path(room): Path<String>,
) -> Response {
    if !state.exports_made.take(client(&state, peer, &headers)) {
        limit_hit(Limit::Downloads);
        return plain(StatusCode::TOO_MANY_REQUESTS, "too many downloads from your address: wait a little");
    }
    if !is_room_id(&room) {
        return plain(StatusCode::NOT_FOUND, "there is no such room");
    }
    match state.rooms.export(&room).await {
        Ok(Some(save)) => (
            [
                (header::CONTENT_TYPE, "text/plain; charset=utf-8".to_owned()),
                (header::CONTENT_DISPOSITION, format!("attachment; filename=\"set-online-{room}.txt\"")),
            ],
            save.to_string(),
        )
            .into_response(),
        Ok(None) => plain(StatusCode::CONFLICT, "the game is not over: its seed is secret until then"),
        Err(crate::rooms::RoomsError::NoRoom) => plain(StatusCode::NOT_FOUND, "there is no such room"),
        Err(err) => {
            tracing::error!(%room, %err, "a game not exported");
            plain(StatusCode::SERVICE_UNAVAILABLE, "the game cannot be read now")
        }
    }
}

/// The client's address: the peer, or what a trusted proxy says it is.
fn client(state: &AppState, peer: SocketAddr, headers: &HeaderMap) -> std::net::IpAddr {
    let forwarded = headers.get("x-forwarded-for").and_then(|h| h.to_str().ok());
    client_address(peer.ip(), forwarded, &state.trusted_proxies)
}

/// The path, percent-decoded, if it is one that may be looked up.
fn checked_path(raw: &str) -> Result<String, (StatusCode, &'static str)> {
    let path =
        percent_decode(raw, Encoded::Path).map_err(|_| (StatusCode::BAD_REQUEST, "malformed percent-encoding"))?;
    if path.contains('\0') {
        return Err((StatusCode::BAD_REQUEST, "NUL byte in path"));
    }
    // Backslashes would be separators on Windows: a way out too.
    if path.split(['/', '\\']).any(|part| part == "..") {
        return Err((StatusCode::FORBIDDEN, "forbidden"));
    }
    Ok(path)
}

async fn static_file(State(state): State<Arc<AppState>>, request: Request) -> Response {
    if request.method() != Method::GET && request.method() != Method::HEAD {
        let mut response = plain(StatusCode::METHOD_NOT_ALLOWED, "method not allowed");
        response.headers_mut().insert(header::ALLOW, HeaderValue::from_static("GET, HEAD"));
        return response;
    }
    let uri = request.uri().clone();
    // Only origin-form targets ("/a/b?q"): an absolute URL or "*" is refused.
    if uri.scheme().is_some() || !uri.path().starts_with('/') {
        return plain(StatusCode::BAD_REQUEST, "bad request target");
    }
    if let Err((status, reason)) = checked_path(uri.path()) {
        return plain(status, reason);
    }
    let (mut parts, body) = request.into_parts();
    if uri.path() == "/" && uri.query().and_then(|query| query_value(query, "room")).is_some() {
        let target = format!("{ONLINE_PAGE}?{}", uri.query().unwrap_or(""));
        parts.uri = target.parse::<Uri>().unwrap_or(uri);
    }
    let request = Request::from_parts(parts, body);
    match state.files.clone().oneshot(request).await {
        Ok(response) if response.status() == StatusCode::NOT_FOUND => plain(StatusCode::NOT_FOUND, "not found"),
        Ok(response) => response.map(Body::new),
        Err(err) => match err {},
    }
}

/// Whether a file's name carries its content's hash (the build's
/// `name-<hex>`: 16 digits, or fewer where Trunk's hash starts with zeros).
fn is_hashed(path: &str) -> bool {
    let name = path.rsplit('/').next().unwrap_or("");
    let stem = name.split('.').next().unwrap_or("");
    let stem = stem.strip_suffix("_bg").unwrap_or(stem);
    stem.rsplit_once('-')
        .is_some_and(|(_, hash)| (12..=16).contains(&hash.len()) && hash.bytes().all(|b| b.is_ascii_hexdigit()))
}

async fn headers(State(state): State<Arc<AppState>>, request: Request, next: Next) -> Response {
    let path = request.uri().path().to_owned();
    // Only this server's own hosts: a page on another name that resolves
    // here (DNS rebinding) gets nothing, not even the files.
    let host = request.headers().get(header::HOST).and_then(|h| h.to_str().ok()).map(str::to_ascii_lowercase);
    let mut response = if host.is_some_and(|host| state.hosts.contains(&host)) {
        next.run(request).await
    } else {
        plain(StatusCode::MISDIRECTED_REQUEST, "this server does not serve that host")
    };
    let success = response.status().is_success();
    let headers = response.headers_mut();
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    headers.insert(header::REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
    let cache = if path.starts_with("/api/") || ["/ws", "/healthz", "/metrics"].contains(&path.as_str()) {
        "no-store"
    } else if is_hashed(&path) && success {
        "public, max-age=31536000, immutable"
    } else {
        "no-cache"
    };
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    headers.insert(header::CONTENT_SECURITY_POLICY, state.csp.clone());
    response
}

/// The policy for the pages in `dist`: their own files, their inline
/// scripts and styles by hash, wasm, and their own WebSocket.
pub(crate) fn content_security_policy(dist: &std::path::Path) -> std::io::Result<HeaderValue> {
    let (mut scripts, mut styles) = (Vec::new(), Vec::new());
    for entry in std::fs::read_dir(dist)? {
        let path = entry?.path();
        if path.extension().is_some_and(|e| e == "html") {
            let html = std::fs::read_to_string(&path)?;
            scripts.extend(inline_blocks(&html, "script"));
            styles.extend(inline_blocks(&html, "style"));
        }
    }
    let hashes = |blocks: Vec<String>| {
        let mut hashes: Vec<String> =
            blocks.iter().map(|b| format!("'sha256-{}'", BASE64.encode(Sha256::digest(b.as_bytes())))).collect();
        hashes.sort();
        hashes.dedup();
        hashes.join(" ")
    };
    let policy = format!(
        "default-src 'self'; script-src 'self' 'wasm-unsafe-eval' {}; style-src 'self' {}; style-src-attr 'unsafe-inline'; \
         img-src 'self' data: blob:; \
         connect-src 'self'; worker-src 'self'; manifest-src 'self'; object-src 'none'; base-uri 'none'; \
         form-action 'self'; frame-ancestors 'none'",
        hashes(scripts),
        hashes(styles)
    );
    HeaderValue::from_str(&policy).map_err(std::io::Error::other)
}

/// The text of each `<tag …>…</tag>` without a `src`.
fn inline_blocks(html: &str, tag: &str) -> Vec<String> {
    let (open, close) = (format!("<{tag}"), format!("</{tag}>"));
    let mut blocks = Vec::new();
    let mut rest = html;
    while let Some(start) = rest.find(&open) {
        let after = &rest[start + open.len()..];
        let Some(end_of_tag) = after.find('>') else { break };
        let attributes = &after[..end_of_tag];
        let body = &after[end_of_tag + 1..];
        let Some(end) = body.find(&close) else { break };
        if !attributes.contains("src=") && (attributes.is_empty() || attributes.starts_with([' ', '\t', '\n'])) {
            blocks.push(body[..end].to_owned());
        }
        rest = &body[end + close.len()..];
    }
    blocks
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_out_of_the_folder_are_refused_in_every_encoding() {
        for bad in
            ["/..", "/../etc/passwd", "/a/../../b", "/%2e%2e/x", "/%2E%2E%2Fx", "/..%2fx", "/..%5cx", "/a\\..\\b"]
        {
            assert_eq!(checked_path(bad).unwrap_err().0, StatusCode::FORBIDDEN, "{bad}");
        }
        assert_eq!(checked_path("/a%00b").unwrap_err().0, StatusCode::BAD_REQUEST);
        assert_eq!(checked_path("/%zz").unwrap_err().0, StatusCode::BAD_REQUEST);
        assert_eq!(checked_path("/%ff").unwrap_err().0, StatusCode::BAD_REQUEST);
        // Encoded twice is a file name with a percent sign: looked up, not climbed.
        assert_eq!(checked_path("/%252e%252e/x").unwrap(), "/%2e%2e/x");
        assert_eq!(checked_path("/index.html").unwrap(), "/index.html");
    }

    #[test]
    fn hashed_names_are_told_from_the_rest() {
        assert!(is_hashed("/review-5707836d9eb61966.js") && is_hashed("/set-game-15b8660a0442fd1a_bg.wasm"));
        assert!(is_hashed("/set-game-9966269674fd5c2_bg.wasm"), "Trunk drops a hash's leading zeros");
        assert!(!is_hashed("/index.html") && !is_hashed("/sw.js") && !is_hashed("/online.html"));
    }

    #[test]
    fn inline_blocks_and_their_hashes() {
        let html = "<script>a()</script><script src=x.js></script><script type=module>b</script><style>p{}</style>";
        assert_eq!(inline_blocks(html, "script"), ["a()", "b"]);
        assert_eq!(inline_blocks(html, "style"), ["p{}"]);
        // `printf 'a()' | openssl dgst -sha256 -binary | base64`
        assert_eq!(BASE64.encode(Sha256::digest(b"a()")), "qVpDBgj7bpq5hMAcGp3AOc79J3Y1Z4HvySTwKrWDoy4=");
    }
}
