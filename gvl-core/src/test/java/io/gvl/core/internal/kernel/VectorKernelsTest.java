package io.gvl.core.internal.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
}
