//! Fair play in rated games: which finished games count for ratings, how
//! much each opponent's result moves a rating, which claims no person can
//! have made, and who a leaderboard lists. The server asks these rules with
//! facts it gathered (how long each seat was connected, what the store
//! knows of past games); the rules read them and decide, so every one of
//! them is tested here without a clock or a database. lichess is the model
//! (docs/fair-play.md says why each rule is there).
//!
//! - A game counts when it lasted [`MIN_RATED_GAME_MS`] (less in a way whose
//!   games are shorter: [`min_game_ms`]) and every seat took part: made at
//!   least [`MIN_FOUND`] sets (or right "no set" calls): a wrong claim is no
//!   part in a game, so a puppet cannot take part by one. A seat connected for less
//!   than half of the game ([`stayed`]) left it, and takes the last place
//!   (it loses as if it had stayed); a seat away for a moment does not.
//! - A claim whose newest card had been in play for less than the seeing
//!   floor ([`SEEING_FLOOR_MS`]) is faster than a person can see a card and
//!   pick three: the game is unrated, and the seat is marked for the operator.
//! - A result moves a rating by the mean of its opponents' [`weight`]s,
//!   split in two: the part from established opponents ([`established`]:
//!   by [`ESTABLISHED_OPPONENTS`] distinct opponents who were themselves
//!   established, or by [`ESTABLISHED_GAMES`] games on [`ESTABLISHED_DAYS`]
//!   days), which moves and settles a rating fully; and the part from the
//!   rest, which moves it by at most [`UNVOUCHED_POINTS`] in all and never
//!   settles it. Two newcomers' game moves both; a farm of fresh identities
//!   vouches for none of them. The same two identities count less with each
//!   game they play in a day, and not at all past [`PAIR_GAMES_PER_DAY`].
//! - A leaderboard lists settled ratings of identities with
//!   [`LISTED_GAMES`] games against [`LISTED_OPPONENTS`] distinct
//!   opponents, who played in the last [`LISTED_ACTIVE_MS`] ([`listed`]).

use super::room::RoomGame;
use crate::players::sitting::{Effect, Seat};
use crate::rules::variant::Variant;
use std::fmt;

/// The shortest classic game that counts. A farm plays games of a second or
/// two; a person needs far longer than this to find a classic deck's sets
/// (the expert bot, alone, takes about three times as long).
pub const MIN_RATED_GAME_MS: u64 = 30_000;

/// How long a game of `variant` takes the expert bot playing alone, in
/// percent of a classic game's (medians; `crates/set-core/tests/rated_floor.rs`
/// measures them and holds the table to them; each way's is a column of
/// `rules::way_numbers`).
pub fn game_length_percent(variant: Variant) -> u64 {
    crate::rules::way_numbers::numbers(variant).game_percent
}

/// The shortest game of `variant` that counts: the policy's, shortened in
/// proportion for a way whose games are shorter than classic's (a Junior
/// game is nine quick sets: at the classic floor the best players' games
/// would never count). The proportion is the one measured from the
/// server's own players' games when the operator gave it ([`floors`]),
/// else the expert bot's. A longer way keeps the policy's floor: many quick
/// players racing finish any game far faster than one bot alone.
pub fn min_game_ms(policy: &Policy, variant: Variant) -> u64 {
    let percent = policy.measured.percent(variant).unwrap_or_else(|| game_length_percent(variant));
    policy.min_game_ms * percent.min(100) / 100
}

/// The least time a claim's newest card must have been in play. The expert
/// bot, modelled on the fastest people's times, takes longer than this in
/// its motor delay alone (seeing, then picking three cards:
/// `bot::MOTOR_MS`), and the time measured at the server holds the
/// player's round trip besides: a person is never under it.
pub const SEEING_FLOOR_MS: u64 = 300;

/// The sets (or right "no set" calls) every seat finds for a game to
/// count: a seat that sits and never finds one is a puppet or away, and a
/// game it is in is no contest. A wrong claim is not taking part: the farm
/// a review ran had its puppets each claim wrong once.
pub const MIN_FOUND: u32 = 1;

/// The rated games two identities play together in a day that move their
/// ratings; each counts less than the one before (1, 1/2, 1/3).
pub const PAIR_GAMES_PER_DAY: u32 = 3;

/// One day, the window [`PAIR_GAMES_PER_DAY`] counts in.
pub const DAY_MS: u64 = 24 * 60 * 60 * 1000;

/// The distinct established opponents an identity has played in a way
/// before its results move others fully; each one is a fifth of the way.
/// Only established opponents vouch, so that a group of identities made
/// for the purpose, playing among themselves, is worth nothing to a farmer.
pub const ESTABLISHED_OPPONENTS: u32 = 5;

/// The rated games of a way, on [`ESTABLISHED_DAYS`] distinct days, that
/// establish an identity with no one's vouching: how a site's first
/// players become established, and a farm's identities only at the cost of
/// weeks of play each.
pub const ESTABLISHED_GAMES: u32 = 20;

/// The distinct days (UTC) with a rated game that [`ESTABLISHED_GAMES`] need.
pub const ESTABLISHED_DAYS: u32 = 7;

/// The most shown rating points results against opponents not (yet)
/// established move a rating, up or down, in all: a newcomer's first game
/// moves, and a farm of fresh identities wins no more than this.
pub const UNVOUCHED_POINTS: u32 = 100;

/// The rated games an identity has played in a way before a leaderboard of
/// that way lists it.
pub const LISTED_GAMES: u32 = 10;

/// The distinct opponents an identity has played in a way before a
/// leaderboard of that way lists it.
pub const LISTED_OPPONENTS: u32 = 5;

/// How recently an identity's last rated game in a way must be for that
/// way's leaderboard to list it.
pub const LISTED_ACTIVE_MS: u64 = 30 * DAY_MS;

/// The rules' numbers as a server runs them: the constants by default. An
/// operator (of a small server among friends, say, or a test that plays
/// fast on purpose) may change them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Policy {
    /// The shortest game that counts ([`MIN_RATED_GAME_MS`]).
    pub min_game_ms: u64,
    /// The least time a claim's newest card was in play ([`SEEING_FLOOR_MS`]).
    pub seeing_floor_ms: u64,
    /// Distinct established opponents before an identity moves others
    /// fully ([`ESTABLISHED_OPPONENTS`]); 0: every identity does.
    pub established_opponents: u32,
    /// Rated games before a leaderboard lists an identity ([`LISTED_GAMES`]).
    pub listed_games: u32,
    /// Distinct opponents before a leaderboard lists an identity ([`LISTED_OPPONENTS`]).
    pub listed_opponents: u32,
    /// Whether a leaderboard lists provisional ratings too (it does not by default).
    pub list_provisional: bool,
    /// The ways' game lengths measured from people's games, where the
    /// operator gave them ([`floors`]; the bot's for the rest).
    pub measured: floors::Measured,
}

impl Default for Policy {
    fn default() -> Policy {
        Policy {
            min_game_ms: MIN_RATED_GAME_MS,
            seeing_floor_ms: SEEING_FLOOR_MS,
            established_opponents: ESTABLISHED_OPPONENTS,
            listed_games: LISTED_GAMES,
            listed_opponents: LISTED_OPPONENTS,
            list_provisional: false,
            measured: floors::Measured::default(),
        }
    }
}

/// A claim faster than a person: who, which event, and how long its newest
/// card had been in play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FastClaim {
    /// Who claimed.
    pub seat: Seat,
    /// The claim's event.
    pub seq: u32,
    /// How long its newest card had been in play, in ms.
    pub looked_ms: u64,
}

/// Why a finished game, rated when it started, does not count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unrated {
    /// It was shorter than the policy's minimum for its way.
    Short {
        /// How long it lasted, in ms of play time.
        ms: u64,
        /// The shortest that counts in its way ([`min_game_ms`]).
        floor_ms: u64,
    },
    /// A seat found fewer than [`MIN_FOUND`] sets.
    Idle(Seat),
    /// A claim was faster than a person.
    TooFast(FastClaim),
}

impl fmt::Display for Unrated {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unrated::Short { ms, floor_ms } => {
                write!(f, "the game lasted {ms} ms, under the {floor_ms} ms a rated game of its way needs")
            }
            Unrated::Idle(seat) => write!(f, "seat {} found no set", seat.0),
            Unrated::TooFast(fast) => write!(
                f,
                "seat {} claimed {} ms after the newest card it judged was dealt (event {}), faster than a person",
                fast.seat.0, fast.looked_ms, fast.seq
            ),
        }
    }
}

/// The game's sets found, and its right calls of "no set", faster than
/// the policy's seeing floor: a set by how long its newest card had been
/// in play, a call by how long the table it was made on had stood.
pub fn fast_claims(game: &RoomGame, policy: &Policy) -> Vec<FastClaim> {
    let effects = game.sitting().effects(game.game());
    (1..=game.seq())
        .zip(effects.into_iter().zip(game.sitting().by()))
        .filter_map(|(seq, (effect, &seat))| {
            let looked_ms = match effect {
                Effect::Found => game.looked_ms(seq)?,
                Effect::RightCall => game.looked_at_table_ms(seq)?,
                Effect::Penalty | Effect::Neither => return None,
            };
            (looked_ms < policy.seeing_floor_ms).then_some(FastClaim { seat, seq, looked_ms })
        })
        .collect()
}

/// The sets and right "no set" calls each of the first `seats` seats made
/// (wrong claims and hints are not counted).
pub fn found_by_seat(game: &RoomGame, seats: usize) -> Vec<u32> {
    let mut found = vec![0; seats];
    let effects = game.sitting().effects(game.game());
    for (effect, seat) in effects.into_iter().zip(game.sitting().by()) {
        if matches!(effect, Effect::Found | Effect::RightCall)
            && let Some(count) = found.get_mut(usize::from(seat.0))
        {
            *count += 1;
        }
    }
    found
}

/// Whether a seat connected for `present_ms` of a game of `play_ms` stayed
/// in it: for at least half of it. One that did not left, and is last.
pub fn stayed(present_ms: u64, play_ms: u64) -> bool {
    present_ms.saturating_mul(2) >= play_ms
}

/// Whether a finished game, rated when it started (people only, no hints),
/// counts, for its first `seats` seats (its people). The first reason it
/// does not, in the order: too short, a seat idle, a claim too fast.
pub fn judge(game: &RoomGame, seats: usize, policy: &Policy) -> Result<(), Unrated> {
    let ms = game.last_move().map_or(0, |(_, mv)| mv.at_ms);
    let floor_ms = min_game_ms(policy, game.game().variant());
    if ms < floor_ms {
        return Err(Unrated::Short { ms, floor_ms });
    }
    if let Some(seat) = found_by_seat(game, seats).iter().position(|&found| found < MIN_FOUND) {
        return Err(Unrated::Idle(Seat(seat as u8)));
    }
    match fast_claims(game, policy).first() {
        Some(&fast) => Err(Unrated::TooFast(fast)),
        None => Ok(()),
    }
}

/// What the rules know of an opponent's past in a way, to say how
/// established it is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Experience {
    /// Distinct opponents it played that were established then.
    pub vouched: u32,
    /// Rated games played.
    pub games: u32,
    /// Distinct days (UTC) with a rated game.
    pub days: u32,
}

/// How established an identity is, 0 to 1: fully by [`ESTABLISHED_GAMES`]
/// games on [`ESTABLISHED_DAYS`] days, else a share per established
/// opponent it has played, full at the policy's count
/// ([`ESTABLISHED_OPPONENTS`]; a count of 0 trusts everyone).
pub fn established(policy: &Policy, experience: &Experience) -> f64 {
    let needed = policy.established_opponents;
    if needed == 0 || (experience.games >= ESTABLISHED_GAMES && experience.days >= ESTABLISHED_DAYS) {
        return 1.0;
    }
    f64::from(experience.vouched.min(needed)) / f64::from(needed)
}

/// How much one opponent's result counts toward a player's new rating,
/// split by where it comes from: the share of an established opponent
/// (which moves and settles a rating) and the rest (which moves it within
/// [`UNVOUCHED_POINTS`]).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Weight {
    /// From the opponent's established part, 0 to 1.
    pub vouched: f64,
    /// From the rest, 0 to 1; `vouched + unvouched` is at most 1.
    pub unvouched: f64,
}

/// One opponent's [`Weight`]: by how established it is ([`established`]),
/// and by the rated games the two played together in the last day (the
/// `n`-th counts 1/n; none past [`PAIR_GAMES_PER_DAY`]).
pub fn weight(policy: &Policy, opponent: &Experience, games_together_today: u32) -> Weight {
    if games_together_today >= PAIR_GAMES_PER_DAY {
        return Weight::default();
    }
    let share = established(policy, opponent);
    let day = f64::from(games_together_today + 1);
    Weight { vouched: share / day, unvouched: (1.0 - share) / day }
}

/// What a leaderboard knows of one identity's rating in one way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Standing {
    /// Settled: no longer provisional.
    pub settled: bool,
    /// Rated games played.
    pub games: u32,
    /// Distinct opponents played.
    pub opponents: u32,
    /// When its last rated game ended, Unix ms.
    pub played_at_ms: u64,
}

/// Whether a leaderboard lists this rating, `now_ms` (Unix ms): settled
/// (unless the policy lists provisional ones),
/// enough games against enough distinct opponents, played lately.
pub fn listed(policy: &Policy, standing: &Standing, now_ms: u64) -> bool {
    (standing.settled || policy.list_provisional)
        && standing.games >= policy.listed_games
        && standing.opponents >= policy.listed_opponents
        && now_ms.saturating_sub(standing.played_at_ms) <= LISTED_ACTIVE_MS
}

pub mod floors;

#[cfg(test)]
mod tests;
