//! Nothing acknowledged is lost: the server is killed with SIGKILL in the
//! middle of a game and started again on the same database file; the rooms
//! come back from their logs as they were, and the game is played to its
//! end. The finished game downloads as a save whose seed matches the
//! commitment published at the start. And a second server on the same file
//! refuses to start. The same game survives on Postgres.

use crate::support::*;
use serde_json::json;
use sha2::{Digest, Sha256};

async fn started_room(server: &Server) -> (Client, Client, String, serde_json::Value) {
    let mut ann = Client::new(server, None).await;
    let room = ann.create("junior", "Ann").await;
    let (ben, start) = ben_sits_and_ann_starts(server, &mut ann, &room).await;
    (ann, ben, room, start)
}

#[tokio::test]
async fn a_game_survives_sigkill_and_finishes_with_a_verifiable_deal() {
    let scratch = Scratch::new("restart");
    survives_sigkill(&scratch, &scratch.db()).await;
}

/// The same on a Postgres database (`--db postgres://…`), as the nodes of a
/// cluster keep their rooms: the killed server's game comes back from it.
#[tokio::test]
async fn on_postgres_a_game_survives_sigkill_and_finishes_with_a_verifiable_deal() {
    let Some(database) = PostgresDatabase::new("restart").await else { return };
    let scratch = Scratch::new("restart-postgres");
    survives_sigkill(&scratch, std::path::Path::new(&database.url)).await;
    database.remove().await;
}

/// Plays half a game on `db`, kills the server, starts another on the same
/// database, and plays the game to its end there.
async fn survives_sigkill(scratch: &Scratch, db: &std::path::Path) {
    let server = Server::try_start(db, &scratch.dist(), &[]).expect("the server starts");
    let (mut ann, mut ben, room, start) = started_room(&server).await;
    let commitment = start["commitment"].as_str().unwrap().to_owned();
    let mut table = ids(&start["view"]["table"]);
    let mut seq = 0;
    for turn in 0..4 {
        let player = if turn % 2 == 0 { &mut ann } else { &mut ben };
        let moved = player.play_a_set(&table, seq).await;
        seq = moved["seq"].as_u64().unwrap();
        table = ids(&moved["view"]["table"]);
    }
    let before = ann.join(&room, None, 0).await;
    let (ann_token, ben_token) = (ann.token.clone(), ben.token.clone());
    drop((ann, ben));
    server.kill();

    let server = Server::try_start(db, &scratch.dist(), &[]).expect("the server starts again");
    let mut ann = Client::new(&server, Some(&ann_token)).await;
    let mut ben = Client::new(&server, Some(&ben_token)).await;
    let after = ann.join(&room, None, 0).await;
    ben.join(&room, None, seq as u32).await;
    for field in ["view", "seq", "status", "commitment", "moves"] {
        assert_eq!(after[field], before[field], "{field} after the restart");
    }
    let scores =
        |v: &serde_json::Value| v["players"].as_array().unwrap().iter().map(|p| p["score"].clone()).collect::<Vec<_>>();
    assert_eq!(scores(&after), scores(&before));
    assert_eq!(scores(&after), [json!(2), json!(2)]);

    // The save is not for download while the seed is secret.
    assert!(server.get(&format!("/api/games/{room}"), "").await.starts_with("HTTP/1.1 409"));
    // Play it out, taking turns.
    let (end, seq) = play_to_the_end([&mut ann, &mut ben], &table, seq).await;
    assert_eq!(end["status"], "over");
    let (seed, salt) = (end["seed"].as_str().unwrap(), end["salt"].as_str().unwrap());
    let digest: String = Sha256::digest(format!("{room}:{seed}:{salt}").as_bytes())
        .iter()
        .fold(String::new(), |hex, b| hex + &format!("{b:02x}"));
    assert_eq!(digest, commitment, "the revealed seed is the one committed to at the start");

    let response = server.get(&format!("/api/games/{room}"), "").await;
    assert!(response.starts_with("HTTP/1.1 200"), "{response}");
    let save = &response[response.find("\r\n\r\n").unwrap() + 4..];
    let (saved, sitting) = set_core::save::decode_seated(save).expect("the download is a save the page reads");
    assert_eq!(saved.game.seed().to_string(), seed);
    assert!(saved.game.is_over());
    assert_eq!(saved.game.moves().len() as u64, seq);
    let names: Vec<&str> = sitting.seats().players().iter().map(|p| p.name.as_ref()).collect();
    assert_eq!(names, ["Ann", "Ben"]);
    let sets: u32 = sitting.standings(&saved.game).iter().map(|s| s.sets).sum();
    assert_eq!(sets as usize, saved.game.found().len());
}

#[tokio::test]
async fn a_second_server_on_the_same_database_refuses_to_start() {
    let scratch = Scratch::new("second");
    let _first = Server::start(&scratch);
    let err = Server::try_start(&scratch.db(), &scratch.dist(), &[]).err().expect("the second server exits");
    assert!(err.contains("another set-server is using"), "{err}");
}
