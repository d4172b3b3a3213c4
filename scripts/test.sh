#!/usr/bin/env bash
# The whole test suite, from a fresh clone on a machine with only Rust:
#   bash scripts/test.sh
# 1. installs what the browser side needs when it is missing (Node.js + npm, Debian's Chromium;
#    with apt-get, as root), then the front end's packages (`npm ci`);
# 2. rebuilds the front end and fails if the committed bundle (crates/web/dist) differs;
#    type-checks, lints and unit-tests it;
# 3. runs every Rust test (`cargo test --release --workspace`);
# 4. runs the browser tests: real games clicked through in headless Chromium against the real
#    server (they save screenshots in crates/web/ui/e2e/screenshots/);
# 5. checks that the fuzz targets' inputs compile, and runs each fuzz target for a few seconds
#    when a nightly toolchain is present.
# Set TABLETOP_SKIP_BROWSER=1 to skip steps 1, 2 and 4 (Rust only).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
ui=crates/web/ui

step() { printf '\n==> %s\n' "$*"; }

need_apt=()
if [ "${TABLETOP_SKIP_BROWSER:-0}" != 1 ]; then
  command -v node >/dev/null 2>&1 || need_apt+=(nodejs)
  command -v npm >/dev/null 2>&1 || need_apt+=(npm)
  [ -x /usr/bin/chromium ] || need_apt+=(chromium)
  if [ ${#need_apt[@]} -gt 0 ]; then
    step "installing ${need_apt[*]}"
    if [ "$(id -u)" = 0 ]; then
      apt-get update -qq
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need_apt[@]}" >/dev/null
    elif command -v sudo >/dev/null 2>&1; then
      sudo apt-get update -qq
      sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need_apt[@]}" >/dev/null
    else
      echo "missing ${need_apt[*]}: install them (Debian: apt-get install ${need_apt[*]})," \
        "or set TABLETOP_SKIP_BROWSER=1 to run the Rust tests only" >&2
      exit 1
    fi
  fi

  step "front end: npm ci"
  (cd "$ui" && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error)

  step "front end: type-check, lint, unit tests"
  (cd "$ui" && npm run --silent check && npm run --silent test)

  step "front end: the committed bundle is the build of the sources"
  (cd "$ui" && npm run --silent build)
  if git -C "$root" rev-parse --git-dir >/dev/null 2>&1; then
    if [ -n "$(git -C "$root" status --porcelain -- crates/web/dist)" ]; then
      git -C "$root" status --short -- crates/web/dist >&2
      echo "crates/web/dist differs from a fresh build of $ui: run 'npm run build' there and commit it" >&2
      exit 1
    fi
  fi
fi

step "Rust: cargo test --release --workspace"
cargo test --release --workspace

if [ "${TABLETOP_SKIP_BROWSER:-0}" != 1 ]; then
  step "browser tests (headless Chromium against the real server)"
  cargo build --release --bin tabletop
  (cd "$ui" && TABLETOP_BIN="${CARGO_TARGET_DIR:-$root/target}/release/tabletop" npm run --silent e2e)
fi

# The fuzz targets' arbitrary inputs compile on stable too (a new Action field without
# `Arbitrary` would otherwise only show where a nightly toolchain is installed).
step "fuzz inputs: cargo check --features arbitrary"
cargo check --release -p tabletop-firefly -p tabletop-mandalorian --features arbitrary

if [ -x fuzz/run.sh ]; then
  step "fuzz targets (bounded)"
  fuzz/run.sh "${TABLETOP_FUZZ_SECONDS:-15}"
fi
