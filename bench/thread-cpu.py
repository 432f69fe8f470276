#!/usr/bin/env python3
"""thread-cpu.py CMD...: runs CMD (a java process, stdout to /dev/null), prints wall, user+sys, and CPU seconds per thread
name (threads that ended count with their last sample; names with digits folded: C2 CompilerThre0 -> C2 CompilerThre#)."""
import os, re, subprocess, sys, time
t0 = time.time()
p = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL)
seen = {}
def sample():
    try:
        for t in os.listdir(f"/proc/{p.pid}/task"):
            try:
                s = open(f"/proc/{p.pid}/task/{t}/stat").read()
            except OSError:
                continue
            f = s.rsplit(")", 1)[1].split()
            seen[t] = (s[s.index("(") + 1:s.rindex(")")], (int(f[11]) + int(f[12])) / 100)
    except OSError:
        pass
while p.poll() is None:
    sample(); time.sleep(0.02)
wall = time.time() - t0
out = {}
for n, c in seen.values():
    n = re.sub(r"\d+$", "#", n)
    out[n] = out.get(n, 0) + c
tot = sum(out.values())
print(f"wall {wall:.2f} rc {p.returncode} threads-cpu {tot:.2f}")
for n, c in sorted(out.items(), key=lambda x: -x[1]):
    if c >= 0.05:
        print(f"  {c:6.2f} {n}")
