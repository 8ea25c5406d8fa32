#!/usr/bin/env bash
# Installs what building, serving and testing the game needs on a fresh
# machine of this project's kind (Debian 12, rustup, Node 20), and skips
# whatever is already there, so a second run takes seconds.
#
#   wasm32 target  rustup target add (falls back to Debian's rustc-web + build-std)
#   Chromium       apt: chromium, chromium-driver (browser tests)
#   wasm-bindgen   cargo install wasm-bindgen-cli, the exact version in Cargo.lock
#   Trunk          cargo install --locked trunk 0.21.14, on the machine's stable Rust
#                  (one version everywhere; 0.22 would need a nightly rustc)
#   PostgreSQL,    apt: postgresql, nats-server and nginx (the store's tests against
#   NATS, nginx    Postgres and the cluster's tests; scripts/postgres.sh and
#                  scripts/cluster.sh start their own, never the machine's services)
#   npm packages   playwright-core (drives Debian's Chromium), binaryen (wasm-opt for Trunk),
#                  @axe-core/playwright (accessibility audits in the e2e tests),
#                  terser (minifies the glue inlined into the release page)
#
# Source scripts/env.sh afterwards for the PATH and build variables.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source scripts/env.sh

TRUNK_VERSION=0.21.14
step() { printf '==> setup: %s\n' "$*"; }
as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

# 1. The wasm32 standard library. FORCE_DEBIAN_RUST=1 takes the fallback
#    even where rustup works (to test it).
if [ -n "${FORCE_DEBIAN_RUST:-}" ] || { ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown && [ ! -e "$DEBIAN_RUST_MARKER" ]; }; then
  step "adding the wasm32-unknown-unknown target"
  if [ -n "${FORCE_DEBIAN_RUST:-}" ] || ! rustup target add wasm32-unknown-unknown; then
    step "rustup could not add it: using Debian's rustc-web with std built from source"
    as_root apt-get update -qq
    as_root apt-get install -y -qq rustc-web cargo-web rust-web-src lld-22
    mkdir -p "$(dirname "$DEBIAN_RUST_MARKER")" && touch "$DEBIAN_RUST_MARKER"
  fi
fi

# 2. Chromium and its driver, for wasm-bindgen-test and Playwright.
if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
  step "installing chromium and chromium-driver"
  as_root apt-get update -qq
  as_root apt-get install -y -qq chromium chromium-driver
fi

# 2b. PostgreSQL's server programs, nats-server and nginx, for the store's
#     tests against Postgres and the cluster's tests.
bash scripts/install-servers.sh

# 3. wasm-bindgen CLI: must equal the wasm-bindgen crate in Cargo.lock.
bindgen_version=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $bindgen_version" ]; then
  step "installing wasm-bindgen-cli $bindgen_version (about 2 minutes)"
  # No --locked: the registry here lacks one of its locked dependency versions.
  cargo install wasm-bindgen-cli --version "$bindgen_version" --force
fi

# 4. Trunk, one version on every machine: 0.21.14 builds on stable Rust
#    (0.22 needs rustc >= 1.96.1, a nightly that a machine of this kind
#    need not have). Its lock file is used (without --locked its
#    dependencies no longer fit). Its own JS minifier gives up on the glue
#    (a warning); it builds no wasm here anyway (scripts/build.mjs does).
trunk_version=$(trunk --version 2>/dev/null || true)
if [ "$trunk_version" != "trunk $TRUNK_VERSION" ]; then
  step "installing trunk $TRUNK_VERSION (about 8 minutes)"
  cargo install --locked trunk --version "$TRUNK_VERSION" --force
  trunk_version=$(trunk --version)
fi

# 5. npm packages, reinstalled only when package-lock.json changed.
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  step "installing npm packages"
  npm ci --no-audit --no-fund --loglevel=error
fi

step "ready ($trunk_version, $(wasm-bindgen --version), wasm-opt $(wasm-opt --version | awk '{print $3}'), chromium $(dpkg-query -W -f='${Version}' chromium 2>/dev/null))"
