package io.gvl.dataset.sites;

import io.gvl.io.InputFormatException;
import io.gvl.io.variant.VariantBatch;
import io.gvl.io.variant.VariantRequest;
import io.gvl.io.vcf.VcfReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Reads a sites-only VCF into {@link Sites} through {@link VcfReader}, contig by contig, decoding no genotypes. */
final class SitesVcf {
    private SitesVcf() {}

    static Sites read(Path vcf, List<String> infoFields) {
        try (VcfReader reader = VcfReader.open(vcf)) {
            VariantRequest request = new VariantRequest(new int[0], List.of(), List.of());
            for (String field : infoFields) {
                if (!reader.declaredInfo().containsKey(field)) {
                    throw new InputFormatException(vcf, "header", "INFO field '" + field + "' is not declared.",
                            "request one of " + reader.declaredInfo().keySet() + ".");
                }
                request = request.withInfo(field);
            }
            List<VariantBatch> batches = new ArrayList<>();
            int n = 0;
            for (String contig : reader.contigs()) {
                VariantBatch b = reader.query(contig, 0, Integer.MAX_VALUE, request);
                batches.add(b);
                n += b.size();
            }
            return collect(vcf, batches, n, infoFields);
        }
    }

    private static Sites collect(Path vcf, List<VariantBatch> batches, int n, List<String> infoFields) {
        String[] chroms = new String[n];
        int[] starts = new int[n];
        byte[] refs = new byte[n];
        byte[] alts = new byte[n];
        Map<String, float[]> info = new LinkedHashMap<>();
        for (String f : infoFields) {
            info.put(f, new float[n]);
        }
        int k = 0;
        for (VariantBatch b : batches) {
            for (int i = 0; i < b.size(); i++, k++) {
                String ref = allele(b.ref(), b.refOffsets(), i);
                String alt = allele(b.alt(), b.altOffsets(), i);
                String problem = Sites.snpProblem(ref, alt);
                if (problem != null) {
                    throw new InputFormatException(vcf, "record " + b.contig() + ":" + (b.positions()[i] + 1L) + " "
                            + ref + ">" + alt, "site " + problem + " Sites-only datasets apply single-base"
                            + " substitutions only.", "keep only SNPs, e.g. `bcftools view -v snps -m2 -M2 in.vcf.gz"
                            + " -Oz -o snps.vcf.gz && bcftools index -t snps.vcf.gz`.");
                }
                chroms[k] = b.contig();
                starts[k] = b.positions()[i];
                refs[k] = (byte) ref.charAt(0);
                alts[k] = (byte) alt.charAt(0);
                for (String f : infoFields) {
                    info.get(f)[k] = b.info().get(f)[i];
                }
            }
        }
        return new Sites(Optional.of(vcf), chroms, starts, refs, alts, info);
    }

    private static String allele(byte[] data, int[] offsets, int i) {
        return new String(data, offsets[i], offsets[i + 1] - offsets[i], StandardCharsets.US_ASCII);
    }
}
