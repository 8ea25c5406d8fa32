//! The protocol as the page reads it: the browser's `JSON.parse` seen
//! through set-protocol's serde-free reader (`set_protocol::read`). The
//! page's own frames are the protocol's `ClientMsg`s, which the model makes
//! and `set_protocol::write` writes. The contract test
//! (crates/set-protocol/tests/contract.rs) holds both to the protocol's
//! serde derives.

#[cfg(target_arch = "wasm32")]
mod browser {
    use js_sys::{Array, Object, Reflect};
    use set_protocol::read::Json;
    use wasm_bindgen::{JsCast, JsValue};

    /// The browser's parsed JSON, as the protocol's reader reads it.
    pub struct Js(pub JsValue);

    impl Json for Js {
        fn field(&self, name: &str) -> Js {
            Js(Reflect::get(&self.0, &name.into()).unwrap_or(JsValue::UNDEFINED))
        }
        fn text(&self) -> Option<String> {
            self.0.as_string()
        }
        fn number(&self) -> Option<f64> {
            self.0.as_f64()
        }
        fn flag(&self) -> Option<bool> {
            self.0.as_bool()
        }
        fn is_null(&self) -> bool {
            self.0.is_null()
        }
        fn items(&self) -> Option<Vec<Js>> {
            Some(self.0.dyn_ref::<Array>()?.iter().map(Js).collect())
        }
        fn is_missing(&self) -> bool {
            self.0.is_undefined()
        }
        fn keys(&self) -> Option<Vec<String>> {
            let object = self.0.dyn_ref::<Object>().filter(|_| !Array::is_array(&self.0))?;
            Object::keys(object).iter().map(|key| key.as_string()).collect()
        }
    }
}

#[cfg(target_arch = "wasm32")]
pub use browser::Js;

/// The page's numbers to a tenth, written without float formatting.
pub use set_protocol::write::tenths;
