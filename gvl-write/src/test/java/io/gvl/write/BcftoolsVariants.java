package io.gvl.write;

import io.gvl.format.VariantTable;
import io.gvl.testkit.Oracle;
import io.gvl.write.spec.VariantSource;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A {@link VariantSource} whose records and calls come from {@code bcftools query}, an independent oracle for the
 * pipeline's inputs. Holds everything in memory (test files are small). {@code failAfter} makes the n-th genotype
 * request throw, to inject a failure in the middle of a write.
 */
final class BcftoolsVariants implements VariantSource {
    private final Path file;
    private final List<String> samples;
    private final List<String> contigs;
    private final VariantTable table;
    private final byte[][] calls;
    private final int failAfter;
    private final AtomicInteger requests = new AtomicInteger();

    BcftoolsVariants(Path file) {
        this(file, Integer.MAX_VALUE);
    }

    BcftoolsVariants(Path file, int failAfter) {
        this.file = file;
        this.failAfter = failAfter;
        this.samples = List.of(Oracle.BCFTOOLS.run(List.of("query", "-l", file.toString())).split("\n"))
                .stream().filter(s -> !s.isEmpty()).toList();
        Set<String> ctg = new LinkedHashSet<>();
        for (String line : Oracle.BCFTOOLS.run(List.of("view", "-h", file.toString())).split("\n")) {
            if (line.startsWith("##contig=<ID=")) {
                ctg.add(line.substring(13).split("[,>]")[0]);
            }
        }
        List<String> chrom = new ArrayList<>();
        List<Long> pos = new ArrayList<>();
        List<String> ref = new ArrayList<>();
        List<String> alt = new ArrayList<>();
        List<byte[]> gts = new ArrayList<>();
        String out = Oracle.BCFTOOLS.run(List.of("query", "-f", "%CHROM\\t%POS\\t%REF\\t%ALT[\\t%GT]\\n",
                file.toString()));
        for (String line : out.split("\n")) {
            if (line.isEmpty()) {
                continue;
            }
            String[] f = line.split("\t", -1);
            chrom.add(f[0]);
            ctg.add(f[0]);
            pos.add(Long.parseLong(f[1]));
            ref.add(f[2]);
            alt.add(f[3]);
            byte[] g = new byte[samples.size() * 2];
            for (int s = 0; s < samples.size(); s++) {
                String[] alleles = f[4 + s].split("[|/]");
                for (int p = 0; p < Math.min(2, alleles.length); p++) {
                    g[s * 2 + p] = (byte) (alleles[p].equals("1") ? 1 : 0);
                }
            }
            gts.add(g);
        }
        int n = pos.size();
        int[] ilen = new int[n];
        for (int i = 0; i < n; i++) {
            ilen[i] = alt.get(i).length() - ref.get(i).length();
        }
        this.contigs = List.copyOf(ctg);
        this.table = new VariantTable(chrom.toArray(String[]::new), pos.stream().mapToLong(Long::longValue).toArray(),
                ref.toArray(String[]::new), alt.toArray(String[]::new), ilen);
        this.calls = gts.toArray(byte[][]::new);
    }

    @Override
    public Path path() {
        return file;
    }

    @Override
    public List<String> samples() {
        return samples;
    }

    @Override
    public List<String> contigs() {
        return contigs;
    }

    @Override
    public int ploidy() {
        return 2;
    }

    @Override
    public VariantTable variants() {
        return table;
    }

    /** Whether haplotype {@code p} of sample {@code s} (file index) carries row {@code row}. */
    boolean carries(int row, int s, int p) {
        return calls[row][s * 2 + p] == 1;
    }

    @Override
    public void genotypes(int fromRow, int toRow, int[] sampleIndexes, byte[] out) {
        if (requests.incrementAndGet() > failAfter) {
            throw new IllegalStateException("injected failure after " + failAfter + " genotype requests");
        }
        int w = sampleIndexes.length * 2;
        for (int r = fromRow; r < toRow; r++) {
            for (int k = 0; k < sampleIndexes.length; k++) {
                out[(r - fromRow) * w + k * 2] = calls[r][sampleIndexes[k] * 2];
                out[(r - fromRow) * w + k * 2 + 1] = calls[r][sampleIndexes[k] * 2 + 1];
            }
        }
    }

    @Override
    public void close() {
        // nothing held open
    }
}
