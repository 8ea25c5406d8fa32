// scripts/cluster.sh from JavaScript, for the end-to-end tests and the
// bench: a cluster in a temporary folder of its own, nginx on a free
// loopback port.
//
//   const cluster = await startCluster({ nodeFlags });  // { url, port, run, file, stop }
//
// `run(command)` runs another of the script's commands on it (`nats-down`,
// `nats-up`); `file(name)` reads what `up` wrote there (`postgres.url`,
// `node-1.pid` …); `stop()` stops everything and removes the folder.
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SCRIPT = fileURLToPath(new URL('./cluster.sh', import.meta.url));

/** A port free on 127.0.0.1 a moment ago. */
const freePort = () => new Promise((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port } = probe.address();
    probe.close(() => resolve(port));
  });
});

/** Starts `nodes` nodes (each given `nodeFlags` too) behind nginx, with Postgres and NATS. */
export async function startCluster({ nodes = 3, nodeFlags = [] } = {}) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'set-cluster-'));
  const port = await freePort();
  const run = (command) => execFileSync('bash', [SCRIPT, command], {
    env: { ...process.env, CLUSTER_DIR: dir, CLUSTER_PORT: String(port), NODES: String(nodes), NODE_FLAGS: nodeFlags.join(' ') },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stop = async () => {
    run('down');
    await rm(dir, { recursive: true, force: true });
  };
  let url;
  try {
    url = run('up').trim();
  } catch (err) {
    await stop();
    throw err;
  }
  const file = async (name) => (await readFile(path.join(dir, name), 'utf8')).trim();
  return { url, port, run, file, stop, dir };
}
