//! The player's settings, kept in the browser under a key of their own:
//! colour cues (a letter for each card's colour, for colour-blind players),
//! the key labels, the palette the cards are drawn in, the theme, motion,
//! sound and its volume, vibration, and when a new game's extra cards come
//! (by themselves, or on a "no set" call).
//! Stored as lines `name value`, the same pairs the settings panel sends; a
//! line this version does not know, or a value it cannot read, is skipped,
//! so that settings written by another version never stop the game.

use set_core::rules::variant::Dealing;
use set_core::text::{split_at_each, split_once_at};

/// The colours the cards' red, green and purple are drawn in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Palette {
    #[default]
    /// The printed cards' red, green and purple.
    Classic,
    /// From Okabe and Ito's palette for colour-vision deficiencies:
    /// vermillion, bluish green and blue.
    OkabeIto,
    /// Darker, more saturated versions of the classic three.
    HighContrast,
}

/// Light or dark page and table; `System` follows `prefers-color-scheme`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Theme {
    #[default]
    /// As the system prefers.
    System,
    /// Light.
    Light,
    /// Dark.
    Dark,
}

/// Whether claims shake and fade; `System` follows `prefers-reduced-motion`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Motion {
    #[default]
    /// As the system prefers.
    System,
    /// No shaking or fading.
    Reduced,
    /// Claims shake and fade.
    Full,
}

/// One choice with three values, named in settings text and on the panel.
macro_rules! named_choice {
    ($type:ident { $($variant:ident => $name:literal),+ }) => {
        impl $type {
            /// Every value, in the order the panel lists them.
            #[cfg(test)]
            pub const ALL: [$type; 3] = [$($type::$variant),+];

            /// Its name in the settings' text and on the panel.
            pub fn name(self) -> &'static str {
                match self { $($type::$variant => $name),+ }
            }

            /// The value of that name, if it is one.
            pub fn from_name(name: &str) -> Option<$type> {
                match name { $($name => Some($type::$variant),)+ _ => None }
            }
        }
    };
}

/// Whether a set and a wrong claim vibrate the device, where the browser can.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Vibration {
    #[default]
    /// On a touch device; not on one with a mouse.
    Touch,
    /// Always, where the browser can.
    On,
    /// Never.
    Off,
}

named_choice!(Palette { Classic => "classic", OkabeIto => "okabe-ito", HighContrast => "high-contrast" });
named_choice!(Theme { System => "system", Light => "light", Dark => "dark" });
named_choice!(Motion { System => "system", Reduced => "reduced", Full => "full" });
named_choice!(Vibration { Touch => "touch", On => "on", Off => "off" });

/// The volume sound starts at: moderate.
pub const DEFAULT_VOLUME: u8 = 60;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
/// The player's settings, kept in the browser.
pub struct Settings {
    /// Each card carries a letter for its colour (R, G, P), so that colours
    /// can be told apart without seeing hue.
    pub colour_cues: bool,
    /// Each card shows the key that picks it.
    pub key_labels: bool,
    /// The cards' colours.
    pub palette: Palette,
    /// Light or dark.
    pub theme: Theme,
    /// How much moves.
    pub motion: Motion,
    /// Sounds for sets, wrong claims, deals, hints and the end.
    pub sound: bool,
    /// How loud, 0 to 100.
    pub volume: u8,
    /// Whether a set and a wrong claim vibrate.
    pub vibration: Vibration,
    /// When the extra cards of a game started from the page come.
    pub deal: Dealing,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            colour_cues: false,
            key_labels: false,
            palette: Palette::default(),
            theme: Theme::default(),
            motion: Motion::default(),
            sound: true,
            volume: DEFAULT_VOLUME,
            vibration: Vibration::default(),
            deal: Dealing::Automatic,
        }
    }
}

/// One setting changed: from a line of stored text or a control of the panel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Change {
    /// Letters for colours on or off.
    ColourCues(bool),
    /// Keys on the cards on or off.
    KeyLabels(bool),
    /// Another palette.
    Palette(Palette),
    /// Another theme.
    Theme(Theme),
    /// Another motion setting.
    Motion(Motion),
    /// Sound on or off.
    Sound(bool),
    /// Another volume, 0 to 100.
    Volume(u8),
    /// Another vibration setting.
    Vibration(Vibration),
    /// Another choice of when a new game's extra cards come.
    Deal(Dealing),
}

/// How an on-or-off setting is written, in stored text and by the panel.
pub fn on_off(on: bool) -> &'static str {
    if on { "on" } else { "off" }
}

impl Change {
    /// The change that `name value` asks for (`palette okabe-ito`,
    /// `colour-cues on`), if this version knows it.
    pub fn parse(name: &str, value: &str) -> Option<Change> {
        let on_off = || match value {
            "on" => Some(true),
            "off" => Some(false),
            _ => None,
        };
        match name {
            "colour-cues" => on_off().map(Change::ColourCues),
            "key-labels" => on_off().map(Change::KeyLabels),
            "palette" => Palette::from_name(value).map(Change::Palette),
            "theme" => Theme::from_name(value).map(Change::Theme),
            "motion" => Motion::from_name(value).map(Change::Motion),
            "sound" => on_off().map(Change::Sound),
            "volume" => value.parse::<u8>().ok().filter(|&v| v <= 100).map(Change::Volume),
            "vibration" => Vibration::from_name(value).map(Change::Vibration),
            "deal" => Dealing::from_name(value).map(Change::Deal),
            _ => None,
        }
    }
}

impl Settings {
    /// Makes one change.
    pub fn apply(&mut self, change: Change) {
        match change {
            Change::ColourCues(on) => self.colour_cues = on,
            Change::KeyLabels(on) => self.key_labels = on,
            Change::Palette(palette) => self.palette = palette,
            Change::Theme(theme) => self.theme = theme,
            Change::Motion(motion) => self.motion = motion,
            Change::Sound(on) => self.sound = on,
            Change::Volume(volume) => self.volume = volume.min(100),
            Change::Vibration(vibration) => self.vibration = vibration,
            Change::Deal(deal) => self.deal = deal,
        }
    }

    /// The settings as stored text, one `name value` line each.
    pub fn to_text(self) -> String {
        let lines = [
            ("colour-cues", on_off(self.colour_cues)),
            ("key-labels", on_off(self.key_labels)),
            ("palette", self.palette.name()),
            ("theme", self.theme.name()),
            ("motion", self.motion.name()),
            ("sound", on_off(self.sound)),
            ("vibration", self.vibration.name()),
            ("deal", self.deal.name()),
        ];
        let mut text = String::new();
        for (name, value) in lines {
            text.push_str(name);
            text.push(' ');
            text.push_str(value);
            text.push('\n');
        }
        // Integer formatting: no float formatting in the download.
        text.push_str(&format!("volume {}\n", self.volume));
        text
    }

    /// The settings a stored text holds; what it does not say stays as by default.
    pub fn from_text(text: &str) -> Settings {
        let mut settings = Settings::default();
        for line in split_at_each(text, b'\n') {
            let (name, value) = split_once_at(line.trim_ascii(), b' ').unwrap_or(("", ""));
            if let Some(change) = Change::parse(name, value.trim_ascii()) {
                settings.apply(change);
            }
        }
        settings
    }

    /// Whether claims show without motion, given what the system asks for.
    pub fn reduced_motion(self, system_asks: bool) -> bool {
        match self.motion {
            Motion::System => system_asks,
            Motion::Reduced => true,
            Motion::Full => false,
        }
    }

    /// Whether a set and a wrong claim vibrate, on a device with touch or without.
    pub fn vibrates(self, touch_device: bool) -> bool {
        match self.vibration {
            Vibration::Touch => touch_device,
            Vibration::On => true,
            Vibration::Off => false,
        }
    }

    /// The volume sounds play at, 0 to 1: none with sound off.
    pub fn loudness(self) -> f64 {
        if self.sound { f64::from(self.volume.min(100)) / 100.0 } else { 0.0 }
    }

    /// Whether the page is dark, given what the system prefers.
    pub fn dark(self, system_prefers_dark: bool) -> bool {
        match self.theme {
            Theme::System => system_prefers_dark,
            Theme::Light => false,
            Theme::Dark => true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn every_settings() -> Vec<Settings> {
        let mut all = Vec::new();
        for (colour_cues, key_labels) in [(false, false), (true, false), (false, true), (true, true)] {
            for palette in Palette::ALL {
                for theme in Theme::ALL {
                    for motion in Motion::ALL {
                        for (i, vibration) in Vibration::ALL.into_iter().enumerate() {
                            let (sound, volume) = [(true, DEFAULT_VOLUME), (false, 0), (true, 100)][i];
                            all.push(Settings {
                                colour_cues,
                                key_labels,
                                palette,
                                theme,
                                motion,
                                sound,
                                volume,
                                vibration,
                                deal: if sound { Dealing::Automatic } else { Dealing::WhenCalled },
                            });
                        }
                    }
                }
            }
        }
        all
    }

    #[test]
    fn settings_round_trip_and_unknown_or_bad_lines_are_skipped() {
        let all = every_settings();
        assert_eq!(all.len(), 324);
        for settings in all {
            assert_eq!(Settings::from_text(&settings.to_text()), settings);
        }
        assert_eq!(
            Settings::default().to_text(),
            "colour-cues off\nkey-labels off\npalette classic\ntheme system\nmotion system\nsound on\nvibration touch\ndeal auto\nvolume 60\n"
        );
        let text = "palette okabe-ito\ncolour-cues on\r\nkey-labels maybe\ntheme sepia\n\nnonsense\n  motion reduced  ";
        let expected =
            Settings { colour_cues: true, palette: Palette::OkabeIto, motion: Motion::Reduced, ..Settings::default() };
        assert_eq!(Settings::from_text(text), expected);
        assert_eq!(Settings::from_text(""), Settings::default());
        let loud =
            Settings::from_text("sound off\nvolume 101\nvolume -3\nvolume 2.5\nvibration sometimes\nvolume 35\n");
        assert_eq!(loud, Settings { sound: false, volume: 35, ..Settings::default() });
    }

    /// The release before sound stored these five lines: they still read,
    /// and sound comes on at the moderate volume.
    #[test]
    fn the_settings_of_the_release_before_sound_still_read() {
        let text = "colour-cues off\nkey-labels on\npalette okabe-ito\ntheme dark\nmotion reduced\n";
        let settings = Settings::from_text(text);
        let expected = Settings {
            key_labels: true,
            palette: Palette::OkabeIto,
            theme: Theme::Dark,
            motion: Motion::Reduced,
            ..Settings::default()
        };
        assert_eq!(settings, expected);
        assert!(settings.sound && settings.volume == DEFAULT_VOLUME && settings.vibration == Vibration::Touch);
    }

    #[test]
    fn loudness_follows_the_volume_and_is_none_with_sound_off() {
        assert_eq!(Settings::default().loudness(), 0.6);
        assert_eq!(Settings { volume: 100, ..Settings::default() }.loudness(), 1.0);
        assert_eq!(Settings { sound: false, volume: 100, ..Settings::default() }.loudness(), 0.0);
        let vibrating = |vibration| Settings { vibration, ..Settings::default() };
        assert!(vibrating(Vibration::Touch).vibrates(true) && !vibrating(Vibration::Touch).vibrates(false));
        assert!(vibrating(Vibration::On).vibrates(false) && !vibrating(Vibration::Off).vibrates(true));
    }

    /// The first release stored only these two lines; they still read.
    #[test]
    fn the_first_releases_settings_still_read() {
        let settings = Settings::from_text("colour-cues on\nkey-labels off\n");
        assert_eq!(settings, Settings { colour_cues: true, ..Settings::default() });
    }

    #[test]
    fn names_are_distinct_and_read_back() {
        for name in ["classic", "okabe-ito", "high-contrast"] {
            assert_eq!(Palette::from_name(name).map(Palette::name), Some(name));
        }
        for name in ["system", "light", "dark"] {
            assert_eq!(Theme::from_name(name).map(Theme::name), Some(name));
        }
        for name in ["system", "reduced", "full"] {
            assert_eq!(Motion::from_name(name).map(Motion::name), Some(name));
        }
        assert_eq!(Palette::from_name("Classic"), None);
        assert_eq!(Change::parse("colour-cues", "yes"), None);
        assert_eq!(Change::parse("theme", "dark"), Some(Change::Theme(Theme::Dark)));
    }

    #[test]
    fn system_choices_follow_the_system_and_the_others_do_not() {
        let with = |theme, motion| Settings { theme, motion, ..Settings::default() };
        for system in [false, true] {
            assert_eq!(with(Theme::System, Motion::System).dark(system), system);
            assert_eq!(with(Theme::System, Motion::System).reduced_motion(system), system);
            assert!(with(Theme::Dark, Motion::Reduced).dark(system));
            assert!(with(Theme::Dark, Motion::Reduced).reduced_motion(system));
            assert!(!with(Theme::Light, Motion::Full).dark(system));
            assert!(!with(Theme::Light, Motion::Full).reduced_motion(system));
        }
    }
}
