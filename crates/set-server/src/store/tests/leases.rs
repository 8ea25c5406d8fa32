//! The leases' role (`Leases`): which node owns a room, its epoch, and
//! what an append from a node that lost it keeps (nothing).

use super::*;

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
/// it once the lease ran out or ended, or once the owner let it go. A node
/// routed by the room asks for it instead; the owner reads the asks and
/// lets go at the epoch it holds (a stale let-go changes nothing).
#[tokio::test]
async fn a_live_owners_room_is_taken_only_once_its_lease_ends_or_it_lets_go() {
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
        let held = store.epoch("llllllllll").await.unwrap().unwrap();
        assert!(store.wanted_of("a").await.unwrap().is_empty(), "no one asked");
        // Routed by the room, b asks: not taken, but asked for.
        assert_eq!(store.take("llllllllll", "b", now, true).await.unwrap(), Taken::OwnedBy("a".into()));
        assert_eq!(store.epoch("llllllllll").await.unwrap(), Some(held), "a socket's arrival raised nothing");
        assert_eq!(store.wanted_of("a").await.unwrap(), [("llllllllll".to_owned(), held)]);
        assert!(store.wanted_of("b").await.unwrap().is_empty(), "asks are the owner's to read");
        // A let-go of another epoch, or by another node, changes nothing.
        assert!(!store.let_go("llllllllll", "a", held - 1).await.unwrap());
        assert!(!store.let_go("llllllllll", "b", held).await.unwrap());
        assert_eq!(store.take("llllllllll", "b", now, true).await.unwrap(), Taken::OwnedBy("a".into()));
        // a lets go: b takes it, and the ask is answered.
        assert!(store.let_go("llllllllll", "a", held).await.unwrap());
        let Taken::Epoch(by_b) = store.take("llllllllll", "b", now, true).await.unwrap() else { panic!("b takes it") };
        assert!(by_b > held);
        assert!(store.wanted_of("a").await.unwrap().is_empty() && store.wanted_of("b").await.unwrap().is_empty());
        // The lease ran out: anyone's.
        assert!(matches!(store.take("llllllllll", "c", now + 5_001, false).await.unwrap(), Taken::Epoch(_)));
        // c's lease lives: a, routed by the room, only asks.
        store.renew_lease("c", now + 10_000).await.unwrap();
        assert_eq!(store.take("llllllllll", "a", now + 6_000, true).await.unwrap(), Taken::OwnedBy("c".into()));
        // c stops: its lease ends, and its rooms are anyone's at once.
        store.end_lease("c").await.unwrap();
        assert!(matches!(store.take("llllllllll", "a", now + 6_000, false).await.unwrap(), Taken::Epoch(_)));
        scratch.remove().await;
    }
}
