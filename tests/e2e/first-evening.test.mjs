// A newcomer's first evening online (issue 56), on a server with the
// default fair-play rules, by two fresh players in browser contexts of
// their own who click at a person's pace (the rules judge pace): the room
// says before the start what a rated game needs; a game that does not
// count says why, on the end screen and in the room's log; two
// newcomers' rated game moves both ratings and the end screen says by how
// much; the proof of a fair deal is folded under one line; quick play
// starts by itself after a countdown both pages show; and Play again takes
// one press (or Ctrl+Enter) for whoever asks, one for each who follows.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ARTIFACTS, audit, clickCard, gameEnds, makeRoomByForm, setsOf, sitByForm, startByButton, state, useBrowser } from './helpers.mjs';

const { open } = useBrowser();

/** A person's pause between seeing a new table and picking a set: over
 *  the seeing floor (docs/fair-play.md), which a faster click would trip. */
const LOOK_MS = 450;

/** Ann makes a Junior room by the form, Ben sits at its link; what Ann's
 *  waiting room says of ratings, read before the start; then Ann starts. */
async function newcomersAtOneTable() {
  const ann = await open('online.html');
  const id = await makeRoomByForm(ann.page, { name: 'Ann', mode: 'junior' });
  const ben = await open(`?room=${id}`);
  await sitByForm(ben.page, 'Ben');
  await ann.page.waitForFunction(() => window.wasmBindings.state().online.players.length === 2);
  const needs = await ann.page.textContent('#rated-needs');
  await startByButton(ann.page, [ann.page, ben.page]);
  return { ann, ben, needs };
}

/** Plays the game to its end by clicks: `finder(turn)` takes each set,
 *  after looking at the new table for `LOOK_MS`. */
async function playToTheEnd(watcher, finder) {
  for (let turn = 0; ; turn++) {
    const s = await state(watcher.page);
    if (s.online.status === 'over') return;
    const [set] = setsOf(s.table);
    if (!set) return gameEnds(watcher.page, s.table);
    const who = finder(turn);
    await who.page.waitForFunction((seq) => window.wasmBindings.state().online.seq === seq, s.online.seq);
    await who.page.waitForTimeout(LOOK_MS);
    for (const card of set) await clickCard(who.page, card);
    await watcher.page.waitForFunction((seq) => window.wasmBindings.state().online.seq > seq, s.online.seq);
  }
}

test('two newcomers\' rated game moves both ratings, and the end screen says by how much', { timeout: 90_000 }, async () => {
  const { ann, ben, needs } = await newcomersAtOneTable();
  assert.match(needs, /^Rated: the game counts once it lasts 2\.4 s, every player finds a set, and no set is taken faster than a person can look\.$/);
  // Ann takes two sets in three, Ben the rest.
  await playToTheEnd(ann, (turn) => (turn % 3 === 2 ? ben : ann));
  for (const { page } of [ann, ben]) await page.locator('#end-screen').waitFor({ state: 'visible' });
  const lines = {};
  for (const who of [ann, ben]) {
    const ranking = await who.page.locator('#end-ranking li').allTextContents();
    for (const line of ranking) {
      const [, name, before, after] = line.match(/^(\w+): \d+ sets, 0 wrong; rating (\d+) → (\d+) \(provisional\)$/) ?? assert.fail(line);
      lines[name] = { before: Number(before), after: Number(after) };
    }
  }
  for (const who of [ann, ben]) {
    const said = `Rated: Ann 1500 → ${lines.Ann.after}, Ben 1500 → ${lines.Ben.after}.`;
    assert.equal(await who.page.textContent('#end-rated'), said);
  }
  await ben.page.click('#end-see-board');
  await ben.page.locator('#log-rated').waitFor({ state: 'visible' });
  assert.equal(await ben.page.textContent('#log-rated'), `Rated: Ann 1500 → ${lines.Ann.after}, Ben 1500 → ${lines.Ben.after}.`, 'and in the room\'s log');
  assert.equal(lines.Ann.before, 1500);
  assert.equal(lines.Ben.before, 1500);
  assert.ok(lines.Ann.after > 1500, `the winner goes up: ${lines.Ann.after}`);
  assert.ok(lines.Ben.after < 1500, `the loser goes down: ${lines.Ben.after}`);
  // Within the cap on what newcomers move each other by (docs/fair-play.md).
  assert.ok(lines.Ann.after - 1500 <= 100 && 1500 - lines.Ben.after <= 100, JSON.stringify(lines));
  // The proof of the deal: one line, opened to the seed and salt on a click.
  const proof = ann.page.locator('#end-proof');
  assert.equal(await ann.page.textContent('#end-proof-title'), 'Fair deal: verified');
  assert.equal(await ann.page.locator('#end-deal').isVisible(), false, 'folded');
  await ann.page.click('#end-proof-title');
  assert.equal(await proof.getAttribute('open'), '');
  assert.match(await ann.page.textContent('#end-deal'), /^The deal: seed \d+, salt [0-9a-f]+\. This page checked it/);
  await ann.page.screenshot({ path: `${ARTIFACTS}/first-evening-rated-end.png` });
  await audit(ann.page, 'the end screen of two newcomers\' rated game');
  for (const who of [ann, ben]) {
    assert.deepEqual(who.problems, []);
    await who.close();
  }
});

test('a rated game that does not count says why, on the end screen and in the room\'s log; the player has a profile of it', { timeout: 90_000 }, async () => {
  const { ann, ben } = await newcomersAtOneTable();
  // Ann takes every set; Ben never finds one.
  await playToTheEnd(ann, () => ann);
  const why = 'Not rated: Ben found no set; in a rated game every player finds one.';
  for (const who of [ann, ben]) {
    await who.page.locator('#end-screen').waitFor({ state: 'visible' });
    assert.equal(await who.page.textContent('#end-rated'), why);
    const ranking = await who.page.locator('#end-ranking li').allTextContents();
    assert.ok(ranking.every((line) => !line.includes('rating')), `no rating moved: ${ranking}`);
  }
  // The room's log keeps it when the end screen is put away for the board,
  // and the end screen comes back on a press.
  await ben.page.click('#end-see-board');
  await ben.page.locator('#end-screen').waitFor({ state: 'hidden' });
  assert.equal(await ben.page.textContent('#log-rated'), why);
  assert.equal(await ben.page.locator('#log-rated').isVisible(), true);
  await ben.page.screenshot({ path: `${ARTIFACTS}/first-evening-unrated-log.png` });
  await ben.page.click('#show-results');
  await ben.page.locator('#end-screen').waitFor({ state: 'visible' });
  // Ben has played, unrated: his profile says so, with the game, no chart
  // and no table of nothing, and the page logs no 404.
  await ben.page.click('#end-screen a[href="online.html"]');
  await ben.page.waitForURL(/\/online\.html$/);
  await ben.page.waitForFunction(() => window.wasmBindings?.state?.().online.lobby !== null);
  await ben.page.click('#my-profile');
  await ben.page.waitForURL(/online\.html\?player=[0-9a-f]{32}$/);
  await ben.page.waitForFunction(() => document.getElementById('profile-title')?.textContent === 'Ben');
  assert.equal(await ben.page.textContent('#profile-summary'), '1 game played, none rated yet.');
  assert.equal(await ben.page.locator('#profile-view figure').isVisible(), false, 'no chart before a rating');
  assert.deepEqual(await ben.page.locator('#profile-ways-body tr').first().locator('th, td').allTextContents(),
    ['Junior', '1', '–', '0', '0', '–', '0', '–', '–']);
  assert.match(await ben.page.textContent('#profile-games li'), /^Junior: 2 players, \d+:\d\d, not rated Open in the analysis$/);
  await ben.page.screenshot({ path: `${ARTIFACTS}/first-evening-new-profile.png` });
  await audit(ben.page, 'a new player\'s profile');
  for (const who of [ann, ben]) {
    assert.deepEqual(who.problems, []);
    await who.close();
  }
});

/** A stranger on the lobby with `name` typed in, who presses Quick play for Junior. */
async function quickJunior(name) {
  const who = await open('online.html');
  await who.page.waitForFunction(() => window.wasmBindings.state().online.lobby !== null);
  await who.page.fill('#create-name', name);
  await who.page.click('#quick-junior');
  await who.page.waitForFunction(() => window.wasmBindings.state().online.seat !== null);
  return who;
}

test('quick play starts by itself after a countdown both pages show; Play again moves each player with one press', { timeout: 90_000 }, async () => {
  const ann = await quickJunior('Ann');
  assert.match(await ann.page.textContent('#waiting-for'), /^You start the game when everyone is here\.$/, 'alone: no count');
  const ben = await quickJunior('Ben');
  for (const { page } of [ann, ben]) {
    await page.waitForFunction(() => /^The game starts in [1-5] s\.$/.test(document.getElementById('waiting-for').textContent));
  }
  // The count goes down on the page's own clock, to the start, with no press.
  const [first] = (await ann.page.textContent('#waiting-for')).match(/\d/);
  await ann.page.waitForFunction((n) => {
    const shown = document.getElementById('waiting-for').textContent.match(/in (\d) s/);
    return shown && Number(shown[1]) < n;
  }, Number(first));
  await ann.page.screenshot({ path: `${ARTIFACTS}/first-evening-countdown.png` });
  for (const { page } of [ann, ben]) await page.waitForFunction(() => window.wasmBindings.state().online.status === 'playing', null, { timeout: 15_000 });
  const room = (await state(ann.page)).online.room;
  await playToTheEnd(ann, (turn) => (turn % 2 ? ben : ann));
  for (const { page } of [ann, ben]) await page.locator('#end-screen').waitFor({ state: 'visible' });
  assert.equal(await ben.page.textContent('#end-rematch'), 'Play again');
  // Ben presses Ctrl+Enter: he is in the next room at once, its host.
  await ben.page.keyboard.press('Control+Enter');
  await ben.page.waitForFunction((old) => {
    const s = window.wasmBindings.state().online;
    return s.room !== old && s.status === 'waiting' && s.seat !== null;
  }, room);
  const next = (await state(ben.page)).online.room;
  assert.match(ben.page.url(), new RegExp(`\\?room=${next}$`));
  // Ann sees who is in and follows with one press.
  await ann.page.waitForFunction(() => document.getElementById('end-rematch').textContent === 'Play again (Ben is in)');
  await ann.page.click('#end-rematch');
  await ann.page.waitForFunction((id) => window.wasmBindings.state().online.room === id, next);
  // A quick-play room's rematch counts down too, and starts by itself.
  for (const { page } of [ann, ben]) await page.waitForFunction(() => window.wasmBindings.state().online.status === 'playing', null, { timeout: 15_000 });
  for (const who of [ann, ben]) {
    assert.deepEqual(who.problems, []);
    await who.close();
  }
});
