package io.gvl.io;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gvl.testkit.Modules;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * gvl-io's never: the readers stand on the format alone. The descriptor pins it; the compiler then refuses any other
 * gvl reference.
 */
class LayeringTest {

    @Test
    void requiresOnlyTheGvlModulesBelowIt() {
        assertEquals(Set.of("io.gvl.format"), Modules.gvlRequires(Modules.descriptorOf(InputFormatException.class)));
    }
}
