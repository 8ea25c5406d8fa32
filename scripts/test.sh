#!/usr/bin/env bash
# Runs every test, layer by layer, and prints how many ran in each:
#   1. native   cargo test: the core's unit, rule and layout tests, the server's,
#               and the store's against SQLite and a Postgres started here
#   2. wasm     wasm-bindgen-test in headless Chromium: the page's and the part's exports and drawing
#   3. e2e      Playwright on the Trunk release build in Chromium, served by
#               set-server (the server players use, built with its own profile)
# A layer that runs no test counts as failed. Screenshots: test-artifacts/.
# First, the lint gate: clippy with the workspace's lints ([workspace.lints]
# in Cargo.toml), every warning an error, natively and for wasm32 (the
# page alone, the page's race build, the parts).
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
bash scripts/setup.sh || { echo "setup failed"; exit 1; }
source scripts/env.sh
logs=target/test-logs
mkdir -p "$logs"

declare -A passed failed status
layers=(native wasm e2e)

# Sums "N passed; M failed" over cargo's "test result:" lines.
cargo_counts() {
  passed[$1]=$(grep -Eo '^test result: .* ([0-9]+) passed' "$logs/$1.log" | grep -Eo '[0-9]+ passed' | awk '{s+=$1} END {print s+0}')
  failed[$1]=$(grep -Eo '^test result: .*; ([0-9]+) failed' "$logs/$1.log" | grep -Eo '[0-9]+ failed' | awk '{s+=$1} END {print s+0}')
}

echo "==> lint: cargo fmt --check, and cargo clippy with warnings as errors"
lint=ok
cargo fmt --all -- --check > "$logs/lint.log" 2>&1 || { lint=FAILED; echo "cargo fmt: files not formatted (run cargo fmt --all)"; }
cargo clippy --workspace --all-targets -- -D warnings 2>&1 | tee -a "$logs/lint.log"
[ "${PIPESTATUS[0]}" -eq 0 ] || lint=FAILED
for features in "" "--no-default-features --features race" "--features set-api/part"; do
  # shellcheck disable=SC2086 # the flags are several words or none
  wasm_build cargo clippy --target wasm32-unknown-unknown -p set-game -p set-review -p set-online -p set-standings -p set-canvas -p set-api -p set-sound -p set-help \
    --all-targets $features -- -D warnings 2>&1 | tee -a "$logs/lint.log"
  [ "${PIPESTATUS[0]}" -eq 0 ] || lint=FAILED
done

echo "==> 1/3 native: cargo test (the store's tests against SQLite and a Postgres of their own)"
# A Postgres server of the tests' own (scripts/postgres.sh), on a free
# loopback port, stopped when this script ends, also on failure or Ctrl-C.
postgres=ok
pg_dir=$(mktemp -d /tmp/set-test-postgres.XXXXXX)
trap 'bash scripts/postgres.sh stop "$pg_dir"; rm -rf "$pg_dir"' EXIT
pg_port=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
if SET_TEST_POSTGRES=$(bash scripts/postgres.sh start "$pg_dir" "$pg_port"); then
  export SET_TEST_POSTGRES
else
  postgres=FAILED
fi
# Without a server the store's tests fail here, rather than skip Postgres.
SET_TEST_REQUIRE_POSTGRES=1 cargo test 2>&1 | tee "$logs/native.log"
status[native]=${PIPESTATUS[0]}
cargo_counts native

echo "==> 2/3 wasm: wasm-bindgen-test in headless Chromium"
wasm_build cargo test --target wasm32-unknown-unknown -p set-game -p set-review --test web 2>&1 | tee "$logs/wasm.log"
status[wasm]=${PIPESTATUS[0]}
wasm_build cargo test --target wasm32-unknown-unknown -p set-game --test ways 2>&1 | tee -a "$logs/wasm.log"
[ "${PIPESTATUS[0]}" -eq 0 ] || status[wasm]=1
cargo_counts wasm

echo "==> 3/3 e2e: node scripts/build.mjs --release, then Playwright in Chromium"
rm -rf test-artifacts
built=1
wasm_build node scripts/build.mjs --release 2>&1 | tee "$logs/build.log"
[ "${PIPESTATUS[0]}" -eq 0 ] || built=0
if [ "$built" -eq 1 ]; then
  cargo build --profile server -p set-server 2>&1 | tee "$logs/server.log"
  [ "${PIPESTATUS[0]}" -eq 0 ] || built=0
fi
if [ "$built" -eq 1 ]; then
  node --test --test-concurrency=1 tests/e2e/ 2>&1 | tee "$logs/e2e.log"
  status[e2e]=${PIPESTATUS[0]}
else
  echo "the release build (scripts/build.mjs, or set-server) failed" > "$logs/e2e.log"
  status[e2e]=1
fi
passed[e2e]=$(grep -Eo '^# pass [0-9]+' "$logs/e2e.log" | awk '{print $3}' | tail -1)
failed[e2e]=$(grep -Eo '^# fail [0-9]+' "$logs/e2e.log" | awk '{print $3}' | tail -1)

echo
echo "==> tests by layer"
total_passed=0 total_failed=0 ok=1
for layer in "${layers[@]}"; do
  p=${passed[$layer]:-0} f=${failed[$layer]:-0}
  verdict=ok
  if [ "${status[$layer]}" -ne 0 ] || [ "$f" -ne 0 ]; then verdict=FAILED; ok=0; fi
  if [ "$p" -eq 0 ]; then verdict="FAILED (no test ran)"; ok=0; fi
  # A layer that broke before counting (a build error) still counts as a failure.
  if [ "$verdict" != ok ] && [ "$f" -eq 0 ]; then f=1; fi
  printf '  %-7s %4d passed %4d failed  %s\n' "$layer" "$p" "$f" "$verdict"
  total_passed=$((total_passed + p)) total_failed=$((total_failed + f))
done
printf '  %-7s %s\n' lint "$lint"
[ "$lint" = ok ] || ok=0
printf '  %-7s %s\n' postgres "$postgres (the store's tests against Postgres)"
[ "$postgres" = ok ] || ok=0
[ -d test-artifacts ] && echo "  screenshots: $(ls test-artifacts | tr '\n' ' ')"
echo "total: $total_passed passed, $total_failed failed"
[ "$ok" -eq 1 ]
