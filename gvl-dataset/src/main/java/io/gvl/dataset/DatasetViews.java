package io.gvl.dataset;

import io.gvl.dataset.settings.InsertionFill;
import io.gvl.dataset.settings.OutputLength;
import io.gvl.dataset.settings.SeqKind;
import io.gvl.dataset.settings.Settings;
import io.gvl.dataset.settings.SpliceMap;
import io.gvl.dataset.settings.TrackKind;
import io.gvl.dataset.settings.VarFilter;
import io.gvl.dataset.settings.VarWindowOpt;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

/**
 * How a {@link Dataset} view derives others: the outputs it produces (sequences, tracks, length, settings,
 * insertion fills, variant filters), splicing, and region and sample subsets. Every method returns a new
 * immutable view over the same open files and leaves this one unchanged. Split out of {@link Dataset}, its one
 * implementation, so the view-building surface is read in one place.
 */
public interface DatasetViews {
    /**
     * A view producing {@code kind} sequences (or none); {@link SeqKind#VARIANT_WINDOWS} needs options.
     *
     * @param kind the sequence output, or {@link SeqKind#NONE} for tracks only
     * @return a new view; this one is unchanged
     * @throws IllegalArgumentException for {@link SeqKind#VARIANT_WINDOWS}, or an output the dataset cannot serve
     */
    Dataset withSeqs(SeqKind kind);

    /**
     * A view producing {@code kind} sequences with variant-window options (only {@link SeqKind#VARIANT_WINDOWS}).
     *
     * @param kind must be {@link SeqKind#VARIANT_WINDOWS}
     * @param windows flank length and tokenization of the windows
     * @return a new view; this one is unchanged
     * @throws IllegalArgumentException for any other kind
     */
    Dataset withSeqs(SeqKind kind, VarWindowOpt windows);

    /**
     * A view with exactly these tracks active, in this order (the track axis order), in the current
     * {@link Dataset#trackKind()}.
     *
     * @param names track names of this dataset, without repeats; empty for no track output
     * @return a new view; this one is unchanged
     * @throws IllegalArgumentException if a name repeats or is not a track of the dataset
     */
    Dataset withTracks(List<String> names);

    /**
     * A view with exactly these tracks active, in this order, returned in the form {@code kind} (GVL's
     * {@code with_tracks(tracks, kind=...)}).
     *
     * @param names track names of this dataset, without repeats; empty for no track output
     * @param kind per-base tracks, or the stored intervals ({@link TrackKind#INTERVALS})
     * @return a new view; this one is unchanged
     * @throws IllegalArgumentException if a name repeats or is not a track of the dataset, or the view cannot return
     *     tracks in that form (intervals of a spliced view, or with haplotype-aware sequences while
     *     {@link Settings#realignTracks()} is on)
     */
    Dataset withTracks(List<String> names, TrackKind kind);

    /**
     * A view returning its active tracks in the form {@code kind}, keeping which tracks are active (GVL's
     * {@code with_tracks(kind=...)}).
     *
     * @param kind per-base tracks, or the stored intervals ({@link TrackKind#INTERVALS})
     * @return a new view; this one is unchanged
     * @throws IllegalArgumentException if the view cannot return tracks in that form (see
     *     {@link #withTracks(List, TrackKind)})
     */
    Dataset withTrackKind(TrackKind kind);

    /**
     * {@link #withTracks(List)} with varargs.
     *
     * @param names track names of this dataset, without repeats
     * @return a new view; this one is unchanged
     * @throws IllegalArgumentException if a name repeats or is not a track of the dataset
     */
    Dataset withTracks(String... names);

    /**
     * A view with no track output.
     *
     * @return a new view; this one is unchanged
     */
    Dataset withoutTracks();

    /**
     * A view whose rows have this length.
     *
     * @param length ragged, variable or fixed output length
     * @return a new view; this one is unchanged
     */
    Dataset withLen(OutputLength length);

    /**
     * A view with changed settings, e.g. {@code ds.withSettings(s -> s.withJitter(10).withSeed(1))}. A seed installs
     * a new generator; otherwise the generator stays shared with this view.
     *
     * @param change maps the current settings to the new ones
     * @return a new view; this one is unchanged
     * @throws IllegalArgumentException if the new settings are invalid for this dataset (e.g. jitter above
     *     {@link Dataset#maxJitter()})
     */
    Dataset withSettings(UnaryOperator<Settings> change);

    /**
     * A view whose windows shift by a random offset in {@code [-jitter, jitter]}:
     * {@code withSettings(s -> s.withJitter(jitter))}.
     *
     * @param jitter the largest shift in bp, {@code 0 <= jitter <=} {@link Dataset#maxJitter()}
     * @return a new view; this one is unchanged
     * @throws IllegalArgumentException if the jitter is negative or above {@link Dataset#maxJitter()}, or a fixed
     *     length plus twice the jitter does not fit the shortest region
     */
    Dataset withJitter(int jitter);

    /**
     * The same insertion fill for every track (only used when tracks are realigned to haplotypes).
     *
     * @param fill how positions inserted by variants are filled in every track
     * @return a new view; this one is unchanged
     */
    Dataset withInsertionFill(InsertionFill fill);

    /**
     * Per-track insertion fills; tracks not named keep GVL's default, {@code Repeat5p}.
     *
     * @param fills track name to fill
     * @return a new view; this one is unchanged
     * @throws IllegalArgumentException if a name is not a track of the dataset
     */
    Dataset withInsertionFill(Map<String, InsertionFill> fills);

    /**
     * A spliced view (GVL's {@code splice_info="column"}): input rows sharing a value of {@code column} (a column of
     * the BED the dataset was written from, e.g. {@code transcript_id}) are concatenated in BED row order into one
     * row; the first axis then indexes spliced rows, in order of first appearance. Drops any region subset; keeps
     * the sample subset. Spliced views need jitter 0, deterministic settings, ragged or variable length, and no
     * tracks next to sequences (see docs/splicing.md).
     *
     * @param column a BED column naming the group of each row
     * @return a new spliced view; this one is unchanged
     * @throws IllegalArgumentException if the column does not exist or the view's settings do not allow splicing
     */
    Dataset spliceInfo(String column);

    /**
     * As {@link #spliceInfo(String)}, with the elements of each group sorted by {@code orderColumn} (e.g. exon
     * number).
     *
     * @param column a BED column naming the group of each row
     * @param orderColumn a BED column whose values order the rows of a group
     * @return a new spliced view; this one is unchanged
     * @throws IllegalArgumentException if a column does not exist or the view's settings do not allow splicing
     */
    Dataset spliceInfo(String column, String orderColumn);

    /**
     * A view spliced by an explicit map from spliced-row keys to input rows.
     *
     * @param map spliced-row keys to input rows, in splice order
     * @return a new spliced view; this one is unchanged
     */
    Dataset spliceInfo(SpliceMap map);

    /**
     * The same view without splicing (any spliced-row subset is dropped).
     *
     * @return a new unspliced view; this one is unchanged
     */
    Dataset withoutSplicing();

    /**
     * A view applying only the variants {@code filter} keeps to haplotype outputs (GVL's {@code var_filter}).
     *
     * @param filter decides per variant whether it is applied
     * @return a new view; this one is unchanged
     */
    Dataset withVarFilter(VarFilter filter);

    /**
     * A view keeping the regions whose flag is set ({@code mask} has one flag per region of this view).
     *
     * @param mask one flag per region of this view
     * @return the subset view
     */
    Dataset subsetToRegions(boolean[] mask);

    /**
     * A view keeping the regions whose value of the region column {@code column} {@code keep} accepts: GVL's
     * {@code ds.subset_to(regions=ds.regions[column] == value)}, e.g.
     * {@code subsetToRegions("split", "train"::equals)}.
     *
     * @param column a region column (see {@link Dataset#regionColumns()})
     * @param keep accepts the values to keep ({@code null} for a missing value)
     * @return the subset view
     */
    Dataset subsetToRegions(String column, Predicate<Object> keep);

    /**
     * A view of the named regions, in the given order, where {@code nameColumn} is the region column holding names
     * (GVL's {@code region_names} at open). Names must be unique in this view; an unknown name is refused.
     *
     * @param nameColumn the region column holding unique names
     * @param names the regions to keep, in output order
     * @return the subset view
     * @throws IllegalArgumentException for an unknown or repeated name
     */
    Dataset subsetToRegionNames(String nameColumn, List<String> names);

    /**
     * A view keeping the samples whose flag is set ({@code mask} has one flag per sample of this view).
     *
     * @param mask one flag per sample of this view
     * @return the subset view
     */
    Dataset subsetToSamples(boolean[] mask);

    /**
     * A view of the named samples, in the given order; an unknown name is refused.
     *
     * @param names the samples to keep, in output order
     * @return the subset view
     * @throws IllegalArgumentException for an unknown name
     */
    Dataset subsetToSamples(List<String> names);

    /**
     * A view restricted to these regions and samples, in the given order; indices are relative to this view (so
     * subsets compose). Null keeps an axis as it is.
     *
     * @param regions row indices of this view, or {@code null} to keep the rows
     * @param samples sample indices of this view, or {@code null} to keep the samples
     * @return a new view; this one is unchanged
     * @throws IndexOutOfBoundsException if an index is out of range
     */
    Dataset subsetTo(int[] regions, int[] samples);

    /**
     * The same view without any subsetting.
     *
     * @return a new view over every region and sample; this one is unchanged
     */
    Dataset toFullDataset();
}
