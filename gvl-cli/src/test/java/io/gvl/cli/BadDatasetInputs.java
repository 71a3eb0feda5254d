package io.gvl.cli;

import static io.gvl.cli.BadInputCases.*;
import static io.gvl.cli.BadVariantInputs.*;
import static io.gvl.cli.BadRegionAndReferenceInputs.*;
import static io.gvl.cli.BadTrackInputs.*;
import static io.gvl.cli.BadCommandLines.*;
import static io.gvl.cli.BadInputFixture.SYN_BED;
import static io.gvl.cli.BadInputFixture.SYN_REF;
import static io.gvl.cli.BadInputFixture.SYN_VCF;
import static io.gvl.cli.BadInputFixture.noise;
import static io.gvl.cli.BadInputFixture.putLong;
import static io.gvl.cli.BadInputFixture.truncate;
import static io.gvl.cli.BadInputFixture.truncateTo;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Damaged datasets and datasets that cannot be joined (concat), for the bad-input suite. */
final class BadDatasetInputs {
    private BadDatasetInputs() {
    }

    static void addTo(List<Case> c) {
        datasets(c);
        concat(c);
    }

    // ----- damaged datasets --------------------------------------------------------------------------------------

    static Call inspect(Path ds) {
        return Call.of("inspect", ds);
    }

    static void datasets(List<Case> c) {
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

    // ----- concat ------------------------------------------------------------------------------------------------

    static Call concat(BadInputFixture fx, String axis, Path... inputs) {
        List<Object> a = new ArrayList<>(List.of("concat", fx.destArg()));
        a.addAll(List.of((Object[]) inputs));
        a.addAll(List.of("--axis", axis));
        return Call.of(a.toArray());
    }

    /** A second copy of the fixture dataset, as a separately written input. */
    static Path copyOf(Path ds, String name) throws java.io.IOException {
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

    static void concat(List<Case> c) {
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
}
