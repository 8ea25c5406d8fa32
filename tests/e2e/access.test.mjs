// Playable by everyone (issue 9), as far as it goes: the system's
// reduced-motion setting, emulated by Playwright.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { api, clickSlot, nonSet, state, useBrowser } from './helpers.mjs';

const { open } = useBrowser();

// Counts the animation frames the page asks for: the found fade and the
// wrong-claim shake are the game's only animations.
const countFrames = () => {
  window.framesAsked = 0;
  const ask = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (callback) => {
    window.framesAsked += 1;
    return ask(callback);
  };
};

/** A found set and a wrong claim; how many animation frames they asked for. */
async function claimAndMiss(page) {
  for (const slot of await api(page, 'hint')) await clickSlot(page, slot);
  for (const slot of await nonSet(page)) await clickSlot(page, slot);
  const s = await state(page);
  assert.equal(s.setsFound, 1);
  assert.equal(s.wrongClaims, 1);
  await page.waitForTimeout(800);
  return page.evaluate(() => window.framesAsked);
}

test('with reduced motion, nothing shakes or fades; the same news is told', { timeout: 60_000 }, async () => {
  const moving = await open('?seed=12', { init: countFrames });
  assert.ok((await claimAndMiss(moving.page)) > 5, 'without the setting, the claims animate');
  await moving.close();

  const still = await open('?seed=12', { init: countFrames, reducedMotion: 'reduce' });
  assert.equal(await claimAndMiss(still.page), 0, 'with reduced motion, no animation frame is asked for');
  // The wrong claim is still explained, and counted.
  assert.match(await still.page.locator('#notice-text').textContent(), /^Two (are|have) /);
  assert.equal(await still.page.locator('#wrong-claims').textContent(), '1');
  assert.deepEqual(still.problems, []);
  await still.close();
});
