//! `set-loadgen`: a bounded load on a running set-server, over loopback
//! only, that stops by itself. Clients sit in rooms of `--per-room`, the
//! first of each makes the room and starts it; then each client thinks for
//! a random time (log-normal, median 0.8 s), and claims: mostly a set it
//! finds on its view with set-core's finder, some wrong claims, and some
//! stale ones (a set from a view a few events old); now and then it says a
//! line of chat and times hearing it back. A finished game is
//! followed by a rematch. At the end it waits for every answer, then
//! replays every room's stored log (`--db`, read only) through the rules and
//! compares it with the last table the clients saw.
//!
//! ```text
//! set-loadgen --addr 127.0.0.1:8080 --db data/set.db [--rooms 40] [--per-room 5] [--seconds 20] [--seed 7] [--server-pid N]
//!             [--hostile N] [--lobby N]
//! ```
//!
//! `--lobby N` adds N clients watching the lobby beside the players
//! ([`lobby`]), whose rooms are then public, so that every join, start and
//! end reaches them; they chat there too, and their lines' round trips are
//! reported beside the rooms' chat.
//!
//! `--hostile N` runs, instead of the players, the hostile mix that
//! scripts/bench.sh sets beside them in a process of its own ([`hostile`]):
//! N silent sockets, a join flood, a ping fan-out to watchers and a reader
//! that stops, for `--seconds`, then one `HOSTILE {json}` line of what it
//! managed.
//!
//! It prints a summary, and one `BENCH {json}` line for scripts/bench.sh;
//! it exits with an error if any claim was lost, any error came back that a
//! correct client should not see, or any room's log does not replay to its
//! board.
#![cfg_attr(target_arch = "wasm32", allow(unused))]

#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().expect("a tokio runtime");
    if let Err(err) = runtime.block_on(load::run()) {
        eprintln!("set-loadgen: {err}");
        std::process::exit(1);
    }
}

#[cfg(not(target_arch = "wasm32"))]
mod hostile;
#[cfg(not(target_arch = "wasm32"))]
mod lobby;
#[cfg(not(target_arch = "wasm32"))]
mod socket;

#[cfg(not(target_arch = "wasm32"))]
mod load {
    use futures_util::{SinkExt, StreamExt};
    use serde_json::json;
    use set_core::online::room::RoomGame;
    use set_core::players::sitting::Seat;
    use set_core::rules::card::{Card, is_set};
    use set_core::rules::finder::find_sets;
    use set_core::rules::game::{Action, Claim, Move};
    use set_core::rules::rng::SplitMix64;
    use set_core::rules::variant::Variant;
    use set_protocol::{ClientMsg, ErrorCode, ServerMsg, Verdict};
    use std::collections::{HashMap, VecDeque};
    use std::sync::{Arc, Mutex, PoisonError};
    use std::time::{Duration, Instant};
    use tokio_tungstenite::tungstenite::Message;

    struct Config {
        addr: String,
        db: String,
        rooms: usize,
        per_room: usize,
        seconds: u64,
        seed: u64,
        server_pid: Option<u32>,
        /// Silent sockets of the hostile mix, run instead of the players.
        hostile: Option<usize>,
        /// Clients watching the lobby beside the players (whose rooms are then public).
        lobby: usize,
    }

    fn config() -> Result<Config, String> {
        let mut config = Config {
            addr: "127.0.0.1:8080".into(),
            db: "data/set.db".into(),
            rooms: 40,
            per_room: 5,
            seconds: 20,
            seed: 7,
            server_pid: None,
            hostile: None,
            lobby: 0,
        };
        let mut args = std::env::args().skip(1);
        while let Some(flag) = args.next() {
            let value = args.next().ok_or(format!("{flag} needs a value"))?;
            let number = || value.parse::<u64>().map_err(|_| format!("{flag} {value}: not a whole number"));
            match flag.as_str() {
                "--addr" => config.addr = value.clone(),
                "--db" => config.db = value.clone(),
                "--rooms" => config.rooms = number()? as usize,
                "--per-room" => config.per_room = number()?.clamp(1, 8) as usize,
                "--seconds" => config.seconds = number()?.min(600),
                "--seed" => config.seed = number()?,
                "--server-pid" => config.server_pid = Some(number()? as u32),
                "--hostile" => config.hostile = Some(number()?.min(100_000) as usize),
                "--lobby" => config.lobby = number()?.min(10_000) as usize,
                other => return Err(format!("unknown flag {other}")),
            }
        }
        if !config.addr.starts_with("127.") && !config.addr.starts_with("localhost:") {
            return Err(format!("{}: the load goes to loopback only", config.addr));
        }
        Ok(config)
    }

    /// What all clients add up.
    #[derive(Default)]
    struct Tally {
        latencies_us: Vec<u64>,
        /// Chat lines: sent, and from sending to hearing one's own line back.
        chat_sent: u64,
        chat_latencies_us: Vec<u64>,
        chat_lost: u64,
        sent: u64,
        accepted: u64,
        wrong: u64,
        taken: u64,
        cooling: u64,
        errors: Vec<String>,
        lost: u64,
        /// Per room: the highest event seen and the table after it.
        boards: HashMap<String, (u32, Vec<u8>)>,
    }

    type Shared = Arc<Mutex<Tally>>;

    /// When the hostile mix starts: after the players have sat down, so that
    /// its silent sockets take what is left under the connection cap.
    const HOSTILE_AFTER: Duration = Duration::from_secs(2);

    /// The hostile mix alone, from a moment after the players sit down to the load's end.
    async fn mix(config: &Config, silent: usize) -> Result<(), String> {
        let started = Instant::now();
        let deadline = started + Duration::from_secs(config.seconds);
        let start = (started + HOSTILE_AFTER).min(deadline);
        let tally = crate::hostile::run(config.addr.clone(), silent, start, deadline).await?;
        println!("HOSTILE {}", tally.report());
        Ok(())
    }
    /// The `p` quantile of sorted microseconds, in ms.
    fn percentile_ms(sorted_us: &[u64], p: f64) -> f64 {
        let at = ((sorted_us.len() as f64 * p) as usize).min(sorted_us.len().saturating_sub(1));
        sorted_us.get(at).copied().unwrap_or(0) as f64 / 1000.0
    }

    /// How often (in a hundred thinks) a client also says a line of chat.
    const CHAT_PERCENT: u64 = 15;
    /// After the load's end, how long a client waits for its last answers.
    const ANSWER_GRACE: Duration = Duration::from_secs(5);
    /// After the load's end, when a client gives up whatever it waits for.
    const GIVE_UP_AFTER: Duration = Duration::from_secs(10);

    fn note_board(tally: &Shared, room: &str, seq: u32, table: &[u8]) {
        let mut t = tally.lock().unwrap_or_else(PoisonError::into_inner);
        let entry = t.boards.entry(room.to_owned()).or_insert((0, Vec::new()));
        if seq >= entry.0 {
            *entry = (seq, table.to_vec());
        }
    }

    fn cards(table: &[u8]) -> Vec<Card> {
        table.iter().filter_map(|&id| Card::new(id as i64).ok()).collect()
    }

    /// Log-normal think time, median 800 ms, within 0.2 to 4 s.
    fn think(rng: &mut SplitMix64) -> Duration {
        let u1 = (rng.below(1 << 30) as f64 + 1.0) / (1u64 << 30) as f64;
        let u2 = rng.below(1 << 30) as f64 / (1u64 << 30) as f64;
        let normal = (-2.0 * u1.ln()).sqrt() * (std::f64::consts::TAU * u2).cos();
        Duration::from_millis((800.0 * (0.6 * normal).exp()).clamp(200.0, 4000.0) as u64)
    }

    /// One client's session: sits in its room, claims until the deadline,
    /// then waits for its last answers.
    async fn client(
        config: Arc<Config>,
        room_index: usize,
        seat: usize,
        rooms: Arc<Vec<tokio::sync::watch::Sender<String>>>,
        tally: Shared,
        deadline: Instant,
    ) -> Result<(), String> {
        let mut rng = SplitMix64::new(config.seed ^ ((room_index as u64) << 16) ^ seat as u64);
        let ws = crate::socket::open(&config.addr, None).await.map_err(|e| format!("connect: {e}"))?;
        let (mut tx, mut rx) = ws.split();
        let send = |message: ClientMsg| Message::text(message.to_text());
        let join = |room: &str, name: Option<&str>, since: Option<u32>| {
            send(ClientMsg::Join { room: room.to_owned(), name: name.map(str::to_owned), since })
        };
        tx.send(send(ClientMsg::Hello { v: set_protocol::VERSION, token: None })).await.map_err(|e| e.to_string())?;
        // Names are unique among everyone online, not only at one table.
        let name = format!("R{room_index}P{seat}");
        let mut room = String::new();
        if seat == 0 {
            tx.send(send(ClientMsg::Create {
                mode: "classic".to_owned(),
                hints: false,
                name: name.clone(),
                public: config.lobby > 0,
                bots: Vec::new(),
            }))
            .await
            .map_err(|e| e.to_string())?;
        } else {
            let mut watch = rooms[room_index].subscribe();
            room = watch.wait_for(|r| !r.is_empty()).await.map_err(|e| e.to_string())?.clone();
            tx.send(join(&room, Some(&name), None)).await.map_err(|e| e.to_string())?;
        }
        let (mut seq, mut playing, mut over) = (0u32, false, false);
        let mut history: VecDeque<(u32, Vec<u8>)> = VecDeque::new();
        let mut pending: HashMap<u32, (Instant, bool)> = HashMap::new();
        let (mut next_id, mut next_claim) = (0u32, Instant::now() + think(&mut rng));
        // The line of chat said and not yet heard back, and when it was said.
        let mut chat_pending: Option<(String, Instant)> = None;
        let mut chat_said = 0u32;
        // The host starts each room once, when everyone is seated.
        let mut start_sent = false;
        loop {
            let now = Instant::now();
            let stopping = now >= deadline;
            if stopping && pending.is_empty() && chat_pending.is_none() {
                break;
            }
            if stopping && now >= deadline + ANSWER_GRACE {
                let mut t = tally.lock().unwrap_or_else(PoisonError::into_inner);
                t.lost += pending.len() as u64;
                t.chat_lost += u64::from(chat_pending.is_some());
                break;
            }
            let wake = if stopping || !playing || over { now + Duration::from_millis(100) } else { next_claim };
            let frame = tokio::time::timeout_at(wake.into(), rx.next()).await;
            let message = match frame {
                Ok(Some(Ok(Message::Text(text)))) => serde_json::from_str::<ServerMsg>(&text)
                    .map_err(|e| format!("a frame the protocol does not read ({e}): {text}"))?,
                Ok(Some(Ok(_))) => continue,
                Ok(_) => {
                    let mut t = tally.lock().unwrap_or_else(PoisonError::into_inner);
                    t.errors.push(format!("room {room} seat {seat}: the server closed the connection"));
                    t.lost += pending.len() as u64;
                    t.chat_lost += u64::from(chat_pending.is_some());
                    return Ok(());
                }
                Err(_) => {
                    // Time to claim.
                    if stopping || !playing || over || !pending.is_empty() {
                        continue;
                    }
                    next_claim = Instant::now() + think(&mut rng);
                    // Now and then a line of chat too (about one in seven thinks).
                    if chat_pending.is_none() && rng.below(100) < CHAT_PERCENT {
                        chat_said += 1;
                        let text = format!("{name}: line {chat_said} <b>&</b>");
                        chat_pending = Some((text.clone(), Instant::now()));
                        tally.lock().unwrap_or_else(PoisonError::into_inner).chat_sent += 1;
                        tx.send(send(ClientMsg::Chat { text })).await.map_err(|e| e.to_string())?;
                    }
                    let Some((current, table)) = history.back().cloned() else { continue };
                    let roll = rng.below(100);
                    let (seen, claim, wrong) = if roll < 5 {
                        let t = cards(&table);
                        let triple =
                            (0..t.len()).flat_map(|a| (a + 1..t.len()).map(move |b| (a, b))).find_map(|(a, b)| {
                                t.iter()
                                    .position(|&c| c != t[a] && c != t[b] && !is_set(t[a], t[b], c))
                                    .map(|c| [a, b, c])
                            });
                        let Some(triple) = triple else { continue };
                        (current, triple.iter().map(|&i| table[i]).collect::<Vec<_>>(), true)
                    } else {
                        // Some claims are stale: a set of a view a few events old.
                        let (seen, view) = if roll < 15 {
                            history.front().cloned().unwrap_or((current, table))
                        } else {
                            (current, table)
                        };
                        let sets = find_sets(&cards(&view)).unwrap_or_default();
                        if sets.is_empty() {
                            continue;
                        }
                        let set = sets[rng.below(sets.len() as u64) as usize];
                        (seen, set.iter().map(|&i| view[i]).collect(), false)
                    };
                    next_id += 1;
                    pending.insert(next_id, (Instant::now(), wrong));
                    tally.lock().unwrap_or_else(PoisonError::into_inner).sent += 1;
                    let cards = claim.iter().map(|&id| i64::from(id)).collect();
                    tx.send(send(ClientMsg::Claim { id: next_id, cards, seen })).await.map_err(|e| e.to_string())?;
                    continue;
                }
            };
            match message {
                ServerMsg::Created { room: created } => {
                    room = created;
                    tx.send(join(&room, None, None)).await.map_err(|e| e.to_string())?;
                    // Stored even if no seat is waiting yet (`send` would drop it).
                    rooms[room_index].send_replace(room.clone());
                }
                ServerMsg::Room(snapshot) => {
                    playing = snapshot.status == "playing";
                    over = snapshot.status == "over";
                    if let Some(next) = snapshot.next_room.filter(|next| over && seat != 0 && *next != room) {
                        room = next;
                        tx.send(join(&room, None, None)).await.map_err(|e| e.to_string())?;
                    }
                    if over && seat == 0 && !stopping {
                        tx.send(send(ClientMsg::Rematch)).await.map_err(|e| e.to_string())?;
                    }
                    seq = snapshot.seq;
                    if let Some(view) = snapshot.view {
                        history.clear();
                        history.push_back((seq, view.table.clone()));
                        note_board(&tally, &room, seq, &view.table);
                    }
                    let seated = snapshot.players.len();
                    if seat == 0 && snapshot.status == "waiting" && seated == config.per_room && !start_sent {
                        start_sent = true;
                        tx.send(send(ClientMsg::Start)).await.map_err(|e| e.to_string())?;
                    }
                }
                ServerMsg::Players { players, .. } => {
                    let seated = players.len();
                    if seat == 0 && !playing && !over && seated == config.per_room && !start_sent {
                        start_sent = true;
                        tx.send(send(ClientMsg::Start)).await.map_err(|e| e.to_string())?;
                    }
                }
                ServerMsg::Rematch { room: next } => {
                    if next != room && !stopping {
                        room = next;
                        playing = false;
                        over = false;
                        start_sent = false;
                        tx.send(join(&room, None, None)).await.map_err(|e| e.to_string())?;
                    }
                }
                ServerMsg::Move { event, view, .. } => {
                    let n = event.seq;
                    if n == seq + 1 {
                        seq = n;
                        history.push_back((seq, view.table.clone()));
                        if history.len() > 4 {
                            history.pop_front();
                        }
                    } else if n > seq + 1 {
                        // A gap: ask for the room again.
                        tx.send(join(&room, None, Some(seq))).await.map_err(|e| e.to_string())?;
                    }
                    note_board(&tally, &room, n, &view.table);
                    over = view.over;
                }
                ServerMsg::Result { id, verdict, .. } => {
                    if let Some((sent, meant_wrong)) = pending.remove(&id) {
                        let mut t = tally.lock().unwrap_or_else(PoisonError::into_inner);
                        t.latencies_us.push(sent.elapsed().as_micros() as u64);
                        match verdict {
                            Verdict::Accepted if !meant_wrong => t.accepted += 1,
                            Verdict::Wrong if meant_wrong => t.wrong += 1,
                            // A card of it went to another player first: taken, never wrong.
                            Verdict::Taken => t.taken += 1,
                            other => t.errors.push(format!(
                                "claim {id}: {} for a claim meant {}",
                                other.name(),
                                if meant_wrong { "wrong" } else { "right" }
                            )),
                        }
                    }
                }
                ServerMsg::Error { id, code, message } => {
                    let answered = id.and_then(|id| pending.remove(&id));
                    let mut t = tally.lock().unwrap_or_else(PoisonError::into_inner);
                    if let Some((sent, _)) = answered {
                        t.latencies_us.push(sent.elapsed().as_micros() as u64);
                    }
                    match code {
                        // After its own wrong claim a seat waits: refused, not counted.
                        ErrorCode::CoolingDown => t.cooling += 1,
                        // A claim that reached a game just ended.
                        ErrorCode::NotPlaying if answered.is_some() => {}
                        _ => t.errors.push(format!("room {room} seat {seat}: {code:?} {message}")),
                    }
                }
                ServerMsg::Chat(line) => {
                    if let Some((_, said)) = chat_pending.take_if(|(text, _)| line.name == name && line.text == *text) {
                        let mut t = tally.lock().unwrap_or_else(PoisonError::into_inner);
                        t.chat_latencies_us.push(said.elapsed().as_micros() as u64);
                    }
                }
                ServerMsg::Welcome { .. } | ServerMsg::Pong { .. } | ServerMsg::TransferCode { .. } => {}
                // Players never watch the lobby nor quick play: such a frame here is the server's mistake.
                ServerMsg::Lobby(_)
                | ServerMsg::LobbyChanges { .. }
                | ServerMsg::Online(_)
                | ServerMsg::LobbyChat(_)
                | ServerMsg::Found { .. } => {
                    tally.lock().unwrap_or_else(PoisonError::into_inner).errors.push(format!(
                        "room {room} seat {seat}: a lobby frame sent to a player who is not in the lobby"
                    ));
                }
            }
        }
        Ok(())
    }

    /// Every room's stored log replayed through the rules, against the last table its clients saw.
    /// The tables are read with plain queries of their own, not the server's store and room
    /// loading, so that a mistake there cannot hide itself here.
    async fn check_logs(db: &str, boards: &HashMap<String, (u32, Vec<u8>)>) -> Result<usize, String> {
        use sqlx::Row;
        let options = sqlx::sqlite::SqliteConnectOptions::new().filename(db).read_only(true);
        let pool = sqlx::SqlitePool::connect_with(options).await.map_err(|e| format!("{db}: {e}"))?;
        let mut mismatches = 0;
        for (room, (seq, table)) in boards {
            let row = sqlx::query("SELECT mode, seed FROM rooms WHERE id = ?")
                .bind(room)
                .fetch_one(&pool)
                .await
                .map_err(|e| e.to_string())?;
            let variant = Variant::from_name(&row.get::<String, _>("mode"), None).map_err(|e| e.to_string())?;
            let seed = row.get::<i64, _>("seed") as u64;
            let names: Vec<String> = sqlx::query("SELECT name FROM seats WHERE room = ? ORDER BY seat")
                .bind(room)
                .fetch_all(&pool)
                .await
                .map_err(|e| e.to_string())?
                .iter()
                .map(|r| r.get("name"))
                .collect();
            let mut log = Vec::new();
            for r in sqlx::query("SELECT seat, at_ms, kind, cards FROM moves WHERE room = ? ORDER BY seq")
                .bind(room)
                .fetch_all(&pool)
                .await
                .map_err(|e| e.to_string())?
            {
                let cards: Vec<Card> = r
                    .get::<String, _>("cards")
                    .split_whitespace()
                    .filter_map(|c| Card::new(c.parse().ok()?).ok())
                    .collect();
                let action = if r.get::<String, _>("kind") == "hint" {
                    Action::Hint
                } else {
                    Action::Claim(Claim::new(&cards).ok_or("a stored claim's size")?)
                };
                log.push((
                    Seat(r.get::<i64, _>("seat") as u8),
                    Move { at_ms: r.get::<i64, _>("at_ms") as u64, action },
                ));
            }
            let replayed =
                RoomGame::restore(variant, seed, &names, &[], &log).map_err(|e| format!("room {room}: {e}"))?;
            let stored: Vec<u8> = replayed.game().table().iter().map(|c| c.id()).collect();
            if replayed.seq() != *seq || stored != *table {
                eprintln!(
                    "set-loadgen: room {room}: the log replays to event {} {:?}, the clients saw {seq} {table:?}",
                    replayed.seq(),
                    stored
                );
                mismatches += 1;
            }
        }
        Ok(mismatches)
    }

    fn memory_kb(pid: u32, field: &str) -> Option<u64> {
        let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
        status.lines().find(|l| l.starts_with(field))?.split_whitespace().nth(1)?.parse().ok()
    }

    pub async fn run() -> Result<(), String> {
        let config = Arc::new(config()?);
        if let Some(silent) = config.hostile {
            return mix(&config, silent).await;
        }
        let tally: Shared = Arc::default();
        let rooms: Arc<Vec<_>> =
            Arc::new((0..config.rooms).map(|_| tokio::sync::watch::channel(String::new()).0).collect());
        let started = Instant::now();
        let deadline = started + Duration::from_secs(config.seconds);
        let mut tasks = Vec::new();
        for room in 0..config.rooms {
            for seat in 0..config.per_room {
                let (config, rooms, tally) = (config.clone(), rooms.clone(), tally.clone());
                tasks.push(tokio::spawn(async move {
                    // Every client stops by itself, whatever the server does.
                    let session = client(config, room, seat, rooms, tally.clone(), deadline);
                    let outcome = tokio::time::timeout_at((deadline + GIVE_UP_AFTER).into(), session).await;
                    let failed = match outcome {
                        Ok(Ok(())) => None,
                        Ok(Err(err)) => Some(err),
                        Err(_) => Some(format!("still waiting {} s after the end", GIVE_UP_AFTER.as_secs())),
                    };
                    if let Some(err) = failed {
                        tally
                            .lock()
                            .unwrap_or_else(PoisonError::into_inner)
                            .errors
                            .push(format!("room {room} seat {seat}: {err}"));
                    }
                }));
            }
        }
        let (lobby_tally, watchers) =
            crate::lobby::start(&config.addr, config.lobby, config.seed, deadline, deadline + GIVE_UP_AFTER);
        tasks.extend(watchers);
        let mut peak_kb = 0;
        while tasks.iter().any(|t| !t.is_finished()) {
            if let Some(pid) = config.server_pid {
                peak_kb = peak_kb.max(memory_kb(pid, "VmRSS:").unwrap_or(0));
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
        let elapsed = started.elapsed().as_secs_f64();
        let tally = std::mem::take(&mut *tally.lock().unwrap_or_else(PoisonError::into_inner));
        let mismatches = check_logs(&config.db, &tally.boards).await?;
        let mut latencies = tally.latencies_us.clone();
        latencies.sort_unstable();
        let pct = |p: f64| percentile_ms(&latencies, p);
        let mut chat = tally.chat_latencies_us.clone();
        chat.sort_unstable();
        let clients = config.rooms * config.per_room;
        println!("load: {clients} clients in {} rooms for {:.1} s (loopback)", config.rooms, elapsed);
        println!(
            "  claims sent {}: accepted {}, taken {}, wrong {}, cooling down {}",
            tally.sent, tally.accepted, tally.taken, tally.wrong, tally.cooling
        );
        println!("  claim round trip: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms", pct(0.5), pct(0.99), pct(1.0));
        println!(
            "  chat lines {}: heard back p50 {:.2} ms, p99 {:.2} ms; lost {}",
            tally.chat_sent,
            percentile_ms(&chat, 0.5),
            percentile_ms(&chat, 0.99),
            tally.chat_lost
        );
        println!(
            "  errors {}, lost results {}, rooms whose stored log replays to another board {} of {}",
            tally.errors.len(),
            tally.lost,
            mismatches,
            tally.boards.len()
        );
        let lobby = std::mem::take(&mut *lobby_tally.lock().unwrap_or_else(PoisonError::into_inner));
        let mut lobby_chat = lobby.chat_latencies_us.clone();
        lobby_chat.sort_unstable();
        if config.lobby > 0 {
            println!(
                "  lobby: {} of {} watching, {} frames to them; chat lines {}: heard back p50 {:.2} ms, p99 {:.2} ms; lost {}",
                lobby.watching,
                config.lobby,
                lobby.frames,
                lobby.chat_sent,
                percentile_ms(&lobby_chat, 0.5),
                percentile_ms(&lobby_chat, 0.99),
                lobby.chat_lost
            );
        }
        if peak_kb > 0 {
            println!("  server memory (RSS) at the load's peak: {:.1} MB", peak_kb as f64 / 1024.0);
        }
        for error in tally.errors.iter().chain(&lobby.errors).take(10) {
            eprintln!("  error: {error}");
        }
        let bench = json!({
            "layer": "online", "clients": clients, "rooms": config.rooms, "seconds": config.seconds,
            "claims": tally.sent, "accepted": tally.accepted, "taken": tally.taken, "wrong": tally.wrong,
            "p50_ms": pct(0.5), "p99_ms": pct(0.99), "max_ms": pct(1.0),
            "errors": tally.errors.len(), "lost": tally.lost, "rooms_checked": tally.boards.len(), "mismatches": mismatches,
            "server_rss_mb": (peak_kb as f64 / 1024.0 * 10.0).round() / 10.0,
            "chat_lines": tally.chat_sent, "chat_p50_ms": percentile_ms(&chat, 0.5),
            "chat_p99_ms": percentile_ms(&chat, 0.99), "chat_lost": tally.chat_lost,
            "lobby_watchers": config.lobby, "lobby_watching": lobby.watching, "lobby_frames": lobby.frames,
            "lobby_chat_lines": lobby.chat_sent, "lobby_chat_p50_ms": percentile_ms(&lobby_chat, 0.5),
            "lobby_chat_p99_ms": percentile_ms(&lobby_chat, 0.99), "lobby_chat_lost": lobby.chat_lost,
            "lobby_errors": lobby.errors.len(),
        });
        println!("BENCH {bench}");
        let lobby_failed = !lobby.errors.is_empty() || lobby.chat_lost > 0 || lobby.watching < config.lobby as u64;
        if !tally.errors.is_empty()
            || tally.lost > 0
            || tally.chat_lost > 0
            || mismatches > 0
            || tally.accepted == 0
            || lobby_failed
        {
            return Err("the load found errors, lost results or chat lines, or logs that do not replay (above)".into());
        }
        Ok(())
    }
}
