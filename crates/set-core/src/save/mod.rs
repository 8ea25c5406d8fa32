//! Saved games: a small, versioned, human-readable text format.
//!
//! A game is its variant, its seed and its moves, so that is what restores
//! it; the snapshot lines (table, deck, found, previous, counters) are written
//! too, so that a person can read a save and so that decoding can
//! cross-check: every field is checked on its own (ids in range, no repeated
//! card, no negative count), then the moves are replayed and the result must
//! equal the snapshot. Anything else is rejected with an error that says what
//! is wrong; nothing half-restored ever reaches the board.
//!
//! Format 2 (this build's). A move is its play time in ms, then `h` for a
//! hint or `c` and the claimed card ids; found claims are ids joined by dots;
//! `previous` is Set-Chain's only:
//!
//! ```text
//! SET save 2
//! mode classic                      (or junior, chain, ultra, daily 2026-11-23)
//! seed 42
//! elapsed-ms 81234
//! moves 1200:h 5400:c3.17.40 9000:c0.40.80
//! table 12 55 3 …
//! deck 17 80 …
//! found 3.17.40 0.40.80
//! wrong-claims 1
//! hints-used 1
//! ```
//!
//! Format 4 is a game whose extra cards wait for a "no set" call: format
//! 2's lines, a `deal called` line, and moves that may be `8100:n` (a
//! call). It is a major of its own because an older reader that skipped
//! the line would deal the game differently. A game that deals by itself is
//! still written as format 2, so that older pages keep reading it.
//!
//! Format 3 is a game with other players: format 2's lines, and the
//! sitting's (`seated.rs`). A page that plays alone reads formats 1 and 2
//! only: to it a game with players is a newer format, kept untouched.
//!
//! Format 1 (the first release: classic only, moves untimed and naming
//! table slots, `actions h c0.4.9`, found ids in one list) is still read, and
//! written back as format 2.
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

mod seated;

pub use seated::{SeatedError, decode_seated, encode_seated};

use crate::rules::card::{Card, DECK_SIZE};
use crate::rules::daily::Date;
use crate::rules::deck::Deck;
use crate::rules::game::{Action, Claim, Game, MAX_SEED, Move, ReplayError};
use crate::rules::variant::{Dealing, Variant};
use crate::text::{BadHeader, digits, push_small, read_version, short, split_at_each, split_once_at};
use std::fmt;

/// The format this build writes and reads: see "How the format grows".
pub const FORMAT_MAJOR: u32 = 2;
/// The minor version: what a newer minor adds, an older build may pass over.
pub const FORMAT_MINOR: u32 = 0;
/// The format of a game alone whose extra cards wait for a call.
pub const CALLED_MAJOR: u32 = 4;
/// The first line's first words.
pub const HEADER: &str = "SET save";
/// Longer text is not a save of this game (a full game is about a kilobyte).
pub const MAX_SAVE_BYTES: usize = 256 * 1024;
/// No real game comes near this many moves (27 sets, a few hints each, and
/// wrong claims); it bounds the work of replaying a hand-edited save.
pub const MAX_ACTIONS: usize = 5_000;
/// Elapsed time, and a move's time, is capped at 100 days.
const MAX_ELAPSED_MS: u64 = 100 * 24 * 3600 * 1000;

/// A restored game and the play time it had when saved.
#[derive(Clone, Debug, PartialEq)]
pub struct SavedGame {
    /// The game, replayed from its moves and checked.
    pub game: Game,
    /// Play time when it was saved, in ms.
    pub elapsed_ms: u64,
}

/// Why a text is not a usable save.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SaveError {
    /// Longer than [`MAX_SAVE_BYTES`] (this many bytes).
    TooLong(usize),
    /// The first line is not a save's.
    NotASave,
    /// It stops in the middle of a line.
    Truncated,
    /// The header's version is not a version (or one before the first).
    UnknownVersion(String),
    /// Written by a newer build, in a format this one cannot read: keep it.
    Newer {
        /// The newer format's major version.
        major: u32,
    },
    /// A line every save has is missing.
    MissingField(&'static str),
    /// A line appears twice.
    RepeatedField(String),
    /// A line this format does not have.
    UnknownField(String),
    /// A number that is not a whole number in range.
    BadNumber {
        /// The line it is on.
        field: &'static str,
        /// What it says.
        text: String,
    },
    /// A mode that is no way to play.
    BadMode(String),
    /// A `deal` line that is not `called`, or in a way that takes no calls.
    BadDealing(String),
    /// A move that is none of the format's.
    BadAction(String),
    /// More moves than [`MAX_ACTIONS`] (this many).
    TooManyActions(usize),
    /// A number that is no card id.
    BadCardId {
        /// The line it is on.
        field: &'static str,
        /// What it says.
        text: String,
    },
    /// A card id given twice in the deck.
    RepeatedCard(u8),
    /// A deck that is not the whole deck (this many cards).
    CardCount(usize),
    /// The moves do not replay.
    Replay(ReplayError),
    /// A stored line that its replayed moves contradict.
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
                write!(
                    f,
                    "it was saved by a newer version of SET (save format {major}, this page reads {FORMAT_MAJOR})"
                )
            }
            SaveError::MissingField(name) => write!(f, "it has no {name} line (cut short?)"),
            SaveError::RepeatedField(name) => write!(f, "its {name} line appears twice"),
            SaveError::UnknownField(name) => write!(f, "it has an unknown line \"{name}\""),
            SaveError::BadNumber { field, text } => write!(f, "its {field} \"{text}\" is not a whole number in range"),
            SaveError::BadMode(text) => write!(f, "its mode \"{text}\" is not a way to play"),
            SaveError::BadDealing(text) => write!(f, "its deal \"{text}\" is not one of its way's"),
            SaveError::BadAction(text) => write!(f, "it has an unknown move \"{text}\""),
            SaveError::TooManyActions(n) => write!(f, "it has {n} moves, more than {MAX_ACTIONS}"),
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

/// Card ids in decimal, `separator` between them.
fn ids(cards: &[Card], separator: &str) -> String {
    let mut text = String::with_capacity(cards.len() * 3);
    for (i, card) in cards.iter().enumerate() {
        if i > 0 {
            text.push_str(separator);
        }
        push_small(&mut text, card.id() as usize);
    }
    text
}

/// The save text of a game that has been played for `elapsed_ms`.
pub fn encode(game: &Game, elapsed_ms: u64) -> String {
    let moves: Vec<String> = game
        .moves()
        .iter()
        .map(|mv| match mv.action {
            Action::Hint => format!("{}:h", mv.at_ms),
            Action::CallNoSet => format!("{}:n", mv.at_ms),
            Action::Claim(claim) => format!("{}:c{}", mv.at_ms, ids(claim.cards(), ".")),
        })
        .collect();
    let mode = match game.variant() {
        Variant::Daily(date) => format!("daily {date}"),
        variant => variant.name().to_owned(),
    };
    let found: Vec<String> = game.found().iter().map(|claim| ids(claim.cards(), ".")).collect();
    let (major, deal) = match game.dealing() {
        Dealing::Automatic => (FORMAT_MAJOR, String::new()),
        dealing @ Dealing::WhenCalled => (CALLED_MAJOR, format!("deal {}\n", dealing.name())),
    };
    let previous =
        game.previous().map_or(String::new(), |previous| format!("previous {}\n", ids(previous.cards(), " ")));
    // One format call for the whole text: each call costs the download its own code.
    format!(
        "{}\nmode {mode}\n{deal}seed {}\nelapsed-ms {elapsed_ms}\nmoves {}\ntable {}\ndeck {}\nfound {}\n{previous}wrong-claims {}\nhints-used {}\n",
        header(major),
        game.seed(),
        moves.join(" "),
        ids(game.table(), " "),
        ids(game.deck(), " "),
        found.join(" "),
        game.wrong_claims(),
        game.hints_used(),
    )
}

/// `SET save 2`, or `SET save 2.1` once there is a minor version.
fn header(major: u32) -> String {
    match FORMAT_MINOR {
        0 => format!("{HEADER} {major}"),
        minor => format!("{HEADER} {major}.{minor}"),
    }
}

/// The version in a save's first line, or why it is not a save's.
pub(crate) fn parse_header(line: &str) -> Result<(u32, u32), SaveError> {
    read_version(line, HEADER).map_err(|bad| match bad {
        BadHeader::NotThisFormat => SaveError::NotASave,
        BadHeader::UnknownVersion(version) => SaveError::UnknownVersion(version),
    })
}

/// The lines of each format, in any order after the header; `previous` is optional.
const FIELDS_V1: &[&str] = &["seed", "elapsed-ms", "actions", "table", "deck", "found", "wrong-claims", "hints-used"];
const FIELDS_V2: &[&str] =
    &["mode", "seed", "elapsed-ms", "moves", "table", "deck", "found", "previous", "wrong-claims", "hints-used"];
const FIELDS_V4: &[&str] = &[
    "mode",
    "deal",
    "seed",
    "elapsed-ms",
    "moves",
    "table",
    "deck",
    "found",
    "previous",
    "wrong-claims",
    "hints-used",
];

/// The value of each field, by its place in `fields`.
struct Lines<'a> {
    fields: &'static [&'static str],
    values: Vec<Option<&'a str>>,
}

impl<'a> Lines<'a> {
    fn get(&self, name: &'static str) -> Result<&'a str, SaveError> {
        self.optional(name).ok_or(SaveError::MissingField(name))
    }

    fn optional(&self, name: &'static str) -> Option<&'a str> {
        self.fields.iter().position(|&f| f == name).and_then(|at| self.values[at])
    }
}

/// Reads and checks a save; see the module documentation for what is checked.
pub fn decode(text: &str) -> Result<SavedGame, SaveError> {
    // Bytes, not Unicode: ASCII splitting and trimming keep Rust's Unicode
    // tables out of the download. A CR before each LF is allowed.
    let mut lines = split_at_each(text, b'\n').map(|line| line.strip_suffix('\r').unwrap_or(line));
    let header = lines.next().ok_or(SaveError::NotASave)?;
    // The version first: a newer save is kept whatever it holds.
    let (major, minor) = parse_header(header)?;
    // Format 3 (a game with players) is newer to a reader of games alone.
    if major > CALLED_MAJOR || major == seated::SEATED_MAJOR {
        return Err(SaveError::Newer { major });
    }
    if text.len() > MAX_SAVE_BYTES {
        return Err(SaveError::TooLong(text.len()));
    }
    // Every save ends with a newline, so a save cut anywhere is noticed.
    if !text.ends_with('\n') {
        return Err(SaveError::Truncated);
    }
    let fields = match major {
        1 => FIELDS_V1,
        CALLED_MAJOR => FIELDS_V4,
        _ => FIELDS_V2,
    };
    // Unknown lines are skipped only in a newer minor of this build's majors.
    let skip_unknown = major >= FORMAT_MAJOR && minor > FORMAT_MINOR;
    let mut found = Lines { fields, values: vec![None; fields.len()] };
    for line in lines.filter(|l| !l.trim_ascii().is_empty()) {
        let (key, value) = split_once_at(line, b' ').unwrap_or((line, ""));
        let Some(at) = fields.iter().position(|&f| f == key) else {
            if skip_unknown {
                continue;
            }
            return Err(SaveError::UnknownField(short(key)));
        };
        if found.values[at].replace(value).is_some() {
            return Err(SaveError::RepeatedField(fields[at].to_owned()));
        }
    }
    decode_lines(&found, major == 1)
}

/// Both formats, in one place: format 1 is a classic game whose actions
/// name table slots, untimed, with its found cards in one flat list; format 2
/// names its mode, its moves name cards with their times, and its found
/// claims are ids joined by dots.
fn decode_lines(lines: &Lines<'_>, v1: bool) -> Result<SavedGame, SaveError> {
    let variant = if v1 { Variant::Classic } else { parse_mode(lines.get("mode")?)? };
    let dealing = match lines.optional("deal") {
        None => Dealing::Automatic,
        Some(text) => match Dealing::from_name(text.trim_ascii()) {
            Some(dealing) if dealing.is_called() && variant.takes_calls() => dealing,
            _ => return Err(SaveError::BadDealing(short(text))),
        },
    };
    // A daily game's seed comes from its date, past JavaScript's exact integers.
    let max_seed = if matches!(variant, Variant::Daily(_)) { u64::MAX } else { MAX_SEED };
    let seed = number(lines.get("seed")?, "seed", max_seed)?;
    let elapsed_ms = number(lines.get("elapsed-ms")?, "elapsed-ms", MAX_ELAPSED_MS)?;
    // Ids are read in the way's deck (a 4Set id reaches 255).
    let cards_of = variant.deck();
    let table = card_ids(lines.get("table")?, "table", cards_of)?;
    let deck = card_ids(lines.get("deck")?, "deck", cards_of)?;
    // The found cards in one list, and how many claims they were written as.
    let (mut found, mut claims) = (Vec::new(), 0);
    for claim in lines.get("found")?.split_ascii_whitespace() {
        found.extend(card_ids_in(claim, b'.', "found", cards_of)?);
        claims += 1;
    }
    let previous = lines.optional("previous").map(|text| card_ids(text, "previous", cards_of)).transpose()?;
    let wrong_claims = number(lines.get("wrong-claims")?, "wrong-claims", u64::from(u32::MAX))? as u32;
    let hints_used = number(lines.get("hints-used")?, "hints-used", u64::from(u32::MAX))? as u32;
    // Format 1 lists the cards claimed away; format 2's daily claims may share cards.
    let mut out_of_the_deck = [table.as_slice(), &deck].concat();
    if v1 {
        out_of_the_deck.extend(&found);
    }
    no_card_twice(&out_of_the_deck)?;
    if v1 && table.len() + deck.len() + found.len() != DECK_SIZE {
        return Err(SaveError::CardCount(table.len() + deck.len() + found.len()));
    }
    let moves = if v1 {
        parse_moves(lines.get("actions")?, false, cards_of)?
    } else {
        parse_moves(lines.get("moves")?, true, cards_of)?
    };
    let game = replay(Game::dealt(variant, seed, dealing), &moves, v1)?;
    let game_found: Vec<Card> = game.found().iter().flat_map(Claim::cards).copied().collect();
    let found_matches = game_found == found && (v1 || game.found().len() == claims);
    check_snapshot(&[
        ("seed", game.seed() == seed),
        ("table", game.table() == table.as_slice()),
        ("deck", game.deck() == deck.as_slice()),
        ("found", found_matches),
        ("previous", game.previous().map(|p| p.cards().to_vec()) == previous),
        ("wrong-claims", game.wrong_claims() == wrong_claims),
        ("hints-used", game.hints_used() == hints_used),
    ])?;
    Ok(SavedGame { game, elapsed_ms })
}

/// Replays the moves of either format. Format 1's claims name table
/// slots (read as ids here): each becomes a claim of the cards in those
/// slots at that moment.
fn replay(mut game: Game, moves: &[Move], by_slot: bool) -> Result<Game, SaveError> {
    for (index, &mv) in moves.iter().enumerate() {
        let mv = match mv.action {
            Action::Claim(slots) if by_slot => {
                let slots: Vec<usize> = slots.cards().iter().map(|slot| slot.id() as usize).collect();
                let claim = game.claim_at(&slots).map_err(|error| SaveError::Replay(ReplayError { index, error }))?;
                Move { action: Action::Claim(claim), ..mv }
            }
            _ => mv,
        };
        game.apply(mv).map_err(|error| SaveError::Replay(ReplayError { index, error }))?;
    }
    Ok(game)
}

fn check_snapshot(checks: &[(&'static str, bool)]) -> Result<(), SaveError> {
    match checks.iter().find(|(_, ok)| !ok) {
        Some((name, _)) => Err(SaveError::Mismatch(name)),
        None => Ok(()),
    }
}

fn no_card_twice(cards: &[Card]) -> Result<(), SaveError> {
    // Every id a deck has fits: 4Set's reach 255.
    let mut seen = [false; 256];
    for card in cards {
        if std::mem::replace(&mut seen[card.id() as usize], true) {
            return Err(SaveError::RepeatedCard(card.id()));
        }
    }
    Ok(())
}

fn number(text: &str, field: &'static str, max: u64) -> Result<u64, SaveError> {
    let text = text.trim_ascii();
    digits(text).filter(|&n| n <= max).ok_or_else(|| SaveError::BadNumber { field, text: short(text) })
}

fn parse_mode(text: &str) -> Result<Variant, SaveError> {
    let bad = || SaveError::BadMode(short(text));
    let mut words = text.split_ascii_whitespace();
    let (name, date, rest) = (words.next().unwrap_or(""), words.next(), words.next());
    let date = date.map(Date::parse).transpose().map_err(|_| bad())?;
    let variant = match (name, date, rest) {
        ("daily", Some(_), None) | (_, None, None) => Variant::from_name(name, date).map_err(|_| bad())?,
        _ => return Err(bad()),
    };
    Ok(variant)
}

/// The moves of either format: format 2's `1200:h` and `5400:c3.17.40`
/// (cards, with their times), format 1's untimed `h` and `c0.4.9` (slots).
fn parse_moves(text: &str, timed: bool, deck: Deck) -> Result<Vec<Move>, SaveError> {
    parse_tokens(text, |token| {
        let (at, action) = if timed { split_once_at(token, b':')? } else { ("0", token) };
        let at_ms = digits(at).filter(|&ms| ms <= MAX_ELAPSED_MS)?;
        let action = if action == "h" {
            Action::Hint
        } else if action == "n" && timed {
            Action::CallNoSet
        } else {
            let cards = card_ids_in(action.strip_prefix('c')?, b'.', "moves", deck).ok()?;
            Action::Claim(Claim::new(&cards).filter(|claim| timed || claim.cards().len() == 3)?)
        };
        Some(Move { at_ms, action })
    })
}

/// The moves of either format, one token each, at most [`MAX_ACTIONS`] of them.
fn parse_tokens<T>(text: &str, parse: impl Fn(&str) -> Option<T>) -> Result<Vec<T>, SaveError> {
    let mut parsed = Vec::new();
    for token in text.split_ascii_whitespace() {
        if parsed.len() == MAX_ACTIONS {
            return Err(SaveError::TooManyActions(text.split_ascii_whitespace().count()));
        }
        parsed.push(parse(token).ok_or_else(|| SaveError::BadAction(short(token)))?);
    }
    Ok(parsed)
}

fn card_ids(text: &str, field: &'static str, deck: Deck) -> Result<Vec<Card>, SaveError> {
    let mut cards = Vec::new();
    for token in text.split_ascii_whitespace() {
        cards.push(card_id(token, field, deck)?);
    }
    Ok(cards)
}

fn card_ids_in(text: &str, separator: u8, field: &'static str, deck: Deck) -> Result<Vec<Card>, SaveError> {
    let mut cards = Vec::new();
    for token in split_at_each(text, separator) {
        cards.push(card_id(token, field, deck)?);
    }
    Ok(cards)
}

fn card_id(token: &str, field: &'static str, deck: Deck) -> Result<Card, SaveError> {
    digits(token)
        .and_then(|id| deck.card(i64::try_from(id).ok()?).ok())
        .ok_or_else(|| SaveError::BadCardId { field, text: short(token) })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::card::is_set;
    use crate::rules::game::{ClaimOutcome, Invalid};

    /// A classic game with a hint, a wrong claim and two sets found, each
    /// move at `times[i]`; the first release saved the same game untimed.
    pub(super) fn played_at(times: [u64; 4]) -> Game {
        let mut game = Game::classic(42);
        game.hint(times[0]).unwrap();
        let t = game.table().to_vec();
        let wrong = (0..t.len())
            .flat_map(|i| (i + 1..t.len()).map(move |j| (i, j)))
            .find_map(|(i, j)| (j + 1..t.len()).find(|&k| !is_set(t[i], t[j], t[k])).map(|k| [i, j, k]))
            .unwrap();
        let claim = game.claim_at(&wrong).unwrap();
        assert_eq!(game.claim(claim, times[1]), Ok(ClaimOutcome::Invalid(Invalid::NotASet)));
        for at in [times[2], times[3]] {
            let claim = game.hint_claim().unwrap();
            game.claim(claim, at).unwrap();
        }
        game
    }

    fn played() -> Game {
        played_at([1200, 2500, 5400, 9000])
    }

    #[test]
    fn a_save_restores_the_same_game_moves_times_and_clock() {
        let game = played();
        let text = encode(&game, 81_234);
        assert!(text.starts_with("SET save 2\nmode classic\nseed 42\nelapsed-ms 81234\nmoves 1200:h 2500:c"), "{text}");
        let saved = decode(&text).unwrap();
        assert_eq!(saved, SavedGame { game: game.clone(), elapsed_ms: 81_234 });
        assert_eq!(encode(&saved.game, 81_234), text);
        let fresh = Game::classic(7);
        assert_eq!(decode(&encode(&fresh, 0)).unwrap().game, fresh);
    }

    #[test]
    fn every_variant_saves_and_restores_exactly() {
        let date = Date::parse("2026-11-23").unwrap();
        for variant in crate::rules::variant::WAYS.into_iter().chain([Variant::Daily(date)]) {
            let mut game = Game::new(variant, 99);
            let mut at = 0;
            for step in 0..12 {
                at += 700;
                if game.is_over() {
                    break;
                }
                if step % 3 == 0 {
                    game.hint(at).unwrap();
                } else if let Some(claim) = game.hint_claim() {
                    game.claim(claim, at).unwrap();
                }
            }
            let text = encode(&game, at + 50);
            let saved = decode(&text).unwrap_or_else(|err| panic!("{variant:?}: {err}\n{text}"));
            assert_eq!(saved, SavedGame { game: game.clone(), elapsed_ms: at + 50 }, "{variant:?}");
            assert_eq!(encode(&saved.game, saved.elapsed_ms), text);
            if variant.links() > 0 {
                assert!(text.contains("\nprevious "), "{text}");
            }
        }
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
        let opening = Game::classic(42).table().to_vec();
        let cases: Vec<(String, SaveError)> = vec![
            (String::new(), SaveError::NotASave),
            ("{\"seed\": 1}".into(), SaveError::NotASave),
            (good.replacen("SET save 2", "SET save 0", 1), SaveError::UnknownVersion("0".into())),
            (good.replacen("SET save 2", "SET save two", 1), SaveError::UnknownVersion("two".into())),
            (good.replacen("SET save 2", "SET save 2.x", 1), SaveError::UnknownVersion("2.x".into())),
            (good.replacen("SET save 2", "SET save -1", 1), SaveError::UnknownVersion("-1".into())),
            (good[..good.len() / 2].to_owned(), SaveError::Truncated),
            (
                edited("table", &format!("table {} {}", table.join(" "), table[0])),
                SaveError::RepeatedCard(table[0].parse().unwrap()),
            ),
            (
                edited("table", &format!("table 81 {}", table[1..].join(" "))),
                SaveError::BadCardId { field: "table", text: "81".into() },
            ),
            (edited("found", "found 0.1.x"), SaveError::BadCardId { field: "found", text: "x".into() }),
            (edited("found", "found 0.1.2"), SaveError::Mismatch("found")),
            (
                edited("wrong-claims", "wrong-claims -1"),
                SaveError::BadNumber { field: "wrong-claims", text: "-1".into() },
            ),
            (edited("hints-used", "hints-used 7"), SaveError::Mismatch("hints-used")),
            (
                edited("seed", "seed 9007199254740992"),
                SaveError::BadNumber { field: "seed", text: "9007199254740992".into() },
            ),
            (edited("elapsed-ms", "elapsed-ms 1.5"), SaveError::BadNumber { field: "elapsed-ms", text: "1.5".into() }),
            (
                edited("moves", &format!("moves 0:h 10:c{}.{}.{}", opening[0].id(), opening[0].id(), opening[1].id())),
                SaveError::Replay(ReplayError {
                    index: 1,
                    error: crate::rules::game::GameError::RepeatedCard { card: opening[0] },
                }),
            ),
            (edited("moves", "moves x"), SaveError::BadAction("x".into())),
            (edited("moves", "moves 10:c1.2"), SaveError::BadAction("10:c1.2".into())),
            (edited("moves", "moves h"), SaveError::BadAction("h".into())),
            (edited("mode", "mode chess"), SaveError::BadMode("chess".into())),
            (edited("mode", "mode daily 2026-02-30"), SaveError::BadMode("daily 2026-02-30".into())),
            (format!("{good}color blue\n"), SaveError::UnknownField("color".into())),
            (format!("{good}seed 42\n"), SaveError::RepeatedField("seed".into())),
            (format!("{good}previous 0 1 2\n"), SaveError::Mismatch("previous")),
            ("x".repeat(MAX_SAVE_BYTES + 1), SaveError::NotASave),
            (format!("{good}{}", "x".repeat(MAX_SAVE_BYTES)), SaveError::TooLong(good.len() + MAX_SAVE_BYTES)),
        ];
        for (text, expected) in cases {
            assert_eq!(decode(&text), Err(expected), "{text:.300}");
        }
        // A junior game holds solid cards only: an open one is no card of its deck.
        assert!(
            matches!(decode(&edited("mode", "mode junior")), Err(SaveError::BadCardId { field: "table", .. })),
            "{:?}",
            decode(&edited("mode", "mode junior"))
        );
        // Another seed deals other cards, so the claimed ones are not in play.
        let text = edited("seed", "seed 43");
        assert!(
            matches!(
                decode(&text),
                Err(SaveError::Replay(ReplayError {
                    index: 1,
                    error: crate::rules::game::GameError::NotInPlay { .. }
                }))
            ),
            "{text}"
        );
    }

    #[test]
    fn a_newer_major_version_is_told_apart_from_corruption_whatever_it_holds() {
        let good = encode(&played(), 1000);
        let newer = [
            good.replacen("SET save 2", "SET save 3", 1),
            "SET save 3.7\nsomething only version 3 knows\n".to_owned(),
            format!("SET save 3\n{}", "x".repeat(MAX_SAVE_BYTES)),
            "SET save 4294967295\n".to_owned(),
        ];
        for (text, major) in newer.iter().zip([3, 3, 3, u32::MAX]) {
            assert_eq!(decode(text), Err(SaveError::Newer { major }), "{text:.60}");
        }
        // Past u32 it is no version at all.
        assert_eq!(decode("SET save 4294967296\n"), Err(SaveError::UnknownVersion("4294967296".into())));
    }

    #[test]
    fn a_newer_minor_version_restores_and_its_unknown_lines_are_skipped() {
        let game = played();
        let good = encode(&game, 1000);
        let newer_minor = good.replacen("SET save 2\n", "SET save 2.4\nplayer-name Ada\n", 1) + "theme dark\n";
        let saved = decode(&newer_minor).unwrap();
        assert_eq!(saved, SavedGame { game: game.clone(), elapsed_ms: 1000 });
        // It is written back in this build's format, without the skipped lines.
        assert_eq!(encode(&saved.game, saved.elapsed_ms), good);
        // The same lines in a save of this build's own minor are corruption.
        let same_minor = good.replacen("SET save 2\n", "SET save 2.0\nplayer-name Ada\n", 1);
        assert_eq!(decode(&same_minor), Err(SaveError::UnknownField("player-name".into())));
        // A known line is still checked in a newer minor.
        let bad_known = newer_minor.replace("wrong-claims 1", "wrong-claims 2");
        assert_eq!(decode(&bad_known), Err(SaveError::Mismatch("wrong-claims")));
    }

    /// Saves written by every format version so far, each by the release
    /// that introduced it: they must restore for good.
    #[test]
    fn saves_of_every_released_version_still_restore() {
        // Format 1, written by the first release: untimed slot actions.
        let v1 = include_str!("../../tests/fixtures/save-v1.txt");
        let saved = decode(v1).unwrap();
        assert_eq!(saved.elapsed_ms, 81_234);
        assert_eq!(saved.game, played_at([0; 4]));
        assert_eq!(saved.game.found().len(), 2);
        // Carried on, it is written as format 2 and restores the same again.
        let again = encode(&saved.game, saved.elapsed_ms);
        assert!(again.starts_with("SET save 2\nmode classic\nseed 42\n"));
        assert_eq!(decode(&again).unwrap(), saved);
        // Format 1's own corruption is still caught.
        let edited_v1 = v1.replace("wrong-claims 1", "wrong-claims 2");
        assert_eq!(decode(&edited_v1), Err(SaveError::Mismatch("wrong-claims")));
        let short_deck = v1.replace("deck 30 ", "deck ");
        assert_eq!(decode(&short_deck), Err(SaveError::CardCount(80)));
        assert!(matches!(decode(&v1.replace("actions h", "actions q")), Err(SaveError::BadAction(_))));

        // Format 2, written by the release of 2026-11-24 (a Set-Chain game
        // with a hint, a wrong claim and four links), written back exactly.
        let v2 = include_str!("../../tests/fixtures/save-v2.txt");
        let saved = decode(v2).unwrap();
        assert_eq!((saved.elapsed_ms, saved.game.found().len(), saved.game.wrong_claims()), (16_680, 4, 1));
        assert_eq!(
            saved.game.previous().map(|p| p.cards().iter().map(|c| c.id()).collect::<Vec<u8>>()),
            Some(vec![18, 0, 9])
        );
        assert_eq!(encode(&saved.game, saved.elapsed_ms), v2);
    }

    #[test]
    fn every_cut_short_save_is_refused() {
        let good = encode(&played(), 1000);
        for end in 0..good.len() {
            assert!(decode(&good[..end]).is_err(), "{:?}", &good[..end]);
        }
    }

    #[test]
    fn error_messages_name_the_bad_value() {
        let cases = [
            (edited("table", "table 81"), "its table holds \"81\", which is not a card id 0..=80"),
            (edited("wrong-claims", "wrong-claims -1"), "its wrong-claims \"-1\" is not a whole number in range"),
            (edited("moves", "moves 0:h zap"), "it has an unknown move \"zap\""),
            (edited("mode", "mode chess"), "its mode \"chess\" is not a way to play"),
            (format!("{}colour blue\n", encode(&played(), 0)), "it has an unknown line \"colour\""),
            ("SET save 7\n".to_owned(), "it was saved by a newer version of SET (save format 7, this page reads 2)"),
            ("SET save 1.z\n".to_owned(), "its format version \"1.z\" is not one of SET's"),
            (edited("hints-used", "hints-used 9"), "its hints-used does not match its moves"),
        ];
        for (text, message) in cases {
            assert_eq!(decode(&text).unwrap_err().to_string(), message);
        }
    }
}
