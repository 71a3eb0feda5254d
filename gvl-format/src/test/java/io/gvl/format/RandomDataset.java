package io.gvl.format;

import io.gvl.format.array.GenotypeWriter;
import io.gvl.format.array.IntervalTrackWriter;
import io.gvl.format.io.InputRegionsFile;
import io.gvl.format.io.MetadataFile;
import io.gvl.format.io.RegionsFile;
import io.gvl.format.io.VariantTableFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * A seeded random dataset: regions on a few contigs, sorted samples, CSR genotypes and tracks. Keeps the expected
 * arrays so tests can compare what gvl reads back with what was written.
 */
public final class RandomDataset {
    final int nRegions;
    final int nSamples;
    final int ploidy;
    final int[][] slots;
    final int[][] trackStarts;
    final int[][] annotStarts;
    final List<String> chrom = new ArrayList<>();
    final long[] start;
    final long[] end;
    final int nVariants;

    public RandomDataset(long seed, int nRegions, int nSamples, int ploidy, int meanCalls, int meanIntervals) {
        Random rnd = new Random(seed);
        this.nRegions = nRegions;
        this.nSamples = nSamples;
        this.ploidy = ploidy;
        this.nVariants = 1000;
        String[] contigs = {"chr1", "chr2", "chr10", "chrX", "3"};
        start = new long[nRegions];
        end = new long[nRegions];
        for (int r = 0; r < nRegions; r++) {
            chrom.add(contigs[rnd.nextInt(contigs.length)]);
            start[r] = rnd.nextInt(1_000_000);
            end[r] = start[r] + 1 + rnd.nextInt(1000);
        }
        slots = new int[nRegions * nSamples * ploidy][];
        for (int k = 0; k < slots.length; k++) {
            slots[k] = ascending(rnd, meanCalls == 0 ? 0 : rnd.nextInt(2 * meanCalls + 1), nVariants);
        }
        trackStarts = new int[nRegions * nSamples][];
        for (int k = 0; k < trackStarts.length; k++) {
            trackStarts[k] = ascending(rnd, meanIntervals == 0 ? 0 : rnd.nextInt(2 * meanIntervals + 1), 1 << 30);
        }
        annotStarts = new int[nRegions][];
        for (int k = 0; k < annotStarts.length; k++) {
            annotStarts[k] = ascending(rnd, meanIntervals == 0 ? 0 : rnd.nextInt(2 * meanIntervals + 1), 1 << 30);
        }
    }

    private static int[] ascending(Random rnd, int n, int bound) {
        return rnd.ints(n, 0, bound).distinct().sorted().toArray();
    }

    public static float valueOf(int start) {
        return start * 0.5f - 3f;
    }

    public List<String> samples() {
        List<String> s = new ArrayList<>();
        for (int i = 0; i < nSamples; i++) {
            s.add(String.format("s%04d", i));
        }
        return s;
    }

    /** Writes every file of the dataset into {@code dir}. */
    public void writeInto(Path dir) {
        ArrowTable bed = new ArrowTable(List.of(
                new ArrowTable.Column("chrom", ArrowTable.ColumnType.STRING, new ArrayList<>(chrom)),
                new ArrowTable.Column("chromStart", ArrowTable.ColumnType.INT64, box(start)),
                new ArrowTable.Column("chromEnd", ArrowTable.ColumnType.INT64, box(end))));
        InputRegions input = InputRegions.fromBed(bed);
        InputRegionsFile.write(input, dir.resolve(DatasetLayout.INPUT_REGIONS));
        List<String> contigs = NaturalSort.sortedUnique(chrom);
        RegionOrder order = input.order(dir);
        int[] c = new int[nRegions];
        int[] s = new int[nRegions];
        int[] e = new int[nRegions];
        int[] st = new int[nRegions];
        for (int k = 0; k < nRegions; k++) {
            int i = order.inputRow(k);
            c[k] = contigs.indexOf(chrom.get(i));
            s[k] = (int) start[i];
            e[k] = (int) end[i];
            st[k] = 1;
        }
        RegionsFile.write(new Regions(c, s, e, st), dir.resolve(DatasetLayout.REGIONS));
        try (GenotypeWriter g = new GenotypeWriter(dir, nRegions, nSamples, ploidy)) {
            for (int[] slot : slots) {
                g.appendSlot(slot, 0, slot.length);
            }
        }
        String[] ch = new String[nVariants];
        String[] ref = new String[nVariants];
        String[] alt = new String[nVariants];
        long[] pos = new long[nVariants];
        int[] ilen = new int[nVariants];
        for (int v = 0; v < nVariants; v++) {
            ch[v] = "chr1";
            pos[v] = v + 1;
            ref[v] = "A";
            alt[v] = "C";
        }
        VariantTableFile.write(new VariantTable(ch, pos, ref, alt, ilen),
                DatasetLayout.genotypes(dir).resolve(DatasetLayout.VARIANTS));
        writeTrack(dir, TrackScope.SAMPLE, "signal", trackStarts);
        writeTrack(dir, TrackScope.ANNOTATION, "annot", annotStarts);
        MetadataFile.write(DatasetMetadata.of(samples(), contigs, nRegions, ploidy, 0), DatasetLayout.metadata(dir));
    }

    private static void writeTrack(Path dir, TrackScope kind, String name, int[][] cells) {
        try (IntervalTrackWriter w = new IntervalTrackWriter(dir, kind, name, cells.length)) {
            for (int[] cell : cells) {
                int[] ends = new int[cell.length];
                float[] values = new float[cell.length];
                for (int i = 0; i < cell.length; i++) {
                    ends[i] = cell[i] + 7;
                    values[i] = valueOf(cell[i]);
                }
                w.appendCell(cell, ends, values, 0, cell.length);
            }
        }
    }

    private static List<Object> box(long[] v) {
        List<Object> out = new ArrayList<>();
        for (long x : v) {
            out.add(x);
        }
        return out;
    }
}
