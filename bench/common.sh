# Sourced by the bench scripts: paths, building a given commit, machine facts, RESULTS.md.
# Expects $bench (this folder) to be set by the caller.
repo="$(dirname "$bench")"
cache="$bench/.cache"
results="$bench/RESULTS.md"
mkdir -p "$cache"

# export_rev REV: a pristine copy of commit REV in $cache/rev-SHA (git archive; the working tree and
# the index are not touched). Prints the folder. Lets you measure a commit while the tree is being edited.
export_rev() {
  local sha dir
  sha=$(git -C "$repo" rev-parse --short "$1^{commit}")
  dir="$cache/rev-$sha"
  if [ ! -f "$dir/.exported" ]; then
    rm -rf "$dir" && mkdir -p "$dir"
    git -C "$repo" archive "$sha" | tar -x -C "$dir"
    touch "$dir/.exported"
  fi
  echo "$dir"
}

# build_label: the commit the working tree is at, marked when core/ or cli/ differ from it.
build_label() {
  local sha
  sha=$(git -C "$repo" rev-parse --short HEAD 2>/dev/null || echo unknown)
  if ! git -C "$repo" diff-index --quiet HEAD -- core cli 2>/dev/null; then
    sha="$sha+uncommitted"
  fi
  echo "$sha"
}

# machine_facts [LOAD]: the machine and the JVM (and the load average seen before measuring).
machine_facts() {
  local mem cpu
  mem=$(awk '/^MemTotal/ {printf "%.1f GiB", $2 / 1048576}' /proc/meminfo)
  cpu=$(awk -F': ' '/^model name/ {print $2; exit}' /proc/cpuinfo)
  echo "- Machine: $(nproc) CPUs ($cpu), $mem RAM${1:+, load average before measuring $1}"
  echo "- Java: $(java -version 2>&1 | sed -n '1p;3p' | paste -sd ';' | sed 's/;/; /')"
}

write_intro() {
  cat <<'EOF'
# Benchmark results

Measured numbers of paje, newest first. Each section is one build on one machine, on one day.

**Reproduce.** `bench/run.sh [100mb] [1gb] [simgrid] [all] [--runs N] [--rev REV]` generates the traces
once into `bench/.cache/` (a 100 MB and a 1 GB synthetic trace from `../shared/tools/gen-synthetic-trace.py`,
and a real SimGrid SMPI trace from `../shared/tools/simgrid/make-trace.sh 6000`), then times
`paje validate` and `paje dump > /dev/null` `--runs` times each (default 3) with `/usr/bin/time -v`,
as `java -Xmx${PAJE_HEAP:-16g} -jar cli/target/paje.jar`. When the CLI has a binary cache (an option
with "cache" in `paje dump --help`), those full loads run with `--no-cache`, and it also times one
dump that writes the cache and the cached reopens (`dump` and `validate` with `--cache-dir`).
It reports the median wall time, MB/s (10^6 bytes) and event lines/s at that median, the median CPU
time (user + system: a JVM uses more than one core) and the peak resident memory of all runs, and
writes its section here. Only the wall times of the same machine, taken when it was otherwise idle
(see the load averages), compare: on a shared machine, look at the spread of the runs. `--rev REV` measures commit REV, built from
a clean `git archive` copy, instead of `cli/target/paje.jar`. `bench/jmh.sh` runs the JMH
benchmarks of `bench/src/main/java`, all on a ~20 MB trace written by `SyntheticTrace`: a whole load
(`LoadBenchmark`, `TraceLoader`), the tokenizer alone on one thread (`TokenizerBenchmark`), the simulator
alone, replaying the recorded calls of the reader (`SimulatorBenchmark`), and time-window queries in all
containers at three zoom levels (`WindowBenchmark`); it adds their summary here; the raw JMH output is
`bench/jmh-result.json` (not committed: git ignores it).

**Anchors.** PajeNG's `pj_dump` (C++) on the same 2-core machine kind, from `../shared/README.md`:

| input | `pj_dump` (dump to /dev/null) | `pj_dump -q` (simulate only) | peak memory |
|---|---|---|---|
| synthetic 100 MB, 3.8 M events | 6.3 s (16 MB/s) | 3.6 s (28 MB/s) | 380 MB |
| synthetic 1 GB, 36.8 M events | 70 s (14 MB/s) | 53 s (19 MB/s) | 3.5 GB |
| SimGrid SMPI 104 MB (64 ranks, `make-trace.sh 6000`) | 10 s | | 520 MB |

`paje dump` compares with `pj_dump`; `paje validate` (read and simulate, print nothing) with `pj_dump -q`.
EOF
}

# put_section HEADING BODY_FILE: replaces the section "## HEADING" of RESULTS.md with the body, or
# adds it before the first section (newest first). Creates RESULTS.md with its intro when missing.
put_section() {
  local heading="## $1" body="$2" tmp
  [ -f "$results" ] || write_intro > "$results"
  tmp=$(mktemp)
  if grep -Fxq "$heading" "$results"; then
    awk -v h="$heading" -v body="$body" '
      $0 == h { print; print ""; while ((getline l < body) > 0) print l; print ""; skip = 1; next }
      skip && /^## / { skip = 0 }
      !skip { print }' "$results" > "$tmp"
  else
    awk -v h="$heading" -v body="$body" '
      function emit() { print h; print ""; while ((getline l < body) > 0) print l; print ""; done = 1 }
      !done && /^## / { emit() }
      { print }
      END { if (!done) { print ""; emit() } }' "$results" > "$tmp"
  fi
  # no blank line runs, no trailing blank line
  cat -s "$tmp" | sed -e :a -e '/^\n*$/{$d;N;ba' -e '}' > "$results"
  rm -f "$tmp"
}

# section_lines HEADING: the lines of section "## HEADING" of RESULTS.md (without the heading).
section_lines() {
  [ -f "$results" ] || return 0
  awk -v h="## $1" '$0 == h { on = 1; next } on && /^## / { on = 0 } on' "$results"
}

# measuring_setup SCRIPT: for the scripts that time paje on the traces they were given ($traces): refuses an
# empty list, installs /usr/bin/time when missing, sets $paje (the launcher) and $tmp (removed on exit).
measuring_setup() {
  [ ${#traces[@]} -gt 0 ] || { echo "$1: which traces? (see --help)" >&2; exit 2; }
  [ -x /usr/bin/time ] || { apt-get update -qq && apt-get install -y -qq time >/dev/null; }
  paje="$repo/paje"
  tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
}

# timed CMD...: "user sys wall rss_mb" of one run of CMD (its stdout to /dev/null, stderr kept in $tmp/err),
# "- - - -" (and the error on stderr) when it fails. Needs measuring_setup's $tmp.
timed() {
  /usr/bin/time -f "%U %S %e %M" -o "$tmp/t" "$@" >/dev/null 2>"$tmp/err" \
    || { echo "failed: $* ($(tail -1 "$tmp/err"))" >&2; echo "- - - -"; return; }
  awk '{printf "%.1f %.1f %.1f %.0f\n", $1, $2, $3, $4 / 1024}' "$tmp/t"
}

# bench_args "OPTIONS" ARGS...: reads the options this script takes (some of --heap SIZE, --runs N, --no-pajeng,
# --skip-local1, set in $heap, $runs, $pajeng, $local1) and its traces ($traces); -h prints the script's
# header comment. Another option is refused (exit 2).
bench_args() {
  local allowed=" $1 " script="${BASH_SOURCE[1]}"
  shift
  traces=()
  while [ $# -gt 0 ]; do
    case "$1" in
      -h|--help) sed -n '2,/^set -euo/s/^# \{0,1\}//p' "$script"; exit 0 ;;
      --*) [[ "$allowed" == *" $1 "* ]] || { echo "$(basename "$script"): unknown option $1 (see --help)" >&2; exit 2; }
        case "$1" in
          --heap) heap="$2"; shift ;;
          --runs) runs="$2"; shift ;;
          --no-pajeng) pajeng=0 ;;
          --skip-local1) local1=0 ;;
        esac ;;
      *) traces+=("$1") ;;
    esac
    shift
  done
}

# trace_heading TRACE: the Markdown heading of a trace's table, "### NAME (N MB)", and a blank line.
trace_heading() {
  echo "### $(basename "$1") ($(awk -v b="$(stat -c %s "$1")" 'BEGIN {printf "%.0f MB", b / 1e6}'))"
  echo
}

# section_heading TITLE: a new section of RESULTS.md, "## DATE · BUILD · TITLE", then the machine's facts
# with its load average now.
section_heading() {
  echo "## $(date -u +%F) · $(build_label) · $1"
  echo
  machine_facts "$(cut -d' ' -f1-3 /proc/loadavg)"
}

# timed_row NAME BYTES "user sys wall rss_mb": a Markdown row of a timed command over a trace of BYTES:
# its times, MB of trace per wall second and per CPU second (user + system), and its peak RSS.
timed_row() {
  read -r u s w m <<< "$3"
  if [ "$u" = "-" ]; then echo "| $1 | failed | | | | | |"; return; fi
  awk -v n="$1" -v b="$2" -v u="$u" -v s="$s" -v w="$w" -v m="$m" 'BEGIN {
    printf "| %s | %s s | %s s | %s s | %.0f MB/s | %.0f MB/s | %s MB |\n", n, u, s, w, b / 1e6 / w, b / 1e6 / (u + s), m }'
}

# viewer_cmd: sets the array `paje` to start the viewer: with $PAJE_JAR, java with the launcher's flags for `view` (and
# $JFLAGS) on that jar, else this tree's ./paje (bench/view.sh, bench/view-burst.sh).
viewer_cmd() {
  if [ -n "${PAJE_JAR:-}" ]; then
    . "$repo/cli/src/main/sh/jvm-flags.sh"
    mapfile -t flags <<< "$(paje_jvm_flags view)"
    paje=(java "${flags[@]}" ${JFLAGS:-} -jar "$PAJE_JAR")
  else
    paje=("$repo/paje")
  fi
}
