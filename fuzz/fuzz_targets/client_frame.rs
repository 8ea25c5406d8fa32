//! Any text a client may send, read as the server reads a frame
//! (`serde_json` into `ClientMsg`): it must never panic, and a frame it
//! reads, written again as the page writes one, must read back and write
//! to the same text (the page's writer and the server's reader agree).
#![no_main]

use libfuzzer_sys::fuzz_target;
use set_protocol::ClientMsg;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(message) = serde_json::from_str::<ClientMsg>(text) else { return };
    let written = message.to_text();
    let again: ClientMsg = serde_json::from_str(&written).unwrap_or_else(|err| panic!("{written}: {err}"));
    assert_eq!(again.to_text(), written, "the page's frame reads back to itself");
});
