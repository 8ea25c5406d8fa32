// Page timings in headless Chromium against the release build in dist/:
// - first paint: navigation start to the `first-board` performance mark,
//   over 10 first visits (a fresh browser context each) and 10 later ones
//   (the service worker serving the files), from 127.0.0.1, with where the
//   time goes: the page (the glue and stylesheet inlined in it), the wasm
//   received, its compiling and instantiating
//   (to its `mount` mark), and mounting and drawing the first board;
// - input latency: a click's pointerdown to the next animation frame;
// - one `sets(ids)` and one `hint()` call through window.wasmBindings, as a
//   page calls them (median of 21 batches of at least 5 ms each).
// Prints one `BENCH {json}` line per figure.
import { spawn } from 'node:child_process';
import { chromium } from 'playwright-core';

const LOADS = 10;

/** The static server in its own process, as a real one would be: sharing
 *  this process's event loop with Playwright would delay its answers. */
async function startServer(dir) {
  const child = spawn(process.execPath, ['scripts/serve.mjs', dir, '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      const match = /http:\/\/127\.0\.0\.1:\d+\//.exec(String(chunk));
      if (match) resolve(match[0]);
    });
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
  });
  return { url, close: async () => child.kill() };
}

// The server child is killed on every way out, a failed browser launch included.
const server = await startServer(process.env.DIST ?? 'dist');
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
    const fetched = (suffix) => Math.max(0, ...files.filter((f) => f.name.endsWith(suffix)).map((f) => f.responseEnd));
    return {
      html: performance.getEntriesByType('navigation')[0].responseEnd,
      wasm: fetched('.wasm'),
      mount: at('mount'), board: at('first-board'),
    };
  });
  const load = async (context, seed) => {
    const page = await context.newPage();
    await page.goto(`${server.url}?seed=${seed}`);
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
      mount_and_draw_ms: m((t) => t.board - t.mount),
      samples: loads.map((t) => Math.round(t.board)),
    };
  };
  // A first visit: a new browser context (no cache, no service worker) each time.
  const cold = [];
  for (let i = 0; i < LOADS; i++) {
    const context = await browser.newContext(viewport);
    cold.push(await load(context, i + 1));
    await context.close();
  }
  report({ what: 'first_paint', method: 'first_visit', ...summary(cold) });
  // Later visits: one context, the service worker serving the files from its cache.
  const context = await browser.newContext(viewport);
  await load(context, 99);
  const warm = [];
  for (let i = 0; i < LOADS; i++) warm.push(await load(context, i + 1));
  report({ what: 'first_paint', method: 'repeat_visit', ...summary(warm) });

  // Input latency: a real click (pointerdown) on a card, to the animation
  // frame after the game has handled it and drawn the selection.
  const input = await context.newPage();
  await input.goto(`${server.url}?seed=1`);
  await input.waitForFunction(() => performance.getEntriesByName('first-board').length > 0);
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
  await page.waitForFunction(() => performance.getEntriesByName('first-board').length > 0);
  const calls = await page.evaluate(() => {
    const b = window.wasmBindings;
    const ids = b.state().table;
    const time = (f) => {
      let iterations = 1;
      for (;;) {
        const start = performance.now();
        for (let i = 0; i < iterations; i++) f();
        if (performance.now() - start >= 5) break;
        iterations *= 2;
      }
      const samples = [];
      for (let s = 0; s < 21; s++) {
        const start = performance.now();
        for (let i = 0; i < iterations; i++) f();
        samples.push(((performance.now() - start) * 1e6) / iterations);
      }
      return samples.sort((a, b) => a - b)[10];
    };
    return { cards: ids.length, sets: time(() => b.sets(ids)), hint: time(() => b.hint()) };
  });
  report({ what: 'js_call', method: 'sets(ids)', cards: calls.cards, median_ns: calls.sets });
  report({ what: 'js_call', method: 'hint()', cards: calls.cards, median_ns: calls.hint });
} finally {
  await browser?.close();
  await server.close();
}
