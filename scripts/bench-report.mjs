// Gathers one bench run into a table: native medians from criterion
// (target/criterion), wasm and page figures (target/bench/*.jsonl, lines
// printed as `BENCH {json}`), and download sizes (dist/). Prints the table
// and writes it to BENCHMARKS.md with the date and the machine.
import { attackTarget, attacksSection, farmRowsSection } from './bench-attacks.mjs';
import { readFile, writeFile } from 'node:fs/promises';
import { execSync } from 'node:child_process';
import os from 'node:os';
import {
  FIRST_LOAD_BUDGET_GZIP_BYTES, ONLINE_FIRST_LOAD_BUDGET_GZIP_BYTES, RACE_FIRST_LOAD_BUDGET_GZIP_BYTES, TOTAL_BUDGET_GZIP_BYTES,
  isOnlineFirstLoadFile, isRacePageFile, isSoloPageFile, measureDist,
} from './sizes.mjs';

const SIZES = [12, 15, 21, 81];
const METHODS = ['attribute_rule_triple_loop', 'digit_sum_triple_loop', 'pair_third_card', 'finder_into', 'reference_table_into'];

async function jsonLines(file) {
  try {
    return (await readFile(file, 'utf8')).split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l));
  } catch {
    return [];
  }
}

async function nativeMedian(method, cards) {
  try {
    const estimates = JSON.parse(await readFile(`target/criterion/sets/${method}/${cards}/new/estimates.json`, 'utf8'));
    return estimates.median.point_estimate;
  } catch {
    return undefined;
  }
}

const time = (ns) => (ns === undefined ? 'n/a' : ns >= 1e6 ? `${(ns / 1e6).toFixed(2)} ms` : ns >= 1e3 ? `${(ns / 1e3).toFixed(2)} µs` : `${ns.toFixed(1)} ns`);
const ratio = (ns, base) => (ns === undefined || base === undefined ? 'n/a' : `${(ns / base).toFixed(4)} (${(base / ns).toFixed(1)}× faster)`);
const verdict = (value, limit) => (value === undefined ? 'not measured' : value <= limit ? 'met' : 'NOT met');
const tool = (command) => {
  try {
    return execSync(command, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim().split('\n')[0];
  } catch {
    return 'n/a';
  }
};

const wasm = await jsonLines('target/bench/wasm.jsonl');
let lighthouse;
try {
  lighthouse = JSON.parse(await readFile('target/bench/lighthouse.json', 'utf8'));
} catch {
  lighthouse = undefined;
}
// Why an audit that did not pass is left as it is (Lighthouse 13 ids).
const LIGHTHOUSE_WHY = {
  'document-latency-insight': 'the local test server sends files uncompressed; a real host compresses them',
  'network-dependency-tree-insight': 'the page, its module script and the wasm the script instantiates are a chain by nature; the wasm is preloaded so it downloads beside the script',
  'render-blocking-insight': 'the stylesheet blocks the first render of the page around the board, a round trip on the simulated slow network; the board itself waits for the wasm anyway',
  'first-contentful-paint': 'simulated slow 4G and a slow phone: the board waits for the wasm',
  'largest-contentful-paint': 'simulated slow 4G and a slow phone: the board is drawn once the wasm has arrived and compiled',
  'max-potential-fid': 'the wasm compiling and the first board being drawn on the simulated slow phone',
};
const failedAudits = lighthouse
  ? Object.values(lighthouse.audits).filter((a) => a.score !== null && a.score < 1 && !['informative', 'notApplicable', 'manual'].includes(a.scoreDisplayMode))
  : [];
const page = await jsonLines('target/bench/page.jsonl');
const wasmMedian = (method, cards) => wasm.find((r) => r.what === 'sets' && r.method === method && r.cards === cards)?.median_ns;

const finderRows = [];
const figures = {};
for (const cards of SIZES) {
  const native = Object.fromEntries(await Promise.all(METHODS.map(async (m) => [m, await nativeMedian(m, cards)])));
  const inWasm = Object.fromEntries(METHODS.map((m) => [m, wasmMedian(m, cards)]));
  figures[cards] = { native, wasm: inWasm };
  for (const method of METHODS) {
    finderRows.push(`| ${cards} | ${method} | ${time(native[method])} | ${ratio(native[method], native[METHODS[0]])} | ${time(inWasm[method])} | ${ratio(inWasm[method], inWasm[METHODS[0]])} |`);
  }
}

const sizes = await measureDist(process.env.DIST ?? 'dist');
// What the page that plays alone can fetch; race.html's and online.html's own files have their budgets.
const totalGzip = sizes.filter((s) => isSoloPageFile(s.file)).reduce((n, s) => n + s.gzip, 0);
// online.html fetches its page, the online part's glue and wasm before its first board.
const onlineFirstLoad = sizes.filter((s) => isOnlineFirstLoadFile(s.file)).reduce((n, s) => n + s.gzip, 0);
const online = await jsonLines('target/bench/online.jsonl');
const load = online.find((r) => r.clients !== undefined && (r.durability ?? 'power-loss') === 'power-loss' && !r.hostile);
const loadNotDurable = online.find((r) => r.clients !== undefined && r.durability === 'process-crash' && !r.hostile);
const loadHostile = online.find((r) => r.clients !== undefined && r.hostile && !r.attack);
const attackRuns = (await jsonLines('target/bench/attacks.jsonl')).filter((r) => r.clients !== undefined);
const farmRowRuns = (await jsonLines('target/bench/farm-rows.jsonl')).filter((r) => r.clients !== undefined);
const capacity = (await jsonLines('target/bench/capacity.jsonl')).filter((r) => r.clients !== undefined);
const lobbyLoad = (await jsonLines('target/bench/lobby.jsonl')).find((r) => r.lobby_watchers !== undefined);
const coldBuild = online.find((r) => r.what === 'cold_build');
const clusterRuns = await jsonLines('target/bench/cluster.jsonl');
const clustered = clusterRuns.find((r) => r.killed);
const alone = clusterRuns.find((r) => r.setup === 'one node, SQLite');
// race.html fetches its page, the race build's glue and wasm before its first board (tests/e2e/size.test.mjs).
const raceFirstLoad = sizes.filter((s) => isRacePageFile(s.file)).reduce((n, s) => n + s.gzip, 0);
const paint = page.find((r) => r.what === 'first_paint' && r.method === 'first_visit');
const firstLoad = page.find((r) => r.what === 'first_load');
// The parts that load later (scripts/build.mjs): their files by name.
const PARTS = [
  ['review', 'statistics, analysis, replay, drills and the gallery'],
  ['api', 'the JS API (check, explain, sets, deal, hint, state, slot_rect, card_rect), fetched once the game has started (crates/set-api)'],
  ['race', 'race.html\'s game with others: the page crate built with its race feature'],
  ['online', 'online.html\'s room client (crates/set-online)'],
  ['standings', 'online.html\'s leaderboards and profiles, fetched once the room page has started (crates/set-standings)'],
  ['sound', 'every page\'s sounds and vibrations with Web Audio, a plain module fetched once the page has started (www/sound.js)'],
];
const partGzip = (stem) => sizes.filter((s) => s.file.startsWith(`${stem}-`) && !s.file.endsWith('.html')).reduce((n, s) => n + s.gzip, 0);
const repeatPaint = page.find((r) => r.what === 'first_paint' && r.method === 'repeat_visit');
const floorPaint = page.find((r) => r.what === 'first_paint' && r.method === 'plain_js_floor');
const latency = page.find((r) => r.what === 'input_latency');
// With BASE_DIST, an older release's first visits loaded in turn with this one's.
const baseRatio = page.find((r) => r.what === 'first_board_ratio' && r.method === 'base');
const claimFrames = (where, slowdown) => page.find((r) => r.what === 'claim_frames' && r.method === where && r.cpu_slowdown === slowdown);
const frameRow = (where, slowdown) => {
  const f = claimFrames(where, slowdown);
  const label = `a claim's motion ${where === 'solo' ? 'on index.html' : 'in an online room'}${slowdown > 1 ? `, CPU ${slowdown}× slower (a phone's)` : ''}: frame time p50 / p95 / longest (${f ? f.frames : 0} frames, 6 claims)`;
  return [label, f ? `${f.p50_ms.toFixed(1)} / ${f.p95_ms.toFixed(1)} / ${f.longest_ms.toFixed(1)} ms` : 'n/a', 'p95 ≤ 16.7 ms', verdict(f?.p95_ms, 16.7)];
};
const redraw = wasm.find((r) => r.what === 'redraw' && r.method === 'draw_calls');
const redrawRaster = wasm.find((r) => r.what === 'redraw' && r.method === 'draw_and_raster');
const call = (method) => page.find((r) => r.what === 'js_call' && r.method === method);
const TABLE = 12;
const callFor = (method, cards) => page.find((r) => r.what === 'js_call' && r.method === method && r.cards === cards);
const typedOverPlain = (cards) => {
  const [typed, plain] = [callFor('sets(Uint8Array)', cards)?.median_ns, callFor('plain JS finder', cards)?.median_ns];
  return typed === undefined || !plain ? undefined : typed / plain;
};

// The finder against the reference it is held to (issue 10), in the same run.
const against = (f) => (f.finder_into === undefined || f.reference_table_into === undefined ? undefined : f.finder_into / f.reference_table_into);
// In wasm the two are timed batch by batch in turn; the median of those ratios.
const interleavedRatio = (cards) => wasm.find((r) => r.what === 'finder_vs_reference' && r.cards === cards)?.median_ratio;
const versusRows = SIZES.map((cards) => {
  const { native, wasm: inWasm } = figures[cards];
  const show = (x) => (x === undefined ? 'n/a' : x.toFixed(2));
  return `| ${cards} | ${time(native.finder_into)} | ${time(native.reference_table_into)} | ${show(against(native))} | ${time(inWasm.finder_into)} | ${time(inWasm.reference_table_into)} | ${show(interleavedRatio(cards))} |`;
});

const targets = [
  ['all sets among 12 cards, wasm, finder ÷ reference (batches in turn, reused buffers)', interleavedRatio(12)?.toFixed(2) ?? 'n/a', '≤ 1.00', verdict(interleavedRatio(12), 1)],
  ['all 1080 sets of the deck, wasm, finder ÷ reference', interleavedRatio(81)?.toFixed(2) ?? 'n/a', '≤ 1.00', verdict(interleavedRatio(81), 1)],
  ['all 1080 sets of the deck, wasm, finder into a reused buffer', time(figures[81].wasm.finder_into), '≤ 5.6 µs', verdict(figures[81].wasm.finder_into, 5600)],
  ['all sets among 12 cards, wasm', time(figures[12].wasm.pair_third_card), '≤ 100 ns', verdict(figures[12].wasm.pair_third_card, 100)],
  ['all sets among 12 cards, native', time(figures[12].native.pair_third_card), '≤ 70 ns', verdict(figures[12].native.pair_third_card, 70)],
  ['all 1080 sets of the deck, wasm', time(figures[81].wasm.pair_third_card), '≤ 6 µs', verdict(figures[81].wasm.pair_third_card, 6000)],
  ['all 1080 sets of the deck, native', time(figures[81].native.pair_third_card), '≤ 4 µs', verdict(figures[81].native.pair_third_card, 4000)],
  ['first load: what Chromium fetched before the first board, gzip', firstLoad ? `${firstLoad.gzip} B` : 'n/a', `≤ ${FIRST_LOAD_BUDGET_GZIP_BYTES} B`, verdict(firstLoad?.gzip, FIRST_LOAD_BUDGET_GZIP_BYTES)],
  ['download, every file the page that plays alone can fetch, every part included, gzip', `${totalGzip} B`, `≤ ${TOTAL_BUDGET_GZIP_BYTES} B`, verdict(totalGzip, TOTAL_BUDGET_GZIP_BYTES)],
  ['race.html, what it fetches before its first board (page, glue, wasm), gzip', `${raceFirstLoad} B`, `≤ ${RACE_FIRST_LOAD_BUDGET_GZIP_BYTES} B`, verdict(raceFirstLoad, RACE_FIRST_LOAD_BUDGET_GZIP_BYTES)],
  ['online.html, what it fetches before its first board (page, glue, wasm), gzip', `${onlineFirstLoad} B`, `≤ ${ONLINE_FIRST_LOAD_BUDGET_GZIP_BYTES} B`, verdict(onlineFirstLoad, ONLINE_FIRST_LOAD_BUDGET_GZIP_BYTES)],
  [`online: claim round trip p99, ${load ? `${load.clients} clients in ${load.rooms} rooms for ${load.seconds} s` : 'under load'}, loopback, the load generator on the same 2 cores`, load ? `${load.p99_ms.toFixed(2)} ms` : 'n/a', '≤ 25 ms', verdict(load?.p99_ms, 25)],
  ['online: the same claim round trip p99 beside the hostile mix', loadHostile ? `${loadHostile.p99_ms.toFixed(2)} ms` : 'n/a', '≤ 25 ms', verdict(loadHostile?.p99_ms, 25)],
  attackTarget(attackRuns),
  [`online: claim round trip p99 with the lobby watched, ${lobbyLoad ? `${lobbyLoad.clients} players in ${lobbyLoad.rooms} public rooms and ${lobbyLoad.lobby_watchers} in the lobby for ${lobbyLoad.seconds} s` : 'not run'}`, lobbyLoad ? `${lobbyLoad.p99_ms.toFixed(2)} ms` : 'n/a', '≤ 25 ms', verdict(lobbyLoad?.p99_ms, 25)],
  ['online: errors, lost results, rooms whose stored log replays to another board', load ? `${load.errors}, ${load.lost}, ${load.mismatches}` : 'n/a', '0, 0, 0', load ? (load.errors + load.lost + load.mismatches === 0 ? 'met' : 'NOT met') : 'not measured'],
  ...PARTS.map(([stem, what]) => [`part that loads later: ${stem} (${what}), wasm and glue, gzip`, `${partGzip(stem)} B`, '(its own figure)', '']),
  ['first paint, first visit, navigation → full board (median of 10)', paint ? `${paint.median_ms.toFixed(1)} ms` : 'n/a', '≤ 100 ms', verdict(paint?.median_ms, 100)],
  ['first paint, first visit, ÷ a plain-JavaScript page drawing a board (same run)', paint && floorPaint ? (paint.median_ms / floorPaint.median_ms).toFixed(2) : 'n/a', '(for reference)', ''],
  ...(baseRatio ? [['first paint, first visit, ÷ the floor, the release built from BASE_DIST (loaded in turn, same run)', baseRatio.ratio.toFixed(2), '(this one ≤ it)', verdict(paint && floorPaint ? paint.median_ms / floorPaint.median_ms : undefined, baseRatio.ratio)]] : []),
  ['first paint, later visit (service worker), median of 10', repeatPaint ? `${repeatPaint.median_ms.toFixed(1)} ms` : 'n/a', '≤ 100 ms', verdict(repeatPaint?.median_ms, 100)],
  ['all sets among 12 cards through the JS API, \`sets(Uint8Array)\` ÷ plain JavaScript', typedOverPlain(TABLE)?.toFixed(2) ?? 'n/a', '≤ 1.00', verdict(typedOverPlain(TABLE), 1)],
  ['all 1080 sets of the deck through the JS API, \`sets(Uint8Array)\` ÷ plain JavaScript', typedOverPlain(81)?.toFixed(2) ?? 'n/a', '≤ 1.00', verdict(typedOverPlain(81), 1)],
  ['input latency, pointerdown → next frame (median of 21)', latency ? `${latency.frame_median_ms.toFixed(1)} ms` : 'n/a', '≤ 16.7 ms', verdict(latency?.frame_median_ms, 16.7)],
  frameRow('solo', 1),
  frameRow('solo', 4),
  frameRow('online', 1),
  frameRow('online', 4),
  ['full redraw of 21 cards, draw calls (HiDPI canvas)', time(redraw?.median_ns), '≤ 2 ms', verdict(redraw?.median_ns, 2e6)],
  ['full redraw of 21 cards, forced raster (software)', time(redrawRaster?.median_ns), '(for reference)', ''],
];

const machine = `${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.type()} ${os.release()}`;
const tools = [tool('rustc --version'), tool('chromium --version'), `node ${process.version}`, tool('wasm-opt --version')].join('; ');
const date = new Date().toISOString().replace(/\.\d+Z$/, 'Z');

// Sections written by hand from runs that decided something once (seeded
// tests' figures, design decisions, the tricks kept for bytes): a bench run
// measures none of them, so the report carries them over from BENCHMARKS.md
// as they are, and a section missing there stops the report.
const KEPT_SECTIONS = [
  "The suite's own time (issue 53)",
  'Bots in each way (issue 40)',
  "Rated games' floor in each way (issue 40)",
  'Design decisions, measured once',
  'What stays bent for bytes',
];
const written = await readFile('BENCHMARKS.md', 'utf8');
function kept(heading) {
  const start = written.indexOf(`\n## ${heading}\n`);
  if (start < 0) throw new Error(`BENCHMARKS.md has no section "${heading}" to keep`);
  const end = written.indexOf('\n## ', start + 1);
  return written.slice(start + 1, end < 0 ? undefined : end).trimEnd();
}

const text = `# Benchmarks

Latest run of \`bash scripts/bench.sh\`: ${date}, on ${machine}.
Tools: ${tools}.

Medians. Ratios compare with the plain triple loop (attribute rule) measured
in the same run, so they travel between machines better than the times.
Native: criterion, release code at opt-level 3. Wasm: the shipped release
profile (opt-level z, chosen for size; see the decisions below), a loop of calls
inside the module in headless Chromium after a warm-up. These machines are
shared and noisy: single figures moved by up to 40% between runs here.

## Targets

| figure | median | target | |
| --- | --- | --- | --- |
${targets.map((r) => `| ${r.join(' | ')} |`).join('\n')}

## Cards that move (issue 38)

A claim's motion: the time between animation frames from the first frame
that moves until the cards are at rest, over 6 claims, at 1280 × 800 and
device pixel ratio 2, in headless Chromium without a GPU
(\`node scripts/bench-page.mjs\`); "4× slower" is Chromium's CPU throttling,
a phone-class CPU; \`at 60\` is the share of frames under 20 ms. Whether
cards move is asked of \`state()\` every 25 ms, apart from the frames timed.
Three ways of moving the cards, each built and measured on 2026-11-27
(the last in three runs of its final builds):

| where | CPU | the board redrawn a frame (index.html in part, the room whole) | a layer a card, moved by the page a frame | the whole motion handed to the compositor as keyframes |
| --- | --- | --- | --- | --- |
| index.html | as is | p50 16.7 ms, at 60 0.99–1 | p50 16.7 ms, p95 16.7–16.8 ms, at 60 0.99–1 | p50 16.7 ms, p95 16.7–16.8 ms, longest 33–83 ms, at 60 0.99 |
| index.html | 4× slower | p50 33.3 ms, at 60 0.25–0.44 | p50 16.7 ms, p95 50–67 ms, longest 67–200 ms, at 60 0.60–0.65 | p50 16.7 ms, p95 50–117 ms, longest 117–233 ms, at 60 0.67–0.79 |
| online room (against an easy computer opponent) | as is | p50 16.7 ms, at 60 0.90–0.96 | p50 16.7 ms, p95 33.3 ms, at 60 0.92–0.94 | p50 16.7 ms, p95 16.8 ms, longest 17–33 ms, at 60 0.99–1 |
| online room | 4× slower | p50 50–117 ms, at 60 0–0.27 | p50 67–100 ms, p95 217–283 ms, at 60 0.17–0.33 | p50 16.7 ms, p95 83–100 ms, longest 133–150 ms, at 60 0.84–0.87 |

What the traces showed (Chromium's trace of slowed claims, a one-off probe,
not kept). Without a GPU a browser copies a changed canvas whole: a board
redrawn in part each frame still cost a board a frame, which the layers
removed. Moved by the page, every layer (and every other canvas on the
page) was copied again on the main thread each frame
(\`Canvas2DResourceProvider::ProduceCanvasResource\` in each commit), 40 to
170 ms a frame in the room. Handed to the compositor as keyframes (Web
Animations, \`crates/set-client/src/page/flights.rs\`), a frame in the middle
of a motion costs the page nothing. What is left is the start of each
claim: the claim handled, the board drawn once with the moving cards'
places empty (a copy of the whole canvas), each layer drawn and copied
once; at 4× slower these are the two or three long frames of each claim,
and the p95. The room's board also shrank with each set its log gained,
which moved every card on the table; its lines now keep one height.

First board, first visit, ÷ the plain-JavaScript page drawing a board, with
the release before issue 38 (built at 70a9241, \`BASE_DIST\`) loaded in turn
with this one and the floor, medians of 10 loads each, 2026-11-27:

| runs | this release | the release before | this one at or below |
| --- | --- | --- | --- |
| the morning's 6 (before the layers) and 6 with them, earlier builds | 2.26–3.13 | 2.24–3.12 | 4 of 12 |
| 6, the keyframes' build | 2.49, 2.56, 2.27, 2.60, 3.18, 2.36 | 2.42, 2.49, 2.32, 2.40, 2.70, 1.93 | 1 of 6 |
| 10, this build (the wasm compiled as it arrives) | 2.52, 2.32, 2.51, 1.86, 2.43, 2.62, 1.94, 1.53, 2.55, 2.42 | 2.53, 2.48, 2.50, 2.25, 2.30, 3.04, 1.89, 1.98, 2.75, 2.86 | 7 of 10, by a median of 0.18 |

Compiling the wasm as it arrives (a classic script in the head starts
\`WebAssembly.compileStreaming\` on the preloaded file, the glue
instantiates that module) took the glue's start to the wasm running from
28–47 ms to 4–45 ms (the loads' medians, in the same runs): the module script that held the
compiling runs only once the page is parsed. That pays for the first
load's growth (58,980 → 67,963 B gzip since the release before).

## Finding all sets

| cards | method | native | native ratio | wasm | wasm ratio |
| --- | --- | --- | --- | --- | --- |
${finderRows.join('\n')}

## The finder beside its reference

The finder (\`find_sets_into\`) and a straightforward reference (an 81 × 81
third-card table and a position index), both filling a buffer reused across
calls, timed in the same run with the same harness. Ratio: finder ÷ reference;
in wasm, the median of the ratios of batches timed in turn (finder, reference,
finder, …), which this shared machine's drift between blocks cannot skew;
natively, the ratio of criterion's medians, taken one after the other.

| cards | native finder | native reference | ratio | wasm finder | wasm reference | ratio |
| --- | --- | --- | --- | --- | --- | --- |
${versusRows.join('\n')}

## Through the JavaScript API (as a page calls it)

Medians per call in one page, the three ways of finding every set timed in
turn, round by round: \`sets(ids)\` with a plain array (an array of index
triples back), \`sets(ids)\` with a \`Uint8Array\` (one flat \`Uint8Array\`
back), and the best plain-JavaScript finder we know (an 81 × 81 third-card
\`Uint8Array\`, a position index, flat triples pushed to an array). All three
give the same triples; the bench checks that first.

| call | a table (${callFor('sets(array)', TABLE)?.cards ?? 12} cards) | the deck (81 cards) |
| --- | --- | --- |
| \`sets(ids)\`, a plain array | ${time(callFor('sets(array)', TABLE)?.median_ns)} | ${time(callFor('sets(array)', 81)?.median_ns)} |
| \`sets(ids)\`, a \`Uint8Array\` | ${time(callFor('sets(Uint8Array)', TABLE)?.median_ns)} | ${time(callFor('sets(Uint8Array)', 81)?.median_ns)} |
| plain JavaScript | ${time(callFor('plain JS finder', TABLE)?.median_ns)} | ${time(callFor('plain JS finder', 81)?.median_ns)} |
| \`Uint8Array\` ÷ plain JavaScript | ${typedOverPlain(TABLE)?.toFixed(2) ?? 'n/a'} | ${typedOverPlain(81)?.toFixed(2) ?? 'n/a'} |
| \`hint()\` | ${time(call('hint()')?.median_ns)} | |

Where the \`Uint8Array\` path's time goes at 12 cards, measured once
(2026-11-22, the release page, seed 1's table, medians of two runs) with a
probe export stopped after each step: the call and its test that the
argument is a \`Uint8Array\`, 81–85 ns; with the ids' length read, the ids
copied in and checked, 256–293 ns; with the sets found, 391–427 ns; with
the answer copied out, 497–586 ns. The finder alone, looped inside the same
module, took 136–141 ns. Plain JavaScript does the whole job in less than
the bare call and the finder together, so at a table's size no export
reaches it across this boundary; at the deck's size the finder's lead pays
for the crossing. At the deck's size the same probe put the finder at about
5 µs and the answer's copy out, 3,240 bytes into a new \`Uint8Array\` with
a backing store of its own, at 3–10 µs, so the deck's ratio swings from run
to run. Buffers kept between calls instead of allocated (tried once) made
no difference that this machine could see.

## Lighthouse

${lighthouse ? `Lighthouse ${lighthouse.lighthouseVersion} on the release build (\`bash scripts/lighthouse.sh\`), its default mobile
settings (a mid-range phone on slow 4G, simulated), headless Chromium.

| performance | accessibility | best practices |
| --- | --- | --- |
| ${['performance', 'accessibility', 'best-practices'].map((c) => Math.round(lighthouse.categories[c].score * 100)).join(' | ')} |

Audits that did not fully pass, and why they stay:

| audit | score | value | why |
| --- | --- | --- | --- |
${failedAudits.map((a) => `| ${a.id} | ${a.score} | ${a.displayValue ?? ''} | ${LIGHTHOUSE_WHY[a.id] ?? 'not yet looked at'} |`).join('\n')}` : 'Not run.'}

## Where the first paint goes

Medians over 10 loads from 127.0.0.1 in headless Chromium (software
rendering), in ms: the page received (the stylesheet and the glue are
inlined in it) and the wasm received, from navigation start; then the
wait from the wasm received to the glue starting (its \`glue\` mark: the
page parsed and laid out first, as a module script waits for); from there
to the wasm running (\`mount\` mark: the glue evaluated, the wasm compiled
and instantiated); and from there to the full board (\`first-board\` mark:
the save read, the first save written, the texts, the canvas fitted and
drawn, the card buttons). A first visit has a fresh browser context and a
new game; later ones open the bare address in one context, as a player
coming back does, and carry on the saved game, the service worker serving
the files from its cache.

| visit | page | wasm | wait for the page | compile + instantiate | mount + first draw | full board |
| --- | --- | --- | --- | --- | --- | --- |
${[['first', paint], ['later', repeatPaint]].map(([visit, p]) => `| ${visit} | ${p?.html_ms ?? 'n/a'} | ${p?.files_ms ?? 'n/a'} | ${p?.wait_for_glue_ms ?? 'n/a'} | ${p?.glue_to_mount_ms ?? 'n/a'} | ${p?.mount_and_draw_ms ?? 'n/a'} | ${p?.median_ms ?? 'n/a'} |`).join('\n')}

Each load (ms), first visits: ${paint?.samples?.join(', ') ?? 'n/a'}; later visits: ${repeatPaint?.samples?.join(', ') ?? 'n/a'}.

The floor, in the same run: a plain-JavaScript page that only sizes a
canvas to the window at the same pixel ratio and draws the felt and 12
cards (\`scripts/bench-floor/\`), served and timed the same way, each first
visit in turn with one of the game's: median ${floorPaint ? `${floorPaint.median_ms} ms` : 'n/a'} (${floorPaint?.samples?.join(', ') ?? 'n/a'}).
The game's first visit takes ${paint && floorPaint ? (paint.median_ms / floorPaint.median_ms).toFixed(2) : 'n/a'} times as long. What the floor
already pays (a new renderer, the navigation, the first layout, a canvas
of this size allocated and filled) no page can avoid here; the game's own
part is the difference.

Split further once with marks (removed again), medians of 11 first
visits on 2026-11-22: of mount + first draw (28 ms in that run), the first
board's drawing (the canvas fitted, allocated, cleared and 12 cards drawn
at device pixel ratio 2) took 14 ms; finding the page's elements 3.5 ms;
reading storage 2.9 ms; the listeners, the first save, the texts and the
card buttons about 1 ms each. The floor page pays for a canvas of the same
size too.

## Input latency

A real click on a card (Playwright's mouse, so pointerdown, pointerup and
click) that picks or puts back the card, 21 times: from the pointerdown
event to the end of the game's handling (drawn), and to the next animation
frame's callbacks (after which that frame is shown). Median handled:
${latency?.handled_median_ms ?? 'n/a'} ms; median to the next frame: ${latency?.frame_median_ms ?? 'n/a'} ms.
Each (ms): ${latency?.samples?.join(', ') ?? 'n/a'}.

## Online

\`set-loadgen\` against \`set-server\` (its \`server\` profile) on 127.0.0.1,
both on this machine's ${os.cpus().length} cores (\`scripts/bench-online.mjs\`): ${load ? `${load.clients} clients in
${load.rooms} rooms of ${load.clients / load.rooms} for ${load.seconds} s` : 'not run'}. Each client thinks for a log-normal time
(median 0.8 s), then claims a set it found on its view with the core's
finder; 5% of claims are wrong on purpose, 10% are a set from a view a few
events old. Finished games are followed by a rematch. Round trip: the
claim sent → its answer received, every claim.

| commit | claims | accepted | taken | wrong | p50 | p99 | max | errors | lost | rooms replayed (mismatched) | server memory (RSS, peak) |
| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |
${[[load, 'on the disk (\`--durability power-loss\`, the default)'], [loadNotDurable, 'to the OS (\`--durability process-crash\`)'], [loadHostile, 'on the disk, beside the hostile mix']].map(([run, name]) => `| ${name} | ${run ? [run.claims, run.accepted, run.taken, run.wrong, `${run.p50_ms.toFixed(2)} ms`, `${run.p99_ms.toFixed(2)} ms`, `${run.max_ms.toFixed(2)} ms`, run.errors, run.lost, `${run.rooms_checked} (${run.mismatches})`, `${run.server_rss_mb} MB`].join(' | ') : 'not run | | | | | | | | | |'} |`).join('\n')}

Chat in the same load: each client also says a line in about one think in
seven, and times hearing it back from the room. ${load?.chat_lines !== undefined ? `${load.chat_lines} lines, heard back p50 ${load.chat_p50_ms.toFixed(2)} ms and p99 ${load.chat_p99_ms.toFixed(2)} ms, ${load.chat_lost} lost.` : 'Not measured in this run.'}

The hostile mix (\`set-loadgen --hostile 1800\`, a process of its own at the
lowest CPU priority, standing for clients on machines of their own) runs
beside the same load from its third second to its end, against the
server's default total connection cap (the per-address caps are lifted for
the bench, whose clients all come from 127.0.0.1): silent sockets that never
say hello, each opened again as soon as the server closes it, up to the cap
and past it; four connections joining rooms that do not exist at a hundred
times the allowed rate, back at once when cut off; a seated player pinging
every 2 ms in a room that 60 watchers try to watch; and a watcher with a
4 KiB receive window asking for the room every 20 ms and reading nothing.
${loadHostile ? `What it managed: ${loadHostile.hostile.silent_sockets_opened} silent sockets opened and ${loadHostile.hostile.connections_refused} connections refused; ${loadHostile.hostile.join_flood_frames} flood frames written and ${loadHostile.hostile.join_flood_cut_off} flood connections cut off; ${loadHostile.hostile.watchers_seated} watchers let in and ${loadHostile.hostile.watchers_refused} refused, who received ${loadHostile.hostile.fan_out_frames_received} frames from ${loadHostile.hostile.host_pings} pings; the reader that stopped was cut off after ${loadHostile.hostile.stopped_reader_cut_off_after_ms ?? 'never'} ms.` : 'Not run.'}

The durable commit (SQLite's \`synchronous=FULL\`, each move on the disk
before it is told) against a commit to the operating system only, the same
load in turn: ${load && loadNotDurable ? `p50 ×${(load.p50_ms / loadNotDurable.p50_ms).toFixed(2)}, p99 ×${(load.p99_ms / loadNotDurable.p99_ms).toFixed(2)}` : 'n/a'}.

${attacksSection(attackRuns)}
${farmRowsSection(farmRowRuns)}
### Strangers: the lobby watched beside the rooms

${lobbyLoad ? `${lobbyLoad.clients} players in ${lobbyLoad.rooms} public rooms (so that every join, start and end of a room is told to the lobby) and ${lobbyLoad.lobby_watchers} more clients watching the lobby, for ${lobbyLoad.seconds} s (\`LOBBY=${lobbyLoad.lobby_watchers} scripts/bench-online.mjs ${lobbyLoad.rooms} 5 ${lobbyLoad.seconds}\`). Each lobby watcher gives a name and says a line in the lobby's chat about every 20 s, and times hearing it back; every line goes to every watcher.

| claims | p50 | p99 | errors, lost | room chat p99 | lobby frames to the watchers | lobby chat lines | lobby chat heard back p50, p99 | lobby chat lost | server memory (RSS, peak) |
| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |
| ${lobbyLoad.claims} | ${lobbyLoad.p50_ms.toFixed(2)} ms | ${lobbyLoad.p99_ms.toFixed(2)} ms | ${lobbyLoad.errors}, ${lobbyLoad.lost} | ${lobbyLoad.chat_p99_ms.toFixed(2)} ms | ${lobbyLoad.lobby_frames} | ${lobbyLoad.lobby_chat_lines} | ${lobbyLoad.lobby_chat_p50_ms.toFixed(2)} ms, ${lobbyLoad.lobby_chat_p99_ms.toFixed(2)} ms | ${lobbyLoad.lobby_chat_lost} | ${lobbyLoad.server_rss_mb} MB |` : 'Not run.'}

### Capacity

The same load with more clients, 5 a room, 20 s each, one run after
another (the load generator on the same 2 cores as the server, so the
larger runs measure the two sharing the machine). Memory per client: the
server's peak RSS over the clients.

| clients | commit | claims a second | p50 | p99 | errors, lost | server memory (RSS, peak) | per client |
| --- | --- | --- | --- | --- | --- | --- | --- |
${capacity.length ? capacity.map((r) => `| ${r.clients} | ${r.durability === 'process-crash' ? 'to the OS' : 'on the disk'} | ${Math.round(r.claims / r.seconds)} | ${r.p50_ms.toFixed(2)} ms | ${r.p99_ms.toFixed(2)} ms | ${r.errors}, ${r.lost} | ${r.server_rss_mb} MB | ${Math.round((r.server_rss_mb * 1024) / r.clients)} KB |`).join('\n') : '| not run | | | | | | | |'}

Each commit on the disk costs what this machine's disk takes to flush,
and its slowest flushes (tens to hundreds of ms here) are what the p99
of the larger runs meets now and then: every write is committed in batches, one flush each
(\`crates/set-server/src/store/writes.rs\`), but a claim that arrives
during a slow flush waits for it. At 2,000 clients on the disk, the p99 of
single runs on this machine has been 6.9, 7.2, 7.8 and 33 ms (2026-11-25):
the target of 25 ms is met unless the shared disk stalls during the run.
\`--durability process-crash\` trades
the last moves before a power cut for that tail (docs/operating.md, "What is stored,
and for how long").

### Several servers

The same load through nginx on three nodes on Postgres and NATS
(\`scripts/bench-cluster.mjs\`, \`scripts/cluster.sh\` on this machine's
${os.cpus().length} cores, everything on loopback), with node-1 killed with SIGKILL
halfway, and then against one node on SQLite, in the same run:
${clustered ? `${clustered.clients} clients in ${clustered.rooms} rooms for ${clustered.seconds} s` : 'not run'}. Every
room's stored log is replayed at the end of each. A claim in flight when
its node died is cut (never answered; the replay says whether it was
kept); "without a room" is each player's time from its socket closing to
the room's snapshot from another node.

| setup | claims a second | p50 | p99 | max | errors, lost | rooms replayed (mismatched) | without a room: p50, p99, max | claims cut | nodes' memory (RSS, peak) | nodes' CPU a claim |
| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |
${[clustered, alone].filter(Boolean).map((r) => `| ${r.setup}${r.killed ? `, ${r.killed} killed halfway` : ''} | ${Math.round(r.claims / r.seconds)} | ${r.p50_ms.toFixed(2)} ms | ${r.p99_ms.toFixed(2)} ms | ${r.max_ms.toFixed(2)} ms | ${r.errors}, ${r.lost} | ${r.rooms_checked} (${r.mismatches}) | ${r.without_room ? `${r.without_room_p50_ms.toFixed(0)}, ${r.without_room_p99_ms.toFixed(0)}, ${r.without_room_max_ms.toFixed(0)} ms (${r.without_room} times)` : 'none'} | ${r.cut} | ${r.server_rss_mb_each.join(', ')} MB | ${Math.round((r.server_cpu_s * 1e6) / r.claims)} µs |`).join('\n') || '| not run | | | | | | | | | | |'}

${clustered?.parts_cpu_s ? `CPU time of the other parts over the clustered run: Postgres ${clustered.parts_cpu_s.postgres} s (${Math.round((clustered.parts_cpu_s.postgres * 1e6) / clustered.claims)} µs a claim), nginx ${clustered.parts_cpu_s.nginx} s (${Math.round((clustered.parts_cpu_s.nginx * 1e6) / clustered.claims)} µs a claim), NATS ${clustered.parts_cpu_s['nats-server']} s. The killed node's CPU time is counted up to its death.` : ''}
Targets: p99 through nginx ≤ 25 ms: ${verdict(clustered?.p99_ms, 25)}; nothing lost: ${clustered ? (clustered.lost === 0 && clustered.mismatches === 0 ? 'met' : 'NOT met') : 'not measured'}; a node's death costing its players under 3 s: ${verdict(clustered?.without_room_max_ms, 3000)}.
docs/operating.md, "Running several servers", turns these into nodes for 10,000 and
100,000 players online.

Cold build of the server (\`cargo build --profile server -p set-server\` in an
empty target folder, crates already downloaded): ${coldBuild ? `${coldBuild.seconds} s` : 'n/a'}.

${KEPT_SECTIONS.map(kept).join('\n\n')}

## What loads later

The first board needs the page (its stylesheet and glue inlined) and the
page's wasm: on a first visit Chromium fetched ${firstLoad ? firstLoad.files.join(', ') : 'n/a'} before
the \`first-board\` mark, ${firstLoad ? firstLoad.gzip : 'n/a'} B gzip. Everything else loads when first
opened, and the service worker caches it after the first board, so it opens
offline too.

| part | what | wasm and glue, gzip |
| --- | --- | --- |
${PARTS.map(([stem, what]) => `| ${stem} | ${what} | ${partGzip(stem)} B |`).join('\n')}

How to split was decided by measuring first (2026-11-24):
- **A second wasm-bindgen module**, imported by the page when one of its
  views first opens: chosen. A lean one (lol_alloc, one export taking a
  string, one error message) cost 2,925 B gzip of wasm and 1,482 B of glue:
  its own allocator, formatting and bindings. It builds with the
  wasm-bindgen CLI the project already pins, from one crate that depends on
  the core and the renderer, and the one build builds it with everything
  else (\`scripts/build.mjs\`).
- **Splitting one module** (jbms/wasm-split-prototype, under Leptos'
  \`#[lazy]\` and Dioxus' \`--wasm-split\`): wasm-bindgen does not support it
  (wasm-bindgen/wasm-bindgen #3939, open) and build crashes are still
  reported (DioxusLabs/dioxus #5062). Not tried.
- **binaryen's \`wasm-split\`**: not in the npm binaryen 132 package these
  machines install (it ships wasm-opt, wasm-metadce, wasm-merge, wasm2js and
  a few more), Debian's binaryen is 108, and it would need glue of its own
  around wasm-bindgen's. Not tried.

A way's code loaded only when that way is chosen (issue 40) was weighed and
not split (2026-11-29), on the figures of "Design decisions, measured once":
- **index.html and race.html** must hold every way's rules: the JS API's
  \`deal({ mode })\` deals through the page's game and returns at once, and
  \`state()\` then tells the new table, so no way's deck, rule, finder, deal or
  end may wait for a download. What could wait is the drawing only the
  other decks need and the GhostSet's row: about 1 KB of index.html's first
  load together (76,141 → 76,768 B gzip for every deck drawn, 79,592 →
  79,986 B for the row), less than the 4.4 KB a module of its own costs
  before it holds anything (above).
- **online.html**: its way code is Memory's turn and face-down board
  (81,274 → 83,865 B) and the puzzles' claims found (79,982 → 81,274 B). In
  a part of their own they would save at most those 3.9 KB from rooms of
  the other ways, against the 4.4 KB the part costs by itself, and a Memory
  or puzzle room would wait for a second download before its first board.

## Download (release build)

| file | raw | gzip |
| --- | --- | --- |
${sizes.map((s) => `| ${s.file} | ${s.raw} | ${s.gzip} |`).join('\n')}
| total | ${sizes.reduce((n, s) => n + s.raw, 0)} | ${totalGzip} |
`;

await writeFile('BENCHMARKS.md', text);
console.log(text);
