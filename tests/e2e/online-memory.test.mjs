// Memory online: two strangers play a rated game of Memory by clicks to its
// end through the real server, in turns. The page is sent no card face
// down: the test reads `state().table` (null for a face-down slot) and plays
// as a person with a perfect memory would, remembering every card it saw
// turned up and checking sets with its own plain rule. The other player's
// clicks on a turn not theirs are refused with whose turn it is; the sets
// taken fly to their takers while cards turned up move nothing; the end
// screen's ratings are the profile's Memory rating.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ARTIFACTS, FRIENDLY_RATINGS, api, audit, clickSlot, makeRoomByForm, sitByForm, startByButton, state, useBrowser } from './helpers.mjs';

const { open } = useBrowser({ flags: FRIENDLY_RATINGS });

/** Three classic card ids are a set: each ternary digit all the same or all different. */
const isSet = (a, b, c) => [1, 3, 9, 27].every((unit) => {
  const [x, y, z] = [a, b, c].map((id) => Math.floor(id / unit) % 3);
  return (x + y + z) % 3 === 0;
});

/** A perfect memory: the card last seen in each slot, forgotten when a set takes it. */
class Memory {
  constructor() { this.known = new Map(); this.sets = 0; this.size = 0; }
  learn(s) {
    if (s.table.length !== this.size) this.known.clear();
    this.size = s.table.length;
    for (const set of s.online.log.slice(this.sets)) {
      for (const [slot, id] of [...this.known]) if (set.cards.includes(id)) this.known.delete(slot);
    }
    this.sets = s.online.log.length;
    s.table.forEach((id, slot) => { if (id !== null) this.known.set(slot, id); });
  }
  /** The next slot to turn up, after `turned` (slots up this turn). */
  next(turned) {
    const slots = [...Array(this.size).keys()];
    const card = (slot) => this.known.get(slot);
    const others = slots.filter((slot) => !turned.includes(slot) && card(slot) !== undefined);
    // A set of the cards turned and cards it knows: the first of it not up yet.
    for (const a of turned.length > 0 ? [turned[0]] : others)
      for (const b of turned.length > 1 ? [turned[1]] : others)
        for (const c of others) {
          const three = [...new Set([a, b, c])];
          if (three.length === 3 && three.every((slot) => card(slot) !== undefined) && isSet(...three.map(card))) {
            const todo = three.filter((slot) => !turned.includes(slot));
            if (todo.length + turned.length === 3) return todo[0];
          }
        }
    return slots.find((slot) => !turned.includes(slot) && card(slot) === undefined)
      ?? slots.find((slot) => !turned.includes(slot));
  }
}

test('a rated Memory game online, turned up card by card in turns, by clicks to its end', { timeout: 300_000 }, async () => {
  const ann = await open('online.html');
  const id = await makeRoomByForm(ann.page, { name: 'Mia', mode: 'memory' });
  const ben = await open(`?room=${id}`);
  await sitByForm(ben.page, 'Noa');
  await startByButton(ann.page, [ann.page, ben.page]);
  const first = await state(ben.page);
  assert.equal(first.online.mode, 'memory');
  assert.equal(first.online.rated, true);
  assert.equal(first.table.length, 21);
  assert.ok(first.table.every((id) => id === null), `the page is sent no card face down: ${JSON.stringify(first.table)}`);
  assert.equal(first.turn, 0, 'the host begins');
  assert.match(await ann.page.textContent('#roster'), /to play/);
  await audit(ben.page, 'a Memory room');
  // Noa's click on Mia's turn turns nothing up, and says whose turn it is.
  await clickSlot(ben.page, 0);
  await ben.page.waitForFunction(() => window.wasmBindings.state().said === 'It is Mia\u2019s turn.');
  assert.ok((await state(ann.page)).table.every((id) => id === null));

  // Each page counts the frames in which its cards move: a set taken flies
  // to its taker; a card turned up, or a miss turned down, moves nothing.
  for (const { page } of [ann, ben]) {
    await page.evaluate(() => {
      window.movingFrames = 0;
      const count = () => { if (window.wasmBindings.state().animating) window.movingFrames++; requestAnimationFrame(count); };
      requestAnimationFrame(count);
    });
  }
  const movingFrames = (page) => page.evaluate(() => window.movingFrames);
  const memory = new Memory();
  let turns = 0;
  let misses = 0;
  for (;;) {
    assert.ok(turns < 400, 'the game does not end');
    const s = await state(ann.page);
    if (s.online.status === 'over') break;
    const who = s.turn === 0 ? ann : ben;
    await who.page.waitForFunction((seq) => window.wasmBindings.state().online.seq === seq, s.online.seq);
    memory.learn(await state(who.page));
    const turned = [];
    for (let n = 0; n < 3; n++) {
      const slot = memory.next(turned);
      const before = await state(who.page);
      await clickSlot(who.page, slot);
      await who.page.waitForFunction(([seq, n]) => {
        const now = window.wasmBindings.state();
        return now.online.seq > seq || now.turned.length > n;
      }, [before.online.seq, turned.length]);
      turned.push(slot);
      const after = await state(who.page);
      if (after.online.seq === before.online.seq) {
        // Up for everyone, in its slot, and no face-down card besides.
        assert.ok(after.table[slot] !== null, 'the card turned is shown');
        memory.learn(after);
      }
      if (turns === 0 && n === 1) {
        await who.page.screenshot({ path: `${ARTIFACTS}/online-memory-turned.png` });
        for (const { page } of [ann, ben]) assert.equal(await movingFrames(page), 0, 'two cards turned up: nothing moved');
      }
      // The server takes at most 8 cards a second from a player.
      await new Promise((resolve) => setTimeout(resolve, 130));
    }
    await ann.page.waitForFunction((seq) => window.wasmBindings.state().online.seq > seq, s.online.seq);
    const moved = await state(ann.page);
    if (moved.online.status !== 'over' && moved.turn !== s.turn) {
      misses++;
      // A miss stays up for both until the next card is turned, then turns face down.
      assert.equal(moved.table.filter((id) => id !== null).length, 3, 'the miss stays up');
    }
    memory.learn(moved);
    turns++;
  }
  assert.ok(misses > 0, 'a perfect memory still has to turn unknown cards');
  for (const { page } of [ann, ben]) assert.ok(await movingFrames(page) > 0, 'the sets taken flew to their takers');
  for (const { page } of [ann, ben]) await page.locator('#end-screen').waitFor({ state: 'visible' });
  await ann.page.screenshot({ path: `${ARTIFACTS}/online-memory-end.png` });
  const over = await state(ann.page);
  assert.ok(over.table.every((id) => id !== null), 'over: every card shown');
  const board = await api(ann.page, 'online_leaderboard', 'memory');
  for (const who of [ann, ben]) {
    const s = (await state(who.page)).online;
    const mine = s.players[s.seat];
    assert.equal(mine.wrong, 0, 'a miss costs nothing');
    assert.ok(mine.rating, 'a rating change on the end screen');
    const profile = await api(who.page, 'online_profile');
    assert.equal(profile.ratings.memory, mine.rating.after);
    assert.equal(board.find((line) => line.player === s.player)?.rating, mine.rating.after);
  }
  assert.deepEqual([...ann.problems, ...ben.problems], []);
  await ann.close();
  await ben.close();
});

test('Memory online on a phone: a person and a bot take turns, the bot playing on the server', { timeout: 120_000 }, async () => {
  const ann = await open('online.html', { viewport: { width: 390, height: 844 }, hasTouch: true });
  const id = await api(ann.page, 'online_create', { mode: 'memory', name: 'Ava', bots: ['easy'] });
  await ann.page.waitForFunction((id) => window.wasmBindings.state().online.room === id && window.wasmBindings.state().online.seat === 0, id);
  await ann.page.click('#start-game');
  await ann.page.waitForFunction(() => window.wasmBindings.state().online.status === 'playing');
  await audit(ann.page, 'a Memory room on a phone');
  const memory = new Memory();
  // Ava's turns until the bot has had two: each of its turns ends when the room says so.
  let botTurns = 0;
  for (let turns = 0; botTurns < 2; turns++) {
    assert.ok(turns < 40, 'the bot takes its turns');
    const s = await state(ann.page);
    if (s.online.status === 'over') break;
    if (s.turn === 1) {
      // The bot's turn: its three cards come as one move, from the server's clock.
      await ann.page.waitForFunction((seq) => window.wasmBindings.state().online.seq > seq, s.online.seq, { timeout: 20_000 });
      const after = await state(ann.page);
      assert.equal(after.online.log.length > s.online.log.length || after.turn === 0, true, 'a set kept the turn, or a miss passed it');
      botTurns++;
      continue;
    }
    memory.learn(s);
    const turned = [];
    for (let n = 0; n < 3; n++) {
      const slot = memory.next(turned);
      const before = await state(ann.page);
      const [x, y, w, h] = await api(ann.page, 'slot_rect', slot);
      await ann.page.touchscreen.tap(x + w / 2, y + h / 2);
      await ann.page.waitForFunction(([seq, n]) => {
        const now = window.wasmBindings.state();
        return now.online.seq > seq || now.turned.length > n;
      }, [before.online.seq, turned.length]);
      turned.push(slot);
      memory.learn(await state(ann.page));
      if (turns === 0 && n === 1) await ann.page.screenshot({ path: `${ARTIFACTS}/online-memory-phone.png` });
      await new Promise((resolve) => setTimeout(resolve, 130));
    }
  }
  assert.ok(botTurns >= 1, 'the bot played');
  assert.match(await ann.page.textContent('#roster'), /Easy bot/);
  assert.deepEqual(ann.problems, []);
  await ann.close();
});
