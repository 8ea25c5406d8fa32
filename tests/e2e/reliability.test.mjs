// Nothing lost, nothing breaks: reloads restore the game exactly, bad saved
// data is refused with a notice, missing storage is survived, the clock stops
// while the page is hidden, and a crash shows a way out.
import { test } from 'node:test';
import { readFile } from 'node:fs/promises';
import assert from 'node:assert/strict';
import { ARTIFACTS, SAVE_KEY, api, assertSound, clickSlot, finishGame, kept, nonSet, ready, refuseWrites, setHidden, state, useBrowser } from './helpers.mjs';

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
  assert.match(saved, /^SET save 2\nmode classic\nseed 77\n/);

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

/** Every save set aside, as { key, record } with the record's JSON parsed. */
const setAside = (page) => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('set-game/set-aside/'))
  .sort().map((key) => ({ key, record: JSON.parse(localStorage.getItem(key)) })));

/** A good save of a game with a set found, and a page that plants `text` as it reloads. */
async function goodSave() {
  const { page, close } = await open('?seed=5');
  for (const slot of await api(page, 'hint')) await clickSlot(page, slot);
  const good = await page.evaluate((key) => localStorage.getItem(key), SAVE_KEY);
  await close();
  return good;
}

/** Opens a page whose saved game is `text` when it starts (planted after the old page saved itself on the way out). */
async function openWithSave(text, query = '') {
  const opened = await open(query, { init: plantSave, acceptDownloads: true });
  await opened.page.evaluate((text) => sessionStorage.setItem('plant', text), text);
  // Not a reload: the address now names the fresh game's seed, which would win over the save.
  await opened.page.goto(new URL(`/${query}`, opened.page.url()).href);
  await ready(opened.page);
  return opened;
}

test('a save that cannot be restored is kept aside with its time and reason, offered for download, and a new game is dealt', { timeout: 120_000 }, async () => {
  const good = await goodSave();
  const line = (name) => good.split('\n').find((l) => l.startsWith(`${name} `));
  const replace = (name, value) => good.replace(line(name), `${name} ${value}`);
  const table = line('table').split(' ').slice(1);
  const corrupt = {
    'an id of 81': replace('table', ['81', ...table.slice(1)].join(' ')),
    'a repeated card': replace('table', [...table, table[0]].join(' ')),
    '82 cards': replace('deck', `${line('deck').slice(5)} 80`),
    'a negative count': replace('wrong-claims', '-1'),
    'a version before the first': good.replace('SET save 2', 'SET save 0'),
    'a truncated save': good.slice(0, good.length - 20),
    'moves that do not match': replace('seed', '6'),
    'garbage': '\u0000\u{1F0CF}{"not":"a save"',
  };
  for (const [what, text] of Object.entries(corrupt)) {
    const startedAt = Date.now();
    const { page, problems, close } = await openWithSave(text);
    const notice = await page.textContent('#notice-text');
    assert.match(notice, /^Your saved game could not be restored: .+\. It is kept aside in this browser, and a new game was dealt\.$/, `${what}: ${notice}`);
    assert.ok(await page.isVisible('#notice'), what);
    const s = await state(page);
    assertSound(s);
    assert.equal(s.setsFound, 0, what);

    // Kept: exactly the text, when, and why; then the fresh game took the save's place.
    const kept = await setAside(page);
    assert.equal(kept.length, 1, what);
    const { key, record } = kept[0];
    assert.equal(record.save, text, `${what}: the kept text differs`);
    assert.equal(key, `set-game/set-aside/${record.at}`);
    assert.ok(Math.abs(Date.parse(record.at) - startedAt) < 60_000, `${what}: kept at ${record.at}`);
    assert.ok(notice.includes(record.reason), `${what}: the reason "${record.reason}" is not the one shown`);
    const now = await page.evaluate((key) => localStorage.getItem(key), SAVE_KEY);
    assert.match(now, new RegExp(`^SET save 2\\nmode classic\\nseed ${s.seed}\\n`), what);

    // The download gives back the stored text, byte for byte.
    assert.ok(await page.isVisible('#save-download'), what);
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#save-download')]);
    assert.match(download.suggestedFilename(), /^set-save-.+\.txt$/);
    const chunks = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk);
    assert.equal(Buffer.concat(chunks).toString('utf8'), text, `${what}: the download differs`);
    if (what === 'an id of 81') await page.screenshot({ path: `${ARTIFACTS}/notice.png` });

    // A reload carries on the new game, and the kept save stays.
    await page.reload();
    await ready(page);
    assert.equal((await state(page)).seed, s.seed, what);
    assert.deepEqual(await setAside(page), kept, what);
    assert.ok(await page.isHidden('#notice'), what);
    assert.deepEqual(problems, [], what);
    await close();
  }
});

test('a save written by the first release (format 1) restores exactly and is carried on in format 2', { timeout: 60_000 }, async () => {
  const v1 = await readFile('crates/set-core/tests/fixtures/save-v1.txt', 'utf8');
  const line = (name) => v1.split('\n').find((l) => l.startsWith(`${name} `)).split(' ').slice(1);
  const { page, problems, close } = await openWithSave(v1);
  const s = await state(page);
  assert.deepEqual(s.table, line('table').map(Number));
  assert.equal(s.deck, line('deck').length);
  assert.deepEqual([s.seed, s.setsFound, s.wrongClaims, s.hintsUsed], [42, 2, 1, 1]);
  assert.ok(Math.abs(s.elapsedMs - 81_234) < 3000, `the clock restored at ${s.elapsedMs}`);
  assert.ok(await page.isHidden('#notice'));
  // The first save after it is format 2, and it plays on.
  for (const slot of await api(page, 'hint')) await clickSlot(page, slot);
  const now = await page.evaluate((key) => localStorage.getItem(key), SAVE_KEY);
  assert.match(now, /^SET save 2\nmode classic\nseed 42\n/);
  assert.equal((await state(page)).setsFound, 3);
  assert.deepEqual(await setAside(page), []);
  assert.deepEqual(problems, []);
  await close();
});

test('a bad save that cannot be kept aside is not written over: the game plays on unsaved and says so', { timeout: 60_000 }, async () => {
  const text = (await goodSave()).replace(/^seed \d+$/m, 'seed 6');
  const { page, context, problems, close } = await open('', { init: plantSave });
  await context.addInitScript(...refuseWrites({ prefix: 'set-game/set-aside/' }));
  await page.evaluate((text) => sessionStorage.setItem('plant', text), text);
  await page.reload();
  await ready(page);
  const notice = await page.textContent('#notice-text');
  assert.match(notice, /Your saved game could not be restored: .+\. It could not be kept aside \(The quota has been exceeded\), so this game will not be saved over it\./, notice);
  for (const slot of await api(page, 'hint')) await clickSlot(page, slot);
  assert.equal((await state(page)).setsFound, 1);
  await setHidden(page, true);
  assert.equal(await page.evaluate((key) => localStorage.getItem(key), SAVE_KEY), text, 'the bad save was written over');
  assert.ok(await page.isVisible('#save-download'));
  assert.deepEqual(problems, []);
  await close();
});

test('a newer version\'s save is never written over: the game plays on unsaved and says so', { timeout: 60_000 }, async () => {
  const good = await goodSave();
  const newer = [
    'SET save 3\nmode classic\nseed 5\nmoves 1200:c0.4.9 5400:h\nplayers 2\n',
    good.replace('SET save 2', 'SET save 7.3'),
  ];
  for (const text of newer) {
    const { page, problems, close } = await openWithSave(text);
    const notice = await page.textContent('#notice-text');
    assert.match(notice, /Your saved game is not opened here: it was saved by a newer version of SET \(save format \d+, this page reads 2\)\. It is kept as it is, and this game will not be saved over it; reload to get the newer version\./, notice);
    const stored = () => page.evaluate((key) => localStorage.getItem(key), SAVE_KEY);
    // Play, hide, show, play on, leave: each would save, and none may touch it.
    for (const slot of await api(page, 'hint')) await clickSlot(page, slot);
    await page.click('#hint-button');
    await setHidden(page, true);
    await setHidden(page, false);
    assert.equal((await state(page)).setsFound, 1);
    assert.equal(await stored(), text);
    assert.deepEqual(await setAside(page), [], 'a newer save is not corrupt');
    await page.reload();
    await ready(page);
    assert.equal(await stored(), text, 'the reload wrote over it');
    assert.match(await page.textContent('#notice-text'), /newer version of SET/);
    assert.deepEqual(problems, []);
    await close();
  }
});

test('a save of a newer minor version restores, its unknown lines skipped', { timeout: 60_000 }, async () => {
  const { page: first, close: closeFirst } = await open('?seed=5');
  for (const slot of await api(first, 'hint')) await clickSlot(first, slot);
  await first.click('#hint-button');
  const before = await state(first);
  const good = await first.evaluate((key) => localStorage.getItem(key), SAVE_KEY);
  await closeFirst();
  const newerMinor = good.replace('SET save 2\n', 'SET save 2.2\nplayer-name Ada\n') + 'theme dark\n';
  const { page, problems, close } = await openWithSave(newerMinor);
  assert.deepEqual(kept(await state(page)), kept(before));
  assert.ok(await page.isHidden('#notice'));
  assert.deepEqual(problems, []);
  await close();
});

test('a link to another game never ends an unfinished one: it carries on, and the link\'s game waits for the player', { timeout: 90_000 }, async () => {
  const { page, problems, close } = await open('?seed=31');
  for (const slot of await api(page, 'hint')) await clickSlot(page, slot);
  for (const slot of await nonSet(page)) await clickSlot(page, slot);
  const before = await state(page);
  assert.deepEqual([before.setsFound, before.wrongClaims], [1, 1]);
  const stored = () => page.evaluate((key) => localStorage.getItem(key), SAVE_KEY);
  const moves = (text) => text.split('\n').filter((line) => !line.startsWith('elapsed-ms '));
  const savedBefore = await stored();
  const home = new URL('/', page.url()).href;

  // Another seed, another way to play, the daily puzzle: each link finds the
  // game in progress, keeps it exactly, and offers its own game.
  for (const link of ['?seed=32', '?mode=chain&seed=5', '?mode=daily&date=2026-11-23']) {
    await page.goto(home + link);
    await ready(page);
    const now = await state(page);
    assert.deepEqual([kept(now), now.mode], [kept(before), 'classic'], link);
    assert.deepEqual(moves(await stored()), moves(savedBefore), `${link}: the save changed`);
    assert.equal(new URL(page.url()).search, '?seed=31', `${link}: the address names the game shown`);
    assert.equal(await page.textContent('#notice-text'),
      'The link is for another game; yours is unfinished and carries on here. Playing the linked game ends it.', link);
    assert.ok(await page.isVisible('#play-offer'), link);
    assert.equal(await page.evaluate(() => getComputedStyle(document.getElementById('notice')).position), 'static', `${link}: a lasting notice takes its room`);
  }
  await page.screenshot({ path: `${ARTIFACTS}/link-offer.png` });
  // The game plays on under the offer, which stays until a game starts.
  for (const slot of await api(page, 'hint')) await clickSlot(page, slot);
  assert.equal((await state(page)).setsFound, 2);
  assert.ok(await page.isVisible('#play-offer'));

  // The player asks for the link's game: it starts, the offer is gone, and
  // for a few seconds the way back to the game it replaced is offered instead.
  await page.click('#play-offer');
  const daily = await state(page);
  assert.deepEqual([daily.mode, daily.date, daily.setsFound], ['daily', '2026-11-23', 0]);
  assert.ok(await page.isHidden('#play-offer'));
  assert.equal(await page.textContent('#notice-text'), 'A new game was dealt.');
  assert.ok(await page.isVisible('#go-back'));
  assert.match(await stored(), /^SET save 2\nmode daily 2026-11-23\n/);
  await page.reload();
  await ready(page);
  assert.deepEqual(kept(await state(page)), kept(daily), 'the link\'s game is the saved game now');
  assert.ok(await page.isHidden('#notice'));

  // A link without a seed deals a new game of its way to play, when asked.
  await page.goto(home + '?mode=junior');
  await ready(page);
  assert.equal((await state(page)).mode, 'daily');
  await page.locator('#play-offer').focus();
  await page.keyboard.press('Enter');
  assert.equal((await state(page)).mode, 'junior');

  // A finished game is no game in progress: the link's game is dealt at once.
  await finishGame(page);
  await page.goto(home + '?mode=chain&seed=5');
  await ready(page);
  const chain = await state(page);
  assert.deepEqual([chain.mode, chain.seed, chain.setsFound], ['chain', 5, 0]);
  assert.ok(await page.isHidden('#notice'));
  assert.deepEqual(problems, []);
  await close();
});

test('a new game that replaced an unfinished one can be taken back until it has a move', { timeout: 90_000 }, async () => {
  const { page, problems, close } = await open('?seed=44');
  // A fresh deal replaced: nothing to go back to.
  await page.keyboard.press('n');
  assert.ok(await page.isHidden('#notice'));
  assert.equal(await page.textContent('#announce'), 'A new game was dealt.', 'said to screen readers');
  for (const slot of await api(page, 'hint')) await clickSlot(page, slot);
  await clickSlot(page, 0);
  const before = await state(page);
  assert.equal(before.setsFound, 1);

  // N, the key below H: the game is replaced, and the way back is offered.
  await page.keyboard.press('n');
  assert.notEqual((await state(page)).seed, before.seed);
  assert.equal(await page.textContent('#notice-text'), 'A new game was dealt.');
  assert.equal(await page.textContent('#announce'), 'A new game was dealt. B goes back to the last one.', 'said to screen readers');
  assert.ok(await page.isVisible('#go-back'));
  await page.screenshot({ path: `${ARTIFACTS}/go-back.png` });
  await page.click('#go-back');
  assert.equal(await page.textContent('#announce'), 'Back to the last game.');
  const back = await state(page);
  assert.deepEqual([kept(back), back.mode], [kept({ ...before, selected: [] }), 'classic']);
  assert.deepEqual(back.selected, [], 'the picks are not kept');
  assert.ok(back.elapsedMs >= before.elapsedMs, 'the clock carries on from where it stood');
  assert.ok(await page.isHidden('#notice'));
  assert.equal(new URL(page.url()).search, `?seed=${before.seed}`);
  await page.reload();
  await ready(page);
  assert.deepEqual(kept(await state(page)), kept(back), 'the game gone back to is the saved one');

  // Another way to play, then a move in it: the new game stands.
  await page.locator('#mode').selectOption('chain');
  assert.ok(await page.isVisible('#go-back'));
  for (const slot of await api(page, 'hint')) await clickSlot(page, slot);
  assert.equal((await state(page)).mode, 'chain');
  assert.ok(await page.isHidden('#go-back'));

  // B goes back too, from the keyboard, while the way back is offered.
  const chain = await state(page);
  await page.keyboard.press('n');
  await page.keyboard.press('b');
  assert.deepEqual(kept(await state(page)), kept(chain));
  // The offer passes by itself with its notice; B then does nothing.
  await page.keyboard.press('n');
  assert.ok(await page.isVisible('#go-back'));
  await page.waitForSelector('#notice', { state: 'hidden', timeout: 8000 });
  assert.ok(await page.isHidden('#go-back'));
  const fresh = await state(page);
  await page.keyboard.press('b');
  assert.deepEqual(kept(await state(page)), kept(fresh));
  assert.deepEqual(problems, []);
  await close();
});

test('two tabs of one browser show one game: each follows the other\'s moves, and no move is lost', { timeout: 90_000 }, async () => {
  const { page: a, context, problems, close } = await open('?seed=31');
  const b = await context.newPage();
  const bProblems = [];
  b.on('pageerror', (error) => bProblems.push(error.message));
  b.on('console', (m) => m.type() === 'error' && bProblems.push(m.text()));
  for (const slot of await api(a, 'hint')) await clickSlot(a, slot);
  await b.goto(new URL('/', a.url()).href);
  await ready(b);
  assert.deepEqual(kept(await state(b)), kept(await state(a)), 'the second tab opened the game the first is playing');

  const follows = async (page, setsFound) =>
    page.waitForFunction((n) => window.wasmBindings.state().setsFound === n, setsFound, { timeout: 10_000 });
  // Turn about: a set in one tab shows in the other at once.
  for (let round = 0; round < 4; round++) {
    const [mover, other] = round % 2 === 0 ? [b, a] : [a, b];
    for (const slot of await api(mover, 'hint')) await clickSlot(mover, slot);
    const n = (await state(mover)).setsFound;
    await follows(other, n);
    assert.deepEqual(kept(await state(other)), kept(await state(mover)), `round ${round}`);
  }
  // A wrong claim and a hint travel too.
  const wrong = await nonSet(a);
  for (const slot of wrong) await clickSlot(a, slot);
  await a.click('#hint-button');
  await b.waitForFunction(() => window.wasmBindings.state().hintsUsed === 1);
  assert.deepEqual(kept(await state(b)), kept(await state(a)));
  assert.equal((await state(b)).wrongClaims, 1);

  // Nothing is lost: the stored game holds every set and move from both tabs.
  const saved = await a.evaluate((key) => localStorage.getItem(key), SAVE_KEY);
  const found = saved.split('\n').find((l) => l.startsWith('found ')).split(' ').slice(1);
  assert.equal(found.length, 5, 'five sets in the save');
  assert.ok(found.every((claim) => /^\d+\.\d+\.\d+$/.test(claim)), found.join(' '));

  // New game in one tab: the other follows and says why its board changed.
  await b.click('#new-game-button');
  const seed = (await state(b)).seed;
  await a.waitForFunction((seed) => window.wasmBindings.state().seed === seed, seed);
  assert.match(await a.textContent('#notice-text'), /Another tab started a new game: this tab now shows it too\./);
  assert.equal(new URL(a.url()).search, `?seed=${seed}`, 'the address names the game shown');
  assert.deepEqual([...problems, ...bProblems], []);
  await close();
});

test('storage that fills up during play: the game plays on, says once that it is not saved, and saves again when it can', { timeout: 60_000 }, async () => {
  const { page, problems, close } = await open('?seed=8', { init: refuseWrites({ key: SAVE_KEY, whileFull: true }) });
  const stored = () => page.evaluate((key) => localStorage.getItem(key), SAVE_KEY);
  for (const slot of await api(page, 'hint')) await clickSlot(page, slot);
  const lastGood = await stored();
  assert.match(lastGood, /^found \d+\.\d+\.\d+$/m);
  await page.evaluate(() => {
    window.storageFull = true;
    window.noticeChanges = [];
    new MutationObserver(() => window.noticeChanges.push(document.getElementById('notice-text').textContent))
      .observe(document.getElementById('notice'), { subtree: true, childList: true, characterData: true });
  });
  // Several changes, each of which tries to save and fails.
  for (const slot of await api(page, 'hint')) await clickSlot(page, slot);
  for (const slot of await nonSet(page)) await clickSlot(page, slot);
  await page.click('#hint-button');
  await setHidden(page, true);
  await setHidden(page, false);
  const s = await state(page);
  assertSound(s);
  assert.deepEqual([s.setsFound, s.wrongClaims, s.hintsUsed], [2, 1, 1]);
  assert.ok(await page.isVisible('#notice'));
  // The notice also says why the wrong claim was wrong, and that passes;
  // the storage sentence must come once and stay, not be said again at every move.
  const saying = 'This game will not be saved: The quota has been exceeded.';
  const changes = await page.evaluate(() => window.noticeChanges);
  const said = changes.filter((text, i) => text.includes(saying) && !(changes[i - 1] ?? '').includes(saying)).length;
  assert.equal(said, 1, `said ${said} times: ${JSON.stringify(changes)}`);
  assert.ok(changes.every((text, i) => i === 0 || text.includes(saying)), 'it stays while writes fail');
  const shown = await page.textContent('#notice-text');
  assert.ok(shown.endsWith(saying), shown);
  assert.equal(await stored(), lastGood, 'the last good save is left as it was');

  // Room again: the next change saves the whole game and the notice goes.
  await page.evaluate(() => { window.storageFull = false; });
  await page.click('#hint-button');
  assert.ok(!(await page.textContent('#notice-text')).includes(saying), 'the storage sentence goes at once');
  await page.waitForSelector('#notice', { state: 'hidden', timeout: 8000 }); // and the wrong claim's reason passes
  const saved = await stored();
  assert.match(saved, /^wrong-claims 1$/m);
  assert.match(saved, /^hints-used 2$/m);
  assert.equal(saved.split('\n').find((l) => l.startsWith('found ')).split(' ').length - 1, 2, 'two sets in the save');
  assert.deepEqual(problems, []);
  await close();
});

test('without storage the game plays on and says it will not be saved', { timeout: 60_000 }, async () => {
  const refusals = {
    'storage disabled': () => {
      Object.defineProperty(window, 'localStorage', { configurable: true, get() { throw new DOMException('The access is denied for this document.', 'SecurityError'); } });
    },
    'storage full': refuseWrites({ prefix: '' }),
  };
  for (const [what, init] of Object.entries(refusals)) {
    const { page, problems, close } = await open('?seed=8', { init });
    assert.match(await page.textContent('#notice-text'), /^This game will not be saved: .+\.$/, what);
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

// The crash hook ships only on race.html (index.html's download carries no
// test hook); the crash screen and its script are the same on both pages.
test('a crash shows a clear message and a New game button that works', { timeout: 60_000 }, async () => {
  const { page, problems, close } = await open('race.html?seed=3');
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
  // At commit: once the game starts it writes ?seed= into the address again,
  // so the wait starts before the click (a quick start could beat it).
  const replaced = page.waitForURL((url) => url.search === '', { waitUntil: 'commit' });
  await page.click('#crash-new-game');
  await replaced;
  await ready(page);
  assert.ok(await page.isHidden('#crash'));
  const s = await state(page);
  assertSound(s);
  assert.equal(s.setsFound, 0);
  await close();
});
