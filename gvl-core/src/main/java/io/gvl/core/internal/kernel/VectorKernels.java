package io.gvl.core.internal.kernel;

import io.gvl.core.kernel.ReverseComplement;

/**
 * The Vector API kernels. This class is loaded only after {@link VectorSupport} found the Vector API usable, so
 * a JVM without the incubator module never touches {@code jdk.incubator.vector} classes.
 */
final class VectorKernels extends KernelProvider {
    static final VectorKernels INSTANCE = new VectorKernels();

    private final ReverseComplement reverseComplement = new VectorReverseComplement(VectorSupport.byteSpecies());
    private final RowFill rowFill = new VectorRowFill();

    private VectorKernels() {
    }

    @Override
    public String name() {
        return "vector-" + VectorSupport.byteSpecies().vectorBitSize();
    }

    @Override
    public ReverseComplement reverseComplement() {
        return reverseComplement;
    }

    @Override
    public RowFill rowFill() {
        return rowFill;
    }
}
