//! Names given to players who have not chosen one: a friendly pair of
//! words ("Brave Otter"), drawn from a number the caller draws at random,
//! and the free name offered when a chosen one is taken ("Ivy 2"). The
//! server gives them (it knows who is online); here they are only words, so
//! that the words and their bounds are one definition, tested once.

use super::seats::MAX_NAME_CHARS;

/// First words: short, kind, and read the same by anyone.
const ADJECTIVES: [&str; 48] = [
    "Brave", "Calm", "Clever", "Cosy", "Curious", "Daring", "Eager", "Fair", "Gentle", "Glad", "Golden", "Happy",
    "Honest", "Jolly", "Keen", "Kind", "Lively", "Lucky", "Merry", "Mighty", "Nimble", "Noble", "Patient", "Plucky",
    "Polite", "Proud", "Quick", "Quiet", "Rapid", "Ready", "Sharp", "Shy", "Silver", "Sleepy", "Smart", "Snowy",
    "Sunny", "Swift", "Tidy", "Steady", "Bright", "Bold", "Cheery", "Witty", "Wise", "Zesty", "Breezy", "Dapper",
];

/// Second words: animals, each one word.
const ANIMALS: [&str; 48] = [
    "Otter", "Badger", "Beaver", "Bison", "Camel", "Crane", "Dolphin", "Eagle", "Falcon", "Ferret", "Finch", "Fox",
    "Gecko", "Heron", "Ibis", "Koala", "Lemur", "Lynx", "Marten", "Moose", "Newt", "Owl", "Panda", "Parrot", "Pelican",
    "Penguin", "Puffin", "Quail", "Rabbit", "Raven", "Robin", "Salmon", "Seal", "Sparrow", "Stork", "Swan", "Tapir",
    "Tiger", "Toucan", "Turtle", "Walrus", "Whale", "Wombat", "Wren", "Yak", "Zebra", "Hare", "Mole",
];

/// How many different friendly names there are.
pub const FRIENDLY_NAMES: u64 = (ADJECTIVES.len() * ANIMALS.len()) as u64;

/// The friendly name a number picks: every number picks one, and
/// [`FRIENDLY_NAMES`] numbers in a row pick each once.
pub fn friendly(pick: u64) -> String {
    let adjective = ADJECTIVES[(pick % ADJECTIVES.len() as u64) as usize];
    let animal = ANIMALS[((pick / ADJECTIVES.len() as u64) % ANIMALS.len() as u64) as usize];
    format!("{adjective} {animal}")
}

/// The names to offer, in order, in place of `name` when someone has it:
/// the name with a number after it ("Ivy 2" to "Ivy 99"), cut so that each
/// stays within [`MAX_NAME_CHARS`].
pub fn alternatives(name: &str) -> impl Iterator<Item = String> + '_ {
    let name = name.trim();
    (2..100u32).map(move |n| {
        let suffix = format!(" {n}");
        let room = MAX_NAME_CHARS - suffix.chars().count();
        let stem: String = name.chars().take(room).collect();
        format!("{}{suffix}", stem.trim_end())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::players::seats::check_name;

    #[test]
    fn every_friendly_name_is_distinct_seatable_and_within_the_length() {
        let names: std::collections::BTreeSet<String> = (0..FRIENDLY_NAMES).map(friendly).collect();
        assert_eq!(names.len() as u64, FRIENDLY_NAMES, "each number of a run picks another name");
        for name in &names {
            assert!(name.chars().count() <= MAX_NAME_CHARS, "{name}");
            assert_eq!(check_name(name), Ok(name.as_str()), "a name a seat takes as it is");
        }
        assert_eq!(friendly(FRIENDLY_NAMES + 7), friendly(7), "any number picks one");
        assert_eq!(friendly(u64::MAX).split(' ').count(), 2);
    }

    #[test]
    fn alternatives_add_a_number_and_stay_within_the_length() {
        let first: Vec<String> = alternatives("Ivy").take(3).collect();
        // Cut to fit the number, and a space left at the cut goes.
        assert_eq!(alternatives("Anna Maria Lee Jones").nth(8).as_deref(), Some("Anna Maria Lee Jo 10"));
        assert_eq!(alternatives("Anna Maria Lee J y").next().as_deref(), Some("Anna Maria Lee J y 2"));
        assert_eq!(alternatives("Anna Maria Lee Jo y").next().as_deref(), Some("Anna Maria Lee Jo 2"));
        assert_eq!(first, ["Ivy 2", "Ivy 3", "Ivy 4"]);
        let long = "A name of twenty chr";
        assert_eq!(long.chars().count(), MAX_NAME_CHARS);
        let offered: Vec<String> = alternatives(long).collect();
        assert_eq!(offered.first().map(String::as_str), Some("A name of twenty c 2"));
        assert_eq!(offered.len(), 98);
        assert!(offered.iter().all(|n| n.chars().count() <= MAX_NAME_CHARS && n != long));
        assert_eq!(alternatives("  Ivy ").next().as_deref(), Some("Ivy 2"), "trimmed first");
    }
}
