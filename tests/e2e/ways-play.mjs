// The ways the fork added, played to their end by clicks as a person
// plays them, shared by the test files that play them (ways-decks,
// ways-rules, race-ways): each file registers the tests of the ways it
// names, so that the e2e layer can run them side by side (scripts/test.sh).
// The claims are found by the plain references of ways-reference.mjs, never
// by the game's hint or its `sets`, and each accepted one is checked
// against them. Screenshots go to test-artifacts/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ARTIFACTS, clickCard, audit, resize, state } from './helpers.mjs';
import { WAYS, findClaim, sameCards } from './ways-reference.mjs';

/** Each way played, with the seed of its game. */
export const PLAYED = [['ultrachain', 4], ['ultra9', 6], ['mega', 5], ['ghost', 2], ['4set', 8], ['4setjr', 1], ['4setjrchain', 3],
  ['puzzle', 7], ['ultra9puzzle', 3], ['4setjrpuzzle', 2], ['shuffle', 9]];

const seedOf = (mode) => PLAYED.find(([m]) => m === mode)?.[1] ?? assert.fail(`no seed for ${mode}`);

/** Plays to the end by clicks; checks each accepted claim by the references. */
export async function playToTheEnd(page, shot) {
  let s = await state(page);
  const way = WAYS[s.mode];
  for (let claims = 0; !s.over; claims++) {
    assert.ok(claims < 400, 'the game does not end');
    const claim = findClaim(s);
    assert.ok(claim, `the game goes on, yet the reference finds no claim in ${JSON.stringify(s)}`);
    for (const id of claim) await clickCard(page, id);
    const after = await state(page);
    assert.equal(after.setsFound, s.setsFound + 1, `${JSON.stringify(claim)} was not accepted`);
    assert.equal(after.wrongClaims, s.wrongClaims);
    if (way.links) assert.ok(sameCards(after.previous, claim), 'the claim is the new previous one');
    if (way.puzzle) {
      const stays = after.found.length > 0;
      if (stays) {
        assert.deepEqual(after.table, s.table, 'a puzzle table stays until all its claims are found');
        assert.ok(sameCards(after.found.at(-1), claim));
      } else {
        assert.ok(s.table.every((id) => !after.table.includes(id)), 'a solved table leaves whole');
      }
    } else if (!way.links) {
      assert.ok(claim.every((id) => !after.table.includes(id)), 'claimed cards leave the table');
    }
    if (claims === 2 && shot) {
      await page.waitForTimeout(700);
      await page.screenshot({ path: shot });
    }
    s = after;
  }
  assert.equal(findClaim(s), null, 'the game ended with a claim still on the table');
  return s;
}

/** For each way of `modes`: a whole game by clicks at desktop size, then
 *  another on a phone, each with axe; `open` is the file's useBrowser(). */
export function wholeGameTests(open, modes) {
  for (const mode of modes) {
    const seed = seedOf(mode);
    test(`${mode}: a whole game by clicks at desktop size, and another on a phone`, { timeout: 300_000 }, async () => {
      const { page, problems, close } = await open(`?mode=${mode}&seed=${seed}`);
      const start = await state(page);
      const way = WAYS[mode];
      assert.equal(start.mode, mode);
      assert.equal(await page.locator('#mode').inputValue(), mode, 'the chooser shows the way');
      assert.ok(start.table.length >= way.first, `${start.table.length} cards out`);
      await audit(page, `${mode} at 1280 px`);
      let before = start.table;
      const end = await playToTheEnd(page, `${ARTIFACTS}/way-${mode}-desktop.png`);
      assert.equal(new Set(end.table).size, end.table.length, 'a card twice on the table');
      assert.equal(end.deck, 0);
      if (mode === 'shuffle') assert.notDeepEqual(before, end.table);
      await page.locator('#end-screen').waitFor({ state: 'visible' });
      await page.screenshot({ path: `${ARTIFACTS}/way-${mode}-end.png` });

      await page.locator('#end-new-game').click();
      assert.equal((await state(page)).mode, mode, 'New game keeps the way');
      await resize(page, 390, 844);
      await audit(page, `${mode} at 390 px`);
      await playToTheEnd(page, `${ARTIFACTS}/way-${mode}-phone.png`);
      assert.deepEqual(problems, []);
      await close();
    });
  }
}

/** For each way of `modes`: race.html, a person racing an expert bot by
 *  clicks to the end, run by Playwright's clock. */
export function raceBotTests(open, modes) {
  for (const mode of modes) {
    const seed = seedOf(mode);
    test(`race.html: a person races an expert bot through ${mode}, by clicks, run by the clock`, { timeout: 300_000 }, async () => {
      const { page, problems, close } = await open(`race.html?mode=${mode}&seed=${seed}&bots=expert`, { clock: true });
      let s = await state(page);
      assert.equal(s.mode, mode);
      assert.deepEqual(s.players.map((p) => p.kind), ['human', 'bot']);
      for (let guard = 0; !s.over; guard++) {
        assert.ok(guard < 600, `${mode}: the race does not end`);
        // Every other turn the person claims; between, the clock runs until
        // the bot claims, at its way's pace (a GhostSet takes it far longer
        // than a set: BENCHMARKS.md, "Bots in each way").
        const claim = guard % 2 === 0 ? findClaim(s) : null;
        if (claim) {
          for (const id of claim) await clickCard(page, id);
          const after = await state(page);
          assert.equal(after.players[0].sets, s.players[0].sets + 1, `${mode}: ${JSON.stringify(claim)} was taken`);
          await page.clock.runFor(1000);
        } else {
          const found = s.setsFound;
          for (let waited = 0; waited < 300 && !s.over && s.setsFound === found; waited++) {
            await page.clock.runFor(1000);
            s = await state(page);
          }
          assert.ok(s.over || s.setsFound > found, `${mode}: the bot claims within 5 minutes of play`);
        }
        s = await state(page);
      }
      const sets = s.players.map((p) => p.sets);
      assert.equal(sets[0] + sets[1], s.setsFound, `${mode}: the scores add up to the claims found`);
      assert.ok(sets[0] > 0 && sets[1] > 0, `${mode}: both took claims: ${sets}`);
      assert.equal(s.players[0].wrong + s.players[1].wrong, 0, `${mode}: no wrong claims`);
      await page.locator('#end-screen').waitFor({ state: 'visible' });
      await page.screenshot({ path: `${ARTIFACTS}/way-${mode}-race-end.png` });
      assert.deepEqual(problems, [], mode);
      await close();
    });
  }
}
