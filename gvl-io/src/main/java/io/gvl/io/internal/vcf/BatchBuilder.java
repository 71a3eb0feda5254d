package io.gvl.io.internal.vcf;

import io.gvl.io.variant.VariantBatch;
import it.unimi.dsi.fastutil.floats.FloatArrayList;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Growable primitive columns that one query fills record by record. */
public final class BatchBuilder {
    public static final int PLOIDY = 2;

    final IntArrayList positions = new IntArrayList();
    final ByteColumn ref = new ByteColumn();
    final IntArrayList refOffsets = IntArrayList.of(0);
    final ByteColumn alt = new ByteColumn();
    final IntArrayList altOffsets = IntArrayList.of(0);
    final ByteColumn genotypes = new ByteColumn();
    final FloatArrayList[] format;
    final FloatArrayList[] info;
    private final List<String> formatKeys;
    private final List<String> infoKeys;
    private final int samples;
    private final byte[] refRow;
    private final float[] nanRow;

    public BatchBuilder(int samples, List<String> formatKeys, List<String> infoKeys) {
        this.samples = samples;
        this.refRow = new byte[samples * PLOIDY];
        this.nanRow = new float[samples];
        Arrays.fill(nanRow, Float.NaN);
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

    /** Appends a site at 0-based {@code position}; REF and ALT are byte ranges of {@code bytes}. */
    public void addSite(int position, byte[] bytes, int refFrom, int refLength, int altFrom, int altLength) {
        positions.add(position);
        ref.append(bytes, refFrom, refLength);
        refOffsets.add(ref.size());
        alt.append(bytes, altFrom, altLength);
        altOffsets.add(alt.size());
    }

    /** Appends the value of INFO field {@code k} (in request order) for the last site. */
    public void addInfo(int k, float value) {
        info[k].add(value);
    }

    /**
     * Appends the last site's per-sample row: every genotype REF, every FORMAT value NaN, to be overwritten by
     * {@link #carry} and {@link #setFormat}. Returns the row's first genotype index.
     */
    public int addSampleRow() {
        int base = genotypes.size();
        genotypes.append(refRow);
        for (FloatArrayList list : format) {
            list.addElements(list.size(), nanRow);
        }
        return base;
    }

    /** Marks haplotype {@code ploid} of output sample {@code sample} in the row at {@code base} as carrying ALT. */
    public void carry(int base, int sample, int ploid) {
        genotypes.set(base + sample * PLOIDY + ploid, (byte) 1);
    }

    /** Sets FORMAT field {@code k} of output sample {@code sample} in the last row. */
    public void setFormat(int k, int sample, float value) {
        format[k].set(format[k].size() - samples + sample, value);
    }

    /** Copies the genotype row of site {@code site} ({@code width} bytes) into {@code dest} at {@code at}. */
    public void copyGenotypeRow(int site, byte[] dest, int at, int width) {
        genotypes.copyTo(site * width, dest, at, width);
    }

    /** The 0-based position of site {@code site}. */
    public int position(int site) {
        return positions.getInt(site);
    }

    public VariantBatch build(String contig) {
        return build(contig, 0);
    }

    /** The batch of sites {@code from} onward (the sites before it are left out, as if never added). */
    public VariantBatch build(String contig, int from) {
        if (from > 0) {
            return dropFirst(from).build(contig, 0);
        }
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

    private BatchBuilder dropFirst(int from) {
        BatchBuilder b = new BatchBuilder(samples, formatKeys, infoKeys);
        int n = size();
        int width = samples * PLOIDY;
        byte[] refs = ref.toByteArray();
        byte[] alts = alt.toByteArray();
        byte[] calls = genotypes.toByteArray();
        for (int i = from; i < n; i++) {
            b.positions.add(positions.getInt(i));
            b.ref.append(refs, refOffsets.getInt(i), refOffsets.getInt(i + 1) - refOffsets.getInt(i));
            b.refOffsets.add(b.ref.size());
            b.alt.append(alts, altOffsets.getInt(i), altOffsets.getInt(i + 1) - altOffsets.getInt(i));
            b.altOffsets.add(b.alt.size());
        }
        if (calls.length > 0) {
            b.genotypes.append(Arrays.copyOfRange(calls, from * width, n * width));
        }
        for (int k = 0; k < format.length; k++) {
            b.format[k].addElements(0, format[k].elements(), from * samples, (n - from) * samples);
        }
        for (int k = 0; k < info.length; k++) {
            b.info[k].addElements(0, info[k].elements(), from, n - from);
        }
        return b;
    }
}
