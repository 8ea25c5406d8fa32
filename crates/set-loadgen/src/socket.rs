//! Opening a WebSocket to the server as the page does (its `/ws`, with the
//! site's own Origin, naming the room it is for, if any, so that a proxy in
//! front of several nodes routes it to the room's): the players' and the
//! hostile mix's one way in.

use tokio::net::{TcpSocket, TcpStream};
use tokio_tungstenite::WebSocketStream;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

pub(crate) type Socket = WebSocketStream<TcpStream>;

/// A WebSocket to the server at `addr` for `room` (if any), through a
/// socket with a receive window of `window` bytes if asked (a reader that
/// stops).
pub(crate) async fn open(addr: &str, room: Option<&str>, window: Option<u32>) -> Result<Socket, String> {
    let target = tokio::net::lookup_host(addr).await.map_err(|e| e.to_string())?.next().ok_or("no address")?;
    let socket = if target.is_ipv4() { TcpSocket::new_v4() } else { TcpSocket::new_v6() }.map_err(|e| e.to_string())?;
    if let Some(bytes) = window {
        socket.set_recv_buffer_size(bytes).map_err(|e| e.to_string())?;
    }
    let stream = socket.connect(target).await.map_err(|e| e.to_string())?;
    let query = room.map_or(String::new(), |room| format!("?room={room}"));
    let mut request = format!("ws://{addr}/ws{query}").into_client_request().map_err(|e| e.to_string())?;
    request.headers_mut().insert("origin", format!("http://{addr}").parse().map_err(|_| "origin")?);
    let (ws, _) = tokio_tungstenite::client_async(request, stream).await.map_err(|e| e.to_string())?;
    Ok(ws)
}
