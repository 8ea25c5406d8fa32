#!/usr/bin/env bash
# Runs every benchmark and prints one table of medians and ratios, which it
# also writes to BENCHMARKS.md (about 4 minutes):
#   native  criterion: the finder against two triple loops (crates/set-core/benches/finder.rs)
#   wasm    the same code inside wasm, and a 21-card redraw, in headless
#           Chromium (tests/wasm_bench.rs)
#   page    first paint over 10 first and 10 later visits with where the
#           time goes, input latency, and the cost of sets()/hint() calls
#           through the JS API, with Playwright (scripts/bench-page.mjs)
#   size    raw and gzip size of each downloaded file (dist/)
#   audit   Lighthouse's scores and failed audits (scripts/lighthouse.sh)
#   online  set-server's cold build time, then set-loadgen's bounded load
#           over loopback: 200 clients in 40 rooms for 20 s (scripts/bench-online.mjs),
#           with and without the durable commit, beside a hostile mix, and
#           beside each attack of set-loadgen's --attack;
#           1,000 clients of which 200 watch the lobby; then 200, 1,000,
#           2,000 and 4,000 clients for the capacity table
#   cluster 1,000 clients in 200 rooms for 30 s through nginx on three nodes
#           (Postgres, NATS), one killed halfway, and the same on one node on
#           SQLite (scripts/bench-cluster.mjs)
# Timings are reported, never asserted: only the size budget is a test.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
bash scripts/setup.sh
source scripts/env.sh
mkdir -p target/bench
rm -f target/bench/*.jsonl

echo "==> native: criterion"
cargo bench -p set-core --bench finder -- --noplot

echo "==> wasm: inside the module, headless Chromium"
wasm_build cargo test --release --target wasm32-unknown-unknown -p set-game --test wasm_bench -- --nocapture \
  | tee target/bench/wasm.log
sed -n 's/^BENCH //p' target/bench/wasm.log > target/bench/wasm.jsonl

echo "==> page: release build in Chromium"
wasm_build node scripts/build.mjs --release
# The page, Lighthouse and the load are all served by set-server, as players meet it.
cargo build --profile server -p set-server -p set-loadgen
node scripts/bench-page.mjs | tee target/bench/page.log
sed -n 's/^BENCH //p' target/bench/page.log > target/bench/page.jsonl

echo "==> lighthouse: release build in Chromium"
bash scripts/lighthouse.sh

echo "==> online: the server's cold build, then a bounded load over loopback"
# A cold build in a target folder of its own (the crates are already
# downloaded): what a fresh clone pays for the server.
cold=target/bench/server-cold
rm -rf "$cold"
start=$(date +%s.%N)
CARGO_TARGET_DIR="$cold" cargo build --profile server -p set-server
end=$(date +%s.%N)
rm -rf "$cold"
# Its gigabytes written and deleted reach the disk now, not during the
# loads, whose every commit waits for a flush of its own.
sync
echo "{\"layer\":\"online\",\"what\":\"cold_build\",\"seconds\":$(awk "BEGIN { printf \"%.1f\", $end - $start }")}" > target/bench/online.jsonl
# The same load with the durable commit (the default) and without it.
node scripts/bench-online.mjs 40 5 20 | tee target/bench/online.log
DURABILITY=process-crash node scripts/bench-online.mjs 40 5 20 | tee -a target/bench/online.log
# The same load beside the hostile mix (set-loadgen --hostile, a process of
# its own): silent sockets up to the connection cap, a join flood, a ping
# fan-out to watchers and a reader that stops.
HOSTILE=1800 node scripts/bench-online.mjs 40 5 20 | tee -a target/bench/online.log
sed -n 's/^BENCH //p' target/bench/online.log >> target/bench/online.jsonl
# Beside each attack (set-loadgen --hostile 0 --attack A): the server at its
# default limits, every player from a loopback address of its own, and one
# attack the review of issue 37 found open; first the same without one.
: > target/bench/attacks.log
for attack in none farm finished-joins lobby-fill lobby-chat rewatch reads transfer sign-outs reports; do
  ATTACK=$attack node scripts/bench-online.mjs 40 5 20 | tee -a target/bench/attacks.log || true
done
sed -n 's/^BENCH //p' target/bench/attacks.log > target/bench/attacks.jsonl
# A million sign-outs and a million reports in the database, as a farm of
# fresh identities leaves them in hours, against the same load without them.
: > target/bench/farm-rows.log
for rows in 0 1000000; do
  ATTACK=none FARM_ROWS=$rows node scripts/bench-online.mjs 40 5 20 | tee -a target/bench/farm-rows.log || true
done
sed -n 's/^BENCH //p' target/bench/farm-rows.log > target/bench/farm-rows.jsonl
# Strangers: 800 players in 160 public rooms and 200 more watching the lobby
# (every join, start and end told to each of them, and their chat), 30 s.
LOBBY=200 node scripts/bench-online.mjs 160 5 30 | tee target/bench/lobby.log
sed -n 's/^BENCH //p' target/bench/lobby.log > target/bench/lobby.jsonl
# Capacity: more and more clients, 5 a room, 20 s each; a run that finds
# errors is reported, not fatal.
: > target/bench/capacity.log
for rooms in 40 200 400 800; do
  node scripts/bench-online.mjs "$rooms" 5 20 | tee -a target/bench/capacity.log || true
done
# 2,000 clients again, committing to the operating system only.
DURABILITY=process-crash node scripts/bench-online.mjs 400 5 20 | tee -a target/bench/capacity.log || true
sed -n 's/^BENCH //p' target/bench/capacity.log > target/bench/capacity.jsonl

echo "==> cluster: three nodes behind nginx, one killed halfway; one node on SQLite"
node scripts/bench-cluster.mjs 200 5 30 | tee target/bench/cluster.log
sed -n 's/^BENCH //p' target/bench/cluster.log > target/bench/cluster.jsonl

echo "==> report"
node scripts/bench-report.mjs
