//! The load itself: clients sit in rooms, think, claim and chat until the
//! time is up, then every answer is awaited and every room's stored log is
//! replayed against the board its clients saw (the crate's docs say what
//! each client does and what makes a run fail).

use crate::args::Args;
use futures_util::{SinkExt, StreamExt};
use serde_json::json;
use set_core::online::room::Status;
use set_core::rules::card::{Card, is_set};
use set_core::rules::finder::find_sets;
use set_core::rules::rng::SplitMix64;
use set_protocol::{ClientMsg, ErrorCode, ServerMsg, Verdict};
use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;

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
    /// Rematches the server refused (a host's budget of rooms spent): its
    /// room's players wait out the load in the finished room.
    rematches_refused: u64,
    errors: Vec<String>,
    lost: u64,
    /// Claims and chat lines in flight when their node went (`--reconnect`).
    cut: u64,
    chat_cut: u64,
    /// Each time a client was without its room, closed to back in it.
    without_room_us: Vec<u64>,
    /// Per room: the highest event seen and the table after it.
    boards: HashMap<String, (u32, Vec<u8>)>,
}

type Shared = Arc<Mutex<Tally>>;

/// When the hostile mix starts: after the players have sat down, so that
/// its silent sockets take what is left under the connection cap.
const HOSTILE_AFTER: Duration = Duration::from_secs(2);

/// The hostile mix alone, from a moment after the players sit down to the load's end.
async fn mix(config: &Args, silent: usize) -> Result<(), String> {
    let started = Instant::now();
    let deadline = started + Duration::from_secs(config.seconds);
    let start = (started + HOSTILE_AFTER).min(deadline);
    let report = crate::hostile::run(config.addr.clone(), config.attack, silent, start, deadline).await?;
    println!("HOSTILE {report}");
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

/// Card ids, as the boards and the stored logs are compared.
fn ids(cards: &[Card]) -> Vec<u8> {
    cards.iter().map(|card| card.id()).collect()
}

fn cards(table: &[u8]) -> Vec<Card> {
    table.iter().filter_map(|&id| Card::new(i64::from(id)).ok()).collect()
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
    config: Arc<Args>,
    room_index: usize,
    seat: usize,
    rooms: Arc<Vec<tokio::sync::watch::Sender<String>>>,
    tally: Shared,
    deadline: Instant,
) -> Result<(), String> {
    let mut rng = SplitMix64::new(config.seed ^ ((room_index as u64) << 16) ^ seat as u64);
    let send = |message: ClientMsg| Message::text(message.to_text());
    let join = |room: &str, name: Option<&str>, since: Option<u32>| {
        send(ClientMsg::Join { room: room.to_owned(), name: name.map(str::to_owned), since })
    };
    // Names are unique among everyone online, not only at one table.
    let name = format!("R{room_index}P{seat}");
    // Each player from a loopback address of its own (`--spread`), as
    // players on machines of their own, so the server's per-address limits
    // hold for them as served.
    let from = config
        .spread
        .then(|| crate::socket::loopback(crate::socket::PLAYERS_FAMILY, room_index * config.per_room() + seat));
    // The host makes the room over a socket that names none (a lobby's);
    // then everyone joins over one that names it, as the page does.
    let (mut room, token) = if seat == 0 {
        let (room, token) = crate::players::make_room(&config.addr, from, &name, config.lobby() > 0).await?;
        rooms[room_index].send_replace(room.clone());
        (room, Some(token))
    } else {
        let mut watch = rooms[room_index].subscribe();
        (watch.wait_for(|r| !r.is_empty()).await.map_err(|e| e.to_string())?.clone(), None)
    };
    let (mut tx, mut rx, token) = crate::players::into_room(&config.addr, from, &room, token.as_deref()).await?;
    let sit_as = if seat == 0 { None } else { Some(name.as_str()) };
    tx.send(join(&room, sit_as, None)).await.map_err(|e| e.to_string())?;
    // Since when this client has been without its room (its socket
    // closed under it), until it has the room again.
    let mut without_room: Option<Instant> = None;
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
            Ok(_) if config.reconnect && !stopping => {
                // Its node went: what was in flight is cut (never
                // answered; the log says whether it was kept), and the
                // client comes back through the proxy to the room.
                let closed = Instant::now();
                {
                    let mut t = tally.lock().unwrap_or_else(PoisonError::into_inner);
                    t.cut += pending.len() as u64;
                    t.chat_cut += u64::from(chat_pending.is_some());
                }
                pending.clear();
                chat_pending = None;
                let (back_tx, back_rx) =
                    crate::players::back_to_room(&config.addr, from, &room, &token, deadline + ANSWER_GRACE).await?;
                (tx, rx) = (back_tx, back_rx);
                tx.send(join(&room, None, Some(seq))).await.map_err(|e| e.to_string())?;
                without_room = without_room.or(Some(closed));
                continue;
            }
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
                    let triple = (0..t.len()).flat_map(|a| (a + 1..t.len()).map(move |b| (a, b))).find_map(|(a, b)| {
                        t.iter().position(|&c| c != t[a] && c != t[b] && !is_set(t[a], t[b], c)).map(|c| [a, b, c])
                    });
                    let Some(triple) = triple else { continue };
                    (current, triple.iter().map(|&i| table[i]).collect::<Vec<_>>(), true)
                } else {
                    // Some claims are stale: a set of a view a few events old.
                    let (seen, view) =
                        if roll < 15 { history.front().cloned().unwrap_or((current, table)) } else { (current, table) };
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
            ServerMsg::Room(snapshot) => {
                if let Some(since) = without_room.take() {
                    tally.lock().unwrap_or_else(PoisonError::into_inner).without_room_us.push(since.elapsed().as_micros() as u64);
                }
                playing = snapshot.status == Status::Playing;
                over = snapshot.status == Status::Over;
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
                    history.push_back((seq, ids(&view.face_up())));
                    note_board(&tally, &room, seq, &ids(&view.face_up()));
                }
                let seated = snapshot.players.len();
                if seat == 0 && snapshot.status == Status::Waiting && seated == config.per_room() && !start_sent {
                    start_sent = true;
                    tx.send(send(ClientMsg::Start)).await.map_err(|e| e.to_string())?;
                }
            }
            ServerMsg::Players { players, .. } => {
                let seated = players.len();
                if seat == 0 && !playing && !over && seated == config.per_room() && !start_sent {
                    start_sent = true;
                    tx.send(send(ClientMsg::Start)).await.map_err(|e| e.to_string())?;
                }
            }
            ServerMsg::Rematch { room: next, .. } => {
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
                    history.push_back((seq, ids(&view.face_up())));
                    if history.len() > 4 {
                        history.pop_front();
                    }
                } else if n > seq + 1 {
                    // A gap: ask for the room again.
                    tx.send(join(&room, None, Some(seq))).await.map_err(|e| e.to_string())?;
                }
                note_board(&tally, &room, n, &ids(&view.face_up()));
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
            ServerMsg::Error { id, code, message, .. } => {
                let answered = id.and_then(|id| pending.remove(&id));
                let mut t = tally.lock().unwrap_or_else(PoisonError::into_inner);
                if let Some((sent, _)) = answered {
                    t.latencies_us.push(sent.elapsed().as_micros() as u64);
                }
                match code {
                    // After its own wrong claim a seat waits: refused, not counted.
                    ErrorCode::CoolingDown => t.cooling += 1,
                    // A rematch past the host's budget of rooms, as a person
                    // playing as fast would meet it.
                    ErrorCode::Throttled if over && seat == 0 => t.rematches_refused += 1,
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
            // The load's rooms play classic: no card is turned up there.
            ServerMsg::Flipped { .. } => {
                tally.lock().unwrap_or_else(PoisonError::into_inner).errors.push(format!(
                    "room {room} seat {seat}: a card turned up in a room whose cards lie face up"
                ));
            }
            // Players never watch the lobby nor quick play: such a frame here is the server's mistake.
            ServerMsg::Lobby(_)
            | ServerMsg::LobbyChanges { .. }
            | ServerMsg::Online(_)
            | ServerMsg::Found { .. }
            // The room was made before this socket opened.
            | ServerMsg::Created { .. } => {
                tally.lock().unwrap_or_else(PoisonError::into_inner).errors.push(format!(
                    "room {room} seat {seat}: a lobby frame sent to a player who is not in the lobby"
                ));
            }
        }
    }
    Ok(())
}

/// A process's CPU time so far, user and system, in seconds (Linux's
/// /proc counts it in ticks of 1/100 s, whatever the kernel's own rate).
fn cpu_seconds(pid: u32) -> Option<f64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The fields after the command's name, which is in parentheses.
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks = |at: usize| fields.get(at)?.parse::<u64>().ok();
    Some((ticks(11)? + ticks(12)?) as f64 / 100.0)
}

fn memory_kb(pid: u32, field: &str) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status.lines().find(|l| l.starts_with(field))?.split_whitespace().nth(1)?.parse().ok()
}

/// Writes `rows` sign-outs and `rows` reports (each reporter with its own
/// few players) into the SQLite file `db` of the running server, all an
/// hour old or older: what a farm of fresh identities leaves in a few
/// hours, which the server must not pay for on every frame.
async fn farm_rows(db: &str, rows: u32) -> Result<(), String> {
    let pool = sqlx::SqlitePool::connect(&format!("sqlite://{db}")).await.map_err(|e| e.to_string())?;
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_err(|e| e.to_string())?;
    let hour_ago = now.as_millis() as i64 - 3_600_000;
    for statement in [
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $1)
         INSERT INTO sign_outs (player, at) SELECT printf('f%031x', i), $2 - 10 * i FROM n",
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $1)
         INSERT INTO reports (reporter, player, why, at)
         SELECT printf('r%031x', i / 10), printf('p%031x', i), 'too fast', $2 - 10 * i FROM n",
    ] {
        sqlx::query(statement).bind(i64::from(rows)).bind(hour_ago).execute(&pool).await.map_err(|e| e.to_string())?;
    }
    pool.close().await;
    Ok(())
}

pub(crate) async fn run(config: Args) -> Result<(), String> {
    let config = Arc::new(config);
    if let Some(silent) = config.hostile {
        return mix(&config, silent as usize).await;
    }
    if config.farm_rows > 0 {
        farm_rows(&config.db, config.farm_rows).await?;
    }
    let tally: Shared = Arc::default();
    let rooms: Arc<Vec<_>> =
        Arc::new((0..config.rooms()).map(|_| tokio::sync::watch::channel(String::new()).0).collect());
    let started = Instant::now();
    let deadline = started + Duration::from_secs(config.seconds);
    let mut tasks = Vec::new();
    for room in 0..config.rooms() {
        for seat in 0..config.per_room() {
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
    let (lobby_tally, watchers) = crate::lobby::start(
        &config.addr,
        config.spread,
        config.lobby(),
        config.seed,
        deadline,
        deadline + GIVE_UP_AFTER,
    );
    tasks.extend(watchers);
    let mut peaks_kb = vec![0; config.server_pids.len()];
    // Each server's CPU time (user and system), first and last seen.
    let mut cpu: Vec<Option<(f64, f64)>> = vec![None; config.server_pids.len()];
    while tasks.iter().any(|t| !t.is_finished()) {
        for ((peak, &pid), seen) in peaks_kb.iter_mut().zip(&config.server_pids).zip(cpu.iter_mut()) {
            *peak = (*peak).max(memory_kb(pid, "VmRSS:").unwrap_or(0));
            if let Some(now) = cpu_seconds(pid) {
                *seen = Some(seen.map_or((now, now), |(first, _)| (first, now)));
            }
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let elapsed = started.elapsed().as_secs_f64();
    let tally = std::mem::take(&mut *tally.lock().unwrap_or_else(PoisonError::into_inner));
    let mismatches = crate::logs::check(&config.db, &tally.boards).await?;
    let mut latencies = tally.latencies_us.clone();
    latencies.sort_unstable();
    let pct = |p: f64| percentile_ms(&latencies, p);
    let mut chat = tally.chat_latencies_us.clone();
    chat.sort_unstable();
    let clients = config.rooms() * config.per_room();
    println!("load: {clients} clients in {} rooms for {:.1} s (loopback)", config.rooms, elapsed);
    println!(
        "  claims sent {}: accepted {}, taken {}, wrong {}, cooling down {}; rematches refused {}",
        tally.sent, tally.accepted, tally.taken, tally.wrong, tally.cooling, tally.rematches_refused
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
    if config.lobby() > 0 {
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
    let mb = |kb: u64| (kb as f64 / 1024.0 * 10.0).round() / 10.0;
    let cpu_s: f64 = cpu.iter().flatten().map(|(first, last)| last - first).sum();
    if cpu_s > 0.0 {
        println!(
            "  server CPU time: {cpu_s:.1} s over the load, {:.0} µs a claim",
            cpu_s * 1e6 / tally.sent.max(1) as f64
        );
    }
    let peak_kb = peaks_kb.iter().copied().max().unwrap_or(0);
    if peak_kb > 0 {
        let each: Vec<String> = peaks_kb.iter().map(|&kb| format!("{:.1}", mb(kb))).collect();
        println!("  server memory (RSS) at the load's peak: {} MB", each.join(", "));
    }
    let mut gaps = tally.without_room_us.clone();
    gaps.sort_unstable();
    if config.reconnect {
        println!(
            "  without a room after a node went: {} times, p50 {:.0} ms, p99 {:.0} ms, max {:.0} ms; claims cut {}, chat lines cut {}",
            gaps.len(),
            percentile_ms(&gaps, 0.5),
            percentile_ms(&gaps, 0.99),
            percentile_ms(&gaps, 1.0),
            tally.cut,
            tally.chat_cut
        );
    }
    for error in tally.errors.iter().chain(&lobby.errors).take(10) {
        eprintln!("  error: {error}");
    }
    let bench = json!({
        "layer": "online", "clients": clients, "rooms": config.rooms, "seconds": config.seconds,
        "claims": tally.sent, "accepted": tally.accepted, "taken": tally.taken, "wrong": tally.wrong,
        "p50_ms": pct(0.5), "p99_ms": pct(0.99), "max_ms": pct(1.0),
        "errors": tally.errors.len(), "rematches_refused": tally.rematches_refused, "lost": tally.lost, "rooms_checked": tally.boards.len(), "mismatches": mismatches,
        "server_rss_mb": mb(peak_kb),
        "server_rss_mb_each": peaks_kb.iter().map(|&kb| mb(kb)).collect::<Vec<_>>(),
        "server_cpu_s": (cpu_s * 100.0).round() / 100.0,
        "without_room": gaps.len(), "without_room_p50_ms": percentile_ms(&gaps, 0.5),
        "without_room_p99_ms": percentile_ms(&gaps, 0.99), "without_room_max_ms": percentile_ms(&gaps, 1.0),
        "cut": tally.cut, "chat_cut": tally.chat_cut,
        "chat_lines": tally.chat_sent, "chat_p50_ms": percentile_ms(&chat, 0.5),
        "chat_p99_ms": percentile_ms(&chat, 0.99), "chat_lost": tally.chat_lost,
        "lobby_watchers": config.lobby, "lobby_watching": lobby.watching, "lobby_frames": lobby.frames,
        "lobby_chat_lines": lobby.chat_sent, "lobby_chat_p50_ms": percentile_ms(&lobby_chat, 0.5),
        "lobby_chat_p99_ms": percentile_ms(&lobby_chat, 0.99), "lobby_chat_lost": lobby.chat_lost,
        "lobby_errors": lobby.errors.len(),
    });
    println!("BENCH {bench}");
    let lobby_failed = !lobby.errors.is_empty() || lobby.chat_lost > 0 || lobby.watching < u64::from(config.lobby);
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
