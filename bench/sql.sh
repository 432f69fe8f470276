#!/usr/bin/env bash
# Issue 19's figures: Parquet export and SQL over a trace. Prints a Markdown section (stdout).
#
# Usage: bench/sql.sh [--heap SIZE] TRACE...
#   --heap SIZE   PAJE_HEAP of every run (default 256m: the export's memory must not grow with the trace)
# For each TRACE: one load that writes the store cache (validate), then export -f parquet from that
# cache and with --no-cache (user and system CPU seconds, wall seconds and peak RSS by /usr/bin/time),
# the size of each table against the trace, and `paje sql --timer` with the README's "time per state
# value" query twice: the first run exports the tables next to the cache, the second only queries
# (DuckDB's run time of the statement, and the whole command's wall time). One run each.
set -euo pipefail
bench="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source "$bench/common.sh"
heap=256m
bench_args "--heap" "$@"
measuring_setup sql.sh
query='SELECT c.type AS container_type, s.type, s.value, sum(s.duration) AS seconds FROM states s JOIN containers c ON c.id = s.container_id GROUP BY ALL ORDER BY container_type, seconds DESC'

# measure CMD...: "user sys wall rss_mb" of CMD run with PAJE_HEAP=$heap (see timed in common.sh)
measure() {
  PAJE_HEAP=$heap timed "$@"
}

section_heading "Parquet export and SQL (issue 19)"
echo "- Command lines: \`bench/sql.sh --heap $heap${traces[*]/#/ }\`; every paje run as \`PAJE_HEAP=$heap ./paje ...\`."
echo "- Speeds: MB of trace per wall second, and per CPU second (user + system; the export writes its files"
echo "  on all cores, one per thread). On a shared, loaded machine only the CPU speeds compare."
echo
for t in "${traces[@]}"; do
  bytes=$(stat -c %s "$t")
  out="$tmp/pq"
  trace_heading "$t"
  echo "| command | user | system | wall | speed (wall) | speed (CPU) | peak RSS |"
  echo "|---|---|---|---|---|---|---|"
  timed_row "validate (writes or reopens the store cache)" "$bytes" "$(measure "$paje" validate "$t")"
  timed_row "export -f parquet (from the cache)" "$bytes" "$(measure "$paje" export "$t" -f parquet -o "$out")"
  du_total=$(du -cb "$out"/*.parquet | tail -1 | cut -f1)
  sizes=$(for f in "$out"/*.parquet; do printf '%s %s MB, ' "$(basename "$f" .parquet)" "$(awk -v b="$(stat -c %s "$f")" 'BEGIN {printf "%.1f", b / 1e6}')"; done)
  timed_row "export -f parquet --no-cache" "$bytes" "$(measure "$paje" export --no-cache "$t" -f parquet -o "$out")"
  timed_row "export -f parquet --compression none (from the cache)" "$bytes" "$(measure "$paje" export "$t" -f parquet --compression none -o "$out.none")"
  none_total=$(du -cb "$out.none"/*.parquet | tail -1 | cut -f1)
  rm -rf "$(dirname "$t")/.$(basename "$t")".*.pjcache.parquet # a first run: no tables yet
  timed_row "sql (first: exports the tables next to the cache)" "$bytes" "$(measure "$paje" sql --timer "$t" "$query")"
  first=$(grep 'Run Time' "$tmp/err" || true)
  timed_row "sql (tables cached)" "$bytes" "$(measure "$paje" sql --timer "$t" "$query")"
  second=$(grep 'Run Time' "$tmp/err" || true)
  echo
  awk -v p="$du_total" -v n="$none_total" -v b="$bytes" 'BEGIN {
    printf "- Parquet (gzip): %.1f MB, %.1f%% of the trace; uncompressed: %.1f MB, %.1f%%.\n", p / 1e6, 100 * p / b, n / 1e6, 100 * n / b }'
  echo "- Tables (gzip): ${sizes%, }."
  echo "- DuckDB's time for the query (\`--timer\`): first run ${first#Run Time: }, tables cached ${second#Run Time: }."
  echo
done
