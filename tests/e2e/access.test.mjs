// Playable by everyone (issue 9), as far as it goes: the live region that
// tells screen readers what happened, and the system's reduced-motion
// setting, emulated by Playwright.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  api, audit, clickSlot, closeView, finishGame, galleryRect, inSettings, nonSet, openView, ready, refuseWrites, resize, state, useBrowser,
  viewState,
} from './helpers.mjs';

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
  await viewState(gallery.page, 'gallery');
  await audit(gallery.page, 'gallery');
  await closeView(gallery.page);
  await gallery.page.locator('#open-settings').click();
  await gallery.page.locator('#settings').waitFor({ state: 'visible' });
  await audit(gallery.page, 'settings panel');
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
  for (const id of ['mode', 'hint-button', 'new-game-button', 'open-settings']) {
    const box = await page.locator(`#${id}`).boundingBox();
    const inside = box && box.x >= 0 && box.y >= 0 && box.x + box.width <= width && box.y + box.height <= height;
    assert.ok(inside, `#${id} is on screen at ${width}×${height}: ${JSON.stringify(box)}`);
  }
}

/** Luminance of every device pixel in the bottom-right corner of a gallery
 *  card (where the colour cue goes): what a greyscale view shows there. */
async function cornerInGrey(page, id) {
  const [x, y, w, h] = await galleryRect(page, id);
  return page.evaluate(([x, y, w, h]) => {
    const canvas = document.getElementById('review-gallery');
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
  // At a ratio of 2: the cue's letter is a few device pixels at 1, too few to count.
  const { page, problems, close } = await open('?gallery', { deviceScaleFactor: 2 });
  // The same card in red, green and purple (ids c, c + 27, c + 54).
  const triple = (c) => Promise.all([c, c + 27, c + 54].map((id) => cornerInGrey(page, id)));
  const [red0, green0, purple0] = await triple(4);
  assert.equal(differ(red0, green0) + differ(green0, purple0), 0, 'without cues, the corners are alike');

  // The gallery is a dialog over the board: the settings are changed with it closed.
  await closeView(page);
  await inSettings(page, (page) => page.getByLabel('Colour cues').check());
  assert.ok(await page.locator('#setting-colour-cues').isChecked());
  await openView(page, 'gallery');
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
  await ready(page);
  assert.ok(await page.locator('#setting-colour-cues').isChecked(), 'the panel shows the kept setting');
  await audit(page, 'board with colour cues');
  assert.deepEqual(problems, []);
  await close();
});

/** The canvas pixel at CSS point (x, y), as [r, g, b]. */
const canvasPixel = (page, x, y, id = 'board') => page.evaluate(([x, y, id]) => {
  const canvas = document.getElementById(id);
  const scale = canvas.width / canvas.getBoundingClientRect().width;
  return [...canvas.getContext('2d').getImageData(Math.floor(x * scale), Math.floor(y * scale), 1, 1).data.slice(0, 3)];
}, [x, y, id]);
const pageBackground = (page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

const DARK_FELT = [30, 91, 69];
const LIGHT_FELT = [217, 231, 222];

test('the theme follows the emulated colour scheme; a chosen theme overrides it, is kept, and passes axe', { timeout: 60_000 }, async () => {
  for (const [scheme, felt] of [['dark', DARK_FELT], ['light', LIGHT_FELT]]) {
    const { page, problems, close } = await open('?seed=2', { colorScheme: scheme });
    assert.deepEqual(await canvasPixel(page, 2, 2), felt, `the ${scheme} system gets the ${scheme} felt`);
    assert.equal(await pageBackground(page), `rgb(${felt.join(', ')})`, 'the page around the board matches');
    await audit(page, `${scheme} theme`);
    await page.screenshot({ path: `test-artifacts/theme-${scheme}.png` });
    assert.deepEqual(problems, []);
    await close();
  }
  // The system switching while the game is open: the board follows at once.
  const live = await open('?seed=2', { colorScheme: 'dark' });
  // The system's change event comes with the next frame: wait for the felt itself.
  const feltBecomes = (felt) => live.page.waitForFunction((felt) => {
    const canvas = document.getElementById('board');
    const scale = canvas.width / canvas.getBoundingClientRect().width;
    const pixel = canvas.getContext('2d').getImageData(Math.floor(2 * scale), Math.floor(2 * scale), 1, 1).data;
    return [0, 1, 2].every((i) => pixel[i] === felt[i]);
  }, felt, { timeout: 5_000 });
  await live.page.emulateMedia({ colorScheme: 'light' });
  await feltBecomes(LIGHT_FELT);
  assert.equal(await pageBackground(live.page), `rgb(${LIGHT_FELT.join(', ')})`, 'the felt follows a switch to light');
  await live.page.emulateMedia({ colorScheme: 'dark' });
  await feltBecomes(DARK_FELT);
  assert.equal(await pageBackground(live.page), `rgb(${DARK_FELT.join(', ')})`, 'and back to dark');
  assert.deepEqual(live.problems, []);
  await live.close();
  // Light chosen on a dark system: the whole page is light, and stays so after a reload.
  const { page, problems, close } = await open('?seed=2', { colorScheme: 'dark' });
  await inSettings(page, (page) => page.getByLabel('Theme').selectOption('light'));
  assert.deepEqual(await canvasPixel(page, 2, 2), LIGHT_FELT);
  assert.equal(await pageBackground(page), `rgb(${LIGHT_FELT.join(', ')})`);
  // The page itself puts a chosen theme on before the game starts, so the
  // system's colours never flash first: the first change of data-theme comes
  // before the wasm's mount mark.
  await page.addInitScript(() => {
    window.themeChanges = [];
    new MutationObserver(() => window.themeChanges.push({
      theme: document.documentElement.getAttribute('data-theme'),
      beforeTheGame: performance.getEntriesByName('mount').length === 0,
    })).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-theme'] });
  });
  await page.reload();
  await ready(page);
  assert.deepEqual((await page.evaluate(() => window.themeChanges))[0], { theme: 'light', beforeTheGame: true });
  assert.deepEqual(await canvasPixel(page, 2, 2), LIGHT_FELT, 'the chosen theme is kept');
  assert.equal(await page.locator('#setting-theme').inputValue(), 'light');
  // Back to the system's.
  await inSettings(page, (page) => page.getByLabel('Theme').selectOption('system'));
  assert.deepEqual(await canvasPixel(page, 2, 2), DARK_FELT);
  assert.deepEqual(problems, []);
  await close();
});

test('the motion setting overrides the system either way', { timeout: 60_000 }, async () => {
  const still = await open('?seed=12', { init: countFrames });
  await inSettings(still.page, (page) => page.getByLabel('Motion').selectOption('reduced'));
  assert.equal(await claimAndMiss(still.page), 0, 'Reduced: no animation frame without the system asking');
  assert.deepEqual(still.problems, []);
  await still.close();

  const moving = await open('?seed=12', { init: countFrames, reducedMotion: 'reduce' });
  await inSettings(moving.page, (page) => page.getByLabel('Motion').selectOption('full'));
  assert.ok((await claimAndMiss(moving.page)) > 5, 'Full: the claims animate though the system asks for less');
  await moving.close();
});

// Colour-vision deficiency simulation (Machado, Oliveira and Fernandes 2009,
// severity 1) on linear RGB, and the CIE76 colour difference in CIELAB.
const CVD = {
  protanopia: [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]],
  deuteranopia: [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.01182, 0.04294, 0.968881]],
};
function seenAs(rgb, matrix) {
  const linear = rgb.map((c) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4));
  const [r, g, b] = matrix.map((row) => Math.min(1, Math.max(0, row[0] * linear[0] + row[1] * linear[1] + row[2] * linear[2])));
  const [x, y, z] = [(0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.9505, 0.2126 * r + 0.7152 * g + 0.0722 * b, (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.089];
  const f = (t) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
}
/** The colour difference of the closest two of `colours`, as `matrix` sees them. */
const closestPair = (colours, matrix) => {
  const lab = colours.map((c) => seenAs(c, matrix));
  const apart = lab.flatMap((a, i) => lab.slice(i + 1).map((b) => Math.hypot(...a.map((v, k) => v - b[k]))));
  return Math.min(...apart);
};

test('the colour-blind palette keeps red, green and purple, and the 4Set decks\' fourth colour, apart for protanopia and deuteranopia', { timeout: 60_000 }, async () => {
  const { page, problems, close } = await open('?gallery');
  // The centre of each card of `ids` in the gallery: one solid oval there is the symbol's colour.
  const centres = async (ids) => Promise.all(ids.map(async (id) => {
    const [x, y, w, h] = await galleryRect(page, id);
    const box = await page.locator('#review-gallery').boundingBox();
    return canvasPixel(page, x - box.x + w / 2, y - box.y + h / 2, 'review-gallery');
  }));
  // One solid oval of each colour (ids 24, 51, 78).
  const drawn = () => centres([24, 51, 78]);
  const classic = await drawn();
  await closeView(page);
  await inSettings(page, (page) => page.getByLabel('Card colours').selectOption('okabe-ito'));
  await openView(page, 'gallery');
  const safe = await drawn();
  assert.deepEqual(safe, [[0xd5, 0x5e, 0x00], [0x00, 0x9e, 0x73], [0x00, 0x72, 0xb2]], 'Okabe and Ito\'s vermillion, bluish green and blue');
  for (const [name, matrix] of Object.entries(CVD)) {
    const [before, after] = [closestPair(classic, matrix), closestPair(safe, matrix)];
    assert.ok(after >= 30, `${name}: the closest two colours differ by ΔE ${after.toFixed(1)}`);
    assert.ok(after > before, `${name}: ${after.toFixed(1)} against the classic palette's ${before.toFixed(1)}`);
  }
  await page.screenshot({ path: 'test-artifacts/gallery-okabe-ito.png' });
  assert.match(await page.evaluate(() => localStorage.getItem('set-game/settings')), /palette okabe-ito/);
  // The 4Set decks' fourth colour too: one solid oval of each of the four
  // in 4Set Junior's gallery (id = colour × 16 + shape × 4 + count), read
  // from the pixels, all four kept apart under both deficiencies. Asked by
  // the address while a classic game is under way: the address's deck.
  await page.goto(new URL('?gallery&mode=4setjr', page.url()).href);
  const four = await centres([8, 24, 40, 56]);
  assert.deepEqual(four.slice(0, 3), safe, 'the same three colours in the 4Set decks');
  assert.deepEqual(four[3], [0x1a, 0x1a, 0x1a], 'the fourth: Okabe and Ito\'s black');
  for (const [name, matrix] of Object.entries(CVD)) {
    const apart = closestPair(four, matrix);
    assert.ok(apart >= 30, `${name}: the closest two of the four colours differ by ΔE ${apart.toFixed(1)}`);
  }
  assert.deepEqual(problems, []);
  await close();
});

test('settings that storage refuses still apply, the page says so, and the saved game is untouched', { timeout: 60_000 }, async () => {
  const { page, problems, close } = await open('?seed=6', { init: refuseWrites({ key: 'set-game/settings' }) });
  const saved = await page.evaluate(() => localStorage.getItem('set-game/save'));
  await inSettings(page, (page) => page.getByLabel('Theme').selectOption('light'));
  assert.match(await page.locator('#notice-text').textContent(), /^Your settings will not be kept: The quota has been exceeded\.$/);
  assert.deepEqual(await canvasPixel(page, 2, 2), LIGHT_FELT, 'the setting applies on this page');
  assert.equal(await page.evaluate(() => localStorage.getItem('set-game/settings')), null);
  assert.equal(await page.evaluate(() => localStorage.getItem('set-game/save')), saved, 'the saved game is as it was');
  assert.deepEqual(problems, []);
  await close();
});

test('keys go to the panel while it is open, and to the game again once it is closed', { timeout: 60_000 }, async () => {
  const { page, problems, close } = await open('?seed=6');
  await page.locator('#open-settings').click();
  await page.locator('#settings').waitFor({ state: 'visible' });
  await page.keyboard.press('h');
  assert.equal((await state(page)).hintsUsed, 0, 'H in the panel is not a hint');
  await page.keyboard.press('Escape');
  await page.locator('#settings').waitFor({ state: 'hidden' });
  assert.equal(await page.evaluate(() => document.activeElement.id), 'open-settings', 'focus is back on the button');
  await page.keyboard.press('h');
  assert.equal((await state(page)).hintsUsed, 1, 'H is a hint again');
  assert.deepEqual(problems, []);
  await close();
});

/** WCAG's contrast ratio of two [r, g, b] colours. */
function contrast(a, b) {
  const luminance = (rgb) => {
    const [r, g, b] = rgb.map((c) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

test('what tells cards and their states apart has 3:1 contrast in both themes (WCAG 1.4.11)', { timeout: 60_000 }, async () => {
  for (const scheme of ['dark', 'light']) {
    const { page, problems, close } = await open('?seed=2', { colorScheme: scheme });
    const box = await page.locator('#board').boundingBox();
    const local = async (slot) => {
      const [x, y, w, h] = await api(page, 'slot_rect', slot);
      return [x - box.x, y - box.y, w, h];
    };
    // A plain card: its edge against the felt around it.
    const [x0, y0, , h0] = await local(5);
    const felt = await canvasPixel(page, x0 - 3, y0 + h0 / 2);
    const edge = await canvasPixel(page, x0, y0 + h0 / 2);
    assert.ok(contrast(edge, felt) >= 3, `${scheme}: card edge ${edge} on felt ${felt}: ${contrast(edge, felt).toFixed(2)}`);
    // The same card under the mouse: its ring shows on the face, and on the
    // light felt it still stands out as the edge did.
    await page.mouse.move(box.x + x0 + 40, box.y + y0 + h0 / 2);
    const hoverFace = await canvasPixel(page, x0 + 5, y0 + h0 / 2);
    const hover = await canvasPixel(page, x0, y0 + h0 / 2);
    assert.notDeepEqual(hover, edge, `${scheme}: the hovered card is drawn differently`);
    assert.ok(contrast(hover, hoverFace) >= 3, `${scheme}: hover ring ${hover} on face ${hoverFace}: ${contrast(hover, hoverFace).toFixed(2)}`);
    if (scheme === 'light') {
      assert.ok(contrast(hover, felt) >= 3, `light: hover ring ${hover} on felt ${felt}: ${contrast(hover, felt).toFixed(2)}`);
    }
    await page.mouse.move(box.x - 5, box.y - 5);
    // A picked card's ring and a hinted card's badge, against the white face.
    const [hinted] = await api(page, 'hint');
    const picked = hinted === 0 ? 1 : 0;
    await clickSlot(page, picked);
    await page.keyboard.press('h');
    const [px, py, pw, ph] = await local(picked);
    const face = await canvasPixel(page, px + pw * 0.1, py + ph * 0.5);
    const ring = await canvasPixel(page, px + pw / 2, py + 1);
    assert.ok(contrast(ring, face) >= 3, `${scheme}: selection ring ${ring} on face ${face}: ${contrast(ring, face).toFixed(2)}`);
    const [hx, hy, hw, hh] = await local(hinted);
    const r = Math.min(Math.max(hh * 0.07, 3.5), 8);
    const ringWidth = Math.min(Math.max(hh * 0.05, 2.5), 5);
    const badge = await canvasPixel(page, hx + hw - ringWidth - r - 3, hy + ringWidth + r + 3);
    assert.ok(contrast(badge, [255, 255, 255]) >= 3, `${scheme}: hint badge ${badge}: ${contrast(badge, [255, 255, 255]).toFixed(2)}`);
    // The focus outline of a card's button, against the felt it is drawn on.
    const accent = await page.evaluate(() => {
      const probe = document.createElement('div');
      probe.style.color = 'var(--accent)';
      document.body.append(probe);
      const colour = getComputedStyle(probe).color.match(/\d+/g).slice(0, 3).map(Number);
      probe.remove();
      return colour;
    });
    assert.ok(contrast(accent, felt) >= 3, `${scheme}: focus outline ${accent} on felt ${felt}: ${contrast(accent, felt).toFixed(2)}`);
    assert.deepEqual(problems, []);
    await close();
  }
});
