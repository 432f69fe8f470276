#!/usr/bin/env bash
# Builds bench/target/benchmarks.jar, runs the JMH benchmarks and adds their summary to bench/RESULTS.md.
#
# Usage: bench/jmh.sh [--rev REV] [JMH OPTIONS...]
#   --rev REV     benchmark commit REV's core, built from a clean `git archive` copy in bench/.cache/
#                 (the bench module of the working tree is used when REV has none)
#   JMH OPTIONS   passed to JMH, e.g. `LoadBenchmark -p sizeMb=50`, `WindowBenchmark -p zoom=100` or
#                 `-wi 1 -i 2`; `-h` lists them, `-l` lists the benchmarks
# Without a benchmark name it runs them all (about 5 minutes on 2 cores): LoadBenchmark (TraceLoader, read
# and simulate), TokenizerBenchmark (ChunkTokenizer alone, one thread), SimulatorBenchmark (Simulator alone,
# replaying recorded reader calls), WindowBenchmark (Window queries at 3 zoom levels) and TracerBenchmark
# (trace-api: ns per traced line from 1 and 4 threads; on a shared machine see also dev.paje.bench.TracerCpu).
# The raw results are written to bench/jmh-result.json.
set -euo pipefail
bench="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source "$bench/common.sh"

rev=""
if [ "${1:-}" = "--rev" ]; then rev="${2:?--rev needs a commit}"; shift 2; fi
case "${1:-}" in --rev=*) rev="${1#*=}"; shift ;; esac

if [ -n "$rev" ]; then
  tree=$(export_rev "$rev")
  label=$(basename "$tree"); label=${label#rev-}
  if [ ! -f "$tree/bench/pom.xml" ] || [ -f "$tree/bench/.copied" ]; then # REV predates the bench module
    mkdir -p "$tree/bench" && rm -rf "$tree/bench/src"
    cp -r "$bench/pom.xml" "$bench/src" "$tree/bench/" && touch "$tree/bench/.copied"
    rm -rf "$tree/bench/src/main/java/dev/paje/server" # the viewer's timing tools: REV has no such server
    grep -q '<module>bench</module>' "$tree/pom.xml" \
      || sed -i 's|<module>cli</module>|<module>cli</module>\n    <module>bench</module>|' "$tree/pom.xml"
    label="$label, bench module of the working tree"
  fi
else
  tree="$repo"
  label=$(build_label)
fi

echo "building $tree/bench/target/benchmarks.jar..." >&2
(cd "$tree" && ./mvnw -q -B package -DskipTests -pl bench -am) >&2

load=$(cut -d' ' -f1 /proc/loadavg)
json="$bench/jmh-result.json"
java -jar "$tree/bench/target/benchmarks.jar" -rf json -rff "$json" "$@"

work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
{
  machine_facts "$load"
  if awk -v l="$load" -v n="$(nproc)" 'BEGIN { exit !(l >= n / 2) }'; then
    echo "- **Shared machine**: load average $load before measuring, $(cut -d' ' -f1 /proc/loadavg) after (other jobs"
    echo "  were running): scores are lower and noisier than on an idle machine; compare only with care."
  fi
  echo "- Build: \`$label\`; JMH $(python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); print(r[0]["jmhVersion"] if r else "?")' "$json"), raw results in \`bench/jmh-result.json\`"
  echo
  python3 - "$json" <<'EOF'
import json, sys
results = json.load(open(sys.argv[1]))
print("| benchmark | params | forks × iterations | ops/s | time per op | MB/s | event lines/s | rows per op | each iteration |")
print("|---|---|---|---:|---:|---:|---:|---:|---|")
def num(x, digits):
    if digits is None:  # as many digits as a rate needs: 2 below 100, none above
        digits = 2 if abs(x) < 100 else 0
    return f"{x:,.{digits}f}"
def fmt(m, scale=1.0, digits=None):
    if m is None:
        return ""
    err = m.get("scoreError")
    s = num(m["score"] * scale, digits)
    if isinstance(err, (int, float)) and err == err:  # NaN when there are too few iterations
        s += " ± " + num(err * scale, digits)
    return s
def duration(seconds):
    for unit, scale in (("s", 1), ("ms", 1e3), ("µs", 1e6), ("ns", 1e9)):
        if seconds * scale >= 1 or unit == "ns":
            v = seconds * scale
            return f"{v:,.{0 if v >= 100 else 1 if v >= 10 else 2}f} {unit}"
for r in results:
    p, sec = r["primaryMetric"], r.get("secondaryMetrics", {})
    params = ", ".join(f"{k}={v}" for k, v in (r.get("params") or {}).items())
    shape = f"{r['forks']} × {r['measurementIterations']} × {r['measurementTime']}"
    ops = p["scoreUnit"] == "ops/s" and p["score"] > 0
    per_op = duration(1 / p["score"]) if ops else ""
    events, rows = sec.get("events"), sec.get("rows")
    per_row = f"{rows['score'] / p['score']:,.1f}" if rows and ops else ""
    # each iteration: MB/s when the benchmark reports it, else the primary score
    each, unit = (sec["mb"], "MB/s") if "mb" in sec else (p, p["scoreUnit"])
    raw = " / ".join(num(x, 1 if x < 1000 else 0) for fork in each.get("rawData", []) for x in fork)
    print(f"| {r['benchmark'].split('.', 3)[-1]} | {params} | {shape} | {fmt(p)} | {per_op} | {fmt(sec.get('mb'), digits=1)} "
          f"| {fmt(events, 1e-6, 2) + ' M' if events else ''} | {per_row} | {raw + ' ' + unit if raw else ''} |")
EOF
  echo
  echo "Scores are means over the measurement iterations ± JMH's 99.9% confidence half-interval (none with"
  echo "fewer than 2 iterations). One op: LoadBenchmark, one load of the whole trace (read on all cores, then"
  echo "simulated); TokenizerBenchmark, tokenizing all its ~4 MB chunks on one thread; SimulatorBenchmark,"
  echo "replaying all its events into a fresh simulator (MB/s: of the trace text they came from);"
  echo "WindowBenchmark, one random window of 1/zoom of the trace's time span queried in every table of one"
  echo "kind (states, events, variables, links) of every container (rows per op: rows returned)."
  echo "TracerBenchmark (trace-api), one traced line: a push or a pop, a variable set, a link start or end."
  echo "Load average after measuring: $(cut -d' ' -f1-3 /proc/loadavg) (1, 5, 15 min)."
} > "$work/section"
put_section "$(date +%F) · $label · JMH" "$work/section"
echo >&2
cat "$work/section"
echo "written to $results" >&2
