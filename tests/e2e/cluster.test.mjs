// Two people through nginx in front of three set-server nodes on Postgres
// and NATS (scripts/cluster.sh, real processes on loopback, stopped after
// the tests, also on failure). A lobby on one node lists a room on
// another, and quick play there sits in it. With NATS stopped, the lobby
// says it is out of date, and heals. Then two play while the node
// that serves their room is killed with SIGKILL: both pages reconnect by
// themselves, through nginx, to another node, which replays the room from
// Postgres; the board and the scores are as they were, and they play on. Sets are found by the plain
// reference check of helpers.mjs, never by the page's own finder.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { startCluster } from '../../scripts/cluster.mjs';
import { ARTIFACTS, CHROMIUM_ARGS, clickCard, makeRoomByForm, open, setsOf, sitByForm, startByButton, state } from './helpers.mjs';

let cluster;
let env;

before(async () => {
  cluster = await startCluster();
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  env = { browser, server: { url: cluster.url } };
});

after(async () => {
  await env?.browser?.close().catch(() => {});
  await cluster?.stop();
});

const online = async (page) => (await state(page)).online;

/** What the pages and the nodes' logs said about `room`, for a failure's
 *  message: a wait that timed out names no cause by itself, and CI keeps
 *  only the failure's text. */
async function whatHappened(room, pages) {
  const lines = [];
  for (const [who, page] of Object.entries(pages)) {
    const seen = await online(page).catch((err) => ({ error: String(err) }));
    const { node, seat, status, players } = seen;
    lines.push(`${who}: node ${node}, room ${seen.room}, seat ${seat}, status ${status}, players ${JSON.stringify(players?.map((p) => [p.name, p.connected]))}, lobby rooms ${JSON.stringify(seen.lobby?.rooms?.map((r) => r.room))}`);
  }
  for (let n = 1; n <= 3; n += 1) {
    const log = await readFile(path.join(cluster.dir, `node-${n}.log`), 'utf8').catch(() => '');
    const about = log.split('\n').filter((line) => line.includes(room) || /WARN|ERROR/.test(line)).slice(-8);
    lines.push(`node-${n}.log: ${about.join(' | ') || '(nothing about the room)'}`);
  }
  return lines.join('\n');
}

/** Runs `step`; if it fails, the failure says what the pages and nodes saw. */
async function explained(room, pages, step) {
  try {
    return await step();
  } catch (err) {
    err.message = `${err.message}\n${await whatHappened(room, pages)}`;
    throw err;
  }
}

/** Finds a set on the page's table by clicks, and waits until every page
 *  in the room has its event: the next player reads a table that has it. */
async function play(page, everyone) {
  const { table, online: room } = await state(page);
  for (const card of setsOf(table)[0]) await clickCard(page, card);
  for (const each of everyone) await each.waitForFunction((seq) => window.wasmBindings.state().online.seq > seq, room.seq);
}

test('behind nginx, a lobby on one node lists a room on another, and quick play there sits in it', { timeout: 90_000 }, async () => {
  const ann = await open(env, 'online.html');
  await ann.page.waitForFunction(() => window.wasmBindings.state().online.lobby !== null);
  await ann.page.fill('#create-name', 'Ann');
  await ann.page.click('#quick-classic');
  await ann.page.waitForFunction(() => window.wasmBindings.state().online.seat === 0);
  const { room, node } = await online(ann.page);
  // Ben's lobby socket is on some node nginx picked: until it is not the
  // room's, he reloads (each socket is spread anew).
  const ben = await open(env, 'online.html', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  let lobbyNode = node;
  for (let tries = 0; tries < 20 && lobbyNode === node; tries += 1) {
    if (tries > 0) await ben.page.reload();
    await ben.page.waitForFunction(() => window.wasmBindings.state().online.lobby !== null);
    lobbyNode = (await online(ben.page)).node;
  }
  assert.notEqual(lobbyNode, node, 'a lobby on another node than the room\'s');
  // The room, on another node, is listed in Ben's lobby, as the page shows it.
  await explained(room, { ann: ann.page, ben: ben.page }, async () => {
    await ben.page.waitForFunction((id) => window.wasmBindings.state().online.lobby.rooms.some((r) => r.room === id), room);
    await ben.page.locator('#lobby-rooms li', { hasText: 'Ann' }).waitFor();
  });
  await ben.page.screenshot({ path: `${ARTIFACTS}/cluster-lobby-phone.png` });
  // Quick play there sends him to the room's node, into Ann's room.
  await ben.page.fill('#create-name', 'Ben');
  await ben.page.click('#quick-classic');
  await ben.page.waitForFunction(() => window.wasmBindings.state().online.seat === 1);
  const seated = await online(ben.page);
  assert.equal(seated.room, room);
  await ann.page.waitForFunction(() => window.wasmBindings.state().online.players.length === 2);
  assert.equal((await online(ann.page)).node, seated.node, 'one room, one node');
  assert.deepEqual([...ann.problems, ...ben.problems], []);
  await ann.close();
  await ben.close();
});

test('behind nginx, with NATS stopped the lobby says it is out of date, and heals when NATS is back', { timeout: 60_000 }, async () => {
  const cy = await open(env, 'online.html');
  await cy.page.waitForFunction(() => window.wasmBindings.state().online.lobby !== null);
  const count = cy.page.locator('#online-count');
  assert.doesNotMatch(await count.textContent(), /out of date/i);
  cluster.run('nats-down');
  await cy.page.waitForFunction(() => window.wasmBindings.state().online.lobby.outOfDate === true);
  await count.filter({ hasText: /Out of date: this server cannot reach the others/ }).waitFor();
  await cy.page.screenshot({ path: `${ARTIFACTS}/cluster-lobby-out-of-date.png` });
  cluster.run('nats-up');
  await cy.page.waitForFunction(() => window.wasmBindings.state().online.lobby.outOfDate === false, null, { timeout: 20_000 });
  assert.doesNotMatch(await count.textContent(), /out of date/i);
  assert.deepEqual(cy.problems, []);
  await cy.close();
});

test('behind nginx, the node serving a room is killed mid-game: both pages reconnect to another node and play on', { timeout: 120_000 }, async () => {
  const ann = await open(env, 'online.html');
  const id = await makeRoomByForm(ann.page, { name: 'Ann', mode: 'classic' });
  const ben = await open(env, `?room=${id}`, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await sitByForm(ben.page, 'Ben');
  await startByButton(ann.page, [ann.page, ben.page]);
  const node = (await online(ann.page)).node;
  assert.match(node, /^node-\d$/);
  assert.equal((await online(ben.page)).node, node, 'one room, one node');
  const pages = [ann.page, ben.page];
  await play(ann.page, pages);
  await play(ben.page, pages);
  const before = await state(ben.page);

  // The node serving the room dies.
  const pid = await cluster.file(`${node}.pid`);
  process.kill(Number(pid), 'SIGKILL');
  for (const { page } of [ann, ben]) {
    await page.waitForFunction((dead) => {
      const s = window.wasmBindings.state();
      return s.link === 'open' && s.online.node !== '' && s.online.node !== dead;
    }, node, { timeout: 20_000 });
    await page.waitForFunction((seq) => window.wasmBindings.state().online.seq === seq, before.online.seq);
  }
  const after = await state(ann.page);
  assert.notEqual(after.online.node, node);
  assert.equal((await online(ben.page)).node, after.online.node, 'both on the node that has the room now');
  assert.deepEqual(after.table, before.table, 'the board is as it was');
  assert.deepEqual(after.online.players.map((p) => p.score), [1, 1]);
  await ben.page.screenshot({ path: `${ARTIFACTS}/cluster-after-kill.png` });

  // And they play on.
  await play(ann.page, pages);
  await play(ben.page, pages);
  const on = await state(ann.page);
  assert.equal(on.online.seq, before.online.seq + 2);
  assert.deepEqual(on.online.players.map((p) => p.score), [2, 2]);
  // While the node was dead, the browsers said their reconnections failed; nothing else went wrong.
  const unexpected = [...ann.problems, ...ben.problems].filter((p) => !/WebSocket connection to .* failed/.test(p));
  assert.deepEqual(unexpected, []);
  await ann.close();
  await ben.close();
});
