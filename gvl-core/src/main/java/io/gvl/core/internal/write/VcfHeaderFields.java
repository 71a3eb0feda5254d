package io.gvl.core.internal.write;

import io.gvl.io.InputFormatException;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;

/**
 * The INFO and FORMAT declarations of a text VCF header (plain or bgzipped), so the write pipeline knows which
 * numeric INFO fields it can store as variant-table columns and whether the calls carry {@code DS} dosages. gvl-io's
 * reader decodes requested fields but does not list the declared ones; this scan reads only the header lines.
 */
record VcfHeaderFields(Map<String, String> info, Map<String, String> format) {
    private static final Pattern DECL = Pattern.compile("^##(INFO|FORMAT)=<ID=([^,>]+)(?:.*?,Type=([A-Za-z]+))?");

    static VcfHeaderFields read(Path vcf) {
        Map<String, String> info = new LinkedHashMap<>();
        Map<String, String> format = new LinkedHashMap<>();
        if (vcf.getFileName().toString().endsWith(".bcf")) {
            return new VcfHeaderFields(info, format);
        }
        try (InputStream raw = Files.newInputStream(vcf);
             BufferedReader in = new BufferedReader(new InputStreamReader(gzipped(vcf) ? new GZIPInputStream(raw)
                     : raw, StandardCharsets.UTF_8))) {
            for (String line = in.readLine(); line != null && line.startsWith("##"); line = in.readLine()) {
                Matcher m = DECL.matcher(line);
                if (m.find()) {
                    (m.group(1).equals("INFO") ? info : format).put(m.group(2), m.group(3) == null ? "" : m.group(3));
                }
            }
        } catch (IOException e) {
            throw new InputFormatException(vcf, "header", "cannot read it (" + e.getMessage() + ").",
                    "check that the file is a plain or bgzipped VCF.", e);
        }
        return new VcfHeaderFields(Collections.unmodifiableMap(info), Collections.unmodifiableMap(format));
    }

    private static boolean gzipped(Path vcf) throws IOException {
        try (InputStream in = Files.newInputStream(vcf)) {
            return in.read() == 0x1f && in.read() == 0x8b;
        }
    }

    /** Whether INFO {@code key} is declared with a numeric type (Integer or Float). */
    boolean numericInfo(String key) {
        String t = info.get(key);
        return "Float".equals(t) || "Integer".equals(t);
    }

    boolean hasDosages() {
        return format.containsKey("DS");
    }
}
