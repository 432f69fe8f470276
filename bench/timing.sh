#!/usr/bin/env bash
# Runs one of the viewer's timing tools (bench/src/main/java/dev/paje/server: not tests, they only measure),
# after compiling the bench module and the modules it needs (never installed into ~/.m2).
#
# Usage: bench/timing.sh TOOL ARGS...
#   WindowTiming TRACE [REQUESTS [ROWS]]          /api/window over HTTP and in process, random windows
#   PanTiming TRACE [DRAG_STEPS [HASH_PARAMS]]     panning frames of the page in headless Chromium
#   AggregateTiming TRACE [CACHE_DIR]              /api/window?aggregate= for the largest subtrees
#   AggregateTraceGenerator OUT [NODES THREADS STATES]  writes a trace of NODES x THREADS containers
#   ViewCpu TRACE CACHE_DIR [PASSES] < WINDOWS     CPU per window answer in process (bench/view-cpu.sh runs it)
# Runs from the repository's root (relative paths in ARGS are taken from there).
set -euo pipefail
bench="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source "$bench/common.sh"
tool=${1:?which tool? WindowTiming, PanTiming, AggregateTiming or AggregateTraceGenerator}; shift
cd "$repo"
cp_file="$cache/timing-classpath.txt"
echo "compiling bench and the modules it needs..." >&2
./mvnw -q -B test-compile dependency:build-classpath -pl bench -am -Dmdep.outputFile="$cp_file" >&2
# the reactor's modules as their classes folders (compiling does not package them); the trace generator
# is a test fixture of the server (WindowPartsTest uses it) and reads a test resource of the core
modules=$(for m in core trace-api render sql server bench; do printf '%s:' "$repo/$m/target/classes"; done)
modules="$modules$repo/server/target/test-classes:$repo/core/target/test-classes:"
PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 exec java -cp "$modules$(cat "$cp_file")" "dev.paje.server.$tool" "$@"
