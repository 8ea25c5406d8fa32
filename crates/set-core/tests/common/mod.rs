//! What every game state must satisfy, shared by the rule and property tests.

use set_core::rules::daily::DAILY_SETS;
use set_core::rules::game::Game;
use set_core::rules::variant::Variant;

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
