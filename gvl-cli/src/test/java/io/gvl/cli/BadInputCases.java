package io.gvl.cli;

import static io.gvl.cli.BadInputFixture.BW_SMALL;
import static io.gvl.cli.BadInputFixture.SYN;
import static io.gvl.cli.BadInputFixture.SYN_BED;
import static io.gvl.cli.BadInputFixture.SYN_REF;
import static io.gvl.cli.BadInputFixture.SYN_VCF;
import static io.gvl.cli.BadInputFixture.dataLine;
import static io.gvl.cli.BadInputFixture.field;
import static io.gvl.cli.BadInputFixture.lineOf;
import static io.gvl.cli.BadInputFixture.noise;
import static io.gvl.cli.BadInputFixture.putLong;
import static io.gvl.cli.BadInputFixture.truncate;
import static io.gvl.cli.BadInputFixture.truncateTo;

import io.gvl.testkit.Oracle;
import io.jhdf.HdfFile;
import io.jhdf.WritableHdfFile;
import io.jhdf.api.WritableGroup;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The cases of {@link BadInputSuiteTest}, by input kind. Record and line numbers in the expectations are those of
 * the edited line in the real file (the synthetic VCF's records are counted from 0 among its data lines).
 */
final class BadInputCases {
    private BadInputCases() {
    }

    /** What to run and what its message must name. */
    record Call(List<String> args, List<String> named) {
        static Call of(Object... args) {
            return new Call(java.util.Arrays.stream(args).map(Object::toString).toList(), List.of());
        }

        Call names(String... s) {
            return new Call(args, List.of(s));
        }
    }

    @FunctionalInterface
    interface Setup {
        Call prepare(BadInputFixture fx) throws Exception;
    }

    record Case(String name, int exit, Setup setup) {
        @Override
        public String toString() {
            return name;
        }
    }

    private static final int REFUSED = 1;
    private static final int USAGE = 2;

    static List<Case> all() {
        List<Case> c = new ArrayList<>();
        vcf(c);
        bcf(c);
        bed(c);
        fasta(c);
        bigWig(c);
        hdf5(c);
        tables(c);
        datasets(c);
        concat(c);
        cli(c);
        return c;
    }

    private static Call write(BadInputFixture fx, Object... more) {
        List<Object> a = new ArrayList<>(List.of("write", fx.destArg()));
        a.addAll(List.of(more));
        return Call.of(a.toArray());
    }

    /** {@code write OUT --bed regions.bed --vcf VCF}. */
    private static Call writeVcf(BadInputFixture fx, Path vcf) {
        return write(fx, "--bed", SYN_BED, "--vcf", vcf);
    }

    // ----- VCF ---------------------------------------------------------------------------------------------------

    private static void vcf(List<Case> c) {
        c.add(new Case("vcf: POS not a number", REFUSED, fx -> {
            Path v = fx.vcf("v.vcf", field(4, 1, "12x"));
            return writeVcf(fx, v).names("v.vcf", "12x");
        }));
        c.add(new Case("vcf: POS zero", REFUSED, fx -> {
            Path v = fx.vcf("v.vcf", field(4, 1, "0"));
            return writeVcf(fx, v).names("v.vcf", "POS '0'");
        }));
        c.add(new Case("vcf: POS negative", REFUSED, fx -> {
            Path v = fx.vcf("v.vcf", field(4, 1, "-5"));
            return writeVcf(fx, v).names("v.vcf", "-5");
        }));
        c.add(new Case("vcf: GT with a letter", REFUSED, fx -> {
            Path v = fx.vcf("v.vcf", field(2, 9, "0|x"));
            return writeVcf(fx, v).names("v.vcf", "chr1:1010696", "0|x");
        }));
        c.add(new Case("vcf: GT allele 2 in a bi-allelic record", REFUSED, fx -> {
            Path v = fx.vcf("v.vcf", field(2, 10, "2|0"));
            return writeVcf(fx, v).names("v.vcf", "chr1:1010696");
        }));
        c.add(new Case("vcf: triploid call", REFUSED, fx -> {
            Path v = fx.vcf("v.vcf", field(5, 9, "0|1|1"));
            return writeVcf(fx, v).names("v.vcf", "0|1|1", "diploid");
        }));
        c.add(new Case("vcf: GT ends after a separator", REFUSED, fx -> {
            Path v = fx.vcf("v.vcf", field(3, 11, "1|"));
            return writeVcf(fx, v).names("v.vcf", "s2", "separator");
        }));
        c.add(new Case("vcf: record cut after ALT", REFUSED, fx -> {
            Path v = fx.vcf("v.vcf", dataLine(6, l -> String.join("\t", List.of(l.split("\t")).subList(0, 5))));
            return writeVcf(fx, v).names("v.vcf", "1110696", "only 5 columns");
        }));
        c.add(new Case("vcf: record missing a sample column", REFUSED, fx -> {
            Path v = fx.vcf("v.vcf", dataLine(7, l -> l.substring(0, l.lastIndexOf('\t'))));
            return writeVcf(fx, v).names("v.vcf", "chr1:1210696", "fewer sample columns");
        }));
        c.add(new Case("vcf: duplicate sample name", REFUSED, fx -> {
            Path v = fx.vcf("v.vcf", l -> {
                l.replaceAll(s -> s.startsWith("#CHROM") ? s.replace("\ts2", "\ts0") : s);
                return l;
            });
            return writeVcf(fx, v).names("v.vcf", "s0", "twice");
        }));
        c.add(new Case("vcf: no #CHROM line", REFUSED, fx -> {
            Path v = fx.vcf("v.vcf", l -> {
                l.removeIf(s -> s.startsWith("#CHROM"));
                return l;
            });
            return writeVcf(fx, v).names("v.vcf", "#CHROM");
        }));
        c.add(new Case("vcf: sites only (no samples)", REFUSED, fx -> {
            Path v = fx.vcf("v.vcf", l -> {
                l.replaceAll(s -> s.startsWith("#") ? s.replace("\tFORMAT\ts0\ts1\ts2", "")
                        : String.join("\t", List.of(s.split("\t")).subList(0, 8)));
                return l;
            });
            return writeVcf(fx, v).names("v.vcf", "no sample columns");
        }));
        c.add(new Case("vcf: records out of order", REFUSED, fx -> {
            Path v = fx.vcf("v.vcf", l -> {
                int a = lineOf(SYN_VCF, 3) - 1;
                String t = l.get(a);
                l.set(a, l.get(a + 2));
                l.set(a + 2, t);
                return l;
            });
            return writeVcf(fx, v).names("v.vcf");
        }));
        c.add(new Case("vcf: multi-allelic record", REFUSED, fx -> {
            Path v = fx.vcf("v.vcf", field(8, 4, "C,G"));
            return writeVcf(fx, v).names("v.vcf", "multi-allelic");
        }));
        c.add(new Case("vcf: symbolic ALT", REFUSED, fx -> {
            Path v = fx.vcf("v.vcf", field(8, 4, "<DEL>"));
            return writeVcf(fx, v).names("v.vcf", "symbolic");
        }));
        c.add(new Case("vcf: REF disagrees with the reference", REFUSED, fx -> {
            Path v = fx.vcf("v.vcf", field(9, 3, "A"));
            return write(fx, "--bed", SYN_BED, "--vcf", v, "--reference", SYN_REF).names("v.vcf", "--no-ref-check");
        }));
        c.add(new Case("vcf: CRLF line ends and a bad GT", REFUSED, fx -> {
            Path v = fx.vcf("v.vcf", l -> {
                field(2, 9, "0|x").apply(l);
                l.replaceAll(s -> s + "\r");
                return l;
            });
            return writeVcf(fx, v).names("v.vcf", "chr1:1010696");
        }));
        c.add(new Case("vcf: empty file", REFUSED, fx -> writeVcf(fx, fx.text("v.vcf", "")).names("v.vcf")));
        c.add(new Case("vcf: binary noise", REFUSED, fx ->
                writeVcf(fx, fx.bytes("v.vcf", noise(4096, 1))).names("v.vcf")));
        c.add(new Case("vcf: missing file", REFUSED, fx -> writeVcf(fx, fx.in.resolve("absent.vcf.gz"))
                .names("absent.vcf.gz")));
        c.add(new Case("vcf.gz: cut in half (with its .tbi)", REFUSED, fx -> {
            Path gz = fx.bgzipTabix(fx.vcf("v.vcf", l -> l));
            truncateTo(gz, 0.5);
            return writeVcf(fx, gz).names("v.vcf.gz");
        }));
        c.add(new Case("vcf.gz: no index", REFUSED, fx -> {
            Path gz = fx.copy(SYN_VCF, "v.vcf.gz");
            return writeVcf(fx, gz).names("v.vcf.gz", "bcftools index -t");
        }));
        c.add(new Case("vcf.gz: .tbi of another VCF", REFUSED, fx -> {
            Path gz = fx.bgzipTabix(fx.vcf("v.vcf", l -> {
                l.removeIf(s -> !s.startsWith("#") && s.startsWith("chr2"));
                return l;
            }));
            Path other = fx.bgzipTabix(fx.vcf("other.vcf", l -> {
                l.removeIf(s -> !s.startsWith("#") && s.startsWith("chr1"));
                return l;
            }));
            Files.copy(Path.of(other + ".tbi"), Path.of(gz + ".tbi"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            return writeVcf(fx, gz).names("v.vcf.gz", "tabix -f -p vcf");
        }));
        c.add(new Case("vcf.gz: a GT error in a bgzipped, indexed file", REFUSED, fx -> {
            Path gz = fx.bgzipTabix(fx.vcf("v.vcf", field(12, 11, "1|q")));
            return writeVcf(fx, gz).names("v.vcf.gz", "1|q");
        }));
        c.add(new Case("vcf: sample requested that the VCF lacks", REFUSED, fx ->
                write(fx, "--bed", SYN_BED, "--vcf", SYN_VCF, "--samples", "s1,zz")
                        .names("zz")));
    }

    // ----- BCF ---------------------------------------------------------------------------------------------------

    private static Path bcf(BadInputFixture fx, String name) {
        Path out = fx.in.resolve(name);
        Oracle.BCFTOOLS.run("view", "-Ob", "-o", out.toString(), SYN_VCF.toString());
        Oracle.BCFTOOLS.run("index", "-f", out.toString());
        return out;
    }

    private static void bcf(List<Case> c) {
        c.add(new Case("bcf: cut in half (with its .csi)", REFUSED, fx -> {
            Path b = truncateTo(bcf(fx, "v.bcf"), 0.5);
            return writeVcf(fx, b).names("v.bcf");
        }));
        c.add(new Case("bcf: no index", REFUSED, fx -> {
            Path b = bcf(fx, "v.bcf");
            Files.delete(Path.of(b + ".csi"));
            return writeVcf(fx, b).names("v.bcf");
        }));
        c.add(new Case("bcf: a triploid call", REFUSED, fx -> {
            Path v = fx.vcf("tri.vcf", field(5, 9, "0|1|1"));
            Path b = fx.in.resolve("v.bcf");
            Oracle.BCFTOOLS.run("view", "-Ob", "-o", b.toString(), v.toString());
            Oracle.BCFTOOLS.run("index", "-f", b.toString());
            return writeVcf(fx, b).names("v.bcf", "0|1|1", "diploid");
        }));
        c.add(new Case("bcf: a VCF text named .bcf", REFUSED, fx -> {
            Path b = fx.vcf("v.bcf", field(0, 1, "1x1"));
            return writeVcf(fx, b).names("v.bcf");
        }));
        c.add(new Case("bcf: header block damaged", REFUSED, fx -> {
            Path b = bcf(fx, "v.bcf");
            Path plain = fx.in.resolve("plain.bcf");
            Oracle.BCFTOOLS.run("view", "-Ou", "-o", plain.toString(), SYN_VCF.toString());
            Files.delete(b);
            Files.delete(Path.of(b + ".csi"));
            BadInputFixture.overwrite(plain, 0, "XCF".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            return writeVcf(fx, plain).names("plain.bcf");
        }));
    }

    // ----- BED ---------------------------------------------------------------------------------------------------

    private static Call writeBed(BadInputFixture fx, Path bed) {
        return write(fx, "--bed", bed, "--vcf", SYN_VCF);
    }

    private static void bed(List<Case> c) {
        c.add(new Case("bed: start not a number", REFUSED, fx -> {
            Path b = fx.bed("r.bed", field(3, 1, "x"));
            return writeBed(fx, b).names("r.bed", "line 4");
        }));
        c.add(new Case("bed: end before start", REFUSED, fx -> {
            Path b = fx.bed("r.bed", field(2, 2, "5"));
            return writeBed(fx, b).names("r.bed", "line 3");
        }));
        c.add(new Case("bed: negative start", REFUSED, fx -> {
            Path b = fx.bed("r.bed", field(5, 1, "-4"));
            return writeBed(fx, b).names("r.bed", "line 6");
        }));
        c.add(new Case("bed: two columns", REFUSED, fx -> {
            Path b = fx.bed("r.bed", dataLine(6, l -> String.join("\t", List.of(l.split("\t")).subList(0, 2))));
            return writeBed(fx, b).names("r.bed", "line 7");
        }));
        c.add(new Case("bed: empty", REFUSED, fx -> writeBed(fx, fx.text("r.bed", "")).names("r.bed")));
        c.add(new Case("bed: bad strand", REFUSED, fx -> {
            Path b = fx.bed("r.bed", field(1, 5, "x"));
            return writeBed(fx, b).names("r.bed", "line 2");
        }));
        c.add(new Case("bed: contig the VCF lacks", REFUSED, fx -> {
            Path b = fx.bed("r.bed", field(0, 0, "chr9"));
            return writeBed(fx, b).names("chr9", "--allow-missing-contigs");
        }));
        c.add(new Case("bed: contig the reference lacks", REFUSED, fx -> {
            Path b = fx.bed("r.bed", field(0, 0, "chr9"));
            return write(fx, "--bed", b, "--vcf", SYN_VCF, "--reference", SYN_REF).names("chr9", "ref.fa.bgz");
        }));
        c.add(new Case("bed: CRLF with a bad start", REFUSED, fx -> {
            Path b = fx.bed("r.bed", l -> {
                field(7, 1, "1e3").apply(l);
                l.replaceAll(s -> s + "\r");
                return l;
            });
            return writeBed(fx, b).names("r.bed", "line 8");
        }));
        c.add(new Case("bed: missing file", REFUSED, fx -> writeBed(fx, fx.in.resolve("absent.bed"))
                .names("absent.bed")));
        c.add(new Case("bed: a directory", REFUSED, fx -> writeBed(fx, Files.createDirectory(fx.in.resolve("dir.bed")))
                .names("dir.bed")));
        c.add(new Case("bed: binary noise", REFUSED, fx -> writeBed(fx, fx.bytes("r.bed", noise(2048, 2)))
                .names("r.bed")));
        c.add(new Case("bed.gz: cut short", REFUSED, fx -> {
            Path gz = fx.bgzip(fx.bed("r.bed", l -> {
                for (int i = 0; i < 400; i++) {
                    l.add("chr2\t" + (1000 + 10 * i) + "\t" + (1020 + 10 * i));
                }
                return l;
            }));
            truncateTo(gz, 0.6);
            return writeBed(fx, gz).names("r.bed.gz");
        }));
    }

    // ----- FASTA -------------------------------------------------------------------------------------------------

    private static Call writeRef(BadInputFixture fx, Path fasta) {
        return write(fx, "--bed", SYN_BED, "--vcf", SYN_VCF, "--reference", fasta);
    }

    private static Call fetch(BadInputFixture fx, Path ds, Path fasta, Object... more) {
        List<Object> a = new ArrayList<>(List.of("fetch", ds, "--reference", fasta, "--out", fx.out.resolve("h.fa")));
        a.addAll(List.of(more));
        return Call.of(a.toArray());
    }

    private static void fasta(List<Case> c) {
        c.add(new Case("fasta: one line shorter in a contig", REFUSED, fx -> {
            Path f = fx.fasta("ref.fa", l -> {
                l.set(100, l.get(100).substring(7));
                return l;
            });
            return writeRef(fx, f).names("ref.fa", "line 101");
        }));
        c.add(new Case("fasta: blank line inside a contig", REFUSED, fx -> {
            Path f = fx.fasta("ref.fa", l -> {
                l.add(50, "");
                return l;
            });
            return writeRef(fx, f).names("ref.fa", "line 51");
        }));
        c.add(new Case("fasta: bases before the first header", REFUSED, fx -> {
            Path f = fx.fasta("ref.fa", l -> {
                l.addFirst("ACGT");
                return l;
            });
            return writeRef(fx, f).names("ref.fa", "line 1");
        }));
        c.add(new Case("fasta: duplicate contig", REFUSED, fx -> {
            Path f = fx.fasta("ref.fa", l -> {
                l.replaceAll(s -> s.equals(">chr2") ? ">chr1" : s);
                return l;
            });
            return writeRef(fx, f).names("ref.fa", "chr1", "twice");
        }));
        c.add(new Case("fasta: header without a name", REFUSED, fx -> {
            Path f = fx.fasta("ref.fa", l -> {
                l.replaceAll(s -> s.equals(">chr2") ? ">" : s);
                return l;
            });
            return writeRef(fx, f).names("ref.fa", "line 21669");
        }));
        c.add(new Case("fasta: bgzip cut short", REFUSED, fx -> {
            Path f = truncateTo(fx.copy(SYN_REF, "ref.fa.bgz"), 0.4);
            return writeRef(fx, f).names("ref.fa.bgz");
        }));
        c.add(new Case("fasta: stale .fai (other lengths)", REFUSED, fx -> {
            Path f = fx.fasta("ref.fa", l -> l);
            fx.text("ref.fa.fai", "chr1\t1299999\t6\t60\t61\nchr2\t1300000\t1321679\t60\t61\n");
            return writeRef(fx, f).names("ref.fa.fai", "samtools faidx");
        }));
        c.add(new Case("fasta: missing file", REFUSED, fx -> writeRef(fx, fx.in.resolve("absent.fa"))
                .names("absent.fa")));
        c.add(new Case("fetch: reference lacks a dataset contig", REFUSED, fx -> {
            Path ds = fx.dataset();
            Path f = fx.fasta("ref.fa", l -> new ArrayList<>(l.subList(0, 21668)));
            return fetch(fx, ds, f).names("ref.fa", "chr2");
        }));
        c.add(new Case("fetch: reference is binary noise", REFUSED, fx -> {
            Path ds = fx.dataset();
            return fetch(fx, ds, fx.bytes("ref.fa", noise(3000, 3))).names("ref.fa");
        }));
    }

    // ----- bigWig ------------------------------------------------------------------------------------------------

    private static Call writeTrack(BadInputFixture fx, Path table) {
        return write(fx, "--bed", SYN_BED, "--vcf", SYN_VCF, "--bigwig", "cov=" + table);
    }

    private static Path tableWith(BadInputFixture fx, Path s0) throws Exception {
        return fx.text("bw.tsv", "sample\tpath\ns0\t" + s0 + "\ns1\t" + SYN.resolve("bw_seed42/s1.bw") + "\ns2\t"
                + SYN.resolve("bw_seed42/s2.bw") + "\n");
    }

    private static void bigWig(List<Case> c) {
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

    private static final Path DATA_TRACKS = BadInputFixture.DATA.resolve("gvl-fixtures/track_corpus");

    // ----- HDF5 --------------------------------------------------------------------------------------------------

    /** Coverage of the synthetic regions' contigs for s0..s2, one group per sample (values from bigwig_small). */
    private static Path h5(BadInputFixture fx, String name, String... samples) throws Exception {
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

    private static Call writeH5(BadInputFixture fx, Path source) {
        return write(fx, "--bed", SYN_BED, "--vcf", SYN_VCF, "--hdf5-track", "h=" + source);
    }

    // ----- interval tables ---------------------------------------------------------------------------------------

    private static final String TABLE_HEADER = "sample_id\tchrom\tstart\tend\tvalue\n";

    private static Call writeTable(BadInputFixture fx, Path table) {
        return write(fx, "--bed", SYN_BED, "--vcf", SYN_VCF, "--table", "t=" + table);
    }

    private static void tables(List<Case> c) {
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

    private static void hdf5(List<Case> c) {
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

    // ----- damaged datasets --------------------------------------------------------------------------------------

    private static Call inspect(Path ds) {
        return Call.of("inspect", ds);
    }

    private static void datasets(List<Case> c) {
        c.add(new Case("dataset: metadata.json missing", REFUSED, fx -> {
            Path ds = fx.dataset();
            Files.delete(ds.resolve("metadata.json"));
            return inspect(ds).names("metadata.json");
        }));
        c.add(new Case("dataset: metadata.json cut short", REFUSED, fx -> {
            Path ds = fx.dataset();
            truncateTo(ds.resolve("metadata.json"), 0.5);
            return inspect(ds).names("metadata.json");
        }));
        c.add(new Case("dataset: metadata.json not JSON", REFUSED, fx -> {
            Path ds = fx.dataset();
            Files.write(ds.resolve("metadata.json"), noise(200, 7));
            return inspect(ds).names("metadata.json");
        }));
        c.add(new Case("dataset: metadata.json n_regions wrong", REFUSED, fx -> {
            Path ds = fx.dataset();
            Path m = ds.resolve("metadata.json");
            Files.writeString(m, Files.readString(m).replaceFirst("\"n_regions\": *\\d+", "\"n_regions\": 11"));
            return fetch(fx, ds, SYN_REF).names(ds.getFileName().toString());
        }));
        c.add(new Case("dataset: regions.npy cut short", REFUSED, fx -> {
            Path ds = fx.dataset();
            truncate(ds.resolve("regions.npy"), Files.size(ds.resolve("regions.npy")) - 4);
            return inspect(ds).names("regions.npy");
        }));
        c.add(new Case("dataset: genotypes/offsets.npy cut short", REFUSED, fx -> {
            Path ds = fx.dataset();
            truncate(ds.resolve("genotypes/offsets.npy"), 40);
            return fetch(fx, ds, SYN_REF).names("offsets.npy");
        }));
        c.add(new Case("dataset: genotype offsets decrease", REFUSED, fx -> {
            Path ds = fx.dataset();
            putLong(ds.resolve("genotypes/offsets.npy"), 20, 0);
            return fetch(fx, ds, SYN_REF).names(ds.resolve("genotypes/offsets.npy").toString(), "decrease");
        }));
        c.add(new Case("dataset: genotype offsets past the data", REFUSED, fx -> {
            Path ds = fx.dataset();
            putLong(ds.resolve("genotypes/offsets.npy"), 3, 1 << 20);
            return fetch(fx, ds, SYN_REF).names("offsets.npy");
        }));
        c.add(new Case("dataset: variant_idxs.npy missing", REFUSED, fx -> {
            Path ds = fx.dataset();
            Files.delete(ds.resolve("genotypes/variant_idxs.npy"));
            return fetch(fx, ds, SYN_REF).names("offsets.npy");
        }));
        c.add(new Case("dataset: variants.arrow cut short", REFUSED, fx -> {
            Path ds = fx.dataset();
            truncateTo(ds.resolve("genotypes/variants.arrow"), 0.5);
            return fetch(fx, ds, SYN_REF).names("variants.arrow");
        }));
        c.add(new Case("dataset: variants.arrow missing", REFUSED, fx -> {
            Path ds = fx.dataset();
            Files.delete(ds.resolve("genotypes/variants.arrow"));
            return fetch(fx, ds, SYN_REF).names("variants.arrow");
        }));
        c.add(new Case("dataset: input_regions.arrow is noise", REFUSED, fx -> {
            Path ds = fx.dataset();
            Files.write(ds.resolve("input_regions.arrow"), noise(600, 8));
            return fetch(fx, ds, SYN_REF).names("input_regions.arrow");
        }));
        c.add(new Case("dataset: track values cut short", REFUSED, fx -> {
            Path ds = fx.dataset();
            truncate(ds.resolve("intervals/cov/values.npy"), 12);
            return inspect(ds).names("values.npy");
        }));
        c.add(new Case("dataset: a directory that is not a dataset", REFUSED, fx -> {
            Path d = Files.createDirectory(fx.in.resolve("notes"));
            Files.writeString(d.resolve("chapter1.txt"), "text");
            return fetch(fx, d, SYN_REF).names("notes");
        }));
        c.add(new Case("dataset: export of a damaged dataset", REFUSED, fx -> {
            Path ds = fx.dataset();
            truncate(ds.resolve("regions.npy"), 100);
            return Call.of("export", ds, "--reference", SYN_REF, "--length", "20", "--hdf5", fx.out.resolve("x.h5"))
                    .names("regions.npy");
        }));
    }

    // ----- command-line misuse -----------------------------------------------------------------------------------

    // ----- concat ------------------------------------------------------------------------------------------------

    private static Call concat(BadInputFixture fx, String axis, Path... inputs) {
        List<Object> a = new ArrayList<>(List.of("concat", fx.destArg()));
        a.addAll(List.of((Object[]) inputs));
        a.addAll(List.of("--axis", axis));
        return Call.of(a.toArray());
    }

    /** A second copy of the fixture dataset, as a separately written input. */
    private static Path copyOf(Path ds, String name) throws java.io.IOException {
        Path to = ds.resolveSibling(name);
        try (java.util.stream.Stream<Path> files = Files.walk(ds)) {
            for (Path p : (Iterable<Path>) files::iterator) {
                Path dst = to.resolve(ds.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(dst);
                } else {
                    Files.copy(p, dst);
                }
            }
        }
        return to;
    }

    private static void concat(List<Case> c) {
        c.add(new Case("concat: overlapping samples", REFUSED, fx -> {
            Path ds = fx.dataset();
            return concat(fx, "samples", ds, copyOf(ds, "ds2")).names("ds2", "sample 's0'");
        }));
        c.add(new Case("concat: different ploidy", REFUSED, fx -> {
            Path ds = fx.dataset();
            Path other = copyOf(ds, "haploid");
            Path m = other.resolve("metadata.json");
            Files.writeString(m, Files.readString(m).replaceFirst("\"ploidy\": *2", "\"ploidy\":1"));
            return concat(fx, "regions", ds, other).names("haploid", "ploidy 1");
        }));
        c.add(new Case("concat: different tracks", REFUSED, fx -> {
            Path ds = fx.dataset();
            Path bare = fx.in.resolve("bare");
            CliRun r = CliRun.of("write", bare.toString(), "--bed", SYN_BED.toString(), "--vcf", SYN_VCF.toString());
            if (r.exitCode() != 0) {
                throw new IllegalStateException("fixture dataset: " + r.err());
            }
            Files.deleteIfExists(fx.in.resolve("bare.lock"));
            return concat(fx, "regions", ds, bare).names("bare", "tracks []");
        }));
        c.add(new Case("concat: variant_idxs.npy cut short", REFUSED, fx -> {
            Path ds = fx.dataset();
            Path cut = copyOf(ds, "cut");
            truncate(cut.resolve("genotypes/variant_idxs.npy"), 8);
            return concat(fx, "regions", ds, cut).names("cut", "variant_idxs.npy");
        }));
        c.add(new Case("concat: one input", USAGE, fx -> concat(fx, "regions", fx.dataset()).names("DS")));
        c.add(new Case("concat: unknown axis", REFUSED, fx -> {
            Path ds = fx.dataset();
            return concat(fx, "variants", ds, copyOf(ds, "ds2")).names("axis", "variants");
        }));
    }

    private static void cli(List<Case> c) {
        c.add(new Case("cli: unknown option", USAGE, fx -> write(fx, "--bed", SYN_BED, "--vfc", SYN_VCF)
                .names("--vfc", "--help")));
        c.add(new Case("cli: --bed missing", USAGE, fx -> write(fx, "--vcf", SYN_VCF).names("--bed")));
        c.add(new Case("cli: --max-mem not a size", REFUSED, fx -> write(fx, "--bed", SYN_BED, "--vcf", SYN_VCF,
                "--max-mem", "lots").names("lots")));
        c.add(new Case("cli: --threads 0", REFUSED, fx -> write(fx, "--bed", SYN_BED, "--vcf", SYN_VCF,
                "--threads", "0").names("threads")));
        c.add(new Case("cli: --max-jitter negative", REFUSED, fx -> write(fx, "--bed", SYN_BED, "--vcf", SYN_VCF,
                "--max-jitter", "-1").names("-1")));
        c.add(new Case("cli: --samples @ a missing file", REFUSED, fx -> write(fx, "--bed", SYN_BED, "--vcf", SYN_VCF,
                "--samples", "@" + fx.in.resolve("names.txt")).names("names.txt")));
        c.add(new Case("cli: OUT exists", REFUSED, fx -> {
            Files.createDirectory(fx.dest());
            Files.writeString(fx.dest().resolve("metadata.json"), "{}");
            return writeVcf(fx, SYN_VCF).names("OUT", "--overwrite");
        }));
        c.add(new Case("cli: --overwrite of a folder that is not a dataset", REFUSED, fx -> {
            Files.createDirectory(fx.dest());
            Files.writeString(fx.dest().resolve("thesis.tex"), "text");
            return write(fx, "--bed", SYN_BED, "--vcf", SYN_VCF, "--overwrite").names("OUT", "thesis.tex");
        }));
        c.add(new Case("cli: --overwrite of a plain file", REFUSED, fx -> {
            Files.writeString(fx.dest(), "text");
            return write(fx, "--bed", SYN_BED, "--vcf", SYN_VCF, "--overwrite").names("OUT", "regular file");
        }));
        c.add(new Case("cli: two tracks of one name", REFUSED, fx -> {
            Path t = fx.bigWigTable("bw.tsv", "s0", "s1", "s2");
            return write(fx, "--bed", SYN_BED, "--vcf", SYN_VCF, "--bigwig", "cov=" + t, "--annot",
                    "cov=" + SYN.resolve("bw_5ss/s0.bw")).names("cov");
        }));
        c.add(new Case("cli: fetch --out into a missing directory", REFUSED, fx -> {
            Path ds = fx.dataset();
            return Call.of("fetch", ds, "--reference", SYN_REF, "--out", fx.out.resolve("no/such/h.fa"))
                    .names("no/such", "does not exist");
        }));
        c.add(new Case("cli: fetch --regions out of range", REFUSED, fx -> {
            Path ds = fx.dataset();
            return fetch(fx, ds, SYN_REF, "--regions", "5,99").names("99");
        }));
        c.add(new Case("cli: fetch --samples unknown", REFUSED, fx -> {
            Path ds = fx.dataset();
            return fetch(fx, ds, SYN_REF, "--samples", "s9").names("s9");
        }));
        c.add(new Case("cli: fetch --length not a length", REFUSED, fx -> {
            Path ds = fx.dataset();
            return fetch(fx, ds, SYN_REF, "--length", "long").names("long");
        }));
        c.add(new Case("cli: fetch --jitter above max_jitter", REFUSED, fx -> {
            Path ds = fx.dataset();
            return fetch(fx, ds, SYN_REF, "--jitter", "5").names("jitter");
        }));
        c.add(new Case("cli: update a track that exists", REFUSED, fx -> {
            Path ds = fx.dataset();
            Path t = fx.bigWigTable("bw2.tsv", "s0", "s1", "s2");
            return Call.of("update", ds, "--bigwig", "cov=" + t).names("cov", "--overwrite");
        }));
        c.add(new Case("cli: update a track table that misses a sample", REFUSED, fx -> {
            Path ds = fx.dataset();
            Path t = fx.bigWigTable("bw2.tsv", "s0", "s1");
            return Call.of("update", ds, "--bigwig", "cov2=" + t).names("s2");
        }));
        c.add(new Case("cli: --bigwig without NAME=", USAGE, fx -> write(fx, "--bed", SYN_BED, "--vcf", SYN_VCF,
                "--bigwig", SYN.resolve("bw_seed42/s0.bw")).names("--bigwig")));
    }
}
