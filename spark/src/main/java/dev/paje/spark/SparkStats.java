package dev.paje.spark;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * The figures of {@code paje stats} (core's {@code dev.paje.stats.Stats}, whole trace, one subject per
 * container) as Spark SQL over paje's Parquet tables: per container and type, the time and count of
 * each state value, events per value, links held/sent/received per value, and a variable's
 * time, min, max, mean and integral. Times are clipped to the trace's span (the root container's),
 * open states last to its end, and only complete links count, as in {@code Stats}.
 */
public final class SparkStats {
    /** The four tables of results, in the order printed. */
    public static final String[] KINDS = {"states", "events", "links", "variables"};

    private static final String WINDOW = "w AS (SELECT `start` AS ws, `end` AS we FROM paje_containers WHERE id = 0)";

    private static final String STATES = "WITH " + WINDOW + " SELECT s.container_id, c.path AS container, s.type,"
            + " s.value, count(*) AS `count`,"
            + " sum(greatest(0D, least(coalesce(s.`end`, w.we), w.we) - greatest(s.`start`, w.ws))) AS `time`"
            + " FROM paje_states s CROSS JOIN w JOIN paje_containers c ON c.id = s.container_id"
            + " WHERE s.`start` <= w.we AND NOT (s.`end` < w.ws)"
            + " GROUP BY s.container_id, c.path, s.type, s.value ORDER BY s.container_id, s.type, s.value";

    private static final String EVENTS = "WITH " + WINDOW + " SELECT e.container_id, c.path AS container, e.type,"
            + " e.value, count(*) AS `count`"
            + " FROM paje_events e CROSS JOIN w JOIN paje_containers c ON c.id = e.container_id"
            + " WHERE e.`time` >= w.ws AND e.`time` <= w.we"
            + " GROUP BY e.container_id, c.path, e.type, e.value ORDER BY e.container_id, e.type, e.value";

    // one row per role a container plays in a complete link inside the window: holder, sender, receiver
    private static final String LINKS = "WITH " + WINDOW + ", l AS (SELECT k.* FROM paje_links k CROSS JOIN w"
            + " WHERE k.`start` IS NOT NULL AND k.`end` IS NOT NULL AND k.`start` <= w.we AND k.`end` >= w.ws),"
            + " roles AS (SELECT container_id AS cid, type, value, 1 AS held, 0 AS sent, 0 AS received FROM l"
            + " UNION ALL SELECT start_container_id, type, value, 0, 1, 0 FROM l"
            + " UNION ALL SELECT end_container_id, type, value, 0, 0, 1 FROM l)"
            + " SELECT r.cid AS container_id, c.path AS container, r.type, r.value, sum(r.held) AS held,"
            + " sum(r.sent) AS sent, sum(r.received) AS received"
            + " FROM roles r JOIN paje_containers c ON c.id = r.cid"
            + " GROUP BY r.cid, c.path, r.type, r.value ORDER BY container_id, r.type, r.value";

    private static final String VARIABLES = "WITH " + WINDOW + ", s AS (SELECT v.container_id, v.type, v.value,"
            + " least(coalesce(v.`end`, w.we), w.we) - greatest(v.`start`, w.ws) AS clip"
            + " FROM paje_variables v CROSS JOIN w)"
            + " SELECT s.container_id, c.path AS container, s.type, sum(s.clip) AS `time`, min(s.value) AS `min`,"
            + " max(s.value) AS `max`, sum(s.value * s.clip) / sum(s.clip) AS mean, sum(s.value * s.clip) AS integral"
            + " FROM s JOIN paje_containers c ON c.id = s.container_id WHERE s.clip > 0"
            + " GROUP BY s.container_id, c.path, s.type ORDER BY s.container_id, s.type";

    private SparkStats() {
    }

    /**
     * Lets Spark read {@code paje export -f parquet}'s doubles: they are BYTE_STREAM_SPLIT, which Spark's
     * vectorized reader refuses ("Unsupported encoding") and its row reader (parquet-mr) reads.
     */
    public static void readsSplitDoubles(SparkSession spark) {
        spark.conf().set("spark.sql.parquet.enableVectorizedReader", "false");
    }

    /** The four result tables (lazy: Spark runs them when asked), from the tables under {@code dir}. */
    public static Map<String, Dataset<Row>> compute(SparkSession spark, Path dir) {
        readsSplitDoubles(spark);
        for (String t : new String[] {"containers", "states", "events", "links", "variables"}) {
            Path file = dir.resolve(t + ".parquet");
            if (!Files.exists(file)) {
                throw new SparkMain.UsageException(dir + ": not a directory of paje's Parquet tables (no "
                        + t + ".parquet; write them with paje export -f parquet or paje spark convert)");
            }
            spark.read().parquet(file.toString()).createOrReplaceTempView("paje_" + t);
        }
        Map<String, Dataset<Row>> out = new LinkedHashMap<>();
        out.put("states", spark.sql(STATES));
        out.put("events", spark.sql(EVENTS));
        out.put("links", spark.sql(LINKS));
        out.put("variables", spark.sql(VARIABLES));
        return out;
    }
}
