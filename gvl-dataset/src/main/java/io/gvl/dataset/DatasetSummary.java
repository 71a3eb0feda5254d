package io.gvl.dataset;

import io.gvl.dataset.internal.OutputKind;
import io.gvl.dataset.settings.OutputLength;
import io.gvl.dataset.settings.SeqKind;
import io.gvl.format.io.ShardManifest;
import java.util.List;

/** The text of {@link Dataset#toString()}: GVL's {@code str(ds)} lines, with gvl's names for lengths and kinds. */
final class DatasetSummary {
    private static final List<SeqKind> WITH_GENOTYPES = List.of(SeqKind.REFERENCE, SeqKind.HAPLOTYPES,
            SeqKind.ANNOTATED, SeqKind.VARIANTS, SeqKind.VARIANT_WINDOWS);

    private DatasetSummary() {
    }

    static String of(Dataset ds, boolean hasGenotypes, int jitter, boolean deterministic, ShardManifest shards) {
        StringBuilder seqs = new StringBuilder();
        List<SeqKind> available = hasGenotypes ? WITH_GENOTYPES
                : ds.hasReference() ? List.of(SeqKind.REFERENCE) : List.of();
        for (SeqKind k : available) {
            String name = name(k);
            seqs.append(seqs.isEmpty() ? "" : " ").append(k == ds.seqKind() ? "[" + name + "]" : name);
        }
        return (ds.isSpliced() ? "Spliced" : "Unspliced") + " GVL dataset at " + ds.path() + "\n"
                + "Is subset: " + (ds.isSubset() ? "True" : "False") + "\n"
                + "# of regions: " + ds.regionCount() + "\n"
                + "# of samples: " + ds.sampleCount() + "\n"
                + "Output length: " + length(ds.outputLength()) + "\n"
                + "Jitter: " + jitter + " (max: " + ds.maxJitter() + ")\n"
                + "Deterministic: " + (deterministic ? "True" : "False") + "\n"
                + "Sequence type: " + (seqs.isEmpty() ? "None" : seqs) + "\n"
                + "Active tracks: " + tracks(ds, ds.activeTracks()) + "\n"
                + "Tracks available: " + tracks(ds, ds.availableTracks()) + "\n"
                + (shards == null ? "" : sharded(shards));
    }

    /** The one line gvl adds for a sharded dataset (GVL has no sharded datasets). */
    static String sharded(ShardManifest m) {
        return "Sharded: " + m.shards().size() + " shards (" + m.regionBlockSizes().length + " region blocks x "
                + m.sampleBlockSizes().length + " sample blocks)\n";
    }

    private static String name(SeqKind k) {
        return OutputKind.of(k).outputName();
    }

    private static String length(OutputLength l) {
        return switch (l) {
            case OutputLength.Fixed f -> Integer.toString(f.n());
            case OutputLength.Ragged r -> "ragged";
            case OutputLength.Variable v -> "variable";
        };
    }

    /** GVL prints {@code None} when the dataset has no tracks at all, else up to five names. */
    private static String tracks(Dataset ds, List<String> names) {
        if (ds.availableTracks().isEmpty()) {
            return "None";
        }
        String head = String.join(", ", names.subList(0, Math.min(5, names.size())));
        return names.size() > 5 ? head + " + " + (names.size() - 5) + " more" : head;
    }
}
