package io.gvl.io.svar;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.io.InputFormatException;
import io.gvl.testing.DirectoryCopy;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Damaged copies of {@code z.svar2}: each is a typed error naming the file and what is wrong. */
class Svar2BadStoreTest {
    @TempDir
    Path tmp;
    Path store;

    @BeforeEach
    void copy() throws IOException {
        store = tmp.resolve("z.svar2");
        DirectoryCopy.copyTree(Svar2Fixtures.svar("z.svar2"), store);
    }

    private void assertRefused(String file, String... words) {
        InputFormatException e = assertThrows(InputFormatException.class, () -> Svar2Store.open(store));
        assertTrue(e.file().toString().endsWith(file), e.file() + " for " + e.getMessage());
        for (String w : words) {
            assertTrue(e.getMessage().contains(w), e.getMessage());
        }
    }

    private void truncate(String file, int bytes) throws IOException {
        Path f = store.resolve(file);
        byte[] b = Files.readAllBytes(f);
        Files.write(f, Arrays.copyOf(b, b.length - bytes));
    }

    @Test
    void missingMetaJson() throws IOException {
        Files.delete(store.resolve("meta.json"));
        assertRefused("meta.json", "missing", "not a genoray .svar2 store");
    }

    @Test
    void wrongFormatVersion() throws IOException {
        Path meta = store.resolve("meta.json");
        Files.writeString(meta, Files.readString(meta).replace("\"format_version\": 1", "\"format_version\": 2"));
        assertRefused("meta.json", "format_version", "is 2");
    }

    @Test
    void truncatedPositionStream() throws IOException {
        truncate("z/var_key/snp/positions.bin", 4);
        assertRefused("z/var_key/snp/offsets.npy", "ends at 1459", "positions.bin holds 1458");
    }

    @Test
    void positionsNotWholeU32() throws IOException {
        truncate("z/dense/indel/positions.bin", 1);
        assertRefused("z/dense/indel/positions.bin", "not a whole number of u32");
    }

    @Test
    void truncatedAlleles() throws IOException {
        truncate("z/var_key/indel/alleles.bin", 4);
        assertRefused("z/var_key/indel/alleles.bin", "has 388 bytes; expected 392", "98 entries");
    }

    @Test
    void truncatedGenotypeMatrix() throws IOException {
        truncate("z/dense/snp/genotypes.bin", 1);
        assertRefused("z/dense/snp/genotypes.bin", "has 11507 bytes; expected 11508", "32 haplotypes x 2877 variants");
    }

    @Test
    void offsetsNotEndingAtTheCallCount() throws IOException {
        Path f = store.resolve("z/var_key/indel/offsets.npy");
        byte[] b = Files.readAllBytes(f);
        ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).putLong(b.length - 8, 97);
        Files.write(f, b);
        assertRefused("z/var_key/indel/offsets.npy", "ends at 97", "98 calls");
    }

    @Test
    void offsetsGoingBackwards() throws IOException {
        Path f = store.resolve("z/var_key/snp/offsets.npy");
        byte[] b = Files.readAllBytes(f);
        ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).putLong(128 + 8 * 5, 100_000);
        Files.write(f, b);
        assertRefused("z/var_key/snp/offsets.npy", "haplotype 6", "below the previous offset 100000");
    }

    @Test
    void longAlleleOffsetsPastTheTable() throws IOException {
        truncate("z/indel/long_alleles.bin", 1);
        assertRefused("z/indel/long_allele_offsets.npy", "ends at 80", "79 bytes");
    }

    @Test
    void missingStreamFileAndContigDirectory() throws IOException {
        Files.delete(store.resolve("z/dense/indel/alleles.bin"));
        assertRefused("z/dense/indel/alleles.bin", "is missing");
        DirectoryCopy.copyTree(Svar2Fixtures.svar("z.svar2/z/dense/indel"), store.resolve("z/dense/indel2"));
        Path meta = store.resolve("meta.json");
        Files.writeString(meta, Files.readString(meta).replace("\"z\"", "\"y\""));
        assertRefused("y", "is missing", "contig 'y'");
    }

    @Test
    void wrongMaxDelShape() throws IOException {
        Files.copy(store.resolve("z/dense/max_del.npy"), store.resolve("z/max_del.npy"),
                java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        assertRefused("z/max_del.npy", "[1]", "[16, 2]");
    }
}
