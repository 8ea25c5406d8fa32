//! The lobby's behaviour, told through its watchers' outboxes: changes
//! batched and told once, quick play's choice of room, names unlike each
//! other, chat kept, and the other nodes' lobbies merged, forgotten when
//! silent, and said to be out of date while the bus is down.
use super::peers::NodeLobby;
use super::*;
use crate::conn::Outgoing;
use tokio::sync::mpsc;

fn watcher(lobby: &Lobby, conn: ConnId, name: Option<&str>) -> Result<mpsc::Receiver<Outgoing>, LobbyError> {
    let (tx, rx) = mpsc::channel(64);
    lobby.watch(conn, &format!("p{conn}"), name, &Outbox::new(tx, 1 << 20))?;
    Ok(rx)
}

fn heard(rx: &mut mpsc::Receiver<Outgoing>) -> Vec<ServerMsg> {
    let mut all = Vec::new();
    while let Ok(Outgoing::Text(text)) = rx.try_recv() {
        all.push(serde_json::from_str(&text).expect("a frame of the protocol"));
    }
    all
}

/// A changes frame of rooms only.
fn changes(rooms: Vec<LobbyRoomMsg>, gone: Vec<String>) -> ServerMsg {
    ServerMsg::LobbyChanges { rooms, gone, chat: vec![], came: vec![], went: vec![] }
}

/// A changes frame of names only.
fn names(came: &[&str], went: &[&str]) -> ServerMsg {
    let own = |names: &[&str]| names.iter().map(|&n| n.to_owned()).collect();
    ServerMsg::LobbyChanges { rooms: vec![], gone: vec![], chat: vec![], came: own(came), went: own(went) }
}

fn summary(room: &str, mode: &str, created_at: i64, players: &[&str]) -> LobbyRoomMsg {
    LobbyRoomMsg {
        room: room.into(),
        mode: set_core::rules::variant::Variant::from_name(mode, None).unwrap(),
        hints: false,
        dealing: set_core::rules::variant::Dealing::Automatic,
        rated: true,
        status: Status::Waiting,
        players: players.iter().map(|&p| p.to_owned()).collect(),
        watchers: 0,
        created_at,
    }
}

#[test]
fn quick_play_finds_the_fullest_then_newest_waiting_rooms_of_its_way_to_play_with_a_free_seat() {
    let lobby = Lobby::new(10, 256 * 1024);
    lobby.publish(summary("new", "classic", 30, &["A"]), 1);
    lobby.publish(summary("old", "classic", 10, &["B"]), 1);
    lobby.publish(summary("junior", "junior", 5, &["C"]), 1);
    lobby.publish(summary("full", "classic", 1, &["D", "E"]), 2);
    lobby.publish(LobbyRoomMsg { hints: true, ..summary("hinted", "classic", 2, &["F"]) }, 1);
    lobby.publish(LobbyRoomMsg { status: Status::Playing, ..summary("playing", "classic", 3, &["G"]) }, 1);
    assert_eq!(lobby.waiting_rooms("classic", 2), ["new", "old"], "as full: the newest first");
    assert_eq!(lobby.waiting_rooms("junior", 2), ["junior"]);
    assert_eq!(lobby.waiting_rooms("classic", 3), ["full", "new", "old"], "the fullest first");
    // Seats whose players left count for nothing: "full" has one of two
    // here now, as "new" and "old" do; a room of stale seats only, none.
    lobby.publish(summary("full", "classic", 1, &["D", "E"]), 1);
    assert_eq!(lobby.waiting_rooms("classic", 3), ["new", "old", "full"], "as full as the others now");
    lobby.publish(summary("full", "classic", 1, &["D", "E"]), 0);
    assert_eq!(lobby.waiting_rooms("classic", 3), ["new", "old"]);
    lobby.withdraw("new");
    assert_eq!(lobby.waiting_rooms("classic", 2), ["old"]);
    assert!(lobby.waiting_rooms("ultra", 8).is_empty());
}

#[test]
fn a_watcher_gets_the_whole_lobby_then_each_change_once() {
    let lobby = Lobby::new(10, 256 * 1024);
    lobby.publish(summary("r1", "classic", 1, &["A"]), 1);
    lobby.tell_changes();
    let mut rx = watcher(&lobby, 1, Some("Ann")).unwrap();
    let first = heard(&mut rx);
    let [ServerMsg::Lobby(whole)] = first.as_slice() else { panic!("{first:?}") };
    assert_eq!(whole.rooms, [summary("r1", "classic", 1, &["A"])]);
    assert_eq!(whole.people, ["Ann"]);
    lobby.tell_changes();
    assert_eq!(heard(&mut rx), [names(&["Ann"], &[])], "her coming, told to everyone (her too: no harm)");
    lobby.publish(summary("r1", "classic", 1, &["A"]), 1);
    lobby.tell_changes();
    assert!(heard(&mut rx).is_empty(), "the same summary again is no change");
    // Changes between two tellings go out together, each room once, as it is now.
    lobby.publish(summary("r1", "classic", 1, &["A", "B"]), 2);
    lobby.publish(summary("r2", "junior", 2, &["C"]), 1);
    lobby.publish(summary("r2", "junior", 2, &["C", "D"]), 2);
    assert!(heard(&mut rx).is_empty(), "nothing before the telling");
    lobby.tell_changes();
    lobby.withdraw("r1");
    lobby.withdraw("r1");
    lobby.withdraw("never");
    lobby.tell_changes();
    lobby.tell_changes();
    assert_eq!(
        heard(&mut rx),
        [
            changes(vec![summary("r1", "classic", 1, &["A", "B"]), summary("r2", "junior", 2, &["C", "D"])], vec![]),
            changes(vec![], vec!["r1".into()])
        ]
    );
    // A room that came and went between two tellings is told as gone.
    lobby.publish(summary("r3", "ultra", 3, &["E"]), 1);
    lobby.withdraw("r3");
    lobby.tell_changes();
    assert_eq!(heard(&mut rx), [changes(vec![], vec!["r3".into()])]);
}

#[test]
fn the_lobby_holds_at_most_its_watchers_and_names_are_unlike_each_other() {
    let lobby = Lobby::new(2, 256 * 1024);
    let _a = watcher(&lobby, 1, Some("Ann")).unwrap();
    assert!(matches!(watcher(&lobby, 2, Some(" Ann ")), Err(LobbyError::Taken { .. })), "the same, trimmed");
    assert!(matches!(watcher(&lobby, 2, Some("Аnn")), Err(LobbyError::Taken { .. })), "Cyrillic А");
    let _b = watcher(&lobby, 2, None).unwrap();
    assert_eq!(watcher(&lobby, 3, Some("Cy")).err(), Some(LobbyError::Full));
    lobby.leave(2);
    let _c = watcher(&lobby, 3, Some("Cy")).unwrap();
    assert_eq!(lobby.watchers(), 2);
}

#[test]
fn a_lobby_holds_more_named_watchers_than_a_table_seats() {
    let lobby = Lobby::new(100, 256 * 1024);
    let _all: Vec<_> = (0..30).map(|n| watcher(&lobby, n, Some(&format!("W{n}"))).unwrap()).collect();
    let mut last = watcher(&lobby, 99, None).unwrap();
    let first = heard(&mut last);
    let [ServerMsg::Lobby(whole)] = first.as_slice() else { panic!("{first:?}") };
    assert_eq!(whole.people.len(), 30);
}

#[test]
fn who_is_online_counts_players_once_and_is_told_only_when_it_changed() {
    let lobby = Lobby::new(10, 256 * 1024);
    let mut rx = watcher(&lobby, 1, None).unwrap();
    heard(&mut rx);
    lobby.tell_online();
    assert!(heard(&mut rx).is_empty());
    lobby.arrived("p1");
    lobby.arrived("p1");
    lobby.arrived("p2");
    assert_eq!(lobby.online(), 2);
    lobby.tell_online();
    assert_eq!(heard(&mut rx), [ServerMsg::Online(OnlineMsg { online: 2, out_of_date: false })]);
    lobby.departed("p1");
    lobby.tell_online();
    assert!(heard(&mut rx).is_empty(), "p1 still has a connection");
    lobby.departed("p1");
    lobby.tell_online();
    assert_eq!(heard(&mut rx), [ServerMsg::Online(OnlineMsg { online: 1, out_of_date: false })]);
}

#[test]
fn lobby_chat_needs_a_watcher_with_a_name_and_keeps_the_last_lines() {
    let lobby = Lobby::new(10, 256 * 1024);
    assert_eq!(lobby.say(9, "hi".into()), Err(LobbyError::NotWatching));
    let mut anonymous = watcher(&lobby, 2, None).unwrap();
    assert!(matches!(lobby.say(2, "hi".into()), Err(LobbyError::BadName(_))));
    let _ann = watcher(&lobby, 1, Some("Ann")).unwrap();
    heard(&mut anonymous);
    for n in 0..chat::KEPT + 3 {
        lobby.say(1, format!("line {n}")).unwrap();
        if n % 10 == 9 {
            lobby.tell_changes();
        }
    }
    lobby.tell_changes();
    let lines: Vec<String> = heard(&mut anonymous)
        .into_iter()
        .flat_map(|frame| match frame {
            ServerMsg::LobbyChanges { chat, .. } => chat,
            other => panic!("{other:?}"),
        })
        .map(|line| line.text)
        .collect();
    assert_eq!(lines.len(), chat::KEPT + 3, "every line told to every watcher, ten a frame");
    assert_eq!(lines.last().map(String::as_str), Some(format!("line {}", chat::KEPT + 2).as_str()));
    let kept: Vec<String> = lobby.state().chat.iter().map(|line| line.text.clone()).collect();
    assert_eq!(kept.len(), chat::KEPT);
    assert_eq!(kept.first().map(String::as_str), Some("line 3"));
}

fn from_node2(lobby: &Lobby, msg: PeerMsg, at: Instant) {
    lobby.heard("node-2", msg, at);
}

#[test]
fn another_nodes_rooms_are_listed_beside_ours_and_leave_when_it_falls_silent() {
    let lobby = Lobby::new(10, 256 * 1024);
    let start = Instant::now();
    lobby.publish(summary("mine", "classic", 20, &["A"]), 1);
    let theirs = NodeLobby {
        rooms: vec![summary("theirs", "classic", 10, &["B"]), summary("busy", "classic", 5, &["C", "D"])],
        players: vec!["pB".into(), "p1".into()],
        names: vec![("pB".into(), "Bea".into())],
        people: vec!["Bea".into()],
        present: vec![("theirs".into(), 1), ("busy".into(), 2)],
    };
    from_node2(&lobby, PeerMsg::Lobby(theirs.clone()), start);
    lobby.tell_changes();
    let mut rx = watcher(&lobby, 1, Some("Ann")).unwrap();
    lobby.arrived("p1");
    let first = heard(&mut rx);
    let [ServerMsg::Lobby(whole)] = first.as_slice() else { panic!("{first:?}") };
    let rooms: Vec<&str> = whole.rooms.iter().map(|r| r.room.as_str()).collect();
    assert_eq!(rooms, ["busy", "theirs", "mine"], "oldest first, from both nodes");
    assert_eq!(whole.people, ["Ann", "Bea"]);
    assert_eq!(whole.online.online, 2, "p1 (on both nodes) and pB, each once");
    assert_eq!(lobby.online(), 2, "the front door's count too");
    // Quick play finds this node's room first: as full, and newer.
    assert_eq!(lobby.waiting_rooms("classic", 2), ["mine", "theirs"]);
    // A change on the other node is told; so is a room it no longer lists.
    lobby.tell_changes();
    assert_eq!(heard(&mut rx), [names(&["Ann"], &[])], "Bea was told before Ann came");
    from_node2(&lobby, PeerMsg::Room { room: summary("theirs", "classic", 10, &["B", "E"]), present: None }, start);
    lobby.tell_changes();
    assert_eq!(heard(&mut rx), [changes(vec![summary("theirs", "classic", 10, &["B", "E"])], vec![])]);
    let fewer = NodeLobby { rooms: vec![summary("theirs", "classic", 10, &["B", "E"])], ..theirs };
    from_node2(&lobby, PeerMsg::Lobby(fewer), start);
    lobby.tell_changes();
    assert_eq!(heard(&mut rx), [changes(vec![], vec!["busy".into()])]);
    // Silent for long enough: its rooms and people leave; ours stay.
    lobby.forget_silent(start + peers::SILENT_AFTER / 2);
    lobby.tell_changes();
    assert!(heard(&mut rx).is_empty(), "not silent long enough yet");
    lobby.forget_silent(start + peers::SILENT_AFTER);
    lobby.tell_changes();
    lobby.tell_online();
    assert_eq!(
        heard(&mut rx),
        [
            ServerMsg::LobbyChanges {
                rooms: vec![],
                gone: vec!["theirs".into()],
                chat: vec![],
                came: vec![],
                went: vec!["Bea".into()]
            },
            ServerMsg::Online(OnlineMsg { online: 1, out_of_date: false })
        ]
    );
    assert_eq!(lobby.waiting_rooms("classic", 2), ["mine"]);
}

#[test]
fn a_player_online_is_given_a_friendly_name_no_one_has_and_a_taken_name_is_offered_a_free_one() {
    let lobby = Lobby::new(10, 256 * 1024);
    let given = lobby.arrived("p1");
    assert_eq!(given.split(' ').count(), 2, "two words: {given}");
    assert_eq!(lobby.name_of("p1").as_deref(), Some(given.as_str()));
    assert_eq!(lobby.arrived("p1"), given, "a second tab: the same name");
    // Many more players: every name given differs from every other.
    let names: std::collections::BTreeSet<String> = (2..400).map(|p| lobby.arrived(&format!("p{p}"))).collect();
    assert_eq!(names.len(), 398);
    assert!(!names.contains(&given));
    // Someone typing a name given to another is offered a free one like it.
    let _ann = watcher(&lobby, 500, Some("Ivy")).unwrap();
    lobby.arrived("p501");
    match lobby.take_name("p501", "Ivy") {
        Err(LobbyError::Taken { suggestion: Some(free), .. }) => {
            assert_eq!(free, "Ivy 2");
            assert_eq!(lobby.take_name("p501", &free), Ok(()), "the name offered is free");
        }
        other => panic!("refused with an offer, not {other:?}"),
    }
    // "Ivy 2" is taken now: the next to ask for Ivy is offered Ivy 3.
    lobby.arrived("p502");
    let offered = lobby.take_name("p502", "Ivy");
    assert!(matches!(&offered, Err(LobbyError::Taken { suggestion: Some(s), .. }) if s == "Ivy 3"), "{offered:?}");
    // A name given is free again once its player's last tab closes.
    lobby.departed("p1");
    assert_eq!(lobby.name_of("p1").as_deref(), Some(given.as_str()), "one tab left");
    lobby.departed("p1");
    assert_eq!(lobby.name_of("p1"), None);
    lobby.arrived("p503");
    assert_eq!(lobby.take_name("p503", &given), Ok(()));
}

#[test]
fn a_name_held_on_another_node_is_refused_here_and_free_once_it_goes() {
    let lobby = Lobby::new(10, 256 * 1024);
    let start = Instant::now();
    let bea =
        NodeLobby { players: vec!["pB".into()], names: vec![("pB".into(), "Bea".into())], ..NodeLobby::default() };
    from_node2(&lobby, PeerMsg::Lobby(bea), start);
    lobby.arrived("p1");
    let taken = lobby.take_name("p1", "Bea");
    assert!(matches!(&taken, Err(LobbyError::Taken { suggestion: Some(s), .. }) if s == "Bea 2"), "{taken:?}");
    assert!(matches!(lobby.take_name("p1", "B\u{435}a"), Err(LobbyError::Taken { .. })), "Cyrillic е");
    assert!(matches!(watcher(&lobby, 1, Some("Bea")), Err(LobbyError::Taken { .. })));
    assert_eq!(lobby.take_name("pB", "Bea"), Ok(()), "her own name, on her other tab here");
    from_node2(&lobby, PeerMsg::Lobby(NodeLobby::default()), start);
    assert_eq!(lobby.take_name("p1", "Bea"), Ok(()));
}

#[test]
fn chat_from_another_node_is_told_and_kept_and_ours_is_passed_on() {
    let lobby = Lobby::new(10, 256 * 1024);
    let (to_peers, mut told) = mpsc::channel(16);
    lobby.join_bus(to_peers);
    let mut rx = watcher(&lobby, 1, Some("Ann")).unwrap();
    heard(&mut rx);
    let line = LobbyChatMsg { player: "pB".into(), name: "Bea".into(), text: "hi all".into(), at: 5 };
    lobby.tell_changes();
    heard(&mut rx);
    from_node2(&lobby, PeerMsg::Chat { line: line.clone() }, Instant::now());
    assert!(heard(&mut rx).is_empty(), "told with the next changes");
    lobby.say(1, "hello Bea".into()).unwrap();
    lobby.tell_changes();
    let both = heard(&mut rx);
    let [ServerMsg::LobbyChanges { chat, .. }] = both.as_slice() else { panic!("{both:?}") };
    let [heard_line, said] = chat.as_slice() else { panic!("{chat:?}") };
    assert_eq!(heard_line, &line, "in the order they were heard, in one frame");
    assert_eq!(told.try_recv().ok(), Some(PeerMsg::Chat { line: said.clone() }));
    let kept: Vec<String> = lobby.state().chat.iter().map(|l| l.text.clone()).collect();
    assert_eq!(kept, ["hi all", "hello Bea"]);
    // A node that starts takes the history a hello was answered with,
    // unless something was said there already.
    let fresh = Lobby::new(10, 256 * 1024);
    let history = vec![line.clone(), said.clone()];
    fresh.heard("node-2", PeerMsg::ChatHistory { lines: history.clone() }, Instant::now());
    fresh.heard("node-3", PeerMsg::ChatHistory { lines: vec![said.clone()] }, Instant::now());
    assert_eq!(fresh.chat_history(), history);
    let mut late = watcher(&fresh, 7, None).unwrap();
    let first = heard(&mut late);
    let [ServerMsg::Lobby(whole)] = first.as_slice() else { panic!("{first:?}") };
    assert_eq!(whole.chat, history);
    // A room's changes go to the bus too.
    lobby.publish(summary("r1", "classic", 1, &["A"]), 1);
    lobby.withdraw("r1");
    assert_eq!(
        told.try_recv().ok(),
        Some(PeerMsg::Room { room: summary("r1", "classic", 1, &["A"]), present: Some(1) })
    );
    assert_eq!(told.try_recv().ok(), Some(PeerMsg::Gone { room: "r1".into() }));
}

#[test]
fn the_lobby_says_it_is_out_of_date_while_the_bus_is_down() {
    let lobby = Lobby::new(10, 256 * 1024);
    let mut rx = watcher(&lobby, 1, None).unwrap();
    heard(&mut rx);
    lobby.set_bus(BusHealth::Up);
    lobby.tell_online();
    assert_eq!(heard(&mut rx), [ServerMsg::Online(OnlineMsg { online: 0, out_of_date: false })]);
    lobby.set_bus(BusHealth::Down);
    lobby.set_bus(BusHealth::Down);
    lobby.tell_online();
    assert_eq!(heard(&mut rx), [ServerMsg::Online(OnlineMsg { online: 0, out_of_date: true })]);
    let mut late = watcher(&lobby, 2, None).unwrap();
    let first = heard(&mut late);
    let [ServerMsg::Lobby(whole)] = first.as_slice() else { panic!("{first:?}") };
    assert!(whole.online.out_of_date);
    lobby.set_bus(BusHealth::Up);
    lobby.tell_online();
    assert_eq!(heard(&mut rx), [ServerMsg::Online(OnlineMsg { online: 0, out_of_date: false })]);
}

/// A watcher who watches again under the same name (the review did it
/// every 500 ms) changes no one's list: nothing is sent to the others. A
/// new name is told, once.
#[test]
fn watching_again_under_the_same_name_tells_no_one() {
    let lobby = Lobby::new(10, 256 * 1024);
    let mut ann = watcher(&lobby, 1, Some("Ann")).unwrap();
    lobby.tell_changes();
    lobby.tell_online();
    heard(&mut ann);
    let (tx, mut eve) = mpsc::channel(64);
    let outbox = Outbox::new(tx, 1 << 20);
    lobby.watch(2, "p2", Some("Eve"), &outbox).unwrap();
    lobby.tell_changes();
    lobby.tell_online();
    assert_eq!(heard(&mut ann), [names(&["Eve"], &[])], "Eve arrived: told once");
    heard(&mut eve);
    for _ in 0..5 {
        lobby.watch(2, "p2", Some("Eve"), &outbox).unwrap();
        lobby.tell_changes();
        lobby.tell_online();
    }
    assert!(heard(&mut ann).is_empty(), "the same name again: nothing to tell");
    lobby.watch(2, "p2", Some("Eva"), &outbox).unwrap();
    lobby.tell_changes();
    lobby.tell_online();
    assert_eq!(heard(&mut ann), [names(&["Eva"], &["Eve"])], "a new name: the change alone, not the list");
}

/// The rooms an address made are remembered while they count against it,
/// and forgotten once they no longer do, even if the address never makes
/// another (its next `may_list` would have forgotten them).
#[test]
fn rooms_made_are_forgotten_once_they_count_no_more() {
    let lobby = Lobby::new(10, 256 * 1024);
    let address: std::net::IpAddr = "203.0.113.5".parse().unwrap();
    for room in ["r1", "r2"] {
        lobby.made_public(address, room);
        lobby.publish(summary(room, "classic", 1, &["A"]), 1);
    }
    assert!(!lobby.may_list(address, 2), "two listed: the cap of two is met");
    lobby.withdraw("r1");
    lobby.forget_silent(Instant::now());
    assert_eq!(lobby.state().made_from.keys().collect::<Vec<_>>(), ["r2"]);
    lobby.withdraw("r2");
    lobby.forget_silent(Instant::now());
    let state = lobby.state();
    assert!(state.made_by.is_empty() && state.made_from.is_empty());
}

/// Round three: quick play counted another node's room by its seats, so a
/// room there whose players had all left still drew newcomers. The other
/// node now says how many of its seats have their player in it.
#[test]
fn quick_play_does_not_count_another_nodes_seats_whose_players_left() {
    let lobby = Lobby::new(10, 256 * 1024);
    let start = Instant::now();
    lobby.publish(summary("mine", "classic", 20, &["A"]), 1);
    let stale = summary("stale", "classic", 30, &["B", "C"]);
    let theirs = NodeLobby { rooms: vec![stale.clone()], present: vec![("stale".into(), 2)], ..NodeLobby::default() };
    from_node2(&lobby, PeerMsg::Lobby(theirs), start);
    assert_eq!(lobby.waiting_rooms("classic", 3), ["stale", "mine"], "the fullest first");
    // Both its players left the room; its seats stay until the game starts.
    from_node2(&lobby, PeerMsg::Room { room: stale.clone(), present: Some(0) }, start);
    assert_eq!(lobby.waiting_rooms("classic", 3), ["mine"], "a room of stale seats draws no one");
    from_node2(&lobby, PeerMsg::Room { room: stale.clone(), present: Some(1) }, start);
    assert_eq!(lobby.waiting_rooms("classic", 3), ["stale", "mine"], "as full as ours, and newer");
    // An older node says nothing of presence: its seats count, as before.
    from_node2(&lobby, PeerMsg::Room { room: stale, present: None }, start);
    assert_eq!(lobby.waiting_rooms("classic", 3), ["stale", "mine"]);
    // This node tells the others when only presence changes.
    let (tx, mut told) = mpsc::channel(8);
    lobby.join_bus(tx);
    lobby.publish(summary("mine", "classic", 20, &["A"]), 0);
    assert_eq!(
        told.try_recv().ok(),
        Some(PeerMsg::Room { room: summary("mine", "classic", 20, &["A"]), present: Some(0) })
    );
}
