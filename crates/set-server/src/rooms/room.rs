//! One live room: the task that owns its game, its seats and who is
//! connected, and the only writer of its log. Commands arrive in its inbox
//! in the order the room decides them; each answer and broadcast leaves
//! through the connections' outboxes.

use super::{
    Command, ConnId, IDLE_UNLOAD, Outbox, Request, RoomLimits, RoomsError, checked_names, room_lost, room_moved,
};
use crate::lobby::Lobby;
use crate::proto::{ClientKind, ClientMsg, ErrorCode, MoveMsg, PlayerMsg, RoomMsg, ServerMsg, ViewMsg};
use crate::store::{
    ChatRecord, MoveKind, MoveRecord, ResultRecord, RoomRecord, SeatRecord, Status, Store, StoreError, StoredRoom,
};
use set_core::online::room::{ClaimError, Event, EventKind, RoomGame, claimed};
use set_core::players::sitting::{MAX_ONLINE_PLAYERS, MAX_ONLINE_WRONG_CLAIMS, Refusal};
use set_core::rules::game::{Action, Game};
use set_core::save::encode_seated;
use std::collections::{HashMap, VecDeque};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};
use tokio::sync::mpsc;

mod attendance;
mod bots;
mod chat;
mod claims;
mod countdown;
mod hosting;
mod listing;
mod rating;
mod rematch;
mod turns;

use attendance::Attendance;
use rating::result_msg;

/// What makes a claim the same claim: its seat, its id, and what it
/// claimed. The id alone is not enough: a page that reloads, or a second tab
/// of the same player, numbers its claims afresh, and a different claim
/// under a reused id must be judged, never given another claim's verdict.
#[derive(Clone, Debug, PartialEq, Eq)]
struct ClaimKey {
    seat: u8,
    id: u32,
    cards: Vec<i64>,
    seen: u32,
}

struct Conn {
    player: String,
    seat: Option<u8>,
    /// The name a watcher gave (checked), shown to the room.
    name: Option<String>,
    outbox: Outbox,
}

/// What the registry reads of a live room, which the room keeps up to date.
#[derive(Default)]
pub(super) struct Presence {
    /// How many connections are in the room.
    pub(super) connections: AtomicUsize,
    /// Whether its game is over (it never starts again: a rematch is a new room).
    pub(super) over: AtomicBool,
}

/// One live room: its record, seats, game (once started), and who is connected.
pub(super) struct Room {
    record: RoomRecord,
    seats: Vec<SeatRecord>,
    game: Option<RoomGame>,
    /// Play time runs from here; downtime of the server is not play time.
    clock: Instant,
    conns: HashMap<ConnId, Conn>,
    /// Who is in the room and whether its game is over, for the registry to read.
    presence: Arc<Presence>,
    /// When the players are next told who is here, if something changed.
    players_due: Option<Instant>,
    /// Its bounds (watchers) and which games count (fair play).
    limits: RoomLimits,
    /// How long each seat has been connected during the game.
    attendance: Attendance,
    rtt: Vec<Option<u32>>,
    /// The last claims answered, each with its answer: a claim sent again
    /// (after a drop) gets the answer it had.
    answered: VecDeque<(ClaimKey, ServerMsg)>,
    /// The last lines of the room's chat (`crate::chat::KEPT`), and the
    /// number the next one takes.
    chat: VecDeque<ChatRecord>,
    chat_next: u32,
    /// How many of its lines its watchers said (at most `chat::MAX_WATCHER_LINES`).
    watcher_lines: u32,
    store: Arc<dyn Store>,
    /// Where a public room lists itself (none for a room loaded only to be read).
    lobby: Option<Arc<Lobby>>,
    /// Players whose seat the host took away: they may watch, not sit again
    /// (kept while the room is loaded; it is waiting, so its players are here).
    removed: Vec<String>,
    /// When the computer opponents' next claim is due, while someone is here to see it.
    bot_due: Option<Instant>,
    /// Memory: when a person's turn runs out, while someone is here to see it.
    turn_due: Option<Instant>,
    /// A quick-play room's start, counting down (`countdown`).
    start_due: Option<Instant>,
    /// The seats here when the countdown was last set: one more sitting
    /// down sets it again.
    start_seats: usize,
    /// The seat that asked for the rematch, while the room is loaded.
    rematch_by: Option<u8>,
    /// A rated game's results, once it is over.
    results: Vec<ResultRecord>,
    /// The epoch this node took the room at: every append carries it.
    epoch: u64,
    /// Another node took the room since (an append was refused): the task
    /// stops, and its connections are told to reconnect, to that node.
    superseded: bool,
    /// The kind of the client's message being answered, while a command
    /// is handled: every refusal the room sends names it (`error`'s `to`).
    /// None between commands, so that what the bots and the clock do is
    /// never told as an answer.
    answering: Option<ClientKind>,
}

impl Room {
    /// The game as a save file (format 3, who made each move), once it is over.
    pub(super) fn finished_save(&self) -> Option<String> {
        let game = self.game.as_ref().filter(|_| self.record.status == Status::Over)?;
        Some(encode_seated(game.game(), game.sitting(), self.record.ended_at_ms.unwrap_or(0)))
    }

    pub(super) fn restore(
        stored: StoredRoom,
        epoch: u64,
        store: Arc<dyn Store>,
        presence: Arc<Presence>,
        limits: RoomLimits,
        lobby: Option<Arc<Lobby>>,
    ) -> Result<Room, RoomsError> {
        let StoredRoom { room: record, seats, moves, chat, watcher_lines, results } = stored;
        let (game, last_ms) = match super::replay::replayed(&record, &seats, &moves)? {
            Some((game, last_ms)) => (Some(game), last_ms),
            None => (None, 0),
        };
        let rtt = vec![None; seats.len()];
        let attendance = Attendance::restored(seats.len(), last_ms);
        presence.over.store(record.status == Status::Over, Ordering::Relaxed);
        let clock = Instant::now().checked_sub(Duration::from_millis(last_ms)).unwrap_or_else(Instant::now);
        Ok(Room {
            record,
            seats,
            game,
            clock,
            conns: HashMap::new(),
            presence,
            limits,
            attendance,
            players_due: None,
            rtt,
            answered: VecDeque::new(),
            chat_next: chat.last().map_or(0, |line| line.n + 1),
            watcher_lines,
            chat: chat.into(),
            store,
            lobby,
            removed: Vec::new(),
            bot_due: None,
            turn_due: None,
            start_due: None,
            start_seats: 0,
            rematch_by: None,
            results,
            epoch,
            superseded: false,
            answering: None,
        })
    }

    pub(super) async fn run(mut self, mut inbox: mpsc::Receiver<Command>) {
        loop {
            let (due, idle, bot_due, turn_due) = (self.players_due, self.conns.is_empty(), self.bot_due, self.turn_due);
            let start_due = self.start_due;
            let command = tokio::select! {
                command = inbox.recv() => command,
                () = until(bot_due) => {
                    self.play_bot().await;
                    continue;
                }
                () = until(turn_due) => {
                    self.time_out_turn().await;
                    continue;
                }
                () = until(start_due) => {
                    self.start_due = None;
                    self.start_by_itself().await;
                    continue;
                }
                () = until(due) => {
                    self.players_due = None;
                    let (players, watchers, starts_in_ms) = (self.players(), self.watchers(), self.starts_in_ms());
                    self.broadcast(&ServerMsg::Players { players, watchers, starts_in_ms });
                    continue;
                }
                () = tokio::time::sleep(IDLE_UNLOAD), if idle => return,
            };
            let Some(command) = command else { return };
            self.handle(command).await;
            if self.superseded {
                return;
            }
        }
    }

    async fn handle(&mut self, command: Command) {
        self.answering = command.answers();
        self.dispatch(command).await;
        self.answering = None;
    }

    async fn dispatch(&mut self, command: Command) {
        match command {
            Command::Join { conn, player, name, since, outbox, seated } => {
                let joined = self.join(conn, player, name, since, outbox.clone()).await;
                match (joined, seated) {
                    (joined, Some(seated)) => {
                        let _ = seated.send(joined);
                    }
                    (Err((code, message)), None) => {
                        outbox.send(ServerMsg::refusal(self.answering, None, code, message).to_text().into());
                    }
                    (Ok(_), None) => {}
                }
            }
            Command::Leave { conn } => {
                if let Some(gone) = self.conns.remove(&conn) {
                    self.presence.connections.store(self.conns.len(), Ordering::Relaxed);
                    if let Some(seat) = gone.seat.filter(|&seat| !self.conns.values().any(|c| c.seat == Some(seat))) {
                        self.attendance.left(usize::from(seat), Instant::now());
                    }
                    self.broadcast_players();
                    self.hand_over(&gone.player).await;
                    self.publish();
                    self.plan_clocks();
                }
            }
            Command::Request(request) => self.request(request).await,
            Command::Rtt { conn, ms } => {
                let seat = self.conns.get(&conn).and_then(|c| c.seat);
                if let Some(rtt) = seat.and_then(|seat| self.rtt.get_mut(seat as usize)) {
                    *rtt = Some(ms);
                    self.broadcast_players();
                }
            }
            Command::Chat { conn, text, goes_by } => self.chat(conn, text, goes_by).await,
            Command::Superseded => self.let_go(),
            Command::Banish { player } => self.banish(&player).await,
            #[cfg(debug_assertions)]
            Command::Crash => panic!("a room crashed on purpose (debug builds' test hook)"),
        }
    }

    /// One of the room's own messages, each to its handler. Every message of
    /// the protocol is named: one the socket answers itself never comes here.
    async fn request(&mut self, Request { conn, msg, received, refused }: Request) {
        match msg {
            ClientMsg::Start => self.start(conn).await,
            ClientMsg::Claim { id, cards, seen } => self.claim(conn, id, &cards, seen, received).await,
            ClientMsg::Flip { slot, seen } => self.flip(conn, slot, seen, received).await,
            ClientMsg::Hint { id } => self.hint(conn, id).await,
            ClientMsg::CallNoSet { id, seen } => {
                let answer = self.call_no_set(conn, id, seen, received).await;
                self.tell(conn, &answer);
            }
            ClientMsg::Rematch => self.rematch(conn, refused).await,
            ClientMsg::Remove { seat } => self.remove(conn, seat).await,
            ClientMsg::Bots { bots } => self.set_bots(conn, &bots).await,
            ClientMsg::Hello { .. }
            | ClientMsg::Ping { .. }
            | ClientMsg::Create { .. }
            | ClientMsg::Join { .. }
            | ClientMsg::Chat { .. }
            | ClientMsg::Lobby { .. }
            | ClientMsg::QuickPlay { .. }
            | ClientMsg::TransferCode
            | ClientMsg::Redeem { .. }
            | ClientMsg::SignOutElsewhere
            | ClientMsg::Report { .. } => {
                tracing::warn!(kind = msg.kind().name(), "a message the socket answers reached a room");
            }
        }
    }

    fn tell(&self, conn: ConnId, msg: &ServerMsg) {
        if let Some(c) = self.conns.get(&conn) {
            c.outbox.send(msg.to_text().into());
        }
    }

    fn error(&self, conn: ConnId, id: Option<u32>, code: ErrorCode, message: impl Into<String>) {
        self.tell(conn, &ServerMsg::refusal(self.answering, id, code, message));
    }

    fn broadcast(&self, msg: &ServerMsg) {
        let text: Arc<str> = msg.to_text().into();
        for c in self.conns.values() {
            c.outbox.send(text.clone());
        }
    }

    /// Who is here, connected and how fast, told to everyone at most once
    /// every [`PLAYERS_EVERY`]: joins, leaves and round trips come in
    /// bursts, and each would otherwise go to every socket.
    fn broadcast_players(&mut self) {
        self.players_due.get_or_insert_with(|| Instant::now() + PLAYERS_EVERY);
    }

    fn seat_of(&self, conn: ConnId) -> Option<u8> {
        self.conns.get(&conn).and_then(|c| c.seat)
    }

    pub(super) fn players(&self) -> Vec<PlayerMsg> {
        let standings = self.game.as_ref().map(RoomGame::standings).unwrap_or_default();
        let mut players: Vec<PlayerMsg> = self
            .seats
            .iter()
            .map(|s| {
                let standing = standings.get(s.seat as usize).copied().unwrap_or_default();
                PlayerMsg {
                    seat: s.seat,
                    name: s.name.clone(),
                    player: s.player.clone(),
                    score: standing.points(),
                    wrong: standing.penalties,
                    connected: self.conns.values().any(|c| c.seat == Some(s.seat)),
                    rtt: self.rtt.get(s.seat as usize).copied().flatten(),
                    bot: false,
                }
            })
            .collect();
        // The computer opponents sit after the people.
        for (at, name) in self.bot_names().into_iter().enumerate() {
            let seat = (self.seats.len() + at) as u8;
            let standing = standings.get(usize::from(seat)).copied().unwrap_or_default();
            players.push(PlayerMsg {
                seat,
                name,
                player: String::new(),
                score: standing.points(),
                wrong: standing.penalties,
                connected: true,
                rtt: None,
                bot: true,
            });
        }
        players
    }

    fn snapshot(&self, seat: Option<u8>, since: u32) -> ServerMsg {
        let over = self.record.status == Status::Over;
        let moves = match &self.game {
            Some(game) => game.events(since.saturating_add(1)).iter().map(move_msg).collect(),
            None => Vec::new(),
        };
        ServerMsg::Room(Box::new(RoomMsg {
            room: self.record.id.clone(),
            seat,
            host: self.seats.iter().find(|s| s.player == self.record.host).map_or(0, |s| s.seat),
            status: self.record.status,
            mode: self.record.mode,
            hints: self.record.hints,
            dealing: self.record.dealing,
            seq: self.game.as_ref().map_or(0, RoomGame::seq),
            view: self.game.as_ref().map(|g| ViewMsg::from(g.view())),
            players: self.players(),
            commitment: self.record.commitment.clone(),
            seed: over.then(|| self.record.seed.to_string()),
            salt: over.then(|| self.record.salt.clone()),
            next_room: self.record.next_room.clone(),
            moves,
            chat: self.chat.iter().filter(|line| !line.hidden).map(|line| self.chat_msg(line)).collect(),
            public: self.record.public,
            watchers: self.watchers(),
            bots: self.record.bots.iter().map(|level| level.name().to_owned()).collect(),
            rated: self.shown_rated(),
            elapsed_ms: self.elapsed_ms(),
            results: self.results.iter().map(result_msg).collect(),
            unrated: self.unrated(),
            floor_ms: self.floor_ms(),
            starts_in_ms: self.starts_in_ms(),
        }))
    }

    /// The game's clock now: from its start while it is played, at its end
    /// once over, none while it waits.
    fn elapsed_ms(&self) -> Option<u64> {
        let last = || self.game.as_ref().and_then(RoomGame::last_move).map_or(0, |(_, mv)| mv.at_ms);
        match self.record.status {
            Status::Waiting => None,
            Status::Playing => Some(self.now_ms(Instant::now())),
            Status::Over => Some(self.record.ended_at_ms.unwrap_or_else(last)),
        }
    }

    /// Seats `player` (a name given while the room waits), or lets them
    /// watch; tells them the room. The seat they have, or why they were refused.
    async fn join(
        &mut self,
        conn: ConnId,
        player: String,
        name: Option<String>,
        since: u32,
        outbox: Outbox,
    ) -> Result<Option<u8>, (ErrorCode, String)> {
        let mut seat = self.seats.iter().find(|s| s.player == player).map(|s| s.seat);
        let refuse = |code, message: &str| Err((code, message.to_owned()));
        // Without a name, someone not seated watches (and sees who waits);
        // with one, once the game has started, they watch under that name.
        let mut watcher_name = None;
        if let (None, false, Some(name)) = (seat, self.record.status == Status::Waiting, &name) {
            match checked_names(&[name.as_str()]) {
                Ok(mut names) => watcher_name = names.pop(),
                Err(err) => return refuse(ErrorCode::BadName, &err.to_string()),
            }
        }
        if let (None, Status::Waiting, Some(name)) = (seat, self.record.status, name) {
            if self.removed.contains(&player) {
                return refuse(ErrorCode::Removed, "the host took your seat in this room: you may watch");
            }
            if self.seats.len() + self.record.bots.len() >= MAX_ONLINE_PLAYERS {
                return refuse(ErrorCode::RoomFull, "the room is full: eight players, computer opponents included");
            }
            let mut names: Vec<&str> = self.seats.iter().map(|s| s.name.as_str()).collect();
            names.push(&name);
            let name = match checked_names(&names) {
                Ok(mut names) => names.pop().unwrap_or_default(),
                Err(err) => return refuse(ErrorCode::BadName, &err.to_string()),
            };
            let record = SeatRecord { seat: self.seats.len() as u8, player: player.clone(), name };
            if let Err(err) = self.store.add_seat(&self.record.id, self.epoch, &record).await {
                self.not_kept(&err, "a seat");
                return refuse(ErrorCode::Unavailable, "the room could not seat you: try again");
            }
            seat = Some(record.seat);
            self.seats.push(record);
            self.rtt.push(None);
            self.attendance.seat_added();
        }
        let watching = self.conns.values().filter(|c| c.seat.is_none()).count();
        if seat.is_none() && !self.conns.contains_key(&conn) && watching >= self.limits.max_watchers {
            crate::metrics::limit_hit(crate::metrics::Limit::Watchers);
            return refuse(ErrorCode::RoomFull, "too many are watching this room: try again later");
        }
        let since = since.min(self.game.as_ref().map_or(0, RoomGame::seq));
        if let Some(seat) = seat {
            self.attendance.arrived(usize::from(seat), Instant::now());
        }
        self.conns.insert(conn, Conn { player, seat, name: watcher_name, outbox });
        self.presence.connections.store(self.conns.len(), Ordering::Relaxed);
        // Before the snapshot: one who sits down reads the countdown they set.
        self.plan_start();
        self.tell(conn, &self.snapshot(seat, since));
        self.broadcast_players();
        self.publish();
        self.plan_clocks();
        Ok(seat)
    }

    async fn start(&mut self, conn: ConnId) {
        let Some(c) = self.conns.get(&conn) else { return };
        if c.player != self.record.host {
            return self.error(conn, None, ErrorCode::NotHost, "only the player who made the room starts it");
        }
        if self.record.status != Status::Waiting {
            return self.error(conn, None, ErrorCode::Started, "the game has started");
        }
        if let Err((code, why)) = self.begin().await {
            self.error(conn, None, code, why);
        }
    }

    /// Deals the waiting room's game and starts it, as its host or its
    /// countdown asked; why not, and nothing changed, if it could not.
    async fn begin(&mut self) -> Result<(), (ErrorCode, String)> {
        let names: Vec<&str> = self.seats.iter().map(|s| s.name.as_str()).collect();
        let variant = self.record.mode;
        let game = Game::dealt(variant, self.record.seed, self.record.dealing);
        let game =
            RoomGame::dealt(game, &names, &self.record.bots).map_err(|err| (ErrorCode::BadName, err.to_string()))?;
        if let Err(err) = self.store.start(&self.record.id, self.epoch, crate::unix_ms()).await {
            self.not_kept(&err, "the start");
            return Err((ErrorCode::Unavailable, "the game could not start: try again".to_owned()));
        }
        self.game = Some(game);
        self.record.status = Status::Playing;
        self.clock = Instant::now();
        let connected: Vec<bool> =
            self.seats.iter().map(|s| self.conns.values().any(|c| c.seat == Some(s.seat))).collect();
        self.attendance.start(&connected, self.clock);
        self.send_snapshots();
        self.publish();
        self.plan_clocks();
        Ok(())
    }

    /// When the room next plays by itself: a bot's claim, a turn run out.
    fn plan_clocks(&mut self) {
        self.plan_bots();
        self.plan_turn();
        self.plan_start();
    }

    fn send_snapshots(&self) {
        for (&conn, c) in &self.conns {
            self.tell(conn, &self.snapshot(c.seat, u32::MAX));
        }
    }

    /// Play time now: never before the last move (a restarted room resumes there).
    fn now_ms(&self, at: Instant) -> u64 {
        let last = self.game.as_ref().and_then(RoomGame::last_move).map_or(0, |(_, mv)| mv.at_ms);
        (at.saturating_duration_since(self.clock).as_millis() as u64).max(last)
    }

    /// Appends `next`'s last move (an event of `kind`, as its verdict said)
    /// to the store, then makes it the room's game and tells everyone; false
    /// (and nothing changed) if the store failed.
    async fn commit(&mut self, next: RoomGame, kind: EventKind) -> bool {
        self.commit_told_after(next, kind, None).await
    }

    /// [`Room::commit`], with `first` told to everyone just before the
    /// move, and only once the move is kept (Memory's third card, which
    /// nobody may see up if its claim was not kept).
    pub(super) async fn commit_told_after(
        &mut self,
        next: RoomGame,
        kind: EventKind,
        first: Option<ServerMsg>,
    ) -> bool {
        let Some((by, mv)) = next.last_move() else { return false };
        let record = MoveRecord {
            seq: next.seq(),
            seat: by.0,
            at_ms: mv.at_ms,
            kind: match mv.action {
                Action::Claim(_) => MoveKind::Claim,
                Action::Hint => MoveKind::Hint,
                Action::CallNoSet => MoveKind::Call,
            },
            cards: claimed(&mv).map(|c| c.cards().iter().map(|card| card.id()).collect()).unwrap_or_default(),
        };
        let over = next.is_over();
        let stored = if over {
            // Rated from the players' ratings as they are at the commit: if
            // another of a player's games ended in between, rate again.
            let mut tries = 0;
            loop {
                let results = match self.results_of(&next).await {
                    Ok(results) => results,
                    Err(err) => {
                        tracing::error!(room = %self.record.id, %err, "the players' ratings not read");
                        return false;
                    }
                };
                match self.store.append_last(&self.record.id, self.epoch, &record, &results).await {
                    Err(StoreError::StaleRating { player }) if tries < RATING_TRIES => {
                        tracing::info!(room = %self.record.id, %player, "a rating changed meanwhile: rated again");
                        tries += 1;
                    }
                    kept => {
                        if kept.is_ok() {
                            self.results = results;
                        }
                        break kept;
                    }
                }
            }
        } else {
            self.store.append(&self.record.id, self.epoch, &record).await
        };
        if let Err(err) = stored {
            self.not_kept(&err, "an event");
            return false;
        }
        if over {
            let flags = self.flags_of(&next);
            if !flags.is_empty() {
                crate::metrics::flagged(flags.len());
                if let Err(err) = self.store.flag(&self.record.id, self.epoch, &flags).await {
                    tracing::error!(room = %self.record.id, %err, "fair-play marks not kept");
                }
            }
        }
        let event = move_msg(&Event { seq: record.seq, by, at_ms: mv.at_ms, kind, claim: claimed(&mv) });
        self.game = Some(next);
        let game = self.game.as_ref().expect("just set");
        if let Some(first) = first {
            self.broadcast(&first);
        }
        self.broadcast(&ServerMsg::Move { event, view: ViewMsg::from(game.view()), players: self.players() });
        self.plan_clocks();
        if over {
            self.record.status = Status::Over;
            self.record.ended_at_ms = Some(mv.at_ms);
            self.presence.over.store(true, Ordering::Relaxed);
            self.send_snapshots();
            self.publish();
        }
        true
    }

    /// A write the store did not keep: logged, or, if another node owns
    /// the room now, the room let go of here.
    pub(super) fn not_kept(&mut self, err: &StoreError, what: &str) {
        if let StoreError::Superseded { .. } = err {
            self.let_go();
        } else {
            tracing::error!(room = %self.record.id, %err, "{what} not kept");
        }
    }

    /// Another node owns the room now: this one lets go of it (its task
    /// stops, and its connections are told to reconnect, to that node).
    fn let_go(&mut self) {
        tracing::info!(room = %self.record.id, "the room moved to another node");
        self.superseded = true;
    }
}

/// How often, at most, a room tells everyone who is here.
const PLAYERS_EVERY: Duration = Duration::from_millis(250);
/// How many times a game's end is rated again when a player's rating
/// changed under it (each time, another of their games ended first).
const RATING_TRIES: u32 = 3;
/// A room just made has an epoch of 0 until a node takes it (loads it).
const NEW_ROOM_EPOCH: u64 = 0;

/// Resolves at `at`, or never.
async fn until(at: Option<Instant>) {
    match at {
        Some(at) => tokio::time::sleep_until(at.into()).await,
        None => std::future::pending().await,
    }
}

impl Drop for Room {
    /// A room that stops with players connected (its task panicked) closes
    /// their connections: they reconnect, and the room reloads from its log.
    fn drop(&mut self) {
        for c in self.conns.values() {
            if self.superseded {
                room_moved(&c.outbox);
            } else {
                room_lost(&c.outbox);
            }
        }
        if let Some(lobby) = &self.lobby {
            lobby.withdraw(&self.record.id);
        }
    }
}

/// The answer to a claim or call the room did not take in: a cool-down, the
/// most wrong claims, or bad input.
fn refused(to: Option<ClientKind>, id: Option<u32>, err: &ClaimError, at_ms: u64) -> ServerMsg {
    let (code, message) = match *err {
        ClaimError::Refused(Refusal::CoolingDown { until_ms, .. }) => {
            let wait = until_ms.saturating_sub(at_ms);
            (ErrorCode::CoolingDown, format!("after a wrong claim, wait {wait} ms"))
        }
        ClaimError::Refused(Refusal::TooManyWrong(_)) => (
            ErrorCode::TooManyWrong,
            format!("{MAX_ONLINE_WRONG_CLAIMS} wrong claims this game: only a set is taken now"),
        ),
        _ => (ErrorCode::BadClaim, err.to_string()),
    };
    ServerMsg::refusal(to, id, code, message)
}

fn move_msg(event: &Event) -> MoveMsg {
    let cards = event.claim.map(|c| c.cards().to_vec()).unwrap_or_default();
    MoveMsg { seq: event.seq, by: event.by.0, kind: event.kind, cards, at_ms: event.at_ms }
}
