// What race-page.mjs and online-page.mjs share: a page made from index.html
// as Trunk wrote it (before index.html has a loader of its own), with a
// module of scripts/build.mjs's table as its script, and the pieces of
// markup, style and script each adds, which are files under www/pages/.
// Anything unexpected stops the build.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** A piece of a page's markup, style or script, as written under www/pages/
 *  (its last newline dropped, so that the page's bytes are the file's). */
export function piece(name) {
  return readFileSync(new URL(`../www/pages/${name}`, import.meta.url), 'utf8').replace(/\n$/, '');
}

/** A module script that loads a module's glue and wasm (`files`: their
 *  names, and the export its page calls once it is in), sets
 *  `window.wasmBindings` to its exports, then runs `after`. The bindings
 *  are a plain object, not the frozen module, so that the API part's
 *  functions can join them (index.html's inline script). */
export function moduleLoader({ glue, wasm, entry }, after = '') {
  const start = entry ? `b.${entry}();` : '';
  return `<script type=module>import init,* as b from"./${glue}";await init({module_or_path:"./${wasm}"});${start}window.wasmBindings={...b}${after}</script>`;
}

/**
 * index.html of `dir`, ready to become the page that runs a module (`files`:
 * its glue, wasm and entry, from scripts/build.mjs); `stem` names the page in
 * errors. Its edits fail loudly when what they look for is not there.
 */
export function pageFromIndex(dir, stem, files) {
  const fail = (why) => {
    throw new Error(`${stem}-page: ${why}`);
  };
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
    /** The module's loader, then `after` (script run once its bindings are set). */
    loader(after = '') {
      return moduleLoader(files, after);
    },
    /** The module's files named in hrefs too, for the service worker, which caches what pages name. */
    named: `<template><a href=${files.glue}></a><a href=${files.wasm}></a></template>`,
    write(name) {
      writeFileSync(join(dir, name), html);
    },
  };
  return page;
}
