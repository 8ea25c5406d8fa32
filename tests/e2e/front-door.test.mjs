// The front door for strangers (issue 39), as new users meet it in fresh
// browsers against the real server: a name given at once and Quick play on
// the first click, a taken name kept with why beside it and a free one
// offered, the rules page reached from every page (offline too, axe at
// desktop and phone widths, its examples drawn by the game's own cards),
// race.html's first screen, and the daily puzzle's found sets.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ARTIFACTS, api, audit, setsOf, state, useBrowser } from './helpers.mjs';

// Quick-play rooms here wait for their host: a third page sits down in
// the room well after the first two (first-evening.test.mjs plays the countdown).
const { open } = useBrowser({ flags: ['--quick-start-seconds', '0'] });

const PHONE = { viewport: { width: 320, height: 640 }, isMobile: true, hasTouch: true };

/** A page on the lobby, its name given by the server. */
async function stranger(options = {}) {
  const who = await open('online.html', options);
  await who.page.waitForFunction(() => window.wasmBindings.state().online.lobby !== null && window.wasmBindings.state().online.name !== '');
  return who;
}

test('two strangers press Quick play without typing a name and meet in one room within 10 s', { timeout: 60_000 }, async () => {
  const [ann, bo] = [await stranger(), await stranger(PHONE)];
  const names = [];
  for (const who of [ann, bo]) {
    const { name } = (await state(who.page)).online;
    assert.match(name, /^[A-Z][a-z]+ [A-Z][a-z]+$/, 'a friendly pair of words');
    assert.equal(await who.page.inputValue('#create-name'), name, 'shown in the name field, to change in place');
    names.push(name);
  }
  assert.notEqual(names[0], names[1], 'unique among everyone online');
  // The header says nothing of rooms in the lobby.
  assert.equal(await ann.page.isVisible('#status'), false);
  await ann.page.screenshot({ path: `${ARTIFACTS}/front-lobby-desktop.png` });
  await bo.page.screenshot({ path: `${ARTIFACTS}/front-lobby-phone.png` });
  const start = Date.now();
  await Promise.all([ann.page.click('#quick-classic'), bo.page.click('#quick-classic')]);
  for (const { page } of [ann, bo]) {
    await page.waitForFunction(() => window.wasmBindings.state().online.players.length === 2, null, { timeout: 10_000 });
  }
  const elapsed = Date.now() - start;
  const [a, b] = [(await state(ann.page)).online, (await state(bo.page)).online];
  assert.equal(a.room, b.room, 'one room');
  assert.deepEqual(a.players.map((p) => p.name).sort(), [...names].sort(), 'seated under the names given');
  assert.ok(elapsed < 10_000, `met in ${elapsed} ms`);
  // The API's quick play without a name does the same, from a third page.
  const cy = await stranger();
  assert.equal(await api(cy.page, 'online_quick_play', { mode: 'classic' }), a.room);
  await ann.page.waitForFunction(() => window.wasmBindings.state().online.players.length === 3);
  assert.equal((await state(ann.page)).online.players[2].name, (await state(cy.page)).online.name);
  for (const who of [ann, bo, cy]) {
    assert.deepEqual(who.problems, []);
    await who.close();
  }
});

test('a name someone has, given with Enter, keeps what was typed, says why beside the field and offers a free one', { timeout: 60_000 }, async () => {
  const ann = await stranger();
  const bo = await stranger();
  const taken = (await state(ann.page)).online.name;
  const mine = (await state(bo.page)).online.name;
  await bo.page.fill('#create-name', taken);
  await bo.page.press('#create-name', 'Enter');
  await bo.page.locator('#use-suggestion').waitFor({ state: 'visible' });
  assert.equal(await bo.page.inputValue('#create-name'), taken, 'what was typed stays');
  assert.match(await bo.page.textContent('#name-error'), new RegExp(`^"${taken}" looks too much like "${taken}"`));
  assert.equal(await bo.page.getAttribute('#create-name', 'aria-invalid'), 'true');
  assert.equal(await bo.page.getAttribute('#create-name', 'aria-describedby'), 'name-error');
  assert.equal(await bo.page.getAttribute('#name-error', 'aria-live'), 'polite', 'told to screen readers, within the form');
  assert.equal(await bo.page.textContent('#use-suggestion'), `Use \u201c${taken} 2\u201d`);
  assert.equal((await state(bo.page)).online.name, mine, 'still going by the name it had');
  await bo.page.screenshot({ path: `${ARTIFACTS}/front-name-taken.png` });
  await audit(bo.page, 'a taken name, with why and a free one');
  await bo.page.click('#use-suggestion');
  await bo.page.waitForFunction((name) => window.wasmBindings.state().online.lobby.people.includes(name), `${taken} 2`);
  assert.equal(await bo.page.inputValue('#create-name'), `${taken} 2`);
  assert.equal(await bo.page.textContent('#name-error'), '');
  assert.equal((await state(bo.page)).online.name, `${taken} 2`);
  await ann.page.waitForFunction((name) => window.wasmBindings.state().online.lobby.people.includes(name), `${taken} 2`);
  for (const who of [ann, bo]) {
    assert.deepEqual(who.problems, []);
    await who.close();
  }
});

/** The example's canvas has the game's cards drawn on it: white faces. */
const drawnCards = (page) => page.evaluate(() => {
  const canvas = document.querySelector('#help canvas[data-cards]');
  const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
  let white = 0;
  for (let i = 0; i < data.length; i += 4) if (data[i] > 240 && data[i + 1] > 240 && data[i + 2] > 240) white += 1;
  return white / (data.length / 4);
});

test('How to play is linked from every page, reads at 1280 and 320 px with axe, and works offline after one visit', { timeout: 120_000 }, async () => {
  const solo = await open('');
  for (const [from, query] of [['index.html', ''], ['race.html', 'race.html?bots=easy'], ['online.html', 'online.html']]) {
    if (query) await solo.page.goto(new URL(query, solo.page.url()).href);
    const link = solo.page.getByRole('link', { name: /How to play/ });
    await link.first().waitFor();
    assert.equal(await link.first().getAttribute('href'), 'help.html', `${from} links the rules`);
  }
  await solo.page.goto(new URL('./', solo.page.url()).href);
  await solo.page.getByRole('link', { name: /How to play/ }).first().click();
  await solo.page.waitForURL(/help\.html$/);
  await solo.page.waitForFunction(() => document.querySelector('#help canvas[data-cards]')?.style.width !== '');
  assert.ok(await drawnCards(solo.page) > 0.3, 'the examples are drawn cards');
  const headings = await solo.page.locator('#help h3').allTextContents();
  for (const way of await solo.page.evaluate(async () => {
    const index = await (await fetch('./')).text();
    return [...new DOMParser().parseFromString(index, 'text/html').querySelectorAll('#mode option')].map((o) => o.textContent);
  })) {
    assert.ok(headings.includes(way), `a section headed ${way}`);
  }
  await solo.page.screenshot({ path: `${ARTIFACTS}/help-desktop.png` });
  await audit(solo.page, 'the rules page at 1280 px');
  await solo.page.setViewportSize({ width: 320, height: 640 });
  assert.equal(await solo.page.evaluate(() => document.documentElement.scrollWidth), 320, 'nothing wider than the phone');
  await solo.page.screenshot({ path: `${ARTIFACTS}/help-phone.png` });
  await audit(solo.page, 'the rules page at 320 px');
  // Offline: the service worker kept it with the first visit.
  await solo.page.goto(new URL('./', solo.page.url()).href);
  await solo.page.waitForFunction(async () => navigator.serviceWorker.controller !== null
    && (await caches.open('set-game').then((c) => c.keys())).some((r) => r.url.endsWith('/help.html')));
  await solo.context.setOffline(true);
  await solo.page.goto(new URL('help.html', solo.page.url()).href);
  await solo.page.waitForFunction(() => document.querySelector('#help canvas[data-cards]')?.style.width !== '');
  assert.equal(await solo.page.textContent('#help h2'), 'How to play');
  assert.ok(await drawnCards(solo.page) > 0.3, 'drawn offline too');
  await solo.context.setOffline(false);
  assert.deepEqual(solo.problems, []);
  await solo.close();
});

test('race.html opens on its setup: people by name and bots by level, labelled; a later visit offers the last setup', { timeout: 60_000 }, async () => {
  const who = await open('race.html', PHONE);
  const setup = who.page.locator('#players');
  await setup.waitFor({ state: 'visible' });
  assert.match(await who.page.textContent('#players-about'), /Choose who plays at this table/);
  await who.page.screenshot({ path: `${ARTIFACTS}/race-setup-phone.png` });
  await audit(who.page, 'race.html\'s first screen');
  await who.page.getByLabel('Player 1').fill('Ann');
  await who.page.getByLabel('Player 2').fill('Ben');
  await who.page.getByLabel('Opponent 1').selectOption('easy');
  await who.page.click('#players-start');
  // The page writes its game's seed into the address as soon as it deals
  // (`?seed=…&players=…`), which may come before Playwright sees the
  // navigation: the address is read by its parameters, not its order.
  await who.page.waitForURL((url) => url.pathname.endsWith('/race.html')
    && url.searchParams.get('players') === 'Ann,Ben' && url.searchParams.get('bots') === 'easy');
  await who.page.waitForFunction(() => window.wasmBindings?.state?.().players?.length === 3);
  assert.deepEqual((await state(who.page)).players.map((p) => p.name), ['Ann', 'Ben', 'Easy bot']);
  assert.equal(await setup.isVisible(), false, 'an address with players plays at once');
  // Back to race.html plain: the last table is offered, ready to start.
  await who.page.goto(new URL('race.html', who.page.url()).href);
  await setup.waitFor({ state: 'visible' });
  assert.equal(await who.page.getByLabel('Player 1').inputValue(), 'Ann');
  assert.equal(await who.page.getByLabel('Opponent 1').inputValue(), 'easy');
  assert.match(await who.page.textContent('#players-note'), /last table/);
  // Not now: the dialog goes, and the game kept under it carries on.
  await who.page.click('#players-later');
  await setup.waitFor({ state: 'hidden' });
  assert.deepEqual(who.problems, []);
  await who.close();
});

/** The words the page names a card by: "2 striped green ovals" (a plain reference of the ids' digits). */
const cardWords = (id) => {
  const [colour, shape, fill, number] = [27, 9, 3, 1].map((p) => Math.floor(id / p) % 3);
  const shapes = ['diamond', 'squiggle', 'oval'][shape] + (number ? 's' : '');
  return `${number + 1} ${['open', 'striped', 'solid'][fill]} ${['red', 'green', 'purple'][colour]} ${shapes}`;
};

test('the daily puzzle shows the sets found so far, drawn small above the table and named in words; other ways show none', { timeout: 60_000 }, async () => {
  for (const options of [{}, PHONE]) {
    const who = await open('?mode=daily', options);
    const region = who.page.locator('#found-region');
    assert.equal(await region.isVisible(), true, 'shown in the daily puzzle');
    assert.equal(await who.page.locator('#found-sets li').count(), 0, 'none found yet');
    const sets = setsOf((await state(who.page)).table);
    assert.equal(sets.length, 6);
    for (const [n, set] of sets.slice(0, 2).entries()) {
      for (const card of set) await clickSlotOf(who.page, card);
      await who.page.waitForFunction((n) => document.querySelectorAll('#found-sets canvas').length === n, n + 1);
      const found = (await state(who.page)).found.at(-1);
      assert.equal(await who.page.locator('#found-sets canvas').nth(n).getAttribute('aria-label'),
        `Set ${n + 1}: ${found.map(cardWords).join(', ')}`);
    }
    // Drawn: the small cards' white faces are on the canvas.
    const white = await who.page.evaluate(() => {
      const canvas = document.querySelector('#found-sets canvas');
      const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
      let faces = 0;
      for (let i = 0; i < data.length; i += 4) if (data[i] > 240 && data[i + 1] > 240 && data[i + 2] > 240) faces += 1;
      return faces / (data.length / 4);
    });
    assert.ok(white > 0.3, `the small cards are drawn (${white})`);
    await who.page.screenshot({ path: `${ARTIFACTS}/daily-found-${options.viewport ? 'phone' : 'desktop'}.png` });
    await audit(who.page, 'the daily puzzle with its found sets');
    // Another way to play: no list.
    await who.page.selectOption('#mode', 'classic');
    await who.page.waitForFunction(() => window.wasmBindings.state().mode === 'classic');
    assert.equal(await region.isVisible(), false);
    assert.deepEqual(who.problems, []);
    await who.close();
  }
});

/** Taps the card with id `card` where the solo page drew it. */
async function clickSlotOf(page, card) {
  const slot = (await state(page)).table.indexOf(card);
  const [x, y, w, h] = await api(page, 'slot_rect', slot);
  await page.mouse.click(x + w / 2, y + h / 2);
}
