package io.gvl.write.internal;

import io.gvl.format.PythonStrings;
import io.gvl.write.spec.SampleTrack;
import io.gvl.write.spec.WriteException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * GVL's sample axis: the samples present in the variant file and in every per-sample track (or the requested
 * subset of them), sorted ascending by Unicode code point as Python sorts strings.
 */
final class SampleResolver {
    /** Python's {@code str} order: code point by code point (not Java's UTF-16 unit order). */
    static final Comparator<String> CODE_POINT = PythonStrings.ORDER;

    private SampleResolver() {
    }

    /**
     * @param variantSamples samples of the variant file, or {@code null} without variants
     * @param requested      the caller's subset, or {@code null} for all available
     */
    static List<String> resolve(List<String> variantSamples, List<? extends SampleTrack> tracks,
                                List<String> requested) {
        if (variantSamples == null && tracks.isEmpty()) {
            throw new WriteException("No samples available across all variant file(s) and/or tracks.",
                    "give a variant file or a per-sample track; annotation tracks alone can only be added to an"
                    + " existing dataset with update.");
        }
        Set<String> available = new LinkedHashSet<>(variantSamples != null ? variantSamples
                : tracks.getFirst().samples());
        for (SampleTrack t : tracks) {
            available.retainAll(t.samples());
        }
        List<String> out;
        if (requested != null) {
            Set<String> missing = new TreeSet<>(CODE_POINT);
            missing.addAll(requested);
            missing.removeAll(available);
            if (!missing.isEmpty()) {
                throw new WriteException("Samples " + missing + " not found in variants or tracks (available: "
                        + preview(available) + ").", "request only samples present in the variant file and in every"
                        + " track.");
            }
            out = new ArrayList<>(new LinkedHashSet<>(requested));
        } else {
            out = new ArrayList<>(available);
        }
        if (out.isEmpty() && tracks.isEmpty()) {
            throw new WriteException("No samples selected (the variant file has " + preview(variantSamples) + ").",
                    "request at least one sample of the variant file, or leave out the sample list.");
        }
        if (out.isEmpty()) {
            throw new WriteException("No samples remain after intersecting variant samples with track samples"
                    + " (variants: " + (variantSamples == null ? "none" : preview(variantSamples)) + "; tracks: "
                    + tracks.stream().map(t -> t.name() + "=" + preview(t.samples())).toList() + ").",
                    "make the sample names of the variant file and of every track table agree.");
        }
        out.sort(CODE_POINT);
        return List.copyOf(out);
    }

    private static String preview(java.util.Collection<String> names) {
        List<String> l = new ArrayList<>(names);
        return l.size() > 5 ? l.subList(0, 5) + "... (" + l.size() + ")" : l.toString();
    }
}
