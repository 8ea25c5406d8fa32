//! The JavaScript API, a part of its own (`scripts/build.mjs`):
//! index.html and race.html fetch it after their first board and add its
//! functions to `window.wasmBindings`, which keeps the API's readers and
//! errors out of the first load (BENCHMARKS.md, "What stays bent for
//! bytes").
//!
//! - `check`, `explain` and `sets` need no game (`exports.rs`);
//! - `deal`, `hint`, `state`, `slot_rect` and `card_rect` read and check
//!   their arguments here ([`args`], the one reader of every argument of
//!   the API) and ask the page's game through its bridge: the page's
//!   `page_deal`, `page_hint`, `page_state`, `page_slot_rect` and
//!   `page_card_rect`, which take checked values only and answer a value,
//!   or an error's words that the part throws.

#![warn(missing_docs)]
#[cfg(target_arch = "wasm32")]
pub mod args;
#[cfg(all(target_arch = "wasm32", feature = "exports"))]
mod exports;

#[cfg(all(target_arch = "wasm32", feature = "exports"))]
pub use exports::*;

#[cfg(all(target_arch = "wasm32", feature = "part"))]
use set_alloc as _;
