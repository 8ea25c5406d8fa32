//! What the server says to online.html's model: each frame's change to the
//! page (a welcome, a room's snapshot and moves, the lobby, answers and
//! refusals), and the commands it makes.

use super::{ChatLine, Command, FormError, Link, OnlinePage, Settled, Speaker, WaitFor};
use crate::connection;
use crate::remote::{Answer, Applied, ClaimToSend};
use crate::storage::TOKEN_KEY;
use set_core::online::room::Status;
use set_protocol::client::ClientKind;
use set_protocol::{ClientMsg, ErrorCode, ServerMsg, Verdict};

/// What a welcome says: who the player is, their token, the node, and the
/// name they go by online.
struct Welcome {
    player: String,
    token: String,
    node: String,
    name: String,
}

impl OnlinePage {
    fn welcome(&mut self, welcome: Welcome, now: f64, out: &mut Vec<Command>) {
        let Welcome { player, token, node, name } = welcome;
        self.node = node;
        // A player who never gave a name goes by the one the server gave.
        if self.name.is_empty() && !name.is_empty() {
            self.remember_name(&name, out);
            self.refill_names = true;
        }
        self.given_name = name;
        // Another player than before: a code from another browser was used.
        // (A welcome on a socket already welcomed: the answer to a redeem.)
        let moved = self.welcomed && self.player.as_ref().is_some_and(|before| *before != player);
        self.player = Some(player.clone());
        if moved {
            self.transfer_code = None;
            out.push(Command::Settle(WaitFor::Welcomed, Settled::Player(player)));
        }
        out.push(Command::Store { key: TOKEN_KEY, value: Some(token.clone()) });
        self.token = Some(token);
        self.welcomed = true;
        self.link = Link::Open;
        // Back in the room after a drop, with what was missed; or into the one asked for.
        let rejoin = self.room_to_be_in().map(|room| {
            let since = if room == self.remote.room { self.remote.seq } else { 0 };
            // Back as a player by the token; a watcher under the name it gave.
            let watching_as = self.remote.seat.is_none().then(|| self.joined_as.clone()).flatten();
            ClientMsg::Join { room, name: watching_as, since: Some(since) }
        });
        // A join asked for before this welcome (a name typed while
        // connecting) is the one to send, not an unnamed one to watch; a
        // claim the last connection took with it is sent again, after the
        // join: judged if it never arrived, its first answer if it did.
        let resend = self.remote.claim_to_resend().map(ClaimToSend::frame);
        let queued = std::mem::take(&mut self.queue);
        for frame in connection::frames_after_welcome(queued, rejoin, self.remote.room.is_empty(), resend) {
            self.send(frame, out);
        }
        // Outside a room, the page is the lobby.
        if self.remote.room.is_empty() && self.wanted_room.is_none() {
            self.watch_lobby(true, out);
        }
        // A fresh round trip at once; the last one was another connection's.
        self.send(ClientMsg::Ping { c: now, rtt: None }, out);
    }

    pub(super) fn receive(&mut self, message: ServerMsg, now: f64, out: &mut Vec<Command>) {
        match message {
            ServerMsg::Welcome { player, token, node, name } => {
                self.welcome(Welcome { player, token, node, name }, now, out);
            }
            ServerMsg::Created { room } => {
                self.sit_through_its_socket(&room, out);
                out.push(Command::Settle(WaitFor::Created, Settled::Room(room)));
            }
            // Quick play's room is on another node: sat there (and the
            // quick play settled) when its snapshot comes.
            ServerMsg::Found { room } => self.sit_through_its_socket(&room, out),
            ServerMsg::Room(room) => {
                let mut room = *room;
                self.log.on_room(&room, now);
                self.rated = room.rated;
                self.results = std::mem::take(&mut room.results);
                if room.room != self.remote.room {
                    out.push(Command::ShowRoomInAddress(room.room.clone()));
                }
                let sat_down = room.room != self.remote.room || self.remote.seat.is_none();
                if sat_down && room.seat.is_some() && room.status == Status::Waiting {
                    self.waiting_since = Some(now);
                }
                self.chat = std::mem::take(&mut room.chat).into_iter().map(ChatLine::from).collect();
                self.watchers = std::mem::take(&mut room.watchers);
                self.lobby = None;
                // Sat down from the lobby's socket (quick play, a room of the
                // list): on to a socket that names the room, as a link's does.
                let reroute = self.socket_room.as_deref() != Some(room.room.as_str());
                self.remote.apply_room(room);
                if reroute {
                    self.connect(out);
                } else {
                    out.push(Command::Retire);
                }
                // A join resolves once the player is seated, or watching
                // when it asked to watch (no name given).
                if self.remote.seat.is_some() || self.joined_as.is_none() {
                    out.push(Command::Settle(WaitFor::Seated, Settled::Room(self.remote.room.clone())));
                }
                if self.remote.status != Status::Waiting {
                    out.push(Command::Settle(WaitFor::Started, Settled::Nothing));
                }
            }
            ServerMsg::Move { event, view, players } => {
                self.log.on_move(&event, view.over, now);
                if let Applied::Resync(since) = self.remote.apply_move(&event, view, players) {
                    let room = self.remote.room.clone();
                    self.send(ClientMsg::Join { room, name: None, since: Some(since) }, out);
                }
            }
            ServerMsg::Flipped { by, slot, view } => self.remote.apply_flipped(by, slot, view),
            ServerMsg::Chat(line) => {
                let line = ChatLine::from(line);
                let mine = match &line.by {
                    Speaker::Seat(seat) => self.remote.seat == Some(*seat),
                    Speaker::Player(player) => self.player.as_ref() == Some(player),
                };
                self.hear(line, mine, out);
            }
            ServerMsg::Lobby(lobby) => {
                if self.renaming {
                    self.form_error = None;
                }
                self.renaming = false;
                self.lobby_name = Some(self.name.clone()).filter(|_| self.lobby_named);
                let mut lobby = lobby;
                self.chat = std::mem::take(&mut lobby.chat).into_iter().map(ChatLine::from).collect();
                self.lobby = Some(lobby);
                out.push(Command::Settle(WaitFor::Lobby, Settled::Lobby));
            }
            ServerMsg::LobbyChanges { rooms, gone, chat, came, went } => {
                let Some(lobby) = &mut self.lobby else { return };
                connection::merge_lobby_changes(lobby, rooms, &gone);
                connection::merge_lobby_people(&mut lobby.people, came, &went);
                for line in chat {
                    let line = ChatLine::from(line);
                    let mine = self.player.as_ref().is_some_and(|me| line.by == Speaker::Player(me.clone()));
                    self.hear(line, mine, out);
                }
            }
            ServerMsg::TransferCode { code, seconds } => {
                self.transfer_code = Some(code.clone());
                out.push(Command::Settle(WaitFor::Code, Settled::Code { code, seconds }));
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
                    // A late "no set" call: the table changed first.
                    (Verdict::Taken, Some(by), None) => Answer::Late { by },
                    // A taken claim that does not say by whom: not a frame of this protocol.
                    (Verdict::Taken, _, _) => return,
                };
                self.remote.apply_answer(id, answer);
            }
            ServerMsg::Players { players, watchers } => {
                self.remote.players = players;
                self.watchers = watchers;
            }
            ServerMsg::Rematch { room } => self.remote.next_room = Some(room),
            ServerMsg::Pong { c } => self.rtt = Some((now - c).max(0.0).round() as u32),
            ServerMsg::Error { id, to, code, message, suggestion } => {
                self.refused(Refused { to, id, code, message, suggestion }, out);
            }
        }
    }
}

/// A refusal as the wire has it.
struct Refused {
    to: Option<ClientKind>,
    id: Option<u32>,
    code: ErrorCode,
    message: String,
    suggestion: Option<String>,
}

impl OnlinePage {
    /// A refusal, routed by the kind of request it answers.
    fn refused(&mut self, Refused { to, id, code, message, suggestion }: Refused, out: &mut Vec<Command>) {
        let in_lobby = self.remote.room.is_empty() && self.lobby.is_some();
        match to {
            // A claim, hint or call the room did not take: its answer.
            Some(ClientKind::Claim | ClientKind::Hint | ClientKind::CallNoSet)
                if id.is_some_and(|id| self.remote.awaits(id)) =>
            {
                if let Some(id) = id {
                    self.remote.apply_answer(id, Answer::Refused { why: message });
                }
            }
            // A new name refused (someone online has one like it): the
            // lobby keeps the one it knows; the field keeps what was typed,
            // with why beside it and a free name to offer.
            Some(ClientKind::Lobby) if self.lobby.is_some() => {
                self.renaming = false;
                let kept = self.lobby_name.clone().unwrap_or_default();
                self.lobby_named = !kept.is_empty();
                self.remember_name(&kept, out);
                self.form_error = Some(FormError::Name { message, suggestion });
            }
            // The lobby refused the name this page came with (someone
            // online has it now): in under the name the server gave, and
            // the field says why.
            Some(ClientKind::Lobby) if code == ErrorCode::BadName && self.remote.room.is_empty() => {
                self.form_error = Some(FormError::Name { message, suggestion });
                let given = self.given_name.clone();
                let other = !given.is_empty() && given != self.name;
                if other {
                    self.remember_name(&given, out);
                    self.refill_names = true;
                }
                self.watch_lobby(other, out);
            }
            // A transfer code's refusal (wrong, used or expired, or too many
            // tried) is the form's, and can come before the lobby's first
            // frame: a code typed while connecting is sent first. So, in the
            // lobby, is any other refusal: beside the name when it is the
            // name's, and the page goes by the name the lobby knows.
            Some(ClientKind::Redeem) => {
                out.push(Command::Fail(message.clone()));
                self.form_error = Some(FormError::Form(message));
            }
            _ if in_lobby => {
                out.push(Command::Fail(message.clone()));
                self.form_error = Some(if code == ErrorCode::BadName {
                    if let Some(known) = self.lobby_name.clone() {
                        self.remember_name(&known, out);
                    }
                    FormError::Name { message, suggestion }
                } else {
                    FormError::Form(message)
                });
            }
            _ => {
                out.push(Command::Fail(message.clone()));
                // A card turned and refused: the player may turn another.
                self.remote.flipping = None;
                self.remote.said = message;
            }
        }
    }
}
