package io.gvl.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.core.buffer.Ragged;
import java.io.InputStream;
import java.lang.module.ModuleDescriptor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * What gvl-core's module descriptor offers: the buffers to everyone, the kernels only to the read engine, the write
 * pipeline (the default thread count) and the benchmarks. A kernel package made public by mistake fails here.
 */
class ExportedApiTest {

    /** The compiled descriptor (tests run on the class path, so it is read from the classes directory). */
    static ModuleDescriptor descriptor() throws Exception {
        Path classes = Path.of(Ragged.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        try (InputStream in = Files.newInputStream(classes.resolve("module-info.class"))) {
            return ModuleDescriptor.read(in);
        }
    }

    @Test
    void onlyTheBuffersAreExportedToEveryone() throws Exception {
        Set<String> open = new TreeSet<>();
        for (ModuleDescriptor.Exports e : descriptor().exports()) {
            if (!e.isQualified()) {
                open.add(e.source());
            }
        }
        assertEquals(Set.of("io.gvl.core.buffer"), open);
    }

    @Test
    void kernelsAreExportedOnlyToTheModulesThatRunOrMeasureThem() throws Exception {
        Map<String, Set<String>> qualified = new TreeMap<>();
        for (ModuleDescriptor.Exports e : descriptor().exports()) {
            if (e.isQualified()) {
                qualified.put(e.source(), e.targets());
            }
        }
        Set<String> readAndBench = Set.of("io.gvl.dataset", "io.gvl.bench");
        assertEquals(Map.of(
                "io.gvl.core.kernel", Set.of("io.gvl.dataset", "io.gvl.write", "io.gvl.bench"),
                "io.gvl.core.kernel.haplotype", readAndBench,
                "io.gvl.core.kernel.reference", readAndBench,
                "io.gvl.core.kernel.rng", Set.of("io.gvl.dataset"),
                "io.gvl.core.kernel.track", readAndBench,
                "io.gvl.core.kernel.track.input", readAndBench,
                "io.gvl.core.kernel.variant", readAndBench,
                "io.gvl.core.internal.kernel", readAndBench,
                "io.gvl.core.internal.kernel.track", Set.of("io.gvl.dataset")), qualified);
        assertTrue(descriptor().opens().isEmpty(), descriptor().opens().toString());
    }
}
