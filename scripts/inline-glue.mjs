// Puts wasm-bindgen's JavaScript glue into the page, in release builds (a
// step of Trunk's post-build hook, scripts/post-build.mjs).
//
// Trunk's loader is a module script that imports the glue from its own file.
// That file is one more request, and the module can only run once it has
// arrived, while the wasm beside it is already preloaded: the first board
// waited for it (BENCHMARKS.md, "Design decisions, measured once"). Here the
// loader is replaced by one module script holding the glue itself, which does
// what Trunk's loader does (and sets a `glue` performance mark as it starts,
// for the first-paint benchmark): starts the wasm from the same address, sets
// `window.wasmBindings` to the glue's exports but its init functions, and dispatches
// `TrunkApplicationStarted` (index.html registers the service worker on it;
// nothing here reads the instance that Trunk's loader sends with it).
// The glue's file and its modulepreload link are removed. The script is then
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

export async function inlineGlue({ htmlPath, jsPath, glue }) {
  const html = readFileSync(htmlPath, 'utf8');
  const scriptSource = readFileSync(jsPath, 'utf8');
  if (breaksScript(scriptSource)) fail('the glue contains text that would end or change its script element');
  const { body, names } = withoutExports(scriptSource);

  // Trunk's loader: `import init, * as bindings from "/<glue>"; … init({ module_or_path: "/<wasm>" }) …`.
  const loaders = [...html.matchAll(/<script type=["']?module["']?>([\s\S]*?)<\/script>/g)].filter(([, code]) => code.includes(glue));
  if (loaders.length !== 1) fail(`expected one module script importing ${glue}, found ${loaders.length}`);
  const [loader, loaderCode] = loaders[0];
  const wasmAddress = /module_or_path\s*:\s*(["'`][^"'`]+["'`])/.exec(loaderCode)?.[1] ?? fail("the loader's wasm address was not found");
  const preloads = [...html.matchAll(/<link[^>]*rel=["']?modulepreload["']?[^>]*>/g)].filter(([link]) => link.includes(glue));
  if (preloads.length !== 1) fail(`expected one modulepreload link for ${glue}, found ${preloads.length}`);

  // The bindings are the game's API: not the glue's init functions.
  const bindings = Object.entries(names)
    .filter(([exported]) => exported !== 'default' && exported !== 'initSync')
    .map(([exported, local]) => (exported === local ? local : `${exported}:${local}`))
    .join(',');
  // The `glue` mark splits the first-paint benchmark's wait for the wasm
  // running: up to here the page is parsed, from here on the glue runs and
  // the wasm is compiled and instantiated.
  const code = `performance.mark("glue");${body};\n`
    + `await ${names.default}({module_or_path:${wasmAddress}});`
    + `window.wasmBindings={${bindings}};`
    + 'dispatchEvent(new Event("TrunkApplicationStarted"));';
  const minified = await minify(code, { module: true, ecma: 2020 }).catch((error) => fail(`terser: ${error.message ?? error}`));
  if (breaksScript(minified.code)) fail('the minified glue contains text that would end or change its script element');
  const script = `<script type=module>${minified.code}</script>`;
  const page = html.replace(preloads[0][0], '').replace(loader, () => script);
  writeFileSync(htmlPath, page);
  rmSync(jsPath);
}
