//! The contract between the room page and the server: the server speaks
//! the protocol with serde, the page with the protocol's serde-free reader
//! (`set_protocol::read`) and writer (`set_protocol::write`), so this test
//! holds the two codecs to each other.
//!
//! - Every kind of frame the server sends, written by the protocol's types,
//!   is read by the page's reader (the same code the page runs over
//!   `JSON.parse`) back to the same value.
//! - Those frames are also compared with `tests/fixtures/server-frames.jsonl`,
//!   written by an earlier build: a change to the wire shows up here as a
//!   diff to review (`UPDATE_FIXTURES=1` writes the file again).
//! - Every kind of frame a client writes (the page's model makes them, the
//!   serde-free writer writes them) parses as the protocol's `ClientMsg`,
//!   with the values meant.
//!
//! Adding a message to the protocol fails to compile here until it is
//! covered (the matches below name every variant).
#![allow(clippy::unwrap_used)]
// Native: it reads with serde_json where the page reads with `JSON.parse`.
#![cfg(not(target_arch = "wasm32"))]

use set_core::online::room::{EventKind, Status};
use set_core::rules::card::Card;
use set_core::rules::variant::{Dealing, Variant};
use set_protocol::client::ClientKind;
use set_protocol::read::{self, Parsed};
use set_protocol::{
    ChatMsg, ClientMsg, ErrorCode, LobbyChatMsg, LobbyMsg, LobbyRoomMsg, MoveMsg, OnlineMsg, PlayerMsg, ResultMsg,
    RoomMsg, ServerMsg, UnratedMsg, Verdict, ViewMsg,
};

fn page_reads(frame: &str) -> Option<ServerMsg> {
    read::server_msg(&Parsed(serde_json::from_str(frame).unwrap()))
}

fn player(seat: u8, name: &str, rtt: Option<u32>) -> PlayerMsg {
    PlayerMsg {
        seat,
        name: name.to_owned(),
        player: if seat == 3 { String::new() } else { format!("{seat:032x}") },
        score: 3 + u32::from(seat),
        wrong: 1,
        connected: seat != 2,
        rtt,
        bot: seat == 3,
    }
}

fn view_msg(previous: Option<Vec<u8>>, over: bool) -> ViewMsg {
    let table: Vec<u8> = (0..12).map(|i| i * 6).collect();
    ViewMsg {
        table: cards(&table).into_iter().map(Some).collect(),
        deck_left: 57,
        previous: previous.map(|ids| cards(&ids)),
        found: 4,
        found_on_table: Vec::new(),
        hinted: cards(&[6]),
        over,
        turn: None,
        turn_ends_ms: None,
    }
}

/// A Memory room's view: its face-down cards as nulls, whose turn it is
/// and when it runs out; a card turned up is told to everyone. A view of
/// any other way leaves the turn out and reads as no turn.
fn memory_view() -> ViewMsg {
    let mut view = view_msg(None, false);
    view.table = (0..21).map(|slot| (slot == 4).then(|| cards(&[77])[0])).collect();
    view.turn = Some(1);
    view.turn_ends_ms = Some(31_500);
    view
}

#[test]
fn a_memory_rooms_view_hides_its_face_down_cards_and_says_whose_turn_it_is() {
    let message = ServerMsg::Flipped { by: 1, slot: 4, view: memory_view() };
    let frame = message.to_text();
    assert!(frame.contains(r#""table":[null,null,null,null,77,null,"#), "{frame}");
    assert!(frame.contains(r#""turn":1,"turn_ends_ms":31500"#), "{frame}");
    assert_eq!(page_reads(&frame), Some(message));
    let plain = serde_json::to_string(&view_msg(None, false)).unwrap();
    assert!(!plain.contains("turn"), "left out where nobody takes turns: {plain}");
    let flip = ClientMsg::Flip { slot: 20, seen: 41 };
    assert_eq!(serde_json::from_str::<ClientMsg>(&flip.to_text()).unwrap(), flip);
}

/// A puzzle room's view carries the claims found on its table (any deck's
/// ids): the page reads them back as the server wrote them, and a view
/// without them (every other way, and every server before puzzles were
/// played online) reads as none found.
#[test]
fn a_puzzle_rooms_view_carries_the_claims_found_on_its_table() {
    let mut view = view_msg(None, false);
    view.found_on_table = vec![cards(&[0, 6, 12]), cards(&[200, 201, 202, 203])];
    let message = ServerMsg::Move { event: move_msg(8, "set"), view, players: vec![player(0, "Ann", None)] };
    let frame = message.to_text();
    assert!(frame.contains(r#""found_on_table":[[0,6,12],[200,201,202,203]]"#), "{frame}");
    assert_eq!(page_reads(&frame), Some(message));
    let plain = serde_json::to_string(&view_msg(None, false)).unwrap();
    assert!(!plain.contains("found_on_table"), "left out when none: {plain}");
    assert_eq!(serde_json::from_str::<ViewMsg>(&plain).unwrap().found_on_table, Vec::<Vec<Card>>::new());
}

/// A room whose extra cards wait for a call says so in its snapshot and in
/// the lobby, and its calls are events of their own; a frame without
/// `dealing` (every other room, and every server before the call) reads as
/// dealing by itself.
#[test]
fn a_called_room_and_its_calls_read_back_as_the_server_wrote_them() {
    let mut room = room_msg("playing", Some(0), Some(view_msg(None, false)), false);
    room.dealing = Dealing::WhenCalled;
    room.moves = vec![move_msg(6, "noset"), move_msg(7, "wrongcall")];
    for moved in &mut room.moves {
        moved.cards.clear();
    }
    let message = ServerMsg::Room(Box::new(room));
    let frame = message.to_text();
    assert!(frame.contains(r#""dealing":"called""#) && frame.contains(r#""kind":"wrongcall""#), "{frame}");
    assert_eq!(page_reads(&frame), Some(message));
    let mut listed = lobby_room_msg("r1", "classic", "waiting", &["Ann"]);
    listed.dealing = Dealing::WhenCalled;
    let lobby = ServerMsg::LobbyChanges { rooms: vec![listed], gone: vec![], chat: vec![], came: vec![], went: vec![] };
    assert_eq!(page_reads(&lobby.to_text()), Some(lobby));
    let plain = serde_json::to_string(&lobby_room_msg("r2", "classic", "waiting", &["Ann"])).unwrap();
    assert!(!plain.contains("dealing"), "left out when by itself: {plain}");
    let unknown = plain.replacen('{', r#"{"dealing":"sometimes","#, 1);
    assert!(serde_json::from_str::<LobbyRoomMsg>(&unknown).is_err(), "a dealing that is none does not read");
    // The client's call, as every client writes it, reads as the server reads it.
    let call = ClientMsg::CallNoSet { id: 9, seen: 41 };
    assert_eq!(serde_json::from_str::<ClientMsg>(&call.to_text()).unwrap(), call);
}

fn move_msg(seq: u32, kind: &str) -> MoveMsg {
    MoveMsg { seq, by: 1, kind: event_kind(kind), cards: cards(&[0, 1, 2]), at_ms: 1_700_000_000_123 }
}

fn room_msg(status: &str, seat: Option<u8>, view: Option<ViewMsg>, over: bool) -> RoomMsg {
    RoomMsg {
        room: "a1b2c3d4e5".to_owned(),
        seat,
        host: 0,
        status: self::status(status),
        mode: Variant::Classic,
        hints: true,
        dealing: Dealing::Automatic,
        seq: 7,
        view,
        players: vec![player(0, "Ann", Some(12)), player(1, "Bé \"Bo\" \\ 🂡", None), player(2, "Cy", None)],
        commitment: "ab".repeat(32),
        seed: over.then(|| "1234".to_owned()),
        salt: over.then(|| "cd".repeat(16)),
        next_room: over.then(|| "f0f0f0f0f0".to_owned()),
        moves: vec![move_msg(6, "wrong"), move_msg(7, "set"), move_msg(8, "hint")],
        chat: if over { vec![chat_msg(0, "gg"), chat_msg(1, "<b>again?</b> \"yes\" \\ 🂡")] } else { Vec::new() },
        public: seat == Some(1),
        bots: if over { vec!["hard".to_owned(), "easy".to_owned()] } else { Vec::new() },
        rated: over,
        elapsed_ms: if status == "waiting" { None } else { Some(if over { 187_250 } else { 61_004 }) },
        results: if over {
            vec![
                ResultMsg { seat: 0, place: 1, before: 1500, after: 1621, provisional: true },
                ResultMsg { seat: 1, place: 2, before: 1712, after: 1688, provisional: false },
                ResultMsg { seat: 2, place: 2, before: -30, after: -42, provisional: false },
            ]
        } else {
            Vec::new()
        },
        watchers: if status == "playing" { vec!["Dan".to_owned(), "<i>Eve</i>".to_owned()] } else { Vec::new() },
        unrated: None,
        floor_ms: None,
        starts_in_ms: None,
    }
}

/// The frames added since: what a rated game needs, why one did not count,
/// a quick-play room counting down, a rematch by whom
/// (after the earlier build's frames: those stay as they were).
fn later_frames() -> Vec<ServerMsg> {
    let waiting = RoomMsg { hints: false, floor_ms: Some(30_000), ..room_msg("waiting", Some(0), None, false) };
    let over = |unrated| RoomMsg {
        hints: false,
        rated: false,
        results: Vec::new(),
        unrated: Some(unrated),
        ..room_msg("over", Some(1), Some(view_msg(None, true)), true)
    };
    vec![
        ServerMsg::Room(Box::new(waiting)),
        ServerMsg::Room(Box::new(over(UnratedMsg::Short { ms: 21_400, floor_ms: 30_000 }))),
        ServerMsg::Room(Box::new(over(UnratedMsg::Idle { seat: 2 }))),
        ServerMsg::Room(Box::new(over(UnratedMsg::TooFast { seat: 0, looked_ms: 212 }))),
        // A quick-play room counting down to its start, and a rematch that
        // says who asked for it.
        ServerMsg::Room(Box::new(RoomMsg { starts_in_ms: Some(4_750), ..room_msg("waiting", Some(1), None, false) })),
        ServerMsg::Players {
            players: vec![player(0, "Ann", None), player(1, "Bo", None)],
            watchers: vec![],
            starts_in_ms: Some(5_000),
        },
        ServerMsg::Rematch { room: "f1f1f1f1f1".to_owned(), by: Some(1) },
    ]
}

fn lobby_room_msg(room: &str, mode: &str, status: &str, players: &[&str]) -> LobbyRoomMsg {
    LobbyRoomMsg {
        room: room.to_owned(),
        mode: variant(mode),
        hints: mode == "junior",
        dealing: Dealing::Automatic,
        rated: mode != "junior",
        status: self::status(status),
        players: players.iter().map(|&p| p.to_owned()).collect(),
        watchers: players.len() as u32,
        created_at: 1_795_000_000_000,
    }
}

fn lobby_line(text: &str) -> LobbyChatMsg {
    LobbyChatMsg { player: "p9".to_owned(), name: "Zoë".to_owned(), text: text.to_owned(), at: 1_795_000_000_001 }
}

fn chat_msg(seat: u8, text: &str) -> ChatMsg {
    ChatMsg { seat, watcher: None, name: ["Ann", "Bo"][seat as usize].to_owned(), text: text.to_owned(), at_ms: 1234 }
}

/// One or more frames of every kind the server sends.
fn server_frames() -> Vec<ServerMsg> {
    vec![
        ServerMsg::Welcome {
            player: "p123".to_owned(),
            token: "t.o.k\"en".to_owned(),
            node: "node-2".to_owned(),
            name: "Calm Heron".to_owned(),
        },
        ServerMsg::Created { room: "a1b2c3d4e5".to_owned() },
        ServerMsg::Room(Box::new(room_msg("waiting", Some(1), None, false))),
        ServerMsg::Room(Box::new(room_msg("playing", None, Some(view_msg(Some(vec![3, 4, 5]), false)), false))),
        ServerMsg::Room(Box::new(room_msg("over", Some(0), Some(view_msg(None, true)), true))),
        ServerMsg::Move {
            event: move_msg(8, "set"),
            view: view_msg(Some(vec![0, 1, 2]), false),
            players: vec![player(0, "Ann", Some(40))],
        },
        ServerMsg::Flipped { by: 1, slot: 4, view: memory_view() },
        ServerMsg::Result { id: 4_000_000_001, verdict: Verdict::Accepted, seq: 8, by: None, card: None, why: None },
        ServerMsg::Result {
            id: 2,
            verdict: Verdict::Wrong,
            seq: 9,
            by: None,
            card: None,
            why: Some("colours: two red, one green".to_owned()),
        },
        ServerMsg::Result {
            id: 3,
            verdict: Verdict::Taken,
            seq: 9,
            by: Some(2),
            card: Some(cards(&[80])[0]),
            why: None,
        },
        ServerMsg::Players {
            players: vec![player(0, "Ann", None), player(1, "Bo", Some(7))],
            watchers: vec![],
            starts_in_ms: None,
        },
        ServerMsg::Players {
            players: vec![player(0, "Ann", None)],
            watchers: vec!["Dan \"D\"".to_owned()],
            starts_in_ms: None,
        },
        ServerMsg::Rematch { room: "f0f0f0f0f0".to_owned(), by: None },
        ServerMsg::Pong { c: 12345.678 },
        ServerMsg::Chat(chat_msg(1, "<img src=x onerror=alert(1)> & é")),
        // A watcher's line: no seat of theirs, their player id instead.
        ServerMsg::Chat(ChatMsg {
            seat: 0,
            watcher: Some("p7".to_owned()),
            name: "Calm Heron".to_owned(),
            text: "nice one".to_owned(),
            at_ms: 1300,
        }),
        ServerMsg::Lobby(LobbyMsg {
            rooms: vec![
                lobby_room_msg("a1b2c3d4e5", "classic", "waiting", &["Ann"]),
                lobby_room_msg("f0f0f0f0f0", "junior", "playing", &["Bo \"B\"", "Cy"]),
            ],
            online: OnlineMsg { online: 4_000_000_000, out_of_date: false },
            people: vec!["Ann".to_owned(), "Zoë 🂡".to_owned()],
            chat: vec![lobby_line("hi <b>all</b>")],
        }),
        ServerMsg::Lobby(LobbyMsg {
            rooms: vec![],
            online: OnlineMsg { online: 0, out_of_date: true },
            people: vec![],
            chat: vec![],
        }),
        ServerMsg::LobbyChanges {
            rooms: vec![
                lobby_room_msg("abcdef0123", "ultra", "playing", &["Di"]),
                lobby_room_msg("a1b2c3d4e5", "classic", "waiting", &["Ann", "Zoë"]),
            ],
            gone: vec!["f0f0f0f0f0".to_owned()],
            chat: vec![],
            came: vec!["Zoë 🂡".to_owned()],
            went: vec![],
        },
        ServerMsg::LobbyChanges {
            rooms: vec![],
            gone: vec!["abcdef0123".to_owned(), "a1b2c3d4e5".to_owned()],
            chat: vec![lobby_line("\"quoted\" \\ & <script>"), lobby_line("and again")],
            came: vec![],
            went: vec!["Ann".to_owned(), "Bo \"B\"".to_owned()],
        },
        ServerMsg::LobbyChanges { rooms: vec![], gone: vec![], chat: vec![], came: vec![], went: vec![] },
        ServerMsg::Online(OnlineMsg { online: 2, out_of_date: false }),
        ServerMsg::Online(OnlineMsg { online: 1, out_of_date: true }),
        ServerMsg::TransferCode { code: "k7q2m9xd4p".to_owned(), seconds: 600 },
        ServerMsg::refusal(Some(ClientKind::Claim), Some(5), ErrorCode::CoolingDown, "wait a moment"),
        ServerMsg::refusal(Some(ClientKind::Join), None, ErrorCode::NoRoom, "no such room"),
        ServerMsg::name_taken(Some(ClientKind::Lobby), "\"Ivy\" looks too much like \"Ivy\"", Some("Ivy 2".to_owned())),
        ServerMsg::refusal(None, None, ErrorCode::BadJson, "not JSON"),
        ServerMsg::Found { room: "f0f0f0f0f0".to_owned() },
    ]
    .into_iter()
    .chain(later_frames())
    .collect()
}

/// The variant's name, naming every one: a new message fails to compile here.
fn kind(message: &ServerMsg) -> &'static str {
    match message {
        ServerMsg::Welcome { .. } => "welcome",
        ServerMsg::Created { .. } => "created",
        ServerMsg::Found { .. } => "found",
        ServerMsg::Room(_) => "room",
        ServerMsg::Move { .. } => "move",
        ServerMsg::Flipped { .. } => "flipped",
        ServerMsg::Result { .. } => "result",
        ServerMsg::Players { .. } => "players",
        ServerMsg::Rematch { .. } => "rematch",
        ServerMsg::Pong { .. } => "pong",
        ServerMsg::Chat(_) => "chat",
        ServerMsg::Lobby(_) => "lobby",
        ServerMsg::LobbyChanges { .. } => "lobby_changes",
        ServerMsg::Online(_) => "online",
        ServerMsg::TransferCode { .. } => "transfer_code",
        ServerMsg::Error { .. } => "error",
    }
}

const SERVER_KINDS: [&str; 16] = [
    "welcome",
    "created",
    "room",
    "move",
    "flipped",
    "result",
    "players",
    "rematch",
    "pong",
    "chat",
    "lobby",
    "lobby_changes",
    "online",
    "transfer_code",
    "error",
    "found",
];

/// Cards by id, of any deck (a 4Set room's pass 80).
fn cards(ids: &[u8]) -> Vec<Card> {
    ids.iter().map(|&id| set_core::rules::deck::card_of_any_deck(id)).collect()
}

fn status(name: &str) -> Status {
    match name {
        "waiting" => Status::Waiting,
        "playing" => Status::Playing,
        "over" => Status::Over,
        other => panic!("no status {other}"),
    }
}

fn event_kind(name: &str) -> EventKind {
    match name {
        "set" => EventKind::Set,
        "wrong" => EventKind::Wrong,
        "hint" => EventKind::Hint,
        "noset" => EventKind::NoSet,
        "wrongcall" => EventKind::WrongCall,
        other => panic!("no event kind {other}"),
    }
}

fn variant(mode: &str) -> Variant {
    match mode {
        "classic" => Variant::Classic,
        "junior" => Variant::Junior,
        "ultra" => Variant::Ultra,
        other => panic!("fixtures are classic, junior or ultra, not {other}"),
    }
}

#[test]
fn the_page_reads_every_frame_the_server_writes_to_the_same_values() {
    let frames = server_frames();
    let mut kinds: Vec<&str> = Vec::new();
    for seen in frames.iter().map(kind) {
        if !kinds.contains(&seen) {
            kinds.push(seen);
        }
    }
    assert_eq!(kinds, SERVER_KINDS, "a fixture of every kind, in order of first");
    for message in &frames {
        let text = message.to_text();
        assert_eq!(page_reads(&text).as_ref(), Some(message), "{text}");
    }
}

#[test]
fn the_server_frames_are_the_ones_an_earlier_build_wrote() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/server-frames.jsonl");
    let written: String = server_frames().iter().map(|m| m.to_text() + "\n").collect();
    if std::env::var_os("UPDATE_FIXTURES").is_some() {
        std::fs::write(&path, &written).unwrap();
    }
    let stored = std::fs::read_to_string(&path).unwrap();
    for (line, (now, then)) in written.lines().zip(stored.lines()).enumerate() {
        assert_eq!(now, then, "frame {} of {} changed on the wire", line + 1, path.display());
    }
    assert_eq!(written.lines().count(), stored.lines().count());
    // The stored frames, read by the protocol's own types and by the page.
    for (text, message) in stored.lines().zip(server_frames()) {
        assert_eq!(serde_json::from_str::<ServerMsg>(text).unwrap(), message);
        assert_eq!(page_reads(text), Some(message));
    }
}

/// A welcome from a server before nodes had names (without `node`) is
/// still a welcome: the page shows no node.
#[test]
fn a_welcome_without_a_node_reads_as_served_by_no_named_node() {
    let read = page_reads(r#"{"t":"welcome","player":"p1","token":"t"}"#);
    let (player, token, node, name) = ("p1".into(), "t".into(), String::new(), String::new());
    assert_eq!(read, Some(ServerMsg::Welcome { player, token, node, name }), "and gives no name");
}

/// Who is online as a server told it before clusters (without
/// `out_of_date`): up to date, as it then always was.
#[test]
fn an_online_frame_without_out_of_date_reads_as_up_to_date() {
    let read = page_reads(r#"{"t":"online","online":2}"#);
    let online = OnlineMsg { online: 2, out_of_date: false };
    assert_eq!(read, Some(ServerMsg::Online(online)));
}

/// A reason this build does not know (a later server's) still reads the
/// room; the page then says only that the game was not rated.
#[test]
fn an_unknown_reason_for_an_unrated_game_reads_the_room_without_it() {
    let over = later_frames().swap_remove(3);
    let mut value: serde_json::Value = serde_json::from_str(&over.to_text()).unwrap();
    value["unrated"] = serde_json::json!({ "reason": "moon_phase", "seat": 1 });
    let Some(ServerMsg::Room(read)) = page_reads(&value.to_string()) else { panic!("the room reads") };
    let ServerMsg::Room(sent) = over else { unreachable!() };
    assert_eq!(*read, RoomMsg { unrated: None, ..*sent });
}

#[test]
fn the_page_passes_over_what_it_cannot_read() {
    for frame in [
        r#"{"t":"lobby","rooms":[]}"#,
        r#"{"t":"lobby_changes","rooms":[],"gone":[1]}"#,
        r#"{"t":"lobby_changes","gone":[]}"#,
        r#"{"t":"online","online":-1,"people":[]}"#,
        r#"{"t":"lobby_chat","name":"A","text":"hi"}"#,
        r#"{"room":"abc"}"#,
        r#"{"t":"result","id":1,"verdict":"maybe","seq":1}"#,
        r#"{"t":"created"}"#,
        r#"{"t":"move","seq":1,"by":0,"kind":"set","cards":[0,1,99],"at_ms":0,"view":{},"players":[]}"#,
        r#"{"t":"result","id":-1,"verdict":"accepted","seq":1}"#,
        r#"{"t":"result","id":1.5,"verdict":"accepted","seq":1}"#,
        r"[1,2,3]",
    ] {
        assert_eq!(page_reads(frame), None, "{frame}");
    }
}

/// A frame of every kind the page sends, as the message it writes and the
/// message the server must read: the same, but for the clock of a ping,
/// written to a tenth of a ms.
fn page_frames() -> Vec<(ClientMsg, ClientMsg)> {
    let tricky = "A\"n\\n\n\u{1}\u{1f}é 🂡";
    let same = |m: ClientMsg| (m.clone(), m);
    let ping = |c: f64, rtt: Option<u32>, read: f64| (ClientMsg::Ping { c, rtt }, ClientMsg::Ping { c: read, rtt });
    vec![
        same(set_protocol::write::hello(None)),
        same(set_protocol::write::hello(Some("t.o\"k"))),
        same(ClientMsg::Create {
            mode: "junior".to_owned(),
            hints: true,
            name: tricky.to_owned(),
            public: false,
            bots: vec![],
            dealing: Dealing::Automatic,
        }),
        same(ClientMsg::Create {
            mode: "classic".to_owned(),
            hints: false,
            name: "Ann".to_owned(),
            public: true,
            bots: vec!["hard".to_owned(), "expert".to_owned()],
            dealing: Dealing::WhenCalled,
        }),
        same(ClientMsg::Join { room: "a1b2c3d4e5".to_owned(), name: Some(tricky.to_owned()), since: Some(12) }),
        same(ClientMsg::Join { room: "a1".to_owned(), name: None, since: Some(0) }),
        same(ClientMsg::Start),
        same(ClientMsg::Claim { id: 4_000_000_000, cards: vec![0, 40, 80], seen: 9 }),
        same(ClientMsg::Flip { slot: 0, seen: 0 }),
        same(ClientMsg::Hint { id: 0 }),
        same(ClientMsg::CallNoSet { id: 7, seen: 0 }),
        ping(1234.5, Some(17), 1234.5),
        ping(0.5, None, 0.5),
        // The clock goes to a tenth of a ms.
        ping(-2.04, None, -2.0),
        ping(99.96, None, 100.0),
        same(ClientMsg::Rematch),
        same(ClientMsg::Chat { text: tricky.to_owned() }),
        same(ClientMsg::Lobby { name: Some(tricky.to_owned()) }),
        same(ClientMsg::Lobby { name: None }),
        same(ClientMsg::QuickPlay { mode: "chain".to_owned(), name: tricky.to_owned() }),
        same(ClientMsg::Remove { seat: 7 }),
        same(ClientMsg::Bots { bots: vec!["medium".to_owned()] }),
        same(ClientMsg::Bots { bots: vec![] }),
        same(ClientMsg::TransferCode),
        same(ClientMsg::Redeem { code: "K7Q2 \"x".to_owned() }),
        same(ClientMsg::SignOutElsewhere),
        same(ClientMsg::Report { player: "0123456789abcdef0123456789abcdef".to_owned(), why: tricky.to_owned() }),
    ]
}

#[test]
fn the_server_reads_every_frame_the_page_writes() {
    let frames = page_frames();
    let mut kinds: Vec<ClientKind> = frames.iter().map(|(_, m)| m.kind()).collect();
    kinds.dedup();
    assert_eq!(kinds, ClientKind::ALL, "a frame of every kind, in order");
    for (frame, meant) in frames {
        let text = frame.write();
        let read: ClientMsg = serde_json::from_str(&text).unwrap_or_else(|err| panic!("{text}: {err}"));
        assert_eq!(read, meant, "{text}");
    }
}

/// The HTTP API's leaderboards and profiles, written by the protocol's
/// types, read by the page's reader to the same values.
#[test]
fn the_page_reads_the_leaderboard_and_a_profile_as_the_server_writes_them() {
    use set_protocol::api::{LeaderMsg, PlayedGameMsg, ProfileMsg, RecentGameMsg, TimesMsg, WayMsg};
    let lines = vec![
        LeaderMsg { player: "p1".into(), name: "Ann \"A\"".into(), rating: 1720, games: 31, provisional: false },
        LeaderMsg { player: "p2".into(), name: "Bo".into(), rating: -12, games: 1, provisional: true },
    ];
    let text = serde_json::to_string(&lines).unwrap();
    assert_eq!(read::leaderboard(&Parsed(serde_json::from_str(&text).unwrap())), lines);

    let profile = ProfileMsg {
        player: "p1".into(),
        name: "Ann".into(),
        ratings: [("junior".to_owned(), 1658), ("classic".to_owned(), 1432)].into_iter().collect(),
        games: 7,
        wins: 3,
        sets: 41,
        recent: vec![RecentGameMsg {
            room: "a1b2c3d4e5".into(),
            mode: "junior".into(),
            place: 1,
            players: 3,
            sets: 5,
            before: 1500,
            after: 1658,
            ms: 161_250,
        }],
        times: [
            ("junior".to_owned(), TimesMsg { games: 4, fastest_win_ms: Some(98_000), median_ms: 161_250 }),
            ("classic".to_owned(), TimesMsg { games: 3, fastest_win_ms: None, median_ms: 402_000 }),
        ]
        .into_iter()
        .collect(),
        ways: [
            ("junior".to_owned(), WayMsg { rating: 1658, provisional: true, games: 4, wins: 3, sets: 30 }),
            ("classic".to_owned(), WayMsg { rating: 1432, provisional: false, games: 3, wins: 0, sets: 11 }),
        ]
        .into_iter()
        .collect(),
        history: [("junior".to_owned(), vec![1500, 1540, 1658]), ("classic".to_owned(), vec![-3, 1432])]
            .into_iter()
            .collect(),
        played: [("junior".to_owned(), 5), ("classic".to_owned(), 3), ("memory".to_owned(), 2)].into_iter().collect(),
        last_games: vec![
            PlayedGameMsg { room: "f0f0f0f0f0".into(), mode: "memory".into(), players: 2, ms: 88_010, rated: false },
            PlayedGameMsg { room: "a1b2c3d4e5".into(), mode: "junior".into(), players: 3, ms: 161_250, rated: true },
        ],
    };
    let text = serde_json::to_string(&profile).unwrap();
    assert_eq!(read::profile(&Parsed(serde_json::from_str(&text).unwrap())), Some(profile));
    assert_eq!(read::profile(&Parsed(serde_json::json!({ "player": "p" }))), None);
    // An older server's profile (no ways, no history) still reads, with none of them.
    let mut older: serde_json::Value = serde_json::from_str(&text).unwrap();
    let fields = older.as_object_mut().unwrap();
    for field in ["ways", "history", "played", "last_games"] {
        fields.remove(field);
    }
    let read = read::profile(&Parsed(older)).unwrap();
    assert_eq!(
        (read.ways.len(), read.history.len(), read.played.len(), read.last_games.len(), read.games),
        (0, 0, 0, 0, 7)
    );
}

/// In a list of the lobby's rooms or a room's moves, an item that does not
/// read is passed over and the others are kept; the frame still reads.
#[test]
fn an_item_that_does_not_read_is_passed_over_and_the_rest_kept() {
    let good = lobby_room_msg("a1b2c3d4e5", "classic", "waiting", &["Ann"]);
    let mut rooms = vec![serde_json::to_value(&good).unwrap()];
    rooms.push(serde_json::json!({ "room": "bad", "mode": "daily", "hints": false, "status": "waiting",
        "players": [], "watchers": 0, "created_at": 1 }));
    let frame = serde_json::json!({ "t": "lobby_changes", "rooms": rooms, "gone": [] }).to_string();
    assert_eq!(
        page_reads(&frame),
        Some(ServerMsg::LobbyChanges { rooms: vec![good], gone: vec![], chat: vec![], came: vec![], went: vec![] })
    );

    let room = room_msg("playing", None, Some(view_msg(None, false)), false);
    let mut value = serde_json::to_value(ServerMsg::Room(Box::new(room.clone()))).unwrap();
    value["moves"].as_array_mut().unwrap()[1]["kind"] = "maybe".into();
    let Some(ServerMsg::Room(read)) = page_reads(&value.to_string()) else { panic!("the room did not read") };
    assert_eq!(read.moves, [room.moves[0].clone(), room.moves[2].clone()]);
}

/// A refusal naming each kind of request reads back on the page as the
/// kind it names: the page routes a refusal by it.
#[test]
fn a_refusal_of_every_kind_of_request_reads_back_naming_it() {
    for kind in ClientKind::ALL {
        let refusal = ServerMsg::refusal(Some(kind), None, ErrorCode::Throttled, "slow down");
        let text = refusal.to_text();
        assert!(text.contains(&format!("\"to\":\"{}\"", kind.name())), "{text}");
        assert_eq!(page_reads(&text), Some(refusal));
    }
    // A `to` this page does not know (a newer server's) is read as none.
    let newer = r#"{"t":"error","id":null,"to":"arena_join","code":"throttled","message":"slow down"}"#;
    assert_eq!(page_reads(newer), Some(ServerMsg::refusal(None, None, ErrorCode::Throttled, "slow down")));
}
