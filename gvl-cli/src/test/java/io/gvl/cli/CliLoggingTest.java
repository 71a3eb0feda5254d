package io.gvl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import htsjdk.samtools.util.Log;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the CLI's logging lets through: gvl's own INFO lines, and from every other library only warnings and
 * errors (Apache Arrow's allocator start-up lines were INFO and appeared in the middle of {@code gvl demo}).
 */
class CliLoggingTest {
    @Test
    void theCliBindingIsSlf4jSimple() {
        assertEquals("org.slf4j.simple.SimpleLoggerFactory", LoggerFactory.getILoggerFactory().getClass().getName());
    }

    @Test
    void thirdPartyInfoIsHiddenAndWarningsShown() {
        for (String name : List.of("org.apache.arrow.memory.BaseAllocator",
                "org.apache.arrow.memory.DefaultAllocationManagerOption", "org.apache.arrow.memory.CheckAllocator",
                "io.jhdf.HdfFile", "org.apache.pdfbox.pdmodel.PDDocument", "io.netty.util.internal.PlatformDependent")) {
            Logger log = LoggerFactory.getLogger(name);
            assertFalse(log.isInfoEnabled(), name + " INFO");
            assertTrue(log.isWarnEnabled(), name + " WARN");
        }
    }

    @Test
    void gvlInfoIsShown() {
        assertTrue(LoggerFactory.getLogger("io.gvl.write.DatasetWriter").isInfoEnabled());
        assertFalse(LoggerFactory.getLogger("io.gvl.write.DatasetWriter").isDebugEnabled());
    }

    @Test
    void htsjdkKeepsWarningsOnly() {
        LibraryLogging.quiet();
        assertFalse(Log.isEnabled(Log.LogLevel.INFO));
        assertTrue(Log.isEnabled(Log.LogLevel.WARNING));
    }
}
