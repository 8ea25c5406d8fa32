//! Looking back at games: [`analysis`] explains one game from its moves,
//! and [`record`] keeps the statistics and history across games, in a
//! versioned text of its own. Both only read saves; neither changes a game.

pub mod analysis;
pub mod record;
