// Nothing lost, nothing breaks: reloads restore the game exactly, bad saved
// data is refused with a notice, missing storage is survived, the clock stops
// while the page is hidden, and a crash shows a way out.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ARTIFACTS, SAVE_KEY, api, assertSound, clickSlot, finishGame, kept, nonSet, ready, setHidden, state, useBrowser } from './helpers.mjs';

const { open } = useBrowser();

/** An init script: puts the text left in sessionStorage under `plant` in place of the saved game. */
function plantSave() {
  const text = sessionStorage.getItem('plant');
  if (text !== null) {
    localStorage.setItem('set-game/save', text);
    sessionStorage.removeItem('plant');
  }
}

test('a reload restores the game exactly: cards, slots, deck, counters and time', { timeout: 60_000 }, async () => {
  const { page, problems, close } = await open('?seed=77');
  for (const slot of await nonSet(page)) await clickSlot(page, slot);
  await page.click('#hint-button');
  for (const slot of await api(page, 'hint')) await clickSlot(page, slot);
  await page.click('#hint-button');
  await page.waitForTimeout(1200);
  const before = await state(page);
  assert.deepEqual([before.setsFound, before.wrongClaims, before.hintsUsed], [1, 1, 2]);
  const saved = await page.evaluate((key) => localStorage.getItem(key), SAVE_KEY);
  assert.match(saved, /^SET save 1\nseed 77\n/);

  await page.reload();
  await ready(page);
  const after = await state(page);
  assert.deepEqual(kept(after), kept(before));
  assert.ok(after.elapsedMs >= before.elapsedMs - 50, `time went back from ${before.elapsedMs} to ${after.elapsedMs}`);
  assert.ok(after.elapsedMs < before.elapsedMs + 3000, `time jumped from ${before.elapsedMs} to ${after.elapsedMs}`);
  assert.equal(await page.textContent('#sets-found'), '1');
  assert.ok(await page.isHidden('#notice'));

  // The restored game plays on to its end, and a reload of a finished game stays finished.
  await finishGame(page);
  await page.reload();
  await ready(page);
  assert.equal((await state(page)).over, true);
  assert.ok(await page.isVisible('#end-screen'));
  assert.deepEqual(problems, []);
  await close();
});

test('corrupt, hand-edited or unknown-version saves are refused with a notice and a fresh game', { timeout: 90_000 }, async () => {
  // A real save to edit.
  const { page: first, close: closeFirst } = await open('?seed=5');
  for (const slot of await api(first, 'hint')) await clickSlot(first, slot);
  const good = await first.evaluate((key) => localStorage.getItem(key), SAVE_KEY);
  await closeFirst();
  const line = (name) => good.split('\n').find((l) => l.startsWith(`${name} `));
  const replace = (name, value) => good.replace(line(name), `${name} ${value}`);
  const table = line('table').split(' ').slice(1);
  const corrupt = {
    'an id of 81': replace('table', ['81', ...table.slice(1)].join(' ')),
    'a repeated card': replace('table', [...table, table[0]].join(' ')),
    '82 cards': replace('deck', `${line('deck').slice(5)} 80`),
    'a negative count': replace('wrong-claims', '-1'),
    'an unknown version': good.replace('SET save 1', 'SET save 9'),
    'a truncated save': good.slice(0, good.length - 20),
    'moves that do not match': replace('seed', '6'),
    'garbage': '\u0000\u{1F0CF}{"not":"a save"',
  };
  for (const [what, text] of Object.entries(corrupt)) {
    // Planted as the reloaded page starts, after the old page saved itself on the way out.
    const { page, problems, close } = await open('', { init: plantSave });
    await page.evaluate((text) => sessionStorage.setItem('plant', text), text);
    await page.reload();
    await ready(page);
    const notice = await page.textContent('#notice');
    assert.match(notice, /Your saved game could not be restored: .+\. A new game was dealt\./, `${what}: ${notice}`);
    assert.ok(await page.isVisible('#notice'), what);
    if (what === 'an id of 81') await page.screenshot({ path: `${ARTIFACTS}/notice.png` });
    const s = await state(page);
    assertSound(s);
    assert.equal(s.setsFound, 0, what);
    // The fresh game replaced the bad save.
    const now = await page.evaluate((key) => localStorage.getItem(key), SAVE_KEY);
    assert.match(now, new RegExp(`^SET save 1\\nseed ${s.seed}\\n`), what);
    assert.deepEqual(problems, [], what);
    await close();
  }
});

test('without storage the game plays on and says it will not be saved', { timeout: 60_000 }, async () => {
  const refusals = {
    'storage disabled': () => {
      Object.defineProperty(window, 'localStorage', { configurable: true, get() { throw new DOMException('The access is denied for this document.', 'SecurityError'); } });
    },
    'storage full': () => {
      Storage.prototype.setItem = function () { throw new DOMException('The quota has been exceeded.', 'QuotaExceededError'); };
    },
  };
  for (const [what, init] of Object.entries(refusals)) {
    const { page, problems, close } = await open('?seed=8', { init });
    assert.match(await page.textContent('#notice'), /This game will not be saved: .+\./, what);
    for (const slot of await api(page, 'hint')) await clickSlot(page, slot);
    const s = await state(page);
    assert.equal(s.setsFound, 1, what);
    assertSound(s);
    assert.deepEqual(problems, [], what);
    await close();
  }
});

test('the clock runs only while the page is visible', { timeout: 60_000 }, async () => {
  const { page, problems, close } = await open('?seed=12');
  await setHidden(page, true);
  const hiddenAt = (await state(page)).elapsedMs;
  await page.waitForTimeout(1500);
  assert.ok((await state(page)).elapsedMs - hiddenAt < 50, 'the clock ran while hidden');
  await setHidden(page, false);
  await page.waitForTimeout(600);
  assert.ok((await state(page)).elapsedMs - hiddenAt >= 500, 'the clock did not start again');
  assert.deepEqual(problems, []);
  await close();
});

test('a crash shows a clear message and a New game button that works', { timeout: 60_000 }, async () => {
  const { page, problems, close } = await open('?seed=3');
  assert.ok(await page.isHidden('#crash'));
  const thrown = await page.evaluate(() => {
    try {
      window.wasmBindings.simulate_crash();
      return 'no error';
    } catch (error) {
      return String(error);
    }
  });
  assert.match(thrown, /unreachable/);
  assert.ok(await page.isVisible('#crash'));
  assert.match(await page.textContent('#crash-message'), /internal error/);
  await page.screenshot({ path: `${ARTIFACTS}/crash.png` });
  assert.ok(problems.some((p) => p.includes('simulate_crash() was called')), 'the panic is logged');
  await page.click('#crash-new-game');
  await page.waitForURL((url) => url.search === '');
  await ready(page);
  assert.ok(await page.isHidden('#crash'));
  const s = await state(page);
  assertSound(s);
  assert.equal(s.setsFound, 0);
  await close();
});
