package io.gvl.io.svar;

import io.gvl.format.array.LittleEndianOutput;
import it.unimi.dsi.fastutil.floats.FloatArrayList;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * One contig of a {@code .svar2} store being written by {@link Svar2Writer}: routes each record to the
 * {@code var_key} or dense representation by genoray's bit-cost rule, keeps the contig's streams, long alleles,
 * maximal deletions and field values in memory, and writes its directory at {@link Svar2Writer#endContig}.
 */
final class Svar2ContigEncoder {
    private final Svar2Writer w;
    final String name;
    final int words;
    final IntArrayList vkSnpHap = new IntArrayList();
    final IntArrayList vkSnpPos = new IntArrayList();
    final Bytes vkSnpCode = new Bytes();
    final IntArrayList vkIndelHap = new IntArrayList();
    final IntArrayList vkIndelPos = new IntArrayList();
    final IntArrayList vkIndelKey = new IntArrayList();
    final IntArrayList dSnpPos = new IntArrayList();
    final Bytes dSnpCode = new Bytes();
    final LongArrayList dSnpBits = new LongArrayList();
    final IntArrayList dIndelPos = new IntArrayList();
    final IntArrayList dIndelKey = new IntArrayList();
    final LongArrayList dIndelBits = new LongArrayList();
    final Bytes longAlleles = new Bytes();
    final LongArrayList longOffsets = LongArrayList.of(0L);
    final int[] maxDel;
    int denseMaxDel;
    /** Per field, per sub ({@link Svar2Writer#SUBS} order), the stored values. */
    final FloatArrayList[][] values;
    long lastPosition = -1;
    /** The carriers of the record being added, listed by {@link #listCarriers}. */
    private int[] scratch = new int[0];
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    Svar2ContigEncoder(Svar2Writer w, String name) {
        this.w = w;
        this.name = name;
        this.words = (w.haplotypes + 63) >>> 6;
        this.maxDel = new int[w.haplotypes];
        this.values = new FloatArrayList[w.fields.size()][Svar2Writer.SUBS.length];
        for (FloatArrayList[] v : values) {
            for (int s = 0; s < Svar2Writer.SUBS.length; s++) {
                v[s] = new FloatArrayList();
            }
        }
    }

    void add(int position, int refLength, byte[] alt, byte[] carriers, int from, float[] info, float[][] format,
             int formatFrom) {
        Allele a = classify(position, refLength, alt);
        int x = listCarriers(carriers, from);
        if (x == 0) {
            return;
        }
        int[] haps = scratch;
        if (dense(a, x)) {
            int base = denseSite(a);
            LongArrayList bits = a.snp ? dSnpBits : dIndelBits;
            for (int k = 0; k < x; k++) {
                int h = haps[k];
                bits.set(base + (h >>> 6), bits.getLong(base + (h >>> 6)) | 1L << (h & 63));
            }
            int sub = a.snp ? 2 : 3;
            for (int i = 0; i < w.infoFields.length; i++) {
                store(w.infoFields[i], sub, info[i]);
            }
            for (int i = 0; i < w.formatFields.length; i++) {
                float[] v = format[i];
                for (int s = 0; s < w.samples.size(); s++) {
                    boolean carrier = false;
                    for (int p = 0; p < w.ploidy; p++) {
                        carrier |= carriers[from + s * w.ploidy + p] != 0;
                    }
                    store(w.formatFields[i], sub, carrier ? v[formatFrom + s] : Float.NaN);
                }
            }
        } else {
            int sub = a.snp ? 0 : 1;
            for (int k = 0; k < x; k++) {
                int h = haps[k];
                varKeyCall(a, h);
                for (int i = 0; i < w.infoFields.length; i++) {
                    store(w.infoFields[i], sub, info[i]);
                }
                for (int i = 0; i < w.formatFields.length; i++) {
                    store(w.formatFields[i], sub, format[i][formatFrom + h / w.ploidy]);
                }
            }
        }
    }

    /**
     * Lists the haplotypes whose byte from {@code from} is non-zero into {@link #scratch}, ascending, eight bytes a
     * step (a record's row is mostly zeros); returns how many.
     */
    private int listCarriers(byte[] carriers, int from) {
        int n = w.haplotypes;
        if (scratch.length < n) {
            scratch = new int[n];
        }
        int x = 0;
        int h = 0;
        for (; h + Long.BYTES <= n; h += Long.BYTES) {
            long word = (long) LONGS.get(carriers, from + h);
            while (word != 0) {
                int bit = Long.numberOfTrailingZeros(word);
                scratch[x++] = h + (bit >>> 3);
                word &= ~(0xFFL << (bit & ~7));
            }
        }
        for (; h < n; h++) {
            if (carriers[from + h] != 0) {
                scratch[x++] = h;
            }
        }
        return x;
    }

    /**
     * As {@link #add} for a store without fields, the carriers given as {@code count} strictly ascending haplotype
     * indexes (a sparse decode's list): the same streams, in time proportional to the carriers.
     */
    void addCarriers(int position, int refLength, byte[] alt, int[] haplotypes, int count) {
        if (w.fields.size() > 0) {
            throw new IllegalStateException("a store with fields takes records with their values (add)");
        }
        Allele a = classify(position, refLength, alt);
        if (count == 0) {
            return;
        }
        if (dense(a, count)) {
            int base = denseSite(a);
            LongArrayList bits = a.snp ? dSnpBits : dIndelBits;
            for (int k = 0; k < count; k++) {
                int h = haplotypes[k];
                bits.set(base + (h >>> 6), bits.getLong(base + (h >>> 6)) | 1L << (h & 63));
            }
        } else {
            for (int k = 0; k < count; k++) {
                varKeyCall(a, haplotypes[k]);
            }
        }
    }

    /** A record's allele as the store encodes it: SNP code or indel key, and the bases it deletes. */
    private record Allele(int position, boolean snp, int value, int deleted) {
    }

    /** Checks the record's order and shape and encodes its allele (long insertions go to the allele table). */
    private Allele classify(int position, int refLength, byte[] alt) {
        if (position < 0 || position < lastPosition) {
            throw new IllegalArgumentException("contig " + name + ": position " + position + " after "
                    + lastPosition + " (records must come sorted by position)");
        }
        lastPosition = position;
        if (refLength == 1 && alt.length == 1) {
            return new Allele(position, true, Svar2SnpCodes.encode(alt[0]), 0);
        }
        if (refLength == 1 && alt.length > 1) {
            if (alt.length - 1 > Svar2IndelKeys.MAX_INLINE_ILEN) {
                int row = longOffsets.size() - 1;
                longAlleles.add(alt, 0, alt.length);
                longOffsets.add(longAlleles.size);
                return new Allele(position, false, Svar2IndelKeys.lookup(row), 0);
            }
            return new Allele(position, false, Svar2IndelKeys.inline(alt, 0, alt.length), 0);
        }
        if (alt.length == 1 && refLength > 1) {
            return new Allele(position, false, Svar2IndelKeys.deletion(refLength - 1), refLength - 1);
        }
        throw new IllegalArgumentException("contig " + name + ":" + (position + 1) + ": REF length " + refLength
                + " and ALT length " + alt.length + " make neither an SNP nor a normalized indel");
    }

    /** genoray's bit-cost rule: whether a record with {@code x} carriers is cheaper stored dense. */
    private boolean dense(Allele a, int x) {
        long k = a.snp ? 2 : 32;
        long infoBits = (long) Svar2Writer.FIELD_BITS * w.infoFields.length;
        long formatBits = (long) Svar2Writer.FIELD_BITS * w.formatFields.length;
        long varKeyCost = x * (32 + k + infoBits + formatBits);
        long denseCost = 32 + k + w.haplotypes + infoBits + formatBits * w.samples.size();
        return denseCost < varKeyCost;
    }

    /** Appends a dense record's position and allele and a zeroed row of bits; returns the row's first word. */
    private int denseSite(Allele a) {
        LongArrayList bits = a.snp ? dSnpBits : dIndelBits;
        int base = bits.size();
        if (base + words > bits.elements().length) {
            // size(int) alone would reallocate to the exact size each time: quadratic over a contig's dense records
            bits.ensureCapacity((int) Math.min(Integer.MAX_VALUE - 8, Math.max(base + (long) words,
                    bits.elements().length * 3L / 2)));
        }
        bits.size(base + words);
        if (a.snp) {
            dSnpPos.add(a.position);
            dSnpCode.add((byte) a.value);
        } else {
            dIndelPos.add(a.position);
            dIndelKey.add(a.value);
            denseMaxDel = Math.max(denseMaxDel, a.deleted);
        }
        return base;
    }

    /** Appends one {@code var_key} call of haplotype {@code h}. */
    private void varKeyCall(Allele a, int h) {
        if (a.snp) {
            vkSnpHap.add(h);
            vkSnpPos.add(a.position);
            vkSnpCode.add((byte) a.value);
        } else {
            vkIndelHap.add(h);
            vkIndelPos.add(a.position);
            vkIndelKey.add(a.value);
            maxDel[h] = Math.max(maxDel[h], a.deleted);
        }
    }

    private void store(int f, int sub, float v) {
        Svar2Writer.Field field = w.fields.get(f);
        if (field.kind() == Svar2Writer.Kind.FLAG) {
            v = Float.isNaN(v) ? 0 : 1;
        } else if (field.kind() == Svar2Writer.Kind.INTEGER && !Float.isNaN(v)) {
            long l = (long) v;
            w.min[f] = Math.min(w.min[f], l);
            w.max[f] = Math.max(w.max[f], l);
        }
        values[f][sub].add(v);
    }

    void write() throws IOException {
        Path c = w.dir.resolve(name);
        Files.createDirectories(c);
        // var_key streams: calls sorted by haplotype, record order kept within one
        long[] snpOff = new long[w.haplotypes + 1];
        int[] snpOrder = byHaplotype(vkSnpHap, snpOff);
        long[] indelOff = new long[w.haplotypes + 1];
        int[] indelOrder = byHaplotype(vkIndelHap, indelOff);
        Path vk = c.resolve("var_key");
        try (LittleEndianOutput o = LittleEndianOutput.create(vk.resolve("snp/positions.bin"))) {
            for (int i : snpOrder) {
                o.i32(vkSnpPos.getInt(i));
            }
        }
        writeCodes(vk.resolve("snp/alleles.bin"), vkSnpCode, snpOrder);
        writeOffsets(vk.resolve("snp/offsets.npy"), snpOff);
        try (LittleEndianOutput o = LittleEndianOutput.create(vk.resolve("indel/positions.bin"))) {
            for (int i : indelOrder) {
                o.i32(vkIndelPos.getInt(i));
            }
        }
        try (LittleEndianOutput o = LittleEndianOutput.create(vk.resolve("indel/alleles.bin"))) {
            for (int i : indelOrder) {
                o.i32(vkIndelKey.getInt(i));
            }
        }
        writeOffsets(vk.resolve("indel/offsets.npy"), indelOff);
        // dense streams
        Path d = c.resolve("dense");
        writeInts(d.resolve("snp/positions.bin"), dSnpPos);
        writeCodes(d.resolve("snp/alleles.bin"), dSnpCode, null);
        writeBits(d.resolve("snp/genotypes.bin"), dSnpBits, dSnpPos.size());
        writeInts(d.resolve("indel/positions.bin"), dIndelPos);
        writeInts(d.resolve("indel/alleles.bin"), dIndelKey);
        writeBits(d.resolve("indel/genotypes.bin"), dIndelBits, dIndelPos.size());
        try (LittleEndianOutput o = LittleEndianOutput.create(d.resolve("max_del.npy"))) {
            o.bytes(Svar2Files.npyHeader("<u4", 1)).i32(denseMaxDel);
        }
        // long alleles, max_del
        LittleEndianOutput.write(c.resolve("indel/long_alleles.bin"), longAlleles.toArray());
        try (LittleEndianOutput o = LittleEndianOutput.create(c.resolve("indel/long_allele_offsets.npy"))) {
            o.bytes(Svar2Files.npyHeader("<u8", longOffsets.size()));
            for (int i = 0; i < longOffsets.size(); i++) {
                o.i64(longOffsets.getLong(i));
            }
        }
        try (LittleEndianOutput o = LittleEndianOutput.create(c.resolve("max_del.npy"))) {
            o.bytes(Svar2Files.npyHeader("<u4", w.samples.size(), w.ploidy));
            for (int m : maxDel) {
                o.i32(m);
            }
        }
        // w.fields
        for (int f = 0; f < w.fields.size(); f++) {
            Svar2Writer.Field field = w.fields.get(f);
            Path fd = w.fieldDir(name, field);
            for (int s = 0; s < Svar2Writer.SUBS.length; s++) {
                int[] order = s == 0 ? snpOrder : s == 1 ? indelOrder : null;
                writeValues(fd.resolve(Svar2Writer.SUBS[s]), field.kind(), values[f][s], order);
            }
        }
    }

    private int[] byHaplotype(IntArrayList hap, long[] offsets) {
        int n = hap.size();
        for (int i = 0; i < n; i++) {
            offsets[hap.getInt(i) + 1]++;
        }
        for (int h = 0; h < w.haplotypes; h++) {
            offsets[h + 1] += offsets[h];
        }
        long[] next = Arrays.copyOf(offsets, w.haplotypes);
        int[] order = new int[n];
        for (int i = 0; i < n; i++) {
            order[(int) next[hap.getInt(i)]++] = i;
        }
        return order;
    }

    private static void writeOffsets(Path file, long[] offsets) throws IOException {
        try (LittleEndianOutput o = LittleEndianOutput.create(file)) {
            o.bytes(Svar2Files.npyHeader("<u8", offsets.length));
            for (long v : offsets) {
                o.i64(v);
            }
        }
    }

    private static void writeInts(Path file, IntArrayList ints) throws IOException {
        try (LittleEndianOutput o = LittleEndianOutput.create(file)) {
            for (int i = 0; i < ints.size(); i++) {
                o.i32(ints.getInt(i));
            }
        }
    }

    /** Packs 2-bit codes four per byte, lowest pair first, in {@code order} (or as stored when null). */
    private static void writeCodes(Path file, Bytes codes, int[] order) throws IOException {
        int n = codes.size;
        byte[] packed = new byte[(int) Svar2SnpCodes.packedBytes(n)];
        for (int i = 0; i < n; i++) {
            int code = codes.data[order == null ? i : order[i]] & 3;
            packed[i >>> 2] |= (byte) (code << ((i & 3) << 1));
        }
        LittleEndianOutput.write(file, packed);
    }

    /** Transposes the per-variant haplotype columns into the {@code h·V + v} bit matrix. */
    private void writeBits(Path file, LongArrayList columns, int variants) throws IOException {
        byte[] out = new byte[(int) Svar2GenotypeBits.matrixBytes(w.haplotypes, variants)];
        long[] cols = columns.elements();
        long b = 0;
        for (int h = 0; h < w.haplotypes; h++) {
            int word = h >>> 6;
            int bit = h & 63;
            for (int v = 0; v < variants; v++, b++) {
                if ((cols[v * words + word] >>> bit & 1) != 0) {
                    out[(int) (b >>> 3)] |= (byte) (1 << (b & 7));
                }
            }
        }
        LittleEndianOutput.write(file, out);
    }

    private static void writeValues(Path sub, Svar2Writer.Kind kind, FloatArrayList v, int[] order) throws IOException {
        Path file = sub.resolve(kind == Svar2Writer.Kind.INTEGER ? Svar2Writer.INT_TEMP : "values.bin");
        try (LittleEndianOutput o = LittleEndianOutput.create(file)) {
            for (int i = 0; i < v.size(); i++) {
                float x = v.getFloat(order == null ? i : order[i]);
                switch (kind) {
                    case FLOAT -> o.f32(x);
                    case FLAG -> o.u8((int) x);
                    case INTEGER -> o.i32(Float.isNaN(x) ? Integer.MIN_VALUE : (int) x);
                }
            }
        }
    }

    /** A growable byte array. */
    private static final class Bytes {
        byte[] data = new byte[64];
        int size;

        void add(byte b) {
            if (size == data.length) {
                data = Arrays.copyOf(data, data.length * 2);
            }
            data[size++] = b;
        }

        void add(byte[] b, int from, int length) {
            if (size + length > data.length) {
                data = Arrays.copyOf(data, Math.max(data.length * 2, size + length));
            }
            System.arraycopy(b, from, data, size, length);
            size += length;
        }

        byte[] toArray() {
            return Arrays.copyOf(data, size);
        }
    }
}
