#!/bin/bash
# aggregate-first-screen.sh JAR STORE TRACE OUTPREFIX [extra JVM flags...]: the page's first screen on a big trace (all nodes
# collapsed: /api/window?aggregate=the nodes) over HTTP, whole trace x3, a tenth, 40-45 %, one node, the root; per answer
# its time, size, md5 (to compare builds: exact answers) and the server's CPU seconds so far; peak RSS. Run it under the lock.
J=$1; C=$2; T=$3; O=$4; shift 4; port=8879
. /work/main/cli/src/main/sh/jvm-flags.sh; export PAJE_HEAP=256m; mapfile -t flags <<< "$(paje_jvm_flags)"
java "${flags[@]}" "$@" -jar $J view --no-browser --cache-dir $C -p $port $T >/dev/null 2>$O.err & pid=$!
until curl -s http://127.0.0.1:$port/api/status 2>/dev/null | grep -q '"ready"'; do sleep 0.1; done
curl -s http://127.0.0.1:$port/api/meta > $O.meta.json
read end nodes < <(python3 -c '
import json; m=json.load(open("'$O'.meta.json"))
ids=[str(c["id"]) for c in m["containers"] if c.get("children")]
print(m["end"], ",".join(ids[1:] if len(ids)>1 else ids))')
cpu() { awk '{print ($14+$15)/100}' /proc/$pid/stat; }
echo "nodes: $(echo $nodes | tr ',' '\n' | wc -l) cpu-at-ready $(cpu)"
q() { curl -s -o $O.$1.out -w "$1: %{time_total} s, %{size_download} B" "http://127.0.0.1:$port/api/window?start=$2&end=$3&width=1500&containers=$nodes&aggregate=$4"; echo " md5 $(md5sum < $O.$1.out | cut -c1-12) cpu $(cpu)"; }
q whole1 0 $end $nodes
q whole2 0 $end $nodes
q whole3 0 $end $nodes
q tenth 0 $(python3 -c "print($end/10)") $nodes
q mid 0$(python3 -c "print($end*0.4)") $(python3 -c "print($end*0.45)") $nodes
first=$(echo $nodes | cut -d, -f1)
q onenode 0 $end $first
q root 0 $end $(python3 -c 'import json; m=json.load(open("'$O'.meta.json")); print([c["id"] for c in m["containers"] if c.get("children")][0])')
grep VmHWM /proc/$pid/status
kill $pid; wait $pid 2>/dev/null
