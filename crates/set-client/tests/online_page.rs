//! online.html's model, driven as its edge drives it: events in, the
//! commands it returns checked (frames sent, sockets opened, retries,
//! storage, promises), with a room judged by the core's own `RoomGame` so
//! that the frames the model meets are the server's.

#![allow(clippy::unwrap_used)] // a test that unwraps fails, as it should

use set_client::online::{Command, Event, FormError, Link, OnlinePage, Settled, WaitFor};
use set_client::storage::{NAME_KEY, TOKEN_KEY};
use set_core::online::room::{RoomGame, Status};
use set_core::players::sitting::{Seat, Verdict as CoreVerdict};
use set_core::rules::variant::Variant;
use set_protocol::client::ClientKind;
use set_protocol::{
    ClientMsg, ErrorCode, LobbyMsg, LobbyRoomMsg, OnlineMsg, PlayerMsg, RoomMsg, ServerMsg, Verdict, ViewMsg, close,
};

fn page() -> OnlinePage {
    OnlinePage::new(Some("tok".into()), "Ann".into(), Vec::new(), None, 100)
}

fn sent(commands: &[Command]) -> Vec<ClientMsg> {
    commands
        .iter()
        .filter_map(|c| match c {
            Command::Send(frame) => Some(frame.clone()),
            _ => None,
        })
        .collect()
}

fn welcome(player: &str) -> Event {
    welcome_as(player, "Brave Otter")
}

/// The server's welcome, giving the player a name (theirs if they have one online).
fn welcome_as(player: &str, name: &str) -> Event {
    let (token, node) = (format!("t-{player}"), "n1".into());
    Event::Frame(ServerMsg::Welcome { player: player.into(), token, node, name: name.into() })
}

/// A page whose socket is open and welcomed, outside any room.
fn welcomed() -> OnlinePage {
    let mut page = page();
    page.start();
    page.update(Event::Opened, 0.0, 0.5);
    page.update(welcome("p1"), 0.0, 0.5);
    page
}

fn view_of(room: &RoomGame) -> ViewMsg {
    ViewMsg::from(room.view())
}

fn room_msg(game: &RoomGame, seat: Option<u8>, status: Status) -> RoomMsg {
    let players = ["Ann", "Ben"]
        .iter()
        .enumerate()
        .map(|(at, &name)| PlayerMsg {
            seat: at as u8,
            name: name.into(),
            player: format!("{at:032x}"),
            score: 0,
            wrong: 0,
            connected: true,
            rtt: None,
            bot: false,
        })
        .collect();
    RoomMsg {
        room: "abcdefghjk".into(),
        seat,
        host: 0,
        status,
        mode: Variant::Classic,
        hints: false,
        dealing: set_core::rules::variant::Dealing::Automatic,
        seq: game.seq(),
        view: (status != Status::Waiting).then(|| view_of(game)),
        players,
        commitment: "c".into(),
        seed: None,
        salt: None,
        next_room: None,
        moves: Vec::new(),
        chat: Vec::new(),
        public: true,
        watchers: Vec::new(),
        bots: Vec::new(),
        rated: false,
        elapsed_ms: (status != Status::Waiting).then_some(1_000),
        results: Vec::new(),
        unrated: None,
        floor_ms: None,
        starts_in_ms: None,
    }
}

#[test]
fn a_page_opens_its_socket_says_hello_with_its_token_and_watches_the_lobby_once_welcomed() {
    let mut page = page();
    assert_eq!(page.start(), [Command::Connect { room: None }]);
    assert_eq!(
        sent(&page.update(Event::Opened, 0.0, 0.5)),
        [ClientMsg::Hello { v: set_protocol::VERSION, token: Some("tok".into()) }]
    );
    let commands = page.update(welcome("p1"), 7.0, 0.5);
    assert!(commands.contains(&Command::Store { key: TOKEN_KEY, value: Some("t-p1".into()) }));
    assert_eq!(sent(&commands), [ClientMsg::Lobby { name: Some("Ann".into()) }, ClientMsg::Ping { c: 7.0, rtt: None }]);
    assert_eq!((page.connection.link, page.identity.player.as_deref()), (Link::Open, Some("p1")));
}

#[test]
fn each_drop_waits_longer_up_to_the_cap_and_an_open_socket_starts_the_count_again() {
    let mut page = welcomed();
    let mut waits = Vec::new();
    for _ in 0..7 {
        let commands = page.update(Event::Closed { code: 1006 }, 0.0, 0.5);
        assert_eq!(commands.first(), Some(&Command::Retire));
        waits.extend(commands.iter().filter_map(|c| match c {
            Command::RetryAfter(ms) => Some(*ms),
            _ => None,
        }));
        assert_eq!(page.update(Event::RetryDue, 0.0, 0.5), [Command::Connect { room: None }]);
    }
    assert_eq!(waits, [250.0, 500.0, 1000.0, 2000.0, 4000.0, 5000.0, 5000.0]);
    assert_eq!(page.connection.link, Link::Reconnecting);
    page.update(Event::Opened, 0.0, 0.5);
    let commands = page.update(Event::Closed { code: 1006 }, 0.0, 0.5);
    assert!(commands.contains(&Command::RetryAfter(250.0)), "{commands:?}");
}

#[test]
fn a_room_that_moved_to_another_node_is_reached_again_at_once_without_a_wait() {
    let mut page = welcomed();
    let commands = page.update(Event::Closed { code: close::MOVED }, 0.0, 0.5);
    assert!(commands.contains(&Command::Connect { room: None }), "{commands:?}");
    assert!(!commands.iter().any(|c| matches!(c, Command::RetryAfter(_))), "{commands:?}");
}

#[test]
fn a_token_the_server_does_not_know_is_forgotten_and_a_new_version_asks_for_a_reload() {
    let mut page = welcomed();
    let commands = page.update(Event::Closed { code: close::BAD_TOKEN }, 0.0, 0.5);
    assert!(commands.contains(&Command::Store { key: TOKEN_KEY, value: None }));
    assert_eq!(page.identity.token, None);
    let commands = page.update(Event::Closed { code: close::VERSION }, 0.0, 0.5);
    assert!(!commands.iter().any(|c| matches!(c, Command::RetryAfter(_) | Command::Connect { .. })), "{commands:?}");
    assert!(page.room.remote.said.contains("reload"), "{}", page.room.remote.said);
}

#[test]
fn a_claim_the_dropped_socket_took_is_sent_again_after_the_rejoin_and_answered_once() {
    let game = RoomGame::new(Variant::Classic, 3, &["Ann", "Ben"], &[]).unwrap();
    let mut page = welcomed();
    page.update(Event::Frame(ServerMsg::Room(Box::new(room_msg(&game, Some(0), Status::Playing)))), 0.0, 0.5);
    page.update(Event::Opened, 0.0, 0.5);
    page.update(welcome("p1"), 0.0, 0.5);
    let set = game.game().first_claim().unwrap();
    let table = game.game().table().to_vec();
    let slot = |card| table.iter().position(|&c| c == card).unwrap();
    let mut claim = Vec::new();
    for card in set.cards() {
        claim.extend(sent(&page.update(Event::Tap { slot: slot(*card) }, 0.0, 0.5)));
    }
    let [ClientMsg::Claim { id, .. }] = claim.as_slice() else { panic!("one claim was sent: {claim:?}") };
    let id = *id;
    // The socket drops before the answer; the page comes back to its room.
    page.update(Event::Closed { code: 1006 }, 0.0, 0.5);
    page.update(Event::RetryDue, 0.0, 0.5);
    page.update(Event::Opened, 0.0, 0.5);
    let frames = sent(&page.update(welcome("p1"), 0.0, 0.5));
    let join = ClientMsg::Join { room: "abcdefghjk".into(), name: None, since: Some(0) };
    assert_eq!(frames.first(), Some(&join), "{frames:?}");
    assert_eq!(frames.iter().filter(|f| matches!(f, ClientMsg::Claim { id: i, .. } if *i == id)).count(), 1);
    let accepted = ServerMsg::Result { id, verdict: Verdict::Accepted, seq: 1, by: None, card: None, why: None };
    page.update(Event::Frame(accepted.clone()), 0.0, 0.5);
    assert_eq!((page.room.remote.pending.is_none(), page.room.remote.said.as_str()), (true, "Set! It is yours."));
    // The answer again (the server repeats it to a resent claim): nothing more happens.
    let before = page.clone();
    page.update(Event::Frame(accepted), 0.0, 0.5);
    assert_eq!(page, before);
}

#[test]
fn a_refused_rename_keeps_the_name_the_lobby_knows_and_the_field_what_was_typed_with_a_free_name_offered() {
    let mut page = welcomed();
    let lobby = LobbyMsg {
        rooms: vec![],
        online: OnlineMsg { online: 2, out_of_date: false },
        people: vec!["Ann".into()],
        chat: vec![],
    };
    let commands = page.update(Event::Frame(ServerMsg::Lobby(lobby)), 0.0, 0.5);
    assert!(commands.contains(&Command::Settle(WaitFor::Lobby, Settled::Lobby)));
    assert_eq!(page.lobby.name.as_deref(), Some("Ann"));
    let commands = page.update(Event::Rename("Ivy".into()), 0.0, 0.5);
    assert!(commands.contains(&Command::Store { key: NAME_KEY, value: Some("Ivy".into()) }));
    assert_eq!(sent(&commands), [ClientMsg::Lobby { name: Some("Ivy".into()) }]);
    let refused =
        ServerMsg::name_taken(Some(ClientKind::Lobby), "\"Ivy\" looks too much like \"Ivy\"", Some("Ivy 2".into()));
    let commands = page.update(Event::Frame(refused), 0.0, 0.5);
    assert!(commands.contains(&Command::Store { key: NAME_KEY, value: Some("Ann".into()) }));
    // The field keeps "Ivy" (not filled again); why and the offer are beside it.
    assert_eq!((page.identity.name.as_str(), page.lobby.refill_names, page.lobby.renaming), ("Ann", false, false));
    let offered =
        FormError::Name { message: "\"Ivy\" looks too much like \"Ivy\"".into(), suggestion: Some("Ivy 2".into()) };
    assert_eq!(page.lobby.form_error.as_ref(), Some(&offered));
    assert_eq!(page.room.remote.said, "", "said beside the field, not in the room's note");
    // The offer taken: the lobby is asked for it, and the field shows it.
    let commands = page.update(Event::UseSuggestion, 0.0, 0.5);
    assert_eq!(sent(&commands), [ClientMsg::Lobby { name: Some("Ivy 2".into()) }]);
    assert_eq!(
        (page.identity.name.as_str(), page.lobby.refill_names, page.lobby.form_error.as_ref()),
        ("Ivy 2", true, None)
    );
    let lobby = LobbyMsg {
        rooms: vec![],
        online: OnlineMsg { online: 2, out_of_date: false },
        people: vec!["Ivy 2".into()],
        chat: vec![],
    };
    page.update(Event::Frame(ServerMsg::Lobby(lobby)), 0.0, 0.5);
    assert_eq!((page.lobby.name.as_deref(), page.lobby.renaming), (Some("Ivy 2"), false));
}

#[test]
fn a_page_without_a_name_goes_by_the_one_the_server_gives_and_plays_under_it_at_once() {
    let mut page = OnlinePage::new(None, String::new(), Vec::new(), None, 100);
    page.start();
    page.update(Event::Opened, 0.0, 0.5);
    let commands = page.update(welcome_as("p1", "Calm Heron"), 3.0, 0.5);
    assert!(commands.contains(&Command::Store { key: NAME_KEY, value: Some("Calm Heron".into()) }));
    assert_eq!(
        sent(&commands),
        [ClientMsg::Lobby { name: Some("Calm Heron".into()) }, ClientMsg::Ping { c: 3.0, rtt: None }]
    );
    assert_eq!((page.identity.name.as_str(), page.lobby.refill_names), ("Calm Heron", true));
    // Quick play with the field empty: under the name given.
    let commands = page.update(Event::QuickPlay { mode: "classic".into(), name: "  ".into() }, 0.0, 0.5);
    assert_eq!(sent(&commands), [ClientMsg::QuickPlay { mode: "classic".into(), name: "Calm Heron".into() }]);
    // A page that has a name keeps it: the one given is only kept aside.
    let mut named = welcomed();
    assert_eq!((named.identity.name.as_str(), named.identity.given_name.as_str()), ("Ann", "Brave Otter"));
    // Watching a room (a join without a name) keeps the name the page goes by.
    let mut watcher = OnlinePage::new(None, String::new(), Vec::new(), None, 100);
    watcher.start();
    watcher.update(Event::Opened, 0.0, 0.5);
    watcher.update(welcome_as("p2", "Tidy Wren"), 0.0, 0.5);
    let commands = watcher.update(Event::Join { room: "abcdefghjk".into(), name: String::new() }, 0.0, 0.5);
    assert_eq!(sent(&commands), [ClientMsg::Join { room: "abcdefghjk".into(), name: None, since: Some(0) }]);
    assert_eq!((watcher.identity.name.as_str(), watcher.room.joined_as.as_deref()), ("Tidy Wren", None));
    // An empty rename changes nothing but filling the field again.
    let before = named.clone();
    assert_eq!(named.update(Event::Rename(" ".into()), 0.0, 0.5), []);
    named.lobby.refill_names = before.lobby.refill_names;
    assert_eq!(named, before);
}

#[test]
fn a_stored_name_someone_online_has_now_gives_way_to_the_name_given_and_says_why() {
    let mut page = welcomed();
    let refused = ServerMsg::name_taken(
        Some(ClientKind::Lobby),
        "\"Ann\" looks too much like \"Ann\", the name of someone online",
        None,
    );
    let commands = page.update(Event::Frame(refused), 0.0, 0.5);
    assert_eq!(sent(&commands), [ClientMsg::Lobby { name: Some("Brave Otter".into()) }]);
    assert!(commands.contains(&Command::Store { key: NAME_KEY, value: Some("Brave Otter".into()) }));
    assert!(
        matches!(&page.lobby.form_error, Some(FormError::Name { message, .. }) if message.contains("someone online"))
    );
    assert!(page.lobby.refill_names);
}

#[test]
fn in_the_lobby_a_refusal_is_shown_beside_its_cause() {
    let mut page = welcomed();
    let online = OnlineMsg { online: 1, out_of_date: false };
    page.update(
        Event::Frame(ServerMsg::Lobby(LobbyMsg { rooms: vec![], online, people: vec![], chat: vec![] })),
        0.0,
        0.5,
    );
    page.update(Event::QuickPlay { mode: "classic".into(), name: "Bea".into() }, 0.0, 0.5);
    let refused = ServerMsg::name_taken(Some(ClientKind::QuickPlay), "\"Bea\" is someone's", Some("Bea 2".into()));
    let commands = page.update(Event::Frame(refused), 0.0, 0.5);
    assert_eq!(commands[0], Command::Fail("\"Bea\" is someone's".into()), "the promise is rejected");
    assert_eq!(page.identity.name, "Ann", "the page goes by the name the lobby knows again");
    assert!(matches!(&page.lobby.form_error, Some(FormError::Name { suggestion: Some(s), .. }) if s == "Bea 2"));
    // "Bea" typed again later is asked for again (it may be free by then).
    let commands = page.update(Event::Rename("Bea".into()), 0.0, 0.5);
    assert_eq!(sent(&commands), [ClientMsg::Lobby { name: Some("Bea".into()) }]);
    page.update(Event::Frame(ServerMsg::name_taken(Some(ClientKind::Lobby), "taken", None)), 0.0, 0.5);
    assert_eq!((page.identity.name.as_str(), page.lobby.form_error.is_some()), ("Ann", true));
    let refused =
        ServerMsg::refusal(Some(ClientKind::Create), None, ErrorCode::Throttled, "too many rooms made: wait a moment");
    page.update(Event::Frame(refused), 0.0, 0.5);
    assert_eq!(page.lobby.form_error, Some(FormError::Form("too many rooms made: wait a moment".into())));
    // Acting again clears it.
    page.update(Event::QuickPlay { mode: "classic".into(), name: String::new() }, 0.0, 0.5);
    assert_eq!(page.lobby.form_error, None);
}

#[test]
fn quick_play_remembers_the_name_and_a_room_found_on_another_node_is_reached_through_its_socket() {
    let mut page = welcomed();
    let commands = page.update(Event::QuickPlay { mode: "junior".into(), name: " Bo ".into() }, 0.0, 0.5);
    assert!(commands.contains(&Command::Store { key: NAME_KEY, value: Some("Bo".into()) }));
    assert_eq!(sent(&commands), [ClientMsg::QuickPlay { mode: "junior".into(), name: " Bo ".into() }]);
    let commands = page.update(Event::Frame(ServerMsg::Found { room: "zzzzzzzzzz".into() }), 0.0, 0.5);
    assert!(commands.contains(&Command::ShowRoomInAddress("zzzzzzzzzz".into())));
    assert!(commands.contains(&Command::Connect { room: Some("zzzzzzzzzz".into()) }));
    assert_eq!(
        page.connection.queue,
        [ClientMsg::Join { room: "zzzzzzzzzz".into(), name: Some("Bo".into()), since: Some(0) }]
    );
    page.update(Event::Opened, 0.0, 0.5);
    let frames = sent(&page.update(welcome("p1"), 0.0, 0.5));
    assert_eq!(
        frames.first(),
        Some(&ClientMsg::Join { room: "zzzzzzzzzz".into(), name: Some("Bo".into()), since: Some(0) })
    );
    // Seated there: the socket names the room already, so the old one is closed.
    let game = RoomGame::new(Variant::Classic, 3, &["Ann", "Ben"], &[]).unwrap();
    let mut room = room_msg(&game, Some(1), Status::Waiting);
    room.room = "zzzzzzzzzz".into();
    let commands = page.update(Event::Frame(ServerMsg::Room(Box::new(room))), 5.0, 0.5);
    assert!(commands.contains(&Command::Retire), "{commands:?}");
    assert!(commands.contains(&Command::Settle(WaitFor::Seated, Settled::Room("zzzzzzzzzz".into()))));
    assert_eq!(page.room.waiting_since, Some(5.0));
}

#[test]
fn a_player_alone_in_a_waiting_room_is_offered_a_bot_after_a_while_and_can_turn_it_down() {
    let game = RoomGame::new(Variant::Classic, 3, &["Ann"], &[]).unwrap();
    let mut page = welcomed();
    let mut room = room_msg(&game, Some(0), Status::Waiting);
    room.players.truncate(1);
    page.update(Event::Frame(ServerMsg::Room(Box::new(room))), 1_000.0, 0.5);
    assert!(!page.room.offer_bots(15_000.0));
    assert!(page.room.offer_bots(21_000.0));
    page.update(Event::KeepWaiting, 21_000.0, 0.5);
    assert!(!page.room.offer_bots(60_000.0));
}

#[test]
fn muting_is_kept_and_a_rivals_set_keeps_the_picks_still_in_play() {
    let mut game = RoomGame::new(Variant::Classic, 21, &["Ann", "Ben"], &[]).unwrap();
    let mut page = welcomed();
    page.update(Event::Frame(ServerMsg::Room(Box::new(room_msg(&game, Some(1), Status::Playing)))), 0.0, 0.5);
    let commands = page.update(Event::MuteSeat(0), 0.0, 0.5);
    assert!(commands.contains(&Command::Store { key: set_client::storage::MUTED_KEY, value: Some("Ann".into()) }));
    let set = game.game().first_claim().unwrap().cards().to_vec();
    let table = game.game().table().to_vec();
    let other = table.iter().position(|c| !set.contains(c)).unwrap();
    page.update(Event::Tap { slot: other }, 0.0, 0.5);
    let ids: Vec<i64> = set.iter().map(|c| i64::from(c.id())).collect();
    assert!(matches!(game.claim(Seat(0), &ids, 0, 500), Ok(CoreVerdict::Accepted { .. })));
    let event =
        set_protocol::MoveMsg { seq: 1, by: 0, kind: set_core::online::room::EventKind::Set, cards: set, at_ms: 500 };
    let players = page.room.remote.players.clone();
    page.update(Event::Frame(ServerMsg::Move { event, view: view_of(&game), players }), 0.0, 0.5);
    assert_eq!(page.room.remote.picks, [table[other]]);
    assert_eq!(page.room.remote.said, "Ann found a set.");
}

#[test]
fn the_lobby_takes_its_changes_and_leaving_it_for_a_room_forgets_it() {
    let mut page = welcomed();
    let listed = |room: &str| LobbyRoomMsg {
        room: room.into(),
        mode: Variant::Classic,
        hints: false,
        dealing: set_core::rules::variant::Dealing::Automatic,
        rated: true,
        status: Status::Waiting,
        players: vec!["Cy".into()],
        watchers: 0,
        created_at: 1,
    };
    let online = OnlineMsg { online: 1, out_of_date: false };
    let whole = LobbyMsg { rooms: vec![listed("a")], online, people: vec!["Cy".into()], chat: vec![] };
    page.update(Event::Frame(ServerMsg::Lobby(whole)), 0.0, 0.5);
    // Rooms, names and chat lines come together, as changes.
    let line =
        |text: &str| set_protocol::LobbyChatMsg { player: "p2".into(), name: "Bo".into(), text: text.into(), at: 1 };
    let changes = ServerMsg::LobbyChanges {
        rooms: vec![listed("b")],
        gone: vec!["a".into()],
        chat: vec![line("hi"), line("all")],
        came: vec!["Bo".into()],
        went: vec!["Cy".into()],
    };
    page.update(Event::Frame(changes), 0.0, 0.5);
    let lobby = page.lobby.shown.as_ref().unwrap();
    let rooms: Vec<&str> = lobby.rooms.iter().map(|r| r.room.as_str()).collect();
    assert_eq!(rooms, ["b"]);
    assert_eq!(lobby.people, ["Bo"]);
    let heard: Vec<&str> = page.chat.iter().map(|l| l.text.as_str()).collect();
    assert_eq!(heard, ["hi", "all"]);
    let commands = page.update(Event::Enter { at: 0, name: "Ann".into() }, 0.0, 0.5);
    assert!(commands.contains(&Command::ShowRoomInAddress("b".into())));
    assert_eq!(sent(&commands), [ClientMsg::Join { room: "b".into(), name: Some("Ann".into()), since: Some(0) }]);
    let game = RoomGame::new(Variant::Classic, 3, &["Ann", "Ben"], &[]).unwrap();
    let mut room = room_msg(&game, Some(1), Status::Waiting);
    room.room = "b".into();
    let commands = page.update(Event::Frame(ServerMsg::Room(Box::new(room))), 0.0, 0.5);
    assert!(page.lobby.shown.is_none());
    assert!(commands.contains(&Command::Connect { room: Some("b".into()) }), "on to a socket that names the room");
}

#[test]
fn a_refusal_rejects_the_promise_waiting_and_says_why() {
    let mut page = welcomed();
    // Before the lobby came, a refusal is the lobby's of the name: in under the name given.
    let refused = ServerMsg::refusal(Some(ClientKind::Lobby), None, ErrorCode::BadName, "someone has that name");
    let frames = sent(&page.update(Event::Frame(refused), 0.0, 0.5));
    assert_eq!(frames, [ClientMsg::Lobby { name: Some("Brave Otter".into()) }]);
    let online = OnlineMsg { online: 1, out_of_date: false };
    let whole = LobbyMsg { rooms: vec![], online, people: vec![], chat: vec![] };
    page.update(Event::Frame(ServerMsg::Lobby(whole)), 0.0, 0.5);
    let refused = ServerMsg::refusal(Some(ClientKind::Join), None, ErrorCode::NoRoom, "there is no such room");
    let commands = page.update(Event::Frame(refused), 0.0, 0.5);
    assert_eq!(commands, [Command::Fail("there is no such room".into())]);
    assert_eq!(
        page.lobby.form_error,
        Some(FormError::Form("there is no such room".into())),
        "in the lobby: the form's"
    );
    // In a room, the room's note says it.
    let game = RoomGame::new(Variant::Classic, 3, &["Ann", "Ben"], &[]).unwrap();
    page.update(Event::Frame(ServerMsg::Room(Box::new(room_msg(&game, Some(0), Status::Playing)))), 0.0, 0.5);
    let refused = ServerMsg::refusal(Some(ClientKind::Start), None, ErrorCode::Throttled, "too fast");
    assert_eq!(page.update(Event::Frame(refused), 0.0, 0.5), [Command::Fail("too fast".into())]);
    assert_eq!(page.room.remote.said, "too fast");
}

#[test]
fn a_player_reports_another_by_id_naming_the_room_and_never_themself() {
    let mut page = welcomed();
    let game = RoomGame::new(Variant::Classic, 3, &["Ann", "Ben"], &[]).unwrap();
    page.update(Event::Frame(ServerMsg::Room(Box::new(room_msg(&game, Some(0), Status::Waiting)))), 0.0, 0.5);
    // (On to a socket that names the room, welcomed there.)
    page.update(Event::Opened, 0.0, 0.5);
    page.update(welcome("p1"), 0.0, 0.5);
    let commands = page.update(Event::ReportSeat(1), 0.0, 0.5);
    let ben = format!("{:032x}", 1);
    assert_eq!(
        sent(&commands),
        [ClientMsg::Report { player: ben.clone(), why: "reported from room abcdefghjk".into() }]
    );
    assert_eq!(page.identity.reported, [ben]);
    assert!(page.room.remote.said.contains("You reported Ben"), "{}", page.room.remote.said);
    assert!(sent(&page.update(Event::ReportSeat(0), 0.0, 0.5)).is_empty(), "not oneself");
    assert!(sent(&page.update(Event::ReportSeat(7), 0.0, 0.5)).is_empty(), "no such seat");
}

#[test]
fn signing_out_elsewhere_asks_the_server_and_says_so() {
    let mut page = welcomed();
    assert_eq!(sent(&page.update(Event::SignOutElsewhere, 0.0, 0.5)), [ClientMsg::SignOutElsewhere]);
    assert!(page.identity.signed_out_elsewhere);
}

#[test]
fn a_join_without_a_name_resolves_once_watching_and_a_named_one_only_once_seated() {
    let game = RoomGame::new(Variant::Classic, 3, &["Ann", "Ben"], &[]).unwrap();
    let mut watcher = OnlinePage::new(Some("tok".into()), String::new(), Vec::new(), None, 100);
    watcher.start();
    watcher.update(Event::Opened, 0.0, 0.5);
    watcher.update(welcome("p3"), 0.0, 0.5);
    let commands = watcher.update(Event::Join { room: "aaaaaaaaaa".into(), name: String::new() }, 0.0, 0.5);
    assert_eq!(sent(&commands), [ClientMsg::Join { room: "aaaaaaaaaa".into(), name: None, since: Some(0) }]);
    let mut room = room_msg(&game, None, Status::Playing);
    room.room = "aaaaaaaaaa".into();
    let commands = watcher.update(Event::Frame(ServerMsg::Room(Box::new(room.clone()))), 1.0, 0.5);
    assert!(commands.contains(&Command::Settle(WaitFor::Seated, Settled::Room("aaaaaaaaaa".into()))), "{commands:?}");

    // A join under a name is seated, not merely watching: the room seen
    // before the seat is given does not resolve it.
    let mut player = welcomed();
    player.update(Event::Join { room: "aaaaaaaaaa".into(), name: "Ann".into() }, 0.0, 0.5);
    let commands = player.update(Event::Frame(ServerMsg::Room(Box::new(room))), 1.0, 0.5);
    assert!(!commands.iter().any(|c| matches!(c, Command::Settle(WaitFor::Seated, _))), "{commands:?}");
}

#[test]
fn a_code_typed_while_connecting_and_refused_before_the_lobby_comes_rejects_its_promise() {
    let mut page = page();
    page.start();
    page.update(Event::Opened, 0.0, 0.5);
    // Typed before the welcome: sent first, before the page asks for the lobby.
    page.update(Event::Redeem("abcdefghij".into()), 0.0, 0.5);
    let frames = sent(&page.update(welcome("p1"), 0.0, 0.5));
    assert_eq!(frames[0], ClientMsg::Redeem { code: "abcdefghij".into() });
    assert!(frames.contains(&ClientMsg::Lobby { name: Some("Ann".into()) }), "{frames:?}");
    // The server answers in that order: the code's refusal before the lobby.
    let why = "that code is wrong, used or expired: ask for a new one";
    let commands = page.update(
        Event::Frame(ServerMsg::refusal(Some(ClientKind::Redeem), None, ErrorCode::BadCode, why)),
        0.0,
        0.5,
    );
    assert_eq!(commands, [Command::Fail(why.into())], "the promise is rejected and no name is given up");
    assert_eq!(page.lobby.form_error, Some(FormError::Form(why.into())));
    // A later refusal before the lobby is the lobby's of the name again.
    let refused = ServerMsg::name_taken(Some(ClientKind::Lobby), "someone has that name", None);
    let frames = sent(&page.update(Event::Frame(refused), 0.0, 0.5));
    assert_eq!(frames, [ClientMsg::Lobby { name: Some("Brave Otter".into()) }]);
}

/// A refusal goes where the request it names belongs, whatever else the
/// page waits for: a code refused while a new name is on its way leaves
/// the name waiting and the lobby's name as it was, and a refused claim
/// is that claim's answer only when it names a claim.
#[test]
fn a_refusal_is_routed_by_the_request_it_names_not_by_what_the_page_waits_for() {
    let mut page = welcomed();
    let online = OnlineMsg { online: 1, out_of_date: false };
    let lobby = LobbyMsg { rooms: vec![], online, people: vec!["Ann".into()], chat: vec![] };
    page.update(Event::Frame(ServerMsg::Lobby(lobby)), 0.0, 0.5);
    page.update(Event::Rename("Ivy".into()), 0.0, 0.5);
    assert!(page.lobby.renaming);
    let why = "that code is wrong, used or expired: ask for a new one";
    let commands = page.update(
        Event::Frame(ServerMsg::refusal(Some(ClientKind::Redeem), None, ErrorCode::BadCode, why)),
        0.0,
        0.5,
    );
    assert_eq!(commands, [Command::Fail(why.into())], "no name given up, nothing stored");
    assert_eq!(page.lobby.form_error, Some(FormError::Form(why.into())));
    assert_eq!(
        (page.lobby.renaming, page.identity.name.as_str(), page.lobby.name.as_deref()),
        (true, "Ivy", Some("Ann"))
    );
    // The rename's own refusal, after it, is the name's.
    page.update(Event::Frame(ServerMsg::name_taken(Some(ClientKind::Lobby), "taken", None)), 0.0, 0.5);
    assert_eq!((page.lobby.renaming, page.identity.name.as_str()), (false, "Ann"));
    assert!(matches!(&page.lobby.form_error, Some(FormError::Name { .. })));
}

/// A welcomed page in the room `room_msg` describes at `status`, over a
/// socket that names the room (as a page that sat down is).
fn in_room(game: &RoomGame, seat: u8, status: Status) -> OnlinePage {
    let mut page = welcomed();
    page.update(Event::Frame(ServerMsg::Room(Box::new(room_msg(game, Some(seat), status)))), 0.0, 0.5);
    page.update(Event::Opened, 0.0, 0.5);
    page.update(welcome(&format!("p{seat}")), 0.0, 0.5);
    page
}

/// Play again by one press: the player who asks first goes on to the next
/// room as soon as the server names it; another sees who is in, and goes
/// with one press. Before the end the press does nothing.
#[test]
fn play_again_moves_the_player_who_asks_at_once_and_the_others_with_one_press() {
    let game = RoomGame::new(Variant::Classic, 7, &["Ann", "Ben"], &[]).unwrap();
    let mut ann = in_room(&game, 0, Status::Playing);
    assert!(sent(&ann.update(Event::Rematch, 0.0, 0.5)).is_empty(), "the game is not over");
    ann.update(Event::Frame(ServerMsg::Room(Box::new(room_msg(&game, Some(0), Status::Over)))), 0.0, 0.5);
    assert_eq!(ann.room.play_again_label(), "Play again");
    assert_eq!(sent(&ann.update(Event::Rematch, 0.0, 0.5)), [ClientMsg::Rematch]);
    let made = Event::Frame(ServerMsg::Rematch { room: "nextnextnx".into(), by: Some(0) });
    let commands = ann.update(made.clone(), 0.0, 0.5);
    assert!(commands.contains(&Command::ShowRoomInAddress("nextnextnx".into())), "{commands:?}");
    assert_eq!(sent(&commands), [ClientMsg::Join { room: "nextnextnx".into(), name: None, since: Some(0) }]);

    let mut ben = in_room(&game, 1, Status::Over);
    assert!(sent(&ben.update(made, 0.0, 0.5)).is_empty(), "Ben did not ask: he stays, and sees who is in");
    assert_eq!(ben.room.play_again_label(), "Play again (Ann is in)");
    let commands = ben.update(Event::Rematch, 0.0, 0.5);
    assert_eq!(sent(&commands), [ClientMsg::Join { room: "nextnextnx".into(), name: None, since: Some(0) }]);
}

/// A quick-play room's countdown, as the server tells it with who is
/// here, read against the page's clock; gone once it stops.
#[test]
fn a_quick_play_rooms_countdown_is_shown_from_the_servers_time_left() {
    let game = RoomGame::new(Variant::Classic, 7, &["Ann", "Ben"], &[]).unwrap();
    let mut ben = welcomed();
    ben.update(Event::Frame(ServerMsg::Room(Box::new(room_msg(&game, Some(1), Status::Waiting)))), 0.0, 0.5);
    assert_eq!(ben.room.start_line(0.0), "Ann starts the game when everyone is here.");
    let players = room_msg(&game, Some(1), Status::Waiting).players;
    let counting = ServerMsg::Players { players: players.clone(), watchers: Vec::new(), starts_in_ms: Some(5_000) };
    ben.update(Event::Frame(counting), 10_000.0, 0.5);
    assert_eq!(ben.room.start_line(10_000.0), "The game starts in 5 s.");
    assert_eq!(ben.room.start_line(11_200.0), "The game starts in 4 s.");
    assert_eq!(ben.room.start_line(16_000.0), "The game starts in 0 s.");
    ben.update(Event::Frame(ServerMsg::Players { players, watchers: Vec::new(), starts_in_ms: None }), 12_000.0, 0.5);
    assert_eq!(ben.room.start_line(12_000.0), "Ann starts the game when everyone is here.");
}
