//! The JavaScript API's pure functions, `check`, `explain` and `sets`, and
//! the readers of every JS API's arguments ([`args`]).
//!
//! The three functions need no game, so they are a part of their own
//! (`scripts/build-parts.sh`): index.html fetches it after its first board
//! and adds them to `window.wasmBindings`, which keeps them out of the first
//! load (BENCHMARKS.md, "What loads later"). The page uses [`args`] for its
//! own exports, so every export reads and names a bad value the same way.

#[cfg(target_arch = "wasm32")]
pub mod args;
#[cfg(all(target_arch = "wasm32", feature = "exports"))]
mod exports;

#[cfg(all(target_arch = "wasm32", feature = "exports"))]
pub use exports::*;

#[cfg(all(target_arch = "wasm32", feature = "part", not(target_feature = "atomics")))]
#[global_allocator]
#[allow(unsafe_code)] // this module's one unsafe block: see SAFETY
// SAFETY: this build has no threads (no `atomics`), which is what
// AssumeSingleThreaded asks of its user.
static ALLOCATOR: lol_alloc::AssumeSingleThreaded<lol_alloc::FreeListAllocator> =
    unsafe { lol_alloc::AssumeSingleThreaded::new(lol_alloc::FreeListAllocator::new()) };
