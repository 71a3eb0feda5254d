package io.gvl.bench.harness;

import io.gvl.write.Gvl;
import io.gvl.write.spec.WriteOptions;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * One {@code Gvl.write} from a variant file (VCF, BCF or PGEN) and the FASTA, as the {@code write-sources} suite times
 * it; run in a fresh JVM it reports that JVM's peak RSS, which only ever grows within a process.
 */
final class SourceWriteProbe {
    private SourceWriteProbe() {
    }

    /** The suite's write: {@code variants} over {@code regions}, checked against {@code fasta}, within {@code maxMem}. */
    static WriteOptions options(Path variants, Path regions, Path fasta, long maxMem) {
        return WriteOptions.builder(regions).variants(variants).reference(fasta).maxMem(maxMem).overwrite(true)
                .build();
    }

    /** Peak RSS in KiB of one such write to {@code out} in a child JVM; {@code out} is deleted afterwards. */
    static long peakRssKib(Path variants, Path regions, Path fasta, long maxMem, Path out) {
        long kib = WriteMemoryProbe.childPeakRssKib(SourceWriteProbe.class, List.of(),
                List.of(variants.toString(), regions.toString(), fasta.toString(), Long.toString(maxMem),
                        out.toString()));
        BenchFixture.deleteTree(out);
        return kib;
    }

    /** Child entry: {@code VARIANTS REGIONS FASTA MAX_MEM OUT}; writes and prints {@code peak_rss_kib N}. */
    public static void main(String[] args) throws IOException {
        Gvl.write(Path.of(args[4]), options(Path.of(args[0]), Path.of(args[1]), Path.of(args[2]),
                Long.parseLong(args[3])));
        WriteMemoryProbe.printPeak();
    }
}
