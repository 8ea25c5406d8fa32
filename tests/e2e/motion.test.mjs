// Cards that move, a board that holds still, and sound (issue 38), played
// on the built page as a person would, at a desktop and a 390 px phone:
// - a claim's frames, sampled every ~30 ms in the page from the pixels of
//   the board's canvas and of the moving cards' layers as the page places
//   them, change for at least 150 ms, and `state().animating` says so;
//   with reduced motion the final board is there within 100 ms;
// - the same on race.html against a computer opponent and in an online
//   room with one, the set found from the table's ids by the tests' own
//   finder and tapped where `card_rect` says;
// - through every claim of a whole game (12 → 15 → 12 among them), each
//   card that stays keeps its `card_rect`; at most the cards that fill the
//   holes of a shrinking table move;
// - an AudioContext plays a claim's sound with sound on, none with it off,
//   on index.html, race.html against a bot and in an online room with one;
//   the settings (Sound, Volume) are kept through a reload, and a settings
//   text of the release before sound still reads, with sound on.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { api, clickCard, clickSlot, inSettings, installBoardProbe, openMakeRoom, ready, setsOf, state, useBrowser } from './helpers.mjs';

const { open } = useBrowser();

const SCREENS = [{ width: 1280, height: 800 }, { width: 390, height: 844, isMobile: true, hasTouch: true }];

/** Starts sampling the board in the page every ~30 ms: a coarse hash of its
 *  pixels (the canvas and the moving cards' layers over it), and
 *  `state().animating`. Needs `installBoardProbe` run first. */
function startSampling() {
  // The board scaled down to a thumbnail: cheap to read every 30 ms, and any card that moves changes it.
  const thumb = document.createElement('canvas');
  thumb.width = 96;
  thumb.height = 64;
  const context = thumb.getContext('2d', { willReadFrequently: true });
  window.samples = [];
  const started = performance.now();
  const sample = () => {
    window.boardThumb(context, thumb.width, thumb.height);
    const pixels = context.getImageData(0, 0, thumb.width, thumb.height).data;
    let hash = 0;
    for (let i = 0; i < pixels.length; i += 4) hash = (hash * 31 + pixels[i] + pixels[i + 1] * 3 + pixels[i + 2] * 7) | 0;
    window.samples.push({ at: performance.now() - started, hash, animating: window.wasmBindings.state().animating });
  };
  // The board before the tap, then every ~30 ms.
  sample();
  window.sampler = setInterval(sample, 30);
}

/** Claims the set a hint shows, by taps where the cards are drawn; returns the samples from the last tap on. */
async function claimSampled(page) {
  const slots = await api(page, 'hint');
  await page.keyboard.press('Escape');
  await clickSlot(page, slots[0]);
  await clickSlot(page, slots[1]);
  await page.evaluate(installBoardProbe);
  await page.evaluate(startSampling);
  await clickSlot(page, slots[2]);
  await page.waitForTimeout(900);
  return page.evaluate(() => (clearInterval(window.sampler), window.samples));
}

/** When the board first and last changed (the samples that differ from the
 *  one before, in ms from the first sample), and how many frames differed. */
function changing(samples) {
  let [first, last] = [undefined, 0];
  for (let i = 1; i < samples.length; i++) {
    if (samples[i].hash !== samples[i - 1].hash) {
      first ??= samples[i].at;
      last = samples[i].at;
    }
  }
  return { firstChange: first, lastChange: last, distinct: new Set(samples.map((s) => s.hash)).size };
}

for (const screen of SCREENS) {
  const { width, height, ...device } = screen;
  test(`${width} px: a claim's cards move for at least 150 ms, and with reduced motion the board is final within 100 ms`, { timeout: 90_000 }, async () => {
    const moving = await open('?seed=3', { viewport: { width, height }, ...device });
    const samples = await claimSampled(moving.page);
    const { lastChange, distinct } = changing(samples);
    assert.ok(lastChange >= 150, `the board stopped changing after ${lastChange} ms: ${JSON.stringify(samples)}`);
    const seen = JSON.stringify(samples.map((s) => [Math.round(s.at), s.hash, s.animating]));
    assert.ok(distinct >= 4, `only ${distinct} different frames: ${seen}`);
    const animated = samples.filter((s) => s.animating).map((s) => s.at);
    assert.ok(animated.length && Math.max(...animated) >= 150, `state().animating: ${JSON.stringify(animated)}`);
    assert.equal(samples.at(-1).animating, false, `the motion ends: ${JSON.stringify(samples.map((s) => [Math.round(s.at), s.animating]))}`);
    assert.equal((await state(moving.page)).setsFound, 1);
    assert.deepEqual(moving.problems, []);
    await moving.close();

    const still = await open('?seed=3', { viewport: { width, height }, ...device, reducedMotion: 'reduce' });
    const quiet = await claimSampled(still.page);
    const heard = JSON.stringify(quiet.map((s) => [Math.round(s.at), s.hash, s.animating]));
    // Timed from the board's first change, not the tap: how soon a loaded
    // machine handles a tap is not the motion's doing.
    const settled = changing(quiet);
    assert.ok(settled.firstChange !== undefined, `the claim changed the board: ${heard}`);
    assert.ok(settled.lastChange - settled.firstChange <= 100,
      `with reduced motion the board changed from ${settled.firstChange} until ${settled.lastChange} ms: ${heard}`);
    assert.ok(quiet.every((s) => !s.animating), `nothing animates: ${heard}`);
    assert.deepEqual(still.problems, []);
    await still.close();
  });

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

/** Opens race.html against an easy computer opponent, or an online room
 *  with one, started: pages that play with others. */
const OTHERS = {
  'race.html': async (options) => open('race.html?seed=3&bots=easy', options),
  'online.html': async (options) => {
    const opened = await open('online.html', options);
    const { page } = opened;
    await page.fill('#create-name', 'Ann');
    await openMakeRoom(page);
    // Unlisted, as a room shared by its link: an address may list only a few rooms at once.
    await page.uncheck('#create-public');
    await page.selectOption('#create-bots', 'easy');
    await page.click('#create-room');
    await page.waitForFunction(() => window.wasmBindings.state().online.players.length === 2);
    await page.click('#start-game');
    await page.waitForFunction(() => window.wasmBindings.state().online.status === 'playing');
    return opened;
  },
};

/** Claims a set of the table (found by the tests' finder), tapping where the
 *  cards are drawn; returns the samples from the last tap on. */
async function claimFoundSampled(page) {
  const [a, b, c] = setsOf((await state(page)).table)[0];
  await clickCard(page, a);
  await clickCard(page, b);
  await page.evaluate(installBoardProbe);
  await page.evaluate(startSampling);
  await clickCard(page, c);
  await page.waitForTimeout(1000);
  const samples = await page.evaluate(() => (clearInterval(window.sampler), window.samples));
  const { table } = await state(page);
  assert.ok([a, b, c].every((card) => !table.includes(card)), `the set ${[a, b, c]} was taken: ${table}`);
  return samples;
}

for (const [where, start] of Object.entries(OTHERS)) {
  for (const { width, height, ...device } of SCREENS) {
    test(`${where} at ${width} px: a claim's cards move for at least 150 ms, and with reduced motion the board is final within 100 ms`, { timeout: 90_000 }, async () => {
      const moving = await start({ viewport: { width, height }, ...device });
      const samples = await claimFoundSampled(moving.page);
      const seen = JSON.stringify(samples.map((s) => [Math.round(s.at), s.hash, s.animating]));
      const { lastChange, distinct } = changing(samples);
      assert.ok(lastChange >= 150 && distinct >= 4, `the board changed until ${lastChange} ms, ${distinct} frames: ${seen}`);
      const animated = samples.filter((s) => s.animating).map((s) => s.at);
      assert.ok(animated.length && Math.max(...animated) >= 150, `state().animating: ${seen}`);
      assert.equal(samples.at(-1).animating, false, `the motion ends: ${seen}`);
      assert.deepEqual(moving.problems, []);
      await moving.close();

      const still = await start({ viewport: { width, height }, ...device, reducedMotion: 'reduce' });
      const quiet = await claimFoundSampled(still.page);
      const heard = JSON.stringify(quiet.map((s) => [Math.round(s.at), s.hash, s.animating]));
      // Timed from the board's first change: online, that is the server's answer, which no setting hastens.
      const settled = changing(quiet);
      assert.ok(settled.firstChange === undefined || settled.lastChange - settled.firstChange <= 100,
        `with reduced motion the board changed from ${settled.firstChange} until ${settled.lastChange} ms: ${heard}`);
      assert.ok(quiet.every((s) => !s.animating), `nothing animates: ${heard}`);
      assert.deepEqual(still.problems, []);
      await still.close();
    });
  }
}

for (const [where, start] of Object.entries(OTHERS)) {
  for (const { width, height, ...device } of SCREENS) {
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

/** Counts the oscillators started in the page, from before its own scripts;
 *  with `soundOff`, the page's settings say Sound off. */
function countSounds(soundOff = false) {
  if (soundOff) localStorage.setItem('set-game/settings', 'sound off\n');
  window.soundsStarted = 0;
  const start = OscillatorNode.prototype.start;
  OscillatorNode.prototype.start = function (...args) {
    window.soundsStarted++;
    return start.apply(this, args);
  };
}

async function claimBySlots(page) {
  for (const slot of await api(page, 'hint')) await clickSlot(page, slot);
  await page.waitForTimeout(300);
}

test('a claim sounds with sound on, and not with it off; the settings are kept through a reload', { timeout: 90_000 }, async () => {
  const { page, problems, close } = await open('?seed=3', { init: countSounds });
  assert.deepEqual((await state(page)).sound, { on: true, volume: 0.6 }, 'sound on by default, at a moderate volume');
  // The sound part comes after the first board.
  await page.waitForFunction(() => window.soundPart);
  await claimBySlots(page);
  const heard = await page.evaluate(() => window.soundsStarted);
  assert.ok(heard >= 3, `${heard} tones for a set`);

  await inSettings(page, async () => {
    await page.getByRole('switch', { name: /Sound/ }).uncheck();
    await page.getByRole('slider', { name: 'Volume' }).fill('35');
  });
  assert.deepEqual((await state(page)).sound, { on: false, volume: 0.35 });
  const before = await page.evaluate(() => window.soundsStarted);
  await claimBySlots(page);
  assert.equal(await page.evaluate(() => window.soundsStarted), before, 'nothing heard with sound off');

  await page.reload();
  await ready(page);
  assert.deepEqual((await state(page)).sound, { on: false, volume: 0.35 }, 'kept through a reload');
  assert.deepEqual(problems, []);
  await close();
});

for (const [where, start] of Object.entries(OTHERS)) {
  test(`${where}: a claim sounds with sound on, and not with it off`, { timeout: 90_000 }, async () => {
    for (const soundOff of [false, true]) {
      const { page, problems, close } = await start({ init: [countSounds, soundOff] });
      assert.equal((await state(page)).sound.on, !soundOff);
      // The sound part comes after the first board.
      await page.waitForFunction(() => window.soundPart);
      const [a, b, c] = setsOf((await state(page)).table)[0];
      for (const card of [a, b, c]) await clickCard(page, card);
      await page.waitForFunction((cards) => cards.some((card) => !window.wasmBindings.state().table.includes(card)), [a, b, c]);
      await page.waitForTimeout(300);
      const heard = await page.evaluate(() => window.soundsStarted);
      if (soundOff) assert.equal(heard, 0, 'nothing heard with sound off');
      else assert.ok(heard >= 3, `${heard} tones for a set`);
      assert.deepEqual(problems, []);
      await close();
    }
  });
}

test('the deal at the start sounds nothing before a gesture; a settings text from before sound reads with sound on', { timeout: 60_000 }, async () => {
  const { page, problems, close } = await open('?seed=3', { init: () => {
    localStorage.setItem('set-game/settings', 'colour-cues on\nkey-labels off\npalette classic\ntheme system\nmotion full\n');
    window.soundsStarted = 0;
    const start = OscillatorNode.prototype.start;
    OscillatorNode.prototype.start = function (...args) {
      window.soundsStarted++;
      return start.apply(this, args);
    };
  } });
  assert.deepEqual((await state(page)).sound, { on: true, volume: 0.6 });
  assert.equal(await page.locator('#setting-colour-cues').isChecked(), true, "the old text's settings kept");
  await page.waitForFunction(() => window.soundPart);
  // A new game dealt by a script is no gesture: its deal is not heard.
  await api(page, 'deal', { seed: 5 });
  await page.waitForTimeout(400);
  assert.equal(await page.evaluate(() => window.soundsStarted), 0, "no sound before the player's first gesture");
  assert.deepEqual(problems, []);
  await close();
});
