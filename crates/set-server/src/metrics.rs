//! What the server counts, for `GET /metrics` (Prometheus text, through the
//! `metrics` facade and its Prometheus exporter). Every name is here, once:
//!
//! | metric | kind | what |
//! | --- | --- | --- |
//! | `set_connections` | gauge | WebSockets open |
//! | `set_rooms_loaded` | gauge | rooms in memory |
//! | `set_claims_total{verdict}` | counter | claims answered: `accepted`, `wrong`, `taken`, `refused` |
//! | `set_claim_seconds` | histogram | a claim's time in the server, received to answered |
//! | `set_limits_hit_total{limit}` | counter | a client stopped by a bound ([`Limit`]) |
//! | `set_store_errors_total` | counter | writes or reads the database refused |
//! | `set_unrated_games_total{reason}` | counter | rated games that did not count (`set_core::online::fair::Unrated`): `short`, `idle`, `too_fast` |
//! | `set_fair_play_flags_total` | counter | claims faster than a person, marked for the operator |
//! | `set_node_info{node}` | gauge | 1, labelled with this node's name (`--node`) |
//! | `set_bus_up` | gauge | 1 while the bus (`--bus`) is connected, 0 while it is not |
//! | `set_bus_frames_total{fate}` | counter | frames this node put on the bus (`sent`), or dropped (`dropped`: a full queue, or one heard that did not parse) |

use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};

pub(crate) const CONNECTIONS: &str = "set_connections";
pub(crate) const ROOMS_LOADED: &str = "set_rooms_loaded";
pub(crate) const CLAIMS: &str = "set_claims_total";
pub(crate) const CLAIM_SECONDS: &str = "set_claim_seconds";
pub(crate) const LIMITS_HIT: &str = "set_limits_hit_total";
pub(crate) const STORE_ERRORS: &str = "set_store_errors_total";
pub(crate) const UNRATED_GAMES: &str = "set_unrated_games_total";
pub(crate) const FAIR_PLAY_FLAGS: &str = "set_fair_play_flags_total";
pub(crate) const NODE_INFO: &str = "set_node_info";
pub(crate) const BUS_UP: &str = "set_bus_up";
pub(crate) const BUS_FRAMES: &str = "set_bus_frames_total";

/// The bounds a client can meet, as `set_limits_hit_total`'s label.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Limit {
    Connections,
    AddressConnections,
    Hello,
    Silent,
    Frames,
    Pings,
    Claims,
    RoomsPerConnection,
    RoomsPerAddress,
    Watchers,
    SlowReader,
    Strikes,
    Downloads,
    RoomsLoaded,
    Chat,
    LobbyWatchers,
    TransferCodes,
    TransferGuesses,
    Renames,
    Banned,
    Reports,
    ApiReads,
    PublicRooms,
    Joins,
    ConnectionRate,
    TcpConnections,
    BadRoute,
    Identities,
    SignOuts,
    NetworkConnections,
}

impl Limit {
    fn label(self) -> &'static str {
        match self {
            Limit::Connections => "connections",
            Limit::BadRoute => "bad_route",
            Limit::Identities => "identities",
            Limit::SignOuts => "sign_outs",
            Limit::NetworkConnections => "network_connections",
            Limit::AddressConnections => "address_connections",
            Limit::Hello => "hello",
            Limit::Silent => "silent",
            Limit::Frames => "frames",
            Limit::Pings => "pings",
            Limit::Claims => "claims",
            Limit::RoomsPerConnection => "rooms_per_connection",
            Limit::RoomsPerAddress => "rooms_per_address",
            Limit::Watchers => "watchers",
            Limit::SlowReader => "slow_reader",
            Limit::Strikes => "strikes",
            Limit::Downloads => "downloads",
            Limit::Chat => "chat",
            Limit::RoomsLoaded => "rooms_loaded",
            Limit::LobbyWatchers => "lobby_watchers",
            Limit::TransferCodes => "transfer_codes",
            Limit::TransferGuesses => "transfer_guesses",
            Limit::Renames => "renames",
            Limit::Banned => "banned",
            Limit::Reports => "reports",
            Limit::ApiReads => "api_reads",
            Limit::PublicRooms => "public_rooms",
            Limit::Joins => "joins",
            Limit::ConnectionRate => "connection_rate",
            Limit::TcpConnections => "tcp_connections",
        }
    }
}

/// Counts a client stopped by `limit`.
pub(crate) fn limit_hit(limit: Limit) {
    metrics::counter!(LIMITS_HIT, "limit" => limit.label()).increment(1);
}

/// Counts a claim's answer and how long it took.
pub(crate) fn claim_answered(verdict: &'static str, seconds: f64) {
    metrics::counter!(CLAIMS, "verdict" => verdict).increment(1);
    metrics::histogram!(CLAIM_SECONDS).record(seconds);
}

/// Counts a rated game that did not count, by why.
pub(crate) fn unrated(reason: &'static str) {
    metrics::counter!(UNRATED_GAMES, "reason" => reason).increment(1);
}

/// Counts claims marked for the operator.
pub(crate) fn flagged(claims: usize) {
    metrics::counter!(FAIR_PLAY_FLAGS).increment(claims as u64);
}

/// Names this node in the metrics, so that a scrape of several tells them apart.
pub(crate) fn node(name: &str) {
    metrics::gauge!(NODE_INFO, "node" => name.to_owned()).set(1.0);
}

pub(crate) fn bus_up(up: bool) {
    metrics::gauge!(BUS_UP).set(if up { 1.0 } else { 0.0 });
}

pub(crate) fn bus_sent() {
    metrics::counter!(BUS_FRAMES, "fate" => "sent").increment(1);
}

pub(crate) fn bus_dropped() {
    metrics::counter!(BUS_FRAMES, "fate" => "dropped").increment(1);
}

pub(crate) fn store_error() {
    metrics::counter!(STORE_ERRORS).increment(1);
}

/// Installs the recorder for this process; the handle renders the text.
pub(crate) fn install() -> Result<PrometheusHandle, String> {
    let buckets = [0.0005, 0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0];
    PrometheusBuilder::new()
        .set_buckets_for_metric(Matcher::Full(CLAIM_SECONDS.to_owned()), &buckets)
        .map_err(|err| err.to_string())?
        .install_recorder()
        .map_err(|err| err.to_string())
}
