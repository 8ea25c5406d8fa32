//! Saved games: a small, versioned, human-readable text format.
//!
//! A game is its seed and its actions, so that is what restores it; the
//! snapshot lines (table, deck, found, counters) are written too, so that a
//! person can read a save and so that decoding can cross-check: every field is
//! checked on its own (ids in range, no repeated card, 81 cards in all, no
//! negative count), then the actions are replayed and the result must equal
//! the snapshot. Anything else is rejected with an error that says what is
//! wrong; nothing half-restored ever reaches the board.
//!
//! ```text
//! SET save 1
//! seed 42
//! elapsed-ms 81234
//! actions h c0.4.9 c1.2.3
//! table 12 55 3 …
//! deck 17 80 …
//! found 0 40 80
//! wrong-claims 1
//! hints-used 1
//! ```
//!
//! # How the format grows
//!
//! Old pages live on in cached tabs, and a save must never be destroyed by a
//! page older than the one that wrote it. So:
//! - The header is `SET save MAJOR` or `SET save MAJOR.MINOR` (no minor
//!   means 0). This build writes [`FORMAT_MAJOR`].[`FORMAT_MINOR`].
//! - A change that an older reader would misread (what a move means, how the
//!   deck is dealt, a line every reader must understand) takes a new MAJOR.
//!   A reader refuses a MAJOR newer than its own with [`SaveError::Newer`],
//!   which is not corruption: the page keeps that save untouched, never
//!   writes over it, and plays on unsaved.
//! - Within a MAJOR, a writer may only add lines, each optional, that an older
//!   reader can skip and still restore the same game exactly; it then raises
//!   MINOR. A reader skips lines it does not know in a save of a higher MINOR
//!   than its own; in a save of its own MINOR or lower an unknown line is
//!   corruption. A reader that carries on a higher-MINOR save writes its own
//!   MINOR back, without the lines it skipped: such lines may hold only what
//!   can be lost without losing the game.
//! - Every version ever written keeps a fixture in the tests that must still
//!   restore.

use crate::rules::card::{Card, DECK_SIZE};
use crate::rules::game::{Action, Game, ReplayError};
use crate::play::options::MAX_SEED;
use std::fmt;

/// The format this build writes and reads: see "How the format grows".
pub const FORMAT_MAJOR: u32 = 1;
pub const FORMAT_MINOR: u32 = 0;
const HEADER: &str = "SET save";
/// Longer text is not a save of this game (a full game is a few hundred bytes).
pub const MAX_SAVE_BYTES: usize = 64 * 1024;
/// No real game comes near this many actions (27 sets, at most 3 hints each,
/// and wrong claims); it bounds the work of replaying a hand-edited save.
pub const MAX_ACTIONS: usize = 5_000;
/// Elapsed time is capped at 100 days.
const MAX_ELAPSED_MS: u64 = 100 * 24 * 3600 * 1000;

/// A restored game and the play time it had when saved.
#[derive(Clone, Debug, PartialEq)]
pub struct SavedGame {
    pub game: Game,
    pub elapsed_ms: u64,
}

/// Why a text is not a usable save.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SaveError {
    TooLong(usize),
    NotASave,
    Truncated,
    /// The header's version is not a version (or one before the first).
    UnknownVersion(String),
    /// Written by a newer build, in a format this one cannot read: keep it.
    Newer { major: u32 },
    MissingField(&'static str),
    RepeatedField(String),
    UnknownField(String),
    BadNumber { field: &'static str, text: String },
    BadAction(String),
    TooManyActions(usize),
    BadCardId { field: &'static str, text: String },
    RepeatedCard(u8),
    CardCount(usize),
    Replay(ReplayError),
    Mismatch(&'static str),
}

impl fmt::Display for SaveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SaveError::TooLong(n) => write!(f, "the save is {n} bytes long, more than {MAX_SAVE_BYTES}"),
            SaveError::NotASave => write!(f, "it is not a saved SET game"),
            SaveError::Truncated => write!(f, "it stops in the middle of a line (cut short?)"),
            SaveError::UnknownVersion(v) => write!(f, "its format version \"{v}\" is not one of SET's"),
            SaveError::Newer { major } => {
                write!(f, "it was saved by a newer version of SET (save format {major}, this page reads {FORMAT_MAJOR})")
            }
            SaveError::MissingField(name) => write!(f, "it has no {name} line (cut short?)"),
            SaveError::RepeatedField(name) => write!(f, "its {name} line appears twice"),
            SaveError::UnknownField(name) => write!(f, "it has an unknown line \"{name}\""),
            SaveError::BadNumber { field, text } => write!(f, "its {field} \"{text}\" is not a whole number in range"),
            SaveError::BadAction(text) => write!(f, "it has an unknown action \"{text}\""),
            SaveError::TooManyActions(n) => write!(f, "it has {n} actions, more than {MAX_ACTIONS}"),
            SaveError::BadCardId { field, text } => {
                write!(f, "its {field} holds \"{text}\", which is not a card id 0..=80")
            }
            SaveError::RepeatedCard(id) => write!(f, "card id {id} appears twice"),
            SaveError::CardCount(n) => write!(f, "it holds {n} cards, not 81"),
            SaveError::Replay(err) => write!(f, "its moves do not replay: {err}"),
            SaveError::Mismatch(field) => write!(f, "its {field} does not match its moves"),
        }
    }
}

impl std::error::Error for SaveError {}

/// The save text of a game that has been played for `elapsed_ms`.
pub fn encode(game: &Game, elapsed_ms: u64) -> String {
    let ids = |cards: &mut dyn Iterator<Item = &Card>| cards.map(|c| c.id().to_string()).collect::<Vec<_>>().join(" ");
    let actions: Vec<String> = game
        .actions()
        .iter()
        .map(|action| match action {
            Action::Hint => "h".to_owned(),
            Action::Claim([a, b, c]) => format!("c{a}.{b}.{c}"),
        })
        .collect();
    [
        header(),
        format!("seed {}", game.seed()),
        format!("elapsed-ms {elapsed_ms}"),
        format!("actions {}", actions.join(" ")),
        format!("table {}", ids(&mut game.table().iter())),
        format!("deck {}", ids(&mut game.deck().iter())),
        format!("found {}", ids(&mut game.found().iter().flatten())),
        format!("wrong-claims {}", game.wrong_claims()),
        format!("hints-used {}", game.hints_used()),
    ]
    .join("\n")
        + "\n"
}

/// `SET save 1`, or `SET save 1.2` once there is a minor version.
fn header() -> String {
    match FORMAT_MINOR {
        0 => format!("{HEADER} {FORMAT_MAJOR}"),
        minor => format!("{HEADER} {FORMAT_MAJOR}.{minor}"),
    }
}

/// The version in a header's text: `MAJOR` or `MAJOR.MINOR`, digits only.
fn parse_version(text: &str) -> Result<(u32, u32), SaveError> {
    let (major, minor) = text.split_once('.').unwrap_or((text, "0"));
    let number = |part: &str| digits(part).and_then(|n| u32::try_from(n).ok());
    match (number(major), number(minor)) {
        (Some(major), Some(minor)) if major >= 1 => Ok((major, minor)),
        _ => Err(SaveError::UnknownVersion(short(text))),
    }
}

/// The fields of a save, one line each, in any order after the header.
const FIELDS: [&str; 8] = ["seed", "elapsed-ms", "actions", "table", "deck", "found", "wrong-claims", "hints-used"];

/// Reads and checks a save; see the module documentation for what is checked.
pub fn decode(text: &str) -> Result<SavedGame, SaveError> {
    let mut lines = text.lines();
    let header = lines.next().ok_or(SaveError::NotASave)?;
    let version = header.strip_prefix(HEADER).ok_or(SaveError::NotASave)?.trim();
    // The version first: a newer save is kept whatever it holds.
    let (major, minor) = parse_version(version)?;
    if major > FORMAT_MAJOR {
        return Err(SaveError::Newer { major });
    }
    if text.len() > MAX_SAVE_BYTES {
        return Err(SaveError::TooLong(text.len()));
    }
    // Every save ends with a newline, so a save cut anywhere is noticed.
    if !text.ends_with('\n') {
        return Err(SaveError::Truncated);
    }
    let mut values: [Option<&str>; 8] = [None; 8];
    for line in lines.filter(|l| !l.trim().is_empty()) {
        let (key, value) = line.split_once(' ').unwrap_or((line, ""));
        let Some(at) = FIELDS.iter().position(|&f| f == key) else {
            if minor > FORMAT_MINOR {
                continue; // a newer minor's optional line
            }
            return Err(SaveError::UnknownField(short(key)));
        };
        if values[at].replace(value).is_some() {
            return Err(SaveError::RepeatedField(FIELDS[at].to_owned()));
        }
    }
    let field = |at: usize| values[at].ok_or(SaveError::MissingField(FIELDS[at]));

    let seed = number(field(0)?, "seed", MAX_SEED)?;
    let elapsed_ms = number(field(1)?, "elapsed-ms", MAX_ELAPSED_MS)?;
    let actions = parse_actions(field(2)?)?;
    let table = card_ids(field(3)?, "table")?;
    let deck = card_ids(field(4)?, "deck")?;
    let found = card_ids(field(5)?, "found")?;
    let wrong_claims = number(field(6)?, "wrong-claims", u32::MAX as u64)? as u32;
    let hints_used = number(field(7)?, "hints-used", u32::MAX as u64)? as u32;

    let mut seen = [false; DECK_SIZE];
    for card in table.iter().chain(&deck).chain(&found) {
        if std::mem::replace(&mut seen[card.id() as usize], true) {
            return Err(SaveError::RepeatedCard(card.id()));
        }
    }
    let total = table.len() + deck.len() + found.len();
    if total != DECK_SIZE {
        return Err(SaveError::CardCount(total));
    }

    let game = Game::replay(seed, &actions).map_err(SaveError::Replay)?;
    let checks: [(&'static str, bool); 5] = [
        ("table", game.table() == table.as_slice()),
        ("deck", game.deck() == deck.as_slice()),
        ("found", game.found().iter().flatten().eq(found.iter())),
        ("wrong-claims", game.wrong_claims() == wrong_claims),
        ("hints-used", game.hints_used() == hints_used),
    ];
    if let Some((name, _)) = checks.iter().find(|(_, ok)| !ok) {
        return Err(SaveError::Mismatch(name));
    }
    Ok(SavedGame { game, elapsed_ms })
}

/// At most 20 characters of untrusted text, for an error message.
fn short(text: &str) -> String {
    text.chars().take(20).collect()
}

/// A number written with ASCII digits only: `parse` alone would also take "+5".
fn digits(text: &str) -> Option<u64> {
    let valid = !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit());
    valid.then(|| text.parse().ok()).flatten()
}

fn number(text: &str, field: &'static str, max: u64) -> Result<u64, SaveError> {
    let text = text.trim();
    digits(text).filter(|&n| n <= max).ok_or_else(|| SaveError::BadNumber { field, text: short(text) })
}

fn parse_actions(text: &str) -> Result<Vec<Action>, SaveError> {
    let mut actions = Vec::new();
    for token in text.split_whitespace() {
        if actions.len() == MAX_ACTIONS {
            return Err(SaveError::TooManyActions(text.split_whitespace().count()));
        }
        let action = match token {
            "h" => Some(Action::Hint),
            _ => token.strip_prefix('c').and_then(|slots| {
                let mut parts = slots.split('.').map(|s| digits(s).filter(|&n| n < 100).map(|n| n as usize));
                match (parts.next(), parts.next(), parts.next(), parts.next()) {
                    (Some(Some(a)), Some(Some(b)), Some(Some(c)), None) => Some(Action::Claim([a, b, c])),
                    _ => None,
                }
            }),
        };
        actions.push(action.ok_or_else(|| SaveError::BadAction(short(token)))?);
    }
    Ok(actions)
}

fn card_ids(text: &str, field: &'static str) -> Result<Vec<Card>, SaveError> {
    text.split_whitespace()
        .map(|token| {
            digits(token)
                .and_then(|id| Card::new(i64::try_from(id).ok()?).ok())
                .ok_or_else(|| SaveError::BadCardId { field, text: short(token) })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::game::ClaimOutcome;

    /// A game with a hint, a wrong claim and two sets found.
    fn played() -> Game {
        let mut game = Game::new(42);
        game.hint().unwrap();
        let t = game.table().to_vec();
        let wrong = (0..t.len())
            .flat_map(|i| (i + 1..t.len()).map(move |j| (i, j)))
            .find_map(|(i, j)| (j + 1..t.len()).find(|&k| !crate::rules::card::is_set(t[i], t[j], t[k])).map(|k| [i, j, k]))
            .unwrap();
        assert_eq!(game.claim(wrong), Ok(ClaimOutcome::NotASet));
        for _ in 0..2 {
            let set = game.hint_set().unwrap();
            game.claim(set).unwrap();
        }
        game
    }

    #[test]
    fn a_save_restores_the_same_game_and_time() {
        let game = played();
        let text = encode(&game, 81_234);
        assert!(text.starts_with("SET save 1\nseed 42\nelapsed-ms 81234\n"), "{text}");
        let saved = decode(&text).unwrap();
        assert_eq!(saved, SavedGame { game: game.clone(), elapsed_ms: 81_234 });
        assert_eq!(encode(&saved.game, 81_234), text);
        // A fresh game saves and restores too.
        let fresh = Game::new(7);
        assert_eq!(decode(&encode(&fresh, 0)).unwrap().game, fresh);
    }

    /// Replaces one line of a good save.
    fn edited(line: &str, with: &str) -> String {
        encode(&played(), 1000)
            .lines()
            .map(|l| if l.split(' ').next() == Some(line) { with.to_owned() } else { l.to_owned() } + "\n")
            .collect()
    }

    #[test]
    fn hand_edits_and_corruption_are_rejected_with_a_reason() {
        let good = encode(&played(), 1000);
        let table: Vec<&str> = good.lines().find(|l| l.starts_with("table ")).unwrap().split(' ').skip(1).collect();
        let cases: Vec<(String, SaveError)> = vec![
            (String::new(), SaveError::NotASave),
            ("{\"seed\": 1}".into(), SaveError::NotASave),
            (good.replacen("SET save 1", "SET save 0", 1), SaveError::UnknownVersion("0".into())),
            (good.replacen("SET save 1", "SET save one", 1), SaveError::UnknownVersion("one".into())),
            (good.replacen("SET save 1", "SET save 1.x", 1), SaveError::UnknownVersion("1.x".into())),
            (good.replacen("SET save 1", "SET save -1", 1), SaveError::UnknownVersion("-1".into())),
            (good[..good.len() / 2].to_owned(), SaveError::Truncated),
            (
                edited("table", &format!("table {} {}", table.join(" "), table[0])),
                SaveError::RepeatedCard(table[0].parse().unwrap()),
            ),
            (
                edited("table", &format!("table 81 {}", table[1..].join(" "))),
                SaveError::BadCardId { field: "table", text: "81".into() },
            ),
            (edited("found", "found 0 1 2 3"), SaveError::RepeatedCard(0)),
            (
                edited("wrong-claims", "wrong-claims -1"),
                SaveError::BadNumber { field: "wrong-claims", text: "-1".into() },
            ),
            (edited("hints-used", "hints-used 7"), SaveError::Mismatch("hints-used")),
            (edited("seed", "seed 43"), SaveError::Mismatch("table")),
            (
                edited("seed", "seed 9007199254740992"),
                SaveError::BadNumber { field: "seed", text: "9007199254740992".into() },
            ),
            (edited("elapsed-ms", "elapsed-ms 1.5"), SaveError::BadNumber { field: "elapsed-ms", text: "1.5".into() }),
            (
                edited("actions", "actions h c0.0.1"),
                SaveError::Replay(ReplayError { index: 1, error: crate::rules::game::GameError::RepeatedSlot { slot: 0 } }),
            ),
            (edited("actions", "actions x"), SaveError::BadAction("x".into())),
            (edited("actions", "actions c1.2"), SaveError::BadAction("c1.2".into())),
            (format!("{good}color blue\n"), SaveError::UnknownField("color".into())),
            (format!("{good}seed 42\n"), SaveError::RepeatedField("seed".into())),
            ("x".repeat(MAX_SAVE_BYTES + 1), SaveError::NotASave),
            (format!("{good}{}", "x".repeat(MAX_SAVE_BYTES)), SaveError::TooLong(good.len() + MAX_SAVE_BYTES)),
        ];
        for (text, expected) in cases {
            assert_eq!(decode(&text), Err(expected), "{text:.200}");
        }
    }

    #[test]
    fn a_newer_major_version_is_told_apart_from_corruption_whatever_it_holds() {
        let good = encode(&played(), 1000);
        let newer = [
            good.replacen("SET save 1", "SET save 2", 1),
            "SET save 3.7\nsomething only version 3 knows\n".to_owned(),
            format!("SET save 2\n{}", "x".repeat(MAX_SAVE_BYTES)),
            "SET save 4294967295\n".to_owned(),
        ];
        for (text, major) in newer.iter().zip([2, 3, 2, u32::MAX]) {
            assert_eq!(decode(text), Err(SaveError::Newer { major }), "{text:.60}");
        }
        // Past u32 it is no version at all.
        assert_eq!(
            decode("SET save 4294967296\n"),
            Err(SaveError::UnknownVersion("4294967296".into()))
        );
    }

    #[test]
    fn a_newer_minor_version_restores_and_its_unknown_lines_are_skipped() {
        let game = played();
        let good = encode(&game, 1000);
        let newer_minor = good.replacen("SET save 1\n", "SET save 1.4\nmove-ms 120 980 4410 7000\n", 1)
            + "player-name Ada\n";
        let saved = decode(&newer_minor).unwrap();
        assert_eq!(saved, SavedGame { game: game.clone(), elapsed_ms: 1000 });
        // It is written back in this build's format, without the skipped lines.
        assert_eq!(encode(&saved.game, saved.elapsed_ms), good);
        // The same lines in a save of this build's own minor are corruption.
        let same_minor = good.replacen("SET save 1\n", "SET save 1.0\nmove-ms 120\n", 1);
        assert_eq!(decode(&same_minor), Err(SaveError::UnknownField("move-ms".into())));
        // A known line is still checked in a newer minor.
        let bad_known = newer_minor.replace("wrong-claims 1", "wrong-claims 2");
        assert_eq!(decode(&bad_known), Err(SaveError::Mismatch("wrong-claims")));
    }

    /// Saves written by every format version so far, each by the release
    /// that introduced it: they must restore for good.
    #[test]
    fn saves_of_every_released_version_still_restore() {
        let v1 = include_str!("../tests/fixtures/save-v1.txt");
        let saved = decode(v1).unwrap();
        assert_eq!(saved.elapsed_ms, 81_234);
        assert_eq!(saved.game, played());
        assert_eq!(encode(&saved.game, saved.elapsed_ms), v1);
    }

    #[test]
    fn every_cut_short_save_is_refused() {
        let good = encode(&played(), 1000);
        for end in 0..good.len() {
            assert!(decode(&good[..end]).is_err(), "{:?}", &good[..end]);
        }
    }

    #[test]
    fn eighty_two_cards_are_refused() {
        // Drop nothing, add a card twice: 82 cards is a repeat by necessity.
        let text =
            edited("deck", &format!("{} 80", encode(&played(), 0).lines().find(|l| l.starts_with("deck")).unwrap()));
        assert!(matches!(decode(&text), Err(SaveError::RepeatedCard(_))));
        // Drop a card: 80 cards.
        let deck = encode(&played(), 0).lines().find(|l| l.starts_with("deck")).unwrap().to_owned();
        let shorter = deck.rsplit_once(' ').unwrap().0;
        assert_eq!(decode(&edited("deck", shorter)), Err(SaveError::CardCount(80)));
    }

    #[test]
    fn error_messages_name_the_bad_value() {
        let cases = [
            (edited("table", "table 81"), "its table holds \"81\", which is not a card id 0..=80"),
            (edited("wrong-claims", "wrong-claims -1"), "its wrong-claims \"-1\" is not a whole number in range"),
            (edited("actions", "actions h zap"), "it has an unknown action \"zap\""),
            (format!("{}colour blue\n", encode(&played(), 0)), "it has an unknown line \"colour\""),
            ("SET save 7\n".to_owned(), "it was saved by a newer version of SET (save format 7, this page reads 1)"),
            ("SET save 1.z\n".to_owned(), "its format version \"1.z\" is not one of SET's"),
            (edited("hints-used", "hints-used 9"), "its hints-used does not match its moves"),
        ];
        for (text, message) in cases {
            assert_eq!(decode(&text).unwrap_err().to_string(), message);
        }
    }
}
