// Where the cards lie through whole games (issue 38's motion, the places it
// must keep), on the built page at a desktop and a 390 px phone: after
// each claim, every card that stayed keeps its `card_rect`, and at most the
// cards that fill the holes of a shrinking table move, into places cards
// of the table before left; on index.html by hints and taps, on race.html
// against a computer opponent and in an online room with one, the sets
// found from the table's ids by the tests' own finder. Places, not times:
// these run beside other files (how long a card moves: motion.test.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DESKTOP_AND_PHONE, api, clickSlot, playingWithOthers, setsOf, state, useBrowser } from './helpers.mjs';

const { open } = useBrowser();
const OTHERS = playingWithOthers(open);

for (const { width, height, ...device } of DESKTOP_AND_PHONE) {
  test(`${width} px: through a whole game, every card that stays keeps its place; only cards filling holes move`, { timeout: 180_000 }, async () => {
    const { page, problems, close } = await open('?seed=3', { viewport: { width, height }, ...device });
    const rects = () => page.evaluate(() => {
      const { table } = window.wasmBindings.state();
      return table.map((id) => [id, window.wasmBindings.card_rect(id)]);
    });
    const sizes = new Set();
    let claims = 0;
    for (let guard = 0; !(await state(page)).over; guard++) {
      assert.ok(guard < 40, 'the game does not end');
      const before = new Map(await rects());
      sizes.add(before.size);
      await page.keyboard.press('Escape');
      for (const slot of await api(page, 'hint')) await clickSlot(page, slot);
      claims++;
      // Asked during the motion too: where a card is at rest.
      const after = await rects();
      const moved = after.filter(([id, rect]) => before.has(id) && JSON.stringify(before.get(id)) !== JSON.stringify(rect));
      const shrank = after.length < before.size;
      assert.ok(moved.length === 0 || (shrank && moved.length <= 3),
        `claim ${claims}, ${before.size} → ${after.length} cards: ${moved.length} cards that stayed moved`);
      // A card that moved went into a hole: a place a claimed card left.
      const places = new Set([...before.values()].map((r) => JSON.stringify(r)));
      for (const [id, rect] of moved) assert.ok(places.has(JSON.stringify(rect)), `card ${id} moved to ${rect}, not a place of the table before`);
    }
    assert.ok(sizes.has(12) && sizes.has(15), `the game went through 12 and 15 cards: ${[...sizes]}`);
    assert.deepEqual(problems, []);
    await close();
  });
}

for (const [where, start] of Object.entries(OTHERS)) {
  for (const { width, height, ...device } of DESKTOP_AND_PHONE) {
    test(`${where} at ${width} px: through a whole game against a bot, every card that stays keeps its place`, { timeout: 240_000 }, async () => {
      const { page, problems, close } = await start({ viewport: { width, height }, ...device });
      const rects = () => page.evaluate(() => {
        const { table } = window.wasmBindings.state();
        return table.map((id) => [id, window.wasmBindings.card_rect(id)]);
      });
      // Over: race.html's `over`, online.html's room status.
      const over = async () => { const now = await state(page); return now.over ?? now.online.status === 'over'; };
      let claims = 0;
      for (let guard = 0; !(await over()); guard++) {
        assert.ok(guard < 200, `the game does not end: ${claims} claims, ${JSON.stringify(await state(page))}`);
        const found = setsOf((await state(page)).table)[0];
        if (!found) {
          // No set on the table: more cards are on their way.
          await page.waitForTimeout(100);
          continue;
        }
        const before = new Map(await rects());
        // Online, the server takes at most 8 claims a second from a player
        // (a bound of its own); a person never claims faster, this test would.
        if (where.startsWith('online')) await page.waitForTimeout(130);
        for (const card of found) {
          // Tapped where the card is drawn; a card the bot took meanwhile is not tapped.
          const rect = await api(page, 'card_rect', card);
          if (rect) await page.mouse.click(rect[0] + rect[2] / 2, rect[1] + rect[3] / 2);
        }
        // The table after the claim (or after the bot's set, when it was first).
        await page.waitForFunction((cards) => {
          const { table, over, online } = window.wasmBindings.state();
          return over || online?.status === 'over' || cards.some((card) => !table.includes(card));
        }, found, { timeout: 10_000 }).catch(async (error) => {
          throw new Error(`claim ${claims + 1} of ${found}: ${error.message} ${JSON.stringify(await state(page))}`);
        });
        claims++;
        const after = await rects();
        const left = [...before.keys()].filter((id) => !after.some(([card]) => card === id));
        const holes = new Set(left.map((id) => JSON.stringify(before.get(id))));
        const moved = after.filter(([id, rect]) => before.has(id) && JSON.stringify(before.get(id)) !== JSON.stringify(rect));
        // A card that moved went into a hole, a place a taken card left, as
        // the table shrinks: from more than 12 (it may grow again at once
        // when the 12 left hold no set), or once the deck is out.
        const shrinks = before.size > 12 || after.length < before.size;
        for (const [id, rect] of moved) {
          assert.ok(shrinks && holes.has(JSON.stringify(rect)),
            `claim ${claims}, ${before.size} → ${after.length} cards: card ${id} moved from ${before.get(id)} to ${rect}`);
        }
        assert.ok(moved.length <= left.length, `claim ${claims}: ${moved.length} cards moved into ${left.length} holes`);
      }
      assert.ok(claims >= 10, `a whole game: ${claims} claims`);
      assert.deepEqual(problems, []);
      await close();
    });
  }
}
