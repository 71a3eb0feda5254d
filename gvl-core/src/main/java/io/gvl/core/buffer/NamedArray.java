package io.gvl.core.buffer;

import java.util.Objects;

/**
 * One named output array, e.g. {@code haplotypes} or {@code tracks}, with its data.
 *
 * @param name the array's output name
 * @param array the data
 */
public record NamedArray(String name, FlatArray array) {
    /** Rejects a {@code null} name or array. */
    public NamedArray {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(array, "array");
    }
}
