//! The numbers measured for each way to play, one row a way, beside each
//! other and next to the ways' definition ([`super::variant`]): one match
//! the compiler holds complete, so that a new way is given its numbers here
//! or does not build. Each column is read by the room that uses it and held
//! to its measurement by a test:
//! - `search_factor`: how much longer a bot's search for a claim takes than
//!   for a classic set (`players::bot::way_factor`; `tests/bot_ways.rs`);
//! - `game_percent`: how long a game takes the expert bot playing alone, in
//!   percent of a classic game (`online::fair::game_length_percent`, the
//!   rated floor's proportion; `tests/rated_floor.rs`).

use super::variant::Variant;

/// One way's measured numbers (the module's columns).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WayNumbers {
    /// A bot's search for a claim, against one for a classic set.
    pub search_factor: f64,
    /// The expert bot's game alone, in percent of a classic game's.
    pub game_percent: u64,
}

#[allow(clippy::inline_always)] // with `numbers`: the size measured in BENCHMARKS.md
#[inline(always)]
const fn row(search_factor: f64, game_percent: u64) -> WayNumbers {
    WayNumbers { search_factor, game_percent }
}

/// The numbers of `variant`. Inlined into each reader, so that a page
/// holds only the column it reads (BENCHMARKS.md, "Design decisions").
#[allow(clippy::inline_always)] // the measurement is BENCHMARKS.md's
#[inline(always)]
pub const fn numbers(variant: Variant) -> WayNumbers {
    match variant {
        Variant::Classic | Variant::Shuffle | Variant::Daily(_) => row(1.0, 100),
        Variant::Memory => row(1.0, 124),
        Variant::Puzzle => row(1.1, 100),
        Variant::Junior => row(0.29, 8),
        Variant::Chain => row(0.8, 123),
        Variant::Ultra => row(7.4, 241),
        Variant::UltraChain => row(8.1, 600),
        Variant::Ultra9 => row(6.3, 302),
        Variant::Ultra9Puzzle => row(7.5, 1039),
        Variant::Mega => row(2.4, 973),
        Variant::Ghost => row(8.7, 386),
        Variant::FourSet => row(8.6, 1241),
        Variant::FourSetJunior => row(2.1, 71),
        Variant::FourSetJuniorChain => row(3.5, 230),
        Variant::FourSetJuniorPuzzle => row(2.7, 238),
    }
}
