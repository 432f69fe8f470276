package dev.paje.imports.jfr;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paje.TraceLoader;
import dev.paje.imports.Importers;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What is not a whole JFR recording is one problem naming the file, the byte and what was expected. */
class JfrErrorsTest {
    private static byte[] recording;
    private static List<JfrChunks.Chunk> chunks;

    @TempDir
    Path dir;

    @BeforeAll
    static void record() throws Exception {
        Path file = Recordings.lockAndSleep();
        recording = Files.readAllBytes(file);
        chunks = JfrChunks.of(file);
    }

    /** The one problem loading {@code bytes} as {@code name} gives, as the commands print it. */
    private String problem(String name, byte[] bytes) throws IOException {
        Path file = Files.write(dir.resolve(name), bytes);
        TraceLoader.Loaded loaded = TraceLoader.builder().build().load(file);
        assertThat(loaded.valid()).isFalse();
        assertThat(loaded.problems()).hasSize(1);
        String format = loaded.problems().get(0).format();
        assertThat(format).startsWith(file + ": ");
        return format.substring(file.toString().length() + 2);
    }

    @Test
    void aTextFileNamedJfrIsNotARecording() throws IOException {
        assertThat(problem("notes.jfr", "hello world\n".getBytes(StandardCharsets.US_ASCII)))
                .isEqualTo("at byte 0: not a JFR recording: expected the chunk magic 'FLR\\0', found 'hell'");
    }

    @Test
    void anEmptyFileNamedJfrIsNotARecording() throws IOException {
        assertThat(problem("empty.jfr", new byte[0])).isEqualTo("at byte 0: not a JFR recording: the file is empty");
    }

    @Test
    void aRecordingCutInsideItsFirstChunk() throws IOException {
        long size = chunks.get(0).size();
        assertThat(problem("cut.jfr", Arrays.copyOf(recording, 1000))).isEqualTo("at byte 8: truncated recording: "
                + "the chunk's header says " + size + " bytes, the file has 1000 from the chunk's start");
    }

    @Test
    void aRecordingCutInsideTheHeaderOfItsSecondChunk() throws IOException {
        int second = (int) chunks.get(1).offset();
        assertThat(problem("cut2.jfr", Arrays.copyOf(recording, second + 30))).isEqualTo("at byte " + second
                + ": truncated recording: a chunk header is 68 bytes, the file ends after 30");
    }

    @Test
    void bytesAfterTheLastChunkAreNotAChunk() throws IOException {
        byte[] junk = Arrays.copyOf(recording, recording.length + 8);
        System.arraycopy("junk and".getBytes(StandardCharsets.US_ASCII), 0, junk, recording.length, 8);
        assertThat(problem("junk.jfr", junk)).isEqualTo("at byte " + recording.length
                + ": not a JFR recording: expected the chunk magic 'FLR\\0', found 'junk'");
    }

    @Test
    void aChunkStillBeingWrittenSaysHowToGetAWholeOne() throws IOException {
        byte[] live = recording.clone();
        ByteBuffer.wrap(live).putLong(8, 0);
        assertThat(problem("live.jfr", live)).startsWith("at byte 8: the chunk is still being written (size 0)")
                .contains("jcmd PID JFR.dump");
    }

    @Test
    void aDamagedChunkIsAnErrorAtItsOffsetWithTheParsersWords() throws IOException {
        byte[] damaged = recording.clone();
        long metadata = ByteBuffer.wrap(damaged).getLong(24); // the chunk's metadata event
        Arrays.fill(damaged, (int) metadata, (int) metadata + 40, (byte) 0xff);
        assertThat(problem("damaged.jfr", damaged)).startsWith("at byte 0: cannot read chunk 1 of " + chunks.size()
                + " (" + chunks.get(0).size() + " bytes): IOException: ");
    }

    @Test
    void aRecordingIsRecognisedByItsContentWhateverItsName() throws IOException {
        Path renamed = Files.write(dir.resolve("recording.bin"), recording);
        assertThat(Importers.detect(renamed, Importers.all())).isInstanceOf(JfrImporter.class);
        TraceLoader.Loaded loaded = TraceLoader.builder().build().load(renamed);
        assertThat(loaded.problems()).isEmpty();
        assertThat(loaded.trace().containers()).anyMatch(c -> c.name().contains("worker-1"));
    }

    @Test
    void aPajeTraceIsNotClaimed() throws IOException {
        Path trace = Files.writeString(dir.resolve("hello.trace"), "%EventDef PajeDefineContainerType 0\n");
        assertThat(Importers.detect(trace, Importers.all())).isNull();
    }
}
