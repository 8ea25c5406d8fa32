//! The players' reads of the HTTP API (leaderboards and profiles), cached:
//! a leaderboard is kept for [`FRESH`], a profile for a moment, and one read
//! of each kind runs at a time, so that a crowd asking at once costs one query. A review's 128
//! parallel leaderboard requests over 100,000 ratings used to hold every
//! reader connection, so that joins waited seconds and `/healthz` said the
//! node was down. With the per-address limit of `--api-reads-per-minute`
//! (`crate::http`) a client cannot make the cache miss faster than a query a
//! key each [`FRESH`].

use crate::store::{Store, StoreResult};
use set_core::online::fair::Policy;
use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::Mutex;

/// How long a leaderboard is served before it is read again (it lists
/// settled ratings only, which one game moves little).
pub(crate) const FRESH: Duration = Duration::from_secs(10);
/// How long a profile is served before it is read again: a player who
/// just finished a game looks at theirs at once.
const PROFILE_FRESH: Duration = Duration::from_secs(2);
/// Profiles kept at most; past it the cache starts again.
const PROFILES_KEPT: usize = 1000;

type Kept<T> = Mutex<HashMap<String, (Instant, T)>>;

/// The cached answers, as JSON text.
#[derive(Default)]
pub struct Reads {
    leaderboards: Kept<Arc<str>>,
    profiles: Kept<Arc<str>>,
}

impl Reads {
    /// A way's leaderboard, as JSON of `LeaderMsg`s.
    pub(crate) async fn leaderboard(
        &self,
        store: &dyn Store,
        mode: &str,
        lines: u32,
        policy: &Policy,
    ) -> StoreResult<Arc<str>> {
        let mut kept = self.leaderboards.lock().await;
        if let Some((_, text)) = kept.get(mode).filter(|(at, _)| at.elapsed() < FRESH) {
            return Ok(Arc::clone(text));
        }
        let board = store.leaderboard(mode, lines, policy).await?;
        let text: Arc<str> = serde_json::to_string(&board).unwrap_or_default().into();
        kept.insert(mode.to_owned(), (Instant::now(), Arc::clone(&text)));
        Ok(text)
    }

    /// A player's profile, as JSON of a `ProfileMsg`; none if they have played no rated game.
    pub(crate) async fn profile(&self, store: &dyn Store, player: &str) -> StoreResult<Option<Arc<str>>> {
        let mut kept = self.profiles.lock().await;
        if let Some((_, text)) = kept.get(player).filter(|(at, _)| at.elapsed() < PROFILE_FRESH) {
            return Ok(Some(Arc::clone(text)));
        }
        // (A player with no rated game yet is not kept: their first game shows at once.)
        let Some(profile) = store.profile(player).await? else { return Ok(None) };
        let text: Arc<str> = serde_json::to_string(&profile).unwrap_or_default().into();
        if kept.len() >= PROFILES_KEPT {
            kept.clear();
        }
        kept.insert(player.to_owned(), (Instant::now(), Arc::clone(&text)));
        Ok(Some(text))
    }
}
