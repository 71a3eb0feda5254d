package io.gvl.cli;

import static io.gvl.cli.BadInputCases.*;
import static io.gvl.cli.BadVariantInputs.*;
import static io.gvl.cli.BadRegionAndReferenceInputs.*;
import static io.gvl.cli.BadCommandLines.*;
import static io.gvl.cli.BadInputFixture.BW_SMALL;
import static io.gvl.cli.BadInputFixture.SYN;
import static io.gvl.cli.BadInputFixture.SYN_BED;
import static io.gvl.cli.BadInputFixture.SYN_VCF;
import static io.gvl.cli.BadInputFixture.noise;
import static io.gvl.cli.BadInputFixture.truncateTo;

import io.jhdf.HdfFile;
import io.jhdf.WritableHdfFile;
import io.jhdf.api.WritableGroup;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Track inputs of the bad-input suite: bigWig, HDF5 and interval tables. */
final class BadTrackInputs {
    private BadTrackInputs() {
    }

    static void addTo(List<Case> c) {
        bigWig(c);
        hdf5(c);
        tables(c);
    }

    // ----- bigWig ------------------------------------------------------------------------------------------------

    static Call writeTrack(BadInputFixture fx, Path table) {
        return write(fx, "--bed", SYN_BED, "--vcf", SYN_VCF, "--bigwig", "cov=" + table);
    }

    static Path tableWith(BadInputFixture fx, Path s0) throws Exception {
        return fx.text("bw.tsv", "sample\tpath\ns0\t" + s0 + "\ns1\t" + SYN.resolve("bw_seed42/s1.bw") + "\ns2\t"
                + SYN.resolve("bw_seed42/s2.bw") + "\n");
    }

    static void bigWig(List<Case> c) {
        c.add(new Case("bigwig: cut short", REFUSED, fx -> {
            Path bw = truncateTo(fx.copy(SYN.resolve("bw_seed42/s0.bw"), "s0.bw"), 0.5);
            return writeTrack(fx, tableWith(fx, bw)).names("s0.bw");
        }));
        c.add(new Case("bigwig: bad magic", REFUSED, fx -> {
            Path bw = BadInputFixture.overwrite(fx.copy(SYN.resolve("bw_seed42/s0.bw"), "s0.bw"), 0, (byte) 0, (byte) 1);
            return writeTrack(fx, tableWith(fx, bw)).names("s0.bw");
        }));
        c.add(new Case("bigwig: binary noise", REFUSED, fx ->
                writeTrack(fx, tableWith(fx, fx.bytes("s0.bw", noise(5000, 4)))).names("s0.bw")));
        c.add(new Case("bigwig: data block damaged", REFUSED, fx -> {
            Path bw = fx.copy(SYN.resolve("bw_seed42/s0.bw"), "s0.bw");
            long size = Files.size(bw);
            BadInputFixture.overwrite(bw, size / 2, noise(64, 5));
            return writeTrack(fx, tableWith(fx, bw)).names("s0.bw");
        }));
        c.add(new Case("bigwig: table names a missing file", REFUSED, fx ->
                writeTrack(fx, tableWith(fx, fx.in.resolve("absent.bw"))).names("absent.bw")));
        c.add(new Case("bigwig: table without a header", REFUSED, fx -> {
            Path t = fx.text("bw.tsv", "s0\t" + SYN.resolve("bw_seed42/s0.bw") + "\n");
            return writeTrack(fx, t).names("bw.tsv");
        }));
        c.add(new Case("bigwig: table lists a sample twice", REFUSED, fx -> {
            Path t = fx.bigWigTable("bw.tsv", "s0", "s1", "s1");
            return writeTrack(fx, t).names("bw.tsv", "s1");
        }));
        c.add(new Case("bigwig: no sample in common with the VCF", REFUSED, fx -> {
            Path t = fx.text("bw.tsv", "sample\tpath\nx\t" + BW_SMALL.resolve("sample_0.bw") + "\n");
            return writeTrack(fx, t).names("cov");
        }));
        c.add(new Case("bigwig: file lacks the regions' contigs", REFUSED, fx -> {
            Path t = fx.text("bw.tsv", "sample\tpath\ns0\t" + DATA_TRACKS.resolve("sample_0.bw") + "\ns1\t"
                    + DATA_TRACKS.resolve("sample_1.bw") + "\ns2\t" + DATA_TRACKS.resolve("sample_2.bw") + "\n");
            return writeTrack(fx, t).names("sample_0.bw", "chr1");
        }));
        c.add(new Case("bigwig: table is a bigWig", REFUSED, fx ->
                writeTrack(fx, fx.copy(SYN.resolve("bw_seed42/s0.bw"), "s0.bw")).names("s0.bw")));
        c.add(new Case("annot: bigWig cut short", REFUSED, fx -> {
            Path bw = truncateTo(fx.copy(SYN.resolve("bw_5ss/s0.bw"), "a.bw"), 0.5);
            return write(fx, "--bed", SYN_BED, "--vcf", SYN_VCF, "--annot", "a=" + bw).names("a.bw");
        }));
    }

    static final Path DATA_TRACKS = BadInputFixture.DATA.resolve("gvl-fixtures/track_corpus");

    // ----- HDF5 --------------------------------------------------------------------------------------------------

    /** Coverage of the synthetic regions' contigs for s0..s2, one group per sample (values from bigwig_small). */
    static Path h5(BadInputFixture fx, String name, String... samples) throws Exception {
        Path h5 = fx.in.resolve(name);
        try (WritableHdfFile f = HdfFile.write(h5)) {
            for (String s : samples) {
                WritableGroup g = f.putGroup(s);
                for (String contig : new String[] {"chr1", "chr2"}) {
                    float[] v = new float[1_300_000 / 1000];
                    java.util.Arrays.fill(v, 1.5f);
                    g.putDataset(contig, v);
                }
            }
        }
        return h5;
    }

    static Call writeH5(BadInputFixture fx, Path source) {
        return write(fx, "--bed", SYN_BED, "--vcf", SYN_VCF, "--hdf5-track", "h=" + source);
    }

    // ----- interval tables ---------------------------------------------------------------------------------------

    static final String TABLE_HEADER = "sample_id\tchrom\tstart\tend\tvalue\n";

    static Call writeTable(BadInputFixture fx, Path table) {
        return write(fx, "--bed", SYN_BED, "--vcf", SYN_VCF, "--table", "t=" + table);
    }

    static void tables(List<Case> c) {
        c.add(new Case("table: missing value column", REFUSED, fx -> writeTable(fx, fx.text("t.tsv",
                "sample_id\tchrom\tstart\tend\ns0\tchr1\t1\t5\n")).names("t.tsv", "header", "value")));
        c.add(new Case("table: start is not an integer", REFUSED, fx -> writeTable(fx, fx.text("t.csv",
                "sample_id,chrom,start,end,value\ns0,chr1,1,5,1\ns1,chr1,1.5,5,1\n")).names("t.csv", "line 3",
                "'1.5'")));
        c.add(new Case("table: end before start", REFUSED, fx -> writeTable(fx, fx.text("t.tsv", TABLE_HEADER
                + "s0\tchr1\t9\t5\t1\n")).names("t.tsv", "line 2", "before start")));
        c.add(new Case("table: column map to an absent column", REFUSED, fx -> Call.of("write", fx.destArg(),
                "--bed", SYN_BED, "--vcf", SYN_VCF, "--table", "t=" + fx.text("t.tsv",
                "sample_id\tchrom\tstart\tend\tscore\ns0\tchr1\t1\t5\t1\n"), "--table-column", "value=signal", "--table-column",
                "start=begin").names("t.tsv", "header", "mapped to 'signal'")));
        c.add(new Case("table: Parquet cut short", REFUSED, fx -> writeTable(fx, truncateTo(fx.copy(
                BadInputFixture.TABLES.resolve("table.parquet"), "t.parquet"), 0.5)).names("t.parquet",
                "Parquet")));
        c.add(new Case("table: annotation with two samples", REFUSED, fx -> write(fx, "--bed", SYN_BED, "--vcf",
                SYN_VCF, "--annot", "a=" + fx.text("a.tsv", TABLE_HEADER + "s0\tchr1\t1\t5\t1\ns1\tchr1\t2\t6\t1\n"))
                .names("a.tsv", "line 3", "several samples")));
    }

    static void hdf5(List<Case> c) {
        c.add(new Case("hdf5: cut short", REFUSED, fx -> {
            Path h5 = truncateTo(h5(fx, "cov.h5", "s0", "s1", "s2"), 0.3);
            return writeH5(fx, h5).names("cov.h5");
        }));
        c.add(new Case("hdf5: binary noise", REFUSED, fx -> writeH5(fx, fx.bytes("cov.h5", noise(4096, 6)))
                .names("cov.h5")));
        c.add(new Case("hdf5: a contig dataset is 2-D", REFUSED, fx -> {
            Path h5 = fx.in.resolve("cov.h5");
            try (WritableHdfFile f = HdfFile.write(h5)) {
                for (String s : new String[] {"s0", "s1", "s2"}) {
                    WritableGroup g = f.putGroup(s);
                    g.putDataset("chr1", new float[][] {{1f, 2f}, {3f, 4f}});
                    g.putDataset("chr2", new float[] {1f, 2f});
                }
            }
            return writeH5(fx, h5).names("cov.h5", "chr1");
        }));
        c.add(new Case("hdf5: missing file", REFUSED, fx -> writeH5(fx, fx.in.resolve("absent.h5"))
                .names("absent.h5")));
        c.add(new Case("hdf5: table names a missing file", REFUSED, fx -> {
            Path t = fx.text("h5.tsv", "sample\tpath\ns0\tabsent.h5\n");
            return writeH5(fx, t).names("absent.h5");
        }));
        c.add(new Case("hdf5: table names a missing group", REFUSED, fx -> {
            h5(fx, "cov.h5", "s0");
            Path t = fx.text("h5.tsv", "sample\tpath\tgroup\ns0\tcov.h5\t/nope\n");
            return writeH5(fx, t).names("cov.h5", "nope");
        }));
    }
}
