package io.gvl.write;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.io.InputFormatException;
import io.gvl.testing.Coverage;
import io.gvl.write.spec.Hdf5Track;
import io.gvl.write.spec.UpdateOptions;
import io.gvl.write.spec.WriteException;
import io.gvl.write.spec.WriteOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad HDF5 coverage fails before anything is written, with typed errors naming the file and the dataset. */
class Hdf5TrackErrorsTest {
    @TempDir
    Path tmp;

    Path bed;

    @BeforeEach
    void regions() throws IOException {
        bed = tmp.resolve("r.bed");
        Files.writeString(bed, "chr1\t10\t50\nchr2\t5\t40\n");
    }

    private static Map<String, Object> contigs(Object chr1, Object chr2) {
        Map<String, Object> m = new LinkedHashMap<>();
        if (chr1 != null) {
            m.put("chr1", chr1);
        }
        if (chr2 != null) {
            m.put("chr2", chr2);
        }
        return m;
    }

    private InputFormatException failWrite(Hdf5Track t) {
        Path ds = tmp.resolve("ds.gvl");
        InputFormatException e = assertThrows(InputFormatException.class,
                () -> Gvl.write(ds, WriteOptions.builder(bed).track(t).build()));
        assertFalse(Files.exists(ds), "no dataset after a failed write");
        return e;
    }

    @Test
    void missingContigDatasetNamesFileGroupAndContig() {
        Path h5 = Coverage.write(tmp.resolve("c.h5"), Map.of("s0", contigs(new float[100], null)));
        InputFormatException e = failWrite(Hdf5Track.ofGroups("cov", h5));
        assertTrue(e.getMessage().contains(h5.toString()), e.getMessage());
        assertTrue(e.getMessage().contains("/s0") && e.getMessage().contains("'chr2'"), e.getMessage());
    }

    @Test
    void contigNamesMatchWithOrWithoutChrPrefix() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("1", new float[100]);
        m.put("2", new float[100]);
        Path h5 = Coverage.write(tmp.resolve("c.h5"), Map.of("", m));
        Gvl.write(tmp.resolve("ok.gvl"), WriteOptions.builder(bed).track(Hdf5Track.ofFiles("cov", Map.of("s0", h5)))
                .build());
        assertTrue(Files.isDirectory(tmp.resolve("ok.gvl/intervals/cov")));
    }

    @Test
    void twoDimensionalDatasetIsRejected() {
        Path h5 = Coverage.write(tmp.resolve("c.h5"), Map.of("", contigs(new float[4][25], new float[100])));
        InputFormatException e = failWrite(Hdf5Track.ofFiles("cov", Map.of("s0", h5)));
        assertTrue(e.getMessage().contains(h5.toString()) && e.getMessage().contains("dataset '/chr1'"),
                e.getMessage());
        assertTrue(e.getMessage().contains("1-D"), e.getMessage());
    }

    @Test
    void stringDatasetIsAnUnsupportedDtype() {
        Path h5 = Coverage.write(tmp.resolve("c.h5"), Map.of("", contigs(new String[] {"a", "b"}, new float[100])));
        InputFormatException e = failWrite(Hdf5Track.ofFiles("cov", Map.of("s0", h5)));
        assertTrue(e.getMessage().contains("dataset '/chr1'") && e.getMessage().contains("unsupported type"),
                e.getMessage());
    }

    @Test
    void missingGroupAndMissingFileAreNamed() throws IOException {
        Path h5 = Coverage.write(tmp.resolve("c.h5"), Map.of("s0", contigs(new float[100], new float[100])));
        Files.writeString(tmp.resolve("t.tsv"), "sample\tpath\tgroup\ns0\tc.h5\ts0\ns1\tc.h5\tnope\n");
        InputFormatException e = failWrite(Hdf5Track.fromTable("cov", tmp.resolve("t.tsv")));
        assertTrue(e.getMessage().contains(h5.toString()) && e.getMessage().contains("group '/nope'"),
                e.getMessage());
        Files.writeString(tmp.resolve("m.tsv"), "sample\tpath\ns0\tmissing.h5\n");
        InputFormatException m = failWrite(Hdf5Track.fromTable("cov", tmp.resolve("m.tsv")));
        assertTrue(m.getMessage().contains("missing.h5") && m.getMessage().contains("does not exist"),
                m.getMessage());
        Files.writeString(tmp.resolve("x.h5"), "not hdf5");
        InputFormatException x = failWrite(Hdf5Track.ofFiles("cov", Map.of("s0", tmp.resolve("x.h5"))));
        assertTrue(x.getMessage().contains("x.h5") && x.getMessage().contains("not a readable HDF5"),
                x.getMessage());
    }

    @Test
    void sampleTableMismatchesAreTypedErrors() throws IOException {
        Files.writeString(tmp.resolve("cols.tsv"), "name\tfile\ns0\tc.h5\n");
        InputFormatException cols = assertThrows(InputFormatException.class,
                () -> Hdf5Track.fromTable("cov", tmp.resolve("cols.tsv")));
        assertTrue(cols.getMessage().contains("cols.tsv") && cols.getMessage().contains("line 1"),
                cols.getMessage());
        Files.writeString(tmp.resolve("dup.tsv"), "sample\tpath\ns0\ta.h5\ns0\tb.h5\n");
        InputFormatException dup = assertThrows(InputFormatException.class,
                () -> Hdf5Track.fromTable("cov", tmp.resolve("dup.tsv")));
        assertTrue(dup.getMessage().contains("line 3"), dup.getMessage());

        Map<String, Map<String, Object>> two = new LinkedHashMap<>();
        two.put("s0", contigs(new float[100], new float[100]));
        two.put("s1", contigs(new float[100], new float[100]));
        Path h5 = Coverage.write(tmp.resolve("two.h5"), two);
        Path ds = tmp.resolve("ds.gvl");
        Gvl.write(ds, WriteOptions.builder(bed).track(Hdf5Track.ofGroups("cov", h5)).build());
        Files.writeString(tmp.resolve("one.tsv"), "sample\tpath\tgroup\ns0\ttwo.h5\ts0\n");
        WriteException w = assertThrows(WriteException.class, () -> Gvl.update(ds,
                UpdateOptions.builder().track(Hdf5Track.fromTable("more", tmp.resolve("one.tsv"))).build()));
        assertTrue(w.getMessage().contains("'more'") && w.getMessage().contains("missing=[s1]")
                && w.getMessage().contains("HDF5"), w.getMessage());
        assertFalse(Files.exists(ds.resolve("intervals/more")));
    }

    @Test
    void fileWithoutGroupsHasNoSamples() {
        Path h5 = Coverage.write(tmp.resolve("flat.h5"), Map.of("", contigs(new float[100], new float[100])));
        InputFormatException e = assertThrows(InputFormatException.class, () -> Hdf5Track.ofGroups("cov", h5));
        assertTrue(e.getMessage().contains("flat.h5") && e.getMessage().contains("no groups"), e.getMessage());
        assertTrue(List.of(e.getMessage()).getFirst().contains("sample/path table"));
    }
}
