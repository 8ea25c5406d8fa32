// Playing a friend online, as people do: two browser contexts (two
// anonymous players, each with its own storage) against the real server.
// They make a room and join it through the page's forms, race for the same
// set many times, keep their picks through each other's sets, reload, lose
// the server to SIGKILL and get it back, and finish a game whose download
// the solo page opens. Sets are found by a plain reference check of the
// card ids' digits here, never by the page's own finder.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import { SERVER_BINARY } from '../../scripts/server.mjs';
import { ARTIFACTS, api, audit, clickCard, isSet, makeRoomByForm, ready, setsOf, state, twoPlayers, useBrowser, viewState } from './helpers.mjs';

const browser = useBrowser();
const { open, server } = browser;

const room = async (page) => (await state(page)).online;

/** Waits until the page has applied event `seq` and has no claim pending. */
const settled = (page, seq) => page.waitForFunction((seq) => {
  const s = window.wasmBindings.state();
  return s.online.seq >= seq && s.pending === null;
}, seq);

/** A context whose WebSocket runs through a relay that can hold what the
 *  server sends (`lag.hold = true`) until released: a player whose network
 *  is slow, so that both players' claims leave before either sees the other's. */
function lagged() {
  const lag = { hold: false, held: [], urls: [], release() {
    lag.hold = false;
    for (const send of lag.held.splice(0)) send();
  } };
  const setup = (context) => context.routeWebSocket(/\/ws(\?room=\w+)?$/, (ws) => {
    lag.urls.push(ws.url());
    const server = ws.connectToServer();
    ws.onMessage((message) => server.send(message));
    server.onMessage((message) => (lag.hold ? lag.held.push(() => ws.send(message)) : ws.send(message)));
  });
  return { lag, setup };
}

/** A context whose WebSocket runs through a relay that changes one digit of
 *  the salt the server reveals at the end of the game. */
const tamperedSalt = (context) => context.routeWebSocket(/\/ws(\?room=\w+)?$/, (ws) => {
  const server = ws.connectToServer();
  ws.onMessage((message) => server.send(message));
  server.onMessage((message) => {
    const frame = JSON.parse(message);
    if (frame.t !== 'room' || typeof frame.salt !== 'string') return ws.send(message);
    frame.salt = (frame.salt[0] === '0' ? '1' : '0') + frame.salt.slice(1);
    ws.send(JSON.stringify(frame));
  });
});

test('two players race for the same set: one scores, the other is told "taken", never wrong, and the boards agree', { timeout: 120_000 }, async (t) => {
  const [annNet, benNet] = [lagged(), lagged()];
  const { ann, ben } = await twoPlayers(browser, { annSetup: annNet.setup, benSetup: benNet.setup });
  const takenBy = [];
  for (let round = 0; round < 8; round++) {
    const before = await state(ann.page);
    const [a, b, c] = setsOf(before.table)[0];
    for (const { page } of [ann, ben]) {
      await clickCard(page, a);
      await clickCard(page, b);
    }
    // Both third picks leave before either page hears of the other's claim.
    annNet.lag.hold = benNet.lag.hold = true;
    await Promise.all([clickCard(ann.page, c), clickCard(ben.page, c)]);
    for (const { page } of [ann, ben]) await page.waitForFunction(() => window.wasmBindings.state().pending !== null);
    await new Promise((resolve) => setTimeout(resolve, 150));
    annNet.lag.release();
    benNet.lag.release();
    const seq = before.online.seq + 1;
    await Promise.all([settled(ann.page, seq), settled(ben.page, seq)]);
    const [sa, sb] = [await state(ann.page), await state(ben.page)];
    assert.deepEqual(sa.table, sb.table, 'both boards are the same');
    assert.equal(sa.online.seq, seq, 'one claim was accepted, and only one');
    assert.deepEqual(sa.online.players.map((p) => p.wrong), [0, 0], 'the claim that lost is not wrong');
    const scores = sa.online.players.map((p) => p.score);
    assert.equal(scores[0] + scores[1], round + 1, 'one point per round');
    const loser = sa.said.startsWith('Taken by') ? sa : sb;
    assert.match(loser.said, /^Taken by (Ann|Ben): .* No penalty\.$/);
    assert.deepEqual(loser.picks, [], 'the picks the set took are gone');
    takenBy.push(loser === sa ? 'Ann' : 'Ben');
  }
  t.diagnostic(`the claims that lost, by round: ${takenBy.join(', ')}`);
  await ann.page.screenshot({ path: `${ARTIFACTS}/online-race.png` });
  assert.deepEqual([...ann.problems, ...ben.problems], []);
  await ann.close();
  await ben.close();
});

/** A context whose WebSocket runs through a relay that drops the
 *  connection right after a claim leaves the page: `drop.next` is
 *  'after' (the claim reaches the server first) or 'before' (it is lost
 *  with the connection), once; the page's next connection is relayed whole. */
function dropping() {
  const drop = { next: null, dropped: 0 };
  const setup = (context) => context.routeWebSocket(/\/ws(\?room=\w+)?$/, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((message) => {
      const claim = typeof message === 'string' && message.startsWith('{"t":"claim"');
      if (claim && drop.next) {
        const when = drop.next;
        drop.next = null;
        drop.dropped += 1;
        if (when === 'after') server.send(message);
        server.close();
        ws.close();
        return;
      }
      server.send(message);
    });
    server.onMessage((message) => ws.send(message));
  });
  return { drop, setup };
}

test('a claim cut off by a dropped connection gets its verdict after the reconnect, and a reloaded page is judged afresh', { timeout: 90_000 }, async () => {
  const net = dropping();
  const { ann, ben } = await twoPlayers(browser, { annSetup: net.setup });
  for (const when of ['after', 'before']) {
    const before = await state(ann.page);
    const [a, b, c] = setsOf(before.table)[0];
    net.drop.next = when;
    for (const id of [a, b, c]) await clickCard(ann.page, id);
    // The connection drops as the claim leaves; the page reconnects by
    // itself, sends the claim again, and hears its one verdict.
    await settled(ann.page, before.online.seq + 1);
    const after = await state(ann.page);
    assert.equal(after.said, 'Set! It is yours.', `dropped ${when} the claim left`);
    assert.equal(after.online.players[0].score, before.online.players[0].score + 1, 'one set, counted once');
    assert.equal(after.online.players[0].wrong, 0);
    // And the page takes taps again.
    const next = after.table.find((id) => !after.picks.includes(id));
    await clickCard(ann.page, next);
    await ann.page.waitForFunction((id) => window.wasmBindings.state().picks.includes(id), next);
    await clickCard(ann.page, next);
    await ann.page.waitForFunction(() => window.wasmBindings.state().picks.length === 0);
  }
  assert.equal(net.drop.dropped, 2);
  // Ann reloads and claims three cards that are not a set: judged on their
  // own cards, never given an earlier claim's verdict.
  await ann.page.reload();
  await ready(ann.page);
  await ann.page.waitForFunction(() => window.wasmBindings.state().online.status === 'playing');
  const s = await state(ann.page);
  let wrong = null;
  for (let i = 0; i < s.table.length && !wrong; i++)
    for (let j = i + 1; j < s.table.length && !wrong; j++)
      for (let k = j + 1; k < s.table.length && !wrong; k++)
        if (!isSet(s.table[i], s.table[j], s.table[k])) wrong = [s.table[i], s.table[j], s.table[k]];
  for (const id of wrong) await clickCard(ann.page, id);
  await settled(ann.page, s.online.seq + 1);
  const judged = await state(ann.page);
  assert.match(judged.said, /^Not a set\./);
  assert.equal(judged.online.players[0].wrong, 1);
  assert.deepEqual([...ann.problems, ...ben.problems], []);
  await ann.close();
  await ben.close();
});

test('a disjoint set keeps the other player\'s picks, and a reload mid-game carries on', { timeout: 60_000 }, async () => {
  const { ann, ben } = await twoPlayers(browser, { phone: true });
  // Ann picks two cards; Ben claims a set that holds neither (claiming other sets until there is one).
  let picks, theirs;
  for (let guard = 0; !theirs; guard++) {
    assert.ok(guard < 10, 'no table with a set that spares two cards of another');
    const { table, online } = await state(ann.page);
    const sets = setsOf(table);
    picks = sets[0].slice(0, 2);
    theirs = sets.find((s) => !s.some((id) => picks.includes(id)));
    if (!theirs) {
      for (const id of sets[0]) await clickCard(ben.page, id);
      await settled(ann.page, online.seq + 1);
    }
  }
  for (const id of picks) await clickCard(ann.page, id);
  const seq = (await room(ann.page)).seq;
  for (const id of theirs) await clickCard(ben.page, id);
  await settled(ann.page, seq + 1);
  const after = await state(ann.page);
  assert.deepEqual(after.picks, picks, 'Ann\'s picks survive Ben\'s set');
  assert.equal(after.said, 'Ben found a set.');
  for (const id of picks) {
    const slot = after.table.indexOf(id);
    assert.equal(await ann.page.getAttribute(`#card-${slot}`, 'aria-pressed'), 'true');
  }
  await ben.page.screenshot({ path: `${ARTIFACTS}/online-phone.png` });
  await audit(ben.page, 'the room, mid-game, on a phone');

  // Ben reloads: the page comes back to the same seat, board and scores by itself.
  const kept = await state(ben.page);
  await ben.page.reload();
  await ready(ben.page);
  await ben.page.waitForFunction((seq) => window.wasmBindings.state().online.seq === seq, kept.online.seq);
  const back = await state(ben.page);
  assert.equal(back.online.seat, 1);
  assert.deepEqual(back.table, kept.table);
  assert.deepEqual(back.online.players.map((p) => p.score), kept.online.players.map((p) => p.score));
  assert.deepEqual([...ann.problems, ...ben.problems], []);
  await ann.close();
  await ben.close();
});

test('a name given and Join pressed before the server has welcomed the page sits the player, never a watcher', { timeout: 60_000 }, async () => {
  const ann = await open('online.html');
  const id = await makeRoomByForm(ann.page, { name: 'Ann', mode: 'classic' });
  // Ben's network holds everything the server says until he has pressed Join.
  const benNet = lagged();
  benNet.lag.hold = true;
  const ben = await open(`?room=${id}`, { setup: benNet.setup });
  await ben.page.locator('#join-panel').waitFor({ state: 'visible' });
  assert.equal(await ben.page.evaluate(() => window.wasmBindings.state().link), 'connecting', 'not yet welcomed');
  await ben.page.fill('#join-name', 'Ben');
  await ben.page.click('#join-room');
  benNet.lag.hold = false;
  benNet.lag.release();
  await ben.page.waitForFunction(() => window.wasmBindings.state().online.seat === 1);
  await ann.page.waitForFunction(() => window.wasmBindings.state().online.players.length === 2);
  assert.deepEqual((await room(ann.page)).players.map((p) => p.name), ['Ann', 'Ben']);
  assert.deepEqual((await room(ann.page)).spectators, [], 'Ben is not watching');
  // His socket names its room, for a proxy to route by; the node serving it shows beside the round trip.
  assert.equal(new URL(benNet.lag.urls[0]).search, `?room=${id}`);
  assert.equal((await room(ben.page)).node, 'main');
  await ben.page.waitForFunction(() => / ms · main$/.test(document.getElementById('link-state').textContent));
  assert.deepEqual([...ann.problems, ...ben.problems], []);
  await ann.close();
  await ben.close();
});

test('killed with SIGKILL mid-game, the server comes back, the players reconnect by themselves, and the finished game opens in the solo page', { timeout: 120_000 }, async () => {
  const { ann, ben, id } = await twoPlayers(browser, { mode: 'junior' });
  await ann.page.locator('#waiting-panel').waitFor({ state: 'hidden' });
  await audit(ann.page, 'the room, at the start');
  const commitment = (await room(ann.page)).commitment;
  const play = async (page) => {
    const { table, online } = await state(page);
    for (const id of setsOf(table)[0]) await clickCard(page, id);
    await settled(page, online.seq + 1);
  };
  await play(ann.page);
  await play(ben.page);
  const before = await state(ann.page);

  await server().kill();
  for (const { page } of [ann, ben]) await page.waitForFunction(() => window.wasmBindings.state().link === 'reconnecting');
  assert.match(await ann.page.textContent('#room-note'), /reconnecting/);
  await server().restart();
  for (const { page } of [ann, ben]) {
    await page.waitForFunction(() => window.wasmBindings.state().link === 'open', null, { timeout: 20_000 });
    await page.waitForFunction((seq) => window.wasmBindings.state().online.seq === seq, before.online.seq);
  }
  const after = await state(ben.page);
  assert.deepEqual(after.table, before.table, 'the board is as it was');
  assert.deepEqual(after.online.players.map((p) => p.score), [1, 1]);

  // Someone watching through a connection that changes the salt the server
  // reveals at the end: that page must find the deal does not match.
  const watcher = await open(`?room=${id}`, { setup: tamperedSalt });
  await watcher.page.waitForFunction((seq) => window.wasmBindings.state().online.seq === seq, before.online.seq);
  assert.equal((await room(watcher.page)).seat, null, 'a link opened without a name watches');

  // Play it out, taking turns.
  for (let turn = 0; (await room(ann.page)).status !== 'over'; turn++) {
    assert.ok(turn < 40, 'the game does not end');
    await play(turn % 2 ? ben.page : ann.page);
    await ann.page.waitForFunction(() => window.wasmBindings.state().pending === null);
  }
  await ann.page.locator('#end-screen').waitFor({ state: 'visible' });
  const end = await room(ann.page);
  assert.match(await ann.page.textContent('#end-title'), /wins|A tie/);
  const digest = createHash('sha256').update(`${id}:${end.seed}:${end.salt}`).digest('hex');
  assert.equal(digest, commitment, 'the seed revealed at the end is the one committed to at the start');
  assert.equal(end.dealMatches, true, 'Ann\'s page checked the deal itself');
  assert.match(await ann.page.textContent('#end-deal'), /This page checked it against/);
  await watcher.page.waitForFunction(() => window.wasmBindings.state().online.status === 'over');
  const seen = await room(watcher.page);
  assert.notEqual(seen.salt, end.salt, 'the relay changed the salt');
  assert.equal(seen.dealMatches, false, 'the watcher\'s page caught the changed salt');
  assert.match(await watcher.page.textContent('#end-deal'), /does not match/);
  await ann.page.screenshot({ path: `${ARTIFACTS}/online-end.png` });
  await audit(ann.page, 'the room\'s end screen');

  // The download is a save; the solo page opens it in its analysis.
  const [download] = await Promise.all([ann.page.waitForEvent('download'), ann.page.click('#end-download')]);
  const save = await readFile(await download.path(), 'utf8');
  assert.match(save, /^SET save 3/);
  assert.match(save, new RegExp(`\\nseed ${end.seed}\\n`));
  const solo = await open('');
  await solo.page.evaluate(() => loadPart().then((part) => part.open('stats', null)));
  await viewState(solo.page, 'stats');
  await solo.page.setInputFiles('#review-import', { name: `set-online-${id}.txt`, mimeType: 'text/plain', buffer: Buffer.from(save) });
  const analysis = await viewState(solo.page, 'analysis');
  assert.ok(analysis, 'the analysis of the online game is open');
  const byColumn = await solo.page.textContent('#review-body');
  assert.match(byColumn, /Ann/);
  assert.match(byColumn, /Ben/);
  await solo.page.screenshot({ path: `${ARTIFACTS}/online-analysis.png` });
  assert.deepEqual(solo.problems, [], 'the solo page, the part and its style load under the server\'s policy');
  // While the server was down, the browser said its reconnections failed; nothing else went wrong.
  const unexpected = [...ann.problems, ...ben.problems].filter((p) => !/WebSocket connection to .* failed/.test(p));
  assert.deepEqual(unexpected, []);
  assert.deepEqual(watcher.problems, []);
  for (const page of [ann, ben, watcher, solo]) await page.close();
});

test('players chat in the room: markup arrives as the same text and makes no element, bad lines are refused, a player muted, a watcher reads and chats, marked as watching', { timeout: 90_000 }, async () => {
  const { ann, ben, id } = await twoPlayers(browser, { phone: true });
  const markup = '<img src=x onerror="window.pwned=1"> & <b>gg</b>';
  // Ann types and presses Enter, as a person would.
  await ann.page.fill('#chat-text', markup);
  await ann.page.press('#chat-text', 'Enter');
  for (const { page } of [ann, ben]) {
    await page.waitForFunction(() => window.wasmBindings.state().online.chat.length === 1);
    assert.deepEqual((await room(page)).chat, [{ name: 'Ann', text: markup, watching: false }]);
    const shown = page.locator('#chat-lines li').first();
    assert.equal(await shown.textContent(), `Ann ${markup}`, 'shown character for character');
    assert.equal(await page.locator('#chat-lines img, #chat-lines b b').count(), 0, 'no element made from it');
    assert.equal(await page.evaluate(() => window.pwned), undefined);
  }
  assert.equal(await ann.page.inputValue('#chat-text'), '', 'the field is emptied once sent');
  // Ben's line through the JS API; then lines the server refuses, each with why.
  await api(ben.page, 'online_chat', 'see you at the rematch');
  await ann.page.waitForFunction(() => window.wasmBindings.state().online.chat.length === 2);
  for (const [bad, why] of [['   ', /empty/], ['x'.repeat(251), /251/], ['a\u0007bell', /control/]]) {
    const refused = await ben.page.evaluate((text) => window.wasmBindings.online_chat(text).then(() => 'kept', (err) => err.message), bad);
    assert.match(refused, why);
  }
  assert.equal((await room(ann.page)).chat.length, 2, 'a refused line reaches nobody');
  // Ben mutes Ann: her lines leave his page, and stay gone after a reload, until he unmutes her.
  await ben.page.click('#mute-0');
  await ben.page.waitForFunction(() => document.querySelectorAll('#chat-lines li').length === 1);
  assert.deepEqual((await room(ben.page)).muted, ['Ann']);
  assert.equal(await ben.page.locator('#chat-lines li').first().textContent(), 'Ben see you at the rematch');
  await ben.page.reload();
  await ready(ben.page);
  await ben.page.waitForFunction(() => window.wasmBindings.state().online.chat.length === 2);
  assert.equal(await ben.page.locator('#chat-lines li').count(), 1, 'still muted after a reload');
  assert.equal(await ben.page.textContent('#mute-0'), 'Unmute');
  await ben.page.click('#mute-0');
  await ben.page.waitForFunction(() => document.querySelectorAll('#chat-lines li').length === 2);
  assert.deepEqual((await room(ann.page)).muted, [], 'muting is Ben\'s page\'s alone');
  await ben.page.screenshot({ path: `${ARTIFACTS}/online-chat-phone.png` });
  await audit(ben.page, 'the room with its chat, on a phone');

  // Someone who opens the link after the start watches: the chat is there,
  // and they chat too, under the name the server gave them, marked as watching.
  const cy = await open(`?room=${id}`);
  await cy.page.waitForFunction(() => window.wasmBindings.state().online.chat.length === 2);
  assert.deepEqual((await room(cy.page)).chat.map((line) => line.name), ['Ann', 'Ben']);
  assert.equal(await cy.page.locator('#chat-lines').isVisible(), true);
  assert.equal(await cy.page.locator('#chat-form').isVisible(), true);
  const given = (await room(cy.page)).name;
  assert.match(given, /^[A-Z][a-z]+ [A-Z][a-z]+$/);
  await cy.page.fill('#chat-text', 'good game');
  await cy.page.press('#chat-text', 'Enter');
  await ann.page.waitForFunction(() => window.wasmBindings.state().online.chat.length === 3);
  assert.deepEqual((await room(ann.page)).chat[2], { name: given, text: 'good game', watching: true });
  assert.equal(await ann.page.locator('#chat-lines li').last().textContent(), `${given} (watching) good game`);
  assert.deepEqual([...ann.problems, ...ben.problems, ...cy.problems], []);
  for (const one of [ann, ben, cy]) await one.close();
});

test('a player reports another from the room, and the operator reads it with the room named; an identity signs its other browsers out', { timeout: 90_000 }, async () => {
  const { ann, ben, id } = await twoPlayers(browser);
  // Ben reports Ann (seat 0) from the room's list of players: no button beside himself.
  assert.equal(await ben.page.locator('#report-1').count(), 0, 'no Report beside oneself');
  await ben.page.click('#report-0');
  await ben.page.waitForFunction(() => document.querySelector('#report-0')?.textContent === 'Reported');
  assert.match(await ben.page.textContent('#room-note'), /You reported Ann/);
  // The operator's own command reads it from the database.
  const annId = (await room(ann.page)).player;
  let reports = '';
  for (let tries = 0; tries < 50 && !reports.includes('reported from room'); tries += 1) {
    reports = execFileSync(SERVER_BINARY, ['admin', '--db', server().db, 'reports'], { encoding: 'utf8' });
    if (!reports.includes('reported from room')) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.match(reports, new RegExp(`reported from room ${id}`), reports);
  assert.ok(reports.includes(annId), `${annId} in ${reports}`);
  // Ann signs her other browsers out: this one is welcomed again, as her, and says so.
  const before = (await room(ann.page)).player;
  await ann.page.goto(new URL('online.html', server().url).href);
  await ready(ann.page);
  await ann.page.click('#identity summary');
  await ann.page.click('#sign-out-elsewhere');
  await ann.page.waitForFunction(() => /signed out/.test(document.querySelector('#transfer-code')?.textContent ?? ''));
  assert.equal((await room(ann.page)).player, before, 'still Ann here');
  assert.deepEqual([...ann.problems, ...ben.problems], []);
  for (const one of [ann, ben]) await one.close();
});

test('the room shows the game\'s clock and a log of sets taken, the same on both players\' pages and a late watcher\'s', { timeout: 90_000 }, async () => {
  const { ann, ben, id } = await twoPlayers(browser);
  // Ann takes a set, then Ben: each by clicking the cards, found by the plain reference.
  for (const [who, by] of [[ann, 'Ann'], [ben, 'Ben']]) {
    const { table, online } = await state(who.page);
    const set = setsOf(table)[0];
    for (const card of set) await clickCard(who.page, card);
    await settled(ann.page, online.seq + 1);
    await settled(ben.page, online.seq + 1);
    const log = (await room(ann.page)).log;
    assert.deepEqual(log.at(-1).name, by);
    assert.deepEqual([...log.at(-1).cards].sort((a, b) => a - b), [...set].sort((a, b) => a - b));
  }
  const cy = await open(`?room=${id}`);
  await cy.page.waitForFunction(() => window.wasmBindings.state().online.log.length === 2);
  const logs = await Promise.all([ann, ben, cy].map(async ({ page }) => (await room(page)).log));
  assert.deepEqual(logs[1], logs[0], 'Ben\'s log is Ann\'s');
  assert.deepEqual(logs[2], logs[0], 'the watcher\'s too');
  assert.ok(logs[0][0].atMs <= logs[0][1].atMs, 'oldest first');
  // The clocks agree (within the pages' own reading times), and run.
  const clocks = await Promise.all([ann, ben, cy].map(async ({ page }) => (await room(page)).elapsedMs));
  assert.ok(Math.max(...clocks) - Math.min(...clocks) < 1500, `clocks ${clocks}`);
  assert.ok(clocks[0] >= logs[0][1].atMs, `the clock ${clocks[0]} is past the last set ${logs[0][1].atMs}`);
  await new Promise((resolve) => setTimeout(resolve, 1100));
  assert.ok((await room(ann.page)).elapsedMs >= clocks[0] + 1000, 'it runs');
  for (const { page } of [ann, cy]) {
    assert.match(await page.textContent('#game-clock'), /^\d+:\d\d$/);
    assert.equal(await page.locator('#set-log li').count(), 2);
    assert.match(await page.textContent('#set-log li'), /^Ann \d+:\d\d \d (open|striped|solid) (red|green|purple)/);
    // Each set's cards drawn small beside their words: three canvases an entry, each with a card face on it.
    const faces = await page.evaluate(() => [...document.querySelectorAll('#set-log li')].map((li) => [...li.querySelectorAll('canvas.mini')].map((c) => {
      const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      let face = 0;
      for (let i = 0; i < d.length; i += 4) if (d[i] + d[i + 1] + d[i + 2] > 600) face++;
      return face / (c.width * c.height);
    })));
    assert.equal(faces.length, 2);
    for (const entry of faces) {
      assert.equal(entry.length, 3, 'three small cards an entry');
      assert.ok(entry.every((share) => share > 0.15), `each small card shows a face: ${entry}`);
    }
  }
  await audit(cy.page, 'the room with its log of sets, watched');
  assert.deepEqual([...ann.problems, ...ben.problems, ...cy.problems], []);
  for (const one of [ann, ben, cy]) await one.close();
});

test('online_join(room, "") from a page with no name resolves once it watches the room', { timeout: 90_000 }, async () => {
  const { ann, ben, id } = await twoPlayers(browser);
  const eve = await open('online.html');
  await eve.page.waitForFunction(() => window.wasmBindings?.online_join && window.wasmBindings.state().online.lobby);
  const joined = await eve.page.evaluate((room) => window.wasmBindings.online_join(room, ''), id);
  assert.equal(joined, id);
  const seen = await room(eve.page);
  assert.equal(seen.room, id);
  assert.equal(seen.seat, null, 'a watcher');
  assert.deepEqual(seen.players.map((p) => p.name), ['Ann', 'Ben']);
  assert.match(seen.name, /^[A-Z][a-z]+ [A-Z][a-z]+$/, 'still going by the name given');
  // The watcher chats through the API: it resolves, and the players see the line.
  await api(eve.page, 'online_chat', 'hello from the stands');
  for (const { page } of [ann, ben]) {
    await page.waitForFunction(() => window.wasmBindings.state().online.chat.some((l) => l.text === 'hello from the stands'));
  }
  assert.deepEqual((await room(ann.page)).chat.at(-1), { name: seen.name, text: 'hello from the stands', watching: true });
  assert.deepEqual([...ann.problems, ...ben.problems, ...eve.problems], []);
  for (const one of [ann, ben, eve]) await one.close();
});
