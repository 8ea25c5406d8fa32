//! The "no set" call through the real server: a Set-Chain room made to
//! wait for calls, two players calling at once, on a table with a link (both
//! wrong) and on one without (one right, the other late); then the server
//! is killed and started again on the same database file, and the room
//! comes back with its calls. Whether a link lies out is decided here by
//! brute force over the set rule as the cards' digits state it; the stored
//! moves are read with the test's own query.

use crate::support::*;
use serde_json::Value;

/// Three card ids are a set: each ternary digit all the same or all different.
fn is_set(cards: [u8; 3]) -> bool {
    [1u8, 3, 9, 27].iter().all(|&unit| {
        let [a, b, c] = cards.map(|id| id / unit % 3);
        (a == b && b == c) || (a != b && b != c && a != c)
    })
}

/// A Set-Chain claim of one card of `previous` and two of `table`, if any
/// (any three of the table before the first set).
fn a_link(previous: &[u8], table: &[u8]) -> Option<Vec<u8>> {
    let pairs = || (0..table.len()).flat_map(move |i| (i + 1..table.len()).map(move |j| (table[i], table[j])));
    if previous.is_empty() {
        let triples = (0..table.len())
            .flat_map(|i| pairs().filter(move |&(a, _)| a > table[i]).map(move |(a, b)| [table[i], a, b]));
        return triples.into_iter().find(|&t| is_set(t)).map(|t| t.to_vec());
    }
    previous.iter().flat_map(|&p| pairs().map(move |(a, b)| [p, a, b])).find(|&t| is_set(t)).map(|t| t.to_vec())
}

fn view_of(value: &Value) -> (Vec<u8>, Vec<u8>) {
    let previous = if value["previous"].is_array() { ids(&value["previous"]) } else { Vec::new() };
    (ids(&value["table"]), previous)
}

/// A called Set-Chain room of Ann's, Ben seated, started: the two, the room, the start.
async fn called_room(server: &Server) -> (Client, Client, String, Value) {
    let mut ann = Client::new(server, None).await;
    ann.send(ClientMsg::Create {
        mode: "chain".to_owned(),
        hints: false,
        name: "Ann".to_owned(),
        public: false,
        bots: vec![],
        dealing: set_core::rules::variant::Dealing::WhenCalled,
    })
    .await;
    let room = ann.expect("created").await["room"].as_str().unwrap().to_owned();
    ann.join(&room, None, 0).await;
    let (ben, start) = ben_sits_and_ann_starts(server, &mut ann, &room).await;
    (ann, ben, room, start)
}

#[tokio::test]
async fn two_calls_at_once_one_is_first_the_other_late_and_a_restart_keeps_them() {
    let scratch = Scratch::new("calls");
    let mut server = Server::start(&scratch);
    // Set-Chain's tables lack a link often; a few rooms make one all but certain.
    for attempt in 0..6 {
        let (mut ann, mut ben, room, start) = called_room(&server).await;
        assert_eq!(start["dealing"], "called");
        let (mut table, mut previous) = view_of(&start["view"]);
        let mut seq = 0;
        let mut wrong_both = false;
        loop {
            if let Some(link) = a_link(&previous, &table) {
                if !wrong_both {
                    seq = both_call_wrongly(&mut ann, &mut ben, seq, &table).await;
                    wrong_both = true;
                }
                // A connection claims 8 a second at most.
                tokio::time::sleep(std::time::Duration::from_millis(130)).await;
                let player = if seq % 2 == 0 { &mut ann } else { &mut ben };
                let id = player.claim(&link, seq).await;
                let answer = player.result(id).await;
                assert_eq!(answer["verdict"], "accepted", "{answer}");
                let moved = player.expect_move(answer["seq"].as_u64().unwrap()).await;
                seq = moved["seq"].as_u64().unwrap();
                if moved["view"]["over"] == true {
                    break;
                }
                (table, previous) = view_of(&moved["view"]);
                continue;
            }
            // No link lies out (and the game is not over: the deck is not empty).
            let snapshot = ann.join(&room, None, seq as u32).await;
            let scores_before: Vec<i64> =
                snapshot["players"].as_array().unwrap().iter().map(|p| p["score"].as_i64().unwrap()).collect();
            // Three more, or the last one or two (Set-Chain's deck can end on two: each set deals two).
            let dealt = snapshot["view"]["deck_left"].as_u64().unwrap().min(3) as usize;
            let (a, b) = (ann.call_no_set(seq).await, ben.call_no_set(seq).await);
            let (a, b) = (ann.result(a).await, ben.result(b).await);
            let (first, late) = if a["verdict"] == "accepted" { (&a, &b) } else { (&b, &a) };
            assert_eq!(first["verdict"], "accepted", "{a} {b}");
            assert_eq!(late["verdict"], "taken", "the second is late: {late}");
            assert!(late["card"].is_null(), "a late call names no card: {late}");
            let moved = ann.expect_move(seq + 1).await;
            assert_eq!(moved["kind"], "noset");
            assert_eq!(ids(&moved["view"]["table"]).len(), table.len() + dealt, "three more cards");
            assert_eq!(late["by"], moved["by"], "the late one names who called first");
            let scores: Vec<i64> =
                moved["players"].as_array().unwrap().iter().map(|p| p["score"].as_i64().unwrap()).collect();
            let caller = moved["by"].as_u64().unwrap() as usize;
            assert_eq!(scores[caller], scores_before[caller] + 1, "a point for the right call");
            assert_eq!(scores[1 - caller], scores_before[1 - caller], "none for the late one");
            let before = ann.join(&room, None, 0).await;
            let (ann_token, ben_token) = (ann.token.clone(), ben.token.clone());
            drop((ann, ben));
            server.kill();
            server = Server::start(&scratch);
            let mut ann = Client::new(&server, Some(&ann_token)).await;
            let after = ann.join(&room, None, 0).await;
            for field in ["view", "seq", "moves", "dealing"] {
                assert_eq!(after[field], before[field], "{field} after the restart");
            }
            let standing = |room: &Value| -> Vec<(Value, Value, Value)> {
                let players = room["players"].as_array().unwrap().iter();
                players.map(|p| (p["name"].clone(), p["score"].clone(), p["wrong"].clone())).collect()
            };
            assert_eq!(standing(&after), standing(&before), "scores and wrong calls after the restart");
            let kinds: Vec<&str> =
                after["moves"].as_array().unwrap().iter().map(|m| m["kind"].as_str().unwrap()).collect();
            assert!(kinds.contains(&"noset"), "{kinds:?}");
            // The log, read with this test's own query: a call is a move of kind `call`, without cards.
            let stored = stored_calls(&scratch, &room).await;
            assert_eq!(stored.len(), kinds.iter().filter(|&&k| k == "noset" || k == "wrongcall").count());
            assert!(stored.iter().all(String::is_empty), "{stored:?}");
            let mut ben = Client::new(&server, Some(&ben_token)).await;
            let back = ben.join(&room, None, 0).await;
            let (table, previous) = view_of(&back["view"]);
            // A wrong call, if none came before the right one, on the table after it.
            if !wrong_both && a_link(&previous, &table).is_some() {
                both_call_wrongly(&mut ann, &mut ben, back["seq"].as_u64().unwrap(), &table).await;
            }
            server.kill();
            return;
        }
        assert!(attempt < 5, "six Set-Chain games without a table lacking a link");
    }
}

/// Both call at once while a link lies out: both are wrong (the claim not
/// named), and nothing is dealt; then each waits out its cool-down. The
/// room's event number after.
async fn both_call_wrongly(ann: &mut Client, ben: &mut Client, seq: u64, table: &[u8]) -> u64 {
    let (a, b) = (ann.call_no_set(seq).await, ben.call_no_set(seq).await);
    let (a, b) = (ann.result(a).await, ben.result(b).await);
    assert_eq!((a["verdict"].as_str(), b["verdict"].as_str()), (Some("wrong"), Some("wrong")), "{a} {b}");
    assert_eq!(a["why"], "There is a set on the table.");
    let moved = ann.expect_move(seq + 2).await;
    assert_eq!(view_of(&moved["view"]).0, table, "a wrong call deals nothing");
    assert_eq!(moved["kind"], "wrongcall");
    let wrong: Vec<i64> = moved["players"].as_array().unwrap().iter().map(|p| p["wrong"].as_i64().unwrap()).collect();
    assert!(wrong.iter().all(|&w| w >= 1), "each call counted wrong: {wrong:?}");
    tokio::time::sleep(std::time::Duration::from_millis(1600)).await;
    seq + 2
}

/// The cards column of every call stored for `room`, by the test's own query.
async fn stored_calls(scratch: &Scratch, room: &str) -> Vec<String> {
    use sqlx::Row;
    sqlx::any::install_default_drivers();
    let url = format!("sqlite://{}?mode=ro", scratch.db().display());
    let pool = sqlx::AnyPool::connect(&url).await.unwrap();
    let rows = sqlx::query("SELECT cards FROM moves WHERE room = $1 AND kind = 'call' ORDER BY seq")
        .bind(room)
        .fetch_all(&pool)
        .await
        .unwrap();
    rows.iter().map(|row| row.get::<String, _>("cards")).collect()
}
