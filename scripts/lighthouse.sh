#!/usr/bin/env bash
# Lighthouse on the release build in dist/, in headless Chromium: its
# performance, accessibility and best-practices scores and every audit that
# did not pass, in target/bench/lighthouse.json (bench-report.mjs reads it).
# Lighthouse is not a test dependency: it is installed on first use, pinned,
# into target/lighthouse (about 180 MB).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
LIGHTHOUSE_VERSION=13.5.0
lighthouse=target/lighthouse/node_modules/.bin/lighthouse
if ! "$lighthouse" --version 2>/dev/null | grep -qx "$LIGHTHOUSE_VERSION"; then
  echo "==> installing lighthouse $LIGHTHOUSE_VERSION into target/lighthouse"
  mkdir -p target/lighthouse
  npm install --no-audit --no-fund --loglevel=error --prefix target/lighthouse "lighthouse@$LIGHTHOUSE_VERSION"
fi
mkdir -p target/bench
# Served by set-server, the one players use (with its headers and compression).
cargo build --profile server -p set-server
port=$((20000 + RANDOM % 20000))
db=$(mktemp -d)
target/server/set-server --addr "127.0.0.1:$port" --db "$db/set.db" --dist "${DIST:-dist}" > /dev/null &
server=$!
trap 'kill $server 2>/dev/null || true; rm -rf "$db"' EXIT
sleep 1
# Lighthouse's defaults: a mid-range phone on a slow 4G network, simulated.
CHROME_PATH="${CHROMIUM:-/usr/bin/chromium}" "$lighthouse" "http://127.0.0.1:$port/?seed=1" \
  --chrome-flags="--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage" \
  --only-categories=performance,accessibility,best-practices \
  --output=json --output-path=target/bench/lighthouse.json --quiet
node -e '
const r = JSON.parse(require("fs").readFileSync("target/bench/lighthouse.json", "utf8"));
for (const [name, c] of Object.entries(r.categories)) console.log(`${name}: ${Math.round(c.score * 100)}`);'
