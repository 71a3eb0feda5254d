package io.gvl.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.gvl.io.pgen.PgenReader;
import io.gvl.io.pgen.PgenVariants;

/**
 * Fuzzes a PLINK 2 fileset: the {@code .pgen} header, record types and difflists, the {@code .pvar} text table and
 * the {@code .psam} sample table. Every record is decoded for every sample: calls with phase, carriers (dense and
 * marked) and dosages when the file has them.
 */
class PgenFuzzTest {
    private static final FileSet FILES = FileSet.of(PgenFuzzTest.class, "");

    @FuzzTest
    void fuzz(byte[] data) throws Exception {
        FILES.apply(data);
        Contract.typedOrResult(FILES, () -> {
            try (PgenReader r = PgenReader.open(FILES.file("in.pgen"))) {
                PgenVariants v = r.variants();
                long sum = r.declaredContigs().size() + r.declaredInfo().size();
                for (int i = 0; i < v.size(); i++) {
                    sum += v.chrom(i).length() + v.position(i) + v.id(i).length() + v.ref(i).length()
                            + v.alt(i).length();
                }
                int n = r.variantCount();
                int k = r.samples().size();
                int[] samples = new int[k];
                for (int s = 0; s < k; s++) {
                    samples[s] = k - 1 - s;
                }
                byte[] alleles = new byte[n * k * 2];
                r.readCalls(0, n, samples, alleles, new byte[n * k]);
                r.readCarriers(0, n, samples, new byte[n * k * 2], 0);
                r.markCarriers(0, n, samples, new byte[n * k * 2], 0);
                if (r.hasDosages()) {
                    r.readDosages(0, n, samples, new float[n * k]);
                }
                sum += alleles.length;
                if (sum < 0) {
                    throw new AssertionError("unreachable: keeps the reads alive");
                }
            }
        });
    }
}
