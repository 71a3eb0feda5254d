package io.gvl.handoff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.testkit.Modules;
import java.lang.module.ModuleDescriptor;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * gvl-handoff's nevers: the slot ring needs no Arrow (its slots carry plain little-endian arrays), and it stands on
 * the loaders alone among the gvl modules.
 */
class LayeringTest {

    @Test
    void requiresTheLoadersAndNoArrow() {
        ModuleDescriptor d = Modules.descriptorOf(SlotRing.class);
        assertEquals(Set.of("io.gvl.dataloader"), Modules.gvlRequires(d));
        assertTrue(d.requires().stream().noneMatch(r -> r.name().startsWith("org.apache.arrow")), d.toString());
    }
}
