// What race-page.mjs and online-page.mjs share: a page made from the built
// index.html with one of the parts (scripts/build-parts.sh) in place of the
// page's own wasm, and the pieces of markup, style and script each adds,
// which are files under www/pages/. Anything unexpected stops the build.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** A piece of a page's markup, style or script, as written under www/pages/
 *  (its last newline dropped, so that the page's bytes are the file's). */
export function piece(name) {
  return readFileSync(new URL(`../www/pages/${name}`, import.meta.url), 'utf8').replace(/\n$/, '');
}

/**
 * index.html of `dir`, ready to become the page of part `stem` ("race",
 * "online"): its edits fail loudly when what they look for is not there.
 */
export function pageFromIndex(dir, stem) {
  const fail = (why) => {
    throw new Error(`${stem}-page: ${why}`);
  };
  const files = readdirSync(dir);
  /** The glue and wasm a part's build wrote (`online-<hash>.js`, `online-<hash>_bg.wasm`). */
  const partFiles = (part) => ({
    glue: files.find((f) => new RegExp(`^${part}-[0-9a-f]+\\.js$`).test(f)) ?? fail(`no ${part} glue`),
    wasm: files.find((f) => new RegExp(`^${part}-[0-9a-f]+_bg\\.wasm$`).test(f)) ?? fail(`no ${part} wasm`),
  });
  const { glue, wasm } = partFiles(stem);
  let html = readFileSync(join(dir, 'index.html'), 'utf8');
  const page = {
    /** Replaces what must be there (`what` names it in the error). */
    replace(from, to, what) {
      const next = html.replace(from, to);
      if (next === html) fail(`index.html has no ${what}`);
      html = next;
    },
    /** Replaces what may be there. */
    drop(pattern) {
      html = html.replace(pattern, '');
    },
    /** The page's own wasm out: its loader (the one module script) and its preloads. */
    dropSoloLoader() {
      page.replace(/<script type=["']?module["']?>[\s\S]*?<\/script>/, '', 'module script (the loader)');
      page.drop(/<link[^>]*set-game-[^>]*>/g);
    },
    /** The part's loader, then `after` (script run once its bindings are set).
     *  The bindings are a plain object, not the frozen module, so that the
     *  API part's functions can join them (index.html's inline script). */
    loader(after = '') {
      return `<script type=module>import init,* as b from"./${glue}";await init({module_or_path:"./${wasm}"});window.wasmBindings={...b}${after}</script>`;
    },
    partFiles,
    /** The part's files named in hrefs too, for the service worker, which caches what pages name. */
    named: `<template><a href=${glue}></a><a href=${wasm}></a></template>`,
    write(name) {
      writeFileSync(join(dir, name), html);
    },
  };
  return page;
}
