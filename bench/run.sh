#!/usr/bin/env bash
# End-to-end benchmark of the paje command on big traces; writes its section of bench/RESULTS.md.
#
# Usage: bench/run.sh [TRACE...] [--runs N] [--rev REV]
#   TRACE     100mb | 1gb | simgrid | all (default: all)
#   --runs N  timed runs of each command (default 3); the median is reported
#   --rev REV measure commit REV, built from a clean `git archive` copy in bench/.cache/
#             (default: cli/target/paje.jar, built when missing)
# Environment: PAJE_HEAP (default 16g), the JVM's -Xmx.
#
# Traces are generated once and cached in bench/.cache/ (delete a file there to regenerate it):
#   100mb    ../shared/tools/gen-synthetic-trace.py --size-mb 100
#   1gb      ../shared/tools/gen-synthetic-trace.py --size-mb 1000
#   simgrid  ../shared/tools/simgrid/make-trace.sh 6000 (installs libsimgrid-dev on first use)
set -euo pipefail
bench="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source "$bench/common.sh"
shared="$repo/../shared"
heap="${PAJE_HEAP:-16g}"

usage() { sed -n '2,14s/^# \{0,1\}//p' "${BASH_SOURCE[0]}"; exit "${1:-0}"; }
runs=3 rev="" traces=()
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs="${2:?--runs needs a number}"; shift ;;
    --runs=*) runs="${1#*=}" ;;
    --rev) rev="${2:?--rev needs a commit}"; shift ;;
    --rev=*) rev="${1#*=}" ;;
    -h|--help) usage ;;
    all) traces=(100mb 1gb simgrid) ;;
    100mb|1gb|simgrid) [[ " ${traces[*]-} " == *" $1 "* ]] || traces+=("$1") ;;
    *) echo "run.sh: unknown argument '$1' (see bench/run.sh --help)" >&2; exit 2 ;;
  esac
  shift
done
[[ "$runs" =~ ^[1-9][0-9]*$ ]] || { echo "run.sh: --runs wants a positive number, not '$runs'" >&2; exit 2; }
[ ${#traces[@]} -gt 0 ] || traces=(100mb 1gb simgrid)
all_traces=(100mb 1gb simgrid) # the order of the rows

if [ ! -x /usr/bin/time ]; then
  echo "installing GNU time (Debian package 'time')..." >&2
  apt-get update -qq && apt-get install -y -qq time >/dev/null
fi

# ---- the jar

if [ -n "$rev" ]; then
  tree=$(export_rev "$rev")
  label=$(basename "$tree"); label=${label#rev-}
else
  tree="$repo"
  label=$(build_label)
fi
jar="$tree/cli/target/paje.jar"
if [ ! -f "$jar" ]; then
  echo "building $jar..." >&2
  (cd "$tree" && ./mvnw -q -B package -DskipTests -pl cli -am) >&2
elif [ -z "$rev" ] && [ -n "$(find "$repo/core/src/main" "$repo/cli/src/main" -newer "$jar" -type f 2>/dev/null | head -n 1)" ]; then
  echo "warning: $jar is older than the sources; measuring it as it is (rebuild it, or use --rev)" >&2
fi
jar_note="$([ -n "$rev" ] && echo "built from \`git archive $rev\`" || echo "cli/target/paje.jar of $(date -r "$jar" '+%F %T')")"
# Measure a copy, so that a rebuild during the benchmark cannot mix two builds.
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
cp "$jar" "$work/paje.jar" && jar="$work/paje.jar"
jvm_flags="${PAJE_JVM_FLAGS:--XX:+UseParallelGC -XX:MaxNewSize=600m}"  # as the ./paje launcher
paje() { java -Xmx"$heap" $jvm_flags -jar "$jar" "$@"; }

# ---- the traces, generated once

trace_file() {
  case "$1" in
    100mb) echo "$cache/synthetic-100mb.trace" ;;
    1gb) echo "$cache/synthetic-1gb.trace" ;;
    simgrid) echo "$cache/simgrid-6000.trace" ;;
  esac
}
trace_title() {
  case "$1" in
    100mb) echo "synthetic 100 MB" ;;
    1gb) echo "synthetic 1 GB" ;;
    simgrid) echo "SimGrid SMPI, 6000 iterations$(dpkg-query -W -f=', SimGrid ${Version}' libsimgrid-dev 2>/dev/null | cut -d- -f1)" ;;
  esac
}

make_trace() { # writes NAME.part first, so an interrupted generation is never taken for a trace
  local f part start
  f=$(trace_file "$1"); part="$f.part"
  [ -f "$f" ] && return 0
  echo "generating $f (once)..." >&2
  start=$SECONDS
  case "$1" in
    100mb|1gb)
      python3 "$shared/tools/gen-synthetic-trace.py" --size-mb "$([ "$1" = 1gb ] && echo 1000 || echo 100)" \
        --out "$part" 2>/dev/null
      mv "$part.stats.json" "$f.stats.json" ;;
    simgrid)
      "$shared/tools/simgrid/make-trace.sh" 6000 "$part" >/dev/null ;;
  esac
  mv "$part" "$f"
  echo "  done in $((SECONDS - start)) s" >&2
}

event_lines() { # counted once, cached in NAME.events
  local f="$1"
  if [ ! -s "$f.events" ] || [ "$f.events" -ot "$f" ]; then
    if [ -f "$f.stats.json" ] && [ ! "$f.stats.json" -ot "$f" ]; then
      python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["event_lines"])' "$f.stats.json" > "$f.events"
    else
      grep -vc '^[%#]' "$f" > "$f.events"
    fi
  fi
  cat "$f.events"
}

# ---- measuring

rows="$work/rows" && : > "$rows"

median() { # of sorted numbers, one a line
  awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else printf "%.3f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}
secs() { # GNU time's "h:mm:ss" or "m:ss.ss" to seconds
  awk -F: '{ s = 0; for (i = 1; i <= NF; i++) s = s * 60 + $i; printf "%.2f\n", s }'
}

# measure ID WHAT N -- ARGS...: runs `paje ARGS` N times and appends a row to $rows.
measure() {
  local id="$1" what="$2" n="$3" f bytes events i out rc times=() cpus=() rss=0 median sorted cpu
  shift 4
  f=$(trace_file "$id"); bytes=$(stat -c %s "$f"); events=$(event_lines "$f")
  for ((i = 1; i <= n; i++)); do
    out="$work/time"
    rc=0
    /usr/bin/time -v -o "$out" java -Xmx"$heap" $jvm_flags -jar "$jar" "$@" > /dev/null 2> "$work/stderr" || rc=$?
    if [ "$rc" -ne 0 ]; then
      echo "  $what on $id failed (exit $rc):" >&2; head -5 "$work/stderr" >&2
      printf '| %s | %s | failed (exit %s): %s | | | | | |\n' "$id" "$what" "$rc" \
        "$(head -n 1 "$work/stderr" | sed "s|^$f:|line |" | awk -F': ' '{ print $1 ": " $2 }' | tr '|' '/')" >> "$rows"
      return 0
    fi
    times+=("$(grep 'Elapsed (wall clock)' "$out" | awk '{print $NF}' | secs)")
    cpus+=("$(awk '/(User|System) time \(seconds\)/ { s += $NF } END { printf "%.2f\n", s }' "$out")")
    rss=$(awk -v m="$rss" '/Maximum resident set size/ { if ($NF > m) m = $NF } END { print m }' "$out")
    echo "  $id $what run $i: ${times[-1]} s, $((rss / 1024)) MB peak so far" >&2
  done
  sorted=$(printf '%s\n' "${times[@]}" | sort -g)
  median=$(echo "$sorted" | median)
  cpu=$(printf '%s\n' "${cpus[@]}" | sort -g | median)
  awk -v id="$id" -v what="$what" -v b="$bytes" -v e="$events" -v m="$median" -v cpu="$cpu" -v rss="$rss" \
    -v all="$(echo $sorted | tr ' ' '/')" '
    BEGIN { printf "| %s | %s | %.2f | %.1f | %.2f M | %.2f | %d | %s |\n", id, what, m, b / 1e6 / m, e / 1e6 / m, cpu, rss / 1024, all }' >> "$rows"
}

# Options of the binary cache, when the CLI has one: the full loads are measured without it (--no-cache),
# the cached reopen with a cache kept in bench/.cache/paje-cache, written by one run first.
help=$( { paje --help; paje dump --help; } 2>/dev/null)
no_cache=$(grep -oE -- '--no-cache\b' <<< "$help" | head -n 1 || true)
cache_opt=$(grep -oE -- '--[a-z-]*cache[a-z-]*(=[^ ,]+)?' <<< "$help" | grep -v -- '--no-' | head -n 1 || true)
if [[ "$cache_opt" == *=* ]]; then
  cache_opt="${cache_opt%%=*}=$cache/paje-cache"
fi

declare -A load # the 1-minute load average before each trace's measurements
echo "paje: $jar ($label), heap -Xmx$heap, $runs runs each" >&2
for id in "${traces[@]}"; do
  make_trace "$id"
  f=$(trace_file "$id")
  load[$id]=$(cut -d' ' -f1 /proc/loadavg)
  measure "$id" "validate${no_cache:+ $no_cache}" "$runs" -- validate $no_cache "$f"
  measure "$id" "dump${no_cache:+ $no_cache}" "$runs" -- dump $no_cache "$f"
  if [ -n "$cache_opt" ]; then
    rm -rf "$cache/paje-cache"
    measure "$id" "dump, writing the cache (1 run)" 1 -- dump "$cache_opt" "$f"
    measure "$id" "cached reopen: dump" "$runs" -- dump "$cache_opt" "$f"
    paje validate "$cache_opt" "$f" > /dev/null 2>&1 || true # validate may keep a cache of its own
    measure "$id" "cached reopen: validate" "$runs" -- validate "$cache_opt" "$f"
  else
    echo "  $id: cached reopen: not implemented yet" >&2
  fi
done

# ---- the table, and its section of RESULTS.md

header='| trace | command | median wall (s) | MB/s | events/s | median CPU (s) | peak RSS (MB) | all runs, wall (s) |
|---|---|---:|---:|---:|---:|---:|---|'
heading="$(date +%F) · $label"
{
  machine_facts
  echo "- Build: \`$label\` ($jar_note), \`java -Xmx$heap $jvm_flags -jar paje.jar\`, $runs runs per command"
  if [ -n "$cache_opt" ]; then
    echo "- Cache: \`${cache_opt/$repo\//}\`, emptied before each trace; full loads with \`${no_cache:-(no option to turn it off)}\`"
  else
    echo "- Cached reopen: not implemented yet (no cache option in \`paje --help\`)"
  fi
  echo
  echo "| trace | file | event lines | load average before |"
  echo "|---|---:|---:|---:|"
  for id in "${all_traces[@]}"; do
    if [[ " ${traces[*]} " == *" $id "* ]]; then
      f=$(trace_file "$id")
      printf '| %s: %s | %.1f MB | %s | %s |\n' "$id" "$(trace_title "$id")" "$(stat -c %s "$f" | awk '{print $1 / 1e6}')" \
        "$(event_lines "$f")" "${load[$id]}"
    else # a trace not measured this time keeps its row from an earlier run of the same build and day
      section_lines "$heading" | grep -E "^\| $id: " || true
    fi
  done
  echo
  echo "$header"
  for id in "${all_traces[@]}"; do
    if [[ " ${traces[*]} " == *" $id "* ]]; then
      grep -E "^\| $id \|" "$rows" || true
    else
      section_lines "$heading" | grep -E "^\| $id \|" || true
    fi
  done
} > "$work/section"
put_section "$heading" "$work/section"

echo
echo "$header"
grep -E '^\| ' "$rows"
if [ -z "$cache_opt" ]; then echo; echo "cached reopen: not implemented yet"; fi
echo "written to $results, section \"## $heading\"" >&2
