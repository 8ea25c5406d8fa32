//! The program as an operator runs it: its flags listed, its bounds and its
//! loopback-only rule refused before any connection is tried. (The load
//! itself runs against a real server in set-server's `load.rs` and
//! `cluster.rs` tests, which find this binary beside their own.)

#![allow(clippy::unwrap_used)] // a test that unwraps fails, as it should
#![cfg(not(target_arch = "wasm32"))]

use std::process::Command;

fn loadgen(args: &[&str]) -> (i32, String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_set-loadgen")).args(args).output().unwrap();
    let text = |bytes: &[u8]| String::from_utf8_lossy(bytes).into_owned();
    (output.status.code().unwrap_or(-1), text(&output.stdout), text(&output.stderr))
}

#[test]
fn help_names_every_flag() {
    let (code, out, _) = loadgen(&["--help"]);
    assert_eq!(code, 0);
    for flag in [
        "--addr",
        "--db",
        "--rooms",
        "--per-room",
        "--seconds",
        "--seed",
        "--server-pid",
        "--hostile",
        "--lobby",
        "--reconnect",
    ] {
        assert!(out.contains(flag), "--help does not name {flag}:\n{out}");
    }
}

#[test]
fn an_address_off_this_machine_is_refused_before_any_connection() {
    let (code, _, err) = loadgen(&["--addr", "192.0.2.1:8080", "--seconds", "1"]);
    assert_eq!(code, 2);
    assert!(err.contains("loopback only"), "{err}");
}

#[test]
fn a_bound_broken_is_refused_with_its_flag_named() {
    let (code, _, err) = loadgen(&["--per-room", "9"]);
    assert_eq!(code, 2);
    assert!(err.contains("--per-room"), "{err}");
}
