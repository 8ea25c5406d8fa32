//! Any bytes heard on the bus, read and held to its bounds as a node does
//! (`set_server::bus_frame_believed`): it must never panic, whatever a
//! stolen credential or a broken node puts there, and it answers the same
//! for the same bytes.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let believed = set_server::bus_frame_believed(data);
    assert_eq!(set_server::bus_frame_believed(data), believed);
});
