package io.gvl.cli;

import io.gvl.testing.DirectoryCopy;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Every writer of gvl as a {@link KillCase} over {@link KillInputs}: write (VCF, PGEN, and {@code --overwrite} of an
 * existing dataset), update (an annotation track added), concat, migrate, a write in parts (plan, parts, merge in a
 * child, {@link PartsWriteMain}), convert, predict, export and fetch. Children use the inputs' reference cache. A
 * rerun of a writer that refuses an existing destination passes {@code --overwrite}, as a user would after a kill
 * that landed after completion.
 */
final class KillCases {
    private KillCases() {
    }

    static List<KillCase> all(KillInputs in) {
        ChildCli cli = new ChildCli(List.of("-Dgvl.cache.dir=" + in.cache()), List.of());
        String bed = in.bed().toString();
        String vcf = KillInputs.VCF.toString();
        String fa = KillInputs.FASTA.toString();
        String base = in.base().toString();
        List<KillCase> out = new ArrayList<>();
        out.add(cli(cli, "write-vcf", "OUT", KillCase::nothing,
                t -> List.of("write", dest(t, "OUT"), "--bed", bed, "--vcf", vcf, "--threads", "1"), true));
        out.add(cli(cli, "write-pgen", "OUT", KillCase::nothing, t -> List.of("write", dest(t, "OUT"), "--bed",
                in.pgenBed().toString(), "--variants", KillInputs.PGEN.toString(), "--threads", "1"), true));
        out.add(cli(cli, "write-overwrite", "OUT", copy(in.small(), "OUT"), t -> List.of("write", dest(t, "OUT"),
                "--bed", bed, "--vcf", vcf, "--threads", "1", "--overwrite"), false));
        out.add(cli(cli, "update", "DS", copy(in.base(), "DS"), t -> List.of("update", dest(t, "DS"), "--annot",
                "score=" + in.annot(), "--threads", "1"), true));
        out.add(cli(cli, "concat", "OUT", KillCase::nothing, t -> List.of("concat", dest(t, "OUT"),
                in.half(0).toString(), in.half(1).toString(), "--axis", "samples"), true));
        out.add(cli(cli, "migrate", "DS", copy(in.legacy(), "DS"), t -> List.of("migrate", dest(t, "DS")), false)
                .changingInPlace());
        out.add(parts(cli, in));
        out.add(cli(cli, "convert", "OUT.svar2", KillCase::nothing, t -> List.of("convert", vcf, "--reference", fa,
                "--out", dest(t, "OUT.svar2")), true));
        out.add(cli(cli, "predict", "p.parquet", KillCase::nothing, t -> List.of("predict", base, "--reference", fa,
                "--model", in.model().toString(), "--threads", "1", "--out", dest(t, "p.parquet")), true));
        out.add(cli(cli, "export", "e.h5", KillCase::nothing, t -> List.of("export", base, "--reference", fa,
                "--hdf5", dest(t, "e.h5"), "--length", "500"), true));
        out.add(cli(cli, "fetch", "h.fa", KillCase::nothing, t -> List.of("fetch", base, "--reference", fa,
                "--out", dest(t, "h.fa")), false));
        return out;
    }

    /** Plan, parts and merge in blocks of a tenth of the regions and 5 samples (4 x 10 blocks, two kinds). */
    private static KillCase parts(ChildCli cli, KillInputs in) {
        Function<Path, String[]> args = t -> new String[] {dest(t, "OUT"), in.bed().toString(),
            KillInputs.VCF.toString(), Integer.toString(Math.max(1, in.regions() / 10)), "5"};
        return new KillCase("plan-parts-merge", "OUT", KillCase::nothing,
                t -> cli.command(PartsWriteMain.class, args.apply(t)),
                t -> cli.command(PartsWriteMain.class, args.apply(t)), false);
    }

    /** A command-line case; with {@code overwriteOnRerun} the rerun adds {@code --overwrite}. */
    private static KillCase cli(ChildCli cli, String name, String dest, KillCase.Step prepare,
            Function<Path, List<String>> args, boolean overwriteOnRerun) {
        return KillCase.cli(cli, name, dest, prepare, args, t -> {
            List<String> a = new ArrayList<>(args.apply(t));
            if (overwriteOnRerun) {
                a.add("--overwrite");
            }
            return a;
        });
    }

    private static KillCase.Step copy(Path from, String dest) {
        return t -> DirectoryCopy.copyTree(from, t.resolve(dest));
    }

    private static String dest(Path trial, String name) {
        return trial.resolve(name).toString();
    }
}
