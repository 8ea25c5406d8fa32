//! The one allocator of every wasm module of the game (the page, race.html's
//! build, the API's part, the review part, online.html's parts): a module
//! links it with `use set_alloc as _;`, and one definition serves them all,
//! however many of them a test binary links together.
//!
//! lol_alloc's free-list allocator, chosen by measurement against dlmalloc
//! and talc (BENCHMARKS.md, "Design decisions, measured once"). Natively,
//! and in a build with threads, this crate is empty: the standard
//! allocator serves.

#![no_std]
#![warn(missing_docs)]

#[cfg(all(target_arch = "wasm32", not(target_feature = "atomics")))]
#[global_allocator]
#[allow(unsafe_code)] // this crate's one unsafe block: see SAFETY
// SAFETY: this build has no threads (no `atomics`), which is what
// AssumeSingleThreaded asks of its user.
static ALLOCATOR: lol_alloc::AssumeSingleThreaded<lol_alloc::FreeListAllocator> =
    unsafe { lol_alloc::AssumeSingleThreaded::new(lol_alloc::FreeListAllocator::new()) };
