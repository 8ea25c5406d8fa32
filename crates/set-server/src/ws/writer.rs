//! The writer of one socket: every frame to the client leaves here, and
//! WebSocket pings every [`PING_EVERY`]. The room never waits for it.

use crate::metrics::{Limit, limit_hit};
use crate::proto::close;
use crate::rooms::Outgoing;
use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket};
use futures_util::SinkExt;
use futures_util::stream::SplitSink;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;
use tokio::sync::{Notify, mpsc};

/// A WebSocket ping every this long keeps proxies from closing quiet sockets.
/// The client's pongs answer it, but say nothing of the client: they never
/// count as the client speaking.
const PING_EVERY: Duration = Duration::from_secs(15);

/// Sends what the outbox holds. A send that does not finish within
/// `send_timeout` (a client that stopped reading, its buffers full) ends
/// the connection, as does the outbox's bell.
pub(super) async fn write(
    mut sink: SplitSink<WebSocket, Message>,
    mut rx: mpsc::Receiver<Outgoing>,
    kick: Arc<Notify>,
    queued: Arc<AtomicUsize>,
    send_timeout: Duration,
) {
    let mut ping = tokio::time::interval_at(tokio::time::Instant::now() + PING_EVERY, PING_EVERY);
    loop {
        let (message, size) = tokio::select! {
            out = rx.recv() => match out {
                Some(Outgoing::Text(text)) => (Message::Text(Utf8Bytes::from(&*text)), text.len()),
                Some(Outgoing::Close(code, reason)) => (Message::Close(Some(CloseFrame { code, reason: reason.into() })), 0),
                None => break,
            },
            () = kick.notified() => {
                limit_hit(Limit::SlowReader);
                (Message::Close(Some(CloseFrame { code: close::POLICY, reason: "too slow to keep up: reconnect".into() })), 0)
            }
            _ = ping.tick() => (Message::Ping(axum::body::Bytes::default()), 0),
        };
        let closing = matches!(message, Message::Close(_));
        let sent = tokio::time::timeout(send_timeout, sink.send(message)).await;
        if sent.is_err() {
            limit_hit(Limit::SlowReader);
        }
        queued.fetch_sub(size, Ordering::Relaxed);
        if !matches!(sent, Ok(Ok(()))) || closing {
            break;
        }
    }
    let _ = tokio::time::timeout(send_timeout, sink.close()).await;
}
