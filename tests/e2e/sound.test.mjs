// Sound (issue 38), on the built page: an AudioContext plays a claim's
// sound with sound on and none with it off, on index.html, on race.html
// against a computer opponent and in an online room with one (tones
// counted at OscillatorNode.start, installed before the page's scripts);
// the settings (Sound, Volume) are kept through a reload; a settings text
// of the release before sound still reads, with sound on; and a deal no
// gesture made is not heard.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { api, clickCard, clickSlot, inSettings, playingWithOthers, ready, setsOf, state, useBrowser } from './helpers.mjs';

const { open } = useBrowser();
const OTHERS = playingWithOthers(open);

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
