//! The `set-server` binary; the server is the library (src/lib.rs).

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    set_server::main();
}

// A workspace-wide wasm build (as Trunk's) sees an empty program.
#[cfg(target_arch = "wasm32")]
fn main() {}
