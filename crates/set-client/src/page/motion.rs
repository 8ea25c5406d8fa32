//! The board's motion: where each card is drawn while a set taken leaves
//! and the cards that replace it are dealt in, and the end of a game's
//! flourish. A plain function of the two tables, their places at rest and
//! the time, so it is tested natively and both pages (index.html and
//! race.html's controller, online.html's view) draw the same motion.
//!
//! A set taken is first marked where it lay, in the taker's colour; then
//! it flies toward the taker (off the board alone, to the player's name with
//! others) while the cards that fill its places come in: dealt from the deck
//! or, when the table shrinks, slid from the end of the grid into the holes.
//! Cards that stay are never part of a motion. Play never waits for it:
//! taps and claims go to the table at rest (docs/page.md, "Motion").

use crate::page::layout::{Board, Rect};
use set_core::rules::card::Card;

/// How long a player's own set is marked before it leaves, in ms.
pub const OWN_MARK_MS: f64 = 110.0;
/// How long a rival's set is marked before it leaves: long enough to be
/// seen by someone looking elsewhere on the board.
pub const RIVAL_MARK_MS: f64 = 450.0;
/// How long the taken cards fly.
const FLY_MS: f64 = 260.0;
/// How long a card takes from the deck (or from the end of the grid) to its place.
const DEAL_MS: f64 = 240.0;
/// Dealt cards leave the deck one after another, this far apart.
const DEAL_STAGGER_MS: f64 = 30.0;
/// A dealt card leaves the deck this long after the mark ends.
const DEAL_AFTER_MARK_MS: f64 = 30.0;
/// The end's flourish: each card lifts and settles, in a wave across the board.
const FLOURISH_MS: f64 = 260.0;
const FLOURISH_STAGGER_MS: f64 = 22.0;

/// A card drawn away from its place at rest.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprite {
    /// The card.
    pub card: Card,
    /// Where it is drawn.
    pub rect: Rect,
    /// Its opacity, 0 (gone) to 1.
    pub alpha: f64,
    /// The colour (by seat) it is marked in, if it is marked.
    pub mark: Option<usize>,
}

/// One card's path.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Track {
    card: Card,
    from: Rect,
    to: Rect,
    /// When it sets off, in ms from the motion's start.
    delay: f64,
    length: f64,
    kind: Kind,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Kind {
    /// A taken card: marked where it lay, then off toward the taker, fading.
    Leaving { mark: usize, mark_ms: f64 },
    /// A card coming to its place on the table from the deck: hidden until it sets off.
    Coming,
    /// A card of the table sliding into a hole: seen where it lay until it sets off.
    Sliding,
    /// The end's flourish: lifts and settles in its place.
    Lift,
}

/// What the board does after a move, from `started` (ms, the page's clock).
#[derive(Clone, Debug, PartialEq)]
pub struct Motion {
    started: f64,
    tracks: Vec<Track>,
}

/// A card on a table with where it lies at rest.
pub type Placed = (Card, Rect);

/// Where a set taken leaves from and goes to, and whose it is.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Taken<'a> {
    /// The cards taken (those still on the table after it are not animated:
    /// the daily puzzle's stay).
    pub cards: &'a [Card],
    /// The taker's colour, by seat.
    pub seat: usize,
    /// How long it is marked before it leaves.
    pub mark_ms: f64,
}

fn ease_out(t: f64) -> f64 {
    let u = 1.0 - t.clamp(0.0, 1.0);
    1.0 - u * u * u
}

fn ease_in(t: f64) -> f64 {
    let t = t.clamp(0.0, 1.0);
    t * t
}

fn lerp(a: f64, b: f64, t: f64) -> f64 {
    a + (b - a) * t
}

/// The rectangle `t` of the way from `a` to `b`.
fn between(a: Rect, b: Rect, t: f64) -> Rect {
    Rect { x: lerp(a.x, b.x, t), y: lerp(a.y, b.y, t), w: lerp(a.w, b.w, t), h: lerp(a.h, b.h, t) }
}

/// A rectangle of `rect`'s shape scaled by `scale` about the centre of `around`.
fn scaled_about(rect: Rect, around: Rect, scale: f64) -> Rect {
    let (cx, cy) = around.center();
    Rect { x: cx - rect.w * scale / 2.0, y: cy - rect.h * scale / 2.0, w: rect.w * scale, h: rect.h * scale }
}

impl Motion {
    /// The motion from the table `before` to the table `after` (each card
    /// with its place at rest): the sets `taken` leave toward `toward`, and
    /// every card of `after` that was not at its place comes in: from the
    /// deck (`deck`) if it is new, else from where it lay.
    pub fn between(
        before: &[Placed],
        after: &[Placed],
        taken: &[Taken<'_>],
        toward: Rect,
        deck: Rect,
        started: f64,
    ) -> Motion {
        let mut tracks = Vec::new();
        let mark_end = taken.iter().map(|t| t.mark_ms).fold(0.0, f64::max);
        for set in taken {
            for &(card, rect) in before.iter().filter(|(card, _)| set.cards.contains(card)) {
                if after.iter().any(|&(c, _)| c == card) {
                    continue;
                }
                let target = scaled_about(rect, toward, 0.35);
                let kind = Kind::Leaving { mark: set.seat, mark_ms: set.mark_ms };
                tracks.push(Track { card, from: rect, to: target, delay: set.mark_ms, length: FLY_MS, kind });
            }
        }
        let mut dealt = 0.0;
        for &(card, rest) in after {
            let from = match before.iter().find(|&&(c, _)| c == card) {
                Some(&(_, was)) if was == rest => continue,
                Some(&(_, was)) => was,
                None => {
                    let from = scaled_about(rest, deck, 0.5);
                    let delay = mark_end + DEAL_AFTER_MARK_MS + dealt * DEAL_STAGGER_MS;
                    dealt += 1.0;
                    tracks.push(Track { card, from, to: rest, delay, length: DEAL_MS, kind: Kind::Coming });
                    continue;
                }
            };
            tracks.push(Track { card, from, to: rest, delay: mark_end, length: DEAL_MS, kind: Kind::Sliding });
        }
        Motion { started, tracks }
    }

    /// A move's motion, as every page makes it: the sets `taken` leave
    /// `before` toward `toward`, the cards of `after` come to their places
    /// (new ones from `deck`), and if the move `ended` the game, the cards
    /// left lift once all is at rest. `None` when nothing moves. With it,
    /// whether more cards came than left: cards dealt to a table with no set.
    pub fn of_move(
        before: &[Placed],
        after: &[Placed],
        taken: &[Taken<'_>],
        (toward, deck): (Rect, Rect),
        ended: bool,
        started: f64,
    ) -> (Option<Motion>, bool) {
        let mut motion = Motion::between(before, after, taken, toward, deck, started);
        if ended {
            motion = motion.then(Motion::flourish(after, 0.0));
        }
        let dealt = after.iter().filter(|(card, _)| !before.iter().any(|(c, _)| c == card)).count();
        let left = before.iter().filter(|(card, _)| !after.iter().any(|(c, _)| c == card)).count();
        ((!motion.is_empty()).then_some(motion), dealt > left)
    }

    /// Where a set leaves to when its taker's name is not on the page: up
    /// off a `width` wide board, above its middle.
    pub fn off_board(board: &Board, width: f64) -> Rect {
        let (w, h) = (board.table.card_w, board.table.card_h);
        Rect { x: width / 2.0 - w / 2.0, y: -h * 1.5, w, h }
    }

    /// The end of a game: the cards left lift and settle in a wave.
    pub fn flourish(table: &[Placed], started: f64) -> Motion {
        let tracks = table
            .iter()
            .enumerate()
            .map(|(i, &(card, rest))| Track {
                card,
                from: rest,
                to: rest,
                delay: i as f64 * FLOURISH_STAGGER_MS,
                length: FLOURISH_MS,
                kind: Kind::Lift,
            })
            .collect();
        Motion { started, tracks }
    }

    /// This motion, then `next` once it has ended (`next`'s start is ignored).
    pub fn then(mut self, next: Motion) -> Motion {
        let offset = self.ends() - self.started;
        self.tracks.extend(next.tracks.into_iter().map(|track| Track { delay: track.delay + offset, ..track }));
        self
    }

    /// When the last card comes to rest, in ms of the page's clock.
    pub fn ends(&self) -> f64 {
        self.started + self.tracks.iter().map(|t| t.delay + t.length).fold(0.0, f64::max)
    }

    /// Whether anything still moves at `now`.
    pub fn is_running(&self, now: f64) -> bool {
        now < self.ends()
    }

    /// Whether it moves nothing at all (no card changed place).
    pub fn is_empty(&self) -> bool {
        self.tracks.is_empty()
    }

    /// Where a card of the table is drawn at `now`: `None` at its place at
    /// rest; else a sprite, at alpha 0 while it waits to set off.
    pub fn drawn(&self, card: Card, now: f64) -> Option<Sprite> {
        // A card's tracks in order (it comes to its place, then lifts at the
        // end): the first not yet over.
        let (track, t) = self
            .tracks
            .iter()
            .filter(|t| t.card == card && !matches!(t.kind, Kind::Leaving { .. }))
            .map(|track| (track, (now - self.started - track.delay) / track.length))
            .find(|&(_, t)| t < 1.0)?;
        match track.kind {
            Kind::Lift => {
                let lift = if t <= 0.0 { 1.0 } else { 1.0 + 0.07 * arch(t) };
                Some(Sprite { card, rect: scaled_about(track.to, track.to, lift), alpha: 1.0, mark: None })
            }
            Kind::Sliding if t < 0.0 => Some(Sprite { card, rect: track.from, alpha: 1.0, mark: None }),
            _ if t < 0.0 => Some(Sprite { card, rect: track.from, alpha: 0.0, mark: None }),
            _ => Some(Sprite { card, rect: between(track.from, track.to, ease_out(t)), alpha: 1.0, mark: None }),
        }
    }

    /// The taken cards as drawn at `now`: marked where they lay, then
    /// flying off, fading; none once gone.
    pub fn leaving(&self, now: f64) -> impl Iterator<Item = Sprite> + '_ {
        self.tracks.iter().filter_map(move |track| self.leaving_on(track, now))
    }

    /// Where a taken card's `track` has it at `now`; `None` for a track of
    /// another kind, or once the card is gone.
    fn leaving_on(&self, track: &Track, now: f64) -> Option<Sprite> {
        let Kind::Leaving { mark, mark_ms } = track.kind else { return None };
        let since = now - self.started;
        let t = (since - track.delay) / track.length;
        if t >= 1.0 {
            return None;
        }
        if since < mark_ms || t <= 0.0 {
            return Some(Sprite { card: track.card, rect: track.from, alpha: 1.0, mark: Some(mark) });
        }
        let eased = ease_in(t);
        let rect = between(track.from, track.to, eased);
        Some(Sprite { card: track.card, rect, alpha: 1.0 - eased, mark: Some(mark) })
    }
}

impl Motion {
    /// Whether a card of the table moves during this motion (it comes to
    /// its place or lifts): the board leaves its place empty until the
    /// motion ends, and the card is drawn on a layer of its own.
    pub fn moves(&self, card: Card) -> bool {
        self.tracks.iter().any(|track| track.card == card && !matches!(track.kind, Kind::Leaving { .. }))
    }

    /// Every card drawn apart from the board at `now`: the sets taken as
    /// they leave, and each card of the table that [`moves`](Motion::moves),
    /// on its way or, once there, at its place until the motion ends (a
    /// card dealt later waits at alpha 0).
    pub fn sprites(&self, now: f64) -> Vec<Moving> {
        let mut sprites: Vec<Moving> = Vec::new();
        for track in &self.tracks {
            if let Kind::Leaving { .. } = track.kind {
                if let Some(sprite) = self.leaving_on(track, now) {
                    sprites.push(Moving { sprite, leaving: true, rest: track.from });
                }
                continue;
            }
            if sprites.iter().any(|m| !m.leaving && m.sprite.card == track.card) {
                continue;
            }
            let card = track.card;
            let last = self.tracks.iter().rev().find(|t| t.card == card && !matches!(t.kind, Kind::Leaving { .. }));
            let rest = last.map_or(track.to, |t| t.to);
            let sprite = self.drawn(card, now).unwrap_or(Sprite { card, rect: rest, alpha: 1.0, mark: None });
            sprites.push(Moving { sprite, leaving: false, rest });
        }
        sprites
    }
}

/// A card drawn apart from the board while cards move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Moving {
    /// Where and how it is drawn now.
    pub sprite: Sprite,
    /// A card of a set taken (else a card of the table).
    pub leaving: bool,
    /// Its place at rest on the board: the size it is drawn at before it is scaled.
    pub rest: Rect,
}

/// A lift that rises and settles over t in 0..=1 (a parabola near sin(πt),
/// without a sine function in the download).
fn arch(t: f64) -> f64 {
    4.0 * t * (1.0 - t)
}

#[cfg(test)]
mod tests {
    use super::*;
    use set_core::rules::card::DECK;

    fn rect(x: f64, y: f64) -> Rect {
        Rect { x, y, w: 100.0, h: 64.0 }
    }

    /// Twelve cards in a 4 × 3 grid; the claim takes slots 1, 5 and 9.
    fn tables() -> (Vec<Placed>, Vec<Placed>, [Card; 3]) {
        let before: Vec<Placed> =
            (0..12).map(|i| (DECK[i], rect((i % 4) as f64 * 110.0, (i / 4) as f64 * 70.0))).collect();
        let taken = [DECK[1], DECK[5], DECK[9]];
        let mut after = before.clone();
        for (slot, new) in [(1, 40), (5, 41), (9, 42)] {
            after[slot].0 = DECK[new];
        }
        (before, after, taken)
    }

    const TOWARD: Rect = Rect { x: 200.0, y: -300.0, w: 100.0, h: 64.0 };
    const DECK_AT: Rect = Rect { x: 0.0, y: -80.0, w: 40.0, h: 26.0 };

    #[test]
    fn a_set_taken_is_marked_where_it_lay_then_flies_off_and_fades() {
        let (before, after, cards) = tables();
        let taken = [Taken { cards: &cards, seat: 2, mark_ms: OWN_MARK_MS }];
        let motion = Motion::between(&before, &after, &taken, TOWARD, DECK_AT, 1000.0);
        let at = |ms: f64| motion.leaving(1000.0 + ms).collect::<Vec<_>>();
        let start = at(0.0);
        assert_eq!(start.len(), 3);
        for (sprite, &(_, was)) in start.iter().zip([before[1], before[5], before[9]].iter()) {
            assert_eq!((sprite.rect, sprite.alpha, sprite.mark), (was, 1.0, Some(2)));
        }
        assert_eq!(at(OWN_MARK_MS - 1.0), start, "still marked in place");
        let flying = at(OWN_MARK_MS + FLY_MS / 2.0);
        for (sprite, &(_, was)) in flying.iter().zip([before[1], before[5], before[9]].iter()) {
            assert!(sprite.alpha < 1.0 && sprite.alpha > 0.0 && sprite.rect.y < was.y, "toward the taker: {sprite:?}");
        }
        assert!(flying[0].rect.w < 100.0, "it shrinks as it goes");
        assert!(at(OWN_MARK_MS + FLY_MS).is_empty(), "gone once it has flown");
    }

    #[test]
    fn new_cards_come_from_the_deck_after_the_mark_and_rest_in_their_places() {
        let (before, after, cards) = tables();
        let taken = [Taken { cards: &cards, seat: 0, mark_ms: OWN_MARK_MS }];
        let motion = Motion::between(&before, &after, &taken, TOWARD, DECK_AT, 0.0);
        for (slot, &(card, rest)) in after.iter().enumerate() {
            let moving = [1, 5, 9].contains(&slot);
            assert_eq!(motion.drawn(card, 0.0).is_some(), moving, "slot {slot}");
            if moving {
                let waiting = motion.drawn(card, OWN_MARK_MS).unwrap();
                assert_eq!(waiting.alpha, 0.0, "hidden until it leaves the deck");
                let (dx, dy) = DECK_AT.center();
                assert_eq!(waiting.rect.center(), (dx, dy));
                let mid = motion.drawn(card, OWN_MARK_MS + 200.0).unwrap();
                assert!(mid.alpha == 1.0 && mid.rect != rest);
            }
            assert_eq!(motion.drawn(card, motion.ends()), None, "slot {slot} at rest at the end");
        }
        let length = motion.ends();
        assert!((300.0..=450.0).contains(&length), "the whole takes {length} ms");
        assert!(motion.is_running(length - 1.0) && !motion.is_running(length));
    }

    #[test]
    fn a_table_that_shrinks_slides_the_last_cards_into_the_holes_and_moves_no_other() {
        // 15 cards; a set from slots 0, 1 and 13 is taken; the table closes up
        // to 12: slots 12 and 14 move into holes 0 and 1.
        let before: Vec<Placed> =
            (0..15).map(|i| (DECK[i], rect((i % 5) as f64 * 110.0, (i / 5) as f64 * 70.0))).collect();
        let mut after: Vec<Placed> = before[..12].to_vec();
        after[0].0 = DECK[12];
        after[1].0 = DECK[14];
        let cards = [DECK[0], DECK[1], DECK[13]];
        let taken = [Taken { cards: &cards, seat: 1, mark_ms: RIVAL_MARK_MS }];
        let motion = Motion::between(&before, &after, &taken, TOWARD, DECK_AT, 0.0);
        let moved: Vec<usize> =
            (0..12).filter(|&slot| motion.drawn(after[slot].0, RIVAL_MARK_MS + 1.0).is_some()).collect();
        assert_eq!(moved, [0, 1]);
        let slid = motion.drawn(DECK[12], RIVAL_MARK_MS + 1.0).unwrap();
        assert!(slid.alpha == 1.0 && (slid.rect.x - before[12].1.x).abs() < 20.0, "it starts where it lay: {slid:?}");
        // While the set is marked, a card that will slide is seen where it lay, not hidden.
        let waiting = motion.drawn(DECK[12], 10.0);
        assert_eq!(waiting, Some(Sprite { card: DECK[12], rect: before[12].1, alpha: 1.0, mark: None }));
        assert_eq!(motion.leaving(RIVAL_MARK_MS - 1.0).count(), 3, "a rival's set is marked for its whole mark");
        assert!(motion.leaving(0.0).all(|s| s.mark == Some(1)));
    }

    #[test]
    fn cards_dealt_without_a_claim_come_from_the_deck_one_after_another() {
        let (before, _, _) = tables();
        let mut after = before.clone();
        after.extend((12..15).map(|i| (DECK[i + 30], rect((i % 5) as f64 * 110.0, 300.0))));
        let motion = Motion::between(&before, &after, &[], TOWARD, DECK_AT, 0.0);
        assert_eq!(motion.leaving(0.0).count(), 0);
        let moving: Vec<_> = after.iter().filter(|(card, _)| motion.drawn(*card, 0.0).is_some()).collect();
        assert_eq!(moving.len(), 3);
        let first = motion.drawn(after[12].0, DEAL_AFTER_MARK_MS + 10.0).unwrap();
        let third = motion.drawn(after[14].0, DEAL_AFTER_MARK_MS + 10.0).unwrap();
        assert!(first.alpha == 1.0 && third.alpha == 0.0, "dealt one after another");
    }

    #[test]
    fn the_cards_drawn_apart_are_the_set_leaving_and_the_cards_coming_held_at_rest_until_the_end() {
        let (before, after, cards) = tables();
        let taken = [Taken { cards: &cards, seat: 1, mark_ms: OWN_MARK_MS }];
        let motion = Motion::between(&before, &after, &taken, TOWARD, DECK_AT, 0.0);
        let coming = [after[1].0, after[5].0, after[9].0];
        for (card, _) in &after {
            assert_eq!(motion.moves(*card), coming.contains(card), "only the new cards move");
        }
        assert!(cards.iter().all(|&card| !motion.moves(card)), "a set leaving is not a card of the table");
        let at = |now: f64| motion.sprites(now);
        // At the start: the set marked where it lay, and the new cards waiting unseen.
        let start = at(0.0);
        assert_eq!(start.len(), 6);
        for &Moving { sprite, leaving, .. } in &start {
            if leaving {
                assert!(cards.contains(&sprite.card) && sprite.mark == Some(1) && sprite.alpha == 1.0);
            } else {
                assert!(coming.contains(&sprite.card) && sprite.alpha == 0.0);
            }
        }
        // On their way, each sprite is where `drawn` and `leaving` say.
        let now = OWN_MARK_MS + 100.0;
        for Moving { sprite, leaving, .. } in at(now) {
            let expected = if leaving {
                motion.leaving(now).find(|s| s.card == sprite.card)
            } else {
                motion.drawn(sprite.card, now)
            };
            assert_eq!(Some(sprite), expected);
        }
        // Once the set has flown, a new card that has landed is held at its
        // place while the last one still comes.
        let late = at(motion.ends() - 1.0);
        assert_eq!(late.len(), 3);
        assert!(late.iter().all(|m| !m.leaving && m.sprite.alpha == 1.0 && m.rest.w == 100.0));
        let first = late.iter().find(|m| m.sprite.card == coming[0]).map(|m| m.sprite.rect);
        assert_eq!(first, Some(after[1].1));
        assert_eq!(motion.drawn(coming[0], motion.ends() - 1.0), None, "landed: no longer on its way");
    }

    #[test]
    fn nothing_that_stays_moves_and_the_same_table_makes_no_motion() {
        let (before, _, _) = tables();
        let motion = Motion::between(&before, &before, &[], TOWARD, DECK_AT, 0.0);
        assert!(motion.is_empty() && !motion.is_running(0.0));
    }

    #[test]
    fn the_last_set_leaves_then_the_cards_left_lift() {
        let (before, _, _) = tables();
        let after: Vec<Placed> =
            before.iter().copied().filter(|&(card, _)| ![DECK[1], DECK[5], DECK[9]].contains(&card)).collect();
        let cards = [DECK[1], DECK[5], DECK[9]];
        let taken = [Taken { cards: &cards, seat: 0, mark_ms: OWN_MARK_MS }];
        let leaving = Motion::between(&before, &after, &taken, TOWARD, DECK_AT, 500.0);
        let left_at = leaving.ends();
        let motion = leaving.then(Motion::flourish(&after, 0.0));
        let (card, rest) = after[0];
        assert_eq!(motion.drawn(card, left_at - 1.0).map(|s| s.rect), Some(rest), "at rest while the set leaves");
        assert!(motion.drawn(card, left_at + FLOURISH_MS / 2.0).is_some_and(|s| s.rect.w > rest.w));
        assert!(motion.ends() > left_at + FLOURISH_MS);
    }

    #[test]
    fn a_move_tells_whether_more_cards_came_than_left_and_lifts_the_board_if_it_ended() {
        let (before, after, cards) = tables();
        let taken = [Taken { cards: &cards, seat: 0, mark_ms: OWN_MARK_MS }];
        let (motion, extra) = Motion::of_move(&before, &after, &taken, (TOWARD, DECK_AT), false, 0.0);
        assert!(!extra, "three left, three came");
        let plain = motion.unwrap();
        let mut grown = after.clone();
        grown.extend((12..15).map(|i| (DECK[i + 30], rect((i % 5) as f64 * 110.0, 300.0))));
        assert!(Motion::of_move(&before, &grown, &taken, (TOWARD, DECK_AT), false, 0.0).1, "six came for three");
        let (ended, _) = Motion::of_move(&before, &after, &taken, (TOWARD, DECK_AT), true, 0.0);
        assert!(ended.unwrap().ends() > plain.ends(), "the lift comes after");
        assert_eq!(Motion::of_move(&before, &before, &[], (TOWARD, DECK_AT), false, 0.0), (None, false));
    }

    #[test]
    fn the_end_lifts_each_card_in_its_place_and_settles() {
        let (before, _, _) = tables();
        let motion = Motion::flourish(&before, 0.0);
        let (card, rest) = before[0];
        let lifted = motion.drawn(card, FLOURISH_MS / 2.0).unwrap();
        assert!(lifted.rect.w > rest.w && lifted.rect.center() == rest.center());
        assert_eq!(motion.drawn(card, FLOURISH_MS), None);
        let last = before[11].0;
        assert_eq!(motion.drawn(last, 0.0).map(|s| s.rect), Some(before[11].1), "waits its turn at rest");
        assert!(!motion.is_running(motion.ends()));
    }
}
