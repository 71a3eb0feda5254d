package io.gvl.dataset;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.gvl.core.buffer.Dense;
import io.gvl.core.buffer.NamedArray;
import io.gvl.core.buffer.Ragged;
import io.gvl.dataset.output.DatasetOutput;
import io.gvl.dataset.settings.SeqKind;
import io.gvl.io.fasta.Reference;
import io.gvl.testing.SyntheticDataset;
import java.io.ByteArrayOutputStream;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link Dataset#withJitter} is {@code withSettings(s -> s.withJitter(j))}: the same bytes in every output array
 * and the same refusal, on seeded random datasets (seed in the case name).
 */
class DatasetWithJitterTest {
    @TempDir
    Path tmp;

    /** Every array's name, shape and bytes (ragged rows with their lengths), in output order. */
    private static byte[] bytes(DatasetOutput out) {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        for (NamedArray a : out.arrays()) {
            all.writeBytes(a.name().getBytes(US_ASCII));
            if (a.array() instanceof Ragged r) {
                for (long i = 0; i < r.rows(); i++) {
                    MemorySegment row = r.row(i);
                    all.writeBytes(Long.toString(row.byteSize()).getBytes(US_ASCII));
                    all.writeBytes(row.toArray(ValueLayout.JAVA_BYTE));
                }
            } else if (a.array() instanceof Dense d) {
                all.writeBytes(Arrays.toString(d.shape()).getBytes(US_ASCII));
                all.writeBytes(d.data().toArray(ValueLayout.JAVA_BYTE));
            }
        }
        return all.toByteArray();
    }

    private static byte[] all(Dataset ds) {
        try (DatasetOutput out = ds.getAll()) {
            return bytes(out);
        }
    }

    @ParameterizedTest(name = "seed={0}")
    @ValueSource(longs = {51, 52, 53})
    void withJitterGivesTheBytesOfWithSettings(long seed) throws Exception {
        SyntheticDataset t = new SyntheticDataset(seed, 4);
        try (Reference reference = Reference.open(t.writeFasta(tmp), tmp.resolve("cache"));
             Dataset ds = Dataset.open(t.writeDataset(tmp.resolve("ds")), reference)) {
            for (SeqKind kind : new SeqKind[] {SeqKind.REFERENCE, ds.seqKind()}) {
                Dataset view = ds.withSeqs(kind).withSettings(s -> s.withSeed(seed));
                Dataset shortcut = view.withJitter(3);
                Dataset bySettings = view.withSettings(s -> s.withJitter(3));
                assertEquals(3, shortcut.settings().jitter());
                String at = "seed " + seed + " " + kind;
                byte[] want = all(bySettings);
                assertArrayEquals(want, all(shortcut.withSettings(s -> s.withSeed(seed))), at);
                assertFalse(Arrays.equals(want, all(view.withSettings(s -> s.withSeed(seed)))),
                        at + ": jitter 3 moves some window");
            }
            String viaShortcut = assertThrows(IllegalArgumentException.class, () -> ds.withJitter(5)).getMessage();
            assertEquals(viaShortcut, assertThrows(IllegalArgumentException.class,
                    () -> ds.withSettings(s -> s.withJitter(5))).getMessage());
        }
    }
}
