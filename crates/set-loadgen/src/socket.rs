//! Opening a WebSocket to the server as the page does (its `/ws`, with the
//! site's own Origin, naming the room it is for, if any, so that a proxy in
//! front of several nodes routes it to the room's): the players' and the
//! hostile mix's one way in.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use tokio::net::{TcpSocket, TcpStream};
use tokio_tungstenite::WebSocketStream;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

pub(crate) type Socket = WebSocketStream<TcpStream>;

/// The loopback families (`127.<family>.x.y`) of the players, the lobby's
/// watchers and the hostile mix's attackers, with `--spread`.
pub(crate) const PLAYERS_FAMILY: u8 = 1;
pub(crate) const WATCHERS_FAMILY: u8 = 2;
pub(crate) const ATTACKERS_FAMILY: u8 = 66;

/// The loopback address of client `n` of a family (`127.<family>.x.y`):
/// every address in 127.0.0.0/8 reaches this machine, and the server keys
/// its per-address limits by each, as it would by distinct machines.
pub(crate) fn loopback(family: u8, n: usize) -> IpAddr {
    let n = n % (250 * 250);
    IpAddr::V4(Ipv4Addr::new(127, family, (n / 250) as u8, (n % 250) as u8 + 1))
}

/// A WebSocket to the server at `addr` for `room` (if any), from the
/// loopback address `from` if given, through a socket with a receive
/// window of `window` bytes if asked (a reader that stops).
pub(crate) async fn open(
    addr: &str,
    from: Option<IpAddr>,
    room: Option<&str>,
    window: Option<u32>,
) -> Result<Socket, String> {
    let stream = connect(addr, from, window).await?;
    let query = room.map_or(String::new(), |room| format!("?room={room}"));
    let mut request = format!("ws://{addr}/ws{query}").into_client_request().map_err(|e| e.to_string())?;
    request.headers_mut().insert("origin", format!("http://{addr}").parse().map_err(|_| "origin")?);
    let (ws, _) = tokio_tungstenite::client_async(request, stream).await.map_err(|e| e.to_string())?;
    Ok(ws)
}

/// A TCP connection to `addr`, from `from` if given, with a receive window
/// of `window` bytes if asked.
pub(crate) async fn connect(addr: &str, from: Option<IpAddr>, window: Option<u32>) -> Result<TcpStream, String> {
    let target = tokio::net::lookup_host(addr).await.map_err(|e| e.to_string())?.next().ok_or("no address")?;
    let socket = if target.is_ipv4() { TcpSocket::new_v4() } else { TcpSocket::new_v6() }.map_err(|e| e.to_string())?;
    if let Some(bytes) = window {
        socket.set_recv_buffer_size(bytes).map_err(|e| e.to_string())?;
    }
    if let Some(from) = from {
        socket.bind(SocketAddr::new(from, 0)).map_err(|e| format!("bind {from}: {e}"))?;
    }
    socket.connect(target).await.map_err(|e| e.to_string())
}
