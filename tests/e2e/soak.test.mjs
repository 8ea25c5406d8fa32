// A soak: thousands of random clicks, taps, key presses, resizes,
// visibility changes and reloads on the real page. After every batch the
// state must be sound and the console clean; reloads must keep the game.
// It ends by finishing a game. SOAK_EVENTS and SOAK_SEED change the run.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SLOT_KEYS, assertSound, finishGame, kept, ready, resize, setHidden, state, useBrowser } from './helpers.mjs';

const EVENTS = Number(process.env.SOAK_EVENTS ?? 2000);
const SEED = Number(process.env.SOAK_SEED ?? 20261122);
const BATCH = 100;

const { open } = useBrowser();

/** mulberry32: a small seeded generator, so a failing run can be repeated. */
function generator(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

test(`the page holds up under ${EVENTS} random events`, { timeout: 600_000 }, async (t) => {
  const random = generator(SEED);
  const pick = (items) => items[Math.floor(random() * items.length)];
  const between = (low, high) => Math.round(low + random() * (high - low));
  // The soak stays on this page, reloads included: the links to the other
  // pages (race.html, online.html, with tests of their own) lead nowhere here.
  const stay = () => addEventListener('DOMContentLoaded', () => {
    for (const link of document.querySelectorAll('a[href*=".html"]')) link.removeAttribute('href');
  });
  const { page, problems, close } = await open('?seed=4242', { hasTouch: true, viewport: { width: 1024, height: 768 }, init: stay });
  const counts = {};
  const keys = [...SLOT_KEYS, 'h', 'Escape', '?', 'x', 'Enter'];
  let hidden = false;

  for (let event = 0; event < EVENTS; event++) {
    const roll = random();
    const { width, height } = page.viewportSize();
    let kind;
    if (roll < 0.3) {
      kind = 'card click';
      // One task in the page: a tap's click can still land between two calls
      // and change the table under a slot chosen from an older state.
      const [x, y, w, h] = await page.evaluate((fraction) => {
        const b = window.wasmBindings;
        const cards = b.state().table.length;
        return b.slot_rect(Math.min(cards - 1, Math.floor(fraction * cards)));
      }, random());
      await page.mouse.click(x + random() * w, y + random() * h);
    } else if (roll < 0.5) {
      kind = 'click anywhere';
      await page.mouse.click(random() * width, random() * height);
    } else if (roll < 0.6) {
      kind = 'tap';
      await page.touchscreen.tap(random() * width, random() * height);
    } else if (roll < 0.85) {
      kind = 'key';
      await page.keyboard.press(pick(keys));
    } else if (roll < 0.9) {
      kind = 'hint button';
      if (await page.isVisible('#hint-button')) await page.click('#hint-button', { trial: false, force: true }).catch(() => {});
    } else if (roll < 0.95) {
      kind = 'resize';
      await page.setViewportSize({ width: between(320, 2560), height: between(480, 1440) });
    } else if (roll < 0.985) {
      kind = 'visibility';
      hidden = !hidden;
      await setHidden(page, hidden);
    } else if (roll < 0.995) {
      kind = 'reload';
      const before = kept(await state(page));
      await page.reload();
      await ready(page);
      hidden = false;
      assert.deepEqual(kept(await state(page)), before, `event ${event}: the reload lost something`);
    } else {
      kind = 'new game';
      await page.keyboard.press('n');
    }
    counts[kind] = (counts[kind] ?? 0) + 1;
    if ((event + 1) % BATCH === 0) {
      assertSound(await state(page));
      assert.deepEqual(problems, [], `after event ${event}`);
    }
  }
  if (hidden) await setHidden(page, false);
  await resize(page, 1280, 800);
  await finishGame(page);
  assert.ok(await page.isVisible('#end-screen'));
  const end = await state(page);
  assert.equal(end.deck, 0);
  assert.deepEqual(problems, []);
  t.diagnostic(`seed ${SEED}, ${EVENTS} events: ${JSON.stringify(counts)}; finished a game with ${end.setsFound} sets`);
  await close();
});
