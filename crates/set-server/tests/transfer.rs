//! Moving an identity to another browser, through the real server: a code
//! asked for on one connection makes another that gives it the same player
//! (seated in the same room), once; wrong and expired codes are refused with
//! one answer; and guesses are rate limited per address.

use crate::support::*;

fn redeem(code: &str) -> ClientMsg {
    ClientMsg::Redeem { code: code.to_owned() }
}

#[tokio::test]
async fn a_code_moves_the_identity_once_and_its_room_seat_with_it() {
    let scratch = Scratch::new("transfer");
    let server = Server::start(&scratch);
    let mut ann = Client::new(&server, None).await;
    let room = ann.create("classic", "Ann").await;
    ann.send(ClientMsg::TransferCode).await;
    let issued = ann.expect("transfer_code").await;
    let code = issued["code"].as_str().unwrap().to_owned();
    assert_eq!(issued["seconds"], 600);

    // Another browser: a new anonymous player, then Ann, with a token of its own.
    let mut other = Client::new(&server, None).await;
    assert_ne!(other.player, ann.player);
    other.send(redeem(&code.to_uppercase())).await;
    let welcome = other.expect("welcome").await;
    assert_eq!(welcome["player"], ann.player.as_str());
    let token = welcome["token"].as_str().unwrap();
    // The token works on its own, and the seat is Ann's.
    let mut again = Client::new(&server, Some(token)).await;
    assert_eq!(again.player, ann.player);
    assert_eq!(again.join(&room, None, 0).await["seat"], 0);

    // Used: refused, as a wrong code is, in the same words.
    let mut thief = Client::new(&server, None).await;
    thief.send(redeem(&code)).await;
    let used = thief.expect("error").await;
    thief.send(redeem("0000000000")).await;
    let wrong = thief.expect("error").await;
    assert_eq!(used["code"], "bad_code");
    assert_eq!(used["message"], wrong["message"]);
}

#[tokio::test]
async fn expired_codes_are_refused_and_guesses_are_limited_per_address() {
    let scratch = Scratch::new("transfer-limits");
    let server = Server::start_with(&scratch, &["--transfer-code-seconds", "0", "--transfer-tries", "3"]);
    let mut ann = Client::new(&server, None).await;
    ann.send(ClientMsg::TransferCode).await;
    let code = ann.expect("transfer_code").await["code"].as_str().unwrap().to_owned();
    let mut other = Client::new(&server, None).await;
    other.send(redeem(&code)).await;
    assert_eq!(other.expect("error").await["code"], "bad_code", "expired");
    // Three tries from this address in ten minutes: the next connection is throttled too.
    for _ in 0..2 {
        other.send(redeem("zzzzzzzzzz")).await;
        assert_eq!(other.expect("error").await["code"], "bad_code");
    }
    let mut next = Client::new(&server, None).await;
    next.send(redeem("zzzzzzzzzz")).await;
    assert_eq!(next.expect("error").await["code"], "throttled");
    let metrics = server.get("/metrics", "").await;
    assert!(metrics.contains(r#"set_limits_hit_total{limit="transfer_guesses"} 1"#), "{metrics}");
}

/// The review filled all 10,000 codes from two addresses in 53 s (a new
/// identity each, a code each). Now an address asks for ten in ten
/// minutes, so the pool stays for everyone else.
#[tokio::test]
async fn one_address_cannot_fill_the_pool_of_codes() {
    let scratch = Scratch::new("transfer-pool");
    let server = Server::start_with(&scratch, &["--max-transfer-codes", "100"]);
    let mut made = 0;
    let mut refused = None;
    for _ in 0..15 {
        let mut player = Client::new(&server, None).await;
        player.send(ClientMsg::TransferCode).await;
        let answer = player.first(|m| m["t"] == "transfer_code" || m["t"] == "error", "an answer").await;
        if answer["t"] == "transfer_code" {
            made += 1;
        } else {
            refused = Some(answer);
            break;
        }
    }
    assert_eq!(made, 10, "an address's ten");
    let refused = refused.unwrap();
    assert_eq!(refused["code"], "throttled", "{refused}");
    // Another machine still gets one.
    let mut other = Client::from_address(&server, "127.0.3.3", None).await.unwrap();
    other.send(ClientMsg::TransferCode).await;
    assert_eq!(other.expect("transfer_code").await["t"], "transfer_code");
}
