//! How a player of the load reaches its room: the host makes it over a
//! socket that names no room (as a page does from the lobby), then every
//! player opens one that names the room, so that a proxy in front of
//! several nodes routes them all to the room's node; and, with
//! `--reconnect`, comes back to it that way when its node goes.

use crate::socket::{Socket, open};
use futures_util::stream::{SplitSink, SplitStream};
use futures_util::{SinkExt, StreamExt};
use set_protocol::{ClientMsg, ServerMsg};
use std::net::IpAddr;
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;

pub(crate) type Sender = SplitSink<Socket, Message>;
pub(crate) type Receiver = SplitStream<Socket>;

/// How long a socket may take to say welcome, or to answer a create.
const ANSWER_WAIT: Duration = Duration::from_secs(10);
/// Between two tries to reach a room whose node went.
const RETRY_EVERY: Duration = Duration::from_millis(50);

fn text(message: &ClientMsg) -> Message {
    Message::text(message.to_text())
}

/// The next server message that `wanted` picks out (others are skipped), within [`ANSWER_WAIT`].
async fn next<T>(rx: &mut Receiver, wanted: impl Fn(ServerMsg) -> Option<T>) -> Result<T, String> {
    let deadline = tokio::time::Instant::now() + ANSWER_WAIT;
    loop {
        let frame = tokio::time::timeout_at(deadline, rx.next()).await.map_err(|_| "no answer in time")?;
        match frame {
            Some(Ok(Message::Text(frame))) => {
                let message = serde_json::from_str::<ServerMsg>(&frame).map_err(|e| format!("{e}: {frame}"))?;
                if let ServerMsg::Error { message, .. } = &message {
                    return Err(message.clone());
                }
                if let Some(found) = wanted(message) {
                    return Ok(found);
                }
            }
            Some(Ok(_)) => {}
            _ => return Err("the socket closed".into()),
        }
    }
}

/// Opens a socket (for `room`, if any) and says hello (as `token`'s
/// player, if any): the socket's two halves and the player's token.
async fn hello(
    addr: &str,
    from: Option<IpAddr>,
    room: Option<&str>,
    token: Option<&str>,
) -> Result<(Sender, Receiver, String), String> {
    let ws = open(addr, from, room, None).await.map_err(|e| format!("connect: {e}"))?;
    let (mut tx, mut rx) = ws.split();
    let hello = ClientMsg::Hello { v: set_protocol::VERSION, token: token.map(str::to_owned) };
    tx.send(text(&hello)).await.map_err(|e| e.to_string())?;
    let token = next(&mut rx, |m| match m {
        ServerMsg::Welcome { token, .. } => Some(token),
        _ => None,
    })
    .await?;
    Ok((tx, rx, token))
}

/// Makes a classic room without hints (listed in the lobby if `public`)
/// under `name`, over a socket that names no room: the room and the
/// host's token. That socket then closes.
pub(crate) async fn make_room(
    addr: &str,
    from: Option<IpAddr>,
    name: &str,
    public: bool,
) -> Result<(String, String), String> {
    let (mut tx, mut rx, token) = hello(addr, from, None, None).await?;
    let create = ClientMsg::Create {
        mode: "classic".into(),
        hints: false,
        name: name.into(),
        public,
        bots: Vec::new(),
        dealing: set_core::rules::variant::Dealing::Automatic,
    };
    tx.send(text(&create)).await.map_err(|e| e.to_string())?;
    let room = next(&mut rx, |m| match m {
        ServerMsg::Created { room } => Some(room),
        _ => None,
    })
    .await?;
    let _ = tx.send(Message::Close(None)).await;
    Ok((room, token))
}

/// A socket for `room`, welcomed (as `token`'s player, if any).
pub(crate) async fn into_room(
    addr: &str,
    from: Option<IpAddr>,
    room: &str,
    token: Option<&str>,
) -> Result<(Sender, Receiver, String), String> {
    hello(addr, from, Some(room), token).await
}

/// Back to `room` as `token`'s player after its node went: tries until
/// a node answers, or `until`.
pub(crate) async fn back_to_room(
    addr: &str,
    from: Option<IpAddr>,
    room: &str,
    token: &str,
    until: Instant,
) -> Result<(Sender, Receiver), String> {
    loop {
        match into_room(addr, from, room, Some(token)).await {
            Ok((tx, rx, _)) => return Ok((tx, rx)),
            Err(err) if Instant::now() >= until => return Err(format!("back to room {room}: {err}")),
            Err(_) => tokio::time::sleep(RETRY_EVERY).await,
        }
    }
}
