// End to end: the Trunk release build in Chromium, played as a person plays
// it, with mouse clicks, taps and keys at the positions `slot_rect` reports.
// Any console error or page error fails the test. Screenshots go to
// test-artifacts/ for a person to look at.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ARTIFACTS, SLOT_KEYS, api, clickSlot, nonSet, resize, slotCentre, state, useBrowser } from './helpers.mjs';

/** Why three cards are not a set, worded here from their digits: one line
 *  per attribute where two agree and one differs, colour, shape, fill, number. */
function whyNotASet(ids) {
  const words = [
    [['red', 'red'], ['green', 'green'], ['purple', 'purple']],
    [['diamonds', 'a diamond'], ['squiggles', 'a squiggle'], ['ovals', 'an oval']],
    [['open', 'open'], ['striped', 'striped'], ['solid', 'solid']],
    [['one symbol', 'one symbol'], ['two symbols', 'two symbols'], ['three symbols', 'three symbols']],
  ];
  const places = [27, 9, 3, 1];
  const lines = [];
  for (let a = 0; a < 4; a++) {
    const [x, y, z] = ids.map((id) => Math.floor(id / places[a]) % 3);
    if (x === y && y === z) continue;
    if (x !== y && y !== z && x !== z) continue;
    const two = x === y || x === z ? x : y;
    const one = [x, y, z].find((v) => v !== two);
    const [have, has] = a === 3 ? ['have', 'has'] : ['are', 'is'];
    lines.push(`Two ${have} ${words[a][two][0]} and one ${has} ${words[a][one][1]}.`);
  }
  return lines.join(' ');
}

/** Seeds whose first deal needs extra cards: 12 and 15 cards hold no set. */
const SEED_WITH_18_CARDS = 1886;

const { open } = useBrowser();

/** Every slot's rectangle lies inside the viewport. */
async function assertAllCardsVisible(page) {
  const { width, height } = page.viewportSize();
  const { table } = await state(page);
  for (let slot = 0; slot < table.length; slot++) {
    const [x, y, w, h] = await api(page, 'slot_rect', slot);
    assert.ok(x >= 0 && y >= 0 && x + w <= width && y + h <= height, `slot ${slot} at ${[x, y, w, h]} is outside ${width}x${height}`);
    assert.ok(w >= 60, `slot ${slot} is only ${w}px wide`);
  }
}

test('a whole game, played with clicks, keys and the Hint button, ends on the end screen', { timeout: 120_000 }, async () => {
  const { page, problems, close } = await open('?seed=2024');
  let s = await state(page);
  assert.equal(s.seed, 2024);
  assert.equal(s.deck, 81 - s.table.length);
  assert.equal(await page.textContent('#deck-left'), String(s.deck));

  // A wrong claim: counted, shown, explained, nothing else changes.
  const wrong = await nonSet(page);
  const wrongIds = wrong.map((slot) => s.table[slot]);
  for (const slot of wrong) await clickSlot(page, slot);
  s = await state(page);
  assert.equal(s.wrongClaims, 1);
  assert.deepEqual(s.selected, []);
  assert.equal(s.setsFound, 0);
  assert.equal(await page.textContent('#wrong-claims'), '1');
  assert.equal(await page.textContent('#notice-text'), whyNotASet(wrongIds));
  assert.equal(await page.textContent('#announce'), `Not a set. ${whyNotASet(wrongIds)}`, 'said to screen readers too');
  assert.equal(await page.getAttribute('#announce', 'role'), 'status', 'politely');
  await page.waitForTimeout(700); // the shake is over
  await page.screenshot({ path: `${ARTIFACTS}/why-not-a-set.png` });
  await page.waitForSelector('#notice', { state: 'hidden', timeout: 8000 });

  // Hints: the button and the H key each reveal one more card of the same set.
  const hinted = await api(page, 'hint');
  await page.click('#hint-button');
  await page.keyboard.press('h');
  s = await state(page);
  assert.equal(s.hintsUsed, 2);
  assert.deepEqual(s.hinted, hinted.slice(0, 2));
  assert.equal(await page.textContent('#hints-used'), '2');

  // Escape clears a selection; a second click deselects.
  await clickSlot(page, 0);
  assert.deepEqual((await state(page)).selected, [0]);
  await page.keyboard.press('Escape');
  assert.deepEqual((await state(page)).selected, []);
  await clickSlot(page, 1);
  await clickSlot(page, 1);
  assert.deepEqual((await state(page)).selected, []);

  await page.keyboard.press('?');
  await clickSlot(page, hinted[0]);
  await page.waitForTimeout(700); // the wrong claim's shake is over
  await page.screenshot({ path: `${ARTIFACTS}/board.png` });
  await page.keyboard.press('Escape');
  await page.keyboard.press('?');

  // Play to the end: find each set with hint(), claim it by mouse or by keys.
  let found = 0;
  while (!(await state(page)).over) {
    const set = await api(page, 'hint');
    assert.equal(set.length, 3, 'a game that is not over has a set on the table');
    if (found % 3 === 2) {
      for (const slot of set) await page.keyboard.press(SLOT_KEYS[slot]);
    } else {
      for (const slot of set) await clickSlot(page, slot);
    }
    found += 1;
    s = await state(page);
    assert.equal(s.setsFound, found);
    assert.ok(s.table.length <= 21);
    assert.equal(new Set([...s.table]).size, s.table.length);
    assert.ok(found <= 27, 'a game has at most 27 sets');
  }
  s = await state(page);
  assert.equal(s.deck, 0);
  assert.deepEqual(await api(page, 'hint'), []);
  assert.ok(found >= 20, `only ${found} sets in a whole game`);

  // The end screen shows the counters and offers a new game.
  await page.waitForSelector('#end-screen', { state: 'visible' });
  await page.waitForTimeout(600); // let the last set's fade-out finish before the screenshot
  assert.equal(await page.textContent('#end-sets'), String(found));
  assert.equal(await page.textContent('#end-wrong'), '1');
  assert.equal(await page.textContent('#end-hints'), '2');
  assert.match(await page.textContent('#end-time'), /^\d+:\d\d$/);
  await page.screenshot({ path: `${ARTIFACTS}/end.png` });
  await page.click('#end-new-game');
  s = await state(page);
  assert.equal(s.over, false);
  assert.equal(s.setsFound, 0);
  assert.ok(await page.isHidden('#end-screen'));

  assert.deepEqual(problems, []);
  await close();
});

test('a phone in portrait shows all 18 cards and plays by touch', { timeout: 60_000 }, async () => {
  const { page, problems, close } = await open(`?seed=${SEED_WITH_18_CARDS}`, {
    viewport: { width: 320, height: 568 },
    deviceScaleFactor: 2,
    hasTouch: true,
    isMobile: true,
  });
  assert.equal((await state(page)).table.length, 18);
  await assertAllCardsVisible(page);
  const set = await api(page, 'hint');
  const first = await slotCentre(page, set[0]);
  await page.touchscreen.tap(first.x, first.y);
  assert.deepEqual((await state(page)).selected, [set[0]]);
  await page.screenshot({ path: `${ARTIFACTS}/phone.png` });
  for (const slot of set.slice(1)) {
    const { x, y } = await slotCentre(page, slot);
    await page.touchscreen.tap(x, y);
  }
  assert.equal((await state(page)).setsFound, 1);
  // Landscape, then back: every card stays on screen.
  await resize(page, 568, 320);
  await assertAllCardsVisible(page);
  await resize(page, 320, 568);
  await assertAllCardsVisible(page);
  assert.deepEqual(problems, []);
  await close();
});

test('the board is re-laid out and stays sharp from a small phone to a wide desktop', { timeout: 60_000 }, async () => {
  const { page, problems, close } = await open('?seed=5', { deviceScaleFactor: 2 });
  for (const [width, height] of [[2560, 1440], [1024, 768], [320, 480], [800, 360]]) {
    await resize(page, width, height);
    await assertAllCardsVisible(page);
  }
  const sharp = await page.evaluate(() => {
    const c = document.getElementById('board');
    return { width: c.width, cssWidth: c.clientWidth, ratio: devicePixelRatio };
  });
  assert.equal(sharp.ratio, 2);
  assert.equal(sharp.width, sharp.cssWidth * 2, 'the backing store has a pixel per device pixel');
  assert.deepEqual(problems, []);
  await close();
});

test('bad input through window.wasmBindings throws Errors naming the value', { timeout: 60_000 }, async () => {
  const { page, problems, close } = await open('?seed=9');
  const before = await state(page);
  const thrown = await page.evaluate(() => {
    const b = window.wasmBindings;
    const attempt = (f) => {
      try {
        f();
        return 'no error';
      } catch (error) {
        return error instanceof Error ? error.message : `not an Error: ${error}`;
      }
    };
    return [
      attempt(() => b.check(1, 2, 81)),
      attempt(() => b.check(1, 1, 2)),
      attempt(() => b.check(1, 2.5, 3)),
      attempt(() => b.check('1', 2, 3)),
      attempt(() => b.sets([0, 1, 1])),
      attempt(() => b.sets(new Uint8Array([0, 1, 1]))),
      attempt(() => b.sets(new Uint8Array([3, 200]))),
      attempt(() => b.slot_rect(40)),
      attempt(() => b.slot_rect()),
      attempt(() => b.deal(-1)),
    ];
  });
  assert.deepEqual(thrown, [
    'card id 81 is out of range 0..=80',
    'card id 1 is repeated',
    'card id 2.5 is not a whole number',
    'card id "1" is not a number',
    'card id 1 is repeated (again at index 2)',
    'card id 1 is repeated (again at index 2)',
    'card id 200 is out of range 0..=80 (at index 1)',
    `slot 40 is empty: the table has ${before.table.length} cards (slots 0..=${before.table.length - 1})`,
    'slot undefined is not a number',
    'seed -1 is not in 0..=9007199254740991',
  ]);
  const after = await state(page);
  assert.deepEqual({ ...after, elapsedMs: 0 }, { ...before, elapsedMs: 0 }, 'refused calls change nothing');
  assert.deepEqual(problems, []);
  await close();
});

test('a bad ?seed= is explained and a random game is dealt', { timeout: 60_000 }, async () => {
  const { page, problems, close } = await open('?seed=banana');
  assert.match(await page.textContent('#notice'), /seed "banana" is not a whole number/);
  assert.ok(await page.isVisible('#notice'));
  assert.ok((await state(page)).table.length >= 12);
  assert.deepEqual(problems, []);
  await close();
});
