// The fork's ways (UltraSet-Chain, Ultra9, MegaSet, GhostSet, 4Set, 4Set
// Junior and its chain and puzzle, Puzzle, Ultra9 Puzzle, Shuffle) beyond
// their whole games (ways-decks, ways-rules and race-ways play those, by
// ways-play.mjs): a wrong GhostSet told trait by trait and its row, a
// shuffle moving the table, Memory alone and in turns on race.html, and the
// page's API (attributes, sets, check) answering each way as the plain
// JavaScript references of ways-reference.mjs do. Screenshots go to
// test-artifacts/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ARTIFACTS, api, clickCard, audit, state, useBrowser } from './helpers.mjs';
import { WAYS, findClaim, hands, isGhost, isSet, sameCards, third } from './ways-reference.mjs';

const { open } = useBrowser();

/** A card's values in a way, from its id alone: the way's digits (base 3, or
 *  4 in the 4Set ways), most significant first; Junior's drop the fill. */
function valuesOf(id, mode) {
  const digits = (base, n) => Array.from({ length: n }, (_, i) => Math.floor(id / base ** (n - 1 - i)) % base);
  if (mode === 'mega') return digits(3, 5);
  if (mode === '4set') return digits(4, 4);
  if (mode.startsWith('4setjr')) return digits(4, 3);
  const [colour, shape, fill, number] = digits(3, 4);
  return mode === 'junior' ? [colour, shape, number] : [colour, shape, fill, number];
}

test('the page\'s API answers each way as its reference does: attributes, sets(ids, mode), check(ids, mode)', { timeout: 120_000 }, async () => {
  const { page, problems, close } = await open('?seed=5');
  const rules = { ...WAYS, junior: { size: 3, rule: WAYS.classic.rule }, ultra: { size: 4, rule: WAYS.ultra9.rule }, memory: { size: 3, rule: WAYS.classic.rule } };
  for (const [mode, way] of Object.entries(rules)) {
    await api(page, 'deal', { mode, seed: 31 });
    const { table } = await state(page);
    for (const id of table) assert.deepEqual(await api(page, 'attributes', id, mode), valuesOf(id, mode), `${mode}: card ${id}`);
    // Every claim among the table's cards, by the plain rule (a chain's plain rule, no link).
    const expected = [...hands([...table.keys()], way.size)].filter((hand) => way.rule(hand.map((i) => table[i])));
    const answered = await api(page, 'sets', table, mode);
    const key = (hand) => [...hand].sort((a, b) => a - b).join();
    assert.deepEqual(answered.map(key).sort(), expected.map(key).sort(), `${mode}: the claims on ${table}`);
    if (expected.length > 0) assert.equal(await api(page, 'check', expected[0].map((i) => table[i]), mode), true, mode);
    const notOne = [...hands([...table.keys()], way.size)].find((hand) => !way.rule(hand.map((i) => table[i])));
    assert.equal(await api(page, 'check', notOne.map((i) => table[i]), mode), false, mode);
  }
  // An id outside a way's deck, and an unknown way, throw.
  await assert.rejects(api(page, 'attributes', 64, '4setjr'), /out of range/);
  await assert.rejects(api(page, 'sets', [0, 1, 2], 'speed'), /mode "speed" is not one of/);
  assert.deepEqual(problems, []);
  await close();
});

test('a wrong GhostSet says which traits do not add up, and a shuffle moves the table', { timeout: 60_000 }, async () => {
  const { page, problems, close } = await open('?mode=ghost&seed=2');
  const s = await state(page);
  const wrong = [...hands(s.table, 6)].find((hand) => !isGhost(hand));
  for (const id of wrong) await clickCard(page, id);
  const after = await state(page);
  assert.equal(after.wrongClaims, 1);
  assert.deepEqual(after.table, s.table, 'a wrong claim changes the table in no way');
  const note = await page.locator('#notice-text').textContent();
  assert.match(note, /^(Colour|Shape|Fill|Number): .* are .*\./, note);
  assert.ok(note.includes('add up to a multiple of 3'), note);
  // A right one: the row above the table shows its three pairs, each with
  // its third card, ringed; the three thirds make the ghost set.
  const claim6 = findClaim(after);
  for (const id of claim6) await clickCard(page, id);
  const found = await state(page);
  assert.equal(found.setsFound, 1);
  const row = found.lastGhost;
  assert.ok(sameCards(row.slice(0, 6), claim6), `the pairs are the claim: ${row}`);
  const thirds = row.slice(6);
  for (let p = 0; p < 3; p++) assert.equal(thirds[p], third(row[2 * p], row[2 * p + 1]), `pair ${p}'s third`);
  assert.ok(isSet(thirds), `the ghost is a set: ${thirds}`);
  await page.waitForTimeout(700); // past the found cards' motion
  for (const id of row) {
    const rect = await api(page, 'card_rect', id);
    assert.ok(rect, `${id} is drawn in the row`);
    assert.ok(await page.evaluate(inkOfCard, rect) > 0, `${id}'s symbols show`);
  }
  await page.screenshot({ path: `${ARTIFACTS}/way-ghost-row.png` });
  await audit(page, 'ghost, the row of a found GhostSet');

  const shuffle = await open('?mode=shuffle&seed=9');
  const dealt = await state(shuffle.page);
  const claim = findClaim(dealt);
  for (const id of claim) await clickCard(shuffle.page, id);
  const shuffled = await state(shuffle.page);
  assert.equal(shuffled.setsFound, 1, 'the set was taken');
  const stayed = dealt.table.filter((id) => !claim.includes(id));
  assert.ok(stayed.every((id) => shuffled.table.includes(id)), 'the cards left stay in play');
  const moved = stayed.filter((id) => shuffled.table.indexOf(id) !== dealt.table.indexOf(id));
  assert.ok(moved.length >= stayed.length / 2, `and most move to new places: ${moved.length} of ${stayed.length}`);
  assert.deepEqual([...problems, ...shuffle.problems], []);
  await shuffle.close();
  await close();
});

/** How many pixels of a card, read from the board's canvas, are card ink
 *  (strongly coloured: a symbol), in the page. */
function inkOfCard([x, y, w, h]) {
  const canvas = document.getElementById('board');
  const box = canvas.getBoundingClientRect();
  const r = canvas.width / box.width;
  const data = canvas.getContext('2d').getImageData(Math.ceil((x - box.left) * r), Math.ceil((y - box.top) * r), Math.floor(w * r), Math.floor(h * r)).data;
  let ink = 0;
  for (let i = 0; i < data.length; i += 4) {
    const [red, green, blue] = [data[i], data[i + 1], data[i + 2]];
    const felt = Math.abs(red - 30) + Math.abs(green - 91) + Math.abs(blue - 69) < 40;
    if (!felt && Math.max(red, green, blue) - Math.min(red, green, blue) > 60) ink++;
  }
  return ink;
}

test('Memory: dealt face down, three turned up by clicks, a miss shown until the next pick, played to its end', { timeout: 300_000 }, async () => {
  const { page, problems, close } = await open('?mode=memory&seed=4');
  let s = await state(page);
  assert.equal(s.mode, 'memory');
  assert.equal(s.table.length, 21);
  assert.deepEqual(s.faceUp, [], 'every card face down');
  const inks = await Promise.all(s.table.map(async (id) => page.evaluate(inkOfCard, await api(page, 'card_rect', id))));
  assert.ok(inks.every((ink) => ink === 0), `no symbol shows on a card face down: ${inks}`);
  assert.match(await page.getAttribute('#card-0', 'aria-label'), /^Slot 1 .*: face down$/);
  await audit(page, 'memory, face down');
  // A miss: the three stay up, then the next pick turns them down.
  const [a, b] = s.table;
  const miss = s.table.slice(2).find((c) => !isSet([a, b, c]));
  for (const id of [a, b, miss]) await clickCard(page, id);
  s = await state(page);
  assert.equal(s.wrongClaims, 1);
  const slots = [a, b, miss].map((id) => s.table.indexOf(id)).sort((x, y) => x - y);
  assert.deepEqual(s.faceUp, slots, 'the miss stays face up');
  assert.ok(await page.evaluate(inkOfCard, await api(page, 'card_rect', miss)) > 0, 'a card face up shows its symbols');
  await page.screenshot({ path: `${ARTIFACTS}/way-memory-miss.png` });
  const next = s.table.find((id) => ![a, b, miss].includes(id));
  await clickCard(page, next);
  s = await state(page);
  assert.deepEqual(s.faceUp, [s.table.indexOf(next)], 'the next pick turns the miss down');
  await page.keyboard.press('Escape');
  // To the end, a set at a time.
  for (let claims = 0; !s.over; claims++) {
    assert.ok(claims < 40, 'the game does not end');
    const claim = [...hands(s.table, 3)].find(isSet);
    assert.ok(claim, 'the game goes on, yet the reference finds no set');
    for (const id of claim) await clickCard(page, id);
    const after = await state(page);
    assert.equal(after.setsFound, s.setsFound + 1, `${claim} was not taken`);
    assert.ok(claim.every((id) => !after.table.includes(id)));
    s = after;
  }
  assert.equal([...hands(s.table, 3)].find(isSet), undefined);
  await page.locator('#end-screen').waitFor({ state: 'visible' });
  assert.deepEqual(problems, []);
  await close();
});

test('Memory on race.html: a person and a bot take turns, the bot turns up only what it chooses, a miss passes the turn', { timeout: 300_000 }, async () => {
  const { page, problems, close } = await open('race.html?mode=memory&seed=4&bots=expert', { clock: true });
  assert.equal(await page.locator('#mode option[value=memory]').count(), 1, 'race.html offers Memory');
  let s = await state(page);
  assert.equal(s.turn, 0, 'the person begins');
  assert.deepEqual(s.faceUp, [], 'dealt face down');
  await page.clock.runFor(30_000);
  assert.equal((await state(page)).setsFound, 0, 'the bot waits for its turn');
  // The person misses: the turn passes, no point lost.
  const [a, b] = s.table;
  const miss = s.table.slice(2).find((c) => !isSet([a, b, c]));
  for (const id of [a, b, miss]) await clickCard(page, id);
  s = await state(page);
  assert.equal(s.turn, 1);
  assert.equal(s.players[0].wrong, 0, 'a miss costs no point');
  assert.equal(s.wrongClaims, 1, 'the game counts the try');
  assert.equal(await page.textContent('#wrong-claims'), '0', 'the header counts no wrong claim: a miss only passes the turn');
  assert.match(await page.locator('#scores li').nth(1).innerText(), /to play/);
  // Out of turn, a click is refused and changes nothing.
  const before = JSON.stringify(await state(page));
  await clickCard(page, s.table.find((id) => ![a, b, miss].includes(id)));
  assert.equal(JSON.stringify(await state(page)), before);
  // The bot's turn, run by the clock: its three cards show face up, then it takes or misses.
  let shown = null;
  for (let waited = 0; waited < 100 && s.turn === 1 && s.setsFound === 0; waited++) {
    await page.clock.runFor(200);
    s = await state(page);
    if (s.botClaim && !shown) {
      shown = s.botClaim;
      const slots = shown.map((id) => s.table.indexOf(id));
      assert.ok(await page.evaluate(inkOfCard, await api(page, 'card_rect', shown[0])) > 0, 'the bot\'s card is turned up');
      await page.screenshot({ path: `${ARTIFACTS}/way-memory-race-bot.png` });
      assert.ok(slots.every((slot) => slot >= 0));
    }
  }
  assert.ok(shown, 'the bot\'s cards showed before it played');
  assert.ok(s.turn === 0 || s.setsFound === 1, 'the bot played its turn');
  // To the end: the person plays each turn by a set the reference finds.
  for (let guard = 0; !s.over; guard++) {
    assert.ok(guard < 400, 'the game does not end');
    if (s.turn === 0) {
      const claim = [...hands(s.table, 3)].find(isSet);
      for (const id of claim) await clickCard(page, id);
    } else {
      await page.clock.runFor(1000);
    }
    s = await state(page);
  }
  const sets = s.players.map((p) => p.sets);
  assert.equal(sets[0] + sets[1], s.setsFound, 'the scores add up');
  assert.ok(sets[0] > 0, `${sets}`);
  await page.locator('#end-screen').waitFor({ state: 'visible' });
  assert.deepEqual(problems, []);
  await close();

  // On a phone, in real time, as a new player would meet it: a miss, the
  // bot's turn, the scoreboard saying whose turn it is, and axe.
  const phone = await open('race.html?mode=memory&seed=4&bots=expert', { viewport: { width: 390, height: 844 }, hasTouch: true });
  s = await state(phone.page);
  const [x, y] = s.table;
  for (const id of [x, y, s.table.slice(2).find((c) => !isSet([x, y, c]))]) await clickCard(phone.page, id);
  assert.match(await phone.page.locator('#scores li').nth(1).innerText(), /to play/);
  await phone.page.waitForFunction(() => window.wasmBindings.state().turn === 0 || window.wasmBindings.state().setsFound > 0, null, { timeout: 30_000 });
  await audit(phone.page, 'Memory on race.html at 390 px');
  await phone.page.screenshot({ path: `${ARTIFACTS}/way-memory-race-phone.png` });
  assert.deepEqual(phone.problems, []);
  await phone.close();
});
