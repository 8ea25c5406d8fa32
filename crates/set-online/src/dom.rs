//! The page's elements, as both of the online page's wasm modules use them
//! (the room page's client and the standings part): found by id, shown or
//! hidden, and lists filled with text, never with markup.

use wasm_bindgen::prelude::*;
use web_sys::{Document, HtmlElement, HtmlSelectElement};

/// The page's window.
pub fn window() -> web_sys::Window {
    web_sys::window().expect("a page has a window")
}

/// The page's document.
pub fn document() -> Document {
    window().document().expect("a page has a document")
}

/// The element of this id, if it is on the page.
pub fn element(id: &str) -> Option<HtmlElement> {
    document().get_element_by_id(id).map(JsCast::unchecked_into)
}

/// Sets an element's text (as text, never markup), when it changed.
pub fn set_text(id: &str, text: &str) {
    if let Some(e) = element(id) {
        if e.text_content().as_deref() != Some(text) {
            e.set_text_content(Some(text));
        }
    }
}

/// Shows or hides an element, when that changed.
pub fn show(id: &str, shown: bool) {
    if let Some(e) = element(id) {
        if e.hidden() == shown {
            e.set_hidden(!shown);
        }
    }
}

/// The value chosen in a select, if it is on the page.
pub fn select_value(id: &str) -> Option<String> {
    document().get_element_by_id(id).map(|e| e.unchecked_into::<HtmlSelectElement>().value())
}

/// One piece of a list item: an element's tag, its class, and its text.
pub type Piece = (&'static str, &'static str, String);

/// Fills a list with items made of elements whose text is set as text
/// (`textContent`): a player's name is never read as markup. A button's id
/// is its class and its item's place (`mute-2`), for the click funnel. The
/// list is rebuilt only when what it shows changed; whether it was.
pub fn fill_list(list: &HtmlElement, items: &[(&'static str, Vec<Piece>)]) -> bool {
    fill_items(list, "li", items)
}

/// Fills a table's body with rows as [`fill_list`] fills a list: each
/// item a row (`tr`), each piece a cell (`th` or `td`).
pub fn fill_rows(body: &HtmlElement, rows: &[(&'static str, Vec<Piece>)]) -> bool {
    fill_items(body, "tr", rows)
}

fn fill_items(list: &HtmlElement, item_tag: &str, items: &[(&'static str, Vec<Piece>)]) -> bool {
    let shown: String = items
        .iter()
        .map(|(class, pieces)| {
            let texts: Vec<&str> = pieces.iter().map(|(_, _, text)| text.as_str()).collect();
            format!("{class}\u{1f}{}", texts.join("\u{1f}"))
        })
        .collect::<Vec<_>>()
        .join("\u{1e}");
    if list.get_attribute("data-shown").as_deref() == Some(shown.as_str()) {
        return false;
    }
    list.set_text_content(None);
    append_as(list, item_tag, items, 0);
    let _ = list.set_attribute("data-shown", &shown);
    true
}

/// Sets `attribute` on the `piece` (a selector) of each item of a list or
/// table filled by [`fill_list`] or [`fill_rows`], in order, to each of
/// `values` (an item's link, a row's head): what its text cannot carry.
pub fn set_in_items(list: &HtmlElement, piece: &str, attribute: &str, values: impl IntoIterator<Item = String>) {
    for (at, value) in values.into_iter().enumerate() {
        if let Ok(Some(element)) = list.query_selector(&format!(":scope > :nth-child({}) {piece}", at + 1)) {
            let _ = element.set_attribute(attribute, &value);
        }
    }
}

/// Adds items to the end of a list, as [`fill_list`] makes them; the first
/// is the list's item number `first`.
pub fn append_items(list: &HtmlElement, items: &[(&'static str, Vec<Piece>)], first: usize) {
    append_as(list, "li", items, first);
}

fn append_as(list: &HtmlElement, item_tag: &str, items: &[(&'static str, Vec<Piece>)], first: usize) {
    let document = document();
    for (index, (class, pieces)) in items.iter().enumerate() {
        let Ok(item) = document.create_element(item_tag) else { return };
        if !class.is_empty() {
            item.set_class_name(class);
        }
        for (tag, class, text) in pieces {
            let Ok(piece) = document.create_element(tag) else { return };
            if !class.is_empty() {
                piece.set_class_name(class);
            }
            if *tag == "button" {
                piece.set_id(&format!("{class}-{}", first + index));
                let _ = piece.set_attribute("type", "button");
            }
            piece.set_text_content(Some(text));
            let _ = item.append_child(&piece);
        }
        let _ = list.append_child(&item);
    }
}
