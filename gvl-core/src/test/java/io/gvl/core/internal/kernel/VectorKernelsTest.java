package io.gvl.core.internal.kernel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.core.kernel.ReverseComplement;
import java.lang.foreign.MemorySegment;
import java.util.SplittableRandom;
import jdk.incubator.vector.ByteVector;
import org.junit.jupiter.api.Test;

/**
 * The Vector API kernels against the definitions, and against the scalar kernels. Surefire starts the JVM with
 * {@code --add-modules=jdk.incubator.vector}, so the vector kernels must be available here: not getting them is a
 * build problem, not a reason to skip.
 */
class VectorKernelsTest extends KernelProviderContract {

    @Override
    KernelProvider kernels() {
        return KernelProvider.vector();
    }

    @Override
    KernelProvider counterpart() {
        return KernelProvider.scalar();
    }

    @Test
    void isAvailableUnderTheProjectFlagsAndChosenByDefault() {
        assertNull(VectorSupport.unavailableReason());
        assertTrue(kernels().name().startsWith("vector-"), kernels().name());
        assertEquals(kernels().name(), kernels().reverseComplement().name());
        assertTrue(kernels().rowFill().name().startsWith("vector-"), kernels().rowFill().name());
        assertSame(kernels(), KernelProvider.get(), KernelProvider.choice().message());
    }

    /** Every vector width, including 8 lanes, where the nibble lookups wrap. */
    @Test
    void reverseComplementIsRightAtEveryVectorWidthOnAnyBytesSeed7() {
        SplittableRandom rng = new SplittableRandom(7);
        byte[] bytes = new byte[777];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) rng.nextInt(256);
        }
        byte[] want = new byte[bytes.length];
        for (int i = 0; i < bytes.length; i++) {
            want[i] = ReverseComplement.complement(bytes[bytes.length - 1 - i]);
        }
        for (var species : java.util.List.of(ByteVector.SPECIES_64, ByteVector.SPECIES_128, ByteVector.SPECIES_256,
                ByteVector.SPECIES_512)) {
            ReverseComplement rc = new VectorReverseComplement(species);
            MemorySegment inPlace = MemorySegment.ofArray(bytes.clone());
            rc.inPlace(inPlace, 0, bytes.length);
            assertArrayEquals(want, inPlace.toArray(java.lang.foreign.ValueLayout.JAVA_BYTE), species + " in place");
            MemorySegment out = MemorySegment.ofArray(new byte[bytes.length]);
            rc.copy(MemorySegment.ofArray(bytes), 0, out, 0, bytes.length);
            assertArrayEquals(want, out.toArray(java.lang.foreign.ValueLayout.JAVA_BYTE), species + " copy");
        }
    }
}
