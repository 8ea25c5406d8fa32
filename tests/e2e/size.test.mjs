// The download budget: the release build's html + css + js + wasm together
// stay within 60 KB gzip. Sizes are deterministic, so this is a hard test.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BUDGET_GZIP_BYTES, measureDist, sizeTable } from '../../scripts/sizes.mjs';

test('the release build downloads in at most 60 KB gzip', async (t) => {
  const sizes = await measureDist(process.env.DIST ?? 'dist');
  for (const line of sizeTable(sizes).split('\n')) t.diagnostic(line);
  for (const kind of ['.html', '.css', '.js', '.wasm']) {
    assert.ok(sizes.some((s) => s.file.endsWith(kind)), `no ${kind} file in the build`);
  }
  const total = sizes.reduce((n, s) => n + s.gzip, 0);
  assert.ok(total <= BUDGET_GZIP_BYTES, `${total} bytes gzip is over the budget of ${BUDGET_GZIP_BYTES}`);
});
