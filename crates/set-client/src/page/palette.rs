//! The colours cards are drawn in: four per palette (red, green, purple and
//! the 4Set decks' orange), and the letter each colour carries as a cue.
//!
//! The one table of them: the renderer (set-canvas) draws from it, and its
//! tests hold each palette to what it promises. Every colour stands out
//! from the white face (3:1, as WCAG asks of a graphic); the four are far
//! apart to normal sight; the colour-blind palette keeps all four apart
//! under simulated protanopia and deuteranopia; and in the other palettes
//! the fourth colour stays about as far from the others under those as
//! their red is from their green.

use crate::page::settings::Palette;

/// Each palette's colours, in [`Palette`]'s order, by a card's colour value
/// (0..=3: red, green, purple, orange), as CSS hex.
const PALETTES: [[&str; 4]; 3] = [
    ["#dc2a3a", "#139a4f", "#6a35a8", "#c88000"],
    // Okabe and Ito's vermillion, bluish green, blue and black: black is
    // theirs too, and the only one of their colours that stays clear of the
    // other three under both red-green deficiencies.
    ["#d55e00", "#009e73", "#0072b2", "#1a1a1a"],
    ["#b3001b", "#006b2c", "#4b0f8c", "#c05800"],
];

/// The colours of one palette, by a card's colour value.
pub fn colours(palette: Palette) -> [&'static str; 4] {
    PALETTES[palette as usize]
}

/// The colour a card of colour `value` is drawn in (a value past the
/// fourth is drawn in the last: no deck has one).
pub fn colour_css(value: u8, palette: Palette) -> &'static str {
    PALETTES[palette as usize][usize::from(value.min(3))]
}

/// The letter that marks each colour value: red, green, purple, orange.
pub const COLOUR_LETTERS: [&str; 4] = ["R", "G", "P", "O"];

#[cfg(test)]
mod tests {
    use super::*;

    type Rgb = [f64; 3];

    fn linear(hex: &str) -> Rgb {
        let channel = |at: usize| {
            let c = f64::from(u8::from_str_radix(&hex[at..at + 2], 16).unwrap()) / 255.0;
            if c <= 0.04045 { c / 12.92 } else { ((c + 0.055) / 1.055).powf(2.4) }
        };
        [channel(1), channel(3), channel(5)]
    }

    fn luminance([r, g, b]: Rgb) -> f64 {
        0.2126 * r + 0.7152 * g + 0.0722 * b
    }

    /// Machado, Oliveira and Fernandes (2009), severity 1, on linear RGB.
    const PROTANOPIA: [Rgb; 3] =
        [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]];
    const DEUTERANOPIA: [Rgb; 3] =
        [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.011820, 0.042940, 0.968881]];
    const NORMAL: [Rgb; 3] = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];

    fn seen(colour: Rgb, sight: &[Rgb; 3]) -> Rgb {
        sight.map(|row| (row[0] * colour[0] + row[1] * colour[1] + row[2] * colour[2]).clamp(0.0, 1.0))
    }

    /// CIELAB (D65) of a linear RGB colour.
    fn lab([r, g, b]: Rgb) -> Rgb {
        let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
        let y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
        let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
        let f = |t: f64| if t > 0.008856 { t.cbrt() } else { 7.787 * t + 16.0 / 116.0 };
        [116.0 * f(y) - 16.0, 500.0 * (f(x) - f(y)), 200.0 * (f(y) - f(z))]
    }

    /// How far apart two colours look (CIE76 ΔE) to `sight`.
    fn apart(a: &str, b: &str, sight: &[Rgb; 3]) -> f64 {
        let (a, b) = (lab(seen(linear(a), sight)), lab(seen(linear(b), sight)));
        ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt()
    }

    /// The closest two of `colours` look to `sight`.
    fn closest(colours: &[&str], sight: &[Rgb; 3]) -> f64 {
        let mut closest = f64::INFINITY;
        for (i, a) in colours.iter().enumerate() {
            for b in &colours[i + 1..] {
                closest = closest.min(apart(a, b, sight));
            }
        }
        closest
    }

    #[test]
    fn the_palettes_are_in_the_settings_order() {
        assert_eq!(Palette::ALL, [Palette::Classic, Palette::OkabeIto, Palette::HighContrast]);
        assert_eq!(colour_css(1, Palette::OkabeIto), "#009e73");
    }

    #[test]
    fn every_colour_stands_out_from_the_white_face() {
        for palette in Palette::ALL {
            for colour in colours(palette) {
                let contrast = 1.05 / (luminance(linear(colour)) + 0.05);
                assert!(contrast >= 3.0, "{palette:?} {colour}: {contrast:.2}:1 on white");
            }
        }
    }

    #[test]
    fn the_four_colours_are_far_apart_to_normal_sight() {
        for palette in Palette::ALL {
            let closest = closest(&colours(palette), &NORMAL);
            assert!(closest >= 30.0, "{palette:?}: two colours only {closest:.1} apart");
        }
    }

    #[test]
    fn the_colour_blind_palette_keeps_all_four_apart_under_protanopia_and_deuteranopia() {
        for sight in [&PROTANOPIA, &DEUTERANOPIA] {
            let closest = closest(&colours(Palette::OkabeIto), sight);
            assert!(closest >= 30.0, "two colours only {closest:.1} apart");
        }
    }

    /// The classic and high-contrast palettes are not made for colour-blind
    /// sight (their red and green are as close as this already); their
    /// orange is kept at least that far from the other three.
    const RED_GREEN_FLOOR: f64 = 15.0;

    #[test]
    fn the_fourth_colour_is_no_closer_to_the_others_under_red_green_deficiencies_than_red_is_to_green() {
        for palette in Palette::ALL {
            let all = colours(palette);
            for sight in [&PROTANOPIA, &DEUTERANOPIA] {
                let fourth = all[..3].iter().map(|other| apart(all[3], other, sight)).fold(f64::INFINITY, f64::min);
                assert!(fourth >= RED_GREEN_FLOOR, "{palette:?}: the fourth colour {fourth:.1} from another");
            }
        }
        let [red, green, ..] = colours(Palette::Classic);
        assert!(
            apart(red, green, &DEUTERANOPIA) < RED_GREEN_FLOOR + 5.0,
            "the floor is about red and green's own distance"
        );
    }

    #[test]
    fn the_simulation_confuses_what_it_should() {
        // The reference check of the check: to a deuteranope, the classic
        // red and green are far closer than to normal sight.
        let [red, green, ..] = colours(Palette::Classic);
        assert!(apart(red, green, &DEUTERANOPIA) < apart(red, green, &NORMAL) / 3.0);
        assert_eq!(colour_css(9, Palette::Classic), "#c88000");
    }
}
