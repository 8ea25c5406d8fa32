// Raw and gzip size of every file a browser downloads from a built dist/.
// The size test enforces the budget with it; the bench report prints it.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** The download budget: every file the page can fetch (the page, its
 *  assets, the service worker, the manifest and its icon), gzip, in bytes (60 KB). */
export const BUDGET_GZIP_BYTES = 60_000;

/** [{ file, raw, gzip }] for the files of `dir`, largest first. */
export async function measureDist(dir) {
  // Every file but Trunk's own (.stage, .trunk-lock).
  const entries = await readdir(dir, { withFileTypes: true });
  const names = entries.filter((entry) => entry.isFile() && !entry.name.startsWith('.')).map((entry) => entry.name);
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
