# Sourced by the other scripts: tools on PATH and, when setup had to fall back
# to Debian's Rust for the wasm32 std, the variables that build std from source.
export PATH="$HOME/.cargo/bin:$PWD/node_modules/.bin:$PATH"
export CHROMEDRIVER="${CHROMEDRIVER:-/usr/bin/chromedriver}"
# The test runner gives chromedriver 5 s to start by default; a busy 2-core
# machine once took longer, and the whole wasm layer failed on it.
export WASM_BINDGEN_TEST_DRIVER_TIMEOUT="${WASM_BINDGEN_TEST_DRIVER_TIMEOUT:-60}"
DEBIAN_RUST_MARKER="$PWD/target/.debian-rust-for-wasm"

# Runs a command that builds for wasm32 with the right toolchain.
wasm_build() {
  if [ -e "$DEBIAN_RUST_MARKER" ]; then
    PATH="/usr/bin:/bin:$PATH" RUSTC_BOOTSTRAP=1 CARGO_UNSTABLE_BUILD_STD=std,panic_abort "$@"
  else
    "$@"
  fi
}
