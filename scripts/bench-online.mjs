// The online server under a bounded load, for scripts/bench.sh: starts
// set-server (scripts/server.mjs: 127.0.0.1, a free port, a fresh database),
// runs set-loadgen against it over loopback with the server's pid (so it can
// read the server's memory), passes its report through, and stops the
// server. set-loadgen stops by itself; it exits non-zero on any error, lost
// result or stored log that does not replay to its board, and so does this.
//
//   node scripts/bench-online.mjs [rooms] [per-room] [seconds]   (default 40 5 20)
//   DURABILITY=process-crash node scripts/bench-online.mjs …      (the server's --durability;
//                                                                  power-loss by default)
// Its BENCH line says which durability the server ran with.
import { spawn } from 'node:child_process';
import { startServer } from './server.mjs';

const LOADGEN = process.env.SET_LOADGEN ?? 'target/server/set-loadgen';
const [rooms = '40', perRoom = '5', seconds = '20'] = process.argv.slice(2);

// Every load client comes from 127.0.0.1: the per-address limits, made for
// many players behind many addresses, are lifted, and so is the total (the
// capacity runs go past its default); the rest hold as served.
const ONE_ADDRESS = ['--max-connections-per-address', '100000', '--rooms-per-address', '100000', '--max-connections', '100000'];
const durability = process.env.DURABILITY ?? 'power-loss';
const server = await startServer({ dist: process.env.DIST ?? 'dist', flags: [...ONE_ADDRESS, '--durability', durability] });
const address = new URL(server.url).host;
let code;
try {
  code = await new Promise((resolve, reject) => {
    const args = ['--addr', address, '--db', server.db, '--rooms', rooms, '--per-room', perRoom, '--seconds', seconds, '--seed', '7', '--server-pid', String(server.pid())];
    const child = spawn(LOADGEN, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    child.stdout.setEncoding('utf8');
    let pending = '';
    child.stdout.on('data', (chunk) => {
      const lines = (pending + chunk).split('\n');
      pending = lines.pop();
      for (const line of lines) {
        if (!line.startsWith('BENCH ')) console.log(line);
        else console.log(`BENCH ${JSON.stringify({ ...JSON.parse(line.slice(6)), durability })}`);
      }
    });
    child.on('error', reject);
    child.on('exit', (exitCode) => resolve(exitCode ?? 1));
  });
} finally {
  await server.close();
}
process.exit(code);
