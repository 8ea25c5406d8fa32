//! Memory through the real server: two players turn cards up one at a
//! time, in turns. The views they are sent are read for cards: dealt, none
//! is shown; each card turned up is shown to both, in its slot, and no
//! other; a miss's three stay up and no more. A claim
//! by id is refused, a card on another's turn is refused, a turn left
//! alone runs out and the room turns up the rest; then the server is killed
//! and started again, and the room comes back with the same turn. A flood
//! of cards turned up meets the claims' budget it shares.

use crate::support::*;
use serde_json::Value;

/// The slots of a view's table that hold a card (the rest are `null`: face down).
fn shown(view: &Value) -> Vec<(usize, u8)> {
    let table = view["table"].as_array().unwrap();
    table.iter().enumerate().filter_map(|(slot, id)| Some((slot, id.as_u64()? as u8))).collect()
}

async fn flip(client: &mut Client, slot: u8, seen: u64) {
    client.send(ClientMsg::Flip { slot, seen: seen as u32 }).await;
}

/// A Memory room of Ann's with Ben seated, started: the two, the room, the start.
async fn memory_room(server: &Server) -> (Client, Client, String, Value) {
    let mut ann = Client::new(server, None).await;
    let room = ann.create("memory", "Ann").await;
    let (ben, start) = ben_sits_and_ann_starts(server, &mut ann, &room).await;
    (ann, ben, room, start)
}

#[tokio::test]
async fn memory_turns_cards_up_one_at_a_time_in_turns_and_never_sends_a_card_face_down() {
    let scratch = Scratch::new("memory");
    let mut server = Server::start(&scratch);
    let (mut ann, mut ben, room, start) = memory_room(&server).await;
    assert_eq!(start["mode"], "memory");
    let view = &start["view"];
    assert_eq!(view["table"].as_array().unwrap().len(), 21);
    assert!(shown(view).is_empty(), "dealt face down: {view}");
    assert_eq!(view["turn"], 0, "Ann's turn first");
    assert!(view["turn_ends_ms"].as_u64().is_some());

    // A claim by id is refused: a page that names a face-down card knows what it should not.
    let id = ann.claim(&[0, 1, 2], 0).await;
    let refused = ann.result(id).await;
    assert_eq!((refused["t"].as_str(), refused["code"].as_str()), (Some("error"), Some("bad_claim")), "{refused}");
    // Ben may not turn a card on Ann's turn.
    flip(&mut ben, 0, 0).await;
    let refused = ben.expect("error").await;
    assert!(refused["message"].as_str().unwrap().contains("turn"), "{refused}");

    // Ann turns up three, one at a time; both see each, and only those.
    let mut up = Vec::new();
    for slot in 0..3u8 {
        tokio::time::sleep(std::time::Duration::from_millis(150)).await;
        flip(&mut ann, slot, 0).await;
        let mut told_both = Vec::new();
        for client in [&mut ann, &mut ben] {
            let told = client.expect("flipped").await;
            assert_eq!((told["by"].as_u64(), told["slot"].as_u64()), (Some(0), Some(u64::from(slot))));
            let cards = shown(&told["view"]);
            assert_eq!(cards.iter().map(|&(s, _)| s as u8).collect::<Vec<_>>(), (0..=slot).collect::<Vec<_>>());
            told_both.push(cards);
        }
        assert_eq!(told_both[0], told_both[1], "both told the same");
        up.push(told_both[0].last().unwrap().1);
    }
    // The third made the claim: a set keeps the turn, a miss passes it, and stays up until the next card.
    let moved = ann.expect_move(1).await;
    assert_eq!(ids(&moved["cards"]), up, "the claim is the three turned up");
    let ben_moved = ben.expect_move(1).await;
    assert_eq!(ben_moved["view"], moved["view"]);
    if moved["kind"] == "wrong" {
        assert_eq!(moved["view"]["turn"], 1, "a miss passes the turn");
        assert_eq!(shown(&moved["view"]).iter().map(|&(_, id)| id).collect::<Vec<_>>(), up, "the miss stays up");
        assert_eq!(moved["players"][0]["wrong"], 0, "a miss costs nothing");
    } else {
        assert_eq!(moved["kind"], "set");
        assert_eq!(moved["view"]["turn"], 0, "a set keeps the turn");
        assert!(shown(&moved["view"]).is_empty(), "the set taken, new cards face down");
    }
    let turn = moved["view"]["turn"].as_u64().unwrap();

    // Whoever's turn it is leaves it alone: it runs out, and the room turns up the rest.
    let ends = moved["view"]["turn_ends_ms"].as_u64().unwrap();
    let waiting = if turn == 0 { &mut ann } else { &mut ben };
    waiting.wait = std::time::Duration::from_millis(ends.saturating_sub(moved["at_ms"].as_u64().unwrap()) + 10_000);
    let ran_out = waiting.expect_move(2).await;
    assert_eq!(ran_out["by"].as_u64(), Some(turn), "the turn's owner's claim");
    assert_eq!(ids(&ran_out["cards"]).len(), 3);
    assert!(ran_out["at_ms"].as_u64().unwrap() >= ends, "not before the turn ran out");
    let after = ran_out["view"]["turn"].as_u64().unwrap();
    if ran_out["kind"] == "wrong" {
        assert_eq!(after, 1 - turn, "the turn passed");
        let miss_up: Vec<u8> = shown(&ran_out["view"]).iter().map(|&(_, id)| id).collect();
        let mut claimed = ids(&ran_out["cards"]);
        claimed.sort_unstable();
        let mut miss_sorted = miss_up.clone();
        miss_sorted.sort_unstable();
        assert_eq!(miss_sorted, claimed, "only the miss is up");
    }
    ann.forget_held();
    ben.forget_held();

    // Killed and started again: the room comes back with the same turn and table as shown.
    let before = ann.join(&room, None, 0).await;
    let token = ann.token.clone();
    drop((ann, ben));
    server.kill();
    server = Server::start(&scratch);
    let mut ann = Client::new(&server, Some(&token)).await;
    let back = ann.join(&room, None, 0).await;
    assert_eq!(back["moves"], before["moves"]);
    assert_eq!(back["view"]["turn"], before["view"]["turn"]);
    assert_eq!(back["view"]["table"], before["view"]["table"]);
    assert_eq!(back["players"][0]["score"], before["players"][0]["score"]);
}

/// A Memory room is offered and listed like any way; a frame a Memory
/// room never takes (a flip in a classic room) is refused and changes nothing.
#[tokio::test]
async fn a_flip_in_a_room_whose_cards_lie_face_up_is_refused() {
    let scratch = Scratch::new("memory-classic");
    let server = Server::start(&scratch);
    let (mut ann, _room, table) = Client::alone_in_a_started_room(&server).await;
    flip(&mut ann, 0, 0).await;
    let refused = ann.expect("error").await;
    assert_eq!(refused["code"], "bad_claim", "{refused}");
    // The room goes on: a set is still taken.
    let moved = ann.play_a_set(&table, 0).await;
    assert_eq!(moved["seq"], 1);
}

/// A room's bot plays its Memory turns on the server: it misses as a person
/// does (a miss is no mistake of the bot's), the turn passes, and it comes back.
#[tokio::test]
async fn a_bot_takes_its_memory_turns_misses_and_all() {
    let scratch = Scratch::new("memory-bot");
    let server = Server::start(&scratch);
    let mut ann = Client::new(&server, None).await;
    let room = ann.create("memory", "Ann").await;
    ann.send(ClientMsg::Bots { bots: vec!["easy".to_owned()] }).await;
    ann.first_room_with(|r| r["bots"] == serde_json::json!(["easy"])).await;
    ann.send(ClientMsg::Start).await;
    ann.first_room_with(|r| r["status"] == "playing").await;
    ann.wait = std::time::Duration::from_secs(30);
    let (mut seq, mut bot_moves, mut bot_misses) = (0u64, 0, 0);
    for _ in 0..60 {
        if bot_misses > 0 && bot_moves > 1 {
            break;
        }
        let now = ann.join(&room, None, seq as u32).await;
        ann.forget_held();
        seq = now["seq"].as_u64().unwrap();
        if now["view"]["turn"] == 0 {
            // Ann turns up the first three face-down slots.
            let down: Vec<u8> = (0..21u8).filter(|&s| now["view"]["table"][usize::from(s)].is_null()).take(3).collect();
            for &slot in &down {
                tokio::time::sleep(std::time::Duration::from_millis(150)).await;
                flip(&mut ann, slot, seq).await;
            }
        }
        let moved = ann.expect_move(seq + 1).await;
        seq += 1;
        if moved["by"] == 1 {
            bot_moves += 1;
            bot_misses += usize::from(moved["kind"] == "wrong");
            assert_eq!(moved["players"][1]["wrong"], 0, "a miss costs the bot nothing either");
        }
    }
    assert!(bot_moves > 1 && bot_misses > 0, "the bot took {bot_moves} turns, {bot_misses} of them misses");
}

/// A socket's claims, hints and cards turned up share one budget (8 at
/// once, then 8 a second): a burst of claims spends it, and the cards
/// turned up straight after are refused before the room hears of them,
/// each counted on the limits' metric.
#[tokio::test]
async fn cards_turned_up_share_the_claims_budget_and_a_flood_is_refused() {
    const FLIPS: u8 = 4;
    let scratch = Scratch::new("memory-flood");
    let server = Server::start(&scratch);
    let (mut ann, mut ben, _room, _start) = memory_room(&server).await;
    // Eight claims by id: each spends the budget, and the room refuses each (turn cards up instead).
    let mut claims = Vec::new();
    for _ in 0..8 {
        claims.push(ann.claim(&[0, 1, 2], 0).await);
    }
    for slot in 0..FLIPS {
        flip(&mut ann, slot, 0).await;
    }
    for id in claims {
        assert_eq!(ann.result(id).await["code"], "bad_claim");
    }
    // The flips sent straight after: refused as throttled, but for what a
    // slow machine may have refilled meanwhile (a card a 125 ms).
    let mut throttled = 0;
    let mut turned = 0;
    for _ in 0..FLIPS {
        let answer = ann.first(|m| m["t"] == "flipped" || m["t"] == "error", "a flip's answer").await;
        if answer["t"] == "flipped" {
            turned += 1;
        } else {
            assert_eq!(
                (answer["code"].as_str(), answer["message"].as_str()),
                (Some("throttled"), Some("too many cards turned: wait a moment"))
            );
            throttled += 1;
        }
    }
    assert!(throttled >= FLIPS - 1, "{throttled} of {FLIPS} flips throttled, {turned} turned up");
    let metrics = server.get("/metrics", "").await;
    assert!(metrics.contains(&format!("set_limits_hit_total{{limit=\"claims\"}} {throttled}")), "{metrics}");
    // Ben was told only the cards that did turn up.
    for _ in 0..turned {
        ben.expect("flipped").await;
    }
}
