package io.gvl.io.svar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.format.DatasetMetadata;
import io.gvl.format.io.MetadataFile;
import io.gvl.io.svar.Svar2Fixtures.Call;
import io.gvl.testing.DirectoryCopy;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code z.svar2} against the VCF it was built from, and the store's own invariants. */
class Svar2StoreTest {
    @Test
    void opensZWithTheObservedStreamSizes() {
        try (Svar2Store store = Svar2Store.open(Svar2Fixtures.svar("z.svar2"))) {
            assertEquals(16, store.samples().size());
            assertEquals("S00", store.samples().get(0));
            assertEquals(2, store.ploidy());
            assertEquals(List.of("z"), store.contigs());
            assertEquals(List.of(), store.fields());
            Svar2Contig z = store.contig("z");
            assertEquals(32, z.haplotypes());
            assertEquals(1459, z.stream(Svar2StreamKind.VAR_KEY_SNP).size());
            assertEquals(98, z.stream(Svar2StreamKind.VAR_KEY_INDEL).size());
            assertEquals(2877, z.stream(Svar2StreamKind.DENSE_SNP).size());
            assertEquals(281, z.stream(Svar2StreamKind.DENSE_INDEL).size());
            assertEquals(4, z.longAlleleCount());
            assertEquals(17, z.denseMaxDeletion());
        }
    }

    @Test
    void everyHaplotypeDecodesToTheVcfAltCalls() {
        try (Svar2Store store = Svar2Store.open(Svar2Fixtures.svar("z.svar2"))) {
            Svar2Contig z = store.contig("z");
            List<List<Call>> want = Svar2Fixtures.vcfCalls(store.samples(), store.ploidy());
            Svar2Calls calls = new Svar2Calls();
            int total = 0;
            for (int h = 0; h < z.haplotypes(); h++) {
                calls.clear();
                Svar2Gather.gatherAll(z, h, calls);
                List<Call> got = new ArrayList<>();
                for (int i = 0; i < calls.size(); i++) {
                    got.add(Call.of(calls, i));
                }
                Svar2GatherTest.assertGatherOrder(calls, "haplotype " + h);
                assertEquals(Svar2Fixtures.sorted(want.get(h)), Svar2Fixtures.sorted(got), "haplotype " + h);
                total += got.size();
            }
            assertEquals(36_840, total);
        }
    }

    @Test
    void maxDeletionsMatchTheKeys() {
        try (Svar2Store store = Svar2Store.open(Svar2Fixtures.svar("z.svar2"))) {
            Svar2Contig z = store.contig("z");
            Svar2Stream vk = z.stream(Svar2StreamKind.VAR_KEY_INDEL);
            int[] lanes = new int[3];
            for (int h = 0; h < z.haplotypes(); h++) {
                long max = 0;
                for (long i = vk.start(h); i < vk.end(h); i++) {
                    max = Math.max(max, deletion(vk.key(i)));
                }
                assertEquals(max, z.maxDeletion(h), "haplotype " + h);
            }
            Svar2Stream dense = z.stream(Svar2StreamKind.DENSE_INDEL);
            long max = 0;
            for (Svar2Stream s : List.of(vk, dense)) {
                for (long i = 0; i < s.size(); i++) {
                    lanes[Svar2IndelKeys.lane(s.key(i)).ordinal()]++;
                    if (s == dense) {
                        max = Math.max(max, deletion(s.key(i)));
                    }
                }
            }
            assertEquals(max, z.denseMaxDeletion());
            assertEquals(4, lanes[Svar2IndelKeys.Lane.LOOKUP.ordinal()]);
            assertEquals(225, lanes[Svar2IndelKeys.Lane.DELETION.ordinal()]);
            assertEquals(150, lanes[Svar2IndelKeys.Lane.INLINE.ordinal()]);
        }
    }

    private static long deletion(int key) {
        return Svar2IndelKeys.lane(key) == Svar2IndelKeys.Lane.DELETION ? -Svar2IndelKeys.ilen(key) : 0;
    }

    @Test
    void fingerprintsMatchTheDatasetAndIgnoreSiblingLayers(@TempDir Path tmp) throws IOException {
        DatasetMetadata meta = MetadataFile.read(Svar2Fixtures.svar("ds_svar2").resolve("metadata.json"));
        Svar2Fingerprint scoped = Svar2Fingerprint.scoped(Svar2Fixtures.svar("z.svar2"));
        assertEquals(new Svar2Fingerprint(meta.svar2Link().nFiles(), meta.svar2Link().storeBytes()), scoped);
        assertEquals(new Svar2Fingerprint(16, 35_513), scoped);
        assertEquals(scoped, Svar2Fingerprint.legacy(Svar2Fixtures.svar("z.svar2")));
        Path copy = tmp.resolve("z.svar2");
        DirectoryCopy.copyTree(Svar2Fixtures.svar("z.svar2"), copy);
        Files.createDirectories(copy.resolve("z/mutcat/var_key_snp"));
        Files.write(copy.resolve("z/mutcat/var_key_snp/code.bin"), new byte[10]);
        assertEquals(scoped, Svar2Fingerprint.scoped(copy));
        assertEquals(new Svar2Fingerprint(17, 35_523), Svar2Fingerprint.legacy(copy));
    }

    @Test
    void closingTwiceIsHarmlessAndUseAfterCloseSaysClosed() {
        Svar2Store store = Svar2Store.open(Svar2Fixtures.svar("z.svar2"));
        Svar2Contig z = store.contig("z");
        Svar2Stream snp = z.stream(Svar2StreamKind.VAR_KEY_SNP);
        store.close();
        store.close();
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> snp.position(0));
        assertTrue(e.getMessage().contains("closed"), e.getMessage());
        e = assertThrows(IllegalStateException.class, () -> store.contig("z"));
        assertTrue(e.getMessage().contains("closed"), e.getMessage());
        e = assertThrows(IllegalStateException.class, () -> Svar2Gather.gatherAll(z, 0, new Svar2Calls()));
        assertTrue(e.getMessage().contains("closed"), e.getMessage());
        assertNotEquals(null, e.getCause());
    }
}
