// Page timings in headless Chromium against the release build in dist/:
// - first paint: navigation start to the `first-board` performance mark,
//   over 10 first visits (a fresh browser context each) and 10 later ones
//   (the service worker serving the files), from 127.0.0.1, with where the
//   time goes: the page (the glue and stylesheet inlined in it), the wasm
//   received, its compiling and instantiating
//   (to its `mount` mark), and mounting and drawing the first board;
// - the floor: a plain-JavaScript page drawing a board of 12 cards
//   (scripts/bench-floor/), first visits timed in turn with the game's;
//   with BASE_DIST set to an older release's build, that release's first
//   visits too, in the same turn, so the two ratios to the floor compare
//   on one machine at one time;
// - input latency: a click's pointerdown to the next animation frame;
// - a claim's motion: the time between animation frames from a claim's last
//   tap until the cards are at rest, over 6 claims, on index.html and in an
//   online room against a computer opponent, at full speed and with the CPU
//   slowed 4× (Chromium's throttling, a phone-class CPU): p50, p95, longest;
// - `sets(ids)` through window.wasmBindings, as a page calls it, with a plain
//   array and with a Uint8Array, beside the best plain-JavaScript finder, for
//   a table's cards and the whole deck; and `hint()` (medians of 21 rounds
//   of batches timed in turn).
// Prints one `BENCH {json}` line per figure.
import { chromium } from 'playwright-core';
import { startServer } from './server.mjs';
import { fetchedBeforeFirstBoard, measureDist } from './sizes.mjs';

const LOADS = 10;

// The server (set-server, in its own process, as players meet it) is
// stopped on every way out, a failed browser launch included.
const dist = process.env.DIST ?? 'dist';
const server = await startServer({ dist });
// The floor: a plain-JavaScript page drawing a board, served the same way.
const floorServer = await startServer({ dist: 'scripts/bench-floor' });
// An older release, to compare the first board with (BASE_DIST).
const baseServer = process.env.BASE_DIST ? await startServer({ dist: process.env.BASE_DIST }) : null;
let browser;

const report = (figure) => console.log(`BENCH ${JSON.stringify({ layer: 'page', ...figure })}`);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

try {
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const viewport = { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 2 };
  /** One load's timeline, in ms from navigation start: the page, the
   *  wasm received, the wasm running (`mount`) and the full board. */
  const timeline = (page) => page.evaluate(() => {
    const at = (name) => performance.getEntriesByName(name)[0].startTime;
    const files = performance.getEntriesByType('resource');
    // The page's own wasm: the API part's comes after the first board.
    const wasm = files.filter((f) => /\/set-game-[0-9a-f]+_bg\.wasm$/.test(f.name));
    return {
      html: performance.getEntriesByType('navigation')[0].responseEnd,
      wasm: Math.max(0, ...wasm.map((f) => f.responseEnd)), glue: at('glue'),
      mount: at('mount'), board: at('first-board'),
    };
  });
  const load = async (context, query, from = server) => {
    const page = await context.newPage();
    await page.goto(from.url + query);
    await page.waitForFunction(() => performance.getEntriesByName('first-board').length > 0);
    const times = await timeline(page);
    // The service worker has cached the page's files once it controls it.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.close();
    return times;
  };
  const summary = (loads) => {
    const m = (f) => Math.round(median(loads.map(f)) * 10) / 10;
    return {
      median_ms: m((t) => t.board),
      html_ms: m((t) => t.html),
      files_ms: m((t) => t.wasm),
      compile_instantiate_ms: m((t) => t.mount - t.wasm),
      // Of which: from the wasm received to the glue starting (the page being
      // parsed and laid out first), and from there to the wasm running.
      wait_for_glue_ms: m((t) => Math.max(0, t.glue - t.wasm)),
      glue_to_mount_ms: m((t) => t.mount - Math.max(t.glue, t.wasm)),
      mount_and_draw_ms: m((t) => t.board - t.mount),
      samples: loads.map((t) => Math.round(t.board)),
    };
  };
  // A first visit: a new browser context (no cache, no service worker) each
  // time, in turn with a first visit of the floor page, so that both see the
  // same machine.
  const cold = [];
  const floor = [];
  const base = [];
  for (let i = 0; i < LOADS; i++) {
    const context = await browser.newContext(viewport);
    cold.push(await load(context, `?seed=${i + 1}`));
    await context.close();
    if (baseServer) {
      const baseContext = await browser.newContext(viewport);
      base.push(await load(baseContext, `?seed=${i + 1}`, baseServer));
      await baseContext.close();
    }
    const floorContext = await browser.newContext(viewport);
    const page = await floorContext.newPage();
    await page.goto(floorServer.url);
    await page.waitForFunction(() => performance.getEntriesByName('first-board').length > 0);
    floor.push(await page.evaluate(() => performance.getEntriesByName('first-board')[0].startTime));
    await floorContext.close();
  }
  report({ what: 'first_paint', method: 'first_visit', ...summary(cold) });
  // What a first visit fetched before its first board, as the size test measures it.
  {
    const context = await browser.newContext(viewport);
    const page = await context.newPage();
    await page.goto(`${server.url}?seed=1`);
    await page.waitForFunction(() => performance.getEntriesByName('first-board').length > 0);
    const files = await fetchedBeforeFirstBoard(page, new URL(server.url).origin);
    const sizes = await measureDist(dist);
    const gzip = files.reduce((n, file) => n + (sizes.find((s) => s.file === file)?.gzip ?? 0), 0);
    report({ what: 'first_load', files, gzip });
    await context.close();
  }
  report({
    what: 'first_paint', method: 'plain_js_floor',
    median_ms: Math.round(median(floor) * 10) / 10, samples: floor.map(Math.round),
  });
  const ratio = (loads) => Math.round((median(loads.map((t) => t.board)) / median(floor)) * 100) / 100;
  report({ what: 'first_board_ratio', method: 'this_build', ratio: ratio(cold) });
  if (baseServer) {
    report({ what: 'first_paint', method: 'base_first_visit', dist: process.env.BASE_DIST, ...summary(base) });
    report({ what: 'first_board_ratio', method: 'base', dist: process.env.BASE_DIST, ratio: ratio(base) });
  }
  // Later visits: one context, the service worker serving the files from its cache.
  const context = await browser.newContext(viewport);
  await load(context, '?seed=1');
  const warm = [];
  // A player coming back: the bare address, which carries on the saved game.
  for (let i = 0; i < LOADS; i++) warm.push(await load(context, ''));
  report({ what: 'first_paint', method: 'repeat_visit', ...summary(warm) });

  // Input latency: a real click (pointerdown) on a card, to the animation
  // frame after the game has handled it and drawn the selection.
  const input = await context.newPage();
  await input.goto(`${server.url}?seed=1`);
  // slot_rect() comes with the API part, fetched once the game has started.
  await input.waitForFunction(() => performance.getEntriesByName('first-board').length > 0 && window.wasmBindings?.slot_rect);
  await input.evaluate(() => {
    window.latencies = [];
    addEventListener('pointerdown', (down) => {
      addEventListener('click', () => {
        const handled = performance.now();
        // The next frame's callbacks run after the drawing and before it is shown.
        requestAnimationFrame(() => window.latencies.push({ handled: handled - down.timeStamp, frame: performance.now() - down.timeStamp }));
      }, { once: true });
    }, true);
  });
  const [x, y, w, h] = await input.evaluate(() => window.wasmBindings.slot_rect(0));
  for (let i = 0; i < 21; i++) {
    // Each click picks the card or puts it back: a change on screen every time.
    await input.mouse.click(x + w / 2, y + h / 2);
    await input.waitForFunction((n) => window.latencies.length >= n, i + 1);
  }
  const latencies = await input.evaluate(() => window.latencies);
  const round = (v) => Math.round(v * 100) / 100;
  report({
    what: 'input_latency', method: 'pointerdown_to_next_frame',
    handled_median_ms: round(median(latencies.map((l) => l.handled))),
    frame_median_ms: round(median(latencies.map((l) => l.frame))),
    samples: latencies.map((l) => round(l.frame)),
  });
  await input.close();

  const page = await context.newPage();
  await page.goto(`${server.url}?seed=1`);
  // sets() comes with the API part, fetched once the game has started.
  await page.waitForFunction(() => performance.getEntriesByName('first-board').length > 0 && window.wasmBindings?.sets);
  const calls = await page.evaluate(() => {
    const b = window.wasmBindings;
    // The best plain-JavaScript way of finding every set, for comparison: an
    // 81 × 81 third-card table and a position index, flat triples out.
    const third = new Uint8Array(81 * 81);
    for (let a = 0; a < 81; a++) {
      for (let c = 0; c < 81; c++) {
        let id = 0;
        for (let unit = 27; unit >= 1; unit /= 3) id += ((6 - (Math.floor(a / unit) % 3) - (Math.floor(c / unit) % 3)) % 3) * unit;
        third[a * 81 + c] = id;
      }
    }
    const place = new Int8Array(81);
    const plainSets = (ids) => {
      place.fill(-1);
      for (let i = 0; i < ids.length; i++) place[ids[i]] = i;
      const out = [];
      for (let i = 0; i < ids.length; i++) {
        for (let j = i + 1; j < ids.length; j++) {
          const k = place[third[ids[i] * 81 + ids[j]]];
          if (k > j) out.push(i, j, k);
        }
      }
      return out;
    };
    /** Median ns per call of each function, timed round by round in turn
     *  (21 rounds, each a batch of at least 10 ms: the page clock is coarse) so that drift hits all alike. */
    const timeInTurn = (fns) => {
      const iterations = fns.map((f) => {
        for (let n = 1; ; n *= 2) {
          const start = performance.now();
          for (let i = 0; i < n; i++) f();
          if (performance.now() - start >= 10) return n;
        }
      });
      const samples = fns.map(() => []);
      for (let round = 0; round < 21; round++) {
        fns.forEach((f, which) => {
          const start = performance.now();
          for (let i = 0; i < iterations[which]; i++) f();
          samples[which].push(((performance.now() - start) * 1e6) / iterations[which]);
        });
      }
      return samples.map((s) => s.sort((x, y) => x - y)[10]);
    };
    let sink = 0;
    // A new game of seed 1, which deals 12 cards: a table as a page has it.
    const table = b.deal(1);
    if (table.length !== 12) throw new Error(`seed 1 dealt ${table.length} cards`);
    const deck = Array.from({ length: 81 }, (_, id) => id);
    const results = [];
    for (const ids of [table, deck]) {
      const typed = Uint8Array.from(ids);
      // The same sets, or the comparison means nothing.
      const flat = Array.from(b.sets(typed));
      if (flat.join() !== b.sets(ids).flat().join() || flat.join() !== plainSets(ids).join()) throw new Error('the finders disagree');
      // Each answer's length is kept, so that no JIT can drop a call whose answer goes unused.
      const [array, uint8, plain] = timeInTurn([
        () => (sink += b.sets(ids).length),
        () => (sink += b.sets(typed).length),
        () => (sink += plainSets(ids).length),
      ]);
      results.push({ cards: ids.length, array, uint8, plain });
    }
    const [hint] = timeInTurn([() => (sink += b.hint().length)]);
    return { results, hint, tableCards: table.length, sink };
  });
  for (const { cards, array, uint8, plain } of calls.results) {
    report({ what: 'js_call', method: 'sets(array)', cards, median_ns: array });
    report({ what: 'js_call', method: 'sets(Uint8Array)', cards, median_ns: uint8 });
    report({ what: 'js_call', method: 'plain JS finder', cards, median_ns: plain });
  }
  report({ what: 'js_call', method: 'hint()', cards: calls.tableCards, median_ns: calls.hint });

  // A claim's motion, frame by frame: alone and online, at full speed and at 4× slower.
  for (const where of ['solo', 'online']) {
    for (const throttle of [1, 4]) {
      const claims = await context.newPage();
      const cdp = await context.newCDPSession(claims);
      await claims.goto(where === 'solo' ? `${server.url}?seed=1` : `${server.url}online.html`);
      if (where === 'online') {
        // A room with a computer opponent (an easy one: it rarely takes a set first), started by its host.
        await claims.fill('#create-name', 'Bench');
        await claims.selectOption('#create-bots', 'easy');
        await claims.click('#create-room');
        await claims.waitForFunction(() => window.wasmBindings.state().online.players.length === 2);
        await claims.click('#start-game');
        await claims.waitForFunction(() => window.wasmBindings.state().online.status === 'playing');
      } else {
        await claims.waitForFunction(() => performance.getEntriesByName('first-board').length > 0 && window.wasmBindings?.hint);
      }
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
      const intervals = [];
      for (let claim = 0; claim < 6; claim++) {
        // The cards of a set as the page draws them (a plain finder over the table's ids).
        const rects = await claims.evaluate(() => {
          const { table } = window.wasmBindings.state();
          const isSet = (a, b, c) => [1, 3, 9, 27].every((p) => ((Math.floor(a / p) % 3) + (Math.floor(b / p) % 3) + (Math.floor(c / p) % 3)) % 3 === 0);
          for (let i = 0; i < table.length; i++) for (let j = i + 1; j < table.length; j++) for (let k = j + 1; k < table.length; k++) {
            if (isSet(table[i], table[j], table[k])) return [table[i], table[j], table[k]].map((id) => window.wasmBindings.card_rect(id));
          }
          return null;
        });
        if (!rects) break;
        const tap = ([x, y, w, h]) => claims.mouse.click(x + w / 2, y + h / 2);
        await tap(rects[0]);
        await tap(rects[1]);
        // Every animation frame's time, and apart from them, every 25 ms,
        // whether the page says cards move: `state()` is not free online, and
        // asked on every frame it would be the frames' cost.
        await claims.evaluate(() => {
          window.frameTimes = [];
          window.polls = [];
          window.motionOver = false;
          const started = performance.now();
          const tick = (t) => {
            window.frameTimes.push(t);
            if (!window.motionOver) requestAnimationFrame(tick);
          };
          requestAnimationFrame(tick);
          const poll = setInterval(() => {
            const now = performance.now();
            const animating = window.wasmBindings.state().animating;
            window.polls.push({ at: now, animating });
            const moved = window.polls.some((p) => p.animating);
            if ((moved && !animating) || now - started > 5000) {
              window.motionOver = true;
              clearInterval(poll);
            }
          }, 25);
        });
        await tap(rects[2]);
        await claims.waitForFunction(() => window.motionOver, undefined, { timeout: 10_000 });
        // The frames that ended from just before the motion was first seen
        // (a poll later) until it was seen over: from the first that moves
        // (online, once the server's answer is in) until the cards are at rest.
        const times = await claims.evaluate(() => {
          const seen = window.polls.filter((p) => p.animating).map((p) => p.at);
          if (!seen.length) return [];
          const from = seen[0] - 25;
          const to = window.polls.find((p) => p.at > seen[0] && !p.animating)?.at ?? seen.at(-1);
          const first = window.frameTimes.findIndex((t) => t >= from);
          const last = window.frameTimes.findIndex((t) => t >= to);
          return window.frameTimes.slice(Math.max(0, first - 1), last < 0 ? undefined : last + 1);
        });
        for (let i = 1; i < times.length; i++) intervals.push(times[i] - times[i - 1]);
      }
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      const sorted = [...intervals].sort((a, b) => a - b);
      const at = (q) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] * 100) / 100;
      const sixty = intervals.filter((ms) => ms < 20).length / Math.max(1, intervals.length);
      report({ what: 'claim_frames', method: where, cpu_slowdown: throttle, frames: sorted.length, p50_ms: at(0.5), p95_ms: at(0.95), longest_ms: at(1), at_60fps: Math.round(sixty * 100) / 100 });
      await claims.close();
    }
  }
} finally {
  await browser?.close();
  await server.close();
  await floorServer.close();
  await baseServer?.close();
}
