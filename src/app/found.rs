//! The puzzles' claims found on the table, small above it
//! (`set_canvas::found`, the online room's list too). Other ways to play
//! show none (its region is hidden), and the list is made again only when
//! what it shows changed.

use super::App;
use super::host::Hosted;
use set_canvas::CardLook;
use set_canvas::found::list_claims;
use wasm_bindgen::JsCast;

impl<T: Hosted> App<T> {
    /// Shows the claims found on a puzzle's table (the daily puzzle's and
    /// the puzzle ways'), or hides the list in any other way to play.
    pub(super) fn show_found(&self) {
        let Some(view) = &self.view else { return };
        let Some(list) = &view.found else { return };
        let game = self.play().game();
        let daily = game.variant().is_puzzle();
        // The list's region (its landmark, named "Sets found") shows in the puzzles only.
        if let Some(region) = list.parent_element().map(JsCast::unchecked_into::<web_sys::HtmlElement>) {
            if region.hidden() == daily {
                region.set_hidden(!daily);
            }
        }
        let found = if daily { game.found_on_table() } else { &[] };
        let shown: Vec<u8> = found.iter().flat_map(|claim| claim.cards().iter().map(|c| c.id())).collect();
        if *view.found_shown.borrow() == shown {
            return;
        }
        let look = CardLook {
            palette: self.settings.palette,
            cue: self.settings.colour_cues,
            dark: self.settings.dark(view.system_prefers_dark()),
            deck: game.variant().deck(),
            ..CardLook::default()
        };
        list_claims(list, found.iter().map(set_core::rules::game::Claim::cards), look, view.pixel_ratio);
        *view.found_shown.borrow_mut() = shown;
    }
}
