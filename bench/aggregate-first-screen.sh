#!/bin/bash
# aggregate-first-screen.sh JAR STORE TRACE OUTPREFIX [extra JVM flags...]: the page's first screen on a big trace (all nodes
# collapsed: /api/window?aggregate=the nodes) over HTTP, whole trace x3, a tenth, 40-45 %, one node, the root; per answer
# its time, size, md5 (to compare builds: exact answers) and the server's CPU seconds so far; peak RSS. Run it under the lock.
# It times the load itself, from the JVM's start: `last-byte-at` (/api/status done = total), `ready-at` and `paint-at` (whole1
# answered), with the disk reads (/proc/PID/io read_bytes: store blocks evicted from the page cache come back from disk) and
# the CPU per thread at both. While loading it only asks /api/status every 0.25 s from one python process, as the page
# does: the earlier loop (a curl every 0.1 s, and a caller's grep every 0.05 s) took ~0.2 of a core from a 2-core load
# (bench/RESULTS.md, wt-paint12). So `cat TRACE > /dev/null; bench/aggregate-first-screen.sh ...` needs no polling around it.
J=$1; C=$2; T=$3; O=$4; shift 4; port=8879
. "$(dirname "${BASH_SOURCE[0]}")/../cli/src/main/sh/jvm-flags.sh"; export PAJE_HEAP=256m; mapfile -t flags <<< "$(paje_jvm_flags view)"
s0=$(date +%s.%N)
java "${flags[@]}" "$@" -jar $J view --no-browser --cache-dir $C -p $port $T >/dev/null 2>$O.err & pid=$!
python3 - "$pid" "$port" "$s0" "$(stat -c %s $T)" <<'PY'
import json, os, sys, time, urllib.request
pid, port, s0, size = int(sys.argv[1]), sys.argv[2], float(sys.argv[3]), int(sys.argv[4])
seen = {}
def sample():  # CPU per thread name, threads that ended included (their last sample)
    try:
        for t in os.listdir(f"/proc/{pid}/task"):
            try:
                s = open(f"/proc/{pid}/task/{t}/stat").read()
            except OSError:
                continue
            f = s.rsplit(")", 1)[1].split(); seen[t] = (s[s.index("(") + 1:s.rindex(")")], (int(f[11]) + int(f[12])) / 100)
    except OSError:
        pass
    out = {}
    for n, c in seen.values():
        out[n] = out.get(n, 0) + c
    return ", ".join(f"{k} {v:.1f}" for k, v in sorted(out.items(), key=lambda x: -x[1]) if v >= 0.1)
def disk():
    d = dict(l.split(": ") for l in open(f"/proc/{pid}/io").read().split("\n") if l)
    return f"disk read {int(d['read_bytes']) / 1e6:.0f} MB, written {int(d['write_bytes']) / 1e6:.0f} MB"
last = None
while True:
    try:
        st = json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/api/status", timeout=5))
    except Exception:
        st = None
    if not os.path.exists(f"/proc/{pid}"):
        sys.exit("the viewer stopped")
    threads = sample()
    if st and last is None and st.get("total", 0) >= size and st["done"] >= st["total"]:
        last = time.time() - s0
        print(f"last-byte-at {last:.2f} s; {disk()}; threads: {threads}")
    if st and st["state"] != "loading":
        print(f"ready-at {time.time() - s0:.2f} s ({st['state']}); {disk()}; threads: {sample()}", flush=True)
        break
    time.sleep(0.25)
PY
[ -e /proc/$pid ] || exit 1
curl -s http://127.0.0.1:$port/api/meta > $O.meta.json
read end nodes < <(python3 -c '
import json; m=json.load(open("'$O'.meta.json"))
ids=[str(c["id"]) for c in m["containers"] if c.get("children")]
print(m["end"], ",".join(ids[1:] if len(ids)>1 else ids))')
cpu() { awk '{print ($14+$15)/100}' /proc/$pid/stat; }
echo "nodes: $(echo $nodes | tr ',' '\n' | wc -l) cpu-at-ready $(cpu)"
q() { curl -s -o $O.$1.out -w "$1: %{time_total} s, %{size_download} B" "http://127.0.0.1:$port/api/window?start=$2&end=$3&width=1500&containers=$nodes&aggregate=$4"; echo " md5 $(md5sum < $O.$1.out | cut -c1-12) cpu $(cpu)"; }
q whole1 0 $end $nodes
echo "paint-at $(echo "$(date +%s.%N) - $s0" | bc) s"
q whole2 0 $end $nodes
q whole3 0 $end $nodes
q tenth 0 $(python3 -c "print($end/10)") $nodes
q mid 0$(python3 -c "print($end*0.4)") $(python3 -c "print($end*0.45)") $nodes
first=$(echo $nodes | cut -d, -f1)
q onenode 0 $end $first
q root 0 $end $(python3 -c 'import json; m=json.load(open("'$O'.meta.json")); print([c["id"] for c in m["containers"] if c.get("children")][0])')
grep VmHWM /proc/$pid/status
kill $pid; wait $pid 2>/dev/null
