package dev.paje.spark;

import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A local Spark session (2 cores, no UI, 4 shuffle partitions) for one test class, registered as a static
 * extension: started before its tests, stopped after them. The commands under test find it running, as
 * under spark-submit.
 */
final class LocalSpark implements BeforeAllCallback, AfterAllCallback {
    private final String app;
    private final String[] config;
    private SparkSession session;

    /** {@code config}: more settings, as name, value pairs. */
    LocalSpark(String app, String... config) {
        this.app = app;
        this.config = config;
    }

    SparkSession session() {
        return session;
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        SparkSession.Builder b = SparkSession.builder().master("local[2]").appName(app)
                .config("spark.ui.enabled", "false").config("spark.sql.shuffle.partitions", "4");
        for (int i = 0; i + 1 < config.length; i += 2) {
            b = b.config(config[i], config[i + 1]);
        }
        session = b.getOrCreate();
    }

    @Override
    public void afterAll(ExtensionContext context) {
        if (session != null) {
            session.stop();
        }
    }
}
