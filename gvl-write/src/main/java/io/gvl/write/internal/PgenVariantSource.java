package io.gvl.write.internal;

import io.gvl.format.VariantTable;
import io.gvl.io.InputFormatException;
import io.gvl.io.pgen.PgenReader;
import io.gvl.io.pgen.PgenVariants;
import io.gvl.write.spec.CarrierBlock;
import io.gvl.write.spec.VariantSource;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/**
 * A {@link VariantSource} over a PLINK 2 fileset. Rows are the {@code .pvar} records that have an ALT allele (as the
 * VCF source skips records without one), so a write from a PGEN made from a normalized VCF sees the same rows. A
 * haplotype carries the ALT when its allele code is 1; phased hets follow the phase track, and an unphased het puts
 * the ALT on the second haplotype (REF first), as GenVarLoader reads PGEN through pgenlib. Records stored as
 * difflists against hom-REF (most rare variants) are decoded as their carrier lists ({@link #carriers}), so their
 * cost and memory follow the carriers rather than the sample count. Dosages are stored when any record has a dosage track: the stored dosage,
 * else the hardcall's ALT count, NaN when missing. Numeric INFO fields come from the {@code .pvar} INFO column when
 * its {@code ##INFO} lines declare them.
 *
 * <p>A part of a write plan opens the fileset with {@link #openForPart}: genotypes only, without the {@code .pvar}
 * and with the record index parsed per block as it is reached ({@link PgenReader#openGenotypes}); its rows come
 * with their record indexes from the plan's staged rows ({@link #locateRows}), so a part's heap follows its rows,
 * not the fileset's.
 */
public final class PgenVariantSource implements VariantSource {
    private final PgenReader reader;
    private final List<String> infoFields;
    /** Record index of each row of the whole table, or {@code null} for a part's source. */
    private final int[] records;
    /** A part's rows, which carry their record indexes; set by {@link #locateRows}. */
    private volatile VariantRows partRows;
    private VariantTable table;

    private PgenVariantSource(PgenReader reader, List<String> infoFields, int[] records) {
        this.reader = reader;
        this.infoFields = infoFields;
        this.records = records;
    }

    /** Opens the fileset of {@code path} (a {@code .pgen} or its prefix); stores INFO/AF when the header declares it. */
    public static PgenVariantSource open(Path path, List<String> info) {
        PgenReader reader = PgenReader.open(path);
        try {
            Map<String, String> declared = reader.declaredInfo();
            List<String> fields = new ArrayList<>();
            if (numeric(declared, "AF")) {
                fields.add("AF");
            }
            for (String f : info) {
                if (!numeric(declared, f)) {
                    throw new InputFormatException(reader.pvar(), "INFO/" + f, "is not declared as a numeric (Integer"
                            + " or Float) INFO field in the header (declared: " + declared.keySet() + ").",
                            "request only numeric INFO fields the .pvar header declares (plink2 keeps the VCF's ##INFO"
                                    + " lines).");
                }
                if (!fields.contains(f)) {
                    fields.add(f);
                }
            }
            PgenVariants v = reader.variants();
            int[] rows = new int[v.size()];
            int n = 0;
            for (int i = 0; i < v.size(); i++) {
                if (!v.alt(i).equals(".")) {
                    rows[n++] = i;
                }
            }
            return new PgenVariantSource(reader, List.copyOf(fields), Arrays.copyOf(rows, n));
        } catch (RuntimeException e) {
            reader.close();
            throw e;
        }
    }

    /**
     * Opens the fileset of {@code path} for a part of a plan made from it: genotypes and dosages only. Rows are
     * mapped to records by {@link #locateRows}, from the rows the plan staged; the variant table, contigs and INFO
     * columns are the plan's and are not available here.
     */
    public static PgenVariantSource openForPart(Path path) {
        return new PgenVariantSource(PgenReader.openGenotypes(path), List.of(), null);
    }

    /** Gives a part's source its rows, whose staged record indexes say which records to decode. */
    void locateRows(VariantRows rows) {
        partRows = rows;
    }

    /** The record index of variant row {@code row}. */
    int record(int row) {
        if (records != null) {
            return records[row];
        }
        VariantRows rows = partRows;
        if (rows == null) {
            throw new IllegalStateException("the part's variant rows were not given to the PGEN source of "
                    + reader.pgen());
        }
        return rows.record(row);
    }

    private static boolean numeric(Map<String, String> declared, String key) {
        String t = declared.get(key);
        return "Float".equals(t) || "Integer".equals(t);
    }

    @Override
    public Path path() {
        return reader.pgen();
    }

    @Override
    public List<String> samples() {
        return reader.samples();
    }

    @Override
    public List<String> contigs() {
        LinkedHashSet<String> all = new LinkedHashSet<>(reader.declaredContigs());
        all.addAll(reader.variants().contigs());
        return List.copyOf(all);
    }

    @Override
    public int ploidy() {
        return 2;
    }

    @Override
    public synchronized VariantTable variants() {
        if (records == null) {
            throw new IllegalStateException("the PGEN source of " + reader.pgen() + " was opened for a part of a"
                    + " plan; the variant table is the plan's");
        }
        if (table == null) {
            PgenVariants v = reader.variants();
            int n = records.length;
            String[] chrom = new String[n];
            long[] pos = new long[n];
            String[] ref = new String[n];
            String[] alt = new String[n];
            int[] ilen = new int[n];
            for (int row = 0; row < n; row++) {
                int i = records[row];
                chrom[row] = v.chrom(i);
                pos[row] = v.position(i);
                ref[row] = v.ref(i);
                alt[row] = v.alt(i);
                ilen[row] = alt[row].length() - ref[row].length();
            }
            table = new VariantTable(chrom, pos, ref, alt, ilen);
        }
        return table;
    }

    @Override
    public List<VariantTable.NumericColumn> infoColumns() {
        List<VariantTable.NumericColumn> columns = new ArrayList<>();
        for (String f : infoFields) {
            float[] all = reader.infoValues(f);
            float[] values = new float[records.length];
            for (int row = 0; row < records.length; row++) {
                values[row] = all[records[row]];
            }
            if ("Integer".equals(reader.declaredInfo().get(f))) {
                int[] ints = new int[values.length];
                for (int k = 0; k < ints.length; k++) {
                    ints[k] = Float.isNaN(values[k]) ? 0 : (int) values[k];
                }
                columns.add(new VariantTable.NumericColumn.Int32(f, ints));
            } else {
                columns.add(new VariantTable.NumericColumn.Float32(f, values));
            }
        }
        return columns;
    }

    @Override
    public boolean hasDosages() {
        return reader.hasDosages();
    }

    @Override
    public void genotypes(int fromRow, int toRow, int[] sampleIndexes, byte[] out) {
        int width = sampleIndexes.length * 2;
        // out arrives zeroed (VariantSource.genotypes), so difflist records write only their carriers
        forEachRun(fromRow, toRow, (first, last, at) -> reader.markCarriers(first, last, sampleIndexes, out,
                at * width));
    }

    /**
     * Lists each record's carriers straight from the reader ({@link PgenReader#listCarriers}): difflist records cost
     * their list, records decoded densely one reused row; no dense block of the run is made.
     */
    @Override
    public void carriers(int fromRow, int toRow, int[] sampleIndexes, CarrierBlock out) {
        if (out.width() != sampleIndexes.length * 2) {
            throw new IllegalArgumentException("the block is " + out.width() + " slots wide; "
                    + sampleIndexes.length * 2 + " needed");
        }
        forEachRun(fromRow, toRow, (first, last, at) -> reader.listCarriers(first, last, sampleIndexes,
                (slots, count) -> out.addRow(slots, 0, count)));
    }

    @Override
    public void dosages(int fromRow, int toRow, int[] sampleIndexes, float[] out) {
        int width = sampleIndexes.length;
        forEachRun(fromRow, toRow, (first, last, at) -> {
            float[] run = new float[(last - first) * width];
            reader.readDosages(first, last, sampleIndexes, run);
            System.arraycopy(run, 0, out, at * width, run.length);
        });
    }

    /** Splits rows {@code [fromRow, toRow)} into runs of consecutive records: (first record, end record, first row offset). */
    private void forEachRun(int fromRow, int toRow, RunAction action) {
        int row = fromRow;
        while (row < toRow) {
            int first = record(row);
            int last = first;
            int end = row + 1;
            while (end < toRow && record(end) == last + 1) {
                last++;
                end++;
            }
            action.run(first, last + 1, row - fromRow);
            row = end;
        }
    }

    @FunctionalInterface
    private interface RunAction {
        void run(int firstRecord, int endRecord, int rowOffset);
    }

    @Override
    public void close() {
        reader.close();
    }
}
