//! A player's side of an online room: what the server last said (the
//! table, the players, the event number) and what the player is doing
//! (picks, a claim waiting for its answer). The server decides every claim
//! ([`set_core::online::room`]); this only keeps the page's picture in step and
//! says what happened, in words.
//!
//! - Picks are card ids, not slots: after anyone's set, the picks still in
//!   play stay picked, wherever they now lie.
//! - The last pick of a claim makes it **pending** ([`Remote::tap`] returns
//!   the claim to send); no card moves until the server answers. Taps wait
//!   while a claim is pending.
//! - In a room whose extra cards wait for a call, "No set" sends a call
//!   ([`Remote::call_no_set`]) on the table of the last event applied; it
//!   too waits for its answer, and a call that arrives after the table
//!   changed is late (no penalty).
//! - Events apply in order; an event that skips a number means something
//!   was missed, and [`Applied::Resync`] asks for the room again since the
//!   last event applied.

use set_core::online::room::{EventKind, Status, keep_picks};
use set_core::rules::card::Card;
use set_core::rules::game::Claim;
use set_core::rules::variant::{Dealing, Variant};
use set_protocol::{ClientMsg, MoveMsg, PlayerMsg, RoomMsg, ViewMsg};

mod turns;

/// The server's answer to one claim.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Valid: the claim is the player's.
    Accepted,
    /// Not valid: a penalty.
    Wrong {
        /// Why, in words.
        why: String,
    },
    /// Another claim took one of its cards first: nothing counted.
    Taken {
        /// The seat whose claim took it.
        by: u8,
        /// The card taken.
        card: Card,
    },
    /// A "no set" call that came after the table changed: nothing counted.
    Late {
        /// The seat that changed the table first.
        by: u8,
    },
    /// Refused before it was judged (a cooldown, a limit): nothing counted.
    Refused {
        /// Why, in words.
        why: String,
    },
}

/// A claim to send: its id (echoed in the answer), cards and the last event seen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClaimToSend {
    /// Its id, echoed in the answer.
    pub id: u32,
    /// The cards claimed.
    pub cards: Vec<Card>,
    /// The last event the page had applied.
    pub seen: u32,
}

impl ClaimToSend {
    /// The frame that sends it.
    pub fn frame(&self) -> ClientMsg {
        let cards = self.cards.iter().map(|card| i64::from(card.id())).collect();
        ClientMsg::Claim { id: self.id, cards, seen: self.seen }
    }
}

/// What applying a message asks of the page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Applied {
    /// Nothing more.
    Nothing,
    /// Events were missed: join again, since this event.
    Resync(u32),
}

/// What a watcher is told when they tap a card.
pub const WATCHERS_DO_NOT_CLAIM: &str = "You are watching: only the players at the table take sets.";

/// The player's picture of one room.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Remote {
    /// The room's id.
    pub room: String,
    /// The player's seat; none while watching.
    pub seat: Option<u8>,
    /// The host's seat.
    pub host: u8,
    /// Waiting, playing or over.
    pub status: Status,
    /// The way to play, once known.
    pub variant: Option<Variant>,
    /// Whether the room allows hints.
    pub hints: bool,
    /// When the room's extra cards come.
    pub dealing: Dealing,
    /// The id of the "no set" call sent and not yet answered.
    pub calling: Option<u32>,
    /// The last event applied.
    pub seq: u32,
    /// What every client may know of the game.
    pub view: ViewMsg,
    /// The players by seat.
    pub players: Vec<PlayerMsg>,
    /// The server's commitment to the deal, shown from the start.
    pub commitment: String,
    /// The deal's seed, revealed once the game is over.
    pub seed: Option<String>,
    /// The commitment's salt, revealed with the seed.
    pub salt: Option<String>,
    /// The rematch's room, once one is made.
    pub next_room: Option<String>,
    /// The cards picked for the next claim.
    pub picks: Vec<Card>,
    /// The claim sent and not yet answered.
    pub pending: Option<ClaimToSend>,
    /// Memory: the slot turned up and not yet told back.
    pub flipping: Option<u8>,
    /// Memory: the slots turned up this turn, in order.
    pub turned: Vec<u8>,
    next_id: u32,
    /// What happened last, in words, for the page's status line.
    pub said: String,
}

impl Remote {
    /// A picture of no room yet, whose claims are numbered from
    /// `first_claim_id` on: a page draws it at random when it loads, so that
    /// a reloaded page or a second tab does not send its claims under the
    /// ids of claims it sent before (the server also tells claims apart by
    /// their cards).
    pub fn new(first_claim_id: u32) -> Remote {
        Remote { next_id: first_claim_id, ..Remote::default() }
    }

    /// The id the next claim follows (claims are numbered on from it, in
    /// this picture and in the next room's).
    pub fn next_claim_id(&self) -> u32 {
        self.next_id
    }

    /// The claim waiting for an answer, to send again on a new connection:
    /// the server answers one it has judged with the answer it gave.
    pub fn claim_to_resend(&self) -> Option<&ClaimToSend> {
        self.pending.as_ref()
    }

    /// The name of the player at a seat ("Someone" for a seat not known yet).
    pub fn name(&self, seat: u8) -> &str {
        self.players.get(seat as usize).map_or("Someone", |p| p.name.as_str())
    }

    fn claim_size(&self) -> usize {
        self.variant.map_or(3, Variant::claim_size)
    }

    /// Whether the card can be named in a claim now.
    fn in_play(&self, card: Card) -> bool {
        self.view.slot_of(card).is_some() || self.view.previous.as_ref().is_some_and(|p| p.contains(&card))
    }

    /// A tap on a card: picks or unpicks it; the pick that completes a
    /// claim makes it pending and returns it to send.
    pub fn tap(&mut self, card: Card) -> Option<ClaimToSend> {
        if self.status == Status::Playing && self.seat.is_none() {
            // A watcher's tap: nothing is picked, and the page says why.
            self.said = WATCHERS_DO_NOT_CLAIM.to_owned();
            return None;
        }
        if self.status != Status::Playing || self.seat.is_none() || self.pending.is_some() || !self.in_play(card) {
            return None;
        }
        if let Some(at) = self.picks.iter().position(|&c| c == card) {
            self.picks.remove(at);
            return None;
        }
        if self.picks.len() >= self.claim_size() {
            return None;
        }
        self.picks.push(card);
        if self.picks.len() < self.claim_size() {
            return None;
        }
        self.next_id = self.next_id.wrapping_add(1);
        let claim = ClaimToSend { id: self.next_id, cards: self.picks.clone(), seen: self.seq };
        self.pending = Some(claim.clone());
        self.said = "Claim sent: waiting for the server…".to_owned();
        Some(claim)
    }

    /// Whether "No set" can be called now: a player of a room playing
    /// whose extra cards wait for a call, with no claim or call unanswered.
    pub fn may_call(&self) -> bool {
        self.status == Status::Playing
            && self.seat.is_some()
            && self.dealing.is_called()
            && self.pending.is_none()
            && self.calling.is_none()
    }

    /// "No set", on the table of the last event applied: the frame to send,
    /// or none when it cannot be called now ([`Remote::may_call`]).
    pub fn call_no_set(&mut self) -> Option<ClientMsg> {
        if !self.may_call() {
            return None;
        }
        self.next_id = self.next_id.wrapping_add(1);
        self.calling = Some(self.next_id);
        self.said = "\u{201c}No set\u{201d} called: waiting for the server…".to_owned();
        Some(ClientMsg::CallNoSet { id: self.next_id, seen: self.seq })
    }

    fn set_view(&mut self, view: ViewMsg) {
        self.picks = keep_picks(&self.picks, &view.face_up(), previous_set(&view));
        self.view = view;
    }

    /// The whole room again: what the server says replaces what was here,
    /// but the picks still in play.
    pub fn apply_room(&mut self, room: RoomMsg) {
        if room.room != self.room {
            self.picks.clear();
            self.pending = None;
        }
        let came_back = !self.room.is_empty() && room.room == self.room && room.seq > self.seq;
        let status = room.status;
        *self = Remote {
            room: room.room,
            seat: room.seat,
            host: room.host,
            status,
            variant: Some(room.mode),
            hints: room.hints,
            dealing: room.dealing,
            // A call unanswered when the connection fell is not sent again:
            // the events say whether it was judged; nor is a card turned.
            calling: None,
            flipping: None,
            // The server's view shows this turn's cards, not which they are.
            turned: Vec::new(),
            seq: room.seq,
            players: room.players,
            commitment: room.commitment,
            seed: room.seed,
            salt: room.salt,
            next_room: room.next_room,
            ..std::mem::take(self)
        };
        self.set_view(room.view.unwrap_or_default());
        let moves = &room.moves;
        if came_back && !moves.is_empty() {
            let sets = moves.iter().filter(|m| m.kind == EventKind::Set).count();
            self.said = format!("Back in the room: {sets} sets were found while you were away.");
        }
        if status == Status::Over {
            self.pending = None;
            self.said = "The game is over.".to_owned();
        }
    }

    /// One event of the room, with the table and players after it.
    pub fn apply_move(&mut self, event: &MoveMsg, view: ViewMsg, players: Vec<PlayerMsg>) -> Applied {
        if event.seq <= self.seq {
            return Applied::Nothing;
        }
        if event.seq > self.seq + 1 {
            return Applied::Resync(self.seq);
        }
        self.seq = event.seq;
        self.players = players;
        self.set_view(view);
        if self.face_down() && matches!(event.kind, EventKind::Set | EventKind::Wrong) {
            self.turned.clear();
            self.flipping = None;
            self.said = self.said_of_turn(event.by, event.kind == EventKind::Set);
        } else if Some(event.by) != self.seat {
            let who = self.name(event.by).to_owned();
            self.said = match event.kind {
                EventKind::Set => format!("{who} found a set."),
                EventKind::Wrong => format!("{who} claimed a wrong set."),
                EventKind::Hint => format!("{who} asked for a hint."),
                EventKind::NoSet => format!("{who} called \u{201c}no set\u{201d}, rightly: more cards."),
                EventKind::WrongCall => format!("{who} called \u{201c}no set\u{201d}, but there is one."),
            };
        }
        Applied::Nothing
    }

    /// The answer to a claim of this page's.
    pub fn apply_answer(&mut self, id: u32, answer: Answer) {
        if self.calling == Some(id) {
            return self.apply_call_answer(answer);
        }
        if self.pending.as_ref().is_none_or(|p| p.id != id) {
            return;
        }
        self.pending = None;
        self.said = match answer {
            Answer::Accepted => {
                self.picks.clear();
                "Set! It is yours.".to_owned()
            }
            Answer::Wrong { why } => {
                self.picks.clear();
                format!("Not a set. {why}")
            }
            Answer::Taken { by, card } => {
                // The cards still on the table stay picked: the player decides.
                let picks = keep_picks(&self.picks, &self.view.face_up(), previous_set(&self.view));
                self.picks = picks;
                format!("Taken by {}: {card} was in their set first. No penalty.", self.name(by))
            }
            Answer::Refused { why } => {
                self.picks.clear();
                format!("Not counted: {why}.")
            }
            // A claim is never late (only a call is): as taken, by whom.
            Answer::Late { by } => format!("Taken by {} first. No penalty.", self.name(by)),
        };
    }

    /// The answer to this page's "no set" call.
    fn apply_call_answer(&mut self, answer: Answer) {
        self.calling = None;
        self.said = match answer {
            Answer::Accepted => "No set, rightly: more cards are dealt, and the point is yours.".to_owned(),
            Answer::Wrong { why } => format!("Wrong call. {why}"),
            Answer::Late { by } | Answer::Taken { by, .. } => {
                format!("{} changed the table before your call arrived. No penalty.", self.name(by))
            }
            Answer::Refused { why } => format!("Not counted: {why}."),
        };
    }

    /// Whether an answer with this id is awaited (a claim's or a call's).
    pub fn awaits(&self, id: u32) -> bool {
        self.calling == Some(id) || self.pending.as_ref().is_some_and(|p| p.id == id)
    }
}

/// The previous claim of a chain way (none otherwise).
fn previous_set(view: &ViewMsg) -> Option<Claim> {
    view.previous.as_deref().and_then(Claim::new)
}

#[cfg(test)]
mod tests {
    use super::*;
    use set_core::online::room::RoomGame;
    use set_core::players::sitting::{Seat, Verdict};

    fn cards(ids: &[u8]) -> Vec<Card> {
        ids.iter().map(|&id| Card::new(i64::from(id)).unwrap()).collect()
    }

    fn view_of(room: &RoomGame) -> ViewMsg {
        ViewMsg::from(room.view())
    }

    fn players() -> Vec<PlayerMsg> {
        [(0, "Ann"), (1, "Ben")]
            .iter()
            .map(|&(seat, n)| PlayerMsg {
                seat,
                name: n.into(),
                player: format!("p{seat}"),
                score: 0,
                wrong: 0,
                connected: true,
                rtt: None,
                bot: false,
            })
            .collect()
    }

    fn joined(room: &RoomGame, seat: u8) -> Remote {
        let mut remote = Remote::default();
        let snapshot = RoomMsg {
            room: "abcdefghjk".into(),
            seat: Some(seat),
            host: 0,
            status: Status::Playing,
            mode: Variant::Classic,
            hints: false,
            dealing: Dealing::Automatic,
            seq: room.seq(),
            view: Some(view_of(room)),
            players: players(),
            commitment: "c".into(),
            seed: None,
            salt: None,
            next_room: None,
            moves: Vec::new(),
            chat: Vec::new(),
            public: false,
            watchers: Vec::new(),
            bots: Vec::new(),
            rated: false,
            elapsed_ms: Some(0),
            results: Vec::new(),
            unrated: None,
            floor_ms: None,
            starts_in_ms: None,
        };
        remote.apply_room(snapshot);
        remote
    }

    /// Memory: a tap turns up its slot on this player's turn only; each
    /// card turned up is shown as the room tells it; the third's move
    /// ends the turn's cards and says whose turn it is.
    #[test]
    fn in_memory_a_tap_turns_a_slot_up_on_ones_turn_and_the_room_tells_each_card() {
        let mut room = RoomGame::new(Variant::Memory, 3, &["Ann", "Ben"], &[]).unwrap();
        let (mut ann, mut ben) = (joined(&room, 0), joined(&room, 1));
        for remote in [&mut ann, &mut ben] {
            remote.variant = Some(Variant::Memory);
        }
        assert!(ann.face_down() && ann.my_turn() && !ben.my_turn());
        assert!(ann.view.table.iter().all(Option::is_none), "the page is sent no card face down");
        // Ben's tap on Ann's turn sends nothing, and says whose turn it is.
        assert_eq!(ben.flip(0), None);
        assert_eq!(ben.said, "It is Ann\u{2019}s turn.");
        // Ann's tap sends a flip; a second tap waits for the first to be told.
        assert_eq!(ann.flip(5), Some(ClientMsg::Flip { slot: 5, seen: 0 }));
        assert_eq!(ann.flip(6), None, "one card at a time");
        assert_eq!(ann.flip(21), None, "no such slot");
        let table = room.game().table().to_vec();
        let k = (1..table.len())
            .find(|&k| k != 5 && k != 6 && !set_core::rules::card::is_set(table[5], table[6], table[k]))
            .unwrap();
        for (n, slot) in [5u8, 6, k as u8].into_iter().enumerate() {
            if n > 0 {
                assert_eq!(ann.flip(usize::from(slot)), Some(ClientMsg::Flip { slot, seen: 0 }));
            }
            match room.flip(Seat(0), usize::from(slot), 0, 100 * n as u64).unwrap() {
                set_core::online::room::Flipped::Card(card) => {
                    for remote in [&mut ann, &mut ben] {
                        remote.apply_flipped(0, slot, view_of(&room));
                        assert_eq!(remote.view.table[usize::from(slot)], Some(card));
                    }
                    assert_eq!(ben.said, "Ann turned up a card.");
                    assert_eq!(ann.flip(usize::from(slot)), None, "a card up already");
                }
                set_core::online::room::Flipped::Claimed { verdict, .. } => {
                    assert!(matches!(verdict, Verdict::Wrong(_)), "{verdict:?}");
                    let event = &room.events(1)[0];
                    let moved = MoveMsg {
                        seq: 1,
                        by: 0,
                        kind: event.kind,
                        cards: event.claim.unwrap().cards().to_vec(),
                        at_ms: event.at_ms,
                    };
                    for remote in [&mut ann, &mut ben] {
                        assert_eq!(remote.apply_move(&moved, view_of(&room), players()), Applied::Nothing);
                        assert!(remote.turned.is_empty() && remote.flipping.is_none());
                    }
                    assert_eq!(ann.said, "You missed: no set. Ben\u{2019}s turn.");
                    assert_eq!(ben.said, "Ann missed: no set. Your turn.");
                }
            }
        }
        assert!(ben.my_turn() && !ann.my_turn());
        assert_eq!(ben.flip(0), Some(ClientMsg::Flip { slot: 0, seen: 1 }));
    }

    #[test]
    fn a_watchers_tap_picks_nothing_and_says_why() {
        let room = RoomGame::new(Variant::Classic, 3, &["Ann", "Ben"], &[]).unwrap();
        let mut eve = joined(&room, 1);
        eve.seat = None;
        let before = eve.clone();
        assert_eq!(eve.tap(eve.view.face_up()[0]), None);
        assert_eq!(eve, Remote { said: WATCHERS_DO_NOT_CLAIM.to_owned(), ..before });
    }

    #[test]
    fn the_third_pick_sends_a_claim_and_taps_wait_for_its_answer() {
        let room = RoomGame::new(Variant::Classic, 3, &["Ann", "Ben"], &[]).unwrap();
        let mut ben = joined(&room, 1);
        let t = room.game().table().to_vec();
        assert_eq!(ben.tap(t[0]), None);
        assert_eq!(ben.tap(t[1]), None);
        assert_eq!(ben.tap(t[1]), None, "a second tap unpicks");
        assert_eq!(ben.tap(t[2]), None);
        let claim = ben.tap(t[3]).unwrap();
        assert_eq!((claim.cards, claim.seen), (vec![t[0], t[2], t[3]], 0));
        assert!(ben.pending.is_some());
        assert_eq!(ben.tap(t[4]), None, "nothing changes while a claim is pending");
        assert_eq!(ben.picks.len(), 3);
        let hidden = room.game().deck()[0];
        ben.pending = None;
        ben.picks.clear();
        assert_eq!(ben.tap(hidden), None, "a card not in play cannot be picked");
    }

    #[test]
    fn another_players_set_keeps_the_picks_still_in_play_and_a_gap_asks_for_a_resync() {
        let mut room = RoomGame::new(Variant::Classic, 21, &["Ann", "Ben"], &[]).unwrap();
        let mut ben = joined(&room, 1);
        let set = room.game().first_claim().unwrap().cards().to_vec();
        let others: Vec<Card> = room.game().table().iter().copied().filter(|c| !set.contains(c)).take(1).collect();
        ben.tap(others[0]);
        ben.tap(set[0]);
        let ids: Vec<i64> = set.iter().map(|c| i64::from(c.id())).collect();
        assert!(matches!(room.claim(Seat(0), &ids, 0, 500), Ok(Verdict::Accepted { .. })));
        let event = MoveMsg { seq: 1, by: 0, kind: EventKind::Set, cards: set.clone(), at_ms: 500 };
        assert_eq!(ben.apply_move(&event, view_of(&room), players()), Applied::Nothing);
        assert_eq!(ben.picks, others, "the pick that Ann's set took is dropped, the other stays");
        assert_eq!((ben.seq, ben.said.as_str()), (1, "Ann found a set."));
        assert_eq!(ben.apply_move(&event, view_of(&room), players()), Applied::Nothing, "an old event is passed over");
        let gap = MoveMsg { seq: 3, by: 0, kind: EventKind::Set, cards: cards(&[0, 1, 2]), at_ms: 900 };
        assert_eq!(ben.apply_move(&gap, view_of(&room), players()), Applied::Resync(1));
        assert_eq!(ben.seq, 1);
    }

    #[test]
    fn answers_say_what_happened_and_taken_is_no_penalty() {
        let room = RoomGame::new(Variant::Classic, 8, &["Ann", "Ben"], &[]).unwrap();
        let mut ben = joined(&room, 1);
        let t = room.game().table().to_vec();
        let claim = (0..3).find_map(|i| ben.tap(t[i])).unwrap();
        ben.apply_answer(claim.id + 1, Answer::Accepted);
        assert!(ben.pending.is_some(), "an answer to another claim is not this one's");
        ben.apply_answer(claim.id, Answer::Taken { by: 0, card: t[0] });
        assert!(ben.pending.is_none() && ben.said.starts_with("Taken by Ann"), "{}", ben.said);
        assert_eq!(ben.picks, t[..3].to_vec(), "the cards are still on this view's table: still picked");
        assert_eq!(ben.tap(t[4]), None, "three picks are a claim's worth: unpick one first");
        ben.tap(t[2]);
        let claim = ben.tap(t[4]).unwrap();
        assert_eq!(claim.cards, [t[0], t[1], t[4]]);
        ben.apply_answer(claim.id, Answer::Wrong { why: "Two are red.".into() });
        assert_eq!((ben.said.as_str(), ben.picks.len()), ("Not a set. Two are red.", 0));
    }
}
