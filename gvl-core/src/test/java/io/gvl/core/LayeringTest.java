package io.gvl.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.module.ModuleDescriptor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * gvl-core's nevers: the kernels and buffers stand on the JDK alone. The descriptor requires no gvl module (the
 * compiler then refuses any reference to the read engine, the write pipeline, the readers or the format), and the
 * POM names no gvl module at any scope, so {@code mvn -pl gvl-core verify} builds in a fresh clone by itself.
 */
class LayeringTest {

    @Test
    void theDescriptorRequiresOnlyTheJdkAndSlf4j() throws Exception {
        Set<String> requires = new TreeSet<>();
        for (ModuleDescriptor.Requires r : ExportedApiTest.descriptor().requires()) {
            requires.add(r.name());
        }
        assertEquals(Set.of("java.base", "jdk.incubator.vector", "org.slf4j"), requires);
    }

    @Test
    void thePomDependsOnNoOtherGvlModule() throws Exception {
        // Tests run in the module's directory. The parent is the only io.gvl coordinate the POM may name.
        String pom = Files.readString(Path.of("pom.xml"));
        Matcher m = Pattern.compile("<groupId>io\\.gvl</groupId>\\s*<artifactId>([\\w-]+)</artifactId>").matcher(pom);
        List<String> named = m.results().map(r -> r.group(1)).toList();
        assertEquals(List.of("gvl-parent"), named, "gvl-core's POM may name no gvl module, even for tests");
    }
}
