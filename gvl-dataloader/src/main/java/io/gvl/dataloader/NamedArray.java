package io.gvl.dataloader;

import io.gvl.core.buffer.FlatArray;
import java.util.Objects;

/** One output of a batch, e.g. {@code haplotypes} or a track name, with its data. */
public record NamedArray(String name, FlatArray array) {
    public NamedArray {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(array, "array");
    }
}
