package io.gvl.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.gvl.io.fasta.Reference;
import io.gvl.io.fasta.ReferenceOptions;
import java.nio.file.Path;

/**
 * Fuzzes reference FASTAs: a plain FASTA with its {@code .fai} (selectors 0 and 1) and a BGZF FASTA (2). Each is
 * decoded both into memory and through the on-disk cache (in the scratch directory), and every contig is fetched
 * whole and padded past its ends.
 */
class FastaFuzzTest {
    private static final FileSet FILES = FileSet.of(FastaFuzzTest.class, "");

    @FuzzTest
    void fuzz(byte[] data) throws Exception {
        int selected = FILES.apply(data);
        Path fasta = FILES.file(selected == 2 ? "gz.fa.gz" : "in.fa");
        Path cache = FILES.dir().resolve("cache");
        Contract.typedOrResult(FILES, () -> {
            for (ReferenceOptions o : new ReferenceOptions[] {ReferenceOptions.defaults().withInMemory(true),
                    ReferenceOptions.defaults().withCacheDir(cache)}) {
                try (Reference ref = Reference.open(fasta, o)) {
                    for (int c = 0; c < ref.contigs().size(); c++) {
                        String name = ref.contigs().get(c);
                        long length = ref.length(c);
                        byte[] whole = ref.fetch(name, 0, length);
                        if (whole.length != length) {
                            throw new AssertionError(name + ": fetched " + whole.length + " of " + length + " bases");
                        }
                        ref.fetch(name, -3, length + 3);
                    }
                }
            }
        });
    }
}
