// The release build's glue inlining (scripts/inline-glue.mjs) on a folder
// made here: the page's module script starts the wasm, calls the page's
// entry, and publishes the other exports; a glue it cannot read stops the
// build with the page left as it was.
// (The real build's page is what every other e2e test plays.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inlineGlue, withoutExports } from '../../scripts/inline-glue.mjs';

const GLUE = 'app-0123abcd.js';
const WASM = 'app-4567cdef_bg.wasm';
// Trunk's page, minified as in a release build, without a loader.
const PAGE = '<!doctype html><html><head><title>t</title></head><body></body></html>';
// The shapes of wasm-bindgen's glue: exported functions, a local name
// exported under another, and the init function as the default export.
const GLUE_SOURCE = 'let wasm,calls=0;export function deal(e){return calls++,e+1}function initSync(){}'
  + 'export function start(){globalThis.entered=wasm.at}'
  + 'async function __wbg_init(e){globalThis.started=wasm={at:e.module_or_path};return wasm}'
  + 'export{initSync,__wbg_init as default};';

async function staging(glueSource) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'set-inline-glue-'));
  await writeFile(path.join(dir, 'index.html'), PAGE);
  await writeFile(path.join(dir, GLUE), glueSource);
  const build = { htmlPath: path.join(dir, 'index.html'), jsPath: path.join(dir, GLUE), wasm: WASM, entry: 'start' };
  return { dir, build, remove: () => rm(dir, { recursive: true, force: true }) };
}

test('the glue goes into the page, which starts the wasm, calls the entry and publishes the bindings', async () => {
  const { build, remove } = await staging(GLUE_SOURCE);
  try {
    await inlineGlue(build);
    const page = await readFile(build.htmlPath, 'utf8');
    assert.equal(existsSync(build.jsPath), false, 'the glue file is gone');
    assert.doesNotMatch(page, /modulepreload|app-0123abcd/, 'nothing names it any more');
    assert.match(page, new RegExp(`<link as=fetch crossorigin href=./${WASM} rel=preload[^>]*><script>`), 'the wasm is preloaded');
    const compiling = page.match(/<script>(try\{window\.wasmCompiling=[^<]*)<\/script><\/head>/);
    assert.ok(compiling, 'a classic script starts compiling it as it arrives, before the page is parsed');
    assert.match(compiling[1], new RegExp(`compileStreaming\\(fetch\\("\\./${WASM}"\\)\\)`));
    const scripts = [...page.matchAll(/<script type=module>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
    assert.equal(scripts.length, 1);
    assert.doesNotMatch(scripts[0], /\b(import|export)\b/);
    assert.doesNotMatch(scripts[0], /\bcalls\b|__wbg_init/, 'minified: the local names are shortened');

    // Run the page's module script with the page globals it uses.
    const events = [];
    globalThis.window = {};
    globalThis.dispatchEvent = (event) => events.push(event);
    try {
      await import(`data:text/javascript,${encodeURIComponent(scripts[0])}`);
      assert.deepEqual(Object.keys(window.wasmBindings), ['deal'], 'the exports but the init functions and the entry');
      assert.equal(window.wasmBindings.deal(41), 42);
      assert.equal(events.length, 1);
      assert.equal(events[0].type, 'TrunkApplicationStarted');
      assert.deepEqual(globalThis.started, { at: `./${WASM}` }, 'without the compiling script (or where it failed), started from its address');
      assert.equal(globalThis.entered, `./${WASM}`, 'the entry ran once the wasm was in');
      // With the module the classic script compiled: instantiated from it.
      const compiled = { compiledModule: true };
      window.wasmCompiling = Promise.resolve(compiled);
      await import(`data:text/javascript,${encodeURIComponent(`${scripts[0]}//again`)}`);
      assert.equal(globalThis.started.at, compiled, 'started from the module compiled as it arrived');
    } finally {
      delete globalThis.started;
      delete globalThis.entered;
      delete globalThis.window;
      delete globalThis.dispatchEvent;
    }
  } finally {
    await remove();
  }
});

test('a glue it cannot read stops the build and leaves the page and the glue as they were', async () => {
  const unreadable = [
    ['a default export of another shape', 'export default function init(){}'],
    ['a re-export', 'export * from "./other.js";export{a as default};'],
    ['an import', 'import x from "./other.js";function a(){}export{a as default};'],
    ['no init function', 'export function start(){}'],
    ['no entry', 'function a(){}export{a as default};'],
    ['text that ends the script', 'const s="</script>";function a(){}export{a as default};'],
  ];
  for (const [what, source] of unreadable) {
    const { build, remove } = await staging(source);
    try {
      await assert.rejects(inlineGlue(build), /^Error: inline-glue: /, what);
      assert.equal(await readFile(build.htmlPath, 'utf8'), PAGE, `${what}: the page is unchanged`);
      assert.equal(await readFile(build.jsPath, 'utf8'), source, `${what}: the glue is still there`);
    } finally {
      await remove();
    }
  }
});

// Trunk 0.21 leaves the glue unminified, with wasm-bindgen's own names
// (\`const import0 = …\`, \`imports\`, \`import.meta.url\`): none of them is an import.
test('a glue whose names begin with "import" is inlined: only an import statement stops the build', async () => {
  const plain = 'const import0={a:1};function __wbg_get_imports(){const imports={};imports.a=import0;return imports}'
    + 'const address=()=>new URL("x.wasm",import.meta.url);' + GLUE_SOURCE;
  const { build, remove } = await staging(plain);
  try {
    await inlineGlue(build);
    const page = await readFile(build.htmlPath, 'utf8');
    assert.equal(existsSync(build.jsPath), false, 'the glue is in the page');
    assert.match(page, /<script type=module>/);
  } finally {
    await remove();
  }
});

test('exports are read in their minified and their plain forms', () => {
  const plain = withoutExports('export async function run(a) {}\nexport class Game {}\nfunction init() {}\nexport { init as default, run as go };\n');
  assert.deepEqual(plain.names, { run: 'run', Game: 'Game', default: 'init', go: 'run' });
  assert.doesNotMatch(plain.body, /\bexport\b/);
  assert.match(plain.body, /async function run\(a\) \{\}\nclass Game \{\}/);
});
