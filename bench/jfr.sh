#!/usr/bin/env bash
# Times `paje convert` of a JFR recording: records a busy workload once into bench/.cache/ (16 threads
# contending on 4 locks, sleeping, parking, allocating, throwing, for SECONDS seconds, profile settings
# with no threshold on the blocking events), then runs `jfr summary` (the JDK's parser alone: an anchor)
# and `paje convert REC -o /dev/null` RUNS times each with /usr/bin/time, printing user/system CPU seconds,
# wall seconds and peak resident memory (KB).
# Usage: bench/jfr.sh [SECONDS (default 20)] [RUNS (default 3)] [extra -XX:FlightRecorderOptions, e.g. maxchunksize=1M]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
seconds="${1:-20}"
runs="${2:-3}"
options="${3:-}"
cache="$here/bench/.cache"
mkdir -p "$cache"
rec="$cache/workload-${seconds}s${options:+-${options//[^A-Za-z0-9]/_}}.jfr"
if [ ! -f "$rec" ]; then
  cat > "$cache/JfrWorkload.java" <<'JAVA'
import java.util.concurrent.locks.LockSupport;

public class JfrWorkload {
    static volatile long sink;

    public static void main(String[] args) throws Exception {
        long end = System.nanoTime() + Long.parseLong(args[0]) * 1_000_000_000L;
        Object[] locks = {new Object(), new Object(), new Object(), new Object()};
        Thread[] threads = new Thread[16];
        for (int i = 0; i < threads.length; i++) {
            int id = i;
            threads[i] = new Thread(() -> {
                long n = 0;
                while (System.nanoTime() < end) {
                    synchronized (locks[(int) (n % locks.length)]) {
                        for (int k = 0; k < 20_000; k++) {
                            sink += k * id;
                        }
                    }
                    byte[] garbage = new byte[1 << 12];
                    sink += garbage.length;
                    if (n % 3 == 0) {
                        LockSupport.parkNanos(200_000);
                    } else {
                        try {
                            Thread.sleep(1);
                        } catch (InterruptedException e) {
                            return;
                        }
                    }
                    if (n % 50 == 0) {
                        try {
                            throw new IllegalStateException("round " + n);
                        } catch (IllegalStateException e) {
                            sink += e.getMessage().length();
                        }
                    }
                    n++;
                }
            }, "worker-" + id);
            threads[i].start();
        }
        for (Thread t : threads) {
            t.join();
        }
    }
}
JAVA
  echo "recording $seconds s of the workload into $rec" >&2
  java ${options:+-XX:FlightRecorderOptions=$options} \
    "-XX:StartFlightRecording=filename=$rec,settings=profile,jdk.JavaMonitorEnter#threshold=0ms,jdk.ThreadSleep#threshold=0ms,jdk.ThreadPark#threshold=0ms,jdk.JavaExceptionThrow#enabled=true" \
    "$cache/JfrWorkload.java" "$seconds" >&2
fi
jar="$here/cli/target/paje.jar"
[ -f "$jar" ] || (cd "$here" && ./mvnw -q -B package -DskipTests -pl cli -am)
echo "recording: $(stat -c %s "$rec") bytes, $(jfr summary "$rec" | awk '/^ Chunks:/ {print $2}') chunks, load $(cut -d' ' -f1-3 /proc/loadavg)"
jfr summary "$rec" | awk 'NR > 8 && $2 ~ /^[0-9]+$/ {n += $2} END {print "events: " n}'
for i in $(seq "$runs"); do
  /usr/bin/time -f "jfr print:    user %U s, sys %S s, wall %e s, max RSS %M KB" jfr print "$rec" > /dev/null
done
for i in $(seq "$runs"); do
  /usr/bin/time -f "paje convert: user %U s, sys %S s, wall %e s, max RSS %M KB" \
    java -Xmx${PAJE_HEAP:-1g} -jar "$jar" convert "$rec" -o /dev/null
done
