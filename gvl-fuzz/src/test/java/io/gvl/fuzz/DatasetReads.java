package io.gvl.fuzz;

import io.gvl.dataset.Dataset;
import io.gvl.dataset.output.DatasetOutput;
import io.gvl.dataset.settings.SeqKind;
import io.gvl.io.fasta.Reference;
import java.nio.file.Path;
import java.util.List;

/**
 * Opens a dataset and reads every instance in each sequence kind a user asks for (reference, haplotypes, annotated
 * haplotypes, variants), with its tracks: what a damaged file can reach from {@code Dataset.open} onwards.
 */
final class DatasetReads {
    private static final List<SeqKind> KINDS = List.of(SeqKind.REFERENCE, SeqKind.HAPLOTYPES, SeqKind.ANNOTATED,
            SeqKind.VARIANTS);

    private DatasetReads() {
    }

    /** Opens {@code dir} with {@code reference} and reads all of it in every kind the dataset allows. */
    static void readAll(Path dir, Reference reference) {
        try (Dataset ds = Dataset.open(dir, reference)) {
            ds.nVariants(new int[] {0}, new int[] {0});
            for (SeqKind kind : KINDS) {
                Dataset view;
                try {
                    view = ds.withSeqs(kind);
                } catch (IllegalArgumentException | UnsupportedOperationException e) {
                    continue; // a kind this dataset cannot give (no genotypes, a .svar2 link): not the file's fault
                }
                try (DatasetOutput out = view.getAll()) {
                    if (out == null) {
                        throw new AssertionError("no output for " + kind);
                    }
                }
            }
        }
    }
}
