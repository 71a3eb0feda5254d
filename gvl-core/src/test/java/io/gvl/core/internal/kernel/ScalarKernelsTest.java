package io.gvl.core.internal.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The scalar kernels against the definitions, and against the vector kernels. */
class ScalarKernelsTest extends KernelProviderContract {

    @Override
    KernelProvider kernels() {
        return KernelProvider.scalar();
    }

    @Override
    KernelProvider counterpart() {
        return KernelProvider.vector();
    }

    @Test
    void isNamedScalar() {
        assertEquals("scalar", kernels().name());
        assertEquals("scalar", kernels().reverseComplement().name());
        assertEquals("scalar", kernels().rowFill().name());
    }
}
