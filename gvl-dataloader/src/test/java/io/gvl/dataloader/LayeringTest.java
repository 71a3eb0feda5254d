package io.gvl.dataloader;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gvl.testkit.Modules;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * gvl-dataloader's never: the loaders read through the dataset views and never write (no gvl-write). The descriptor
 * pins it; the compiler then refuses any other gvl reference.
 */
class LayeringTest {

    @Test
    void requiresOnlyTheGvlModulesBelowIt() {
        assertEquals(Set.of("io.gvl.dataset"), Modules.gvlRequires(Modules.descriptorOf(DataLoader.class)));
    }
}
