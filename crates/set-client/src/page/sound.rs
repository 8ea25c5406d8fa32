//! The page's sounds, as plain values: each cue is a few short tones made
//! from code (no recorded file is downloaded), which the edge plays with
//! Web Audio at the player's volume (crates/set-sound). A player's own set
//! rises, a rival's falls, a wrong claim buzzes low, a deal ticks, a hint
//! chimes, the end plays a short run up, and a countdown beeps.

/// What happened that has a sound.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cue {
    /// The player took a set.
    OwnSet,
    /// Someone else took a set.
    RivalSet,
    /// A claim that is not a set.
    Wrong,
    /// Cards dealt onto the table without a claim (a table with no set).
    Dealt,
    /// A hint revealed a card.
    Hint,
    /// The game is over.
    End,
    /// A second of a countdown passed.
    Countdown,
}

/// The shape of a tone's wave, numbered as in a cue's table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wave {
    /// Soft and round (0).
    Sine,
    /// Brighter, still soft (1).
    Triangle,
    /// Buzzing (2).
    Square,
}

/// One tone of a cue, as read from its table.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tone {
    /// Pitch, Hz.
    pub hz: f64,
    /// When it starts after the cue, ms.
    pub at_ms: f64,
    /// How long it sounds, ms (it fades out over this).
    pub ms: f64,
    /// Its wave.
    pub wave: Wave,
    /// Its loudness at full volume, 0 to 1; square waves are kept lower,
    /// as they sound louder.
    pub peak: f64,
}

/// The numbers a tone takes in a cue's table.
pub const TONE_NUMBERS: usize = 5;

const SINE: f64 = 0.0;
const TRIANGLE: f64 = 1.0;
const SQUARE: f64 = 2.0;

// Each cue's tones, five numbers each: Hz, ms after the cue, ms long, wave, peak,
// a cue a line. The sound part plays these numbers as they are (www/sound.js).
#[rustfmt::skip]
const OWN_SET: [f64; 15] = [523.25, 0.0, 130.0, TRIANGLE, 0.32,   659.25, 60.0, 130.0, TRIANGLE, 0.32,   783.99, 120.0, 200.0, TRIANGLE, 0.32];
#[rustfmt::skip]
const RIVAL_SET: [f64; 10] = [392.0, 0.0, 120.0, SINE, 0.3,   329.63, 90.0, 180.0, SINE, 0.3];
#[rustfmt::skip]
const WRONG: [f64; 10] = [155.56, 0.0, 140.0, SQUARE, 0.12,   146.83, 130.0, 190.0, SQUARE, 0.12];
#[rustfmt::skip]
const DEALT: [f64; 15] = [1318.5, 0.0, 35.0, SINE, 0.16,   1318.5, 45.0, 35.0, SINE, 0.16,   1318.5, 90.0, 35.0, SINE, 0.16];
#[rustfmt::skip]
const HINT: [f64; 10] = [880.0, 0.0, 110.0, SINE, 0.25,   1174.66, 80.0, 160.0, SINE, 0.25];
#[rustfmt::skip]
const END: [f64; 20] = [523.25, 0.0, 140.0, TRIANGLE, 0.3,   659.25, 110.0, 140.0, TRIANGLE, 0.3,   783.99, 220.0, 140.0, TRIANGLE, 0.3,   1046.5, 330.0, 380.0, TRIANGLE, 0.3];
const COUNTDOWN: [f64; 5] = [659.25, 0.0, 90.0, SINE, 0.22];

impl Cue {
    /// Every cue, for tests and the settings' try-out.
    pub const ALL: [Cue; 7] = [Cue::OwnSet, Cue::RivalSet, Cue::Wrong, Cue::Dealt, Cue::Hint, Cue::End, Cue::Countdown];

    /// The cue's tones as the sound part takes them: [`TONE_NUMBERS`] numbers each.
    pub fn table(self) -> &'static [f64] {
        match self {
            Cue::OwnSet => &OWN_SET,
            Cue::RivalSet => &RIVAL_SET,
            Cue::Wrong => &WRONG,
            Cue::Dealt => &DEALT,
            Cue::Hint => &HINT,
            Cue::End => &END,
            Cue::Countdown => &COUNTDOWN,
        }
    }

    /// The cue's tones, read from its table.
    pub fn tones(self) -> impl Iterator<Item = Tone> {
        self.table().chunks_exact(TONE_NUMBERS).map(|t| Tone {
            hz: t[0],
            at_ms: t[1],
            ms: t[2],
            wave: if t[3] == SINE {
                Wave::Sine
            } else if t[3] == TRIANGLE {
                Wave::Triangle
            } else {
                Wave::Square
            },
            peak: t[4],
        })
    }

    /// How long the cue sounds, ms.
    pub fn length_ms(self) -> f64 {
        self.tones().map(|t| t.at_ms + t.ms).fold(0.0, f64::max)
    }

    /// The vibration that goes with it, ms on and off, where there is one:
    /// a set and a wrong claim only.
    pub fn vibration(self) -> Option<&'static [u32]> {
        match self {
            Cue::OwnSet => Some(&[35]),
            Cue::Wrong => Some(&[40, 60, 40]),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_cue_is_short_audible_and_within_the_ear_s_comfort() {
        for cue in Cue::ALL {
            let tones: Vec<Tone> = cue.tones().collect();
            assert!(!tones.is_empty() && cue.table().len() == tones.len() * TONE_NUMBERS, "{cue:?}");
            assert!(cue.table().chunks_exact(TONE_NUMBERS).all(|t| [SINE, TRIANGLE, SQUARE].contains(&t[3])));
            let length = cue.length_ms();
            assert!((50.0..=800.0).contains(&length), "{cue:?} lasts {length} ms");
            for t in &tones {
                assert!((100.0..=4000.0).contains(&t.hz), "{cue:?}: {t:?}");
                assert!(t.ms >= 30.0 && t.at_ms >= 0.0, "{cue:?}: {t:?}");
                assert!(t.peak > 0.0 && t.peak <= 0.35, "{cue:?}: {t:?}");
            }
        }
    }

    #[test]
    fn a_set_rises_a_rival_s_falls_and_a_wrong_claim_is_low() {
        let pitches = |cue: Cue| cue.tones().map(|t| t.hz).collect::<Vec<_>>();
        assert!(pitches(Cue::OwnSet).windows(2).all(|w| w[0] < w[1]));
        assert!(pitches(Cue::RivalSet).windows(2).all(|w| w[0] > w[1]));
        assert!(pitches(Cue::Wrong).iter().all(|&hz| hz < 200.0));
        assert!(
            Cue::Wrong.tones().all(|t| t.wave == Wave::Square) && Cue::OwnSet.tones().all(|t| t.wave == Wave::Triangle)
        );
        let distinct: std::collections::HashSet<Vec<u64>> =
            Cue::ALL.iter().map(|&c| pitches(c).iter().map(|hz| hz.to_bits()).collect()).collect();
        assert_eq!(distinct.len(), Cue::ALL.len(), "each cue sounds different");
    }

    #[test]
    fn only_a_set_and_a_wrong_claim_vibrate() {
        let vibrating: Vec<Cue> = Cue::ALL.into_iter().filter(|c| c.vibration().is_some()).collect();
        assert_eq!(vibrating, [Cue::OwnSet, Cue::Wrong]);
    }
}
