//! Attacks on what identities leave behind (issue 55's review):
//! - `sign-outs`: one address's sockets each say hello without a token
//!   again and again (a new identity each time, on the same socket) and
//!   sign every other browser out, which once wrote a row a time that was
//!   never deleted and that every frame paid for;
//! - `reports`: fresh identities from a few addresses each filing reports
//!   against made-up players, which were once all kept, forever.

use super::peer::{Count, Frame, Peer, machine};
use serde_json::{Value, json};
use set_protocol::{ClientMsg, ServerMsg};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The address the sign-outs come from, and its sockets.
const SIGN_OUT_MACHINE: usize = 700;
const SIGN_OUT_SOCKETS: usize = 20;
/// The addresses the reports come from, and the sockets of each.
const REPORT_MACHINES: usize = 710;
const REPORT_ADDRESSES: usize = 4;
const SOCKETS_PER_REPORT_ADDRESS: usize = 5;
/// After a socket is closed, before the next opens.
const AGAIN: Duration = Duration::from_millis(100);

/// What one answer was: a welcome, a refusal, or the socket's end.
enum Answer {
    Welcome,
    Refused,
    Closed,
}

async fn answer(peer: &mut Peer) -> Answer {
    let deadline = tokio::time::Instant::now() + super::peer::ANSWER_WAIT;
    loop {
        match tokio::time::timeout_at(deadline, peer.frame()).await {
            Ok(Frame::Msg(ServerMsg::Welcome { .. }, _)) => return Answer::Welcome,
            Ok(Frame::Msg(ServerMsg::Error { .. }, _)) => return Answer::Refused,
            Ok(Frame::Msg(_, _)) => {}
            Ok(Frame::Closed(_)) | Err(_) => return Answer::Closed,
        }
    }
}

/// `sign-outs`.
pub(super) async fn sign_outs(addr: String, deadline: Instant) -> Result<Value, String> {
    let counts: Arc<[Count; 5]> = Arc::new(Default::default());
    let tasks = (0..SIGN_OUT_SOCKETS)
        .map(|_| {
            let (addr, counts) = (addr.clone(), counts.clone());
            tokio::spawn(async move {
                let [identities, sign_outs, refused, closed, opened] = &*counts;
                loop {
                    let Ok(mut peer) = Peer::hello(&addr, machine(SIGN_OUT_MACHINE), None).await else {
                        tokio::time::sleep(AGAIN).await;
                        continue;
                    };
                    opened.add(1);
                    loop {
                        let hello = ClientMsg::Hello { v: set_protocol::VERSION, token: None };
                        if peer.say(hello).await.is_err() {
                            break;
                        }
                        match answer(&mut peer).await {
                            Answer::Welcome => identities.add(1),
                            Answer::Refused => refused.add(1),
                            Answer::Closed => break,
                        }
                        if peer.say(ClientMsg::SignOutElsewhere).await.is_err() {
                            break;
                        }
                        match answer(&mut peer).await {
                            Answer::Welcome => sign_outs.add(1),
                            Answer::Refused => refused.add(1),
                            Answer::Closed => break,
                        }
                    }
                    closed.add(1);
                    tokio::time::sleep(AGAIN).await;
                }
            })
        })
        .collect();
    super::until(deadline, tasks).await;
    let [identities, sign_outs, refused, closed, opened] = &*counts;
    Ok(json!({
        "sockets_opened": opened.get(),
        "identities_made_on_open_sockets": identities.get(),
        "sign_outs_made": sign_outs.get(),
        "refused": refused.get(),
        "sockets_closed": closed.get(),
    }))
}

/// `reports`.
pub(super) async fn reports(addr: String, deadline: Instant) -> Result<Value, String> {
    let counts: Arc<[Count; 3]> = Arc::new(Default::default());
    let tasks = (0..REPORT_ADDRESSES * SOCKETS_PER_REPORT_ADDRESS)
        .map(|s| {
            let (addr, counts) = (addr.clone(), counts.clone());
            tokio::spawn(async move {
                let [sent, refused, closed] = &*counts;
                let from = machine(REPORT_MACHINES + s % REPORT_ADDRESSES);
                let mut n = 0u64;
                loop {
                    let Ok(mut peer) = Peer::hello(&addr, from, None).await else {
                        tokio::time::sleep(AGAIN).await;
                        continue;
                    };
                    loop {
                        n += 1;
                        // A made-up player id (32 hex digits), another each time.
                        let player = format!("{:016x}{:016x}", s as u64 + 1, n);
                        if peer.say(ClientMsg::Report { player, why: "too fast".into() }).await.is_err() {
                            break;
                        }
                        sent.add(1);
                        // A kept report is not answered: a ping is, after it.
                        if peer.say(ClientMsg::Ping { c: 0.0, rtt: None }).await.is_err() {
                            break;
                        }
                        let answered = loop {
                            match tokio::time::timeout(super::peer::ANSWER_WAIT, peer.frame()).await {
                                Ok(Frame::Msg(ServerMsg::Pong { .. }, _)) => break true,
                                Ok(Frame::Msg(ServerMsg::Error { .. }, _)) => refused.add(1),
                                Ok(Frame::Msg(_, _)) => {}
                                Ok(Frame::Closed(_)) | Err(_) => break false,
                            }
                        };
                        if !answered {
                            break;
                        }
                    }
                    closed.add(1);
                    tokio::time::sleep(AGAIN).await;
                }
            })
        })
        .collect();
    super::until(deadline, tasks).await;
    let [sent, refused, closed] = &*counts;
    Ok(json!({ "reports_sent": sent.get(), "reports_refused": refused.get(), "sockets_closed": closed.get() }))
}
