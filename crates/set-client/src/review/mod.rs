//! Looking back at games, and practice: [`analysis`] explains one game from
//! its moves; [`record`] keeps the statistics and history across games, in
//! a versioned text of its own; [`drills`] deals the Practice rounds. They
//! only read saves; none of them changes a game.

pub mod analysis;
pub mod drills;
pub mod record;
