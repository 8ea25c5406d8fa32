//! The room's write path against a store that can be made to fail: a
//! claim the store could not keep is refused, and the room is unchanged;
//! Memory's third card is told to nobody until its claim is kept.
use super::*;
use crate::proto::ClientMsg;
use crate::store::{
    ChatRecord, Identities, Leases, Moderation, MoveRecord, RoomLog, RoomRecord, SeatRecord, Standings, Status,
    StoreResult, StoredRoom,
};
use futures_util::future::BoxFuture;
use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use tokio::sync::mpsc;

/// One of the room's messages from Ann's connection (1), read now.
fn from_ann(msg: ClientMsg) -> Command {
    Command::Request(Request { conn: 1, msg, received: Instant::now(), refused: None })
}

#[derive(Default)]
struct MemoryStore {
    rooms: std::sync::Mutex<HashMap<String, StoredRoom>>,
    fail_appends: AtomicBool,
}

impl MemoryStore {
    fn with<T>(&self, room: &str, f: impl FnOnce(&mut StoredRoom) -> T) -> StoreResult<T> {
        let mut rooms = self.rooms.lock().unwrap();
        let room = rooms.get_mut(room).ok_or_else(|| crate::store::StoreError::Corrupt("no room".into()))?;
        Ok(f(room))
    }

    fn failing(&self) -> StoreResult<()> {
        if self.fail_appends.load(Ordering::SeqCst) {
            return Err(crate::store::StoreError::Corrupt("a disk that is full".into()));
        }
        Ok(())
    }
}

impl RoomLog for MemoryStore {
    fn create_room<'a>(&'a self, room: &'a RoomRecord, host: &'a SeatRecord) -> BoxFuture<'a, StoreResult<()>> {
        let stored = StoredRoom {
            room: room.clone(),
            seats: vec![host.clone()],
            moves: Vec::new(),
            chat: Vec::new(),
            watcher_lines: 0,
            results: Vec::new(),
        };
        self.rooms.lock().unwrap().insert(room.id.clone(), stored);
        Box::pin(async { Ok(()) })
    }
    fn add_seat<'a>(&'a self, room: &'a str, _epoch: u64, seat: &'a SeatRecord) -> BoxFuture<'a, StoreResult<()>> {
        Box::pin(async move { self.with(room, |r| r.seats.push(seat.clone())) })
    }
    fn start<'a>(&'a self, room: &'a str, _epoch: u64, _at: i64) -> BoxFuture<'a, StoreResult<()>> {
        Box::pin(async move { self.with(room, |r| r.room.status = Status::Playing) })
    }
    fn append<'a>(&'a self, room: &'a str, _epoch: u64, mv: &'a MoveRecord) -> BoxFuture<'a, StoreResult<()>> {
        Box::pin(async move {
            self.failing()?;
            self.with(room, |r| r.moves.push(mv.clone()))
        })
    }
    fn append_last<'a>(
        &'a self,
        room: &'a str,
        _epoch: u64,
        mv: &'a MoveRecord,
        _results: &'a [crate::store::ResultRecord],
    ) -> BoxFuture<'a, StoreResult<()>> {
        Box::pin(async move {
            self.failing()?;
            self.with(room, |r| {
                r.moves.push(mv.clone());
                r.room.status = Status::Over;
            })
        })
    }
    fn set_next_room<'a>(&'a self, room: &'a str, _epoch: u64, next: &'a str) -> BoxFuture<'a, StoreResult<()>> {
        Box::pin(async move { self.with(room, |r| r.room.next_room = Some(next.to_owned())) })
    }
    fn set_bots<'a>(&'a self, room: &'a str, _epoch: u64, bots: &'a [Level]) -> BoxFuture<'a, StoreResult<()>> {
        Box::pin(async move { self.with(room, |r| r.room.bots = bots.to_vec()) })
    }
    fn set_host<'a>(&'a self, room: &'a str, _epoch: u64, player: &'a str) -> BoxFuture<'a, StoreResult<()>> {
        Box::pin(async move { self.with(room, |r| r.room.host = player.to_owned()) })
    }
    fn remove_seat<'a>(&'a self, room: &'a str, _epoch: u64, seat: u8) -> BoxFuture<'a, StoreResult<()>> {
        Box::pin(async move {
            self.with(room, |r| {
                r.seats.retain(|s| s.seat != seat);
                for s in r.seats.iter_mut().filter(|s| s.seat > seat) {
                    s.seat -= 1;
                }
                r.chat.retain(|line| line.by.seat() != Some(seat));
                for line in &mut r.chat {
                    if let crate::store::Speaker::Seat(later) = &mut line.by
                        && *later > seat
                    {
                        *later -= 1;
                    }
                }
            })
        })
    }
    fn chat<'a>(&'a self, room: &'a str, _epoch: u64, line: &'a ChatRecord) -> BoxFuture<'a, StoreResult<()>> {
        Box::pin(async move {
            self.with(room, |r| {
                r.watcher_lines += u32::from(matches!(line.by, crate::store::Speaker::Watcher { .. }));
                r.chat.push(line.clone());
            })
        })
    }
    fn load<'a>(&'a self, room: &'a str) -> BoxFuture<'a, StoreResult<Option<StoredRoom>>> {
        Box::pin(async move { Ok(self.rooms.lock().unwrap().get(room).cloned()) })
    }
    fn delete_expired<'a>(
        &'a self,
        expiry: crate::store::Expiry,
        keep: &'a [String],
    ) -> BoxFuture<'a, StoreResult<Vec<String>>> {
        let mut rooms = self.rooms.lock().unwrap();
        let mut deleted = Vec::new();
        rooms.retain(|id, r| {
            let old = match r.room.status {
                Status::Waiting => r.room.created_at < expiry.waiting,
                Status::Over => r.room.created_at < expiry.over,
                Status::Playing => r.room.created_at < expiry.abandoned,
            };
            let goes = old && !keep.contains(id);
            if goes {
                deleted.push(id.clone());
            }
            !goes
        });
        Box::pin(async move { Ok(deleted) })
    }
}

impl Leases for MemoryStore {
    fn ping(&self) -> BoxFuture<'_, StoreResult<()>> {
        Box::pin(async { Ok(()) })
    }
    fn take<'a>(
        &'a self,
        room: &'a str,
        _node: &'a str,
        _now: i64,
        _wanted: bool,
    ) -> BoxFuture<'a, StoreResult<crate::store::Taken>> {
        let taken = self.rooms.lock().unwrap().contains_key(room);
        Box::pin(async move { Ok(if taken { crate::store::Taken::Epoch(1) } else { crate::store::Taken::NoRoom }) })
    }
    fn wanted_of<'a>(&'a self, _node: &'a str) -> BoxFuture<'a, StoreResult<Vec<(String, u64)>>> {
        Box::pin(async { Ok(Vec::new()) })
    }
    fn let_go<'a>(&'a self, _room: &'a str, _node: &'a str, _epoch: u64) -> BoxFuture<'a, StoreResult<bool>> {
        Box::pin(async { Ok(false) })
    }
    fn renew_lease<'a>(&'a self, _node: &'a str, _until: i64) -> BoxFuture<'a, StoreResult<()>> {
        Box::pin(async { Ok(()) })
    }
    fn end_lease<'a>(&'a self, _node: &'a str) -> BoxFuture<'a, StoreResult<()>> {
        Box::pin(async { Ok(()) })
    }
    fn epoch<'a>(&'a self, room: &'a str) -> BoxFuture<'a, StoreResult<Option<u64>>> {
        Box::pin(async move { Ok(self.rooms.lock().unwrap().contains_key(room).then_some(1)) })
    }
    fn status<'a>(&'a self, room: &'a str) -> BoxFuture<'a, StoreResult<Option<(Status, u64)>>> {
        Box::pin(async move { Ok(self.rooms.lock().unwrap().get(room).map(|r| (r.room.status, 1))) })
    }
}

impl Identities for MemoryStore {
    fn signing_keys(&self) -> BoxFuture<'_, StoreResult<Vec<crate::tokens::KeptKey>>> {
        Box::pin(async { Ok(vec![crate::tokens::KeptKey { id: 1, secret: vec![7; 32], made_at: 0 }]) })
    }
    fn sign_outs_since(&self, _after: i64) -> BoxFuture<'_, StoreResult<Vec<(String, i64)>>> {
        Box::pin(async { Ok(Vec::new()) })
    }
    fn sign_out_of<'a>(&'a self, _player: &'a str) -> BoxFuture<'a, StoreResult<Option<i64>>> {
        Box::pin(async { Ok(None) })
    }
    fn forget_sign_outs(&self, _before: i64) -> BoxFuture<'_, StoreResult<u64>> {
        Box::pin(async { Ok(0) })
    }
    fn sign_out<'a>(&'a self, _player: &'a str, _at: i64) -> BoxFuture<'a, StoreResult<()>> {
        Box::pin(async { Ok(()) })
    }
}

impl Moderation for MemoryStore {
    fn sanctions_in_force(&self) -> BoxFuture<'_, StoreResult<Vec<crate::store::SanctionRecord>>> {
        Box::pin(async { Ok(Vec::new()) })
    }
    fn report<'a>(
        &'a self,
        _report: &'a crate::store::ReportRecord,
        _since: i64,
        _most: u32,
    ) -> BoxFuture<'a, StoreResult<bool>> {
        Box::pin(async { Ok(true) })
    }
    fn forget_reports(&self, _before: i64) -> BoxFuture<'_, StoreResult<u64>> {
        Box::pin(async { Ok(0) })
    }
    fn flag<'a>(
        &'a self,
        _room: &'a str,
        _epoch: u64,
        _flags: &'a [crate::store::FlagRecord],
    ) -> BoxFuture<'a, StoreResult<()>> {
        Box::pin(async { Ok(()) })
    }
}

impl Standings for MemoryStore {
    fn leaderboard<'a>(
        &'a self,
        _mode: &'a str,
        _limit: u32,
        _policy: &'a set_core::online::fair::Policy,
    ) -> BoxFuture<'a, StoreResult<Vec<set_protocol::api::LeaderMsg>>> {
        Box::pin(async { Ok(Vec::new()) })
    }
    fn profile<'a>(&'a self, _player: &'a str) -> BoxFuture<'a, StoreResult<Option<set_protocol::api::ProfileMsg>>> {
        Box::pin(async { Ok(None) })
    }
    fn ratings<'a>(
        &'a self,
        _mode: &'a str,
        players: &'a [String],
    ) -> BoxFuture<'a, StoreResult<Vec<crate::ratings::Rating>>> {
        Box::pin(async move { Ok(vec![crate::ratings::Rating::default(); players.len()]) })
    }
    fn together<'a>(
        &'a self,
        _mode: &'a str,
        players: &'a [String],
        _since: i64,
    ) -> BoxFuture<'a, StoreResult<Vec<Vec<crate::store::Together>>>> {
        Box::pin(async move { Ok(vec![vec![crate::store::Together::default(); players.len()]; players.len()]) })
    }
}

fn classic() -> RoomSettings {
    RoomSettings { mode: "classic".into(), ..RoomSettings::default() }
}

fn outbox() -> (Outbox, mpsc::Receiver<Outgoing>) {
    let (tx, rx) = mpsc::channel(OUTBOX);
    (Outbox::new(tx, usize::MAX), rx)
}

#[tokio::test]
async fn an_outbox_over_its_byte_budget_rings_the_bell_instead_of_queueing() {
    let (tx, mut rx) = mpsc::channel(OUTBOX);
    let outbox = Outbox::new(tx, 100);
    let rung = outbox.kick.notified();
    tokio::pin!(rung);
    rung.as_mut().enable();
    outbox.send(Arc::from("x".repeat(60)));
    assert_eq!(outbox.queued.load(Ordering::Relaxed), 60);
    outbox.send(Arc::from("y".repeat(60)));
    assert_eq!(outbox.queued.load(Ordering::Relaxed), 60, "the frame past the budget is not queued");
    tokio::time::timeout(Duration::from_secs(1), rung).await.expect("the bell rang");
    let Some(Outgoing::Text(first)) = rx.recv().await else { panic!("the first frame is queued") };
    outbox.queued.fetch_sub(first.len(), Ordering::Relaxed);
    assert_eq!(outbox.queued.load(Ordering::Relaxed), 0);
    assert!(rx.try_recv().is_err(), "only the first");
}

async fn next_of(rx: &mut mpsc::Receiver<Outgoing>, t: &str) -> serde_json::Value {
    loop {
        let Some(Outgoing::Text(text)) = rx.recv().await else { panic!("the room closed") };
        let value: serde_json::Value = serde_json::from_str(&text).unwrap();
        if value["t"] == t {
            return value;
        }
    }
}

/// Ann (seat 0, the host) and Ben (seat 1) in a room of `settings`,
/// started: its inbox, their outboxes' frames, and the room as Ann was told it.
async fn two_started(
    store: &Arc<MemoryStore>,
    settings: &RoomSettings,
) -> (mpsc::Sender<Command>, mpsc::Receiver<Outgoing>, mpsc::Receiver<Outgoing>, serde_json::Value, String) {
    let rooms = Rooms::new(
        store.clone(),
        "test",
        RoomLimits {
            max_loaded: 10,
            max_watchers: 10,
            fair: set_core::online::fair::Policy::default(),
            quick_start: Duration::ZERO,
        },
        crate::lobby::Lobby::new(10, 256 * 1024),
    );
    let id = rooms.create("p1", "Ann", settings).await.unwrap();
    let inbox = rooms.inbox(&id, Route::Other).await.unwrap();
    let (ann, mut ann_rx) = outbox();
    inbox
        .send(Command::Join { conn: 1, player: "p1".into(), name: None, since: 0, outbox: ann, seated: None })
        .await
        .unwrap();
    let (ben, ben_rx) = outbox();
    inbox
        .send(Command::Join {
            conn: 2,
            player: "p2".into(),
            name: Some("Ben".into()),
            since: 0,
            outbox: ben,
            seated: None,
        })
        .await
        .unwrap();
    inbox.send(from_ann(ClientMsg::Start)).await.unwrap();
    let started = loop {
        let room = next_of(&mut ann_rx, "room").await;
        if room["status"] == "playing" {
            break room;
        }
    };
    (inbox, ann_rx, ben_rx, started, id)
}

#[tokio::test]
async fn a_claim_the_store_cannot_keep_is_refused_and_changes_nothing() {
    let store = Arc::new(MemoryStore::default());
    let (inbox, mut ann_rx, _ben_rx, started, id) = two_started(&store, &classic()).await;
    let table: Vec<set_core::rules::card::Card> = started["view"]["table"]
        .as_array()
        .unwrap()
        .iter()
        .map(|id| set_core::rules::card::Card::new(id.as_i64().unwrap()).unwrap())
        .collect();
    let [a, b, c] = set_core::rules::finder::find_sets(&table).unwrap()[0];
    let cards: Vec<i64> = [a, b, c].iter().map(|&i| i64::from(table[i].id())).collect();

    store.fail_appends.store(true, Ordering::SeqCst);
    let claim = |id| from_ann(ClientMsg::Claim { id, cards: cards.clone(), seen: 0 });
    inbox.send(claim(1)).await.unwrap();
    let refused = next_of(&mut ann_rx, "error").await;
    assert_eq!((refused["code"].as_str(), refused["id"].as_u64()), (Some("unavailable"), Some(1)));
    assert!(store.rooms.lock().unwrap()[&id].moves.is_empty());
    let (look, mut look_rx) = outbox();
    inbox
        .send(Command::Join { conn: 3, player: "p1".into(), name: None, since: 0, outbox: look, seated: None })
        .await
        .unwrap();
    let now = next_of(&mut look_rx, "room").await;
    for field in ["view", "seq", "players", "status"] {
        let strip = |v: &serde_json::Value| {
            let mut v = v[field].clone();
            if let Some(players) = v.as_array_mut() {
                for p in players.iter_mut() {
                    drop(p.as_object_mut().map(|o| o.remove("connected")));
                }
            }
            v
        };
        assert_eq!(strip(&now), strip(&started), "{field} is unchanged");
    }

    // Once the store keeps moves again, the same claim (a new id) is accepted.
    store.fail_appends.store(false, Ordering::SeqCst);
    inbox.send(claim(2)).await.unwrap();
    assert_eq!(next_of(&mut ann_rx, "result").await["verdict"], "accepted");
    assert_eq!(store.rooms.lock().unwrap()[&id].moves.len(), 1);
}

#[tokio::test]
async fn a_log_whose_seats_have_a_gap_is_refused_not_a_panic() {
    let store = Arc::new(MemoryStore::default());
    let rooms = Rooms::new(
        store.clone(),
        "test",
        RoomLimits {
            max_loaded: 10,
            max_watchers: 10,
            fair: set_core::online::fair::Policy::default(),
            quick_start: Duration::ZERO,
        },
        crate::lobby::Lobby::new(10, 256 * 1024),
    );
    let id = rooms.create("p1", "Ann", &classic()).await.unwrap();
    store.with(&id, |r| r.seats.push(SeatRecord { seat: 2, player: "p3".into(), name: "Cy".into() })).unwrap();
    match rooms.inbox(&id, Route::Other).await {
        Err(RoomsError::Broken(why)) => assert!(why.contains("seat 2 where seat 1"), "{why}"),
        Err(other) => panic!("another error: {other}"),
        Ok(_) => panic!("a room with a gap in its seats was opened"),
    }
}

#[tokio::test]
async fn finished_rooms_nobody_is_in_are_unloaded_when_another_loads_and_come_back_from_their_log() {
    let store = Arc::new(MemoryStore::default());
    let rooms = Rooms::new(
        store.clone(),
        "test",
        RoomLimits {
            max_loaded: 10,
            max_watchers: 10,
            fair: set_core::online::fair::Policy::default(),
            quick_start: Duration::ZERO,
        },
        crate::lobby::Lobby::new(10, 256 * 1024),
    );
    let over = |id: &str| store.with(id, |r| r.room.status = Status::Over).unwrap();
    let (empty_over, watched_over, waiting) = (
        rooms.create("p1", "Ann", &classic()).await.unwrap(),
        rooms.create("p2", "Ben", &classic()).await.unwrap(),
        rooms.create("p3", "Cy", &classic()).await.unwrap(),
    );
    over(&empty_over);
    over(&watched_over);
    rooms.inbox(&empty_over, Route::Other).await.unwrap();
    rooms.inbox(&waiting, Route::Other).await.unwrap();
    let inbox = rooms.inbox(&watched_over, Route::Other).await.unwrap();
    let (ben, mut ben_rx) = outbox();
    inbox
        .send(Command::Join { conn: 1, player: "p2".into(), name: None, since: 0, outbox: ben, seated: None })
        .await
        .unwrap();
    assert_eq!(next_of(&mut ben_rx, "room").await["status"], "over");
    // The finished room nobody is in went when the last one loaded; the
    // waiting room nobody is in and the finished room Ben is in stay.
    assert_eq!(rooms.loaded().await, 2);

    let later = rooms.create("p4", "Di", &classic()).await.unwrap();
    rooms.inbox(&later, Route::Other).await.unwrap();
    assert_eq!(rooms.loaded().await, 3, "Ben is still in his finished room");

    let again = rooms.inbox(&empty_over, Route::Other).await.unwrap();
    let (ann, mut ann_rx) = outbox();
    again
        .send(Command::Join { conn: 2, player: "p1".into(), name: None, since: 0, outbox: ann, seated: None })
        .await
        .unwrap();
    let back = next_of(&mut ann_rx, "room").await;
    assert_eq!((back["status"].as_str(), back["players"][0]["name"].as_str()), (Some("over"), Some("Ann")));
}

#[tokio::test]
async fn a_memory_card_whose_claim_the_store_cannot_keep_is_never_shown_up() {
    let store = Arc::new(MemoryStore::default());
    let memory = RoomSettings { mode: "memory".into(), ..RoomSettings::default() };
    let (inbox, mut ann_rx, mut ben_rx, started, id) = two_started(&store, &memory).await;
    assert_eq!(started["view"]["turn"], 0, "the host turns first");
    let flip = |slot| from_ann(ClientMsg::Flip { slot, seen: 0 });
    for slot in [0, 1] {
        inbox.send(flip(slot)).await.unwrap();
        assert_eq!(next_of(&mut ben_rx, "flipped").await["slot"], slot);
    }

    // The third card makes the claim: not kept, so nobody is told the card.
    store.fail_appends.store(true, Ordering::SeqCst);
    inbox.send(flip(2)).await.unwrap();
    assert_eq!(next_of(&mut ann_rx, "error").await["code"], "unavailable");
    let mut told = Vec::new();
    while let Ok(Outgoing::Text(text)) = ben_rx.try_recv() {
        told.push(serde_json::from_str::<serde_json::Value>(&text).unwrap()["t"].clone());
    }
    assert!(!told.iter().any(|t| t == "flipped" || t == "move"), "Ben was told {told:?}");
    assert!(store.rooms.lock().unwrap()[&id].moves.is_empty());

    // Kept again: the same card is turned up, told before its claim's move.
    store.fail_appends.store(false, Ordering::SeqCst);
    inbox.send(flip(2)).await.unwrap();
    let third = next_of(&mut ben_rx, "flipped").await;
    assert_eq!(third["slot"], 2);
    assert!(third["view"]["table"][2].is_number(), "the third card is shown up");
    let Some(Outgoing::Text(text)) = ben_rx.recv().await else { panic!("the room closed") };
    assert_eq!(serde_json::from_str::<serde_json::Value>(&text).unwrap()["t"], "move", "the claim's move comes next");
    assert_eq!(store.rooms.lock().unwrap()[&id].moves.len(), 1);
}
