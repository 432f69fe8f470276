package dev.paje.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.paje.TraceLoader;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code /api/sql} over examples/hello.trace: rows, where each row is, DuckDB's errors as 400, no other file. */
class QueryApiTest {
    private static ViewerServer server;
    private static Api api;

    @TempDir
    Path dir;

    @BeforeAll
    static void start() throws Exception {
        TraceLoader.Loaded loaded = TraceLoader.builder().build().load(Path.of("../examples/hello.trace"));
        server = ViewerServer.start(loaded, "hello.trace", "127.0.0.1", 0, "/static-fixture");
        api = new Api(server);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static Api.Answer sql(String q) {
        return api.get("/api/sql?q=" + URLEncoder.encode(q, StandardCharsets.UTF_8));
    }

    @Test
    void rowsAndWhereEachRowIs() {
        JsonNode a = sql("SELECT container_id, container, value, start, \"end\" FROM states ORDER BY duration DESC, start LIMIT 2").json();
        assertThat(a.get("columns").toString()).isEqualTo("[\"container_id\",\"container\",\"value\",\"start\",\"end\"]");
        assertThat(a.get("rows").toString()).isEqualTo("[[4,\"rank 0 / main\",\"Running\",0.0,4.0],[7,\"rank 1 / io\",\"Blocked\",0.0,3.5]]");
        assertThat(a.get("jump").toString()).isEqualTo("[[4,0.0,4.0],[7,0.0,3.5]]");
        assertThat(a.get("truncated").asBoolean()).isFalse();
        // by name, and a point in time
        JsonNode e = sql("SELECT container, time, value FROM events ORDER BY time, container LIMIT 1").json();
        int id = sql("SELECT container_id FROM events ORDER BY time, container LIMIT 1").json().get("rows").get(0).get(0).asInt();
        double t = e.get("rows").get(0).get(1).asDouble();
        assertThat(e.get("jump").get(0).toString()).isEqualTo("[" + id + "," + t + "," + t + "]");
        // nothing to jump to without a container and a time
        assertThat(sql("SELECT value, count(*) AS n FROM states GROUP BY value").json().get("jump"))
                .allSatisfy(j -> assertThat(j.isNull()).isTrue());
    }

    @Test
    void longAnswersAreCutAtAThousandRows() {
        JsonNode a = sql("SELECT * FROM range(5000)").json();
        assertThat(a.get("rows").size()).isEqualTo(QueryHandler.MAX_ROWS);
        assertThat(a.get("truncated").asBoolean()).isTrue();
    }

    @Test
    void badSqlIsABadRequestWithDuckDbsMessage() {
        Api.Answer a = sql("SELEC 1");
        assertThat(a.status()).isEqualTo(400);
        assertThat(a.json().get("error").asText()).startsWith("Parser Error: syntax error at or near \"SELEC\"");
        assertThat(api.get("/api/sql").status()).isEqualTo(400);
        assertThat(sql("  ").status()).isEqualTo(400);
    }

    @Test
    void queriesReadNoOtherFileAndWriteNone() throws Exception {
        Path secret = dir.resolve("secret.csv");
        Files.writeString(secret, "a\nxyzzy-row\n"); // a value no temporary path can contain (the message may name the path)
        Api.Answer read = sql("SELECT * FROM read_csv('" + secret + "')");
        assertThat(read.status()).isEqualTo(400);
        assertThat(read.text()).doesNotContain("xyzzy-row");
        Path out = dir.resolve("out.csv");
        assertThat(sql("COPY (SELECT 1) TO '" + out + "'").status()).isEqualTo(400);
        assertThat(out).doesNotExist();
        assertThat(sql("SET enable_external_access = true").status()).isEqualTo(400);
        assertThat(sql("SELECT count(*) AS n FROM containers").json().get("rows").toString()).isEqualTo("[[8]]");
    }
}
