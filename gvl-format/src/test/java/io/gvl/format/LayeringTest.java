package io.gvl.format;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gvl.testkit.Modules;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * gvl-format's never: the format depends on no gvl module. The descriptor pins it; the compiler then refuses any
 * other gvl reference.
 */
class LayeringTest {

    @Test
    void requiresOnlyTheGvlModulesBelowIt() {
        assertEquals(Set.of(), Modules.gvlRequires(Modules.descriptorOf(DatasetLayout.class)));
    }
}
