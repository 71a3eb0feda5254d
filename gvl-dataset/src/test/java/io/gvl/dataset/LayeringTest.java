package io.gvl.dataset;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gvl.testkit.Modules;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * gvl-dataset's nevers: the read engine never writes a dataset. Its descriptor requires the kernels and the readers
 * (which bring the format), never the write pipeline or the loaders; the compiler then refuses any reference.
 */
class LayeringTest {

    @Test
    void requiresTheKernelsAndTheReadersButNotTheWritePipeline() {
        assertEquals(Set.of("io.gvl.core", "io.gvl.io"), Modules.gvlRequires(Modules.descriptorOf(Dataset.class)));
    }

}
