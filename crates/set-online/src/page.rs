//! The room page's client: the connection, the funnel every event takes
//! ([`Online::update`]) and the page's start. The crate's docs (lib.rs)
//! say how it fits together.

use crate::model::{Event, Link, Online, WaitFor, Waiter};
use crate::view;
use crate::wire::{self, ChatLine, Speaker};
use js_sys::{Function, Promise};
use set_client::connection;
use set_client::remote::{Answer, Applied, Remote};
use set_client::storage::{MUTED_KEY, NAME_KEY, TOKEN_KEY};
use set_core::online::room::Status;
use set_core::rules::card::Card;
use set_protocol::close;
use set_protocol::{ClientMsg, ServerMsg, Verdict};
use std::cell::RefCell;
use wasm_bindgen::prelude::*;
use web_sys::{CloseEvent, MessageEvent, WebSocket};

/// How often the round trip to the server is measured (and shown to all).
const PING_MS: i32 = 5000;
/// How long a player waits alone in a room before the page offers a computer opponent.
const OFFER_BOTS_MS: f64 = 20_000.0;

thread_local! {
    static ONLINE: RefCell<Option<Online>> = const { RefCell::new(None) };
}

pub(crate) use crate::dom::window;

fn storage() -> Option<web_sys::Storage> {
    window().local_storage().ok().flatten()
}

fn now() -> f64 {
    window().performance().map_or(0.0, |p| p.now())
}

/// The room id in the page's address, if any.
fn room_in_address() -> Option<String> {
    let search = window().location().search().ok()?;
    set_core::text::query_value(&search, "room").map(str::to_owned)
}

/// Runs `f` on the client; an error if it is busy (a call from inside an update).
pub(crate) fn with_online<T>(f: impl FnOnce(&mut Online) -> T) -> Result<T, JsError> {
    ONLINE.with(|cell| {
        let mut slot = cell.try_borrow_mut().map_err(|_| JsError::new("the room page is busy"))?;
        let online = slot.as_mut().ok_or_else(|| JsError::new("the room page has not started"))?;
        Ok(f(online))
    })
}

/// The funnel: an event → the client's update → one render.
fn step(online: &mut Online, event: Event) {
    online.update(event);
    view::render(online);
}

/// The one way in for the browser's events.
fn dispatch(event: Event) {
    let _ = with_online(|online| step(online, event));
}

/// The way in for the JS API's requests: a promise that settles when the
/// server has answered, then the request through the funnel.
pub(crate) fn request(wait_for: WaitFor, event: Event) -> Result<Promise, JsError> {
    with_online(|online| {
        let promise = online.wait(wait_for);
        step(online, event);
        promise
    })
}

/// A picture of no room yet, its claims numbered from a random id (see
/// [`Remote::new`]).
fn fresh_remote() -> Remote {
    Remote::new((js_sys::Math::random() * f64::from(u32::MAX >> 1)) as u32)
}

#[wasm_bindgen(start)]
pub(crate) fn start() {
    let token = storage().and_then(|s| s.get_item(TOKEN_KEY).ok().flatten());
    let name = storage().and_then(|s| s.get_item(NAME_KEY).ok().flatten()).unwrap_or_default();
    let online = Online {
        remote: fresh_remote(),
        chat: Vec::new(),
        muted: storage()
            .and_then(|s| s.get_item(MUTED_KEY).ok().flatten())
            .map(|names| names.lines().map(str::to_owned).collect())
            .unwrap_or_default(),
        watchers: Vec::new(),
        rated: false,
        results: Vec::new(),
        lobby: None,
        lobby_named: false,
        lobby_name: None,
        node: String::new(),
        renaming: false,
        refill_names: std::cell::Cell::new(false),
        player: None,
        waiting_since: None,
        transfer_code: None,
        socket: None,
        socket_room: None,
        retiring: None,
        joined_as: None,
        handlers: Vec::new(),
        token,
        welcomed: false,
        link: Link::Connecting,
        attempts: 0,
        queue: Vec::new(),
        waiter: None,
        rtt: None,
        wanted_room: room_in_address(),
        name,
    };
    ONLINE.with(|cell| *cell.borrow_mut() = Some(online));
    view::listen(dispatch);
    let ping = Closure::<dyn FnMut()>::new(|| dispatch(Event::Ping));
    let _ = window().set_interval_with_callback_and_timeout_and_arguments_0(ping.as_ref().unchecked_ref(), PING_MS);
    ping.forget();
    let _ = with_online(|online| {
        online.connect();
        view::prefill(online);
        view::render(online);
    });
    // The room page is drawn: the mark the tests and benchmarks time to.
    if let Some(performance) = window().performance() {
        let _ = performance.mark("first-board");
    }
}

impl Online {
    fn connect(&mut self) {
        let location = window().location();
        let scheme = if location.protocol().ok().as_deref() == Some("https:") { "wss" } else { "ws" };
        let host = location.host().unwrap_or_default();
        // A room's socket names its room, so that a proxy in front of
        // several nodes can send all of a room's players to one of them;
        // the lobby's names none.
        let room = if self.remote.room.is_empty() { self.wanted_room.clone() } else { Some(self.remote.room.clone()) };
        self.socket_room = room
            .map(|room| room.chars().filter(char::is_ascii_alphanumeric).collect::<String>())
            .filter(|room| !room.is_empty());
        let query = self.socket_room.as_ref().map_or(String::new(), |room| format!("?room={room}"));
        let Ok(socket) = WebSocket::new(&format!("{scheme}://{host}/ws{query}")) else {
            self.link = Link::Reconnecting;
            self.schedule_reconnect();
            return;
        };
        let opened = Closure::<dyn FnMut(JsValue)>::new(|_| dispatch(Event::Opened));
        let message = Closure::<dyn FnMut(JsValue)>::new(|event: JsValue| {
            if let Some(text) = event.unchecked_into::<MessageEvent>().data().as_string() {
                dispatch(Event::Frame(text));
            }
        });
        let closed = Closure::<dyn FnMut(JsValue)>::new(|event: JsValue| {
            dispatch(Event::Closed { code: event.unchecked_into::<CloseEvent>().code() });
        });
        socket.set_onopen(Some(opened.as_ref().unchecked_ref()));
        socket.set_onmessage(Some(message.as_ref().unchecked_ref()));
        socket.set_onclose(Some(closed.as_ref().unchecked_ref()));
        self.handlers = vec![opened, message, closed];
        self.socket = Some(socket);
        self.welcomed = false;
    }

    /// Sits in `room` under the page's name over a socket that names it,
    /// so that a proxy in front of several nodes sends it to the room's node.
    fn sit_through_its_socket(&mut self, room: &str) {
        show_room_in_address(room);
        self.wanted_room = Some(room.to_owned());
        let name = self.name.clone();
        self.queue.push(wire::join(room, Some(&name), 0));
        self.reconnect_now();
    }

    /// Moves to a new socket at once (not after a backoff): the room it is
    /// to name has changed. The old one, no longer listened to, stays open
    /// until the new one is in the room (`retire`), so that the player is
    /// never gone from it in between (a room nobody is in leaves the lobby).
    fn reconnect_now(&mut self) {
        if let Some(socket) = self.socket.take() {
            socket.set_onopen(None);
            socket.set_onclose(None);
            socket.set_onmessage(None);
            self.retire();
            self.retiring = Some(socket);
        }
        self.connect();
    }

    /// Closes the socket a move to a new one left open.
    fn retire(&mut self) {
        if let Some(old) = self.retiring.take() {
            let _ = old.close();
        }
    }

    fn schedule_reconnect(&mut self) {
        let wait = connection::backoff_ms(self.attempts, js_sys::Math::random());
        self.attempts += 1;
        let again = Closure::once_into_js(|| dispatch(Event::Reconnect));
        let _ = window().set_timeout_with_callback_and_timeout_and_arguments_0(again.unchecked_ref(), wait as i32);
    }

    /// Sends a frame now, or once the server has said welcome.
    fn send(&mut self, frame: ClientMsg) {
        match &self.socket {
            Some(socket) if self.welcomed => {
                let _ = socket.send_with_str(&frame.write());
            }
            _ => self.queue.push(frame),
        }
    }

    fn settle_waiter(&mut self, wait_for: WaitFor, value: JsValue) {
        if self.waiter.as_ref().is_some_and(|w| w.wait_for == wait_for) {
            if let Some(waiter) = self.waiter.take() {
                let _ = waiter.resolve.call1(&JsValue::NULL, &value);
            }
        }
    }

    fn fail_waiter(&mut self, message: &str) {
        if let Some(waiter) = self.waiter.take() {
            let _ = waiter.reject.call1(&JsValue::NULL, &js_sys::Error::new(message));
        }
    }

    /// Mutes a player's chat, or shows it again; kept for the next visit.
    fn toggle_mute(&mut self, name: String) {
        connection::toggle_mute(&mut self.muted, name);
        if let Some(storage) = storage() {
            let _ = storage.set_item(MUTED_KEY, &self.muted.join("\n"));
        }
    }

    fn remember_name(&mut self, name: &str) {
        self.name = name.trim().to_owned();
        if let Some(storage) = storage() {
            let _ = storage.set_item(NAME_KEY, &self.name);
        }
    }

    pub(crate) fn update(&mut self, event: Event) {
        match event {
            Event::Opened => {
                self.attempts = 0;
                if let Some(socket) = &self.socket {
                    let _ = socket.send_with_str(&wire::hello(self.token.as_deref()).write());
                }
            }
            Event::Closed { code } => {
                self.retire();
                self.socket = None;
                self.welcomed = false;
                self.link = Link::Reconnecting;
                if code == close::BAD_TOKEN {
                    // A token this server does not know (a new server key): start afresh.
                    self.token = None;
                    if let Some(storage) = storage() {
                        let _ = storage.remove_item(TOKEN_KEY);
                    }
                }
                if code == close::VERSION {
                    self.remote.said = "A new version of SET is out: reload the page.".to_owned();
                    return;
                }
                // The room moved to another node, which has it now: no wait.
                if code == close::MOVED {
                    self.connect();
                    return;
                }
                self.schedule_reconnect();
            }
            Event::Reconnect => self.connect(),
            Event::Create { mode, name, hints, public, bots } => self.create(&mode, &name, hints, public, &bots),
            Event::QuickPlay { mode, name } => self.quick_play(&mode, &name),
            Event::Join { room, name } => {
                self.wanted_room = Some(room.clone());
                self.join(&room, &name);
            }
            Event::Start => self.send(wire::start()),
            Event::Chat(text) => self.say(&text),
            Event::TransferCode => self.send(wire::transfer_code()),
            Event::Redeem(code) => self.send(wire::redeem(&code)),
            Event::Ping => {
                if self.welcomed {
                    self.send(wire::ping(now(), self.rtt));
                }
            }
            Event::Frame(frame) => {
                let parsed = js_sys::JSON::parse(&frame).ok().map(wire::Js);
                if let Some(message) = parsed.as_ref().and_then(set_protocol::read::server_msg) {
                    self.receive(message);
                }
            }
            Event::Click(id) => self.click(&id),
            Event::Resize => {}
        }
    }

    fn receive(&mut self, message: ServerMsg) {
        match message {
            ServerMsg::Welcome { player, token, node } => {
                self.node = node;
                // Another player than before: a code from another browser was used.
                let moved = self.welcomed && self.player.as_ref().is_some_and(|before| *before != player);
                self.player = Some(player.clone());
                if moved {
                    self.transfer_code = None;
                    self.settle_waiter(WaitFor::Welcomed, player.into());
                }
                if let Some(storage) = storage() {
                    let _ = storage.set_item(TOKEN_KEY, &token);
                }
                self.token = Some(token);
                self.welcomed = true;
                self.link = Link::Open;
                // Back in the room after a drop, with what was missed; or into the one asked for.
                let rejoin =
                    if self.remote.room.is_empty() { self.wanted_room.clone() } else { Some(self.remote.room.clone()) };
                let rejoin = rejoin.map(|room| {
                    let since = if room == self.remote.room { self.remote.seq } else { 0 };
                    // Back as a player by the token; a watcher under the name it gave.
                    let watching_as = self.remote.seat.is_none().then(|| self.joined_as.clone()).flatten();
                    wire::join(&room, watching_as.as_deref(), since)
                });
                // A join asked for before this welcome (a name typed while
                // connecting) is the one to send, not an unnamed one to watch;
                // a claim the last connection took with it is sent again, after
                // the join: judged if it never arrived, its first answer if it did.
                let resend = self.remote.claim_to_resend().map(|c| wire::claim(c.id, &c.cards, c.seen));
                let queued = std::mem::take(&mut self.queue);
                let queued = connection::frames_after_welcome(queued, rejoin, self.remote.room.is_empty(), resend);
                for frame in queued {
                    self.send(frame);
                }
                // Outside a room, the page is the lobby.
                if self.remote.room.is_empty() && self.wanted_room.is_none() {
                    self.watch_lobby(true);
                }
                // A fresh round trip at once; the last one was another connection's.
                self.send(wire::ping(now(), None));
            }
            ServerMsg::Created { room } => {
                self.sit_through_its_socket(&room);
                self.settle_waiter(WaitFor::Created, room.into());
            }
            // Quick play's room is on another node: sat there (and the
            // quick play settled) when its snapshot comes.
            ServerMsg::Found { room } => self.sit_through_its_socket(&room),
            ServerMsg::Room(snapshot) => {
                self.rated = snapshot.rated;
                self.results = snapshot.results.clone();
                if snapshot.room != self.remote.room {
                    show_room_in_address(&snapshot.room);
                }
                let sat_down = snapshot.room != self.remote.room || self.remote.seat.is_none();
                if sat_down && snapshot.seat.is_some() && snapshot.status == Status::Waiting {
                    self.waiting_since = Some(now());
                }
                self.chat = snapshot.chat.iter().cloned().map(ChatLine::from).collect();
                self.watchers = snapshot.watchers.clone();
                self.lobby = None;
                // Sat down from the lobby's socket (quick play, a room of the
                // list): on to a socket that names the room, as a link's does.
                let reroute = self.socket_room.as_deref() != Some(snapshot.room.as_str());
                self.remote.apply_room(&snapshot);
                if reroute {
                    self.reconnect_now();
                } else {
                    self.retire();
                }
                if self.remote.seat.is_some() {
                    let room = JsValue::from_str(&self.remote.room);
                    self.settle_waiter(WaitFor::Seated, room);
                }
                if self.remote.status != Status::Waiting {
                    self.settle_waiter(WaitFor::Started, JsValue::UNDEFINED);
                }
            }
            ServerMsg::Move { event, view, players } => {
                if let Applied::Resync(since) = self.remote.apply_move(&event, view, players) {
                    let room = self.remote.room.clone();
                    self.send(wire::join(&room, None, since));
                }
            }
            ServerMsg::Chat(line) => {
                let line = ChatLine::from(line);
                let mine = self.remote.seat.is_some_and(|seat| line.by == Speaker::Seat(seat));
                self.hear(line, mine);
            }
            ServerMsg::LobbyChat(line) => {
                let line = ChatLine::from(line);
                let mine = self.player.as_ref().is_some_and(|me| line.by == Speaker::Player(me.clone()));
                self.hear(line, mine);
            }
            ServerMsg::Lobby(lobby) => {
                self.renaming = false;
                self.lobby_name = Some(self.name.clone()).filter(|_| self.lobby_named);
                self.chat = lobby.chat.iter().cloned().map(ChatLine::from).collect();
                self.lobby = Some(lobby);
                let value = view::lobby_object(self);
                self.settle_waiter(WaitFor::Lobby, value);
            }
            ServerMsg::LobbyChanges { rooms, gone } => {
                if let Some(lobby) = &mut self.lobby {
                    connection::merge_lobby_changes(lobby, rooms, &gone);
                }
            }
            ServerMsg::TransferCode { code, seconds } => {
                self.transfer_code = Some(code.clone());
                let value = js_sys::Object::new();
                let _ = js_sys::Reflect::set(&value, &"code".into(), &code.into());
                let _ = js_sys::Reflect::set(&value, &"seconds".into(), &seconds.into());
                self.settle_waiter(WaitFor::Code, value.into());
            }
            ServerMsg::Online(online) => {
                if let Some(lobby) = &mut self.lobby {
                    lobby.online = online;
                }
            }
            ServerMsg::Result { id, verdict, by, card, why, .. } => {
                let answer = match (verdict, by, card) {
                    (Verdict::Accepted, _, _) => Answer::Accepted,
                    (Verdict::Wrong, _, _) => Answer::Wrong { why: why.unwrap_or_default() },
                    (Verdict::Taken, Some(by), Some(card)) => Answer::Taken { by, card },
                    // A taken claim that does not say by whom: not a frame of this protocol.
                    (Verdict::Taken, _, _) => return,
                };
                self.remote.apply_answer(id, answer);
            }
            ServerMsg::Players { players, watchers } => {
                self.remote.players = players;
                self.watchers = watchers;
            }
            ServerMsg::Rematch { room } => {
                self.remote.next_room = Some(room);
            }
            ServerMsg::Pong { c } => self.rtt = Some((now() - c).max(0.0).round() as u32),
            ServerMsg::Error { id: Some(id), message, .. }
                if self.remote.pending.as_ref().is_some_and(|p| p.id == id) =>
            {
                self.remote.apply_answer(id, Answer::Refused { why: message });
            }
            // A new name refused (someone online has one like it): the old one stays, and shows again.
            ServerMsg::Error { message, .. } if self.renaming => {
                self.renaming = false;
                let kept = self.lobby_name.clone().unwrap_or_default();
                self.lobby_named = !kept.is_empty();
                self.remember_name(&kept);
                self.refill_names.set(true);
                self.remote.said = message;
            }
            // The lobby refused the name (someone there has it): in without one.
            ServerMsg::Error { .. } if self.lobby_named && self.lobby.is_none() && self.remote.room.is_empty() => {
                self.watch_lobby(false);
            }
            ServerMsg::Error { message, .. } => {
                self.fail_waiter(&message);
                self.remote.said = message;
            }
        }
    }

    fn click(&mut self, id: &str) {
        if let Some(slot) = id.strip_prefix("card-").and_then(|s| s.parse::<usize>().ok()) {
            if let Some(&card) = self.remote.view.table.get(slot) {
                self.tap(card);
            }
            return;
        }
        match id {
            "create-room" => {
                let (mode, name, hints, public) = view::create_form();
                self.create(&mode, &name, hints, public, &view::create_bots());
            }
            // Alone in a room for a while: a computer opponent now, or keep waiting.
            "offer-bots" => {
                self.waiting_since = None;
                self.send(wire::bots(&["medium"]));
                self.send(wire::start());
            }
            "keep-waiting" => self.waiting_since = None,
            "transfer-get" => self.send(wire::transfer_code()),
            "transfer-use" => {
                let code = view::take_transfer_code();
                if !code.trim().is_empty() {
                    self.send(wire::redeem(&code));
                }
            }
            "join-room" => {
                let name = view::join_name();
                if let Some(room) = self.wanted_room.clone() {
                    self.join(&room, &name);
                }
            }
            "start-game" => self.send(wire::start()),
            "hint-button" => self.send(wire::hint()),
            "end-rematch" => match self.remote.next_room.clone() {
                Some(room) => self.go_to(&room),
                None => self.send(wire::rematch()),
            },
            "copy-link" => view::copy_link(&self.remote.room),
            // The name field of the lobby, changed: the lobby lists it.
            "create-name" => {
                self.remember_name(&view::name_given());
                if self.lobby.is_some() {
                    self.renaming = true;
                    self.watch_lobby(true);
                }
            }
            _ if id.starts_with("quick-") => {
                let name = view::name_given();
                self.quick_play(id.get(6..).unwrap_or_default(), &name);
            }
            _ if id.starts_with("enter-") => {
                let at = id.strip_prefix("enter-").and_then(|s| s.parse::<usize>().ok());
                let room = at.and_then(|at| Some(self.lobby.as_ref()?.rooms.get(at)?.room.clone()));
                if let Some(room) = room {
                    let name = view::name_given();
                    self.wanted_room = Some(room.clone());
                    show_room_in_address(&room);
                    self.join(&room, &name);
                }
            }
            _ if id.starts_with("hush-") => {
                let at = id.strip_prefix("hush-").and_then(|s| s.parse::<usize>().ok());
                let name = at.and_then(|at| self.lobby.as_ref()?.online.people.get(at).cloned());
                if let Some(name) = name {
                    self.toggle_mute(name);
                }
            }
            _ if id.starts_with("remove-") => {
                if let Some(seat) = id.strip_prefix("remove-").and_then(|s| s.parse::<u8>().ok()) {
                    self.send(wire::remove(seat));
                }
            }
            _ if id.starts_with("mute-") => {
                let seat = id.strip_prefix("mute-").and_then(|s| s.parse::<usize>().ok());
                if let Some(name) = seat.and_then(|seat| self.remote.players.get(seat)).map(|p| p.name.clone()) {
                    self.toggle_mute(name);
                }
            }
            "chat-send" => {
                let text = view::take_chat_text();
                if !text.trim().is_empty() {
                    self.say(&text);
                }
            }
            _ => {}
        }
    }

    fn tap(&mut self, card: Card) {
        if let Some(claim) = self.remote.tap(card) {
            self.send(wire::claim(claim.id, &claim.cards, claim.seen));
        }
    }

    fn create(&mut self, mode: &str, name: &str, hints: bool, public: bool, bots: &[String]) {
        self.remember_name(name);
        let bots: Vec<&str> = bots.iter().map(String::as_str).collect();
        self.send(wire::create(mode, name, hints, public, &bots));
    }

    /// Whether to offer a computer opponent: alone in the waiting room, for
    /// [`OFFER_BOTS_MS`], and not turned down.
    pub(crate) fn offer_bots(&self) -> bool {
        let alone = self.remote.players.len() == 1;
        alone && self.waiting_since.is_some_and(|since| now() - since >= OFFER_BOTS_MS)
    }

    fn quick_play(&mut self, mode: &str, name: &str) {
        self.remember_name(name);
        self.send(wire::quick_play(mode, name));
    }

    /// A name to join under; none (to watch unnamed) when the field is empty.
    fn join(&mut self, room: &str, name: &str) {
        self.remember_name(name);
        let name = Some(name.trim()).filter(|name| !name.is_empty());
        self.joined_as = name.map(str::to_owned);
        self.send(wire::join(room, name, 0));
    }

    /// Watches the lobby, under the player's name if asked and there is one.
    fn watch_lobby(&mut self, named: bool) {
        self.lobby_named = named && !self.name.is_empty();
        let name = self.name.clone();
        self.send(wire::lobby(Some(name.as_str()).filter(|_| self.lobby_named)));
    }

    /// Says a line of chat: in the lobby, under the name typed there.
    fn say(&mut self, text: &str) {
        if self.lobby.is_some() && !self.lobby_named {
            self.remember_name(&view::name_given());
            self.watch_lobby(true);
        }
        self.send(wire::chat(text));
    }

    /// A line of chat heard, in the room or the lobby (`mine`: this player's own).
    fn hear(&mut self, line: ChatLine, mine: bool) {
        self.chat.push(line);
        if self.chat.len() > set_protocol::chat::KEPT {
            self.chat.remove(0);
        }
        if mine {
            self.settle_waiter(WaitFor::Chatted, JsValue::UNDEFINED);
        }
    }

    /// Whether the lobby knows this player by a name (so they may chat there).
    pub(crate) fn named_in_lobby(&self) -> bool {
        self.lobby.is_some() && self.lobby_named
    }

    /// The lobby as the JS API gives it, now if it is known, else once it comes.
    pub(crate) fn lobby_promise(&mut self) -> Promise {
        if self.lobby.is_some() {
            return Promise::resolve(&view::lobby_object(self));
        }
        self.wait(WaitFor::Lobby)
    }

    /// Another room (a rematch): joined as the same player.
    fn go_to(&mut self, room: &str) {
        self.remote = fresh_remote();
        self.wanted_room = Some(room.to_owned());
        show_room_in_address(room);
        self.send(wire::join(room, None, 0));
    }

    /// A promise for the JS API that settles when `wait_for` happens (or
    /// fails); a request still waiting is rejected in its favour.
    fn wait(&mut self, wait_for: WaitFor) -> Promise {
        let mut executor = |resolve: Function, reject: Function| {
            self.fail_waiter("another request replaced this one");
            self.waiter = Some(Waiter { wait_for, resolve, reject });
        };
        Promise::new(&mut executor)
    }
}

/// Points the address at a room, without a reload.
fn show_room_in_address(room: &str) {
    if let Ok(history) = window().history() {
        let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(&format!("?room={room}")));
    }
}
