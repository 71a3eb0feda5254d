package io.gvl.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.testkit.Modules;
import java.lang.module.ModuleDescriptor;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** What gvl-write's descriptor offers: the write API package to everyone, nothing else and nothing opened. */
class ExportedApiTest {

    @Test
    void onlyTheWriteApiIsExported() {
        ModuleDescriptor d = Modules.descriptorOf(Gvl.class);
        assertEquals(Set.of("io.gvl.write", "io.gvl.write.spec"),
                d.exports().stream().map(ModuleDescriptor.Exports::source).collect(Collectors.toSet()));
        assertTrue(d.exports().stream().noneMatch(ModuleDescriptor.Exports::isQualified));
        assertTrue(d.opens().isEmpty(), d.opens().toString());
    }
}
