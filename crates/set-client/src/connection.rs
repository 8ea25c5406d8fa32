//! The online page's connection, as plain values: how long to wait before
//! trying again, which frames go out once the server has said welcome
//! (back into the room, the claim a dropped connection took with it), and
//! the lobby kept up to date from its changes. The page's socket, timers and
//! storage are its edge (crates/set-online); what they decide is here, so
//! that it is tested natively. Randomness comes in as a value.

use set_protocol::{ClientMsg, LobbyMsg, LobbyRoomMsg};

/// The first wait before trying to connect again, ms; it doubles with each
/// failed try.
pub const BACKOFF_FIRST_MS: f64 = 250.0;
/// The longest wait before trying again, ms, before the jitter.
pub const BACKOFF_CAP_MS: f64 = 5000.0;

/// The wait before try number `attempts` (0 for the first try after a
/// drop): doubling from [`BACKOFF_FIRST_MS`] up to [`BACKOFF_CAP_MS`], then
/// spread by `jitter` (from 0 to 1, drawn at the edge) between half and one
/// and a half times that, so that a server's players do not all come back
/// in the same moment.
pub fn backoff_ms(attempts: u32, jitter: f64) -> f64 {
    let wait = (BACKOFF_FIRST_MS * 2f64.powi(attempts.min(5) as i32)).min(BACKOFF_CAP_MS);
    wait * (0.5 + jitter.clamp(0.0, 1.0))
}

/// The frames to send once the server has said welcome, in order.
///
/// - `rejoin`: the join that takes the page back into its room (or into the
///   one it was asked for), if any. It goes first. A join asked for while
///   connecting (a name typed meanwhile) is sent instead when `prefer_asked`
///   (the page is in no room yet), and no other join is sent.
/// - `resend`: the claim waiting for an answer, which the last connection
///   may have taken with it: sent again after the join, once (the server
///   answers a claim it judged with the answer it gave).
pub fn frames_after_welcome(
    mut queued: Vec<ClientMsg>,
    rejoin: Option<ClientMsg>,
    prefer_asked: bool,
    resend: Option<ClientMsg>,
) -> Vec<ClientMsg> {
    let is_join = |frame: &ClientMsg| matches!(frame, ClientMsg::Join { .. });
    if let Some(rejoin) = rejoin {
        let asked = queued.iter().rposition(is_join);
        let join = match asked {
            Some(at) if prefer_asked => queued.remove(at),
            _ => rejoin,
        };
        queued.retain(|frame| !is_join(frame));
        queued.insert(0, join);
    }
    if let Some(claim) = resend {
        queued.retain(|frame| *frame != claim);
        queued.push(claim);
    }
    queued
}

/// Takes in what changed in the lobby: rooms that left it, and rooms that
/// appeared (listed after the others) or changed (in their place).
pub fn merge_lobby_changes(lobby: &mut LobbyMsg, rooms: Vec<LobbyRoomMsg>, gone: &[String]) {
    lobby.rooms.retain(|r| !gone.contains(&r.room));
    for room in rooms {
        match lobby.rooms.iter_mut().find(|r| r.room == room.room) {
            Some(listed) => *listed = room,
            None => lobby.rooms.push(room),
        }
    }
}

/// The names in the lobby (sorted, as the server sends them) after some
/// came and some went: still sorted, each once. (Each put in its place,
/// not a sort of the whole, which brought a sort of strings into the online
/// page's wasm: BENCHMARKS.md, decisions.)
pub fn merge_lobby_people(people: &mut Vec<String>, came: Vec<String>, went: &[String]) {
    people.retain(|name| !went.contains(name));
    for name in came {
        if let Err(at) = people.binary_search(&name) {
            people.insert(at, name);
        }
    }
}

/// Mutes a name's chat, or shows it again.
pub fn toggle_mute(muted: &mut Vec<String>, name: String) {
    match muted.iter().position(|m| *m == name) {
        Some(at) => {
            muted.remove(at);
        }
        None => muted.push(name),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use set_core::online::room::Status;
    use set_core::rules::variant::Variant;
    use set_protocol::OnlineMsg;

    fn join(room: &str, name: Option<&str>, since: u32) -> ClientMsg {
        ClientMsg::Join { room: room.into(), name: name.map(Into::into), since: Some(since) }
    }

    fn claim(id: u32) -> ClientMsg {
        ClientMsg::Claim { id, cards: vec![0, 1, 2], seen: 4 }
    }

    #[test]
    fn the_wait_doubles_to_its_cap_and_the_jitter_spreads_it_by_half_either_way() {
        let middle: Vec<f64> = (0..8).map(|n| backoff_ms(n, 0.5)).collect();
        assert_eq!(middle, [250.0, 500.0, 1000.0, 2000.0, 4000.0, 5000.0, 5000.0, 5000.0]);
        assert_eq!((backoff_ms(0, 0.0), backoff_ms(0, 1.0)), (125.0, 375.0));
        assert_eq!(backoff_ms(u32::MAX, 2.0), 7500.0, "a jitter out of range is held to it");
    }

    #[test]
    fn after_a_drop_the_rejoin_goes_first_and_the_pending_claim_once_after_it() {
        let queued = vec![ClientMsg::Chat { text: "hi".into() }, claim(7), join("old", None, 0)];
        let frames = frames_after_welcome(queued, Some(join("room", None, 12)), false, Some(claim(7)));
        assert_eq!(frames, [join("room", None, 12), ClientMsg::Chat { text: "hi".into() }, claim(7)]);
    }

    #[test]
    fn a_join_asked_for_while_connecting_is_sent_instead_of_a_watchers_join() {
        let asked = join("room", Some("Ann"), 0);
        let queued = vec![asked.clone(), ClientMsg::Start];
        let frames = frames_after_welcome(queued.clone(), Some(join("room", None, 0)), true, None);
        assert_eq!(frames, [asked, ClientMsg::Start]);
        let back = frames_after_welcome(queued, Some(join("room", None, 9)), false, None);
        assert_eq!(back, [join("room", None, 9), ClientMsg::Start], "back in a room: the page's own join");
    }

    #[test]
    fn outside_a_room_the_queue_goes_as_it_is() {
        let queued = vec![ClientMsg::Lobby { name: None }, ClientMsg::TransferCode];
        assert_eq!(frames_after_welcome(queued.clone(), None, true, None), queued);
    }

    fn listed(room: &str, players: &[&str]) -> LobbyRoomMsg {
        LobbyRoomMsg {
            room: room.into(),
            mode: Variant::Classic,
            hints: false,
            dealing: set_core::rules::variant::Dealing::Automatic,
            rated: true,
            status: Status::Waiting,
            players: players.iter().map(|&p| p.into()).collect(),
            watchers: 0,
            created_at: 1,
        }
    }

    #[test]
    fn the_lobby_takes_changes_in_place_new_rooms_last_and_gone_rooms_out() {
        let online = OnlineMsg { online: 3, out_of_date: false };
        let mut lobby =
            LobbyMsg { rooms: vec![listed("a", &["Ann"]), listed("b", &["Bo"])], online, people: vec![], chat: vec![] };
        merge_lobby_changes(&mut lobby, vec![listed("c", &["Cy"]), listed("b", &["Bo", "Di"])], &["a".to_owned()]);
        let rooms: Vec<(&str, usize)> = lobby.rooms.iter().map(|r| (r.room.as_str(), r.players.len())).collect();
        assert_eq!(rooms, [("b", 2), ("c", 1)]);
    }

    #[test]
    fn names_that_come_and_go_keep_the_list_sorted_and_each_once() {
        let mut people = vec!["Ann".to_owned(), "Cy".to_owned()];
        let own = |names: &[&str]| names.iter().map(|&n| n.to_owned()).collect::<Vec<_>>();
        merge_lobby_people(&mut people, own(&["Bo", "Ann"]), &own(&["Cy", "Zed"]));
        assert_eq!(people, ["Ann", "Bo"], "Ann told twice, Zed never there");
        merge_lobby_people(&mut people, own(&["Cy"]), &own(&["Ann", "Bo"]));
        assert_eq!(people, ["Cy"]);
    }

    #[test]
    fn muting_twice_shows_the_chat_again() {
        let mut muted = vec!["Ann".to_owned()];
        toggle_mute(&mut muted, "Bo".into());
        toggle_mute(&mut muted, "Ann".into());
        assert_eq!(muted, ["Bo"]);
    }
}
