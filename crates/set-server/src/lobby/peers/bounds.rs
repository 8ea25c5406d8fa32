//! A frame heard on the bus, held to the bounds a client's frame is held
//! to: the bus asks for credentials, but what a node believes of another
//! must not let one bad or stolen credential close every lobby (a review
//! did it with one chat line of 300 KB) or count 160,000 players online.
//! Text is checked by the same rules the node that took it used (names by
//! `crate::names`, chat lines by `crate::chat`), ids and node names by their
//! shape (`crate::ids`), and every list by a bound.

use super::{NodeLobby, PeerFrame, PeerMsg};
use crate::proto::{LobbyChatMsg, LobbyRoomMsg};
use set_core::players::sitting::{MAX_NAME_CHARS, MAX_ONLINE_PLAYERS};

/// The public rooms one node's lobby may list (a node keeps
/// `--max-rooms-loaded` rooms, 2,000 by default).
pub(crate) const MAX_PEER_ROOMS: usize = 8192;
/// The players one node may say are online (a node holds
/// `--max-connections` sockets, 2,000 by default).
pub(crate) const MAX_PEER_PLAYERS: usize = 20_000;
/// The longest player id (32 hex digits today).
const MAX_PLAYER_ID: usize = 64;

/// The frame if every field is within its bounds, or what is not.
pub(crate) fn checked(frame: PeerFrame) -> Result<PeerFrame, String> {
    crate::ids::node_name(&frame.node).map_err(|why| format!("a node's name: {why}"))?;
    match &frame.msg {
        PeerMsg::Lobby(lobby) => node_lobby(lobby)?,
        PeerMsg::Room { room, present } => {
            lobby_room(room)?;
            present_seats(*present)?;
        }
        PeerMsg::Gone { room } | PeerMsg::Taken { room, .. } => room_id(room)?,
        PeerMsg::Chat { line } => chat_line(line)?,
        PeerMsg::ChatHistory { lines } => {
            at_most("chat lines", lines.len(), crate::chat::KEPT)?;
            lines.iter().try_for_each(chat_line)?;
        }
        PeerMsg::Hello => {}
    }
    Ok(frame)
}

fn at_most(what: &str, count: usize, most: usize) -> Result<(), String> {
    if count > most { Err(format!("{count} {what}: at most {most}")) } else { Ok(()) }
}

fn room_id(id: &str) -> Result<(), String> {
    if crate::ids::is_room_id(id) { Ok(()) } else { Err(format!("{:?} is no room id", id.get(..16).unwrap_or(id))) }
}

fn player_id(id: &str) -> Result<(), String> {
    let fits = !id.is_empty() && id.len() <= MAX_PLAYER_ID && id.bytes().all(|b| b.is_ascii_alphanumeric());
    if fits { Ok(()) } else { Err("a player id out of shape".into()) }
}

/// A name as a node takes it: at most its characters, and NFC, visible, marks bounded.
fn name(name: &str) -> Result<(), String> {
    at_most("characters in a name", name.chars().count(), MAX_NAME_CHARS)?;
    match crate::names::normalized(name) {
        Ok(normal) if normal == name => Ok(()),
        Ok(_) => Err("a name not in NFC".into()),
        Err(err) => Err(err.to_string()),
    }
}

fn lobby_room(room: &LobbyRoomMsg) -> Result<(), String> {
    room_id(&room.room)?;
    at_most("seats", room.players.len(), MAX_ONLINE_PLAYERS)?;
    room.players.iter().try_for_each(|player| name(player))
}

fn chat_line(line: &LobbyChatMsg) -> Result<(), String> {
    player_id(&line.player)?;
    name(&line.name)?;
    match crate::chat::checked(&line.text) {
        Ok(text) if text == line.text => Ok(()),
        Ok(_) => Err("a chat line not as its node keeps them".into()),
        Err(why) => Err(why),
    }
}

fn node_lobby(lobby: &NodeLobby) -> Result<(), String> {
    at_most("rooms", lobby.rooms.len(), MAX_PEER_ROOMS)?;
    at_most("players", lobby.players.len(), MAX_PEER_PLAYERS)?;
    at_most("names", lobby.names.len(), MAX_PEER_PLAYERS)?;
    at_most("people", lobby.people.len(), MAX_PEER_PLAYERS)?;
    lobby.rooms.iter().try_for_each(lobby_room)?;
    lobby.players.iter().try_for_each(|player| player_id(player))?;
    lobby.names.iter().try_for_each(|(player, given)| {
        player_id(player)?;
        name(given)
    })?;
    lobby.people.iter().try_for_each(|person| name(person))?;
    at_most("rooms' presence", lobby.present.len(), MAX_PEER_ROOMS)?;
    lobby.present.iter().try_for_each(|(room, present)| {
        room_id(room)?;
        present_seats(Some(*present))
    })
}

/// Seats with their player in a room: at most a room's seats.
fn present_seats(present: Option<u8>) -> Result<(), String> {
    at_most("seats present", present.map_or(0, usize::from), MAX_ONLINE_PLAYERS)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::store::Status;
    use set_core::rules::variant::Variant;

    fn frame(msg: PeerMsg) -> PeerFrame {
        PeerFrame { node: "node-2".into(), msg }
    }

    fn line(text: &str) -> LobbyChatMsg {
        LobbyChatMsg { player: "0123456789abcdef0123456789abcdef".into(), name: "Ann".into(), text: text.into(), at: 1 }
    }

    fn room(players: usize) -> LobbyRoomMsg {
        LobbyRoomMsg {
            room: "abcdefghjk".into(),
            mode: Variant::Classic,
            hints: false,
            dealing: set_core::rules::variant::Dealing::Automatic,
            rated: true,
            status: Status::Waiting,
            players: (0..players).map(|i| format!("P{i}")).collect(),
            watchers: 0,
            created_at: 1,
        }
    }

    #[test]
    fn frames_within_their_bounds_pass_whole() {
        for msg in [
            PeerMsg::Hello,
            PeerMsg::Chat { line: line("hello") },
            PeerMsg::Room { room: room(8), present: Some(8) },
            PeerMsg::Gone { room: "abcdefghjk".into() },
            PeerMsg::Taken { room: "abcdefghjk".into(), epoch: 3 },
            PeerMsg::ChatHistory { lines: vec![line("a"); crate::chat::KEPT] },
            PeerMsg::Lobby(NodeLobby {
                rooms: vec![room(2)],
                players: vec!["0123456789abcdef0123456789abcdef".into()],
                names: vec![("0123456789abcdef0123456789abcdef".into(), "Zoë".into())],
                people: vec!["Zoë".into()],
                present: vec![(room(2).room, 2)],
            }),
        ] {
            let sent = frame(msg);
            assert_eq!(checked(sent.clone()), Ok(sent));
        }
    }

    #[test]
    fn frames_out_of_their_bounds_are_refused() {
        let long_line = line(&"x".repeat(300 * 1024));
        let too_many = NodeLobby { players: vec!["ab".into(); MAX_PEER_PLAYERS + 1], ..NodeLobby::default() };
        for (msg, why) in [
            (PeerMsg::Chat { line: long_line }, "a chat line of 300 KB"),
            (PeerMsg::Chat { line: line("two\nlines") }, "a control character"),
            (PeerMsg::Chat { line: LobbyChatMsg { name: "x".repeat(21), ..line("hi") } }, "a long name"),
            (PeerMsg::Chat { line: LobbyChatMsg { player: "../x".into(), ..line("hi") } }, "a player id"),
            (PeerMsg::Room { room: room(9), present: None }, "nine seats"),
            (PeerMsg::Room { room: room(2), present: Some(9) }, "nine present"),
            (PeerMsg::Room { room: LobbyRoomMsg { room: "x".repeat(1000), ..room(2) }, present: None }, "a room id"),
            (PeerMsg::Taken { room: "nope".into(), epoch: 1 }, "a room id"),
            (PeerMsg::ChatHistory { lines: vec![line("a"); crate::chat::KEPT + 1] }, "a long history"),
            (PeerMsg::Lobby(too_many), "160,000 players"),
        ] {
            assert!(checked(frame(msg)).is_err(), "{why}");
        }
        assert!(checked(PeerFrame { node: "a node with spaces".into(), msg: PeerMsg::Hello }).is_err());
    }
}
