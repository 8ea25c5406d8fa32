//! The bus: how the nodes of a cluster hear each other's lobbies, over
//! NATS (`--bus nats://HOST:PORT`). Without `--bus` a node is alone, and
//! its lobby is its own.
//!
//! Every node publishes on one subject, [`SUBJECT`], and listens to it
//! (without hearing itself): its rooms' changes and its lobby chat as they
//! happen, and its whole lobby every [`SNAPSHOT_EVERY`]
//! (`crate::lobby::peers`). A node that joins says hello and every other
//! node answers with its whole lobby and its lobby chat's last lines at
//! once, so a starting node's lobby is whole within a round trip (docs/online.md says why this, and not the
//! database, seeds it).
//!
//! Games never wait for the bus: the lobby hands what it tells the others
//! to a bounded queue ([`QUEUE`]) and goes on; what does not fit is
//! dropped, and the next snapshot mends it. When NATS cannot be reached,
//! the lobby says it is out of date, the other nodes' rooms fade from it
//! as they fall silent, and the client reconnects by itself: the first
//! snapshots heard after that heal the lobby.
//!
//! A node that takes a room says so ([`PeerMsg::Taken`]), and a node
//! holding an older copy lets go of it at once: routing by room sends
//! players to one node, and when it did not (a room joined from another
//! node's lobby, a node back after a failure), the room's players meet
//! again on one node within a round trip of the bus, not at the next write
//! the epoch refuses. Correctness never depends on this message: the epoch
//! does that.
//!
//! What the bus carries is the nodes' own: NATS asks for the cluster's
//! credentials (`--bus-credentials`; scripts/cluster.sh makes them), and
//! listens on loopback or a private network. Even so, a frame is read as a
//! client's is: one that does not parse is counted and dropped, every
//! field is bounded as a client's frame is (`lobby::peers::checked`: chat
//! lines and names as the node that took them checked them, rooms of at
//! most eight seats, lists of bounded length), a `taken` is believed only
//! when the store's epoch agrees, and the lobby keeps at most
//! `lobby::peers::MAX_PEERS` other nodes.

use crate::lobby::Lobby;
use crate::lobby::peers::{PeerFrame, PeerMsg};
use crate::proto::BusHealth;
use crate::rooms::Rooms;
use async_nats::{ConnectOptions, Event};
use futures_util::StreamExt;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::mpsc;

/// The one subject the lobbies are told on.
pub(crate) const SUBJECT: &str = "set.lobby";
/// Each node tells its whole lobby this often.
pub(crate) const SNAPSHOT_EVERY: Duration = Duration::from_secs(1);
/// Changes waiting to be published, at most.
pub(crate) const QUEUE: usize = 4096;
/// Longer frames are not read (a lobby of thousands of rooms fits).
pub(crate) const MAX_FRAME: usize = 4 << 20;

/// How long a publish may wait for the client's buffer before it is dropped.
const PUBLISH_WAIT: Duration = Duration::from_millis(200);

/// A cluster's credentials on the bus.
pub(crate) struct Credentials {
    pub user: String,
    pub password: String,
}

/// Connects this node's lobby to the bus at `url` (with `credentials`, if
/// the bus asks for them) and keeps it connected: returns once the client
/// exists (NATS itself may still be down; the client goes on trying), with
/// the task that runs the bus.
pub(crate) async fn start(
    url: &str,
    credentials: Option<Credentials>,
    node: &str,
    lobby: Arc<Lobby>,
    rooms: Arc<Rooms>,
) -> Result<tokio::task::JoinHandle<()>, String> {
    let (events_tx, events) = mpsc::unbounded_channel();
    let options = match credentials {
        Some(Credentials { user, password }) => ConnectOptions::with_user_and_password(user, password),
        None => ConnectOptions::new(),
    };
    let client = options
        .name(format!("set-server {node}"))
        .no_echo()
        .retry_on_initial_connect()
        .connection_timeout(Duration::from_secs(2))
        // A NATS that vanished without closing its socket is noticed this quickly.
        .ping_interval(Duration::from_secs(5))
        .reconnect_delay_callback(|attempts| Duration::from_millis(250 * attempts.clamp(1, 4) as u64))
        .event_callback(move |event| {
            let events_tx = events_tx.clone();
            async move {
                let _ = events_tx.send(event);
            }
        })
        .connect(url)
        .await
        .map_err(|err| format!("--bus {url}: {err}"))?;
    let subscriber = client.subscribe(SUBJECT).await.map_err(|err| format!("--bus {url}: {err}"))?;
    lobby.set_bus(BusHealth::Down);
    let (to_peers, outbound) = mpsc::channel(QUEUE);
    lobby.join_bus(to_peers);
    let bus =
        Bus { client, node: node.to_owned(), lobby, rooms, named_twice: std::sync::atomic::AtomicBool::default() };
    Ok(tokio::spawn(bus.run(events, outbound, subscriber)))
}

struct Bus {
    client: async_nats::Client,
    node: String,
    lobby: Arc<Lobby>,
    rooms: Arc<Rooms>,
    /// Another node on the bus was heard under this one's name (said once).
    named_twice: std::sync::atomic::AtomicBool,
}

impl Bus {
    async fn run(
        self,
        mut events: mpsc::UnboundedReceiver<Event>,
        mut outbound: mpsc::Receiver<PeerMsg>,
        mut subscriber: async_nats::Subscriber,
    ) {
        let mut snapshots = tokio::time::interval(SNAPSHOT_EVERY);
        loop {
            tokio::select! {
                Some(event) = events.recv() => self.event(event).await,
                Some(msg) = outbound.recv() => {
                    if self.lobby.bus() == BusHealth::Up {
                        self.publish(msg).await;
                    }
                }
                heard = subscriber.next() => if let Some(message) = heard { self.heard(&message.payload).await } else {
                    tracing::error!("the bus's subscription ended: this node's lobby is its own from now on");
                    self.lobby.set_bus(BusHealth::Down);
                    return;
                },
                _ = snapshots.tick() => {
                    if self.lobby.bus() == BusHealth::Up {
                        self.publish(PeerMsg::Lobby(self.lobby.own())).await;
                    }
                }
            }
        }
    }

    async fn event(&self, event: Event) {
        match event {
            Event::Connected => {
                tracing::info!("the bus is up: telling the other nodes this lobby");
                self.lobby.set_bus(BusHealth::Up);
                crate::metrics::bus_up(true);
                self.publish(PeerMsg::Hello).await;
                self.publish(PeerMsg::Lobby(self.lobby.own())).await;
            }
            Event::Disconnected => {
                tracing::warn!("the bus is down: the lobby shows this node's own until it is back");
                self.lobby.set_bus(BusHealth::Down);
                crate::metrics::bus_up(false);
            }
            other => tracing::info!(event = %other, "bus"),
        }
    }

    async fn heard(&self, payload: &[u8]) {
        if payload.len() > MAX_FRAME {
            crate::metrics::bus_dropped();
            return;
        }
        let frame: PeerFrame = match serde_json::from_slice(payload) {
            Ok(frame) => frame,
            Err(err) => {
                tracing::warn!(%err, "a frame on the bus that does not parse: dropped");
                crate::metrics::bus_dropped();
                return;
            }
        };
        let frame = match crate::lobby::peers::checked(frame) {
            Ok(frame) => frame,
            Err(why) => {
                tracing::warn!(%why, "a frame on the bus out of its bounds: dropped");
                crate::metrics::bus_dropped();
                return;
            }
        };
        if frame.node == self.node {
            // This node never hears itself (no echo): another is named as it is.
            if !self.named_twice.swap(true, std::sync::atomic::Ordering::Relaxed) {
                tracing::error!(node = %self.node, "another node on the bus has this node's name: give each its own --node");
            }
            return;
        }
        match &frame.msg {
            PeerMsg::Hello => {
                self.publish(PeerMsg::Lobby(self.lobby.own())).await;
                let lines = self.lobby.chat_history();
                if !lines.is_empty() {
                    self.publish(PeerMsg::ChatHistory { lines }).await;
                }
            }
            PeerMsg::Taken { room, epoch } => self.rooms.taken_elsewhere(room, *epoch).await,
            _ => {}
        }
        self.lobby.heard(&frame.node, frame.msg, Instant::now());
    }

    async fn publish(&self, msg: PeerMsg) {
        let frame = PeerFrame { node: self.node.clone(), msg };
        let Ok(text) = serde_json::to_vec(&frame) else { return };
        match tokio::time::timeout(PUBLISH_WAIT, self.client.publish(SUBJECT, text.into())).await {
            Ok(Ok(())) => crate::metrics::bus_sent(),
            _ => crate::metrics::bus_dropped(),
        }
    }
}
