package io.gvl.dataset.parity;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.gvl.core.buffer.Dense;
import io.gvl.core.buffer.FlatArray;
import io.gvl.core.buffer.NamedArray;
import io.gvl.core.buffer.Ragged;
import io.gvl.dataset.output.DatasetOutput;
import io.gvl.format.array.NpyArray;
import io.gvl.format.array.Npz;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A GVL dataset golden ({@code kind: dataset_flat_output}) as a flat list of byte blocks: for every output array
 * in GVL's order, its data bytes and, for ragged arrays, its int64 offsets. Our outputs flatten the same way, so a
 * parity check is a comparison of two lists.
 */
record FlatGolden(String name, List<Block> blocks) {

    /** One array's data bytes, or its offsets. */
    record Block(String what, byte[] bytes) {
    }

    static final Path DIR = Path.of(System.getProperty("gvl.shared.data"), "gvl-goldens", "datasets");

    static FlatGolden read(String name) {
        Path file = DIR.resolve(name + ".npz");
        Map<String, NpyArray> arrays = Npz.read(file);
        JsonNode m;
        try {
            m = new ObjectMapper().readTree(new String(arrays.get("__manifest__").toByteArray(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<Block> blocks = new ArrayList<>();
        flatten(m.get("value"), arrays, blocks);
        return new FlatGolden(name, blocks);
    }

    private static void flatten(JsonNode node, Map<String, NpyArray> arrays, List<Block> out) {
        JsonNode v = node.get("v");
        String kind = v.get("kind").get("v").asText();
        switch (kind) {
            case "ragged" -> {
                out.add(block("data", v.get("data"), arrays));
                out.add(block("offsets", v.get("offsets"), arrays));
            }
            case "array" -> out.add(block("data", v.get("data"), arrays));
            case "annot" -> {
                for (String part : new String[] {"haps", "var_idxs", "ref_coords"}) {
                    out.add(block(part + " data", v.get(part + "_data"), arrays));
                    out.add(block(part + " offsets", v.get(part + "_offsets"), arrays));
                }
            }
            case "tuple" -> v.get("items").get("v").forEach(item -> flatten(item, arrays, out));
            case "ragged_variants" -> v.get("field_names").get("v").forEach(n -> {
                String field = n.get("v").asText();
                JsonNode f = v.get("fields").get("v").get(field).get("v");
                out.add(block(field + " data", f.get("data"), arrays));
                out.add(block(field + " offsets", f.get("offsets"), arrays));
            });
            case "flat_variant_windows" -> v.get("windows").get("v").properties().forEach(e -> {
                JsonNode w = e.getValue().get("v");
                out.add(block(e.getKey() + " data", w.get("data"), arrays));
                out.add(block(e.getKey() + " seq_offsets", w.get("seq_offsets"), arrays));
                out.add(block(e.getKey() + " var_offsets", w.get("var_offsets"), arrays));
            });
            default -> throw new IllegalArgumentException("golden kind '" + kind + "' is not handled here");
        }
    }

    private static Block block(String what, JsonNode ref, Map<String, NpyArray> arrays) {
        NpyArray a = arrays.get(ref.get("k").asText());
        return new Block(what, a.data().toArray(ValueLayout.JAVA_BYTE));
    }

    /** Our output flattened like a golden. */
    static List<Block> of(DatasetOutput out) {
        List<Block> blocks = new ArrayList<>();
        for (NamedArray a : out.arrays()) {
            flatten(a.name(), a.array(), blocks);
        }
        return blocks;
    }

    private static void flatten(String name, FlatArray array, List<Block> out) {
        switch (array) {
            case Ragged r -> {
                out.add(new Block(name + " data", r.data().toArray(ValueLayout.JAVA_BYTE)));
                out.add(new Block(name + " offsets", r.offsets().toArray(ValueLayout.JAVA_BYTE)));
            }
            case Dense d -> out.add(new Block(name + " data", d.data().toArray(ValueLayout.JAVA_BYTE)));
        }
    }
}
