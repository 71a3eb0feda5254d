package io.gvl.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.core.dataset.Dataset;
import java.lang.module.ModuleDescriptor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * What gvl-core's module descriptor offers: the API packages to everyone, the kernels and internals only to the
 * named sibling modules that need them. A package opened by mistake, or a kernel package made public again,
 * fails here.
 */
class ExportedApiTest {

    private static ModuleDescriptor descriptor() throws Exception {
        Path classes = Path.of(Dataset.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        try (var in = Files.newInputStream(classes.resolve("module-info.class"))) {
            return ModuleDescriptor.read(in);
        }
    }

    @Test
    void onlyTheApiPackagesAreExportedToEveryone() throws Exception {
        Set<String> open = new TreeSet<>();
        for (ModuleDescriptor.Exports e : descriptor().exports()) {
            if (!e.isQualified()) {
                open.add(e.source());
            }
        }
        assertEquals(Set.of("io.gvl.core", "io.gvl.core.buffer", "io.gvl.core.dataset", "io.gvl.core.export",
                "io.gvl.core.sites", "io.gvl.core.splice", "io.gvl.core.variants", "io.gvl.core.write"), open);
    }

    @Test
    void kernelsAndInternalsAreExportedOnlyToTheModulesThatMeasureOrShareThem() throws Exception {
        Map<String, Set<String>> qualified = new TreeMap<>();
        for (ModuleDescriptor.Exports e : descriptor().exports()) {
            if (e.isQualified()) {
                qualified.put(e.source(), e.targets());
            }
        }
        Set<String> bench = Set.of("io.gvl.bench");
        assertEquals(Map.of(
                "io.gvl.core.kernel", bench,
                "io.gvl.core.kernel.haplotype", bench,
                "io.gvl.core.kernel.reference", bench,
                "io.gvl.core.kernel.track", bench,
                "io.gvl.core.kernel.variant", bench,
                "io.gvl.core.internal.kernel", bench,
                "io.gvl.core.internal.memory", Set.of("io.gvl.dataloader")), qualified);
        assertTrue(descriptor().opens().isEmpty(), descriptor().opens().toString());
    }
}
