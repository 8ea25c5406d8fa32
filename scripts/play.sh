#!/usr/bin/env bash
# Sets everything up (first run: about 15 minutes; later: seconds), builds the
# release page and the server, then runs the server on 127.0.0.1: the game
# alone, with others on one screen, and online (rooms kept in data/set.db).
# PORT=9000 picks another port.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
bash scripts/setup.sh
source scripts/env.sh
wasm_build node scripts/build.mjs --release
cargo build --profile server -p set-server
exec target/server/set-server --addr "127.0.0.1:${PORT:-8080}" --db data/set.db --dist dist
