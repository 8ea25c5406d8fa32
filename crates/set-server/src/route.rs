//! The room a WebSocket's request names (`/ws?room=<id>`), by which a proxy
//! in front of several nodes routes the socket to the room's node, read
//! one way only. A proxy and a node that read a query differently would
//! route by one room and judge by another (nginx matches `$arg_room`
//! without case and takes the first; a node reading the first exact
//! `room` would see another): so a request that could be read two ways
//! (the key twice, or written in another case or escaped) is refused
//! before the upgrade, here and by `deploy/nginx.conf.template` alike.

use crate::ids::is_room_id;
use set_core::text::{Encoded, percent_decode, query_pairs};

/// Why a request's room cannot be read one way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum BadRoute {
    /// `room` more than once (in any case).
    Twice,
    /// A key that reads as `room` only without case or once unescaped.
    Spelled,
    /// `room=` with something that is not a room id.
    NotARoom,
}

impl BadRoute {
    /// What the refusal says.
    pub(crate) fn reason(self) -> &'static str {
        match self {
            BadRoute::Twice => "a WebSocket names its room once",
            BadRoute::Spelled => "a WebSocket names its room as `room`, in lower case",
            BadRoute::NotARoom => "that is not a room's id",
        }
    }
}

/// The room `query` names, if any, or why it cannot be read one way.
pub(crate) fn routed_room(query: Option<&str>) -> Result<Option<&str>, BadRoute> {
    let mut named = None;
    for (key, value) in query_pairs(query.unwrap_or("")) {
        let reads_as_room = percent_decode(key, Encoded::Query).is_ok_and(|key| key.eq_ignore_ascii_case("room"));
        if !reads_as_room {
            continue;
        }
        if key != "room" {
            return Err(BadRoute::Spelled);
        }
        if named.replace(value).is_some() {
            return Err(BadRoute::Twice);
        }
    }
    match named {
        Some(room) if !is_room_id(room) => Err(BadRoute::NotARoom),
        named => Ok(named),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_room_is_read_from_one_lower_case_room_key_and_every_other_reading_is_refused() {
        assert_eq!(routed_room(None), Ok(None));
        assert_eq!(routed_room(Some("")), Ok(None));
        assert_eq!(routed_room(Some("v=5")), Ok(None));
        assert_eq!(routed_room(Some("room=abcdefghjk")), Ok(Some("abcdefghjk")));
        assert_eq!(routed_room(Some("x=1&room=abcdefghjk&y=")), Ok(Some("abcdefghjk")));
        // The bounce: nginx hashes by the first `ROOM`, a node read `room`.
        assert_eq!(routed_room(Some("ROOM=mnpqrstvwx&room=abcdefghjk")), Err(BadRoute::Spelled));
        assert_eq!(routed_room(Some("room=abcdefghjk&Room=mnpqrstvwx")), Err(BadRoute::Spelled));
        assert_eq!(routed_room(Some("room=abcdefghjk&room=mnpqrstvwx")), Err(BadRoute::Twice));
        assert_eq!(routed_room(Some("room=abcdefghjk&room")), Err(BadRoute::Twice));
        assert_eq!(routed_room(Some("r%6Fom=abcdefghjk")), Err(BadRoute::Spelled));
        assert_eq!(routed_room(Some("room=abc")), Err(BadRoute::NotARoom));
        assert_eq!(routed_room(Some("room=")), Err(BadRoute::NotARoom));
        // Keys that only begin or end like it are other keys.
        assert_eq!(routed_room(Some("rooms=1&myroom=2")), Ok(None));
    }
}
