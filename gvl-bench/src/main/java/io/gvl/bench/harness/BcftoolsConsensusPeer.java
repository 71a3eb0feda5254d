package io.gvl.bench.harness;

import io.gvl.dataset.Region;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Peer of the haplotypes suite: {@code samtools faidx REF contig:start-end | bcftools consensus -H h -s SAMPLE VCF}
 * per instance and haplotype, the way a shell pipeline would make the same plus-strand haplotypes (GVL's test
 * oracle). Process start-up is part of that cost, as it is for anyone who uses the pipeline.
 */
final class BcftoolsConsensusPeer implements Workload {
    private final BenchFixture fixture;
    private final List<Region> regions;
    private final List<String> samples;
    private final InstanceDraws instances;
    private final int batch;

    BcftoolsConsensusPeer(BenchFixture fixture, int batch) {
        this.fixture = fixture;
        this.regions = fixture.dataset().regions();
        this.samples = fixture.dataset().samples();
        this.instances = new InstanceDraws(regions.size(), samples.size());
        this.batch = batch;
    }

    /** Whether both tools are on the PATH. */
    static boolean available() {
        return ExternalTools.onPath("bcftools") && ExternalTools.onPath("samtools");
    }

    @Override
    public long run() throws IOException, InterruptedException {
        int[][] pairs = instances.next(batch);
        long bytes = 0;
        for (int i = 0; i < batch; i++) {
            Region r = regions.get(pairs[0][i]);
            for (int hap = 1; hap <= 2; hap++) {
                bytes += consensus(r, samples.get(pairs[1][i]), hap);
            }
        }
        return bytes;
    }

    private long consensus(Region r, String sample, int hap) throws IOException, InterruptedException {
        return pipe(fixture.data().fasta(), fixture.data().vcf(), r, sample, hap, null);
    }

    /**
     * The plus-strand haplotype {@code bcftools consensus -H hap -s sample} makes of a region (what GVL's tests and
     * {@code CohortConsensusCheck} compare gvl's haplotypes with).
     *
     * @param fasta  the indexed reference FASTA
     * @param vcf    the indexed VCF or BCF
     * @param r      the region (0-based, end exclusive)
     * @param sample the sample's name in the VCF
     * @param hap    1 or 2, as {@code -H} takes it
     * @return the sequence's bases, without header or line breaks
     * @throws IOException          if the pipeline cannot be started or fails
     * @throws InterruptedException if interrupted while waiting for it
     */
    static byte[] haplotype(Path fasta, Path vcf, Region r, String sample, int hap)
            throws IOException, InterruptedException {
        java.io.ByteArrayOutputStream seq = new java.io.ByteArrayOutputStream(r.length() + 1024);
        pipe(fasta, vcf, r, sample, hap, seq);
        return seq.toByteArray();
    }

    private static long pipe(Path fasta, Path vcf, Region r, String sample, int hap, java.io.ByteArrayOutputStream keep)
            throws IOException, InterruptedException {
        String cmd = String.format("samtools faidx '%s' '%s:%d-%d' | bcftools consensus -H %d -s '%s' '%s'",
                fasta, r.chrom(), r.start() + 1, r.end(), hap, sample, vcf);
        Process p = new ProcessBuilder("sh", "-c", cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        long bases = 0;
        try (InputStream in = p.getInputStream()) {
            byte[] buf = new byte[1 << 16];
            boolean header = false;
            boolean lineStart = true;
            int n;
            while ((n = in.read(buf)) > 0) {
                for (int k = 0; k < n; k++) {
                    byte b = buf[k];
                    if (lineStart) {
                        header = b == '>';
                    }
                    lineStart = b == '\n';
                    if (!header && b != '\n') {
                        bases++;
                        if (keep != null) {
                            keep.write(b);
                        }
                    }
                }
            }
        }
        if (p.waitFor() != 0) {
            throw new UncheckedIOException(new IOException("bcftools consensus failed (exit " + p.exitValue() + "): "
                    + cmd));
        }
        return bases;
    }
}
