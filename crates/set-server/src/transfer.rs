//! Moving an identity to another browser: a player asks for a one-time
//! code, and another connection that gives it within its lifetime
//! (`--transfer-code-seconds`, 10 minutes) becomes that player, with a
//! token of its own. Codes are held in memory only (a restart forgets
//! them: ask again), one per player (asking again replaces the last), at
//! most `--max-transfer-codes` at once. A code is 50 random bits, and
//! guesses are rate limited per connection and per address (`crate::ws`),
//! so guessing one is hopeless; a wrong, used or expired code is told
//! apart from none of the others.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Why a code was not given or not taken.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TransferError {
    /// As many codes are waiting as may.
    Full,
    /// Wrong, used, or expired (which, is not told).
    BadCode,
}

impl std::fmt::Display for TransferError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TransferError::Full => write!(f, "too many codes are waiting: try again in a few minutes"),
            TransferError::BadCode => write!(f, "that code is wrong, used or expired: ask for a new one"),
        }
    }
}

struct Waiting {
    player: String,
    until: Instant,
}

/// The codes waiting to be used.
pub struct Transfers {
    codes: Mutex<HashMap<String, Waiting>>,
    lifetime: Duration,
    max: usize,
}

impl Transfers {
    pub fn new(lifetime: Duration, max: usize) -> Transfers {
        Transfers { codes: Mutex::default(), lifetime, max }
    }

    /// How long a code lasts.
    pub fn lifetime(&self) -> Duration {
        self.lifetime
    }

    /// A new code for `player` (its last one, if any, no longer works).
    pub fn issue(&self, player: &str) -> Result<String, TransferError> {
        let mut codes = self.codes.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let now = Instant::now();
        codes.retain(|_, waiting| waiting.until > now && waiting.player != player);
        if codes.len() >= self.max {
            crate::metrics::limit_hit(crate::metrics::Limit::TransferCodes);
            return Err(TransferError::Full);
        }
        let code = crate::ids::new_transfer_code();
        codes.insert(code.clone(), Waiting { player: player.to_owned(), until: now + self.lifetime });
        Ok(code)
    }

    /// The player a code moves, once: the code is gone after.
    pub fn redeem(&self, code: &str) -> Result<String, TransferError> {
        let mut codes = self.codes.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let waiting = codes.remove(&code.trim().to_ascii_lowercase()).ok_or(TransferError::BadCode)?;
        if waiting.until <= Instant::now() {
            return Err(TransferError::BadCode);
        }
        Ok(waiting.player)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_code_moves_its_player_once_within_its_lifetime() {
        let transfers = Transfers::new(Duration::from_mins(1), 10);
        let code = transfers.issue("p1").unwrap();
        assert_eq!(code.len(), crate::ids::ROOM_ID_CHARS);
        assert_eq!(transfers.redeem("nothing"), Err(TransferError::BadCode));
        assert_eq!(transfers.redeem(&format!(" {} ", code.to_ascii_uppercase())), Ok("p1".to_owned()), "as typed");
        assert_eq!(transfers.redeem(&code), Err(TransferError::BadCode), "used");
        let first = transfers.issue("p2").unwrap();
        let second = transfers.issue("p2").unwrap();
        assert_eq!(transfers.redeem(&first), Err(TransferError::BadCode), "replaced by the next");
        assert_eq!(transfers.redeem(&second), Ok("p2".to_owned()));
    }

    #[test]
    fn an_expired_code_is_refused_and_codes_are_bounded() {
        let transfers = Transfers::new(Duration::ZERO, 2);
        let code = transfers.issue("p1").unwrap();
        assert_eq!(transfers.redeem(&code), Err(TransferError::BadCode), "expired");
        let bounded = Transfers::new(Duration::from_mins(1), 2);
        bounded.issue("a").unwrap();
        bounded.issue("b").unwrap();
        assert_eq!(bounded.issue("c"), Err(TransferError::Full));
        assert!(bounded.issue("a").is_ok(), "a player's new code replaces their own");
    }
}
