package dev.paje.imports;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A tiny format for testing the import path: a first line {@code TOY}, then lines
 * {@code push TIME THREAD VALUE}, {@code pop TIME THREAD}, {@code send TIME FROM TO KEY},
 * {@code recv TIME TO FROM KEY}, {@code load TIME THREAD NUMBER}; one process holds the threads.
 */
final class ToyImporter implements Importer {
    @Override
    public String format() {
        return "TOY";
    }

    @Override
    public boolean accepts(Path file, byte[] head) {
        return head.length >= 4 && new String(head, 0, 4, StandardCharsets.US_ASCII).equals("TOY\n");
    }

    @Override
    public void convert(Path file, PajeText out) throws ImportException, IOException {
        List<String> lines = Files.readAllLines(file);
        PajeText.Shape send = out.shape(dev.paje.read.EventKind.START_LINK, "Size");
        out.containerType("P", "0", "Process");
        out.containerType("T", "P", "Thread");
        out.stateType("S", "T", "Region");
        out.linkType("L", "P", "T", "T", "Message");
        out.variableType("V", "T", "Load", "1 0 0");
        out.createContainer(0, "p", "P", "0", "the process");
        java.util.Set<String> threads = new java.util.LinkedHashSet<>();
        long offset = lines.get(0).length() + 1;
        for (int i = 1; i < lines.size(); i++) {
            String[] f = lines.get(i).split(" ");
            try {
                double time = Double.parseDouble(f[1]);
                if (threads.add(f[2])) {
                    out.createContainer(0, f[2], "T", "p", "thread " + f[2]);
                }
                switch (f[0]) {
                    case "push" -> out.pushState(time, "S", f[2], f[3]);
                    case "pop" -> out.popState(time, "S", f[2]);
                    case "send" -> out.entity(send, time, new String[] {"L", "p", f[2], "msg", f[4]}, f[5]);
                    case "recv" -> out.endLink(time, "L", "p", f[2], "msg", f[4]);
                    case "load" -> out.setVariable(time, "V", f[2], Double.parseDouble(f[3]));
                    default -> throw new ImportException(file.toString(), offset, "unknown record '" + f[0]
                            + "': expected push, pop, send, recv or load");
                }
            } catch (NumberFormatException | ArrayIndexOutOfBoundsException e) {
                throw new ImportException(file.toString(), offset, "malformed record '" + lines.get(i) + "'");
            }
            offset += lines.get(i).length() + 1;
        }
    }
}
