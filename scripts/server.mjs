// Starts the real server (crates/set-server, the binary players use) for the
// end-to-end tests and the benchmarks: on 127.0.0.1 at a free port, serving a
// built dist/, with a database file of its own in a fresh folder.
//
//   const server = await startServer({ dist });  // { url, close, kill, restart, serveFrom }
//
// `kill()` ends it with SIGKILL (nothing flushed); `restart()` starts it again
// on the same port and database; `serveFrom(dir)` restarts it serving another
// build at the same address (a new release, as the update test needs).
// The binary is $SET_SERVER, or else `target/server/set-server` (`cargo
// build --profile server -p set-server`, as scripts/play.sh and bench.sh
// build it); scripts/test.sh sets SET_SERVER to the test build's
// target/debug/set-server, the same source built once for every stage.
import { spawn } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';

export const SERVER_BINARY = process.env.SET_SERVER ?? 'target/server/set-server';

/** Spawns the binary; resolves to the child and the address it printed. */
function spawnServer(args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(SERVER_BINARY, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    let errors = '';
    child.stderr.on('data', (chunk) => {
      errors += chunk;
      if (process.env.SERVER_LOG) process.stderr.write(chunk);
    });
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`set-server exited (${code}) before it served: ${errors.trim()}`)));
    createInterface({ input: child.stdout }).once('line', (line) => {
      const address = /http:\/\/([^/\s]+)\//.exec(line)?.[1];
      if (!address) reject(new Error(`set-server said: ${line}`));
      else resolve({ child, address });
    });
  });
}

/** Starts the server for `dist`; `port` 0 picks a free one. */
export async function startServer({ dist = 'dist', port = 0, env = {}, flags = [] } = {}) {
  await stat(path.join(dist, 'index.html')); // fail early on a missing build
  const folder = await mkdtemp(path.join(os.tmpdir(), 'set-server-'));
  const db = path.join(folder, 'set.db');
  let current = dist;
  let running = await spawnServer(['--addr', `127.0.0.1:${port}`, '--db', db, '--dist', current, ...flags], env);
  const boundPort = running.address.split(':').pop();
  const stop = async (signal) => {
    const { child } = running;
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
  };
  const start = async () => {
    running = await spawnServer(['--addr', `127.0.0.1:${boundPort}`, '--db', db, '--dist', current, ...flags], env);
  };
  return {
    url: `http://${running.address}/`,
    db,
    pid: () => running.child.pid,
    close: async () => {
      await stop('SIGTERM');
      await rm(folder, { recursive: true, force: true });
    },
    kill: () => stop('SIGKILL'),
    restart: start,
    serveFrom: async (next) => {
      await stat(path.join(next, 'index.html'));
      await stop('SIGTERM');
      current = next;
      await start();
    },
  };
}
