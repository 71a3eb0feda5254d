package io.gvl.testkit;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * A typical oracle test, launched only by {@link OraclePolicyTest} under a made-up environment (its name keeps
 * surefire from running it on its own).
 */
class BcftoolsSampleCase {
    @Test
    void bcftoolsReportsItsVersion() {
        assertTrue(Oracle.BCFTOOLS.run("--version").startsWith("bcftools "));
    }
}
