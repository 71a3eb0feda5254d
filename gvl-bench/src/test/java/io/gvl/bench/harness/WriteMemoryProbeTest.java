package io.gvl.bench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class WriteMemoryProbeTest {

    @Test
    void peakResidentMemoryIsReadFromProc() throws Exception {
        long kib = WriteMemoryProbe.vmHwmKib();
        if (Files.exists(Path.of("/proc/self/status"))) {
            assertTrue(kib > 1024, "a JVM uses more than 1 MiB: " + kib);
        } else {
            assertEquals(-1, kib);
        }
    }

    @Test
    void theMemoryLineIsJson() {
        String json = Reports.peakRssJson(new Cell("write", 2048, 24, "variants"), 155_648);
        assertEquals("{\"suite\":\"write\",\"cell\":\"" + new Cell("write", 2048, 24, "variants").id()
                + "\",\"impl\":\"gvl\",\"peak_rss_mib\":152}", json.replace("152.000", "152").replace("152.0", "152"));
    }
}
