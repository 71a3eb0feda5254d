package io.gvl.write.internal;

import io.gvl.format.DatasetLayout;
import io.gvl.format.Regions;
import io.gvl.format.TrackScope;
import io.gvl.format.array.RawArrayWriter;
import io.gvl.format.array.RawDtype;
import io.gvl.format.build.PartManifest;
import io.gvl.format.build.WriteParts;
import io.gvl.write.spec.WritePlan;
import io.gvl.write.spec.WriteProgress;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Writes one part of a {@link WritePlan} from checked inputs: a genotype part runs the genotype (and dosage) stage
 * over its regions and samples and records the extended window ends; a track part writes its samples' cells of
 * every sample track over the merged windows of its region block, and in sample block 0 the annotation tracks.
 * Decoded calls are bounded by the per-task budget, so a part's memory is bounded by {@code maxMem}.
 */
public final class PartTasks {
    private final WritePlan plan;
    private final WriteInputs in;
    private final Progress progress;
    private final int threads;

    /**
     * @param threads worker threads for the region chunks inside one part
     */
    public PartTasks(WritePlan plan, WriteInputs in, WriteProgress progress, int threads) {
        this(plan, in, new Progress(progress), threads);
    }

    PartTasks(WritePlan plan, WriteInputs in, Progress progress, int threads) {
        this.plan = plan;
        this.in = in;
        this.progress = progress;
        this.threads = threads;
    }

    /** Writes {@code part} unless it is published already; returns whether a published copy was reused. */
    public boolean write(WritePlan.Part part) {
        PartManifest m = plan.grid().expected(part.kind(), part.regionBlock(), part.sampleBlock());
        return WriteParts.publishPart(plan.staging(), m, tmp -> {
            try (OrderedChunks exec = new OrderedChunks(threads)) {
                if (part.kind().equals(PartManifest.GENOTYPES)) {
                    genotypes(tmp, m, exec);
                } else {
                    tracks(tmp, m, exec);
                }
            }
        });
    }

    private void genotypes(Path tmp, PartManifest m, OrderedChunks exec) {
        RegionSet regions = in.regions().slice(m.regionFrom(), m.regionTo());
        int[] samples = Arrays.copyOfRange(in.sampleIndexes(), m.sampleFrom(), m.sampleTo());
        GenotypeStage.WindowEnds ends = new GenotypeStage(regions, in.variants(), in.rows(), in.recordContigs(),
                samples, in.options().extendToLength()).write(tmp, in.taskBudget(samples.length), exec, progress);
        if (plan.dosages()) {
            DosageStage.write(tmp, in.variants(), samples, regions.size());
        }
        try (RawArrayWriter out = RawArrayWriter.create(tmp.resolve(DatasetLayout.PART_WINDOW_ENDS), RawDtype.INT32)) {
            out.writeInts(ends.ends(), 0, ends.ends().length);
            out.writeInts(ends.lastRows(), 0, ends.lastRows().length);
        }
    }

    private void tracks(Path tmp, PartManifest m, OrderedChunks exec) {
        Regions windows = WriteParts.windows(plan.staging(), plan.grid(), m.regionBlock());
        for (TrackInputs.Job j : in.tracks().jobs()) {
            boolean sample = j.kind() == TrackScope.SAMPLE;
            if (sample) {
                TrackInputs.write(j, m.sampleFrom(), m.sampleTo(), tmp, in.regions().contigs(), windows,
                        in.options().maxMem(), exec, progress);
            } else if (m.sampleBlock() == 0) {
                TrackInputs.write(j, 0, 1, tmp, in.regions().contigs(), windows, in.options().maxMem(), exec,
                        progress);
            }
        }
    }
}
