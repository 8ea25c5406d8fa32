//! The room page's state at its edge: the model (`set_client::online`,
//! which decides everything and is tested natively) and what only a browser
//! holds beside it (the socket and its callbacks, the socket a move left
//! open, the JS API's promise waiting). Apart from the funnel (`page`) and
//! the view (`view`) so that neither imports the other back.

use js_sys::Function;
use set_client::online::{OnlinePage, WaitFor};
use std::ops::{Deref, DerefMut};
use wasm_bindgen::prelude::*;
use web_sys::WebSocket;

/// A promise of the JS API, waiting for something to happen.
pub(crate) struct Waiter {
    pub(crate) wait_for: WaitFor,
    pub(crate) resolve: Function,
    pub(crate) reject: Function,
}

/// What happens at the edge: the browser's events, before the model hears them.
pub(crate) enum Event {
    /// The socket opened.
    Opened,
    /// A frame, as text.
    Frame(String),
    /// The socket closed, with its code.
    Closed {
        code: u16,
    },
    /// The wait after a drop is over.
    Reconnect,
    /// Time to measure the round trip.
    Ping,
    /// A button (or a field's Enter) by its element's id.
    Click(String),
    Resize,
    /// A request of the JS API, as the model's event.
    Page(set_client::online::Event),
}

/// The page's model and its browser-side holdings.
pub(crate) struct Online {
    pub(crate) page: OnlinePage,
    pub(crate) socket: Option<WebSocket>,
    /// The socket left for a new one, open until the new one is in the room.
    pub(crate) retiring: Option<WebSocket>,
    /// The socket's callbacks, kept as long as it lives.
    pub(crate) handlers: Vec<Closure<dyn FnMut(JsValue)>>,
    pub(crate) waiter: Option<Waiter>,
    /// What moves and sounds (see `crate::motion`).
    pub(crate) feel: crate::motion::Feel,
}

impl Deref for Online {
    type Target = OnlinePage;

    fn deref(&self) -> &OnlinePage {
        &self.page
    }
}

impl DerefMut for Online {
    fn deref_mut(&mut self) -> &mut OnlinePage {
        &mut self.page
    }
}

/// The page's clock, ms.
pub(crate) fn now() -> f64 {
    crate::dom::window().performance().map_or(0.0, |p| p.now())
}
