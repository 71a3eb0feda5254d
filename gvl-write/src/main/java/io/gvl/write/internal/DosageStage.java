package io.gvl.write.internal;

import io.gvl.format.DatasetLayout;
import io.gvl.format.array.RawArray;
import io.gvl.format.array.RawArrayWriter;
import io.gvl.format.array.RawDtype;
import io.gvl.write.spec.VariantSource;
import java.lang.foreign.Arena;
import java.nio.file.Path;

/**
 * Writes {@code genotypes/dosages.npy}: the {@code DS} dosage of every stored call, parallel to
 * {@code variant_idxs.npy} (float32, header-less like it; NaN when a call has no DS), the layout of a SparseVar's
 * {@code dosages.npy}. Runs after the genotype stage and reads its lists back, one region at a time.
 */
final class DosageStage {
    private DosageStage() {
    }

    static void write(Path dataset, VariantSource source, int[] sampleIndexes, int regions) {
        Path g = DatasetLayout.genotypes(dataset);
        int samples = sampleIndexes.length;
        int ploidy = source.ploidy();
        try (Arena arena = Arena.ofConfined();
             RawArrayWriter out = RawArrayWriter.create(g.resolve(DatasetLayout.DOSAGES), RawDtype.FLOAT32)) {
            RawArray offsets = RawArray.map(g.resolve(DatasetLayout.OFFSETS), RawDtype.INT64, arena);
            if (offsets.getLong(offsets.length() - 1) == 0) {
                return;
            }
            RawArray idx = RawArray.map(g.resolve(DatasetLayout.VARIANT_IDXS), RawDtype.INT32, arena);
            int slotsPerRegion = samples * ploidy;
            for (int r = 0; r < regions; r++) {
                long from = offsets.getLong((long) r * slotsPerRegion);
                long to = offsets.getLong((long) (r + 1) * slotsPerRegion);
                if (from == to) {
                    continue;
                }
                int lo = Integer.MAX_VALUE;
                int hi = -1;
                for (long j = from; j < to; j++) {
                    lo = Math.min(lo, idx.getInt(j));
                    hi = Math.max(hi, idx.getInt(j));
                }
                float[] ds = new float[Math.multiplyExact(hi - lo + 1, samples)];
                source.dosages(lo, hi + 1, sampleIndexes, ds);
                for (int slot = 0; slot < slotsPerRegion; slot++) {
                    int sample = slot / ploidy;
                    long s0 = offsets.getLong((long) r * slotsPerRegion + slot);
                    long s1 = offsets.getLong((long) r * slotsPerRegion + slot + 1);
                    for (long j = s0; j < s1; j++) {
                        out.writeFloat(ds[(idx.getInt(j) - lo) * samples + sample]);
                    }
                }
            }
        }
    }
}
