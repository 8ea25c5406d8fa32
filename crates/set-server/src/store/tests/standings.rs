//! The standings' role (`Standings`): ratings kept with a game's results,
//! and a profile's history.

use super::*;

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
            let full = crate::ratings::Update {
                weight: set_core::online::fair::Weight { vouched: 1.0, unvouched: 0.0 },
                new_opponents: 1,
                new_vouchers: 1,
            };
            let after = rate(before, &[1, 2], &[full; 2], crate::unix_ms());
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
    let history = crate::store::players::history(&games);
    assert_eq!(history["classic"], [1500, 1520, 1530]);
    assert_eq!(history["junior"], [1500, 1480]);
    assert_eq!(history.len(), 2);
}

/// A player who has played only unrated games has a profile: their name,
/// their games by way and the last ones, none rated; one who never
/// finished a game has none.
#[tokio::test]
async fn a_player_with_unrated_games_only_has_a_profile_of_them() {
    for scratch in stores("unrated-profile").await {
        let store = scratch.store();
        let seat = |n: u8, player: &str, name: &str| SeatRecord { seat: n, player: player.into(), name: name.into() };
        for (id, over) in [("uuuuuuuuu1", true), ("uuuuuuuuu2", true), ("uuuuuuuuu3", false)] {
            store.create_room(&room(id), &seat(0, "newt", "Newt")).await.unwrap();
            store.add_seat(id, 0, &seat(1, "olly", "Olly")).await.unwrap();
            store.start(id, 0, 0).await.unwrap();
            let mv = MoveRecord { seq: 1, seat: 0, at_ms: 61_000, kind: MoveKind::Hint, cards: Vec::new() };
            if over {
                store.append_last(id, 0, &mv, &[]).await.unwrap();
            }
            tokio::time::sleep(std::time::Duration::from_millis(3)).await;
        }
        let profile = store.profile("newt").await.unwrap().expect("a profile of the games played");
        assert_eq!((profile.name.as_str(), profile.games, profile.recent.len()), ("Newt", 0, 0));
        assert_eq!(profile.played, [("classic".to_owned(), 2)].into_iter().collect());
        let last: Vec<(&str, u32, u64, bool)> =
            profile.last_games.iter().map(|g| (g.room.as_str(), g.players, g.ms, g.rated)).collect();
        assert_eq!(last, [("uuuuuuuuu2", 2, 61_000, false), ("uuuuuuuuu1", 2, 61_000, false)]);
        assert_eq!(store.profile("nobody").await.unwrap(), None);
        scratch.remove().await;
    }
}
