// The run's slowest tests, from the JUnit files its runners wrote
// (nextest's, node's): `node scripts/slowest.mjs N FILE...` prints the N
// slowest test cases, slowest first, with their times and where they ran.
// Files that are missing are passed over (a stage that did not run).
import { existsSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';

const [count, ...files] = process.argv.slice(2);
const unescape = (text) => text.replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
const attribute = (tag, name) => {
  const found = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return found ? unescape(found[1]) : undefined;
};
const cases = [];
for (const file of files.filter((f) => existsSync(f))) {
  for (const [tag] of readFileSync(file, 'utf8').matchAll(/<testcase\b[^>]*>/g)) {
    const seconds = Number(attribute(tag, 'time'));
    if (!Number.isFinite(seconds)) continue;
    // nextest names the binary in classname; node names no file, so the JUnit file's name says which group.
    const where = attribute(tag, 'classname') ?? '';
    cases.push({ seconds, name: attribute(tag, 'name') ?? '?', where: where === 'test' ? basename(file, '.xml') : where });
  }
}
cases.sort((a, b) => b.seconds - a.seconds);
for (const { seconds, name, where } of cases.slice(0, Number(count) || 10)) {
  console.log(`  ${seconds.toFixed(1).padStart(6)} s  ${where}  ${name}`);
}
if (cases.length === 0) console.log('  (no timings: no stage wrote JUnit)');
