package io.gvl.write;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import io.gvl.format.DatasetLayout;
import io.gvl.format.DatasetMetadata;
import io.gvl.format.InputRegions;
import io.gvl.format.TrackScope;
import io.gvl.format.array.Npy;
import io.gvl.format.array.NpyArray;
import io.gvl.format.io.InputRegionsFile;
import io.gvl.format.io.MetadataFile;
import io.gvl.io.bigwig.BigWigWriter;
import io.gvl.testing.Stored;
import io.gvl.testkit.Oracle;
import io.gvl.write.spec.BigWigs;
import io.gvl.write.spec.WriteOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A worked example derived by hand from GVL's write rules ({@code _dataset/_write.py}; the expected files are {@code io.gvl.format.AppendixA}), from text inputs to every file's content. */
class AppendixAWriteTest {
    @TempDir
    Path tmp;

    static final String VCF = """
            ##fileformat=VCFv4.2
            ##contig=<ID=chr1,length=1000>
            ##contig=<ID=chr2,length=1000>
            ##FORMAT=<ID=GT,Number=1,Type=String,Description="Genotype">
            #CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT\ts2\ts1
            chr1\t12\t.\tA\tG\t.\t.\t.\tGT\t0|0\t1|0
            chr1\t19\t.\tACGT\tA\t.\t.\t.\tGT\t1|1\t0|1
            chr1\t55\t.\tC\tCTT\t.\t.\t.\tGT\t0|0\t1|1
            chr2\t105\t.\tG\tT\t.\t.\t.\tGT\t0|1\t0|0
            """;

    static final String BED = "chr2\t100\t110\t.\t.\t+\nchr1\t50\t60\t.\t.\t-\nchr1\t10\t20\t.\t.\t+\n";

    /** Writes the example's inputs into {@code dir}; returns the bigWig sample table. */
    static Path inputs(Path dir) throws IOException {
        Files.writeString(dir.resolve("in.vcf"), VCF);
        Oracle.BCFTOOLS.run(List.of("view", "-Oz", "-o", dir.resolve("v.vcf.gz").toString(),
                dir.resolve("in.vcf").toString()));
        Oracle.BCFTOOLS.run(List.of("index", "-t", dir.resolve("v.vcf.gz").toString()));
        Files.writeString(dir.resolve("r.bed"), BED);
        Map<String, Integer> contigs = Map.of("chr1", 1000, "chr2", 1000);
        BigWigWriter.create(dir.resolve("s1.bw"), contigs).add("chr1", 0, 15, 1f).add("chr1", 15, 30, 2f)
                .add("chr1", 55, 56, 5f).finish();
        BigWigWriter.create(dir.resolve("s2.bw"), contigs).add("chr1", 12, 13, 3f).finish();
        Path table = dir.resolve("cov.tsv");
        Files.writeString(table, "sample\tpath\ns1\ts1.bw\ns2\ts2.bw\n");
        return table;
    }

    @Test
    void everyFileMatchesTheWorkedExample() throws IOException {
        Path table = inputs(tmp);
        Path ds = tmp.resolve("a.gvl");
        Gvl.write(ds, WriteOptions.builder(tmp.resolve("r.bed")).variants(tmp.resolve("v.vcf.gz"))
                .track(BigWigs.fromTable("cov", table)).build());

        DatasetMetadata m = MetadataFile.read(DatasetLayout.metadata(ds));
        assertEquals(DatasetMetadata.of(List.of("s1", "s2"), List.of("chr1", "chr2"), 3, 2, 0), m);
        assertArrayEquals(new long[] {2, 1, 0}, InputRegionsFile.read(ds.resolve(DatasetLayout.INPUT_REGIONS))
                .longs(InputRegions.MAP_COLUMN, ds));

        Path regions = ds.resolve(DatasetLayout.REGIONS);
        assertEquals(176, Files.size(regions));
        NpyArray npy = Npy.read(regions);
        assertTrue(npy.fortranOrder(), "column-major, as GVL 0.43.1 writes it");
        assertArrayEquals(new int[] {0, 0, 1, 10, 50, 100, 22, 60, 110, 1, -1, 1}, npy.toIntArray());

        Stored.Genotypes g = Stored.genotypes(ds);
        assertArrayEquals(new long[] {0, 1, 2, 3, 4, 5, 6, 6, 6, 6, 6, 6, 7}, g.offsets());
        assertArrayEquals(new int[] {0, 1, 1, 1, 2, 2, 3}, g.idx());

        Stored.Track cov = Stored.track(ds, TrackScope.SAMPLE, "cov");
        assertArrayEquals(new long[] {0, 2, 3, 4, 4, 4, 4}, cov.offsets());
        assertArrayEquals(new int[] {10, 15, 12, 55}, cov.starts());
        assertArrayEquals(new int[] {15, 22, 13, 56}, cov.ends());
        assertArrayEquals(new float[] {1f, 2f, 3f, 5f}, cov.values());
    }
}
