#!/usr/bin/env bash
# Fuzzes the core with cargo-fuzz (libFuzzer, nightly Rust) for a bounded
# time per target, starting from the committed seed corpus in fuzz/corpus/.
#   bash scripts/fuzz.sh            60 seconds per target
#   FUZZ_SECONDS=600 bash scripts/fuzz.sh
# Targets: decode_save (any text as a saved game), action_stream (any
# stream of actions on any game), client_frame (any text as the server
# reads a client's frame, and the page's writer round trip), server_frame
# (any text as the page reads a server's frame, and serde's round trip),
# bus_frame (any bytes heard on the bus, held to its bounds as a node does). New inputs go to target/fuzz-corpus/, so
# the committed corpus only changes by hand. A crash stops the script and
# leaves its input under fuzz/artifacts/.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source scripts/env.sh
seconds=${FUZZ_SECONDS:-60}

if ! rustup toolchain list | grep -q '^nightly'; then
  echo "fuzzing needs a nightly toolchain: rustup toolchain install nightly" >&2
  exit 1
fi
if ! cargo fuzz --version >/dev/null 2>&1; then
  echo "==> installing cargo-fuzz (about 2 minutes)"
  cargo install cargo-fuzz
fi

for target in decode_save action_stream client_frame server_frame bus_frame; do
  mkdir -p "target/fuzz-corpus/$target"
  echo "==> fuzzing $target for ${seconds}s"
  log="target/fuzz-$target.log"
  if ! cargo +nightly fuzz run --fuzz-dir fuzz "$target" "target/fuzz-corpus/$target" "fuzz/corpus/$target" \
      -- -max_total_time="$seconds" -print_final_stats=1 >"$log" 2>&1; then
    tail -40 "$log"
    echo "fuzz target $target failed: see $log and fuzz/artifacts/$target/" >&2
    exit 1
  fi
  grep -E '^(Done|stat::number_of_executed_units|stat::peak_rss)' "$log"
done
echo "==> no crash in ${seconds}s per target"
