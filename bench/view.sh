#!/usr/bin/env bash
# paje view on a big trace: time until the server is ready and peak RSS, for the first load (writing the
# cache) and a cached reopen, and /api/window times for 100 rows at 1500 px over 40 random windows
# (widths 1e-4..1 of the trace, seeded) plus the whole trace.
#
# Usage: HEAP=256m bench/view.sh TRACE [CACHE_DIR]   (HEAP is PAJE_HEAP, default 256m; CACHE_DIR is emptied;
# PORT, default 8765, for a machine where another viewer has that port; PAJE_JAR runs that jar with the
# launcher's JVM flags instead of ./paje, e.g. main's build to compare; REUSE=1 keeps CACHE_DIR and runs
# only the cached reopen, for a cache an earlier run of the same store format wrote; DETAIL=FILE appends each
# window's run, number, width (fraction of the trace), time, bytes and when it ended (seconds since the JVM was started,
# to set beside -Xlog:gc's uptime) to FILE, to compare builds window by window;
# JFLAGS adds JVM flags after the launcher's, with PAJE_JAR only: e.g. JFLAGS=-Xlog:gc:file=gc.log; FORMAT=bin,
# the default, asks for what the page asks, binary answers (format=bin; a jar without them answers JSON), FORMAT=json
# for JSON ones; each answer's bytes go with DETAIL)
set -euo pipefail
bench="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
T=${1:?which trace?}; C=${2:-$(mktemp -d)}; port=${PORT:-8765}; format=${FORMAT:-bin}
runs="first cached"
if [ "${REUSE:-0}" = 1 ]; then runs=cached; else rm -rf "$C"; fi
mkdir -p "$C"
export PAJE_HEAP=${HEAP:-256m}
. "$bench/common.sh"; viewer_cmd
# Polls /api/status every 0.1 s from one process until the answer holds $1 (or, "!X", no longer holds X), and
# prints it: a curl and a grep per poll took ~10 ms of CPU (measured: 0.96 s for 100), ~5 CPU-s over a 10 GB
# load, taken from the load being timed; one Python process polls for a few ms in all.
poll_status() {
  python3 - "$port" "$1" <<'PY'
import sys, time, urllib.request
url, want = 'http://127.0.0.1:%s/api/status' % sys.argv[1], sys.argv[2]
while True:
    try:
        s = urllib.request.urlopen(url, timeout=10).read().decode()
        if (want[1:] not in s) if want.startswith('!') else (want in s):
            print(s)
            break
    except OSError:
        pass
    time.sleep(0.1)
PY
}
for run in $runs; do
  t0=$(date +%s.%N)
  "${paje[@]}" view --no-browser --cache-dir "$C" -p $port "$T" > /dev/null 2>&1 &
  pid=$!
  trap 'kill $pid 2>/dev/null || true' EXIT # a failed step must not leave the viewer running (it would hold the port and the lock)
  st=$(poll_status '"ready"')
  t1=$(date +%s.%N)
  # the server's clock starts after the JVM's: its "seconds" at ready give the offset to this script's
  offset=$(echo "$st" | python3 -c "import json,sys; print($t1 - $t0 - json.load(sys.stdin)['seconds'])")
  jpid=$pid # ./paje execs the JVM (pgrep would find another user's viewer on a shared machine)
  cpu=$(awk -v hz="$(getconf CLK_TCK)" '{printf "%.2f", ($14 + $15) / hz}' /proc/"$jpid"/stat) # user + system until ready
  rows=$(seq -s, 1 100)
  end=$(curl -s http://127.0.0.1:$port/api/meta | python3 -c 'import json,sys; print(json.load(sys.stdin)["end"])')
  times=()
  for k in $(seq 1 40); do
    read -r s e < <(python3 -c "import random; random.seed($k); w=$end*10**random.uniform(-4,0); s=random.uniform(0,$end-w); print(s, s+w)")
    read -r t bytes < <(curl -s -o /dev/null -w '%{time_total} %{size_download}\n' "http://127.0.0.1:$port/api/window?start=$s&end=$e&width=1500&containers=$rows&format=$format")
    times+=("$t")
    if [ -n "${DETAIL:-}" ]; then echo "$run $k $(python3 -c "print('%.3e' % (($e - $s) / $end))") $t $bytes $(echo "$(date +%s.%N) - $t0" | bc)" >> "$DETAIL"; fi
  done
  read -r whole bytes < <(curl -s -o /dev/null -w '%{time_total} %{size_download}\n' "http://127.0.0.1:$port/api/window?start=0&end=$end&width=1500&containers=$rows&format=$format")
  if [ -n "${DETAIL:-}" ]; then echo "$run whole 1 $whole $bytes $(echo "$(date +%s.%N) - $t0" | bc)" >> "$DETAIL"; fi
  p95=$(printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int(NR*0.95)]}')
  med=$(printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int(NR*0.5)]}')
  # summaries still built after ready (a progressive seal): wait for the last one, timed by the server
  done_at=""
  st=$(poll_status '!"building"')
  s_at=$(echo "$st" | python3 -c "import json,sys; s=json.load(sys.stdin).get('summaries'); print(s['seconds'] if s and 'seconds' in s else '')")
  if [ -n "$s_at" ]; then done_at="; all summaries done after $(python3 -c "print('%.2f' % ($s_at + $offset))") s"; fi
  hwm=$(awk '/VmHWM/ {print int($2/1024)}' /proc/"$jpid"/status)
  echo "$run: ready after $(echo "$t1 - $t0" | bc) s (${cpu} CPU-s), peak RSS ${hwm} MB; /api/window 100 rows x 1500 px: median ${med} s, p95 ${p95} s; whole trace ${whole} s${done_at}"
  kill "$jpid"; wait $pid 2>/dev/null || true
done
