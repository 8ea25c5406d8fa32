//! What the page's address asks for: `?seed=42` to deal a known game,
//! `?gallery` to show all 81 cards.

use std::fmt;

/// The largest seed a page or script can pass: JavaScript numbers are exact
/// up to 2^53 − 1, and a seed must survive the trip through `state()` and back.
pub const MAX_SEED: u64 = (1 << 53) - 1;

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PageOptions {
    pub seed: Option<u64>,
    pub gallery: bool,
}

/// A `seed` parameter that is not a whole number in 0..=2^53−1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InvalidSeed(pub String);

impl fmt::Display for InvalidSeed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seed \"{}\" is not a whole number from 0 to {MAX_SEED}", self.0)
    }
}

impl std::error::Error for InvalidSeed {}

pub fn parse_seed(text: &str) -> Result<u64, InvalidSeed> {
    text.trim().parse::<u64>().ok().filter(|&seed| seed <= MAX_SEED).ok_or_else(|| InvalidSeed(text.to_owned()))
}

/// Reads `location.search` (with or without its leading `?`).
pub fn parse_query(search: &str) -> Result<PageOptions, InvalidSeed> {
    let mut options = PageOptions::default();
    for pair in search.trim_start_matches('?').split('&').filter(|p| !p.is_empty()) {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        match key {
            "seed" => options.seed = Some(parse_seed(value)?),
            "gallery" => options.gallery = true,
            _ => {}
        }
    }
    Ok(options)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_seed_and_gallery() {
        assert_eq!(parse_query(""), Ok(PageOptions::default()));
        assert_eq!(parse_query("?seed=42"), Ok(PageOptions { seed: Some(42), gallery: false }));
        assert_eq!(parse_query("?gallery&x=1"), Ok(PageOptions { seed: None, gallery: true }));
        assert_eq!(parse_query("seed=9007199254740991").unwrap().seed, Some(MAX_SEED));
    }

    #[test]
    fn bad_seeds_are_named_in_the_error() {
        assert_eq!(parse_query("?seed=abc"), Err(InvalidSeed("abc".into())));
        assert_eq!(parse_query("?seed=-1"), Err(InvalidSeed("-1".into())));
        assert_eq!(parse_query("?seed=9007199254740992"), Err(InvalidSeed("9007199254740992".into())));
        assert_eq!(
            parse_seed("1.5").unwrap_err().to_string(),
            "seed \"1.5\" is not a whole number from 0 to 9007199254740991"
        );
    }
}
