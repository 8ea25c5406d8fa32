// The build's one table (scripts/build.mjs, MODULES) against what it names:
// every crate a workspace member with the features the row asks for, every
// entry an export of its crate, every page written by the build and every
// part of index.html named in its template. A row that drifts from the code
// stops here, before a build that would fail (or ship a page that never
// starts) later.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { MODULES } from '../../scripts/build.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const read = (file) => readFileSync(path.join(root, file), 'utf8');

/** Each workspace member's directory by package name. */
function members() {
  const manifest = read('Cargo.toml');
  const list = /members\s*=\s*\[([^\]]*)\]/.exec(manifest)?.[1] ?? '';
  const dirs = [...list.matchAll(/"([^"]+)"/g)].map((m) => m[1]);
  return new Map(dirs.map((dir) => [/^name\s*=\s*"([^"]+)"/m.exec(read(path.join(dir, 'Cargo.toml')))[1], dir]));
}

/** Every .rs file under a directory. */
function sources(dir) {
  return readdirSync(path.join(root, dir)).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(path.join(root, file)).isDirectory()) return sources(file);
    return name.endsWith('.rs') ? [file] : [];
  });
}

test('every row of the build table names a member, its features, its entry and its page', () => {
  const crates = members();
  const stems = MODULES.map((m) => m.stem);
  assert.equal(new Set(stems).size, stems.length, 'one row a stem');
  const pages = MODULES.filter((m) => m.page).map((m) => m.page);
  assert.deepEqual(pages.sort(), ['help.html', 'index.html', 'online.html', 'race.html'], 'each page run by one module');
  const index = read('index.html');
  const template = /<template id="parts">([\s\S]*?)<\/template>/.exec(index)?.[1] ?? '';
  for (const module of MODULES) {
    const dir = crates.get(module.crate);
    assert.ok(dir, `${module.stem}: ${module.crate} is a workspace member`);
    const manifest = read(path.join(dir, 'Cargo.toml'));
    const features = /\[features\]([\s\S]*?)(?:\n\[|$)/.exec(manifest)?.[1] ?? '';
    for (const feature of module.features) {
      assert.match(features, new RegExp(`^${feature}\\s*=`, 'm'), `${module.stem}: ${module.crate} has the feature ${feature}`);
    }
    assert.ok(Boolean(module.page) !== Boolean(module.later), `${module.stem}: a page's own module, or a part a page loads later`);
    if (module.entry) {
      const code = sources(path.join(dir, 'src')).map(read).join('\n');
      assert.match(code, new RegExp(`#\\[wasm_bindgen\\]\\s*pub fn ${module.entry}\\(`), `${module.stem}: ${module.entry} is an export`);
    }
    if (module.later === 'index.html') {
      assert.match(template, new RegExp(`href="${module.stem}\\.js"`), `${module.stem}: named in index.html's parts`);
      assert.match(template, new RegExp(`href="${module.stem}_bg\\.wasm"`), `${module.stem}: its wasm named too`);
    }
  }
  assert.match(index, /<link data-trunk rel="rust" data-trunk-skip>/, 'Trunk builds no wasm of its own');
});
