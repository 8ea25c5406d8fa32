#!/usr/bin/env bash
# gz size of the solo page's wasm (and race's with "race") after wasm-opt.
set -e
cd /work/main
source scripts/env.sh
if [ "$1" = race ]; then feat="--no-default-features --features race"; tdir=target/race; else feat=""; tdir=target; fi
wasm_build cargo build -q --target wasm32-unknown-unknown -p set-game --target-dir $tdir --release $feat
mkdir -p .probe/out
wasm-bindgen --target web --no-typescript --out-dir .probe/out --out-name m $tdir/wasm32-unknown-unknown/release/set_game.wasm
wasm-opt .probe/out/m_bg.wasm -o .probe/out/o.wasm -Oz --low-memory-unused --converge --flatten --rereloop -Oz --gufa -Oz --strip-producers --strip-target-features --enable-bulk-memory --enable-reference-types --enable-nontrapping-float-to-int --enable-sign-ext --enable-multivalue --enable-mutable-globals
echo "$1 gz: $(gzip -9c .probe/out/o.wasm | wc -c)"
