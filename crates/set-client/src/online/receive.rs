//! What the server says to online.html's model: each frame's change to the
//! page (a welcome, a room's snapshot and moves, the lobby, answers and
//! refusals), and the commands it makes.

use super::{ChatLine, Command, FormError, OnlinePage, Settled, Speaker, WaitFor};
use crate::connection;
use crate::remote::{Answer, Applied, ClaimToSend};
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
        // A player who never gave a name goes by the one the server gave.
        if self.identity.name.is_empty() && !name.is_empty() {
            self.identity.remember_name(&name, out);
            self.lobby.refill_names = true;
        }
        self.identity.given_name = name;
        // Another player than before: a code from another browser was used.
        // (A welcome on a socket already welcomed: the answer to a redeem.)
        let moved = self.connection.welcomed && self.identity.player.as_ref().is_some_and(|before| *before != player);
        let queued = self.connection.welcome(node);
        self.identity.player = Some(player.clone());
        if moved {
            self.identity.transfer_code = None;
            out.push(Command::Settle(WaitFor::Welcomed, Settled::Player(player)));
        }
        self.identity.keep_token(token, out);
        // Back in the room after a drop, with what was missed; or into the one asked for.
        let rejoin = self.room.to_be_in().map(|room| {
            let since = if room == self.room.remote.room { self.room.remote.seq } else { 0 };
            // Back as a player by the token; a watcher under the name it gave.
            let watching_as = self.room.remote.seat.is_none().then(|| self.room.joined_as.clone()).flatten();
            ClientMsg::Join { room, name: watching_as, since: Some(since) }
        });
        // A join asked for before this welcome (a name typed while
        // connecting) is the one to send, not an unnamed one to watch; a
        // claim the last connection took with it is sent again, after the
        // join: judged if it never arrived, its first answer if it did.
        let resend = self.room.remote.claim_to_resend().map(ClaimToSend::frame);
        for frame in connection::frames_after_welcome(queued, rejoin, self.room.remote.room.is_empty(), resend) {
            self.send(frame, out);
        }
        // Outside a room, the page is the lobby.
        if self.room.remote.room.is_empty() && self.room.wanted.is_none() {
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
                if room.room != self.room.remote.room {
                    out.push(Command::ShowRoomInAddress(room.room.clone()));
                }
                self.room.on_room(&mut room, now);
                self.chat = std::mem::take(&mut room.chat).into_iter().map(ChatLine::from).collect();
                self.lobby.shown = None;
                // Sat down from the lobby's socket (quick play, a room of the
                // list): on to a socket that names the room, as a link's does.
                let reroute = self.connection.room.as_deref() != Some(room.room.as_str());
                self.room.remote.apply_room(room);
                if reroute {
                    self.connect(out);
                } else {
                    out.push(Command::Retire);
                }
                // A join resolves once the player is seated, or watching
                // when it asked to watch (no name given).
                if self.room.remote.seat.is_some() || self.room.joined_as.is_none() {
                    out.push(Command::Settle(WaitFor::Seated, Settled::Room(self.room.remote.room.clone())));
                }
                if self.room.remote.status != Status::Waiting {
                    out.push(Command::Settle(WaitFor::Started, Settled::Nothing));
                }
            }
            ServerMsg::Move { event, view, players } => {
                self.room.log.on_move(&event, view.over, now);
                if let Applied::Resync(since) = self.room.remote.apply_move(&event, view, players) {
                    let room = self.room.remote.room.clone();
                    self.send(ClientMsg::Join { room, name: None, since: Some(since) }, out);
                }
            }
            ServerMsg::Flipped { by, slot, view } => self.room.remote.apply_flipped(by, slot, view),
            ServerMsg::Chat(line) => {
                let line = ChatLine::from(line);
                let mine = match &line.by {
                    Speaker::Seat(seat) => self.room.remote.seat == Some(*seat),
                    Speaker::Player(player) => self.identity.player.as_ref() == Some(player),
                };
                self.hear(line, mine, out);
            }
            ServerMsg::Lobby(lobby) => {
                let chat = self.lobby.show(lobby, &self.identity.name);
                self.chat = chat.into_iter().map(ChatLine::from).collect();
                out.push(Command::Settle(WaitFor::Lobby, Settled::Lobby));
            }
            ServerMsg::LobbyChanges { rooms, gone, chat, came, went } => {
                if !self.lobby.change(rooms, &gone, came, &went) {
                    return;
                }
                for line in chat {
                    let line = ChatLine::from(line);
                    let mine = self.identity.player.as_ref().is_some_and(|me| line.by == Speaker::Player(me.clone()));
                    self.hear(line, mine, out);
                }
            }
            ServerMsg::TransferCode { code, seconds } => {
                self.identity.transfer_code = Some(code.clone());
                out.push(Command::Settle(WaitFor::Code, Settled::Code { code, seconds }));
            }
            ServerMsg::Online(online) => self.lobby.online(online),
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
                self.room.remote.apply_answer(id, answer);
            }
            ServerMsg::Players { players, watchers, starts_in_ms } => {
                self.room.remote.players = players;
                self.room.watchers = watchers;
                self.room.starts_at = starts_in_ms.map(|ms| now + ms as f64);
            }
            ServerMsg::Rematch { room, by } => {
                self.room.remote.next_room = Some(room.clone());
                self.room.rematch_by = by;
                // The player who pressed Play again goes on at once.
                if self.room.rematch_asked {
                    self.go_to(&room, out);
                }
            }
            ServerMsg::Pong { c } => self.connection.rtt = Some((now - c).max(0.0).round() as u32),
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
        let in_lobby = self.room.remote.room.is_empty() && self.lobby.shown.is_some();
        match to {
            // A claim, hint or call the room did not take: its answer.
            Some(ClientKind::Claim | ClientKind::Hint | ClientKind::CallNoSet)
                if id.is_some_and(|id| self.room.remote.awaits(id)) =>
            {
                if let Some(id) = id {
                    self.room.remote.apply_answer(id, Answer::Refused { why: message });
                }
            }
            // A new name refused (someone online has one like it): the
            // lobby keeps the one it knows; the field keeps what was typed,
            // with why beside it and a free name to offer.
            Some(ClientKind::Lobby) if self.lobby.shown.is_some() => {
                self.lobby.renaming = false;
                let kept = self.lobby.name.clone().unwrap_or_default();
                self.lobby.named = !kept.is_empty();
                self.identity.remember_name(&kept, out);
                self.lobby.form_error = Some(FormError::Name { message, suggestion });
            }
            // The lobby refused the name this page came with (someone
            // online has it now): in under the name the server gave, and
            // the field says why.
            Some(ClientKind::Lobby) if code == ErrorCode::BadName && self.room.remote.room.is_empty() => {
                self.lobby.form_error = Some(FormError::Name { message, suggestion });
                let given = self.identity.given_name.clone();
                let other = !given.is_empty() && given != self.identity.name;
                if other {
                    self.identity.remember_name(&given, out);
                    self.lobby.refill_names = true;
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
                self.lobby.form_error = Some(FormError::Form(message));
            }
            _ if in_lobby => {
                out.push(Command::Fail(message.clone()));
                self.lobby.form_error = Some(if code == ErrorCode::BadName {
                    if let Some(known) = self.lobby.name.clone() {
                        self.identity.remember_name(&known, out);
                    }
                    FormError::Name { message, suggestion }
                } else {
                    FormError::Form(message)
                });
            }
            _ => {
                out.push(Command::Fail(message.clone()));
                // A card turned and refused: the player may turn another.
                self.room.remote.flipping = None;
                self.room.remote.said = message;
            }
        }
    }
}
