//! online.html's model: everything the room page knows (the room's picture,
//! chat, the lobby, who this player is, the link's state, the frames
//! waiting for a welcome) and what each event does to it, as plain values.
//! [`OnlinePage::update`] takes an event (a frame from the server, the
//! socket opening or closing, a timer, a tap, a form sent, a request of the
//! JS API) and the time, changes the page, and returns the [`Command`]s its
//! edge carries out: frames to send, a socket to open, a retry to schedule,
//! storage to write, an address to show, a promise to settle. The edge
//! (crates/set-online) owns the socket, timers, storage and promises, and
//! draws the page from this; nothing here touches a browser, so all of it is
//! tested natively.
//!
//! Its vocabulary is [`vocabulary`]'s, what the server says is read in
//! [`receive`].

mod receive;
mod vocabulary;

pub use vocabulary::{ChatLine, Command, Event, FormError, Link, LobbyTab, OFFER_BOTS_MS, Settled, Speaker, WaitFor};

use crate::connection;
use crate::remote::Remote;
use crate::storage::{MUTED_KEY, NAME_KEY, TOKEN_KEY};
use set_core::rules::card::Card;
use set_protocol::{ClientMsg, LobbyMsg, ResultMsg, close};

/// Everything the room page knows.
#[derive(Clone, Debug, PartialEq)]
pub struct OnlinePage {
    /// The picture of the room the page is in (empty in the lobby).
    pub remote: Remote,
    /// The room's (or the lobby's) recent chat, oldest first.
    pub chat: Vec<ChatLine>,
    /// The names whose chat is not shown, kept in the page's storage.
    pub muted: Vec<String>,
    /// The room's clock and its log of sets taken.
    pub log: crate::room_log::RoomLog,
    /// The players this page reported (by id), to say so beside them.
    pub reported: Vec<String>,
    /// This identity was signed out of every other browser, from here.
    pub signed_out_elsewhere: bool,
    /// The names of those watching the room.
    pub watchers: Vec<String>,
    /// Whether the room's game counts for ratings, and its results once over.
    pub rated: bool,
    /// The results of the room's rated game, once over.
    pub results: Vec<ResultMsg>,
    /// The lobby, while this page watches it (outside a room).
    pub lobby: Option<LobbyMsg>,
    /// The lobby was asked for under the player's name (else without one).
    pub lobby_named: bool,
    /// The name the lobby knows this page by, once it has said so.
    pub lobby_name: Option<String>,
    /// A new name given in the lobby, not yet taken or refused.
    pub renaming: bool,
    /// The name fields are to show `name` again (a new name was refused);
    /// the view clears it once it has.
    pub refill_names: bool,
    /// This player's id, as the server said it.
    pub player: Option<String>,
    /// The server node this connection is served by, as its welcome said.
    pub node: String,
    /// When this player sat down in the waiting room they are in (the
    /// page's clock), for the offer of a computer opponent; none once
    /// turned down.
    pub waiting_since: Option<f64>,
    /// The last one-time code the server gave for this identity.
    pub transfer_code: Option<String>,
    /// A socket is open or opening.
    pub connected: bool,
    /// The room the socket's address names, if any.
    pub socket_room: Option<String>,
    /// The name the last join from this page gave (a watcher keeps it when
    /// it joins again on a new socket).
    pub joined_as: Option<String>,
    /// This identity's token, kept in the page's storage.
    pub token: Option<String>,
    /// The server has said welcome on this socket.
    pub welcomed: bool,
    /// The state of the connection.
    pub link: Link,
    /// Tries to connect since the last that opened.
    pub attempts: u32,
    /// Frames made before the server said welcome.
    pub queue: Vec<ClientMsg>,
    /// The last round trip measured, ms.
    pub rtt: Option<u32>,
    /// The room the address asks for, until it is joined.
    pub wanted_room: Option<String>,
    /// The name the player goes by: the last they gave, or the one the
    /// server gave them when they had none.
    pub name: String,
    /// The name the server's welcome said this player goes by online.
    pub given_name: String,
    /// What the lobby's form refused last, shown beside its cause.
    pub form_error: Option<FormError>,
    /// The lobby's tab shown on a narrow screen.
    pub tab: LobbyTab,
}

impl OnlinePage {
    /// A page just loaded: its token, name and mutes from storage, the room
    /// its address names, and the first claim id (drawn at random at the
    /// edge: see [`Remote::new`]).
    pub fn new(
        token: Option<String>,
        name: String,
        muted: Vec<String>,
        wanted_room: Option<String>,
        first_claim_id: u32,
    ) -> OnlinePage {
        OnlinePage {
            remote: Remote::new(first_claim_id),
            chat: Vec::new(),
            muted,
            log: crate::room_log::RoomLog::default(),
            reported: Vec::new(),
            signed_out_elsewhere: false,
            watchers: Vec::new(),
            rated: false,
            results: Vec::new(),
            lobby: None,
            lobby_named: false,
            lobby_name: None,
            renaming: false,
            refill_names: false,
            player: None,
            node: String::new(),
            waiting_since: None,
            transfer_code: None,
            connected: false,
            socket_room: None,
            joined_as: None,
            token,
            welcomed: false,
            link: Link::Connecting,
            attempts: 0,
            queue: Vec::new(),
            rtt: None,
            wanted_room,
            name,
            given_name: String::new(),
            form_error: None,
            tab: LobbyTab::Games,
        }
    }

    /// The first step: open a socket.
    pub fn start(&mut self) -> Vec<Command> {
        let mut out = Vec::new();
        self.connect(&mut out);
        out
    }

    /// Whether to offer a computer opponent `now`: alone in the waiting
    /// room for [`OFFER_BOTS_MS`], and not turned down.
    pub fn offer_bots(&self, now: f64) -> bool {
        self.remote.players.len() == 1 && self.waiting_since.is_some_and(|since| now - since >= OFFER_BOTS_MS)
    }

    /// Whether the lobby knows this player by a name (so they may chat there).
    pub fn named_in_lobby(&self) -> bool {
        self.lobby.is_some() && self.lobby_named
    }

    /// What `event` does at `now` (the page's clock, ms); `jitter` (0 to 1,
    /// drawn at the edge) spreads a retry's wait.
    pub fn update(&mut self, event: Event, now: f64, jitter: f64) -> Vec<Command> {
        let mut out = Vec::new();
        match event {
            Event::Opened => {
                self.attempts = 0;
                out.push(Command::Send(set_protocol::write::hello(self.token.as_deref())));
            }
            Event::Closed { code } => self.closed(code, jitter, &mut out),
            Event::RetryDue => self.connect(&mut out),
            Event::PingDue => {
                if self.welcomed {
                    self.send(ClientMsg::Ping { c: now, rtt: self.rtt }, &mut out);
                }
            }
            Event::Frame(message) => self.receive(message, now, &mut out),
            Event::Tap { slot } if self.remote.face_down() => {
                if let Some(frame) = self.remote.flip(slot) {
                    self.send(frame, &mut out);
                }
            }
            Event::Tap { slot } => {
                if let Some(&Some(card)) = self.remote.view.table.get(slot) {
                    self.tap(card, &mut out);
                }
            }
            Event::TapRow { index } => {
                if let Some(&card) = self.remote.view.previous.as_ref().and_then(|row| row.get(index)) {
                    self.tap(card, &mut out);
                }
            }
            Event::Create { mode, name, hints, public, bots, dealing } => {
                let name = self.name_or_mine(name);
                self.form_error = None;
                self.remember_name(&name, &mut out);
                self.send(ClientMsg::Create { mode, hints, name, public, bots, dealing }, &mut out);
            }
            Event::QuickPlay { mode, name } => {
                let name = self.name_or_mine(name);
                self.form_error = None;
                self.remember_name(&name, &mut out);
                self.send(ClientMsg::QuickPlay { mode, name }, &mut out);
            }
            Event::Join { room, name } => {
                self.wanted_room = Some(room.clone());
                self.join(&room, &name, &mut out);
            }
            Event::Enter { at, name } => {
                let name = self.name_or_mine(name);
                let room = self.lobby.as_ref().and_then(|lobby| Some(lobby.rooms.get(at)?.room.clone()));
                if let Some(room) = room {
                    self.wanted_room = Some(room.clone());
                    out.push(Command::ShowRoomInAddress(room.clone()));
                    self.join(&room, &name, &mut out);
                }
            }
            Event::Start => self.send(ClientMsg::Start, &mut out),
            Event::Hint => self.send(ClientMsg::Hint { id: 0 }, &mut out),
            Event::CallNoSet => {
                if let Some(frame) = self.remote.call_no_set() {
                    self.send(frame, &mut out);
                }
            }
            Event::Rematch => match self.remote.next_room.clone() {
                Some(room) => self.go_to(&room, &mut out),
                None => self.send(ClientMsg::Rematch, &mut out),
            },
            Event::Chat { text, name } => self.say(text, &name, &mut out),
            Event::TransferCode => self.send(ClientMsg::TransferCode, &mut out),
            Event::Redeem(code) => self.send(ClientMsg::Redeem { code }, &mut out),
            Event::Rename(name) => self.rename(&name, &mut out),
            Event::ShowTab(tab) => self.tab = tab,
            Event::UseSuggestion => {
                if let Some(FormError::Name { suggestion: Some(name), .. }) = self.form_error.clone() {
                    self.refill_names = true;
                    self.rename(&name, &mut out);
                }
            }
            Event::AcceptBots => {
                self.waiting_since = None;
                self.send(ClientMsg::Bots { bots: vec!["medium".to_owned()] }, &mut out);
                self.send(ClientMsg::Start, &mut out);
            }
            Event::KeepWaiting => self.waiting_since = None,
            Event::Remove { seat } => self.send(ClientMsg::Remove { seat }, &mut out),
            Event::MuteSeat(seat) => {
                if let Some(name) = self.remote.players.get(seat).map(|p| p.name.clone()) {
                    self.toggle_mute(name, &mut out);
                }
            }
            Event::MuteInLobby(at) => {
                if let Some(name) = self.lobby.as_ref().and_then(|lobby| lobby.people.get(at).cloned()) {
                    self.toggle_mute(name, &mut out);
                }
            }
            Event::ReportSeat(seat) => self.report(seat, &mut out),
            Event::SignOutElsewhere => {
                self.signed_out_elsewhere = true;
                self.send(ClientMsg::SignOutElsewhere, &mut out);
            }
        }
        out
    }

    /// A name typed in the lobby's field: the lobby is told it, and says
    /// whether it is free. An empty one, or the one the lobby knows already,
    /// changes nothing but showing that name again.
    fn rename(&mut self, name: &str, out: &mut Vec<Command>) {
        self.form_error = None;
        let name = name.trim();
        let known = self.lobby.is_some() && self.lobby_name.as_deref() == Some(name);
        if name.is_empty() || known {
            if let Some(known) = self.lobby_name.clone()
                && self.lobby.is_some()
            {
                self.remember_name(&known, out);
            }
            self.refill_names = true;
            return;
        }
        self.remember_name(name, out);
        if self.lobby.is_some() {
            self.renaming = true;
            self.watch_lobby(true, out);
        }
    }

    /// The name a form gave, or when it gave none the one the player goes by.
    fn name_or_mine(&self, name: String) -> String {
        if name.trim().is_empty() { self.name.clone() } else { name }
    }

    /// Reports the player of `seat` (a person, not this page's player).
    fn report(&mut self, seat: usize, out: &mut Vec<Command>) {
        let Some(p) = self.remote.players.get(seat) else { return };
        let mine = self.remote.seat.is_some_and(|s| usize::from(s) == seat);
        if mine || p.bot || p.player.is_empty() || self.player.as_deref() == Some(p.player.as_str()) {
            return;
        }
        let (player, name) = (p.player.clone(), p.name.clone());
        let why = format!("reported from room {}", self.remote.room);
        self.send(ClientMsg::Report { player: player.clone(), why }, out);
        if !self.reported.contains(&player) {
            self.reported.push(player);
        }
        self.remote.said = format!("You reported {name}: the server's operator will read this room's chat.");
    }

    fn closed(&mut self, code: u16, jitter: f64, out: &mut Vec<Command>) {
        out.push(Command::Retire);
        self.connected = false;
        self.welcomed = false;
        self.link = Link::Reconnecting;
        if code == close::BAD_TOKEN {
            // A token this server does not know (a new server key): start afresh.
            self.token = None;
            out.push(Command::Store { key: TOKEN_KEY, value: None });
        }
        if code == close::VERSION {
            self.remote.said = "A new version of SET is out: reload the page.".to_owned();
            return;
        }
        if code == close::BANNED {
            self.remote.said = "This server's operator has banned this player.".to_owned();
            return;
        }
        // The room moved to another node, which has it now: no wait.
        if code == close::MOVED {
            self.connect(out);
            return;
        }
        out.push(Command::RetryAfter(connection::backoff_ms(self.attempts, jitter)));
        self.attempts += 1;
    }

    /// The room this page is in, or else the one it was asked to join.
    fn room_to_be_in(&self) -> Option<String> {
        if self.remote.room.is_empty() { self.wanted_room.clone() } else { Some(self.remote.room.clone()) }
    }

    /// Opens a socket naming the room the page is in or is asked for (a
    /// room's socket names its room, so that a proxy in front of several
    /// nodes sends all of a room's players to one of them; the lobby's
    /// names none).
    fn connect(&mut self, out: &mut Vec<Command>) {
        let room = self.room_to_be_in();
        self.socket_room = room
            .map(|room| room.chars().filter(char::is_ascii_alphanumeric).collect::<String>())
            .filter(|room| !room.is_empty());
        self.connected = true;
        self.welcomed = false;
        out.push(Command::Connect { room: self.socket_room.clone() });
    }

    /// Sends a frame now, or once the server has said welcome.
    fn send(&mut self, frame: ClientMsg, out: &mut Vec<Command>) {
        if self.connected && self.welcomed {
            out.push(Command::Send(frame));
        } else {
            self.queue.push(frame);
        }
    }

    /// Sits in `room` under the page's name over a socket that names it,
    /// so that a proxy in front of several nodes sends it to the room's
    /// node. The old socket stays open until the new one is in the room,
    /// so that the player is never gone from it in between.
    fn sit_through_its_socket(&mut self, room: &str, out: &mut Vec<Command>) {
        out.push(Command::ShowRoomInAddress(room.to_owned()));
        self.wanted_room = Some(room.to_owned());
        // Without a name, to watch (a room of another node, joined from the lobby).
        let name = (!self.name.is_empty()).then(|| self.name.clone());
        self.queue.push(ClientMsg::Join { room: room.to_owned(), name, since: Some(0) });
        self.connect(out);
    }

    fn toggle_mute(&mut self, name: String, out: &mut Vec<Command>) {
        connection::toggle_mute(&mut self.muted, name);
        out.push(Command::Store { key: MUTED_KEY, value: Some(self.muted.join("\n")) });
    }

    fn remember_name(&mut self, name: &str, out: &mut Vec<Command>) {
        self.name = name.trim().to_owned();
        out.push(Command::Store { key: NAME_KEY, value: Some(self.name.clone()) });
    }

    fn tap(&mut self, card: Card, out: &mut Vec<Command>) {
        if let Some(claim) = self.remote.tap(card) {
            self.send(claim.frame(), out);
        }
    }

    /// A name to join under; none (to watch unnamed) when it is empty.
    /// (Watching keeps the name the page goes by, for its next quick play.)
    fn join(&mut self, room: &str, name: &str, out: &mut Vec<Command>) {
        let name = Some(name.trim().to_owned()).filter(|name| !name.is_empty());
        if let Some(name) = &name {
            self.remember_name(name, out);
        }
        self.joined_as.clone_from(&name);
        self.send(ClientMsg::Join { room: room.to_owned(), name, since: Some(0) }, out);
    }

    /// Watches the lobby, under the player's name if asked and there is one.
    fn watch_lobby(&mut self, named: bool, out: &mut Vec<Command>) {
        self.lobby_named = named && !self.name.is_empty();
        let name = Some(self.name.clone()).filter(|_| self.lobby_named);
        self.send(ClientMsg::Lobby { name }, out);
    }

    /// Says a line of chat: in the lobby, under the name typed there.
    fn say(&mut self, text: String, name: &str, out: &mut Vec<Command>) {
        if self.lobby.is_some() && !self.lobby_named {
            self.remember_name(name, out);
            self.watch_lobby(true, out);
        }
        self.send(ClientMsg::Chat { text }, out);
    }

    /// A line of chat heard, in the room or the lobby (`mine`: this player's own).
    fn hear(&mut self, line: ChatLine, mine: bool, out: &mut Vec<Command>) {
        self.chat.push(line);
        if self.chat.len() > set_protocol::chat::KEPT {
            self.chat.remove(0);
        }
        if mine {
            out.push(Command::Settle(WaitFor::Chatted, Settled::Nothing));
        }
    }

    /// Another room (a rematch): joined as the same player.
    fn go_to(&mut self, room: &str, out: &mut Vec<Command>) {
        self.remote = Remote::new(self.remote.next_claim_id());
        self.wanted_room = Some(room.to_owned());
        out.push(Command::ShowRoomInAddress(room.to_owned()));
        self.send(ClientMsg::Join { room: room.to_owned(), name: None, since: Some(0) }, out);
    }
}
