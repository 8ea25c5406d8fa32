//! The game as a plain JavaScript object, for the `state()` export, and
//! the card-id and slot arrays the exports share.

use super::App;
use super::host::Hosted;
use set_client::play::session::Row;
use set_core::rules::card::Card;
use set_core::rules::variant::Variant;
use wasm_bindgen::JsValue;

/// Card ids as a JavaScript array.
pub(crate) fn ids(cards: &[Card]) -> JsValue {
    cards.iter().map(|c| JsValue::from(c.id())).collect::<js_sys::Array>().into()
}

/// Slots or indices as a JavaScript array.
fn numbers(slots: &[usize]) -> JsValue {
    slots.iter().map(|&s| JsValue::from(s as u32)).collect::<js_sys::Array>().into()
}

/// Sets one field of a state object. Setting a property of a plain object
/// made here cannot fail (only a proxy or a frozen object refuses), so there
/// is no error to pass on.
pub(crate) fn put(object: &js_sys::Object, name: &str, value: JsValue) {
    let _ = js_sys::Reflect::set(object, &JsValue::from_str(name), &value);
}

impl<T: Hosted> App<T> {
    /// The state as a plain JavaScript object, for `state()`.
    pub(crate) fn state_object(&self, now: f64) -> JsValue {
        let game = self.play().game();
        let selected: Vec<usize> = self.play().selection().iter().filter_map(|&c| game.slot_of(c)).collect();
        let object = js_sys::Object::new();
        put(&object, "table", ids(game.table()));
        put(&object, "deck", (game.deck().len() as u32).into());
        put(&object, "setsFound", (game.found().len() as u32).into());
        put(&object, "wrongClaims", game.wrong_claims().into());
        put(&object, "hintsUsed", game.hints_used().into());
        put(&object, "selected", numbers(&selected));
        put(&object, "picked", ids(self.play().selection()));
        put(&object, "hinted", numbers(&self.hinted_slots()));
        put(&object, "elapsedMs", self.play().elapsed_ms(now).round().into());
        put(&object, "over", game.is_over().into());
        // A daily puzzle's seed comes from its date and may pass 2^53, which
        // a JavaScript number cannot hold: its `date` names it instead.
        let seed = if let Variant::Daily(_) = game.variant() { JsValue::NULL } else { (game.seed() as f64).into() };
        put(&object, "seed", seed);
        put(&object, "mode", game.variant().name().into());
        put(&object, "calls", game.dealing().is_called().into());
        put(&object, "rightCalls", game.right_calls().into());
        let way = game.variant();
        if way.links() > 0 {
            put(&object, "previous", game.previous().map_or(JsValue::NULL, |p| ids(p.cards())));
        }
        if way.is_puzzle() {
            let found: js_sys::Array = game.found_on_table().iter().map(|claim| ids(claim.cards())).collect();
            put(&object, "found", found.into());
        }
        if let Variant::Daily(date) = way {
            put(&object, "date", date.to_string().into());
        }
        if way.face_down() {
            let up: Vec<usize> =
                (0..game.table().len()).filter(|&slot| self.play().is_face_up(game.table()[slot])).collect();
            put(&object, "faceUp", numbers(&up));
        }
        match self.play().row() {
            Row::LastUltra { pairs: [[a, b], [c, d]], third } => put(&object, "lastUltra", ids(&[a, b, c, d, third])),
            Row::LastGhost { pairs: [[a, b], [c, d], [e, f]], thirds: [x, y, z] } => {
                put(&object, "lastGhost", ids(&[a, b, c, d, e, f, x, y, z]));
            }
            _ => {}
        }
        put(&object, "animating", self.animating(now).into());
        let sound = js_sys::Object::new();
        put(&sound, "on", self.settings.sound.into());
        put(&sound, "volume", (f64::from(self.settings.volume) / 100.0).into());
        put(&object, "sound", sound.into());
        self.table.put_players(&object, now);
        object.into()
    }

    /// The slots of the cards the hints have revealed, in reveal order.
    pub(super) fn hinted_slots(&self) -> Vec<usize> {
        let game = self.play().game();
        game.hinted_cards().iter().filter_map(|&card| game.slot_of(card)).collect()
    }
}
