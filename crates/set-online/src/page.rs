//! The room page's edge: the funnel every event takes and the effects the
//! model asks for. An event of the browser (a frame, the socket opening or
//! closing, a timer, a button, a request of the JS API) becomes the model's
//! event (`set_client::online::Event`, buttons parsed with what their forms
//! hold by the view), the model's update returns its commands, this carries
//! them out (the socket, timers, storage, the address, the promises), and
//! the view draws the page once.

use crate::state::{Event, Online, Waiter};
use crate::view;
use crate::wire;
use js_sys::{Function, Promise};
use set_client::online::{self as model, Command, OnlinePage, Settled, WaitFor};
use set_client::storage::{MUTED_KEY, NAME_KEY, TOKEN_KEY};
use std::cell::RefCell;
use wasm_bindgen::prelude::*;
use web_sys::{CloseEvent, MessageEvent, WebSocket};

/// How often the round trip to the server is measured (and shown to all).
const PING_MS: i32 = 5000;

/// The close code of a socket that could not be opened at all.
const ABNORMAL: u16 = 1006;

thread_local! {
    static ONLINE: RefCell<Option<Online>> = const { RefCell::new(None) };
}

pub(crate) use crate::dom::window;

fn storage() -> Option<web_sys::Storage> {
    window().local_storage().ok().flatten()
}

use crate::state::now;

/// The room id in the page's address, if any.
fn room_in_address() -> Option<String> {
    let search = window().location().search().ok()?;
    set_core::text::query_value(&search, "room").map(str::to_owned)
}

/// Runs `f` on the client; an error if it is busy (a call from inside an update).
pub(crate) fn with_online<T>(f: impl FnOnce(&mut Online) -> T) -> Result<T, JsError> {
    ONLINE.with(|cell| {
        let mut slot = cell.try_borrow_mut().map_err(|_| JsError::new("the room page is busy"))?;
        let online = slot.as_mut().ok_or_else(|| JsError::new("the room page has not started"))?;
        Ok(f(online))
    })
}

/// The funnel: an event → the model's update → its commands → one render.
fn step(online: &mut Online, event: Event) {
    // A button pressed: sound may start from now on (the autoplay rule).
    if matches!(event, Event::Click(_)) {
        online.feel.speaker.gesture();
    }
    let event = match event {
        Event::Opened => model::Event::Opened,
        Event::Frame(frame) => {
            let parsed = js_sys::JSON::parse(&frame).ok().map(wire::Js);
            match parsed.as_ref().and_then(set_protocol::read::server_msg) {
                Some(message) => model::Event::Frame(message),
                None => return,
            }
        }
        Event::Closed { code } => {
            online.socket = None;
            online.handlers.clear();
            model::Event::Closed { code }
        }
        Event::Reconnect => model::Event::RetryDue,
        Event::Ping => model::Event::PingDue,
        Event::Click(id) if id == "copy-link" => {
            view::copy_link(&online.room.remote.room);
            return;
        }
        Event::Click(id) => {
            let Some(event) = view::event_of_click(online, &id) else {
                view::render(online);
                return;
            };
            event
        }
        Event::Resize => {
            view::render(online);
            return;
        }
        Event::Page(event) => event,
    };
    let commands = online.page.update(event, now(), js_sys::Math::random());
    run(online, commands);
    // The page first: the board's box is measured as it will be shown.
    view::render_page(online);
    let board = view::board_now(online);
    if crate::motion::follow(&mut online.feel, &online.page, board, now()) {
        ask_for_frame(online);
    }
    view::draw(online);
    view::show_sprites(online);
    online.page.lobby.refill_names = false;
}

/// Asks for an animation frame that draws the board, while cards move.
fn ask_for_frame(online: &mut Online) {
    if online.feel.frame_pending {
        return;
    }
    let frame = Closure::once_into_js(|| {
        let _ = with_online(|online| {
            online.feel.frame_pending = false;
            if online.feel.animating(now()) {
                view::show_sprites(online);
                ask_for_frame(online);
            } else {
                // All is at rest: the layers go and the board draws every card.
                online.feel.motion = None;
                view::show_sprites(online);
                view::draw_board(online);
            }
        });
    });
    online.feel.frame_pending = window().request_animation_frame(frame.unchecked_ref()).is_ok();
}

/// The one way in for the browser's events.
fn dispatch(event: Event) {
    let _ = with_online(|online| step(online, event));
}

/// The way in for the JS API's requests: a promise that settles when the
/// server has answered, then the request through the funnel.
pub(crate) fn request(wait_for: WaitFor, event: model::Event) -> Result<Promise, JsError> {
    with_online(|online| {
        let promise = wait(online, wait_for);
        step(online, Event::Page(event));
        promise
    })
}

/// Carries out the model's commands, in order.
fn run(online: &mut Online, commands: Vec<Command>) {
    for command in commands {
        match command {
            Command::Send(frame) => {
                if let Some(socket) = &online.socket {
                    let _ = socket.send_with_str(&frame.write());
                }
            }
            Command::Connect { room } => connect(online, room.as_deref()),
            Command::Retire => {
                if let Some(old) = online.retiring.take() {
                    let _ = old.close();
                }
            }
            Command::RetryAfter(ms) => {
                let again = Closure::once_into_js(|| dispatch(Event::Reconnect));
                let timeout = again.unchecked_ref();
                let _ = window().set_timeout_with_callback_and_timeout_and_arguments_0(timeout, ms as i32);
            }
            Command::Store { key, value } => {
                if let Some(storage) = storage() {
                    let _ = match value {
                        Some(value) => storage.set_item(key, &value),
                        None => storage.remove_item(key),
                    };
                }
            }
            Command::ShowRoomInAddress(room) => {
                if let Ok(history) = window().history() {
                    let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(&format!("?room={room}")));
                }
            }
            Command::Settle(wait_for, settled) => {
                if online.waiter.as_ref().is_some_and(|w| w.wait_for == wait_for) {
                    let value = settled_value(online, settled);
                    if let Some(waiter) = online.waiter.take() {
                        let _ = waiter.resolve.call1(&JsValue::NULL, &value);
                    }
                }
            }
            Command::Fail(message) => fail_waiter(online, &message),
        }
    }
}

/// What a settled promise resolves to, as the JS API documents it.
fn settled_value(online: &Online, settled: Settled) -> JsValue {
    match settled {
        Settled::Nothing => JsValue::UNDEFINED,
        Settled::Room(id) | Settled::Player(id) => JsValue::from_str(&id),
        Settled::Lobby => view::lobby_object(online),
        Settled::Code { code, seconds } => {
            let value = js_sys::Object::new();
            let _ = js_sys::Reflect::set(&value, &"code".into(), &code.into());
            let _ = js_sys::Reflect::set(&value, &"seconds".into(), &(seconds as f64).into());
            value.into()
        }
    }
}

fn fail_waiter(online: &mut Online, message: &str) {
    if let Some(waiter) = online.waiter.take() {
        let _ = waiter.reject.call1(&JsValue::NULL, &js_sys::Error::new(message));
    }
}

/// Opens a socket to the server, naming `room` (so that a proxy in front of
/// several nodes sends it to the room's node). A socket already open is no
/// longer listened to and stays open until `Retire`, so that the player is
/// never gone from the room in between (a room nobody is in leaves the lobby).
fn connect(online: &mut Online, room: Option<&str>) {
    if let Some(socket) = online.socket.take() {
        socket.set_onopen(None);
        socket.set_onclose(None);
        socket.set_onmessage(None);
        if let Some(old) = online.retiring.take() {
            let _ = old.close();
        }
        online.retiring = Some(socket);
    }
    let location = window().location();
    let scheme = if location.protocol().ok().as_deref() == Some("https:") { "wss" } else { "ws" };
    let host = location.host().unwrap_or_default();
    let query = room.map_or(String::new(), |room| format!("?room={room}"));
    let Ok(socket) = WebSocket::new(&format!("{scheme}://{host}/ws{query}")) else {
        let commands = online.page.update(model::Event::Closed { code: ABNORMAL }, now(), js_sys::Math::random());
        run(online, commands);
        return;
    };
    let opened = Closure::<dyn FnMut(JsValue)>::new(|_| dispatch(Event::Opened));
    let message = Closure::<dyn FnMut(JsValue)>::new(|event: JsValue| {
        if let Some(text) = event.unchecked_into::<MessageEvent>().data().as_string() {
            dispatch(Event::Frame(text));
        }
    });
    let closed = Closure::<dyn FnMut(JsValue)>::new(|event: JsValue| {
        dispatch(Event::Closed { code: event.unchecked_into::<CloseEvent>().code() });
    });
    socket.set_onopen(Some(opened.as_ref().unchecked_ref()));
    socket.set_onmessage(Some(message.as_ref().unchecked_ref()));
    socket.set_onclose(Some(closed.as_ref().unchecked_ref()));
    online.handlers = vec![opened, message, closed];
    online.socket = Some(socket);
}

/// A promise for the JS API that settles when `wait_for` happens (or
/// fails); a request still waiting is rejected in its favour.
fn wait(online: &mut Online, wait_for: WaitFor) -> Promise {
    let mut executor = |resolve: Function, reject: Function| {
        fail_waiter(online, "another request replaced this one");
        online.waiter = Some(Waiter { wait_for, resolve, reject });
    };
    Promise::new(&mut executor)
}

/// The lobby as the JS API gives it, now if it is known, else once it comes.
pub(crate) fn lobby_promise(online: &mut Online) -> Promise {
    if online.lobby.shown.is_some() {
        return Promise::resolve(&view::lobby_object(online));
    }
    wait(online, WaitFor::Lobby)
}

#[wasm_bindgen(start)]
pub(crate) fn start() {
    let read = |key| storage().and_then(|s| s.get_item(key).ok().flatten());
    let muted = read(MUTED_KEY).map(|names| names.lines().map(str::to_owned).collect()).unwrap_or_default();
    // Claims are numbered from a random id (see `Remote::new`).
    let first_claim_id = (js_sys::Math::random() * f64::from(u32::MAX >> 1)) as u32;
    let page =
        OnlinePage::new(read(TOKEN_KEY), read(NAME_KEY).unwrap_or_default(), muted, room_in_address(), first_claim_id);
    let online = Online {
        page,
        socket: None,
        retiring: None,
        handlers: Vec::new(),
        waiter: None,
        feel: crate::motion::Feel::default(),
    };
    ONLINE.with(|cell| *cell.borrow_mut() = Some(online));
    view::listen(dispatch);
    // Sound stops while the page is hidden.
    let visibility = Closure::<dyn FnMut()>::new(|| {
        let hidden = window().document().is_some_and(|d| d.hidden());
        let _ = with_online(|online| online.feel.speaker.set_hidden(hidden));
    });
    if let Some(document) = window().document() {
        let _ = document.add_event_listener_with_callback("visibilitychange", visibility.as_ref().unchecked_ref());
    }
    visibility.forget();
    let ping = Closure::<dyn FnMut()>::new(|| dispatch(Event::Ping));
    let _ = window().set_interval_with_callback_and_timeout_and_arguments_0(ping.as_ref().unchecked_ref(), PING_MS);
    ping.forget();
    // The game's clock, shown to the second.
    let tick = Closure::<dyn FnMut()>::new(|| {
        let _ = with_online(|online| view::render_clock(online));
    });
    let _ = window().set_interval_with_callback_and_timeout_and_arguments_0(tick.as_ref().unchecked_ref(), 1000);
    tick.forget();
    let _ = with_online(|online| {
        let commands = online.page.start();
        run(online, commands);
        view::prefill(online);
        view::render(online);
    });
    // The room page is drawn: the mark the tests and benchmarks time to.
    if let Some(performance) = window().performance() {
        let _ = performance.mark("first-board");
    }
}
