// The download budget: every file the page can fetch (the page with its
// inlined stylesheet and glue, the wasm, the service worker, the manifest
// and its icon) together stays within 60 KB gzip. Sizes are deterministic,
// so this is a hard test.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { BUDGET_GZIP_BYTES, measureDist, sizeTable } from '../../scripts/sizes.mjs';

test('the release build downloads in at most 60 KB gzip', async (t) => {
  const dist = process.env.DIST ?? 'dist';
  const sizes = await measureDist(dist);
  for (const line of sizeTable(sizes).split('\n')) t.diagnostic(line);
  // What is measured is what the page needs: a file missing here would
  // make the total look smaller than the download is.
  for (const kind of ['index.html', '_bg.wasm', 'sw.js', '.webmanifest', '.svg']) {
    assert.ok(sizes.some((s) => s.file.endsWith(kind)), `no ${kind} file in the build`);
  }
  const html = await readFile(path.join(dist, 'index.html'), 'utf8');
  assert.match(html, /<style>[^<]*--felt/, 'the stylesheet is inlined in the page');
  assert.doesNotMatch(html, /rel=["']?stylesheet/, 'and not fetched as well');
  // The glue too (scripts/inline-glue.mjs): the service worker is the only script file.
  assert.deepEqual(sizes.map((s) => s.file).filter((f) => f.endsWith('.js')), ['sw.js'], 'the glue is inlined in the page');
  assert.doesNotMatch(html, /modulepreload/, 'and not preloaded either');
  const total = sizes.reduce((n, s) => n + s.gzip, 0);
  assert.ok(total <= BUDGET_GZIP_BYTES, `${total} bytes gzip is over the budget of ${BUDGET_GZIP_BYTES}`);
});
