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
//   HOSTILE=1800 node scripts/bench-online.mjs …                  (beside set-loadgen's hostile mix,
//                                                                  with 1,800 silent sockets)
//   ATTACK=farm node scripts/bench-online.mjs …                  (beside one attack of set-loadgen's
//                                                                  --attack; the server keeps its default
//                                                                  limits and every player comes from an
//                                                                  address of its own, --spread;
//                                                                  ATTACK=none: the same without one)
//   LOBBY=200 node scripts/bench-online.mjs …                     (with 200 more clients watching the
//                                                                  lobby, and the players' rooms public)
//   FARM_ROWS=1000000 node scripts/bench-online.mjs …             (a million sign-outs and a million
//                                                                  reports in the database first, as a
//                                                                  farm would leave them)
// Its BENCH line says which durability the server ran with.
import { ONE_ADDRESS_FLAGS, loadgen } from './loadgen.mjs';
import { startServer } from './server.mjs';

const [rooms = '40', perRoom = '5', seconds = '20'] = process.argv.slice(2);

// Every load client comes from 127.0.0.1: the per-address limits
// (ONE_ADDRESS_FLAGS) are lifted, and so is the total (the
// capacity runs go past its default), except beside the hostile mix, whose
// silent sockets meet the default total cap; the rest hold as served.
// Beside one attack the server is as served, every limit at its default,
// and the players come from addresses of their own.
const attack = process.env.ATTACK;
const hostile = process.env.HOSTILE ?? (attack && attack !== 'none' ? '0' : undefined);
const total = hostile ? [] : ['--max-connections', '100000'];
const durability = process.env.DURABILITY ?? 'power-loss';
const limits = attack ? [] : ONE_ADDRESS_FLAGS;
const server = await startServer({ dist: process.env.DIST ?? 'dist', flags: [...limits, ...total, '--durability', durability] });
const address = new URL(server.url).host;
let code;
try {
  const common = ['--addr', address, '--seconds', seconds];
  // The hostile mix is a process of its own at the lowest CPU priority: it
  // stands for clients on machines of their own, so that what it costs the
  // players is what the server pays, not the mix's own work on these cores.
  const attackFlags = hostile && attack ? ['--attack', attack] : [];
  const mix = hostile ? loadgen([...common, '--hostile', hostile, ...attackFlags], 'HOSTILE', { niceness: 19 }) : null;
  const lobby = process.env.LOBBY ? ['--lobby', process.env.LOBBY] : [];
  const spread = attack ? ['--spread', '1'] : [];
  const farmRows = process.env.FARM_ROWS ? ['--farm-rows', process.env.FARM_ROWS] : [];
  const players = await loadgen([...common, '--db', server.db, '--rooms', rooms, '--per-room', perRoom, '--seed', '7', '--server-pid', String(server.pid()), ...lobby, ...spread, ...farmRows], 'BENCH');
  const mixed = mix ? await mix : null;
  if (mixed) console.log(`  beside the ${attack ?? 'hostile mix'}: ${JSON.stringify(mixed.report)}`);
  const beside = {
    ...(mixed ? { hostile: mixed.report } : {}),
    ...(attack ? { attack } : {}),
    ...(process.env.FARM_ROWS ? { farm_rows: Number(process.env.FARM_ROWS) } : {}),
  };
  if (players.report) console.log(`BENCH ${JSON.stringify({ ...players.report, durability, ...beside })}`);
  code = players.code || (mixed?.code ?? 0);
} finally {
  await server.close();
}
process.exit(code);
