//! The player's settings, kept in the browser under a key of their own:
//! colour cues (a letter for each card's colour, for colour-blind players)
//! and the key labels. Stored as lines `name on|off`; a line this version
//! does not know, or a value it cannot read, is skipped, so that settings
//! written by another version never stop the game.

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Settings {
    /// Each card carries a letter for its colour (R, G, P), so that colours
    /// can be told apart without seeing hue.
    pub colour_cues: bool,
    /// Each card shows the key that picks it.
    pub key_labels: bool,
}

impl Settings {
    pub fn to_text(self) -> String {
        let cues = if self.colour_cues { "colour-cues on\n" } else { "colour-cues off\n" };
        let keys = if self.key_labels { "key-labels on\n" } else { "key-labels off\n" };
        [cues, keys].concat()
    }

    /// The settings a stored text holds; what it does not say stays as by default.
    pub fn from_text(text: &str) -> Settings {
        let on = |name: &str| text.split('\n').any(|line| line.trim_ascii() == name);
        Settings { colour_cues: on("colour-cues on"), key_labels: on("key-labels on") }
    }
}

/// The letter that marks a colour: red, green, purple.
pub const COLOUR_LETTERS: [&str; 3] = ["R", "G", "P"];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_round_trip_and_unknown_or_bad_lines_are_skipped() {
        for (colour_cues, key_labels) in [(false, false), (true, false), (false, true), (true, true)] {
            let settings = Settings { colour_cues, key_labels };
            assert_eq!(Settings::from_text(&settings.to_text()), settings);
        }
        assert_eq!(Settings::default().to_text(), "colour-cues off\nkey-labels off\n");
        let text = "palette okabe-ito\ncolour-cues on\r\nkey-labels maybe\n\nnonsense";
        assert_eq!(Settings::from_text(text), Settings { colour_cues: true, key_labels: false });
        assert_eq!(Settings::from_text(""), Settings::default());
    }
}
