package io.gvl.dataset.sites;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.core.buffer.Dense;
import io.gvl.dataset.Dataset;
import io.gvl.dataset.output.DatasetOutput;
import io.gvl.dataset.settings.OutputLength;
import io.gvl.dataset.settings.SpliceMap;
import io.gvl.io.InputFormatException;
import io.gvl.io.fasta.Reference;
import io.gvl.testing.SyntheticDataset;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What sites-only datasets refuse, and how: typed errors whose messages name the record or the setting to change. */
class SitesErrorsTest {
    @TempDir
    Path tmp;

    private SyntheticDataset truth;
    private Reference reference;
    private Dataset ds;

    @BeforeEach
    void open() throws Exception {
        truth = new SyntheticDataset(61, 4);
        reference = Reference.open(truth.writeFasta(tmp), tmp.resolve("cache"));
        ds = Dataset.open(truth.writeDataset(tmp.resolve("ds")), reference);
    }

    @AfterEach
    void close() {
        ds.close();
        reference.close();
    }

    private Sites siteInFirstRegion() {
        var g = ds.regions().get(0);
        char base = truth.sequences[SyntheticDataset.CONTIGS.indexOf(g.chrom())].charAt(g.start() + 2);
        return Sites.of(List.of(new Site(g.chrom(), g.start() + 3, String.valueOf(base), base == 'A' ? "C" : "A")));
    }

    @Test
    void nonSnpRecordsAreRejectedNamingFileAndRecord() throws Exception {
        Path indel = SitesVcfFile.write(tmp, "indel", SyntheticDataset.CONTIGS,
                List.of("chr1\t100\tA\tT\t0.1", "chr1\t200\tAC\tA\t0.2"));
        InputFormatException e = assertThrows(InputFormatException.class, () -> Sites.fromVcf(indel));
        assertTrue(e.getMessage().contains("indel.vcf.gz") && e.getMessage().contains("record chr1:200 AC>A")
                && e.getMessage().contains("not a SNP") && e.getMessage().contains("bcftools view -v snps"),
                e.getMessage());
        Path multi = SitesVcfFile.write(tmp, "multi", SyntheticDataset.CONTIGS, List.of("chr2\t50\tA\tC,G\t0.1"));
        e = assertThrows(InputFormatException.class, () -> Sites.fromVcf(multi));
        assertTrue(e.getMessage().contains("chr2:50") && e.getMessage().contains("multiallelic"), e.getMessage());
        IllegalArgumentException r = assertThrows(IllegalArgumentException.class,
                () -> Sites.of(List.of(new Site("chr1", 5, "A", "T"), new Site("chr1", 9, "A", "AT"))));
        assertTrue(r.getMessage().contains("site 1 (chr1:9 A>AT)"), r.getMessage());
        r = assertThrows(IllegalArgumentException.class, () -> Sites.of(List.of(new Site("chr1", 9, "A", "*"))));
        assertTrue(r.getMessage().contains("no ALT base"), r.getMessage());
        Path ok = SitesVcfFile.write(tmp, "ok", SyntheticDataset.CONTIGS, List.of("chr1\t100\tA\tT\t0.1"));
        e = assertThrows(InputFormatException.class, () -> Sites.fromVcf(ok, List.of("DP")));
        assertTrue(e.getMessage().contains("'DP'") && e.getMessage().contains("[AF]"), e.getMessage());
    }

    @Test
    void viewsThatAreNotFixedLengthDeterministicAndUnjitteredAreRejected() {
        Sites sites = siteInFirstRegion();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> DatasetWithSites.of(ds, sites));
        assertTrue(e.getMessage().contains("withLen(OutputLength.fixed(n))"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> DatasetWithSites.of(ds.withLen(OutputLength.variable()), sites));
        assertTrue(e.getMessage().contains("fixed output length"), e.getMessage());
        Dataset fixed = ds.withLen(OutputLength.fixed(30));
        e = assertThrows(IllegalArgumentException.class,
                () -> DatasetWithSites.of(fixed.withSettings(s -> s.withJitter(2)), sites));
        assertTrue(e.getMessage().contains("jitter 0") && e.getMessage().contains("withJitter(0)"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> DatasetWithSites.of(fixed.withSettings(s -> s.withDeterministic(false)), sites));
        assertTrue(e.getMessage().contains("deterministic"), e.getMessage());
        LinkedHashMap<String, int[]> groups = new LinkedHashMap<>();
        groups.put("g", new int[] {0, 1});
        Dataset spliced = ds.withoutTracks().spliceInfo(SpliceMap.of(groups));
        e = assertThrows(IllegalArgumentException.class, () -> DatasetWithSites.of(spliced, sites));
        assertTrue(e.getMessage().contains("withoutSplicing()"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> DatasetWithSites.of(fixed, sites, 2));
        assertTrue(e.getMessage().contains("maxVariantsPerRegion 2"), e.getMessage());
    }

    @Test
    void sitesOnUnknownContigsOrOutsideEveryWindowAreRejected() {
        Dataset fixed = ds.withLen(OutputLength.fixed(30));
        Sites mixed = Sites.of(List.of(siteInFirstRegion().site(0), new Site("chr9", 10, "A", "G")));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> DatasetWithSites.of(fixed, mixed));
        assertTrue(e.getMessage().contains("contig 'chr9'") && e.getMessage().contains("retainContigs"),
                e.getMessage());
        Sites kept = mixed.retainContigs(fixed.contigs());
        assertEquals(List.of(mixed.site(0)), kept.toList());
        assertEquals(1, DatasetWithSites.of(fixed, kept).rowCount());
        Sites unprefixed = Sites.of(List.of(new Site("1", 2990, "A", "G")));
        e = assertThrows(IllegalArgumentException.class, () -> DatasetWithSites.of(fixed, unprefixed));
        assertTrue(e.getMessage().contains("no site overlaps"), e.getMessage());
    }

    @Test
    void queriesCarryTracksCheckIndicesAndCloseEverything() {
        Dataset view = ds.withLen(OutputLength.fixed(30)).withTracks("cov");
        DatasetWithSites dws = DatasetWithSites.of(view, siteInFirstRegion());
        assertThrows(IllegalArgumentException.class, () -> dws.get(new int[] {0}, new int[] {0, 1}));
        IndexOutOfBoundsException oob = assertThrows(IndexOutOfBoundsException.class,
                () -> dws.get(new int[] {1}, new int[] {0}));
        assertTrue(oob.getMessage().contains("row index 1"), oob.getMessage());
        SitesOutput out = dws.get(new int[] {0, 0}, new int[] {2, 1});
        try (DatasetOutput direct = dws.dataset().get(new int[] {0, 0}, new int[] {2, 1})) {
            Dense tracks = (Dense) out.tracks().orElseThrow();
            Dense want = (Dense) direct.tracks();
            assertArrayEquals(want.shape(), tracks.shape());
            assertArrayEquals(want.data().toArray(ValueLayout.JAVA_FLOAT), tracks.data().toArray(ValueLayout.JAVA_FLOAT));
        }
        out.close();
        out.close();
        assertFalse(out.isOpen());
        assertThrows(IllegalStateException.class, out::mutHaps);
        try (SitesOutput noTracks = DatasetWithSites.of(view.withoutTracks(), siteInFirstRegion())
                .get(new int[] {0}, new int[] {0})) {
            assertTrue(noTracks.tracks().isEmpty());
        }
    }
}
