//! What a remote client may take of the server, and the counters that hold
//! it to that: every limit is a flag ([`Limits`], listed by
//! `set-server --help` and in docs/operating.md's "Limits"), with a default that
//! suits one small server.
//!
//! - [`Connections`]: WebSockets open at once, in all and per client
//!   address. The address is the socket's peer, or the last hop of
//!   `X-Forwarded-For` when the peer is a `--trusted-proxy`.
//! - [`Bucket`]: a token bucket (a socket's credits, `ws::budget`);
//!   [`AddressBuckets`] keeps one per client address (rooms made per
//!   address), forgetting addresses that have been quiet a while.

use clap::Args;
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The bounds of one server; each is a flag.
#[derive(Args, Clone, Debug)]
pub struct Limits {
    /// WebSockets open at once, in all; the next is refused (503).
    #[arg(long, default_value_t = 2000, value_name = "N")]
    pub max_connections: usize,
    /// WebSockets open at once from one client address; the next is refused (429).
    #[arg(long, default_value_t = 20, value_name = "N")]
    pub max_connections_per_address: usize,
    /// WebSockets open at once from one IPv6 /48 (a site: many /64s, each
    /// counted as an address of its own); the next is refused (429).
    #[arg(long, default_value_t = 100, value_name = "N")]
    pub max_connections_per_network: usize,
    /// Of `--max-connections`, the last places kept for addresses that hold
    /// none yet: many addresses each at their cap fill the rest, never these
    /// (at most half the total).
    #[arg(long, default_value_t = 200, value_name = "N")]
    pub connections_kept_for_new_addresses: usize,
    /// TCP connections one client address may open at once (pages, reads,
    /// WebSockets), after which `--tcp-connections-per-second`: past them
    /// a connection is closed as it is accepted, before a byte of HTTP is
    /// read. A `--trusted-proxy` is not counted (its clients are, by the
    /// limits that read the address it forwards).
    #[arg(long, default_value_t = 200, value_name = "N")]
    pub tcp_connection_burst: u32,
    #[arg(long, default_value_t = 20, value_name = "N")]
    pub tcp_connections_per_second: u32,
    /// WebSockets one client address may open at once, after which
    /// `--connections-per-second` (429 past them): each costs an upgrade
    /// and a hello, and a client cut off for its frames comes straight back.
    #[arg(long, default_value_t = 100, value_name = "N")]
    pub connection_burst: u32,
    #[arg(long, default_value_t = 5, value_name = "N")]
    pub connections_per_second: u32,
    /// Seconds a new WebSocket has to say hello before it is closed.
    #[arg(long, default_value_t = 5, value_name = "SECONDS")]
    pub hello_timeout: u64,
    /// Seconds a WebSocket in a room may send nothing (the page pings every
    /// few seconds); WebSocket pongs are not counted.
    #[arg(long, default_value_t = 45, value_name = "SECONDS")]
    pub silent_timeout: u64,
    /// Seconds a WebSocket outside any room may go without a message other
    /// than a ping before it is closed.
    #[arg(long, default_value_t = 300, value_name = "SECONDS")]
    pub idle_timeout: u64,
    /// Seconds a client has to send a request's headers.
    #[arg(long, default_value_t = 10, value_name = "SECONDS")]
    pub header_timeout: u64,
    /// Rooms one client address may make at once, after which it makes one
    /// every `--room-every` seconds.
    #[arg(long, default_value_t = 10, value_name = "N")]
    pub rooms_per_address: u32,
    /// Rooms one client address may join (or come back to) at once, after
    /// which `--joins-per-second`: each join is sent the room whole, and a
    /// finished room's is a whole game.
    #[arg(long, default_value_t = 60, value_name = "N")]
    pub join_burst: u32,
    #[arg(long, default_value_t = 10, value_name = "N")]
    pub joins_per_second: u32,
    /// Public rooms one client address may have listed in the lobby at once
    /// (a private room, reached by its link, is not counted).
    #[arg(long, default_value_t = 3, value_name = "N")]
    pub public_rooms_per_address: usize,
    /// Seconds between rooms made from one address, once its burst is spent.
    #[arg(long, default_value_t = 30, value_name = "SECONDS")]
    pub room_every: u64,
    /// Finished games one client address may download a minute
    /// (`GET /api/games/<room>`).
    #[arg(long, default_value_t = 60, value_name = "N")]
    pub exports_per_minute: u32,
    /// Minutes a room that never starts is kept; then it and its rows go.
    #[arg(long, default_value_t = 120, value_name = "MINUTES")]
    pub waiting_room_minutes: u64,
    /// Days a finished game is kept (its log, seats and record), then deleted.
    #[arg(long, default_value_t = 30, value_name = "DAYS")]
    pub keep_days: u64,
    /// Hours a game being played may go without a move before it is
    /// deleted as abandoned (unless someone is in its room then).
    #[arg(long, default_value_t = 24, value_name = "HOURS")]
    pub abandoned_hours: u64,
    /// Connections watching one room (not seated in it) at once.
    #[arg(long, default_value_t = 50, value_name = "N")]
    pub max_watchers: usize,
    /// Seconds a code that moves an identity to another browser lasts.
    #[arg(long, default_value_t = 600, value_name = "SECONDS")]
    pub transfer_code_seconds: u64,
    /// Codes that move an identity waiting at once (one per player).
    #[arg(long, default_value_t = 10_000, value_name = "N")]
    pub max_transfer_codes: usize,
    /// Codes one client address may ask for in ten minutes (a connection
    /// three, then one a minute): no one machine fills the shared pool.
    #[arg(long, default_value_t = 10, value_name = "N")]
    pub transfer_codes_per_address: u32,
    /// Codes one client address may try in ten minutes, right or wrong.
    #[arg(long, default_value_t = 10, value_name = "N")]
    pub transfer_tries: u32,
    /// New identities (a hello without a token, on a new socket or an open
    /// one) one client address may make at once, refilled at
    /// `--identities-per-minute`: room for a household or a school, not
    /// for a farm of fresh identities.
    #[arg(long, default_value_t = 1000, value_name = "N")]
    pub identity_burst: u32,
    #[arg(long, default_value_t = 120, value_name = "N")]
    pub identities_per_minute: u32,
    /// Sign-outs of other browsers one client address may make at once,
    /// refilled at `--sign-outs-per-hour`: each is a row the store keeps.
    #[arg(long, default_value_t = 5, value_name = "N")]
    pub sign_out_burst: u32,
    #[arg(long, default_value_t = 10, value_name = "N")]
    pub sign_outs_per_hour: u32,
    /// Reports one client address may make at once, refilled at
    /// `--reports-per-day` (each reporter also reports at most 10 players a day).
    #[arg(long, default_value_t = 10, value_name = "N")]
    pub report_burst: u32,
    #[arg(long, default_value_t = 30, value_name = "N")]
    pub reports_per_day: u32,
    /// Days a report is kept for the operator; then deleted at a sweep.
    #[arg(long, default_value_t = 90, value_name = "DAYS")]
    pub report_days: u64,
    /// Days a token is taken after it was issued (each visit is given a new
    /// one): a browser away longer comes back as a new player, and a
    /// sign-out older than this is forgotten.
    #[arg(long, default_value_t = 400, value_name = "DAYS")]
    pub token_days: u64,
    /// Connections watching the lobby at once; the next is refused.
    #[arg(long, default_value_t = 1000, value_name = "N")]
    pub max_lobby_watchers: usize,
    /// Rooms loaded in memory at once; the one used least lately with
    /// nobody in it is unloaded to load another (finished rooms nobody is
    /// in go whenever a room loads).
    #[arg(long, default_value_t = 2000, value_name = "N")]
    pub max_rooms_loaded: usize,
    /// Frames one WebSocket may send in a burst (pings aside), refilled at
    /// `--frames-per-second`; past it, a frame is refused and counts as a
    /// bad message.
    #[arg(long, default_value_t = 30, value_name = "N")]
    pub frame_burst: u32,
    #[arg(long, default_value_t = 10, value_name = "N")]
    pub frames_per_second: u32,
    /// Claims, cards turned, hints and no-set calls one WebSocket may send
    /// at once, after which `--claims-per-second`; past them each is refused
    /// (the room judges each against the whole table).
    #[arg(long, default_value_t = 8, value_name = "N")]
    pub claim_burst: u32,
    #[arg(long, default_value_t = 8, value_name = "N")]
    pub claims_per_second: u32,
    /// Pings one WebSocket may send at once, after which
    /// `--pings-per-second`; past them they go unanswered (the page pings
    /// every few seconds, and its pings are not frames of the frame credit).
    #[arg(long, default_value_t = 10, value_name = "N")]
    pub ping_burst: u32,
    #[arg(long, default_value_t = 2, value_name = "N")]
    pub pings_per_second: u32,
    /// Rooms one WebSocket may make at once (created, by quick play or by
    /// rematch), after which one every `--connection-room-every` seconds;
    /// its player's and its address's budgets are `--rooms-per-address`.
    #[arg(long, default_value_t = 3, value_name = "N")]
    pub rooms_per_connection: u32,
    #[arg(long, default_value_t = 60, value_name = "SECONDS")]
    pub connection_room_every: u64,
    /// New names one WebSocket may give at once, after which one every
    /// `--rename-every` seconds, so that no client cycles through names to
    /// hold them from others.
    #[arg(long, default_value_t = 5, value_name = "N")]
    pub rename_burst: u32,
    #[arg(long, default_value_t = 10, value_name = "SECONDS")]
    pub rename_every: u64,
    /// Transfer codes one WebSocket may ask for at once, then one a minute
    /// (its address's: `--transfer-codes-per-address`).
    #[arg(long, default_value_t = 3, value_name = "N")]
    pub transfer_codes_per_connection: u32,
    /// Transfer codes one WebSocket may try at once, right or wrong, then
    /// one a minute (its address's: `--transfer-tries`).
    #[arg(long, default_value_t = 5, value_name = "N")]
    pub transfer_tries_per_connection: u32,
    /// Bytes that may wait to be sent to one WebSocket; a client that falls
    /// further behind is closed (it reconnects and catches up).
    #[arg(long, default_value_t = 256 * 1024, value_name = "BYTES")]
    pub outbox_bytes: usize,
    /// Seconds one frame may take to be written to a WebSocket before the
    /// client, which has stopped reading, is closed.
    #[arg(long, default_value_t = 10, value_name = "SECONDS")]
    pub send_timeout: u64,
    /// Leaderboards and profiles one client address may read a minute
    /// (`GET /api/leaderboard/…`, `/api/players/…`; 429 past it).
    #[arg(long, default_value_t = 120, value_name = "N")]
    pub api_reads_per_minute: u32,
    /// Chat lines one player may say at once (lobby and rooms, over all its
    /// connections), after which `--chat-per-second`; an address three times that.
    #[arg(long, default_value_t = 5, value_name = "N")]
    pub chat_burst: u32,
    #[arg(long, default_value_t = 1, value_name = "N")]
    pub chat_per_second: u32,
    /// Seconds between two looks for rooms to delete.
    #[arg(long, default_value_t = 60, value_name = "SECONDS")]
    pub sweep_every: u64,
    /// The shortest rated game that counts for ratings, in seconds
    /// (docs/fair-play.md); shorter ones end unrated.
    #[arg(long, default_value_t = set_core::online::fair::MIN_RATED_GAME_MS / 1000, value_name = "SECONDS")]
    pub rated_game_seconds: u64,
    /// The least time, in ms, a claimed set's newest card must have been on
    /// the table: a faster set unrates its game and marks its player for
    /// the operator (docs/fair-play.md).
    #[arg(long, default_value_t = set_core::online::fair::SEEING_FLOOR_MS, value_name = "MS")]
    pub seeing_floor_ms: u64,
    /// Distinct established opponents an identity needs before its results
    /// move other players' ratings fully (a new one's move them within
    /// 100 points in all); 0 trusts every identity (docs/fair-play.md).
    #[arg(long, default_value_t = set_core::online::fair::ESTABLISHED_OPPONENTS, value_name = "N")]
    pub established_opponents: u32,
    /// Rated games of a way an identity needs before its leaderboard lists it.
    #[arg(long, default_value_t = set_core::online::fair::LISTED_GAMES, value_name = "N")]
    pub listed_games: u32,
    /// Distinct opponents in a way an identity needs before its leaderboard lists it.
    #[arg(long, default_value_t = set_core::online::fair::LISTED_OPPONENTS, value_name = "N")]
    pub listed_opponents: u32,
    /// Seconds a quick-play room counts down to its start once two or more
    /// of its players are here (again from the top when someone sits
    /// down); 0: it waits for its host, as a room made by hand does.
    #[arg(long, default_value_t = 5, value_name = "SECONDS")]
    pub quick_start_seconds: u64,
    /// Leaderboards list provisional ratings too (a small server among friends).
    #[arg(long)]
    pub list_provisional: bool,
    /// How long a way's games last against classic's, in percent, as this
    /// server's own players measured them (`admin floors` prints each);
    /// repeated, one a way. That way's shortest rated game is then the
    /// classic one's in this proportion; a way not given keeps the expert
    /// bot's proportion (docs/fair-play.md).
    #[arg(long, value_name = "WAY=PERCENT")]
    pub rated_game_percent: Vec<set_core::online::fair::floors::WayPercent>,
}

impl Limits {
    /// The fair-play rules' times, as the flags set them.
    pub fn fair_play(&self) -> set_core::online::fair::Policy {
        set_core::online::fair::Policy {
            min_game_ms: self.rated_game_seconds.saturating_mul(1000),
            seeing_floor_ms: self.seeing_floor_ms,
            established_opponents: self.established_opponents,
            listed_games: self.listed_games,
            listed_opponents: self.listed_opponents,
            list_provisional: self.list_provisional,
            measured: set_core::online::fair::floors::Measured::of(&self.rated_game_percent),
        }
    }

    pub fn hello_timeout(&self) -> Duration {
        Duration::from_secs(self.hello_timeout)
    }

    pub fn silent_timeout(&self) -> Duration {
        Duration::from_secs(self.silent_timeout)
    }

    pub fn idle_timeout(&self) -> Duration {
        Duration::from_secs(self.idle_timeout)
    }

    pub fn send_timeout(&self) -> Duration {
        Duration::from_secs(self.send_timeout)
    }

    pub fn header_timeout(&self) -> Duration {
        Duration::from_secs(self.header_timeout)
    }

    /// The credit of frames (pings aside) of one connection.
    pub fn frame_bucket(&self) -> Bucket {
        Bucket::new(f64::from(self.frame_burst), f64::from(self.frames_per_second))
    }

    /// The bucket of downloads of one address.
    pub fn export_bucket(&self) -> Bucket {
        Bucket::new(f64::from(self.exports_per_minute), f64::from(self.exports_per_minute) / 60.0)
    }

    /// The bucket of transfer codes one address may ask for.
    pub fn transfer_code_bucket(&self) -> Bucket {
        let codes = f64::from(self.transfer_codes_per_address);
        Bucket::new(codes, codes / 600.0)
    }

    /// The bucket of transfer codes one address may try.
    pub fn transfer_bucket(&self) -> Bucket {
        Bucket::new(f64::from(self.transfer_tries), f64::from(self.transfer_tries) / 600.0)
    }

    /// The bucket of rooms one address (or one player) may make: made,
    /// found by quick play, or offered as a rematch.
    pub fn room_bucket(&self) -> Bucket {
        Bucket::new(f64::from(self.rooms_per_address), 1.0 / self.room_every.max(1) as f64)
    }

    /// The bucket of TCP connections one address may open.
    pub fn tcp_connection_bucket(&self) -> Bucket {
        Bucket::new(f64::from(self.tcp_connection_burst), f64::from(self.tcp_connections_per_second))
    }

    /// The bucket of WebSockets one address may open.
    pub fn connection_bucket(&self) -> Bucket {
        Bucket::new(f64::from(self.connection_burst), f64::from(self.connections_per_second))
    }

    /// The bucket of new identities one address may make.
    pub fn identity_bucket(&self) -> Bucket {
        Bucket::new(f64::from(self.identity_burst), f64::from(self.identities_per_minute) / 60.0)
    }

    /// The bucket of sign-outs one address may make.
    pub fn sign_out_bucket(&self) -> Bucket {
        Bucket::new(f64::from(self.sign_out_burst), f64::from(self.sign_outs_per_hour) / 3600.0)
    }

    /// The bucket of reports one address may make.
    pub fn report_bucket(&self) -> Bucket {
        Bucket::new(f64::from(self.report_burst), f64::from(self.reports_per_day) / 86_400.0)
    }

    /// How long a report is kept, in ms.
    pub fn report_ms(&self) -> i64 {
        days_in_ms(self.report_days)
    }

    /// How long a token is taken after it was issued, in ms.
    pub fn token_ms(&self) -> i64 {
        days_in_ms(self.token_days)
    }

    /// The bucket of rooms one address may join.
    pub fn join_bucket(&self) -> Bucket {
        Bucket::new(f64::from(self.join_burst), f64::from(self.joins_per_second))
    }

    /// The bucket of leaderboards and profiles one address may read.
    pub fn api_read_bucket(&self) -> Bucket {
        Bucket::new(f64::from(self.api_reads_per_minute), f64::from(self.api_reads_per_minute) / 60.0)
    }

    /// The bucket of chat lines one player may say, over all its connections.
    pub fn player_chat_bucket(&self) -> Bucket {
        Bucket::new(f64::from(self.chat_burst), f64::from(self.chat_per_second))
    }

    /// The bucket of chat lines one address may say: room for a household
    /// or a school behind one address, not for a farm of identities.
    pub fn address_chat_bucket(&self) -> Bucket {
        Bucket::new(f64::from(self.chat_burst) * 3.0, f64::from(self.chat_per_second) * 3.0)
    }
}

/// `days` in ms, as far as an `i64` of Unix ms reaches.
fn days_in_ms(days: u64) -> i64 {
    i64::try_from(days.saturating_mul(86_400_000)).unwrap_or(i64::MAX)
}

/// A token bucket: `burst` at once, refilled at `per_second`.
#[derive(Clone, Debug)]
pub struct Bucket {
    tokens: f64,
    burst: f64,
    per_second: f64,
    at: Instant,
}

impl Bucket {
    pub fn new(burst: f64, per_second: f64) -> Bucket {
        Bucket { tokens: burst, burst, per_second, at: Instant::now() }
    }

    fn refill(&mut self, now: Instant) {
        self.tokens = (self.tokens + now.duration_since(self.at).as_secs_f64() * self.per_second).min(self.burst);
        self.at = now;
    }

    /// Takes a token if there is one.
    pub fn take(&mut self) -> bool {
        self.refill(Instant::now());
        if self.tokens < 1.0 {
            return false;
        }
        self.tokens -= 1.0;
        true
    }

    /// Whether the bucket has filled up again (nothing to remember).
    fn is_full(&mut self, now: Instant) -> bool {
        self.refill(now);
        self.tokens >= self.burst
    }
}

/// One bucket per key: a client address ([`AddressBuckets`]) or a player
/// ([`PlayerBuckets`]). Keys whose bucket is full again are forgotten now
/// and then, so the map holds only keys still being limited: it is bounded
/// by the keys active in one refill time.
pub struct KeyedBuckets<K> {
    make: Box<dyn Fn() -> Bucket + Send + Sync>,
    buckets: Mutex<(HashMap<K, Bucket>, Instant)>,
}

/// One bucket per client address (its machine, `machine`).
pub(crate) type AddressBuckets = KeyedBuckets<IpAddr>;
/// One bucket per player id: a budget one identity spends over all its connections.
pub(crate) type PlayerBuckets = KeyedBuckets<String>;

/// How often the full buckets are swept out.
const SWEEP_EVERY: Duration = Duration::from_mins(1);

impl<K: std::hash::Hash + Eq> KeyedBuckets<K> {
    pub fn new(make: impl Fn() -> Bucket + Send + Sync + 'static) -> KeyedBuckets<K> {
        KeyedBuckets { make: Box::new(make), buckets: Mutex::new((HashMap::new(), Instant::now())) }
    }

    /// A bucket per key, each as `limits` make it with `bucket`
    /// (`Limits::join_bucket`, say).
    pub fn of(limits: &Limits, bucket: fn(&Limits) -> Bucket) -> KeyedBuckets<K> {
        let limits = limits.clone();
        KeyedBuckets::new(move || bucket(&limits))
    }

    /// Takes a token from `key`'s bucket.
    pub fn take(&self, key: K) -> bool {
        let Ok(mut guard) = self.buckets.lock() else { return false };
        let (buckets, swept) = &mut *guard;
        let now = Instant::now();
        if now.duration_since(*swept) >= SWEEP_EVERY {
            buckets.retain(|_, bucket| !bucket.is_full(now));
            *swept = now;
        }
        buckets.entry(key).or_insert_with(|| (self.make)()).take()
    }
}

/// Why a WebSocket was not let in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refused {
    /// The server holds `--max-connections` already.
    Full,
    /// This address holds `--max-connections-per-address` already.
    AddressFull,
    /// This address's network (an IPv6 /48) holds `--max-connections-per-network` already.
    NetworkFull,
}

/// The WebSockets open now, in all, per address and per network.
pub struct Connections {
    max: usize,
    max_per_address: usize,
    max_per_network: usize,
    /// The last places of `max`, for addresses that hold none.
    kept: usize,
    open: Mutex<Open>,
}

#[derive(Default)]
struct Open {
    total: usize,
    by_address: HashMap<IpAddr, usize>,
    by_network: HashMap<IpAddr, usize>,
}

/// The network an address (a [`machine`]) belongs to, as the connection
/// cap counts it: an IPv6 address by its /48, an IPv4 address as itself.
fn network(address: IpAddr) -> IpAddr {
    match address {
        IpAddr::V4(_) => address,
        IpAddr::V6(v6) => IpAddr::V6(std::net::Ipv6Addr::from(u128::from(v6) & !((1u128 << 80) - 1))),
    }
}

/// One less of `key` in `counts`, forgotten at none.
fn give_back(counts: &mut HashMap<IpAddr, usize>, key: IpAddr) {
    if let Some(count) = counts.get_mut(&key) {
        *count = count.saturating_sub(1);
        if *count == 0 {
            counts.remove(&key);
        }
    }
}

impl Connections {
    pub fn new(limits: &Limits) -> Arc<Connections> {
        Arc::new(Connections {
            max: limits.max_connections,
            max_per_address: limits.max_connections_per_address,
            max_per_network: limits.max_connections_per_network,
            kept: limits.connections_kept_for_new_addresses.min(limits.max_connections / 2),
            open: Mutex::new(Open::default()),
        })
    }

    /// A place for one more WebSocket from `address`, held until the permit
    /// is dropped.
    pub fn admit(self: &Arc<Self>, address: IpAddr) -> Result<Permit, Refused> {
        let Ok(mut open) = self.open.lock() else { return Err(Refused::Full) };
        let from_address = open.by_address.get(&address).copied().unwrap_or(0);
        // The kept places are for an address that holds none.
        let cap = if from_address == 0 { self.max } else { self.max - self.kept };
        if open.total >= cap {
            return Err(Refused::Full);
        }
        if from_address >= self.max_per_address {
            return Err(Refused::AddressFull);
        }
        let network = network(address);
        if open.by_network.get(&network).copied().unwrap_or(0) >= self.max_per_network {
            return Err(Refused::NetworkFull);
        }
        *open.by_address.entry(address).or_insert(0) += 1;
        *open.by_network.entry(network).or_insert(0) += 1;
        open.total += 1;
        Ok(Permit { connections: Arc::clone(self), address })
    }

    /// WebSockets open now.
    pub fn open(&self) -> usize {
        self.open.lock().map_or(0, |open| open.total)
    }
}

/// One admitted WebSocket; its place is given back when this is dropped.
pub struct Permit {
    connections: Arc<Connections>,
    address: IpAddr,
}

impl Permit {
    pub fn address(&self) -> IpAddr {
        self.address
    }
}

impl Drop for Permit {
    fn drop(&mut self) {
        let Ok(mut open) = self.connections.open.lock() else { return };
        open.total = open.total.saturating_sub(1);
        give_back(&mut open.by_address, self.address);
        give_back(&mut open.by_network, network(self.address));
    }
}

/// The client's address as the limits count it: the peer, or, when the
/// peer is a trusted proxy, the last address it appended to
/// `X-Forwarded-For` (earlier ones are the client's own word, and could be
/// anything); then its [`machine`].
pub(crate) fn client_address(peer: IpAddr, forwarded_for: Option<&str>, trusted_proxies: &[IpAddr]) -> IpAddr {
    if !trusted_proxies.contains(&peer) {
        return machine(peer);
    }
    let forwarded =
        forwarded_for.and_then(|header| header.rsplit(',').next()).and_then(|last| last.trim().parse().ok());
    machine(forwarded.unwrap_or(peer))
}

/// The machine an address stands for: an IPv6 address by its /64 (one
/// machine is given a whole /64, and could take a new address from it for
/// every request), an IPv4 address mapped into IPv6 as that IPv4 address.
pub(crate) fn machine(address: IpAddr) -> IpAddr {
    match address {
        IpAddr::V4(_) => address,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => IpAddr::V6(std::net::Ipv6Addr::from(u128::from(v6) & !u128::from(u64::MAX))),
        },
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    fn limits(total: usize, per_address: usize) -> Limits {
        use clap::Parser;
        #[derive(clap::Parser)]
        struct Flags {
            #[command(flatten)]
            limits: Limits,
        }
        let mut limits = Flags::parse_from(["test"]).limits;
        limits.max_connections = total;
        limits.max_connections_per_address = per_address;
        limits.connections_kept_for_new_addresses = 0;
        limits
    }

    #[test]
    fn the_last_places_are_kept_for_addresses_that_hold_none_and_a_48_is_capped_whole() {
        let mut kept = limits(10, 3);
        kept.connections_kept_for_new_addresses = 4;
        let connections = Connections::new(&kept);
        let ip = |n: u8| IpAddr::from([10, 0, 0, n]);
        // Two addresses at their cap hold 6: the 4 places left are kept.
        let mut held: Vec<Permit> = (0..6).map(|n| connections.admit(ip(1 + n / 3)).unwrap()).collect();
        held.push(connections.admit(ip(3)).unwrap());
        assert_eq!(connections.admit(ip(3)).err(), Some(Refused::Full), "an address holding one: not a kept place");
        for n in 4..=6 {
            held.push(connections.admit(ip(n)).unwrap());
        }
        assert_eq!(connections.admit(ip(7)).err(), Some(Refused::Full), "all ten");
        drop(held);
        assert_eq!(connections.open(), 0);
        // A /48 of many /64s is one network.
        let mut site = limits(100, 3);
        site.max_connections_per_network = 5;
        let connections = Connections::new(&site);
        let v6 = |n: u16| machine(IpAddr::from([0x2001, 0xdb8, 7, n, 0, 0, 0, 1]));
        let held: Vec<Permit> = (0..5).map(|n| connections.admit(v6(n)).unwrap()).collect();
        assert_eq!(connections.admit(v6(9)).err(), Some(Refused::NetworkFull));
        assert!(connections.admit(machine(IpAddr::from([0x2001, 0xdb8, 8, 0, 0, 0, 0, 1]))).is_ok(), "another /48");
        assert!(connections.admit(ip(1)).is_ok(), "IPv4 addresses are each their own");
        drop(held);
        assert!(connections.admit(v6(9)).is_ok());
    }

    #[test]
    fn an_ipv6_address_counts_as_its_64_and_a_mapped_ipv4_as_itself() {
        let ip = |text: &str| text.parse::<IpAddr>().unwrap();
        assert_eq!(machine(ip("2001:db8:1:2:aaaa:bbbb:cccc:dddd")), ip("2001:db8:1:2::"));
        assert_eq!(machine(ip("2001:db8:1:2::1")), machine(ip("2001:db8:1:2:ffff::9")));
        assert_ne!(machine(ip("2001:db8:1:2::1")), machine(ip("2001:db8:1:3::1")));
        assert_eq!(machine(ip("::ffff:203.0.113.9")), ip("203.0.113.9"));
        assert_eq!(machine(ip("203.0.113.9")), ip("203.0.113.9"));
        let proxy = ip("::1");
        assert_eq!(client_address(proxy, Some("2001:db8::7"), &[proxy]), ip("2001:db8::"));
        assert_eq!(client_address(ip("2001:db8:0:0:1::1"), None, &[]), ip("2001:db8::"));
    }

    #[test]
    fn connections_are_capped_in_all_and_per_address_and_given_back() {
        let connections = Connections::new(&limits(3, 2));
        let (a, b): (IpAddr, IpAddr) = ("10.0.0.1".parse().unwrap(), "10.0.0.2".parse().unwrap());
        let first = connections.admit(a).unwrap();
        let _second = connections.admit(a).unwrap();
        assert_eq!(connections.admit(a).err(), Some(Refused::AddressFull));
        let _third = connections.admit(b).unwrap();
        assert_eq!(connections.admit(b).err(), Some(Refused::Full));
        assert_eq!(connections.open(), 3);
        drop(first);
        assert_eq!(connections.open(), 2);
        assert!(connections.admit(a).is_ok(), "a place given back is taken again");
    }

    #[test]
    fn only_a_trusted_proxy_names_the_client() {
        let proxy: IpAddr = "127.0.0.1".parse().unwrap();
        let client: IpAddr = "203.0.113.9".parse().unwrap();
        let header = Some("198.51.100.1, 203.0.113.9");
        assert_eq!(client_address(proxy, header, &[proxy]), client, "the hop the proxy appended");
        assert_eq!(client_address(proxy, header, &[]), proxy, "an untrusted peer's header is ignored");
        assert_eq!(client_address(proxy, Some("nonsense"), &[proxy]), proxy);
        assert_eq!(client_address(proxy, None, &[proxy]), proxy);
    }

    #[test]
    fn a_bucket_gives_its_burst_then_refills() {
        let mut bucket = Bucket::new(2.0, 1000.0);
        assert!(bucket.take() && bucket.take());
        std::thread::sleep(Duration::from_millis(5));
        assert!(bucket.take(), "refilled");
        let buckets = AddressBuckets::new(|| Bucket::new(1.0, 0.0));
        let a: IpAddr = "10.0.0.1".parse().unwrap();
        assert!(buckets.take(a));
        assert!(!buckets.take(a));
        assert!(buckets.take("10.0.0.2".parse().unwrap()), "each address its own bucket");
    }
}
