package io.gvl.core.buffer;

import java.util.Objects;

/** One named output array, e.g. {@code haplotypes} or {@code tracks}, with its data. */
public record NamedArray(String name, FlatArray array) {
    public NamedArray {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(array, "array");
    }
}
