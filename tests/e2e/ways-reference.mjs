// Plain references for the end-to-end tests of the ways to play, written
// here from each rule's words on the card ids' digits (base 3, MegaSet's
// border last, base 4 in the 4Set decks), never from the game's own finder:
// which hands are claims, and what each way deals.

const UNITS = [27, 9, 3, 1];
const digits = (id) => UNITS.map((unit) => Math.floor(id / unit) % 3);
/** The card two need: where they agree the same value, else the third. */
export const third = (a, b) => {
  const [x, y] = [digits(a), digits(b)];
  return x.reduce((id, d, i) => id + (d === y[i] ? d : 3 - d - y[i]) * UNITS[i], 0);
};
export const isSet = ([a, b, c]) => third(a, b) === c;
export const isUltra = ([a, b, c, d]) => [[a, b, c, d], [a, c, b, d], [a, d, b, c]].some(([p, q, r, s]) => third(p, q) === third(r, s));
/** Six cards whose values add up to a multiple of 3 in every trait. */
export const isGhost = (six) => [0, 1, 2, 3].every((t) => six.reduce((sum, id) => sum + digits(id)[t], 0) % 3 === 0);
export const sameCards = (x, y) => x.length === y.length && x.every((id) => y.includes(id));
/** MegaSet: an id is a classic id × 3 + its border; every one of the five traits all same or all different. */
const megaDigits = (id) => [...digits(Math.floor(id / 3)), id % 3];
export const isMegaSet = (three) => [0, 1, 2, 3, 4].every((t) => new Set(three.map((id) => megaDigits(id)[t])).size !== 2);
/** 4Set decks: `len` base-4 digits; four distinct cards, each trait all same, all different or two pairs. */
const base4 = (id, len) => Array.from({ length: len }, (_, i) => Math.floor(id / 4 ** (len - 1 - i)) % 4);
const fourTrait = (values) => {
  const counts = [0, 1, 2, 3].map((v) => values.filter((x) => x === v).length).filter((n) => n > 0).sort().join();
  return counts === '4' || counts === '1,1,1,1' || counts === '2,2';
};
export const isFourSet = (len) => (four) => new Set(four).size === 4
  && Array.from({ length: len }, (_, t) => t).every((t) => fourTrait(four.map((id) => base4(id, len)[t])));

/** Every `k` of `list`, in order. */
export function* hands(list, k, from = 0, hand = []) {
  if (hand.length === k) { yield hand; return; }
  for (let i = from; i < list.length; i++) yield* hands(list, k, i + 1, [...hand, list[i]]);
}

export const WAYS = {
  classic: { size: 3, rule: isSet, first: 12, cards: 81 },
  chain: { size: 3, rule: isSet, links: 1, first: 12, cards: 81 },
  ultrachain: { size: 4, rule: isUltra, links: 2, first: 12, cards: 81 },
  ultra9: { size: 4, rule: isUltra, first: 9, cards: 81 },
  mega: { size: 3, rule: isMegaSet, first: 16, cards: 243 },
  ghost: { size: 6, rule: isGhost, first: 10, cards: 81 },
  '4set': { size: 4, rule: isFourSet(4), first: 15, cards: 256 },
  '4setjr': { size: 4, rule: isFourSet(3), first: 11, cards: 64 },
  '4setjrchain': { size: 4, rule: isFourSet(3), links: 2, first: 11, cards: 64 },
  puzzle: { size: 3, rule: isSet, puzzle: true, first: 12, cards: 81 },
  ultra9puzzle: { size: 4, rule: isUltra, puzzle: true, first: 9, cards: 81 },
  '4setjrpuzzle': { size: 4, rule: isFourSet(3), puzzle: true, first: 11, cards: 64 },
  shuffle: { size: 3, rule: isSet, first: 12, cards: 81 },
};

/** A claim that can be made now in the state `s` (a chain way links to
 *  `s.previous`; a puzzle way skips the claims in `s.found`); null when
 *  there is none. */
export function findClaim(s, mode = s.mode) {
  const way = WAYS[mode];
  if (way.links && s.previous) {
    for (const linked of hands(s.previous, way.links))
      for (const rest of hands(s.table, way.size - way.links)) if (way.rule([...linked, ...rest])) return [...linked, ...rest];
    return null;
  }
  for (const hand of hands(s.table, way.size))
    if (way.rule(hand) && !(s.found ?? []).some((f) => sameCards(f, hand))) return hand;
  return null;
}
