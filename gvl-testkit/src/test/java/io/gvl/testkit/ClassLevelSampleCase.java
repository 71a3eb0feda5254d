package io.gvl.testkit;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Oracle tests whose class checks for samtools once; launched only by {@link OraclePolicyTest}. */
class ClassLevelSampleCase {
    @BeforeAll
    static void needsSamtools() {
        Oracle.SAMTOOLS.require();
    }

    @Test
    void one() {
        assertTrue(Oracle.SAMTOOLS.require().isAbsolute());
    }

    @Test
    void two() {
        assertTrue(Oracle.SAMTOOLS.require().isAbsolute());
    }
}
