//! A finished game (or one in progress) explained: how long each set took,
//! how many claims lay on each table and how long it lasted, the sets that
//! lay out longest without being taken, and the mistakes: wrong claims, and
//! wrong "no set" calls with the claim that lay out (named now, after the
//! game, not during it, where it would have been a free hint).
//!
//! Everything is derived by replaying the game's moves through the rules:
//! a game is a function of its way to play, its seed and its timed moves, so
//! the analysis stores nothing the save does not already hold.

use set_core::players::sitting::Seat;
use set_core::rules::card::Card;
use set_core::rules::explain::{Broken, broken};
use set_core::rules::game::{Action, CallOutcome, Claim, ClaimOutcome, Game, Invalid, Outcome, ReplayError};
use set_core::sort::sort_by_key;

/// How many of the sets that lay out longest untaken an analysis keeps.
pub const MISSED_KEPT: usize = 5;

/// One valid claim and what it took.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FoundSet {
    /// The cards found.
    pub claim: Claim,
    /// Who found it.
    pub by: Seat,
    /// Play time of the claim, in ms since the deal.
    pub at_ms: u64,
    /// Play time since the claim before it (or the deal).
    pub took_ms: u64,
    /// How many claims could be made from what was in play just before it.
    pub claims_out: usize,
    /// Which table (index into [`Analysis::tables`]) it was claimed from.
    pub table: usize,
}

/// What lay out between two valid claims.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableSpan {
    /// The table's cards in slot order.
    pub cards: Vec<Card>,
    /// A chain way: the previous claim the next claim must link to.
    pub previous: Option<Claim>,
    /// Every claim that could be made from it.
    pub claims: Vec<Claim>,
    /// When it was dealt: the valid claim before it, or the deal.
    pub from_ms: u64,
    /// The next valid claim's time, or the play time so far for the last.
    pub until_ms: u64,
}

/// A claim that could be made for a while and never was.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Missed {
    /// The claim.
    pub claim: Claim,
    /// The first table it lay on (index into [`Analysis::tables`]).
    pub table: usize,
    /// When it first lay out.
    pub from_ms: u64,
    /// When it was gone, or the play time so far.
    pub until_ms: u64,
    /// Still on the table of a game in progress.
    pub still_out: bool,
}

impl Missed {
    /// How long it lay out.
    pub fn lasted_ms(&self) -> u64 {
        self.until_ms - self.from_ms
    }
}

/// A claim the rules counted as wrong, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WrongClaim {
    /// The cards claimed.
    pub claim: Claim,
    /// Play time of the claim, in ms.
    pub at_ms: u64,
    /// Why it is not valid.
    pub why: Invalid,
    /// For three cards that are not a set: the attributes they break, in
    /// the order colour, shape, fill, number (the data behind `explain`).
    pub broken: Vec<Broken>,
}

/// A "no set" call made while a claim lay out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WrongCall {
    /// Play time of the call, in ms.
    pub at_ms: u64,
    /// A claim that lay out then (the one the hints would have shown).
    pub missed: Claim,
}

/// A game looked back on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// The valid claims, in order.
    pub sets: Vec<FoundSet>,
    /// What lay out between them.
    pub tables: Vec<TableSpan>,
    /// The sets that lay out longest without being taken, longest first, at
    /// most [`MISSED_KEPT`].
    pub missed: Vec<Missed>,
    /// The wrong claims, in order.
    pub wrong: Vec<WrongClaim>,
    /// The wrong "no set" calls, in order.
    pub wrong_calls: Vec<WrongCall>,
    /// Play time of each hint.
    pub hints_ms: Vec<u64>,
    /// The game's play time: when it ended, or so far.
    pub play_ms: u64,
    /// Whether the game has ended.
    pub over: bool,
}

impl Analysis {
    /// Replays `game`'s moves from its deal and explains them; `play_ms` is
    /// the play time the game has had (a save's elapsed time). Fails only
    /// for a game whose moves the rules refuse, which no played game has.
    pub fn of(game: &Game, play_ms: u64) -> Result<Analysis, ReplayError> {
        Analysis::of_seated(game, &[], play_ms)
    }

    /// As [`Analysis::of`], with who made each move (a sitting's
    /// [`set_core::players::sitting::Sitting::by`]; seat 0 past its end).
    pub fn of_seated(game: &Game, by: &[Seat], play_ms: u64) -> Result<Analysis, ReplayError> {
        let mut replay = game.restarted();
        let play_ms = game.moves().last().map_or(play_ms, |last| play_ms.max(last.at_ms));
        let mut analysis = Analysis {
            sets: Vec::new(),
            tables: vec![span_of(&replay, 0)],
            missed: Vec::new(),
            wrong: Vec::new(),
            wrong_calls: Vec::new(),
            hints_ms: Vec::new(),
            play_ms,
            over: game.is_over(),
        };
        // Each claim that can be made, and since when.
        let mut out: Vec<(Claim, usize, u64)> = Vec::new();
        let mut missed = Vec::new();
        watch(&mut out, &analysis.tables[0].claims, 0, 0);
        for (index, &mv) in game.moves().iter().enumerate() {
            let claims_out = analysis.tables.last().map_or(0, |table| table.claims.len());
            let outcome = replay.apply(mv).map_err(|error| ReplayError { index, error })?;
            match (mv.action, outcome) {
                (Action::Hint, _) => analysis.hints_ms.push(mv.at_ms),
                (_, Outcome::Call(CallOutcome::Wrong { missed })) => {
                    analysis.wrong_calls.push(WrongCall { at_ms: mv.at_ms, missed });
                }
                // A right call: no claim lay out, and the cards it brought make a new table.
                (_, Outcome::Call(CallOutcome::Right { .. })) => {
                    let table = analysis.tables.len() - 1;
                    analysis.tables[table].until_ms = mv.at_ms;
                    let next = span_of(&replay, mv.at_ms);
                    watch(&mut out, &next.claims, table + 1, mv.at_ms);
                    analysis.tables.push(next);
                }
                (Action::Claim(claim), Outcome::Claim(ClaimOutcome::Invalid(why))) => {
                    let cards = claim.cards();
                    let broken = match (why, cards) {
                        (Invalid::NotASet, &[a, b, c]) => broken([a, b, c]),
                        _ => Vec::new(),
                    };
                    analysis.wrong.push(WrongClaim { claim, at_ms: mv.at_ms, why, broken });
                }
                (Action::Claim(claim), Outcome::Claim(ClaimOutcome::Found { .. })) => {
                    let last_at = analysis.sets.last().map_or(0, |set| set.at_ms);
                    let table = analysis.tables.len() - 1;
                    analysis.sets.push(FoundSet {
                        claim,
                        by: by.get(index).copied().unwrap_or_default(),
                        at_ms: mv.at_ms,
                        took_ms: mv.at_ms.saturating_sub(last_at),
                        claims_out,
                        table,
                    });
                    analysis.tables[table].until_ms = mv.at_ms;
                    let next = span_of(&replay, mv.at_ms);
                    // Claims no longer out ended here; the one taken is no miss.
                    out.retain(|&(was_out, first_table, from_ms)| {
                        let still = next.claims.iter().any(|c| c.same_cards(&was_out));
                        if !still && !was_out.same_cards(&claim) {
                            missed.push(Missed {
                                claim: was_out,
                                table: first_table,
                                from_ms,
                                until_ms: mv.at_ms,
                                still_out: false,
                            });
                        }
                        still
                    });
                    watch(&mut out, &next.claims, table + 1, mv.at_ms);
                    analysis.tables.push(next);
                }
                // A daily set found again: neither wrong nor new.
                _ => {}
            }
        }
        if let Some(last) = analysis.tables.last_mut() {
            last.until_ms = play_ms;
        }
        for (claim, table, from_ms) in out {
            missed.push(Missed { claim, table, from_ms, until_ms: play_ms, still_out: true });
        }
        // Longest first; of equal ones, the earliest first.
        sort_by_key(&mut missed, |missed| (std::cmp::Reverse(missed.lasted_ms()), missed.from_ms));
        missed.truncate(MISSED_KEPT);
        analysis.missed = missed;
        Ok(analysis)
    }

    /// The time each set took, in claim order.
    pub fn times_ms(&self) -> Vec<u64> {
        self.sets.iter().map(|set| set.took_ms).collect()
    }

    /// The median time per set (the lower middle of an even count).
    pub fn median_ms(&self) -> Option<u64> {
        median(&self.times_ms())
    }

    /// The quickest find: the shortest time from one claim to the next.
    pub fn best_ms(&self) -> Option<u64> {
        self.sets.iter().map(|set| set.took_ms).min()
    }

    /// The slowest find.
    pub fn worst_ms(&self) -> Option<u64> {
        self.sets.iter().map(|set| set.took_ms).max()
    }

    /// Play time ÷ sets found.
    pub fn pace_ms(&self) -> Option<u64> {
        (!self.sets.is_empty()).then(|| self.play_ms / self.sets.len() as u64)
    }
}

/// The median of some times: the lower middle of an even count, so that it
/// is always one of them.
pub fn median(times: &[u64]) -> Option<u64> {
    let mut sorted = times.to_vec();
    sort_by_key(&mut sorted, |&time| time);
    sorted.get(sorted.len().checked_sub(1)? / 2).copied()
}

fn span_of(game: &Game, from_ms: u64) -> TableSpan {
    TableSpan {
        cards: game.table().to_vec(),
        previous: game.previous(),
        claims: game.claims(),
        from_ms,
        until_ms: from_ms,
    }
}

/// Starts watching the claims of a new table that were not out before.
fn watch(out: &mut Vec<(Claim, usize, u64)>, claims: &[Claim], table: usize, from_ms: u64) {
    for &claim in claims {
        if !out.iter().any(|(known, ..)| known.same_cards(&claim)) {
            out.push((claim, table, from_ms));
        }
    }
}
