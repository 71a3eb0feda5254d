package io.gvl.core.internal.write;

import io.gvl.core.write.VariantSource;
import io.gvl.format.VariantTable;
import io.gvl.io.vcf.VariantBatch;
import io.gvl.io.vcf.VariantRequest;
import io.gvl.io.vcf.VcfReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A {@link VariantSource} over gvl-io's tabix VCF reader. The variant table is every record in file order (contig
 * by contig, records without an ALT skipped as the reader skips them), so a row is a variant index. Calls for a
 * run of rows are read with one region query covering the rows' starts; records that only span into that region
 * (deletions starting earlier) and same-position records before the first row are dropped by position and count.
 */
public final class VcfVariantSource implements VariantSource {
    private final VcfReader reader;
    private VariantTable table;
    private int[] start0;
    private String[] chrom;

    private VcfVariantSource(VcfReader reader) {
        this.reader = reader;
    }

    /** Opens a bgzipped, tabix-indexed (or small plain) VCF. */
    public static VcfVariantSource open(Path vcf) {
        return new VcfVariantSource(VcfReader.open(vcf));
    }

    @Override
    public Path path() {
        return reader.path();
    }

    @Override
    public List<String> samples() {
        return reader.samples();
    }

    @Override
    public List<String> contigs() {
        return reader.normalizer().contigs();
    }

    @Override
    public int ploidy() {
        return 2;
    }

    /** Checks the whole file for records GVL rejects (one error with counts), then reads every record. */
    @Override
    public synchronized VariantTable variants() {
        if (table != null) {
            return table;
        }
        reader.requireSupported();
        VariantRequest none = new VariantRequest(new int[0], List.of(), List.of());
        List<String> chroms = new ArrayList<>();
        List<VariantBatch> batches = new ArrayList<>();
        int n = 0;
        for (String c : reader.contigs()) {
            VariantBatch b = reader.query(c, 0, Integer.MAX_VALUE, none);
            batches.add(b);
            chroms.add(c);
            n += b.size();
        }
        chrom = new String[n];
        long[] pos = new long[n];
        String[] ref = new String[n];
        String[] alt = new String[n];
        int[] ilen = new int[n];
        start0 = new int[n];
        int row = 0;
        for (int bi = 0; bi < batches.size(); bi++) {
            VariantBatch b = batches.get(bi);
            for (int i = 0; i < b.size(); i++, row++) {
                chrom[row] = chroms.get(bi);
                start0[row] = b.positions()[i];
                pos[row] = b.positions()[i] + 1L;
                ref[row] = ascii(b.ref(), b.refOffsets()[i], b.refOffsets()[i + 1]);
                alt[row] = ascii(b.alt(), b.altOffsets()[i], b.altOffsets()[i + 1]);
                ilen[row] = b.ilen(i);
            }
        }
        table = new VariantTable(chrom, pos, ref, alt, ilen);
        return table;
    }

    private static String ascii(byte[] bytes, int from, int to) {
        return new String(bytes, from, to - from, StandardCharsets.US_ASCII);
    }

    @Override
    public void genotypes(int fromRow, int toRow, int[] sampleIndexes, byte[] out) {
        if (toRow <= fromRow) {
            return;
        }
        variants();
        int first = fromRow;
        while (first > 0 && start0[first - 1] == start0[fromRow] && chrom[first - 1].equals(chrom[fromRow])) {
            first--;
        }
        VariantBatch b = reader.query(chrom[fromRow], start0[fromRow], start0[toRow - 1] + 1L,
                new VariantRequest(sampleIndexes, List.of(), List.of()));
        int i = 0;
        while (i < b.size() && b.positions()[i] < start0[fromRow]) {
            i++;
        }
        i += fromRow - first;
        int width = sampleIndexes.length * 2;
        int rows = toRow - fromRow;
        if (b.size() - i < rows || (rows > 0 && b.positions()[i] != start0[fromRow])) {
            throw new IllegalStateException(reader.path() + ": records of " + chrom[fromRow] + ":" + (start0[fromRow] + 1)
                    + "-" + (start0[toRow - 1] + 1) + " changed while writing (expected " + rows + ")");
        }
        byte[] g = b.genotypes();
        System.arraycopy(g, i * width, out, 0, rows * width);
    }

    @Override
    public void close() {
        reader.close();
    }
}
