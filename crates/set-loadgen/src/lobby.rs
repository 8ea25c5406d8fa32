//! `--lobby N`: N clients that watch the lobby beside the players, as
//! people who have not sat down yet do. Each gives a name, reads every
//! change the lobby sends (the players' rooms are public, so each join,
//! start and end reaches all of them), and now and then says a line in the
//! lobby's chat and times hearing it back. What they add up to comes back
//! as a [`LobbyTally`], beside the players' own.

use futures_util::{SinkExt, StreamExt};
use set_core::rules::rng::SplitMix64;
use set_protocol::{ClientMsg, ServerMsg};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;

/// A watcher says a line about this often (uniform within half to one and a half of it).
const CHAT_EVERY: Duration = Duration::from_secs(20);
/// After the load's end, how long a watcher waits to hear its last line.
const GRACE: Duration = Duration::from_secs(5);

#[derive(Default)]
pub(crate) struct LobbyTally {
    /// Watchers let into the lobby.
    pub watching: u64,
    /// Frames the lobby sent them (rooms, who is online, chat).
    pub frames: u64,
    pub chat_sent: u64,
    pub chat_latencies_us: Vec<u64>,
    pub chat_lost: u64,
    pub errors: Vec<String>,
}

type Shared = Arc<Mutex<LobbyTally>>;

fn next_line(rng: &mut SplitMix64) -> Duration {
    let half = CHAT_EVERY.as_millis() as u64 / 2;
    Duration::from_millis(half + rng.below(2 * half))
}

/// One watcher, from its hello to the deadline (and its last line heard, or lost).
async fn watcher(
    addr: String,
    from: Option<std::net::IpAddr>,
    index: usize,
    seed: u64,
    tally: Shared,
    deadline: Instant,
) -> Result<(), String> {
    let mut rng = SplitMix64::new(seed ^ 0x10b0 ^ index as u64);
    let ws = crate::socket::open(&addr, from, None, None).await.map_err(|e| format!("connect: {e}"))?;
    let (mut tx, mut rx) = ws.split();
    let send = |message: ClientMsg| Message::text(message.to_text());
    let name = format!("L{index}");
    tx.send(send(ClientMsg::Hello { v: set_protocol::VERSION, token: None })).await.map_err(|e| e.to_string())?;
    tx.send(send(ClientMsg::Lobby { name: Some(name.clone()) })).await.map_err(|e| e.to_string())?;
    // The first line comes at a random moment, so that the watchers do not speak together.
    let mut next_chat = Instant::now() + Duration::from_millis(rng.below(CHAT_EVERY.as_millis() as u64));
    let mut pending: Option<(String, Instant)> = None;
    let (mut said, mut pinged) = (0u32, Instant::now());
    loop {
        let now = Instant::now();
        if now >= deadline && pending.is_none() {
            return Ok(());
        }
        if now >= deadline + GRACE {
            tally.lock().unwrap_or_else(PoisonError::into_inner).chat_lost += 1;
            return Ok(());
        }
        let wake = if now >= deadline { now + Duration::from_millis(100) } else { next_chat.min(deadline) };
        match tokio::time::timeout_at(wake.into(), rx.next()).await {
            Ok(Some(Ok(Message::Text(text)))) => {
                let message = serde_json::from_str::<ServerMsg>(&text)
                    .map_err(|e| format!("a frame the protocol does not read ({e}): {text}"))?;
                let mut t = tally.lock().unwrap_or_else(PoisonError::into_inner);
                match message {
                    ServerMsg::Lobby(_) => t.watching += 1,
                    ServerMsg::LobbyChanges { chat, .. } => {
                        for line in chat {
                            if let Some((_, at)) = pending.take_if(|(text, _)| line.name == name && line.text == *text)
                            {
                                t.chat_latencies_us.push(at.elapsed().as_micros() as u64);
                            }
                        }
                    }
                    ServerMsg::Online(_) => {}
                    ServerMsg::Welcome { .. } | ServerMsg::Pong { .. } => continue,
                    other => t.errors.push(format!("lobby watcher {index}: {other:?}")),
                }
                t.frames += 1;
            }
            // Pings and other control frames; or the wake-up to chat.
            Ok(Some(Ok(_))) | Err(_) => {}
            Ok(_) => {
                let mut t = tally.lock().unwrap_or_else(PoisonError::into_inner);
                t.errors.push(format!("lobby watcher {index}: the server closed the connection"));
                t.chat_lost += u64::from(pending.is_some());
                return Ok(());
            }
        }
        let now = Instant::now();
        // A ping now and then, as the page does: a watcher is not silent.
        if now.duration_since(pinged) > Duration::from_secs(5) {
            pinged = now;
            tx.send(send(ClientMsg::Ping { c: 0.0, rtt: None })).await.map_err(|e| e.to_string())?;
        }
        if now >= next_chat && now < deadline && pending.is_none() {
            said += 1;
            let text = format!("{name} says line {said} <i>&</i>");
            pending = Some((text.clone(), now));
            next_chat = now + next_line(&mut rng);
            tally.lock().unwrap_or_else(PoisonError::into_inner).chat_sent += 1;
            tx.send(send(ClientMsg::Chat { text })).await.map_err(|e| e.to_string())?;
        }
    }
}

/// Starts `count` watchers; each stops by itself at the deadline (or its grace after it).
pub(crate) fn start(
    addr: &str,
    spread: bool,
    count: usize,
    seed: u64,
    deadline: Instant,
    give_up: Instant,
) -> (Shared, Vec<tokio::task::JoinHandle<()>>) {
    let tally: Shared = Arc::default();
    let tasks = (0..count)
        .map(|index| {
            let (addr, tally) = (addr.to_owned(), Arc::clone(&tally));
            tokio::spawn(async move {
                let from = spread.then(|| crate::socket::loopback(crate::socket::WATCHERS_FAMILY, index));
                let session = watcher(addr, from, index, seed, Arc::clone(&tally), deadline);
                let failed = match tokio::time::timeout_at(give_up.into(), session).await {
                    Ok(Ok(())) => return,
                    Ok(Err(err)) => err,
                    Err(_) => "still waiting after the end".to_owned(),
                };
                tally
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .errors
                    .push(format!("lobby watcher {index}: {failed}"));
            })
        })
        .collect();
    (tally, tasks)
}
