package io.gvl.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.testing.TestFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code gvl convert}: the demo VCF gives genoray's {@code zf.svar2} byte for byte; bad input is one line and exit 1. */
class ConvertCommandTest {
    private static final Path DEMO = Path.of("").toAbsolutePath().getParent().resolve("demo-data");

    @TempDir
    Path tmp;

    @Test
    void demoVcfWithInfoFieldsEqualsGenorayStore() throws IOException {
        Path out = tmp.resolve("zf.svar2");
        CliRun r = CliRun.of("convert", DEMO.resolve("z_synth16.norm.vcf.gz").toString(), "--reference",
                DEMO.resolve("z.fa").toString(), "--out", out.toString(), "--info", "AF,DP", "--threads", "2");
        assertEquals(0, r.exitCode(), r.err());
        assertEquals(out + ": written", r.out().strip());
        Path golden = TestFiles.gvl043("svar/zf.svar2");
        List<Path> files;
        try (Stream<Path> s = Files.walk(golden)) {
            files = s.filter(Files::isRegularFile).map(golden::relativize).sorted().toList();
        }
        try (Stream<Path> s = Files.walk(out)) {
            assertEquals(files, s.filter(Files::isRegularFile).map(out::relativize).sorted().toList());
        }
        for (Path f : files) {
            assertArrayEquals(Files.readAllBytes(golden.resolve(f)), Files.readAllBytes(out.resolve(f)), f.toString());
        }
    }

    @Test
    void badInputIsOneLineAndExitOne() throws IOException {
        Path vcf = tmp.resolve("bad.vcf");
        Files.writeString(vcf, "##fileformat=VCFv4.2\n##contig=<ID=z>\n#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO"
                + "\tFORMAT\ta\nz\t72\t.\tA\tG,T\t.\t.\t.\tGT\t1|2\n");
        Path out = tmp.resolve("bad.svar2");
        CliRun r = CliRun.of("convert", vcf.toString(), "--reference", DEMO.resolve("z.fa").toString(), "--out",
                out.toString());
        assertEquals(1, r.exitCode());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertTrue(r.err().startsWith("gvl convert: " + vcf), r.err());
        assertTrue(r.err().contains("bcftools norm"), r.err());
        assertFalse(Files.exists(out));
    }
}
