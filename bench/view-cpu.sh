#!/usr/bin/env bash
# The CPU time of bench/view.sh's window answers (100 rows x 1500 px, the 40 seeded windows and the
# whole trace), computed in process on one core (no HTTP, no second core: thread CPU time is an
# answer's whole cost), PASSES times: comparable on a loaded machine where view.sh's wall times are not.
#
# Usage: [PAJE_JAR=JAR] bench/view-cpu.sh TRACE CACHE_DIR [PASSES]   (JAR: default this checkout's cli jar;
# HEAP as view.sh, default 256m; CACHE_DIR is kept: a store cache written there before is reused; CORES=2 lets
# an answer use its parts on two cores: then its wall time, also printed, is the one to read; WARM=view runs
# paje view's warm-up before pass 0 (WARM=other: the next 100 rows' whole trace, code but not these blocks);
# CHECKSUM=1 prints each answer's CRC, to check that two builds answer the same bytes; FORMAT=bin writes the page's
# binary answers, format=bin, with a jar that has them)
set -euo pipefail
bench="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
T=${1:?which trace?}; C=${2:?which cache dir?}; passes=${3:-3}
jar=${PAJE_JAR:-$bench/../cli/target/paje.jar}
(cd "$bench/.." && ./mvnw -B -o -q -pl bench -am compile) >&2
mkdir -p "$C"
python3 -c '
import random
for k in range(1, 41):
    random.seed(k)
    w = 10 ** random.uniform(-4, 0)
    s = random.uniform(0, 1 - w)
    print(s, s + w)
print(0, 1)' | java -Xmx${HEAP:-256m} -XX:+UseParallelGC -XX:ActiveProcessorCount=${CORES:-1} \
  -cp "$jar:$bench/target/classes" dev.paje.server.${TOOL:-ViewCpu} "$T" "$C" "$passes"
