package io.gvl.format;

import io.gvl.format.internal.ArrowIpc;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * The variant table {@code genotypes/variants.arrow} that {@code variant_idxs.npy} indexes (row = variant index),
 * reduced to what reconstruction needs. Reads genoray's VCF index (dictionary CHROM, Int32 POS, zstd, nested INFO,
 * LargeList ILEN) and PGEN index (Utf8 CHROM, Int64 POS, no ILEN) by column name, as GVL does: a list ALT or ILEN
 * is reduced to its first element, a missing ILEN is {@code len(ALT) - len(REF)} in bytes, a null ILEN is 0.
 *
 * @param chrom contig of each variant as the variant source spells it
 * @param pos   POS as stored (1-based for writers >= 0.18.0; see {@link DatasetMetadata#oneBasedPositions()})
 * @param ref   reference allele
 * @param alt   alternative allele (first one)
 * @param ilen  ALT length minus REF length
 */
public record VariantTable(String[] chrom, long[] pos, String[] ref, String[] alt, int[] ilen) {

    public VariantTable {
        int n = pos.length;
        if (chrom.length != n || ref.length != n || alt.length != n || ilen.length != n) {
            throw new IllegalArgumentException("variant columns differ in length");
        }
        chrom = chrom.clone();
        pos = pos.clone();
        ref = ref.clone();
        alt = alt.clone();
        ilen = ilen.clone();
    }

    public int size() {
        return pos.length;
    }

    @Override
    public String[] chrom() {
        return chrom.clone();
    }

    @Override
    public long[] pos() {
        return pos.clone();
    }

    @Override
    public String[] ref() {
        return ref.clone();
    }

    @Override
    public String[] alt() {
        return alt.clone();
    }

    @Override
    public int[] ilen() {
        return ilen.clone();
    }

    /** Reads {@code variants.arrow} batch by batch. */
    public static VariantTable read(Path file) {
        List<String> chrom = new ArrayList<>();
        List<Long> pos = new ArrayList<>();
        List<String> ref = new ArrayList<>();
        List<String> alt = new ArrayList<>();
        List<Integer> ilen = new ArrayList<>();
        ArrowIpc.forEachBatch(file, (root, dicts) -> {
            FieldVector c = need(root, "CHROM", file);
            FieldVector p = need(root, "POS", file);
            FieldVector r = need(root, "REF", file);
            FieldVector a = need(root, "ALT", file);
            FieldVector il = root.getVector("ILEN");
            for (int i = 0; i < root.getRowCount(); i++) {
                int row = pos.size();
                chrom.add(text(ArrowIpc.get(c, i, dicts), "CHROM", row, file));
                Object pv = ArrowIpc.get(p, i, dicts);
                if (!(pv instanceof Integer || pv instanceof Long)) {
                    throw new DatasetFormatException(file + ": POS row " + row + " is " + pv
                            + "; expected an integer");
                }
                pos.add(((Number) pv).longValue());
                String rv = text(ArrowIpc.get(r, i, dicts), "REF", row, file);
                String av = text(first(ArrowIpc.get(a, i, dicts)), "ALT", row, file);
                ref.add(rv);
                alt.add(av);
                if (il == null) {
                    ilen.add(utf8Length(av) - utf8Length(rv));
                } else {
                    Object iv = first(ArrowIpc.get(il, i, dicts));
                    ilen.add(iv == null ? 0 : ((Number) iv).intValue());
                }
            }
        });
        return new VariantTable(chrom.toArray(String[]::new), pos.stream().mapToLong(Long::longValue).toArray(),
                ref.toArray(String[]::new), alt.toArray(String[]::new),
                ilen.stream().mapToInt(Integer::intValue).toArray());
    }

    /**
     * Writes the table GVL reads: {@code CHROM} Utf8, {@code POS} Int64, {@code REF}/{@code ALT} Utf8,
     * {@code ILEN} Int32, one uncompressed batch.
     */
    public void write(Path file) {
        List<Object> c = new ArrayList<>(size());
        List<Object> p = new ArrayList<>(size());
        List<Object> r = new ArrayList<>(size());
        List<Object> a = new ArrayList<>(size());
        List<Object> il = new ArrayList<>(size());
        for (int i = 0; i < size(); i++) {
            c.add(chrom[i]);
            p.add(pos[i]);
            r.add(ref[i]);
            a.add(alt[i]);
            il.add(ilen[i]);
        }
        new ArrowTable(List.of(new ArrowTable.Column("CHROM", ArrowTable.ColumnType.STRING, c),
                new ArrowTable.Column("POS", ArrowTable.ColumnType.INT64, p),
                new ArrowTable.Column("REF", ArrowTable.ColumnType.STRING, r),
                new ArrowTable.Column("ALT", ArrowTable.ColumnType.STRING, a),
                new ArrowTable.Column("ILEN", ArrowTable.ColumnType.INT32, il))).write(file);
    }

    private static FieldVector need(VectorSchemaRoot root, String name, Path file) {
        FieldVector v = root.getVector(name);
        if (v == null) {
            throw new DatasetFormatException(file + ": required column '" + name + "' is missing (columns: "
                    + root.getSchema().getFields().stream().map(f -> f.getName()).toList() + ")");
        }
        return v;
    }

    private static Object first(Object v) {
        if (v instanceof List<?> l) {
            return l.isEmpty() ? null : l.getFirst();
        }
        return v;
    }

    private static String text(Object v, String column, int row, Path file) {
        if (v instanceof String s) {
            return s;
        }
        throw new DatasetFormatException(file + ": " + column + " row " + row + " is " + v + "; expected text");
    }

    private static int utf8Length(String s) {
        return s.getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
    }
}
