package io.gvl.format.io;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.io.JsonStringEncoder;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Parses a small JSON document into plain Java values with Jackson's streaming parser alone: objects become
 * insertion-ordered maps, arrays lists, strings strings, integers {@link Long} (or {@link java.math.BigInteger} when
 * they do not fit), other numbers {@link Double}, booleans {@link Boolean} and JSON null {@link #NULL}. Opening a
 * dataset reads {@code metadata.json}; Jackson's data binding would cost a cold open several hundred classes and a
 * good part of its time for a document of a few keys.
 */
final class JsonTree {
    /** JSON null, distinct from a missing key. */
    static final Object NULL = new Object() {
        @Override
        public String toString() {
            return "null";
        }
    };

    private static final JsonFactory FACTORY = new JsonFactory();

    private JsonTree() {
    }

    /**
     * Parses one JSON value; trailing content other than whitespace is an error.
     *
     * @param bytes UTF-8 JSON
     * @return the value
     * @throws IOException if the text is not one well-formed JSON value
     */
    static Object parse(byte[] bytes) throws IOException {
        try (JsonParser p = FACTORY.createParser(bytes)) {
            JsonToken first = p.nextToken();
            if (first == null) {
                return null;
            }
            Object v = value(p, first);
            if (p.nextToken() != null) {
                throw new IOException("trailing content after the top-level value at " + p.currentLocation());
            }
            return v;
        }
    }

    private static Object value(JsonParser p, JsonToken t) throws IOException {
        return switch (t) {
            case START_OBJECT -> {
                Map<String, Object> m = new LinkedHashMap<>();
                for (JsonToken k = p.nextToken(); k != JsonToken.END_OBJECT; k = p.nextToken()) {
                    String key = p.currentName();
                    m.put(key, value(p, p.nextToken()));
                }
                yield m;
            }
            case START_ARRAY -> {
                List<Object> l = new ArrayList<>();
                for (JsonToken e = p.nextToken(); e != JsonToken.END_ARRAY; e = p.nextToken()) {
                    l.add(value(p, e));
                }
                yield l;
            }
            case VALUE_STRING -> p.getText();
            case VALUE_NUMBER_INT -> p.getNumberType() == JsonParser.NumberType.BIG_INTEGER ? p.getBigIntegerValue()
                    : (Object) p.getLongValue();
            case VALUE_NUMBER_FLOAT -> p.getDoubleValue();
            case VALUE_TRUE -> Boolean.TRUE;
            case VALUE_FALSE -> Boolean.FALSE;
            case VALUE_NULL -> NULL;
            default -> throw new IOException("unexpected " + t + " at " + p.currentLocation());
        };
    }

    /**
     * A value as compact JSON text, for error messages.
     *
     * @param v a value from {@link #parse}, or null for a missing one
     * @return the text ({@code null} for a missing value too)
     */
    static String text(Object v) {
        if (v instanceof String s) {
            return "\"" + new String(JsonStringEncoder.getInstance().quoteAsString(s)) + "\"";
        }
        if (v instanceof Map<?, ?> m) {
            StringBuilder b = new StringBuilder("{");
            m.forEach((k, x) -> b.append(b.length() > 1 ? "," : "").append(text(k)).append(':').append(text(x)));
            return b.append('}').toString();
        }
        if (v instanceof List<?> l) {
            StringBuilder b = new StringBuilder("[");
            l.forEach(x -> b.append(b.length() > 1 ? "," : "").append(text(x)));
            return b.append(']').toString();
        }
        return String.valueOf(v);
    }
}
