// Every deck's gallery read back from its pixels: for each card, its colour
// (the nearest of the four colours the classic palette promises), its
// shape, fill and count from the silhouettes and insides of its symbols,
// and MegaSet's border from the lines between the card's edge and its
// symbols. What each card should show comes from its id's digits, worked
// out here; the page's own words or values are never asked. Every card of
// each deck must read as its own and as what its id says.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ARTIFACTS, useBrowser, viewState } from './helpers.mjs';

const { open } = useBrowser();

/** The classic palette's four colours, as the rules page and the README show them. */
const COLOURS = { red: [0xdc, 0x2a, 0x3a], green: [0x13, 0x9a, 0x4f], purple: [0x6a, 0x35, 0xa8], orange: [0xc8, 0x80, 0x00] };
const COLOUR_NAMES = ['red', 'green', 'purple', 'orange'];
const SHAPES = ['diamond', 'squiggle', 'oval', 'hourglass'];
const FILLS = ['open', 'striped', 'solid', 'checkered'];

const digitsIn = (id, base, len) => Array.from({ length: len }, (_, i) => Math.floor(id / base ** (len - 1 - i)) % base);

/** What a card of each deck shows, from its id. */
const DECKS = {
  classic: { size: 81, expect: (id) => { const [c, s, f, n] = digitsIn(id, 3, 4); return { c, s, f, n, b: 0 }; } },
  mega: { size: 243, expect: (id) => { const [c, s, f, n] = digitsIn(Math.floor(id / 3), 3, 4); return { c, s, f, n, b: id % 3 }; } },
  '4set': { size: 256, expect: (id) => { const [c, s, f, n] = digitsIn(id, 4, 4); return { c, s, f, n, b: 0 }; } },
  '4setjr': { size: 64, expect: (id) => { const [c, s, n] = digitsIn(id, 4, 3); return { c, s, f: 2, n, b: 0 }; } },
};

/** Reads every card in `rects` from the gallery's canvas. Runs in the page. */
function readCards(rects) {
  const canvas = document.getElementById('review-gallery');
  const box = canvas.getBoundingClientRect();
  const r = canvas.width / box.width;
  return rects.map(([x, y, w, h]) => {
    const [left, top, width, height] = [Math.ceil((x - box.left) * r), Math.ceil((y - box.top) * r), Math.floor(w * r), Math.floor(h * r)];
    const data = canvas.getContext('2d').getImageData(left, top, width, height).data;
    const rgb = (cx, cy) => { const i = (cy * width + cx) * 4; return [data[i], data[i + 1], data[i + 2]]; };
    // Ink: strongly coloured, and not the felt past the rounded corners.
    const ink = (cx, cy) => {
      const [red, green, blue] = rgb(cx, cy);
      const felt = Math.abs(red - 30) + Math.abs(green - 91) + Math.abs(blue - 69) < 40;
      return !felt && Math.max(red, green, blue) - Math.min(red, green, blue) > 60;
    };
    // A border's line: dark and grey.
    const line = (cx, cy) => { const [red, green, blue] = rgb(cx, cy); return Math.max(red, green, blue) < 130 && Math.max(red, green, blue) - Math.min(red, green, blue) < 40; };
    const columns = Array.from({ length: width }, (_, cx) => { for (let cy = 0; cy < height; cy++) if (ink(cx, cy)) return true; return false; });
    const symbols = [];
    columns.forEach((on, cx) => {
      if (on && !columns[cx - 1]) symbols.push([cx, cx]);
      if (on) symbols[symbols.length - 1][1] = cx + 1;
    });
    if (symbols.length === 0) return { symbols: 0 };
    const [x0, x1] = symbols[0];
    let y0 = height, y1 = 0;
    const inks = [];
    for (let cy = 0; cy < height; cy++) for (let cx = x0; cx < x1; cx++) if (ink(cx, cy)) { y0 = Math.min(y0, cy); y1 = Math.max(y1, cy + 1); inks.push(rgb(cx, cy)); }
    const extent = (cy) => {
      let first = -1, last = -1;
      for (let cx = x0; cx < x1; cx++) if (ink(cx, cy)) { if (first < 0) first = cx; last = cx; }
      return { first, last, width: last - first + 1, centre: (first + last) / 2 };
    };
    const row = (share) => Math.round(y0 + (y1 - y0) * share);
    const widest = x1 - x0;
    const [quarter, middle, threeQuarters] = [0.25, 0.5, 0.75].map((share) => extent(row(share)));
    // Down the middle of each row from 30% to 70%: ink or not.
    const inside = [];
    for (let cy = row(0.3); cy < row(0.7); cy++) inside.push(ink(Math.round(extent(cy).centre), cy));
    // Across each wide row from 20% to 80% (an hourglass's waist is mostly
    // outline), inside its outline: how often ink starts or stops.
    let across = 0;
    for (let cy = row(0.2); cy < row(0.8); cy++) {
      const { first, last, width: rowWidth } = extent(cy);
      if (rowWidth < widest * 0.6) continue;
      const margin = Math.round((last - first) * 0.2);
      let changes = 0;
      for (let cx = first + margin + 1; cx <= last - margin; cx++) if (ink(cx, cy) !== ink(cx - 1, cy)) changes++;
      across = Math.max(across, changes);
    }
    // The ink's colour: the middle of its pixels by how coloured they are (edges blend with white).
    inks.sort((a, b) => (Math.max(...b) - Math.min(...b)) - (Math.max(...a) - Math.min(...a)));
    const colour = inks[Math.floor(inks.length / 4)];
    // From the card's left edge to its first symbol, along its middle: the border's lines.
    let lines = 0;
    const cy = Math.round(height / 2);
    for (let cx = 2; cx < x0; cx++) if (line(cx, cy) && !line(cx - 1, cy)) lines++;
    return {
      symbols: symbols.length,
      narrowing: Math.min(quarter.width, threeQuarters.width) / widest,
      waist: middle.width / widest,
      lean: Math.abs(quarter.centre - threeQuarters.centre) / widest,
      inkShare: inside.filter(Boolean).length / inside.length,
      changes: inside.filter((on, i) => i > 0 && on !== inside[i - 1]).length,
      across,
      colour,
      lines,
    };
  });
}

/** What the pixels say a card is. */
function classify(read) {
  const distance = (a, b) => a.reduce((sum, v, i) => sum + (v - b[i]) ** 2, 0);
  const colour = COLOUR_NAMES.reduce((best, name) => (distance(read.colour, COLOURS[name]) < distance(read.colour, COLOURS[best]) ? name : best));
  const shape = read.lean > 0.15 ? 'squiggle' : read.waist < 0.5 ? 'hourglass' : read.narrowing < 0.75 ? 'diamond' : 'oval';
  const fill = read.inkShare > 0.9 ? 'solid' : read.inkShare < 0.1 ? 'open' : read.across >= 2 ? 'checkered' : read.changes >= 4 ? 'striped' : 'unclear';
  return { colour, shape, fill, count: read.symbols, border: read.lines };
}

for (const [mode, deck] of Object.entries(DECKS)) {
  test(`the ${mode} gallery draws its ${deck.size} cards, each read from the pixels as what its id says`, { timeout: 120_000 }, async () => {
    const query = mode === 'classic' ? '?gallery' : `?gallery&mode=${mode}`;
    const { page, problems, close } = await open(query, { viewport: { width: 1400, height: 1000 } });
    const { rects, ids } = await viewState(page, 'gallery');
    assert.equal(rects.length, deck.size);
    assert.deepEqual(ids, [...ids].sort((a, b) => a - b), 'in id order');
    assert.equal(new Set(ids).size, deck.size);
    const reads = await page.evaluate(readCards, rects);
    const wrong = [];
    const seenAll = new Set();
    reads.forEach((read, at) => {
      const { c, s, f, n, b } = deck.expect(ids[at]);
      const expected = { colour: COLOUR_NAMES[c], shape: SHAPES[s], fill: FILLS[f], count: n + 1, border: b };
      const seen = classify(read);
      seenAll.add(JSON.stringify(seen));
      if (JSON.stringify(seen) !== JSON.stringify(expected)) wrong.push({ id: ids[at], expected, seen, read });
    });
    assert.deepEqual(wrong.slice(0, 5), [], `${wrong.length} cards read wrong`);
    assert.equal(seenAll.size, deck.size, 'every card reads as its own');
    await page.screenshot({ path: `${ARTIFACTS}/gallery-${mode}.png` });
    assert.deepEqual(problems, []);
    await close();
  });
}
