//! Computer opponents online, through the real server: the host chooses
//! them (bad levels and too many refused); at the start they sit after the
//! people, and the room makes their claims on its clock as moves of its
//! log, each a set of the table, which the database holds (read with the
//! test's own query) and which a killed and restarted server replays.

use crate::support::*;
use serde_json::Value;
use sqlx::Row;

fn bots(levels: &[&str]) -> ClientMsg {
    ClientMsg::Bots { bots: levels.iter().map(|&l| l.to_owned()).collect() }
}

/// The longest a test waits for a computer opponent's move.
const BOT_WAIT: std::time::Duration = std::time::Duration::from_mins(1);

/// The next move a bot made (seat `from` or later), skipping the others'.
async fn bot_move(client: &mut Client, first_bot: u64) -> Value {
    // An expert's think has a long tail: more than the usual wait now and then.
    client.wait = BOT_WAIT;
    loop {
        let message = client.next().await;
        if message["t"] == "move" && message["by"].as_u64().unwrap() >= first_bot {
            return message;
        }
    }
}

#[tokio::test]
async fn the_room_plays_its_bots_claims_as_moves_of_its_log_through_a_restart() {
    let scratch = Scratch::new("bots");
    let server = Server::start(&scratch);
    let mut ann = Client::new(&server, None).await;
    let room = ann.create("classic", "Ann").await;
    let mut ben = Client::new(&server, None).await;
    ben.join(&room, Some("Ben"), 0).await;

    // Only the host chooses, levels that exist, at most three.
    ben.send(bots(&["easy"])).await;
    assert_eq!(ben.expect("error").await["code"], "not_host");
    ann.send(bots(&["godlike"])).await;
    assert!(ann.expect("error").await["message"].as_str().unwrap().contains("\"godlike\" is no level"));
    ann.send(bots(&["easy"; 4])).await;
    assert_eq!(ann.expect("error").await["code"], "bad_bots");
    ann.send(bots(&["expert", "expert"])).await;
    let chosen = ann.expect("room").await;
    assert_eq!(chosen["bots"], serde_json::json!(["expert", "expert"]));
    let names: Vec<&str> = chosen["players"].as_array().unwrap().iter().map(|p| p["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Ann", "Ben", "Expert bot", "Expert bot 2"]);
    assert_eq!(chosen["players"][2]["bot"], true);

    ann.send(ClientMsg::Start).await;
    let started = ann.expect("room").await;
    let mut table = ids(&started["view"]["table"]);
    // The bots find sets by themselves: each of their moves a set of the table before it.
    for _ in 0..2 {
        let mv = bot_move(&mut ann, 2).await;
        let cards = ids(&mv["cards"]);
        assert_eq!(mv["kind"], "set");
        assert!(sets_of(&table).contains(&cards), "{cards:?} is a set of {table:?}");
        table = ids(&mv["view"]["table"]);
    }

    // Killed with SIGKILL: the log holds the bots' moves, by seat, and the room replays.
    server.kill();
    let pool = sqlx::SqlitePool::connect(&format!("sqlite://{}?mode=ro", scratch.db().display())).await.unwrap();
    let rows =
        sqlx::query("SELECT seat FROM moves WHERE room = ? ORDER BY seq").bind(&room).fetch_all(&pool).await.unwrap();
    let seats: Vec<i64> = rows.iter().map(|r| r.get(0)).collect();
    assert!(seats.len() >= 2 && seats.iter().all(|&seat| seat >= 2), "only the bots played: {seats:?}");
    let stored: String =
        sqlx::query("SELECT bots FROM rooms WHERE id = ?").bind(&room).fetch_one(&pool).await.unwrap().get(0);
    assert_eq!(stored, "expert,expert");
    pool.close().await;
    let server = Server::start(&scratch);
    let mut again = Client::new(&server, Some(&ann.token)).await;
    let back = again.join(&room, None, 0).await;
    assert_eq!(back["seq"].as_u64().unwrap() as usize, seats.len(), "every kept move replayed");
    let after = bot_move(&mut again, 2).await;
    assert_eq!(after["seq"].as_u64().unwrap() as usize, seats.len() + 1, "and the bots play on");
}

#[tokio::test]
async fn a_room_made_with_bots_never_lets_more_than_eight_sit() {
    let scratch = Scratch::new("bots-eight");
    let server = Server::start(&scratch);
    let mut ann = Client::new(&server, None).await;
    ann.send(ClientMsg::Create {
        mode: "junior".into(),
        hints: false,
        name: "Ann".into(),
        public: false,
        bots: vec!["easy".into(), "hard".into(), "hard".into()],
        dealing: set_core::rules::variant::Dealing::Automatic,
    })
    .await;
    let room = ann.expect("created").await["room"].as_str().unwrap().to_owned();
    let snapshot = ann.join(&room, None, 0).await;
    assert_eq!(snapshot["bots"], serde_json::json!(["easy", "hard", "hard"]));
    for name in ["B", "C", "D", "E"] {
        let mut client = Client::new(&server, None).await;
        client.join(&room, Some(name), 0).await;
    }
    // Five people and three bots are eight: a sixth person would make nine.
    let mut sixth = Client::new(&server, None).await;
    sixth.send(ClientMsg::Join { room: room.clone(), name: Some("F".into()), since: None }).await;
    assert_eq!(sixth.expect("error").await["code"], "room_full");
}
