//! What a room says of ratings, in the players' words: before the start,
//! what a rated game needs (its way's shortest rated game, as the server
//! sent it); once over, whether the game counted and, if not, why (the
//! server's reason, with the names of the seats). The page shows both in
//! the room and on the end screen; docs/fair-play.md has the rules.

use set_protocol::{ResultMsg, UnratedMsg};

/// A length of time as a player reads it: whole seconds as such ("30 s"),
/// else to the tenth ("2.4 s", "0.2 s").
pub fn seconds(ms: u64) -> String {
    if ms % 1000 == 0 {
        format!("{} s", ms / 1000)
    } else {
        let tenths = (ms + 50) / 100;
        format!("{}.{} s", tenths / 10, tenths % 10)
    }
}

/// What a room that may be rated needs for its game to count.
pub fn needs(floor_ms: u64) -> String {
    format!(
        "Rated: the game counts once it lasts {}, every player finds a set, and no set is taken faster than a person can look.",
        seconds(floor_ms)
    )
}

/// A game that counted: each player's rating before and after, in seat order.
pub fn moved(results: &[ResultMsg], names: &[&str]) -> String {
    let each: Vec<String> = results
        .iter()
        .map(|r| {
            format!("{} {} → {}", names.get(usize::from(r.seat)).copied().unwrap_or("A player"), r.before, r.after)
        })
        .collect();
    format!("Rated: {}.", each.join(", "))
}

/// Why a room as set up is never rated (hints allowed, a computer
/// opponent); none for a room that may be.
pub fn never(hints: bool, bots: bool) -> Option<&'static str> {
    if hints {
        Some("Not rated: hints are allowed in this room.")
    } else if bots {
        Some("Not rated: a computer opponent plays.")
    } else {
        None
    }
}

/// Why a rated game did not count, naming its seats by `names`.
pub fn not_rated(why: &UnratedMsg, names: &[&str]) -> String {
    let name = |seat: u8| names.get(usize::from(seat)).copied().unwrap_or("A player");
    match *why {
        UnratedMsg::Short { ms, floor_ms } => {
            format!("Not rated: the game lasted {}; a rated game lasts at least {}.", seconds(ms), seconds(floor_ms))
        }
        UnratedMsg::Idle { seat } => {
            format!("Not rated: {} found no set; in a rated game every player finds one.", name(seat))
        }
        UnratedMsg::TooFast { seat, looked_ms } => format!(
            "Not rated: {} took a set {} after its last card came, faster than a person can look.",
            name(seat),
            seconds(looked_ms)
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_read_as_whole_seconds_or_tenths() {
        let shown: Vec<String> = [30_000, 2_400, 21_380, 212, 49, 0, 59_960].into_iter().map(seconds).collect();
        assert_eq!(shown, ["30 s", "2.4 s", "21.4 s", "0.2 s", "0.0 s", "0 s", "60.0 s"]);
    }

    #[test]
    fn each_reason_names_what_went_wrong_and_who() {
        let names = ["Ann", "Ben", "Cy"];
        assert_eq!(
            not_rated(&UnratedMsg::Short { ms: 21_400, floor_ms: 30_000 }, &names),
            "Not rated: the game lasted 21.4 s; a rated game lasts at least 30 s."
        );
        assert_eq!(
            not_rated(&UnratedMsg::Idle { seat: 2 }, &names),
            "Not rated: Cy found no set; in a rated game every player finds one."
        );
        assert_eq!(
            not_rated(&UnratedMsg::TooFast { seat: 0, looked_ms: 212 }, &names),
            "Not rated: Ann took a set 0.2 s after its last card came, faster than a person can look."
        );
        assert!(not_rated(&UnratedMsg::Idle { seat: 9 }, &names).starts_with("Not rated: A player found no set"));
    }

    #[test]
    fn a_game_that_counted_says_each_players_move() {
        let result = |seat, before, after| ResultMsg { seat, place: 1, before, after, provisional: true };
        assert_eq!(
            moved(&[result(0, 1500, 1600), result(1, 1500, 1400)], &["Ann", "Ben"]),
            "Rated: Ann 1500 → 1600, Ben 1500 → 1400."
        );
    }

    #[test]
    fn a_room_says_what_a_rated_game_needs_or_why_it_never_is() {
        assert_eq!(
            needs(2_400),
            "Rated: the game counts once it lasts 2.4 s, every player finds a set, and no set is taken faster than a person can look."
        );
        assert_eq!(never(true, true), Some("Not rated: hints are allowed in this room."));
        assert_eq!(never(false, true), Some("Not rated: a computer opponent plays."));
        assert_eq!(never(false, false), None);
    }
}
