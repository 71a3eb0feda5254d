package io.gvl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.testing.TestFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A file of an open dataset truncated or deleted by another process: the next read gives a
 * {@code DatasetFormatException} naming the file and both sizes (a truncation), or the unchanged bytes (a deletion,
 * which keeps the mapping), never a JVM crash (SIGBUS), an {@link InternalError} or different bytes. Each case runs
 * in a child JVM ({@link MappedReadProbe}) so a crash would show as its exit code and an hs_err file rather than
 * end this one.
 */
class MappedReadFaultsTest {
    private static final Path DEMO = Path.of("").toAbsolutePath().getParent().resolve("demo-data");
    private static final String FASTA = DEMO.resolve("z.fa").toString();

    @TempDir
    static Path shared;

    private static Path template;

    @TempDir
    Path tmp;

    @BeforeAll
    static void writeADatasetWithATrack() throws Exception {
        template = shared.resolve("ds.gvl");
        CliRun w = CliRun.of("write", template.toString(), "--bed", DEMO.resolve("regions.bed").toString(), "--vcf",
                DEMO.resolve("z_synth16.norm.vcf.gz").toString());
        assertEquals(0, w.exitCode(), w.err());
        StringBuilder sb = new StringBuilder("sample_id\tchrom\tstart\tend\tvalue\n");
        for (int s = 0; s < 16; s++) {
            for (int i = 0; i < 2000; i++) {
                sb.append(String.format("S%02d\tz\t%d\t%d\t%d.5%n", s, 6000 + i * 40, 6000 + i * 40 + 30, i % 5));
            }
        }
        Path table = Files.writeString(shared.resolve("cov.tsv"), sb.toString());
        CliRun u = CliRun.of("update", template.toString(), "--table", "cov=" + table);
        assertEquals(0, u.exitCode(), u.err());
    }

    /** Runs the probe on a fresh copy of the dataset; returns its one line. */
    private String probe(String change, String file) throws Exception {
        ResourceFaultsTest.copyTree(template, tmp.resolve("ds.gvl"));
        return probe(tmp.resolve("ds.gvl"), change, file, List.of("err.txt", "cache", "ds.gvl"));
    }

    /** Runs the probe on {@code ds} in {@link #tmp}, which then holds {@code entries} (no hs_err file). */
    private String probe(Path ds, String change, String file, List<String> entries) throws Exception {
        Path cache = Files.createDirectory(tmp.resolve("cache"));
        ChildCli child = new ChildCli(List.of("-Dgvl.cache.dir=" + cache, "-XX:ErrorFile=" + tmp + "/hs_err_%p.log"),
                List.of());
        List<String> cmd = new ArrayList<>(child.command(ds.toString(), FASTA, change, file));
        cmd.set(cmd.indexOf(Main.class.getName()), MappedReadProbe.class.getName());
        Path log = tmp.resolve("err.txt");
        Process p = new ProcessBuilder(cmd).redirectError(log.toFile()).start();
        String out = new String(p.getInputStream().readAllBytes()).strip();
        int code = p.waitFor();
        String err = Files.readString(log);
        assertEquals(0, code, "the probe JVM ended with " + code + " (a SIGBUS crash is 134):\n" + out + "\n" + err);
        assertEquals(entries.stream().sorted().toList(), ResourceFaultsTest.names(tmp), "no hs_err file");
        return out;
    }

    private void assertShrank(String change, String file, Path named) throws Exception {
        String line = probe(change, file);
        assertTrue(line.startsWith("io.gvl.format.DatasetFormatException: " + named + ": the file shrank from "),
                line);
        assertTrue(line.contains(" bytes while the dataset was open, so its data is gone; restore the file"), line);
    }

    @Test
    void truncatedVariantIndicesAreNamed() throws Exception {
        assertShrank("truncate", "genotypes/variant_idxs.npy", tmp.resolve("ds.gvl/genotypes/variant_idxs.npy"));
    }

    @Test
    void truncatedOffsetsAreNamed() throws Exception {
        assertShrank("truncate", "genotypes/offsets.npy", tmp.resolve("ds.gvl/genotypes/offsets.npy"));
    }

    @Test
    void truncatedTrackEndsAreNamed() throws Exception {
        assertShrank("truncate", "intervals/cov/ends.npy", tmp.resolve("ds.gvl/intervals/cov/ends.npy"));
    }

    @Test
    void truncatedReferenceCacheIsNamed() throws Exception {
        String line = probe("truncate", "cache");
        assertTrue(line.startsWith("io.gvl.format.DatasetFormatException: " + tmp.resolve("cache")), line);
        assertTrue(line.contains(".gvlref: the file shrank from "), line);
    }

    @Test
    void truncatedLinkedSvarStoreIsNamed() throws Exception {
        Path fixtures = TestFiles.gvl043("svar");
        ResourceFaultsTest.copyTree(fixtures.resolve("ds_svar"), tmp.resolve("ds_svar"));
        ResourceFaultsTest.copyTree(fixtures.resolve("z.svar"), tmp.resolve("z.svar"));
        String line = probe(tmp.resolve("ds_svar"), "truncate", "../z.svar/variant_idxs.npy",
                List.of("err.txt", "cache", "ds_svar", "z.svar"));
        assertTrue(line.startsWith("io.gvl.format.DatasetFormatException: " + tmp.resolve("ds_svar/../z.svar")
                + "/variant_idxs.npy: the file shrank from ")
                || line.startsWith("io.gvl.format.DatasetFormatException: " + tmp.resolve("z.svar")
                + "/variant_idxs.npy: the file shrank from "), line);
    }

    @Test
    void deletedFilesKeepTheirBytes() throws Exception {
        assertEquals("same", probe("delete", "genotypes/variant_idxs.npy"));
    }
}
