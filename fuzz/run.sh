#!/usr/bin/env bash
# Run every fuzz target (or the ones named) for SECONDS each; fail on the first crash.
#   fuzz/run.sh SECONDS [TARGET...]
# Needs a nightly toolchain (`cargo +nightly`) and cargo-fuzz, which is installed from
# crates.io when missing. Without a nightly toolchain it says so and exits 0, so the test
# script runs everywhere. Each target starts from its seeds (fuzz/seeds/TARGET) and works in a
# temporary corpus; a crashing input is kept in fuzz/artifacts/TARGET/ (reproduce it with
# `cargo +nightly fuzz run -s none TARGET fuzz/artifacts/TARGET/crash-…`).
set -euo pipefail
secs=${1:?usage: fuzz/run.sh SECONDS [TARGET...]}
shift
cd "$(dirname "$0")/.."

if ! cargo +nightly --version >/dev/null 2>&1; then
  echo "fuzz: skipped: no nightly toolchain (rustup toolchain install nightly)"
  exit 0
fi
if ! cargo +nightly fuzz --version >/dev/null 2>&1; then
  echo "fuzz: installing cargo-fuzz (crates.io)"
  if ! cargo install cargo-fuzz --locked; then
    echo "fuzz: skipped: cargo-fuzz is missing and could not be installed"
    exit 0
  fi
fi

# Safe Rust needs no AddressSanitizer; debug assertions and overflow checks stay on.
fuzz=(cargo +nightly fuzz)
opts=(-s none)
if [ $# -gt 0 ]; then
  targets=("$@")
else
  mapfile -t targets < <("${fuzz[@]}" list)
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0
for t in "${targets[@]}"; do
  mkdir -p "$work/$t" "fuzz/artifacts/$t"
  dirs=("$work/$t")
  [ -d "fuzz/seeds/$t" ] && dirs+=("fuzz/seeds/$t")
  if "${fuzz[@]}" run "${opts[@]}" "$t" "${dirs[@]}" -- \
      -max_total_time="$secs" -print_final_stats=1 -timeout=20 -rss_limit_mb=4096 \
      >"$work/$t.log" 2>&1; then
    runs=$(grep -m1 -o 'stat::number_of_executed_units: *[0-9]*' "$work/$t.log" | grep -o '[0-9]*$' || echo '?')
    echo "fuzz: $t: ${secs}s, $runs runs, no crash"
  else
    echo "fuzz: $t: CRASH (input kept in fuzz/artifacts/$t/):"
    grep -E 'panicked|ERROR|SUMMARY|Test unit written' "$work/$t.log" | head -n 20
    status=1
  fi
done
exit $status
