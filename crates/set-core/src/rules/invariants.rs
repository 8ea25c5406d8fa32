//! What every game state must satisfy, for the tests of this crate and of
//! the client's (the rule tests and the property tests of sessions), so
//! that both hold games to one definition.

use crate::rules::daily::DAILY_SETS;
use crate::rules::game::Game;
use crate::rules::variant::Variant;

/// Everything the rules promise after any action (see `Game::audit`), plus
/// the definition of the end, checked here independently of it.
pub fn assert_invariants(game: &Game) {
    assert_eq!(game.audit(), Ok(()));
    let over = match game.variant() {
        Variant::Daily(_) => game.found().len() == DAILY_SETS,
        Variant::Classic | Variant::Junior => game.deck().is_empty() && game.sets_on_table().is_empty(),
        _ => game.deck().is_empty() && game.first_claim().is_none(),
    };
    assert_eq!(game.is_over(), over);
}
