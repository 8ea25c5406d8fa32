//! A connection's way back from the rooms and the lobby: its id, what may
//! be sent to it (a frame, or "close with this code"), and its outbox with a
//! byte budget. Below both, so that the rooms and the lobby share it
//! without reaching into each other.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use tokio::sync::{Notify, mpsc};

pub(crate) type ConnId = u64;

/// What a room sends a connection: a frame, or "close with this code".
#[derive(Clone, Debug)]
pub enum Outgoing {
    Text(Arc<str>),
    Close(u16, &'static str),
}

/// A connection's way back: its outbox, a bell that closes it when the
/// outbox is over its budget (a client too slow to keep up reconnects and
/// resyncs), and the bytes waiting in it.
#[derive(Clone)]
pub struct Outbox {
    pub tx: mpsc::Sender<Outgoing>,
    pub kick: Arc<Notify>,
    /// Bytes queued and not yet written to the socket.
    pub queued: Arc<AtomicUsize>,
    /// The most bytes that may wait (`--outbox-bytes`).
    pub budget: usize,
}

impl Outbox {
    pub fn new(tx: mpsc::Sender<Outgoing>, budget: usize) -> Outbox {
        Outbox { tx, kick: Arc::new(Notify::new()), queued: Arc::default(), budget }
    }

    /// Queues a frame; over the byte budget or the message count, the
    /// connection is closed instead of holding more for a reader that
    /// does not read.
    pub fn send(&self, text: Arc<str>) {
        let size = text.len();
        let queued = self.queued.fetch_add(size, Ordering::Relaxed) + size;
        if queued > self.budget || self.tx.try_send(Outgoing::Text(text)).is_err() {
            self.queued.fetch_sub(size, Ordering::Relaxed);
            self.kick.notify_one();
        }
    }
}
