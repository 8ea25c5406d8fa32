//! Any text a server (or anyone on the page's socket) may send, read as the
//! page reads a frame (`set_protocol::read`, without serde): it must never
//! panic, and a frame it reads, written by the server's serde derives, must
//! read back to the same message.
#![no_main]

use libfuzzer_sys::fuzz_target;
use set_protocol::read::{Parsed, server_msg};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(value) = serde_json::from_str::<serde_json::Value>(text) else { return };
    let Some(message) = server_msg(&Parsed(value)) else { return };
    let written = message.to_text();
    let again = serde_json::from_str(&written).ok().map(Parsed).and_then(|v| server_msg(&v));
    assert_eq!(again.as_ref(), Some(&message), "{written}");
});
