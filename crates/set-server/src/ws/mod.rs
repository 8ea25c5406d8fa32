//! One WebSocket connection: its first message says who the player is
//! (a signed token, or none for a new anonymous player); then it may create
//! rooms, join one, and pass claims, hints and the start to it. Everything
//! a client sends is checked here for shape and rate before an endpoint
//! sees it: frame size, JSON, message type, its frame credit and what the
//! message costs ([`budget`]). The seat a claim counts for comes from the
//! connection, never the message.
//!
//! This file is the socket: its loop (deadlines, bans, draining, strikes),
//! the parse, the dispatch, and the connection's link to its room and the
//! lobby. Each endpoint answers its messages in a file of its own, as
//! methods of [`Connection`], and none imports another:
//! - [`identity`]: hello, transfer codes, signing out elsewhere, reports, bans;
//! - [`lobby`]: watching the lobby, making rooms, quick play;
//! - [`room`]: joining a room and passing it the room's messages;
//! - [`chat`]: a line to the lobby or to the room, by its budgets;
//!
//! and what more than one of them asks, in files of their own: [`names`]
//! (the name a connection goes by), [`budget`] and [`writer`].

mod budget;
mod chat;
mod identity;
mod lobby;
mod names;
mod room;
mod writer;

use crate::AppState;
use crate::limits::{Bucket, Permit};
use crate::metrics::{Limit, limit_hit};
use crate::proto::{ClientKind, ClientMsg, ErrorCode, FRAME_LIMIT, ServerMsg, close};
use crate::rooms::{Command, ConnId, OUTBOX, Outbox, Outgoing, room_lost};
use axum::extract::ws::{Message, WebSocket};
use budget::{Budget, Credit};
use futures_util::StreamExt;
use std::net::IpAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;
use tokio::sync::mpsc;

static NEXT_CONN: AtomicU64 = AtomicU64::new(1);

/// Protocol errors a connection may make before it is closed.
const STRIKES: u32 = 20;

struct Connection {
    id: ConnId,
    state: Arc<AppState>,
    outbox: Outbox,
    /// The client's address (its permit's).
    address: IpAddr,
    /// When the token it was last given was issued (Unix ms).
    issued_ms: i64,
    /// The last rooms quick play sat this connection in: never again.
    quick_rooms: lobby::QuickRooms,
    /// The room the socket was opened for (`/ws?room=<id>`), by which a
    /// proxy in front of several nodes routed it here.
    routed: Option<String>,
    player: Option<String>,
    room: Option<mpsc::Sender<Command>>,
    /// Watching the lobby (never while in a room).
    in_lobby: bool,
    /// Every frame but pings draws from this credit (lila-ws's way).
    frames: Bucket,
    /// When it last sent something other than a ping.
    said_at: Instant,
    /// What its messages cost beyond the frame credit.
    budget: Budget,
    /// The name this connection last went by (a new one costs a rename).
    named: Option<String>,
    strikes: u32,
    /// The kind of the client's message being answered, while it is: every
    /// refusal the endpoints send names it (`error`'s `to`). None while a
    /// frame is read, and for what the connection says on its own.
    answering: Option<ClientKind>,
}

/// Why a connection's read loop stops waiting.
enum Heard {
    Message(Message),
    /// Closed, broken, or a frame over the hard limit.
    Gone,
    /// Silent past its deadline.
    Silent(&'static str),
    Draining,
    /// The operator banned someone (perhaps this connection's player).
    Banned,
}

pub(crate) async fn serve(socket: WebSocket, state: Arc<AppState>, permit: Permit, routed: Option<String>) {
    let (sink, mut stream) = socket.split();
    let (tx, rx) = mpsc::channel::<Outgoing>(OUTBOX);
    let outbox = Outbox::new(tx, state.limits.outbox_bytes);
    // The writer holds no sender of the outbox: it ends when the last one goes.
    let (kick, queued) = (Arc::clone(&outbox.kick), Arc::clone(&outbox.queued));
    let mut draining = state.draining.clone();
    let mut bans = state.sanctions.watch_bans();
    let limits = state.limits.clone();
    let mut conn = Connection {
        id: NEXT_CONN.fetch_add(1, Ordering::Relaxed),
        state,
        outbox,
        address: permit.address(),
        routed,
        quick_rooms: lobby::QuickRooms::default(),
        issued_ms: 0,
        player: None,
        room: None,
        in_lobby: false,
        frames: limits.frame_bucket(),
        said_at: Instant::now(),
        budget: Budget::new(&limits),
        named: None,
        strikes: 0,
        answering: None,
    };
    let mut writer = tokio::spawn(writer::write(sink, rx, kick, queued, limits.send_timeout()));
    // The client must say hello first, and soon; then it speaks (its own
    // pings count) at least every silent timeout in a room, and more than
    // pings at least every idle timeout outside one.
    let opened = Instant::now();
    let mut last_heard = opened;
    let mut writer_done = false;
    loop {
        let deadline = if conn.player.is_none() {
            (opened + limits.hello_timeout(), "no hello in time")
        } else if conn.room.is_some() || conn.in_lobby {
            (last_heard + limits.silent_timeout(), "silent too long")
        } else {
            let idle = conn.said_at + limits.idle_timeout();
            let silent = last_heard + limits.silent_timeout();
            if idle < silent { (idle, "idle outside a room too long") } else { (silent, "silent too long") }
        };
        let heard = tokio::select! {
            next = tokio::time::timeout_at(deadline.0.into(), stream.next()) => match next {
                Ok(Some(Ok(message))) => Heard::Message(message),
                Ok(_) => Heard::Gone,
                Err(_) => Heard::Silent(deadline.1),
            },
            changed = draining.wait_for(|draining| *draining) => match changed {
                Ok(_) => Heard::Draining,
                Err(_) => Heard::Gone,
            },
            changed = bans.changed() => match changed {
                Ok(()) => Heard::Banned,
                Err(_) => Heard::Gone,
            },
            // The writer gave up (a client too slow, or gone): so does the reader,
            // and the socket closes.
            _ = &mut writer, if !writer_done => {
                writer_done = true;
                Heard::Gone
            }
        };
        let keep_going = match heard {
            Heard::Message(Message::Text(text)) => {
                last_heard = Instant::now();
                conn.on_text(text.as_str()).await
            }
            Heard::Message(Message::Binary(_)) => conn.strike(None, ErrorCode::BadMessage, "frames are JSON text"),
            Heard::Message(Message::Close(_)) | Heard::Gone => false,
            // The WebSocket layer answers pings; a pong is no sign of the client.
            Heard::Message(Message::Ping(_) | Message::Pong(_)) => true,
            Heard::Silent(why) => {
                limit_hit(if conn.player.is_none() { Limit::Hello } else { Limit::Silent });
                tracing::debug!(conn = conn.id, address = %conn.address, why, "closed");
                conn.close(close::SILENT, why)
            }
            Heard::Draining => conn.close(close::RESTARTING, "the server is restarting: reconnect"),
            // Someone was banned: this connection, if it is theirs.
            Heard::Banned => {
                if conn.player.as_ref().is_some_and(|player| conn.state.sanctions.is_banned(player)) {
                    conn.banned()
                } else {
                    true
                }
            }
        };
        if !keep_going {
            break;
        }
    }
    if let Some(room) = conn.room.take() {
        let _ = room.send(Command::Leave { conn: conn.id }).await;
    }
    conn.state.lobby.leave(conn.id);
    if let Some(player) = &conn.player {
        conn.state.lobby.departed(player);
        conn.state.sign_outs.departed(player);
    }
    drop(conn);
    if !writer_done {
        let _ = writer.await;
    }
    // The connection's place is given back once its writer is done.
    drop(permit);
}

impl Connection {
    fn send(&self, msg: &ServerMsg) {
        self.outbox.send(msg.to_text().into());
    }

    fn close(&self, code: u16, reason: &'static str) -> bool {
        let _ = self.outbox.tx.try_send(Outgoing::Close(code, reason));
        false
    }

    /// Refuses the message being answered: the frame names its kind.
    fn refuse(&self, code: ErrorCode, message: impl Into<String>) {
        self.send(&ServerMsg::refusal(self.answering, None, code, message));
    }

    /// Answers a bad message with an error; true while the connection may go on.
    fn strike(&mut self, id: Option<u32>, code: ErrorCode, message: impl Into<String>) -> bool {
        self.send(&ServerMsg::refusal(self.answering, id, code, message));
        self.strikes += 1;
        if self.strikes >= STRIKES {
            limit_hit(Limit::Strikes);
            return self.close(close::POLICY, "too many bad messages");
        }
        true
    }

    /// Refuses a message a budget has no room for (counted in `/metrics`
    /// as `limit`); the connection goes on.
    fn throttled(&self, id: Option<u32>, limit: Limit, why: impl Into<String>) -> bool {
        limit_hit(limit);
        self.send(&ServerMsg::refusal(self.answering, id, ErrorCode::Throttled, why));
        true
    }

    async fn on_text(&mut self, text: &str) -> bool {
        self.answering = None;
        if text.len() > FRAME_LIMIT {
            return self.strike(
                None,
                ErrorCode::TooBig,
                format!("a frame of {} bytes: at most {FRAME_LIMIT}", text.len()),
            );
        }
        let value: serde_json::Value = match serde_json::from_str(text) {
            Ok(value) => value,
            Err(err) => return self.strike(None, ErrorCode::BadJson, format!("not JSON: {err}")),
        };
        let id = value.get("id").and_then(serde_json::Value::as_u64).and_then(|id| u32::try_from(id).ok());
        let kind = value.get("t").and_then(|t| t.as_str()).unwrap_or("").to_owned();
        // A known type is answered as that request from here on, its fields read or not.
        self.answering = ClientKind::from_name(&kind);
        // Pings keep the socket up and cost little: a credit of their own,
        // whose overflow goes unanswered. Everything else draws on the frames'.
        if kind == "ping" {
            if !self.budget.take(Credit::Pings) {
                limit_hit(Credit::Pings.limit());
                return true;
            }
        } else {
            if !self.frames.take() {
                limit_hit(Limit::Frames);
                return self.strike(id, ErrorCode::Throttled, "too many messages: slow down");
            }
            self.said_at = Instant::now();
        }
        if self.answering.is_none() {
            let shown = set_core::text::short(&kind);
            return self.strike(id, ErrorCode::UnknownType, format!("\"{shown}\" is not a message type"));
        }
        let msg: ClientMsg = match serde_json::from_value(value) {
            Ok(msg) => msg,
            Err(err) => return self.strike(id, ErrorCode::BadMessage, format!("a bad \"{kind}\": {err}")),
        };
        self.on_message(msg).await
    }

    /// Hands a message to its endpoint, once the connection is a player
    /// in good standing and the message's cost is paid.
    async fn on_message(&mut self, msg: ClientMsg) -> bool {
        self.answering = Some(msg.kind());
        let player = match (&msg, &self.player) {
            (ClientMsg::Hello { v, token }, _) => return self.hello(*v, token.as_deref()).await,
            (ClientMsg::Ping { c, rtt }, _) => {
                self.send(&ServerMsg::Pong { c: *c });
                if let (Some(ms), Some(room)) = (rtt, &self.room) {
                    let _ = room.try_send(Command::Rtt { conn: self.id, ms: *ms });
                }
                return true;
            }
            (_, None) => return self.strike(None, ErrorCode::HelloFirst, "say hello first"),
            (_, Some(player)) => player.clone(),
        };
        // Banned, or signed out by another browser, since it said hello:
        // gone at its next frame.
        if self.state.sanctions.is_banned(&player) {
            return self.banned();
        }
        if self.signed_out_since(&player, self.issued_ms) {
            return self.refuse_token("this browser was signed out of that player");
        }
        if let Some((credit, why)) = budget::cost(&msg)
            && !self.budget.take(credit)
        {
            return self.throttled(msg.id(), credit.limit(), why);
        }
        match msg {
            ClientMsg::Create { mode, hints, name, public, bots, dealing } => {
                let settings = crate::rooms::RoomSettings { mode, hints, dealing, public, bots, quick: false };
                self.create(&player, name, settings).await
            }
            ClientMsg::Lobby { name } => self.watch_lobby(&player, name).await,
            ClientMsg::QuickPlay { mode, name } => self.quick_play(&player, &mode, name).await,
            ClientMsg::Join { room, name, since } => self.join(player, room, name, since).await,
            ClientMsg::Chat { text } => self.chat(&player, &text).await,
            ClientMsg::TransferCode => self.transfer_code(&player),
            ClientMsg::Redeem { code } => self.redeem(&code).await,
            ClientMsg::Report { player: reported, why } => self.report(&player, &reported, &why).await,
            ClientMsg::SignOutElsewhere => self.sign_out_elsewhere(player).await,
            ClientMsg::Hello { .. } | ClientMsg::Ping { .. } => true,
            room_message => self.pass_to_room(&player, room_message).await,
        }
    }

    async fn leave_room(&mut self) {
        if let Some(old) = self.room.take() {
            let _ = old.send(Command::Leave { conn: self.id }).await;
        }
    }

    fn leave_lobby(&mut self) {
        if std::mem::take(&mut self.in_lobby) {
            self.state.lobby.leave(self.id);
        }
    }

    /// Passes a command to the joined room; a room that stopped closes the
    /// connection, so that the client reconnects and the room reloads.
    async fn forward(&mut self, command: Command) -> bool {
        let Some(room) = &self.room else {
            let id = match &command {
                Command::Request(request) => request.msg.id(),
                _ => None,
            };
            self.send(&ServerMsg::refusal(self.answering, id, ErrorCode::NotInRoom, "join a room first"));
            return true;
        };
        #[cfg(debug_assertions)]
        if std::env::var_os("SET_SERVER_TEST_HOOKS").is_some()
            && matches!(&command, Command::Request(crate::rooms::Request { msg: ClientMsg::Claim { cards, .. }, .. })
                if cards == &[-99, -99, -99])
        {
            let _ = room.send(Command::Crash).await;
            return true;
        }
        if room.send(command).await.is_err() {
            self.room = None;
            room_lost(&self.outbox);
            return false;
        }
        true
    }
}
