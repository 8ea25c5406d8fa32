#!/usr/bin/env bash
# Runs every test, stage by stage, timing each, and prints how many ran in
# each layer, then the run's slowest tests, then `total: N passed, N failed`.
#
#   bash scripts/test.sh                 everything (CI runs this: .ci/run)
#   bash scripts/test.sh native e2e      only the stages named, in this order:
#     lint     cargo fmt --check; clippy for wasm32, once, with every page's
#              and part's features (natively, clippy reads every workspace
#              crate as native-build compiles it); every warning fails it
#     native   cargo nextest: the core's unit, rule and property tests, the
#              client's, the server's as real processes, the store's against
#              SQLite and a Postgres started here, the clusters; doc tests
#     wasm     wasm-bindgen-test in headless Chromium
#     e2e      Playwright on the release build in Chromium, served by the
#              set-server native-build built
#
# One build serves the lint, the native tests and the e2e layer's server:
# native-build compiles every test binary and set-server once, each
# workspace crate through clippy-driver. The release build
# (scripts/build.mjs) runs beside it and the lint, in target directories of
# its own. The native tests run four at a time across every test binary
# (.config/nextest.toml; clusters one at a time, first), the e2e files several at
# a time (E2E_CONCURRENCY), the ones that time motion (E2E_SERIAL) alone
# after them. One PostgreSQL server for the run, from a data folder
# initialised once; each cluster starts its own from a copy (no initdb per
# test). A layer that runs no test counts as failed. Stage times and the
# slowest tests are printed at the end. Screenshots: test-artifacts/.
# Logs: target/test-logs/. docs/testing.md: how to run one file or test.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
run_started=$(date +%s)

all_stages=(lint native wasm e2e)
if [ $# -eq 0 ]; then stages=("${all_stages[@]}"); else stages=("$@"); fi
for s in "${stages[@]}"; do
  case " ${all_stages[*]} " in *" $s "*) ;; *) echo "test.sh: unknown stage '$s' (stages: ${all_stages[*]})" >&2; exit 2 ;; esac
done
wants() { case " ${stages[*]} " in *" $1 "*) return 0 ;; *) return 1 ;; esac; }

# The e2e files that time what a page does against the clock (how long a
# card moves, how soon a board is at rest, a Memory turn's clock on the
# server): each runs alone, after the others (docs/testing.md, "Which group
# a test goes in"). The rest run E2E_CONCURRENCY files at a time, the
# longest (E2E_FIRST, from the slowest tests a run lists) started first, so
# that none of them is left running alone at the end. Chromium drawing a
# game keeps about a core busy: more than two files at a time on two cores
# made every test slower and none sooner (BENCHMARKS.md, "The suite's own
# time").
E2E_SERIAL=(motion online-memory)
E2E_FIRST=(race-ways soak ways-decks reliability access ways-rules more-ways review)
E2E_CONCURRENCY=${E2E_CONCURRENCY:-2}
# E2E_ONLY="modes keyboard" runs only those files (the inner loop: the
# release build and the server as the whole run has them).
E2E_ONLY=${E2E_ONLY:-}

logs=target/test-logs
declare -A passed failed status took
timed=()
# `stage NAME` starts a stage's clock, `done_stage NAME` stops it.
declare -A stage_start
stage() { stage_start[$1]=$(date +%s); timed+=("$1"); echo; echo "==> [$1] ${*:2}"; }
done_stage() { took[$1]=$(( $(date +%s) - ${stage_start[$1]} )); echo "==> [$1] done in $(fmt_time "${took[$1]}")"; }
fmt_time() { printf '%dm%02ds' $(($1 / 60)) $(($1 % 60)); }
# Sums cargo's "test result: … N passed; M failed" lines of LOG into
# passed[LAYER] and failed[LAYER], adding to what they hold.
cargo_counts() {
  local layer=$1 log=$2 p f
  p=$(grep -Eo '^test result: .* ([0-9]+) passed' "$log" | grep -Eo '[0-9]+ passed' | awk '{s+=$1} END {print s+0}')
  f=$(grep -Eo '^test result: .*; ([0-9]+) failed' "$log" | grep -Eo '[0-9]+ failed' | awk '{s+=$1} END {print s+0}')
  passed[$layer]=$(( ${passed[$layer]:-0} + p )) failed[$layer]=$(( ${failed[$layer]:-0} + f ))
}

stage setup "scripts/setup.sh: installs what is missing, skips what is there"
bash scripts/setup.sh || { echo "setup failed"; exit 1; }
source scripts/env.sh
# CI builds once in a fresh clone: the incremental caches it would write
# (for the workspace's crates) are never read again, and writing them costs
# time (BENCHMARKS.md, "The suite's own time"). A developer's rerun keeps them.
[ -z "${CI:-}" ] || export CARGO_INCREMENTAL=0
mkdir -p "$logs"
# An earlier run's logs and timings would be read as this run's.
rm -f "$logs"/*.log "$logs"/*.xml target/nextest/default/junit.xml
done_stage setup

# Everything this script starts, it stops: the release build in the
# background and the Postgres servers, also on failure or Ctrl-C.
background=()
pg_root=$(mktemp -d /tmp/set-test-postgres.XXXXXX)
# As root, Postgres runs as the user postgres, who must reach its folders in here.
chmod 711 "$pg_root"
cleanup() {
  for pid in "${background[@]}"; do kill "$pid" 2>/dev/null; done
  bash scripts/postgres.sh stop "$pg_root/server"
  rm -rf "$pg_root"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# The release build (the page's and every part's wasm, the pages) for the
# e2e layer, beside the lint and the native build: its target directories
# are not theirs, so neither waits for the other's lock.
if wants e2e; then
  stage release-build "node scripts/build.mjs --release (in the background; log: $logs/build.log)"
  ( wasm_build node scripts/build.mjs --release > "$logs/build.log" 2>&1; echo "$? $(date +%s)" > "$logs/build.status" ) &
  background+=($!)
  release_build_pid=$!
fi

# Clippy natively is not a pass of its own: the native build below runs
# every workspace crate through clippy-driver as it compiles it
# (RUSTC_WORKSPACE_WRAPPER, as `cargo clippy` itself does), so the
# dependencies are compiled once for the lint, the tests and the e2e
# layer's server. Its warnings stay warnings, so that the tests still run,
# and any warning at all fails the lint.
if wants lint || wants native || wants e2e; then
  RUSTC_WORKSPACE_WRAPPER=$(rustup which clippy-driver 2>/dev/null || command -v clippy-driver)
  # What `cargo clippy -- -W warnings` hands clippy-driver.
  export RUSTC_WORKSPACE_WRAPPER CLIPPY_ARGS="-Wwarnings__CLIPPY_HACKERY__"
fi

if wants lint; then
  stage lint "cargo fmt --check, and clippy for wasm32 with warnings as errors (natively: in native-build)"
  lint=ok
  cargo fmt --all -- --check > "$logs/lint.log" 2>&1 || { lint=FAILED; cat "$logs/lint.log"; echo "cargo fmt: files not formatted (run cargo fmt --all)"; }
  # One pass for wasm32: the pages' features only add (no code is under
  # `not(feature)`), so solo, race and the API part's are checked at once;
  # the race page's own feature set is compiled by the release build.
  (unset RUSTC_WORKSPACE_WRAPPER CLIPPY_ARGS
   wasm_build cargo clippy --target wasm32-unknown-unknown -p set-game -p set-review -p set-online -p set-standings -p set-canvas -p set-api -p set-sound -p set-help \
     --all-targets --features race,set-api/part -- -D warnings) >> "$logs/lint.log" 2>&1 || lint=FAILED
  [ "$lint" = ok ] || grep -E -A12 '^(error|warning)' "$logs/lint.log" | head -80
  echo "lint (wasm32): $lint"
  done_stage lint
fi

if wants lint || wants native || wants e2e; then
  stage native-build "cargo nextest run --no-run: every test binary and set-server, once, each workspace crate through clippy"
  # And the one bench target (criterion's), which clippy's --all-targets read too.
  cargo nextest run --workspace --no-run > "$logs/native-build.log" 2>&1 \
    && cargo test --workspace --benches --no-run >> "$logs/native-build.log" 2>&1
  native_built=$?
  [ "$native_built" -eq 0 ] || tail -40 "$logs/native-build.log"
  # cargo says "`crate` (target) generated N warnings" of each crate that
  # has any, also when it replays them from an earlier build.
  # A crate that does not compile fails the lint too, as under cargo clippy.
  if grep -Eq 'generated [0-9]+ warnings?' "$logs/native-build.log" || [ "$native_built" -ne 0 ]; then
    lint=FAILED
    grep -E -A8 '^(warning|error)(\[|:)' "$logs/native-build.log" | head -120
    echo "lint (native, clippy or the build): FAILED"
  fi
  done_stage native-build
fi

if wants native; then
  stage native "cargo nextest (the store's tests against SQLite and Postgres, the clusters), then doc tests"
  # One Postgres data folder, initialised once; the tests' server and each
  # cluster's (scripts/cluster.sh, through SET_PG_TEMPLATE) start from copies.
  postgres=ok
  export SET_PG_TEMPLATE="$pg_root/template"
  pg_port=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
  # Every copy of the template has its password: the tests, and the nodes
  # and load generators they start, read it from the template's file.
  export PGPASSFILE="$SET_PG_TEMPLATE/pgpass"
  if bash scripts/postgres.sh init "$SET_PG_TEMPLATE" \
    && SET_TEST_POSTGRES=$(bash scripts/postgres.sh start "$pg_root/server" "$pg_port"); then
    export SET_TEST_POSTGRES
  else
    postgres=FAILED
  fi
  # Without a server the store's and clusters' tests fail here, rather than skip Postgres.
  SET_TEST_REQUIRE_POSTGRES=1 cargo nextest run --workspace --no-fail-fast 2>&1 | tee "$logs/native.log"
  status[native]=${PIPESTATUS[0]}
  [ "$native_built" -eq 0 ] || status[native]=1
  # nextest's summary: "N tests run: P passed, F failed, …"
  summary=$(grep -E '^ +Summary \[' "$logs/native.log" | tail -1)
  passed[native]=$(grep -Eo '[0-9]+ passed' <<<"$summary" | awk '{print $1}')
  failed[native]=$(grep -Eo '[0-9]+ failed' <<<"$summary" | awk '{print $1}')
  # Doc tests: nextest does not run them.
  cargo test --workspace --doc 2>&1 | tee "$logs/doc.log"
  [ "${PIPESTATUS[0]}" -eq 0 ] || status[native]=1
  cargo_counts native "$logs/doc.log"
  done_stage native
fi

if wants wasm; then
  stage wasm "wasm-bindgen-test in headless Chromium"
  # As the pages are built: no clippy-driver (the lint stage read these crates for wasm32).
  (unset RUSTC_WORKSPACE_WRAPPER CLIPPY_ARGS
   wasm_build cargo test --no-fail-fast --target wasm32-unknown-unknown -p set-game -p set-review --test web --test ways) 2>&1 | tee "$logs/wasm.log"
  status[wasm]=${PIPESTATUS[0]}
  cargo_counts wasm "$logs/wasm.log"
  done_stage wasm
fi

if wants e2e; then
  wait "$release_build_pid"
  read -r built finished < "$logs/build.status" || { built=1; finished=$(date +%s); }
  took[release-build]=$(( finished - ${stage_start[release-build]} ))
  [ "$built" -eq 0 ] || { tail -40 "$logs/build.log"; echo "the release build (scripts/build.mjs) failed"; }
  [ "${native_built:-1}" -eq 0 ] || { built=1; echo "set-server did not build (native-build)"; }
  stage e2e "Playwright in Chromium: $E2E_CONCURRENCY files at a time, then ${E2E_SERIAL[*]} alone"
  rm -rf test-artifacts
  status[e2e]=1
  if [ "$built" -eq 0 ]; then
    export SET_SERVER=target/debug/set-server
    # The files in the order they start: E2E_FIRST, then the rest.
    names=("${E2E_FIRST[@]}")
    for file in tests/e2e/*.test.mjs; do
      name=$(basename "$file" .test.mjs)
      case " ${E2E_FIRST[*]} " in *" $name "*) ;; *) names+=("$name") ;; esac
    done
    parallel_files=() serial_files=()
    for name in "${names[@]}"; do
      [ -z "$E2E_ONLY" ] || case " $E2E_ONLY " in *" $name "*) ;; *) continue ;; esac
      case " ${E2E_SERIAL[*]} " in
        *" $name "*) serial_files+=("tests/e2e/$name.test.mjs") ;;
        *) parallel_files+=("tests/e2e/$name.test.mjs") ;;
      esac
    done
    # `run_e2e GROUP CONCURRENCY FILE...`: one node run, its TAP into the
    # log, its JUnit (for the slowest tests) as e2e-GROUP.xml.
    run_e2e() {
      local group=$1 concurrency=$2
      shift 2
      [ $# -gt 0 ] || return 0
      node --test --test-concurrency="$concurrency" --test-reporter=tap --test-reporter-destination=stdout \
        --test-reporter=junit --test-reporter-destination="$logs/e2e-$group.xml" "$@" 2>&1 | tee -a "$logs/e2e.log"
      return "${PIPESTATUS[0]}"
    }
    status[e2e]=0
    : > "$logs/e2e.log"
    run_e2e parallel "$E2E_CONCURRENCY" "${parallel_files[@]}" || status[e2e]=1
    run_e2e serial 1 "${serial_files[@]}" || status[e2e]=1
  fi
  # Each node run ends with "# pass N" and "# fail N".
  passed[e2e]=$(grep -E '^# pass [0-9]+' "$logs/e2e.log" | awk '{s+=$3} END {print s+0}')
  failed[e2e]=$(grep -E '^# fail [0-9]+' "$logs/e2e.log" | awk '{s+=$3} END {print s+0}')
  done_stage e2e
fi

echo
echo "==> stage times (wall clock; release-build ran beside lint and native-build)"
for s in "${timed[@]}"; do printf '  %-14s %s\n' "$s" "$(fmt_time "${took[$s]:-0}")"; done
printf '  %-14s %s\n' whole "$(fmt_time $(( $(date +%s) - run_started )))"

echo
echo "==> the slowest tests"
node scripts/slowest.mjs 10 target/nextest/default/junit.xml "$logs"/e2e-*.xml || true

echo
echo "==> tests by layer"
total_passed=0 total_failed=0 ok=1
for layer in native wasm e2e; do
  wants "$layer" || continue
  p=${passed[$layer]:-0} f=${failed[$layer]:-0}
  verdict=ok
  if [ "${status[$layer]:-1}" -ne 0 ] || [ "$f" -ne 0 ]; then verdict=FAILED; ok=0; fi
  if [ "$p" -eq 0 ] && [ "$f" -eq 0 ]; then verdict="FAILED (no test ran)"; ok=0; fi
  # A layer that broke before counting (a build error) still counts as a failure.
  if [ "$verdict" != ok ] && [ "$f" -eq 0 ]; then f=1; fi
  printf '  %-7s %4d passed %4d failed  %s\n' "$layer" "$p" "$f" "$verdict"
  total_passed=$((total_passed + p)) total_failed=$((total_failed + f))
done
if wants lint || [ -n "${lint:-}" ]; then
  printf '  %-7s %s\n' lint "${lint:-ok}"
  [ "${lint:-ok}" = ok ] || { ok=0; total_failed=$((total_failed + 1)); }
fi
if wants native; then
  printf '  %-7s %s\n' postgres "$postgres (the store's tests against Postgres)"
  [ "$postgres" = ok ] || { ok=0; total_failed=$((total_failed + 1)); }
fi
[ -d test-artifacts ] && echo "  screenshots: $(ls test-artifacts | wc -l) in test-artifacts/"
echo "total: $total_passed passed, $total_failed failed"
[ "$ok" -eq 1 ]
