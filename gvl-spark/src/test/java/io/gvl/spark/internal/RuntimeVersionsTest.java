package io.gvl.spark.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The class-path check refuses another Spark or Arrow major release and two Arrows at once, naming them. */
class RuntimeVersionsTest {
    private static final Map<String, String> ONE_ARROW = Map.of("file:/opt/spark/jars/arrow-vector-19.0.0.jar",
            "19.0.0");

    @Test
    void theTestClassPathFitsAndHasTheBuiltReleases() {
        RuntimeVersions.require();
        RuntimeVersions.Found found = RuntimeVersions.found();
        assertEquals("4.2.0", found.spark());
        assertEquals("19.0.0", found.arrowLoaded());
        assertEquals(1, found.arrowJars().size(), found.arrowJars().toString());
        assertTrue(found.arrowJars().keySet().iterator().next().contains("arrow-vector"), found.toString());
    }

    @Test
    void sameMajorReleasesFitEvenWhenMinorReleasesDiffer() {
        assertNull(RuntimeVersions.problem("4.2.0", "19.0.0", new RuntimeVersions.Found("4.2.0", "19.0.0", ONE_ARROW)));
        assertNull(RuntimeVersions.problem("4.2.0", "19.0.0", new RuntimeVersions.Found("4.0.1", "19.1.0",
                Map.of("a.jar", "19.1.0"))));
        assertNull(RuntimeVersions.problem("4.2.0", "19.0.0", new RuntimeVersions.Found(null, null, Map.of())));
    }

    @Test
    void anotherSparkMajorReleaseIsRefusedNamingBoth() {
        String p = RuntimeVersions.problem("4.2.0", "19.0.0", new RuntimeVersions.Found("3.5.1", "19.0.0", ONE_ARROW));
        assertTrue(p != null && p.contains("Spark 3.5.1") && p.contains("Spark 4.2.0") && p.contains("Spark 4.x"), p);
    }

    @Test
    void twoArrowReleasesAreRefusedNamingTheJars() {
        String p = RuntimeVersions.problem("4.2.0", "19.0.0", new RuntimeVersions.Found("4.2.0", "19.0.0", Map.of(
                "file:/opt/spark/jars/arrow-vector-19.0.0.jar", "19.0.0", "file:/app/uber.jar", "17.0.0")));
        assertTrue(p != null && p.contains("17.0.0 in file:/app/uber.jar")
                && p.contains("19.0.0 in file:/opt/spark/jars/arrow-vector-19.0.0.jar") && p.contains("--jars"), p);
    }

    @Test
    void anotherArrowMajorReleaseIsRefused() {
        String p = RuntimeVersions.problem("4.2.0", "19.0.0", new RuntimeVersions.Found("4.2.0", "18.3.0",
                Map.of("arrow-vector-18.3.0.jar", "18.3.0")));
        assertTrue(p != null && p.contains("Arrow on the class path is 18.3.0") && p.contains("Arrow 19.0.0"), p);
        String both = RuntimeVersions.problem("4.2.0", "19.0.0", new RuntimeVersions.Found("5.0.0", "18.3.0",
                Map.of("arrow-vector-18.3.0.jar", "18.3.0")));
        assertTrue(both.contains("Spark 5.0.0") && both.contains("Also, the Apache Arrow"), both);
    }
}
