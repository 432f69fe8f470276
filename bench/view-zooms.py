#!/usr/bin/env python3
# The windows of bench/view.sh (100 rows x 1500 px, widths 1e-4..1 of the trace, python's random seeded
# 1..40, plus the whole trace) asked PASSES times of a viewer already serving on PORT: per window its
# width as a fraction of the trace, its time and its size, sorted by width; then per pass the median
# and p95 as bench/view.sh computes them. Which zoom is slow, and how it changes once the cache is warm.
#
# Usage: bench/view-zooms.py PORT [PASSES]
import json, random, sys, time, urllib.request

port = int(sys.argv[1])
passes = int(sys.argv[2]) if len(sys.argv) > 2 else 1
base = f"http://127.0.0.1:{port}"
end = json.load(urllib.request.urlopen(base + "/api/meta"))["end"]
rows = ",".join(str(i) for i in range(1, 101))
wins = []
for k in range(1, 41):
    random.seed(k)
    w = end * 10 ** random.uniform(-4, 0)
    s = random.uniform(0, end - w)
    wins.append((k, s, s + w))
wins.append((0, 0, end))
for p in range(passes):
    res = []
    for k, s, e in wins:
        url = f"{base}/api/window?start={s}&end={e}&width=1500&containers={rows}"
        t0 = time.perf_counter()
        n = len(urllib.request.urlopen(url).read())
        res.append(((e - s) / end, (time.perf_counter() - t0) * 1000, n, k))
    for frac, ms, n, k in sorted(res):
        print(f"pass {p} k={k:2d} frac={frac:.2e} {ms:7.1f} ms {n / 1e6:6.2f} MB")
    ts = sorted(r[1] for r in res if r[3] != 0)
    whole = [r[1] for r in res if r[3] == 0][0]
    print(f"pass {p}: median {ts[len(ts) // 2 - 1]:.1f} p95 {ts[int(len(ts) * 0.95) - 1]:.1f} whole {whole:.1f}")
