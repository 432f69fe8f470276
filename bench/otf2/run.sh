#!/usr/bin/env bash
# The OTF2 reader's benchmark (issue 17): an archive of about SIZE MB written by write_big_archive.py, read by
# otf2-print (the reference C reader), by `paje convert -o /dev/null` (our reader alone: decode, Pajé text,
# merge by time), and the same model through the whole pipeline (`paje stats --no-cache`) from the archive and
# from its Pajé conversion (our Pajé reader on the same model). Prints user/system/elapsed seconds and peak
# memory per run, then MB/s and events/s. Usage: bench/otf2/run.sh [WORKDIR] [SIZE_MB]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
work="${1:-/tmp/otf2bench}"
size="${2:-1100}"
mkdir -p "$work"
cd "$work"
if [ ! -f big/traces.otf2 ]; then
  /usr/bin/time -f '%U %S %e %M' -o gen.time /usr/bin/python3 "$here/write_big_archive.py" big --size-mb "$size" > gen.out
fi
events=$(cat gen.out)
bytes=$(du -sb big | cut -f1)
# a copy of the jar: editing the sources meanwhile neither rebuilds nor changes what is measured
"$repo/paje" --version > /dev/null
cp "$repo/cli/target/paje.jar" "$work/paje.jar"
export PAJE_HEAP="${PAJE_HEAP:-3g}"
sed "s|^jar=.*|jar=\"$work/paje.jar\"|; s|^if \[ ! -f \"\$jar\" \].*|if false; then|" "$repo/paje" > "$work/paje.sh"
sed -i "s|^here=.*|here=\"$repo\"|" "$work/paje.sh"
chmod +x "$work/paje.sh"
paje="$work/paje.sh"
run() { # NAME COMMAND...: one timed run, its figures appended to times.txt
  local name="$1"; shift
  /usr/bin/time -f "$name %U %S %e %M" -a -o times.txt "$@"
}
: > times.txt
run otf2-print sh -c 'otf2-print big/traces.otf2 > /dev/null'
run convert-null "$paje" convert big/traces.otf2 -o /dev/null
run convert-file "$paje" convert big/traces.otf2 -o big.trace
run stats-pajetext bash -c "$paje stats --no-cache big.trace > /dev/null"
run stats-otf2 bash -c "$paje stats --no-cache big/traces.otf2 > /dev/null"
echo "archive: $bytes bytes, $events events; Pajé conversion: $(stat -c %s big.trace) bytes; load: $(cut -d' ' -f1-3 /proc/loadavg)"
# MB/s of the input each run reads: the archive, or for stats-pajetext the Pajé conversion
awk -v b="$bytes" -v t="$(stat -c %s big.trace)" -v e="$events" '{in_ = $1 == "stats-pajetext" ? t : b;
  printf "%-16s user %7.1f s  sys %5.1f s  elapsed %7.1f s  peak %6.0f MB  %6.1f MB/s (user+sys)  %5.2f M events/s (user+sys)\n", $1, $2, $3, $4, $5/1024, in_/1e6/($2+$3), e/1e6/($2+$3)}' times.txt
