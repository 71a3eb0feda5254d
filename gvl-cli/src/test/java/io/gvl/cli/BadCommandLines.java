package io.gvl.cli;

import static io.gvl.cli.BadInputCases.*;
import static io.gvl.cli.BadVariantInputs.*;
import static io.gvl.cli.BadRegionAndReferenceInputs.*;
import static io.gvl.cli.BadInputFixture.SYN;
import static io.gvl.cli.BadInputFixture.SYN_BED;
import static io.gvl.cli.BadInputFixture.SYN_REF;
import static io.gvl.cli.BadInputFixture.SYN_VCF;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Command-line misuse for the bad-input suite: unknown options, missing arguments, bad values. */
final class BadCommandLines {
    private BadCommandLines() {
    }

    static void addTo(List<Case> c) {
        cli(c);
    }

    // ----- command-line misuse --------------------------------------------------------------------------------------
    static void cli(List<Case> c) {
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
