package io.gvl.write;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gvl.testkit.Modules;
import io.gvl.testkit.SourceImports;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * gvl-write's nevers: the write pipeline never reads through the dataset views. Its descriptor requires the
 * readers (which bring the format) and gvl-core, from which it takes only the default thread count.
 */
class LayeringTest {

    @Test
    void requiresNeitherTheReadEngineNorTheLoaders() {
        assertEquals(Set.of("io.gvl.core", "io.gvl.io"), Modules.gvlRequires(Modules.descriptorOf(Gvl.class)));
    }

    @Test
    void takesNothingFromGvlCoreButTheThreadCount() {
        List<String> imports = SourceImports.importsOf(Path.of("src/main/java"), "io.gvl.core");
        assertEquals(List.of(), imports.stream().filter(i -> !i.endsWith("import io.gvl.core.kernel.RowParallelism;"))
                .toList());
    }
}
