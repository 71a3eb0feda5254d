package io.gvl.io.internal.vcf;

import io.gvl.io.vcf.VariantBatch;
import it.unimi.dsi.fastutil.bytes.ByteArrayList;
import it.unimi.dsi.fastutil.floats.FloatArrayList;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Growable primitive columns that one query fills record by record. */
public final class BatchBuilder {
    public static final int PLOIDY = 2;

    final IntArrayList positions = new IntArrayList();
    final ByteArrayList ref = new ByteArrayList();
    final IntArrayList refOffsets = IntArrayList.of(0);
    final ByteArrayList alt = new ByteArrayList();
    final IntArrayList altOffsets = IntArrayList.of(0);
    final ByteArrayList genotypes = new ByteArrayList();
    final FloatArrayList[] format;
    final FloatArrayList[] info;
    private final List<String> formatKeys;
    private final List<String> infoKeys;
    private final int samples;

    public BatchBuilder(int samples, List<String> formatKeys, List<String> infoKeys) {
        this.samples = samples;
        this.formatKeys = formatKeys;
        this.infoKeys = infoKeys;
        format = new FloatArrayList[formatKeys.size()];
        info = new FloatArrayList[infoKeys.size()];
        for (int i = 0; i < format.length; i++) {
            format[i] = new FloatArrayList();
        }
        for (int i = 0; i < info.length; i++) {
            info[i] = new FloatArrayList();
        }
    }

    public int size() {
        return positions.size();
    }

    public VariantBatch build(String contig) {
        Map<String, float[]> f = new LinkedHashMap<>();
        for (int i = 0; i < format.length; i++) {
            f.put(formatKeys.get(i), format[i].toFloatArray());
        }
        Map<String, float[]> in = new LinkedHashMap<>();
        for (int i = 0; i < info.length; i++) {
            in.put(infoKeys.get(i), info[i].toFloatArray());
        }
        return new VariantBatch(contig, positions.toIntArray(), ref.toByteArray(), refOffsets.toIntArray(),
                alt.toByteArray(), altOffsets.toIntArray(), samples, PLOIDY, genotypes.toByteArray(),
                Map.copyOf(f), Map.copyOf(in));
    }
}
