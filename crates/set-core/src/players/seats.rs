//! Who sits at one game: people and computer opponents, each at a [`Seat`],
//! with names checked once here (1 to [`MAX_NAME_CHARS`] characters, no
//! control or invisible characters, no two alike) for the page, race.html
//! and the server alike. How their claims are settled is
//! [`crate::players::sitting`]'s.

use crate::players::level::Level;
use std::borrow::Cow;
use std::fmt;

/// The most players at one game, people and computer opponents together.
pub const MAX_PLAYERS: usize = 4;
/// The most computer opponents at one game.
pub const MAX_BOTS: usize = 3;
/// The most people at one online room.
pub const MAX_ONLINE_PLAYERS: usize = 8;
/// The longest name, in characters.
pub const MAX_NAME_CHARS: usize = 20;
/// The name of the one person at a game with no named players.
pub const SOLO_NAME: &str = "You";

/// A player's place at the game, from 0; a game alone has seat 0 only.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Seat(pub u8);

/// A person, or a computer opponent at a level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A person, playing on this screen or from a browser of their own.
    Human,
    /// A computer opponent at its level.
    Bot(Level),
}

#[derive(Clone, Debug, PartialEq, Eq)]
/// One player at a game: a name and whether a person or a bot plays.
pub struct Player {
    /// Borrowed for [`SOLO_NAME`], so that a game alone allocates nothing for it.
    pub name: Cow<'static, str>,
    /// A person or a computer opponent.
    pub kind: Kind,
}

/// The players of one game by seat: people first, then computer opponents.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seats {
    /// Empty for a game alone, which is [`ALONE`].
    players: Vec<Player>,
}

/// The one player of a game alone.
static ALONE: [Player; 1] = [Player { name: Cow::Borrowed(SOLO_NAME), kind: Kind::Human }];

/// Why a list of players cannot sit at a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeatError {
    /// More people than seats (this many).
    TooManyPlayers(usize),
    /// More computer opponents than may sit (this many).
    TooManyBots(usize),
    /// A bot level that is not one of [`Level::ALL`].
    UnknownLevel(String),
    /// A person with no name.
    EmptyName,
    /// A name longer than the longest a seat takes.
    LongName(String),
    /// A control character in a name.
    ControlInName(String),
    /// A character that shows nothing (zero-width, a bidi override, a filler),
    /// which would let two names look alike or reorder the text around them.
    InvisibleInName(String),
    /// Two players with the same name.
    RepeatedName(String),
    /// Other players at the daily puzzle, which is played alone.
    Alone,
}

impl fmt::Display for SeatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SeatError::TooManyPlayers(n) => write!(f, "{n} players is too many: at most {MAX_PLAYERS} play one game"),
            SeatError::TooManyBots(n) => {
                write!(f, "{n} computer opponents is too many: at most {MAX_BOTS}")
            }
            SeatError::UnknownLevel(level) => {
                write!(f, "\"{level}\" is not a level: easy, medium, hard or expert")
            }
            SeatError::EmptyName => write!(f, "a player's name is empty"),
            SeatError::LongName(name) => write!(f, "the name \"{name}\" is longer than {MAX_NAME_CHARS} characters"),
            SeatError::ControlInName(name) => write!(f, "the name \"{name}\" holds a control character"),
            SeatError::InvisibleInName(name) => write!(f, "the name \"{name}\" holds an invisible character"),
            SeatError::RepeatedName(name) => write!(f, "two players are called \"{name}\""),
            SeatError::Alone => write!(f, "the daily puzzle is played alone, without other players"),
        }
    }
}

impl std::error::Error for SeatError {}

/// A player's name as given, without surrounding spaces, if it is one.
pub fn check_name(name: &str) -> Result<&str, SeatError> {
    let name = name.trim();
    if name.is_empty() {
        return Err(SeatError::EmptyName);
    }
    if name.chars().any(char::is_control) {
        // Shown with each control character as U+FFFD, so the message itself is plain.
        let shown = name.chars().take(MAX_NAME_CHARS).map(|c| if c.is_control() { '\u{fffd}' } else { c });
        return Err(SeatError::ControlInName(shown.collect()));
    }
    if name.chars().any(is_invisible) {
        let shown = name.chars().take(MAX_NAME_CHARS).map(|c| if is_invisible(c) { '\u{fffd}' } else { c });
        return Err(SeatError::InvisibleInName(shown.collect()));
    }
    if name.chars().count() > MAX_NAME_CHARS {
        return Err(SeatError::LongName(name.chars().take(MAX_NAME_CHARS).chain(['…']).collect()));
    }
    Ok(name)
}

/// Characters that draw nothing or reorder text: format characters (zero
/// width, joiners, bidi embeddings, overrides and isolates, the byte-order
/// mark, soft hyphen) and the blank fillers that render as nothing.
fn is_invisible(c: char) -> bool {
    matches!(c,
        '\u{00ad}' | '\u{034f}' | '\u{061c}' | '\u{115f}' | '\u{1160}' | '\u{17b4}' | '\u{17b5}' | '\u{180e}'
        | '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2060}'..='\u{206f}' | '\u{3164}' | '\u{fe00}'..='\u{fe0f}'
        | '\u{feff}' | '\u{ffa0}' | '\u{fff0}'..='\u{fff8}' | '\u{e0000}'..='\u{e007f}')
}

impl Seats {
    /// One person alone: solo play.
    pub fn solo() -> Seats {
        Seats { players: Vec::new() }
    }

    /// The named people (none: one person, [`SOLO_NAME`]) and the computer
    /// opponents, by level; each bot is named by its level and, when two
    /// share one, its number.
    pub fn new<S: AsRef<str>>(people: &[S], bots: &[Level]) -> Result<Seats, SeatError> {
        let total = people.len().max(1) + bots.len();
        if total > MAX_PLAYERS {
            return Err(SeatError::TooManyPlayers(total));
        }
        if bots.len() > MAX_BOTS {
            return Err(SeatError::TooManyBots(bots.len()));
        }
        let mut players = Vec::with_capacity(total);
        for name in people {
            let name = check_name(name.as_ref())?;
            if players.iter().any(|player: &Player| player.name == name) {
                return Err(SeatError::RepeatedName(name.to_owned()));
            }
            players.push(Player { name: Cow::Owned(name.to_owned()), kind: Kind::Human });
        }
        if players.is_empty() {
            players.push(ALONE[0].clone());
        }
        for (i, &level) in bots.iter().enumerate() {
            let same = bots[..i].iter().filter(|&&other| other == level).count();
            let mut name = format!("{} bot", level.title());
            if same > 0 {
                name = format!("{name} {}", same + 1);
            }
            players.push(Player { name: Cow::Owned(name), kind: Kind::Bot(level) });
        }
        // One person alone is a game alone, however it was asked for.
        if players.len() == 1 {
            players.clear();
        }
        Ok(Seats { players })
    }

    /// The people of an online room, in the order they joined: up to
    /// [`MAX_ONLINE_PLAYERS`], named, and never a game alone, even for one.
    pub fn online<S: AsRef<str>>(people: &[S]) -> Result<Seats, SeatError> {
        Seats::online_with_bots(people, &[])
    }

    /// An online room's people, then its computer opponents (at most
    /// [`MAX_BOTS`], [`MAX_ONLINE_PLAYERS`] in all), each bot named by its
    /// level and, where that name is taken, a number.
    pub fn online_with_bots<S: AsRef<str>>(people: &[S], bots: &[Level]) -> Result<Seats, SeatError> {
        if people.len() + bots.len() > MAX_ONLINE_PLAYERS {
            return Err(SeatError::TooManyPlayers(people.len() + bots.len()));
        }
        if bots.len() > MAX_BOTS {
            return Err(SeatError::TooManyBots(bots.len()));
        }
        let mut players: Vec<Player> = Vec::with_capacity(people.len());
        for name in people {
            let name = check_name(name.as_ref())?;
            if players.iter().any(|player| player.name == name) {
                return Err(SeatError::RepeatedName(name.to_owned()));
            }
            players.push(Player { name: Cow::Owned(name.to_owned()), kind: Kind::Human });
        }
        if players.is_empty() {
            return Err(SeatError::EmptyName);
        }
        for &level in bots {
            let base = format!("{} bot", level.title());
            let mut name = base.clone();
            let mut n = 1;
            while players.iter().any(|player| player.name == name) {
                n += 1;
                name = format!("{base} {n}");
            }
            players.push(Player { name: Cow::Owned(name), kind: Kind::Bot(level) });
        }
        Ok(Seats { players })
    }

    /// Every player by seat (the one person alone).
    pub fn players(&self) -> &[Player] {
        if self.players.is_empty() { &ALONE } else { &self.players }
    }

    /// The player at a seat, if anyone sits there.
    pub fn player(&self, seat: Seat) -> Option<&Player> {
        self.players().get(seat.0 as usize)
    }

    /// One person and nobody else.
    pub fn is_solo(&self) -> bool {
        self.players.is_empty()
    }

    /// How many of the players are people.
    pub fn people(&self) -> usize {
        self.players().iter().filter(|player| player.kind == Kind::Human).count()
    }

    /// The bots and their levels, by seat.
    pub fn bots(&self) -> impl Iterator<Item = (Seat, Level)> + '_ {
        self.players.iter().enumerate().filter_map(|(seat, player)| match player.kind {
            Kind::Bot(level) => Some((Seat(seat as u8), level)),
            Kind::Human => None,
        })
    }

    /// Whether a person must call a claim before picking cards: when
    /// several people share the screen, picks must say whose they are.
    pub fn call_first(&self) -> bool {
        self.people() > 1
    }

    /// The person whose picks they are without calling: the only person.
    pub fn only_person(&self) -> Option<Seat> {
        (self.people() == 1).then(|| Seat(self.players().iter().position(|p| p.kind == Kind::Human).unwrap_or(0) as u8))
    }
}
