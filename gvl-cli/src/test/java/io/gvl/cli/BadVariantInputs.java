package io.gvl.cli;

import static io.gvl.cli.BadInputCases.*;
import static io.gvl.cli.BadRegionAndReferenceInputs.*;
import static io.gvl.cli.BadCommandLines.*;
import static io.gvl.cli.BadInputFixture.SYN_BED;
import static io.gvl.cli.BadInputFixture.SYN_REF;
import static io.gvl.cli.BadInputFixture.SYN_VCF;
import static io.gvl.cli.BadInputFixture.dataLine;
import static io.gvl.cli.BadInputFixture.field;
import static io.gvl.cli.BadInputFixture.lineOf;
import static io.gvl.cli.BadInputFixture.noise;
import static io.gvl.cli.BadInputFixture.truncateTo;

import io.gvl.testkit.Oracle;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** VCF and BCF inputs (text, compressed, indexed, binary) of the bad-input suite. */
final class BadVariantInputs {
    private BadVariantInputs() {
    }

    static void addTo(List<Case> c) {
        vcf(c);
        bcf(c);
    }

    // ----- VCF ---------------------------------------------------------------------------------------------------

    static void vcf(List<Case> c) {
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

    static Path bcf(BadInputFixture fx, String name) {
        Path out = fx.in.resolve(name);
        Oracle.BCFTOOLS.run("view", "-Ob", "-o", out.toString(), SYN_VCF.toString());
        Oracle.BCFTOOLS.run("index", "-f", out.toString());
        return out;
    }

    static void bcf(List<Case> c) {
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
}
