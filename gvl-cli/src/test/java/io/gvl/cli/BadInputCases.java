package io.gvl.cli;

import static io.gvl.cli.BadInputFixture.SYN_BED;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The cases of {@link BadInputSuiteTest}, gathered from one class per input kind ({@link BadVariantInputs},
 * {@link BadRegionAndReferenceInputs}, {@link BadTrackInputs}, {@link BadDatasetInputs}, {@link BadCommandLines}),
 * and the helpers they share. Record and line numbers in the expectations are those of
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

    static final int REFUSED = 1;
    static final int USAGE = 2;

    static List<Case> all() {
        List<Case> c = new ArrayList<>();
        BadVariantInputs.addTo(c);
        BadRegionAndReferenceInputs.addTo(c);
        BadTrackInputs.addTo(c);
        BadDatasetInputs.addTo(c);
        BadCommandLines.addTo(c);
        return c;
    }

    static Call write(BadInputFixture fx, Object... more) {
        List<Object> a = new ArrayList<>(List.of("write", fx.destArg()));
        a.addAll(List.of(more));
        return Call.of(a.toArray());
    }

    /** {@code write OUT --bed regions.bed --vcf VCF}. */
    static Call writeVcf(BadInputFixture fx, Path vcf) {
        return write(fx, "--bed", SYN_BED, "--vcf", vcf);
    }
}
