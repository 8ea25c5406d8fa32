// Installable and offline (issue 10): the manifest and service worker as
// Chromium sees them, a game played and kept with the network off, and a
// new release picked up on the next visit with the saved game intact.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cp, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { api, CHROMIUM_ARGS, clickSlot, kept, ready, state, useBrowser, viewState } from './helpers.mjs';

const { open, server } = useBrowser();

/** Waits until the service worker controls the page and has cached every
 *  file the page names (its `href`s: its links, and the parts that load
 *  later in its template) and race.html's, and nothing else but the page. */
async function cachedForOffline(page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.waitForFunction(async () => {
    const parts = [...document.getElementById('parts').content.querySelectorAll('[href]')]
      .map((a) => new URL(a.getAttribute('href'), location).href);
    if (parts.length < 2) return false;
    const named = [...document.querySelectorAll('link[href], a[href]')].map((link) => link.href).concat(parts);
    const cache = await caches.open('set-game');
    const keys = (await cache.keys()).map((request) => request.url);
    const page = new URL('./', location).href;
    // race.html (named by the settings' link) names the race build's files itself.
    const race = (url) => /\/race-[0-9a-f]+(\.js|_bg\.wasm)$/.test(url);
    return named.every((url) => keys.includes(url)) && keys.filter(race).length === 2
      && keys.every((url) => url === page || named.includes(url) || race(url));
  });
}

async function claimOne(page) {
  for (const slot of await api(page, 'hint')) await clickSlot(page, slot);
}

/** The address of the wasm the page runs (its preload link). */
const wasmUrl = (page) => page.evaluate(() => document.querySelector('link[rel=preload]').href);

/** Plays a set once the page is cached for offline: the game then, and the wasm it runs. */
async function playedOnce(page) {
  await cachedForOffline(page);
  await claimOne(page);
  return { before: await state(page), wasm: await wasmUrl(page) };
}

test('Chromium finds the game installable: manifest parsed, service worker in control, icons there', { timeout: 60_000 }, async () => {
  // A profile of its own: Chromium never offers to install from an incognito context.
  const profile = await mkdtemp(path.join(tmpdir(), 'set-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: CHROMIUM_ARGS, colorScheme: 'dark',
  });
  try {
    const page = await context.newPage();
    await page.goto(`${server().url}?seed=5`);
    await ready(page);
    await cachedForOffline(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    assert.deepEqual(installabilityErrors, []);
    const { errors, data } = await cdp.send('Page.getAppManifest');
    assert.deepEqual(errors, []);
    const manifest = JSON.parse(data);
    assert.equal(manifest.name, 'SET');
    assert.equal(manifest.display, 'standalone');
    assert.deepEqual(manifest.icons.map((icon) => icon.sizes), ['192x192', '512x512']);
    for (const icon of manifest.icons) {
      const response = await page.request.get(new URL(icon.src, page.url()).href);
      assert.equal(response.status(), 200);
      assert.match(response.headers()['content-type'], /^image\/svg\+xml/);
      assert.match(await response.text(), /^<svg /);
    }
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
});

test('offline, a reload plays on: the game is restored, a set is claimed, and a second reload keeps it', { timeout: 60_000 }, async () => {
  const { page, context, problems, close } = await open('?seed=5');
  const { before } = await playedOnce(page);
  assert.equal(before.setsFound, 1);

  await context.setOffline(true);
  // The network is gone: what the service worker has not cached cannot be fetched.
  const probe = () => fetch(`/sw.js?probe=${Date.now()}`).then(() => 'online', () => 'offline');
  const heard = problems.length;
  assert.equal(await page.evaluate(probe), 'offline');
  // The probe's own failure is the one console error expected here.
  assert.deepEqual(problems.splice(heard), ['console: Failed to load resource: net::ERR_FAILED']);
  await page.reload();
  await ready(page);
  assert.deepEqual(kept(await state(page)), kept(before), 'the saved game is back, offline');
  await claimOne(page);
  const played = await state(page);
  assert.equal(played.setsFound, 2, 'a set claimed offline');
  await page.reload();
  await ready(page);
  assert.deepEqual(kept(await state(page)), kept(played), 'and saved offline');
  await page.screenshot({ path: 'test-artifacts/offline.png' });
  assert.deepEqual(problems, []);
  await context.setOffline(false);
  await close();
});

/** A copy of `dist` as a new release: every hashed file renamed (and so
 *  named anew in index.html), as a rebuild with changed code would be. */
async function newRelease(dist) {
  const dir = await mkdtemp(path.join(tmpdir(), 'set-release-'));
  await cp(dist, dir, { recursive: true });
  // The compressed copies beside each file would still be the old release's: served plain.
  for (const file of await readdir(dir)) if (/\.(gz|br)$/.test(file)) await rm(path.join(dir, file));
  let html = await readFile(path.join(dir, 'index.html'), 'utf8');
  let hashedFiles = 0;
  for (const file of await readdir(dir)) {
    // Trunk writes its hash in hex without leading zeros: not always 16 digits.
    const hashed = /^(.*-)([0-9a-f]+)((_bg)?\.(js|wasm|css))$/.exec(file);
    if (!hashed) continue;
    hashedFiles += 1;
    const renamed = `${hashed[1]}${[...hashed[2]].reverse().join('')}${hashed[3]}`;
    await rename(path.join(dir, file), path.join(dir, renamed));
    html = html.replaceAll(file, renamed);
  }
  // A release with nothing renamed would look the same as the old one.
  assert.ok(hashedFiles > 0, `no hashed file to rename in ${dist}`);
  await writeFile(path.join(dir, 'index.html'), html);
  return dir;
}

/** Stages a new release of `dist` (`change` may alter its files), opens the
 *  game at `query`, and runs `body` with the page and the release's folder.
 *  Afterwards the server serves `dist` again, and the folder and the page
 *  are gone, whatever happened. */
async function withNewRelease(query, change, body) {
  const dist = process.env.DIST ?? 'dist';
  const release = await newRelease(dist);
  await change(release);
  const opened = await open(query);
  try {
    await body({ ...opened, release });
  } finally {
    await server().serveFrom(dist);
    await rm(release, { recursive: true, force: true });
    await opened.close();
  }
}

/** Reloads the page with the network off, and waits for its board. */
async function reloadOffline(page, context) {
  await context.setOffline(true);
  await page.reload();
  await ready(page);
}

test('a new release is picked up on the next visit, told once, with the saved game intact and offline again', { timeout: 90_000 }, async () => {
  await withNewRelease('?seed=9', async () => {}, async ({ page, context, problems, release }) => {
    const notice = () => page.locator('#notice-text').textContent();
    const { before, wasm: oldWasm } = await playedOnce(page);
    await page.reload();
    await ready(page);
    assert.doesNotMatch(await notice(), /updated/, 'the same release is no news');

    await server().serveFrom(release);
    await page.reload();
    await ready(page);
    assert.notEqual(await wasmUrl(page), oldWasm, 'the new release runs');
    assert.match(await notice(), /SET has been updated; your game carries on\./);
    assert.deepEqual(kept(await state(page)), kept(before), 'the saved game survived the update');
    await cachedForOffline(page);

    await page.reload();
    await ready(page);
    assert.doesNotMatch(await notice(), /updated/, 'told once');
    await reloadOffline(page, context);
    assert.notEqual(await wasmUrl(page), oldWasm, 'offline, the new release from the cache');
    assert.deepEqual(kept(await state(page)), kept(before));
    assert.deepEqual(problems, []);
    await context.setOffline(false);
  });
});

test('a release that cannot start is not kept: offline, the last one that started plays on', { timeout: 90_000 }, async () => {
  // Its wasm cut in half: the page arrives, the game never starts.
  const cutWasm = async (release) => {
    const wasm = (await readdir(release)).find((file) => file.startsWith('set-game-') && file.endsWith('.wasm'));
    const bytes = await readFile(path.join(release, wasm));
    await writeFile(path.join(release, wasm), bytes.subarray(0, bytes.length >> 1));
  };
  await withNewRelease('?seed=11', cutWasm, async ({ page, context, problems, release: broken }) => {
    const { before, wasm: working } = await playedOnce(page);

    await server().serveFrom(broken);
    await page.reload();
    await page.waitForFunction(() => document.readyState === 'complete');
    assert.notEqual(await wasmUrl(page), working, 'the broken release is what the network serves');
    // Given the time a start would take, the broken page never says it started.
    await page.waitForTimeout(1_000);
    assert.equal(await page.evaluate(() => window.wasmBindings), undefined);
    assert.ok(problems.some((problem) => /WebAssembly|wasm/i.test(problem)), `the start failed: ${problems}`);
    problems.length = 0;

    await reloadOffline(page, context);
    assert.equal(await wasmUrl(page), working, 'offline, the release that started is served');
    assert.deepEqual(kept(await state(page)), kept(before), 'with the saved game');
    assert.deepEqual(problems, []);
    await context.setOffline(false);
  });
});

test('after one visit online, the analysis, the statistics and the drills open offline', { timeout: 90_000 }, async () => {
  const { page, context, problems, close } = await open('?mode=daily&date=2026-11-18');
  await playedOnce(page);
  await reloadOffline(page, context);
  while (!(await state(page)).over) await claimOne(page);
  await page.locator('#end-screen').waitFor({ state: 'visible' });
  await page.click('#open-analysis');
  const view = await viewState(page, 'analysis');
  assert.equal(view.open, true);
  assert.equal((await page.textContent('#review-sets')).trim(), '6');
  await page.keyboard.press('Escape');
  await page.click('#end-new-game');
  await page.click('#open-settings');
  await page.click('#settings-stats');
  await viewState(page, 'stats');
  await page.selectOption('#review-mode', 'daily');
  assert.equal((await page.textContent('#review-finished')).trim(), '1');
  assert.deepEqual(problems, []);
  await context.setOffline(false);
  await close();
});

test('race.html plays offline too, once index.html has been visited online', { timeout: 120_000 }, async () => {
  // The page's time is the test's clock: the bot plays without a wait.
  const { page, context, problems, close } = await open('?seed=6', { clock: true });
  await cachedForOffline(page);
  await context.setOffline(true);
  await page.goto(`${server().url}race.html?seed=6&bots=expert`);
  await page.waitForFunction(() => window.wasmBindings?.state);
  let s = await state(page);
  assert.deepEqual(s.players.map((p) => p.name), ['You', 'Expert bot']);
  // The bot plays, offline.
  for (let guard = 0; (s = await state(page)).setsFound === 0; guard++) {
    assert.ok(guard < 120, 'the bot never claimed');
    await page.clock.runFor(250);
  }
  assert.equal(s.players[1].sets, 1);
  await context.setOffline(false);
  assert.deepEqual(problems.filter((p) => !p.includes('ERR_INTERNET_DISCONNECTED')), []);
  await close();
});
