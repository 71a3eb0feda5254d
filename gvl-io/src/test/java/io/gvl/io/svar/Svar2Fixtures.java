package io.gvl.io.svar;

import htsjdk.variant.variantcontext.Allele;
import htsjdk.variant.variantcontext.Genotype;
import htsjdk.variant.variantcontext.VariantContext;
import htsjdk.variant.vcf.VCFFileReader;
import io.gvl.io.TestData;
import io.gvl.testing.TestFiles;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** The committed {@code .svar2} goldens and an independent reading of the VCF they were built from. */
final class Svar2Fixtures {
    /** The VCF {@code z.svar2} and its datasets were written from. */
    static final Path VCF = TestData.shared().resolve("real-derived/vg-z-synth16/z_synth16.norm.vcf.gz");

    private Svar2Fixtures() {
    }

    /** A file or directory under {@code gvl043/svar/}. */
    static Path svar(String name) {
        return TestFiles.gvl043("svar/" + name);
    }

    /** One ALT call of a haplotype as the store should give it back. */
    record Call(long pos, int ilen, String alt) {
        static final Comparator<Call> ORDER = Comparator.comparingLong(Call::pos).thenComparingInt(Call::ilen)
                .thenComparing(Call::alt);

        long end() {
            return pos + 1 + Math.max(0, -ilen);
        }

        static Call of(Svar2Calls calls, int i) {
            return new Call(calls.position(i), calls.ilen(i), new String(calls.alt(i),
                    java.nio.charset.StandardCharsets.US_ASCII));
        }
    }

    /**
     * Every ALT call of every haplotype {@code column*P + ploid} of the VCF, columns in {@code samples} order; a
     * pure deletion's ALT is empty as the store gives it (the anchor base is not stored).
     */
    static List<List<Call>> vcfCalls(List<String> samples, int ploidy) {
        List<List<Call>> out = new ArrayList<>();
        for (int h = 0; h < samples.size() * ploidy; h++) {
            out.add(new ArrayList<>());
        }
        try (VCFFileReader r = new VCFFileReader(VCF, false)) {
            for (VariantContext vc : r) {
                String ref = vc.getReference().getBaseString();
                for (int a = 0; a < vc.getAlternateAlleles().size(); a++) {
                    Allele alt = vc.getAlternateAllele(a);
                    String bases = alt.getBaseString();
                    int ilen = bases.length() - ref.length();
                    boolean pureDeletion = ilen < 0 && bases.length() == 1;
                    Call c = new Call(vc.getStart() - 1L, ilen, pureDeletion ? "" : bases);
                    for (int s = 0; s < samples.size(); s++) {
                        Genotype g = vc.getGenotype(samples.get(s));
                        for (int p = 0; p < ploidy && p < g.getPloidy(); p++) {
                            if (g.getAllele(p).equals(alt)) {
                                out.get(s * ploidy + p).add(c);
                            }
                        }
                    }
                }
            }
        }
        return out;
    }

    static List<Call> sorted(List<Call> calls) {
        List<Call> copy = new ArrayList<>(calls);
        copy.sort(Call.ORDER);
        return copy;
    }
}
