// Trunk's post-build hook (Trunk.toml), in release builds: first shortens the
// names between the wasm and its glue (shorten-names.mjs), then puts the glue
// into the page (inline-glue.mjs), then minifies the service worker with
// terser (www/sw.js stays readable in the source; nothing outside the worker
// names its top-level bindings). The development loop (`trunk serve`) keeps
// wasm-bindgen's names, Trunk's own loader and the worker as written.
//
// Usage: node scripts/post-build.mjs [dir]   (dir: Trunk's staging dir)
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inlineGlue } from './inline-glue.mjs';
import { shortenNames } from './shorten-names.mjs';
import { minify } from 'terser';

const dir = process.argv[2] ?? process.env.TRUNK_STAGING_DIR;
if (!dir) throw new Error('post-build: no directory (TRUNK_STAGING_DIR is not set)');
if (process.env.TRUNK_PROFILE && process.env.TRUNK_PROFILE !== 'release') process.exit(0);

const files = readdirSync(dir);
const only = (what, test) => {
  const found = files.filter(test);
  if (found.length !== 1) throw new Error(`post-build: expected one ${what} in ${dir}, found ${found.length}`);
  return found[0];
};
// The glue is named like the wasm (`set-game-<hash>.js` beside
// `set-game-<hash>_bg.wasm`); other scripts (the service worker) are not.
const wasm = only('*_bg.wasm', (f) => f.endsWith('_bg.wasm'));
const stem = wasm.replace(/[0-9a-f]+_bg\.wasm$/, '');
const glue = only(`${stem}*.js`, (f) => f.startsWith(stem) && /^[0-9a-f]+\.js$/.test(f.slice(stem.length)));
const build = { wasmPath: join(dir, wasm), jsPath: join(dir, glue), htmlPath: join(dir, 'index.html'), glue };

shortenNames(build);
await inlineGlue(build);
const worker = join(dir, only('sw.js', (f) => f === 'sw.js'));
writeFileSync(worker, (await minify(readFileSync(worker, 'utf8'), { ecma: 2020, toplevel: true })).code);
