package io.gvl.io.internal.vcf;

import io.gvl.io.internal.csi.CsiIndex;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

/**
 * Region queries on a bgzipped VCF through its tabix {@code .tbi} index: the index is read into the binning form
 * the CSI reader uses, and the scan is the CSI one (raw lines, filtered by REF span or INFO/END, as tabix does).
 */
public final class TabixSource implements RecordSource {
    private final CsiTextSource delegate;

    public TabixSource(Path vcf, Path tbi) {
        delegate = new CsiTextSource(vcf, CsiIndex.readTabix(tbi));
    }

    @Override
    public List<String> contigs() {
        return delegate.contigs();
    }

    @Override
    public void query(String contig, int start, int end, Consumer<String> sink) throws IOException {
        delegate.query(contig, start, end, sink);
    }

    @Override
    public void close() {
        delegate.close();
    }
}
