#!/usr/bin/env bash
# Issue 19 part 3's figures: paje spark convert in local[1] and local[2] against the single-machine
# paje export -f parquet --no-cache (both read the text trace). Prints a Markdown section (stdout).
#
# Usage: bench/spark.sh [--runs N] [--skip-local1] TRACE...
# One run each by default; user and system CPU seconds, wall seconds and peak RSS by /usr/bin/time.
# The speed-up 1 -> 2 cores is the wall-time ratio; the 64-executor estimate fits Amdahl's model
# T(n) = S + P/n to the two wall times (S = 2*T2 - T1, P = 2*(T1 - T2)) and prints S + P/64.
set -euo pipefail
bench="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source "$bench/common.sh"
runs=1 local1=1 given="$*"
bench_args "--runs --skip-local1" "$@"
measuring_setup spark.sh
"$paje" spark --help >/dev/null   # builds the spark module first, outside the measures
"$paje" --help >/dev/null

# measure CMD...: "user sys wall rss_mb" of CMD (the best wall of $runs runs)
measure() {
  local best="" i r
  for ((i = 0; i < runs; i++)); do
    r=$(timed "$@")
    [ "$r" != "- - - -" ] || { echo "$r"; return; }
    if [ -z "$best" ] || awk -v a="$(echo "$r" | cut -d' ' -f3)" -v b="$(echo "$best" | cut -d' ' -f3)" 'BEGIN {exit !(a < b)}'; then
      best="$r"
    fi
  done
  echo "$best"
}

section_heading "Spark converter vs single machine (issue 19 part 3)"
echo "- Command line: \`bench/spark.sh $given\` (best wall of $runs run(s))."
echo "- \`paje export\` runs with the launcher's default heap and writes its files on all cores;"
echo "  \`paje spark convert\` runs with Spark's defaults (driver = executor in local mode), parts = max(2 x cores, one per 256 MiB)."
echo
for t in "${traces[@]}"; do
  bytes=$(stat -c %s "$t")
  trace_heading "$t"
  echo "| command | user | system | wall | speed (wall) | speed (CPU) | peak RSS |"
  echo "|---|---|---|---|---|---|---|"
  timed_row "export -f parquet --no-cache" "$bytes" "$(measure "$paje" export --no-cache "$t" -f parquet -o "$tmp/pq")"
  echo "  load average now: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
  w1=""
  if [ "$local1" = 1 ]; then
    r1="$(measure "$paje" spark convert "$t" -o "$tmp/s1" --master 'local[1]')"
    timed_row "spark convert local[1]" "$bytes" "$r1"
    w1=$(echo "$r1" | cut -d' ' -f3)
  fi
  r2="$(measure "$paje" spark convert "$t" -o "$tmp/s2" --master 'local[2]')"
  timed_row "spark convert local[2]" "$bytes" "$r2"
  w2=$(echo "$r2" | cut -d' ' -f3)
  echo
  echo "- Load average after: $(cut -d' ' -f1-3 /proc/loadavg)."
  echo "- Sizes: text $(awk -v b="$bytes" 'BEGIN {printf "%.0f MB", b / 1e6}'), export $(du -sm "$tmp/pq" | cut -f1) MB, spark $(du -sm "$tmp/s2" | cut -f1) MB."
  if [ -n "$w1" ] && [ "$w1" != "-" ] && [ "$w2" != "-" ]; then
    awk -v t1="$w1" -v t2="$w2" 'BEGIN {
      s = 2 * t2 - t1; p = 2 * (t1 - t2); if (s < 0) s = 0
      printf "- Speed-up 1 -> 2 cores: %.2f x (wall). Amdahl fit T(n) = S + P/n: S = %.0f s, P = %.0f s; T(64) = %.0f s.\n", t1 / t2, s, p, s + p / 64 }'
  fi
  echo
  rm -rf "$tmp/pq" "$tmp/s1" "$tmp/s2"
done
