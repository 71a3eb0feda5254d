package io.gvl.testing;

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
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A seeded random dataset written with gvl-format's writers, plus the truth it was built from, so dataset outputs
 * can be checked against a deliberately simple oracle. Variants lie at least {@code maxJitter + 1} bases inside
 * their region and never overlap, so every jittered window holds all of a region's variants and applying them is
 * plain string editing.
 */
public final class SyntheticDataset {
    public static final List<String> CONTIGS = List.of("chr1", "chr2");
    public static final List<String> SAMPLES = List.of("a", "b", "c");
    public static final int PLOIDY = 2;

    public record Variant(int contig, int pos, String ref, String alt) {
        public int ilen() {
            return alt.length() - ref.length();
        }
    }

    /** One region in on-disk order, with the input row it came from. */
    public record Region(int contig, int start, int end, int strand, int inputRow) {
    }

    public final long seed;
    public final int maxJitter;
    public final String[] sequences = new String[CONTIGS.size()];
    public final List<Region> disk = new ArrayList<>();
    public final List<Variant> variants = new ArrayList<>();
    /** Per slot (region, sample, ploid) the variant indices carried. */
    public final List<List<Integer>> slots = new ArrayList<>();
    /** Per cell (region, sample) the track intervals: starts, ends, values. */
    final List<int[][]> cells = new ArrayList<>();
    final List<float[]> cellValues = new ArrayList<>();

    public SyntheticDataset(long seed, int maxJitter) {
        this.seed = seed;
        this.maxJitter = maxJitter;
        SplittableRandom rng = new SplittableRandom(seed);
        for (int c = 0; c < sequences.length; c++) {
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < 3000; i++) {
                sb.append("ACGT".charAt(rng.nextInt(4)));
            }
            sequences[c] = sb.toString();
        }
        // Non-overlapping regions per contig, listed in on-disk (sorted) order; input order is a shuffle of it.
        for (int c = 0; c < sequences.length; c++) {
            int pos = 10 + rng.nextInt(20);
            for (int k = 0; k < 4; k++) {
                int len = 40 + rng.nextInt(60);
                disk.add(new Region(c, pos, pos + len, rng.nextBoolean() ? 1 : -1, -1));
                pos += len + 30 + rng.nextInt(50);
            }
        }
        int[] inputOf = shuffled(disk.size(), rng);
        for (int r = 0; r < disk.size(); r++) {
            Region g = disk.get(r);
            disk.set(r, new Region(g.contig(), g.start(), g.end(), g.strand(), inputOf[r]));
        }
        for (Region g : disk) {
            int pos = g.start() + maxJitter + 1 + rng.nextInt(5);
            while (true) {
                int kind = rng.nextInt(3);
                int del = 1 + rng.nextInt(4);
                int refLen = kind == 2 ? del + 1 : 1;
                if (pos + refLen > g.end() - maxJitter - 1) {
                    break;
                }
                String seq = sequences[g.contig()];
                String ref = seq.substring(pos, pos + refLen);
                String alt = switch (kind) {
                    case 0 -> String.valueOf("ACGT".replace(ref, "").charAt(rng.nextInt(3)));
                    case 1 -> ref + randomBases(rng, 1 + rng.nextInt(4));
                    default -> ref.substring(0, 1);
                };
                variants.add(new Variant(g.contig(), pos, ref, alt));
                pos += refLen + 1 + rng.nextInt(8);
            }
        }
        for (int r = 0; r < disk.size(); r++) {
            List<Integer> inRegion = new ArrayList<>();
            for (int v = 0; v < variants.size(); v++) {
                Variant x = variants.get(v);
                if (x.contig() == disk.get(r).contig() && x.pos() >= disk.get(r).start() && x.pos() < disk.get(r).end()) {
                    inRegion.add(v);
                }
            }
            for (int s = 0; s < SAMPLES.size(); s++) {
                for (int p = 0; p < PLOIDY; p++) {
                    List<Integer> carried = new ArrayList<>();
                    for (int v : inRegion) {
                        if (rng.nextInt(3) == 0) {
                            carried.add(v);
                        }
                    }
                    slots.add(carried);
                }
                cells.add(null);
                cellValues.add(null);
                int cell = r * SAMPLES.size() + s;
                makeCell(cell, disk.get(r), rng);
            }
        }
    }

    private void makeCell(int cell, Region g, SplittableRandom rng) {
        List<int[]> itv = new ArrayList<>();
        int pos = g.start() - maxJitter + rng.nextInt(5);
        while (pos < g.end() + maxJitter) {
            int len = 1 + rng.nextInt(12);
            int end = Math.min(pos + len, g.end() + maxJitter);
            itv.add(new int[] {pos, end});
            pos = end + rng.nextInt(6);
        }
        int[][] se = new int[2][itv.size()];
        float[] vals = new float[itv.size()];
        for (int i = 0; i < itv.size(); i++) {
            se[0][i] = itv.get(i)[0];
            se[1][i] = itv.get(i)[1];
            vals[i] = (float) (rng.nextDouble() * 10);
        }
        cells.set(cell, se);
        cellValues.set(cell, vals);
    }

    private static String randomBases(SplittableRandom rng, int n) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < n; i++) {
            sb.append("ACGT".charAt(rng.nextInt(4)));
        }
        return sb.toString();
    }

    private static int[] shuffled(int n, SplittableRandom rng) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = i;
        }
        for (int i = n - 1; i > 0; i--) {
            int j = rng.nextInt(i + 1);
            int t = a[i];
            a[i] = a[j];
            a[j] = t;
        }
        return a;
    }

    public Region inputRegion(int inputRow) {
        return disk.stream().filter(r -> r.inputRow() == inputRow).findFirst().orElseThrow();
    }

    public int diskRow(int inputRow) {
        for (int r = 0; r < disk.size(); r++) {
            if (disk.get(r).inputRow() == inputRow) {
                return r;
            }
        }
        throw new IllegalArgumentException("no input row " + inputRow);
    }

    public Path writeFasta(Path dir) throws IOException {
        StringBuilder sb = new StringBuilder();
        for (int c = 0; c < CONTIGS.size(); c++) {
            sb.append('>').append(CONTIGS.get(c)).append('\n');
            for (int i = 0; i < sequences[c].length(); i += 60) {
                sb.append(sequences[c], i, Math.min(i + 60, sequences[c].length())).append('\n');
            }
        }
        Path fa = dir.resolve("ref-" + seed + ".fa");
        Files.writeString(fa, sb.toString(), StandardCharsets.US_ASCII);
        return fa;
    }

    public Path writeDataset(Path dest) {
        DatasetPublisher.publish(dest, false, this::writeInto);
        return dest;
    }

    private void writeInto(Path dir) {
        int n = disk.size();
        List<Object> chrom = new ArrayList<>();
        List<Object> starts = new ArrayList<>();
        List<Object> ends = new ArrayList<>();
        List<Object> strands = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Region g = inputRegion(i);
            chrom.add(CONTIGS.get(g.contig()));
            starts.add((long) g.start());
            ends.add((long) g.end());
            strands.add(g.strand() == 1 ? "+" : "-");
        }
        ArrowTable bed = new ArrowTable(List.of(
                new ArrowTable.Column("chrom", ArrowTable.ColumnType.STRING, chrom),
                new ArrowTable.Column("chromStart", ArrowTable.ColumnType.INT64, starts),
                new ArrowTable.Column("chromEnd", ArrowTable.ColumnType.INT64, ends),
                new ArrowTable.Column("strand", ArrowTable.ColumnType.STRING, strands)));
        InputRegionsFile.write(InputRegions.fromBed(bed), dir.resolve(DatasetLayout.INPUT_REGIONS));
        int[] rc = new int[n];
        int[] rs = new int[n];
        int[] re = new int[n];
        int[] rst = new int[n];
        for (int r = 0; r < n; r++) {
            Region g = disk.get(r);
            rc[r] = g.contig();
            rs[r] = g.start() - maxJitter;
            re[r] = g.end() + maxJitter;
            rst[r] = g.strand();
        }
        RegionsFile.write(new Regions(rc, rs, re, rst), dir.resolve(DatasetLayout.REGIONS));
        try (GenotypeWriter w = new GenotypeWriter(dir, n, SAMPLES.size(), PLOIDY)) {
            for (List<Integer> slot : slots) {
                int[] a = slot.stream().mapToInt(Integer::intValue).toArray();
                w.appendSlot(a, 0, a.length);
            }
        }
        int nv = variants.size();
        String[] vc = new String[nv];
        long[] vp = new long[nv];
        String[] vr = new String[nv];
        String[] va = new String[nv];
        int[] vi = new int[nv];
        for (int v = 0; v < nv; v++) {
            Variant x = variants.get(v);
            vc[v] = CONTIGS.get(x.contig());
            vp[v] = x.pos() + 1L;
            vr[v] = x.ref();
            va[v] = x.alt();
            vi[v] = x.ilen();
        }
        VariantTableFile.write(new VariantTable(vc, vp, vr, va, vi),
                DatasetLayout.genotypes(dir).resolve(DatasetLayout.VARIANTS));
        try (IntervalTrackWriter t = new IntervalTrackWriter(dir, TrackScope.SAMPLE, "cov",
                (long) n * SAMPLES.size())) {
            for (int c = 0; c < cells.size(); c++) {
                t.appendCell(cells.get(c)[0], cells.get(c)[1], cellValues.get(c), 0, cellValues.get(c).length);
            }
        }
        MetadataFile.write(DatasetMetadata.of(SAMPLES, CONTIGS, n, PLOIDY, maxJitter), DatasetLayout.metadata(dir));
    }

    // ----- the oracle --------------------------------------------------------------------------------------------

    /** Reference bytes of {@code [start, end)} with N beyond the contig. */
    public String reference(int contig, int start, int end) {
        StringBuilder sb = new StringBuilder();
        String seq = sequences[contig];
        for (int i = start; i < end; i++) {
            sb.append(i < 0 || i >= seq.length() ? 'N' : seq.charAt(i));
        }
        return sb.toString();
    }

    /** The haplotype of slot (disk region, sample, ploid) over {@code [start, end)}, plus-strand. */
    public String haplotype(int diskRegion, int sample, int ploid, int start, int end) {
        Region g = disk.get(diskRegion);
        StringBuilder sb = new StringBuilder();
        int cursor = start;
        for (int v : slots.get((diskRegion * SAMPLES.size() + sample) * PLOIDY + ploid)) {
            Variant x = variants.get(v);
            sb.append(reference(g.contig(), cursor, x.pos()));
            sb.append(x.alt());
            cursor = x.pos() + x.ref().length();
        }
        sb.append(reference(g.contig(), cursor, end));
        return sb.toString();
    }

    /** Per base of {@link #haplotype}: {@code [varIdx, refCoord]}. */
    public int[][] annotations(int diskRegion, int sample, int ploid, int start, int end) {
        Region g = disk.get(diskRegion);
        List<int[]> out = new ArrayList<>();
        int cursor = start;
        for (int v : slots.get((diskRegion * SAMPLES.size() + sample) * PLOIDY + ploid)) {
            Variant x = variants.get(v);
            for (int i = cursor; i < x.pos(); i++) {
                out.add(new int[] {-1, i});
            }
            for (int i = 0; i < x.alt().length(); i++) {
                out.add(new int[] {v, x.pos()});
            }
            cursor = x.pos() + x.ref().length();
        }
        for (int i = cursor; i < end; i++) {
            out.add(new int[] {-1, i >= sequences[g.contig()].length() ? Integer.MAX_VALUE : i});
        }
        return out.toArray(new int[0][]);
    }

    /** The track row of cell (disk region, sample) painted over {@code [start, end)}. */
    public float[] track(int diskRegion, int sample, int start, int end) {
        int cell = diskRegion * SAMPLES.size() + sample;
        float[] row = new float[end - start];
        int[][] se = cells.get(cell);
        for (int i = 0; i < se[0].length; i++) {
            for (int x = Math.max(se[0][i], start); x < Math.min(se[1][i], end); x++) {
                row[x - start] = cellValues.get(cell)[i];
            }
        }
        return row;
    }

    public static String reverseComplement(String s) {
        StringBuilder sb = new StringBuilder(s.length());
        for (int i = s.length() - 1; i >= 0; i--) {
            char c = s.charAt(i);
            sb.append(switch (c) {
                case 'A' -> 'T';
                case 'T' -> 'A';
                case 'C' -> 'G';
                case 'G' -> 'C';
                default -> c;
            });
        }
        return sb.toString();
    }
}
