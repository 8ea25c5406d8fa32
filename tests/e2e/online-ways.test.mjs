// The fork's ways online: a rated game of 4Set, one of GhostSet and one of
// Ultra9 Puzzle (whose room tells the claims found on its table), each
// made and joined through the lobby's forms by two strangers and played by
// clicks to its end through the real server. The claims are found by the
// plain references of tests/e2e/ways-reference.mjs, not by the page. Each
// game rates its players in its own way: the end screen's ratings are the
// profile's for that way and the way's leaderboard lists both.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ARTIFACTS, FRIENDLY_RATINGS, api, audit, clickCard, gameEnds, makeRoomByForm, sitByForm, startByButton, state, useBrowser } from './helpers.mjs';
import { findClaim } from './ways-reference.mjs';

const { open } = useBrowser({ flags: FRIENDLY_RATINGS });

const online = async (page) => (await state(page)).online;

for (const [mode, names] of [['4set', ['Ida', 'Eli']], ['ghost', ['Uma', 'Ray']], ['ultra9puzzle', ['Zoe', 'Kit']]]) {
  test(`a rated ${mode} game online, by clicks to its end, rated in its own way`, { timeout: 180_000 }, async () => {
    const ann = await open('online.html');
    const id = await makeRoomByForm(ann.page, { name: names[0], mode });
    const ben = await open(`?room=${id}`);
    await sitByForm(ben.page, names[1]);
    await startByButton(ann.page, [ann.page, ben.page]);
    const first = await state(ben.page);
    assert.equal(first.online.mode, mode);
    assert.equal(first.online.rated, true);
    await audit(ben.page, `a ${mode} room`);
    // They take turns, a claim at a time, found by the plain reference.
    for (let turn = 0; ; turn++) {
      assert.ok(turn < 300, 'the game does not end');
      const s = await state(ann.page);
      if (s.online.status === 'over') break;
      const claim = findClaim(s, mode);
      if (!claim) {
        await gameEnds(ann.page, s.table);
        break;
      }
      const who = turn % 2 === 0 ? ann : ben;
      await who.page.waitForFunction((seq) => window.wasmBindings.state().online.seq === seq, s.online.seq);
      for (const card of claim) await clickCard(who.page, card);
      await ann.page.waitForFunction((seq) => window.wasmBindings.state().online.seq > seq, s.online.seq);
      if (s.found) {
        // A puzzle's table stays until every claim on it is found; the room says which are.
        const after = await state(ann.page);
        if (after.found.length > 0) assert.ok(after.found.some((f) => f.length === claim.length && f.every((id) => claim.includes(id))), 'the claim is among those found');
        // Drawn small above the table, each named in words, for both players.
        for (const { page } of [ann, ben]) {
          await page.waitForFunction((n) => document.querySelectorAll('#found-sets li canvas[role=img]').length === n, after.found.length);
        }
        if (after.found.length === 2) await ann.page.screenshot({ path: `${ARTIFACTS}/online-${mode}-found.png` });
      }
      // The server takes at most 8 claims a second from a player.
      await new Promise((resolve) => setTimeout(resolve, 130));
    }
    for (const { page } of [ann, ben]) await page.locator('#end-screen').waitFor({ state: 'visible' });
    await ann.page.screenshot({ path: `${ARTIFACTS}/online-${mode}-end.png` });
    const board = await api(ann.page, 'online_leaderboard', mode);
    for (const who of [ann, ben]) {
      const s = await online(who.page);
      const mine = s.players[s.seat];
      assert.equal(mine.wrong, 0);
      assert.ok(mine.rating, 'a rating change on the end screen');
      const profile = await api(who.page, 'online_profile');
      assert.equal(profile.ratings[mode], mine.rating.after, `${mine.name}'s ${mode} rating`);
      assert.equal(profile.ratings.classic, undefined, 'no classic rating from a game of another way');
      assert.equal(board.find((line) => line.player === s.player)?.rating, mine.rating.after);
    }
    assert.deepEqual([...ann.problems, ...ben.problems], []);
    await ann.close();
    await ben.close();
  });
}
