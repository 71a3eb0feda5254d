package io.gvl.dataset.sites;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.core.buffer.Dense;
import io.gvl.dataset.Dataset;
import io.gvl.dataset.Region;
import io.gvl.dataset.settings.OutputLength;
import io.gvl.io.fasta.Reference;
import io.gvl.testing.SyntheticDataset;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every (row, sample, haplotype) of a seeded synthetic dataset with a sites VCF against an oracle that works from
 * the variants alone: the site's index in the plus-strand haplotype is its offset plus the indel lengths before it;
 * DELETED when a carried deletion covers it (or it falls past the window), EXISTED when the base there already is
 * the ALT, else the ALT is written there; minus-strand rows are the reverse complement.
 */
class DatasetWithSitesTest {
    private static final int L = 36;

    @TempDir
    Path tmp;

    private Reference reference;

    @AfterEach
    void closeReference() {
        if (reference != null) {
            reference.close();
        }
    }

    static Stream<Arguments> cases() {
        return Stream.of(1L, 2L, 3L, 4L, 5L).flatMap(s -> Stream.of(Arguments.of(s, true), Arguments.of(s, false)));
    }

    @ParameterizedTest(name = "seed={0} rcNeg={1}")
    @MethodSource("cases")
    void everyFlagAndMutatedHaplotypeMatchesTheOracle(long seed, boolean rcNeg) throws Exception {
        SyntheticDataset t = new SyntheticDataset(seed, 0);
        List<String> records = siteRecords(t, new SplittableRandom(seed * 31 + 7));
        Path vcf = SitesVcfFile.write(tmp, "sites-" + seed, SyntheticDataset.CONTIGS, records);
        Sites sites = Sites.fromVcf(vcf, List.of("AF"));
        assertEquals(records.size(), sites.size());
        for (int i = 0; i < sites.size(); i++) {
            String[] f = records.get(i).split("\t");
            assertEquals(new Site(f[0], Integer.parseInt(f[1]), f[2], f[3]), sites.site(i));
            assertEquals(Float.parseFloat(f[4]), sites.info("AF", i));
        }
        try (Dataset ds = open(t)) {
            Dataset view = ds.withLen(OutputLength.fixed(L)).withoutTracks().withSettings(s -> s.withRcNeg(rcNeg));
            DatasetWithSites dws = DatasetWithSites.of(view, sites);
            assertRows(t, sites, view.regions(), dws.rows());
            int ns = dws.sampleCount();
            int n = dws.rowCount() * ns;
            int[] rows = new int[n];
            int[] samples = new int[n];
            for (int k = 0; k < n; k++) {
                rows[k] = k / ns;
                samples[k] = k % ns;
            }
            Map<SiteFlag, Integer> seen = new EnumMap<>(SiteFlag.class);
            int minusRows = 0;
            try (SitesOutput out = dws.get(rows, samples)) {
                assertArrayEquals(new long[] {n, 2, L}, out.mutHaps().haps().shape());
                assertArrayEquals(new long[] {n, 2}, out.flags().shape());
                for (int k = 0; k < n; k++) {
                    Region g = view.regions().get(dws.rows().region(rows[k]));
                    int site = dws.rows().site(rows[k]);
                    boolean minus = rcNeg && g.strand() < 0;
                    for (int p = 0; p < 2; p++) {
                        Expected e = oracle(t, g, samples[k], p, sites.start(site), (char) sites.alt(site));
                        String where = "seed " + seed + " row " + rows[k] + " (" + g + ", site " + sites.site(site)
                                + ") sample " + samples[k] + " hap " + p;
                        long row = (long) k * 2 + p;
                        assertEquals(orient(e.wt, minus), str(out.wtHaps().haps(), row), where + " wt");
                        assertEquals(orient(e.mut, minus), str(out.mutHaps().haps(), row), where + " mut");
                        assertEquals(e.flag, out.flag(k, p), where + " flag");
                        int[] wantVar = ints(out.wtHaps().varIdxs(), row);
                        if (e.flag == SiteFlag.APPLIED) {
                            wantVar[minus ? L - 1 - e.index : e.index] = DatasetWithSites.SITE_VAR_IDX;
                        }
                        assertArrayEquals(wantVar, ints(out.mutHaps().varIdxs(), row), where + " var_idxs");
                        assertArrayEquals(ints(out.wtHaps().refCoords(), row), ints(out.mutHaps().refCoords(), row));
                        seen.merge(e.flag, 1, Integer::sum);
                        minusRows += minus ? 1 : 0;
                    }
                }
            }
            assertEquals(3, seen.size(), "every flag occurs: " + seen);
            assertTrue(minusRows > 0 || !rcNeg, "some rows are on the minus strand");
        }
    }

    private Dataset open(SyntheticDataset t) throws Exception {
        Path dir = t.writeDataset(tmp.resolve("ds-" + t.seed));
        reference = Reference.open(t.writeFasta(tmp), tmp.resolve("cache"));
        return Dataset.open(dir, reference);
    }

    /** Sites at variant starts (with the variant's first ALT base and another), inside deletions, and at random. */
    private static List<String> siteRecords(SyntheticDataset t, SplittableRandom rng) {
        List<int[]> sites = new ArrayList<>(); // contig, start, alt
        for (SyntheticDataset.Variant v : t.variants) {
            sites.add(new int[] {v.contig(), v.pos(), v.alt().charAt(0)});
            sites.add(new int[] {v.contig(), v.pos(), "ACGT".charAt(rng.nextInt(4))});
            if (v.ilen() < 0) {
                sites.add(new int[] {v.contig(), v.pos() + 1 + rng.nextInt(-v.ilen()), 'G'});
            }
        }
        for (SyntheticDataset.Region g : t.disk) {
            for (int i = 0; i < 6; i++) {
                sites.add(new int[] {g.contig(), g.start() - 5 + rng.nextInt(L + 10), "ACGT".charAt(rng.nextInt(4))});
            }
        }
        sites.add(new int[] {0, 2900, 'A'});
        sites.sort((a, b) -> a[0] != b[0] ? Integer.compare(a[0], b[0]) : Integer.compare(a[1], b[1]));
        List<String> lines = new ArrayList<>();
        for (int[] s : sites) {
            char ref = t.sequences[s[0]].charAt(s[1]);
            lines.add(SyntheticDataset.CONTIGS.get(s[0]) + "\t" + (s[1] + 1) + "\t" + ref + "\t" + (char) s[2] + "\t"
                    + (rng.nextInt(1000) / 1000f));
        }
        return lines;
    }

    /** Rows are (view region, site) pairs in region order, then site order, for sites in {@code [start, start+L)}. */
    private static void assertRows(SyntheticDataset t, Sites sites, List<Region> regions, SiteRows rows) {
        List<String> want = new ArrayList<>();
        for (int r = 0; r < regions.size(); r++) {
            Region g = regions.get(r);
            for (int s = 0; s < sites.size(); s++) {
                if (sites.chrom(s).equals(g.chrom()) && sites.start(s) >= g.start() && sites.start(s) < g.start() + L) {
                    want.add(r + ":" + s);
                }
            }
        }
        List<String> got = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            got.add(rows.region(i) + ":" + rows.site(i));
        }
        assertEquals(want, got);
    }

    private record Expected(String wt, String mut, SiteFlag flag, int index) {
    }

    private static Expected oracle(SyntheticDataset t, Region g, int sample, int ploid, int pos, char alt) {
        SyntheticDataset.Region sg = t.inputRegion(g.inputRow());
        int r = t.diskRow(g.inputRow());
        String wt = t.haplotype(r, sample, ploid, g.start(), g.start() + L + 60).substring(0, L);
        List<Integer> carried = t.slots.get((r * SyntheticDataset.SAMPLES.size() + sample) * SyntheticDataset.PLOIDY
                + ploid);
        int index = pos - g.start();
        char base = t.sequences[sg.contig()].charAt(pos);
        for (int v : carried) {
            SyntheticDataset.Variant x = t.variants.get(v);
            if (x.pos() < pos && pos < x.pos() + x.ref().length()) {
                return new Expected(wt, wt, SiteFlag.DELETED, -1);
            }
            if (x.pos() < pos) {
                index += x.ilen();
            } else if (x.pos() == pos) {
                base = x.alt().charAt(0);
            }
        }
        if (index >= L) {
            return new Expected(wt, wt, SiteFlag.DELETED, -1);
        }
        assertEquals(base, wt.charAt(index), "oracle: the site's base in the plus-strand haplotype");
        if (base == alt) {
            return new Expected(wt, wt, SiteFlag.EXISTED, index);
        }
        String mut = wt.substring(0, index) + alt + wt.substring(index + 1);
        return new Expected(wt, mut, SiteFlag.APPLIED, index);
    }

    private static String orient(String plus, boolean minus) {
        return minus ? SyntheticDataset.reverseComplement(plus) : plus;
    }

    static String str(Dense d, long row) {
        return new String(d.row(row).toArray(ValueLayout.JAVA_BYTE), StandardCharsets.US_ASCII);
    }

    static int[] ints(Dense d, long row) {
        return d.row(row).toArray(ValueLayout.JAVA_INT_UNALIGNED);
    }
}
