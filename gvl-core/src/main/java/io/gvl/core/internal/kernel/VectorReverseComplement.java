package io.gvl.core.internal.kernel;

import io.gvl.core.kernel.ReverseComplement;
import java.lang.foreign.MemorySegment;
import java.nio.ByteOrder;
import java.util.Objects;
import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorShuffle;
import jdk.incubator.vector.VectorSpecies;

/**
 * Vector API reverse complement. Complementing is one masked XOR: two table lookups by a byte's low nibble
 * (distinct for {@code A}, {@code C}, {@code G}, {@code T}) give the base it would be and its XOR with its
 * complement, and only bytes equal to that base are changed, so bytes outside {@code ACGT} are untouched. Reversing
 * is one lane shuffle.
 * In place, whole vectors are swapped from both ends and a middle of one to two vectors is two overlapping ones;
 * a shorter middle and copy tails fall back to the scalar code.
 * Load this class only after {@link VectorSupport} has confirmed the Vector API is present.
 */
final class VectorReverseComplement implements ReverseComplement {
    private static final ByteOrder ORDER = ByteOrder.nativeOrder();
    /**
     * The preferred species with its shuffle and tables, as constants. The loops take a {@link Tables}: called with
     * this constant (a record's fields are trusted finals), the compiler knows every vector's exact shape; called
     * with an instance field it relies on type profiles, which any other vector shape used in the JVM (by gvl's
     * tests, or by an application's own code) can blur, and the loops then ran about 40 % slower.
     */
    private static final Tables PREFERRED = new Tables(VectorSupport.byteSpecies());

    private final Tables tables;
    private final boolean preferred;

    VectorReverseComplement(VectorSpecies<Byte> species) {
        this.preferred = species.equals(PREFERRED.species());
        this.tables = preferred ? PREFERRED : new Tables(species);
    }

    /** One species' lane-reversing shuffle and the two nibble tables of the complement. */
    private record Tables(VectorSpecies<Byte> species, int lanes, VectorShuffle<Byte> reverse, ByteVector baseOfNibble,
                          ByteVector xorOfNibble) {
        Tables(VectorSpecies<Byte> species) {
            this(species, species.length(), VectorShuffle.fromOp(species, i -> species.length() - 1 - i),
                    table(species, true), table(species, false));
        }

        /**
         * Indexed by a byte's low nibble (1, 3, 7, 4 for A, C, G, T): the base that nibble stands for, or its XOR
         * with its complement. Other entries hold 0. With 8 lanes the lookups wrap, so a nibble of 8 or more finds
         * a base whose own nibble differs and never matches: every width is exact.
         */
        private static ByteVector table(VectorSpecies<Byte> species, boolean base) {
            byte[] t = new byte[species.length()];
            for (byte b : new byte[] {'A', 'C', 'G', 'T'}) {
                t[b & 15] = base ? b : (byte) (b ^ ReverseComplement.complement(b));
            }
            return ByteVector.fromArray(species, t, 0);
        }
    }

    @Override
    public String name() {
        return "vector-" + tables.species().vectorBitSize();
    }

    private static ByteVector rc(Tables t, ByteVector v) {
        ByteVector nibble = v.and((byte) 15);
        VectorMask<Byte> isBase = v.eq(nibble.selectFrom(t.baseOfNibble()));
        return v.lanewise(VectorOperators.XOR, nibble.selectFrom(t.xorOfNibble()), isBase).rearrange(t.reverse());
    }

    @Override
    public void inPlace(MemorySegment seq, long offset, long length) {
        Objects.checkFromIndexSize(offset, length, seq.byteSize());
        if (preferred) {
            inPlace(PREFERRED, seq, offset, length);
        } else {
            inPlace(tables, seq, offset, length);
        }
    }

    private static void inPlace(Tables t, MemorySegment seq, long offset, long length) {
        VectorSpecies<Byte> species = t.species();
        int lanes = t.lanes();
        long lo = offset;
        long hi = offset + length; // exclusive
        while (hi - lo >= 2L * lanes) {
            ByteVector a = ByteVector.fromMemorySegment(species, seq, lo, ORDER);
            ByteVector b = ByteVector.fromMemorySegment(species, seq, hi - lanes, ORDER);
            rc(t, b).intoMemorySegment(seq, lo, ORDER);
            rc(t, a).intoMemorySegment(seq, hi - lanes, ORDER);
            lo += lanes;
            hi -= lanes;
        }
        if (hi - lo >= lanes) {
            // One to two vectors left: both loaded before either store, each store is right wherever it lands, so
            // the two may overlap in the middle.
            ByteVector a = ByteVector.fromMemorySegment(species, seq, lo, ORDER);
            ByteVector b = ByteVector.fromMemorySegment(species, seq, hi - lanes, ORDER);
            rc(t, b).intoMemorySegment(seq, lo, ORDER);
            rc(t, a).intoMemorySegment(seq, hi - lanes, ORDER);
            return;
        }
        ScalarReverseComplement.inPlaceRange(seq, lo, hi - 1);
    }

    @Override
    public void copy(MemorySegment src, long srcOffset, MemorySegment dst, long dstOffset, long length) {
        Objects.checkFromIndexSize(srcOffset, length, src.byteSize());
        Objects.checkFromIndexSize(dstOffset, length, dst.byteSize());
        if (preferred) {
            copy(PREFERRED, src, srcOffset, dst, dstOffset, length);
        } else {
            copy(tables, src, srcOffset, dst, dstOffset, length);
        }
    }

    private static void copy(Tables t, MemorySegment src, long srcOffset, MemorySegment dst, long dstOffset,
                             long length) {
        VectorSpecies<Byte> species = t.species();
        int lanes = t.lanes();
        long bound = length - length % lanes;
        long srcEnd = srcOffset + length;
        for (long i = 0; i < bound; i += lanes) {
            rc(t, ByteVector.fromMemorySegment(species, src, srcEnd - i - lanes, ORDER))
                    .intoMemorySegment(dst, dstOffset + i, ORDER);
        }
        if (bound < length && length >= lanes) {
            // The rest as one whole vector ending at the output's end (the first bytes of src): the bytes it
            // overlaps get the values they already hold.
            rc(t, ByteVector.fromMemorySegment(species, src, srcOffset, ORDER))
                    .intoMemorySegment(dst, dstOffset + length - lanes, ORDER);
        } else {
            ScalarReverseComplement.copyRange(src, srcOffset, dst, dstOffset, bound, length);
        }
    }
}
