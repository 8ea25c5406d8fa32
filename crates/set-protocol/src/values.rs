//! The core's values as the wire writes them, one codec each: a way to play
//! by its name (`"classic"`), a room's status (`"waiting"`), an event's
//! kind (`"set"`), a card by its id (0..=255: an id of the room's deck,
//! which the room, not the wire, checks). The values themselves are
//! set-core's, defined once there; a name or id that is none of them does
//! not read, so a frame holding one is refused whole.

use serde::de::Error;
use serde::{Deserialize, Deserializer, Serializer};
use set_core::online::room::{EventKind, Status};
use set_core::rules::card::Card;
use set_core::rules::deck::card_of_any_deck;
use set_core::rules::variant::{Dealing, Variant};

/// A way to play an online room offers, by name (the daily puzzle is played alone).
pub mod mode {
    use super::{Deserialize, Deserializer, Error as _, Serializer, Variant};

    /// Writes it.
    pub fn serialize<S: Serializer>(variant: &Variant, out: S) -> Result<S::Ok, S::Error> {
        out.serialize_str(variant.name())
    }

    /// Reads it, refusing a value that is none of the core's.
    pub fn deserialize<'de, D: Deserializer<'de>>(input: D) -> Result<Variant, D::Error> {
        let name = String::deserialize(input)?;
        Variant::online(&name).ok_or_else(|| D::Error::custom(format!("no way to play online is called {name:?}")))
    }
}

/// When a room's extra cards come, by name: `"auto"` or `"called"`.
pub mod dealing {
    use super::{Dealing, Deserialize, Deserializer, Error as _, Serializer};

    /// Writes it.
    pub fn serialize<S: Serializer>(dealing: &Dealing, out: S) -> Result<S::Ok, S::Error> {
        out.serialize_str(dealing.name())
    }

    /// Whether it is left out of a frame: by itself, which a missing field reads as.
    pub fn is_automatic(dealing: &Dealing) -> bool {
        !dealing.is_called()
    }

    /// Reads it, refusing a value that is none of the core's.
    pub fn deserialize<'de, D: Deserializer<'de>>(input: D) -> Result<Dealing, D::Error> {
        let name = String::deserialize(input)?;
        Dealing::from_name(&name).ok_or_else(|| D::Error::custom(format!("no dealing is called {name:?}")))
    }
}

/// A room's status, by name.
pub mod status {
    use super::{Deserialize, Deserializer, Error as _, Serializer, Status};

    /// Writes it.
    pub fn serialize<S: Serializer>(status: &Status, out: S) -> Result<S::Ok, S::Error> {
        out.serialize_str(status.name())
    }

    /// Reads it, refusing a value that is none of the core's.
    pub fn deserialize<'de, D: Deserializer<'de>>(input: D) -> Result<Status, D::Error> {
        let name = String::deserialize(input)?;
        Status::from_name(&name).ok_or_else(|| D::Error::custom(format!("no room status is called {name:?}")))
    }
}

/// An event's kind, by name.
pub mod kind {
    use super::{Deserialize, Deserializer, Error as _, EventKind, Serializer};

    /// Writes it.
    pub fn serialize<S: Serializer>(kind: &EventKind, out: S) -> Result<S::Ok, S::Error> {
        out.serialize_str(kind.name())
    }

    /// Reads it, refusing a value that is none of the core's.
    pub fn deserialize<'de, D: Deserializer<'de>>(input: D) -> Result<EventKind, D::Error> {
        let name = String::deserialize(input)?;
        EventKind::from_name(&name).ok_or_else(|| D::Error::custom(format!("no event is called {name:?}")))
    }
}

/// Any byte is some deck's card: which deck, the room knows (and checks a claim's ids against).
fn card_of(id: u8) -> Card {
    card_of_any_deck(id)
}

/// A card, by id.
pub mod card {
    use super::{Card, Deserialize, Deserializer, Serializer, card_of};

    /// Writes it.
    pub fn serialize<S: Serializer>(card: &Card, out: S) -> Result<S::Ok, S::Error> {
        out.serialize_u8(card.id())
    }

    /// Reads it: any byte.
    pub fn deserialize<'de, D: Deserializer<'de>>(input: D) -> Result<Card, D::Error> {
        Ok(card_of(u8::deserialize(input)?))
    }
}

/// A card or none, by id.
pub mod card_or_none {
    use super::{Card, Deserialize, Deserializer, Serializer, card_of};

    /// Writes it.
    pub fn serialize<S: Serializer>(card: &Option<Card>, out: S) -> Result<S::Ok, S::Error> {
        match card {
            Some(card) => out.serialize_some(&card.id()),
            None => out.serialize_none(),
        }
    }

    /// Reads it, refusing a value that is none of the core's.
    pub fn deserialize<'de, D: Deserializer<'de>>(input: D) -> Result<Option<Card>, D::Error> {
        Ok(Option::<u8>::deserialize(input)?.map(card_of))
    }
}

/// A list of cards, by id.
pub mod cards {
    use super::{Card, Deserialize, Deserializer, Serializer, card_of};

    /// Writes it.
    pub fn serialize<S: Serializer>(cards: &[Card], out: S) -> Result<S::Ok, S::Error> {
        out.collect_seq(cards.iter().map(|card| card.id()))
    }

    /// Reads it, refusing a value that is none of the core's.
    pub fn deserialize<'de, D: Deserializer<'de>>(input: D) -> Result<Vec<Card>, D::Error> {
        Ok(Vec::<u8>::deserialize(input)?.into_iter().map(card_of).collect())
    }
}

/// Lists of cards (a puzzle's claims found), each by ids.
pub mod card_lists {
    use super::{Card, Deserialize, Deserializer, Serializer, card_of};

    /// Writes them.
    pub fn serialize<S: Serializer>(lists: &[Vec<Card>], out: S) -> Result<S::Ok, S::Error> {
        out.collect_seq(lists.iter().map(|cards| cards.iter().map(|card| card.id()).collect::<Vec<u8>>()))
    }

    /// Reads them: any bytes.
    pub fn deserialize<'de, D: Deserializer<'de>>(input: D) -> Result<Vec<Vec<Card>>, D::Error> {
        Ok(Vec::<Vec<u8>>::deserialize(input)?.into_iter().map(|ids| ids.into_iter().map(card_of).collect()).collect())
    }
}

/// A table's slots, each a card by id or `null` for a card face down (Memory).
pub mod slots {
    use super::{Card, Deserialize, Deserializer, Serializer, card_of};

    /// Writes them.
    pub fn serialize<S: Serializer>(slots: &[Option<Card>], out: S) -> Result<S::Ok, S::Error> {
        out.collect_seq(slots.iter().map(|slot| slot.map(Card::id)))
    }

    /// Reads them: any bytes and nulls.
    pub fn deserialize<'de, D: Deserializer<'de>>(input: D) -> Result<Vec<Option<Card>>, D::Error> {
        Ok(Vec::<Option<u8>>::deserialize(input)?.into_iter().map(|id| id.map(card_of)).collect())
    }
}

/// A list of cards or none, by id.
pub mod cards_or_none {
    use super::{Card, Deserialize, Deserializer, Serializer, card_of};

    /// Writes it.
    pub fn serialize<S: Serializer>(cards: &Option<Vec<Card>>, out: S) -> Result<S::Ok, S::Error> {
        match cards {
            Some(cards) => out.serialize_some(&cards.iter().map(|card| card.id()).collect::<Vec<u8>>()),
            None => out.serialize_none(),
        }
    }

    /// Reads it, refusing a value that is none of the core's.
    pub fn deserialize<'de, D: Deserializer<'de>>(input: D) -> Result<Option<Vec<Card>>, D::Error> {
        Ok(Option::<Vec<u8>>::deserialize(input)?.map(|ids| ids.into_iter().map(card_of).collect()))
    }
}

#[cfg(test)]
mod tests {
    use serde::{Deserialize, Serialize};
    use set_core::online::room::{EventKind, Status};
    use set_core::rules::card::Card;
    use set_core::rules::variant::Variant;

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    struct Sample {
        #[serde(with = "super::mode")]
        mode: Variant,
        #[serde(with = "super::status")]
        status: Status,
        #[serde(with = "super::kind")]
        kind: EventKind,
        #[serde(with = "super::cards")]
        cards: Vec<Card>,
        #[serde(with = "super::card_or_none")]
        card: Option<Card>,
    }

    #[test]
    fn the_core_values_are_written_as_their_names_and_ids_and_read_back() {
        let card = |id| Card::new(id).unwrap();
        let sample = Sample {
            mode: Variant::Chain,
            status: Status::Playing,
            kind: EventKind::Wrong,
            cards: vec![card(0), card(40), card(80)],
            card: Some(card(7)),
        };
        let text = serde_json::to_string(&sample).unwrap();
        assert_eq!(text, r#"{"mode":"chain","status":"playing","kind":"wrong","cards":[0,40,80],"card":7}"#);
        assert_eq!(serde_json::from_str::<Sample>(&text).unwrap(), sample);
    }

    #[test]
    fn a_name_or_id_that_is_none_of_the_values_does_not_read_and_any_decks_card_does() {
        let good = r#"{"mode":"chain","status":"playing","kind":"wrong","cards":[0,40,80],"card":null}"#;
        assert!(serde_json::from_str::<Sample>(good).is_ok());
        for bad in [
            good.replace("\"chain\"", "\"daily\""),
            good.replace("\"playing\"", "\"paused\""),
            good.replace("\"wrong\"", "\"oops\""),
            good.replace("80]", "256]"),
            good.replace("80]", "-1]"),
            good.replace("null", "256"),
        ] {
            assert!(serde_json::from_str::<Sample>(&bad).is_err(), "{bad} was read");
        }
        // An id past the classic deck's is another deck's card (a MegaSet or 4Set room's).
        assert!(serde_json::from_str::<Sample>(&good.replace("80]", "255]")).is_ok());
        assert!(serde_json::from_str::<Sample>(&good.replace("\"chain\"", "\"4set\"")).is_ok());
    }
}
