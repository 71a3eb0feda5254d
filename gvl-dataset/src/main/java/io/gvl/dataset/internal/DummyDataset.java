package io.gvl.dataset.internal;

import io.gvl.format.ArrowTable;
import io.gvl.format.DatasetLayout;
import io.gvl.format.DatasetMetadata;
import io.gvl.format.InputRegions;
import io.gvl.format.Regions;
import io.gvl.format.TrackScope;
import io.gvl.format.VariantTable;
import io.gvl.format.array.GenotypeWriter;
import io.gvl.format.array.IntervalTrackWriter;
import io.gvl.format.build.DatasetPublisher;
import io.gvl.format.io.InputRegionsFile;
import io.gvl.format.io.MetadataFile;
import io.gvl.format.io.RegionsFile;
import io.gvl.format.io.VariantTableFile;
import it.unimi.dsi.fastutil.ints.IntArrays;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Writes GVL's {@code get_dummy_dataset()} fixture ({@code _dummy.py}, as its code builds it, not as its docstring
 * says) with the format writers, into a temporary directory: an all-{@code N} reference of 25 contigs of 20 bp,
 * four 3 bp regions, four samples of ploidy 1 each carrying one variant per region so that the haplotype lengths
 * per input region and sample are {@link #LENGTHS}, a per-sample track {@code read-depth} (1..9 from two bases before
 * each region start) and an annotation track {@code annot} (1.0 at each region start).
 */
public final class DummyDataset {
    /** The reference's contigs, in GVL's order. */
    public static final List<String> CONTIGS = Stream.concat(
            Stream.iterate(1, i -> i <= 22, i -> i + 1).map(String::valueOf), Stream.of("X", "Y", "MT")).toList();
    /** The same contigs in natural order, as dataset metadata stores them. */
    private static final List<String> SORTED = Stream.concat(CONTIGS.subList(0, 22).stream(),
            Stream.of("MT", "X", "Y")).toList();
    public static final List<String> SAMPLES = List.of("Aang", "Katara", "Sokka", "Toph");
    public static final int MAX_JITTER = 2;
    /** Haplotype length per input region (rows) and sample (columns). */
    public static final int[][] LENGTHS = {{3, 2, 4, 1}, {1, 3, 2, 4}, {2, 1, 4, 3}, {4, 2, 3, 1}};

    private static final int CONTIG_LENGTH = 20;
    private static final String[] CHROM = {"8", "3", "6", "2"};
    private static final int[] START = {5, 13, 8, 2};
    private static final int[] END = {8, 16, 11, 5};
    private static final String[] STRAND = {"+", "-", "+", "+"};
    private static final String[] GENE = {"tp53", "shh", "tp53", "tp53"};
    private static final long[] EXON = {3, 1, 1, 2};
    /** Variant {@code x} of a region: its ILEN and ALT (REF is the all-N reference under the deleted bases). */
    private static final int[] ILEN = {-2, -1, 0, 1};
    private static final String[] ALT = {"A", "C", "G", "TT"};

    /** The dataset directory and its reference FASTA, both inside {@code root}. */
    public record Written(Path dataset, Path fasta) {
    }

    private DummyDataset() {
    }

    /** Writes the fixture under {@code root} (an empty temporary directory). */
    public static Written write(Path root) {
        try {
            StringBuilder fa = new StringBuilder();
            for (String c : CONTIGS) {
                fa.append('>').append(c).append('\n').append("N".repeat(CONTIG_LENGTH)).append('\n');
            }
            Path fasta = Files.writeString(root.resolve("dummy.fa"), fa, StandardCharsets.US_ASCII);
            Path dataset = root.resolve("dummy.gvl");
            DatasetPublisher.publish(dataset, false, DummyDataset::writeInto);
            return new Written(dataset, fasta);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the dummy dataset under " + root, e);
        }
    }

    private static void writeInto(Path dir) {
        List<Object> chrom = new ArrayList<>();
        List<Object> starts = new ArrayList<>();
        List<Object> ends = new ArrayList<>();
        List<Object> strands = new ArrayList<>();
        List<Object> genes = new ArrayList<>();
        List<Object> exons = new ArrayList<>();
        for (int i = 0; i < CHROM.length; i++) {
            chrom.add(CHROM[i]);
            starts.add((long) START[i]);
            ends.add((long) END[i]);
            strands.add(STRAND[i]);
            genes.add(GENE[i]);
            exons.add(EXON[i]);
        }
        InputRegions input = InputRegions.fromBed(new ArrowTable(List.of(
                new ArrowTable.Column("chrom", ArrowTable.ColumnType.STRING, chrom),
                new ArrowTable.Column("chromStart", ArrowTable.ColumnType.INT64, starts),
                new ArrowTable.Column("chromEnd", ArrowTable.ColumnType.INT64, ends),
                new ArrowTable.Column("strand", ArrowTable.ColumnType.STRING, strands),
                new ArrowTable.Column("gene", ArrowTable.ColumnType.STRING, genes),
                new ArrowTable.Column("exon", ArrowTable.ColumnType.INT64, exons))));
        InputRegionsFile.write(input, dir.resolve(DatasetLayout.INPUT_REGIONS));
        int n = CHROM.length;
        int[] diskToInput = new int[n];
        int[] order = {0, 1, 2, 3};
        IntArrays.mergeSort(order, (a, b) -> Integer.compare(SORTED.indexOf(CHROM[a]), SORTED.indexOf(CHROM[b])));
        System.arraycopy(order, 0, diskToInput, 0, n);
        int[] rc = new int[n];
        int[] rs = new int[n];
        int[] re = new int[n];
        int[] rst = new int[n];
        for (int r = 0; r < n; r++) {
            int i = diskToInput[r];
            rc[r] = SORTED.indexOf(CHROM[i]);
            rs[r] = START[i] - MAX_JITTER;
            re[r] = END[i] + MAX_JITTER;
            rst[r] = STRAND[i].equals("-") ? -1 : 1;
        }
        RegionsFile.write(new Regions(rc, rs, re, rst), dir.resolve(DatasetLayout.REGIONS));
        try (GenotypeWriter w = new GenotypeWriter(dir, n, SAMPLES.size(), 1)) {
            for (int r = 0; r < n; r++) {
                for (int s = 0; s < SAMPLES.size(); s++) {
                    w.appendSlot(new int[] {4 * r + LENGTHS[diskToInput[r]][s] - 1}, 0, 1);
                }
            }
        }
        int nv = 4 * n;
        String[] vc = new String[nv];
        long[] vp = new long[nv];
        String[] vr = new String[nv];
        String[] va = new String[nv];
        int[] vi = new int[nv];
        for (int v = 0; v < nv; v++) {
            int i = diskToInput[v / 4];
            vc[v] = CHROM[i];
            vp[v] = START[i] + 1L;
            vi[v] = ILEN[v % 4];
            vr[v] = "N".repeat(1 - Math.min(vi[v], 0));
            va[v] = ALT[v % 4];
        }
        VariantTableFile.write(new VariantTable(vc, vp, vr, va, vi),
                DatasetLayout.genotypes(dir).resolve(DatasetLayout.VARIANTS));
        writeTracks(dir, diskToInput);
        MetadataFile.write(DatasetMetadata.of(SAMPLES, SORTED, n, 1, MAX_JITTER), DatasetLayout.metadata(dir));
    }

    /** {@code read-depth}: values 1..9 on {@code [start - 2, start + 7)}, one base each; {@code annot}: 1.0 at start. */
    private static void writeTracks(Path dir, int[] diskToInput) {
        int n = diskToInput.length;
        try (IntervalTrackWriter t = new IntervalTrackWriter(dir, TrackScope.SAMPLE, "read-depth",
                (long) n * SAMPLES.size())) {
            for (int r = 0; r < n; r++) {
                int from = START[diskToInput[r]] - MAX_JITTER;
                int[] s = new int[9];
                int[] e = new int[9];
                float[] v = new float[9];
                for (int k = 0; k < 9; k++) {
                    s[k] = from + k;
                    e[k] = from + k + 1;
                    v[k] = k + 1;
                }
                for (int j = 0; j < SAMPLES.size(); j++) {
                    t.appendCell(s, e, v, 0, 9);
                }
            }
        }
        try (IntervalTrackWriter t = new IntervalTrackWriter(dir, TrackScope.ANNOTATION, "annot", n)) {
            for (int r = 0; r < n; r++) {
                int at = START[diskToInput[r]];
                t.appendCell(new int[] {at}, new int[] {at + 1}, new float[] {1f}, 0, 1);
            }
        }
    }

    /** Deletes {@code root} and everything under it; failures are ignored (it is a temporary directory). */
    public static void delete(Path root) {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(root)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException ignored) {
                    // best effort: the directory is temporary
                }
            });
        } catch (IOException ignored) {
            // best effort
        }
    }
}
