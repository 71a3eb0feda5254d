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

    private final VectorSpecies<Byte> species;
    private final VectorShuffle<Byte> reverse;
    private final int lanes;
    private final ByteVector baseOfNibble;
    private final ByteVector xorOfNibble;

    VectorReverseComplement(VectorSpecies<Byte> species) {
        this.species = species;
        this.lanes = species.length();
        this.reverse = VectorShuffle.fromOp(species, i -> lanes - 1 - i);
        // Indexed by a byte's low nibble (1, 3, 7, 4 for A, C, G, T): the base that nibble stands for and its XOR
        // with its complement. Other entries hold XOR 0. With 8 lanes the lookups wrap, so a nibble of 8 or more
        // finds a base whose own nibble differs and never matches: every width is exact.
        byte[] base = new byte[lanes];
        byte[] xor = new byte[lanes];
        for (byte b : new byte[] {'A', 'C', 'G', 'T'}) {
            base[b & 15] = b;
            xor[b & 15] = (byte) (b ^ ReverseComplement.complement(b));
        }
        this.baseOfNibble = ByteVector.fromArray(species, base, 0);
        this.xorOfNibble = ByteVector.fromArray(species, xor, 0);
    }

    @Override
    public String name() {
        return "vector-" + species.vectorBitSize();
    }

    private ByteVector rc(ByteVector v) {
        ByteVector nibble = v.and((byte) 15);
        VectorMask<Byte> isBase = v.eq(nibble.selectFrom(baseOfNibble));
        return v.lanewise(VectorOperators.XOR, nibble.selectFrom(xorOfNibble), isBase).rearrange(reverse);
    }

    @Override
    public void inPlace(MemorySegment seq, long offset, long length) {
        Objects.checkFromIndexSize(offset, length, seq.byteSize());
        long lo = offset;
        long hi = offset + length; // exclusive
        while (hi - lo >= 2L * lanes) {
            ByteVector a = ByteVector.fromMemorySegment(species, seq, lo, ORDER);
            ByteVector b = ByteVector.fromMemorySegment(species, seq, hi - lanes, ORDER);
            rc(b).intoMemorySegment(seq, lo, ORDER);
            rc(a).intoMemorySegment(seq, hi - lanes, ORDER);
            lo += lanes;
            hi -= lanes;
        }
        if (hi - lo >= lanes) {
            // One to two vectors left: both loaded before either store, each store is right wherever it lands, so
            // the two may overlap in the middle.
            ByteVector a = ByteVector.fromMemorySegment(species, seq, lo, ORDER);
            ByteVector b = ByteVector.fromMemorySegment(species, seq, hi - lanes, ORDER);
            rc(b).intoMemorySegment(seq, lo, ORDER);
            rc(a).intoMemorySegment(seq, hi - lanes, ORDER);
            return;
        }
        ScalarReverseComplement.inPlaceRange(seq, lo, hi - 1);
    }

    @Override
    public void copy(MemorySegment src, long srcOffset, MemorySegment dst, long dstOffset, long length) {
        Objects.checkFromIndexSize(srcOffset, length, src.byteSize());
        Objects.checkFromIndexSize(dstOffset, length, dst.byteSize());
        long bound = length - length % lanes;
        long srcEnd = srcOffset + length;
        for (long i = 0; i < bound; i += lanes) {
            rc(ByteVector.fromMemorySegment(species, src, srcEnd - i - lanes, ORDER))
                    .intoMemorySegment(dst, dstOffset + i, ORDER);
        }
        if (bound < length && length >= lanes) {
            // The rest as one whole vector ending at the output's end (the first bytes of src): the bytes it
            // overlaps get the values they already hold.
            rc(ByteVector.fromMemorySegment(species, src, srcOffset, ORDER))
                    .intoMemorySegment(dst, dstOffset + length - lanes, ORDER);
        } else {
            ScalarReverseComplement.copyRange(src, srcOffset, dst, dstOffset, bound, length);
        }
    }
}
