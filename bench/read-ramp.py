#!/usr/bin/env python3
"""read-ramp.py SIZE CMD...: runs CMD, samples /proc/PID/io rchar every 10 ms: prints the time at which each tenth of SIZE
bytes had been read (the read-ahead is bounded, so it follows the processing), then the end."""
import os, subprocess, sys, time
size = int(sys.argv[1]); t0 = time.time()
p = subprocess.Popen(sys.argv[2:], stdout=subprocess.DEVNULL)
marks = []; nxt = 1
while p.poll() is None:
    try:
        r = int(open(f"/proc/{p.pid}/io").read().split("\n")[0].split()[1])
    except Exception:
        r = 0
    while nxt <= 10 and r >= size * nxt / 10:
        marks.append(f"{nxt*10}%@{time.time()-t0:.2f}"); nxt += 1
    time.sleep(0.01)
print(" ".join(marks), f"end@{time.time()-t0:.2f}")
