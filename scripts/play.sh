#!/usr/bin/env bash
# Sets everything up (first run: about 12 minutes; later: seconds), builds the
# release page and serves it on 127.0.0.1. PORT=9000 picks another port.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
bash scripts/setup.sh
source scripts/env.sh
wasm_build trunk build --release
exec node scripts/serve.mjs dist --port "${PORT:-8080}"
