package io.gvl.io.internal.vcf;

import java.io.IOException;
import java.util.List;
import java.util.function.Consumer;

/** Where a text VCF gets raw record lines for a region: a tabix or CSI index, or an in-memory plain VCF. */
public interface RecordSource extends AutoCloseable {
    /** Contigs that have records, in index (file) order. */
    List<String> contigs();

    /** Feeds every record line whose REF span overlaps the 0-based half-open {@code [start, end)}. */
    void query(String contig, int start, int end, Consumer<String> sink) throws IOException;

    @Override
    void close();
}
