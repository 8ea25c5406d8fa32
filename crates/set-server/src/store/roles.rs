//! The store by role: one small trait a concern, each implemented for
//! SQL (`SqlStore`, SQLite and Postgres) in a file of its own beside this one,
//! and [`Store`], every role at once, which the rooms hold.

use super::{
    ChatRecord, Expiry, FlagRecord, MoveRecord, ReportRecord, ResultRecord, RoomRecord, SanctionRecord, SeatRecord,
    Status, StoreResult, StoredRoom, Taken, Together,
};
use crate::ratings::Rating;
use futures_util::future::BoxFuture;
use set_core::online::fair::Policy;
use set_core::players::level::Level;
use set_protocol::api::LeaderMsg;
use set_protocol::api::ProfileMsg;

/// The room log: a room's record, seats, moves and chat, written by its owner at its epoch and read back whole; and its deletion once past its time.
pub trait RoomLog: Send + Sync + 'static {
    fn create_room<'a>(&'a self, room: &'a RoomRecord, host_seat: &'a SeatRecord) -> BoxFuture<'a, StoreResult<()>>;
    fn add_seat<'a>(&'a self, room: &'a str, epoch: u64, seat: &'a SeatRecord) -> BoxFuture<'a, StoreResult<()>>;
    fn start<'a>(&'a self, room: &'a str, epoch: u64, at: i64) -> BoxFuture<'a, StoreResult<()>>;
    /// Appends a move. This and every write of a room's below carry the
    /// epoch its owner took it at, and keep nothing if the room's epoch was
    /// raised since ([`StoreError::Superseded`]).
    fn append<'a>(&'a self, room: &'a str, epoch: u64, mv: &'a MoveRecord) -> BoxFuture<'a, StoreResult<()>>;
    /// Appends the move that ended the game and marks the room over, and
    /// keeps a rated game's results and its players' new ratings, all at once.
    fn append_last<'a>(
        &'a self,
        room: &'a str,
        epoch: u64,
        mv: &'a MoveRecord,
        results: &'a [ResultRecord],
    ) -> BoxFuture<'a, StoreResult<()>>;
    fn set_next_room<'a>(&'a self, room: &'a str, epoch: u64, next: &'a str) -> BoxFuture<'a, StoreResult<()>>;
    /// A waiting room's computer opponents.
    fn set_bots<'a>(&'a self, room: &'a str, epoch: u64, bots: &'a [Level]) -> BoxFuture<'a, StoreResult<()>>;
    /// Another player hosts a waiting room.
    fn set_host<'a>(&'a self, room: &'a str, epoch: u64, player: &'a str) -> BoxFuture<'a, StoreResult<()>>;
    /// A seat of a waiting room taken away: the seats after it move down one
    /// (seats are numbered 0, 1, … in order), and so do their chat lines;
    /// the removed seat's lines go with it.
    fn remove_seat<'a>(&'a self, room: &'a str, epoch: u64, seat: u8) -> BoxFuture<'a, StoreResult<()>>;
    /// Keeps a line of chat; refused if its number is taken.
    fn chat<'a>(&'a self, room: &'a str, epoch: u64, line: &'a ChatRecord) -> BoxFuture<'a, StoreResult<()>>;
    fn load<'a>(&'a self, room: &'a str) -> BoxFuture<'a, StoreResult<Option<StoredRoom>>>;
    /// Deletes rooms (record, seats, log, chat and results) past their
    /// time ([`Expiry`]), but none named in `keep`; the ids that went.
    fn delete_expired<'a>(&'a self, expiry: Expiry, keep: &'a [String]) -> BoxFuture<'a, StoreResult<Vec<String>>>;
}

/// The nodes' hold on rooms: who owns a room at which epoch, each node's lease, and whether the database answers.
pub trait Leases: Send + Sync + 'static {
    /// Whether the database answers (a trivial read).
    fn ping(&self) -> BoxFuture<'_, StoreResult<()>>;
    /// Appends one move; refused if its `seq` is taken.
    /// Makes `node` the room's owner and raises its epoch: the epoch this
    /// node's appends carry from now on. Only if the room has no owner, or
    /// `node` owns it, or its owner's lease ran out by `now` (Unix ms):
    /// never from a live owner. Else, if `wanted` (the socket asking was
    /// routed to this node by the room), asks the owner to let it go
    /// ([`Leases::wanted_of`]).
    fn take<'a>(&'a self, room: &'a str, node: &'a str, now: i64, wanted: bool) -> BoxFuture<'a, StoreResult<Taken>>;
    /// The rooms `node` owns that another node asked for: id and epoch.
    fn wanted_of<'a>(&'a self, node: &'a str) -> BoxFuture<'a, StoreResult<Vec<(String, u64)>>>;
    /// Lets go of `room` if `node` still owns it at `epoch`: it has no
    /// owner then, and the node that asked takes it. Whether it did.
    fn let_go<'a>(&'a self, room: &'a str, node: &'a str, epoch: u64) -> BoxFuture<'a, StoreResult<bool>>;
    /// Keeps `node`'s lease until `until` (Unix ms).
    fn renew_lease<'a>(&'a self, node: &'a str, until: i64) -> BoxFuture<'a, StoreResult<()>>;
    /// Ends `node`'s lease: it stops, and its rooms are anyone's.
    fn end_lease<'a>(&'a self, node: &'a str) -> BoxFuture<'a, StoreResult<()>>;
    /// The room's epoch now (none if there is no such room): a node whose
    /// live room's epoch is lower has lost it to another.
    fn epoch<'a>(&'a self, room: &'a str) -> BoxFuture<'a, StoreResult<Option<u64>>>;
    /// The room's status and epoch now, in one read (none if there is no such room).
    fn status<'a>(&'a self, room: &'a str) -> BoxFuture<'a, StoreResult<Option<(Status, u64)>>>;
}

/// The players' identities: the keys that sign their tokens and their sign-outs of other browsers.
pub trait Identities: Send + Sync + 'static {
    /// The keys that sign players' tokens, `(id, secret, made at)`, oldest
    /// first; the first is made on first use.
    fn signing_keys(&self) -> BoxFuture<'_, StoreResult<Vec<crate::tokens::KeptKey>>>;
    /// The players' last sign-outs of their other browsers made after
    /// `after` (Unix ms), `(player, at)`, oldest first: read by change.
    fn sign_outs_since(&self, after: i64) -> BoxFuture<'_, StoreResult<Vec<(String, i64)>>>;
    /// When `player` last signed out their other browsers, if they did: read by key.
    fn sign_out_of<'a>(&'a self, player: &'a str) -> BoxFuture<'a, StoreResult<Option<i64>>>;
    /// Forgets the sign-outs made before `before` (no token issued before
    /// them is taken any more, `--token-days`); how many went.
    fn forget_sign_outs(&self, before: i64) -> BoxFuture<'_, StoreResult<u64>>;
    /// `player` signs out every other browser at `at` (Unix ms).
    fn sign_out<'a>(&'a self, player: &'a str, at: i64) -> BoxFuture<'a, StoreResult<()>>;
}

/// What the operator acts on: sanctions in force, players' reports, and claims faster than a person.
pub trait Moderation: Send + Sync + 'static {
    /// The sanctions in force (`crate::moderation` keeps them in memory).
    fn sanctions_in_force(&self) -> BoxFuture<'_, StoreResult<Vec<SanctionRecord>>>;
    /// Keeps a player's report of another, once per reporter and player (a
    /// report again replaces the reason and time), unless its reporter has
    /// reported `most` players since `since` (Unix ms): whether it was kept.
    fn report<'a>(&'a self, report: &'a ReportRecord, since: i64, most: u32) -> BoxFuture<'a, StoreResult<bool>>;
    /// Deletes the reports made before `before` (Unix ms); how many went.
    fn forget_reports(&self, before: i64) -> BoxFuture<'_, StoreResult<u64>>;
    /// Marks players for the operator: claims of a room faster than a person.
    fn flag<'a>(&'a self, room: &'a str, epoch: u64, flags: &'a [FlagRecord]) -> BoxFuture<'a, StoreResult<()>>;
}

/// Ratings and what is read of them: leaderboards, profiles, the players' ratings and games together.
pub trait Standings: Send + Sync + 'static {
    /// The best ratings of a way to play that `policy` lists (at most `limit`).
    fn leaderboard<'a>(
        &'a self,
        mode: &'a str,
        limit: u32,
        policy: &'a Policy,
    ) -> BoxFuture<'a, StoreResult<Vec<LeaderMsg>>>;
    /// A player's ratings, games and recent rated games; none if they have played none.
    fn profile<'a>(&'a self, player: &'a str) -> BoxFuture<'a, StoreResult<Option<ProfileMsg>>>;
    /// The players' ratings in a way to play (a new player's where they have none).
    fn ratings<'a>(&'a self, mode: &'a str, players: &'a [String]) -> BoxFuture<'a, StoreResult<Vec<Rating>>>;
    /// The rated games of a way to play each two of `players` played
    /// together, ever and since `since` (Unix ms): `together[i][j]`.
    fn together<'a>(
        &'a self,
        mode: &'a str,
        players: &'a [String],
        since: i64,
    ) -> BoxFuture<'a, StoreResult<Vec<Vec<Together>>>>;
}

/// Everything the server keeps, every role at once. Each write is durable when its future resolves.
pub trait Store: RoomLog + Leases + Identities + Moderation + Standings {}

impl<T: RoomLog + Leases + Identities + Moderation + Standings> Store for T {}
