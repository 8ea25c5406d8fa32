//! Ratings and what is read of them: leaderboards, profiles, the players' ratings and games together, in SQL: [`Standings`] for [`SqlStore`].

use super::{SqlStore, Standings, StoreResult, Together, players};
use crate::ratings::Rating;
use futures_util::future::BoxFuture;
use set_core::online::fair::Policy;
use set_protocol::api::LeaderMsg;
use set_protocol::api::ProfileMsg;

impl Standings for SqlStore {
    fn leaderboard<'a>(
        &'a self,
        mode: &'a str,
        limit: u32,
        policy: &'a Policy,
    ) -> BoxFuture<'a, StoreResult<Vec<LeaderMsg>>> {
        Box::pin(players::leaderboard(&self.reader, mode, limit, policy))
    }

    fn profile<'a>(&'a self, player: &'a str) -> BoxFuture<'a, StoreResult<Option<ProfileMsg>>> {
        Box::pin(players::profile(&self.reader, player))
    }

    fn ratings<'a>(&'a self, mode: &'a str, players: &'a [String]) -> BoxFuture<'a, StoreResult<Vec<Rating>>> {
        Box::pin(players::ratings(&self.reader, mode, players))
    }

    fn together<'a>(
        &'a self,
        mode: &'a str,
        players: &'a [String],
        since: i64,
    ) -> BoxFuture<'a, StoreResult<Vec<Vec<Together>>>> {
        Box::pin(players::together(&self.reader, mode, players, since))
    }
}
