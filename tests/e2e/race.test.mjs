// race.html: games with computer opponents and with people sharing one
// screen, played as people do (keys, taps), with Playwright's clock running
// the page's time, so that no test waits for the bots in real time.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ARTIFACTS, SLOT_KEYS, api, assertSound, audit, state, useBrowser } from './helpers.mjs';

const { open } = useBrowser();

/** Runs the page's clock `ms` forward, a step at a time, so that its ticks
 *  (the bots' and the calls') run as they would. */
async function run(page, ms, step = 250) {
  for (let done = 0; done < ms; done += step) await page.clock.runFor(step);
}

/** The slots of a claim that can be made now (the hint export changes nothing). */
const aSet = (page) => api(page, 'hint');

/** The colour of the board's canvas just inside the left edge of a card. */
async function edgeColour(page, id) {
  const [x, y, , h] = await api(page, 'card_rect', id);
  return page.evaluate(([x, y]) => {
    const canvas = document.getElementById('board');
    const box = canvas.getBoundingClientRect();
    const ratio = canvas.width / box.width;
    return [...canvas.getContext('2d').getImageData(Math.round((x - box.left + 2) * ratio), Math.round((y - box.top) * ratio), 1, 1).data].slice(0, 3);
  }, [x, y + h / 2]);
}

async function pressSlots(page, slots) {
  for (const slot of slots) await page.keyboard.press(SLOT_KEYS[slot]);
}

test('a whole game against two bots, run by the clock, ends ranked and named', { timeout: 180_000 }, async () => {
  const { page, problems, close } = await open('race.html?seed=7&bots=expert,hard', { clock: true });
  let s = await state(page);
  assert.deepEqual(s.players.map((p) => [p.name, p.kind, p.level]), [
    ['You', 'human', null], ['Expert bot', 'bot', 'expert'], ['Hard bot', 'bot', 'hard'],
  ]);
  assert.equal(await page.textContent('#scores li:nth-child(2)'), 'Expert bot 0');
  // A bot's claim shows on the board, in its colour, before its cards leave.
  let shown = null;
  for (let guard = 0; !shown; guard++) {
    assert.ok(guard < 400, 'no bot claim was shown');
    await page.clock.runFor(100);
    shown = (await state(page)).botClaim;
  }
  // The next tick draws it (a bot's claim shows for 700 ms).
  await page.clock.runFor(300);
  const before = await state(page);
  assert.equal(before.setsFound, 0);
  assert.ok(shown.every((id) => before.table.includes(id)), 'the shown claim is on the table');
  // From the pixels: the edge of each shown card is its bot's colour, and
  // of the other cards it is not.
  const ringed = await Promise.all(before.table.map((id) => edgeColour(page, id)));
  const bot = (rgb) => rgb[0] > 150 && rgb[2] < 120 && rgb[1] < 120 || rgb[0] > 90 && rgb[2] > 170 && rgb[1] < 80;
  before.table.forEach((id, slot) => assert.equal(bot(ringed[slot]), shown.includes(id), `card ${id}: ${ringed[slot]}`));
  await page.screenshot({ path: `${ARTIFACTS}/race-bot-claim.png` });
  await run(page, 1000);
  s = await state(page);
  assert.equal(s.setsFound, 1);
  assert.ok(shown.every((id) => !s.table.includes(id)), 'its cards left');
  assert.match(await page.textContent('#announce'), /^(Expert|Hard) bot: Set!/);
  // The analysis of race.html's game in progress says who found the set.
  const analysis = await page.evaluate(() => loadPart().then((part) => part.analysis()));
  assert.equal(analysis.setsBy.length, 1);
  assert.ok([1, 2].includes(analysis.setsBy[0]), `found by a bot: ${analysis.setsBy}`);
  for (let guard = 0; !(s = await state(page)).over; guard++) {
    assert.ok(guard < 200, 'the bots do not finish the game');
    await run(page, 5000, 500);
    assertSound(s);
  }
  const sets = s.players.map((p) => p.sets);
  assert.equal(sets.reduce((a, b) => a + b, 0), s.setsFound, 'the scores add up to the sets found');
  assert.equal(sets[0], 0);
  assert.ok(sets[1] > sets[2], `the expert beats the hard bot: ${sets}`);
  assert.ok(await page.isVisible('#end-screen'));
  assert.equal(await page.textContent('#end-title'), 'Expert bot wins');
  const ranking = await page.$$eval('#end-ranking li', (items) => items.map((item) => item.textContent));
  assert.equal(ranking.length, 3);
  assert.match(ranking[0], /^Expert bot: /);
  await page.screenshot({ path: `${ARTIFACTS}/race-end.png` });
  assert.deepEqual(problems, []);
  await close();
});

test('three people share the screen: call by key, pick by keys, time-outs and lockouts', { timeout: 120_000 }, async () => {
  const { page, problems, close } = await open('race.html?seed=11&players=Ann,Ben,Cy', { clock: true });
  let s = await state(page);
  assert.deepEqual(s.players.map((p) => p.name), ['Ann', 'Ben', 'Cy']);
  // Picking before calling is refused, and says so.
  await page.keyboard.press(SLOT_KEYS[0]);
  assert.deepEqual((await state(page)).selected, []);
  assert.match(await page.textContent('#notice-text'), /Call a set first/);
  // Ann calls with S and picks a set: her point.
  await page.keyboard.press('s');
  assert.equal((await state(page)).calling, 0);
  assert.match(await page.textContent('#scores'), /Ann 0 calling 5s S/);
  await pressSlots(page, await aSet(page));
  s = await state(page);
  assert.equal(s.setsFound, 1);
  assert.deepEqual(s.players.map((p) => p.score), [1, 0, 0]);
  assert.equal(s.calling, null);
  // Ben calls with L and claims three cards that are not a set: minus one, out.
  await page.keyboard.press('l');
  const table = s.table;
  let wrong = null;
  for (let k = 2; !wrong; k++) if (!(await api(page, 'check', table[0], table[1], table[k]))) wrong = [0, 1, k];
  await pressSlots(page, wrong);
  s = await state(page);
  assert.deepEqual(s.players.map((p) => [p.score, p.lockedOut]), [[1, false], [-1, true], [0, false]]);
  assert.match(await page.textContent('#announce'), /^Ben: Not a set\./);
  await page.keyboard.press('l');
  assert.equal((await state(page)).calling, null, 'a locked-out player cannot call');
  assert.match(await page.textContent('#notice-text'), /Ben is out until the next set/);
  // Cy taps her name to call, then lets the five seconds run out.
  await page.click('#seat-2');
  assert.equal((await state(page)).calling, 2);
  await run(page, 5250);
  s = await state(page);
  assert.equal(s.calling, null);
  assert.deepEqual(s.players.map((p) => [p.score, p.wrong, p.lockedOut]), [[1, 0, false], [-1, 1, true], [-1, 1, true]]);
  // Ann finds the next set: everyone is back in.
  await page.keyboard.press('s');
  await pressSlots(page, await aSet(page));
  s = await state(page);
  assert.deepEqual(s.players.map((p) => [p.score, p.lockedOut]), [[2, false], [-1, false], [-1, false]]);
  assert.equal(s.players.reduce((n, p) => n + p.sets, 0), s.setsFound);
  assertSound(s);
  await page.screenshot({ path: `${ARTIFACTS}/race-people.png` });
  assert.deepEqual(problems, []);
  await close();
});

test('a reload mid-game carries on exactly, the bots included', { timeout: 180_000 }, async () => {
  const address = 'race.html?seed=5&bots=medium,easy';
  const straight = await open(address, { clock: true });
  const reloaded = await open(address, { clock: true });
  for (const { page } of [straight, reloaded]) {
    while ((await state(page)).setsFound < 3) await run(page, 1000, 500);
  }
  // The same moves at the same play times, and so the same board.
  const before = await state(reloaded.page);
  await reloaded.page.reload();
  await reloaded.page.waitForFunction(() => window.wasmBindings?.state);
  const after = await state(reloaded.page);
  for (const key of ['table', 'setsFound', 'players', 'seed', 'mode']) assert.deepEqual(after[key], before[key], key);
  assert.ok(Math.abs(after.elapsedMs - before.elapsedMs) < 1000, 'the clock carries on where it was');
  // Both play on to the end by the same clock: the same game.
  for (const { page } of [straight, reloaded]) {
    for (let guard = 0; !(await state(page)).over; guard++) {
      assert.ok(guard < 300, 'the bots do not finish');
      await run(page, 5000, 500);
    }
  }
  const [a, b] = [await state(straight.page), await state(reloaded.page)];
  assert.deepEqual(b.players, a.players);
  assert.equal(b.setsFound, a.setsFound);
  assert.deepEqual(straight.problems, []);
  assert.deepEqual(reloaded.problems, []);
  await straight.close();
  await reloaded.close();
});

test('deal({ bots, players }) starts a race, and bad players throw an Error naming them and change nothing', async () => {
  const { page, problems, close } = await open('race.html?seed=3', { clock: true });
  const table = await api(page, 'deal', { seed: 9, mode: 'junior', bots: ['hard'], players: ['Ann', 'Ben'] });
  let s = await state(page);
  assert.deepEqual(s.table, table);
  assert.deepEqual(s.players.map((p) => p.name), ['Ann', 'Ben', 'Hard bot']);
  assert.equal(s.mode, 'junior');
  assert.match(page.url(), /players=Ann,Ben&bots=hard/);
  const thrown = (options) => page.evaluate((o) => {
    try {
      window.wasmBindings.deal(o);
      return 'no error';
    } catch (error) {
      return error.message;
    }
  }, options);
  const cases = [
    [{ bots: ['godlike'] }, /"godlike" is not a level/],
    [{ bots: ['easy', 'easy', 'easy', 'easy'] }, /too many/],
    [{ players: ['Ann', 'B', 'C', 'D'], bots: ['easy'] }, /5 players is too many/],
    [{ players: ['Ann', ''] }, /name is empty/],
    [{ players: ['Ann', 'x'.repeat(21)] }, /longer than 20/],
    [{ players: ['Ann', 'B\u0007n'] }, /control character/],
    [{ players: ['Ann', 'Ann'] }, /two players are called "Ann"/],
    [{ players: 'Ann' }, /players "Ann" is not an array of strings/],
    [{ mode: 'daily', bots: ['easy'] }, /played alone/],
  ];
  for (const [options, message] of cases) {
    assert.match(await thrown(options), message, JSON.stringify(options));
    assert.deepEqual(await state(page), s, `${JSON.stringify(options)} changed nothing`);
  }
  // The same players by default.
  await api(page, 'deal', { seed: 10 });
  s = await state(page);
  assert.deepEqual(s.players.map((p) => p.name), ['Ann', 'Ben', 'Hard bot']);
  assert.deepEqual(problems, []);
  await close();
});

test('the players form starts the race it names, and index.html links to it', async () => {
  const { page, problems, close } = await open('');
  await page.click('#open-settings');
  await Promise.all([page.waitForURL(/race\.html/), page.click('#open-players')]);
  await page.waitForFunction(() => window.wasmBindings?.deal && performance.getEntriesByName('first-board').length > 0);
  // race.html opened plain opens on its players' form.
  await page.locator('#players').waitFor({ state: 'visible' });
  await page.fill('#player-1', 'Ann Lee');
  await page.fill('#player-2', 'Ben');
  await page.selectOption('#bot-1', 'hard');
  await Promise.all([page.waitForURL(/players=/), page.click('#players-start')]);
  // state() comes with the API part, after the first board.
  await page.waitForFunction(() => window.wasmBindings?.state?.()?.players?.length === 3);
  const s = await state(page);
  assert.deepEqual(s.players.map((p) => p.name), ['Ann Lee', 'Ben', 'Hard bot']);
  assert.match(page.url(), /players=Ann%20Lee,Ben&bots=hard/);
  assert.deepEqual(problems, []);
  await close();
});

test('the scoreboard fits a 320 px phone', async () => {
  const { page, problems, close } = await open('race.html?seed=4&players=Ann,Ben&bots=expert,easy', {
    viewport: { width: 320, height: 568 }, hasTouch: true, isMobile: true, clock: true,
  });
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.scrollHeight]);
  assert.ok(widths[0] <= 320 && widths[1] <= 568, `the page scrolls: ${widths}`);
  const names = await page.$$eval('#scores li', (items) => items.map((item) => item.textContent));
  assert.equal(names.length, 4);
  // A tap on a name calls.
  await page.tap('#seat-1');
  assert.equal((await state(page)).calling, 1);
  await page.screenshot({ path: `${ARTIFACTS}/race-phone-320.png` });
  assert.deepEqual(problems, []);
  await close();
});

// axe keeps time with the page's timers, so this test runs on real time:
// two people and no bots, so nothing moves unless they do.
test('axe finds no violation on race.html: scoreboard, a call, the players\' form, the ranked end', { timeout: 120_000 }, async () => {
  const { page, problems, close } = await open('race.html?seed=8&mode=junior&players=Ann,Ben');
  await audit(page, 'scoreboard');
  await page.keyboard.press('l');
  await audit(page, 'a call in progress');
  await page.keyboard.press('Escape');
  for (let guard = 0; !(await state(page)).over; guard++) {
    assert.ok(guard < 40, 'the game does not end');
    await page.keyboard.press('l');
    await pressSlots(page, await aSet(page));
  }
  assert.equal(await page.textContent('#end-title'), 'Ben wins');
  await audit(page, 'the ranked end screen');
  await page.click('#end-new-game');
  await page.click('#open-settings');
  await page.click('#open-players');
  await audit(page, "the players' form");
  assert.deepEqual(problems, []);
  await close();
});
