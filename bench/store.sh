#!/usr/bin/env bash
# Issue 13's figures: loading at disk speed with bounded memory. Prints a Markdown section (stdout).
#
# Usage: bench/store.sh [--heap SIZE] [--no-pajeng] TRACE...
#   --heap SIZE   PAJE_HEAP for the bounded runs (default 256m)
#   --no-pajeng   skip pj_dump (it needs ~3.5x the trace in memory: skip it for 10 GB)
# For each TRACE: cat > /dev/null (warm), pj_dump -q and pj_dump > /dev/null, then with ./paje:
# validate --no-cache and dump --no-cache > /dev/null at PAJE_HEAP=SIZE (peak RSS by /usr/bin/time),
# the dump's MD5 against a run at the default heap, the first load writing a cache, and the cached
# reopens (validate, dump). Times are wall seconds of one run each, after one warm-up read of the file.
set -euo pipefail
bench="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source "$bench/common.sh"
heap=256m pajeng=1
bench_args "--heap --no-pajeng" "$@"
measuring_setup store.sh

# run LABEL CMD...: runs CMD, prints "seconds rss_mb" (stdout of CMD to /dev/null unless redirected inside)
measure() {
  /usr/bin/time -f "%e %M" -o "$tmp/t" "$@" >/dev/null 2>"$tmp/err" || { echo "failed: $* ($(tail -1 "$tmp/err"))" >&2; echo "- -"; return; }
  awk '{printf "%.2f %.0f\n", $1, $2 / 1024}' "$tmp/t"
}
row() { # row NAME BYTES "sec rss" CAT_SEC
  local s=${3% *} m=${3#* }
  if [ "$s" = "-" ]; then echo "| $1 | failed | | | |"; return; fi
  awk -v n="$1" -v b="$2" -v s="$s" -v m="$m" -v c="$4" 'BEGIN {
    printf "| %s | %.2f s | %.0f MB/s | %s MB | %.0f%% |\n", n, s, b / 1e6 / s, m, 100 * c / s }'
}

section_heading "store on disk (issue 13)"
echo "- Command lines: \`bench/store.sh --heap $heap${traces[*]/#/ }\`; paje runs as \`PAJE_HEAP=$heap ./paje ...\` unless marked \"default heap\" (75% of RAM)."
echo
for t in "${traces[@]}"; do
  bytes=$(stat -c %s "$t")
  cat "$t" > /dev/null
  c=$(measure cat "$t"); cat_s=${c% *}
  trace_heading "$t"
  echo "| command | time | speed | peak RSS | of cat speed |"
  echo "|---|---|---|---|---|"
  row "cat > /dev/null" "$bytes" "$c" "$cat_s"
  if [ "$pajeng" = 1 ]; then
    row "pj_dump -q" "$bytes" "$(measure pj_dump -q "$t")" "$cat_s"
    row "pj_dump > /dev/null" "$bytes" "$(measure sh -c "pj_dump '$t' > /dev/null")" "$cat_s"
  fi
  row "validate --no-cache" "$bytes" "$(PAJE_HEAP=$heap measure "$paje" validate --no-cache "$t")" "$cat_s"
  row "dump --no-cache > /dev/null" "$bytes" "$(PAJE_HEAP=$heap measure sh -c "'$paje' dump --no-cache '$t' > /dev/null")" "$cat_s"
  row "dump --no-cache, default heap" "$bytes" "$(measure sh -c "'$paje' dump --no-cache '$t' > /dev/null")" "$cat_s"
  rm -rf "$tmp/cache"
  row "first load writing the cache (validate)" "$bytes" "$(PAJE_HEAP=$heap measure "$paje" validate --cache-dir "$tmp/cache" "$t")" "$cat_s"
  row "cached validate" "$bytes" "$(PAJE_HEAP=$heap measure "$paje" validate --cache-dir "$tmp/cache" "$t")" "$cat_s"
  # dump rounds variables as pj_dump does: another simulation, so its own cache
  row "first dump writing its cache" "$bytes" "$(PAJE_HEAP=$heap measure sh -c "'$paje' dump --cache-dir '$tmp/cache' '$t' > /dev/null")" "$cat_s"
  row "cached dump > /dev/null" "$bytes" "$(PAJE_HEAP=$heap measure sh -c "'$paje' dump --cache-dir '$tmp/cache' '$t' > /dev/null")" "$cat_s"
  small=$(PAJE_HEAP=$heap "$paje" dump --no-cache "$t" | md5sum | cut -c1-32)
  big=$("$paje" dump --no-cache "$t" | md5sum | cut -c1-32)
  echo
  echo "Store (cache) size: $(du -m "$tmp"/cache/* | awk '{s += $1} END {print s}') MB. Dump at PAJE_HEAP=$heap and at the default heap: MD5 $small and $big ($([ "$small" = "$big" ] && echo identical || echo DIFFERENT))."
  echo
done
