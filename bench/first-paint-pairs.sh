#!/usr/bin/env bash
# Issue 13's "viewer ready (first paint) within first-load time + 1 s", as alternated pairs on a warm page cache:
# the CLI's first load (validate writing a fresh cache; wall, user and sys seconds, peak RSS), then the viewer's first
# load (bench/aggregate-first-screen.sh: last byte, ready, first paint = the collapsed whole view answered).
#
# Usage: bench/first-paint-pairs.sh ROUNDS TRACE [JAR]   (JAR: default cli/target/paje.jar; PAJE_HEAP=256m;
# the caches go to fresh temporary folders, removed after each run)
set -euo pipefail
bench="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
R=${1:?how many pairs?}; T=${2:?which trace?}; J=${3:-$bench/../cli/target/paje.jar}
. "$bench/../cli/src/main/sh/jvm-flags.sh"; export PAJE_HEAP=256m; mapfile -t flags <<< "$(paje_jvm_flags validate)"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
for r in $(seq 1 "$R"); do
  cat "$T" > /dev/null
  { /usr/bin/time -f "pair $r: cli first load %e s (%U user, %S sys), peak RSS %M KB" \
    java "${flags[@]}" -jar "$J" validate --cache-dir "$tmp/cli" "$T" > /dev/null; } 2>&1
  rm -rf "$tmp/cli"
  cat "$T" > /dev/null
  bash "$bench/aggregate-first-screen.sh" "$J" "$tmp/view" "$T" "$tmp/answers" 2>&1 \
    | grep -E 'last-byte|ready-at|paint-at|whole1|tenth|VmHWM' | sed "s/^/pair $r: viewer /" | cut -c1-160
  rm -rf "$tmp/view"
done
