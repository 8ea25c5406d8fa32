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
//! set-loadgen --addr 127.0.0.1:8080 --db data/set.db|postgres://… [--rooms 40] [--per-room 5] [--seconds 20] [--seed 7]
//!             [--server-pid N]… [--hostile N [--attack A]] [--lobby N] [--spread 1] [--reconnect 1]
//! ```
//!
//! Each room's players open its socket as the page does, naming the room
//! (`/ws?room=<id>`), so that through nginx in front of a cluster they all
//! reach its node ([`players`]). `--reconnect 1` is for a cluster with a
//! node killed halfway: a client whose socket closes comes back through
//! the proxy and rejoins; what it had in flight is reported as cut (the
//! log says whether it was kept), and how long it was without its room.
//!
//! `--lobby N` adds N clients watching the lobby beside the players
//! ([`lobby`]), whose rooms are then public, so that every join, start and
//! end reaches them; they chat there too, and their lines' round trips are
//! reported beside the rooms' chat.
//!
//! `--hostile N` runs, instead of the players, an attack that
//! scripts/bench.sh sets beside them in a process of its own ([`hostile`]):
//! by default the mix (N silent sockets, a join flood, a ping fan-out to
//! watchers and a reader that stops), or `--attack` one of the others, for
//! `--seconds`, then one `HOSTILE {json}` line of what it managed.
//!
//! `--spread 1` gives every player and lobby watcher a loopback address of
//! its own, so that a server with its default per-address limits serves
//! them as it would serve people on machines of their own.
//!
//! It prints a summary, and one `BENCH {json}` line for scripts/bench.sh;
//! it exits with an error if any claim was lost, any error came back that a
//! correct client should not see, or any room's log does not replay to its
//! board.

#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    use clap::Parser;
    let args = args::Args::parse();
    if let Err(err) = args.check() {
        eprintln!("set-loadgen: {err}");
        std::process::exit(2);
    }
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().expect("a tokio runtime");
    if let Err(err) = runtime.block_on(load::run(args)) {
        eprintln!("set-loadgen: {err}");
        std::process::exit(1);
    }
}

#[cfg(not(target_arch = "wasm32"))]
mod args;
#[cfg(not(target_arch = "wasm32"))]
mod hostile;
#[cfg(not(target_arch = "wasm32"))]
mod load;
#[cfg(not(target_arch = "wasm32"))]
mod lobby;
#[cfg(not(target_arch = "wasm32"))]
mod logs;
#[cfg(not(target_arch = "wasm32"))]
mod players;
#[cfg(not(target_arch = "wasm32"))]
mod socket;
