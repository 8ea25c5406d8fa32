// Shared by the end-to-end tests: the server (the real one, set-server, on
// a database of its own), Chromium, and the moves a person makes on the page.
import assert from 'node:assert/strict';
import { after, afterEach, before } from 'node:test';
import { mkdir } from 'node:fs/promises';
import { chromium } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { startServer } from '../../scripts/server.mjs';

export const ARTIFACTS = 'test-artifacts';
export const SLOT_KEYS = '1234567890qwertyuiopa';
export const SAVE_KEY = 'set-game/save';

export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run'];

/** Starts the server and Chromium; `stop()` ends both. If Chromium fails
 *  to start, the server is closed before the error goes on. */
export async function startBrowser({ dist = process.env.DIST ?? 'dist', chromiumPath = process.env.CHROMIUM ?? '/usr/bin/chromium', flags = [] } = {}) {
  await mkdir(ARTIFACTS, { recursive: true });
  const server = await startServer({ dist, flags });
  let browser;
  try {
    browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS });
  } catch (error) {
    await server.close();
    throw error;
  }
  return { server, browser, stop: async () => { await browser.close().catch(() => {}); await server.close(); } };
}

/** For a test file: Chromium and the server (with more `flags`) for its
 *  tests, and an `open` that loads the game in a fresh browser context
 *  (fresh storage). */
export function useBrowser({ flags = [] } = {}) {
  let env;
  // Every context a test opened and did not close (a test that failed
  // half-way, mostly): left open, its players would stay online with their
  // names and rooms, and the next test's "Ben" be refused as a look-alike
  // of this one's. Each is closed; after a failure, described for the log.
  const left = new Set();
  before(async () => {
    env = await startBrowser({ flags });
  });
  afterEach(async (t) => {
    for (const opened of [...left]) {
      left.delete(opened);
      if (!t.passed) {
        t.diagnostic(`a page at the failure: ${await describePage(opened.page).catch((error) => `not readable: ${error.message}`)}`);
        for (const frame of opened.frames) t.diagnostic(`  ${frame}`);
      }
      await opened.context.close().catch(() => {});
    }
  });
  after(async () => {
    await env?.stop();
  });
  const openTracked = async (query, options) => {
    const opened = await open(env, query, options);
    left.add(opened);
    const close = opened.close;
    opened.close = () => {
      left.delete(opened);
      return close();
    };
    return opened;
  };
  return { open: openTracked, server: () => env.server };
}

/** What a page shows of itself, in one line: its address, its link to
 *  the server, its seat and what it last said, and any alert. */
async function describePage(page) {
  const shown = await page.evaluate(() => {
    const s = window.wasmBindings?.state?.();
    const alerts = [...document.querySelectorAll('[role=alert], .field-error, #room-note')]
      // Shown or not: a refusal may land in a form that is hidden.
      .filter((e) => e.textContent.trim())
      .map((e) => e.textContent.trim());
    const o = s?.online;
    return JSON.stringify({ link: s?.link, said: s?.said, room: o?.room, seat: o?.seat, status: o?.status,
      players: o?.players?.map((p) => p.name), alerts });
  });
  return `${page.url()} ${shown}`;
}

/** A server's fair-play rules as a small server among friends might set
 *  them (docs/fair-play.md): every game of two people that claimed counts at
 *  once, however short or fast, every identity moves others fully, and the
 *  leaderboard lists anyone with one game, provisional or not. For the tests
 *  of what the page shows of ratings, played by clicks in seconds. */
export const FRIENDLY_RATINGS = ['--rated-game-seconds', '0', '--seeing-floor-ms', '0', '--established-opponents', '0',
  '--listed-games', '1', '--listed-opponents', '1', '--list-provisional'];

/** An init script, for `open`'s `init` or `context.addInitScript(...refuseWrites(…))`,
 *  under which localStorage refuses to write a key, as a full quota does: the key
 *  `key`, or every key starting with `prefix`; with `whileFull`, only while the
 *  page's `window.storageFull` is true. */
export function refuseWrites({ key, prefix, whileFull = false }) {
  const script = ({ key, prefix, whileFull }) => {
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (name, value) {
      const refused = prefix === undefined ? name === key : name.startsWith(prefix);
      if (refused && (!whileFull || window.storageFull)) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return setItem.call(this, name, value);
    };
  };
  return [script, { key, prefix, whileFull }];
}

/** Opens the game in a new context; collects console errors and page errors.
 *  `init`: a script to run before the page's own, or [script, argument];
 *  `setup`: a function given the context before the page opens (routes);
 *  `clock`: Playwright's clock runs the page's time, which moves only when
 *  the test says (`page.clock.runFor`). */
export async function open({ server, browser }, query, options = {}) {
  const { init, clock, setup, ...contextOptions } = options;
  // The dark theme unless a test asks otherwise: the pixel tests find cards
  // as bright faces on the dark felt. The light theme has tests of its own.
  // A desktop screen of one device pixel per CSS pixel, unless a test asks
  // for more: Chromium draws four times the pixels at 2, and the layer's
  // time is its CPU (BENCHMARKS.md, "The suite's own time"). The phones'
  // ratios (2 to 3), a desktop at 2 and one at 4 have tests of their own
  // (layout, play, access), as does every test that counts a glyph's pixels.
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, colorScheme: 'dark', ...contextOptions });
  if (init) await context.addInitScript(...[init].flat());
  if (setup) await setup(context);
  const page = await context.newPage();
  const problems = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  // The page's last WebSocket frames, both ways (but pings), for the log of a failure.
  const frames = [];
  page.on('websocket', (ws) => {
    const keep = (way) => (frame) => {
      const text = String(frame.payload);
      if (/"t":"p(i|o)ng"/.test(text)) return;
      frames.push(`${way} ${text.slice(0, 300)}`);
      if (frames.length > 40) frames.shift();
    };
    ws.on('framesent', keep('sent'));
    ws.on('framereceived', keep('got'));
    ws.on('close', () => frames.push('closed'));
  });
  // Paused from the start: the page's time moves only by the test's runFor.
  if (clock) {
    await page.clock.install({ time: 1_000_000 });
    await page.clock.pauseAt(1_001_000);
  }
  await page.goto(server.url + query);
  // Under the test's clock the page's performance marks are not kept; the
  // bindings are set once the start (the first board) has run, and `deal`
  // comes with the API part after it.
  if (clock) {
    await page.waitForFunction(() => window.wasmBindings?.state
      && (window.wasmBindings.deal || !document.getElementById('parts')?.content.getElementById('part-api')));
  } else {
    await ready(page);
  }
  return { page, context, problems, frames, close: () => context.close() };
}

/** Waits until the game has drawn its first board. */
// The JS API (deal, state and the rest) comes with the API part, fetched once
// the game has started; the page's wasm brings only its side of the bridge. Polled by a timer, not by
// animation frames (Playwright's default), which the motion tests count.
// online.html names no API part and has its own exports.
export const ready = (page) => page.waitForFunction(
  () => window.wasmBindings?.state && performance.getEntriesByName('first-board').length > 0
    && (window.wasmBindings.deal || !document.getElementById('parts')?.content.getElementById('part-api')),
  undefined,
  { polling: 20 },
);

/** Goes to another game's address in the same browser, and plays that game:
 *  with a game in progress, the page keeps it and offers the link's game,
 *  which is asked for here as a player would. */
export async function playLink(page, query) {
  await page.goto(new URL(query, page.url()).href);
  await ready(page);
  if (await page.isVisible('#play-offer')) await page.click('#play-offer');
}

/** Opens online.html's "Make a room" (a disclosure in the lobby), if it is closed. */
export async function openMakeRoom(page) {
  if (!(await page.evaluate(() => document.getElementById('make-room').open))) await page.click('#make-room summary');
}

/** On online.html's lobby: makes a room of `mode` under `name` by the
 *  form, as a person would (extra cards "when called" if `calls`), and
 *  waits until seated at it; the room's id. */
export async function makeRoomByForm(page, { name, mode, calls = false }) {
  await page.fill('#create-name', name);
  await openMakeRoom(page);
  await page.selectOption('#create-mode', mode);
  if (calls) await page.check('#create-calls');
  await page.click('#create-room');
  await page.waitForFunction(() => window.wasmBindings.state().online.seat === 0);
  return (await state(page)).online.room;
}

/** On a room's link: sits under `name` by the join form. */
export async function sitByForm(page, name) {
  await page.locator('#join-panel').waitFor({ state: 'visible' });
  await page.fill('#join-name', name);
  await page.click('#join-room');
}

/** The host starts the game once `players` sit, by its button; waits until
 *  every page in `pages` sees it playing. */
export async function startByButton(host, pages, players = pages.length) {
  await host.waitForFunction((n) => window.wasmBindings.state().online.players.length === n, players);
  await host.click('#start-game');
  for (const page of pages) await page.waitForFunction(() => window.wasmBindings.state().online.status === 'playing');
}

/** A desktop and a phone: the screens a page that moves cards is tried at. */
export const DESKTOP_AND_PHONE = [{ width: 1280, height: 800 }, { width: 390, height: 844, isMobile: true, hasTouch: true }];

/** Openers of the pages that play with others, each started and playing:
 *  race.html against an easy computer opponent, and an online room with
 *  one. `open` is the file's own (from `useBrowser`). */
export function playingWithOthers(open) {
  return {
    'race.html': async (options) => open('race.html?seed=3&bots=easy', options),
    'online.html': async (options) => {
      const opened = await open('online.html', options);
      const { page } = opened;
      await page.fill('#create-name', 'Ann');
      await openMakeRoom(page);
      // Unlisted, as a room shared by its link: an address may list only a few rooms at once.
      await page.uncheck('#create-public');
      await page.selectOption('#create-bots', 'easy');
      await page.click('#create-room');
      await page.waitForFunction(() => window.wasmBindings.state().online.players.length === 2);
      await page.click('#start-game');
      await page.waitForFunction(() => window.wasmBindings.state().online.status === 'playing');
      return opened;
    },
  };
}

/** Two players in a started room of `mode`, each in a browser context of
 *  its own: Ann makes it by the form (the page moves to the room's address,
 *  whose link is shown), Ben sits at its link by the form (on a phone if
 *  `phone`), and Ann starts it by the button. `annSetup` and `benSetup`
 *  go to `open` (a relay for the socket, say). `browser` is the file's
 *  `useBrowser()`. */
export async function twoPlayers({ open, server }, { mode = 'classic', phone = false, annSetup, benSetup } = {}) {
  const ann = await open('online.html', { setup: annSetup });
  const id = await makeRoomByForm(ann.page, { name: 'Ann', mode });
  assert.match(ann.page.url(), new RegExp(`\\?room=${id}$`), 'the page moved to the room\'s address');
  const link = await ann.page.inputValue('#room-link');
  assert.equal(link, `${new URL(server().url).origin}/?room=${id}`);
  const ben = await open(`?room=${id}`, {
    setup: benSetup,
    ...(phone ? { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true } : {}),
  });
  await sitByForm(ben.page, 'Ben');
  await ben.page.waitForFunction(() => window.wasmBindings.state().online.seat === 1);
  await startByButton(ann.page, [ann.page, ben.page]);
  return { ann, ben, id };
}

/** A room whose table holds no claim: its game must end. The last claim's
 *  verdict can reach the page before the game's end does, so the end is
 *  waited for; if it never comes, the test fails naming the table. */
export async function gameEnds(page, table) {
  await page.waitForFunction(() => window.wasmBindings.state().online.status === 'over')
    .catch(() => assert.fail(`no claim on the table, and the game does not end: ${JSON.stringify(table)}`));
}

/** Calls an export the way a script in the page would. */
export const api = (page, name, ...args) => page.evaluate(([name, args]) => window.wasmBindings[name](...args), [name, args]);
export const state = (page) => api(page, 'state');

export async function slotCentre(page, slot) {
  const [x, y, w, h] = await api(page, 'slot_rect', slot);
  return { x: x + w / 2, y: y + h / 2 };
}

export async function clickSlot(page, slot) {
  const { x, y } = await slotCentre(page, slot);
  await page.mouse.click(x, y);
}

/** Three slots that are not a set, found with check(). */
export async function nonSet(page) {
  const { table } = await state(page);
  for (let i = 0; i < table.length; i++)
    for (let j = i + 1; j < table.length; j++)
      for (let k = j + 1; k < table.length; k++)
        if (!(await api(page, 'check', table[i], table[j], table[k]))) return [i, j, k];
  throw new Error('every triple is a set?');
}

/** What must hold whatever happened: every card accounted for, once. */
export function assertSound(s) {
  assert.ok(s.table.length <= 21, `${s.table.length} cards on the table`);
  assert.equal(s.table.length % 3, 0);
  assert.equal(new Set(s.table).size, s.table.length, 'a card twice on the table');
  assert.ok(s.table.every((id) => Number.isInteger(id) && id >= 0 && id <= 80));
  assert.equal(s.table.length + s.deck + 3 * s.setsFound, 81, 'cards lost or invented');
  assert.ok(s.selected.every((slot) => slot < s.table.length) && s.selected.length <= 2);
  assert.ok(s.hinted.every((slot) => slot < s.table.length) && s.hinted.length <= 3);
  assert.ok(s.elapsedMs >= 0, `the clock shows ${s.elapsedMs} ms`);
}

/** Claims sets found with hint() until the game is over. */
export async function finishGame(page) {
  for (let guard = 0; !(await state(page)).over; guard++) {
    assert.ok(guard < 40, 'the game does not end');
    // Picks left over (a soak leaves some) would turn the first click into another claim.
    await page.keyboard.press('Escape');
    for (const slot of await api(page, 'hint')) await clickSlot(page, slot);
  }
}

/** The parts of the state a reload must keep exactly. */
export const kept = ({ table, deck, setsFound, wrongClaims, hintsUsed, hinted, over, seed }) =>
  ({ table, deck, setsFound, wrongClaims, hintsUsed, hinted, over, seed });

/** Resizes the viewport and waits until the game has fitted its board to it
 *  (the resize event is handled after setViewportSize resolves). */
export async function resize(page, width, height) {
  await page.setViewportSize({ width, height });
  await page.waitForFunction(([w, h]) => {
    const c = document.getElementById('board');
    const box = c.getBoundingClientRect();
    return innerWidth === w && innerHeight === h && box.width > 0 && box.right <= w && box.bottom <= h
      && c.width === Math.round(box.width * devicePixelRatio);
  }, [width, height]);
}

/** Opens the settings panel, runs `change` on it, and closes it with Escape. */
export async function inSettings(page, change) {
  await page.locator('#open-settings').click();
  await page.locator('#settings').waitFor({ state: 'visible' });
  await change(page);
  await page.keyboard.press('Escape');
  await page.locator('#settings').waitFor({ state: 'hidden' });
}

/** Hides or shows the page as a browser does when the tab changes. */
export async function setHidden(page, hidden) {
  await page.evaluate((hidden) => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (hidden ? 'hidden' : 'visible') });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
}

/** Opens a view of the part that loads later (`stats`, `practice`,
 *  `gallery`, `analysis`, `replay`) as its button or address would, and
 *  waits until it is on screen; returns what the view shows. */
export async function openView(page, view) {
  // The gallery is opened by the address (its deck named by `mode`), the others with the game's save.
  await page.evaluate((view) => loadPart().then((part) => part.open(view, view === 'gallery' ? location.search : localStorage.getItem('set-game/save'))), view);
  return viewState(page, view);
}

/** Waits until the part's dialog shows `view`, and returns its state. */
export async function viewState(page, view) {
  await page.waitForFunction((view) => window.reviewBindings?.view_state?.().view === view
    && document.getElementById('review')?.open, view);
  return page.evaluate(() => window.reviewBindings.view_state());
}

/** Closes the part's dialog by Escape, as a person would. */
export async function closeView(page) {
  await page.keyboard.press('Escape');
  await page.locator('#review').waitFor({ state: 'hidden' });
}

/** A gallery card's rectangle, [x, y, w, h] in viewport CSS pixels. */
export const galleryRect = async (page, id) => {
  const { rects, ids } = await viewState(page, 'gallery');
  return rects[ids.indexOf(id)];
};

/** axe-core's findings on the page as it is now: WCAG 2.2 A and AA, and best
 *  practice. axe keeps time with the page's timers: not under a paused clock. */
export async function audit(page, where) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  const found = violations.map((v) => `${where}: ${v.id} (${v.impact}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  assert.deepEqual(found, [], found.join('\n'));
}

/** Three card ids are a set: all the same or all different, digit by digit
 *  of the ternary ids (a plain reference check, never the page's finder). */
export const isSet = (a, b, c) => [1, 3, 9, 27].every((p) => {
  const [x, y, z] = [a, b, c].map((id) => Math.floor(id / p) % 3);
  return (x === y && y === z) || (x !== y && y !== z && x !== z);
});

/** Every set among a table of card ids, by the reference check. */
export function setsOf(table) {
  const sets = [];
  for (let i = 0; i < table.length; i++)
    for (let j = i + 1; j < table.length; j++)
      for (let k = j + 1; k < table.length; k++) if (isSet(table[i], table[j], table[k])) sets.push([table[i], table[j], table[k]]);
  return sets;
}

/** Clicks a card where the page drew it (on the table or the row above), as a person would. */
export async function clickCard(page, id) {
  const rect = await api(page, 'card_rect', id);
  assert.ok(rect, `card ${id} is not on ${page.url()}'s table`);
  const [x, y, w, h] = rect;
  await page.mouse.click(x + w / 2, y + h / 2);
}

/** Run in a page (`page.evaluate(installBoardProbe)`): reads what the board
 *  shows from pixels, the board's canvas and the layers the moving cards are
 *  drawn on (`canvas.sprite`, placed by a CSS transform) composed as the
 *  page shows them. `window.boardThumb(context, w, h)` draws it all scaled
 *  into a small canvas; `window.boardPixel(x, y)` is the colour at a viewport
 *  point, from the topmost layer there that is mostly opaque, else the board. */
export function installBoardProbe() {
  const board = document.getElementById('board');
  const layers = () => [...document.querySelectorAll('canvas.sprite')]
    .map((canvas) => ({ canvas, box: canvas.getBoundingClientRect(), alpha: Number(getComputedStyle(canvas).opacity) }));
  window.boardThumb = (context, w, h) => {
    const box = board.getBoundingClientRect();
    context.drawImage(board, 0, 0, w, h);
    const [sx, sy] = [w / box.width, h / box.height];
    for (const { canvas, box: b, alpha } of layers()) {
      context.globalAlpha = alpha;
      context.drawImage(canvas, (b.left - box.left) * sx, (b.top - box.top) * sy, b.width * sx, b.height * sy);
    }
    context.globalAlpha = 1;
  };
  const pixel = (canvas, box, x, y) => {
    const [px, py] = [Math.floor(((x - box.left) * canvas.width) / box.width), Math.floor(((y - box.top) * canvas.height) / box.height)];
    return [...canvas.getContext('2d').getImageData(px, py, 1, 1).data];
  };
  window.boardPixel = (x, y) => {
    const over = layers().reverse().find(({ box: b, alpha }) => alpha > 0.5 && x >= b.left && x < b.right && y >= b.top && y < b.bottom);
    if (over) {
      const colour = pixel(over.canvas, over.box, x, y);
      if (colour[3] > 128) return colour;
    }
    return pixel(board, board.getBoundingClientRect(), x, y);
  };
}
