//! The room log's role (`RoomLog`): rooms, seats, moves and chat appended
//! and read back whole, and the sweep of old rooms.

use super::*;

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
        assert_eq!(store.sign_outs_since(0).await.unwrap(), [("p1".to_owned(), 43)]);
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
        let update = crate::ratings::Update {
            weight: set_core::online::fair::Weight { vouched: 0.5, unvouched: 0.5 },
            new_opponents: 1,
            new_vouchers: 1,
        };
        let after = rate(&before, &[2, 1], &[update; 2], crate::unix_ms());
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
        let kept = |r: &Rating| (r.sigma, r.opponents, r.vouched, r.days, r.unvouched, r.played_at_ms);
        assert_eq!(kept(&ratings[0]), kept(&after[1]), "the fair-play counts are kept as rated");
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
