#![allow(clippy::unwrap_used)] // a test that unwraps fails, as it should
//! How many cards can lie out with no claim among them, in each way: the
//! bound [`Variant::most_without_claim`] states, proven here by exhaustive
//! search wherever a search ends in seconds, and the table's bound
//! ([`Variant::max_table`]) that follows from it.
//!
//! The searches work on the rules' arithmetic, written here apart from the
//! product's code: a ternary card is a vector of digits mod 3 (three cards
//! are a set when they add up to 0; two pairs need the same third when
//! their sums agree; six cards are a GhostSet when they add up to 0), and a
//! card of a base-4 deck is its id's bits (four cards are a 4Set when they
//! XOR to 0). Every largest claim-free hand a search finds is checked again
//! by the rule as players state it (`claim_rule::reference::by_words`).
//!
//! Each search fixes a few cards first. The rules do not change under the
//! deck's symmetries (an affine map of the vectors: a set stays a set), so
//! a hand that spans the deck can be moved to hold `0` and the unit
//! vectors; a hand too large to fit in a smaller space (whose own bound is
//! searched first) spans it.
//!
//! MegaSet's bound, 45, is the largest cap of AG(5,3) (Edel, Ferret, Landjev
//! and Storme, "The classification of the largest caps in AG(5, 3)",
//! Journal of Combinatorial Theory A, 2002): too large a search for a test,
//! which finds a claim-free hand of 42 cards, below it.

use set_core::rules::card::Card;
use set_core::rules::claim_rule::ClaimRule;
use set_core::rules::claim_rule::reference::{by_words, hands};
use set_core::rules::deck::Deck;
use set_core::rules::variant::{Variant, WAYS};

/// A ternary vector of `dims` digits, as a number (a card's id).
fn ternary_add(a: usize, b: usize, dims: u32) -> usize {
    let (mut a, mut b, mut sum, mut place) = (a, b, 0, 1);
    for _ in 0..dims {
        sum += (a % 3 + b % 3) % 3 * place;
        place *= 3;
        a /= 3;
        b /= 3;
    }
    sum
}

fn ternary_neg(a: usize, dims: u32) -> usize {
    ternary_add(a, a, dims)
}

/// The unit vectors' ids in base `base`, with 0 before them: an affine frame.
fn frame(base: usize, dims: u32) -> Vec<usize> {
    std::iter::once(0).chain((0..dims).map(|d| base.pow(d))).collect()
}

/// What a search keeps of a hand: enough to say which points may join it.
trait Hand: Clone {
    /// The hand with `x` in it too (`x` allowed).
    fn with(&self, x: usize) -> Self;
    /// Whether `y` may join without making a claim.
    fn allows(&self, y: usize) -> bool;
}

/// The largest hand larger than `beat` holding `fixed`, over the points
/// `0..points` taken in increasing order, or `None`; it stops at the first
/// of `goal` cards. Branch and bound: a branch ends when even all its
/// candidates left could not beat the best so far.
fn search<H: Hand>(empty: H, points: usize, fixed: &[usize], beat: usize, goal: usize) -> Option<Vec<usize>> {
    search_among(empty, &(0..points).collect::<Vec<_>>(), fixed, beat, goal)
}

/// [`search`] over the points `among` only.
fn search_among<H: Hand>(empty: H, among: &[usize], fixed: &[usize], beat: usize, goal: usize) -> Option<Vec<usize>> {
    let mut hand = empty;
    for &x in fixed {
        assert!(hand.allows(x), "the fixed cards make a claim");
        hand = hand.with(x);
    }
    let candidates: Vec<usize> = among.iter().copied().filter(|x| !fixed.contains(x) && hand.allows(*x)).collect();
    let mut best = Vec::new();
    grow(&hand, &mut fixed.to_vec(), &candidates, beat, goal, &mut best);
    (best.len() > beat).then_some(best)
}

/// Returns whether the goal is reached.
fn grow<H: Hand>(
    hand: &H,
    cards: &mut Vec<usize>,
    candidates: &[usize],
    beat: usize,
    goal: usize,
    best: &mut Vec<usize>,
) -> bool {
    if cards.len() > beat.max(best.len()) {
        best.clone_from(cards);
        if cards.len() >= goal {
            return true;
        }
    }
    for (i, &x) in candidates.iter().enumerate() {
        if cards.len() + candidates.len() - i <= beat.max(best.len()) {
            return false;
        }
        let next_hand = hand.with(x);
        let next: Vec<usize> = candidates[i + 1..].iter().copied().filter(|&y| next_hand.allows(y)).collect();
        cards.push(x);
        let done = grow(&next_hand, cards, &next, beat, goal, best);
        cards.pop();
        if done {
            return true;
        }
    }
    false
}

/// A set of up to 256 points (MegaSet's 243 included).
#[derive(Clone, Copy, Default)]
struct Points([u64; 4]);

impl Points {
    fn has(&self, point: usize) -> bool {
        self.0[point / 64] >> (point % 64) & 1 == 1
    }
    fn put(&mut self, point: usize) {
        self.0[point / 64] |= 1 << (point % 64);
    }
    fn each(&self) -> impl Iterator<Item = usize> + '_ {
        (0..256).filter(|&point| self.has(point))
    }
}

/// A cap of AG(`dims`, 3): no three points add up to 0 (no set).
#[derive(Clone)]
struct Cap {
    dims: u32,
    cards: Vec<usize>,
    /// The third card of every pair of the hand.
    thirds: Points,
}

impl Hand for Cap {
    fn with(&self, x: usize) -> Cap {
        let mut next = self.clone();
        for &b in &self.cards {
            next.thirds.put(ternary_neg(ternary_add(x, b, self.dims), self.dims));
        }
        next.cards.push(x);
        next
    }
    fn allows(&self, y: usize) -> bool {
        !self.thirds.has(y)
    }
}

/// No two disjoint pairs of AG(`dims`, 3) with the same sum (no UltraSet).
#[derive(Clone)]
struct UltraFree {
    dims: u32,
    cards: Vec<usize>,
    sums: Points,
    /// Every point `y` for which some `a + y` is the sum of a pair (which
    /// cannot hold `a`: `a + c = a + y` would make `c = y`, in the hand).
    barred: Points,
}

impl Hand for UltraFree {
    fn with(&self, x: usize) -> UltraFree {
        let mut next = self.clone();
        let (add, neg) = (|a, b| ternary_add(a, b, self.dims), |a| ternary_neg(a, self.dims));
        // The old sums with the new card, then the new sums with every card.
        for sum in self.sums.each() {
            next.barred.put(add(sum, neg(x)));
        }
        for &b in &self.cards {
            next.sums.put(add(x, b));
        }
        next.cards.push(x);
        for &b in &self.cards {
            for &a in &next.cards {
                next.barred.put(add(add(x, b), neg(a)));
            }
        }
        next
    }
    fn allows(&self, y: usize) -> bool {
        !self.barred.has(y)
    }
}

/// No six points of AG(`dims`, 3) adding up to 0 (no GhostSet).
#[derive(Clone)]
struct GhostFree {
    dims: u32,
    /// `sums[k]`: the sums of `k` distinct cards of the hand.
    sums: [Points; 6],
}

impl GhostFree {
    fn new(dims: u32) -> GhostFree {
        let mut sums = [Points::default(); 6];
        sums[0].put(0);
        GhostFree { dims, sums }
    }
}

impl Hand for GhostFree {
    fn with(&self, x: usize) -> GhostFree {
        let mut next = self.clone();
        for k in 1..6 {
            for s in self.sums[k - 1].each() {
                next.sums[k].put(ternary_add(s, x, self.dims));
            }
        }
        next
    }
    fn allows(&self, y: usize) -> bool {
        !self.sums[5].has(ternary_neg(y, self.dims))
    }
}

/// No two disjoint pairs of ids with the same XOR (no 4Set).
#[derive(Clone, Default)]
struct FourFree {
    cards: Vec<usize>,
    xors: Points,
    barred: Points,
}

impl Hand for FourFree {
    fn with(&self, x: usize) -> FourFree {
        let mut next = self.clone();
        for xor in self.xors.each() {
            next.barred.put(xor ^ x);
        }
        for &b in &self.cards {
            next.xors.put(x ^ b);
        }
        next.cards.push(x);
        for &b in &self.cards {
            for &a in &next.cards {
                next.barred.put(x ^ b ^ a);
            }
        }
        next
    }
    fn allows(&self, y: usize) -> bool {
        !self.barred.has(y)
    }
}

fn cap_search(dims: u32, fixed: &[usize], beat: usize, goal: usize) -> Option<Vec<usize>> {
    search(Cap { dims, cards: Vec::new(), thirds: Points::default() }, 3usize.pow(dims), fixed, beat, goal)
}

fn ultra_free_search(dims: u32, fixed: &[usize], beat: usize) -> Option<Vec<usize>> {
    let empty = UltraFree { dims, cards: Vec::new(), sums: Points::default(), barred: Points::default() };
    search(empty, 3usize.pow(dims), fixed, beat, usize::MAX)
}

fn ghost_free_search(dims: u32, fixed: &[usize], beat: usize, goal: usize) -> Option<Vec<usize>> {
    search(GhostFree::new(dims), 3usize.pow(dims), fixed, beat, goal)
}

fn four_free_search(bits: u32, fixed: &[usize], beat: usize, goal: usize) -> Option<Vec<usize>> {
    search(FourFree::default(), 1 << bits, fixed, beat, goal)
}

/// A hand with no 4Set of more than `beat` ids of `bits` bits that holds 0
/// and the unit vectors (a hand that spans can be moved to), if there is
/// one: the first found of `beat + 1`. Swapping bits
/// keeps 4Sets and the unit vectors, so the hand's fewest-bits other id,
/// of `w` bits, can be taken to be the `w` lowest bits: one search for each `w`.
fn four_free_beyond(bits: u32, beat: usize) -> Option<Vec<usize>> {
    let fixed = frame(2, bits);
    (2..=bits).find_map(|w| {
        let lowest = (1usize << w) - 1;
        let among: Vec<usize> =
            (0..1usize << bits).filter(|&id| id.count_ones() > w || (id.count_ones() == w && id != lowest)).collect();
        let hand = FourFree::default();
        let mut with_lowest = fixed.clone();
        with_lowest.push(lowest);
        fixed.iter().chain([&lowest]).try_fold(hand, |hand, &x| hand.allows(x).then(|| hand.with(x)))?;
        search_among(FourFree::default(), &among, &with_lowest, beat, beat + 1)
    })
}

/// The largest hand of the table's cards (every card of `deck` but
/// `links`) from which no claim can be made with exactly `taken` of the
/// links: a chain way's table after a claim. Cards that would make such a
/// claim together are joined; the largest hand with no two joined is found
/// by branching, each connected part on its own.
fn link_free(deck: Deck, rule: ClaimRule, links: &[Card], taken: usize) -> usize {
    let table: Vec<Card> = deck.cards().filter(|card| !links.contains(card)).collect();
    let n = table.len();
    let mut joined = vec![vec![false; n]; n];
    let link_hands: Vec<Vec<Card>> = hands(links, taken);
    for a in 0..n {
        for b in a + 1..n {
            let linked = link_hands.iter().any(|hand| {
                let mut claim = hand.clone();
                claim.extend([table[a], table[b]]);
                by_words(rule, deck, &claim)
            });
            joined[a][b] = linked;
            joined[b][a] = linked;
        }
    }
    let mut left: Vec<usize> = (0..n).collect();
    let mut total = 0;
    while let Some(&start) = left.first() {
        let mut part = vec![start];
        let mut i = 0;
        while i < part.len() {
            let v = part[i];
            part.extend(left.iter().copied().filter(|&w| joined[v][w] && !part.contains(&w)).collect::<Vec<_>>());
            i += 1;
        }
        left.retain(|v| !part.contains(v));
        total += independent(&joined, &part);
    }
    total
}

/// The largest set of `vertices` with no two joined: a card joined to at
/// most one other is taken; else the most joined card is left out, or
/// taken with its neighbours left out.
fn independent(joined: &[Vec<bool>], vertices: &[usize]) -> usize {
    let degree = |v: usize| vertices.iter().filter(|&&w| joined[v][w]).count();
    let Some(&v) = vertices.iter().find(|&&v| degree(v) <= 1).or_else(|| vertices.iter().max_by_key(|&&v| degree(v)))
    else {
        return 0;
    };
    let apart: Vec<usize> = vertices.iter().copied().filter(|&w| w != v && !joined[v][w]).collect();
    let taken = 1 + independent(joined, &apart);
    if degree(v) <= 1 {
        return taken;
    }
    let rest: Vec<usize> = vertices.iter().copied().filter(|&w| w != v).collect();
    taken.max(independent(joined, &rest))
}

/// Checks a hand the search found by the rule's words: no claim among it.
fn no_claim_by_words(deck: Deck, rule: ClaimRule, ids: &[usize]) {
    let cards: Vec<Card> = ids.iter().map(|&id| deck.card(id as i64).unwrap()).collect();
    for hand in hands(&cards, rule.size()) {
        assert!(!by_words(rule, deck, &hand), "{rule:?} in the hand found: {hand:?}");
    }
}

/// Junior's 27 cards are a ternary space of colour, shape and number;
/// their ids, solid fill included, are not: the search works in the space.
fn junior_id(point: usize) -> usize {
    let (colour, shape, number) = (point / 9, point / 3 % 3, point % 3);
    colour * 27 + shape * 9 + 2 * 3 + number
}

fn most(way: Variant) -> usize {
    way.most_without_claim()
}

#[test]
fn sets_the_classic_deck_holds_at_most_20_cards_with_none_and_junior_9() {
    // AG(3,3): from 0 alone (a translation moves any card there).
    let junior = cap_search(3, &[0], 0, usize::MAX).unwrap();
    assert_eq!(junior.len(), most(Variant::Junior));
    let ids: Vec<usize> = junior.iter().map(|&p| junior_id(p)).collect();
    no_claim_by_words(Deck::Junior, ClaimRule::Set, &ids);
    // AG(4,3): a cap of 21 lies in no hyperplane (at most 9 there), so it
    // spans, and holds an affine frame. None exists; one of 20 does.
    assert_eq!(cap_search(4, &frame(3, 4), 20, usize::MAX), None);
    let twenty = cap_search(4, &frame(3, 4), 0, 20).unwrap();
    assert_eq!(twenty.len(), 20);
    no_claim_by_words(Deck::Classic, ClaimRule::Set, &twenty);
    for way in [Variant::Classic, Variant::Puzzle, Variant::Shuffle, Variant::Memory] {
        assert_eq!(most(way), 20, "{way:?}");
    }
    // AG(5,3): the published 45, above what a short search finds.
    let mega = cap_search(5, &frame(3, 5), 0, 42).unwrap();
    no_claim_by_words(Deck::Mega, ClaimRule::Set, &mega);
    assert!(most(Variant::Mega) >= mega.len());
    assert_eq!(most(Variant::Mega), 45);
}

#[test]
fn ultrasets_at_most_9_cards_hold_none() {
    // With 0 and a unit vector fixed (any two cards move there), a third
    // card is on their line or, by a linear map fixing both, the next unit vector.
    let on_line = ultra_free_search(4, &[0, 1, 2], 0).unwrap();
    let off_line = ultra_free_search(4, &[0, 1, 3], 0).unwrap();
    assert_eq!(on_line.len().max(off_line.len()), 9);
    no_claim_by_words(Deck::Classic, ClaimRule::UltraSet, &off_line);
    for way in [Variant::Ultra, Variant::Ultra9, Variant::Ultra9Puzzle] {
        assert_eq!(most(way), 9, "{way:?}");
    }
}

#[test]
fn ghostsets_at_most_12_cards_hold_none() {
    // AG(3,3) holds at most 9, so 13 cards span AG(4,3): a frame, and none.
    let in_hyperplane = ghost_free_search(3, &[0], 0, usize::MAX).unwrap();
    assert_eq!(in_hyperplane.len(), 9);
    assert_eq!(ghost_free_search(4, &frame(3, 4), 12, usize::MAX), None);
    let twelve = ghost_free_search(4, &frame(3, 4), 11, 12).unwrap();
    assert_eq!(twelve.len(), 12);
    no_claim_by_words(Deck::Classic, ClaimRule::GhostSet, &twelve);
    assert_eq!(most(Variant::Ghost), 12);
}

#[test]
fn four_sets_at_most_9_of_64_cards_and_18_of_256_hold_none() {
    // Four cards with no 4Set and 0 among them are independent, so 0 and
    // the first unit vectors can be fixed; a larger hand spans the next space.
    let six = four_free_search(6, &[0, 1, 2, 4], 0, usize::MAX).unwrap();
    assert_eq!(six.len(), 9);
    no_claim_by_words(Deck::FourJunior, ClaimRule::FourSet, &six);
    // The searches by fewest bits find what is there: 12 of 7 bits, 18 of 8.
    assert_eq!(four_free_beyond(7, 11).map(|hand| hand.len()), Some(12));
    assert_eq!(four_free_beyond(7, 12), None, "9 < 13: 13 cards span 7 bits");
    let eighteen = four_free_beyond(8, 17).unwrap();
    assert_eq!(four_free_beyond(8, 18), None, "12 < 19: 19 cards span 8 bits");
    no_claim_by_words(Deck::Four, ClaimRule::FourSet, &eighteen);
    for way in [Variant::FourSetJunior, Variant::FourSetJuniorPuzzle] {
        assert_eq!(most(way), 9, "{way:?}");
    }
    assert_eq!(most(Variant::FourSet), 18);
}

#[test]
fn chain_ways_tables_without_a_linked_claim() {
    // Every claim of a way is as good as any other as the previous one
    // (the deck's symmetries move one onto another), so one stands for all.
    let cards = |deck: Deck, ids: &[i64]| -> Vec<Card> { ids.iter().map(|&id| deck.card(id).unwrap()).collect() };
    let set = cards(Deck::Classic, &[0, 1, 2]);
    assert!(by_words(ClaimRule::Set, Deck::Classic, &set));
    let chain = link_free(Deck::Classic, ClaimRule::Set, &set, 1);
    assert_eq!(most(Variant::Chain), chain.max(most(Variant::Classic)));
    let ultra = cards(Deck::Classic, &[0, 27, 9, 36]);
    assert!(by_words(ClaimRule::UltraSet, Deck::Classic, &ultra));
    let ultra_chain = link_free(Deck::Classic, ClaimRule::UltraSet, &ultra, 2);
    assert_eq!(most(Variant::UltraChain), ultra_chain.max(most(Variant::Ultra)));
    let four = cards(Deck::FourJunior, &[0, 1, 2, 3]);
    assert!(by_words(ClaimRule::FourSet, Deck::FourJunior, &four));
    let four_chain = link_free(Deck::FourJunior, ClaimRule::FourSet, &four, 2);
    assert_eq!(most(Variant::FourSetJuniorChain), four_chain.max(most(Variant::FourSetJunior)));
    println!("link-free tables: Set-Chain {chain}, UltraSet-Chain {ultra_chain}, 4Set Junior-Chain {four_chain}");
}

#[test]
fn each_ways_table_bound_is_its_most_cards_without_a_claim_and_the_three_dealt_to_them() {
    // A table with no claim has at most `most_without_claim` cards, and 3
    // more are dealt to it. Where claims take a multiple of 3 cards from the
    // table (none in a puzzle), its size keeps its first size's remainder.
    for way in WAYS {
        let (start, most) = (way.table_size(), way.most_without_claim());
        let taken = if way.is_puzzle() { 0 } else { way.claim_size() - way.links() };
        let reachable = |size: usize| size >= start && (taken % 3 != 0 || size % 3 == start % 3);
        let largest_without = (0..=most).rev().find(|&size| reachable(size));
        assert_eq!(way.max_table(), largest_without.map_or(start, |size| size + 3), "{way:?}");
    }
    // Classic: 18 with no set is the largest table dealt to, not 20.
    assert_eq!(Variant::Classic.max_table(), 21);
}
