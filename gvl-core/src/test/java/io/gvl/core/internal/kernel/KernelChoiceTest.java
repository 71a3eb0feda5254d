package io.gvl.core.internal.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.core.internal.kernel.KernelProvider.Choice;
import org.junit.jupiter.api.Test;

/** Every way the kernel choice can go, decided from given property values and platform probe results. */
class KernelChoiceTest {
    private static final String NO_MODULE = "module jdk.incubator.vector is not in the boot layer";

    @Test
    void byDefaultTheVectorKernelsAreUsedWhenTheVectorApiRuns() {
        Choice c = Choice.of(null, null, null);
        assertTrue(c.vector());
        assertFalse(c.warn());
        assertTrue(c.message().contains("-Dgvl.kernels=scalar"), c.message());
        assertTrue(Choice.of(" Auto ", null, null).vector());
    }

    @Test
    void byDefaultTheScalarKernelsAreUsedWithTheReasonWhenTheVectorApiCannotRun() {
        Choice c = Choice.of(null, null, NO_MODULE);
        assertFalse(c.vector());
        assertFalse(c.warn());
        assertTrue(c.message().endsWith(NO_MODULE), c.message());
    }

    @Test
    void scalarCanBeForced() {
        Choice c = Choice.of("scalar", null, null);
        assertFalse(c.vector());
        assertFalse(c.warn());
        assertEquals("gvl kernels: scalar (forced by -Dgvl.kernels=scalar)", c.message());
    }

    @Test
    void vectorCanBeForcedWhereItRuns() {
        Choice c = Choice.of("VECTOR", "false", null);
        assertTrue(c.vector());
        assertFalse(c.warn());
    }

    @Test
    void forcingVectorWhereItCannotRunFallsBackToScalarWithAWarningAndTheReason() {
        Choice c = Choice.of("vector", null, NO_MODULE);
        assertFalse(c.vector());
        assertTrue(c.warn());
        assertTrue(c.message().contains("-Dgvl.kernels=vector") && c.message().endsWith(NO_MODULE), c.message());
    }

    @Test
    void theOlderVectorSwitchStillTurnsTheVectorKernelsOff() {
        Choice c = Choice.of(null, "false", null);
        assertFalse(c.vector());
        assertFalse(c.warn());
        assertTrue(c.message().contains("-Dgvl.vector=false"), c.message());
        assertTrue(Choice.of(null, "true", null).vector());
    }

    @Test
    void anUnknownValueIsWarnedAboutAndDecidedAutomatically() {
        Choice c = Choice.of("fast", null, null);
        assertTrue(c.vector());
        assertTrue(c.warn());
        assertTrue(c.message().startsWith("unknown -Dgvl.kernels=fast (use auto, scalar or vector)"), c.message());
        assertFalse(Choice.of("fast", null, NO_MODULE).vector());
    }

    @Test
    void forcedProvidersAreTheChosenOnes() {
        assertEquals("scalar", KernelProvider.scalar().name());
        assertTrue(KernelProvider.vector().name().startsWith("vector-"));
    }
}
