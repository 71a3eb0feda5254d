package io.gvl.io.svar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.format.DatasetExistsException;
import io.gvl.io.InputFormatException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Records the converter refuses give an {@link InputFormatException} naming the file, the record and the fix, and
 * leave nothing at the destination (no store, no temporary sibling).
 */
class Svar2ConvertBadInputTest {
    /** 0-based: A C G T A A C G T T ... */
    private static final String SEQ = "ACGTAACGTTGCATGCAAAATTTTCCCCGGGGACGTACGTAC";

    @TempDir
    Path tmp;

    private Path fasta() throws IOException {
        Path fa = tmp.resolve("ref.fa");
        Files.writeString(fa, ">c1\n" + SEQ + "\n");
        return fa;
    }

    private Path vcf(String infoHeader, String... records) throws IOException {
        StringBuilder b = new StringBuilder("##fileformat=VCFv4.2\n##contig=<ID=c1,length=" + SEQ.length() + ">\n"
                + "##FORMAT=<ID=GT,Number=1,Type=String,Description=\"g\">\n" + infoHeader
                + "#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT\ta\tb\tc\n");
        for (String r : records) {
            b.append(r).append('\n');
        }
        Path p = tmp.resolve("in.vcf");
        Files.writeString(p, b);
        return p;
    }

    private static String rec(int pos, String ref, String alt) {
        return "c1\t" + pos + "\t.\t" + ref + "\t" + alt + "\t.\t.\t.\tGT\t1|0\t0|1\t0|0";
    }

    static Stream<Arguments> badRecords() {
        return Stream.of(
                Arguments.of("multi-allelic", rec(2, "C", "A,T"), "multiallelic"),
                Arguments.of("symbolic", rec(2, "C", "<DEL>"), "symbolic"),
                Arguments.of("star", rec(2, "C", "*"), "not a base sequence"),
                Arguments.of("MNP", rec(2, "CG", "TT"), "not atomized"),
                Arguments.of("complex", rec(2, "CGT", "A"), "not atomized"),
                Arguments.of("REF mismatch", rec(2, "G", "A"), "disagrees with the reference"),
                Arguments.of("REF past the end", rec(SEQ.length(), "CA", "C"), "past the end"),
                // SEQ[17..20] = AAAA: deleting one A after the anchor A at 18 can shift left
                Arguments.of("deletion not left-aligned", rec(19, "AA", "A"), "not left-aligned"),
                Arguments.of("insertion not left-aligned", rec(19, "A", "AA"), "not left-aligned"),
                Arguments.of("unsorted", rec(10, "T", "A") + "\n" + rec(3, "G", "A"), "not sorted"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badRecords")
    void refusedWithTypedErrorAndNothingLeft(String what, String record, String expected) throws IOException {
        Path in = vcf("", record);
        Path out = tmp.resolve("out.svar2");
        InputFormatException e = assertThrows(InputFormatException.class, () -> Svar2Converter.convert(in, fasta(),
                out, new Svar2Converter.Options(List.of(), List.of(), null, false, tmp.resolve("cache"))));
        assertTrue(e.getMessage().contains(expected), e.getMessage());
        assertTrue(e.getMessage().contains(in.toString()), "names the file: " + e.getMessage());
        assertTrue(e.getMessage().contains("Fix: "), "names the fix: " + e.getMessage());
        assertNothingLeft(out);
    }

    @Test
    void fieldsMustBeDeclaredAndNumeric() throws IOException {
        Path in = vcf("##INFO=<ID=S,Number=1,Type=String,Description=\"s\">\n", rec(2, "C", "A"));
        Path out = tmp.resolve("out.svar2");
        for (List<String> info : List.of(List.of("NOPE"), List.of("S"))) {
            InputFormatException e = assertThrows(InputFormatException.class, () -> Svar2Converter.convert(in,
                    fasta(), out, new Svar2Converter.Options(info, List.of(), null, false, tmp.resolve("c"))));
            assertTrue(e.getMessage().contains("INFO/" + info.get(0)), e.getMessage());
            assertNothingLeft(out);
        }
    }

    @Test
    void unknownSampleAndContigMissingFromFasta() throws IOException {
        Path in = vcf("", rec(2, "C", "A"));
        Path out = tmp.resolve("out.svar2");
        InputFormatException e = assertThrows(InputFormatException.class, () -> Svar2Converter.convert(in, fasta(),
                out, new Svar2Converter.Options(List.of(), List.of(), List.of("zz"), false, tmp.resolve("c"))));
        assertTrue(e.getMessage().contains("zz"), e.getMessage());
        Path other = tmp.resolve("other.fa");
        Files.writeString(other, ">c9\n" + SEQ + "\n");
        e = assertThrows(InputFormatException.class, () -> Svar2Converter.convert(in, other, out,
                new Svar2Converter.Options(List.of(), List.of(), null, false, tmp.resolve("c"))));
        assertTrue(e.getMessage().contains("contig c1"), e.getMessage());
        assertNothingLeft(out);
    }

    @Test
    void existingStoreIsKeptUnlessOverwrite() throws IOException {
        Path in = vcf("", rec(2, "C", "A"));
        Path out = tmp.resolve("out.svar2");
        Svar2Converter.Options keep = new Svar2Converter.Options(List.of(), List.of(), null, false, tmp.resolve("c"));
        Svar2Converter.convert(in, fasta(), out, keep);
        byte[] meta = Files.readAllBytes(out.resolve("meta.json"));
        assertThrows(DatasetExistsException.class, () -> Svar2Converter.convert(in, fasta(), out, keep));
        Path bad = vcf("", rec(2, "G", "A"));
        assertThrows(InputFormatException.class, () -> Svar2Converter.convert(bad, fasta(), out,
                new Svar2Converter.Options(List.of(), List.of(), List.of("c", "a"), true, tmp.resolve("c"))));
        assertEquals(new String(meta), Files.readString(out.resolve("meta.json")), "a failed overwrite keeps the"
                + " old store");
        Path good = vcf("", rec(2, "C", "A"));
        Svar2Converter.convert(good, fasta(), out,
                new Svar2Converter.Options(List.of(), List.of(), List.of("c", "a", "c"), true, tmp.resolve("c")));
        try (Svar2Store s = Svar2Store.open(out)) {
            assertEquals(List.of("c", "a"), s.samples(), "caller order, repeats dropped");
        }
    }

    @Test
    void notAVariantFile() throws IOException {
        Path in = tmp.resolve("x.txt");
        Files.writeString(in, "x");
        InputFormatException e = assertThrows(InputFormatException.class, () -> Svar2Converter.convert(in, fasta(),
                tmp.resolve("o.svar2"), Svar2Converter.Options.defaults()));
        assertTrue(e.getMessage().contains("neither a VCF"), e.getMessage());
    }

    private void assertNothingLeft(Path out) throws IOException {
        assertFalse(Files.exists(out), out + " must not exist after a failure");
        try (Stream<Path> s = Files.list(out.getParent())) {
            assertTrue(s.noneMatch(p -> p.getFileName().toString().startsWith(out.getFileName() + ".tmp")),
                    "no temporary sibling left");
        }
    }
}
