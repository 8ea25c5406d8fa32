// Raw and gzip size of every file a browser downloads from a built dist/,
// and of what it fetched before the first board. The size test enforces the
// four budgets below with them; the bench report prints them. Each budget is
// written here only: the docs name these constants rather than quote them.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** The first load's budget: what the browser fetches before the first board
 *  is drawn (the `first-board` mark), gzip, in bytes. 60 KB until cards
 *  moved (issue 38: the motion, the planned board and the sound settings,
 *  then the motion handed to the compositor as keyframes), then the front
 *  door (issue 39: the daily puzzle's found sets, Play online in the
 *  header), then every way the fork plays (issue 40: the rules of sixteen
 *  ways, then the drawing of every deck, then Memory's cards face down,
 *  then the "no set" call, then the GhostSet's row);
 *  BENCHMARKS.md, "Design decisions, measured once". With room for
 *  the icon, which Chromium fetches before the first board on some loads. */
export const FIRST_LOAD_BUDGET_GZIP_BYTES = 80_300;
/** Everything the page that plays alone can ever fetch, every part that
 *  loads later included (race.html's own files are the next budget's). */
export const TOTAL_BUDGET_GZIP_BYTES = 193_200;
/** race.html, the page that plays with others: what it fetches before its
 *  first board (the page, the race build's glue and wasm). A page of its own,
 *  with its own budget: index.html's first load never carries it. Raised
 *  for the rules of every way, the drawing of every deck, the "no set"
 *  call, the GhostSet's row and Memory's turns (issue 40). */
export const RACE_FIRST_LOAD_BUDGET_GZIP_BYTES = 106_700;
/** online.html, the room page: what it fetches before its first board (the
 *  page, the online part's glue and wasm). Its own budget, as race.html's;
 *  a room should appear as fast as a game alone. Raised for the lobby as a
 *  home (issue 39) and the rules of every way, the drawing of every deck and
 *  the "no set" call, the puzzles' claims found and Memory's turns (issue
 *  40), and a newcomer's first evening online (issue 56: why a game is not
 *  rated, the countdown, Play again), BENCHMARKS.md "Design decisions,
 *  measured once"; why no way's code waits for its way: "What loads later". */
export const ONLINE_FIRST_LOAD_BUDGET_GZIP_BYTES = 86_700;
/** Whether a file is the own page or part of `stem`'s page (race.html, online.html, help.html). */
const isPageFileOf = (stem) => (file) => file === `${stem}.html` || new RegExp(`^${stem}-[0-9a-f]+(_bg\\.wasm|\\.js)$`).test(file);
/** race.html's own files, which index.html never fetches. */
export const isRacePageFile = isPageFileOf('race');
/** What online.html fetches before its first board: the page and the online part. */
export const isOnlineFirstLoadFile = isPageFileOf('online');
/** online.html's own files, which index.html never fetches: those and the
 *  standings part it fetches once it has drawn. */
export const isOnlinePageFile = (file) => isOnlineFirstLoadFile(file) || isPageFileOf('standings')(file);
/** help.html's own files (the rules page and its part that draws the examples),
 *  fetched only when the rules are opened. */
export const isHelpPageFile = isPageFileOf('help');
/** What the page that plays alone can fetch: everything but the other pages' own files. */
export const isSoloPageFile = (file) => !isRacePageFile(file) && !isOnlinePageFile(file) && !isHelpPageFile(file);

/** The dist/ files a page fetched before its `first-board` mark, the page
 *  itself included, from the browser's own resource timing, and the page's
 *  icon always: Chromium fetches it at a low priority that races the first
 *  board, and a figure that depends on that race moves from run to run by
 *  the icon's size. Resources from elsewhere (none are expected) are
 *  returned as full URLs so a test can fail on them. */
export async function fetchedBeforeFirstBoard(page, origin) {
  const urls = await page.evaluate(() => {
    const [board] = performance.getEntriesByName('first-board');
    const before = performance.getEntriesByType('resource').filter((r) => r.startTime <= board.startTime);
    const icons = [...document.querySelectorAll('link[rel~="icon"]')].map((link) => link.href);
    return [location.href, ...before.map((r) => r.name), ...icons];
  });
  return [...new Set(urls.map((url) => {
    const parsed = new URL(url);
    if (parsed.origin !== origin) return url;
    const file = decodeURIComponent(parsed.pathname).replace(/^\/+/, '');
    return file === '' ? 'index.html' : file;
  }))];
}

/** [{ file, raw, gzip }] for the files of `dir`, largest first. */
export async function measureDist(dir) {
  // Every file but Trunk's own (.stage, .trunk-lock) and the compressed
  // copies beside each file (its gzip size is measured here anyway).
  const entries = await readdir(dir, { withFileTypes: true });
  const names = entries.filter((entry) => entry.isFile() && !entry.name.startsWith('.') && !/\.(gz|br)$/.test(entry.name))
    .map((entry) => entry.name);
  const sizes = await Promise.all(
    names.map(async (file) => {
      const bytes = await readFile(path.join(dir, file));
      return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
    }),
  );
  return sizes.sort((a, b) => b.gzip - a.gzip);
}

export function sizeTable(sizes) {
  const rows = sizes.map((s) => `${s.file.padEnd(44)} ${String(s.raw).padStart(8)} ${String(s.gzip).padStart(8)}`);
  const raw = sizes.reduce((n, s) => n + s.raw, 0);
  const gzip = sizes.reduce((n, s) => n + s.gzip, 0);
  return [`${'file'.padEnd(44)} ${'raw'.padStart(8)} ${'gzip'.padStart(8)}`, ...rows, `${'total'.padEnd(44)} ${String(raw).padStart(8)} ${String(gzip).padStart(8)}`].join('\n');
}
