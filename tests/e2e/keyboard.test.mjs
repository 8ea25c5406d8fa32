// Keyboard and screen-reader play (issue 9): a whole game played by Tab,
// the arrow keys and Space alone, never by slot keys, clicks or the game's
// own hints. The cards are read from the browser's accessibility tree and
// the sets found with a plain reference of the rule; after every key the
// focused card's name and pressed state, and after every claim the live
// region, are checked.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { resize, state, useBrowser } from './helpers.mjs';

const { open } = useBrowser();

const COUNTS = ['1', '2', '3'];
const FILLS = ['open', 'striped', 'solid'];
const COLOURS = ['red', 'green', 'purple'];
const SHAPES = ['diamond', 'squiggle', 'oval'];

/** A card's attributes from its words ("2 striped green ovals"), or a failure. */
function parseCard(words) {
  const match = /^(\d) (\w+) (\w+) (\w+?)s?$/.exec(words);
  assert.ok(match, `"${words}" names a card`);
  const [, count, fill, colour, shape] = match;
  const card = [COUNTS.indexOf(count), FILLS.indexOf(fill), COLOURS.indexOf(colour), SHAPES.indexOf(shape)];
  assert.ok(card.every((v) => v >= 0), `"${words}" names a card`);
  return card;
}

/** The SET rule, plainly: each attribute all the same or all different. */
const isSet = (a, b, c) => a.every((_, i) => (a[i] + b[i] + c[i]) % 3 === 0);

/** The cards' buttons as the accessibility tree has them: name, pressed, box. */
async function cardButtons(page) {
  const group = page.getByRole('group', { name: 'Cards on the table' });
  const snapshot = await group.ariaSnapshot();
  // YAML lines such as `- 'button "Slot 1 (key 1): 1 open red oval" [pressed]'`.
  const named = [...snapshot.matchAll(/- '?button "([^"]*)"( \[pressed\])?/g)].map(([, name, pressed]) => ({ name, pressed: !!pressed }));
  const boxes = await group.getByRole('button').evaluateAll((buttons) => buttons.map((b) => {
    const r = b.getBoundingClientRect();
    return { id: b.id, x: r.x + r.width / 2, y: r.y + r.height / 2 };
  }));
  assert.equal(named.length, boxes.length, 'every button is in the accessibility tree');
  return named.map((entry, i) => {
    const [, place, words, hinted] = /^(.*?): (.*?)(, hinted)?$/.exec(entry.name);
    return { ...entry, ...boxes[i], place, card: parseCard(words), hinted: !!hinted };
  });
}

/** The focused element's id, and whether it is one of the cards' buttons. */
const focused = (page) => page.evaluate(() => {
  const element = document.activeElement;
  return { id: element?.id ?? '', onCard: !!element?.closest('#cards') };
});

/** Moves focus to button `id` with the arrow keys, from where the player is. */
async function moveTo(page, id) {
  for (let steps = 0; steps < 30; steps++) {
    const buttons = await cardButtons(page);
    const { id: focusedId } = await focused(page);
    const here = buttons.find((b) => b.id === focusedId);
    assert.ok(here, 'focus stays on a card');
    if (here.id === id) return here;
    const there = buttons.find((b) => b.id === id);
    const key = Math.abs(there.y - here.y) > 2
      ? (there.y > here.y ? 'ArrowDown' : 'ArrowUp')
      : (there.x > here.x ? 'ArrowRight' : 'ArrowLeft');
    await page.keyboard.press(key);
  }
  assert.fail(`the arrow keys never reached ${id}`);
}

/** Three buttons whose cards are a set, by the reference rule. */
function findSet(buttons) {
  for (let i = 0; i < buttons.length; i++)
    for (let j = i + 1; j < buttons.length; j++)
      for (let k = j + 1; k < buttons.length; k++)
        if (isSet(buttons[i].card, buttons[j].card, buttons[k].card)) return [buttons[i], buttons[j], buttons[k]];
  return null;
}

async function playByKeyboard(page, problems) {
  const said = () => page.locator('#announce').textContent();
  // Tab from the top of the page until focus reaches the cards: one stop.
  for (let tabs = 0; !(await focused(page)).onCard; tabs++) {
    assert.ok(tabs < 15, 'Tab reaches the cards');
    await page.keyboard.press('Tab');
  }
  assert.equal((await focused(page)).id, 'card-0', 'the first card takes focus first');
  const tabStops = await page.locator('#cards button[tabindex="0"]').count();
  assert.equal(tabStops, 1, 'the cards are one Tab stop');

  let claims = 0;
  for (; ;) {
    const before = await state(page);
    if (before.over) break;
    const set = findSet(await cardButtons(page));
    assert.ok(set, 'a table of a game that is not over holds a set');
    for (const [n, target] of set.entries()) {
      await moveTo(page, target.id);
      await page.keyboard.press('Space');
      if (n < 2) {
        const now = (await cardButtons(page)).find((b) => b.id === target.id);
        assert.equal(now.name, target.name, 'a pick keeps the name');
        assert.ok(now.pressed, `${target.name} shows as picked`);
        assert.equal((await focused(page)).id, target.id, 'focus stays on the picked card');
      }
    }
    claims += 1;
    const after = await state(page);
    assert.equal(after.setsFound, before.setsFound + 1, 'the claim was a set');
    const dealt = before.deck - after.deck;
    if (after.over) break;
    // Cards beyond the usual 12 came out because the table held no set.
    const more = Math.min(dealt, Math.max(0, after.table.length - 12));
    const news = [dealt > more ? ` ${dealt - more} new cards.` : '', more ? ` No set on the table: ${more} more cards.` : ''].join('');
    assert.equal((await said()).trim(), `Set!${news}`);
    // Focus is never lost: it stays on a card, whatever left or came.
    const now = await focused(page);
    assert.ok(now.onCard, `after claim ${claims}, focus is on ${now.id || 'nothing'}`);
    const buttons = await cardButtons(page);
    assert.equal(buttons.length, after.table.length);
    assert.ok(buttons.every((b) => !b.pressed), 'a claim clears the picks');
  }
  // The end screen takes focus.
  await page.locator('#end-screen').waitFor({ state: 'visible' });
  assert.equal((await focused(page)).id, 'end-new-game');
  assert.match(await said(), /The game is over\./);
  assert.deepEqual(problems, []);
  return claims;
}

test('a whole game played with Tab, the arrow keys and Space, by what a screen reader is told', { timeout: 240_000 }, async () => {
  const { page, problems, close } = await open('?seed=7');
  const claims = await playByKeyboard(page, problems);
  assert.ok(claims >= 15, `${claims} sets claimed`);
  await page.screenshot({ path: 'test-artifacts/keyboard-end.png' });
  await close();
});

test('on a phone, the arrow keys reach Set-Chain\'s previous set above the table and Space picks from it', { timeout: 60_000 }, async () => {
  const { page, problems, close } = await open('?mode=chain&seed=5', { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, hasTouch: true });
  await resize(page, 390, 844);
  // A first set, by keyboard, so that a previous set is shown.
  while (!(await focused(page)).onCard) await page.keyboard.press('Tab');
  let set = findSet(await cardButtons(page));
  for (const card of set) {
    await moveTo(page, card.id);
    await page.keyboard.press('Space');
  }
  assert.equal((await state(page)).setsFound, 1);
  let buttons = await cardButtons(page);
  const row = buttons.filter((b) => b.id.startsWith('row-'));
  assert.equal(row.length, 3, 'the previous set has three buttons');
  assert.ok(row.every((b) => b.place.startsWith('Previous set ')));
  // Up from the top line of the table reaches the row; Space picks there.
  await moveTo(page, 'card-0');
  await page.keyboard.press('ArrowUp');
  assert.match((await focused(page)).id, /^row-\d$/);
  // The next set must use one card of the previous set: find it and claim it.
  set = null;
  const table = buttons.filter((b) => b.id.startsWith('card-'));
  for (const link of row) {
    for (let i = 0; i < table.length && !set; i++)
      for (let j = i + 1; j < table.length && !set; j++)
        if (isSet(link.card, table[i].card, table[j].card)) set = [link, table[i], table[j]];
    if (set) break;
  }
  assert.ok(set, 'a chain link exists on this table');
  for (const card of set) {
    await moveTo(page, card.id);
    await page.keyboard.press('Enter');
  }
  assert.equal((await state(page)).setsFound, 2, 'the chained set was claimed by keyboard (Enter)');
  buttons = await cardButtons(page);
  assert.ok((await focused(page)).onCard, 'focus is still on a card');
  await page.screenshot({ path: 'test-artifacts/keyboard-chain-phone.png' });
  assert.deepEqual(problems, []);
  await close();
});

test('when the table closes up from 15 cards to 12, focus goes to the last card left', { timeout: 60_000 }, async () => {
  // Seed 3 deals 15 cards: the first 12 held no set.
  const { page, problems, close } = await open('?seed=3');
  assert.equal((await state(page)).table.length, 15);
  while (!(await focused(page)).onCard) await page.keyboard.press('Tab');
  // A set with a card in the last line, picked last, so that focus ends on a place that goes.
  const buttons = await cardButtons(page);
  const slot = (b) => Number(b.id.slice('card-'.length));
  let set = null;
  for (let i = 0; i < buttons.length && !set; i++)
    for (let j = i + 1; j < buttons.length && !set; j++)
      for (let k = Math.max(j + 1, 12); k < buttons.length && !set; k++)
        if (isSet(buttons[i].card, buttons[j].card, buttons[k].card)) set = [buttons[i], buttons[j], buttons[k]];
  assert.ok(set, 'a set with a card in slots 12 to 14');
  for (const card of set) {
    await moveTo(page, card.id);
    await page.keyboard.press('Space');
  }
  const after = await state(page);
  assert.equal(after.setsFound, 1);
  assert.equal(after.table.length, 12, 'the table closed up');
  assert.ok(slot(set[2]) >= 12);
  assert.equal((await focused(page)).id, 'card-11', 'focus is on the last card left');
  assert.deepEqual(problems, []);
  await close();
});

test('the daily puzzle\'s end screen takes focus on its first control, Copy result', { timeout: 60_000 }, async () => {
  const { page, problems, close } = await open('?mode=daily&date=2026-11-23');
  for (let found = 0; found < 6; found++) {
    const cards = (await cardButtons(page)).map((b) => b.card);
    const { table, found } = await state(page);
    const taken = new Set(found.map((set) => [...set].sort((a, b) => a - b).join()));
    let claim = null;
    for (let i = 0; i < cards.length && !claim; i++)
      for (let j = i + 1; j < cards.length && !claim; j++)
        for (let k = j + 1; k < cards.length && !claim; k++)
          if (isSet(cards[i], cards[j], cards[k]) && !taken.has([table[i], table[j], table[k]].sort((a, b) => a - b).join())) claim = [i, j, k];
    assert.ok(claim, 'an unfound set is on the table');
    while (!(await focused(page)).onCard) await page.keyboard.press('Tab');
    for (const slot of claim) {
      await moveTo(page, `card-${slot}`);
      await page.keyboard.press('Space');
    }
  }
  await page.locator('#end-screen').waitFor({ state: 'visible' });
  assert.equal((await focused(page)).id, 'copy-result');
  assert.deepEqual(problems, []);
  await close();
});
