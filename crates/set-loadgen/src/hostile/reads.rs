//! Attacks on what the server reads and hands out:
//! - `reads`: [`READERS`] requests at a time for leaderboards and profiles
//!   from a few addresses, while a health check asks `/healthz` as an
//!   operator's monitor would (once, a crowd like it held every reader
//!   connection, and `/healthz` answered 503);
//! - `transfer`: two addresses asking for transfer codes as fast as their
//!   sockets may (once, they took all ten thousand in a minute).

use super::peer::{Count, Frame, Peer, machine};
use serde_json::{Value, json};
use set_protocol::{ClientMsg, ServerMsg};
use std::net::IpAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// Requests in flight at once.
const READERS: usize = 128;
/// The addresses they come from.
const READER_MACHINES: usize = 500;
const READER_ADDRESSES: usize = 4;
const HEALTH_MACHINE: usize = 510;
/// How often the health check asks.
const HEALTH_EVERY: Duration = Duration::from_millis(200);
/// The addresses asking for transfer codes, and the sockets each opens.
const TRANSFER_MACHINES: usize = 600;
const TRANSFER_ADDRESSES: usize = 2;
const SOCKETS_PER_TRANSFER_ADDRESS: usize = 10;

/// `GET path` from `from`, over a connection of its own: the status and the body.
pub(super) async fn get(addr: &str, from: IpAddr, path: &str) -> Result<(u16, String), String> {
    let mut stream = crate::socket::connect(addr, Some(from), None).await?;
    let request = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await.map_err(|e| e.to_string())?;
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).await.map_err(|e| e.to_string())?;
    let answer = String::from_utf8_lossy(&answer);
    let status = answer.split(' ').nth(1).and_then(|s| s.parse().ok()).ok_or("no status")?;
    let body = answer.split_once("\r\n\r\n").map_or("", |(_, body)| body);
    Ok((status, body.to_owned()))
}

/// `reads`.
pub(super) async fn crowd(addr: String, deadline: Instant) -> Result<Value, String> {
    let (served, refused, failed) =
        (Arc::new(Count::default()), Arc::new(Count::default()), Arc::new(Count::default()));
    let (healthy, unhealthy, slowest_health_ms) =
        (Arc::new(Count::default()), Arc::new(Count::default()), Arc::new(Count::default()));
    let mut tasks: Vec<_> = (0..READERS)
        .map(|r| {
            let (addr, served, refused, failed) = (addr.clone(), served.clone(), refused.clone(), failed.clone());
            tokio::spawn(async move {
                let from = machine(READER_MACHINES + r % READER_ADDRESSES);
                for n in 0u64.. {
                    let path = if n % 2 == 0 {
                        "/api/leaderboard/classic".to_owned()
                    } else {
                        format!("/api/players/{:032x}", (r as u64) << 40 | n)
                    };
                    match get(&addr, from, &path).await {
                        Ok((200 | 404, _)) => served.add(1),
                        Ok((429, _)) => refused.add(1),
                        _ => failed.add(1),
                    }
                }
            })
        })
        .collect();
    {
        let (addr, healthy, unhealthy, slowest) =
            (addr.clone(), healthy.clone(), unhealthy.clone(), slowest_health_ms.clone());
        tasks.push(tokio::spawn(async move {
            loop {
                let asked = Instant::now();
                match get(&addr, machine(HEALTH_MACHINE), "/healthz").await {
                    Ok((200, _)) => healthy.add(1),
                    _ => unhealthy.add(1),
                }
                slowest.max(asked.elapsed().as_millis() as u64);
                tokio::time::sleep(HEALTH_EVERY).await;
            }
        }));
    }
    super::until(deadline, tasks).await;
    Ok(json!({
        "reads_served": served.get(),
        "reads_refused_429": refused.get(),
        "reads_failed": failed.get(),
        "health_ok": healthy.get(),
        "health_not_ok": unhealthy.get(),
        "health_slowest_ms": slowest_health_ms.get(),
    }))
}

/// `transfer`.
pub(super) async fn transfer(addr: String, deadline: Instant) -> Result<Value, String> {
    let (codes, refused) = (Arc::new(Count::default()), Arc::new(Count::default()));
    let tasks = (0..TRANSFER_ADDRESSES * SOCKETS_PER_TRANSFER_ADDRESS)
        .map(|s| {
            let (addr, codes, refused) = (addr.clone(), codes.clone(), refused.clone());
            tokio::spawn(async move {
                let from = machine(TRANSFER_MACHINES + s % TRANSFER_ADDRESSES);
                loop {
                    let Ok(mut peer) = Peer::hello(&addr, from, None).await else {
                        tokio::time::sleep(Duration::from_millis(100)).await;
                        continue;
                    };
                    loop {
                        if peer.say(ClientMsg::TransferCode).await.is_err() {
                            break;
                        }
                        match peer.frame().await {
                            Frame::Msg(ServerMsg::TransferCode { .. }, _) => codes.add(1),
                            Frame::Msg(ServerMsg::Error { .. }, _) => {
                                refused.add(1);
                                tokio::time::sleep(Duration::from_millis(10)).await;
                            }
                            Frame::Msg(_, _) => {}
                            Frame::Closed(_) => break,
                        }
                    }
                }
            })
        })
        .collect();
    super::until(deadline, tasks).await;
    Ok(json!({ "codes_issued": codes.get(), "codes_refused": refused.get() }))
}
