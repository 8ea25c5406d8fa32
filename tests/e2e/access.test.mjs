// Playable by everyone (issue 9), as far as it goes: the live region that
// tells screen readers what happened, and the system's reduced-motion
// setting, emulated by Playwright.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AxeBuilder } from '@axe-core/playwright';
import { api, clickSlot, finishGame, nonSet, resize, state, useBrowser } from './helpers.mjs';

const { open } = useBrowser();

// Counts the animation frames the page asks for: the found fade and the
// wrong-claim shake are the game's only animations.
const countFrames = () => {
  window.framesAsked = 0;
  const ask = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (callback) => {
    window.framesAsked += 1;
    return ask(callback);
  };
};

/** A found set and a wrong claim; how many animation frames they asked for. */
async function claimAndMiss(page) {
  for (const slot of await api(page, 'hint')) await clickSlot(page, slot);
  for (const slot of await nonSet(page)) await clickSlot(page, slot);
  const s = await state(page);
  assert.equal(s.setsFound, 1);
  assert.equal(s.wrongClaims, 1);
  await page.waitForTimeout(800);
  return page.evaluate(() => window.framesAsked);
}

test('with reduced motion, nothing shakes or fades; the same news is told', { timeout: 60_000 }, async () => {
  const moving = await open('?seed=12', { init: countFrames });
  assert.ok((await claimAndMiss(moving.page)) > 5, 'without the setting, the claims animate');
  await moving.close();

  const still = await open('?seed=12', { init: countFrames, reducedMotion: 'reduce' });
  assert.equal(await claimAndMiss(still.page), 0, 'with reduced motion, no animation frame is asked for');
  // The wrong claim is still explained, and counted.
  assert.match(await still.page.locator('#notice-text').textContent(), /^Two (are|have) /);
  assert.equal(await still.page.locator('#wrong-claims').textContent(), '1');
  assert.deepEqual(still.problems, []);
  await still.close();
});

/** A card in words, from the id's digits (a plain reference, not the game's own). */
function words(id) {
  const count = (id % 3) + 1;
  const fill = ['open', 'striped', 'solid'][Math.floor(id / 3) % 3];
  const colour = ['red', 'green', 'purple'][Math.floor(id / 27)];
  const shape = ['diamond', 'squiggle', 'oval'][Math.floor(id / 9) % 3];
  return `${count} ${fill} ${colour} ${shape}${count > 1 ? 's' : ''}`;
}

test('a polite live region tells what each hint and claim did', { timeout: 60_000 }, async () => {
  const { page, problems, close } = await open('?seed=12');
  const said = () => page.locator('#announce').textContent();
  assert.equal(await page.getAttribute('#announce', 'role'), 'status');
  let s = await state(page);
  await page.keyboard.press('h');
  s = await state(page);
  assert.equal(await said(), `Hint: ${words(s.table[s.hinted[0]])}.`);

  const set = await api(page, 'hint');
  for (const slot of set) await clickSlot(page, slot);
  const after = await state(page);
  const dealt = s.deck - after.deck;
  assert.equal(await said(), dealt ? `Set! ${dealt} new cards.` : 'Set!');
  // The same news twice in a row is still news: the text changes.
  const first = await said();
  for (const slot of await api(page, 'hint')) await clickSlot(page, slot);
  assert.notEqual(await said(), first);
  assert.equal((await said()).trim(), first.trim());
  s = await state(page);

  const wrong = await nonSet(page);
  const ids = wrong.map((slot) => s.table[slot]);
  for (const slot of wrong) await clickSlot(page, slot);
  const reasons = await api(page, 'explain', ...ids);
  assert.equal(await said(), `Not a set. ${reasons.join(' ')}`);
  assert.deepEqual(problems, []);
  await close();
});

/** axe-core's findings on the page as it is now: WCAG 2.2 A and AA, and best practice. */
async function audit(page, where) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  const found = violations.map((v) => `${where}: ${v.id} (${v.impact}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  assert.deepEqual(found, [], found.join('\n'));
}

test('axe finds no violation on the board, with a notice, on the end screens and in the gallery', { timeout: 120_000 }, async () => {
  const { page, close } = await open('?seed=4');
  await audit(page, 'board');
  for (const slot of await nonSet(page)) await clickSlot(page, slot);
  await audit(page, 'board with a notice');
  await finishGame(page);
  await page.locator('#end-screen').waitFor({ state: 'visible' });
  await audit(page, 'end screen');
  await close();

  const daily = await open('?mode=daily&date=2026-11-23');
  await finishGame(daily.page);
  await daily.page.locator('#share').waitFor({ state: 'visible' });
  await audit(daily.page, 'daily end screen');
  await daily.close();

  const chain = await open('?mode=chain&seed=5');
  for (const slot of await api(chain.page, 'hint')) await clickSlot(chain.page, slot);
  await audit(chain.page, 'Set-Chain with its previous set');
  await chain.close();

  const gallery = await open('?gallery');
  await audit(gallery.page, 'gallery');
  await gallery.close();
});

test('at 200 % zoom the board still fits, every card answers, and every control is on screen', { timeout: 60_000 }, async () => {
  // 200 % zoom of a 1280 × 800 window: half the CSS pixels, twice the device pixels each.
  const { page, problems, close } = await open('?seed=20734893', { viewport: { width: 640, height: 400 }, deviceScaleFactor: 4 });
  await resize(page, 640, 400);
  const s = await state(page);
  assert.equal(s.table.length, 21, 'the seed that deals 21 cards');
  const scroll = await page.evaluate(() => [document.scrollingElement.scrollWidth, document.scrollingElement.scrollHeight]);
  assert.deepEqual(scroll, [640, 400], 'nothing scrolls');
  for (let slot = 0; slot < s.table.length; slot++) {
    const [x, y, w, h] = await api(page, 'slot_rect', slot);
    assert.ok(x >= 0 && y >= 0 && x + w <= 640 && y + h <= 400, `slot ${slot} is on screen`);
    assert.ok(w >= 40, `slot ${slot} is ${w} px wide`);
  }
  for (const id of ['mode', 'hint-button', 'new-game-button', 'keys-button']) {
    const box = await page.locator(`#${id}`).boundingBox();
    assert.ok(box && box.x >= 0 && box.y >= 0 && box.x + box.width <= 640 && box.y + box.height <= 400, `#${id} is on screen`);
  }
  // A set claimed by clicks at this zoom.
  for (const slot of await api(page, 'hint')) await clickSlot(page, slot);
  assert.equal((await state(page)).setsFound, 1);
  await page.screenshot({ path: 'test-artifacts/zoom-200.png' });
  assert.deepEqual(problems, []);
  await close();
});
