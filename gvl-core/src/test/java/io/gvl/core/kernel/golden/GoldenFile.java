package io.gvl.core.kernel.golden;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A kernel golden: GVL's frozen inputs and outputs for one Rust kernel, converted to a plain {@code .npz} whose
 * {@code __manifest__} entry is JSON naming the kernel, the replay kind and each case's input/expected nodes.
 */
record GoldenFile(Path path, String kernel, String replay, List<String> argNames, JsonNode manifest,
                  List<Case> cases) {

    /** One case: the decoded arguments in FFI order and the expected result. */
    record Case(int index, List<GoldenNode> inputs, GoldenNode expected) {
    }

    static GoldenFile read(Path file) {
        Map<String, GoldenArray> arrays = GoldenArray.readNpz(file);
        GoldenArray raw = arrays.get("__manifest__");
        if (raw == null) {
            throw new IllegalArgumentException(file + ": no __manifest__ entry");
        }
        JsonNode m;
        try {
            m = new ObjectMapper().readTree(new String(raw.toByteArray(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(file + ": manifest is not JSON", e);
        }
        List<String> argNames = new ArrayList<>();
        m.get("arg_names").forEach(n -> argNames.add(n.asText()));
        List<Case> cases = new ArrayList<>();
        int i = 0;
        for (JsonNode c : m.get("cases")) {
            GoldenNode in = decode(c.get("inputs"), arrays);
            List<GoldenNode> inputs = in instanceof GoldenNode.Seq s ? s.items() : List.of(in);
            cases.add(new Case(i++, inputs, decode(c.get("expected"), arrays)));
        }
        return new GoldenFile(file, m.get("kernel").asText(), m.get("replay").asText(), argNames, m, cases);
    }

    private static GoldenNode decode(JsonNode n, Map<String, GoldenArray> arrays) {
        String t = n.get("t").asText();
        return switch (t) {
            case "arr" -> {
                GoldenArray a = arrays.get(n.get("k").asText());
                if (a == null) {
                    throw new IllegalArgumentException("manifest refers to missing array " + n.get("k"));
                }
                yield new GoldenNode.Arr(a);
            }
            case "none" -> new GoldenNode.None();
            case "bool" -> new GoldenNode.Bool(n.get("v").asBoolean());
            case "int" -> new GoldenNode.Int(new BigInteger(n.get("v").asText()));
            case "float" -> new GoldenNode.Flt(Double.parseDouble(n.get("v").asText()));
            case "scalar" -> new GoldenNode.Scalar(n.get("dtype").asText(), n.get("v").asText());
            case "tuple", "list" -> {
                List<GoldenNode> items = new ArrayList<>();
                n.get("v").forEach(x -> items.add(decode(x, arrays)));
                yield new GoldenNode.Seq(items);
            }
            case "dict" -> {
                Map<String, GoldenNode> entries = new LinkedHashMap<>();
                n.get("v").properties().forEach(e -> entries.put(e.getKey(), decode(e.getValue(), arrays)));
                yield new GoldenNode.Dict(entries);
            }
            default -> throw new IllegalArgumentException("unknown manifest node type '" + t + "'");
        };
    }
}
