//! The server's HTTP API from the page: a JSON answer as a Promise, or the
//! server's words as the Error of a rejected one. No glue of web-sys's
//! fetch types: the browser's `fetch` and the promises' `then` are called as
//! plain functions.

use js_sys::{Promise, Reflect};
use wasm_bindgen::prelude::*;

/// Fetches the server's JSON at `path`: a Promise of its value, or
/// rejected with the server's words (a 404's "there is no such player").
pub(crate) fn json(path: &str) -> Result<Promise, JsError> {
    let window = set_online::dom::window();
    let fetch: js_sys::Function =
        Reflect::get(&window, &"fetch".into()).map_err(|_| JsError::new("no fetch"))?.unchecked_into();
    let response: Promise =
        fetch.call1(&window, &path.into()).map_err(|_| JsError::new("the request was not made"))?.unchecked_into();
    let read = Closure::once_into_js(|response: JsValue| -> JsValue {
        let ok = Reflect::get(&response, &"ok".into()).ok().and_then(|ok| ok.as_bool()).unwrap_or(false);
        let method = if ok { "json" } else { "text" };
        let body = Reflect::get(&response, &method.into())
            .ok()
            .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
            .and_then(|f| f.call0(&response).ok());
        let Some(body) = body else { return Promise::reject(&js_sys::Error::new("no answer")).into() };
        if ok {
            return body;
        }
        let refuse = Closure::once_into_js(|text: JsValue| -> JsValue {
            let text = text.as_string().unwrap_or_default();
            Promise::reject(&js_sys::Error::new(text.trim())).into()
        });
        then(&body, &refuse).into()
    });
    Ok(then(&response, &read))
}

/// `promise.then(f)`, with `f` any function (one that returns a value or a promise).
pub(crate) fn then(promise: &JsValue, f: &JsValue) -> Promise {
    let then = Reflect::get(promise, &"then".into()).ok().and_then(|t| t.dyn_into::<js_sys::Function>().ok());
    match then.and_then(|then| then.call1(promise, f).ok()) {
        Some(next) => next.unchecked_into(),
        None => Promise::reject(&js_sys::Error::new("not a promise")),
    }
}
