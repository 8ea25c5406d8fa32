// The download budgets. Sizes are deterministic, so these are hard tests:
// - the first load: what Chromium actually fetched before the first board was
//   drawn (its resource timing up to the `first-board` mark), each file's
//   gzip size taken from dist/, stays within its budget (scripts/sizes.mjs);
// - everything the page that plays alone can ever fetch, every part that
//   loads later included, stays within 170 KB;
// - race.html, the page that plays with others, fetches at most 94 KB
//   before its first board (its own budget: index.html never fetches it);
// - online.html, the room page, fetches at most its budget before its first
//   board (its own budget too); its standings part comes after.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  FIRST_LOAD_BUDGET_GZIP_BYTES, ONLINE_FIRST_LOAD_BUDGET_GZIP_BYTES, RACE_FIRST_LOAD_BUDGET_GZIP_BYTES, TOTAL_BUDGET_GZIP_BYTES,
  fetchedBeforeFirstBoard, isSoloPageFile, measureDist, sizeTable,
} from '../../scripts/sizes.mjs';
import { useBrowser } from './helpers.mjs';

const dist = process.env.DIST ?? 'dist';
const { open, server } = useBrowser();

/** What the page at `query` fetched before its first board, each file with
 *  its gzip size from dist/ (reported as the test's diagnostics), and their
 *  total. A file fetched that the build does not hold fails the test. */
async function firstLoad(t, query) {
  const sizes = await measureDist(dist);
  const { page, problems, close } = await open(query);
  const fetched = await fetchedBeforeFirstBoard(page, new URL(server().url).origin);
  await close();
  t.diagnostic(`fetched before the first board: ${fetched.join(', ')}`);
  const first = fetched.map((file) => {
    const size = sizes.find((s) => s.file === file);
    assert.ok(size, `${file} was fetched before the first board but is not a file of the build`);
    return size;
  });
  for (const line of sizeTable(first).split('\n')) t.diagnostic(line);
  return { fetched, problems, total: first.reduce((n, s) => n + s.gzip, 0) };
}

test(`the first load, as Chromium fetched it before the first board, is at most ${FIRST_LOAD_BUDGET_GZIP_BYTES / 1000} KB gzip`, async (t) => {
  const { fetched, problems, total } = await firstLoad(t, '');
  // What is measured is what the first board needs: without these the
  // figure would be too small to mean anything.
  assert.ok(fetched.includes('index.html'), 'the page');
  assert.ok(fetched.some((file) => file.endsWith('_bg.wasm')), 'the wasm');
  const html = await readFile(path.join(dist, 'index.html'), 'utf8');
  assert.match(html, /<style>[^<]*--felt/, 'the stylesheet is inlined in the page');
  assert.doesNotMatch(html, /rel=["']?stylesheet/, 'and not fetched as well');
  assert.ok(!fetched.some((file) => file.endsWith('.js')), 'the glue is inlined in the page, and no part is fetched');
  assert.ok(total <= FIRST_LOAD_BUDGET_GZIP_BYTES, `${total} bytes gzip is over the budget of ${FIRST_LOAD_BUDGET_GZIP_BYTES}`);
  assert.deepEqual(problems, []);
});

test(`everything the page that plays alone can fetch, every part included, is at most ${TOTAL_BUDGET_GZIP_BYTES / 1000} KB gzip`, async (t) => {
  const sizes = (await measureDist(dist)).filter((s) => isSoloPageFile(s.file));
  for (const line of sizeTable(sizes).split('\n')) t.diagnostic(line);
  for (const kind of ['index.html', '_bg.wasm', 'sw.js', '.webmanifest', '.svg']) {
    assert.ok(sizes.some((s) => s.file.endsWith(kind)), `no ${kind} file in the build`);
  }
  const total = sizes.reduce((n, s) => n + s.gzip, 0);
  assert.ok(total <= TOTAL_BUDGET_GZIP_BYTES, `${total} bytes gzip is over the budget of ${TOTAL_BUDGET_GZIP_BYTES}`);
});

test(`race.html fetches at most ${RACE_FIRST_LOAD_BUDGET_GZIP_BYTES / 1000} KB gzip before its first board, and none of it is index.html's first load`, async (t) => {
  const { fetched, problems, total } = await firstLoad(t, 'race.html?seed=3&bots=hard');
  assert.ok(fetched.includes('race.html') && fetched.some((file) => /^race-.*_bg\.wasm$/.test(file)), 'the page and its wasm');
  assert.ok(!fetched.some((file) => file.startsWith('set-game-')), 'not the wasm of the page that plays alone');
  assert.ok(total <= RACE_FIRST_LOAD_BUDGET_GZIP_BYTES, `${total} bytes gzip is over the budget of ${RACE_FIRST_LOAD_BUDGET_GZIP_BYTES}`);
  assert.deepEqual(problems, []);
});

test(`online.html fetches at most ${ONLINE_FIRST_LOAD_BUDGET_GZIP_BYTES / 1000} KB gzip before its first board, none of it the solo page's wasm`, async (t) => {
  const { fetched, problems, total } = await firstLoad(t, 'online.html');
  assert.ok(fetched.includes('online.html') && fetched.some((file) => /^online-.*_bg\.wasm$/.test(file)), 'the page and its wasm');
  assert.ok(!fetched.some((file) => file.startsWith('set-game-') || file.startsWith('race-')), 'not the wasm of the other pages');
  assert.ok(!fetched.some((file) => file.startsWith('standings-')), 'the leaderboards and profiles come after the first board');
  assert.ok(total <= ONLINE_FIRST_LOAD_BUDGET_GZIP_BYTES, `${total} bytes gzip is over the budget of ${ONLINE_FIRST_LOAD_BUDGET_GZIP_BYTES}`);
  assert.deepEqual(problems, []);
});
