package io.gvl.write.internal;

import io.gvl.format.VariantTable;
import io.gvl.io.InputFormatException;
import io.gvl.io.fasta.Reference;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * Compares every variant's REF with the reference bases at its position before a write. A REF that disagrees
 * means the VCF and the FASTA are different builds or the VCF was not normalized against this FASTA; the
 * haplotypes would then splice ALT alleles into the wrong sequence without any sign. Only A, C, G and T are
 * compared (an N or another IUPAC code on either side matches anything), case-insensitively; records on
 * contigs the reference lacks are left to the contig checks.
 */
final class RefCheck {
    private RefCheck() {
    }

    /** {@code table} positions are 1-based VCF POS. */
    static void check(VariantTable table, Path vcf, Path fasta) {
        // The table's accessors return copies: take each column once, not once per record.
        String[] chrom = table.chrom();
        long[] pos = table.pos();
        String[] alleles = table.ref();
        try (Reference ref = Reference.open(fasta)) {
            for (int i = 0; i < chrom.length; i++) {
                int contig = ref.contigIndex(chrom[i]);
                if (contig < 0) {
                    continue;
                }
                String allele = alleles[i];
                long start = pos[i] - 1;
                byte[] bases = ref.fetch(ref.contigs().get(contig), start, start + allele.length());
                if (!agrees(allele, bases)) {
                    throw new InputFormatException(vcf, "record " + chrom[i] + ":" + pos[i],
                            "REF " + allele + " does not match the reference " + fasta + ", which has "
                                    + new String(bases, StandardCharsets.US_ASCII) + " there (the first such record;"
                                    + " is the VCF from another genome build?).",
                            "check the files belong together, e.g. `bcftools norm -c e -f " + fasta + " " + vcf
                                    + "` lists every mismatch; to write anyway, pass --no-ref-check"
                                    + " (refCheck(false) in the API).");
                }
            }
        }
    }

    private static boolean agrees(String allele, byte[] bases) {
        for (int k = 0; k < bases.length; k++) {
            int a = upper(allele.charAt(k));
            int b = upper(bases[k]);
            if (a != b && definite(a) && definite(b)) {
                return false;
            }
        }
        return true;
    }

    private static int upper(int c) {
        return c >= 'a' && c <= 'z' ? c - 32 : c;
    }

    private static boolean definite(int c) {
        return c == 'A' || c == 'C' || c == 'G' || c == 'T';
    }
}
