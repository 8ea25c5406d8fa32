//! One WebSocket connection: its first message says who the player is
//! (a signed token, or none for a new anonymous player); then it may create
//! rooms, join one, and pass claims, hints and the start to it. Everything
//! a client sends is checked here for shape and rate before a room sees it:
//! frame size, JSON, message type, claims per second, rooms created. The
//! seat a claim counts for comes from the connection, never the message.

use crate::AppState;
use crate::ids::is_room_id;
use crate::limits::{Bucket, Permit};
use crate::lobby::LobbyError;
use crate::metrics::{Limit, limit_hit};
use crate::proto::{CLIENT_TYPES, ClientMsg, ErrorCode, FRAME_LIMIT, ServerMsg, VERSION, close};
use crate::rooms::{Command, ConnId, OUTBOX, Outbox, Outgoing, RoomSettings, RoomsError, Route, room_lost};
use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket};
use futures_util::stream::SplitSink;
use futures_util::{SinkExt, StreamExt};
use set_core::players::sitting::MAX_ONLINE_PLAYERS;
use std::net::IpAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};
use tokio::sync::{Notify, mpsc};

static NEXT_CONN: AtomicU64 = AtomicU64::new(1);

/// A WebSocket ping every this long keeps proxies from closing quiet sockets.
/// The client's pongs answer it, but say nothing of the client: they never
/// count as the client speaking.
const PING_EVERY: Duration = Duration::from_secs(15);
/// Protocol errors a connection may make before it is closed.
const STRIKES: u32 = 20;
/// The waiting rooms a quick play tries (a name taken in one, say) before it makes its own.
const QUICK_TRIES: usize = 4;
/// The rooms a connection's quick play remembers having sat it in.
const QUICK_REMEMBERED: usize = 8;
/// How long a quick play waits for a room to seat it.
const SIT_WAIT: Duration = Duration::from_secs(5);

/// Per connection: claims (and hints) 8 a second with a burst of 8, and
/// rooms created 3 at once, then one a minute (besides the address's own
/// bucket, `Limits::room_bucket`).
fn claim_bucket() -> Bucket {
    Bucket::new(8.0, 8.0)
}
fn connection_room_bucket() -> Bucket {
    Bucket::new(3.0, 1.0 / 60.0)
}
/// Why a room is not made when a player's budget is spent.
const TOO_MANY_ROOMS: &str = "too many rooms made: wait a minute";

/// Pings: the page sends one every few seconds; more are dropped unanswered.
fn ping_bucket() -> Bucket {
    Bucket::new(10.0, 2.0)
}
/// New names (a rename): five at once, then one every ten seconds, so that
/// no client cycles through names to hold them from others.
fn rename_bucket() -> Bucket {
    Bucket::new(5.0, 0.1)
}

struct Connection {
    id: ConnId,
    state: Arc<AppState>,
    outbox: Outbox,
    /// The client's address (its permit's).
    address: IpAddr,
    /// When the token it was last given was issued (Unix ms).
    issued_ms: i64,
    /// The last rooms quick play sat this connection in: never again.
    quick_rooms: std::collections::VecDeque<String>,
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
    pings: Bucket,
    claims: Bucket,
    chats: Bucket,
    rooms_made: Bucket,
    /// Transfer codes this connection tried.
    codes_tried: Bucket,
    /// Transfer codes this connection asked for.
    codes_made: Bucket,
    /// The name this connection last went by, and its credit for new ones.
    named: Option<String>,
    renames: Bucket,
    strikes: u32,
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

/// The frame that refuses a name: with a free one to offer when someone has it.
fn name_refused(err: LobbyError) -> ServerMsg {
    match err {
        LobbyError::Taken { why, suggestion } => ServerMsg::name_taken(why, suggestion),
        err => ServerMsg::error(None, ErrorCode::BadName, err.to_string()),
    }
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
        quick_rooms: std::collections::VecDeque::new(),
        issued_ms: 0,
        player: None,
        room: None,
        in_lobby: false,
        frames: limits.frame_bucket(),
        said_at: Instant::now(),
        pings: ping_bucket(),
        claims: claim_bucket(),
        chats: limits.player_chat_bucket(),
        rooms_made: connection_room_bucket(),
        codes_tried: Bucket::new(5.0, 1.0 / 60.0),
        codes_made: Bucket::new(3.0, 1.0 / 60.0),
        named: None,
        renames: rename_bucket(),
        strikes: 0,
    };
    let mut writer = tokio::spawn(write(sink, rx, kick, queued, limits.send_timeout()));
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
    }
    drop(conn);
    if !writer_done {
        let _ = writer.await;
    }
    // The connection's place is given back once its writer is done.
    drop(permit);
}

/// The writer: every frame to the client leaves here, and WebSocket pings
/// every [`PING_EVERY`]. A send that does not finish within `send_timeout`
/// (a client that stopped reading, its buffers full) ends the connection,
/// as does the outbox's bell; the room never waits for it.
async fn write(
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

impl Connection {
    fn send(&self, msg: &ServerMsg) {
        self.outbox.send(msg.to_text().into());
    }

    fn close(&self, code: u16, reason: &'static str) -> bool {
        let _ = self.outbox.tx.try_send(Outgoing::Close(code, reason));
        false
    }

    /// Answers a bad message with an error; true while the connection may go on.
    fn strike(&mut self, id: Option<u32>, code: ErrorCode, message: impl Into<String>) -> bool {
        self.send(&ServerMsg::error(id, code, message));
        self.strikes += 1;
        if self.strikes >= STRIKES {
            limit_hit(Limit::Strikes);
            return self.close(close::POLICY, "too many bad messages");
        }
        true
    }

    async fn on_text(&mut self, text: &str) -> bool {
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
        // Pings keep the socket up and cost little: a bucket of their own,
        // whose overflow goes unanswered. Everything else draws on the credit.
        if kind == "ping" {
            if !self.pings.take() {
                return true;
            }
        } else {
            if !self.frames.take() {
                limit_hit(Limit::Frames);
                return self.strike(id, ErrorCode::Throttled, "too many messages: slow down");
            }
            self.said_at = Instant::now();
        }
        if !CLIENT_TYPES.contains(&kind.as_str()) {
            let shown = set_core::text::short(&kind);
            return self.strike(id, ErrorCode::UnknownType, format!("\"{shown}\" is not a message type"));
        }
        let msg: ClientMsg = match serde_json::from_value(value) {
            Ok(msg) => msg,
            Err(err) => return self.strike(id, ErrorCode::BadMessage, format!("a bad \"{kind}\": {err}")),
        };
        self.on_message(msg).await
    }

    async fn on_message(&mut self, msg: ClientMsg) -> bool {
        let player = match (&msg, &self.player) {
            (ClientMsg::Hello { v, token }, _) => return self.hello(*v, token.as_deref()),
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
        match msg {
            ClientMsg::Create { mode, hints, name, public, bots, dealing } => {
                let name = self.name_or_given(&player, name);
                if public && !self.may_list() {
                    return true;
                }
                if !self.may_go_by(&player, &name) || !self.may_make_room(&player) {
                    return true;
                }
                let settings = RoomSettings { mode, hints, dealing, public, bots };
                match self.state.rooms.create(&player, &name, &settings).await {
                    Ok(room) => {
                        if public {
                            self.state.lobby.made_public(self.address, &room);
                        }
                        self.send(&ServerMsg::Created { room });
                    }
                    Err(err) => return self.not_made(err),
                }
                true
            }
            ClientMsg::Lobby { name } => {
                if name.as_deref().is_some_and(|name| !self.may_rename(name)) {
                    return true;
                }
                self.leave_room().await;
                let watched = self.state.lobby.watch(self.id, &player, name.as_deref(), &self.outbox);
                match watched {
                    Ok(()) => {
                        self.in_lobby = true;
                        if let Some(name) = name {
                            self.named = Some(name.trim().to_owned());
                        }
                    }
                    Err(err @ LobbyError::Full) => {
                        self.send(&ServerMsg::error(None, ErrorCode::LobbyFull, err.to_string()));
                    }
                    Err(err) => self.send(&name_refused(err)),
                }
                true
            }
            ClientMsg::QuickPlay { mode, name } => {
                let name = self.name_or_given(&player, name);
                if !self.may_go_by(&player, &name) {
                    return true;
                }
                self.quick_play(&player, &mode, &name).await
            }
            ClientMsg::Join { room, name, since } => {
                if !is_room_id(&room) {
                    return self.strike(None, ErrorCode::NoRoom, "there is no such room");
                }
                if name.as_deref().is_some_and(|name| !self.may_go_by(&player, name)) {
                    return true;
                }
                if !self.state.joins_from.take(self.address) {
                    limit_hit(Limit::Joins);
                    self.send(&ServerMsg::error(None, ErrorCode::Throttled, "too many rooms joined: wait a moment"));
                    return true;
                }
                self.leave_room().await;
                self.leave_lobby();
                let route = if self.routed.as_deref() == Some(room.as_str()) { Route::ByTheRoom } else { Route::Other };
                let inbox = match self.state.rooms.inbox(&room, route).await {
                    Ok(inbox) => inbox,
                    // Played on a live node: the client sits there itself, over
                    // a socket that names the room (as quick play's `found`).
                    Err(RoomsError::Elsewhere(_)) => {
                        self.send(&ServerMsg::Found { room });
                        return true;
                    }
                    Err(RoomsError::NoRoom) => {
                        return self.strike(None, ErrorCode::NoRoom, "there is no such room");
                    }
                    Err(RoomsError::Full) => {
                        limit_hit(Limit::RoomsLoaded);
                        self.send(&ServerMsg::error(
                            None,
                            ErrorCode::Unavailable,
                            "the server is full: try again soon",
                        ));
                        return true;
                    }
                    Err(err) => {
                        tracing::error!(%room, %err, "a room not opened");
                        self.send(&ServerMsg::error(None, ErrorCode::Unavailable, "the room cannot be opened now"));
                        return true;
                    }
                };
                let join = Command::Join {
                    conn: self.id,
                    player,
                    name,
                    since: since.unwrap_or(0),
                    outbox: self.outbox.clone(),
                    seated: None,
                };
                self.room = Some(inbox);
                self.forward(join).await
            }
            ClientMsg::Claim { id, cards, seen } => {
                if !self.claims.take() {
                    limit_hit(Limit::Claims);
                    self.send(&ServerMsg::error(Some(id), ErrorCode::Throttled, "too many claims: at most 8 a second"));
                    return true;
                }
                self.forward(Command::Claim { conn: self.id, id, cards, seen, received: Instant::now() }).await
            }
            ClientMsg::Flip { slot, seen } => {
                // Memory: a card turned up is a third of a claim, and shares its budget.
                if !self.claims.take() {
                    limit_hit(Limit::Claims);
                    self.send(&ServerMsg::error(None, ErrorCode::Throttled, "too many cards turned: wait a moment"));
                    return true;
                }
                self.forward(Command::Flip { conn: self.id, slot, seen, received: Instant::now() }).await
            }
            ClientMsg::Hint { id } => {
                if !self.claims.take() {
                    limit_hit(Limit::Claims);
                    self.send(&ServerMsg::error(Some(id), ErrorCode::Throttled, "too many hints: wait a moment"));
                    return true;
                }
                self.forward(Command::Hint { conn: self.id, id }).await
            }
            ClientMsg::CallNoSet { id, seen } => {
                // A call is judged like a claim, and shares its budget.
                if !self.claims.take() {
                    limit_hit(Limit::Claims);
                    self.send(&ServerMsg::error(Some(id), ErrorCode::Throttled, "too many calls: wait a moment"));
                    return true;
                }
                self.forward(Command::CallNoSet { conn: self.id, id, seen, received: Instant::now() }).await
            }
            ClientMsg::Chat { text } => {
                // This connection's, its player's (over all its connections)
                // and its address's: a player with twenty sockets, or twenty
                // identities on one machine, say no more than one would.
                if self.state.sanctions.is_muted(&player) {
                    self.send(&ServerMsg::error(None, ErrorCode::Muted, "this server's operator has muted you"));
                    return true;
                }
                if !self.chats.take()
                    || !self.state.chat_by.take(player.clone())
                    || !self.state.chat_from.take(self.address)
                {
                    limit_hit(Limit::Chat);
                    self.send(&ServerMsg::error(None, ErrorCode::Throttled, "too much chat: a line a second"));
                    return true;
                }
                match crate::chat::checked(&text) {
                    Ok(text) if self.room.is_none() && self.in_lobby => {
                        if let Err(err) = self.state.lobby.say(self.id, text) {
                            self.send(&ServerMsg::error(None, ErrorCode::BadChat, err.to_string()));
                        }
                        true
                    }
                    Ok(text) => self.forward(Command::Chat { conn: self.id, text, goes_by: self.named.clone() }).await,
                    Err(why) => {
                        self.send(&ServerMsg::error(None, ErrorCode::BadChat, why));
                        true
                    }
                }
            }
            ClientMsg::Start => self.forward(Command::Start { conn: self.id }).await,
            ClientMsg::Rematch => {
                // A rematch makes a room (unless one was made): it spends the
                // same budget as making one, and the room says if it is spent.
                let refused = self.room_budget(&player).err();
                self.forward(Command::Rematch { conn: self.id, refused }).await
            }
            ClientMsg::Remove { seat } => self.forward(Command::Remove { conn: self.id, seat }).await,
            ClientMsg::Bots { bots } => self.forward(Command::Bots { conn: self.id, bots }).await,
            ClientMsg::TransferCode => {
                // A connection and an address each make a few: the pool of
                // codes waiting is shared, and no one machine fills it.
                if !self.codes_made.take() || !self.state.transfer_codes_made.take(self.address) {
                    limit_hit(Limit::TransferCodes);
                    let why = "too many transfer codes asked for: wait a few minutes";
                    self.send(&ServerMsg::error(None, ErrorCode::Throttled, why));
                    return true;
                }
                match self.state.transfers.issue(&player) {
                    Ok(code) => {
                        let seconds = self.state.transfers.lifetime().as_secs();
                        self.send(&ServerMsg::TransferCode { code, seconds });
                    }
                    Err(err) => self.send(&ServerMsg::error(None, ErrorCode::Throttled, err.to_string())),
                }
                true
            }
            ClientMsg::Redeem { code } => self.redeem(&code).await,
            ClientMsg::Report { player: reported, why } => self.report(&player, &reported, &why).await,
            ClientMsg::SignOutElsewhere => self.sign_out_elsewhere(player).await,
            ClientMsg::Hello { .. } | ClientMsg::Ping { .. } => true,
        }
    }

    fn hello(&mut self, v: u32, token: Option<&str>) -> bool {
        if v != VERSION {
            self.send(&ServerMsg::error(
                None,
                ErrorCode::Version,
                format!("this server speaks version {VERSION}: reload the page"),
            ));
            return self.close(close::VERSION, "protocol version");
        }
        let player = match token {
            Some(token) => match self.state.signer.verify(token) {
                Some(verified) if self.signed_out_since(&verified.player, verified.issued_ms) => {
                    return self.refuse_token("this browser was signed out of that player");
                }
                Some(verified) => verified.player,
                None => return self.refuse_token("the token is not one this server signed"),
            },
            None => crate::ids::new_player_id(),
        };
        if self.state.sanctions.is_banned(&player) {
            return self.banned();
        }
        self.welcome(player);
        true
    }

    /// Whether `player` signed out their other browsers after `issued_ms`.
    fn signed_out_since(&self, player: &str, issued_ms: i64) -> bool {
        self.state.sign_outs.read().is_ok_and(|outs| outs.get(player).is_some_and(|&at| issued_ms < at))
    }

    /// Refuses the token (the page starts afresh without it) and closes.
    fn refuse_token(&mut self, why: &str) -> bool {
        self.send(&ServerMsg::error(None, ErrorCode::BadToken, why));
        self.close(close::BAD_TOKEN, "bad token")
    }

    /// Signs `player` out of every other browser: their tokens issued
    /// before now are refused, and this connection is given a new one.
    async fn sign_out_elsewhere(&mut self, player: String) -> bool {
        let now = crate::unix_ms();
        if let Err(err) = self.state.rooms.store().sign_out(&player, now).await {
            tracing::error!(%err, "a sign-out not kept");
            self.send(&ServerMsg::error(
                None,
                ErrorCode::Unavailable,
                "the other browsers were not signed out: try again",
            ));
            return true;
        }
        if let Ok(mut outs) = self.state.sign_outs.write() {
            outs.insert(player.clone(), now);
        }
        self.welcome(player);
        true
    }

    /// Tells a banned identity so and closes its socket (its page does not reconnect).
    fn banned(&mut self) -> bool {
        limit_hit(Limit::Banned);
        self.send(&ServerMsg::error(None, ErrorCode::Banned, "this server's operator has banned this player"));
        self.close(close::BANNED, "banned")
    }

    /// A player's report of another, kept for the operator: a few a day.
    async fn report(&mut self, reporter: &str, player: &str, why: &str) -> bool {
        if !crate::ids::is_player_id(player) || player == reporter {
            self.send(&ServerMsg::error(None, ErrorCode::BadMessage, "no such player to report"));
            return true;
        }
        let why = match crate::chat::checked(why) {
            Ok(why) => why,
            Err(err) => {
                self.send(&ServerMsg::error(None, ErrorCode::BadChat, err));
                return true;
            }
        };
        let now = crate::unix_ms();
        let report = crate::store::ReportRecord {
            id: 0,
            reporter: reporter.to_owned(),
            player: player.to_owned(),
            why,
            at: now,
        };
        let since = now - 24 * 3_600_000;
        match self.state.rooms.store().report(&report, since, crate::moderation::REPORTS_PER_DAY).await {
            Ok(true) => {}
            Ok(false) => {
                limit_hit(Limit::Reports);
                let why = format!("{} reports a day at most", crate::moderation::REPORTS_PER_DAY);
                self.send(&ServerMsg::error(None, ErrorCode::Throttled, why));
            }
            Err(err) => {
                tracing::error!(%err, "a report not kept");
                self.send(&ServerMsg::error(None, ErrorCode::Unavailable, "the report was not kept: try again"));
            }
        }
        true
    }

    /// The connection is `player` from now on: told so with a token of its
    /// own, and counted online (in place of whom it was before, if anyone).
    fn welcome(&mut self, player: String) {
        self.issued_ms = crate::unix_ms();
        let token = self.state.signer.token(&player, self.issued_ms);
        let name = self.state.lobby.arrived(&player);
        // Its name already: the page's first name in the lobby costs no rename.
        self.named = Some(name.clone()).filter(|name| !name.is_empty());
        self.send(&ServerMsg::Welcome { token, player: player.clone(), node: self.state.node.clone(), name });
        if let Some(before) = self.player.replace(player) {
            self.state.lobby.departed(&before);
        }
    }

    /// Becomes the player a transfer code names, if the code is good and
    /// this connection and its address may try another: a new token, as
    /// at hello, and the old player's place in the lobby and any room left.
    async fn redeem(&mut self, code: &str) -> bool {
        if !self.codes_tried.take() || !self.state.transfer_tries.take(self.address) {
            limit_hit(Limit::TransferGuesses);
            self.send(&ServerMsg::error(None, ErrorCode::Throttled, "too many codes tried: wait a few minutes"));
            return true;
        }
        let player = match self.state.transfers.redeem(code) {
            Ok(player) => player,
            Err(err) => {
                self.send(&ServerMsg::error(None, ErrorCode::BadCode, err.to_string()));
                return true;
            }
        };
        self.leave_room().await;
        self.leave_lobby();
        self.welcome(player);
        true
    }

    /// `name`, or when it is empty the name `player` goes by online (the
    /// one given them at welcome, if they never gave their own).
    fn name_or_given(&self, player: &str, name: String) -> String {
        if !name.trim().is_empty() {
            return name;
        }
        self.state.lobby.name_of(player).unwrap_or(name)
    }

    /// Whether `player` may go by `name`: no one else online has one too
    /// like it. If not, the client is told why and nothing changes.
    fn may_go_by(&mut self, player: &str, name: &str) -> bool {
        if !self.may_rename(name) {
            return false;
        }
        match self.state.lobby.take_name(player, name) {
            Ok(()) => {
                self.named = Some(name.trim().to_owned());
                true
            }
            Err(err) => {
                self.send(&name_refused(err));
                false
            }
        }
    }

    /// Whether this connection may give `name`: the one it last gave, or a
    /// new one within its credit. If not, the client is told why.
    fn may_rename(&mut self, name: &str) -> bool {
        let name = name.trim();
        if name.is_empty() || self.named.as_deref() == Some(name) || self.renames.take() {
            return true;
        }
        limit_hit(Limit::Renames);
        self.send(&ServerMsg::error(None, ErrorCode::Throttled, "too many new names: wait a little"));
        false
    }

    /// Whether this connection, its player and its address may make another
    /// room now (made, by quick play or by rematch: one budget); if not, it
    /// is told why.
    fn may_make_room(&mut self, player: &str) -> bool {
        match self.room_budget(player) {
            Ok(()) => true,
            Err(why) => {
                self.send(&ServerMsg::error(None, ErrorCode::Throttled, why));
                false
            }
        }
    }

    /// Whether this connection's address may list another public room
    /// (`--public-rooms-per-address`); if not, it is told why.
    fn may_list(&mut self) -> bool {
        if self.state.lobby.may_list(self.address, self.state.limits.public_rooms_per_address) {
            return true;
        }
        limit_hit(Limit::PublicRooms);
        let why = format!(
            "your address lists {} public rooms already: make this one private (a link to share), or wait for one to fill",
            self.state.limits.public_rooms_per_address
        );
        self.send(&ServerMsg::error(None, ErrorCode::Throttled, why));
        false
    }

    /// Takes a room from this connection's, its player's and its address's
    /// budgets, or says which one is spent (counted in `/metrics`).
    fn room_budget(&mut self, player: &str) -> Result<(), &'static str> {
        if !self.rooms_made.take() || !self.state.rooms_made_by.take(player.to_owned()) {
            limit_hit(Limit::RoomsPerConnection);
            return Err(TOO_MANY_ROOMS);
        }
        if !self.state.rooms_made.take(self.address) {
            limit_hit(Limit::RoomsPerAddress);
            return Err("too many rooms made from your address: wait a little");
        }
        Ok(())
    }

    /// Tells the client why a room was not made; false when that ends the connection.
    fn not_made(&mut self, err: RoomsError) -> bool {
        match err {
            RoomsError::BadMode(mode) => {
                self.strike(None, ErrorCode::BadMode, format!("\"{mode}\" is no way to play online"))
            }
            RoomsError::BadName(why) => {
                self.send(&ServerMsg::error(None, ErrorCode::BadName, why));
                true
            }
            RoomsError::BadBots(why) => {
                self.send(&ServerMsg::error(None, ErrorCode::BadBots, why));
                true
            }
            err => {
                tracing::error!(%err, "a room not made");
                self.send(&ServerMsg::error(None, ErrorCode::Unavailable, "the room could not be made: try again"));
                true
            }
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

    /// Quick play: sits at a public room of `mode` waiting for players (the
    /// fullest, then the newest: `Lobby::waiting_rooms`) that it has not sat
    /// this connection in before, or makes one and sits in it. Looking, and
    /// making a room and sitting in it, take the way's turn, so that two
    /// quick plays at once meet in one room; sitting at a room already
    /// listed does not (the room orders its joins), so that quick plays
    /// pressed together do not each wait for the others' seats to be
    /// stored.
    async fn quick_play(&mut self, player: &str, mode: &str, name: &str) -> bool {
        let lobby = Arc::clone(&self.state.lobby);
        let Some(mut turn) = lobby.quick_turn(mode).await else {
            let shown = set_core::text::short(mode);
            return self.strike(None, ErrorCode::BadMode, format!("\"{shown}\" is no way to play online"));
        };
        // Never a room this connection's quick play sat it in before: a
        // squatter's room that never starts would catch it again and again.
        let rooms = lobby.waiting_rooms(mode, MAX_ONLINE_PLAYERS).into_iter().filter(|r| !self.quick_rooms.contains(r));
        let rooms: Vec<String> = rooms.take(QUICK_TRIES).collect();
        if !rooms.is_empty() {
            drop(turn);
            for room in rooms {
                // Another node's room: the client sits there itself, over a
                // socket that names the room, so that it reaches that node.
                if lobby.elsewhere(&room) {
                    self.send(&ServerMsg::Found { room });
                    return true;
                }
                if self.sit(player, &room, name).await.is_ok() {
                    self.remember_quick(room);
                    return true;
                }
            }
            // None took it: a room of its own, in turn.
            let Some(again) = lobby.quick_turn(mode).await else { return true };
            turn = again;
        }
        let _turn = turn;
        if !self.may_list() || !self.may_make_room(player) {
            return true;
        }
        // Quick play meets in rooms whose extra cards come by themselves.
        let settings = RoomSettings { mode: mode.to_owned(), public: true, ..RoomSettings::default() };
        let room = match self.state.rooms.create(player, name, &settings).await {
            Ok(room) => room,
            Err(err) => return self.not_made(err),
        };
        self.state.lobby.made_public(self.address, &room);
        if let Err((code, message)) = self.sit(player, &room, name).await {
            self.send(&ServerMsg::error(None, code, message));
        }
        true
    }

    /// Remembers a room quick play sat this connection in (the last few).
    fn remember_quick(&mut self, room: String) {
        self.quick_rooms.push_back(room);
        if self.quick_rooms.len() > QUICK_REMEMBERED {
            self.quick_rooms.pop_front();
        }
    }

    /// Joins `room` under `name` and waits to hear the seat taken: Ok once
    /// seated (the room has sent its `room`), or why not (and the
    /// connection is in no room).
    async fn sit(&mut self, player: &str, room: &str, name: &str) -> Result<(), (ErrorCode, String)> {
        let unavailable = || (ErrorCode::Unavailable, "the room cannot be opened now: try again".to_owned());
        let inbox = self.state.rooms.inbox(room, Route::Other).await.map_err(|_| unavailable())?;
        self.leave_room().await;
        let (seated, answer) = tokio::sync::oneshot::channel();
        let join = Command::Join {
            conn: self.id,
            player: player.to_owned(),
            name: Some(name.to_owned()),
            since: 0,
            outbox: self.outbox.clone(),
            seated: Some(seated),
        };
        inbox.send(join).await.map_err(|_| unavailable())?;
        match tokio::time::timeout(SIT_WAIT, answer).await {
            Ok(Ok(Ok(Some(_)))) => {
                self.room = Some(inbox);
                self.leave_lobby();
                Ok(())
            }
            // Watching (the game started meanwhile): not what quick play is for.
            Ok(Ok(Ok(None))) => {
                let _ = inbox.send(Command::Leave { conn: self.id }).await;
                Err((ErrorCode::Started, "the game has started".to_owned()))
            }
            Ok(Ok(Err(refused))) => Err(refused),
            _ => {
                let _ = inbox.send(Command::Leave { conn: self.id }).await;
                Err(unavailable())
            }
        }
    }

    /// Passes a command to the joined room; a room that stopped closes the
    /// connection, so that the client reconnects and the room reloads.
    async fn forward(&mut self, command: Command) -> bool {
        let Some(room) = &self.room else {
            self.send(&ServerMsg::error(None, ErrorCode::NotInRoom, "join a room first"));
            return true;
        };
        #[cfg(debug_assertions)]
        if std::env::var_os("SET_SERVER_TEST_HOOKS").is_some()
            && matches!(&command, Command::Claim { cards, .. } if cards == &[-99, -99, -99])
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
