//! A computer opponent's strength: its name in addresses, saves and the
//! API, and its title in sentences. Apart from the model of search
//! ([`crate::players::bot`]) so that the seats, which name a bot's level,
//! and the model, which sits bots at seats, do not import each other.

/// The four levels of computer opponent.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    /// The slowest ([`crate::players::bot::TARGET_MEDIAN_MS`] has each level's pace).
    Easy,
    /// About twice as quick as Easy.
    Medium,
    /// About twice as quick as Medium.
    Hard,
    /// The quickest, like a strong player.
    Expert,
}

impl Level {
    /// Every level, easiest first.
    pub const ALL: [Level; 4] = [Level::Easy, Level::Medium, Level::Hard, Level::Expert];

    /// The name in addresses (`?bots=hard,easy`), saves and the API.
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
        }
    }

    /// The name in sentences and on the scoreboard: "Hard".
    pub fn title(self) -> &'static str {
        match self {
            Level::Easy => "Easy",
            Level::Medium => "Medium",
            Level::Hard => "Hard",
            Level::Expert => "Expert",
        }
    }

    /// The level of that address name, if it is one.
    pub fn from_name(name: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|level| level.name() == name)
    }
}
