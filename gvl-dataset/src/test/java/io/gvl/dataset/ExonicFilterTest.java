package io.gvl.dataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.gvl.core.buffer.Ragged;
import io.gvl.dataset.output.DatasetOutput;
import io.gvl.dataset.settings.SeqKind;
import io.gvl.dataset.settings.SpliceMap;
import io.gvl.dataset.settings.VarFilter;
import io.gvl.io.fasta.Reference;
import io.gvl.testkit.Oracle;
import io.gvl.write.Gvl;
import io.gvl.write.spec.WriteOptions;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * GVL's exonic filter ({@code var_filter="exonic"}, {@code _dataset/_haps.py}): a deletion that starts inside an exon but reaches past its end is applied
 * without the filter and dropped with it, unspliced and spliced; a SNP inside stays either way.
 */
class ExonicFilterTest {
    @TempDir
    Path tmp;

    @Test
    void variantsCrossingAnExonEdgeAreDropped() throws Exception {
        Oracle.BCFTOOLS.require();
        SplittableRandom rng = new SplittableRandom(7);
        StringBuilder seq = new StringBuilder();
        for (int i = 0; i < 100; i++) {
            seq.append("ACGT".charAt(rng.nextInt(4)));
        }
        String ref = seq.toString();
        Path fasta = tmp.resolve("ref.fa");
        Files.writeString(fasta, ">c1\n" + ref + "\n");
        char snpAlt = ref.charAt(13) == 'A' ? 'C' : 'A';
        String vcf = "##fileformat=VCFv4.2\n##contig=<ID=c1,length=100>\n"
                + "##FORMAT=<ID=GT,Number=1,Type=String,Description=\"Genotype\">\n"
                + "#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT\tS0\n"
                + "c1\t14\t.\t" + ref.charAt(13) + "\t" + snpAlt + "\t.\t.\t.\tGT\t1|1\n"
                + "c1\t18\t.\t" + ref.substring(17, 23) + "\t" + ref.charAt(17) + "\t.\t.\t.\tGT\t1|0\n";
        Path raw = tmp.resolve("raw.vcf");
        Files.writeString(raw, vcf);
        Path gz = tmp.resolve("v.vcf.gz");
        Oracle.BCFTOOLS.run(List.of("view", "--no-version", "-Oz", "-o", gz.toString(), raw.toString()));
        Oracle.BCFTOOLS.run(List.of("index", "-t", gz.toString()));
        Path bed = tmp.resolve("exons.bed");
        Files.writeString(bed, "c1\t10\t20\n c1\t40\t50\n".replace("\n ", "\n"));
        Path dir = tmp.resolve("ds.gvl");
        Gvl.write(dir, WriteOptions.builder(bed).variants(gz).build());
        String exon = ref.substring(10, 13) + snpAlt + ref.substring(14, 20);
        try (Reference r = Reference.open(fasta, tmp.resolve("cache"));
             Dataset ds = Dataset.open(dir, r).withSeqs(SeqKind.HAPLOTYPES).withoutTracks()) {
            Dataset exonic = ds.withVarFilter(VarFilter.EXONIC);
            assertNotEquals(exon, hap(ds, 0), "without the filter the deletion is applied");
            assertEquals(exon, hap(exonic, 0));
            assertEquals(exon, hap(exonic, 1));
            assertEquals(exon, hap(ds, 1));
            Dataset spliced = exonic.spliceInfo(SpliceMap.fromKeys(List.of("t", "t")));
            assertEquals(exon + ref.substring(40, 50), hap(spliced, 0));
        }
    }

    @Test
    void filterNeedsGenotypes() {
        Path corpus = Path.of(System.getProperty("gvl.shared.data"), "gvl-fixtures", "track_corpus");
        java.util.Map<String, Path> bw = new java.util.TreeMap<>();
        for (String s : List.of("sample_0", "sample_1", "sample_2")) {
            bw.put(s, corpus.resolve(s + ".bw"));
        }
        Path dir = tmp.resolve("tracks.gvl");
        Gvl.write(dir, WriteOptions.builder(corpus.resolve("regions.bed"))
                .track(new io.gvl.write.spec.BigWigs("signal", bw)).build());
        try (Dataset ds = Dataset.open(dir)) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> ds.withVarFilter(VarFilter.EXONIC));
            org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().contains("needs genotypes"), e.getMessage());
        }
    }

    private static String hap(Dataset d, int h) {
        try (DatasetOutput out = d.get(0, 0)) {
            return new String(((Ragged) out.sequences()).rowBytes(h), StandardCharsets.US_ASCII);
        }
    }

}
