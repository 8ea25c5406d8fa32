// The board on phones of every size, in portrait and landscape, with 12 to
// 21 cards: it fits without scrolling, its bitmap is its CSS size times the
// device pixel ratio, and a tap near any corner of a card, as the card is
// drawn (found from the canvas pixels, not from slot_rect), picks that card.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ARTIFACTS, api, kept, nonSet, playLink, ready, state, useBrowser } from './helpers.mjs';

/** Seeds whose first deal has 12, 15, 18 and 21 cards (21 needs 18 cards
 *  without a set: found by searching about 20 million seeds). */
const SEEDS = { 12: 1, 15: 3, 18: 1886, 21: 20734893 };

const PHONES = [
  { width: 320, height: 568, dpr: 2 },
  { width: 360, height: 640, dpr: 3 },
  { width: 375, height: 667, dpr: 2 },
  { width: 390, height: 844, dpr: 3 },
  { width: 412, height: 915, dpr: 2.625 },
  { width: 640, height: 360, dpr: 3 },
  { width: 844, height: 390, dpr: 3 },
];

const { open } = useBrowser();

/** The cards as drawn: bright card faces on the dark felt, grouped by the
 *  gaps between them into rows, then into cards within each row. Returns
 *  rectangles in viewport CSS pixels, in reading order. */
function drawnCards() {
  const canvas = document.getElementById('board');
  const { width, height } = canvas;
  const pixels = canvas.getContext('2d').getImageData(0, 0, width, height).data;
  // Felt is (30, 91, 69) and the shadow darker; faces, edges and rings are bright.
  const isCard = (x, y) => {
    const i = (y * width + x) * 4;
    return pixels[i] + pixels[i + 1] + pixels[i + 2] > 300;
  };
  const runs = (length, hit) => {
    const found = [];
    let start = -1;
    for (let i = 0; i <= length; i++) {
      const on = i < length && hit(i);
      if (on && start < 0) start = i;
      if (!on && start >= 0) {
        found.push([start, i]);
        start = -1;
      }
    }
    return found;
  };
  const rows = runs(height, (y) => {
    for (let x = 0; x < width; x++) if (isCard(x, y)) return true;
    return false;
  });
  const box = canvas.getBoundingClientRect();
  const ratio = width / box.width;
  const cards = [];
  for (const [top, bottom] of rows) {
    const cols = runs(width, (x) => {
      for (let y = top; y < bottom; y++) if (isCard(x, y)) return true;
      return false;
    });
    for (const [left, right] of cols) {
      cards.push({ x: box.left + left / ratio, y: box.top + top / ratio, w: (right - left) / ratio, h: (bottom - top) / ratio });
    }
  }
  return cards;
}

/** What a person would notice about the page's fit. */
function fit() {
  const canvas = document.getElementById('board');
  const box = canvas.getBoundingClientRect();
  const page = document.scrollingElement;
  window.scrollTo(0, 200);
  const scrolled = window.scrollY;
  window.scrollTo(0, 0);
  return {
    scrollWidth: page.scrollWidth, scrollHeight: page.scrollHeight, scrolled,
    innerWidth, innerHeight, ratio: devicePixelRatio,
    css: [box.left, box.top, box.width, box.height], bitmap: [canvas.width, canvas.height],
  };
}

const selected = async (page) => (await state(page)).selected;

for (const phone of PHONES) {
  test(`${phone.width}×${phone.height} at ${phone.dpr}×: every card of 12 to 21 fits and answers taps at its corners`, { timeout: 120_000 }, async () => {
    const { page, problems, close } = await open(`?seed=${SEEDS[12]}`, {
      viewport: { width: phone.width, height: phone.height },
      deviceScaleFactor: phone.dpr,
      hasTouch: true,
      isMobile: true,
    });
    // The way-to-play chooser (classic) and the buttons share one row, and a
    // wide phone on its side has the whole header in that row, which leaves
    // the cards the height of the rows saved.
    const header = await page.evaluate(() => {
      const nav = document.querySelector('nav').getBoundingClientRect();
      const inNavRow = (element) => {
        const box = element.getBoundingClientRect();
        return box.top + box.height / 2 >= nav.top && box.top + box.height / 2 <= nav.bottom;
      };
      return {
        // The controls shown: No set is hidden where extra cards come by themselves.
        tops: [...document.querySelectorAll('nav > *')].filter((c) => c.getClientRects().length > 0)
          .map((c) => Math.round(c.getBoundingClientRect().top)),
        oneRow: ['h1', '#status'].every((s) => inNavRow(document.querySelector(s))),
      };
    });
    assert.equal(new Set(header.tops).size, 1, `${phone.width}×${phone.height}: the header's controls lie in rows at ${header.tops}`);
    if (phone.width > 700) assert.ok(header.oneRow, `${phone.width}×${phone.height}: the header takes more than one row`);
    for (const [size, seed] of Object.entries(SEEDS)) {
      const what = `${phone.width}×${phone.height}, ${size} cards`;
      await playLink(page, `?seed=${seed}`);
      const { table } = await state(page);
      assert.equal(table.length, Number(size), what);

      const f = await page.evaluate(fit);
      assert.ok(f.scrollWidth <= f.innerWidth && f.scrollHeight <= f.innerHeight, `${what}: the page is ${f.scrollWidth}×${f.scrollHeight}`);
      assert.equal(f.scrolled, 0, `${what}: the page scrolls`);
      const [left, top, cssW, cssH] = f.css;
      assert.ok(Number.isInteger(cssW) && Number.isInteger(cssH), `${what}: the canvas is ${cssW}×${cssH} CSS px`);
      assert.ok(top + cssH <= f.innerHeight && left + cssW <= f.innerWidth, `${what}: the canvas runs off the screen`);
      // Exact when CSS size × ratio is whole; otherwise the nearest whole pixel.
      assert.ok(Math.abs(f.bitmap[0] - cssW * f.ratio) <= 0.5 && Math.abs(f.bitmap[1] - cssH * f.ratio) <= 0.5,
        `${what}: bitmap ${f.bitmap} for ${cssW}×${cssH} at ${f.ratio}`);

      const cards = await page.evaluate(drawnCards);
      assert.equal(cards.length, table.length, `${what}: ${cards.length} cards drawn`);
      for (const [slot, card] of cards.entries()) {
        assert.ok(card.y + card.h <= f.innerHeight && card.x + card.w <= f.innerWidth, `${what}: card ${slot} is off the screen`);
        const [x, y, w, h] = await page.evaluate((slot) => window.wasmBindings.slot_rect(slot), slot);
        // slot_rect agrees with the drawing to within the shadow and rounding.
        assert.ok(Math.abs(x - card.x) <= 1 && Math.abs(y - card.y) <= 1 && Math.abs(w - card.w) <= 1.5 && Math.abs(h - card.h) <= 1.5,
          `${what}: slot ${slot} is [${[x, y, w, h]}] but drawn at [${[card.x, card.y, card.w, card.h].map((n) => n.toFixed(1))}]`);
        // Near each corner in turn: select, deselect, select, deselect.
        const inset = 4;
        const corners = [
          [card.x + inset, card.y + inset], [card.x + card.w - inset, card.y + inset],
          [card.x + inset, card.y + card.h - inset], [card.x + card.w - inset, card.y + card.h - inset],
        ];
        for (const [i, [cx, cy]] of corners.entries()) {
          await page.touchscreen.tap(cx, cy);
          assert.deepEqual(await selected(page), i % 2 === 0 ? [slot] : [], `${what}: a tap at (${cx.toFixed(1)}, ${cy.toFixed(1)}) near a corner of card ${slot}`);
        }
      }
      if (size === '21' || size === '12') {
        await page.screenshot({ path: `${ARTIFACTS}/phone-${phone.width}x${phone.height}-${size}.png` });
      }
    }
    assert.deepEqual(problems, []);
    await close();
  });
}

test('a passing notice floats where it hides no card (over the header; at the bottom on a phone held upright, clear of Hint and New game): the cards stay as it comes and goes, and a tap on it only sends it away', { timeout: 90_000 }, async () => {
  for (const screen of [{ width: 390, height: 844, dpr: 3 }, { width: 320, height: 568, dpr: 2 }, { width: 844, height: 390, dpr: 3 }, { width: 1280, height: 800, dpr: 2 }]) {
    const what = `${screen.width}×${screen.height}`;
    const { page, problems, close } = await open(`?seed=${SEEDS[12]}`, {
      viewport: { width: screen.width, height: screen.height }, deviceScaleFactor: screen.dpr, hasTouch: true,
    });
    const before = await page.evaluate(drawnCards);
    assert.equal(before.length, 12, what);
    // A wrong claim, made with taps: its reason is the passing notice.
    const { table } = await state(page);
    const wrong = await nonSet(page);
    for (const slot of wrong) {
      const card = before[slot];
      await page.touchscreen.tap(card.x + card.w / 2, card.y + card.h / 2);
    }
    assert.equal((await state(page)).wrongClaims, 1, what);
    assert.equal(await page.textContent('#notice-text'), (await api(page, 'explain', ...wrong.map((slot) => table[slot]))).join(' '), what);
    assert.ok(await page.isVisible('#notice'), what);
    await page.waitForTimeout(700); // the shake is over
    assert.deepEqual(await page.evaluate(drawnCards), before, `${what}: the cards moved when the notice came`);
    const box = await page.locator('#notice').boundingBox();
    assert.ok(box.y + box.height <= screen.height && box.x >= 0 && box.x + box.width <= screen.width, `${what}: the notice is off the screen`);
    await page.screenshot({ path: `${ARTIFACTS}/passing-notice-${what}.png` });
    // It lies over no card, nor over Hint and New game, and is what a tap
    // on it reaches, not a button it hides.
    const apart = (a, b) => a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
    assert.ok(before.every((card) => apart(box, { x: card.x, y: card.y, width: card.w, height: card.h })), `${what}: the notice covers a card`);
    // On a phone held upright the header is its controls: the notice keeps
    // clear of them. (Elsewhere it lies over the header's middle, and a tap
    // sends it away.)
    if (screen.width < screen.height) {
      for (const control of ['#hint-button', '#new-game-button']) {
        assert.ok(apart(box, await page.locator(control).boundingBox()), `${what}: the notice covers ${control}`);
      }
    }
    const takesTaps = await page.evaluate(({ x, y, width, height }) =>
      [[x + 4, y + height / 2], [x + width / 2, y + height / 2], [x + width - 4, y + height / 2]]
        .every(([px, py]) => document.elementFromPoint(px, py)?.closest('#notice') !== null), box);
    assert.ok(takesTaps, `${what}: a tap on the notice goes to what it hides`);
    // The tap makes it go at once (it would stay 5 s), uncovering the
    // header's controls for the next tap.
    const shown = kept(await state(page));
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    await page.waitForSelector('#notice', { state: 'hidden', timeout: 1000 });
    assert.deepEqual(kept(await state(page)), shown, `${what}: a tap on the notice changed the game`);
    assert.deepEqual(await page.evaluate(drawnCards), before, `${what}: the cards moved when the notice went`);
    const hint = await page.locator('#hint-button').boundingBox();
    await page.touchscreen.tap(hint.x + hint.width / 2, hint.y + 4);
    assert.equal((await state(page)).hintsUsed, 1, `${what}: the first tap on Hint after the notice`);
    assert.deepEqual(problems, []);
    await close();
  }
});
