package io.gvl.write.internal;

import io.gvl.format.Regions;
import io.gvl.format.TrackScope;
import io.gvl.format.array.IntervalTrackWriter;
import io.gvl.io.bigwig.BigWigIntervals;
import io.gvl.write.spec.WriteException;
import io.gvl.write.spec.WriteProgress;
import java.nio.file.Path;
import java.util.List;

/**
 * Writes one interval track: for every stored window (a {@code regions.npy} row, jittered and extended) and every
 * source (a sample, or the single annotation source), the source's intervals, streamed cell by cell in order
 * {@code r·S + s}. Region chunks are read on worker threads; only the chunks in flight are held in memory.
 */
final class TrackStage {
    /** Cells (region × source) one chunk reads at most, unless a single region has more sources. */
    private static final int CELLS_PER_CHUNK = 256;
    private static final int MAX_REGIONS_PER_CHUNK = 16;

    private final String name;
    private final TrackScope kind;
    private final List<? extends IntervalSource> sources;
    private final List<String> contigs;
    private final Regions windows;
    private final long maxMem;
    private final int regionsPerChunk;

    /**
     * @param sources one per sample (sample tracks, dataset sample order) or exactly one (annotation tracks)
     * @param contigs contig names by contig code of {@code windows}
     */
    TrackStage(String name, TrackScope kind, List<? extends IntervalSource> sources, List<String> contigs,
               Regions windows, long maxMem) {
        this.name = name;
        this.kind = kind;
        this.sources = sources;
        this.contigs = contigs;
        this.windows = windows;
        this.maxMem = maxMem;
        this.regionsPerChunk = Math.clamp(CELLS_PER_CHUNK / Math.max(1, sources.size()), 1, MAX_REGIONS_PER_CHUNK);
    }

    void write(Path dataset, OrderedChunks exec, Progress progress) {
        int n = windows.size();
        int chunks = (n + regionsPerChunk - 1) / regionsPerChunk;
        WriteProgress.Stage stage = kind == TrackScope.SAMPLE ? WriteProgress.Stage.TRACK
                : WriteProgress.Stage.ANNOTATION;
        progress.addBytes(8); // the closing offset
        try (IntervalTrackWriter writer = new IntervalTrackWriter(dataset, kind, name, (long) n * sources.size())) {
            exec.run(chunks, this::read, (i, cells) -> {
                for (BigWigIntervals[] region : cells) {
                    for (BigWigIntervals c : region) {
                        writer.appendCell(c.starts(), c.ends(), c.values(), 0, c.size());
                        progress.addBytes(12L * c.size() + 8);
                    }
                }
                progress.report(stage, Math.min(n, (long) (i + 1) * regionsPerChunk), n);
            });
        }
    }

    private BigWigIntervals[][] read(int chunk) {
        int from = chunk * regionsPerChunk;
        int to = Math.min(windows.size(), from + regionsPerChunk);
        BigWigIntervals[][] out = new BigWigIntervals[to - from][sources.size()];
        for (int r = from; r < to; r++) {
            String contig = contigs.get(windows.contig(r));
            long bytes = 0;
            for (int s = 0; s < sources.size(); s++) {
                BigWigIntervals c = sources.get(s).query(contig, windows.start(r), windows.end(r));
                out[r - from][s] = c;
                bytes += 12L * c.size();
            }
            if (bytes > maxMem) {
                throw new WriteException("track '" + name + "': the intervals of region " + contig + ":"
                        + windows.start(r) + "-" + windows.end(r) + " across all samples need " + bytes
                        + " bytes, more than max_mem (" + maxMem + ").", "raise max_mem or use shorter regions.");
            }
        }
        return out;
    }
}
