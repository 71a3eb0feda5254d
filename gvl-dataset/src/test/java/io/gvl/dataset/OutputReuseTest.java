package io.gvl.dataset;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.gvl.core.buffer.Dense;
import io.gvl.dataset.output.DatasetOutput;
import io.gvl.dataset.settings.OutputLength;
import io.gvl.dataset.settings.SeqKind;
import io.gvl.write.Gvl;
import io.gvl.write.spec.WriteOptions;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Query outputs of one open dataset reuse the large blocks that closed outputs gave back (so their pages stay
 * mapped), never a block still in use, and outputs that outlive the dataset stay readable until closed.
 */
class OutputReuseTest {
    static final Path DATA = Path.of(System.getProperty("gvl.shared.data"));
    static final Path Z = DATA.resolve("real-derived/vg-z-synth16");

    @TempDir
    Path tmp;

    @Test
    void aClosedOutputsBlockServesTheNextQueryAndTheBytesAreTheSame() {
        Path out = tmp.resolve("z.gvl");
        Gvl.write(out, WriteOptions.builder(Z.resolve("regions.bed")).variants(Z.resolve("z_synth16.norm.vcf.gz"))
                .build());
        try (Dataset opened = Dataset.open(out, DATA.resolve("real/vg-1mb1kgp/z.fa"))) {
            // 24 regions x 16 samples x 2 haplotypes x 2,048 bytes = 1.5 MiB of haplotypes.
            Dataset big = opened.withSeqs(SeqKind.HAPLOTYPES).withLen(OutputLength.fixed(2_048));
            int[] r = IntStream.range(0, big.regionCount()).toArray();
            int[] s = IntStream.range(0, big.sampleCount()).toArray();
            long firstAddress;
            byte[] first;
            try (DatasetOutput o = big.getGrid(r, s)) {
                firstAddress = data(o).address();
                first = data(o).toArray(ValueLayout.JAVA_BYTE);
            }
            DatasetOutput second = big.getGrid(r, s);
            assertEquals(firstAddress, data(second).address(), "the block the first output gave back");
            assertArrayEquals(first, data(second).toArray(ValueLayout.JAVA_BYTE));
            try (DatasetOutput third = big.getGrid(r, s)) {
                assertNotEquals(data(second).address(), data(third).address(), "never a block still in use");
                assertArrayEquals(first, data(third).toArray(ValueLayout.JAVA_BYTE));
            }
            opened.close();
            assertArrayEquals(first, data(second).toArray(ValueLayout.JAVA_BYTE), "valid after the dataset closed");
            MemorySegment kept = data(second);
            second.close();
            assertThrows(IllegalStateException.class, () -> kept.get(ValueLayout.JAVA_BYTE, 0));
        }
    }

    @Test
    void aMalformedCacheSizeIsRefusedByNameAtOpen() {
        Path out = tmp.resolve("z.gvl");
        Gvl.write(out, WriteOptions.builder(Z.resolve("regions.bed")).variants(Z.resolve("z_synth16.norm.vcf.gz"))
                .build());
        String before = System.getProperty(io.gvl.dataset.internal.memory.OutputBlocks.PROPERTY);
        System.setProperty(io.gvl.dataset.internal.memory.OutputBlocks.PROPERTY, "lots");
        try {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> Dataset.open(out, DATA.resolve("real/vg-1mb1kgp/z.fa")).close());
            org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().contains("-Dgvl.outputCacheBytes=lots"),
                    e.getMessage());
        } finally {
            if (before == null) {
                System.clearProperty(io.gvl.dataset.internal.memory.OutputBlocks.PROPERTY);
            } else {
                System.setProperty(io.gvl.dataset.internal.memory.OutputBlocks.PROPERTY, before);
            }
        }
        try (Dataset again = Dataset.open(out, DATA.resolve("real/vg-1mb1kgp/z.fa"))) {
            assertEquals(24, again.regionCount(), "the refused open left nothing behind that blocks a new one");
        }
    }

    private static MemorySegment data(DatasetOutput o) {
        return ((Dense) o.sequences()).data();
    }
}
