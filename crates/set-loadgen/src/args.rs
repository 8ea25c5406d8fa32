//! The load's flags (`set-loadgen --help`): each bounded, so that a run is
//! bounded in clients and time whatever it is given, and aimed at loopback
//! only.

use clap::Parser;

/// A bounded load on a running set-server, over loopback only, that stops
/// by itself.
#[derive(Parser, Debug)]
#[command(name = "set-loadgen", version)]
pub(crate) struct Args {
    /// The server's address: loopback only (127.x or localhost).
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub addr: String,
    /// The server's store, read at the end to replay every room's log: an
    /// SQLite file or a postgres:// address.
    #[arg(long, default_value = "data/set.db")]
    pub db: String,
    /// Rooms of players.
    #[arg(long, default_value_t = 40, value_parser = clap::value_parser!(u16).range(1..=10_000))]
    pub rooms: u16,
    /// Players in each room (a room seats at most 8).
    #[arg(long = "per-room", default_value_t = 5, value_parser = clap::value_parser!(u8).range(1..=8))]
    pub per_room: u8,
    /// How long the load runs.
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u64).range(1..=600))]
    pub seconds: u64,
    /// The seed of every client's thinking and claims.
    #[arg(long, default_value_t = 7)]
    pub seed: u64,
    /// A server process whose memory and CPU time are reported (once a node).
    #[arg(long = "server-pid")]
    pub server_pids: Vec<u32>,
    /// Instead of the players, the hostile mix with this many silent sockets.
    #[arg(long, value_parser = clap::value_parser!(u32).range(0..=100_000))]
    pub hostile: Option<u32>,
    /// Clients watching the lobby beside the players (whose rooms are then public).
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u16).range(0..=10_000))]
    pub lobby: u16,
    /// 1: every player and lobby watcher comes from a loopback address of
    /// its own (127.1.x.y, 127.2.x.y), as from machines of their own, so
    /// that a server with its default per-address limits serves them as
    /// it would serve people.
    #[arg(long, default_value_t = false, action = clap::ArgAction::Set,
          value_parser = clap::builder::BoolishValueParser::new())]
    pub spread: bool,
    /// Before the load: this many sign-outs and as many reports written
    /// into `--db` (an SQLite file) by SQL, an hour old and older, as a
    /// farm of fresh identities would have left them (BENCHMARKS.md).
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=10_000_000))]
    pub farm_rows: u32,
    /// With `--hostile`: the attack it makes beside the load, instead of
    /// the mix (docs/operating.md, "Limits").
    #[arg(long, value_enum, default_value = "mix")]
    pub attack: crate::hostile::Attack,
    /// 1: a node may go (a cluster's, killed halfway), and a client whose
    /// socket closes comes back to its room through the proxy.
    #[arg(long, default_value_t = false, action = clap::ArgAction::Set,
          value_parser = clap::builder::BoolishValueParser::new())]
    pub reconnect: bool,
}

impl Args {
    /// Refuses an address that is not on this machine: a load goes to loopback only.
    pub(crate) fn check(&self) -> Result<(), String> {
        if self.addr.starts_with("127.") || self.addr.starts_with("localhost:") {
            Ok(())
        } else {
            Err(format!("{}: the load goes to loopback only", self.addr))
        }
    }

    pub(crate) fn rooms(&self) -> usize {
        usize::from(self.rooms)
    }

    pub(crate) fn per_room(&self) -> usize {
        usize::from(self.per_room)
    }

    pub(crate) fn lobby(&self) -> usize {
        usize::from(self.lobby)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Result<Args, clap::Error> {
        Args::try_parse_from(std::iter::once("set-loadgen").chain(args.iter().copied()))
    }

    #[test]
    fn the_defaults_are_a_bounded_load_on_loopback() {
        let args = parse(&[]).expect("no flags parse");
        assert_eq!((args.rooms(), args.per_room(), args.seconds, args.reconnect), (40, 5, 20, false));
        assert_eq!(args.check(), Ok(()));
    }

    #[test]
    fn every_bound_is_refused_past_its_end_and_other_hosts_are_refused() {
        for bad in
            [["--per-room", "9"], ["--per-room", "0"], ["--seconds", "601"], ["--rooms", "0"], ["--lobby", "10001"]]
        {
            assert!(parse(&bad).is_err(), "{bad:?} was taken");
        }
        let far = parse(&["--addr", "10.0.0.1:8080"]).expect("an address parses");
        assert!(far.check().is_err());
        let args = parse(&["--reconnect", "1", "--server-pid", "3", "--server-pid", "4", "--hostile", "10"]).unwrap();
        assert!(args.reconnect);
        assert_eq!((args.server_pids, args.hostile), (vec![3, 4], Some(10)));
    }
}
