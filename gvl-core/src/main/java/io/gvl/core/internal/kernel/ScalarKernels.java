package io.gvl.core.internal.kernel;

import io.gvl.core.kernel.ReverseComplement;

/** The scalar kernels: portable, always available, and the reference every vector kernel is tested against. */
final class ScalarKernels extends KernelProvider {
    static final ScalarKernels INSTANCE = new ScalarKernels();

    private ScalarKernels() {
    }

    @Override
    public String name() {
        return "scalar";
    }

    @Override
    public ReverseComplement reverseComplement() {
        return ScalarReverseComplement.INSTANCE;
    }

    @Override
    public RowFill rowFill() {
        return ScalarRowFill.INSTANCE;
    }
}
