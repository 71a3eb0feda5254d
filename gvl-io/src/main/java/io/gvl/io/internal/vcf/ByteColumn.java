package io.gvl.io.internal.vcf;

import it.unimi.dsi.fastutil.bytes.ByteArrays;
import java.util.Arrays;

/**
 * A byte column that one query appends to record by record: alleles and genotype rows. fastutil-core, the project's
 * primitive-collection library, has no byte list (only the full 23 MB jar does), so the column keeps an array that
 * doubles when full ({@link ByteArrays#forceCapacity}): appending n bytes costs O(n), and a query's genotype rows
 * (samples x ploidy bytes per site) are copied about once in all. Doubling rather than fastutil's 1.5x growth
 * allocated about 5 % less in a 2,504-sample VCF write (docs/benchmarks.md, "Primitive collections").
 */
final class ByteColumn {
    private byte[] data = ByteArrays.EMPTY_ARRAY;
    private int size;

    int size() {
        return size;
    }

    /** Appends {@code length} bytes of {@code src} from {@code from}. */
    void append(byte[] src, int from, int length) {
        ensure(size + length);
        System.arraycopy(src, from, data, size, length);
        size += length;
    }

    /** Appends every byte of {@code src}. */
    void append(byte[] src) {
        append(src, 0, src.length);
    }

    /** Appends the low byte of each character of an ASCII string (allele text). */
    void appendAscii(String s) {
        ensure(size + s.length());
        for (int i = 0; i < s.length(); i++) {
            data[size++] = (byte) s.charAt(i);
        }
    }

    /** Overwrites byte {@code i}, which must be below {@link #size()}. */
    void set(int i, byte value) {
        java.util.Objects.checkIndex(i, size);
        data[i] = value;
    }

    /** Copies {@code length} bytes from {@code from} into {@code dest} at {@code at}. */
    void copyTo(int from, byte[] dest, int at, int length) {
        java.util.Objects.checkFromIndexSize(from, length, size);
        System.arraycopy(data, from, dest, at, length);
    }

    private void ensure(int need) {
        if (need > data.length) {
            data = ByteArrays.forceCapacity(data, (int) Math.min(Integer.MAX_VALUE - 8, Math.max(need,
                    2L * data.length)), size);
        }
    }

    byte[] toByteArray() {
        return Arrays.copyOf(data, size);
    }
}
