//! The page's link to the server, one socket at a time: whether one is
//! open or opening and the room its address names, whether the server has
//! said welcome on it, the link's state as the page shows it, the tries
//! since the last that opened, the frames waiting for a welcome, and the
//! last round trip and the node that serves it.

use super::{Command, Link};
use crate::connection;
use set_protocol::ClientMsg;

/// The link to the server.
#[derive(Clone, Debug, PartialEq)]
pub struct Connection {
    /// A socket is open or opening.
    pub connected: bool,
    /// The room the socket's address names, if any.
    pub room: Option<String>,
    /// The server has said welcome on this socket.
    pub welcomed: bool,
    /// The state of the connection.
    pub link: Link,
    /// Tries to connect since the last that opened.
    pub attempts: u32,
    /// Frames made before the server said welcome.
    pub queue: Vec<ClientMsg>,
    /// The last round trip measured, ms.
    pub rtt: Option<u32>,
    /// The server node this connection is served by, as its welcome said.
    pub node: String,
}

impl Connection {
    /// No socket yet.
    pub(super) fn new() -> Connection {
        Connection {
            connected: false,
            room: None,
            welcomed: false,
            link: Link::Connecting,
            attempts: 0,
            queue: Vec::new(),
            rtt: None,
            node: String::new(),
        }
    }

    /// Sends a frame now, or once the server has said welcome.
    pub(super) fn send(&mut self, frame: ClientMsg, out: &mut Vec<Command>) {
        if self.connected && self.welcomed {
            out.push(Command::Send(frame));
        } else {
            self.queue.push(frame);
        }
    }

    /// Opens a socket naming `room` (a room's socket names its room, so
    /// that a proxy in front of several nodes sends all of a room's players
    /// to one of them; the lobby's names none).
    pub(super) fn open(&mut self, room: Option<String>, out: &mut Vec<Command>) {
        self.room = room
            .map(|room| room.chars().filter(char::is_ascii_alphanumeric).collect::<String>())
            .filter(|room| !room.is_empty());
        self.connected = true;
        self.welcomed = false;
        out.push(Command::Connect { room: self.room.clone() });
    }

    /// The socket opened: the first frame says who this is.
    pub(super) fn opened(&mut self, token: Option<&str>, out: &mut Vec<Command>) {
        self.attempts = 0;
        out.push(Command::Send(set_protocol::write::hello(token)));
    }

    /// The socket closed: gone until another opens.
    pub(super) fn lost(&mut self, out: &mut Vec<Command>) {
        out.push(Command::Retire);
        self.connected = false;
        self.welcomed = false;
        self.link = Link::Reconnecting;
    }

    /// Tries again after a wait that grows with each try (`jitter`, 0 to
    /// 1, spreads it).
    pub(super) fn retry(&mut self, jitter: f64, out: &mut Vec<Command>) {
        out.push(Command::RetryAfter(connection::backoff_ms(self.attempts, jitter)));
        self.attempts += 1;
    }

    /// The server said welcome from `node`: the frames made before it, to send.
    pub(super) fn welcome(&mut self, node: String) -> Vec<ClientMsg> {
        self.node = node;
        self.welcomed = true;
        self.link = Link::Open;
        std::mem::take(&mut self.queue)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Frames wait for the welcome, a room's socket names only its room's
    /// letters, and each try after a drop waits longer.
    #[test]
    fn frames_wait_for_the_welcome_and_each_retry_waits_longer() {
        let mut link = Connection::new();
        let mut out = Vec::new();
        link.send(ClientMsg::Start, &mut out);
        assert!(out.is_empty());
        link.open(Some("ab/c d".into()), &mut out);
        assert_eq!(out, [Command::Connect { room: Some("abcd".into()) }]);
        link.send(ClientMsg::Rematch, &mut out);
        assert_eq!(link.welcome("node-1".into()), [ClientMsg::Start, ClientMsg::Rematch]);
        assert!(link.queue.is_empty() && link.welcomed && link.link == Link::Open);
        let mut out = Vec::new();
        link.send(ClientMsg::Start, &mut out);
        assert_eq!(out, [Command::Send(ClientMsg::Start)]);
        let mut out = Vec::new();
        link.lost(&mut out);
        link.retry(0.5, &mut out);
        link.retry(0.5, &mut out);
        let waits: Vec<f64> =
            out.iter().filter_map(|c| if let Command::RetryAfter(ms) = c { Some(*ms) } else { None }).collect();
        assert!(waits[1] > waits[0], "{waits:?}");
        assert_eq!((link.connected, link.welcomed, link.link, link.attempts), (false, false, Link::Reconnecting, 2));
    }
}
