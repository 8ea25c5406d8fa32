import { readFileSync } from 'node:fs';
const buf = readFileSync(process.argv[2]);
let p = 8;
const u = () => { let r = 0, s = 0, b; do { b = buf[p++]; r |= (b & 0x7f) << s; s += 7; } while (b & 0x80); return r >>> 0; };
let imports = 0, bodies = [], names = new Map();
while (p < buf.length) {
  const id = buf[p++]; const size = u(); const end = p + size;
  if (id === 2) { const n = u(); for (let i = 0; i < n; i++) { let l = u(); p += l; l = u(); p += l; const kind = buf[p++]; if (kind === 0) { u(); imports++; } else if (kind === 1) { p++; const f = u(); u(); if (f & 1) u(); } else if (kind === 2) { const f = u(); u(); if (f & 1) u(); } else if (kind === 3) { p += 2; } } }
  if (id === 10) { const n = u(); for (let i = 0; i < n; i++) { const s = u(); bodies.push(s); p += s; } }
  if (id === 0) { const l = u(); const name = buf.slice(p, p + l).toString(); p += l; if (name === 'name') { while (p < end) { const sub = buf[p++]; const ss = u(); const se = p + ss; if (sub === 1) { const n = u(); for (let i = 0; i < n; i++) { const idx = u(); const nl = u(); names.set(idx, buf.slice(p, p + nl).toString()); p += nl; } } p = se; } } }
  p = end;
}
const rows = bodies.map((s, i) => [s, names.get(i + imports) ?? `f${i + imports}`]).sort((a, b) => b[0] - a[0]);
const filter = process.argv[3] ? new RegExp(process.argv[3]) : null;
let total = 0;
for (const [s, n] of rows) { if (!filter || filter.test(n)) { total += s; } }
console.log('total', total);
for (const [s, n] of rows.filter(([, n]) => !filter || filter.test(n)).slice(0, +(process.argv[4] ?? 40))) console.log(s, n.slice(0, 140));
