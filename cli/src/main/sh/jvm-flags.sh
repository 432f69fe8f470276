# The JVM options of the ./paje launcher, one per line: `paje_jvm_flags [COMMAND]` (COMMAND: the paje
# command they start, e.g. view). Sourced by ./paje, and run by the cli tests (LauncherTest), which
# start JVMs with exactly these options.
#
# Environment:
#   PAJE_HEAP       the heap (-Xmx), e.g. 256m or 16g; unset: 75% of the memory the JVM may use
#                   (-XX:MaxRAMPercentage, which also respects a container's memory limit).
#   PAJE_JVM_FLAGS  replaces the GC options below (split at spaces).
#
# Whatever the heap, nothing the JVM itself prints may reach standard output: `paje dump | prog`
# must stay clean. -XX:+DisplayVMOutputToStderr moves the JVM's own output (its "tty": warnings,
# -XX:+PrintFlagsFinal...) to stderr, but not unified logging (-Xlog), whose warnings
# (e.g. "[warning][gc,ergo] MaxNewSize ... is equal to or greater than the entire heap") go to
# stdout by default: -Xlog:disable drops that default output and -Xlog:all=warning:stderr prints
# the same warnings on stderr instead (-Xlog:all=warning:stderr alone adds stderr but keeps stdout).

# The heap in MB for a -Xmx size (512m, 8g, 8G, 1048576k, or bytes); empty when it is not a size.
paje_heap_mb() {
  local v="${1,,}"
  [[ "$v" =~ ^[0-9]+[kmgt]?$ ]] || return 0
  case "$v" in
    *t) echo $(( ${v%t} * 1024 * 1024 )) ;;
    *g) echo $(( ${v%g} * 1024 )) ;;
    *m) echo "${v%m}" ;;
    *k) echo $(( ${v%k} / 1024 )) ;;
    *) echo $(( v / 1048576 )) ;;
  esac
}

# An estimate of the heap -XX:MaxRAMPercentage=75 gives, in MB: 75% of the machine's memory, or of
# the cgroup's memory limit when lower (as the JVM computes it).
paje_default_heap_mb() {
  local mem_kb limit
  mem_kb=$(awk '/^MemTotal:/ {print $2}' /proc/meminfo 2>/dev/null || true)
  mem_kb=${mem_kb:-4194304}
  for f in /sys/fs/cgroup/memory.max /sys/fs/cgroup/memory/memory.limit_in_bytes; do
    limit=$(cat "$f" 2>/dev/null || true)
    if [[ "$limit" =~ ^[0-9]+$ ]] && [ $(( limit / 1024 )) -lt "$mem_kb" ]; then
      mem_kb=$(( limit / 1024 ))
    fi
  done
  echo $(( mem_kb * 3 / 4 / 1024 ))
}

paje_jvm_flags() {
  local command="${1:-}" heap_mb
  if [ -n "${PAJE_HEAP:-}" ]; then
    heap_mb=$(paje_heap_mb "$PAJE_HEAP")
    if [ -z "$heap_mb" ]; then
      echo "paje: PAJE_HEAP=$PAJE_HEAP is not a heap size: expected a number with k, m, g or t, such as 512m or 16g" >&2
      return 2
    fi
    echo "-Xmx$PAJE_HEAP"
  else
    heap_mb=$(paje_default_heap_mb)
    echo "-XX:MaxRAMPercentage=75"
  fi
  echo "-XX:+DisplayVMOutputToStderr"
  echo "-Xlog:disable"
  echo "-Xlog:all=warning:stderr"
  # The writer's pool starts evicting blocks some way into a big trace. C2 had compiled that branch as
  # never taken inside the simulator's large inlined methods, and when it was taken their deoptimizing and
  # recompiling cost seconds on some loads (1 GB first load 5.3-8.9 s against 4.5-5.8 s, bench/RESULTS.md,
  # session 5). Kept out of line, only BlockPool.frame recompiles; both of its overloads (a new block, and a
  # block read back: session 6). (quiet: else the JVM echoes the command.)
  echo "-XX:CompileCommand=quiet"
  echo "-XX:CompileCommand=dontinline,dev.paje.store.BlockPool::frame"
  # A sealed store's block misses: inlined (with the positional read, its checksum and the cache's clock) into
  # every sampler loop that reads rows, they made 50-70 KB methods whose C2 compiles took 0.3-0.6 s each and
  # held the viewer's answers in slower code for seconds (10 GB reopen, bench/RESULTS.md, session 16).
  echo "-XX:CompileCommand=dontinline,dev.paje.store.StoreFile::load"
  echo "-XX:CompileCommand=dontinline,dev.paje.store.BlockCache::loadAhead"
  if [ -n "${PAJE_JVM_FLAGS:-}" ]; then
    # shellcheck disable=SC2086 # split on purpose
    printf '%s\n' $PAJE_JVM_FLAGS
    return 0
  fi
  # ParallelGC with a capped young generation: as fast as any, and the least memory (bench/RESULTS.md:
  # a trace's data lives long, so a young generation of a third of a 16 GB heap only inflates the RSS).
  # The cap, 600 MB, applies only from a heap of 1800 MB, where it is at most the default third of
  # the heap: on a smaller heap the default young generation (NewRatio=2, a third of the heap) is
  # already smaller, and a fixed 600m would take the whole heap (and make the JVM warn).
  echo "-XX:+UseParallelGC"
  if [ "$heap_mb" -ge 1800 ]; then
    echo "-XX:MaxNewSize=600m"
  elif [ "$command" = view ]; then
    # The viewer on a small heap: a young generation of an eighth of the heap, not a third, so the old
    # one holds the block cache without a full collection among the first windows (10 GB reopen at 256m:
    # p95 lower in 9 of 9 pairs, peak RSS -50 MB; bench/RESULTS.md, integration of session 13).
    echo "-XX:NewRatio=7"
  fi
}
