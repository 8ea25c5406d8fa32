//! Attacks that play: the rating farm (a solver against fresh sockpuppets
//! that never claim, rematching in a loop, which once made a rating of
//! 4,000 in a minute and rooms past every create limit), and joins of a
//! finished room (which once took the room and wrote its epoch each time).

use super::peer::{Count, Frame, Peer, machine};
use serde_json::{Value, json};
use set_core::rules::finder::find_sets;
use set_protocol::{ClientMsg, ErrorCode, ServerMsg};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Between two claims of the solver: under the server's claims a second.
const CLAIM_GAP: Duration = Duration::from_millis(130);
/// After a refusal to make a room, before asking again.
const REFUSED_WAIT: Duration = Duration::from_secs(1);
/// Connections that join the finished room together, from one address.
const JOINERS: usize = 8;

/// Takes sets as `peer` until the game is over (or the socket closes):
/// the sets it took.
async fn solve(peer: &mut Peer) -> Result<u64, String> {
    let (mut taken, mut next_id) = (0u64, 0u32);
    loop {
        let (seq, table, over) = match peer.frame().await {
            Frame::Msg(ServerMsg::Room(room), _) => match room.view {
                Some(view) => (room.seq, view.face_up(), view.over),
                None => continue,
            },
            Frame::Msg(ServerMsg::Move { event, view, .. }, _) => (event.seq, view.face_up(), view.over),
            Frame::Msg(ServerMsg::Result { verdict, .. }, _) => {
                taken += u64::from(verdict == set_protocol::Verdict::Accepted);
                continue;
            }
            Frame::Msg(_, _) => continue,
            Frame::Closed(code) => return Err(format!("closed while solving ({code:?})")),
        };
        if over {
            return Ok(taken);
        }
        let Some(set) = find_sets(&table).ok().and_then(|sets| sets.first().copied()) else { continue };
        tokio::time::sleep(CLAIM_GAP).await;
        next_id += 1;
        let cards = set.iter().map(|&i| i64::from(table[i].id())).collect();
        peer.say(ClientMsg::Claim { id: next_id, cards, seen: seq }).await?;
    }
}

/// A junior room made by `peer` (alone), or why not.
async fn make_room(peer: &mut Peer, name: &str) -> Result<String, String> {
    let create = ClientMsg::Create {
        mode: "junior".into(),
        hints: false,
        name: name.into(),
        public: false,
        bots: Vec::new(),
        dealing: set_core::rules::variant::Dealing::Automatic,
    };
    peer.say(create).await?;
    peer.answer(|m| match m {
        ServerMsg::Created { room } => Some(room),
        _ => None,
    })
    .await
}

async fn join(peer: &mut Peer, room: &str, name: Option<&str>) -> Result<(), String> {
    peer.say(ClientMsg::Join { room: room.to_owned(), name: name.map(str::to_owned), since: None }).await?;
    peer.answer(|m| matches!(m, ServerMsg::Room(_)).then_some(())).await
}

/// The farm: one farmer, a fresh sockpuppet for each game (a new identity
/// that sits and never claims), the next game by rematch; when a room is
/// refused, it waits and makes one again.
pub(super) async fn farm(addr: String, deadline: Instant) -> Result<Value, String> {
    let farm = Arc::new(Farm::default());
    let mut farmer = Peer::hello(&addr, machine(0), None).await?;
    let player = farmer.player.clone();
    let task = {
        let (farm, addr) = (farm.clone(), addr.clone());
        tokio::spawn(async move {
            let _ = farming(&addr, &mut farmer, &farm).await;
        })
    };
    super::until(deadline, vec![task]).await;
    // What the farm made of the farmer: its profile, as anyone reads it.
    let profile = super::reads::get(&addr, machine(0), &format!("/api/players/{player}")).await;
    let profile = profile.ok().and_then(|(_, body)| serde_json::from_str::<Value>(&body).ok());
    Ok(json!({
        "games_played": farm.games.get(),
        "rooms_made": farm.rooms.get(),
        "rooms_refused": farm.refused.get(),
        "sets_taken": farm.sets.get(),
        "farmer_ratings": profile.map_or(Value::Null, |p| p["ratings"].clone()),
    }))
}

/// What the farm managed.
#[derive(Default)]
struct Farm {
    games: Count,
    rooms: Count,
    refused: Count,
    sets: Count,
}

async fn farming(addr: &str, farmer: &mut Peer, farm: &Farm) -> Result<(), String> {
    let Farm { games, rooms, refused, sets } = farm;
    let mut room = loop {
        if let Ok(room) = make_room(farmer, "Farmer").await {
            break room;
        }
        refused.add(1);
        tokio::time::sleep(REFUSED_WAIT).await;
    };
    rooms.add(1);
    for game in 0u32.. {
        join(farmer, &room, None).await?;
        let mut puppet = Peer::hello(addr, machine(0), None).await?;
        join(&mut puppet, &room, Some(&format!("Pup{game}"))).await?;
        farmer.say(ClientMsg::Start).await?;
        sets.add(solve(farmer).await?);
        games.add(1);
        drop(puppet);
        // The next game: a rematch, or a room made when the rematch is refused.
        room = loop {
            farmer.say(ClientMsg::Rematch).await?;
            let answer = farmer
                .answer(|m| match m {
                    ServerMsg::Rematch { room, .. } => Some(room),
                    _ => None,
                })
                .await;
            if let Ok(room) = answer {
                break room;
            }
            refused.add(1);
            tokio::time::sleep(REFUSED_WAIT).await;
            if let Ok(room) = make_room(farmer, "Farmer").await {
                break room;
            }
            refused.add(1);
        };
        rooms.add(1);
    }
    Ok(())
}

/// Joins of a finished room: a game played alone to its end, then
/// [`JOINERS`] connections from one address each joining it again and
/// again (a new socket when the server cuts one off).
pub(super) async fn finished_joins(addr: String, deadline: Instant) -> Result<Value, String> {
    let mut host = Peer::hello(&addr, machine(1), None).await?;
    let room = make_room(&mut host, "Finisher").await?;
    join(&mut host, &room, None).await?;
    host.say(ClientMsg::Start).await?;
    let played_at = Instant::now();
    solve(&mut host).await?;
    let played_ms = played_at.elapsed().as_millis() as u64;
    drop(host);
    let (joins, refused, cut) = (Arc::new(Count::default()), Arc::new(Count::default()), Arc::new(Count::default()));
    let tasks = (0..JOINERS)
        .map(|_| {
            let (addr, room, joins, refused, cut) =
                (addr.clone(), room.clone(), joins.clone(), refused.clone(), cut.clone());
            tokio::spawn(async move {
                loop {
                    let Ok(mut peer) = Peer::hello(&addr, machine(2), None).await else {
                        refused.add(1);
                        tokio::time::sleep(Duration::from_millis(100)).await;
                        continue;
                    };
                    loop {
                        let join = ClientMsg::Join { room: room.clone(), name: None, since: None };
                        if peer.say(join).await.is_err() {
                            break;
                        }
                        match peer.frame().await {
                            Frame::Msg(ServerMsg::Room(_), _) => joins.add(1),
                            Frame::Msg(ServerMsg::Error { code: ErrorCode::Throttled, .. }, _) => refused.add(1),
                            Frame::Msg(_, _) => {}
                            Frame::Closed(_) => break,
                        }
                    }
                    cut.add(1);
                }
            })
        })
        .collect();
    super::until(deadline, tasks).await;
    Ok(json!({
        "game_played_alone_ms": played_ms,
        "joins_answered": joins.get(),
        "joins_refused": refused.get(),
        "connections_cut_off": cut.get(),
    }))
}
