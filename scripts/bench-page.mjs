// Page timings in headless Chromium against the release build in dist/:
// - first paint: navigation start to the `first-board` performance mark,
//   over 10 loads from 127.0.0.1;
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
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 2 });
  const paints = [];
  for (let load = 0; load < LOADS; load++) {
    const page = await context.newPage();
    await page.goto(`${server.url}?seed=${load + 1}`);
    await page.waitForFunction(() => performance.getEntriesByName('first-board').length > 0);
    paints.push(await page.evaluate(() => performance.getEntriesByName('first-board')[0].startTime));
    await page.close();
  }
  report({ what: 'first_paint', method: 'navigation_to_first_board', median_ms: median(paints), samples: paints.map((p) => Math.round(p)) });

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
