package io.gvl.io.vcf;

import io.gvl.io.ContigNormalizer;
import io.gvl.io.InputFormatException;
import io.gvl.io.internal.vcf.BatchBuilder;
import io.gvl.io.internal.vcf.RecordErrors;
import io.gvl.io.internal.vcf.VariantFile;
import io.gvl.io.variant.GenotypeRows;
import io.gvl.io.variant.UnsupportedVariants;
import io.gvl.io.variant.VariantBatch;
import io.gvl.io.variant.VariantRequest;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import java.util.function.IntUnaryOperator;

/**
 * Reads a bgzipped VCF indexed with tabix (.tbi) or CSI (.csi), a BGZF BCF with its .csi index, or a small plain
 * VCF, region by region into {@link VariantBatch}es; all encodings give the same batches and the same errors.
 * Only what a {@link VariantRequest} names is decoded. Records GVL cannot use (multiallelic, symbolic,
 * breakend) raise an {@link InputFormatException} naming the record and the {@code bcftools norm} remedy,
 * unless the reader was opened with {@link Unsupported#SKIP}. Queries may come from several threads; they
 * are serialized on the index reader.
 */
public final class VcfReader implements AutoCloseable {
    /** What to do with records GVL cannot use. */
    public enum Unsupported {
        /** Raise an error naming the record (GVL's behaviour). */
        ERROR,
        /** Skip them silently (for inspecting raw files). */
        SKIP
    }

    private final Path path;
    private final VariantFile source;
    private final ContigNormalizer normalizer;
    private final Unsupported policy;
    private final AtomicBoolean closed = new AtomicBoolean();

    private VcfReader(Path path, VariantFile source, Unsupported policy) {
        this.path = path;
        this.source = source;
        this.policy = policy;
        Set<String> known = new LinkedHashSet<>(source.contigs());
        known.addAll(source.header().contigs());
        this.normalizer = new ContigNormalizer(new ArrayList<>(known));
    }

    /**
     * Opens a VCF or BCF with its index; records GVL cannot use are errors ({@link Unsupported#ERROR}).
     *
     * @param vcf a bgzipped VCF with {@code .tbi}/{@code .csi}, a BCF with {@code .csi}, or a small plain VCF
     * @return an open reader; the caller must close it
     * @throws InputFormatException if the file, its index or its header is missing or malformed
     */
    public static VcfReader open(Path vcf) {
        return open(vcf, Unsupported.ERROR);
    }

    /**
     * Opens a VCF or BCF with its index and the given policy for unusable records.
     *
     * @param vcf a bgzipped VCF with {@code .tbi}/{@code .csi}, a BCF with {@code .csi}, or a small plain VCF
     * @param policy raise or skip multiallelic, symbolic and breakend records
     * @return an open reader; the caller must close it
     * @throws InputFormatException if the file, its index or its header is missing or malformed
     */
    public static VcfReader open(Path vcf, Unsupported policy) {
        VariantFile source = VcfIndexes.open(vcf);
        try {
            return new VcfReader(vcf, source, policy);
        } catch (RuntimeException e) {
            source.close();
            throw e;
        }
    }

    /**
     * The VCF or BCF this reader reads.
     *
     * @return the path
     */
    public Path path() {
        return path;
    }

    /**
     * Sample names in file order.
     *
     * @return an unmodifiable list of sample names
     */
    public List<String> samples() {
        return source.header().samples();
    }

    /**
     * INFO keys the header declares, with their declared {@code Type} ({@code ""} when absent), in header order.
     *
     * @return INFO key to declared type, e.g. {@code AF -> Float}
     */
    public Map<String, String> declaredInfo() {
        return source.header().info();
    }

    /**
     * FORMAT keys the header declares, with their declared {@code Type} ({@code ""} when absent), in header order.
     *
     * @return FORMAT key to declared type, e.g. {@code DS -> Float}
     */
    public Map<String, String> declaredFormat() {
        return source.header().format();
    }

    /**
     * Contigs that have records, in index order.
     *
     * @return the contig names
     */
    public List<String> contigs() {
        return source.contigs();
    }

    /**
     * Normalizer over the contigs with records plus those declared in the header.
     *
     * @return the normalizer
     */
    public ContigNormalizer normalizer() {
        return normalizer;
    }

    /**
     * A request for the genotypes of every sample, in file order.
     *
     * @return a request for every sample and no FORMAT or INFO field
     */
    public VariantRequest allSamples() {
        int[] all = new int[samples().size()];
        for (int i = 0; i < all.length; i++) {
            all[i] = i;
        }
        return new VariantRequest(all, List.of(), List.of());
    }

    /**
     * A request for the genotypes of {@code names}, in that order; an unknown name is an error.
     *
     * @param names sample names in output order
     * @return a request for those samples and no FORMAT or INFO field
     * @throws InputFormatException naming the first sample not in the header
     */
    public VariantRequest request(List<String> names) {
        int[] idx = new int[names.size()];
        for (int i = 0; i < idx.length; i++) {
            idx[i] = samples().indexOf(names.get(i));
            if (idx[i] < 0) {
                throw new InputFormatException(path, "sample '" + names.get(i) + "'", "not in the VCF header.",
                        "request samples from " + (samples().size() > 10 ? samples().subList(0, 10) + "..." : samples()) + ".");
            }
        }
        return new VariantRequest(idx, List.of(), List.of());
    }

    /**
     * Records whose REF span overlaps the 0-based half-open {@code [start, end)} of {@code contig} ({@code chr}
     * prefix optional). A contig neither indexed nor declared in the header is an error; a declared contig
     * without records gives an empty batch.
     *
     * @param contig a contig name, {@code chr} prefix optional
     * @param start 0-based inclusive start
     * @param end exclusive end
     * @param request the samples and fields to decode
     * @return the overlapping records in file order
     * @throws InputFormatException if the contig is unknown, a record is unusable, or the file is damaged
     * @throws IllegalStateException if the reader is closed
     */
    public VariantBatch query(String contig, long start, long end, VariantRequest request) {
        checkOpen();
        String name = resolve(contig);
        BatchBuilder out = new BatchBuilder(request.sampleIndexes().length, request.formatFields(),
                request.infoFields());
        queryInto(name, start, end, request, policy == Unsupported.SKIP, out);
        return out.build(name);
    }

    /** Runs a query of the resolved contig {@code name}; returns the unsupported records it skipped. */
    long queryInto(String name, long start, long end, VariantRequest request, boolean skipUnsupported,
            BatchBuilder out) {
        return queryInto(name, start, end, request, skipUnsupported, out, null, null);
    }

    /**
     * As {@link #queryInto(String, long, long, VariantRequest, boolean, BatchBuilder)}, giving each record's genotype
     * row of {@code sampleIndexes} to {@code rows} as well, unless {@code rows} is {@code null}.
     */
    long queryInto(String name, long start, long end, VariantRequest request, boolean skipUnsupported,
            BatchBuilder out, int[] sampleIndexes, GenotypeRows rows) {
        int s = (int) Math.clamp(start, 0, Integer.MAX_VALUE);
        int e = (int) Math.clamp(end, 0, Integer.MAX_VALUE);
        if (s < e) {
            try {
                return rows == null ? source.query(name, s, e, request, skipUnsupported, out)
                        : source.queryGenotyped(name, s, e, request, skipUnsupported, out, sampleIndexes, rows);
            } catch (IOException | RuntimeException ex) {
                throw damaged("region " + name + ":" + (s + 1) + "-" + e, ex);
            }
        }
        return 0;
    }

    /**
     * {@link #requireSupported()} followed by {@link #query} of every contig of {@link #contigs()} from 0 to
     * {@link Integer#MAX_VALUE}, with one read of the file instead of two: the contigs are queried with unsupported
     * records set aside, and only when one was set aside, or a query failed, are the two steps run as such. The
     * result, or the error, is therefore that of the two steps.
     *
     * @param request the samples and fields to decode
     * @return one batch per contig of {@link #contigs()}, in that order
     * @throws InputFormatException as {@link #requireSupported()} or {@link #query} would
     * @throws IllegalStateException if the reader is closed
     */
    public List<VariantBatch> requireSupportedAndReadAll(VariantRequest request) {
        checkOpen();
        List<VariantBatch> batches = new ArrayList<>();
        long unsupported = 0;
        try {
            for (String c : contigs()) {
                BatchBuilder out = new BatchBuilder(request.sampleIndexes().length, request.formatFields(),
                        request.infoFields());
                unsupported += queryInto(resolve(c), 0, Integer.MAX_VALUE, request, true, out);
                batches.add(out.build(resolve(c)));
            }
        } catch (RuntimeException e) {
            unsupported = -1;
        }
        if (unsupported == 0) {
            return batches;
        }
        requireSupported();
        batches.clear();
        for (String c : contigs()) {
            batches.add(query(c, 0, Integer.MAX_VALUE, request));
        }
        return batches;
    }

    /**
     * As {@link #requireSupportedAndReadAll(VariantRequest)}, reading with up to {@code threads} readers at once
     * (this one and others opened on the same file, closed before returning): each contig is cut by its index into
     * runs of about equal compressed bytes and each run read by one reader, so a large file's table is read in
     * about {@code 1/threads} of the time. The records, their order and the errors are those of the one-reader read;
     * a contig's records may come in several consecutive batches. With {@code threads < 2}, a plain VCF, or a file
     * too small to cut, it is the one-reader read.
     *
     * @param request the samples and fields to decode
     * @param threads how many readers may read at once
     * @return the batches in file order, one or more per contig of {@link #contigs()} (each batch names its contig)
     * @throws InputFormatException as {@link #requireSupported()} or {@link #query} would
     * @throws IllegalStateException if the reader is closed
     */
    public List<VariantBatch> requireSupportedAndReadAll(VariantRequest request, int threads) {
        checkOpen();
        if (threads < 2) {
            return requireSupportedAndReadAll(request);
        }
        List<ParallelTableRead.Result<GenotypeRows>> runs;
        try {
            runs = ParallelTableRead.read(this, request, threads, null);
        } catch (RuntimeException e) {
            runs = List.of(); // read again as one reader below, which meets the error in its own order
        }
        if (runs == null) {
            return requireSupportedAndReadAll(request);
        }
        long unsupported = runs.isEmpty() ? -1 : 0;
        for (ParallelTableRead.Result<GenotypeRows> r : runs) {
            unsupported += r.unsupported();
        }
        if (unsupported == 0) {
            return runs.stream().map(ParallelTableRead.Result::batch).toList();
        }
        return requireSupportedAndReadAll(request);
    }

    /**
     * As {@link #requireSupportedAndReadAll(VariantRequest, int)}, also giving the genotype rows of
     * {@code sampleIndexes} to sinks made by {@code rowsOf}, so that a write reads the file once: each returned batch
     * has its own sink, made for its contig before the batch is read, which receives the batch's records, in order,
     * one call each (see {@link GenotypeRows}). Rows of records outside the batches (the start of a run that belongs
     * to the run before) are not given. When the read has to fall back to the two steps (an unsupported record set
     * aside, or a failed read) the rows are not read and {@link GenotypedTable#rows()} is {@code null}.
     *
     * @param request the fields to decode: sites only (no samples, no FORMAT field)
     * @param threads how many readers may read at once
     * @param sampleIndexes the samples of each row, as indexes into {@link #samples()}
     * @param rowsOf a new sink for a batch of the named contig (the file's name for it)
     * @param <S> the sinks' type
     * @return the batches, as {@link #requireSupportedAndReadAll(VariantRequest, int)} returns them, and their sinks
     * @throws IllegalArgumentException if {@code request} asks for samples or FORMAT fields
     * @throws InputFormatException as {@link #requireSupported()} or {@link #query} would
     * @throws IllegalStateException if the reader is closed
     */
    public <S extends GenotypeRows> GenotypedTable<S> requireSupportedAndReadAll(VariantRequest request, int threads,
            int[] sampleIndexes, Function<String, S> rowsOf) {
        checkOpen();
        if (request.sampleIndexes().length > 0 || !request.formatFields().isEmpty()) {
            throw new IllegalArgumentException("a read with genotype rows takes a sites-only request");
        }
        Capture<S> capture = new Capture<>(sampleIndexes, rowsOf);
        if (threads >= 2) {
            List<ParallelTableRead.Result<S>> runs;
            try {
                runs = ParallelTableRead.read(this, request, threads, capture);
            } catch (RuntimeException e) {
                runs = List.of();
            }
            if (runs != null) {
                long unsupported = runs.isEmpty() ? -1 : 0;
                for (ParallelTableRead.Result<S> r : runs) {
                    unsupported += r.unsupported();
                }
                if (unsupported == 0) {
                    return new GenotypedTable<>(runs.stream().map(ParallelTableRead.Result::batch).toList(),
                            runs.stream().map(ParallelTableRead.Result::rows).toList());
                }
                return new GenotypedTable<>(requireSupportedAndReadAll(request), null);
            }
        }
        List<VariantBatch> batches = new ArrayList<>();
        List<S> rows = new ArrayList<>();
        long unsupported = 0;
        try {
            for (String c : contigs()) {
                String name = resolve(c);
                BatchBuilder out = new BatchBuilder(0, request.formatFields(), request.infoFields());
                S sink = rowsOf.apply(name);
                unsupported += queryInto(name, 0, Integer.MAX_VALUE, request, true, out, sampleIndexes, sink);
                batches.add(out.build(name));
                rows.add(sink);
            }
        } catch (RuntimeException e) {
            unsupported = -1;
        }
        if (unsupported == 0) {
            return new GenotypedTable<>(batches, rows);
        }
        return new GenotypedTable<>(requireSupportedAndReadAll(request), null);
    }

    /** The samples and sinks of a read with genotype rows. */
    record Capture<S extends GenotypeRows>(int[] sampleIndexes, Function<String, S> rowsOf) {
    }

    /** Another reader of the same file with the same policy. */
    VcfReader reopen() {
        return open(path, policy);
    }

    /** The file's names of the contigs of {@link #contigs()}. */
    List<String> resolvedContigs() {
        return contigs().stream().map(this::resolve).toList();
    }

    /** Positions cutting contig {@code name}'s records into about {@code parts} runs of equal bytes; see runs. */
    int[] splitPositions(String name, int parts) {
        return source.splitPositions(name, parts);
    }

    /**
     * Genotype-only read of the records {@link #query} would return for the samples {@code sampleIndexes}: decodes POS, the
     * ALT column's kind and the GT of those samples, and nothing else (no alleles, INFO or other FORMAT fields are
     * materialized). For each usable record, in file order, {@code place} receives its 0-based position and returns
     * the offset in {@code out} of its row of {@code sampleIndexes.length x 2} bytes, 1 where a haplotype carries
     * allele 1 (as {@link VariantBatch#genotypes()} holds it), or a negative number to check the record and drop
     * it. Every row written is overwritten whole. Records, skips and errors are those of {@link #query}.
     *
     * @param contig a contig name, {@code chr} prefix optional
     * @param start 0-based inclusive start
     * @param end exclusive end
     * @param sampleIndexes samples, as indexes into {@link #samples()}, in row order
     * @param out where the rows go
     * @param place the offset of each record's row in {@code out}, given its 0-based position; negative to drop it
     * @throws InputFormatException if the contig is unknown, a record is unusable, or the file is damaged
     * @throws IllegalStateException if the reader is closed
     */
    public void genotypes(String contig, long start, long end, int[] sampleIndexes, byte[] out,
            IntUnaryOperator place) {
        checkOpen();
        String name = resolve(contig);
        int s = (int) Math.clamp(start, 0, Integer.MAX_VALUE);
        int e = (int) Math.clamp(end, 0, Integer.MAX_VALUE);
        if (s < e) {
            try {
                source.genotypes(name, s, e, sampleIndexes, policy == Unsupported.SKIP, out, place);
            } catch (IOException | RuntimeException ex) {
                throw damaged("region " + name + ":" + (s + 1) + "-" + e, ex);
            }
        }
    }

    /**
     * Counts, over the whole file, the records GVL rejects (it validates the full index, not only regions).
     *
     * @return the counts and the first example
     * @throws InputFormatException if the file is damaged
     * @throws IllegalStateException if the reader is closed
     */
    public UnsupportedVariants scanUnsupported() {
        checkOpen();
        try {
            return source.scanUnsupported();
        } catch (IOException | RuntimeException ex) {
            throw damaged("whole-file scan", ex);
        }
    }

    private InputFormatException damaged(String where, Exception ex) {
        if (ex instanceof InputFormatException ife) {
            return ife;
        }
        return new InputFormatException(path, where, "cannot read the records (" + ex + ").", source.recreateHint(),
                ex);
    }

    /** Throws GVL's whole-file error when {@link #scanUnsupported()} finds anything. */
    public void requireSupported() {
        UnsupportedVariants u = scanUnsupported();
        if (u.total() > 0) {
            throw new InputFormatException(path, "record " + u.firstExample(), "the VCF contains unsupported variants: "
                    + u.multiallelic() + " multi-allelic, " + u.symbolic() + " symbolic (e.g. <DEL>/<INS>), "
                    + u.breakend() + " breakend.", RecordErrors.NORMALIZE);
        }
    }

    private String resolve(String contig) {
        String name = normalizer.normalize(contig);
        if (name == null) {
            throw new InputFormatException(path, "contig '" + contig + "'", "the VCF has no records for it and does not"
                    + " declare it (contigs: " + abbreviate(normalizer.contigs()) + ").",
                    "check the contig naming, or drop regions on contigs without variants.");
        }
        return name;
    }

    private static String abbreviate(List<String> list) {
        return list.size() <= 10 ? list.toString() : list.subList(0, 10) + "...";
    }

    private void checkOpen() {
        if (closed.get()) {
            throw new IllegalStateException("VCF " + path + " is closed");
        }
    }

    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            source.close();
        }
    }
}
