//! A stored room's rows replayed through the rules: the one way from the
//! store's seats and moves to the game they record, for the live room that
//! loads it and for the operator's measures (`admin floors`).

use super::RoomsError;
use crate::store::{MoveKind, MoveRecord, RoomRecord, SeatRecord, Status};
use set_core::online::room::RoomGame;
use set_core::players::sitting::Seat;
use set_core::rules::game::{Action, Claim, Move};

/// The game a room's rows record, with its last move's play time; `None`
/// while the room waits. Rows that do not replay (a seat out of order, an
/// event missing, a card no deck holds, a move the rules refuse) are
/// [`RoomsError::Broken`].
pub(crate) fn replayed(
    record: &RoomRecord,
    seats: &[SeatRecord],
    moves: &[MoveRecord],
) -> Result<Option<(RoomGame, u64)>, RoomsError> {
    let variant = record.mode;
    // Seats are numbered 0, 1, … in order: a move's seat is a place in this list.
    if let Some((at, seat)) = seats.iter().enumerate().find(|(at, seat)| usize::from(seat.seat) != *at) {
        return Err(RoomsError::Broken(format!("seat {} where seat {at} should be", seat.seat)));
    }
    if record.status == Status::Waiting {
        return Ok(None);
    }
    let names: Vec<&str> = seats.iter().map(|s| s.name.as_str()).collect();
    let mut last_ms = 0;
    let mut log = Vec::with_capacity(moves.len());
    for (i, mv) in moves.iter().enumerate() {
        if mv.seq as usize != i + 1 {
            return Err(RoomsError::Broken(format!("event {} is missing", i + 1)));
        }
        let action = match mv.kind {
            MoveKind::Hint => Action::Hint,
            MoveKind::Call => Action::CallNoSet,
            MoveKind::Claim => {
                // Ids of the way's deck: a 4Set card's reach 255.
                let cards = mv
                    .cards
                    .iter()
                    .map(|&id| variant.deck().card(i64::from(id)))
                    .collect::<Result<Vec<_>, _>>()
                    .map_err(|err| RoomsError::Broken(err.to_string()))?;
                Action::Claim(Claim::new(&cards).ok_or_else(|| RoomsError::Broken("a claim's size".into()))?)
            }
        };
        last_ms = mv.at_ms;
        log.push((Seat(mv.seat), Move { at_ms: mv.at_ms, action }));
    }
    let game = RoomGame::restore(variant, record.seed, record.dealing, &names, &record.bots, &log)
        .map_err(|err| RoomsError::Broken(err.to_string()))?;
    Ok(Some((game, last_ms)))
}
