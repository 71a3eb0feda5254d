package io.gvl.dataset.sites;

import io.gvl.dataset.Dataset;
import io.gvl.dataset.settings.OutputLength;

/** The view requirements of {@link DatasetWithSites}, each failing with the setting to change. */
final class SitesViewCheck {
    private SitesViewCheck() {}

    /** The view's fixed output length, after checking every requirement. */
    static int fixedLength(Dataset view) {
        if (view.isSpliced()) {
            throw new IllegalArgumentException("sites cannot be applied to a spliced view: call withoutSplicing()");
        }
        if (!(view.outputLength() instanceof OutputLength.Fixed fixed)) {
            throw new IllegalArgumentException("sites need a fixed output length, but the view's is "
                    + view.outputLength() + ": call withLen(OutputLength.fixed(n))");
        }
        if (view.settings().jitter() != 0) {
            throw new IllegalArgumentException("sites need jitter 0, but the view's is " + view.settings().jitter()
                    + ": call withSettings(s -> s.withJitter(0))");
        }
        if (!view.settings().deterministic()) {
            throw new IllegalArgumentException("sites need a deterministic view (no random haplotype shifts): call"
                    + " withSettings(s -> s.withDeterministic(true))");
        }
        if (!view.hasGenotypes() || !view.hasReference()) {
            throw new IllegalArgumentException("sites are applied to haplotypes, which need genotypes and a"
                    + " reference; this dataset has " + (view.hasGenotypes() ? "no reference: open it with one"
                    : "no genotypes"));
        }
        return fixed.n();
    }
}
