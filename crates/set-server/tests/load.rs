//! A short smoke of the bounded load generator against the real server:
//! a few rooms of players claiming for a few seconds over loopback. The
//! load generator itself fails on any error, lost result or stored log
//! that does not replay to the board its clients saw; this test checks it
//! ran, finished, and that its report adds up. The full load (and its
//! latency, which a timed test must not judge) is scripts/bench.sh's.

use crate::support::*;
use serde_json::Value;
use std::process::Command;

#[test]
fn a_short_load_loses_nothing_and_every_log_replays_to_its_board() {
    let scratch = Scratch::new("load");
    let server = Server::start(&scratch);
    let output = Command::new(loadgen())
        .args(["--addr", &server.addr, "--rooms", "3", "--per-room", "3", "--seconds", "4", "--seed", "11"])
        .arg("--db")
        .arg(scratch.db())
        .arg("--server-pid")
        .arg(server.child.id().to_string())
        .output()
        .expect("the load generator runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "set-loadgen failed:\n{stdout}\n{stderr}");
    let bench: Value = stdout
        .lines()
        .find_map(|line| line.strip_prefix("BENCH "))
        .map_or_else(|| panic!("no BENCH line in:\n{stdout}"), |json| serde_json::from_str(json).unwrap());
    assert_eq!((bench["clients"].as_u64(), bench["rooms"].as_u64()), (Some(9), Some(3)));
    assert_eq!(
        (bench["errors"].as_u64(), bench["lost"].as_u64(), bench["mismatches"].as_u64()),
        (Some(0), Some(0), Some(0))
    );
    let claims = bench["claims"].as_u64().unwrap();
    let answered: u64 = ["accepted", "taken", "wrong"].iter().map(|k| bench[k].as_u64().unwrap()).sum();
    assert!(bench["accepted"].as_u64().unwrap() > 0, "sets were found: {bench}");
    assert!(answered <= claims, "no more verdicts than claims: {bench}");
    assert!(bench["rooms_checked"].as_u64().unwrap() >= 3, "every room's log was replayed: {bench}");
    assert!(bench["server_rss_mb"].as_f64().unwrap() > 0.0, "the server's memory was read: {bench}");
    server.kill();
}
