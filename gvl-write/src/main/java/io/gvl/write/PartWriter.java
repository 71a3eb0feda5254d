package io.gvl.write;

import io.gvl.format.DatasetLayout;
import io.gvl.write.internal.PartTasks;
import io.gvl.write.internal.VariantSourceFiles;
import io.gvl.write.internal.WriteInputs;
import io.gvl.write.spec.VariantSource;
import io.gvl.write.spec.WriteOptions;
import io.gvl.write.spec.WritePlan;
import java.nio.file.Files;

/**
 * Writes one part of a {@link WritePlan} from the plan alone, as a task in another thread, process or cluster
 * executor does. The part is built in a temporary sibling and published by an atomic rename; its bytes depend only
 * on the plan and its block, so a retried or speculative attempt finds the published part and reuses it, and a
 * killed attempt leaves only a temporary directory that the merge ignores. Of the variant table a part reads only
 * its region block's rows ({@link WritePlan#rowRanges()}), from a row file the plan staged; they and the decoded
 * calls held at once are bounded by the plan's {@code maxMem}. Safe to call from several threads for different
 * parts.
 */
public final class PartWriter {
    private PartWriter() {
    }

    /**
     * Writes {@code part} of {@code plan}, reopening the plan's input files.
     *
     * @param plan a {@link WritePlan#portable() portable} plan whose staging directory exists
     * @param part one of {@link WritePlan#parts()}; a track part needs every genotype part of its region block
     * @return {@code true} if the part was already published and was reused, {@code false} if written now
     * @throws io.gvl.write.spec.WriteException if the plan is not portable, records no row ranges (made by an older
     *     gvl), its staging directory lacks the staged rows, or the inputs changed since the plan was made (the
     *     variant file's size or modification time, or the samples)
     * @throws io.gvl.format.PartException.Missing if a track part's genotype parts are not published yet
     * @throws io.gvl.io.InputFormatException if an input file is malformed
     */
    public static boolean write(WritePlan plan, WritePlan.Part part) {
        if (Files.isDirectory(plan.staging().resolve(DatasetLayout.PARTS).resolve(part.name()))) {
            return true;
        }
        WriteOptions o = plan.options();
        try (VariantSource variants = o.variantFile() == null ? null
                : VariantSourceFiles.openForPart(o.variantFile(), o.infoFields())) {
            WriteInputs in = WriteInputs.forPart(plan, part.regionBlock(), variants);
            return new PartTasks(plan, in, (stage, done, total, bytes) -> { }, 1).write(part);
        }
    }
}
