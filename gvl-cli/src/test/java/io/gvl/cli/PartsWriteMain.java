package io.gvl.cli;

import io.gvl.write.Gvl;
import io.gvl.write.PartWriter;
import io.gvl.write.spec.WriteOptions;
import io.gvl.write.spec.WritePlan;
import java.nio.file.Path;

/**
 * A write in parts as a distributed writer drives it, in one process for the {@link KillHarness}: {@link Gvl#plan},
 * {@link PartWriter#write} for every part, then {@link WritePlan#merge}. Arguments: {@code DEST BED VCF
 * REGIONS_PER_BLOCK SAMPLES_PER_BLOCK}; an existing {@code DEST} is replaced.
 */
final class PartsWriteMain {
    private PartsWriteMain() {
    }

    public static void main(String[] args) {
        WriteOptions o = WriteOptions.builder(Path.of(args[1])).variants(Path.of(args[2])).threads(1)
                .overwrite(true).build();
        WritePlan plan = Gvl.plan(Path.of(args[0]), o, Integer.parseInt(args[3]), Integer.parseInt(args[4]));
        for (WritePlan.Part p : plan.parts()) {
            PartWriter.write(plan, p);
        }
        plan.merge();
    }
}
