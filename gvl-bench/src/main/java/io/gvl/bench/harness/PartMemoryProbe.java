package io.gvl.bench.harness;

import io.gvl.write.Gvl;
import io.gvl.write.PartWriter;
import io.gvl.write.spec.WriteOptions;
import io.gvl.write.spec.WritePlan;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Peak memory of one write part, as a part writer in another process sees it: the harness makes the plan, and a
 * fresh JVM reads {@code plan.json}, reopens the inputs and writes the first genotype part with {@link PartWriter},
 * then reports its peak RSS ({@code VmHWM}) and peak heap. This is the number {@code maxMem} is meant to bound.
 */
final class PartMemoryProbe {
    private static final String HEAP_MARK = "peak_heap_kib ";

    /** A part's peaks in KiB: resident set, and the sum of the heap pools' peak use (an upper bound). */
    record Peak(String part, long rssKib, long heapKib) {
    }

    private PartMemoryProbe() {
    }

    /**
     * Plans {@code options} to {@code out} in blocks of the given sizes, writes the first part in a child JVM (with
     * {@code jvmArgs} after this JVM's flags, e.g. a heap cap) and returns its peaks; the plan's staging directory is
     * removed afterwards, so every call writes its part afresh.
     */
    static Peak firstPart(WriteOptions options, Path out, int regionsPerBlock, int samplesPerBlock,
                          List<String> jvmArgs) {
        WritePlan plan = Gvl.plan(out, options, regionsPerBlock, samplesPerBlock);
        try {
            Path json = plan.staging().resolve("parts").resolve("plan.json");
            String part = plan.parts().getFirst().name();
            String text = WriteMemoryProbe.childOutput(PartMemoryProbe.class, jvmArgs, List.of(json.toString()));
            return new Peak(part, WriteMemoryProbe.mark(text, WriteMemoryProbe.MARK),
                    WriteMemoryProbe.mark(text, HEAP_MARK));
        } finally {
            plan.discard();
        }
    }

    /** Child entry: {@code PLAN_JSON}; writes the plan's first part and prints its peak RSS and peak heap. */
    public static void main(String[] args) throws IOException {
        WritePlan plan = WritePlan.fromJson(Files.readString(Path.of(args[0])));
        PartWriter.write(plan, plan.parts().getFirst());
        WriteMemoryProbe.printPeak();
        long heap = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP && pool.getPeakUsage() != null) {
                heap += pool.getPeakUsage().getUsed();
            }
        }
        System.out.println(HEAP_MARK + (heap >> 10));
    }
}
