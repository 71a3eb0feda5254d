package io.gvl.cli;

import static io.gvl.cli.BadInputCases.*;
import static io.gvl.cli.BadVariantInputs.*;
import static io.gvl.cli.BadCommandLines.*;
import static io.gvl.cli.BadInputFixture.SYN_BED;
import static io.gvl.cli.BadInputFixture.SYN_REF;
import static io.gvl.cli.BadInputFixture.SYN_VCF;
import static io.gvl.cli.BadInputFixture.dataLine;
import static io.gvl.cli.BadInputFixture.field;
import static io.gvl.cli.BadInputFixture.noise;
import static io.gvl.cli.BadInputFixture.truncateTo;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** BED regions and reference FASTA files of the bad-input suite. */
final class BadRegionAndReferenceInputs {
    private BadRegionAndReferenceInputs() {
    }

    static void addTo(List<Case> c) {
        bed(c);
        fasta(c);
    }

    // ----- BED ---------------------------------------------------------------------------------------------------

    static Call writeBed(BadInputFixture fx, Path bed) {
        return write(fx, "--bed", bed, "--vcf", SYN_VCF);
    }

    static void bed(List<Case> c) {
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

    static Call writeRef(BadInputFixture fx, Path fasta) {
        return write(fx, "--bed", SYN_BED, "--vcf", SYN_VCF, "--reference", fasta);
    }

    static Call fetch(BadInputFixture fx, Path ds, Path fasta, Object... more) {
        List<Object> a = new ArrayList<>(List.of("fetch", ds, "--reference", fasta, "--out", fx.out.resolve("h.fa")));
        a.addAll(List.of(more));
        return Call.of(a.toArray());
    }

    static void fasta(List<Case> c) {
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
}
