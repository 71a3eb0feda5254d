package io.gvl.write.internal;

import io.gvl.io.vcf.VcfReader;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * Readers of one VCF or BCF file lent to the write's threads for their genotype queries. A reader decodes one query
 * at a time (it holds a file position and a decode buffer), so with one shared reader the threads would take turns
 * on the whole genotype read; each thread borrows its own instead, opened on first need and kept for reuse. Opening
 * one reads the header and the index again, which is small beside a query.
 */
final class VcfReaderPool implements AutoCloseable {
    private final Path file;
    private final ArrayDeque<VcfReader> idle = new ArrayDeque<>();
    private final List<VcfReader> opened = new ArrayList<>();
    private boolean closed;

    VcfReaderPool(Path file) {
        this.file = file;
    }

    /** A reader no other thread holds; give it back with {@link #giveBack} when the query is done. */
    synchronized VcfReader borrow() {
        if (closed) {
            throw new IllegalStateException(file + ": the variant source is closed");
        }
        VcfReader r = idle.poll();
        if (r == null) {
            r = VcfReader.open(file);
            opened.add(r);
        }
        return r;
    }

    /** Returns a reader {@link #borrow} gave; after {@link #close} it is closed already and simply dropped. */
    synchronized void giveBack(VcfReader reader) {
        if (!closed) {
            idle.push(reader);
        }
    }

    /** Closes every reader opened; closing twice is harmless. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        idle.clear();
        RuntimeException failure = null;
        for (VcfReader r : opened) {
            try {
                r.close();
            } catch (RuntimeException e) {
                if (failure == null) {
                    failure = e;
                } else {
                    failure.addSuppressed(e);
                }
            }
        }
        opened.clear();
        if (failure != null) {
            throw failure;
        }
    }
}
