// Runs set-loadgen (target/server/set-loadgen, or $SET_LOADGEN) for the
// bench scripts (bench-online.mjs, bench-cluster.mjs): its output passed
// through, the JSON of its line that starts with a tag kept.
import { spawn } from 'node:child_process';

export const LOADGEN = process.env.SET_LOADGEN ?? 'target/server/set-loadgen';

/** set-server's per-address limits lifted, for a load whose clients all come
 *  from 127.0.0.1 (or through one proxy): the limits are made for many
 *  players behind many addresses, and would meet the load as one machine. */
export const ONE_ADDRESS_FLAGS = [
  '--max-connections-per-address', '100000', '--rooms-per-address', '100000', '--chat-burst', '100000',
  '--public-rooms-per-address', '100000', '--join-burst', '100000', '--connection-burst', '100000',
  '--tcp-connection-burst', '100000', '--identity-burst', '100000',
];

/** Runs set-loadgen with `args` (under `nice` if asked); resolves with its
 *  exit code and the JSON of its line that starts with `tag`. */
export function loadgen(args, tag = 'BENCH', { niceness } = {}) {
  return new Promise((resolve, reject) => {
    const [command, argv] = niceness ? ['nice', ['-n', String(niceness), LOADGEN, ...args]] : [LOADGEN, args];
    const child = spawn(command, argv, { stdio: ['ignore', 'pipe', 'inherit'] });
    child.stdout.setEncoding('utf8');
    let pending = '';
    let report = null;
    child.stdout.on('data', (chunk) => {
      const lines = (pending + chunk).split('\n');
      pending = lines.pop();
      for (const line of lines) {
        if (line.startsWith(`${tag} `)) report = JSON.parse(line.slice(tag.length + 1));
        else console.log(line);
      }
    });
    child.on('error', reject);
    child.on('exit', (exitCode) => resolve({ code: exitCode ?? 1, report }));
  });
}
