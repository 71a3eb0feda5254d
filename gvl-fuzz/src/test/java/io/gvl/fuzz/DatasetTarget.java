package io.gvl.fuzz;

import io.gvl.io.fasta.Reference;
import io.gvl.io.fasta.ReferenceOptions;
import java.nio.file.Path;

/**
 * A fuzz target over a dataset's files (and a linked store's): its {@link FileSet} and the reference the dataset is
 * read with, decoded into memory once per JVM. Each input replaces one file and the dataset is read whole
 * ({@link DatasetReads}).
 */
final class DatasetTarget implements AutoCloseable {
    private final FileSet files;
    private final Reference reference;

    DatasetTarget(Class<?> target, Path fasta) {
        this.files = FileSet.of(target, "");
        this.reference = Reference.open(fasta, ReferenceOptions.defaults().withInMemory(true));
    }

    /** The files, for a target that also reads one of them directly. */
    FileSet files() {
        return files;
    }

    /** Applies {@code data} and reads the dataset in {@code dataset} (a directory of the file set). */
    void read(byte[] data, String dataset, Contract.Read before) throws Exception {
        files.apply(data);
        Contract.typedOrResult(files, () -> {
            before.run();
            DatasetReads.readAll(files.dir().resolve(dataset), reference);
        });
    }

    @Override
    public void close() {
        reference.close();
    }
}
