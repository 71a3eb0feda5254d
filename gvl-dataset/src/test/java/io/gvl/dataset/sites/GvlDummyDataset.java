package io.gvl.dataset.sites;

import io.gvl.format.ArrowTable;
import io.gvl.format.DatasetLayout;
import io.gvl.format.DatasetMetadata;
import io.gvl.format.InputRegions;
import io.gvl.format.Regions;
import io.gvl.format.VariantTable;
import io.gvl.format.array.GenotypeWriter;
import io.gvl.format.build.DatasetPublisher;
import io.gvl.format.io.InputRegionsFile;
import io.gvl.format.io.MetadataFile;
import io.gvl.format.io.RegionsFile;
import io.gvl.format.io.VariantTableFile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * GVL's {@code get_dummy_dataset()} (genotypes only) written as a dataset: 4 regions of 3 bases on contigs 8, 3,
 * 6, 2 (region 1 on the minus strand), an all-N reference of 20 bases per contig, max jitter 2, ploidy 1, and at
 * each region's start four variants (deletions of 2 and 1, a SNP and a 1-base insertion with ALTs A, C, G, TT), one
 * per sample in GVL's order.
 */
final class GvlDummyDataset {
    static final List<String> CONTIGS = List.of("2", "3", "6", "8");
    static final List<String> SAMPLES = List.of("Aang", "Katara", "Sokka", "Toph");
    /** Input BED rows: contig, start, end, strand. */
    private static final int[][] INPUT = {{3, 5, 8, 1}, {1, 13, 16, -1}, {2, 8, 11, 1}, {0, 2, 5, 1}};
    /** Input row of each on-disk (contig-sorted) region. */
    private static final int[] DISK_TO_INPUT = {3, 1, 2, 0};
    /** Per disk region and sample, which of the region's four variants (del2, del1, SNP, ins) it carries. */
    private static final int[][] CARRIED = {{3, 1, 2, 0}, {0, 2, 1, 3}, {1, 0, 3, 2}, {2, 1, 3, 0}};
    private static final String[] ALT = {"A", "C", "G", "TT"};
    private static final String[] REF = {"NNN", "NN", "N", "N"};
    private static final int MAX_JITTER = 2;

    private GvlDummyDataset() {}

    static Path writeFasta(Path dir) throws IOException {
        StringBuilder sb = new StringBuilder();
        for (String c : CONTIGS) {
            sb.append('>').append(c).append('\n').append("N".repeat(20)).append('\n');
        }
        Path fa = dir.resolve("dummy.fa");
        Files.writeString(fa, sb.toString(), StandardCharsets.US_ASCII);
        return fa;
    }

    static Path write(Path dest) {
        DatasetPublisher.publish(dest, false, GvlDummyDataset::writeInto);
        return dest;
    }

    private static void writeInto(Path dir) {
        int n = INPUT.length;
        List<Object> chrom = new java.util.ArrayList<>();
        List<Object> starts = new java.util.ArrayList<>();
        List<Object> ends = new java.util.ArrayList<>();
        List<Object> strands = new java.util.ArrayList<>();
        for (int[] r : INPUT) {
            chrom.add(CONTIGS.get(r[0]));
            starts.add((long) r[1]);
            ends.add((long) r[2]);
            strands.add(r[3] == 1 ? "+" : "-");
        }
        InputRegionsFile.write(InputRegions.fromBed(new ArrowTable(List.of(
                new ArrowTable.Column("chrom", ArrowTable.ColumnType.STRING, chrom),
                new ArrowTable.Column("chromStart", ArrowTable.ColumnType.INT64, starts),
                new ArrowTable.Column("chromEnd", ArrowTable.ColumnType.INT64, ends),
                new ArrowTable.Column("strand", ArrowTable.ColumnType.STRING, strands)))),
                        dir.resolve(DatasetLayout.INPUT_REGIONS));
        int[] rc = new int[n];
        int[] rs = new int[n];
        int[] re = new int[n];
        int[] rst = new int[n];
        String[] vc = new String[4 * n];
        long[] vp = new long[4 * n];
        String[] vr = new String[4 * n];
        String[] va = new String[4 * n];
        int[] vi = new int[4 * n];
        for (int d = 0; d < n; d++) {
            int[] g = INPUT[DISK_TO_INPUT[d]];
            rc[d] = g[0];
            rs[d] = g[1] - MAX_JITTER;
            re[d] = g[2] + MAX_JITTER;
            rst[d] = g[3];
            for (int k = 0; k < 4; k++) {
                vc[4 * d + k] = CONTIGS.get(g[0]);
                vp[4 * d + k] = g[1] + 1L;
                vr[4 * d + k] = REF[k];
                va[4 * d + k] = ALT[k];
                vi[4 * d + k] = ALT[k].length() - REF[k].length();
            }
        }
        RegionsFile.write(new Regions(rc, rs, re, rst), dir.resolve(DatasetLayout.REGIONS));
        try (GenotypeWriter w = new GenotypeWriter(dir, n, SAMPLES.size(), 1)) {
            for (int d = 0; d < n; d++) {
                for (int s = 0; s < SAMPLES.size(); s++) {
                    w.appendSlot(new int[] {4 * d + CARRIED[d][s]}, 0, 1);
                }
            }
        }
        VariantTableFile.write(new VariantTable(vc, vp, vr, va, vi),
                DatasetLayout.genotypes(dir).resolve(DatasetLayout.VARIANTS));
        MetadataFile.write(DatasetMetadata.of(SAMPLES, CONTIGS, n, 1, MAX_JITTER), DatasetLayout.metadata(dir));
    }
}
