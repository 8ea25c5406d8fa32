//! The hostile side of a load (`--hostile N`): clients that do not play
//! but grow what the server bounds, run in a process of their own beside
//! the players so that the report can set the players' claim round trips
//! beside each attack (BENCHMARKS.md, "Beside each attack"). Every attack
//! starts once the players are seated, runs until the load's deadline and
//! stops by itself, dropping every socket it opened; each ends with one
//! JSON value of what it managed.
//!
//! `--attack` picks one (the review of docs/fair-play.md and
//! docs/operating.md, "Limits", found each of them open once):
//! - `mix` ([`mix`]): silent sockets, a join flood, a ping fan-out and a
//!   reader that stops;
//! - `farm` ([`games`]): a solver against fresh sockpuppets, rematching
//!   in a loop, for a rating and for rooms past the limit of making them;
//! - `finished-joins` ([`games`]): joins of a finished room, as fast as
//!   an address may;
//! - `lobby-fill`, `lobby-chat`, `rewatch` ([`lobby`]): public rooms of
//!   long names from many addresses, lobby chat from one identity over
//!   many sockets, and names given again and again, each before watchers
//!   that count what reaches them;
//! - `reads` ([`reads`]): a crowd of leaderboard and profile requests,
//!   while a health check times `/healthz`;
//! - `transfer` ([`reads`]): transfer codes asked for from two addresses;
//! - `sign-outs`, `reports` ([`identities`]): new identities on open
//!   sockets signing other browsers out, and reports of made-up players
//!   from fresh identities.
//!
//! The attackers come from loopback addresses of their own (127.66.x.y),
//! so the server's per-address limits meet them as they would meet
//! machines of their own.

mod games;
mod identities;
mod lobby;
mod mix;
mod peer;
mod reads;

use serde_json::Value;
use std::time::Instant;

/// One attack beside the load.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Attack {
    /// Silent sockets, a join flood, a ping fan-out and a reader that stops.
    Mix,
    /// A solver against fresh sockpuppets, rematching in a loop.
    Farm,
    /// Joins of a finished room from one address.
    FinishedJoins,
    /// Public rooms of long names from many addresses, before lobby watchers.
    LobbyFill,
    /// Lobby chat from one identity over many sockets, before lobby watchers.
    LobbyChat,
    /// Names given again and again in the lobby, before lobby watchers.
    Rewatch,
    /// A crowd of leaderboard and profile reads, and a health check.
    Reads,
    /// Transfer codes asked for from two addresses.
    Transfer,
    /// New identities on open sockets, each signing other browsers out.
    SignOuts,
    /// Reports of made-up players from fresh identities of a few addresses.
    Reports,
}

/// `attack` on the server at `addr` from `start` to `deadline` (the mix
/// with `silent` silent sockets): what it managed.
pub(crate) async fn run(
    addr: String,
    attack: Attack,
    silent: usize,
    start: Instant,
    deadline: Instant,
) -> Result<Value, String> {
    tokio::time::sleep_until(start.into()).await;
    match attack {
        Attack::Mix => mix::run(addr, silent, deadline).await,
        Attack::Farm => games::farm(addr, deadline).await,
        Attack::FinishedJoins => games::finished_joins(addr, deadline).await,
        Attack::LobbyFill => lobby::fill(addr, deadline).await,
        Attack::LobbyChat => lobby::chat(addr, deadline).await,
        Attack::Rewatch => lobby::rewatch(addr, deadline).await,
        Attack::Reads => reads::crowd(addr, deadline).await,
        Attack::Transfer => reads::transfer(addr, deadline).await,
        Attack::SignOuts => identities::sign_outs(addr, deadline).await,
        Attack::Reports => identities::reports(addr, deadline).await,
    }
}

/// Runs `tasks` until `deadline`, then stops every one of them (and so
/// drops every socket they hold).
async fn until(deadline: Instant, tasks: Vec<tokio::task::JoinHandle<()>>) {
    tokio::time::sleep_until(deadline.into()).await;
    for task in &tasks {
        task.abort();
    }
    for task in tasks {
        let _ = task.await;
    }
}
