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

test('a set found in the daily puzzle stays on the table, so it does not fade out', { timeout: 60_000 }, async () => {
  const { page, problems, close } = await open('?mode=daily&date=2026-11-23', { init: countFrames });
  for (const slot of await api(page, 'hint')) await clickSlot(page, slot);
  assert.equal((await state(page)).setsFound, 1);
  await page.waitForTimeout(800);
  assert.equal(await page.evaluate(() => window.framesAsked), 0, 'no fade over cards that stay');
  assert.deepEqual(problems, []);
  await close();
});

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

test('at 200 % zoom and on the narrowest phone the board fits, every card answers, and every control is on screen', { timeout: 60_000 }, async () => {
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
  await assertControlsOnScreen(page, 640, 400);
  // A set claimed by clicks at this zoom.
  for (const slot of await api(page, 'hint')) await clickSlot(page, slot);
  assert.equal((await state(page)).setsFound, 1);
  await page.screenshot({ path: 'test-artifacts/zoom-200.png' });
  // The narrowest phone, where the controls wrap onto a second line.
  await resize(page, 320, 568);
  await assertControlsOnScreen(page, 320, 568);
  assert.deepEqual(problems, []);
  await close();
});

async function assertControlsOnScreen(page, width, height) {
  for (const id of ['mode', 'hint-button', 'new-game-button', 'keys-button', 'cues-button']) {
    const box = await page.locator(`#${id}`).boundingBox();
    const inside = box && box.x >= 0 && box.y >= 0 && box.x + box.width <= width && box.y + box.height <= height;
    assert.ok(inside, `#${id} is on screen at ${width}×${height}: ${JSON.stringify(box)}`);
  }
}

/** Luminance of every device pixel in the bottom-right corner of a gallery
 *  card (where the colour cue goes): what a greyscale view shows there. */
async function cornerInGrey(page, id) {
  const [x, y, w, h] = await api(page, 'slot_rect', id);
  return page.evaluate(([x, y, w, h]) => {
    const canvas = document.getElementById('board');
    const box = canvas.getBoundingClientRect();
    const scale = canvas.width / box.width;
    const [left, top] = [Math.floor((x - box.left + w * 0.84) * scale), Math.floor((y - box.top + h * 0.8) * scale)];
    const [width, height] = [Math.floor(w * 0.15 * scale), Math.floor(h * 0.19 * scale)];
    const { data } = canvas.getContext('2d').getImageData(left, top, width, height);
    const grey = [];
    for (let i = 0; i < data.length; i += 4) grey.push(Math.round(0.299 * data[i] + 0.587 * data[i + 1] + 0.114 * data[i + 2]));
    return grey;
  }, [x, y, w, h]);
}

const differ = (a, b) => a.reduce((n, v, i) => n + (Math.abs(v - b[i]) > 60 ? 1 : 0), 0);

test('colour cues mark each colour with its own letter, told apart in greyscale, and the setting is kept', { timeout: 60_000 }, async () => {
  const { page, problems, close } = await open('?gallery');
  // The same card in red, green and purple (ids c, c + 27, c + 54).
  const triple = (c) => Promise.all([c, c + 27, c + 54].map((id) => cornerInGrey(page, id)));
  const [red0, green0, purple0] = await triple(4);
  assert.equal(differ(red0, green0) + differ(green0, purple0), 0, 'without cues, the corners are alike');

  await page.locator('#cues-button').click();
  assert.equal(await page.getAttribute('#cues-button', 'aria-pressed'), 'true');
  for (const c of [0, 13, 26]) {
    const [red, green, purple] = await triple(c);
    assert.ok(differ(red, green) > 20 && differ(green, purple) > 20 && differ(red, purple) > 20, `card ${c}: each colour's cue differs in grey`);
    // The same colour carries the same cue whatever the card.
    assert.equal(differ(red, await cornerInGrey(page, c === 0 ? 1 : 0)), 0, 'red is always R');
  }
  await page.screenshot({ path: 'test-artifacts/gallery-colour-cues.png' });

  // Kept under its own key, and back after a reload.
  assert.match(await page.evaluate(() => localStorage.getItem('set-game/settings')), /colour-cues on/);
  await page.goto(page.url().split('?')[0] + '?seed=3');
  await page.waitForFunction(() => window.wasmBindings?.state && performance.getEntriesByName('first-board').length > 0);
  assert.equal(await page.getAttribute('#cues-button', 'aria-pressed'), 'true');
  await audit(page, 'board with colour cues');
  assert.deepEqual(problems, []);
  await close();
});
