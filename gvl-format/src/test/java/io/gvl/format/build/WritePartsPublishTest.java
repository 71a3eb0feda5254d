package io.gvl.format.build;

import io.gvl.format.DatasetLayout;
import io.gvl.format.build.PartManifest;
import io.gvl.format.build.WriteParts;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Publishing one part of a distributed write: into an existing staging directory it lands as
 * {@code parts/<name>}; once the staging directory is gone (a failed write removed it while a task still ran) the
 * part fails without creating anything, so a straggling task cannot leave a build directory behind.
 */
class WritePartsPublishTest {
    @TempDir
    Path tmp;

    private static PartManifest manifest() {
        return new PartManifest(PartManifest.GENOTYPES, 0, 0, 0, 1, 0, 1, null);
    }

    @Test
    void aPartIsPublishedIntoTheStagingDirectory() throws Exception {
        Path staging = Files.createDirectory(tmp.resolve("d.gvl.tmp.1"));
        boolean reused = WriteParts.publishPart(staging, manifest(), dir -> Files.writeString(dir.resolve("x"), "x"));
        assertFalse(reused);
        Path part = staging.resolve(DatasetLayout.PARTS).resolve(manifest().name());
        assertTrue(Files.isRegularFile(part.resolve("x")));
        assertTrue(Files.isRegularFile(part.resolve(PartManifest.FILE)));
        assertTrue(WriteParts.publishPart(staging, manifest(), dir -> { }), "a published part is reused");
    }

    @Test
    void aPartWhoseStagingDirectoryWasRemovedFailsAndCreatesNothing() {
        Path staging = tmp.resolve("d.gvl.tmp.2"); // removed by the failed write's clean-up
        AtomicBoolean built = new AtomicBoolean();
        assertThrows(UncheckedIOException.class, () -> WriteParts.publishPart(staging, manifest(),
                dir -> built.set(true)));
        assertFalse(built.get(), "nothing is written");
        assertFalse(Files.exists(staging), "the staging directory is not created again");
    }
}
