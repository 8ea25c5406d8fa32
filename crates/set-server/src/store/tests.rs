//! The store's tests, run against each database it keeps: a SQLite file
//! always, and Postgres too when `SET_TEST_POSTGRES` names a server's
//! `postgres` database (scripts/test.sh starts one with
//! scripts/postgres.sh and sets `SET_TEST_REQUIRE_POSTGRES`, so that CI
//! runs both or fails). Each test gets a fresh database
//! of its own and removes it at the end.

#![allow(clippy::unwrap_used)]
use super::{
    ChatRecord, Database, Durability, Expiry, Identities, Leases, MoveKind, MoveRecord, ResultRecord, RoomLog,
    RoomRecord, SeatRecord, Speaker, SqlStore, Standings, Status, StoreError, Taken,
};

/// A fresh store, and what removes it.
struct Scratch {
    store: SqlStore,
    /// Which database this is, for the tests' messages.
    kind: &'static str,
    gone: Gone,
}

enum Gone {
    Folder(std::path::PathBuf),
    /// A Postgres database, dropped through the server's admin URL.
    Database {
        admin: String,
        name: String,
    },
}

impl Scratch {
    /// The store, saying which it is (shown with a failing test's output).
    fn store(&self) -> &SqlStore {
        eprintln!("against {}", self.kind);
        &self.store
    }

    async fn remove(self) {
        let Scratch { store, gone, .. } = self;
        drop(store);
        match gone {
            Gone::Folder(dir) => {
                let _ = std::fs::remove_dir_all(&dir);
            }
            Gone::Database { admin, name } => {
                let pool = sqlx::AnyPool::connect(&admin).await.unwrap();
                sqlx::query(sqlx::AssertSqlSafe(format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)")))
                    .execute(&pool)
                    .await
                    .unwrap();
            }
        }
    }
}

/// A fresh store of each kind the tests run against (`name`: the test's).
async fn stores(name: &str) -> Vec<Scratch> {
    sqlx::any::install_default_drivers();
    let dir = std::env::temp_dir().join(format!("set-store-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let sqlite = SqlStore::open(&Database::Sqlite(dir.join("set.db")), Durability::PowerLoss).await.unwrap();
    let mut stores = vec![Scratch { store: sqlite, kind: "sqlite", gone: Gone::Folder(dir) }];
    match std::env::var("SET_TEST_POSTGRES") {
        Ok(admin) => {
            let database = format!("set_{name}_{}", std::process::id()).replace('-', "_");
            let pool = sqlx::AnyPool::connect(&admin).await.unwrap();
            sqlx::query(sqlx::AssertSqlSafe(format!("DROP DATABASE IF EXISTS {database} WITH (FORCE)")))
                .execute(&pool)
                .await
                .unwrap();
            sqlx::query(sqlx::AssertSqlSafe(format!("CREATE DATABASE {database}"))).execute(&pool).await.unwrap();
            pool.close().await;
            let url = format!("{}/{database}", admin.rsplit_once('/').unwrap().0);
            let store = SqlStore::open(&Database::Postgres(url), Durability::PowerLoss).await.unwrap();
            stores.push(Scratch { store, kind: "postgres", gone: Gone::Database { admin, name: database } });
        }
        Err(std::env::VarError::NotPresent) if std::env::var_os("SET_TEST_REQUIRE_POSTGRES").is_some() => {
            panic!("SET_TEST_POSTGRES is not set, and the store's tests must run against Postgres too")
        }
        Err(_) => eprintln!("SET_TEST_POSTGRES is not set: the store's tests run against SQLite only"),
    }
    stores
}

fn room(id: &str) -> RoomRecord {
    RoomRecord {
        id: id.into(),
        mode: set_core::rules::variant::Variant::Classic,
        hints: true,
        dealing: set_core::rules::variant::Dealing::Automatic,
        public: true,
        bots: Vec::new(),
        seed: 1,
        salt: "s".into(),
        commitment: "c".into(),
        host: "p".into(),
        status: Status::Waiting,
        created_at: 0,
        ended_at_ms: None,
        next_room: None,
    }
}

fn hint(seq: u32) -> MoveRecord {
    MoveRecord { seq, seat: 0, at_ms: u64::from(seq), kind: MoveKind::Hint, cards: Vec::new() }
}

#[tokio::test]
async fn moves_appended_together_are_each_kept_or_refused_on_their_own() {
    for scratch in stores("batch").await {
        let store = scratch.store();
        let seat = SeatRecord { seat: 0, player: "p".into(), name: "Ann".into() };
        for id in ["aaaaaaaaaa", "bbbbbbbbbb"] {
            store.create_room(&room(id), &seat).await.unwrap();
            store.start(id, 0, 0).await.unwrap();
        }
        // Sent at once, so that they meet in one batch: a's move 1 twice
        // (the second is refused by the log's key), b's moves 1 and 2.
        let (one, two) = (hint(1), hint(2));
        let (first, again, b1, b2) = tokio::join!(
            store.append("aaaaaaaaaa", 0, &one),
            store.append("aaaaaaaaaa", 0, &one),
            store.append("bbbbbbbbbb", 0, &one),
            store.append_last("bbbbbbbbbb", 0, &two, &[]),
        );
        assert!(first.is_ok() && b1.is_ok() && b2.is_ok(), "{first:?} {b1:?} {b2:?}");
        assert!(again.is_err(), "the same event twice is refused");
        let a = store.load("aaaaaaaaaa").await.unwrap().unwrap();
        let b = store.load("bbbbbbbbbb").await.unwrap().unwrap();
        assert_eq!(a.moves, [hint(1)]);
        assert_eq!((b.moves.len(), b.room.status), (2, Status::Over), "the last move marks the room over with it");
        scratch.remove().await;
    }
}

/// Two games of one player's ending at once, both rated from the same
/// rating: the first kept, the second refused whole (its move, its
/// results, its rating) until it is rated from the rating as it is now.
#[tokio::test]
async fn a_game_rated_from_a_rating_that_changed_meanwhile_keeps_nothing() {
    use crate::ratings::{Rating, rate};
    for scratch in stores("stale").await {
        let store = scratch.store();
        let seat = |n: u8| SeatRecord { seat: n, player: format!("p{n}"), name: format!("N{n}") };
        for id in ["dddddddddd", "eeeeeeeeee"] {
            store.create_room(&room(id), &seat(0)).await.unwrap();
            store.add_seat(id, 0, &seat(1)).await.unwrap();
            store.start(id, 0, 0).await.unwrap();
        }
        let results = |before: &[Rating]| -> Vec<ResultRecord> {
            let after = rate(before, &[1, 2], &[1.0, 1.0], &[1, 1]);
            (0..2)
                .map(|n: u8| ResultRecord {
                    seat: n,
                    player: format!("p{n}"),
                    name: format!("N{n}"),
                    place: u32::from(n) + 1,
                    sets: 1,
                    before: before[usize::from(n)],
                    after: after[usize::from(n)],
                })
                .collect()
        };
        let (fresh, first) = (results(&[Rating::default(), Rating::default()]), hint(1));
        let (d, e) = tokio::join!(
            store.append_last("dddddddddd", 0, &first, &fresh),
            store.append_last("eeeeeeeeee", 0, &first, &fresh),
        );
        let stale = match (&d, &e) {
            (Ok(()), Err(StoreError::StaleRating { .. })) => "eeeeeeeeee",
            (Err(StoreError::StaleRating { .. }), Ok(())) => "dddddddddd",
            other => panic!("one of the two is kept, the other refused as stale: {other:?}"),
        };
        let refused = store.load(stale).await.unwrap().unwrap();
        assert_eq!((refused.moves.len(), refused.room.status, refused.results.len()), (0, Status::Playing, 0));
        let now = store.ratings("classic", &["p0".to_owned(), "p1".to_owned()]).await.unwrap();
        assert_eq!(now.iter().map(|r| r.games).collect::<Vec<_>>(), [1, 1]);
        store.append_last(stale, 0, &first, &results(&now)).await.unwrap();
        let after = store.ratings("classic", &["p0".to_owned(), "p1".to_owned()]).await.unwrap();
        assert_eq!(after.iter().map(|r| (r.games, r.wins)).collect::<Vec<_>>(), [(2, 2), (2, 0)]);
        scratch.remove().await;
    }
}

#[tokio::test]
async fn a_removed_seat_takes_its_chat_and_the_seats_after_it_move_down_one() {
    for scratch in stores("seat").await {
        let store = scratch.store();
        let seat = |n: u8| SeatRecord { seat: n, player: format!("p{n}"), name: format!("N{n}") };
        store.create_room(&room("cccccccccc"), &seat(0)).await.unwrap();
        for n in 1..4 {
            store.add_seat("cccccccccc", 0, &seat(n)).await.unwrap();
            let by = Speaker::Seat(n);
            let line = ChatRecord { n: u32::from(n), by, at_ms: 0, text: format!("from {n}"), hidden: false };
            store.chat("cccccccccc", 0, &line).await.unwrap();
        }
        // A watcher's line: no seat, so no seat's removal touches it.
        let by = Speaker::Watcher { player: "p9".into(), name: "Calm Heron".into() };
        let watching = ChatRecord { n: 4, by, at_ms: 0, text: "from a watcher".into(), hidden: false };
        store.chat("cccccccccc", 0, &watching).await.unwrap();
        store.remove_seat("cccccccccc", 0, 1).await.unwrap();
        store.set_host("cccccccccc", 0, "p2").await.unwrap();
        let stored = store.load("cccccccccc").await.unwrap().unwrap();
        let seats: Vec<(u8, &str)> = stored.seats.iter().map(|s| (s.seat, s.player.as_str())).collect();
        assert_eq!(seats, [(0, "p0"), (1, "p2"), (2, "p3")]);
        let chat: Vec<(Option<u8>, &str)> = stored.chat.iter().map(|l| (l.by.seat(), l.text.as_str())).collect();
        assert_eq!(chat, [(Some(1), "from 2"), (Some(2), "from 3"), (None, "from a watcher")]);
        assert_eq!(stored.chat.last().map(|l| &l.by), Some(&watching.by), "the watcher's player and name kept");
        assert_eq!(stored.room.host, "p2");
        scratch.remove().await;
    }
}

/// Everything a room is, written through the store and read back whole:
/// its record, seats, log, chat and results, the ratings they made, the
/// profile and leaderboard those give, and the server's key, which stays.
#[tokio::test]
async fn a_room_written_reads_back_whole_with_its_ratings_profile_and_leaderboard() {
    use crate::ratings::{Rating, rate};
    for scratch in stores("whole").await {
        let store = scratch.store();
        let keys = store.signing_keys().await.unwrap();
        assert_eq!((keys.len(), keys[0].id, keys[0].secret.len()), (1, 1, 32));
        assert_eq!(store.signing_keys().await.unwrap(), keys, "the key is made once");
        let rotated = store.rotate_key("a test").await.unwrap();
        let after = store.signing_keys().await.unwrap();
        assert_eq!((rotated, after.len(), &after[0]), (2, 2, &keys[0]), "a second key, the first kept");
        store.sign_out("p1", 42).await.unwrap();
        store.sign_out("p1", 43).await.unwrap();
        assert_eq!(store.sign_outs().await.unwrap(), [("p1".to_owned(), 43)]);
        let mut record = room("ffffffffff");
        record.hints = false;
        record.seed = u64::MAX - 5;
        let seat = |n: u8| SeatRecord { seat: n, player: format!("p{n}"), name: format!("Ann {n} ✓") };
        store.create_room(&record, &seat(0)).await.unwrap();
        store.add_seat("ffffffffff", 0, &seat(1)).await.unwrap();
        store.set_bots("ffffffffff", 0, &[]).await.unwrap();
        store.start("ffffffffff", 0, 1_000).await.unwrap();
        let claim = MoveRecord { seq: 1, seat: 1, at_ms: 4_200, kind: MoveKind::Claim, cards: vec![0, 40, 80] };
        store.append("ffffffffff", 0, &claim).await.unwrap();
        let line =
            ChatRecord { n: 1, by: Speaker::Seat(0), at_ms: 4_300, text: "<b>hi</b> ' \" ;".into(), hidden: false };
        store.chat("ffffffffff", 0, &line).await.unwrap();
        let before = [Rating::default(), Rating::default()];
        let after = rate(&before, &[2, 1], &[1.0, 1.0], &[1, 1]);
        let results: Vec<ResultRecord> = (0..2u8)
            .map(|n| ResultRecord {
                seat: n,
                player: format!("p{n}"),
                name: format!("Ann {n} ✓"),
                place: 2 - u32::from(n),
                sets: u32::from(n) * 3,
                before: before[usize::from(n)],
                after: after[usize::from(n)],
            })
            .collect();
        let last = MoveRecord { seq: 2, seat: 1, at_ms: 61_000, kind: MoveKind::Hint, cards: vec![] };
        store.append_last("ffffffffff", 0, &last, &results).await.unwrap();

        let stored = store.load("ffffffffff").await.unwrap().unwrap();
        let mut over = record.clone();
        over.status = Status::Over;
        over.ended_at_ms = Some(61_000);
        assert_eq!(stored.room, over);
        assert_eq!(stored.seats, [seat(0), seat(1)]);
        assert_eq!(stored.moves, [claim, last]);
        assert_eq!(stored.chat, [line]);
        let read: Vec<(u8, u32, u32, f64, f64)> =
            stored.results.iter().map(|r| (r.seat, r.place, r.sets, r.before.mu, r.after.mu)).collect();
        let written: Vec<(u8, u32, u32, f64, f64)> =
            results.iter().map(|r| (r.seat, r.place, r.sets, r.before.mu, r.after.mu)).collect();
        assert_eq!(read, written);
        assert!(store.load("gggggggggg").await.unwrap().is_none());

        let ratings = store.ratings("classic", &["p1".to_owned(), "p0".to_owned(), "p9".to_owned()]).await.unwrap();
        assert_eq!(
            ratings.iter().map(|r| (r.games, r.wins)).collect::<Vec<_>>(),
            [(1, 1), (1, 0), (0, 0)],
            "the winner, the other, and a player with no game"
        );
        assert_eq!(ratings[0].mu, after[1].mu);
        let friendly = set_core::online::fair::Policy {
            listed_games: 1,
            listed_opponents: 1,
            list_provisional: true,
            ..Default::default()
        };
        assert_eq!(
            store.leaderboard("classic", 10, &set_core::online::fair::Policy::default()).await.unwrap(),
            [],
            "one game: listed nowhere"
        );
        let board = store.leaderboard("classic", 10, &friendly).await.unwrap();
        assert_eq!(
            board.iter().map(|l| (l.name.as_str(), l.games)).collect::<Vec<_>>(),
            [("Ann 1 ✓", 1), ("Ann 0 ✓", 1)]
        );
        let profile = store.profile("p1").await.unwrap().unwrap();
        assert_eq!((profile.name.as_str(), profile.games, profile.wins, profile.sets), ("Ann 1 ✓", 1, 1, 3));
        assert_eq!((profile.recent.len(), profile.recent[0].ms, profile.recent[0].players), (1, 61_000, 2));
        assert_eq!(profile.times["classic"].fastest_win_ms, Some(61_000));
        let game = &profile.recent[0];
        assert_eq!(profile.history["classic"], [game.before, game.after], "before the game, then after it");
        let way = &profile.ways["classic"];
        assert_eq!((way.rating, way.games, way.wins, way.sets), (profile.ratings["classic"], 1, 1, 3));
        assert!(store.profile("p9").await.unwrap().is_none());
        scratch.remove().await;
    }
}

/// The sweep deletes rooms that never started, finished ones past their
/// days and abandoned games, with everything of theirs, but not a room it
/// is told to keep.
#[tokio::test]
async fn the_sweep_deletes_old_rooms_whole_but_not_those_kept() {
    for scratch in stores("sweep").await {
        let store = scratch.store();
        let seat = SeatRecord { seat: 0, player: "p".into(), name: "Ann".into() };
        for id in ["hhhhhhhhhh", "iiiiiiiiii", "jjjjjjjjjj"] {
            store.create_room(&room(id), &seat).await.unwrap();
        }
        store.start("jjjjjjjjjj", 0, 1).await.unwrap();
        store.append("jjjjjjjjjj", 0, &hint(1)).await.unwrap();
        // The game started at 1 and its last move came 1 ms into it: at 2.
        let expiry = Expiry { waiting: 10, over: 10, abandoned: 2 };
        let mut deleted = store.delete_expired(expiry, &["iiiiiiiiii".to_owned()]).await.unwrap();
        deleted.sort();
        assert_eq!(deleted, ["hhhhhhhhhh"], "a waiting room made before; not the one kept, nor one played lately");
        assert!(store.load("hhhhhhhhhh").await.unwrap().is_none());
        assert!(store.load("iiiiiiiiii").await.unwrap().is_some());
        assert_eq!(store.load("jjjjjjjjjj").await.unwrap().unwrap().moves, [hint(1)]);
        // A game with no move since before the cut-off is abandoned: it goes, log and all.
        let later = Expiry { abandoned: 3, ..expiry };
        assert_eq!(store.delete_expired(later, &["iiiiiiiiii".to_owned()]).await.unwrap(), ["jjjjjjjjjj"]);
        assert!(store.load("jjjjjjjjjj").await.unwrap().is_none());
        scratch.remove().await;
    }
}

/// One writer per room: a node takes a room by raising its epoch, and a
/// write carrying an epoch that was raised since keeps nothing (a move, a
/// game's end, a chat line, a seat, a host); the owner's own go on.
#[tokio::test]
async fn an_append_from_a_node_whose_epoch_was_raised_keeps_nothing() {
    for scratch in stores("fence").await {
        let store = scratch.store();
        let seat = SeatRecord { seat: 0, player: "p".into(), name: "Ann".into() };
        store.create_room(&room("kkkkkkkkkk"), &seat).await.unwrap();
        store.start("kkkkkkkkkk", 0, 1).await.unwrap();
        let epoch = |taken| match taken {
            Taken::Epoch(epoch) => epoch,
            other => panic!("not taken: {other:?}"),
        };
        assert_eq!(store.take("nnnnnnnnnn", "a", 0, false).await.unwrap(), Taken::NoRoom, "no such room");
        let first = epoch(store.take("kkkkkkkkkk", "a", 0, false).await.unwrap());
        store.append("kkkkkkkkkk", first, &hint(1)).await.unwrap();
        let second = epoch(store.take("kkkkkkkkkk", "b", 0, true).await.unwrap());
        assert!(second > first);
        let late = store.append("kkkkkkkkkk", first, &hint(2)).await;
        assert!(matches!(late, Err(StoreError::Superseded { .. })), "{late:?}");
        let late_end = store.append_last("kkkkkkkkkk", first, &hint(2), &[]).await;
        assert!(matches!(late_end, Err(StoreError::Superseded { .. })), "{late_end:?}");
        // Every other write of the room's is fenced the same way.
        let line = ChatRecord { n: 1, by: Speaker::Seat(0), at_ms: 5, text: "late".into(), hidden: false };
        let late_seat = SeatRecord { seat: 1, player: "q".into(), name: "Bo".into() };
        assert!(matches!(store.chat("kkkkkkkkkk", first, &line).await, Err(StoreError::Superseded { .. })));
        assert!(matches!(store.add_seat("kkkkkkkkkk", first, &late_seat).await, Err(StoreError::Superseded { .. })));
        assert!(matches!(store.set_host("kkkkkkkkkk", first, "q").await, Err(StoreError::Superseded { .. })));
        let stored = store.load("kkkkkkkkkk").await.unwrap().unwrap();
        assert_eq!((stored.moves.clone(), stored.room.status), (vec![hint(1)], Status::Playing), "nothing of a's kept");
        assert_eq!((stored.chat.len(), stored.seats.len(), stored.room.host.as_str()), (0, 1, "p"));
        store.append("kkkkkkkkkk", second, &hint(2)).await.unwrap();
        assert_eq!(store.load("kkkkkkkkkk").await.unwrap().unwrap().moves, [hint(1), hint(2)]);
        scratch.remove().await;
    }
}

/// A take goes through the group commit with the moves: queued together, a
/// take and an owner's append of the epoch it raises are one after the
/// other whatever the batch (the append is refused, the take kept), and a
/// crowd of takes of other rooms gets each its own epoch.
#[tokio::test]
async fn takes_are_written_in_the_batches_in_the_order_they_came() {
    for scratch in stores("batched-takes").await {
        let store = scratch.store();
        let seat = SeatRecord { seat: 0, player: "p".into(), name: "Ann".into() };
        let ids: Vec<String> = (0..20).map(|n| format!("t{n:09}")).collect();
        for id in &ids {
            store.create_room(&room(id), &seat).await.unwrap();
            store.start(id, 0, 1).await.unwrap();
        }
        let Taken::Epoch(first) = store.take(&ids[0], "a", 0, false).await.unwrap() else { panic!("not taken") };
        let move1 = hint(1);
        let (taken, late) = tokio::join!(store.take(&ids[0], "b", 0, true), store.append(&ids[0], first, &move1));
        let Taken::Epoch(second) = taken.unwrap() else { panic!("not taken by b") };
        assert!(second > first);
        assert!(matches!(late, Err(StoreError::Superseded { .. })), "{late:?}");
        let crowd = futures_util::future::join_all(ids.iter().skip(1).map(|id| store.take(id, "c", 0, false))).await;
        assert!(crowd.iter().all(|t| matches!(t, Ok(Taken::Epoch(_)))), "{crowd:?}");
        assert!(store.load(&ids[0]).await.unwrap().unwrap().moves.is_empty(), "a's late move kept nothing");
        scratch.remove().await;
    }
}

/// Only the owner takes a room while its lease lives: another node takes
/// it only when routed by the room, or once the lease ran out or ended.
#[tokio::test]
async fn a_live_owners_room_is_taken_only_when_routed_by_it_or_once_its_lease_ends() {
    for scratch in stores("leases").await {
        let store = scratch.store();
        let seat = SeatRecord { seat: 0, player: "p".into(), name: "Ann".into() };
        store.create_room(&room("llllllllll"), &seat).await.unwrap();
        let now = 1_000_000;
        store.renew_lease("a", now + 5_000).await.unwrap();
        let Taken::Epoch(first) = store.take("llllllllll", "a", now, false).await.unwrap() else {
            panic!("a takes it")
        };
        assert_eq!(store.take("llllllllll", "b", now, false).await.unwrap(), Taken::OwnedBy("a".into()));
        assert_eq!(store.epoch("llllllllll").await.unwrap(), Some(first), "nothing raised");
        assert!(matches!(store.take("llllllllll", "a", now, false).await.unwrap(), Taken::Epoch(_)), "its own again");
        // The lease ran out: anyone's.
        assert!(matches!(store.take("llllllllll", "b", now + 5_001, false).await.unwrap(), Taken::Epoch(_)));
        // b's lease lives; routed by the room, a takes it back all the same.
        store.renew_lease("b", now + 10_000).await.unwrap();
        assert_eq!(store.take("llllllllll", "c", now + 6_000, false).await.unwrap(), Taken::OwnedBy("b".into()));
        assert!(matches!(store.take("llllllllll", "a", now + 6_000, true).await.unwrap(), Taken::Epoch(_)));
        // a stops: its lease ends, and its rooms are anyone's at once.
        store.renew_lease("a", now + 20_000).await.unwrap();
        store.end_lease("a").await.unwrap();
        assert!(matches!(store.take("llllllllll", "c", now + 6_000, false).await.unwrap(), Taken::Epoch(_)));
        scratch.remove().await;
    }
}

#[test]
fn a_profiles_history_is_each_ways_ratings_oldest_first() {
    use set_protocol::api::RecentGameMsg;
    let game = |mode: &str, before, after| RecentGameMsg {
        room: "r".into(),
        mode: mode.into(),
        place: 1,
        players: 2,
        sets: 0,
        before,
        after,
        ms: 0,
    };
    // As the profile reads them: most recent first.
    let games = [game("classic", 1520, 1530), game("junior", 1500, 1480), game("classic", 1500, 1520)];
    let history = super::players::history(&games);
    assert_eq!(history["classic"], [1500, 1520, 1530]);
    assert_eq!(history["junior"], [1500, 1480]);
    assert_eq!(history.len(), 2);
}

/// The identities role alone (`&dyn Identities`): one signing key made on
/// first use and the same one read again, and each player's last sign-out.
#[tokio::test]
async fn the_identities_role_keeps_one_key_and_each_players_last_sign_out() {
    for scratch in stores("identities").await {
        let identities: &dyn Identities = scratch.store();
        let first = identities.signing_keys().await.unwrap();
        assert_eq!(first.len(), 1, "made on first use");
        let again = identities.signing_keys().await.unwrap();
        assert_eq!((again[0].id, &again[0].secret), (first[0].id, &first[0].secret), "read again, not made anew");
        assert_eq!(first[0].secret.len(), 32);
        assert!(identities.sign_outs().await.unwrap().is_empty());
        identities.sign_out("p1", 1_000).await.unwrap();
        identities.sign_out("p2", 2_000).await.unwrap();
        identities.sign_out("p1", 3_000).await.unwrap();
        let mut outs = identities.sign_outs().await.unwrap();
        outs.sort();
        assert_eq!(outs, [("p1".to_owned(), 3_000), ("p2".to_owned(), 2_000)], "the last of each");
        scratch.remove().await;
    }
}

/// The moderation role alone (`&dyn Moderation`): reports kept up to a
/// reporter's most in a day, the rest refused, and no sanction in force
/// until the operator makes one.
#[tokio::test]
async fn the_moderation_role_keeps_a_reporters_few_a_day_and_refuses_the_next() {
    for scratch in stores("moderation-role").await {
        let moderation: &dyn super::Moderation = scratch.store();
        let report = |reporter: &str, at| super::ReportRecord {
            id: 0,
            reporter: reporter.into(),
            player: "p9".into(),
            why: "too fast".into(),
            at,
        };
        let day = 24 * 3_600_000;
        assert!(moderation.report(&report("p1", day), 0, 2).await.unwrap());
        assert!(moderation.report(&report("p1", day + 1), 0, 2).await.unwrap());
        assert!(!moderation.report(&report("p1", day + 2), 0, 2).await.unwrap(), "the third within the day");
        assert!(moderation.report(&report("p2", day + 3), 0, 2).await.unwrap(), "another reporter's own few");
        // A day on, the first two are behind `since`.
        assert!(moderation.report(&report("p1", 2 * day + 5), day + 2, 2).await.unwrap());
        assert!(moderation.sanctions_in_force().await.unwrap().is_empty());
        scratch.remove().await;
    }
}
