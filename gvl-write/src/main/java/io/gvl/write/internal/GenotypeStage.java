package io.gvl.write.internal;

import io.gvl.format.array.GenotypeWriter;
import io.gvl.write.spec.CarrierBlock;
import io.gvl.write.spec.VariantSource;
import io.gvl.write.spec.WriteProgress;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes {@code genotypes/offsets.npy} and {@code variant_idxs.npy}: region chunks are selected on worker threads
 * (each decoding only its rows and sample passes) and appended in slot order {@code (r·S + s)·P + p}. Returns the
 * stored window end of every region, {@code max(qEnd, end0 of the largest stored variant index)} (GVL's {@code max_ends}
 * in {@code _dataset/_write.py}), with that index, so that parts of other samples can be joined by the same rule.
 */
final class GenotypeStage {
    private static final Logger LOG = LoggerFactory.getLogger(GenotypeStage.class);

    /** Stored lists of one chunk: per region, slot counts and the rows concatenated in slot order. */
    private record ChunkLists(int[][] counts, int[][] rows) {
    }

    private final RegionSet regions;
    private final VariantSource source;
    private final VariantRows rows;
    private final int[] recordContig;
    private final int[] sampleIndexes;
    private final int ploidy;
    private final boolean extend;
    /** Scratch of the tasks not running: a task takes one (or makes it) and gives it back, so blocks keep their size. */
    private final ConcurrentLinkedQueue<Scratch> idle = new ConcurrentLinkedQueue<>();

    GenotypeStage(RegionSet regions, VariantSource source, VariantRows rows, int[] recordContig, int[] sampleIndexes,
                  boolean extend) {
        this.regions = regions;
        this.source = source;
        this.rows = rows;
        this.recordContig = recordContig;
        this.sampleIndexes = sampleIndexes;
        this.ploidy = source.ploidy();
        this.extend = extend;
    }

    /**
     * The window ends of the stage's regions and, per region, the largest variant row stored for its samples (-1
     * when none): the row the end comes from. The end of the whole cohort is the end of the part whose row is
     * largest, not the largest end, since a lower row can be a deletion that reaches further.
     *
     * @param ends each region's stored window end
     * @param lastRows each region's largest stored row, or -1
     */
    record WindowEnds(int[] ends, int[] lastRows) {
    }

    WindowEnds write(Path dataset, long taskBudget, OrderedChunks exec, Progress progress) {
        int n = regions.size();
        int samples = sampleIndexes.length;
        List<RegionChunk> chunks = ChunkPlanner.plan(regions, rows, recordContig, samples, ploidy, taskBudget);
        int[] ends = regions.qEnd().clone();
        int[] lastRows = new int[n];
        Arrays.fill(lastRows, -1);
        boolean[] warned = {false};
        // Read here, not first after the chunk loop below: the loop's compiled code would otherwise meet the constant
        // unresolved at the end of the first chunk and be thrown away.
        WriteProgress.Stage stage = WriteProgress.Stage.GENOTYPES;
        progress.addBytes(8); // the closing offset
        try (GenotypeWriter writer = new GenotypeWriter(dataset, n, samples, ploidy)) {
            exec.run(chunks.size(), i -> select(chunks.get(i)), (i, lists) -> {
                RegionChunk ch = chunks.get(i);
                for (int r = 0; r < ch.to() - ch.from(); r++) {
                    int k = ch.from() + r;
                    int[] counts = lists.counts()[r];
                    int[] stored = lists.rows()[r];
                    writer.appendSlots(stored, 0, counts);
                    int maxRow = -1;
                    for (int row : stored) {
                        maxRow = Math.max(maxRow, row);
                    }
                    lastRows[k] = maxRow;
                    if (maxRow >= 0) {
                        ends[k] = Math.max(ends[k], rows.end0(maxRow));
                    } else if (!warned[0]) {
                        warned[0] = true;
                        LOG.warn("Region {}:{}-{} (BED line {}) has no variants for any sample; this can also be caused"
                                + " by a mismatch between the reference genome of the BED coordinates and that of the"
                                + " variants.", regions.contig(k), regions.qStart()[k], regions.qEnd()[k],
                                regions.line()[k]);
                    }
                    progress.addBytes(8L * counts.length + 4L * stored.length);
                }
                progress.report(stage, ch.to(), n);
            });
        }
        return new WindowEnds(ends, lastRows);
    }

    private ChunkLists select(RegionChunk ch) {
        int nr = ch.to() - ch.from();
        int samples = sampleIndexes.length;
        int[][] counts = new int[nr][samples * ploidy];
        IntList[] stored = new IntList[nr];
        for (int r = 0; r < nr; r++) {
            stored[r] = new IntList();
        }
        Scratch scratch = idle.poll();
        if (scratch == null) {
            scratch = new Scratch(new CarrierBlock(0), new HaplotypeSelector(rows, extend));
        }
        try {
            selectInto(ch, scratch, counts, stored);
        } finally {
            idle.add(scratch);
        }
        int[][] flat = new int[nr][];
        for (int r = 0; r < nr; r++) {
            flat[r] = stored[r].toArray();
        }
        return new ChunkLists(counts, flat);
    }

    private void selectInto(RegionChunk ch, Scratch scratch, int[][] counts, IntList[] stored) {
        int nr = ch.to() - ch.from();
        int samples = sampleIndexes.length;
        if (ch.contig() >= 0) {
            HaplotypeSelector selector = scratch.selector();
            int perPass = ch.samplesPerPass();
            int s0 = 0;
            while (s0 < samples) {
                int s1 = Math.min(samples, s0 + perPass);
                int[] pass = Arrays.copyOfRange(sampleIndexes, s0, s1);
                GenotypeWindow calls = new GenotypeWindow(source, pass, ploidy, ch.rowFrom(), ch.rowTo(),
                        rows.endRow(ch.contig()), ch.passBytes(), scratch.block());
                if (calls.overCap()) {
                    // more carriers than the plan's estimate: read this pass again as smaller ones
                    perPass = Math.max(1, (s1 - s0) / 2);
                    LOG.debug("Regions {}-{}: {} samples carry more than {} bytes of ALTs; passes of {}", ch.from(),
                            ch.to(), s1 - s0, ch.passBytes(), perPass);
                    continue;
                }
                for (int r = 0; r < nr; r++) {
                    int k = ch.from() + r;
                    selector.select(ch.contig(), regions.qStart()[k], regions.qEnd()[k], calls, s1 - s0, ploidy);
                    System.arraycopy(selector.counts(), 0, counts[r], s0 * ploidy, (s1 - s0) * ploidy);
                    stored[r].addAll(selector.rows(), 0, selector.total());
                }
                s0 = s1;
            }
        }
    }

    /** A carrier block and a selector, used by one task at a time and kept for the next. */
    private record Scratch(CarrierBlock block, HaplotypeSelector selector) {
    }
}
