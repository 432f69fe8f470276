#!/usr/bin/env bash
# A cached reopen of a big trace, then view.sh's 40 seeded windows (100 rows x 1500 px) asked back to back from one
# process, with no pause between requests (view.sh's own loop starts several processes per window: a pause of ~200 ms
# in which the viewer's idle warm-up runs), then the whole trace: p95 (the 3rd slowest of 40), median, slowest three.
#
# Usage: bench/view-burst.sh TRACE CACHE_DIR   (CACHE_DIR holds the trace's sealed store, e.g. from a view.sh run;
# PAJE_HEAP, default 256m; PAJE_JAR runs that jar with the launcher's flags instead of ./paje; JFLAGS adds JVM flags after
# the launcher's, with PAJE_JAR only; PORT, default 8799; DETAIL=FILE appends each window's number, width (fraction of the
# trace) and time in ms; PASSES=N asks the 41 windows N times and prints each later pass's figures too, warm).
# Also prints the time to ready and the peak RSS (after the first pass).
set -euo pipefail
bench="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
T=${1:?which trace?}; C=${2:?which cache directory?}; port=${PORT:-8799}
export PAJE_HEAP=${PAJE_HEAP:-256m}
. "$bench/common.sh"; viewer_cmd
t0=$(date +%s.%N)
"${paje[@]}" view --no-browser --cache-dir "$C" -p "$port" "$T" > /dev/null 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null || true' EXIT
DETAIL=${DETAIL:-} PASSES=${PASSES:-1} python3 - "$port" "$t0" "$pid" <<'PY'
import os, sys, time, json, random, urllib.request
base = 'http://127.0.0.1:%s' % sys.argv[1]
while True:
    try:
        if '"ready"' in urllib.request.urlopen(base + '/api/status', timeout=10).read().decode():
            break
    except OSError:
        pass
    time.sleep(0.1)
ready = time.time() - float(sys.argv[2])
end = json.load(urllib.request.urlopen(base + '/api/meta'))['end']
rows = ','.join(str(i) for i in range(1, 101))
def window(s, e):
    t = time.perf_counter()
    urllib.request.urlopen('%s/api/window?start=%s&end=%s&width=1500&containers=%s&format=bin' % (base, s, e, rows)).read()
    return time.perf_counter() - t
spans = []
for k in range(1, 41):  # view.sh's windows: the same seeds and formula
    random.seed(k); w = end * 10 ** random.uniform(-4, 0); s = random.uniform(0, end - w); spans.append((k, s, s + w))
for p in range(int(os.environ['PASSES'])):
    times = [(window(s, e), k) for k, s, e in spans]
    whole = window(0, end)
    if os.environ['DETAIL']:
        with open(os.environ['DETAIL'], 'a') as f:
            for (x, k), (_, s, e) in zip(times, spans):
                f.write('%d %d %.3e %.1f\n' % (p, k, (e - s) / end, x * 1000))
            f.write('%d whole 1 %.1f\n' % (p, whole * 1000))
    times.sort()
    rest = ''
    if p == 0:
        hwm = next(int(l.split()[1]) // 1024 for l in open('/proc/%s/status' % sys.argv[3]) if l.startswith('VmHWM'))  # ./paje execs the JVM
        rest = '; ready %.2f s, peak RSS %d MB' % (ready, hwm)
    print('%s: p95 %.0f ms, median %.0f ms, whole %.0f ms, slowest %s%s' % ('burst' if p == 0 else 'pass %d' % p,
          times[37][0] * 1000, times[19][0] * 1000, whole * 1000, ', '.join('#%d %.0f' % (k, x * 1000) for x, k in times[::-1][:3]), rest))
PY
