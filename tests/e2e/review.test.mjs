// Looking back (issue 18), played as a person would: games finished by clicks
// with Playwright's clock running the page's time, so every time is known to
// the millisecond; the end screen's Analysis checked against analysis() and
// against a plain computation from state() snapshots; the replay stepped by
// keys to tables the test saw; statistics kept across a reload, exported,
// cleared and imported back; both drills played by clicks; two tabs that each
// finish a game; corrupt statistics set aside; a part that cannot load; and
// screenshots at desktop size and on a 320 px phone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import {
  ARTIFACTS, api, clickSlot, closeView, nonSet, openView, playLink, ready, refuseWrites, state, useBrowser, viewState,
} from './helpers.mjs';

const { open } = useBrowser();
const PHONE = { viewport: { width: 320, height: 568 }, deviceScaleFactor: 2, hasTouch: true };

/** The set rule as players state it, on ids (four ternary digits). */
const digits = (id) => [27, 9, 3, 1].map((place) => Math.floor(id / place) % 3);
const isSet = (a, b, c) => [0, 1, 2, 3].every((i) => {
  const [x, y, z] = [digits(a)[i], digits(b)[i], digits(c)[i]];
  return (x === y && y === z) || (x !== y && y !== z && x !== z);
});
const setsIn = (table) => {
  let n = 0;
  for (let i = 0; i < table.length; i++)
    for (let j = i + 1; j < table.length; j++)
      for (let k = j + 1; k < table.length; k++) n += isSet(table[i], table[j], table[k]);
  return n;
};
/** The attributes three ids break, by the plain rule. */
const broken = (cards) => ['colour', 'shape', 'fill', 'number'].filter((_, i) => {
  const [x, y, z] = cards.map((id) => digits(id)[i]);
  return !((x === y && y === z) || (x !== y && y !== z && x !== z));
});
const clock = (ms) => `${Math.floor(ms / 60000)}:${String(Math.floor(ms / 1000) % 60).padStart(2, '0')}.${Math.floor(ms % 1000 / 100)}`;
const lowerMedian = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

/**
 * Plays a game to its end by clicks, the clock moving a known time before
 * each claim: a hint first, one wrong claim before the second set. Returns
 * what a plain reader of state() saw: the time each set took, the table and
 * its sets before each claim, the wrong claim's cards, and the end state.
 */
async function playTimed(page) {
  const seen = { took: [], tables: [], setsOut: [], wrong: null, moves: [] };
  await page.clock.runFor(200);
  await page.click('#hint-button');
  let sinceLast = 200;
  for (let claim = 0; !(await state(page)).over; claim++) {
    assert.ok(claim < 40, 'the game does not end');
    if (claim === 1) {
      await page.clock.runFor(400);
      sinceLast += 400;
      const slots = await nonSet(page);
      const { table } = await state(page);
      seen.wrong = slots.map((slot) => table[slot]);
      seen.moves.push({ kind: 'wrong', table });
      for (const slot of slots) await clickSlot(page, slot);
    }
    const wait = 1000 + 700 * (claim % 5);
    await page.clock.runFor(wait);
    sinceLast += wait;
    const before = await state(page);
    seen.tables.push(before.table);
    seen.setsOut.push(setsIn(before.table));
    seen.moves.push({ kind: 'set', table: before.table });
    for (const slot of await api(page, 'hint')) await clickSlot(page, slot);
    seen.took.push(sinceLast);
    sinceLast = 0;
  }
  seen.end = await state(page);
  return seen;
}

for (const mode of ['classic', 'junior']) {
  test(`${mode}: the end screen's analysis agrees with analysis() and with a plain reading of the game`, { timeout: 120_000 }, async () => {
    const { page, problems, close } = await open(`?mode=${mode}&seed=21`, { clock: true });
    const seen = await playTimed(page);
    const sets = seen.took.length;
    assert.equal(seen.end.setsFound, sets);
    assert.equal(seen.end.elapsedMs, seen.took.reduce((a, b) => a + b, 0), 'the clock counted exactly the time given');

    await page.locator('#end-screen').waitFor({ state: 'visible' });
    await page.click('#open-analysis');
    await viewState(page, 'analysis');
    const save = await page.evaluate(() => localStorage.getItem('set-game/save'));
    const analysis = await page.evaluate((save) => window.reviewBindings.analysis(save), save);
    // Without a save: the game just played, the same analysis.
    assert.deepEqual(await page.evaluate(() => window.reviewBindings.analysis()), analysis);

    // analysis() against the plain reading.
    assert.deepEqual(analysis.setsMs, seen.took);
    assert.deepEqual(analysis.claimsOut, seen.setsOut);
    assert.equal(analysis.medianMs, lowerMedian(seen.took));
    assert.equal(analysis.bestMs, Math.min(...seen.took));
    assert.equal(analysis.worstMs, Math.max(...seen.took));
    assert.equal(analysis.paceMs, Math.floor(seen.end.elapsedMs / sets));
    assert.equal(analysis.hints, 1);
    assert.equal(analysis.wrong.length, 1);
    assert.deepEqual(analysis.wrong[0].cards, seen.wrong);
    assert.deepEqual(analysis.wrong[0].broken, broken(seen.wrong));
    assert.deepEqual(analysis.tables.slice(0, sets).map((t) => t.table), seen.tables);
    assert.ok(analysis.missed.length <= 5);
    for (let i = 1; i < analysis.missedMs.length; i++) assert.ok(analysis.missedMs[i - 1] >= analysis.missedMs[i], 'longest first');

    // What the end screen's analysis shows, against both.
    const text = async (id) => (await page.locator(`#${id}`).textContent()).trim();
    assert.equal(await text('review-sets'), String(sets));
    assert.equal(await text('review-median'), clock(lowerMedian(seen.took)));
    assert.equal(await text('review-best'), clock(Math.min(...seen.took)));
    assert.equal(await text('review-worst'), clock(Math.max(...seen.took)));
    assert.equal(await text('review-pace'), clock(Math.floor(seen.end.elapsedMs / sets)));
    assert.equal(await text('review-hints'), '1');
    assert.equal(await text('review-wrong'), '1');
    assert.equal(await page.locator('#review-tables tbody tr').count(), sets);
    // The time-per-set chart is drawn crisp: its bitmap is its CSS size × the pixel ratio.
    const bars = await page.evaluate(() => {
      const c = document.getElementById('review-bars');
      return [c.width, Math.round(c.getBoundingClientRect().width * devicePixelRatio)];
    });
    assert.equal(bars[0], bars[1]);
    // A missed set shows its table, with the set ringed.
    if (analysis.missed.length > 0) {
      await page.click('#review-missed-0');
      await page.locator('#review-missed-table').waitFor();
      assert.equal(await page.getAttribute('#review-missed-0', 'aria-pressed'), 'true');
    }
    await page.screenshot({ path: `${ARTIFACTS}/review-analysis-${mode}.png` });
    // It reads the save and never changes it.
    assert.equal(await page.evaluate(() => localStorage.getItem('set-game/save')), save);
    assert.deepEqual(problems, []);
    await close();
  });
}

test('the replay steps by keys to the tables the game showed, and changes nothing', { timeout: 120_000 }, async () => {
  const { page, problems, close } = await open('?seed=33', { clock: true });
  const seen = await playTimed(page);
  await page.click('#open-replay');
  let view = await viewState(page, 'replay');
  // The deal, one step per move (the hint, the wrong claim, the sets), the end.
  assert.equal(view.steps, seen.moves.length + 3);
  assert.equal(view.step, 0);
  await page.locator('#review-next').focus();
  // Step 1 is the hint, made on the deal's table; step 2 the first set's table.
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  view = await viewState(page, 'replay');
  assert.equal(view.step, 2);
  assert.deepEqual(view.table, seen.moves[0].table);
  assert.equal(view.marked.length, 3);
  assert.ok(isSet(...view.marked), 'a set is marked');
  // On to the wrong claim (step 3): its cards are marked, and they are not a set.
  await page.keyboard.press('ArrowRight');
  view = await viewState(page, 'replay');
  assert.deepEqual(view.table, seen.moves[1].table);
  assert.deepEqual([...view.marked].sort(), [...seen.wrong].sort());
  await page.keyboard.press('End');
  view = await viewState(page, 'replay');
  assert.equal(view.step, view.steps - 1);
  assert.deepEqual(view.table, seen.end.table);
  await page.keyboard.press('Home');
  assert.equal((await viewState(page, 'replay')).step, 0);
  // PageDown goes five moves on; the slider follows.
  await page.keyboard.press('PageDown');
  view = await viewState(page, 'replay');
  assert.equal(view.step, 5);
  assert.equal(await page.inputValue('#review-step'), '5');
  // Step k ≥ 2 is the table before move k, the (k − 2)th the test saw (the hint was move 1).
  assert.deepEqual(view.table, seen.moves[3].table);
  await page.screenshot({ path: `${ARTIFACTS}/review-replay.png` });
  await closeView(page);
  assert.deepEqual(await state(page), seen.end, 'the game is as it was');
  assert.deepEqual(problems, []);
  await close();
});

test('a game in progress replays too, and the replay reads it without changing it', { timeout: 60_000 }, async () => {
  const { page, problems, close } = await open('?seed=5&mode=chain', { viewport: PHONE.viewport, deviceScaleFactor: 2 });
  for (const slot of await api(page, 'hint')) await clickSlot(page, slot);
  const before = await state(page);
  const save = await page.evaluate(() => localStorage.getItem('set-game/save'));
  const view = await openView(page, 'replay');
  assert.equal(view.steps, 3);
  await page.keyboard.press('End');
  assert.match((await viewState(page, 'replay')).caption, /^Now: 1 sets found/);
  await page.screenshot({ path: `${ARTIFACTS}/review-replay-phone.png` });
  await closeView(page);
  assert.equal(await page.evaluate(() => localStorage.getItem('set-game/save')), save);
  const after = await state(page);
  // The clock runs, and the claim's cards had not come to rest when it was read.
  assert.deepEqual({ ...after, elapsedMs: 0, animating: false }, { ...before, elapsedMs: 0, animating: false });
  assert.deepEqual(problems, []);
  await close();
});

/** Finishes the daily puzzle of a date by clicks (quick: six sets on one table). */
async function solveDaily(page) {
  while (!(await state(page)).over) {
    for (const slot of await api(page, 'hint')) await clickSlot(page, slot);
  }
}

test('statistics are kept across a reload, and an export imported into cleared storage gives them back equal', { timeout: 120_000 }, async () => {
  const { page, problems, close } = await open('?mode=daily&date=2026-11-22');
  await solveDaily(page);
  await page.goto(page.url().split('?')[0] + '?mode=daily&date=2026-11-23');
  await ready(page);
  await solveDaily(page);
  await page.click('#end-new-game');
  await ready(page);
  // From the settings panel, as a player finds it.
  await page.click('#open-settings');
  await page.click('#settings-stats');
  await viewState(page, 'stats');
  await page.selectOption('#review-mode', 'daily');
  assert.equal((await page.textContent('#review-finished')).trim(), '2');
  assert.equal((await page.textContent('#review-sets')).trim(), '12');
  assert.equal((await page.textContent('#review-best-streak')).trim(), '2');
  const stats = await page.evaluate(() => window.reviewBindings.stats());
  assert.equal(stats.daily.finished, 2);
  assert.equal(stats.daily.bestStreak, 2);
  assert.ok(stats.daily.started >= 2 && stats.daily.started <= 3);
  await page.screenshot({ path: `${ARTIFACTS}/review-stats.png` });

  // A reload keeps them.
  await page.reload();
  await ready(page);
  await openView(page, 'stats');
  assert.deepEqual(await page.evaluate(() => window.reviewBindings.stats()), stats);

  // Export, clear storage, import: equal.
  const download = page.waitForEvent('download');
  await page.click('#review-export');
  const file = await (await download).path();
  const exported = JSON.parse(await readFile(file, 'utf8'));
  assert.equal(exported.format, 'SET statistics');
  assert.equal(exported.stats.daily.finished, 2);
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await ready(page);
  await openView(page, 'stats');
  assert.equal((await page.evaluate(() => window.reviewBindings.stats())).daily.finished, 0);
  await page.setInputFiles('#review-import', file);
  await page.waitForFunction(() => window.reviewBindings.stats().daily.finished === 2);
  const imported = await page.evaluate(() => window.reviewBindings.stats());
  // A game dealt by the reload after clearing counts as started.
  assert.deepEqual({ ...imported, classic: null }, { ...stats, classic: null });
  assert.match(await page.textContent('#review-said'), /Imported: 2 new games/);
  // Imported again: nothing doubles.
  await page.setInputFiles('#review-import', file);
  await page.waitForFunction(() => /Imported: 0 new games/.test(document.getElementById('review-said').textContent));
  assert.equal((await page.evaluate(() => window.reviewBindings.stats())).daily.finished, 2);
  // A file that is not ours changes nothing.
  await page.setInputFiles('#review-import', { name: 'x.json', mimeType: 'application/json', buffer: Buffer.from('{"hello":1}') });
  await page.waitForFunction(() => /not imported/.test(document.getElementById('review-said').textContent));
  assert.equal((await page.evaluate(() => window.reviewBindings.stats())).daily.finished, 2);
  assert.deepEqual(problems, []);
  await close();
});

test('two tabs that each finish a game keep both', { timeout: 90_000 }, async () => {
  const first = await open('?mode=daily&date=2026-11-20');
  const second = await first.context.newPage();
  await second.goto(first.page.url());
  await ready(second);
  // Each tab plays a puzzle of its own to the end, one after the other.
  await playLink(second, '?mode=daily&date=2026-11-21');
  await solveDaily(second);
  await playLink(first.page, '?mode=daily&date=2026-11-20');
  await solveDaily(first.page);
  await openView(first.page, 'stats');
  const stats = await first.page.evaluate(() => window.reviewBindings.stats());
  assert.equal(stats.daily.finished, 2);
  assert.deepEqual(first.problems, []);
  await first.close();
});

test('corrupt statistics are set aside with a notice, never dropped', { timeout: 60_000 }, async () => {
  const { page, problems, close } = await open('?seed=2', { init: () => localStorage.setItem('set-game/stats', 'SET stats 1\nstarted chess 4\n') });
  await openView(page, 'stats');
  assert.match(await page.textContent('#review-notice'), /could not be read.*kept aside/);
  const aside = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('set-game/set-aside/stats-')).map((k) => JSON.parse(localStorage.getItem(k))));
  assert.equal(aside.length, 1);
  assert.equal(aside[0].stats, 'SET stats 1\nstarted chess 4\n');
  assert.deepEqual(problems, []);
  await close();
});

test('statistics that storage refuses to write are said, kept in the inbox, and written once it can', { timeout: 60_000 }, async () => {
  const { page, problems, close } = await open('?mode=daily&date=2026-11-17', { init: refuseWrites({ key: 'set-game/stats', whileFull: true }) });
  await page.evaluate(() => { window.storageFull = true; });
  await solveDaily(page);
  await openView(page, 'stats');
  assert.match(await page.textContent('#review-notice'), /not being saved: .*quota/i);
  await page.selectOption('#review-mode', 'daily');
  assert.equal((await page.textContent('#review-finished')).trim(), '1', 'shown all the same');
  assert.match(await page.evaluate(() => localStorage.getItem('set-game/stats-inbox')), /^finished /m, 'the inbox keeps the game');
  // Room again: the next time the record is written, the game is in it and the inbox is empty.
  await page.evaluate(() => { window.storageFull = false; });
  await closeView(page);
  await openView(page, 'practice');
  await page.click('#review-how-many');
  for (let round = 0; round < 10; round++) {
    const view = await viewState(page, 'practice');
    await page.click(`#review-count-${Math.min(setsIn(view.table), 7)}`);
  }
  assert.match(await page.evaluate(() => localStorage.getItem('set-game/stats')), /^game /m);
  assert.equal(await page.evaluate(() => localStorage.getItem('set-game/stats-inbox')), null);
  assert.deepEqual(problems, []);
  await close();
});

/** The 4Set rule from its words, on base-4 ids (colour, shape, fill, number):
 *  in every trait the four values are all the same, all different, or two pairs. */
function isFourSet(ids) {
  return [6, 4, 2, 0].every((shift) => {
    const counts = [0, 0, 0, 0];
    for (const id of ids) counts[(id >> shift) & 3]++;
    const shape = counts.filter((n) => n > 0).sort().join();
    return shape === '4' || shape === '1,1,1,1' || shape === '2,2';
  });
}

test('the three drills are played by clicks, and their records are kept', { timeout: 120_000 }, async () => {
  for (const [size, options] of [['desktop', {}], ['phone', PHONE]]) {
    const { page, problems, close } = await open('?seed=8', options);
    await page.click('#open-settings');
    await page.click('#settings-practice');
    await viewState(page, 'practice');
    await page.screenshot({ path: `${ARTIFACTS}/review-practice-${size}.png` });
    await page.click('#review-third-card');
    for (let round = 0; round < 20; round++) {
      const view = await viewState(page, 'practice');
      assert.equal(view.round, round);
      const right = view.candidates.findIndex((id) => isSet(view.pair[0], view.pair[1], id));
      // One wrong answer, on the first round.
      const pick = round === 0 ? (right + 1) % 9 : right;
      if (round === 1) await page.screenshot({ path: `${ARTIFACTS}/review-third-card-${size}.png` });
      await page.click(`#review-pick-${pick}`);
    }
    assert.match(await page.textContent('#review-result'), /^19 of 20 right/);
    await page.click('#review-practice');
    await page.click('#review-how-many');
    for (let round = 0; round < 10; round++) {
      const view = await viewState(page, 'practice');
      if (round === 0) await page.screenshot({ path: `${ARTIFACTS}/review-how-many-${size}.png` });
      await page.click(`#review-count-${Math.min(setsIn(view.table), 7)}`);
    }
    assert.match(await page.textContent('#review-result'), /^10 of 10 right/);
    await page.click('#review-practice');
    await page.click('#review-fourth-card');
    for (let round = 0; round < 15; round++) {
      const view = await viewState(page, 'practice');
      assert.equal(view.triple.length, 3);
      const right = view.candidates.findIndex((id) => isFourSet([...view.triple, id]));
      assert.equal(view.candidates.filter((id) => isFourSet([...view.triple, id])).length, 1, 'exactly one completes it');
      if (round === 0) await page.screenshot({ path: `${ARTIFACTS}/review-fourth-card-${size}.png` });
      await page.click(`#review-pick-${right}`);
    }
    assert.match(await page.textContent('#review-result'), /^15 of 15 right/);
    const { drills } = await page.evaluate(() => window.reviewBindings.stats());
    assert.deepEqual([drills['third-card'].runs, drills['third-card'].answers, drills['third-card'].correct], [1, 20, 19]);
    assert.deepEqual([drills['how-many'].runs, drills['how-many'].correct], [1, 10]);
    assert.deepEqual([drills['fourth-card'].runs, drills['fourth-card'].correct], [1, 15]);
    assert.deepEqual(problems, []);
    await close();
  }
});

test('screenshots of the statistics and the analysis on a 320 px phone', { timeout: 90_000 }, async () => {
  const { page, problems, close } = await open('?mode=daily&date=2026-11-19', PHONE);
  await solveDaily(page);
  await page.locator('#end-screen').waitFor({ state: 'visible' });
  await page.tap('#open-analysis');
  await viewState(page, 'analysis');
  const width = await page.evaluate(() => document.getElementById('review').getBoundingClientRect().width);
  assert.ok(width <= 320, `the dialog fits the phone: ${width}`);
  await page.screenshot({ path: `${ARTIFACTS}/review-analysis-phone.png` });
  await closeView(page);
  await openView(page, 'stats');
  assert.equal(await page.inputValue('#review-mode'), 'daily', 'the statistics open on the way to play of the game on the board');
  assert.equal((await page.textContent('#review-finished')).trim(), '1');
  await page.screenshot({ path: `${ARTIFACTS}/review-stats-phone.png` });
  assert.deepEqual(problems, []);
  await close();
});

test('bad input to the part\'s exports throws an Error naming the value and changes nothing', { timeout: 60_000 }, async () => {
  const { page, problems, close } = await open('?seed=6');
  await openView(page, 'stats');
  const before = await page.evaluate(() => [window.reviewBindings.stats(), window.reviewBindings.view_state()]);
  const thrown = await page.evaluate(() => [
    ['open', 'nonsense'], ['open', 'replay', 'SET save 9\n'], ['open', 'analysis', undefined], ['analysis', 'garbage'],
  ].map(([name, ...args]) => {
    try {
      window.reviewBindings[name](...args);
      return 'no error';
    } catch (error) {
      return `${error instanceof Error}: ${error.message}`;
    }
  }));
  assert.match(thrown[0], /^true: "nonsense" is not a view/);
  assert.match(thrown[1], /^true: the game to show cannot be read: .*newer version/);
  assert.match(thrown[2], /^true: the analysis view needs a game's save text/);
  assert.match(thrown[3], /^true: the game cannot be read: it is not a saved SET game/);
  assert.deepEqual(await page.evaluate(() => [window.reviewBindings.stats(), window.reviewBindings.view_state()]), before);
  assert.deepEqual(problems, []);
  await close();
});

test('a part that cannot be loaded says so in the notice, and the game stays as it was', { timeout: 60_000 }, async () => {
  // No service worker: its cache would serve the part past the blocked network.
  const { page, problems, close } = await open('?seed=7', { serviceWorkers: 'block' });
  await page.context().route(/review-[0-9a-f]+(_bg\.wasm|\.js)$/, (route) => route.abort());
  for (const slot of await api(page, 'hint')) await clickSlot(page, slot);
  const before = await state(page);
  await page.click('#open-settings');
  await page.click('#settings-stats');
  await page.waitForFunction(() => /could not be opened/.test(document.getElementById('notice-text').textContent));
  assert.ok(await page.isVisible('#notice'));
  // The clock runs, and the claim's cards had not come to rest when it was read.
  assert.deepEqual({ ...(await state(page)), elapsedMs: 0, animating: false }, { ...before, elapsedMs: 0, animating: false });
  // Loading failures are reported to the console by Chromium itself.
  assert.deepEqual(problems.filter((p) => !/Failed to (load|fetch)|ERR_FAILED|net::/.test(p)), []);
  await close();
});
