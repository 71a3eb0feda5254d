package io.gvl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import htsjdk.samtools.util.Log;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the CLI's logging lets through by default: warnings and errors, of gvl and of every other library, and no
 * INFO line (Apache Arrow's allocator start-up lines and gvl's own INFO lines appeared in the middle of
 * {@code gvl demo}); jhdf's notice on every HDF5 file it writes is hidden too. {@code -v} and {@code -vv} are seen
 * in child JVMs by {@link QuietOutputTest}, since slf4j-simple fixes a logger's level when it is made.
 */
class CliLoggingTest {
    @AfterEach
    void quietAgain() {
        LogLevels.apply(0);
    }

    @Test
    void theCliBindingIsSlf4jSimple() {
        assertEquals("org.slf4j.simple.SimpleLoggerFactory", LoggerFactory.getILoggerFactory().getClass().getName());
    }

    @Test
    void onlyWarningsAndErrorsByDefault() {
        for (String name : List.of("org.apache.arrow.memory.BaseAllocator",
                "org.apache.arrow.memory.DefaultAllocationManagerOption", "org.apache.arrow.memory.CheckAllocator",
                "io.jhdf.HdfFile", "org.apache.pdfbox.pdmodel.PDDocument", "io.netty.util.internal.PlatformDependent",
                "io.gvl.write.DatasetWriter", "io.gvl.io.fasta.ReferenceCache")) {
            Logger log = LoggerFactory.getLogger(name);
            assertFalse(log.isInfoEnabled(), name + " INFO");
            assertTrue(log.isWarnEnabled(), name + " WARN");
        }
    }

    @Test
    void jhdfsAlphaNoticeIsHidden() {
        Logger log = LoggerFactory.getLogger("io.jhdf.WritableHdfFile");
        assertFalse(log.isWarnEnabled());
        assertTrue(log.isErrorEnabled());
    }

    @Test
    void verbosityRaisesGvlOnly() {
        LogLevels.apply(1);
        assertEquals("info", System.getProperty(LogLevels.GVL_LEVEL));
        assertTrue(Log.isEnabled(Log.LogLevel.INFO));
        assertTrue(LoggerFactory.getLogger("io.gvl.cli.test.VerboseInfo").isInfoEnabled());
        assertFalse(LoggerFactory.getLogger("io.gvl.cli.test.VerboseInfo").isDebugEnabled());
        assertFalse(LoggerFactory.getLogger("org.apache.arrow.test.VerboseInfo").isInfoEnabled());
        LogLevels.apply(2);
        assertTrue(LoggerFactory.getLogger("io.gvl.cli.test.VerboseDebug").isDebugEnabled());
        assertTrue(Log.isEnabled(Log.LogLevel.DEBUG));
        LogLevels.apply(0);
        assertNull(System.getProperty(LogLevels.GVL_LEVEL));
        assertFalse(LoggerFactory.getLogger("io.gvl.cli.test.Quiet").isInfoEnabled());
    }

    @Test
    void htsjdkKeepsWarningsOnly() {
        LogLevels.apply(0);
        assertFalse(Log.isEnabled(Log.LogLevel.INFO));
        assertTrue(Log.isEnabled(Log.LogLevel.WARNING));
    }

    @Test
    void arrowsAllocationManagerIsNamedUnlessTheUserDid() {
        String saved = System.getProperty(ArrowAllocationManager.PROPERTY);
        try {
            System.clearProperty(ArrowAllocationManager.PROPERTY);
            ArrowAllocationManager.select();
            String expected = System.getenv(ArrowAllocationManager.ENV) == null ? "Unsafe" : null;
            assertEquals(expected, System.getProperty(ArrowAllocationManager.PROPERTY));
            System.setProperty(ArrowAllocationManager.PROPERTY, "Netty");
            ArrowAllocationManager.select();
            assertEquals("Netty", System.getProperty(ArrowAllocationManager.PROPERTY));
        } finally {
            if (saved == null) {
                System.clearProperty(ArrowAllocationManager.PROPERTY);
            } else {
                System.setProperty(ArrowAllocationManager.PROPERTY, saved);
            }
        }
    }
}
