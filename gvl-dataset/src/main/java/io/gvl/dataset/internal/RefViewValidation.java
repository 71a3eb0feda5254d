package io.gvl.dataset.internal;

import io.gvl.dataset.settings.OutputLength;

/**
 * GVL's checks on a {@code RefDataset} view ({@code _dataset/_ref.py}, {@code _dataset/_impl.py}), run on every view
 * against the regions the view can return, so a view that exists can always be queried. Messages say what to change.
 */
public final class RefViewValidation {
    private RefViewValidation() {
    }

    /**
     * Checks the jitter and the length against the view's regions, and the splicing constraints.
     *
     * @param spans the regions
     * @param v     the view
     * @throws IllegalArgumentException if the view is invalid
     */
    public static void check(RefSpans spans, RefViewState v) {
        int jitter = v.jitter();
        if (jitter < 0) {
            throw new IllegalArgumentException("jitter must be >= 0, got " + jitter);
        }
        if (v.splice() != null) {
            checkSpliced(spans, v);
            return;
        }
        int min = spans.minLength(v.subset());
        if (jitter > min) {
            throw new IllegalArgumentException("jitter " + jitter + " exceeds the shortest region (" + min
                    + " bp); lower the jitter or subset to longer regions");
        }
        if (v.length() instanceof OutputLength.Fixed f && f.n() + 2L * jitter > min) {
            throw new IllegalArgumentException("fixed length " + f.n() + " plus twice the jitter (" + jitter
                    + ") exceeds the shortest region (" + min + " bp); windows must stay inside their regions");
        }
    }

    private static void checkSpliced(RefSpans spans, RefViewState v) {
        if (v.splice().maxRow() >= spans.size()) {
            throw new IllegalArgumentException("the splice map lists row " + v.splice().maxRow() + " but there are "
                    + spans.size() + " regions; rows are 0-based BED rows");
        }
        if (v.jitter() > 0) {
            throw new IllegalArgumentException("jitter " + v.jitter() + " is not supported with splicing: set jitter"
                    + " to 0, or drop the splicing with withoutSplicing()");
        }
        if (!v.deterministic()) {
            throw new IllegalArgumentException("non-deterministic settings are not supported with splicing: set"
                    + " deterministic to true");
        }
        if (v.length() instanceof OutputLength.Fixed f) {
            throw new IllegalArgumentException("fixed length " + f.n() + " is not supported with splicing: the"
                    + " number of elements per spliced row varies; use ragged or variable length");
        }
    }
}
