//! online.html's model: everything the room page knows, by concern (the
//! link to the server in [`link`], who this player is in [`identity`],
//! the lobby in [`lobby`], the room in [`room`], and the chat of
//! whichever it shows), and what each event does to it, as plain values.
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
//! [`receive`]. This file composes the four: each keeps its own fields and
//! the small steps on them, the lobby and the room know nothing of each
//! other (`tests/layers.rs` holds them apart), and what an event does
//! across them is written here and in [`receive`].

mod identity;
mod link;
mod lobby;
pub mod rated;
mod receive;
mod room;
mod vocabulary;

pub use identity::Identity;
pub use link::Connection;
pub use lobby::Lobby;
pub use room::Room;
pub use vocabulary::{ChatLine, Command, Event, FormError, Link, LobbyTab, OFFER_BOTS_MS, Settled, Speaker, WaitFor};

use crate::connection;
use crate::storage::MUTED_KEY;
use set_core::rules::card::Card;
use set_protocol::{ClientMsg, close};

/// Everything the room page knows, by concern: the link to the server,
/// who the player is, the lobby and the room, and the chat of whichever
/// the page shows.
#[derive(Clone, Debug, PartialEq)]
pub struct OnlinePage {
    /// The link to the server.
    pub connection: Connection,
    /// Who this page's player is.
    pub identity: Identity,
    /// The lobby, while the page is outside a room.
    pub lobby: Lobby,
    /// The room the page is in, or is on its way to.
    pub room: Room,
    /// The room's (or the lobby's) recent chat, oldest first.
    pub chat: Vec<ChatLine>,
    /// The names whose chat is not shown, kept in the page's storage.
    pub muted: Vec<String>,
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
            connection: Connection::new(),
            identity: Identity::new(token, name),
            lobby: Lobby::default(),
            room: Room::new(first_claim_id, wanted_room),
            chat: Vec::new(),
            muted,
        }
    }

    /// The first step: open a socket.
    pub fn start(&mut self) -> Vec<Command> {
        let mut out = Vec::new();
        self.connect(&mut out);
        out
    }

    /// What `event` does at `now` (the page's clock, ms); `jitter` (0 to 1,
    /// drawn at the edge) spreads a retry's wait.
    pub fn update(&mut self, event: Event, now: f64, jitter: f64) -> Vec<Command> {
        let mut out = Vec::new();
        match event {
            Event::Opened => self.connection.opened(self.identity.token.as_deref(), &mut out),
            Event::Closed { code } => self.closed(code, jitter, &mut out),
            Event::RetryDue => self.connect(&mut out),
            Event::PingDue => {
                if self.connection.welcomed {
                    self.send(ClientMsg::Ping { c: now, rtt: self.connection.rtt }, &mut out);
                }
            }
            Event::Frame(message) => self.receive(message, now, &mut out),
            Event::Tap { slot } if self.room.remote.face_down() => {
                if let Some(frame) = self.room.remote.flip(slot) {
                    self.send(frame, &mut out);
                }
            }
            Event::Tap { slot } => {
                if let Some(&Some(card)) = self.room.remote.view.table.get(slot) {
                    self.tap(card, &mut out);
                }
            }
            Event::TapRow { index } => {
                if let Some(&card) = self.room.remote.view.previous.as_ref().and_then(|row| row.get(index)) {
                    self.tap(card, &mut out);
                }
            }
            Event::Create { mode, name, hints, public, bots, dealing } => {
                let name = self.identity.name_or_mine(name);
                self.lobby.form_error = None;
                self.identity.remember_name(&name, &mut out);
                self.send(ClientMsg::Create { mode, hints, name, public, bots, dealing }, &mut out);
            }
            Event::QuickPlay { mode, name } => {
                let name = self.identity.name_or_mine(name);
                self.lobby.form_error = None;
                self.identity.remember_name(&name, &mut out);
                self.send(ClientMsg::QuickPlay { mode, name }, &mut out);
            }
            Event::Join { room, name } => {
                self.room.wanted = Some(room.clone());
                self.join(&room, &name, &mut out);
            }
            Event::Enter { at, name } => {
                let name = self.identity.name_or_mine(name);
                let room = self.lobby.shown.as_ref().and_then(|lobby| Some(lobby.rooms.get(at)?.room.clone()));
                if let Some(room) = room {
                    self.room.wanted = Some(room.clone());
                    out.push(Command::ShowRoomInAddress(room.clone()));
                    self.join(&room, &name, &mut out);
                }
            }
            Event::Start => self.send(ClientMsg::Start, &mut out),
            Event::Hint => self.send(ClientMsg::Hint { id: 0 }, &mut out),
            Event::CallNoSet => {
                if let Some(frame) = self.room.remote.call_no_set() {
                    self.send(frame, &mut out);
                }
            }
            // One press moves this player into the next game (Ctrl+Enter too).
            Event::Rematch if self.room.remote.status == set_core::online::room::Status::Over => {
                if let Some(room) = self.room.remote.next_room.clone() {
                    self.go_to(&room, &mut out);
                } else {
                    self.room.rematch_asked = true;
                    self.send(ClientMsg::Rematch, &mut out);
                }
            }
            Event::Rematch => {}
            Event::Chat { text, name } => self.say(text, &name, &mut out),
            Event::TransferCode => self.send(ClientMsg::TransferCode, &mut out),
            Event::Redeem(code) => self.send(ClientMsg::Redeem { code }, &mut out),
            Event::Rename(name) => self.rename(&name, &mut out),
            Event::ShowTab(tab) => self.lobby.tab = tab,
            Event::UseSuggestion => {
                if let Some(FormError::Name { suggestion: Some(name), .. }) = self.lobby.form_error.clone() {
                    self.lobby.refill_names = true;
                    self.rename(&name, &mut out);
                }
            }
            Event::AcceptBots => {
                self.room.waiting_since = None;
                self.send(ClientMsg::Bots { bots: vec!["medium".to_owned()] }, &mut out);
                self.send(ClientMsg::Start, &mut out);
            }
            Event::KeepWaiting => self.room.waiting_since = None,
            Event::SeeBoard => self.room.end_put_away = true,
            Event::ShowResults => self.room.end_put_away = false,
            Event::Remove { seat } => self.send(ClientMsg::Remove { seat }, &mut out),
            Event::MuteSeat(seat) => {
                if let Some(name) = self.room.remote.players.get(seat).map(|p| p.name.clone()) {
                    self.toggle_mute(name, &mut out);
                }
            }
            Event::MuteInLobby(at) => {
                if let Some(name) = self.lobby.shown.as_ref().and_then(|lobby| lobby.people.get(at).cloned()) {
                    self.toggle_mute(name, &mut out);
                }
            }
            Event::ReportSeat(seat) => self.report(seat, &mut out),
            Event::SignOutElsewhere => {
                self.identity.signed_out_elsewhere = true;
                self.send(ClientMsg::SignOutElsewhere, &mut out);
            }
        }
        out
    }

    /// A name typed in the lobby's field: the lobby is told it, and says
    /// whether it is free. An empty one, or the one the lobby knows already,
    /// changes nothing but showing that name again.
    fn rename(&mut self, name: &str, out: &mut Vec<Command>) {
        self.lobby.form_error = None;
        let name = name.trim();
        let known = self.lobby.shown.is_some() && self.lobby.name.as_deref() == Some(name);
        if name.is_empty() || known {
            if let Some(known) = self.lobby.name.clone()
                && self.lobby.shown.is_some()
            {
                self.identity.remember_name(&known, out);
            }
            self.lobby.refill_names = true;
            return;
        }
        self.identity.remember_name(name, out);
        if self.lobby.shown.is_some() {
            self.lobby.renaming = true;
            self.watch_lobby(true, out);
        }
    }

    /// Reports the player of `seat` (a person, not this page's player).
    fn report(&mut self, seat: usize, out: &mut Vec<Command>) {
        let Some(p) = self.room.remote.players.get(seat) else { return };
        let mine = self.room.remote.seat.is_some_and(|s| usize::from(s) == seat);
        if mine || p.bot || p.player.is_empty() || self.identity.player.as_deref() == Some(p.player.as_str()) {
            return;
        }
        let (player, name) = (p.player.clone(), p.name.clone());
        let why = format!("reported from room {}", self.room.remote.room);
        self.send(ClientMsg::Report { player: player.clone(), why }, out);
        if !self.identity.reported.contains(&player) {
            self.identity.reported.push(player);
        }
        self.room.remote.said = format!("You reported {name}: the server's operator will read this room's chat.");
    }

    fn closed(&mut self, code: u16, jitter: f64, out: &mut Vec<Command>) {
        self.connection.lost(out);
        if code == close::BAD_TOKEN {
            self.identity.forget_token(out);
        }
        if code == close::VERSION {
            self.room.remote.said = "A new version of SET is out: reload the page.".to_owned();
            return;
        }
        if code == close::BANNED {
            self.room.remote.said = "This server's operator has banned this player.".to_owned();
            return;
        }
        // The room moved to another node, which has it now: no wait.
        if code == close::MOVED {
            self.connect(out);
            return;
        }
        self.connection.retry(jitter, out);
    }

    /// Opens a socket naming the room the page is in or is asked for.
    fn connect(&mut self, out: &mut Vec<Command>) {
        self.connection.open(self.room.to_be_in(), out);
    }

    /// Sends a frame now, or once the server has said welcome.
    fn send(&mut self, frame: ClientMsg, out: &mut Vec<Command>) {
        self.connection.send(frame, out);
    }

    /// Sits in `room` under the page's name over a socket that names it,
    /// so that a proxy in front of several nodes sends it to the room's
    /// node. The old socket stays open until the new one is in the room,
    /// so that the player is never gone from it in between.
    fn sit_through_its_socket(&mut self, room: &str, out: &mut Vec<Command>) {
        out.push(Command::ShowRoomInAddress(room.to_owned()));
        self.room.wanted = Some(room.to_owned());
        // Without a name, to watch (a room of another node, joined from the lobby).
        let name = (!self.identity.name.is_empty()).then(|| self.identity.name.clone());
        self.connection.queue.push(ClientMsg::Join { room: room.to_owned(), name, since: Some(0) });
        self.connect(out);
    }

    fn toggle_mute(&mut self, name: String, out: &mut Vec<Command>) {
        connection::toggle_mute(&mut self.muted, name);
        out.push(Command::Store { key: MUTED_KEY, value: Some(self.muted.join("\n")) });
    }

    fn tap(&mut self, card: Card, out: &mut Vec<Command>) {
        if let Some(claim) = self.room.remote.tap(card) {
            self.send(claim.frame(), out);
        }
    }

    /// A name to join under; none (to watch unnamed) when it is empty.
    /// (Watching keeps the name the page goes by, for its next quick play.)
    fn join(&mut self, room: &str, name: &str, out: &mut Vec<Command>) {
        let name = Some(name.trim().to_owned()).filter(|name| !name.is_empty());
        if let Some(name) = &name {
            self.identity.remember_name(name, out);
        }
        self.room.joined_as.clone_from(&name);
        self.send(ClientMsg::Join { room: room.to_owned(), name, since: Some(0) }, out);
    }

    /// Watches the lobby, under the player's name if asked and there is one.
    fn watch_lobby(&mut self, named: bool, out: &mut Vec<Command>) {
        self.lobby.named = named && !self.identity.name.is_empty();
        let name = Some(self.identity.name.clone()).filter(|_| self.lobby.named);
        self.send(ClientMsg::Lobby { name }, out);
    }

    /// Says a line of chat: in the lobby, under the name typed there.
    fn say(&mut self, text: String, name: &str, out: &mut Vec<Command>) {
        if self.lobby.shown.is_some() && !self.lobby.named {
            self.identity.remember_name(name, out);
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
    pub(super) fn go_to(&mut self, room: &str, out: &mut Vec<Command>) {
        self.room.go_to(room);
        out.push(Command::ShowRoomInAddress(room.to_owned()));
        self.send(ClientMsg::Join { room: room.to_owned(), name: None, since: Some(0) }, out);
    }
}
