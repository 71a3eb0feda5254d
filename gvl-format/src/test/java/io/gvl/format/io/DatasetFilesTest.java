package io.gvl.format.io;

import io.gvl.format.AppendixA;
import io.gvl.format.RandomDataset;
import io.gvl.format.array.GenotypeArrays;
import io.gvl.format.array.IntervalTrack;
import io.gvl.format.array.RawArray;
import io.gvl.format.build.DatasetPublisher;
import io.gvl.format.io.DatasetFiles;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Lifetime of the mapped views, and the datasets gvl opens although GVL cannot. */
class DatasetFilesTest {
    @TempDir
    Path tmp;

    @Test
    void viewsFailClearlyAfterCloseAndCloseIsIdempotent() {
        Path ds = AppendixA.publish(tmp.resolve("a.gvl"));
        DatasetFiles f = DatasetFiles.open(ds);
        GenotypeArrays g = f.genotypes().orElseThrow();
        RawArray starts = f.tracks().get("cov").starts();
        assertEquals(10, starts.getInt(0));
        f.close();
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> starts.getInt(0));
        assertTrue(e.getMessage().contains("closed"), e.getMessage());
        assertThrows(IllegalStateException.class, () -> g.variantRange(0, 0, 0));
        assertThrows(IllegalStateException.class, f::metadata);
        assertDoesNotThrow(f::close);
    }

    @Test
    void datasetWithoutAnyVariantOpens() {
        RandomDataset d = new RandomDataset(31L, 5, 2, 2, 0, 0);
        Path ds = tmp.resolve("empty.gvl");
        DatasetPublisher.publish(ds, false, d::writeInto);
        assertFalse(Files.exists(ds.resolve("genotypes/variant_idxs.npy")));
        try (DatasetFiles f = DatasetFiles.open(ds)) {
            f.verify();
            GenotypeArrays g = f.genotypes().orElseThrow();
            assertEquals(0, g.variantIdxs().length());
            assertTrue(g.variantRange(4, 1, 1).isEmpty());
            IntervalTrack t = f.tracks().get("signal");
            assertEquals(0, t.size());
            assertTrue(t.intervalRange(4, 1).isEmpty());
            assertTrue(f.annotationTracks().get("annot").intervalRange(0).isEmpty());
        }
    }

    @Test
    void leftoversAndEmptyTrackDirectoriesAreSkipped() throws IOException {
        Path ds = AppendixA.publish(tmp.resolve("a.gvl"));
        Files.createDirectories(ds.resolve("intervals/empty"));
        Files.createDirectories(ds.resolve("intervals/cov.tmp.123-abcd")).resolve("junk").toFile().createNewFile();
        Files.createDirectories(ds.resolve("intervals/x.old.1234")).resolve("junk").toFile().createNewFile();
        try (DatasetFiles f = DatasetFiles.open(ds)) {
            assertEquals(java.util.Set.of("cov"), f.tracks().keySet());
        }
        assertTrue(Files.isDirectory(ds.resolve("intervals/empty")), "gvl never deletes inside a dataset it reads");
    }
}
