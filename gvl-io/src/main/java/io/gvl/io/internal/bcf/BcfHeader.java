package io.gvl.io.internal.bcf;

import io.gvl.io.InputFormatException;
import io.gvl.io.internal.vcf.HeaderLines;
import io.gvl.io.internal.vcf.VcfHeader;
import it.unimi.dsi.fastutil.ints.Int2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.objects.Object2IntMap;
import it.unimi.dsi.fastutil.objects.Object2IntMaps;
import it.unimi.dsi.fastutil.objects.Object2IntOpenHashMap;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A BCF header: the VCF header text plus the two dictionaries records point into. Contig ids index the
 * {@code ##contig} lines; string ids (INFO, FORMAT and FILTER keys) index the unique IDs of FILTER/INFO/FORMAT
 * lines with PASS always first. An {@code IDX=} attribute, which bcftools writes, overrides the position.
 */
record BcfHeader(VcfHeader vcf, List<String> contigs, Object2IntMap<String> strings) {
    static BcfHeader parse(Path file, String text) {
        VcfHeader vcf = VcfHeader.parse(file, text);
        Object2IntOpenHashMap<String> strings = new Object2IntOpenHashMap<>();
        strings.defaultReturnValue(-1);
        strings.put("PASS", 0);
        int nextString = 1;
        Int2ObjectOpenHashMap<String> contigById = new Int2ObjectOpenHashMap<>();
        int nextContig = 0;
        for (String line : text.split("\n")) {
            boolean contig = line.startsWith("##contig=<");
            if (!contig && !line.startsWith("##INFO=<") && !line.startsWith("##FORMAT=<")
                    && !line.startsWith("##FILTER=<")) {
                continue;
            }
            Map<String, String> attrs = HeaderLines.attributes(line);
            String id = attrs.get("ID");
            if (id == null) {
                throw new InputFormatException(file, "header line '" + line + "'", "has no ID.",
                        "re-create the BCF with `bcftools view -Ob`.");
            }
            Integer idx = index(file, line, attrs.get("IDX"));
            if (contig) {
                int at = idx != null ? idx : nextContig;
                contigById.put(at, id);
                nextContig = Math.max(nextContig, at + 1);
            } else if (!strings.containsKey(id) || idx != null) {
                int at = idx != null ? idx : nextString;
                strings.put(id, at);
                nextString = Math.max(nextString, at + 1);
            }
        }
        List<String> contigs = new ArrayList<>();
        for (int i = 0; i < nextContig; i++) {
            contigs.add(contigById.get(i));
        }
        return new BcfHeader(vcf, java.util.Collections.unmodifiableList(contigs),
                Object2IntMaps.unmodifiable(strings));
    }

    /** The dictionary id of INFO/FORMAT key {@code key}, or -1 when the header does not declare it. */
    int string(String key) {
        return strings.getInt(key);
    }

    /** Name of contig id {@code tid}, or {@code null} when no {@code ##contig} line has it. */
    String contig(int tid) {
        return tid >= 0 && tid < contigs.size() ? contigs.get(tid) : null;
    }

    private static Integer index(Path file, String line, String value) {
        if (value == null) {
            return null;
        }
        try {
            int i = Integer.parseInt(value);
            if (i >= 0) {
                return i;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new InputFormatException(file, "header line '" + line + "'", "IDX '" + value + "' is not a "
                + "non-negative integer.", "re-create the BCF with `bcftools view -Ob`.");
    }
}
