package io.gvl.dataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.testkit.Modules;
import java.lang.module.ModuleDescriptor;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * What gvl-dataset's descriptor offers: the read API packages to everyone, how fresh output memory is filled only
 * to the loaders. An internal package exported by mistake fails here.
 */
class ExportedApiTest {

    @Test
    void onlyTheApiPackagesAreExportedToEveryone() {
        Set<String> open = new TreeSet<>();
        Map<String, Set<String>> qualified = new TreeMap<>();
        ModuleDescriptor d = Modules.descriptorOf(Dataset.class);
        for (ModuleDescriptor.Exports e : d.exports()) {
            if (e.isQualified()) {
                qualified.put(e.source(), e.targets());
            } else {
                open.add(e.source());
            }
        }
        assertEquals(Set.of("io.gvl.dataset", "io.gvl.dataset.export", "io.gvl.dataset.memory",
                "io.gvl.dataset.output", "io.gvl.dataset.settings", "io.gvl.dataset.sites", "io.gvl.dataset.splice",
                "io.gvl.dataset.variants"), open);
        assertEquals(Map.of("io.gvl.dataset.internal.memory", Set.of("io.gvl.dataloader")), qualified);
        assertTrue(d.opens().isEmpty(), d.opens().toString());
    }
}
