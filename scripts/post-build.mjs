// Trunk's post-build hook (Trunk.toml). In every build it first builds the
// parts that load later (scripts/build-parts.sh). In release builds it then
// shortens the
// names between the wasm and its glue (shorten-names.mjs), then puts the glue
// into the page (inline-glue.mjs), then minifies the service worker with
// terser (www/sw.js stays readable in the source; nothing outside the worker
// names its top-level bindings). The parts that load later
// (scripts/build-parts.sh ran before this) get their names shortened the
// same way and their glue minified; their glue stays a file of its own, which
// the page imports when a part is first opened. The development loop (`trunk serve`) keeps
// wasm-bindgen's names, Trunk's own loader and the worker as written.
//
// Last, in release builds, each file is written compressed beside itself
// (gzip and brotli), for set-server to send as it is.
//
// Usage: node scripts/post-build.mjs [dir]   (dir: Trunk's staging dir)
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inlineGlue } from './inline-glue.mjs';
import { writeOnlinePage } from './online-page.mjs';
import { writeRacePage } from './race-page.mjs';
import { shortenNames } from './shorten-names.mjs';
import { minify } from 'terser';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dir = process.argv[2] ?? process.env.TRUNK_STAGING_DIR;
if (!dir) throw new Error('post-build: no directory (TRUNK_STAGING_DIR is not set)');
execFileSync('bash', ['scripts/build-parts.sh'], { stdio: 'inherit', env: { ...process.env, TRUNK_STAGING_DIR: dir } });
if (process.env.TRUNK_PROFILE && process.env.TRUNK_PROFILE !== 'release') {
  writeRacePage(dir);
  writeOnlinePage(dir);
  process.exit(0);
}

const files = readdirSync(dir);
const only = (what, test) => {
  const found = files.filter(test);
  if (found.length !== 1) throw new Error(`post-build: expected one ${what} in ${dir}, found ${found.length}`);
  return found[0];
};
// Each glue is named like its wasm (`set-game-<hash>.js` beside
// `set-game-<hash>_bg.wasm`, the hashes Trunk's own); other scripts (the
// service worker) are not.
const pair = (stem) => {
  const hashed = (ending) => (f) => f.startsWith(stem) && new RegExp(`^[0-9a-f]+${ending}$`).test(f.slice(stem.length));
  const wasm = only(`${stem}*_bg.wasm`, hashed('_bg\\.wasm'));
  const glue = only(`${stem}*.js`, hashed('\\.js'));
  return { wasmPath: join(dir, wasm), jsPath: join(dir, glue), glue };
};
const build = { ...pair('set-game-'), htmlPath: join(dir, 'index.html') };
shortenNames(build);
await inlineGlue(build);

// Every other wasm is a part that scripts/build-parts.sh built (`review-<hash>_bg.wasm`).
const partStems = files.filter((f) => f.endsWith('_bg.wasm') && !f.startsWith('set-game-'))
  .map((f) => f.replace(/[0-9a-f]+_bg\.wasm$/, ''));
if (partStems.length === 0) throw new Error(`post-build: no part that loads later in ${dir}`);
for (const stem of partStems) {
  const part = pair(stem);
  shortenNames(part);
  const code = readFileSync(part.jsPath, 'utf8');
  writeFileSync(part.jsPath, (await minify(code, { module: true, ecma: 2020 })).code);
}
// race.html is index.html as it is now, with the race part in its place;
// online.html keeps its head and has a body of its own.
writeRacePage(dir);
writeOnlinePage(dir);
const worker = join(dir, only('sw.js', (f) => f === 'sw.js'));
writeFileSync(worker, (await minify(readFileSync(worker, 'utf8'), { ecma: 2020, toplevel: true })).code);

// Every file a browser fetches, compressed once here at the highest levels,
// beside itself (`.gz`, `.br`): set-server sends these to browsers that take
// them, and never compresses on the fly.
for (const file of readdirSync(dir).filter((f) => /\.(html|js|wasm|css|svg|webmanifest|json)$/.test(f))) {
  const bytes = readFileSync(join(dir, file));
  writeFileSync(join(dir, `${file}.gz`), gzipSync(bytes, { level: 9 }));
  writeFileSync(join(dir, `${file}.br`), brotliCompressSync(bytes, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  }));
}
