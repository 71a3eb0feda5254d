package io.gvl.io.vcf;

import io.gvl.io.internal.vcf.BatchBuilder;
import io.gvl.io.variant.GenotypeRows;
import io.gvl.io.variant.VariantBatch;
import io.gvl.io.variant.VariantRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Reads every record of a VCF or BCF with several readers at once, for {@link VcfReader#requireSupportedAndReadAll(
 * VariantRequest, int)}: each contig is cut by its index into runs of about equal compressed bytes
 * ({@code splitPositions}), and each run, the records that <em>start</em> in it, is read by one reader of a small
 * pool (the given reader and ones opened on the same file). A run's query also returns the records that start
 * before it and reach into it; those belong to the run before and are dropped by position. The runs' batches come
 * back in file order, so the table is the one a single reader reads. Nothing is shared when no contig can be cut
 * (a plain VCF has no index to cut by).
 */
final class ParallelTableRead {
    /** Runs per thread: more runs even out contigs and runs of unequal cost. */
    private static final int RUNS_PER_THREAD = 4;

    private ParallelTableRead() {
    }

    /** One run: the records of {@code contig} that start in {@code [from, to)}. */
    private record Run(String contig, int from, int to) {
    }

    /**
     * A run's records, the unsupported records its query set aside, and the sink that received the run's genotype
     * rows ({@code null} when none were read).
     */
    record Result<S extends GenotypeRows>(VariantBatch batch, long unsupported, S rows) {
    }

    /**
     * The runs of every contig of {@code reader}, in file order; a single run per contig when its index gives no
     * cut (a plain VCF, or a contig too small to cut).
     */
    private static List<Run> runs(VcfReader reader, int threads) {
        List<Run> runs = new ArrayList<>();
        for (String name : reader.resolvedContigs()) {
            int from = 0;
            for (int cut : reader.splitPositions(name, threads * RUNS_PER_THREAD)) {
                if (cut > from) {
                    runs.add(new Run(name, from, cut));
                    from = cut;
                }
            }
            runs.add(new Run(name, from, Integer.MAX_VALUE));
        }
        return runs;
    }

    /**
     * Reads every run, {@code threads} at a time; {@code null} when the file gives too few runs to share (the caller
     * then reads as usual). Runs are taken in file order; a run that fails stops the taking of further runs and the
     * read fails with the exception of the first failed run in file order (every run before it has been taken, so
     * that is the error a single reader would meet first). With a {@code capture}, each run's genotype rows go to a
     * sink of its own.
     */
    static <S extends GenotypeRows> List<Result<S>> read(VcfReader reader, VariantRequest request, int threads,
            VcfReader.Capture<S> capture) {
        List<Run> runs = runs(reader, threads);
        if (runs.size() == reader.resolvedContigs().size()) {
            return null; // no contig was cut: a plain VCF, or records too few to share
        }
        int width = Math.min(threads, runs.size());
        @SuppressWarnings("unchecked")
        Result<S>[] results = new Result[runs.size()];
        Throwable[] failures = new Throwable[runs.size()];
        AtomicInteger next = new AtomicInteger();
        AtomicBoolean failed = new AtomicBoolean();
        List<Thread> workers = new ArrayList<>();
        for (int w = 0; w < width; w++) {
            boolean own = w > 0;
            Thread t = new Thread(() -> {
                VcfReader r = own ? reopenOrNull(reader) : reader;
                if (r == null) {
                    return; // worker 0 reads with the given reader, so every run is still taken by someone
                }
                try {
                    // a run taken is always read, so the runs read are a prefix of the file's runs
                    while (!failed.get()) {
                        int i = next.getAndIncrement();
                        if (i >= runs.size()) {
                            break;
                        }
                        try {
                            results[i] = readRun(r, runs.get(i), request, capture);
                        } catch (RuntimeException | Error e) {
                            failures[i] = e;
                            failed.set(true);
                        }
                    }
                } finally {
                    if (own) {
                        r.close();
                    }
                }
            }, "gvl-variant-table-" + w);
            t.setDaemon(true);
            workers.add(t);
            t.start();
        }
        try {
            for (Thread t : workers) {
                t.join();
            }
        } catch (InterruptedException e) {
            failed.set(true);
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while reading the variant table of " + reader.path(), e);
        }
        List<Result<S>> out = new ArrayList<>(runs.size());
        for (int i = 0; i < runs.size(); i++) {
            if (failures[i] instanceof Error err) {
                throw err;
            }
            if (failures[i] instanceof RuntimeException e) {
                throw e;
            }
            out.add(results[i]);
        }
        return out;
    }

    /**
     * Another reader of the same file, or {@code null} when it cannot be opened now (too many open files, say): the
     * read then goes on with fewer workers, and a file that is truly unreadable fails in worker 0's runs.
     */
    private static VcfReader reopenOrNull(VcfReader reader) {
        try {
            return reader.reopen();
        } catch (RuntimeException e) {
            return null;
        }
    }

    /**
     * The records of {@code run}: its query, less the records that start before the run, whose rows its sink does not
     * get either.
     */
    private static <S extends GenotypeRows> Result<S> readRun(VcfReader r, Run run, VariantRequest request,
            VcfReader.Capture<S> capture) {
        BatchBuilder out = new BatchBuilder(request.sampleIndexes().length, request.formatFields(),
                request.infoFields());
        S sink = capture == null ? null : capture.rowsOf().apply(run.contig());
        long unsupported = r.queryInto(run.contig(), run.from(), run.to(), request, true, out,
                capture == null ? null : capture.sampleIndexes(), sink == null ? null : new FromRun(sink, run.from()));
        int first = 0;
        while (first < out.size() && out.position(first) < run.from()) {
            first++;
        }
        return new Result<>(out.build(run.contig(), first), unsupported, sink);
    }

    /**
     * A run's sink behind the records of its query that start before the run (the batch drops them as a prefix; in
     * a sorted file those are all the records before {@code from}), so it gets exactly the batch's records.
     */
    private static final class FromRun implements GenotypeRows {
        private final GenotypeRows rows;
        /**
         * The run's start until its first record is taken, then the lowest int: "is this record before the run?" is
         * then one comparison that is false for every record but the few leading ones. (A flag tested first would be
         * seen only false by the compiled code of the first run, whose first record comes at once, and every later
         * run would start by throwing that code away.)
         */
        private int floor;

        FromRun(GenotypeRows rows, int from) {
            this.rows = rows;
            this.floor = from;
        }

        @Override
        public boolean wants(int position) {
            return position >= floor && rows.wants(position);
        }

        @Override
        public void accept(int position, byte[] row) {
            if (position < floor) {
                return;
            }
            floor = Integer.MIN_VALUE;
            rows.accept(position, row);
        }

        @Override
        public boolean takesCarriers() {
            return rows.takesCarriers();
        }

        @Override
        public void acceptCarriers(int position, int[] slots, int count) {
            if (position < floor) {
                return;
            }
            floor = Integer.MIN_VALUE;
            rows.acceptCarriers(position, slots, count);
        }

        @Override
        public void abandon(RuntimeException cause) {
            rows.abandon(cause);
        }
    }
}
