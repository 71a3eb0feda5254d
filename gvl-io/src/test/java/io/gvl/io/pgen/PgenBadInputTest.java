package io.gvl.io.pgen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.io.InputFormatException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Broken filesets fail with an {@link InputFormatException} naming the file, the place in it and a fix. */
class PgenBadInputTest {
    @TempDir
    Path tmp;

    private Path copy(String name) throws IOException {
        for (String ext : List.of(".pgen", ".pvar", ".psam")) {
            Path dst = tmp.resolve(name + ext);
            Files.copy(PgenExamplesTest.EXAMPLES.resolve(name + ext), dst);
            dst.toFile().setWritable(true);
        }
        return tmp.resolve(name + ".pgen");
    }

    private static InputFormatException fails(Path open, Path file, String... parts) {
        InputFormatException e = assertThrows(InputFormatException.class, () -> {
            try (PgenReader r = PgenReader.open(open)) {
                PgenText.genotypes(r, 0, r.variantCount(), PgenText.allSamples(r));
            }
        });
        assertEquals(file.toAbsolutePath(), e.file().toAbsolutePath(), e.getMessage());
        for (String p : parts) {
            assertTrue(e.getMessage().contains(p), "'" + p + "' not in: " + e.getMessage());
        }
        assertTrue(e.getMessage().contains("Fix: "), e.getMessage());
        return e;
    }

    @Test
    void truncatedRecordsNameTheFirstRecordThatIsCut() throws IOException {
        Path pgen = copy("many");
        byte[] b = Files.readAllBytes(pgen);
        Files.write(pgen, Arrays.copyOf(b, b.length - 3));
        fails(pgen, pgen, "record 19", "is truncated", "records end at byte " + b.length);
    }

    @Test
    void truncatedHeaderIsNamed() throws IOException {
        Path pgen = copy("many");
        Files.write(pgen, Arrays.copyOf(Files.readAllBytes(pgen), 15));
        fails(pgen, pgen, "block offsets", "is truncated");
    }

    @Test
    void fixedWidthFileOfTheWrongSizeIsTruncated() throws IOException {
        copy("unphased");
        Path pgen = tmp.resolve("unphased.pgen");
        byte[] b = Files.readAllBytes(PgenExamplesTest.EXAMPLES.resolve("unphased.fmt2.pgen"));
        Files.write(pgen, Arrays.copyOf(b, b.length - 1));
        fails(pgen, pgen, "is truncated", "9 records of 4 bytes");
    }

    @Test
    void unknownHeaderModeIsRefused() throws IOException {
        Path pgen = copy("phased");
        byte[] b = Files.readAllBytes(pgen);
        b[2] = 0x05;
        Files.write(pgen, b);
        fails(pgen, pgen, "byte 2", "unknown header mode 0x05");
    }

    @Test
    void notAPgenIsRefused() throws IOException {
        Path pgen = copy("phased");
        Files.writeString(pgen, "##fileformat=VCFv4.2\n");
        fails(pgen, pgen, "bytes 0-1", "not a PGEN");
    }

    @Test
    void psamRowCountOtherThanTheHeadersIsRefused() throws IOException {
        Path pgen = copy("phased");
        Path psam = tmp.resolve("phased.psam");
        List<String> lines = Files.readAllLines(psam);
        Files.write(psam, lines.subList(0, lines.size() - 1));
        fails(pgen, psam, "lists 3 samples", "holds 4");
    }

    @Test
    void pvarVariantCountOtherThanTheHeadersIsRefused() throws IOException {
        Path pgen = copy("phased");
        Path pvar = tmp.resolve("phased.pvar");
        List<String> lines = new ArrayList<>(Files.readAllLines(pvar));
        lines.add("1\t600\trs6\tA\tT\t.\t.\t.");
        Files.write(pvar, lines);
        fails(pgen, pvar, "lists 6 variants", "holds 5");
    }

    @Test
    void unsortedPvarNamesTheLineAndRecord() throws IOException {
        Path pgen = copy("phased");
        Path pvar = tmp.resolve("phased.pvar");
        List<String> lines = new ArrayList<>(Files.readAllLines(pvar));
        lines.set(4, lines.get(4).replace("\t200\t", "\t50\t"));
        Files.write(pvar, lines);
        fails(pgen, pvar, "line 5 (record 1) 1:50", "not sorted", "--sort-vars");
    }

    @Test
    void contigThatReappearsIsUnsorted() throws IOException {
        Path pgen = copy("phased");
        Path pvar = tmp.resolve("phased.pvar");
        List<String> lines = new ArrayList<>(Files.readAllLines(pvar));
        lines.set(4, lines.get(4).replaceFirst("^1\t", "2\t"));
        Files.write(pvar, lines);
        fails(pgen, pvar, "line 6 (record 2) 1:300", "appeared before another contig");
    }

    @Test
    void missingCompanionFilesAreNamed() throws IOException {
        Path pgen = copy("phased");
        Files.delete(tmp.resolve("phased.psam"));
        fails(pgen, tmp.resolve("phased.psam"), "is missing", "PREFIX.psam");
        copy("unphased");
        Files.delete(tmp.resolve("unphased.pvar"));
        fails(tmp.resolve("unphased"), tmp.resolve("unphased.pvar.zst"), "is missing", "PREFIX.pvar");
        Files.delete(tmp.resolve("unphased.pgen"));
        fails(tmp.resolve("unphased"), tmp.resolve("unphased.pgen"), "is missing");
    }

    @Test
    void psamWithAnUnknownHeaderIsRefused() throws IOException {
        Path pgen = copy("phased");
        Path psam = tmp.resolve("phased.psam");
        Files.writeString(psam, "#SAMPLE\nS1\nS2\nS3\nS4\n");
        fails(pgen, psam, "line 1", "#IID");
    }

    @Test
    void duplicateSampleIdsAreRefused() throws IOException {
        Path pgen = copy("phased");
        Path psam = tmp.resolve("phased.psam");
        Files.writeString(psam, "#IID\tSEX\nS1\tNA\nS2\tNA\nS1\tNA\nS4\tNA\n");
        fails(pgen, psam, "line 4", "repeats sample ID S1");
    }

    @Test
    void multiallelicTypeBitUnderABiallelicPvarIsRefused() throws IOException {
        Path pgen = copy("phased");
        byte[] b = Files.readAllBytes(pgen);
        b[0x14 + 2] = 0x18;
        Files.write(pgen, b);
        fails(pgen, pgen, "record 2 (1:300)", "multiallelic in the .pgen");
    }

    @Test
    void ldRecordWithoutABaseNamesTheRecord() throws IOException {
        Path pgen = copy("phased");
        byte[] b = Files.readAllBytes(pgen);
        b[0x14] = 0x12;
        Files.write(pgen, b);
        fails(pgen, pgen, "record 0 (1:100)", "cannot be decoded", "LD-compressed");
    }

    @Test
    void trackPastTheRecordEndNamesTheRecord() throws IOException {
        Path pgen = copy("phased");
        byte[] b = Files.readAllBytes(pgen);
        b[0x14 + 3] = 0x10; // v3 (one byte, no hets) claims a phase track it does not have
        b[0x19 + 3] = 0x01;
        Files.write(pgen, b);
        fails(pgen, pgen, "record 3 (1:400)", "cannot be decoded");
    }

    @Test
    void sampleListThatGoesBackNamesTheRecord() throws IOException {
        Path pgen = copy("many");
        byte[] b = Files.readAllBytes(pgen);
        // v5 (offset 607) is a difflist of 70 entries in two groups starting at samples 12 and 913 (0x0391):
        // the second group starting at 12 again goes back
        b[610] = 0x0c;
        b[611] = 0x00;
        Files.write(pgen, b);
        fails(pgen, pgen, "record 5", "cannot be decoded", "not in increasing order (sample 12 after");
    }

    /**
     * Corrupt records that the sparse decode reads (difflists against hom-REF) fail through
     * {@link PgenReader#markCarriers} as through {@link PgenReader#readCalls}, with the same message.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("corruptSparseRecords")
    void corruptSparseRecordsFailAlikeThroughBothReads(String what, int at, byte[] patch, int typeAt, int type,
                                                       String message) throws IOException {
        Path pgen = copy("many");
        byte[] b = Files.readAllBytes(pgen);
        System.arraycopy(patch, 0, b, at, patch.length);
        if (typeAt >= 0) {
            b[typeAt] = (byte) type;
        }
        Files.write(pgen, b);
        String dense = fails(pgen, pgen, message).getMessage();
        InputFormatException e = assertThrows(InputFormatException.class, () -> {
            try (PgenReader r = PgenReader.open(pgen)) {
                int[] all = PgenText.allSamples(r);
                r.markCarriers(0, r.variantCount(), all, new byte[r.variantCount() * all.length * 2], 0);
            }
        });
        assertEquals(dense, e.getMessage());
    }

    static Stream<Arguments> corruptSparseRecords() {
        // many.pgen: index types at byte 20 + i; v4 (type 0x14) at 583, v5 (0x14) at 607, v9 (0x04, empty) at 945
        return Stream.of(
                Arguments.of("a list that goes back", 610, new byte[] {0x0c, 0x00}, -1, 0,
                        "record 5 (2:1050): cannot be decoded: a sample list is not in increasing order"),
                Arguments.of("a sample index past the last sample", 584, new byte[] {(byte) 0xff, (byte) 0xff}, -1, 0,
                        "record 4 (2:1040): cannot be decoded: a sample list names sample index 1000"),
                Arguments.of("a phase track without hets", 945, new byte[0], 20 + 9, 0x14,
                        "record 9 (2:1090): cannot be decoded: the record has a phase track but no heterozygous call"));
    }
}
