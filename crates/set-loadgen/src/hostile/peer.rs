//! One attacker's socket: opened from a loopback address of its own,
//! welcomed, read frame by frame with each frame's size and the close code
//! the server ends it with.

use crate::socket::{ATTACKERS_FAMILY, Socket, loopback, open};
use futures_util::{SinkExt, StreamExt};
use set_protocol::{ClientMsg, ServerMsg};
use std::net::IpAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

/// How long an answer the attack waits for may take.
pub(super) const ANSWER_WAIT: Duration = Duration::from_secs(10);

/// The address of attacker machine `n`.
pub(super) fn machine(n: usize) -> IpAddr {
    loopback(ATTACKERS_FAMILY, n)
}

/// What the server sent next.
// Each frame is matched by its message's patterns as it arrives and then
// dropped; a box would take those patterns away for no memory worth keeping.
#[allow(clippy::large_enum_variant)]
pub(super) enum Frame {
    /// A message, and its size on the wire.
    Msg(ServerMsg, usize),
    /// The socket closed, with the server's close code if it gave one.
    Closed(Option<u16>),
}

/// A welcomed socket.
pub(super) struct Peer {
    ws: Socket,
    pub(super) player: String,
    pub(super) token: String,
}

impl Peer {
    /// A socket from `from`, welcomed as `token`'s player (a new one if none).
    pub(super) async fn hello(addr: &str, from: IpAddr, token: Option<&str>) -> Result<Peer, String> {
        let ws = open(addr, Some(from), None, None).await?;
        let mut peer = Peer { ws, player: String::new(), token: String::new() };
        peer.say(ClientMsg::Hello { v: set_protocol::VERSION, token: token.map(str::to_owned) }).await?;
        let (player, token) = peer
            .answer(|m| match m {
                ServerMsg::Welcome { player, token, .. } => Some((player, token)),
                _ => None,
            })
            .await?;
        (peer.player, peer.token) = (player, token);
        Ok(peer)
    }

    pub(super) async fn say(&mut self, message: ClientMsg) -> Result<(), String> {
        self.ws.send(Message::text(message.to_text())).await.map_err(|e| e.to_string())
    }

    /// The next frame (other than pings and pongs of the socket).
    pub(super) async fn frame(&mut self) -> Frame {
        loop {
            match self.ws.next().await {
                Some(Ok(Message::Text(text))) => {
                    if let Ok(message) = serde_json::from_str::<ServerMsg>(&text) {
                        return Frame::Msg(message, text.len());
                    }
                }
                Some(Ok(Message::Close(close))) => return Frame::Closed(close.map(|c| u16::from(c.code))),
                Some(Ok(_)) => {}
                Some(Err(_)) | None => return Frame::Closed(None),
            }
        }
    }

    /// The first message `wanted` picks out within [`ANSWER_WAIT`]; an
    /// error message, a close or silence is an error.
    pub(super) async fn answer<T>(&mut self, mut wanted: impl FnMut(ServerMsg) -> Option<T>) -> Result<T, String> {
        let deadline = tokio::time::Instant::now() + ANSWER_WAIT;
        loop {
            let frame = tokio::time::timeout_at(deadline, self.frame()).await.map_err(|_| "no answer in time")?;
            match frame {
                Frame::Msg(ServerMsg::Error { message, .. }, _) => return Err(message),
                Frame::Msg(message, _) => {
                    if let Some(found) = wanted(message) {
                        return Ok(found);
                    }
                }
                Frame::Closed(code) => return Err(format!("closed ({code:?})")),
            }
        }
    }
}

/// A counter the attack's tasks share.
#[derive(Default)]
pub(super) struct Count(AtomicU64);

impl Count {
    pub(super) fn add(&self, n: u64) {
        self.0.fetch_add(n, Ordering::Relaxed);
    }

    pub(super) fn get(&self) -> u64 {
        self.0.load(Ordering::Relaxed)
    }

    /// Keeps the largest `n` seen.
    pub(super) fn max(&self, n: u64) {
        self.0.fetch_max(n, Ordering::Relaxed);
    }
}
