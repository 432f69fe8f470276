package dev.paje.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.DoubleNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Iterator;
import java.util.Map;

/**
 * Reads a binary window answer ({@code format=bin}, docs/api.md) as its JSON tree, independently of the page's
 * decoder: the header, each descriptor replaced by its column's numbers. {@link #numbers} makes every number a
 * double, so that a binary answer and a JSON one compare value for value (an int 3 and a 3.0 are the same number).
 */
final class BinaryWindow {
    private static final double[] TEN = {1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9};

    private final ByteBuffer bytes;
    private final int end;
    private int at;

    private BinaryWindow(byte[] body) {
        this.bytes = ByteBuffer.wrap(body).order(ByteOrder.LITTLE_ENDIAN);
        int length = bytes.getInt(body.length - 4);
        if (length < 0 || length > body.length - 4) {
            throw new AssertionError("a header of " + length + " bytes in " + body.length);
        }
        this.end = body.length - 4 - length;
    }

    static JsonNode decode(byte[] body) {
        BinaryWindow w = new BinaryWindow(body);
        JsonNode header;
        try {
            header = Api.JSON.readTree(new String(body, w.end, body.length - 4 - w.end, java.nio.charset.StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new AssertionError("the header is not JSON", e);
        }
        w.walk(header);
        if (w.at != w.end) {
            throw new AssertionError((w.end - w.at) + " bytes of columns left over");
        }
        return header;
    }

    private void walk(JsonNode node) {
        if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                JsonNode v = node.get(i);
                if (isColumn(v)) {
                    ((ArrayNode) node).set(i, column(v));
                } else {
                    walk(v);
                }
            }
        } else if (node.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                if (isColumn(e.getValue())) {
                    e.setValue(column(e.getValue()));
                } else {
                    walk(e.getValue());
                }
            }
        }
    }

    private static boolean isColumn(JsonNode v) {
        return v.isObject() && v.has("$");
    }

    private ArrayNode column(JsonNode d) {
        String type = d.get("$").asText();
        int n = d.get("n").asInt();
        long base = d.has("b") ? d.get("b").asLong() : 0;
        int decimals = d.has("d") ? d.get("d").asInt() : -1;
        int size = switch (type) {
            case "u8" -> 1;
            case "u16" -> 2;
            case "u32", "i32" -> 4;
            case "f64" -> 8;
            default -> throw new AssertionError("column type " + type);
        };
        if (at % 8 != 0 || at + (long) n * size > end) {
            throw new AssertionError("column " + d + " at byte " + at + " of " + end);
        }
        ArrayNode out = Api.JSON.createArrayNode();
        for (int i = 0; i < n; i++) {
            int p = at + i * size;
            if (type.equals("f64")) {
                out.add(bytes.getDouble(p));
                continue;
            }
            long q = switch (type) {
                case "u8" -> bytes.get(p) & 0xFFL;
                case "u16" -> bytes.getShort(p) & 0xFFFFL;
                case "u32" -> bytes.getInt(p) & 0xFFFF_FFFFL;
                default -> bytes.getInt(p);
            };
            if (decimals >= 0) {
                out.add((double) (base + q) / TEN[decimals]);
            } else {
                out.add(base + q);
            }
        }
        at += (n * size + 7) & ~7;
        return out;
    }

    /** {@code node} with every number a double (a copy). */
    static JsonNode numbers(JsonNode node) {
        if (node.isNumber()) {
            return DoubleNode.valueOf(node.asDouble());
        }
        if (node.isArray()) {
            ArrayNode out = Api.JSON.createArrayNode();
            node.forEach(v -> out.add(numbers(v)));
            return out;
        }
        if (node.isObject()) {
            ObjectNode out = Api.JSON.createObjectNode();
            node.fields().forEachRemaining(e -> out.set(e.getKey(), numbers(e.getValue())));
            return out;
        }
        return node;
    }
}
