import { execFileSync } from 'node:child_process';
const load = (f) => {
  const out = execFileSync('node', ['.probe/fnsizes.mjs', f, '', '100000']).toString().split('\n').slice(1);
  const m = new Map();
  for (const line of out) { const [s, ...n] = line.split(' '); if (!s) continue; const name = n.join(' ').replace(/17h[0-9a-f]{16}E$/, ''); m.set(name, (m.get(name) ?? 0) + +s); }
  return m;
};
const a = load(process.argv[2]), b = load(process.argv[3]);
const names = new Set([...a.keys(), ...b.keys()]);
const rows = [...names].map((n) => [(b.get(n) ?? 0) - (a.get(n) ?? 0), a.get(n) ?? 0, b.get(n) ?? 0, n]).filter((r) => r[0] !== 0).sort((x, y) => Math.abs(y[0]) - Math.abs(x[0]));
let total = 0; for (const r of rows) total += r[0];
console.log('net', total);
for (const r of rows.slice(0, +(process.argv[4] ?? 40))) console.log(r[0], r[1], r[2], r[3].slice(0, 120));
