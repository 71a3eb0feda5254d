package io.gvl.core.internal.kernel;

/** Defers loading {@link VectorRowFill} (and so the incubator module) until {@link VectorSupport} approved it. */
final class VectorRowFillHolder {
    static final RowFill INSTANCE = new VectorRowFill();

    private VectorRowFillHolder() {
    }
}
