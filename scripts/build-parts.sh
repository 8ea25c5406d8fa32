#!/usr/bin/env bash
# Builds the parts that load later (docs/page.md, "What loads later") into Trunk's
# staging directory. scripts/post-build.mjs, Trunk's post-build hook
# (Trunk.toml), runs it first in every build, so `trunk build --release`
# builds everything and `trunk serve` keeps working. The parts:
# - review (crates/set-review): statistics, analysis, replay and the drills;
# - api (crates/set-api): the JS API (check, explain and sets, and deal,
#   hint, state, slot_rect and card_rect through the page's bridge), which
#   the page adds to window.wasmBindings once its game has started;
# - race: the page crate built with its `race` feature, the game with other
#   players, which race.html runs (scripts/race-page.mjs writes that page);
# - online (crates/set-online): the room page's client, which online.html
#   runs (scripts/online-page.mjs writes that page).
#   It builds into a target directory of its own, so that the page's build
#   and this one do not rebuild each other.
# - standings (crates/set-online with its `standings` feature): the
#   leaderboards and profiles, which online.html fetches once it has drawn;
#   a target directory of its own, so that its features and the online
#   part's do not rebuild each other.
#
# For each part: cargo builds it for wasm32 in Trunk's profile, wasm-bindgen
# writes its ES-module glue (`--target web`), wasm-opt shrinks it in release
# builds, and both files get a content hash in their names, which the page's
# `<template id="parts">` is pointed at. scripts/post-build.mjs then shortens
# its names and minifies its glue in release builds, as it does the page's.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source scripts/env.sh
dir=${TRUNK_STAGING_DIR:?build-parts: TRUNK_STAGING_DIR is not set (run by Trunk)}
profile=${TRUNK_PROFILE:-debug}
flags=()
[ "$profile" = release ] && flags=(--release)

build_part() { # crate, file stem, target directory, cargo's extra flags
  local crate=$1 stem=$2 target=$3 out="target/parts/$profile/$2"
  shift 3
  wasm_build cargo build --target wasm32-unknown-unknown -p "$crate" --target-dir "$target" "${flags[@]}" "$@"
  rm -rf "$out" && mkdir -p "$out"
  wasm-bindgen --target web --no-typescript --out-dir "$out" --out-name "$stem" \
    "$target/wasm32-unknown-unknown/$profile/${crate//-/_}.wasm"
  if [ "$profile" = release ]; then
    wasm-opt "$out/${stem}_bg.wasm" -o "$out/${stem}_bg.wasm" --low-memory-unused --converge --flatten --rereloop -Oz --gufa -Oz \
      --strip-producers --strip-target-features \
      --enable-bulk-memory --enable-reference-types --enable-nontrapping-float-to-int --enable-sign-ext \
      --enable-multivalue --enable-mutable-globals
  fi
  local hash
  hash=$(cat "$out/$stem.js" "$out/${stem}_bg.wasm" | sha256sum | cut -c1-16)
  cp "$out/$stem.js" "$dir/$stem-$hash.js"
  cp "$out/${stem}_bg.wasm" "$dir/$stem-${hash}_bg.wasm"
  # Trunk's release builds minify the page: the attributes may have lost their quotes.
  # race.html and online.html name their own (scripts/race-page.mjs, online-page.mjs).
  [ "$stem" = race ] || [ "$stem" = online ] || [ "$stem" = standings ] && return
  sed -i -E -e "s#href=[\"']?$stem\.js[\"']?#href=\"$stem-$hash.js\"#" \
    -e "s#href=[\"']?${stem}_bg\.wasm[\"']?#href=\"$stem-${hash}_bg.wasm\"#" "$dir/index.html"
  grep -q "href=\"$stem-$hash.js\"" "$dir/index.html" || { echo "build-parts: index.html names no $stem.js" >&2; exit 1; }
}

build_part set-review review target
build_part set-api api target --features part
build_part set-game race target/race --features race
build_part set-online online target
build_part set-online standings target/standings --features standings
