package io.gvl.format;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;

/**
 * An independent plain-text reading of a (b)gzipped VCF, used as the oracle for the Arrow fixtures. It rebuilds
 * from the VCF text what oxbow/genoray put in each column, following the fixture README's type table.
 */
public final class VcfText {
    private static final Pattern INFO_HEADER = Pattern.compile("^##INFO=<ID=([^,]+),Number=([^,]+),Type=([^,]+),");

    record InfoDef(String id, String number, String type) {
    }

    record Record(String chrom, int pos, String ref, String alt, Map<String, Object> info) {
    }

    final List<InfoDef> infoDefs = new ArrayList<>();
    final List<String> contigs = new ArrayList<>();
    final List<Record> records = new ArrayList<>();

    static VcfText read(Path vcf) throws IOException {
        VcfText out = new VcfText();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(new GZIPInputStream(
                Files.newInputStream(vcf)), StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                if (line.startsWith("##INFO=")) {
                    Matcher m = INFO_HEADER.matcher(line);
                    if (!m.find()) {
                        throw new IOException("bad INFO header " + line);
                    }
                    out.infoDefs.add(new InfoDef(m.group(1), m.group(2), m.group(3)));
                } else if (line.startsWith("##contig=<ID=")) {
                    String rest = line.substring("##contig=<ID=".length());
                    out.contigs.add(rest.substring(0, rest.indexOf(rest.contains(",") ? ',' : '>')));
                } else if (!line.startsWith("#")) {
                    String[] f = line.split("\t");
                    out.records.add(new Record(f[0], Integer.parseInt(f[1]), f[3], f[4], out.info(f[7])));
                }
            }
        }
        return out;
    }

    private Map<String, Object> info(String field) {
        Map<String, String> raw = new LinkedHashMap<>();
        if (!field.equals(".")) {
            for (String kv : field.split(";")) {
                int eq = kv.indexOf('=');
                raw.put(eq < 0 ? kv : kv.substring(0, eq), eq < 0 ? null : kv.substring(eq + 1));
            }
        }
        Map<String, Object> out = new LinkedHashMap<>();
        for (InfoDef d : infoDefs) {
            if (!raw.containsKey(d.id())) {
                out.put(d.id(), null);
            } else if (d.type().equals("Flag")) {
                out.put(d.id(), Boolean.TRUE);
            } else {
                String v = raw.get(d.id());
                if (v == null || v.equals(".")) {
                    out.put(d.id(), null);
                } else if (d.number().equals("1")) {
                    out.put(d.id(), scalar(v, d.type()));
                } else {
                    out.put(d.id(), Arrays.stream(v.split(",")).map(x -> scalar(x, d.type())).toList());
                }
            }
        }
        return out;
    }

    private static Object scalar(String v, String type) {
        if (v.equals(".")) {
            return null;
        }
        return switch (type) {
            case "Integer" -> Integer.parseInt(v);
            case "Float" -> Float.parseFloat(v);
            default -> v;
        };
    }
}
