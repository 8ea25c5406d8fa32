//! What one socket may spend, beyond its frame credit: one table of its own
//! credits ([`Credit`]: each a flag of [`Limits`], the counter its overflow
//! counts in, `docs/operating.md`'s row), and one of what each message draws
//! ([`cost`]: the credit and the refusal). The budgets shared by every
//! socket of an address or a player (`AppState`'s keyed buckets) are drawn
//! by the endpoint that knows which key a message spends.

use crate::limits::{Bucket, Limits};
use crate::metrics::{Limit, limit_hit};
use crate::proto::ClientMsg;

/// One socket's credits. A message that draws on one is refused once it
/// is spent, until it refills.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Credit {
    /// Claims, cards turned, hints and no-set calls: each is judged by the room.
    Claims,
    /// The page's pings; past them they go unanswered.
    Pings,
    /// Chat lines, in the lobby and in rooms.
    Chat,
    /// Rooms made (created, by quick play or by rematch).
    Rooms,
    /// Names given that differ from the last one.
    Renames,
    /// Transfer codes asked for.
    CodesMade,
    /// Transfer codes tried, right or wrong.
    CodesTried,
}

impl Credit {
    pub(crate) const ALL: [Credit; 7] = [
        Credit::Claims,
        Credit::Pings,
        Credit::Chat,
        Credit::Rooms,
        Credit::Renames,
        Credit::CodesMade,
        Credit::CodesTried,
    ];

    /// The credit's bucket, as its flags set it.
    pub(crate) fn bucket(self, limits: &Limits) -> Bucket {
        let per_minute = |n: u32| f64::from(n) / 60.0;
        let every = |seconds: u64| 1.0 / seconds.max(1) as f64;
        match self {
            Credit::Claims => Bucket::new(f64::from(limits.claim_burst), f64::from(limits.claims_per_second)),
            Credit::Pings => Bucket::new(f64::from(limits.ping_burst), f64::from(limits.pings_per_second)),
            Credit::Chat => limits.player_chat_bucket(),
            Credit::Rooms => Bucket::new(f64::from(limits.rooms_per_connection), every(limits.connection_room_every)),
            Credit::Renames => Bucket::new(f64::from(limits.rename_burst), every(limits.rename_every)),
            Credit::CodesMade => Bucket::new(f64::from(limits.transfer_codes_per_connection), per_minute(1)),
            Credit::CodesTried => Bucket::new(f64::from(limits.transfer_tries_per_connection), per_minute(1)),
        }
    }

    /// The counter of `/metrics` its overflow counts in.
    pub(crate) fn limit(self) -> Limit {
        match self {
            Credit::Claims => Limit::Claims,
            Credit::Pings => Limit::Pings,
            Credit::Chat => Limit::Chat,
            Credit::Rooms => Limit::RoomsPerConnection,
            Credit::Renames => Limit::Renames,
            Credit::CodesMade => Limit::TransferCodes,
            Credit::CodesTried => Limit::TransferGuesses,
        }
    }
}

/// Why a room is not made when a socket's or a player's room credit is spent.
const TOO_MANY_ROOMS: &str = "too many rooms made: wait a minute";

/// What a message always costs its socket: the credit it draws on and the
/// refusal once that is spent. Messages whose cost depends on what they
/// ask (a rename only when the name is new, a room only when one is made)
/// draw in their endpoint; the rest cost only the frame credit.
pub(crate) fn cost(msg: &ClientMsg) -> Option<(Credit, &'static str)> {
    // Every message is named: a new one is given a cost, or none, here.
    match msg {
        ClientMsg::Claim { .. } => Some((Credit::Claims, "too many claims: wait a moment")),
        // Memory: a card turned up is a third of a claim, and shares its budget.
        ClientMsg::Flip { .. } => Some((Credit::Claims, "too many cards turned: wait a moment")),
        ClientMsg::Hint { .. } => Some((Credit::Claims, "too many hints: wait a moment")),
        // A call is judged like a claim, and shares its budget.
        ClientMsg::CallNoSet { .. } => Some((Credit::Claims, "too many calls: wait a moment")),
        ClientMsg::Chat { .. } => Some((Credit::Chat, CHAT_REFUSED)),
        ClientMsg::TransferCode => Some((Credit::CodesMade, CODES_MADE_REFUSED)),
        ClientMsg::Redeem { .. } => Some((Credit::CodesTried, CODES_TRIED_REFUSED)),
        ClientMsg::Hello { .. }
        | ClientMsg::Ping { .. }
        | ClientMsg::Create { .. }
        | ClientMsg::Join { .. }
        | ClientMsg::Start
        | ClientMsg::Rematch
        | ClientMsg::Lobby { .. }
        | ClientMsg::QuickPlay { .. }
        | ClientMsg::Remove { .. }
        | ClientMsg::Bots { .. }
        | ClientMsg::SignOutElsewhere
        | ClientMsg::Report { .. } => None,
    }
}

/// The refusals a socket's credit and its player's or address's share.
pub(crate) const CHAT_REFUSED: &str = "too much chat: a line a second";
pub(crate) const CODES_MADE_REFUSED: &str = "too many transfer codes asked for: wait a few minutes";
pub(crate) const CODES_TRIED_REFUSED: &str = "too many codes tried: wait a few minutes";
pub(crate) const RENAMES_REFUSED: &str = "too many new names: wait a little";

impl super::Connection {
    /// Takes a room from this connection's, its player's and its address's
    /// budgets, or says which one is spent (counted in `/metrics`).
    pub(super) fn room_budget(&mut self, player: &str) -> Result<(), &'static str> {
        if !self.budget.take(Credit::Rooms) || !self.state.rooms_made_by.take(player.to_owned()) {
            limit_hit(Credit::Rooms.limit());
            return Err(TOO_MANY_ROOMS);
        }
        if !self.state.rooms_made.take(self.address) {
            limit_hit(Limit::RoomsPerAddress);
            return Err("too many rooms made from your address: wait a little");
        }
        Ok(())
    }
}

/// One socket's credits, each made from its flags.
pub(crate) struct Budget {
    buckets: [Bucket; Credit::ALL.len()],
}

impl Budget {
    pub(crate) fn new(limits: &Limits) -> Budget {
        Budget { buckets: Credit::ALL.map(|credit| credit.bucket(limits)) }
    }

    /// Takes one from `credit` if it has one.
    pub(crate) fn take(&mut self, credit: Credit) -> bool {
        // Each credit's place is its discriminant (`Credit::ALL`'s order, held by a test).
        self.buckets.get_mut(credit as usize).is_some_and(Bucket::take)
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Flags {
        #[command(flatten)]
        limits: Limits,
    }

    fn limits(args: &[&str]) -> Limits {
        Flags::try_parse_from(std::iter::once("set-server").chain(args.iter().copied())).unwrap().limits
    }

    /// How many a fresh credit grants at once.
    fn burst(budget: &mut Budget, credit: Credit) -> usize {
        (0..1000).take_while(|_| budget.take(credit)).count()
    }

    #[test]
    fn the_table_lists_each_credit_once_in_its_place() {
        for (at, credit) in Credit::ALL.iter().enumerate() {
            assert_eq!(*credit as usize, at, "{credit:?}");
        }
    }

    #[test]
    fn each_credit_grants_its_flags_burst_and_no_more() {
        let defaults = limits(&[]);
        let mut budget = Budget::new(&defaults);
        let expected = [
            (Credit::Claims, defaults.claim_burst),
            (Credit::Pings, defaults.ping_burst),
            (Credit::Chat, defaults.chat_burst),
            (Credit::Rooms, defaults.rooms_per_connection),
            (Credit::Renames, defaults.rename_burst),
            (Credit::CodesMade, defaults.transfer_codes_per_connection),
            (Credit::CodesTried, defaults.transfer_tries_per_connection),
        ];
        assert_eq!(expected.len(), Credit::ALL.len());
        for (credit, flag) in expected {
            assert_eq!(burst(&mut budget, credit), flag as usize, "{credit:?}");
        }
        // Set by their flags, and spent apart: one spent leaves the others whole.
        let set = limits(&[
            "--claim-burst=2",
            "--ping-burst=3",
            "--chat-burst=4",
            "--rooms-per-connection=5",
            "--rename-burst=6",
            "--transfer-codes-per-connection=7",
            "--transfer-tries-per-connection=8",
        ]);
        let mut budget = Budget::new(&set);
        for (credit, n) in Credit::ALL.iter().zip(2..) {
            assert_eq!(burst(&mut budget, *credit), n, "{credit:?}");
        }
    }

    #[test]
    fn what_each_kind_of_message_costs() {
        let claim = ClientMsg::Claim { id: 1, cards: vec![0, 1, 2], seen: 0 };
        assert_eq!(cost(&claim).map(|(credit, _)| credit), Some(Credit::Claims));
        let chat = ClientMsg::Chat { text: "hi".into() };
        assert_eq!(cost(&chat), Some((Credit::Chat, CHAT_REFUSED)));
        assert_eq!(cost(&ClientMsg::TransferCode).map(|(credit, _)| credit), Some(Credit::CodesMade));
        assert_eq!(cost(&ClientMsg::Redeem { code: "x".into() }).map(|(c, _)| c), Some(Credit::CodesTried));
        // Made rooms and new names are drawn where they are known to be new.
        assert_eq!(cost(&ClientMsg::Rematch), None);
        assert_eq!(cost(&ClientMsg::Lobby { name: Some("Ann".into()) }), None);
    }
}
