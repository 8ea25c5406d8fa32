// Every way to play, played to its end by clicks in Chromium. The claims are
// found by plain JavaScript references written here from the rules (not by
// the game's own hint), and each one the game accepts is checked against
// them. Screenshots of each mode go to test-artifacts/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ARTIFACTS, api, clickCard, ready, resize, state, useBrowser } from './helpers.mjs';

const { open } = useBrowser();

// --- plain references, from the id's base-3 digits -------------------------
const digits = (id) => [27, 9, 3, 1].map((unit) => Math.floor(id / unit) % 3);
const third = (a, b) => {
  const [x, y] = [digits(a), digits(b)];
  return x.reduce((id, d, i) => id + ((6 - d - y[i]) % 3) * [27, 9, 3, 1][i], 0);
};
const isSet = (a, b, c) => third(a, b) === c;
const ultraSplit = ([a, b, c, d]) =>
  [[[a, b], [c, d]], [[a, c], [b, d]], [[a, d], [b, c]]].find(([[p, q], [r, s]]) => third(p, q) === third(r, s));
const sameCards = (x, y) => x.length === y.length && x.every((id) => y.includes(id));

/** A claim that can be made now, by the mode's rule; null when there is none. */
function findClaim(s) {
  const t = s.table;
  if (s.mode === 'ultra') {
    for (let i = 0; i < t.length; i++)
      for (let j = i + 1; j < t.length; j++)
        for (let k = j + 1; k < t.length; k++)
          for (let l = k + 1; l < t.length; l++) if (ultraSplit([t[i], t[j], t[k], t[l]])) return [t[i], t[j], t[k], t[l]];
    return null;
  }
  if (s.mode === 'chain' && s.previous) {
    for (const link of s.previous)
      for (let i = 0; i < t.length; i++)
        for (let j = i + 1; j < t.length; j++) if (isSet(link, t[i], t[j])) return [link, t[i], t[j]];
    return null;
  }
  for (let i = 0; i < t.length; i++)
    for (let j = i + 1; j < t.length; j++)
      for (let k = j + 1; k < t.length; k++) {
        const claim = [t[i], t[j], t[k]];
        if (isSet(...claim) && !(s.found ?? []).some((f) => sameCards(f, claim))) return claim;
      }
  return null;
}


/** Plays the game to its end by clicks; checks each accepted claim by the references. */
async function playToTheEnd(page, { shotAt } = {}) {
  let s = await state(page);
  for (let claims = 0; !s.over; claims++) {
    assert.ok(claims < 40, 'the game does not end');
    const claim = findClaim(s);
    assert.ok(claim, `the game goes on, yet the reference finds no claim in ${JSON.stringify(s.table)}`);
    for (const id of claim) await clickCard(page, id);
    const after = await state(page);
    assert.equal(after.setsFound, s.setsFound + 1, `${JSON.stringify(claim)} was not accepted`);
    assert.equal(after.wrongClaims, s.wrongClaims);
    if (s.mode === 'chain') assert.ok(sameCards(after.previous, claim), 'the claim is the new previous set');
    if (s.mode === 'ultra') {
      const [[a, b], [c, d]] = ultraSplit(claim);
      assert.equal(after.lastUltra[4], third(a, b), 'the row shows the third card both pairs need');
      assert.ok(sameCards(after.lastUltra.slice(0, 4), [a, b, c, d]));
      assert.ok(await api(page, 'card_rect', after.lastUltra[4]), 'the third card is drawn');
    }
    if (s.mode === 'daily') assert.ok(sameCards(after.found.at(-1), claim));
    if (claims === shotAt?.claims) {
      await page.waitForTimeout(700); // past the found cards' fade
      await page.screenshot({ path: shotAt.path });
    }
    s = after;
  }
  assert.equal(findClaim(s), null, 'the game ended with a claim still on the table');
  return s;
}

for (const { mode, seed, cards } of [
  { mode: 'junior', seed: 3, cards: 27 },
  { mode: 'chain', seed: 5, cards: 81 },
  { mode: 'ultra', seed: 8, cards: 81 },
]) {
  test(`${mode}: a whole game played by clicks, at desktop and phone size`, { timeout: 180_000 }, async () => {
    const { page, problems, close } = await open(`?mode=${mode}&seed=${seed}`);
    const start = await state(page);
    assert.equal(start.mode, mode);
    assert.equal(start.seed, seed);
    assert.equal(await page.locator('#mode').inputValue(), mode, 'the chooser shows the mode');
    assert.equal(new URL(page.url()).search, `?mode=${mode}&seed=${seed}`);
    if (mode === 'junior') {
      assert.equal(start.table.length, 9);
      assert.ok(start.table.every((id) => digits(id)[2] === 2), 'junior deals solid cards only');
    }
    await page.screenshot({ path: `${ARTIFACTS}/mode-${mode}-start.png` });
    // The first half at desktop size, the rest on a phone.
    const end = await playToTheEnd(page, { shotAt: { claims: 2, path: `${ARTIFACTS}/mode-${mode}-desktop.png` } });
    assert.equal(new Set(end.table).size, end.table.length, 'a card twice on the table');
    assert.ok(end.table.every((id) => Number.isInteger(id) && id >= 0 && id <= 80));
    const claimSize = mode === 'ultra' ? 4 : 3;
    const taken = mode === 'chain' ? 2 * end.setsFound + 1 : claimSize * end.setsFound;
    assert.equal(end.table.length + end.deck + taken, cards, 'every card of the deck accounted for');
    await page.locator('#end-screen').waitFor({ state: 'visible' });
    await page.screenshot({ path: `${ARTIFACTS}/mode-${mode}-end.png` });

    // New game keeps the mode; on a phone, a second game is played too.
    await page.locator('#end-new-game').click();
    assert.equal((await state(page)).mode, mode);
    await resize(page, 390, 844);
    await playToTheEnd(page, { shotAt: { claims: 1, path: `${ARTIFACTS}/mode-${mode}-phone.png` } });
    assert.deepEqual(problems, []);
    await close();
  });
}

test('the daily puzzle: find all 6, a set found twice is said so, and the result is offered to share', { timeout: 120_000 }, async () => {
  const { page, context, problems, close } = await open('?mode=daily&date=2026-11-23');
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  let s = await state(page);
  assert.equal(s.mode, 'daily');
  assert.equal(s.date, '2026-11-23');
  assert.equal(s.table.length, 12);
  const sets = await api(page, 'sets', s.table);
  assert.equal(sets.length, 6, 'the board holds exactly 6 sets');
  // The status line counts toward the 6, and shows no deck: none is dealt from.
  const status = () => page.evaluate(() => [document.getElementById('deck-left').textContent, document.getElementById('sets-found').textContent]);
  assert.deepEqual(await status(), ['–', '0 of 6']);

  // One set, then the same set again: said so, not a wrong claim.
  const first = findClaim(s);
  for (const id of first) await clickCard(page, id);
  for (const id of first) await clickCard(page, id);
  s = await state(page);
  assert.equal(s.setsFound, 1);
  assert.equal(s.wrongClaims, 0);
  assert.equal(await page.locator('#notice-text').textContent(), 'You found that set already.');
  assert.deepEqual(await status(), ['–', '1 of 6']);
  await page.screenshot({ path: `${ARTIFACTS}/mode-daily-found-twice.png` });

  // Cards stay on the table; the rest are found.
  const end = await playToTheEnd(page);
  assert.deepEqual([...end.table].sort(), [...s.table].sort(), 'cards stay on the table');
  assert.equal(end.found.length, 6);
  await page.locator('#share').waitFor({ state: 'visible' });
  assert.equal(await page.locator('#end-sets').textContent(), '6 of 6');
  const shared = await page.locator('#share-text').textContent();
  assert.match(shared, /^SET daily 2026-11-23 · 6\/6 · \d+:\d\d · 0 hints$/);
  await page.locator('#copy-result').click();
  await page.waitForFunction(() => document.getElementById('copy-status').textContent === 'Copied');
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), shared);
  await page.screenshot({ path: `${ARTIFACTS}/mode-daily-end.png` });

  // Past dates are reachable by address, and the board is the same every time.
  const again = await open('?date=2026-11-23');
  assert.deepEqual((await state(again.page)).table, s.table);
  const other = await open('?mode=daily&date=2025-01-01');
  assert.notDeepEqual((await state(other.page)).table, s.table);
  await again.close();
  await other.close();
  assert.deepEqual(problems, []);
  await close();
});

test('the mode chooser deals the chosen way to play, the address and a reload keep it', { timeout: 60_000 }, async () => {
  const { page, problems, close } = await open('');
  assert.equal((await state(page)).mode, 'classic');
  await page.locator('#mode').selectOption('ultra');
  let s = await state(page);
  assert.equal(s.mode, 'ultra');
  assert.equal(new URL(page.url()).search, `?mode=ultra&seed=${s.seed}`);
  // A pick, then a reload: the same game, in the same mode.
  await clickCard(page, s.table[0]);
  s = await state(page);
  await page.reload();
  await ready(page);
  const reloaded = await state(page);
  assert.equal(reloaded.mode, 'ultra');
  assert.deepEqual(reloaded.table, s.table);
  assert.equal(await page.locator('#mode').inputValue(), 'ultra');
  // New game keeps the mode; the daily puzzle is today's.
  await page.locator('#new-game-button').click();
  assert.equal((await state(page)).mode, 'ultra');
  await page.locator('#mode').selectOption('daily');
  const daily = await state(page);
  const today = await page.evaluate(() => {
    const d = new Date();
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  });
  assert.equal(daily.date, today);
  assert.equal(new URL(page.url()).search, `?mode=daily&date=${today}`);
  assert.deepEqual(problems, []);
  await close();
});

test('wrong claims say why, in each way to play', { timeout: 60_000 }, async () => {
  const { page, close } = await open('?mode=chain&seed=5');
  const notice = () => page.locator('#notice-text').textContent();
  // Set-Chain: after the first set, a set of three table cards is refused for its link.
  let s = await state(page);
  for (const id of findClaim(s)) await clickCard(page, id);
  s = await state(page);
  const t = s.table;
  let tableSet = null;
  for (let i = 0; i < t.length && !tableSet; i++)
    for (let j = i + 1; j < t.length && !tableSet; j++)
      for (let k = j + 1; k < t.length && !tableSet; k++) if (isSet(t[i], t[j], t[k])) tableSet = [t[i], t[j], t[k]];
  if (tableSet) {
    for (const id of tableSet) await clickCard(page, id);
    assert.equal(await notice(), 'A chain claim needs exactly one card of the previous set; this one has 0.');
    assert.equal((await state(page)).wrongClaims, 1);
  }
  await page.screenshot({ path: `${ARTIFACTS}/mode-chain-wrong.png` });

  // UltraSet: four cards with no split.
  await page.locator('#mode').selectOption('ultra');
  s = await state(page);
  const [a, b, c] = s.table;
  const d = s.table.slice(3).find((id) => !ultraSplit([a, b, c, id]));
  for (const id of [a, b, c, d]) await clickCard(page, id);
  assert.equal(await notice(), 'No way of pairing these four cards gives two pairs that need the same third card.');

  // Classic: one sentence per broken attribute, in order.
  await page.locator('#mode').selectOption('classic');
  s = await state(page);
  const [x, y] = s.table;
  const z = s.table.slice(2).find((id) => !isSet(x, y, id));
  for (const id of [x, y, z]) await clickCard(page, id);
  assert.equal(await notice(), (await api(page, 'explain', x, y, z)).join(' '));
  assert.match(await notice(), /^Two (are|have) /);
  await close();
});
