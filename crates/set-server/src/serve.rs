//! Accepting connections: hyper's HTTP/1 with a timer, so that a client
//! that opens a connection and sends its headers slowly, or never, is
//! closed after `--header-timeout` (axum's `serve` sets no such timeout).
//! Each request carries its peer's address (`ConnectInfo`), which the
//! WebSocket limits count by. WebSocket upgrades are served on the same
//! connection.
//!
//! An address that opens connections faster than `--tcp-connection-burst`
//! and `--tcp-connections-per-second` allow has the next closed as it is
//! accepted ([`Admission`]): a crowd of requests each on a connection of its
//! own, answered 429 one by one, took a core (BENCHMARKS.md, "Beside each
//! attack"); closed at once, each costs an accept.

use axum::Router;
use axum::extract::ConnectInfo;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::future::Future;
use std::net::SocketAddr;
use std::time::Duration;
use tokio::net::TcpListener;

/// Which connections are served: those of addresses within their bucket,
/// and every one of a trusted proxy.
pub(crate) struct Admission {
    pub(crate) opened: crate::limits::AddressBuckets,
    pub(crate) trusted_proxies: Vec<std::net::IpAddr>,
}

impl Admission {
    fn admits(&self, peer: SocketAddr) -> bool {
        self.trusted_proxies.contains(&peer.ip()) || self.opened.take(crate::limits::machine(peer.ip()))
    }
}
use tower::ServiceExt;
use tracing::Instrument;

/// Serves `app` on `listener` until `stop` resolves; connections already
/// open are left to finish (the WebSockets are closed by the drain).
pub(crate) async fn serve(
    listener: TcpListener,
    app: Router,
    header_timeout: Duration,
    admission: Admission,
    stop: impl Future<Output = ()>,
) {
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new()).header_read_timeout(header_timeout);
    tokio::pin!(stop);
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(err) => {
                    // Out of file descriptors, say: wait a moment rather than spin.
                    tracing::warn!(%err, "accept failed");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut stop => return,
        };
        if !admission.admits(peer) {
            crate::metrics::limit_hit(crate::metrics::Limit::TcpConnections);
            continue;
        }
        // A claim's answer follows its move's broadcast on the same socket:
        // with Nagle's algorithm the second small frame would wait for the
        // client's delayed ACK (BENCHMARKS.md, "Online", measured the difference).
        if let Err(err) = stream.set_nodelay(true) {
            tracing::warn!(%err, "TCP_NODELAY not set");
        }
        let app = app.clone();
        let service = hyper::service::service_fn(move |mut request: hyper::Request<Incoming>| {
            request.extensions_mut().insert(ConnectInfo::<SocketAddr>(peer));
            app.clone().oneshot(request.map(axum::body::Body::new))
        });
        let connection = http.serve_connection(TokioIo::new(stream), service).with_upgrades();
        // In the span serve() runs in (the node's), as everything it serves.
        let span = tracing::Span::current();
        tokio::spawn(
            async move {
                if let Err(err) = connection.await {
                    tracing::debug!(%peer, %err, "connection ended");
                }
            }
            .instrument(span),
        );
    }
}
