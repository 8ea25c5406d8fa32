// Puts wasm-bindgen's JavaScript glue into index.html, in release builds (a
// step of scripts/build.mjs).
//
// A loader that imports the glue from its own file costs one more request,
// and the module can only run once it has arrived, while the wasm beside it
// is already preloaded: the first board waited for it (BENCHMARKS.md,
// "Design decisions, measured once"). Here the loader is one module script
// holding the glue itself (which sets a `glue` performance mark as it
// starts, for the first-paint benchmark): it starts the wasm, calls the
// page's entry, sets `window.wasmBindings` to the glue's other exports, and
// dispatches `TrunkApplicationStarted` (index.html registers the service
// worker on it; the name is Trunk's loader's, which this replaced).
// The glue's file is removed. The script is then
// minified by terser as the module it is: wasm-bindgen's glue keeps its long
// local names, and Trunk only takes out its spaces (BENCHMARKS.md, "Design
// decisions, measured once"). Property names (the import object's, the
// bindings') stay as they are.
//
// Anything unexpected stops the build: a loader of another shape, an export
// this does not know how to read, or a glue that could end its script early.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { minify } from 'terser';

const fail = (why) => {
  throw new Error(`inline-glue: ${why}`);
};

/** The glue as a plain script body: its `export` keywords removed, with
 *  the names it exported ({ exported name: local name }). */
export function withoutExports(glue) {
  const names = {};
  let body = glue.replace(/\bexport\s*\{([^}]*)\};?/g, (_, list) => {
    for (const item of list.split(',')) {
      const [local, exported = local] = item.trim().split(/\s+as\s+/);
      if (local) names[exported] = local;
    }
    return '';
  });
  body = body.replace(/\bexport\s+((?:async\s+)?function\*?|class|const|let|var)\s+([\w$]+)/g, (_, kind, name) => {
    names[name] = name;
    return `${kind} ${name}`;
  });
  if (/\bexport\b\s*(?:[{*]|default\b|(?:async|function|class|const|let|var)\b)/.test(body)) fail('the glue exports in a way this does not read');
  if (/\bimport\b\s*(?:[\w${*]|["'`(])/.test(body)) fail('the glue imports another module');
  if (!names.default) fail('the glue has no default export (its init function)');
  return { body, names };
}

/** Text that would end or change a script element, were it inside one. */
const breaksScript = (code) => /<\/script|<!--/i.test(code);

/**
 * Puts the module's glue (`jsPath`) into the page at `htmlPath` as its one
 * module script, at the end of its head, with a preload of its `wasm` and a
 * script that starts compiling it beside it, then removes the glue's file.
 * The module script instantiates the wasm, calls `entry` (the export that
 * starts the page), sets
 * `window.wasmBindings` to the other exports, and dispatches
 * `TrunkApplicationStarted`.
 */
export async function inlineGlue({ htmlPath, jsPath, wasm, entry }) {
  const html = readFileSync(htmlPath, 'utf8');
  const scriptSource = readFileSync(jsPath, 'utf8');
  if (breaksScript(scriptSource)) fail('the glue contains text that would end or change its script element');
  const { body, names } = withoutExports(scriptSource);
  if (!/^[\w-]+\.wasm$/.test(wasm)) fail(`a wasm file name this does not expect: ${wasm}`);
  if (!names[entry]) fail(`the glue exports no ${entry}`);
  if (!html.includes('</head>')) fail('the page has no </head>');

  // The bindings are the game's API: not the glue's init functions, nor the entry.
  const bindings = Object.entries(names)
    .filter(([exported]) => exported !== 'default' && exported !== 'initSync' && exported !== entry)
    .map(([exported, local]) => (exported === local ? local : `${exported}:${local}`))
    .join(',');
  // The `glue` mark splits the first-paint benchmark's wait for the wasm
  // running: up to here the page is parsed, from here on the glue runs and
  // the wasm is compiled and instantiated.
  const code = `performance.mark("glue");${body};\n`
    + `await ${names.default}({module_or_path:await(window.wasmCompiling??"./${wasm}")});`
    + `${names[entry]}();`
    + `window.wasmBindings={${bindings}};`
    + 'dispatchEvent(new Event("TrunkApplicationStarted"));';
  const minified = await minify(code, { module: true, ecma: 2020 }).catch((error) => fail(`terser: ${error.message ?? error}`));
  if (breaksScript(minified.code)) fail('the minified glue contains text that would end or change its script element');
  const script = `<script type=module>${minified.code}</script>`;
  const preload = `<link as=fetch crossorigin href=./${wasm} rel=preload type=application/wasm>`;
  // The wasm compiled as it arrives, while the page is still parsed: a
  // module script runs only once the page is, and the glue's own
  // instantiating began the compiling there (BENCHMARKS.md, "Design
  // decisions, measured once"). Should it fail, the glue fetches the wasm
  // itself, as before.
  const compiling = `<script>try{window.wasmCompiling=WebAssembly.compileStreaming(fetch("./${wasm}")).catch(()=>"./${wasm}")}catch(e){}</script>`;
  writeFileSync(htmlPath, html.replace('</head>', () => `${script}${preload}${compiling}</head>`));
  rmSync(jsPath);
}
