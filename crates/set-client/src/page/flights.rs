//! A motion handed to the browser whole: each moving card's way from now to
//! the motion's end as keyframes, sampled from [`Motion::sprites`] (the one
//! definition of where a card is), so that the compositor moves the layers
//! and a frame costs the page nothing. Moved by the page a frame at a time,
//! each frame made the browser copy every layer again on the main thread,
//! which a phone-class CPU cannot do 60 times a second (BENCHMARKS.md,
//! "Cards that move").

use crate::page::layout::Rect;
use crate::page::motion::{Motion, Moving};

/// How far apart in time the keyframes are sampled, in ms: a frame at
/// 60 Hz, so that the browser's straight lines between them follow the
/// motion's curves as closely as a frame can show.
pub const KEYFRAME_MS: f64 = 16.0;

/// Where a card is at one point of the motion.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Keyframe {
    /// How far through the motion, 0 (now) to 1 (its end).
    pub offset: f64,
    /// Where the card is drawn.
    pub rect: Rect,
    /// Its opacity, 0 (not shown) to 1.
    pub alpha: f64,
}

/// One moving card's way through the rest of a motion.
#[derive(Clone, Debug, PartialEq)]
pub struct Flight {
    /// The card as it is first seen: which card, whether it leaves, its
    /// place at rest (the size its layer is drawn at) and its mark.
    pub first: Moving,
    /// Its keyframes, offsets rising from 0 to 1; a card not yet or no
    /// longer shown is at alpha 0 where it is next or was last seen.
    pub frames: Vec<Keyframe>,
}

impl Flight {
    /// Whether `moving` is this flight's card (the same card, leaving or not).
    fn is_of(&self, moving: &Moving) -> bool {
        self.first.sprite.card == moving.sprite.card && self.first.leaving == moving.leaving
    }
}

impl Motion {
    /// Every card the motion draws apart from the board from `now` to its
    /// end, as keyframes; none once it is over. A keyframe the browser
    /// would draw the same without (between two equal neighbours) is left out.
    pub fn flights(&self, now: f64) -> Vec<Flight> {
        let span = self.ends() - now;
        if span <= 0.0 {
            return Vec::new();
        }
        let steps = (span / KEYFRAME_MS).ceil().max(1.0) as usize;
        let mut flights: Vec<Flight> = Vec::new();
        for step in 0..=steps {
            let offset = step as f64 / steps as f64;
            let shown = self.sprites(now + span * offset);
            for moving in &shown {
                let at = if let Some(at) = flights.iter().position(|f| f.is_of(moving)) {
                    at
                } else {
                    // Seen first now: not shown before, where it starts.
                    let hidden = Keyframe { offset: 0.0, rect: moving.sprite.rect, alpha: 0.0 };
                    let before = Keyframe { offset: step.saturating_sub(1) as f64 / steps as f64, ..hidden };
                    let frames = if step == 0 { Vec::new() } else { vec![hidden, before] };
                    flights.push(Flight { first: *moving, frames });
                    flights.len() - 1
                };
                flights[at].frames.push(Keyframe { offset, rect: moving.sprite.rect, alpha: moving.sprite.alpha });
            }
            for flight in &mut flights {
                let gone = !shown.iter().any(|moving| flight.is_of(moving));
                if let (true, Some(&last)) = (gone, flight.frames.last()) {
                    flight.frames.push(Keyframe { offset, alpha: 0.0, ..last });
                }
            }
        }
        for flight in &mut flights {
            flight.frames = without_repeats(&flight.frames);
        }
        flights
    }
}

/// The keyframes without those equal in place and opacity to both neighbours.
fn without_repeats(frames: &[Keyframe]) -> Vec<Keyframe> {
    let same = |a: &Keyframe, b: &Keyframe| a.rect == b.rect && a.alpha == b.alpha;
    frames
        .iter()
        .enumerate()
        .filter(|&(at, frame)| {
            let inner = at > 0 && at + 1 < frames.len();
            !(inner && same(&frames[at - 1], frame) && same(frame, &frames[at + 1]))
        })
        .map(|(_, frame)| *frame)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::page::layout::Rect;
    use crate::page::motion::{Placed, RIVAL_MARK_MS, Taken};
    use set_core::rules::card::Card;

    fn card(id: u8) -> Card {
        Card::new(i64::from(id)).unwrap()
    }

    fn place(slot: usize) -> Rect {
        Rect { x: 10.0 + 110.0 * (slot % 4) as f64, y: 10.0 + 70.0 * (slot / 4) as f64, w: 100.0, h: 60.0 }
    }

    /// A table of 12, a rival's set of slots 1, 5 and 9 taken, three new cards dealt in its places.
    fn claim() -> Motion {
        let before: Vec<Placed> = (0..12).map(|slot| (card(slot as u8), place(slot))).collect();
        let mut after = before.clone();
        for (n, slot) in [1usize, 5, 9].into_iter().enumerate() {
            after[slot] = (card(40 + n as u8), place(slot));
        }
        let taken = [card(1), card(5), card(9)];
        let sets = [Taken { cards: &taken, seat: 1, mark_ms: RIVAL_MARK_MS }];
        let toward = Rect { x: 600.0, y: 0.0, w: 40.0, h: 20.0 };
        let deck = Rect { x: 0.0, y: 400.0, w: 40.0, h: 20.0 };
        let (motion, _) = Motion::of_move(&before, &after, &sets, (toward, deck), false, 1000.0);
        motion.unwrap()
    }

    /// The straight line the browser draws between two keyframes, at `offset`.
    fn between(frames: &[Keyframe], offset: f64) -> (Rect, f64) {
        let next = frames.iter().position(|f| f.offset >= offset).unwrap();
        let (b, a) = (frames[next], frames[next.saturating_sub(1)]);
        let k = if b.offset > a.offset { (offset - a.offset) / (b.offset - a.offset) } else { 1.0 };
        let mix = |x: f64, y: f64| x + (y - x) * k;
        let rect = Rect {
            x: mix(a.rect.x, b.rect.x),
            y: mix(a.rect.y, b.rect.y),
            w: mix(a.rect.w, b.rect.w),
            h: mix(a.rect.h, b.rect.h),
        };
        (rect, mix(a.alpha, b.alpha))
    }

    #[test]
    fn the_keyframes_follow_the_sprites_at_every_sample() {
        let motion = claim();
        let now = 1000.0;
        let flights = motion.flights(now);
        // Three leave, three come.
        assert_eq!(flights.iter().filter(|f| f.first.leaving).count(), 3);
        assert_eq!(flights.iter().filter(|f| !f.first.leaving).count(), 3);
        let span = motion.ends() - now;
        let steps = (span / KEYFRAME_MS).ceil() as usize;
        for flight in &flights {
            let offsets: Vec<f64> = flight.frames.iter().map(|f| f.offset).collect();
            assert_eq!((offsets[0], *offsets.last().unwrap()), (0.0, 1.0), "{offsets:?}");
            assert!(offsets.windows(2).all(|w| w[0] < w[1]), "rising: {offsets:?}");
            for step in 0..=steps {
                let offset = step as f64 / steps as f64;
                let (rect, alpha) = between(&flight.frames, offset);
                let card = flight.first.sprite.card;
                let shown = motion
                    .sprites(now + span * offset)
                    .into_iter()
                    .find(|m| m.sprite.card == card && m.leaving == flight.first.leaving);
                match shown {
                    Some(m) => {
                        let close = |a: f64, b: f64| (a - b).abs() < 1e-9;
                        assert!(
                            close(rect.x, m.sprite.rect.x)
                                && close(rect.y, m.sprite.rect.y)
                                && close(rect.w, m.sprite.rect.w)
                                && close(alpha, m.sprite.alpha),
                            "{card} at step {step}: {rect:?} {alpha} against {:?}",
                            m.sprite
                        );
                    }
                    None => assert_eq!(alpha, 0.0, "{card} is not shown at step {step}"),
                }
            }
        }
    }

    #[test]
    fn a_rivals_set_holds_still_while_marked_in_two_keyframes() {
        let motion = claim();
        let flights = motion.flights(1000.0);
        let leaving = flights.iter().find(|f| f.first.leaving).unwrap();
        // Marked where it lay for the mark's whole time: one keyframe at the start and one where it sets off.
        let still = leaving.frames.iter().take_while(|f| f.rect == leaving.first.rest && f.alpha == 1.0).count();
        assert_eq!(still, 2, "{:?}", &leaving.frames[..3]);
        assert_eq!(leaving.first.sprite.mark, Some(1));
        assert!(leaving.frames[1].offset * (motion.ends() - 1000.0) >= RIVAL_MARK_MS - KEYFRAME_MS);
    }

    #[test]
    fn a_motion_over_has_no_flights_and_one_half_done_starts_where_it_is() {
        let motion = claim();
        assert!(motion.flights(motion.ends()).is_empty());
        let halfway = 1000.0 + (motion.ends() - 1000.0) / 2.0;
        for flight in motion.flights(halfway) {
            let card = flight.first.sprite.card;
            let now = motion
                .sprites(halfway)
                .into_iter()
                .find(|m| m.sprite.card == card && m.leaving == flight.first.leaving);
            assert_eq!(
                now.map(|m| (m.sprite.rect, m.sprite.alpha)),
                Some((flight.frames[0].rect, flight.frames[0].alpha))
            );
        }
    }
}
