//! What an operator reads: `/healthz` while the database answers, and
//! `/metrics` counting what happened, checked against what the test did.

use crate::support::*;

/// The value of one sample line of Prometheus text (`name{labels} value`).
fn sample(text: &str, series: &str) -> Option<f64> {
    text.lines().find_map(|line| line.strip_prefix(series)?.trim().parse().ok())
}

#[tokio::test]
async fn health_answers_and_the_metrics_count_what_happened() {
    let scratch = Scratch::new("metrics");
    let server = Server::start_with(&scratch, &["--max-connections-per-address", "3", "--node", "n-1"]);
    let health = server.get("/healthz", "").await;
    assert!(health.starts_with("HTTP/1.1 200"), "{health}");
    let body: serde_json::Value = serde_json::from_str(health.split("\r\n\r\n").nth(1).unwrap()).unwrap();
    assert_eq!(body, serde_json::json!({ "node": "n-1", "rooms": 0, "database": "ok", "bus": "alone" }));
    // Two players: one set, one wrong claim; then a refused third connection.
    let mut ann = Client::new(&server, None).await;
    let room = ann.create("classic", "Ann").await;
    let mut ben = Client::new(&server, None).await;
    ben.join(&room, Some("Ben"), 0).await;
    ann.send(ClientMsg::Start).await;
    let table = ids(&ann.expect("room").await["view"]["table"]);
    let id = ann.claim(&a_set(&table), 0).await;
    assert_eq!(ann.result(id).await["verdict"], "accepted");
    let table = ids(&ann.expect_move(1).await["view"]["table"]);
    let id = ben.claim(&a_non_set(&table), 1).await;
    assert_eq!(ben.result(id).await["verdict"], "wrong");
    let _third = Client::new(&server, None).await;
    assert!(connect(&server, &server.origin()).await.is_err(), "the fourth from one address is refused");
    let metrics = server.get("/metrics", "").await;
    assert!(metrics.starts_with("HTTP/1.1 200"), "{metrics}");
    assert_eq!(sample(&metrics, r#"set_claims_total{verdict="accepted"}"#), Some(1.0), "{metrics}");
    assert_eq!(sample(&metrics, r#"set_claims_total{verdict="wrong"}"#), Some(1.0));
    assert_eq!(sample(&metrics, r#"set_limits_hit_total{limit="address_connections"}"#), Some(1.0));
    assert_eq!(sample(&metrics, "set_connections"), Some(3.0), "Ann, Ben and the third");
    assert_eq!(sample(&metrics, "set_rooms_loaded"), Some(1.0));
    assert_eq!(sample(&metrics, "set_claim_seconds_count"), Some(2.0), "both claims timed");
    assert_eq!(sample(&metrics, "set_store_errors_total"), None, "no store error, so no series");
    assert_eq!(sample(&metrics, r#"set_node_info{node="n-1"}"#), Some(1.0));
    // Every client is told which node serves it, and the health counts the room.
    assert_eq!((ann.node.as_str(), ben.node.as_str()), ("n-1", "n-1"));
    let health = server.get("/healthz", "").await;
    let body: serde_json::Value = serde_json::from_str(health.split("\r\n\r\n").nth(1).unwrap()).unwrap();
    assert_eq!(body["rooms"], 1);
}
