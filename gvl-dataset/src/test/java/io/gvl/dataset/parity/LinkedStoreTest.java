package io.gvl.dataset.parity;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.core.buffer.Ragged;
import io.gvl.dataset.Dataset;
import io.gvl.dataset.output.DatasetOutput;
import io.gvl.dataset.settings.OutputLength;
import io.gvl.dataset.settings.SeqKind;
import io.gvl.format.DatasetFormatException;
import io.gvl.format.VariantTable;
import io.gvl.format.array.Npz;
import io.gvl.format.io.VariantTableFile;
import io.gvl.io.fasta.Reference;
import io.gvl.testing.DirectoryCopy;
import java.io.IOException;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Following a dataset's link to its genoray store, and refusing a store that is missing, moved away or changed: the
 * relative path, then the absolute one, then the single store beside the dataset; fingerprints in both of GVL's
 * forms; a {@code .svar} store whose row numbering does not follow its table (genoray 6.0.2 with contigs out of
 * natural order); and what gvl does where GenVarLoader refuses a {@code .svar2} dataset.
 */
class LinkedStoreTest extends SvarGoldens {
    /**
     * A writable copy of a dataset and its store side by side under a new directory. The link's {@code absolute_path}
     * (GenVarLoader's scratch directory when it wrote the golden) is pointed at a directory of this test that never
     * exists, so what else lies on the machine cannot change which store is found.
     */
    private static Path copy(String dataset, String store, String under) throws IOException {
        Path dir = Files.createDirectories(tmp.resolve(under));
        DirectoryCopy.copyTree(goldens.resolve(dataset), dir.resolve(dataset));
        DirectoryCopy.copyTree(goldens.resolve(store), dir.resolve(store));
        Path meta = dir.resolve(dataset).resolve("metadata.json");
        String gone = tmp.resolve("never-created").resolve(store).toString();
        Files.writeString(meta, Files.readString(meta).replaceFirst("\"absolute_path\":\"[^\"]*\"",
                java.util.regex.Matcher.quoteReplacement("\"absolute_path\":\"" + gone + "\"")));
        return dir.resolve(dataset);
    }

    private static byte[] haplotypes(Dataset d) {
        try (DatasetOutput o = d.withSeqs(SeqKind.HAPLOTYPES).withLen(OutputLength.ragged()).getAll()) {
            return ((Ragged) o.sequences()).data().toArray(ValueLayout.JAVA_BYTE);
        }
    }

    private static byte[] goldenHaplotypes() {
        return Npz.read(goldens.resolve("outputs_ds_vcf.npz")).get("hap_ragged_data").data()
                .toArray(ValueLayout.JAVA_BYTE);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"ds_svar:z.svar", "ds_svar2:z.svar2"})
    void aStoreRenamedBesideItsDatasetIsFoundAsTheOnlySibling(String pair) throws IOException {
        String[] p = pair.split(":");
        Path ds = copy(p[0], p[1], "sibling-" + p[0]);
        Files.move(ds.resolveSibling(p[1]), ds.resolveSibling("renamed" + p[1].substring(p[1].indexOf('.'))));
        try (Dataset d = Dataset.open(ds, z)) {
            assertArrayEquals(goldenHaplotypes(), haplotypes(d));
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"ds_svar:z.svar", "ds_svar2:z.svar2"})
    void aMissingStoreIsNamedWithEveryPlaceTried(String pair) throws IOException {
        String[] p = pair.split(":");
        Path ds = copy(p[0], p[1], "missing-" + p[0]);
        Files.move(ds.resolveSibling(p[1]), tmp.resolve("away-" + p[1]));
        io.gvl.format.DatasetMetadata meta = io.gvl.format.io.MetadataFile.read(ds.resolve("metadata.json"));
        String absolute = p[1].endsWith("2") ? meta.svar2Link().absolutePath() : meta.svarLink().absolutePath();
        DatasetFormatException e = assertThrows(DatasetFormatException.class, () -> Dataset.open(ds, z));
        assertTrue(e.getMessage().contains("store was not found") && e.getMessage().contains(p[1])
                && e.getMessage().contains(absolute), e.getMessage());
    }

    @Test
    void twoCandidateStoresBesideTheDatasetAreNotGuessedBetween() throws IOException {
        Path ds = copy("ds_svar", "z.svar", "two");
        DirectoryCopy.copyTree(ds.resolveSibling("z.svar"), ds.resolveSibling("other.svar"));
        Files.move(ds.resolveSibling("z.svar"), ds.resolveSibling("third.svar"));
        DatasetFormatException e = assertThrows(DatasetFormatException.class, () -> Dataset.open(ds, z));
        assertTrue(e.getMessage().contains("2 .svar directories beside the dataset"), e.getMessage());
    }

    /** The file GVL's own check saw change (4 zero bytes appended), as recorded with the goldens. */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"ds_svar:z.svar:variant_idxs.npy", "ds_svar2:z.svar2:z/var_key/snp/positions.bin"})
    void aChangedStoreIsRefusedNamingWhatDiffers(String spec) throws IOException {
        String[] p = spec.split(":");
        Path ds = copy(p[0], p[1], "changed-" + p[0]);
        Files.write(ds.resolveSibling(p[1]).resolve(p[2]), new byte[4], StandardOpenOption.APPEND);
        DatasetFormatException e = assertThrows(DatasetFormatException.class, () -> Dataset.open(ds, z));
        assertTrue(e.getMessage().contains("does not match the link") && e.getMessage().contains(
                p[0].equals("ds_svar") ? "variant_idxs bytes 147364 found, 147360 recorded" : "35517 bytes found"),
                e.getMessage());
    }

    /** GenVarLoader 0.43.1 fingerprints the payload only, so a layer added beside it keeps the dataset readable. */
    @Test
    void aLayerAddedBesideTheSvar2PayloadKeepsTheLink() throws IOException {
        Path ds = copy("ds_svar2", "z.svar2", "mutcat");
        Path layer = Files.createDirectories(ds.resolveSibling("z.svar2").resolve("z/mutcat/var_key_snp"));
        Files.write(layer.resolve("code.bin"), new byte[16]);
        try (Dataset d = Dataset.open(ds, z)) {
            assertArrayEquals(goldenHaplotypes(), haplotypes(d));
        }
    }

    /** Datasets written by GVL up to 0.43.0 recorded every array of the store; 0.43.1 still accepts that count. */
    @Test
    void theLegacySvar2FingerprintIsAccepted() throws IOException {
        Path ds = copy("ds_svar2", "z.svar2", "legacy-fp");
        Files.write(ds.resolveSibling("z.svar2").resolve("z/mutcat.npy"), new byte[8]);
        Path meta = ds.resolve("metadata.json");
        String json = Files.readString(meta);
        assertTrue(json.contains("\"n_files\":16,\"store_bytes\":35513"), json);
        Files.writeString(meta, json.replace("\"n_files\":16,\"store_bytes\":35513",
                "\"n_files\":17,\"store_bytes\":35521"));
        try (Dataset d = Dataset.open(ds, z)) {
            assertArrayEquals(goldenHaplotypes(), haplotypes(d));
        }
    }

    /**
     * genoray 6.0.2 numbers a {@code .svar} store's rows in natural contig order even when its table follows another
     * order; reordering the table of the two-contig store the same way must fail the open, not return sequence of
     * the wrong contig.
     */
    @Test
    void aStoreWhoseRowsDoNotFollowItsListedContigOrderIsRefused() throws IOException {
        Path ds = copy("ds_yz_svar", "yz.svar", "reordered");
        Path index = ds.resolveSibling("yz.svar").resolve("index.arrow");
        VariantTable t = VariantTableFile.read(index);
        List<Integer> order = new ArrayList<>();
        for (String contig : new String[] {"z", "y"}) {
            for (int v = 0; v < t.size(); v++) {
                if (t.chrom()[v].equals(contig)) {
                    order.add(v);
                }
            }
        }
        assertEquals(t.size(), order.size());
        int n = t.size();
        String[] chrom = new String[n];
        long[] pos = new long[n];
        String[] ref = new String[n];
        String[] alt = new String[n];
        int[] ilen = new int[n];
        for (int i = 0; i < n; i++) {
            int v = order.get(i);
            chrom[i] = t.chrom()[v];
            pos[i] = t.pos()[v];
            ref[i] = t.ref()[v];
            alt[i] = t.alt()[v];
            ilen[i] = t.ilen()[v];
        }
        VariantTableFile.write(new VariantTable(chrom, pos, ref, alt, ilen), index);
        try (Reference yz = Reference.open(goldens.resolve("inputs/yz.fa"), tmp.resolve("cache"))) {
            DatasetFormatException e = assertThrows(DatasetFormatException.class, () -> Dataset.open(ds, yz));
            assertTrue(e.getMessage().contains("the rows list the contigs in the order [z, y], but metadata.json"
                    + " lists them as [y, z]"), e.getMessage());
        }
    }

    @Test
    void annotatedHaplotypesOfASvar2DatasetAreRefusedAsInGvl() throws IOException {
        try (Dataset d = Dataset.open(goldens.resolve("ds_svar2"), z)) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> d.withSeqs(SeqKind.ANNOTATED));
            assertTrue(e.getMessage().contains(".svar2 store"), e.getMessage());
        }
    }

    @Test
    void aSvar2DatasetNeedsTheReference() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Dataset.open(goldens.resolve("ds_svar2")));
        assertTrue(e.getMessage().contains("needs the reference"), e.getMessage());
    }

    /**
     * GenVarLoader 0.43.1 refuses reverse-complemented realigned tracks on {@code .svar2} datasets; gvl gathers the
     * same calls as the {@code .svar} and VCF paths, so it gives their output.
     */
    @Test
    void reverseComplementedRealignedTracksOfSvar2EqualTheVcfDatasets() {
        var golden = Npz.read(goldens.resolve("outputs_ds_vcf_trk.npz"));
        try (Dataset d = Dataset.open(goldens.resolve("ds_svar2_trk"), z);
             DatasetOutput o = d.withSeqs(SeqKind.HAPLOTYPES).withTracks("sig").withLen(OutputLength.ragged())
                     .getAll()) {
            assertArrayEquals(golden.get("trk_rc_hap_data").data().toArray(ValueLayout.JAVA_BYTE),
                    ((Ragged) o.sequences()).data().toArray(ValueLayout.JAVA_BYTE));
            assertArrayEquals(golden.get("trk_rc_values_data").data().toArray(ValueLayout.JAVA_BYTE),
                    ((Ragged) o.tracks()).data().toArray(ValueLayout.JAVA_BYTE));
        }
    }

    /** Every array of an output, as bytes, in output order. */
    private static List<byte[]> arrays(Dataset d, java.util.function.Function<Dataset, Dataset> view) {
        List<byte[]> out = new ArrayList<>();
        try (DatasetOutput o = view.apply(d).getAll()) {
            for (var a : o.arrays()) {
                if (a.array() instanceof Ragged r) {
                    out.add(r.data().toArray(ValueLayout.JAVA_BYTE));
                    out.add(r.offsets().toArray(ValueLayout.JAVA_BYTE));
                } else {
                    out.add(((io.gvl.core.buffer.Dense) a.array()).data().toArray(ValueLayout.JAVA_BYTE));
                }
            }
        }
        return out;
    }

    private static void assertSameArrays(List<byte[]> want, List<byte[]> got, String what) {
        assertEquals(want.size(), got.size(), what + ": array count");
        for (int i = 0; i < want.size(); i++) {
            assertArrayEquals(want.get(i), got.get(i), what + ": array " + i);
        }
    }

    /**
     * Variant windows and spliced haplotypes, which GenVarLoader's goldens do not cover here, read the same from the
     * VCF-, {@code .svar}- and {@code .svar2}-sourced datasets of the same regions (on these regions every source
     * gathers the same calls).
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"ds_svar", "ds_svar2"})
    void windowsAndSplicedHaplotypesEqualTheVcfDatasets(String linked) {
        java.util.function.Function<Dataset, Dataset> windows = d -> d.withSeqs(SeqKind.VARIANT_WINDOWS,
                io.gvl.dataset.settings.VarWindowOpt.windows(4, io.gvl.dataset.settings.TokenAlphabet.of("ACGT", 4)));
        java.util.LinkedHashMap<String, int[]> groups = new java.util.LinkedHashMap<>();
        for (int g = 0; g < 12; g++) {
            groups.put("g" + g, new int[] {2 * g + 1, 2 * g});
        }
        java.util.function.Function<Dataset, Dataset> spliced = d -> d.withSeqs(SeqKind.HAPLOTYPES)
                .withLen(OutputLength.ragged()).spliceInfo(io.gvl.dataset.settings.SpliceMap.of(groups));
        try (Dataset vcf = Dataset.open(goldens.resolve("ds_vcf"), z);
             Dataset store = Dataset.open(goldens.resolve(linked), z)) {
            assertSameArrays(arrays(vcf, windows), arrays(store, windows), "variant windows");
            List<byte[]> want = arrays(vcf, spliced);
            assertTrue(want.getFirst().length > 1000, "spliced haplotypes");
            assertSameArrays(want, arrays(store, spliced), "spliced haplotypes");
        }
    }

    /**
     * A {@code .svar} store's per-call FORMAT fields ({@code metadata.json} {@code fields}) are variant fields, as in
     * GenVarLoader: {@code dosages} of {@code zds.svar} (GVL lists it beside {@code dosage}), and an int16 field added
     * to a copy of the store, widened to int32.
     */
    @Test
    void perCallFieldsOfASvarStoreAreVariantFields() throws IOException {
        Path ds = copy("ds_svar_ds", "zds.svar", "callfields");
        Path store = ds.resolveSibling("zds.svar");
        float[] dosages = io.gvl.format.array.RawArray.map(store.resolve("dosages.npy"),
                io.gvl.format.array.RawDtype.FLOAT32, java.lang.foreign.Arena.ofAuto()).toFloatArray();
        java.nio.ByteBuffer q = java.nio.ByteBuffer.allocate(2 * dosages.length).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        for (float f : dosages) {
            q.putShort((short) (-Math.round(f * 1000)));
        }
        Files.write(store.resolve("qual16.npy"), q.array());
        Path meta = store.resolve("metadata.json");
        Files.writeString(meta, Files.readString(meta).replace("\"fields\":{\"dosages\":\"float32\"}",
                "\"fields\":{\"dosages\":\"float32\",\"qual16\":\"int16\"}"));
        try (Dataset d = Dataset.open(ds, z)) {
            assertEquals(new java.util.TreeSet<>(List.of("alt", "ilen", "start", "ref", "dosage", "dosages", "qual16")),
                    new java.util.TreeSet<>(d.availableVarFields()), "GenVarLoader's list plus the added field");
            List<byte[]> dosage = arrays(d, x -> x.withSeqs(SeqKind.VARIANTS).withSettings(st -> st.withVarFields(
                    "dosage")));
            List<byte[]> named = arrays(d, x -> x.withSeqs(SeqKind.VARIANTS).withSettings(st -> st.withVarFields(
                    "dosages", "qual16")));
            float[] perCall = java.lang.foreign.MemorySegment.ofArray(dosage.get(4)).toArray(
                    ValueLayout.JAVA_FLOAT_UNALIGNED);
            assertTrue(perCall.length > 1000, "calls");
            assertArrayEquals(dosage.get(4), named.get(4), "dosages equals dosage");
            int[] q16 = java.lang.foreign.MemorySegment.ofArray(named.get(6)).toArray(ValueLayout.JAVA_INT_UNALIGNED);
            for (int i = 0; i < perCall.length; i++) {
                assertEquals(-Math.round(perCall[i] * 1000), q16[i], "call " + i);
            }
        }
    }
}
