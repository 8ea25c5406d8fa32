// The one build: every page and every wasm module, into dist/.
//
//   node scripts/build.mjs [--release]
//
// 1. Trunk writes index.html's markup and its assets (www/style.css
//    inlined, www/sw.js, the manifest and the icon copied; minified in
//    release builds). Trunk builds no wasm here.
// 2. Every wasm module in MODULES is built the same way: cargo for wasm32,
//    wasm-bindgen's ES-module glue (`--target web`), and in release builds
//    wasm-opt's passes and shorter names between the wasm and its glue
//    (shorten-names.mjs). Each pair of files is named by a hash of both.
// 3. The pages: race.html, online.html and help.html from index.html's markup
//    (race-page.mjs, online-page.mjs, help-page.mjs, with pieces under www/pages/), each
//    with its module's loader; the parts that load later (and the sound
//    part, www/sound.js, a plain module hashed the same way) named in the
//    pages' templates; then index.html's own loader, which in release
//    builds holds its glue inline (inline-glue.mjs).
// 4. In release builds: the parts' glue, the sound part and the service worker minified by
//    terser, and every file written compressed beside itself (gzip and
//    brotli) for set-server to send as it is.
//
// Each size step stays only with its measurement in BENCHMARKS.md ("Design
// decisions, measured once"). Anything unexpected stops the build.
import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { minify } from 'terser';
import { inlineGlue } from './inline-glue.mjs';
import { moduleLoader } from './page-from-index.mjs';
import { writeOnlinePage } from './online-page.mjs';
import { writeRacePage } from './race-page.mjs';
import { writeHelpPage } from './help-page.mjs';
import { shortenNames } from './shorten-names.mjs';

/**
 * What is built: one row a wasm module. `stem` names its files
 * (`<stem>-<hash>.js`, `<stem>-<hash>_bg.wasm`); `crate` and `features` are
 * cargo's; `target` is its target directory (a crate built with other
 * features has its own, so that two builds do not rebuild each other);
 * (`noDefault`: without the crate's default features) `page` is the page
 * that runs it first, and `entry` the export that
 * page's loader calls once the module is in; a part that loads later names
 * instead the page that loads it (`later`): index.html's are named in its
 * `<template id="parts">`, online.html's in its loader.
 */
export const MODULES = [
  { stem: 'set-game', crate: 'set-game', features: [], target: 'target', page: 'index.html', entry: 'start' },
  { stem: 'race', crate: 'set-game', features: ['race'], noDefault: true, target: 'target/race', page: 'race.html', entry: 'start_race' },
  { stem: 'online', crate: 'set-online', features: [], target: 'target', page: 'online.html' },
  { stem: 'review', crate: 'set-review', features: [], target: 'target', later: 'index.html' },
  { stem: 'api', crate: 'set-api', features: ['part'], target: 'target', later: 'index.html' },
  { stem: 'standings', crate: 'set-standings', features: [], target: 'target/standings', later: 'online.html' },
  { stem: 'help', crate: 'set-help', features: [], target: 'target', page: 'help.html' },
];

/** wasm-opt's passes for every module, in the order Trunk ran them for the
 *  page (`-Oz` first: without it the page's first board was slower,
 *  BENCHMARKS.md), and the features Rust's wasm32 target and wasm-bindgen use. */
const WASM_OPT = ['-Oz', '--low-memory-unused', '--converge', '--flatten', '--rereloop', '-Oz', '--gufa', '-Oz',
  '--strip-producers', '--strip-target-features', '--enable-bulk-memory', '--enable-reference-types',
  '--enable-nontrapping-float-to-int', '--enable-sign-ext', '--enable-multivalue', '--enable-mutable-globals'];

const fail = (why) => {
  throw new Error(`build: ${why}`);
};
const run = (command, args) => execFileSync(command, args, { stdio: 'inherit' });
/** The commands under way, ended if any of them fails (the build stops whole). */
const running = new Set();
/** Runs a command without blocking the build's other steps; rejects on a non-zero exit. */
const runAsync = (command, args) => new Promise((resolve, reject) => {
  const child = spawn(command, args, { stdio: 'inherit' });
  running.add(child);
  child.on('error', reject);
  child.on('exit', (code, signal) => {
    running.delete(child);
    if (code === 0) return resolve();
    for (const other of running) other.kill();
    return reject(new Error(`build: ${command} ${args.join(' ')} exited with ${code ?? signal}`));
  });
});

/** Compiles one module with cargo for wasm32. */
function compileModule(module, profile) {
  const features = [...(module.noDefault ? ['--no-default-features'] : []),
    ...(module.features.length ? ['--features', module.features.join(',')] : [])];
  return runAsync('cargo', ['build', '--target', 'wasm32-unknown-unknown', '-p', module.crate, '--target-dir', module.target,
    ...(profile === 'release' ? ['--release'] : []), ...features]);
}

/** The glue for one compiled module, its wasm-opt passes and shorter
 *  names in release builds, copied into `dir` under a hash of both files;
 *  its files' names. */
async function finishModule(module, profile, dir) {
  const release = profile === 'release';
  const out = join('target', 'modules', profile, module.stem);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const built = join(module.target, 'wasm32-unknown-unknown', profile, `${module.crate.replaceAll('-', '_')}.wasm`);
  await runAsync('wasm-bindgen', ['--target', 'web', '--no-typescript', '--out-dir', out, '--out-name', module.stem, built]);
  const wasmPath = join(out, `${module.stem}_bg.wasm`);
  const jsPath = join(out, `${module.stem}.js`);
  if (release) {
    await runAsync('wasm-opt', [wasmPath, '-o', wasmPath, ...WASM_OPT]);
    await shortenNames({ wasmPath, jsPath });
  }
  const hash = createHash('sha256').update(readFileSync(jsPath)).update(readFileSync(wasmPath)).digest('hex').slice(0, 16);
  const files = { glue: `${module.stem}-${hash}.js`, wasm: `${module.stem}-${hash}_bg.wasm` };
  copyFileSync(jsPath, join(dir, files.glue));
  copyFileSync(wasmPath, join(dir, files.wasm));
  return files;
}

/** Builds every module into `dir`; each one's files' names by stem.
 *  The modules of one target directory compile one after another (cargo
 *  holds the directory's lock, and a crate built twice with other
 *  features would write the same file), the target directories side by
 *  side; each module's glue and wasm-opt passes start as soon as its
 *  compile ends, beside the compiles still running. Two cores are kept
 *  busy where one compile alone would leave one idle (its final, single
 *  codegen unit's optimisation). */
async function buildModules(profile, dir) {
  const byTarget = new Map();
  for (const module of MODULES) byTarget.set(module.target, [...(byTarget.get(module.target) ?? []), module]);
  const finishing = [];
  await Promise.all([...byTarget.values()].map(async (modules) => {
    for (const module of modules) {
      await compileModule(module, profile);
      finishing.push(finishModule(module, profile, dir).then((files) => [module.stem, files]));
    }
  }));
  return Object.fromEntries(await Promise.all(finishing));
}

/** Points index.html's `<template id="parts">` at a part's hashed files
 *  (the release build's minifier may have dropped the attributes' quotes). */
function nameParts(html, stem, files) {
  const named = html
    .replace(new RegExp(`href=["']?${stem}\\.js["']?(?=[\\s>])`), `href="${files.glue}"`)
    .replace(new RegExp(`href=["']?${stem}_bg\\.wasm["']?(?=[\\s>])`), `href="${files.wasm}"`);
  if (!named.includes(`href="${files.glue}"`) || !named.includes(`href="${files.wasm}"`)) {
    fail(`index.html names no ${stem}.js or ${stem}_bg.wasm in its parts`);
  }
  return named;
}

async function build(profile) {
  const release = profile === 'release';
  const dist = 'dist';
  // A clean dist/: a file of an earlier build would be served, and cached by the service worker.
  rmSync(dist, { recursive: true, force: true });
  run('trunk', ['build', ...(release ? ['--release'] : [])]);
  const built = await buildModules(profile, dist);

  const indexPath = join(dist, 'index.html');
  // The rust link that keeps Trunk from building the crate itself goes;
  // each page's loader takes the end of its head.
  const skip = /<link\b[^>]*\bdata-trunk-skip\b[^>]*>/g;
  let index = readFileSync(indexPath, 'utf8');
  if (index.match(skip)?.length !== 1) fail('index.html as Trunk wrote it has no one rust link with data-trunk-skip');
  index = index.replace(skip, '');
  for (const module of MODULES.filter((m) => m.later === 'index.html')) index = nameParts(index, module.stem, built[module.stem]);
  // The sound part: a plain module (www/sound.js), hashed like the others.
  const soundText = readFileSync('www/sound.js');
  const sound = `sound-${createHash('sha256').update(soundText).digest('hex').slice(0, 16)}.js`;
  writeFileSync(join(dist, sound), soundText);
  const withSound = index.replace(/href=["']?sound\.js["']?(?=[\s>])/, `href="${sound}"`);
  if (withSound === index) fail('index.html names no sound.js in its parts');
  index = withSound;
  writeFileSync(indexPath, index);
  // The other pages are made from index.html before it has a loader of its own.
  const moduleOf = (page) => MODULES.find((m) => m.page === page) ?? fail(`no module runs ${page}`);
  const loaderOf = (page) => {
    const module = moduleOf(page);
    return { ...built[module.stem], entry: module.entry };
  };
  writeRacePage(dist, loaderOf('race.html'));
  writeOnlinePage(dist, loaderOf('online.html'), built.standings, sound);
  writeHelpPage(dist, loaderOf('help.html'));
  const page = loaderOf('index.html');
  if (release) {
    await inlineGlue({ htmlPath: indexPath, jsPath: join(dist, page.glue), wasm: page.wasm, entry: page.entry });
  } else {
    writeFileSync(indexPath, index.replace('</head>', `${moduleLoader(page, ';dispatchEvent(new Event("TrunkApplicationStarted"))')}</head>`));
  }
  if (!release) return;

  for (const script of [...MODULES.filter((m) => m.page !== 'index.html').map((m) => built[m.stem].glue), sound]) {
    const glue = join(dist, script);
    writeFileSync(glue, (await minify(readFileSync(glue, 'utf8'), { module: true, ecma: 2020 })).code);
  }
  const worker = join(dist, 'sw.js');
  writeFileSync(worker, (await minify(readFileSync(worker, 'utf8'), { ecma: 2020, toplevel: true })).code);
  // Every file a browser fetches, compressed once here at the highest
  // levels, beside itself: set-server never compresses on the fly.
  for (const file of readdirSync(dist).filter((f) => /\.(html|js|wasm|css|svg|webmanifest|json)$/.test(f))) {
    const bytes = readFileSync(join(dist, file));
    writeFileSync(join(dist, `${file}.gz`), gzipSync(bytes, { level: 9 }));
    writeFileSync(join(dist, `${file}.br`), brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    }));
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const unknown = args.filter((arg) => arg !== '--release');
  if (unknown.length) fail(`unknown arguments ${unknown.join(' ')} (usage: node scripts/build.mjs [--release])`);
  await build(args.includes('--release') ? 'release' : 'debug');
}
