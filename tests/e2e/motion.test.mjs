// How long cards move, timed on the built page as a person plays it, at a
// desktop and a 390 px phone (issue 38); beside other files its timings
// would be their load, so this file runs alone (scripts/test.sh, E2E_SERIAL):
// - a claim's frames, sampled every ~30 ms in the page from the pixels of
//   the board's canvas and of the moving cards' layers as the page places
//   them, change for at least 150 ms, and `state().animating` says so;
//   with reduced motion the final board is there within 100 ms;
// - the same on race.html against a computer opponent and in an online
//   room with one, the set found from the table's ids by the tests' own
//   finder and tapped where `card_rect` says;
// - online, a rival's set is marked in their colour on the other page for
//   at least 300 ms before it leaves, and both boards come to rest.
// Where cards lie through whole games: places.test.mjs; sound: sound.test.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DESKTOP_AND_PHONE, api, clickCard, clickSlot, installBoardProbe, playingWithOthers, setsOf, state, twoPlayers, useBrowser } from './helpers.mjs';

const browser = useBrowser();
const { open } = browser;

const SCREENS = DESKTOP_AND_PHONE;

/** Starts sampling the board in the page every ~30 ms: a coarse hash of its
 *  pixels (the canvas and the moving cards' layers over it), and
 *  `state().animating`. Needs `installBoardProbe` run first. */
function startSampling() {
  // The board scaled down to a thumbnail: cheap to read every 30 ms, and any card that moves changes it.
  const thumb = document.createElement('canvas');
  thumb.width = 96;
  thumb.height = 64;
  const context = thumb.getContext('2d', { willReadFrequently: true });
  window.samples = [];
  const started = performance.now();
  const sample = () => {
    window.boardThumb(context, thumb.width, thumb.height);
    const pixels = context.getImageData(0, 0, thumb.width, thumb.height).data;
    let hash = 0;
    for (let i = 0; i < pixels.length; i += 4) hash = (hash * 31 + pixels[i] + pixels[i + 1] * 3 + pixels[i + 2] * 7) | 0;
    window.samples.push({ at: performance.now() - started, hash, animating: window.wasmBindings.state().animating });
  };
  // The board before the tap, then every ~30 ms.
  sample();
  window.sampler = setInterval(sample, 30);
}

/** Claims the set a hint shows, by taps where the cards are drawn; returns the samples from the last tap on. */
async function claimSampled(page) {
  const slots = await api(page, 'hint');
  await page.keyboard.press('Escape');
  await clickSlot(page, slots[0]);
  await clickSlot(page, slots[1]);
  await page.evaluate(installBoardProbe);
  await page.evaluate(startSampling);
  await clickSlot(page, slots[2]);
  await page.waitForTimeout(900);
  return page.evaluate(() => (clearInterval(window.sampler), window.samples));
}

/** When the board first and last changed (the samples that differ from the
 *  one before, in ms from the first sample), and how many frames differed. */
function changing(samples) {
  let [first, last] = [undefined, 0];
  for (let i = 1; i < samples.length; i++) {
    if (samples[i].hash !== samples[i - 1].hash) {
      first ??= samples[i].at;
      last = samples[i].at;
    }
  }
  return { firstChange: first, lastChange: last, distinct: new Set(samples.map((s) => s.hash)).size };
}

for (const screen of SCREENS) {
  const { width, height, ...device } = screen;
  test(`${width} px: a claim's cards move for at least 150 ms, and with reduced motion the board is final within 100 ms`, { timeout: 90_000 }, async () => {
    const moving = await open('?seed=3', { viewport: { width, height }, ...device });
    const samples = await claimSampled(moving.page);
    const { lastChange, distinct } = changing(samples);
    assert.ok(lastChange >= 150, `the board stopped changing after ${lastChange} ms: ${JSON.stringify(samples)}`);
    const seen = JSON.stringify(samples.map((s) => [Math.round(s.at), s.hash, s.animating]));
    assert.ok(distinct >= 4, `only ${distinct} different frames: ${seen}`);
    const animated = samples.filter((s) => s.animating).map((s) => s.at);
    assert.ok(animated.length && Math.max(...animated) >= 150, `state().animating: ${JSON.stringify(animated)}`);
    assert.equal(samples.at(-1).animating, false, `the motion ends: ${JSON.stringify(samples.map((s) => [Math.round(s.at), s.animating]))}`);
    assert.equal((await state(moving.page)).setsFound, 1);
    assert.deepEqual(moving.problems, []);
    await moving.close();

    const still = await open('?seed=3', { viewport: { width, height }, ...device, reducedMotion: 'reduce' });
    const quiet = await claimSampled(still.page);
    const heard = JSON.stringify(quiet.map((s) => [Math.round(s.at), s.hash, s.animating]));
    // Timed from the board's first change, not the tap: how soon a loaded
    // machine handles a tap is not the motion's doing.
    const settled = changing(quiet);
    assert.ok(settled.firstChange !== undefined, `the claim changed the board: ${heard}`);
    assert.ok(settled.lastChange - settled.firstChange <= 100,
      `with reduced motion the board changed from ${settled.firstChange} until ${settled.lastChange} ms: ${heard}`);
    assert.ok(quiet.every((s) => !s.animating), `nothing animates: ${heard}`);
    assert.deepEqual(still.problems, []);
    await still.close();
  });
}

const OTHERS = playingWithOthers(open);

/** Claims a set of the table (found by the tests' finder), tapping where the
 *  cards are drawn; returns the samples from the last tap on. */
async function claimFoundSampled(page) {
  const [a, b, c] = setsOf((await state(page)).table)[0];
  await clickCard(page, a);
  await clickCard(page, b);
  await page.evaluate(installBoardProbe);
  await page.evaluate(startSampling);
  await clickCard(page, c);
  await page.waitForTimeout(1000);
  const samples = await page.evaluate(() => (clearInterval(window.sampler), window.samples));
  const { table } = await state(page);
  assert.ok([a, b, c].every((card) => !table.includes(card)), `the set ${[a, b, c]} was taken: ${table}`);
  return samples;
}

for (const [where, start] of Object.entries(OTHERS)) {
  for (const { width, height, ...device } of SCREENS) {
    test(`${where} at ${width} px: a claim's cards move for at least 150 ms, and with reduced motion the board is final within 100 ms`, { timeout: 90_000 }, async () => {
      const moving = await start({ viewport: { width, height }, ...device });
      const samples = await claimFoundSampled(moving.page);
      const seen = JSON.stringify(samples.map((s) => [Math.round(s.at), s.hash, s.animating]));
      const { lastChange, distinct } = changing(samples);
      assert.ok(lastChange >= 150 && distinct >= 4, `the board changed until ${lastChange} ms, ${distinct} frames: ${seen}`);
      const animated = samples.filter((s) => s.animating).map((s) => s.at);
      assert.ok(animated.length && Math.max(...animated) >= 150, `state().animating: ${seen}`);
      assert.equal(samples.at(-1).animating, false, `the motion ends: ${seen}`);
      assert.deepEqual(moving.problems, []);
      await moving.close();

      const still = await start({ viewport: { width, height }, ...device, reducedMotion: 'reduce' });
      const quiet = await claimFoundSampled(still.page);
      const heard = JSON.stringify(quiet.map((s) => [Math.round(s.at), s.hash, s.animating]));
      // Timed from the board's first change: online, that is the server's answer, which no setting hastens.
      const settled = changing(quiet);
      assert.ok(settled.firstChange === undefined || settled.lastChange - settled.firstChange <= 100,
        `with reduced motion the board changed from ${settled.firstChange} until ${settled.lastChange} ms: ${heard}`);
      assert.ok(quiet.every((s) => !s.animating), `nothing animates: ${heard}`);
      assert.deepEqual(still.problems, []);
      await still.close();
    });
  }
}

test('a rival\'s set is marked in their colour on the other page for at least 300 ms before it leaves, and both boards come to rest', { timeout: 90_000 }, async () => {
  const { ann, ben } = await twoPlayers(browser);
  const { table } = await state(ben.page);
  const set = setsOf(table)[0];
  // On Ben's page, every ~30 ms: is the left edge of each of the set's cards
  // in Ann's colour (seat 0), as the page shows it (the board, or the layer
  // a moving card is drawn on)?
  await ben.page.evaluate(installBoardProbe);
  await ben.page.evaluate((set) => {
    const points = set.map((id) => {
      const [x, y, , h] = window.wasmBindings.card_rect(id);
      return [x + 2, y + h / 2];
    });
    window.marks = [];
    const started = performance.now();
    window.sampler = setInterval(() => {
      const marked = points.map(([x, y]) => {
        const [r, g, b] = window.boardPixel(x, y);
        return Math.abs(r - 0x1a) + Math.abs(g - 0x66) + Math.abs(b - 0xd9) < 60;
      });
      window.marks.push({ at: performance.now() - started, marked: marked.every(Boolean), animating: window.wasmBindings.state().animating });
    }, 30);
  }, set);
  for (const card of set) await clickCard(ann.page, card);
  await ben.page.waitForFunction(() => window.wasmBindings.state().online.log.length === 1);
  await ben.page.waitForTimeout(1200);
  const marks = await ben.page.evaluate(() => (clearInterval(window.sampler), window.marks));
  const marked = marks.filter((m) => m.marked).map((m) => m.at);
  const seen = JSON.stringify(marks.map((m) => [Math.round(m.at), m.marked, m.animating]));
  assert.ok(marked.length > 0 && marked.at(-1) - marked[0] >= 300, `Ann's set marked on Ben's page: ${seen}`);
  assert.ok(marks.some((m) => m.animating) && !marks.at(-1).animating, `Ben's board moved and came to rest: ${seen}`);
  assert.equal((await state(ann.page)).animating, false, 'Ann\'s board is at rest too');
  assert.deepEqual((await state(ben.page)).sound, { on: true, volume: 0.6 });
  assert.deepEqual([...ann.problems, ...ben.problems], []);
  for (const one of [ann, ben]) await one.close();
});
