//! What every game state must satisfy, shared by the rule and property tests.

use set_game::rules::game::Game;

/// Everything the rules promise after any action (see `Game::audit`), plus
/// the definition of the end, checked here independently of it.
pub fn assert_invariants(game: &Game) {
    assert_eq!(game.audit(), Ok(()));
    assert_eq!(game.is_over(), game.deck().is_empty() && game.sets_on_table().is_empty());
}
