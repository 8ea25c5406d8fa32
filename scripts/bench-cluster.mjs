// Several servers under the same bounded load as one, for scripts/bench.sh:
// set-loadgen through nginx against three nodes on Postgres and NATS
// (scripts/cluster.sh, on loopback), with one node killed with SIGKILL
// halfway (its rooms' players come back through nginx to another node,
// and report how long they were without their room); then the same load
// against one node on SQLite (scripts/server.mjs), in the same run. Every
// room's stored log is replayed at the end of each; set-loadgen exits
// non-zero on any error, lost result or log that does not replay, and so
// does this. Everything it starts, it stops, also on failure.
//
//   node scripts/bench-cluster.mjs [rooms] [per-room] [seconds]   (default 200 5 30)
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { startCluster } from './cluster.mjs';
import { ONE_ADDRESS_FLAGS, loadgen } from './loadgen.mjs';
import { startServer } from './server.mjs';

const [rooms = '200', perRoom = '5', seconds = '30'] = process.argv.slice(2);
// Every load client comes from 127.0.0.1 (through nginx too): the
// per-address limits (ONE_ADDRESS_FLAGS) are
// lifted, and so is the total; the rest hold as served.
const LIMITS = [...ONE_ADDRESS_FLAGS, '--max-connections', '100000'];

/** CPU seconds used so far by every process of each command (Postgres' backends, nginx's workers, NATS),
 *  from /proc (ticks of 1/100 s). */
async function cpuOf(commands) {
  const seconds = Object.fromEntries(commands.map((c) => [c, 0]));
  for (const command of commands) {
    let pids = [];
    try {
      pids = execFileSync('pgrep', ['-x', command], { encoding: 'utf8' }).trim().split('\n').filter(Boolean);
    } catch {
      continue; // none running
    }
    for (const pid of pids) {
      try {
        const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1].split(' ');
        seconds[command] += (Number(fields[11]) + Number(fields[12])) / 100;
      } catch {
        // gone meanwhile
      }
    }
  }
  return seconds;
}
const PARTS = ['postgres', 'nginx', 'nats-server'];

const common = ['--rooms', rooms, '--per-room', perRoom, '--seconds', seconds, '--seed', '7'];
let failed = 0;

// Three nodes behind nginx, one killed halfway.
const cluster = await startCluster({ nodeFlags: LIMITS });
// The load generator reads the cluster's Postgres, which asks for its password (scripts/postgres.sh).
process.env.PGPASSFILE = `${cluster.dir}/postgres/pgpass`;
try {
  const pids = await Promise.all([1, 2, 3].map((n) => cluster.file(`node-${n}.pid`)));
  const db = await cluster.file('postgres.url');
  console.log(`cluster: ${rooms} rooms of ${perRoom} through nginx on 3 nodes (Postgres, NATS), node-1 killed after ${seconds / 2} s`);
  const cpuBefore = await cpuOf(PARTS);
  const run = loadgen(['--addr', `127.0.0.1:${cluster.port}`, '--db', db, ...common, '--reconnect', '1', ...pids.flatMap((pid) => ['--server-pid', pid])]);
  const kill = setTimeout(() => process.kill(Number(pids[0]), 'SIGKILL'), (Number(seconds) / 2) * 1000);
  const { code, report } = await run;
  clearTimeout(kill);
  const cpuAfter = await cpuOf(PARTS);
  const parts_cpu_s = Object.fromEntries(PARTS.map((p) => [p, Math.round((cpuAfter[p] - cpuBefore[p]) * 100) / 100]));
  console.log(`  CPU seconds of the other parts: ${JSON.stringify(parts_cpu_s)}`);
  if (report) console.log(`BENCH ${JSON.stringify({ ...report, layer: 'cluster', setup: 'three nodes, Postgres, nginx', killed: 'node-1', parts_cpu_s })}`);
  failed ||= code;
} finally {
  await cluster.stop();
}

// One node on SQLite, the same load.
const server = await startServer({ dist: process.env.DIST ?? 'dist', flags: LIMITS });
try {
  console.log(`one node: ${rooms} rooms of ${perRoom} on SQLite`);
  const { code, report } = await loadgen(['--addr', new URL(server.url).host, '--db', server.db, ...common, '--server-pid', String(server.pid())]);
  if (report) console.log(`BENCH ${JSON.stringify({ ...report, layer: 'cluster', setup: 'one node, SQLite' })}`);
  failed ||= code;
} finally {
  await server.close();
}
process.exit(failed);
