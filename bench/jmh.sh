#!/usr/bin/env bash
# Builds bench/target/benchmarks.jar, runs the JMH benchmarks and adds their summary to bench/RESULTS.md.
#
# Usage: bench/jmh.sh [--rev REV] [JMH OPTIONS...]
#   --rev REV     benchmark commit REV's core, built from a clean `git archive` copy in bench/.cache/
#                 (the bench module of the working tree is used when REV has none)
#   JMH OPTIONS   passed to JMH, e.g. `LoadBenchmark -p sizeMb=50` or `-wi 1 -i 2`; `-h` lists them
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
  echo "- Build: \`$label\`; JMH $(python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); print(r[0]["jmhVersion"] if r else "?")' "$json"), raw results in \`bench/jmh-result.json\`"
  echo
  python3 - "$json" <<'EOF'
import json, sys
results = json.load(open(sys.argv[1]))
print("| benchmark | params | forks × iterations | loads/s | MB/s | event lines/s | time per load (ms) | MB/s of each iteration |")
print("|---|---|---|---:|---:|---:|---:|---|")
def fmt(m, scale=1.0, digits=2):
    if m is None:
        return ""
    err = m.get("scoreError")
    s = f"{m['score'] * scale:,.{digits}f}"
    if isinstance(err, (int, float)) and err == err:  # NaN when there are too few iterations
        s += f" ± {err * scale:,.{digits}f}"
    return s
for r in results:
    p, sec = r["primaryMetric"], r.get("secondaryMetrics", {})
    params = ", ".join(f"{k}={v}" for k, v in (r.get("params") or {}).items())
    shape = f"{r['forks']} × {r['measurementIterations']} × {r['measurementTime']}"
    per_load = f"{1000 / p['score']:,.0f}" if p["scoreUnit"] == "ops/s" and p["score"] > 0 else ""
    events = sec.get("events")
    print(f"| {r['benchmark'].split('.', 3)[-1]} | {params} | {shape} | {fmt(p)} | {fmt(sec.get('mb'), digits=1)} "
          f"| {fmt(events, 1e-6, 2) + ' M' if events else ''} | {per_load} "
          f"| {' / '.join(f'{x:.1f}' for fork in sec.get('mb', {}).get('rawData', []) for x in fork)} |")
EOF
  echo
  echo "Scores are means over the measurement iterations ± JMH's 99.9% confidence half-interval."
} > "$work/section"
put_section "$(date +%F) · $label · JMH" "$work/section"
echo >&2
cat "$work/section"
echo "written to $results" >&2
