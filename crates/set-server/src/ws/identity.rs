//! Who a connection is: hello (a signed token, or a new anonymous player),
//! the codes that move an identity to another browser, signing out the
//! other browsers, reports of another player, and bans.

use super::Connection;
use super::budget::{CODES_MADE_REFUSED, CODES_TRIED_REFUSED};
use crate::metrics::{Limit, limit_hit};
use crate::proto::{ErrorCode, ServerMsg, VERSION, close};

/// Whether `reporter` may report `player`: a player id, not their own.
fn may_report(reporter: &str, player: &str) -> bool {
    crate::ids::is_player_id(player) && player != reporter
}

impl Connection {
    pub(super) async fn hello(&mut self, v: u32, token: Option<&str>) -> bool {
        if v != VERSION {
            self.refuse(ErrorCode::Version, format!("this server speaks version {VERSION}: reload the page"));
            return self.close(close::VERSION, "protocol version");
        }
        let player = match token {
            Some(token) => match self.state.signer.verify(token) {
                Some(verified) if crate::unix_ms() - verified.issued_ms > self.state.limits.token_ms() => {
                    return self.refuse_token("this browser's token is too old: it starts afresh");
                }
                Some(verified) if self.signed_out_at_hello(&verified.player, verified.issued_ms).await => {
                    return self.refuse_token("this browser was signed out of that player");
                }
                Some(verified) => verified.player,
                None => return self.refuse_token("the token is not one this server signed"),
            },
            // A new identity, on a new socket or an open one: from the address's budget.
            None if !self.state.identities_from.take(self.address) => {
                limit_hit(Limit::Identities);
                self.refuse(ErrorCode::Throttled, "too many new players from your address: wait a moment");
                return self.close(close::POLICY, "new identities");
            }
            None => crate::ids::new_player_id(),
        };
        if self.state.sanctions.is_banned(&player) {
            return self.banned();
        }
        self.welcome(player);
        true
    }

    /// Whether `player` signed out their other browsers after `issued_ms`,
    /// by a sign-out this node holds (one made while the player was
    /// connected here: the check each frame makes).
    pub(super) fn signed_out_since(&self, player: &str, issued_ms: i64) -> bool {
        self.state.sign_outs.signed_out(player, issued_ms)
    }

    /// The same at hello, asked of the store by key as well (a sign-out made
    /// before the player connected here). A store that does not answer leaves the
    /// recent ones to judge: a player is not locked out by a database down.
    async fn signed_out_at_hello(&self, player: &str, issued_ms: i64) -> bool {
        if self.signed_out_since(player, issued_ms) {
            return true;
        }
        match self.state.rooms.store().sign_out_of(player).await {
            Ok(at) => at.is_some_and(|at| issued_ms < at),
            Err(err) => {
                tracing::warn!(%err, "a sign-out not read at hello");
                false
            }
        }
    }

    /// Refuses the token (the page starts afresh without it) and closes.
    pub(super) fn refuse_token(&mut self, why: &str) -> bool {
        self.refuse(ErrorCode::BadToken, why);
        self.close(close::BAD_TOKEN, "bad token")
    }

    /// Signs `player` out of every other browser: their tokens issued
    /// before now are refused, and this connection is given a new one.
    pub(super) async fn sign_out_elsewhere(&mut self, player: String) -> bool {
        if !self.state.sign_outs_from.take(self.address) {
            return self.throttled(None, Limit::SignOuts, "too many sign-outs from your address: wait a while");
        }
        let now = crate::unix_ms();
        if let Err(err) = self.state.rooms.store().sign_out(&player, now).await {
            tracing::error!(%err, "a sign-out not kept");
            self.refuse(ErrorCode::Unavailable, "the other browsers were not signed out: try again");
            return true;
        }
        self.state.sign_outs.made(&player, now);
        self.welcome(player);
        true
    }

    /// Tells a banned identity so and closes its socket (its page does not reconnect).
    pub(super) fn banned(&mut self) -> bool {
        limit_hit(Limit::Banned);
        self.refuse(ErrorCode::Banned, "this server's operator has banned this player");
        self.close(close::BANNED, "banned")
    }

    /// A player's report of another, kept for the operator: a few a day.
    pub(super) async fn report(&mut self, reporter: &str, player: &str, why: &str) -> bool {
        if !may_report(reporter, player) {
            self.refuse(ErrorCode::BadMessage, "no such player to report");
            return true;
        }
        let why = match crate::chat::checked(why) {
            Ok(why) => why,
            Err(err) => {
                self.refuse(ErrorCode::BadChat, err);
                return true;
            }
        };
        if !self.state.reports_from.take(self.address) {
            return self.throttled(None, Limit::Reports, "too many reports from your address: wait a while");
        }
        let now = crate::unix_ms();
        let report = crate::store::ReportRecord {
            id: 0,
            reporter: reporter.to_owned(),
            player: player.to_owned(),
            why,
            at: now,
        };
        let since = now - 24 * 3_600_000;
        match self.state.rooms.store().report(&report, since, crate::moderation::REPORTS_PER_DAY).await {
            Ok(true) => {}
            Ok(false) => {
                let why = format!("{} reports a day at most", crate::moderation::REPORTS_PER_DAY);
                return self.throttled(None, Limit::Reports, why);
            }
            Err(err) => {
                tracing::error!(%err, "a report not kept");
                self.refuse(ErrorCode::Unavailable, "the report was not kept: try again");
            }
        }
        true
    }

    /// The connection is `player` from now on: told so with a token of its
    /// own, and counted online (in place of whom it was before, if anyone).
    pub(super) fn welcome(&mut self, player: String) {
        self.issued_ms = crate::unix_ms();
        let token = self.state.signer.token(&player, self.issued_ms);
        let name = self.state.lobby.arrived(&player);
        // Its name already: the page's first name in the lobby costs no rename.
        self.named = Some(name.clone()).filter(|name| !name.is_empty());
        self.send(&ServerMsg::Welcome { token, player: player.clone(), node: self.state.node.clone(), name });
        self.state.sign_outs.arrived(&player);
        if let Some(before) = self.player.replace(player) {
            self.state.lobby.departed(&before);
            self.state.sign_outs.departed(&before);
        }
    }

    /// A code that moves `player` to another browser. The socket's credit
    /// is spent already; its address's is drawn here: the pool of codes
    /// waiting is shared, and no one machine fills it.
    pub(super) fn transfer_code(&mut self, player: &str) -> bool {
        if !self.state.transfer_codes_made.take(self.address) {
            return self.throttled(None, Limit::TransferCodes, CODES_MADE_REFUSED);
        }
        match self.state.transfers.issue(player) {
            Ok(code) => {
                let seconds = self.state.transfers.lifetime().as_secs();
                self.send(&ServerMsg::TransferCode { code, seconds });
            }
            Err(err) => self.refuse(ErrorCode::Throttled, err.to_string()),
        }
        true
    }

    /// Becomes the player a transfer code names, if the code is good and
    /// this connection's address may try another (the socket's credit is
    /// spent already): a new token, as at hello, and the old player's place
    /// in the lobby and any room left.
    pub(super) async fn redeem(&mut self, code: &str) -> bool {
        if !self.state.transfer_tries.take(self.address) {
            return self.throttled(None, Limit::TransferGuesses, CODES_TRIED_REFUSED);
        }
        let player = match self.state.transfers.redeem(code) {
            Ok(player) => player,
            Err(err) => {
                self.refuse(ErrorCode::BadCode, err.to_string());
                return true;
            }
        };
        self.leave_room().await;
        self.leave_lobby();
        self.welcome(player);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_player_reports_another_player_never_themselves_nor_a_made_up_id() {
        let (me, other) = (crate::ids::new_player_id(), crate::ids::new_player_id());
        assert!(may_report(&me, &other));
        assert!(!may_report(&me, &me));
        assert!(!may_report(&me, "not a player"));
        assert!(!may_report(&me, ""));
    }
}
