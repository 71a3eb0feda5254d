package io.gvl.dataset.sites;

import io.gvl.core.buffer.Dense;
import io.gvl.core.buffer.FlatArray;
import io.gvl.dataset.output.DatasetOutput;
import java.lang.foreign.Arena;
import java.lang.foreign.ValueLayout;
import java.util.Optional;

/**
 * The result of one {@link DatasetWithSites#get} query, GVL's {@code (wt_haps, mut_haps, flags[, tracks])} for
 * {@code n} (row, sample) pairs. It owns the dataset query's output (wild-type haplotypes, tracks) and an arena with
 * the mutated copies and the flags; {@code mutHaps().refCoords()} is the wild-type array, since a SNP moves no base.
 * Closing frees everything; later access throws {@link IllegalStateException}. Closing twice is harmless.
 */
public final class SitesOutput implements AutoCloseable {
    private final DatasetOutput wild;
    private final Arena arena;
    private final AnnotatedHaps wtHaps;
    private final AnnotatedHaps mutHaps;
    private final Dense flags;

    SitesOutput(DatasetOutput wild, Arena arena, AnnotatedHaps wtHaps, AnnotatedHaps mutHaps, Dense flags) {
        this.wild = wild;
        this.arena = arena;
        this.wtHaps = wtHaps;
        this.mutHaps = mutHaps;
        this.flags = flags;
    }

    /**
     * Haplotypes of the dataset without the sites: {@code (n, P, L)}.
     *
     * @return the wild-type haplotypes, valid until {@link #close()}
     */
    public AnnotatedHaps wtHaps() {
        ensureOpen();
        return wtHaps;
    }

    /**
     * Haplotypes with each row's site applied where the flag is {@link SiteFlag#APPLIED}: {@code (n, P, L)}.
     *
     * @return the mutated haplotypes, valid until {@link #close()}
     */
    public AnnotatedHaps mutHaps() {
        ensureOpen();
        return mutHaps;
    }

    /**
     * GVL's flags {@code (n, P)} uint8: 0 applied, 1 deleted, 2 existed (see {@link SiteFlag}).
     *
     * @return the flags, valid until {@link #close()}
     */
    public Dense flags() {
        ensureOpen();
        return flags;
    }

    /**
     * The flag of pair {@code i}, haplotype {@code p}.
     *
     * @param i pair index of the query
     * @param p haplotype index
     * @return the flag
     */
    public SiteFlag flag(int i, int p) {
        ensureOpen();
        return SiteFlag.of(flags.row(i).getAtIndex(ValueLayout.JAVA_BYTE, p));
    }

    /**
     * The view's tracks for the same pairs, when it has active tracks (unchanged by the sites).
     *
     * @return the tracks, or empty when the view has none
     */
    public Optional<FlatArray> tracks() {
        ensureOpen();
        return wild.find(DatasetOutput.TRACKS);
    }

    /**
     * Whether the arrays can still be read.
     *
     * @return {@code true} until {@link #close()}
     */
    public boolean isOpen() {
        return arena.scope().isAlive();
    }

    private void ensureOpen() {
        if (!isOpen()) {
            throw new IllegalStateException("sites output is closed");
        }
    }

    @Override
    public synchronized void close() {
        if (arena.scope().isAlive()) {
            arena.close();
        }
        wild.close();
    }
}
