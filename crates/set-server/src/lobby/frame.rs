//! What one lobby frame may hold: the lobby is told whole to each new
//! watcher, and a frame larger than a connection's outbox closes it before
//! it is read (a review closed the lobby for everyone with public rooms
//! of long names). So every frame is built within a budget of bytes, half
//! of `--outbox-bytes`, shared by its rooms, its people and its chat; what
//! does not fit is left out, the most useful kept:
//! - rooms: waiting rooms with a free seat first, then the other waiting
//!   ones, then those playing, each group newest first; shown oldest first,
//!   as the page lists them;
//! - people: in name order, as many as fit (the count online stays whole);
//! - chat: the newest lines that fit.
//!
//! A changes frame takes the changed rooms, the new chat lines and the
//! names that came and went that fit, each in its part of the budget; the
//! rest wait for the next one.

use crate::proto::{LobbyChatMsg, LobbyRoomMsg};
use crate::store::Status;
use serde::Serialize;

/// The bytes of a frame's parts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Budget {
    pub(crate) rooms: usize,
    pub(crate) people: usize,
    pub(crate) chat: usize,
}

impl Budget {
    /// The budget of a frame sent through an outbox of `outbox_bytes`:
    /// half of it (a frame of changes may wait behind another), its rooms
    /// half of that and its people and chat a quarter each.
    pub(crate) fn within(outbox_bytes: usize) -> Budget {
        let whole = outbox_bytes / 2;
        Budget { rooms: whole / 2, people: whole / 4, chat: whole / 4 }
    }
}

/// How many bytes `value` takes in a frame (with its separator).
fn size<T: Serialize>(value: &T) -> usize {
    serde_json::to_string(value).map_or(usize::MAX, |text| text.len() + 1)
}

/// Most useful first: joinable waiting rooms, other waiting ones, playing; newest first within each.
fn usefulness(room: &LobbyRoomMsg, seats: usize) -> (u8, std::cmp::Reverse<i64>) {
    let group = match room.status {
        Status::Waiting if room.players.len() < seats => 0,
        Status::Waiting => 1,
        _ => 2,
    };
    (group, std::cmp::Reverse(room.created_at))
}

/// The rooms a frame shows, out of `rooms`: the most useful that fit in
/// `bytes`, oldest first; and how many were left out.
pub(crate) fn rooms(mut rooms: Vec<&LobbyRoomMsg>, bytes: usize, seats: usize) -> (Vec<&LobbyRoomMsg>, usize) {
    rooms.sort_by_key(|room| (usefulness(room, seats), room.room.clone()));
    let total = rooms.len();
    let mut used = 0;
    let mut shown: Vec<&LobbyRoomMsg> = rooms
        .into_iter()
        .take_while(|room| {
            used += size(room);
            used <= bytes
        })
        .collect();
    let left_out = total - shown.len();
    shown.sort_by(|a, b| (a.created_at, &a.room).cmp(&(b.created_at, &b.room)));
    (shown, left_out)
}

/// The first of `people` (sorted) that fit in `bytes`.
pub(crate) fn people(people: Vec<String>, bytes: usize) -> Vec<String> {
    let mut used = 0;
    people
        .into_iter()
        .take_while(|name| {
            used += size(name);
            used <= bytes
        })
        .collect()
}

/// The newest of `chat` (oldest first) that fit in `bytes`, oldest first.
pub(crate) fn chat<'a>(chat: impl DoubleEndedIterator<Item = &'a LobbyChatMsg>, bytes: usize) -> Vec<LobbyChatMsg> {
    let mut used = 0;
    let mut lines: Vec<LobbyChatMsg> = chat
        .rev()
        .take_while(|line| {
            used += size(line);
            used <= bytes
        })
        .cloned()
        .collect();
    lines.reverse();
    lines
}

/// How many of `changed` (in order: rooms, chat lines, names) fit in
/// `bytes` (at least one, so that changes always move).
pub(crate) fn first_that_fit<T: Serialize>(changed: &[T], bytes: usize) -> usize {
    let mut used = 0;
    let fit = changed
        .iter()
        .take_while(|item| {
            used += size(item);
            used <= bytes
        })
        .count();
    fit.max(1).min(changed.len())
}

/// The first of `changed` that fit in `bytes` (at least one).
pub(crate) fn fitting<T: Serialize>(mut changed: Vec<T>, bytes: usize) -> Vec<T> {
    changed.truncate(first_that_fit(&changed, bytes));
    changed
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use set_core::rules::variant::Variant;

    fn room(id: &str, status: Status, players: usize, created_at: i64, name: &str) -> LobbyRoomMsg {
        LobbyRoomMsg {
            room: id.to_owned(),
            mode: Variant::Classic,
            hints: false,
            dealing: set_core::rules::variant::Dealing::Automatic,
            rated: true,
            status,
            players: vec![name.to_owned(); players],
            watchers: 0,
            created_at,
        }
    }

    #[test]
    fn a_frame_shows_the_most_useful_rooms_that_fit_oldest_first() {
        let long = "𝕏".repeat(20);
        let rooms = [
            room("playing-old", Status::Playing, 2, 1, "Ann"),
            room("full-waiting", Status::Waiting, 8, 2, &long),
            room("open-old", Status::Waiting, 1, 3, "Ben"),
            room("open-new", Status::Waiting, 1, 4, "Cy"),
            room("playing-new", Status::Playing, 2, 5, "Di"),
        ];
        let all: Vec<&LobbyRoomMsg> = rooms.iter().collect();
        let (shown, left) = super::rooms(all.clone(), usize::MAX, 8);
        assert_eq!(shown.len(), 5);
        assert_eq!(left, 0);
        assert_eq!(shown.iter().map(|r| r.created_at).collect::<Vec<_>>(), [1, 2, 3, 4, 5], "oldest first");
        // Room for the two open ones only: the newest open first, then the older.
        let two = size(&rooms[2]) + size(&rooms[3]);
        let (shown, left) = super::rooms(all.clone(), two, 8);
        assert_eq!(shown.iter().map(|r| r.room.as_str()).collect::<Vec<_>>(), ["open-old", "open-new"]);
        assert_eq!(left, 3);
        let (shown, _) = super::rooms(all, size(&rooms[3]), 8);
        assert_eq!(shown.iter().map(|r| r.room.as_str()).collect::<Vec<_>>(), ["open-new"]);
    }

    #[test]
    fn people_and_chat_take_what_fits_and_the_chat_its_newest() {
        let names: Vec<String> = (0..100).map(|i| format!("Player {i:03}")).collect();
        let one = size(&names[0]);
        assert_eq!(people(names.clone(), one * 10), names[..10]);
        assert_eq!(people(names.clone(), one * 10 - 1), names[..9]);
        let lines: Vec<LobbyChatMsg> = (0..50)
            .map(|i| LobbyChatMsg { player: "p".into(), name: "Ann".into(), text: format!("line {i:02}"), at: 100 + i })
            .collect();
        let each = size(&lines[0]);
        let kept = chat(lines.iter(), each * 3);
        assert_eq!(kept.iter().map(|l| l.at).collect::<Vec<_>>(), [147, 148, 149]);
        assert!(chat(lines.iter(), 0).is_empty());
    }

    #[test]
    fn changes_take_what_fits_and_never_none() {
        let rooms: Vec<LobbyRoomMsg> = (0..10).map(|i| room(&format!("r{i}"), Status::Waiting, 1, i, "Ann")).collect();
        let refs: Vec<&LobbyRoomMsg> = rooms.iter().collect();
        let each = size(&rooms[0]);
        assert_eq!(first_that_fit(&refs, each * 4), 4);
        assert_eq!(first_that_fit(&refs, 0), 1);
        assert_eq!(first_that_fit(&refs, usize::MAX), 10);
        assert_eq!(first_that_fit::<LobbyRoomMsg>(&[], 100), 0);
    }

    #[test]
    fn a_budget_is_half_the_outbox_shared() {
        let budget = Budget::within(256 * 1024);
        assert_eq!(budget.rooms + budget.people + budget.chat, 128 * 1024);
    }
}
