//! The operator's measures: the finished races read for `admin floors`.

use super::*;

/// Rooms of every kind a store keeps; only the finished races among people
/// with no hints are read, newest first, each seat with its player's
/// experience in the way (none for a player with no rating there).
#[tokio::test]
async fn the_races_read_are_the_finished_ones_of_people_without_hints() {
    for scratch in stores("races").await {
        let store = scratch.store();
        let seat = |n: u8, player: &str| SeatRecord { seat: n, player: player.into(), name: format!("N{n}") };
        let kinds = [
            ("raceaaaaaa", false, Vec::new(), true),
            ("hintsaaaaa", true, Vec::new(), true),
            ("botsaaaaaa", false, vec![set_core::players::level::Level::Easy], true),
            ("playingaaa", false, Vec::new(), false),
            ("racebbbbbb", false, Vec::new(), true),
        ];
        for (id, hints, bots, over) in kinds {
            let record = RoomRecord { hints, bots, ..room(id) };
            store.create_room(&record, &seat(0, "ann")).await.unwrap();
            store.add_seat(id, 0, &seat(1, "ben")).await.unwrap();
            store.start(id, 0, 0).await.unwrap();
            let mv = MoveRecord { seq: 1, seat: 0, at_ms: 40_000, kind: MoveKind::Call, cards: Vec::new() };
            if over {
                store.append_last(id, 0, &mv, &[]).await.unwrap();
            } else {
                store.append(id, 0, &mv).await.unwrap();
            }
            // One after another, a millisecond of the wall clock apart:
            // `ended_at` orders them.
            tokio::time::sleep(std::time::Duration::from_millis(3)).await;
        }
        sqlx::query(
            "INSERT INTO ratings (player, mode, mu, sigma, games, wins, vouched, days)
             VALUES ('ann', 'classic', 25, 8, 21, 3, 2, 7), ('ann', 'junior', 25, 8, 1, 1, 5, 1)",
        )
        .execute(&store.writer)
        .await
        .unwrap();
        let races = store.races(10).await.unwrap();
        let ann = set_core::online::fair::Experience { vouched: 2, games: 21, days: 7 };
        let ben = set_core::online::fair::Experience::default();
        let race = |room: &str| super::super::measures::Race { room: room.into(), seats: vec![ann, ben] };
        assert_eq!(races, [race("racebbbbbb"), race("raceaaaaaa")]);
        assert_eq!(store.races(1).await.unwrap(), [race("racebbbbbb")]);
        scratch.remove().await;
    }
}
