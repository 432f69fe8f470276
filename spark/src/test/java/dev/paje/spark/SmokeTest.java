package dev.paje.spark;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;

class SmokeTest {
    @Test
    void sparkRuns() {
        SparkSession s = SparkSession.builder().master("local[2]").appName("smoke")
                .config("spark.ui.enabled", "false").getOrCreate();
        try {
            assertThat(s.range(1000).count()).isEqualTo(1000);
        } finally {
            s.stop();
        }
    }
}
