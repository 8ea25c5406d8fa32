// The lobby as strangers use it, in separate browser contexts (separate
// anonymous players) against the real server: the front door's count, a
// public room found in the lobby and joined, quick play pressed in two
// pages at once, the lobby's chat with markup shown as text, and someone
// watching a game whose players see their name. Axe checks the lobby at
// desktop and phone widths.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ARTIFACTS, FRIENDLY_RATINGS, api, audit, clickCard, gameEnds, setsOf, state, useBrowser, viewState } from './helpers.mjs';

// Quick-play rooms here wait for their host, as the tests of seats and
// bots in them need (first-evening.test.mjs plays the countdown).
const { open } = useBrowser({ flags: [...FRIENDLY_RATINGS, '--quick-start-seconds', '0'] });

const online = async (page) => (await state(page)).online;

/** A page on the lobby, with a name typed in its name field (and left,
 *  so that the lobby lists it). */
async function inLobby(name, options = {}) {
  const who = await open('online.html', options);
  await who.page.waitForFunction(() => window.wasmBindings.state().online.lobby !== null);
  await who.page.fill('#create-name', name);
  await who.page.press('#create-name', 'Tab');
  await who.page.waitForFunction((name) => window.wasmBindings.state().online.lobby?.people.includes(name), name);
  return who;
}

test('the first screen links each way to play with others, and counts who is online after its board', async () => {
  const ann = await inLobby('Ann');
  const solo = await open('');
  const links = await solo.page.locator('#others a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  assert.deepEqual(links, ['race.html?bots=medium', 'race.html?players=Player%201,Player%202', 'help.html']);
  await solo.page.waitForFunction(() => /^\d+$/.test(document.getElementById('online-count').textContent));
  // The count was asked for after the first board was drawn.
  const order = await solo.page.evaluate(() => {
    const board = performance.getEntriesByName('first-board')[0].startTime;
    const asked = performance.getEntriesByType('resource').find((r) => r.name.endsWith('/api/online'));
    return { board, asked: asked.startTime };
  });
  assert.ok(order.asked >= order.board, `asked at ${order.asked} ms, the board at ${order.board} ms`);
  assert.equal(await solo.page.textContent('#online-count'), '1', 'Ann, in the lobby');
  assert.equal(await solo.page.getAttribute('#play-online', 'aria-label'), 'Play online 1 playing now', 'its name begins with what it shows');
  // The count is a badge over its link's corner: it moved nothing as it came.
  assert.equal(await solo.page.evaluate(() => getComputedStyle(document.getElementById('online-count')).position), 'absolute');
  await solo.page.click('#play-online');
  await solo.page.waitForFunction(() => window.wasmBindings?.state?.().online.lobby !== null);
  assert.deepEqual(solo.problems, []);
  await solo.close();
  await ann.close();
});

test('a stranger finds a public room in the lobby, live, and joins it; a private room is never listed', { timeout: 90_000 }, async () => {
  const cy = await inLobby('Cy');
  const ann = await inLobby('Ann');
  await api(ann.page, 'online_create', { mode: 'junior', name: 'Ann', public: true });
  const dee = await inLobby('Dee');
  await api(dee.page, 'online_create', { mode: 'classic', name: 'Dee', public: false });
  const id = (await online(ann.page)).room;

  // The room appears in Cy's lobby without a reload, as the page lists it.
  const listed = cy.page.locator('#lobby-rooms li');
  await listed.first().waitFor();
  assert.equal(await listed.count(), 1, 'the private room is not listed');
  assert.match(await listed.first().textContent(), /^Junior Ann \(waiting, rated, just now\) Join$/);
  const lobby = await api(cy.page, 'online_lobby');
  assert.deepEqual(lobby.rooms.map((r) => [r.room, r.mode, r.status, r.players, r.rated]), [[id, 'junior', 'waiting', ['Ann'], true]]);
  // Who is online is told about once a second: Cy, Ann and Dee.
  await cy.page.waitForFunction(() => window.wasmBindings.state().online.lobby.online === 3);
  assert.match(await cy.page.textContent('#online-count'), /^3 players online$/);
  assert.ok(lobby.people.includes('Cy'), lobby.people.join());
  await cy.page.screenshot({ path: `${ARTIFACTS}/lobby-desktop.png` });
  await audit(cy.page, 'the lobby with a public room');

  await cy.page.click('#enter-0');
  await cy.page.waitForFunction(() => window.wasmBindings.state().online.seat === 1);
  assert.match(cy.page.url(), new RegExp(`\\?room=${id}$`));
  await ann.page.waitForFunction(() => window.wasmBindings.state().online.players.length === 2);
  assert.deepEqual((await online(ann.page)).players.map((p) => p.name), ['Ann', 'Cy']);

  // Ann starts; someone in the lobby sees it being played, and watches.
  const eve = await inLobby('Eve');
  await eve.page.waitForFunction(() => window.wasmBindings.state().online.lobby.rooms.length === 1);
  await api(ann.page, 'online_start');
  await eve.page.waitForFunction(() => window.wasmBindings.state().online.lobby.rooms[0]?.status === 'playing');
  assert.equal(await eve.page.textContent('#enter-0'), 'Watch');
  await eve.page.click('#enter-0');
  await eve.page.waitForFunction(() => window.wasmBindings.state().online.status === 'playing');
  const watching = await online(eve.page);
  assert.equal(watching.seat, null, 'watching, not seated');
  assert.deepEqual((await state(eve.page)).table, (await state(ann.page)).table, 'the watcher sees the table');
  for (const { page } of [ann, cy]) {
    await page.waitForFunction(() => window.wasmBindings.state().online.spectators.includes('Eve'));
    assert.equal(await page.textContent('#watchers'), 'Watching: Eve');
  }
  // A watcher's click on a card claims nothing.
  const [card] = (await state(eve.page)).table;
  const rect = await api(eve.page, 'card_rect', card);
  await eve.page.mouse.click(rect[0] + rect[2] / 2, rect[1] + rect[3] / 2);
  assert.equal((await state(eve.page)).pending, null);
  // …and the page says why, and says plainly that this page watches.
  assert.equal(await eve.page.textContent('#room-note'), 'You are watching: only the players at the table take sets.');
  assert.match(await eve.page.textContent('#watchers'), /^You are watching/);
  // A watcher chats: the players see the line, marked as a watcher's.
  await api(eve.page, 'online_chat', 'nice one, Ann');
  for (const { page } of [ann, cy]) {
    await page.waitForFunction(() => window.wasmBindings.state().online.chat.some((l) => l.text === 'nice one, Ann' && l.watching));
    assert.equal(await page.locator('#chat-lines li').last().textContent(), 'Eve (watching) nice one, Ann');
  }
  for (const who of [cy, ann, dee, eve]) {
    assert.deepEqual(who.problems, []);
    await who.close();
  }
});

test('quick play pressed in two pages at once puts both in one room; its host removes a seat', { timeout: 60_000 }, async () => {
  const [fay, gus] = [await inLobby('Fay'), await inLobby('Gus')];
  await Promise.all([fay.page.click('#quick-chain'), gus.page.click('#quick-chain')]);
  for (const { page } of [fay, gus]) await page.waitForFunction(() => window.wasmBindings.state().online.seat !== null);
  const [a, b] = [await online(fay.page), await online(gus.page)];
  assert.equal(a.room, b.room, 'one room');
  assert.deepEqual([a.seat, b.seat].sort(), [0, 1]);
  assert.equal(a.mode, 'chain');
  await fay.page.waitForFunction(() => window.wasmBindings.state().online.players.length === 2);
  // The JS API's quick play, from a third page, sits at the same room.
  const hal = await inLobby('Hal');
  assert.equal(await api(hal.page, 'online_quick_play', { mode: 'chain', name: 'Hal' }), a.room);
  // The host takes Hal's seat away with the button beside Hal's name: Hal watches.
  const host = a.seat === 0 ? fay : gus;
  await host.page.waitForFunction(() => window.wasmBindings.state().online.players.length === 3);
  await host.page.click('#remove-2');
  await hal.page.waitForFunction(() => window.wasmBindings.state().online.seat === null);
  assert.match((await state(hal.page)).said, /took your seat/);
  await host.page.waitForFunction(() => window.wasmBindings.state().online.players.length === 2);
  assert.equal(await host.page.locator('#remove-2').count(), 0);
  const refused = await hal.page.evaluate(() => window.wasmBindings.online_quick_play({ mode: 'daily', name: 'Hal' }).then(() => 'seated', (err) => err.message));
  assert.match(refused, /no way to play online/);
  for (const who of [fay, gus, hal]) {
    assert.deepEqual(who.problems, []);
    await who.close();
  }
});

test('the lobby\'s chat: markup arrives as the same text and makes no element; bad lines are refused; axe at 320 px', { timeout: 60_000 }, async () => {
  const ivy = await inLobby('Ivy');
  const jo = await inLobby('Jo', { viewport: { width: 320, height: 640 }, isMobile: true, hasTouch: true });
  const markup = '<img src=x onerror="window.pwned=1"><b>bold</b> & "quotes"';
  await ivy.page.fill('#chat-text', markup);
  await ivy.page.press('#chat-text', 'Enter');
  await jo.page.waitForFunction(() => window.wasmBindings.state().online.chat.some((l) => l.name === 'Ivy'));
  const line = jo.page.locator('#chat-lines li').last();
  assert.equal(await line.textContent(), `Ivy ${markup}`);
  assert.equal(await jo.page.locator('#chat-lines img, #chat-lines li b b').count(), 0, 'no element made from it');
  assert.equal(await jo.page.evaluate(() => window.pwned), undefined);
  for (const [bad, why] of [['', /empty/], ['a\u0007b', /control/], ['x'.repeat(251), /251/]]) {
    const answer = await ivy.page.evaluate((text) => window.wasmBindings.online_chat(text).then(() => 'kept', (err) => err.message), bad);
    assert.match(answer, why);
  }
  await api(jo.page, 'online_chat', 'hello from a phone');
  await ivy.page.waitForFunction(() => window.wasmBindings.state().online.chat.some((l) => l.text === 'hello from a phone'));
  // Muting Jo in the lobby hides Jo's lines from Ivy's page only.
  await ivy.page.waitForFunction(() => [...document.querySelectorAll('#lobby-people li')].some((li) => li.textContent.startsWith('Jo ')));
  const people = await ivy.page.locator('#lobby-people li').allTextContents();
  const at = people.findIndex((p) => p.startsWith('Jo '));
  await ivy.page.click(`#hush-${at}`);
  await ivy.page.waitForFunction(() => ![...document.querySelectorAll('#chat-lines li')].some((li) => li.textContent.startsWith('Jo ')));
  await jo.page.screenshot({ path: `${ARTIFACTS}/lobby-phone.png` });
  await audit(jo.page, 'the lobby with its chat, on a phone');
  for (const who of [ivy, jo]) {
    assert.deepEqual(who.problems, []);
    await who.close();
  }
});

test('a name someone online goes by is refused to another page, which says why; once its owner renames, it is free', { timeout: 60_000 }, async () => {
  const ann = await inLobby('Ann');
  const bo = await inLobby('Bo');
  const people = (who) => who.page.evaluate(() => window.wasmBindings.state().online.lobby.people);
  await bo.page.fill('#create-name', 'Ann');
  await bo.page.press('#create-name', 'Tab');
  await bo.page.waitForFunction(() => /looks too much like "Ann"/.test(document.getElementById('name-error').textContent));
  assert.deepEqual(await people(bo), ['Ann', 'Bo'], 'nothing changed');
  assert.equal(await bo.page.inputValue('#create-name'), 'Ann', 'the field keeps what was typed');
  assert.equal((await state(bo.page)).online.name, 'Bo', 'Bo still goes by Bo');
  // Making a room under it is refused too, with why, and makes none.
  const made = await bo.page.evaluate(() => window.wasmBindings.online_create({ mode: 'classic', name: 'Ann' }).then(() => 'made', (err) => err.message));
  assert.match(made, /looks too much like "Ann"/);
  assert.equal((await state(bo.page)).online.room, '', 'no room made');
  // Ann renames herself: "Ann" is free, and Bo takes it.
  await ann.page.fill('#create-name', 'Ada');
  await ann.page.press('#create-name', 'Tab');
  await bo.page.waitForFunction(() => window.wasmBindings.state().online.lobby.people.join() === 'Ada,Bo');
  // The field still holds "Ann": Enter gives it again.
  assert.equal(await bo.page.inputValue('#create-name'), 'Ann');
  await bo.page.press('#create-name', 'Enter');
  await ann.page.waitForFunction(() => window.wasmBindings.state().online.lobby.people.join() === 'Ada,Ann');
  assert.deepEqual([...ann.problems, ...bo.problems], []);
  for (const who of [ann, bo]) await who.close();
});

test('alone in a quick-play room for 20 s, the host is offered a computer opponent, and the room plays it', { timeout: 60_000 }, async () => {
  const kim = await open('online.html', { clock: true });
  await kim.page.waitForFunction(() => window.wasmBindings.state().online.lobby !== null);
  await kim.page.fill('#create-name', 'Kim');
  await kim.page.click('#quick-ultra');
  await kim.page.waitForFunction(() => window.wasmBindings.state().online.seat === 0);
  assert.equal(await kim.page.locator('#bot-offer').isVisible(), false, 'not at once');
  await kim.page.clock.runFor(21_000);
  await kim.page.locator('#bot-offer').waitFor({ state: 'visible' });
  await kim.page.screenshot({ path: `${ARTIFACTS}/lobby-bot-offer.png` });
  await kim.page.click('#offer-bots');
  await kim.page.waitForFunction(() => window.wasmBindings.state().online.status === 'playing');
  assert.deepEqual((await online(kim.page)).players.map((p) => p.name), ['Kim', 'Medium bot']);
  assert.deepEqual(kim.problems, []);
  await kim.close();
});

test('a room made with an expert computer opponent: the server plays its sets, and the page shows them', { timeout: 60_000 }, async () => {
  const lu = await inLobby('Lu');
  await api(lu.page, 'online_create', { mode: 'classic', name: 'Lu', bots: ['expert'] });
  await lu.page.waitForFunction(() => window.wasmBindings.state().online.players.length === 2);
  await api(lu.page, 'online_start');
  // An expert finds a set in about 3 s: its point, and the table after it, reach the page.
  await lu.page.waitForFunction(() => window.wasmBindings.state().online.players[1].score >= 1, null, { timeout: 30_000 });
  const s = await state(lu.page);
  assert.equal(s.online.players[1].name, 'Expert bot');
  assert.ok(s.online.seq >= 1);
  // The bot's line says what it is, and has no Mute (a bot says nothing) nor Report.
  const botLine = lu.page.locator('#roster > li').nth(1);
  assert.match(await botLine.textContent(), /computer/);
  assert.equal(await botLine.locator('button').count(), 0);
  const refused = await lu.page.evaluate(() => window.wasmBindings.online_create({ mode: 'classic', name: 'Lu', bots: ['godlike'] }).then(() => 'made', (err) => err.message));
  assert.match(refused, /"godlike" is no level/);
  assert.deepEqual(lu.problems, []);
  await lu.close();
});

test('a one-time code moves an identity to another browser, once', { timeout: 60_000 }, async () => {
  const home = await inLobby('Mo');
  await home.page.click('#identity summary');
  await home.page.click('#transfer-get');
  await home.page.waitForFunction(() => /^[0-9a-z]{10}: type it/.test(document.getElementById('transfer-code').textContent));
  const code = (await home.page.textContent('#transfer-code')).slice(0, 10);
  const phone = await open('online.html', { viewport: { width: 320, height: 640 }, isMobile: true, hasTouch: true });
  await phone.page.waitForFunction(() => window.wasmBindings.state().online.player !== null);
  const before = (await online(phone.page)).player;
  assert.notEqual(before, (await online(home.page)).player);
  await phone.page.click('#identity summary');
  await phone.page.fill('#transfer-input', code.toUpperCase());
  await phone.page.click('#transfer-use');
  const me = (await online(home.page)).player;
  await phone.page.waitForFunction((me) => window.wasmBindings.state().online.player === me, me);
  // Kept through a reload: the token this browser was given is Mo's.
  await phone.page.reload();
  await phone.page.waitForFunction((me) => window.wasmBindings?.state?.().online.player === me, me);
  // Used once: a third browser is refused, with why.
  const third = await open('online.html');
  const refused = await third.page.evaluate((code) => window.wasmBindings.online_use_code(code).then(() => 'moved', (err) => err.message), code);
  assert.match(refused, /wrong, used or expired/);
  for (const who of [home, phone, third]) {
    assert.deepEqual(who.problems, []);
    await who.close();
  }
});

test('a rated game played by clicks to its end: each end screen shows the ratings that online_profile() and the leaderboard give', { timeout: 120_000 }, async () => {
  const testStart = Date.now();
  const ann = await inLobby('Nan');
  // No rated game yet: her own profile, at its own address, says so.
  await ann.page.click('#my-profile');
  await ann.page.waitForURL(/online\.html\?player=[0-9a-f]{32}$/);
  await ann.page.waitForFunction(() => document.getElementById('profile-title')?.textContent === 'No profile');
  assert.match(await ann.page.textContent('#profile-summary'), /no such player/);
  assert.equal(await ann.page.isVisible('#lobby'), false, 'a view of its own');
  await ann.page.click('#profile-view a[href="online.html"]');
  await ann.page.waitForFunction(() => window.wasmBindings?.state?.().online.lobby?.people.includes('Nan'));
  await ann.page.click('#make-room summary');
  await ann.page.selectOption('#create-mode', 'junior');
  await ann.page.click('#create-room');
  await ann.page.waitForFunction(() => window.wasmBindings.state().online.seat === 0);
  const id = (await online(ann.page)).room;
  const ben = await open(`?room=${id}`);
  await ben.page.locator('#join-panel').waitFor({ state: 'visible' });
  await ben.page.fill('#join-name', 'Ole');
  await ben.page.click('#join-room');
  await ann.page.waitForFunction(() => window.wasmBindings.state().online.players.length === 2);
  await ann.page.click('#start-game');
  for (const { page } of [ann, ben]) await page.waitForFunction(() => window.wasmBindings.state().online.status === 'playing');
  assert.equal((await online(ann.page)).rated, true, 'no hints, two people: rated');
  // A game of more than a second, so that its length shows as more than 0:00.
  await new Promise((resolve) => setTimeout(resolve, 1_200));
  // Ann and Ole take turns finding a set, by clicks, until none is left.
  for (let turn = 0; ; turn++) {
    const s = await state(ann.page);
    if (s.online.status === 'over') break;
    const [set] = setsOf(s.table);
    if (!set) {
      await gameEnds(ann.page, s.table);
      break;
    }
    const who = turn % 3 === 2 ? ben : ann;
    await who.page.waitForFunction((seq) => window.wasmBindings.state().online.seq === seq, s.online.seq);
    for (const card of set) await clickCard(who.page, card);
    await ann.page.waitForFunction((seq) => window.wasmBindings.state().online.seq > seq, s.online.seq);
  }
  for (const { page } of [ann, ben]) await page.locator('#end-screen').waitFor({ state: 'visible' });
  const board = await api(ann.page, 'online_leaderboard', 'junior');
  for (const who of [ann, ben]) {
    const s = await online(who.page);
    const mine = s.players[s.seat];
    assert.ok(mine.rating, 'a rating change on the end screen');
    assert.equal(mine.rating.before, 1500);
    const profile = await api(who.page, 'online_profile');
    assert.equal(profile.ratings.junior, mine.rating.after, `${mine.name}'s profile`);
    assert.equal(profile.recent[0].room, id);
    assert.ok(profile.recent[0].ms > 0 && profile.recent[0].ms < Date.now() - testStart, 'the game\'s length is within the test\'s own');
    assert.equal(profile.times.junior.median_ms, profile.recent[0].ms, 'one game: its length is the median');
    const line = board.find((l) => l.player === s.player);
    assert.equal(line.rating, mine.rating.after, `${mine.name} on the leaderboard`);
    assert.match(await who.page.textContent('#end-ranking'), new RegExp(`${mine.name}: \\d+ sets, 0 wrong; rating 1500 → ${mine.rating.after} \\(provisional\\)`));
  }
  const [first] = board;
  assert.equal(first.name, 'Nan', 'the winner leads (two sets in three)');
  const missing = await ann.page.evaluate(() => window.wasmBindings.online_profile('00000000000000000000000000000000').then(() => 'found', (err) => err.message));
  assert.match(missing, /no such player/);
  await ann.page.screenshot({ path: `${ARTIFACTS}/online-rated-end.png` });
  await audit(ann.page, 'the end screen of a rated game');
  // In the lobby: the leaderboard of the way chosen, without a click; a
  // name on it opens that player's profile at its own address.
  for (const [who, where] of [[ann, 'desktop'], [ben, '320 px']]) {
    if (where === '320 px') await who.page.setViewportSize({ width: 320, height: 640 });
    await who.page.click('#end-screen a[href="online.html"]');
    await who.page.waitForFunction(() => window.wasmBindings?.state?.().online.lobby !== null);
    if (where === '320 px') await who.page.click('#tab-leaders');
    await who.page.selectOption('#board-mode', 'junior');
    await who.page.waitForFunction(() => document.querySelectorAll('#board-lines li').length >= 2);
    const lines = await who.page.locator('#board-lines li').allTextContents();
    assert.equal(lines[0], `Nan ${board[0].rating} (1 game, provisional)`);
    await who.page.click('#board-lines li:first-child a');
    await who.page.waitForURL(new RegExp(`online\\.html\\?player=${board[0].player}$`));
    await who.page.waitForFunction(() => document.getElementById('profile-title').textContent === 'Nan');
    const nan = await api(who.page, 'online_profile', board[0].player);
    const seconds = Math.floor(nan.recent[0].ms / 1000);
    assert.ok(seconds >= 1);
    const clock = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
    const sets = `${nan.recent[0].sets} ${nan.recent[0].sets === 1 ? 'set' : 'sets'}`;
    assert.equal(await who.page.textContent('#profile-summary'), `1 rated game, 1 won (100%), ${sets}; 1 game played in all.`);
    // The rating's history as a chart, named for what it shows.
    const chart = who.page.getByRole('img', { name: /rating/ });
    assert.equal(await chart.count(), 1);
    assert.equal(await chart.getAttribute('aria-label'), `The rating's history. Junior: 1500 to ${board[0].rating} over 1 game.`);
    assert.equal(await who.page.locator('#profile-chart polyline').count(), 1, 'one way played: one line');
    assert.deepEqual(await who.page.locator('#profile-ways-body tr').first().locator('th, td').allTextContents(),
      ['Junior', '1', `${board[0].rating} (provisional)`, '1', '1', '100%', String(nan.recent[0].sets), clock, clock]);
    assert.match(await who.page.textContent('#profile-games li'), new RegExp(`^Junior: won of 2, \\d+ sets? in ${clock}, rating 1500 → ${board[0].rating} `));
    assert.equal(await who.page.getAttribute('#profile-games a', 'href'), `./?analyse=${id}`);
    await who.page.screenshot({ path: `${ARTIFACTS}/lobby-profile-${where === 'desktop' ? 'desktop' : 'phone'}.png` });
    await audit(who.page, `a profile by its address, ${where}`);
  }
  // The profile's game opens in the solo page's analysis, with who found each set.
  await ben.page.click('#profile-games a');
  const analysis = await viewState(ben.page, 'analysis');
  assert.ok(analysis, 'the analysis of the rated game is open');
  const byColumn = await ben.page.textContent('#review-body');
  assert.match(byColumn, /Nan/);
  assert.match(byColumn, /Ole/);
  await ben.page.screenshot({ path: `${ARTIFACTS}/lobby-profile-analysis.png` });
  // The browser logs the 404s of the profiles asked for on purpose, and nothing else.
  assert.deepEqual(ann.problems, Array(2).fill('console: Failed to load resource: the server responded with a status of 404 (Not Found)'));
  assert.deepEqual(ben.problems, []);
  for (const who of [ann, ben]) await who.close();
});
