package io.gvl.io.fasta;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.io.InputFormatException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A reference opened in memory or with a contig subset serves the same bases as the cached reference, keeps only
 * the contigs asked for (in FASTA order, {@code chr} prefix optional), and never touches the cache in memory.
 */
class ReferenceOptionsTest {
    static final Path DATA = Path.of(System.getProperty("gvl.shared.data"));
    static final Path SYN = DATA.resolve("gvl-fixtures/synthetic/ref.fa.bgz");

    @TempDir
    Path tmp;

    @Test
    void inMemoryAndSubsetsServeTheCachedBases() {
        Path cache = tmp.resolve("cache");
        try (Reference full = Reference.open(SYN, cache);
             Reference memory = Reference.open(SYN, ReferenceOptions.defaults().withCacheDir(tmp.resolve("unused"))
                     .withInMemory(true));
             Reference chr2 = Reference.open(SYN, ReferenceOptions.defaults().withCacheDir(cache)
                     .withContigs(List.of("2")));
             Reference both = Reference.open(SYN, ReferenceOptions.defaults().withCacheDir(cache).withInMemory(true)
                     .withContigs(List.of("chr2", "chr1")))) {
            assertEquals(List.of("chr1", "chr2"), full.contigs());
            assertTrue(memory.cacheFile().isEmpty(), "in memory: no cache entry");
            assertFalse(Files.exists(tmp.resolve("unused").resolve("x")));
            assertEquals(List.of("chr2"), chr2.contigs());
            assertEquals(List.of("chr1", "chr2"), both.contigs(), "FASTA order");
            assertEquals(full.length("chr2"), both.length(1));
            for (long start : new long[] {-5, 0, 1_000_000, 1_299_990}) {
                byte[] want = full.fetch("chr2", start, start + 20);
                assertArrayEquals(want, memory.fetch("chr2", start, start + 20));
                assertArrayEquals(want, chr2.fetch("chr2", start, start + 20));
                assertArrayEquals(want, both.fetch("chr2", start, start + 20));
                assertArrayEquals(full.fetch("chr1", start, start + 20), both.fetch("chr1", start, start + 20));
            }
            assertEquals(2 * 1_300_000L, both.bases().byteSize(), "in memory, only the asked contigs are kept");
        }
    }

    @Test
    void anUnknownContigIsRefusedNamingTheFastaAndItsContigs() {
        InputFormatException e = assertThrows(InputFormatException.class, () -> Reference.open(SYN,
                ReferenceOptions.defaults().withCacheDir(tmp.resolve("cache")).withContigs(List.of("chr9"))));
        assertTrue(e.getMessage().contains("chr9") && e.getMessage().contains("chr1, chr2")
                && e.getMessage().contains(SYN.toString()), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> ReferenceOptions.defaults().withContigs(List.of()));
    }

    @Test
    void closingASubsetReleasesTheSharedMapping() {
        Reference sub = Reference.open(SYN, ReferenceOptions.defaults().withCacheDir(tmp.resolve("cache"))
                .withContigs(List.of("chr1")));
        sub.close();
        sub.close();
        assertThrows(IllegalStateException.class, sub::bases);
    }
}
