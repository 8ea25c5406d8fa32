// Shortens the names by which the wasm and its JavaScript glue call each
// other, in release builds (a step of scripts/build.mjs, for every module).
//
// wasm-bindgen names every import like `__wbg_fillRect_e1f0b9915220348b`,
// and each name is written twice, in the wasm and in the glue; the hex
// hashes hardly compress (BENCHMARKS.md, "Design decisions, measured once").
// Binaryen's wasm-opt renames the wasm's imports, exports and import module
// to one or two letters and prints what it renamed; this step makes the
// same renames in the glue, and stops the build if any name is left over or
// was never found. The module's own exports (`deal`, `state`, …) keep their
// names: they are the glue's JavaScript functions, not wasm names.
import { execFile } from 'node:child_process';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { promisify } from 'node:util';

/** Shortens the names in the wasm at `wasmPath` and its glue at `jsPath`, in
 *  place (asynchronous: the build shortens its modules side by side). */
export async function shortenNames({ wasmPath, jsPath }) {
  // The features Rust's wasm32 target and wasm-bindgen use, named one by one:
  // `--all-features` would let wasm-opt write encodings browsers do not take
  // yet (compact imports). A module using another fails validation here.
  const FEATURES = ['bulk-memory', 'reference-types', 'nontrapping-float-to-int', 'sign-ext', 'multivalue', 'mutable-globals']
    .map((feature) => `--enable-${feature}`);
  const shortened = `${wasmPath}.short`;
  const { stdout: report } = await promisify(execFile)(
    'wasm-opt',
    [wasmPath, ...FEATURES, '--minify-imports-and-exports-and-modules', '-o', shortened],
    { encoding: 'utf8', maxBuffer: 64 << 20 },
  );
  const { imports, exports } = JSON.parse(report.slice(report.indexOf('{')));

  // Comments are not code (the exports' doc comments may quote their names):
  // they go first, and the minifier would drop them anyway.
  let js = readFileSync(jsPath, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
  const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  /** Replaces every whole-name match of `pattern`; at least one must exist. */
  const rename = (pattern, replacement, what) => {
    const regex = new RegExp(pattern, 'g');
    const count = js.match(regex)?.length ?? 0;
    if (count === 0) throw new Error(`shorten-names: the glue never names ${what}`);
    js = js.replace(regex, replacement);
  };

  const modules = new Set(imports.map(([module]) => module));
  if (modules.size !== 1) throw new Error(`shorten-names: expected one import module, found ${[...modules]}`);
  const [module] = modules;
  // The import object's key: the only place the glue names its module.
  rename(`["']${escape(module)}["']`, '"a"', `the module ${module}`);
  for (const [, name, short] of imports) {
    rename(`(?<![\\w$])${escape(name)}(?![\\w$])`, short, `the import ${name}`);
  }
  // The glue reaches the instance's exports as `wasm.<name>`, and may not use
  // some at all (`__wbindgen_free`, say). A JavaScript function may share an
  // export's name (the closure invoker's wrapper does): it keeps it. Any other
  // way of reaching an export stops the build.
  for (const [name, short] of exports) {
    const other = new RegExp(`exports\\.${escape(name)}(?![\\w$])|["'\`]${escape(name)}["'\`]`);
    if (other.test(js)) throw new Error(`shorten-names: the glue reaches ${name} other than as wasm.${name}`);
    const asExport = `(?<![\\w$])wasm\\.${escape(name)}(?![\\w$])`;
    if (new RegExp(asExport).test(js)) rename(asExport, `wasm.${short}`, `the export ${name}`);
  }
  for (const [, name] of imports) {
    if (js.includes(name)) throw new Error(`shorten-names: ${name} is still in the glue`);
  }

  writeFileSync(jsPath, js);
  renameSync(shortened, wasmPath);
}
