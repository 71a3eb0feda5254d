package io.gvl.io.svar;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The text of a {@code .svar2} {@code meta.json} as genoray writes it (serde_json pretty printer: two-space indent,
 * keys sorted, {@code []} for an empty list, no trailing newline, strings escaped as serde_json escapes them).
 */
final class Svar2Meta {
    private Svar2Meta() {
    }

    /** One {@code fields} entry: name, category ({@code info}/{@code format}) and dtype; {@code default} is null. */
    record FieldEntry(String name, String category, String dtype) {
    }

    static byte[] json(List<String> contigs, List<FieldEntry> fields, int ploidy, List<String> samples) {
        StringBuilder b = new StringBuilder("{\n");
        b.append("  \"contigs\": ");
        strings(b, contigs);
        b.append(",\n  \"fields\": ");
        if (fields.isEmpty()) {
            b.append("[]");
        } else {
            b.append("[\n");
            for (int i = 0; i < fields.size(); i++) {
                FieldEntry f = fields.get(i);
                b.append("    {\n      \"category\": ");
                string(b, f.category());
                b.append(",\n      \"default\": null,\n      \"dtype\": ");
                string(b, f.dtype());
                b.append(",\n      \"name\": ");
                string(b, f.name());
                b.append("\n    }").append(i + 1 < fields.size() ? ",\n" : "\n");
            }
            b.append("  ]");
        }
        b.append(",\n  \"format_version\": 1,\n  \"ploidy\": ").append(ploidy).append(",\n  \"samples\": ");
        strings(b, samples);
        b.append("\n}");
        return b.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static void strings(StringBuilder b, List<String> list) {
        if (list.isEmpty()) {
            b.append("[]");
            return;
        }
        b.append("[\n");
        for (int i = 0; i < list.size(); i++) {
            b.append("    ");
            string(b, list.get(i));
            b.append(i + 1 < list.size() ? ",\n" : "\n");
        }
        b.append("  ]");
    }

    /** serde_json string escaping: quote, backslash, b, f, n, r and t by name, other control characters as u00xx. */
    static void string(StringBuilder b, String s) {
        b.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\b' -> b.append("\\b");
                case '\f' -> b.append("\\f");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                default -> {
                    if (c < 0x20) {
                        b.append(String.format("\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        b.append('"');
    }
}
